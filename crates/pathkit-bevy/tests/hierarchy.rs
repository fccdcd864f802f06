//! HPA* maps in the plugin: every answer a walk the grid's rules allow (checked by the oracle of
//! `support::grid_oracle`, written from the rules), found exactly when the oracle's Dijkstra
//! finds a path, near-optimal, the same in both ways of planning; after random edits every path
//! is still a walk of the edited grid; budgeted planning pays back what a whole search ran over.

mod support;
use bevy_app::App;
use bevy_ecs::entity::Entity;
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
use pathkit::Pathfinder;
use pathkit_bevy::{HierarchyMap, PathFailure, PlannedPath, PlannerStats, Planning};
use support::grid_oracle::{random_grid, Oracle};
use support::{app, run_until_answered, spawn_requests};

fn map_of(grid: Grid) -> HierarchyMap {
    let options = HierarchyOptions::new().cluster_size(8);
    HierarchyMap::new(HierarchicalGrid::eight_connected(grid, options).unwrap())
}

/// Pairs of open cells drawn from `seed`.
fn queries(grid: &Grid, n: usize, seed: u64) -> Vec<(Cell, Cell)> {
    let mut state = seed | 1;
    let mut open_cell = || loop {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let cell = Cell::new(
            (state % u64::from(grid.width())) as u32,
            ((state >> 24) % u64::from(grid.height())) as u32,
        );
        if grid.is_passable(cell) {
            return cell;
        }
    };
    (0..n).map(|_| (open_cell(), open_cell())).collect()
}

/// Checks every agent's answer against the oracle: a walk of the grid from its start to its
/// goal costing what the plugin says, no cheaper than the optimum and within 25 % of it; a
/// failure only when the oracle finds no path. The paths, for comparing.
fn check(app: &App, oracle: &Oracle, agents: &[(Entity, Cell, Cell)]) -> Vec<Vec<Cell>> {
    let world = app.world();
    agents
        .iter()
        .map(|&(e, a, b)| {
            let best = oracle.shortest(a, b);
            match (world.get::<PlannedPath<HierarchyMap>>(e), best) {
                (Some(path), Some(best)) => {
                    assert_eq!(path.nodes.first(), Some(&a));
                    assert_eq!(path.nodes.last(), Some(&b));
                    let walked = oracle.walk(&path.nodes).unwrap();
                    assert!((walked - path.cost).abs() < 1e-9, "{a:?} -> {b:?}");
                    assert!(walked >= best - 1e-9, "{a:?} -> {b:?}: {walked} < {best}");
                    assert!(
                        walked <= best * 1.25 + 1e-9,
                        "{a:?} -> {b:?}: {walked} vs {best}"
                    );
                    path.nodes.clone()
                }
                (None, None) => {
                    assert!(world.get::<PathFailure>(e).is_some(), "{a:?} -> {b:?}");
                    Vec::new()
                }
                (got, want) => panic!("{a:?} -> {b:?}: {got:?}, the oracle {want:?}"),
            }
        })
        .collect()
}

#[test]
fn hierarchical_requests_get_near_optimal_walks_the_same_in_both_ways_of_planning() {
    for seed in 1..4 {
        let grid = random_grid(48, 40, 22, seed);
        let oracle = Oracle::of(&grid, true);
        let mut answers = Vec::new();
        for planning in [Planning::Async, Planning::Budgeted { expansions: 300 }] {
            let mut app = app(map_of(grid.clone()), planning);
            let agents: Vec<_> = spawn_requests::<HierarchyMap>(&mut app, queries(&grid, 40, seed));
            let entities: Vec<Entity> = agents.iter().map(|a| a.0).collect();
            run_until_answered::<HierarchyMap>(&mut app, &entities, 5_000);
            answers.push(check(&app, &oracle, &agents));
        }
        assert_eq!(answers[0], answers[1], "seed {seed}");
        assert!(answers[0].iter().filter(|p| !p.is_empty()).count() > 20);
    }
}

