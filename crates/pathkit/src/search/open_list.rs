//! The open list: a binary heap of compact entries ordered by F, then by the tie rule.

use super::TieBreak;
use crate::Cost;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// One open-list entry. Improving a node pushes a new entry; the old one is skipped when popped
/// (lazy deletion), which is cheaper than a decrease-key heap on the grids games use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<C> {
    pub f: C,
    /// Second key: H under [`TieBreak::LargerG`] (equal F and smaller H means larger G), else zero.
    pub tie_h: C,
    /// Third key: the insertion counter, inverted for newest-first rules.
    pub seq: u32,
    pub node: u32,
}

impl<C: Cost> Entry<C> {
    #[inline(always)]
    pub fn new(f: C, h: C, counter: u32, node: u32, tie: TieBreak) -> Self {
        let (tie_h, seq) = match tie {
            TieBreak::LargerG => (h, !counter),
            TieBreak::Fifo => (C::ZERO, counter),
            TieBreak::Lifo | TieBreak::Tutorial => (C::ZERO, !counter),
        };
        Entry {
            f,
            tie_h,
            seq,
            node,
        }
    }
}

impl<C: Cost> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Entry<C> {}
impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Entry<C> {
    /// "Greater" pops first from the max-heap: the smaller F, then the smaller tie key.
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_order(&self.f)
            .then_with(|| other.tie_h.total_order(&self.tie_h))
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

/// Min-first heap of [`Entry`]s. Clearing keeps the capacity, so a warmed-up context does not allocate.
pub(crate) type OpenList<C> = BinaryHeap<Entry<C>>;
