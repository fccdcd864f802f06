//! Terrain that costs more to cross, and agents that follow their own rules on the same map.
//!
//! ```text
//! cargo run -p pathkit-games --example terrain_and_rules
//! ```
//!
//! A digit in the map is a cell's weight: entering it costs the move's cost times the weight.
//! `TileRules` give one kind of agent its own weights without copying the map: here a heavy
//! cart, for which any cell heavier than 1 is a wall.

use pathkit::grid::{Cell, Grid};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// The cost of the same trip for a walker and for a cart.
fn run() -> Result<(u32, Option<u32>), Box<dyn std::error::Error>> {
    // A swamp (weight 2) straight ahead; the long way round is dry.
    let grid = Grid::from_ascii(
        "..........\n\
         .########.\n\
         .########.\n\
         .########.\n\
         .########.\n\
         .22222222.",
    )?;
    let (start, goal) = (Cell::new(0, 5), Cell::new(9, 5));
    let mut ctx = SearchContext::new();
    // Four-connected, every step costing 1 times the weight of the cell entered.
    let walker = grid.four_connected();
    let walked = walker
        .find_path(&mut ctx, start, goal)?
        .into_path()
        .ok_or("no way for the walker")?;
    println!(
        "walker: cost {} over {} steps",
        walked.cost,
        walked.nodes.len() - 1
    );
    // The cart sinks into anything softer than a road.
    let cart = walker.with_rules(|g: &Grid, c: Cell| if g.weight(c) == 1 { 1 } else { 0 });
    let carted = cart.find_path(&mut ctx, start, goal)?.into_path();
    match &carted {
        Some(path) => println!(
            "cart: cost {} over {} steps",
            path.cost,
            path.nodes.len() - 1
        ),
        None => println!("cart: no way round"),
    }
    Ok((walked.cost, carted.map(|p| p.cost)))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_walker_wades_and_the_cart_goes_round() {
    // The walker wades: eight swamp cells at 2 and the goal at 1 make 17. The cart takes the
    // dry way: 5 up, 9 across, 5 down, 19.
    assert_eq!(run().unwrap(), (17, Some(19)));
}
