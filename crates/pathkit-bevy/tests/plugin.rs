//! The plugin run headless (the task pools, the clock stepped by hand, no window): requests
//! answered with optimal paths (against a Dijkstra written here from the grid's rules, sharing no
//! code with pathkit), the same in both ways of planning, never more than the budget in a frame,
//! superseded requests dropped, edits re-planned as re-planning everything would, followers
//! arriving.

mod support;
use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_math::Vec3;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit_bevy::{
    Arrived, GridEngine, GridMap, MapEdited, NavMap, PathFailure, PathFollower, PathReady,
    PathRequest, PathkitPlugin, PlannedPath, PlannerStats, Planning,
};
use std::time::Duration;
use support::grid_oracle::{random_grid, Oracle};
use support::{run_until_answered, spawn_requests};

fn app(map: GridMap, planning: Planning) -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .add_plugins(PathkitPlugin::<GridMap>::new(planning));
    app.world_mut().spawn(map);
    app
}

/// Consecutive pairs of `ends`: the ends of one request each.
fn pairs(ends: &[Cell]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    ends.chunks(2).map(|p| (p[0], p[1]))
}

/// Random cells of the grid.
fn cells(grid: &Grid, n: usize, seed: u64) -> Vec<Cell> {
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Cell::new(
                (state % grid.width() as u64) as u32,
                ((state >> 20) % grid.height() as u64) as u32,
            )
        })
        .collect()
}

/// Checks each agent's answer against the oracle; the paths, for comparing.
/// The answers, checked against the oracle, to requests between consecutive pairs of `ends` on
/// `map`, planned async and then within `budget` expansions a frame (each run at most `frames`
/// frames).
fn answers_both_ways(
    map: GridMap,
    oracle: &Oracle,
    ends: &[Cell],
    budget: u64,
    frames: usize,
) -> Vec<Vec<Option<Vec<Cell>>>> {
    [Planning::Async, Planning::Budgeted { expansions: budget }]
        .into_iter()
        .map(|planning| {
            let mut app = app(map.clone(), planning);
            let agents = spawn_requests::<GridMap>(&mut app, pairs(ends));
            let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
            run_until_answered::<GridMap>(&mut app, &ids, frames);
            check_answers(&app, oracle, &agents)
        })
        .collect()
}

fn check_answers(
    app: &App,
    oracle: &Oracle,
    agents: &[(Entity, Cell, Cell)],
) -> Vec<Option<Vec<Cell>>> {
    agents
        .iter()
        .map(|&(e, a, b)| {
            let world = app.world();
            let want = oracle.shortest(a, b);
            match (
                world.get::<PlannedPath<GridMap>>(e),
                world.get::<PathFailure>(e),
            ) {
                (Some(path), None) => {
                    let best = want.unwrap_or_else(|| {
                        panic!("{a:?} -> {b:?}: a path where the oracle has none")
                    });
                    assert_eq!(
                        (path.nodes.first(), path.nodes.last()),
                        (Some(&a), Some(&b))
                    );
                    let walked = oracle.walk(&path.nodes).unwrap();
                    assert!(
                        (walked - path.cost).abs() < 1e-9,
                        "{walked} vs {}",
                        path.cost
                    );
                    assert!(
                        (path.cost - best).abs() < 1e-9,
                        "{a:?} -> {b:?}: {} vs the optimum {best}",
                        path.cost
                    );
                    Some(path.nodes.clone())
                }
                (None, Some(failure)) => {
                    assert_eq!(want, None, "{a:?} -> {b:?}: {failure:?}");
                    None
                }
                other => panic!("{other:?}"),
            }
        })
        .collect()
}

#[test]
fn every_grid_engine_answers_optimal_paths_the_same_in_both_ways_of_planning() {
    // A* on weighted grids; Jump Point Search and JPS+ on walls only (every open cell weighs
    // 1), the maps they take. A JPS step is a jump point: a far smaller budget.
    for (seed, diagonal, engine, budget) in [
        (1, Diagonal::Never, GridEngine::AStar, 300),
        (2, Diagonal::NoCornerCutting, GridEngine::AStar, 300),
        (3, Diagonal::NoCornerCutting, GridEngine::AStar, 300),
        (4, Diagonal::NoCornerCutting, GridEngine::JumpPoints, 3),
        (5, Diagonal::Never, GridEngine::JumpPoints, 3),
        (6, Diagonal::NoCornerCutting, GridEngine::JpsPlus, 3),
        (7, Diagonal::NoCornerCutting, GridEngine::JpsPlus, 3),
    ] {
        let weighted = random_grid(36, 24, 25, seed);
        let grid = match engine {
            GridEngine::AStar => weighted,
            _ => Grid::from_fn(36, 24, |c| weighted.weight(c).min(1)).unwrap(),
        };
        let oracle = Oracle::of(&grid, diagonal == Diagonal::NoCornerCutting);
        let ends = cells(&grid, 50, seed * 7);
        let map = GridMap::new(grid.clone(), diagonal).with_engine(engine);
        let answers = answers_both_ways(map, &oracle, &ends, budget, 20_000);
        assert_eq!(
            answers[0], answers[1],
            "{engine:?}: the two ways of planning differ"
        );
        assert!(answers[0].iter().filter(|a| a.is_some()).count() > 5);
    }
}

