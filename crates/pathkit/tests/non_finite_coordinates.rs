//! NaN, +∞ and −∞ in every coordinate (and radius) of the public geometry surface: each entry
//! point that takes one refuses it with its typed error, and the object it was asked to change is
//! unchanged afterwards (its `Debug` form, node count and members, compared before and after;
//! equality too where the object holds no NaN of its own).
//!
//! Covered, every coordinate position with each of the three values:
//!
//! | entry point | refused with |
//! |---|---|
//! | `NodeGraph::set_position_2d` (x, y) | `GraphError::NonFinite` |
//! | `NodeGraph::set_position_3d` (x, y, z) | `GraphError::NonFinite` |
//! | `NodeGraph::create_node` / `add_node` of a non-finite point (kept: it returns an id) | its searches: `GraphError::InvalidCost`; `connect_node_to_lowest_cost_node`: `InvalidCost`, graph unchanged |
//! | `ObstacleGraph::add_point` (x, y) | `GraphError::NonFinite`, no node made |
//! | `ObstacleGraph::connect_node_using_obstacles`, `_ignoring`, `_ignoring_buffer` of a node made at a non-finite point | `GraphError::NonFinite` |
//! | `ObstacleGraph::new` / `with_extrusion` radius (kept: they return `Self`) | documented: NaN and −∞ count as 0, +∞ is kept |
//! | `MeshGraph::new` / `with_extrusion` (radius, each corner coordinate) | `GraphError::NonFinite` (radius), `GraphError::Mesh(NavMeshError::NonFinite)` (box) |
//! | `MeshGraph::add_point` (x, y) | `GraphError::NonFinite`, no node made |
//! | `PolygonObstacle::new` (each coordinate of each vertex) | `GraphError::NonFiniteVertex` |
//! | `AgentPath::from_points` (each coordinate of each point, radius) | `GraphError::NonFinitePoint`, `GraphError::InvalidRadius` |
//! | `AgentPath::from_nodes` (a node at a non-finite point, radius) | `GraphError::NonFinitePoint`, `GraphError::InvalidRadius` |
//! | `NavMesh::from_triangles` (each coordinate of each vertex) | `NavMeshError::NonFinite` |
//! | `NavMesh::from_obstacles` (each corner coordinate, each obstacle coordinate, radius) | `NavMeshError::NonFinite`, `NavMeshError::InvalidRadius` |
//! | `NavMesh::find_path`, `AnyAngleSearch::find_path`, `AnyAngleSearch::find_path_into` (start, goal) | `NavMeshError::NonFinite`, the output buffer untouched |
//! | `NavMesh::nearest_point`, `NavMesh::line_of_sight` | `NavMeshError::NonFinite` |
//! | `NavMesh::corridor`, `NavMesh::funnel`, `NavMesh::find_corridor_path` | `NavMeshError::NonFinite` |
//! | `NavMesh::triangle_at` (an `Option`) | `None`: no triangle holds such a point |
//! | `MeshGraph::mesh().find_path` on a triangulated mesh graph | `NavMeshError::NonFinite` |
//!
//! Left as they are, on purpose: `Point::new` and `Polygon::new` (plain values, which every
//! builder above checks before using), and the predicates on them (`Polygon::contains_strictly`,
//! `Polygon::blocks`, `segments_cross`), which answer `false` for NaN.

use pathkit::geometry::{Extrusion, Point, Polygon};
use pathkit::graph::{
    AgentPath, Direction, GraphError, MeshGraph, NodeGraph, NodeKind, ObstacleGraph,
    PolygonObstacle,
};
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};
use pathkit::search::SearchContext;
use pathkit::Goal;
use pathkit::Pathfinder;

/// The values no coordinate may take.
const BAD: [f32; 3] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];

/// `good` with its coordinate `axis` replaced by `bad`.
fn with<const N: usize>(good: [f32; N], axis: usize, bad: f32) -> [f32; N] {
    let mut v = good;
    v[axis] = bad;
    v
}

