//! [`GridProblem`]: a search to one goal on a grid under its own weights, in the form the search
//! core's fast loop takes (successors with their indices).
//!
//! Each expansion reads its cell's free-neighbour mask (one byte the grid keeps per cell, see
//! `neighbourhood.rs`), turns it into the moves the diagonal rule allows, and finds each
//! neighbour's index by one addition, where the general loop goes from index to cell and back
//! once per neighbour and checks every cost.
//!
//! On a grid whose passable cells all weigh 1 it also leaves out the neighbours that cannot
//! improve through the node: its parent, and every neighbour the parent reaches by a move of its
//! own that is no dearer than the two moves through the node. When the parent was expanded those
//! neighbours got a G no greater than that move gives, so the general loop would visit them only
//! to find nothing better. Skipping them changes
//! no G, no parent and no push: the search expands the same nodes in the same order, with about
//! half the neighbour visits.

use super::neighbourhood::{allowed_moves, bit_of};
use super::row_of::RowOf;
use super::{Cell, Diagonal, GridSpace, TileRules, NEIGHBOUR_ORDER};
use crate::search::{Expansion, SearchError, SearchSpace, NO_PARENT};
use crate::Cost;

/// The move of a successor hint's direction: [`NEIGHBOUR_ORDER`], then none (the cell itself:
/// the start's hint is `(start, 8)`), padded to 16 so an index masked with 15 needs no check.
const HINT_STEPS: [(i64, i64); 16] = {
    let mut steps = [(0, 0); 16];
    let mut k = 0;
    while k < 8 {
        steps[k] = NEIGHBOUR_ORDER[k];
        k += 1;
    }
    steps
};

/// A grid space and a goal. Only built when the space's rules are the grid's own, so a move costs
/// its base cost (which [`Grid::space`](super::Grid::space) has checked is finite and positive)
/// times the weight of the cell entered, priced exactly as the general loop prices it, and the
/// space's automatic heuristic, scaled by the lightest weight, is consistent.
pub(crate) struct GridProblem<'s, 'g, C, R> {
    pub(super) space: &'s GridSpace<'g, C, R>,
    pub(super) goal: Cell,
    /// Index offsets of the neighbours in [`NEIGHBOUR_ORDER`], as wrapping additions.
    offsets: [u32; 8],
    /// Base move costs in the same order.
    costs: [C; 8],
    /// Every passable cell weighs 1: moves cost their base cost, and parents can be pruned.
    uniform: bool,
    /// The grid's free-neighbour mask of every cell.
    free_masks: &'g [u8],
    /// Rows from indices without a division instruction.
    rows: RowOf,
    /// Which neighbours cannot improve through a node, by the direction it was reached in; `None`
    /// on weighted grids (a detour through light cells may be cheaper) and on grids narrower than
    /// 3 cells, where index offsets do not tell directions apart.
    pruning: Option<ParentPruning>,
}

/// Per direction `k` of [`NEIGHBOUR_ORDER`] from the parent to the node: the neighbours to skip.
#[derive(Clone, Copy, Debug)]
struct ParentPruning {
    /// Skipped whatever the walls: the parent itself, the cells it reaches straight, and those it
    /// reaches diagonally when the rule lets it pass the node alone (the node is one of the two
    /// cells beside such a move, and it is free).
    always: [u32; 8],
    /// Without corner cutting, skipped when the other cell beside the parent's diagonal move is
    /// free: (neighbour bit, that cell's bit in the node's free-neighbour mask); unused entries
    /// are zeros, which skip nothing.
    diagonal: [[(u32, u32); 2]; 8],
}

impl ParentPruning {
    /// The table for a diagonal rule and move costs.
    fn new<C: Cost>(rule: Diagonal, straight: C, diagonal: C) -> Self {
        // A diagonal move from the parent replaces two straight moves through the node only
        // when it is no dearer than them.
        let diagonal_pays = straight
            .checked_add(straight)
            .is_none_or(|two| diagonal.total_order(&two).is_le());
        let mut table = ParentPruning {
            always: [0; 8],
            diagonal: [[(0, 0); 2]; 8],
        };
        for (k, &(kx, ky)) in NEIGHBOUR_ORDER.iter().enumerate() {
            let mut conditional = 0;
            for (j, &(jx, jy)) in NEIGHBOUR_ORDER.iter().enumerate() {
                // The neighbour relative to the parent.
                let (ex, ey) = (kx + jx, ky + jy);
                if ex.abs() > 1 || ey.abs() > 1 {
                    continue;
                }
                if ex == 0 || ey == 0 {
                    // The parent itself, or a straight move from it: one move against two.
                    table.always[k] |= 1 << j;
                    continue;
                }
                // A diagonal from the parent, past the node: `k` and `j` are both straight.
                if rule == Diagonal::Never || !diagonal_pays {
                    continue;
                }
                if rule != Diagonal::NoCornerCutting {
                    table.always[k] |= 1 << j;
                    continue;
                }
                // The cells beside the parent's diagonal move, relative to the node, are the node
                // itself and one more.
                let other = if (jx, -ky) == (0, 0) {
                    (-kx, jy)
                } else {
                    (jx, -ky)
                };
                table.diagonal[k][conditional] = (1 << j, 1 << bit_of(other));
                conditional += 1;
            }
        }
        table
    }

