//! GameplayKit's obstacle graph: nodes at the corners of grown obstacles, joined where they see
//! each other, and how much room each way of growing leaves.
//!
//! ```text
//! cargo run -p pathkit-games --example obstacle_graph
//! ```
//!
//! `ObstacleGraph::new(obstacles, r)` grows obstacles GameplayKit's way: each corner pushed `r`
//! away from the obstacle's centre, so beside a side the path keeps less than `r` (a square's
//! sides get `r / √2`, a long thin box's almost nothing). `ObstacleGraph::with_clearance(obstacles,
//! r)` keeps `r` from every obstacle, the clearance an agent of radius `r` needs: every side moves
//! `r` out (`Extrusion::Mitre` for a polygon with area) and a thin wall (two points) becomes the
//! rectangle `r` around it (`Extrusion::Clearance`).

use pathkit::geometry::Extrusion;
use pathkit::graph::{NodeKind, ObstacleGraph, PolygonObstacle};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// A path as the positions of its nodes.
type Corners = Vec<[f32; 2]>;

/// The path's corners under both rules, past a 2 x 2 crate.
fn run() -> Result<(Corners, Corners), Box<dyn std::error::Error>> {
    let crate_box = PolygonObstacle::new(&[[4.0, 4.0], [6.0, 4.0], [6.0, 6.0], [4.0, 6.0]])?;
    let mut corners = Vec::new();
    for extrusion in [Extrusion::Radial, Extrusion::Clearance] {
        let obstacles = std::slice::from_ref(&crate_box);
        let mut graph = ObstacleGraph::with_extrusion(obstacles, 1.0, extrusion);
        let a = graph.add_point(1.0, 6.0)?;
        let b = graph.add_point(9.0, 6.0)?;
        let path = graph
            .find_path(&mut SearchContext::new(), a, b)?
            .into_nodes()
            .ok_or("no way round")?;
        let mut points = Vec::new();
        for &n in &path {
            if let NodeKind::Point2(x, y) = graph.graph().kind(n)? {
                points.push([x, y]);
            }
        }
        println!("{extrusion:?}: {points:?}");
        corners.push(points);
    }
    let mitre = corners.pop().ok_or("no clearance path")?;
    let radial = corners.pop().ok_or("no radial path")?;
    Ok((radial, mitre))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_mitre_keeps_the_whole_radius_beside_the_sides() {
    let (radial, mitre) = run().unwrap();
    // Radial: the top corners pushed 1 along the diagonals, only 1/√2 above the top side.
    let d = std::f32::consts::FRAC_1_SQRT_2;
    let expected = [
        [1.0, 6.0],
        [4.0 - d, 6.0 + d],
        [6.0 + d, 6.0 + d],
        [9.0, 6.0],
    ];
    assert_eq!(radial.len(), expected.len());
    for (got, want) in radial.iter().zip(expected) {
        assert!(
            (got[0] - want[0]).abs() < 1e-5 && (got[1] - want[1]).abs() < 1e-5,
            "{radial:?}"
        );
    }
    // Mitre: every side 1 out; the path runs along the top side's line 1 above it.
    assert_eq!(mitre, [[1.0, 6.0], [3.0, 7.0], [7.0, 7.0], [9.0, 6.0]]);
}
