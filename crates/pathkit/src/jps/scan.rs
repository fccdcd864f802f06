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

/// Reads 64 bits of the padded bitmap starting at absolute bit `bit` of the row at word `base`
/// (two aligned loads and one funnel shift, no branch). Past the last stored word, which is
/// padding, the high word is that same padding word: zero, i.e. blocked.
#[inline(always)]
fn read(words: &[u64], base: usize, bit: usize) -> u64 {
    let i = base + (bit >> 6);
    let high = words[(i + 1).min(words.len() - 1)];
    let wide = (high as u128) << 64 | words[i] as u128;
    (wide >> (bit & 63)) as u64
}

/// Reads 65 cells of the padded bitmap from absolute bit `bit - 1` with two aligned loads:
/// returns (cells `bit - 1 ..= bit + 62`, cells `bit ..= bit + 63`), i.e. a row window and the same
/// window seen from one cell further, as the forced-neighbour test needs.
#[inline(always)]
fn read_pair(words: &[u64], base: usize, bit: usize) -> (u64, u64) {
    let start = bit - 1;
    let i = base + (start >> 6);
    let high = words[(i + 1).min(words.len() - 1)];
    // 128 - 63 >= 65 bits remain after the shift, enough for both windows.
    let wide = ((high as u128) << 64 | words[i] as u128) >> (start & 63);
    (wide as u64, (wide >> 1) as u64)
}

#[inline(always)]
fn scan_forward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    let words = bits.words();
    let stride = bits.stride();
    // Stored rows are shifted down by one (a spare row on top), and columns right by 64 bits.
    let (above_base, here_base) = (row as usize * stride, (row as usize + 1) * stride);
    let below_base = here_base + stride;
    let mut bit = (col + 1 + 64) as usize;
    loop {
        let here = read(words, here_base, bit);
        // A forced neighbour: free beside the cell, blocked beside its predecessor.
        let (above_prev, above) = read_pair(words, above_base, bit);
        let (below_prev, below) = read_pair(words, below_base, bit);
        let stop = !here | (above & !above_prev) | (below & !below_prev);
        if stop != 0 {
            let t = stop.trailing_zeros() as usize;
            let steps = (bit + t - (col + 64) as usize) as u32;
            // The padding after the row is blocked, so every scan ends inside the stored rows.
            return if here >> t & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        bit += 64;
    }
}

#[inline(always)]
fn scan_backward(bits: &Bitmap, col: i64, row: i64) -> Stop {
    // Bit 63 of each window is the cell nearest to `col`; the first stop is the highest set bit,
    // so no bit reversal is needed.
    let words = bits.words();
    let stride = bits.stride();
    let (above_base, here_base) = (row as usize * stride, (row as usize + 1) * stride);
    let below_base = here_base + stride;
    // Absolute bit of the window's lowest cell; the window ends at the cell just before `col`.
    let mut bit = (col - 1 - 63 + 64) as usize;
    loop {
        let here = read(words, here_base, bit);
        // The predecessor of a cell in a leftward scan is the cell to its right.
        let (above, above_prev) = read_pair(words, above_base, bit + 1);
        let (below, below_prev) = read_pair(words, below_base, bit + 1);
        let stop = !here | (above & !above_prev) | (below & !below_prev);
        if stop != 0 {
            let t = stop.leading_zeros() as usize;
            let steps = ((col + 64) as usize - (bit + 63 - t)) as u32;
            return if here >> (63 - t) & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        bit -= 64;
    }
}

/// How many cells in a row are free after column `col` (exclusive) of row `row`, toward higher
/// columns when `forward`: the length of a straight move with no wall in the way.
#[inline]
pub(crate) fn free_run(bits: &Bitmap, col: i64, row: i64, forward: bool) -> u32 {
    if forward {
        let mut x = col + 1;
        loop {
            let blocked = !bits.word(x, row);
            if blocked != 0 {
                return (x + blocked.trailing_zeros() as i64 - col - 1) as u32;
            }
            x += 64;
        }
    } else {
        let mut x = col - 1;
        loop {
            let blocked = !bits.word(x - 63, row);
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
