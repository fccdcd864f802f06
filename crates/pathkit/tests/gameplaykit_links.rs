//! Off-mesh links in the GameplayKit graphs (`GraphLinks`) against the graph oracle of
//! `tests/support` (Dijkstra over plain edge lists, sharing no code with pathkit): random node
//! graphs of 2D points, and obstacle graphs with points joined round the obstacles, with links
//! of random costs (cheaper and dearer than the walk, one way or both). The oracle's graph has
//! every connection the graph lists, each costing the distance between its nodes computed here,
//! or a link's cost where a link joins them that way and is cheaper; every answer of A* under
//! the links is a walk of that graph at its optimum.

use crate::support::oracle::OracleGraph;
use pathkit::graph::{
    Direction, GraphError, GraphLinks, NodeGraph, NodeId, NodeKind, ObstacleGraph, PolygonObstacle,
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
