//! Off-mesh links in the GameplayKit graphs (`GraphLinks`) against the graph oracle of
//! `tests/support` (Dijkstra over plain edge lists, sharing no code with pathkit): random node
//! graphs of 2D points, and obstacle graphs with points joined round the obstacles, with links
//! of random costs (cheaper and dearer than the walk, one way or both). The oracle's graph has
//! every connection the graph lists, each costing the distance between its nodes computed here,
//! or a link's cost where a link joins them that way and is cheaper; every answer of A* under
//! the links is a walk of that graph at its optimum.
//!
//! Mesh graphs (`MeshGraph`, `GraphLinks::link_mesh`) with random obstacles, points and links,
//! triangulated again as obstacles come and go and points are added and removed, the links
//! connected once: the oracle's graph has the mesh's own joins as the graph lists them (every
//! connection with an end that is not one of the test's points, at the distance computed here)
//! and the links as the test keeps them, each at its cost; the connections between points are
//! checked to be the links' and nothing else. Each answer is also no cheaper than the free-space
//! oracle allows: Dijkstra over the points, joined by the shortest walks through the free space
//! (`support/free_space_oracle.rs`) and by the links.

use crate::support::free_space_oracle::FreeSpace;
use crate::support::oracle::OracleGraph;
use pathkit::graph::{
    Direction, GraphError, GraphLinks, MeshGraph, NodeGraph, NodeId, NodeKind, ObstacleGraph,
    PolygonObstacle, TriangulationMode,
};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// A generator of the test's own.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// A link as the test keeps it: ends, cost, both ways.
type Link = (NodeId, NodeId, f32, bool);

/// Checks A* under `links` on `graph` between every pair of `ends` against the oracle; the
/// number of answers that took a link.
fn check(
    graph: &NodeGraph,
    links: &GraphLinks,
    kept: &[Link],
    ends: &[NodeId],
    context: &str,
) -> usize {
    let nodes: Vec<NodeId> = graph.nodes().to_vec();
    let index = |id: NodeId| nodes.iter().position(|&n| n == id).expect("a member");
    let position = |id: NodeId| match graph.kind(id).expect("a member") {
        NodeKind::Point2(x, y) => (f64::from(x), f64::from(y)),
        other => panic!("{other:?}"),
    };
    let mut oracle = OracleGraph::new(nodes.len());
    for &u in &nodes {
        for &v in graph.connected_nodes(u).expect("a member") {
            let (a, b) = (position(u), position(v));
            let walk = (a.0 - b.0).hypot(a.1 - b.1);
            let link = kept
                .iter()
                .filter(|&&(f, t, _, both)| (f, t) == (u, v) || both && (t, f) == (u, v))
                .map(|l| f64::from(l.2))
                .fold(f64::INFINITY, f64::min);
            oracle.add_edge(index(u), index(v), walk.min(link));
        }
    }
    let mut ctx = SearchContext::new();
    let mut took = 0;
    for &s in ends {
        for &g in ends {
            let found = graph
                .space_with(links)
                .find_path(&mut ctx, s, g)
                .unwrap()
                .into_path();
            let best = oracle.shortest(index(s), index(g));
            match (found, best) {
                (Some(path), Some(best)) => {
                    let steps: Vec<usize> = path.nodes.iter().map(|&n| index(n)).collect();
                    let walked = oracle
                        .path_cost(index(s), index(g), &steps)
                        .unwrap_or_else(|e| panic!("{context}: {e}"));
                    let cost = f64::from(path.cost);
                    assert!(
                        (walked - cost).abs() <= 1e-4 * walked.max(1.0),
                        "{context}: {s:?} -> {g:?}: the steps cost {walked}, reported {cost}"
                    );
                    assert!(
                        (cost - best).abs() <= 1e-4 * best.max(1.0),
                        "{context}: {s:?} -> {g:?}: {cost}, the oracle {best}"
                    );
                    took += usize::from(path.nodes.windows(2).any(|w| {
                        kept.iter().any(|&(f, t, _, both)| {
                            (f, t) == (w[0], w[1]) || both && (t, f) == (w[0], w[1])
                        })
                    }));
                }
                (None, None) => {}
                (found, best) => panic!(
                    "{context}: {s:?} -> {g:?}: {:?}, the oracle {best:?}",
                    found.map(|p| p.cost)
                ),
            }
        }
    }
    took
}

