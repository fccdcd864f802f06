//! Adapters for the other Rust pathfinding crates, set up to the Moving AI rules as far as each
//! allows.

use super::engine::{MapRunner, Run};
use crate::error::CliError;
use grid_pathfinding::PathingGrid;
use grid_util::grid::{BoolGrid, ValueGrid};
use grid_util::point::Point;
use pathkit::grid::{Cell, Grid};
use std::cell::Cell as Counter;

/// Integer cost of a straight move for `pathfinding`, which needs `Ord` costs. With a diagonal of
/// round(√2 × 10^12) the rounding error over a 5,000-move path stays below 10^-8 cells, so the
/// integer optimum is the real optimum on these maps (and every answer is re-measured anyway).
const STRAIGHT: u64 = 1_000_000_000_000;
const DIAGONAL: u64 = 1_414_213_562_373;

/// `pathfinding::directed::astar::astar` over a passability vector, 8-connected without corner
/// cutting, integer octile costs and heuristic.
pub struct PathfindingAstar {
    width: i64,
    height: i64,
    open: Vec<bool>,
}

impl PathfindingAstar {
    /// Copies the passability of `grid`.
    pub fn new(grid: &Grid) -> Self {
        PathfindingAstar {
            width: grid.width() as i64,
            height: grid.height() as i64,
            open: grid.weights().iter().map(|&w| w != 0).collect(),
        }
    }

    fn free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && self.open[(y * self.width + x) as usize]
    }
}

impl MapRunner for PathfindingAstar {
    fn query(&mut self, start: Cell, goal: Cell) -> Result<Run, CliError> {
        let expanded = Counter::new(0u64);
        let goal_xy = (goal.x as i64, goal.y as i64);
        let result = pathfinding::directed::astar::astar(
            &(start.x as i64, start.y as i64),
            |&(x, y)| {
                expanded.set(expanded.get() + 1);
                // A fixed array filtered lazily: the successor list costs no allocation, which is
                // the fastest way `astar` can be fed.
                let (up, left) = (self.free(x, y - 1), self.free(x - 1, y));
                let (down, right) = (self.free(x, y + 1), self.free(x + 1, y));
                let moves = [
                    (up, 0, -1, STRAIGHT),
                    (left, -1, 0, STRAIGHT),
                    (down, 0, 1, STRAIGHT),
                    (right, 1, 0, STRAIGHT),
                    (up && left && self.free(x - 1, y - 1), -1, -1, DIAGONAL),
                    (down && left && self.free(x - 1, y + 1), -1, 1, DIAGONAL),
                    (up && right && self.free(x + 1, y - 1), 1, -1, DIAGONAL),
                    (down && right && self.free(x + 1, y + 1), 1, 1, DIAGONAL),
                ];
                moves
                    .into_iter()
                    .filter(|m| m.0)
                    .map(move |(_, dx, dy, cost)| ((x + dx, y + dy), cost))
            },
            |&(x, y)| {
                let dx = x.abs_diff(goal_xy.0);
                let dy = y.abs_diff(goal_xy.1);
                let (hi, lo) = if dx > dy { (dx, dy) } else { (dy, dx) };
                (hi - lo) * STRAIGHT + lo * DIAGONAL
            },
            |&p| p == goal_xy,
        );
        Ok(Run {
            path: result.map(|(nodes, _)| {
                nodes
                    .into_iter()
                    .map(|(x, y)| Cell::new(x as u32, y as u32))
                    .collect()
            }),
            // The successor closure runs once per expanded node.
            expanded: Some(expanded.get()),
        })
    }
}

/// `grid_pathfinding::PathingGrid`: JPS with its default settings (8-connected, improved pruning).
/// It always allows corner cutting (there is no setting against it) and prices moves 70/99, so
/// it answers an easier question than the scenarios ask; its answers are checked and counted.
pub struct GridPathfindingJps {
    grid: PathingGrid,
}

impl GridPathfindingJps {
    /// Builds the pathing grid (neighbour masks, jump points, connected components).
    pub fn new(grid: &Grid) -> Self {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let mut blocked = BoolGrid::new(w, h, false);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                if !grid.is_passable(Cell::new(x, y)) {
                    blocked.set(x as i32, y as i32, true);
                }
            }
        }
        let mut pg = PathingGrid::new(w, h, false);
        pg.grid = blocked;
        pg.initialize();
        pg.generate_components();
        GridPathfindingJps { grid: pg }
    }
}

impl MapRunner for GridPathfindingJps {
    fn query(&mut self, start: Cell, goal: Cell) -> Result<Run, CliError> {
        let path = self.grid.get_path_single_goal(
            Point::new(start.x as i32, start.y as i32),
            Point::new(goal.x as i32, goal.y as i32),
            false,
        );
        Ok(Run {
            path: path.map(|p| {
                p.into_iter()
                    .map(|q| Cell::new(q.x as u32, q.y as u32))
                    .collect()
            }),
            expanded: None,
        })
    }
}
