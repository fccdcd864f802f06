//! GameplayKit's obstacle-graph scenarios (O1–O6 of `gameplaykit-semantics.md` §5.5) and its
//! geometry cases (§5.6), through the public API.

use pathkit::graph::{Direction, GraphError, NodeId, NodeKind, ObstacleGraph, PolygonObstacle};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::collections::BTreeSet;

pub(crate) fn pentagon() -> PolygonObstacle {
    PolygonObstacle::new(&[[7.0, 12.0], [5.0, 9.0], [6.0, 6.0], [8.0, 6.0], [9.0, 9.0]]).unwrap()
}

pub(crate) fn rectangle() -> PolygonObstacle {
    PolygonObstacle::new(&[[10.0, 17.0], [21.0, 17.0], [21.0, 20.0], [10.0, 20.0]]).unwrap()
}

/// The graph of O1 and O2 with buffer 1, and its nodes n0..n8 in order.
fn two_obstacles() -> (ObstacleGraph, Vec<NodeId>) {
    let graph = ObstacleGraph::new(&[pentagon(), rectangle()], 1.0);
    let nodes = [pentagon(), rectangle()]
        .iter()
        .flat_map(|o| graph.nodes_for_obstacle(o).unwrap().to_vec())
        .collect();
    (graph, nodes)
}

/// The targets of a node's edges, as indices into `names`.
fn neighbours(graph: &ObstacleGraph, node: NodeId, names: &[NodeId]) -> BTreeSet<usize> {
    graph
        .graph()
        .connected_nodes(node)
        .unwrap()
        .iter()
        .map(|n| names.iter().position(|m| m == n).expect("a named node"))
        .collect()
}

#[test]
fn extruded_nodes_sit_where_gameplaykit_puts_them() {
    let (graph, n) = two_obstacles();
    let want = [
        (7.0, 13.0),
        (4.0194, 9.1961),
        (5.6410, 5.0667),
        (8.3590, 5.0667),
        (9.9806, 9.1961),
        (9.0352, 16.7369),
        (21.9648, 16.7369),
        (21.9648, 20.2631),
        (9.0352, 20.2631),
    ];
    for (k, (x, y)) in want.into_iter().enumerate() {
        let [px, py] = graph.position(n[k]).unwrap();
        assert!(
            (px - x).abs() < 1e-4 && (py - y).abs() < 1e-4,
            "n{k}: ({px}, {py})"
        );
    }
}

/// O1: without obstacles, every point sees every other.
#[test]
fn o1_points_without_obstacles_see_each_other() {
    let mut graph = ObstacleGraph::new(&[], 10.0);
    let points = [
        (-45.0, -3.0),
        (-12.0, -40.0),
        (-30.0, -30.0),
        (-1.0, -17.0),
        (-38.0, -49.0),
    ];
    let nodes: Vec<NodeId> = points
        .iter()
        .map(|&(x, y)| graph.add_point(x, y).unwrap())
        .collect();
    assert_eq!(graph.graph().nodes(), &nodes[..]);
    for &a in &nodes {
        assert_eq!(graph.graph().connected_nodes(a).unwrap().len(), 4);
        for &b in &nodes {
            if a != b {
                let path = graph
                    .find_path(&mut SearchContext::new(), a, b)
                    .unwrap()
                    .into_nodes()
                    .unwrap();
                assert_eq!(path, vec![a, b]);
            }
        }
    }
}

/// O2: one convex obstacle: its nodes form a ring, no chords.
#[test]
fn o2_one_obstacle_is_a_ring() {
    let graph = ObstacleGraph::new(&[pentagon()], 1.0);
    let n = graph.nodes_for_obstacle(&pentagon()).unwrap().to_vec();
    assert_eq!(n.len(), 5);
    for k in 0..5 {
        let want: BTreeSet<usize> = [(k + 4) % 5, (k + 1) % 5].into();
        assert_eq!(neighbours(&graph, n[k], &n), want, "n{k}");
    }
}

