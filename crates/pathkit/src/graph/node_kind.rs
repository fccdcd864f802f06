//! What a node carries: [`NodeKind`], its kind and position, and [`NodeRef`], a node as a cost
//! model sees it.

use super::NodeId;

/// The payload of a node: its kind and, for geometric kinds, its position.
///
/// The base cost rules follow GameplayKit's node classes:
///
/// | from / to | cost | estimate |
/// |---|---|---|
/// | two `Point2` nodes | Euclidean distance | Euclidean distance |
/// | two `Point3` nodes | Euclidean distance | Euclidean distance |
/// | two `Cell` nodes | Euclidean distance: 1 orthogonal, √2 diagonal | Euclidean distance |
/// | anything else (plain nodes, mixed kinds) | 1 | 0 |
///
/// Distances are computed in `f64` and rounded to the nearest `f32`, so `(0, 0)` to `(1, 1)` costs
/// exactly `1.4142135_f32`. The estimate is admissible within one geometric kind; a graph that
/// mixes kinds on one route should use plain costs or its own [`CostModel`](super::CostModel).
///
/// ```
/// use pathkit::graph::NodeKind;
///
/// assert_eq!(NodeKind::Point2(0.0, 0.0).cost_to(&NodeKind::Point2(3.0, 4.0)), 5.0);
/// assert_eq!(NodeKind::Cell(0, 0).cost_to(&NodeKind::Cell(1, 1)), std::f32::consts::SQRT_2);
/// assert_eq!(NodeKind::Plain.cost_to(&NodeKind::Cell(1, 1)), 1.0);
/// assert_eq!(NodeKind::Cell(4, 2).cell(), Some((4, 2)));
/// assert_eq!(NodeKind::Point3(0.0, 0.0, 0.0).name(), "3D point");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NodeKind {
    /// A node without position (GameplayKit's `GKGraphNode`): every move costs 1.
    #[default]
    Plain,
    /// A point in the plane (`GKGraphNode2D`); its position can be changed.
    Point2(f32, f32),
    /// A point in space (`GKGraphNode3D`); its position can be changed.
    Point3(f32, f32, f32),
    /// A grid cell (`GKGridGraphNode`); the position is fixed.
    Cell(i32, i32),
}

impl NodeKind {
    /// The base cost of the move from a node of this kind to a node of kind `to` (table above).
    ///
    /// ```
    /// use pathkit::graph::NodeKind;
    ///
    /// let a = NodeKind::Point3(1.0, 2.0, 3.0);
    /// assert_eq!(a.cost_to(&NodeKind::Point3(3.0, 5.0, 9.0)), 7.0);
    /// assert_eq!(a.cost_to(&NodeKind::Point2(1.0, 2.0)), 1.0); // mixed kinds: a plain move
    /// ```
    #[must_use]
    pub fn cost_to(&self, to: &NodeKind) -> f32 {
        self.distance(to).unwrap_or(1.0)
    }

    /// The base estimate from a node of this kind to a goal of kind `goal` (table above).
    ///
    /// ```
    /// use pathkit::graph::NodeKind;
    ///
    /// assert_eq!(NodeKind::Cell(0, 0).estimated_cost_to(&NodeKind::Cell(6, 8)), 10.0);
    /// assert_eq!(NodeKind::Plain.estimated_cost_to(&NodeKind::Plain), 0.0);
    /// ```
    #[must_use]
    pub fn estimated_cost_to(&self, goal: &NodeKind) -> f32 {
        self.distance(goal).unwrap_or(0.0)
    }

    /// The Euclidean distance between two nodes of the same geometric kind.
    fn distance(&self, other: &NodeKind) -> Option<f32> {
        let squared = match (*self, *other) {
            (NodeKind::Point2(ax, ay), NodeKind::Point2(bx, by)) => {
                sq(ax as f64 - bx as f64) + sq(ay as f64 - by as f64)
            }
            (NodeKind::Point3(ax, ay, az), NodeKind::Point3(bx, by, bz)) => {
                sq(ax as f64 - bx as f64) + sq(ay as f64 - by as f64) + sq(az as f64 - bz as f64)
            }
            (NodeKind::Cell(ax, ay), NodeKind::Cell(bx, by)) => {
                sq(ax as f64 - bx as f64) + sq(ay as f64 - by as f64)
            }
            _ => return None,
        };
        Some(squared.sqrt() as f32)
    }

    /// The cell coordinates, for a `Cell` node.
    #[must_use]
    pub fn cell(&self) -> Option<(i32, i32)> {
        match *self {
            NodeKind::Cell(x, y) => Some((x, y)),
            _ => None,
        }
    }

    /// A short name of the kind, for messages.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            NodeKind::Plain => "plain",
            NodeKind::Point2(..) => "2D point",
            NodeKind::Point3(..) => "3D point",
            NodeKind::Cell(..) => "grid cell",
        }
    }
}

fn sq(v: f64) -> f64 {
    v * v
}

/// A node as a [`CostModel`](super::CostModel) sees it: its id and its payload.
///
/// ```
/// use pathkit::graph::{CostModel, GridGraph, NodeKind, NodeRef};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// /// Nodes listed as slippery cost 5 to enter.
/// struct Ice(Vec<pathkit::graph::NodeId>);
/// impl CostModel for Ice {
///     fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
///         if self.0.contains(&to.id) { 5.0 } else { from.kind.cost_to(&to.kind) }
///     }
/// }
/// let grid = GridGraph::new((0, 0), 3, 2, Diagonal::Never).unwrap();
/// let ice = Ice(vec![grid.node_at(1, 0).unwrap()]);
/// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 0).unwrap());
/// assert_eq!(grid.space_with(&ice).find_path(&mut SearchContext::new(), a, b).unwrap().into_path().unwrap().cost, 4.0); // around
/// assert_eq!(grid.graph().kind(a), Ok(NodeKind::Cell(0, 0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeRef {
    /// The node's id (to look up per-node data the model keeps, such as terrain).
    pub id: NodeId,
    /// The node's payload.
    pub kind: NodeKind,
}
