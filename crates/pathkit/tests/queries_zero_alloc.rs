//! After warm-up, the multi-node queries (distance maps, flow fields, movement ranges, the
//! nearest of several goals, the closest point) and searches run a slice at a time allocate
//! nothing on a reused context.

use crate::alloc_counter;

use alloc_counter::count;
use pathkit::graph::{NodeGraph, NodeKind};
use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus};
use pathkit::search::AStar;
use pathkit::search::{Progress, SearchContext, SearchOptions, WhenUnreachable};
use pathkit::{Goal, Pathfinder, PendingPath, SlicedPathfinder};

/// A 90x70 map of random walls (some cells heavier when `weighted`) and a few long wall
/// segments.
fn map(weighted: bool) -> Grid {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    Grid::from_fn(90, 70, |c| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let segment = (c.x % 20 == 10 && c.y % 30 > 4) || (c.y % 25 == 12 && c.x % 40 > 6);
        if segment || state % 100 < 20 {
            0
        } else if weighted {
            1 + (state >> 20) as u32 % 3
        } else {
            1
        }
    })
    .unwrap()
}

/// Groups of cells: random, some walled, some repeated.
fn groups(grid: &Grid) -> Vec<Vec<Cell>> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..40)
        .map(|i| {
            (0..1 + i % 6)
                .map(|_| {
                    Cell::new(
                        (next() % grid.width() as u64) as u32,
                        (next() % grid.height() as u64) as u32,
                    )
                })
                .collect()
        })
        .collect()
}

/// Runs `query` over every group once to warm up, then counts the allocations of a second pass.
fn allocations_after_warm_up(
    groups: &[Vec<Cell>],
    mut query: impl FnMut(&[Cell]) -> usize,
) -> (usize, usize) {
    for g in groups {
        query(g);
    }
    count(|| groups.iter().map(|g| query(g)).sum())
}

#[test]
fn distance_maps_allocate_nothing_after_warm_up() {
    for weighted in [false, true] {
        let grid = map(weighted);
        let groups = groups(&grid);
        let space = grid.eight_connected();
        let mut ctx = SearchContext::new();
        for limit in [None, Some(12.0)] {
            let (reached, allocations) = allocations_after_warm_up(&groups, |cells| {
                space.distances_from(&mut ctx, cells, limit).unwrap().len()
            });
            assert!(reached > 1000, "only {reached} cells reached");
            assert_eq!(
                allocations, 0,
                "distances_from, weighted {weighted}, limit {limit:?}"
            );
            let (reached, allocations) = allocations_after_warm_up(&groups, |cells| {
                let flow = space.distances_to(&mut ctx, cells, limit).unwrap();
                flow.iter().filter(|r| r.toward_source.is_some()).count()
            });
            assert!(reached > 1000, "only {reached} cells reached");
            assert_eq!(
                allocations, 0,
                "distances_to, weighted {weighted}, limit {limit:?}"
            );
        }
        // Custom rules take the general loop.
        let ghost = grid
            .eight_connected()
            .with_rules(|g: &Grid, c: Cell| g.weight(c).max(1));
        let (reached, allocations) = allocations_after_warm_up(&groups, |cells| {
            ghost
                .distances_to(&mut ctx, cells, Some(20.0))
                .unwrap()
                .len()
        });
        assert!(reached > 1000);
        assert_eq!(allocations, 0, "custom rules");
    }
}

