//! `pathkit path --hierarchy`: the path hierarchical search (HPA*) finds, beside the optimum,
//! and the clusters, entrances and path drawn over the map.

use crate::error::CliError;
use crate::png_image::Line;
use pathkit::grid::{Cell, Grid};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyError, HierarchyOptions};
use pathkit::{Cost, Pathfinder};

/// What the hierarchy answered.
pub struct HierarchyAnswer {
    pub path: Vec<Cell>,
    pub cost: Option<f64>,
    pub expanded: u64,
    pub levels: u8,
    /// Lines to draw: the clusters' borders, the entrances, the path.
    pub lines: Vec<Line>,
}

/// Level-1 cluster borders: a blue-grey that shows on floor and walls alike.
const BORDER: [u8; 3] = [90, 120, 170];
/// Borders of level 2 and above: darker, and drawn wider.
const UPPER_BORDER: [u8; 3] = [30, 50, 110];
/// The entrances: amber marks on the border cells.
const ENTRANCE: [u8; 3] = [240, 170, 20];
/// The hierarchy's path: orange over the optimal path's red cells.
const PATH: [u8; 3] = [255, 140, 0];

/// Builds the hierarchy over `grid` (4- or 8-connected as `four` says) with clusters of
/// `cluster` cells and searches it.
pub fn find(
    grid: &Grid,
    four: bool,
    cluster: u32,
    start: Cell,
    goal: Cell,
) -> Result<HierarchyAnswer, CliError> {
    let options = HierarchyOptions::new().cluster_size(cluster);
    let (path, cost, expanded, map_lines, levels) = if four {
        let map = HierarchicalGrid::four_connected(grid.clone(), options).map_err(error)?;
        search(&map, start, goal)?
    } else {
        let map = HierarchicalGrid::eight_connected(grid.clone(), options).map_err(error)?;
        search(&map, start, goal)?
    };
    let mut lines = map_lines;
    lines.extend(path.windows(2).map(|w| Line {
        from: (f64::from(w[0].x) + 0.5, f64::from(w[0].y) + 0.5),
        to: (f64::from(w[1].x) + 0.5, f64::from(w[1].y) + 0.5),
        colour: PATH,
        width: 2,
    }));
    Ok(HierarchyAnswer {
        path,
        cost,
        expanded,
        levels,
        lines,
    })
}

fn error(e: HierarchyError) -> CliError {
    CliError::Search(e.to_string())
}

/// What `map` answers from `start` to `goal`: the path, its cost, the expansions, the drawing of
/// the clusters and the number of levels.
type Searched = (Vec<Cell>, Option<f64>, u64, Vec<Line>, u8);

fn search<C: Cost>(
    map: &HierarchicalGrid<C>,
    start: Cell,
    goal: Cell,
) -> Result<Searched, CliError> {
    let mut ctx = HierarchyContext::new();
    let outcome = map.find_path(&mut ctx, start, goal).map_err(error)?;
    let (path, cost) = match outcome.into_path() {
        Some(p) => (p.nodes, Some(p.cost.to_f64())),
        None => (Vec::new(), None),
    };
    Ok((path, cost, ctx.stats().expanded, drawing(map), map.levels()))
}

/// The clusters' borders, top level last and widest, and a short bar across each entrance cell.
fn drawing<C: Cost>(map: &HierarchicalGrid<C>) -> Vec<Line> {
    let mut lines = Vec::new();
    for level in 1..=map.levels() {
        let (colour, width) = if level == 1 {
            (BORDER, 1)
        } else {
            (UPPER_BORDER, u32::from(level))
        };
        for r in map.cluster_rects(level) {
            let (x0, y0) = (f64::from(r.x), f64::from(r.y));
            let (x1, y1) = (x0 + f64::from(r.width), y0 + f64::from(r.height));
            for (from, to) in [((x0, y0), (x1, y0)), ((x0, y0), (x0, y1))] {
                lines.push(Line {
                    from,
                    to,
                    colour,
                    width,
                });
            }
        }
    }
    for cell in map.entrance_cells(1) {
        let (x, y) = (f64::from(cell.x), f64::from(cell.y));
        lines.push(Line {
            from: (x + 0.2, y + 0.5),
            to: (x + 0.8, y + 0.5),
            colour: ENTRANCE,
            width: 2,
        });
    }
    lines
}
