//! [`TiledLevels`]: a Tiled `.tmx` level of several floors, one a tile layer, and portal objects
//! between them, loaded into a [`LevelMap`]. The properties read are
//! documented on [`TiledLevels`].

use super::tiled::{texts, TiledMap};
use super::tiled_error::{PortalProblem, TiledError, TiledQuantity};
use crate::grid::Grid;
use crate::levels::{LevelError, LevelMap, Place, Portal, PortalId};
use crate::limits::{self, MAX_MAP_BYTES};
use std::collections::BTreeMap;
use std::path::Path;

/// A portal object as the file gives it, before floor names are resolved.
#[derive(Clone, Debug)]
struct PortalObject {
    id: u32,
    x: f32,
    y: f32,
    properties: BTreeMap<String, String>,
}

/// One portal read from the file: the object's id, the link, and whether it starts in service.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledPortal {
    /// The object's id in the file.
    pub object: u32,
    /// The link, floors numbered as the map's tile layers.
    pub portal: Portal,
    /// The object's `enabled` property.
    pub enabled: bool,
}

/// A multi-level Tiled map: its tile layers (the floors) and its portal objects.
///
/// # What the file holds
///
/// - **Floors**: every tile layer is a floor, numbered in drawing order from 0 (layers inside
///   group layers in place), all the map's size. A cell can be walked when the layer has a tile
///   there and that tile lacks the wall property named to
///   [`to_level_map`](TiledLevels::to_level_map) (`Wall`, say); an empty cell is no floor at all,
///   so a wall too.
/// - **Portals**: objects of class (or, in files before Tiled 1.9, type) `portal`, any case, in
///   any object layer. The object's position gives the cell it is entered from: `x / tilewidth`,
///   `y / tileheight`, rounded down (a point placed on the tile, or a rectangle's top-left
///   corner). Its custom properties give the rest:
///
/// | property | type | required | meaning |
/// |---|---|---|---|
/// | `from_floor` | string | yes | name of the tile layer the portal is entered on |
/// | `to_floor` | string | no, default `from_floor` | name of the tile layer it leads to (the same one for a teleporter) |
/// | `to_x`, `to_y` | int | yes | the cell it leads to, in tiles |
/// | `cost` | float | no, default 1 | what taking it costs, finite and not negative |
/// | `two_way` | bool | no, default false | whether it may be taken back, at the same cost |
/// | `enabled` | bool | no, default true | whether it starts in service |
///
/// A property missing, of the wrong form, naming no layer, or a portal the map refuses (an end
/// on a wall or off the map) is a [`TiledError::Portal`] naming the object's id.
///
/// # Example
///
/// ```
/// use pathkit::format::TiledLevels;
/// use pathkit::levels::Place;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
/// <map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
///  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
///   <image source="t.png" width="32" height="16"/>
///   <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
///  </tileset>
///  <layer id="1" name="Ground" width="3" height="1"><data encoding="csv">1,2,1</data></layer>
///  <layer id="2" name="Roof" width="3" height="1"><data encoding="csv">1,1,1</data></layer>
///  <objectgroup id="3" name="Portals">
///   <object id="1" type="portal" x="8" y="8">
///    <properties>
///     <property name="from_floor" value="Ground"/>
///     <property name="to_floor" value="Roof"/>
///     <property name="to_x" type="int" value="0"/>
///     <property name="to_y" type="int" value="0"/>
///     <property name="cost" type="float" value="3"/>
///     <property name="two_way" type="bool" value="true"/>
///    </properties>
///    <point/>
///   </object>
///   <object id="2" type="portal" x="40" y="8">
///    <properties>
///     <property name="from_floor" value="Roof"/>
///     <property name="to_floor" value="Ground"/>
///     <property name="to_x" type="int" value="2"/>
///     <property name="to_y" type="int" value="0"/>
///     <property name="cost" type="float" value="3"/>
///    </properties>
///    <point/>
///   </object>
///  </objectgroup>
/// </map>"#;
/// let levels = TiledLevels::from_bytes(tmx)?;
/// assert_eq!(levels.portals.len(), 2);
/// let (map, _ids) = levels.to_level_map("Wall")?;
/// let mut ctx = SearchContext::new();
/// let path = map.four_connected()?.find_path(&mut ctx, Place::new(0, 0, 0), Place::new(0, 2, 0))?;
/// assert_eq!(path.into_path().unwrap().cost, 3.0 + 2.0 + 3.0); // up, over the roof, down
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TiledLevels {
    /// The tile layers: the floors, in order.
    pub map: TiledMap,
    /// The portal objects, in the order the file lists them.
    pub portals: Vec<TiledPortal>,
}

