//! `pathkit bench-hierarchy`: hierarchical search (HPA*) beside A* on the same queries: time,
//! expansions, path cost against the optimum, the hierarchy's build time, memory and the time
//! of one edit. The scenario files' maps and, with `--big`, a 4096 x 4096 map with weighted
//! terrain built from one of them.

use crate::bench::{median, spread};
use crate::check;
use crate::cli::HierarchyArgs;
use crate::error::CliError;
use crate::scenario::{self, Query};
use crate::stream::Stream;
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
use pathkit::search::{SearchContext, SearchOptions};
use pathkit::{Goal, Pathfinder};
use std::hint::black_box;
use std::time::Instant;

/// One map's row of the table.
struct MapRow {
    label: String,
    size: (u32, u32),
    lines: usize,
    levels: u8,
    build_ms: f64,
    memory_mib: f64,
    nodes: usize,
    astar: Timing,
    hpa: Timing,
    /// Mean and worst cost above the optimum, in percent.
    mean_excess: f64,
    worst_excess: f64,
    /// Median and worst time of one edit, in microseconds.
    edit_median_us: f64,
    edit_max_us: f64,
    /// A* answers whose length differs from the stated optimum, and HPA* answers that are
    /// no valid path or found none.
    wrong: usize,
}

#[derive(Default)]
struct Timing {
    median_us: f64,
    mean_us: f64,
    mean_expanded: f64,
}

/// Runs `bench-hierarchy`; exit status 0, or 1 when an answer was wrong.
pub fn run(args: &HierarchyArgs) -> Result<i32, CliError> {
    let files = scenario::collect(&args.paths)?;
    let rounds = args.rounds.max(1);
    let mut options = HierarchyOptions::new().cluster_size(args.cluster);
    options.levels = args.levels;
    let mut rows = Vec::new();
    let mut big_source: Option<Grid> = None;
    for path in &files {
        let file = scenario::load(path)?;
        for group in &file.maps {
            let label = scenario::label(path);
            if label == args.big_from {
                big_source = Some(group.grid.clone());
            }
            let queries = spread(&group.queries, args.limit);
            let row = bench_map(
                label,
                &group.grid,
                &queries,
                Some(file.tolerance),
                options,
                rounds,
                args.edits,
            )?;
            eprintln!("{}: done", row.label);
            rows.push(row);
        }
    }
    if args.big {
        let source = big_source.ok_or_else(|| {
            CliError::Usage(format!(
                "--big needs the scenario file of {} among the inputs",
                args.big_from
            ))
        })?;
        let grid = upscaled_with_terrain(&source, 4, BIG_SEED)?;
        let queries = random_queries(&grid, args.big_queries, BIG_SEED);
        let label = format!("{} x4, weighted", args.big_from);
        let row = bench_map(label, &grid, &queries, None, options, 1, args.edits)?;
        rows.push(row);
    }
    print!("{}", table(&rows, rounds, args.cluster));
    Ok(if rows.iter().any(|r| r.wrong > 0) {
        1
    } else {
        0
    })
}

/// The seed of the big map's terrain and queries.
pub(crate) const BIG_SEED: u64 = 0x4850_412a;

/// `source` with every cell made `factor` x `factor` cells, then terrain laid on the free cells
/// from a fixed seed: rectangles of weight 2 to 5 (mud, shallow water, rubble), covering about
/// a third of the map, the same each time.
pub fn upscaled_with_terrain(source: &Grid, factor: u32, seed: u64) -> Result<Grid, CliError> {
    let (w, h) = (source.width() * factor, source.height() * factor);
    let mut weights: Vec<u32> = Vec::with_capacity(w as usize * h as usize);
    for y in 0..h {
        for x in 0..w {
            weights.push(source.weight(Cell::new(x / factor, y / factor)));
        }
    }
    let mut rng = Stream::new(seed);
    let patches = (w as u64 * h as u64) / 2000;
    for _ in 0..patches {
        let pw = 8 + rng.below(56) as u32;
        let ph = 8 + rng.below(56) as u32;
        let x0 = rng.below(w as u64) as u32;
        let y0 = rng.below(h as u64) as u32;
        let weight = 2 + rng.below(4) as u32;
        for y in y0..(y0 + ph).min(h) {
            for x in x0..(x0 + pw).min(w) {
                let cell = &mut weights[(y * w + x) as usize];
                if *cell != 0 {
                    *cell = weight;
                }
            }
        }
    }
    Grid::from_fn(w, h, |c| weights[(c.y * w + c.x) as usize])
        .map_err(|e| CliError::Search(e.to_string()))
}

