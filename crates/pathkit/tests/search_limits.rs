//! Limits, unreachable goals, bad costs and other edge cases of the search core and grids.

use pathkit::grid::{Cell, Diagonal, Grid, GridError};
use pathkit::search::AStar;
use pathkit::search::{
    IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions, SearchSpace, StepEvent,
    Stepper, TieBreak,
};
use pathkit::Pathfinder;

const OPEN: &str = "\
..........
..........
..........
..........
..........";

#[test]
fn expansion_limit_returns_best_partial_path() {
    let grid = Grid::new(20, 5).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(19, 4));
    let space = grid.four_connected();
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().max_expansions(5);
    let Outcome::LimitReached(partial) = AStar(&space)
        .find_path_with(&mut ctx, start, goal, &options)
        .unwrap()
    else {
        panic!("expected a limit")
    };
    assert_eq!(ctx.stats().expanded, 5);
    assert_eq!(partial.nodes[0], start);
    let last = *partial.nodes.last().unwrap();
    // The partial path heads toward the goal: it ends at the lowest-estimate node expanded.
    assert!(space.heuristic(last, goal) < space.heuristic(start, goal));
    for w in partial.nodes.windows(2) {
        assert_eq!(w[0].x.abs_diff(w[1].x) + w[0].y.abs_diff(w[1].y), 1);
    }
    assert_eq!(partial.cost, partial.nodes.len() as u32 - 1);
    // With a generous limit, the goal is found.
    let options = SearchOptions::new().max_expansions(10_000);
    assert!(AStar(&space)
        .find_path_with(&mut ctx, start, goal, &options)
        .unwrap()
        .is_found());
}

#[test]
fn cost_limit_is_not_unreachable() {
    let grid = Grid::from_ascii(OPEN).unwrap();
    let mut ctx = SearchContext::new();
    let space = grid.four_connected();
    let (start, goal) = (Cell::new(0, 0), Cell::new(9, 4));
    match AStar(&space)
        .find_path_with(&mut ctx, start, goal, &SearchOptions::new().max_cost(5))
        .unwrap()
    {
        Outcome::LimitReached(p) => assert!(p.cost <= 5),
        other => panic!("expected LimitReached, got {other:?}"),
    }
    assert_eq!(
        AStar(&space)
            .find_path_with(&mut ctx, start, goal, &SearchOptions::new().max_cost(13))
            .unwrap()
            .into_path()
            .unwrap()
            .cost,
        13
    );
}

#[test]
fn walled_off_goal_is_unreachable_without_searching() {
    let mut grid = Grid::from_ascii(
        "\
....#....
....#....
....#....",
    )
    .unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(8, 2));
    let mut ctx = SearchContext::new();
    for rule in [
        Diagonal::Never,
        Diagonal::NoCornerCutting,
        Diagonal::CornerCutting,
        Diagonal::Always,
    ] {
        let space = grid.space(rule, 1u32, 1u32).unwrap();
        // A previous search leaves counters behind; an answer from the components resets them to zero.
        let _ = AStar(&space)
            .find_path(&mut ctx, start, Cell::new(3, 2))
            .unwrap();
        assert_eq!(
            space.find_path(&mut ctx, start, goal).unwrap(),
            Outcome::Unreachable
        );
        assert_eq!(
            ctx.stats().expanded,
            0,
            "answered from the components, no search"
        );
        // The search itself agrees.
        assert_eq!(
            AStar(&space).find_path(&mut ctx, start, goal).unwrap(),
            Outcome::Unreachable
        );
    }
    // A door opens: components merge.
    grid.open(Cell::new(4, 1)).unwrap();
    let found = grid
        .four_connected()
        .find_path(&mut ctx, start, goal)
        .unwrap();
    assert_eq!(found.into_path().unwrap().cost, 10);
    // It closes again: the components split.
    grid.block(Cell::new(4, 1)).unwrap();
    assert_eq!(
        grid.four_connected()
            .find_path(&mut ctx, start, goal)
            .unwrap(),
        Outcome::Unreachable
    );
    assert_eq!(ctx.stats().expanded, 0);
}

