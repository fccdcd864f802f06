//! [`TiledError`]: what went wrong loading a Tiled map or turning it into a grid, with the typed
//! reasons it holds ([`TmxProblem`], [`TiledQuantity`], [`TiledFeature`]).
//!
//! Errors of the parsers underneath (the XML reader and the `tiled` crate) are kept whole, as the
//! [`source`](std::error::Error::source) of [`TiledError::Xml`] and [`TiledError::Tiled`]. They
//! are boxed so that the versions of those crates are no part of this API; a program that depends
//! on the same versions may downcast them.

use super::error::Position;
use crate::grid::GridError;
use crate::hex::HexError;
use crate::levels::LevelError;
use std::error::Error;
use std::fmt;
use std::path::PathBuf;

/// What went wrong loading a Tiled map or turning it into a grid.
///
/// ```
/// use pathkit::format::{TiledError, TiledMap, TmxProblem};
///
/// let tmx = br#"<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
///  <layer name="Ground" width="2" height="2"><data encoding="csv">1,1,1</data></layer>
/// </map>"#;
/// let e = TiledMap::from_bytes(tmx).unwrap_err();
/// assert!(matches!(
///     e,
///     TiledError::Invalid {
///         problem: TmxProblem::ShortTileData { expected: 4, found: 3 },
///         ..
///     }
/// ));
/// assert_eq!(e.position().map(|p| (p.line, p.column)), Some((2, 44)));
/// assert_eq!(e.to_string(), "line 2, column 44: the layer has 4 tiles but its data holds 3");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum TiledError {
    /// A file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The text is not well-formed XML: the XML reader refused it.
    Xml {
        /// Where the reader found the problem.
        position: Position,
        /// The XML reader's error (a `quick_xml::Error`).
        source: Box<dyn Error + Send + Sync + 'static>,
    },
    /// The text is not well-formed XML: it ends while an element is still open.
    UnclosedElement {
        /// Where the innermost open element starts.
        position: Position,
        /// Its name (at most 64 characters of it).
        element: String,
    },
    /// Well-formed XML that is not a valid map, found before parsing.
    Invalid {
        /// The element at fault.
        position: Position,
        /// What is wrong.
        problem: TmxProblem,
    },
    /// A map with a zero width or height: a map has at least one cell.
    Empty {
        /// The element at fault, when known.
        position: Option<Position>,
        /// Declared width.
        width: u32,
        /// Declared height.
        height: u32,
    },
    /// More of something than is accepted: tiles, or bytes for the map's grid (more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)).
    TooLarge {
        /// The element at fault, when known.
        position: Option<Position>,
        /// What there is too much of.
        what: TiledQuantity,
        /// How many there are.
        count: u64,
        /// How many are accepted.
        limit: u64,
    },
    /// A kind of map that is not supported.
    Unsupported {
        /// The element at fault, when known.
        position: Option<Position>,
        /// What is not supported.
        what: TiledFeature,
    },
    /// A map read from bytes refers to another file (an external tileset or template).
    ExternalFile {
        /// The file referred to.
        path: PathBuf,
    },
    /// The `tiled` crate refused the map.
    Tiled {
        /// Its error (a `tiled::Error`).
        source: Box<dyn Error + Send + Sync + 'static>,
    },
    /// No tile layer has this name.
    NoSuchLayer {
        /// The name asked for.
        name: String,
    },
    /// Building the grid failed.
    Grid(GridError),
    /// A map read as a hex map ([`TiledHexMap`](crate::format::TiledHexMap)) whose
    /// orientation is not `hexagonal`.
    NotHexagonal {
        /// The map's orientation: `orthogonal`, `isometric`, `staggered` or `oblique`.
        orientation: String,
    },
    /// Building the hex grid failed.
    HexGrid(HexError),
    /// A portal object of a multi-level map ([`TiledLevels`](crate::format::TiledLevels)) is
    /// not a valid portal.
    Portal {
        /// The object's id in the file.
        object: u32,
        /// What is wrong with it.
        problem: PortalProblem,
    },
    /// Building a multi-level map failed.
    Level(LevelError),
}

