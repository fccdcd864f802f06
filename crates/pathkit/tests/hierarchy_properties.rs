//! Hierarchical search (HPA*) against the independent oracle of `support/oracle.rs`.
//!
//! Random maps (open fields, scattered walls, rooms, terrain weights), every diagonal rule,
//! float and integer move costs, cluster sizes from 2 to 12 cells and one to three levels. For
//! every query:
//! - a path is found exactly when the oracle says the goal can be reached (walled ends and
//!   goals cut off included);
//! - the path starts and ends where asked, every step is a legal move under the oracle's rules,
//!   and the cost reported is the oracle's sum of those moves;
//! - the cost is never below the oracle's optimum, each query within a bound of it (below), and
//!   over all queries it stays close to it;
//! - the hierarchy itself answered: it never fell back to a full search
//!   (`HierarchyStats::fallbacks` is 0).
//!
//! The abstract graph is checked edge by edge against the one the HPA* rules give
//! (`support/hierarchy_rules.rs`, computed from the oracle's map with no pathkit code): every
//! crossing of every cluster border (straight, diagonal over a side, diagonal through a corner)
//! with its cost and level, and every edge inside a cluster with the cost of the cheapest path
//! there, at every level. It is checked when built and after every round of edits (walls built
//! and knocked down, terrain changed), when it must also equal a hierarchy built from scratch.
//!
//! Cases come from fixed seeds (xorshift), so a failure names its seed.

use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
use pathkit::search::Status;
use pathkit::Cost;
use pathkit::{Goal, Pathfinder};

use crate::hierarchy_case::check_graph;
use crate::support::moves_of;
use crate::support::oracle::{same_cost, MoveCosts, OracleMap};

fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// A random map: a shape (open, scattered walls, rooms with doors) and sometimes terrain.
fn random_weights(next: &mut impl FnMut() -> u64, width: usize, height: usize) -> Vec<u32> {
    let shape = next() % 3;
    let density = next() % 35;
    let terrain = next().is_multiple_of(3);
    let room = 3 + (next() % 8) as usize;
    (0..width * height)
        .map(|i| {
            let (x, y) = (i % width, i / width);
            let r = next();
            let wall = match shape {
                0 => r % 100 < density / 3,
                1 => r % 100 < density,
                _ => {
                    let on_line = x % room == 0 || y % room == 0;
                    let door = (x + 2 * y) % room == room / 2 || (2 * x + y) % room == 1;
                    (on_line && !door) || r % 100 < density / 4
                }
            };
            if wall {
                0
            } else if terrain {
                1 + (next() % 5) as u32
            } else {
                1
            }
        })
        .collect()
}

fn grid_of(width: usize, height: usize, weights: &[u32]) -> Grid {
    Grid::from_fn(width as u32, height as u32, |c| {
        weights[c.y as usize * width + c.x as usize]
    })
    .unwrap()
}

/// How far above the optimum one query may be: `best * 1.2 + cluster side * the dearest move`.
/// A path forced through the graph's crossings makes a detour of up to about a cluster's side
/// where it changes clusters in the wrong place; the re-search around each crossing takes most of
/// that back. (On the cases below the worst query takes about half of this headroom: the test
/// prints how much.)
fn query_bound(best: f64, cluster_size: u32, dearest_move: f64) -> f64 {
    best * 1.2 + cluster_size as f64 * dearest_move
}

/// Totals over many queries, for the quality check.
#[derive(Default)]
struct Tally {
    queries: u64,
    found: u64,
    excesses: Vec<f64>,
    /// The largest share of its bound's headroom a query's excess took.
    worst_over_bound: f64,
}

