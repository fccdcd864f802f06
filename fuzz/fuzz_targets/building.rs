//! Buildings of tile and open floors (`Building`) from any bytes: floors, doorways (any spot,
//! any cost) and queries. Building, doorways and queries give a value or a documented error;
//! paths start and end where their spots stand; on lattice input whose rectangles keep apart,
//! every cost is the oracles' (the grid oracle, the free-space oracle, Dijkstra over the
//! doorways). The checks live in `crates/pathkit/tests/support/building_case.rs`, shared with
//! the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/building_case.rs"]
mod building_case;
#[path = "../../crates/pathkit/tests/support/free_space_oracle.rs"]
mod free_space_oracle;
#[path = "../../crates/pathkit/tests/support/growth_oracle.rs"]
mod growth_oracle;
#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;
#[path = "../../crates/pathkit/tests/support/visibility_oracle.rs"]
mod visibility_oracle;

fuzz_target!(|data: &[u8]| {
    building_case::check_bytes(data);
});
