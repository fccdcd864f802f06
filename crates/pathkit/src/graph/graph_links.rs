//! [`GraphLinks`]: off-mesh links (jumps, ladders, doors, teleporters) in the GameplayKit
//! graphs, as a cost model.

use super::{BaseCosts, CostModel, Direction, GraphError, NodeGraph, NodeId, NodeRef};

/// One link: its ends as they were linked, its cost, and whether it goes both ways.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GraphLink {
    from: NodeRef,
    to: NodeRef,
    cost: f32,
    direction: Direction,
}

/// Off-mesh links in a GameplayKit graph ([`NodeGraph`], the graph of an
/// [`ObstacleGraph`](super::ObstacleGraph) or a [`GridGraph`](super::GridGraph)): connections
/// between two nodes (a ledge and the floor below, the two ends of a teleporter) that cost what
/// the link says, not the distance between the nodes. [`connect`](Self::connect) adds the
/// connections to the graph; searching with the links as the cost model
/// (`graph.space_with(&links)`) prices them, and keeps the estimate admissible: from a node, no
/// path is cheaper than the graph's own estimate to the goal or than reaching a link's entry and
/// paying for it, whichever is less. Paths stay optimal.
///
/// Every other edge costs what the base costs say ([`BaseCosts`]: the distance between 2D or 3D
/// nodes). A link's ends are priced where they stood when linked.
///
/// ```
/// use pathkit::graph::{Direction, GraphLinks, NodeGraph, NodeKind};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A corridor of three rooms, and a teleporter from the first to the last.
/// let (mut graph, n) = NodeGraph::with_nodes([
///     NodeKind::Point2(0.0, 0.0),
///     NodeKind::Point2(10.0, 0.0),
///     NodeKind::Point2(20.0, 0.0),
/// ]);
/// graph.add_connections(n[0], &[n[1]], Direction::BothWays)?;
/// graph.add_connections(n[1], &[n[2]], Direction::BothWays)?;
/// let mut links = GraphLinks::new();
/// links.link(&graph, n[0], n[2], 1.5, Direction::OneWay)?;
/// links.connect(&mut graph)?;
/// let mut ctx = SearchContext::new();
/// let path = graph.space_with(&links).find_path(&mut ctx, n[0], n[2])?.into_path().unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![n[0], n[2]], 1.5));
/// // One way only: back, the walk.
/// let back = graph.space_with(&links).find_path(&mut ctx, n[2], n[0])?.into_path().unwrap();
/// assert_eq!(back.cost, 20.0);
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GraphLinks {
    links: Vec<GraphLink>,
}

impl GraphLinks {
    /// No links.
    #[must_use]
    pub fn new() -> GraphLinks {
        GraphLinks::default()
    }

    /// Links `from` to `to` of `graph` at `cost`, one way or both ways. Add the connection
    /// with [`connect`](Self::connect) (or `graph.add_connections`).
    ///
    /// # Errors
    /// [`GraphError::InvalidCost`] for a cost that is negative or not finite;
    /// [`GraphError::ForeignNode`] for a node `graph` does not hold. Nothing is linked then.
    pub fn link(
        &mut self,
        graph: &NodeGraph,
        from: NodeId,
        to: NodeId,
        cost: f32,
        direction: Direction,
    ) -> Result<(), GraphError> {
        if !(cost.is_finite() && cost >= 0.0) {
            return Err(GraphError::InvalidCost { from, to, cost });
        }
        let end = |id: NodeId| -> Result<NodeRef, GraphError> {
            Ok(NodeRef {
                id,
                kind: graph.kind(id)?,
            })
        };
        let (from, to) = (end(from)?, end(to)?);
        self.links.push(GraphLink {
            from,
            to,
            cost,
            direction,
        });
        Ok(())
    }

    /// Adds every link's connection to `graph` (both ways for a link that goes both ways).
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`] for a link of another graph; the links before it are
    /// connected.
    pub fn connect(&self, graph: &mut NodeGraph) -> Result<(), GraphError> {
        for l in &self.links {
            graph.add_connections(l.from.id, &[l.to.id], l.direction)?;
        }
        Ok(())
    }

    /// The cheapest link from `from` to `to` (that way), if any.
    fn link_cost(&self, from: NodeId, to: NodeId) -> Option<f32> {
        self.links
            .iter()
            .filter(|l| {
                (l.from.id, l.to.id) == (from, to)
                    || (l.direction == Direction::BothWays) && (l.to.id, l.from.id) == (from, to)
            })
            .map(|l| l.cost)
            .reduce(f32::min)
    }
}

impl CostModel for GraphLinks {
    /// A link's cost (or the base cost, should the two nodes also be joined by a walk that is
    /// cheaper); the base cost elsewhere.
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        let walk = BaseCosts.cost(from, to);
        match self.link_cost(from.id, to.id) {
            Some(link) => link.min(walk),
            None => walk,
        }
    }

    /// The base estimate, or less: a path taking a link first reaches its entry (no cheaper
    /// than the base estimate there) and pays for it.
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        let mut best = BaseCosts.estimated_cost(from, goal);
        for l in &self.links {
            let back = (l.direction == Direction::BothWays).then_some(l.to);
            for entry in [Some(l.from), back].into_iter().flatten() {
                best = best.min(BaseCosts.estimated_cost(from, entry) + l.cost);
            }
        }
        best
    }
}
