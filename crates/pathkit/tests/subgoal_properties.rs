//! Subgoal graphs against the independent oracle of `support/oracle.rs`: on random grids (open
//! fields, scattered walls, dense walls, mazes) every answer is a real walk under the Moving AI
//! rules (no corner cutting), costs what it reports and is as cheap as the oracle's Dijkstra
//! finds; unreachable exactly when the oracle finds no path (a walled start or goal included).
//! Larger grids check the two halves of the search: the contracted subgoals (upward searches)
//! and the core (A*), each present in some of them.

use pathkit::grid::{Cell, Grid};
use pathkit::search::{Outcome, SearchOptions, WhenUnreachable};
use pathkit::subgoal::{SubgoalContext, SubgoalError, SubgoalGraph};
use pathkit::{Ends, Goal, Pathfinder, Unsupported};
use proptest::prelude::*;

use crate::jps_properties::{pick, random_grid, XorShift};
use crate::support::check_grid_answer;
use crate::support::oracle::{MoveCosts, Moves, OracleMap};

/// Checks `queries` random queries on `grid` (the oracle's `map`) through its subgoal graph.
fn compare(graph: &SubgoalGraph, map: &OracleMap, seed: u64, queries: usize) {
    let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut ctx = SubgoalContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(graph.grid(), &mut rng), pick(graph.grid(), &mut rng));
        let got = graph.find_path(&mut ctx, start, goal).unwrap();
        check_grid_answer(
            map,
            Moves::NoCornerCutting,
            MoveCosts::OCTILE,
            (start, goal),
            &got,
            1.0,
        );
    }
}

