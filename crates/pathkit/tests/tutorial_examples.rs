//! The worked examples of the Cat Maze A* tutorials, reproduced on `pathkit::grid`.

use pathkit::grid::{Cell, Diagonal, Grid, Heuristic};
use pathkit::search::{Outcome, SearchContext, SearchOptions, TieBreak};

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
    let options = SearchOptions::new().tie_break(TieBreak::Tutorial);
    let Outcome::Found(path) = ctx.search(&space, SPAWN, TARGET, &options).unwrap() else {
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
    let path = ctx
        .search(&grid.four_connected(), SPAWN, TARGET, &options)
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

#[test]
fn variant_b_diagonal_10_14_costs_84() {
    let grid = level(1);
    let space = grid
        .space(Diagonal::NoCornerCutting, 10u32, 14u32)
        .unwrap()
        .with_heuristic(Heuristic::Manhattan)
        .heuristic_units(1.0, 1.0);
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(TieBreak::Tutorial);
    let path = ctx
        .search(&space, SPAWN, TARGET, &options)
        .unwrap()
        .into_path()
        .unwrap();
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
    assert_eq!(path.nodes, expected);
    assert_eq!(path.cost, 84);
    assert_eq!(ctx.stats().expanded, 24);
}

#[test]
fn variant_c_dogs_cost_ten_times_174() {
    let grid = level(10);
    let space = grid
        .space(Diagonal::NoCornerCutting, 10u32, 14u32)
        .unwrap()
        .with_heuristic(Heuristic::Manhattan)
        .heuristic_units(1.0, 1.0);
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(TieBreak::Tutorial);
    let path = ctx
        .search(&space, SPAWN, TARGET, &options)
        .unwrap()
        .into_path()
        .unwrap();
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
    assert_eq!(path.nodes, expected);
    assert_eq!(path.cost, 174);
    assert_eq!(ctx.stats().expanded, 38);
}

#[test]
fn spawn_to_exit_is_88_steps_and_every_tile_is_connected() {
    let grid = level(1);
    let mut ctx = SearchContext::new();
    let path = ctx
        .astar(&grid.four_connected(), SPAWN, Cell::new(24, 8))
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
