//! Round trips of obstacle graphs through `serde` (JSON): GameplayKit's scenarios O1–O6 and
//! random graphs come back equal, answer every query as the original does, and carry on alike
//! under the same later operations; forged data is refused with an error that says what is wrong.
#![cfg(feature = "serde")]

use crate::gameplaykit_obstacles::{pentagon, rectangle};
use pathkit::geometry::Extrusion;
use pathkit::graph::{Direction, NodeId, NodeKind, ObstacleGraph, PolygonObstacle};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use serde_json::{json, Value};

/// Writes the graph as JSON and reads it back; the copy is equal to the original.
fn round_trip(graph: &ObstacleGraph) -> ObstacleGraph {
    let text = serde_json::to_string(graph).unwrap();
    let back: ObstacleGraph = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, graph);
    back
}

/// The graph as written, without the graph tags of its node ids: two graphs that went through
/// the same operations have the same view, whichever graph created their newer nodes.
fn view(graph: &ObstacleGraph) -> Value {
    let mut value = serde_json::to_value(graph).unwrap();
    for node in value["graph"]["nodes"].as_array_mut().unwrap() {
        node.as_object_mut().unwrap().remove("tag");
    }
    value
}

fn slots(nodes: &[NodeId]) -> Vec<usize> {
    nodes.iter().map(|n| n.index()).collect()
}

/// A path as slot indices, with its cost's bits.
fn path_of(graph: &ObstacleGraph, from: NodeId, to: NodeId) -> Option<(Vec<usize>, u32)> {
    let path = graph
        .find_path(&mut SearchContext::new(), from, to)
        .unwrap()
        .into_path()?;
    Some((slots(&path.nodes), path.cost.to_bits()))
}

/// Every query gives the same answer on both graphs, nodes named by slot index.
fn same_answers(a: &ObstacleGraph, b: &ObstacleGraph) {
    assert_eq!(view(a), view(b));
    assert_eq!(a.buffer_radius().to_bits(), b.buffer_radius().to_bits());
    assert_eq!(a.extrusion(), b.extrusion());
    assert!(a.obstacles().eq(b.obstacles()));
    for obstacle in a.obstacles() {
        assert_eq!(
            slots(a.nodes_for_obstacle(obstacle).unwrap()),
            slots(b.nodes_for_obstacle(obstacle).unwrap())
        );
        assert_eq!(a.grown_obstacle(obstacle), b.grown_obstacle(obstacle));
    }
    let na: Vec<NodeId> = a.graph().all_nodes().collect();
    let nb: Vec<NodeId> = b.graph().all_nodes().collect();
    assert_eq!(na.len(), nb.len());
    assert_eq!(slots(a.graph().nodes()), slots(b.graph().nodes()));
    // Every pair when there are few nodes, a spread of pairs when there are many.
    let step = 1 + na.len() / 24;
    for i in 0..na.len() {
        assert_eq!(a.position(na[i]), b.position(nb[i]));
        assert_eq!(a.graph().kind(na[i]), b.graph().kind(nb[i]));
        assert_eq!(
            slots(a.graph().connected_nodes(na[i]).unwrap()),
            slots(b.graph().connected_nodes(nb[i]).unwrap())
        );
        for j in (i % step..na.len()).step_by(step) {
            assert_eq!(
                path_of(a, na[i], na[j]),
                path_of(b, nb[i], nb[j]),
                "{i} -> {j}"
            );
            assert_eq!(
                a.is_connection_locked(na[i], na[j]),
                b.is_connection_locked(nb[i], nb[j])
            );
        }
    }
}

/// A later operation, its nodes named by position among all nodes (modulo their number).
#[derive(Clone, Debug)]
enum Op {
    Add(Vec<PolygonObstacle>),
    Remove(Vec<PolygonObstacle>),
    RemoveAll,
    Point(f32, f32),
    Ignoring(f32, f32, Vec<PolygonObstacle>),
    IgnoringBuffer(f32, f32, Vec<PolygonObstacle>),
    /// A plain member at a point, joined both ways to a node.
    Plain(f32, f32, usize),
    RemoveNode(usize),
    Lock(usize, usize),
    Unlock(usize, usize),
}

