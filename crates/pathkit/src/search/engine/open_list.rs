//! [`OpenList`]: the general search's open list, a binary heap of compact entries ordered by F,
//! then by the tie rule, with a one-entry cache in front.

use crate::search::entry::Entry;
use crate::search::open_queue::OpenQueue;
use crate::Cost;
use std::collections::BinaryHeap;

/// The open list: a binary heap with a one-entry cache in front.
///
/// On grids the entry pushed last is very often the next one popped (a step toward the goal keeps F
/// and raises G). Such an entry waits in the cache instead of going through the heap. The cache
/// always holds an entry that pops no later than the heap's top, so the pop order is exactly the
/// heap's and every tie rule keeps its meaning. Clearing keeps the capacity, so a warmed-up context
/// does not allocate.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpenList {
    next: Option<Entry>,
    heap: BinaryHeap<Entry>,
}

impl OpenList {
    /// Entries in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.next.iter().chain(self.heap.iter())
    }

    /// Takes the entry that pops first.
    #[inline(always)]
    pub fn pop_entry(&mut self) -> Option<Entry> {
        self.next.take().or_else(|| self.heap.pop())
    }
}

impl OpenQueue for OpenList {
    fn reset<C: Cost>(&mut self, _first: Entry, _start_h: C, _unit: impl FnOnce() -> C) {
        self.next = None;
        self.heap.clear();
    }

    #[inline(always)]
    fn push(&mut self, entry: Entry) {
        match self.next {
            // "Greater" pops first.
            Some(cached) if entry > cached => {
                self.heap.push(cached);
                self.next = Some(entry);
            }
            Some(_) => self.heap.push(entry),
            None if self.heap.peek().is_none_or(|top| entry > *top) => self.next = Some(entry),
            None => self.heap.push(entry),
        }
    }

    #[inline(always)]
    fn pop(&mut self, _live: impl Fn(Entry) -> bool) -> Option<u32> {
        self.pop_entry().map(|e| e.node())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_heap_order() {
        let mut open = OpenList::default();
        let mut reference = BinaryHeap::new();
        let mut state = 7u64;
        for round in 0..2000u64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if state >> 62 == 0 {
                assert_eq!(
                    open.pop_entry().map(|e| (e.f, e.tie)),
                    reference.pop().map(|e: Entry| (e.f, e.tie))
                );
            } else {
                let e = Entry {
                    f: (state >> 40) % 20,
                    tie: round,
                };
                open.push(e);
                reference.push(e);
            }
        }
        while let Some(e) = reference.pop() {
            assert_eq!(open.pop_entry().map(|e| (e.f, e.tie)), Some((e.f, e.tie)));
        }
        assert!(open.pop_entry().is_none());
    }
}
