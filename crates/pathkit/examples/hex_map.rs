//! A hex map with a river: the path takes the ford, and wades when the ford is blocked.
//!
//! ```text
//! cargo run -p pathkit-games --example hex_map
//! ```
//!
//! Entering a hex costs its weight (`9` is deep water, `#` a wall), and every hex has the same
//! six neighbours, so A* estimates with the hex distance. The map is edited between searches.

use pathkit::hex::{Hex, HexGrid};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// Odd rows are drawn half a hex to the right ("odd-r", pointy-top hexes, as many map files
/// store them). Row 1 is the river: deep water on the left, a ford in the middle, walls
/// elsewhere.
const MAP: &str = "hex odd-r\n\
                   . . . . .\n \
                    9 # . # #\n\
                   . . . . .";

/// A path as offset coordinates (column, row), and its cost.
type Route = (Vec<(u32, u32)>, u64);

/// The route across with the ford open, and with it blocked.
fn run() -> Result<(Route, Route), Box<dyn std::error::Error>> {
    let mut map = HexGrid::from_ascii(MAP)?;
    let at = |col, row| map.hex_at(col, row).ok_or("outside the map");
    let (start, goal, ford) = (at(0, 0)?, at(0, 2)?, at(2, 1)?);
    let mut ctx = SearchContext::new();
    let mut route = |map: &HexGrid| -> Result<Route, Box<dyn std::error::Error>> {
        let path = map
            .find_path(&mut ctx, start, goal)?
            .into_path()
            .ok_or("no way across")?;
        let cells = path.nodes.iter().map(|&h: &Hex| map.offset_of(h).unwrap());
        Ok((cells.collect(), path.cost))
    };
    let by_the_ford = route(&map)?;
    println!("ford open:    {by_the_ford:?}");
    map.block(ford)?;
    let wading = route(&map)?;
    println!("ford blocked: {wading:?}");
    Ok((by_the_ford, wading))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_ford_is_taken_and_the_water_waded_when_it_is_blocked() {
    let ((ford_path, ford_cost), (wade_path, wade_cost)) = run().unwrap();
    // Two steps along the bank, the ford, two steps back along the far bank: six hexes of 1.
    assert_eq!(ford_cost, 6);
    assert!(ford_path.contains(&(2, 1)));
    // Straight through the deep water (9) and onto the far bank (1).
    assert_eq!((wade_path, wade_cost), (vec![(0, 0), (0, 1), (0, 2)], 10));
}
