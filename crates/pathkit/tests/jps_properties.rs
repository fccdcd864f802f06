//! Jump Point Search and JPS+ against the independent oracle of `support/oracle.rs` on random
//! grids: every path is a real walk under the Moving AI rules (no corner cutting), costs what it
//! reports and is as cheap as the oracle's Dijkstra finds; unreachable exactly when the oracle
//! finds no path (a walled start or goal included).
//!
//! Grids range from open fields to dense mazes, 1 to 130 cells wide so that the 64-cell word
//! boundaries of the block-based scans are crossed.

use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::{Outcome, Path, Status};
use proptest::prelude::*;

use crate::support;
use pathkit::{Goal, Pathfinder};
use support::check_grid_answer;
use support::oracle::{MoveCosts, Moves, OracleMap};

/// Deterministic pseudo-random numbers for building a grid from one seed.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random grid and the oracle's copy of it (both from one list of weights): `kind` 0 = open
/// field, 1 = scattered walls, 2 = dense, 3 = maze.
pub(crate) fn random_grid(width: u32, height: u32, kind: u8, seed: u64) -> (Grid, OracleMap) {
    let weights = random_weights(width, height, kind, seed);
    let grid = Grid::from_fn(width, height, |c| weights[(c.y * width + c.x) as usize]).unwrap();
    let map = OracleMap {
        width: width as usize,
        height: height as usize,
        weights,
    };
    (grid, map)
}

/// The weights (0 or 1, row-major) of a random grid of the given kind.
fn random_weights(width: u32, height: u32, kind: u8, seed: u64) -> Vec<u32> {
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
        return open.into_iter().map(u32::from).collect();
    }
    let wall_per_mille = [30u64, 200, 420][kind as usize];
    (0..width * height)
        .map(|_| u32::from(rng.below(1000) >= wall_per_mille))
        .collect()
}

/// A start or goal: usually a free cell, sometimes any cell (blocked ones included).
pub(crate) fn pick(grid: &Grid, rng: &mut XorShift) -> Cell {
    let free: Vec<usize> = (0..grid.len())
        .filter(|&i| grid.weight_at(i) != 0)
        .collect();
    if free.is_empty() || rng.below(10) == 0 {
        grid.cell_at(rng.below(grid.len() as u64) as usize)
    } else {
        grid.cell_at(free[rng.below(free.len() as u64) as usize])
    }
}

/// The oracle's rule for a JPS mode.
fn moves_of(mode: JpsMode) -> Moves {
    if mode == JpsMode::EIGHT {
        Moves::NoCornerCutting
    } else {
        Moves::Four
    }
}

/// A jump-point answer made into the cells it stands for, by the oracle's reading of the
/// documented route between two jump points.
fn filled_in(moves: Moves, outcome: &Outcome<Cell, f64>) -> Outcome<Cell, f64> {
    match outcome {
        Outcome::Found(p) => {
            let points: Vec<(i64, i64)> =
                p.nodes.iter().map(|c| (c.x as i64, c.y as i64)).collect();
            let nodes = OracleMap::cells_between_jump_points(moves, &points)
                .into_iter()
                .map(|(x, y)| Cell::new(x as u32, y as u32))
                .collect();
            Outcome::Found(Path {
                nodes,
                cost: p.cost,
            })
        }
        other => other.clone(),
    }
}

/// Runs a few queries on one grid and checks JPS (full paths and jump points) with the oracle.
fn compare(grid: &Grid, map: &OracleMap, mode: JpsMode, seed: u64, queries: usize) {
    let moves = moves_of(mode);
    let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut jps = JpsContext::new();
    let mut jump_ctx = JpsContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(grid, &mut rng), pick(grid, &mut rng));
        let got = grid
            .jump_points(mode)
            .find_path(&mut jps, start, goal)
            .unwrap();
        check_grid_answer(map, moves, MoveCosts::OCTILE, (start, goal), &got, 1.0);
        let jumps = grid
            .jump_points(mode.jump_points())
            .find_path(&mut jump_ctx, start, goal)
            .unwrap();
        check_grid_answer(
            map,
            moves,
            MoveCosts::OCTILE,
            (start, goal),
            &filled_in(moves, &jumps),
            1.0,
        );
        if let (Some(j), Some(g)) = (jumps.path(), got.path()) {
            // Jump points are cells of the full path, in order.
            assert_eq!(j.cost, g.cost);
            let mut rest = g.nodes.iter();
            assert!(
                j.nodes.iter().all(|c| rest.any(|d| d == c)),
                "{:?} not along {:?}",
                j.nodes,
                g.nodes
            );
        }
    }
}

