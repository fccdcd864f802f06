//! 8-connected online Jump Point Search under the no-corner-cutting rule.
//!
//! A diagonal move needs both orthogonal cells beside it free, so diagonal moves have no forced
//! neighbours: only straight moves do (a free cell beside the path whose predecessor is blocked).
//! Straight scans are block-based ([`scan`](super::scan)). Diagonal jump points are never pushed
//! (intermediate pruning): the walk goes on along the diagonal and pushes the straight jump points
//! its scans find, each reached by a diagonal-then-straight route.

use super::context::{Dir, Expander};
use super::lane::{Lane, REFRESH};
use super::scan::{free_run, scan, Stop};
use crate::grid::{Bitmap, Cell, Grid};
use std::f64::consts::SQRT_2;

/// Successors of online 8-connected JPS.
pub(crate) struct Online8<'g> {
    rows: &'g Bitmap,
    cols: &'g Bitmap,
}

impl<'g> Online8<'g> {
    pub fn new(grid: &'g Grid) -> Self {
        Online8 {
            rows: grid.bitmap(),
            cols: grid.bitmap_transposed(),
        }
    }

    #[inline(always)]
    fn is_free(&self, x: i64, y: i64) -> bool {
        self.rows.padded_bit(x, y)
    }

    /// Scans straight from (`x`, `y`) in direction (`dx`, `dy`) and pushes the jump point or the
    /// goal it meets, `base` being the cost already spent to reach (`x`, `y`); `true` when it
    /// pushed the goal.
    #[inline(always)]
    fn scan_straight<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        (dx, dy): Dir,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) -> bool {
        let (bits, col, row, forward) = if dy == 0 {
            (self.rows, x, y, dx > 0)
        } else {
            (self.cols, y, x, dy > 0)
        };
        let to_goal = steps_to_goal(x, y, (dx, dy), goal);
        let stop = scan(bits, col, row, forward);
        straight_result(x, y, (dx, dy), stop, to_goal, goal, base, push, |n| {
            free_run(bits, col, row, forward) as i64 >= n
        })
    }

    /// Walks diagonally from (`x0`, `y0`), pushing what the straight scans from each cell find;
    /// `true` when it pushed the goal (and stopped there).
    #[inline(always)]
    fn walk_diagonal<F: FnMut(Cell, f64)>(
        &self,
        x0: i64,
        y0: i64,
        (dx, dy): Dir,
        goal: Cell,
        push: &mut F,
    ) -> bool {
        // Most walks end before their first step: that needs no lanes and no call.
        let (dx64, dy64) = (dx as i64, dy as i64);
        if !(self.is_free(x0 + dx64, y0)
            && self.is_free(x0, y0 + dy64)
            && self.is_free(x0 + dx64, y0 + dy64))
        {
            return false;
        }
        match (dx > 0, dy > 0) {
            (true, true) => self.walk::<true, true, F>(x0, y0, goal, push),
            (true, false) => self.walk::<true, false, F>(x0, y0, goal, push),
            (false, true) => self.walk::<false, true, F>(x0, y0, goal, push),
            (false, false) => self.walk::<false, false, F>(x0, y0, goal, push),
        }
    }

    /// [`walk_diagonal`](Self::walk_diagonal) toward higher columns when `FX`, higher rows when
    /// `FY`, whose first move is open. The row scans and the column scans each run on a [`Lane`], which reads one new row
    /// word per step. The walk meets the goal's row or column at step counts known in advance,
    /// so a step compares its count with the next such step instead of checking coordinates.
    #[inline(never)]
    fn walk<const FX: bool, const FY: bool, F: FnMut(Cell, f64)>(
        &self,
        x0: i64,
        y0: i64,
        goal: Cell,
        push: &mut F,
    ) -> bool {
        let (dx, dy) = (if FX { 1 } else { -1 }, if FY { 1 } else { -1 });
        // The first diagonal move is open (checked by the caller).
        let mut across = Lane::<FX>::new(self.rows, x0, y0, dy);
        let mut along = Lane::<FY>::new(self.cols, y0, x0, dx);
        // Steps after which the walk is on the goal's row (column); not positive: never.
        let row_at = (goal.y as i64 - y0) * dy;
        let col_at = (goal.x as i64 - x0) * dx;
        let ahead = |at: i64| if at > 0 { at } else { i64::MAX };
        let mut special = ahead(row_at).min(ahead(col_at));
        let mut known = 64;
        let mut k = 0i64;
        loop {
            across.advance();
            along.advance();
            k += 1;
            known -= 1;
            if known < REFRESH {
                across.refresh();
                along.refresh();
                known = 64;
            }
            let (x, y) = (x0 + k * dx, y0 + k * dy);
            let (mut to_goal_across, mut to_goal_along) = (0, 0);
            if k == special {
                if k == row_at && k == col_at {
                    push(goal, k as f64 * SQRT_2);
                    return true;
                }
                if k == row_at {
                    to_goal_across = col_at - k;
                } else {
                    to_goal_along = row_at - k;
                }
                // The other one, if still ahead (or this one again: never met).
                special = ahead(row_at).max(ahead(col_at));
            }
            // The goal pushed is reached at its octile distance, the least anything pushed from
            // this expansion can cost: it is taken next, and the walk (and the expansion) ends.
            let stop = across.scan(known, self.rows, x, y);
            if (to_goal_across > 0 || matches!(stop, Stop::Jump(_)))
                && self.straight_found(x, y, (dx as i32, 0), stop, to_goal_across, goal, k, push)
            {
                return true;
            }
            let stop = along.scan(known, self.cols, y, x);
            if (to_goal_along > 0 || matches!(stop, Stop::Jump(_)))
                && self.straight_found(x, y, (0, dy as i32), stop, to_goal_along, goal, k, push)
            {
                return true;
            }
            if !across.diagonal_open() {
                return false;
            }
        }
    }

    /// [`straight_result`] for the scan from step `k` of a diagonal walk, kept out of the walk's
    /// loop: most scans push nothing. `true` when it pushed the goal.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn straight_found<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        (dx, dy): Dir,
        stop: Stop,
        to_goal: i64,
        goal: Cell,
        k: i64,
        push: &mut F,
    ) -> bool {
        let (bits, col, row, forward) = if dy == 0 {
            (self.rows, x, y, dx > 0)
        } else {
            (self.cols, y, x, dy > 0)
        };
        let base = k as f64 * SQRT_2;
        straight_result(x, y, (dx, dy), stop, to_goal, goal, base, push, |n| {
            free_run(bits, col, row, forward) as i64 >= n
        })
    }
}