#[test]
fn nearest_goals_and_closest_points_allocate_nothing_after_warm_up() {
    let grid = map(false);
    let groups = groups(&grid);
    let start = Cell::new(1, 1);
    let space = grid.eight_connected();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let plain = SearchOptions::new();
    let forward = SearchOptions::new().max_expansions(1 << 40);
    let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
    for options in [plain, forward] {
        let (found, allocations) = allocations_after_warm_up(&groups, |goals| {
            let status = space
                .find_path_into(&mut ctx, start, Goal::AnyOf(goals), &options, &mut path)
                .unwrap();
            usize::from(status.is_found())
        });
        assert!(found > 20, "only {found} found");
        assert_eq!(allocations, 0, "{options:?}");
    }
    let (answered, allocations) = allocations_after_warm_up(&groups, |goals| {
        let status = space
            .find_path_into(&mut ctx, start, Goal::Node(goals[0]), &closest, &mut path)
            .unwrap();
        usize::from(!path.is_empty() && status != pathkit::search::Status::Unreachable)
    });
    assert!(answered > 30, "only {answered} answered");
    assert_eq!(allocations, 0, "closest point");

    let mut jps = JpsContext::new();
    let plus = JpsPlus::new(grid.clone()).unwrap();
    for mode in [JpsMode::EIGHT, JpsMode::FOUR.jump_points()] {
        let (found, allocations) = allocations_after_warm_up(&groups, |goals| {
            let nearest = grid
                .jump_points(mode)
                .find_path_into(
                    &mut jps,
                    start,
                    Goal::AnyOf(goals),
                    &Default::default(),
                    &mut path,
                )
                .unwrap();
            let closest = grid
                .jump_points(mode)
                .find_path_into(
                    &mut jps,
                    start,
                    Goal::Node(goals[0]),
                    &pathkit::search::SearchOptions::new()
                        .when_unreachable(pathkit::search::WhenUnreachable::ClosestPoint),
                    &mut path,
                )
                .unwrap();
            usize::from(nearest.is_found()) + usize::from(closest.is_found())
        });
        assert!(found > 20, "{mode:?}: only {found} found");
        assert_eq!(allocations, 0, "{mode:?}");
    }
    let (found, allocations) = allocations_after_warm_up(&groups, |goals| {
        let status = plus
            .find_path_into(
                &mut jps,
                start,
                Goal::AnyOf(goals),
                &Default::default(),
                &mut path,
            )
            .unwrap();
        usize::from(status.is_found())
    });
    assert!(found > 20);
    assert_eq!(allocations, 0, "JPS+");

    // A node graph: a ring of 200 points.
    let (mut graph, n) =
        NodeGraph::with_nodes((0..200).map(|i| NodeKind::Point2((i % 20) as f32, (i / 20) as f32)));
    for i in 0..200 {
        graph
            .add_connections(
                n[i],
                &[n[(i + 1) % 200]],
                pathkit::graph::Direction::BothWays,
            )
            .unwrap();
    }
    let graph_space = graph.space();
    let mut graph_ctx = SearchContext::new();
    let mut graph_path = Vec::new();
    let picks: Vec<Vec<_>> = (0..20)
        .map(|i| vec![n[i * 7 % 200], n[i * 13 % 200]])
        .collect();
    let query = |ctx: &mut SearchContext<f32>, path: &mut Vec<_>, goals: &[_]| {
        let reach = ctx
            .distance_map(&graph_space, goals.iter().copied(), Some(15.0))
            .unwrap()
            .len();
        let status = AStar(&graph_space)
            .find_path_into(ctx, n[0], Goal::AnyOf(goals), &SearchOptions::new(), path)
            .unwrap();
        reach + usize::from(status.is_found())
    };
    for goals in &picks {
        query(&mut graph_ctx, &mut graph_path, goals);
    }
    let (total, allocations) = count(|| {
        picks
            .iter()
            .map(|goals| query(&mut graph_ctx, &mut graph_path, goals))
            .sum::<usize>()
    });
    assert!(total > 200);
    assert_eq!(allocations, 0, "node graph");
}

#[test]
fn sliced_searches_allocate_nothing_after_warm_up() {
    let grid = map(false);
    let groups = groups(&grid);
    let space = grid.eight_connected();
    let mut ctx = SearchContext::new();
    let mut jps = JpsContext::new();
    let plus = JpsPlus::new(grid.clone()).unwrap();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let mut query = |cells: &[Cell]| -> usize {
        let (start, goal) = (cells[0], *cells.last().unwrap());
        let mut done = 0;
        let mut search = space.start_path(&mut ctx, start, goal, &options).unwrap();
        while let Progress::Running = search.resume_into(50, &mut path).unwrap() {}
        done += usize::from(!path.is_empty());
        // Parked between slices, as a game keeps a search between frames.
        let mut parked = space
            .start_path(&mut ctx, start, goal, &options)
            .unwrap()
            .park();
        loop {
            let mut search = space.resume_parked(&mut ctx, parked).unwrap();
            if search.resume_into(50, &mut path).unwrap().is_done() {
                break;
            }
            parked = search.park();
        }
        done += usize::from(!path.is_empty());
        let mut parked = plus
            .start_path(&mut jps, start, goal, &options)
            .unwrap()
            .park();
        loop {
            let mut search = plus.resume_parked(&mut jps, parked).unwrap();
            if search.resume_into(5, &mut path).unwrap().is_done() {
                break;
            }
            parked = search.park();
        }
        done += usize::from(!path.is_empty());
        let astar = AStar(&space);
        let mut search = astar.start_path(&mut ctx, start, goal, &options).unwrap();
        while let Progress::Running = search.resume_into(50, &mut path).unwrap() {}
        done += usize::from(!path.is_empty());
        let mut search = grid
            .jump_points(JpsMode::EIGHT)
            .start_path(&mut jps, start, goal, &options)
            .unwrap();
        while let Progress::Running = search.resume_into(5, &mut path).unwrap() {}
        done += usize::from(!path.is_empty());
        let mut search = plus.start_path(&mut jps, start, goal, &options).unwrap();
        while let Progress::Running = search.resume_into(5, &mut path).unwrap() {}
        done += usize::from(!path.is_empty());
        done
    };
    let (found, allocations) = allocations_after_warm_up(&groups, &mut query);
    assert!(found > 60, "only {found} paths");
    assert_eq!(allocations, 0);
}
