//! [`Lane`]: the straight scans of a diagonal walk, sharing row words from one step to the next.
//!
//! A diagonal walk scans straight on from every cell it passes, along the cell's row (and along
//! its column, on the transposed bitmap). A scan reads its row and the rows on either side; one
//! diagonal step later, two of those three rows are read again, one cell further on. A lane keeps
//! the three 64-cell windows and slides them by one cell per step, so a step reads one new window
//! instead of three. Each slide loses one known cell at the far end; the windows are read afresh
//! when too few remain, and a scan that clears every known cell goes on with the block scan.

use super::scan::{scan, window, Stop};
use crate::grid::Bitmap;

/// The windows are read afresh when fewer cells than this are known. Early: a scan that runs past
/// the known cells costs a block scan, more than the two extra words a refresh reads (measured on
/// the Moving AI maps: 32 costs den520d 2% more instructions, 63 costs 3% more).
pub(crate) const REFRESH: u32 = 56;

/// Three adjacent rows of a bitmap seen from one cell, for scans along the middle row toward
/// higher columns (`FORWARD`) or lower ones, moving one row over per diagonal step.
///
/// How many cells of the windows are known is kept by the walk, which moves its two lanes
/// together; it passes the count in.
pub(crate) struct Lane<'g, const FORWARD: bool> {
    words: &'g [u64],
    /// Change of a window's absolute bit from one stored row to the next, toward the step.
    row_bits: isize,
    /// Change of the `ahead` window's absolute bit per diagonal step.
    step_bits: isize,
    /// Absolute bit (word index times 64 plus bit) of the first bit of the `ahead` window.
    ahead_bit: usize,
    /// Windows of the row behind the lane's row, the row itself and the row ahead. Cell
    /// `col ± i` (the sign of the scan direction) is bit `i` when scanning forward, bit `63 - i`
    /// when scanning backward, so that both directions find the first stop with one bit count.
    behind: u64,
    here: u64,
    ahead: u64,
}

impl<'g, const FORWARD: bool> Lane<'g, FORWARD> {
    /// The lane at map cell (`col`, `row`) of `bits`, moving to row `row + step` per step.
    #[inline(always)]
    pub fn new(bits: &'g Bitmap, col: i64, row: i64, step: i64) -> Self {
        let stride = bits.stride() as isize;
        // Stored rows are shifted down by one (a spare row on top), columns right by 64 bits;
        // a backward window starts 63 cells before the lane's cell.
        let first = if FORWARD { col + 64 } else { col + 1 };
        let ahead_row = (row + step + 1) as isize;
        let mut lane = Lane {
            words: bits.words(),
            row_bits: step as isize * stride * 64,
            step_bits: step as isize * stride * 64 + if FORWARD { 1 } else { -1 },
            ahead_bit: (ahead_row * stride * 64) as usize + first as usize,
            behind: 0,
            here: 0,
            ahead: 0,
        };
        lane.refresh();
        lane
    }

    /// The 64 bits from absolute bit `bit` on ([`window`]). Lane windows start at a map column
    /// (forward) or end at one (backward), on a row at most one off the map.
    #[inline(always)]
    fn read(&self, bit: usize) -> u64 {
        window(self.words, bit)
    }

    /// Reads all three windows at the lane's cell; every cell of them is then known.
    #[inline(always)]
    pub fn refresh(&mut self) {
        self.ahead = self.read(self.ahead_bit);
        self.here = self.read(self.ahead_bit.wrapping_add_signed(-self.row_bits));
        self.behind = self.read(self.ahead_bit.wrapping_add_signed(-2 * self.row_bits));
    }

    /// Whether cell `i` of a window is free.
    #[inline(always)]
    fn free(window: u64, i: u32) -> bool {
        if FORWARD {
            window >> i & 1 == 1
        } else {
            window >> (63 - i) & 1 == 1
        }
    }

    /// Whether the diagonal move to the next row and column is open: the cell there and both
    /// cells beside the move are free (no corner cutting).
    #[inline(always)]
    pub fn diagonal_open(&self) -> bool {
        Self::free(self.here, 1) && Self::free(self.ahead, 0) && Self::free(self.ahead, 1)
    }

    /// Moves the lane one diagonal step on, which must be open: one column along the scan
    /// direction, one row over. The windows slide by one cell, losing one known cell; the caller
    /// counts them and calls [`refresh`](Self::refresh) when too few remain.
    #[inline(always)]
    pub fn advance(&mut self) {
        let slide = |w: u64| if FORWARD { w >> 1 } else { w << 1 };
        self.behind = slide(self.here);
        self.here = slide(self.ahead);
        self.ahead_bit = self.ahead_bit.wrapping_add_signed(self.step_bits);
        self.ahead = self.read(self.ahead_bit);
    }

