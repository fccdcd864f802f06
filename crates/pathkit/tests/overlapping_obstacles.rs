//! Obstacles piled on each other (issue 27, part 5): 2,000 triangles and quadrilaterals 1 to 4
//! units across with their centres in a 10 x 10 square. Their sides cross each other 1.2
//! million times, so a mesh of them would triangulate over a million wall pieces for a handful of
//! walkable triangles: [`NavMesh::from_obstacles`] and [`MeshGraph::triangulate`] refuse them with
//! [`NavMeshError::TooManyCrossings`] once the walls are cut more often than the documented limit,
//! before triangulating, and the mesh graph is unchanged. The limit is checked exactly, on walls
//! whose cuts are known. An obstacle graph of the same pile is built: its nodes buried in other
//! obstacles see nothing, and its edges are checked against the visibility rule.

use pathkit::geometry::{Point, Polygon};
use pathkit::graph::{GraphError, MeshGraph, ObstacleGraph, PolygonObstacle};
use pathkit::navmesh::{NavMesh, NavMeshError, WALL_CUTS_BASE, WALL_CUTS_PER_WALL};

/// xorshift64*: a fixed sequence.
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `count` convex triangles and quadrilaterals 1 to 4 units across, centred in a square `side`
/// wide (as `examples/obstacle_scaling.rs` makes them).
fn pile(count: usize, side: f64) -> Vec<PolygonObstacle> {
    let mut random = Random(0x5eed_0000 + count as u64);
    (0..count)
        .map(|_| {
            let (cx, cy) = (random.unit() * side, random.unit() * side);
            let corners = 3 + (random.unit() * 2.0) as usize;
            let radius = 0.5 + random.unit() * 1.5;
            let turn = random.unit() * std::f64::consts::TAU;
            let points: Vec<[f32; 2]> = (0..corners)
                .map(|k| {
                    let angle = turn + k as f64 * std::f64::consts::TAU / corners as f64;
                    [
                        (cx + radius * angle.cos()) as f32,
                        (cy + radius * angle.sin()) as f32,
                    ]
                })
                .collect();
            PolygonObstacle::new(&points).unwrap()
        })
        .collect()
}

/// The walls of a mesh of these obstacles: each side, and the box's four.
fn walls(obstacles: &[PolygonObstacle]) -> usize {
    4 + obstacles
        .iter()
        .map(|o| if o.len() == 2 { 1 } else { o.len() })
        .sum::<usize>()
}

fn limit(walls: usize) -> u64 {
    WALL_CUTS_BASE + WALL_CUTS_PER_WALL * walls as u64
}

#[test]
fn a_mesh_of_piled_obstacles_is_refused_before_triangulating() {
    let obstacles = pile(2_000, 10.0);
    let polygons: Vec<Polygon> = obstacles.iter().map(PolygonObstacle::polygon).collect();
    let walls = walls(&obstacles);
    let refused = NavMeshError::TooManyCrossings {
        walls,
        limit: limit(walls),
    };
    let (min, max) = (Point::new(-3.0, -3.0), Point::new(13.0, 13.0));
    let err = NavMesh::from_obstacles(&polygons, 0.5, min, max).unwrap_err();
    assert_eq!(err, refused);
    assert!(err.to_string().contains("cross or touch"), "{err}");

    let mut graph = MeshGraph::new(0.5, [-3.0, -3.0], [13.0, 13.0]).unwrap();
    graph.triangulate().unwrap();
    let start = graph.add_point(0.0, 0.0).unwrap();
    graph.add_obstacles(&obstacles).unwrap();
    let before = format!("{graph:?}");
    assert_eq!(graph.triangulate(), Err(GraphError::Mesh(refused)));
    assert_eq!(
        format!("{graph:?}"),
        before,
        "a refused triangulation changes nothing"
    );
    // The graph still answers on its last triangulation, and takes the obstacles away again.
    assert_eq!(graph.triangle_count(), 2);
    graph.remove_obstacles(&obstacles);
    graph.triangulate().unwrap();
    assert!(graph.graph().connected_nodes(start).unwrap().len() >= 3);
}

