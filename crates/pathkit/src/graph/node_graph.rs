//! [`NodeGraph`]: GameplayKit's `GKGraph` and `GKGraphNode`, with nodes owned by the graph.

use super::node_id::fresh_graph_tag;
use super::{BaseCosts, CostModel, Direction, GraphError, GraphSpace, NodeId, NodeKind, NodeRef};
use crate::limits::{self, Refusal};
use crate::search::{SearchContext, SearchOptions, Status};
use crate::Cost;
use crate::{Goal, Pathfinder};

/// One arena slot.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// The id this slot answers to (the tag of the graph that created the node).
    pub id: NodeId,
    /// Outgoing edges, in insertion order.
    pub out: Vec<NodeId>,
    /// Slots with an edge into this node, so removal need not scan every node.
    pub incoming: Vec<u32>,
    pub member: bool,
}

/// A directed graph of nodes (GameplayKit's `GKGraph`), searched with A*.
///
/// * The graph owns its nodes in an arena and hands out [`NodeId`]s. A node can exist without
///   being a **member**: members are what [`nodes`](Self::nodes) lists, in insertion order.
///   [`remove_nodes`](Self::remove_nodes) ends membership and deletes every edge into and out of
///   the node, but the id stays valid, so the node can be added again (a door that re-opens).
/// * Each node has an ordered list of outgoing edges without duplicates or self-edges.
/// * Searches follow edges whether or not their targets are members; membership matters only to
///   graph-level operations ([`connect_node_to_lowest_cost_node`](Self::connect_node_to_lowest_cost_node)).
/// * `Clone` is a deep copy that keeps every id, payload, edge and member; nodes created later in
///   one copy are foreign to the other.
///
/// **Tie rule.** A path is found by A* with f = g + estimate. Among open nodes of equal f, the one
/// pushed first is expanded first ([`TieBreak::Fifo`](crate::search::TieBreak::Fifo)), and a node's neighbours are pushed in edge
/// order. The same graph, built in the same order, always gives the same path.
///
/// ```
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let mut graph = NodeGraph::new();
/// let a = graph.add_node(NodeKind::Point2(0.0, 0.0));
/// let b = graph.add_node(NodeKind::Point2(3.0, 4.0));
/// let c = graph.add_node(NodeKind::Point2(6.0, 0.0));
/// graph.add_connections(a, &[b, c], Direction::BothWays).unwrap();
/// graph.add_connections(b, &[c], Direction::BothWays).unwrap();
/// assert_eq!(graph.find_path(&mut SearchContext::new(), a, c).unwrap().into_nodes(), Some(vec![a, c]));
/// assert_eq!(graph.cost(a, b).unwrap(), 5.0);
/// ```
#[derive(Debug)]
pub struct NodeGraph {
    /// Tag given to nodes this graph creates.
    tag: u32,
    pub(crate) entries: Vec<Entry>,
    /// Payloads by slot, apart from the entries: searches read a neighbour's payload for every
    /// edge, and a dense array keeps those reads in cache.
    pub(crate) kinds: Vec<NodeKind>,
    members: Vec<NodeId>,
}

impl Default for NodeGraph {
    fn default() -> Self {
        Self::new()
    }
}

impl Clone for NodeGraph {
    /// A deep copy. It accepts the ids of every node copied; the nodes it creates later get a tag
    /// of their own, so ids do not get mixed up between the copies.
    fn clone(&self) -> Self {
        NodeGraph {
            tag: fresh_graph_tag(),
            entries: self.entries.clone(),
            kinds: self.kinds.clone(),
            members: self.members.clone(),
        }
    }
}

impl PartialEq for NodeGraph {
    /// Equal when both hold the same nodes (ids included) with the same payloads, edges in the same
    /// order, and the same members in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.members == other.members
            && self.kinds == other.kinds
            && self.entries.len() == other.entries.len()
            && self
                .entries
                .iter()
                .zip(&other.entries)
                .all(|(a, b)| a.id == b.id && a.out == b.out && a.member == b.member)
    }
}