#[test]
fn diagonal_gaps_depend_on_the_rule() {
    // Two cells touching only at a corner: only `Always` squeezes through.
    let grid = Grid::from_ascii(".#\n#.").unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
    assert!(!grid.reachable(a, b, Diagonal::Never));
    assert!(!grid.reachable(a, b, Diagonal::NoCornerCutting));
    assert!(!grid.reachable(a, b, Diagonal::CornerCutting));
    assert!(grid.reachable(a, b, Diagonal::Always));
    // One corner free: corner cutting passes, no-corner-cutting goes around.
    let grid = Grid::from_ascii("..\n#.").unwrap();
    let mut ctx = SearchContext::new();
    let cut = AStar(&grid.space(Diagonal::CornerCutting, 10u32, 14).unwrap())
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 1))
        .unwrap();
    assert_eq!(cut.into_path().unwrap().cost, 14);
    let around = AStar(&grid.space(Diagonal::NoCornerCutting, 10u32, 14).unwrap())
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 1))
        .unwrap();
    assert_eq!(around.into_path().unwrap().cost, 20);
}

#[test]
fn start_equals_goal_and_out_of_range() {
    let grid = Grid::from_ascii(OPEN).unwrap();
    let mut ctx = SearchContext::new();
    let space = grid.eight_connected();
    let here = Cell::new(3, 3);
    let path = AStar(&space)
        .find_path(&mut ctx, here, here)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!((path.nodes, path.cost), (vec![here], 0.0));
    let outside = Cell::new(10, 0);
    assert_eq!(
        AStar(&space).find_path(&mut ctx, here, outside),
        Err(SearchError::NodeOutOfBounds { node: outside })
    );
    assert!(matches!(
        space.find_path(&mut ctx, outside, here),
        Err(GridError::OutOfBounds { x: 10, y: 0, .. })
    ));
}

/// A space whose edges cost whatever it is told.
struct Bad(f64);
impl SearchSpace for Bad {
    type Node = usize;
    type Cost = f64;
    fn successors<F: FnMut(usize, f64)>(&self, n: usize, mut visit: F) {
        visit(n + 1, self.0)
    }
}
impl IndexedSpace for Bad {
    fn node_bound(&self) -> usize {
        3
    }
    fn index_of(&self, n: usize) -> Option<usize> {
        Some(n)
    }
    fn node_at(&self, i: usize) -> usize {
        i
    }
}

/// A chain of nodes `0..4` whose heuristic is NaN, and counts how often it is asked.
#[derive(Default)]
struct NanHeuristic {
    asked: std::cell::Cell<usize>,
}
impl SearchSpace for NanHeuristic {
    type Node = usize;
    type Cost = f64;
    fn successors<F: FnMut(usize, f64)>(&self, n: usize, mut visit: F) {
        if n < 3 {
            visit(n + 1, 1.0)
        }
    }
    fn heuristic(&self, _: usize, _: usize) -> f64 {
        self.asked.set(self.asked.get() + 1);
        f64::NAN
    }
}
impl IndexedSpace for NanHeuristic {
    fn node_bound(&self) -> usize {
        4
    }
    fn index_of(&self, n: usize) -> Option<usize> {
        (n < 4).then_some(n)
    }
    fn node_at(&self, i: usize) -> usize {
        i
    }
}

/// A* refuses a heuristic that is not a number; Dijkstra, as documented, never asks for it, so
/// it answers whatever the heuristic would say (also with a cost limit, which keeps every check).
#[test]
fn dijkstra_never_asks_for_the_heuristic() {
    let mut ctx = SearchContext::new();
    let space = NanHeuristic::default();
    assert!(matches!(
        AStar(&space).find_path(&mut ctx, 0, 3),
        Err(SearchError::InvalidHeuristic { node: 0, .. })
    ));
    assert!(space.asked.get() > 0);
    let space = NanHeuristic::default();
    let path = AStar(&space)
        .find_path_with(&mut ctx, 0, 3, &SearchOptions::dijkstra())
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!((path.cost, path.nodes), (3.0, vec![0, 1, 2, 3]));
    let limited = SearchOptions::dijkstra().max_cost(10.0);
    let path = AStar(&space)
        .find_path_with(&mut ctx, 0, 3, &limited)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 3.0);
    assert_eq!(space.asked.get(), 0, "Dijkstra asked for the heuristic");
}

