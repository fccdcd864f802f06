//! Level maps with serde (feature `serde`): a game saves a level as it stands (floors edited,
//! portals switched off or removed) and loads it back, and loading checks the data as the map's
//! own operations check their input, so forged or damaged data is refused with a
//! [`LevelError`] instead of making a map that panics or answers wrongly later.

use super::level_map::PortalSlot;
use super::{LevelError, LevelMap, Place, Portal};
use crate::grid::Grid;
use crate::limits;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A portal as written: the link and whether it is in service. Removed portals are written as
/// `null`, so every handle given before saving names the same portal after loading.
#[derive(Serialize, Deserialize)]
struct SavedPortal {
    from: Place,
    to: Place,
    cost: f64,
    two_way: bool,
    enabled: bool,
}

/// A level map as written: its floors (each as [`Grid`] writes itself) and its portal slots in
/// handle order.
#[derive(Serialize)]
struct SavedLevelMap<'a> {
    floors: &'a [Grid],
    portals: Vec<Option<SavedPortal>>,
}

/// The same, as read.
#[derive(Deserialize)]
struct RawLevelMap {
    floors: Vec<Grid>,
    portals: Vec<Option<SavedPortal>>,
}

impl Serialize for LevelMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let portals = self
            .slots()
            .iter()
            .map(|slot| {
                slot.map(|s| SavedPortal {
                    from: s.portal.from,
                    to: s.portal.to,
                    cost: s.portal.cost,
                    two_way: s.portal.two_way,
                    enabled: s.enabled,
                })
            })
            .collect();
        SavedLevelMap {
            floors: self.floors(),
            portals,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for LevelMap {
    /// Checked as the map's operations check: floors as [`Grid`] loads them, at least one and all
    /// together within [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (as [`LevelMap::new`]);
    /// portal slots no more than [`add_portal`](LevelMap::add_portal) would number, each portal
    /// with a finite, non-negative cost and both ends on floors of the map
    /// ([`LevelError::SavedPortal`] names the first one that is not).
    ///
    /// A portal end outside its floor or on a wall is kept, as the map keeps it after its floor
    /// was edited or replaced: such a portal cannot be taken until the cell is open again. Refusing
    /// it would make a map saved after such an edit impossible to load back.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::from_ascii("..")?, Grid::from_ascii(".")?])?;
    /// let stairs = Portal { from: Place::new(0, 1, 0), to: Place::new(1, 0, 0), cost: 2.0, two_way: true };
    /// let id = map.add_portal(stairs)?;
    /// map.set_portal_enabled(id, false)?;
    /// let saved = serde_json::to_string(&map)?;
    /// let loaded: LevelMap = serde_json::from_str(&saved)?;
    /// assert_eq!(loaded, map);
    /// assert_eq!((loaded.portal(id), loaded.is_portal_enabled(id)), (Some(&stairs), Some(false)));
    ///
    /// // A portal to a third floor the data does not have is refused, and the error says which.
    /// let forged = saved.replace(r#""to":{"floor":1"#, r#""to":{"floor":2"#);
    /// let err = serde_json::from_str::<LevelMap>(&forged).unwrap_err();
    /// assert!(err.to_string().contains("saved portal 0: there is no floor 2"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;

        let raw = RawLevelMap::deserialize(deserializer)?;
        LevelMap::try_from(raw).map_err(D::Error::custom)
    }
}

impl TryFrom<RawLevelMap> for LevelMap {
    type Error = LevelError;

    fn try_from(raw: RawLevelMap) -> Result<Self, LevelError> {
        let mut map = LevelMap::new(raw.floors)?;
        let count = raw.portals.len();
        // As `add_portal` numbers them: handles below `u32::MAX`, the table within the limit.
        let bytes = limits::bytes_of::<Option<PortalSlot>>(count as u64);
        if count >= u32::MAX as usize {
            return Err(LevelError::Refused(limits::Refusal::too_large(bytes)));
        }
        limits::check(bytes).map_err(LevelError::Refused)?;
        let mut slots = limits::try_with_capacity(count).map_err(LevelError::Refused)?;
        for (index, saved) in raw.portals.into_iter().enumerate() {
            let slot = match saved {
                None => None,
                Some(saved) => {
                    let portal = Portal {
                        from: saved.from,
                        to: saved.to,
                        cost: saved.cost,
                        two_way: saved.two_way,
                    };
                    map.check_cost_and_floors(&portal).map_err(|error| {
                        LevelError::SavedPortal {
                            portal: index as u32,
                            error: Box::new(error),
                        }
                    })?;
                    Some(PortalSlot {
                        portal,
                        enabled: saved.enabled,
                    })
                }
            };
            slots.push(slot);
        }
        map.set_slots(slots);
        Ok(map)
    }
}
