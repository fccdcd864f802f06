//! [`TileRules`]: per-agent walkability and terrain, consulted by the search without copying the grid.

use super::{Cell, Grid};

/// How one kind of character sees the grid: which cells it may enter and at what weight.
///
/// The tutorials' example is a ghost that walks through walls at a higher cost: its rules return a
/// weight for wall cells where the grid itself says "blocked". Closures `Fn(&Grid, Cell) -> u32`
/// are rules too.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::SearchContext;
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii(".#.\n.#.\n...").unwrap();
/// // Walls cost a ghost 5 to enter instead of being impassable.
/// let ghost = |g: &Grid, c: Cell| if g.is_passable(c) { g.weight(c) } else { 5 };
/// let space = grid.four_connected().with_rules(ghost);
/// let mut ctx = SearchContext::new();
/// let path = AStar(&space).find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 0)).unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 6); // straight through the wall: 5 + 1
/// ```
pub trait TileRules {
    /// The weight of entering `cell` (always inside the grid); 0 = cannot enter.
    fn weight(&self, grid: &Grid, cell: Cell) -> u32;

    /// A lower bound of every non-zero weight [`weight`](Self::weight) returns. Default heuristics
    /// are scaled by it, so it must not be too high; the default, 1, is always safe.
    fn min_weight(&self, grid: &Grid) -> u32 {
        let _ = grid;
        1
    }
}

/// The grid's own weights and walls.
///
/// ```
/// use pathkit::grid::{Cell, Grid, GridRules, TileRules};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii(".3#").unwrap();
/// assert_eq!(GridRules.weight(&grid, Cell::new(1, 0)), 3);
/// assert_eq!(GridRules.weight(&grid, Cell::new(2, 0)), 0);
/// // The default rules of every space; set explicitly, the search takes the general loop.
/// let mut ctx = SearchContext::new();
/// let own = grid.four_connected().find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 0)).unwrap();
/// let explicit = grid.four_connected().with_rules(GridRules).find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 0)).unwrap();
/// assert_eq!(own, explicit);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GridRules;

impl TileRules for GridRules {
    #[inline(always)]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        grid.weight_at(grid.index(cell))
    }
    fn min_weight(&self, grid: &Grid) -> u32 {
        grid.min_weight()
    }
}

impl<F: Fn(&Grid, Cell) -> u32> TileRules for F {
    #[inline(always)]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        self(grid, cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules that say nothing of their lightest weight scale the heuristic by 1, which is safe
    /// for every rule (weights are whole numbers); the grid's own rules by its lightest weight.
    #[test]
    fn the_default_lower_bound_is_one() {
        let grid = Grid::from_fn(3, 1, |c| 2 + c.x).unwrap();
        let doubled = |g: &Grid, c: Cell| 2 * g.weight(c);
        assert_eq!(doubled.min_weight(&grid), 1);
        assert_eq!(GridRules.min_weight(&grid), 2);
    }
}
