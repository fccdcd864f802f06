//! After warm-up, Jump Point Search, JPS+ and A* queries on reused contexts allocate nothing, and
//! edits to the map between queries do not change that.

use crate::alloc_counter;

use alloc_counter::{count, count_with_bytes};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::AStar;
use pathkit::search::{SearchContext, SearchOptions, Status};
use pathkit::{Goal, Pathfinder};

/// A 150x120 map of random walls and a few long wall segments (rooms and corridors).
fn map() -> Grid {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    Grid::from_fn(150, 120, |c| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let segment = (c.x % 20 == 10 && c.y % 30 > 4) || (c.y % 25 == 12 && c.x % 40 > 6);
        u32::from(!segment && state % 100 >= 20)
    })
    .unwrap()
}

/// Start-goal pairs: random cells (some blocked, some unreachable) and one start == goal.
fn queries(grid: &Grid) -> Vec<(Cell, Cell)> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out: Vec<(Cell, Cell)> = (0..300)
        .map(|_| {
            let a = Cell::new(
                (next() % grid.width() as u64) as u32,
                (next() % grid.height() as u64) as u32,
            );
            let b = Cell::new(
                (next() % grid.width() as u64) as u32,
                (next() % grid.height() as u64) as u32,
            );
            (a, b)
        })
        .collect();
    out.push((Cell::new(1, 1), Cell::new(1, 1)));
    out
}

/// Runs `query` over every pair once to warm up, then counts the allocations of a second pass.
fn allocations_after_warm_up(
    pairs: &[(Cell, Cell)],
    mut query: impl FnMut(Cell, Cell) -> bool,
) -> (usize, usize) {
    for &(s, g) in pairs {
        query(s, g);
    }
    count(|| pairs.iter().filter(|&&(s, g)| query(s, g)).count())
}

#[test]
fn jps_queries_allocate_nothing_after_warm_up() {
    let grid = map();
    let pairs = queries(&grid);
    for mode in [
        JpsMode::EIGHT,
        JpsMode::EIGHT.jump_points(),
        JpsMode::FOUR,
        JpsMode::FOUR.jump_points(),
    ] {
        let mut ctx = JpsContext::new();
        let mut path = Vec::new();
        let (found, allocations) = allocations_after_warm_up(&pairs, |s, g| {
            grid.jump_points(mode)
                .find_path_into(&mut ctx, s, Goal::Node(g), &Default::default(), &mut path)
                .unwrap()
                .is_found()
        });
        assert!(found > 100, "{mode:?}: only {found} paths found");
        assert_eq!(allocations, 0, "{mode:?}");
    }
}

#[test]
fn jps_plus_queries_allocate_nothing_after_warm_up() {
    let plus = JpsPlus::new(map()).unwrap();
    let pairs = queries(plus.grid());
    for mode in [PathMode::Cells, PathMode::JumpPoints] {
        let mut ctx = JpsContext::new();
        let mut path = Vec::new();
        let (found, allocations) = allocations_after_warm_up(&pairs, |s, g| {
            plus.paths(mode)
                .find_path_into(&mut ctx, s, Goal::Node(g), &Default::default(), &mut path)
                .unwrap()
                .is_found()
        });
        assert!(found > 100, "{mode:?}: only {found} paths found");
        assert_eq!(allocations, 0, "{mode:?}");
    }
}

#[test]
fn astar_queries_allocate_nothing_after_warm_up() {
    let grid = map();
    let pairs = queries(&grid);
    let space = grid.eight_connected();
    let options = SearchOptions::new();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let (found, allocations) = allocations_after_warm_up(&pairs, |s, g| {
        if !grid.is_passable(s) || !grid.reachable(s, g, pathkit::grid::Diagonal::NoCornerCutting) {
            return false;
        }
        matches!(
            AStar(&space)
                .find_path_into(&mut ctx, s, Goal::Node(g), &options, &mut path)
                .unwrap(),
            Status::Found { .. }
        )
    });
    assert!(found > 100, "only {found} paths found");
    assert_eq!(allocations, 0);
}

#[test]
fn the_counter_sees_allocations() {
    // A fresh context must allocate: proves the counting allocator is installed.
    let grid = map();
    let (_, allocations) = count(|| {
        grid.jump_points(JpsMode::EIGHT)
            .find_path_into(
                &mut JpsContext::new(),
                Cell::new(0, 0),
                Goal::Node(Cell::new(149, 119)),
                &Default::default(),
                &mut Vec::new(),
            )
            .unwrap()
    });
    assert!(allocations > 0);
}

/// Walls built and knocked down between queries: the grid (and the JPS+ table) are updated in
/// place, the connected components rebuilt in the arrays they had, so once a round of edits and
/// queries has warmed everything up, neither edits nor queries allocate.
#[test]
fn edits_between_jps_and_jps_plus_queries_allocate_nothing() {
    let mut grid = map();
    let mut plus = JpsPlus::new(map()).unwrap();
    let pairs = queries(&grid);
    let walls = [Cell::new(30, 30), Cell::new(75, 60), Cell::new(120, 100)];
    let (mut ctx, mut plus_ctx) = (JpsContext::new(), JpsContext::new());
    let mut path = Vec::new();
    let mut run = |grid: &Grid, plus: &JpsPlus, path: &mut Vec<Cell>| {
        let mut found = 0;
        for &(s, g) in &pairs {
            found += usize::from(
                grid.jump_points(JpsMode::EIGHT)
                    .find_path_into(&mut ctx, s, Goal::Node(g), &Default::default(), path)
                    .unwrap()
                    .is_found(),
            );
            found += usize::from(
                plus.find_path_into(&mut plus_ctx, s, Goal::Node(g), &Default::default(), path)
                    .unwrap()
                    .is_found(),
            );
        }
        found
    };
    let mut edit_and_run = |rounds: std::ops::Range<usize>| {
        let mut found = 0;
        for round in rounds {
            for &wall in &walls {
                if round % 2 == 0 {
                    grid.block(wall).unwrap();
                    plus.open(wall).unwrap();
                } else {
                    grid.open(wall).unwrap();
                    plus.block(wall).unwrap();
                }
            }
            found += run(&grid, &plus, &mut path);
        }
        found
    };
    // Warm-up: queries, and one edit of each kind (the JPS+ update keeps two short lists).
    edit_and_run(0..2);
    let (found, allocations) = count(|| edit_and_run(2..6));
    assert!(found > 800, "only {found} paths found");
    assert_eq!(
        allocations, 0,
        "an edit must not make the next query allocate"
    );
}

