//! Moving AI `.map` and `.scen` reading and writing: the benchmark files, the fixtures, and
//! every kind of malformed input.
//!
//! The `needs_movingai` tests read every map and scenario file in `shared/movingai` beside the
//! checkout (README.md, "Data"), and check the ones described in `movingai_expected/` against what
//! they are known to hold; without the data they fail, saying so. Everything else uses the fixtures.

use pathkit::format::{
    resolve_map, FormatError, LengthFormat, LengthProblem, LineEnding, MovingAiMap, ParseError,
    ParseErrorKind, Scenario, ScenarioEntry, Separator,
};
use pathkit::grid::{Cell, Grid, GridError};
use pathkit::limits::MAX_MAP_BYTES;
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::collections::BTreeMap;
use std::error::Error;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every map and scenario file of the Moving AI folder (`shared/movingai`, README.md "Data"),
/// whichever files it holds: each one is parsed, written back and checked against its map, and
/// the files described in `movingai_expected` are also checked against what they are known to
/// hold. Named so that `--skip needs_` leaves these tests out on a machine without the data.
mod needs_movingai {
    use super::*;
    use crate::movingai_expected::{self, Lengths, Lookup, Published, MAPS, SCENARIOS};
    use std::collections::BTreeSet;
    use test_prerequisites::Dataset;

    /// The benchmark set's folder; the test fails, saying how to get it, when it is missing.
    fn benchmarks() -> PathBuf {
        Dataset::MovingAi.require()
    }

