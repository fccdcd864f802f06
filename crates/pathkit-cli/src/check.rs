//! Checks a path cell by cell under the Moving AI rules, whoever produced it, and measures it.

use pathkit::grid::{Cell, Grid};
use std::f64::consts::SQRT_2;

/// What is wrong with a path under the Moving AI rules (8-connected, no corner cutting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathFault {
    /// The path does not start at the start or end at the goal (or is empty).
    WrongEnds,
    /// It enters a blocked cell or leaves the grid.
    Blocked,
    /// Two consecutive cells are not neighbours.
    Jump,
    /// A diagonal move squeezes past a blocked orthogonal cell.
    CutsCorner,
}

/// The octile length of `path` (1 per straight move, √2 per diagonal) when it is a valid
/// no-corner-cutting path from `start` to `goal` on `grid`.
pub fn octile_length(
    grid: &Grid,
    path: &[Cell],
    start: Cell,
    goal: Cell,
) -> Result<f64, PathFault> {
    measure(grid, path, start, goal, false)
}

/// The octile length of `path` when diagonal moves may cut corners (any diagonal between two free
/// cells): how a corner-cutting engine's answer is measured.
pub fn corner_cutting_length(
    grid: &Grid,
    path: &[Cell],
    start: Cell,
    goal: Cell,
) -> Result<f64, PathFault> {
    measure(grid, path, start, goal, true)
}

fn measure(
    grid: &Grid,
    path: &[Cell],
    start: Cell,
    goal: Cell,
    cut_corners: bool,
) -> Result<f64, PathFault> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(PathFault::WrongEnds);
    }
    if !grid.is_passable(start) {
        return Err(PathFault::Blocked);
    }
    let (mut straight, mut diagonal) = (0u64, 0u64);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if !grid.is_passable(b) {
            return Err(PathFault::Blocked);
        }
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        match (dx, dy) {
            (0, 1) | (1, 0) => straight += 1,
            (1, 1) => {
                if !cut_corners
                    && (!grid.is_passable(Cell::new(b.x, a.y))
                        || !grid.is_passable(Cell::new(a.x, b.y)))
                {
                    return Err(PathFault::CutsCorner);
                }
                diagonal += 1;
            }
            _ => return Err(PathFault::Jump),
        }
    }
    Ok(straight as f64 + diagonal as f64 * SQRT_2)
}

/// `true` when `length` equals the expected optimum within `tolerance`.
pub fn matches(length: f64, optimal: f64, tolerance: f64) -> bool {
    (length - optimal).abs() <= tolerance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_and_rejects() {
        let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
        let (s, g) = (Cell::new(0, 0), Cell::new(2, 2));
        let around = [s, Cell::new(1, 0), Cell::new(2, 0), Cell::new(2, 1), g];
        assert_eq!(octile_length(&grid, &around, s, g), Ok(4.0));
        let cut = [s, Cell::new(1, 0), Cell::new(2, 1), g];
        assert_eq!(octile_length(&grid, &cut, s, g), Err(PathFault::CutsCorner));
        let cut_len = corner_cutting_length(&grid, &cut, s, g).unwrap();
        assert!((cut_len - (2.0 + std::f64::consts::SQRT_2)).abs() < 1e-12);
        let through = [s, Cell::new(1, 1), g];
        assert_eq!(
            octile_length(&grid, &through, s, g),
            Err(PathFault::Blocked)
        );
        let jump = [s, Cell::new(2, 0), g];
        assert_eq!(octile_length(&grid, &jump, s, g), Err(PathFault::Jump));
        assert_eq!(octile_length(&grid, &[], s, g), Err(PathFault::WrongEnds));
        assert_eq!(octile_length(&grid, &[s], s, s), Ok(0.0));
    }
}