/// `k` horizontal and `k` vertical thin walls, every one crossing every other way: `k²`
/// crossings, each cutting two walls.
fn lattice(k: usize) -> Vec<Polygon> {
    let p = Point::new;
    (0..k)
        .flat_map(|i| {
            let at = 1.0 + i as f64 * 0.5;
            [
                Polygon::new(vec![p(0.5, at), p(99.5, at)]),
                Polygon::new(vec![p(at, 0.5), p(at, 99.5)]),
            ]
        })
        .collect()
}

#[test]
fn the_limit_counts_every_cut() {
    let (min, max) = (Point::new(0.0, 0.0), Point::new(100.0, 100.0));
    // 185 a way: 68,450 cuts, within 65,536 + 16 x 374 = 71,520.
    let walls = 2 * 185 + 4;
    assert!(2 * 185 * 185 <= limit(walls));
    let mesh = NavMesh::from_obstacles(&lattice(185), 0.0, min, max).unwrap();
    assert!(mesh.triangle_count() > 2 * 185 * 185);
    // 190 a way: 72,200 cuts, more than 65,536 + 16 x 384 = 71,680.
    let walls = 2 * 190 + 4;
    assert!(2 * 190 * 190 > limit(walls));
    assert_eq!(
        NavMesh::from_obstacles(&lattice(190), 0.0, min, max).unwrap_err(),
        NavMeshError::TooManyCrossings {
            walls,
            limit: limit(walls)
        }
    );
}

#[test]
fn scattered_obstacles_stay_far_below_the_limit() {
    // One obstacle per 36 square units, as in the scaling example: a few crossings only.
    let obstacles = pile(2_000, (2_000.0f64 * 36.0).sqrt());
    let polygons: Vec<Polygon> = obstacles.iter().map(PolygonObstacle::polygon).collect();
    let side = (2_000.0f64 * 36.0).sqrt() + 2.0;
    let mesh = NavMesh::from_obstacles(
        &polygons,
        0.5,
        Point::new(-2.0, -2.0),
        Point::new(side, side),
    )
    .unwrap();
    assert!(mesh.triangle_count() > 2_000);
}

#[test]
fn an_obstacle_graph_of_piled_obstacles_joins_only_what_sees_each_other() {
    let obstacles = pile(400, 10.0);
    let mut graph = ObstacleGraph::new(&obstacles, 0.5);
    let grown: Vec<Polygon> = obstacles
        .iter()
        .map(|o| graph.grown_obstacle(o).unwrap().clone())
        .collect();
    let point = |n| Point::from_f32(graph.position(n).unwrap());
    let owner = |n| {
        obstacles
            .iter()
            .position(|o| graph.nodes_for_obstacle(o).unwrap().contains(&n))
    };
    let mut edges = 0;
    for &n in graph.graph().nodes() {
        for &m in graph.graph().connected_nodes(n).unwrap() {
            edges += 1;
            let (a, b) = (point(n), point(m));
            // A ring edge leaves its own obstacle out; every other obstacle must let it through.
            let ring = owner(n).filter(|&k| owner(m) == Some(k)).filter(|&k| {
                let nodes = graph.nodes_for_obstacle(&obstacles[k]).unwrap();
                let (i, j) = (
                    nodes.iter().position(|&x| x == n).unwrap(),
                    nodes.iter().position(|&x| x == m).unwrap(),
                );
                (i + 1) % nodes.len() == j || (j + 1) % nodes.len() == i
            });
            for (k, polygon) in grown.iter().enumerate() {
                assert!(
                    Some(k) == ring || !polygon.blocks(a, b),
                    "edge {a:?}-{b:?} crosses obstacle {k}"
                );
            }
        }
    }
    assert!(edges > 0);
    // The nodes on the outside of the pile see each other: a point outside reaches a corner.
    let outside = graph.add_point(-5.0, -5.0).unwrap();
    assert!(!graph.graph().connected_nodes(outside).unwrap().is_empty());
}
