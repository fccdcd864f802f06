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

/// Found by `mesh_graph`: where two overlapping obstacles leave corners 1e-8 apart (a star and
/// the hexagon of its outer points, grown radially about different centres), the shortest path
/// past one corner runs 3.5e-10 from the other. The any-angle search took the ray's exit for a
/// point beside that corner, dropped the piece of edge between them as too short to search, and
/// lost the turn at the corner: the goal was unreachable (a longer way round, before the input
/// was shrunk). A ray passing within the tolerance of a vertex now leaves through the vertex.
#[test]
fn a_ray_passing_a_rounding_from_a_corner_may_turn_there() {
    use pathkit::geometry::Point;
    use pathkit::graph::{MeshGraph, PolygonObstacle};
    use pathkit::navmesh::AnyAngleSearch;
    use pathkit::Pathfinder;

    let obstacles = [
        &[
            [6.381875, 7.1362524],
            [5.3870792, 6.496042],
            [4.381942, 7.11989],
            [4.438983, 5.9382663],
            [3.3961453, 5.379716],
            [4.447982, 4.838303],
            [4.410282, 3.6559045],
            [5.4050775, 4.2961154],
            [6.410215, 3.6722667],
            [6.353174, 4.8538904],
            [7.3960114, 5.412441],
            [6.344175, 5.9538536],
        ][..],
        &[
            [6.381875, 7.1362524],
            [4.381942, 7.11989],
            [3.3961453, 5.379716],
            [4.410282, 3.6559045],
            [6.410215, 3.6722667],
            [7.3960114, 5.412441],
        ],
        &[
            [5.1026173, 3.4177253],
            [7.1869197, 4.5056357],
            [6.79634, 6.8241076],
            [4.4706464, 7.1690917],
            [3.4238684, 5.063832],
        ],
        &[
            [9.194191, 1.254727],
            [6.2085094, 3.9166255],
            [2.4103966, 2.6618986],
            [1.5979657, 0.0],
            [4.5836477, 0.0],
            [8.381761, 0.0],
        ],
    ]
    .map(|points| PolygonObstacle::new(points).unwrap());
    let mut graph = MeshGraph::new(1.25, [0.0, 0.0], [32.0, 32.0]).unwrap();
    graph.add_obstacles(&obstacles).unwrap();
    graph.triangulate().unwrap();
    let mesh = graph.mesh().unwrap();
    let path = mesh
        .find_path(
            &mut AnyAngleSearch::new(),
            Point::new(31.375, 6.0),
            Point::new(0.625, 2.125),
        )
        .unwrap()
        .into_path()
        .expect("round the obstacles' top");
    // The visibility graph's shortest path (`support/free_space_oracle.rs`): 34.58266531719627.
    assert!((path.cost - 34.582_665_317).abs() < 1e-7, "{}", path.cost);
}
