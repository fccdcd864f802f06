//! Clearance (true clearance, as in Harabor and Botea's annotated A*) against values and paths
//! computed here from the rules, sharing no code with pathkit:
//! - a cell's clearance is the side of the largest square of open cells with its top-left
//!   corner there, counted up to the largest size kept (tried square by square);
//! - after random edits, the local update equals a clearance computed anew;
//! - a `k` x `k` agent searched with `Clearance::fits` gets the oracle's shortest path over the
//!   cells where its whole square is open (the oracle's map walls every other cell), under every
//!   diagonal rule.

use pathkit::grid::{Cell, Clearance, Grid, GridRules};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use proptest::prelude::*;

use crate::support;
use support::oracle::{MoveCosts, OracleMap};
use support::{check_grid_answer, moves_of, random_case, RULES};

/// Whether the `size` x `size` square with its top-left corner at `(x, y)` is on the map and
/// open, cell by cell.
fn square_open(map: &OracleMap, x: usize, y: usize, size: usize) -> bool {
    x + size <= map.width
        && y + size <= map.height
        && (y..y + size).all(|yy| (x..x + size).all(|xx| map.weights[yy * map.width + xx] > 0))
}

/// The clearance of `(x, y)`, square by square, up to `max`.
fn naive_clearance(map: &OracleMap, x: usize, y: usize, max: usize) -> usize {
    (1..=max)
        .take_while(|&k| square_open(map, x, y, k))
        .last()
        .unwrap_or(0)
}

fn check_values(clearance: &Clearance, map: &OracleMap, max: usize) -> Result<(), TestCaseError> {
    for y in 0..map.height {
        for x in 0..map.width {
            let got = clearance.at(Cell::new(x as u32, y as u32)) as usize;
            prop_assert_eq!(got, naive_clearance(map, x, y, max), "({}, {})", x, y);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_cells_clearance_is_the_largest_open_square_at_its_corner(
        (w, h, density, seed) in (1u32..30, 1u32..30, 0u32..40, any::<u64>()),
        max in 1u8..7,
    ) {
        let case = random_case(w, h, density, 3, seed);
        check_values(&Clearance::new(&case.grid, max), &case.map, max as usize)?;
    }

    #[test]
    fn updates_after_edits_equal_a_clearance_computed_anew(
        (w, h, density, seed) in (2u32..30, 2u32..30, 0u32..30, any::<u64>()),
        max in 1u8..6,
        edits in prop::collection::vec((any::<u16>(), any::<u16>(), 0u32..3), 1..25),
    ) {
        let case = random_case(w, h, density, 3, seed);
        let (mut grid, mut map) = (case.grid, case.map);
        let mut clearance = Clearance::new(&grid, max);
        for (x, y, weight) in edits {
            let cell = Cell::new(u32::from(x) % w, u32::from(y) % h);
            grid.set_weight(cell, weight).unwrap();
            map.weights[cell.y as usize * w as usize + cell.x as usize] = weight;
            clearance.update(&grid, cell).unwrap();
            prop_assert_eq!(&clearance, &Clearance::new(&grid, max));
        }
        check_values(&clearance, &map, max as usize)?;
        prop_assert!(clearance.update(&grid, Cell::new(w, 0)).is_err());
    }

    #[test]
    fn a_square_agent_gets_the_oracles_shortest_path_over_the_cells_it_fits(
        (w, h, density, seed) in (2u32..32, 2u32..32, 0u32..30, any::<u64>()),
        size in 1u8..4,
    ) {
        let case = random_case(w, h, density, 3, seed);
        let clearance = Clearance::new(&case.grid, 4);
        // The oracle's map for this agent: a cell where its square is not open is a wall.
        let (mw, mh) = (case.map.width, case.map.height);
        let fits = OracleMap {
            width: mw,
            height: mh,
            weights: (0..mw * mh)
                .map(|i| {
                    let (x, y) = (i % mw, i / mw);
                    if square_open(&case.map, x, y, size as usize) { case.map.weights[i] } else { 0 }
                })
                .collect(),
        };
        let mut ctx = SearchContext::new();
        for rule in RULES {
            let costs = MoveCosts { straight: 1.0, diagonal: std::f64::consts::SQRT_2 };
            let space = case.grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap()
                .with_rules(clearance.fits(size, GridRules));
            let outcome = space.find_path(&mut ctx, case.start, case.goal).unwrap();
            check_grid_answer(&fits, moves_of(rule), costs, (case.start, case.goal), &outcome, 1.0);
        }
    }
}

/// JPS on the grid of cells where the agent fits answers what A* with the agent's rules does,
/// on a grid of one weight.
#[test]
fn the_fit_grid_searched_by_jump_points_agrees_with_the_agents_rules() {
    use pathkit::grid::Diagonal;
    use pathkit::jps::{JpsContext, JpsMode, PathMode};
    let mut checked = 0;
    for seed in 0..40u64 {
        let case = random_case(28, 22, 12, 1, seed);
        let clearance = Clearance::new(&case.grid, 3);
        for size in 1..=3u8 {
            let fit: Grid = clearance.fit_grid(size).unwrap();
            // Ends where the agent fits.
            let open: Vec<Cell> = (0..fit.len())
                .map(|i| fit.cell_at(i))
                .filter(|&c| fit.is_passable(c))
                .collect();
            if open.len() < 2 {
                continue;
            }
            let diagonal = Diagonal::NoCornerCutting;
            let jps = fit.jump_points(JpsMode {
                moves: diagonal,
                path: PathMode::Cells,
            });
            let space = case
                .grid
                .space(diagonal, 1.0, std::f64::consts::SQRT_2)
                .unwrap();
            let space = space.with_rules(clearance.fits(size, GridRules));
            for k in 0..5usize {
                let pick = |j: usize| {
                    open[(seed as usize * 7919 + k * 104_729 + j * 15_485_863) % open.len()]
                };
                let (a, b) = (pick(0), pick(1));
                let got = jps.find_path(&mut JpsContext::new(), a, b).unwrap();
                let want = space.find_path(&mut SearchContext::new(), a, b).unwrap();
                match (got.path(), want.path()) {
                    (Some(x), Some(y)) => {
                        assert!((x.cost - y.cost).abs() < 1e-9, "seed {seed}, size {size}");
                        checked += 1;
                    }
                    (None, None) => {}
                    other => panic!("seed {seed}, size {size}: {other:?}"),
                }
            }
        }
    }
    assert!(checked > 100, "{checked} paths compared");
}
