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

/// One query: start, then goal.
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
/// query, with the same answers as [`GridSpace::find_path`](crate::grid::GridSpace::find_path).
pub fn astar(grid: &Grid, queries: &[Query]) -> Vec<Result<Outcome<Cell, f64>, GridError>> {
    let options = SearchOptions::new();
    run(queries, SearchContext::new, |ctx, (start, goal)| {
        grid.eight_connected().find_path(ctx, start, goal, &options)
    })
}

/// Online Jump Point Search ([`JpsContext::find_path`]) for every query.
pub fn jps(
    grid: &Grid,
    queries: &[Query],
    mode: JpsMode,
) -> Vec<Result<Outcome<Cell, f64>, JpsError>> {
    run(queries, JpsContext::new, |ctx, (start, goal)| {
        ctx.find_path(grid, start, goal, mode)
    })
}

/// JPS+ ([`JpsPlus::find_path`]) for every query.
pub fn jps_plus(
    plus: &JpsPlus,
    queries: &[Query],
    mode: PathMode,
) -> Vec<Result<Outcome<Cell, f64>, JpsError>> {
    run(queries, JpsContext::new, |ctx, (start, goal)| {
        plus.find_path(ctx, start, goal, mode)
    })
}

/// Only the cost of every query (`None` when unreachable), by online Jump Point Search: no path
/// is built or returned, so a warm worker allocates nothing per query.
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
            ctx.find_path_into(grid, start, goal, mode, path)
                .map(|status| match status {
                    crate::search::Status::Found { cost } => Some(cost),
                    _ => None,
                })
        },
    )
}
