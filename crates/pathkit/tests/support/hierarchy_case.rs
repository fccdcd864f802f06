//! One fuzz case for hierarchical search (HPA*): a grid, options, then queries and edits, each
//! query checked against the independent oracle ([`crate::oracle`]).
//!
//! - Options out of range (a cluster of 0 or 1 cells, 0 levels) are refused with their typed
//!   error; valid ones build.
//! - A query with a cell outside the grid is an error; any other is answered as the oracle
//!   says: a path exactly when the goal can be reached, a real walk under the rules, costing
//!   what it reports, never below the optimum.
//!   The hierarchy answers by itself: it never falls back to a full search.
//! - The abstract graph, when built and after the edits (walls, openings, terrain; an edit
//!   outside the grid is an error and changes nothing), is the one the HPA* rules give
//!   ([`crate::hierarchy_rules`]), edge by edge, and has the entrances and edges of a hierarchy
//!   built from scratch.
//!
//! The fuzz target `fuzz/fuzz_targets/hierarchy.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` both include this file and `oracle.rs` at their crate
//! root, so a replayed input meets exactly the checks the fuzzer ran.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyError, HierarchyOptions};
use pathkit::search::Status;
use pathkit::Cost;
use pathkit::{Goal, Pathfinder};

use crate::hierarchy_rules::{compare_level, rule_graph, Clusters};
use crate::oracle::{same_cost, MoveCosts, Moves, OracleMap};
use crate::rules::{moves_of, RULES};

/// The widest and tallest grid a case builds.
pub const MAX_SIDE: u32 = 40;

/// At most this many steps of a case are run.
pub const MAX_STEPS: usize = 16;

/// A grid, options and what to do with them, as decoded from the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct HierarchyCase {
    /// Width `1 + width % MAX_SIDE`.
    pub width: u8,
    /// Height `1 + height % MAX_SIDE`.
    pub height: u8,
    /// One bit per cell, row-major: set = wall. Cells past the end are free.
    pub walls: Vec<u8>,
    /// One byte per cell: weight `1 + byte % 4` when `terrain` is set.
    pub weights: Vec<u8>,
    pub terrain: bool,
    /// Diagonal rule, index into the four rules.
    pub rule: u8,
    /// Cluster size `cluster % 14` (0 and 1 are refused).
    pub cluster: u8,
    /// Levels `levels % 4` (0 is refused).
    pub levels: u8,
    /// `u32` costs 10 and 14 instead of `f64` 1 and √2.
    pub integer: bool,
    /// Queries and edits, in order.
    pub steps: Vec<Step>,
}

/// One step. Coordinates are taken modulo one more than the grid's side, so a few of them fall
/// just outside the grid.
#[derive(Arbitrary, Debug)]
pub enum Step {
    Query {
        start: (u8, u8),
        goal: (u8, u8),
    },
    /// Sets the weight of a cell to `weight % 5` (0 = wall).
    Edit {
        cell: (u8, u8),
        weight: u8,
    },
}

/// Decodes `data` the way the fuzz target does and checks the case; bytes that do not decode
/// are skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = HierarchyCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// Runs one case.
pub fn check(case: &HierarchyCase) {
    let rule = RULES[case.rule as usize % 4];
    if case.integer {
        run(case, rule, 10u32, 14u32);
    } else {
        run(case, rule, 1.0f64, std::f64::consts::SQRT_2);
    }
}

