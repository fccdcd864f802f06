//! Navigation meshes from outside data: a box, polygon obstacles (any points: degenerate,
//! overlapping, huge, NaN) and an agent radius; triangles of one's own; grids. Building never
//! panics (bad input is a typed error), queries answer or give typed errors, paths have the right
//! shape, and on grids every answer matches the visibility-graph oracle. The checks live in
//! `crates/pathkit/tests/support/navmesh_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/visibility_oracle.rs"]
mod visibility_oracle;

#[path = "../../crates/pathkit/tests/support/navmesh_case.rs"]
mod navmesh_case;

fuzz_target!(|data: &[u8]| {
    navmesh_case::check_bytes(data);
});