/// JPS+ on the grid it holds, checked with the oracle's copy of that grid.
fn compare_plus(plus: &JpsPlus, map: &OracleMap, seed: u64, queries: usize) {
    let grid = plus.grid();
    let mut rng = XorShift(seed.wrapping_mul(0xbf58_476d_1ce4_e5b9) | 1);
    let mut ctx = JpsContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(grid, &mut rng), pick(grid, &mut rng));
        for mode in [PathMode::Cells, PathMode::JumpPoints] {
            let got = plus.paths(mode).find_path(&mut ctx, start, goal).unwrap();
            let got = if mode == PathMode::Cells {
                got
            } else {
                filled_in(Moves::NoCornerCutting, &got)
            };
            check_grid_answer(
                map,
                Moves::NoCornerCutting,
                MoveCosts::OCTILE,
                (start, goal),
                &got,
                1.0,
            );
        }
    }
}

fn grids() -> impl Strategy<Value = (u32, u32, u8, u64)> {
    (1u32..=130, 1u32..=24, 0u8..4, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn eight_connected_matches_the_oracle((w, h, kind, seed) in grids()) {
        let (grid, map) = random_grid(w, h, kind, seed);
        compare(&grid, &map, JpsMode::EIGHT, seed, 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn four_connected_matches_the_oracle((w, h, kind, seed) in grids()) {
        let (grid, map) = random_grid(w, h, kind, seed);
        compare(&grid, &map, JpsMode::FOUR, seed, 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn jps_plus_matches_the_oracle_before_and_after_edits((w, h, kind, seed) in grids()) {
        let (grid, mut map) = random_grid(w, h, kind, seed);
        let mut plus = JpsPlus::new(grid).unwrap();
        compare_plus(&plus, &map, seed, 3);
        let mut rng = XorShift(seed ^ 0x5555_5555);
        for _ in 0..1 + rng.below(6) {
            let (x, y) = (rng.below(w as u64) as usize, rng.below(h as u64) as usize);
            let i = y * w as usize + x;
            map.weights[i] = 1 - map.weights[i];
            let cell = Cell::new(x as u32, y as u32);
            if map.weights[i] == 1 {
                plus.open(cell).unwrap();
            } else {
                plus.block(cell).unwrap();
            }
        }
        compare_plus(&plus, &map, seed.rotate_left(17), 3);
    }
}

#[test]
fn tall_thin_grids_cross_column_word_boundaries() {
    for (h, seed) in [(130u32, 7u64), (129, 11), (64, 13), (65, 17)] {
        for kind in 0..4 {
            let (grid, map) = random_grid(3, h, kind, seed);
            compare(&grid, &map, JpsMode::EIGHT, seed, 30);
            compare(&grid, &map, JpsMode::FOUR, seed, 30);
        }
    }
}

#[test]
fn non_uniform_grid_is_a_typed_error() {
    let grid = Grid::from_ascii("..3\n...").unwrap();
    let err = grid
        .jump_points(JpsMode::EIGHT)
        .find_path(&mut JpsContext::new(), Cell::new(0, 0), Cell::new(1, 1))
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
        grid.jump_points(JpsMode::EIGHT)
            .find_path(&mut ctx, Cell::new(3, 0), Cell::new(0, 0)),
        Err(pathkit::jps::JpsError::OutOfBounds { .. })
    ));
    assert_eq!(
        grid.jump_points(JpsMode::EIGHT)
            .find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 0))
            .unwrap(),
        Outcome::Unreachable
    );
    let same = grid
        .jump_points(JpsMode::FOUR)
        .find_path(&mut ctx, Cell::new(1, 1), Cell::new(1, 1))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(same.nodes, vec![Cell::new(1, 1)]);
    assert_eq!(same.cost, 0.0);
}

/// Jump-point paths list the jump points only: across an open field, start and goal.
#[test]
fn jump_point_paths_leave_out_the_cells_between() {
    let grid = Grid::new(10, 3).unwrap();
    let (start, goal) = (Cell::new(0, 1), Cell::new(9, 1));
    let plus = JpsPlus::new(grid.clone()).unwrap();
    let mut ctx = JpsContext::new();
    for mode in [JpsMode::EIGHT, JpsMode::FOUR] {
        let points = grid
            .jump_points(mode.jump_points())
            .find_path(&mut ctx, start, goal)
            .unwrap();
        assert_eq!(points.into_nodes(), Some(vec![start, goal]), "{mode:?}");
        let cells = grid
            .jump_points(mode)
            .find_path(&mut ctx, start, goal)
            .unwrap();
        assert_eq!(cells.into_nodes().map(|c| c.len()), Some(10), "{mode:?}");
    }
    let points = plus
        .paths(PathMode::JumpPoints)
        .find_path(&mut ctx, start, goal)
        .unwrap();
    assert_eq!(points.into_nodes(), Some(vec![start, goal]));
}

/// The counters describe the last query: one answered without a search (start = goal, an end
/// in a wall, the two in different regions) reports no work, whatever the query before it did.
#[test]
fn a_query_answered_without_searching_reports_no_work() {
    let grid = Grid::from_ascii(
        "\
....#....
....#....
....#....",
    )
    .unwrap();
    let plus = JpsPlus::new(grid.clone()).unwrap();
    let mut ctx = JpsContext::new();
    let mut path = Vec::new();
    let (from, to) = (Cell::new(0, 0), Cell::new(3, 2));
    for (start, goal, expected) in [
        (
            Cell::new(1, 1),
            Cell::new(1, 1),
            Status::Found { cost: 0.0 },
        ),
        (Cell::new(0, 0), Cell::new(4, 1), Status::Unreachable),
        (Cell::new(0, 0), Cell::new(8, 2), Status::Unreachable),
    ] {
        let before = plus.find_path_into(
            &mut ctx,
            from,
            Goal::Node(to),
            &Default::default(),
            &mut path,
        );
        assert!(before.unwrap().is_found());
        assert!(ctx.stats().expanded > 0, "the query before searched");
        let status = plus.find_path_into(
            &mut ctx,
            start,
            Goal::Node(goal),
            &Default::default(),
            &mut path,
        );
        assert_eq!(status.unwrap(), expected);
        assert_eq!(ctx.stats(), Default::default(), "JPS+ {start} -> {goal}");

        let before = grid.jump_points(JpsMode::EIGHT).find_path_into(
            &mut ctx,
            from,
            Goal::Node(to),
            &Default::default(),
            &mut path,
        );
        assert!(before.unwrap().is_found());
        assert!(ctx.stats().expanded > 0, "the query before searched");
        let status = grid.jump_points(JpsMode::EIGHT).find_path_into(
            &mut ctx,
            start,
            Goal::Node(goal),
            &Default::default(),
            &mut path,
        );
        assert_eq!(status.unwrap(), expected);
        assert_eq!(ctx.stats(), Default::default(), "JPS {start} -> {goal}");
    }
}

/// Whether `goal` is in plain sight of `start` as the module documents it: diagonal moves toward
/// the goal while both coordinates differ, each with the cell ahead and both cells beside it
/// free (no corner cutting), then straight moves through free cells. Written from that rule.
fn in_plain_sight(grid: &Grid, start: Cell, goal: Cell) -> bool {
    let free = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && grid
                .cell(x as u32, y as u32)
                .is_some_and(|c| grid.is_passable(c))
    };
    let (gx, gy) = (goal.x as i64, goal.y as i64);
    let (mut x, mut y) = (start.x as i64, start.y as i64);
    let (dx, dy) = ((gx - x).signum(), (gy - y).signum());
    if !free(x, y) {
        return false;
    }
    while x != gx && y != gy {
        if !(free(x + dx, y) && free(x, y + dy) && free(x + dx, y + dy)) {
            return false;
        }
        x += dx;
        y += dy;
    }
    while (x, y) != (gx, gy) {
        x += dx * i64::from(x != gx);
        y += dy * i64::from(y != gy);
        if !free(x, y) {
            return false;
        }
    }
    true
}