    /// Files under `dir`, at any depth, whose name ends with `suffix`, sorted.
    fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut dirs = vec![dir.to_path_buf()];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let p = entry.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.is_file() && p.to_string_lossy().ends_with(suffix) {
                    out.push(p);
                }
            }
        }
        out.sort();
        out
    }

    /// `p`'s path in `dir`, `/`-separated, as the expectation table names files.
    fn relative(dir: &Path, p: &Path) -> String {
        p.strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/")
    }

    /// Which files of a kind were checked against the expectation table, and which not.
    #[derive(Default)]
    struct Coverage {
        known: Vec<String>,
        /// Path, size, size of the version described.
        other_versions: Vec<(String, u64, u64)>,
        unknown: Vec<String>,
    }

    impl Coverage {
        /// Notes a file the table does not describe as it is: another version, or not at all.
        fn not_known<T>(&mut self, name: String, bytes: u64, lookup: Lookup<'_, T>) {
            match lookup {
                Lookup::Known(_) => unreachable!("{name} is known"),
                Lookup::OtherVersion { described_bytes } => {
                    self.other_versions.push((name, bytes, described_bytes));
                }
                Lookup::Unknown => self.unknown.push(name),
            }
        }

        /// Files are `kind`; `rows` is what the table describes of that kind.
        fn print<T: Published>(&self, kind: &str, rows: &[T]) {
            let found: BTreeSet<&str> = self
                .known
                .iter()
                .chain(self.other_versions.iter().map(|(path, _, _)| path))
                .map(String::as_str)
                .collect();
            let absent: Vec<&str> = rows
                .iter()
                .map(Published::path)
                .filter(|p| !found.contains(p))
                .collect();
            println!(
                "{kind}: {} checked, {} of them also against what they are known to hold; \
                 other versions of described files (path, bytes, bytes described): {:?}; \
                 files not described: {:?}; described files not in the folder: {absent:?}",
                self.known.len() + self.other_versions.len() + self.unknown.len(),
                self.known.len(),
                self.other_versions,
                self.unknown,
            );
        }
    }

    /// The line ending of the first line of `bytes`.
    fn first_line_ending(bytes: &[u8]) -> LineEnding {
        match bytes.iter().position(|&b| b == b'\n') {
            Some(i) if i > 0 && bytes[i - 1] == b'\r' => LineEnding::CrLf,
            _ => LineEnding::Lf,
        }
    }

    #[test]
    fn every_map_parses_writes_back_and_matches_what_is_known() {
        let dir = benchmarks();
        let maps = files(&dir, ".map");
        assert!(!maps.is_empty(), "no .map file in {}", dir.display());
        let mut coverage = Coverage::default();
        for path in &maps {
            let name = relative(&dir, path);
            let bytes = std::fs::read(path).unwrap();
            let map = MovingAiMap::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(map.map_type(), "octile", "{name}");
            assert_eq!(
                map.tiles().len(),
                (map.width() * map.height()) as usize,
                "{name}"
            );
            assert_eq!(map.line_ending(), first_line_ending(&bytes), "{name}");
            let written = map.to_string();
            let mut expected = bytes.clone();
            // A map may end without a terminator after the last row (Berlin_1_256, Paris_1_512);
            // writing always adds one.
            if !expected.ends_with(b"\n") {
                expected.extend_from_slice(map.line_ending().as_str().as_bytes());
            }
            assert!(
                written.as_bytes() == expected,
                "{name} differs when written"
            );
            assert_eq!(written.parse::<MovingAiMap>().unwrap(), map, "{name}");
            let grid = map.to_grid().unwrap_or_else(|e| panic!("{name}: {e}"));
            let passable = grid.weights().iter().filter(|&&w| w != 0).count();
            let passable_tiles = map.tiles().iter().filter(|t| b".GS".contains(t)).count();
            assert_eq!(passable, passable_tiles, "{name}");

            match movingai_expected::lookup(MAPS, &name, bytes.len() as u64) {
                Lookup::Known(known) => {
                    assert_eq!(
                        (map.width(), map.height()),
                        (known.width, known.height),
                        "{name}"
                    );
                    assert_eq!(passable, known.passable, "{name}: passable tiles");
                    assert_eq!(map.line_ending(), known.line_ending, "{name}");
                    coverage.known.push(name);
                }
                other => coverage.not_known(name, bytes.len() as u64, other),
            }
        }
        coverage.print("maps", MAPS);
    }

    #[test]
    fn every_scenario_file_parses_writes_back_fits_its_map_and_matches_what_is_known() {
        let dir = benchmarks();
        let scens = files(&dir, ".scen");
        assert!(!scens.is_empty(), "no .scen file in {}", dir.display());
        let mut coverage = Coverage::default();
        // Each map read once: its header's size and its grid.
        let mut maps: BTreeMap<PathBuf, (u32, u32, Grid)> = BTreeMap::new();
        for path in &scens {
            let name = relative(&dir, path);
            let bytes = std::fs::read(path).unwrap();
            let scen = Scenario::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            // Written back byte for byte, but for blank lines at the end (den312d, den520d have them).
            let text = std::str::from_utf8(&bytes).unwrap();
            let expected = format!(
                "{}{}",
                text.trim_end_matches(['\n', '\r', ' ', '\t']),
                scen.line_ending().as_str()
            );
            assert!(scen.to_string() == expected, "{name} differs when written");
            assert_eq!(
                scen.to_string().parse::<Scenario>().unwrap(),
                scen,
                "{name}"
            );

            for e in scen.entries() {
                let map_path =
                    Scenario::resolve_map(path, e).unwrap_or_else(|err| panic!("{name}: {err}"));
                assert_eq!(map_path.file_name().unwrap(), e.map_file_name(), "{name}");
                let (width, height, grid) = maps.entry(map_path.clone()).or_insert_with(|| {
                    let map = MovingAiMap::load(&map_path).unwrap();
                    (map.width(), map.height(), map.to_grid().unwrap())
                });
                assert_eq!((e.width, e.height), (*width, *height), "{name}: {e:?}");
                assert!(
                    grid.is_passable(e.start) && grid.is_passable(e.goal),
                    "{name}: {e:?}"
                );
            }

            match movingai_expected::lookup(SCENARIOS, &name, bytes.len() as u64) {
                Lookup::Known(known) => {
                    assert_eq!(scen.entries().len(), known.lines, "{name}");
                    assert_eq!(scen.separator(), Separator::Tab, "{name}");
                    let (format, tolerance) = match known.lengths {
                        Lengths::Current => (LengthFormat::Fixed { decimals: 8 }, 1e-6),
                        Lengths::Of2011 => (LengthFormat::Shortest, 5e-3),
                    };
                    assert_eq!(scen.length_format(), format, "{name}");
                    assert_eq!(scen.tolerance(), tolerance, "{name}");
                    coverage.known.push(name);
                }
                other => coverage.not_known(name, bytes.len() as u64, other),
            }
        }
        coverage.print("scenario files", SCENARIOS);
    }
}

