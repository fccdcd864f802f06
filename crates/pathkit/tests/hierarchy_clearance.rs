//! HPA* for square agents of several sizes (`ClearanceHierarchy`) against what is computed here
//! from the rules, sharing no code with pathkit: an agent of size `k` may stand where the `k` x
//! `k` square at its corner is open, cell by cell (the oracle's map walls every other cell, and
//! keeps the weights of the rest). Through random edits, with sizes asked for at random moments
//! (so some hierarchies are built after many edits, some edited many times):
//! - each built size's hierarchy searches exactly that map (cell by cell), and answers as a
//!   hierarchy built from scratch on it;
//! - every path is a walk of the agent under the move rules, found exactly when the oracle finds
//!   one, never below the oracle's optimum, within HPA*'s bound of it.

use crate::support::oracle::{MoveCosts, Moves, OracleMap};
use crate::support::random_case;
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{
    ClearanceHierarchy, HierarchicalGrid, HierarchyContext, HierarchyError, HierarchyOptions,
};
use pathkit::search::Outcome;
use pathkit::Pathfinder;

/// Whether the `size` x `size` square at `(x, y)` is on the map and open, cell by cell.
fn square_open(map: &OracleMap, x: usize, y: usize, size: usize) -> bool {
    x + size <= map.width
        && y + size <= map.height
        && (y..y + size).all(|yy| (x..x + size).all(|xx| map.weights[yy * map.width + xx] > 0))
}

/// The oracle's map of an agent of `size`.
fn fit_map(map: &OracleMap, size: usize) -> OracleMap {
    let (w, h) = (map.width, map.height);
    OracleMap {
        width: w,
        height: h,
        weights: (0..w * h)
            .map(|i| {
                if square_open(map, i % w, i / w, size) {
                    map.weights[i]
                } else {
                    0
                }
            })
            .collect(),
    }
}

fn xy(c: Cell) -> (i64, i64) {
    (i64::from(c.x), i64::from(c.y))
}

