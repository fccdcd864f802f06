//! [`AgentPath`]: GameplayKit's `GKPath`, the route an agent follows, built from points or nodes.

use super::{GraphError, NodeGraph, NodeId, NodeKind};

/// A polyline with a radius for an agent to follow (GameplayKit's `GKPath`).
///
/// It always holds at least 2 finite points: a single point is no path to follow, and GameplayKit
/// refuses it too ("Single node paths are not allowed"). Building one from fewer points is
/// [`GraphError::PathTooShort`].
///
/// ```
/// use pathkit::graph::{AgentPath, GridGraph, GraphError};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = GridGraph::new((0, 0), 3, 1, Diagonal::Never).unwrap();
/// let nodes = grid.find_path(&mut SearchContext::new(), grid.node_at(0, 0).unwrap(), grid.node_at(2, 0).unwrap()).unwrap().into_nodes().unwrap();
/// let path = AgentPath::from_nodes(grid.graph(), &nodes, 0.5).unwrap();
/// assert_eq!(path.points(), &[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]);
/// assert_eq!((path.radius(), path.is_cyclical(), path.length()), (0.5, false, 2.0));
/// assert!(matches!(AgentPath::from_nodes(grid.graph(), &nodes[..1], 0.5), Err(GraphError::PathTooShort { len: 1 })));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AgentPath {
    points: Vec<(f32, f32)>,
    radius: f32,
    cyclical: bool,
}

impl AgentPath {
    /// A path through `points` in order, `radius` wide on each side; `cyclical` closes the loop
    /// from the last point back to the first.
    ///
    /// ```
    /// use pathkit::graph::{AgentPath, GraphError};
    ///
    /// let patrol = AgentPath::from_points(vec![(0.0, 0.0), (3.0, 4.0), (3.0, 0.0)], 0.5, true).unwrap();
    /// assert_eq!(patrol.length(), 12.0); // 5 + 4 + 3 back to the start
    /// assert_eq!((patrol.radius(), patrol.is_cyclical()), (0.5, true));
    /// let bad = AgentPath::from_points(vec![(0.0, 0.0), (f32::NAN, 1.0)], 0.5, false);
    /// assert_eq!(bad, Err(GraphError::NonFinitePoint { index: 1 }));
    /// assert!(matches!(AgentPath::from_points(vec![(0.0, 0.0), (1.0, 0.0)], -1.0, false), Err(GraphError::InvalidRadius { .. })));
    /// ```
    pub fn from_points(
        points: Vec<(f32, f32)>,
        radius: f32,
        cyclical: bool,
    ) -> Result<Self, GraphError> {
        if points.len() < 2 {
            return Err(GraphError::PathTooShort { len: points.len() });
        }
        if let Some(i) = points
            .iter()
            .position(|p| !p.0.is_finite() || !p.1.is_finite())
        {
            return Err(GraphError::NonFinitePoint { index: i });
        }
        if !(radius.is_finite() && radius >= 0.0) {
            return Err(GraphError::InvalidRadius { radius });
        }
        Ok(AgentPath {
            points,
            radius,
            cyclical,
        })
    }

    /// A path through the positions of graph nodes (2D points, or grid cells at their integer
    /// coordinates), such as a path found by a search. Not cyclical.
    ///
    /// ```
    /// use pathkit::graph::{AgentPath, Direction, GraphError, NodeGraph, NodeKind};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(0.0, 2.0), NodeKind::Plain]);
    /// graph.add_connections(n[0], &[n[1]], Direction::BothWays).unwrap();
    /// let nodes = graph.find_path(&mut SearchContext::new(), n[0], n[1]).unwrap().into_nodes().unwrap();
    /// let path = AgentPath::from_nodes(&graph, &nodes, 1.0).unwrap();
    /// assert_eq!((path.points(), path.length()), (&[(0.0, 0.0), (0.0, 2.0)][..], 2.0));
    /// // A plain node has no position to follow.
    /// assert!(matches!(AgentPath::from_nodes(&graph, &[n[0], n[2]], 1.0), Err(GraphError::KindMismatch { .. })));
    /// ```
    pub fn from_nodes(
        graph: &NodeGraph,
        nodes: &[NodeId],
        radius: f32,
    ) -> Result<Self, GraphError> {
        let points = nodes
            .iter()
            .map(|&node| match graph.kind(node)? {
                NodeKind::Point2(x, y) => Ok((x, y)),
                NodeKind::Cell(x, y) => Ok((x as f32, y as f32)),
                _ => Err(GraphError::KindMismatch {
                    node,
                    expected: "2D point or grid cell",
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_points(points, radius, false)
    }

    /// The points, in order (at least 2).
    #[must_use]
    pub fn points(&self) -> &[(f32, f32)] {
        &self.points
    }

    /// Half the width of the path.
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// Whether the path loops from its last point back to its first.
    #[must_use]
    pub fn is_cyclical(&self) -> bool {
        self.cyclical
    }

    /// The length of the polyline (including the closing segment of a cyclical path).
    ///
    /// ```
    /// use pathkit::graph::AgentPath;
    ///
    /// let line = AgentPath::from_points(vec![(0.0, 0.0), (0.0, 3.0), (4.0, 3.0)], 0.0, false).unwrap();
    /// assert_eq!(line.length(), 7.0);
    /// let closed = AgentPath::from_points(line.points().to_vec(), 0.0, true).unwrap();
    /// assert_eq!(closed.length(), 12.0); // and the 5 back
    /// ```
    #[must_use]
    pub fn length(&self) -> f32 {
        let segment = |a: &(f32, f32), b: &(f32, f32)| {
            ((a.0 as f64 - b.0 as f64).hypot(a.1 as f64 - b.1 as f64)) as f32
        };
        let mut total: f32 = self.points.windows(2).map(|w| segment(&w[0], &w[1])).sum();
        if self.cyclical {
            total += segment(&self.points[self.points.len() - 1], &self.points[0]);
        }
        total
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for AgentPath {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            points: Vec<(f32, f32)>,
            radius: f32,
            cyclical: bool,
        }
        let raw = Raw::deserialize(deserializer)?;
        AgentPath::from_points(raw.points, raw.radius, raw.cyclical)
            .map_err(serde::de::Error::custom)
    }
}
