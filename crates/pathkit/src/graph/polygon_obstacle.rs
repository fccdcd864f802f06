//! [`PolygonObstacle`]: GameplayKit's `GKPolygonObstacle`, an obstacle for obstacle graphs.

use super::GraphError;
use crate::geometry::{Point, Polygon};
use std::hash::{Hash, Hasher};

/// A polygon that paths go around: its vertices in order, either winding, collinear points kept.
///
/// Obstacles are values: two obstacles with the same vertices in the same order are the same
/// obstacle to an [`ObstacleGraph`](super::ObstacleGraph) (adding it again is skipped, removing
/// either removes it).
///
/// ```
/// use pathkit::graph::{GraphError, PolygonObstacle};
///
/// let pentagon = PolygonObstacle::new(&[[7.0, 12.0], [5.0, 9.0], [6.0, 6.0], [8.0, 6.0], [9.0, 9.0]]).unwrap();
/// assert_eq!(pentagon.len(), 5);
/// assert_eq!(pentagon.vertex(1), Some([5.0, 9.0]));
/// assert_eq!(pentagon.vertex(5), None);
/// assert_eq!(PolygonObstacle::new(&[[1.0, 1.0]]), Err(GraphError::ObstacleTooSmall { points: 1 }));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PolygonObstacle {
    points: Vec<[f32; 2]>,
}

impl PolygonObstacle {
    /// The obstacle with these vertices, in this order: at least 2 (a segment is a thin wall),
    /// every coordinate finite.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, PolygonObstacle};
    ///
    /// let collinear = PolygonObstacle::new(&[[10.0, 10.0], [12.0, 12.0], [14.0, 14.0]]).unwrap();
    /// assert_eq!(collinear.vertices(), &[[10.0, 10.0], [12.0, 12.0], [14.0, 14.0]]);
    /// assert!(PolygonObstacle::new(&[[0.0, 0.0], [1.0, 0.0]]).is_ok());
    /// assert_eq!(PolygonObstacle::new(&[]), Err(GraphError::ObstacleTooSmall { points: 0 }));
    /// assert_eq!(
    ///     PolygonObstacle::new(&[[0.0, 0.0], [f32::NAN, 1.0]]),
    ///     Err(GraphError::NonFiniteVertex { index: 1 })
    /// );
    /// ```
    pub fn new(points: &[[f32; 2]]) -> Result<Self, GraphError> {
        if points.len() < 2 {
            return Err(GraphError::ObstacleTooSmall {
                points: points.len(),
            });
        }
        if let Some(index) = points
            .iter()
            .position(|p| !(p[0].is_finite() && p[1].is_finite()))
        {
            return Err(GraphError::NonFiniteVertex { index });
        }
        // -0.0 and 0.0 are the same point: one form, so equal obstacles hash alike.
        let points = points.iter().map(|p| p.map(|v| v + 0.0)).collect();
        Ok(PolygonObstacle { points })
    }

    /// The number of vertices (GameplayKit's `vertexCount`).
    #[must_use]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Always `false`: an obstacle has at least 2 vertices.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Vertex `k`, or `None` past the end.
    #[must_use]
    pub fn vertex(&self, k: usize) -> Option<[f32; 2]> {
        self.points.get(k).copied()
    }

    /// Every vertex, in order.
    #[must_use]
    pub fn vertices(&self) -> &[[f32; 2]] {
        &self.points
    }

    /// The obstacle as a [`Polygon`] in `f64`.
    ///
    /// ```
    /// use pathkit::graph::PolygonObstacle;
    ///
    /// let square = PolygonObstacle::new(&[[4.0, 2.0], [4.0, 4.0], [2.0, 4.0], [2.0, 2.0]]).unwrap();
    /// assert_eq!(square.polygon().area(), 4.0);
    /// ```
    #[must_use]
    pub fn polygon(&self) -> Polygon {
        Polygon::new(self.points.iter().map(|&p| Point::from_f32(p)).collect())
    }
}

impl Eq for PolygonObstacle {}

impl Hash for PolygonObstacle {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for p in &self.points {
            state.write_u32(p[0].to_bits());
            state.write_u32(p[1].to_bits());
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PolygonObstacle {
    /// Checked as [`PolygonObstacle::new`] checks: saved data cannot make an invalid obstacle.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            points: Vec<[f32; 2]>,
        }
        let raw = Raw::deserialize(deserializer)?;
        PolygonObstacle::new(&raw.points).map_err(serde::de::Error::custom)
    }
}
