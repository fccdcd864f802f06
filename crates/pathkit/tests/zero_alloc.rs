//! The documented allocation behaviour of A* on a reused context, exactly: a context grows and never
//! shrinks, so once it has answered the largest query it will be asked, later queries allocate
//! nothing, whatever their order, and edits to the grid between queries (walls built and knocked
//! down, weights changed) do not make the next query allocate either.

use crate::alloc_counter;

use alloc_counter::count;
use pathkit::grid::{Cell, Grid};
use pathkit::search::AStar;
use pathkit::search::{
    SearchContext, SearchOptions, SearchSpace, Sparse, SparseSearchContext, Status,
};
use pathkit::{Goal, Pathfinder};

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
    let space = grid.eight_connected();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    assert_warm_queries_allocate_nothing(|s, g| {
        matches!(
            AStar(&space).find_path_into(&mut ctx, s, Goal::Node(g), &options, &mut path),
            Ok(Status::Found { .. })
        )
    });
}

#[test]
fn fast_grid_queries_after_warm_up_allocate_nothing() {
    let grid = map();
    let space = grid.eight_connected();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    assert_warm_queries_allocate_nothing(|s, g| {
        matches!(
            space.find_path_into(&mut ctx, s, Goal::Node(g), &options, &mut path),
            Ok(Status::Found { .. })
        )
    });
}

/// An unbounded, open, 4-connected plane with the Manhattan estimate: the same query shifted
/// anywhere meets as many nodes.
struct Plane;

impl SearchSpace for Plane {
    type Node = (i64, i64);
    type Cost = u32;
    fn successors<F: FnMut((i64, i64), u32)>(&self, (x, y): (i64, i64), mut visit: F) {
        for n in [(x, y - 1), (x - 1, y), (x, y + 1), (x + 1, y)] {
            visit(n, 1);
        }
    }
    fn heuristic(&self, (x, y): (i64, i64), (gx, gy): (i64, i64)) -> u32 {
        (x.abs_diff(gx) + y.abs_diff(gy)) as u32
    }
}

/// A sparse context forgets the nodes of its last query (keeping the room they took), so once
/// warm, queries that meet no more nodes allocate nothing, even over nodes it has never seen:
/// a context kept for a whole game of an unbounded world stays the size of its largest query.
#[test]
fn sparse_queries_after_warm_up_allocate_nothing_on_nodes_never_seen() {
    let mut ctx = SparseSearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let mut query = |shift: i64| {
        let (start, goal) = ((shift, -shift), (shift + 40, 25 - shift));
        let status =
            Sparse(&Plane).find_path_into(&mut ctx, start, Goal::Node(goal), &options, &mut path);
        assert_eq!(status, Ok(Status::Found { cost: 40 + 25 }));
        assert_eq!((path[0], path[path.len() - 1]), (start, goal));
    };
    query(0);
    let ((), allocations) = count(|| {
        for round in 1..=20 {
            query(round * 1000);
        }
    });
    assert_eq!(allocations, 0, "a warmed-up sparse query must not allocate");
}

/// The longest query alone warms a context up for every shorter one.
#[test]
fn the_largest_query_warms_a_context_up_for_all_others() {
    let grid = map();
    let space = grid.eight_connected();
    let (mut ctx, mut general) = (SearchContext::new(), SearchContext::new());
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let (longest, others) = (QUERIES[0], &QUERIES[1..]);
    let cell = |(x, y): (u32, u32)| Cell::new(x, y);
    let _ = space
        .find_path_into(
            &mut ctx,
            cell(longest.0),
            Goal::Node(cell(longest.1)),
            &options,
            &mut path,
        )
        .unwrap();
    let _ = AStar(&space)
        .find_path_into(
            &mut general,
            cell(longest.0),
            Goal::Node(cell(longest.1)),
            &options,
            &mut path,
        )
        .unwrap();
    let (_, allocations) = count(|| {
        for &(s, g) in others.iter().chain([&longest]) {
            let shorter = (cell(s), cell((g.0 / 2, g.1 / 2)));
            for (s, g) in [(cell(s), cell(g)), shorter] {
                let _ = space
                    .find_path_into(&mut ctx, s, Goal::Node(g), &options, &mut path)
                    .unwrap();
                let _ = AStar(&space)
                    .find_path_into(&mut general, s, Goal::Node(g), &options, &mut path)
                    .unwrap();
            }
        }
    });
    assert_eq!(allocations, 0);
}

