//! Two floors joined by stairs and an elevator; the elevator is switched off and on.
//!
//! ```text
//! cargo run -p pathkit-games --example building
//! ```
//!
//! A `LevelMap` holds one grid a floor and portals between places (stairs, ladders, elevators,
//! teleporters, one way or both, each with a cost). Portals are switched between searches, so
//! a lift that breaks down is one call.

use pathkit::grid::Grid;
use pathkit::levels::{LevelMap, Place, Portal};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// The route's places as (floor, x) and its cost.
type Route = (Vec<(u32, u32)>, f64);

/// The route upstairs with the elevator running, and with it switched off.
fn run() -> Result<(Route, Route), Box<dyn std::error::Error>> {
    let ground = Grid::from_ascii("..#..")?;
    let upstairs = Grid::from_ascii(".....")?;
    let mut building = LevelMap::new(vec![ground, upstairs])?;
    // Stairs at x = 1 (two moves' worth of climbing), an elevator at x = 0 (one).
    building.add_portal(Portal {
        from: Place::new(0, 1, 0),
        to: Place::new(1, 1, 0),
        cost: 2.0,
        two_way: true,
    })?;
    let elevator = building.add_portal(Portal {
        from: Place::new(0, 0, 0),
        to: Place::new(1, 0, 0),
        cost: 1.0,
        two_way: true,
    })?;
    let (start, goal) = (Place::new(0, 0, 0), Place::new(1, 4, 0));
    let mut ctx = SearchContext::new();
    let mut route = |building: &LevelMap| -> Result<Route, Box<dyn std::error::Error>> {
        let path = building
            .four_connected()?
            .find_path(&mut ctx, start, goal)?
            .into_path()
            .ok_or("no way up")?;
        let places = path.nodes.iter().map(|p| (p.floor, p.cell.x)).collect();
        Ok((places, path.cost))
    };
    let running = route(&building)?;
    println!("elevator running: {running:?}");
    building.set_portal_enabled(elevator, false)?;
    let stopped = route(&building)?;
    println!("elevator off:     {stopped:?}");
    Ok((running, stopped))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_elevator_is_taken_and_the_stairs_when_it_is_off() {
    let ((lift, lift_cost), (stairs, stairs_cost)) = run().unwrap();
    // Up in the elevator (1), then four steps along the upper floor.
    assert_eq!(lift_cost, 5.0);
    assert_eq!(lift[..2], [(0, 0), (1, 0)]);
    // One step to the stairs, up them (2), three steps along the upper floor.
    assert_eq!(stairs_cost, 6.0);
    assert_eq!(stairs[..3], [(0, 0), (0, 1), (1, 1)]);
}
