//! [`Grid`]: width x height cells, each blocked or with a terrain weight.

use super::components::{slot, Components};
use super::neighbourhood::free_neighbours;
use super::{Bitmap, Cell, Diagonal, GridError};
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
/// assert!(!grid.is_passable(Cell::new(1, 1)));
/// grid.set_weight(Cell::new(1, 1), 1).unwrap(); // knock a hole in the wall
/// assert!(grid.is_passable(Cell::new(1, 1)));
/// ```
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
    components: [OnceLock<Components>; 3],
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
    /// The most cells a grid may hold (2^28, e.g. 16384 x 16384).
    pub const MAX_CELLS: u64 = 1 << 28;

    /// A grid with every cell passable at weight 1. Zero width or height gives an empty grid.
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Self::from_fn(width, height, |_| 1)
    }

    /// A grid whose cell weights come from `weight(cell)` (0 = blocked).
    pub fn from_fn(
        width: u32,
        height: u32,
        mut weight: impl FnMut(Cell) -> u32,
    ) -> Result<Grid, GridError> {
        let n = width as u64 * height as u64;
        if n > Self::MAX_CELLS {
            return Err(GridError::TooLarge {
                width: width as u64,
                height: height as u64,
            });
        }
        let mut weights = Vec::with_capacity(n as usize);
        for y in 0..height {
            for x in 0..width {
                weights.push(weight(Cell::new(x, y)));
            }
        }
        Ok(Self::from_weights(width, height, weights))
    }

    fn from_weights(width: u32, height: u32, weights: Vec<u32>) -> Grid {
        let mut grid = Grid {
            width,
            height,
            weights,
            bits: Bitmap::new(width, height),
            bits_t: Bitmap::new(height, width),
            min_weight: 1,
            max_weight: 1,
            min_count: 0,
            max_count: 0,
            components: Default::default(),
            free_masks: OnceLock::new(),
        };
        for y in 0..height {
            for x in 0..width {
                let open = grid.weights[(y * width + x) as usize] != 0;
                grid.bits.set(x, y, open);
                grid.bits_t.set(y, x, open);
            }
        }
        grid.refresh_weight_range();
        grid
    }

    /// Parses a picture of a grid, one text line per row: `.` is weight 1, `1`-`9` are weights,
    /// and `#`, `@`, `O`, `T`, `W` are blocked. Every line must have the same length.
    pub fn from_ascii(text: &str) -> Result<Grid, GridError> {
        let rows: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut weights = Vec::new();
        for (line, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(GridError::Parse {
                    line: line + 1,
                    column: row.chars().count().min(width) + 1,
                    message: format!("row has {} cells, expected {width}", row.chars().count()),
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
                            message: format!("unknown cell {other:?}"),
                        });
                    }
                });
            }
        }
        let (w, h) = (width as u64, rows.len() as u64);
        if w * h > Self::MAX_CELLS || w > u32::MAX as u64 || h > u32::MAX as u64 {
            return Err(GridError::TooLarge {
                width: w,
                height: h,
            });
        }
        Ok(Self::from_weights(width as u32, rows.len() as u32, weights))
    }

    /// The grid as text, in the form [`Grid::from_ascii`] reads (weights above 9 print as `9`).
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
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// `true` for a grid with no cells.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The cell at (`x`, `y`), or `None` outside the grid.
    pub fn cell(&self, x: u32, y: u32) -> Option<Cell> {
        (x < self.width && y < self.height).then_some(Cell::new(x, y))
    }

    /// Checks that `cell` is inside the grid.
    pub fn check(&self, cell: Cell) -> Result<Cell, GridError> {
        self.cell(cell.x, cell.y).ok_or(GridError::OutOfBounds {
            x: cell.x as i64,
            y: cell.y as i64,
            width: self.width,
            height: self.height,
        })
    }

    /// Row-major index of an in-grid cell.
    #[inline(always)]
    pub fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The cell at a row-major index.
    #[inline(always)]
    pub fn cell_at(&self, index: usize) -> Cell {
        let w = self.width as usize;
        Cell::new((index % w) as u32, (index / w) as u32)
    }

    /// Terrain weight of `cell`: 0 when blocked or outside the grid.
    #[inline(always)]
    pub fn weight(&self, cell: Cell) -> u32 {
        if cell.x < self.width && cell.y < self.height {
            self.weights[self.index(cell)]
        } else {
            0
        }
    }

    /// Terrain weight at a row-major index (0 = blocked).
    #[inline(always)]
    pub fn weight_at(&self, index: usize) -> u32 {
        self.weights[index]
    }

    /// All weights, row-major (0 = blocked).
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// `true` when `cell` is inside the grid and not blocked.
    #[inline(always)]
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.weight(cell) != 0
    }

    /// `true` when (`x`, `y`) is inside the grid and not blocked; any coordinates may be asked.
    #[inline(always)]
    pub fn passable_xy(&self, x: i64, y: i64) -> bool {
        self.bits.get(x, y)
    }

    /// The smallest weight of any passable cell (1 for a grid with none). Default heuristics are
    /// scaled by it so that they stay admissible.
    pub fn min_weight(&self) -> u32 {
        self.min_weight
    }

    /// The largest weight of any cell (1 for a grid with no passable cell).
    pub fn max_weight(&self) -> u32 {
        self.max_weight
    }

    /// Passability bits, row-major.
    pub fn bitmap(&self) -> &Bitmap {
        &self.bits
    }

    /// Passability bits, column-major (`x` and `y` swapped), so column scans are word scans too.
    pub fn bitmap_transposed(&self) -> &Bitmap {
        &self.bits_t
    }

    /// Makes `cell` a wall (`true`) or plain ground of weight 1 (`false`).
    pub fn set_blocked(&mut self, cell: Cell, blocked: bool) -> Result<(), GridError> {
        self.set_weight(cell, if blocked { 0 } else { 1 })
    }

    /// Sets the terrain weight of `cell` (0 makes it a wall).
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
                c.take();
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

    /// The free neighbours of every cell (see [`free_neighbours`]), row-major.
    pub(crate) fn free_masks(&self) -> &[u8] {
        self.free_masks.get_or_init(|| {
            (0..self.len())
                .map(|i| {
                    let c = self.cell_at(i);
                    free_neighbours(&self.bits, c.x as i64, c.y as i64) as u8
                })
                .collect()
        })
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

    fn components(&self, rule: Diagonal) -> &Components {
        self.components[slot(rule)].get_or_init(|| Components::build(self, rule))
    }

    /// An id of the connected component of `cell` under the diagonal rule, or `None` for a blocked
    /// or outside cell. Two cells are mutually reachable exactly when their ids are equal.
    pub fn component(&self, cell: Cell, rule: Diagonal) -> Option<u32> {
        if !self.is_passable(cell) {
            return None;
        }
        self.components(rule).component(self.index(cell))
    }

    /// `true` when a path from `from` to `to` exists under the diagonal rule (both passable).
    /// Answered from the connected components: no search.
    pub fn reachable(&self, from: Cell, to: Cell, rule: Diagonal) -> bool {
        match (self.component(from, rule), self.component(to, rule)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
}
