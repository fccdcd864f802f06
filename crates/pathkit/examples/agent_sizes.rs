//! Agents of several sizes on one tile map: a mouse through the narrow door, an ogre (two cells
//! by two) the long way round, and the ogre's way again after a wall goes up.
//!
//! ```text
//! cargo run -p pathkit-games --example agent_sizes
//! ```
//!
//! A `Clearance` holds, for every cell, the side of the largest open square whose top-left
//! corner is that cell. An agent `k` cells wide searches the same grid with the rules
//! `clearance.fits(k, ...)`: a cell where its square does not fit is a wall to it. An edit
//! updates the clearance around the cell edited, not the whole map.

use pathkit::grid::{Cell, Clearance, Grid, GridRules};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// What the three trips cost: the mouse's, the ogre's, and the ogre's after the boulder (`None`:
/// no way).
type Costs = (u32, Option<u32>, Option<u32>);

/// The mouse's cost, the ogre's, and the ogre's after a wall is built in its way.
fn run() -> Result<Costs, Box<dyn std::error::Error>> {
    // A wall with a door one cell wide (x = 4) and a passage two cells wide along the right.
    let mut grid = Grid::from_ascii(
        "............\n\
         ............\n\
         ####.#####..\n\
         ............\n\
         ............",
    )?;
    let (start, goal) = (Cell::new(4, 0), Cell::new(4, 3));
    let mut clearance = Clearance::new(&grid, 2);
    let mut ctx = SearchContext::new();
    let mouse = grid
        .four_connected()
        .find_path(&mut ctx, start, goal)?
        .into_path()
        .ok_or("no way for the mouse")?;
    println!("mouse: cost {}, through the door", mouse.cost);
    let ogre = grid
        .four_connected()
        .with_rules(clearance.fits(2, GridRules));
    let walked = ogre
        .find_path(&mut ctx, start, goal)?
        .into_path()
        .map(|p| p.cost);
    println!("ogre: cost {walked:?}, round by the passage");
    // A boulder in the passage: the ogre no longer fits anywhere through the wall.
    grid.set_weight(Cell::new(11, 2), 0)?;
    clearance.update(&grid, Cell::new(11, 2))?;
    let ogre = grid
        .four_connected()
        .with_rules(clearance.fits(2, GridRules));
    let blocked = ogre
        .find_path(&mut ctx, start, goal)?
        .into_path()
        .map(|p| p.cost);
    println!("ogre after the boulder: {blocked:?}");
    Ok((mouse.cost, walked, blocked))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_mouse_takes_the_door_and_the_ogre_the_passage_until_it_is_blocked() {
    // The mouse: 3 steps down through the door. The ogre (its top-left corner on the path):
    // 6 right to x = 10, 3 down, 6 back left = 15. With the passage half blocked, no way.
    assert_eq!(run().unwrap(), (3, Some(15), None));
}