/// One map: queries, edits, queries again, and the edited hierarchy compared with a fresh one.
fn check_map<C: Cost + Into<f64>>(
    seed: u64,
    diagonal: Diagonal,
    straight: C,
    diagonal_cost: C,
    tally: &mut Tally,
) {
    let mut next = stream(seed);
    let width = 4 + (next() % 45) as usize;
    let height = 4 + (next() % 45) as usize;
    let mut weights = random_weights(&mut next, width, height);
    let options = HierarchyOptions::new()
        .cluster_size(2 + (next() % 11) as u32)
        .levels(1 + (next() % 3) as u8);
    let mut map = HierarchicalGrid::new(
        grid_of(width, height, &weights),
        diagonal,
        straight,
        diagonal_cost,
        options,
    )
    .unwrap();
    let costs = MoveCosts {
        straight: straight.into(),
        diagonal: diagonal_cost.into(),
    };
    let moves = moves_of(diagonal);
    let dearest_move = costs.straight.max(costs.diagonal) * *weights.iter().max().unwrap() as f64;
    let mut ctx = HierarchyContext::new();
    let mut path = Vec::new();
    for round in 0..3 {
        let oracle = OracleMap {
            width,
            height,
            weights: weights.clone(),
        };
        check_graph(
            &map,
            &oracle,
            moves,
            costs,
            options.cluster_size,
            &format!("seed {seed}, round {round}, {diagonal:?}, {width}x{height}, {options:?}"),
        );
        for q in 0..8 {
            let start = (
                (next() % width as u64) as i64,
                (next() % height as u64) as i64,
            );
            let goal = if q == 0 {
                start
            } else {
                (
                    (next() % width as u64) as i64,
                    (next() % height as u64) as i64,
                )
            };
            let status = map
                .find_path_into(
                    &mut ctx,
                    Cell::new(start.0 as u32, start.1 as u32),
                    Goal::Node(Cell::new(goal.0 as u32, goal.1 as u32)),
                    &Default::default(),
                    &mut path,
                )
                .unwrap();
            let best = if oracle.free(start.0, start.1) {
                oracle.shortest(moves, costs, start, goal)
            } else {
                None
            };
            tally.queries += 1;
            let context = || {
                format!(
                    "seed {seed}, round {round}, {diagonal:?}, {width}x{height}, {options:?}, {start:?} -> {goal:?}"
                )
            };
            assert_eq!(
                ctx.stats().fallbacks,
                0,
                "{}: the hierarchy lost the path and fell back to a full search",
                context()
            );
            match (status, best) {
                (Status::Found { cost }, Some(best)) => {
                    let cells: Vec<(i64, i64)> =
                        path.iter().map(|c| (c.x as i64, c.y as i64)).collect();
                    let summed = oracle
                        .path_cost(moves, costs, start, goal, &cells)
                        .unwrap_or_else(|e| panic!("{}: {e}", context()));
                    let cost: f64 = cost.into();
                    assert!(
                        same_cost(cost, summed, 1e-9),
                        "{}: reported {cost}, the path costs {summed}",
                        context()
                    );
                    assert!(
                        cost >= best - 1e-9 * best.max(1.0),
                        "{}: {cost} below the optimum {best}",
                        context()
                    );
                    let bound = query_bound(best, options.cluster_size, dearest_move);
                    assert!(
                        cost <= bound + 1e-9,
                        "{}: {cost} above the bound {bound} (optimum {best})",
                        context()
                    );
                    tally.worst_over_bound = tally
                        .worst_over_bound
                        .max((cost - best) / (bound - best).max(1e-12));
                    let excess = if best > 0.0 { cost / best - 1.0 } else { 0.0 };
                    tally.found += 1;
                    tally.excesses.push(excess);
                }
                (Status::Unreachable, None) => assert!(path.is_empty(), "{}", context()),
                (status, best) => panic!("{}: found {status:?}, oracle {best:?}", context()),
            }
        }
        // Edits: walls, openings, terrain, on borders and inside clusters alike.
        for _ in 0..1 + next() % 12 {
            let (x, y) = (
                (next() % width as u64) as u32,
                (next() % height as u64) as u32,
            );
            let weight = match next() % 4 {
                0 => 0,
                1 => 1,
                _ => 1 + (next() % 6) as u32,
            };
            map.set_weight(Cell::new(x, y), weight).unwrap();
            weights[y as usize * width + x as usize] = weight;
        }
        let fresh = HierarchicalGrid::new(
            grid_of(width, height, &weights),
            diagonal,
            straight,
            diagonal_cost,
            options,
        )
        .unwrap();
        assert_eq!(map.grid(), fresh.grid());
        for level in 1..=map.levels() {
            let mut edited: Vec<Cell> = map.entrance_cells(level).collect();
            let mut built: Vec<Cell> = fresh.entrance_cells(level).collect();
            edited.sort_by_key(|c| (c.y, c.x));
            built.sort_by_key(|c| (c.y, c.x));
            assert_eq!(
                edited, built,
                "seed {seed}, round {round}: entrances of level {level}"
            );
        }
        assert_eq!(
            map.size().edges,
            fresh.size().edges,
            "seed {seed}, round {round}: edges after edits"
        );
    }
}

