//! What the format fuzz targets check on one input, shared by the targets
//! (`fuzz/fuzz_targets/{movingai_map,movingai_scen,tiled_tmx,grid_ascii}.rs`) and their regression
//! replay (`tests/format_fuzz_regressions.rs`), which include this file with `#[path]`: a parser
//! never panics, and what it accepts writes back to text that parses to the same value.

#![allow(dead_code)] // Each including crate uses its own part.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::Grid;

/// Any bytes: `MovingAiMap::parse` never panics, and a map it accepts writes back to text that
/// parses to the same map and writes the same text again; the map makes a grid of its size.
pub fn movingai_map(data: &[u8]) {
    let Ok(map) = MovingAiMap::parse(data) else {
        return;
    };
    let text = map.to_string();
    let again = MovingAiMap::parse(text.as_bytes()).expect("a written map parses");
    assert_eq!(again, map);
    assert_eq!(again.to_string(), text);
    let grid = map.to_grid().expect("a parsed map fits in a grid");
    assert_eq!((grid.width(), grid.height()), (map.width(), map.height()));
}

/// Any bytes: `Scenario::parse` never panics, and a scenario it accepts writes back to text that
/// parses to the same problems, version, separator and line ending; writing that again gives the
/// same text.
pub fn movingai_scen(data: &[u8]) {
    let Ok(scen) = Scenario::parse(data) else {
        return;
    };
    let text = scen.to_string();
    let again = Scenario::parse(text.as_bytes()).expect("a written scenario parses");
    assert_eq!(again.entries(), scen.entries());
    assert_eq!(again.version(), scen.version());
    assert_eq!(again.separator(), scen.separator());
    assert_eq!(again.line_ending(), scen.line_ending());
    assert_eq!(again.to_string(), text);
    assert!(scen.tolerance() > 0.0 && scen.tolerance().is_finite());
}

/// Any bytes: `TiledMap::from_bytes` never panics (nor do the `tiled` crate and the checks before
/// it), and a map it accepts has full-size layers that make grids.
#[cfg(feature = "tiled")]
pub fn tiled_tmx(data: &[u8]) {
    use pathkit::format::TiledMap;
    let Ok(map) = TiledMap::from_bytes(data) else {
        return;
    };
    let cells = map.width as usize * map.height as usize;
    for layer in &map.layers {
        assert_eq!(layer.tiles.len(), cells);
        let grid = map
            .grid_from_property(&layer.name, "Wall")
            .expect("a layer makes a grid");
        assert_eq!(grid.len(), cells);
    }
}

/// Any text: `Grid::from_ascii` never panics, and a grid it accepts prints (`to_ascii`) to text
/// that parses to the same grid.
pub fn grid_ascii(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = Grid::from_ascii(text) else {
        return;
    };
    let printed = grid.to_ascii();
    let again = Grid::from_ascii(&printed).expect("a printed grid parses");
    assert_eq!(again, grid);
}