/// Random links between `ends` of `graph`: the links, and the test's copy.
fn random_links(draw: &mut Draw, graph: &NodeGraph, ends: &[NodeId]) -> (GraphLinks, Vec<Link>) {
    let mut links = GraphLinks::new();
    let mut kept = Vec::new();
    for _ in 0..1 + draw.below(4) {
        let (a, b) = (
            ends[draw.below(ends.len() as u64) as usize],
            ends[draw.below(ends.len() as u64) as usize],
        );
        if a == b {
            continue;
        }
        let cost = draw.unit() * 30.0;
        let both = draw.below(2) == 0;
        let direction = if both {
            Direction::BothWays
        } else {
            Direction::OneWay
        };
        links.link(graph, a, b, cost, direction).unwrap();
        kept.push((a, b, cost, both));
    }
    (links, kept)
}

#[test]
fn links_in_node_graphs_give_the_oracles_cheapest_paths() {
    let mut took = 0;
    for seed in 1..=150u64 {
        let mut draw = Draw(seed * 0x9E37_79B9);
        let n = 6 + draw.below(20) as usize;
        let kinds: Vec<NodeKind> = (0..n)
            .map(|_| NodeKind::Point2(draw.unit() * 40.0, draw.unit() * 40.0))
            .collect();
        let (mut graph, ids) = NodeGraph::with_nodes(kinds);
        for _ in 0..n + draw.below(2 * n as u64) as usize {
            let (a, b) = (
                ids[draw.below(n as u64) as usize],
                ids[draw.below(n as u64) as usize],
            );
            if a != b {
                let direction = if draw.below(3) == 0 {
                    Direction::OneWay
                } else {
                    Direction::BothWays
                };
                graph.add_connections(a, &[b], direction).unwrap();
            }
        }
        let (links, kept) = random_links(&mut draw, &graph, &ids);
        links.connect(&mut graph).unwrap();
        let ends: Vec<NodeId> = ids.iter().copied().step_by(2).collect();
        took += check(&graph, &links, &kept, &ends, &format!("seed {seed}"));
    }
    assert!(took > 300, "paths taking a link: {took}");
}

#[test]
fn links_in_obstacle_graphs_give_the_oracles_cheapest_paths() {
    let mut took = 0;
    for seed in 1..=60u64 {
        let mut draw = Draw(seed * 0x51_7CC1);
        let obstacles: Vec<PolygonObstacle> = (0..1 + draw.below(5))
            .map(|_| {
                let (x, y) = (4.0 + draw.unit() * 30.0, 4.0 + draw.unit() * 30.0);
                let s = 1.0 + draw.unit() * 5.0;
                PolygonObstacle::new(&[[x, y], [x + s, y], [x + s, y + s], [x, y + s]]).unwrap()
            })
            .collect();
        let mut world = ObstacleGraph::new(&obstacles, 0.5);
        let mut points = Vec::new();
        for _ in 0..6 {
            let node = world
                .add_point(draw.unit() * 40.0, draw.unit() * 40.0)
                .unwrap();
            world.connect_node_using_obstacles(node).unwrap();
            points.push(node);
        }
        let (links, kept) = random_links(&mut draw, world.graph(), &points);
        for &(a, b, _, both) in &kept {
            let direction = if both {
                Direction::BothWays
            } else {
                Direction::OneWay
            };
            world.add_connections(a, &[b], direction).unwrap();
        }
        took += check(
            world.graph(),
            &links,
            &kept,
            &points,
            &format!("seed {seed}"),
        );
    }
    assert!(took > 100, "paths taking a link: {took}");
}

