//! One fuzz case for HPA* for square agents of several sizes (`ClearanceHierarchy`): a grid
//! (walls, terrain), the largest size, cluster size, 4- or 8-connected, then queries of agents of
//! any size and edits.
//!
//! - Options out of range are refused with their typed error; valid ones build.
//! - A query of a size above the largest is `AgentSize`; a cell outside the grid is an error;
//!   any other is answered as the oracle says on the map of that size (a cell is open to a
//!   `k` x `k` agent when the whole square at its corner is open, cell by cell, with the weight
//!   of the cell itself): a path exactly when the goal can be reached, a real walk under the
//!   rules costing what it reports, never below the optimum.
//! - Each size's hierarchy searches exactly that map, after every edit (walls, openings,
//!   terrain; an edit outside the grid is an error and changes nothing).
//!
//! The fuzz target `fuzz/fuzz_targets/clearance_hierarchy.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` both include this file and `oracle.rs` at their crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{ClearanceHierarchy, HierarchyContext, HierarchyError, HierarchyOptions};
use pathkit::{Cost, Pathfinder};

use crate::oracle::{same_cost, MoveCosts, Moves, OracleMap};

/// The widest and tallest grid a case builds.
pub const MAX_SIDE: u32 = 32;

/// At most this many steps of a case are run.
pub const MAX_STEPS: usize = 16;

/// A grid, options and what to do with them, as decoded from the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct ClearanceCase {
    /// Width `1 + width % MAX_SIDE`.
    pub width: u8,
    /// Height `1 + height % MAX_SIDE`.
    pub height: u8,
    /// One bit per cell, row-major: set = wall. Cells past the end are free.
    pub walls: Vec<u8>,
    /// One byte per cell: weight `1 + byte % 4` when `terrain` is set.
    pub weights: Vec<u8>,
    pub terrain: bool,
    /// The largest size, `max % 6` (0 is taken as 1).
    pub max: u8,
    /// Cluster size `cluster % 12` (0 and 1 are refused).
    pub cluster: u8,
    /// 8-connected (`f64`, no corner cutting) or 4-connected (`u32`).
    pub eight: bool,
    /// Queries and edits, in order.
    pub steps: Vec<Step>,
}

/// One step. Coordinates are taken modulo one more than the grid's side, so a few of them fall
/// just outside the grid.
#[derive(Arbitrary, Debug)]
pub enum Step {
    /// An agent of size `size % 8` (0 is taken as 1).
    Query {
        size: u8,
        start: (u8, u8),
        goal: (u8, u8),
    },
    /// Sets the weight of a cell to `weight % 5` (0 = wall).
    Edit { cell: (u8, u8), weight: u8 },
}

/// Decodes `data` the way the fuzz target does and checks the case; bytes that do not decode
/// are skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = ClearanceCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// Runs one case.
pub fn check(case: &ClearanceCase) {
    if case.eight {
        run(case, Moves::NoCornerCutting, |grid, max, options| {
            ClearanceHierarchy::eight_connected(grid, max, options)
        });
    } else {
        run(case, Moves::Four, |grid, max, options| {
            ClearanceHierarchy::four_connected(grid, max, options)
        });
    }
}

/// The oracle's map of a `size` agent: a cell keeps its weight when the `size` x `size` square
/// at it is open, cell by cell, and is a wall otherwise.
fn fit_map(map: &OracleMap, size: usize) -> OracleMap {
    let (w, h) = (map.width, map.height);
    let open = |x: usize, y: usize| {
        x + size <= w
            && y + size <= h
            && (y..y + size).all(|yy| (x..x + size).all(|xx| map.weights[yy * w + xx] > 0))
    };
    OracleMap {
        width: w,
        height: h,
        weights: (0..w * h)
            .map(|i| {
                if open(i % w, i / w) {
                    map.weights[i]
                } else {
                    0
                }
            })
            .collect(),
    }
}