/// A goal in plain sight of the start is pushed at once, as the module says: the start's
/// expansion pushes the goal and nothing else (two entries pushed, the start and the goal, and
/// two expanded), and the path is that route, at the octile distance. JPS and JPS+, on random
/// maps whose walls give the start's other scans jump points to push.
#[test]
fn a_goal_in_plain_sight_is_pushed_at_once() {
    let mut seen = 0;
    for seed in 1..=30u64 {
        let (grid, _) = random_grid(40, 30, (seed % 3) as u8, seed);
        let plus = JpsPlus::new(grid.clone()).unwrap();
        let mut ctx = JpsContext::new();
        let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        for _ in 0..300 {
            let (start, goal) = (pick(&grid, &mut rng), pick(&grid, &mut rng));
            if start == goal || !in_plain_sight(&grid, start, goal) {
                continue;
            }
            seen += 1;
            let (dx, dy) = (start.x.abs_diff(goal.x), start.y.abs_diff(goal.y));
            let octile = f64::from(dx.max(dy) - dx.min(dy)) + f64::from(dx.min(dy)) * 2f64.sqrt();
            let jps = grid
                .jump_points(JpsMode::EIGHT.jump_points())
                .find_path(&mut ctx, start, goal);
            let jps_stats = ctx.stats();
            let jps_plus = plus
                .paths(PathMode::JumpPoints)
                .find_path(&mut ctx, start, goal);
            for (engine, outcome, stats) in
                [("JPS", jps, jps_stats), ("JPS+", jps_plus, ctx.stats())]
            {
                let path = outcome.unwrap().into_path().expect("in plain sight");
                assert_eq!(
                    path.nodes,
                    [start, goal],
                    "{engine} {start} -> {goal}, seed {seed}"
                );
                assert!(
                    (path.cost - octile).abs() < 1e-9,
                    "{engine} {start} -> {goal}"
                );
                assert_eq!(
                    (stats.pushed, stats.expanded),
                    (2, 2),
                    "{engine} {start} -> {goal}, seed {seed}"
                );
            }
        }
    }
    assert!(seen >= 300, "only {seen} goals in plain sight");
}
