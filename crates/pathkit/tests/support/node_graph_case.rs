//! One fuzz case for node graphs: a sequence of operations on a `NodeGraph` (plain, 2D or 3D
//! nodes) or a `GridGraph`, replayed on a plain model written from the semantics
//! (`shared/docs/gameplaykit-semantics.md` §2–3), with every path checked by the independent
//! oracle ([`crate::oracle::OracleGraph`]).
//!
//! After every operation the graph's members (in order), each node's edges (in order) and its
//! membership match the model; a grid graph's `node_at` and `cell_node` match it cell by cell.
//! Every id from another graph (an unrelated one, or a copy's node created after copying) is a
//! `ForeignNode` error that changes nothing. Paths run from start to goal along edges the search
//! may take (the corner rule of a grid graph included), cost what the search reports, and cost
//! the oracle's optimum to a relative 1e-5 (`f32` sums); `[start]` from a node to itself; `None`
//! exactly when the oracle finds no path. Copies (`Clone`) and, with the `serde` feature, JSON
//! round trips are equal to the original, accept its ids, and carry on in its place.
//!
//! The fuzz target `fuzz/fuzz_targets/node_graph_ops.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` both include this file and `oracle.rs` at their crate root
//! (as `crate::node_graph_case` and `crate::oracle`), so a replayed input meets exactly the
//! checks the fuzzer ran.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::graph::{
    BaseCosts, DiagonalCost, Direction, GraphError, GridGraph, NodeGraph, NodeId, NodeKind,
};
use pathkit::search::SearchContext;
use pathkit::search::SearchOptions;
use pathkit::Pathfinder;

use crate::oracle::{same_cost, OracleGraph};

/// At most this many operations of a case are run.
pub const MAX_OPS: usize = 64;
/// At most this many nodes are created beyond a grid's own.
pub const MAX_CREATED: usize = 40;
/// At most this many ids are read from a list operand.
pub const MAX_LIST: usize = 6;
/// The widest and tallest grid graph a case builds.
pub const MAX_GRID_SIDE: u32 = 9;

/// A graph and the operations to run on it, as decoded from the fuzzer's bytes.
use pathkit::grid::Diagonal;

/// The edge direction of a generated `both` flag.
fn direction(both: bool) -> Direction {
    if both {
        Direction::BothWays
    } else {
        Direction::OneWay
    }
}

/// The moves of a grid built with or without diagonal edges (GameplayKit's rule: diagonal edges
/// usable between walls).
fn moves_of(diagonals: bool) -> Diagonal {
    if diagonals {
        Diagonal::Always
    } else {
        Diagonal::Never
    }
}

#[derive(Arbitrary, Debug)]
pub enum GraphCase {
    /// An empty `NodeGraph` whose nodes all carry `payload`.
    Nodes { payload: Payload, ops: Vec<Op> },
    /// A `GridGraph` of `width % (MAX_GRID_SIDE + 1)` x `height % (MAX_GRID_SIDE + 1)` cells.
    Grid {
        origin: (i32, i32),
        width: u8,
        height: u8,
        diagonals: bool,
        ops: Vec<Op>,
    },
}

/// The payload of a node graph's nodes: one kind per graph, so that the base estimate stays
/// admissible (a route mixing kinds is priced 1 per move but estimated by distance).
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq)]
pub enum Payload {
    Plain,
    Point2,
    Point3,
}

