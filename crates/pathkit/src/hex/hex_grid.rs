//! [`HexGrid`]: a rectangle of hexes, each a wall or passable with a terrain weight.

use super::components::HexComponents;
use super::{Hex, HexError, HexLayout, HexOrientation};
use crate::limits::{self, Refusal, MAX_MAP_BYTES};
use crate::rebuilt_table::RebuiltTable;

/// A rectangular hex map, `width` columns by `height` rows in the offset coordinates of its
/// [`HexLayout`], each hex a wall (weight 0) or passable with a terrain weight.
///
/// Hexes are addressed by their axial coordinates ([`Hex`]); [`HexGrid::hex_at`] and
/// [`HexGrid::offset_of`] convert from and to the column and row of a map file. Entering a hex
/// costs its weight, so a swamp of weight 3 costs three times as much to cross as plain ground.
/// Hexes can be changed at any time (a door opens, a wall is built); the connected components
/// used to answer unreachable goals stay correct.
///
/// ```
/// use pathkit::hex::{HexGrid, HexLayout};
///
/// let mut grid = HexGrid::new(HexLayout::OddR, 4, 3).unwrap();
/// assert_eq!((grid.width(), grid.height(), grid.len()), (4, 3, 12));
/// let hex = grid.hex_at(1, 1).unwrap();
/// grid.block(hex).unwrap();
/// assert!(!grid.is_passable(hex));
/// assert_eq!(grid.offset_of(hex), Some((1, 1)));
/// ```
#[derive(Clone, Debug)]
pub struct HexGrid {
    layout: HexLayout,
    width: u32,
    height: u32,
    /// Terrain weight per hex, row-major in offset coordinates; 0 = wall.
    weights: Vec<u32>,
    /// The smallest weight of a passable hex (1 when none is), which scales the heuristic.
    min_weight: u32,
    /// Passable hexes weighing exactly `min_weight`, so an edit rescans the grid only when it
    /// removes the last of them.
    min_count: usize,
    /// Built on the first question, rebuilt in its own arrays after a new wall.
    components: RebuiltTable<HexComponents>,
}

impl PartialEq for HexGrid {
    fn eq(&self, other: &Self) -> bool {
        self.layout == other.layout
            && self.width == other.width
            && self.height == other.height
            && self.weights == other.weights
    }
}
impl Eq for HexGrid {}

impl HexGrid {
    /// A grid with every hex passable at weight 1.
    ///
    /// Fails with [`HexError::Empty`] for a zero width or height, with [`HexError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)) when the grid would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) ([`HexGrid::memory_needed`], checked before
    /// anything is allocated), and with [`HexError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the allocator refuses the
    /// memory.
    ///
    /// ```
    /// use pathkit::hex::{HexError, HexGrid, HexLayout};
    ///
    /// assert_eq!(HexGrid::new(HexLayout::OddQ, 4, 3).unwrap().len(), 12);
    /// assert!(matches!(HexGrid::new(HexLayout::OddQ, 0, 3), Err(HexError::Empty { .. })));
    /// assert!(matches!(HexGrid::new(HexLayout::OddQ, 1 << 20, 1 << 20), Err(HexError::Refused(pathkit::limits::Refusal::TooLarge { .. }))));
    /// ```
    pub fn new(layout: HexLayout, width: u32, height: u32) -> Result<HexGrid, HexError> {
        Self::from_fn(layout, width, height, |_, _| 1)
    }

    /// A grid whose weights come from `weight(col, row)` (0 = wall), asked row by row. Fails as
    /// [`HexGrid::new`] does, before `weight` is called.
    ///
    /// ```
    /// use pathkit::hex::{HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::from_fn(HexLayout::EvenR, 3, 2, |col, _| u32::from(col != 1)).unwrap();
    /// assert_eq!(grid.weights(), &[1, 0, 1, 1, 0, 1]);
    /// ```
    pub fn from_fn(
        layout: HexLayout,
        width: u32,
        height: u32,
        mut weight: impl FnMut(u32, u32) -> u32,
    ) -> Result<HexGrid, HexError> {
        let mut weights = Self::reserve_weights(width as u64, height as u64)?;
        for row in 0..height {
            for col in 0..width {
                weights.push(weight(col, row));
            }
        }
        Ok(Self::from_weights(layout, width, height, weights))
    }

