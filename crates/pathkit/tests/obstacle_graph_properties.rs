//! Obstacle graphs against an oracle written from the rules alone (`support/growth_oracle.rs`):
//! every obstacle node sits where the test itself grows the obstacle's vertex (radially or by
//! the mitre rule, at radii from 0 to 3, to 1e-5: nodes hold `f32`); after every change (obstacles added in batches,
//! removed, points connected), the edges between obstacle and user nodes are exactly the pairs
//! that see each other among those grown polygons, decided from scratch by a visibility test of
//! the test's own (no index, no shadows, no incremental update), and paths are the shortest over
//! that graph by a textbook Dijkstra. Obstacles are convex, star-shaped (concave), thin walls
//! (two points), and polygons with collinear and repeated points, in either winding.

use crate::support::growth_oracle::{as_stored, blocked, grown, near_degenerate, P};
use pathkit::geometry::Extrusion;
use pathkit::graph::{NodeId, ObstacleGraph, PolygonObstacle};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use proptest::prelude::*;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

/// An obstacle node's obstacle, vertex, and the obstacle's number of vertices.
type Vertex = (usize, usize, usize);

/// A random polygon around `(cx, cy)`: convex, a star with pockets, a thin wall (two points), or
/// a convex polygon with a point added in the middle of a side and a vertex repeated; either
/// winding.
fn polygon() -> impl Strategy<Value = Vec<[f32; 2]>> {
    polygon_in(30.0)
}

