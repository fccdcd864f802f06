//! [`Sparse`]: A* over any hashable node, for unbounded or implicit graphs, with its
//! [`SparseSearchContext`].

use super::best_first::Validated;
use super::space_expansion::{Interner, SpaceExpansion};
use super::{SearchContext, SearchError, SearchOptions, SearchSpace, Status, WhenUnreachable};
use crate::{Cost, Goal, Pathfinder, Unsupported};
use std::hash::Hash;

/// A* over a [`SearchSpace`] whose nodes have no dense index (game states, unbounded worlds,
/// graphs built on the fly): nodes are numbered by a hash map as the search meets them. Slower
/// than [`AStar`](crate::search::AStar) on an [`IndexedSpace`](super::IndexedSpace), same
/// answers. One goal, any of several ([`Goal::AnyOf`]) or a test ([`Goal::Matching`]); the
/// last two spread out in every direction (Dijkstra's order).
///
/// ```
/// use pathkit::search::{Sparse, SparseSearchContext, SearchSpace};
/// use pathkit::{Goal, Pathfinder};
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
/// let path = Sparse(&Steps).find_path(&mut ctx, 1, 10)?.into_path().unwrap();
/// assert_eq!(path.nodes, [1, 2, 4, 5, 10]);
/// // The first number above 100 that is reached in the fewest moves.
/// let above = |n: u64| n > 100;
/// let path = Sparse(&Steps).find_path(&mut ctx, 1, Goal::Matching(&above))?.into_path().unwrap();
/// assert_eq!(path.cost, 7); // 1, 2, 4, 8, 16, 32, 64, 128
/// # Ok::<(), pathkit::search::SearchError<u64>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sparse<S>(pub S);

/// Searches the space: see [`Sparse`].
///
/// # Errors
///
/// [`SearchError`]: a cost or estimate the checks refuse, a cost overflow, invalid options,
/// more than `u32::MAX` nodes met, memory; [`SearchError::Unsupported`] for the closest point
/// to several goals or a goal test.
impl<S: SearchSpace> Pathfinder for Sparse<S>
where
    S::Node: Hash,
{
    type Node = S::Node;
    type Cost = S::Cost;
    type Context = SparseSearchContext<S::Node, S::Cost>;
    type Error = SearchError<S::Node>;

    fn find_path_into(
        &self,
        ctx: &mut SparseSearchContext<S::Node, S::Cost>,
        start: S::Node,
        to: Goal<'_, S::Node>,
        options: &SearchOptions<S::Cost>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<S::Cost>, SearchError<S::Node>> {
        match to {
            Goal::Node(goal) => ctx.search_into(&self.0, start, goal, options, path),
            Goal::AnyOf(goals) => {
                let any = |n: S::Node| goals.contains(&n);
                ctx.search_matching_into(&self.0, start, &any, options, path)
            }
            Goal::Matching(accepts) => {
                ctx.search_matching_into(&self.0, start, accepts, options, path)
            }
        }
    }
}

/// The reusable state of [`Sparse`] searches, keyed by a hash map: for node types with no dense
/// index (game states, unbounded worlds, graphs built on the fly).
///
/// ```
/// use pathkit::search::{SearchSpace, Sparse, SparseSearchContext};
/// use pathkit::Pathfinder;
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
/// let path = Sparse(&Plane).find_path(&mut ctx, (0, 0), (4, 0)).unwrap().into_path().unwrap();
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
    /// use pathkit::search::{SearchSpace, Sparse, SparseSearchContext};
    /// use pathkit::Pathfinder;
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
    /// let path = Sparse(&Steps).find_path(&mut ctx, 1, 10).unwrap().into_path().unwrap();
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
    /// use pathkit::search::{SearchSpace, Sparse, SparseSearchContext};
    /// use pathkit::Pathfinder;
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
    /// assert!(Sparse(&Line).find_path(&mut ctx, 0, 3).unwrap().is_found());
    /// assert_eq!(ctx.stats().expanded, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> super::Stats {
        self.inner.stats()
    }

    /// A* from `start` to `goal`, writing the path into `path`.
    pub(crate) fn search_into<S: SearchSpace<Node = N, Cost = C>>(
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

    /// Dijkstra's order from `start` to the cheapest node `accepts`, writing the path into
    /// `path`.
    pub(crate) fn search_matching_into<S: SearchSpace<Node = N, Cost = C>>(
        &mut self,
        space: &S,
        start: N,
        accepts: &dyn Fn(N) -> bool,
        options: &SearchOptions<C>,
        path: &mut Vec<N>,
    ) -> Result<Status<C>, SearchError<N>> {
        path.clear();
        if options.when_unreachable != WhenUnreachable::NoPath {
            return Err(SearchError::Unsupported(Unsupported::ClosestPoint));
        }
        self.interner.clear();
        self.inner.prepare_bound(0)?;
        self.inner
            .search_matching_into(space, &self.interner, start, accepts, options, path)
    }
}
