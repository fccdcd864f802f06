//! [`JpsPlus`]: Jump Point Search with precomputed jump distances (JPS+), 8-connected without
//! corner cutting.
//!
//! For every cell and each of the 8 directions the table holds how far the next stop is:
//!
//! - straight: the jump point (a cell with a forced neighbour) the move meets before a wall, if
//!   any;
//! - diagonal: `k > 0` is the first diagonal cell `k` steps away from which a straight move meets a
//!   jump point; `-k <= 0` means `k` free diagonal steps with no such cell, then no further step.
//!
//! Entries are one byte each (8 bytes per cell); a distance that does not fit is read in hops
//! (see [`table`](super::table)).
//!
//! A query then reads a table entry where online search scans. The goal is not in the table: a
//! straight move checks whether the goal lies on it within reach, and a diagonal walk stops at the
//! one cell in line with the goal (same row or column) to check the straight move toward it.

use super::context::{check_query, check_uniform, Checked, Dir, Expander};
use super::jump::{expand8, steps_to_goal, straight_result, Rays8};
use super::scan::{free_run, Stop};
use super::table::{
    diagonal_entry, straight_entry, JumpTable, DIAGONAL_HOP, DIAGONAL_ON, STRAIGHT_HOP, STRAIGHT_ON,
};
use super::{JpsContext, JpsError, PathMode};
use crate::grid::{Bitmap, Cell, Diagonal, Grid};
use crate::search::Status;
use std::f64::consts::SQRT_2;

