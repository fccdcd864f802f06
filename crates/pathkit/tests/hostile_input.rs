//! Hostile sizes and values at every public entry point: each gets a typed error (or, for plain
//! indexing, a documented panic) without allocating what it asks for, as the allocation counter
//! of this test binary sees.
//!
//! The out-of-memory cases run this test binary again as a child process under `ulimit -v`
//! (1 GiB of address space), asking for structures that are within
//! [`MAX_MAP_BYTES`](pathkit::limits::MAX_MAP_BYTES) but do not fit in the child: the child must
//! print the typed error and exit normally instead of aborting.

/// Named so that `cargo test -p pathkit-games hostile` selects these tests.
mod hostile {
    use crate::alloc_counter::count_with_bytes;
    use pathkit::format::{
        MovingAiMap, ParseErrorKind, Scenario, TiledError, TiledLayer, TiledMap, TiledQuantity,
    };
    use pathkit::graph::{GraphError, GridGraph};
    use pathkit::grid::{Cell, Diagonal, Grid, GridError};
    use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    use pathkit::search::AStar;
    use pathkit::search::BreadthFirst;
    use pathkit::search::{
        IndexedSpace, SearchContext, SearchError, SearchOptions, SearchSpace, Stepper,
    };
    use pathkit::Goal;
    use pathkit::Pathfinder;
    use std::time::Duration;

    /// Runs `f`, checking that it asked for less than a mebibyte and took less than a second of
    /// this thread's CPU time: a refusal checks sizes before it allocates or loops, and these
    /// inputs ask for gigabytes and billions of cells. (CPU time, not wall time: the bound holds
    /// on a busy machine too.)
    fn cheaply<T>(f: impl FnOnce() -> T) -> T {
        let started = thread_cpu_time();
        let (result, _, bytes) = count_with_bytes(f);
        let took = thread_cpu_time() - started;
        assert!(bytes < 1 << 20, "asked for {bytes} bytes");
        assert!(took < Duration::from_secs(1), "took {took:?} of CPU time");
        result
    }

    /// The CPU time the calling thread has used.
    fn thread_cpu_time() -> Duration {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `now` is a valid, writable timespec; the clock exists on every Unix.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
        assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
    }

    #[test]
    fn zero_sized_grids_are_refused() {
        for (w, h) in [(0, u32::MAX), (u32::MAX, 0), (0, 0), (0, 5), (5, 0)] {
            let e = cheaply(|| Grid::new(w, h)).unwrap_err();
            assert_eq!(
                e,
                GridError::Empty {
                    width: w,
                    height: h
                }
            );
            assert!(e.to_string().contains("no cells"), "{e}");
            assert!(matches!(
                Grid::from_fn(w, h, |_| 1),
                Err(GridError::Empty { .. })
            ));
        }
        for text in ["", "\n", "\n\n"] {
            assert!(matches!(
                Grid::from_ascii(text),
                Err(GridError::Empty { .. })
            ));
        }
    }

    #[test]
    fn absurd_grids_are_refused_before_allocating() {
        for (w, h) in [
            (1, 1 << 28),
            (1 << 28, 1),
            (u32::MAX, u32::MAX),
            (1 << 20, 1 << 20),
            (u32::MAX, 1),
        ] {
            let e = cheaply(|| Grid::new(w, h)).unwrap_err();
            let GridError::Refused(Refusal::TooLarge { bytes, limit }) = e else {
                panic!("{w}x{h}: {e:?}");
            };
            assert_eq!(bytes, Grid::memory_needed(w, h));
            assert!(bytes > MAX_MAP_BYTES);
            assert_eq!(limit, MAX_MAP_BYTES);
            let text = e.to_string();
            assert!(text.contains(&bytes.to_string()) && text.contains(&limit.to_string()));
        }
    }

    #[test]
    fn thin_grids_cost_about_what_square_ones_do() {
        // The padding is one word per bitmap row: a one-column grid costs 16 bytes per row more
        // than a square grid of as many cells (about 1.5 times as much), no longer 6.5 times.
        let (thin, square) = (
            Grid::memory_needed(1, 1 << 20),
            Grid::memory_needed(1024, 1024),
        );
        assert!(thin < 2 * square, "{thin} vs {square}");
        assert!(Grid::memory_needed(1 << 20, 1) == thin);
        // Square grids as large as ever accepted still are; the thin one of as many cells is not.
        assert!(Grid::memory_needed(16384, 16384) <= MAX_MAP_BYTES);
        assert!(Grid::memory_needed(1, 1 << 28) > MAX_MAP_BYTES);
    }