    /// Bytes a `width` x `height` hex grid takes at most: 4 per hex for the weights and 8 for the
    /// connected components. A search context adds its own records per hex, which it checks itself.
    /// Constructors refuse a grid above [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) with
    /// [`HexError::Refused`] ([`TooLarge`](crate::limits::Refusal::TooLarge)).
    ///
    /// ```
    /// use pathkit::hex::HexGrid;
    /// use pathkit::limits::MAX_MAP_BYTES;
    ///
    /// assert_eq!(HexGrid::memory_needed(100, 100), 120_000);
    /// assert!(HexGrid::memory_needed(u32::MAX, u32::MAX) > MAX_MAP_BYTES);
    /// ```
    #[must_use]
    pub fn memory_needed(width: u32, height: u32) -> u64 {
        Self::bytes_for(width as u64, height as u64)
    }

    /// Bytes per hex.
    const BYTES_PER_HEX: u64 = std::mem::size_of::<u32>() as u64 + HexComponents::BYTES_PER_HEX;

    fn bytes_for(width: u64, height: u64) -> u64 {
        // Under the limit a grid has fewer than 2^31 hexes, so every column and row, and every
        // axial coordinate of a hex in the grid (`|q| <= col + row / 2`), fits `i32`, and every
        // index fits `u32` with `u32::MAX` free for "none".
        const _: () = assert!(MAX_MAP_BYTES / HexGrid::BYTES_PER_HEX < (i32::MAX as u64) / 2);
        width
            .saturating_mul(height)
            .saturating_mul(Self::BYTES_PER_HEX)
    }

    /// [`HexError::Empty`] or [`HexError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)) unless a `width` x `height` grid may be
    /// built: what every constructor and map reader checks before allocating.
    pub(crate) fn check_size(width: u64, height: u64) -> Result<(u32, u32), HexError> {
        if width == 0 || height == 0 {
            return Err(HexError::Empty { width, height });
        }
        let bytes = Self::bytes_for(width, height);
        match (u32::try_from(width), u32::try_from(height)) {
            (Ok(w), Ok(h)) if bytes <= MAX_MAP_BYTES => Ok((w, h)),
            _ => Err(HexError::Refused(Refusal::too_large(bytes))),
        }
    }

    /// Room for the weights of a `width` x `height` grid, after checking its size.
    pub(super) fn reserve_weights(width: u64, height: u64) -> Result<Vec<u32>, HexError> {
        let (w, h) = Self::check_size(width, height)?;
        limits::try_with_capacity(w as usize * h as usize).map_err(HexError::Refused)
    }

    /// The grid of checked, complete `weights`.
    pub(super) fn from_weights(
        layout: HexLayout,
        width: u32,
        height: u32,
        weights: Vec<u32>,
    ) -> HexGrid {
        let mut grid = HexGrid {
            layout,
            width,
            height,
            weights,
            min_weight: 1,
            min_count: 0,
            components: RebuiltTable::default(),
        };
        grid.refresh_min_weight();
        grid
    }

    /// How columns and rows are numbered and shifted.
    #[must_use]
    pub fn layout(&self) -> HexLayout {
        self.layout
    }

    /// Pointy-top or flat-top: [`HexLayout::orientation`] of the layout.
    #[must_use]
    pub fn orientation(&self) -> HexOrientation {
        self.layout.orientation()
    }

