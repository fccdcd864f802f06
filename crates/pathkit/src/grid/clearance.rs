//! [`Clearance`]: how large a square agent fits at each cell of a grid, so that agents of every
//! size plan on one grid.

use super::{Cell, Grid, GridError, GridRules, TileRules};

/// The true clearance of every cell of a grid (Harabor and Botea's annotated A*): the side of
/// the largest square of cells an agent may enter whose top-left corner is the cell, counted up
/// to a largest size kept. A `k` x `k` agent whose top-left corner stands on a cell fits there
/// when the cell's clearance is at least `k`.
///
/// [`fits`](Self::fits) turns it into [`TileRules`]: a `k` x `k` agent searched on the same grid
/// enters only cells where it fits, at the weight of the cell its corner enters, and, where
/// diagonals may not cut corners, moves diagonally only when it fits beside both cells it
/// passes (its whole body sweeps past them). [`fit_grid`](Self::fit_grid) is the same as a grid
/// of walls for Jump Point Search and JPS+, which search uniform grids.
///
/// An edit of one cell changes the clearance of the cells up to `max - 1` above and to the left
/// of it only: [`update`](Self::update) recomputes that square, not the grid.
///
/// ```
/// use pathkit::grid::{Cell, Clearance, Grid, GridRules};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A gap one cell wide in the wall: a 1x1 agent goes through it, a 2x2 one goes round.
/// let grid = Grid::from_ascii("......\n......\n###.##\n......\n......\n......")?;
/// let clearance = Clearance::new(&grid, 4);
/// assert_eq!((clearance.at(Cell::new(3, 2)), clearance.at(Cell::new(0, 3))), (1, 3));
/// let mut ctx = SearchContext::new();
/// let (from, to) = (Cell::new(3, 0), Cell::new(3, 4));
/// let small = grid.four_connected().find_path(&mut ctx, from, to)?;
/// assert_eq!(small.path().map(|p| p.cost), Some(4));
/// let big = grid.four_connected().with_rules(clearance.fits(2, GridRules));
/// assert!(!big.find_path(&mut ctx, from, to)?.is_found()); // the wall has no gap two wide
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clearance {
    width: u32,
    height: u32,
    max: u8,
    /// Row by row, each capped at `max`.
    values: Vec<u8>,
}

impl Clearance {
    /// The clearance of `grid` under its own walls, counted up to `max` (at least 1: 0 is taken
    /// as 1).
    pub fn new(grid: &Grid, max: u8) -> Self {
        Self::with_rules(grid, &GridRules, max)
    }

