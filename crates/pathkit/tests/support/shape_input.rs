//! A polygon from fuzz input, shared by the area cases (`areas_case.rs`, `costs_case.rs`):
//! points on a lattice of quarter units in [-2, 18), or any `f32` points, at most
//! [`MAX_POINTS`] of them; and the mesh both cases build from such polygons.

use arbitrary::Arbitrary;
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{NavMesh, NavMeshError};

/// The most points a polygon keeps.
pub const MAX_POINTS: usize = 8;

#[derive(Arbitrary, Debug, Clone)]
pub enum Shape {
    /// Points in quarter units.
    Lattice(Vec<[u8; 2]>),
    /// Any points.
    Any(Vec<[f32; 2]>),
}

/// The polygon `shape` describes.
pub fn polygon(shape: &Shape) -> Polygon {
    match shape {
        Shape::Lattice(points) => Polygon::new(
            points
                .iter()
                .take(MAX_POINTS)
                .map(|&[x, y]| {
                    Point::new(f64::from(x % 80) / 4.0 - 2.0, f64::from(y % 80) / 4.0 - 2.0)
                })
                .collect(),
        ),
        Shape::Any(points) => Polygon::new(
            points
                .iter()
                .take(MAX_POINTS)
                .map(|&[x, y]| Point::new(f64::from(x), f64::from(y)))
                .collect(),
        ),
    }
}

/// The box the area cases build their meshes in: 16 x 16 from the origin.
pub fn bounds() -> (Point, Point) {
    (Point::new(0.0, 0.0), Point::new(16.0, 16.0))
}

/// The mesh of `obstacles` and `areas` in the box of [`bounds`], or the builder's
/// refusal after checking that it is one the builder documents for such input (a point not
/// finite or out of range, a bad radius or area id, too many crossings, a triangulation refused).
pub fn mesh_or_refusal(
    obstacles: &[Polygon],
    areas: &[(Polygon, u8)],
    radius: f64,
) -> Result<NavMesh, NavMeshError> {
    let (min, max) = bounds();
    NavMesh::from_obstacles_with_areas(obstacles, areas, radius, min, max).inspect_err(|e| {
        assert!(
            matches!(
                e,
                NavMeshError::NonFinite { .. }
                    | NavMeshError::OutOfRange { .. }
                    | NavMeshError::InvalidRadius { .. }
                    | NavMeshError::InvalidArea { .. }
                    | NavMeshError::TooManyCrossings { .. }
                    | NavMeshError::Triangulation
            ),
            "unexpected error {e:?}"
        );
    })
}
