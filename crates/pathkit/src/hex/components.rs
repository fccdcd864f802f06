//! Connected components of a hex grid's passable hexes, so an unreachable goal is answered
//! without a search.

use super::HexGrid;
use crate::disjoint_sets::DisjointSets;
use crate::limits::Refusal;

/// The components of a hex grid's passable hexes: disjoint sets of row-major hex indices, walls
/// in none. Built with every hex pointing straight at its root, so a lookup is one or two reads;
/// hexes opened later are merged in place.
#[derive(Clone, Debug)]
pub(super) struct HexComponents {
    sets: DisjointSets,
}

impl HexComponents {
    /// Bytes per hex.
    pub const BYTES_PER_HEX: u64 = DisjointSets::BYTES_PER_INDEX;

    /// The components of `grid`, in the arrays of `recycled` when there are any (an earlier
    /// table of the same grid), so a rebuild allocates nothing; [`Refusal::OutOfMemory`] when
    /// the allocator refuses the arrays.
    pub fn build(grid: &HexGrid, recycled: Option<HexComponents>) -> Result<Self, Refusal> {
        let n = grid.len();
        let mut c = HexComponents {
            sets: DisjointSets::emptied_or_new(recycled.map(|old| old.sets), n)?,
        };
        for i in 0..n {
            if grid.weights()[i] != 0 {
                c.sets.insert(i);
            }
        }
        for i in 0..n {
            if c.sets.contains(i) {
                c.connect_neighbours(grid, i);
            }
        }
        c.sets.flatten();
        Ok(c)
    }

    /// Unites hex `i` with each of its passable neighbours.
    fn connect_neighbours(&mut self, grid: &HexGrid, i: usize) {
        let hex = grid.hex_at_index(i);
        for n in hex.neighbours() {
            if let Some(j) = grid.index(n) {
                if grid.weights()[j] != 0 {
                    self.sets.union(i, j);
                }
            }
        }
    }

    /// The component of hex index `i`, or `None` for a wall.
    pub fn component(&self, i: usize) -> Option<u32> {
        self.sets.set_of(i)
    }

    /// Hex `i` of `grid_after` became passable: it joins (and may merge) its neighbours'
    /// components.
    pub fn opened(&mut self, grid_after: &HexGrid, i: usize) {
        self.sets.insert(i);
        self.connect_neighbours(grid_after, i);
    }
}
