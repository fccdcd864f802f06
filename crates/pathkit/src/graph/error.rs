//! Typed errors of node graphs, grid graphs, obstacle graphs and agent paths.

use super::NodeId;
use crate::limits::Refusal;
use crate::search::SearchError;
use std::fmt;

/// What is wrong with serialized graph data ([`GraphError::InvalidData`]).
///
/// ```
/// use pathkit::graph::{GraphError, InvalidData};
///
/// // What loading a graph (feature `serde`) reports for an edge of node 3 to itself.
/// let err = GraphError::InvalidData(InvalidData::SelfEdge { node: 3 });
/// assert_eq!(err.to_string(), "invalid graph data: node 3 has an edge to itself");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InvalidData {
    /// More nodes than `u32` indices can number.
    TooManyNodes {
        /// Nodes in the data.
        nodes: usize,
    },
    /// An edge to a node index the data does not hold.
    EdgeToMissingNode {
        /// Where the edge starts.
        from: usize,
        /// The missing node.
        to: u32,
    },
    /// An edge from a node to itself.
    SelfEdge {
        /// The node.
        node: usize,
    },
    /// Two edges between the same two nodes, the same way.
    DuplicateEdge {
        /// Where the edges start.
        from: usize,
        /// Where they end.
        to: u32,
    },
    /// A member index the data does not hold.
    MissingMember {
        /// The member index.
        member: u32,
    },
    /// A node listed twice as a member.
    DuplicateMember {
        /// The node.
        node: u32,
    },
    /// A grid graph with fewer nodes than cells.
    TooFewNodes {
        /// Nodes the grid needs (one per cell).
        needed: usize,
        /// Nodes in the data.
        found: usize,
    },
    /// A grid graph's node that is not the cell node of its cell.
    MisplacedCellNode {
        /// The node's index.
        node: usize,
        /// The cell it should hold.
        cell: (i32, i32),
    },
    /// An obstacle graph's buffer radius that is negative, NaN or infinite.
    InvalidBufferRadius,
    /// An obstacle graph's obstacle listed a second time.
    DuplicateObstacle {
        /// The obstacle's position in the list.
        obstacle: usize,
        /// Where it was listed first.
        first: usize,
    },
    /// An obstacle whose node list is not one node per vertex.
    ObstacleNodeCount {
        /// The obstacle's position in the list.
        obstacle: usize,
        /// Its vertices.
        vertices: usize,
        /// The nodes listed for it.
        nodes: usize,
    },
    /// An obstacle's node that cannot be the node of that vertex.
    InvalidObstacleNode {
        /// The obstacle's position in the list.
        obstacle: usize,
        /// The vertex.
        vertex: usize,
        /// The node index listed for it.
        node: u32,
        /// What is wrong: not a node, the node of another vertex too, not at the vertex's grown
        /// position.
        reason: &'static str,
    },
    /// A user node of an obstacle graph (one it keeps connected) that cannot be one.
    InvalidUserNode {
        /// The node index.
        node: u32,
        /// What is wrong: not a node, not a 2D point, not at a finite position, an obstacle's
        /// node, not a member, listed twice.
        reason: &'static str,
    },
    /// A locked connection from or to a node index the data does not hold.
    MissingLockNode {
        /// The node index.
        node: u32,
    },
    /// A locked connection listed twice.
    DuplicateLock {
        /// Where the connection starts.
        from: u32,
        /// Where it ends.
        to: u32,
    },
}

impl fmt::Display for InvalidData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidData::TooManyNodes { nodes } => {
                write!(f, "{nodes} nodes do not fit in u32 indices")
            }
            InvalidData::EdgeToMissingNode { from, to } => {
                write!(f, "node {from} has an edge to missing node {to}")
            }
            InvalidData::SelfEdge { node } => write!(f, "node {node} has an edge to itself"),
            InvalidData::DuplicateEdge { from, to } => {
                write!(f, "node {from} has two edges to node {to}")
            }
            InvalidData::MissingMember { member } => write!(f, "member {member} is not a node"),
            InvalidData::DuplicateMember { node } => write!(f, "node {node} is a member twice"),
            InvalidData::TooFewNodes { needed, found } => write!(
                f,
                "the grid needs {needed} nodes (one per cell), the data has {found}"
            ),
            InvalidData::MisplacedCellNode { node, cell } => write!(
                f,
                "grid node {node} should be cell ({}, {})",
                cell.0, cell.1
            ),
            InvalidData::InvalidBufferRadius => {
                write!(f, "the buffer radius must be finite and not negative")
            }
            InvalidData::DuplicateObstacle { obstacle, first } => {
                write!(f, "obstacle {obstacle} is obstacle {first} again")
            }
            InvalidData::ObstacleNodeCount {
                obstacle,
                vertices,
                nodes,
            } => write!(
                f,
                "obstacle {obstacle} has {vertices} vertices but {nodes} nodes (one per vertex)"
            ),
            InvalidData::InvalidObstacleNode {
                obstacle,
                vertex,
                node,
                reason,
            } => write!(
                f,
                "node {node}, listed for vertex {vertex} of obstacle {obstacle}, {reason}"
            ),
            InvalidData::InvalidUserNode { node, reason } => {
                write!(f, "user node {node} {reason}")
            }
            InvalidData::MissingLockNode { node } => {
                write!(f, "a locked connection names missing node {node}")
            }
            InvalidData::DuplicateLock { from, to } => {
                write!(
                    f,
                    "the connection from node {from} to node {to} is locked twice"
                )
            }
        }
    }
}

