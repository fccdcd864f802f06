//! [`Cells`]: what a subgoal graph's scans read. The map padded by one blocked cell on every side
//! (so no scan needs a bounds check), which cells are subgoals, and how far each cell sees in each
//! of the four straight directions before a wall or a subgoal stops it.
//!
//! The straight distances make a scan along a row or column one read instead of a walk: finding
//! the subgoals a cell reaches directly costs one read per diagonal step, however open the map.

use crate::grid::Grid;
use crate::limits::{self, Refusal};

/// The id of a cell that is not a subgoal.
pub(crate) const NONE: u32 = u32::MAX;

/// Steps skipped by a straight entry of 0 (a run longer than an entry holds).
const HOP: usize = 0x7FFF;

/// The four straight directions, in entry order: east, west, south (row + 1), north.
pub(crate) const STRAIGHT: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The entry of `(dx, 0)` or `(0, dy)` in [`STRAIGHT`].
#[inline]
pub(crate) fn straight_of(dx: i64, dy: i64) -> usize {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// Is the cell at a corner of the walls, where a shortest path may have to turn? Under the Moving
/// AI rule (no corner cutting) that is a free cell with a blocked diagonal neighbour whose two
/// cells in between are free: a path round that corner bends at this cell.
///
/// `free(dx, dy)` answers for the cell's neighbours.
pub(crate) fn is_corner(free: impl Fn(i64, i64) -> bool) -> bool {
    [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .any(|&(dx, dy)| !free(dx, dy) && free(dx, 0) && free(0, dy))
}

/// The padded map, the subgoals and the straight distances.
#[derive(Clone, Debug)]
pub(crate) struct Cells {
    /// Padded width: the grid's width + 2.
    pub(crate) stride: usize,
    /// Passable, per padded cell.
    free: Vec<bool>,
    /// Subgoal id, or [`NONE`], per padded cell.
    pub(crate) subgoal: Vec<u32>,
    /// Per padded cell and [`STRAIGHT`] direction: `k << 1 | s`, the first cell `k` steps away
    /// (`1..=HOP`) is a wall (`s = 0`) or a subgoal (`s = 1`); 0: the next [`HOP`] cells are free
    /// and no subgoal, read on from there.
    stops: Vec<[u16; 4]>,
    /// The padded index of every subgoal, by id.
    pub(crate) subgoals: Vec<u32>,
    /// The padded column and row of every subgoal, by id (for the search's estimate).
    pub(crate) xy: Vec<(u32, u32)>,
}

impl Cells {
    /// Reads `grid` (passable or not; weights were checked by the caller) and finds its subgoals
    /// and straight distances.
    pub(crate) fn new(grid: &Grid) -> Result<Cells, Refusal> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let stride = w + 2;
        let len = stride * (h + 2);
        limits::check(limits::bytes_of::<[u16; 4]>(len as u64) + 5 * len as u64)?;
        let mut free = limits::try_filled(len, false)?;
        for y in 0..h {
            for x in 0..w {
                free[(y + 1) * stride + x + 1] = grid.passable_xy(x as i64, y as i64);
            }
        }
        let mut subgoal = limits::try_filled(len, NONE)?;
        let mut subgoals = Vec::new();
        for p in 0..len {
            if free[p] {
                let at = |dx: i64, dy: i64| free[offset(p, stride, dx, dy)];
                if is_corner(at) {
                    subgoal[p] = u32::try_from(subgoals.len())
                        .map_err(|_| Refusal::too_large(len as u64 * 4))?;
                    subgoals.push(p as u32);
                }
            }
        }
        let xy = subgoals
            .iter()
            .map(|&p| ((p as usize % stride) as u32, (p as usize / stride) as u32))
            .collect();
        let mut cells = Cells {
            stride,
            free,
            subgoal,
            stops: limits::try_filled(len, [0; 4])?,
            subgoals,
            xy,
        };
        cells.fill_stops(w, h);
        Ok(cells)
    }

    /// Computes every straight entry, each line swept from its far end.
    fn fill_stops(&mut self, w: usize, h: usize) {
        let stride = self.stride;
        for (d, &(dx, dy)) in STRAIGHT.iter().enumerate() {
            // Lines along the direction: rows for east/west, columns for south/north.
            let (lines, along) = if dy == 0 {
                (h + 2, w + 2)
            } else {
                (w + 2, h + 2)
            };
            for line in 0..lines {
                let at = |i: usize| {
                    if dy == 0 {
                        line * stride + i
                    } else {
                        i * stride + line
                    }
                };
                // Walk against the direction so that each cell's next cell is done first.
                let forward = dx + dy > 0;
                // The next cell's stop: how far (unsaturated), and whether a subgoal.
                let (mut run, mut run_sub) = (0usize, 0usize);
                for step in 0..along {
                    let i = if forward { along - 1 - step } else { step };
                    let p = at(i);
                    let has_next = if forward { i + 1 < along } else { i > 0 };
                    if !has_next {
                        self.stops[p][d] = 1 << 1; // the padding stops it
                        (run, run_sub) = (1, 0);
                        continue;
                    }
                    let next = if forward { at(i + 1) } else { at(i - 1) };
                    let (k, sub) = if !self.free[next] {
                        (1, 0)
                    } else if self.subgoal[next] != NONE {
                        (1, 1)
                    } else {
                        (run + 1, run_sub)
                    };
                    self.stops[p][d] = if k <= HOP { ((k << 1) | sub) as u16 } else { 0 };
                    (run, run_sub) = (k, sub); // this cell's stop, for the cell before it
                }
            }
        }
    }

    /// Whether the padded cell `p` is passable.
    #[inline(always)]
    pub(crate) fn free(&self, p: usize) -> bool {
        self.free[p]
    }

    /// The first stop from `p` in [`STRAIGHT`] direction `d`: how many steps away, and whether it
    /// is a subgoal (otherwise a wall).
    #[inline(always)]
    pub(crate) fn stop(&self, mut p: usize, d: usize, step: isize) -> (usize, bool) {
        let mut skipped = 0;
        loop {
            let e = self.stops[p][d];
            if e != 0 {
                return (skipped + (e >> 1) as usize, e & 1 == 1);
            }
            skipped += HOP;
            p = (p as isize + step * HOP as isize) as usize;
        }
    }

    /// Bytes held.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.free.capacity()
            + self.subgoal.capacity() * 4
            + self.stops.capacity() * 8
            + self.subgoals.capacity() * 4
            + self.xy.capacity() * 8
    }
}

/// `p` moved by `(dx, dy)` on a padded map of width `stride`.
#[inline(always)]
pub(crate) fn offset(p: usize, stride: usize, dx: i64, dy: i64) -> usize {
    (p as i64 + dy * stride as i64 + dx) as usize
}