#[test]
fn bad_links_are_refused() {
    let (graph, n) =
        NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(1.0, 0.0)]);
    let (other, m) = NodeGraph::with_nodes([NodeKind::Plain]);
    let mut links = GraphLinks::new();
    for cost in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(matches!(
            links.link(&graph, n[0], n[1], cost, Direction::OneWay),
            Err(GraphError::InvalidCost { .. })
        ));
    }
    assert!(matches!(
        links.link(&graph, n[0], m[0], 1.0, Direction::OneWay),
        Err(GraphError::ForeignNode { .. })
    ));
    assert_eq!(links, GraphLinks::new());
    drop(other);
}

/// A point of a mesh graph's test: its node and position.
type MeshPoint = (NodeId, (f64, f64));

/// A random square obstacle in the 40 x 40 box.
fn square(draw: &mut Draw) -> PolygonObstacle {
    let (x, y) = (2.0 + draw.unit() * 32.0, 2.0 + draw.unit() * 32.0);
    let s = 1.0 + draw.unit() * 5.0;
    PolygonObstacle::new(&[[x, y], [x + s, y], [x + s, y + s], [x, y + s]]).unwrap()
}

/// A random cost for a link between `a` and `b`: cheaper than the straight distance, dearer,
/// or anything up to 60.
fn link_cost(draw: &mut Draw, a: (f64, f64), b: (f64, f64)) -> f32 {
    let straight = (a.0 - b.0).hypot(a.1 - b.1) as f32;
    match draw.below(3) {
        0 => straight * draw.unit(),
        1 => straight * (1.0 + 2.0 * draw.unit()),
        _ => draw.unit() * 60.0,
    }
}

/// Links `a` to `b` on `mesh` at a random cost, one way or both, in `links` and the test's copy.
fn link_points(
    draw: &mut Draw,
    mesh: &MeshGraph,
    links: &mut GraphLinks,
    kept: &mut Vec<Link>,
    a: MeshPoint,
    b: MeshPoint,
) {
    let cost = link_cost(draw, a.1, b.1);
    let both = draw.below(2) == 0;
    let direction = if both {
        Direction::BothWays
    } else {
        Direction::OneWay
    };
    links.link_mesh(mesh, a.0, b.0, cost, direction).unwrap();
    kept.push((a.0, b.0, cost, both));
}

/// What the mesh checks counted: searches, answers that took a link, answers that took a link
/// dearer than the straight distance between its ends.
#[derive(Default)]
struct Counts {
    searches: usize,
    took: usize,
    took_dearer: usize,
}