/// How many steps along the straight direction (`dx`, `dy`) from (`x`, `y`) the goal lies: its
/// distance when it is on that ray (negative when behind), 0 when it is off the line.
#[inline(always)]
pub(crate) fn steps_to_goal(x: i64, y: i64, (dx, dy): Dir, goal: Cell) -> i64 {
    let (gx, gy) = (i64::from(goal.x), i64::from(goal.y));
    match (dy == 0, gy == y, gx == x) {
        (true, true, _) => (gx - x) * i64::from(dx),
        (false, _, true) => (gy - y) * i64::from(dy),
        _ => 0,
    }
}

/// Pushes the goal when it lies on the scanned ray within reach (`to_goal` steps away, 0 when
/// not on the ray), else the jump point the scan stopped at, if any. A goal on the ray past the
/// jump point is pushed directly when `clear(to_goal)` says no wall is in the way: the same cost
/// as going through the jump point, one expansion less. `true` when the goal was pushed.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn straight_result<F: FnMut(Cell, f64)>(
    x: i64,
    y: i64,
    (dx, dy): Dir,
    stop: Stop,
    to_goal: i64,
    goal: Cell,
    base: f64,
    push: &mut F,
    clear: impl FnOnce(i64) -> bool,
) -> bool {
    if to_goal > 0 && (to_goal <= stop.reach() as i64 || clear(to_goal)) {
        push(goal, base + to_goal as f64);
        return true;
    }
    if let Stop::Jump(s) = stop {
        let s = s as i64;
        push(
            Cell::new((x + dx as i64 * s) as u32, (y + dy as i64 * s) as u32),
            base + s as f64,
        );
    }
    false
}

/// The straight and diagonal moves of an 8-connected search, answered by scanning (online) or
/// from a table (JPS+).
pub(crate) trait Rays8 {
    /// `true` when (`x`, `y`) is a free cell of the grid.
    fn free(&self, x: i64, y: i64) -> bool;
    /// Pushes what a straight move from (`x`, `y`) in direction `dir` meets: the goal or a jump
    /// point, at `base` plus the distance. `true` when it pushed the goal.
    fn straight<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        dir: Dir,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) -> bool;
    /// Walks diagonally from (`x`, `y`), pushing what the straight moves from each cell meet;
    /// `true` when it pushed the goal, after which it pushes nothing more.
    fn diagonal<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        dir: Dir,
        goal: Cell,
        push: &mut F,
    ) -> bool;
    /// The row-major and the column-major passability bitmaps.
    fn bitmaps(&self) -> (&Bitmap, &Bitmap);
}

