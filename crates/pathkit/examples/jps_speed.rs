//! Speed of pathkit's A*, Jump Point Search and JPS+ on Moving AI maps, against the `pathfinding`
//! crate's A* on the same queries.
//!
//! ```text
//! cargo run --release -p pathkit --example jps_speed [--all] [--quick] [map names...]
//! ```
//!
//! Reads `<workspace>/../shared/movingai/<name>.map` and `.map.scen` (default: den520d and
//! AcrosstheCape) and prints the median and mean microseconds per query. Every engine runs on the
//! same queries: an even sample of at most 400 scenario lines (`--all`: every line). `--quick`
//! skips the two A* engines. The batch section times all lines with 1 and 2 rayon threads.

use pathkit::batch;
use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::{SearchContext, SearchOptions, Status};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A Moving AI `.map` as a grid (`.`, `G` and `S` passable).
fn load_map(path: &Path) -> Result<Grid, String> {
    let map = MovingAiMap::load(path).map_err(|e| e.to_string())?;
    map.to_grid().map_err(|e| e.to_string())
}

/// The (start, goal, optimal length) triples of a `.scen` file.
fn load_scen(path: &Path) -> Result<Vec<(Cell, Cell, f64)>, String> {
    let scen = Scenario::load(path).map_err(|e| e.to_string())?;
    Ok(scen
        .entries()
        .iter()
        .map(|e| (e.start, e.goal, e.optimal_length))
        .collect())
}

/// Median and mean of per-query microseconds.
fn summary(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    (times[times.len() / 2], mean)
}

