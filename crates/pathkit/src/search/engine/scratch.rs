//! [`Scratch`]: what the multi-node queries of a [`SearchContext`](crate::search::SearchContext) keep
//! between queries (goal marks, the order nodes were settled in), so that once warm they
//! allocate nothing.

use crate::limits;
use crate::search::best_first::Goal;
use crate::search::SearchError;
use std::cell::RefCell;

/// The reusable lists of multi-node queries.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// `marks[i] == stamp` when node `i` is a goal of the current query.
    marks: Vec<u32>,
    stamp: u32,
    /// The nodes the last distance map settled, in the order it settled them.
    pub order: Vec<u32>,
}

impl Scratch {
    /// Forgets the marks of earlier queries (one stamp up) and makes room for `bound` nodes;
    /// refused as the records are, above [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or by
    /// the allocator.
    pub fn new_marks<N>(&mut self, bound: usize) -> Result<(), SearchError<N>> {
        if self.marks.len() < bound {
            limits::try_grow(&mut self.marks, bound, 0).map_err(SearchError::Refused)?;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        Ok(())
    }

    /// Marks node `index` (below the bound given to [`new_marks`](Self::new_marks)).
    pub fn mark(&mut self, index: u32) {
        self.marks[index as usize] = self.stamp;
    }

    /// `true` when node `index` is marked in this query.
    #[inline(always)]
    pub fn marked(&self, index: u32) -> bool {
        self.marks.get(index as usize) == Some(&self.stamp)
    }

    /// Empties the settled list and makes room for `bound` nodes, so that recording them never
    /// allocates during the search.
    pub fn new_order<N>(&mut self, bound: usize) -> Result<(), SearchError<N>> {
        self.order.clear();
        self.order.try_reserve(bound).map_err(|_| {
            SearchError::Refused(limits::Refusal::OutOfMemory {
                bytes: (bound as u64).saturating_mul(4),
            })
        })
    }
}

/// Any marked node is a goal.
pub(crate) struct Marked<'a>(pub &'a Scratch);

impl<N> Goal<N> for Marked<'_> {
    #[inline(always)]
    fn reached(&self, index: u32, _: impl FnOnce() -> N) -> bool {
        self.0.marked(index)
    }
}

/// No node is a goal: the search settles every node it reaches, and notes each in order.
pub(crate) struct Settling<'a>(pub RefCell<&'a mut Vec<u32>>);

impl<N> Goal<N> for Settling<'_> {
    #[inline(always)]
    fn reached(&self, index: u32, _: impl FnOnce() -> N) -> bool {
        // Room for every node was reserved: this never allocates.
        self.0.borrow_mut().push(index);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_marks(scratch: &mut Scratch, bound: usize) {
        scratch.new_marks::<u32>(bound).unwrap();
    }

    /// A new query forgets the marks of the last by its stamp alone: the marks are not
    /// rewritten (a query costs the goals it marks, not the nodes of the space).
    #[test]
    fn a_new_query_forgets_the_marks_without_clearing_them() {
        let mut scratch = Scratch::default();
        new_marks(&mut scratch, 6);
        scratch.mark(4);
        assert!(scratch.marked(4) && !scratch.marked(3) && !scratch.marked(60));
        let before = scratch.marks.clone();
        new_marks(&mut scratch, 6);
        assert_eq!(scratch.stamp, 2);
        assert_eq!(scratch.marks, before, "the marks were rewritten");
        assert!(!scratch.marked(4));
        scratch.mark(1);
        assert!(scratch.marked(1) && !scratch.marked(4));
    }

    /// When the stamp runs out, the marks are cleared once and the stamps start again at 1,
    /// so neither an old mark nor an unmarked node (whose mark is 0) reads as marked.
    #[test]
    fn the_stamp_wraps_to_one_and_clears_the_marks() {
        let mut scratch = Scratch::default();
        new_marks(&mut scratch, 3);
        scratch.stamp = u32::MAX - 1;
        new_marks(&mut scratch, 3);
        assert_eq!(scratch.stamp, u32::MAX);
        scratch.mark(2);
        new_marks(&mut scratch, 3);
        assert_eq!(scratch.stamp, 1);
        assert_eq!(scratch.marks, [0, 0, 0]);
        assert!((0..3).all(|i| !scratch.marked(i)));
        scratch.mark(0);
        assert!(scratch.marked(0) && !scratch.marked(2));
    }

    /// The marks grow to the bound asked and never shrink; the settled list is emptied with
    /// room for the bound.
    #[test]
    fn room_for_the_bound_asked() {
        let mut scratch = Scratch::default();
        new_marks(&mut scratch, 5);
        assert_eq!(scratch.marks.len(), 5);
        new_marks(&mut scratch, 2);
        assert_eq!(scratch.marks.len(), 5);
        scratch.order.extend([3, 1]);
        scratch.new_order::<u32>(40).unwrap();
        assert!(scratch.order.is_empty() && scratch.order.capacity() >= 40);
    }
}
