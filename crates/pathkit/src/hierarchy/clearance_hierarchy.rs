//! [`ClearanceHierarchy`]: HPA* for square agents of every size up to a largest one, on one
//! grid and its clearance.

use super::{HierarchicalGrid, HierarchyError, HierarchyOptions};
use crate::grid::{Cell, Clearance, Diagonal, Grid};
use crate::Cost;
use std::sync::OnceLock;

/// Hierarchical search (HPA*) for square agents of sizes 1 to a largest one on one grid: the
/// grid's true [`Clearance`] (Harabor and Botea's annotation), and for each size an agent asks
/// for, a [`HierarchicalGrid`] over the cells where that size fits (at the weight of the cell its
/// top-left corner enters), built the first time and kept in step with every edit after.
///
/// A `k` x `k` agent's hierarchy searches exactly the moves [`Clearance::fits`] allows on the
/// grid (a diagonal move only where the agent fits beside both cells it passes, under the
/// no-corner-cutting rules), so its paths are paths of the agent, as near optimal as HPA*'s
/// (`pathkit bench-hierarchy` measures how near).
///
/// An edit of one cell changes the clearance of the cells up to `max - 1` above and left of it:
/// each size's hierarchy re-weighs just the cells whose fit changed (and only the clusters they
/// touch are rebuilt), not the map.
///
/// Why one hierarchy a size, not one graph annotated with clearance (as annotated A* does with
/// its single abstract graph): a size's entrances are where that size crosses a border, and
/// its cluster paths are those it fits along; one graph serving all sizes keeps the union of
/// every size's transitions and edges anyway. Sizes no agent asks for cost nothing.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::hierarchy::{ClearanceHierarchy, HierarchyContext, HierarchyOptions};
/// use pathkit::Pathfinder;
///
/// // A wall with a gap one cell wide, and another three wide further on.
/// let mut text = String::new();
/// for y in 0..24 {
///     for x in 0..24 {
///         text.push(if y == 12 && x != 3 && !(16..19).contains(&x) { '#' } else { '.' });
///     }
///     text.push('\n');
/// }
/// let grid = Grid::from_ascii(&text)?;
/// let mut map = ClearanceHierarchy::eight_connected(grid, 3, HierarchyOptions::new().cluster_size(6))?;
/// let mut ctx = HierarchyContext::new();
/// let (from, to) = (Cell::new(2, 2), Cell::new(2, 20));
/// let small = map.for_size(1)?.find_path(&mut ctx, from, to)?.into_path().unwrap();
/// assert!(small.nodes.contains(&Cell::new(3, 12))); // through the narrow gap
/// let large = map.for_size(3)?.find_path(&mut ctx, from, to)?.into_path().unwrap();
/// assert!(large.nodes.contains(&Cell::new(16, 12))); // its corner at the wide gap's left
/// // Close the wide gap's middle: no way for the large agent, the small one's is untouched.
/// map.block(Cell::new(17, 12))?;
/// assert!(!map.for_size(3)?.find_path(&mut ctx, from, to)?.is_found());
/// assert!(map.for_size(1)?.find_path(&mut ctx, from, to)?.is_found());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ClearanceHierarchy<C: Cost> {
    grid: Grid,
    clearance: Clearance,
    diagonal: Diagonal,
    straight: C,
    diagonal_cost: C,
    options: HierarchyOptions,
    /// Size `k`'s hierarchy at `k - 1`, built when first asked for.
    sizes: Vec<OnceLock<HierarchicalGrid<C>>>,
}

impl ClearanceHierarchy<f64> {
    /// 8-connected under the Moving AI rules, as [`HierarchicalGrid::eight_connected`], for
    /// agents of sizes 1 to `max_size`.
    ///
    /// # Errors
    ///
    /// As [`new`](ClearanceHierarchy::new).
    pub fn eight_connected(
        grid: Grid,
        max_size: u8,
        options: HierarchyOptions,
    ) -> Result<Self, HierarchyError> {
        Self::new(
            grid,
            max_size,
            Diagonal::NoCornerCutting,
            1.0,
            std::f64::consts::SQRT_2,
            options,
        )
    }
}

impl ClearanceHierarchy<u32> {
    /// 4-connected, every move 1 (times the weight of the cell entered), as
    /// [`HierarchicalGrid::four_connected`], for agents of sizes 1 to `max_size`.
    ///
    /// # Errors
    ///
    /// As [`new`](ClearanceHierarchy::new).
    pub fn four_connected(
        grid: Grid,
        max_size: u8,
        options: HierarchyOptions,
    ) -> Result<Self, HierarchyError> {
        Self::new(grid, max_size, Diagonal::Never, 1, 1, options)
    }
}

