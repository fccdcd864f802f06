//! Block-based straight scans: an aligned word of 64 cells per step, over the padded bitmaps.
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
        scan_forward::<false>(bits, bits, col, row)
    } else {
        scan_backward::<false>(bits, bits, col, row)
    }
}

/// [`scan`] that also stops, as at a jump point, at every free cell whose bit in `regular` (a
/// bitmap of the same size) is 0: the weighted scans of
/// [`WeightedJumpPoints`](super::WeightedJumpPoints), which stop where the terrain around a
/// cell is not all of one weight.
#[inline(always)]
pub(crate) fn scan_regular(
    bits: &Bitmap,
    regular: &Bitmap,
    col: i64,
    row: i64,
    forward: bool,
) -> Stop {
    if forward {
        scan_forward::<true>(bits, regular, col, row)
    } else {
        scan_backward::<true>(bits, regular, col, row)
    }
}

/// The 64 bits of `words` from absolute bit `bit` (word index times 64 plus bit) on: two loads
/// and one funnel shift, for the [lanes](super::lane) of diagonal walks. Both words must exist:
/// lanes read windows that start at a map cell (forward) or end at one (backward), which keeps
/// both words inside the stored row, whose spare words read as blocked.
#[inline(always)]
pub(crate) fn window(words: &[u64], bit: usize) -> u64 {
    let i = bit >> 6;
    let wide = (words[i + 1] as u128) << 64 | words[i] as u128;
    (wide >> (bit & 63)) as u64
}

/// Forward scans read whole aligned words, 64 cells per step: the word holding the cell the scan
/// stands on (only the cells after it count), then the words after it. The cell before a word's
/// bit 0 is the previous word's bit 63, carried over, so a side cell is forced when
/// `side & !(side << 1 | carry)`. Three loads a step, no shifts across words (four when
/// `REGULAR`: the word of `regular` too, whose 0 bits stop the scan).
#[inline(always)]
fn scan_forward<const REGULAR: bool>(bits: &Bitmap, regular: &Bitmap, col: i64, row: i64) -> Stop {
    let words = bits.words();
    let plain = regular.words();
    let stride = bits.stride();
    // Stored rows are shifted down by one (a spare row on top), and columns right by 64 bits.
    let at = ((row as usize + 1) * stride) * 64 + (col + 64) as usize;
    let first = at >> 6;
    // Only the cells after `at` in its word.
    let mut mask = (!0u64 << (at & 63)) << 1;
    let (mut carry_above, mut carry_below) = (0, 0);
    let rows = words[first - stride..]
        .iter()
        .zip(&words[first..])
        .zip(&words[first + stride..]);
    for (i, ((&above, &here), &below)) in rows.enumerate() {
        let forced_above = above & !(above << 1 | carry_above);
        let forced_below = below & !(below << 1 | carry_below);
        let odd = if REGULAR { !plain[first + i] } else { 0 };
        let stop = (!here | forced_above | forced_below | odd) & mask;
        if stop != 0 {
            let t = stop.trailing_zeros();
            let steps = ((first + i) * 64 + t as usize - at) as u32;
            return if here >> t & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        mask = !0;
        carry_above = above >> 63;
        carry_below = below >> 63;
    }
    // The spare word after the row is blocked: every scan stops inside the stored rows.
    unreachable!("a forward scan ran off its row")
}

/// Backward scans mirror [`scan_forward`]: the words toward lower bits, the cell before a word's
/// bit 63 the next higher word's bit 0, and the first stop the highest set bit (no bit reversal
/// needed).
#[inline(always)]
fn scan_backward<const REGULAR: bool>(bits: &Bitmap, regular: &Bitmap, col: i64, row: i64) -> Stop {
    let words = bits.words();
    let plain = regular.words();
    let stride = bits.stride();
    let at = ((row as usize + 1) * stride) * 64 + (col + 64) as usize;
    let first = at >> 6;
    // Only the cells before `at` in its word.
    let mut mask = !(!0u64 << (at & 63));
    let (mut carry_above, mut carry_below) = (0, 0);
    let rows = words[..=first - stride]
        .iter()
        .rev()
        .zip(words[..=first].iter().rev())
        .zip(words[..=first + stride].iter().rev());
    for (i, ((&above, &here), &below)) in rows.enumerate() {
        let forced_above = above & !(above >> 1 | carry_above << 63);
        let forced_below = below & !(below >> 1 | carry_below << 63);
        let odd = if REGULAR { !plain[first - i] } else { 0 };
        let stop = (!here | forced_above | forced_below | odd) & mask;
        if stop != 0 {
            let t = 63 - stop.leading_zeros();
            let steps = (at - ((first - i) * 64 + t as usize)) as u32;
            return if here >> t & 1 == 1 {
                Stop::Jump(steps)
            } else {
                Stop::Wall(steps - 1)
            };
        }
        mask = !0;
        carry_above = above & 1;
        carry_below = below & 1;
    }
    // The spare word before the row is blocked.
    unreachable!("a backward scan ran off its row")
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

    /// Weighted scans stop at the first cell that is blocked, has a forced neighbour, or is not
    /// regular (its bit in the second bitmap is 0), one cell at a time.
    #[test]
    fn regular_scans_match_cell_scans() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || crate::test_random::xorshift(&mut seed);
        for width in [1u32, 2, 63, 64, 65, 127, 128, 130, 200] {
            let walls = Grid::from_fn(width, 5, |_| u32::from(!next().is_multiple_of(23))).unwrap();
            let odd = Grid::from_fn(width, 5, |_| u32::from(!next().is_multiple_of(41))).unwrap();
            let (bits, regular) = (walls.bitmap(), odd.bitmap());
            for row in 0..5 {
                for col in 0..width as i64 {
                    for forward in [true, false] {
                        let d = if forward { 1 } else { -1 };
                        let mut s = 1;
                        let slow = loop {
                            let x = col + d * s;
                            if !bits.get(x, row) {
                                break Stop::Wall(s as u32 - 1);
                            }
                            let forced = [row - 1, row + 1]
                                .iter()
                                .any(|&r| bits.get(x, r) && !bits.get(x - d, r));
                            if forced || !regular.get(x, row) {
                                break Stop::Jump(s as u32);
                            }
                            s += 1;
                        };
                        assert_eq!(
                            scan_regular(bits, regular, col, row, forward),
                            slow,
                            "width {width} row {row} col {col} forward {forward}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn block_scans_match_cell_scans() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for width in [1u32, 2, 63, 64, 65, 127, 128, 130, 200] {
            let grid = Grid::from_fn(width, 5, |_| {
                crate::test_random::xorshift(&mut seed);
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
