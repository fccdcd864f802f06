//! Any bytes as JSON: loading a `LevelMap` never panics; what loads keeps what every map keeps,
//! writes back to JSON that loads equal, and searches (on small maps, as the independent oracle
//! of `crates/pathkit/tests/support/levels_oracle.rs` does), before and after its portals are
//! edited through their loaded handles. The checks live in
//! `crates/pathkit/tests/support/level_map_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/level_map_case.rs"]
mod level_map_case;
#[path = "../../crates/pathkit/tests/support/levels_oracle.rs"]
mod levels_oracle;

fuzz_target!(|data: &[u8]| {
    level_map_case::level_map_json(data);
});
