//! [`Scenario`]: Moving AI `.scen` benchmark problems (grid and MAPF), read and written back.
//!
//! ```text
//! version 1
//! 0 lak104d.map 41 41 18 35 15 37 3.82842712
//! ```
//!
//! (fields separated by TABs)
//!
//! Nine fields per line: bucket, map, map width, map height, start x, start y, goal x, goal y,
//! optimal length (8-connected, no corner cutting, diagonal cost sqrt 2).

use super::error::{FormatError, LengthProblem, ParseError, ParseErrorKind};
use super::text::{self, LineEnding};
use crate::grid::{Cell, Grid};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// One benchmark problem: a start, a goal and the length of a shortest path between them.
///
/// ```
/// use pathkit::format::{Scenario, ScenarioEntry};
/// use pathkit::grid::Cell;
///
/// let entry = ScenarioEntry {
///     bucket: 0,
///     map: "maps/room.map".into(),
///     width: 8,
///     height: 8,
///     start: Cell::new(0, 0),
///     goal: Cell::new(3, 0),
///     optimal_length: 3.0,
/// };
/// let scen = Scenario::new(vec![entry.clone()]).unwrap();
/// assert_eq!(scen.to_string(), "version 1\n0\tmaps/room.map\t8\t8\t0\t0\t3\t0\t3.00000000\n");
/// assert_eq!(scen.entries(), &[entry]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioEntry {
    /// Difficulty bucket (about the optimal length divided by 4).
    pub bucket: u32,
    /// The map column as written: a bare name (`den520d.map`) or a path (`maps/dao/den520d.map`).
    pub map: String,
    /// Width of the map the problem is for.
    pub width: u32,
    /// Height of the map the problem is for.
    pub height: u32,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
    /// Length of a shortest path; compare with [`Scenario::tolerance`].
    pub optimal_length: f64,
}

impl ScenarioEntry {
    /// The file name of the map: the last component of the map column, whichever slash it uses.
    ///
    /// ```
    /// use pathkit::format::Scenario;
    ///
    /// let scen: Scenario = "version 1\n0\tmaps\\dao\\arena.map\t49\t49\t1\t11\t1\t12\t1\n".parse().unwrap();
    /// assert_eq!(scen.entries()[0].map_file_name(), "arena.map");
    /// ```
    #[must_use]
    pub fn map_file_name(&self) -> &str {
        basename(&self.map)
    }
}

/// How the fields of a line are separated.
///
/// ```
/// use pathkit::format::{Scenario, Separator};
///
/// let old: Scenario = "version 1.0\n0 m.map 4 4 0 0 1 0 1\n".parse().unwrap();
/// assert_eq!((old.version(), old.separator()), ("1.0", Separator::Space));
/// assert_eq!(old.to_string(), "version 1.0\n0 m.map 4 4 0 0 1 0 1\n");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Separator {
    /// A TAB, as in `version 1` files.
    #[default]
    Tab,
    /// A space, as in the older `version 1.0` files.
    Space,
}

/// How optimal lengths are printed, which decides how exactly they can be compared.
///
/// ```
/// use pathkit::format::{LengthFormat, Scenario};
///
/// let current: Scenario = "version 1\n0\tm.map\t4\t4\t0\t0\t1\t1\t1.41421356\n".parse().unwrap();
/// assert_eq!(current.length_format(), LengthFormat::Fixed { decimals: 8 });
/// let old: Scenario = "version 1.0\n0 m.map 4 4 0 0 1 1 1.41421\n0 m.map 4 4 0 0 2 0 2\n".parse().unwrap();
/// assert_eq!(old.length_format(), LengthFormat::Shortest);
/// assert!(old.tolerance() > current.tolerance());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LengthFormat {
    /// Every length with the same number of decimals, e.g. 8 in the current files (`3.82842712`).
    Fixed {
        /// Digits after the point.
        decimals: u8,
    },
    /// The shortest form, about six significant digits, as in the 2011 files (`3`, `3.41421`, `1179.8`).
    Shortest,
}