#[test]
fn bad_costs_are_typed_errors() {
    let mut ctx = SearchContext::new();
    assert!(matches!(
        AStar(&Bad(f64::NAN)).find_path(&mut ctx, 0, 2),
        Err(SearchError::InvalidCost { from: 0, to: 1, .. })
    ));
    assert!(matches!(
        AStar(&Bad(-1.0)).find_path(&mut ctx, 0, 2),
        Err(SearchError::InvalidCost { .. })
    ));
    assert!(matches!(
        AStar(&Bad(f64::INFINITY)).find_path(&mut ctx, 0, 2),
        Err(SearchError::InvalidCost { .. })
    ));
    assert!(matches!(
        AStar(&Bad(f64::MAX)).find_path(&mut ctx, 0, 2),
        Err(SearchError::CostOverflow { node: 2 })
    ));
    // Node 2 has a successor 3, past the bound: reported, not a panic.
    assert_eq!(
        AStar(&Bad(1.0))
            .find_path(&mut ctx, 0, 2)
            .unwrap()
            .into_path()
            .unwrap()
            .cost,
        2.0
    );
    assert!(matches!(
        AStar(&Bad(1.0)).find_path_with(&mut ctx, 0, 2, &SearchOptions::weighted(0.5)),
        Err(SearchError::InvalidWeight { .. })
    ));
    assert!(matches!(
        AStar(&Bad(1.0)).find_path_with(&mut ctx, 0, 2, &SearchOptions::weighted(f64::NAN)),
        Err(SearchError::InvalidWeight { .. })
    ));
    let err = AStar(&Bad(-1.0)).find_path(&mut ctx, 0, 2).unwrap_err();
    assert!(err.to_string().contains("not negative"), "{err}");
    // Closure searches report the same errors.
    let r = pathkit::search::astar(0u32, |n| [(n + 1, -2i32)], |_| 0, |n| n == 3);
    assert!(matches!(r, Err(SearchError::InvalidCost { .. })));
}

#[test]
fn grid_errors_for_bad_input() {
    assert!(matches!(
        Grid::from_ascii("..\n.x"),
        Err(GridError::Parse {
            line: 2,
            column: 2,
            ..
        })
    ));
    assert!(matches!(
        Grid::from_ascii("..\n."),
        Err(GridError::Parse { line: 2, .. })
    ));
    assert!(matches!(
        Grid::new(1 << 15, 1 << 15),
        Err(GridError::Refused(
            pathkit::limits::Refusal::TooLarge { .. }
        ))
    ));
    assert!(matches!(
        Grid::new(0, 0),
        Err(GridError::Empty {
            width: 0,
            height: 0
        })
    ));
    let one = Grid::new(1, 1).unwrap();
    assert!(!one.is_empty());
    let mut ctx = SearchContext::new();
    assert!(matches!(
        one.eight_connected()
            .find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 0)),
        Err(GridError::OutOfBounds { .. })
    ));
    let grid = Grid::new(3, 3).unwrap();
    assert!(matches!(
        grid.space(Diagonal::Always, f64::NAN, 1.0),
        Err(GridError::InvalidMoveCost { .. })
    ));
    assert!(matches!(
        grid.space(Diagonal::Always, 1u32, 0u32),
        Err(GridError::InvalidMoveCost { .. })
    ));
    let mut grid = grid;
    assert!(matches!(
        grid.set_weight(Cell::new(3, 0), 1),
        Err(GridError::OutOfBounds { .. })
    ));
}

#[test]
fn terrain_weights_change_routes_and_heuristic_scale() {
    // A swamp (weight 9) column between start and goal; going around is cheaper.
    let mut grid = Grid::from_ascii(
        "\
..9..
..9..
..9..
.....",
    )
    .unwrap();
    let mut ctx = SearchContext::new();
    let path = AStar(&grid.four_connected())
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 10);
    // Every cell weight 3: the default heuristic scales with the minimum weight and stays exact.
    for i in 0..grid.len() {
        let c = grid.cell_at(i);
        grid.set_weight(c, 3).unwrap();
    }
    assert_eq!(grid.min_weight(), 3);
    let space = grid.four_connected();
    let path = AStar(&space)
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 3))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 21);
    assert_eq!(
        ctx.stats().expanded,
        8,
        "an exact heuristic walks straight to the goal"
    );
}

