//! Property tests of line of sight and smoothing against the independent oracle of
//! `support/sight_oracle.rs` (exact geometry on doubled coordinates, square by square, nothing
//! shared with the library's walk): the library's sight equals the oracle's on random cell pairs
//! under every diagonal rule, and the smoothing of paths from the library's own searches (A*
//! under every rule on weighted terrain, Jump Point Search listing cells and jump points) and of
//! arbitrary lists of cells keeps every promise the oracle checks.

use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode};
use pathkit::search::SearchContext;
use proptest::prelude::*;

use crate::support;
use pathkit::Pathfinder;
use support::sight_oracle::{check_smoothed, sees};
use support::{moves_of, picture, random_case, xy, Case, RULES};

/// A grid up to 20x20 with 0 to 60 percent walls and weights 1 to `1..4`.
fn case() -> impl Strategy<Value = Case> {
    (1u32..21, 1u32..21, 0u32..61, 1u32..4, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_case(w, h, density, max_weight, seed))
}

/// `n` cells of the grid drawn from `seed` (xorshift), walls included.
fn cells(grid: &Grid, n: usize, seed: u64) -> Vec<Cell> {
    let (w, h) = (grid.width() as u64, grid.height() as u64);
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Cell::new((state % w) as u32, (state / w % h) as u32)
        })
        .collect()
}

/// Smooths `path` under `rule` both ways (a new vector, a reused buffer holding a previous
/// answer) and checks the result against the oracle.
fn check(case: &Case, rule: Diagonal, path: &[Cell], what: &str) {
    let smoothed = case.grid.smooth(path, rule).unwrap();
    let mut reused = vec![Cell::new(0, 0); 3];
    case.grid.smooth_into(path, rule, &mut reused).unwrap();
    assert_eq!(smoothed, reused, "{what} under {rule:?}");
    let input: Vec<(i64, i64)> = path.iter().map(|&c| xy(c)).collect();
    let output: Vec<(i64, i64)> = smoothed.iter().map(|&c| xy(c)).collect();
    if let Err(e) = check_smoothed(&case.map, moves_of(rule), &input, &output) {
        panic!(
            "{what} under {rule:?}: {e}\ninput {input:?}\nsmoothed {output:?}\n{}",
            picture(&case.map)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// 24 pairs a grid, each under the four rules, both ways round: about 57,000 comparisons.
    #[test]
    fn sight_is_the_oracles(case in case(), seed in any::<u64>()) {
        let pairs = cells(&case.grid, 48, seed);
        for pair in pairs.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            for rule in RULES {
                let expected = sees(&case.map, moves_of(rule), xy(a), xy(b));
                prop_assert_eq!(
                    case.grid.line_of_sight(a, b, rule).unwrap(),
                    expected,
                    "{} -> {} under {:?}\n{}", a, b, rule, picture(&case.map)
                );
                prop_assert_eq!(case.grid.line_of_sight(b, a, rule).unwrap(), expected);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A* under each rule, on weighted terrain, from the case's start to its goal.
    #[test]
    fn smoothed_astar_paths_keep_the_promises(case in case()) {
        let mut ctx = SearchContext::new();
        for rule in RULES {
            let space = case.grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap();
            let outcome = space
                .find_path(&mut ctx, case.start, case.goal)
                .unwrap();
            if let Some(path) = outcome.into_path() {
                check(&case, rule, &path.nodes, "an A* path");
            }
        }
    }

    /// Jump Point Search on the same grids with every weight 1, listing every cell and listing
    /// jump points only (whose legs turn, and are kept where they are not in sight).
    #[test]
    fn smoothed_jps_paths_keep_the_promises(case in case()) {
        let mut case = case;
        for w in &mut case.map.weights {
            *w = (*w).min(1);
        }
        let weights = case.map.weights.clone();
        let width = case.map.width;
        case.grid = Grid::from_fn(case.grid.width(), case.grid.height(), |c| {
            weights[c.y as usize * width + c.x as usize]
        })
        .unwrap();
        let mut ctx = JpsContext::new();
        for mode in [JpsMode::EIGHT, JpsMode::FOUR] {
            for mode in [mode, mode.jump_points()] {
                let outcome = case.grid.jump_points(mode).find_path(&mut ctx, case.start, case.goal).unwrap();
                if let Some(path) = outcome.into_path() {
                    check(&case, mode.moves, &path.nodes, &format!("a JPS path ({:?})", mode.path));
                }
            }
        }
    }

    /// Lists of distinct cells that are no path at all: walls, gaps, turns anywhere.
    #[test]
    fn smoothed_cell_lists_keep_the_promises(case in case(), seed in any::<u64>(), n in 0usize..12) {
        let mut list = cells(&case.grid, n, seed);
        let mut seen = std::collections::HashSet::new();
        list.retain(|&c| seen.insert(c));
        for rule in RULES {
            check(&case, rule, &list, "a list of cells");
        }
    }
}
