//! What a node carries ([`NodeKind`]) and how moving between nodes is priced ([`CostModel`]).

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
/// mixes kinds on one route should use plain costs or its own [`CostModel`].
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
    pub fn cost_to(&self, to: &NodeKind) -> f32 {
        self.distance(to).unwrap_or(1.0)
    }

    /// The base estimate from a node of this kind to a goal of kind `goal` (table above).
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
    pub fn cell(&self) -> Option<(i32, i32)> {
        match *self {
            NodeKind::Cell(x, y) => Some((x, y)),
            _ => None,
        }
    }

    /// A short name of the kind, for messages.
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

/// A node as a [`CostModel`] sees it: its id and its payload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeRef {
    /// The node's id (to look up per-node data the model keeps, such as terrain).
    pub id: NodeId,
    /// The node's payload.
    pub kind: NodeKind,
}

/// How a search prices moves: GameplayKit's `costToNode:` and `estimatedCostToNode:` overrides,
/// as a value instead of a subclass.
///
/// Every method has a default, so a model overrides only what it changes. `cost` is asked only
/// along existing edges. `estimated_cost` must never exceed the real remaining cost, or paths may
/// not be the shortest. A NaN, infinite or negative value met by a search stops it with
/// [`GraphError::InvalidCost`](super::GraphError::InvalidCost) or
/// [`GraphError::InvalidEstimate`](super::GraphError::InvalidEstimate).
///
/// ```
/// use pathkit::graph::{CostModel, GridGraph, NodeKind, NodeRef};
/// use pathkit::grid::Diagonal;
///
/// /// Cells in column 1 are mud: entering one costs three times as much.
/// struct Mud;
/// impl CostModel for Mud {
///     fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
///         let base = from.kind.cost_to(&to.kind);
///         if to.kind.cell().is_some_and(|(x, _)| x == 1) { 3.0 * base } else { base }
///     }
/// }
///
/// let grid = GridGraph::new((0, 0), 3, 2, Diagonal::Never).unwrap();
/// let (start, goal) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 0).unwrap());
/// let path = grid.find_path_with(&Mud, start, goal).unwrap().into_nodes().unwrap();
/// assert_eq!(path.len(), 3); // the mud column must be crossed: straight through is still cheapest
/// ```
pub trait CostModel {
    /// The cost of the move along the edge `from` → `to`. Default: [`NodeKind::cost_to`].
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        from.kind.cost_to(&to.kind)
    }

    /// An admissible estimate of the cost from `from` to `goal`. Default:
    /// [`NodeKind::estimated_cost_to`].
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        from.kind.estimated_cost_to(&goal.kind)
    }

    /// Whether a search may use the edge `from` → `to` at all (per-agent rules, closed doors).
    /// Default: every edge.
    fn can_traverse(&self, from: NodeRef, to: NodeRef) -> bool {
        let _ = (from, to);
        true
    }
}

impl<M: CostModel + ?Sized> CostModel for &M {
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        (**self).cost(from, to)
    }
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        (**self).estimated_cost(from, goal)
    }
    fn can_traverse(&self, from: NodeRef, to: NodeRef) -> bool {
        (**self).can_traverse(from, to)
    }
}

/// The base rules of [`NodeKind`], unchanged: what [`NodeGraph::find_path`](super::NodeGraph::find_path) uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseCosts;

impl CostModel for BaseCosts {}

/// Grid cells priced by Chebyshev distance: a diagonal move costs 1, like an orthogonal one, and
/// the estimate is the Chebyshev distance (admissible under that cost). Other kinds keep the base
/// rules. This is the unit-diagonal model of some GameplayKit reimplementations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitDiagonals;

impl UnitDiagonals {
    fn chebyshev(a: &NodeKind, b: &NodeKind) -> Option<f32> {
        match (*a, *b) {
            (NodeKind::Cell(ax, ay), NodeKind::Cell(bx, by)) => {
                let dx = (ax as i64 - bx as i64).abs();
                let dy = (ay as i64 - by as i64).abs();
                Some(dx.max(dy) as f32)
            }
            _ => None,
        }
    }
}

impl CostModel for UnitDiagonals {
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        Self::chebyshev(&from.kind, &to.kind).unwrap_or_else(|| from.kind.cost_to(&to.kind))
    }
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        Self::chebyshev(&from.kind, &goal.kind)
            .unwrap_or_else(|| from.kind.estimated_cost_to(&goal.kind))
    }
}