fn nth(graph: &ObstacleGraph, k: usize) -> Option<NodeId> {
    let count = graph.graph().node_count();
    (count > 0).then(|| graph.graph().all_nodes().nth(k % count).unwrap())
}

fn apply(graph: &mut ObstacleGraph, op: &Op) {
    match op {
        Op::Add(list) => graph.add_obstacles(list),
        Op::Remove(list) => graph.remove_obstacles(list),
        Op::RemoveAll => graph.remove_all_obstacles(),
        Op::Point(x, y) => {
            graph.add_point(*x, *y).unwrap();
        }
        Op::Ignoring(x, y, list) => {
            let node = graph.create_node(NodeKind::Point2(*x, *y));
            graph
                .connect_node_using_obstacles_ignoring(node, list)
                .unwrap();
        }
        Op::IgnoringBuffer(x, y, list) => {
            let node = graph.create_node(NodeKind::Point2(*x, *y));
            graph
                .connect_node_using_obstacles_ignoring_buffer(node, list)
                .unwrap();
        }
        Op::Plain(x, y, k) => {
            let other = nth(graph, *k);
            let node = graph.create_node(NodeKind::Point2(*x, *y));
            graph.add_nodes(&[node]).unwrap();
            if let Some(other) = other {
                graph
                    .add_connections(node, &[other], Direction::BothWays)
                    .unwrap();
            }
        }
        Op::RemoveNode(k) => {
            if let Some(node) = nth(graph, *k) {
                graph.remove_nodes(&[node]).unwrap();
            }
        }
        Op::Lock(i, j) | Op::Unlock(i, j) => {
            if let (Some(a), Some(b)) = (nth(graph, *i), nth(graph, *j)) {
                if matches!(op, Op::Lock(..)) {
                    graph.lock_connection(a, b).unwrap();
                } else {
                    graph.unlock_connection(a, b).unwrap();
                }
            }
        }
    }
}

/// Round-trips `graph`, checks the copy answers alike, then runs `ops` on both, checking after
/// each; the copy is round-tripped again at the end.
fn check_round_trip(graph: &ObstacleGraph, ops: &[Op]) {
    let mut original = graph.clone();
    let mut loaded = round_trip(graph);
    same_answers(&original, &loaded);
    for op in ops {
        apply(&mut original, op);
        apply(&mut loaded, op);
        same_answers(&original, &loaded);
    }
    same_answers(&original, &round_trip(&loaded));
}

/// A triangle, a wall and a square: obstacles for the later operations of every scenario.
fn later_obstacles() -> [PolygonObstacle; 3] {
    [
        PolygonObstacle::new(&[[14.0, 8.0], [17.0, 8.0], [15.5, 11.0]]).unwrap(),
        PolygonObstacle::new(&[[0.0, 14.0], [8.0, 14.5]]).unwrap(),
        PolygonObstacle::new(&[[2.0, 2.0], [3.0, 2.0], [3.0, 3.0], [2.0, 3.0]]).unwrap(),
    ]
}

/// Later operations touching every kind of state: obstacles added and removed (old and new),
/// user nodes of all three kinds, plain nodes, locks, removed nodes.
fn later_ops() -> Vec<Op> {
    let [triangle, wall, square] = later_obstacles();
    vec![
        Op::Point(12.0, 3.0),
        Op::Add(vec![triangle.clone(), wall.clone()]),
        Op::Lock(0, 3),
        Op::Plain(1.0, 25.0, 2),
        Op::Ignoring(15.5, 9.0, vec![triangle.clone()]),
        Op::IgnoringBuffer(13.5, 8.0, vec![triangle.clone(), square.clone()]),
        Op::Add(vec![square.clone(), wall.clone()]),
        Op::Remove(vec![pentagon(), triangle]),
        Op::Unlock(0, 3),
        Op::Lock(5, 1),
        Op::RemoveNode(7),
        Op::Add(vec![pentagon()]),
        Op::Point(30.0, 30.0),
        Op::Remove(vec![rectangle(), square]),
        Op::RemoveAll,
        Op::Point(-5.0, 0.0),
        Op::Add(vec![wall, rectangle()]),
    ]
}