fn run<C: Cost + Into<f64>>(case: &HierarchyCase, rule: Diagonal, straight: C, diagonal: C) {
    let width = 1 + case.width as usize % MAX_SIDE as usize;
    let height = 1 + case.height as usize % MAX_SIDE as usize;
    let mut weights: Vec<u32> = (0..width * height)
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
        .collect();
    let grid_of = |weights: &[u32]| {
        Grid::from_fn(width as u32, height as u32, |c| {
            weights[c.y as usize * width + c.x as usize]
        })
        .unwrap()
    };
    let options = HierarchyOptions::new()
        .cluster_size(u32::from(case.cluster % 14))
        .levels(case.levels % 4);
    let built = HierarchicalGrid::new(grid_of(&weights), rule, straight, diagonal, options);
    let mut map = match (case.cluster % 14, case.levels % 4) {
        (0 | 1, _) => {
            assert!(matches!(built, Err(HierarchyError::ClusterSize { .. })));
            return;
        }
        (_, 0) => {
            assert!(matches!(built, Err(HierarchyError::Levels { levels: 0 })));
            return;
        }
        _ => built.unwrap(),
    };
    let costs = MoveCosts {
        straight: straight.into(),
        diagonal: diagonal.into(),
    };
    let moves = moves_of(rule);
    let cluster = u32::from(case.cluster % 14);
    let oracle_of = |weights: &[u32]| OracleMap {
        width,
        height,
        weights: weights.to_vec(),
    };
    check_graph(&map, &oracle_of(&weights), moves, costs, cluster, "built");
    let mut ctx = HierarchyContext::new();
    let mut path = Vec::new();
    let inside = |(x, y): (u8, u8)| {
        let (x, y) = (x as usize % (width + 1), y as usize % (height + 1));
        (
            (x < width && y < height).then_some(()),
            (x as i64, y as i64),
        )
    };
    let mut edited = false;
    for step in case.steps.iter().take(MAX_STEPS) {
        match *step {
            Step::Query { start, goal } => {
                let ((in_s, s), (in_g, g)) = (inside(start), inside(goal));
                let result = map.find_path_into(
                    &mut ctx,
                    Cell::new(s.0 as u32, s.1 as u32),
                    Goal::Node(Cell::new(g.0 as u32, g.1 as u32)),
                    &Default::default(),
                    &mut path,
                );
                if in_s.is_none() || in_g.is_none() {
                    assert!(matches!(result, Err(HierarchyError::Grid(_))), "{result:?}");
                    continue;
                }
                assert_eq!(ctx.stats().fallbacks, 0, "the hierarchy lost the path");
                let oracle = oracle_of(&weights);
                let best = if oracle.free(s.0, s.1) {
                    oracle.shortest(moves, costs, s, g)
                } else {
                    None
                };
                match (result.unwrap(), best) {
                    (Status::Found { cost }, Some(best)) => {
                        let cells: Vec<(i64, i64)> =
                            path.iter().map(|c| (c.x as i64, c.y as i64)).collect();
                        let summed = oracle.path_cost(moves, costs, s, g, &cells).unwrap();
                        let cost: f64 = cost.into();
                        assert!(
                            same_cost(cost, summed, 1e-9),
                            "reported {cost}, costs {summed}"
                        );
                        assert!(cost >= best - 1e-9 * best.max(1.0), "{cost} below {best}");
                    }
                    (Status::Unreachable, None) => assert!(path.is_empty()),
                    (status, best) => panic!("found {status:?}, oracle {best:?}"),
                }
            }
            Step::Edit { cell, weight } => {
                let (ok, (x, y)) = inside(cell);
                let weight = u32::from(weight % 5);
                let result = map.set_weight(Cell::new(x as u32, y as u32), weight);
                if ok.is_none() {
                    assert!(result.is_err());
                    continue;
                }
                result.unwrap();
                weights[y as usize * width + x as usize] = weight;
                edited = true;
            }
        }
    }
    assert_eq!(map.grid(), &grid_of(&weights));
    if edited {
        check_graph(&map, &oracle_of(&weights), moves, costs, cluster, "edited");
        let fresh =
            HierarchicalGrid::new(grid_of(&weights), rule, straight, diagonal, options).unwrap();
        for level in 1..=map.levels() {
            let mut a: Vec<Cell> = map.entrance_cells(level).collect();
            let mut b: Vec<Cell> = fresh.entrance_cells(level).collect();
            a.sort_by_key(|c| (c.y, c.x));
            b.sort_by_key(|c| (c.y, c.x));
            assert_eq!(a, b, "entrances of level {level} after edits");
        }
        assert_eq!(map.size().edges, fresh.size().edges, "edges after edits");
    }
}

/// Checks `map`'s abstract graph, every level, against the one the HPA* rules give for `oracle`.
pub fn check_graph<C: Cost + Into<f64>>(
    map: &HierarchicalGrid<C>,
    oracle: &OracleMap,
    moves: Moves,
    costs: MoveCosts,
    cluster_size: u32,
    context: &str,
) {
    let clusters = Clusters {
        side: cluster_size as i64,
        levels: map.levels(),
    };
    for level in 1..=map.levels() {
        assert_eq!(
            map.cluster_side(level) as i64,
            clusters.side_of(level),
            "{context}: cluster side of level {level}"
        );
    }
    let rules = rule_graph(oracle, moves, costs, clusters);
    for level in 1..=map.levels() {
        let mut expected: Vec<(i64, i64)> = rules
            .nodes
            .iter()
            .filter(|(_, &l)| l >= level)
            .map(|(&at, _)| at)
            .collect();
        let mut nodes: Vec<(i64, i64)> = map
            .entrance_cells(level)
            .map(|c| (c.x as i64, c.y as i64))
            .collect();
        expected.sort_unstable();
        nodes.sort_unstable();
        assert_eq!(nodes, expected, "{context}: nodes of level {level}");
        let engine = map.abstract_edges(level).map(|e| {
            (
                (e.from.x as i64, e.from.y as i64),
                (e.to.x as i64, e.to.y as i64),
                e.cost.into(),
                e.crossing,
            )
        });
        if let Err(e) = compare_level(&rules.levels[level as usize - 1], engine, 1e-9) {
            panic!("{context}: level {level}: {e}");
        }
    }
}
