//! `pathkit bench-terrain`: optimal search on weighted terrain. Jump Point Search on weights
//! (`WeightedJumpPoints`) and A* with landmark bounds (ALT, through the general loop) beside A*
//! (the grid's fast loop) on the same queries, every answer's cost checked against Dijkstra's
//! and its path walked.
//!
//! The Moving AI maps carry no terrain, so each map gets some from a fixed seed, two ways:
//! patches (rectangles of weight 2 to 5 over about a third of the map, as the big map of
//! `bench-hierarchy` has) and noise (every free cell a weight from 1 to 4). The scenario files'
//! start and goal cells are kept; their stated lengths are not (the terrain changes them).

use crate::bench::{median, spread};
use crate::cli::TerrainArgs;
use crate::error::CliError;
use crate::hierarchy_bench::{random_queries, upscaled_with_terrain, weighted_cost, BIG_SEED};
use crate::scenario::{self, Query};
use crate::stream::Stream;
use pathkit::grid::Grid;
use pathkit::jps::{JpsContext, WeightedJumpPoints};
use pathkit::search::{
    AStar, IndexedSpace, LandmarkChoice, Landmarks, SearchContext, SearchOptions, Status,
};
use pathkit::{Goal, Pathfinder};
use std::hint::black_box;
use std::time::Instant;

/// The seed of the Moving AI maps' terrain.
const TERRAIN_SEED: u64 = 0x7e44_a1f5;

/// How terrain is laid on a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Terrain {
    /// Rectangles of weight 2 to 5 over about a third of the map.
    Patches,
    /// A weight from 1 to 4 for every free cell.
    Noise,
}

impl Terrain {
    fn name(self) -> &'static str {
        match self {
            Terrain::Patches => "patches",
            Terrain::Noise => "noise",
        }
    }

    /// `grid` with this terrain on its free cells, from `seed`.
    fn lay(self, grid: &Grid, seed: u64) -> Result<Grid, CliError> {
        match self {
            Terrain::Patches => upscaled_with_terrain(grid, 1, seed),
            Terrain::Noise => {
                let mut rng = Stream::new(seed);
                Grid::from_fn(grid.width(), grid.height(), |c| {
                    let draw = 1 + rng.below(4) as u32;
                    if grid.is_passable(c) {
                        draw
                    } else {
                        0
                    }
                })
                .map_err(|e| CliError::Search(e.to_string()))
            }
        }
    }
}

/// Median and mean time and mean expansions of one search over a map's queries.
struct Timing {
    median_us: f64,
    mean_us: f64,
    mean_expanded: f64,
}

/// One map and terrain's row.
struct Row {
    label: String,
    terrain: &'static str,
    size: (u32, u32),
    queries: usize,
    build_ms: f64,
    memory_kib: f64,
    astar: Timing,
    jumps: Timing,
    /// `WeightedJumpPoints` estimated with the same landmarks, when asked for.
    jumps_alt: Option<Timing>,
    /// A* with landmark bounds, when asked for: its timing, build ms and memory MiB.
    alt: Option<(Timing, f64, f64)>,
    /// Answers whose cost differs from Dijkstra's or whose path is not a walk of that cost.
    wrong: usize,
}

/// Runs `bench-terrain`; exit status 0, or 1 when an answer was wrong.
pub fn run(args: &TerrainArgs) -> Result<i32, CliError> {
    let files = scenario::collect(&args.paths)?;
    let rounds = args.rounds.max(1);
    let mut rows = Vec::new();
    let mut big_source: Option<Grid> = None;
    for path in &files {
        let file = scenario::load(path)?;
        for group in &file.maps {
            let label = scenario::label(path);
            if label == args.big_from {
                big_source = Some(group.grid.clone());
            }
            if args.big_only {
                continue;
            }
            let queries = spread(&group.queries, args.limit);
            for terrain in [Terrain::Patches, Terrain::Noise] {
                let grid = terrain.lay(&group.grid, TERRAIN_SEED)?;
                let row = bench_map(
                    &label,
                    terrain.name(),
                    &grid,
                    &queries,
                    rounds,
                    args.landmarks,
                )?;
                eprintln!("{label} ({}): done", terrain.name());
                rows.push(row);
            }
        }
    }
    if args.big || args.big_only {
        let source = big_source.ok_or_else(|| {
            CliError::Usage(format!(
                "--big needs the scenario file of {} among the inputs",
                args.big_from
            ))
        })?;
        let grid = upscaled_with_terrain(&source, 4, BIG_SEED)?;
        let queries = random_queries(&grid, args.big_queries, BIG_SEED);
        let label = format!("{} x4", args.big_from);
        rows.push(bench_map(&label, "patches", &grid, &queries, 1, 0)?);
    }
    print!("{}", table(&rows, rounds));
    Ok(if rows.iter().any(|r| r.wrong > 0) {
        1
    } else {
        0
    })
}

