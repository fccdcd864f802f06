//! Connected components of the passable cells, so an unreachable goal is answered without a search.

use super::{Bitmap, Diagonal, Grid};
use crate::disjoint_sets::DisjointSets;
use crate::limits::Refusal;

/// The components of the passable cells under one diagonal rule: disjoint sets of cell
/// indices, blocked cells in none. Built with every cell pointing straight at its root, so a
/// lookup is one or two reads; cells opened later are merged in place.
#[derive(Clone, Debug)]
pub(crate) struct Components {
    sets: DisjointSets,
    rule: Diagonal,
}

/// Which component structure serves a diagonal rule. A diagonal move allowed only beside a free
/// side cell (`NoCornerCutting`, `CornerCutting`) connects nothing that a 4-connected walk through
/// that side cell does not, so those rules share `Never`'s components; only `Always`, whose
/// diagonals squeeze between two walls, has its own.
pub(crate) fn slot(rule: Diagonal) -> usize {
    match rule {
        Diagonal::Never | Diagonal::NoCornerCutting | Diagonal::CornerCutting => 0,
        Diagonal::Always => 1,
    }
}

/// How many component structures a grid may keep (one per [`slot`]).
pub(crate) const SLOTS: usize = 2;

impl Components {
    /// Bytes per cell.
    pub const BYTES_PER_CELL: u64 = DisjointSets::BYTES_PER_INDEX;

    /// The components of `grid` under `rule`, in the arrays of `recycled` when there are any
    /// (an earlier table of the same grid), so a rebuild allocates nothing;
    /// [`Refusal::OutOfMemory`] when the allocator refuses the arrays.
    pub fn build(
        grid: &Grid,
        rule: Diagonal,
        recycled: Option<Components>,
    ) -> Result<Self, Refusal> {
        let n = grid.len();
        let mut c = Components {
            sets: DisjointSets::emptied_or_new(recycled.map(|old| old.sets), n)?,
            rule,
        };
        // Row after row: a cell joins the cell before it in its row, and the row above where
        // that says something new (the cell before it and the one above that not both passable,
        // which the cell before has already joined).
        let w = grid.width() as usize;
        let always = rule == Diagonal::Always;
        for i in 0..n {
            if grid.weight_at(i) == 0 {
                continue;
            }
            let x = i % w;
            let before = x > 0 && c.sets.contains(i - 1);
            if before {
                c.sets.insert_into(i, i - 1);
            } else {
                c.sets.insert(i);
            }
            if i >= w {
                let above = i - w;
                if c.sets.contains(above) && !(before && c.sets.contains(above - 1)) {
                    c.sets.union(i, above);
                }
                if always {
                    if x > 0 && c.sets.contains(above - 1) {
                        c.sets.union(i, above - 1);
                    }
                    if x + 1 < w && c.sets.contains(above + 1) {
                        c.sets.union(i, above + 1);
                    }
                }
            }
        }
        c.sets.flatten();
        Ok(c)
    }

    /// Unites cell `i` with every passable neighbour it can step to under the rule.
    fn connect_neighbours(&mut self, bits: &Bitmap, i: usize) {
        let w = bits.width() as i64;
        let (x, y) = (i as i64 % w, i as i64 / w);
        let free = |dx: i64, dy: i64| bits.get(x + dx, y + dy);
        for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            if free(dx, dy) {
                self.sets.union(i, ((y + dy) * w + x + dx) as usize);
            }
        }
        if self.rule != Diagonal::Always {
            return;
        }
        for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            if free(dx, dy) {
                self.sets.union(i, ((y + dy) * w + x + dx) as usize);
            }
        }
    }

    /// The component of cell index `i`, or `None` for a blocked cell.
    #[inline]
    pub fn component(&self, i: usize) -> Option<u32> {
        self.sets.set_of(i)
    }

    /// Whether cell indices `a` and `b` are both passable and in the same component.
    #[inline]
    pub fn same(&self, a: usize, b: usize) -> bool {
        self.sets.same_set(a, b)
    }

    /// A blocked cell became passable: it joins (and may merge) its neighbours' components.
    pub fn opened(&mut self, bits: &Bitmap, i: usize) {
        self.sets.insert(i);
        self.connect_neighbours(bits, i);
    }
}
