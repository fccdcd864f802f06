//! Random sequences of node-graph and grid-graph operations (create, add and remove nodes, add and
//! remove connections one- or two-way, connect to the lowest-cost node, move nodes, re-open grid
//! cells, corner and diagonal rules, foreign ids, clones, JSON round trips, searches) never panic,
//! keep members and edges as a plain model of the semantics says, answer foreign ids with errors,
//! and find paths as cheap as the independent oracle's. The checks live in
//! `crates/pathkit/tests/support/node_graph_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;

#[path = "../../crates/pathkit/tests/support/node_graph_case.rs"]
mod node_graph_case;

fuzz_target!(|data: &[u8]| {
    node_graph_case::check_bytes(data);
});