    /// The clearance of `grid` for agents that enter the cells `rules` give a weight (a ghost
    /// fits through walls it may pass), counted up to `max` (at least 1).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Clearance, Grid};
    ///
    /// let grid = Grid::from_ascii("..#\n...")?;
    /// let ghost = |_: &Grid, _: Cell| 1; // enters every cell
    /// assert_eq!(Clearance::new(&grid, 3).at(Cell::new(1, 0)), 1);
    /// assert_eq!(Clearance::with_rules(&grid, &ghost, 3).at(Cell::new(1, 0)), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rules<R: TileRules>(grid: &Grid, rules: &R, max: u8) -> Self {
        let (width, height) = (grid.width(), grid.height());
        let mut clearance = Clearance {
            width,
            height,
            max: max.max(1),
            values: vec![0; grid.len()],
        };
        clearance.recompute(grid, rules, (0, 0), (width - 1, height - 1));
        clearance
    }

    /// The largest size counted.
    pub fn max(&self) -> u8 {
        self.max
    }

    /// The clearance of `cell`: the side of the largest square of enterable cells with its
    /// top-left corner there (at most [`max`](Self::max)); 0 for a cell the agent cannot enter
    /// or off the grid.
    pub fn at(&self, cell: Cell) -> u8 {
        if cell.x < self.width && cell.y < self.height {
            self.values[cell.y as usize * self.width as usize + cell.x as usize]
        } else {
            0
        }
    }

    /// Brings the clearance up to an edit of `cell` in `grid` (its own walls): only the cells
    /// whose square can hold `cell` are recomputed, at most `max` x `max` of them (a grid of
    /// another size is computed anew).
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] for a cell off the grid; nothing is changed.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Clearance, Grid};
    ///
    /// let mut grid = Grid::new(5, 5)?;
    /// let mut clearance = Clearance::new(&grid, 3);
    /// grid.set_weight(Cell::new(2, 2), 0)?;
    /// clearance.update(&grid, Cell::new(2, 2))?;
    /// assert_eq!(clearance, Clearance::new(&grid, 3));
    /// assert_eq!(clearance.at(Cell::new(1, 1)), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update(&mut self, grid: &Grid, cell: Cell) -> Result<(), GridError> {
        self.update_with_rules(grid, &GridRules, cell)
    }

    /// [`update`](Self::update) under `rules` (the rules the clearance was computed with).
    ///
    /// # Errors
    ///
    /// As [`update`](Self::update).
    pub fn update_with_rules<R: TileRules>(
        &mut self,
        grid: &Grid,
        rules: &R,
        cell: Cell,
    ) -> Result<(), GridError> {
        grid.check(cell)?;
        if (grid.width(), grid.height()) != (self.width, self.height) {
            *self = Self::with_rules(grid, rules, self.max);
            return Ok(());
        }
        let reach = u32::from(self.max) - 1;
        let from = (cell.x.saturating_sub(reach), cell.y.saturating_sub(reach));
        self.recompute(grid, rules, from, (cell.x, cell.y));
        Ok(())
    }

    /// Recomputes the cells from `(x0, y0)` to `(x1, y1)` (inclusive), bottom-right first: a
    /// cell's clearance is one more than the least of its right, lower and lower-right
    /// neighbours', which lie outside the block (unchanged) or were just recomputed.
    fn recompute<R: TileRules>(
        &mut self,
        grid: &Grid,
        rules: &R,
        (x0, y0): (u32, u32),
        (x1, y1): (u32, u32),
    ) {
        let w = self.width as usize;
        for y in (y0..=y1).rev() {
            for x in (x0..=x1).rev() {
                let cell = Cell::new(x, y);
                let value = if rules.weight(grid, cell) == 0 {
                    0
                } else {
                    let next = |dx: u32, dy: u32| self.at(Cell::new(x + dx, y + dy));
                    let least = next(1, 0).min(next(0, 1)).min(next(1, 1));
                    least.saturating_add(1).min(self.max)
                };
                self.values[y as usize * w + x as usize] = value;
            }
        }
    }

    /// The rules of a `size` x `size` agent that sees the terrain as `rules` do (the rules the
    /// clearance was computed with): a cell it does not fit at is a wall to it. A size above
    /// [`max`](Self::max) fits nowhere; size 0 is taken as 1.
    pub fn fits<R: TileRules>(&self, size: u8, rules: R) -> Fits<'_, R> {
        Fits {
            clearance: self,
            size: size.max(1),
            rules,
        }
    }

    /// A grid of the cells where a `size` x `size` agent fits (weight 1) and walls elsewhere:
    /// what Jump Point Search and JPS+ search for that agent (they take uniform grids; the
    /// answers are the agent's shortest paths when every cell it enters weighs the same).
    ///
    /// # Errors
    ///
    /// As [`Grid::from_fn`]: memory refused.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Clearance, Grid};
    ///
    /// let grid = Grid::from_ascii("....\n.#..\n....")?;
    /// let fits = Clearance::new(&grid, 2).fit_grid(2)?;
    /// assert!(fits.is_passable(Cell::new(2, 0)));
    /// assert!(!fits.is_passable(Cell::new(0, 1)) && !fits.is_passable(Cell::new(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fit_grid(&self, size: u8) -> Result<Grid, GridError> {
        let size = size.max(1);
        Grid::from_fn(self.width, self.height, |c| u32::from(self.at(c) >= size))
    }
}

/// The [`TileRules`] of a square agent planned on a grid with its [`Clearance`]
/// ([`Clearance::fits`]): the weight `rules` give a cell where the agent fits, 0 elsewhere.
#[derive(Clone, Copy, Debug)]
pub struct Fits<'c, R> {
    clearance: &'c Clearance,
    size: u8,
    rules: R,
}

impl<R: TileRules> TileRules for Fits<'_, R> {
    #[inline]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        if self.clearance.at(cell) >= self.size {
            self.rules.weight(grid, cell)
        } else {
            0
        }
    }

    fn min_weight(&self, grid: &Grid) -> u32 {
        self.rules.min_weight(grid)
    }
}
