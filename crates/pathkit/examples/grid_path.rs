//! A path on a tile map: the first thing most games ask for.
//!
//! ```text
//! cargo run -p pathkit-games --example grid_path
//! ```
//!
//! The map is text (`#` a wall, `.` floor). Eight-connected moves never cut a wall's corner
//! (the Moving AI rule); straight steps cost 1 and diagonal ones √2. The context is kept between
//! queries: once it has grown to the map's size, a query allocates nothing.

use pathkit::grid::{Cell, Grid};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// Finds the path, draws it and returns it with its cost.
fn run() -> Result<(Vec<Cell>, f64), Box<dyn std::error::Error>> {
    let grid = Grid::from_ascii(
        "........\n\
         .######.\n\
         ......#.\n\
         .####.#.\n\
         ......#.",
    )?;
    let space = grid.eight_connected();
    let mut ctx = SearchContext::new();
    let (start, goal) = (Cell::new(0, 4), Cell::new(7, 4));
    let path = space
        .find_path(&mut ctx, start, goal)?
        .into_path()
        .ok_or("the goal is walled off")?;
    for y in 0..grid.height() {
        let row: String = (0..grid.width())
            .map(|x| {
                let cell = Cell::new(x, y);
                if path.nodes.contains(&cell) {
                    '*'
                } else if !grid.is_passable(cell) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        println!("{row}");
    }
    println!("{} steps, cost {:.3}", path.nodes.len() - 1, path.cost);
    Ok((path.nodes, path.cost))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn the_path_goes_around_the_walls() {
    let (nodes, cost) = run().unwrap();
    assert_eq!(
        (nodes[0], *nodes.last().unwrap()),
        (Cell::new(0, 4), Cell::new(7, 4))
    );
    // Up the left side, along the top row, down the right side: no diagonal fits past the
    // walls' corners without cutting one.
    assert_eq!((nodes.len(), cost), (16, 15.0));
}