#[test]
fn map_columns_are_resolved_by_basename_next_to_or_above_the_scenario() {
    let dir = fixtures();
    let legacy = dir.join("legacy/lak104d.map.scen");
    let scen = Scenario::load(&legacy).unwrap();
    assert_eq!(scen.entries()[0].map, "maps/dao/lak104d.map");
    assert_eq!(
        Scenario::resolve_map(&legacy, &scen.entries()[0]).unwrap(),
        dir.join("lak104d.map")
    );
    let mapf = dir.join("mapf/random-32-32-20-even-1.scen");
    assert_eq!(
        resolve_map(&mapf, "random-32-32-20.map").unwrap(),
        dir.join("mapf/random-32-32-20.map")
    );
}

/// Every problem of a fixture scenario, solved with the benchmark rules, within the file's tolerance.
fn solve_all(scen_name: &str) -> usize {
    let path = fixtures().join(scen_name);
    let scen = Scenario::load(&path).unwrap();
    let map = MovingAiMap::load(Scenario::resolve_map(&path, &scen.entries()[0]).unwrap()).unwrap();
    let grid = map.to_grid().unwrap();
    let mut ctx = SearchContext::new();
    for e in scen.entries() {
        let outcome = grid
            .eight_connected()
            .find_path(&mut ctx, e.start, e.goal)
            .unwrap();
        let path = outcome.into_path().unwrap();
        assert!(
            (path.cost - e.optimal_length).abs() <= scen.tolerance(),
            "{scen_name}: {e:?} gives {}",
            path.cost
        );
    }
    scen.entries().len()
}

#[test]
fn fixture_scenarios_agree_with_search() {
    assert_eq!(solve_all("lak104d.map.scen"), 120);
    assert_eq!(solve_all("arena.map.scen"), 160);
    let arena = Scenario::load(fixtures().join("arena.map.scen")).unwrap();
    assert_eq!(arena.length_format(), LengthFormat::Shortest);
    assert_eq!(arena.tolerance(), 5e-3);
    let lak = Scenario::load(fixtures().join("lak104d.map.scen")).unwrap();
    assert_eq!(lak.length_format(), LengthFormat::Fixed { decimals: 8 });
    assert_eq!(lak.tolerance(), 1e-6);
    // The 2011 version of the same map's file, and a MAPF file (lines shuffled, 8 decimals).
    assert_eq!(solve_all("legacy/lak104d.map.scen"), 130);
    let legacy = Scenario::load(fixtures().join("legacy/lak104d.map.scen")).unwrap();
    assert_eq!(legacy.tolerance(), 5e-3);
    assert_eq!(solve_all("mapf/random-32-32-20-even-1.scen"), 100);
    let mapf = Scenario::load(fixtures().join("mapf/random-32-32-20-even-1.scen")).unwrap();
    assert_eq!(mapf.length_format(), LengthFormat::Fixed { decimals: 8 });
    let buckets: Vec<u32> = mapf.entries().iter().map(|e| e.bucket).collect();
    assert!(!buckets.is_sorted(), "MAPF lines are not sorted by bucket");
}

