//! [`JumpTable`]: the per-cell jump distances of JPS+, one byte per direction.
//!
//! On a large map the table is far larger than the cache, so a query pays a cache miss for
//! nearly every cell whose entries it reads; the fewer bytes per cell, the more cells share a
//! cache line and the fewer misses. A byte is enough because distances compose: a scan from a
//! cell goes on exactly as a scan from any free, unstopped cell on its way would. An entry that
//! does not fit says "nothing for the next `HOP` cells, go on from there".
//!
//! - straight (directions 0..4): `0` no jump point before the next wall (how far the wall is, a
//!   query reads from the bitmap when it needs to), `1..=254` a jump point that many cells away,
//!   [`STRAIGHT_ON`] the next [`STRAIGHT_HOP`] cells are free and not jump points.
//! - diagonal (directions 4..8, stored as `i8`): `k > 0` the first stop `k` steps away, `-k <= 0`
//!   `k` free steps and no stop, [`DIAGONAL_ON`] the next [`DIAGONAL_HOP`] steps are free and not
//!   stops.

use crate::limits::{self, Refusal};

/// Cells skipped by a straight entry [`STRAIGHT_ON`].
pub(crate) const STRAIGHT_HOP: u32 = 254;
/// The straight entry "no jump point in the next [`STRAIGHT_HOP`] cells, all free".
pub(crate) const STRAIGHT_ON: u8 = 255;
/// Steps skipped by a diagonal entry [`DIAGONAL_ON`].
pub(crate) const DIAGONAL_HOP: i64 = 127;
/// The diagonal entry "no stop in the next [`DIAGONAL_HOP`] steps, all open".
pub(crate) const DIAGONAL_ON: i8 = i8::MIN;

/// The straight entry of a cell whose first jump point is `jump` cells away (`None`: a wall
/// comes first).
#[inline]
pub(crate) fn straight_entry(jump: Option<u32>) -> u8 {
    match jump {
        None => 0,
        Some(s) if s <= STRAIGHT_HOP => s as u8,
        Some(_) => STRAIGHT_ON,
    }
}

/// The diagonal entry of a cell whose full value is `v` (stop `v > 0` steps away, or `-v` free
/// steps and no stop).
#[inline]
pub(crate) fn diagonal_entry(v: i64) -> i8 {
    if v.abs() <= DIAGONAL_HOP {
        v as i8
    } else {
        DIAGONAL_ON
    }
}

/// The 8 one-byte entries of every cell, row-major: 8 bytes per cell, 8 cells per cache line.
#[derive(Clone, Debug)]
pub(crate) struct JumpTable {
    cells: Vec<[u8; 8]>,
}

impl JumpTable {
    /// An all-zero table for `cells` cells: refused above
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES), checked first, or when the allocator
    /// says no.
    pub fn new(cells: usize) -> Result<Self, Refusal> {
        limits::check(limits::bytes_of::<[u8; 8]>(cells as u64))?;
        Ok(JumpTable {
            cells: limits::try_filled(cells, [0; 8])?,
        })
    }

    /// Straight entry `d` (0..4) of cell `cell`.
    #[inline(always)]
    pub fn straight(&self, cell: usize, d: usize) -> u8 {
        self.cells[cell][d]
    }

    /// Diagonal entry `d` (4..8) of cell `cell`.
    #[inline(always)]
    pub fn diagonal(&self, cell: usize, d: usize) -> i8 {
        self.cells[cell][d] as i8
    }

    /// Reads the cell's entries so that they are cached when needed; the value means nothing.
    #[inline(always)]
    pub fn touch(&self, cell: usize) -> u8 {
        self.cells[cell][0]
    }

    /// Sets entry `d` of cell `cell` to the byte `value` and returns the old one.
    #[inline]
    pub fn set(&mut self, cell: usize, d: usize, value: u8) -> u8 {
        std::mem::replace(&mut self.cells[cell][d], value)
    }

    /// Every cell's entries, row-major, for a build that writes them all.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [[u8; 8]] {
        &mut self.cells
    }

    /// Bytes held by the entries.
    pub fn memory_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<[u8; 8]>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_what_fits_and_hop_over_the_rest() {
        assert_eq!(straight_entry(None), 0);
        assert_eq!(straight_entry(Some(1)), 1);
        assert_eq!(straight_entry(Some(STRAIGHT_HOP)), 254);
        assert_eq!(straight_entry(Some(STRAIGHT_HOP + 1)), STRAIGHT_ON);
        assert_eq!(diagonal_entry(0), 0);
        assert_eq!(diagonal_entry(127), 127);
        assert_eq!(diagonal_entry(-127), -127);
        assert_eq!(diagonal_entry(128), DIAGONAL_ON);
        assert_eq!(diagonal_entry(-128), DIAGONAL_ON);
        let mut t = JumpTable::new(3).unwrap();
        assert_eq!(t.set(2, 7, diagonal_entry(-5) as u8), 0);
        assert_eq!(t.diagonal(2, 7), -5);
        assert_eq!(t.set(2, 1, STRAIGHT_ON), 0);
        assert_eq!(t.straight(2, 1), STRAIGHT_ON);
        assert_eq!(t.straight(1, 1), 0);
        assert_eq!(t.memory_bytes(), 24);
    }

    #[test]
    fn tables_over_the_limit_are_refused_before_allocating() {
        let cells = (crate::limits::MAX_MAP_BYTES / 8 + 1) as usize;
        assert!(matches!(
            JumpTable::new(cells),
            Err(Refusal::TooLarge { bytes, limit: crate::limits::MAX_MAP_BYTES }) if bytes == cells as u64 * 8
        ));
        assert!(matches!(
            JumpTable::new(usize::MAX),
            Err(Refusal::TooLarge { .. })
        ));
    }
}
