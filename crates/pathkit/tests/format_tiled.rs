//! Tiled `.tmx` loading: the Cat Maze level (a file without `tilecount`), a current file, an
//! external tileset, and malformed maps.
#![cfg(feature = "tiled")]

/// Named so that `cargo test -p pathkit format` selects these tests.
mod format_tiled {
    use base64::Engine;
    use pathkit::format::{TiledError, TiledMap};
    use pathkit::grid::{Cell, Diagonal};
    use std::io::Write;
    use std::path::{Path, PathBuf};

    const CATMAZE: &[u8] = include_bytes!("fixtures/CatMaze.tmx");
    const CATMAZE_TEXT: &str = include_str!("fixtures/catmaze_25x25.txt");

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name)
    }

    /// The level as the text legend draws it: `#` wall, `B` bone, `D` dog, `E` exit, `.` floor.
    fn draw(map: &TiledMap) -> String {
        let mut s = String::new();
        for y in 0..map.height {
            for x in 0..map.width {
                let obj = |p| map.has_property("Objects", x, y, p);
                s.push(if map.has_property("Background", x, y, "Wall") {
                    '#'
                } else if obj("Bone") {
                    'B'
                } else if obj("Dog") {
                    'D'
                } else if obj("Exit") {
                    'E'
                } else {
                    '.'
                });
            }
            s.push('\n');
        }
        s
    }

    #[test]
    fn catmaze_without_tilecount_matches_the_text_level_cell_for_cell() {
        // The file has no `tilecount`: `tiled` alone refuses it (and, falling back to reading the
        // tileset as external, reports a missing attribute).
        let plain = tiled::Loader::new().load_tmx_map(fixture("CatMaze.tmx"));
        let plain = format!("{:?}", plain.unwrap_err());
        assert!(plain.contains("Missing attribute"), "{plain}");

        let map = TiledMap::load(fixture("CatMaze.tmx")).unwrap();
        assert_eq!((map.width, map.height), (25, 25));
        assert_eq!((map.tile_width, map.tile_height), (32, 32));
        let names: Vec<&str> = map.layers.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Background", "Objects"]);
        let expected = CATMAZE_TEXT.replace('C', ".");
        assert_eq!(draw(&map), expected);

        // Counts from the level notes.
        let count = |c| expected.chars().filter(|&x| x == c).count();
        assert_eq!(
            (count('#'), count('B'), count('D'), count('E')),
            (201, 19, 41, 1)
        );
        assert!(map.has_property("Objects", 24, 8, "Exit"));

        // gids as documented: Background only 32 and 33, Objects 1, 18, 28 or empty.
        let bg = map.layer("Background").unwrap();
        assert!(bg
            .tiles
            .iter()
            .all(|t| matches!(t, Some(t) if t.gid == 32 || t.gid == 33)));
        let mut gids: Vec<u32> = map
            .layer("Objects")
            .unwrap()
            .tiles
            .iter()
            .flatten()
            .map(|t| t.gid)
            .collect();
        gids.sort();
        gids.dedup();
        assert_eq!(gids, [1, 18, 28]);
        assert_eq!(map.tile("Background", 4, 0).unwrap().gid, 33);
        assert_eq!(
            map.tile("Background", 4, 0).unwrap().properties["Wall"],
            "1"
        );
    }

    #[test]
    fn catmaze_from_embedded_bytes_equals_loading_from_the_path() {
        let embedded = TiledMap::from_bytes(CATMAZE).unwrap();
        assert_eq!(embedded, TiledMap::load(fixture("CatMaze.tmx")).unwrap());
    }

    #[test]
    fn catmaze_grid_from_wall_property() {
        let map = TiledMap::from_bytes(CATMAZE).unwrap();
        let grid = map.grid_from_property("Background", "Wall").unwrap();
        let walls = grid.weights().iter().filter(|&&w| w == 0).count();
        assert_eq!(walls, 201);
        // All 424 non-wall tiles are 4-connected to the spawn.
        let spawn = Cell::new(24, 0);
        let reachable = (0..625)
            .map(|i| grid.cell_at(i))
            .filter(|&c| grid.reachable(spawn, c, Diagonal::Never))
            .count();
        assert_eq!(reachable, 424);
        // Custom weights: dogs cost 10.
        let weighted = map
            .to_grid(|x, y, m| {
                if m.has_property("Background", x, y, "Wall") {
                    0
                } else if m.has_property("Objects", x, y, "Dog") {
                    10
                } else {
                    1
                }
            })
            .unwrap();
        assert_eq!(weighted.weight(Cell::new(20, 2)), 10);
        assert_eq!(weighted.weight(Cell::new(22, 1)), 1);
        assert!(matches!(
            map.grid_from_property("Walls", "Wall"),
            Err(TiledError::NoSuchLayer { .. })
        ));
    }

    #[test]
    fn current_format_with_flip_flags_groups_and_two_tilesets() {
        let map = TiledMap::load(fixture("tiled_current.tmx")).unwrap();
        assert_eq!((map.width, map.height, map.tile_width), (5, 3, 16));
        let names: Vec<&str> = map.layers.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Ground", "Items"]);
        // 2147483650 is gid 2 flipped horizontally; 1073741825 is gid 1 flipped vertically.
        assert_eq!(map.tile("Ground", 3, 1).unwrap().gid, 2);
        assert!(map.has_property("Ground", 3, 1, "Wall"));
        assert_eq!(map.tile("Ground", 3, 2).unwrap().gid, 1);
        let swamp = map.tile("Ground", 2, 1).unwrap();
        assert_eq!(swamp.properties["Cost"], "4");
        assert_eq!(swamp.properties["Name"], "swamp");
        assert_eq!(map.tile("Ground", 1, 0).unwrap().properties["Wall"], "true");
        // Second tileset: firstgid 7.
        assert_eq!(map.tile("Items", 2, 0).unwrap().gid, 7);
        assert!(map.has_property("Items", 2, 0, "Key"));
        assert_eq!(map.tile("Items", 4, 2).unwrap().gid, 10);
        assert!(map.tile("Items", 0, 0).is_none());
        assert!(map.tile("Items", 5, 0).is_none() && map.tile("Nope", 0, 0).is_none());
        let grid = map.grid_from_property("Ground", "Wall").unwrap();
        assert_eq!(
            grid.to_ascii(),
            ".#...\n.#.#.\n.....\n",
            "walls at gid 2, flipped or not"
        );
        let bytes = std::fs::read(fixture("tiled_current.tmx")).unwrap();
        assert_eq!(TiledMap::from_bytes(&bytes).unwrap(), map);
    }

    #[test]
    fn external_tileset_without_tilecount_uses_spacing_and_margin() {
        let map = TiledMap::load(fixture("tiled_external.tmx")).unwrap();
        let gids: Vec<u32> = map.layers[0]
            .tiles
            .iter()
            .map(|t| t.as_ref().unwrap().gid)
            .collect();
        assert_eq!(gids, [1, 5, 6, 2, 5, 1]);
        assert!(
            map.has_property("Ground", 1, 0, "Wall") && map.has_property("Ground", 1, 1, "Wall")
        );
        assert!(!map.has_property("Ground", 2, 0, "Wall"));
        // From bytes there is no file to read the tileset from.
        let bytes = std::fs::read(fixture("tiled_external.tmx")).unwrap();
        let err = TiledMap::from_bytes(&bytes).unwrap_err();
        assert!(matches!(err, TiledError::ExternalFile { .. }), "{err}");
        assert!(err.to_string().contains("tiled_old_tiles.tsx"), "{err}");
    }

    /// A 2x2 map with one embedded tileset and one layer whose `<data>` is `data`.
    fn small(data: &str) -> Vec<u8> {
        format!(
            r#"<?xml version="1.0"?>
<map version="1.0" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8">
  <image source="t.png" width="16" height="8"/>
 </tileset>
 <layer name="L" width="2" height="2">
  {data}
 </layer>
</map>"#
        )
        .into_bytes()
    }

    fn zlib_base64(gids: &[u32]) -> String {
        let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        for g in gids {
            enc.write_all(&g.to_le_bytes()).unwrap();
        }
        base64::engine::general_purpose::STANDARD.encode(enc.finish().unwrap())
    }

    fn gids(map: &TiledMap) -> Vec<u32> {
        map.layers[0]
            .tiles
            .iter()
            .map(|t| t.as_ref().map_or(0, |t| t.gid))
            .collect()
    }

    #[test]
    fn every_data_encoding_is_read() {
        let csv = TiledMap::from_bytes(&small(r#"<data encoding="csv">1,2,0,1</data>"#)).unwrap();
        assert_eq!(gids(&csv), [1, 2, 0, 1]);
        let zlib = format!(
            r#"<data encoding="base64" compression="zlib">{}</data>"#,
            zlib_base64(&[2, 1, 1, 0])
        );
        assert_eq!(
            gids(&TiledMap::from_bytes(&small(&zlib)).unwrap()),
            [2, 1, 1, 0]
        );
        let raw: Vec<u8> = [1u32, 1, 2, 2]
            .iter()
            .flat_map(|g| g.to_le_bytes())
            .collect();
        let plain = format!(
            r#"<data encoding="base64">{}</data>"#,
            base64::engine::general_purpose::STANDARD.encode(raw)
        );
        assert_eq!(
            gids(&TiledMap::from_bytes(&small(&plain)).unwrap()),
            [1, 1, 2, 2]
        );
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        for g in [0u32, 0, 0, 2] {
            gz.write_all(&g.to_le_bytes()).unwrap();
        }
        let gzip = format!(
            r#"<data encoding="base64" compression="gzip">{}</data>"#,
            base64::engine::general_purpose::STANDARD.encode(gz.finish().unwrap())
        );
        assert_eq!(
            gids(&TiledMap::from_bytes(&small(&gzip)).unwrap()),
            [0, 0, 0, 2]
        );
    }

    fn error(tmx: &[u8]) -> TiledError {
        match TiledMap::from_bytes(tmx) {
            Ok(m) => panic!("{:?} loaded as {m:?}", String::from_utf8_lossy(tmx)),
            Err(e) => e,
        }
    }

    #[test]
    fn short_or_long_tile_data_is_refused_with_its_position() {
        // `tiled` itself would index out of bounds later on short data.
        for data in [
            r#"<data encoding="csv">1,2,1</data>"#.to_string(),
            r#"<data encoding="csv">1,2,1,1,1</data>"#.to_string(),
            r#"<data encoding="base64"></data>"#.to_string(),
            r#"<data encoding="base64"/>"#.to_string(),
            format!(
                r#"<data encoding="base64" compression="zlib">{}</data>"#,
                zlib_base64(&[1, 1])
            ),
            format!(
                r#"<data encoding="base64" compression="zlib">{}</data>"#,
                zlib_base64(&[1; 1000])
            ),
        ] {
            let e = error(&small(&data));
            assert!(matches!(e, TiledError::Invalid { .. }), "{data}: {e}");
            let p = e.position().unwrap();
            assert_eq!((p.line, p.column), (7, 3), "{data}: {e}");
        }
    }

    #[test]
    fn elements_nested_where_tiled_skips_them_do_not_hide_short_data() {
        // `tiled` skips the unknown <skip> element, inner layer and all, and reads the outer data.
        let nested = small(
            r#"<skip><layer name="inner"><data encoding="csv">1</data></layer></skip>
  <data encoding="csv">1</data>"#,
        );
        let e = error(&nested);
        assert!(matches!(e, TiledError::Invalid { .. }), "{e}");
        assert_eq!(e.position().map(|p| (p.line, p.column)), Some((8, 3)));
        // A tileset inside a tileset: both get their tile count.
        let inner = String::from_utf8(small(r#"<data encoding="csv">1,2,1,1</data>"#))
            .unwrap()
            .replace(
                "</tileset>",
                r#"<tileset name="x" tilewidth="8" tileheight="8"><image source="x.png" width="8" height="8"/></tileset></tileset>"#,
            );
        let map = TiledMap::from_bytes(inner.as_bytes()).unwrap();
        assert_eq!(gids(&map), [1, 2, 1, 1]);
    }

    #[test]
    fn tileset_columns_tiled_cannot_compute_are_refused() {
        // Without `columns`, `tiled` computes (image width - margin + spacing) / (tile width +
        // spacing) in u32, which overflows (found by the tiled_tmx fuzz target: a margin wider
        // than the image).
        let tileset = |attrs: &str, image_width: &str| {
            String::from_utf8(small(r#"<data encoding="csv">1,2,1,1</data>"#))
                .unwrap()
                .replace(r#"tileheight="8">"#, &format!(r#"tileheight="8" {attrs}>"#))
                .replace(
                    r#"width="16" height="8"/>"#,
                    &format!(r#"width="{image_width}" height="8"/>"#),
                )
                .into_bytes()
        };
        for (attrs, width) in [
            (r#"margin="20""#, "16"),
            (r#"tilecount="2" margin="17""#, "16"),
            (r#"spacing="4294967295""#, "16"),
            (r#"spacing="4294967288""#, "16"),
            (r#"spacing="4294967290""#, "-1"),
        ] {
            let e = error(&tileset(attrs, width));
            assert!(
                matches!(e, TiledError::Invalid { .. }),
                "{attrs}, width {width}: {e}"
            );
            assert_eq!(e.position().map(|p| p.line), Some(3), "{attrs}: {e}");
        }
        // With `columns` given, or sizes in range, the same tilesets load.
        for (attrs, width) in [
            (r#"margin="20" columns="2""#, "16"),
            (r#"margin="8""#, "16"),
            (r#"spacing="4294967287""#, "0"),
        ] {
            let map = TiledMap::from_bytes(&tileset(attrs, width));
            assert!(map.is_ok(), "{attrs}, width {width}: {map:?}");
        }
    }

    #[test]
    fn malformed_and_unsupported_maps_are_refused() {
        assert!(matches!(
            error(b""),
            TiledError::Tiled { .. } | TiledError::Xml { .. }
        ));
        let e = error(b"<map width=\"2\"><layer></map>");
        assert!(matches!(e, TiledError::Xml { .. }), "{e}");
        assert_eq!(e.position().map(|p| p.line), Some(1));
        let e = error(&small(r#"<data encoding="csv">1,2,1,1</data>"#)[..200]);
        assert!(matches!(e, TiledError::Xml { .. }), "{e}");
        assert!(e.position().is_some());
        let e = error(&small(r#"<data encoding="csv">1,x,1,1</data>"#));
        assert!(matches!(e, TiledError::Tiled { .. }), "{e}");
        let e = error(br#"<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" infinite="1"></map>"#);
        assert!(matches!(e, TiledError::Unsupported { .. }), "{e}");
        let e = error(br#"<map version="1.10" orientation="orthogonal" width="65536" height="65536" tilewidth="8" tileheight="8"></map>"#);
        assert!(matches!(e, TiledError::TooLarge { .. }), "{e}");
        // A tileset that claims four billion tiles would make `tiled` reserve memory for them.
        let huge = String::from_utf8(small(r#"<data encoding="csv">1,2,1,1</data>"#))
            .unwrap()
            .replace(
                r#"tileheight="8">"#,
                r#"tileheight="8" tilecount="4000000000">"#,
            );
        let e = error(huge.as_bytes());
        assert!(matches!(e, TiledError::TooLarge { .. }), "{e}");
        let missing = TiledMap::load("/nonexistent/level.tmx").unwrap_err();
        assert!(matches!(missing, TiledError::Io { .. }), "{missing}");
    }
}
