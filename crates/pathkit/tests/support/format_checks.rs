//! What the format fuzz targets check on one input, shared by the targets
//! (`fuzz/fuzz_targets/{movingai_map,movingai_scen,tiled_tmx,grid_ascii,obstacle_graph_json}.rs`)
//! and their regression
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
    use pathkit::format::{TiledHexMap, TiledLevels, TiledMap};
    use pathkit::Pathfinder;
    // The same bytes as a multi-level map (portal objects) and as a hexagonal map: each loads
    // or gives a typed error; what loads makes its floors or hex grids.
    if let Ok(levels) = TiledLevels::from_bytes(data) {
        if let Ok((map, ids)) = levels.to_level_map("Wall") {
            assert_eq!(map.floor_count() as usize, levels.map.layers.len());
            assert_eq!(ids.len(), levels.portals.len());
            if let Ok(space) = map.eight_connected() {
                let mut ctx = pathkit::search::SearchContext::new();
                let first = pathkit::levels::Place::new(0, 0, 0);
                let last = pathkit::levels::Place::new(
                    map.floor_count() - 1,
                    levels.map.width.saturating_sub(1),
                    levels.map.height.saturating_sub(1),
                );
                // Walls, floors and portals as loaded: a search answers or gives a typed error.
                let _ = space.find_path(&mut ctx, first, last);
            }
        }
    }
    if let Ok(hex) = TiledHexMap::from_bytes(data) {
        let cells = hex.map.width as usize * hex.map.height as usize;
        for layer in &hex.map.layers {
            if let Ok(grid) = hex.hex_grid_from_property(&layer.name, "Wall") {
                assert_eq!(grid.len(), cells);
            }
        }
    }
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

/// Any bytes as JSON (with the `serde` feature): loading a `PolygonObstacle` or an
/// `ObstacleGraph` never panics. An obstacle loaded has at least 2 finite vertices and writes back
/// to JSON that loads equal; so does a graph whose numbers are all finite (JSON has no NaN or
/// infinity). A loaded graph then searches, and takes new points, obstacle removals and additions
/// without panicking: the checks on loading leave nothing that breaks it later.
#[cfg(feature = "serde")]
pub fn obstacle_graph_json(data: &[u8]) {
    use pathkit::graph::{GraphError, ObstacleGraph, PolygonObstacle};
    use pathkit::search::SearchContext;
    use pathkit::Pathfinder;

    if let Ok(obstacle) = serde_json::from_slice::<PolygonObstacle>(data) {
        assert!(obstacle.len() >= 2);
        assert!(obstacle.vertices().iter().flatten().all(|v| v.is_finite()));
        let text = serde_json::to_string(&obstacle).expect("an obstacle writes as JSON");
        let back: PolygonObstacle = serde_json::from_str(&text).expect("a written obstacle loads");
        assert_eq!(back, obstacle);
    }
    let Ok(mut graph) = serde_json::from_slice::<ObstacleGraph>(data) else {
        return;
    };
    let text = serde_json::to_string(&graph).expect("an obstacle graph writes as JSON");
    if !text.contains("null") {
        let back: ObstacleGraph = serde_json::from_str(&text).expect("a written graph loads");
        assert!(back == graph, "a written graph loads equal");
    }
    let nodes: Vec<_> = graph.graph().all_nodes().take(6).collect();
    for &a in &nodes {
        for &b in &nodes {
            graph
                .is_connection_locked(a, b)
                .expect("a node of the graph");
            match graph.find_path(&mut SearchContext::new(), a, b) {
                Ok(_)
                | Err(
                    GraphError::InvalidCost { .. }
                    | GraphError::InvalidEstimate { .. }
                    | GraphError::CostOverflow { .. },
                ) => {}
                Err(other) => panic!("find_path failed with {other:?}"),
            }
        }
    }
    let obstacles: Vec<PolygonObstacle> = graph.obstacles().cloned().collect();
    graph.add_point(0.5, -0.5).expect("a point joins the graph");
    if let Some(first) = obstacles.first() {
        graph.remove_obstacles(std::slice::from_ref(first));
        graph.add_obstacles(std::slice::from_ref(first));
    }
    graph.remove_all_obstacles();
    assert_eq!(graph.obstacles().len(), 0);
    graph.add_obstacles(&obstacles);
    assert_eq!(graph.obstacles().len(), obstacles.len());
}
