//! Areas on grids (`GridAreas`, `AreaFilter`, `AreaCosts`) against the grid oracle of
//! `tests/support` (a textbook Dijkstra sharing no code with pathkit): the oracle's map is the
//! grid with each cell of a forbidden area walled and each other cell's weight multiplied by its
//! area's cost, computed here cell by cell; every answer under the agent's area rules, with every
//! diagonal rule, is the oracle's optimum and a real walk of that map.

use crate::support::oracle::{MoveCosts, OracleMap};
use crate::support::{check_grid_answer, moves_of, random_case, RULES};
use pathkit::grid::{AreaCosts, Cell, GridAreas, GridError};
use pathkit::navmesh::AreaFilter;
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

#[test]
fn agents_with_area_filters_and_costs_get_the_oracles_shortest_paths() {
    let mut ctx = SearchContext::new();
    let mut checked = 0;
    for seed in 0..150u64 {
        let (w, h) = (4 + (seed % 23) as u32, 3 + (seed * 7 % 19) as u32);
        let case = random_case(w, h, 15, 3, seed);
        let mut state = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        // Areas 0 to 3 in blobs: a few rectangles.
        let mut areas = GridAreas::new(&case.grid);
        let mut area_of = vec![0u8; (w * h) as usize];
        for _ in 0..next(5) {
            let (x0, y0) = (next(u64::from(w)) as u32, next(u64::from(h)) as u32);
            let (x1, y1) = (
                (x0 + 1 + next(5) as u32).min(w),
                (y0 + 1 + next(4) as u32).min(h),
            );
            let area = 1 + next(3) as u8;
            for y in y0..y1 {
                for x in x0..x1 {
                    areas.set(Cell::new(x, y), area).unwrap();
                    area_of[(y * w + x) as usize] = area;
                }
            }
        }
        let mut filter = AreaFilter::ALL;
        let forbidden: Vec<u8> = (1..=3).filter(|_| next(3) == 0).collect();
        for &a in &forbidden {
            filter = filter.without(a).unwrap();
        }
        let factors = [
            1,
            1 + next(4) as u32,
            1 + next(4) as u32,
            1 + next(4) as u32,
        ];
        let mut costs = AreaCosts::new();
        for a in 1..=3u8 {
            costs = costs.with(a, factors[usize::from(a)]).unwrap();
        }
        // The oracle's map for this agent.
        let map = OracleMap {
            width: case.map.width,
            height: case.map.height,
            weights: case
                .map
                .weights
                .iter()
                .zip(&area_of)
                .map(|(&weight, &area)| {
                    if forbidden.contains(&area) {
                        0
                    } else {
                        weight * factors[usize::from(area)]
                    }
                })
                .collect(),
        };
        for rule in RULES {
            let costs_of = MoveCosts {
                straight: 1.0,
                diagonal: std::f64::consts::SQRT_2,
            };
            let space = case
                .grid
                .space(rule, 1.0, std::f64::consts::SQRT_2)
                .unwrap()
                .with_rules(areas.rules(filter, costs.clone()));
            let outcome = space.find_path(&mut ctx, case.start, case.goal).unwrap();
            check_grid_answer(
                &map,
                moves_of(rule),
                costs_of,
                (case.start, case.goal),
                &outcome,
                1.0,
            );
            checked += 1;
        }
    }
    assert!(checked >= 600, "{checked}");
}

#[test]
fn bad_areas_and_costs_are_refused_and_change_nothing() {
    let grid = pathkit::grid::Grid::new(3, 3).unwrap();
    let mut areas = GridAreas::new(&grid);
    assert_eq!(
        areas.set(Cell::new(1, 1), 64),
        Err(GridError::InvalidArea { area: 64 })
    );
    assert!(matches!(
        areas.set(Cell::new(3, 1), 1),
        Err(GridError::OutOfBounds { .. })
    ));
    assert_eq!(areas, GridAreas::new(&grid));
    assert_eq!(areas.area(Cell::new(5, 5)), None);
    assert_eq!(
        AreaCosts::new().with(2, 0),
        Err(GridError::InvalidArea { area: 2 })
    );
    assert_eq!(
        AreaCosts::new().with(64, 3),
        Err(GridError::InvalidArea { area: 64 })
    );
    assert_eq!(AreaCosts::new().factor(63), 1);
}
