//! [`Grid`]: width x height cells, each blocked or with a terrain weight.

use super::components::{slot, Components, SLOTS};
use super::neighbourhood::free_neighbours;
use super::{AsciiProblem, Bitmap, Cell, Diagonal, GridError};
use crate::limits::{self, Refusal, MAX_MAP_BYTES};
use crate::rebuilt_table::RebuiltTable;
use std::sync::OnceLock;

/// A rectangular map of cells, each blocked or passable with a terrain weight.
///
/// Entering a cell costs the move's base cost (straight or diagonal) times the cell's weight, so a
/// swamp of weight 3 costs three times as much to cross as plain ground of weight 1. Cells can be
/// changed at any time (a door opens, a wall is built); the passability bitmaps and the connected
/// components used to reject unreachable goals stay correct.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
///
/// let mut grid = Grid::from_ascii(
///     "....\n\
///      .##.\n\
///      ....",
/// ).unwrap();
/// assert_eq!((grid.width(), grid.height(), grid.len()), (4, 3, 12));
/// assert!(!grid.is_empty()); // never: a grid has at least one cell
/// assert!(!grid.is_passable(Cell::new(1, 1)));
/// grid.set_weight(Cell::new(1, 1), 1).unwrap(); // knock a hole in the wall
/// assert!(grid.is_passable(Cell::new(1, 1)));
/// ```
///
/// With the `serde` feature a grid serializes as its width, height and weights (row-major);
/// loading checks them as the constructors do and rebuilds the rest.
#[derive(Clone, Debug)]
pub struct Grid {
    width: u32,
    height: u32,
    /// Terrain weight per cell, row-major; 0 = blocked.
    weights: Vec<u32>,
    bits: Bitmap,
    bits_t: Bitmap,
    min_weight: u32,
    max_weight: u32,
    /// Passable cells weighing exactly `min_weight` / `max_weight`, so an edit rescans the grid
    /// only when it removes the last cell at an extreme (0 when no cell is passable).
    min_count: usize,
    max_count: usize,
    components: [RebuiltTable<Components>; SLOTS],
    /// Per cell, its free neighbours as a mask in [`NEIGHBOUR_ORDER`](super::NEIGHBOUR_ORDER):
    /// the fast A* loop's successors in one load instead of three bitmap reads. Built on first
    /// use, kept up to date by edits.
    free_masks: OnceLock<Vec<u8>>,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && self.weights == other.weights
    }
}
impl Eq for Grid {}

