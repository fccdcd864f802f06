//! [`Records`]: the per-node state every search keeps, in one flat array stamped with the query
//! number, and the path written from it.

use crate::limits::{self, Refusal};
use crate::Cost;

/// Parent of the start node.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Per-node search state, stored in a flat array indexed by node index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record<C, H = C> {
    pub g: C,
    /// The (weighted) heuristic, when the search caches it ([`EstimateSlot`]).
    pub h: H,
    pub parent: u32,
    /// `generation << 1 | closed`: a record from an earlier query is simply "unseen", so nothing is
    /// cleared between queries.
    pub stamp: u32,
}

impl<C: Cost, H: EstimateSlot<C>> Record<C, H> {
    pub const EMPTY: Self = Record {
        g: C::ZERO,
        h: H::EMPTY,
        parent: NO_PARENT,
        stamp: 0,
    };
}

/// Where a record keeps its node's estimate: the cost itself (the general search and the grid's
/// fast path, where an improved node is not estimated again and the bucket queue checks an
/// entry's F against its node's), or nowhere ([`NoEstimate`], Jump Point Search, whose estimate
/// is a few arithmetic operations, so its records stay 16 bytes for f64 costs).
pub(crate) trait EstimateSlot<C: Cost>: Copy + std::fmt::Debug {
    /// `true` when the slot keeps the estimate.
    const CACHED: bool;
    const EMPTY: Self;
    /// The slot for estimate `h`.
    fn store(h: C) -> Self;
    /// The estimate, when cached.
    fn cached(self) -> Option<C>;
    /// The F key of a node at cost `g` (`None` when it overflows or the slot keeps no estimate).
    fn f_key(self, g: C) -> Option<u64>;
}

impl<C: Cost> EstimateSlot<C> for C {
    const CACHED: bool = true;
    const EMPTY: Self = C::ZERO;
    #[inline(always)]
    fn store(h: C) -> Self {
        h
    }
    #[inline(always)]
    fn cached(self) -> Option<C> {
        Some(self)
    }
    #[inline(always)]
    fn f_key(self, g: C) -> Option<u64> {
        g.checked_add(self).map(C::order_key)
    }
}

/// No cached estimate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoEstimate;

impl<C: Cost> EstimateSlot<C> for NoEstimate {
    const CACHED: bool = false;
    const EMPTY: Self = NoEstimate;
    #[inline(always)]
    fn store(_: C) -> Self {
        NoEstimate
    }
    #[inline(always)]
    fn cached(self) -> Option<C> {
        None
    }
    #[inline(always)]
    fn f_key(self, _: C) -> Option<u64> {
        None
    }
}

/// A number no other call in this process gets: the tickets of [`Records`].
pub(crate) fn next_ticket() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The records of every node a search may touch, and the query number that stamps them.
#[derive(Clone, Debug)]
pub(crate) struct Records<C, H = C> {
    pub slots: Vec<Record<C, H>>,
    pub generation: u32,
    /// This query's number, unique across every context of the process: a
    /// [`Stepper`](crate::search::Stepper) resumed between calls checks that the records are still its
    /// own (no other search has used them, and they are not a copy that has moved on).
    pub ticket: u64,
    /// The indices of the last path, goal first: path writing's scratch list, kept so that it
    /// allocates only to grow.
    trail: Vec<u32>,
}

impl<C: Cost, H> Default for Records<C, H> {
    fn default() -> Self {
        Records {
            slots: Vec::new(),
            generation: 0,
            ticket: 0,
            trail: Vec::new(),
        }
    }
}

impl<C: Cost, H: EstimateSlot<C>> Records<C, H> {
    /// Starts a new query: a fresh generation makes every record "unseen" without touching it.
    /// The records grow to `bound` first: refused above
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or when the allocator says no, and then
    /// nothing changes.
    pub fn new_generation(&mut self, bound: usize) -> Result<(), Refusal> {
        if self.slots.len() < bound {
            limits::check(limits::bytes_of::<Record<C, H>>(bound as u64))?;
            limits::try_grow(&mut self.slots, bound, Record::EMPTY)?;
        }
        self.generation += 1;
        if self.generation > (u32::MAX >> 1) {
            for r in &mut self.slots {
                r.stamp = 0;
            }
            self.generation = 1;
        }
        self.ticket = next_ticket();
        Ok(())
    }

    /// The stamp of a record opened in this query (closed is this `| 1`).
    #[inline(always)]
    pub fn open_stamp(&self) -> u32 {
        self.generation << 1
    }

