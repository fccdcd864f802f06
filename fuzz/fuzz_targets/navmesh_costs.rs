//! Area costs on navigation meshes from outside data: obstacles and area polygons (on a lattice,
//! or any points; any area ids), an agent radius, a factor per area (any number), points per
//! edge, a spacing, a filter, off-mesh links and an agent mask, then queries to one goal or the
//! nearer of two. Bad settings are refused with their documented errors, searching never
//! panics, and every path is links and walks costing between the cheapest and the dearest
//! factor the agent may meet (exactly the one factor times the shortest length where all
//! areas cost the same). The checks live in `crates/pathkit/tests/support/costs_case.rs`,
//! shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/costs_case.rs"]
mod costs_case;
#[path = "../../crates/pathkit/tests/support/shape_input.rs"]
mod shape_input;

fuzz_target!(|data: &[u8]| {
    costs_case::check_bytes(data);
});
