//! [`Bitmap`]: one passability bit per cell, in 64-bit words, padded so that word reads near the
//! border need no bounds checks.

use super::GridError;
use crate::limits;

/// Passability bits of a grid, row-major. Bit `x` of row `y` is 1 when the cell is passable.
///
/// Each row is stored in whole words followed by one spare (always zero, i.e. blocked) word,
/// which is also the spare word before the next row; one more spare word comes before the first
/// row, and the whole map has one spare row above and below. So a row's 64-cell window can start
/// anywhere from 64 cells left of the map to its right edge, on any row from −1 to `height`, and
/// be read with plain shifts and no branches. Jump Point Search scans rows that way; the
/// transposed copy ([`Grid::bitmap_transposed`](super::Grid::bitmap_transposed)) makes column
/// scans row scans.
///
/// The padding is one word per row, so a bitmap costs [`Bitmap::memory_needed`]: about
/// `width / 8 + 8` bytes per row. That is why a grid one cell wide and millions of cells high
/// costs far more than a square grid of as many cells, and why the limits count bytes, not cells.
///
/// The public readers ([`Bitmap::get`], [`Bitmap::bit`], [`Bitmap::word`], [`Bitmap::word_rev`])
/// take any coordinates: cells outside the map read as blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bitmap {
    width: u32,
    height: u32,
    /// Words per stored row, its spare word included.
    stride: usize,
    words: Vec<u64>,
}

impl Bitmap {
    /// An all-blocked bitmap.
    ///
    /// Fails with [`GridError::Empty`] for a zero width or height, with [`GridError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)) when it would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (checked before allocating), and with
    /// [`GridError::Refused`] ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the
    /// allocator refuses.
    pub fn new(width: u32, height: u32) -> Result<Self, GridError> {
        if width == 0 || height == 0 {
            return Err(GridError::Empty { width, height });
        }
        let bytes = Self::memory_needed(width, height);
        limits::check(bytes).map_err(GridError::Refused)?;
        let stride = Self::stride_for(width);
        let words = limits::try_filled(stride * (height as usize + 2) + 1, 0)
            .map_err(GridError::Refused)?;
        Ok(Bitmap {
            width,
            height,
            stride,
            words,
        })
    }

    /// The bitmap of a `width` x `height` map and its transpose, cell (`x`, `y`) passable when
    /// `open(y * width + x)`. Filled a word at a time; the transpose 64 rows at a time, so that
    /// the cells each of its words gathers are in the cache together.
    pub(crate) fn of_cells(
        width: u32,
        height: u32,
        open: impl Fn(usize) -> bool,
    ) -> Result<(Bitmap, Bitmap), GridError> {
        let mut rows = Bitmap::new(width, height)?;
        let mut cols = Bitmap::new(height, width)?;
        let (w, h) = (width as usize, height as usize);
        for y in 0..h {
            let start = (y + 1) * rows.stride + 1;
            for (k, word) in rows.words[start..start + w.div_ceil(64)]
                .iter_mut()
                .enumerate()
            {
                let from = y * w + k * 64;
                let to = (y * w + k * 64 + 64).min(y * w + w);
                *word = (from..to).fold(0, |word, i| word | u64::from(open(i)) << (i - from));
            }
        }
        for block in 0..h.div_ceil(64) {
            let (from, to) = (block * 64, (block * 64 + 64).min(h));
            for x in 0..w {
                let word =
                    (from..to).fold(0, |word, y| word | u64::from(open(y * w + x)) << (y - from));
                cols.words[(x + 1) * cols.stride + 1 + block] = word;
            }
        }
        Ok((rows, cols))
    }

    /// Words per stored row of a bitmap `width` cells wide: the row's words and one spare.
    fn stride_for(width: u32) -> usize {
        (width as usize).div_ceil(64) + 1
    }

    /// Bytes a `width` x `height` bitmap takes: `height + 2` stored rows (a spare one above and
    /// below) of `ceil(width / 64) + 1` words, and one more word.
    pub fn memory_needed(width: u32, height: u32) -> u64 {
        let stride = (width as u64).div_ceil(64) + 1;
        limits::bytes_of::<u64>(stride * (height as u64 + 2) + 1)
    }

    /// Width in cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Words per stored row (including the spare word after the row).
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