#[test]
fn hierarchical_paths_are_valid_and_near_optimal_on_random_maps() {
    let mut tally = Tally::default();
    let rules = [
        Diagonal::Never,
        Diagonal::NoCornerCutting,
        Diagonal::CornerCutting,
        Diagonal::Always,
    ];
    for seed in 0..440u64 {
        let diagonal = rules[(seed % 4) as usize];
        if seed % 2 == 0 {
            check_map(seed, diagonal, 1.0f64, std::f64::consts::SQRT_2, &mut tally);
        } else {
            check_map(seed, diagonal, 10u32, 14u32, &mut tally);
        }
    }
    assert!(tally.queries >= 10_000, "{} queries", tally.queries);
    // Many goals are cut off; most are not.
    assert!(
        tally.found * 2 > tally.queries,
        "{} of {} found",
        tally.found,
        tally.queries
    );
    // On these small maps with clusters down to 2 cells a short path can be forced a few cells
    // out of its way; over all queries the cost stays close to the optimum.
    let mut excesses = tally.excesses;
    excesses.sort_by(f64::total_cmp);
    let mean = excesses.iter().sum::<f64>() / excesses.len() as f64;
    let p95 = excesses[excesses.len() * 95 / 100];
    let worst = excesses[excesses.len() - 1];
    let summary = format!(
        "above optimal: mean {:.3}%, 95th percentile {:.2}%, worst {:.1}%",
        mean * 100.0,
        p95 * 100.0,
        worst * 100.0
    );
    assert!(mean < 0.01 && p95 < 0.07 && worst < 0.8, "{summary}");
    eprintln!(
        "{summary}; the worst query took {:.0}% of its bound's headroom",
        tally.worst_over_bound * 100.0
    );
}

#[test]
fn a_gap_closed_and_opened_again_is_seen_at_every_level() {
    // A wall down the middle of a 64 x 64 map with one gap; two levels of 4-cell clusters.
    let grid = Grid::from_fn(64, 64, |c| u32::from(!(c.x == 31 && c.y != 50))).unwrap();
    let options = HierarchyOptions::new().cluster_size(4).levels(3);
    let mut map = HierarchicalGrid::eight_connected(grid, options).unwrap();
    let mut ctx = HierarchyContext::new();
    let (a, b) = (Cell::new(2, 2), Cell::new(60, 2));
    let through = map.find_path(&mut ctx, a, b).unwrap().into_path().unwrap();
    assert!(through.nodes.contains(&Cell::new(31, 50)));
    map.block(Cell::new(31, 50)).unwrap();
    assert!(!map.find_path(&mut ctx, a, b).unwrap().is_found());
    map.open(Cell::new(31, 10)).unwrap();
    let again = map.find_path(&mut ctx, a, b).unwrap().into_path().unwrap();
    assert!(again.nodes.contains(&Cell::new(31, 10)));
    assert!(again.cost < through.cost);
}

#[test]
fn out_of_grid_cells_are_errors_and_change_nothing() {
    let mut map =
        HierarchicalGrid::four_connected(Grid::new(10, 10).unwrap(), HierarchyOptions::new())
            .unwrap();
    let before = map.size();
    let mut ctx = HierarchyContext::new();
    assert!(map.set_weight(Cell::new(10, 0), 0).is_err());
    assert!(map
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(0, 10))
        .is_err());
    assert!(map
        .find_path(&mut ctx, Cell::new(0, 99), Cell::new(0, 1))
        .is_err());
    assert_eq!(map.size(), before);
    assert_eq!(map.grid(), &Grid::new(10, 10).unwrap());
}