/// Times A*, `WeightedJumpPoints` and, with `landmarks` above 0, A* with that many landmarks
/// (the farthest, from the first query's start) on `queries` over `grid`, after checking each
/// answer against Dijkstra's cost.
fn bench_map(
    label: &str,
    terrain: &'static str,
    grid: &Grid,
    queries: &[Query],
    rounds: usize,
    landmarks: usize,
) -> Result<Row, CliError> {
    let search = |e: &dyn std::fmt::Display| CliError::Search(e.to_string());
    let started = Instant::now();
    let jumps = WeightedJumpPoints::new(grid.clone()).map_err(|e| search(&e))?;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let space = grid.eight_connected();
    let (mut ctx, mut jctx) = (SearchContext::new(), JpsContext::new());
    let mut path = Vec::new();
    let plain = SearchOptions::new();
    let mut wrong = 0;
    let (mut a_times, mut j_times, mut l_times) = (Vec::new(), Vec::new(), Vec::new());
    let (mut a_expanded, mut j_expanded, mut l_expanded) = (0u64, 0u64, 0u64);
    let (mut jl_times, mut jl_expanded) = (Vec::new(), 0u64);
    let started = Instant::now();
    let seed = queries.first().map(|q| q.start);
    let table = match seed {
        Some(seed) if landmarks > 0 => {
            let choice = LandmarkChoice::Farthest {
                count: landmarks,
                seed,
            };
            Some(Landmarks::new(&space, choice).map_err(|e| search(&e))?)
        }
        _ => None,
    };
    let alt_build_ms = started.elapsed().as_secs_f64() * 1e3;
    let guided = table.as_ref().map(|t| space.with_landmarks(t));
    for q in queries {
        let goal = Goal::Node(q.goal);
        let dijkstra = space
            .find_path_into(
                &mut ctx,
                q.start,
                goal,
                &SearchOptions::dijkstra(),
                &mut path,
            )
            .map_err(|e| search(&e))?
            .found_cost();
        let mut right = |status: Status<f64>, path: &[pathkit::grid::Cell]| {
            let walked = weighted_cost(grid, path, q.start, q.goal);
            let agrees = match (status.found_cost(), dijkstra, walked) {
                (Some(cost), Some(best), Some(len)) => {
                    let tol = 1e-9 * best.max(1.0);
                    (cost - best).abs() <= tol && (len - cost).abs() <= tol
                }
                (None, None, _) => true,
                _ => false,
            };
            if !agrees {
                wrong += 1;
            }
        };
        let status = space
            .find_path_into(&mut ctx, q.start, goal, &plain, &mut path)
            .map_err(|e| search(&e))?;
        a_expanded += ctx.stats().expanded;
        right(status, &path);
        let status = jumps
            .find_path_into(&mut jctx, q.start, goal, &plain, &mut path)
            .map_err(|e| search(&e))?;
        j_expanded += jctx.stats().expanded;
        right(status, &path);
        if let Some(guided) = &guided {
            let status = AStar(guided)
                .find_path_into(&mut ctx, q.start, goal, &plain, &mut path)
                .map_err(|e| search(&e))?;
            l_expanded += ctx.stats().expanded;
            right(status, &path);
        }
        if let Some(table) = &table {
            let status = jumps
                .with_landmarks(table)
                .find_path_into(&mut jctx, q.start, goal, &plain, &mut path)
                .map_err(|e| search(&e))?;
            jl_expanded += jctx.stats().expanded;
            right(status, &path);
        }
        // Interleaved rounds, the fastest of each kept.
        let (mut a_best, mut j_best) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            a_best = a_best.min(fastest(1, || {
                black_box(space.find_path_into(&mut ctx, q.start, goal, &plain, &mut path)).ok();
            }));
            j_best = j_best.min(fastest(1, || {
                black_box(jumps.find_path_into(&mut jctx, q.start, goal, &plain, &mut path)).ok();
            }));
        }
        a_times.push(a_best);
        j_times.push(j_best);
        if let Some(guided) = &guided {
            l_times.push(fastest(rounds, || {
                black_box(AStar(guided).find_path_into(&mut ctx, q.start, goal, &plain, &mut path))
                    .ok();
            }));
        }
        if let Some(table) = &table {
            jl_times.push(fastest(rounds, || {
                let guided = jumps.with_landmarks(table);
                black_box(guided.find_path_into(&mut jctx, q.start, goal, &plain, &mut path)).ok();
            }));
        }
    }
    let n = queries.len().max(1) as f64;
    let timing = |times: &mut Vec<f64>, expanded: u64| Timing {
        mean_us: times.iter().sum::<f64>() / n,
        median_us: median(times),
        mean_expanded: expanded as f64 / n,
    };
    Ok(Row {
        label: label.to_string(),
        terrain,
        size: (grid.width(), grid.height()),
        queries: queries.len(),
        build_ms,
        memory_kib: jumps.memory_bytes() as f64 / 1024.0,
        astar: timing(&mut a_times, a_expanded),
        jumps: timing(&mut j_times, j_expanded),
        jumps_alt: table.as_ref().map(|_| timing(&mut jl_times, jl_expanded)),
        alt: table.as_ref().map(|t| {
            (
                timing(&mut l_times, l_expanded),
                alt_build_ms,
                t.memory_bytes() as f64 / (1 << 20) as f64,
            )
        }),
        wrong,
    })
}