impl Default for LengthFormat {
    fn default() -> Self {
        LengthFormat::Fixed { decimals: 8 }
    }
}

/// A `.scen` file: its version header and its problems in file order.
///
/// Reads `version 1` (TAB-separated) and `version 1.0` (space-separated) files and MAPF scenario
/// files, splitting fields on any whitespace. Writing gives the same text back for files read
/// (same version, separator, line ending and length printing).
///
/// ```
/// use pathkit::format::{LengthFormat, LineEnding, Scenario, Separator};
/// use pathkit::grid::Cell;
///
/// let text = "version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n";
/// let scen: Scenario = text.parse().unwrap();
/// let entry = &scen.entries()[0];
/// assert_eq!((entry.start, entry.goal), (Cell::new(1, 11), Cell::new(1, 12)));
/// assert_eq!(entry.map_file_name(), "arena.map");
/// assert_eq!(scen.tolerance(), 5e-3); // lengths printed to ~6 significant digits
/// assert_eq!((scen.version(), scen.separator(), scen.line_ending()), ("1", Separator::Tab, LineEnding::Lf));
/// assert_eq!(scen.length_format(), LengthFormat::Shortest);
/// assert_eq!(scen.to_string(), text);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    version: String,
    separator: Separator,
    length_format: LengthFormat,
    line_ending: LineEnding,
    entries: Vec<ScenarioEntry>,
}

const FIELDS: [&str; 9] = [
    "bucket",
    "map",
    "width",
    "height",
    "start x",
    "start y",
    "goal x",
    "goal y",
    "optimal length",
];

impl Scenario {
    /// A `version 1` scenario (TAB-separated, lengths with 8 decimals) of `entries`. Each entry
    /// is checked as if it were read back (a map name without whitespace, coordinates inside the
    /// size, a finite non-negative length): an error names the line it would be written on (the
    /// first entry is line 2).
    ///
    /// ```
    /// use pathkit::format::{ParseErrorKind, Scenario, ScenarioEntry};
    /// use pathkit::grid::Cell;
    ///
    /// let entry = |goal: Cell| ScenarioEntry {
    ///     bucket: 0,
    ///     map: "room.map".into(),
    ///     width: 4,
    ///     height: 4,
    ///     start: Cell::new(0, 0),
    ///     goal,
    ///     optimal_length: 1.0,
    /// };
    /// let scen = Scenario::new(vec![entry(Cell::new(1, 0))]).unwrap();
    /// assert_eq!(scen.version(), "1");
    /// let err = Scenario::new(vec![entry(Cell::new(1, 0)), entry(Cell::new(4, 0))]).unwrap_err();
    /// assert_eq!(err.line(), 3); // the second entry, after the header
    /// assert!(matches!(err.kind, ParseErrorKind::OutOfBounds { field: "goal", .. }));
    /// ```
    pub fn new(entries: Vec<ScenarioEntry>) -> Result<Scenario, ParseError> {
        let scenario = Scenario {
            version: "1".into(),
            separator: Separator::Tab,
            length_format: LengthFormat::default(),
            line_ending: LineEnding::Lf,
            entries,
        };
        for (i, e) in scenario.entries.iter().enumerate() {
            if e.map.is_empty() || e.map.contains(char::is_whitespace) {
                let kind = ParseErrorKind::BadMapName {
                    text: text::excerpt(&e.map),
                };
                let column = e.bucket.to_string().len() + 2;
                return Err(ParseError::new(i + 2, column, kind));
            }
            parse_entry(i + 2, &scenario.entry_line(e))?;
        }
        Ok(scenario)
    }

