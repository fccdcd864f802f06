//! Jump Point Search against Dijkstra on random grids: same cost, same reachability, valid paths.
//!
//! Grids range from open fields to dense mazes, 1 to 130 cells wide so that the 64-cell word
//! boundaries of the block-based scans are crossed.

use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::{Outcome, SearchContext};
use proptest::prelude::*;

/// Deterministic pseudo-random numbers for building a grid from one seed.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random grid: `kind` 0 = open field, 1 = scattered walls, 2 = dense, 3 = maze.
fn random_grid(width: u32, height: u32, kind: u8, seed: u64) -> Grid {
    let mut rng = XorShift(seed | 1);
    if kind == 3 {
        // A maze carved by a random depth-first walk on the odd cells, then a few extra holes.
        let mut open = vec![false; (width * height) as usize];
        let at = |x: u32, y: u32| (y * width + x) as usize;
        let mut stack = vec![(0u32, 0u32)];
        open[0] = true;
        while let Some(&(x, y)) = stack.last() {
            let mut options = Vec::new();
            for (dx, dy) in [(2i64, 0i64), (-2, 0), (0, 2), (0, -2)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx >= 0
                    && ny >= 0
                    && nx < width as i64
                    && ny < height as i64
                    && !open[at(nx as u32, ny as u32)]
                {
                    options.push((nx as u32, ny as u32));
                }
            }
            if options.is_empty() {
                stack.pop();
                continue;
            }
            let (nx, ny) = options[rng.below(options.len() as u64) as usize];
            open[at((x + nx) / 2, (y + ny) / 2)] = true;
            open[at(nx, ny)] = true;
            stack.push((nx, ny));
        }
        for _ in 0..(width * height) / 20 {
            let i = rng.below((width * height) as u64) as usize;
            open[i] = true;
        }
        return Grid::from_fn(width, height, |c| u32::from(open[at(c.x, c.y)])).unwrap();
    }
    let wall_per_mille = [30u64, 200, 420][kind as usize];
    Grid::from_fn(width, height, |_| {
        u32::from(rng.below(1000) >= wall_per_mille)
    })
    .unwrap()
}

/// A start or goal: usually a free cell, sometimes any cell (blocked ones included).
fn pick(grid: &Grid, rng: &mut XorShift) -> Cell {
    let free: Vec<usize> = (0..grid.len())
        .filter(|&i| grid.weight_at(i) != 0)
        .collect();
    if free.is_empty() || rng.below(10) == 0 {
        grid.cell_at(rng.below(grid.len() as u64) as usize)
    } else {
        grid.cell_at(free[rng.below(free.len() as u64) as usize])
    }
}

/// Checks that `nodes` is a legal path from `start` to `goal` costing `cost`.
fn assert_valid_path(grid: &Grid, eight: bool, start: Cell, goal: Cell, nodes: &[Cell], cost: f64) {
    assert_eq!(nodes.first(), Some(&start));
    assert_eq!(nodes.last(), Some(&goal));
    let mut sum = 0.0;
    for c in nodes {
        assert!(grid.is_passable(*c), "path crosses blocked cell {c}");
    }
    for w in nodes.windows(2) {
        let (a, b) = (w[0], w[1]);
        let dx = a.x.abs_diff(b.x);
        let dy = a.y.abs_diff(b.y);
        match (dx, dy) {
            (1, 0) | (0, 1) => sum += 1.0,
            (1, 1) if eight => {
                assert!(
                    grid.is_passable(Cell::new(b.x, a.y)) && grid.is_passable(Cell::new(a.x, b.y)),
                    "diagonal {a} -> {b} cuts a corner"
                );
                sum += std::f64::consts::SQRT_2;
            }
            _ => panic!("{a} -> {b} is not a move"),
        }
    }
    assert!(
        (sum - cost).abs() < 1e-9,
        "moves add up to {sum}, reported {cost}"
    );
}

/// Runs a few queries on one grid and compares JPS with Dijkstra.
fn compare(grid: &Grid, mode: JpsMode, seed: u64, queries: usize) {
    let eight = mode == JpsMode::EIGHT;
    let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut jps = JpsContext::new();
    let mut dijkstra = SearchContext::new();
    let mut dijkstra4 = SearchContext::<u32>::new();
    let mut jump_ctx = JpsContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(grid, &mut rng), pick(grid, &mut rng));
        let expected = if !grid.is_passable(start) || !grid.is_passable(goal) {
            // Documented: a blocked end is unreachable (the core search would walk out of it).
            Outcome::Unreachable
        } else if eight {
            dijkstra.dijkstra(&grid.octile(), start, goal).unwrap()
        } else {
            match dijkstra4
                .dijkstra(&grid.four_connected(), start, goal)
                .unwrap()
            {
                Outcome::Found(p) => Outcome::Found(pathkit::search::Path {
                    cost: p.cost as f64,
                    nodes: p.nodes,
                }),
                Outcome::Unreachable => Outcome::Unreachable,
                Outcome::LimitReached(_) => unreachable!(),
            }
        };
        let got = jps.find_path(grid, start, goal, mode).unwrap();
        let jumps = jump_ctx
            .find_path(grid, start, goal, mode.jump_points())
            .unwrap();
        match (&expected, &got) {
            (Outcome::Found(e), Outcome::Found(g)) => {
                assert!(
                    (e.cost - g.cost).abs() < 1e-9,
                    "{start} -> {goal}: dijkstra {} jps {}\n{}",
                    e.cost,
                    g.cost,
                    grid.to_ascii()
                );
                assert_valid_path(grid, eight, start, goal, &g.nodes, g.cost);
                let j = jumps.path().expect("jump point path");
                assert_eq!(j.cost, g.cost);
                assert!(j.nodes.len() <= g.nodes.len());
                assert!(j.nodes.iter().all(|c| g.nodes.contains(c)));
            }
            (Outcome::Unreachable, Outcome::Unreachable) => {
                assert_eq!(jumps, Outcome::Unreachable);
            }
            _ => panic!(
                "{start} -> {goal}: dijkstra {expected:?}, jps {got:?}\n{}",
                grid.to_ascii()
            ),
        }
    }
}

