//! Hierarchical queries into a warm context and a warm path buffer allocate nothing: the
//! context keeps every buffer a query uses (the ends' edges at every level, the paths of every
//! level, the search records), as `HierarchyContext` documents.

use crate::alloc_counter;

use alloc_counter::count;
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
use pathkit::{Goal, Pathfinder};

#[test]
fn hierarchical_queries_into_a_warm_context_allocate_nothing() {
    // Rooms with doors and some terrain, two levels of 8-cell clusters.
    let grid = Grid::from_fn(128, 96, |c| {
        let wall = (c.x % 24 == 12 && c.y % 24 != 5) || (c.y % 32 == 16 && c.x % 24 != 20);
        if wall {
            0
        } else {
            1 + (c.x / 9 + c.y / 13) % 3
        }
    })
    .unwrap();
    let options = HierarchyOptions::new().cluster_size(8).levels(2);
    let map = HierarchicalGrid::eight_connected(grid, options).unwrap();
    let queries = [
        (Cell::new(0, 0), Cell::new(127, 95)),
        (Cell::new(127, 0), Cell::new(0, 95)), // a closed room: answered from the components
        (Cell::new(3, 50), Cell::new(120, 2)),
        (Cell::new(62, 40), Cell::new(63, 41)),
        (Cell::new(0, 0), Cell::new(12, 0)), // a wall: answered without searching
    ];
    let mut ctx = HierarchyContext::new();
    let mut path = Vec::new();
    for _ in 0..2 {
        for &(start, goal) in &queries {
            let _warm = map
                .find_path_into(
                    &mut ctx,
                    start,
                    Goal::Node(goal),
                    &Default::default(),
                    &mut path,
                )
                .unwrap();
        }
    }
    let (found, allocations) = count(|| {
        let mut found = 0;
        for &(start, goal) in &queries {
            let status = map
                .find_path_into(
                    &mut ctx,
                    start,
                    Goal::Node(goal),
                    &Default::default(),
                    &mut path,
                )
                .unwrap();
            found += usize::from(status.is_found());
        }
        found
    });
    assert_eq!(found, 3);
    assert_eq!(allocations, 0);
}
