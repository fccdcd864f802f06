//! A grid keeps tables that it updates in place as cells change: the connected components of
//! every diagonal rule (a cell opened joins and merges its neighbours' components; a wall built
//! has the table rebuilt), so [`Grid::reachable`] and [`Grid::component`] answer without a search.
//! After any sequence of edits, those answers must be the oracle's on the edited map.

use crate::support;

use pathkit::grid::{Cell, Grid};
use proptest::prelude::*;
use support::oracle::{MoveCosts, OracleMap};
use support::{moves_of, random_case, RULES};

/// The oracle's components: cells labelled by one Dijkstra from each cell not yet reached.
fn oracle_components(map: &OracleMap, rule: pathkit::grid::Diagonal) -> Vec<Option<usize>> {
    let mut label = vec![None; map.weights.len()];
    let mut next = 0;
    for i in 0..map.weights.len() {
        let (x, y) = ((i % map.width) as i64, (i / map.width) as i64);
        if label[i].is_some() || !map.free(x, y) {
            continue;
        }
        let reached = map.distances(moves_of(rule), MoveCosts::OCTILE, &[(x, y)]);
        for (j, d) in reached.iter().enumerate() {
            if d.is_some() {
                label[j] = Some(next);
            }
        }
        next += 1;
    }
    label
}

/// The grid's components are the oracle's, cell for cell, up to the names of the components.
fn check_components(grid: &Grid, map: &OracleMap) {
    for rule in RULES {
        let expected = oracle_components(map, rule);
        let mut name_of = std::collections::HashMap::new();
        let mut label_of = std::collections::HashMap::new();
        for (i, &label) in expected.iter().enumerate() {
            let cell = grid.cell_at(i);
            let got = grid.component(cell, rule);
            assert_eq!(
                got.is_some(),
                label.is_some(),
                "{rule:?}: {cell} passable or not"
            );
            let (Some(got), Some(label)) = (got, label) else {
                continue;
            };
            // One name per oracle component, and one oracle component per name.
            assert_eq!(
                *name_of.entry(label).or_insert(got),
                got,
                "{rule:?}: {cell} split off"
            );
            assert_eq!(
                *label_of.entry(got).or_insert(label),
                label,
                "{rule:?}: {cell} merged"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Asked before any edit (so every table is built and then kept up to date), then after every
    /// few edits: walls built, walls knocked down, weights changed.
    #[test]
    fn components_follow_every_edit(
        seed: u64,
        w in 1u32..12,
        h in 1u32..12,
        density in 0u32..70,
        edits in proptest::collection::vec((any::<u32>(), any::<u32>(), 0u32..4), 1..48),
    ) {
        let mut case = random_case(w, h, density, 3, seed);
        check_components(&case.grid, &case.map);
        for chunk in edits.chunks(3) {
            for &(x, y, weight) in chunk {
                let cell = Cell::new(x % w, y % h);
                match weight {
                    0 => case.grid.block(cell).unwrap(),
                    1 => case.grid.open(cell).unwrap(),
                    _ => case.grid.set_weight(cell, weight).unwrap(),
                }
                case.map.weights[(cell.y * w + cell.x) as usize] = weight;
            }
            check_components(&case.grid, &case.map);
            for rule in RULES {
                let oracle = case.map.shortest(moves_of(rule), MoveCosts::OCTILE, support::xy(case.start), support::xy(case.goal));
                prop_assert_eq!(case.grid.reachable(case.start, case.goal, rule), oracle.is_some());
            }
        }
    }
}

/// A wall that splits a region, knocked down again: the two halves are one component again, under
/// every rule, and a door between two regions joins them.
#[test]
fn a_door_joins_two_regions_and_a_wall_splits_them() {
    let mut grid = Grid::from_ascii("..#..\n..#..\n..#..").unwrap();
    let (left, right) = (Cell::new(0, 1), Cell::new(4, 1));
    for rule in RULES {
        assert!(!grid.reachable(left, right, rule), "{rule:?}");
    }
    grid.open(Cell::new(2, 1)).unwrap();
    for rule in RULES {
        assert!(grid.reachable(left, right, rule), "{rule:?}");
        assert!(grid.reachable(right, left, rule), "{rule:?}");
    }
    grid.block(Cell::new(2, 1)).unwrap();
    for rule in RULES {
        assert!(!grid.reachable(left, right, rule), "{rule:?}");
    }
}
