//! The worked examples of the Cat Maze A* tutorials, reproduced on `pathkit::grid`.

use pathkit::grid::{Cell, Diagonal, Grid, Heuristic};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions, TieBreak};
use pathkit::Pathfinder;

const LEVEL: &str = include_str!("fixtures/catmaze_25x25.txt");

/// Walls block; bones, dogs, the exit and the spawn are floor. Dogs get `dog_weight`.
fn level(dog_weight: u32) -> Grid {
    let rows: Vec<&str> = LEVEL.lines().collect();
    Grid::from_fn(25, 25, |c| {
        match rows[c.y as usize].as_bytes()[c.x as usize] {
            b'#' => 0,
            b'D' => dog_weight,
            _ => 1,
        }
    })
    .unwrap()
}

fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
    list.iter().map(|&(x, y)| Cell::new(x, y)).collect()
}

const SPAWN: Cell = Cell::new(24, 0);
const TARGET: Cell = Cell::new(22, 3);

#[test]
fn variant_a_tutorial_ties_give_the_printed_path() {
    let grid = level(1);
    let space = grid.four_connected();
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(TieBreak::Lifo);
    let Outcome::Found(path) = AStar(&space)
        .find_path_with(&mut ctx, SPAWN, TARGET, &options)
        .unwrap()
    else {
        panic!("no path")
    };
    let mut expected = vec![SPAWN];
    expected.extend(cells(&[
        (24, 1),
        (23, 1),
        (22, 1),
        (21, 1),
        (20, 1),
        (20, 2),
        (20, 3),
        (21, 3),
        (22, 3),
    ]));
    assert_eq!(path.nodes, expected);
    assert_eq!(path.cost, 9);
    assert_eq!(
        ctx.stats().expanded,
        13,
        "the tutorial takes 13 steps off the open list"
    );
}

#[test]
fn variant_a_fifo_ties_give_the_other_path() {
    let grid = level(1);
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(TieBreak::Fifo);
    let path = AStar(&grid.four_connected())
        .find_path_with(&mut ctx, SPAWN, TARGET, &options)
        .unwrap()
        .into_path()
        .unwrap();
    let mut expected = vec![SPAWN];
    expected.extend(cells(&[
        (23, 0),
        (22, 0),
        (22, 1),
        (21, 1),
        (20, 1),
        (20, 2),
        (20, 3),
        (21, 3),
        (22, 3),
    ]));
    assert_eq!(path.nodes, expected);
    assert_eq!(ctx.stats().expanded, 14);
}

/// The diagonal variants: 10/14 moves without corner cutting, the unscaled Manhattan estimate,
/// the tutorial's ties; dogs cost `dog_weight` times as much to enter.
fn diagonal_route(dog_weight: u32) -> (Vec<Cell>, u32, u64) {
    let grid = level(dog_weight);
    let space = grid
        .space(Diagonal::NoCornerCutting, 10u32, 14u32)
        .unwrap()
        .with_heuristic(Heuristic::Manhattan)
        .heuristic_units(1.0, 1.0);
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(TieBreak::Lifo);
    let path = AStar(&space)
        .find_path_with(&mut ctx, SPAWN, TARGET, &options)
        .unwrap()
        .into_path()
        .unwrap();
    (path.nodes, path.cost, ctx.stats().expanded)
}

fn expected_diagonal_path() -> Vec<Cell> {
    let mut expected = vec![SPAWN];
    expected.extend(cells(&[
        (23, 0),
        (22, 0),
        (21, 0),
        (20, 1),
        (20, 2),
        (20, 3),
        (21, 3),
        (22, 3),
    ]));
    expected
}

#[test]
fn variant_b_diagonal_10_14_costs_84() {
    assert_eq!(diagonal_route(1), (expected_diagonal_path(), 84, 24));
}

#[test]
fn variant_c_dogs_cost_ten_times_174() {
    assert_eq!(diagonal_route(10), (expected_diagonal_path(), 174, 38));
}

#[test]
fn spawn_to_exit_is_88_steps_and_every_tile_is_connected() {
    let grid = level(1);
    let mut ctx = SearchContext::new();
    let path = AStar(&grid.four_connected())
        .find_path(&mut ctx, SPAWN, Cell::new(24, 8))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 88);
    let open: Vec<Cell> = (0..grid.len())
        .map(|i| grid.cell_at(i))
        .filter(|&c| grid.is_passable(c))
        .collect();
    assert_eq!(open.len(), 424);
    assert!(open
        .iter()
        .all(|&c| grid.reachable(SPAWN, c, Diagonal::Never)));
}
