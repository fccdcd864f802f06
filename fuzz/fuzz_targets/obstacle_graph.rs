//! Random obstacle graphs: a buffer radius (NaN, infinite and negative included), obstacles from
//! arbitrary point lists (degenerate, collinear, repeated, self-intersecting, huge, NaN), removals,
//! user nodes connected plainly or leaving obstacles out, plain nodes and edges, locks, searches,
//! foreign ids, clones and JSON round trips never panic and keep the graph's invariants. The
//! checks live in `crates/pathkit/tests/support/obstacle_graph_case.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/obstacle_graph_case.rs"]
mod obstacle_graph_case;

fuzz_target!(|data: &[u8]| {
    obstacle_graph_case::check_bytes(data);
});
