//! Moving AI `.map` and `.scen` reading and writing: the benchmark files, the fixtures, and
//! every kind of malformed input.
//!
//! The `needs_movingai` tests read the whole benchmark set in `shared/movingai` beside the checkout
//! (README.md, "Data"); without it they fail, saying so. Everything else uses the fixtures.

/// Named so that `cargo test -p pathkit format` selects these tests.
mod format_movingai {

    use pathkit::format::{
        resolve_map, LengthFormat, LineEnding, MovingAiMap, ParseError, ParseErrorKind, Scenario,
        ScenarioEntry, Separator,
    };
    use pathkit::grid::{Cell, Grid};
    use pathkit::limits::MAX_MAP_BYTES;
    use pathkit::search::SearchContext;
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
    }

    /// The whole Moving AI benchmark set (`shared/movingai`, README.md "Data"), checked against the
    /// per-file table of its `SOURCES.md`. Named so that `--skip needs_` leaves these tests out on a
    /// machine without the data.
    mod needs_movingai {
        use super::*;
        use test_prerequisites::Dataset;

        /// The benchmark set's folder; the test fails, saying how to get it, when it is missing.
        fn benchmarks() -> PathBuf {
            Dataset::MovingAi.require()
        }

        /// Files under `dir` (and one level of subfolders) whose name ends with `suffix`, sorted.
        fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
            let mut out = Vec::new();
            let mut dirs = vec![dir.to_path_buf()];
            for entry in std::fs::read_dir(dir).unwrap() {
                let p = entry.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                }
            }
            for d in dirs {
                for entry in std::fs::read_dir(d).unwrap() {
                    let p = entry.unwrap().path();
                    if p.is_file() && p.to_string_lossy().ends_with(suffix) {
                        out.push(p);
                    }
                }
            }
            out.sort();
            out
        }

        /// One row of the per-file table in SOURCES.md.
        #[derive(Debug)]
        struct Row {
            width: u32,
            height: u32,
            passable_percent: f64,
            lines: usize,
            old_precision: bool,
        }

        /// The per-file table of SOURCES.md, keyed by the scenario file's path relative to the folder.
        fn table(dir: &Path) -> BTreeMap<String, Row> {
            let text = std::fs::read_to_string(dir.join("SOURCES.md")).unwrap();
            let mut rows = BTreeMap::new();
            for line in text.lines() {
                let cols: Vec<&str> = line.split('|').map(str::trim).collect();
                // | file | family | W x H | map KB | passable % | lines | max bucket | max len | version | repo |
                if cols.len() != 12 || !cols[1].ends_with(".scen") {
                    continue;
                }
                let (w, h) = cols[3].split_once(" x ").unwrap();
                rows.insert(
                    cols[1].to_string(),
                    Row {
                        width: w.parse().unwrap(),
                        height: h.parse().unwrap(),
                        passable_percent: cols[5].parse().unwrap(),
                        lines: cols[6].parse().unwrap(),
                        old_precision: cols[9].contains("2011"),
                    },
                );
            }
            rows
        }

        fn relative(dir: &Path, p: &Path) -> String {
            p.strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        }

        #[test]
        fn every_benchmark_map_parses_and_writes_back_byte_for_byte() {
            let dir = benchmarks();
            let maps = files(&dir, ".map");
            assert_eq!(maps.len(), 27, "25 maps and 2 MAPF maps");
            for path in maps {
                let bytes = std::fs::read(&path).unwrap();
                let map = MovingAiMap::parse(&bytes)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(map.map_type(), "octile");
                assert_eq!(map.tiles().len(), (map.width() * map.height()) as usize);
                let written = map.to_string();
                let mut expected = bytes.clone();
                // Street maps may end without a terminator after the last row; writing always adds one.
                if !expected.ends_with(b"\n") {
                    expected.extend_from_slice(map.line_ending().as_str().as_bytes());
                }
                assert!(written.as_bytes() == expected, "{} differs", path.display());
                assert_eq!(written.parse::<MovingAiMap>().unwrap(), map);
            }
        }

        #[test]
        fn street_maps_keep_crlf() {
            let dir = benchmarks();
            for name in ["Berlin_1_256.map", "Paris_1_512.map", "NewYork_0_1024.map"] {
                let map = MovingAiMap::load(dir.join(name)).unwrap();
                assert_eq!(map.line_ending(), LineEnding::CrLf, "{name}");
                assert!(map.to_string().starts_with("type octile\r\nheight "));
            }
            let map = MovingAiMap::load(dir.join("den520d.map")).unwrap();
            assert_eq!(map.line_ending(), LineEnding::Lf);
        }

        #[test]
        fn sizes_and_passability_match_the_sources_table() {
            let dir = benchmarks();
            let table = table(&dir);
            assert_eq!(table.len(), 31);
            for (scen, row) in &table {
                let entry = Scenario::load(dir.join(scen)).unwrap().entries()[0].clone();
                let map_path = resolve_map(&dir.join(scen), &entry.map).unwrap();
                let map = MovingAiMap::load(&map_path).unwrap();
                assert_eq!(
                    (map.width(), map.height()),
                    (row.width, row.height),
                    "{scen}"
                );
                let grid = map.to_grid().unwrap();
                let open = grid.weights().iter().filter(|&&w| w != 0).count();
                let percent = 100.0 * open as f64 / grid.len() as f64;
                assert!(
                    (percent - row.passable_percent).abs() <= 0.05 + 1e-9,
                    "{scen}: {percent:.2}% passable, table says {}",
                    row.passable_percent
                );
            }
            // Spot checks quoted from the notes.
            let den = MovingAiMap::load(dir.join("den520d.map")).unwrap();
            assert_eq!((den.width(), den.height()), (256, 257));
            let brc = MovingAiMap::load(dir.join("brc202d.map")).unwrap();
            assert_eq!((brc.width(), brc.height()), (530, 481));
        }

        #[test]
        fn every_scenario_file_parses_matches_the_table_and_writes_back() {
            let dir = benchmarks();
            let table = table(&dir);
            let scens = files(&dir, ".scen");
            assert_eq!(scens.len(), 31);
            let mut total = 0;
            let mut maps: BTreeMap<PathBuf, Grid> = BTreeMap::new();
            for path in &scens {
                let name = relative(&dir, path);
                let row = table
                    .get(&name)
                    .unwrap_or_else(|| panic!("{name} not in SOURCES.md"));
                let bytes = std::fs::read(path).unwrap();
                let scen = Scenario::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(scen.entries().len(), row.lines, "{name}");
                total += scen.entries().len();
                assert_eq!(scen.separator(), Separator::Tab, "{name}");
                let expected_tolerance = if row.old_precision { 5e-3 } else { 1e-6 };
                assert_eq!(scen.tolerance(), expected_tolerance, "{name}");
                assert_eq!(
                    scen.length_format() == (LengthFormat::Fixed { decimals: 8 }),
                    !row.old_precision,
                    "{name}"
                );
                // Written back byte for byte, but for blank lines at the end (den312d, den520d have them).
                let text = std::str::from_utf8(&bytes).unwrap();
                let expected = format!("{}\n", text.trim_end_matches(['\n', '\r', ' ', '\t']));
                assert!(scen.to_string() == expected, "{name} differs when written");
                assert_eq!(scen.to_string().parse::<Scenario>().unwrap(), scen);

                for e in scen.entries() {
                    assert_eq!((e.width, e.height), (row.width, row.height), "{name}");
                    let map_path = Scenario::resolve_map(path, e).unwrap();
                    assert_eq!(map_path.file_name().unwrap(), e.map_file_name());
                    let grid = maps.entry(map_path.clone()).or_insert_with(|| {
                        MovingAiMap::load(&map_path).unwrap().to_grid().unwrap()
                    });
                    assert!(
                        grid.is_passable(e.start) && grid.is_passable(e.goal),
                        "{name}: {e:?}"
                    );
                }
            }
            assert_eq!(total, 76_901);
            let den = Scenario::load(dir.join("den520d.map.scen")).unwrap();
            assert_eq!(den.entries().len(), 888);
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
        let map =
            MovingAiMap::load(Scenario::resolve_map(&path, &scen.entries()[0]).unwrap()).unwrap();
        let grid = map.to_grid().unwrap();
        let mut ctx = SearchContext::new();
        for e in scen.entries() {
            let outcome = grid
                .octile()
                .find_path(&mut ctx, e.start, e.goal, &Default::default())
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
        assert!(matches!(
            scen_error(&format!("{h}0\ta.map\t4\t4\t0\t0\t1\t1\t-1.0\n")).kind,
            ParseErrorKind::BadLength {
                reason: "a length cannot be negative",
                ..
            }
        ));
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
        assert!(matches!(
            bad(&|e| e.optimal_length = -1.0).kind,
            ParseErrorKind::BadLength { .. }
        ));
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
}