#[test]
fn every_size_searches_its_own_map_through_edits_as_a_fresh_hierarchy_and_the_oracle_say() {
    let (mut queries, mut found, mut late_builds, mut edited) = (0, 0, 0, 0);
    for seed in 0..60u64 {
        let (w, h) = (8 + (seed * 7 % 19) as u32, 8 + (seed * 11 % 17) as u32);
        let case = random_case(w, h, 10 + (seed % 4) as u32 * 5, 3, seed);
        let (mut map, grid) = (case.map, case.grid);
        let max = 1 + (seed % 4) as u8;
        let cluster = 3 + (seed % 5) as u32;
        let options = HierarchyOptions::new().cluster_size(cluster);
        let eight = seed % 2 == 0;
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        // 8-connected f64 under the Moving AI rules, or 4-connected u32.
        enum Either {
            Eight(ClearanceHierarchy<f64>),
            Four(ClearanceHierarchy<u32>),
        }
        let mut sized = if eight {
            Either::Eight(ClearanceHierarchy::eight_connected(grid, max, options).unwrap())
        } else {
            Either::Four(ClearanceHierarchy::four_connected(grid, max, options).unwrap())
        };
        let (moves, costs) = if eight {
            (
                Moves::NoCornerCutting,
                MoveCosts {
                    straight: 1.0,
                    diagonal: std::f64::consts::SQRT_2,
                },
            )
        } else {
            (
                Moves::Four,
                MoveCosts {
                    straight: 1.0,
                    diagonal: 1.0,
                },
            )
        };
        let mut ctx = HierarchyContext::<f64>::new();
        let mut ctx4 = HierarchyContext::<u32>::new();
        for step in 0..10 {
            if step > 0 {
                let cell = Cell::new(next(u64::from(w)) as u32, next(u64::from(h)) as u32);
                let weight = [0, 0, 1, 1, 2, 3][next(6) as usize];
                map.weights[cell.y as usize * w as usize + cell.x as usize] = weight;
                match &mut sized {
                    Either::Eight(s) => s.set_weight(cell, weight).unwrap(),
                    Either::Four(s) => s.set_weight(cell, weight).unwrap(),
                }
            }
            // An agent of a random size asks.
            let asked = 1 + next(u64::from(max)) as u8;
            let built_before = match &sized {
                Either::Eight(s) => s.is_built(asked),
                Either::Four(s) => s.is_built(asked),
            };
            late_builds += usize::from(!built_before && step > 0);
            for size in 1..=max {
                let built = match &sized {
                    Either::Eight(s) => s.is_built(size),
                    Either::Four(s) => s.is_built(size),
                };
                if !built && size != asked {
                    continue;
                }
                edited += usize::from(built && step > 0);
                let fits = fit_map(&map, usize::from(size));
                let fit_grid = Grid::from_fn(w, h, |c| {
                    fits.weights[c.y as usize * w as usize + c.x as usize]
                })
                .unwrap();
                let context = || format!("seed {seed}, step {step}, size {size}");
                let open: Vec<Cell> = (0..fit_grid.len())
                    .map(|i| fit_grid.cell_at(i))
                    .filter(|&c| fit_grid.is_passable(c))
                    .collect();
                let mut pairs: Vec<(Cell, Cell)> = Vec::new();
                for _ in 0..4 {
                    if open.len() >= 2 {
                        let a = open[next(open.len() as u64) as usize];
                        let b = open[next(open.len() as u64) as usize];
                        pairs.push((a, b));
                    }
                }
                // A blocked end, for the refusal path.
                pairs.push((Cell::new(0, 0), Cell::new(w - 1, h - 1)));
                let answers: Vec<(Answer, Answer)> = match &sized {
                    Either::Eight(s) => {
                        let hierarchy = s.for_size(size).unwrap();
                        assert_eq!(hierarchy.grid(), &fit_grid, "{}: the size's map", context());
                        let fresh =
                            HierarchicalGrid::eight_connected(fit_grid.clone(), options).unwrap();
                        pairs
                            .iter()
                            .map(|&(a, b)| {
                                let got = answer(hierarchy.find_path(&mut ctx, a, b));
                                let want = answer(fresh.find_path(&mut ctx, a, b));
                                (got, want)
                            })
                            .collect()
                    }
                    Either::Four(s) => {
                        let hierarchy = s.for_size(size).unwrap();
                        assert_eq!(hierarchy.grid(), &fit_grid, "{}: the size's map", context());
                        let fresh =
                            HierarchicalGrid::four_connected(fit_grid.clone(), options).unwrap();
                        pairs
                            .iter()
                            .map(|&(a, b)| {
                                let got = answer(hierarchy.find_path(&mut ctx4, a, b));
                                let want = answer(fresh.find_path(&mut ctx4, a, b));
                                (got, want)
                            })
                            .collect()
                    }
                };
                for (&(a, b), (got, want)) in pairs.iter().zip(answers) {
                    assert_eq!(
                        got,
                        want,
                        "{}: {a} -> {b} against a fresh hierarchy",
                        context()
                    );
                    let ends_open = fit_grid.is_passable(a) && fit_grid.is_passable(b);
                    let best = ends_open
                        .then(|| fits.shortest(moves, costs, xy(a), xy(b)))
                        .flatten();
                    queries += 1;
                    match (got, best) {
                        (Some((nodes, cost)), Some(best)) => {
                            let cells: Vec<(i64, i64)> = nodes.iter().map(|&c| xy(c)).collect();
                            let walked = fits
                                .path_cost(moves, costs, xy(a), xy(b), &cells)
                                .unwrap_or_else(|e| panic!("{}: {a} -> {b}: {e}", context()));
                            assert!((walked - cost).abs() < 1e-9, "{}: {a} -> {b}", context());
                            assert!(cost >= best - 1e-9, "{}: below the optimum", context());
                            // HPA*'s bound (as tests/hierarchy_properties.rs): 1.2 times the
                            // optimum plus a cluster side of the dearest move.
                            let bound = best * 1.2 + f64::from(cluster) * 3.0 * 1.5;
                            assert!(cost <= bound, "{}: {cost} against {best}", context());
                            found += 1;
                        }
                        (None, None) => {}
                        (got, best) => {
                            panic!("{}: {a} -> {b}: {got:?}, the oracle {best:?}", context())
                        }
                    }
                }
            }
        }
        // A size above the largest is refused.
        let err = match &sized {
            Either::Eight(s) => s.for_size(max + 1).map(|_| ()).unwrap_err(),
            Either::Four(s) => s.for_size(max + 1).map(|_| ()).unwrap_err(),
        };
        assert_eq!(err, HierarchyError::AgentSize { size: max + 1, max });
        // An edit outside the grid changes nothing.
        if let Either::Eight(s) = &mut sized {
            let before = s.grid().clone();
            assert!(s.set_weight(Cell::new(w, 0), 0).is_err());
            assert_eq!(s.grid(), &before);
        }
    }
    assert!(
        queries > 2_000 && found > 900 && late_builds > 40 && edited > 600,
        "queries {queries}, found {found}, built after edits {late_builds}, edited {edited}"
    );
}

/// A path's cells and cost, or `None` for no path or a refused end.
type Answer = Option<(Vec<Cell>, f64)>;

/// A search's [`Answer`].
fn answer<C: pathkit::Cost, E>(outcome: Result<Outcome<Cell, C>, E>) -> Answer {
    match outcome {
        Ok(Outcome::Found(path)) => Some((path.nodes, path.cost.to_f64())),
        _ => None,
    }
}
