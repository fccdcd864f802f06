//! [`TiledHexMap`]: a Tiled hexagonal map, with the layout its stagger attributes describe.

use super::tiled_error::TiledError;
use super::TiledMap;
use crate::hex::{HexError, HexGrid, HexLayout};
use std::path::Path;

/// A Tiled map of `orientation="hexagonal"`: its tile layers as a [`TiledMap`], and the
/// [`HexLayout`] of its tiles, from the map's `staggeraxis` and `staggerindex`:
///
/// | `staggeraxis` | `staggerindex` | layout | hexes |
/// |---|---|---|---|
/// | `y` | `odd` | [`HexLayout::OddR`] | pointy-top, odd rows shifted right |
/// | `y` | `even` | [`HexLayout::EvenR`] | pointy-top, even rows shifted right |
/// | `x` | `odd` | [`HexLayout::OddQ`] | flat-top, odd columns shifted down |
/// | `x` | `even` | [`HexLayout::EvenQ`] | flat-top, even columns shifted down |
///
/// Tile (`x`, `y`) of a layer is the hex at column `x`, row `y` of the layout, so a grid built
/// from the map ([`TiledHexMap::hex_grid_from_property`], [`TiledHexMap::to_hex_grid`]) has
/// the map's size and the same neighbours as the map drawn in Tiled. Walls follow the square
/// loader's convention ([`TiledMap::grid_from_property`]): the tiles of one layer that carry a
/// property.
///
/// ```
/// use pathkit::format::TiledHexMap;
/// use pathkit::hex::HexLayout;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
/// <map version="1.10" orientation="hexagonal" width="3" height="2" tilewidth="28" tileheight="32"
///      hexsidelength="16" staggeraxis="y" staggerindex="odd">
///  <tileset firstgid="1" name="t" tilewidth="28" tileheight="32" tilecount="2" columns="2">
///   <image source="t.png" width="56" height="32"/>
///   <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
///  </tileset>
///  <layer id="1" name="Ground" width="3" height="2">
///   <data encoding="csv">1,2,1,
/// 1,1,1</data>
///  </layer>
/// </map>"#;
/// let map = TiledHexMap::from_bytes(tmx)?;
/// assert_eq!((map.layout, map.hex_side_length), (HexLayout::OddR, Some(16)));
/// let grid = map.hex_grid_from_property("Ground", "Wall")?;
/// assert_eq!(grid.to_ascii(), "hex odd-r\n. # .\n . . .\n");
/// let (start, goal) = (grid.hex_at(0, 0).unwrap(), grid.hex_at(2, 0).unwrap());
/// let path = grid.find_path(&mut SearchContext::new(), start, goal)?;
/// assert_eq!(path.into_path().unwrap().cost, 3); // under the wall, through the shifted row
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledHexMap {
    /// The map's tile layers, as for any Tiled map.
    pub map: TiledMap,
    /// How the tiles' columns and rows are shifted.
    pub layout: HexLayout,
    /// The length in pixels of a hexagon's flat side (`hexsidelength`), when the map gives a
    /// non-negative one. Only drawing needs it.
    pub hex_side_length: Option<u32>,
}

/// What [`TiledHexMap`] takes from `tiled`'s map: its layout, or why it is no hex map.
fn hex_shape(map: &tiled::Map) -> Result<(HexLayout, Option<u32>), TiledError> {
    if map.orientation != tiled::Orientation::Hexagonal {
        return Err(TiledError::NotHexagonal {
            orientation: map.orientation.to_string(),
        });
    }
    let layout = match (map.stagger_axis, map.stagger_index) {
        (tiled::StaggerAxis::Y, tiled::StaggerIndex::Odd) => HexLayout::OddR,
        (tiled::StaggerAxis::Y, tiled::StaggerIndex::Even) => HexLayout::EvenR,
        (tiled::StaggerAxis::X, tiled::StaggerIndex::Odd) => HexLayout::OddQ,
        (tiled::StaggerAxis::X, tiled::StaggerIndex::Even) => HexLayout::EvenQ,
    };
    let side = map.hex_side_length.and_then(|s| u32::try_from(s).ok());
    Ok((layout, side))
}

