//! [`KeyHeap`]: the open list of Jump Point Search, a binary heap of 128-bit keys.

use crate::search::entry::Entry;
use crate::search::open_queue::OpenQueue;
use crate::Cost;
use std::collections::BinaryHeap;

/// A binary heap of entries stored as single 128-bit keys (inverted, so the max-heap pops the
/// smallest F, then the smallest tie key), so that each comparison is one wide compare. Jump
/// Point Search pushes few entries, far apart in F, and pops most of them: neither the one-entry
/// cache of [`OpenList`](crate::search::open_list::OpenList) nor the buckets of
/// [`BucketOpen`](crate::search::bucket_open::BucketOpen) would pay for themselves.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyHeap {
    heap: BinaryHeap<u128>,
}

impl OpenQueue for KeyHeap {
    fn reset<C: Cost>(&mut self, _first: Entry, _start_h: C, _unit: impl FnOnce() -> C) {
        self.heap.clear();
    }

    #[inline(always)]
    fn push(&mut self, entry: Entry) {
        self.heap.push(!entry.key());
    }

    #[inline(always)]
    fn pop(&mut self, _live: impl Fn(Entry) -> bool) -> Option<u32> {
        self.heap.pop().map(|k| Entry::from_key(!k).node())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Smallest F first, then smallest tie key, whatever the order of the pushes.
    #[test]
    fn pops_in_f_then_tie_order() {
        let mut heap = KeyHeap::default();
        let mut reference = Vec::new();
        let mut state = 3u64;
        for node in 0..500u64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let entry = Entry {
                f: state >> 60,
                tie: (state >> 40 & 0xF) << 32 | node,
            };
            heap.push(entry);
            reference.push((entry.f, entry.tie));
        }
        reference.sort_unstable();
        for (_, tie) in reference {
            assert_eq!(heap.pop(|_| true), Some(tie as u32));
        }
        assert_eq!(heap.pop(|_| true), None);
    }
}