/// O3: a second obstacle added to the first gives the visibility graph of both.
#[test]
fn o3_adding_an_obstacle_links_what_sees_each_other() {
    let mut graph = ObstacleGraph::new(&[pentagon()], 1.0);
    graph.add_obstacles(&[rectangle()]);
    assert_eq!(graph.graph().nodes().len(), 9);
    assert_eq!(graph.nodes_for_obstacle(&rectangle()).unwrap().len(), 4);
    let n: Vec<NodeId> = [pentagon(), rectangle()]
        .iter()
        .flat_map(|o| graph.nodes_for_obstacle(o).unwrap().to_vec())
        .collect();
    let want: [&[usize]; 9] = [
        &[1, 4, 5, 6, 8],
        &[0, 2, 5, 8],
        &[1, 3],
        &[2, 4, 6],
        &[0, 3, 5, 6],
        &[0, 1, 4, 6, 8],
        &[0, 3, 4, 5, 7],
        &[6, 8],
        &[0, 1, 5, 7],
    ];
    for (k, want) in want.iter().enumerate() {
        assert_eq!(
            neighbours(&graph, n[k], &n),
            want.iter().copied().collect(),
            "n{k}"
        );
    }
    // Built at once or one obstacle after the other: the same graph.
    let (at_once, m) = two_obstacles();
    for k in 0..9 {
        assert_eq!(neighbours(&at_once, m[k], &m), neighbours(&graph, n[k], &n));
    }
}

/// O4: a user node sees what no obstacle hides.
#[test]
fn o4_a_user_node_links_to_what_it_sees() {
    let (mut graph, n) = two_obstacles();
    let u = graph.add_point(4.0, 19.0).unwrap();
    assert_eq!(graph.graph().nodes().len(), 10);
    assert_eq!(neighbours(&graph, u, &n), [0, 1, 4, 5, 8].into());
    for k in [0, 1, 4, 5, 8] {
        assert!(graph.graph().has_connection(n[k], u).unwrap(), "n{k} -> u");
    }
}

/// O5 and O5b: a node inside an obstacle's buffer, with that obstacle ignored, tested raw, or
/// tested as usual.
#[test]
fn o5_ignoring_an_obstacle_or_its_buffer() {
    let (mut graph, n) = two_obstacles();
    let u = graph.create_node(NodeKind::Point2(4.0, 6.0));
    graph
        .connect_node_using_obstacles_ignoring(u, &[pentagon()])
        .unwrap();
    assert_eq!(graph.graph().nodes().len(), 10);
    assert_eq!(neighbours(&graph, u, &n), [0, 1, 2, 3, 4, 5, 6, 8].into());

    let (mut graph, n) = two_obstacles();
    let u = graph.add_point(4.0, 6.0).unwrap();
    assert_eq!(neighbours(&graph, u, &n), [1, 2].into());

    let (mut graph, n) = two_obstacles();
    let u = graph.create_node(NodeKind::Point2(4.0, 6.0));
    graph
        .connect_node_using_obstacles_ignoring_buffer(u, &[pentagon()])
        .unwrap();
    assert_eq!(neighbours(&graph, u, &n), [1, 2, 3].into());
}

/// O6: plain nodes keep their edges unless an obstacle crosses them; a locked edge survives,
/// and nothing comes back to plain nodes when the obstacle goes.
#[test]
fn o6_locked_connections_survive_an_obstacle() {
    let mut graph = ObstacleGraph::new(&[], 1.0);
    let node1 = graph.create_node(NodeKind::Point2(4.0, 6.0));
    let node2 = graph.create_node(NodeKind::Point2(12.0, 13.0));
    graph
        .add_connections(node1, &[node2], Direction::BothWays)
        .unwrap();
    graph.add_nodes(&[node1, node2]).unwrap();
    graph.lock_connection(node1, node2).unwrap();
    assert!(graph.graph().has_connection(node1, node2).unwrap());
    graph.add_obstacles(&[pentagon()]);
    assert!(graph.graph().has_connection(node1, node2).unwrap());
    assert!(!graph.graph().has_connection(node2, node1).unwrap());
    assert_eq!(
        graph
            .find_path(&mut SearchContext::new(), node1, node2)
            .unwrap()
            .into_nodes(),
        Some(vec![node1, node2])
    );
    assert!(graph.is_connection_locked(node1, node2).unwrap());
    assert!(!graph.is_connection_locked(node2, node1).unwrap());
    graph.unlock_connection(node1, node2).unwrap();
    assert!(!graph.is_connection_locked(node1, node2).unwrap());
    graph.remove_obstacles(&[pentagon()]);
    graph.add_obstacles(&[pentagon()]);
    assert!(!graph.graph().has_connection(node1, node2).unwrap());
    assert_eq!(graph.graph().nodes()[..2], [node1, node2]); // plain nodes stay members
}

