//! [`Entry`]: one open-list entry, the same for every open list.

use crate::search::TieBreak;
use crate::Cost;
use std::cmp::Ordering;

/// One open-list entry, 16 bytes. Improving a node pushes a new entry; the old one is skipped when
/// popped (lazy deletion), which is cheaper than a decrease-key heap on the grids games use.
///
/// Two entries are equal when both fields are, which is when [`Ord`] finds them equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// F as an integer key ([`Cost::order_key`]): integer comparisons are much cheaper than float ones.
    pub f: u64,
    /// The tie rule in the high half, the node index in the low half. The high half is H under
    /// [`TieBreak::LargerG`] (equal F and smaller H means larger G; then the lower node index), and
    /// the insertion counter otherwise, inverted for newest-first rules.
    pub tie: u64,
}

impl Entry {
    #[inline(always)]
    pub fn new<C: Cost>(f: C, h: C, counter: u32, node: u32, tie: TieBreak) -> Self {
        let high = match tie {
            TieBreak::Auto | TieBreak::LargerG => h.tie_key(),
            TieBreak::Fifo => counter,
            TieBreak::Lifo => !counter,
        };
        Entry {
            f: f.order_key(),
            tie: (high as u64) << 32 | node as u64,
        }
    }

    /// The node's index.
    #[inline(always)]
    pub fn node(&self) -> u32 {
        self.tie as u32
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    /// "Greater" pops first from the max-heap: the smaller F, then the smaller tie key.
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        (other.f, other.tie).cmp(&(self.f, self.tie))
    }
}

impl Entry {
    /// The entry as one 128-bit number, F in the high half: smaller numbers pop first.
    #[inline(always)]
    pub fn key(self) -> u128 {
        (self.f as u128) << 64 | self.tie as u128
    }

    /// The entry of a [`key`](Self::key).
    #[inline(always)]
    pub fn from_key(key: u128) -> Self {
        Entry {
            f: (key >> 64) as u64,
            tie: key as u64,
        }
    }
}
