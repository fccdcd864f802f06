//! Obstacle graphs against an oracle written from the rules alone: after every change (obstacles
//! added in batches, removed, points connected), the edges between obstacle and user nodes are
//! exactly the pairs that see each other, decided from scratch by a visibility test of the
//! test's own (no index, no shadows, no incremental update), and paths are the shortest over
//! that graph by a textbook Dijkstra.

use pathkit::graph::{NodeId, ObstacleGraph, PolygonObstacle};
use proptest::prelude::*;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

type P = (f64, f64);
/// An obstacle node's obstacle, vertex, and the obstacle's number of vertices.
type Vertex = (usize, usize, usize);

fn cross(o: P, a: P, b: P) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// `p` on the closed segment `a`–`b`.
fn on(p: P, a: P, b: P) -> bool {
    cross(a, b, p) == 0.0
        && p.0 >= a.0.min(b.0)
        && p.0 <= a.0.max(b.0)
        && p.1 >= a.1.min(b.1)
        && p.1 <= a.1.max(b.1)
}

/// Segments meeting at a point strictly inside both, or overlapping collinearly.
fn crossing(a: P, b: P, c: P, d: P) -> bool {
    let (d1, d2, d3, d4) = (
        cross(c, d, a),
        cross(c, d, b),
        cross(a, b, c),
        cross(a, b, d),
    );
    if d1 == 0.0 && d2 == 0.0 {
        if d3 != 0.0 || d4 != 0.0 {
            return false;
        }
        // Collinear: the overlap of the projections on the longer axis.
        let x = (b.0 - a.0).abs() + (d.0 - c.0).abs() >= (b.1 - a.1).abs() + (d.1 - c.1).abs();
        let k = |p: P| if x { p.0 } else { p.1 };
        return k(a).min(k(b)).max(k(c).min(k(d))) < k(a).max(k(b)).min(k(c).max(k(d)));
    }
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Winding number of the polygon around `p` (not on a side).
fn winding(poly: &[P], p: P) -> i32 {
    let mut w = 0;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if a.1 <= p.1 && b.1 > p.1 && cross(a, b, p) > 0.0 {
            w += 1;
        } else if a.1 > p.1 && b.1 <= p.1 && cross(a, b, p) < 0.0 {
            w -= 1;
        }
    }
    w
}

fn strictly_inside(poly: &[P], p: P) -> bool {
    let n = poly.len();
    n >= 3 && !(0..n).any(|i| on(p, poly[i], poly[(i + 1) % n])) && winding(poly, p) != 0
}

/// The visibility rule, from its statement.
fn blocked(poly: &[P], a: P, b: P) -> bool {
    let n = poly.len();
    let sides = if n == 2 { 1 } else { n };
    for i in 0..sides {
        let (u, v) = (poly[i], poly[(i + 1) % n]);
        if [u, v].iter().any(|&q| q == a || q == b) {
            continue;
        }
        if crossing(a, b, u, v) {
            return true;
        }
    }
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    if strictly_inside(poly, mid) {
        return true;
    }
    // Through a vertex into the inside: points just before and after it along the segment.
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    poly.iter().any(|&v| {
        v != a && v != b && on(v, a, b) && {
            let t = 1e-7 / len.max(1e-300);
            let (dx, dy) = ((b.0 - a.0) * t, (b.1 - a.1) * t);
            strictly_inside(poly, (v.0 + dx, v.1 + dy))
                || strictly_inside(poly, (v.0 - dx, v.1 - dy))
        }
    })
}

