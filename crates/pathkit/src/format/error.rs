//! [`FormatError`]: what went wrong reading or writing a map file, with the place in the text.

use crate::grid::GridError;
use crate::limits::Refusal;
use std::fmt;
use std::path::PathBuf;

/// Where in a text a problem is: `line` and `column` both count from 1 (columns in characters).
///
/// ```
/// use pathkit::format::{MovingAiMap, Position};
///
/// let err = "type octile\nheight 1\nwidth 2\nmap\n.\u{e9}\n".parse::<MovingAiMap>().unwrap_err();
/// assert!(err.to_string().starts_with("line 5, column 2:"));
/// assert_eq!(err.position, Position { line: 5, column: 2 });
/// assert_eq!(Position { line: 5, column: 2 }.to_string(), "line 5, column 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// The kinds of malformed text the Moving AI parsers reject.
///
/// ```
/// use pathkit::format::{MovingAiMap, ParseErrorKind};
///
/// let err = MovingAiMap::parse(b"type octile\nheight 2\nwidth 3\nmap\n.@.\n..\n").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::RowLength { expected: 3, found: 2 });
/// let err = MovingAiMap::parse(b"type octile\nheight 0\nwidth 3\nmap\n").unwrap_err();
/// assert!(matches!(err.kind, ParseErrorKind::BadSize { width: 3, height: 0 }));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input holds nothing but whitespace.
    Empty,
    /// The bytes are not UTF-8 text.
    NotUtf8,
    /// A header line is missing or is not what the format requires.
    BadHeader {
        /// What the format wants here, e.g. `"height <rows>"`.
        expected: &'static str,
        /// What the line holds.
        found: String,
    },
    /// A number field that is not a non-negative integer that fits.
    BadNumber {
        /// Which field.
        field: &'static str,
        /// The text of the field.
        text: String,
    },
    /// A declared size of zero, or whose grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`Grid::memory_needed`](crate::grid::Grid::memory_needed)).
    BadSize {
        /// Declared width.
        width: u64,
        /// Declared height.
        height: u64,
    },
    /// A map row whose length differs from the declared width.
    RowLength {
        /// Declared width.
        expected: u32,
        /// Tiles in the row.
        found: usize,
    },
    /// The text ends before all declared rows.
    MissingRows {
        /// Declared height.
        expected: u32,
        /// Rows present.
        found: u32,
    },
    /// A tile that is not a printable ASCII character.
    BadTile {
        /// The offending character.
        found: char,
    },
    /// Non-blank text after the last map row.
    TrailingText,
    /// A scenario line with fewer than nine fields.
    MissingField {
        /// The first missing field.
        field: &'static str,
    },
    /// A map name that is empty or holds whitespace, so it would not stay one field.
    BadMapName {
        /// The name.
        text: String,
    },
    /// A scenario line with more than nine fields.
    ExtraField {
        /// The first extra field.
        text: String,
    },
    /// A start or goal outside the map size declared on the same line.
    OutOfBounds {
        /// Which field: `"start"` or `"goal"`.
        field: &'static str,
        /// Column given.
        x: u32,
        /// Row given.
        y: u32,
        /// Declared width.
        width: u32,
        /// Declared height.
        height: u32,
    },
    /// An optimal length that is not a finite, non-negative decimal number.
    BadLength {
        /// The text of the field.
        text: String,
        /// Why it is refused.
        reason: LengthProblem,
    },
}

/// Why the optimal length of a scenario line is refused ([`ParseErrorKind::BadLength`]).
///
/// A length is written as plain decimal digits with an optional fraction (`12`, `3.82842712`), as
/// the benchmark files write it, so that it reads back to the same number everywhere.
///
/// ```
/// use pathkit::format::{LengthProblem, ParseErrorKind, Scenario};
///
/// let e = Scenario::parse(b"version 1\n0\tm.map\t4\t4\t0\t0\t1\t1\t-2\n").unwrap_err();
/// assert!(matches!(
///     e.kind,
///     ParseErrorKind::BadLength { reason: LengthProblem::Negative, .. }
/// ));
/// assert_eq!(e.to_string(), "line 2, column 21: optimal length \"-2\" is refused: a length cannot be negative");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LengthProblem {
    /// It starts with a minus sign.
    Negative,
    /// It is not `digits` or `digits.digits`: empty, a sign, an exponent, `inf`, `NaN`, a
    /// trailing `.` or other characters.
    NotDecimal,
    /// Plain decimal digits too large for an `f64`: the number would be infinite.
    TooLarge,
}