/// Checks A* under `links` on `mesh` between every pair of `points` against the graph oracle
/// and the free-space bound.
fn check_mesh(
    mesh: &MeshGraph,
    links: &GraphLinks,
    kept: &[Link],
    points: &[MeshPoint],
    obstacles: &[PolygonObstacle],
    counts: &mut Counts,
    context: &str,
) {
    let graph = mesh.graph();
    let is_point = |id: NodeId| points.iter().any(|p| p.0 == id);
    let place = |id: NodeId| points.iter().find(|p| p.0 == id).map(|p| p.1);
    let joined = |u: NodeId, v: NodeId| {
        kept.iter()
            .any(|&(f, t, _, both)| (f, t) == (u, v) || both && (t, f) == (u, v))
    };
    // Between points, the links' connections and no other.
    for &(a, _) in points {
        for &(b, _) in points {
            assert_eq!(
                graph.has_connection(a, b).unwrap(),
                a != b && joined(a, b),
                "{context}: the connection {a:?} -> {b:?}"
            );
        }
    }
    let nodes: Vec<NodeId> = graph.nodes().to_vec();
    let index = |id: NodeId| nodes.iter().position(|&n| n == id).expect("a member");
    let position = |id: NodeId| match graph.kind(id).expect("a member") {
        NodeKind::Point2(x, y) => (f64::from(x), f64::from(y)),
        other => panic!("{other:?}"),
    };
    let mut oracle = OracleGraph::new(nodes.len());
    for &u in &nodes {
        for &v in graph.connected_nodes(u).unwrap() {
            if is_point(u) && is_point(v) {
                continue; // the links, from the test's copy below
            }
            let (a, b) = (position(u), position(v));
            oracle.add_edge(index(u), index(v), (a.0 - b.0).hypot(a.1 - b.1));
        }
    }
    for &(f, t, cost, both) in kept {
        oracle.add_edge(index(f), index(t), f64::from(cost));
        if both {
            oracle.add_edge(index(t), index(f), f64::from(cost));
        }
    }

    // The bound: the points joined by the free space's shortest walks and by the links.
    let world = FreeSpace {
        lo: (0.0, 0.0),
        hi: (40.0, 40.0),
        obstacles: obstacles
            .iter()
            .map(|o| {
                o.vertices()
                    .iter()
                    .map(|v| (f64::from(v[0]), f64::from(v[1])))
                    .collect()
            })
            .collect(),
        touch: 1e-9,
        // Corner nodes join triangles that meet at a point only.
        pinches: mesh
            .triangulation_mode()
            .contains(TriangulationMode::VERTICES),
    };
    let mut bound = OracleGraph::new(points.len());
    for (i, &(_, p)) in points.iter().enumerate() {
        for (j, &(_, q)) in points.iter().enumerate() {
            if i != j {
                if let Some(walk) = world.shortest(p, q) {
                    bound.add_edge(i, j, walk);
                }
            }
        }
    }
    let at = |id: NodeId| points.iter().position(|p| p.0 == id).unwrap();
    for &(f, t, cost, both) in kept {
        bound.add_edge(at(f), at(t), f64::from(cost));
        if both {
            bound.add_edge(at(t), at(f), f64::from(cost));
        }
    }

    let mut ctx = SearchContext::new();
    for &(s, _) in points {
        for &(g, _) in points {
            counts.searches += 1;
            let found = graph
                .space_with(links)
                .find_path(&mut ctx, s, g)
                .unwrap()
                .into_path();
            let best = oracle.shortest(index(s), index(g));
            match (found, best) {
                (Some(path), Some(best)) => {
                    let steps: Vec<usize> = path.nodes.iter().map(|&n| index(n)).collect();
                    let walked = oracle
                        .path_cost(index(s), index(g), &steps)
                        .unwrap_or_else(|e| panic!("{context}: {e}"));
                    let cost = f64::from(path.cost);
                    assert!(
                        (walked - cost).abs() <= 1e-4 * walked.max(1.0),
                        "{context}: {s:?} -> {g:?}: the steps cost {walked}, reported {cost}"
                    );
                    assert!(
                        (cost - best).abs() <= 1e-4 * best.max(1.0),
                        "{context}: {s:?} -> {g:?}: {cost}, the oracle {best}"
                    );
                    let floor = bound.shortest(at(s), at(g)).unwrap_or(f64::INFINITY);
                    assert!(
                        cost >= floor - 1e-3 * floor.max(1.0),
                        "{context}: {s:?} -> {g:?}: {cost}, below the free space's {floor}"
                    );
                    for w in path.nodes.windows(2) {
                        if let (Some(p), Some(q)) = (place(w[0]), place(w[1])) {
                            counts.took += 1;
                            let straight = (p.0 - q.0).hypot(p.1 - q.1);
                            let price = kept
                                .iter()
                                .filter(|&&(f, t, _, both)| {
                                    (f, t) == (w[0], w[1]) || both && (t, f) == (w[0], w[1])
                                })
                                .map(|l| f64::from(l.2))
                                .fold(f64::INFINITY, f64::min);
                            counts.took_dearer += usize::from(price > straight + 1e-3);
                        }
                    }
                }
                (None, None) => {}
                (found, best) => panic!(
                    "{context}: {s:?} -> {g:?}: {:?}, the oracle {best:?}",
                    found.map(|p| p.cost)
                ),
            }
        }
    }
}