/// The 8 directions, in table order.
const DIRS: [Dir; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The table slot of a direction (one load: directions chosen at run time, the arrival
/// direction of an expanded node, would otherwise cost a chain of compares).
#[inline(always)]
fn slot((dx, dy): Dir) -> usize {
    /// Indexed by `(dx + 1) * 3 + dy + 1`; `(0, 0)` never asked.
    const SLOTS: [u8; 9] = [7, 1, 6, 3, 0, 2, 5, 0, 4];
    SLOTS[((dx + 1) * 3 + dy + 1) as usize] as usize
}

/// A uniform-cost grid with its JPS+ jump-distance table, for maps queried many times
/// (8-connected without corner cutting; 4-connected search is online only).
///
/// Building reads every cell once per direction ([`JpsPlus::new`]); editing a cell through
/// [`JpsPlus::block`] and [`JpsPlus::open`] recompute only the rows, columns and diagonals the edit can change.
/// Queries run on a [`JpsContext`] (one per thread) and give the same costs as online search and
/// A*.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsPlus};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
/// let mut plus = JpsPlus::new(grid).unwrap();
/// let mut ctx = JpsContext::new();
/// let cost = |plus: &JpsPlus, ctx: &mut JpsContext| {
///     plus.find_path(ctx, Cell::new(0, 1), Cell::new(5, 1))
///         .unwrap().into_path().unwrap().cost
/// };
/// assert_eq!(cost(&plus, &mut ctx), 7.0);
/// for x in 1..=4 {
///     plus.open(Cell::new(x, 1)).unwrap(); // the wall comes down
/// }
/// assert_eq!(cost(&plus, &mut ctx), 5.0);
/// ```
#[derive(Clone, Debug)]
pub struct JpsPlus {
    grid: Grid,
    /// Jump distances per cell, row-major, in [`DIRS`] order.
    table: JumpTable,
    /// The columns whose diagonal entries changed on the last row and on this one, kept between
    /// edits so that [`JpsPlus::block`] and [`JpsPlus::open`] allocate nothing once warm.
    changed: (Vec<i64>, Vec<i64>),
}

impl JpsPlus {
    /// Builds the table for `grid`, which must be uniform-cost (every weight 0 or 1).
    ///
    /// The table takes 8 bytes per cell: more than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// is [`JpsError::Refused`] ([`TooLarge`](crate::limits::Refusal::TooLarge)) (checked before
    /// allocating), and memory the allocator refuses is [`JpsError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsError, JpsPlus};
    ///
    /// let plus = JpsPlus::new(Grid::from_ascii("...\n.#.\n...").unwrap()).unwrap();
    /// assert!(!plus.grid().is_passable(Cell::new(1, 1)));
    /// let weighted = JpsPlus::new(Grid::from_ascii("..2").unwrap());
    /// assert!(matches!(weighted, Err(JpsError::NonUniformCost { weight: 2, .. })));
    /// ```
    pub fn new(grid: Grid) -> Result<JpsPlus, JpsError> {
        check_uniform(&grid)?;
        let mut plus = JpsPlus {
            table: JumpTable::new(grid.len()).map_err(JpsError::Refused)?,
            grid,
            changed: (Vec::new(), Vec::new()),
        };
        plus.build_rows();
        // The connected components answer unreachable goals; built now with the table, so the
        // first query builds nothing of the grid's.
        plus.grid
            .components(Diagonal::NoCornerCutting)
            .map_err(JpsError::Refused)?;
        Ok(plus)
    }

    /// The grid the table describes.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::JpsPlus;
    ///
    /// let mut plus = JpsPlus::new(Grid::new(3, 3).unwrap()).unwrap();
    /// plus.block(Cell::new(1, 1)).unwrap();
    /// assert_eq!(plus.grid().to_ascii(), "...\n.#.\n...\n");
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Gives the grid back, dropping the table.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::JpsPlus;
    ///
    /// let mut plus = JpsPlus::new(Grid::new(3, 1).unwrap()).unwrap();
    /// plus.block(Cell::new(2, 0)).unwrap();
    /// let mut grid = plus.into_grid();
    /// grid.set_weight(Cell::new(0, 0), 5).unwrap(); // weights again, for A*
    /// assert_eq!(grid.to_ascii(), "5.#\n");
    /// ```
    #[must_use]
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// Bytes held by the table (the grid itself not included): 8 per cell.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::JpsPlus;
    ///
    /// let plus = JpsPlus::new(Grid::new(16, 16).unwrap()).unwrap();
    /// assert_eq!(plus.memory_bytes(), 8 * 16 * 16);
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.table.memory_bytes()
    }

    /// Makes `cell` a wall and updates the table: the three rows and three columns around it in
    /// full, and the diagonal entries that depend on them.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsError, JpsPlus};
    /// use pathkit::Pathfinder;
    ///
    /// let mut plus = JpsPlus::new(Grid::new(5, 3).unwrap()).unwrap();
    /// let mut ctx = JpsContext::new();
    /// for y in 0..3 {
    ///     plus.block(Cell::new(2, y)).unwrap(); // a wall across the map
    /// }
    /// let outcome = plus.find_path(&mut ctx, Cell::new(0, 1), Cell::new(4, 1)).unwrap();
    /// assert!(!outcome.is_found());
    /// assert!(matches!(plus.block(Cell::new(5, 0)), Err(JpsError::OutOfBounds { .. })));
    /// ```
    pub fn block(&mut self, cell: Cell) -> Result<(), JpsError> {
        self.set_passable(cell, false)
    }

    /// Makes `cell` free (a wall knocked down) and updates the table, as [`block`](Self::block)
    /// does.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsPlus};
    /// use pathkit::Pathfinder;
    ///
    /// let mut plus = JpsPlus::new(Grid::from_ascii("..#..").unwrap()).unwrap();
    /// let mut ctx = JpsContext::new();
    /// assert!(!plus.find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0)).unwrap().is_found());
    /// plus.open(Cell::new(2, 0)).unwrap(); // the door opens
    /// let path = plus.find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0)).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 4.0);
    /// ```
    pub fn open(&mut self, cell: Cell) -> Result<(), JpsError> {
        self.set_passable(cell, true)
    }

    fn set_passable(&mut self, cell: Cell, passable: bool) -> Result<(), JpsError> {
        let outside = |grid: &Grid| JpsError::OutOfBounds {
            cell,
            width: grid.width(),
            height: grid.height(),
        };
        if self.grid.cell(cell.x, cell.y).is_none() {
            return Err(outside(&self.grid));
        }
        if self.grid.is_passable(cell) == passable {
            return Ok(());
        }
        let edited = if passable {
            self.grid.open(cell)
        } else {
            self.grid.block(cell)
        };
        edited.map_err(|_| outside(&self.grid))?;
        self.update_cell(cell);
        Ok(())
    }

    /// Recomputes every entry a change of `cell` can affect.
    fn update_cell(&mut self, cell: Cell) {
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let (cx, cy) = (cell.x as i64, cell.y as i64);
        // Straight entries look one row (column) to each side for forced neighbours.
        for y in (cy - 1).max(0)..=(cy + 1).min(h - 1) {
            self.straight_line(true, y);
        }
        for x in (cx - 1).max(0)..=(cx + 1).min(w - 1) {
            self.straight_line(false, x);
        }
        // A diagonal entry depends on the passability around its next cell, on that cell's
        // straight entries and on its diagonal entry. Rows are visited from the far end so that
        // a changed entry is seen by the cell before it on the diagonal.
        let (mut changed, mut next_changed) = std::mem::take(&mut self.changed);
        for (d, &(dx, dy)) in DIRS.iter().enumerate().skip(4) {
            let (dx, dy) = (dx as i64, dy as i64);
            let band = (cy - 1 - dy)..=(cy + 1 - dy);
            let columns = (cx - 1 - dx)..=(cx + 1 - dx);
            changed.clear();
            for y in rows_in_order(h, dy as i32) {
                next_changed.clear();
                if band.contains(&y) {
                    for x in 0..w {
                        if self.diagonal_cell(x, y, d) {
                            next_changed.push(x);
                        }
                    }
                } else {
                    for x in columns.clone().chain(changed.iter().map(|&x| x - dx)) {
                        if x >= 0
                            && x < w
                            && !next_changed.contains(&x)
                            && self.diagonal_cell(x, y, d)
                        {
                            next_changed.push(x);
                        }
                    }
                }
                std::mem::swap(&mut changed, &mut next_changed);
            }
        }
        self.changed = (changed, next_changed);
    }

    #[inline(always)]
    fn is_free(&self, x: i64, y: i64) -> bool {
        self.grid.bitmap().padded_bit(x, y)
    }

    #[inline(always)]
    fn at(&self, x: i64, y: i64) -> usize {
        y as usize * self.grid.width() as usize + x as usize
    }

    /// Every entry of the table, written row after row: the entry of a cell follows from the
    /// entry of the next cell in its direction (one more step, or a stop there), so each
    /// direction visits the rows (and the cells in a row) from its far end, and the table and
    /// the bitmap are read in memory order, the bitmap a word (64 cells) at a time. The same
    /// entries as [`straight_line`] on every row and column and [`diagonal_cell`] on every cell,
    /// which edits use (tested against them).
    ///
    /// [`straight_line`]: Self::straight_line
    /// [`diagonal_cell`]: Self::diagonal_cell
    fn build_rows(&mut self) {
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let bits = self.grid.bitmap();
        // The 64 cells of row `y` from column `x` on (bit 0 = cell `x`), blocked outside.
        let word = |x: i64, y: i64| bits.padded_word(x, y);
        let cells = self.table.cells_mut();
        let row = |y: i64| y as usize * w as usize;
        // One more straight step: 0 (a wall first) stays 0, a hop stays a hop.
        let on = |e: u8| match e {
            0 => 0,
            e if u32::from(e) < STRAIGHT_HOP => e + 1,
            _ => STRAIGHT_ON,
        };
        // A cell's move is open when its bit in the first word is set; the cell it moves to is a
        // jump point when its bit in the second is.
        let straight = |x0: i64, y: i64, (dx, dy): (i64, i64)| {
            let (nx, ny) = (x0 + dx, y + dy);
            let open = word(nx, ny);
            // A side cell of the move (across it) free where the cell beside the start is not.
            let forced = if dy == 0 {
                (word(nx, y - 1) & !word(x0, y - 1)) | (word(nx, y + 1) & !word(x0, y + 1))
            } else {
                (word(x0 - 1, ny) & !word(x0 - 1, y)) | (word(x0 + 1, ny) & !word(x0 + 1, y))
            };
            (open, forced)
        };
        // Horizontal: each row on its own, from its far end.
        let chunks = (w as usize).div_ceil(64);
        for (y, cur) in cells.chunks_exact_mut(w as usize).enumerate() {
            let y = y as i64;
            for (d, step) in [(0usize, 1i64), (1, -1)] {
                let mut e = 0u8;
                for c in 0..chunks {
                    let c = if step == 1 { chunks - 1 - c } else { c };
                    let x0 = c as i64 * 64;
                    let (open, forced) = straight(x0, y, (step, 0));
                    let n = (w - x0).min(64) as u32;
                    for i in 0..n {
                        let b = if step == 1 { n - 1 - i } else { i };
                        e = if open >> b & 1 == 0 {
                            0
                        } else if forced >> b & 1 == 1 {
                            1
                        } else {
                            on(e)
                        };
                        cur[x0 as usize + b as usize][d] = e;
                    }
                }
            }
        }
        // Vertical: a row from the row after it in the direction of travel.
        for (d, step) in [(2usize, 1i64), (3, -1)] {
            for k in 0..h {
                let y = if step == 1 { h - 1 - k } else { k };
                let (cur, ahead) = row_pair(cells, row(y), w as usize, step);
                for x0 in (0..w).step_by(64) {
                    let (open, forced) = straight(x0, y, (0, step));
                    for b in 0..(w - x0).min(64) {
                        let x = (x0 + b) as usize;
                        cur[x][d] = if open >> b & 1 == 0 {
                            0
                        } else if forced >> b & 1 == 1 {
                            1
                        } else {
                            on(ahead[x][d])
                        };
                    }
                }
            }
        }
        // Diagonal: a stop where a straight move from the next cell meets a jump point, else
        // one more step than the next cell's entry (a hop stays a hop).
        for (d, &(dx, dy)) in DIRS.iter().enumerate().skip(4) {
            let (h_slot, v_slot) = (slot((dx, 0)), slot((0, dy)));
            let (dx, dy) = (dx as i64, dy as i64);
            for y in rows_in_order(h, dy as i32) {
                let ny = y + dy;
                let (cur, ahead) = row_pair(cells, row(y), w as usize, dy);
                for x0 in (0..w).step_by(64) {
                    // No corner cutting: both cells beside the move free, and the cell reached.
                    let open = word(x0 + dx, y) & word(x0, ny) & word(x0 + dx, ny);
                    for b in 0..(w - x0).min(64) {
                        let x = x0 + b;
                        let e = if open >> b & 1 == 0 {
                            0
                        } else {
                            let next = ahead[(x + dx) as usize];
                            if next[h_slot] != 0 || next[v_slot] != 0 {
                                1
                            } else {
                                match next[d] as i8 {
                                    DIAGONAL_ON => DIAGONAL_ON,
                                    v if v > 0 => diagonal_entry(i64::from(v) + 1),
                                    v => diagonal_entry(i64::from(v) - 1),
                                }
                            }
                        };
                        cur[x as usize][d] = e as u8;
                    }
                }
            }
        }
    }

    /// Straight entries of one row (`horizontal`) or column, both ways.
    fn straight_line(&mut self, horizontal: bool, line: i64) {
        let len = if horizontal {
            self.grid.width()
        } else {
            self.grid.height()
        } as i64;
        // (x, y) of position `i` along the line; `side` offsets across it.
        let xy = |i: i64, side: i64| {
            if horizontal {
                (i, line + side)
            } else {
                (line + side, i)
            }
        };
        let (fwd, back) = if horizontal { (0, 1) } else { (2, 3) };
        for (d, step) in [(fwd, 1i64), (back, -1)] {
            // The first jump point from the position after `i`, carried from there: so the
            // positions are visited against the direction of travel.
            let mut ahead: Option<u32> = None;
            for k in 0..len {
                let i = if step == 1 { len - 1 - k } else { k };
                let next = i + step;
                let (nx, ny) = xy(next, 0);
                ahead = if !self.is_free(nx, ny) {
                    None
                } else if [-1, 1].into_iter().any(|side| {
                    let (ax, ay) = xy(next, side);
                    let (bx, by) = xy(i, side);
                    self.is_free(ax, ay) && !self.is_free(bx, by)
                }) {
                    Some(1)
                } else {
                    ahead.map(|s| s + 1)
                };
                let (x, y) = xy(i, 0);
                let at = self.at(x, y);
                self.table.set(at, d, straight_entry(ahead));
            }
        }
    }

    /// The full diagonal value of (`x`, `y`) in direction `d` (stop `k > 0` steps away, or `-k`
    /// free steps and no stop), reading on over hops.
    fn diagonal_value(&self, mut x: i64, mut y: i64, d: usize) -> i64 {
        let (dx, dy) = (DIRS[d].0 as i64, DIRS[d].1 as i64);
        let mut hopped = 0;
        loop {
            let v = self.table.diagonal(self.at(x, y), d);
            if v != DIAGONAL_ON {
                let v = v as i64;
                return if v > 0 { hopped + v } else { v - hopped };
            }
            hopped += DIAGONAL_HOP;
            x += dx * DIAGONAL_HOP;
            y += dy * DIAGONAL_HOP;
        }
    }

    /// Recomputes the diagonal entry `d` of (`x`, `y`); `true` when it changed.
    fn diagonal_cell(&mut self, x: i64, y: i64, d: usize) -> bool {
        let (dx, dy) = (DIRS[d].0 as i64, DIRS[d].1 as i64);
        let (nx, ny) = (x + dx, y + dy);
        let value = if !(self.is_free(nx, y) && self.is_free(x, ny) && self.is_free(nx, ny)) {
            0
        } else {
            let next = self.at(nx, ny);
            let (h, v) = (slot((DIRS[d].0, 0)), slot((0, DIRS[d].1)));
            if self.table.straight(next, h) != 0 || self.table.straight(next, v) != 0 {
                1
            } else {
                let along = self.diagonal_value(nx, ny, d);
                if along > 0 {
                    along + 1
                } else {
                    along - 1
                }
            }
        };
        let at = self.at(x, y);
        let value = diagonal_entry(value) as u8;
        self.table.set(at, d, value) != value
    }

    /// [`find_path`](Self::find_path) writing the path into `path`, reusing its capacity: no
    /// allocation once the context and the buffer are warm.
    pub(crate) fn table_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        goal: Cell,
        mode: PathMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        if let Checked::Done(status) =
            check_query(&self.grid, start, goal, Diagonal::NoCornerCutting, path)?
        {
            ctx.reset_stats();
            return Ok(status);
        }
        let rays = PlusRays { plus: self };
        let (width, cells) = (self.grid.width(), self.grid.len());
        ctx.search(&rays, width, cells, start, goal, mode, path)
    }

    /// What a straight move from (`x`, `y`) in direction `dir` meets: a jump point, or a wall
    /// after at least the returned number of free cells.
    #[inline(always)]
    fn straight_stop(&self, x: i64, y: i64, dir: Dir) -> Stop {
        match self.table.straight(self.at(x, y), slot(dir)) {
            0 => Stop::Wall(0),
            STRAIGHT_ON => self.straight_stop_far(x, y, dir),
            s => Stop::Jump(s as u32),
        }
    }

    /// [`straight_stop`](Self::straight_stop) for an entry that hops: rare, kept out of line.
    #[cold]
    #[inline(never)]
    fn straight_stop_far(&self, mut x: i64, mut y: i64, dir: Dir) -> Stop {
        let (dx, dy) = (dir.0 as i64, dir.1 as i64);
        let mut hopped = 0;
        loop {
            match self.table.straight(self.at(x, y), slot(dir)) {
                0 => return Stop::Wall(hopped),
                STRAIGHT_ON => {
                    hopped += STRAIGHT_HOP;
                    x += dx * STRAIGHT_HOP as i64;
                    y += dy * STRAIGHT_HOP as i64;
                }
                s => return Stop::Jump(hopped + s as u32),
            }
        }
    }
}