impl fmt::Display for LengthProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LengthProblem::Negative => "a length cannot be negative",
            LengthProblem::NotDecimal => "not a decimal number",
            LengthProblem::TooLarge => "too large to be a finite number",
        })
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => write!(f, "the input is empty"),
            ParseErrorKind::NotUtf8 => write!(f, "the input is not UTF-8 text"),
            ParseErrorKind::BadHeader { expected, found } => {
                write!(f, "expected `{expected}`, found {found:?}")
            }
            ParseErrorKind::BadNumber { field, text } => {
                write!(f, "{field} must be a non-negative integer, found {text:?}")
            }
            ParseErrorKind::BadSize { width, height } => bad_size(f, *width, *height),
            ParseErrorKind::RowLength { expected, found } => {
                write!(f, "row has {found} tiles, the header says {expected}")
            }
            ParseErrorKind::MissingRows { expected, found } => {
                write!(f, "the map has {found} rows, the header says {expected}")
            }
            ParseErrorKind::BadTile { found } => {
                write!(f, "{found:?} is not a tile (tiles are printable ASCII)")
            }
            ParseErrorKind::TrailingText => write!(f, "unexpected text after the last map row"),
            ParseErrorKind::MissingField { field } => write!(f, "missing field: {field}"),
            ParseErrorKind::BadMapName { text } => {
                write!(f, "map name {text:?} is empty or holds whitespace")
            }
            ParseErrorKind::ExtraField { text } => {
                write!(f, "unexpected extra field {text:?} (a line has 9 fields)")
            }
            ParseErrorKind::OutOfBounds {
                field,
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "{field} ({x}, {y}) is outside the declared {width}x{height} map"
            ),
            ParseErrorKind::BadLength { text, reason } => {
                write!(f, "optimal length {text:?} is refused: {reason}")
            }
        }
    }
}

/// Why a `width` x `height` map is refused: no cells, or too much memory for its grid.
fn bad_size(f: &mut fmt::Formatter<'_>, width: u64, height: u64) -> fmt::Result {
    match crate::grid::Grid::check_size(width, height) {
        Err(GridError::Refused(Refusal::TooLarge { bytes, limit })) => write!(
            f,
            "a {width}x{height} map is refused: its grid needs {bytes} bytes, more than the {limit} a map may take"
        ),
        _ => write!(f, "a {width}x{height} map is refused: it has no cells"),
    }
}