impl NodeGraph {
    /// Bytes of a node without its edges: its arena entry, payload and member entry.
    pub(crate) const BYTES_PER_NODE: u64 = (std::mem::size_of::<Entry>()
        + std::mem::size_of::<NodeKind>()
        + std::mem::size_of::<NodeId>()) as u64;
    /// Bytes of an edge: its place in the source's outgoing list and in the target's incoming
    /// list.
    pub(crate) const BYTES_PER_EDGE: u64 =
        (std::mem::size_of::<NodeId>() + std::mem::size_of::<u32>()) as u64;

    /// An empty graph with room for `nodes` nodes, or the allocator's refusal.
    pub(crate) fn with_capacity(nodes: usize) -> Result<Self, Refusal> {
        let mut graph = NodeGraph::new();
        graph.entries = limits::try_with_capacity(nodes)?;
        graph.kinds = limits::try_with_capacity(nodes)?;
        graph.members = limits::try_with_capacity(nodes)?;
        Ok(graph)
    }

    /// Room for exactly `edges` more outgoing and incoming edges at `slot`, or the allocator's
    /// refusal.
    pub(crate) fn reserve_edges(&mut self, slot: usize, edges: usize) -> Result<(), Refusal> {
        let entry = &mut self.entries[slot];
        let refused = |_| Refusal::OutOfMemory {
            bytes: edges as u64 * Self::BYTES_PER_EDGE,
        };
        entry.out.try_reserve_exact(edges).map_err(refused)?;
        entry.incoming.try_reserve_exact(edges).map_err(refused)
    }