/// A random polygon around `(cx, cy)`: convex, or a star with pockets.
fn polygon() -> impl Strategy<Value = Vec<[f32; 2]>> {
    (
        0.0f32..30.0,
        0.0f32..30.0,
        3usize..7,
        0.5f32..4.0,
        any::<bool>(),
        0.0f32..6.3,
    )
        .prop_map(|(cx, cy, n, r, star, turn)| {
            (0..n * if star { 2 } else { 1 })
                .map(|k| {
                    let a = turn
                        + k as f32 * std::f32::consts::TAU / (n * if star { 2 } else { 1 }) as f32;
                    let r = if star && k % 2 == 1 { r * 0.4 } else { r };
                    [cx + r * a.cos(), cy + r * a.sin()]
                })
                .collect()
        })
}

#[derive(Clone, Debug)]
enum Change {
    Add(Vec<Vec<[f32; 2]>>),
    Remove(usize),
    Point(f32, f32),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => prop::collection::vec(polygon(), 1..4).prop_map(Change::Add),
        1 => (0usize..100).prop_map(Change::Remove),
        2 => (-2.0f32..32.0, -2.0f32..32.0).prop_map(|(x, y)| Change::Point(x, y)),
    ]
}

/// Checks the graph's edges and one shortest path against the oracle.
fn check(graph: &ObstacleGraph, users: &[NodeId]) -> Result<(), TestCaseError> {
    // Each node, with its obstacle, vertex and the obstacle's vertex count (none for a user's).
    let mut nodes: Vec<(NodeId, Option<Vertex>)> = Vec::new();
    let obstacles: Vec<Vec<P>> = graph
        .obstacles()
        .map(|o| {
            graph
                .nodes_for_obstacle(o)
                .unwrap()
                .iter()
                .map(|&n| {
                    let [x, y] = graph.position(n).unwrap();
                    (f64::from(x), f64::from(y))
                })
                .collect()
        })
        .collect();
    for (k, o) in graph.obstacles().enumerate() {
        let ids = graph.nodes_for_obstacle(o).unwrap();
        prop_assert_eq!(ids.len(), o.len());
        for (v, &id) in ids.iter().enumerate() {
            nodes.push((id, Some((k, v, ids.len()))));
        }
    }
    nodes.extend(users.iter().map(|&u| (u, None)));
    let at = |n: NodeId| {
        let [x, y] = graph.position(n).unwrap();
        (f64::from(x), f64::from(y))
    };
    let mut want: HashMap<NodeId, BTreeSet<NodeId>> = HashMap::new();
    for (i, &(a, oa)) in nodes.iter().enumerate() {
        for &(b, ob) in &nodes[i + 1..] {
            let ring = match (oa, ob) {
                (Some((ka, va, n)), Some((kb, vb, _))) if ka == kb => {
                    (va + 1) % n == vb || (vb + 1) % n == va
                }
                _ => false,
            };
            let own = oa.map(|o| o.0);
            let sees = obstacles
                .iter()
                .enumerate()
                .all(|(k, poly)| (ring && Some(k) == own) || !blocked(poly, at(a), at(b)));
            if sees {
                want.entry(a).or_default().insert(b);
                want.entry(b).or_default().insert(a);
            }
        }
    }
    for &(n, _) in &nodes {
        let got: BTreeSet<NodeId> = graph
            .graph()
            .connected_nodes(n)
            .unwrap()
            .iter()
            .copied()
            .collect();
        prop_assert_eq!(
            &got,
            &want.get(&n).cloned().unwrap_or_default(),
            "edges of {:?}",
            n
        );
    }
    // The shortest path between the first and last user nodes, by Dijkstra over the oracle's
    // edges with Euclidean lengths.
    if let (Some(&s), Some(&g)) = (users.first(), users.last()) {
        let mut dist: HashMap<NodeId, f64> = HashMap::from([(s, 0.0)]);
        let mut heap = BinaryHeap::from([(std::cmp::Reverse(Ordered(0.0)), s)]);
        while let Some((std::cmp::Reverse(Ordered(d)), n)) = heap.pop() {
            if d > dist[&n] {
                continue;
            }
            for &m in want.get(&n).into_iter().flatten() {
                let (p, q) = (at(n), at(m));
                let nd = d + ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
                if dist.get(&m).is_none_or(|&old| nd < old) {
                    dist.insert(m, nd);
                    heap.push((std::cmp::Reverse(Ordered(nd)), m));
                }
            }
        }
        let found = graph.find_path(s, g).unwrap().into_path();
        match (found, dist.get(&g)) {
            (None, None) => {}
            (Some(path), Some(&d)) => {
                prop_assert!(
                    (f64::from(path.cost) - d).abs() <= 1e-4 * d.max(1.0),
                    "{} vs {}",
                    path.cost,
                    d
                )
            }
            (found, want) => prop_assert!(
                false,
                "found {:?}, oracle {:?}",
                found.map(|p| p.cost),
                want
            ),
        }
    }
    Ok(())
}