/// Malformed text, with the 1-based line and column of the first problem.
///
/// ```
/// use pathkit::format::{ParseErrorKind, Scenario};
///
/// let err = Scenario::parse(b"version 1\n0\tm.map\t4\t4\t0\t0\t9\t1\t3.5\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (2, 17));
/// assert!(matches!(err.kind, ParseErrorKind::OutOfBounds { field: "goal", x: 9, .. }));
/// assert_eq!(err.to_string(), "line 2, column 17: goal (9, 1) is outside the declared 4x4 map");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// Where the problem is.
    pub position: Position,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        ParseError {
            position: Position { line, column },
            kind,
        }
    }

    /// Line of the problem, from 1.
    ///
    /// ```
    /// use pathkit::format::Scenario;
    ///
    /// let err = Scenario::parse(b"version 1\n\n0\tm.map\t4\t4\t0\t0\t1\n").unwrap_err();
    /// assert_eq!(err.line(), 3); // blank lines count
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.position.line
    }

    /// Column of the problem, from 1.
    ///
    /// ```
    /// use pathkit::format::MovingAiMap;
    ///
    /// let err = MovingAiMap::parse("type octile\nheight 1\nwidth 4\nmap\nabc\u{e9}\n".as_bytes()).unwrap_err();
    /// assert_eq!(err.column(), 4); // in characters, not bytes
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.position.column
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// Any failure of reading, resolving or writing a Moving AI file.
///
/// ```
/// use pathkit::format::{FormatError, MovingAiMap};
/// use pathkit::grid::Grid;
///
/// let swamp = Grid::from_ascii(".3").unwrap();
/// let err = MovingAiMap::from_grid(&swamp).unwrap_err();
/// assert!(matches!(err, FormatError::Unrepresentable { x: 1, y: 0, weight: 3 }));
/// let missing = MovingAiMap::load("no/such/dir/file.map").unwrap_err();
/// assert!(matches!(missing, FormatError::Io { .. }));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum FormatError {
    /// The text is malformed; the error says where.
    Parse(ParseError),
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// No map file named by a scenario was found in the places searched.
    MapNotFound {
        /// The map column as written in the scenario.
        map: String,
        /// Every path tried, in order.
        tried: Vec<PathBuf>,
    },
    /// A grid that cannot be written as a Moving AI map (a weight other than 0 or 1).
    Unrepresentable {
        /// Column of the first such cell.
        x: u32,
        /// Row of the first such cell.
        y: u32,
        /// Its weight.
        weight: u32,
    },
    /// A map size of zero, or whose grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`Grid::memory_needed`](crate::grid::Grid::memory_needed)).
    BadSize {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
    },
    /// A tile list whose length is not width x height.
    TileCount {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
        /// Tiles given.
        found: usize,
    },
    /// Building a [`Grid`](crate::grid::Grid) failed.
    Grid(GridError),
}

impl FormatError {
    /// Line and column of a parse error; `None` for errors that are not about the text.
    ///
    /// ```
    /// use pathkit::format::{MovingAiMap, Position};
    ///
    /// let err = MovingAiMap::new(3, 1, b"..\t".to_vec()).unwrap_err();
    /// assert_eq!(err.position(), Some(Position { line: 1, column: 3 }));
    /// assert_eq!(MovingAiMap::new(3, 1, b"..".to_vec()).unwrap_err().position(), None); // a count, no place
    /// ```
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        match self {
            FormatError::Parse(e) => Some(e.position),
            _ => None,
        }
    }

    /// Reads a whole file, naming it in the error.
    pub(crate) fn read(path: &std::path::Path) -> Result<Vec<u8>, FormatError> {
        std::fs::read(path).map_err(|source| FormatError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Writes `text` to a file, naming it in the error.
    pub(crate) fn write(path: &std::path::Path, text: String) -> Result<(), FormatError> {
        std::fs::write(path, text).map_err(|source| FormatError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Parse(e) => e.fmt(f),
            FormatError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            FormatError::MapNotFound { map, tried } => {
                write!(f, "map {map:?} not found; tried")?;
                for (i, p) in tried.iter().enumerate() {
                    write!(f, "{} {}", if i == 0 { "" } else { "," }, p.display())?;
                }
                Ok(())
            }
            FormatError::Unrepresentable { x, y, weight } => write!(
                f,
                "cell ({x}, {y}) has weight {weight}; a Moving AI map holds only walls and weight 1"
            ),
            FormatError::BadSize { width, height } => bad_size(f, *width as u64, *height as u64),
            FormatError::TileCount {
                width,
                height,
                found,
            } => write!(f, "{found} tiles given for a {width}x{height} map"),
            FormatError::Grid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FormatError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FormatError::Parse(e) => Some(e),
            FormatError::Io { source, .. } => Some(source),
            FormatError::Grid(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for FormatError {
    fn from(e: ParseError) -> Self {
        FormatError::Parse(e)
    }
}

impl From<GridError> for FormatError {
    fn from(e: GridError) -> Self {
        FormatError::Grid(e)
    }
}