/// `true` when the goal is reached from (`x`, `y`) by diagonal moves toward it and then straight
/// ones, through free cells and without cutting corners: an octile-shortest route.
#[inline]
fn direct_ray<R: Rays8>(rays: &R, mut x: i64, mut y: i64, goal: Cell) -> bool {
    let (gx, gy) = (goal.x as i64, goal.y as i64);
    let (dx, dy) = ((gx - x).signum(), (gy - y).signum());
    while x != gx && y != gy {
        if !(rays.free(x + dx, y) && rays.free(x, y + dy) && rays.free(x + dx, y + dy)) {
            return false;
        }
        x += dx;
        y += dy;
    }
    let (rows, cols) = rays.bitmaps();
    if y == gy && x != gx {
        free_run(rows, x, y, dx > 0) as i64 >= (gx - x).abs()
    } else if x == gx && y != gy {
        free_run(cols, y, x, dy > 0) as i64 >= (gy - y).abs()
    } else {
        true
    }
}

impl Rays8 for Online8<'_> {
    #[inline(always)]
    fn free(&self, x: i64, y: i64) -> bool {
        self.is_free(x, y)
    }
    #[inline(always)]
    fn straight<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        dir: Dir,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) -> bool {
        self.scan_straight(x, y, dir, goal, base, push)
    }
    #[inline(always)]
    fn diagonal<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        dir: Dir,
        goal: Cell,
        push: &mut F,
    ) -> bool {
        self.walk_diagonal(x, y, dir, goal, push)
    }
    #[inline(always)]
    fn bitmaps(&self) -> (&Bitmap, &Bitmap) {
        (self.rows, self.cols)
    }
}

/// 8-connected successors of `node`, entered moving in `dir`: the natural neighbours, and the
/// forced ones where a wall beside the incoming move makes them reachable only through `node`.
///
/// Every route to the goal a ray pushes is diagonal toward it, then straight: its octile
/// distance, the least anything pushed from `node` can cost, so the goal is the next node taken
/// off the open list. Once a ray has pushed it, the expansion stops (the other rays, often long
/// walks in open space, would push nothing that is taken before it).
#[inline(always)]
pub(crate) fn expand8<R: Rays8, F: FnMut(Cell, f64)>(
    rays: &R,
    node: Cell,
    dir: Dir,
    goal: Cell,
    mut push: F,
) {
    let (x, y) = (node.x as i64, node.y as i64);
    let push = &mut push;
    match dir {
        (0, 0) => {
            // The goal in plain sight: nothing can beat the octile distance.
            if direct_ray(rays, x, y, goal) {
                push(goal, super::context::distance(true, node, goal));
                return;
            }
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if rays.straight(x, y, d, goal, 0.0, push) {
                    return;
                }
            }
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if rays.diagonal(x, y, d, goal, push) {
                    return;
                }
            }
        }
        (dx, 0) => {
            if rays.straight(x, y, (dx, 0), goal, 0.0, push) {
                return;
            }
            for s in [-1, 1] {
                if rays.free(x, y + s as i64)
                    && !rays.free(x - dx as i64, y + s as i64)
                    && (rays.straight(x, y, (0, s), goal, 0.0, push)
                        || rays.diagonal(x, y, (dx, s), goal, push))
                {
                    return;
                }
            }
        }
        (0, dy) => {
            if rays.straight(x, y, (0, dy), goal, 0.0, push) {
                return;
            }
            for s in [-1, 1] {
                if rays.free(x + s as i64, y)
                    && !rays.free(x + s as i64, y - dy as i64)
                    && (rays.straight(x, y, (s, 0), goal, 0.0, push)
                        || rays.diagonal(x, y, (s, dy), goal, push))
                {
                    return;
                }
            }
        }
        (dx, dy) => {
            let _ = rays.straight(x, y, (dx, 0), goal, 0.0, push)
                || rays.straight(x, y, (0, dy), goal, 0.0, push)
                || rays.diagonal(x, y, (dx, dy), goal, push);
        }
    }
}

impl Expander for Online8<'_> {
    const EIGHT: bool = true;

    #[inline(always)]
    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, push: F) {
        expand8(self, node, dir, goal, push)
    }
}
