//! The open list: a binary heap of compact entries ordered by F, then by the tie rule.

use super::TieBreak;
use crate::Cost;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// One open-list entry, 16 bytes. Improving a node pushes a new entry; the old one is skipped when
/// popped (lazy deletion), which is cheaper than a decrease-key heap on the grids games use.
#[derive(Clone, Copy, Debug)]
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
            TieBreak::LargerG => h.tie_key(),
            TieBreak::Fifo => counter,
            TieBreak::Lifo | TieBreak::Tutorial => !counter,
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

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
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
    pub fn new() -> Self {
        OpenList::default()
    }

    pub fn clear(&mut self) {
        self.next = None;
        self.heap.clear();
    }

    /// Entries in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.next.iter().chain(self.heap.iter())
    }

    #[inline(always)]
    pub fn push(&mut self, entry: Entry) {
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
    pub fn pop(&mut self) -> Option<Entry> {
        self.next.take().or_else(|| self.heap.pop())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_heap_order() {
        let mut open = OpenList::new();
        let mut reference = BinaryHeap::new();
        let mut state = 7u64;
        for round in 0..2000u64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if state >> 62 == 0 {
                assert_eq!(
                    open.pop().map(|e| (e.f, e.tie)),
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
            assert_eq!(open.pop().map(|e| (e.f, e.tie)), Some((e.f, e.tie)));
        }
        assert!(open.pop().is_none());
    }
}
