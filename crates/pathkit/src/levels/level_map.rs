//! [`LevelMap`]: several grids (floors) and the portals between their cells, editable at run time.

use super::{LevelError, Place, Portal, PortalId};
use crate::grid::{Cell, Grid};
use crate::limits::{self, Refusal};

/// A portal as the map keeps it: the link, and whether it is in service.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PortalSlot {
    pub(super) portal: Portal,
    pub(super) enabled: bool,
}

/// A level made of several floors, each a [`Grid`] of its own size, and [`Portal`]s between
/// cells: stairs and ladders between floors, elevators, teleporters across one floor.
///
/// Everything may change between searches, as a game's level does: floors are edited like any
/// grid ([`set_weight`](LevelMap::set_weight), [`floor_mut`](LevelMap::floor_mut)); portals are
/// added, switched off and on (an elevator out of service, a locked hatch) and removed. A search
/// runs on a [`LevelSpace`](super::LevelSpace), a snapshot of the map taken by
/// [`eight_connected`](LevelMap::eight_connected), [`four_connected`](LevelMap::four_connected)
/// or [`space`](LevelMap::space): the map cannot change while the snapshot lives.
///
/// A portal is refused when an end is on a wall or off its floor. A floor edited later may wall
/// an end in; the portal then stays in the map but cannot be taken until the cell is opened
/// again, as a grid cell cannot be entered while it is a wall.
///
/// With the `serde` feature a map is saved and loaded whole: floors, portals in service or not,
/// and the handles of removed portals left unused, so handles a game kept still name the same
/// portals. Loading checks the data as the map's own operations check their input, and refuses
/// what no map could hold with a [`LevelError`] (see the `Deserialize` implementation).
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelMap, Place, Portal};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let ground = Grid::from_ascii("....\n###.\n....")?;
/// let cellar = Grid::from_ascii("....")?;
/// let mut map = LevelMap::new(vec![ground, cellar])?;
/// // A ladder down at the top left, another back up at the bottom left.
/// let down = map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(1, 0, 0), cost: 1.0, two_way: true })?;
/// map.add_portal(Portal { from: Place::new(1, 0, 0), to: Place::new(0, 0, 2), cost: 1.0, two_way: true })?;
/// let mut ctx = SearchContext::new();
/// let (start, goal) = (Place::new(0, 0, 0), Place::new(0, 0, 2));
/// let path = map.eight_connected()?.find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// assert_eq!(path.cost, 2.0); // down the ladder, up the other
/// map.set_portal_enabled(down, false)?; // the ladder breaks: walk around the wall
/// let path = map.eight_connected()?.find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// assert!(path.cost > 4.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LevelMap {
    floors: Vec<Grid>,
    /// By handle; `None` once removed, so handles are never reused.
    portals: Vec<Option<PortalSlot>>,
}

