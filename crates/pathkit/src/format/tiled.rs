//! [`TiledMap`]: tile layers of a Tiled `.tmx` level, with tile properties, as plain data.
//!
//! Parsing is done by the `tiled` crate; [`TiledMap`] keeps only what pathfinding and a game's
//! level logic need (sizes, tile layers, gids, tile properties), so no `tiled` type leaks out.
//! Files from before Tiled 0.13 (no `tilecount` on tilesets) are read too.

use super::error::Position;
use super::tiled_error::{TiledError, TiledQuantity};
use super::tmx_check::{self, Checked};
use crate::grid::{Grid, GridError};
use crate::limits::Refusal;
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// A finite, orthogonal Tiled map reduced to its tile layers.
///
/// ```
/// use pathkit::format::TiledMap;
/// use pathkit::grid::Cell;
///
/// let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
/// <map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="16" tileheight="16">
///  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
///   <image source="t.png" width="32" height="16"/>
///   <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
///  </tileset>
///  <layer id="1" name="Ground" width="3" height="2">
///   <data encoding="csv">1,2,1,
/// 1,1,2</data>
///  </layer>
/// </map>"#;
/// let map = TiledMap::from_bytes(tmx)?;
/// assert!(map.has_property("Ground", 1, 0, "Wall"));
/// let grid = map.grid_from_property("Ground", "Wall")?;
/// assert!(!grid.is_passable(Cell::new(1, 0)) && grid.is_passable(Cell::new(0, 0)));
/// # Ok::<(), pathkit::format::TiledError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMap {
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// Width of a tile in pixels.
    pub tile_width: u32,
    /// Height of a tile in pixels.
    pub tile_height: u32,
    /// The tile layers in drawing order (those inside group layers in place), all `width` x `height`.
    pub layers: Vec<TiledLayer>,
}

/// One tile layer.
///
/// ```
/// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
/// # <map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
/// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
/// #   <image source="t.png" width="32" height="16"/>
/// #  </tileset>
/// #  <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">1,2</data></layer>
/// #  <layer id="2" name="Items" width="2" height="1"><data encoding="csv">0,1</data></layer>
/// # </map>"#;
/// use pathkit::format::TiledMap;
///
/// let map = TiledMap::from_bytes(tmx)?;
/// let names: Vec<&str> = map.layers.iter().map(|l| l.name.as_str()).collect();
/// assert_eq!(names, ["Ground", "Items"]);
/// let items = map.layer("Items").unwrap();
/// assert_eq!(items.tiles.len(), 2);
/// assert!(items.tiles[0].is_none()); // an empty cell
/// # Ok::<(), pathkit::format::TiledError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledLayer {
    /// The layer's name in the editor.
    pub name: String,
    /// Row-major tiles, `None` where the layer is empty.
    pub tiles: Vec<Option<TiledTile>>,
}

/// A tile placed on a layer.
///
/// ```
/// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
/// # <map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
/// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
/// #   <image source="t.png" width="32" height="16"/>
/// #   <tile id="1"><properties><property name="Cost" type="int" value="3"/></properties></tile>
/// #  </tileset>
/// #  <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">1,2</data></layer>
/// # </map>"#;
/// use pathkit::format::TiledMap;
///
/// let map = TiledMap::from_bytes(tmx)?;
/// let mud = map.tile("Ground", 1, 0).unwrap();
/// assert_eq!(mud.gid, 2);
/// assert_eq!(mud.properties.get("Cost").map(String::as_str), Some("3"));
/// # Ok::<(), pathkit::format::TiledError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledTile {
    /// The global tile id (tileset `firstgid` + local id), without the flip flags.
    pub gid: u32,
    /// The tile's custom properties from its tileset, values as text (`true`, `3`, `#ff00ff00`).
    pub properties: BTreeMap<String, String>,
}

/// Serves the map and its tileset files to `tiled`, each checked and completed first.
struct CheckedReader {
    root: PathBuf,
    root_bytes: Vec<u8>,
    /// Whether files other than the root may be read from disk.
    disk: bool,
}

impl tiled::ResourceReader for CheckedReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = TiledError;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        if path == self.root {
            return Ok(Cursor::new(std::mem::take(&mut self.root_bytes)));
        }
        if !self.disk {
            return Err(TiledError::ExternalFile {
                path: path.to_path_buf(),
            });
        }
        let bytes = std::fs::read(path).map_err(|source| TiledError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Cursor::new(tmx_check::check(&bytes)?.bytes))
    }
}

impl TiledMap {
    /// The most tiles a map may hold over all its tile layers (2^22, e.g. four 1024 x 1024 layers).
    pub const MAX_TILES: u64 = 1 << 22;

