//! Any bytes as JSON: loading a `GridGraph` never panics; what loads keeps what every `GridGraph` keeps,
//! writes back to JSON that loads equal, and answers searches and queries (or gives typed errors)
//! before and after an edit or two. The checks live in
//! `crates/pathkit/tests/support/saved_values_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;
#[path = "../../crates/pathkit/tests/support/saved_values_case.rs"]
mod saved_values_case;

fuzz_target!(|data: &[u8]| {
    saved_values_case::grid_graph_json(data);
});