impl LevelMap {
    /// A map of these floors, numbered in order from 0, and no portals.
    ///
    /// Refused: no floor ([`LevelError::NoFloors`]), more than `u32::MAX` floors, and floors whose
    /// grids together would need more than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`Grid::memory_needed`] summed), the limit one map must keep to however it is cut.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::LevelMap;
    ///
    /// let map = LevelMap::new(vec![Grid::new(8, 8)?, Grid::new(3, 5)?])?;
    /// assert_eq!(map.floor_count(), 2);
    /// assert_eq!(map.floor(1).map(Grid::width), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(floors: Vec<Grid>) -> Result<LevelMap, LevelError> {
        if floors.is_empty() {
            return Err(LevelError::NoFloors);
        }
        if u32::try_from(floors.len()).is_err() {
            return Err(LevelError::TooManyFloors {
                count: floors.len(),
            });
        }
        let bytes = floors.iter().fold(0u64, |sum, g| {
            sum.saturating_add(Grid::memory_needed(g.width(), g.height()))
        });
        limits::check(bytes).map_err(LevelError::Refused)?;
        Ok(LevelMap {
            floors,
            portals: Vec::new(),
        })
    }

    /// How many floors there are.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::LevelMap;
    ///
    /// assert_eq!(LevelMap::new(vec![Grid::new(2, 2)?])?.floor_count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn floor_count(&self) -> u32 {
        self.floors.len() as u32
    }

    /// Every floor, in order.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::LevelMap;
    ///
    /// let map = LevelMap::new(vec![Grid::new(2, 2)?, Grid::new(4, 1)?])?;
    /// let cells: usize = map.floors().iter().map(Grid::len).sum();
    /// assert_eq!(cells, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn floors(&self) -> &[Grid] {
        &self.floors
    }

    /// Floor `floor`, if there is one.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::LevelMap;
    ///
    /// let map = LevelMap::new(vec![Grid::new(2, 2)?])?;
    /// assert!(map.floor(0).is_some() && map.floor(1).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn floor(&self, floor: u32) -> Option<&Grid> {
        self.floors.get(floor as usize)
    }

    /// Floor `floor` to edit (block, open, reweigh cells), if there is one.
    ///
    /// A floor replaced by a grid of another size keeps its portals; those whose ends now lie
    /// outside it cannot be taken, as if walled in.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::levels::LevelMap;
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(3, 1)?])?;
    /// map.floor_mut(0).unwrap().block(Cell::new(1, 0))?;
    /// assert_eq!(map.floor(0).unwrap().to_ascii(), ".#.\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn floor_mut(&mut self, floor: u32) -> Option<&mut Grid> {
        self.floors.get_mut(floor as usize)
    }

    /// The terrain weight of `place` (0: a wall, outside its floor, or no such floor).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place};
    ///
    /// let map = LevelMap::new(vec![Grid::from_ascii(".3#")?])?;
    /// assert_eq!(map.weight(Place::new(0, 1, 0)), 3);
    /// assert_eq!(map.weight(Place::new(0, 2, 0)), 0);
    /// assert_eq!(map.weight(Place::new(5, 0, 0)), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn weight(&self, place: Place) -> u32 {
        self.floor(place.floor).map_or(0, |g| g.weight(place.cell))
    }

    /// Sets the terrain weight of `place` (0 makes it a wall), as [`Grid::set_weight`] does.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelError, LevelMap, Place};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 2)?])?;
    /// map.set_weight(Place::new(0, 1, 1), 4)?;
    /// assert_eq!(map.weight(Place::new(0, 1, 1)), 4);
    /// assert_eq!(map.set_weight(Place::new(1, 0, 0), 1), Err(LevelError::NoSuchFloor { floor: 1 }));
    /// assert!(matches!(map.set_weight(Place::new(0, 2, 0), 1), Err(LevelError::Grid(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, place: Place, weight: u32) -> Result<(), LevelError> {
        let grid = self
            .floors
            .get_mut(place.floor as usize)
            .ok_or(LevelError::NoSuchFloor { floor: place.floor })?;
        Ok(grid.set_weight(place.cell, weight)?)
    }

    /// Adds a portal, in service, and gives its handle.
    ///
    /// Refused: an end on no floor ([`LevelError::NoSuchFloor`]), outside its floor
    /// ([`LevelError::OutOfBounds`]) or on a wall ([`LevelError::Walled`]), a cost that is NaN,
    /// infinite or negative ([`LevelError::InvalidPortalCost`]). Several portals may leave one
    /// cell (an elevator serving many floors is one portal a floor).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelError, LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(3, 3)?, Grid::new(3, 3)?])?;
    /// let lift = Portal { from: Place::new(0, 1, 1), to: Place::new(1, 1, 1), cost: 5.0, two_way: true };
    /// let id = map.add_portal(lift)?;
    /// assert_eq!(map.is_portal_enabled(id), Some(true));
    /// let nowhere = Portal { to: Place::new(2, 0, 0), ..lift };
    /// assert_eq!(map.add_portal(nowhere), Err(LevelError::NoSuchFloor { floor: 2 }));
    /// let free = Portal { cost: -1.0, ..lift };
    /// assert_eq!(map.add_portal(free), Err(LevelError::InvalidPortalCost { cost: -1.0 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_portal(&mut self, portal: Portal) -> Result<PortalId, LevelError> {
        self.check_cost_and_floors(&portal)?;
        for place in [portal.from, portal.to] {
            let grid = self
                .floor(place.floor)
                .ok_or(LevelError::NoSuchFloor { floor: place.floor })?;
            if grid.check(place.cell).is_err() {
                return Err(LevelError::OutOfBounds { place });
            }
            if !grid.is_passable(place.cell) {
                return Err(LevelError::Walled { place });
            }
        }
        let id = u32::try_from(self.portals.len())
            .ok()
            .filter(|&i| i < u32::MAX)
            .ok_or(LevelError::Refused(Refusal::too_large(limits::bytes_of::<
                Option<PortalSlot>,
            >(
                self.portals.len() as u64 + 1,
            ))))?;
        let bytes = limits::bytes_of::<Option<PortalSlot>>(self.portals.len() as u64 + 1);
        limits::check(bytes).map_err(LevelError::Refused)?;
        self.portals
            .try_reserve(1)
            .map_err(|_| LevelError::Refused(Refusal::OutOfMemory { bytes }))?;
        self.portals.push(Some(PortalSlot {
            portal,
            enabled: true,
        }));
        Ok(PortalId(id))
    }

    /// Puts a portal in or out of service (an elevator that breaks down, a door that locks). A
    /// portal out of service stays in the map, with its handle, and is never taken.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 1)?, Grid::new(2, 1)?])?;
    /// let id = map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(1, 0, 0), cost: 1.0, two_way: true })?;
    /// map.set_portal_enabled(id, false)?;
    /// assert_eq!(map.is_portal_enabled(id), Some(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_portal_enabled(&mut self, id: PortalId, enabled: bool) -> Result<(), LevelError> {
        let slot = self
            .portals
            .get_mut(id.0 as usize)
            .and_then(Option::as_mut)
            .ok_or(LevelError::UnknownPortal { id })?;
        slot.enabled = enabled;
        Ok(())
    }

    /// Removes a portal for good and gives it back; its handle then names nothing.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelError, LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 1)?])?;
    /// let hop = Portal { from: Place::new(0, 0, 0), to: Place::new(0, 1, 0), cost: 0.5, two_way: false };
    /// let id = map.add_portal(hop)?;
    /// assert_eq!(map.remove_portal(id), Ok(hop));
    /// assert_eq!(map.remove_portal(id), Err(LevelError::UnknownPortal { id }));
    /// assert_eq!(map.portals().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_portal(&mut self, id: PortalId) -> Result<Portal, LevelError> {
        self.portals
            .get_mut(id.0 as usize)
            .and_then(Option::take)
            .map(|slot| slot.portal)
            .ok_or(LevelError::UnknownPortal { id })
    }

    /// The portal with this handle, in service or not.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 1)?])?;
    /// let hop = Portal { from: Place::new(0, 0, 0), to: Place::new(0, 1, 0), cost: 2.0, two_way: true };
    /// let id = map.add_portal(hop)?;
    /// assert_eq!(map.portal(id).map(|p| p.cost), Some(2.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn portal(&self, id: PortalId) -> Option<&Portal> {
        self.slot(id).map(|s| &s.portal)
    }

    /// Whether the portal with this handle is in service; `None` when no portal has it.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(2, 1)?])?;
    /// let id = map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(0, 1, 0), cost: 1.0, two_way: true })?;
    /// assert_eq!(map.is_portal_enabled(id), Some(true));
    /// map.remove_portal(id)?;
    /// assert_eq!(map.is_portal_enabled(id), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_portal_enabled(&self, id: PortalId) -> Option<bool> {
        self.slot(id).map(|s| s.enabled)
    }

    /// Every portal still in the map, with its handle and whether it is in service, in the order
    /// they were added.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(3, 1)?])?;
    /// let a = map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(0, 2, 0), cost: 1.0, two_way: false })?;
    /// let b = map.add_portal(Portal { from: Place::new(0, 2, 0), to: Place::new(0, 1, 0), cost: 1.0, two_way: false })?;
    /// map.set_portal_enabled(a, false)?;
    /// let listed: Vec<_> = map.portals().map(|(id, _, on)| (id, on)).collect();
    /// assert_eq!(listed, [(a, false), (b, true)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn portals(&self) -> impl Iterator<Item = (PortalId, &Portal, bool)> + '_ {
        self.portals.iter().enumerate().filter_map(|(i, s)| {
            s.as_ref()
                .map(|s| (PortalId(i as u32), &s.portal, s.enabled))
        })
    }

    /// What every portal of a map keeps to, whatever is edited later: a finite, non-negative
    /// cost, and both ends on floors of the map (floors are never added or removed).
    pub(super) fn check_cost_and_floors(&self, portal: &Portal) -> Result<(), LevelError> {
        if !(portal.cost.is_finite() && portal.cost >= 0.0) {
            return Err(LevelError::InvalidPortalCost { cost: portal.cost });
        }
        for place in [portal.from, portal.to] {
            if self.floor(place.floor).is_none() {
                return Err(LevelError::NoSuchFloor { floor: place.floor });
            }
        }
        Ok(())
    }

    /// The portal slots by handle, `None` where a portal was removed.
    #[cfg(feature = "serde")]
    pub(super) fn slots(&self) -> &[Option<PortalSlot>] {
        &self.portals
    }

    /// Puts back saved slots, checked by the caller.
    #[cfg(feature = "serde")]
    pub(super) fn set_slots(&mut self, slots: Vec<Option<PortalSlot>>) {
        self.portals = slots;
    }

    fn slot(&self, id: PortalId) -> Option<&PortalSlot> {
        self.portals.get(id.0 as usize).and_then(Option::as_ref)
    }

    /// Whether `place` is a cell of its floor that can be stood on.
    pub(super) fn is_open(&self, place: Place) -> bool {
        self.weight(place) != 0
    }

    /// The cell's row-major index on its floor, when it lies on one.
    pub(super) fn cell_index(&self, place: Place) -> Option<usize> {
        let grid = self.floor(place.floor)?;
        let Cell { x, y } = place.cell;
        (x < grid.width() && y < grid.height()).then(|| grid.index(place.cell))
    }
}
