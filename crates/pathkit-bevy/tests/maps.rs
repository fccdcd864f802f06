//! Several maps of one type in a world: each agent planned on its own map ([`OnMap`]) against a
//! Dijkstra of that map written from the rules (sharing no code with pathkit), edits of a map
//! re-planning only its agents, one budget a frame for all the maps, agents moved between maps,
//! and typed failures when an agent's map is missing, ambiguous or removed.

mod support;
use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit_bevy::{
    GridMap, MapEdited, NavMap, OnMap, PathFailure, PathFollower, PathRequest, PathkitPlugin,
    PlannedPath, PlannerStats, Planning,
};
use std::time::Duration;
use support::grid_oracle::{random_grid, Oracle};
use support::run_until_answered;

/// An app with the plugin and no map yet.
fn app(planning: Planning) -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .add_plugins(PathkitPlugin::<GridMap>::new(planning));
    app
}

/// Seeded cells of a `w` x `h` grid.
fn cells(w: u32, h: u32, n: usize, seed: u64) -> Vec<Cell> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            Cell::new((s % u64::from(w)) as u32, ((s >> 20) % u64::from(h)) as u32)
        })
        .collect()
}

/// Checks that `agent` (from `a` to `b`) has the oracle's answer on `grid`: a walk as cheap as
/// the optimum, or a failure where there is no path.
fn check(app: &App, agent: Entity, grid: &Grid, (a, b): (Cell, Cell)) {
    let oracle = Oracle::of(grid, true);
    let world = app.world();
    match (
        world.get::<PlannedPath<GridMap>>(agent),
        oracle.shortest(a, b),
    ) {
        (Some(path), Some(best)) => {
            let walked = oracle.walk(&path.nodes).unwrap();
            assert!(
                (walked - best).abs() < 1e-9,
                "{a:?} -> {b:?}: {walked} vs {best}"
            );
        }
        (None, None) => assert!(world.get::<PathFailure>(agent).is_some()),
        other => panic!("{a:?} -> {b:?}: {other:?}"),
    }
}

/// The map component on `map`.
fn grid_of(app: &App, map: Entity) -> Grid {
    app.world().get::<GridMap>(map).unwrap().grid().clone()
}

#[test]
fn agents_on_two_maps_of_one_type_are_each_answered_on_their_own_in_both_ways_of_planning() {
    for planning in [Planning::Async, Planning::Budgeted { expansions: 150 }] {
        let mut app = app(planning);
        let grids = [random_grid(24, 18, 25, 5), random_grid(24, 18, 25, 6)];
        let maps: Vec<Entity> = grids
            .iter()
            .map(|g| {
                let map = GridMap::new(g.clone(), Diagonal::NoCornerCutting);
                app.world_mut().spawn(map).id()
            })
            .collect();
        let ends = cells(24, 18, 80, 99);
        let agents: Vec<(Entity, usize, Cell, Cell)> = ends
            .chunks(2)
            .enumerate()
            .map(|(i, p)| {
                let on = i % 2;
                let request = PathRequest::<GridMap>::new(p[0], p[1]);
                let e = app.world_mut().spawn((request, OnMap(maps[on]))).id();
                (e, on, p[0], p[1])
            })
            .collect();
        let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
        run_until_answered::<GridMap>(&mut app, &ids, 20_000);
        for &(e, on, a, b) in &agents {
            check(&app, e, &grids[on], (a, b));
        }
        // The same ends on the two maps differ somewhere: each was searched on its own.
        let differ = agents.chunks(2).any(|pair| {
            let path = |e| app.world().get::<PlannedPath<GridMap>>(e).map(|p| p.cost);
            path(pair[0].0) != path(pair[1].0) || pair[0].2 != pair[1].2
        });
        assert!(differ);
    }
}

/// An edit of one map re-plans agents on it only, says which map it was, and no frame spends
/// more than the one budget over both maps while both maps' requests get answered.
#[test]
fn an_edit_of_one_map_re_plans_its_agents_only_and_both_maps_share_one_budget() {
    let budget = 40;
    let mut app = app(Planning::Budgeted { expansions: budget });
    let grid = Grid::new(30, 10).unwrap();
    let maps: Vec<Entity> = (0..2)
        .map(|_| {
            let map = GridMap::new(grid.clone(), Diagonal::NoCornerCutting);
            app.world_mut().spawn(map).id()
        })
        .collect();
    let agents: Vec<(Entity, usize)> = (0..20)
        .map(|i| {
            let request =
                PathRequest::<GridMap>::new(Cell::new(0, i % 10), Cell::new(29, 9 - i % 10));
            (
                app.world_mut()
                    .spawn((request, OnMap(maps[(i % 2) as usize])))
                    .id(),
                (i % 2) as usize,
            )
        })
        .collect();
    let ids: Vec<Entity> = agents.iter().map(|a| a.0).collect();
    let mut frames = 0;
    while ids
        .iter()
        .any(|&e| app.world().get::<PlannedPath<GridMap>>(e).is_none())
    {
        app.update();
        frames += 1;
        let spent = app.world().resource::<PlannerStats>().expanded;
        assert!(spent <= budget, "frame {frames}: {spent} expansions");
        assert!(frames < 10_000);
        // The maps take turns: neither waits for the other's whole queue.
        let answered = |on: usize| {
            let mine = agents.iter().filter(|a| a.1 == on);
            mine.filter(|a| app.world().get::<PlannedPath<GridMap>>(a.0).is_some())
                .count()
        };
        let (zero, one) = (answered(0), answered(1));
        assert!(
            zero.abs_diff(one) <= 2,
            "frame {frames}: {zero} and {one} answered"
        );
    }
    let before: Vec<PlannedPath<GridMap>> = ids
        .iter()
        .map(|&e| app.world().get::<PlannedPath<GridMap>>(e).unwrap().clone())
        .collect();
    // A wall across map 0 but for its last row.
    {
        let mut map = app.world_mut().get_mut::<GridMap>(maps[0]).unwrap();
        for y in 0..9 {
            map.block(Cell::new(15, y)).unwrap();
        }
    }
    app.update();
    let edited: Vec<Entity> = app
        .world_mut()
        .resource_mut::<Messages<MapEdited<GridMap>>>()
        .drain()
        .map(|m| m.map)
        .collect();
    assert_eq!(edited, [maps[0]]);
    run_until_answered::<GridMap>(&mut app, &ids, 10_000);
    for _ in 0..2_000 {
        if app.world().resource::<PlannerStats>().pending == 0 {
            break;
        }
        app.update();
    }
    let cut = grid_of(&app, maps[0]);
    for ((&(e, on), old), &i) in agents
        .iter()
        .zip(&before)
        .zip(&(0..20).collect::<Vec<u32>>())
    {
        let now = app.world().get::<PlannedPath<GridMap>>(e).unwrap();
        let ends = (Cell::new(0, i % 10), Cell::new(29, 9 - i % 10));
        if on == 0 {
            check(&app, e, &cut, ends);
            assert!(
                now.nodes.contains(&Cell::new(15, 9)),
                "round the end of the wall"
            );
        } else {
            assert_eq!(now, old, "an agent of the other map was re-planned");
            check(&app, e, &grid, ends);
        }
    }
}

