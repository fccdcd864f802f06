//! One case for mesh graphs (GameplayKit's `GKMeshGraph`): a buffer radius, radial or mitre
//! growth, and a sequence of operations on a `MeshGraph` in the box `[0, 32]^2` (obstacles of
//! many shapes added and removed, triangulation modes, points connected, triangulations,
//! searches), each triangulation checked against oracles that share no code with pathkit:
//!
//! - **The free space.** The obstacles are grown here (`crate::growth_oracle`: radially about
//!   the centroid, or by the mitre rule; not at all at radius 0), and the free space they leave
//!   in the box (`crate::free_space_oracle`) is compared with the triangles on a lattice of
//!   sample points: a point well inside the free space lies in exactly one triangle, a point
//!   well inside a grown obstacle or outside the box in none.
//! - **The nodes of each mode** (`shared/docs/gameplaykit-semantics.md` §2.7): one at each
//!   corner of a triangle (vertices), at each triangle's centre, at the middle of each of its
//!   sides (edge midpoints), each shared between the triangles that share it; the nodes of a
//!   triangle joined to each other, and to nothing else but connected points.
//! - **Paths** between connected points run along edges, each step through the free space;
//!   with corners or midpoints in the mode (so that neighbouring triangles share nodes) a path is
//!   found exactly when the free space joins the two points; no path is shorter than the
//!   shortest path at any angle (the visibility graph of the grown obstacles), and the mesh's own
//!   any-angle search finds exactly that length.
//!
//! - **Connections and links** between kept points (`add_point`, `connect_node_using_obstacles`):
//!   `add_connections`, `remove_connections`, `GraphLinks::link_mesh` (any cost) and
//!   `connect_mesh` between any ids (kept points, the triangulation's nodes, points removed,
//!   nodes left over, ids of other graphs). A refused operation gives the documented error
//!   (`ForeignNode`, `NotKeptPoint`, `InvalidCost`) and changes no node, edge or link; after
//!   each operation the connections between kept points are those added and not removed, kept
//!   points are members and nodes no longer members have no edges; a search with the links as
//!   the cost model follows edges, costs what it reports and what a Dijkstra here over the
//!   graph's listed edges finds (each at its cheapest link's cost, else its length).
//!
//! Shapes: convex regular polygons, thin walls (two points), L shapes and stars (non-convex);
//! obstacles overlap freely. Cases whose mitre growth crosses itself (a pocket narrower than
//! twice the radius) are skipped, as what is walkable there is not defined.
//!
//! The fuzz target `fuzz/fuzz_targets/mesh_graph.rs`, the property test
//! `tests/gameplaykit_mesh.rs` and the regression replay `tests/search_fuzz_regressions.rs` all
//! run these checks.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::Extrusion;
use pathkit::graph::{
    Direction, GraphError, GraphLinks, MeshGraph, NodeId, NodeKind, PolygonObstacle,
    TriangulationMode,
};
use pathkit::search::SearchContext;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

use crate::free_space_oracle::FreeSpace;
use crate::growth_oracle::{distance_to_segment, mitre, radial, self_crossing};
use pathkit::geometry::Point;
use pathkit::navmesh::{AnyAngleSearch, NavMeshError};
use pathkit::Pathfinder;

/// The side of the box.
pub const SIZE: f32 = 32.0;
/// At most this many operations of a case are run.
pub const MAX_OPS: usize = 24;
/// At most this many points are connected.
pub const MAX_POINTS: usize = 6;

/// One obstacle's shape, decoded from bytes.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct Shape {
    /// Convex polygon, thin wall, L or star (`kind % 4`).
    pub kind: u8,
    pub x: u8,
    pub y: u8,
    /// Radius `1 + size % 6` (in units).
    pub size: u8,
    /// Turned by `turn / 256` of a full turn.
    pub turn: u8,
    /// Corners of a convex polygon or points of a star: `3 + corners % 5`.
    pub corners: u8,
}

/// One operation.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Op {
    Add(Shape),
    /// Removes the obstacle added `k % count`-th.
    Remove(u8),
    /// Mode `1 + bits % 7` (never empty).
    Mode(u8),
    /// Connects the point (`x / 8`, `y / 8`).
    Point(u8, u8),
    Triangulate,
    // The variants above decode as they did before the ones below were added (the kept inputs
    // were written again for the longer list, each decoding to the case it was).
    /// `add_connections` from a node to the first `bits % 3` of two (both ways when `bits & 4`).
    Connect(Pick, [Pick; 2], u8),
    /// `remove_connections`, as `Connect`.
    Disconnect(Pick, [Pick; 2], u8),
    /// `GraphLinks::link_mesh` between two nodes at a cost, both ways or one way.
    Link(Pick, Pick, Cost, bool),
    /// `GraphLinks::connect_mesh`.
    ConnectLinks,
    /// The links dropped (a new, empty `GraphLinks`).
    ClearLinks,
    /// `remove_nodes` of the kept point `k % count`.
    RemovePoint(u8),
    /// `connect_node_using_obstacles` of any node: a point removed, a node of the
    /// triangulation, one left over from an earlier one, another graph's.
    Adopt(Pick),
    /// A search with the links as the cost model between two members.
    Search(Pick, Pick),
}

