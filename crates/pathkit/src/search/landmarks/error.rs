//! [`LandmarkError`]: why a [`Landmarks`](crate::search::Landmarks) table could not be built.

use crate::limits::Refusal;
use crate::search::SearchError;
use std::fmt;

/// Why a [`Landmarks`](crate::search::Landmarks) table could not be built: always a problem with the
/// input or with memory, reported before anything is searched with it.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{LandmarkChoice, LandmarkError, Landmarks, SearchError};
///
/// let grid = Grid::new(4, 4).unwrap();
/// let space = grid.four_connected();
/// assert_eq!(Landmarks::new(&space, LandmarkChoice::Given(vec![])).unwrap_err(), LandmarkError::NoLandmarks);
/// assert!(matches!(
///     Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(9, 9)])),
///     Err(LandmarkError::Search(SearchError::NodeOutOfBounds { .. }))
/// ));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LandmarkError<N> {
    /// No landmark was asked for (a count of zero, or an empty list).
    NoLandmarks,
    /// A search that fills the tables failed: a landmark or the seed outside the space, an
    /// invalid edge cost, a distance that does not fit the cost type (for integer costs, one
    /// that reaches the type's maximum, which the tables use as "no distance"), or the
    /// search's own memory refused.
    Search(SearchError<N>),
    /// Memory for the tables was refused: they would take more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (nothing was allocated for them), or the
    /// allocator refused memory below that.
    ///
    /// ```
    /// use pathkit::grid::Cell;
    /// use pathkit::limits::Refusal;
    /// use pathkit::search::LandmarkError;
    ///
    /// let err = LandmarkError::<Cell>::from(Refusal::OutOfMemory { bytes: 96 });
    /// assert_eq!(err.to_string(), "landmark tables: out of memory: the allocator refused 96 bytes");
    /// ```
    Refused(Refusal),
}

impl<N> From<SearchError<N>> for LandmarkError<N> {
    fn from(e: SearchError<N>) -> Self {
        LandmarkError::Search(e)
    }
}

impl<N> From<Refusal> for LandmarkError<N> {
    fn from(refusal: Refusal) -> Self {
        LandmarkError::Refused(refusal)
    }
}

impl<N: fmt::Debug> fmt::Display for LandmarkError<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandmarkError::NoLandmarks => write!(f, "no landmark was asked for"),
            LandmarkError::Search(e) => write!(f, "building the landmark tables: {e}"),
            LandmarkError::Refused(refusal) => write!(f, "landmark tables: {refusal}"),
        }
    }
}

impl<N: fmt::Debug + 'static> std::error::Error for LandmarkError<N> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LandmarkError::Search(e) => Some(e),
            LandmarkError::Refused(r) => Some(r),
            _ => None,
        }
    }
}