/// One operation. A `u8` operand names the node created at that position (modulo how many there
/// are); lists are cut to [`MAX_LIST`] ids.
#[derive(Arbitrary, Debug)]
pub enum Op {
    /// Creates a node and adds it when `member`: a node graph's node with the case's payload at
    /// `at`; in a grid graph a cell node at a cell in or just around the grid.
    Create {
        at: (i8, i8, i8),
        member: bool,
    },
    AddNodes(Vec<u8>),
    RemoveNodes(Vec<u8>),
    Connect {
        from: u8,
        to: Vec<u8>,
        both: bool,
    },
    Disconnect {
        from: u8,
        to: Vec<u8>,
        both: bool,
    },
    ConnectLowest {
        node: u8,
        both: bool,
    },
    /// Moves a node: `set_position_2d` and `set_position_3d`, of which at most one fits the
    /// node's kind (the other, and both for plain and cell nodes, must refuse).
    Move {
        node: u8,
        to: (i8, i8, i8),
    },
    /// Grid graphs: `connect_node_to_adjacent_nodes` (a removed cell re-opens; an extra node is
    /// attached to its cell's neighbours, or left alone outside the grid).
    Attach {
        node: u8,
    },
    /// Grid graphs: the diagonal rule (`set_moves`, among the rules the grid's edges allow) and
    /// the diagonal pricing of later searches.
    Rules {
        no_corner_cutting: bool,
        unit_diagonals: bool,
    },
    FindPath {
        start: u8,
        goal: u8,
    },
    /// Calls operation `call` with the foreign id `id` (and the valid node `other` where the
    /// operation takes two).
    Foreign {
        id: u8,
        call: u8,
        other: u8,
    },
    /// Clones the graph, checks the copy, and creates a node in the copy: its id is foreign to
    /// the original.
    Fork,
    /// Writes the graph as JSON and reads it back (with the `serde` feature); the copy carries on
    /// in the original's place.
    RoundTrip,
}

/// Decodes `data` the way the fuzz target does (`arbitrary_take_rest`) and checks the case;
/// bytes that do not decode are skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = GraphCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// Where a node is, as the model sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    Plain,
    Point2(f64, f64),
    Point3(f64, f64, f64),
    Cell(i64, i64),
}

/// The grid of a grid graph, as the model sees it.
#[derive(Clone, Copy, Debug)]
struct Shape {
    origin: (i64, i64),
    width: i64,
    height: i64,
    diagonals: bool,
    no_corner_cutting: bool,
    unit_diagonals: bool,
}

/// The 3x3 block around a cell, row-major, without the centre: the documented order of a grid
/// node's edges.
const BLOCK: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The semantics of §2.1–2.4, written as directly as possible over node positions 0, 1, 2...
#[derive(Clone, Debug, Default)]
struct Model {
    places: Vec<Place>,
    out: Vec<Vec<usize>>,
    member: Vec<bool>,
    members: Vec<usize>,
    shape: Option<Shape>,
}

impl Model {
    fn create(&mut self, place: Place) -> usize {
        self.places.push(place);
        self.out.push(Vec::new());
        self.member.push(false);
        self.places.len() - 1
    }

    fn add(&mut self, n: usize) {
        if !self.member[n] {
            self.member[n] = true;
            self.members.push(n);
        }
    }

    /// Ends membership and deletes every edge into or out of `n`; a non-member keeps its edges.
    fn remove(&mut self, n: usize) {
        if self.member[n] {
            self.member[n] = false;
            self.out[n].clear();
            for list in &mut self.out {
                list.retain(|&t| t != n);
            }
            self.members.retain(|&m| m != n);
        }
    }

    fn link(&mut self, a: usize, b: usize) {
        if a != b && !self.out[a].contains(&b) {
            self.out[a].push(b);
        }
    }

    fn unlink(&mut self, a: usize, b: usize) {
        self.out[a].retain(|&t| t != b);
    }

    /// The straight-line distance between two nodes of one geometric kind, rounded to `f32`.
    fn distance(&self, a: usize, b: usize) -> Option<f32> {
        let squared = match (self.places[a], self.places[b]) {
            (Place::Point2(ax, ay), Place::Point2(bx, by)) => (ax - bx).powi(2) + (ay - by).powi(2),
            (Place::Point3(ax, ay, az), Place::Point3(bx, by, bz)) => {
                (ax - bx).powi(2) + (ay - by).powi(2) + (az - bz).powi(2)
            }
            (Place::Cell(ax, ay), Place::Cell(bx, by)) => {
                ((ax - bx).pow(2) + (ay - by).pow(2)) as f64
            }
            _ => return None,
        };
        Some(squared.sqrt() as f32)
    }

    /// The base cost (§2.2–2.4): the distance between nodes of one geometric kind, else 1.
    fn base_cost(&self, a: usize, b: usize) -> f32 {
        self.distance(a, b).unwrap_or(1.0)
    }