#[test]
fn jump_point_engines_refuse_weighted_maps_and_other_moves() {
    let mut weighted = Grid::new(6, 6).unwrap();
    weighted.set_weight(Cell::new(3, 3), 4).unwrap();
    for (grid, diagonal, engine) in [
        (
            weighted.clone(),
            Diagonal::NoCornerCutting,
            GridEngine::JumpPoints,
        ),
        (weighted, Diagonal::NoCornerCutting, GridEngine::JpsPlus),
        (
            Grid::new(6, 6).unwrap(),
            Diagonal::CornerCutting,
            GridEngine::JumpPoints,
        ),
        (
            Grid::new(6, 6).unwrap(),
            Diagonal::Never,
            GridEngine::JpsPlus,
        ),
    ] {
        let mut app = app(
            GridMap::new(grid, diagonal).with_engine(engine),
            Planning::Async,
        );
        let agent = app
            .world_mut()
            .spawn(PathRequest::<GridMap>::new(
                Cell::new(0, 0),
                Cell::new(5, 5),
            ))
            .id();
        run_until_answered::<GridMap>(&mut app, &[agent], 5_000);
        let failure = app.world().get::<PathFailure>(agent);
        assert!(
            matches!(failure, Some(PathFailure::Refused(_))),
            "{engine:?} {diagonal:?}: {failure:?}"
        );
    }
}

#[test]
fn no_frame_expands_more_than_its_budget() {
    let grid = random_grid(60, 60, 20, 9);
    let budget = 250;
    let mut app = app(
        GridMap::new(grid.clone(), Diagonal::NoCornerCutting),
        Planning::Budgeted { expansions: budget },
    );
    let ends = cells(&grid, 30, 5);
    let ids: Vec<Entity> = spawn_requests::<GridMap>(&mut app, pairs(&ends))
        .into_iter()
        .map(|a| a.0)
        .collect();
    let mut frames = 0;
    let mut most = 0;
    loop {
        app.update();
        frames += 1;
        let stats = *app.world().resource::<PlannerStats>();
        most = most.max(stats.expanded);
        assert!(
            stats.expanded <= budget,
            "frame {frames}: {} expansions",
            stats.expanded
        );
        if stats.pending == 0 {
            break;
        }
        assert!(frames < 1000);
    }
    assert_eq!(
        most, budget,
        "the budget is used to the full while work waits"
    );
    assert!(frames > 2, "the work spread over frames");
    let world = app.world();
    assert!(ids
        .iter()
        .all(|&e| world.get::<PlannedPath<GridMap>>(e).is_some()
            || world.get::<PathFailure>(e).is_some()));
}

#[test]
fn a_request_changed_before_its_answer_is_answered_once_for_the_new_goal() {
    let grid = Grid::new(80, 80).unwrap();
    let mut app = app(
        GridMap::new(grid, Diagonal::Never),
        Planning::Budgeted { expansions: 20 },
    );
    let agent = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(
            Cell::new(0, 0),
            Cell::new(79, 79),
        ))
        .id();
    app.update();
    assert!(
        app.world().get::<PlannedPath<GridMap>>(agent).is_none(),
        "not done in 20 expansions"
    );
    app.world_mut()
        .entity_mut(agent)
        .insert(PathRequest::<GridMap>::new(
            Cell::new(0, 0),
            Cell::new(3, 0),
        ));
    let mut ready = 0;
    for _ in 0..50 {
        app.update();
        ready += app
            .world()
            .resource::<Messages<PathReady>>()
            .iter_current_update_messages()
            .count();
    }
    let path = app.world().get::<PlannedPath<GridMap>>(agent).unwrap();
    assert_eq!(path.nodes.last(), Some(&Cell::new(3, 0)));
    assert_eq!(ready, 1, "the old request is never answered");
}