/// JPS+ against Dijkstra on the grid it holds.
fn compare_plus(plus: &JpsPlus, seed: u64, queries: usize) {
    let grid = plus.grid();
    let mut rng = XorShift(seed.wrapping_mul(0xbf58_476d_1ce4_e5b9) | 1);
    let mut ctx = JpsContext::new();
    let mut dijkstra = SearchContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(grid, &mut rng), pick(grid, &mut rng));
        let got = plus
            .find_path(&mut ctx, start, goal, PathMode::Cells)
            .unwrap();
        if !grid.is_passable(start) || !grid.is_passable(goal) {
            assert_eq!(got, Outcome::Unreachable);
            continue;
        }
        match (dijkstra.dijkstra(&grid.octile(), start, goal).unwrap(), got) {
            (Outcome::Found(e), Outcome::Found(g)) => {
                assert!(
                    (e.cost - g.cost).abs() < 1e-9,
                    "{start} -> {goal}: dijkstra {} jps+ {}\n{}",
                    e.cost,
                    g.cost,
                    grid.to_ascii()
                );
                assert_valid_path(grid, true, start, goal, &g.nodes, g.cost);
            }
            (Outcome::Unreachable, Outcome::Unreachable) => {}
            (e, g) => panic!(
                "{start} -> {goal}: dijkstra {e:?}, jps+ {g:?}\n{}",
                grid.to_ascii()
            ),
        }
    }
}

fn grids() -> impl Strategy<Value = (u32, u32, u8, u64)> {
    (1u32..=130, 1u32..=24, 0u8..4, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn eight_connected_matches_dijkstra((w, h, kind, seed) in grids()) {
        let grid = random_grid(w, h, kind, seed);
        compare(&grid, JpsMode::EIGHT, seed, 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn four_connected_matches_dijkstra((w, h, kind, seed) in grids()) {
        let grid = random_grid(w, h, kind, seed);
        compare(&grid, JpsMode::FOUR, seed, 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn jps_plus_matches_dijkstra_before_and_after_edits((w, h, kind, seed) in grids()) {
        let mut plus = JpsPlus::new(random_grid(w, h, kind, seed)).unwrap();
        compare_plus(&plus, seed, 3);
        let mut rng = XorShift(seed ^ 0x5555_5555);
        for _ in 0..1 + rng.below(6) {
            let cell = Cell::new(rng.below(w as u64) as u32, rng.below(h as u64) as u32);
            let open = !plus.grid().is_passable(cell);
            plus.set_passable(cell, open).unwrap();
        }
        compare_plus(&plus, seed.rotate_left(17), 3);
    }
}

#[test]
fn tall_thin_grids_cross_column_word_boundaries() {
    for (h, seed) in [(130u32, 7u64), (129, 11), (64, 13), (65, 17)] {
        for kind in 0..4 {
            let grid = random_grid(3, h, kind, seed);
            compare(&grid, JpsMode::EIGHT, seed, 30);
            compare(&grid, JpsMode::FOUR, seed, 30);
        }
    }
}

#[test]
fn non_uniform_grid_is_a_typed_error() {
    let grid = Grid::from_ascii("..3\n...").unwrap();
    let err = JpsContext::new()
        .find_path(&grid, Cell::new(0, 0), Cell::new(1, 1), JpsMode::EIGHT)
        .unwrap_err();
    assert_eq!(
        err,
        pathkit::jps::JpsError::NonUniformCost {
            cell: Cell::new(2, 0),
            weight: 3
        }
    );
}

#[test]
fn out_of_bounds_blocked_and_trivial_queries() {
    let grid = Grid::from_ascii("..#\n...").unwrap();
    let mut ctx = JpsContext::new();
    assert!(matches!(
        ctx.find_path(&grid, Cell::new(3, 0), Cell::new(0, 0), JpsMode::EIGHT),
        Err(pathkit::jps::JpsError::OutOfBounds { .. })
    ));
    assert_eq!(
        ctx.find_path(&grid, Cell::new(0, 0), Cell::new(2, 0), JpsMode::EIGHT)
            .unwrap(),
        Outcome::Unreachable
    );
    let same = ctx
        .find_path(&grid, Cell::new(1, 1), Cell::new(1, 1), JpsMode::FOUR)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(same.nodes, vec![Cell::new(1, 1)]);
    assert_eq!(same.cost, 0.0);
}
