//! Any text: `HexGrid::from_ascii` never panics, refuses bad text with a typed error, and a grid
//! it accepts prints (`to_ascii`) to text that parses to the same grid; on small grids, searches
//! from the first passable hex to every hex match the hex oracle.
//!
//! The checks live in `crates/pathkit/tests/support/hex_text_case.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/hex_oracle.rs"]
mod hex_oracle;
#[path = "../../crates/pathkit/tests/support/hex_text_case.rs"]
mod hex_text_case;

fuzz_target!(|data: &[u8]| {
    hex_text_case::hex_ascii(data);
});
