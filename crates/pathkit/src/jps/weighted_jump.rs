//! Successors of Jump Point Search on weighted terrain, 8-connected without corner cutting.
//!
//! Entering a cell costs the move's base cost (1 straight, √2 diagonal) times the cell's weight.
//! Where every free cell of a cell's 3 x 3 window weighs the same (a *regular* cell), moves near
//! it compare exactly as on a uniform grid scaled by that weight, so the uniform pruning rules
//! hold there unchanged. Everywhere else they may not: a scan stops at such a cell as at a jump
//! point, and the cell is expanded in every direction, as the start is. A straight run between
//! two stops passes only regular cells, so all of its cells weigh the same: its cost is its
//! length times the weight of its first cell.

use super::context::{Dir, Expander};
use super::scan::{scan_regular, Stop};
use crate::grid::{Bitmap, Cell, Grid, GridError};
use std::f64::consts::SQRT_2;

/// `true` when `cell` is free and every free cell of its 3 x 3 window has its weight.
pub(crate) fn is_regular(grid: &Grid, cell: Cell) -> bool {
    let w = grid.weight(cell);
    if w == 0 {
        return false;
    }
    let (x, y) = (i64::from(cell.x), i64::from(cell.y));
    (-1..=1).all(|dy| {
        (-1..=1).all(|dx| {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 {
                return true;
            }
            let n = grid.weight(Cell::new(nx as u32, ny as u32));
            n == 0 || n == w
        })
    })
}

/// The regular cells of `grid` as a bitmap and its transpose (1 = regular), the same size as
/// the grid's own bitmaps.
pub(crate) fn regular_bitmaps(grid: &Grid) -> Result<(Bitmap, Bitmap), GridError> {
    Bitmap::of_cells(grid.width(), grid.height(), |i| {
        is_regular(grid, grid.cell_at(i))
    })
}

/// Successors on a weighted grid: the grid's passability bitmaps for the scans, the regular
/// cells' bitmaps for where they must stop, the weights for the costs.
pub(crate) struct Weighted8<'g> {
    grid: &'g Grid,
    rows: &'g Bitmap,
    cols: &'g Bitmap,
    regular_rows: &'g Bitmap,
    regular_cols: &'g Bitmap,
    scale: f64,
}

impl<'g> Weighted8<'g> {
    /// Successors over `grid`, whose regular cells are `regular` (rows, then the transpose).
    pub fn new(grid: &'g Grid, regular: &'g (Bitmap, Bitmap)) -> Self {
        Weighted8 {
            grid,
            rows: grid.bitmap(),
            cols: grid.bitmap_transposed(),
            regular_rows: &regular.0,
            regular_cols: &regular.1,
            scale: f64::from(grid.min_weight().max(1)),
        }
    }

    #[inline(always)]
    fn is_free(&self, x: i64, y: i64) -> bool {
        self.rows.padded_bit(x, y)
    }

    /// The weight of a cell inside the grid or its one-cell border (0 on the border).
    #[inline(always)]
    fn weight(&self, x: i64, y: i64) -> f64 {
        if self.is_free(x, y) {
            f64::from(
                self.grid
                    .weight_at(y as usize * self.grid.width() as usize + x as usize),
            )
        } else {
            0.0
        }
    }

    /// Scans straight from (`x`, `y`) in direction (`dx`, `dy`), `base` having been spent to
    /// reach it, and pushes the goal if it lies on the ray before the scan's stop, else the
    /// jump point the scan stopped at, if any.
    #[inline(always)]
    fn straight<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        (dx, dy): Dir,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) {
        let (dx, dy) = (i64::from(dx), i64::from(dy));
        let (bits, regular, col, row, forward) = if dy == 0 {
            (self.rows, self.regular_rows, x, y, dx > 0)
        } else {
            (self.cols, self.regular_cols, y, x, dy > 0)
        };
        let stop = scan_regular(bits, regular, col, row, forward);
        if stop == Stop::Wall(0) {
            return;
        }
        // Every cell of the run weighs what its first one does (see the module's doc).
        let step = self.weight(x + dx, y + dy);
        let (gx, gy) = (i64::from(goal.x), i64::from(goal.y));
        let to_goal = match (dy == 0, gy == y, gx == x) {
            (true, true, _) => (gx - x) * dx,
            (false, _, true) => (gy - y) * dy,
            _ => 0,
        };
        if to_goal > 0 && to_goal <= i64::from(stop.reach()) {
            push(goal, base + to_goal as f64 * step);
        } else if let Stop::Jump(s) = stop {
            let s = i64::from(s);
            push(
                Cell::new((x + dx * s) as u32, (y + dy * s) as u32),
                base + s as f64 * step,
            );
        }
    }

    /// Walks diagonally from (`x0`, `y0`), scanning straight from every regular cell it enters;
    /// it stops at a wall or a cut corner, at the goal, and at a cell that is not regular, which
    /// it pushes to be expanded every way.
    fn diagonal<F: FnMut(Cell, f64)>(
        &self,
        x0: i64,
        y0: i64,
        (dx, dy): Dir,
        goal: Cell,
        push: &mut F,
    ) {
        let (sx, sy) = (i64::from(dx), i64::from(dy));
        let (mut x, mut y) = (x0, y0);
        let mut cost = 0.0;
        while self.is_free(x + sx, y) && self.is_free(x, y + sy) && self.is_free(x + sx, y + sy) {
            x += sx;
            y += sy;
            cost += SQRT_2 * self.weight(x, y);
            let cell = Cell::new(x as u32, y as u32);
            if cell == goal || !self.regular_rows.padded_bit(x, y) {
                push(cell, cost);
                return;
            }
            self.straight(x, y, (dx, 0), goal, cost, push);
            self.straight(x, y, (0, dy), goal, cost, push);
        }
    }
}

impl Expander for Weighted8<'_> {
    const EIGHT: bool = true;

    fn scale(&self) -> f64 {
        self.scale
    }

    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, mut push: F) {
        let (x, y) = (i64::from(node.x), i64::from(node.y));
        let push = &mut push;
        if dir == (0, 0) || !self.regular_rows.padded_bit(x, y) {
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                self.straight(x, y, d, goal, 0.0, push);
            }
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                self.diagonal(x, y, d, goal, push);
            }
            return;
        }
        let (dx, dy) = dir;
        if dx != 0 && dy != 0 {
            self.straight(x, y, (dx, 0), goal, 0.0, push);
            self.straight(x, y, (0, dy), goal, 0.0, push);
            self.diagonal(x, y, dir, goal, push);
            return;
        }
        self.straight(x, y, dir, goal, 0.0, push);
        // Forced neighbours: a free cell beside this one whose predecessor along the move is a
        // wall can only be reached well through here, and so can the diagonal past it.
        let (fx, fy) = (i64::from(dx), i64::from(dy));
        for side in [-1, 1] {
            let (sx, sy) = if dx == 0 { (side, 0) } else { (0, side) };
            let (bx, by) = (i64::from(sx), i64::from(sy));
            if !self.is_free(x - fx + bx, y - fy + by) && self.is_free(x + bx, y + by) {
                self.straight(x, y, (sx, sy), goal, 0.0, push);
                self.diagonal(x, y, (dx + sx, dy + sy), goal, push);
            }
        }
    }
}
