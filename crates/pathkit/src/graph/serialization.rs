//! `serde` support: graphs are written as plain arrays of slot indices and validated on the way
//! back in, so malformed data gives an error instead of a graph that could panic later.

use super::grid_graph::DiagonalCost;
use super::{
    GraphError, GridGraph, InvalidData, NodeGraph, NodeId, NodeKind, ObstacleGraph, PolygonObstacle,
};
use crate::geometry::Extrusion;
use crate::grid::Diagonal;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One node as written: the tag of the graph that created it (so that saved ids keep naming it),
/// its payload, and its outgoing edges as slot indices in order.
#[derive(Serialize, Deserialize)]
struct RawNode {
    tag: u32,
    kind: NodeKind,
    edges: Vec<u32>,
}

/// A graph as written: the arena in slot order and the members in insertion order.
#[derive(Serialize, Deserialize)]
struct RawGraph {
    nodes: Vec<RawNode>,
    members: Vec<u32>,
}

impl Serialize for NodeGraph {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RawGraph {
            nodes: self
                .entries
                .iter()
                .zip(&self.kinds)
                .map(|(e, &kind)| RawNode {
                    tag: e.id.graph,
                    kind,
                    edges: e.out.iter().map(|t| t.index).collect(),
                })
                .collect(),
            members: self.nodes().iter().map(|m| m.index).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for NodeGraph {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawGraph::deserialize(deserializer)?;
        NodeGraph::try_from(raw).map_err(D::Error::custom)
    }
}

impl TryFrom<RawGraph> for NodeGraph {
    type Error = GraphError;

    fn try_from(raw: RawGraph) -> Result<Self, GraphError> {
        let bad = GraphError::InvalidData;
        let len = raw.nodes.len();
        if len > u32::MAX as usize {
            return Err(bad(InvalidData::TooManyNodes { nodes: len }));
        }
        let mut nodes = Vec::with_capacity(len);
        for (i, node) in raw.nodes.into_iter().enumerate() {
            let mut seen = std::collections::HashSet::new();
            for &t in &node.edges {
                if t as usize >= len {
                    return Err(bad(InvalidData::EdgeToMissingNode { from: i, to: t }));
                }
                if t as usize == i {
                    return Err(bad(InvalidData::SelfEdge { node: i }));
                }
                if !seen.insert(t) {
                    return Err(bad(InvalidData::DuplicateEdge { from: i, to: t }));
                }
            }
            let id = NodeId {
                graph: node.tag,
                index: i as u32,
            };
            nodes.push((id, node.kind, node.edges));
        }
        let mut is_member = vec![false; len];
        for &m in &raw.members {
            match is_member.get_mut(m as usize) {
                None => return Err(bad(InvalidData::MissingMember { member: m })),
                Some(true) => return Err(bad(InvalidData::DuplicateMember { node: m })),
                Some(flag) => *flag = true,
            }
        }
        Ok(NodeGraph::from_parts(nodes, &raw.members))
    }
}

/// A grid graph as read, before its nodes are checked against its cells.
#[derive(Deserialize)]
struct RawGridGraph {
    graph: NodeGraph,
    origin: (i32, i32),
    width: u32,
    height: u32,
    moves: Diagonal,
    diagonal_cost: DiagonalCost,
}

impl<'de> Deserialize<'de> for GridGraph {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawGridGraph::deserialize(deserializer)?;
        GridGraph::try_from(raw).map_err(D::Error::custom)
    }
}

impl TryFrom<RawGridGraph> for GridGraph {
    type Error = GraphError;

    fn try_from(raw: RawGridGraph) -> Result<Self, GraphError> {
        GridGraph::check_shape(raw.origin, raw.width, raw.height)?;
        let cells = raw.width as usize * raw.height as usize;
        if raw.graph.entries.len() < cells {
            return Err(GraphError::InvalidData(InvalidData::TooFewNodes {
                needed: cells,
                found: raw.graph.entries.len(),
            }));
        }
        for (i, kind) in raw.graph.kinds[..cells].iter().enumerate() {
            let x = raw.origin.0 + (i % raw.width as usize) as i32;
            let y = raw.origin.1 + (i / raw.width as usize) as i32;
            if *kind != NodeKind::Cell(x, y) {
                return Err(GraphError::InvalidData(InvalidData::MisplacedCellNode {
                    node: i,
                    cell: (x, y),
                }));
            }
        }
        Ok(GridGraph {
            graph: raw.graph,
            origin: raw.origin,
            width: raw.width,
            height: raw.height,
            moves: raw.moves,
            diagonal_cost: raw.diagonal_cost,
        })
    }
}