    /// The base estimate: the distance between nodes of one geometric kind, else 0.
    fn base_estimate(&self, a: usize, b: usize) -> f32 {
        self.distance(a, b).unwrap_or(0.0)
    }

    /// What a search pays along the edge `a` -> `b`: the base cost, or the Chebyshev distance
    /// between cells under a grid's unit diagonals.
    fn search_cost(&self, a: usize, b: usize) -> f32 {
        match (self.shape, self.places[a], self.places[b]) {
            (Some(s), Place::Cell(ax, ay), Place::Cell(bx, by)) if s.unit_diagonals => {
                (ax - bx).abs().max((ay - by).abs()) as f32
            }
            _ => self.base_cost(a, b),
        }
    }

    /// The grid's own node of a cell while it is a member: what `node_at` answers.
    fn grid_node_at(&self, x: i64, y: i64) -> Option<usize> {
        let s = self.shape?;
        let (dx, dy) = (x - s.origin.0, y - s.origin.1);
        let inside = (0..s.width).contains(&dx) && (0..s.height).contains(&dy);
        let n = (dy * s.width + dx) as usize;
        (inside && self.member[n]).then_some(n)
    }

    /// Whether a search may take the edge `a` -> `b`: under the no-corner-cutting rule a diagonal
    /// step between cells needs the grid nodes of both cells beside it.
    fn traversable(&self, a: usize, b: usize) -> bool {
        let Some(s) = self.shape else { return true };
        match (self.places[a], self.places[b]) {
            (Place::Cell(ax, ay), Place::Cell(bx, by))
                if s.no_corner_cutting && (ax - bx).abs() == 1 && (ay - by).abs() == 1 =>
            {
                self.grid_node_at(bx, ay).is_some() && self.grid_node_at(ax, by).is_some()
            }
            _ => true,
        }
    }

    /// `connect_node_to_lowest_cost_node`: the other member of lowest base cost (the first on
    /// ties), linked from `n` (and back when `both`); `n` becomes a member either way.
    fn connect_lowest(&mut self, n: usize, both: bool) -> Option<usize> {
        let mut best: Option<(usize, f32)> = None;
        for &m in &self.members {
            let cost = self.base_cost(n, m);
            if m != n && best.is_none_or(|(_, c)| cost < c) {
                best = Some((m, cost));
            }
        }
        self.add(n);
        let (target, _) = best?;
        self.link(n, target);
        if both {
            self.link(target, n);
        }
        Some(target)
    }

    /// `connect_node_to_adjacent_nodes`: a cell node inside the grid becomes a member and is
    /// linked both ways with the member grid nodes of its 4 (or 8) neighbour cells.
    fn attach(&mut self, n: usize) {
        let (Some(s), Place::Cell(x, y)) = (self.shape, self.places[n]) else {
            return;
        };
        let inside =
            (0..s.width).contains(&(x - s.origin.0)) && (0..s.height).contains(&(y - s.origin.1));
        if !inside {
            return;
        }
        self.add(n);
        for (dx, dy) in BLOCK {
            if !s.diagonals && dx != 0 && dy != 0 {
                continue;
            }
            if let Some(m) = self.grid_node_at(x + dx, y + dy) {
                self.link(n, m);
                self.link(m, n);
            }
        }
    }

    /// The oracle's graph: every edge a search may take, at the price it pays.
    fn oracle(&self) -> OracleGraph {
        let mut oracle = OracleGraph::new(self.places.len());
        for (a, list) in self.out.iter().enumerate() {
            for &b in list {
                if self.traversable(a, b) {
                    oracle.add_edge(a, b, self.search_cost(a, b) as f64);
                }
            }
        }
        oracle
    }
}

/// The graph under test: a node graph or a grid graph, driven through its own methods.
#[derive(Clone, Debug, PartialEq)]
enum Subject {
    Nodes(NodeGraph),
    Grid(GridGraph),
}

impl Subject {
    fn graph(&self) -> &NodeGraph {
        match self {
            Subject::Nodes(g) => g,
            Subject::Grid(g) => g.graph(),
        }
    }

    fn create_node(&mut self, kind: NodeKind) -> NodeId {
        match self {
            Subject::Nodes(g) => g.create_node(kind),
            Subject::Grid(g) => g.create_node(kind),
        }
    }