/// `JpsContext::reserve` sizes the per-cell records (16 bytes a cell) before the first query,
/// so that query allocates at least that much less than the same query on a new context.
#[test]
fn a_reserved_context_sizes_its_records_before_the_first_query() {
    let grid = map();
    grid.prepare(Diagonal::NoCornerCutting).unwrap();
    let (start, goal) = queries(&grid)
        .into_iter()
        .find(|&(s, g)| {
            grid.jump_points(JpsMode::EIGHT)
                .find_path(&mut JpsContext::new(), s, g)
                .unwrap()
                .is_found()
        })
        .unwrap();
    let records = 16 * grid.len();

    let mut cold = JpsContext::new();
    let (_, _, cold_bytes) = count_with_bytes(|| {
        grid.jump_points(JpsMode::EIGHT)
            .find_path(&mut cold, start, goal)
            .unwrap()
    });
    let mut reserved = JpsContext::new();
    let (_, _, reserve_bytes) = count_with_bytes(|| reserved.reserve(&grid).unwrap());
    let (_, _, first_bytes) = count_with_bytes(|| {
        grid.jump_points(JpsMode::EIGHT)
            .find_path(&mut reserved, start, goal)
            .unwrap()
    });
    assert!(
        reserve_bytes >= records,
        "reserve asked for {reserve_bytes} bytes, the records take {records}"
    );
    assert!(
        first_bytes + records <= cold_bytes,
        "after reserve the first query asked for {first_bytes} bytes, on a new context {cold_bytes}"
    );
}

/// Jump Point Search on weights: after warm-up its queries allocate nothing, and neither do its
/// edits (a weight changed, a wall built and taken down) nor the queries after them.
#[test]
fn weighted_jps_queries_and_edits_allocate_nothing_after_warm_up() {
    let plain = map();
    // Patches of terrain over the walls: a third of the free cells weigh 2 to 5.
    let grid = Grid::from_fn(plain.width(), plain.height(), |c| {
        let w = plain.weight(c);
        let patch = (c.x / 12 + c.y / 9) % 3 == 0;
        if w != 0 && patch {
            2 + (c.x / 12 + c.y / 9) % 4
        } else {
            w
        }
    })
    .unwrap();
    let pairs = queries(&grid);
    let mut jumps = pathkit::jps::WeightedJumpPoints::new(grid).unwrap();
    let mut ctx = JpsContext::new();
    let mut path = Vec::new();
    let mut query = |jumps: &pathkit::jps::WeightedJumpPoints, s: Cell, g: Cell| {
        jumps
            .find_path_into(&mut ctx, s, Goal::Node(g), &Default::default(), &mut path)
            .unwrap()
            .is_found()
    };
    let (found, allocations) = allocations_after_warm_up(&pairs, |s, g| query(&jumps, s, g));
    assert!(found > 100, "only {found} paths");
    assert_eq!(allocations, 0, "weighted JPS queries allocated");
    let cell = Cell::new(30, 40);
    let (_, allocations) = count(|| {
        jumps.set_weight(cell, 4).unwrap();
        jumps.set_weight(cell, 0).unwrap();
        jumps.set_weight(cell, 1).unwrap();
    });
    assert_eq!(allocations, 0, "weighted JPS edits allocated");
    let (found, allocations) =
        count(|| pairs.iter().filter(|&&(s, g)| query(&jumps, s, g)).count());
    assert!(found > 100, "only {found} paths after the edits");
    assert_eq!(allocations, 0, "weighted JPS queries after edits allocated");
}

/// Jump Point Search on weights with landmark bounds allocates nothing after warm-up either.
#[test]
fn guided_weighted_jps_queries_allocate_nothing_after_warm_up() {
    use pathkit::search::{LandmarkChoice, Landmarks};
    let plain = map();
    let grid = Grid::from_fn(plain.width(), plain.height(), |c| {
        let w = plain.weight(c);
        if w != 0 && (c.x / 10 + c.y / 7) % 3 == 0 {
            3
        } else {
            w
        }
    })
    .unwrap();
    let pairs = queries(&grid);
    let seed = pairs
        .iter()
        .map(|p| p.0)
        .find(|&c| grid.is_passable(c))
        .unwrap();
    let choice = LandmarkChoice::Farthest { count: 6, seed };
    let landmarks = Landmarks::new(&grid.eight_connected(), choice).unwrap();
    let jumps = pathkit::jps::WeightedJumpPoints::new(grid).unwrap();
    let guided = jumps.with_landmarks(&landmarks);
    let mut ctx = JpsContext::new();
    let mut path = Vec::new();
    let (found, allocations) = allocations_after_warm_up(&pairs, |s, g| {
        guided
            .find_path_into(&mut ctx, s, Goal::Node(g), &Default::default(), &mut path)
            .unwrap()
            .is_found()
    });
    assert!(found > 100, "only {found} paths");
    assert_eq!(allocations, 0, "weighted JPS with landmarks allocated");
}
