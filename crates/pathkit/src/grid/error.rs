//! Typed errors of grid construction, editing and searching.

use super::Cell;
use crate::search::SearchError;
use std::fmt;

/// What went wrong with a grid or a grid query.
#[derive(Clone, Debug, PartialEq)]
pub enum GridError {
    /// A coordinate outside the grid.
    OutOfBounds {
        /// Column asked for.
        x: i64,
        /// Row asked for.
        y: i64,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// More cells than a grid may hold ([`Grid::MAX_CELLS`](super::Grid::MAX_CELLS)).
    TooLarge {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
    },
    /// A move cost that is NaN, infinite, negative, or too large for every terrain weight.
    InvalidMoveCost {
        /// What is wrong.
        reason: String,
    },
    /// Text that is not a grid; `line` and `column` count from 1.
    Parse {
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The search itself failed (an overlay returned a bad cost, a path cost overflowed).
    Search(SearchError<Cell>),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutOfBounds {
                x,
                y,
                width,
                height,
            } => {
                write!(f, "cell ({x}, {y}) is outside the {width}x{height} grid")
            }
            GridError::TooLarge { width, height } => {
                write!(f, "a {width}x{height} grid has too many cells")
            }
            GridError::InvalidMoveCost { reason } => write!(f, "invalid move cost: {reason}"),
            GridError::Parse {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            GridError::Search(e) => write!(f, "search failed: {e}"),
        }
    }
}

impl std::error::Error for GridError {}

impl From<SearchError<Cell>> for GridError {
    fn from(e: SearchError<Cell>) -> Self {
        GridError::Search(e)
    }
}
