//! A random grid (up to 80 x 80, terrain weights, walls), random queries and edits: A* (fast and
//! general loop, every diagonal rule and tie rule, `f64` and `u32` costs), JPS (8- and 4-connected,
//! full and jump-point paths) and JPS+ (with cell edits) never panic and agree with the
//! independent oracle on reachability and cost. The checks live in
//! `crates/pathkit/tests/support/grid_search_case.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/oracle.rs"]
mod oracle;
#[path = "../../crates/pathkit/tests/support/rules.rs"]
mod rules;

#[path = "../../crates/pathkit/tests/support/grid_search_case.rs"]
mod grid_search_case;

fuzz_target!(|data: &[u8]| {
    grid_search_case::check_bytes(data);
});
