//! [`grid_obstacles`]: a grid's blocked cells as rectangles, to build a navigation mesh of a tile
//! map for an agent with a radius ([`NavMesh::from_obstacles`](super::NavMesh::from_obstacles),
//! [`TiledNavMesh`](super::TiledNavMesh)).

use crate::geometry::{Point, Polygon};
use crate::grid::Grid;

/// The blocked cells of `grid` as rectangles (cell `(x, y)` is the square `[x, x + 1] x
/// [y, y + 1]`, as in [`NavMesh::from_grid`](super::NavMesh::from_grid)): each run of blocked
/// cells in a row, grown down over the rows below with the same run. Rectangles touch but do not
/// overlap; in the box `(0, 0)`-`(width, height)` they make the walls of the grid's mesh, and
/// with a radius, the walls a round agent keeps that far from (a grid's own mesh has none).
/// Each rectangle is one obstacle a [`TiledNavMesh`](super::TiledNavMesh) can move or remove: a
/// building's wing, a crate.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::grid::Grid;
/// use pathkit::navmesh::{grid_obstacles, AnyAngleSearch, NavMesh};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("....\n.##.\n.##.\n....")?;
/// let blocks = grid_obstacles(&grid);
/// assert_eq!(blocks.len(), 1); // the two rows of the block are one rectangle
/// let p = Point::new;
/// let mesh = NavMesh::from_obstacles(&blocks, 0.25, p(0.0, 0.0), p(4.0, 4.0))?;
/// assert_eq!(mesh.triangle_at(p(0.9, 1.5)), None); // within a quarter of the block
/// let path = mesh.find_path(&mut AnyAngleSearch::new(), p(0.5, 2.0), p(3.5, 2.0))?.into_path().unwrap();
/// // Round the block grown to [0.75, 3.25] squared: to a corner, along a side, to the goal.
/// let expected = 2.0 * 0.25f64.hypot(1.25) + 2.5;
/// assert!((path.cost - expected).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn grid_obstacles(grid: &Grid) -> Vec<Polygon> {
    let (w, h) = (grid.width(), grid.height());
    let blocked = |x: u32, y: u32| !grid.passable_xy(i64::from(x), i64::from(y));
    // Rectangles still growing down: (first column, first row, end column).
    let mut open: Vec<(u32, u32, u32)> = Vec::new();
    let mut done: Vec<(u32, u32, u32, u32)> = Vec::new();
    for y in 0..h {
        let mut runs = Vec::new();
        let mut x = 0;
        while x < w {
            if !blocked(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && blocked(x, y) {
                x += 1;
            }
            runs.push((start, x));
        }
        let mut next = Vec::with_capacity(runs.len());
        for (x0, y0, x1) in open.drain(..) {
            if let Some(k) = runs.iter().position(|&run| run == (x0, x1)) {
                runs.remove(k);
                next.push((x0, y0, x1));
            } else {
                done.push((x0, y0, x1, y));
            }
        }
        next.extend(runs.into_iter().map(|(x0, x1)| (x0, y, x1)));
        open = next;
    }
    done.extend(open.into_iter().map(|(x0, y0, x1)| (x0, y0, x1, h)));
    done.sort_unstable_by_key(|&(x0, y0, _, _)| (y0, x0));
    done.into_iter()
        .map(|(x0, y0, x1, y1)| {
            let (x0, y0, x1, y1) = (f64::from(x0), f64::from(y0), f64::from(x1), f64::from(y1));
            Polygon::new(vec![
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ])
        })
        .collect()
}