    /// The straight scan from the lane's cell, map cell (`col`, `row`) of `bits`, along its row:
    /// the same answer as [`scan`](super::scan::scan) from that cell. `known` (at least 2) cells
    /// of the windows are known.
    #[inline(always)]
    pub fn scan(&self, known: u32, bits: &Bitmap, col: i64, row: i64) -> Stop {
        // A side cell is forced when it is free and the cell before it (in scan order) is not.
        let before = |w: u64| if FORWARD { w << 1 } else { w >> 1 };
        let forced = (self.behind & !before(self.behind)) | (self.ahead & !before(self.ahead));
        // Cells 1 .. known: each one and the cell before it are known.
        let mask = if FORWARD {
            (!0u64 >> (64 - known)) & !1
        } else {
            (!0u64 << (64 - known)) & !(1 << 63)
        };
        let stop = (!self.here | forced) & mask;
        if stop != 0 {
            let t = if FORWARD {
                stop.trailing_zeros()
            } else {
                stop.leading_zeros()
            };
            return if Self::free(self.here, t) {
                Stop::Jump(t)
            } else {
                Stop::Wall(t - 1)
            };
        }
        Self::scan_on(known, bits, col, row)
    }

    /// Every known cell is free and unforced: the block scan goes on from the last of them. Kept
    /// out of the walk's loop, which it would crowd for the few scans that get this far.
    #[inline(never)]
    fn scan_on(known: u32, bits: &Bitmap, col: i64, row: i64) -> Stop {
        let done = known - 1;
        let from = if FORWARD {
            col + done as i64
        } else {
            col - done as i64
        };
        match scan(bits, from, row, FORWARD) {
            Stop::Jump(s) => Stop::Jump(s + done),
            Stop::Wall(s) => Stop::Wall(s + done),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Walks a lane along every open diagonal of random grids (widths around the word size) and
    /// checks each step against the block scan and the bitmap: the slides, the refreshes and the
    /// hand-over to the block scan all meet the map's edges somewhere.
    #[test]
    fn lane_scans_match_block_scans_along_diagonals() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (width, height, walls) in [
            (1u32, 3u32, 9u64),
            (63, 70, 40),
            (64, 64, 60),
            (130, 90, 30),
            (200, 150, 200),
        ] {
            let grid = Grid::from_fn(width, height, |_| {
                crate::test_random::xorshift(&mut seed);
                u32::from(!seed.is_multiple_of(walls))
            })
            .unwrap();
            let (rows, cols) = (grid.bitmap(), grid.bitmap_transposed());
            let mut seen = Seen::default();
            for y in 0..height as i64 {
                for x in 0..width as i64 {
                    if !rows.get(x, y) {
                        continue;
                    }
                    for (dx, dy) in [(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)] {
                        check_walk(rows, cols, x, y, dx, dy, &mut seen);
                    }
                }
            }
            if width >= 130 {
                assert!(
                    seen.refreshes > 0 && seen.beyond_known > 0,
                    "{width}x{height}: {seen:?}"
                );
            }
        }
    }

    /// What the walks went through, so that the test is known to cover it.
    #[derive(Debug, Default)]
    struct Seen {
        refreshes: u32,
        /// Scans that cleared every known cell and went on with the block scan.
        beyond_known: u32,
    }

    fn check_walk(
        rows: &Bitmap,
        cols: &Bitmap,
        x0: i64,
        y0: i64,
        dx: i64,
        dy: i64,
        seen: &mut Seen,
    ) {
        match (dx > 0, dy > 0) {
            (true, true) => walk::<true, true>(rows, cols, x0, y0, seen),
            (true, false) => walk::<true, false>(rows, cols, x0, y0, seen),
            (false, true) => walk::<false, true>(rows, cols, x0, y0, seen),
            (false, false) => walk::<false, false>(rows, cols, x0, y0, seen),
        }
    }

    fn walk<const FX: bool, const FY: bool>(
        rows: &Bitmap,
        cols: &Bitmap,
        x0: i64,
        y0: i64,
        seen: &mut Seen,
    ) {
        let (dx, dy) = (if FX { 1 } else { -1 }, if FY { 1 } else { -1 });
        let mut across = Lane::<FX>::new(rows, x0, y0, dy);
        let mut along = Lane::<FY>::new(cols, y0, x0, dx);
        let (mut x, mut y) = (x0, y0);
        let mut known = 64;
        loop {
            let found = across.scan(known, rows, x, y);
            assert_eq!(found, scan(rows, x, y, FX), "row scan at ({x}, {y})");
            seen.beyond_known += u32::from(found.reach() >= known);
            let found = along.scan(known, cols, y, x);
            assert_eq!(found, scan(cols, y, x, FY), "column scan at ({x}, {y})");
            seen.beyond_known += u32::from(found.reach() >= known);
            let open = rows.get(x + dx, y) && rows.get(x, y + dy) && rows.get(x + dx, y + dy);
            assert_eq!(across.diagonal_open(), open, "diagonal from ({x}, {y})");
            if !open {
                return;
            }
            across.advance();
            along.advance();
            known -= 1;
            if known < REFRESH {
                across.refresh();
                along.refresh();
                known = 64;
                seen.refreshes += 1;
            }
            x += dx;
            y += dy;
        }
    }
}
