//! Block-based straight scans: 64 cells per step, over the padded passability bitmaps.
//!
//! A scan walks one row of a [`Bitmap`] (a row of the grid, or a column when given the transposed
//! bitmap) and stops at the first cell that is blocked or that has a *forced neighbour*: a free
//! cell beside it (in the row above or below) whose predecessor along the scan is blocked. Three
//! row words (this row, the one above, the one below) are read at once, and the first stop is the
//! lowest set bit of `!row | forced_above | forced_below`.

use crate::grid::Bitmap;

/// Where a straight scan stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A jump point (a free cell with a forced neighbour) this many steps away.
    Jump(u32),
    /// A wall after this many free steps (0: the next cell is already blocked).
    Wall(u32),
}

impl Stop {
    /// The farthest step that is still free: every cell from 1 to this many steps away is free.
    #[inline(always)]
    pub fn reach(self) -> u32 {
        match self {
            Stop::Jump(s) | Stop::Wall(s) => s,
        }
    }
}

/// Scans row `row` of `bits` from column `col` (exclusive) toward higher columns when `forward`,
/// else toward lower ones. `col` must be inside the map and `row` must be a map row.
#[inline(always)]
pub(crate) fn scan(bits: &Bitmap, col: i64, row: i64, forward: bool) -> Stop {
    if forward {
        scan_forward(bits, col, row)
    } else {
        scan_backward(bits, col, row)
    }
}

#[inline]
fn scan_forward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    let mut x = col + 1;
    loop {
        let here = bits.word(x, row);
        let above = bits.word(x, row - 1) & !bits.word(x - 1, row - 1);
        let below = bits.word(x, row + 1) & !bits.word(x - 1, row + 1);
        let stop = !here | above | below;
        if stop != 0 {
            let t = stop.trailing_zeros() as i64;
            let steps = (x + t - col) as u32;
            // The padding after the row is blocked, so every scan ends inside the word reads'
            // valid range.
            return if here >> t & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        x += 64;
    }
}

#[inline]
fn scan_backward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    let mut x = col - 1;
    loop {
        let here = bits.word_rev(x, row);
        let above = bits.word_rev(x, row - 1) & !bits.word_rev(x + 1, row - 1);
        let below = bits.word_rev(x, row + 1) & !bits.word_rev(x + 1, row + 1);
        let stop = !here | above | below;
        if stop != 0 {
            let t = stop.trailing_zeros() as i64;
            let steps = (col - (x - t)) as u32;
            return if here >> t & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        x -= 64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// The same scan, one cell at a time.
    fn slow(bits: &Bitmap, col: i64, row: i64, forward: bool) -> Stop {
        let d = if forward { 1 } else { -1 };
        let mut s = 1;
        loop {
            let x = col + d * s;
            if !bits.get(x, row) {
                return Stop::Wall(s as u32 - 1);
            }
            for r in [row - 1, row + 1] {
                if bits.get(x, r) && !bits.get(x - d, r) {
                    return Stop::Jump(s as u32);
                }
            }
            s += 1;
        }
    }

    #[test]
    fn block_scans_match_cell_scans() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for width in [1u32, 2, 63, 64, 65, 127, 128, 130, 200] {
            let grid = Grid::from_fn(width, 5, |_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                u32::from(!seed.is_multiple_of(23))
            })
            .unwrap();
            let bits = grid.bitmap();
            for row in 0..5 {
                for col in 0..width as i64 {
                    for forward in [true, false] {
                        assert_eq!(
                            scan(bits, col, row, forward),
                            slow(bits, col, row, forward),
                            "width {width} row {row} col {col} forward {forward}"
                        );
                    }
                }
            }
        }
    }
}
