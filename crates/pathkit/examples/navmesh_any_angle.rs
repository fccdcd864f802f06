//! Free movement around obstacles: a navigation mesh and the shortest path at any angle.
//!
//! ```text
//! cargo run -p pathkit-games --example navmesh_any_angle
//! ```
//!
//! The mesh covers the room minus the obstacles grown by the agent's radius, so the path keeps
//! the agent's whole body clear. The path turns only at the grown obstacles' corners and is the
//! shortest there is (the Polyanya algorithm), not a tile path smoothed afterwards.

use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AnyAngleSearch, NavMesh};
use pathkit::Pathfinder;

/// The path's corners and length.
fn run() -> Result<(Vec<Point>, f64), Box<dyn std::error::Error>> {
    let p = Point::new;
    // A 20 x 10 room with two crates, for an agent of radius 0.5.
    let crates = [
        Polygon::new(vec![p(5.0, 0.0), p(7.0, 0.0), p(7.0, 7.0), p(5.0, 7.0)]),
        Polygon::new(vec![
            p(12.0, 3.0),
            p(14.0, 3.0),
            p(14.0, 10.0),
            p(12.0, 10.0),
        ]),
    ];
    let mesh = NavMesh::from_obstacles(&crates, 0.5, p(0.0, 0.0), p(20.0, 10.0))?;
    println!("{} walkable triangles", mesh.triangle_count());
    let mut search = AnyAngleSearch::new(); // keep it: reused by every query
    let path = mesh
        .find_path(&mut search, p(1.0, 1.0), p(19.0, 9.0))?
        .into_path()
        .ok_or("no way through")?;
    for corner in &path.nodes {
        println!("({:.2}, {:.2})", corner.x, corner.y);
    }
    println!("length {:.3}", path.cost);
    Ok((path.nodes, path.cost))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_path_turns_at_the_grown_corners() {
    let (corners, length) = run().unwrap();
    let p = Point::new;
    // Over the first crate's top (grown by 0.5) and under the second's bottom.
    assert_eq!(
        corners,
        [
            p(1.0, 1.0),
            p(4.5, 7.5),
            p(7.5, 7.5),
            p(11.5, 2.5),
            p(14.5, 2.5),
            p(19.0, 9.0)
        ]
    );
    let walked: f64 = corners.windows(2).map(|w| w[0].distance(w[1])).sum();
    assert!((walked - length).abs() < 1e-9);
}