    /// Parses the text of a `.scen` file; malformed text gives the line and column of the problem.
    ///
    /// ```
    /// use pathkit::format::{LineEnding, Scenario};
    /// use pathkit::grid::Cell;
    ///
    /// let scen = Scenario::parse(b"version 1\r\n3\tlak.map\t10\t10\t1\t2\t7\t8\t9.65685425\r\n").unwrap();
    /// let entry = &scen.entries()[0];
    /// assert_eq!((entry.bucket, entry.start, entry.goal), (3, Cell::new(1, 2), Cell::new(7, 8)));
    /// assert_eq!(scen.line_ending(), LineEnding::CrLf);
    /// assert!(Scenario::parse(b"version 2\n").is_err());
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<Scenario, ParseError> {
        let text = text::utf8(bytes)?;
        if text.trim().is_empty() {
            return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
        }
        let mut lines = text::lines(text).filter(|(_, l)| !l.trim().is_empty());
        let version = match lines.next() {
            Some((n, line)) => {
                let mut f = text::fields(line);
                match (f.next(), f.next(), f.next()) {
                    (Some((_, "version")), Some((_, v @ ("1" | "1.0"))), None) => v.to_string(),
                    _ => {
                        let column = line.len() - line.trim_start().len() + 1;
                        return Err(ParseError::new(
                            n,
                            column,
                            ParseErrorKind::BadHeader {
                                expected: "version 1` or `version 1.0",
                                found: text::excerpt(line),
                            },
                        ));
                    }
                }
            }
            None => return Err(ParseError::new(1, 1, ParseErrorKind::Empty)),
        };
        let mut entries = Vec::new();
        let mut separator = None;
        let mut decimals: Option<Option<usize>> = None; // None: no line yet; Some(None): mixed
        for (n, line) in lines {
            let (entry, length_decimals) = parse_entry(n, line)?;
            separator.get_or_insert(if line.contains('\t') {
                Separator::Tab
            } else {
                Separator::Space
            });
            decimals = Some(match decimals {
                None => Some(length_decimals),
                Some(Some(d)) if d == length_decimals => Some(d),
                Some(_) => None,
            });
            entries.push(entry);
        }
        let length_format = match decimals {
            None => LengthFormat::default(),
            Some(Some(d @ 1..=17)) => LengthFormat::Fixed { decimals: d as u8 },
            Some(_) => LengthFormat::Shortest,
        };
        Ok(Scenario {
            version,
            separator: separator.unwrap_or_default(),
            length_format,
            line_ending: LineEnding::detect(text),
            entries,
        })
    }

    /// Reads and parses a `.scen` file.
    ///
    /// ```
    /// use pathkit::format::Scenario;
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-scen-load-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let file = dir.join("room.map.scen");
    /// std::fs::write(&file, "version 1\n0\troom.map\t4\t4\t0\t0\t3\t0\t3.00000000\n")?;
    /// let scen = Scenario::load(&file)?;
    /// assert_eq!(scen.entries().len(), 1);
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Scenario, FormatError> {
        Ok(Scenario::parse(&FormatError::read(path.as_ref())?)?)
    }

