//! [`GridAreas`]: the area of every cell of a tile map (water, mud, a road), so that agents are
//! kept out of areas, or pay more in them, with the same [`AreaFilter`] as on a navigation mesh.

use super::{Cell, Grid, GridError, GridRules, TileRules};
use crate::navmesh::{AreaFilter, MAX_AREAS};

/// The area of each cell of a grid, 0 to 63 ([`MAX_AREAS`]), 0 where none was set: the tile
/// map's side of the one vocabulary of areas that navigation meshes speak
/// ([`NavMesh::from_obstacles_with_areas`](crate::navmesh::NavMesh::from_obstacles_with_areas)).
/// An agent searches the grid under [`rules`](Self::rules): the [`AreaFilter`] it has on a mesh
/// keeps it out of the areas the filter forbids, and [`AreaCosts`] multiply the weight of the
/// cells of an area (a road at 1, mud at 3). Both are exact on a grid: the search sees walls
/// and weights, and its paths stay optimal.
///
/// Areas sit beside the grid's own weights (its terrain), which they multiply: a swamp's cells
/// weigh what the grid says, times the swamp's cost for this agent.
///
/// ```
/// use pathkit::grid::{AreaCosts, Cell, Grid, GridAreas};
/// use pathkit::navmesh::AreaFilter;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// const WATER: u8 = 1;
/// let grid = Grid::new(7, 3)?;
/// let mut areas = GridAreas::new(&grid);
/// for y in 0..2 {
///     areas.set(Cell::new(3, y), WATER)?; // a stream, with a ford at the bottom row
/// }
/// let (from, to) = (Cell::new(0, 0), Cell::new(6, 0));
/// let mut ctx = SearchContext::new();
/// let swimmer = grid.four_connected().with_rules(areas.rules(AreaFilter::ALL, AreaCosts::new()));
/// assert_eq!(swimmer.find_path(&mut ctx, from, to)?.into_path().unwrap().cost, 6);
/// let walker = areas.rules(AreaFilter::ALL.without(WATER)?, AreaCosts::new());
/// let walker = grid.four_connected().with_rules(walker);
/// assert_eq!(walker.find_path(&mut ctx, from, to)?.into_path().unwrap().cost, 10); // by the ford
/// // Wading allowed, at five times the effort: the ford is still cheaper.
/// let costs = AreaCosts::new().with(WATER, 5)?;
/// let wader = grid.four_connected().with_rules(areas.rules(AreaFilter::ALL, costs));
/// assert_eq!(wader.find_path(&mut ctx, from, to)?.into_path().unwrap().cost, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridAreas {
    width: u32,
    height: u32,
    /// Row by row.
    areas: Vec<u8>,
}

impl GridAreas {
    /// Every cell of `grid` in area 0.
    #[must_use]
    pub fn new(grid: &Grid) -> GridAreas {
        GridAreas {
            width: grid.width(),
            height: grid.height(),
            areas: vec![0; grid.len()],
        }
    }

    /// Puts `cell` in area `area`.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] for a cell outside the grid, [`GridError::InvalidArea`] for an
    /// area of [`MAX_AREAS`] or more; nothing changes then.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid, GridAreas, GridError};
    ///
    /// let mut areas = GridAreas::new(&Grid::new(4, 4)?);
    /// areas.set(Cell::new(1, 2), 7)?;
    /// assert_eq!(areas.area(Cell::new(1, 2)), Some(7));
    /// assert_eq!(areas.set(Cell::new(0, 0), 64), Err(GridError::InvalidArea { area: 64 }));
    /// assert!(areas.set(Cell::new(4, 0), 1).is_err());
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn set(&mut self, cell: Cell, area: u8) -> Result<(), GridError> {
        let k = self.index(cell)?;
        if usize::from(area) >= MAX_AREAS {
            return Err(GridError::InvalidArea { area });
        }
        self.areas[k] = area;
        Ok(())
    }