#[test]
fn map_tiles_are_kept_and_only_dot_g_s_pass() {
    let text = "type octile\nheight 2\nwidth 8\nmap\n.GS@OTW.\n........\n";
    let map: MovingAiMap = text.parse().unwrap();
    assert_eq!(&map.tiles()[..8], b".GS@OTW.");
    let grid = map.to_grid().unwrap();
    let passable: Vec<bool> = (0..8).map(|x| grid.is_passable(Cell::new(x, 0))).collect();
    assert_eq!(
        passable,
        [true, true, true, false, false, false, false, true]
    );
    assert!(map.is_passable(2, 0) && !map.is_passable(3, 0) && !map.is_passable(8, 0));
    assert_eq!(map.tile(8, 0), None);
    let swampy = map.to_grid_with(|t| match t {
        b'S' => 3,
        b'.' | b'G' => 1,
        _ => 0,
    });
    assert_eq!(swampy.unwrap().weight(Cell::new(2, 0)), 3);
    assert_eq!(map.to_string(), text);
}

#[test]
fn crlf_and_a_missing_last_terminator_are_read() {
    let map: MovingAiMap = "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n@."
        .parse()
        .unwrap();
    assert_eq!(map.tiles(), b".@@.");
    assert_eq!(map.line_ending(), LineEnding::CrLf);
    assert_eq!(
        map.to_string(),
        "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n@.\r\n"
    );
    // width before height is accepted too
    let swapped: MovingAiMap = "type octile\nwidth 3\nheight 1\nmap\n...".parse().unwrap();
    assert_eq!((swapped.width(), swapped.height()), (3, 1));
}

#[test]
fn grids_become_maps_and_back() {
    let grid = Grid::from_ascii("..#\n#..\n").unwrap();
    let map = MovingAiMap::from_grid(&grid).unwrap();
    assert_eq!(
        map.to_string(),
        "type octile\nheight 2\nwidth 3\nmap\n..@\n@..\n"
    );
    assert_eq!(map.to_grid().unwrap(), grid);
    let weighted = Grid::from_ascii(".3\n..\n").unwrap();
    let err = MovingAiMap::from_grid(&weighted).unwrap_err();
    assert!(err.to_string().contains("(1, 0) has weight 3"), "{err}");
    assert!(MovingAiMap::new(2, 2, b"...".to_vec()).is_err());
    assert!(MovingAiMap::new(2, 1, b". ".to_vec()).is_err());
    assert!(MovingAiMap::new(0, 1, Vec::new()).is_err());
}

fn map_error(text: &[u8]) -> ParseError {
    match MovingAiMap::parse(text) {
        Ok(m) => panic!("{:?} parsed as {m:?}", String::from_utf8_lossy(text)),
        Err(e) => e,
    }
}

fn at(e: &ParseError) -> (usize, usize) {
    (e.line(), e.column())
}