fn scenario_o1() -> ObstacleGraph {
    let mut graph = ObstacleGraph::new(&[], 10.0);
    for (x, y) in [
        (-45.0, -3.0),
        (-12.0, -40.0),
        (-30.0, -30.0),
        (-1.0, -17.0),
        (-38.0, -49.0),
    ] {
        graph.add_point(x, y).unwrap();
    }
    graph
}

fn scenario_o2() -> ObstacleGraph {
    ObstacleGraph::new(&[pentagon()], 1.0)
}

fn scenario_o3() -> ObstacleGraph {
    let mut graph = ObstacleGraph::new(&[pentagon()], 1.0);
    graph.add_obstacles(&[rectangle()]);
    graph
}

fn scenario_o4() -> ObstacleGraph {
    let mut graph = ObstacleGraph::new(&[pentagon(), rectangle()], 1.0);
    graph.add_point(4.0, 19.0).unwrap();
    graph
}

fn scenario_o5() -> ObstacleGraph {
    let mut graph = ObstacleGraph::new(&[pentagon(), rectangle()], 1.0);
    let u = graph.create_node(NodeKind::Point2(4.0, 6.0));
    graph
        .connect_node_using_obstacles_ignoring(u, &[pentagon()])
        .unwrap();
    let v = graph.create_node(NodeKind::Point2(4.2, 6.1));
    graph
        .connect_node_using_obstacles_ignoring_buffer(v, &[pentagon()])
        .unwrap();
    graph.add_point(4.1, 5.9).unwrap();
    graph
}

fn scenario_o6() -> ObstacleGraph {
    let mut graph = ObstacleGraph::new(&[], 1.0);
    let node1 = graph.create_node(NodeKind::Point2(4.0, 6.0));
    let node2 = graph.create_node(NodeKind::Point2(12.0, 13.0));
    graph
        .add_connections(node1, &[node2], Direction::BothWays)
        .unwrap();
    graph.add_nodes(&[node1, node2]).unwrap();
    graph.lock_connection(node1, node2).unwrap();
    graph.add_obstacles(&[pentagon()]);
    assert!(graph.graph().has_connection(node1, node2).unwrap());
    graph
}

#[test]
fn gameplaykit_scenarios_round_trip_and_carry_on_alike() {
    let scenarios = [
        scenario_o1(),
        scenario_o2(),
        scenario_o3(),
        scenario_o4(),
        scenario_o5(),
        scenario_o6(),
    ];
    for graph in &scenarios {
        check_round_trip(graph, &later_ops());
    }
}

#[test]
fn mitre_and_zero_radius_graphs_round_trip() {
    let [triangle, wall, square] = later_obstacles();
    let obstacles = [pentagon(), rectangle(), triangle, wall, square];
    for (radius, extrusion) in [
        (0.0, Extrusion::Radial),
        (-0.0, Extrusion::Mitre),
        (2.5, Extrusion::Mitre),
        (0.25, Extrusion::Radial),
    ] {
        let mut graph = ObstacleGraph::with_extrusion(&obstacles, radius, extrusion);
        graph.add_point(0.0, 0.0).unwrap();
        graph.add_point(25.0, 25.0).unwrap();
        check_round_trip(&graph, &later_ops());
    }
}

