//! Batch queries give exactly the sequential answers, in input order.

use pathkit::batch;
use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::{SearchContext, SearchOptions, Status};
use pathkit::Pathfinder;

fn map() -> Grid {
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    Grid::from_fn(97, 61, |_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        u32::from(state % 100 >= 30)
    })
    .unwrap()
}

fn queries(grid: &Grid) -> Vec<(Cell, Cell)> {
    let mut state = 0x0F0F_1234_5555_9999u64;
    let mut next = |n: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as u32
    };
    (0..400)
        .map(|_| {
            (
                Cell::new(next(grid.width()), next(grid.height())),
                Cell::new(next(grid.width()), next(grid.height())),
            )
        })
        .collect()
}

#[test]
fn batch_results_equal_sequential_results_in_order() {
    let grid = map();
    let qs = queries(&grid);

    let mut ctx = JpsContext::new();
    let sequential: Vec<_> = qs
        .iter()
        .map(|&(s, g)| grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, s, g))
        .collect();
    assert!(
        sequential
            .iter()
            .filter(|r| r.as_ref().unwrap().is_found())
            .count()
            > 50
    );
    assert_eq!(
        batch::find_paths(
            &grid.jump_points(JpsMode::EIGHT),
            &qs,
            &SearchOptions::new()
        ),
        sequential
    );

    let four: Vec<_> = qs
        .iter()
        .map(|&(s, g)| grid.jump_points(JpsMode::FOUR).find_path(&mut ctx, s, g))
        .collect();
    assert_eq!(
        batch::find_paths(&grid.jump_points(JpsMode::FOUR), &qs, &SearchOptions::new()),
        four
    );

    let statuses: Vec<_> = sequential
        .iter()
        .map(|r| {
            Ok(match r.as_ref().unwrap().path() {
                Some(p) => Status::Found { cost: p.cost },
                None => Status::Unreachable,
            })
        })
        .collect();
    let finder = grid.jump_points(JpsMode::EIGHT.jump_points());
    assert_eq!(
        batch::find_statuses(&finder, &qs, &SearchOptions::new()),
        statuses
    );

    let plus = JpsPlus::new(grid.clone()).unwrap();
    let plus_sequential: Vec<_> = qs
        .iter()
        .map(|&(s, g)| plus.find_path(&mut ctx, s, g))
        .collect();
    assert_eq!(
        batch::find_paths(&plus.paths(PathMode::Cells), &qs, &SearchOptions::new()),
        plus_sequential
    );

    let mut astar_ctx = SearchContext::new();
    let astar_sequential: Vec<_> = qs
        .iter()
        .map(|&(s, g)| grid.eight_connected().find_path(&mut astar_ctx, s, g))
        .collect();
    assert_eq!(
        batch::find_paths(&grid.eight_connected(), &qs, &SearchOptions::new()),
        astar_sequential
    );
}

#[test]
fn batch_reports_errors_per_query() {
    let grid = Grid::from_ascii("...\n...").unwrap();
    let qs = [
        (Cell::new(0, 0), Cell::new(2, 1)),
        (Cell::new(0, 0), Cell::new(5, 5)),
    ];
    let results = batch::find_paths(
        &grid.jump_points(JpsMode::EIGHT),
        &qs,
        &SearchOptions::new(),
    );
    assert!(results[0].as_ref().unwrap().is_found());
    assert!(matches!(
        results[1],
        Err(pathkit::jps::JpsError::OutOfBounds { .. })
    ));
    assert!(batch::find_paths(&grid.eight_connected(), &qs, &SearchOptions::new())[1].is_err());
    assert!(batch::find_paths(
        &grid.jump_points(JpsMode::EIGHT),
        &[],
        &SearchOptions::new()
    )
    .is_empty());
}