    fn add_nodes(&mut self, ids: &[NodeId]) -> Result<(), GraphError> {
        match self {
            Subject::Nodes(g) => g.add_nodes(ids),
            Subject::Grid(g) => g.add_nodes(ids),
        }
    }

    fn remove_nodes(&mut self, ids: &[NodeId]) -> Result<(), GraphError> {
        match self {
            Subject::Nodes(g) => g.remove_nodes(ids),
            Subject::Grid(g) => g.remove_nodes(ids),
        }
    }

    fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        both: bool,
    ) -> Result<(), GraphError> {
        match self {
            Subject::Nodes(g) => g.add_connections(from, to, direction(both)),
            Subject::Grid(g) => g.add_connections(from, to, direction(both)),
        }
    }

    fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        both: bool,
    ) -> Result<(), GraphError> {
        match self {
            Subject::Nodes(g) => g.remove_connections(from, to, direction(both)),
            Subject::Grid(g) => g.remove_connections(from, to, direction(both)),
        }
    }

    fn connect_lowest(&mut self, node: NodeId, both: bool) -> Result<Option<NodeId>, GraphError> {
        match self {
            Subject::Nodes(g) => g.connect_node_to_lowest_cost_node(node, direction(both)),
            Subject::Grid(g) => g.connect_node_to_lowest_cost_node(node, direction(both)),
        }
    }

    fn set_positions(
        &mut self,
        node: NodeId,
        (x, y, z): (f32, f32, f32),
    ) -> [Result<(), GraphError>; 2] {
        // A grid graph hands out its node graph only for reading: its nodes cannot be moved.
        let mut copy;
        let graph = match self {
            Subject::Nodes(g) => g,
            Subject::Grid(g) => {
                copy = g.graph().clone();
                &mut copy
            }
        };
        [
            graph.set_position_2d(node, x, y),
            graph.set_position_3d(node, x, y, z),
        ]
    }

    fn find_path(&self, start: NodeId, goal: NodeId) -> Result<Option<Vec<NodeId>>, GraphError> {
        match self {
            Subject::Nodes(g) => g
                .find_path(&mut SearchContext::new(), start, goal)
                .map(|o| o.into_nodes()),
            Subject::Grid(g) => g
                .find_path(&mut SearchContext::new(), start, goal)
                .map(|o| o.into_nodes()),
        }
    }

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<f32>,
        start: NodeId,
        goal: NodeId,
        path: &mut Vec<NodeId>,
    ) -> Result<Option<f32>, GraphError> {
        match self {
            Subject::Nodes(g) => g
                .space_with(&BaseCosts)
                .find_path_into(ctx, start, goal.into(), &SearchOptions::new(), path)
                .map(|s| s.found_cost()),
            Subject::Grid(g) => g
                .find_path_into(ctx, start, goal.into(), &SearchOptions::new(), path)
                .map(|s| s.found_cost()),
        }
    }
}

/// Runs one case: every operation on the graph and on the model, then the comparison.
struct Run {
    subject: Subject,
    model: Model,
    payload: Payload,
    /// Every node created, in creation order: `ids[i]` is the model's node `i`.
    ids: Vec<NodeId>,
    /// Ids this graph never handed out.
    foreign: Vec<NodeId>,
    created: usize,
    ctx: SearchContext<f32>,
    path: Vec<NodeId>,
}

