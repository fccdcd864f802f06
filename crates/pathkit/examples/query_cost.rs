//! The cost of one query by A*, online JPS or JPS+, without a benchmark harness around it: every
//! line of a scenario file answered through `find_path_into` with one reused path buffer, the
//! grid's tables and the context's records built first, so what is measured is the query alone.
//!
//! ```text
//! cargo run --release -p pathkit-games --example query_cost -- ALGO MAP.map MAP.map.scen [PASSES]
//! ```
//!
//! `ALGO` is `astar`, `jps`, `jps-plus` (each writing every cell of the path) or
//! `jps-plus-points` (JPS+ writing the start, the jump points and the goal,
//! `PathMode::JumpPoints`, as `scen_times` does). After one pass over the file to warm up, it
//! makes `PASSES` more (default 101), times each, and prints the median pass's time per query: a
//! pass the scheduler interrupted is an outlier, so the median holds on a busy machine.
//! Instructions a query, repeatable whatever the load, come from callgrind, counting only the timed
//! passes:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='query_cost::passes' \
//!     target/release/examples/query_cost jps lak104d.map lak104d.map.scen 3
//! ```
//!
//! then the total instructions over (lines x `PASSES`). The example uses only API that older
//! versions have too, so copying it into an older checkout compares the two.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::SearchContext;
use pathkit::{Goal, Pathfinder};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// An engine with its state, built for one map. One a run, so its size does not matter, and
/// the contexts are not boxed: the measured queries reach them without an indirection.
#[allow(clippy::large_enum_variant)]
enum Engine {
    Astar(SearchContext<f64>),
    Jps(JpsContext),
    JpsPlus(Box<JpsPlus>, JpsContext, PathMode),
}

/// One pass over `queries`; the number of paths found.
#[inline(never)]
fn pass(engine: &mut Engine, grid: &Grid, queries: &[(Cell, Cell)], path: &mut Vec<Cell>) -> usize {
    let mut found = 0;
    for &(start, goal) in queries {
        let status = match engine {
            Engine::Astar(ctx) => grid
                .eight_connected()
                .find_path_into(ctx, start, Goal::Node(goal), &Default::default(), path)
                .map(|s| s.is_found())
                .map_err(|e| e.to_string()),
            Engine::Jps(ctx) => grid
                .jump_points(JpsMode::EIGHT)
                .find_path_into(ctx, start, Goal::Node(goal), &Default::default(), path)
                .map(|s| s.is_found())
                .map_err(|e| e.to_string()),
            Engine::JpsPlus(plus, ctx, mode) => plus
                .paths(*mode)
                .find_path_into(ctx, start, Goal::Node(goal), &Default::default(), path)
                .map(|s| s.is_found())
                .map_err(|e| e.to_string()),
        };
        found += usize::from(status.expect("a query of the scenario file is refused"));
        black_box(&path);
    }
    found
}

/// The timed passes, each its time per query in nanoseconds (callgrind's `--toggle-collect`
/// target).
#[inline(never)]
fn passes(
    engine: &mut Engine,
    grid: &Grid,
    queries: &[(Cell, Cell)],
    path: &mut Vec<Cell>,
    n: usize,
) -> Vec<f64> {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            black_box(pass(engine, grid, queries, path));
            t.elapsed().as_secs_f64() * 1e9 / queries.len().max(1) as f64
        })
        .collect()
}

fn run(args: &[String]) -> Result<String, String> {
    let [algo, map, scen, rest @ ..] = args else {
        return Err(
            "usage: query_cost astar|jps|jps-plus|jps-plus-points MAP.map MAP.map.scen [PASSES]"
                .into(),
        );
    };
    let n: usize = match rest.first() {
        Some(p) => p
            .parse()
            .map_err(|_| format!("not a number of passes: {p}"))?,
        None => 101,
    };
    let grid = MovingAiMap::load(map)
        .and_then(|m| Ok(m.to_grid()?))
        .map_err(|e| e.to_string())?;
    let queries: Vec<(Cell, Cell)> = Scenario::load(scen)
        .map_err(|e| e.to_string())?
        .entries()
        .iter()
        .map(|e| (e.start, e.goal))
        .collect();
    grid.prepare(Diagonal::NoCornerCutting)
        .map_err(|e| e.to_string())?;
    let mut engine = match algo.as_str() {
        "astar" => {
            let mut ctx = SearchContext::new();
            ctx.reserve(&grid.eight_connected())
                .map_err(|e| e.to_string())?;
            Engine::Astar(ctx)
        }
        "jps" => {
            let mut ctx = JpsContext::new();
            ctx.reserve(&grid).map_err(|e| e.to_string())?;
            Engine::Jps(ctx)
        }
        "jps-plus" | "jps-plus-points" => {
            let plus = JpsPlus::new(grid.clone()).map_err(|e| e.to_string())?;
            let mut ctx = JpsContext::new();
            ctx.reserve(&grid).map_err(|e| e.to_string())?;
            let mode = if algo == "jps-plus" {
                PathMode::Cells
            } else {
                PathMode::JumpPoints
            };
            Engine::JpsPlus(Box::new(plus), ctx, mode)
        }
        other => {
            return Err(format!(
                "unknown algorithm {other}: astar, jps, jps-plus or jps-plus-points"
            ))
        }
    };
    let mut path = Vec::new();
    let found = pass(&mut engine, &grid, &queries, &mut path);
    let mut times = passes(&mut engine, &grid, &queries, &mut path, n.max(1));
    times.sort_by(f64::total_cmp);
    Ok(format!(
        "{algo} {}: {} queries ({found} found), {} passes; median pass {:.1} ns/query",
        map,
        queries.len(),
        times.len(),
        times[times.len() / 2]
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
