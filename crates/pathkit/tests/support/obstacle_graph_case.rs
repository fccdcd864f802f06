//! One fuzz case for obstacle graphs: a buffer radius and extrusion (NaN, infinite and negative
//! radii included) and a sequence of operations on an `ObstacleGraph` (obstacles from arbitrary
//! point lists: degenerate, collinear, repeated, self-intersecting, huge, NaN; removals; user
//! nodes connected plainly, ignoring obstacles or their buffer; plain nodes and edges; locks;
//! searches; ids of another graph; clones and JSON round trips).
//!
//! Nothing may panic. After every operation: the obstacles are those added and not removed, in
//! order, without duplicates; each has one node per vertex, a 2D node at its grown polygon's
//! vertex; every edge joins two members, with no self-edges or duplicates; the locks are those
//! locked and not unlocked. A found path runs from start to goal along edges. Invalid obstacles
//! are refused with `ObstacleTooSmall` or `NonFiniteVertex` (the first bad vertex), ids of another
//! graph with `ForeignNode` (changing nothing), non-2D nodes with `KindMismatch`, obstacle nodes
//! with `ObstacleNode`. A copy (`Clone`) is equal; with the `serde` feature a graph whose numbers
//! are all finite writes to JSON that loads back equal, and the loaded graph carries on.
//!
//! The fuzz target `fuzz/fuzz_targets/obstacle_graph.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` both include this file, so a replayed input meets exactly
//! the checks the fuzzer ran.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::{Extrusion, Point};
use pathkit::graph::{Direction, GraphError, NodeId, NodeKind, ObstacleGraph, PolygonObstacle};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::collections::BTreeSet;

/// At most this many operations of a case are run.
pub const MAX_OPS: usize = 32;
/// At most this many vertices are read from a point list.
pub const MAX_POINTS: usize = 10;
/// At most this many obstacles are read from a list operand.
pub const MAX_LIST: usize = 4;
/// At most this many obstacles are made in a case (each may be added, removed, added again).
pub const MAX_OBSTACLES: usize = 24;
/// At most this many nodes are created by the case itself (user and plain nodes).
pub const MAX_CREATED: usize = 24;

/// A graph and the operations to run on it, as decoded from the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct ObstacleCase {
    pub radius: Coord,
    pub mitre: bool,
    pub initial: Vec<Shape>,
    pub ops: Vec<Op>,
}

/// A coordinate or radius: mostly small integers and fine fractions (so points repeat and line
/// up), sometimes any `f32` or a special value.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Coord {
    Small(i8),
    /// A 64th of the value.
    Fine(i16),
    Any(f32),
    /// NaN, ±infinity, ±`f32::MAX`, ±1e30, the smallest normal, a subnormal, -0.
    Special(u8),
}

impl Coord {
    pub fn value(self) -> f32 {
        match self {
            Coord::Small(v) => v as f32,
            Coord::Fine(v) => v as f32 / 64.0,
            Coord::Any(v) => v,
            Coord::Special(k) => [
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::MAX,
                f32::MIN,
                1e30,
                -1e30,
                f32::MIN_POSITIVE,
                1e-40,
                -0.0,
            ][k as usize % 10],
        }
    }
}

/// An obstacle to make.
#[derive(Arbitrary, Debug)]
pub enum Shape {
    /// These points, in order (cut to [`MAX_POINTS`]); may be refused.
    Points(Vec<(Coord, Coord)>),
    /// A regular polygon of `3 + n % 8` vertices (a star with pockets when `star`).
    Regular {
        cx: i8,
        cy: i8,
        r: u8,
        n: u8,
        star: bool,
    },
    /// One of the obstacles made so far.
    Again(u8),
}