    /// Loads a `.tmx` file; external tilesets (`.tsx`) are read relative to it. Sizes are checked
    /// as in [`TiledMap::from_bytes`].
    ///
    /// ```
    /// use pathkit::format::TiledMap;
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-tmx-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// std::fs::write(dir.join("walls.tsx"), r#"<?xml version="1.0" encoding="UTF-8"?>
    /// <tileset name="walls" tilewidth="16" tileheight="16" tilecount="1" columns="1">
    ///  <image source="walls.png" width="16" height="16"/>
    ///  <tile id="0"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
    /// </tileset>"#)?;
    /// std::fs::write(dir.join("level.tmx"), r#"<?xml version="1.0" encoding="UTF-8"?>
    /// <map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
    ///  <tileset firstgid="1" source="walls.tsx"/>
    ///  <layer id="1" name="Background" width="3" height="1"><data encoding="csv">0,1,0</data></layer>
    /// </map>"#)?;
    /// let map = TiledMap::load(dir.join("level.tmx"))?; // reads walls.tsx beside it
    /// assert!(map.has_property("Background", 1, 0, "Wall"));
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<TiledMap, TiledError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| TiledError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::read(path, &bytes, true)
    }

    /// Reads a `.tmx` file from memory, e.g. one built into the program with `include_bytes!`.
    /// Its tilesets must be embedded in it: nothing else is read.
    ///
    /// The declared map size is checked before anything is parsed or allocated: a zero width or
    /// height is [`TiledError::Empty`], a map whose grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) is [`TiledError::TooLarge`], and so is one
    /// with more than [`TiledMap::MAX_TILES`] tiles over its tile layers.
    ///
    /// ```
    /// use pathkit::format::{TiledError, TiledMap};
    ///
    /// let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// <map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
    ///  <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1">
    ///   <image source="t.png" width="8" height="8"/>
    ///  </tileset>
    ///  <layer id="1" name="Floor" width="2" height="2"><data encoding="csv">1,1,1,0</data></layer>
    /// </map>"#;
    /// let map = TiledMap::from_bytes(tmx)?;
    /// assert_eq!((map.width, map.height, map.tile_width), (2, 2, 8));
    /// assert_eq!(map.tile("Floor", 1, 1), None);
    /// assert!(matches!(TiledMap::from_bytes(b"<map"), Err(_)));
    /// # Ok::<(), TiledError>(())
    /// ```
    pub fn from_bytes(tmx: &[u8]) -> Result<TiledMap, TiledError> {
        Self::read(Path::new("embedded.tmx"), tmx, false)
    }

    fn read(path: &Path, bytes: &[u8], disk: bool) -> Result<TiledMap, TiledError> {
        Self::read_with(path, bytes, disk, |_| Ok(())).map(|(map, ())| map)
    }

    /// Reads a map as [`TiledMap::load`] (`disk`) or [`TiledMap::from_bytes`] do, and what
    /// `shape` takes from `tiled`'s own map (its orientation, say) before it is reduced.
    pub(crate) fn read_with<T>(
        path: &Path,
        bytes: &[u8],
        disk: bool,
        shape: impl FnOnce(&tiled::Map) -> Result<T, TiledError>,
    ) -> Result<(TiledMap, T), TiledError> {
        let Checked { bytes, first_gids } = tmx_check::check(bytes)?;
        let mut loader = tiled::Loader::with_reader(CheckedReader {
            root: path.to_path_buf(),
            root_bytes: bytes,
            disk,
        });
        let map = loader.load_tmx_map(path).map_err(from_tiled)?;
        let shape = shape(&map)?;
        Ok((convert(&map, &first_gids)?, shape))
    }

    /// The first tile layer named `name`.
    ///
    /// ```
    /// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// # <map version="1.10" orientation="orthogonal" width="1" height="1" tilewidth="16" tileheight="16">
    /// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1">
    /// #   <image source="t.png" width="16" height="16"/>
    /// #  </tileset>
    /// #  <layer id="1" name="Background" width="1" height="1"><data encoding="csv">1</data></layer>
    /// # </map>"#;
    /// use pathkit::format::TiledMap;
    ///
    /// let map = TiledMap::from_bytes(tmx)?;
    /// assert_eq!(map.layer("Background").map(|l| l.tiles.len()), Some(1));
    /// assert!(map.layer("Foreground").is_none());
    /// # Ok::<(), pathkit::format::TiledError>(())
    /// ```
    #[must_use]
    pub fn layer(&self, name: &str) -> Option<&TiledLayer> {
        self.layers.iter().find(|l| l.name == name)
    }

    /// The tile at (`x`, `y`) of layer `layer`, or `None` for an empty cell, an unknown layer or
    /// a cell outside the map.
    ///
    /// ```
    /// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// # <map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
    /// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4">
    /// #   <image source="t.png" width="64" height="16"/>
    /// #  </tileset>
    /// #  <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">4,0</data></layer>
    /// # </map>"#;
    /// use pathkit::format::TiledMap;
    ///
    /// let map = TiledMap::from_bytes(tmx)?;
    /// assert_eq!(map.tile("Ground", 0, 0).map(|t| t.gid), Some(4));
    /// assert!(map.tile("Ground", 1, 0).is_none()); // empty
    /// assert!(map.tile("Ground", 2, 0).is_none()); // outside
    /// # Ok::<(), pathkit::format::TiledError>(())
    /// ```
    #[must_use]
    pub fn tile(&self, layer: &str, x: u32, y: u32) -> Option<&TiledTile> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = y as usize * self.width as usize + x as usize;
        self.layer(layer)?.tiles.get(i)?.as_ref()
    }

    /// `true` when the tile at (`x`, `y`) of layer `layer` has the custom property `property`
    /// (with any value), as the Cat Maze tutorials test for `Wall`, `Bone`, `Dog` and `Exit`.
    ///
    /// ```
    /// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// # <map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
    /// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
    /// #   <image source="t.png" width="32" height="16"/>
    /// #   <tile id="1"><properties><property name="Bone" type="bool" value="true"/></properties></tile>
    /// #  </tileset>
    /// #  <layer id="1" name="Items" width="3" height="1"><data encoding="csv">0,2,1</data></layer>
    /// # </map>"#;
    /// use pathkit::format::TiledMap;
    ///
    /// let map = TiledMap::from_bytes(tmx)?;
    /// let bones: Vec<u32> = (0..3).filter(|&x| map.has_property("Items", x, 0, "Bone")).collect();
    /// assert_eq!(bones, [1]);
    /// # Ok::<(), pathkit::format::TiledError>(())
    /// ```
    #[must_use]
    pub fn has_property(&self, layer: &str, x: u32, y: u32, property: &str) -> bool {
        self.tile(layer, x, y)
            .is_some_and(|t| t.properties.contains_key(property))
    }

    /// A grid the size of the map, with the weight of each cell from `weight(x, y, map)` (0 = blocked).
    /// Fails as [`Grid::new`] does (a map whose fields were changed after reading may have any
    /// size).
    ///
    /// ```
    /// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// # <map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
    /// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="3" columns="3">
    /// #   <image source="t.png" width="48" height="16"/>
    /// #   <tile id="1"><properties><property name="Mud" type="bool" value="true"/></properties></tile>
    /// #   <tile id="2"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
    /// #  </tileset>
    /// #  <layer id="1" name="Ground" width="3" height="1"><data encoding="csv">1,2,3</data></layer>
    /// # </map>"#;
    /// use pathkit::format::TiledMap;
    ///
    /// let map = TiledMap::from_bytes(tmx)?;
    /// let grid = map.to_grid(|x, y, map| {
    ///     if map.has_property("Ground", x, y, "Wall") {
    ///         0
    ///     } else if map.has_property("Ground", x, y, "Mud") {
    ///         4
    ///     } else {
    ///         1
    ///     }
    /// })?;
    /// assert_eq!(grid.weights(), &[1, 4, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_grid(&self, weight: impl Fn(u32, u32, &TiledMap) -> u32) -> Result<Grid, GridError> {
        Grid::from_fn(self.width, self.height, |c| weight(c.x, c.y, self))
    }

    /// A grid whose walls are the tiles of `layer` with the property `wall_property`, e.g.
    /// `("Background", "Wall")`; every other cell is passable at weight 1.
    ///
    /// ```
    /// # let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
    /// # <map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
    /// #  <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
    /// #   <image source="t.png" width="32" height="16"/>
    /// #   <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
    /// #  </tileset>
    /// #  <layer id="1" name="Background" width="3" height="1"><data encoding="csv">1,2,1</data></layer>
    /// # </map>"#;
    /// use pathkit::format::{TiledError, TiledMap};
    ///
    /// let map = TiledMap::from_bytes(tmx)?;
    /// let grid = map.grid_from_property("Background", "Wall")?;
    /// assert_eq!(grid.to_ascii(), ".#.\n");
    /// assert!(matches!(map.grid_from_property("Walls", "Wall"), Err(TiledError::NoSuchLayer { .. })));
    /// # Ok::<(), TiledError>(())
    /// ```
    pub fn grid_from_property(&self, layer: &str, wall_property: &str) -> Result<Grid, TiledError> {
        if self.layer(layer).is_none() {
            return Err(TiledError::NoSuchLayer {
                name: layer.to_string(),
            });
        }
        Ok(self.to_grid(|x, y, map| u32::from(!map.has_property(layer, x, y, wall_property)))?)
    }
}

