//! [`UniformProblem`]: a search to one goal on a grid whose passable cells all weigh 1, in the form
//! the search core's fast loop takes (successors with their indices).
//!
//! Each expansion reads the 3x3 neighbourhood from three words of the padded bitmap into a mask
//! of the moves allowed, and finds each neighbour's index by one addition, where the general loop
//! goes from index to cell and back once per neighbour and checks every cost.

use super::{Cell, Diagonal, GridSpace, TileRules, NEIGHBOUR_ORDER};
use crate::search::{IndexedProblem, SearchSpace};
use crate::Cost;

/// A uniform-cost grid space and a goal. Only built when the space's rules are the grid's own and
/// every passable cell weighs 1, so the move costs are the space's base costs, which
/// [`Grid::space`](super::Grid::space) has checked are finite and positive, and the space's own
/// heuristic is valid.
pub(crate) struct UniformProblem<'s, 'g, C, R> {
    space: &'s GridSpace<'g, C, R>,
    goal: Cell,
    /// Index offsets of the neighbours in [`NEIGHBOUR_ORDER`], as wrapping additions.
    offsets: [u32; 8],
    /// Move costs in the same order.
    costs: [C; 8],
    /// The diagonal rule as masks: diagonal bits allowed = corners & ((beside both & `both`) |
    /// (beside one & `either`) | `always`).
    both: u32,
    either: u32,
    always: u32,
}

impl<'s, 'g, C: Cost, R: TileRules> UniformProblem<'s, 'g, C, R> {
    /// The problem of reaching `goal` in `space`.
    pub fn new(space: &'s GridSpace<'g, C, R>, goal: Cell) -> Self {
        let width = space.grid().width();
        let (straight, diagonal) = space.move_costs();
        let offset = |(dx, dy): (i64, i64)| {
            (dy as i32 as u32)
                .wrapping_mul(width)
                .wrapping_add(dx as i32 as u32)
        };
        let (both, either, always) = match space.diagonal() {
            Diagonal::Never => (0, 0, 0),
            Diagonal::NoCornerCutting => (0xF0, 0, 0),
            Diagonal::CornerCutting => (0, 0xF0, 0),
            Diagonal::Always => (0, 0, 0xF0),
        };
        UniformProblem {
            space,
            goal,
            offsets: NEIGHBOUR_ORDER.map(offset),
            costs: [
                straight, straight, straight, straight, diagonal, diagonal, diagonal, diagonal,
            ],
            both,
            either,
            always,
        }
    }
}

impl<C: Cost, R: TileRules> IndexedProblem for UniformProblem<'_, '_, C, R> {
    type Node = Cell;
    type Cost = C;
    type Hint = Cell;
    type Expansion = (u32, Cell);

    #[inline(always)]
    fn node_at(&self, index: u32) -> Cell {
        self.space.grid().cell_at(index as usize)
    }

    #[inline(always)]
    fn expand(&self, index: u32) -> (u32, (u32, Cell)) {
        let grid = self.space.grid();
        let cell = grid.cell_at(index as usize);
        let (x, y) = (cell.x as i64, cell.y as i64);
        let bits = grid.bitmap();
        // Bit 0 = x - 1, bit 1 = x, bit 2 = x + 1; cells off the map read as blocked.
        let above = (bits.word(x - 1, y - 1) & 7) as u32;
        let row = (bits.word(x - 1, y) & 7) as u32;
        let below = (bits.word(x - 1, y + 1) & 7) as u32;
        // Bits in NEIGHBOUR_ORDER: Top, Left, Bottom, Right, TopLeft, BottomLeft, TopRight,
        // BottomRight.
        let (top, left, bottom, right) = (above >> 1 & 1, row & 1, below >> 1 & 1, row >> 2 & 1);
        let mut mask = top | left << 1 | bottom << 2 | right << 3;
        let corners = (above & 1) << 4 | (below & 1) << 5 | (above >> 2) << 6 | (below >> 2) << 7;
        // The orthogonal cells beside each diagonal, in the same bit positions.
        let first = top << 4 | bottom << 5 | top << 6 | bottom << 7;
        let second = left << 4 | left << 5 | right << 6 | right << 7;
        mask |= corners
            & ((first & second & self.both) | ((first | second) & self.either) | self.always);
        (mask, (index, cell))
    }

    #[inline(always)]
    fn successor(&self, &(index, cell): &(u32, Cell), k: u32) -> (u32, C, Cell) {
        let k = k as usize & 7;
        let (dx, dy) = NEIGHBOUR_ORDER[k];
        (
            index.wrapping_add(self.offsets[k]),
            self.costs[k],
            // In the grid, as the mask said.
            Cell::new(
                cell.x.wrapping_add(dx as i32 as u32),
                cell.y.wrapping_add(dy as i32 as u32),
            ),
        )
    }

    #[inline(always)]
    fn estimate(&self, cell: Cell) -> C {
        self.space.heuristic(cell, self.goal)
    }
}
