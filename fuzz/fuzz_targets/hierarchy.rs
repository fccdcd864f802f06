//! Any bytes: a grid, hierarchy options, queries and edits. Options out of range are refused
//! with typed errors; every query is answered as the independent oracle says (a valid path
//! exactly when the goal can be reached, never below the optimum); after edits the hierarchy
//! matches one built from scratch.
//!
//! The checks live in `crates/pathkit/tests/support/hierarchy_case.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/hierarchy_case.rs"]
mod hierarchy_case;
#[path = "../../crates/pathkit/tests/support/hierarchy_rules.rs"]
mod hierarchy_rules;
#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;
#[path = "../../crates/pathkit/tests/support/rules.rs"]
mod rules;

fuzz_target!(|data: &[u8]| {
    hierarchy_case::check_bytes(data);
});
