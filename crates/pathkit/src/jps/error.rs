//! [`JpsError`]: why a Jump Point Search query could not run.

use crate::grid::{Cell, Diagonal};
use crate::limits::Refusal;
use crate::search::SearchError;
use std::fmt;

/// What is wrong with a Jump Point Search query. A blocked start or goal is not an error: it gives
/// [`Outcome::Unreachable`](crate::search::Outcome::Unreachable).
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit::jps::{JpsContext, JpsError, JpsMode, PathMode};
/// use pathkit::Pathfinder;
///
/// let swamp = Grid::from_ascii("..3..").unwrap();
/// let mut ctx = JpsContext::new();
/// let err = swamp.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0)).unwrap_err();
/// assert_eq!(err, JpsError::NonUniformCost { cell: Cell::new(2, 0), weight: 3 });
/// assert!(err.to_string().starts_with("cell (2, 0) has weight 3:"));
/// let cutting = JpsMode { moves: Diagonal::CornerCutting, path: PathMode::Cells };
/// let open = Grid::new(3, 3).unwrap();
/// let err = open.jump_points(cutting).find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 2)).unwrap_err();
/// assert_eq!(err, JpsError::UnsupportedMoves { moves: Diagonal::CornerCutting });
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
    /// Memory for a JPS+ table, a context's records or the grid's table of connected components
    /// was refused: more than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (nothing was
    /// allocated), or memory the allocator refused below that.
    ///
    /// ```
    /// use pathkit::jps::JpsError;
    /// use pathkit::limits::Refusal;
    ///
    /// let err = JpsError::from(Refusal::OutOfMemory { bytes: 4096 });
    /// assert_eq!(err, JpsError::Refused(Refusal::OutOfMemory { bytes: 4096 }));
    /// assert_eq!(err.to_string(), "jump point search: out of memory: the allocator refused 4096 bytes");
    /// ```
    Refused(Refusal),
    /// Moves Jump Point Search does not support: it searches 8-connected grids without corner
    /// cutting or 4-connected ones. Search other rules with A* on a
    /// [`GridSpace`](crate::grid::GridSpace).
    UnsupportedMoves {
        /// The rule asked for.
        moves: Diagonal,
    },
    /// The search loop itself failed. Jump Point Search computes every cost itself, so the only
    /// failure it could meet is a path cost beyond `f64`, which no grid within
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) can produce.
    Search(SearchError<Cell>),
    /// An option or goal Jump Point Search cannot honour (a goal test, limits, weights).
    Unsupported(crate::Unsupported),
}

impl From<SearchError<Cell>> for JpsError {
    fn from(e: SearchError<Cell>) -> Self {
        JpsError::Search(e)
    }
}

impl From<Refusal> for JpsError {
    fn from(refusal: Refusal) -> Self {
        JpsError::Refused(refusal)
    }
}

impl fmt::Display for JpsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JpsError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(
                f,
                "cell ({}, {}) is outside the {width}x{height} grid",
                cell.x, cell.y
            ),
            JpsError::NonUniformCost { cell, weight } => write!(
                f,
                "cell ({}, {}) has weight {weight}: jump point search needs every passable cell at weight 1",
                cell.x, cell.y
            ),
            JpsError::Refused(refusal) => write!(f, "jump point search: {refusal}"),
            JpsError::UnsupportedMoves { moves } => write!(
                f,
                "jump point search does not support {moves:?} moves: only NoCornerCutting and Never"
            ),
            JpsError::Search(e) => write!(f, "search failed: {e}"),
            JpsError::Unsupported(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for JpsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JpsError::Search(e) => Some(e),
            JpsError::Unsupported(u) => Some(u),
            JpsError::Refused(r) => Some(r),
            _ => None,
        }
    }
}
