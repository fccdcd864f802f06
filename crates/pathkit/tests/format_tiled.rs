//! Tiled `.tmx` loading: the Cat Maze level (a file without `tilecount`), a current file, an
//! external tileset, and malformed maps.
#![cfg(feature = "tiled")]

use base64::Engine;
use pathkit::format::{TiledError, TiledFeature, TiledMap, TiledQuantity, TmxProblem};
use pathkit::grid::{Cell, Diagonal, Grid, GridError};
use std::error::Error;
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
    assert!(map.has_property("Ground", 1, 0, "Wall") && map.has_property("Ground", 1, 1, "Wall"));
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
    let short = |found| TmxProblem::ShortTileData { expected: 4, found };
    let long = TmxProblem::LongTileData { expected: 4 };
    for (data, problem) in [
        (r#"<data encoding="csv">1,2,1</data>"#.to_string(), short(3)),
        (r#"<data encoding="csv">1,2,1,1,1</data>"#.to_string(), long),
        (r#"<data encoding="base64"></data>"#.to_string(), short(0)),
        (r#"<data encoding="base64"/>"#.to_string(), short(0)),
        (
            format!(
                r#"<data encoding="base64" compression="zlib">{}</data>"#,
                zlib_base64(&[1, 1])
            ),
            short(2),
        ),
        (
            format!(
                r#"<data encoding="base64" compression="zlib">{}</data>"#,
                zlib_base64(&[1; 1000])
            ),
            long,
        ),
    ] {
        let e = error(&small(&data));
        match e {
            TiledError::Invalid { problem: p, .. } => assert_eq!(p, problem, "{data}: {e}"),
            _ => panic!("{data}: {e:?}"),
        }
        let p = e.position().unwrap();
        assert_eq!((p.line, p.column), (7, 3), "{data}: {e}");
        assert!(e.source().is_none(), "{data}: {e}");
    }
    let e = error(&small(r#"<data encoding="csv">1,2,1</data>"#));
    assert_eq!(
        e.to_string(),
        "line 7, column 3: the layer has 4 tiles but its data holds 3"
    );
    let e = error(&small(r#"<data encoding="csv">1,2,1,1,1</data>"#));
    assert_eq!(
        e.to_string(),
        "line 7, column 3: the layer has 4 tiles but its data holds more"
    );
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
    // A tileset of a map inside a skipped element is not one of the map's tilesets: the
    // gids stay those of the map's own tileset.
    let skipped = String::from_utf8(small(r#"<data encoding="csv">1,2,1,1</data>"#))
        .unwrap()
        .replace(
            " <tileset",
            r#" <skip><map><tileset firstgid="100" name="s" tilewidth="8" tileheight="8" tilecount="1"/></map></skip>
 <tileset"#,
        );
    let map = TiledMap::from_bytes(skipped.as_bytes()).unwrap();
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
fn malformed_xml_keeps_the_readers_error() {
    assert!(matches!(
        error(b""),
        TiledError::Tiled { .. } | TiledError::Xml { .. }
    ));
    // A closing tag that does not match.
    let e = error(b"<map width=\"2\"><layer></map>");
    let TiledError::Xml { position, source } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(position.line, 1);
    assert!(matches!(
        source.downcast_ref::<quick_xml::Error>(),
        Some(quick_xml::Error::EndEventMismatch { .. })
    ));
    let reader = e.source().expect("the reader's error is the source");
    assert!(reader.is::<quick_xml::Error>());
    assert!(e.to_string().ends_with(&reader.to_string()), "{e}");
    // An attribute without a value.
    let e = error(b"<map width=\"2\" height></map>");
    assert!(
        matches!(
            e.source()
                .and_then(|s| s.downcast_ref::<quick_xml::Error>()),
            Some(quick_xml::Error::InvalidAttr(_))
        ),
        "{e:?}"
    );
    // Text cut inside a tag.
    let e = error(&small(r#"<data encoding="csv">1,2,1,1</data>"#)[..200]);
    assert!(matches!(e, TiledError::Xml { .. }), "{e}");
    assert!(e.position().is_some());
}

#[test]
fn text_that_ends_inside_an_element_names_it() {
    let full = small(r#"<data encoding="csv">1,2,1,1</data>"#);
    let text = String::from_utf8(full).unwrap();
    let cut = &text[..text.find("</layer>").unwrap()];
    let e = error(cut.as_bytes());
    let TiledError::UnclosedElement { position, element } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(element, "layer");
    assert_eq!((position.line, position.column), (6, 2));
    assert_eq!(e.position(), Some(*position));
    assert!(e.source().is_none());
    assert_eq!(
        e.to_string(),
        "line 6, column 2: malformed XML: the text ends before <layer> is closed"
    );
    // A long name is cut short in the error.
    let long = format!("<map><{}>", "x".repeat(500));
    match error(long.as_bytes()) {
        TiledError::UnclosedElement { element, .. } => assert_eq!(element, "x".repeat(64)),
        e => panic!("{e:?}"),
    }
}

#[test]
fn maps_tiled_refuses_keep_its_error() {
    let e = error(&small(r#"<data encoding="csv">1,x,1,1</data>"#));
    let TiledError::Tiled { source } = &e else {
        panic!("{e:?}");
    };
    assert!(matches!(
        source.downcast_ref::<tiled::Error>(),
        Some(tiled::Error::CsvDecodingError(_))
    ));
    let inner = e.source().expect("tiled's error is the source");
    assert!(inner.is::<tiled::Error>());
    assert!(e.to_string().ends_with(&inner.to_string()), "{e}");
    let e = error(&small(r#"<data encoding="xml64">AAAA</data>"#));
    assert!(
        matches!(
            e.source().and_then(|s| s.downcast_ref::<tiled::Error>()),
            Some(tiled::Error::InvalidEncodingFormat { .. })
        ),
        "{e:?}"
    );
}

/// A `width` x `height` map with `layers` empty tile layers and one tileset with `tileset`
/// in its start tag and `image` as its content.
fn sized(width: u32, height: u32, layers: usize, tileset: &str, image: &str) -> Vec<u8> {
    let layer = format!(r#"<layer name="L" width="{width}" height="{height}"></layer>"#);
    format!(
        r#"<map version="1.10" orientation="orthogonal" width="{width}" height="{height}" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8"{tileset}>{image}</tileset>
 {}
</map>"#,
        layer.repeat(layers)
    )
    .into_bytes()
}

#[test]
fn too_large_says_what_there_is_too_much_of() {
    let too_large = |tmx: &[u8]| match error(tmx) {
        TiledError::TooLarge {
            position,
            what,
            count,
            limit,
        } => (position.map(|p| p.line), what, count, limit),
        e => panic!("{e:?}"),
    };
    assert_eq!(
        too_large(&sized(65536, 65536, 1, "", "")),
        (
            Some(1),
            TiledQuantity::GridBytes,
            Grid::memory_needed(65536, 65536),
            pathkit::limits::MAX_MAP_BYTES
        )
    );
    // Five 1024 x 1024 layers: more tiles than four of them.
    assert_eq!(
        too_large(&sized(1024, 1024, 5, "", "")),
        (
            Some(3),
            TiledQuantity::LayerTiles,
            5 << 20,
            TiledMap::MAX_TILES
        )
    );
    // A tileset that claims four billion tiles would make `tiled` reserve memory for them.
    assert_eq!(
        too_large(&sized(2, 2, 1, r#" tilecount="4000000000""#, "")),
        (Some(2), TiledQuantity::TilesetTiles, 4_000_000_000, 1 << 20)
    );
    // Without `tilecount`, the count follows from the image: 2048 x 1024 tiles of 1 x 1.
    let image = r#"<image source="t.png" width="2048" height="1024"/>"#;
    let tmx = String::from_utf8(sized(2, 2, 1, "", image))
        .unwrap()
        .replace(
            r#"tilewidth="8" tileheight="8">"#,
            r#"tilewidth="1" tileheight="1">"#,
        );
    assert_eq!(
        too_large(tmx.as_bytes()),
        (Some(2), TiledQuantity::TilesetTiles, 1 << 21, 1 << 20)
    );
    let e = error(&sized(65536, 65536, 1, "", ""));
    assert!(e.source().is_none());
    assert_eq!(
        e.to_string(),
        format!(
            "line 1, column 1: {} bytes for the map's grid, more than the {} accepted",
            Grid::memory_needed(65536, 65536),
            pathkit::limits::MAX_MAP_BYTES
        )
    );
}

#[test]
fn infinite_maps_are_unsupported() {
    let e = error(br#"<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" infinite="1"></map>"#);
    assert!(
        matches!(
            e,
            TiledError::Unsupported {
                what: TiledFeature::InfiniteMap,
                position: Some(_)
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 1, column 1: infinite maps are not supported"
    );
}

#[test]
fn io_and_grid_errors_are_the_source() {
    let missing = TiledMap::load("/nonexistent/level.tmx").unwrap_err();
    assert!(matches!(missing, TiledError::Io { .. }), "{missing}");
    let io = missing
        .source()
        .and_then(|s| s.downcast_ref::<std::io::Error>())
        .expect("the operating system's error is the source");
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
    // A map whose fields were set by hand to a size no grid has.
    let mut map = TiledMap::from_bytes(&small(r#"<data encoding="csv">1,2,1,1</data>"#)).unwrap();
    map.width = 0;
    let e = map.grid_from_property("L", "Wall").unwrap_err();
    assert!(
        matches!(e, TiledError::Grid(GridError::Empty { .. })),
        "{e:?}"
    );
    assert!(matches!(
        e.source().and_then(|s| s.downcast_ref::<GridError>()),
        Some(GridError::Empty { .. })
    ));
    let e = map.grid_from_property("Nope", "Wall").unwrap_err();
    assert!(matches!(&e, TiledError::NoSuchLayer { name } if name == "Nope"));
    assert!(e.source().is_none());
}