/// Every way to spoil one coordinate of `good`: (axis, value, spoiled).
fn spoiled<const N: usize>(good: [f32; N]) -> Vec<(usize, f32, [f32; N])> {
    (0..N)
        .flat_map(|axis| BAD.map(|bad| (axis, bad, with(good, axis, bad))))
        .collect()
}

/// The same in `f64`.
fn spoiled_point(good: Point) -> Vec<Point> {
    spoiled([good.x as f32, good.y as f32])
        .into_iter()
        .map(|(_, _, [x, y])| Point::new(f64::from(x), f64::from(y)))
        .collect()
}

const AXES: [&str; 3] = ["x", "y", "z"];

/// A typed `NonFinite` naming `what`, holding `value` (NaN compared as NaN).
fn is_non_finite(err: &GraphError, what: &str, value: f32) -> bool {
    matches!(err, GraphError::NonFinite { what: w, value: v }
        if *w == what && (v.to_bits() == value.to_bits()))
}

fn square(x: f32, y: f32, side: f32) -> PolygonObstacle {
    PolygonObstacle::new(&[[x, y], [x + side, y], [x + side, y + side], [x, y + side]]).unwrap()
}

#[test]
fn node_graph_positions_refuse_non_finite_coordinates() {
    let mut graph = NodeGraph::new();
    let flat = graph.add_node(NodeKind::Point2(1.0, 2.0));
    let high = graph.add_node(NodeKind::Point3(1.0, 2.0, 3.0));
    graph
        .add_connections(flat, &[high], Direction::BothWays)
        .unwrap();
    let before = format!("{graph:?}");
    for (axis, bad, [x, y]) in spoiled([5.0, 6.0]) {
        let err = graph.set_position_2d(flat, x, y).unwrap_err();
        assert!(is_non_finite(&err, AXES[axis], bad), "{err:?}");
        assert!(err.to_string().contains("must be finite"), "{err}");
        assert_eq!(graph.kind(flat), Ok(NodeKind::Point2(1.0, 2.0)));
        assert_eq!(format!("{graph:?}"), before);
    }
    for (axis, bad, [x, y, z]) in spoiled([5.0, 6.0, 7.0]) {
        let err = graph.set_position_3d(high, x, y, z).unwrap_err();
        assert!(is_non_finite(&err, AXES[axis], bad), "{err:?}");
        assert_eq!(graph.kind(high), Ok(NodeKind::Point3(1.0, 2.0, 3.0)));
        assert_eq!(format!("{graph:?}"), before);
    }
    // The kind is checked first: a plain node is no 2D point, whatever the coordinates.
    let plain = graph.add_node(NodeKind::Plain);
    assert!(matches!(
        graph.set_position_2d(plain, f32::NAN, 0.0),
        Err(GraphError::KindMismatch { .. })
    ));
    // Finite values still move the nodes.
    graph.set_position_2d(flat, 5.0, 6.0).unwrap();
    graph.set_position_3d(high, 5.0, 6.0, 7.0).unwrap();
    assert_eq!(graph.kind(flat), Ok(NodeKind::Point2(5.0, 6.0)));
}

#[test]
fn node_graph_nodes_made_at_non_finite_points_are_refused_by_searches() {
    for (_, _, [x, y]) in spoiled([3.0, 4.0]) {
        let mut graph = NodeGraph::new();
        let a = graph.add_node(NodeKind::Point2(0.0, 0.0));
        let b = graph.add_node(NodeKind::Point2(1.0, 0.0));
        graph.add_connections(a, &[b], Direction::BothWays).unwrap();
        let lost = graph.create_node(NodeKind::Point2(x, y));
        graph
            .add_connections(a, &[lost], Direction::OneWay)
            .unwrap();
        // A cost to it is not finite: the search says so instead of answering wrongly.
        assert!(matches!(
            graph.find_path(&mut SearchContext::new(), a, lost),
            Err(GraphError::InvalidCost { .. } | GraphError::InvalidEstimate { .. })
        ));
        let before = format!("{graph:?}");
        let members = graph.nodes().to_vec();
        assert!(matches!(
            graph.connect_node_to_lowest_cost_node(lost, Direction::BothWays),
            Err(GraphError::InvalidCost { .. })
        ));
        assert_eq!(format!("{graph:?}"), before);
        assert_eq!(graph.nodes(), &members[..]);
    }
}