#[test]
fn saved_ids_work_with_the_loaded_graph() {
    let mut graph = scenario_o6();
    let start = graph.add_point(0.0, 0.0).unwrap();
    let goal = graph.add_point(20.0, 20.0).unwrap();
    let corners = graph.nodes_for_obstacle(&pentagon()).unwrap().to_vec();
    let saved = serde_json::to_string(&(&graph, start, goal)).unwrap();
    let (mut loaded, from, to): (ObstacleGraph, NodeId, NodeId) =
        serde_json::from_str(&saved).unwrap();
    assert_eq!((from, to), (start, goal));
    assert_eq!(
        loaded.nodes_for_obstacle(&pentagon()).unwrap(),
        &corners[..]
    );
    assert_eq!(
        loaded
            .find_path(&mut SearchContext::new(), from, to)
            .unwrap(),
        graph
            .find_path(&mut SearchContext::new(), start, goal)
            .unwrap()
    );
    let [node1, node2] = [graph.graph().nodes()[0], graph.graph().nodes()[1]];
    assert!(loaded.is_connection_locked(node1, node2).unwrap());
    assert!(!loaded.is_connection_locked(node2, node1).unwrap());
    // The loaded graph keeps `start` up to date as obstacles change, as the original does.
    let block =
        PolygonObstacle::new(&[[9.0, -1.0], [11.0, -1.0], [11.0, 1.0], [9.0, 1.0]]).unwrap();
    let far = loaded.add_point(20.0, 0.0).unwrap();
    assert!(loaded.graph().has_connection(start, far).unwrap());
    loaded.add_obstacles(std::slice::from_ref(&block));
    assert!(!loaded.graph().has_connection(start, far).unwrap());
    loaded.remove_obstacles(&[block]);
    assert!(loaded.graph().has_connection(start, far).unwrap());
}

/// A small deterministic generator (xorshift64*), so that every run tests the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn float(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A random obstacle in the 40 x 40 square: convex, a star with pockets, a segment, three
    /// collinear points, or a bow tie.
    fn obstacle(&mut self) -> PolygonObstacle {
        let (cx, cy) = (self.float(0.0, 40.0), self.float(0.0, 40.0));
        let r = self.float(0.3, 5.0);
        let points: Vec<[f32; 2]> = match self.below(8) {
            0 => vec![[cx, cy], [cx + r, cy + r / 2.0]],
            1 => vec![[cx, cy], [cx + r, cy], [cx + 2.0 * r, cy]],
            2 => vec![[cx, cy], [cx + r, cy + r], [cx + r, cy], [cx, cy + r]],
            kind => {
                let star = kind >= 6;
                let n = (3 + self.below(5)) * if star { 2 } else { 1 };
                let turn = self.float(0.0, 6.3);
                (0..n)
                    .map(|k| {
                        let a = turn + k as f32 * std::f32::consts::TAU / n as f32;
                        let r = if star && k % 2 == 1 { r * 0.4 } else { r };
                        [cx + r * a.cos(), cy + r * a.sin()]
                    })
                    .collect()
            }
        };
        PolygonObstacle::new(&points).unwrap()
    }

    fn obstacles(&mut self, max: usize) -> Vec<PolygonObstacle> {
        (0..1 + self.below(max)).map(|_| self.obstacle()).collect()
    }

    fn op(&mut self, known: &[PolygonObstacle]) -> Op {
        let pick = |rng: &mut Rng| -> Vec<PolygonObstacle> {
            (0..1 + rng.below(2))
                .map(|_| known[rng.below(known.len())].clone())
                .collect()
        };
        let (x, y) = (self.float(-2.0, 42.0), self.float(-2.0, 42.0));
        match self.below(12) {
            0 | 1 => Op::Add(self.obstacles(3)),
            2 => Op::Add(pick(self)),
            3 => Op::Remove(pick(self)),
            4 => Op::Point(x, y),
            5 => Op::Ignoring(x, y, pick(self)),
            6 => Op::IgnoringBuffer(x, y, pick(self)),
            7 => Op::Plain(x, y, self.below(1000)),
            8 => Op::RemoveNode(self.below(1000)),
            9 => Op::Lock(self.below(1000), self.below(1000)),
            10 => Op::Unlock(self.below(1000), self.below(1000)),
            _ if self.below(4) == 0 => Op::RemoveAll,
            _ => Op::Point(x, y),
        }
    }
}