/// A node for the links' operations: a kept point, a node of the triangulation, a node no
/// longer a member (a point removed, a node of an earlier triangulation) or a node of another
/// graph (`kind % 5`, two chances in five for a kept point), the `k`-th of them (modulo).
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct Pick {
    pub kind: u8,
    pub k: u8,
}

/// A link's cost: NaN, negative, infinite, huge, zero, small or any `f32` (`kind % 9`).
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct Cost {
    pub kind: u8,
    pub bits: u32,
}

impl Cost {
    pub fn value(self) -> f32 {
        match self.kind % 9 {
            0 => f32::NAN,
            1 => -f32::from(1 + (self.bits % 64) as u8) / 8.0,
            2 => f32::INFINITY,
            3 => f32::NEG_INFINITY,
            4 => f32::MAX,
            5 => 0.0,
            6 => (self.bits % 512) as f32 / 8.0,
            7 => f32::from_bits(self.bits),
            _ => -0.0,
        }
    }
}

/// A case: the radius `(radius % 16) / 8`, growth, and operations.
#[derive(Arbitrary, Debug)]
pub struct MeshGraphCase {
    pub radius: u8,
    pub mitre: bool,
    pub ops: Vec<Op>,
}

impl Shape {
    /// The shape's points, in the box (clamped).
    pub fn points(&self) -> Vec<[f32; 2]> {
        let r = 1.0 + f64::from(self.size % 6);
        let (cx, cy) = (
            f64::from(self.x) / 255.0 * f64::from(SIZE),
            f64::from(self.y) / 255.0 * f64::from(SIZE),
        );
        let turn = f64::from(self.turn) / 256.0 * std::f64::consts::TAU;
        let n = 3 + usize::from(self.corners % 5);
        let local: Vec<(f64, f64)> = match self.kind % 4 {
            0 => (0..n)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::TAU / n as f64;
                    (r * a.cos(), r * a.sin())
                })
                .collect(),
            1 => vec![(-r, 0.0), (r, 0.0)],
            2 => {
                let t = 0.5 * r;
                vec![
                    (-r, -r),
                    (r, -r),
                    (r, -r + t),
                    (-r + t, -r + t),
                    (-r + t, r),
                    (-r, r),
                ]
            }
            _ => (0..2 * n)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::PI / n as f64;
                    let radius = if k % 2 == 1 { 0.55 * r } else { r };
                    (radius * a.cos(), radius * a.sin())
                })
                .collect(),
        };
        let (c, s) = (turn.cos(), turn.sin());
        local
            .into_iter()
            .map(|(x, y)| {
                let (px, py) = (cx + x * c - y * s, cy + x * s + y * c);
                [(px as f32).clamp(0.0, SIZE), (py as f32).clamp(0.0, SIZE)]
            })
            .collect()
    }
}

/// Decodes `data` as the fuzz target does and checks the case; bytes that do not decode are
/// skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = MeshGraphCase::arbitrary_take_rest(Unstructured::new(data)) {
        let _checked = check(&case);
    }
}

/// What the case knows of the graph, kept by the case itself.
struct Model {
    radius: f32,
    mitre: bool,
    obstacles: Vec<PolygonObstacle>,
    points: Vec<(NodeId, [f32; 2])>,
}

/// Runs one case: every operation, every triangulation checked. Returns how many
/// triangulations were checked (not skipped for a pocket narrower than twice the radius).
pub fn check(case: &MeshGraphCase) -> usize {
    check_tiled(case, None)
}