/// A query's view of a [`JpsPlus`].
pub(super) struct PlusRays<'a> {
    pub(super) plus: &'a JpsPlus,
}

impl PlusRays<'_> {
    #[inline(always)]
    fn is_free(&self, x: i64, y: i64) -> bool {
        self.plus.is_free(x, y)
    }

    #[inline(always)]
    fn rays_bitmaps(&self) -> (&Bitmap, &Bitmap) {
        self.plus.rays_bitmaps()
    }
}

/// The row of `wide` cells starting at `at` (to write) and the row after it in direction `step`
/// (to read; empty past the map's edge, where no move is open).
fn row_pair(
    cells: &mut [[u8; 8]],
    at: usize,
    wide: usize,
    step: i64,
) -> (&mut [[u8; 8]], &[[u8; 8]]) {
    if step == 1 {
        let (here, after) = cells.split_at_mut(at + wide);
        (&mut here[at..], &after[..after.len().min(wide)])
    } else {
        let (before, here) = cells.split_at_mut(at);
        (&mut here[..wide], &before[at.saturating_sub(wide)..])
    }
}

/// Rows from the far end of the diagonal direction `dy` back to the near end.
fn rows_in_order(h: i64, dy: i32) -> impl Iterator<Item = i64> {
    (0..h).map(move |k| if dy > 0 { h - 1 - k } else { k })
}

