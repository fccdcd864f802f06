//! [`Portal`] and [`PortalId`]: a link between two places (stairs, a ladder, an elevator, a
//! teleporter) and the handle that names it in its map.

use super::Place;

/// A link from one place to another, on another floor or on the same one.
///
/// Stairs and ladders are usually walked both ways (`two_way: true`); a drop through a hole in
/// the floor or a one-way teleporter goes from `from` to `to` only. Taking the portal costs
/// `cost`, on top of nothing else: the weight of the cell arrived at is not added, since a portal
/// is not a step onto terrain.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelMap, Place, Portal};
///
/// let mut map = LevelMap::new(vec![Grid::new(3, 3)?, Grid::new(3, 3)?])?;
/// let stairs = Portal { from: Place::new(0, 2, 2), to: Place::new(1, 2, 2), cost: 4.0, two_way: true };
/// let id = map.add_portal(stairs)?;
/// assert_eq!(map.portal(id), Some(&stairs));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Portal {
    /// Where the portal is entered.
    pub from: Place,
    /// Where it leads.
    pub to: Place,
    /// What taking it costs: finite and not negative (0 for an instant teleporter).
    pub cost: f64,
    /// Whether it may also be taken from `to` to `from`, at the same cost.
    pub two_way: bool,
}

/// The handle of a portal in its [`LevelMap`](super::LevelMap), given by
/// [`add_portal`](super::LevelMap::add_portal).
///
/// Handles are never reused: once a portal is removed, its handle names no portal, so a stale
/// handle gives [`LevelError::UnknownPortal`](super::LevelError::UnknownPortal) instead of
/// switching some other portal.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelError, LevelMap, Place, Portal};
///
/// let mut map = LevelMap::new(vec![Grid::new(4, 1)?])?;
/// let jump = Portal { from: Place::new(0, 0, 0), to: Place::new(0, 3, 0), cost: 1.0, two_way: false };
/// let first = map.add_portal(jump)?;
/// map.remove_portal(first)?;
/// let second = map.add_portal(jump)?;
/// assert_ne!(first, second);
/// assert_eq!(map.set_portal_enabled(first, false), Err(LevelError::UnknownPortal { id: first }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PortalId(pub(super) u32);

impl PortalId {
    /// The handle as a number, in the order portals were added.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 1)?])?;
    /// let id = map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(0, 1, 0), cost: 0.0, two_way: true })?;
    /// assert_eq!(id.index(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn index(self) -> u32 {
        self.0
    }
}
