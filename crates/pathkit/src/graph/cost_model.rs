//! How moving between nodes is priced: [`CostModel`], GameplayKit's cost overrides as a value,
//! and the two models that come with the crate.

use super::{NodeKind, NodeRef};

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
/// use pathkit::graph::{CostModel, GridGraph, NodeRef};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
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
/// let path = grid.space_with(&Mud).find_path(&mut SearchContext::new(), start, goal).unwrap().into_nodes().unwrap();
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

/// The base rules of [`NodeKind`], unchanged: what a [`NodeGraph`](super::NodeGraph)'s [`Pathfinder`](crate::Pathfinder) search uses.
///
/// ```
/// use pathkit::graph::{BaseCosts, NodeGraph, NodeKind};
///
/// let (graph, n) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(3.0, 4.0), NodeKind::Plain]);
/// assert_eq!(graph.cost_with(&BaseCosts, n[0], n[1]).unwrap(), 5.0);
/// assert_eq!(graph.cost_with(&BaseCosts, n[0], n[2]).unwrap(), 1.0); // kinds differ: a plain move
/// assert_eq!(graph.cost(n[0], n[1]).unwrap(), 5.0); // the same rules
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseCosts;

impl CostModel for BaseCosts {}

/// Grid cells priced by Chebyshev distance: a diagonal move costs 1, like an orthogonal one, and
/// the estimate is the Chebyshev distance (admissible under that cost). Other kinds keep the base
/// rules. This is the unit-diagonal model of some GameplayKit reimplementations.
///
/// ```
/// use pathkit::graph::{GridGraph, UnitDiagonals};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = GridGraph::new((0, 0), 4, 4, Diagonal::NoCornerCutting).unwrap();
/// let (start, goal) = (grid.node_at(0, 0).unwrap(), grid.node_at(3, 2).unwrap());
/// let base = grid.find_path(&mut SearchContext::new(), start, goal).unwrap().into_path().unwrap();
/// let unit = grid.space_with(&UnitDiagonals).find_path(&mut SearchContext::new(), start, goal).unwrap().into_path().unwrap();
/// assert_eq!(unit.cost, 3.0); // Chebyshev distance
/// assert!(base.cost > 3.8 && base.cost < 3.9); // 1 + 2√2
/// ```
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