fn grids() -> impl Strategy<Value = (u32, u32, u8, u64)> {
    (1u32..=90, 1u32..=40, 0u8..4, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn subgoal_graph_matches_the_oracle((w, h, kind, seed) in grids()) {
        let (grid, map) = random_grid(w, h, kind, seed);
        let graph = SubgoalGraph::new(grid).unwrap();
        compare(&graph, &map, seed, 6);
    }
}

/// `is_subgoal` answers for every cell what `subgoals()` lists, and `false` off the grid.
fn check_is_subgoal(graph: &SubgoalGraph) {
    let listed: std::collections::HashSet<Cell> = graph.subgoals().collect();
    let (w, h) = (graph.grid().width(), graph.grid().height());
    for y in 0..h {
        for x in 0..w {
            let c = Cell::new(x, y);
            assert_eq!(graph.is_subgoal(c), listed.contains(&c), "{c} on {w}x{h}");
        }
    }
    for c in [
        Cell::new(w, 0),
        Cell::new(0, h),
        Cell::new(w, h),
        Cell::new(w + 1, h / 2),
        Cell::new(w / 2, h + 1),
        Cell::new(u32::MAX, u32::MAX),
    ] {
        assert!(!graph.is_subgoal(c), "{c} is off the {w}x{h} grid");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn is_subgoal_agrees_with_the_list_of_subgoals((w, h, kind, seed) in grids()) {
        let (grid, _) = random_grid(w, h, kind, seed);
        check_is_subgoal(&SubgoalGraph::new(grid).unwrap());
    }
}

/// The same on grids with many subgoals, so that a wrong answer for a subgoal cannot hide
/// behind grids that have few.
#[test]
fn is_subgoal_agrees_with_the_list_on_crowded_grids() {
    let mut subgoals = 0;
    for (i, &(w, h, kind)) in [
        (140u32, 120u32, 0u8),
        (150, 110, 1),
        (100, 100, 2),
        (121, 81, 3),
    ]
    .iter()
    .enumerate()
    {
        let (grid, _) = random_grid(w, h, kind, 0x15_5ab0 + i as u64);
        let graph = SubgoalGraph::new(grid).unwrap();
        subgoals += graph.subgoal_count();
        check_is_subgoal(&graph);
    }
    assert!(subgoals > 100, "{subgoals} subgoals");
}

/// Grids large enough for a core: scattered walls leave corners that see many others. Every
/// kind of grid is checked; the contracted part and the core each appear in some of them.
#[test]
fn contracted_subgoals_and_the_core_both_answer_optimally() {
    let (mut contracted, mut cored) = (0, 0);
    for (i, &(w, h, kind)) in [
        (140u32, 120u32, 0u8),
        (150, 110, 1),
        (120, 120, 1),
        (100, 100, 2),
        (121, 81, 3),
    ]
    .iter()
    .enumerate()
    {
        let seed = 0x51ab_0000 + i as u64;
        let (grid, map) = random_grid(w, h, kind, seed);
        let graph = SubgoalGraph::new(grid).unwrap();
        contracted += graph.subgoal_count() - graph.core_count();
        cored += graph.core_count();
        compare(&graph, &map, seed, 60);
    }
    assert!(
        contracted > 0 && cored > 0,
        "contracted {contracted}, core {cored}"
    );
}

/// Corridors, a maze and open fields at the sizes where the straight distances of a row or
/// column are longest.
#[test]
fn long_corridors_and_open_fields() {
    for (w, h, kind, seed) in [
        (300u32, 3u32, 0u8, 3u64),
        (3, 300, 1, 5),
        (200, 2, 2, 7),
        (255, 255, 0, 9),
    ] {
        let (grid, map) = random_grid(w, h, kind, seed);
        let graph = SubgoalGraph::new(grid).unwrap();
        compare(&graph, &map, seed, 25);
    }
}

#[test]
fn a_non_uniform_grid_is_a_typed_error() {
    let grid = Grid::from_ascii("...\n.4.\n...").unwrap();
    assert_eq!(
        SubgoalGraph::new(grid).unwrap_err(),
        SubgoalError::NonUniformCost {
            cell: Cell::new(1, 1),
            weight: 4
        }
    );
}

#[test]
fn outside_blocked_apart_and_trivial_queries() {
    let grid = Grid::from_ascii("..#..\n..#..\n..#..").unwrap();
    let graph = SubgoalGraph::new(grid).unwrap();
    let mut ctx = SubgoalContext::new();
    let outside = Cell::new(5, 0);
    for (start, goal) in [
        (outside, Cell::new(0, 0)),
        (Cell::new(0, 0), Cell::new(0, 3)),
    ] {
        let err = graph.find_path(&mut ctx, start, goal).unwrap_err();
        assert!(
            matches!(
                err,
                SubgoalError::OutOfBounds {
                    width: 5,
                    height: 3,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(graph.check_ends(start, goal).is_err());
    }
    let (a, wall, b) = (Cell::new(0, 0), Cell::new(2, 1), Cell::new(4, 2));
    assert_eq!(graph.check_ends(a, wall).unwrap(), Ends::GoalBlocked);
    assert_eq!(graph.check_ends(wall, a).unwrap(), Ends::StartBlocked);
    assert_eq!(graph.check_ends(a, b).unwrap(), Ends::Apart);
    for (start, goal) in [(a, wall), (wall, a), (a, b)] {
        assert_eq!(
            graph.find_path(&mut ctx, start, goal).unwrap(),
            Outcome::Unreachable
        );
    }
    let same = graph
        .find_path(&mut ctx, a, a)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!((same.nodes, same.cost), (vec![a], 0.0));
}

#[test]
fn requests_it_cannot_honour_are_refused() {
    let graph = SubgoalGraph::new(Grid::new(6, 6).unwrap()).unwrap();
    let mut ctx = SubgoalContext::new();
    let (a, b) = (Cell::new(0, 0), Cell::new(5, 5));
    let unsupported = |e| SubgoalError::Unsupported(e);
    assert_eq!(
        graph.find_path(&mut ctx, a, &[b, a]).unwrap_err(),
        unsupported(Unsupported::SeveralGoals)
    );
    let test = |c: Cell| c == b;
    assert_eq!(
        graph
            .find_path(&mut ctx, a, Goal::Matching(&test))
            .unwrap_err(),
        unsupported(Unsupported::GoalTest)
    );
    let options = [
        (
            SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint),
            Unsupported::ClosestPoint,
        ),
        (SearchOptions::weighted(2.0), Unsupported::HeuristicWeight),
        (
            SearchOptions::new().max_expansions(10),
            Unsupported::MaxExpansions,
        ),
        (SearchOptions::new().max_cost(3.0), Unsupported::MaxCost),
    ];
    for (options, refusal) in options {
        assert_eq!(
            graph.find_path_with(&mut ctx, a, b, &options).unwrap_err(),
            unsupported(refusal)
        );
    }
}

/// Ends in plain sight are answered by the scan from the start alone; ends round a wall need the
/// graph, and the answer does not depend on which end is the start.
#[test]
fn plain_sight_needs_no_search_and_both_directions_agree() {
    let grid = Grid::from_ascii(
        "..........\n\
         ..######..\n\
         ..........\n\
         ..........",
    )
    .unwrap();
    let graph = SubgoalGraph::new(grid).unwrap();
    let mut ctx = SubgoalContext::new();
    let path = graph
        .find_path(&mut ctx, Cell::new(0, 3), Cell::new(9, 3))
        .unwrap();
    assert!(path.is_found());
    assert_eq!(ctx.stats().expanded, 0);
    let (a, b) = (Cell::new(4, 0), Cell::new(5, 3));
    let there = graph
        .find_path(&mut ctx, a, b)
        .unwrap()
        .into_path()
        .unwrap();
    assert!(ctx.stats().expanded > 0);
    let back = graph
        .find_path(&mut ctx, b, a)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(there.cost, back.cost);
    // Round either end of the wall: 3 (or 4) along the top, 2 down the side, one diagonal and 3
    // (or 2) along: 8 + sqrt 2 both ways.
    assert_eq!(there.cost, 8.0 + std::f64::consts::SQRT_2);
}