/// Random graphs built by random operations, round-tripped, then changed further on both sides.
#[test]
fn random_graphs_round_trip_and_carry_on_alike() {
    for seed in 1..=24u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let radius = [0.0, 0.5, 1.0, 2.0][rng.below(4)];
        let extrusion = if rng.below(2) == 0 {
            Extrusion::Radial
        } else {
            Extrusion::Mitre
        };
        let mut known = rng.obstacles(6);
        let mut graph = ObstacleGraph::with_extrusion(&known, radius, extrusion);
        for _ in 0..10 {
            let op = rng.op(&known);
            if let Op::Add(list) = &op {
                known.extend(list.iter().cloned());
            }
            apply(&mut graph, &op);
        }
        let mut ops = Vec::new();
        for _ in 0..8 {
            let op = rng.op(&known);
            if let Op::Add(list) = &op {
                known.extend(list.iter().cloned());
            }
            ops.push(op);
        }
        check_round_trip(&graph, &ops);
    }
}

/// A graph with every part: obstacles, a user node of each kind, a plain member, a plain node
/// that is not a member, and locks. Its JSON, and the slots of some of its nodes.
fn forgeable() -> (Value, usize, usize, usize) {
    let mut graph = ObstacleGraph::new(&[pentagon(), rectangle()], 1.0);
    let user = graph.add_point(4.0, 19.0).unwrap();
    let ignoring = graph.create_node(NodeKind::Point2(4.0, 6.0));
    graph
        .connect_node_using_obstacles_ignoring(ignoring, &[pentagon()])
        .unwrap();
    let plain = graph.create_node(NodeKind::Plain);
    graph.add_nodes(&[plain]).unwrap();
    let outside = graph.create_node(NodeKind::Point2(30.0, 30.0));
    graph.lock_connection(user, ignoring).unwrap();
    graph.lock_connection(plain, outside).unwrap();
    let value = serde_json::to_value(&graph).unwrap();
    assert_eq!(
        serde_json::from_value::<ObstacleGraph>(value.clone()).unwrap(),
        graph
    );
    (value, user.index(), plain.index(), outside.index())
}

/// The error loading `value` gives.
fn load_error(value: Value) -> String {
    serde_json::from_value::<ObstacleGraph>(value)
        .expect_err("forged data is refused")
        .to_string()
}

