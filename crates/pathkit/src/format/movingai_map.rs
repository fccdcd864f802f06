//! [`MovingAiMap`]: the Moving AI `.map` grid format, read and written losslessly.
//!
//! ```text
//! type octile
//! height 3
//! width 4
//! map
//! ..@.
//! .T@.
//! ....
//! ```

use super::error::{FormatError, ParseError, ParseErrorKind};
use super::text::{self, LineEnding};
use crate::grid::{Grid, GridError};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A Moving AI benchmark map: its header and every tile byte as written.
///
/// Tiles are kept as they are (`.` `G` `S` `@` `O` `T` `W` or any other printable ASCII
/// character), so writing a map back gives the same text. [`MovingAiMap::to_grid`] makes the
/// searchable [`Grid`]: `.`, `G` and `S` are passable at weight 1, everything else is blocked.
///
/// ```
/// use pathkit::format::{LineEnding, MovingAiMap};
/// use pathkit::grid::Cell;
///
/// let map: MovingAiMap = "type octile\nheight 2\nwidth 3\nmap\n.@.\nG.T\n".parse().unwrap();
/// assert_eq!((map.map_type(), map.width(), map.height()), ("octile", 3, 2));
/// assert_eq!(map.tile(1, 0), Some(b'@'));
/// assert_eq!((map.tiles(), map.line_ending()), (&b".@.G.T"[..], LineEnding::Lf));
/// let grid = map.to_grid().unwrap();
/// assert!(!grid.is_passable(Cell::new(1, 0)) && grid.is_passable(Cell::new(0, 1)));
/// assert_eq!(map.to_string().parse::<MovingAiMap>().unwrap(), map);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiMap {
    map_type: String,
    width: u32,
    height: u32,
    tiles: Vec<u8>,
    line_ending: LineEnding,
}

impl MovingAiMap {
    /// Tiles an agent may stand on in the benchmarks: ground `.`, ground `G`, swamp `S`.
    pub const PASSABLE: [u8; 3] = [b'.', b'G', b'S'];

    /// A map of `width` x `height` tiles, row-major. Fails if a tile is not printable ASCII, the
    /// number of tiles is wrong, or the size is zero or its grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) ([`Grid::memory_needed`]).
    ///
    /// ```
    /// use pathkit::format::{FormatError, MovingAiMap};
    ///
    /// let map = MovingAiMap::new(3, 2, b"..T\n@..".iter().copied().filter(|&b| b != b'\n').collect()).unwrap();
    /// assert_eq!(map.to_string(), "type octile\nheight 2\nwidth 3\nmap\n..T\n@..\n");
    /// assert!(matches!(MovingAiMap::new(0, 2, Vec::new()), Err(FormatError::BadSize { .. })));
    /// assert!(matches!(MovingAiMap::new(2, 2, b"...".to_vec()), Err(FormatError::TileCount { found: 3, .. })));
    /// ```
    pub fn new(width: u32, height: u32, tiles: Vec<u8>) -> Result<MovingAiMap, FormatError> {
        if check_size(width, height, 1).is_err() {
            return Err(FormatError::BadSize { width, height });
        }
        if tiles.len() as u64 != width as u64 * height as u64 {
            return Err(FormatError::TileCount {
                width,
                height,
                found: tiles.len(),
            });
        }
        if let Some(i) = tiles.iter().position(|&t| !is_tile(t)) {
            let (line, column) = (i / width as usize + 1, i % width as usize + 1);
            let found = char::from(tiles[i]);
            return Err(ParseError::new(line, column, ParseErrorKind::BadTile { found }).into());
        }
        Ok(MovingAiMap {
            map_type: "octile".into(),
            width,
            height,
            tiles,
            line_ending: LineEnding::Lf,
        })
    }

