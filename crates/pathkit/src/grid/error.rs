//! Typed errors of grid construction, editing and searching.

use super::Cell;
use crate::limits::Refusal;
use crate::search::SearchError;
use std::fmt;

/// A straight (side) or diagonal (corner) move.
///
/// ```
/// use pathkit::grid::{Diagonal, Grid, GridError, MoveKind};
///
/// let grid = Grid::new(2, 2).unwrap();
/// let err = grid.space(Diagonal::Always, 1.0, f64::NAN).unwrap_err();
/// assert!(matches!(err, GridError::InvalidMoveCost { kind: MoveKind::Diagonal, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// To one of the four side neighbours.
    Straight,
    /// To one of the four corner neighbours.
    Diagonal,
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveKind::Straight => "straight",
            MoveKind::Diagonal => "diagonal",
        })
    }
}

/// What is wrong in the text of a grid ([`Grid::from_ascii`](super::Grid::from_ascii)).
///
/// ```
/// use pathkit::grid::{AsciiProblem, Grid, GridError};
///
/// let err = Grid::from_ascii("...\n.x.").unwrap_err();
/// assert_eq!(err, GridError::Parse { line: 2, column: 2, problem: AsciiProblem::UnknownCell { found: 'x' } });
/// let err = Grid::from_ascii("...\n..").unwrap_err();
/// assert!(matches!(err, GridError::Parse { line: 2, problem: AsciiProblem::RowLength { expected: 3, found: 2 }, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AsciiProblem {
    /// A row with another number of cells than the first.
    RowLength {
        /// Cells of the first row.
        expected: usize,
        /// Cells of this row.
        found: usize,
    },
    /// A character that is no cell.
    UnknownCell {
        /// The character.
        found: char,
    },
}

impl fmt::Display for AsciiProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AsciiProblem::RowLength { expected, found } => {
                write!(f, "row has {found} cells, expected {expected}")
            }
            AsciiProblem::UnknownCell { found } => write!(f, "unknown cell {found:?}"),
        }
    }
}

/// What went wrong with a grid or a grid query.
///
/// ```
/// use pathkit::grid::{Cell, Grid, GridError};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::new(3, 1).unwrap();
/// let mut ctx = SearchContext::new();
/// let err = grid.four_connected().find_path(&mut ctx, Cell::new(0, 0), Cell::new(5, 0)).unwrap_err();
/// assert_eq!(err, GridError::OutOfBounds { x: 5, y: 0, width: 3, height: 1 });
/// assert_eq!(err.to_string(), "cell (5, 0) is outside the 3x1 grid");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
    /// A zero width or height: a grid has at least one cell.
    Empty {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// Memory for a grid or one of its tables was refused: a grid that would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (see
    /// [`Grid::memory_needed`](super::Grid::memory_needed); nothing was allocated), or memory
    /// the allocator refused below that.
    ///
    /// ```
    /// use pathkit::grid::{Grid, GridError};
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// let err = Grid::new(1, 1 << 28).unwrap_err();
    /// let bytes = Grid::memory_needed(1, 1 << 28);
    /// assert_eq!(err, GridError::Refused(Refusal::TooLarge { bytes, limit: MAX_MAP_BYTES }));
    /// assert_eq!(err.to_string(), format!("grid: {bytes} bytes asked for, more than the {MAX_MAP_BYTES} a map may take"));
    /// ```
    Refused(Refusal),
    /// A base move cost that is NaN, infinite, zero or negative.
    InvalidMoveCost {
        /// Which move: straight or diagonal.
        kind: MoveKind,
        /// The cost given, as a number.
        value: f64,
    },
    /// Text that is not a grid; `line` and `column` count from 1.
    Parse {
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        column: usize,
        /// What is wrong there.
        problem: AsciiProblem,
    },
    /// The search itself failed (an overlay returned a bad cost, a path cost overflowed).
    Search(SearchError<Cell>),
    /// An option or goal this search cannot honour.
    Unsupported(crate::Unsupported),
    /// An area id of [`MAX_AREAS`](crate::navmesh::MAX_AREAS) or more, or an area cost of 0
    /// ([`GridAreas`](super::GridAreas), [`AreaCosts`](super::AreaCosts)).
    InvalidArea {
        /// The area.
        area: u8,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::InvalidArea { area } => write!(
                f,
                "area {area}: areas are below {} and cost at least 1",
                crate::navmesh::MAX_AREAS
            ),
            GridError::OutOfBounds {
                x,
                y,
                width,
                height,
            } => {
                write!(f, "cell ({x}, {y}) is outside the {width}x{height} grid")
            }
            GridError::Empty { width, height } => {
                write!(f, "a {width}x{height} grid has no cells")
            }
            GridError::Refused(refusal) => write!(f, "grid: {refusal}"),
            GridError::InvalidMoveCost { kind, value } => write!(
                f,
                "invalid {kind} move cost {value}: move costs must be finite and positive"
            ),
            GridError::Parse {
                line,
                column,
                problem,
            } => write!(f, "line {line}, column {column}: {problem}"),
            GridError::Search(e) => write!(f, "search failed: {e}"),
            GridError::Unsupported(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for GridError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GridError::Search(e) => Some(e),
            GridError::Unsupported(u) => Some(u),
            GridError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

impl From<Refusal> for GridError {
    fn from(refusal: Refusal) -> Self {
        GridError::Refused(refusal)
    }
}

impl From<SearchError<Cell>> for GridError {
    fn from(e: SearchError<Cell>) -> Self {
        GridError::Search(e)
    }
}
