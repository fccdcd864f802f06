//! [`SubgoalError`]: why a subgoal graph could not be built or a query on it could not run.

use crate::grid::Cell;
use crate::limits::Refusal;
use crate::Unsupported;
use std::fmt;

/// What is wrong with a subgoal graph's map or query. A blocked start or goal is not an error: it
/// gives [`Outcome::Unreachable`](crate::search::Outcome::Unreachable).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::subgoal::{SubgoalError, SubgoalGraph};
///
/// let swamp = Grid::from_ascii("..3..")?;
/// let err = SubgoalGraph::new(swamp).unwrap_err();
/// assert_eq!(err, SubgoalError::NonUniformCost { cell: Cell::new(2, 0), weight: 3 });
/// assert!(err.to_string().starts_with("cell (2, 0) has weight 3:"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SubgoalError {
    /// A start or goal outside the grid.
    OutOfBounds {
        /// The cell asked for.
        cell: Cell,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// A subgoal graph's paths are optimal only when every passable cell costs the same; this cell
    /// has another weight. Search such grids with A* instead.
    NonUniformCost {
        /// The first cell (row-major) whose weight is not 0 or 1.
        cell: Cell,
        /// Its weight.
        weight: u32,
    },
    /// Memory for the graph, its tables or a context was refused: more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (nothing was allocated), or memory the
    /// allocator refused below that.
    Refused(Refusal),
    /// An option or goal a subgoal graph cannot honour (several goals, a goal test, limits,
    /// weights, the closest point).
    Unsupported(Unsupported),
}

impl From<Refusal> for SubgoalError {
    fn from(refusal: Refusal) -> Self {
        SubgoalError::Refused(refusal)
    }
}

impl fmt::Display for SubgoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubgoalError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(
                f,
                "cell ({}, {}) is outside the {width}x{height} grid",
                cell.x, cell.y
            ),
            SubgoalError::NonUniformCost { cell, weight } => write!(
                f,
                "cell ({}, {}) has weight {weight}: a subgoal graph needs every passable cell at weight 1",
                cell.x, cell.y
            ),
            SubgoalError::Refused(refusal) => write!(f, "subgoal graph: {refusal}"),
            SubgoalError::Unsupported(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for SubgoalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SubgoalError::Unsupported(u) => Some(u),
            SubgoalError::Refused(r) => Some(r),
            _ => None,
        }
    }
}