#[test]
fn obstacle_graph_add_point_refuses_non_finite_coordinates_and_makes_no_node() {
    let mut graph = ObstacleGraph::new(&[square(4.0, -1.0, 2.0)], 0.5);
    let start = graph.add_point(0.0, 0.0).unwrap();
    let before = graph.clone();
    let debug = format!("{graph:?}");
    let count = graph.graph().node_count();
    for (axis, bad, [x, y]) in spoiled([10.0, 0.0]) {
        let err = graph.add_point(x, y).unwrap_err();
        assert!(is_non_finite(&err, AXES[axis], bad), "{err:?}");
        assert_eq!(graph, before);
        assert_eq!(format!("{graph:?}"), debug);
        assert_eq!(graph.graph().node_count(), count);
    }
    let goal = graph.add_point(10.0, 0.0).unwrap();
    assert!(graph
        .find_path(&mut SearchContext::new(), start, goal)
        .unwrap()
        .is_found());
}

#[test]
fn obstacle_graph_connecting_a_node_at_a_non_finite_point_is_refused() {
    let block = square(4.0, -1.0, 2.0);
    for (axis, bad, [x, y]) in spoiled([10.0, 0.0]) {
        let mut graph = ObstacleGraph::new(std::slice::from_ref(&block), 0.5);
        graph.add_point(0.0, 0.0).unwrap();
        let lost = graph.create_node(NodeKind::Point2(x, y));
        let debug = format!("{graph:?}");
        let members = graph.graph().nodes().to_vec();
        let attempts: [Result<(), GraphError>; 3] = [
            graph.connect_node_using_obstacles(lost),
            graph.connect_node_using_obstacles_ignoring(lost, std::slice::from_ref(&block)),
            graph.connect_node_using_obstacles_ignoring_buffer(lost, std::slice::from_ref(&block)),
        ];
        for result in attempts {
            let err = result.unwrap_err();
            assert!(is_non_finite(&err, AXES[axis], bad), "{err:?}");
        }
        assert_eq!(format!("{graph:?}"), debug);
        assert_eq!(graph.graph().nodes(), &members[..]);
        assert_eq!(graph.graph().is_member(lost), Ok(false));
        // Adding and removing obstacles afterwards does not pick the node up either.
        graph.add_obstacles(&[square(20.0, 20.0, 1.0)]);
        assert!(graph.graph().connected_nodes(lost).unwrap().is_empty());
    }
}

#[test]
fn obstacle_graph_radius_keeps_its_documented_meaning() {
    // `new` returns the graph itself (GameplayKit's constructor): a NaN or negative infinite
    // radius counts as 0, an infinite one is kept; nothing panics, and points still connect.
    let block = square(4.0, -1.0, 2.0);
    for (radius, kept) in [(f32::NAN, 0.0), (f32::NEG_INFINITY, 0.0)] {
        for extrusion in [Extrusion::Radial, Extrusion::Mitre] {
            let mut graph =
                ObstacleGraph::with_extrusion(std::slice::from_ref(&block), radius, extrusion);
            assert_eq!(graph.buffer_radius(), kept);
            let a = graph.add_point(0.0, 0.0).unwrap();
            let b = graph.add_point(10.0, 0.0).unwrap();
            assert!(graph
                .find_path(&mut SearchContext::new(), a, b)
                .unwrap()
                .is_found());
        }
    }
    let mut graph = ObstacleGraph::new(&[block], f32::INFINITY);
    assert_eq!(graph.buffer_radius(), f32::INFINITY);
    graph.add_point(0.0, 0.0).unwrap();
}

