//! Any bytes: a grid, the largest agent size, hierarchy options, then queries of agents of any
//! size and edits (`ClearanceHierarchy`). Options out of range and sizes above the largest are
//! refused with typed errors; every size's hierarchy searches exactly the cells where that size
//! fits, after every edit; every query is answered as the independent oracle says on that map
//! (a valid path exactly when the goal can be reached, never below the optimum).
//!
//! The checks live in `crates/pathkit/tests/support/clearance_case.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/clearance_case.rs"]
mod clearance_case;
#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;

fuzz_target!(|data: &[u8]| {
    clearance_case::check_bytes(data);
});