/// The rows as a Markdown table, with the median of the speed-ups per terrain under it.
/// The fastest of `rounds` calls of `query`, in µs.
fn fastest(rounds: usize, mut query: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            query();
            t.elapsed().as_secs_f64() * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

fn table(rows: &[Row], rounds: usize) -> String {
    let mut out = format!(
        "Jump Point Search on weights (`WeightedJumpPoints`) beside A* (`GridSpace::find_path`, the grid's fast loop) \
         on the same queries, 8-connected, no corner cutting, a move costing its base cost times the weight of the cell \
         entered; per query the fastest of {rounds} interleaved rounds (1 on the big map); every answer checked against \
         Dijkstra's cost and walked; ALT: A* with landmark bounds through the general loop (`AStar(space.with_landmarks(..))`), \
         `-` when not run\n\n\
         | map | terrain | size | queries | build ms | marks KiB | A* median µs | A* mean µs | A* mean expanded | JPS median µs | JPS mean µs | JPS mean expanded | speed-up median | speed-up mean | ALT build ms | ALT MiB | ALT median µs | ALT mean expanded | ALT speed-up median | JPS+ALT median µs | JPS+ALT mean expanded | JPS+ALT speed-up median | wrong |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for r in rows {
        out += &format!(
            "| {} | {} | {}x{} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2}x | {:.2}x | {} | {} | {} |\n",
            r.label,
            r.terrain,
            r.size.0,
            r.size.1,
            r.queries,
            r.build_ms,
            r.memory_kib,
            r.astar.median_us,
            r.astar.mean_us,
            r.astar.mean_expanded,
            r.jumps.median_us,
            r.jumps.mean_us,
            r.jumps.mean_expanded,
            r.astar.median_us / r.jumps.median_us.max(1e-9),
            r.astar.mean_us / r.jumps.mean_us.max(1e-9),
            match &r.alt {
                Some((t, build_ms, mib)) => format!(
                    "{build_ms:.0} | {mib:.1} | {:.0} | {:.0} | {:.2}x",
                    t.median_us,
                    t.mean_expanded,
                    r.astar.median_us / t.median_us.max(1e-9)
                ),
                None => "- | - | - | - | -".to_string(),
            },
            match &r.jumps_alt {
                Some(t) => format!(
                    "{:.0} | {:.0} | {:.2}x",
                    t.median_us,
                    t.mean_expanded,
                    r.astar.median_us / t.median_us.max(1e-9)
                ),
                None => "- | - | -".to_string(),
            },
            r.wrong,
        );
    }
    for terrain in ["patches", "noise"] {
        let mut ratios: Vec<f64> = rows
            .iter()
            .filter(|r| r.terrain == terrain)
            .map(|r| r.astar.median_us / r.jumps.median_us.max(1e-9))
            .collect();
        let mut alt: Vec<f64> = rows
            .iter()
            .filter(|r| r.terrain == terrain)
            .filter_map(|r| r.alt.as_ref())
            .zip(
                rows.iter()
                    .filter(|r| r.terrain == terrain && r.alt.is_some()),
            )
            .map(|((t, _, _), r)| r.astar.median_us / t.median_us.max(1e-9))
            .collect();
        if !ratios.is_empty() {
            out += &format!(
                "\nMedian of the maps' median speed-ups, {terrain}: JPS {:.2}x over {} maps",
                median(&mut ratios),
                ratios.len()
            );
            if !alt.is_empty() {
                out += &format!(", ALT {:.2}x over {} maps", median(&mut alt), alt.len());
            }
            let mut both: Vec<f64> = rows
                .iter()
                .filter(|r| r.terrain == terrain)
                .filter_map(|r| {
                    r.jumps_alt
                        .as_ref()
                        .map(|t| r.astar.median_us / t.median_us.max(1e-9))
                })
                .collect();
            if !both.is_empty() {
                out += &format!(
                    ", JPS+ALT {:.2}x over {} maps",
                    median(&mut both),
                    both.len()
                );
            }
            out += "\n";
        }
    }
    out
}
