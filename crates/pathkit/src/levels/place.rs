//! [`Place`]: a cell on one floor of a level map, the node a level search walks.

use crate::grid::Cell;
use std::fmt;

/// A cell of one floor: the node of a [`LevelSpace`](super::LevelSpace).
///
/// Floors are numbered from 0 in the order the [`LevelMap`](super::LevelMap) was given them.
///
/// ```
/// use pathkit::grid::Cell;
/// use pathkit::levels::Place;
///
/// let stairs = Place::new(1, 4, 2);
/// assert_eq!((stairs.floor, stairs.cell), (1, Cell::new(4, 2)));
/// assert_eq!(stairs.to_string(), "1:[4;2]");
/// assert_eq!(format!("{stairs:?}"), "(4, 2) on floor 1"); // as errors write it
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Place {
    /// The floor, an index into the map's floors.
    pub floor: u32,
    /// The cell on that floor.
    pub cell: Cell,
}

impl Place {
    /// The cell (`x`, `y`) of floor `floor`.
    ///
    /// ```
    /// use pathkit::levels::Place;
    ///
    /// const ENTRANCE: Place = Place::new(0, 0, 0);
    /// assert_eq!(ENTRANCE.floor, 0);
    /// ```
    #[must_use]
    pub const fn new(floor: u32, x: u32, y: u32) -> Self {
        Place {
            floor,
            cell: Cell::new(x, y),
        }
    }
}

impl fmt::Debug for Place {
    /// Written `(x, y) on floor f`, as error messages write a place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} on floor {}", self.cell, self.floor)
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.floor, self.cell)
    }
}
