//! The plugin measured: 1,000 agents on a 512x512 city map (Moving AI's `Paris_1_512`).
//!
//! ```text
//! cargo run --release -p pathkit-bevy --example bench [-- path/to/Paris_1_512.map.scen]
//! ```
//!
//! Prints, for the same 1,000 queries (the scenario's, spread over its buckets):
//! for each of the grid map's engines (A*, Jump Point Search, JPS+):
//! - pathkit's own time for them, one after the other on one thread, and how many fit in a
//!   frame at 60 fps;
//! - the plugin answering them all, async (frames and wall time until the last answer) and within
//!   budgets of expansions per frame (the frame times' median, 99th percentile and maximum, and
//!   the frames it took), against no budget (every search in the first frame);
//! - an edit (a wall across a street) and what it costs: the paths re-planned, and the time to
//!   answer them, against re-planning every agent.
//!
//! Times vary with the machine and its load: compare the lines of one run, not runs.

use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use pathkit_bevy::{
    GridEngine, GridMap, PathFailure, PathRequest, PathkitPlugin, PlannedPath, PlannerStats,
    Planning,
};
use std::time::{Duration, Instant};

const AGENTS: usize = 1_000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let scen = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/movingai/Paris_1_512.map.scen"
        )
        .into()
    });
    let scenario = Scenario::load(&scen)?;
    let map_file = std::path::Path::new(&scen).with_extension("");
    let grid = MovingAiMap::load(&map_file)?.to_grid()?;
    let entries = scenario.entries();
    let queries: Vec<(Cell, Cell)> = (0..AGENTS)
        .map(|k| {
            let e = &entries[k * entries.len() / AGENTS];
            (e.start, e.goal)
        })
        .collect();
    println!(
        "{} ({}x{}), {AGENTS} agents, 8-connected without corner cutting",
        map_file.display(),
        grid.width(),
        grid.height()
    );

    for engine in [
        GridEngine::AStar,
        GridEngine::JumpPoints,
        GridEngine::JpsPlus,
    ] {
        println!("\n== {engine:?}");
        measure(&grid, &queries, engine)?;
    }
    Ok(())
}

/// pathkit's own time for the queries on `engine`, one after the other on this thread; ms.
fn alone(
    grid: &Grid,
    queries: &[(Cell, Cell)],
    engine: GridEngine,
) -> Result<f64, Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut found = 0;
    match engine {
        GridEngine::AStar => {
            let space = grid.eight_connected();
            let mut ctx = SearchContext::new();
            for &(a, b) in queries {
                found += usize::from(space.find_path(&mut ctx, a, b)?.is_found());
            }
        }
        GridEngine::JumpPoints => {
            let jps = grid.jump_points(JpsMode::EIGHT);
            let mut ctx = JpsContext::new();
            for &(a, b) in queries {
                found += usize::from(jps.find_path(&mut ctx, a, b)?.is_found());
            }
        }
        GridEngine::JpsPlus => {
            let plus = JpsPlus::new(grid.clone())?;
            let built = started.elapsed();
            println!(
                "JPS+ table built in {:.1} ms (not counted below: the map builds it before the game runs)",
                ms(built)
            );
            let started = Instant::now();
            let mut ctx = JpsContext::new();
            for &(a, b) in queries {
                found += usize::from(plus.find_path(&mut ctx, a, b)?.is_found());
            }
            // What the edit below costs the table: walls one at a time, or a new table.
            let queries_done = started.elapsed();
            let mut walled = plus.clone();
            let local = Instant::now();
            for y in 200..300 {
                walled.block(Cell::new(256, y))?;
            }
            let local = local.elapsed();
            let rebuilt = Instant::now();
            let _table = JpsPlus::new(walled.grid().clone())?;
            println!(
                "JPS+ table after the edit below: 100 cells walled one by one in {:.1} ms, built anew in {:.1} ms",
                ms(local),
                ms(rebuilt.elapsed())
            );
            assert_eq!(found, queries.len());
            return Ok(ms(queries_done));
        }
    }
    assert_eq!(found, queries.len());
    Ok(ms(started.elapsed()))
}

