//! [`Cell`]: a grid position.

use std::fmt;

/// A cell of a grid: column `x` from the left, row `y` from the top.
///
/// ```
/// use pathkit::grid::Cell;
///
/// let cell = Cell::new(3, 1);
/// assert_eq!((cell.x, cell.y), (3, 1));
/// assert_eq!(Cell::from((3, 1)), cell);
/// assert_eq!(cell.to_string(), "[3;1]"); // as the tutorials write it
/// assert_eq!(format!("{cell:?}"), "(3, 1)"); // as errors and the command line write it
/// assert!(Cell::new(0, 2) < Cell::new(1, 0)); // ordered by x, then y
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// const START: Cell = Cell::new(0, 0);
    /// let grid = Grid::new(2, 2).unwrap();
    /// assert_eq!(grid.cell(0, 0), Some(START));
    /// ```
    #[must_use]
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }

    /// The cell `dx`, `dy` away, if both coordinates stay non-negative.
    ///
    /// ```
    /// use pathkit::grid::Cell;
    ///
    /// let cell = Cell::new(2, 0);
    /// assert_eq!(cell.offset(-1, 1), Some(Cell::new(1, 1)));
    /// assert_eq!(cell.offset(0, -1), None); // above the top row
    /// ```
    #[must_use]
    pub fn offset(self, dx: i64, dy: i64) -> Option<Cell> {
        let x = u32::try_from(self.x as i64 + dx).ok()?;
        let y = u32::try_from(self.y as i64 + dy).ok()?;
        Some(Cell { x, y })
    }
}

impl From<(u32, u32)> for Cell {
    fn from((x, y): (u32, u32)) -> Self {
        Cell { x, y }
    }
}

impl fmt::Debug for Cell {
    /// Written `(x, y)`, as every error message and the command line write a cell (a
    /// [`SearchError`](crate::search::SearchError) names its nodes by their `Debug` form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl fmt::Display for Cell {
    /// Written `[x;y]`, as in the Cat Maze tutorials.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{};{}]", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::Cell;

    #[test]
    fn offsets_move_each_coordinate_by_its_own_amount() {
        let cell = Cell::new(5, 9);
        assert_eq!(cell.offset(0, 0), Some(cell));
        assert_eq!(cell.offset(2, 0), Some(Cell::new(7, 9)));
        assert_eq!(cell.offset(0, 3), Some(Cell::new(5, 12)));
        assert_eq!(cell.offset(-5, -9), Some(Cell::new(0, 0)));
        assert_eq!(cell.offset(-6, 0), None);
        assert_eq!(cell.offset(0, -10), None);
        assert_eq!(Cell::new(u32::MAX, 0).offset(1, 0), None);
        assert_eq!(Cell::new(0, u32::MAX).offset(0, 1), None);
    }

    #[test]
    fn a_pair_is_x_then_y() {
        assert_eq!(Cell::from((4, 2)), Cell::new(4, 2));
        assert_eq!(Cell::from((4, 2)).x, 4);
    }
}