    /// The neighbours to skip for a node reached in direction `k`, whose free-neighbour mask is
    /// `free`.
    #[inline(always)]
    fn skipped(&self, k: usize, free: u32) -> u32 {
        let mut skip = self.always[k];
        for (neighbour, other) in self.diagonal[k] {
            skip |= if free & other != 0 { neighbour } else { 0 };
        }
        skip
    }
}

impl<'s, 'g, C: Cost, R: TileRules> GridProblem<'s, 'g, C, R> {
    /// The problem of reaching `goal` in `space`, whose grid's free-neighbour masks are
    /// `free_masks` (built fallibly by the caller, with `Grid::try_free_masks`).
    pub fn new(space: &'s GridSpace<'g, C, R>, goal: Cell, free_masks: &'g [u8]) -> Self {
        let width = space.grid().width();
        let uniform = space.grid().max_weight() == 1;
        let (straight, diagonal) = space.move_costs();
        let offset = |(dx, dy): (i64, i64)| {
            (dy as i32 as u32)
                .wrapping_mul(width)
                .wrapping_add(dx as i32 as u32)
        };
        GridProblem {
            space,
            goal,
            offsets: NEIGHBOUR_ORDER.map(offset),
            costs: [
                straight, straight, straight, straight, diagonal, diagonal, diagonal, diagonal,
            ],
            uniform,
            free_masks,
            rows: RowOf::new(width),
            pruning: (uniform && width >= 3)
                .then(|| ParentPruning::new(space.diagonal(), straight, diagonal)),
        }
    }
}

impl<C: Cost, R: TileRules> Expansion for GridProblem<'_, '_, C, R> {
    type Node = Cell;
    type Cost = C;
    /// The expanded cell and the direction of the move: the successor's cell is worked out only
    /// when its estimate is needed (for a node seen for the first time).
    type Hint = (Cell, u32);