/// `count` queries between random free cells of the largest connected part, from a fixed seed;
/// their optimum is measured by A*.
pub(crate) fn random_queries(grid: &Grid, count: usize, seed: u64) -> Vec<Query> {
    let rule = pathkit::grid::Diagonal::NoCornerCutting;
    let mut state = Stream::new(seed.rotate_left(17));
    let pick = |rng: &mut Stream| loop {
        let cell = Cell::new(
            rng.below(grid.width() as u64) as u32,
            rng.below(grid.height() as u64) as u32,
        );
        if grid.is_passable(cell) {
            return cell;
        }
    };
    // The part of the map most random cells fall in.
    let mut counts = std::collections::HashMap::new();
    for _ in 0..200 {
        let cell = pick(&mut state);
        *counts.entry(grid.component(cell, rule)).or_insert(0u32) += 1;
    }
    let main = counts
        .into_iter()
        .max_by_key(|&(c, n)| (n, c))
        .and_then(|(c, _)| c);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (start, goal) = (pick(&mut state), pick(&mut state));
        if grid.component(start, rule) == main && grid.component(goal, rule) == main {
            out.push(Query {
                line: out.len() + 1,
                bucket: 0,
                start,
                goal,
                optimal: f64::NAN,
            });
        }
    }
    out
}

fn bench_map(
    label: String,
    grid: &Grid,
    queries: &[Query],
    tolerance: Option<f64>,
    options: HierarchyOptions,
    rounds: usize,
    edits: usize,
) -> Result<MapRow, CliError> {
    let search_error = |e: pathkit::hierarchy::HierarchyError| CliError::Search(e.to_string());
    let started = Instant::now();
    let mut map = HierarchicalGrid::eight_connected(grid.clone(), options).map_err(search_error)?;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let size = map.size();
    let space = grid.eight_connected();
    let mut wrong = 0;
    let mut ctx = SearchContext::new();
    let mut hctx = HierarchyContext::new();
    let mut path = Vec::new();
    let (mut a_times, mut h_times) = (Vec::new(), Vec::new());
    let (mut a_expanded, mut h_expanded) = (0u64, 0u64);
    let (mut excess_sum, mut worst, mut found) = (0.0f64, 0.0f64, 0usize);
    let options = SearchOptions::new();
    for q in queries {
        // A*: the optimum, checked against the file when it states one.
        let status = space
            .find_path_into(&mut ctx, q.start, Goal::Node(q.goal), &options, &mut path)
            .map_err(|e| CliError::Search(e.to_string()))?;
        a_expanded += ctx.stats().expanded;
        let optimal = status.found_cost();
        if let (Some(tolerance), Some(cost)) = (tolerance, optimal) {
            if !check::matches(cost, q.optimal, tolerance) {
                wrong += 1;
            }
        }
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let t = Instant::now();
            let s =
                space.find_path_into(&mut ctx, q.start, Goal::Node(q.goal), &options, &mut path);
            black_box(&s);
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        a_times.push(best);
        // HPA*: a valid path, its cost against the optimum.
        let status = map
            .find_path_into(
                &mut hctx,
                q.start,
                Goal::Node(q.goal),
                &Default::default(),
                &mut path,
            )
            .map_err(search_error)?;
        h_expanded += hctx.stats().expanded;
        let length = weighted_cost(grid, &path, q.start, q.goal);
        match (status.found_cost(), optimal, length) {
            (Some(cost), Some(opt), Some(len)) if (len - cost).abs() <= 1e-6 * cost.max(1.0) => {
                let excess = if opt > 0.0 { cost / opt - 1.0 } else { 0.0 };
                excess_sum += excess;
                worst = worst.max(excess);
                found += 1;
            }
            (None, None, _) => {}
            _ => wrong += 1,
        }
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let t = Instant::now();
            let s = map.find_path_into(
                &mut hctx,
                q.start,
                Goal::Node(q.goal),
                &Default::default(),
                &mut path,
            );
            black_box(&s);
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        h_times.push(best);
    }
    // Edits: a free cell walled and opened again, at cells spread over the map.
    let mut edit_times = Vec::new();
    let mut rng = Stream::new(0x9e37_79b9u64 ^ grid.len() as u64);
    let mut tries = 0;
    while edit_times.len() < 2 * edits && tries < 100 * edits.max(1) {
        tries += 1;
        let cell = Cell::new(
            rng.below(grid.width() as u64) as u32,
            rng.below(grid.height() as u64) as u32,
        );
        let weight = grid.weight(cell);
        if weight == 0 {
            continue;
        }
        for w in [0, weight] {
            let t = Instant::now();
            map.set_weight(cell, w).map_err(search_error)?;
            edit_times.push(t.elapsed().as_secs_f64() * 1e6);
        }
    }
    let (edit_median_us, edit_max_us) = (
        median(&mut edit_times),
        edit_times.iter().copied().fold(0.0, f64::max),
    );
    let n = queries.len().max(1) as f64;
    Ok(MapRow {
        label,
        size: (grid.width(), grid.height()),
        lines: queries.len(),
        levels: map.levels(),
        build_ms,
        memory_mib: size.bytes as f64 / (1 << 20) as f64,
        nodes: size.nodes,
        astar: Timing {
            mean_us: a_times.iter().sum::<f64>() / n,
            median_us: median(&mut a_times),
            mean_expanded: a_expanded as f64 / n,
        },
        hpa: Timing {
            mean_us: h_times.iter().sum::<f64>() / n,
            median_us: median(&mut h_times),
            mean_expanded: h_expanded as f64 / n,
        },
        mean_excess: 100.0 * excess_sum / found.max(1) as f64,
        worst_excess: 100.0 * worst,
        edit_median_us,
        edit_max_us,
        wrong,
    })
}