    /// The map of a grid: blocked cells become `@`, weight-1 cells `.`. Fails on any other
    /// weight, which the format cannot hold.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    /// use pathkit::grid::Grid;
    ///
    /// let grid = Grid::from_ascii("..#\n#..").unwrap();
    /// let map = MovingAiMap::from_grid(&grid).unwrap();
    /// assert_eq!(map.tiles(), b"..@@..");
    /// assert_eq!(map.to_grid().unwrap(), grid);
    /// ```
    pub fn from_grid(grid: &Grid) -> Result<MovingAiMap, FormatError> {
        let mut tiles = Vec::with_capacity(grid.len());
        for (i, &w) in grid.weights().iter().enumerate() {
            tiles.push(match w {
                0 => b'@',
                1 => b'.',
                weight => {
                    let c = grid.cell_at(i);
                    return Err(FormatError::Unrepresentable {
                        x: c.x,
                        y: c.y,
                        weight,
                    });
                }
            });
        }
        MovingAiMap::new(grid.width(), grid.height(), tiles)
    }

    /// Parses the text of a `.map` file. Accepts LF or CRLF line ends and a last row without a
    /// terminator; refuses anything else that is malformed with the line and column of the problem.
    /// A declared size that is zero or whose grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) is refused from the header
    /// ([`ParseErrorKind::BadSize`]), before any row is read; memory for the rows follows the
    /// text, not the header.
    ///
    /// ```
    /// use pathkit::format::{LineEnding, MovingAiMap, ParseErrorKind};
    ///
    /// let map = MovingAiMap::parse(b"type octile\r\nwidth 2\r\nheight 1\r\nmap\r\n.W").unwrap();
    /// assert_eq!((map.width(), map.tile(1, 0)), (2, Some(b'W')));
    /// assert_eq!(map.line_ending(), LineEnding::CrLf);
    /// let err = MovingAiMap::parse(b"type octile\nheight 1\nwidth 2\nmap\n..\nextra\n").unwrap_err();
    /// assert_eq!((err.line(), err.kind), (6, ParseErrorKind::TrailingText));
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<MovingAiMap, ParseError> {
        let text = text::utf8(bytes)?;
        if text.trim().is_empty() {
            return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
        }
        let mut lines = text::lines(text);
        let mut last_line = 0;
        let mut next = |expected: &'static str| {
            let got = lines.next();
            if let Some((n, _)) = got {
                last_line = n;
            }
            got.ok_or_else(|| {
                ParseError::new(
                    last_line + 1,
                    1,
                    ParseErrorKind::BadHeader {
                        expected,
                        found: "end of input".into(),
                    },
                )
            })
        };

        let (n, line) = next("type octile")?;
        let map_type = keyword_value(n, line, "type", "type octile")?.to_string();
        let mut size = [None, None]; // height, width, in either order
        let mut size_line = n;
        for _ in 0..2 {
            let (n, line) = next("height <rows>` or `width <columns>")?;
            let (slot, name, expected) = match line.split_whitespace().next() {
                Some("height") if size[0].is_none() => (0, "height", "height <rows>"),
                Some("width") if size[1].is_none() => (1, "width", "width <columns>"),
                _ => {
                    return Err(header_error(
                        n,
                        line,
                        if size[0].is_none() {
                            "height <rows>"
                        } else {
                            "width <columns>"
                        },
                    ))
                }
            };
            let value = keyword_value(n, line, name, expected)?;
            let column = text::fields(line).nth(1).map_or(1, |(c, _)| c);
            size[slot] = Some(text::parse_u32(value, name, n, column)?);
            size_line = n;
        }
        let (height, width) = (size[0].unwrap_or(0), size[1].unwrap_or(0));
        check_size(width, height, size_line)?;
        let (n, line) = next("map")?;
        if line.trim() != "map" {
            return Err(header_error(n, line, "map"));
        }
        let header_end = n;