/// An obstacle as written: its vertices and its nodes, one per vertex in vertex order, as slot
/// indices of the node graph.
#[derive(Serialize)]
struct SavedObstacle<'a> {
    obstacle: &'a PolygonObstacle,
    nodes: Vec<u32>,
}

/// A user node as written: its slot index, the obstacles it leaves out of its visibility tests
/// and those it tests raw.
#[derive(Serialize)]
struct SavedUser<'a> {
    node: u32,
    ignored: &'a [PolygonObstacle],
    unbuffered: &'a [PolygonObstacle],
}

/// An obstacle graph as written: its node graph (every node, edge and member), how obstacles are
/// grown, the obstacles in insertion order, the user nodes and the locked connections (ordered
/// pairs of slot indices). The R*-tree is rebuilt on loading; nothing else is derived.
#[derive(Serialize)]
struct SavedObstacleGraph<'a> {
    graph: &'a NodeGraph,
    buffer_radius: f32,
    extrusion: Extrusion,
    obstacles: Vec<SavedObstacle<'a>>,
    users: Vec<SavedUser<'a>>,
    locks: Vec<(u32, u32)>,
}

impl Serialize for ObstacleGraph {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let slots = |nodes: &[NodeId]| nodes.iter().map(|n| n.index).collect();
        SavedObstacleGraph {
            graph: self.graph(),
            buffer_radius: self.buffer_radius(),
            extrusion: self.extrusion(),
            obstacles: self
                .obstacles()
                .map(|obstacle| SavedObstacle {
                    obstacle,
                    nodes: slots(self.nodes_for_obstacle(obstacle).unwrap_or_default()),
                })
                .collect(),
            users: self
                .saved_users()
                .map(|(node, ignored, unbuffered)| SavedUser {
                    node: node.index,
                    ignored,
                    unbuffered,
                })
                .collect(),
            locks: self
                .saved_locks()
                .map(|(from, to)| (from.index, to.index))
                .collect(),
        }
        .serialize(serializer)
    }
}

/// An obstacle as read.
#[derive(Deserialize)]
struct RawObstacle {
    obstacle: PolygonObstacle,
    nodes: Vec<u32>,
}

/// A user node as read.
#[derive(Deserialize)]
struct RawUser {
    node: u32,
    ignored: Vec<PolygonObstacle>,
    unbuffered: Vec<PolygonObstacle>,
}

/// An obstacle graph as read, before its parts are checked against each other. The node graph
/// and the obstacles have been checked on their own already.
#[derive(Deserialize)]
struct RawObstacleGraph {
    graph: NodeGraph,
    buffer_radius: f32,
    extrusion: Extrusion,
    obstacles: Vec<RawObstacle>,
    users: Vec<RawUser>,
    locks: Vec<(u32, u32)>,
}

impl<'de> Deserialize<'de> for ObstacleGraph {
    /// Checked as a whole: a buffer radius finite and not negative, no obstacle twice, each
    /// obstacle on one node per vertex, each node an existing one of that vertex alone and at
    /// exactly the position the obstacle grown by the radius puts it, user nodes that are member
    /// 2D nodes of no obstacle and listed once, locks between existing nodes and listed once.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawObstacleGraph::deserialize(deserializer)?;
        ObstacleGraph::try_from(raw).map_err(D::Error::custom)
    }
}

impl TryFrom<RawObstacleGraph> for ObstacleGraph {
    type Error = GraphError;

    fn try_from(raw: RawObstacleGraph) -> Result<Self, GraphError> {
        let bad = GraphError::InvalidData;
        let mut graph =
            ObstacleGraph::restore(raw.graph, raw.buffer_radius, raw.extrusion).map_err(bad)?;
        for obstacle in raw.obstacles {
            graph
                .restore_obstacle(obstacle.obstacle, &obstacle.nodes)
                .map_err(bad)?;
        }
        let users = raw.users.into_iter();
        graph
            .restore_users(users.map(|u| (u.node, u.ignored, u.unbuffered)).collect())
            .map_err(bad)?;
        graph.restore_locks(&raw.locks).map_err(bad)?;
        Ok(graph)
    }
}
