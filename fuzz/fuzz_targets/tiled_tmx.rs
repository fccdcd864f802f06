//! Any bytes: `TiledMap::from_bytes` never panics (nor do the `tiled` crate and the checks before
//! it), and a map it accepts has full-size layers that make grids.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathkit::format::TiledMap;

fuzz_target!(|data: &[u8]| {
    let Ok(map) = TiledMap::from_bytes(data) else {
        return;
    };
    let cells = map.width as usize * map.height as usize;
    for layer in &map.layers {
        assert_eq!(layer.tiles.len(), cells);
        let grid = map.grid_from_property(&layer.name, "Wall").expect("a layer makes a grid");
        assert_eq!(grid.len(), cells);
    }
});
