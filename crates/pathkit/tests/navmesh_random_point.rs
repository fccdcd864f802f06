//! `NavMesh::random_point` and `random_point_in_circle`: every point on the mesh (and in the
//! circle), the same point for the same seed, and uniform by area, checked by counting 4,000
//! draws into regions whose areas are known from the obstacles (within four standard
//! deviations of the binomial count, a test that fails about once in 15,000 seeds sets; the
//! seeds are fixed, so it either always passes or always fails).

use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{NavMesh, NavMeshError};

const DRAWS: u64 = 4_000;

/// The box (0, 0)-(10, 10) with a wall across it from x = `x0` to `x1`, full height.
fn split(x0: f64, x1: f64) -> NavMesh {
    let p = Point::new;
    let wall = Polygon::new(vec![p(x0, -1.0), p(x1, -1.0), p(x1, 11.0), p(x0, 11.0)]);
    NavMesh::from_obstacles(&[wall], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap()
}

/// Checks that `hits` of `DRAWS` matches a share `p` within four standard deviations.
fn about(hits: u64, p: f64, what: &str) {
    let n = DRAWS as f64;
    let sd = (p * (1.0 - p) / n).sqrt();
    let share = hits as f64 / n;
    assert!(
        (share - p).abs() < 4.0 * sd,
        "{what}: {share} against {p} (sd {sd})"
    );
}

#[test]
fn random_points_are_on_the_mesh_and_uniform_by_area() {
    // Left of the wall 30, right of it 50: 3 to 5.
    let mesh = split(3.0, 5.0);
    let points: Vec<Point> = (0..DRAWS).map(|s| mesh.random_point(s).unwrap()).collect();
    for (seed, &q) in points.iter().enumerate() {
        assert!(mesh.triangle_at(q).is_some(), "{q:?}");
        assert!(!(q.x > 3.0 && q.x < 5.0), "{q:?} in the wall");
        assert_eq!(mesh.random_point(seed as u64), Some(q));
    }
    about(
        points.iter().filter(|q| q.x < 3.0).count() as u64,
        0.375,
        "left of the wall",
    );
    // Within the right part, uniform too: its top fifth (y above 8) is a fifth of it.
    let right: Vec<&Point> = points.iter().filter(|q| q.x > 5.0).collect();
    let top = right.iter().filter(|q| q.y > 8.0).count() as f64 / right.len() as f64;
    assert!(
        (top - 0.2).abs() < 0.04,
        "top fifth of the right part: {top}"
    );
    // A corner third of a triangle is as likely as its share of area: the bottom-left 1 x 1 of
    // the left part is a thirtieth of it.
    let left = points.iter().filter(|q| q.x < 3.0).count() as f64;
    let corner = points.iter().filter(|q| q.x < 1.0 && q.y < 1.0).count() as f64 / left;
    assert!((corner - 1.0 / 30.0).abs() < 0.015, "corner: {corner}");
    // No area, no point.
    let none =
        NavMesh::from_obstacles(&[], 0.6, Point::new(0.0, 0.0), Point::new(1.0, 1.0)).unwrap();
    assert_eq!(none.random_point(3), None);
}

#[test]
fn random_points_in_a_circle_are_in_it_on_the_mesh_and_uniform() {
    let mesh = split(4.5, 5.5);
    // A circle on the wall's middle, symmetric about it both ways: each half holds half.
    let centre = Point::new(5.0, 5.0);
    let points: Vec<Point> = (0..DRAWS)
        .map(|s| {
            mesh.random_point_in_circle(centre, 3.0, s)
                .unwrap()
                .unwrap()
        })
        .collect();
    for &q in &points {
        assert!(
            q.distance(centre) <= 3.0 && mesh.triangle_at(q).is_some(),
            "{q:?}"
        );
    }
    about(
        points.iter().filter(|q| q.x < 5.0).count() as u64,
        0.5,
        "left half",
    );
    about(
        points.iter().filter(|q| q.y < 5.0).count() as u64,
        0.5,
        "bottom half",
    );
    // A circle larger than the map draws from the mesh's triangles: uniform over the mesh.
    let all: Vec<Point> = (0..DRAWS)
        .map(|s| {
            mesh.random_point_in_circle(centre, 40.0, s)
                .unwrap()
                .unwrap()
        })
        .collect();
    about(
        all.iter().filter(|q| q.x < 4.5).count() as u64,
        0.5,
        "left of the wall, big circle",
    );
    about(
        all.iter().filter(|q| q.y > 8.0).count() as u64,
        0.2,
        "top fifth, big circle",
    );
    assert_eq!(
        mesh.random_point_in_circle(centre, 3.0, 11),
        mesh.random_point_in_circle(centre, 3.0, 11)
    );
    // On open ground, the inner disc of half the radius holds a quarter of the points.
    let open =
        NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(10.0, 10.0)).unwrap();
    let inner = (0..DRAWS)
        .map(|s| {
            open.random_point_in_circle(centre, 3.0, s)
                .unwrap()
                .unwrap()
        })
        .filter(|q| q.distance(centre) < 1.5)
        .count();
    about(inner as u64, 0.25, "inner disc");
}

#[test]
fn a_circle_off_the_mesh_gives_none_and_bad_circles_are_refused() {
    let mesh = split(4.0, 6.0);
    assert_eq!(
        mesh.random_point_in_circle(Point::new(50.0, 50.0), 3.0, 1),
        Ok(None)
    );
    // Inside the wall only.
    assert_eq!(
        mesh.random_point_in_circle(Point::new(5.0, 5.0), 0.5, 1),
        Ok(None)
    );
    assert_eq!(
        mesh.random_point_in_circle(Point::new(5.0, 5.0), -1.0, 1),
        Err(NavMeshError::InvalidRadius { radius: -1.0 })
    );
    assert!(matches!(
        mesh.random_point_in_circle(Point::new(f64::NAN, 5.0), 1.0, 1),
        Err(NavMeshError::NonFinite { .. })
    ));
    assert!(mesh
        .random_point_in_circle(Point::new(1.0, 1.0), f64::INFINITY, 1)
        .is_err());
}
