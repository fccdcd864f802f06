//! Jump Point Search on weighted terrain against the independent oracle of `support/oracle.rs`:
//! on random grids (open fields, scattered walls, dense walls, mazes) with terrain laid over
//! them (patches of one weight, weights changing from cell to cell, no weight 1 at all), every
//! answer is a real walk under the Moving AI rules (no corner cutting), costs what it reports
//! and is as cheap as the oracle's Dijkstra finds (the cost of a move being its base cost times
//! the weight of the cell entered); unreachable exactly when the oracle finds no path. Edits
//! between queries are checked the same way.

use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsError, WeightedJumpPoints};
use pathkit::search::{SearchOptions, WhenUnreachable};
use pathkit::{Ends, Goal, Pathfinder, Unsupported};
use proptest::prelude::*;

use crate::jps_properties::{pick, random_grid, XorShift};
use crate::support::check_grid_answer;
use crate::support::oracle::{MoveCosts, Moves, OracleMap};

/// Lays terrain over the free cells of `map`: `kind` 0 = rectangular patches of weights 2 to 9
/// over a weight-1 ground, 1 = a weight from 1 to 4 drawn for every cell, 2 = patches over a
/// ground of weight 3 (no cell weighs 1), 3 = a few long roads of weight 1 across ground of
/// weight 4.
fn terrain(map: &mut OracleMap, kind: u8, rng: &mut XorShift) {
    let (w, h) = (map.width as u64, map.height as u64);
    let ground = match kind {
        2 => 3,
        3 => 4,
        _ => 1,
    };
    for v in map.weights.iter_mut().filter(|v| **v != 0) {
        *v = if kind == 1 {
            1 + rng.below(4) as u32
        } else {
            ground
        };
    }
    let patches = match kind {
        0 | 2 => 1 + rng.below(8),
        3 => 1 + rng.below(4),
        _ => 0,
    };
    for _ in 0..patches {
        let (x0, y0) = (rng.below(w), rng.below(h));
        let (pw, ph, weight) = if kind == 3 {
            // A road: one or two cells wide, along a row or a column.
            let thick = 1 + rng.below(2);
            if rng.below(2) == 0 {
                (w, thick, 1)
            } else {
                (thick, h, 1)
            }
        } else {
            (
                1 + rng.below(w / 2 + 1),
                1 + rng.below(h / 2 + 1),
                2 + rng.below(8) as u32,
            )
        };
        let (x0, y0) = if kind == 3 && pw == w {
            (0, y0)
        } else if kind == 3 {
            (x0, 0)
        } else {
            (x0, y0)
        };
        for y in y0..(y0 + ph).min(h) {
            for x in x0..(x0 + pw).min(w) {
                let v = &mut map.weights[(y * w + x) as usize];
                if *v != 0 {
                    *v = weight;
                }
            }
        }
    }
}

/// A random grid of wall kind `walls` (see `random_grid`) with terrain of kind `kind`, and the
/// oracle's copy of it.
fn weighted_grid(width: u32, height: u32, walls: u8, kind: u8, seed: u64) -> (Grid, OracleMap) {
    let (_, mut map) = random_grid(width, height, walls, seed);
    terrain(&mut map, kind, &mut XorShift(seed.rotate_left(17) | 1));
    let grid = Grid::from_fn(width, height, |c| map.weights[(c.y * width + c.x) as usize]).unwrap();
    (grid, map)
}

