//! PNG drawings of a multi-level map with a path on it: the floors side by side, left to right
//! in order, each drawn as a grid is; every portal's ends framed and joined by a line (two-way
//! stairs purple, one-way portals orange with a dot at the end they lead to, portals out of
//! service grey); the path red on each floor and along the portals it takes.

use crate::draw::marks;
use crate::draw::Mark;
use crate::error::CliError;
use crate::levels_path::is_portal_hop;
use crate::png_image::{colour, draw_grid, Canvas, Line};
use pathkit::grid::Cell;
use pathkit::levels::{LevelMap, Place};
use std::path::Path;

/// The longest side of an image, in pixels.
const MAX_SIDE: u32 = 2048;
/// The most pixels per cell: multi-level maps are often small, and their portals need room.
const MAX_SCALE: u32 = 24;
/// Between floors and around them.
const BACKGROUND: [u8; 3] = [250, 250, 246];
/// Portals: two-way, one-way, out of service.
pub const TWO_WAY_COLOUR: [u8; 3] = [150, 60, 200];
pub const ONE_WAY_COLOUR: [u8; 3] = [240, 150, 20];
pub const DISABLED_COLOUR: [u8; 3] = [150, 150, 150];

/// Pixels per cell and the gap between floors, for floors of these sizes side by side.
fn layout(sizes: &[(u32, u32)]) -> (u32, u32) {
    let cells_across: u32 = sizes.iter().map(|s| s.0).sum::<u32>().max(1);
    let tallest = sizes.iter().map(|s| s.1).max().unwrap_or(1).max(1);
    // A gap of two cells between floors and one around them.
    let across = cells_across + 2 * sizes.len() as u32;
    let s = (MAX_SIDE / across.max(tallest + 2)).clamp(1, MAX_SCALE);
    (s, 2 * s)
}

/// Draws a portal's link: a curve from `a` to `b` (pixel units) that rises to `peak` (a height
/// in the band above the floors) midway, so links leave the floors instead of running across
/// them, and links of different portals stay apart.
fn arc(canvas: &mut Canvas, a: (f64, f64), b: (f64, f64), peak: f64, colour: [u8; 3], width: u32) {
    // A quadratic Bézier curve is at (a + 2c + b) / 4 halfway: put its control point `c` so that
    // this is the peak.
    let c = ((a.0 + b.0) / 2.0, (4.0 * peak - a.1 - b.1) / 2.0);
    let at = |t: f64| {
        let u = 1.0 - t;
        (
            u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
            u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
        )
    };
    let steps = 48;
    for k in 0..steps {
        let (t0, t1) = (f64::from(k) / 48.0, f64::from(k + 1) / 48.0);
        canvas.line(
            1.0,
            &Line {
                from: at(t0),
                to: at(t1),
                colour,
                width,
            },
        );
    }
}

/// Writes `map` with `path` over it to `file`; returns the image's width and height.
pub fn write(
    file: &Path,
    map: &LevelMap,
    path: &[Place],
    start: Place,
    goal: Place,
) -> Result<(u32, u32), CliError> {
    let sizes: Vec<(u32, u32)> = map
        .floors()
        .iter()
        .map(|g| (g.width(), g.height()))
        .collect();
    let (s, gap) = layout(&sizes);
    let tallest = sizes.iter().map(|s| s.1).max().unwrap_or(1) * s;
    // The band above the floors where portal links arc.
    let band = (4 * s).max(tallest / 6);
    // Each floor's left edge, in pixels; half a gap of margin around, the band on top.
    let mut left = Vec::with_capacity(sizes.len());
    let mut x = gap / 2;
    for &(w, _) in &sizes {
        left.push(x);
        x += w * s + gap;
    }
    let width = x - gap / 2;
    let top = gap / 2 + band;
    let height = top + tallest + gap / 2;
    let mut canvas = Canvas::new(width, height, BACKGROUND);
    let nowhere = Cell::new(u32::MAX, u32::MAX);
    for (f, grid) in map.floors().iter().enumerate() {
        let on = |p: Place| {
            if p.floor as usize == f {
                p.cell
            } else {
                nowhere
            }
        };
        let cells: Vec<Cell> = path
            .iter()
            .filter(|p| p.floor as usize == f)
            .map(|p| p.cell)
            .collect();
        let marks = marks(grid, &cells, on(start), on(goal));
        draw_grid(
            &mut canvas,
            grid,
            &marks,
            s,
            i64::from(left[f]),
            i64::from(top),
        );
    }
    // A place's centre, in pixels.
    let centre = |p: Place| {
        (
            f64::from(left[p.floor as usize]) + (f64::from(p.cell.x) + 0.5) * f64::from(s),
            f64::from(top) + (f64::from(p.cell.y) + 0.5) * f64::from(s),
        )
    };
    let on_map = |p: Place| {
        map.floor(p.floor)
            .is_some_and(|g| g.cell(p.cell.x, p.cell.y).is_some())
    };
    let drawn: Vec<_> = map
        .portals()
        .filter(|(_, p, _)| on_map(p.from) && on_map(p.to))
        .collect();
    // Each portal's arc peaks at its own height in the band, the first ones highest.
    let peak = |k: usize| {
        let share = (k as f64 + 0.5) / drawn.len().max(1) as f64;
        f64::from(gap / 2) + f64::from(band) * (0.15 + 0.7 * share)
    };
    let thin = (s / 8).max(1);
    for (k, (_, portal, enabled)) in drawn.iter().enumerate() {
        let c = if !enabled {
            DISABLED_COLOUR
        } else if portal.two_way {
            TWO_WAY_COLOUR
        } else {
            ONE_WAY_COLOUR
        };
        arc(
            &mut canvas,
            centre(portal.from),
            centre(portal.to),
            peak(k),
            c,
            thin,
        );
        for end in [portal.from, portal.to] {
            // A frame around the cell, outside it, so the cell's own colour (path, start,
            // goal) still shows.
            let t = (s / 5).max(1);
            canvas.outline_rect(
                i64::from(left[end.floor as usize] + end.cell.x * s) - i64::from(t),
                i64::from(top + end.cell.y * s) - i64::from(t),
                s + 2 * t,
                s + 2 * t,
                t,
                c,
            );
        }
        if !portal.two_way {
            // The end a one-way portal leads to: a dot in the middle.
            let d = (s / 3).max(1);
            let (cx, cy) = centre(portal.to);
            canvas.fill_rect(
                cx as i64 - i64::from(d / 2),
                cy as i64 - i64::from(d / 2),
                d,
                d,
                c,
            );
        }
    }
    // The portals the path takes, red over their own arcs.
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if !is_portal_hop(a, b) {
            continue;
        }
        let k = drawn.iter().position(|(_, p, on)| {
            *on && ((p.from, p.to) == (a, b) || (p.two_way && (p.to, p.from) == (a, b)))
        });
        let height = k.map_or(f64::from(gap / 2), peak);
        arc(
            &mut canvas,
            centre(a),
            centre(b),
            height,
            colour(Mark::Path),
            (s / 4).max(1),
        );
    }
    canvas.save(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_floors_get_big_cells_and_big_ones_fit_the_side() {
        assert_eq!(layout(&[(6, 4), (6, 4)]), (24, 48));
        let (s, _) = layout(&[(512, 512), (512, 512), (512, 512)]);
        assert!(s * (3 * 512 + 6) <= MAX_SIDE && s >= 1);
    }
}