impl TiledLevels {
    /// Reads a `.tmx` file and the tileset files it names, as [`TiledMap::load`] does.
    ///
    /// ```no_run
    /// use pathkit::format::TiledLevels;
    ///
    /// let levels = TiledLevels::load("levels/tower.tmx")?;
    /// let (map, portal_ids) = levels.to_level_map("Wall")?;
    /// println!("{} floors, {} portals", map.floor_count(), portal_ids.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<TiledLevels, TiledError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| TiledError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::read(path, &bytes, true)
    }

    /// Reads a `.tmx` file from memory; its tilesets must be embedded in it.
    ///
    /// ```
    /// use pathkit::format::{PortalProblem, TiledError, TiledLevels};
    ///
    /// let tmx = br#"<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">
    ///  <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="t.png" width="8" height="8"/></tileset>
    ///  <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">1,1</data></layer>
    ///  <objectgroup id="2" name="Portals">
    ///   <object id="7" type="portal" x="0" y="0"><properties><property name="from_floor" value="Ground"/></properties></object>
    ///  </objectgroup>
    /// </map>"#;
    /// let e = TiledLevels::from_bytes(tmx).unwrap_err();
    /// assert!(matches!(e, TiledError::Portal { object: 7, problem: PortalProblem::MissingProperty { name: "to_x" } }));
    /// ```
    pub fn from_bytes(tmx: &[u8]) -> Result<TiledLevels, TiledError> {
        Self::read(Path::new("embedded.tmx"), tmx, false)
    }

    fn read(path: &Path, bytes: &[u8], disk: bool) -> Result<TiledLevels, TiledError> {
        let (map, objects) = TiledMap::read_with(path, bytes, disk, |m| {
            let mut out = Vec::new();
            collect_portal_objects(m.layers(), &mut out);
            Ok(out)
        })?;
        let mut portals = limits::try_with_capacity(objects.len())
            .map_err(|e| TiledError::Level(LevelError::Refused(e)))?;
        for object in &objects {
            portals.push(resolve(&map, object)?);
        }
        Ok(TiledLevels { map, portals })
    }

    /// The level map: a floor a tile layer (walls where a layer has no tile or a tile with the
    /// property `wall_property`), the portals added in file order, those with `enabled = false`
    /// out of service. Also gives each portal's handle, in the order of
    /// [`portals`](TiledLevels::portals).
    ///
    /// Refused before any grid is built when the floors together would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) ([`TiledError::TooLarge`]).
    ///
    /// ```
    /// use pathkit::format::TiledLevels;
    ///
    /// let tmx = br#"<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">
    ///  <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="t.png" width="8" height="8"/></tileset>
    ///  <layer id="1" name="A" width="2" height="1"><data encoding="csv">1,0</data></layer>
    ///  <layer id="2" name="B" width="2" height="1"><data encoding="csv">1,1</data></layer>
    /// </map>"#;
    /// let (map, ids) = TiledLevels::from_bytes(tmx)?.to_level_map("Wall")?;
    /// assert_eq!(map.floor_count(), 2);
    /// assert_eq!(map.floor(0).unwrap().to_ascii(), ".#\n"); // no tile: no floor
    /// assert!(ids.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_level_map(
        &self,
        wall_property: &str,
    ) -> Result<(LevelMap, Vec<PortalId>), TiledError> {
        let (width, height) = (self.map.width, self.map.height);
        let bytes = Grid::memory_needed(width, height).saturating_mul(self.map.layers.len() as u64);
        if bytes > MAX_MAP_BYTES {
            return Err(TiledError::TooLarge {
                position: None,
                what: TiledQuantity::GridBytes,
                count: bytes,
                limit: MAX_MAP_BYTES,
            });
        }
        let mut floors = Vec::new();
        for layer in &self.map.layers {
            floors.push(Grid::from_fn(width, height, |c| {
                let tile = layer.tiles[c.y as usize * width as usize + c.x as usize].as_ref();
                u32::from(tile.is_some_and(|t| !t.properties.contains_key(wall_property)))
            })?);
        }
        let mut map = LevelMap::new(floors).map_err(TiledError::Level)?;
        let mut ids = Vec::new();
        for p in &self.portals {
            let refused = |e| TiledError::Portal {
                object: p.object,
                problem: PortalProblem::Refused(e),
            };
            let id = map.add_portal(p.portal).map_err(refused)?;
            if !p.enabled {
                map.set_portal_enabled(id, false).map_err(refused)?;
            }
            ids.push(id);
        }
        Ok((map, ids))
    }
}

