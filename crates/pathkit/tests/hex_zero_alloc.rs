//! The hex grid's documented allocation behaviour: once a context has answered the longest query
//! it will be asked, later queries allocate nothing, edits to the grid between them (hexes walled
//! and opened, weights changed) included.

use crate::alloc_counter::count;
use pathkit::hex::{Hex, HexGrid, HexLayout};
use pathkit::search::{SearchContext, SearchOptions};
use pathkit::{Goal, Pathfinder};

/// A 60x60 odd-r grid with a hex in seven walled, and a passable border.
fn map() -> HexGrid {
    HexGrid::from_fn(HexLayout::OddR, 60, 60, |col, row| {
        let border = col == 0 || row == 0 || col == 59 || row == 59;
        u32::from(border || (col * 31 + row * 17) % 7 != 0)
    })
    .unwrap()
}

/// A new wall makes the next query rebuild the connected components, in the arrays they had; a
/// wall knocked down merges them in place; a weight change touches neither. No query after the
/// first allocates.
#[test]
fn hex_edits_between_queries_allocate_nothing() {
    let mut grid = map();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let at = |col, row| grid.hex_at(col, row).unwrap();
    let queries = [(at(0, 0), at(59, 59)), (at(0, 59), at(59, 0))];
    let walls = [at(30, 30), at(10, 45), at(45, 10)];
    let swamp = at(1, 1);
    let query_all = |grid: &HexGrid, ctx: &mut SearchContext<u64>, path: &mut Vec<Hex>| {
        for &(s, g) in &queries {
            let status = grid
                .find_path_into(ctx, s, Goal::Node(g), &options, path)
                .unwrap();
            assert!(status.is_found(), "the border keeps the corners connected");
            assert!(grid.reachable(s, g).unwrap());
        }
    };
    query_all(&grid, &mut ctx, &mut path);
    let (_, allocations) = count(|| {
        for round in 0..6 {
            for &wall in &walls {
                grid.set_weight(wall, u32::from(round % 2 == 1)).unwrap();
                // The table is asked (and so rebuilt) after every wall.
                assert_eq!(grid.component(wall).unwrap().is_some(), round % 2 == 1);
            }
            grid.set_weight(swamp, 1 + round % 2).unwrap();
            query_all(&grid, &mut ctx, &mut path);
        }
    });
    assert_eq!(
        allocations, 0,
        "an edit must not make the next query allocate"
    );
}