#[test]
fn links_in_mesh_graphs_give_the_oracles_cheapest_paths_as_obstacles_change() {
    let mut counts = Counts::default();
    let mut refusals = 0;
    for seed in 1..=60u64 {
        let mut draw = Draw(seed * 0x2545_F491);
        let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [40.0, 40.0]).unwrap();
        mesh.set_triangulation_mode(TriangulationMode::from_bits(1 + draw.below(7) as u8));
        if draw.below(3) == 0 {
            mesh.set_tile_size(Some(8.0 + draw.unit() * 12.0)).unwrap();
        }
        let mut obstacles: Vec<PolygonObstacle> = Vec::new();
        for _ in 0..1 + draw.below(6) {
            let o = square(&mut draw);
            mesh.add_obstacles(std::slice::from_ref(&o)).unwrap();
            if !obstacles.contains(&o) {
                obstacles.push(o);
            }
        }
        let mut points: Vec<MeshPoint> = Vec::new();
        let add_point = |draw: &mut Draw, mesh: &mut MeshGraph| {
            let (x, y) = (draw.unit() * 40.0, draw.unit() * 40.0);
            (mesh.add_point(x, y).unwrap(), (f64::from(x), f64::from(y)))
        };
        for _ in 0..6 {
            points.push(add_point(&mut draw, &mut mesh));
        }
        // Linked before or after the first triangulation.
        let early = draw.below(2) == 0;
        if !early {
            mesh.triangulate().unwrap();
        }
        let mut links = GraphLinks::new();
        let mut kept: Vec<Link> = Vec::new();
        for _ in 0..2 + draw.below(4) {
            let (a, b) = (
                points[draw.below(points.len() as u64) as usize],
                points[draw.below(points.len() as u64) as usize],
            );
            if a.0 != b.0 {
                link_points(&mut draw, &mesh, &mut links, &mut kept, a, b);
            }
        }
        links.connect_mesh(&mut mesh).unwrap();
        if early {
            mesh.triangulate().unwrap();
        }
        check_mesh(
            &mesh,
            &links,
            &kept,
            &points,
            &obstacles,
            &mut counts,
            &format!("seed {seed}"),
        );
        for round in 0..4 {
            let context = format!("seed {seed}, round {round}");
            match draw.below(4) {
                // An obstacle added, the links not connected again.
                0 => {
                    let o = square(&mut draw);
                    mesh.add_obstacles(std::slice::from_ref(&o)).unwrap();
                    if !obstacles.contains(&o) {
                        obstacles.push(o);
                    }
                    mesh.triangulate().unwrap();
                }
                // An obstacle removed.
                1 => {
                    if !obstacles.is_empty() {
                        let o = obstacles.remove(draw.below(obstacles.len() as u64) as usize);
                        mesh.remove_obstacles(&[o]);
                    }
                    mesh.triangulate().unwrap();
                }
                // A point added and linked.
                2 => {
                    let p = add_point(&mut draw, &mut mesh);
                    let q = points[draw.below(points.len() as u64) as usize];
                    points.push(p);
                    let (a, b) = if draw.below(2) == 0 { (p, q) } else { (q, p) };
                    link_points(&mut draw, &mesh, &mut links, &mut kept, a, b);
                    links.connect_mesh(&mut mesh).unwrap();
                    if draw.below(2) == 0 {
                        mesh.triangulate().unwrap();
                    }
                }
                // A linked point removed: its links go with it, and connecting them again is
                // refused with nothing connected.
                _ => {
                    let Some(&(_, gone, _, _)) = kept.first() else {
                        continue;
                    };
                    mesh.remove_nodes(&[gone]).unwrap();
                    points.retain(|p| p.0 != gone);
                    let more = points[draw.below(points.len() as u64) as usize];
                    let other = points
                        .iter()
                        .copied()
                        .find(|p| p.0 != more.0)
                        .expect("points left");
                    // A new link in the same set, before the refusal: not connected either.
                    link_points(&mut draw, &mesh, &mut links, &mut kept, more, other);
                    let before = mesh.graph().clone();
                    assert_eq!(
                        links.connect_mesh(&mut mesh),
                        Err(GraphError::NotKeptPoint { node: gone }),
                        "{context}"
                    );
                    for &(u, _) in &points {
                        assert_eq!(
                            mesh.graph().connected_nodes(u).unwrap(),
                            before.connected_nodes(u).unwrap(),
                            "{context}: {u:?} changed on a refusal"
                        );
                    }
                    refusals += 1;
                    kept.retain(|&(f, t, _, _)| f != gone && t != gone);
                    // The links linked again without the removed point.
                    links = GraphLinks::new();
                    for &(f, t, cost, both) in &kept {
                        let direction = if both {
                            Direction::BothWays
                        } else {
                            Direction::OneWay
                        };
                        links.link_mesh(&mesh, f, t, cost, direction).unwrap();
                    }
                    links.connect_mesh(&mut mesh).unwrap();
                    mesh.triangulate().unwrap();
                }
            }
            check_mesh(
                &mesh,
                &links,
                &kept,
                &points,
                &obstacles,
                &mut counts,
                &context,
            );
        }
    }
    assert!(
        counts.took > 2000 && counts.took_dearer > 400 && refusals > 40,
        "searches {}, links taken {}, dearer than the straight line {}, refusals {refusals}",
        counts.searches,
        counts.took,
        counts.took_dearer
    );
}

