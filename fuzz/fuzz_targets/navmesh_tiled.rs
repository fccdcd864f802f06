//! Tiled navigation meshes from outside data: a box, an agent radius, a tile size and polygon
//! obstacles (on a lattice, or any points: degenerate, overlapping, huge, NaN), then obstacles
//! added, moved and removed. Building and edits never panic (bad input is a typed error, and a
//! refused edit changes nothing), the mesh stays well formed, and on lattice input it covers the
//! space a mesh built from scratch covers, with paths as long. The checks live in
//! `crates/pathkit/tests/support/tiled_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/tiled_case.rs"]
mod tiled_case;

fuzz_target!(|data: &[u8]| {
    tiled_case::check_bytes(data);
});