/// One operation. A `u8` node operand names a node among all the graph's nodes (modulo their
/// number); an obstacle operand one of the obstacles made so far.
#[derive(Arbitrary, Debug)]
pub enum Op {
    Add(Vec<Shape>),
    Remove(Vec<u8>),
    RemoveAll,
    AddPoint(Coord, Coord),
    /// Creates a 2D node and connects it: plainly, ignoring the listed obstacles, or testing
    /// them raw (`how % 3`).
    Connect {
        x: Coord,
        y: Coord,
        how: u8,
        obstacles: Vec<u8>,
    },
    /// Connects an existing node (an obstacle's, a plain one, a user node again).
    ConnectExisting {
        node: u8,
        how: u8,
        obstacles: Vec<u8>,
    },
    /// Creates a plain or 2D node, made a member when `member`.
    Create {
        point: Option<(Coord, Coord)>,
        member: bool,
    },
    AddNodes(Vec<u8>),
    RemoveNodes(Vec<u8>),
    /// Joins a member to members (non-members in the list are left out).
    Link {
        from: u8,
        to: Vec<u8>,
        both: bool,
    },
    Unlink {
        from: u8,
        to: Vec<u8>,
        both: bool,
    },
    Lock(u8, u8),
    Unlock(u8, u8),
    FindPath(u8, u8),
    /// Calls operation `call` with an id of another graph.
    Foreign {
        call: u8,
        other: u8,
    },
    /// Clones the graph and carries on with the copy.
    Fork,
    /// Writes the graph as JSON and reads it back (with the `serde` feature); the copy carries
    /// on in the original's place.
    RoundTrip,
}

/// Decodes `data` the way the fuzz target does (`arbitrary_take_rest`) and checks the case;
/// bytes that do not decode are skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = ObstacleCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// The case's graph and what the checks expect of it.
struct Run {
    graph: ObstacleGraph,
    /// Every obstacle made so far (operands name them).
    made: Vec<PolygonObstacle>,
    /// The obstacles in the graph, in order.
    present: Vec<PolygonObstacle>,
    locks: BTreeSet<(NodeId, NodeId)>,
    created: usize,
    /// A node of another graph.
    stranger: NodeId,
}

pub fn check(case: &ObstacleCase) {
    let radius = case.radius.value();
    let extrusion = if case.mitre {
        Extrusion::Mitre
    } else {
        Extrusion::Radial
    };
    let mut run = Run {
        graph: ObstacleGraph::with_extrusion(&[], radius, extrusion),
        made: Vec::new(),
        present: Vec::new(),
        locks: BTreeSet::new(),
        created: 0,
        stranger: ObstacleGraph::new(&[], 1.0).create_node(NodeKind::Point2(0.0, 0.0)),
    };
    let kept = run.graph.buffer_radius();
    if radius > 0.0 {
        assert_eq!(kept.to_bits(), radius.to_bits());
    } else {
        assert_eq!(kept.to_bits(), 0.0f32.to_bits(), "{radius} is kept as 0");
    }
    assert_eq!(run.graph.extrusion(), extrusion);
    // The initial obstacles through `with_extrusion`, as `new` takes them: the same graph as
    // adding them to an empty one.
    let initial = run.shapes(&case.initial);
    let built = ObstacleGraph::with_extrusion(&initial, radius, extrusion);
    run.add(&initial);
    assert!(built.obstacles().eq(run.graph.obstacles()));
    assert_eq!(built.graph().node_count(), run.graph.graph().node_count());
    run.check();
    for op in case.ops.iter().take(MAX_OPS) {
        run.apply(op);
        run.check();
    }
}

impl Run {
    /// Makes the obstacles of a list (cut to [`MAX_LIST`]), leaving out those refused.
    fn shapes(&mut self, shapes: &[Shape]) -> Vec<PolygonObstacle> {
        shapes
            .iter()
            .take(MAX_LIST)
            .filter_map(|s| self.shape(s))
            .collect()
    }