#[test]
fn bad_mesh_links_are_refused_and_change_nothing() {
    let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0]).unwrap();
    mesh.triangulate().unwrap();
    let (a, b) = (
        mesh.add_point(1.0, 1.0).unwrap(),
        mesh.add_point(9.0, 9.0).unwrap(),
    );
    let corner = mesh.graph().connected_nodes(a).unwrap()[0];
    let other = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])
        .unwrap()
        .add_point(1.0, 1.0)
        .unwrap();
    let mut links = GraphLinks::new();
    for cost in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(matches!(
            links.link_mesh(&mesh, a, b, cost, Direction::OneWay),
            Err(GraphError::InvalidCost { .. })
        ));
    }
    assert_eq!(
        links.link_mesh(&mesh, a, corner, 1.0, Direction::OneWay),
        Err(GraphError::NotKeptPoint { node: corner })
    );
    assert_eq!(
        links.link_mesh(&mesh, corner, b, 1.0, Direction::BothWays),
        Err(GraphError::NotKeptPoint { node: corner })
    );
    assert!(matches!(
        links.link_mesh(&mesh, a, other, 1.0, Direction::OneWay),
        Err(GraphError::ForeignNode { .. })
    ));
    assert_eq!(links, GraphLinks::new());

    let before = mesh.graph().clone();
    assert_eq!(
        mesh.add_connections(a, &[b, corner], Direction::BothWays),
        Err(GraphError::NotKeptPoint { node: corner })
    );
    assert_eq!(
        mesh.remove_connections(corner, &[a], Direction::BothWays),
        Err(GraphError::NotKeptPoint { node: corner })
    );
    assert!(matches!(
        mesh.add_connections(a, &[other], Direction::OneWay),
        Err(GraphError::ForeignNode { .. })
    ));
    for n in [a, b, corner] {
        assert_eq!(
            mesh.graph().connected_nodes(n).unwrap(),
            before.connected_nodes(n).unwrap()
        );
    }

    // Links made on the graph of a mesh graph with `link` reach a triangulation node; connecting
    // them to the mesh graph is refused.
    let mut plain = GraphLinks::new();
    plain
        .link(mesh.graph(), a, b, 1.0, Direction::OneWay)
        .unwrap();
    plain
        .link(mesh.graph(), b, corner, 1.0, Direction::OneWay)
        .unwrap();
    assert_eq!(
        plain.connect_mesh(&mut mesh),
        Err(GraphError::NotKeptPoint { node: corner })
    );
    assert_eq!(mesh.graph().has_connection(a, b), Ok(false));
}

