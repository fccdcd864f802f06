//! [`BucketOpen`]: the open list of the fast loop, a window of narrow F buckets in front of one
//! sorted bucket.
//!
//! With a consistent heuristic, A* takes F values off the open list in non-decreasing order, and
//! on a grid the F values waiting are close to the current one. So entries are dropped into
//! buckets of F (each a small fraction of a move wide) in a circular window ahead of the current
//! bucket, at the cost of a shift; only when the search reaches a bucket are its entries ordered,
//! sorted on (F, tie key) so that each pop takes the last one. Entries the search no longer needs
//! (left behind when a node improved, or for a node since closed) are dropped at that moment
//! instead of being sorted and taken: on grids that is 40% of all entries. The pop order is exactly that of
//! [`OpenList`](crate::search::open_list::OpenList): smallest F, then smallest tie key. Entries beyond the
//! window wait in a second heap; an F that rounding noise puts below the current bucket (F never
//! decreases along a path in exact arithmetic) goes straight to the small heap and keeps that
//! order too.

use crate::search::entry::Entry;
use crate::search::open_queue::OpenQueue;
use crate::Cost;
use std::collections::BinaryHeap;

/// Buckets in the window (a power of two).
const WINDOW: usize = 1024;
const WORDS: usize = WINDOW / 64;

/// No entry: the end of a bucket's list.
const NONE: u32 = u32::MAX;

/// An entry in a bucket, linked to the bucket's previous one.
#[derive(Clone, Copy, Debug)]
struct Link {
    entry: Entry,
    next: u32,
}

/// A monotone priority queue of [`Entry`]s. Keeps its capacity across [`clear`](Self::clear), so a
/// warmed-up queue does not allocate.
///
/// The buckets are linked lists in one arena whose links are reused once their bucket is taken,
/// so memory follows the most entries waiting in buckets at once, not the largest bucket each
/// slot ever held.
#[derive(Clone, Debug)]
pub(crate) struct BucketOpen {
    /// Low bits of the F key below the bucket number.
    shift: u32,
    /// The bucket being taken: every entry of `near` is in it or below it, every other entry
    /// above it.
    current: u64,
    /// Buckets `current + 1 .. current + WINDOW`, at slot `bucket % WINDOW`: the arena index of
    /// each bucket's last entry, or [`NONE`].
    heads: Vec<u32>,
    /// The links of every bucket, and of the free list.
    arena: Vec<Link>,
    /// The first free link, or [`NONE`].
    free: u32,
    /// Bit `slot` set when the slot is not empty.
    occupied: [u64; WORDS],
    /// Entries of the current bucket, as inverted `F << 64 | tie` keys, sorted so that the
    /// smallest (F, tie) is last.
    near: Vec<u128>,
    /// Entries beyond the window, as inverted keys.
    far: BinaryHeap<u128>,
}

impl Default for BucketOpen {
    fn default() -> Self {
        BucketOpen {
            shift: 0,
            current: 0,
            heads: vec![NONE; WINDOW],
            arena: Vec::new(),
            free: NONE,
            occupied: [0; WORDS],
            near: Vec::new(),
            far: BinaryHeap::new(),
        }
    }
}

/// An entry as an inverted key: the largest key pops first.
#[inline(always)]
fn key(entry: Entry) -> u128 {
    !entry.key()
}

#[inline(always)]
fn entry(key: u128) -> Entry {
    Entry::from_key(!key)
}

/// Bucket width for the open list, as a shift of F keys: about 1/8 of the cheapest edge around
/// the larger of the start's estimate and 64 cheapest edges (float keys are relative, so buckets
/// widen as F grows). Only speed depends on it, never the pop order.
fn bucket_shift<C: Cost>(start_h: C, unit: C) -> u32 {
    let reference = start_h.to_f64().max(unit.to_f64() * 64.0);
    let low = C::from_f64_floor(reference).order_key();
    let high = C::from_f64_floor(reference + unit.to_f64() / 8.0).order_key();
    match high.checked_sub(low) {
        Some(spread) if spread > 1 => spread.ilog2(),
        _ => 0,
    }
}

impl OpenQueue for BucketOpen {
    fn reset<C: Cost>(&mut self, first: Entry, start_h: C, unit: impl FnOnce() -> C) {
        self.clear(first.f, bucket_shift(start_h, unit()));
    }

    #[inline(always)]
    fn push(&mut self, entry: Entry) {
        BucketOpen::push(self, entry);
    }

    #[inline(always)]
    fn pop(&mut self, live: impl Fn(Entry) -> bool) -> Option<u32> {
        BucketOpen::pop(self, live)
    }
}