impl TiledHexMap {
    /// Loads a hexagonal `.tmx` file, as [`TiledMap::load`] loads any map (external tilesets
    /// are read relative to it; sizes are checked before anything is allocated). A map of
    /// another orientation is [`TiledError::NotHexagonal`].
    ///
    /// ```
    /// use pathkit::format::TiledHexMap;
    ///
    /// let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hex_odd_r.tmx");
    /// # if !std::path::Path::new(fixture).exists() { return Ok(()); } // not in the package
    /// let map = TiledHexMap::load(fixture)?;
    /// assert_eq!(map.layout, pathkit::hex::HexLayout::OddR);
    /// # Ok::<(), pathkit::format::TiledError>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<TiledHexMap, TiledError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| TiledError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::read(path, &bytes, true)
    }

    /// Reads a hexagonal `.tmx` file from memory, as [`TiledMap::from_bytes`] does: its
    /// tilesets must be embedded in it. A map of another orientation is
    /// [`TiledError::NotHexagonal`].
    ///
    /// ```
    /// use pathkit::format::{TiledError, TiledHexMap};
    ///
    /// let square = br#"<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8"></map>"#;
    /// let e = TiledHexMap::from_bytes(square).unwrap_err();
    /// assert!(matches!(&e, TiledError::NotHexagonal { orientation } if orientation == "orthogonal"));
    /// assert_eq!(e.to_string(), "the map is orthogonal, not hexagonal");
    /// ```
    pub fn from_bytes(tmx: &[u8]) -> Result<TiledHexMap, TiledError> {
        Self::read(Path::new("embedded.tmx"), tmx, false)
    }

    fn read(path: &Path, bytes: &[u8], disk: bool) -> Result<TiledHexMap, TiledError> {
        let (map, (layout, hex_side_length)) = TiledMap::read_with(path, bytes, disk, hex_shape)?;
        Ok(TiledHexMap {
            map,
            layout,
            hex_side_length,
        })
    }

    /// A hex grid the size of the map in its layout, with the weight of each hex from
    /// `weight(x, y, map)` for the tile at column `x`, row `y` (0 = wall). Fails as
    /// [`HexGrid::new`] does.
    ///
    /// ```
    /// # let tmx = br#"<map version="1.10" orientation="hexagonal" width="3" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="even">
    /// #  <tileset firstgid="1" name="t" tilewidth="32" tileheight="28" tilecount="2" columns="2">
    /// #   <image source="t.png" width="64" height="28"/>
    /// #   <tile id="1"><properties><property name="Mud" type="bool" value="true"/></properties></tile>
    /// #  </tileset>
    /// #  <layer id="1" name="Ground" width="3" height="1"><data encoding="csv">1,2,1</data></layer>
    /// # </map>"#;
    /// use pathkit::format::TiledHexMap;
    /// use pathkit::hex::HexLayout;
    ///
    /// let map = TiledHexMap::from_bytes(tmx)?;
    /// let grid = map.to_hex_grid(|x, y, map| if map.has_property("Ground", x, y, "Mud") { 4 } else { 1 })?;
    /// assert_eq!((grid.layout(), grid.weights()), (HexLayout::EvenQ, &[1, 4, 1][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_hex_grid(
        &self,
        weight: impl Fn(u32, u32, &TiledMap) -> u32,
    ) -> Result<HexGrid, HexError> {
        HexGrid::from_fn(self.layout, self.map.width, self.map.height, |x, y| {
            weight(x, y, &self.map)
        })
    }

    /// A hex grid whose walls are the tiles of `layer` with the property `wall_property`; every
    /// other hex is passable at weight 1. An unknown layer is [`TiledError::NoSuchLayer`].
    ///
    /// ```
    /// # let tmx = br#"<map version="1.10" orientation="hexagonal" width="2" height="2" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
    /// #  <tileset firstgid="1" name="t" tilewidth="32" tileheight="28" tilecount="2" columns="2">
    /// #   <image source="t.png" width="64" height="28"/>
    /// #   <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
    /// #  </tileset>
    /// #  <layer id="1" name="Ground" width="2" height="2"><data encoding="csv">2,1,1,1</data></layer>
    /// # </map>"#;
    /// use pathkit::format::{TiledError, TiledHexMap};
    ///
    /// let map = TiledHexMap::from_bytes(tmx)?;
    /// let grid = map.hex_grid_from_property("Ground", "Wall")?;
    /// assert_eq!(grid.to_ascii(), "hex odd-q\n#\n  .\n.\n  .\n");
    /// assert!(matches!(map.hex_grid_from_property("Walls", "Wall"), Err(TiledError::NoSuchLayer { .. })));
    /// # Ok::<(), TiledError>(())
    /// ```
    pub fn hex_grid_from_property(
        &self,
        layer: &str,
        wall_property: &str,
    ) -> Result<HexGrid, TiledError> {
        if self.map.layer(layer).is_none() {
            return Err(TiledError::NoSuchLayer {
                name: layer.to_string(),
            });
        }
        Ok(self.to_hex_grid(|x, y, map| u32::from(!map.has_property(layer, x, y, wall_property)))?)
    }
}