/// Times `query` on every scenario line, checking its cost against the optimal length.
fn bench(
    name: &str,
    queries: &[(Cell, Cell, f64)],
    mut query: impl FnMut(Cell, Cell) -> Option<f64>,
) -> f64 {
    // One untimed pass warms the caches and the contexts.
    for &(s, g, _) in queries {
        query(s, g);
    }
    let mut times = Vec::with_capacity(queries.len());
    let mut worst = 0.0f64;
    for &(s, g, optimal) in queries {
        let t = Instant::now();
        let cost = query(s, g);
        times.push(t.elapsed().as_secs_f64() * 1e6);
        worst = worst.max((cost.unwrap_or(f64::INFINITY) - optimal).abs());
    }
    let (median, mean) = summary(times);
    println!("  {name:<22} median {median:>9.2} µs   mean {mean:>9.2} µs   max |cost - optimal| {worst:.1e}");
    median
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/movingai");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let quick = args.iter().any(|a| a == "--quick");
    let mut names: Vec<String> = args.into_iter().filter(|a| !a.starts_with("--")).collect();
    if names.is_empty() {
        names = vec!["den520d".into(), "AcrosstheCape".into()];
    }
    for name in names {
        let map = root.join(format!("{name}.map"));
        let scen = root.join(format!("{name}.map.scen"));
        let (grid, every) = match (load_map(&map), load_scen(&scen)) {
            (Ok(g), Ok(q)) => (g, q),
            (Err(e), _) | (_, Err(e)) => {
                println!("skipping {name}: {e} (Moving AI data missing?)");
                continue;
            }
        };
        let stride = if all { 1 } else { every.len().div_ceil(400) };
        let queries: Vec<_> = every.iter().copied().step_by(stride).collect();
        println!(
            "{name}: {}x{}, {} of {} scenario lines",
            grid.width(),
            grid.height(),
            queries.len(),
            every.len()
        );

        let (w, h) = (grid.width() as i32, grid.height() as i32);
        let free = |x: i32, y: i32| {
            x >= 0 && y >= 0 && x < w && y < h && grid.passable_xy(x as i64, y as i64)
        };
        let reference = if quick {
            f64::NAN
        } else {
            bench("pathfinding::astar", &queries, |s, g| {
                let goal = (g.x as i32, g.y as i32);
                pathfinding::prelude::astar(
                    &(s.x as i32, s.y as i32),
                    |&(x, y)| {
                        let mut next = Vec::with_capacity(8);
                        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            if free(x + dx, y + dy) {
                                next.push(((x + dx, y + dy), 1000u64));
                            }
                        }
                        for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if free(x + dx, y + dy) && free(x + dx, y) && free(x, y + dy) {
                                next.push(((x + dx, y + dy), 1414u64));
                            }
                        }
                        next
                    },
                    |&(x, y)| {
                        let (dx, dy) = (
                            (x - goal.0).unsigned_abs() as u64,
                            (y - goal.1).unsigned_abs() as u64,
                        );
                        1000 * dx.max(dy) + 414 * dx.min(dy)
                    },
                    |&p| p == goal,
                )
                .map(|(path, _)| {
                    path.windows(2)
                        .map(|w| {
                            if w[0].0 != w[1].0 && w[0].1 != w[1].1 {
                                std::f64::consts::SQRT_2
                            } else {
                                1.0
                            }
                        })
                        .sum()
                })
            })
        };

        let space = grid.octile();
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        let options = SearchOptions::new();
        let astar = if quick {
            f64::NAN
        } else {
            bench("pathkit A*", &queries, |s, g| {
                match ctx.search_into(&space, s, g, &options, &mut path).unwrap() {
                    Status::Found { cost } => Some(cost),
                    _ => None,
                }
            })
        };

        let mut jps = JpsContext::new();
        let jps_median = bench("pathkit JPS", &queries, |s, g| {
            match jps
                .find_path_into(&grid, s, g, JpsMode::EIGHT, &mut path)
                .unwrap()
            {
                Status::Found { cost } => Some(cost),
                _ => None,
            }
        });
        let (mut expanded, mut pushed) = (0, 0);
        for &(s, g, _) in &queries {
            jps.find_path_into(&grid, s, g, JpsMode::EIGHT, &mut path)
                .unwrap();
            expanded += jps.stats().expanded;
            pushed += jps.stats().pushed;
        }
        println!(
            "  JPS per query: {:.1} expanded, {:.1} pushed",
            expanded as f64 / queries.len() as f64,
            pushed as f64 / queries.len() as f64
        );
        bench("pathkit JPS (jumps)", &queries, |s, g| {
            match jps
                .find_path_into(&grid, s, g, JpsMode::EIGHT.jump_points(), &mut path)
                .unwrap()
            {
                Status::Found { cost } => Some(cost),
                _ => None,
            }
        });

        let plus = JpsPlus::new(grid.clone()).unwrap();
        let build = plus.build_time();
        println!(
            "  JPS+ build {:.2} ms, {:.2} MiB",
            build.as_secs_f64() * 1e3,
            plus.memory_bytes() as f64 / (1 << 20) as f64
        );
        let plus_median = bench("pathkit JPS+", &queries, |s, g| {
            match plus
                .find_path_into(&mut jps, s, g, PathMode::Cells, &mut path)
                .unwrap()
            {
                Status::Found { cost } => Some(cost),
                _ => None,
            }
        });
        println!(
            "  speed-up over pathfinding::astar (medians): A* {:.1}x, JPS {:.1}x, JPS+ {:.1}x",
            reference / astar,
            reference / jps_median,
            reference / plus_median
        );

        let pairs: Vec<(Cell, Cell)> = every.iter().map(|&(s, g, _)| (s, g)).collect();
        let mut one = 0.0;
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut best = f64::INFINITY;
            for _ in 0..3 {
                let t = Instant::now();
                let results = pool.install(|| batch::jps_costs(&grid, &pairs, JpsMode::EIGHT));
                best = best.min(t.elapsed().as_secs_f64());
                assert!(results.iter().all(|r| matches!(r, Ok(Some(_)))));
            }
            if threads == 1 {
                one = best;
            }
            println!(
                "  batch JPS, {threads} thread(s): {} queries in {:.2} ms ({:.0} queries/s, speed-up {:.2}x)",
                pairs.len(),
                best * 1e3,
                pairs.len() as f64 / best,
                one / best
            );
        }
    }
}