/// What is wrong with a portal object ([`TiledError::Portal`]).
///
/// ```
/// use pathkit::format::{PortalProblem, TiledError};
///
/// let e = TiledError::Portal { object: 3, problem: PortalProblem::NoSuchFloor { name: "Attic".into() } };
/// assert_eq!(e.to_string(), "portal object 3: no tile layer named \"Attic\"");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PortalProblem {
    /// A required property is missing.
    MissingProperty {
        /// Its name.
        name: &'static str,
    },
    /// A property (or the object's position, `x` or `y`) has a value of the wrong form.
    BadValue {
        /// Its name.
        name: &'static str,
        /// The value (at most 64 characters of it).
        value: String,
    },
    /// A floor property names no tile layer.
    NoSuchFloor {
        /// The name given (at most 64 characters of it).
        name: String,
    },
    /// The level map refused the portal: an end on a wall or off the map, a bad cost.
    Refused(LevelError),
}

impl fmt::Display for PortalProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortalProblem::MissingProperty { name } => write!(f, "no property {name:?}"),
            PortalProblem::BadValue { name, value } => {
                write!(
                    f,
                    "{name:?} has the value {value:?}, which is not of its form"
                )
            }
            PortalProblem::NoSuchFloor { name } => write!(f, "no tile layer named {name:?}"),
            PortalProblem::Refused(e) => e.fmt(f),
        }
    }
}

/// What is wrong with well-formed TMX text that `tiled` would misread ([`TiledError::Invalid`]).
///
/// ```
/// use pathkit::format::{TiledError, TiledMap, TmxProblem};
///
/// let tmx = br#"<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">
///  <layer name="Ground" width="2" height="1"><data encoding="csv">1,1,1</data></layer>
/// </map>"#;
/// let e = TiledMap::from_bytes(tmx).unwrap_err();
/// assert!(matches!(
///     e,
///     TiledError::Invalid { problem: TmxProblem::LongTileData { expected: 2 }, .. }
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TmxProblem {
    /// A layer's tile data holds fewer tiles than the layer's width x height (`tiled` would index
    /// past its end).
    ShortTileData {
        /// Tiles in the layer: its width x height.
        expected: u64,
        /// Tiles in the data.
        found: u64,
    },
    /// A layer's tile data holds more tiles than the layer's width x height. How many more is not
    /// counted: compressed data is unpacked no further than one tile past the layer's size.
    LongTileData {
        /// Tiles in the layer: its width x height.
        expected: u64,
    },
    /// A tileset without a `columns` attribute whose columns `tiled` cannot compute from its
    /// image: `(image width - margin + spacing) / (tile width + spacing)` leaves the `u32` range
    /// or divides by zero.
    TilesetColumns {
        /// The image's width.
        image_width: i32,
        /// The tileset's margin.
        margin: u32,
        /// The tileset's spacing.
        spacing: u32,
        /// The tileset's tile width.
        tile_width: u32,
    },
}

impl fmt::Display for TmxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TmxProblem::ShortTileData { expected, found } => {
                write!(
                    f,
                    "the layer has {expected} tiles but its data holds {found}"
                )
            }
            TmxProblem::LongTileData { expected } => {
                write!(f, "the layer has {expected} tiles but its data holds more")
            }
            TmxProblem::TilesetColumns {
                image_width,
                margin,
                spacing,
                tile_width,
            } => write!(
                f,
                "the tileset's columns cannot be computed from its image width {image_width}, \
                 margin {margin}, spacing {spacing} and tile width {tile_width}"
            ),
        }
    }
}

/// What a [`TiledError::TooLarge`] counts.
///
/// ```
/// use pathkit::format::{TiledError, TiledMap, TiledQuantity};
///
/// let tmx = br#"<map version="1.10" orientation="orthogonal" width="100000" height="100000" tilewidth="8" tileheight="8"></map>"#;
/// let e = TiledMap::from_bytes(tmx).unwrap_err();
/// assert!(matches!(e, TiledError::TooLarge { what: TiledQuantity::GridBytes, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TiledQuantity {
    /// Bytes the map's grid would need ([`Grid::memory_needed`](crate::grid::Grid::memory_needed)),
    /// limited to [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES).
    GridBytes,
    /// Tiles over all tile layers of a map, limited to
    /// [`TiledMap::MAX_TILES`](crate::format::TiledMap::MAX_TILES).
    LayerTiles,
    /// Tiles of one tileset, declared (`tilecount`) or from its image size, limited to 2^20.
    TilesetTiles,
}