/// Runs every operation of `case` and checks the graph after each; panics on the first
/// disagreement.
pub fn check(case: &GraphCase) {
    let mut unrelated = NodeGraph::new();
    let foreign = (0..3)
        .map(|_| unrelated.add_node(NodeKind::Plain))
        .collect();
    let (subject, model, payload, ops) = match case {
        GraphCase::Nodes { payload, ops } => (
            Subject::Nodes(NodeGraph::new()),
            Model::default(),
            *payload,
            ops,
        ),
        GraphCase::Grid {
            origin,
            width,
            height,
            diagonals,
            ops,
        } => {
            let (w, h) = (
                *width as u32 % (MAX_GRID_SIDE + 1),
                *height as u32 % (MAX_GRID_SIDE + 1),
            );
            let built = GridGraph::new(*origin, w, h, moves_of(*diagonals));
            let fits = |o: i32, len: u32| len == 0 || o as i64 + len as i64 - 1 <= i32::MAX as i64;
            if !fits(origin.0, w) || !fits(origin.1, h) {
                assert_eq!(
                    built,
                    Err(GraphError::GridOutOfRange {
                        origin: *origin,
                        width: w,
                        height: h
                    })
                );
                return;
            }
            let grid = built.expect("a grid whose cells fit in i32");
            let model = grid_model(*origin, w, h, *diagonals);
            (Subject::Grid(grid), model, Payload::Plain, ops)
        }
    };
    let ids = match &subject {
        Subject::Nodes(_) => Vec::new(),
        Subject::Grid(g) => g.graph().all_nodes().collect(),
    };
    let mut run = Run {
        subject,
        model,
        payload,
        ids,
        foreign,
        created: 0,
        ctx: SearchContext::new(),
        path: Vec::new(),
    };
    run.compare();
    for op in ops.iter().take(MAX_OPS) {
        run.apply(op);
        run.compare();
    }
}

/// The model of a fresh grid graph (§2.4): nodes row-major, all members, each linked to its
/// in-grid neighbours in the order of the 3x3 block.
fn grid_model(origin: (i32, i32), width: u32, height: u32, diagonals: bool) -> Model {
    let mut model = Model {
        shape: Some(Shape {
            origin: (origin.0 as i64, origin.1 as i64),
            width: width as i64,
            height: height as i64,
            diagonals,
            no_corner_cutting: false,
            unit_diagonals: false,
        }),
        ..Model::default()
    };
    let (ox, oy) = (origin.0 as i64, origin.1 as i64);
    for y in 0..height as i64 {
        for x in 0..width as i64 {
            let n = model.create(Place::Cell(ox + x, oy + y));
            model.add(n);
        }
    }
    for n in 0..model.places.len() {
        let (x, y) = (n as i64 % width as i64, n as i64 / width as i64);
        for (dx, dy) in BLOCK {
            let (nx, ny) = (x + dx, y + dy);
            if (diagonals || dx == 0 || dy == 0)
                && (0..width as i64).contains(&nx)
                && (0..height as i64).contains(&ny)
            {
                model.link(n, (ny * width as i64 + nx) as usize);
            }
        }
    }
    model
}

impl Run {
    /// The node named by a `u8` operand, if any node exists.
    fn pick(&self, i: u8) -> Option<usize> {
        (!self.ids.is_empty()).then(|| i as usize % self.ids.len())
    }

    fn pick_list(&self, list: &[u8]) -> Vec<usize> {
        list.iter()
            .take(MAX_LIST)
            .filter_map(|&i| self.pick(i))
            .collect()
    }

    fn ids_of(&self, nodes: &[usize]) -> Vec<NodeId> {
        nodes.iter().map(|&n| self.ids[n]).collect()
    }