    #[inline(always)]
    fn node(&self, index: u32) -> Cell {
        self.rows.cell(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, C, (Cell, u32))>(
        &self,
        index: u32,
        parent: u32,
        mut visit: F,
    ) -> Result<(), SearchError<Cell>> {
        let cell = self.rows.cell(index);
        let free = u32::from(self.free_masks[index as usize]);
        let mut mask = allowed_moves(free, self.space.diagonal());
        if let (Some(pruning), true) = (&self.pruning, parent != NO_PARENT) {
            // The direction from the parent: the offset it matches (offsets are distinct on
            // grids at least 3 wide, and a parent is always a neighbour).
            let step = index.wrapping_sub(parent);
            let mut k = 0;
            for (i, &offset) in self.offsets.iter().enumerate() {
                if offset == step {
                    k = i;
                }
            }
            mask &= !pruning.skipped(k, free);
        }
        while mask != 0 {
            let k = mask.trailing_zeros() as usize & 7;
            mask &= mask - 1;
            let next = index.wrapping_add(self.offsets[k]);
            let cost = if self.uniform {
                self.costs[k]
            } else {
                GridSpace::<C, R>::priced(self.costs[k], self.space.grid().weight_at(next as usize))
            };
            visit(next, cost, (cell, k as u32));
        }
        Ok(())
    }

    #[inline(always)]
    fn estimate(&self, (cell, k): (Cell, u32)) -> C {
        let (dx, dy) = HINT_STEPS[k as usize & 15];
        // In the grid, as the free-neighbour mask said.
        let next = Cell::new(
            cell.x.wrapping_add(dx as i32 as u32),
            cell.y.wrapping_add(dy as i32 as u32),
        );
        self.space.heuristic(next, self.goal)
    }

    fn hint_at(&self, index: u32) -> (Cell, u32) {
        (self.rows.cell(index), 8)
    }

    fn unit(&self, _start: u32) -> C {
        let (straight, diagonal) = self.space.move_costs();
        if self.space.diagonal() != Diagonal::Never && diagonal.total_order(&straight).is_lt() {
            diagonal
        } else {
            straight
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    const RULES: [Diagonal; 4] = [
        Diagonal::Never,
        Diagonal::NoCornerCutting,
        Diagonal::CornerCutting,
        Diagonal::Always,
    ];

    /// Whether the parent can move to `to` itself, written from the rules on a 3x3 picture of the
    /// node's neighbourhood (`free(x, y)`, the node at (1, 1)), sharing nothing with the table.
    fn parent_moves_to(
        rule: Diagonal,
        free: impl Fn(i64, i64) -> bool,
        parent: (i64, i64),
        to: (i64, i64),
    ) -> bool {
        let (ex, ey) = (to.0 - parent.0, to.1 - parent.1);
        if ex.abs() > 1 || ey.abs() > 1 || !free(to.0, to.1) {
            return false;
        }
        if ex == 0 || ey == 0 {
            return true;
        }
        // The two cells the diagonal passes between.
        let beside = [free(to.0, parent.1), free(parent.0, to.1)];
        match rule {
            Diagonal::Never => false,
            Diagonal::NoCornerCutting => beside[0] && beside[1],
            Diagonal::CornerCutting => beside[0] || beside[1],
            Diagonal::Always => true,
        }
    }

    /// The pruning rule as the module's documentation states it, for every rule, direction of
    /// arrival and 3x3 neighbourhood, with diagonals that pay and that do not: expanding the
    /// centre of a 3x3 grid visits exactly its allowed moves, less the one back to the parent and
    /// those to cells the parent reaches by one move no dearer than the two through the node.
    /// Skipping too much loses paths; skipping too little only costs time, which no answer shows,
    /// so only this checks it.
    #[test]
    fn expansion_skips_exactly_what_the_parent_reaches_no_dearer() {
        for (straight, diagonal) in [(10u32, 14u32), (1, 1), (10, 20), (10, 21), (5, 3)] {
            let cost = |(dx, dy): (i64, i64)| {
                if dx == 0 || dy == 0 {
                    straight
                } else {
                    diagonal
                }
            };
            for free in 0u32..256 {
                let is_free =
                    |x: i64, y: i64| (x, y) == (1, 1) || free & 1 << bit_of((x - 1, y - 1)) != 0;
                let grid =
                    Grid::from_fn(3, 3, |c| u32::from(is_free(c.x.into(), c.y.into()))).unwrap();
                let masks = grid.try_free_masks().unwrap();
                for rule in RULES {
                    let space = grid.space(rule, straight, diagonal).unwrap();
                    let problem = GridProblem::new(&space, Cell::new(0, 0), masks);
                    for &dk in &NEIGHBOUR_ORDER {
                        let parent = (1 - dk.0, 1 - dk.1);
                        if !is_free(parent.0, parent.1) {
                            continue;
                        }
                        let mut expected = Vec::new();
                        for &dj in &NEIGHBOUR_ORDER {
                            let to = (1 + dj.0, 1 + dj.1);
                            let direct = (to.0 - parent.0, to.1 - parent.1);
                            let skipped = to == parent
                                || (parent_moves_to(rule, is_free, parent, to)
                                    && cost(direct) <= cost(dk) + cost(dj));
                            if parent_moves_to(rule, is_free, (1, 1), to) && !skipped {
                                expected.push(((to.1 * 3 + to.0) as u32, cost(dj)));
                            }
                        }
                        let mut visited = Vec::new();
                        let parent_index = (parent.1 * 3 + parent.0) as u32;
                        problem
                            .expand(4, parent_index, |next, c, _| visited.push((next, c)))
                            .unwrap();
                        assert_eq!(
                            visited, expected,
                            "{rule:?}, costs {straight}/{diagonal}, from {parent:?}, free {free:08b}"
                        );
                    }
                }
            }
        }
    }

    /// A node's own hint names the node and no move; the bucket width is the cheapest move the
    /// rule allows.
    #[test]
    fn hints_and_the_cheapest_move() {
        let grid = Grid::new(5, 4).unwrap();
        let masks = grid.try_free_masks().unwrap();
        for rule in RULES {
            for (straight, diagonal) in [(10u32, 14u32), (10, 7), (3, 3)] {
                let space = grid.space(rule, straight, diagonal).unwrap();
                let problem = GridProblem::new(&space, Cell::new(4, 3), masks);
                for index in [0u32, 7, 19] {
                    let cell = Cell::new(index % 5, index / 5);
                    assert_eq!(problem.hint_at(index), (cell, 8));
                    assert_eq!(
                        problem.estimate(problem.hint_at(index)),
                        space.heuristic(cell, Cell::new(4, 3))
                    );
                }
                let cheapest = if rule != Diagonal::Never && diagonal < straight {
                    diagonal
                } else {
                    straight
                };
                assert_eq!(problem.unit(0), cheapest, "{rule:?} {straight}/{diagonal}");
            }
        }
    }
}