/// Changing an agent's `OnMap` plans it on the new map; removing it with several maps left,
/// pointing it at an entity with no map, or a world with no map, are refusals saying why; a map
/// despawned under waiting requests fails them.
#[test]
fn agents_moved_between_maps_and_missing_or_removed_maps() {
    let mut app = app(Planning::Budgeted { expansions: 3 });
    let (open, walled) = (
        Grid::from_ascii("......\n......").unwrap(),
        Grid::from_ascii("..#...\n..#...").unwrap(),
    );
    let request = PathRequest::<GridMap>::new(Cell::new(0, 0), Cell::new(5, 0));
    let lonely = app.world_mut().spawn(request.clone()).id();
    app.update();
    let refused = |app: &App, e: Entity, says: &str| match app.world().get::<PathFailure>(e) {
        Some(PathFailure::Refused(why)) => assert!(why.contains(says), "{why}"),
        other => panic!("{other:?}"),
    };
    refused(&app, lonely, "no map");
    let a = app
        .world_mut()
        .spawn(GridMap::new(open.clone(), Diagonal::Never))
        .id();
    let b = app
        .world_mut()
        .spawn(GridMap::new(walled, Diagonal::Never))
        .id();
    let agent = app.world_mut().spawn((request.clone(), OnMap(a))).id();
    run_until_answered::<GridMap>(&mut app, &[agent], 100);
    assert_eq!(
        app.world().get::<PlannedPath<GridMap>>(agent).unwrap().cost,
        5.0
    );
    app.world_mut().entity_mut(agent).insert(OnMap(b));
    for _ in 0..100 {
        app.update();
        if app.world().get::<PathFailure>(agent).is_some() {
            break;
        }
    }
    assert_eq!(
        app.world().get::<PathFailure>(agent),
        Some(&PathFailure::Unreachable)
    );
    assert!(app.world().get::<PlannedPath<GridMap>>(agent).is_none());
    app.world_mut().entity_mut(agent).remove::<OnMap>();
    app.update();
    refused(&app, agent, "2 maps");
    let nowhere = app.world_mut().spawn_empty().id();
    app.world_mut().entity_mut(agent).insert(OnMap(nowhere));
    app.update();
    refused(&app, agent, "holds no map");
    // Requests still waiting on a map (3 expansions a frame) when it goes.
    let far = PathRequest::<GridMap>::new(Cell::new(0, 0), Cell::new(5, 1));
    let waiting: Vec<Entity> = (0..4)
        .map(|_| app.world_mut().spawn((far.clone(), OnMap(a))).id())
        .collect();
    app.update();
    app.world_mut().despawn(a);
    app.update();
    for e in waiting {
        refused(&app, e, "removed");
    }
}

/// Followers walk in the world where their own map lies.
#[test]
fn followers_walk_on_their_own_maps() {
    let mut app = app(Planning::Budgeted { expansions: 10_000 });
    let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
    let origins = [Vec2::new(0.0, 0.0), Vec2::new(100.0, -50.0)];
    let maps: Vec<Entity> = origins
        .iter()
        .map(|&o| {
            let map = GridMap::new(grid.clone(), Diagonal::Never).with_origin(o);
            app.world_mut().spawn(map).id()
        })
        .collect();
    let (start, goal) = (Cell::new(0, 1), Cell::new(4, 1));
    let walkers: Vec<Entity> = maps
        .iter()
        .map(|&m| {
            let at = app.world().get::<GridMap>(m).unwrap().position(start);
            let bundle = (
                PathRequest::<GridMap>::new(start, goal),
                OnMap(m),
                PathFollower::new(5.0),
                Transform::from_translation(at),
            );
            app.world_mut().spawn(bundle).id()
        })
        .collect();
    for _ in 0..200 {
        app.update();
    }
    for (&w, &m) in walkers.iter().zip(&maps) {
        assert!(app.world().get::<PathFollower>(w).unwrap().arrived());
        let there = app.world().get::<GridMap>(m).unwrap().position(goal);
        let at = app.world().get::<Transform>(w).unwrap().translation;
        assert!(at.distance(there) < 1e-3, "{at} vs {there}");
    }
}
