//! Any bytes: `TiledMap::from_bytes` never panics (nor do the `tiled` crate and the checks before
//! it), and a map it accepts has full-size layers that make grids.
//!
//! The checks live in `crates/pathkit/tests/support/format_checks.rs`, shared with the
//! regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/format_checks.rs"]
mod format_checks;

fuzz_target!(|data: &[u8]| {
    format_checks::tiled_tmx(data);
});