    /// Writes the scenario to `path` in the form [`Scenario::parse`] reads.
    ///
    /// ```
    /// use pathkit::format::Scenario;
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-scen-save-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let file = dir.join("room.map.scen");
    /// let scen: Scenario = "version 1.0\n0 room.map 4 4 0 0 3 0 3\n".parse()?;
    /// scen.save(&file)?;
    /// assert_eq!(std::fs::read_to_string(&file)?, "version 1.0\n0 room.map 4 4 0 0 3 0 3\n");
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), FormatError> {
        FormatError::write(path.as_ref(), self.to_string())
    }

    /// The problems, in file order.
    #[must_use]
    pub fn entries(&self) -> &[ScenarioEntry] {
        &self.entries
    }

    /// The version header value: `1` or `1.0`.
    #[must_use]
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The field separator of the file read (written back the same way).
    #[must_use]
    pub fn separator(&self) -> Separator {
        self.separator
    }

    /// How the file prints optimal lengths.
    #[must_use]
    pub fn length_format(&self) -> LengthFormat {
        self.length_format
    }

    /// Line ending of the file read (written back the same way).
    #[must_use]
    pub fn line_ending(&self) -> LineEnding {
        self.line_ending
    }

    /// The absolute difference a verifier should allow between a computed shortest path length
    /// and [`ScenarioEntry::optimal_length`], given how the file prints lengths: 1e-6 for the
    /// current 8-decimal files, 5e-3 for the 2011 files printed to about six significant digits
    /// (more for lengths of 10,000 and above, whose sixth digit is coarser).
    ///
    /// ```
    /// use pathkit::format::Scenario;
    ///
    /// let current: Scenario = "version 1\n0\tm.map\t4\t4\t0\t0\t1\t1\t1.41421356\n".parse().unwrap();
    /// assert_eq!(current.tolerance(), 1e-6);
    /// let entry = &current.entries()[0];
    /// assert!((std::f64::consts::SQRT_2 - entry.optimal_length).abs() <= current.tolerance());
    /// ```
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        match self.length_format {
            LengthFormat::Fixed { decimals } => 10f64.powi(-(decimals as i32)).max(1e-6),
            LengthFormat::Shortest => {
                let longest = self
                    .entries
                    .iter()
                    .map(|e| e.optimal_length)
                    .fold(0.0, f64::max);
                let int_digits = if longest < 1.0 {
                    1
                } else {
                    longest.log10().floor() as i32 + 1
                };
                (0.5 * 10f64.powi(int_digits - 6)).max(5e-3)
            }
        }
    }

    /// The map file of `entry`, found by the basename of its map column next to the scenario
    /// file at `scenario_path` or in that folder's parent.
    ///
    /// ```
    /// use pathkit::format::{MovingAiMap, Scenario};
    ///
    /// let dir = std::env::temp_dir().join(format!("pathkit-doc-resolve-{}", std::process::id()));
    /// std::fs::create_dir_all(dir.join("scen"))?;
    /// std::fs::write(dir.join("arena.map"), "type octile\nheight 1\nwidth 2\nmap\n..\n")?;
    /// let scen_path = dir.join("scen").join("arena.map.scen");
    /// std::fs::write(&scen_path, "version 1\n0\tmaps/dao/arena.map\t2\t1\t0\t0\t1\t0\t1\n")?;
    /// let scen = Scenario::load(&scen_path)?;
    /// // Found by its basename, in the parent of the scenario's folder.
    /// let map_path = Scenario::resolve_map(&scen_path, &scen.entries()[0])?;
    /// assert_eq!(MovingAiMap::load(&map_path)?.width(), 2);
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_map(
        scenario_path: &Path,
        entry: &ScenarioEntry,
    ) -> Result<PathBuf, FormatError> {
        resolve_map(scenario_path, &entry.map)
    }

    fn entry_line(&self, e: &ScenarioEntry) -> String {
        let sep = match self.separator {
            Separator::Tab => '\t',
            Separator::Space => ' ',
        };
        let length = match self.length_format {
            LengthFormat::Fixed { decimals } => {
                format!("{:.*}", decimals as usize, e.optimal_length)
            }
            LengthFormat::Shortest => format!("{}", e.optimal_length),
        };
        let fields = [
            e.bucket.to_string(),
            e.map.clone(),
            e.width.to_string(),
            e.height.to_string(),
            e.start.x.to_string(),
            e.start.y.to_string(),
            e.goal.x.to_string(),
            e.goal.y.to_string(),
            length,
        ];
        let mut line = String::new();
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                line.push(sep);
            }
            line.push_str(f);
        }
        line
    }
}

impl FromStr for Scenario {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scenario::parse(s.as_bytes())
    }
}

impl fmt::Display for Scenario {
    /// The `.scen` text, every line ended by the scenario's line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nl = self.line_ending.as_str();
        write!(f, "version {}{nl}", self.version)?;
        for e in &self.entries {
            write!(f, "{}{nl}", self.entry_line(e))?;
        }
        Ok(())
    }
}