/// Searches `text` (clusters of 2, any diagonal) from its top-left to its top-right cell and
/// returns whether a path was found, the fallbacks counted, and the crossings of level 1.
fn across<C: Cost>(text: &str, straight: C, diagonal: C) -> (bool, u64, Vec<(Cell, Cell)>) {
    let grid = Grid::from_ascii(text).unwrap();
    let options = HierarchyOptions::new().cluster_size(2);
    let map = HierarchicalGrid::new(grid, Diagonal::Always, straight, diagonal, options).unwrap();
    let mut ctx = HierarchyContext::new();
    let found = map
        .find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 0))
        .unwrap()
        .is_found();
    let mut crossings: Vec<(Cell, Cell)> = map
        .abstract_edges(1)
        .filter(|e| e.crossing)
        .map(|e| (e.from, e.to))
        .collect();
    crossings.sort_by_key(|&(p, q)| (p.y, p.x, q.y, q.x));
    (found, ctx.stats().fallbacks, crossings)
}

#[test]
fn the_only_way_across_a_border_is_a_diagonal_either_way() {
    // `.#..` over `..#.` in clusters of 2, any diagonal allowed: the only move across the middle
    // border is the diagonal (1, 1) <-> (2, 0); in the mirrored map, (1, 0) <-> (2, 1).
    for (text, a, b) in [
        (".#..\n..#.\n", Cell::new(1, 1), Cell::new(2, 0)),
        ("..#.\n.#..\n", Cell::new(1, 0), Cell::new(2, 1)),
    ] {
        let mut expected = vec![(a, b), (b, a)];
        expected.sort_by_key(|&(p, q)| (p.y, p.x, q.y, q.x));
        for answer in [
            across(text, 1.0, std::f64::consts::SQRT_2),
            across(text, 10u32, 14),
        ] {
            assert_eq!(answer, (true, 0, expected.clone()), "{text}");
        }
    }
}

/// Recording the cells HPA*'s searches expand changes no answer; every cell recorded is open
/// ground of the map (the oracle's weights), and every cell of the path but the goal is among
/// them (the searches joining it cell by cell expanded them); not recording records nothing.
#[test]
fn the_cells_hpa_explores_are_open_ground_and_recording_them_changes_no_answer() {
    for seed in 0..12u64 {
        let mut next = stream(seed + 500);
        let (width, height) = (20 + (next() % 30) as usize, 20 + (next() % 30) as usize);
        let weights = random_weights(&mut next, width, height);
        let grid = grid_of(width, height, &weights);
        let options = HierarchyOptions::new().cluster_size(4 + (next() % 6) as u32);
        let map = HierarchicalGrid::eight_connected(grid, options).unwrap();
        let (mut plain, mut recording) = (HierarchyContext::new(), HierarchyContext::new());
        recording.record_explored(true);
        let mut found = 0;
        for _ in 0..20 {
            let cell = |v: u64| {
                Cell::new(
                    (v % width as u64) as u32,
                    ((v >> 24) % height as u64) as u32,
                )
            };
            let (a, b) = (cell(next()), cell(next()));
            let want = map.find_path(&mut plain, a, b).unwrap();
            assert!(plain.explored().is_empty(), "seed {seed}: recorded unasked");
            let got = map.find_path(&mut recording, a, b).unwrap();
            assert_eq!(got, want, "seed {seed}: {a:?} -> {b:?}");
            if !got.is_found() || a == b {
                continue;
            }
            found += 1;
            let explored = recording.explored();
            // What the query noted, and only it: a fresh context notes the same.
            let mut fresh = HierarchyContext::new();
            fresh.record_explored(true);
            assert!(map.find_path(&mut fresh, a, b).unwrap().is_found());
            assert_eq!(fresh.explored(), explored, "seed {seed}: {a:?} -> {b:?}");
            // The searches joining the path cell by cell expanded every cell of it but the goal.
            let path = got.into_path().unwrap();
            for c in &path.nodes[..path.nodes.len() - 1] {
                assert!(
                    explored.contains(c),
                    "seed {seed}: {c:?} of the path not explored"
                );
            }
            for c in explored {
                let w = weights[c.y as usize * width + c.x as usize];
                assert!(w > 0, "seed {seed}: {c:?} is a wall");
            }
        }
        assert!(found > 3, "seed {seed}: {found} paths");
    }
}
