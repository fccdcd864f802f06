//! What a subgoal graph costs to build and hold, map by map, beside JPS+'s table: build time,
//! subgoals, edges, shortcuts, memory.
//!
//! ```text
//! cargo run --release -p pathkit-games --example subgoal_build -- MAP.map [MAP.map ...]
//! ```
//!
//! One tab-separated line per map: `map width height subgoals core edges shortcuts subgoal_ms
//! subgoal_bytes jps_plus_ms jps_plus_bytes` (`core`: the subgoals left uncontracted, searched
//! with A*). Each build is timed once, from the loaded grid.

use pathkit::format::MovingAiMap;
use pathkit::jps::JpsPlus;
use pathkit::subgoal::SubgoalGraph;
use std::process::ExitCode;
use std::time::Instant;

fn run(paths: &[String]) -> Result<(), String> {
    if paths.is_empty() {
        return Err("usage: subgoal_build MAP.map [MAP.map ...]".into());
    }
    println!("map\twidth\theight\tsubgoals\tcore\tedges\tshortcuts\tsubgoal_ms\tsubgoal_bytes\tjps_plus_ms\tjps_plus_bytes");
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let map = MovingAiMap::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let grid = map.to_grid().map_err(|e| format!("{path}: {e}"))?;
        let clock = Instant::now();
        let graph = SubgoalGraph::new(grid.clone()).map_err(|e| format!("{path}: {e}"))?;
        let graph_ms = clock.elapsed().as_secs_f64() * 1e3;
        let clock = Instant::now();
        let plus = JpsPlus::new(grid.clone()).map_err(|e| format!("{path}: {e}"))?;
        let plus_ms = clock.elapsed().as_secs_f64() * 1e3;
        let name = std::path::Path::new(path)
            .file_stem()
            .map_or(path.as_str(), |s| s.to_str().unwrap_or(path));
        println!(
            "{name}\t{}\t{}\t{}\t{}\t{}\t{}\t{graph_ms:.1}\t{}\t{plus_ms:.1}\t{}",
            grid.width(),
            grid.height(),
            graph.subgoal_count(),
            graph.core_count(),
            graph.edge_count(),
            graph.shortcut_count(),
            graph.memory_bytes(),
            plus.memory_bytes()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