    /// An empty graph.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// assert!(graph.nodes().is_empty());
    /// let node = graph.add_node(NodeKind::Plain);
    /// assert_eq!(graph.nodes(), &[node]);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        NodeGraph {
            tag: fresh_graph_tag(),
            entries: Vec::new(),
            kinds: Vec::new(),
            members: Vec::new(),
        }
    }

    /// Rebuilds a graph from its parts; `out[i]` lists slot indices. The caller has validated
    /// every index, duplicate and self-edge.
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(nodes: Vec<(NodeId, NodeKind, Vec<u32>)>, members: &[u32]) -> Self {
        let mut graph = NodeGraph::new();
        graph.entries = nodes
            .iter()
            .map(|&(id, _, _)| Entry {
                id,
                out: Vec::new(),
                incoming: Vec::new(),
                member: false,
            })
            .collect();
        graph.kinds = nodes.iter().map(|&(_, kind, _)| kind).collect();
        for (from, (_, _, out)) in nodes.iter().enumerate() {
            for &to in out {
                let to_id = graph.entries[to as usize].id;
                graph.entries[from].out.push(to_id);
                graph.entries[to as usize].incoming.push(from as u32);
            }
        }
        for &m in members {
            graph.entries[m as usize].member = true;
            graph.members.push(graph.entries[m as usize].id);
        }
        graph
    }

    /// The arena slot of `id`, or [`GraphError::ForeignNode`].
    #[inline]
    pub(crate) fn slot(&self, id: NodeId) -> Result<usize, GraphError> {
        match self.entries.get(id.index as usize) {
            Some(entry) if entry.id == id => Ok(id.index as usize),
            _ => Err(GraphError::ForeignNode { node: id }),
        }
    }

    fn slots(&self, ids: &[NodeId]) -> Result<Vec<usize>, GraphError> {
        ids.iter().map(|&id| self.slot(id)).collect()
    }

    /// Creates a node with no edges that is not a member yet (GameplayKit: allocating a node
    /// object). Ids are handed out in creation order.
    ///
    /// The payload is kept as given, since this hands out an id, not a `Result`: a 2D or 3D point
    /// with a NaN or infinite coordinate is created, but every cost and estimate to or from it is
    /// NaN or infinite, so a search that reaches it is refused with
    /// [`GraphError::InvalidCost`] (or [`GraphError::InvalidEstimate`]), and
    /// [`connect_node_to_lowest_cost_node`](Self::connect_node_to_lowest_cost_node) refuses it
    /// without changing anything. [`set_position_2d`](Self::set_position_2d),
    /// [`set_position_3d`](Self::set_position_3d) and the obstacle and mesh graphs' `add_point`
    /// and `connect_node_using_obstacles` refuse such coordinates with [`GraphError::NonFinite`].
    ///
    /// # Panics
    ///
    /// Like `Vec` on capacity overflow, if the graph already holds 2^32 nodes (hundreds of
    /// gigabytes): node indices are `u32`.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut graph = NodeGraph::new();
    /// let hall = graph.add_node(NodeKind::Plain);
    /// let secret = graph.create_node(NodeKind::Plain); // exists, not listed
    /// assert_eq!(graph.nodes(), &[hall]);
    /// assert_eq!(graph.node_count(), 2);
    /// // Searches follow edges to non-members too.
    /// graph.add_connections(hall, &[secret], Direction::OneWay).unwrap();
    /// assert!(graph.find_path(&mut SearchContext::new(), hall, secret).unwrap().is_found());
    /// ```
    pub fn create_node(&mut self, kind: NodeKind) -> NodeId {
        let index = u32::try_from(self.entries.len())
            .expect("a node graph holds at most 2^32 nodes: node indices are u32");
        let id = NodeId {
            graph: self.tag,
            index,
        };
        self.kinds.push(kind);
        self.entries.push(Entry {
            id,
            out: Vec::new(),
            incoming: Vec::new(),
            member: false,
        });
        id
    }

    /// Creates a node and makes it a member.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let a = graph.add_node(NodeKind::Point2(0.0, 0.0));
    /// let b = graph.add_node(NodeKind::Point3(1.0, 2.0, 2.0));
    /// assert_eq!(graph.nodes(), &[a, b]);
    /// assert_eq!((a.index(), b.index()), (0, 1));
    /// ```
    pub fn add_node(&mut self, kind: NodeKind) -> NodeId {
        let id = self.create_node(kind);
        self.entries[id.index as usize].member = true;
        self.members.push(id);
        id
    }

    /// Creates one member node per payload, in order (GameplayKit's `graphWithNodes:`).
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (graph, ids) = NodeGraph::with_nodes([NodeKind::Plain, NodeKind::Cell(2, 3)]);
    /// assert_eq!(graph.nodes(), &ids[..]);
    /// assert_eq!(graph.kind(ids[1]), Ok(NodeKind::Cell(2, 3)));
    /// ```
    #[must_use]
    pub fn with_nodes(kinds: impl IntoIterator<Item = NodeKind>) -> (Self, Vec<NodeId>) {
        let mut graph = NodeGraph::new();
        let ids = kinds.into_iter().map(|k| graph.add_node(k)).collect();
        (graph, ids)
    }

    /// The member nodes, in the order they were added.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.remove_nodes(&[n[0]]).unwrap();
    /// graph.add_nodes(&[n[0]]).unwrap(); // back, at the end
    /// assert_eq!(graph.nodes(), &[n[1], n[2], n[0]]);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> &[NodeId] {
        &self.members
    }

    /// How many nodes the arena holds, members or not.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.remove_nodes(&[n[1]]).unwrap();
    /// assert_eq!((graph.node_count(), graph.nodes().len()), (3, 2));
    /// ```
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.entries.len()
    }

    /// Every node the arena holds, members or not, in creation order.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.remove_nodes(&[n[0]]).unwrap();
    /// assert_eq!(graph.all_nodes().collect::<Vec<_>>(), n);
    /// ```
    #[must_use]
    pub fn all_nodes(&self) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        self.entries.iter().map(|e| e.id)
    }

    /// Whether the node is a member.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let a = graph.add_node(NodeKind::Plain);
    /// let b = graph.create_node(NodeKind::Plain);
    /// assert_eq!((graph.is_member(a), graph.is_member(b)), (Ok(true), Ok(false)));
    /// ```
    pub fn is_member(&self, node: NodeId) -> Result<bool, GraphError> {
        Ok(self.entries[self.slot(node)?].member)
    }

    /// The node's payload.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let node = graph.add_node(NodeKind::Point2(1.0, 2.0));
    /// graph.set_position_2d(node, 5.0, 6.0).unwrap();
    /// assert_eq!(graph.kind(node), Ok(NodeKind::Point2(5.0, 6.0)));
    /// ```
    pub fn kind(&self, node: NodeId) -> Result<NodeKind, GraphError> {
        Ok(self.kinds[self.slot(node)?])
    }

    /// Moves a 2D point node. Later costs and estimates use the new position.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`], [`GraphError::KindMismatch`] for a node that is not a 2D
    /// point, [`GraphError::NonFinite`] for a NaN or infinite coordinate (a cost to or from such
    /// a position would be NaN); the node stays where it was.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let guard = graph.add_node(NodeKind::Point2(0.0, 0.0));
    /// let post = graph.add_node(NodeKind::Point2(3.0, 0.0));
    /// graph.set_position_2d(guard, 0.0, 4.0).unwrap(); // the guard walked away
    /// assert_eq!(graph.cost(guard, post), Ok(5.0));
    /// let plain = graph.add_node(NodeKind::Plain);
    /// assert!(matches!(graph.set_position_2d(plain, 1.0, 1.0), Err(GraphError::KindMismatch { .. })));
    /// let lost = graph.set_position_2d(guard, f32::NAN, 1.0);
    /// assert!(matches!(lost, Err(GraphError::NonFinite { what: "x", .. })));
    /// assert_eq!(graph.kind(guard), Ok(NodeKind::Point2(0.0, 4.0))); // unchanged
    /// ```
    pub fn set_position_2d(&mut self, node: NodeId, x: f32, y: f32) -> Result<(), GraphError> {
        let slot = self.slot(node)?;
        match &mut self.kinds[slot] {
            NodeKind::Point2(px, py) => {
                GraphError::check_finite([("x", x), ("y", y)])?;
                (*px, *py) = (x, y);
                Ok(())
            }
            _ => Err(GraphError::KindMismatch {
                node,
                expected: "2D point",
            }),
        }
    }

    /// Moves a 3D point node. Later costs and estimates use the new position.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`], [`GraphError::KindMismatch`] for a node that is not a 3D
    /// point, [`GraphError::NonFinite`] for a NaN or infinite coordinate; the node stays where it
    /// was.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let drone = graph.add_node(NodeKind::Point3(0.0, 0.0, 0.0));
    /// let pad = graph.add_node(NodeKind::Point3(0.0, 0.0, 0.0));
    /// graph.set_position_3d(drone, 2.0, 3.0, 6.0).unwrap();
    /// assert_eq!(graph.estimated_cost(drone, pad), Ok(7.0));
    /// let lost = graph.set_position_3d(drone, 2.0, 3.0, f32::INFINITY);
    /// assert!(matches!(lost, Err(GraphError::NonFinite { what: "z", .. })));
    /// assert_eq!(graph.kind(drone), Ok(NodeKind::Point3(2.0, 3.0, 6.0)));
    /// ```
    pub fn set_position_3d(
        &mut self,
        node: NodeId,
        x: f32,
        y: f32,
        z: f32,
    ) -> Result<(), GraphError> {
        let slot = self.slot(node)?;
        match &mut self.kinds[slot] {
            NodeKind::Point3(px, py, pz) => {
                GraphError::check_finite([("x", x), ("y", y), ("z", z)])?;
                (*px, *py, *pz) = (x, y, z);
                Ok(())
            }
            _ => Err(GraphError::KindMismatch {
                node,
                expected: "3D point",
            }),
        }
    }

    /// Makes each listed node a member, in order; members and repeats are skipped. Adds no edges.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let mut graph = NodeGraph::new();
    /// let a = graph.create_node(NodeKind::Plain);
    /// let b = graph.create_node(NodeKind::Plain);
    /// graph.add_nodes(&[b, a, b]).unwrap(); // repeats are skipped
    /// assert_eq!(graph.nodes(), &[b, a]);
    /// ```
    pub fn add_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        for slot in self.slots(nodes)? {
            let entry = &mut self.entries[slot];
            if !entry.member {
                entry.member = true;
                self.members.push(entry.id);
            }
        }
        Ok(())
    }

    /// Ends the membership of each listed member and deletes every edge into or out of it, in
    /// every node's list. A node that is not a member is left as it is. Ids stay valid.
    ///
    /// Each call makes one pass over the member list, so remove many nodes in one call.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.add_connections(n[1], &[n[0], n[2]], Direction::BothWays).unwrap();
    /// graph.remove_nodes(&[n[1]]).unwrap();
    /// assert_eq!(graph.nodes(), &[n[0], n[2]]);
    /// assert!(graph.connected_nodes(n[0]).unwrap().is_empty()); // its edges went with it
    /// assert!(graph.is_member(n[1]).is_ok()); // the id stays valid
    /// ```
    pub fn remove_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        let slots = self.slots(nodes)?;
        let mut removed_any = false;
        for slot in slots {
            if !self.entries[slot].member {
                continue;
            }
            removed_any = true;
            self.entries[slot].member = false;
            self.strip_edges(slot);
        }
        if removed_any {
            let entries = &self.entries;
            self.members.retain(|id| entries[id.index as usize].member);
        }
        Ok(())
    }

    fn strip_edges(&mut self, slot: usize) {
        let id = self.entries[slot].id;
        for to in std::mem::take(&mut self.entries[slot].out) {
            remove_first(
                &mut self.entries[to.index as usize].incoming,
                &(slot as u32),
            );
        }
        for from in std::mem::take(&mut self.entries[slot].incoming) {
            remove_first(&mut self.entries[from as usize].out, &id);
        }
    }

    /// The node's outgoing edges, in insertion order (GameplayKit's `connectedNodes`).
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
    /// graph.add_connections(n[0], &[n[3], n[1]], Direction::OneWay).unwrap();
    /// graph.add_connections(n[0], &[n[2], n[1]], Direction::OneWay).unwrap();
    /// assert_eq!(graph.connected_nodes(n[0]).unwrap(), &[n[3], n[1], n[2]]); // once each, in order
    /// assert!(graph.connected_nodes(n[1]).unwrap().is_empty());
    /// ```
    pub fn connected_nodes(&self, node: NodeId) -> Result<&[NodeId], GraphError> {
        Ok(&self.entries[self.slot(node)?].out)
    }

    /// Whether the edge `from` → `to` exists.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 2]);
    /// graph.add_connections(n[0], &[n[1]], Direction::OneWay).unwrap();
    /// assert_eq!(graph.has_connection(n[0], n[1]), Ok(true));
    /// assert_eq!(graph.has_connection(n[1], n[0]), Ok(false));
    /// ```
    pub fn has_connection(&self, from: NodeId, to: NodeId) -> Result<bool, GraphError> {
        self.slot(to)?;
        Ok(self.entries[self.slot(from)?].out.contains(&to))
    }

    /// Adds `from` → `to` for each `to` other than `from`, and `to` → `from` too with
    /// [`Direction::BothWays`] (GameplayKit's `bidirectional: YES`). An edge that exists is not
    /// added again; a self-edge is never added.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.add_connections(n[0], &[n[1], n[0]], Direction::BothWays).unwrap(); // no self-edge
    /// graph.add_connections(n[1], &[n[2]], Direction::OneWay).unwrap();
    /// assert_eq!(graph.connected_nodes(n[0]).unwrap(), &[n[1]]);
    /// assert_eq!(graph.connected_nodes(n[1]).unwrap(), &[n[0], n[2]]);
    /// assert!(graph.connected_nodes(n[2]).unwrap().is_empty());
    /// ```
    pub fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        // `link` leaves out the self-edge.
        self.edit_edges(from, to, direction, |graph, from, to| {
            graph.link(from, to);
        })
    }

    /// Deletes `from` → `to` for each `to`, and `to` → `from` too with [`Direction::BothWays`].
    /// A missing edge is a no-op.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 2]);
    /// graph.add_connections(n[0], &[n[1]], Direction::BothWays).unwrap();
    /// graph.remove_connections(n[1], &[n[0]], Direction::OneWay).unwrap();
    /// assert_eq!(graph.has_connection(n[0], n[1]), Ok(true));
    /// assert_eq!(graph.has_connection(n[1], n[0]), Ok(false));
    /// ```
    pub fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.edit_edges(from, to, direction, Self::unlink)
    }

    /// Applies `edit` to the edge `from` → `to` for each `to` (by slots), and to `to` → `from`
    /// too with [`Direction::BothWays`]; every node is checked before any edge is touched.
    fn edit_edges(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
        mut edit: impl FnMut(&mut Self, usize, usize),
    ) -> Result<(), GraphError> {
        let from_slot = self.slot(from)?;
        for to_slot in self.slots(to)? {
            edit(self, from_slot, to_slot);
            if direction == Direction::BothWays {
                edit(self, to_slot, from_slot);
            }
        }
        Ok(())
    }

    /// Adds the edge `from` → `to` if absent. Returns whether it was added.
    pub(crate) fn link(&mut self, from: usize, to: usize) -> bool {
        let to_id = self.entries[to].id;
        if from == to || self.entries[from].out.contains(&to_id) {
            return false;
        }
        self.entries[from].out.push(to_id);
        self.entries[to].incoming.push(from as u32);
        true
    }

    fn unlink(&mut self, from: usize, to: usize) {
        let to_id = self.entries[to].id;
        if remove_first(&mut self.entries[from].out, &to_id) {
            remove_first(&mut self.entries[to].incoming, &(from as u32));
        }
    }

    /// Makes `node` a member (if it is not one) and marks it as one, without touching edges.
    pub(crate) fn ensure_member(&mut self, slot: usize) {
        let entry = &mut self.entries[slot];
        if !entry.member {
            entry.member = true;
            self.members.push(entry.id);
        }
    }

    pub(crate) fn node_ref(&self, slot: usize) -> NodeRef {
        NodeRef {
            id: self.entries[slot].id,
            kind: self.kinds[slot],
        }
    }

    /// The base cost of the move from `from` to `to` ([`NodeKind::cost_to`]): 1 for plain nodes,
    /// connected or not; the distance for geometric nodes.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (graph, n) = NodeGraph::with_nodes([NodeKind::Cell(0, 0), NodeKind::Cell(3, 4), NodeKind::Plain]);
    /// assert_eq!(graph.cost(n[0], n[1]), Ok(5.0)); // connected or not
    /// assert_eq!(graph.cost(n[0], n[2]), Ok(1.0));
    /// ```
    pub fn cost(&self, from: NodeId, to: NodeId) -> Result<f32, GraphError> {
        self.cost_with(&BaseCosts, from, to)
    }

    /// The cost of the move from `from` to `to` under `model`.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind, UnitDiagonals};
    ///
    /// let (graph, n) = NodeGraph::with_nodes([NodeKind::Cell(0, 0), NodeKind::Cell(3, 4)]);
    /// assert_eq!(graph.cost_with(&UnitDiagonals, n[0], n[1]), Ok(4.0));
    /// ```
    pub fn cost_with<M: CostModel + ?Sized>(
        &self,
        model: &M,
        from: NodeId,
        to: NodeId,
    ) -> Result<f32, GraphError> {
        let (a, b) = (self.slot(from)?, self.slot(to)?);
        Ok(model.cost(self.node_ref(a), self.node_ref(b)))
    }

    /// The base estimate from `from` to `goal` ([`NodeKind::estimated_cost_to`]): 0 for plain
    /// nodes, the distance for geometric nodes.
    ///
    /// ```
    /// use pathkit::graph::{NodeGraph, NodeKind};
    ///
    /// let (graph, n) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(6.0, 8.0), NodeKind::Plain]);
    /// assert_eq!(graph.estimated_cost(n[0], n[1]), Ok(10.0));
    /// assert_eq!(graph.estimated_cost(n[2], n[0]), Ok(0.0)); // nothing known of plain nodes
    /// ```
    pub fn estimated_cost(&self, from: NodeId, goal: NodeId) -> Result<f32, GraphError> {
        let (a, b) = (self.slot(from)?, self.slot(goal)?);
        Ok(BaseCosts.estimated_cost(self.node_ref(a), self.node_ref(b)))
    }

    /// Makes `node` a member if needed and connects it to the member with the lowest base cost
    /// from it (the first in member order on ties), plus the reverse edge with
    /// [`Direction::BothWays`].
    /// Never connects a node to itself. Returns the node connected to, or `None` when `node` is
    /// the only member.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    ///
    /// let (mut graph, towns) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(10.0, 0.0)]);
    /// let village = graph.create_node(NodeKind::Point2(7.0, 1.0));
    /// let nearest = graph.connect_node_to_lowest_cost_node(village, Direction::BothWays).unwrap();
    /// assert_eq!(nearest, Some(towns[1]));
    /// assert!(graph.is_member(village).unwrap());
    /// assert_eq!(graph.connected_nodes(towns[1]).unwrap(), &[village]);
    /// ```
    pub fn connect_node_to_lowest_cost_node(
        &mut self,
        node: NodeId,
        direction: Direction,
    ) -> Result<Option<NodeId>, GraphError> {
        self.connect_node_to_lowest_cost_node_with(&BaseCosts, node, direction)
    }

    /// [`connect_node_to_lowest_cost_node`](Self::connect_node_to_lowest_cost_node) with the
    /// costs of `model`. A NaN, infinite or negative cost to any member is an error, and then
    /// nothing changes.
    ///
    /// ```
    /// use pathkit::graph::{CostModel, Direction, NodeGraph, NodeKind, NodeRef};
    ///
    /// /// Crossing to the east (x above 5) costs double.
    /// struct Toll;
    /// impl CostModel for Toll {
    ///     fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
    ///         let base = from.kind.cost_to(&to.kind);
    ///         if matches!(to.kind, NodeKind::Point2(x, _) if x > 5.0) { 2.0 * base } else { base }
    ///     }
    /// }
    /// let (mut graph, towns) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(10.0, 0.0)]);
    /// let village = graph.create_node(NodeKind::Point2(6.0, 0.0));
    /// let nearest = graph.connect_node_to_lowest_cost_node_with(&Toll, village, Direction::OneWay).unwrap();
    /// assert_eq!(nearest, Some(towns[0])); // 6 west beats 4 x 2 east
    /// ```
    pub fn connect_node_to_lowest_cost_node_with<M: CostModel + ?Sized>(
        &mut self,
        model: &M,
        node: NodeId,
        direction: Direction,
    ) -> Result<Option<NodeId>, GraphError> {
        let slot = self.slot(node)?;
        let from = self.node_ref(slot);
        let mut best: Option<(usize, f32)> = None;
        for &member in &self.members {
            let m = member.index as usize;
            if m == slot {
                continue;
            }
            let cost = model.cost(from, self.node_ref(m));
            if !cost.is_valid() {
                return Err(GraphError::InvalidCost {
                    from: node,
                    to: member,
                    cost,
                });
            }
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((m, cost));
            }
        }
        self.ensure_member(slot);
        let Some((target, _)) = best else {
            return Ok(None);
        };
        self.link(slot, target);
        if direction == Direction::BothWays {
            self.link(target, slot);
        }
        Ok(Some(self.entries[target].id))
    }

    /// This graph as a [`SearchSpace`](crate::search::SearchSpace) under the base costs, for the
    /// search core's other tools (limits, the stepper, nearest-goal search).
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::search::AStar;
    /// use pathkit::Goal;
    /// use pathkit::Pathfinder;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
    /// graph.add_connections(n[0], &[n[1], n[2]], Direction::BothWays).unwrap();
    /// graph.add_connections(n[2], &[n[3]], Direction::BothWays).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = graph.space();
    /// // The nearest of several goals, with the search core.
    /// let outcome = AStar(&space).find_path_with(&mut ctx, n[3], Goal::AnyOf(&[n[1], n[0]]), &SearchOptions::new()).unwrap();
    /// assert_eq!(outcome.into_nodes(), Some(vec![n[3], n[2], n[0]]));
    /// ```
    pub fn space(&self) -> GraphSpace<'_, BaseCosts> {
        GraphSpace::new(self, &BaseCosts)
    }

    /// This graph as a search space under `model`.
    ///
    /// ```
    /// use pathkit::graph::{GridGraph, UnitDiagonals};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = GridGraph::new((0, 0), 4, 4, Diagonal::Always).unwrap();
    /// let space = grid.graph().space_with(&UnitDiagonals);
    /// let mut ctx = SearchContext::new();
    /// let range = ctx.distance_map(&space, [grid.node_at(0, 0).unwrap()], Some(1.0)).unwrap();
    /// assert_eq!(range.len(), 4); // the corner and its three neighbours
    /// ```
    pub fn space_with<'g, M: CostModel + ?Sized>(&'g self, model: &'g M) -> GraphSpace<'g, M> {
        GraphSpace::new(self, model)
    }
}

