//! Many queries on one map, in parallel on all cores, through the front door.
//!
//! [`find_paths`] answers a slice of `(start, goal)` queries with any [`Pathfinder`] (a grid
//! space, Jump Point Search, JPS+, a hex grid, a level map, a navmesh, a graph) and returns the
//! results **in input order**, each exactly what `find_path_with` answers for it alone.
//! [`find_statuses`] answers only how each search ended and at what cost, so a warm worker
//! allocates nothing per query. With the `parallel` feature (on by default) the queries are
//! spread over rayon's thread pool with `map_init`, and contexts are leased from a pool, so each
//! worker thread reuses one context for all the queries it takes; without it they run one after
//! the other on one context. To choose the number of threads, call them inside
//! `rayon::ThreadPool::install`.
//!
//! ```
//! use pathkit::batch;
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::jps::JpsMode;
//! use pathkit::search::SearchOptions;
//!
//! let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
//! let queries = [(Cell::new(0, 0), Cell::new(3, 2)), (Cell::new(0, 1), Cell::new(1, 1))];
//! let results = batch::find_paths(&grid.jump_points(JpsMode::EIGHT), &queries, &SearchOptions::new());
//! assert!(results[0].as_ref().unwrap().is_found());
//! assert!(!results[1].as_ref().unwrap().is_found()); // (1, 1) is a wall
//! ```

use crate::grid::Cell;
use crate::search::{Outcome, SearchOptions, Status};
use crate::{Goal, Pathfinder};

/// One query: start, then goal.
///
/// ```
/// use pathkit::batch::{self, Query};
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::SearchOptions;
///
/// let grid = Grid::new(8, 8).unwrap();
/// let queries: Vec<Query> = (1..8).map(|x| (Cell::new(0, 0), Cell::new(x, x))).collect();
/// let results = batch::find_paths(&grid.eight_connected(), &queries, &SearchOptions::new());
/// assert_eq!(results.len(), queries.len());
/// ```
pub type Query<N = Cell> = (N, N);

/// What [`find_paths`] answers for one query with the search `P`: the path found (or why there is
/// none), or the search's refusal.
///
/// ```
/// use pathkit::batch::{self, Answer};
/// use pathkit::grid::{Cell, Grid, GridSpace};
/// use pathkit::search::SearchOptions;
///
/// let grid = Grid::new(4, 4).unwrap();
/// let answers: Vec<Answer<GridSpace<u32>>> =
///     batch::find_paths(&grid.four_connected(), &[(Cell::new(0, 0), Cell::new(3, 3))], &SearchOptions::new());
/// assert!(answers[0].as_ref().unwrap().is_found());
/// ```
pub type Answer<P> =
    Result<Outcome<<P as Pathfinder>::Node, <P as Pathfinder>::Cost>, <P as Pathfinder>::Error>;

/// Maps `queries` in order, reusing search states made by `init`.
///
/// Rayon's `map_init` calls `init` once per job it splits off, and there can be many more jobs
/// than threads; a context sized for a large map is costly to create. So states are kept in a
/// small pool: a job takes one (or makes one when none is free) and puts it back when it ends,
/// and no more states exist than jobs ever ran at once, i.e. one per worker thread.
fn run<N: Copy + Sync, S: Send, R: Send>(
    queries: &[Query<N>],
    init: impl Fn() -> S + Sync + Send,
    solve: impl Fn(&mut S, Query<N>) -> R + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        use std::sync::Mutex;

        /// A pooled state that goes back to the pool when its job ends.
        struct Lease<'p, S> {
            pool: &'p Mutex<Vec<S>>,
            state: Option<S>,
        }
        impl<S> Drop for Lease<'_, S> {
            fn drop(&mut self) {
                if let (Some(state), Ok(mut pool)) = (self.state.take(), self.pool.lock()) {
                    pool.push(state);
                }
            }
        }

        let pool = Mutex::new(Vec::new());
        queries
            .par_iter()
            .map_init(
                || {
                    let reused = pool.lock().ok().and_then(|mut p| p.pop());
                    Lease {
                        pool: &pool,
                        state: Some(reused.unwrap_or_else(&init)),
                    }
                },
                |lease, &q| solve(lease.state.as_mut().expect("leased state"), q),
            )
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut state = init();
        queries.iter().map(|&q| solve(&mut state, q)).collect()
    }
}

/// Every query answered by `finder` with `options`, in input order: the same answers, one by
/// one, as [`Pathfinder::find_path_with`] on one context.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid, GridError};
/// use pathkit::search::SearchOptions;
///
/// let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
/// let queries = [(Cell::new(0, 0), Cell::new(3, 2)), (Cell::new(0, 0), Cell::new(9, 9))];
/// let results = batch::find_paths(&grid.eight_connected(), &queries, &SearchOptions::new());
/// let path = results[0].as_ref().unwrap().path().unwrap();
/// assert!((path.cost - (2.0 + std::f64::consts::SQRT_2 + 1.0)).abs() < 1e-9);
/// assert!(matches!(results[1], Err(GridError::OutOfBounds { .. }))); // answered in input order
/// ```
#[must_use]
pub fn find_paths<P>(
    finder: &P,
    queries: &[Query<P::Node>],
    options: &SearchOptions<P::Cost>,
) -> Vec<Answer<P>>
where
    P: Pathfinder + Sync,
    P::Node: Send + Sync,
    P::Cost: Send + Sync,
    P::Context: Send,
    P::Error: Send,
{
    run(queries, P::Context::default, |ctx, (start, goal)| {
        finder.find_path_with(ctx, start, goal, options)
    })
}

/// How every query answered by `finder` with `options` ended, and at what cost, in input order;
/// no path is returned, so a warm worker allocates nothing per query.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::JpsMode;
/// use pathkit::search::{SearchOptions, Status};
///
/// let grid = Grid::from_ascii("..#.").unwrap();
/// let queries = [(Cell::new(0, 0), Cell::new(1, 0)), (Cell::new(0, 0), Cell::new(3, 0))];
/// let finder = grid.jump_points(JpsMode::EIGHT);
/// let statuses = batch::find_statuses(&finder, &queries, &SearchOptions::new());
/// assert_eq!(statuses, [Ok(Status::Found { cost: 1.0 }), Ok(Status::Unreachable)]);
/// ```
#[must_use]
pub fn find_statuses<P>(
    finder: &P,
    queries: &[Query<P::Node>],
    options: &SearchOptions<P::Cost>,
) -> Vec<Result<Status<P::Cost>, P::Error>>
where
    P: Pathfinder + Sync,
    P::Node: Send + Sync,
    P::Cost: Send + Sync,
    P::Context: Send,
    P::Error: Send,
{
    run(
        queries,
        || (P::Context::default(), Vec::new()),
        |(ctx, path), (start, goal)| {
            finder.find_path_into(ctx, start, Goal::Node(goal), options, path)
        },
    )
}
