//! [`View`]: the part of a map a text drawing shows, and how many cells one character stands for,
//! so that a drawing fits the screen instead of printing a 1024x1024 map line by line.

use pathkit::grid::{Cell, Grid};

/// Free cells drawn around the path on every side, when the map has them.
const MARGIN: u32 = 3;

/// A rectangle of the map (inclusive bounds) drawn at `scale` x `scale` cells per character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// First column drawn.
    pub x0: u32,
    /// First row drawn.
    pub y0: u32,
    /// Last column drawn.
    pub x1: u32,
    /// Last row drawn.
    pub y1: u32,
    /// Cells per character along each side (1 draws every cell).
    pub scale: u32,
}

impl View {
    /// Every cell of the map, one character each.
    pub fn whole(grid: &Grid) -> View {
        View {
            x0: 0,
            y0: 0,
            x1: grid.width().saturating_sub(1),
            y1: grid.height().saturating_sub(1),
            scale: 1,
        }
    }

    /// A view at most `cols` characters wide and `rows` lines high that shows the path, the start
    /// and the goal: the whole map when it fits; otherwise the path's surroundings, one character
    /// per cell when they fit, else the fewest cells per character that make them fit. The rest
    /// of the room is filled with more of the map around the path.
    pub fn fit(grid: &Grid, path: &[Cell], start: Cell, goal: Cell, cols: u32, rows: u32) -> View {
        let (w, h) = (grid.width(), grid.height());
        let (cols, rows) = (cols.max(1), rows.max(1));
        if w <= cols && h <= rows {
            return View::whole(grid);
        }
        let (mut bx0, mut by0, mut bx1, mut by1) = (u32::MAX, u32::MAX, 0, 0);
        for c in path.iter().chain([&start, &goal]) {
            bx0 = bx0.min(c.x);
            by0 = by0.min(c.y);
            bx1 = bx1.max(c.x);
            by1 = by1.max(c.y);
        }
        bx0 = bx0.saturating_sub(MARGIN);
        by0 = by0.saturating_sub(MARGIN);
        bx1 = bx1.saturating_add(MARGIN).min(w - 1);
        by1 = by1.saturating_add(MARGIN).min(h - 1);
        let (bw, bh) = (bx1 - bx0 + 1, by1 - by0 + 1);
        let scale = bw.div_ceil(cols).max(bh.div_ceil(rows));
        let vw = w.min(cols.saturating_mul(scale));
        let vh = h.min(rows.saturating_mul(scale));
        let x0 = around(bx0, bw, vw, w);
        let y0 = around(by0, bh, vh, h);
        View {
            x0,
            y0,
            x1: x0 + vw - 1,
            y1: y0 + vh - 1,
            scale,
        }
    }

    /// `true` when the view draws every cell of the map, one character each.
    pub fn is_whole(&self, grid: &Grid) -> bool {
        *self == View::whole(grid)
    }
}

/// The first coordinate of a span `len` long (`len` <= `size`) that holds the span `[lo, lo +
/// inner)` with the extra room shared on both sides, moved inside `[0, size)` when it sticks out.
fn around(lo: u32, inner: u32, len: u32, size: u32) -> u32 {
    let slack = len - inner;
    lo.saturating_sub(slack / 2).min(size - len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(w: u32, h: u32) -> Grid {
        Grid::from_ascii(&vec![".".repeat(w as usize); h as usize].join("\n")).unwrap()
    }

    /// Characters per line and lines of the drawing of `v`.
    fn size(v: &View) -> (u32, u32) {
        (
            (v.x1 - v.x0 + 1).div_ceil(v.scale),
            (v.y1 - v.y0 + 1).div_ceil(v.scale),
        )
    }

    fn holds(v: &View, c: Cell) -> bool {
        (v.x0..=v.x1).contains(&c.x) && (v.y0..=v.y1).contains(&c.y)
    }

    #[test]
    fn a_small_map_is_drawn_whole() {
        let g = open(30, 20);
        let v = View::fit(&g, &[], Cell::new(0, 0), Cell::new(29, 19), 100, 40);
        assert!(v.is_whole(&g));
        assert_eq!(size(&v), (30, 20));
    }

    #[test]
    fn a_short_path_on_a_big_map_is_drawn_cell_by_cell_with_the_map_around_it() {
        let g = open(300, 200);
        let (s, goal) = (Cell::new(150, 100), Cell::new(170, 110));
        let v = View::fit(&g, &[s, goal], s, goal, 100, 40);
        assert_eq!(v.scale, 1);
        assert_eq!(size(&v), (100, 40));
        assert!(holds(&v, s) && holds(&v, goal));
        // Centred: the path's box (147..=173, 97..=113) has room on both sides.
        assert_eq!((v.x0, v.y0), (111, 86));
    }

    #[test]
    fn near_an_edge_the_view_moves_inside_the_map() {
        let g = open(300, 200);
        let (s, goal) = (Cell::new(0, 199), Cell::new(5, 190));
        let v = View::fit(&g, &[s, goal], s, goal, 100, 40);
        assert_eq!((v.x0, v.y0, v.x1, v.y1, v.scale), (0, 160, 99, 199, 1));
    }

    #[test]
    fn a_long_path_is_drawn_at_the_fewest_cells_per_character_that_fit() {
        let g = open(300, 200);
        let (s, goal) = (Cell::new(0, 0), Cell::new(299, 199));
        let v = View::fit(&g, &[s, goal], s, goal, 100, 40);
        // 200 rows in 40 lines: 5 cells per character; the whole map then fits.
        assert_eq!(v.scale, 5);
        assert!(holds(&v, s) && holds(&v, goal));
        assert!(size(&v).0 <= 100 && size(&v).1 <= 40, "{v:?}");
        let v = View::fit(&g, &[s, goal], s, goal, 500, 500);
        assert!(v.is_whole(&g));
    }

    #[test]
    fn every_view_fits_and_shows_the_ends() {
        let g = open(257, 131);
        for (cols, rows) in [(20, 10), (37, 11), (100, 40), (256, 130), (80, 200)] {
            for (s, goal) in [
                (Cell::new(0, 0), Cell::new(256, 130)),
                (Cell::new(3, 120), Cell::new(250, 2)),
                (Cell::new(128, 60), Cell::new(129, 61)),
                (Cell::new(256, 0), Cell::new(256, 0)),
            ] {
                let v = View::fit(&g, &[s, goal], s, goal, cols, rows);
                assert!(
                    size(&v).0 <= cols && size(&v).1 <= rows,
                    "{cols}x{rows}: {v:?}"
                );
                assert!(holds(&v, s) && holds(&v, goal), "{cols}x{rows}: {v:?}");
                assert!(v.x1 < 257 && v.y1 < 131, "{v:?}");
            }
        }
    }
}