/// Checks `queries` random queries on `jumps` (the oracle's `map`).
fn compare(jumps: &WeightedJumpPoints, map: &OracleMap, seed: u64, queries: usize) {
    let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut ctx = JpsContext::new();
    for _ in 0..queries {
        let (start, goal) = (pick(jumps.grid(), &mut rng), pick(jumps.grid(), &mut rng));
        let got = jumps.find_path(&mut ctx, start, goal).unwrap();
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

fn grids() -> impl Strategy<Value = (u32, u32, u8, u8, u64)> {
    (1u32..=70, 1u32..=40, 0u8..4, 0u8..4, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn weighted_jumps_match_the_oracle((w, h, walls, kind, seed) in grids()) {
        let (grid, map) = weighted_grid(w, h, walls, kind, seed);
        let jumps = WeightedJumpPoints::new(grid).unwrap();
        compare(&jumps, &map, seed, 6);
    }

    /// Weights changed, walls added and removed between queries: the marks around each edited
    /// cell follow, and every answer stays optimal.
    #[test]
    fn edits_between_queries_keep_answers_optimal((w, h, walls, kind, seed) in grids()) {
        let (grid, mut map) = weighted_grid(w, h, walls, kind, seed);
        let mut jumps = WeightedJumpPoints::new(grid).unwrap();
        let mut rng = XorShift(seed ^ 0x5eed_ed17);
        for round in 0..4 {
            for _ in 0..1 + rng.below(12) {
                let cell = Cell::new(rng.below(w as u64) as u32, rng.below(h as u64) as u32);
                let weight = [0, 1, 1, 2, 3, 7][rng.below(6) as usize];
                jumps.set_weight(cell, weight).unwrap();
                map.weights[(cell.y * w + cell.x) as usize] = weight;
            }
            compare(&jumps, &map, seed.wrapping_add(round), 4);
        }
    }
}

/// Larger maps, where scans run long across patches and stop at their edges.
#[test]
fn large_patched_maps_answer_optimally() {
    for (i, &(w, h, walls, kind)) in [
        (200u32, 150u32, 0u8, 0u8),
        (180, 160, 1, 0),
        (160, 160, 1, 2),
        (150, 150, 0, 3),
        (121, 81, 3, 0),
        (140, 100, 2, 1),
    ]
    .iter()
    .enumerate()
    {
        let seed = 0x7e44_0000 + i as u64;
        let (grid, map) = weighted_grid(w, h, walls, kind, seed);
        let jumps = WeightedJumpPoints::new(grid).unwrap();
        compare(&jumps, &map, seed, 40);
    }
}

/// On an open field with patches of terrain, the answers cost what A*'s do, and far fewer cells
/// are expanded than A* expands: the search jumps across the patches.
#[test]
fn jumps_expand_far_fewer_cells_than_astar_on_patches() {
    let (grid, _) = weighted_grid(256, 256, 0, 0, 0x1234_5678);
    let jumps = WeightedJumpPoints::new(grid.clone()).unwrap();
    let (mut jps_expanded, mut astar_expanded) = (0, 0);
    let mut ctx = JpsContext::new();
    let mut actx = pathkit::search::SearchContext::new();
    let mut rng = XorShift(99);
    for _ in 0..20 {
        let (start, goal) = (pick(&grid, &mut rng), pick(&grid, &mut rng));
        let a = jumps.find_path(&mut ctx, start, goal).unwrap();
        jps_expanded += ctx.stats().expanded;
        let b = grid
            .eight_connected()
            .find_path(&mut actx, start, goal)
            .unwrap();
        astar_expanded += actx.stats().expanded;
        match (a.path(), b.path()) {
            (Some(a), Some(b)) => assert!((a.cost - b.cost).abs() < 1e-9 * b.cost.max(1.0)),
            (None, None) => {}
            _ => panic!("{start} -> {goal}: one found a path, the other not"),
        }
    }
    assert!(
        jps_expanded * 5 < astar_expanded,
        "weighted JPS expanded {jps_expanded}, A* {astar_expanded}"
    );
}

/// Ends: off the grid is an error; a walled end or a goal in another part is unreachable
/// without searching; several goals, a goal test, the closest point and limits are refused.
#[test]
fn ends_and_refusals() {
    let grid = Grid::from_ascii("..3#..\n..3#..").unwrap();
    let jumps = WeightedJumpPoints::new(grid).unwrap();
    let mut ctx = JpsContext::new();
    let off = Cell::new(6, 0);
    assert!(matches!(
        jumps.find_path(&mut ctx, Cell::new(0, 0), off),
        Err(JpsError::OutOfBounds { .. })
    ));
    assert_eq!(
        jumps.check_ends(Cell::new(0, 0), Cell::new(5, 0)).unwrap(),
        Ends::Apart
    );
    assert_eq!(
        jumps.check_ends(Cell::new(3, 0), Cell::new(0, 0)).unwrap(),
        Ends::StartBlocked
    );
    assert!(jumps
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(5, 1))
        .unwrap()
        .path()
        .is_none());
    let same = jumps
        .find_path(&mut ctx, Cell::new(2, 1), Cell::new(2, 1))
        .unwrap();
    assert_eq!(same.path().unwrap().cost, 0.0);
    let crossed = jumps
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 1))
        .unwrap();
    // Diagonally onto weight 1, then one step into the weight-3 column: 3 + √2, not 1 + 3√2.
    assert!((crossed.path().unwrap().cost - (3.0 + 2f64.sqrt())).abs() < 1e-12);

    let mut path = Vec::new();
    let plain = SearchOptions::new();
    let goals = [Cell::new(0, 1)];
    let several = jumps.find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::AnyOf(&goals),
        &plain,
        &mut path,
    );
    assert_eq!(
        several,
        Err(JpsError::Unsupported(Unsupported::SeveralGoals))
    );
    let test = |c: Cell| c.x == 1;
    let matching = jumps.find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::Matching(&test),
        &plain,
        &mut path,
    );
    assert_eq!(matching, Err(JpsError::Unsupported(Unsupported::GoalTest)));
    let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
    let refused = jumps.find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::Node(Cell::new(5, 0)),
        &closest,
        &mut path,
    );
    assert_eq!(
        refused,
        Err(JpsError::Unsupported(Unsupported::ClosestPoint))
    );
    let limited = SearchOptions::new().max_expansions(10);
    let refused = jumps.find_path_into(
        &mut ctx,
        Cell::new(0, 0),
        Goal::Node(Cell::new(1, 1)),
        &limited,
        &mut path,
    );
    assert_eq!(
        refused,
        Err(JpsError::Unsupported(Unsupported::MaxExpansions))
    );
}

