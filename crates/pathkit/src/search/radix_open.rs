//! [`RadixOpen`]: the open list of the fast loop, a radix heap on F with a small heap for ties.
//!
//! With a consistent heuristic, A* takes F values off the open list in non-decreasing order. A
//! radix heap exploits that: an entry goes into the bucket of the highest bit in which its key
//! differs from the last key taken, which costs a leading-zero count instead of a walk down a
//! heap. Taking the minimum re-buckets only the lowest non-empty bucket, and each entry can only
//! move to lower buckets, so each is moved a few times at most.
//!
//! Entries whose F equals the last F taken wait in a small binary heap on the tie key, so the pop
//! order is that of [`OpenList`](super::open_list::OpenList): smallest F, then smallest tie key.
//! An F that rounding noise puts below the last one taken (F never decreases along a path in exact
//! arithmetic) is taken next, before the entries of the current F, as in `OpenList`.

use super::open_list::Entry;
use std::collections::BinaryHeap;

/// Buckets 1..=64: bucket `b` holds keys whose highest bit differing from `last` is bit `b - 1`.
const BUCKETS: usize = 65;

/// A monotone priority queue of [`Entry`]s. Keeps its capacity across [`clear`](Self::clear), so a
/// warmed-up queue does not allocate.
#[derive(Clone, Debug)]
pub(crate) struct RadixOpen {
    /// The F key of the last entry taken: no entry in the buckets is below it.
    last: u64,
    /// Bit `b - 1` set when bucket `b` is not empty.
    occupied: u64,
    buckets: Vec<Vec<Entry>>,
    /// Entries whose F key is `last`, as inverted tie keys in a max-heap (smallest tie first).
    /// An entry below `last` has its tie rule bits cleared, so it comes out first.
    ties: BinaryHeap<u64>,
}

impl Default for RadixOpen {
    fn default() -> Self {
        RadixOpen {
            last: 0,
            occupied: 0,
            buckets: vec![Vec::new(); BUCKETS],
            ties: BinaryHeap::new(),
        }
    }
}

impl RadixOpen {
    /// Empties the queue; the next entries may have any F.
    pub fn clear(&mut self) {
        while self.occupied != 0 {
            let b = self.occupied.trailing_zeros() as usize + 1;
            self.buckets[b].clear();
            self.occupied &= self.occupied - 1;
        }
        self.ties.clear();
        self.last = 0;
    }

    /// Adds an entry. F must not be below the last F taken, but for rounding noise: such an entry
    /// is taken next (among several, the lowest node index first).
    #[inline(always)]
    pub fn push(&mut self, entry: Entry) {
        if entry.f == self.last {
            self.ties.push(!entry.tie);
        } else if entry.f < self.last {
            self.ties.push(!(entry.tie & u32::MAX as u64));
        } else {
            let b = 64 - (entry.f ^ self.last).leading_zeros() as usize;
            self.buckets[b].push(entry);
            self.occupied |= 1 << (b - 1);
        }
    }

    /// Takes the entry with the smallest F, then the smallest tie key; returns its node index.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<u32> {
        if let Some(tie) = self.ties.pop() {
            return Some(!tie as u32);
        }
        if self.occupied == 0 {
            return None;
        }
        self.refill();
        self.ties.pop().map(|tie| !tie as u32)
    }

    /// Moves the lowest non-empty bucket down: its smallest F becomes `last`, its entries with that
    /// F go to the tie heap and the others to lower buckets.
    #[inline(never)]
    fn refill(&mut self) {
        let b = self.occupied.trailing_zeros() as usize + 1;
        self.occupied &= !(1 << (b - 1));
        let mut bucket = std::mem::take(&mut self.buckets[b]);
        let last = bucket.iter().map(|e| e.f).min().unwrap_or(self.last);
        self.last = last;
        for &entry in &bucket {
            if entry.f == last {
                self.ties.push(!entry.tie);
            } else {
                // Only bits below `b - 1` can differ now, so the entry moves down.
                let lower = 64 - (entry.f ^ last).leading_zeros() as usize;
                self.buckets[lower].push(entry);
                self.occupied |= 1 << (lower - 1);
            }
        }
        bucket.clear();
        self.buckets[b] = bucket;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a sorted reference, under the monotone use A* makes of it: pushes never go below
    /// the last F taken.
    #[test]
    fn pops_in_f_then_tie_order() {
        let mut open = RadixOpen::default();
        let mut reference: Vec<(u64, u64)> = Vec::new();
        let mut state = 11u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for round in 0..3 {
            open.clear();
            reference.clear();
            let mut last = 0u64;
            for i in 0..5000u64 {
                if next() % 3 == 0 {
                    reference.sort_unstable();
                    let want = if reference.is_empty() {
                        None
                    } else {
                        Some(reference.remove(0))
                    };
                    let got = open.pop();
                    assert_eq!(
                        got,
                        want.map(|(_, tie)| tie as u32),
                        "round {round} step {i}"
                    );
                    if let Some((f, _)) = want {
                        last = f;
                    }
                } else {
                    // Keys at and above the last one, spread over many magnitudes, with repeats.
                    let f = last + (next() % 64).pow(next() as u32 % 5);
                    let tie = (next() % 50) << 32 | i;
                    open.push(Entry { f, tie });
                    reference.push((f, tie));
                }
            }
        }
    }

    #[test]
    fn an_f_below_the_last_comes_out_first() {
        let mut open = RadixOpen::default();
        open.push(Entry {
            f: 10,
            tie: 7 << 32 | 1,
        });
        open.push(Entry {
            f: 10,
            tie: 3 << 32 | 2,
        });
        open.push(Entry { f: 20, tie: 3 });
        assert_eq!(open.pop(), Some(2));
        // Rounding noise: F 9 after F 10 was taken.
        open.push(Entry {
            f: 9,
            tie: 9 << 32 | 4,
        });
        assert_eq!(open.pop(), Some(4));
        assert_eq!(open.pop(), Some(1));
        assert_eq!(open.pop(), Some(3));
        assert_eq!(open.pop(), None);
        open.push(Entry { f: 5, tie: 5 });
        open.clear();
        assert_eq!(open.pop(), None);
    }
}