/// A distance ordered for the heap.
struct Ordered(f64);
impl PartialEq for Ordered {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}
impl Eq for Ordered {}
impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn edges_are_the_pairs_in_sight_after_every_change(
        radius in prop_oneof![Just(0.0f32), 0.1f32..1.5],
        changes in prop::collection::vec(change(), 1..12),
    ) {
        let mut graph = ObstacleGraph::new(&[], radius);
        let mut users = Vec::new();
        for change in changes {
            match change {
                Change::Add(polygons) => {
                    let obstacles: Vec<PolygonObstacle> =
                        polygons.iter().map(|p| PolygonObstacle::new(p).unwrap()).collect();
                    graph.add_obstacles(&obstacles);
                }
                Change::Remove(k) => {
                    let present: Vec<PolygonObstacle> = graph.obstacles().cloned().collect();
                    if !present.is_empty() {
                        graph.remove_obstacles(&[present[k % present.len()].clone()]);
                    }
                }
                Change::Point(x, y) => users.push(graph.add_point(x, y).unwrap()),
            }
            check(&graph, &users)?;
        }
    }
}

/// The graph's edges, by the positions of their ends (node ids differ between graphs).
fn edges_by_position(graph: &ObstacleGraph) -> BTreeSet<([u32; 2], [u32; 2])> {
    let bits = |p: [f32; 2]| [p[0].to_bits(), p[1].to_bits()];
    let mut edges = BTreeSet::new();
    for &node in graph.graph().nodes() {
        for &other in graph.graph().connected_nodes(node).unwrap() {
            edges.insert((
                bits(graph.position(node).unwrap()),
                bits(graph.position(other).unwrap()),
            ));
        }
    }
    edges
}

#[test]
fn removing_obstacles_from_a_large_graph_leaves_what_a_fresh_build_would() {
    // Many obstacles over a wide area, so the sight grid has rings to skip and removal walks
    // only towards each removed box.
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut unit = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f32 / (1u64 << 53) as f32
    };
    let obstacles: Vec<PolygonObstacle> = (0..180)
        .map(|_| {
            let (cx, cy, r, n) = (
                unit() * 120.0,
                unit() * 120.0,
                0.5 + unit() * 2.5,
                3 + (unit() * 4.0) as usize,
            );
            let turn = unit() * 6.3;
            let points: Vec<[f32; 2]> = (0..n)
                .map(|k| {
                    let a = turn + k as f32 * std::f32::consts::TAU / n as f32;
                    [cx + r * a.cos(), cy + r * a.sin()]
                })
                .collect();
            PolygonObstacle::new(&points).unwrap()
        })
        .collect();
    for radius in [0.0, 0.6] {
        let mut graph = ObstacleGraph::new(&obstacles, radius);
        let mut present = obstacles.clone();
        for step in 0..25 {
            let gone = present.remove((step * 7) % present.len());
            graph.remove_obstacles(&[gone]);
            let fresh = ObstacleGraph::new(&present, radius);
            assert_eq!(
                edges_by_position(&graph),
                edges_by_position(&fresh),
                "radius {radius}, step {step}"
            );
        }
    }
}
