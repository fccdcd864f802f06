//! Property tests: under a grid's own weights, `GridSpace::find_path` runs the fast loop
//! (successors by index, bucket-queue open list, parent pruning on uniform grids). Every answer
//! is checked against the independent oracle of `support/oracle.rs` (a real walk under the rules,
//! costing what it reports, as cheap as the oracle's Dijkstra), and, as a differential test on top,
//! it must do exactly what the general loop does: the same path, the same cost, the same numbers
//! of expansions, pushes and nodes touched, for every diagonal rule, tie rule and cost type, on
//! open fields, dense mazes and weighted terrain alike.

use pathkit::grid::{Cell, Diagonal, Grid, GridError, GridSpace, Heuristic};
use pathkit::search::{SearchContext, SearchError, SearchOptions, Status, TieBreak};
use pathkit::Cost;
use proptest::prelude::*;

use crate::support;
use pathkit::search::AStar;
use pathkit::{Goal, Pathfinder};
use support::oracle::{MoveCosts, OracleMap};
use support::{check_grid_answer, moves_of, outcome_of, random_case, xy, Case, RULES, TIES};

/// A uniform grid (weights 0 or 1) up to 64x64 with 0 to 45 percent walls, and two cells.
fn uniform_case() -> impl Strategy<Value = Case> {
    (1u32..64, 1u32..64, 0u32..46, any::<u64>())
        .prop_map(|(w, h, density, seed)| random_case(w, h, density, 1, seed))
}

/// A grid up to 48x48 with 0 to 45 percent walls and weights 1 to 2..9 (some cells heavier than
/// others, so detours through light cells pay), and two cells.
fn weighted_case() -> impl Strategy<Value = Case> {
    (1u32..48, 1u32..48, 0u32..46, 2u32..9, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_case(w, h, density, max_weight, seed))
}

fn costs(straight: f64, diagonal: f64) -> MoveCosts {
    MoveCosts { straight, diagonal }
}

