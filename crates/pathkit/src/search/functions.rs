//! Closure-based searches for quick use, in the style of the `pathfinding` crate.

use super::best_first::{Expansion, Goal, Validated};
use super::context::{outcome_of, SearchContext};
use super::space_expansion::{Indexer, Interner};
use super::{Outcome, SearchError, SearchOptions};
use crate::Cost;
use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// The three closures of a quick search, as the search loop's expansion and goal. Nodes are
/// numbered by a hash map as they are met.
struct Closures<N, C, IN, FN, FH, FS> {
    successors: RefCell<FN>,
    heuristic: RefCell<FH>,
    success: RefCell<FS>,
    interner: Interner<N>,
    types: PhantomData<fn(N) -> (C, IN)>,
}

impl<N: Copy + Eq + Hash, C, IN, FN, FH, FS> Closures<N, C, IN, FN, FH, FS> {
    fn new(successors: FN, heuristic: FH, success: FS) -> Self {
        Closures {
            successors: RefCell::new(successors),
            heuristic: RefCell::new(heuristic),
            success: RefCell::new(success),
            interner: Interner::default(),
            types: PhantomData,
        }
    }

    /// Runs the search from `start`: A* under `options`, or breadth-first search.
    fn run(
        &self,
        start: N,
        options: &SearchOptions<C>,
        breadth_first: bool,
    ) -> Result<Outcome<N, C>, SearchError<N>>
    where
        C: Cost,
        Self: Expansion<Node = N, Cost = C, Hint = N> + Goal<N>,
    {
        let mut ctx = SearchContext::new();
        ctx.prepare_bound(0)?;
        let start_index = self.interner.index(start)?;
        outcome_of(|path| {
            if breadth_first {
                ctx.run_breadth_first(self, start_index, self, path)
            } else {
                let checks = Validated::of(options)?;
                ctx.run_general(self, checks, options, (start_index, start), self, path)
            }
        })
    }
}

impl<N, C, FN, IN, FH, FS> Expansion for Closures<N, C, IN, FN, FH, FS>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(N) -> C,
{
    type Node = N;
    type Cost = C;
    type Hint = N;
    const GROWS: bool = true;

    fn node(&self, index: u32) -> N {
        self.interner.node(index)
    }

    fn expand<F: FnMut(u32, C, N)>(
        &self,
        index: u32,
        _parent: u32,
        mut visit: F,
    ) -> Result<(), SearchError<N>> {
        let successors = (self.successors.borrow_mut())(self.interner.node(index));
        for (next, cost) in successors {
            visit(self.interner.index(next)?, cost, next);
        }
        Ok(())
    }

    fn estimate(&self, node: N) -> C {
        (self.heuristic.borrow_mut())(node)
    }

    fn hint_at(&self, index: u32) -> N {
        self.interner.node(index)
    }
}

impl<N, C, IN, FN, FH, FS: FnMut(N) -> bool> Goal<N> for Closures<N, C, IN, FN, FH, FS> {
    fn reached(&self, _: u32, node: impl FnOnce() -> N) -> bool {
        (self.success.borrow_mut())(node())
    }
}

/// A* from `start` until `success` holds: [`Outcome::Found`] with the path (both ends included)
/// and its cost, or [`Outcome::Unreachable`] when no node satisfying `success` is reachable.
///
/// - `successors(n)` returns the neighbours of `n` with the cost of each move; each cost must be
///   finite and not negative, or the search returns [`SearchError::InvalidCost`].
/// - `heuristic(n)` estimates the remaining cost; it must not be greater than the real cost.
/// - `success(n)` tells whether `n` is a goal.
///
/// ```
/// use pathkit::search::astar;
/// // Knight moves on an unbounded board, from (0, 0) to (4, 6).
/// let goal = (4i32, 6i32);
/// let result = astar(
///     (0i32, 0i32),
///     |(x, y)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///     },
///     |(x, y)| (goal.0.abs_diff(x) + goal.1.abs_diff(y)) / 3,
///     |p| p == goal,
/// )
/// .unwrap();
/// assert_eq!(result.path().map(|p| p.cost), Some(4));
/// ```
pub fn astar<N, C, FN, IN, FH, FS>(
    start: N,
    successors: FN,
    heuristic: FH,
    success: FS,
) -> Result<Outcome<N, C>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(N) -> C,
    FS: FnMut(N) -> bool,
{
    Closures::new(successors, heuristic, success).run(start, &SearchOptions::new(), false)
}

/// Dijkstra's algorithm from `start` until `success` holds (A* with no heuristic).
///
/// ```
/// use pathkit::search::dijkstra;
/// let edges = [vec![(1, 7u32), (2, 9), (5, 14)], vec![(0, 7), (2, 10), (3, 15)], vec![(0, 9), (1, 10), (3, 11), (5, 2)],
///              vec![(1, 15), (2, 11), (4, 6)], vec![(3, 6), (5, 9)], vec![(0, 14), (2, 2), (4, 9)]];
/// let path = dijkstra(0usize, |n| edges[n].clone(), |n| n == 4).unwrap().into_path().unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![0, 2, 5, 4], 20));
/// ```
pub fn dijkstra<N, C, FN, IN, FS>(
    start: N,
    successors: FN,
    success: FS,
) -> Result<Outcome<N, C>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(N) -> bool,
{
    Closures::new(successors, |_| C::ZERO, success).run(start, &SearchOptions::dijkstra(), false)
}

/// Breadth-first search from `start` until `success` holds: the path with the fewest moves.
///
/// ```
/// use pathkit::search::breadth_first;
/// let path = breadth_first(1u64, |n| [(n * 2, 1u32), (n + 1, 1)], |n| n == 10).unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 4); // 1, 2, 4, 5, 10
/// assert_eq!(path.nodes, vec![1, 2, 4, 5, 10]);
/// ```
pub fn breadth_first<N, C, FN, IN, FS>(
    start: N,
    successors: FN,
    success: FS,
) -> Result<Outcome<N, C>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(N) -> bool,
{
    Closures::new(successors, |_| C::ZERO, success).run(start, &SearchOptions::dijkstra(), true)
}