/// [`check`] with the free space cut into tiles of `tile` ([`MeshGraph::set_tile_size`]): each
/// triangulation after the first edits the tiles in place.
pub fn check_tiled(case: &MeshGraphCase, tile: Option<f32>) -> usize {
    let radius = f32::from(case.radius % 16) / 8.0;
    let extrusion = if case.mitre {
        Extrusion::Mitre
    } else {
        Extrusion::Radial
    };
    let mut graph = MeshGraph::with_extrusion(radius, [0.0, 0.0], [SIZE, SIZE], extrusion)
        .expect("a valid box");
    graph.set_tile_size(tile).expect("a valid tile size");
    let mut model = Model {
        radius,
        mitre: case.mitre,
        obstacles: Vec::new(),
        points: Vec::new(),
    };
    let mut links = Links::new(&graph);
    let mut triangulated = false;
    let mut checked = 0;
    for op in case.ops.iter().take(MAX_OPS) {
        match *op {
            Op::Add(shape) => {
                let Ok(obstacle) = PolygonObstacle::new(&shape.points()) else {
                    continue;
                };
                graph
                    .add_obstacles(std::slice::from_ref(&obstacle))
                    .unwrap();
                if !model.obstacles.contains(&obstacle) {
                    model.obstacles.push(obstacle);
                }
            }
            Op::Remove(k) => {
                if !model.obstacles.is_empty() {
                    let gone = model
                        .obstacles
                        .remove(usize::from(k) % model.obstacles.len());
                    graph.remove_obstacles(&[gone]);
                }
            }
            Op::Mode(bits) => {
                graph.set_triangulation_mode(TriangulationMode::from_bits(1 + bits % 7))
            }
            Op::Point(x, y) => {
                if model.points.len() < MAX_POINTS {
                    let p = [f32::from(x) / 8.0, f32::from(y) / 8.0];
                    model.points.push((graph.add_point(p[0], p[1]).unwrap(), p));
                }
            }
            Op::Triangulate => {
                graph.triangulate().unwrap_or_else(|e| {
                    panic!(
                        "{e:?}: radius {radius}, mitre {}, obstacles {:?}",
                        case.mitre, model.obstacles
                    )
                });
                triangulated = true;
                checked += usize::from(check_triangulation(&graph, &model, tile));
            }
            Op::Connect(from, to, bits) | Op::Disconnect(from, to, bits) => {
                let adding = matches!(op, Op::Connect(..));
                let from = links.pick(&graph, &model, from);
                let to: Vec<NodeId> = to[..usize::from(bits % 3)]
                    .iter()
                    .map(|&p| links.pick(&graph, &model, p))
                    .collect();
                let direction = if bits & 4 != 0 {
                    Direction::BothWays
                } else {
                    Direction::OneWay
                };
                let before = links.snapshot(&graph);
                let want = links.expect_kept(&model, std::iter::once(from).chain(to.clone()));
                let got = if adding {
                    graph.add_connections(from, &to, direction)
                } else {
                    graph.remove_connections(from, &to, direction)
                };
                assert_eq!(got, want, "{op:?}: {from:?} -> {to:?}");
                if got.is_err() {
                    assert_eq!(
                        links.snapshot(&graph),
                        before,
                        "{op:?} refused, yet changed"
                    );
                } else {
                    for &t in to.iter().filter(|&&t| t != from) {
                        let mut pairs = vec![(from, t)];
                        if direction == Direction::BothWays {
                            pairs.push((t, from));
                        }
                        for pair in pairs {
                            if adding {
                                links.joined.insert(pair);
                            } else {
                                links.joined.remove(&pair);
                            }
                        }
                    }
                }
            }
            Op::Link(from, to, cost, both) => {
                let (from, to) = (
                    links.pick(&graph, &model, from),
                    links.pick(&graph, &model, to),
                );
                let cost = cost.value();
                let direction = if both {
                    Direction::BothWays
                } else {
                    Direction::OneWay
                };
                let before = (links.snapshot(&graph), links.links.clone());
                let got = links.links.link_mesh(&graph, from, to, cost, direction);
                if !(cost.is_finite() && cost >= 0.0) {
                    assert!(
                        matches!(got, Err(GraphError::InvalidCost { from: f, to: t, cost: c })
                            if (f, t, c.to_bits()) == (from, to, cost.to_bits())),
                        "link at {cost}: {got:?}"
                    );
                } else {
                    assert_eq!(got, links.expect_kept(&model, [from, to]), "{op:?}");
                }
                if got.is_err() {
                    assert_eq!(
                        (links.snapshot(&graph), links.links.clone()),
                        before,
                        "{op:?} refused, yet changed"
                    );
                } else {
                    links.linked.push((from, to, cost, both));
                }
            }
            Op::ConnectLinks => {
                let before = links.snapshot(&graph);
                let want = links.expect_kept(
                    &model,
                    links.linked.iter().flat_map(|&(from, to, ..)| [from, to]),
                );
                let got = links.links.connect_mesh(&mut graph);
                assert_eq!(got, want, "connect_mesh");
                if got.is_err() {
                    assert_eq!(
                        links.snapshot(&graph),
                        before,
                        "connect_mesh refused, yet changed"
                    );
                } else {
                    for &(from, to, _, both) in &links.linked {
                        if from != to {
                            links.joined.insert((from, to));
                            if both {
                                links.joined.insert((to, from));
                            }
                        }
                    }
                }
            }
            Op::ClearLinks => {
                links.links = GraphLinks::new();
                links.linked.clear();
            }
            Op::RemovePoint(k) => {
                if !model.points.is_empty() {
                    let (gone, _) = model.points.remove(usize::from(k) % model.points.len());
                    graph.remove_nodes(&[gone]).unwrap();
                    links.joined.retain(|&(a, b)| a != gone && b != gone);
                }
            }
            Op::Adopt(pick) => {
                let node = links.pick(&graph, &model, pick);
                let kept = model.points.iter().any(|&(p, _)| p == node);
                if !kept && model.points.len() >= MAX_POINTS {
                    continue;
                }
                let before = links.snapshot(&graph);
                let got = graph.connect_node_using_obstacles(node);
                if links.seen.contains(&node) {
                    assert_eq!(got, Ok(()), "adopting {node:?}");
                    if !kept {
                        let NodeKind::Point2(x, y) = graph.graph().kind(node).unwrap() else {
                            panic!("a node of a mesh graph without a 2D position");
                        };
                        model.points.push((node, [x, y]));
                    }
                } else {
                    assert_eq!(got, Err(GraphError::ForeignNode { node }), "adopting");
                    assert_eq!(
                        links.snapshot(&graph),
                        before,
                        "adopting refused, yet changed"
                    );
                }
            }
            Op::Search(a, b) => links.check_search(&graph, &model, a, b),
        }
        assert_eq!(graph.obstacles(), &model.obstacles[..], "the obstacles");
        links.check(&graph, &model);
    }
    if !triangulated {
        graph.triangulate().unwrap_or_else(|e| {
            panic!(
                "{e:?}: radius {radius}, mitre {}, obstacles {:?}",
                case.mitre, model.obstacles
            )
        });
        checked += usize::from(check_triangulation(&graph, &model, tile));
        links.check(&graph, &model);
    }
    checked
}