/// Moving AI maps with terrain laid from a seed (rectangular patches of weight 2 to 5 over about
/// a third of the map, or a weight drawn for every cell), their scenario lines' ends, every
/// answer's cost equal to the oracle's Dijkstra and its path walked by the oracle.
mod on_movingai_maps {
    use super::*;
    use crate::jps_movingai::needs_movingai::load;

    /// `grid`'s free cells with terrain: patches when `patches`, else a weight from 1 to 4 for
    /// each cell.
    fn with_terrain(grid: &Grid, patches: bool, seed: u64) -> OracleMap {
        let (w, h) = (grid.width() as u64, grid.height() as u64);
        let mut rng = XorShift(seed | 1);
        let mut weights: Vec<u32> = grid
            .weights()
            .iter()
            .map(|&v| {
                if v == 0 {
                    0
                } else if patches {
                    1
                } else {
                    1 + rng.below(4) as u32
                }
            })
            .collect();
        if patches {
            for _ in 0..w * h / 2000 {
                let (pw, ph) = (8 + rng.below(56), 8 + rng.below(56));
                let (x0, y0) = (rng.below(w), rng.below(h));
                let weight = 2 + rng.below(4) as u32;
                for y in y0..(y0 + ph).min(h) {
                    for x in x0..(x0 + pw).min(w) {
                        let v = &mut weights[(y * w + x) as usize];
                        if *v != 0 {
                            *v = weight;
                        }
                    }
                }
            }
        }
        OracleMap {
            width: w as usize,
            height: h as usize,
            weights,
        }
    }

    /// Every `stride`-th line of `<name>.map.scen` on the map with terrain.
    fn check_map(name: &str, patches: bool, stride: usize) {
        let (plain, scenario) = load(name);
        let map = with_terrain(&plain, patches, 0x7e44_a1f5);
        let width = plain.width();
        let grid = Grid::from_fn(width, plain.height(), |c| {
            map.weights[(c.y * width + c.x) as usize]
        })
        .unwrap();
        let jumps = WeightedJumpPoints::new(grid).unwrap();
        let mut ctx = JpsContext::new();
        let mut checked = 0;
        for entry in scenario.entries().iter().step_by(stride) {
            let got = jumps.find_path(&mut ctx, entry.start, entry.goal).unwrap();
            check_grid_answer(
                &map,
                Moves::NoCornerCutting,
                MoveCosts::OCTILE,
                (entry.start, entry.goal),
                &got,
                1.0,
            );
            checked += 1;
        }
        assert!(checked > 10, "{name}: {checked} lines");
    }

    #[test]
    fn den520d_with_patches() {
        check_map("den520d", true, 40);
    }