/// Walls built and knocked down, and weights changed, between queries: the grid updates its
/// tables in place (a new wall makes the next query rebuild the connected components, in the
/// arrays they already had), so no query allocates.
#[test]
fn edits_between_queries_allocate_nothing() {
    let mut grid = map();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let cells = QUERIES.map(|((sx, sy), (gx, gy))| (Cell::new(sx, sy), Cell::new(gx, gy)));
    let walls = [Cell::new(100, 100), Cell::new(50, 150), Cell::new(150, 50)];
    let query_all = |grid: &Grid, ctx: &mut SearchContext<f64>, path: &mut Vec<Cell>| {
        for &(s, g) in &cells {
            let found = grid
                .eight_connected()
                .find_path_into(ctx, s, Goal::Node(g), &options, path)
                .unwrap();
            assert!(found.is_found());
        }
    };
    query_all(&grid, &mut ctx, &mut path);
    let (_, allocations) = count(|| {
        for round in 0..6 {
            for &wall in &walls {
                grid.set_weight(wall, u32::from(round % 2 == 1)).unwrap();
            }
            grid.set_weight(Cell::new(1, 1), 1 + round % 2).unwrap();
            grid.set_weight(Cell::new(1, 1), 1).unwrap();
            query_all(&grid, &mut ctx, &mut path);
        }
    });
    assert_eq!(
        allocations, 0,
        "an edit must not make the next query allocate"
    );
}

/// `Grid::prepare` and `SearchContext::reserve` build up front exactly what a first query would:
/// a prepared first query allocates no more than one on a grid another context has already
/// searched (only its open list grows), and less than a query on a fresh grid, or than one by a
/// context that did not reserve its records.
#[test]
fn preparing_builds_what_the_first_query_would() {
    let (start, goal) = (Cell::new(0, 0), Cell::new(199, 199));
    let options = SearchOptions::new();
    let first_query = |grid: &Grid, ctx: &mut SearchContext<f64>| {
        let mut path = Vec::with_capacity(1024);
        count(|| {
            grid.eight_connected()
                .find_path_into(ctx, start, Goal::Node(goal), &options, &mut path)
                .unwrap()
        })
        .1
    };
    let cold = first_query(&map(), &mut SearchContext::new());

    let prepared = map();
    prepared
        .prepare(pathkit::grid::Diagonal::NoCornerCutting)
        .unwrap();
    let mut ctx = SearchContext::new();
    ctx.reserve(&prepared.eight_connected()).unwrap();
    let after_prepare = first_query(&prepared, &mut ctx);

    let searched = map();
    first_query(&searched, &mut SearchContext::new());
    let mut ctx = SearchContext::new();
    ctx.reserve(&searched.eight_connected()).unwrap();
    let after_another_search = first_query(&searched, &mut ctx);

    assert_eq!(after_prepare, after_another_search);
    assert!(after_prepare < cold, "{after_prepare} vs {cold}");
    // Without `reserve`, the first query on the prepared map sizes the records itself.
    let unreserved = first_query(&prepared, &mut SearchContext::new());
    assert!(
        after_prepare < unreserved,
        "{after_prepare} vs {unreserved}"
    );
}

/// A clone of a grid keeps the tables built so far (`Grid::prepare`'s documentation): a context
/// warmed up on a grid searches its clone without allocating.
#[test]
fn a_clone_of_a_prepared_grid_is_prepared() {
    let grid = map();
    grid.prepare(pathkit::grid::Diagonal::NoCornerCutting)
        .unwrap();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let options = SearchOptions::new();
    let (start, goal) = (Cell::new(0, 0), Cell::new(199, 199));
    let space = grid.eight_connected();
    let found = space.find_path_into(&mut ctx, start, Goal::Node(goal), &options, &mut path);
    assert!(matches!(found, Ok(Status::Found { .. })));
    let clone = grid.clone();
    let clone_space = clone.eight_connected();
    let (found, allocations) = count(|| {
        clone_space.find_path_into(&mut ctx, start, Goal::Node(goal), &options, &mut path)
    });
    assert!(matches!(found, Ok(Status::Found { .. })));
    assert_eq!(allocations, 0, "a search on the clone built tables again");
}

/// [`Grid::memory_needed`] is what a grid costs with every table it may build, the number the
/// size limit is checked against: never less than the grid really allocates (or the limit would
/// let through more than it says), and not much more (or it would refuse maps that fit).
#[test]
fn memory_needed_is_what_a_grid_with_all_its_tables_allocates() {
    use pathkit::grid::Diagonal;
    for (w, h) in [
        (1, 1),
        (7, 5),
        (64, 64),
        (65, 3),
        (1, 300),
        (300, 1),
        (130, 65),
    ] {
        let (_, _, bytes) = alloc_counter::count_with_bytes(|| {
            let grid = Grid::new(w, h).unwrap();
            for rule in [
                Diagonal::Never,
                Diagonal::NoCornerCutting,
                Diagonal::CornerCutting,
                Diagonal::Always,
            ] {
                grid.prepare(rule).unwrap();
            }
            grid
        });
        let needed = Grid::memory_needed(w, h) as usize;
        assert!(
            bytes <= needed,
            "{w}x{h}: {bytes} allocated, {needed} counted"
        );
        assert!(
            needed <= bytes + bytes / 20 + 64,
            "{w}x{h}: {needed} counted, only {bytes} allocated"
        );
    }
}
