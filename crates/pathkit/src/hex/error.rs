//! Typed errors of hex grid construction, text, editing and searching.

use super::Hex;
use crate::limits::Refusal;
use crate::search::SearchError;
use std::fmt;

/// What is wrong in the text of a hex grid ([`HexGrid::from_ascii`](super::HexGrid::from_ascii)).
///
/// ```
/// use pathkit::hex::{HexError, HexGrid, HexTextProblem};
///
/// let err = HexGrid::from_ascii("hex odd-r\n. .\n . x").unwrap_err();
/// assert_eq!(err, HexError::Parse { line: 3, column: 4, problem: HexTextProblem::UnknownCell { found: 'x' } });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HexTextProblem {
    /// The first line is not `hex <layout>`.
    Header {
        /// The first line (at most 64 characters of it).
        found: String,
    },
    /// A flat-top grid's text has an odd number of lines after the header: each row takes two.
    HalfRow,
    /// A character where a space must stand: between cells, or the indent of a shifted row.
    ExpectedSpace {
        /// The character.
        found: char,
    },
    /// A row with another number of cells than the first.
    RowLength {
        /// Cells of the first row.
        expected: usize,
        /// Cells of this row.
        found: usize,
    },
    /// A space where a cell must stand, with more cells after it on the line.
    MissingCell,
    /// A character that is no cell.
    UnknownCell {
        /// The character.
        found: char,
    },
}

impl fmt::Display for HexTextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexTextProblem::Header { found } => write!(
                f,
                "expected a header `hex odd-r`, `hex even-r`, `hex odd-q` or `hex even-q`, found {found:?}"
            ),
            HexTextProblem::HalfRow => {
                f.write_str("a flat-top row takes two lines, and the last row has one")
            }
            HexTextProblem::ExpectedSpace { found } => {
                write!(f, "expected a space, found {found:?}")
            }
            HexTextProblem::RowLength { expected, found } => {
                write!(f, "row has {found} cells, expected {expected}")
            }
            HexTextProblem::MissingCell => f.write_str("a space where a cell must stand"),
            HexTextProblem::UnknownCell { found } => write!(f, "unknown cell {found:?}"),
        }
    }
}

/// What went wrong with a hex grid or a hex grid query.
///
/// ```
/// use pathkit::hex::{Hex, HexError, HexGrid, HexLayout};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = HexGrid::new(HexLayout::OddR, 3, 2).unwrap();
/// let err = grid.find_path(&mut SearchContext::new(), Hex::new(0, 0), Hex::new(7, 0)).unwrap_err();
/// assert_eq!(err, HexError::OutOfBounds { hex: Hex::new(7, 0), width: 3, height: 2 });
/// assert_eq!(err.to_string(), "hex (7, 0) is outside the 3x2 grid");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum HexError {
    /// A hex outside the grid.
    OutOfBounds {
        /// The hex asked for.
        hex: Hex,
        /// Grid width, in columns.
        width: u32,
        /// Grid height, in rows.
        height: u32,
    },
    /// A zero width or height: a grid has at least one hex.
    Empty {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
    },
    /// Memory for a hex grid or one of its tables was refused: a grid that would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (see
    /// [`HexGrid::memory_needed`](super::HexGrid::memory_needed); nothing was allocated), or
    /// memory the allocator refused below that.
    ///
    /// ```
    /// use pathkit::hex::{HexError, HexGrid, HexLayout};
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// let err = HexGrid::new(HexLayout::OddQ, 1 << 20, 1 << 20).unwrap_err();
    /// let bytes = HexGrid::memory_needed(1 << 20, 1 << 20);
    /// assert_eq!(err, HexError::Refused(Refusal::TooLarge { bytes, limit: MAX_MAP_BYTES }));
    /// assert_eq!(err.to_string(), format!("hex grid: {bytes} bytes asked for, more than the {MAX_MAP_BYTES} a map may take"));
    /// ```
    Refused(Refusal),
    /// Text that is not a hex grid; `line` and `column` count from 1, in characters.
    Parse {
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        column: usize,
        /// What is wrong there.
        problem: HexTextProblem,
    },
    /// The search itself failed (a limit option that is not a number, say).
    Search(SearchError<Hex>),
    /// An option or goal this search cannot honour.
    Unsupported(crate::Unsupported),
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::OutOfBounds { hex, width, height } => {
                write!(f, "hex {hex} is outside the {width}x{height} grid")
            }
            HexError::Empty { width, height } => {
                write!(f, "a {width}x{height} hex grid has no hexes")
            }
            HexError::Refused(refusal) => write!(f, "hex grid: {refusal}"),
            HexError::Parse {
                line,
                column,
                problem,
            } => write!(f, "line {line}, column {column}: {problem}"),
            HexError::Search(e) => write!(f, "search failed: {e}"),
            HexError::Unsupported(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for HexError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HexError::Search(e) => Some(e),
            HexError::Unsupported(u) => Some(u),
            HexError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

impl From<Refusal> for HexError {
    fn from(refusal: Refusal) -> Self {
        HexError::Refused(refusal)
    }
}

impl From<SearchError<Hex>> for HexError {
    fn from(e: SearchError<Hex>) -> Self {
        HexError::Search(e)
    }
}