impl<C: Cost> ClearanceHierarchy<C> {
    /// The grid's clearance up to `max_size` (at least 1) and no hierarchy yet, for moves under
    /// `diagonal` with base costs `straight` and `diagonal_cost`, as [`HierarchicalGrid::new`].
    ///
    /// # Errors
    ///
    /// As [`HierarchicalGrid::new`] for the costs and options, checked now (before any size is
    /// built).
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::hierarchy::{ClearanceHierarchy, HierarchyError, HierarchyOptions};
    ///
    /// let bad = ClearanceHierarchy::new(Grid::new(8, 8)?, 2, Diagonal::Never, 1u32, 1, HierarchyOptions::new().cluster_size(1));
    /// assert_eq!(bad.unwrap_err(), HierarchyError::ClusterSize { size: 1 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        grid: Grid,
        max_size: u8,
        diagonal: Diagonal,
        straight: C,
        diagonal_cost: C,
        options: HierarchyOptions,
    ) -> Result<Self, HierarchyError> {
        let _checked = grid.space(diagonal, straight, diagonal_cost)?;
        options.resolve(grid.width(), grid.height())?;
        let clearance = Clearance::new(&grid, max_size);
        let sizes = (0..clearance.max()).map(|_| OnceLock::new()).collect();
        Ok(ClearanceHierarchy {
            grid,
            clearance,
            diagonal,
            straight,
            diagonal_cost,
            options,
            sizes,
        })
    }

    /// The grid as it is now.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid's clearance.
    #[must_use]
    pub fn clearance(&self) -> &Clearance {
        &self.clearance
    }

    /// The largest size an agent may have.
    #[must_use]
    pub fn max_size(&self) -> u8 {
        self.clearance.max()
    }

    /// Whether the hierarchy of `size` (0 taken as 1) is built.
    #[must_use]
    pub fn is_built(&self, size: u8) -> bool {
        self.sizes
            .get(usize::from(size.max(1)) - 1)
            .is_some_and(|s| s.get().is_some())
    }

    /// The hierarchy a `size` x `size` agent (0 taken as 1) searches: over the cells where it
    /// fits, at their weights. Built now if no agent of that size asked before.
    ///
    /// # Errors
    ///
    /// [`HierarchyError::AgentSize`] for a size above [`max_size`](Self::max_size); as
    /// [`HierarchicalGrid::new`] when building.
    pub fn for_size(&self, size: u8) -> Result<&HierarchicalGrid<C>, HierarchyError> {
        let k = usize::from(size.max(1)) - 1;
        let Some(slot) = self.sizes.get(k) else {
            return Err(HierarchyError::AgentSize {
                size,
                max: self.max_size(),
            });
        };
        if let Some(built) = slot.get() {
            return Ok(built);
        }
        let built = HierarchicalGrid::new(
            self.fit_grid(size.max(1))?,
            self.diagonal,
            self.straight,
            self.diagonal_cost,
            self.options,
        )?;
        // Another thread may have built it meanwhile: the same grid, the same hierarchy.
        Ok(slot.get_or_init(|| built))
    }

    /// The grid a `size` agent searches: the weight of each cell it fits at, walls elsewhere.
    fn fit_grid(&self, size: u8) -> Result<Grid, HierarchyError> {
        Ok(Grid::from_fn(self.grid.width(), self.grid.height(), |c| {
            self.fit_weight(c, size)
        })?)
    }

    fn fit_weight(&self, cell: Cell, size: u8) -> u32 {
        if self.clearance.at(cell) >= size {
            self.grid.weight(cell)
        } else {
            0
        }
    }

    /// Sets the weight of `cell` (0 makes it a wall), updates the clearance around it, and
    /// re-weighs in every hierarchy built so far the cells whose fit or weight changed.
    ///
    /// # Errors
    ///
    /// [`HierarchyError::Grid`] for a cell outside the grid (nothing changes then); as
    /// [`HierarchicalGrid::set_weight`] when a hierarchy cannot rebuild a cluster.
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), HierarchyError> {
        self.grid.check(cell)?;
        if self.grid.weight(cell) == weight {
            return Ok(());
        }
        self.grid.set_weight(cell, weight)?;
        self.clearance.update(&self.grid, cell)?;
        let reach = u32::from(self.max_size()) - 1;
        let (x0, y0) = (cell.x.saturating_sub(reach), cell.y.saturating_sub(reach));
        for k in 0..self.sizes.len() {
            let size = (k + 1) as u8;
            if self.sizes[k].get().is_none() {
                continue;
            }
            for y in y0..=cell.y {
                for x in x0..=cell.x {
                    let c = Cell::new(x, y);
                    let weight = self.fit_weight(c, size);
                    let hierarchy = self.sizes[k].get_mut().expect("built");
                    if hierarchy.grid().weight(c) != weight {
                        hierarchy.set_weight(c, weight)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Makes `cell` a wall: [`set_weight`](Self::set_weight) with 0.
    ///
    /// # Errors
    ///
    /// As [`set_weight`](Self::set_weight).
    pub fn block(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 0)
    }

    /// Makes `cell` plain ground of weight 1: [`set_weight`](Self::set_weight) with 1.
    ///
    /// # Errors
    ///
    /// As [`set_weight`](Self::set_weight).
    pub fn open(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 1)
    }
}
