//! Navigation meshes with areas from outside data: obstacles and area polygons (on a lattice,
//! or any points; any area ids) and an agent radius, then queries under a filter. Building never
//! panics (an id of 64 or more is `InvalidArea`), every triangle's area is one given, filtered
//! paths have the right shape, and on lattice input at radius 0 a filtered length equals the
//! length with the forbidden areas as obstacles. The checks live in
//! `crates/pathkit/tests/support/areas_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/areas_case.rs"]
mod areas_case;
#[path = "../../crates/pathkit/tests/support/shape_input.rs"]
mod shape_input;

fuzz_target!(|data: &[u8]| {
    areas_case::check_bytes(data);
});
