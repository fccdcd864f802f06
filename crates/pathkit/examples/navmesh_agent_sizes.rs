//! Agents of several sizes among obstacles that move: a mouse slips between two pillars, a
//! tank goes round them; a crate pushed into the tank's way sends it further round, and the
//! mouse's mesh is edited with it.
//!
//! ```text
//! cargo run -p pathkit-games --example navmesh_agent_sizes
//! ```
//!
//! `AgentSizes` keeps the level's obstacles once and a tiled mesh per agent radius, each built
//! the first time an agent of that size asks. An edit (a crate added, moved, removed) rebuilds
//! only the tiles it touches, in every mesh built so far, or in none if any refuses it.

use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AgentSizes, AnyAngleSearch};
use pathkit::Pathfinder;

const MOUSE: f64 = 0.25;
const TANK: f64 = 1.0;

fn square(x: f64, y: f64, side: f64) -> Polygon {
    let p = Point::new;
    Polygon::new(vec![
        p(x, y),
        p(x + side, y),
        p(x + side, y + side),
        p(x, y + side),
    ])
}

/// The mouse's length, the tank's, and the tank's after the crate is pushed into its way.
fn run() -> Result<(f64, f64, f64), Box<dyn std::error::Error>> {
    let p = Point::new;
    // Two pillars with a gap of 1 between them (y from 7 to 8), the lower one nearer the box's
    // side, and a crate out of the way.
    let pillars = [
        Polygon::new(vec![p(9.0, 3.0), p(11.0, 3.0), p(11.0, 7.0), p(9.0, 7.0)]),
        Polygon::new(vec![p(9.0, 8.0), p(11.0, 8.0), p(11.0, 12.5), p(9.0, 12.5)]),
    ];
    let mut level = AgentSizes::new(&pillars, &[MOUSE, TANK], p(0.0, 0.0), p(20.0, 15.0), 5.0)?;
    let crate_box = level.add_obstacle(square(16.0, 13.0, 1.0))?;
    let mut search = AnyAngleSearch::new();
    let (start, goal) = (p(2.0, 7.5), p(18.0, 7.5));
    let mut length = |level: &AgentSizes, radius: f64| -> Result<f64, Box<dyn std::error::Error>> {
        let path = level.mesh(radius)?.find_path(&mut search, start, goal)?;
        Ok(path.into_path().ok_or("no way")?.cost)
    };
    let mouse = length(&level, MOUSE)?;
    let tank = length(&level, TANK)?;
    println!("mouse {mouse:.2}, between the pillars; tank {tank:.2}, round them");
    // The crate pushed against the lower pillar's bottom side: the tank must go round the top.
    level.move_obstacle(crate_box, square(9.5, 0.0, 2.5))?;
    let tank_after = length(&level, TANK)?;
    println!("tank after the crate moved: {tank_after:.2}");
    Ok((mouse, tank, tank_after))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_mouse_slips_through_and_the_tank_goes_round_further_once_the_crate_moves() {
    let (mouse, tank, after) = run().unwrap();
    // The mouse goes straight through the gap.
    assert_eq!(mouse, 16.0);
    // The tank round the pillars' bottom (grown by 1: corners at (8, 2) and (12, 2)), then,
    // with the crate closing the bottom, round the top (corners at (8, 13.5) and (12, 13.5)).
    let round_bottom = 2.0 * (36.0f64 + 5.5 * 5.5).sqrt() + 4.0;
    let round_top = 2.0 * (36.0f64 + 6.0 * 6.0).sqrt() + 4.0;
    assert!((tank - round_bottom).abs() < 1e-9, "{tank}");
    assert!((after - round_top).abs() < 1e-9, "{after}");
}
