//! Any bytes: `MovingAiMap::parse` never panics, and a map it accepts writes back to text that
//! parses to the same map and writes the same text again.
//!
//! The checks live in `crates/pathkit/tests/support/format_checks.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/format_checks.rs"]
mod format_checks;

fuzz_target!(|data: &[u8]| {
    format_checks::movingai_map(data);
});