impl Grid {
    /// A grid with every cell passable at weight 1.
    ///
    /// Fails with [`GridError::Empty`] for a zero width or height, with [`GridError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)) when the grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) ([`Grid::memory_needed`], checked before
    /// anything is allocated), and with [`GridError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the allocator refuses the
    /// memory.
    ///
    /// ```
    /// use pathkit::grid::{Grid, GridError};
    ///
    /// assert_eq!(Grid::new(4, 3).unwrap().len(), 12);
    /// assert!(matches!(Grid::new(0, u32::MAX), Err(GridError::Empty { .. })));
    /// assert!(matches!(Grid::new(1, 1 << 28), Err(GridError::Refused(pathkit::limits::Refusal::TooLarge { .. }))));
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Self::from_fn(width, height, |_| 1)
    }

    /// A grid whose cell weights come from `weight(cell)` (0 = blocked), asked row by row.
    /// Fails as [`Grid::new`] does, before `weight` is called.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_fn(3, 2, |c| u32::from(c.x != 1)).unwrap();
    /// assert!(!grid.is_passable(Cell::new(1, 0)) && grid.is_passable(Cell::new(2, 1)));
    /// ```
    pub fn from_fn(
        width: u32,
        height: u32,
        mut weight: impl FnMut(Cell) -> u32,
    ) -> Result<Grid, GridError> {
        let mut weights = Self::reserve_weights(width as u64, height as u64)?;
        for y in 0..height {
            for x in 0..width {
                weights.push(weight(Cell::new(x, y)));
            }
        }
        Self::from_weights(width, height, weights)
    }

    /// Bytes a `width` x `height` grid takes at most, with every table it may build: 4 per cell for
    /// the weights, 1 per cell for the free-neighbour table of the fast A* loop, 16 per cell for
    /// the connected components (8 for the rules whose diagonals need a free side cell, and so
    /// connect what straight moves do, and 8 for [`Diagonal::Always`]), and the two padded bitmaps
    /// of passability bits (row-major and transposed), whose padding of one word per row makes a
    /// thin grid dearer than a square one of as many cells. Constructors refuse a grid above
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) with [`GridError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::limits::MAX_MAP_BYTES;
    ///
    /// assert!(Grid::memory_needed(1024, 1024) < 32 << 20);
    /// assert!(Grid::memory_needed(16384, 16384) <= MAX_MAP_BYTES);
    /// assert!(Grid::memory_needed(1, 1 << 28) > MAX_MAP_BYTES); // the same cells, one column
    /// ```
    #[must_use]
    pub fn memory_needed(width: u32, height: u32) -> u64 {
        Self::bytes_for(width as u64, height as u64)
    }

    /// Bytes per cell that every grid needs (weights, free-neighbour table, components).
    const BYTES_PER_CELL: u64 =
        (std::mem::size_of::<u32>() + 1) as u64 + SLOTS as u64 * Components::BYTES_PER_CELL;

    /// [`Grid::memory_needed`] for sizes that may not fit `u32` (saturating).
    fn bytes_for(width: u64, height: u64) -> u64 {
        // Searches keep cell indices in `u32` (with `u32::MAX` for "none"): the limit must keep
        // every grid below that many cells.
        const _: () = assert!(MAX_MAP_BYTES / Grid::BYTES_PER_CELL < u32::MAX as u64);
        let cells = width.saturating_mul(height);
        let bitmap = |w: u64, h: u64| match (u32::try_from(w), u32::try_from(h)) {
            (Ok(w), Ok(h)) => Bitmap::memory_needed(w, h),
            _ => u64::MAX,
        };
        cells
            .saturating_mul(Self::BYTES_PER_CELL)
            .saturating_add(bitmap(width, height))
            .saturating_add(bitmap(height, width))
    }

    /// [`GridError::Empty`] or [`GridError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)) unless a `width` x `height` grid may be
    /// built: what every constructor and map parser checks before allocating.
    pub(crate) fn check_size(width: u64, height: u64) -> Result<(u32, u32), GridError> {
        let too_large = || GridError::Refused(Refusal::too_large(Self::bytes_for(width, height)));
        let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
            return Err(too_large());
        };
        if w == 0 || h == 0 {
            return Err(GridError::Empty {
                width: w,
                height: h,
            });
        }
        if Self::memory_needed(w, h) > MAX_MAP_BYTES {
            return Err(too_large());
        }
        Ok((w, h))
    }

    /// Room for the weights of a `width` x `height` grid, after checking its size.
    fn reserve_weights(width: u64, height: u64) -> Result<Vec<u32>, GridError> {
        let (w, h) = Self::check_size(width, height)?;
        limits::try_with_capacity(w as usize * h as usize).map_err(GridError::Refused)
    }

    /// The grid of checked, complete `weights`.
    fn from_weights(width: u32, height: u32, weights: Vec<u32>) -> Result<Grid, GridError> {
        let (bits, bits_t) = Bitmap::of_cells(width, height, |i| weights[i] != 0)?;
        let mut grid = Grid {
            width,
            height,
            weights,
            bits,
            bits_t,
            min_weight: 1,
            max_weight: 1,
            min_count: 0,
            max_count: 0,
            components: Default::default(),
            free_masks: OnceLock::new(),
        };
        grid.refresh_weight_range();
        Ok(grid)
    }

    /// Parses a picture of a grid, one text line per row: `.` is weight 1, `1`-`9` are weights,
    /// and `#`, `@`, `O`, `T`, `W` are blocked. Every line must have the same length. Fails with
    /// [`GridError::Parse`] on malformed text, and on sizes as [`Grid::new`] does.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid, GridError};
    ///
    /// let grid = Grid::from_ascii(".#\n.3").unwrap();
    /// assert_eq!(grid.weight(Cell::new(1, 1)), 3);
    /// assert!(matches!(Grid::from_ascii(""), Err(GridError::Empty { .. })));
    /// ```
    pub fn from_ascii(text: &str) -> Result<Grid, GridError> {
        let rows: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut weights = Self::reserve_weights(width as u64, rows.len() as u64)?;
        for (line, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(GridError::Parse {
                    line: line + 1,
                    column: row.chars().count().min(width) + 1,
                    problem: AsciiProblem::RowLength {
                        expected: width,
                        found: row.chars().count(),
                    },
                });
            }
            for (column, ch) in row.chars().enumerate() {
                weights.push(match ch {
                    '.' => 1,
                    '1'..='9' => ch as u32 - '0' as u32,
                    '#' | '@' | 'O' | 'T' | 'W' => 0,
                    other => {
                        return Err(GridError::Parse {
                            line: line + 1,
                            column: column + 1,
                            problem: AsciiProblem::UnknownCell { found: other },
                        });
                    }
                });
            }
        }
        // Both fit `u32`: `reserve_weights` checked them.
        Self::from_weights(width as u32, rows.len() as u32, weights)
    }

    /// The grid as text, in the form [`Grid::from_ascii`] reads (weights above 9 print as `9`).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::from_ascii("...\n.#.").unwrap();
    /// grid.set_weight(Cell::new(2, 0), 4).unwrap();
    /// assert_eq!(grid.to_ascii(), "..4\n.#.\n");
    /// assert_eq!(Grid::from_ascii(&grid.to_ascii()).unwrap(), grid);
    /// ```
    #[must_use]
    pub fn to_ascii(&self) -> String {
        let mut s = String::with_capacity(self.weights.len() + self.height as usize);
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(match self.weights[(y * self.width + x) as usize] {
                    0 => '#',
                    1 => '.',
                    w => char::from_digit(w.min(9), 10).unwrap_or('9'),
                });
            }
            s.push('\n');
        }
        s
    }

    /// Width in cells.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells (at least 1).
    #[must_use]
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Always `false`: every constructor refuses a grid with no cells ([`GridError::Empty`]).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The cell at (`x`, `y`), or `None` outside the grid.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::new(4, 3).unwrap();
    /// assert_eq!(grid.cell(3, 2), Some(Cell::new(3, 2)));
    /// assert_eq!(grid.cell(4, 0), None);
    /// ```
    #[must_use]
    pub fn cell(&self, x: u32, y: u32) -> Option<Cell> {
        (x < self.width && y < self.height).then_some(Cell::new(x, y))
    }

    /// Checks that `cell` is inside the grid.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid, GridError};
    ///
    /// let grid = Grid::new(4, 3).unwrap();
    /// assert_eq!(grid.check(Cell::new(1, 2)), Ok(Cell::new(1, 2)));
    /// assert!(matches!(grid.check(Cell::new(1, 3)), Err(GridError::OutOfBounds { y: 3, .. })));
    /// ```
    pub fn check(&self, cell: Cell) -> Result<Cell, GridError> {
        self.cell(cell.x, cell.y).ok_or(GridError::OutOfBounds {
            x: cell.x as i64,
            y: cell.y as i64,
            width: self.width,
            height: self.height,
        })
    }

    /// Row-major index of an in-grid cell.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::new(4, 3).unwrap();
    /// assert_eq!(grid.index(Cell::new(1, 2)), 9);
    /// assert_eq!(grid.cell_at(9), Cell::new(1, 2));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The cell at a row-major index: the inverse of [`Grid::index`].
    ///
    /// Never panics: a grid is at least one cell wide. An index of [`Grid::len`] or more stands
    /// for no cell; it gives a cell below the grid (for an index that overshoots by more than
    /// `2^32` rows, whatever the row number wraps to), so check such a cell with [`Grid::cell`]
    /// or [`Grid::check`]. Search loops call this once per node, so it does no range test.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::new(4, 3).unwrap();
    /// assert_eq!(grid.cell_at(6), Cell::new(2, 1));
    /// assert!(grid.check(grid.cell_at(12)).is_err());
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn cell_at(&self, index: usize) -> Cell {
        let w = self.width as usize;
        Cell::new((index % w) as u32, (index / w) as u32)
    }

    /// Terrain weight of `cell`: 0 when blocked or outside the grid.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_ascii(".#5").unwrap();
    /// assert_eq!(grid.weight(Cell::new(0, 0)), 1);
    /// assert_eq!(grid.weight(Cell::new(1, 0)), 0); // a wall
    /// assert_eq!(grid.weight(Cell::new(2, 0)), 5);
    /// assert_eq!(grid.weight(Cell::new(3, 0)), 0); // outside
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn weight(&self, cell: Cell) -> u32 {
        if cell.x < self.width && cell.y < self.height {
            self.weights[self.index(cell)]
        } else {
            0
        }
    }

    /// Terrain weight at a row-major index (0 = blocked). `weights().get(index)` is the same
    /// read as an `Option`.
    ///
    /// # Panics
    ///
    /// When `index` is not below [`Grid::len`], as slice indexing does.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    ///
    /// let grid = Grid::from_ascii(".#").unwrap();
    /// assert_eq!(grid.weight_at(1), 0);
    /// assert_eq!(grid.weights().get(2), None);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn weight_at(&self, index: usize) -> u32 {
        self.weights[index]
    }

    /// All weights, row-major (0 = blocked).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    ///
    /// let grid = Grid::from_ascii(".#\n2.").unwrap();
    /// assert_eq!(grid.weights(), &[1, 0, 2, 1]);
    /// assert_eq!(grid.weights().iter().filter(|&&w| w == 0).count(), 1);
    /// ```
    #[must_use]
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// `true` when `cell` is inside the grid and not blocked.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_ascii(".#9").unwrap();
    /// assert!(grid.is_passable(Cell::new(0, 0)) && grid.is_passable(Cell::new(2, 0)));
    /// assert!(!grid.is_passable(Cell::new(1, 0)));
    /// assert!(!grid.is_passable(Cell::new(0, 1))); // outside
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.weight(cell) != 0
    }

    /// `true` when (`x`, `y`) is inside the grid and not blocked; any coordinates may be asked.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    ///
    /// let grid = Grid::from_ascii("..\n#.").unwrap();
    /// assert!(grid.passable_xy(1, 1));
    /// assert!(!grid.passable_xy(0, 1));
    /// assert!(!grid.passable_xy(-1, 0)); // neighbours of edge cells need no bounds check
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn passable_xy(&self, x: i64, y: i64) -> bool {
        self.bits.get(x, y)
    }

    /// The smallest weight of any passable cell (1 for a grid with none). Default heuristics are
    /// scaled by it so that they stay admissible.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::from_ascii("23\n#9").unwrap();
    /// assert_eq!(grid.min_weight(), 2);
    /// grid.open(Cell::new(0, 1)).unwrap();
    /// assert_eq!(grid.min_weight(), 1);
    /// ```
    #[must_use]
    pub fn min_weight(&self) -> u32 {
        self.min_weight
    }

    /// The largest weight of any cell (1 for a grid with no passable cell).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::from_ascii("23\n#9").unwrap();
    /// assert_eq!(grid.max_weight(), 9);
    /// grid.block(Cell::new(1, 1)).unwrap();
    /// assert_eq!(grid.max_weight(), 3);
    /// ```
    #[must_use]
    pub fn max_weight(&self) -> u32 {
        self.max_weight
    }

    /// Passability bits, row-major.
    pub(crate) fn bitmap(&self) -> &Bitmap {
        &self.bits
    }

    /// Passability bits, column-major (`x` and `y` swapped), so column scans are word scans too.
    pub(crate) fn bitmap_transposed(&self) -> &Bitmap {
        &self.bits_t
    }

    /// Makes `cell` a wall (weight 0). The same as [`set_weight`](Self::set_weight) with 0.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::from_ascii("...").unwrap();
    /// grid.block(Cell::new(1, 0)).unwrap();
    /// assert!(!grid.is_passable(Cell::new(1, 0)));
    /// grid.open(Cell::new(1, 0)).unwrap();
    /// assert_eq!(grid.weight(Cell::new(1, 0)), 1);
    /// ```
    pub fn block(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 0)
    }

    /// Makes `cell` plain ground of weight 1, whatever it was (a wall knocked down, a swamp
    /// drained). The same as [`set_weight`](Self::set_weight) with 1.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::from_ascii(".#7").unwrap();
    /// grid.open(Cell::new(1, 0)).unwrap();
    /// grid.open(Cell::new(2, 0)).unwrap();
    /// assert_eq!(grid.weights(), &[1, 1, 1]);
    /// assert!(grid.open(Cell::new(3, 0)).is_err()); // outside
    /// ```
    pub fn open(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 1)
    }

    /// Sets the terrain weight of `cell` (0 makes it a wall).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = Grid::new(3, 2).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(2, 0));
    /// grid.set_weight(Cell::new(1, 0), 5).unwrap(); // a swamp on the direct route
    /// let path = grid.four_connected().find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 4); // around it, through the second row
    /// grid.set_weight(Cell::new(1, 1), 0).unwrap(); // and a wall on the detour
    /// let path = grid.four_connected().find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 6); // through the swamp after all
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), GridError> {
        self.check(cell)?;
        let i = self.index(cell);
        let old = self.weights[i];
        if old == weight {
            return Ok(());
        }
        self.weights[i] = weight;
        self.bits.set(cell.x, cell.y, weight != 0);
        self.bits_t.set(cell.y, cell.x, weight != 0);
        if (old == 0) != (weight == 0) {
            self.refresh_free_masks_around(cell);
        }
        if weight == 0 {
            // A new wall may split a component: rebuild on the next question.
            for c in &mut self.components {
                c.invalidate();
            }
        } else if old == 0 {
            for c in &mut self.components {
                if let Some(c) = c.get_mut() {
                    c.opened(&self.bits, i);
                }
            }
        }
        let mut emptied = false;
        if old != 0 && old == self.min_weight {
            self.min_count -= 1;
            emptied |= self.min_count == 0;
        }
        if old != 0 && old == self.max_weight {
            self.max_count -= 1;
            emptied |= self.max_count == 0;
        }
        if emptied {
            // The last cell at an extreme changed: the new extreme is somewhere else.
            self.refresh_weight_range();
        } else if weight != 0 {
            if self.min_count == 0 || weight < self.min_weight {
                (self.min_weight, self.min_count) = (weight, 1);
            } else if weight == self.min_weight {
                self.min_count += 1;
            }
            if self.max_count == 0 || weight > self.max_weight {
                (self.max_weight, self.max_count) = (weight, 1);
            } else if weight == self.max_weight {
                self.max_count += 1;
            }
        }
        Ok(())
    }

    /// Recomputes the extremes and their counts from every cell; a grid with no passable cell
    /// reports 1 for both, with counts of 0.
    fn refresh_weight_range(&mut self) {
        let passable = self.weights.iter().copied().filter(|&w| w != 0);
        self.min_weight = passable.clone().min().unwrap_or(1);
        self.max_weight = passable.clone().max().unwrap_or(1);
        self.min_count = passable.clone().filter(|&w| w == self.min_weight).count();
        self.max_count = passable.filter(|&w| w == self.max_weight).count();
    }

    /// The free neighbours of every cell (see [`free_neighbours`]), row-major, built on first use;
    /// [`GridError::Refused`] ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the table
    /// cannot be allocated.
    pub(crate) fn try_free_masks(&self) -> Result<&[u8], GridError> {
        self.free_masks_or_refusal().map_err(GridError::Refused)
    }

    /// [`try_free_masks`](Self::try_free_masks) with the crate's own refusal.
    fn free_masks_or_refusal(&self) -> Result<&[u8], Refusal> {
        if let Some(masks) = self.free_masks.get() {
            return Ok(masks);
        }
        let mut masks = limits::try_with_capacity(self.len())?;
        masks.extend((0..self.len()).map(|i| {
            let c = self.cell_at(i);
            free_neighbours(&self.bits, c.x as i64, c.y as i64) as u8
        }));
        Ok(self.free_masks.get_or_init(|| masks))
    }

    /// After `cell` changed between wall and ground: the masks of the cells around it.
    fn refresh_free_masks_around(&mut self, cell: Cell) {
        let (width, height) = (self.width as i64, self.height as i64);
        let Some(masks) = self.free_masks.get_mut() else {
            return;
        };
        for y in (cell.y as i64 - 1).max(0)..=(cell.y as i64 + 1).min(height - 1) {
            for x in (cell.x as i64 - 1).max(0)..=(cell.x as i64 + 1).min(width - 1) {
                masks[(y * width + x) as usize] = free_neighbours(&self.bits, x, y) as u8;
            }
        }
    }

    /// Builds now the tables a search under `moves` would build on its first query: the
    /// connected components of that rule (unreachable goals are answered from them) and the
    /// free-neighbour masks of the fast A* loop. Both are kept current through edits, but a new
    /// wall makes the next query rebuild the components (in the arrays they had).
    ///
    /// Call it when the map is loaded, so that the first query in play is as fast as the others:
    /// building them takes time proportional to the map (milliseconds on a 1024x1024 map), against
    /// microseconds for a query. What each kind of query prepares:
    ///
    /// | query | lazily built | prepared by |
    /// |---|---|---|
    /// | a [`GridSpace`](super::GridSpace) search (and the other grid queries) | components of its rule, masks, the context's records | `grid.prepare(rule)`, [`SearchContext::reserve`](crate::search::SearchContext::reserve) |
    /// | [`JumpPoints`](crate::jps::JumpPoints) | components, the context's records | `grid.prepare(mode.moves)`, [`JpsContext::reserve`](crate::jps::JpsContext::reserve) |
    /// | [`JpsPlus`](crate::jps::JpsPlus) | the context's records | [`JpsPlus::new`](crate::jps::JpsPlus::new) builds its table and components; [`JpsContext::reserve`](crate::jps::JpsContext::reserve) |
    ///
    /// The open list still grows, once, to the largest query a context answers. A clone of a
    /// grid keeps the tables built so far, so a clone of a prepared grid is prepared.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(256, 256).unwrap();
    /// grid.prepare(Diagonal::NoCornerCutting).unwrap();
    /// let space = grid.eight_connected();
    /// let mut ctx = SearchContext::new();
    /// ctx.reserve(&space).unwrap();
    /// // The first query now builds nothing.
    /// let path = space.find_path(&mut ctx, Cell::new(0, 0), Cell::new(255, 255)).unwrap();
    /// assert!(path.is_found());
    /// ```
    pub fn prepare(&self, moves: Diagonal) -> Result<(), GridError> {
        self.free_masks_or_refusal()
            .and_then(|_| self.components(moves))
            .map(|_| ())
            .map_err(GridError::Refused)
    }

    /// The connected components under `rule`, built on the first question.
    #[inline]
    pub(crate) fn components(&self, rule: Diagonal) -> Result<&Components, Refusal> {
        self.components[slot(rule)].get(|recycled| Components::build(self, rule, recycled))
    }

    /// The component of `cell`, or the refusal of the allocator to build the table.
    fn component_or_refusal(&self, cell: Cell, rule: Diagonal) -> Result<Option<u32>, Refusal> {
        if !self.is_passable(cell) {
            return Ok(None);
        }
        Ok(self.components(rule)?.component(self.index(cell)))
    }

    /// [`Grid::try_reachable`] with the crate's own refusal, for callers with other error types.
    ///
    /// Every query of the grid and of Jump Point Search asks this first, so it reads only the
    /// table: an outside end is answered from the size, and a walled one is in no component of
    /// the table (which every edit keeps in step with the weights), so the weights are not read.
    pub(crate) fn reachable_or_refusal(
        &self,
        from: Cell,
        to: Cell,
        rule: Diagonal,
    ) -> Result<bool, Refusal> {
        let inside = |c: Cell| c.x < self.width && c.y < self.height;
        if !inside(from) || !inside(to) {
            return Ok(false);
        }
        let components = self.components(rule)?;
        Ok(components.same(self.index(from), self.index(to)))
    }

    /// An id of the connected component of `cell` under the diagonal rule, or `None` for a blocked
    /// or outside cell. Two cells are mutually reachable exactly when their ids are equal.
    ///
    /// # Panics
    ///
    /// When the allocator refuses the table of components, which the first question under a
    /// rule builds (8 bytes per cell, counted in [`Grid::memory_needed`]);
    /// [`Grid::try_component`] reports that as an error instead.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    ///
    /// let mut grid = Grid::from_ascii("..#..").unwrap();
    /// let rule = Diagonal::NoCornerCutting;
    /// assert_ne!(grid.component(Cell::new(0, 0), rule), grid.component(Cell::new(4, 0), rule));
    /// assert_eq!(grid.component(Cell::new(2, 0), rule), None);
    /// grid.open(Cell::new(2, 0)).unwrap();
    /// assert_eq!(grid.component(Cell::new(0, 0), rule), grid.component(Cell::new(4, 0), rule));
    /// ```
    #[must_use]
    pub fn component(&self, cell: Cell, rule: Diagonal) -> Option<u32> {
        self.try_component(cell, rule)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Grid::component`], or [`GridError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the table of components cannot
    /// be allocated.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    ///
    /// let grid = Grid::from_ascii(".#.").unwrap();
    /// let rule = Diagonal::Never;
    /// assert_ne!(grid.try_component(Cell::new(0, 0), rule)?, grid.try_component(Cell::new(2, 0), rule)?);
    /// assert_eq!(grid.try_component(Cell::new(1, 0), rule)?, None);
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    pub fn try_component(&self, cell: Cell, rule: Diagonal) -> Result<Option<u32>, GridError> {
        self.component_or_refusal(cell, rule)
            .map_err(GridError::Refused)
    }

    /// `true` when a path from `from` to `to` exists under the diagonal rule (both passable).
    /// Answered from the connected components: no search.
    ///
    /// # Panics
    ///
    /// As [`Grid::component`] does; [`Grid::try_reachable`] reports that as an error instead.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    ///
    /// let mut grid = Grid::from_ascii("...\n###\n...").unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(2, 2));
    /// assert!(!grid.reachable(a, b, Diagonal::NoCornerCutting));
    /// grid.open(Cell::new(1, 1)).unwrap(); // a door opens
    /// assert!(grid.reachable(a, b, Diagonal::NoCornerCutting));
    /// assert!(grid.reachable(a, b, Diagonal::Never));
    /// ```
    #[must_use]
    pub fn reachable(&self, from: Cell, to: Cell, rule: Diagonal) -> bool {
        self.try_reachable(from, to, rule)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Grid::reachable`], or [`GridError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the table of components cannot
    /// be allocated.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    ///
    /// let grid = Grid::from_ascii(".#\n#.").unwrap();
    /// assert!(!grid.try_reachable(Cell::new(0, 0), Cell::new(1, 1), Diagonal::NoCornerCutting)?);
    /// assert!(grid.try_reachable(Cell::new(0, 0), Cell::new(1, 1), Diagonal::Always)?);
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    pub fn try_reachable(&self, from: Cell, to: Cell, rule: Diagonal) -> Result<bool, GridError> {
        self.reachable_or_refusal(from, to, rule)
            .map_err(GridError::Refused)
    }
}

/// A grid as written: its size and its weights, row-major (0 = blocked). The bitmaps and the
/// tables built from them are rebuilt on loading.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct SavedGrid<'a> {
    width: u32,
    height: u32,
    weights: &'a [u32],
}

