//! [`Bitmap`]: one passability bit per cell, in 64-bit words, padded so that word reads near the
//! border need no bounds checks.

/// Passability bits of a grid, row-major. Bit `x` of row `y` is 1 when the cell is passable.
///
/// Each row is stored with one spare (always zero, i.e. blocked) word before and after it, and the
/// whole map with one spare row above and below. So [`Bitmap::word`] can read 64 cells starting
/// anywhere from one cell left of the map to its right edge, on any row from −1 to `height`, with
/// plain shifts and no branches. Jump Point Search scans rows with it; the transposed copy
/// ([`Grid::bitmap_transposed`](super::Grid::bitmap_transposed)) makes column scans row scans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    width: u32,
    height: u32,
    /// Words per stored row, spare words included.
    stride: usize,
    words: Vec<u64>,
}

impl Bitmap {
    /// An all-blocked bitmap.
    pub fn new(width: u32, height: u32) -> Self {
        let stride = (width as usize).div_ceil(64) + 2;
        Bitmap {
            width,
            height,
            stride,
            words: vec![0; stride * (height as usize + 2)],
        }
    }

    /// Width in cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Words per stored row (including the two spare words).
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The raw words: row `y` of the map starts at `(y + 1) * stride + 1`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    #[inline(always)]
    fn position(&self, x: u32, y: u32) -> (usize, u32) {
        (
            (y as usize + 1) * self.stride + 1 + (x as usize >> 6),
            x & 63,
        )
    }

    /// Whether cell (`x`, `y`) is passable; `false` outside the map.
    #[inline(always)]
    pub fn get(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return false;
        }
        let (w, b) = self.position(x as u32, y as u32);
        self.words[w] >> b & 1 == 1
    }

    /// Sets the bit of an in-map cell.
    #[inline]
    pub fn set(&mut self, x: u32, y: u32, passable: bool) {
        debug_assert!(x < self.width && y < self.height);
        let (w, b) = self.position(x, y);
        if passable {
            self.words[w] |= 1 << b;
        } else {
            self.words[w] &= !(1 << b);
        }
    }

    /// Whether cell (`x`, `y`) is passable, without the range test of [`Bitmap::get`]: one load
    /// from the padding-aware layout. Needs `-1 <= x <= width` and `-1 <= y <= height` (cells
    /// there outside the map read as blocked), which is what a search one step off a map cell asks.
    #[inline(always)]
    pub fn bit(&self, x: i64, y: i64) -> bool {
        debug_assert!(x >= -1 && x <= self.width as i64 && y >= -1 && y <= self.height as i64);
        let bit = (x + 64) as usize;
        self.words[(y + 1) as usize * self.stride + (bit >> 6)] >> (bit & 63) & 1 == 1
    }

    /// The 64 cells of row `y` starting at column `x` (bit 0 = cell `x`). Cells outside the map
    /// read as blocked. Needs `-64 <= x <= width` and `-1 <= y <= height`.
    #[inline(always)]
    pub fn word(&self, x: i64, y: i64) -> u64 {
        debug_assert!(x >= -64 && x <= self.width as i64 && y >= -1 && y <= self.height as i64);
        // Shift by 64 so that x = -1 lands in the spare word before the row.
        let bit = (x + 64) as usize;
        let base = (y + 1) as usize * self.stride + (bit >> 6);
        let shift = bit & 63;
        let lo = self.words[base] >> shift;
        if shift == 0 {
            lo
        } else {
            lo | self.words[base + 1] << (64 - shift)
        }
    }

    /// The 64 cells of row `y` ending at column `x`, reversed (bit 0 = cell `x`, bit 1 = `x - 1`,
    /// ...), for scans toward the left. Needs `-1 <= x <= width` and `-1 <= y <= height`.
    #[inline(always)]
    pub fn word_rev(&self, x: i64, y: i64) -> u64 {
        self.word(x - 63, y).reverse_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_across_boundaries() {
        let mut b = Bitmap::new(130, 3);
        for x in 0..130 {
            b.set(x, 1, x % 3 == 0);
        }
        for x in -1..=130i64 {
            let w = b.word(x, 1);
            for k in 0..64 {
                assert_eq!(w >> k & 1 == 1, b.get(x + k, 1), "x={x} k={k}");
            }
            let r = b.word_rev(x, 1);
            for k in 0..64 {
                assert_eq!(r >> k & 1 == 1, b.get(x - k, 1), "rev x={x} k={k}");
            }
        }
        for x in -1..=130i64 {
            for y in -1..=3i64 {
                assert_eq!(b.bit(x, y), b.get(x, y), "bit ({x}, {y})");
            }
        }
        assert_eq!(b.word(0, -1), 0);
        assert_eq!(b.word(0, 3), 0);
    }
}
