//! Closure-based searches for quick use, in the style of the `pathfinding` crate.

use super::context::outcome_from;
use super::engine::{Engine, Problem};
use super::sparse::Interner;
use super::{SearchError, SearchOptions, Status};
use crate::Cost;
use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

struct Closures<N, C, IN, FN, FH, FS> {
    successors: RefCell<FN>,
    heuristic: RefCell<FH>,
    success: RefCell<FS>,
    types: PhantomData<fn(N) -> (C, IN)>,
}

impl<N, C, IN, FN, FH, FS> Closures<N, C, IN, FN, FH, FS> {
    fn new(successors: FN, heuristic: FH, success: FS) -> Self {
        Closures {
            successors: RefCell::new(successors),
            heuristic: RefCell::new(heuristic),
            success: RefCell::new(success),
            types: PhantomData,
        }
    }
}

impl<N, C, FN, IN, FH, FS> Problem for Closures<N, C, IN, FN, FH, FS>
where
    N: Copy + Eq + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(N) -> C,
    FS: FnMut(N) -> bool,
{
    type Node = N;
    type Cost = C;
    fn successors<F: FnMut(N, C)>(&self, node: N, mut visit: F) {
        for (next, cost) in (self.successors.borrow_mut())(node) {
            visit(next, cost);
        }
    }
    fn estimate(&self, node: N) -> C {
        (self.heuristic.borrow_mut())(node)
    }
    fn is_goal(&self, _index: u32, node: N) -> bool {
        (self.success.borrow_mut())(node)
    }
}

fn run_closures<N, C, FN, IN, FH, FS>(
    start: N,
    problem: Closures<N, C, IN, FN, FH, FS>,
    options: &SearchOptions<C>,
    breadth_first: bool,
) -> Result<Option<(Vec<N>, C)>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(N) -> C,
    FS: FnMut(N) -> bool,
{
    let mut engine = Engine::default();
    let mut interner = Interner::default();
    engine
        .new_generation(0)
        .map_err(|e| SearchError::refused(e, 0))?;
    let finish = if breadth_first {
        engine.breadth_first(&problem, &mut interner, start)?
    } else {
        let mut run = engine.begin(&problem, &mut interner, start, options)?;
        engine.run(&problem, &mut interner, &mut run)?
    };
    let mut nodes = Vec::new();
    let ctx = super::SearchContext { engine };
    let status: Status<C> = ctx.finish(&interner, finish, &mut nodes);
    Ok(outcome_from(status, nodes)
        .into_path()
        .map(|p| (p.nodes, p.cost)))
}

/// A* from `start` until `success` holds: the path (both ends included) and its cost, or `None`
/// when no node satisfying `success` is reachable.
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
/// assert_eq!(result.map(|(_, cost)| cost), Some(4));
/// ```
pub fn astar<N, C, FN, IN, FH, FS>(
    start: N,
    successors: FN,
    heuristic: FH,
    success: FS,
) -> Result<Option<(Vec<N>, C)>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(N) -> C,
    FS: FnMut(N) -> bool,
{
    let problem = Closures::new(successors, heuristic, success);
    run_closures(start, problem, &SearchOptions::new(), false)
}

/// Dijkstra's algorithm from `start` until `success` holds (A* with no heuristic).
///
/// ```
/// use pathkit::search::dijkstra;
/// let edges = [vec![(1, 7u32), (2, 9), (5, 14)], vec![(0, 7), (2, 10), (3, 15)], vec![(0, 9), (1, 10), (3, 11), (5, 2)],
///              vec![(1, 15), (2, 11), (4, 6)], vec![(3, 6), (5, 9)], vec![(0, 14), (2, 2), (4, 9)]];
/// let (path, cost) = dijkstra(0usize, |n| edges[n].clone(), |n| n == 4).unwrap().unwrap();
/// assert_eq!((path, cost), (vec![0, 2, 5, 4], 20));
/// ```
pub fn dijkstra<N, C, FN, IN, FS>(
    start: N,
    successors: FN,
    success: FS,
) -> Result<Option<(Vec<N>, C)>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(N) -> bool,
{
    let problem = Closures::new(successors, |_| C::ZERO, success);
    run_closures(start, problem, &SearchOptions::dijkstra(), false)
}

/// Breadth-first search from `start` until `success` holds: the path with the fewest moves.
///
/// ```
/// use pathkit::search::breadth_first;
/// let (path, moves) = breadth_first(1u64, |n| [(n * 2, 1u32), (n + 1, 1)], |n| n == 10).unwrap().unwrap();
/// assert_eq!(moves, 4); // 1, 2, 4, 5, 10
/// assert_eq!(path, vec![1, 2, 4, 5, 10]);
/// ```
pub fn breadth_first<N, C, FN, IN, FS>(
    start: N,
    successors: FN,
    success: FS,
) -> Result<Option<(Vec<N>, C)>, SearchError<N>>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    FN: FnMut(N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(N) -> bool,
{
    let problem = Closures::new(successors, |_| C::ZERO, success);
    run_closures(start, problem, &SearchOptions::dijkstra(), true)
}