/// The map file named by `map_column` (a bare name or a path from another tree), searched by its
/// basename next to the scenario file at `scenario_path`, then in that folder's parent.
///
/// ```no_run
/// use pathkit::format::resolve_map;
/// use std::path::Path;
///
/// // finds benchmarks/den520d.map for benchmarks/mapf/den520d-even-1.scen or benchmarks/den520d.map.scen
/// let map = resolve_map(Path::new("benchmarks/den520d.map.scen"), "maps/dao/den520d.map")?;
/// assert!(map.ends_with("den520d.map"));
/// # Ok::<(), pathkit::format::FormatError>(())
/// ```
pub fn resolve_map(scenario_path: &Path, map_column: &str) -> Result<PathBuf, FormatError> {
    let name = basename(map_column);
    let mut tried = Vec::new();
    if !name.is_empty() && name != "." && name != ".." {
        let dir = scenario_path.parent().unwrap_or(Path::new(""));
        let mut dirs = vec![dir.to_path_buf()];
        if let Some(up) = dir.parent() {
            dirs.push(up.to_path_buf());
        } else if dir.as_os_str().is_empty() {
            dirs.push(PathBuf::from(".."));
        }
        for d in dirs {
            let candidate = d.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
            tried.push(candidate);
        }
    }
    Err(FormatError::MapNotFound {
        map: map_column.to_string(),
        tried,
    })
}

fn basename(map: &str) -> &str {
    map.rsplit(['/', '\\']).next().unwrap_or(map)
}

/// One problem line, and the number of decimals its length was printed with.
fn parse_entry(n: usize, line: &str) -> Result<(ScenarioEntry, usize), ParseError> {
    let mut fields = text::fields(line);
    let mut next = |i: usize| {
        fields.next().ok_or_else(|| {
            ParseError::new(
                n,
                text::end_column(line),
                ParseErrorKind::MissingField { field: FIELDS[i] },
            )
        })
    };
    let number =
        |(column, text): (usize, &str), i: usize| text::parse_u32(text, FIELDS[i], n, column);

    let bucket = number(next(0)?, 0)?;
    let map = next(1)?.1.to_string();
    let width_field = next(2)?;
    let width = number(width_field, 2)?;
    let height = number(next(3)?, 3)?;
    if Grid::check_size(width as u64, height as u64).is_err() {
        return Err(ParseError::new(
            n,
            width_field.0,
            ParseErrorKind::BadSize {
                width: width as u64,
                height: height as u64,
            },
        ));
    }
    let mut cell = |i: usize, field: &'static str| -> Result<Cell, ParseError> {
        let x_field = next(i)?;
        let x = number(x_field, i)?;
        let y = number(next(i + 1)?, i + 1)?;
        if x >= width || y >= height {
            return Err(ParseError::new(
                n,
                x_field.0,
                ParseErrorKind::OutOfBounds {
                    field,
                    x,
                    y,
                    width,
                    height,
                },
            ));
        }
        Ok(Cell::new(x, y))
    };
    let start = cell(4, "start")?;
    let goal = cell(6, "goal")?;
    let (column, length_text) = next(8)?;
    let (optimal_length, decimals) = parse_length(length_text).map_err(|reason| {
        ParseError::new(
            n,
            column,
            ParseErrorKind::BadLength {
                text: text::excerpt(length_text),
                reason,
            },
        )
    })?;
    if let Some((column, extra)) = fields.next() {
        return Err(ParseError::new(
            n,
            column,
            ParseErrorKind::ExtraField {
                text: text::excerpt(extra),
            },
        ));
    }
    let entry = ScenarioEntry {
        bucket,
        map,
        width,
        height,
        start,
        goal,
        optimal_length,
    };
    Ok((entry, decimals))
}

/// A plain decimal `digits[.digits]`: no sign, exponent, `inf` or `NaN`.
fn parse_length(text: &str) -> Result<(f64, usize), LengthProblem> {
    if text.starts_with('-') {
        return Err(LengthProblem::Negative);
    }
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits(int) || !digits(frac) || (text.contains('.') && frac.is_empty()) {
        return Err(LengthProblem::NotDecimal);
    }
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok((v, frac.len())),
        _ => Err(LengthProblem::TooLarge),
    }
}
