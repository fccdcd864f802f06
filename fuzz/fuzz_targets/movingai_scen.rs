//! Any bytes: `Scenario::parse` never panics, and a scenario it accepts writes back to text that
//! parses to the same problems; writing that again gives the same text.
//!
//! The checks live in `crates/pathkit/tests/support/format_checks.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/format_checks.rs"]
mod format_checks;

fuzz_target!(|data: &[u8]| {
    format_checks::movingai_scen(data);
});
