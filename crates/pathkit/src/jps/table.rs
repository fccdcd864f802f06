//! [`JumpTable`]: the per-cell jump distances of JPS+, stored as narrow as the map allows.
//!
//! A distance never exceeds the map's longer side, so on maps up to 32767 cells across every
//! entry fits in 16 bits: 16 bytes per cell instead of 32, half the memory and half the cache
//! lines a query touches. Larger maps keep 32-bit entries.

/// The longest map side whose distances all fit in 16 bits.
const NARROW_SIDE: u32 = i16::MAX as u32;

/// Jump distances of every cell in the 8 directions, row-major (see [`JpsPlus`](super::JpsPlus)
/// for what the values mean).
#[derive(Clone, Debug)]
pub(crate) enum JumpTable {
    /// 16-bit entries: maps whose longer side is at most 32767 cells.
    Narrow(Vec<[i16; 8]>),
    /// 32-bit entries: any map.
    Wide(Vec<[i32; 8]>),
}

impl JumpTable {
    /// An all-zero table for `cells` cells of a map whose longer side is `longest_side` cells.
    pub fn new(cells: usize, longest_side: u32) -> Self {
        if longest_side <= NARROW_SIDE {
            JumpTable::Narrow(vec![[0; 8]; cells])
        } else {
            JumpTable::Wide(vec![[0; 8]; cells])
        }
    }

    /// Entry `d` of cell `cell`.
    #[inline(always)]
    pub fn get(&self, cell: usize, d: usize) -> i32 {
        match self {
            JumpTable::Narrow(t) => t[cell][d] as i32,
            JumpTable::Wide(t) => t[cell][d],
        }
    }

    /// Sets entry `d` of cell `cell`, whose magnitude is at most the map's longer side, and
    /// returns the old value.
    #[inline]
    pub fn set(&mut self, cell: usize, d: usize, value: i32) -> i32 {
        match self {
            JumpTable::Narrow(t) => {
                debug_assert!(value.unsigned_abs() <= NARROW_SIDE);
                std::mem::replace(&mut t[cell][d], value as i16) as i32
            }
            JumpTable::Wide(t) => std::mem::replace(&mut t[cell][d], value),
        }
    }

    /// Bytes held by the entries.
    pub fn memory_bytes(&self) -> usize {
        match self {
            JumpTable::Narrow(t) => t.capacity() * std::mem::size_of::<[i16; 8]>(),
            JumpTable::Wide(t) => t.capacity() * std::mem::size_of::<[i32; 8]>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_narrow_exactly_when_every_distance_fits() {
        for (side, narrow) in [(1, true), (NARROW_SIDE, true), (NARROW_SIDE + 1, false)] {
            let mut t = JumpTable::new(3, side);
            assert_eq!(matches!(t, JumpTable::Narrow(_)), narrow, "side {side}");
            let far = side as i32;
            assert_eq!(t.set(2, 7, -far), 0);
            assert_eq!(t.set(2, 7, far), -far);
            assert_eq!(t.get(2, 7), far);
            assert_eq!(t.get(1, 7), 0);
            assert_eq!(t.memory_bytes(), 3 * if narrow { 16 } else { 32 });
        }
    }
}
