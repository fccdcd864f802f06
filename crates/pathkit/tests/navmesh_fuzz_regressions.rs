//! Inputs of the navigation-mesh fuzz target (`fuzz/fuzz_targets/navmesh_build.rs`), kept under
//! `tests/fixtures/fuzz/navmesh_build/`: inputs it once failed on, and small corpus entries that
//! reach obstacles, own triangles and grids. Each is decoded and checked by the very code the
//! target runs (`support/navmesh_case.rs`).

use crate::fuzz_inputs::replay;
use crate::navmesh_case;

#[test]
fn navmesh_build() {
    replay("navmesh_build", navmesh_case::check_bytes);
}