    fn shape(&mut self, shape: &Shape) -> Option<PolygonObstacle> {
        let points: Vec<[f32; 2]> = match shape {
            Shape::Again(k) => {
                return (!self.made.is_empty())
                    .then(|| self.made[*k as usize % self.made.len()].clone())
            }
            Shape::Points(list) => list
                .iter()
                .take(MAX_POINTS)
                .map(|(x, y)| [x.value(), y.value()])
                .collect(),
            Shape::Regular { cx, cy, r, n, star } => {
                let n = (3 + *n as usize % 8) * if *star { 2 } else { 1 };
                let r = 0.25 + *r as f32 / 8.0;
                (0..n)
                    .map(|k| {
                        let a = k as f32 * std::f32::consts::TAU / n as f32;
                        let r = if *star && k % 2 == 1 { r * 0.4 } else { r };
                        [*cx as f32 + r * a.cos(), *cy as f32 + r * a.sin()]
                    })
                    .collect()
            }
        };
        match PolygonObstacle::new(&points) {
            Ok(obstacle) => {
                assert_eq!(obstacle.len(), points.len());
                for (k, p) in points.iter().enumerate() {
                    // Kept as given (-0 as 0).
                    assert_eq!(obstacle.vertex(k), Some(*p));
                }
                if self.made.len() < MAX_OBSTACLES {
                    self.made.push(obstacle.clone());
                    Some(obstacle)
                } else {
                    None
                }
            }
            Err(GraphError::ObstacleTooSmall { points: n }) => {
                assert!(n < 2 && n == points.len());
                None
            }
            Err(GraphError::NonFiniteVertex { index }) => {
                let first = points
                    .iter()
                    .position(|p| !(p[0].is_finite() && p[1].is_finite()));
                assert_eq!(Some(index), first);
                assert!(points.len() >= 2);
                None
            }
            Err(other) => panic!("an obstacle refused with {other:?}"),
        }
    }

    /// The obstacles named by a list operand.
    fn named(&self, list: &[u8]) -> Vec<PolygonObstacle> {
        if self.made.is_empty() {
            return Vec::new();
        }
        list.iter()
            .take(MAX_LIST)
            .map(|&k| self.made[k as usize % self.made.len()].clone())
            .collect()
    }

    fn add(&mut self, list: &[PolygonObstacle]) {
        self.graph.add_obstacles(list);
        for obstacle in list {
            if !self.present.contains(obstacle) {
                self.present.push(obstacle.clone());
            }
        }
    }

    /// Node `k` among all the graph's nodes, if there is any.
    fn node(&self, k: u8) -> Option<NodeId> {
        let count = self.graph.graph().node_count();
        (count > 0).then(|| {
            self.graph
                .graph()
                .all_nodes()
                .nth(k as usize % count)
                .unwrap()
        })
    }

    fn nodes(&self, list: &[u8]) -> Vec<NodeId> {
        list.iter()
            .take(MAX_LIST)
            .filter_map(|&k| self.node(k))
            .collect()
    }

    fn is_member(&self, node: NodeId) -> bool {
        self.graph.graph().is_member(node).unwrap()
    }

    /// Connects `node` as `how % 3` says; what may go wrong is a typed error.
    fn connect(&mut self, node: NodeId, how: u8, obstacles: &[u8]) {
        let list = self.named(obstacles);
        let before = self.graph.clone();
        let result = match how % 3 {
            0 => self.graph.connect_node_using_obstacles(node),
            1 => self
                .graph
                .connect_node_using_obstacles_ignoring(node, &list),
            _ => self
                .graph
                .connect_node_using_obstacles_ignoring_buffer(node, &list),
        };
        let kind = self.graph.graph().kind(node).unwrap();
        let owned = self
            .present
            .iter()
            .any(|o| self.graph.nodes_for_obstacle(o).unwrap().contains(&node));
        match result {
            Ok(()) => {
                assert!(matches!(kind, NodeKind::Point2(..)) && !owned);
                assert!(self.is_member(node));
            }
            Err(GraphError::KindMismatch { node: n, .. }) => {
                assert!(n == node && !matches!(kind, NodeKind::Point2(..)));
                assert!(
                    same(&self.graph, &before),
                    "a refused connection changes nothing"
                );
            }
            Err(GraphError::ObstacleNode { node: n }) => {
                assert!(n == node && owned);
                assert!(
                    same(&self.graph, &before),
                    "a refused connection changes nothing"
                );
            }
            Err(GraphError::NonFinite { .. }) => {
                // A node made at a NaN or infinite position cannot be placed among the others.
                let NodeKind::Point2(x, y) = kind else {
                    panic!("{node:?} refused as non-finite, but it is {kind:?}");
                };
                assert!(!x.is_finite() || !y.is_finite());
                assert!(
                    same(&self.graph, &before),
                    "a refused connection changes nothing"
                );
            }
            Err(other) => panic!("connecting {node:?} failed with {other:?}"),
        }
    }

