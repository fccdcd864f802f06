//! Inputs of the format fuzz targets (`fuzz/`), kept under `tests/fixtures/fuzz/<target>/`:
//! inputs a target once failed on, and small corpus entries that reach the parsers' edge cases.
//! Each runs through the very checks the target runs (`support/format_checks.rs`,
//! `support/hex_text_case.rs`, `support/level_map_case.rs`, `support/saved_values_case.rs`); a
//! target without kept inputs fails.

use crate::format_checks;
use crate::fuzz_inputs::{check_that_nothing_to_replay_fails, replay};
use crate::hex_text_case;
#[cfg(feature = "serde")]
use crate::level_map_case;
#[cfg(feature = "serde")]
use crate::saved_values_case;

#[cfg(feature = "tiled")]
#[test]
fn tiled_tmx() {
    replay("tiled_tmx", format_checks::tiled_tmx);
}

#[test]
fn movingai_map() {
    replay("movingai_map", format_checks::movingai_map);
}

#[test]
fn movingai_scen() {
    replay("movingai_scen", format_checks::movingai_scen);
}

#[test]
fn grid_ascii() {
    replay("grid_ascii", format_checks::grid_ascii);
}

#[cfg(feature = "serde")]
#[test]
fn obstacle_graph_json() {
    replay("obstacle_graph_json", format_checks::obstacle_graph_json);
}

#[cfg(feature = "serde")]
#[test]
fn level_map_json() {
    replay("level_map_json", level_map_case::level_map_json);
}

#[cfg(feature = "serde")]
#[test]
fn navmesh_json() {
    replay("navmesh_json", saved_values_case::navmesh_json);
}

#[cfg(feature = "serde")]
#[test]
fn node_graph_json() {
    replay("node_graph_json", saved_values_case::node_graph_json);
}

#[cfg(feature = "serde")]
#[test]
fn grid_graph_json() {
    replay("grid_graph_json", saved_values_case::grid_graph_json);
}

#[cfg(feature = "serde")]
#[test]
fn grid_json() {
    replay("grid_json", saved_values_case::grid_json);
}

#[test]
fn hex_ascii() {
    replay("hex_ascii", hex_text_case::hex_ascii);
}

#[test]
fn nothing_to_replay_is_a_failure() {
    check_that_nothing_to_replay_fails();
}