/// Runs the fast loop (`find_path_into`), checks its answer with the oracle, then runs the
/// general loop (`search_into`) and compares everything.
fn check_fast_loop<C: Cost>(
    space: &GridSpace<'_, C>,
    map: &OracleMap,
    move_costs: MoveCosts,
    (start, goal): (Cell, Cell),
    tie: TieBreak,
) {
    let options = SearchOptions::new().tie_break(tie);
    let mut ctx = SearchContext::new();
    let (mut fast_path, mut general_path) = (Vec::new(), Vec::new());
    let fast = space
        .find_path_into(&mut ctx, start, Goal::Node(goal), &options, &mut fast_path)
        .unwrap();
    let fast_stats = ctx.stats();
    let moves = moves_of(space.diagonal());
    check_grid_answer(
        map,
        moves,
        move_costs,
        (start, goal),
        &outcome_of(fast, fast_path.clone()),
        1.0,
    );
    let general = AStar(space)
        .find_path_into(
            &mut ctx,
            start,
            Goal::Node(goal),
            &options,
            &mut general_path,
        )
        .unwrap();
    if fast_stats.expanded == 0 && matches!(fast, Status::Unreachable) {
        // Answered from the connected components or a walled end without a search: nothing
        // to compare but the answer. (The general loop knows nothing of walls: asked for a path
        // from a node to itself, it answers that node, as documented on `GridSpace`.)
        if start != goal {
            assert_eq!(general, Status::Unreachable);
        }
        return;
    }
    let general_stats = ctx.stats();
    assert_eq!(fast, general, "{}", space.grid().to_ascii());
    assert_eq!(fast_path, general_path, "{}", space.grid().to_ascii());
    assert_eq!(fast_stats, general_stats, "{}", space.grid().to_ascii());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn float_octile_costs(case in uniform_case(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let space = case.grid.space(RULES[rule], 1.0f64, std::f64::consts::SQRT_2).unwrap();
        check_fast_loop(&space, &case.map, MoveCosts::OCTILE, (case.start, case.goal), TIES[tie]);
    }

    #[test]
    fn integer_and_single_precision_costs(case in uniform_case(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let ends = (case.start, case.goal);
        check_fast_loop(&case.grid.space(RULES[rule], 10u32, 14u32).unwrap(), &case.map, costs(10.0, 14.0), ends, TIES[tie]);
        check_fast_loop(&case.grid.space(RULES[rule], 1.0f32, 1.5f32).unwrap(), &case.map, costs(1.0, 1.5), ends, TIES[tie]);
    }

    #[test]
    fn unusual_costs_and_heuristics(case in uniform_case(), rule in 0usize..4, pair in 0usize..3) {
        // Diagonals cheaper than straight moves, or more than twice as dear; and Dijkstra.
        let (s, d) = [(3u64, 2u64), (2, 5), (7, 7)][pair];
        let space = case.grid.space(RULES[rule], s, d).unwrap();
        let ends = (case.start, case.goal);
        check_fast_loop(&space, &case.map, costs(s as f64, d as f64), ends, TieBreak::LargerG);
        check_fast_loop(&space.with_heuristic(Heuristic::Zero), &case.map, costs(s as f64, d as f64), ends, TieBreak::Fifo);
        check_fast_loop(&case.grid.four_connected(), &case.map, costs(1.0, 1.0), ends, TieBreak::Lifo);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn weighted_terrain(case in weighted_case(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let ends = (case.start, case.goal);
        check_fast_loop(&case.grid.eight_connected(), &case.map, MoveCosts::OCTILE, ends, TIES[tie]);
        check_fast_loop(&case.grid.space(RULES[rule], 10u32, 14u32).unwrap(), &case.map, costs(10.0, 14.0), ends, TIES[tie]);
        check_fast_loop(&case.grid.space(RULES[rule], 2u64, 5u64).unwrap(), &case.map, costs(2.0, 5.0), ends, TIES[tie]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every heuristic a user may choose, with move costs it never overestimates (a diagonal
    /// costs between sqrt 2 and 2 straight moves; Manhattan only without diagonals), keeps
    /// every path optimal by the oracle, on uniform and weighted terrain.
    #[test]
    fn chosen_heuristics_that_never_overestimate_keep_paths_optimal(
        uniform in uniform_case(),
        weighted in weighted_case(),
        rule in 0usize..4,
        tie in 0usize..TIES.len(),
    ) {
        let rule = RULES[rule];
        let mut chosen = vec![Heuristic::Zero, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean];
        if rule == Diagonal::Never {
            chosen.push(Heuristic::Manhattan);
        }
        let root2 = std::f64::consts::SQRT_2;
        for case in [&uniform, &weighted] {
            let ends = (case.start, case.goal);
            for &heuristic in &chosen {
                let f = case.grid.space(rule, 1.0, root2).unwrap().with_heuristic(heuristic);
                check_fast_loop(&f, &case.map, costs(1.0, root2), ends, TIES[tie]);
                let u = case.grid.space(rule, 10u32, 15u32).unwrap().with_heuristic(heuristic);
                check_fast_loop(&u, &case.map, costs(10.0, 15.0), ends, TIES[tie]);
                let dear = case.grid.space(rule, 2u64, 4u64).unwrap().with_heuristic(heuristic);
                check_fast_loop(&dear, &case.map, costs(2.0, 4.0), ends, TIES[tie]);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The grid keeps a free-neighbour mask per cell for the fast loop: after walls are built and
    /// knocked down between queries, its answers must still be right (the same edits are made on
    /// the oracle's map) and the same as the general loop's.
    #[test]
    fn edits_between_queries(mut case in uniform_case(), edits in proptest::collection::vec((any::<u32>(), any::<u32>(), 0u32..3), 1..40)) {
        let (w, h) = (case.grid.width(), case.grid.height());
        let ends = (case.start, case.goal);
        check_fast_loop(&case.grid.eight_connected(), &case.map, MoveCosts::OCTILE, ends, TieBreak::LargerG);
        for chunk in edits.chunks(5) {
            for &(x, y, weight) in chunk {
                let cell = Cell::new(x % w, y % h);
                case.grid.set_weight(cell, weight).unwrap();
                let (ox, oy) = xy(cell);
                case.map.weights[oy as usize * case.map.width + ox as usize] = weight;
            }
            check_fast_loop(&case.grid.eight_connected(), &case.map, MoveCosts::OCTILE, ends, TieBreak::LargerG);
            check_fast_loop(&case.grid.space(Diagonal::CornerCutting, 10u32, 14u32).unwrap(), &case.map, costs(10.0, 14.0), ends, TieBreak::Fifo);
        }
    }
}

/// A weight so large that a path through it overflows `u32`: the same typed error either way.
#[test]
fn an_overflowing_weight_is_the_same_error() {
    let mut grid = Grid::from_ascii("...\n...").unwrap();
    grid.set_weight(Cell::new(1, 0), u32::MAX).unwrap();
    grid.set_weight(Cell::new(1, 1), u32::MAX).unwrap();
    let space = grid.space(Diagonal::Never, 10u32, 10u32).unwrap();
    let options = SearchOptions::new();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let fast = space.find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::Node(Cell::new(2, 0)),
        &options,
        &mut path,
    );
    let general = AStar(&space).find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::Node(Cell::new(2, 0)),
        &options,
        &mut path,
    );
    match (fast, general) {
        (Err(GridError::Search(fast)), Err(general)) => {
            assert_eq!(fast, general);
            assert!(matches!(fast, SearchError::CostOverflow { .. }), "{fast:?}");
        }
        other => panic!("expected the same overflow error, got {other:?}"),
    }
}

/// A wall start or goal: no search, unreachable, the same as Jump Point Search answers; and the
/// general loop, asked directly, finds no move out of the wall either.
#[test]
fn a_walled_start_or_goal_is_unreachable() {
    let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    let (wall, free) = (Cell::new(1, 1), Cell::new(2, 2));
    let mut ctx = SearchContext::new();
    for (start, goal) in [(wall, free), (free, wall), (wall, wall)] {
        let mut path = vec![free];
        let fast = grid
            .eight_connected()
            .find_path_into(
                &mut ctx,
                start,
                Goal::Node(goal),
                &SearchOptions::new(),
                &mut path,
            )
            .unwrap();
        assert_eq!(fast, Status::Unreachable, "{start} -> {goal}");
        assert!(path.is_empty());
        assert_eq!(ctx.stats().expanded, 0);
    }
    let general = AStar(&grid.eight_connected())
        .find_path_with(&mut ctx, wall, free, &SearchOptions::new())
        .unwrap();
    assert_eq!(general, pathkit::search::Outcome::Unreachable);
}
