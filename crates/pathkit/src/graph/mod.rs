//! GameplayKit-style node graphs: nodes owned by a graph, directed edges, A* between nodes.
//!
//! | item | what it is | GameplayKit |
//! |---|---|---|
//! | [`NodeGraph`] | a directed graph of nodes in an arena; members, edges, `find_path` | `GKGraph`, `GKGraphNode` |
//! | [`NodeId`] | the copyable handle of a node; ids of another graph are a typed error | node objects |
//! | [`NodeKind`] | a node's payload: plain, 2D point, 3D point, grid cell | `GKGraphNode`, `…2D`, `…3D`, `GKGridGraphNode` |
//! | [`CostModel`], [`BaseCosts`], [`UnitDiagonals`] | how moves are priced and estimated (terrain, per-agent rules) | `costToNode:`, `estimatedCostToNode:` overrides |
//! | [`GraphLinks`] | off-mesh links (jumps, ladders, teleporters): connections at a cost of their own, estimates kept admissible; on a [`MeshGraph`], kept across triangulations | — |
//! | [`GridGraph`], [`DiagonalCost`] | one node per cell, 4- or 8-connected under a [`Diagonal`](crate::grid::Diagonal) rule; removed nodes are walls | `GKGridGraph` |
//! | [`ObstacleGraph`], [`PolygonObstacle`] | the visibility graph of polygons grown by a buffer radius; nodes kept connected as obstacles come and go | `GKObstacleGraph`, `GKPolygonObstacle` |
//! | [`GraphSpace`] | a graph under a model as a [`SearchSpace`](crate::search::SearchSpace), for the search core's other tools | — |
//! | [`AgentPath`] | a route of at least 2 points for an agent to follow | `GKPath` |
//! | [`GraphError`] | every failure, typed | exceptions and crashes |
//!
//! Searches run on the [`search`](crate::search) core's A* with `f32` costs: both ends included,
//! `[start]` from a node to itself, `None` when unreachable, ties broken first-in first-out with
//! neighbours in edge order. With the `serde` feature, [`NodeGraph`], [`GridGraph`],
//! [`ObstacleGraph`], [`PolygonObstacle`] and [`AgentPath`] serialize losslessly, loading checks
//! the data, and saved [`NodeId`]s keep working with the loaded graph.
//!
//! Where GameplayKit's headers and its shipping behaviour disagree, this module follows the
//! documented intent: members and edges are never duplicated, self-edges are refused,
//! `connect_node_to_lowest_cost_node` adds the node and never connects it to itself, "no path" is
//! `None` rather than an empty list, grid diagonals cost √2, and a grid graph keeps its diagonal
//! flag through serialization.
//!
//! ```
//! use pathkit::graph::{Direction, GridGraph, NodeGraph, NodeKind};
//! use pathkit::grid::Diagonal;
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! // A plain graph: every move costs 1, so the path with the fewest edges wins.
//! let mut graph = NodeGraph::new();
//! let [a, b, c, d] = [(); 4].map(|_| graph.add_node(NodeKind::Plain));
//! graph.add_connections(a, &[b, c], Direction::BothWays).unwrap();
//! graph.add_connections(c, &[d], Direction::OneWay).unwrap();
//! let path = graph.find_path(&mut SearchContext::new(), a, d).unwrap().into_path().unwrap();
//! assert_eq!(path.nodes, vec![a, c, d]);
//! assert_eq!(path.cost, 2.0); // plain nodes: every edge costs 1
//! assert_eq!(graph.find_path(&mut SearchContext::new(), d, a).unwrap().into_nodes(), None); // c -> d is one way
//!
//! // A grid with a wall across the middle row, except at x = 2.
//! let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
//! let walls = [grid.node_at(0, 1).unwrap(), grid.node_at(1, 1).unwrap()];
//! grid.remove_nodes(&walls).unwrap();
//! let path = grid.find_path(&mut SearchContext::new(), grid.node_at(0, 0).unwrap(), grid.node_at(0, 2).unwrap()).unwrap().into_nodes().unwrap();
//! let cells: Vec<_> = path.iter().map(|&n| grid.cell_of(n).unwrap()).collect();
//! assert_eq!(cells, [(0, 0), (1, 0), (2, 1), (1, 2), (0, 2)]);
//! ```

mod agent_path;
mod cost_model;
mod direction;
mod error;
mod graph_links;
mod graph_space;
mod grid_graph;
mod mesh_graph;
mod node_graph;
mod node_id;
mod node_kind;
mod obstacle_graph;
mod obstacle_index;
mod polygon_obstacle;
#[cfg(feature = "serde")]
mod serialization;
mod sight_grid;
mod triangulation_mode;

pub use agent_path::AgentPath;
pub use cost_model::{BaseCosts, CostModel, UnitDiagonals};
pub use direction::Direction;
pub use error::{GraphError, InvalidData};
pub use graph_links::GraphLinks;
pub use graph_space::GraphSpace;
pub use grid_graph::{DiagonalCost, GridGraph, GridGraphSpace};
pub use mesh_graph::MeshGraph;
pub use node_graph::NodeGraph;
pub use node_id::NodeId;
pub use node_kind::{NodeKind, NodeRef};
pub use obstacle_graph::ObstacleGraph;
pub use polygon_obstacle::PolygonObstacle;
pub use triangulation_mode::TriangulationMode;