#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedGrid {
            width: self.width,
            height: self.height,
            weights: &self.weights,
        }
        .serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    /// Checked as the constructors check: a size [`Grid::new`] accepts (not empty, within
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)), and one weight per cell. A forged size
    /// allocates nothing: the weights read are as many as the data holds, and the size is checked
    /// before any table is built.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_ascii("..#\n.3.").unwrap();
    /// let saved = serde_json::to_string(&grid).unwrap();
    /// assert_eq!(saved, r#"{"width":3,"height":2,"weights":[1,1,0,1,3,1]}"#);
    /// let loaded: Grid = serde_json::from_str(&saved).unwrap();
    /// assert_eq!(loaded, grid);
    /// assert!(!loaded.is_passable(Cell::new(2, 0)));
    ///
    /// let short = r#"{"width":3,"height":2,"weights":[1,1,0]}"#;
    /// let err = serde_json::from_str::<Grid>(short).unwrap_err();
    /// assert!(err.to_string().contains("a 3x2 grid needs 6 weights, the data has 3"));
    /// let huge = r#"{"width":4294967295,"height":4294967295,"weights":[]}"#;
    /// assert!(serde_json::from_str::<Grid>(huge).is_err());
    /// ```
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;

        #[derive(serde::Deserialize)]
        struct Raw {
            width: u32,
            height: u32,
            weights: Vec<u32>,
        }
        let raw = Raw::deserialize(deserializer)?;
        let (width, height) =
            Grid::check_size(raw.width.into(), raw.height.into()).map_err(D::Error::custom)?;
        let cells = width as usize * height as usize;
        if raw.weights.len() != cells {
            return Err(D::Error::custom(format!(
                "a {width}x{height} grid needs {cells} weights, the data has {}",
                raw.weights.len()
            )));
        }
        Grid::from_weights(width, height, raw.weights).map_err(D::Error::custom)
    }
}