        let cells = width as usize * height as usize;
        // Capacity from the text, not the header: a lying header must not allocate gigabytes.
        let mut tiles = Vec::with_capacity(cells.min(text.len()));
        let mut rows = 0;
        let mut lines = text::lines(text).skip(header_end);
        while rows < height {
            let Some((n, row)) = lines.next() else {
                return Err(ParseError::new(
                    header_end + rows as usize + 1,
                    1,
                    ParseErrorKind::MissingRows {
                        expected: height,
                        found: rows,
                    },
                ));
            };
            if let Some((i, found)) = row
                .char_indices()
                .find(|&(_, c)| !c.is_ascii() || !is_tile(c as u8))
            {
                let column = row[..i].chars().count() + 1;
                return Err(ParseError::new(
                    n,
                    column,
                    ParseErrorKind::BadTile { found },
                ));
            }
            if row.len() != width as usize {
                return Err(ParseError::new(
                    n,
                    row.len().min(width as usize) + 1,
                    ParseErrorKind::RowLength {
                        expected: width,
                        found: row.len(),
                    },
                ));
            }
            tiles.extend_from_slice(row.as_bytes());
            rows += 1;
        }
        if let Some((n, line)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            let column = line.len() - line.trim_start().len() + 1;
            return Err(ParseError::new(n, column, ParseErrorKind::TrailingText));
        }
        Ok(MovingAiMap {
            map_type,
            width,
            height,
            tiles,
            line_ending: LineEnding::detect(text),
        })
    }

    /// Reads and parses a `.map` file.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-map-load-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let file = dir.join("room.map");
    /// std::fs::write(&file, "type octile\nheight 1\nwidth 3\nmap\n.@.\n")?;
    /// let map = MovingAiMap::load(&file)?;
    /// assert!(map.is_passable(0, 0) && !map.is_passable(1, 0));
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<MovingAiMap, FormatError> {
        Ok(MovingAiMap::parse(&FormatError::read(path.as_ref())?)?)
    }

    /// Writes the map to `path` in the form [`MovingAiMap::parse`] reads.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    /// use pathkit::grid::Grid;
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-map-save-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let file = dir.join("maze.map");
    /// let map = MovingAiMap::from_grid(&Grid::from_ascii(".#.\n...")?)?;
    /// map.save(&file)?;
    /// assert_eq!(MovingAiMap::load(&file)?, map);
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), FormatError> {
        FormatError::write(path.as_ref(), self.to_string())
    }

    /// The `type` header value (`octile` in every benchmark file).
    #[must_use]
    pub fn map_type(&self) -> &str {
        &self.map_type
    }

    /// Width in tiles.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in tiles.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Line ending of the file read (written back the same way).
    #[must_use]
    pub fn line_ending(&self) -> LineEnding {
        self.line_ending
    }

    /// Changes the line ending used when writing.
    ///
    /// ```
    /// use pathkit::format::{LineEnding, MovingAiMap};
    ///
    /// let mut map: MovingAiMap = "type octile\nheight 1\nwidth 1\nmap\n.\n".parse().unwrap();
    /// assert_eq!(map.line_ending(), LineEnding::Lf);
    /// map.set_line_ending(LineEnding::CrLf);
    /// assert_eq!(map.to_string(), "type octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n");
    /// ```
    pub fn set_line_ending(&mut self, ending: LineEnding) {
        self.line_ending = ending;
    }

    /// Every tile byte, row-major.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile at column `x`, row `y`, or `None` outside the map.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    ///
    /// let map: MovingAiMap = "type octile\nheight 2\nwidth 2\nmap\n.T\nS@\n".parse().unwrap();
    /// assert_eq!((map.tile(1, 0), map.tile(0, 1)), (Some(b'T'), Some(b'S')));
    /// assert_eq!(map.tile(2, 0), None);
    /// ```
    #[must_use]
    pub fn tile(&self, x: u32, y: u32) -> Option<u8> {
        (x < self.width && y < self.height)
            .then(|| self.tiles[y as usize * self.width as usize + x as usize])
    }

    /// `true` when (`x`, `y`) is inside the map on a `.`, `G` or `S` tile.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    ///
    /// let map: MovingAiMap = "type octile\nheight 1\nwidth 5\nmap\n.GSTW\n".parse().unwrap();
    /// let passable: Vec<bool> = (0..6).map(|x| map.is_passable(x, 0)).collect();
    /// assert_eq!(passable, [true, true, true, false, false, false]);
    /// ```
    #[must_use]
    pub fn is_passable(&self, x: u32, y: u32) -> bool {
        self.tile(x, y).is_some_and(|t| Self::PASSABLE.contains(&t))
    }

    /// The searchable grid of the benchmarks: `.` `G` `S` at weight 1, every other tile blocked.
    /// Fails only when the allocator refuses the grid's memory ([`GridError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory))): the size was checked against the
    /// limit when the map was made.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    /// use pathkit::grid::Cell;
    ///
    /// let map: MovingAiMap = "type octile\nheight 2\nwidth 3\nmap\n.@G\nS.T\n".parse().unwrap();
    /// let grid = map.to_grid().unwrap();
    /// assert_eq!(grid.to_ascii(), ".#.\n..#\n");
    /// assert_eq!(grid.weight(Cell::new(0, 1)), 1); // swamp is plain ground in the benchmarks
    /// ```
    pub fn to_grid(&self) -> Result<Grid, GridError> {
        self.to_grid_with(|t| u32::from(Self::PASSABLE.contains(&t)))
    }

    /// A grid whose weights come from `weight(tile)` (0 = blocked), e.g. to make swamp `S` dearer.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    ///
    /// let map: MovingAiMap = "type octile\nheight 1\nwidth 4\nmap\n.S@G\n".parse().unwrap();
    /// let grid = map.to_grid_with(|tile| match tile {
    ///     b'.' | b'G' => 1,
    ///     b'S' => 3, // wading through swamp
    ///     _ => 0,
    /// }).unwrap();
    /// assert_eq!(grid.weights(), &[1, 3, 0, 1]);
    /// ```
    pub fn to_grid_with(&self, weight: impl Fn(u8) -> u32) -> Result<Grid, GridError> {
        Grid::from_fn(self.width, self.height, |c| {
            weight(self.tiles[c.y as usize * self.width as usize + c.x as usize])
        })
    }
}