    fn apply(&mut self, op: &Op) {
        match op {
            Op::Create { at, member } => self.create(*at, *member),
            Op::AddNodes(list) => {
                let nodes = self.pick_list(list);
                let ids = self.ids_of(&nodes);
                self.subject.add_nodes(&ids).expect("add_nodes of own ids");
                for n in nodes {
                    self.model.add(n);
                }
            }
            Op::RemoveNodes(list) => {
                let nodes = self.pick_list(list);
                let ids = self.ids_of(&nodes);
                self.subject
                    .remove_nodes(&ids)
                    .expect("remove_nodes of own ids");
                for n in nodes {
                    self.model.remove(n);
                }
            }
            Op::Connect { from, to, both } | Op::Disconnect { from, to, both } => {
                let Some(from) = self.pick(*from) else { return };
                let to = self.pick_list(to);
                let (from_id, to_ids) = (self.ids[from], self.ids_of(&to));
                if matches!(op, Op::Connect { .. }) {
                    self.subject
                        .add_connections(from_id, &to_ids, *both)
                        .expect("add_connections of own ids");
                    for t in to.into_iter().filter(|&t| t != from) {
                        self.model.link(from, t);
                        if *both {
                            self.model.link(t, from);
                        }
                    }
                } else {
                    self.subject
                        .remove_connections(from_id, &to_ids, *both)
                        .expect("remove_connections of own ids");
                    for t in to {
                        self.model.unlink(from, t);
                        if *both {
                            self.model.unlink(t, from);
                        }
                    }
                }
            }
            Op::ConnectLowest { node, both } => {
                let Some(n) = self.pick(*node) else { return };
                let got = self
                    .subject
                    .connect_lowest(self.ids[n], *both)
                    .expect("connect_node_to_lowest_cost_node of an own id");
                let expected = self.model.connect_lowest(n, *both);
                assert_eq!(
                    got,
                    expected.map(|t| self.ids[t]),
                    "connect_node_to_lowest_cost_node({n})"
                );
            }
            Op::Move { node, to } => {
                let Some(n) = self.pick(*node) else { return };
                let (x, y, z) = (to.0 as f64, to.1 as f64, to.2 as f64);
                let id = self.ids[n];
                let [two, three] = self
                    .subject
                    .set_positions(id, (x as f32, y as f32, z as f32));
                let mismatch = |got: Result<(), GraphError>, what: &str, place: Place| {
                    assert!(
                        matches!(got, Err(GraphError::KindMismatch { node, .. }) if node == id),
                        "{what} on node {n} ({place:?}): {got:?}"
                    );
                };
                let place = self.model.places[n];
                match place {
                    Place::Point2(..) => {
                        two.expect("set_position_2d on a 2D node");
                        mismatch(three, "set_position_3d", place);
                        self.model.places[n] = Place::Point2(x, y);
                    }
                    Place::Point3(..) => {
                        three.expect("set_position_3d on a 3D node");
                        mismatch(two, "set_position_2d", place);
                        self.model.places[n] = Place::Point3(x, y, z);
                    }
                    Place::Plain | Place::Cell(..) => {
                        mismatch(two, "set_position_2d", place);
                        mismatch(three, "set_position_3d", place);
                    }
                }
            }
            Op::Attach { node } => {
                let (Some(n), Subject::Grid(grid)) = (self.pick(*node), &mut self.subject) else {
                    return;
                };
                grid.connect_node_to_adjacent_nodes(self.ids[n])
                    .expect("connect_node_to_adjacent_nodes of an own cell node");
                self.model.attach(n);
            }
            Op::Rules {
                no_corner_cutting,
                unit_diagonals,
            } => {
                let (Subject::Grid(grid), Some(shape)) = (&mut self.subject, &mut self.model.shape)
                else {
                    return;
                };
                let moves = if !shape.diagonals {
                    Diagonal::Never
                } else if *no_corner_cutting {
                    Diagonal::NoCornerCutting
                } else {
                    Diagonal::Always
                };
                grid.set_moves(moves)
                    .expect("a rule the grid's edges allow");
                let other = if shape.diagonals {
                    Diagonal::Never
                } else {
                    Diagonal::NoCornerCutting
                };
                assert!(matches!(
                    grid.set_moves(other),
                    Err(GraphError::MovesFixed { .. })
                ));
                assert_eq!(grid.moves(), moves);
                grid.set_diagonal_cost(if *unit_diagonals {
                    DiagonalCost::Unit
                } else {
                    DiagonalCost::Euclidean
                });
                shape.no_corner_cutting = shape.diagonals && *no_corner_cutting;
                shape.unit_diagonals = *unit_diagonals;
            }
            Op::FindPath { start, goal } => {
                if let (Some(s), Some(g)) = (self.pick(*start), self.pick(*goal)) {
                    self.find_path(s, g);
                }
            }
            Op::Foreign { id, call, other } => self.foreign(*id, *call, *other),
            Op::Fork => self.fork(),
            Op::RoundTrip => self.round_trip(),
        }
    }

