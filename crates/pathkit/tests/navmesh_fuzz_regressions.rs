//! Inputs of the navigation-mesh fuzz targets, kept under `tests/fixtures/fuzz/<target>/`:
//! inputs they once failed on, and small corpus entries that reach every kind of input.
//! `navmesh_build` (obstacles, own triangles, grids) is checked by `support/navmesh_case.rs`,
//! `navmesh_tiled` (tiled meshes through edits) by `support/tiled_case.rs`, `navmesh_areas` (areas
//! and filters) by `support/areas_case.rs`, `navmesh_sizes` (several agent sizes through edits) by
//! `support/sizes_case.rs`, `navmesh_costs` (area costs, links and agents) by
//! `support/costs_case.rs`: the very code the targets run.

use crate::areas_case;
use crate::costs_case;
use crate::fuzz_inputs::replay;
use crate::navmesh_case;
use crate::sizes_case;
use crate::tiled_case;

#[test]
fn navmesh_build() {
    replay("navmesh_build", navmesh_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/navmesh_areas.rs`, kept under `tests/fixtures/fuzz/navmesh_areas/`.
#[test]
fn navmesh_areas() {
    replay("navmesh_areas", areas_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/navmesh_costs.rs`, kept under `tests/fixtures/fuzz/navmesh_costs/`.
#[test]
fn navmesh_costs() {
    replay("navmesh_costs", costs_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/navmesh_tiled.rs`, kept under `tests/fixtures/fuzz/navmesh_tiled/`.
#[test]
fn navmesh_tiled() {
    replay("navmesh_tiled", tiled_case::check_bytes);
}

/// Inputs of `fuzz/fuzz_targets/navmesh_sizes.rs`, kept under `tests/fixtures/fuzz/navmesh_sizes/`.
#[test]
fn navmesh_sizes() {
    replay("navmesh_sizes", sizes_case::check_bytes);
}

/// Found by `navmesh_build`: obstacle corners of about 1e-38 beside a box 3e6 wide made the
/// triangulator (spade 2.15) fail to locate a point ("Failed to locate position") while it
/// inserted the walls, so the mesh was refused with `Triangulation` (after a panic inside the
/// triangulator). Coordinates below the scene's resolution are zero at its scale; the mesh builds.
#[test]
fn coordinates_below_the_scene_resolution_build_a_mesh() {
    use pathkit::geometry::{Point, Polygon};
    use pathkit::navmesh::NavMesh;

    let p = |x: f32, y: f32| Point::new(f64::from(x), f64::from(y));
    let obstacles = [
        vec![
            p(2.3694278e-38, 2.3705758e-38),
            p(2.3694278e-38, -2916416.3),
            p(2.383326e-38, 2.3694278e-38),
            p(2.3694278e-38, 3.6e-43),
        ],
        vec![
            p(2.6633014e-38, 2.3694278e-38),
            p(2.3694278e-38, 2.3694278e-38),
            p(2.6633014e-38, 2.350989e-38),
            p(3.6e-43, 2.3694284e-38),
            p(2.3694278e-38, 2.3694278e-38),
            p(2.3694337e-38, 2.3694323e-38),
            p(1.0181545e-28, 9.2196e-41),
            p(2.3694278e-38, 1.0176615e-28),
        ],
        vec![
            p(2.3694278e-38, 2.3694323e-38),
            p(2.3694357e-38, 6.018531e-36),
            p(2.4060903e-38, 1e-45),
        ],
    ]
    .map(Polygon::new);
    let mesh = NavMesh::from_obstacles(
        &obstacles,
        f64::from(2.3509887e-38f32),
        p(-3369322.5, -0.0026877578),
        p(2.3771843e-38, 9.2196e-41),
    );
    assert!(mesh.is_ok(), "{:?}", mesh.err());
}