impl BucketOpen {
    /// Empties the queue for a search whose first F key is `first`; buckets will be `2^shift`
    /// F-key units wide (at most 63).
    pub fn clear(&mut self, first: u64, shift: u32) {
        for (w, word) in self.occupied.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                self.heads[w * 64 + bits.trailing_zeros() as usize] = NONE;
                bits &= bits - 1;
            }
            *word = 0;
        }
        self.arena.clear();
        self.free = NONE;
        self.near.clear();
        self.far.clear();
        self.shift = shift.min(63);
        self.current = first >> self.shift;
    }

    /// Adds an entry.
    #[inline(always)]
    pub fn push(&mut self, e: Entry) {
        let bucket = e.f >> self.shift;
        if bucket <= self.current {
            let k = key(e);
            // Usually the new entry comes first (a step toward the goal keeps F and lowers H):
            // it goes on the end, where pops take from.
            if self.near.last().is_none_or(|&last| k >= last) {
                self.near.push(k);
            } else {
                let at = self.near.partition_point(|&x| x < k);
                self.near.insert(at, k);
            }
        } else if bucket - self.current < WINDOW as u64 {
            let slot = bucket as usize % WINDOW;
            let link = Link {
                entry: e,
                next: self.heads[slot],
            };
            self.heads[slot] = match self.arena.get_mut(self.free as usize) {
                Some(reused) => {
                    let at = self.free;
                    self.free = reused.next;
                    *reused = link;
                    at
                }
                None => {
                    self.arena.push(link);
                    self.arena.len() as u32 - 1
                }
            };
            self.occupied[slot / 64] |= 1 << (slot % 64);
        } else {
            self.far.push(key(e));
        }
    }

    /// Takes the entry with the smallest F, then the smallest tie key; returns its node index.
    /// Entries of a bucket that `live` rejects when the bucket is reached (left behind by an
    /// improvement, or for a closed node) are dropped then instead of being ordered and taken.
    #[inline(always)]
    pub fn pop(&mut self, live: impl Fn(Entry) -> bool) -> Option<u32> {
        loop {
            if let Some(k) = self.near.pop() {
                return Some(!k as u32);
            }
            self.advance(&live)?;
        }
    }

    /// Makes the next non-empty bucket current and moves its entries into `near`; `None` when
    /// the queue is empty.
    #[inline(never)]
    fn advance(&mut self, live: &impl Fn(Entry) -> bool) -> Option<()> {
        let in_window = self.next_slot_distance().map(|d| self.current + d);
        let beyond = self.far.peek().map(|&k| entry(k).f >> self.shift);
        match (in_window, beyond) {
            (None, None) => return None,
            (Some(b), far) if far.is_none_or(|f| b <= f) => {
                self.current = b;
                let slot = b as usize % WINDOW;
                self.occupied[slot / 64] &= !(1 << (slot % 64));
                let mut at = std::mem::replace(&mut self.heads[slot], NONE);
                while let Some(link) = self.arena.get_mut(at as usize) {
                    if live(link.entry) {
                        self.near.push(key(link.entry));
                    }
                    let next = std::mem::replace(&mut link.next, self.free);
                    self.free = at;
                    at = next;
                }
                if far == Some(b) {
                    self.take_far();
                }
                self.near.sort_unstable();
            }
            (_, far) => {
                // The window's buckets all lie beyond the far heap's first, so they stay valid.
                self.current = far.unwrap_or(self.current);
                self.take_far();
                self.near.sort_unstable();
            }
        }
        Some(())
    }

    /// Moves the far entries of the current bucket into `near`.
    fn take_far(&mut self) {
        while let Some(&k) = self.far.peek() {
            if entry(k).f >> self.shift != self.current {
                break;
            }
            self.far.pop();
            self.near.push(k);
        }
    }

    /// Slots ahead of the current bucket to the next non-empty one, if any.
    #[inline(always)]
    fn next_slot_distance(&self) -> Option<u64> {
        let start = (self.current as usize + 1) % WINDOW;
        let (first_word, first_bit) = (start / 64, start % 64);
        for i in 0..=WORDS {
            let w = (first_word + i) % WORDS;
            let mut bits = self.occupied[w];
            if i == 0 {
                bits &= !0 << first_bit;
            }
            if i == WORDS {
                bits &= !(!0 << first_bit);
            }
            if bits != 0 {
                let slot = w * 64 + bits.trailing_zeros() as usize;
                let distance = (slot + WINDOW - self.current as usize % WINDOW) % WINDOW;
                return Some(distance as u64);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries the caller calls dead when their bucket is reached are never returned; the others
    /// keep their order.
    #[test]
    fn dead_entries_are_dropped_when_their_bucket_is_reached() {
        let mut open = BucketOpen::default();
        open.clear(0, 2);
        for node in 0..40u64 {
            open.push(Entry {
                f: 8 + node % 10,
                tie: node,
            });
        }
        let even_live = |e: Entry| e.node().is_multiple_of(2);
        let mut taken = Vec::new();
        while let Some(node) = open.pop(even_live) {
            taken.push(node);
        }
        let mut expected: Vec<(u64, u32)> = (0..40u32)
            .filter(|n| n % 2 == 0)
            .map(|n| (8 + n as u64 % 10, n))
            .collect();
        expected.sort_unstable();
        assert_eq!(taken, expected.iter().map(|&(_, n)| n).collect::<Vec<_>>());
    }

    /// Against a sorted reference, under the monotone use A* makes of it (pushes never below the
    /// last F taken, but for small rounding noise), with F spread from equal to far beyond the
    /// window, for several bucket widths.
    #[test]
    fn pops_in_f_then_tie_order() {
        for shift in [0, 2, 9] {
            let mut open = BucketOpen::default();
            let mut reference: Vec<(u64, u64)> = Vec::new();
            let mut state = 11u64 + shift as u64;
            let mut next = || {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                state >> 33
            };
            for round in 0..3 {
                let first = 1000 + round * 77;
                open.clear(first, shift);
                reference.clear();
                let mut last = first;
                for i in 0..6000u64 {
                    if next() % 3 == 0 {
                        reference.sort_unstable();
                        let want = (!reference.is_empty()).then(|| reference.remove(0));
                        assert_eq!(
                            open.pop(|_| true),
                            want.map(|(_, tie)| tie as u32),
                            "shift {shift} round {round} step {i}"
                        );
                        if let Some((f, _)) = want {
                            last = f;
                        }
                    } else {
                        let f = match next() % 10 {
                            // Rounding noise: just below the last F taken.
                            0 => last.saturating_sub(next() % 3),
                            1 => last + (((next() % 5) * WINDOW as u64) << shift),
                            _ => last + (next() % 64).pow(next() as u32 % 3),
                        };
                        let tie = (next() % 50) << 32 | i;
                        open.push(Entry { f, tie });
                        reference.push((f, tie));
                    }
                }
            }
        }
    }
}