#[test]
fn mesh_links_are_kept_across_triangulations_and_removed_with_their_points() {
    let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [40.0, 20.0]).unwrap();
    let (floor, ledge, far) = (
        mesh.add_point(10.0, 8.0).unwrap(),
        mesh.add_point(10.0, 12.0).unwrap(),
        mesh.add_point(38.0, 18.0).unwrap(),
    );
    let mut links = GraphLinks::new();
    links
        .link_mesh(&mesh, floor, ledge, 25.0, Direction::OneWay)
        .unwrap();
    links
        .link_mesh(&mesh, ledge, far, 3.0, Direction::BothWays)
        .unwrap();
    links.connect_mesh(&mut mesh).unwrap();
    links.connect_mesh(&mut mesh).unwrap(); // again: nothing doubled
    assert_eq!(mesh.graph().connected_nodes(floor).unwrap(), &[ledge]);
    let cliff =
        PolygonObstacle::new(&[[0.0, 9.0], [35.0, 9.0], [35.0, 11.0], [0.0, 11.0]]).unwrap();
    let mut ctx = SearchContext::new();
    for round in 0..3 {
        mesh.add_obstacles(std::slice::from_ref(&cliff)).unwrap();
        mesh.triangulate().unwrap();
        let up = mesh
            .graph()
            .space_with(&links)
            .find_path(&mut ctx, floor, ledge)
            .unwrap()
            .into_path()
            .unwrap();
        assert_eq!(
            (up.nodes, up.cost),
            (vec![floor, ledge], 25.0),
            "round {round}"
        );
        // One way: down is no drop but the teleporter to the far corner (3) and the walk
        // from there round the cliff's end, at least 3 + |(38, 18) (35, 9)| + |(35, 9) (10, 8)|.
        let down = mesh
            .graph()
            .space_with(&links)
            .find_path(&mut ctx, ledge, floor)
            .unwrap()
            .into_path()
            .unwrap();
        let round_the_end = 3.0 + 90f32.sqrt() + 626f32.sqrt();
        assert!(
            down.nodes[1] == far && down.cost >= round_the_end - 1e-3,
            "round {round}: {down:?}"
        );
        mesh.remove_obstacles(std::slice::from_ref(&cliff));
        mesh.triangulate().unwrap();
        assert_eq!(mesh.graph().has_connection(floor, ledge), Ok(true));
        assert_eq!(mesh.graph().has_connection(ledge, floor), Ok(false));
    }
    mesh.remove_nodes(&[ledge]).unwrap();
    mesh.triangulate().unwrap();
    assert_eq!(mesh.graph().has_connection(floor, ledge), Ok(false));
    assert_eq!(mesh.graph().has_connection(far, ledge), Ok(false));
    assert_eq!(
        links.connect_mesh(&mut mesh),
        Err(GraphError::NotKeptPoint { node: ledge })
    );
}