#[test]
fn malformed_maps_are_refused_with_line_and_column() {
    let cases: &[(&[u8], (usize, usize))] = &[
        (b"", (1, 1)),
        (b" \n\n", (1, 1)),
        (b"kind octile\nheight 1\nwidth 1\nmap\n.\n", (1, 1)),
        (b"type\nheight 1\nwidth 1\nmap\n.\n", (1, 1)),
        (b"type octile\nheight x\nwidth 1\nmap\n.\n", (2, 8)),
        (b"type octile\nheight -1\nwidth 1\nmap\n.\n", (2, 8)),
        (b"type octile\nheight 1\nheight 1\nmap\n.\n", (3, 1)),
        (
            b"type octile\nheight 1\nwidth 99999999999\nmap\n.\n",
            (3, 7),
        ),
        (b"type octile\nheight 1\nwidth 1\nmop\n.\n", (4, 1)),
        (b"type octile\nheight 1\nwidth 1\n", (4, 1)),
        (b"type octile\nheight 2\nwidth 3\nmap\n...\n..\n", (6, 3)),
        (b"type octile\nheight 2\nwidth 3\nmap\n...\n....\n", (6, 4)),
        (b"type octile\nheight 3\nwidth 3\nmap\n...\n...\n", (7, 1)),
        (b"type octile\nheight 1\nwidth 3\nmap\n. .\n", (5, 2)),
        (b"type octile\nheight 1\nwidth 3\nmap\n.\t.\n", (5, 2)),
        (b"type octile\nheight 1\nwidth 3\nmap\n.\xe9.\n", (5, 2)),
        (b"type octile\nheight 1\nwidth 3\nmap\n.\xc3\xa9.\n", (5, 2)),
        (b"type octile\nheight 1\nwidth 3\nmap\n...\n\n@@@\n", (7, 1)),
        (b"type octile\nheight 0\nwidth 3\nmap\n", (3, 1)),
        (
            b"type octile\nheight 65536\nwidth 65536\nmap\n...\n",
            (3, 1),
        ),
    ];
    for (text, pos) in cases {
        let e = map_error(text);
        assert_eq!(at(&e), *pos, "{:?}: {e}", String::from_utf8_lossy(text));
    }
    // The kinds, for a few of them.
    assert_eq!(map_error(b"").kind, ParseErrorKind::Empty);
    assert!(matches!(
        map_error(b"type octile\nheight 65536\nwidth 65536\nmap\n").kind,
        ParseErrorKind::BadSize {
            width: 65536,
            height: 65536
        }
    ));
    assert!(matches!(
        map_error(b"type octile\nheight 3\nwidth 3\nmap\n...\n...\n").kind,
        ParseErrorKind::MissingRows {
            expected: 3,
            found: 2
        }
    ));
    assert!(matches!(
        map_error(b"type octile\nheight 2\nwidth 3\nmap\n...\n..\n").kind,
        ParseErrorKind::RowLength {
            expected: 3,
            found: 2
        }
    ));
    let e = map_error(b"type octile\nheight 1\nwidth 3\nmap\n. .\n");
    assert_eq!(
        e.to_string(),
        "line 5, column 2: ' ' is not a tile (tiles are printable ASCII)"
    );
}

#[test]
fn huge_declared_sizes_are_refused_before_allocating() {
    // The most rows a 16384-wide map may declare: its grid fits the memory limit, one row
    // more does not.
    let width = 16384;
    let rows = (1..=u32::MAX / width)
        .rev()
        .find(|&h| Grid::memory_needed(width, h) <= MAX_MAP_BYTES)
        .unwrap();
    assert!(rows >= 16384, "a 16384 x 16384 map is accepted");
    let header = |h: u32| format!("type octile\nheight {h}\nwidth {width}\nmap\n");
    // One row over the limit: nothing but the header is needed to refuse it.
    let e = map_error(header(rows + 1).as_bytes());
    assert!(matches!(e.kind, ParseErrorKind::BadSize { .. }), "{e}");
    // At the limit the header is fine and the missing rows are reported instead.
    let e = map_error(header(rows).as_bytes());
    assert!(
        matches!(
            e.kind,
            ParseErrorKind::MissingRows { expected, found: 0 } if expected == rows
        ),
        "{e}"
    );
}

fn scen_error(text: &str) -> ParseError {
    match text.parse::<Scenario>() {
        Ok(s) => panic!("{text:?} parsed as {s:?}"),
        Err(e) => e,
    }
}

#[test]
fn scenario_versions_and_separators() {
    let old = "version 1.0\n0 maps/bgmaps/AR0011SR.map 512 512 10 20 30 40 28.28\n1 maps/bgmaps/AR0011SR.map 512 512 1 2 3 4 2.83\n";
    let scen: Scenario = old.parse().unwrap();
    assert_eq!(scen.version(), "1.0");
    assert_eq!(scen.separator(), Separator::Space);
    assert_eq!(scen.length_format(), LengthFormat::Fixed { decimals: 2 });
    assert_eq!(scen.tolerance(), 0.01);
    assert_eq!(scen.entries()[0].map_file_name(), "AR0011SR.map");
    assert_eq!(scen.entries()[1].start, Cell::new(1, 2));
    assert_eq!(scen.to_string(), old);

    // mixed whitespace is fine to read
    let mixed: Scenario = "version 1\r\n3 \t a.map\t4  4\t0\t0\t3\t3\t4.24264069\r\n\r\n"
        .parse()
        .unwrap();
    assert_eq!(mixed.entries()[0].bucket, 3);
    assert_eq!(mixed.line_ending(), LineEnding::CrLf);

    // A header and nothing else is an empty scenario, not an error.
    let empty: Scenario = "version 1\n".parse().unwrap();
    assert!(empty.entries().is_empty());
}