    fn apply(&mut self, op: &Op) {
        match op {
            Op::Add(shapes) => {
                let list = self.shapes(shapes);
                self.add(&list);
            }
            Op::Remove(list) => {
                let list = self.named(list);
                self.graph.remove_obstacles(&list);
                self.present.retain(|o| !list.contains(o));
            }
            Op::RemoveAll => {
                self.graph.remove_all_obstacles();
                self.present.clear();
                assert_eq!(self.graph.obstacles().len(), 0);
            }
            Op::AddPoint(x, y) => {
                if self.created < MAX_CREATED {
                    self.created += 1;
                    let (x, y) = (x.value(), y.value());
                    if !x.is_finite() || !y.is_finite() {
                        // Refused, and nothing changed.
                        let before = self.graph.clone();
                        let err = self.graph.add_point(x, y).unwrap_err();
                        assert!(matches!(err, GraphError::NonFinite { .. }), "{err:?}");
                        assert!(
                            same(&self.graph, &before),
                            "a refused point changes nothing"
                        );
                        return;
                    }
                    let node = self.graph.add_point(x, y).unwrap();
                    assert!(self.is_member(node));
                    let [px, py] = self.graph.position(node).unwrap();
                    assert_eq!([px.to_bits(), py.to_bits()], [x, y].map(f32::to_bits));
                }
            }
            Op::Connect {
                x,
                y,
                how,
                obstacles,
            } => {
                if self.created < MAX_CREATED {
                    self.created += 1;
                    let node = self
                        .graph
                        .create_node(NodeKind::Point2(x.value(), y.value()));
                    self.connect(node, *how, obstacles);
                }
            }
            Op::ConnectExisting {
                node,
                how,
                obstacles,
            } => {
                if let Some(node) = self.node(*node) {
                    self.connect(node, *how, obstacles);
                }
            }
            Op::Create { point, member } => {
                if self.created < MAX_CREATED {
                    self.created += 1;
                    let kind = match point {
                        Some((x, y)) => NodeKind::Point2(x.value(), y.value()),
                        None => NodeKind::Plain,
                    };
                    let node = self.graph.create_node(kind);
                    assert!(!self.is_member(node));
                    if *member {
                        self.graph.add_nodes(&[node]).unwrap();
                    }
                }
            }
            Op::AddNodes(list) => {
                let nodes = self.nodes(list);
                self.graph.add_nodes(&nodes).unwrap();
                assert!(nodes.iter().all(|&n| self.is_member(n)));
            }
            Op::RemoveNodes(list) => {
                let nodes = self.nodes(list);
                self.graph.remove_nodes(&nodes).unwrap();
                for &n in &nodes {
                    assert!(!self.is_member(n));
                    assert!(self.graph.graph().connected_nodes(n).unwrap().is_empty());
                }
            }
            Op::Link { from, to, both } => {
                let Some(from) = self.node(*from) else { return };
                let to: Vec<NodeId> = self
                    .nodes(to)
                    .into_iter()
                    .filter(|&n| self.is_member(n))
                    .collect();
                if self.is_member(from) {
                    self.graph
                        .add_connections(from, &to, direction(*both))
                        .unwrap();
                }
            }
            Op::Unlink { from, to, both } => {
                let Some(from) = self.node(*from) else { return };
                let to = self.nodes(to);
                self.graph
                    .remove_connections(from, &to, direction(*both))
                    .unwrap();
                for &t in &to {
                    assert!(!self.graph.graph().has_connection(from, t).unwrap());
                }
            }
            Op::Lock(a, b) | Op::Unlock(a, b) => {
                let (Some(a), Some(b)) = (self.node(*a), self.node(*b)) else {
                    return;
                };
                if matches!(op, Op::Lock(..)) {
                    self.graph.lock_connection(a, b).unwrap();
                    self.locks.insert((a, b));
                } else {
                    self.graph.unlock_connection(a, b).unwrap();
                    self.locks.remove(&(a, b));
                }
            }
            Op::FindPath(a, b) => {
                let (Some(a), Some(b)) = (self.node(*a), self.node(*b)) else {
                    return;
                };
                self.find_path(a, b);
            }
            Op::Foreign { call, other } => self.foreign(*call, *other),
            Op::Fork => {
                let copy = self.graph.clone();
                assert!(same(&copy, &self.graph));
                self.graph = copy;
            }
            Op::RoundTrip => self.round_trip(),
        }
    }

