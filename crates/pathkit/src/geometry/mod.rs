//! Plane geometry for obstacles and navigation: points, segments, polygons, the visibility rule
//! and extrusion by a buffer radius.
//!
//! | item | what it is |
//! |---|---|
//! | [`Point`] | a point or vector in `f64`, with the orientation test |
//! | [`segments_cross`] | whether two segments cross (touching is not crossing) |
//! | [`Polygon`] | vertices in order, either winding: area, centroid, containment, [`blocks`](Polygon::blocks) |
//! | [`Extrusion`] | radial (GameplayKit's) or mitre growth by a radius |
//!
//! Every predicate decides by the sign of exact orientation tests on the `f64` images of `f32`
//! coordinates, so answers do not depend on the order of the arguments. Obstacle graphs
//! ([`ObstacleGraph`](crate::graph::ObstacleGraph)) are built on it.
//!
//! ```
//! use pathkit::geometry::{Extrusion, Point, Polygon};
//!
//! let wall = Polygon::new(vec![
//!     Point::new(2.0, 0.0), Point::new(3.0, 0.0), Point::new(3.0, 5.0), Point::new(2.0, 5.0),
//! ]);
//! let (a, b) = (Point::new(0.0, 1.0), Point::new(5.0, 1.0));
//! assert!(wall.blocks(a, b));
//! let grown = wall.extruded(0.5, Extrusion::Mitre);
//! assert!(grown.blocks(Point::new(0.0, 5.25), Point::new(5.0, 5.25))); // within the buffer
//! assert!(!grown.blocks(Point::new(0.0, 5.75), Point::new(5.0, 5.75)));
//! ```

mod point;
mod polygon;
mod segment;

pub use point::Point;
pub use polygon::{Extrusion, Polygon};
pub(crate) use segment::on_segment;
pub use segment::segments_cross;