    /// A Tiled map of the given declared size, with one tile layer named `Ground`.
    fn tmx(width: &str, height: &str) -> Vec<u8> {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{width}" height="{height}" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="t.png" width="16" height="16"/>
 </tileset>
 <layer id="1" name="Ground" width="{width}" height="{height}">
  <data encoding="csv"></data>
 </layer>
</map>"#
        )
        .into_bytes()
    }

    #[test]
    fn tiled_maps_of_zero_or_absurd_size_are_refused() {
        let bytes = tmx("0", "4294967295");
        assert!(bytes.len() < 500);
        let e = cheaply(|| TiledMap::from_bytes(&bytes)).unwrap_err();
        assert!(
            matches!(
                e,
                TiledError::Empty {
                    width: 0,
                    height: u32::MAX,
                    position: Some(_)
                }
            ),
            "{e:?}"
        );
        assert_eq!(e.position().map(|p| p.line), Some(2));
        for (w, h) in [("4294967295", "0"), ("0", "0")] {
            let e = cheaply(|| TiledMap::from_bytes(&tmx(w, h))).unwrap_err();
            assert!(matches!(e, TiledError::Empty { .. }), "{e:?}");
        }
        for (w, h) in [
            ("1", "268435456"),
            ("100000", "100000"),
            ("4294967295", "4294967295"),
        ] {
            let e = cheaply(|| TiledMap::from_bytes(&tmx(w, h))).unwrap_err();
            let TiledError::TooLarge {
                what: TiledQuantity::GridBytes,
                count,
                limit,
                ..
            } = e
            else {
                panic!("{w}x{h}: {e:?}");
            };
            assert_eq!(
                count,
                Grid::memory_needed(w.parse().unwrap(), h.parse().unwrap())
            );
            assert_eq!(limit, MAX_MAP_BYTES);
        }
        // A map whose public fields were set by hand still gives typed errors, at once.
        let map = TiledMap {
            width: 0,
            height: u32::MAX,
            tile_width: 16,
            tile_height: 16,
            layers: vec![TiledLayer {
                name: "Ground".into(),
                tiles: Vec::new(),
            }],
        };
        assert!(matches!(
            cheaply(|| map.to_grid(|_, _, _| 1)),
            Err(GridError::Empty { .. })
        ));
        assert!(matches!(
            cheaply(|| map.grid_from_property("Ground", "Wall")),
            Err(TiledError::Grid(GridError::Empty { .. }))
        ));
        assert_eq!(map.tile("Ground", 0, 5), None);
    }

    #[test]
    fn moving_ai_headers_of_zero_or_absurd_size_are_refused() {
        for (w, h) in [
            (0u64, 4294967295u64),
            (4294967295, 0),
            (4294967295, 4294967295),
            (1, 1 << 28),
            (1 << 28, 1),
        ] {
            let text = format!("type octile\nheight {h}\nwidth {w}\nmap\n");
            let e = cheaply(|| MovingAiMap::parse(text.as_bytes())).unwrap_err();
            assert_eq!(
                e.kind,
                ParseErrorKind::BadSize {
                    width: w,
                    height: h
                }
            );
            assert_eq!(e.line(), 3);
            let scen = format!("version 1\n0\tm.map\t{w}\t{h}\t0\t0\t0\t0\t0\n");
            let e = cheaply(|| Scenario::parse(scen.as_bytes())).unwrap_err();
            assert!(matches!(e.kind, ParseErrorKind::BadSize { .. }), "{e}");
            // Checked before the tiles are looked at.
            let e = MovingAiMap::new(w as u32, h as u32, Vec::new()).unwrap_err();
            assert!(
                matches!(e, pathkit::format::FormatError::BadSize { .. }),
                "{e}"
            );
        }
        // The message names the size and the limit.
        let e = MovingAiMap::parse(b"type octile\nheight 268435456\nwidth 1\nmap\n").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains(&Grid::memory_needed(1, 1 << 28).to_string())
                && text.contains(&MAX_MAP_BYTES.to_string()),
            "{text}"
        );
        // A header within the limit that the text does not back up reads no more than the text.
        let e =
            cheaply(|| MovingAiMap::parse(b"type octile\nheight 16384\nwidth 16384\nmap\n..\n"))
                .unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::RowLength { .. }), "{e}");
    }

    #[test]
    fn grid_graphs_of_absurd_size_are_refused() {
        let e = cheaply(|| GridGraph::new((0, 0), 1 << 16, 1 << 16, Diagonal::Always)).unwrap_err();
        assert_eq!(
            e,
            GraphError::Refused(Refusal::TooLarge {
                bytes: GridGraph::memory_needed(1 << 16, 1 << 16, Diagonal::Always),
                limit: MAX_MAP_BYTES,
            })
        );
        assert!(GridGraph::memory_needed(1 << 16, 1 << 16, Diagonal::Always) > MAX_MAP_BYTES);
    }

    /// An error of type `E` made from each kind of refusal holds it as it came, names what was
    /// being built (`what`), the bytes and, above the limit, the limit, and (when `sources`)
    /// gives the refusal as its source.
    fn names_its_refusal<E>(what: &str, held: impl Fn(&E) -> Option<Refusal>, sources: bool)
    where
        E: From<Refusal> + std::error::Error + 'static,
    {
        let too_large = Refusal::TooLarge {
            bytes: MAX_MAP_BYTES + 12345,
            limit: MAX_MAP_BYTES,
        };
        let out_of_memory = Refusal::OutOfMemory { bytes: 987_654_321 };
        for refusal in [too_large, out_of_memory] {
            let e = E::from(refusal);
            assert_eq!(held(&e), Some(refusal), "{what}: {e:?}");
            let text = e.to_string();
            assert!(text.starts_with(&format!("{what}: ")), "{text}");
            assert!(text.contains(&refusal.bytes().to_string()), "{text}");
            match refusal {
                Refusal::TooLarge { limit, .. } => {
                    assert!(text.contains(&limit.to_string()), "{text}");
                    assert!(!text.contains("out of memory"), "{text}");
                }
                _ => assert!(text.contains("out of memory"), "{text}"),
            }
            if sources {
                let source = e.source().and_then(|s| s.downcast_ref::<Refusal>());
                assert_eq!(source, Some(&refusal), "{what}");
            }
        }
    }

    #[test]
    fn every_error_type_names_the_bytes_and_the_limit_of_its_refusal() {
        use pathkit::hex::HexError;
        use pathkit::hierarchy::HierarchyError;
        use pathkit::jps::JpsError;
        use pathkit::levels::LevelError;
        use pathkit::navmesh::NavMeshError;
        use pathkit::search::LandmarkError;

        macro_rules! held {
            ($variant:path) => {
                |e: &_| match e {
                    $variant(r) => Some(*r),
                    _ => None,
                }
            };
        }
        names_its_refusal::<GridError>("grid", held!(GridError::Refused), true);
        names_its_refusal::<HexError>("hex grid", held!(HexError::Refused), true);
        names_its_refusal::<JpsError>("jump point search", held!(JpsError::Refused), true);
        names_its_refusal::<GraphError>("grid graph", held!(GraphError::Refused), true);
        names_its_refusal::<LevelError>("level map", held!(LevelError::Refused), true);
        names_its_refusal::<NavMeshError>("navigation mesh", held!(NavMeshError::Refused), false);
        names_its_refusal::<HierarchyError>(
            "hierarchy graph",
            held!(HierarchyError::Refused),
            true,
        );
        names_its_refusal::<LandmarkError<Cell>>(
            "landmark tables",
            held!(LandmarkError::Refused),
            true,
        );
        names_its_refusal::<SearchError<Cell>>(
            "search records",
            held!(SearchError::Refused),
            false,
        );
        // The refusal alone says the same, without what was being built.
        assert_eq!(
            Refusal::TooLarge {
                bytes: 10,
                limit: 8
            }
            .to_string(),
            "10 bytes asked for, more than the 8 a map may take"
        );
    }

    /// A space of `0` nodes as dense as its bound says: a line, each node linked to the next.
    struct Line(usize);

    impl SearchSpace for Line {
        type Node = usize;
        type Cost = u32;
        fn successors<F: FnMut(usize, u32)>(&self, n: usize, mut visit: F) {
            if n + 1 < self.0 {
                visit(n + 1, 1);
            }
        }
    }

    impl IndexedSpace for Line {
        fn node_bound(&self) -> usize {
            self.0
        }
        fn index_of(&self, n: usize) -> Option<usize> {
            (n < self.0).then_some(n)
        }
        fn node_at(&self, index: usize) -> usize {
            index
        }
    }

    #[test]
    fn contexts_refuse_spaces_too_large_for_their_records() {
        let mut ctx = SearchContext::new();
        let huge = Line(u32::MAX as usize);
        let e = cheaply(|| AStar(&huge).find_path(&mut ctx, 0, 3)).unwrap_err();
        let SearchError::Refused(Refusal::TooLarge { bytes, limit }) = e else {
            panic!("{e:?}");
        };
        assert!(bytes > MAX_MAP_BYTES && limit == MAX_MAP_BYTES);
        assert!(matches!(
            BreadthFirst(&huge).find_path(&mut ctx, 0, 3),
            Err(SearchError::Refused(Refusal::TooLarge { .. }))
        ));
        assert!(matches!(
            AStar(&huge).find_path_with(
                &mut ctx,
                0,
                Goal::Matching(&|n| n == 3),
                &SearchOptions::new()
            ),
            Err(SearchError::Refused(Refusal::TooLarge { .. }))
        ));
        assert!(matches!(
            Stepper::new(&mut ctx, &huge, 0, 3, SearchOptions::new()).err(),
            Some(SearchError::Refused(Refusal::TooLarge { .. }))
        ));
        assert_eq!(
            AStar(&Line(usize::MAX))
                .find_path(&mut ctx, 0, 3)
                .unwrap_err(),
            SearchError::TooManyNodes
        );
        // Sizing the records ahead of the first query refuses them the same way.
        assert!(matches!(
            cheaply(|| ctx.reserve(&huge)),
            Err(SearchError::Refused(r)) if r == Refusal::TooLarge { bytes, limit }
        ));
        assert_eq!(
            ctx.reserve(&Line(usize::MAX)).unwrap_err(),
            SearchError::TooManyNodes
        );
        // The refused query left the context as it was: it still searches.
        let path = AStar(&Line(5))
            .find_path(&mut ctx, 0, 4)
            .unwrap()
            .into_path()
            .unwrap();
        assert_eq!(path.nodes, [0, 1, 2, 3, 4]);
    }

    /// A line of 12 nodes whose `node_bound` claims only the first `claimed`: its `index_of`
    /// answers past the bound, which breaks the trait's contract.
    struct Overreaching {
        claimed: usize,
    }

    impl SearchSpace for Overreaching {
        type Node = usize;
        type Cost = u32;
        fn successors<F: FnMut(usize, u32)>(&self, n: usize, mut visit: F) {
            if n + 1 < 12 {
                visit(n + 1, 1);
            }
        }
    }

    impl IndexedSpace for Overreaching {
        fn node_bound(&self) -> usize {
            self.claimed
        }
        fn index_of(&self, n: usize) -> Option<usize> {
            (n < 12).then_some(n)
        }
        fn node_at(&self, index: usize) -> usize {
            index
        }
    }

    /// An index at or past `node_bound` is a node outside the space, as `NodeOutOfBounds`
    /// documents: every query refuses it, whether it is an end of the query or met on the way,
    /// and whether or not the context's records happen to be larger (sized by a bigger space
    /// before), instead of reading or writing past them.
    #[test]
    fn indices_past_the_bound_are_nodes_out_of_bounds() {
        let space = Overreaching { claimed: 5 };
        for warmed in [false, true] {
            let mut ctx = SearchContext::new();
            if warmed {
                ctx.reserve(&Line(40)).unwrap();
            }
            assert_eq!(
                AStar(&space).find_path(&mut ctx, 0, 5).unwrap_err(),
                SearchError::NodeOutOfBounds { node: 5 }
            );
            assert_eq!(
                AStar(&space).find_path(&mut ctx, 7, 2).unwrap_err(),
                SearchError::NodeOutOfBounds { node: 7 }
            );
            assert_eq!(
                AStar(&space)
                    .find_path_with(&mut ctx, 0, 9, &SearchOptions::dijkstra())
                    .unwrap_err(),
                SearchError::NodeOutOfBounds { node: 9 }
            );
            // Met on the way: node 4 leads to node 5.
            assert_eq!(
                AStar(&space)
                    .find_path_with(
                        &mut ctx,
                        2,
                        Goal::Matching(&|n| n == 8),
                        &SearchOptions::new()
                    )
                    .unwrap_err(),
                SearchError::NodeOutOfBounds { node: 5 }
            );
            assert_eq!(
                BreadthFirst(&space)
                    .find_path(&mut ctx, 1, 3)
                    .unwrap()
                    .into_path()
                    .unwrap()
                    .nodes,
                [1, 2, 3]
            );
            // Within the bound the line still answers.
            let path = AStar(&space)
                .find_path(&mut ctx, 0, 4)
                .unwrap()
                .into_path()
                .unwrap();
            assert_eq!(path.nodes, [0, 1, 2, 3, 4]);
        }
    }

    #[test]
    fn nan_or_negative_cost_limits_are_typed_errors() {
        let grid = Grid::new(6, 1).unwrap();
        let (start, goal) = (Cell::new(0, 0), Cell::new(5, 0));
        let mut ctx = SearchContext::new();
        for limit in [f64::NAN, -f64::NAN, -1.0, f64::NEG_INFINITY] {
            let options = SearchOptions::new().max_cost(limit);
            let e = grid
                .eight_connected()
                .find_path_with(&mut ctx, start, goal, &options)
                .unwrap_err();
            let GridError::Search(SearchError::InvalidMaxCost { limit: got }) = e else {
                panic!("{limit}: {e:?}");
            };
            assert!(got.is_nan() == limit.is_nan() && (got.is_nan() || got == limit));
        }
        // An infinite limit is no limit; a real one still cuts the search short.
        let open = SearchOptions::new().max_cost(f64::INFINITY);
        assert!(grid
            .eight_connected()
            .find_path_with(&mut ctx, start, goal, &open)
            .unwrap()
            .is_found());
        let short = SearchOptions::new().max_cost(2.0);
        assert!(!grid
            .eight_connected()
            .find_path_with(&mut ctx, start, goal, &short)
            .unwrap()
            .is_found());
        // Integer and f32 costs too.
        let mut ctx32 = SearchContext::<f32>::new();
        assert!(matches!(
            AStar(&SpaceF32).find_path_with(
                &mut ctx32,
                0,
                2,
                &SearchOptions::new().max_cost(f32::NAN)
            ),
            Err(SearchError::InvalidMaxCost { .. })
        ));
        let mut ctx_i = SearchContext::<i32>::new();
        assert!(matches!(
            AStar(&SpaceI32).find_path_with(&mut ctx_i, 0, 2, &SearchOptions::new().max_cost(-1)),
            Err(SearchError::InvalidMaxCost { limit }) if limit == -1.0
        ));
    }

    /// Three nodes in a line with `f32` costs.
    struct SpaceF32;
    impl SearchSpace for SpaceF32 {
        type Node = usize;
        type Cost = f32;
        fn successors<F: FnMut(usize, f32)>(&self, n: usize, mut visit: F) {
            if n < 2 {
                visit(n + 1, 1.0);
            }
        }
    }
    impl IndexedSpace for SpaceF32 {
        fn node_bound(&self) -> usize {
            3
        }
        fn index_of(&self, n: usize) -> Option<usize> {
            (n < 3).then_some(n)
        }
        fn node_at(&self, index: usize) -> usize {
            index
        }
    }

    /// Three nodes in a line with `i32` costs.
    struct SpaceI32;
    impl SearchSpace for SpaceI32 {
        type Node = usize;
        type Cost = i32;
        fn successors<F: FnMut(usize, i32)>(&self, n: usize, mut visit: F) {
            if n < 2 {
                visit(n + 1, 1);
            }
        }
    }
    impl IndexedSpace for SpaceI32 {
        fn node_bound(&self) -> usize {
            3
        }
        fn index_of(&self, n: usize) -> Option<usize> {
            (n < 3).then_some(n)
        }
        fn node_at(&self, index: usize) -> usize {
            index
        }
    }

    #[test]
    fn cell_at_never_divides_by_zero_and_past_the_end_is_outside() {
        // No grid is zero wide (see `zero_sized_grids_are_refused`), so the division is safe.
        let grid = Grid::new(1, 3).unwrap();
        assert_eq!(grid.cell_at(2), Cell::new(0, 2));
        for index in [grid.len(), grid.len() + 7, u32::MAX as usize] {
            let c = grid.cell_at(index);
            assert!(grid.cell(c.x, c.y).is_none(), "{index}: {c:?}");
            assert!(matches!(grid.check(c), Err(GridError::OutOfBounds { .. })));
        }
        // Any index at all: no panic, and never a cell that claims to be that index.
        let wide = Grid::new(u16::MAX as u32, 2).unwrap();
        for index in [wide.len(), usize::MAX, usize::MAX / 3] {
            let c = wide.cell_at(index);
            assert!(wide.check(c).is_err() || wide.index(c) != index);
        }
    }

    /// `passable_xy` answers any coordinates: outside the grid is blocked, however far, and a
    /// column past the end of a row never reads the next row.
    #[test]
    fn cells_just_outside_weigh_nothing() {
        // Every cell inside is open, so reading a neighbouring row's weight would show.
        let grid = Grid::new(3, 2).unwrap();
        for (x, y) in [
            (3, 0),
            (3, 1),
            (0, 2),
            (2, 2),
            (3, 2),
            (u32::MAX, 0),
            (0, u32::MAX),
        ] {
            let cell = Cell::new(x, y);
            assert_eq!(grid.weight(cell), 0, "{cell}");
            assert!(!grid.is_passable(cell), "{cell}");
        }
        assert_eq!(grid.weight(Cell::new(2, 1)), 1);
    }

    #[test]
    fn passable_xy_takes_any_coordinates() {
        let grid = Grid::new(3, 3).unwrap();
        for (x, y) in [(0, 0), (2, 2), (1, 0)] {
            assert!(grid.passable_xy(x, y));
        }
        let far = [
            i64::MIN,
            -1_000_000,
            -129,
            -128,
            -65,
            -64,
            -1,
            3,
            63,
            64,
            128,
            129,
            1 << 40,
            i64::MAX,
        ];
        for &x in &far {
            for y in [0, 1, 2] {
                assert!(!grid.passable_xy(x, y), "({x}, {y})");
                assert!(!grid.passable_xy(y, x), "({y}, {x})");
            }
            for &y in &far {
                assert!(!grid.passable_xy(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn weight_at_past_the_end_panics_as_documented() {
        let grid = Grid::new(2, 2).unwrap();
        assert_eq!(grid.weights().get(4), None);
        let _ = grid.weight_at(4);
    }

    // ---- Out of memory, in a child process under `ulimit -v` ----

    /// The environment variable that tells a child which case to run.
    const CHILD: &str = "PATHKIT_HOSTILE_CHILD";

    /// Address space given to a child: 1 GiB.
    const CAP_KIB: u64 = 1 << 20;

    /// Address space left free in the cases that take the rest: enough for the small
    /// allocations of the search and of printing, far less than the tables asked for.
    const ROOM: usize = 16 << 20;

    /// Runs `case` in this test binary again, under a 1 GiB address-space cap, and returns what it
    /// printed after `typed error: `.
    fn in_child(test: &str, case: &str) -> String {
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
            .arg(exe)
            .args(["--exact", test, "--nocapture", "--test-threads=1"])
            .env(CHILD, case)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{case}: the child failed ({}): {stdout}{stderr}",
            out.status
        );
        stdout
            .lines()
            .find_map(|l| l.split_once("typed error: ").map(|(_, m)| m))
            .unwrap_or_else(|| panic!("{case}: no typed error reported: {stdout}{stderr}"))
            .to_string()
    }

    /// Leaves about `room` bytes of address space under the cap, by reserving the rest (reserved,
    /// never touched, so it costs no real memory). Returns the reservation, to keep.
    fn leave_room(room: usize) -> Vec<u8> {
        // The largest reservation that can be had, to a megabyte.
        let (mut lo, mut hi) = (0usize, (CAP_KIB as usize) << 10);
        while hi - lo > 1 << 20 {
            let mid = lo + (hi - lo) / 2;
            if Vec::<u8>::new().try_reserve_exact(mid).is_ok() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let mut ballast = Vec::new();
        ballast.try_reserve_exact(lo.saturating_sub(room)).unwrap();
        ballast
    }

    /// What a child runs: a structure within the limit that does not fit under the cap.
    fn child_case(case: &str) -> String {
        match case {
            // 1 GiB of weights alone: more than the whole cap.
            "grid" => {
                assert!(Grid::memory_needed(16384, 16384) <= MAX_MAP_BYTES);
                match Grid::new(16384, 16384) {
                    Err(e @ GridError::Refused(Refusal::OutOfMemory { .. })) => e.to_string(),
                    other => panic!("{other:?}"),
                }
            }
            // The next three build a grid, then leave 16 MB of room: each table asked for next
            // is more than 64 MB, so it cannot come from memory the allocator has already set
            // aside for a thread either.
            "grid-components" => {
                // 16.7 million cells: 67 MB of weights, and as much for the components' parents.
                let grid = Grid::new(4096, 4096).unwrap();
                let _ballast = leave_room(ROOM);
                let (a, b) = (Cell::new(0, 0), Cell::new(4095, 4095));
                match grid.try_reachable(a, b, pathkit::grid::Diagonal::Never) {
                    Err(e @ GridError::Refused(Refusal::OutOfMemory { .. })) => e.to_string(),
                    other => panic!("{other:?}"),
                }
            }
            "search-context" => {
                // 2^28 records of 16 bytes: 4 GiB, within the limit.
                let mut ctx = SearchContext::new();
                match AStar(&Line(1 << 28)).find_path(&mut ctx, 0, 3) {
                    Err(e @ SearchError::Refused(Refusal::OutOfMemory { .. })) => e.to_string(),
                    other => panic!("{other:?}"),
                }
            }
            "jps-plus" => {
                // 8.4 million cells: 34 MB of weights, a 67 MB table.
                let grid = Grid::new(4096, 2048).unwrap();
                let _ballast = leave_room(ROOM);
                match pathkit::jps::JpsPlus::new(grid) {
                    Err(e @ pathkit::jps::JpsError::Refused(Refusal::OutOfMemory { .. })) => {
                        e.to_string()
                    }
                    other => panic!("{:?}", other.map(|_| "built")),
                }
            }
            "jps-context" => {
                // 4.2 million cells: 17 MB of weights, 34 MB of components, 67 MB of records.
                let grid = Grid::new(2048, 2048).unwrap();
                let (a, b) = (Cell::new(0, 0), Cell::new(2047, 2047));
                // The components the query checks first are built before the room is taken.
                assert!(grid.reachable(a, b, pathkit::grid::Diagonal::NoCornerCutting));
                let _ballast = leave_room(ROOM);
                let mut ctx = pathkit::jps::JpsContext::new();
                match grid
                    .jump_points(pathkit::jps::JpsMode::EIGHT)
                    .find_path(&mut ctx, a, b)
                {
                    Err(e @ pathkit::jps::JpsError::Refused(Refusal::OutOfMemory { .. })) => {
                        e.to_string()
                    }
                    other => panic!("{other:?}"),
                }
            }
            "grid-graph" => {
                // 36 million nodes: about 6.6 GB, within the limit.
                assert!(GridGraph::memory_needed(6000, 6000, Diagonal::Always) <= MAX_MAP_BYTES);
                match GridGraph::new((0, 0), 6000, 6000, Diagonal::Always) {
                    Err(e @ GraphError::Refused(Refusal::OutOfMemory { .. })) => e.to_string(),
                    other => panic!("{:?}", other.map(|_| "built")),
                }
            }
            other => panic!("unknown case {other}"),
        }
    }

    #[test]
    fn out_of_memory_is_a_typed_error_not_an_abort() {
        // The test's name as the harness knows it: its module path without the crate's name.
        let module = module_path!().split_once("::").map_or("", |(_, path)| path);
        let name = format!("{module}::out_of_memory_is_a_typed_error_not_an_abort");
        if let Ok(case) = std::env::var(CHILD) {
            let started = thread_cpu_time();
            let message = child_case(&case);
            let took = thread_cpu_time() - started;
            assert!(took < Duration::from_secs(1), "took {took:?} of CPU time");
            println!("typed error: {message}");
            std::process::exit(0);
        }
        for (case, what) in [
            ("grid", "grid"),
            ("grid-components", "grid"),
            ("search-context", "search records"),
            ("jps-plus", "jump point search"),
            ("jps-context", "jump point search"),
            ("grid-graph", "grid graph"),
        ] {
            let message = in_child(&name, case);
            let expected = format!("{what}: out of memory: the allocator refused ");
            assert!(message.starts_with(&expected), "{case}: {message}");
        }
    }
}
