//! A space searched with no estimate: the distance maps that join clusters' nodes and a
//! query's ends run Dijkstra's algorithm on the search core's fast loop.

use crate::search::{IndexedSpace, SearchSpace};

/// `S` with its heuristic replaced by zero (consistent for any costs).
pub(crate) struct ZeroEstimate<'s, S>(pub &'s S);

impl<S: SearchSpace> SearchSpace for ZeroEstimate<'_, S> {
    type Node = S::Node;
    type Cost = S::Cost;

    #[inline(always)]
    fn successors<F: FnMut(S::Node, S::Cost)>(&self, node: S::Node, visit: F) {
        self.0.successors(node, visit)
    }
}

impl<S: IndexedSpace> IndexedSpace for ZeroEstimate<'_, S> {
    #[inline(always)]
    fn node_bound(&self) -> usize {
        self.0.node_bound()
    }
    #[inline(always)]
    fn index_of(&self, node: S::Node) -> Option<usize> {
        self.0.index_of(node)
    }
    #[inline(always)]
    fn node_at(&self, index: usize) -> S::Node {
        self.0.node_at(index)
    }
}