impl fmt::Display for TiledQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TiledQuantity::GridBytes => "bytes for the map's grid",
            TiledQuantity::LayerTiles => "tiles over all tile layers",
            TiledQuantity::TilesetTiles => "tiles in a tileset",
        })
    }
}

/// A kind of Tiled map that is refused ([`TiledError::Unsupported`]).
///
/// ```
/// use pathkit::format::{TiledError, TiledFeature, TiledMap};
///
/// let tmx = br#"<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" infinite="1"></map>"#;
/// let e = TiledMap::from_bytes(tmx).unwrap_err();
/// assert!(matches!(e, TiledError::Unsupported { what: TiledFeature::InfiniteMap, .. }));
/// assert_eq!(e.to_string(), "line 1, column 1: infinite maps are not supported");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TiledFeature {
    /// An infinite map (`infinite="1"`): its layers are chunks with no fixed size, not a grid.
    InfiniteMap,
}

impl fmt::Display for TiledFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TiledFeature::InfiniteMap => "infinite maps",
        })
    }
}

impl TiledError {
    /// Line and column of the problem in the file, when known.
    ///
    /// ```
    /// use pathkit::format::TiledMap;
    ///
    /// let e = TiledMap::from_bytes(b"<map width=\"2\">\n<layer></map>").unwrap_err();
    /// assert_eq!(e.position().map(|p| p.line), Some(2));
    /// ```
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        match self {
            TiledError::Xml { position, .. }
            | TiledError::UnclosedElement { position, .. }
            | TiledError::Invalid { position, .. } => Some(*position),
            TiledError::TooLarge { position, .. }
            | TiledError::Unsupported { position, .. }
            | TiledError::Empty { position, .. } => *position,
            _ => None,
        }
    }
}

impl fmt::Display for TiledError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, p: &Option<Position>| match p {
            Some(p) => write!(f, "{p}: "),
            None => Ok(()),
        };
        match self {
            TiledError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TiledError::Xml { position, source } => {
                write!(f, "{position}: malformed XML: {source}")
            }
            TiledError::UnclosedElement { position, element } => write!(
                f,
                "{position}: malformed XML: the text ends before <{element}> is closed"
            ),
            TiledError::Invalid { position, problem } => write!(f, "{position}: {problem}"),
            TiledError::Empty {
                position,
                width,
                height,
            } => {
                at(f, position)?;
                write!(f, "a {width}x{height} map has no cells")
            }
            TiledError::TooLarge {
                position,
                what,
                count,
                limit,
            } => {
                at(f, position)?;
                write!(f, "{count} {what}, more than the {limit} accepted")
            }
            TiledError::Unsupported { position, what } => {
                at(f, position)?;
                write!(f, "{what} are not supported")
            }
            TiledError::ExternalFile { path } => write!(
                f,
                "the map refers to the file {}; a map read from bytes must embed its tilesets",
                path.display()
            ),
            TiledError::Tiled { source } => write!(f, "invalid Tiled map: {source}"),
            TiledError::NoSuchLayer { name } => write!(f, "no tile layer named {name:?}"),
            TiledError::Grid(e) => e.fmt(f),
            TiledError::NotHexagonal { orientation } => {
                write!(f, "the map is {orientation}, not hexagonal")
            }
            TiledError::HexGrid(e) => e.fmt(f),
            TiledError::Portal { object, problem } => {
                write!(f, "portal object {object}: {problem}")
            }
            TiledError::Level(e) => e.fmt(f),
        }
    }
}

impl Error for TiledError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            TiledError::Io { source, .. } => Some(source),
            TiledError::Xml { source, .. } | TiledError::Tiled { source } => Some(source.as_ref()),
            TiledError::Grid(e) => Some(e),
            TiledError::HexGrid(e) => Some(e),
            TiledError::Level(e) => Some(e),
            TiledError::Portal {
                problem: PortalProblem::Refused(e),
                ..
            } => Some(e),
            _ => None,
        }
    }
}

impl From<GridError> for TiledError {
    fn from(e: GridError) -> Self {
        TiledError::Grid(e)
    }
}

impl From<HexError> for TiledError {
    fn from(e: HexError) -> Self {
        TiledError::HexGrid(e)
    }
}