/// [`polygon`] with its centre in a square `span` wide.
fn polygon_in(span: f32) -> impl Strategy<Value = Vec<[f32; 2]>> {
    (
        0.0f32..span,
        0.0f32..span,
        3usize..7,
        0.5f32..4.0,
        0u8..4,
        0.0f32..6.3,
        any::<bool>(),
    )
        .prop_map(|(cx, cy, n, r, shape, turn, clockwise)| {
            let corners = if shape == 1 { 2 * n } else { n };
            let mut points: Vec<[f32; 2]> = (0..corners)
                .map(|k| {
                    let a = turn + k as f32 * std::f32::consts::TAU / corners as f32;
                    let r = if shape == 1 && k % 2 == 1 { r * 0.4 } else { r };
                    [cx + r * a.cos(), cy + r * a.sin()]
                })
                .collect();
            match shape {
                2 => points.truncate(2),
                3 => {
                    let (a, b) = (points[0], points[1]);
                    points.insert(1, [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]);
                    points.insert(3, points[2]);
                }
                _ => {}
            }
            if clockwise {
                points.reverse();
            }
            points
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

/// Checks the graph's nodes, edges and one shortest path against the oracle. `users` are the
/// points connected, with where they were asked for; `radius` and `mitred` how the graph grows
/// obstacles.
fn check(
    graph: &ObstacleGraph,
    users: &[(NodeId, P)],
    radius: f32,
    mitred: bool,
) -> Result<(), TestCaseError> {
    // Each node, with its obstacle, vertex and the obstacle's vertex count (none for a user's),
    // and where the rules put it.
    let mut nodes: Vec<(NodeId, Option<Vertex>)> = Vec::new();
    let mut place: HashMap<NodeId, P> = HashMap::new();
    let mut obstacles: Vec<Vec<P>> = Vec::new();
    for (k, o) in graph.obstacles().enumerate() {
        let raw: Vec<P> = o
            .vertices()
            .iter()
            .map(|v| (f64::from(v[0]), f64::from(v[1])))
            .collect();
        let expected: Vec<P> = grown(&raw, f64::from(radius), mitred)
            .into_iter()
            .map(as_stored)
            .collect();
        let ids = graph.nodes_for_obstacle(o).unwrap();
        prop_assert_eq!(ids.len(), o.len());
        for (v, &id) in ids.iter().enumerate() {
            let [x, y] = graph.position(id).unwrap();
            let (ex, ey) = expected[v];
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-5 * (1.0 + b.abs());
            prop_assert!(
                close(f64::from(x), ex) && close(f64::from(y), ey),
                "obstacle {} vertex {}: node at ({}, {}), the rules grow it to ({}, {})",
                k,
                v,
                x,
                y,
                ex,
                ey
            );
            nodes.push((id, Some((k, v, ids.len()))));
            // Checked against the rules above; from here on the node's own `f32` position, so
            // that sight along nearly collinear sides is decided on the very points the graph
            // holds, not on others a rounding apart.
            place.insert(id, (f64::from(x), f64::from(y)));
        }
        obstacles.push(ids.iter().map(|id| place[id]).collect());
    }
    for &(u, p) in users {
        nodes.push((u, None));
        place.insert(u, as_stored(p));
    }
    let at = |n: NodeId| place[&n];
    let scale = place
        .values()
        .flat_map(|p| [p.0.abs(), p.1.abs()])
        .fold(0.0, f64::max);
    let (mut pairs, mut ambiguous_pairs) = (0usize, 0usize);
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
            let judged = |k: usize| !(ring && Some(k) == own);
            let ambiguous = obstacles.iter().enumerate().any(|(k, poly)| {
                judged(k) && near_degenerate(poly, at(a), at(b), 1e-6 * (1.0 + scale))
            });
            let sees = if ambiguous {
                // Either answer is the rule's on points a rounding apart: take the graph's.
                ambiguous_pairs += 1;
                graph.graph().connected_nodes(a).unwrap().contains(&b)
            } else {
                obstacles
                    .iter()
                    .enumerate()
                    .all(|(k, poly)| !judged(k) || !blocked(poly, at(a), at(b)))
            };
            pairs += 1;
            if sees {
                want.entry(a).or_default().insert(b);
                want.entry(b).or_default().insert(a);
            }
        }
    }
    // Only segments along sides with collinear points, or through such points, are left to the
    // graph: a few pairs around each such point, never most of them.
    prop_assert!(
        ambiguous_pairs <= pairs / 4 + 8,
        "{} of {} pairs too close to call",
        ambiguous_pairs,
        pairs
    );
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
    if let (Some(&(s, _)), Some(&(g, _))) = (users.first(), users.last()) {
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
        let found = graph
            .find_path(&mut SearchContext::new(), s, g)
            .unwrap()
            .into_path();
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

/// Makes the changes one by one on an empty graph, checking it against the oracle after each.
fn apply_and_check(radius: f32, mitred: bool, changes: Vec<Change>) -> Result<(), TestCaseError> {
    let extrusion = if mitred {
        Extrusion::Mitre
    } else {
        Extrusion::Radial
    };
    let mut graph = ObstacleGraph::with_extrusion(&[], radius, extrusion);
    let mut users = Vec::new();
    for change in changes {
        match change {
            Change::Add(polygons) => {
                let obstacles: Vec<PolygonObstacle> = polygons
                    .iter()
                    .map(|p| PolygonObstacle::new(p).unwrap())
                    .collect();
                graph.add_obstacles(&obstacles);
            }
            Change::Remove(k) => {
                let present: Vec<PolygonObstacle> = graph.obstacles().cloned().collect();
                if !present.is_empty() {
                    graph.remove_obstacles(&[present[k % present.len()].clone()]);
                }
            }
            Change::Point(x, y) => {
                users.push((graph.add_point(x, y).unwrap(), (f64::from(x), f64::from(y))))
            }
        }
        check(&graph, &users, radius, mitred)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn edges_are_the_pairs_in_sight_after_every_change(
        radius in prop_oneof![Just(0.0f32), 0.1f32..1.5, 1.5f32..3.0],
        mitred in any::<bool>(),
        changes in prop::collection::vec(change(), 1..12),
    ) {
        apply_and_check(radius, mitred, changes)?;
    }
}

/// A side split by a point almost on it, beside a repeated vertex: the two sides meet at an
/// angle of 2e-11 radians. Exact arithmetic puts the mitred node at x = 0.8732060; an oracle
/// that intersected the two moved lines there put it at 0.8732538.
#[test]
fn a_vertex_almost_on_a_straight_side_is_mitred_straight_out() {
    let polygon = vec![
        [2.255_944_7, 9.595_915],
        [0.873_158_2, 9.596_576],
        [-0.509_628_24, 9.597_237],
        [-0.509_628_24, 9.597_237],
        [-0.510_950_27, 6.831_663_6],
        [2.254_623, 6.830_341_3],
    ];
    apply_and_check(0.1, true, vec![Change::Add(vec![polygon])]).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Obstacles piled on each other in a 6 x 6 square: most nodes lie deep inside other
    /// obstacles, which the graph leaves out of its walks; the edges are still exactly the pairs
    /// in sight, whichever nodes are buried, as obstacles come and go.
    #[test]
    fn piled_obstacles_keep_the_pairs_in_sight(
        radius in prop_oneof![Just(0.0f32), 0.1f32..1.5],
        mitred in any::<bool>(),
        changes in prop::collection::vec(
            prop_oneof![
                3 => prop::collection::vec(polygon_in(6.0), 1..10).prop_map(Change::Add),
                1 => (0usize..100).prop_map(Change::Remove),
                2 => (-2.0f32..8.0, -2.0f32..8.0).prop_map(|(x, y)| Change::Point(x, y)),
            ],
            1..8,
        ),
    ) {
        apply_and_check(radius, mitred, changes)?;
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

/// Where `shape` (raw vertices) puts its nodes at `radius`, read from a graph of it alone.
fn node_positions(shape: &[[f32; 2]], radius: f32, extrusion: Extrusion) -> Vec<[f32; 2]> {
    let obstacle = PolygonObstacle::new(shape).unwrap();
    let graph = ObstacleGraph::with_extrusion(std::slice::from_ref(&obstacle), radius, extrusion);
    graph
        .nodes_for_obstacle(&obstacle)
        .unwrap()
        .iter()
        .map(|&n| graph.position(n).unwrap())
        .collect()
}

#[test]
fn grown_vertices_are_where_the_rules_put_them_for_many_shapes_and_radii() {
    // Closed forms worked out by hand for each shape, as functions of the radius `r`.
    let h = std::f64::consts::FRAC_1_SQRT_2;
    type Expect = fn(f64, f64) -> Vec<(f64, f64)>;
    let cases: [(&str, Vec<[f32; 2]>, Expect, Expect); 5] = [
        (
            "square (±1), counter-clockwise",
            vec![[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0]],
            |r, h| {
                let a = 1.0 + r * h;
                vec![(a, -a), (a, a), (-a, a), (-a, -a)]
            },
            |r, _| {
                let a = 1.0 + r;
                vec![(a, -a), (a, a), (-a, a), (-a, -a)]
            },
        ),
        (
            "an L, clockwise, with a reflex corner at (2, 2)",
            vec![
                [0.0, 0.0],
                [0.0, 4.0],
                [2.0, 4.0],
                [2.0, 2.0],
                [4.0, 2.0],
                [4.0, 0.0],
            ],
            |r, _| {
                // Centroid of the L, the 4 x 2 bar along the bottom (centroid (2, 1), area 8)
                // and the 2 x 2 square above its left end ((1, 3), area 4): (5/3, 5/3).
                let c = (5.0 / 3.0, 5.0 / 3.0);
                [
                    (0.0, 0.0),
                    (0.0, 4.0),
                    (2.0, 4.0),
                    (2.0, 2.0),
                    (4.0, 2.0),
                    (4.0, 0.0),
                ]
                .iter()
                .map(|&(x, y): &(f64, f64)| {
                    let (dx, dy) = (x - c.0, y - c.1);
                    let len = dx.hypot(dy);
                    (x + r * dx / len, y + r * dy / len)
                })
                .collect()
            },
            |r, _| {
                vec![
                    (-r, -r),
                    (-r, 4.0 + r),
                    (2.0 + r, 4.0 + r),
                    (2.0 + r, 2.0 + r),
                    (4.0 + r, 2.0 + r),
                    (4.0 + r, -r),
                ]
            },
        ),
        (
            "a thin wall from (1, 2) to (5, 2), off the origin",
            vec![[1.0, 2.0], [5.0, 2.0]],
            // About its middle (3, 2), wherever the origin is.
            |r, _| vec![(1.0 - r, 2.0), (5.0 + r, 2.0)],
            // Without area, mitre growth is radial.
            |r, _| vec![(1.0 - r, 2.0), (5.0 + r, 2.0)],
        ),
        (
            "a 4 x 2 rectangle with a point in the middle of its bottom side",
            vec![[0.0, 0.0], [2.0, 0.0], [4.0, 0.0], [4.0, 2.0], [0.0, 2.0]],
            |r, _| {
                // Centroid (2, 1): the middle point moves straight down.
                let d = 5f64.sqrt();
                vec![
                    (-2.0 * r / d, -r / d),
                    (2.0, -r),
                    (4.0 + 2.0 * r / d, -r / d),
                    (4.0 + 2.0 * r / d, 2.0 + r / d),
                    (-2.0 * r / d, 2.0 + r / d),
                ]
            },
            |r, _| {
                vec![
                    (-r, -r),
                    (2.0, -r),
                    (4.0 + r, -r),
                    (4.0 + r, 2.0 + r),
                    (-r, 2.0 + r),
                ]
            },
        ),
        (
            "a right triangle with a repeated corner",
            vec![[0.0, 0.0], [3.0, 0.0], [3.0, 0.0], [0.0, 3.0]],
            |r, h| {
                // Centroid (1, 1).
                let d = 5f64.sqrt();
                vec![
                    (-r * h, -r * h),
                    (3.0 + 2.0 * r / d, -r / d),
                    (3.0 + 2.0 * r / d, -r / d),
                    (-r / d, 3.0 + 2.0 * r / d),
                ]
            },
            |r, _| {
                // Sides y = -r, x = -r and x + y = 3 + r√2; the sharp corners reach far out.
                let s = 3.0 + r * std::f64::consts::SQRT_2;
                vec![(-r, -r), (s + r, -r), (s + r, -r), (-r, s + r)]
            },
        ),
    ];
    for (name, shape, radial, mitre) in &cases {
        for radius in [0.0f32, 0.1, 0.25, 0.5, 1.0, 1.7, 2.5, 4.0] {
            // At radius 0 the nodes sit a thousandth of a unit out.
            let r = if radius == 0.0 {
                0.001
            } else {
                f64::from(radius)
            };
            for (extrusion, expected) in [
                (Extrusion::Radial, radial(r, h)),
                (Extrusion::Mitre, mitre(r, h)),
            ] {
                let got = node_positions(shape, radius, extrusion);
                assert_eq!(got.len(), expected.len(), "{name}");
                for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
                    let close = |a: f32, b: f64| (f64::from(a) - b).abs() <= 1e-5 * (1.0 + b.abs());
                    assert!(
                        close(g[0], e.0) && close(g[1], e.1),
                        "{name}, {extrusion:?}, radius {radius}, vertex {k}: at {g:?}, expected {e:?}"
                    );
                }
            }
        }
    }
}

/// The distance from `p` to the segment `a`–`b`.
fn point_segment_distance(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (x, y) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - x).powi(2) + (p.1 - y).powi(2)).sqrt()
}

/// The distance between the segments `a`–`b` and `c`–`d` (0 when they cross).
fn segment_distance(a: P, b: P, c: P, d: P) -> f64 {
    let side = |o: P, p: P, q: P| (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    [
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    ]
    .into_iter()
    .fold(f64::INFINITY, f64::min)
}

/// The distance from the segment `a`–`b` to the sides of `polygon` (a thin wall's one side
/// included), measured by the test alone.
fn distance_to_obstacle(a: P, b: P, polygon: &[[f32; 2]]) -> f64 {
    let p = |k: usize| {
        let v = polygon[k % polygon.len()];
        (f64::from(v[0]), f64::from(v[1]))
    };
    (0..polygon.len())
        .map(|k| segment_distance(a, b, p(k), p(k + 1)))
        .fold(f64::INFINITY, f64::min)
}

/// An axis-aligned box or a thin wall (two points, any direction) around `(cx, cy)`.
fn box_or_wall() -> impl Strategy<Value = Vec<[f32; 2]>> {
    (
        0.0..40.0f32,
        0.0..40.0f32,
        0.5..4.0f32,
        0.0..3.0f32,
        0.0..std::f32::consts::PI,
        any::<bool>(),
    )
        .prop_map(|(cx, cy, half, thick, angle, wall)| {
            if wall {
                let (dx, dy) = (half * angle.cos(), half * angle.sin());
                vec![[cx - dx, cy - dy], [cx + dx, cy + dy]]
            } else {
                let t = thick.max(0.05);
                vec![
                    [cx - half, cy - t],
                    [cx + half, cy - t],
                    [cx + half, cy + t],
                    [cx - half, cy + t],
                ]
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `ObstacleGraph::with_clearance(obstacles, r)` keeps an agent of radius `r` clear: every
    /// segment of every path found between points that are `r` clear keeps `r` (to the `f32`
    /// rounding of the nodes) from every obstacle, boxes and thin walls alike, measured by the
    /// test's own distance between segments. Obstacles are kept apart by more than `2r`, so no
    /// grown obstacle reaches into another.
    #[test]
    fn with_clearance_keeps_the_radius_from_every_obstacle(
        shapes in prop::collection::vec(box_or_wall(), 1..8),
        r in 0.1..1.5f32,
        ends in prop::collection::vec((0.0..40.0f32, 0.0..40.0f32), 2..6),
    ) {
        let margin = |s: &[[f32; 2]]| {
            let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
            for p in s {
                for k in 0..2 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
            (lo, hi)
        };
        // Keep obstacles whose boxes, grown by 2r and a little, do not meet.
        let mut kept: Vec<Vec<[f32; 2]>> = Vec::new();
        for s in shapes {
            let (lo, hi) = margin(&s);
            let apart = kept.iter().all(|k| {
                let (klo, khi) = margin(k);
                let gap = 2.0 * r + 0.1;
                lo[0] > khi[0] + gap || klo[0] > hi[0] + gap || lo[1] > khi[1] + gap || klo[1] > hi[1] + gap
            });
            if apart {
                kept.push(s);
            }
        }
        let obstacles: Vec<PolygonObstacle> = kept.iter().map(|s| PolygonObstacle::new(s).unwrap()).collect();
        let clear = |(x, y): (f32, f32)| {
            let p = (f64::from(x), f64::from(y));
            kept.iter().all(|s| distance_to_obstacle(p, p, s) > f64::from(r) * 1.01 + 1e-3)
        };
        let ends: Vec<(f32, f32)> = ends.into_iter().filter(|&e| clear(e)).collect();
        prop_assume!(ends.len() >= 2);
        let mut graph = ObstacleGraph::with_clearance(&obstacles, r);
        let nodes: Vec<NodeId> = ends.iter().map(|&(x, y)| graph.add_point(x, y).unwrap()).collect();
        let mut ctx = SearchContext::new();
        for pair in nodes.windows(2) {
            let Some(path) = graph.find_path(&mut ctx, pair[0], pair[1]).unwrap().into_nodes() else {
                continue;
            };
            let at = |n: NodeId| {
                let [x, y] = graph.position(n).unwrap();
                (f64::from(x), f64::from(y))
            };
            for step in path.windows(2) {
                let (a, b) = (at(step[0]), at(step[1]));
                for s in &kept {
                    let d = distance_to_obstacle(a, b, s);
                    prop_assert!(
                        d >= f64::from(r) * (1.0 - 1e-4) - 1e-4,
                        "segment {:?}-{:?} passes {} from {:?}, radius {}", a, b, d, s, r
                    );
                }
            }
        }
    }
}

/// GameplayKit's rule, kept by `ObstacleGraph::new`, is not a clearance: along a long thin box a
/// path keeps almost nothing of the radius (as its documentation says); `with_clearance` keeps it.
#[test]
fn the_radial_rule_keeps_little_beside_a_thin_box_and_clearance_keeps_the_radius() {
    let thin =
        PolygonObstacle::new(&[[0.0, -0.01], [10.0, -0.01], [10.0, 0.01], [0.0, 0.01]]).unwrap();
    let cleared = |mut graph: ObstacleGraph| {
        let (a, b) = (
            graph.add_point(-3.0, 0.3).unwrap(),
            graph.add_point(13.0, -0.3).unwrap(),
        );
        let path = graph
            .find_path(&mut SearchContext::new(), a, b)
            .unwrap()
            .into_nodes()
            .unwrap();
        let at = |n: NodeId| {
            let [x, y] = graph.position(n).unwrap();
            (f64::from(x), f64::from(y))
        };
        let polygon = [[0.0, -0.01], [10.0, -0.01], [10.0, 0.01], [0.0, 0.01]];
        path.windows(2)
            .map(|s| distance_to_obstacle(at(s[0]), at(s[1]), &polygon))
            .fold(f64::INFINITY, f64::min)
    };
    let radial = cleared(ObstacleGraph::new(std::slice::from_ref(&thin), 0.5));
    // The corners move along the lines from the centre, nearly along the box: about 0.01.
    assert!(radial < 0.02, "radial growth kept {radial}");
    let kept = cleared(ObstacleGraph::with_clearance(
        std::slice::from_ref(&thin),
        0.5,
    ));
    assert!((kept - 0.5).abs() < 1e-4, "clearance kept {kept}");
}
