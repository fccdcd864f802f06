//! Smoothing into a buffer of the caller's allocates nothing once the buffer has grown, and line
//! of sight never allocates.

use crate::alloc_counter;

use alloc_counter::count;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

#[test]
fn smoothing_into_a_warm_buffer_and_sight_allocate_nothing() {
    // Weighted terrain between long walls, so that smoothing compares weights too.
    let grid = Grid::from_fn(80, 60, |c| {
        let wall = (c.x % 16 == 8 && c.y % 30 > 3) || (c.y % 20 == 10 && c.x % 40 > 5);
        if wall {
            0
        } else {
            1 + (c.x / 5 + c.y / 7) % 3
        }
    })
    .unwrap();
    let mut ctx = SearchContext::new();
    let mut paths = Vec::new();
    for rule in [Diagonal::Never, Diagonal::NoCornerCutting] {
        let space = grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap();
        for (start, goal) in [((0, 0), (79, 59)), ((79, 0), (0, 59)), ((3, 30), (75, 2))] {
            let outcome = space
                .find_path(&mut ctx, start.into(), Cell::from(goal))
                .unwrap();
            if let Some(path) = outcome.into_path() {
                paths.push((rule, path.nodes));
            }
        }
    }
    assert!(paths.len() >= 4, "only {} paths found", paths.len());
    let mut out = Vec::new();
    for (rule, path) in &paths {
        grid.smooth_into(path, *rule, &mut out).unwrap();
    }
    let (kept, allocations) = count(|| {
        let mut kept = 0;
        for (rule, path) in &paths {
            grid.smooth_into(path, *rule, &mut out).unwrap();
            kept += out.len();
            kept += usize::from(
                grid.line_of_sight(path[0], Cell::new(40, 30), *rule)
                    .unwrap(),
            );
        }
        kept
    });
    assert!(kept > 2 * paths.len(), "only {kept} waypoints kept");
    assert_eq!(allocations, 0);
}
