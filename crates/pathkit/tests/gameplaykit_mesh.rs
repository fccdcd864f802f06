//! GameplayKit's mesh graph (`GKMeshGraph`, scenario 5.7 of the semantics notes; its GKPath case is in `gameplaykit_graph.rs`) and what a game
//! expects around it: node counts per triangulation mode, obstacles taking effect at the next
//! triangulation, points kept connected, every edge in free space, bad input refused.

use pathkit::geometry::Point;
use pathkit::graph::{GraphError, MeshGraph, NodeKind, PolygonObstacle, TriangulationMode};
use pathkit::navmesh::AnyAngleSearch;
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

const V: TriangulationMode = TriangulationMode::VERTICES;
const C: TriangulationMode = TriangulationMode::CENTERS;
const E: TriangulationMode = TriangulationMode::EDGE_MIDPOINTS;

fn empty_box(mode: TriangulationMode) -> MeshGraph {
    let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0]).unwrap();
    graph.set_triangulation_mode(mode);
    graph.triangulate().unwrap();
    graph
}

#[test]
fn an_empty_box_gives_two_triangles_and_the_modes_add_up() {
    for (mode, nodes) in [
        (V, 4),
        (C, 2),
        (E, 5),
        (V | C, 6),
        (V | E, 9),
        (C | E, 7),
        (V | C | E, 11),
    ] {
        let graph = empty_box(mode);
        assert_eq!(graph.triangle_count(), 2, "{mode:?}");
        assert_eq!(graph.graph().nodes().len(), nodes, "{mode:?}");
    }
    assert!(empty_box(V).triangle(2).is_none());
}

#[test]
fn the_nodes_of_a_triangle_are_joined_to_each_other() {
    let graph = empty_box(V | C | E);
    for node in graph.graph().nodes() {
        // Nodes on the diagonal belong to both triangles (4 corners + 2 centres + 5 midpoints,
        // less itself); the others to one (3 corners, 1 centre, 3 midpoints, less itself).
        let n = graph.graph().connected_nodes(*node).unwrap().len();
        assert!(n == 6 || n == 10, "{node:?} has {n} edges");
    }
}

fn square(x: f32, y: f32, s: f32) -> PolygonObstacle {
    PolygonObstacle::new(&[[x, y], [x + s, y], [x + s, y + s], [x, y + s]]).unwrap()
}

#[test]
fn obstacles_and_modes_take_effect_at_the_next_triangulation() {
    let mut graph = empty_box(V);
    let block = square(4.0, 4.0, 2.0);
    graph.add_obstacles(std::slice::from_ref(&block)).unwrap();
    graph.set_triangulation_mode(V | C);
    assert_eq!(graph.triangle_count(), 2);
    assert_eq!(graph.graph().nodes().len(), 4);
    graph.triangulate().unwrap();
    // The box and the block's 8 corners; a triangle for each centre.
    let triangles = graph.triangle_count();
    assert_eq!(triangles, 8, "4 + 4 corners, a square hole: 8 triangles");
    assert_eq!(graph.graph().nodes().len(), 8 + triangles);
    // No triangle covers the block.
    let mesh = graph.mesh().unwrap();
    assert_eq!(mesh.triangle_at(Point::new(5.0, 5.0)), None);
    graph.remove_obstacles(&[block]);
    graph.triangulate().unwrap();
    assert_eq!(graph.triangle_count(), 2);
    assert_eq!(graph.graph().nodes().len(), 6);
    // Triangulating again and again reuses the nodes it no longer needs.
    let arena = graph.graph().node_count();
    for _ in 0..5 {
        graph.triangulate().unwrap();
    }
    assert_eq!(graph.graph().node_count(), arena);
}