#[test]
fn a_node_of_an_earlier_triangulation_taken_as_a_point_stays_where_it_is() {
    let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0]).unwrap();
    mesh.set_triangulation_mode(TriangulationMode::VERTICES);
    mesh.triangulate().unwrap();
    let corners = mesh.graph().nodes().to_vec();
    // Two centres in place of four corners: two corners' nodes left over.
    mesh.set_triangulation_mode(TriangulationMode::CENTERS);
    mesh.triangulate().unwrap();
    let left: Vec<NodeId> = corners
        .iter()
        .copied()
        .filter(|&c| mesh.graph().is_member(c) == Ok(false))
        .collect();
    assert_eq!(left.len(), 2);
    let place = mesh.graph().kind(left[0]).unwrap();
    mesh.connect_node_using_obstacles(left[0]).unwrap();
    let point = mesh.add_point(5.0, 5.0).unwrap();
    let mut links = GraphLinks::new();
    links
        .link_mesh(&mesh, point, left[0], 0.5, Direction::BothWays)
        .unwrap();
    links.connect_mesh(&mut mesh).unwrap();
    // Six nodes wanted: the one left over is made, the point is not taken for one.
    mesh.set_triangulation_mode(TriangulationMode::VERTICES | TriangulationMode::CENTERS);
    mesh.triangulate().unwrap();
    assert_eq!(mesh.graph().kind(left[0]), Ok(place));
    assert_eq!(mesh.graph().has_connection(point, left[0]), Ok(true));
    assert_eq!(mesh.graph().has_connection(left[0], point), Ok(true));
    // Made: the 4 corners, the point, and 3 of the 6 nodes (the other 3 the two centres' and
    // the corner's left over, not the point's).
    assert_eq!(mesh.graph().node_count(), 4 + 1 + 3);
}

/// A node of the current triangulation taken as a point leaves the triangulation: it is a kept
/// point at once (connected and linked as one, no longer joined to the points that shared its
/// triangle), stays through the next triangulation, which makes a node of its own at its place.
#[test]
fn a_node_of_the_current_triangulation_taken_as_a_point_is_kept() {
    let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0]).unwrap();
    mesh.set_triangulation_mode(TriangulationMode::VERTICES | TriangulationMode::CENTERS);
    mesh.triangulate().unwrap();
    let point = mesh.add_point(2.0, 1.0).unwrap();
    let corners = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]];
    let centre = mesh
        .graph()
        .connected_nodes(point)
        .unwrap()
        .iter()
        .copied()
        .find(|&n| {
            let NodeKind::Point2(x, y) = mesh.graph().kind(n).unwrap() else {
                return false;
            };
            !corners.contains(&[x, y])
        })
        .expect("the centre of the point's triangle");
    let place = mesh.graph().kind(centre).unwrap();
    assert_eq!(
        mesh.add_connections(point, &[centre], Direction::OneWay),
        Err(GraphError::NotKeptPoint { node: centre })
    );
    mesh.connect_node_using_obstacles(centre).unwrap();
    assert_eq!(mesh.graph().has_connection(point, centre), Ok(false));
    assert_eq!(mesh.graph().has_connection(centre, point), Ok(false));
    mesh.add_connections(point, &[centre], Direction::OneWay)
        .unwrap();
    let mut links = GraphLinks::new();
    links
        .link_mesh(&mesh, centre, point, 0.5, Direction::OneWay)
        .unwrap();
    links.connect_mesh(&mut mesh).unwrap();
    mesh.triangulate().unwrap();
    assert_eq!(mesh.graph().is_member(centre), Ok(true));
    assert_eq!(mesh.graph().kind(centre), Ok(place));
    assert_eq!(mesh.graph().has_connection(point, centre), Ok(true));
    assert_eq!(mesh.graph().has_connection(centre, point), Ok(true));
    // The 4 corners and 2 centres made anew, the point and the centre taken as one.
    assert_eq!(mesh.graph().node_count(), 4 + 2 + 2);
    let at_place = mesh
        .graph()
        .nodes()
        .iter()
        .filter(|&&n| mesh.graph().kind(n) == Ok(place))
        .count();
    assert_eq!(
        at_place, 2,
        "the kept point and the triangulation's own node"
    );
}