/// What went wrong with a graph operation or a graph search. Every operation that fails changes
/// nothing.
///
/// ```
/// use pathkit::graph::{GraphError, NodeGraph, NodeKind};
///
/// let mut graph = NodeGraph::new();
/// let mut other = NodeGraph::new();
/// let plain = graph.add_node(NodeKind::Plain);
/// let stranger = other.add_node(NodeKind::Plain);
/// assert_eq!(graph.kind(stranger), Err(GraphError::ForeignNode { node: stranger }));
/// let err = graph.set_position_2d(plain, 1.0, 2.0).unwrap_err();
/// assert!(matches!(err, GraphError::KindMismatch { expected: "2D point", .. }));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GraphError {
    /// An option or goal this search cannot honour (the closest point to a goal test).
    Unsupported(crate::Unsupported),
    /// The id was not handed out by this graph (or by the graph it was copied from).
    ForeignNode {
        /// The id given.
        node: NodeId,
    },
    /// The node's payload is not of the kind the operation needs (a position set on a plain node,
    /// a grid operation on a non-cell node).
    KindMismatch {
        /// The node.
        node: NodeId,
        /// The kind the operation needs.
        expected: &'static str,
    },
    /// A cost model returned a NaN, infinite or negative cost for an edge.
    InvalidCost {
        /// Where the edge starts.
        from: NodeId,
        /// Where the edge ends.
        to: NodeId,
        /// The offending cost.
        cost: f32,
    },
    /// A cost model returned a NaN, infinite or negative estimate.
    InvalidEstimate {
        /// The node estimated from.
        node: NodeId,
        /// The offending estimate.
        value: f32,
    },
    /// A path cost grew past the largest finite `f32`.
    CostOverflow {
        /// The node whose cost overflowed.
        node: NodeId,
    },
    /// Memory for a grid graph was refused: a graph that would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`GridGraph::memory_needed`](super::GridGraph::memory_needed) with diagonals; nothing
    /// was allocated), or memory the allocator refused below that.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, GridGraph};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// let err = GridGraph::new((0, 0), 1 << 16, 1 << 16, Diagonal::Always).unwrap_err();
    /// let bytes = GridGraph::memory_needed(1 << 16, 1 << 16, Diagonal::Always);
    /// assert_eq!(err, GraphError::Refused(Refusal::TooLarge { bytes, limit: MAX_MAP_BYTES }));
    /// assert_eq!(err.to_string(), format!("grid graph: {bytes} bytes asked for, more than the {MAX_MAP_BYTES} a map may take"));
    /// ```
    Refused(Refusal),
    /// A grid whose cell coordinates do not all fit in `i32`.
    GridOutOfRange {
        /// Requested origin.
        origin: (i32, i32),
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// An agent path needs at least 2 points.
    PathTooShort {
        /// The number of points given.
        len: usize,
    },
    /// A coordinate or radius that is NaN or infinite: a point to add, a node's new position,
    /// the position of a node to connect, a mesh graph's buffer radius. Nothing was changed.
    NonFinite {
        /// Which value: `"x"`, `"y"`, `"z"` or `"buffer radius"`.
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// An agent path point with a NaN or infinite coordinate.
    NonFinitePoint {
        /// The point's position in the path.
        index: usize,
    },
    /// An agent path radius that is negative or not finite.
    InvalidRadius {
        /// The radius given.
        radius: f32,
    },
    /// Serialized data that does not describe a valid graph.
    InvalidData(InvalidData),
    /// A polygon obstacle needs at least 2 points.
    ObstacleTooSmall {
        /// Points given.
        points: usize,
    },
    /// An obstacle's vertex is not a finite point.
    NonFiniteVertex {
        /// The vertex's index.
        index: usize,
    },
    /// The node is an obstacle's own node, placed and connected by the obstacle graph.
    ObstacleNode {
        /// The node.
        node: NodeId,
    },
    /// A change of a grid graph's moves that its edges do not allow: to or from
    /// [`Diagonal::Never`](crate::grid::Diagonal::Never).
    MovesFixed {
        /// The rule the grid has.
        built: crate::grid::Diagonal,
        /// The rule asked for.
        asked: crate::grid::Diagonal,
    },
    /// Any other failure of the search core.
    Search(SearchError<NodeId>),
    /// A mesh graph's bounds or triangulation failed (see [`NavMeshError`](crate::navmesh::NavMeshError)).
    Mesh(crate::navmesh::NavMeshError),
    /// A mesh graph's obstacle has a vertex outside the graph's box.
    ObstacleOutsideBounds {
        /// The vertex.
        point: [f32; 2],
    },
    /// A node outside a mesh graph's box.
    NodeOutsideBounds {
        /// The node.
        node: NodeId,
    },
    /// A point to add outside a mesh graph's box (no node was made for it).
    PointOutsideBounds {
        /// The point.
        point: [f32; 2],
    },
    /// A node a mesh graph does not keep across triangulations: one its triangulation made
    /// (remade at the next one, its id perhaps then standing somewhere else), or a point removed
    /// with [`MeshGraph::remove_nodes`](super::MeshGraph::remove_nodes). Connections and links
    /// join the points added with [`MeshGraph::add_point`](super::MeshGraph::add_point) or
    /// [`MeshGraph::connect_node_using_obstacles`](super::MeshGraph::connect_node_using_obstacles).
    NotKeptPoint {
        /// The node.
        node: NodeId,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Unsupported(u) => write!(f, "{u}"),
            GraphError::ForeignNode { node } => {
                write!(f, "{node:?} does not belong to this graph")
            }
            GraphError::KindMismatch { node, expected } => {
                write!(f, "{node} is not a {expected} node")
            }
            GraphError::InvalidCost { from, to, cost } => write!(
                f,
                "invalid cost {cost} from {from} to {to}: costs must be finite and not negative"
            ),
            GraphError::InvalidEstimate { node, value } => write!(
                f,
                "invalid estimate {value} at {node}: estimates must be finite and not negative"
            ),
            GraphError::CostOverflow { node } => {
                write!(f, "the path cost overflowed f32 at {node}")
            }
            GraphError::Refused(refusal) => write!(f, "grid graph: {refusal}"),
            GraphError::GridOutOfRange {
                origin,
                width,
                height,
            } => write!(
                f,
                "a {width}x{height} grid at ({}, {}) has cells outside the i32 range",
                origin.0, origin.1
            ),
            GraphError::PathTooShort { len } => {
                write!(f, "a path needs at least 2 points, got {len}")
            }
            GraphError::NonFinite { what, value } => {
                write!(f, "{what} is {value}: it must be finite")
            }
            GraphError::NonFinitePoint { index } => {
                write!(f, "invalid path: point {index} is not finite")
            }
            GraphError::InvalidRadius { radius } => write!(
                f,
                "invalid path: radius {radius} must be finite and not negative"
            ),
            GraphError::InvalidData(problem) => write!(f, "invalid graph data: {problem}"),
            GraphError::ObstacleTooSmall { points } => {
                write!(f, "a polygon obstacle needs at least 2 points, got {points}")
            }
            GraphError::NonFiniteVertex { index } => {
                write!(f, "invalid obstacle: vertex {index} is not finite")
            }
            GraphError::ObstacleNode { node } => write!(
                f,
                "{node} belongs to an obstacle: the obstacle graph places and connects it"
            ),
            GraphError::MovesFixed { built, asked } => write!(
                f,
                "a grid graph built for {built:?} moves cannot search with {asked:?}: its diagonal edges are fixed"
            ),
            GraphError::Search(e) => write!(f, "search failed: {e}"),
            GraphError::Mesh(e) => write!(f, "mesh graph: {e}"),
            GraphError::ObstacleOutsideBounds { point } => write!(
                f,
                "obstacle vertex ({}, {}) lies outside the mesh graph's box",
                point[0], point[1]
            ),
            GraphError::NodeOutsideBounds { node } => {
                write!(f, "{node} lies outside the mesh graph's box")
            }
            GraphError::PointOutsideBounds { point } => write!(
                f,
                "point ({}, {}) lies outside the mesh graph's box",
                point[0], point[1]
            ),
            GraphError::NotKeptPoint { node } => write!(
                f,
                "{node} is not a point the mesh graph keeps across triangulations"
            ),
        }
    }
}

