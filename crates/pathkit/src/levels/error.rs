//! [`LevelError`]: what a level map refuses (floors too large, portals on walls or nowhere,
//! unknown portals) and why.

use super::{Place, PortalId};
use crate::grid::GridError;
use crate::limits::Refusal;
use std::fmt;

/// Why a level map, a portal or a level space was refused.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelError, LevelMap, Place, Portal};
///
/// assert_eq!(LevelMap::new(Vec::new()).unwrap_err(), LevelError::NoFloors);
/// let mut map = LevelMap::new(vec![Grid::from_ascii(".#")?])?;
/// let into_wall = Portal { from: Place::new(0, 0, 0), to: Place::new(0, 1, 0), cost: 1.0, two_way: false };
/// let err = map.add_portal(into_wall).unwrap_err();
/// assert_eq!(err, LevelError::Walled { place: Place::new(0, 1, 0) });
/// assert_eq!(err.to_string(), "a portal end at 0:(1, 0) is on a wall");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LevelError {
    /// A level map needs at least one floor.
    NoFloors,
    /// More floors than a [`Place`] can number (`u32::MAX`).
    TooManyFloors {
        /// Floors given.
        count: usize,
    },
    /// No floor has this number.
    NoSuchFloor {
        /// The floor asked for.
        floor: u32,
    },
    /// The cell lies outside its floor.
    OutOfBounds {
        /// The place asked for.
        place: Place,
    },
    /// A portal end on a wall: nobody could stand there to take it, or arrive.
    Walled {
        /// The walled end.
        place: Place,
    },
    /// A portal cost that is NaN, infinite or negative.
    InvalidPortalCost {
        /// The cost given.
        cost: f64,
    },
    /// No portal has this handle (never added, or removed).
    UnknownPortal {
        /// The handle given.
        id: PortalId,
    },
    /// Memory for the level map was refused: the floors and portals together would take more
    /// than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (nothing was allocated), or the
    /// allocator refused memory below that.
    ///
    /// ```
    /// use pathkit::levels::LevelError;
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// let err = LevelError::from(Refusal::TooLarge { bytes: MAX_MAP_BYTES + 1, limit: MAX_MAP_BYTES });
    /// assert_eq!(err.to_string(), "level map: 8589934593 bytes asked for, more than the 8589934592 a map may take");
    /// ```
    Refused(Refusal),
    /// A floor refused an edit or a move rule.
    Grid(GridError),
    /// A portal of saved data (feature `serde`) that no map could hold: what is wrong with it,
    /// and its handle, so the bad entry can be found in the data.
    SavedPortal {
        /// The portal's handle: its index in the saved list of portals.
        portal: u32,
        /// What is wrong ([`LevelError::InvalidPortalCost`] or [`LevelError::NoSuchFloor`]).
        error: Box<LevelError>,
    },
    /// A spot of a [`Building`](super::Building) nobody can stand on: outside its floor, on a
    /// wall, off the mesh, or not a number.
    OffFloor {
        /// The floor.
        floor: u32,
        /// The spot's x.
        x: f64,
        /// The spot's y.
        y: f64,
    },
    /// An open floor's search refused.
    NavMesh(crate::navmesh::NavMeshError),
    /// An option or goal the search cannot honour.
    Unsupported(crate::Unsupported),
}

impl From<Refusal> for LevelError {
    fn from(refusal: Refusal) -> Self {
        LevelError::Refused(refusal)
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::OffFloor { floor, x, y } => {
                write!(f, "nobody can stand at ({x}, {y}) on floor {floor}")
            }
            LevelError::NavMesh(e) => write!(f, "{e}"),
            LevelError::Unsupported(u) => write!(f, "{u}"),
            LevelError::NoFloors => f.write_str("a level map needs at least one floor"),
            LevelError::TooManyFloors { count } => {
                write!(f, "{count} floors: at most {} are numbered", u32::MAX)
            }
            LevelError::NoSuchFloor { floor } => write!(f, "there is no floor {floor}"),
            LevelError::OutOfBounds { place } => write!(
                f,
                "{}:({}, {}) lies outside its floor",
                place.floor, place.cell.x, place.cell.y
            ),
            LevelError::Walled { place } => write!(
                f,
                "a portal end at {}:({}, {}) is on a wall",
                place.floor, place.cell.x, place.cell.y
            ),
            LevelError::InvalidPortalCost { cost } => {
                write!(f, "portal cost {cost} is not a finite, non-negative number")
            }
            LevelError::UnknownPortal { id } => {
                write!(f, "no portal has the handle {}", id.index())
            }
            LevelError::Refused(refusal) => write!(f, "level map: {refusal}"),
            LevelError::Grid(e) => write!(f, "{e}"),
            LevelError::SavedPortal { portal, error } => {
                write!(f, "saved portal {portal}: {error}")
            }
        }
    }
}

impl std::error::Error for LevelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LevelError::Grid(e) => Some(e),
            LevelError::SavedPortal { error, .. } => Some(error.as_ref()),
            LevelError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

impl From<GridError> for LevelError {
    fn from(e: GridError) -> Self {
        LevelError::Grid(e)
    }
}
