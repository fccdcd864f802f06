//! [`HierarchyError`]: what building, editing or searching a hierarchy refuses, and why.

use crate::grid::GridError;
use crate::limits::Refusal;
use std::fmt;

/// Why a hierarchy was not built, edited or searched.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyError, HierarchyOptions};
///
/// let grid = Grid::new(8, 8).unwrap();
/// let err = HierarchicalGrid::eight_connected(grid, HierarchyOptions::new().cluster_size(1)).unwrap_err();
/// assert_eq!(err, HierarchyError::ClusterSize { size: 1 });
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum HierarchyError {
    /// A cluster must be at least 2 cells wide (a 1-cell cluster is the grid itself, with
    /// every cell on a border) and at most 65536.
    ClusterSize {
        /// The size given.
        size: u32,
    },
    /// Between 1 and [`MAX_LEVELS`](super::MAX_LEVELS) levels.
    Levels {
        /// The number given.
        levels: u8,
    },
    /// Memory for the abstract graph was refused: it would take more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (a map with open borders everywhere, at
    /// a size near the grid's own limit; the build stopped there, and the bytes are what the
    /// graph held then, at least), or the allocator refused memory below that.
    ///
    /// ```
    /// use pathkit::hierarchy::HierarchyError;
    /// use pathkit::limits::Refusal;
    ///
    /// let err = HierarchyError::from(Refusal::OutOfMemory { bytes: 640 });
    /// assert_eq!(err.to_string(), "hierarchy graph: out of memory: the allocator refused 640 bytes");
    /// ```
    Refused(Refusal),
    /// The grid refused: a cell outside it, an invalid move cost, a table it could not
    /// allocate, a search error (a cost overflow) met while building or searching.
    Grid(GridError),
    /// An option or goal the hierarchy cannot honour.
    Unsupported(crate::Unsupported),
    /// An agent larger than a [`ClearanceHierarchy`](super::ClearanceHierarchy) counts
    /// clearance for.
    AgentSize {
        /// The agent's size.
        size: u8,
        /// The largest size counted.
        max: u8,
    },
}

impl fmt::Display for HierarchyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HierarchyError::ClusterSize { size } => {
                write!(
                    f,
                    "cluster size {size}: a cluster must be 2 to 65536 cells wide"
                )
            }
            HierarchyError::Levels { levels } => write!(
                f,
                "{levels} levels: a hierarchy has 1 to {} levels",
                super::MAX_LEVELS
            ),
            HierarchyError::Refused(refusal) => write!(f, "hierarchy graph: {refusal}"),
            HierarchyError::Grid(e) => write!(f, "{e}"),
            HierarchyError::Unsupported(u) => write!(f, "{u}"),
            HierarchyError::AgentSize { size, max } => write!(
                f,
                "an agent of size {size}: the clearance is counted up to size {max}"
            ),
        }
    }
}

impl std::error::Error for HierarchyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HierarchyError::Grid(e) => Some(e),
            HierarchyError::Unsupported(u) => Some(u),
            HierarchyError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

impl From<Refusal> for HierarchyError {
    fn from(refusal: Refusal) -> Self {
        HierarchyError::Refused(refusal)
    }
}

impl From<GridError> for HierarchyError {
    fn from(e: GridError) -> Self {
        HierarchyError::Grid(e)
    }
}