/// Async: a request changed while its batch runs is answered once, for the new goal (the old
/// batch's answer carries the old ticket and is dropped).
#[test]
fn an_async_request_changed_while_its_batch_runs_is_answered_once() {
    let mut app = app(
        GridMap::new(Grid::new(200, 200).unwrap(), Diagonal::Never),
        Planning::Async,
    );
    let agent = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(
            Cell::new(0, 0),
            Cell::new(199, 199),
        ))
        .id();
    app.update();
    app.world_mut()
        .entity_mut(agent)
        .insert(PathRequest::<GridMap>::new(
            Cell::new(0, 0),
            Cell::new(5, 0),
        ));
    let mut ready = 0;
    for _ in 0..2_000 {
        app.update();
        ready += app
            .world()
            .resource::<Messages<PathReady>>()
            .iter_current_update_messages()
            .count();
        if app.world().resource::<PlannerStats>().pending == 0 && ready > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let path = app.world().get::<PlannedPath<GridMap>>(agent).unwrap();
    assert_eq!(path.nodes.last(), Some(&Cell::new(5, 0)));
    assert_eq!(ready, 1, "the replaced search is never answered");
}

#[test]
fn walled_and_cut_off_goals_fail_with_their_reason() {
    let grid = Grid::from_ascii("..#..\n..#.#").unwrap();
    let mut app = app(GridMap::new(grid, Diagonal::Never), Planning::Async);
    let cases = [
        (Cell::new(0, 0), Cell::new(2, 0), PathFailure::GoalBlocked),
        (Cell::new(2, 1), Cell::new(0, 0), PathFailure::StartBlocked),
        (Cell::new(0, 0), Cell::new(3, 0), PathFailure::Unreachable),
    ];
    let ids: Vec<Entity> = cases
        .iter()
        .map(|&(a, b, _)| {
            app.world_mut()
                .spawn(PathRequest::<GridMap>::new(a, b))
                .id()
        })
        .collect();
    run_until_answered::<GridMap>(&mut app, &ids, 5_000);
    for (&e, (_, _, want)) in ids.iter().zip(&cases) {
        assert_eq!(app.world().get::<PathFailure>(e), Some(want));
    }
    // A cell off the map is the map's own refusal.
    let off = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(
            Cell::new(0, 0),
            Cell::new(9, 0),
        ))
        .id();
    run_until_answered::<GridMap>(&mut app, &[off], 5_000);
    assert!(matches!(
        app.world().get::<PathFailure>(off),
        Some(PathFailure::Refused(_))
    ));
}

/// An app planning on `grid` within `budget` (4-connected for even seeds, 8-connected without
/// corner cutting for odd ones), with an agent asking for a path between each pair of `ends`,
/// all answered.
fn answered_agents(
    grid: &Grid,
    seed: u64,
    budget: u64,
    ends: Vec<Cell>,
) -> (Diagonal, App, Vec<(Entity, Cell, Cell)>) {
    let diagonal = if seed.is_multiple_of(2) {
        Diagonal::Never
    } else {
        Diagonal::NoCornerCutting
    };
    let mut app = app(
        GridMap::new(grid.clone(), diagonal),
        Planning::Budgeted { expansions: budget },
    );
    let agents = spawn_requests::<GridMap>(&mut app, pairs(&ends));
    let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
    run_until_answered::<GridMap>(&mut app, &ids, 50);
    (diagonal, app, agents)
}