    /// `true` when (`x`, `y`) is inside the padded frame that the padded readers may touch:
    /// `-64 <= x <= width`, `-1 <= y <= height`.
    #[inline(always)]
    fn in_frame(&self, x: i64, y: i64) -> bool {
        (-64..=self.width as i64).contains(&x) && (-1..=self.height as i64).contains(&y)
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

    /// Sets the bit of cell (`x`, `y`).
    ///
    /// # Panics
    ///
    /// When the cell is outside the map, as indexing out of bounds does: a bit set in the padding
    /// would make the map's border read as open.
    #[inline]
    pub fn set(&mut self, x: u32, y: u32, passable: bool) {
        assert!(
            x < self.width && y < self.height,
            "cell ({x}, {y}) is outside the {}x{} bitmap",
            self.width,
            self.height
        );
        let (w, b) = self.position(x, y);
        if passable {
            self.words[w] |= 1 << b;
        } else {
            self.words[w] &= !(1 << b);
        }
    }

    /// [`Bitmap::get`] without the range test: one load from the padded layout, for the search
    /// loops. Needs `-1 <= x <= width` and `-1 <= y <= height` (cells there outside the map read
    /// as blocked), which is what a search one step off a map cell asks; farther out it may read
    /// another row's bit or index out of bounds.
    #[inline(always)]
    pub(crate) fn padded_bit(&self, x: i64, y: i64) -> bool {
        debug_assert!(x >= -1 && x <= self.width as i64 && y >= -1 && y <= self.height as i64);
        let bit = (x + 64) as usize;
        self.words[(y + 1) as usize * self.stride + (bit >> 6)] >> (bit & 63) & 1 == 1
    }

    /// The 64 cells of row `y` starting at column `x` (bit 0 = cell `x`), cells outside the map
    /// read as blocked, for the search loops. Needs `-64 <= x <= width` and `-1 <= y <= height`;
    /// farther out it may read another row's bits.
    #[inline(always)]
    pub(crate) fn padded_word(&self, x: i64, y: i64) -> u64 {
        debug_assert!(self.in_frame(x, y));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Refusal;

    /// A bitmap with a pattern, so reads that stray into another row would show.
    fn patterned(width: u32, height: u32) -> Bitmap {
        let mut b = Bitmap::new(width, height).unwrap();
        for y in 0..height {
            for x in 0..width {
                b.set(x, y, (x + 2 * y) % 3 != 0);
            }
        }
        b
    }

    #[test]
    fn words_read_across_boundaries() {
        for (width, height) in [(130, 3), (1, 4), (64, 2), (65, 3), (128, 1), (63, 2)] {
            let b = patterned(width, height);
            let (w, h) = (width as i64, height as i64);
            for y in -1..=h {
                for x in -64..=w {
                    let word = b.padded_word(x, y);
                    for k in 0..64 {
                        assert_eq!(
                            word >> k & 1 == 1,
                            b.get(x + k, y),
                            "{width}x{height} x={x} y={y} k={k}"
                        );
                    }
                }
                for x in -1..=w {
                    assert_eq!(b.padded_bit(x, y), b.get(x, y), "bit ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn bitmaps_of_cells_match_cell_by_cell() {
        for (width, height) in [(1, 1), (1, 130), (130, 1), (64, 64), (65, 129), (200, 70)] {
            let open = |i: usize| i % 7 != 3 && i % 5 != 1;
            let (rows, cols) = Bitmap::of_cells(width, height, open).unwrap();
            let mut want_rows = Bitmap::new(width, height).unwrap();
            let mut want_cols = Bitmap::new(height, width).unwrap();
            for y in 0..height {
                for x in 0..width {
                    let o = open((y * width + x) as usize);
                    want_rows.set(x, y, o);
                    want_cols.set(y, x, o);
                }
            }
            assert_eq!(rows, want_rows, "{width}x{height}");
            assert_eq!(cols, want_cols, "{width}x{height} transposed");
        }
    }

    #[test]
    fn padding_is_one_word_per_row() {
        assert_eq!(Bitmap::memory_needed(1, 1), 8 * (2 * 3 + 1));
        assert_eq!(Bitmap::memory_needed(65, 10), 8 * (3 * 12 + 1));
        let b = Bitmap::new(65, 10).unwrap();
        assert_eq!(b.stride(), 3);
        assert_eq!(b.words().len() as u64 * 8, Bitmap::memory_needed(65, 10));
    }

    #[test]
    fn bad_sizes_are_typed_errors() {
        assert!(matches!(
            Bitmap::new(0, u32::MAX),
            Err(GridError::Empty {
                width: 0,
                height: u32::MAX
            })
        ));
        assert!(matches!(
            Bitmap::new(u32::MAX, 0),
            Err(GridError::Empty { .. })
        ));
        assert!(matches!(
            Bitmap::new(1, u32::MAX),
            Err(GridError::Refused(Refusal::TooLarge { bytes, limit: limits::MAX_MAP_BYTES }))
                if bytes == Bitmap::memory_needed(1, u32::MAX)
        ));
    }

    #[test]
    #[should_panic(expected = "outside the 3x2 bitmap")]
    fn setting_outside_the_map_panics() {
        Bitmap::new(3, 2).unwrap().set(3, 0, true);
    }
}