/// The links' side of a case, kept by the case: the links as linked, the connections between
/// kept points as added and not removed, every id the graph has handed out, and ids of other
/// graphs.
struct Links {
    links: GraphLinks,
    /// `(from, to, cost, both ways)`, as linked.
    linked: Vec<(NodeId, NodeId, f32, bool)>,
    /// The connections between kept points, `(from, to)`.
    joined: BTreeSet<(NodeId, NodeId)>,
    /// Every id the case has seen the graph hold.
    seen: BTreeSet<NodeId>,
    /// Ids the graph did not hand out: of a copy of it made before it held a node (each the id
    /// this graph hands out at the same count, so the same id once it has), and of another
    /// graph.
    foreign: Vec<NodeId>,
}

impl Links {
    fn new(graph: &MeshGraph) -> Links {
        let mut twin = graph.clone();
        let mut other = MeshGraph::new(0.0, [0.0, 0.0], [SIZE, SIZE]).expect("a valid box");
        let mut foreign = Vec::new();
        for g in [&mut twin, &mut other] {
            for p in [[1.0, 1.0], [30.0, 2.0], [16.0, 16.0]] {
                foreign.push(g.add_point(p[0], p[1]).expect("in the box"));
            }
            g.triangulate().expect("an empty box");
            foreign.extend(g.graph().nodes().iter().copied().skip(3).take(8));
        }
        Links {
            links: GraphLinks::new(),
            linked: Vec::new(),
            joined: BTreeSet::new(),
            seen: BTreeSet::new(),
            foreign,
        }
    }

    /// The node `pick` names (a node of another graph when the kind it asks for has none).
    fn pick(&self, graph: &MeshGraph, model: &Model, pick: Pick) -> NodeId {
        let members = graph.graph().nodes();
        let list: Vec<NodeId> = match pick.kind % 5 {
            0 | 1 => model.points.iter().map(|&(n, _)| n).collect(),
            2 => members
                .iter()
                .copied()
                .filter(|n| !model.points.iter().any(|&(p, _)| p == *n))
                .collect(),
            3 => self
                .seen
                .iter()
                .copied()
                .filter(|n| !members.contains(n))
                .collect(),
            _ => Vec::new(),
        };
        let list = if list.is_empty() {
            &self.foreign
        } else {
            &list
        };
        list[usize::from(pick.k) % list.len()]
    }

    /// What an operation on kept points only answers for `nodes`, in order: `ForeignNode` for
    /// the first id the graph never held, `NotKeptPoint` for the first it holds but does not
    /// keep.
    fn expect_kept(
        &self,
        model: &Model,
        nodes: impl IntoIterator<Item = NodeId>,
    ) -> Result<(), GraphError> {
        for node in nodes {
            if !self.seen.contains(&node) {
                return Err(GraphError::ForeignNode { node });
            }
            if !model.points.iter().any(|&(p, _)| p == node) {
                return Err(GraphError::NotKeptPoint { node });
            }
        }
        Ok(())
    }

    /// The graph as the case can see it: its members, in order, and every node seen, with its
    /// place and edges (in order).
    fn snapshot(&self, graph: &MeshGraph) -> String {
        let g = graph.graph();
        let mut out = format!("{:?}", g.nodes());
        for &n in &self.seen {
            out += &format!("\n{n:?} {:?} {:?}", g.kind(n), g.connected_nodes(n));
        }
        out
    }

    /// After each operation: every kept point is a member; the connections between kept
    /// points are those added (or connected by links) and not removed; a node no longer a
    /// member has no edges.
    fn check(&mut self, graph: &MeshGraph, model: &Model) {
        let g = graph.graph();
        self.seen.extend(g.nodes().iter().copied());
        let kept: BTreeSet<NodeId> = model.points.iter().map(|&(n, _)| n).collect();
        let mut joined = BTreeSet::new();
        for &a in &kept {
            assert_eq!(g.is_member(a), Ok(true), "kept point {a:?}");
            for &b in g.connected_nodes(a).unwrap() {
                if kept.contains(&b) {
                    joined.insert((a, b));
                }
            }
        }
        assert_eq!(joined, self.joined, "the connections between kept points");
        for &n in &self.seen {
            if g.is_member(n) == Ok(false) {
                assert_eq!(
                    g.connected_nodes(n),
                    Ok(&[][..]),
                    "{n:?}, no longer a member, has edges"
                );
            }
        }
    }

