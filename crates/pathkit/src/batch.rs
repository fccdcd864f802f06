//! Many queries on one map, in parallel on all cores.
//!
//! Each function answers a slice of `(start, goal)` queries and returns the results **in input
//! order**. With the `parallel` feature (on by default) the queries are spread over rayon's
//! thread pool with `map_init`, and search contexts are leased from a pool, so each worker thread
//! reuses one context for all the queries it takes; without it they run one after the other on
//! one context. To choose the
//! number of threads, call them inside `rayon::ThreadPool::install`.
//!
//! ```
//! use pathkit::batch;
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::jps::JpsMode;
//!
//! let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
//! let queries = [(Cell::new(0, 0), Cell::new(3, 2)), (Cell::new(0, 1), Cell::new(1, 1))];
//! let results = batch::jps(&grid, &queries, JpsMode::EIGHT);
//! assert!(results[0].as_ref().unwrap().is_found());
//! assert!(!results[1].as_ref().unwrap().is_found()); // (1, 1) is a wall
//! ```

use crate::grid::{Cell, Grid, GridError};
use crate::jps::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode};
use crate::search::{Outcome, SearchContext, SearchOptions};
use crate::{Goal, Pathfinder};

/// One query: start, then goal.
///
/// ```
/// use pathkit::batch::{self, Query};
/// use pathkit::grid::{Cell, Grid};
///
/// let grid = Grid::new(8, 8).unwrap();
/// let queries: Vec<Query> = (1..8).map(|x| (Cell::new(0, 0), Cell::new(x, x))).collect();
/// let results = batch::astar(&grid, &queries);
/// assert_eq!(results.len(), queries.len());
/// ```
pub type Query = (Cell, Cell);

/// Maps `queries` in order, reusing search states made by `init`.
///
/// Rayon's `map_init` calls `init` once per job it splits off, and there can be many more jobs
/// than threads; a context sized for a large map is costly to create. So states are kept in a
/// small pool: a job takes one (or makes one when none is free) and puts it back when it ends,
/// and no more states exist than jobs ever ran at once, i.e. one per worker thread.
fn run<S: Send, R: Send>(
    queries: &[Query],
    init: impl Fn() -> S + Sync + Send,
    solve: impl Fn(&mut S, Query) -> R + Sync + Send,
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

/// Optimal A* on [`Grid::eight_connected`] (8-connected, no corner cutting, costs 1 and √2) for every
/// query, with the same answers as the [`GridSpace`](crate::grid::GridSpace) search.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid, GridError};
///
/// let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
/// let queries = [(Cell::new(0, 0), Cell::new(3, 2)), (Cell::new(0, 0), Cell::new(9, 9))];
/// let results = batch::astar(&grid, &queries);
/// let path = results[0].as_ref().unwrap().path().unwrap();
/// assert!((path.cost - (2.0 + std::f64::consts::SQRT_2 + 1.0)).abs() < 1e-9);
/// assert!(matches!(results[1], Err(GridError::OutOfBounds { .. }))); // answered in input order
/// ```
#[must_use]
pub fn astar(grid: &Grid, queries: &[Query]) -> Vec<Result<Outcome<Cell, f64>, GridError>> {
    let options = SearchOptions::new();
    run(queries, SearchContext::new, |ctx, (start, goal)| {
        grid.eight_connected()
            .find_path_with(ctx, start, goal, &options)
    })
}

/// Online Jump Point Search ([`JumpPoints`](crate::jps::JumpPoints)) for every query.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::JpsMode;
///
/// let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
/// let queries: Vec<_> = (0..6).map(|x| (Cell::new(0, 0), Cell::new(x, 2))).collect();
/// let results = batch::jps(&grid, &queries, JpsMode::FOUR);
/// let costs: Vec<f64> = results.into_iter().map(|r| r.unwrap().into_path().unwrap().cost).collect();
/// assert_eq!(costs, [2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
/// ```
#[must_use]
pub fn jps(
    grid: &Grid,
    queries: &[Query],
    mode: JpsMode,
) -> Vec<Result<Outcome<Cell, f64>, JpsError>> {
    run(queries, JpsContext::new, |ctx, (start, goal)| {
        grid.jump_points(mode).find_path(ctx, start, goal)
    })
}

/// JPS+ ([`JpsPlus`]) for every query.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsPlus, PathMode};
///
/// let plus = JpsPlus::new(Grid::from_ascii("......\n.####.\n......").unwrap()).unwrap();
/// let queries = [(Cell::new(0, 1), Cell::new(5, 1)), (Cell::new(0, 0), Cell::new(5, 0))];
/// let results = batch::jps_plus(&plus, &queries, PathMode::JumpPoints);
/// assert_eq!(results[0].as_ref().unwrap().path().unwrap().cost, 7.0);
/// assert_eq!(results[1].as_ref().unwrap().path().unwrap().nodes, [Cell::new(0, 0), Cell::new(5, 0)]);
/// ```
#[must_use]
pub fn jps_plus(
    plus: &JpsPlus,
    queries: &[Query],
    mode: PathMode,
) -> Vec<Result<Outcome<Cell, f64>, JpsError>> {
    run(queries, JpsContext::new, |ctx, (start, goal)| {
        plus.paths(mode).find_path(ctx, start, goal)
    })
}

/// Only the cost of every query (`None` when unreachable), by online Jump Point Search: no path
/// is built or returned, so a warm worker allocates nothing per query.
///
/// ```
/// use pathkit::batch;
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::JpsMode;
///
/// let grid = Grid::from_ascii("..#.").unwrap();
/// let queries = [(Cell::new(0, 0), Cell::new(1, 0)), (Cell::new(0, 0), Cell::new(3, 0))];
/// let costs: Vec<Option<f64>> = batch::jps_costs(&grid, &queries, JpsMode::EIGHT).into_iter().map(Result::unwrap).collect();
/// assert_eq!(costs, [Some(1.0), None]);
/// ```
#[must_use]
pub fn jps_costs(
    grid: &Grid,
    queries: &[Query],
    mode: JpsMode,
) -> Vec<Result<Option<f64>, JpsError>> {
    let mode = mode.jump_points();
    run(
        queries,
        || (JpsContext::new(), Vec::new()),
        |(ctx, path), (start, goal)| {
            let to = Goal::Node(goal);
            grid.jump_points(mode)
                .find_path_into(ctx, start, to, &SearchOptions::new(), path)
                .map(|status| match status {
                    crate::search::Status::Found { cost } => Some(cost),
                    _ => None,
                })
        },
    )
}