    /// Width in columns.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in rows.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of hexes (at least 1).
    #[must_use]
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Always `false`: every constructor refuses a grid with no hexes ([`HexError::Empty`]).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The hex at column `col`, row `row` (offset coordinates), or `None` outside the grid.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::OddR, 4, 3).unwrap();
    /// assert_eq!(grid.hex_at(3, 2), Some(Hex::new(2, 2)));
    /// assert_eq!(grid.hex_at(4, 0), None);
    /// ```
    #[must_use]
    pub fn hex_at(&self, col: u32, row: u32) -> Option<Hex> {
        if col < self.width && row < self.height {
            self.layout.to_hex(col as i64, row as i64)
        } else {
            None
        }
    }

    /// The column and row of `hex`, or `None` when it is outside the grid.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::OddQ, 4, 3).unwrap();
    /// assert_eq!(grid.offset_of(Hex::new(3, 1)), Some((3, 2)));
    /// assert_eq!(grid.offset_of(Hex::new(-1, 0)), None);
    /// ```
    #[must_use]
    pub fn offset_of(&self, hex: Hex) -> Option<(u32, u32)> {
        let (col, row) = self.layout.to_offset(hex);
        match (u32::try_from(col), u32::try_from(row)) {
            (Ok(c), Ok(r)) if c < self.width && r < self.height => Some((c, r)),
            _ => None,
        }
    }

    /// The row-major index of `hex`, or `None` when it is outside the grid.
    ///
    /// ```
    /// use pathkit::hex::{HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::EvenQ, 4, 3).unwrap();
    /// let hex = grid.hex_at(1, 2).unwrap();
    /// assert_eq!(grid.index(hex), Some(9));
    /// assert_eq!(grid.hex_at_index(9), hex);
    /// ```
    #[inline]
    #[must_use]
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.offset_of(hex)
            .map(|(c, r)| r as usize * self.width as usize + c as usize)
    }

    /// The hex at a row-major index: the inverse of [`HexGrid::index`]. An index of
    /// [`HexGrid::len`] or more stands for no hex of the grid; it gives a hex below the grid
    /// (check it with [`HexGrid::contains`]). Never panics.
    ///
    /// ```
    /// use pathkit::hex::{HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::OddR, 4, 3).unwrap();
    /// assert_eq!(grid.offset_of(grid.hex_at_index(6)), Some((2, 1)));
    /// assert!(!grid.contains(grid.hex_at_index(12)));
    /// ```
    #[must_use]
    pub fn hex_at_index(&self, index: usize) -> Hex {
        let w = self.width as usize;
        let (col, row) = ((index % w) as i64, (index / w) as i64);
        // Inside the grid every coordinate fits `i32` (see `bytes_for`); an index far beyond
        // it gives some hex outside the grid instead.
        self.layout
            .to_hex(col, row.min(i32::MAX as i64))
            .unwrap_or(Hex::new(i32::MIN, i32::MIN))
    }

    /// `true` when `hex` is inside the grid (wall or not).
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::OddR, 2, 2).unwrap();
    /// assert!(grid.contains(Hex::new(0, 1)));
    /// assert!(!grid.contains(Hex::new(-1, 0)));
    /// ```
    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.offset_of(hex).is_some()
    }

    /// Checks that `hex` is inside the grid.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexError, HexGrid, HexLayout};
    ///
    /// let grid = HexGrid::new(HexLayout::OddR, 2, 2).unwrap();
    /// assert_eq!(grid.check(Hex::new(0, 1)), Ok(Hex::new(0, 1)));
    /// assert!(matches!(grid.check(Hex::new(0, 2)), Err(HexError::OutOfBounds { .. })));
    /// ```
    pub fn check(&self, hex: Hex) -> Result<Hex, HexError> {
        if self.contains(hex) {
            Ok(hex)
        } else {
            Err(HexError::OutOfBounds {
                hex,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Terrain weight of `hex`: 0 for a wall or a hex outside the grid.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid};
    ///
    /// let grid = HexGrid::from_ascii("hex odd-r\n. # 5").unwrap();
    /// assert_eq!(grid.weight(Hex::new(0, 0)), 1);
    /// assert_eq!(grid.weight(Hex::new(1, 0)), 0); // a wall
    /// assert_eq!(grid.weight(Hex::new(2, 0)), 5);
    /// assert_eq!(grid.weight(Hex::new(3, 0)), 0); // outside
    /// ```
    #[inline]
    #[must_use]
    pub fn weight(&self, hex: Hex) -> u32 {
        self.index(hex).map_or(0, |i| self.weights[i])
    }

    /// All weights, row-major by offset coordinates (0 = wall).
    #[must_use]
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// `true` when `hex` is inside the grid and not a wall.
    #[must_use]
    pub fn is_passable(&self, hex: Hex) -> bool {
        self.weight(hex) != 0
    }

    /// The smallest weight of any passable hex (1 for a grid with none). The heuristic is the
    /// hex distance times it, so that it never overestimates.
    ///
    /// ```
    /// use pathkit::hex::HexGrid;
    ///
    /// let mut grid = HexGrid::from_ascii("hex odd-q\n2   3\n  #  ").unwrap();
    /// assert_eq!(grid.min_weight(), 2);
    /// grid.open(grid.hex_at(1, 0).unwrap()).unwrap();
    /// assert_eq!(grid.min_weight(), 1);
    /// ```
    #[must_use]
    pub fn min_weight(&self) -> u32 {
        self.min_weight
    }

    /// Makes `hex` a wall: [`set_weight`](Self::set_weight) with 0.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    ///
    /// let mut grid = HexGrid::new(HexLayout::OddR, 3, 1).unwrap();
    /// grid.block(Hex::new(1, 0)).unwrap();
    /// assert!(!grid.is_passable(Hex::new(1, 0)));
    /// assert!(grid.block(Hex::new(5, 0)).is_err()); // outside
    /// ```
    pub fn block(&mut self, hex: Hex) -> Result<(), HexError> {
        self.set_weight(hex, 0)
    }

    /// Makes `hex` plain ground of weight 1, whatever it was: [`set_weight`](Self::set_weight)
    /// with 1.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid};
    ///
    /// let mut grid = HexGrid::from_ascii("hex odd-r\n. # 7").unwrap();
    /// grid.open(Hex::new(1, 0)).unwrap();
    /// grid.open(Hex::new(2, 0)).unwrap();
    /// assert_eq!(grid.weights(), &[1, 1, 1]);
    /// ```
    pub fn open(&mut self, hex: Hex) -> Result<(), HexError> {
        self.set_weight(hex, 1)
    }

    /// Sets the terrain weight of `hex` (0 makes it a wall). The connected components follow:
    /// a hex opened joins its neighbours' components at once; a new wall, which may split a
    /// component, has them rebuilt on the next question.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = HexGrid::from_ascii("hex odd-r\n. . .\n # # #").unwrap();
    /// let (a, b) = (Hex::new(0, 0), Hex::new(2, 0));
    /// let mut ctx = SearchContext::new();
    /// let mut cost = |grid: &HexGrid| {
    ///     grid.find_path(&mut ctx, a, b).unwrap().into_path().map(|p| p.cost)
    /// };
    /// assert_eq!(cost(&grid), Some(2));
    /// grid.set_weight(Hex::new(1, 0), 5).unwrap(); // a swamp between them
    /// assert_eq!(cost(&grid), Some(6));
    /// grid.open(Hex::new(0, 1)).unwrap(); // a detour through the row below
    /// grid.open(Hex::new(1, 1)).unwrap();
    /// assert_eq!(cost(&grid), Some(3));
    /// grid.block(Hex::new(1, 1)).unwrap();
    /// assert_eq!(cost(&grid), Some(6));
    /// grid.block(Hex::new(1, 0)).unwrap(); // and a wall instead of the swamp
    /// assert_eq!(cost(&grid), None);
    /// ```
    pub fn set_weight(&mut self, hex: Hex, weight: u32) -> Result<(), HexError> {
        let i = self.index(self.check(hex)?).unwrap_or(0);
        let old = self.weights[i];
        if old == weight {
            return Ok(());
        }
        self.weights[i] = weight;
        if weight == 0 {
            self.components.invalidate();
        } else if old == 0 {
            let mut components = std::mem::take(&mut self.components);
            if let Some(table) = components.get_mut() {
                table.opened(self, i);
            }
            self.components = components;
        }
        if old != 0 && old == self.min_weight {
            self.min_count -= 1;
            if self.min_count == 0 {
                // The last hex at the minimum changed: the new minimum is somewhere else.
                self.refresh_min_weight();
                return Ok(());
            }
        }
        if weight != 0 {
            if self.min_count == 0 || weight < self.min_weight {
                (self.min_weight, self.min_count) = (weight, 1);
            } else if weight == self.min_weight {
                self.min_count += 1;
            }
        }
        Ok(())
    }

    /// Recomputes the minimum and its count from every hex (1 and 0 when none is passable).
    fn refresh_min_weight(&mut self) {
        let passable = self.weights.iter().copied().filter(|&w| w != 0);
        self.min_weight = passable.clone().min().unwrap_or(1);
        let min = self.min_weight;
        self.min_count = passable.filter(|&w| w == min).count();
    }

    /// The components, or the allocator's refusal of their table.
    fn component_or_refusal(&self, hex: Hex) -> Result<Option<u32>, Refusal> {
        match self.index(hex) {
            Some(i) if self.weights[i] != 0 => Ok(self
                .components
                .get(|recycled| HexComponents::build(self, recycled))?
                .component(i)),
            _ => Ok(None),
        }
    }

    /// An id of the connected component of `hex`, or `None` for a wall or a hex outside the grid.
    /// Two hexes are mutually reachable exactly when their ids are equal. The first question builds
    /// the table, 8 bytes per hex (the allocator's refusal is [`HexError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory))); the first after a wall was built
    /// rebuilds it in the same arrays, and a hex opened joins it in place, so edits allocate
    /// nothing.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid};
    ///
    /// let mut grid = HexGrid::from_ascii("hex odd-r\n. # .").unwrap();
    /// let (a, b) = (Hex::new(0, 0), Hex::new(2, 0));
    /// assert_ne!(grid.component(a)?, grid.component(b)?);
    /// assert_eq!(grid.component(Hex::new(1, 0))?, None);
    /// grid.open(Hex::new(1, 0))?;
    /// assert_eq!(grid.component(a)?, grid.component(b)?);
    /// # Ok::<(), pathkit::hex::HexError>(())
    /// ```
    pub fn component(&self, hex: Hex) -> Result<Option<u32>, HexError> {
        self.component_or_refusal(hex).map_err(HexError::Refused)
    }

    /// `true` when a path from `from` to `to` exists (both passable and in one component).
    /// Answered from the connected components: no search.
    ///
    /// ```
    /// use pathkit::hex::HexGrid;
    ///
    /// // Pointy-top odd-r: row 1 is shifted right, so (0, 1) touches both (0, 0) and (1, 0).
    /// let grid = HexGrid::from_ascii("hex odd-r\n. # .\n # . #\n. # .").unwrap();
    /// let (top_left, middle) = (grid.hex_at(0, 0).unwrap(), grid.hex_at(1, 1).unwrap());
    /// assert!(!grid.reachable(top_left, middle)?);
    /// assert!(grid.reachable(middle, grid.hex_at(2, 2).unwrap())?);
    /// # Ok::<(), pathkit::hex::HexError>(())
    /// ```
    pub fn reachable(&self, from: Hex, to: Hex) -> Result<bool, HexError> {
        Ok(match (self.component(from)?, self.component(to)?) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        })
    }
}
