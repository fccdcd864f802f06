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
    ///
    /// ```
    /// use pathkit::search::{SearchSpace, SparseSearchContext};
    ///
    /// /// Numbers, moving by +1 or x2 at a cost of 1.
    /// struct Steps;
    /// impl SearchSpace for Steps {
    ///     type Node = u64;
    ///     type Cost = u32;
    ///     fn successors<F: FnMut(u64, u32)>(&self, n: u64, mut visit: F) {
    ///         visit(n + 1, 1);
    ///         visit(n * 2, 1);
    ///     }
    /// }
    /// let mut ctx = SparseSearchContext::new();
    /// let path = ctx.astar(&Steps, 1, 10).unwrap().into_path().unwrap();
    /// assert_eq!(path.nodes, [1, 2, 4, 5, 10]);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        SparseSearchContext {
            inner: SearchContext::new(),
            interner: Interner::default(),
        }
    }

    /// Counters of the last search.
    ///
    /// ```
    /// use pathkit::search::{SearchSpace, SparseSearchContext};
    ///
    /// struct Line;
    /// impl SearchSpace for Line {
    ///     type Node = i32;
    ///     type Cost = u32;
    ///     fn successors<F: FnMut(i32, u32)>(&self, n: i32, mut visit: F) {
    ///         visit(n + 1, 1);
    ///     }
    /// }
    /// let mut ctx = SparseSearchContext::new();
    /// assert!(ctx.astar(&Line, 0, 3).unwrap().is_found());
    /// assert_eq!(ctx.stats().expanded, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> super::Stats {
        self.inner.stats()
    }

    /// Optimal A* with default options.
    ///
    /// ```
    /// use pathkit::search::{SearchSpace, SparseSearchContext};
    ///
    /// /// The integer plane, with a diagonal wall x + y == 4 that has a gap at x == 4.
    /// struct Plane;
    /// impl SearchSpace for Plane {
    ///     type Node = (i32, i32);
    ///     type Cost = u32;
    ///     fn successors<F: FnMut((i32, i32), u32)>(&self, (x, y): (i32, i32), mut visit: F) {
    ///         for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
    ///             if n.0 + n.1 != 4 || n.0 == 4 { visit(n, 1) }
    ///         }
    ///     }
    ///     fn heuristic(&self, (x, y): (i32, i32), (gx, gy): (i32, i32)) -> u32 {
    ///         x.abs_diff(gx) + y.abs_diff(gy)
    ///     }
    /// }
    /// let mut ctx = SparseSearchContext::new();
    /// let path = ctx.astar(&Plane, (0, 0), (3, 3)).unwrap().into_path().unwrap();
    /// assert!(path.nodes.contains(&(4, 0)));
    /// ```
    pub fn astar<S: SearchSpace<Node = N, Cost = C>>(
        &mut self,
        space: &S,
        start: N,
        goal: N,
    ) -> Result<Outcome<N, C>, SearchError<N>> {
        self.search(space, start, goal, &SearchOptions::new())
    }

    /// A search with the given options.
    ///
    /// ```
    /// use pathkit::search::{Outcome, SearchOptions, SearchSpace, SparseSearchContext};
    ///
    /// struct Doubling;
    /// impl SearchSpace for Doubling {
    ///     type Node = u64;
    ///     type Cost = u64;
    ///     fn successors<F: FnMut(u64, u64)>(&self, n: u64, mut visit: F) {
    ///         visit(n * 2, n);
    ///         visit(n + 1, 1);
    ///     }
    /// }
    /// let mut ctx = SparseSearchContext::new();
    /// // Never spend more than 5: the goal 100 is out of reach, a partial path comes back.
    /// let outcome = ctx.search(&Doubling, 1, 100, &SearchOptions::new().max_cost(5)).unwrap();
    /// assert!(matches!(outcome, Outcome::LimitReached(_)));
    /// ```
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
    ///
    /// ```
    /// use pathkit::search::{SearchOptions, SearchSpace, SparseSearchContext, Status};
    ///
    /// struct Line;
    /// impl SearchSpace for Line {
    ///     type Node = i64;
    ///     type Cost = u32;
    ///     fn successors<F: FnMut(i64, u32)>(&self, n: i64, mut visit: F) {
    ///         visit(n - 1, 1);
    ///         visit(n + 1, 1);
    ///     }
    ///     fn heuristic(&self, n: i64, goal: i64) -> u32 {
    ///         n.abs_diff(goal) as u32
    ///     }
    /// }
    /// let mut ctx = SparseSearchContext::new();
    /// let mut path = Vec::new();
    /// let status = ctx.search_into(&Line, -2, 2, &SearchOptions::new(), &mut path).unwrap();
    /// assert_eq!(status, Status::Found { cost: 4 });
    /// assert_eq!(path, [-2, -1, 0, 1, 2]);
    /// ```
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
