//! Successors of Jump Point Search on weighted terrain, 8-connected without corner cutting.
//!
//! Entering a cell costs the move's base cost (1 straight, √2 diagonal) times the cell's weight.
//! Where every free cell of a cell's 3 x 3 window weighs the same (a *regular* cell), moves near
//! it compare exactly as on a uniform grid scaled by that weight, so the uniform pruning rules
//! hold there unchanged. Everywhere else they may not: a scan stops at such a cell as at a jump
//! point, and from there the search looks along every direction but those that another way of
//! one or two moves from the cell's predecessor makes at least as cheap ([`needed`], worked out
//! once per cell by [`turns`]). A straight run between two stops passes only regular cells, so
//! all of its cells weigh the same: its cost is its length times the weight of its first cell.

use super::context::{Dir, Expander};
use super::jump::steps_to_goal;
use super::scan::{scan_regular, Stop};
use crate::grid::{Bitmap, Cell, Grid, GridError};
use crate::search::Landmarks;
use std::f64::consts::SQRT_2;

/// `true` when `cell` is free and every free cell of its 3 x 3 window has its weight.
pub(crate) fn is_regular(grid: &Grid, cell: Cell) -> bool {
    regular_window(&window(grid, cell))
}

/// `true` when a window's centre is free and every free cell of it weighs what the centre does.
fn regular_window(w: &Window) -> bool {
    let centre = at(w, (0, 0));
    centre != 0 && w.iter().all(|&n| n == 0 || n == centre)
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
    /// [`turns`] of every cell, row-major.
    turns: &'g [u64],
    scale: f64,
    /// Landmark bounds, and the goal's index, when the search has them.
    landmarks: Option<(&'g Landmarks<Cell, f64>, usize)>,
}

impl<'g> Weighted8<'g> {
    /// Successors over `grid`, whose regular cells are `regular` (rows, then the transpose) and
    /// whose cells' [`turns`] are `turns`.
    pub fn new(grid: &'g Grid, regular: &'g (Bitmap, Bitmap), turns: &'g [u64]) -> Self {
        Weighted8 {
            turns,
            grid,
            rows: grid.bitmap(),
            cols: grid.bitmap_transposed(),
            regular_rows: &regular.0,
            regular_cols: &regular.1,
            scale: f64::from(grid.min_weight().max(1)),
            landmarks: None,
        }
    }

    /// The same successors, estimated with the larger of the scaled octile distance and the
    /// bounds of `landmarks` (built on this grid's `eight_connected` space) toward `goal`.
    pub fn with_landmarks(mut self, landmarks: &'g Landmarks<Cell, f64>, goal: Cell) -> Self {
        self.landmarks = Some((landmarks, self.grid.index(goal)));
        self
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
        let to_goal = steps_to_goal(x, y, (dx, dy), goal);
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
    /// it pushes as a jump point.
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

/// A price `straight + diagonal √2`, both parts whole numbers: prices of paths of a few moves
/// compare exactly, ties included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Price {
    straight: u64,
    diagonal: u64,
}

impl Price {
    /// The price of entering a cell of weight `w` by a move along `d`.
    fn of(d: (i64, i64), w: u32) -> Price {
        let w = u64::from(w);
        if d.0 != 0 && d.1 != 0 {
            Price {
                straight: 0,
                diagonal: w,
            }
        } else {
            Price {
                straight: w,
                diagonal: 0,
            }
        }
    }

    fn plus(self, other: Price) -> Price {
        Price {
            straight: self.straight + other.straight,
            diagonal: self.diagonal + other.diagonal,
        }
    }

    /// `true` when `self` is strictly cheaper than `other`: `a + b√2 < c + d√2`, decided on
    /// whole numbers (`a - c < (d - b)√2`, squared when both sides are positive).
    fn below(self, other: Price) -> bool {
        let lhs = i128::from(self.straight) - i128::from(other.straight);
        let rhs = i128::from(other.diagonal) - i128::from(self.diagonal);
        match (lhs >= 0, rhs >= 0) {
            (true, true) => lhs * lhs < 2 * rhs * rhs,
            (false, true) => true,
            (true, false) => false,
            (false, false) => lhs * lhs > 2 * rhs * rhs,
        }
    }
}

/// The weights of a cell's 3 x 3 window, row by row (0 for walls and cells off the grid).
type Window = [u32; 9];

/// The weight at (`x`, `y`) of a window, each coordinate -1, 0 or 1 from its centre.
#[inline(always)]
fn at(w: &Window, (x, y): (i64, i64)) -> u32 {
    w[((y + 1) * 3 + x + 1) as usize]
}

/// The price of the move from `from` along `d` inside a window under the rules (no corner
/// cutting), or `None` when it is not a move.
#[inline(always)]
fn step(w: &Window, from: (i64, i64), d: (i64, i64)) -> Option<Price> {
    let to = (from.0 + d.0, from.1 + d.1);
    let legal = at(w, from) != 0
        && at(w, to) != 0
        && (d.0 == 0 || d.1 == 0 || (at(w, (to.0, from.1)) != 0 && at(w, (from.0, to.1)) != 0));
    legal.then(|| Price::of(d, at(w, to)))
}

/// The eight directions, in the order of [`needed`]'s bits.
pub(crate) const DIRECTIONS: [Dir; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// For a cell entered along [`DIRECTIONS`]`[e]` and a neighbour along [`DIRECTIONS`]`[d]`: the
/// cells (from the window's centre) beside both the predecessor and the neighbour, other than
/// the centre and the neighbour, inside the window, and how many there are. Every way of two
/// moves from the predecessor to the neighbour that avoids the centre passes one of them.
const MIDDLES: [[Middles; 8]; 8] = middles();

/// Up to four cells of a window (from its centre), and how many of them count.
type Middles = ([(i8, i8); 4], u8);

const fn middles() -> [[Middles; 8]; 8] {
    let mut table = [[([(0i8, 0i8); 4], 0u8); 8]; 8];
    let mut e = 0;
    while e < 8 {
        let p = (-DIRECTIONS[e].0, -DIRECTIONS[e].1);
        let mut d = 0;
        while d < 8 {
            let n = DIRECTIONS[d];
            let mut k = 0;
            let mut my = -1;
            while my <= 1 {
                let mut mx = -1;
                while mx <= 1 {
                    let m = (p.0 + mx, p.1 + my);
                    let beside_n = (n.0 - m.0).abs() <= 1 && (n.1 - m.1).abs() <= 1;
                    let inside = m.0.abs() <= 1 && m.1.abs() <= 1;
                    let moved = mx != 0 || my != 0;
                    let centre = m.0 == 0 && m.1 == 0;
                    let other = moved && !centre && !(m.0 == n.0 && m.1 == n.1);
                    if beside_n && inside && other {
                        table[e][d].0[k] = (m.0 as i8, m.1 as i8);
                        k += 1;
                    }
                    mx += 1;
                }
                my += 1;
            }
            table[e][d].1 = k as u8;
            d += 1;
        }
        e += 1;
    }
    table
}

/// The directions (bit `i` for [`DIRECTIONS`]`[i]`) a cell that is not regular, whose window is
/// `w`, must look along when entered along [`DIRECTIONS`]`[e]`. A direction is left out when the
/// move along it leaves the grid or cuts a corner, leads back to the predecessor, or when from
/// the predecessor some other way of one or two moves reaches the same neighbour more cheaply,
/// or as cheaply and diagonally first while this cell was entered straight (the order plain
/// Jump Point Search prunes by, which keeps one optimal path). Every such way lies inside the
/// window.
pub(crate) fn needed(w: &Window, e: usize) -> u8 {
    let (ex, ey) = (i64::from(DIRECTIONS[e].0), i64::from(DIRECTIONS[e].1));
    let p = (-ex, -ey);
    let entered = Price::of((ex, ey), at(w, (0, 0)));
    let entered_straight = ex == 0 || ey == 0;
    let mut mask = 0;
    for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
        let n = (i64::from(dx), i64::from(dy));
        if n == p {
            continue;
        }
        let Some(onward) = step(w, (0, 0), n) else {
            continue;
        };
        let through = entered.plus(onward);
        let beats = |other: Price, first_diagonal: bool| {
            other.below(through) || (other == through && first_diagonal && entered_straight)
        };
        // One move from the predecessor.
        let (px, py) = (n.0 - p.0, n.1 - p.1);
        let mut pruned = px.abs() <= 1
            && py.abs() <= 1
            && step(w, p, (px, py)).is_some_and(|direct| beats(direct, px != 0 && py != 0));
        // Two moves, through a cell beside both.
        let (middles, count) = &MIDDLES[e][i];
        for &(mx, my) in &middles[..usize::from(*count)] {
            if pruned {
                break;
            }
            let m = (i64::from(mx), i64::from(my));
            let first = (m.0 - p.0, m.1 - p.1);
            if let (Some(a), Some(b)) = (step(w, p, first), step(w, m, (n.0 - m.0, n.1 - m.1))) {
                pruned = beats(a.plus(b), first.0 != 0 && first.1 != 0);
            }
        }
        if !pruned {
            mask |= 1 << i;
        }
    }
    mask
}

/// The weights of the window around `cell`, a cell of `grid`.
fn window(grid: &Grid, cell: Cell) -> Window {
    let mut w = [0; 9];
    for (k, v) in w.iter_mut().enumerate() {
        let (nx, ny) = (
            i64::from(cell.x) + k as i64 % 3 - 1,
            i64::from(cell.y) + k as i64 / 3 - 1,
        );
        if nx >= 0 && ny >= 0 {
            *v = grid.weight(Cell::new(nx as u32, ny as u32));
        }
    }
    w
}

/// The directions a cell must look along, for each way it may be entered: byte `e` is
/// [`needed`] for [`DIRECTIONS`]`[e]`. 0 for a regular cell or a wall, which never use them.
pub(crate) fn turns(grid: &Grid, cell: Cell) -> u64 {
    let w = window(grid, cell);
    if at(&w, (0, 0)) == 0 || regular_window(&w) {
        return 0;
    }
    (0..8).fold(0, |all, e| all | u64::from(needed(&w, e)) << (8 * e))
}

impl Expander for Weighted8<'_> {
    const EIGHT: bool = true;
    const BUCKETS: bool = true;

    fn scale(&self) -> f64 {
        self.scale
    }

    #[inline(always)]
    fn estimate(&self, cell: Cell, goal: Cell) -> f64 {
        let octile = super::context::distance(true, cell, goal) * self.scale;
        match self.landmarks {
            Some((landmarks, g)) => octile.max(landmarks.estimate(self.grid.index(cell), g)),
            None => octile,
        }
    }

    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, mut push: F) {
        let (x, y) = (i64::from(node.x), i64::from(node.y));
        let push = &mut push;
        if dir == (0, 0) || !self.regular_rows.padded_bit(x, y) {
            let mask = if dir == (0, 0) {
                0xff
            } else {
                // The index in DIRECTIONS of each (dx, dy), by (dy + 1) * 3 + dx + 1.
                const INDEX: [u8; 9] = [7, 3, 5, 1, 0, 0, 6, 2, 4];
                let e = INDEX[((dir.1 + 1) * 3 + dir.0 + 1) as usize];
                let turns = self.turns[y as usize * self.grid.width() as usize + x as usize];
                (turns >> (8 * e)) as u8
            };
            for (i, &d) in DIRECTIONS.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    let (nx, ny) = (x + i64::from(d.0), y + i64::from(d.1));
                    if dir != (0, 0) && !self.regular_rows.padded_bit(nx, ny) {
                        // A turn is a legal move (see `needed`); the scan or the walk would stop
                        // on this neighbour at once, so it is pushed without either.
                        let base = if i < 4 { 1.0 } else { SQRT_2 };
                        push(Cell::new(nx as u32, ny as u32), base * self.weight(nx, ny));
                    } else if i < 4 {
                        self.straight(x, y, d, goal, 0.0, push);
                    } else {
                        self.diagonal(x, y, d, goal, push);
                    }
                }
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