#[test]
fn points_stay_connected_and_paths_stay_in_free_space() {
    let mut graph = MeshGraph::new(0.5, [0.0, 0.0], [20.0, 20.0]).unwrap();
    graph.set_triangulation_mode(V | C | E);
    let start = graph.add_point(1.0, 10.0).unwrap();
    let goal = graph.add_point(19.0, 10.0).unwrap();
    assert!(
        graph.graph().connected_nodes(start).unwrap().is_empty(),
        "not triangulated yet"
    );
    graph.triangulate().unwrap();
    let open = graph
        .find_path(&mut SearchContext::new(), start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    assert!(
        (open.cost - 18.0).abs() < 1e-4,
        "straight across: {}",
        open.cost
    );
    graph
        .add_obstacles(&[
            square(8.0, 2.0, 4.0),
            square(8.0, 8.0, 4.0),
            square(8.0, 14.0, 4.0),
        ])
        .unwrap();
    graph.triangulate().unwrap();
    let path = graph
        .find_path(&mut SearchContext::new(), start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    assert!(path.cost > 18.0, "the walls are in the way: {}", path.cost);
    let mesh = graph.mesh().unwrap();
    let at = |n| match graph.graph().kind(n).unwrap() {
        NodeKind::Point2(x, y) => Point::new(f64::from(x), f64::from(y)),
        other => panic!("{other:?}"),
    };
    // Node positions are f32 (within about 1e-6 of the mesh's): an edge is in free space when
    // some triangle holds both its ends, to that precision.
    let near = |t: [Point; 3], p: Point| {
        (0..3).all(|i| {
            let (a, b) = (t[i], t[(i + 1) % 3]);
            Point::orientation(a, b, p) / a.distance(b) >= -1e-5
        })
    };
    let shared = |a: Point, b: Point| {
        (0..mesh.triangle_count()).any(|k| {
            let t = mesh.triangle(k).unwrap();
            near(t, a) && near(t, b)
        })
    };
    for pair in path.nodes.windows(2) {
        assert!(shared(at(pair[0]), at(pair[1])), "{pair:?}");
    }
    for &node in graph.graph().nodes() {
        for &other in graph.graph().connected_nodes(node).unwrap() {
            assert!(shared(at(node), at(other)), "{node:?} -> {other:?}");
        }
    }
    // The graph's path is no shorter than the shortest path at any angle.
    let best = mesh
        .find_path(&mut AnyAngleSearch::new(), at(start), at(goal))
        .map(|o| o.into_path())
        .unwrap()
        .unwrap()
        .cost;
    assert!(
        f64::from(path.cost) >= best - 1e-4,
        "{} < {best}",
        path.cost
    );
    // A point inside an obstacle is kept, but joined to nothing.
    let buried = graph.add_point(10.0, 10.0).unwrap();
    assert!(graph.graph().connected_nodes(buried).unwrap().is_empty());
    assert!(graph
        .find_path(&mut SearchContext::new(), start, buried)
        .unwrap()
        .into_path()
        .is_none());
}

#[test]
fn bad_input_is_refused_with_a_typed_error() {
    assert!(matches!(
        MeshGraph::new(0.0, [0.0, 0.0], [f32::NAN, 1.0]),
        Err(GraphError::Mesh(_))
    ));
    assert!(matches!(
        MeshGraph::new(0.0, [5.0, 0.0], [1.0, 1.0]),
        Err(GraphError::Mesh(_))
    ));
    let mut graph = empty_box(V);
    let nodes = graph.graph().node_count();
    assert_eq!(
        graph.add_point(11.0, 1.0),
        Err(GraphError::PointOutsideBounds { point: [11.0, 1.0] })
    );
    assert_eq!(graph.graph().node_count(), nodes); // no node was made for it
    let plain = graph.graph().nodes()[0];
    let mut other = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0]).unwrap();
    assert!(matches!(
        other.connect_node_using_obstacles(plain),
        Err(GraphError::ForeignNode { .. })
    ));
    assert!(matches!(
        graph.add_obstacles(&[square(9.0, 9.0, 2.0)]),
        Err(GraphError::ObstacleOutsideBounds { point: [11.0, 9.0] })
    ));
}

/// Random cases of `support/mesh_graph_case.rs` from fixed seeds: obstacles of every shape added
/// and removed, every triangulation mode, radial and mitre growth at radii 0 to 1.875, points
/// connected, each triangulation checked against the free space, the nodes of its mode and the
/// shortest paths of the oracles.
#[test]
fn triangulations_match_the_free_space_their_modes_and_the_shortest_paths() {
    random_cases(None);
}

/// The same cases with the free space in tiles of 3 and of 8 (of a box of 32): the second
/// triangulation of each case edits the first's tiles in place.
#[test]
fn tiled_triangulations_match_the_free_space_their_modes_and_the_shortest_paths() {
    random_cases(Some(3.0));
    random_cases(Some(8.0));
}

fn random_cases(tile: Option<f32>) {
    use crate::mesh_graph_case::{check_tiled, MeshGraphCase, Op, Shape};
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut checked = 0;
    for _ in 0..120 {
        let mut ops = Vec::new();
        for _ in 0..3 + next() % 4 {
            let b = next().to_le_bytes();
            ops.push(Op::Add(Shape {
                kind: b[0],
                x: b[1],
                y: b[2],
                size: b[3],
                turn: b[4],
                corners: b[5],
            }));
        }
        for _ in 0..2 + next() % 3 {
            let b = next().to_le_bytes();
            ops.push(Op::Point(b[0], b[1]));
        }
        ops.push(Op::Mode(next() as u8));
        ops.push(Op::Triangulate);
        ops.push(Op::Remove(next() as u8));
        ops.push(Op::Mode(next() as u8));
        ops.push(Op::Triangulate);
        checked += check_tiled(
            &MeshGraphCase {
                radius: next() as u8,
                mitre: next() % 2 == 0,
                ops,
            },
            tile,
        );
    }
    // Two triangulations a case; a few skipped for pockets narrower than twice the radius.
    assert!(checked >= 200, "{checked} of 240 triangulations checked");
}