impl Rays8 for PlusRays<'_> {
    #[inline(always)]
    fn bitmaps(&self) -> (&Bitmap, &Bitmap) {
        self.rays_bitmaps()
    }

    #[inline(always)]
    fn free(&self, x: i64, y: i64) -> bool {
        self.is_free(x, y)
    }

    #[inline(always)]
    fn straight<F: FnMut(Cell, f64)>(
        &self,
        x: i64,
        y: i64,
        (dx, dy): Dir,
        goal: Cell,
        base: f64,
        push: &mut F,
    ) -> bool {
        let to_goal = steps_to_goal(x, y, (dx, dy), goal);
        let stop = self.plus.straight_stop(x, y, (dx, dy));
        straight_result(x, y, (dx, dy), stop, to_goal, goal, base, push, |n| {
            let (rows, cols) = self.rays_bitmaps();
            if dy == 0 {
                free_run(rows, x, y, dx > 0) as i64 >= n
            } else {
                free_run(cols, y, x, dy > 0) as i64 >= n
            }
        })
    }

    #[inline(always)]
    fn diagonal<F: FnMut(Cell, f64)>(
        &self,
        mut x: i64,
        mut y: i64,
        (dx, dy): Dir,
        goal: Cell,
        push: &mut F,
    ) -> bool {
        let d = slot((dx, dy));
        if self.plus.table.diagonal(self.plus.at(x, y), d) == 0 {
            // Most walks end before their first step.
            return false;
        }
        let (dx64, dy64) = (dx as i64, dy as i64);
        let (gx, gy) = (goal.x as i64 - x, goal.y as i64 - y);
        // Steps to the one diagonal cell in line with the goal, when the goal is ahead.
        let in_line = if gx * dx64 > 0 && gy * dy64 > 0 {
            (gx.abs()).min(gy.abs())
        } else {
            0
        };
        let mut k = 0i64;
        loop {
            let raw = self.plus.table.diagonal(self.plus.at(x, y), d);
            let on = raw == DIAGONAL_ON;
            let v = if on { DIAGONAL_HOP } else { raw as i64 };
            let reach = v.abs();
            if in_line > k && in_line - k <= reach {
                let (px, py) = (x + dx64 * (in_line - k), y + dy64 * (in_line - k));
                let base = in_line as f64 * SQRT_2;
                if px == goal.x as i64 && py == goal.y as i64 {
                    push(goal, base);
                    return true;
                }
                let (dir, dist) = if py == goal.y as i64 {
                    ((dx, 0), (goal.x as i64 - px).abs())
                } else {
                    ((0, dy), (goal.y as i64 - py).abs())
                };
                let (rows, cols) = self.rays_bitmaps();
                let run = if dir.1 == 0 {
                    free_run(rows, px, py, dx > 0)
                } else {
                    free_run(cols, py, px, dy > 0)
                };
                if dist <= run as i64 {
                    push(goal, base + dist as f64);
                    return true;
                }
            }
            if v <= 0 {
                return false;
            }
            x += dx64 * v;
            y += dy64 * v;
            k += v;
            if on {
                // Not a stop: no straight move from here meets a jump point.
                continue;
            }
            let base = k as f64 * SQRT_2;
            if self.straight(x, y, (dx, 0), goal, base, push)
                || self.straight(x, y, (0, dy), goal, base, push)
            {
                return true;
            }
        }
    }
}

