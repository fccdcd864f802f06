//! Connected components of a hex grid's passable hexes, so an unreachable goal is answered
//! without a search.

use super::HexGrid;
use crate::limits::{self, Refusal};
use std::sync::OnceLock;

const NONE: u32 = u32::MAX;

/// Union-find over the hexes of a grid, by row-major index. Walls have no parent. Built with
/// every hex pointing straight at its root, so a lookup is one or two reads; hexes opened later
/// are merged in place.
#[derive(Clone, Debug)]
pub(super) struct HexComponents {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl HexComponents {
    /// Bytes per hex: a parent and a size.
    pub const BYTES_PER_HEX: u64 = 2 * std::mem::size_of::<u32>() as u64;

    /// The components of `grid`; [`Refusal::OutOfMemory`] when the allocator refuses the arrays.
    fn build(grid: &HexGrid) -> Result<Self, Refusal> {
        let n = grid.len();
        let mut c = HexComponents {
            parent: limits::try_filled(n, NONE)?,
            size: limits::try_filled(n, 0)?,
        };
        for i in 0..n {
            if grid.weights()[i] != 0 {
                c.parent[i] = i as u32;
                c.size[i] = 1;
            }
        }
        for i in 0..n {
            if c.parent[i] != NONE {
                c.connect_neighbours(grid, i);
            }
        }
        // Flatten, so later lookups are direct.
        for i in 0..n {
            if c.parent[i] != NONE {
                let root = c.find_mut(i as u32);
                c.parent[i] = root;
            }
        }
        Ok(c)
    }

    /// Unites hex `i` with each of its passable neighbours.
    fn connect_neighbours(&mut self, grid: &HexGrid, i: usize) {
        let hex = grid.hex_at_index(i);
        for n in hex.neighbours() {
            if let Some(j) = grid.index(n) {
                if grid.weights()[j] != 0 {
                    self.union(i as u32, j as u32);
                }
            }
        }
    }

    fn find_mut(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let grand = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grand;
            i = grand;
        }
        i
    }

    fn find(&self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            i = self.parent[i as usize];
        }
        i
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            return;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
    }

    /// The component of hex index `i`, or `None` for a wall.
    pub fn component(&self, i: usize) -> Option<u32> {
        (self.parent[i] != NONE).then(|| self.find(i as u32))
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
        if c.parent[i] == NONE {
            c.parent[i] = i as u32;
            c.size[i] = 1;
        }
        c.connect_neighbours(grid_after, i);
    }
}
