//! [`Cell`]: a grid position.

use std::fmt;

/// A cell of a grid: column `x` from the left, row `y` from the top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }

    /// The cell `dx`, `dy` away, if both coordinates stay non-negative.
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

impl fmt::Display for Cell {
    /// Written `[x;y]`, as in the Cat Maze tutorials.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{};{}]", self.x, self.y)
    }
}