#[test]
fn mesh_graph_refuses_non_finite_radius_and_box() {
    for bad in BAD {
        for extrusion in [Extrusion::Radial, Extrusion::Mitre] {
            let err =
                MeshGraph::with_extrusion(bad, [0.0, 0.0], [10.0, 10.0], extrusion).unwrap_err();
            assert!(is_non_finite(&err, "buffer radius", bad), "{err:?}");
        }
    }
    for (_, _, [x0, y0, x1, y1]) in spoiled([0.0, 0.0, 10.0, 10.0]) {
        let err = MeshGraph::new(0.5, [x0, y0], [x1, y1]).unwrap_err();
        assert!(
            matches!(err, GraphError::Mesh(NavMeshError::NonFinite { .. })),
            "{err:?}"
        );
    }
}

#[test]
fn mesh_graph_add_point_refuses_non_finite_coordinates_and_makes_no_node() {
    let mut graph = MeshGraph::new(0.5, [0.0, 0.0], [10.0, 10.0]).unwrap();
    graph.add_obstacles(&[square(4.0, 0.0, 2.0)]).unwrap();
    graph.triangulate().unwrap();
    let start = graph.add_point(1.0, 1.0).unwrap();
    let debug = format!("{graph:?}");
    let count = graph.graph().node_count();
    let members = graph.graph().nodes().to_vec();
    for (axis, bad, [x, y]) in spoiled([9.0, 1.0]) {
        let err = graph.add_point(x, y).unwrap_err();
        assert!(is_non_finite(&err, AXES[axis], bad), "{err:?}");
        assert_eq!(format!("{graph:?}"), debug);
        assert_eq!(graph.graph().node_count(), count);
        assert_eq!(graph.graph().nodes(), &members[..]);
    }
    // Triangulating again keeps what there was, and nothing more.
    graph.triangulate().unwrap();
    let goal = graph.add_point(9.0, 1.0).unwrap();
    assert!(graph
        .find_path(&mut SearchContext::new(), start, goal)
        .unwrap()
        .is_found());
    // The mesh underneath refuses such points too.
    let mesh = graph.mesh().unwrap();
    for p in spoiled_point(Point::new(9.0, 1.0)) {
        assert!(matches!(
            mesh.find_path(&mut AnyAngleSearch::new(), Point::new(1.0, 1.0), p)
                .map(|o| o.into_path()),
            Err(NavMeshError::NonFinite { .. })
        ));
    }
}

#[test]
fn polygon_obstacles_refuse_non_finite_vertices() {
    let good = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
    for vertex in 0..good.len() {
        for (_, _, spoilt) in spoiled(good[vertex]) {
            let mut points = good;
            points[vertex] = spoilt;
            assert_eq!(
                PolygonObstacle::new(&points),
                Err(GraphError::NonFiniteVertex { index: vertex })
            );
        }
    }
}

#[test]
fn agent_paths_refuse_non_finite_points_and_radii() {
    let good = [(0.0f32, 0.0f32), (3.0, 4.0), (3.0, 0.0)];
    for index in 0..good.len() {
        for (_, _, [x, y]) in spoiled([good[index].0, good[index].1]) {
            let mut points = good.to_vec();
            points[index] = (x, y);
            assert_eq!(
                AgentPath::from_points(points, 0.5, false),
                Err(GraphError::NonFinitePoint { index })
            );
        }
    }
    for bad in BAD {
        assert!(matches!(
            AgentPath::from_points(good.to_vec(), bad, true),
            Err(GraphError::InvalidRadius { .. })
        ));
    }
    for (_, _, [x, y]) in spoiled([3.0, 4.0]) {
        let (graph, n) = NodeGraph::with_nodes([
            NodeKind::Point2(0.0, 0.0),
            NodeKind::Point2(x, y),
            NodeKind::Point2(3.0, 0.0),
        ]);
        assert_eq!(
            AgentPath::from_nodes(&graph, &n, 0.5),
            Err(GraphError::NonFinitePoint { index: 1 })
        );
    }
    let (graph, n) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Cell(1, 1)]);
    for bad in BAD {
        assert!(matches!(
            AgentPath::from_nodes(&graph, &n, bad),
            Err(GraphError::InvalidRadius { .. })
        ));
    }
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

