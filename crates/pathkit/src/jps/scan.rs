//! Block-based straight scans: 63 cells per step, over the padded passability bitmaps.
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

/// The 64 bits of `words` from absolute bit `bit` (word index times 64 plus bit) on: two loads
/// and one funnel shift. Both words must exist: scans read windows that start at a map cell
/// (forward) or end at one (backward), which keeps both words inside the stored row, whose spare
/// words read as blocked.
#[inline(always)]
pub(crate) fn window(words: &[u64], bit: usize) -> u64 {
    let i = bit >> 6;
    let wide = (words[i + 1] as u128) << 64 | words[i] as u128;
    (wide >> (bit & 63)) as u64
}

/// Forward scans read windows whose bit 0 is the cell the scan stands on, so the cell before each
/// scanned cell is in the same window: a side cell is forced when `side & !(side << 1)`. Each
/// window tests 63 new cells; the next one starts at the last of them, a free map cell.
#[inline(always)]
fn scan_forward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    let words = bits.words();
    let row_bits = bits.stride() * 64;
    // Stored rows are shifted down by one (a spare row on top), and columns right by 64 bits.
    let mut at = (row as usize + 1) * row_bits + (col + 64) as usize;
    let mut done = 0;
    loop {
        let here = window(words, at);
        let above = window(words, at - row_bits);
        let below = window(words, at + row_bits);
        let stop = (!here | (above & !(above << 1)) | (below & !(below << 1))) & !1;
        if stop != 0 {
            let t = stop.trailing_zeros();
            // The padding after the row is blocked, so every scan ends inside the stored rows.
            return if here >> t & 1 == 1 {
                Stop::Jump(done + t)
            } else {
                Stop::Wall(done + t - 1)
            };
        }
        done += 63;
        at += 63;
    }
}

/// Backward scans mirror [`scan_forward`]: bit 63 of each window is the cell the scan stands on,
/// the cell before a scanned cell is the one above it in bit order, and the first stop is the
/// highest set bit (no bit reversal needed).
#[inline(always)]
fn scan_backward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    let words = bits.words();
    let row_bits = bits.stride() * 64;
    // Absolute bit of the window's lowest cell; the window ends at the cell the scan stands on.
    let mut at = (row as usize + 1) * row_bits + (col + 1) as usize;
    let mut done = 0;
    loop {
        let here = window(words, at);
        let above = window(words, at - row_bits);
        let below = window(words, at + row_bits);
        let stop = (!here | (above & !(above >> 1)) | (below & !(below >> 1))) & !(1 << 63);
        if stop != 0 {
            let t = stop.leading_zeros();
            return if here >> (63 - t) & 1 == 1 {
                Stop::Jump(done + t)
            } else {
                Stop::Wall(done + t - 1)
            };
        }
        done += 63;
        at -= 63;
    }
}

/// How many cells in a row are free after column `col` (exclusive) of row `row`, toward higher
/// columns when `forward`: the length of a straight move with no wall in the way.
#[inline]
pub(crate) fn free_run(bits: &Bitmap, col: i64, row: i64, forward: bool) -> u32 {
    if forward {
        let mut x = col + 1;
        loop {
            let blocked = !bits.padded_word(x, row);
            if blocked != 0 {
                return (x + blocked.trailing_zeros() as i64 - col - 1) as u32;
            }
            x += 64;
        }
    } else {
        let mut x = col - 1;
        loop {
            let blocked = !bits.padded_word(x - 63, row);
            if blocked != 0 {
                return (col - (x - blocked.leading_zeros() as i64) - 1) as u32;
            }
            x -= 64;
        }
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
                        let d = if forward { 1 } else { -1 };
                        let run = (1..).take_while(|&s| bits.get(col + d * s, row)).count();
                        assert_eq!(free_run(bits, col, row, forward) as usize, run);
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