    /// A search's answer: a path from start to goal along edges, or a typed error of a cost
    /// that is not a finite number.
    fn find_path(&self, a: NodeId, b: NodeId) {
        match self.graph.find_path(&mut SearchContext::new(), a, b) {
            Ok(outcome) => {
                if let Some(path) = outcome.into_path() {
                    assert_eq!(path.nodes.first(), Some(&a));
                    assert_eq!(path.nodes.last(), Some(&b));
                    for step in path.nodes.windows(2) {
                        assert!(self.graph.graph().has_connection(step[0], step[1]).unwrap());
                    }
                    assert!(path.cost >= 0.0 && path.cost.is_finite(), "{}", path.cost);
                    if a == b {
                        assert_eq!(path.nodes, vec![a]);
                    }
                }
            }
            Err(
                GraphError::InvalidCost { .. }
                | GraphError::InvalidEstimate { .. }
                | GraphError::CostOverflow { .. },
            ) => {}
            Err(other) => panic!("find_path failed with {other:?}"),
        }
    }

    /// An id of another graph is refused by every operation, which changes nothing.
    fn foreign(&mut self, call: u8, other: u8) {
        let stranger = self.stranger;
        let valid = self.node(other).unwrap_or(stranger);
        let before = self.graph.clone();
        let g = &mut self.graph;
        let result = match call % 12 {
            0 => g.position(stranger).map(|_| ()),
            1 => g.connect_node_using_obstacles(stranger),
            2 => g.add_nodes(&[valid, stranger]),
            3 => g.remove_nodes(&[valid, stranger]),
            4 => g.add_connections(valid, &[stranger], Direction::BothWays),
            5 => g.remove_connections(stranger, &[valid], Direction::OneWay),
            6 => g.lock_connection(valid, stranger),
            7 => g.unlock_connection(stranger, valid),
            8 => g.is_connection_locked(valid, stranger).map(|_| ()),
            9 => g
                .find_path(&mut SearchContext::new(), stranger, valid)
                .map(|_| ()),
            10 => g
                .find_path(&mut SearchContext::new(), valid, stranger)
                .map(|_| ()),
            _ => g.graph().connected_nodes(stranger).map(|_| ()),
        };
        assert_eq!(result, Err(GraphError::ForeignNode { node: stranger }));
        assert!(same(&self.graph, &before), "a foreign id changes nothing");
    }

