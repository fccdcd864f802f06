//! [`RowOf`]: the cell of a row-major index without a division instruction.

use super::Cell;

/// Division by the grid width as a multiplication (Lemire, Kaser and Kurz, "Faster remainder by
/// direct computation", 2019): with `magic = ceil(2^64 / width)`, the high 64 bits of
/// `magic * index` are exactly `index / width` for every 32-bit index. A division takes tens of
/// cycles on the path from one expansion to the next; a multiplication takes three.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowOf {
    width: u32,
    /// 0 for width 1, where the row is the index.
    magic: u64,
}

impl RowOf {
    pub fn new(width: u32) -> Self {
        let magic = if width > 1 {
            u64::MAX / width as u64 + 1
        } else {
            0
        };
        RowOf { width, magic }
    }

    /// The cell at a row-major index.
    #[inline(always)]
    pub fn cell(self, index: u32) -> Cell {
        let y = if self.magic == 0 {
            index
        } else {
            ((self.magic as u128 * index as u128) >> 64) as u32
        };
        Cell::new(index - y * self.width, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_by_multiplication_match_division() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for width in (1..=600).chain([1023, 1024, 1025, 65_535, 65_536, 1 << 20, u32::MAX]) {
            let rows = RowOf::new(width);
            for k in 0..200u32 {
                crate::test_random::xorshift(&mut state);
                let index = match k {
                    0 => 0,
                    1 => u32::MAX,
                    2 => width - 1,
                    3 => width.saturating_mul(7),
                    _ => state as u32,
                };
                assert_eq!(
                    rows.cell(index),
                    Cell::new(index % width, index / width),
                    "index {index} width {width}"
                );
            }
        }
    }
}