#[test]
fn after_edits_every_hierarchical_path_is_a_walk_of_the_edited_grid() {
    let grid = random_grid(40, 40, 15, 7);
    let mut app = app(
        map_of(grid.clone()),
        Planning::Budgeted {
            expansions: 1_000_000,
        },
    );
    let agents: Vec<_> = spawn_requests::<HierarchyMap>(&mut app, queries(&grid, 30, 3));
    app.update();
    let mut state = 99u64;
    for round in 0..12 {
        // Wall (or open) a short line of cells.
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (x, y) = ((state >> 33) % 36, (state >> 45) % 40);
        let weight = if round % 3 == 2 { 1 } else { 0 };
        for dx in 0..4 {
            let cell = Cell::new(x as u32 + dx, y as u32);
            support::map_mut::<HierarchyMap>(&mut app)
                .set_weight(cell, weight)
                .unwrap();
        }
        app.update();
        let map = support::map::<HierarchyMap>(&app);
        let oracle = Oracle::of(map.hierarchy().grid(), true);
        check(&app, &oracle, &agents);
    }
    assert!(app.world().resource::<PlannerStats>().replanned > 0);
}

#[test]
fn budgeted_planning_pays_back_what_whole_searches_ran_over() {
    let grid = random_grid(64, 64, 10, 5);
    let map = map_of(grid.clone());
    let pairs = queries(&grid, 30, 11);
    // The most one search expands: at most this over the budget at any time.
    let mut ctx = HierarchyContext::new();
    let most = pairs
        .iter()
        .map(|&(a, b)| {
            let _ = map.hierarchy().find_path(&mut ctx, a, b).unwrap();
            ctx.stats().expanded
        })
        .max()
        .unwrap();
    let budget = 50;
    assert!(
        most > budget,
        "the test needs searches bigger than the budget"
    );
    let mut app = app(map, Planning::Budgeted { expansions: budget });
    let entities: Vec<Entity> = spawn_requests::<HierarchyMap>(&mut app, pairs.iter().copied())
        .into_iter()
        .map(|(e, _, _)| e)
        .collect();
    let (mut spent, mut frames, mut idle) = (0, 0, 0);
    while entities.iter().any(|&e| {
        app.world().get::<PlannedPath<HierarchyMap>>(e).is_none()
            && app.world().get::<PathFailure>(e).is_none()
    }) {
        app.update();
        frames += 1;
        let expanded = app.world().resource::<PlannerStats>().expanded;
        spent += expanded;
        idle += u64::from(expanded == 0);
        assert!(
            spent <= budget * frames + most,
            "frame {frames}: {spent} expanded in all"
        );
        assert!(frames < 10_000);
    }
    assert!(idle > 0, "no frame paid back an overrun");
}

/// The explored area the debug drawing shows for an HPA* map: the cells pathkit's hierarchical
/// search notes as expanded (each once), none for a request with no path.
#[test]
fn a_hierarchy_maps_explored_cells_are_those_its_searches_expand() {
    use pathkit_bevy::NavMap;
    let grid = random_grid(40, 30, 20, 8);
    let hierarchy =
        HierarchicalGrid::eight_connected(grid.clone(), HierarchyOptions::new().cluster_size(8))
            .unwrap();
    let map = HierarchyMap::new(hierarchy.clone());
    let (mut ctx, mut out) = (HierarchyContext::new(), Vec::new());
    let mut shown = 0;
    for (k, (a, b)) in queries(&grid, 20, 3).into_iter().enumerate() {
        map.explored(&mut ctx, (a, b), &(), &mut out);
        let mut own = HierarchyContext::new();
        own.record_explored(true);
        let found = hierarchy.find_path(&mut own, a, b).unwrap();
        let mut want: Vec<Cell> = if found.is_found() {
            own.explored().to_vec()
        } else {
            Vec::new()
        };
        want.sort_by_key(|c| (c.y, c.x));
        want.dedup();
        assert_eq!(out, want, "query {k}: {a:?} -> {b:?}");
        shown += usize::from(!out.is_empty());
    }
    assert!(shown > 5);
}