#[test]
fn length_printing_decides_the_tolerance() {
    let line = |len: &str| format!("0\tm.map\t9\t9\t0\t0\t1\t1\t{len}\n");
    let tol = |lens: &[&str]| {
        let text: String = std::iter::once("version 1\n".to_string())
            .chain(lens.iter().map(|l| line(l)))
            .collect();
        text.parse::<Scenario>().unwrap().tolerance()
    };
    assert_eq!(tol(&["1.41421356", "0.00000000"]), 1e-6);
    assert_eq!(tol(&["1.41421", "3", "166.966"]), 5e-3);
    assert_eq!(tol(&["1.41421", "12345.6"]), 0.05);
    assert_eq!(tol(&["1", "2"]), 5e-3);
}

#[test]
fn malformed_scenarios_are_refused_with_line_and_column() {
    let h = "version 1\n";
    let cases: Vec<(String, (usize, usize))> = vec![
        (String::new(), (1, 1)),
        ("version 2\n".into(), (1, 1)),
        ("0\ta.map\t4\t4\t0\t0\t1\t1\t1.0\n".into(), (1, 1)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\n"), (2, 20)),
        (format!("{h}0\ta.map\t4\t4\n"), (2, 12)),
        (format!("{h}x\ta.map\t4\t4\t0\t0\t1\t1\t1.0\n"), (2, 1)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1.5\t1.0\n"), (2, 19)),
        (format!("{h}0\ta.map\t4\t4\t0\t4\t1\t1\t1.0\n"), (2, 13)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t9\t1\t1.0\n"), (2, 17)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t-1.0\n"), (2, 21)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\tNaN\n"), (2, 21)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\tinf\n"), (2, 21)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t1e3\n"), (2, 21)),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t1.\n"), (2, 21)),
        (
            format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t{}\n", "9".repeat(400)),
            (2, 21),
        ),
        (format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t1.0\tx\n"), (2, 25)),
        (format!("{h}0\ta.map\t0\t4\t0\t0\t1\t1\t1.0\n"), (2, 9)),
        (
            format!("{h}0\ta.map\t65536\t65536\t0\t0\t1\t1\t1.0\n"),
            (2, 9),
        ),
        (
            format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t1.0\n0\tbé\t4\t4\t0\t0\t1\t1\t1.0\n1 2\n"),
            (4, 4),
        ),
    ];
    for (text, pos) in &cases {
        let e = scen_error(text);
        assert_eq!(at(&e), *pos, "{text:?}: {e}");
    }
    for (length, reason) in [
        ("-1.0", LengthProblem::Negative),
        ("-0", LengthProblem::Negative),
        ("NaN", LengthProblem::NotDecimal),
        ("inf", LengthProblem::NotDecimal),
        ("1e3", LengthProblem::NotDecimal),
        ("1.", LengthProblem::NotDecimal),
        (".5", LengthProblem::NotDecimal),
        ("+1", LengthProblem::NotDecimal),
        ("1.2.3", LengthProblem::NotDecimal),
        (&"9".repeat(400), LengthProblem::TooLarge),
    ] {
        let e = scen_error(&format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t{length}\n"));
        let text = length.chars().take(64).collect::<String>();
        assert_eq!(
            e.kind,
            ParseErrorKind::BadLength { text, reason },
            "{length}"
        );
        assert_eq!(at(&e), (2, 21), "{length}");
    }
    let e = scen_error(&format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t-1.0\n"));
    assert_eq!(
        e.to_string(),
        "line 2, column 21: optimal length \"-1.0\" is refused: a length cannot be negative"
    );
    let e = scen_error(&format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t1e3\n"));
    assert!(
        e.to_string()
            .ends_with("\"1e3\" is refused: not a decimal number"),
        "{e}"
    );
    let e = scen_error(&format!(
        "{h}0\ta.map\t4\t4\t0\t0\t1\t1\t{}\n",
        "9".repeat(400)
    ));
    assert!(
        e.to_string()
            .ends_with("is refused: too large to be a finite number"),
        "{e}"
    );
    // The largest finite lengths are still read.
    let max = format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t{:.0}\n", f64::MAX);
    assert_eq!(
        max.parse::<Scenario>().unwrap().entries()[0].optimal_length,
        f64::MAX
    );
    assert!(matches!(
        scen_error(&format!("{h}0\ta.map\t4\t4\t0\t0\t9\t1\t1.0\n")).kind,
        ParseErrorKind::OutOfBounds {
            field: "goal",
            x: 9,
            y: 1,
            ..
        }
    ));
    assert!(matches!(
        scen_error(&format!("{h}0\ta.map\t4\t4\n")).kind,
        ParseErrorKind::MissingField { field: "start x" }
    ));
    let e = Scenario::parse(b"version 1\n0\ta\xff.map\t4\t4\t0\t0\t1\t1\t1\n").unwrap_err();
    assert_eq!((at(&e), e.kind), ((2, 4), ParseErrorKind::NotUtf8));
}

#[test]
fn scenarios_are_built_checked_and_saved() {
    let entry = ScenarioEntry {
        bucket: 0,
        map: "room.map".into(),
        width: 8,
        height: 8,
        start: Cell::new(1, 1),
        goal: Cell::new(2, 2),
        optimal_length: std::f64::consts::SQRT_2,
    };
    let scen = Scenario::new(vec![entry.clone()]).unwrap();
    assert_eq!(
        scen.to_string(),
        "version 1\n0\troom.map\t8\t8\t1\t1\t2\t2\t1.41421356\n"
    );
    let dir = std::env::temp_dir().join(format!("pathkit-format-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    scen.save(dir.join("room.map.scen")).unwrap();
    let back = Scenario::load(dir.join("room.map.scen")).unwrap();
    assert!((back.entries()[0].optimal_length - entry.optimal_length).abs() < back.tolerance());
    let missing = Scenario::resolve_map(&dir.join("room.map.scen"), &entry).unwrap_err();
    assert!(missing.to_string().contains("room.map"), "{missing}");
    let map = MovingAiMap::from_grid(&Grid::new(8, 8).unwrap()).unwrap();
    map.save(dir.join("room.map")).unwrap();
    assert_eq!(
        Scenario::resolve_map(&dir.join("room.map.scen"), &entry).unwrap(),
        dir.join("room.map")
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let bad = |f: &dyn Fn(&mut ScenarioEntry)| {
        let mut e = entry.clone();
        f(&mut e);
        Scenario::new(vec![entry.clone(), e]).unwrap_err()
    };
    assert_eq!(bad(&|e| e.optimal_length = f64::NAN).line(), 3);
    for (length, reason) in [
        (-1.0, LengthProblem::Negative),
        (f64::NAN, LengthProblem::NotDecimal),
        (f64::INFINITY, LengthProblem::NotDecimal),
    ] {
        assert!(matches!(
            bad(&|e| e.optimal_length = length).kind,
            ParseErrorKind::BadLength { reason: r, .. } if r == reason
        ));
    }
    assert!(matches!(
        bad(&|e| e.goal = Cell::new(8, 0)).kind,
        ParseErrorKind::OutOfBounds { .. }
    ));
    for name in ["my room.map", "", "tab\t.map"] {
        let e = bad(&|e| e.map = name.into());
        assert_eq!((e.line(), e.column()), (3, 3));
        assert!(matches!(e.kind, ParseErrorKind::BadMapName { .. }), "{e}");
    }

    let io = Scenario::load("/nonexistent/x.scen").unwrap_err();
    assert!(io.position().is_none() && io.to_string().contains("/nonexistent/x.scen"));
}

#[test]
fn format_errors_give_the_wrapped_error_as_source() {
    // A file that cannot be read: the operating system's error.
    let e = Scenario::load("/nonexistent/x.scen").unwrap_err();
    assert!(matches!(e, FormatError::Io { .. }), "{e:?}");
    let io = e
        .source()
        .and_then(|s| s.downcast_ref::<std::io::Error>())
        .expect("the io error is the source");
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
    // Malformed text: the parse error, with its position.
    let dir = std::env::temp_dir().join(format!("pathkit-format-src-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.map");
    std::fs::write(&path, "type octile\nheight 1\nwidth 2\nmap\n.\n").unwrap();
    let e = MovingAiMap::load(&path).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    let FormatError::Parse(parse) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(e.position(), Some(parse.position));
    let source = e
        .source()
        .and_then(|s| s.downcast_ref::<ParseError>())
        .expect("the parse error is the source");
    assert_eq!(source, parse);
    assert_eq!(
        source.kind,
        ParseErrorKind::RowLength {
            expected: 2,
            found: 1
        }
    );
    assert!(source.source().is_none());
    // A grid error carried through `?`.
    let e = FormatError::from(Grid::new(0, 3).unwrap_err());
    assert!(matches!(
        e.source().and_then(|s| s.downcast_ref::<GridError>()),
        Some(GridError::Empty { .. })
    ));
    // Errors about the data hold no other error.
    let e = MovingAiMap::new(2, 2, vec![b'.'; 3]).unwrap_err();
    assert!(
        matches!(e, FormatError::TileCount { found: 3, .. }),
        "{e:?}"
    );
    assert!(e.source().is_none());
}

mod round_trips {
    use super::*;
    use proptest::prelude::*;

    fn tiles(width: u32, height: u32) -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(
            prop::sample::select(b".GS@OTW#x~".to_vec()),
            (width * height) as usize,
        )
    }

    proptest! {
        #[test]
        fn any_map_writes_and_reads_back(
            (w, h, tiles) in (1u32..12, 1u32..12).prop_flat_map(|(w, h)| (Just(w), Just(h), tiles(w, h))),
            crlf in any::<bool>(),
        ) {
            let mut map = MovingAiMap::new(w, h, tiles.clone()).unwrap();
            if crlf {
                map.set_line_ending(LineEnding::CrLf);
            }
            let text = map.to_string();
            let back: MovingAiMap = text.parse().unwrap();
            prop_assert_eq!(&back, &map);
            prop_assert_eq!(back.tiles(), &tiles[..]);
            let grid = back.to_grid().unwrap();
            for (i, t) in tiles.iter().enumerate() {
                prop_assert_eq!(grid.weight_at(i) == 1, b".GS".contains(t));
            }
        }

        #[test]
        fn any_scenario_writes_and_reads_back(
            raw in prop::collection::vec(
                (0u32..1000, "[a-z0-9_/.-]{1,12}", 1u32..600, 1u32..600, 0.0f64..1e5, any::<(u32, u32, u32, u32)>()),
                0..20,
            ),
        ) {
            let entries: Vec<ScenarioEntry> = raw
                .into_iter()
                .map(|(bucket, map, width, height, length, (a, b, c, d))| ScenarioEntry {
                    bucket,
                    map,
                    width,
                    height,
                    start: Cell::new(a % width, b % height),
                    goal: Cell::new(c % width, d % height),
                    optimal_length: length,
                })
                .collect();
            let scen = Scenario::new(entries.clone()).unwrap();
            let back: Scenario = scen.to_string().parse().unwrap();
            prop_assert_eq!(back.entries().len(), entries.len());
            for (got, want) in back.entries().iter().zip(&entries) {
                prop_assert!((got.optimal_length - want.optimal_length).abs() <= 5e-9 * want.optimal_length.max(1.0));
                let mut got = got.clone();
                got.optimal_length = want.optimal_length;
                prop_assert_eq!(&got, want);
            }
            prop_assert_eq!(back.to_string(), scen.to_string());
        }
    }
}
