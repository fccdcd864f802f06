//! Property tests: under a grid's own weights, `GridSpace::find_path` runs the fast loop
//! (successors by index, bucket-queue open list, parent pruning on uniform grids). It must do
//! exactly what the general loop does: the same path, the same cost, the same numbers of
//! expansions, pushes and nodes touched, for every diagonal rule, tie rule and cost type, on open
//! fields, dense mazes and weighted terrain alike.

use pathkit::grid::{Cell, Diagonal, Grid, GridError, GridSpace, Heuristic};
use pathkit::search::{SearchContext, SearchError, SearchOptions, Status, TieBreak};
use pathkit::Cost;
use proptest::prelude::*;

mod support;
use support::{random_grid, RULES, TIES};

/// A uniform grid (weights 0 or 1) up to 64x64 with 0 to 45 percent walls, and two cells.
fn uniform_grid() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (1u32..64, 1u32..64, 0u32..46, any::<u64>())
        .prop_map(|(w, h, density, seed)| random_grid(w, h, density, 1, seed))
}

/// A grid up to 48x48 with 0 to 45 percent walls and weights 1 to 2..9 (some cells heavier than
/// others, so detours through light cells pay), and two cells.
fn weighted_grid() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (1u32..48, 1u32..48, 0u32..46, 2u32..9, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_grid(w, h, density, max_weight, seed))
}

/// Runs the fast loop (`find_path_into`) and the general loop (`search_into`) and compares all.
fn same_as_general_loop<C: Cost>(space: &GridSpace<'_, C>, start: Cell, goal: Cell, tie: TieBreak) {
    let options = SearchOptions::new().tie_break(tie);
    let mut ctx = SearchContext::new();
    let (mut fast_path, mut general_path) = (Vec::new(), Vec::new());
    let fast = space
        .find_path_into(&mut ctx, start, goal, &options, &mut fast_path)
        .unwrap();
    let fast_stats = ctx.stats();
    if matches!(fast, Status::Unreachable) && space.grid().is_passable(start) {
        // Answered from the connected components without a search: nothing to compare but that.
        let general = ctx
            .search_into(space, start, goal, &options, &mut general_path)
            .unwrap();
        assert_eq!(general, Status::Unreachable);
        return;
    }
    let general = ctx
        .search_into(space, start, goal, &options, &mut general_path)
        .unwrap();
    let general_stats = ctx.stats();
    assert_eq!(fast, general, "{}", space.grid().to_ascii());
    assert_eq!(fast_path, general_path, "{}", space.grid().to_ascii());
    assert_eq!(fast_stats, general_stats, "{}", space.grid().to_ascii());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn float_octile_costs((grid, start, goal) in uniform_grid(), rule in 0usize..4, tie in 0usize..4) {
        let space = grid.space(RULES[rule], 1.0f64, std::f64::consts::SQRT_2).unwrap();
        same_as_general_loop(&space, start, goal, TIES[tie]);
    }

    #[test]
    fn integer_and_single_precision_costs((grid, start, goal) in uniform_grid(), rule in 0usize..4, tie in 0usize..4) {
        same_as_general_loop(&grid.space(RULES[rule], 10u32, 14u32).unwrap(), start, goal, TIES[tie]);
        same_as_general_loop(&grid.space(RULES[rule], 1.0f32, 1.5f32).unwrap(), start, goal, TIES[tie]);
    }

    #[test]
    fn unusual_costs_and_heuristics((grid, start, goal) in uniform_grid(), rule in 0usize..4, costs in 0usize..3) {
        // Diagonals cheaper than straight moves, or more than twice as dear; and Dijkstra.
        let (s, d) = [(3u64, 2u64), (2, 5), (7, 7)][costs];
        let space = grid.space(RULES[rule], s, d).unwrap();
        same_as_general_loop(&space, start, goal, TieBreak::LargerG);
        same_as_general_loop(&space.with_heuristic(Heuristic::Zero), start, goal, TieBreak::Fifo);
        same_as_general_loop(&grid.four_connected(), start, goal, TieBreak::Lifo);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn weighted_terrain((grid, start, goal) in weighted_grid(), rule in 0usize..4, tie in 0usize..4) {
        same_as_general_loop(&grid.octile(), start, goal, TIES[tie]);
        same_as_general_loop(&grid.space(RULES[rule], 10u32, 14u32).unwrap(), start, goal, TIES[tie]);
        same_as_general_loop(&grid.space(RULES[rule], 2u64, 5u64).unwrap(), start, goal, TIES[tie]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The grid keeps a free-neighbour mask per cell for the fast loop: after walls are built and
    /// knocked down between queries, it must still search exactly like the general loop.
    #[test]
    fn edits_between_queries((mut grid, start, goal) in uniform_grid(), edits in proptest::collection::vec((any::<u32>(), any::<u32>(), 0u32..3), 1..40)) {
        let (w, h) = (grid.width(), grid.height());
        same_as_general_loop(&grid.octile(), start, goal, TieBreak::LargerG);
        for chunk in edits.chunks(5) {
            for &(x, y, weight) in chunk {
                grid.set_weight(Cell::new(x % w, y % h), weight).unwrap();
            }
            same_as_general_loop(&grid.octile(), start, goal, TieBreak::LargerG);
            same_as_general_loop(&grid.space(Diagonal::CornerCutting, 10u32, 14u32).unwrap(), start, goal, TieBreak::Fifo);
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
        Cell::new(2, 0),
        &options,
        &mut path,
    );
    let general = ctx.search_into(
        &space,
        Cell::new(0, 0),
        Cell::new(2, 0),
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

/// A wall start: the general loop searches from it (its neighbours are still moves), and so must
/// the fast loop.
#[test]
fn a_walled_start_is_searched_the_same_way() {
    let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    same_as_general_loop(
        &grid.octile(),
        Cell::new(1, 1),
        Cell::new(2, 2),
        TieBreak::LargerG,
    );
}