/// [`TiledError::Empty`] or [`TiledError::TooLarge`] unless a grid of a `width` x `height` map
/// may be built ([`Grid::memory_needed`] within [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)).
pub(crate) fn check_grid_size(
    width: u32,
    height: u32,
    position: Option<Position>,
) -> Result<(), TiledError> {
    match Grid::check_size(width as u64, height as u64) {
        Ok(_) => Ok(()),
        Err(GridError::Refused(Refusal::TooLarge { bytes, limit })) => Err(TiledError::TooLarge {
            position,
            what: TiledQuantity::GridBytes,
            count: bytes,
            limit,
        }),
        Err(_) => Err(TiledError::Empty {
            position,
            width,
            height,
        }),
    }
}

/// Our own error when it came through `tiled` from [`CheckedReader`], else `tiled`'s, kept whole.
fn from_tiled(e: tiled::Error) -> TiledError {
    match e {
        tiled::Error::ResourceLoadingError { err, path } => match err.downcast::<TiledError>() {
            Ok(ours) => *ours,
            Err(err) => TiledError::Tiled {
                source: Box::new(tiled::Error::ResourceLoadingError { path, err }),
            },
        },
        other => TiledError::Tiled {
            source: Box::new(other),
        },
    }
}

fn convert(map: &tiled::Map, first_gids: &[u32]) -> Result<TiledMap, TiledError> {
    let (width, height) = (map.width, map.height);
    check_grid_size(width, height, None)?;
    let cells = width as u64 * height as u64;
    let mut tile_layers = Vec::new();
    collect_tile_layers(map.layers(), &mut tile_layers);
    let total = cells * tile_layers.len() as u64;
    if total > TiledMap::MAX_TILES {
        return Err(TiledError::TooLarge {
            position: None,
            what: TiledQuantity::LayerTiles,
            count: total,
            limit: TiledMap::MAX_TILES,
        });
    }
    // Properties once per (tileset, tile), not once per cell.
    let mut properties: BTreeMap<(usize, u32), BTreeMap<String, String>> = BTreeMap::new();
    let mut layers = Vec::with_capacity(tile_layers.len());
    for (name, layer) in tile_layers {
        let mut tiles = Vec::with_capacity(cells as usize);
        for y in 0..height {
            for x in 0..width {
                let tile = match layer.get_tile(x as i32, y as i32) {
                    Some(t) => {
                        let set = t.tileset_index();
                        // The checks record the `firstgid` of each tileset `tiled` reads (the
                        // root map's children, in order), so every tile's tileset has one.
                        let first =
                            first_gids
                                .get(set)
                                .copied()
                                .ok_or_else(|| TiledError::Tiled {
                                    source: Box::new(tiled::Error::InvalidTileFound),
                                })?;
                        let props = properties.entry((set, t.id())).or_insert_with(|| {
                            t.get_tile()
                                .map(|d| texts(&d.properties))
                                .unwrap_or_default()
                        });
                        Some(TiledTile {
                            gid: first.saturating_add(t.id()),
                            properties: props.clone(),
                        })
                    }
                    None => None,
                };
                tiles.push(tile);
            }
        }
        layers.push(TiledLayer { name, tiles });
    }
    Ok(TiledMap {
        width,
        height,
        tile_width: map.tile_width,
        tile_height: map.tile_height,
        layers,
    })
}