/// A stepper is lent its context and space on each call: kept between frames it goes on
/// exactly where it stopped, and resumed with a context another search has used since, a copy
/// that has moved on, or a space of another size, it refuses with a typed error and changes
/// nothing.
#[test]
fn a_stepper_resumes_only_on_its_own_records() {
    let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    let space = grid.four_connected();
    let (start, goal) = (Cell::new(0, 0), Cell::new(3, 2));
    let mut ctx = SearchContext::new();
    let mut stepper = Stepper::new(&mut ctx, &space, start, goal, SearchOptions::new()).unwrap();
    assert_eq!(
        stepper.step(&mut ctx, &space).unwrap(),
        StepEvent::Expanded(start)
    );

    // Another search on the context: the stepper's records are gone.
    let mut other = stepper.clone();
    let _ = Stepper::new(&mut ctx, &space, goal, start, SearchOptions::new()).unwrap();
    assert_eq!(
        other.step(&mut ctx, &space),
        Err(SearchError::StepperMismatch)
    );
    assert_eq!(
        other.view(&ctx, &space).err(),
        Some(SearchError::StepperMismatch)
    );

    // A copy of the context stepped on: the original no longer matches, the copy does.
    let mut ctx = SearchContext::new();
    let mut stepper2 = Stepper::new(&mut ctx, &space, start, goal, SearchOptions::new()).unwrap();
    let mut copy = ctx.clone();
    let _ = stepper2.step(&mut copy, &space).unwrap();
    assert_eq!(
        stepper2.step(&mut ctx, &space),
        Err(SearchError::StepperMismatch)
    );
    assert!(stepper2.step(&mut copy, &space).is_ok());

    // A space of another size.
    let bigger = Grid::new(5, 5).unwrap();
    assert_eq!(
        stepper2.step(&mut copy, &bigger.four_connected()),
        Err(SearchError::StepperMismatch)
    );
    // Refused calls changed nothing: it still finishes with the one-shot answer.
    let outcome = loop {
        if let StepEvent::Finished(o) = stepper2.step(&mut copy, &space).unwrap() {
            break o;
        }
    };
    assert_eq!(outcome.path().unwrap().cost, 5);
}

#[test]
fn stepper_shows_the_tutorial_numbers() {
    // The first expansion of the worked example: from [24;0], Top is outside, so Left [23;0] and
    // Bottom [24;1] are opened with G = 1; H to [22;3] is 4 for both, F = 5.
    let text = include_str!("fixtures/catmaze_25x25.txt").replace(['B', 'D', 'E', 'C'], ".");
    let grid = Grid::from_ascii(&text).unwrap();
    let space = grid.four_connected();
    let mut ctx = SearchContext::new();
    let (start, goal) = (Cell::new(24, 0), Cell::new(22, 3));
    let mut stepper = Stepper::new(
        &mut ctx,
        &space,
        start,
        goal,
        SearchOptions::new().tie_break(TieBreak::Lifo),
    )
    .unwrap();
    assert_eq!(stepper.view(&ctx, &space).unwrap().open_list().len(), 1);
    assert_eq!(
        stepper.step(&mut ctx, &space).unwrap(),
        StepEvent::Expanded(start)
    );
    let open = stepper.view(&ctx, &space).unwrap().open_list();
    let summary: Vec<(Cell, u32, u32, u32)> =
        open.iter().map(|v| (v.node, v.g, v.h, v.f)).collect();
    // Newest first among equal F: Bottom was opened after Left.
    assert_eq!(
        summary,
        vec![(Cell::new(24, 1), 1, 4, 5), (Cell::new(23, 0), 1, 4, 5)]
    );
    assert!(open.iter().all(|v| v.parent == Some(start)));
    assert!(stepper.view(&ctx, &space).unwrap().is_closed(start));
    let mut expansions = 1;
    let outcome = loop {
        match stepper.step(&mut ctx, &space).unwrap() {
            StepEvent::Expanded(_) => expansions += 1,
            StepEvent::Finished(o) => break o,
        }
    };
    assert_eq!(expansions + 1, 13, "13 removals, the target included");
    assert_eq!(stepper.view(&ctx, &space).unwrap().closed_list().len(), 13);
    assert_eq!(outcome.into_path().unwrap().cost, 9);
    let view = stepper
        .view(&ctx, &space)
        .unwrap()
        .node_view(Cell::new(20, 2))
        .unwrap();
    assert_eq!(
        (view.g, view.h, view.f, view.parent),
        (6, 3, 9, Some(Cell::new(20, 1)))
    );
}

#[test]
fn weight_range_follows_every_edit() {
    // Random edits, checked against a full scan after each one. On the small grids an extreme
    // is often held by a single cell, so the edits that move it elsewhere are frequent.
    for (w, h) in [(1, 1), (2, 1), (3, 2), (7, 5)] {
        let mut grid = Grid::new(w, h).unwrap();
        let mut state = 0x9E3779B97F4A7C15u64 ^ u64::from(w * h);
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let cell = grid.cell_at((state % u64::from(w * h)) as usize);
            grid.set_weight(cell, ((state >> 8) % 6) as u32).unwrap();
            let passable: Vec<u32> = grid.weights().iter().copied().filter(|&w| w != 0).collect();
            assert_eq!(
                grid.min_weight(),
                passable.iter().copied().min().unwrap_or(1),
                "{w}x{h}: {:?}",
                grid.weights()
            );
            assert_eq!(
                grid.max_weight(),
                passable.iter().copied().max().unwrap_or(1),
                "{w}x{h}: {:?}",
                grid.weights()
            );
        }
    }
}
