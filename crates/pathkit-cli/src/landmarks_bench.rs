//! `pathkit bench-landmarks`: A* with the octile estimate beside A* with landmark bounds (ALT)
//! on the same scenario lines, both through the search core's general loop, answers checked
//! against the lengths the files state.

use crate::bench::spread;
use crate::check;
use crate::cli::LandmarksArgs;
use crate::error::CliError;
use crate::landmarks_levels;
use crate::scenario::{self, MapQueries, Query};
use pathkit::grid::{Cell, Grid};
use pathkit::search::AStar;
use pathkit::search::{
    IndexedSpace, LandmarkChoice, Landmarks, SearchContext, SearchOptions, Status,
};
use pathkit::{Goal, Pathfinder};
use std::hint::black_box;
use std::time::Instant;

/// One way of answering a line: writes the path into the buffer, reusing the context.
type OneQuery<'a> =
    dyn FnMut(&mut SearchContext<f64>, &Query, &mut Vec<Cell>) -> Result<Status<f64>, String> + 'a;

/// What one way of searching did over a map's lines.
struct Timing {
    /// Median of each line's best-of-rounds time, in microseconds.
    median_us: f64,
    /// Mean of the same, in microseconds.
    mean_us: f64,
    /// Mean expansions a line.
    mean_expanded: f64,
}

/// One map's row.
struct MapRow {
    label: String,
    lines: usize,
    landmarks: usize,
    build_ms: f64,
    memory_bytes: u64,
    octile: Timing,
    alt: Timing,
    /// Octile A* through the grid's own fast loop (`GridSpace::find_path`), for reference.
    fast: Timing,
    /// Lines whose answer was not of the stated length (either search).
    wrong: usize,
}

/// Runs `bench-landmarks`; exit status 0, or 1 when a search gave a length other than the file's.
pub fn run(args: &LandmarksArgs) -> Result<i32, CliError> {
    let files = if args.paths.is_empty() {
        Vec::new()
    } else {
        scenario::collect(&args.paths)?
    };
    let rounds = args.rounds.max(1);
    let mut rows = Vec::new();
    for path in &files {
        let file = scenario::load(path)?;
        for group in &file.maps {
            let queries = spread(&group.queries, args.limit);
            let label = scenario::label(path);
            rows.push(bench_map(
                label,
                group,
                &queries,
                args.landmarks,
                rounds,
                file.tolerance,
            )?);
        }
    }
    if !rows.is_empty() {
        print!("{}", table(&rows, args.landmarks, rounds));
    }
    let mut levels_right = true;
    if !args.floors.is_empty() {
        let row = landmarks_levels::bench(args, &args.floors)?;
        if !rows.is_empty() {
            println!();
        }
        print!("{}", landmarks_levels::table(&row, args));
        levels_right = row.all_right();
    }
    Ok(if rows.iter().any(|r| r.wrong > 0) || !levels_right {
        1
    } else {
        0
    })
}

/// Builds the landmarks of one map (the farthest, seeded at the first line's start, which lies
/// in the part of the map the lines use) and times both searches on every line.
fn bench_map(
    label: String,
    group: &MapQueries,
    queries: &[Query],
    count: usize,
    rounds: usize,
    tolerance: f64,
) -> Result<MapRow, CliError> {
    let space = group.grid.eight_connected();
    let seed = queries.first().map_or(Cell::new(0, 0), |q| q.start);
    let started = Instant::now();
    let landmarks = Landmarks::new(&space, LandmarkChoice::Farthest { count, seed })
        .map_err(|e| CliError::Search(e.to_string()))?;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let guided = space.with_landmarks(&landmarks);
    let mut wrong = 0;
    let options = SearchOptions::new();
    let mut timed = |search: &mut OneQuery<'_>| {
        time_searches(search, &group.grid, queries, rounds, tolerance, &mut wrong)
    };
    let octile = timed(&mut |ctx, q, path| general(ctx, &space, q, &options, path))?;
    let alt = timed(&mut |ctx, q, path| general(ctx, &guided, q, &options, path))?;
    let fast = timed(&mut |ctx, q, path| {
        space
            .find_path_into(ctx, q.start, Goal::Node(q.goal), &options, path)
            .map_err(|e| e.to_string())
    })?;
    Ok(MapRow {
        label,
        lines: queries.len(),
        landmarks: landmarks.nodes().len(),
        build_ms,
        memory_bytes: landmarks.memory_bytes(),
        octile,
        alt,
        fast,
        wrong,
    })
}

/// One query through the search core's general loop.
fn general<S: IndexedSpace<Node = Cell, Cost = f64>>(
    ctx: &mut SearchContext<f64>,
    space: &S,
    q: &Query,
    options: &SearchOptions<f64>,
    path: &mut Vec<Cell>,
) -> Result<Status<f64>, String> {
    AStar(space)
        .find_path_into(ctx, q.start, Goal::Node(q.goal), options, path)
        .map_err(|e| e.to_string())
}

/// Runs `search` for every line `rounds + 1` times (the first to check the answer and warm
/// the context), keeping each line's fastest round.
fn time_searches(
    search: &mut OneQuery<'_>,
    grid: &Grid,
    queries: &[Query],
    rounds: usize,
    tolerance: f64,
    wrong: &mut usize,
) -> Result<Timing, CliError> {
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let mut times = Vec::with_capacity(queries.len());
    let mut expanded = 0u64;
    for q in queries {
        let found = search(&mut ctx, q, &mut path)
            .map_err(CliError::Search)?
            .is_found();
        expanded += ctx.stats().expanded;
        let length = check::octile_length(grid, &path, q.start, q.goal);
        if !found || !length.is_ok_and(|len| check::matches(len, q.optimal, tolerance)) {
            *wrong += 1;
        }
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let started = Instant::now();
            let status = search(&mut ctx, q, &mut path);
            black_box(&status);
            best = best.min(started.elapsed().as_secs_f64() * 1e6);
        }
        times.push(best);
    }
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1) as f64;
    Ok(Timing {
        median_us: times.get(times.len() / 2).copied().unwrap_or(0.0),
        mean_us: times.iter().sum::<f64>() / n,
        mean_expanded: expanded as f64 / n,
    })
}

/// The rows as a Markdown table.
fn table(rows: &[MapRow], count: usize, rounds: usize) -> String {
    let mut out = format!(
        "A* through the general loop, octile estimate vs landmark bounds (ALT, {count} farthest landmarks asked for); \
         per line the fastest of {rounds} rounds; \
         the grid's fast loop (octile, `GridSpace::find_path`) for reference\n\n\
         | map | lines | landmarks | build ms | memory MiB | octile median µs | octile mean µs | octile mean expanded | ALT median µs | ALT mean µs | ALT mean expanded | expanded ratio | median speed-up | fast-loop octile median µs | wrong |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for r in rows {
        out += &format!(
            "| {} | {} | {} | {:.0} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2}x | {:.0} | {} |\n",
            r.label,
            r.lines,
            r.landmarks,
            r.build_ms,
            r.memory_bytes as f64 / (1 << 20) as f64,
            r.octile.median_us,
            r.octile.mean_us,
            r.octile.mean_expanded,
            r.alt.median_us,
            r.alt.mean_us,
            r.alt.mean_expanded,
            r.alt.mean_expanded / r.octile.mean_expanded.max(1.0),
            r.octile.median_us / r.alt.median_us.max(1e-9),
            r.fast.median_us,
            r.wrong,
        );
    }
    out
}
