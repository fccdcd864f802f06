//! [`KeyMap`] and [`KeySet`]: hash maps keyed by coordinates' bits and vertex numbers, for
//! building meshes.
//!
//! Building a tile hashes a few thousand small integer keys; the standard SipHash, made to
//! resist keys chosen by an attacker, costs several times the rest of a lookup there. This
//! multiply-and-rotate hash (the one `rustc` uses for its own tables) mixes each word of the
//! key in two instructions. Keys made to collide would slow a build, not break it: the maps
//! are private to one build and hold only what it put in.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A word at a time: rotate, xor, multiply by an odd constant.
#[derive(Clone, Copy, Default)]
pub(crate) struct KeyHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map with [`KeyHasher`].
pub(crate) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// A hash set with [`KeyHasher`].
pub(crate) type KeySet<K> = HashSet<K, BuildHasherDefault<KeyHasher>>;
