//! Inputs of the search fuzz targets (`fuzz/fuzz_targets/grid_search.rs`, `node_graph_ops.rs`,
//! `obstacle_graph.rs`, `hierarchy.rs`, `mesh_graph.rs`), kept under `tests/fixtures/fuzz/<target>/`: inputs a target once failed
//! on, and small corpus entries that reach edge cases. Each is decoded and checked by the very
//! code the target runs (`support/grid_search_case.rs`, `support/hierarchy_case.rs`, `support/node_graph_case.rs`,
//! `support/obstacle_graph_case.rs`, `support/mesh_graph_case.rs`); a target without kept inputs fails.

use crate::grid_search_case;

use crate::building_case;
use crate::clearance_case;
use crate::hierarchy_case;

use crate::mesh_graph_case;

use crate::node_graph_case;

use crate::obstacle_graph_case;

use crate::fuzz_inputs;

use fuzz_inputs::{check_that_nothing_to_replay_fails, replay};

#[test]
fn grid_search() {
    replay("grid_search", grid_search_case::check_bytes);
}

#[test]
fn hierarchy() {
    replay("hierarchy", hierarchy_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/building.rs`, kept under `tests/fixtures/fuzz/building/`.
#[test]
fn building() {
    replay("building", building_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/clearance_hierarchy.rs`, kept under
/// `tests/fixtures/fuzz/clearance_hierarchy/`.
#[test]
fn clearance_hierarchy() {
    replay("clearance_hierarchy", clearance_case::check_bytes);
}

#[test]
fn mesh_graph() {
    replay("mesh_graph", mesh_graph_case::check_bytes);
}

#[test]
fn node_graph_ops() {
    replay("node_graph_ops", node_graph_case::check_bytes);
}

#[test]
fn obstacle_graph() {
    replay("obstacle_graph", obstacle_graph_case::check_bytes);
}

#[test]
fn nothing_to_replay_is_a_failure() {
    check_that_nothing_to_replay_fails();
}
