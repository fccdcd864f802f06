//! [`JpsError`]: why a Jump Point Search query could not run.

use crate::grid::Cell;
use std::fmt;

/// What is wrong with a Jump Point Search query. A blocked start or goal is not an error: it gives
/// [`Outcome::Unreachable`](crate::search::Outcome::Unreachable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JpsError {
    /// A start or goal outside the grid.
    OutOfBounds {
        /// The cell asked for.
        cell: Cell,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// Jump Point Search is only optimal when every passable cell costs the same; this cell has
    /// another weight. Search such grids with A* instead.
    NonUniformCost {
        /// The first cell (row-major) whose weight is not 0 or 1.
        cell: Cell,
        /// Its weight.
        weight: u32,
    },
}

impl fmt::Display for JpsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JpsError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(f, "cell {cell} is outside the {width}x{height} grid"),
            JpsError::NonUniformCost { cell, weight } => write!(
                f,
                "cell {cell} has weight {weight}: jump point search needs every passable cell at weight 1"
            ),
        }
    }
}

impl std::error::Error for JpsError {}