/// Searches the graph under its base costs ([`BaseCosts`]: the distance between positioned
/// nodes, 1 between plain ones); [`space_with`](NodeGraph::space_with) searches under a cost model
/// of your own. The tie rule is the one described on [`NodeGraph`]: the same graph built in the
/// same order always gives the same path. GameplayKit's `findPathFromNode:toNode:` is
/// [`Outcome::into_nodes`](crate::search::Outcome::into_nodes) of
/// [`find_path`](Pathfinder::find_path).
///
/// # Errors
/// As [`GraphSpace`]'s: [`GraphError::ForeignNode`] for a node of another graph, and
/// [`GraphError::Unsupported`] for the closest point to a goal test.
///
/// ```
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
/// use pathkit::search::{SearchContext, SearchOptions, Status};
/// use pathkit::Pathfinder;
///
/// let mut graph = NodeGraph::new();
/// let [a, b, c] = [(0.0, 0.0), (4.0, 3.0), (8.0, 0.0)].map(|(x, y)| graph.add_node(NodeKind::Point2(x, y)));
/// graph.add_connections(b, &[a, c], Direction::BothWays)?;
/// let mut ctx = SearchContext::new();
/// let path = graph.find_path(&mut ctx, a, c)?.into_path().unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![a, b, c], 10.0));
/// assert_eq!(graph.find_path(&mut ctx, a, a)?.into_nodes(), Some(vec![a]));
/// // Repeated queries reuse the context and the path's capacity: no allocation once warm.
/// let mut path = Vec::new();
/// let status = graph.find_path_into(&mut ctx, a, c.into(), &SearchOptions::new(), &mut path)?;
/// assert_eq!((status, path.len()), (Status::Found { cost: 10.0 }, 3));
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
impl Pathfinder for NodeGraph {
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
        self.space().find_path_into(ctx, start, to, options, path)
    }
}

/// Removes the first `value` from `list`, keeping the order of the rest.
fn remove_first<T: PartialEq>(list: &mut Vec<T>, value: &T) -> bool {
    match list.iter().position(|v| v == value) {
        Some(p) => {
            list.remove(p);
            true
        }
        None => false,
    }
}