impl JpsPlus {
    #[inline(always)]
    fn rays_bitmaps(&self) -> (&Bitmap, &Bitmap) {
        (self.grid.bitmap(), self.grid.bitmap_transposed())
    }
}

impl Expander for PlusRays<'_> {
    const EIGHT: bool = true;

    #[inline(always)]
    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, mut push: F) {
        expand8(self, node, dir, goal, |c: Cell, cost: f64| {
            // The successor's table line is read now, while the search reads its record: the
            // two cache misses overlap, and the line is cached when the successor is expanded
            // (on a large map the table is far larger than the cache).
            std::hint::black_box(self.plus.table.touch(self.plus.at(c.x as i64, c.y as i64)));
            push(c, cost)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jps::scan::scan;
    use crate::jps::JpsMode;
    use crate::search::Outcome;
    use crate::Pathfinder;

    #[test]
    fn every_direction_has_its_own_slot() {
        for (d, &dir) in DIRS.iter().enumerate() {
            assert_eq!(slot(dir), d, "{dir:?}");
        }
    }

    /// `walls` cells in `of` blocked, at random.
    fn blocked_one_in(w: u32, h: u32, of: u64, walls: u64, seed: &mut u64) -> Grid {
        Grid::from_fn(w, h, |_| {
            crate::test_random::xorshift(seed);
            u32::from(*seed % of >= walls)
        })
        .unwrap()
    }

    /// A `w` x `h` grid with `walls` cells in `of` blocked at random, or, when `of` is 0, open
    /// ground blocked only where `corner_wall` says (the test keeps those walls in a corner).
    fn test_grid(
        w: u32,
        h: u32,
        of: u64,
        walls: u64,
        seed: &mut u64,
        corner_wall: impl Fn(Cell) -> bool,
    ) -> Grid {
        if of == 0 {
            Grid::from_fn(w, h, |c| u32::from(!corner_wall(c))).unwrap()
        } else {
            blocked_one_in(w, h, of, walls, seed)
        }
    }

    /// The online scan from (`x`, `y`) along the straight direction (`dx`, `dy`): the rows'
    /// bitmap for a horizontal one, the columns' for a vertical one.
    fn scan_along(g: &Grid, x: i64, y: i64, (dx, dy): (i64, i64)) -> Stop {
        if dy == 0 {
            scan(g.bitmap(), x, y, dx > 0)
        } else {
            scan(g.bitmap_transposed(), y, x, dy > 0)
        }
    }

    /// Whether some entry of the table hops (straight, diagonal).
    fn hops(plus: &JpsPlus) -> (bool, bool) {
        let n = plus.grid().len();
        (
            (0..n).any(|i| (0..4).any(|d| plus.table.straight(i, d) == STRAIGHT_ON)),
            (0..n).any(|i| (4..8).any(|d| plus.table.diagonal(i, d) == DIAGONAL_ON)),
        )
    }

    #[test]
    fn straight_entries_are_the_scans() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for (w, h, of, walls) in [
            (1, 1, 100, 25),
            (70, 3, 100, 25),
            (5, 70, 100, 25),
            (130, 9, 100, 25),
            (700, 6, 1000, 3),
            (6, 700, 1000, 3),
        ] {
            let plus = JpsPlus::new(blocked_one_in(w, h, of, walls, &mut seed)).unwrap();
            assert_eq!(hops(&plus).0, w > 600 || h > 600, "{w}x{h}");
            let g = plus.grid();
            for y in 0..h as i64 {
                for x in 0..w as i64 {
                    if !g.passable_xy(x, y) {
                        continue;
                    }
                    for (d, &(dx, dy)) in DIRS.iter().enumerate().take(4) {
                        let stop = scan_along(g, x, y, (dx as i64, dy as i64));
                        // The table keeps jump points exactly; how far a wall is, only as far
                        // as its hops went.
                        match (plus.straight_stop(x, y, (dx, dy)), stop) {
                            (Stop::Wall(a), Stop::Wall(b)) => {
                                assert!(a <= b, "({x}, {y}) dir {d}: {a} > {b}")
                            }
                            (a, b) => assert_eq!(a, b, "({x}, {y}) dir {d}"),
                        }
                    }
                }
            }
        }
    }

    /// Every diagonal entry is the walk it stands for, taken step by step: a step is allowed
    /// when its two side cells and its target are free (no corner cutting), and the walk stops
    /// at the first cell from which a straight scan along either component of the direction
    /// finds a jump point. The entry is `k` for a stop `k` steps away, `-k` for `k` free steps
    /// and no stop, and [`DIAGONAL_ON`] when either is longer than [`DIAGONAL_HOP`].
    #[test]
    fn diagonal_entries_are_the_walks() {
        let mut seed = 0x6a09_e667_f3bc_c908;
        for (w, h, of, walls) in [
            (1, 1, 100, 25),
            (70, 3, 100, 25),
            (5, 70, 100, 25),
            (40, 40, 100, 25),
            (40, 40, 100, 8),
            (150, 140, 0, 0),
        ] {
            // Open ground (diagonals longer than a hop) when `of` is 0.
            let grid = test_grid(w, h, of, walls, &mut seed, |c| {
                c.x < 20 && c.y < 20 && (c.x + 2 * c.y) % 7 == 0
            });
            let plus = JpsPlus::new(grid).unwrap();
            assert_eq!(hops(&plus).1, of == 0, "{w}x{h}");
            let g = plus.grid();
            let free = |x: i64, y: i64| g.passable_xy(x, y);
            let jump_point_along =
                |x: i64, y: i64, dir: (i64, i64)| matches!(scan_along(g, x, y, dir), Stop::Jump(_));
            for y in 0..h as i64 {
                for x in 0..w as i64 {
                    if !free(x, y) {
                        continue;
                    }
                    for (d, &(dx, dy)) in DIRS.iter().enumerate().skip(4) {
                        let (dx, dy) = (dx as i64, dy as i64);
                        let (mut cx, mut cy, mut steps) = (x, y, 0i64);
                        let walk = loop {
                            if steps > DIAGONAL_HOP {
                                break steps;
                            }
                            if !(free(cx + dx, cy) && free(cx, cy + dy) && free(cx + dx, cy + dy)) {
                                break -steps;
                            }
                            (cx, cy, steps) = (cx + dx, cy + dy, steps + 1);
                            if jump_point_along(cx, cy, (dx, 0))
                                || jump_point_along(cx, cy, (0, dy))
                            {
                                break steps;
                            }
                        };
                        let expected = if walk.abs() > DIAGONAL_HOP {
                            DIAGONAL_ON
                        } else {
                            walk as i8
                        };
                        let entry = plus.table.diagonal(plus.at(x, y), d);
                        assert_eq!(entry, expected, "({x}, {y}) dir {d} of {w}x{h}");
                    }
                }
            }
        }
    }

    /// The build, row after row, writes every entry as the per-line and per-cell recomputation
    /// of edits does (blocked cells included), on maps narrower and wider than a word, with
    /// hops both straight and diagonal.
    #[test]
    fn the_row_build_writes_what_edits_recompute() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for (w, h, of, walls) in [
            (1, 9, 100, 30),
            (9, 1, 100, 30),
            (63, 20, 100, 25),
            (64, 20, 100, 10),
            (65, 31, 100, 40),
            (130, 70, 100, 20),
            (300, 290, 0, 0),
        ] {
            // Open ground (long diagonals and rows) when `of` is 0.
            let grid = test_grid(w, h, of, walls, &mut seed, |c| {
                c.x < 20 && c.y < 30 && (c.x + c.y) % 7 == 0
            });
            let built = JpsPlus::new(grid).unwrap();
            if w == 300 {
                assert_eq!(hops(&built), (true, true), "the test covers hops");
            }
            let mut again = built.clone();
            again.table = JumpTable::new(again.grid.len()).unwrap();
            for y in 0..h as i64 {
                again.straight_line(true, y);
            }
            for x in 0..w as i64 {
                again.straight_line(false, x);
            }
            for (d, dir) in DIRS.iter().enumerate().skip(4) {
                for y in rows_in_order(h as i64, dir.1) {
                    for x in 0..w as i64 {
                        again.diagonal_cell(x, y, d);
                    }
                }
            }
            for i in 0..built.grid.len() {
                let a = (0..8).map(|d| built.table.straight(i, d));
                let b = (0..8).map(|d| again.table.straight(i, d));
                assert!(a.eq(b), "cell {i} of {w}x{h}");
            }
        }
    }

    #[test]
    fn edits_give_the_table_of_a_fresh_build() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for (w, h, of, walls, edits) in [
            (1, 9, 100, 30, 60),
            (9, 1, 100, 30, 60),
            (66, 7, 100, 30, 60),
            (12, 12, 100, 30, 60),
            (130, 5, 100, 30, 60),
            (300, 300, 1, 0, 12),
        ] {
            let grid = if w == 300 {
                // Open ground with walls in one corner only: long diagonals and rows.
                Grid::from_fn(w, h, |c| {
                    u32::from(!(c.x < 20 && c.y < 20 && (c.x + c.y) % 7 == 0))
                })
                .unwrap()
            } else {
                blocked_one_in(w, h, of, walls, &mut seed)
            };
            let mut plus = JpsPlus::new(grid).unwrap();
            if w == 300 {
                assert_eq!(hops(&plus), (true, true), "the test covers hops");
            }
            for _ in 0..edits {
                crate::test_random::xorshift(&mut seed);
                let cell = Cell::new((seed % w as u64) as u32, (seed / 7 % h as u64) as u32);
                let open = !plus.grid().is_passable(cell);
                if open {
                    plus.open(cell).unwrap();
                } else {
                    plus.block(cell).unwrap();
                }
                let fresh = JpsPlus::new(plus.grid().clone()).unwrap();
                for i in 0..plus.grid().len() {
                    if plus.grid().weight_at(i) != 0 {
                        let a = (0..8)
                            .map(|d| plus.table.straight(i, d))
                            .collect::<Vec<_>>();
                        let b = (0..8)
                            .map(|d| fresh.table.straight(i, d))
                            .collect::<Vec<_>>();
                        assert_eq!(a, b, "cell {i} of {w}x{h} after editing {cell}");
                    }
                }
            }
        }
    }

    /// Distances longer than a byte hop, on maps of any size: the costs stay those of online
    /// search, right up to the longest side, and on open ground in every direction.
    #[test]
    fn long_distances_answer_as_online_search() {
        let corridor = |w: u32| {
            // An open corridor four rows high with a few posts in the third row.
            Grid::from_fn(w, 4, |c| u32::from(c.y != 2 || c.x % 9_000 != 450)).unwrap()
        };
        let open = Grid::from_fn(400, 400, |c| {
            u32::from(!(c.x == 200 && c.y > 100 || c.y == 300 && (20..60).contains(&c.x)))
        })
        .unwrap();
        for grid in [corridor(600), corridor(40_000), open] {
            let (w, h) = (grid.width(), grid.height());
            let plus = JpsPlus::new(grid.clone()).unwrap();
            assert_eq!(plus.memory_bytes(), grid.len() * 8);
            if h == 4 {
                assert_eq!(
                    plus.straight_stop(0, 1, (1, 0)),
                    Stop::Jump(451),
                    "a hop, then the post"
                );
                assert_eq!(hops(&plus), (true, false));
            } else {
                assert_eq!(hops(&plus), (true, true));
            }
            let mut ctx = JpsContext::new();
            let (far, low) = (w - 1, h - 1);
            for (start, goal) in [
                (Cell::new(0, 0), Cell::new(far, low)),
                (Cell::new(far, low - 1), Cell::new(0, low - 1)),
                (Cell::new(far.min(449), low - 1), Cell::new(far, 0)),
                (Cell::new(0, low), Cell::new(far, 1)),
                (Cell::new(far, 0), Cell::new(0, low)),
                (Cell::new(far / 2, 0), Cell::new(far / 3, low)),
            ] {
                let online = grid
                    .jump_points(JpsMode::EIGHT)
                    .find_path(&mut ctx, start, goal)
                    .unwrap();
                let table = plus.find_path(&mut ctx, start, goal).unwrap();
                let cost = |o: Outcome<Cell, f64>| o.into_path().map(|p| p.cost);
                assert_eq!(cost(table), cost(online), "{start} to {goal}, {w}x{h}");
            }
        }
    }

    #[test]
    fn non_uniform_grids_and_outside_edits_are_errors() {
        let grid = Grid::from_ascii("..2").unwrap();
        assert!(matches!(
            JpsPlus::new(grid),
            Err(JpsError::NonUniformCost { .. })
        ));
        let mut plus = JpsPlus::new(Grid::new(2, 2).unwrap()).unwrap();
        assert!(matches!(
            plus.block(Cell::new(2, 0)),
            Err(JpsError::OutOfBounds { .. })
        ));
    }
}