/// After random edits, every agent's path is what searching again would give (optimal from where
/// it stands, by the oracle), and only the agents whose paths the edits broke or could shorten
/// were searched again.
#[test]
fn edits_re_plan_the_paths_they_affect_as_re_planning_everything_would() {
    for seed in 1..6u64 {
        let grid = random_grid(25, 25, 20, seed);
        let (diagonal, mut app, agents) =
            answered_agents(&grid, seed, 100_000, cells(&grid, 40, seed * 31));
        let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
        let edits = cells(&grid, 12, seed * 101);
        let mut replanned_total = 0;
        for (k, &cell) in edits.iter().enumerate() {
            let before: Vec<Option<PlannedPath<GridMap>>> = ids
                .iter()
                .map(|&e| app.world().get::<PlannedPath<GridMap>>(e).cloned())
                .collect();
            let weight = [0, 1, 3][k % 3];
            support::map_mut::<GridMap>(&mut app)
                .set_weight(cell, weight)
                .unwrap();
            app.update();
            app.update();
            let map = support::map::<GridMap>(&app).clone();
            let oracle = Oracle::of(map.grid(), diagonal == Diagonal::NoCornerCutting);
            let edited = app
                .world()
                .resource::<Messages<MapEdited<GridMap>>>()
                .iter_current_update_messages()
                .count()
                + app.world().resource::<Messages<MapEdited<GridMap>>>().len();
            assert!(edited >= 1 || map.grid().weight(cell) == weight);
            for (i, &(e, a, b)) in agents.iter().enumerate() {
                let want = oracle.shortest(a, b);
                let now = app.world().get::<PlannedPath<GridMap>>(e);
                match (now, want) {
                    (Some(path), Some(best)) => {
                        let walked = oracle
                            .walk(&path.nodes)
                            .unwrap_or_else(|m| panic!("seed {seed}, edit {k}: {m}"));
                        assert!((walked - best).abs() < 1e-9, "seed {seed}, edit {k} at {cell:?}: {a:?} -> {b:?} costs {walked}, the optimum {best}");
                        if before[i].as_ref() != Some(path) {
                            replanned_total += 1;
                        }
                    }
                    (None, None) => {}
                    (Some(path), None) => panic!(
                        "seed {seed}, edit {k}: a path {:?} where the oracle has none",
                        path.nodes
                    ),
                    (None, Some(best)) => {
                        panic!("seed {seed}, edit {k}: no path where the oracle has {best}")
                    }
                }
            }
        }
        assert!(
            replanned_total < agents.len() * edits.len(),
            "not every path was searched again"
        );
    }
}

/// Which paths an edit sends back to the planner: every path it breaks or makes non-optimal
/// (checked by the oracle, path by path), and far fewer than re-planning everything would.
#[test]
fn an_edit_re_plans_every_path_it_breaks_or_beats_and_few_others() {
    let (mut needed, mut replanned, mut everything) = (0u64, 0u64, 0u64);
    for seed in 1..8u64 {
        let grid = random_grid(30, 30, 15, seed);
        let (diagonal, mut app, agents) =
            answered_agents(&grid, seed, 1_000_000, cells(&grid, 60, seed * 13));
        let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
        for (k, &cell) in cells(&grid, 10, seed * 57).iter().enumerate() {
            let paths: Vec<Option<PlannedPath<GridMap>>> = ids
                .iter()
                .map(|&e| app.world().get::<PlannedPath<GridMap>>(e).cloned())
                .collect();
            support::map_mut::<GridMap>(&mut app)
                .set_weight(cell, [0, 1, 2, 3][k % 4])
                .unwrap();
            let oracle = Oracle::of(
                support::map::<GridMap>(&app).grid(),
                diagonal == Diagonal::NoCornerCutting,
            );
            // The paths the edit broke or beat, by the oracle.
            let must: Vec<bool> = agents
                .iter()
                .zip(&paths)
                .map(|(&(_, a, b), path)| match path {
                    Some(p) => oracle.walk(&p.nodes).map_or(true, |c| {
                        oracle.shortest(a, b).is_none_or(|best| best < c - 1e-9)
                    }),
                    None => oracle.shortest(a, b).is_some(),
                })
                .collect();
            let before = app.world().resource::<PlannerStats>().replanned;
            app.update();
            let after = app.world().resource::<PlannerStats>().replanned;
            for ((&(e, _, _), must), path) in agents.iter().zip(&must).zip(&paths) {
                if *must {
                    let now = app.world().get::<PlannedPath<GridMap>>(e).cloned();
                    assert_ne!(
                        &now, path,
                        "seed {seed}, edit {k}: a path the edit broke or beat was kept"
                    );
                }
            }
            needed += must.iter().filter(|&&m| m).count() as u64;
            replanned += after - before;
            everything += agents.len() as u64;
        }
    }
    assert!(replanned >= needed);
    assert!(
        replanned * 3 < everything,
        "{replanned} re-planned of {everything} ({needed} needed)"
    );
    println!("re-planned {replanned} paths where {needed} had to be, of {everything}");
}

#[test]
fn followers_walk_their_paths_and_arrive() {
    let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
    let map = GridMap::new(grid, Diagonal::NoCornerCutting).with_cell_size(2.0);
    let (start, goal) = (Cell::new(0, 1), Cell::new(5, 1));
    let at = map.position(start);
    let end = map.position(goal);
    let mut app = app(map, Planning::Budgeted { expansions: 1_000 });
    let walker = app
        .world_mut()
        .spawn((
            PathRequest::<GridMap>::new(start, goal),
            PathFollower::new(8.0),
            Transform::from_translation(at),
        ))
        .id();
    let mut arrived = false;
    for _ in 0..400 {
        app.update();
        if app
            .world()
            .resource::<Messages<Arrived>>()
            .iter_current_update_messages()
            .any(|m| m.entity == walker)
        {
            arrived = true;
            break;
        }
    }
    assert!(arrived);
    let t = app.world().get::<Transform>(walker).unwrap();
    assert!(
        t.translation.distance(end) < 1e-4,
        "{:?} vs {end:?}",
        t.translation
    );
    assert!(app.world().get::<PathFollower>(walker).unwrap().arrived());
    let _ = Vec3::ZERO;
}