    /// A node graph's node with the case's payload, or a grid graph's cell node on a cell in or
    /// just around the grid.
    fn create(&mut self, (a, b, c): (i8, i8, i8), member: bool) {
        if self.created == MAX_CREATED {
            return;
        }
        let (kind, place) = match (&self.model.shape, self.payload) {
            (Some(s), _) => {
                let x = s.origin.0 + (a as u8 as i64 % (s.width + 2)) - 1;
                let y = s.origin.1 + (b as u8 as i64 % (s.height + 2)) - 1;
                let (Ok(cx), Ok(cy)) = (i32::try_from(x), i32::try_from(y)) else {
                    return;
                };
                (NodeKind::Cell(cx, cy), Place::Cell(x, y))
            }
            (None, Payload::Plain) => (NodeKind::Plain, Place::Plain),
            (None, Payload::Point2) => (
                NodeKind::Point2(a as f32, b as f32),
                Place::Point2(a as f64, b as f64),
            ),
            (None, Payload::Point3) => (
                NodeKind::Point3(a as f32, b as f32, c as f32),
                Place::Point3(a as f64, b as f64, c as f64),
            ),
        };
        self.created += 1;
        let id = self.subject.create_node(kind);
        let n = self.model.create(place);
        assert_eq!(id.index(), n, "ids are handed out in creation order");
        self.ids.push(id);
        if member {
            self.subject
                .add_nodes(&[id])
                .expect("add_nodes of an own id");
            self.model.add(n);
        }
    }

    /// A search from `s` to `g` through both doors, against the oracle.
    fn find_path(&mut self, s: usize, g: usize) {
        let (start, goal) = (self.ids[s], self.ids[g]);
        let graph = self.subject.graph();
        assert_eq!(graph.cost(start, goal), Ok(self.model.base_cost(s, g)));
        assert_eq!(
            graph.estimated_cost(start, goal),
            Ok(self.model.base_estimate(s, g))
        );
        let found = self
            .subject
            .find_path(start, goal)
            .expect("find_path of own ids");
        let cost = self
            .subject
            .find_path_into(&mut self.ctx, start, goal, &mut self.path)
            .expect("find_path_into of own ids");
        let nodes: Vec<usize> = self.path.iter().map(|id| id.index()).collect();
        assert_eq!(
            found.as_deref(),
            cost.map(|_| &self.path[..]),
            "find_path and find_path_into differ, {s} -> {g}"
        );
        if s == g {
            assert_eq!(
                (nodes, cost),
                (vec![s], Some(0.0)),
                "a path from {s} to itself"
            );
            return;
        }
        let oracle = self.model.oracle();
        match (cost, oracle.shortest(s, g)) {
            (None, None) => assert!(self.path.is_empty()),
            (Some(cost), Some(best)) => {
                let walked = oracle
                    .path_cost(s, g, &nodes)
                    .unwrap_or_else(|e| panic!("{s} -> {g}: {e}; model {:?}", self.model));
                let cost = cost as f64;
                assert!(
                    same_cost(walked, cost, 1e-5),
                    "{s} -> {g}: the path {nodes:?} costs {walked}, reported {cost}"
                );
                assert!(
                    same_cost(cost, best, 1e-5),
                    "{s} -> {g}: cost {cost} along {nodes:?}, the optimum is {best}; model {:?}",
                    self.model
                );
            }
            (got, best) => panic!(
                "{s} -> {g}: found {got:?} along {nodes:?}, the oracle's optimum is {best:?}; model {:?}",
                self.model
            ),
        }
    }

    /// Every operation given a foreign id is a `ForeignNode` error naming it (and, as
    /// [`Run::compare`] then checks, changes nothing).
    fn foreign(&mut self, id: u8, call: u8, other: u8) {
        let f = self.foreign[id as usize % self.foreign.len()];
        let v = self.pick(other).map_or(f, |n| self.ids[n]);
        let both = call & 0x80 != 0;
        let subject = &mut self.subject;
        let results: Vec<Result<(), GraphError>> = match call % 10 {
            0 => vec![
                subject.graph().is_member(f).map(drop),
                subject.graph().kind(f).map(drop),
                subject.graph().connected_nodes(f).map(drop),
            ],
            1 => vec![
                subject.graph().has_connection(v, f).map(drop),
                subject.graph().has_connection(f, v).map(drop),
                subject.graph().cost(v, f).map(drop),
                subject.graph().estimated_cost(f, v).map(drop),
            ],
            2 => vec![subject.add_nodes(&[v, f])],
            3 => vec![subject.remove_nodes(&[v, f])],
            4 => vec![
                subject.add_connections(v, &[v, f], both),
                subject.add_connections(f, &[v], both),
            ],
            5 => vec![
                subject.remove_connections(v, &[v, f], both),
                subject.remove_connections(f, &[v], both),
            ],
            6 => vec![subject.connect_lowest(f, both).map(drop)],
            7 => {
                let (ctx, path) = (&mut self.ctx, &mut self.path);
                vec![
                    subject.find_path(v, f).map(drop),
                    subject.find_path(f, v).map(drop),
                    subject.find_path_into(ctx, f, v, path).map(drop),
                ]
            }
            8 => subject.set_positions(f, (1.0, 2.0, 3.0)).to_vec(),
            _ => match subject {
                Subject::Grid(grid) => vec![
                    grid.cell_of(f).map(drop),
                    grid.connect_node_to_adjacent_nodes(f),
                ],
                Subject::Nodes(graph) => vec![graph.clone().set_position_2d(f, 0.0, 0.0)],
            },
        };
        for result in results {
            assert_eq!(
                result,
                Err(GraphError::ForeignNode { node: f }),
                "call {} with the foreign id {f:?}",
                call % 10
            );
        }
    }