    /// What the links' cost model charges for the edge `from` → `to`: the cheapest link that
    /// way, else the distance.
    fn price(&self, graph: &MeshGraph, from: NodeId, to: NodeId) -> f64 {
        self.linked
            .iter()
            .filter(|l| (l.0, l.1) == (from, to) || (l.3 && (l.1, l.0) == (from, to)))
            .map(|l| f64::from(l.2))
            .reduce(f64::min)
            .unwrap_or_else(|| {
                let (p, q) = (place(graph, from), place(graph, to));
                (p.0 - q.0).hypot(p.1 - q.1)
            })
    }

    /// A search between two members (kept points or any) with the links as the cost model,
    /// against a Dijkstra over the graph's listed edges here: a path exactly when one exists,
    /// along edges from start to goal, costing what it reports and what the cheapest path
    /// costs.
    fn check_search(&self, graph: &MeshGraph, model: &Model, a: Pick, b: Pick) {
        let members = graph.graph().nodes();
        if members.is_empty() {
            return;
        }
        let end = |p: Pick| {
            if p.kind.is_multiple_of(2) && !model.points.is_empty() {
                model.points[usize::from(p.k) % model.points.len()].0
            } else {
                members[usize::from(p.k) % members.len()]
            }
        };
        let (start, goal) = (end(a), end(b));
        let found =
            graph
                .graph()
                .space_with(&self.links)
                .find_path(&mut SearchContext::new(), start, goal);
        let found = match found {
            // A link may cost nearly `f32::MAX`: a sum past it is refused.
            Err(GraphError::CostOverflow { .. })
                if self.linked.iter().any(|l| l.2 > f32::MAX / 4.0) =>
            {
                return;
            }
            other => other.unwrap_or_else(|e| panic!("search {start:?} -> {goal:?}: {e:?}")),
        };
        let best = self.cheapest(graph, start, goal);
        let Some(path) = found.into_path() else {
            assert_eq!(
                best, None,
                "no path {start:?} -> {goal:?}, the oracle finds one"
            );
            return;
        };
        assert_eq!(path.nodes.first(), Some(&start));
        assert_eq!(path.nodes.last(), Some(&goal));
        let mut sum = 0.0;
        for pair in path.nodes.windows(2) {
            assert!(
                graph.graph().has_connection(pair[0], pair[1]) == Ok(true),
                "step {pair:?} of {start:?} -> {goal:?} is not an edge"
            );
            sum += self.price(graph, pair[0], pair[1]);
        }
        let cost = f64::from(path.cost);
        assert!(
            (cost - sum).abs() <= 1e-5 * sum.max(1.0),
            "{start:?} -> {goal:?} costs {cost}, its steps {sum}"
        );
        let best = best.unwrap_or_else(|| panic!("a path {start:?} -> {goal:?}, the oracle none"));
        assert!(
            cost >= best * (1.0 - 1e-5) - 1e-5,
            "{start:?} -> {goal:?} costs {cost}, cheaper than the cheapest {best}"
        );
        assert!(
            cost <= best * (1.0 + 1e-5) + 1e-5,
            "{start:?} -> {goal:?} costs {cost}, the cheapest {best}"
        );
    }

    /// Dijkstra over the members' listed edges, each at [`Links::price`].
    fn cheapest(&self, graph: &MeshGraph, start: NodeId, goal: NodeId) -> Option<f64> {
        let g = graph.graph();
        let mut dist: HashMap<NodeId, f64> = HashMap::new();
        let mut heap = BinaryHeap::new();
        dist.insert(start, 0.0);
        heap.push(Reverse((0f64.to_bits(), start)));
        while let Some(Reverse((d, n))) = heap.pop() {
            let d = f64::from_bits(d);
            if d > dist[&n] {
                continue;
            }
            if n == goal {
                return Some(d);
            }
            for &m in g.connected_nodes(n).unwrap() {
                let e = d + self.price(graph, n, m);
                if dist.get(&m).is_none_or(|&old| e < old) {
                    dist.insert(m, e);
                    heap.push(Reverse((e.to_bits(), m)));
                }
            }
        }
        None
    }
}

/// A node's 2D position.
fn place(graph: &MeshGraph, n: NodeId) -> (f64, f64) {
    let NodeKind::Point2(x, y) = graph.graph().kind(n).unwrap() else {
        panic!("a node of a mesh graph without a 2D position");
    };
    (f64::from(x), f64::from(y))
}

/// The obstacles grown as the rules say: radially or mitred, not at all at radius 0.
fn grown(model: &Model) -> Vec<Vec<(f64, f64)>> {
    model
        .obstacles
        .iter()
        .map(|o| {
            let raw: Vec<(f64, f64)> = o
                .vertices()
                .iter()
                .map(|p| (f64::from(p[0]), f64::from(p[1])))
                .collect();
            let r = f64::from(model.radius);
            if r == 0.0 {
                raw
            } else if model.mitre {
                mitre(&raw, r)
            } else {
                radial(&raw, r)
            }
        })
        .collect()
}

fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// The triangulation against the oracles; `false` when skipped.
fn check_triangulation(graph: &MeshGraph, model: &Model, tile: Option<f32>) -> bool {
    let obstacles = grown(model);
    if obstacles.iter().any(|o| o.len() > 2 && self_crossing(o)) {
        return false; // A pocket narrower than twice the radius: not defined.
    }
    let context = format!(
        "radius {}, mitre {}, obstacles {:?}",
        model.radius, model.mitre, model.obstacles
    );
    let world = FreeSpace {
        lo: (0.0, 0.0),
        hi: (f64::from(SIZE), f64::from(SIZE)),
        obstacles: obstacles.clone(),
        touch: 1e-9,
        pinches: false,
    };
    let mesh = graph.mesh().expect("triangulated");
    let verts: Vec<(f64, f64)> = mesh.vertices().iter().map(|p| (p.x, p.y)).collect();
    let tris: Vec<[u32; 3]> = mesh.triangle_indices().to_vec();
    assert_eq!(graph.triangle_count(), tris.len(), "{context}");

    // The free space, on a lattice of sample points away from every side.
    let margin = 1e-6;
    let near_side = |p: (f64, f64)| {
        obstacles.iter().any(|o| {
            let n = o.len();
            let sides = if n == 2 { 1 } else { n };
            (0..sides).any(|i| distance_to_segment(p, o[i], o[(i + 1) % n]) < margin)
        })
    };
    let steps = 48;
    for i in 0..steps {
        for j in 0..steps {
            let p = (
                (i as f64 + 0.37) / steps as f64 * f64::from(SIZE),
                (j as f64 + 0.61) / steps as f64 * f64::from(SIZE),
            );
            if near_side(p) {
                continue;
            }
            let holding = tris
                .iter()
                .filter(|t| {
                    let [a, b, c] = t.map(|v| verts[v as usize]);
                    orient(a, b, p) > 0.0 && orient(b, c, p) > 0.0 && orient(c, a, p) > 0.0
                })
                .count();
            let on_edge = tris.iter().any(|t| {
                let [a, b, c] = t.map(|v| verts[v as usize]);
                [(a, b), (b, c), (c, a)]
                    .iter()
                    .any(|&(u, v)| distance_to_segment(p, u, v) < margin)
            });
            let free = world.is_free(p);
            if free && !on_edge {
                assert_eq!(
                    holding, 1,
                    "{context}: free point {p:?} in {holding} triangles"
                );
            }
            if !free {
                assert_eq!(holding, 0, "{context}: blocked point {p:?} in a triangle");
            }
        }
    }

    // The nodes each mode asks for, by position: each with the triangles it belongs to. A side
    // two triangles share is one node, unless it lies along a thin wall (a wall of two points,
    // with triangles on both sides): then a node for each. A side no other triangle shares (a
    // boundary of free space) is a node of its triangle alone.
    let mode = graph.triangulation_mode();
    let key = |p: (f64, f64)| ((p.0 as f32).to_bits(), (p.1 as f32).to_bits());
    let mut sharing: HashMap<(u32, u32), usize> = HashMap::new();
    for t in &tris {
        for (u, v) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            *sharing.entry((u.min(v), u.max(v))).or_default() += 1;
        }
    }
    // Cut points lie on their walls within a few roundings. Crossings of two other walls that
    // pass close by can lie a hundred-millionth from a wall without being on it, and a sliver
    // triangle's side to such a point is no piece of the wall: the tolerance stays far below.
    let along_thin_wall = |u: (f64, f64), v: (f64, f64)| {
        let tol = 1e-12 * f64::from(SIZE);
        obstacles.iter().filter(|o| o.len() == 2).any(|o| {
            distance_to_segment(u, o[0], o[1]) < tol && distance_to_segment(v, o[0], o[1]) < tol
        })
    };
    let mut shared: HashMap<(u32, u32), BTreeSet<usize>> = HashMap::new();
    let mut sides: HashMap<((u32, u32), bool), BTreeSet<usize>> = HashMap::new();
    let mut entries: Vec<((u32, u32), BTreeSet<usize>)> = Vec::new();
    for (k, t) in tris.iter().enumerate() {
        let [a, b, c] = t.map(|v| verts[v as usize]);
        let mut mine = Vec::new();
        if mode.contains(TriangulationMode::VERTICES) {
            mine.extend([a, b, c]);
        }
        for p in mine {
            // A vertex on a line between tiles, strictly inside a thin wall (not at its ends), is
            // a node on each side of the wall: the wall runs on through it.
            let split = tile.and_then(|size| {
                let size = f64::from(size);
                let on_line = |v: f64| v > 0.0 && v < f64::from(SIZE) && (v / size).fract() == 0.0;
                if !(on_line(p.0) || on_line(p.1)) {
                    return None;
                }
                let tol = 1e-12 * f64::from(SIZE);
                obstacles.iter().filter(|o| o.len() == 2).find_map(|o| {
                    let inside = distance_to_segment(p, o[0], o[1]) < tol
                        && distance_to_segment(p, o[0], o[0]) > tol
                        && distance_to_segment(p, o[1], o[1]) > tol;
                    inside.then(|| {
                        let centre = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
                        orient(o[0], o[1], centre) > 0.0
                    })
                })
            });
            match split {
                Some(side) => {
                    sides.entry((key(p), side)).or_default().insert(k);
                }
                None => {
                    shared.entry(key(p)).or_default().insert(k);
                }
            }
        }
        if mode.contains(TriangulationMode::CENTERS) {
            let centre = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
            entries.push((key(centre), BTreeSet::from([k])));
        }
        if mode.contains(TriangulationMode::EDGE_MIDPOINTS) {
            let [ia, ib, ic] = *t;
            for ((u, v), (iu, iv)) in
                [(a, b), (b, c), (c, a)]
                    .into_iter()
                    .zip([(ia, ib), (ib, ic), (ic, ia)])
            {
                let middle = ((u.0 + v.0) * 0.5, (u.1 + v.1) * 0.5);
                if sharing[&(iu.min(iv), iu.max(iv))] < 2 || along_thin_wall(u, v) {
                    entries.push((key(middle), BTreeSet::from([k])));
                } else {
                    shared.entry(key(middle)).or_default().insert(k);
                }
            }
        }
    }
    entries.extend(shared);
    entries.extend(
        sides
            .into_iter()
            .map(|((at, _), triangles)| (at, triangles)),
    );
    let users: BTreeSet<NodeId> = model.points.iter().map(|&(n, _)| n).collect();
    let mesh_nodes: Vec<NodeId> = graph
        .graph()
        .nodes()
        .iter()
        .copied()
        .filter(|n| !users.contains(n))
        .collect();
    let position = |n: NodeId| {
        let pathkit::graph::NodeKind::Point2(x, y) = graph.graph().kind(n).unwrap() else {
            panic!("{context}: a mesh node without a 2D position");
        };
        (x.to_bits(), y.to_bits())
    };
    // As many nodes at each place as the mode asks for.
    let mut want_at: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (i, (at, _)) in entries.iter().enumerate() {
        want_at.entry(*at).or_default().push(i);
    }
    let mut got_at: HashMap<(u32, u32), Vec<NodeId>> = HashMap::new();
    for &n in &mesh_nodes {
        got_at.entry(position(n)).or_default().push(n);
    }
    for (at, nodes) in &got_at {
        assert_eq!(
            nodes.len(),
            want_at.get(at).map_or(0, Vec::len),
            "{context}: nodes at {:?} for mode {mode:?}",
            (f32::from_bits(at.0), f32::from_bits(at.1))
        );
    }
    assert_eq!(
        got_at.len(),
        want_at.len(),
        "{context}: places of mode {mode:?}"
    );
    // Each node is one entry at its place, each entry one node: nodes at one place (a wall's two
    // midpoints, sides a rounding apart) cannot be told apart by position, so they are matched to
    // their place's entries by their edges. A node's edges go to the other nodes of its
    // triangles and to no other mesh node: as many as the entries sharing a triangle with its
    // entry, at those entries' places.
    let position_of = |m: NodeId| position(m);
    let expected = |i: usize| -> (usize, BTreeSet<(u32, u32)>) {
        let others: Vec<usize> = (0..entries.len())
            .filter(|&e| e != i && !entries[e].1.is_disjoint(&entries[i].1))
            .collect();
        (others.len(), others.iter().map(|&e| entries[e].0).collect())
    };
    for (at, nodes) in &got_at {
        let candidates = &want_at[at];
        let edges: Vec<(usize, BTreeSet<(u32, u32)>)> = nodes
            .iter()
            .map(|&n| {
                let joined: Vec<NodeId> = graph
                    .graph()
                    .connected_nodes(n)
                    .unwrap()
                    .iter()
                    .copied()
                    .filter(|m| !users.contains(m))
                    .collect();
                (
                    joined.len(),
                    joined.iter().map(|&m| position_of(m)).collect(),
                )
            })
            .collect();
        let wants: Vec<(usize, BTreeSet<(u32, u32)>)> =
            candidates.iter().map(|&i| expected(i)).collect();
        // A perfect matching of nodes to entries with equal edges (a few per place at most).
        fn matches(
            k: usize,
            used: &mut Vec<bool>,
            edges: &[(usize, BTreeSet<(u32, u32)>)],
            wants: &[(usize, BTreeSet<(u32, u32)>)],
        ) -> bool {
            if k == edges.len() {
                return true;
            }
            for j in 0..wants.len() {
                if !used[j] && wants[j] == edges[k] {
                    used[j] = true;
                    if matches(k + 1, used, edges, wants) {
                        return true;
                    }
                    used[j] = false;
                }
            }
            false
        }
        assert!(
            matches(0, &mut vec![false; wants.len()], &edges, &wants),
            "{context}: the edges of the mesh nodes at {:?} (mode {mode:?}): {edges:?}, want {wants:?}",
            (f32::from_bits(at.0), f32::from_bits(at.1))
        );
    }

    // Paths between connected points. Connections between kept points (`add_connections`,
    // links) cost their length whatever lies between their ends: with any of them, a path may
    // be shorter than the free space allows, and step over an obstacle along them.
    let bridged = model.points.iter().any(|&(a, _)| {
        graph
            .graph()
            .connected_nodes(a)
            .unwrap()
            .iter()
            .any(|m| users.contains(m))
    });
    let shared_nodes = mode.contains(TriangulationMode::VERTICES)
        || mode.contains(TriangulationMode::EDGE_MIDPOINTS);
    let rounded = FreeSpace {
        touch: 1e-6,
        ..world.clone()
    };
    // Corner nodes join triangles that meet only at a point (a pinch), edge midpoints do not.
    let graph_world = FreeSpace {
        pinches: mode.contains(TriangulationMode::VERTICES),
        ..world.clone()
    };
    for (i, &(a, pa)) in model.points.iter().enumerate() {
        for &(b, pb) in &model.points[i + 1..] {
            let (pa, pb) = (
                (f64::from(pa[0]), f64::from(pa[1])),
                (f64::from(pb[0]), f64::from(pb[1])),
            );
            // A point on an obstacle's side that no triangle reaches (where the obstacle fills
            // a corner of the box, sides along the box's) is free by touching only: it is off the
            // mesh, and no path of the mesh or of the graph leaves it.
            let stranded =
                |p: (f64, f64)| near_side(p) && mesh.triangle_at(Point::new(p.0, p.1)).is_none();
            if stranded(pa) || stranded(pb) {
                let answer = mesh.find_path(
                    &mut AnyAngleSearch::new(),
                    Point::new(pa.0, pa.1),
                    Point::new(pb.0, pb.1),
                );
                assert!(
                    matches!(answer, Err(NavMeshError::OffMesh { .. })),
                    "{context}: any angle {pa:?} -> {pb:?}, an end on no triangle: {answer:?}"
                );
                continue;
            }
            let best = world.shortest(pa, pb);
            let any_angle = mesh
                .find_path(
                    &mut AnyAngleSearch::new(),
                    pathkit::geometry::Point::new(pa.0, pa.1),
                    pathkit::geometry::Point::new(pb.0, pb.1),
                )
                .map(|o| o.into_path())
                .ok()
                .flatten()
                .map(|p| p.cost);
            // The oracle closes pinches where sides cross, not at an obstacle's corner touching
            // the box or another obstacle's side: a route through such a corner passes a pinch,
            // which the mesh's search does not. Where the oracle's route does, the mesh's path
            // is only checked to be no shorter.
            let through_pinch = || {
                let tol = 1e-9 * f64::from(SIZE);
                let touching = |p: (f64, f64), own: usize| {
                    p.0 <= tol
                        || p.1 <= tol
                        || p.0 >= f64::from(SIZE) - tol
                        || p.1 >= f64::from(SIZE) - tol
                        || obstacles.iter().enumerate().any(|(j, o)| {
                            let n = o.len();
                            let sides = if n == 2 { 1 } else { n };
                            j != own
                                && (0..sides)
                                    .any(|i| distance_to_segment(p, o[i], o[(i + 1) % n]) < tol)
                        })
                };
                let pinched: Vec<(f64, f64)> = obstacles
                    .iter()
                    .enumerate()
                    .flat_map(|(i, o)| o.iter().map(move |&p| (i, p)))
                    .filter(|&(i, p)| touching(p, i))
                    .map(|(_, p)| p)
                    .filter(|&p| p != pa && p != pb)
                    .collect();
                world.shortest_route(pa, pb).is_some_and(|route| {
                    route.windows(2).any(|w| {
                        pinched
                            .iter()
                            .any(|&c| distance_to_segment(c, w[0], w[1]) < tol)
                    })
                })
            };
            match (best, any_angle) {
                (Some(e), Some(f)) => assert!(
                    (e - f).abs() <= 1e-7 * e.max(1.0) || (f > e && through_pinch()),
                    "{context}: any angle {pa:?} -> {pb:?}: mesh {f}, oracle {e}"
                ),
                (Some(_), None) if through_pinch() => {}
                _ => assert_eq!(
                    best.is_some(),
                    any_angle.is_some(),
                    "{context}: any angle {pa:?} -> {pb:?}: mesh {any_angle:?}, oracle {best:?}"
                ),
            }
            let found = graph
                .find_path(&mut SearchContext::new(), a, b)
                .unwrap()
                .into_path();
            let graph_best = graph_world.shortest(pa, pb);
            if shared_nodes && !bridged && world.is_free(pa) && world.is_free(pb) && pa != pb {
                assert_eq!(
                    found.is_some(),
                    graph_best.is_some(),
                    "{context}: graph path {pa:?} -> {pb:?}, oracle {graph_best:?}"
                );
            }
            if let Some(path) = found {
                let place = |n: NodeId| {
                    let (x, y) = position(n);
                    (f64::from(f32::from_bits(x)), f64::from(f32::from_bits(y)))
                };
                for pair in path.nodes.windows(2) {
                    if users.contains(&pair[0]) && users.contains(&pair[1]) {
                        continue; // a connection between kept points
                    }
                    let (p, q) = (place(pair[0]), place(pair[1]));
                    assert!(
                        rounded.segment_clear(p, q),
                        "{context}: step {p:?} -> {q:?} leaves the free space"
                    );
                }
                if let (Some(e), false) = (graph_best, bridged) {
                    assert!(
                        f64::from(path.cost) >= e * (1.0 - 1e-5),
                        "{context}: graph path {} shorter than the shortest {e}: {:?}, the oracle's {:?}",
                        path.cost,
                        path.nodes.iter().map(|&n| place(n)).collect::<Vec<_>>(),
                        graph_world.shortest_route(pa, pb)
                    );
                }
            }
        }
    }
    true
}
