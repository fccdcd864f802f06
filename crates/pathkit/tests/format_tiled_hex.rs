//! Tiled hexagonal maps: the fixture `hex_odd_r.tmx` loads and is searched, every stagger axis
//! and index gives the hexes the neighbours Tiled draws them with (checked against the hex
//! oracle, which knows nothing of layouts), and maps of other orientations are refused.
#![cfg(feature = "tiled")]

use crate::support::hex_oracle::{Drawing, HexMap};
use pathkit::format::{TiledError, TiledHexMap, TiledMap};
use pathkit::hex::{HexGrid, HexLayout};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::path::Path;

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hex_odd_r.tmx")
}

/// The fixture's terrain: walls where `Wall` is set, the `Cost` of marsh, 1 elsewhere.
fn terrain(x: u32, y: u32, map: &TiledMap) -> u32 {
    match map.tile("Ground", x, y) {
        Some(t) if t.properties.contains_key("Wall") => 0,
        Some(t) => t
            .properties
            .get("Cost")
            .and_then(|c| c.parse().ok())
            .unwrap_or(1),
        None => 1,
    }
}

/// Every pair of hexes of `grid` is searched, and agrees with the oracle's drawing of `map`.
fn check_all_pairs(grid: &HexGrid, map: &HexMap) -> (usize, usize) {
    let mut ctx = SearchContext::new();
    let (mut found, mut unreachable) = (0, 0);
    for a in 0..map.weights.len() as i64 {
        for b in 0..map.weights.len() as i64 {
            let (s, g) = (
                (a % map.width, a / map.width),
                (b % map.width, b / map.width),
            );
            let start = grid.hex_at(s.0 as u32, s.1 as u32).unwrap();
            let goal = grid.hex_at(g.0 as u32, g.1 as u32).unwrap();
            let outcome = grid.find_path(&mut ctx, start, goal).unwrap();
            let expected = map.shortest(s, g);
            assert_eq!(
                outcome.path().map(|p| p.cost),
                expected,
                "{s:?} -> {g:?}\n{}",
                map.picture()
            );
            if let Some(path) = outcome.path() {
                let cells: Vec<(i64, i64)> = path
                    .nodes
                    .iter()
                    .map(|&h| {
                        let (c, r) = grid.offset_of(h).unwrap();
                        (c as i64, r as i64)
                    })
                    .collect();
                assert_eq!(map.path_cost(s, g, &cells), Ok(path.cost));
                found += 1;
            } else {
                unreachable += 1;
            }
        }
    }
    (found, unreachable)
}

#[test]
fn the_fixture_loads_as_an_odd_r_map_and_is_searched() {
    let map = TiledHexMap::load(fixture()).unwrap();
    assert_eq!(map.layout, HexLayout::OddR);
    assert_eq!((map.map.width, map.map.height), (8, 6));
    assert_eq!(map.hex_side_length, Some(16));
    let walls = map.hex_grid_from_property("Ground", "Wall").unwrap();
    let expected = "hex odd-r\n\
                    . . . . . . . .\n \
                     # # # # # # . .\n\
                    . . . . . # . .\n \
                     . # # # . # . .\n\
                    . . . # . . . .\n \
                     . . . # . . . .\n";
    assert_eq!(walls.to_ascii(), expected);
    assert_eq!(walls, HexGrid::from_ascii(expected).unwrap());

    let grid = map.to_hex_grid(terrain).unwrap();
    assert_eq!(grid.weight(grid.hex_at(6, 3).unwrap()), 3);
    // The same map from the file's bytes, without the disk.
    let bytes = std::fs::read(fixture()).unwrap();
    assert_eq!(TiledHexMap::from_bytes(&bytes).unwrap(), map);

    let oracle = HexMap {
        drawing: Drawing {
            rows_shifted: true,
            odd_shifted: true,
        },
        width: 8,
        height: 6,
        weights: grid.weights().to_vec(),
    };
    let (found, unreachable) = check_all_pairs(&grid, &oracle);
    assert!(found > 1_000 && unreachable > 300, "{found} {unreachable}");

    // From the top-left corner to the pocket under the long wall: around its right end and
    // in from below.
    let mut ctx = SearchContext::new();
    let (start, goal) = (grid.hex_at(0, 0).unwrap(), grid.hex_at(2, 2).unwrap());
    let path = grid
        .find_path(&mut ctx, start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, oracle.shortest((0, 0), (2, 2)).unwrap());
    assert!(path.cost > start.distance(goal));
}