#[test]
fn forged_obstacle_graphs_are_refused() {
    let (base, user, plain, outside) = forgeable();
    let forged = |change: &dyn Fn(&mut Value)| {
        let mut value = base.clone();
        change(&mut value);
        load_error(value)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            forged(&|v| v["buffer_radius"] = json!(-1.0)),
            "buffer radius must be finite and not negative",
        ),
        (
            // Beyond f32: read as infinity.
            forged(&|v| v["buffer_radius"] = json!(1e39)),
            "buffer radius must be finite",
        ),
        (
            forged(&|v| v["buffer_radius"] = Value::Null),
            "invalid type: null",
        ),
        (
            // Moves every node off its grown position.
            forged(&|v| v["buffer_radius"] = json!(1.5)),
            "listed for vertex 0 of obstacle 0, is not at the vertex's grown position",
        ),
        (
            forged(&|v| v["extrusion"] = json!("Mitre")),
            "is not at the vertex's grown position",
        ),
        (
            forged(&|v| v["extrusion"] = json!("Square")),
            "unknown variant",
        ),
        (
            forged(&|v| {
                v["obstacles"][1]["nodes"].as_array_mut().unwrap().pop();
            }),
            "obstacle 1 has 4 vertices but 3 nodes",
        ),
        (
            forged(&|v| v["obstacles"][0]["nodes"][2] = json!(999)),
            "node 999, listed for vertex 2 of obstacle 0, is not a node",
        ),
        (
            forged(&|v| v["obstacles"][1]["nodes"][0] = json!(0)),
            "node 0, listed for vertex 0 of obstacle 1, is listed for another vertex too",
        ),
        (
            forged(&|v| v["obstacles"][0]["nodes"][3] = json!(1)),
            "is listed for another vertex too",
        ),
        (
            // The user node in place of an obstacle's node.
            forged(&|v| v["obstacles"][0]["nodes"][0] = json!(user)),
            "is not at the vertex's grown position",
        ),
        (
            forged(&|v| {
                let copy = v["obstacles"][0].clone();
                v["obstacles"].as_array_mut().unwrap().push(copy);
            }),
            "obstacle 2 is obstacle 0 again",
        ),
        (
            forged(&|v| v["obstacles"][0]["obstacle"]["points"] = json!([[1.0, 2.0]])),
            "at least 2 points",
        ),
        (
            forged(&|v| v["obstacles"][0]["obstacle"]["points"][1] = json!([1.0, null])),
            "invalid type: null",
        ),
        (
            forged(&|v| v["obstacles"][0]["obstacle"]["points"][1] = json!([1.0, -1e39])),
            "vertex 1 is not finite",
        ),
        (
            forged(&|v| v["users"][0]["node"] = json!(4000)),
            "user node 4000 is not a node",
        ),
        (
            forged(&|v| v["users"][0]["node"] = json!(3)),
            "user node 3 is an obstacle's node",
        ),
        (
            forged(&|v| v["users"][0]["node"] = json!(plain)),
            "is not a 2D point",
        ),
        (
            forged(&|v| v["users"][0]["node"] = json!(outside)),
            "is not a member",
        ),
        (
            forged(&|v| {
                let copy = v["users"][0].clone();
                v["users"].as_array_mut().unwrap().push(copy);
            }),
            "is listed twice",
        ),
        (
            forged(&|v| v["users"][1]["ignored"][0]["points"] = json!([])),
            "at least 2 points",
        ),
        (
            forged(&|v| v["locks"][0] = json!([user, 77])),
            "a locked connection names missing node 77",
        ),
        (
            forged(&|v| {
                let copy = v["locks"][0].clone();
                v["locks"].as_array_mut().unwrap().push(copy);
            }),
            "is locked twice",
        ),
        (
            forged(&|v| v["locks"][0] = json!([1, 2, 3])),
            "invalid length",
        ),
        (
            // The node graph's own checks run first.
            forged(&|v| v["graph"]["nodes"][0]["edges"] = json!([0])),
            "node 0 has an edge to itself",
        ),
        (
            forged(&|v| {
                v.as_object_mut().unwrap().remove("locks");
            }),
            "missing field `locks`",
        ),
    ];
    for (message, expected) in cases {
        assert!(
            message.contains(expected),
            "{expected:?} not in {message:?}"
        );
    }
    // Not an obstacle graph at all.
    for text in [
        "",
        "null",
        "[]",
        "{}",
        "[1,2,3]",
        r#"{"graph":{}}"#,
        "\u{0}",
    ] {
        assert!(
            serde_json::from_str::<ObstacleGraph>(text).is_err(),
            "{text:?}"
        );
    }
}

/// An obstacle's nodes may be removed from the members (they keep their place and position);
/// such a graph loads back as it was.
#[test]
fn removed_obstacle_nodes_round_trip() {
    let mut graph = scenario_o4();
    let corners = graph.nodes_for_obstacle(&pentagon()).unwrap().to_vec();
    graph.remove_nodes(&corners[1..3]).unwrap();
    let loaded = round_trip(&graph);
    assert!(!loaded.graph().is_member(corners[1]).unwrap());
    check_round_trip(&graph, &later_ops());
}