    /// Grows the records to hold `index` (for searches that number nodes as they meet them).
    #[inline(always)]
    pub fn ensure(&mut self, index: u32) -> Result<(), Refusal> {
        if index as usize >= self.slots.len() {
            limits::try_grow(&mut self.slots, index as usize + 1, Record::EMPTY)?;
        }
        Ok(())
    }

    /// `true` when the node was opened or closed in this query.
    #[inline(always)]
    pub fn seen(&self, index: u32) -> bool {
        self.slots
            .get(index as usize)
            .is_some_and(|r| r.stamp >> 1 == self.generation)
    }

    /// `true` when the node was closed (expanded) in this query.
    #[inline(always)]
    pub fn closed(&self, index: u32) -> bool {
        self.slots
            .get(index as usize)
            .is_some_and(|r| r.stamp == (self.generation << 1 | 1))
    }

    /// Writes the path ending at `index` into `out` (start first) and returns its cost.
    /// `step(from, to, out)` appends what one move from `from` (`None` at the start) to `to`
    /// adds to the path: usually the node `to`; for Jump Point Search, every cell up to `to`;
    /// `step_len(from, to)` says how many, so `out` grows at most once.
    pub fn write_path<N>(
        &mut self,
        index: u32,
        (step_len, mut step): (
            impl Fn(Option<u32>, u32) -> usize,
            impl FnMut(Option<u32>, u32, &mut Vec<N>),
        ),
        out: &mut Vec<N>,
    ) -> C {
        out.clear();
        self.trail.clear();
        let mut at = index;
        loop {
            self.trail.push(at);
            let parent = self.slots[at as usize].parent;
            if parent == NO_PARENT {
                break;
            }
            at = parent;
        }
        let mut from = None;
        let mut len = 0;
        for &i in self.trail.iter().rev() {
            len += step_len(from, i);
            from = Some(i);
        }
        out.reserve(len);
        let mut from = None;
        for &i in self.trail.iter().rev() {
            step(from, i, out);
            from = Some(i);
        }
        debug_assert_eq!(out.len(), len, "step_len disagrees with write_step");
        self.slots[index as usize].g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record closed in the current query, as the search loop stamps it.
    fn close(records: &mut Records<u32>, index: u32) {
        let stamp = records.open_stamp() | 1;
        records.slots[index as usize].stamp = stamp;
    }

    /// A new query forgets what the last one saw by its stamp alone: the earlier records keep
    /// their contents (nothing is cleared between queries, which is what keeps a query's cost
    /// to the nodes it touches) and read as unseen.
    #[test]
    fn a_new_generation_makes_records_unseen_without_touching_them() {
        let mut records = Records::<u32>::default();
        records.new_generation(4).unwrap();
        assert_eq!(records.generation, 1);
        close(&mut records, 2);
        assert!(records.seen(2) && records.closed(2));
        let stamp = records.slots[2].stamp;
        records.new_generation(4).unwrap();
        assert_eq!(records.generation, 2);
        assert_eq!(
            records.slots[2].stamp, stamp,
            "an earlier record was rewritten"
        );
        assert!(!records.seen(2) && !records.closed(2));
    }

    /// The query number runs out before the stamp's `generation << 1 | closed` would overflow:
    /// at that point every stamp is cleared once and the numbering starts again at 1, so a
    /// record from 2^31 queries ago can never pass for one of this query.
    #[test]
    fn the_generation_wraps_before_its_stamp_overflows() {
        let mut records = Records::<u32>::default();
        records.new_generation(3).unwrap();
        let last = u32::MAX >> 1;
        records.generation = last - 1;
        records.new_generation(3).unwrap();
        assert_eq!(records.generation, last, "wrapped too early");
        close(&mut records, 1);
        assert!(records.closed(1));
        records.new_generation(3).unwrap();
        assert_eq!(records.generation, 1);
        assert!(records.slots.iter().all(|r| r.stamp == 0));
        assert!(!records.seen(1) && !records.closed(1));
        close(&mut records, 0);
        assert!(records.closed(0) && !records.seen(1));
    }

    /// The records grow to the bound asked and never shrink; `ensure` grows them to hold an
    /// index, and an index past them is neither seen nor closed.
    #[test]
    fn records_grow_to_what_is_asked() {
        let mut records = Records::<u32>::default();
        records.new_generation(5).unwrap();
        assert_eq!(records.slots.len(), 5);
        records.new_generation(2).unwrap();
        assert_eq!(records.slots.len(), 5);
        assert!(!records.seen(9) && !records.closed(9));
        records.ensure(9).unwrap();
        assert_eq!(records.slots.len(), 10);
        records.ensure(3).unwrap();
        assert_eq!(records.slots.len(), 10);
        assert!(!records.seen(9));
    }
}
