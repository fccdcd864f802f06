//! [`GraphSpace`]: a node graph seen by the search core, arena slot = dense index.

use super::{CostModel, NodeGraph, NodeId, NodeRef};
use crate::search::{IndexedSpace, SearchContext, SearchSpace};
use std::cell::RefCell;

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
///
/// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
/// graph.add_connections(n[0], &[n[1]], Direction::BothWays).unwrap();
/// graph.add_connections(n[1], &[n[2]], Direction::BothWays).unwrap();
/// graph.add_connections(n[2], &[n[3]], Direction::BothWays).unwrap();
/// let space = graph.space();
/// assert!(std::ptr::eq(space.graph(), &graph));
/// let mut ctx = SearchContext::new();
/// // A cost limit stops short of the goal and returns the best partial path.
/// let outcome = ctx.search(&graph.space(), n[0], n[3], &SearchOptions::new().max_cost(2.0)).unwrap();
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
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Cell(0, 0), NodeKind::Cell(1, 1), NodeKind::Cell(2, 2)]);
    /// graph.add_connections(n[1], &[n[0], n[2]], Direction::BothWays).unwrap();
    /// let space = GraphSpace::new(&graph, &UnitDiagonals);
    /// assert!(std::ptr::eq(space.graph(), &graph));
    /// let mut ctx = SearchContext::new();
    /// let path = ctx.astar(&space, n[0], n[2]).unwrap().into_path().unwrap();
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

thread_local! {
    /// One context per thread for the `find_path` calls that do not bring their own, so repeated
    /// queries reuse its arrays.
    static SCRATCH: RefCell<SearchContext<f32>> = RefCell::new(SearchContext::new());
}

/// Runs `f` with this thread's reusable context, or with a fresh one when it is busy (a cost model
/// that searches from inside a search).
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut SearchContext<f32>) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut ctx) => f(&mut ctx),
        Err(_) => f(&mut SearchContext::new()),
    })
}
