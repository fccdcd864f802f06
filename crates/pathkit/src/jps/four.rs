//! 4-connected online Jump Point Search.
//!
//! Horizontal scans stop at forced neighbours exactly as in 8-connected search. Vertical moves
//! play the part diagonal moves play there: a vertical walk scans left and right from every cell
//! it passes and pushes the jump points found (each reached by a vertical-then-horizontal
//! route), so nodes are only ever entered horizontally, or vertically at the goal.

use super::context::{Dir, Expander};
use super::jump::straight_result;
use super::scan::{free_run, scan};
use crate::grid::{Bitmap, Cell, Grid};

/// Successors of online 4-connected JPS.
pub(crate) struct Online4<'g> {
    rows: &'g Bitmap,
}

impl<'g> Online4<'g> {
    pub fn new(grid: &'g Grid) -> Self {
        Online4 {
            rows: grid.bitmap(),
        }
    }

    #[inline(always)]
    fn horizontal<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        dx: i32,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) {
        let to_goal = if goal.y as i64 == y {
            (goal.x as i64 - x) * dx as i64
        } else {
            0
        };
        let stop = scan(self.rows, x, y, dx > 0);
        straight_result(x, y, (dx, 0), stop, to_goal, goal, base, push, |n| {
            free_run(self.rows, x, y, dx > 0) as i64 >= n
        });
    }

    /// Walks vertically from (`x`, `y`), scanning both ways from every cell passed.
    #[inline(always)]
    fn vertical<F: FnMut(Cell, f64)>(&self, x: i64, mut y: i64, dy: i32, goal: Cell, push: &mut F) {
        let mut k = 0u32;
        while self.rows.padded_bit(x, y + dy as i64) {
            y += dy as i64;
            k += 1;
            let base = k as f64;
            if x == goal.x as i64 && y == goal.y as i64 {
                push(goal, base);
                return;
            }
            self.horizontal(x, y, 1, goal, base, push);
            self.horizontal(x, y, -1, goal, base, push);
        }
    }
}

impl Expander for Online4<'_> {
    const EIGHT: bool = false;

    #[inline(always)]
    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, mut push: F) {
        let (x, y) = (node.x as i64, node.y as i64);
        let push = &mut push;
        match dir {
            (dx, 0) if dx != 0 => self.horizontal(x, y, dx, goal, 0.0, push),
            _ => {
                self.horizontal(x, y, 1, goal, 0.0, push);
                self.horizontal(x, y, -1, goal, 0.0, push);
            }
        }
        self.vertical(x, y, 1, goal, push);
        self.vertical(x, y, -1, goal, push);
    }
}