/// A follower with smoothing walks straight between the grid's smoothed waypoints: fewer points
/// than the path's cells, every point it stands on in a frame an open cell, and it arrives.
#[test]
fn a_smoothing_follower_cuts_across_open_ground_and_arrives() {
    let grid = Grid::from_ascii(
        "..........\n\
         ..........\n\
         ...####...\n\
         ..........\n\
         ..........",
    )
    .unwrap();
    let map = GridMap::new(grid.clone(), Diagonal::NoCornerCutting);
    let (start, goal) = (Cell::new(0, 4), Cell::new(9, 0));
    let (at, end) = (map.position(start), map.position(goal));
    let mut app = app(map.clone(), Planning::Budgeted { expansions: 1_000 });
    let walker = app
        .world_mut()
        .spawn((
            PathRequest::<GridMap>::new(start, goal),
            PathFollower::new(3.0).with_smoothing(true),
            Transform::from_translation(at),
        ))
        .id();
    let mut arrived = false;
    for _ in 0..600 {
        app.update();
        let t = app.world().get::<Transform>(walker).unwrap().translation;
        let cell = map.node_at(t).expect("on the map");
        assert!(grid.is_passable(cell), "walked into the wall at {cell:?}");
        if app
            .world()
            .resource::<Messages<Arrived>>()
            .iter_current_update_messages()
            .any(|m| m.entity == walker)
        {
            arrived = true;
            break;
        }
    }
    assert!(arrived);
    let follower = app.world().get::<PathFollower>(walker).unwrap();
    let path = app.world().get::<PlannedPath<GridMap>>(walker).unwrap();
    assert!(
        follower.waypoints().len() < path.nodes.len(),
        "{} waypoints for {} cells",
        follower.waypoints().len(),
        path.nodes.len()
    );
    let t = app.world().get::<Transform>(walker).unwrap().translation;
    assert!(t.distance(end) < 1e-4);
}

#[test]
fn a_jps_plus_map_searches_the_table_of_the_grid_as_edited() {
    let grid = Grid::from_fn(30, 30, |c| random_grid(30, 30, 20, 8).weight(c).min(1)).unwrap();
    let map =
        GridMap::new(grid.clone(), Diagonal::NoCornerCutting).with_engine(GridEngine::JpsPlus);
    let mut app = app(
        map,
        Planning::Budgeted {
            expansions: 1_000_000,
        },
    );
    let agents = spawn_requests::<GridMap>(&mut app, pairs(&cells(&grid, 60, 77)));
    app.update();
    for (k, &cell) in cells(&grid, 16, 303).iter().enumerate() {
        let weight = if k % 4 == 3 { 1 } else { 0 };
        support::map_mut::<GridMap>(&mut app)
            .set_weight(cell, weight)
            .unwrap();
        app.update();
        let oracle = Oracle::of(support::map::<GridMap>(&app).grid(), true);
        check_answers(&app, &oracle, &agents);
    }
}

#[test]
fn a_jps_plus_map_given_terrain_weights_refuses_as_jps_plus_does() {
    let map = GridMap::new(Grid::new(8, 8).unwrap(), Diagonal::NoCornerCutting)
        .with_engine(GridEngine::JpsPlus);
    let mut app = app(map, Planning::Budgeted { expansions: 1_000 });
    let (a, b) = (Cell::new(0, 0), Cell::new(7, 3));
    let agent = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(a, b))
        .id();
    app.update();
    assert!(app.world().get::<PlannedPath<GridMap>>(agent).is_some());
    // The table is built; a swamp on the way is a weight JPS+ cannot price.
    let mut map = support::map_mut::<GridMap>(&mut app);
    map.block(Cell::new(3, 3)).unwrap(); // a wall: the table follows
    map.set_weight(Cell::new(4, 1), 3).unwrap();
    app.world_mut()
        .entity_mut(agent)
        .insert(PathRequest::<GridMap>::new(a, b));
    app.update();
    let failure = app.world().get::<PathFailure>(agent);
    assert!(
        matches!(failure, Some(PathFailure::Refused(_))),
        "{failure:?}"
    );
}
