//! A grid with its moves turned around, for searches that start at the goals: a flow field (the
//! cost from every cell to the nearest target, and the next step toward it) and the path to the
//! nearest of several goals, found from the goals back to the start.
//!
//! A move's cost is its base cost times the weight of the cell it enters, so turned around it is
//! priced by the cell it leaves. The rules themselves are symmetric: both ends of a move must be
//! enterable, and a diagonal sees the same two cells beside it from either end. So the moves into
//! a cell are the moves out of it, repriced.

use super::grid_problem::GridProblem;
use super::{Cell, GridSpace, TileRules};
use crate::search::{Expansion, IndexedSpace, SearchError, SearchSpace};
use crate::Cost;

/// A [`GridSpace`] with every move reversed: the successors of a cell are the cells that move
/// into it, each at what that move costs. The heuristic is the space's (it is symmetric), and
/// stays consistent: a reversed move costs at least its base cost times the lightest weight.
pub(crate) struct Reversed<'s, 'g, C, R>(pub &'s GridSpace<'g, C, R>);

impl<C: Cost, R: TileRules> SearchSpace for Reversed<'_, '_, C, R> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors<F: FnMut(Cell, C)>(&self, cell: Cell, mut visit: F) {
        let space = self.0;
        let left = space.weight(cell.x as i64, cell.y as i64);
        let (straight, diagonal) = space.move_costs();
        space.successors(cell, |from, _| {
            let base = if from.x == cell.x || from.y == cell.y {
                straight
            } else {
                diagonal
            };
            visit(from, GridSpace::<C, R>::priced(base, left));
        });
    }

    #[inline(always)]
    fn heuristic(&self, cell: Cell, goal: Cell) -> C {
        self.0.heuristic(cell, goal)
    }
}

impl<C: Cost, R: TileRules> IndexedSpace for Reversed<'_, '_, C, R> {
    #[inline(always)]
    fn node_bound(&self) -> usize {
        self.0.node_bound()
    }
    #[inline(always)]
    fn index_of(&self, cell: Cell) -> Option<usize> {
        self.0.index_of(cell)
    }
    #[inline(always)]
    fn node_at(&self, index: usize) -> Cell {
        self.0.node_at(index)
    }
}

/// The fast loop's [`GridProblem`] with every move reversed. On a grid whose passable cells all
/// weigh 1 a reversed move costs what it did, so the problem is used as it is (its parent pruning
/// included); otherwise each move is repriced by the weight of the cell expanded.
pub(crate) struct ReversedProblem<'s, 'g, C, R> {
    problem: GridProblem<'s, 'g, C, R>,
    space: &'s GridSpace<'g, C, R>,
    uniform: bool,
}

impl<'s, 'g, C: Cost, R: TileRules> ReversedProblem<'s, 'g, C, R> {
    /// `problem`, a search on `space`, turned around.
    pub fn new(problem: GridProblem<'s, 'g, C, R>, space: &'s GridSpace<'g, C, R>) -> Self {
        ReversedProblem {
            problem,
            space,
            uniform: space.grid().max_weight() == 1,
        }
    }
}

impl<C: Cost, R: TileRules> Expansion for ReversedProblem<'_, '_, C, R> {
    type Node = Cell;
    type Cost = C;
    type Hint = (Cell, u32);

    #[inline(always)]
    fn node(&self, index: u32) -> Cell {
        self.problem.node(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, C, (Cell, u32))>(
        &self,
        index: u32,
        parent: u32,
        mut visit: F,
    ) -> Result<(), SearchError<Cell>> {
        if self.uniform {
            return self.problem.expand(index, parent, visit);
        }
        let left = self.space.grid().weight_at(index as usize);
        let (straight, diagonal) = self.space.move_costs();
        self.problem.expand(index, parent, |next, _, hint| {
            // The hint's direction: straight moves first in the neighbour order.
            let base = if hint.1 < 4 { straight } else { diagonal };
            visit(next, GridSpace::<C, R>::priced(base, left), hint)
        })
    }

    #[inline(always)]
    fn estimate(&self, hint: (Cell, u32)) -> C {
        self.problem.estimate(hint)
    }

    fn hint_at(&self, index: u32) -> (Cell, u32) {
        self.problem.hint_at(index)
    }

    fn unit(&self, start: u32) -> C {
        self.problem.unit(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Diagonal, Grid};

    /// Turned around, a node's own hint and the bucket width are the forward problem's.
    #[test]
    fn hints_and_the_cheapest_move_are_the_forward_ones() {
        let grid = Grid::from_fn(5, 4, |c| 1 + c.x % 3).unwrap();
        let space = grid.space(Diagonal::CornerCutting, 10u32, 7u32).unwrap();
        let masks = grid.try_free_masks().unwrap();
        let reversed =
            ReversedProblem::new(GridProblem::new(&space, Cell::new(4, 3), masks), &space);
        for index in [0u32, 7, 19] {
            assert_eq!(
                reversed.hint_at(index),
                (Cell::new(index % 5, index / 5), 8)
            );
        }
        assert_eq!(reversed.unit(0), 7);
    }
}
