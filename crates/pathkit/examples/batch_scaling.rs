//! How [`pathkit::batch`] scales with threads on Moving AI maps: every scenario line of a map
//! answered by A*, online JPS and JPS+, with 1 thread and then with every core.
//!
//! ```text
//! cargo run --release -p pathkit-games --example batch_scaling [map names...]
//! ```
//!
//! Reads `<name>.map` and `.map.scen` (default: den520d and AcrosstheCape) from the Moving AI
//! benchmark set in `shared/movingai` beside the checkout, or under `$PATHKIT_SHARED_DIR` (README.md,
//! "Data"); exits with status 1 when a map cannot be read. Each batch runs 3 times per thread count and the best time is kept; the
//! speed-up is the 1-thread time over the many-thread time. Comparisons with other crates, one
//! query at a time, are `pathkit bench`'s job.

use pathkit::batch;
use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsMode, JpsPlus, PathMode};
use pathkit::search::{Outcome, SearchOptions};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// A Moving AI `.map` as a grid and the (start, goal) pairs of its `.scen` file.
fn load(map: &Path, scen: &Path) -> Result<(Grid, Vec<(Cell, Cell)>), String> {
    let grid = MovingAiMap::load(map)
        .and_then(|m| Ok(m.to_grid()?))
        .map_err(|e| e.to_string())?;
    let scen = Scenario::load(scen).map_err(|e| e.to_string())?;
    let queries = scen.entries().iter().map(|e| (e.start, e.goal)).collect();
    Ok((grid, queries))
}

/// One engine's whole batch, returning how many paths it found.
type Batch<'a> = Box<dyn Fn() -> usize + Sync + 'a>;

/// How many answers found a path.
fn found<E>(results: Vec<Result<Outcome<Cell, f64>, E>>) -> usize {
    results
        .iter()
        .filter(|r| matches!(r, Ok(o) if o.is_found()))
        .count()
}

/// The best of 3 wall times of `work` on a pool of `threads` threads, in seconds.
fn best_time(threads: usize, work: &(dyn Fn() -> usize + Sync)) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let found = pool.install(work);
            assert!(found > 0, "every map here has reachable goals");
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() -> ExitCode {
    let root = test_prerequisites::shared_dir().join("movingai");
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = vec!["den520d".into(), "AcrosstheCape".into()];
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    for name in names {
        let map = root.join(format!("{name}.map"));
        let scen = root.join(format!("{name}.map.scen"));
        let (grid, queries) = match load(&map, &scen) {
            Ok(loaded) => loaded,
            Err(e) => {
                eprintln!(
                    "error: {name}: {e}\nThe Moving AI benchmark set goes in {}: see README.md, \"Data\".",
                    root.display()
                );
                return ExitCode::FAILURE;
            }
        };
        let plus = JpsPlus::new(grid.clone()).expect("a uniform-cost map");
        let options = SearchOptions::new();
        println!(
            "{name}: {}x{}, {} queries, {cores} cores",
            grid.width(),
            grid.height(),
            queries.len()
        );
        let engines: [(&str, Batch); 3] = [
            (
                "A*",
                Box::new(|| {
                    found(batch::find_paths(
                        &grid.eight_connected(),
                        &queries,
                        &options,
                    ))
                }),
            ),
            (
                "JPS",
                Box::new(|| {
                    found(batch::find_paths(
                        &grid.jump_points(JpsMode::EIGHT),
                        &queries,
                        &options,
                    ))
                }),
            ),
            (
                "JPS+",
                Box::new(|| {
                    found(batch::find_paths(
                        &plus.paths(PathMode::Cells),
                        &queries,
                        &options,
                    ))
                }),
            ),
        ];
        for (engine, work) in &engines {
            let one = best_time(1, work.as_ref());
            let many = best_time(cores, work.as_ref());
            println!(
                "  {engine:<5} 1 thread {:>9.2} ms   {cores} threads {:>9.2} ms   speed-up {:.2}x",
                one * 1e3,
                many * 1e3,
                one / many
            );
        }
    }
    ExitCode::SUCCESS
}