/// Finite tile layers in drawing order, descending into group layers.
fn collect_tile_layers<'m>(
    layers: impl Iterator<Item = tiled::Layer<'m>>,
    out: &mut Vec<(String, tiled::FiniteTileLayer<'m>)>,
) {
    for layer in layers {
        let name = layer.name.clone();
        match layer.layer_type() {
            tiled::LayerType::Tiles(tiled::TileLayer::Finite(f)) => out.push((name, f)),
            tiled::LayerType::Group(g) => collect_tile_layers(g.layers(), out),
            _ => {}
        }
    }
}

pub(crate) fn texts(properties: &tiled::Properties) -> BTreeMap<String, String> {
    properties
        .iter()
        .map(|(k, v)| (k.clone(), text(v)))
        .collect()
}

fn text(v: &tiled::PropertyValue) -> String {
    use tiled::PropertyValue as P;
    match v {
        P::BoolValue(b) => b.to_string(),
        P::FloatValue(x) => x.to_string(),
        P::IntValue(i) => i.to_string(),
        P::ColorValue(c) => format!("#{:02x}{:02x}{:02x}{:02x}", c.alpha, c.red, c.green, c.blue),
        P::StringValue(s) | P::FileValue(s) => s.clone(),
        P::ObjectValue(id) => id.to_string(),
        P::ListValue(items) => items.iter().map(text).collect::<Vec<_>>().join(","),
        P::ClassValue { property_type, .. } => property_type.clone(),
    }
}
