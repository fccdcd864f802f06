//! Several agent sizes on one map from outside data (`AgentSizes`): a box, up to three radii, a
//! tile size and polygon obstacles (on a lattice, or any points), then edits, each followed by
//! an agent asking for its size's mesh. Building, edits and lazily built meshes never panic
//! (bad input is a typed error, and a refused edit changes no mesh), every mesh built stays
//! well formed, and on lattice input each covers the space a mesh built from scratch for its
//! radius covers, with paths as long. The checks live in
//! `crates/pathkit/tests/support/sizes_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/tiled_case.rs"]
mod tiled_case;

#[path = "../../crates/pathkit/tests/support/sizes_case.rs"]
mod sizes_case;

fuzz_target!(|data: &[u8]| {
    sizes_case::check_bytes(data);
});
