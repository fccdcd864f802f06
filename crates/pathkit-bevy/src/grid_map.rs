//! [`GridMap`]: a tile grid as the plugin's map.

use crate::nav_map::{Edit, NavMap};
use crate::tiles::{weight_edit, TileLayout};
use bevy_ecs::resource::Resource;
use bevy_math::{Vec2, Vec3};
use pathkit::grid::{Cell, Diagonal, Grid, GridError, GridSpace};
use std::sync::Arc;

/// A tile grid in the world: the grid (its walls and terrain weights), its moves (a
/// [`Diagonal`] rule; a straight move costs 1 and a diagonal √2, times the weight of the cell
/// entered) and where it lies. Cell `(x, y)` is a square `cell_size` wide whose top-left
/// corner is `origin + (x, -y) * cell_size` in the XY plane: columns go right, rows go down
/// the screen, as a tile map is drawn.
///
/// Edit it through [`set_weight`](Self::set_weight), [`block`](Self::block) and
/// [`open`](Self::open): the plugin sees every edit and re-plans the paths it affects. The grid
/// sits behind an [`Arc`], so the snapshot a search takes to another thread is a pointer copy;
/// an edit while a search holds one copies the grid once.
///
/// ```
/// use bevy_math::Vec3;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{GridMap, NavMap};
///
/// let map = GridMap::new(Grid::from_ascii("...\n.#.")?, Diagonal::NoCornerCutting).with_cell_size(2.0);
/// assert_eq!(map.position(Cell::new(1, 0)), Vec3::new(3.0, -1.0, 0.0));
/// assert_eq!(map.node_at(Vec3::new(3.9, -3.5, 0.0)), Some(Cell::new(1, 1)));
/// assert_eq!(map.node_at(Vec3::new(-0.1, 0.0, 0.0)), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Resource, Clone, Debug)]
pub struct GridMap {
    grid: Arc<Grid>,
    diagonal: Diagonal,
    tiles: TileLayout,
    version: u64,
    edits: Vec<Edit<Cell>>,
}

impl GridMap {
    /// `grid` searched under the `diagonal` rule, cells 1 unit wide, its top-left corner at the
    /// world's origin.
    pub fn new(grid: Grid, diagonal: Diagonal) -> Self {
        GridMap {
            grid: Arc::new(grid),
            diagonal,
            tiles: TileLayout::default(),
            version: 0,
            edits: Vec::new(),
        }
    }

    /// The same map with cells `size` wide.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_cell_size(32.0);
    /// assert_eq!(map.position(Cell::new(0, 0)).x, 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cell_size(mut self, size: f32) -> Self {
        self.tiles.size = size;
        self
    }

    /// The same map with its top-left corner at `origin`.
    ///
    /// ```
    /// use bevy_math::{Vec2, Vec3};
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_origin(Vec2::new(-2.0, 2.0));
    /// assert_eq!(map.position(Cell::new(0, 0)), Vec3::new(-1.5, 1.5, 0.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_origin(mut self, origin: Vec2) -> Self {
        self.tiles.origin = origin;
        self
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The diagonal rule searched with.
    pub fn diagonal(&self) -> Diagonal {
        self.diagonal
    }

    /// How wide a cell is, in world units: what a drawing of the map needs besides the cells'
    /// centres ([`NavMap::position`]).
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit_bevy::GridMap;
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_cell_size(16.0);
    /// assert_eq!(map.cell_size(), 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell_size(&self) -> f32 {
        self.tiles.size
    }

    /// Where the top-left corner of cell `(0, 0)` is.
    ///
    /// ```
    /// use bevy_math::Vec2;
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit_bevy::GridMap;
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never);
    /// assert_eq!(map.origin(), Vec2::ZERO);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin(&self) -> Vec2 {
        self.tiles.origin
    }

    /// Sets the weight of `cell` (0 walls it; 1 is plain ground), and records the edit.
    ///
    /// # Errors
    ///
    /// As [`Grid::set_weight`]: a cell off the grid, a weight too large.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let mut map = GridMap::new(Grid::new(3, 3)?, Diagonal::Never);
    /// map.set_weight(Cell::new(1, 1), 4)?;
    /// let edits = map.take_edits();
    /// assert_eq!((edits[0].before, edits[0].after), (Some(1.0), Some(4.0)));
    /// assert!(map.take_edits().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), GridError> {
        let before = self.grid.weight(self.grid.check(cell)?);
        if before == weight {
            return Ok(());
        }
        Arc::make_mut(&mut self.grid).set_weight(cell, weight)?;
        self.edits.push(weight_edit(cell, before, weight));
        self.version += 1;
        Ok(())
    }

    /// Walls `cell` ([`set_weight`](Self::set_weight) to 0).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn block(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 0)
    }

    /// Opens `cell` as plain ground ([`set_weight`](Self::set_weight) to 1).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn open(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 1)
    }
}

impl NavMap for GridMap {
    type Node = Cell;
    type Cost = f64;
    type Space<'a> = GridSpace<'a, f64>;
    type Error = GridError;

    fn space(&self) -> Result<GridSpace<'_, f64>, GridError> {
        self.grid
            .space(self.diagonal, 1.0, std::f64::consts::SQRT_2)
    }

    fn position(&self, cell: Cell) -> Vec3 {
        self.tiles.centre(cell).extend(0.0)
    }

    fn node_at(&self, position: Vec3) -> Option<Cell> {
        let (w, h) = (self.grid.width(), self.grid.height());
        self.tiles.cell_at(position.truncate(), w, h)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<Cell>> {
        std::mem::take(&mut self.edits)
    }

    /// The grid's own smoothing ([`Grid::smooth`]) under the map's diagonal rule.
    fn smoothed(&self, path: &[Cell]) -> Option<Vec<Cell>> {
        self.grid.smooth(path, self.diagonal).ok()
    }

    fn touched_by(&self, cell: Cell, out: &mut Vec<Cell>) {
        out.clear();
        if self.diagonal != Diagonal::NoCornerCutting {
            // Moves that enter the cell or leave it: the only ones its weight prices or allows.
            out.push(cell);
            return;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(c) = cell.offset(dx, dy) {
                    if c.x < self.grid.width() && c.y < self.grid.height() {
                        out.push(c);
                    }
                }
            }
        }
    }
}
