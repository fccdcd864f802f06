//! [`SparseSearchContext`]: search state for any hashable node, for unbounded or implicit graphs.

use super::best_first::Validated;
use super::context::outcome_of;
use super::space_expansion::{Interner, SpaceExpansion};
use super::{Outcome, SearchContext, SearchError, SearchOptions, SearchSpace, Status};
use crate::Cost;
use std::hash::Hash;

/// Reusable search state keyed by a hash map: for node types with no dense index (game states,
/// unbounded worlds, graphs built on the fly). Slower than [`SearchContext`], same results.
///
/// ```
/// use pathkit::search::{SearchSpace, SparseSearchContext};
///
/// /// An unbounded 4-connected plane with a wall at x = 2 for y < 5.
/// struct Plane;
/// impl SearchSpace for Plane {
///     type Node = (i64, i64);
///     type Cost = u64;
///     fn successors<F: FnMut((i64, i64), u64)>(&self, (x, y): (i64, i64), mut visit: F) {
///         for n in [(x, y - 1), (x - 1, y), (x, y + 1), (x + 1, y)] {
///             if !(n.0 == 2 && n.1 < 5) { visit(n, 1) }
///         }
///     }
///     fn heuristic(&self, (x, y): (i64, i64), (gx, gy): (i64, i64)) -> u64 {
///         x.abs_diff(gx) + y.abs_diff(gy)
///     }
/// }
///
/// let mut ctx = SparseSearchContext::new();
/// let path = ctx.astar(&Plane, (0, 0), (4, 0)).unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 14); // down to y = 5, across, and back up
/// ```
#[derive(Clone, Debug)]
pub struct SparseSearchContext<N, C: Cost> {
    inner: SearchContext<C>,
    interner: Interner<N>,
}

impl<N: Copy + Eq + Hash, C: Cost> Default for SparseSearchContext<N, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<N: Copy + Eq + Hash, C: Cost> SparseSearchContext<N, C> {
    /// An empty context.
    pub fn new() -> Self {
        SparseSearchContext {
            inner: SearchContext::new(),
            interner: Interner::default(),
        }
    }

    /// Counters of the last search.
    pub fn stats(&self) -> super::Stats {
        self.inner.stats()
    }

    /// Optimal A* with default options.
    pub fn astar<S: SearchSpace<Node = N, Cost = C>>(
        &mut self,
        space: &S,
        start: N,
        goal: N,
    ) -> Result<Outcome<N, C>, SearchError<N>> {
        self.search(space, start, goal, &SearchOptions::new())
    }

    /// A search with the given options.
    pub fn search<S: SearchSpace<Node = N, Cost = C>>(
        &mut self,
        space: &S,
        start: N,
        goal: N,
        options: &SearchOptions<C>,
    ) -> Result<Outcome<N, C>, SearchError<N>> {
        outcome_of(|path| self.search_into(space, start, goal, options, path))
    }

    /// A search that writes its path into `path`, reusing its capacity.
    pub fn search_into<S: SearchSpace<Node = N, Cost = C>>(
        &mut self,
        space: &S,
        start: N,
        goal: N,
        options: &SearchOptions<C>,
        path: &mut Vec<N>,
    ) -> Result<Status<C>, SearchError<N>> {
        path.clear();
        let checks = Validated::of(options)?;
        self.interner.clear();
        self.inner.prepare_bound(0)?;
        let (policy, start, goal) = SpaceExpansion::between(space, &self.interner, start, goal)?;
        self.inner
            .run_general(&policy, checks, options, start, &goal, path)
    }
}
