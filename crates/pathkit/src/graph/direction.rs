//! [`Direction`]: whether a new edge (or an edge removed) goes one way or both ways.

/// Whether an edge operation goes one way or both ways: GameplayKit's `bidirectional:` argument
/// (`NO` is [`Direction::OneWay`], `YES` is [`Direction::BothWays`]).
///
/// ```
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
///
/// let mut graph = NodeGraph::new();
/// let (a, b) = (graph.add_node(NodeKind::Plain), graph.add_node(NodeKind::Plain));
/// graph.add_connections(a, &[b], Direction::OneWay).unwrap();
/// assert!(graph.has_connection(a, b).unwrap());
/// assert!(!graph.has_connection(b, a).unwrap());
/// graph.add_connections(a, &[b], Direction::BothWays).unwrap();
/// assert!(graph.has_connection(b, a).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// From the node to the others only.
    OneWay,
    /// From the node to the others and back.
    BothWays,
}