impl FromStr for MovingAiMap {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MovingAiMap::parse(s.as_bytes())
    }
}

impl fmt::Display for MovingAiMap {
    /// The `.map` text, every line (the last row too) ended by the map's line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nl = self.line_ending.as_str();
        write!(
            f,
            "type {}{nl}height {}{nl}width {}{nl}map{nl}",
            self.map_type, self.height, self.width
        )?;
        for row in self.tiles.chunks(self.width.max(1) as usize) {
            // Tiles are printable ASCII, checked on the way in.
            f.write_str(std::str::from_utf8(row).map_err(|_| fmt::Error)?)?;
            f.write_str(nl)?;
        }
        Ok(())
    }
}

fn is_tile(b: u8) -> bool {
    b.is_ascii_graphic()
}

/// [`ParseErrorKind::BadSize`] unless a grid of the declared size may be built
/// ([`Grid::memory_needed`] within [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)).
fn check_size(width: u32, height: u32, line: usize) -> Result<(), ParseError> {
    if Grid::check_size(width as u64, height as u64).is_err() {
        return Err(ParseError::new(
            line.max(1),
            1,
            ParseErrorKind::BadSize {
                width: width as u64,
                height: height as u64,
            },
        ));
    }
    Ok(())
}

/// The value of a `keyword value` header line.
fn keyword_value<'a>(
    n: usize,
    line: &'a str,
    keyword: &str,
    expected: &'static str,
) -> Result<&'a str, ParseError> {
    let mut f = text::fields(line);
    match (f.next(), f.next(), f.next()) {
        (Some((_, k)), Some((_, v)), None) if k == keyword => Ok(v),
        _ => Err(header_error(n, line, expected)),
    }
}

fn header_error(n: usize, line: &str, expected: &'static str) -> ParseError {
    let column = line.len() - line.trim_start().len() + 1;
    ParseError::new(
        n,
        column,
        ParseErrorKind::BadHeader {
            expected,
            found: text::excerpt(line),
        },
    )
}
