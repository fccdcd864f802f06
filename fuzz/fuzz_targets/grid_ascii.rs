//! Any text: `Grid::from_ascii` never panics, and a grid it accepts prints (`to_ascii`) to text
//! that parses to the same grid.
//!
//! The checks live in `crates/pathkit/tests/support/format_checks.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/format_checks.rs"]
mod format_checks;

fuzz_target!(|data: &[u8]| {
    format_checks::grid_ascii(data);
});