fn measure(
    grid: &Grid,
    queries: &[(Cell, Cell)],
    engine: GridEngine,
) -> Result<(), Box<dyn std::error::Error>> {
    let alone = alone(grid, queries, engine)?;
    println!(
        "pathkit alone: {alone:.1} ms for the {AGENTS} queries ({:.0} us each): {:.0} queries in a 60 fps frame (16.7 ms)",
        alone * 1e3 / AGENTS as f64,
        16.7 / (alone / AGENTS as f64)
    );

    // The plugin, async.
    let (frames, wall, _) = run(grid, queries, engine, Planning::Async);
    println!(
        "plugin, async: all answered after {frames} frames, {:.1} ms ({:+.0}% over pathkit alone on one thread; the pool has {} threads)",
        ms(wall),
        (ms(wall) / alone - 1.0) * 100.0,
        bevy_tasks::available_parallelism()
    );

    // The plugin within budgets (a JPS expansion is a jump point, with all its scanning).
    let budgets: &[u64] = match engine {
        GridEngine::AStar => &[u64::MAX, 200_000, 50_000, 10_000],
        _ => &[u64::MAX, 20_000, 5_000, 1_000],
    };
    for &budget in budgets {
        let (frames, wall, times) = run(
            grid,
            queries,
            engine,
            Planning::Budgeted { expansions: budget },
        );
        let label = if budget == u64::MAX {
            "no budget".to_string()
        } else {
            format!("budget {budget}")
        };
        println!(
            "plugin, {label:>14}: {frames:>4} frames ({:.1} answers a frame), {:.1} ms in all; frame time median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            AGENTS as f64 / frames as f64,
            ms(wall),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            percentile(&times, 1.0)
        );
    }

    // An edit: a wall across the map's middle column, rows 200 to 300.
    let mut app = app(
        grid,
        engine,
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    let ids = spawn(&mut app, queries);
    until_answered(&mut app, &ids);
    let before = app.world().resource::<PlannerStats>().replanned;
    let started = Instant::now();
    {
        let world = app.world_mut();
        let mut maps = world.query::<&mut GridMap>();
        let mut map = maps.single_mut(world)?;
        for y in 200..300 {
            map.block(Cell::new(256, y))?;
        }
    }
    app.update();
    let edit = started.elapsed();
    let replanned = app.world().resource::<PlannerStats>().replanned - before;
    let started = Instant::now();
    // Every request asked again (inserting a component marks it changed).
    for (&e, &(a, b)) in ids.iter().zip(queries) {
        app.world_mut()
            .entity_mut(e)
            .insert(PathRequest::<GridMap>::new(a, b));
    }
    app.update();
    let all = started.elapsed();
    println!(
        "an edit (100 cells walled): {replanned} of {AGENTS} paths re-planned, {:.1} ms; re-planning every agent: {:.1} ms",
        ms(edit),
        ms(all)
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn percentile(times: &[f64], q: f64) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn app(grid: &Grid, engine: GridEngine, planning: Planning) -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .add_plugins(PathkitPlugin::<GridMap>::new(planning));
    app.world_mut()
        .spawn(GridMap::new(grid.clone(), Diagonal::NoCornerCutting).with_engine(engine));
    app.update();
    app
}

fn spawn(app: &mut App, queries: &[(Cell, Cell)]) -> Vec<Entity> {
    queries
        .iter()
        .map(|&(a, b)| {
            app.world_mut()
                .spawn(PathRequest::<GridMap>::new(a, b))
                .id()
        })
        .collect()
}

fn answered(app: &App, ids: &[Entity]) -> bool {
    let world = app.world();
    ids.iter().all(|&e| {
        world.get::<PlannedPath<GridMap>>(e).is_some() || world.get::<PathFailure>(e).is_some()
    })
}

/// Frames until every agent has an answer; the frame times, ms.
fn until_answered(app: &mut App, ids: &[Entity]) -> (usize, Vec<f64>) {
    let mut times = Vec::new();
    while !answered(app, ids) {
        let started = Instant::now();
        app.update();
        times.push(ms(started.elapsed()));
        if times.len() % 1000 == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    (times.len(), times)
}

/// The plugin answering every query: frames, wall time, frame times.
fn run(
    grid: &Grid,
    queries: &[(Cell, Cell)],
    engine: GridEngine,
    planning: Planning,
) -> (usize, Duration, Vec<f64>) {
    let mut app = app(grid, engine, planning);
    let ids = spawn(&mut app, queries);
    let started = Instant::now();
    let (frames, times) = until_answered(&mut app, &ids);
    (frames, started.elapsed(), times)
}
