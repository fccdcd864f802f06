//! After a warm-up query, A* on a reused context allocates nothing.

mod alloc_counter;

use alloc_counter::count;
use pathkit::grid::{Cell, Grid};
use pathkit::search::{SearchContext, SearchOptions, Status};

/// A 200x200 map of random walls with a guaranteed open border.
fn map() -> Grid {
    let mut state = 0x2545F4914F6CDD1Du64;
    Grid::from_fn(200, 200, |c| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let border = c.x == 0 || c.y == 0 || c.x == 199 || c.y == 199;
        u32::from(border || state % 100 >= 30)
    })
    .unwrap()
}

/// Corner-to-corner and edge-to-edge queries on [`map`], the longest ones the map has.
const QUERIES: [((u32, u32), (u32, u32)); 4] = [
    ((0, 0), (199, 199)),
    ((0, 199), (199, 0)),
    ((5, 0), (150, 199)),
    ((0, 100), (199, 100)),
];

/// Runs [`QUERIES`] once to warm up (buffers reach their largest size), then 20 times more while
/// counting allocations: `query` answers whether it found a path.
fn assert_warm_queries_allocate_nothing(mut query: impl FnMut(Cell, Cell) -> bool) {
    let cells = QUERIES.map(|((sx, sy), (gx, gy))| (Cell::new(sx, sy), Cell::new(gx, gy)));
    for &(s, g) in &cells {
        query(s, g);
    }
    let (found, allocations) = count(|| {
        (0..20)
            .flat_map(|_| cells.iter())
            .filter(|&&(s, g)| query(s, g))
            .count()
    });
    assert_eq!(found, 80, "the border keeps every corner reachable");
    assert_eq!(allocations, 0, "a warmed-up query must not allocate");
}

#[test]
fn queries_after_warm_up_allocate_nothing() {
    let grid = map();
    let space = grid.octile();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    assert_warm_queries_allocate_nothing(|s, g| {
        matches!(
            ctx.search_into(&space, s, g, &options, &mut path),
            Ok(Status::Found { .. })
        )
    });
}

#[test]
fn fast_grid_queries_after_warm_up_allocate_nothing() {
    let grid = map();
    let space = grid.octile();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    assert_warm_queries_allocate_nothing(|s, g| {
        matches!(
            space.find_path_into(&mut ctx, s, g, &options, &mut path),
            Ok(Status::Found { .. })
        )
    });
}