fn run<C: Cost + Into<f64>>(
    case: &ClearanceCase,
    moves: Moves,
    build: impl Fn(Grid, u8, HierarchyOptions) -> Result<ClearanceHierarchy<C>, HierarchyError>,
) {
    let width = 1 + case.width as usize % MAX_SIDE as usize;
    let height = 1 + case.height as usize % MAX_SIDE as usize;
    let mut map = OracleMap {
        width,
        height,
        weights: (0..width * height)
            .map(|i| {
                let wall = case.walls.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
                if wall {
                    0
                } else if case.terrain {
                    1 + case.weights.get(i).map_or(0, |w| u32::from(w % 4))
                } else {
                    1
                }
            })
            .collect(),
    };
    let grid = Grid::from_fn(width as u32, height as u32, |c| {
        map.weights[c.y as usize * width + c.x as usize]
    })
    .expect("a small grid");
    let max = (case.max % 6).max(1);
    let cluster = u32::from(case.cluster % 12);
    let options = HierarchyOptions::new().cluster_size(cluster);
    let built = build(grid, max, options);
    let mut sized = match cluster {
        0 | 1 => {
            assert!(matches!(built, Err(HierarchyError::ClusterSize { .. })));
            return;
        }
        _ => built.expect("valid options build"),
    };
    assert_eq!(sized.max_size(), max);
    let costs = match moves {
        Moves::Four => MoveCosts {
            straight: 1.0,
            diagonal: 1.0,
        },
        _ => MoveCosts {
            straight: 1.0,
            diagonal: std::f64::consts::SQRT_2,
        },
    };
    let mut ctx = HierarchyContext::new();
    let at = |(x, y): (u8, u8)| {
        Cell::new(
            u32::from(x) % (width as u32 + 1),
            u32::from(y) % (height as u32 + 1),
        )
    };
    let inside = |c: Cell| (c.x as usize) < width && (c.y as usize) < height;
    for step in case.steps.iter().take(MAX_STEPS) {
        match *step {
            Step::Edit { cell, weight } => {
                let cell = at(cell);
                let weight = u32::from(weight % 5);
                let before = sized.grid().clone();
                match sized.set_weight(cell, weight) {
                    Ok(()) => {
                        assert!(inside(cell));
                        map.weights[cell.y as usize * width + cell.x as usize] = weight;
                    }
                    Err(e) => {
                        assert!(!inside(cell), "{cell}: {e:?}");
                        assert_eq!(sized.grid(), &before, "a refused edit changed the grid");
                    }
                }
            }
            Step::Query { size, start, goal } => {
                let size = (size % 8).max(1);
                let (start, goal) = (at(start), at(goal));
                if size > max {
                    assert_eq!(
                        sized.for_size(size).map(|_| ()).unwrap_err(),
                        HierarchyError::AgentSize { size, max }
                    );
                    continue;
                }
                let fits = fit_map(&map, usize::from(size));
                let hierarchy = sized.for_size(size).expect("a size up to the largest");
                for (i, &w) in fits.weights.iter().enumerate() {
                    let c = Cell::new((i % width) as u32, (i / width) as u32);
                    assert_eq!(hierarchy.grid().weight(c), w, "size {size}: cell {c}");
                }
                let answer = hierarchy.find_path(&mut ctx, start, goal);
                if !inside(start) || !inside(goal) {
                    assert!(
                        answer.is_err(),
                        "{start} -> {goal}: outside, yet {answer:?}"
                    );
                    continue;
                }
                let xy = |c: Cell| (i64::from(c.x), i64::from(c.y));
                let open = |c: Cell| fits.weights[c.y as usize * width + c.x as usize] > 0;
                let best = (open(start) && open(goal))
                    .then(|| fits.shortest(moves, costs, xy(start), xy(goal)))
                    .flatten();
                let path = answer.ok().and_then(|o| o.into_path());
                match (path, best) {
                    (Some(path), Some(best)) => {
                        let cells: Vec<(i64, i64)> = path.nodes.iter().map(|&c| xy(c)).collect();
                        let walked = fits
                            .path_cost(moves, costs, xy(start), xy(goal), &cells)
                            .unwrap_or_else(|e| panic!("size {size}: {start} -> {goal}: {e}"));
                        let reported: f64 = path.cost.into();
                        assert!(
                            same_cost(walked, reported, 1e-9),
                            "size {size}: {start} -> {goal}: walked {walked}, reported {reported}"
                        );
                        assert!(
                            reported >= best - 1e-9 * best.max(1.0),
                            "size {size}: {start} -> {goal}: {reported} below the optimum {best}"
                        );
                    }
                    (None, None) => {}
                    (got, best) => panic!(
                        "size {size}: {start} -> {goal}: {:?}, the oracle {best:?}",
                        got.map(|p| -> f64 { p.cost.into() })
                    ),
                }
            }
        }
    }
}
