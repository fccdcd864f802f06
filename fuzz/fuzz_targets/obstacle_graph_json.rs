//! Any bytes as JSON: loading a `PolygonObstacle` or an `ObstacleGraph` never panics; what loads
//! writes back to JSON that loads equal, and a loaded graph searches and takes new points and
//! obstacle changes without panicking. The checks live in
//! `crates/pathkit/tests/support/format_checks.rs`, shared with the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/format_checks.rs"]
mod format_checks;

fuzz_target!(|data: &[u8]| {
    format_checks::obstacle_graph_json(data);
});