/// The cost of `path` from `start` to `goal` under the Moving AI moves (8-connected, no corner
/// cut), each move priced by the weight of the cell entered; `None` when it is no such path.
pub(crate) fn weighted_cost(grid: &Grid, path: &[Cell], start: Cell, goal: Cell) -> Option<f64> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return None;
    }
    let free = |x: u32, y: u32| grid.is_passable(Cell::new(x, y));
    let mut total = 0.0;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        if !free(a.x, a.y) || !free(b.x, b.y) || dx > 1 || dy > 1 || dx + dy == 0 {
            return None;
        }
        let base = if dx + dy == 2 {
            if !free(b.x, a.y) || !free(a.x, b.y) {
                return None;
            }
            std::f64::consts::SQRT_2
        } else {
            1.0
        };
        total += base * grid.weight(b) as f64;
    }
    Some(total)
}

fn table(rows: &[MapRow], rounds: usize, cluster: u32) -> String {
    let mut out = format!(
        "HPA* (`HierarchicalGrid`, {cluster}-cell clusters) beside A* (`GridSpace::find_path`, the grid's fast loop) \
         on the same queries, 8-connected, no corner cutting; per query the fastest of {rounds} rounds \
         (1 on the big map); cost above optimal measured against A*'s; an edit walls a free cell or opens it again\n\n\
         | map | size | queries | levels | build ms | memory MiB | nodes | A* median µs | A* mean µs | A* mean expanded | HPA* median µs | HPA* mean µs | HPA* mean expanded | speed-up median | speed-up mean | cost above optimal, mean % | worst % | edit median µs | edit max µs | wrong |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for r in rows {
        out += &format!(
            "| {} | {}x{} | {} | {} | {:.0} | {:.1} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.1}x | {:.1}x | {:.2} | {:.1} | {:.0} | {:.0} | {} |\n",
            r.label,
            r.size.0,
            r.size.1,
            r.lines,
            r.levels,
            r.build_ms,
            r.memory_mib,
            r.nodes,
            r.astar.median_us,
            r.astar.mean_us,
            r.astar.mean_expanded,
            r.hpa.median_us,
            r.hpa.mean_us,
            r.hpa.mean_expanded,
            r.astar.median_us / r.hpa.median_us.max(1e-9),
            r.astar.mean_us / r.hpa.mean_us.max(1e-9),
            r.mean_excess,
            r.worst_excess,
            r.edit_median_us,
            r.edit_max_us,
            r.wrong,
        );
    }
    out
}