    /// A copy equals the graph and accepts its ids; a node it creates afterwards is foreign to
    /// the original, even where it shares a slot index with one of the original's later nodes.
    fn fork(&mut self) {
        let mut copy = self.subject.clone();
        assert!(copy == self.subject, "a clone differs from its original");
        for &id in &self.ids {
            assert_eq!(copy.graph().kind(id), self.subject.graph().kind(id));
        }
        let kind = match self.payload {
            Payload::Point2 => NodeKind::Point2(0.0, 0.0),
            _ => NodeKind::Plain,
        };
        let id = copy.create_node(kind);
        self.foreign.push(id);
    }

    /// A JSON round trip gives an equal graph that accepts the same ids; it replaces the original.
    fn round_trip(&mut self) {
        #[cfg(feature = "serde")]
        {
            self.subject = match &self.subject {
                Subject::Nodes(g) => {
                    let json = serde_json::to_string(g).expect("a node graph writes as JSON");
                    Subject::Nodes(serde_json::from_str(&json).expect("written JSON reads back"))
                }
                Subject::Grid(g) => {
                    let json = serde_json::to_string(g).expect("a grid graph writes as JSON");
                    Subject::Grid(serde_json::from_str(&json).expect("written JSON reads back"))
                }
            };
        }
    }

    /// The graph against the model: members in order, each node's edges in order, membership,
    /// and for a grid graph every cell's node.
    fn compare(&self) {
        let graph = self.subject.graph();
        assert_eq!(graph.node_count(), self.ids.len(), "node count");
        assert!(
            graph.all_nodes().eq(self.ids.iter().copied()),
            "all_nodes lists other ids"
        );
        assert_eq!(
            graph.nodes(),
            &self.ids_of(&self.model.members)[..],
            "members"
        );
        for (n, &id) in self.ids.iter().enumerate() {
            assert_eq!(
                graph.connected_nodes(id),
                Ok(&self.ids_of(&self.model.out[n])[..]),
                "edges of node {n}"
            );
            assert_eq!(
                graph.is_member(id),
                Ok(self.model.member[n]),
                "membership of {n}"
            );
        }
        let (Subject::Grid(grid), Some(s)) = (&self.subject, self.model.shape) else {
            return;
        };
        for y in s.origin.1 - 1..=s.origin.1 + s.height {
            for x in s.origin.0 - 1..=s.origin.0 + s.width {
                let (Ok(cx), Ok(cy)) = (i32::try_from(x), i32::try_from(y)) else {
                    continue;
                };
                let inside = (0..s.width).contains(&(x - s.origin.0))
                    && (0..s.height).contains(&(y - s.origin.1));
                let own = inside
                    .then(|| self.ids[((y - s.origin.1) * s.width + x - s.origin.0) as usize]);
                assert_eq!(grid.cell_node(cx, cy), own, "cell_node({x}, {y})");
                assert_eq!(
                    grid.node_at(cx, cy),
                    self.model.grid_node_at(x, y).map(|n| self.ids[n]),
                    "node_at({x}, {y})"
                );
            }
        }
    }
}