    #[test]
    fn ar0011sr_with_patches() {
        check_map("AR0011SR", true, 60);
    }

    #[test]
    fn maze512_4_0_with_patches() {
        check_map("maze512-4-0", true, 120);
    }

    #[test]
    fn lak303d_with_noise() {
        check_map("lak303d", false, 40);
    }
}

/// With landmark bounds (`with_landmarks`): the same optimal answers on random weighted grids,
/// also after weights were raised and walls added since the landmarks were built (the bounds
/// stay admissible while costs only grow).
mod with_landmarks {
    use super::*;
    use pathkit::search::{LandmarkChoice, Landmarks};

    fn check(w: u32, h: u32, walls: u8, kind: u8, seed: u64, raise: bool) {
        let (grid, mut map) = weighted_grid(w, h, walls, kind, seed);
        let mut rng = XorShift(seed ^ 0x1a2d_0000 | 1);
        let seed_cell = pick(&grid, &mut rng);
        let choice = LandmarkChoice::Farthest {
            count: 1 + rng.below(6) as usize,
            seed: seed_cell,
        };
        let landmarks = match Landmarks::new(&grid.eight_connected(), choice) {
            Ok(l) => l,
            // A walled seed reaches nothing to choose from.
            Err(_) => return,
        };
        let mut jumps = WeightedJumpPoints::new(grid).unwrap();
        if raise {
            for _ in 0..1 + rng.below(10) {
                let cell = Cell::new(rng.below(w as u64) as u32, rng.below(h as u64) as u32);
                let i = (cell.y * w + cell.x) as usize;
                let now = map.weights[i];
                // Only up: a wall, or a heavier weight.
                let weight = if rng.below(3) == 0 || now == 0 {
                    0
                } else {
                    now + 1 + rng.below(4) as u32
                };
                jumps.set_weight(cell, weight).unwrap();
                map.weights[i] = weight;
            }
        }
        let mut ctx = JpsContext::new();
        for _ in 0..6 {
            let (start, goal) = (pick(jumps.grid(), &mut rng), pick(jumps.grid(), &mut rng));
            let got = jumps
                .with_landmarks(&landmarks)
                .find_path(&mut ctx, start, goal)
                .unwrap();
            check_grid_answer(
                &map,
                Moves::NoCornerCutting,
                MoveCosts::OCTILE,
                (start, goal),
                &got,
                1.0,
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn guided_jumps_match_the_oracle((w, h, walls, kind, seed) in grids()) {
            check(w, h, walls, kind, seed, false);
        }

        #[test]
        fn guided_jumps_stay_optimal_after_costs_grow((w, h, walls, kind, seed) in grids()) {
            check(w, h, walls, kind, seed, true);
        }
    }

    /// Far fewer expansions than without the landmarks on a map with patches.
    #[test]
    fn landmarks_cut_the_expansions() {
        let (grid, map) = weighted_grid(200, 160, 0, 0, 0x5eed_1a2d);
        let choice = LandmarkChoice::Farthest {
            count: 8,
            seed: Cell::new(0, 0),
        };
        let landmarks = Landmarks::new(&grid.eight_connected(), choice).unwrap();
        let jumps = WeightedJumpPoints::new(grid).unwrap();
        let (mut ctx, mut rng) = (JpsContext::new(), XorShift(77));
        let (mut plain, mut guided) = (0, 0);
        for _ in 0..20 {
            let (start, goal) = (pick(jumps.grid(), &mut rng), pick(jumps.grid(), &mut rng));
            let a = jumps.find_path(&mut ctx, start, goal).unwrap();
            plain += ctx.stats().expanded;
            let b = jumps
                .with_landmarks(&landmarks)
                .find_path(&mut ctx, start, goal)
                .unwrap();
            guided += ctx.stats().expanded;
            check_grid_answer(
                &map,
                Moves::NoCornerCutting,
                MoveCosts::OCTILE,
                (start, goal),
                &b,
                1.0,
            );
            assert_eq!(
                a.path().map(|p| p.cost.round()),
                b.path().map(|p| p.cost.round())
            );
        }
        assert!(
            guided * 2 < plain,
            "with landmarks {guided}, without {plain}"
        );
    }
}
