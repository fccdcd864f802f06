//! A polygon from fuzz input, shared by the area cases (`areas_case.rs`, `costs_case.rs`):
//! points on a lattice of quarter units in [-2, 18), or any `f32` points, at most
//! [`MAX_POINTS`] of them.

use arbitrary::Arbitrary;
use pathkit::geometry::{Point, Polygon};

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
