//! Connected components of a hex grid's passable hexes, so an unreachable goal is answered
//! without a search.

use super::HexGrid;
use crate::disjoint_sets::DisjointSets;
use crate::limits::Refusal;
use std::sync::OnceLock;

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

    /// The components of `grid`; [`Refusal::OutOfMemory`] when the allocator refuses the arrays.
    fn build(grid: &HexGrid) -> Result<Self, Refusal> {
        let n = grid.len();
        let mut c = HexComponents {
            sets: DisjointSets::new(n)?,
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
}

/// The components of a grid, built on the first question after the grid was made or a wall was
/// built. A new wall may split a component, which union-find cannot undo, so the table is then
/// dropped and rebuilt on the next question; a wall knocked down only merges components, which
/// is done in place.
#[derive(Clone, Debug, Default)]
pub(super) struct HexComponentCache {
    built: OnceLock<HexComponents>,
}

impl HexComponentCache {
    /// The table of `grid`, built now if needed.
    pub fn get(&self, grid: &HexGrid) -> Result<&HexComponents, Refusal> {
        if let Some(c) = self.built.get() {
            return Ok(c);
        }
        let built = HexComponents::build(grid)?;
        Ok(self.built.get_or_init(|| built))
    }

    /// A wall was built: the table is stale.
    pub fn invalidate(&mut self) {
        self.built.take();
    }

    /// Hex `i` of `grid` became passable: it joins (and may merge) its neighbours' components.
    pub fn opened(&mut self, grid_after: &HexGrid, i: usize) {
        let Some(c) = self.built.get_mut() else {
            return;
        };
        c.sets.insert(i);
        c.connect_neighbours(grid_after, i);
    }
}