/// Objects of class `portal` in every object layer, descending into group layers.
fn collect_portal_objects<'m>(
    layers: impl Iterator<Item = tiled::Layer<'m>>,
    out: &mut Vec<PortalObject>,
) {
    for layer in layers {
        match layer.layer_type() {
            tiled::LayerType::Objects(objects) => {
                for o in objects.objects() {
                    if o.user_type.eq_ignore_ascii_case("portal") {
                        out.push(PortalObject {
                            id: o.id(),
                            x: o.x,
                            y: o.y,
                            properties: texts(&o.properties),
                        });
                    }
                }
            }
            tiled::LayerType::Group(g) => collect_portal_objects(g.layers(), out),
            _ => {}
        }
    }
}

/// The portal an object describes, floors named by layer resolved to their numbers.
fn resolve(map: &TiledMap, object: &PortalObject) -> Result<TiledPortal, TiledError> {
    let fail = |problem| TiledError::Portal {
        object: object.id,
        problem,
    };
    let get = |name: &'static str| object.properties.get(name).map(String::as_str);
    let required =
        |name: &'static str| get(name).ok_or(fail(PortalProblem::MissingProperty { name }));
    let bad = |name: &'static str, value: &str| {
        fail(PortalProblem::BadValue {
            name,
            value: value.chars().take(64).collect(),
        })
    };
    let floor_of = |name: &str| {
        map.layers
            .iter()
            .position(|l| l.name == name)
            .map(|i| i as u32)
            .ok_or_else(|| {
                fail(PortalProblem::NoSuchFloor {
                    name: name.chars().take(64).collect(),
                })
            })
    };
    let from_name = required("from_floor")?;
    let from_floor = floor_of(from_name)?;
    let to_floor = floor_of(get("to_floor").unwrap_or(from_name))?;
    let coordinate = |name: &'static str| {
        let text = required(name)?;
        text.trim().parse::<u32>().map_err(|_| bad(name, text))
    };
    let (to_x, to_y) = (coordinate("to_x")?, coordinate("to_y")?);
    let cost = match get("cost") {
        None => 1.0,
        Some(text) => text.trim().parse::<f64>().map_err(|_| bad("cost", text))?,
    };
    let flag = |name: &'static str, default: bool| match get(name) {
        None => Ok(default),
        Some(text) => text.trim().parse::<bool>().map_err(|_| bad(name, text)),
    };
    let (two_way, enabled) = (flag("two_way", false)?, flag("enabled", true)?);
    let tile = |position: f32, size: u32, name: &'static str| {
        let t = (position as f64 / size.max(1) as f64).floor();
        if t.is_finite() && t >= 0.0 && t <= u32::MAX as f64 {
            Ok(t as u32)
        } else {
            Err(bad(name, &position.to_string()))
        }
    };
    let from_x = tile(object.x, map.tile_width, "x")?;
    let from_y = tile(object.y, map.tile_height, "y")?;
    Ok(TiledPortal {
        object: object.id,
        portal: Portal {
            from: Place::new(from_floor, from_x, from_y),
            to: Place::new(to_floor, to_x, to_y),
            cost,
            two_way,
        },
        enabled,
    })
}
