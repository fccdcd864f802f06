//! Navigation meshes through serde (JSON): a loaded mesh answers every query as the saved one
//! did, and damaged data is refused with an error.
#![cfg(feature = "serde")]

use pathkit::geometry::{Point, Polygon};
use pathkit::grid::Grid;
use pathkit::navmesh::AnyAngleSearch;
use pathkit::navmesh::NavMesh;
use pathkit::Pathfinder;
use serde_json::{json, Value};

fn meshes() -> Vec<NavMesh> {
    let p = Point::new;
    let grid = Grid::from_ascii("..#.....\n..#.##..\n....#...\n.##...#.").unwrap();
    let pillar = Polygon::new(vec![p(3.0, 3.0), p(5.0, 3.0), p(5.0, 6.0), p(3.0, 6.0)]);
    let thin_wall = Polygon::new(vec![p(6.0, 1.0), p(6.0, 8.0)]);
    vec![
        NavMesh::from_grid(&grid).unwrap(),
        NavMesh::from_obstacles(
            &[pillar.clone(), thin_wall.clone()],
            0.0,
            p(0.0, 0.0),
            p(10.0, 10.0),
        )
        .unwrap(),
        NavMesh::from_obstacles(&[pillar, thin_wall], 0.4, p(0.0, 0.0), p(10.0, 10.0)).unwrap(),
    ]
}

#[test]
fn a_loaded_mesh_answers_as_the_saved_one() {
    for mesh in meshes() {
        let json = serde_json::to_string(&mesh).unwrap();
        let loaded: NavMesh = serde_json::from_str(&json).unwrap();
        assert_eq!(loaded.vertices(), mesh.vertices());
        assert_eq!(loaded.triangle_indices(), mesh.triangle_indices());
        for k in 0..mesh.triangle_count() {
            assert_eq!(loaded.neighbours(k), mesh.neighbours(k));
        }
        // Queries over a lattice of points, on and off the mesh.
        let points: Vec<Point> = (0..=20)
            .flat_map(|i| {
                (0..=20)
                    .map(move |j| Point::new(f64::from(i) * 0.5 + 0.1, f64::from(j) * 0.5 + 0.2))
            })
            .collect();
        for (i, &a) in points.iter().enumerate().step_by(7) {
            assert_eq!(loaded.triangle_at(a), mesh.triangle_at(a));
            assert_eq!(loaded.nearest_point(a), mesh.nearest_point(a));
            for &b in points.iter().skip(i % 11).step_by(13) {
                assert_eq!(
                    loaded
                        .find_path(&mut AnyAngleSearch::new(), a, b)
                        .map(|o| o.into_path()),
                    mesh.find_path(&mut AnyAngleSearch::new(), a, b)
                        .map(|o| o.into_path())
                );
                assert_eq!(loaded.line_of_sight(a, b), mesh.line_of_sight(a, b));
            }
        }
    }
}

fn load(value: Value) -> Result<NavMesh, serde_json::Error> {
    serde_json::from_value(value)
}

#[test]
fn damaged_mesh_data_is_refused() {
    let square = json!([{"x": 0.0, "y": 0.0}, {"x": 1.0, "y": 0.0}, {"x": 1.0, "y": 1.0}, {"x": 0.0, "y": 1.0}]);
    let ok = json!({"vertices": square, "triangles": [[0, 1, 2], [0, 2, 3]], "neighbours": [[null, null, 1], [0, null, null]]});
    assert!(load(ok).is_ok());
    let cases = [
        // A neighbour that shares no edge, one that is missing, one out of range.
        (
            json!({"vertices": square, "triangles": [[0, 1, 2], [0, 2, 3]], "neighbours": [[1, null, null], [0, null, null]]}),
            "do not match",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 1, 2], [0, 2, 3]], "neighbours": [[null, null, null], [0, null, null]]}),
            "do not match",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 1, 2], [0, 2, 3]], "neighbours": [[null, null, 7], [0, null, null]]}),
            "do not match",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 1, 2]], "neighbours": []}),
            "do not match",
        ),
        // Clockwise, flat, out of range, an unused vertex.
        (
            json!({"vertices": square, "triangles": [[0, 2, 1]], "neighbours": [[null, null, null]]}),
            "no area",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 0, 1]], "neighbours": [[null, null, null]]}),
            "no area",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 1, 9]], "neighbours": [[null, null, null]]}),
            "does not hold",
        ),
        (
            json!({"vertices": square, "triangles": [[0, 1, 2]], "neighbours": [[null, null, null]]}),
            "belongs to no triangle",
        ),
        // Two triangles on one edge the same way.
        (
            json!({"vertices": square, "triangles": [[0, 1, 2], [0, 1, 3]], "neighbours": [[null, null, null], [null, null, null]]}),
            "shared by more",
        ),
    ];
    for (value, message) in cases {
        let err = load(value.clone()).unwrap_err().to_string();
        assert!(err.contains(message), "{value}: {err}");
    }
}
