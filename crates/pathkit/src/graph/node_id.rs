//! [`NodeId`]: the copyable handle a graph hands out for each node it creates.

use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// A node of one [`NodeGraph`](super::NodeGraph): the arena slot plus the tag of the graph that
/// created the node.
///
/// Ids are cheap to copy, compare and hash. A graph accepts an id only if the slot it names holds
/// exactly that id, so an id from an unrelated graph is reported as
/// [`GraphError::ForeignNode`](super::GraphError::ForeignNode) instead of silently naming some
/// other node. A clone or a deserialized copy of a graph accepts the ids of the nodes it copied
/// (they are the same nodes), but not those of nodes created afterwards in the other graph.
///
/// Removing a node from a graph's members does not invalidate its id: it can be added again.
///
/// ```
/// use pathkit::graph::{GraphError, NodeGraph, NodeKind};
///
/// let mut graph = NodeGraph::new();
/// let id = graph.add_node(NodeKind::Plain);
/// let copy = graph.clone();
/// assert_eq!(copy.kind(id), Ok(NodeKind::Plain)); // a copy knows the same nodes
/// let other = NodeGraph::new().add_node(NodeKind::Plain);
/// assert_eq!(graph.kind(other), Err(GraphError::ForeignNode { node: other }));
/// assert_eq!(id.to_string(), "node 0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NodeId {
    /// Tag of the graph that created the node.
    pub(crate) graph: u32,
    /// Slot in that graph's arena (creation order, from 0).
    pub(crate) index: u32,
}

impl NodeId {
    /// The node's slot in its graph's arena: 0 for the first node created, 1 for the next, and so
    /// on. In a [`GridGraph`](super::GridGraph) the grid's own nodes come first, row-major.
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let grid = GridGraph::new((0, 0), 4, 3, Diagonal::Never).unwrap();
    /// assert_eq!(grid.node_at(1, 2).unwrap().index(), 2 * 4 + 1); // row-major
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        self.index as usize
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({}@{:08x})", self.index, self.graph)
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}", self.index)
    }
}

/// A tag no other graph of this process has. The counter starts at a per-process random value so
/// that a graph deserialized from another process is unlikely to share a tag with a local one.
pub(crate) fn fresh_graph_tag() -> u32 {
    static NEXT: OnceLock<AtomicU32> = OnceLock::new();
    let next = NEXT.get_or_init(|| {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u32(0x5eed);
        AtomicU32::new(hasher.finish() as u32)
    });
    next.fetch_add(1, Ordering::Relaxed)
}