#[test]
fn nav_mesh_builders_refuse_non_finite_input() {
    let square = vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)];
    for vertex in 0..square.len() {
        for spoilt in spoiled_point(square[vertex]) {
            let mut vertices = square.clone();
            vertices[vertex] = spoilt;
            assert!(matches!(
                NavMesh::from_triangles(vertices, vec![[0, 1, 2], [0, 2, 3]]),
                Err(NavMeshError::NonFinite { .. })
            ));
        }
    }
    let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    let (min, max) = (p(0.0, 0.0), p(10.0, 10.0));
    for spoilt in spoiled_point(min) {
        assert!(matches!(
            NavMesh::from_obstacles(std::slice::from_ref(&pillar), 0.5, spoilt, max),
            Err(NavMeshError::NonFinite { .. })
        ));
    }
    for spoilt in spoiled_point(max) {
        assert!(matches!(
            NavMesh::from_obstacles(std::slice::from_ref(&pillar), 0.5, min, spoilt),
            Err(NavMeshError::NonFinite { .. })
        ));
    }
    for vertex in 0..pillar.len() {
        for spoilt in spoiled_point(pillar.points()[vertex]) {
            let mut points = pillar.points().to_vec();
            points[vertex] = spoilt;
            assert!(matches!(
                NavMesh::from_obstacles(&[Polygon::new(points)], 0.5, min, max),
                Err(NavMeshError::NonFinite { .. })
            ));
        }
    }
    for bad in BAD {
        assert!(matches!(
            NavMesh::from_obstacles(std::slice::from_ref(&pillar), f64::from(bad), min, max),
            Err(NavMeshError::InvalidRadius { .. })
        ));
    }
}

#[test]
fn nav_mesh_queries_refuse_non_finite_points() {
    let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    let mesh = NavMesh::from_obstacles(&[pillar], 0.5, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    let debug = format!("{mesh:?}");
    let (start, goal) = (p(1.0, 1.0), p(9.0, 9.0));
    let corridor = mesh.corridor(start, goal).unwrap().unwrap();
    let mut search = AnyAngleSearch::new();
    for (a, b) in spoiled_point(start)
        .into_iter()
        .map(|s| (s, goal))
        .chain(spoiled_point(goal).into_iter().map(|g| (start, g)))
    {
        let bad = if a.is_finite() { b } else { a };
        // `NavMeshError::NonFinite` naming the bad point (NaN compared bit for bit).
        let same = |r: Result<(), NavMeshError>| match r {
            Err(NavMeshError::NonFinite { point }) => {
                point.x.to_bits() == bad.x.to_bits() && point.y.to_bits() == bad.y.to_bits()
            }
            _ => false,
        };
        assert!(
            same(
                mesh.find_path(&mut AnyAngleSearch::new(), a, b)
                    .map(|o| o.into_path())
                    .map(drop)
            ),
            "find_path {a:?} {b:?}"
        );
        assert!(same(
            mesh.find_path(&mut search, a, b)
                .map(|o| o.into_path())
                .map(drop)
        ));
        let mut out = vec![p(7.0, 7.0)];
        assert!(same(
            mesh.find_path_into(&mut search, a, Goal::Node(b), &Default::default(), &mut out)
                .map(|s| s.found_cost())
                .map(drop)
        ));
        assert_eq!(out, [p(7.0, 7.0)], "the buffer is untouched");
        assert!(same(mesh.line_of_sight(a, b).map(drop)));
        assert!(same(mesh.corridor(a, b).map(drop)));
        assert!(same(mesh.funnel(&corridor, a, b).map(drop)));
        assert!(same(mesh.find_corridor_path(a, b).map(drop)));
        assert!(same(mesh.nearest_point(bad).map(drop)));
        assert_eq!(mesh.triangle_at(bad), None);
    }
    assert_eq!(format!("{mesh:?}"), debug);
    // The same queries with finite points still answer.
    assert!(mesh
        .find_path(&mut AnyAngleSearch::new(), start, goal)
        .map(|o| o.into_path())
        .unwrap()
        .is_some());
    assert!(mesh
        .find_path(&mut search, start, goal)
        .map(|o| o.into_path())
        .unwrap()
        .is_some());
}