    #[cfg(feature = "serde")]
    fn round_trip(&mut self) {
        let text = serde_json::to_string(&self.graph).expect("an obstacle graph writes as JSON");
        let back = serde_json::from_str::<ObstacleGraph>(&text);
        // JSON has no NaN or infinity: serde_json writes them as null, which does not load.
        if text.contains("null") {
            assert!(back.is_err());
        } else {
            let back = back.unwrap_or_else(|e| panic!("{e}: {text}"));
            assert!(back == self.graph, "the loaded graph is equal");
            self.graph = back;
        }
    }

    #[cfg(not(feature = "serde"))]
    fn round_trip(&mut self) {}

    fn check(&self) {
        let g = &self.graph;
        assert!(
            g.obstacles().eq(self.present.iter()),
            "the obstacles in order"
        );
        for obstacle in &self.present {
            let nodes = g.nodes_for_obstacle(obstacle).expect("a present obstacle");
            let grown = g.grown_obstacle(obstacle).expect("a present obstacle");
            assert_eq!(nodes.len(), obstacle.len());
            assert_eq!(grown.len(), obstacle.len());
            for (&node, &p) in nodes.iter().zip(grown.points()) {
                let [x, y] = g.position(node).unwrap();
                let q = Point::from_f32([x, y]);
                assert!(
                    q.x.to_bits() == p.x.to_bits() && q.y.to_bits() == p.y.to_bits(),
                    "an obstacle node at its grown vertex"
                );
            }
        }
        for obstacle in &self.made {
            if !self.present.contains(obstacle) {
                assert!(g.nodes_for_obstacle(obstacle).is_none());
                assert!(g.grown_obstacle(obstacle).is_none());
            }
        }
        let graph = g.graph();
        for from in graph.all_nodes() {
            let out = graph.connected_nodes(from).unwrap();
            let distinct: BTreeSet<NodeId> = out.iter().copied().collect();
            assert_eq!(distinct.len(), out.len(), "no duplicate edges");
            for &to in out {
                assert_ne!(from, to, "no self-edges");
                assert!(
                    graph.is_member(from).unwrap() && graph.is_member(to).unwrap(),
                    "an edge between members"
                );
            }
        }
        let members: BTreeSet<NodeId> = graph.nodes().iter().copied().collect();
        assert_eq!(members.len(), graph.nodes().len(), "no member twice");
        for &(a, b) in &self.locks {
            assert!(g.is_connection_locked(a, b).unwrap());
        }
        // A few unlocked pairs.
        for a in graph.all_nodes().take(4) {
            for b in graph.all_nodes().take(4) {
                assert_eq!(
                    g.is_connection_locked(a, b).unwrap(),
                    self.locks.contains(&(a, b))
                );
            }
        }
    }
}

/// Whether two graphs hold the same nodes (ids, payloads, edges in order, membership), members
/// in order, obstacles on the same nodes, radius and extrusion. `==` says the same, except that
/// a NaN position is not equal to itself; here positions are compared as printed.
fn same(a: &ObstacleGraph, b: &ObstacleGraph) -> bool {
    let (ga, gb) = (a.graph(), b.graph());
    ga.node_count() == gb.node_count()
        && ga.nodes() == gb.nodes()
        && ga.all_nodes().zip(gb.all_nodes()).all(|(x, y)| {
            x == y
                && format!("{:?}", ga.kind(x)) == format!("{:?}", gb.kind(y))
                && ga.connected_nodes(x) == gb.connected_nodes(y)
                && ga.is_member(x) == gb.is_member(y)
        })
        && a.obstacles().eq(b.obstacles())
        && a.obstacles()
            .all(|o| a.nodes_for_obstacle(o) == b.nodes_for_obstacle(o))
        && a.buffer_radius().to_bits() == b.buffer_radius().to_bits()
        && a.extrusion() == b.extrusion()
}

fn direction(both: bool) -> Direction {
    if both {
        Direction::BothWays
    } else {
        Direction::OneWay
    }
}