impl std::error::Error for GraphError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GraphError::Search(e) => Some(e),
            GraphError::Mesh(e) => Some(e),
            GraphError::Refused(r) => Some(r),
            _ => None,
        }
    }
}

impl GraphError {
    /// [`GraphError::NonFinite`] for the first value that is NaN or infinite, named as given.
    pub(crate) fn check_finite<const N: usize>(
        values: [(&'static str, f32); N],
    ) -> Result<(), GraphError> {
        match values.into_iter().find(|(_, v)| !v.is_finite()) {
            Some((what, value)) => Err(GraphError::NonFinite { what, value }),
            None => Ok(()),
        }
    }
}

impl From<Refusal> for GraphError {
    fn from(refusal: Refusal) -> Self {
        GraphError::Refused(refusal)
    }
}

impl From<SearchError<NodeId>> for GraphError {
    fn from(e: SearchError<NodeId>) -> Self {
        match e {
            SearchError::InvalidCost { from, to, cost } => GraphError::InvalidCost {
                from,
                to,
                cost: cost as f32,
            },
            SearchError::InvalidHeuristic { node, value } => GraphError::InvalidEstimate {
                node,
                value: value as f32,
            },
            SearchError::CostOverflow { node } => GraphError::CostOverflow { node },
            SearchError::NodeOutOfBounds { node } => GraphError::ForeignNode { node },
            SearchError::Unsupported(u) => GraphError::Unsupported(u),
            other => GraphError::Search(other),
        }
    }
}