    /// The area of `cell`; `None` outside the grid.
    #[must_use]
    pub fn area(&self, cell: Cell) -> Option<u8> {
        self.index(cell).ok().map(|k| self.areas[k])
    }

    fn index(&self, cell: Cell) -> Result<usize, GridError> {
        if cell.x < self.width && cell.y < self.height {
            Ok(cell.y as usize * self.width as usize + cell.x as usize)
        } else {
            Err(GridError::OutOfBounds {
                x: i64::from(cell.x),
                y: i64::from(cell.y),
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The [`TileRules`] of an agent that enters only the areas `filter` allows, each at the
    /// grid's weight times the area's cost in `costs`: search the grid with
    /// `space.with_rules(areas.rules(filter, costs))`. A cell of a grid larger than these
    /// areas is in area 0.
    #[must_use]
    pub fn rules(&self, filter: AreaFilter, costs: AreaCosts) -> AreaRules<'_, GridRules> {
        self.rules_over(GridRules, filter, costs)
    }

    /// [`rules`](Self::rules) over an agent's own rules `base` (the weights areas multiply).
    #[must_use]
    pub fn rules_over<R: TileRules>(
        &self,
        base: R,
        filter: AreaFilter,
        costs: AreaCosts,
    ) -> AreaRules<'_, R> {
        AreaRules {
            areas: self,
            filter,
            costs,
            base,
        }
    }
}

/// What entering a cell of each area costs an agent, as a multiple of the cell's weight: 1 for
/// every area unless set ([`with`](Self::with)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaCosts {
    factors: Vec<u32>,
}

impl Default for AreaCosts {
    fn default() -> Self {
        AreaCosts {
            factors: vec![1; MAX_AREAS],
        }
    }
}

impl AreaCosts {
    /// Every area at 1.
    #[must_use]
    pub fn new() -> AreaCosts {
        AreaCosts::default()
    }

    /// The same costs, area `area` at `factor` times the weight of its cells.
    ///
    /// # Errors
    /// [`GridError::InvalidArea`] for an area of [`MAX_AREAS`] or more, or a factor of 0 (an
    /// area no agent may enter is the filter's to say).
    pub fn with(mut self, area: u8, factor: u32) -> Result<AreaCosts, GridError> {
        if usize::from(area) >= MAX_AREAS || factor == 0 {
            return Err(GridError::InvalidArea { area });
        }
        self.factors[usize::from(area)] = factor;
        Ok(self)
    }

    /// The factor of area `area` (1 past the last area).
    #[must_use]
    pub fn factor(&self, area: u8) -> u32 {
        self.factors.get(usize::from(area)).copied().unwrap_or(1)
    }
}

/// The [`TileRules`] of an agent on a grid with areas ([`GridAreas::rules`]): the weight its
/// base rules give a cell, times the cost of the cell's area, or 0 (a wall to it) where its
/// filter forbids the area. A weight past `u32::MAX` stays at `u32::MAX`.
#[derive(Clone, Debug)]
pub struct AreaRules<'a, R> {
    areas: &'a GridAreas,
    filter: AreaFilter,
    costs: AreaCosts,
    base: R,
}

impl<R: TileRules> TileRules for AreaRules<'_, R> {
    #[inline]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        let area = self.areas.area(cell).unwrap_or(0);
        if !self.filter.allows(area) {
            return 0;
        }
        self.base
            .weight(grid, cell)
            .saturating_mul(self.costs.factor(area))
    }

    /// The base rules' lightest weight times the cheapest factor of an area the agent may
    /// enter.
    fn min_weight(&self, grid: &Grid) -> u32 {
        let cheapest = (0..MAX_AREAS as u8)
            .filter(|&a| self.filter.allows(a))
            .map(|a| self.costs.factor(a))
            .min()
            .unwrap_or(1);
        self.base.min_weight(grid).saturating_mul(cheapest).max(1)
    }
}