/// A `width` x `height` hexagonal map in TMX text, with tile 2 a wall and tile 3 a marsh.
fn tmx(axis: &str, index: &str, width: i64, height: i64, tiles: &[u32]) -> String {
    let csv: Vec<String> = tiles.iter().map(u32::to_string).collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" width="{width}" height="{height}" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="{axis}" staggerindex="{index}">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="28" tilecount="3" columns="3">
  <image source="t.png" width="96" height="28"/>
  <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
  <tile id="2"><properties><property name="Cost" type="int" value="3"/></properties></tile>
 </tileset>
 <layer id="1" name="Ground" width="{width}" height="{height}"><data encoding="csv">{}</data></layer>
</map>"#,
        csv.join(",")
    )
}

/// Random maps of every stagger axis and index: the layout is the one the attributes name, and
/// searches agree with the oracle's drawing of what the attributes say (rows or columns
/// shifted, odd or even ones), so tile (x, y) has the neighbours Tiled draws around it.
#[test]
fn every_stagger_axis_and_index_has_the_neighbours_tiled_draws() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut found, mut unreachable) = (0, 0);
    for (axis, index, layout) in [
        ("y", "odd", HexLayout::OddR),
        ("y", "even", HexLayout::EvenR),
        ("x", "odd", HexLayout::OddQ),
        ("x", "even", HexLayout::EvenQ),
    ] {
        for _ in 0..25 {
            let (w, h) = (1 + next(7) as i64, 1 + next(7) as i64);
            let tiles: Vec<u32> = (0..w * h)
                .map(|_| match next(10) {
                    0..=2 => 2,
                    3 => 3,
                    _ => 1,
                })
                .collect();
            let map = TiledHexMap::from_bytes(tmx(axis, index, w, h, &tiles).as_bytes()).unwrap();
            assert_eq!(map.layout, layout);
            let grid = map.to_hex_grid(terrain).unwrap();
            let oracle = HexMap {
                drawing: Drawing {
                    rows_shifted: axis == "y",
                    odd_shifted: index == "odd",
                },
                width: w,
                height: h,
                weights: tiles.iter().map(|&t| [0, 1, 0, 3][t as usize]).collect(),
            };
            assert_eq!(grid.weights(), &oracle.weights[..]);
            let (f, u) = check_all_pairs(&grid, &oracle);
            (found, unreachable) = (found + f, unreachable + u);
        }
    }
    assert!(
        found > 2_000 && unreachable > 1_000,
        "{found} {unreachable}"
    );
}

#[test]
fn maps_of_other_orientations_are_refused() {
    for orientation in ["orthogonal", "isometric", "staggered"] {
        let tmx = format!(
            r#"<map version="1.10" orientation="{orientation}" width="2" height="2" tilewidth="8" tileheight="8"></map>"#
        );
        let e = TiledHexMap::from_bytes(tmx.as_bytes()).unwrap_err();
        assert!(
            matches!(&e, TiledError::NotHexagonal { orientation: o } if o == orientation),
            "{e:?}"
        );
    }
    // The checks every Tiled map gets still come first.
    let huge = br#"<map version="1.10" orientation="hexagonal" width="100000" height="100000" tilewidth="8" tileheight="8"></map>"#;
    assert!(matches!(
        TiledHexMap::from_bytes(huge),
        Err(TiledError::TooLarge { .. })
    ));
    let missing = TiledHexMap::load(fixture().with_file_name("no_such_map.tmx")).unwrap_err();
    assert!(matches!(missing, TiledError::Io { .. }));
    let map = TiledHexMap::load(fixture()).unwrap();
    assert!(matches!(
        map.hex_grid_from_property("Walls", "Wall"),
        Err(TiledError::NoSuchLayer { .. })
    ));
}