/// Removing an obstacle gives back the edges it cut between obstacle and user nodes; removing
/// every obstacle leaves the user nodes, joined.
#[test]
fn removing_obstacles_restores_what_they_cut() {
    let (mut graph, _) = two_obstacles();
    let u = graph.add_point(4.0, 19.0).unwrap();
    let v = graph.add_point(24.0, 4.0).unwrap();
    let before: Vec<Vec<NodeId>> = graph
        .nodes_for_obstacle(&rectangle())
        .unwrap()
        .iter()
        .map(|&n| sorted(graph.graph().connected_nodes(n).unwrap()))
        .collect();
    graph.remove_obstacles(&[pentagon()]);
    assert_eq!(graph.obstacles().len(), 1);
    assert!(graph.nodes_for_obstacle(&pentagon()).is_none());
    // The same graph as one built with the rectangle alone and the same user nodes.
    let mut fresh = ObstacleGraph::new(&[rectangle()], 1.0);
    let fu = fresh.add_point(4.0, 19.0).unwrap();
    let fv = fresh.add_point(24.0, 4.0).unwrap();
    let rename = |n: NodeId, from: &ObstacleGraph, to: &ObstacleGraph, map: &[(NodeId, NodeId)]| {
        map.iter()
            .find(|p| p.0 == n)
            .map(|p| p.1)
            .unwrap_or_else(|| {
                let k = from
                    .nodes_for_obstacle(&rectangle())
                    .unwrap()
                    .iter()
                    .position(|&m| m == n)
                    .unwrap();
                to.nodes_for_obstacle(&rectangle()).unwrap()[k]
            })
    };
    let map = [(u, fu), (v, fv)];
    for &n in graph.graph().nodes() {
        let got: BTreeSet<NodeId> = graph
            .graph()
            .connected_nodes(n)
            .unwrap()
            .iter()
            .map(|&m| rename(m, &graph, &fresh, &map))
            .collect();
        let want: BTreeSet<NodeId> = fresh
            .graph()
            .connected_nodes(rename(n, &graph, &fresh, &map))
            .unwrap()
            .iter()
            .copied()
            .collect();
        assert_eq!(got, want);
    }
    assert!(graph.graph().has_connection(u, v).unwrap());
    assert_ne!(before.len(), 0);
    graph.remove_all_obstacles();
    assert_eq!(graph.graph().nodes(), &[u, v]);
    assert_eq!(graph.graph().connected_nodes(u).unwrap(), &[v]);
}

fn sorted(nodes: &[NodeId]) -> Vec<NodeId> {
    let mut nodes = nodes.to_vec();
    nodes.sort();
    nodes
}

#[test]
fn obstacles_are_checked_and_nodes_must_be_points() {
    assert_eq!(
        PolygonObstacle::new(&[]),
        Err(GraphError::ObstacleTooSmall { points: 0 })
    );
    assert_eq!(
        PolygonObstacle::new(&[[1.0, 2.0]]),
        Err(GraphError::ObstacleTooSmall { points: 1 })
    );
    assert!(PolygonObstacle::new(&[[0.0, 0.0], [3.0, 0.0]]).is_ok());
    let collinear = PolygonObstacle::new(&[[10.0, 10.0], [12.0, 12.0], [14.0, 14.0]]).unwrap();
    assert_eq!(
        collinear.vertices(),
        &[[10.0, 10.0], [12.0, 12.0], [14.0, 14.0]]
    );
    assert_eq!(
        PolygonObstacle::new(&[[0.0, 0.0], [f32::INFINITY, 0.0]]),
        Err(GraphError::NonFiniteVertex { index: 1 })
    );
    let (mut graph, n) = two_obstacles();
    let plain = graph.create_node(NodeKind::Plain);
    assert!(matches!(
        graph.connect_node_using_obstacles(plain),
        Err(GraphError::KindMismatch { .. })
    ));
    assert_eq!(
        graph.connect_node_using_obstacles(n[0]),
        Err(GraphError::ObstacleNode { node: n[0] })
    );
    let mut elsewhere = pathkit::graph::NodeGraph::new();
    let foreign = elsewhere.add_node(NodeKind::Point2(0.0, 0.0));
    assert!(matches!(
        graph.connect_node_using_obstacles(foreign),
        Err(GraphError::ForeignNode { .. })
    ));
    assert!(graph.lock_connection(foreign, n[0]).is_err());
    // Degenerate obstacles get one node per vertex.
    let mut graph = ObstacleGraph::new(&[], 0.0);
    graph.add_obstacles(std::slice::from_ref(&collinear));
    assert_eq!(graph.nodes_for_obstacle(&collinear).unwrap().len(), 3);
}
