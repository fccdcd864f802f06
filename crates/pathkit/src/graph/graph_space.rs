//! [`GraphSpace`]: a node graph seen by the search core, arena slot = dense index.

use super::{CostModel, GraphError, NodeGraph, NodeId, NodeRef};
use crate::pathfinder::core_search_into;
use crate::search::{IndexedSpace, SearchContext, SearchOptions, SearchSpace, Status, TieBreak};
use crate::{Goal, Pathfinder};

/// A [`NodeGraph`] under a [`CostModel`], as a [`SearchSpace`] + [`IndexedSpace`].
///
/// Successors are a node's edges in insertion order, members or not, minus those the model's
/// [`can_traverse`](CostModel::can_traverse) refuses. A node's dense index is its arena slot, so a
/// [`SearchContext`] keeps its state in flat arrays. Ids of another graph map to no index, and the
/// search core reports them as an error.
///
/// ```
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
/// use pathkit::search::{SearchContext, SearchOptions};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
/// graph.add_connections(n[0], &[n[1]], Direction::BothWays).unwrap();
/// graph.add_connections(n[1], &[n[2]], Direction::BothWays).unwrap();
/// graph.add_connections(n[2], &[n[3]], Direction::BothWays).unwrap();
/// let space = graph.space();
/// assert!(std::ptr::eq(space.graph(), &graph));
/// let mut ctx = SearchContext::new();
/// // A cost limit stops short of the goal and returns the best partial path.
/// let outcome = AStar(&graph.space()).find_path_with(&mut ctx, n[0], n[3], &SearchOptions::new().max_cost(2.0)).unwrap();
/// assert!(!outcome.is_found());
/// ```
#[must_use = "a space does nothing until it is searched"]
pub struct GraphSpace<'g, M: ?Sized> {
    graph: &'g NodeGraph,
    model: &'g M,
}

impl<M: ?Sized> Clone for GraphSpace<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: ?Sized> Copy for GraphSpace<'_, M> {}

impl<'g, M: CostModel + ?Sized> GraphSpace<'g, M> {
    /// `graph` searched under `model`.
    ///
    /// ```
    /// use pathkit::graph::{Direction, GraphSpace, NodeGraph, NodeKind, UnitDiagonals};
    /// use pathkit::search::SearchContext;
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Cell(0, 0), NodeKind::Cell(1, 1), NodeKind::Cell(2, 2)]);
    /// graph.add_connections(n[1], &[n[0], n[2]], Direction::BothWays).unwrap();
    /// let space = GraphSpace::new(&graph, &UnitDiagonals);
    /// assert!(std::ptr::eq(space.graph(), &graph));
    /// let mut ctx = SearchContext::new();
    /// let path = AStar(&space).find_path(&mut ctx, n[0], n[2]).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 2.0);
    /// ```
    pub fn new(graph: &'g NodeGraph, model: &'g M) -> Self {
        GraphSpace { graph, model }
    }

    /// The graph searched.
    #[must_use]
    pub fn graph(&self) -> &'g NodeGraph {
        self.graph
    }
}

impl<M: CostModel + ?Sized> SearchSpace for GraphSpace<'_, M> {
    type Node = NodeId;
    type Cost = f32;

    fn successors<F: FnMut(NodeId, f32)>(&self, node: NodeId, mut visit: F) {
        let Ok(slot) = self.graph.slot(node) else {
            return;
        };
        let from = self.graph.node_ref(slot);
        for &to in &self.graph.entries[slot].out {
            let to = NodeRef {
                id: to,
                kind: self.graph.kinds[to.index as usize],
            };
            if self.model.can_traverse(from, to) {
                visit(to.id, self.model.cost(from, to));
            }
        }
    }

    fn heuristic(&self, node: NodeId, goal: NodeId) -> f32 {
        match (self.graph.slot(node), self.graph.slot(goal)) {
            (Ok(a), Ok(b)) => self
                .model
                .estimated_cost(self.graph.node_ref(a), self.graph.node_ref(b)),
            _ => 0.0,
        }
    }
}

impl<M: CostModel + ?Sized> IndexedSpace for GraphSpace<'_, M> {
    fn node_bound(&self) -> usize {
        self.graph.entries.len()
    }
    fn index_of(&self, node: NodeId) -> Option<usize> {
        self.graph.slot(node).ok()
    }
    fn node_at(&self, index: usize) -> NodeId {
        self.graph.entries[index].id
    }
}

/// Searches the graph under the model: A* with the model's estimate. The tie rule
/// ([`TieBreak::Auto`]) is the GameplayKit graphs' own: among open nodes of equal f, the one pushed
/// first ([`TieBreak::Fifo`]), neighbours pushed in edge order, so the same graph built in the same
/// order always gives the same path. Every option applies; several goals are searched at once for
/// the nearest (the estimate is the least over the goals), a goal test in Dijkstra's order.
///
/// # Errors
/// [`GraphError::ForeignNode`] for a node of another graph; [`GraphError::InvalidCost`] or
/// [`GraphError::InvalidEstimate`] when the model gives a negative or non-finite number;
/// [`GraphError::Unsupported`] for the closest point to a goal test.
///
/// ```
/// use pathkit::graph::{CostModel, Direction, NodeGraph, NodeKind, NodeRef};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// /// A closed door: the edge exists, but no one goes through it.
/// struct Locked(pathkit::graph::NodeId);
/// impl CostModel for Locked {
///     fn can_traverse(&self, _from: NodeRef, to: NodeRef) -> bool {
///         to.id != self.0
///     }
/// }
/// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
/// graph.add_connections(n[0], &[n[1], n[2]], Direction::BothWays)?;
/// graph.add_connections(n[3], &[n[1], n[2]], Direction::BothWays)?;
/// let mut ctx = SearchContext::new();
/// assert_eq!(graph.find_path(&mut ctx, n[0], n[3])?.into_nodes(), Some(vec![n[0], n[1], n[3]]));
/// let detour = graph.space_with(&Locked(n[1])).find_path(&mut ctx, n[0], n[3])?.into_nodes();
/// assert_eq!(detour, Some(vec![n[0], n[2], n[3]]));
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
impl<M: CostModel + ?Sized> Pathfinder for GraphSpace<'_, M> {
    type Node = NodeId;
    type Cost = f32;
    type Context = SearchContext<f32>;
    type Error = GraphError;

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<f32>,
        start: NodeId,
        to: Goal<'_, NodeId>,
        options: &SearchOptions<f32>,
        path: &mut Vec<NodeId>,
    ) -> Result<Status<f32>, GraphError> {
        // Nodes of another graph have no index there: `ForeignNode`.
        let mut options = *options;
        if options.tie_break == TieBreak::Auto {
            options.tie_break = TieBreak::Fifo;
        }
        Ok(core_search_into(
            ctx,
            self,
            start,
            to,
            &options,
            path,
            |_| true,
        )?)
    }
}
