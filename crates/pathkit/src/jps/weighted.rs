//! [`WeightedJumpPoints`]: optimal Jump Point Search on grids with terrain weights.

use super::context::{check_terrain_ends, JpsContext};
use super::weighted_jump::{is_regular, regular_bitmaps, turns, Weighted8};
use super::{JpsError, PathMode};
use crate::grid::{Bitmap, Cell, Diagonal, Grid, GridError};
use crate::limits;
use crate::search::{Landmarks, SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// Jump Point Search on a weighted grid: the same optimal paths as A* on
/// [`Grid::eight_connected`] (entering a cell costs 1 straight or √2 diagonally, times its
/// weight; no corner cutting), found by jumping across stretches of one weight instead of
/// expanding every cell.
///
/// Plain Jump Point Search refuses weights ([`JpsError::NonUniformCost`]): its pruning assumes
/// every move of a kind costs the same. That still holds around a cell whose 3 x 3 window is
/// all one weight (walls aside), so this search prunes and jumps exactly as JPS does there. It
/// stops at every cell where the terrain changes, and looks on from there along every direction
/// but those that another way of one or two moves from the cell's predecessor makes at least as
/// cheap (prices compared exactly, ties going to the way that moves diagonally first, as JPS
/// breaks them). On maps of terrain patches (swamps, roads, forests) most cells are inside a
/// patch and the search skips them: 3.6x faster than A* by the median over the Moving AI maps
/// with patches of terrain, 4.5x on a 4096 x 4096 map (`docs/performance.md`, "Weighted
/// terrain"). On terrain that changes from cell to cell every cell is a stop and it does A*'s
/// work. On any terrain, a map queried many times pays for landmarks
/// ([`with_landmarks`](Self::with_landmarks)): their bounds replace the weak octile estimate
/// and cut the expansions several times over.
///
/// Building it reads every cell once to mark where the terrain changes (two bitmaps, a bit per
/// cell each) and, for each such cell, which directions it keeps for each way it may be entered
/// (8 bytes a cell); [`set_weight`](Self::set_weight) edits the grid and works out the marks
/// of the 3 x 3 cells around it again, so the map can change between queries. Queries use a
/// [`JpsContext`], reused across them; a warm one allocates nothing, and neither does an edit.
///
/// Only a single goal is searched: several goals ([`Goal::AnyOf`]), a goal test, the closest
/// point and the search options other than the defaults are [`JpsError::Unsupported`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, WeightedJumpPoints};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A swamp (weight 5) between the ends: the way around it is cheaper than the way through.
/// let grid = Grid::from_ascii(
///     "..........\n\
///      ..5555....\n\
///      ..5555....\n\
///      ..........",
/// )?;
/// let (start, goal) = (Cell::new(0, 2), Cell::new(9, 2));
/// let jumps = WeightedJumpPoints::new(grid.clone())?;
/// let path = jumps.find_path(&mut JpsContext::new(), start, goal)?.into_path().unwrap();
/// let astar = grid.eight_connected().find_path(&mut SearchContext::new(), start, goal)?.into_path().unwrap();
/// assert!((path.cost - astar.cost).abs() < 1e-9); // the same optimum as A*
/// assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (start, goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct WeightedJumpPoints {
    grid: Grid,
    /// Cells whose 3 x 3 window is all one weight (walls aside), row-major and transposed.
    regular: (Bitmap, Bitmap),
    /// For every cell where the terrain changes, the directions it must look along, one byte
    /// for each way it may be entered (see `weighted_jump::turns`); 0 elsewhere.
    turns: Vec<u64>,
}

impl WeightedJumpPoints {
    /// Marks where `grid`'s terrain changes and which directions each such cell keeps (one pass
    /// over the grid; 8 bytes and 2 bits a cell), and keeps the grid.
    ///
    /// Fails with [`JpsError::Refused`] when the marks would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or the allocator refuses them.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::WeightedJumpPoints;
    ///
    /// let jumps = WeightedJumpPoints::new(Grid::from_ascii("..3\n.#3")?)?;
    /// assert_eq!(jumps.grid().weights(), &[1, 1, 3, 1, 0, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: Grid) -> Result<Self, JpsError> {
        let regular = regular_bitmaps(&grid).map_err(refusal)?;
        limits::check(limits::bytes_of::<u64>(grid.len() as u64)).map_err(JpsError::Refused)?;
        let mut all = limits::try_filled(grid.len(), 0u64).map_err(JpsError::Refused)?;
        for (i, t) in all.iter_mut().enumerate() {
            *t = turns(&grid, grid.cell_at(i));
        }
        Ok(WeightedJumpPoints {
            grid,
            regular,
            turns: all,
        })
    }

    /// The grid searched.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::WeightedJumpPoints;
    ///
    /// let jumps = WeightedJumpPoints::new(Grid::new(6, 4)?)?;
    /// assert_eq!((jumps.grid().width(), jumps.grid().height()), (6, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Gives the grid back.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::WeightedJumpPoints;
    ///
    /// let grid = WeightedJumpPoints::new(Grid::from_ascii(".2.")?)?.into_grid();
    /// assert_eq!(grid.weights(), &[1, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// Sets the weight of `cell` (0 makes it a wall) and updates the marks of the cells around
    /// it; the next query sees the change.
    ///
    /// Fails with [`JpsError::OutOfBounds`] for a cell outside the grid, changing nothing.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, WeightedJumpPoints};
    /// use pathkit::Pathfinder;
    ///
    /// let mut jumps = WeightedJumpPoints::new(Grid::new(5, 1)?)?;
    /// let mut ctx = JpsContext::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(4, 0));
    /// assert_eq!(jumps.find_path(&mut ctx, start, goal)?.into_path().unwrap().cost, 4.0);
    /// jumps.set_weight(Cell::new(2, 0), 7)?; // mud on the only way
    /// assert_eq!(jumps.find_path(&mut ctx, start, goal)?.into_path().unwrap().cost, 10.0);
    /// assert!(jumps.set_weight(Cell::new(5, 0), 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), JpsError> {
        let (width, height) = (self.grid.width(), self.grid.height());
        self.grid.set_weight(cell, weight).map_err(|e| match e {
            GridError::Refused(r) => JpsError::Refused(r),
            _ => JpsError::OutOfBounds {
                cell,
                width,
                height,
            },
        })?;
        for y in cell.y.saturating_sub(1)..=(cell.y + 1).min(height - 1) {
            for x in cell.x.saturating_sub(1)..=(cell.x + 1).min(width - 1) {
                let near = Cell::new(x, y);
                let regular = is_regular(&self.grid, near);
                self.regular.0.set(x, y, regular);
                self.regular.1.set(y, x, regular);
                self.turns[self.grid.index(near)] = turns(&self.grid, near);
            }
        }
        Ok(())
    }

    /// Bytes held besides the grid: the two bitmaps of regular cells and the 8 bytes a cell
    /// that say where a cell on a change of terrain must look.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::WeightedJumpPoints;
    ///
    /// let jumps = WeightedJumpPoints::new(Grid::new(1024, 1024)?)?;
    /// assert!(jumps.memory_bytes() < 1024 * 1024 * (8 + 1) ); // about 8 bytes and two bits a cell
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        let (w, h) = (self.grid.width(), self.grid.height());
        Bitmap::memory_needed(w, h)
            + Bitmap::memory_needed(h, w)
            + limits::bytes_of::<u64>(self.turns.len() as u64)
    }
}

/// The refusal of a bitmap that could not be allocated.
fn refusal(e: GridError) -> JpsError {
    match e {
        GridError::Refused(r) => JpsError::Refused(r),
        // A grid is never empty, so its bitmaps fail only by refusal.
        other => unreachable!("bitmaps of a grid: {other}"),
    }
}

impl WeightedJumpPoints {
    /// The same search estimated with landmark bounds as well as the octile distance: on
    /// weighted terrain the octile distance times the lightest weight says little, and the
    /// landmarks' exact costs see through the terrain, so far fewer jump points are expanded
    /// (5-40x faster than A* on the Moving AI maps with terrain, `docs/performance.md`).
    ///
    /// `landmarks` must have been built on this grid's [`Grid::eight_connected`] space, and the
    /// weights may only have grown since (walls added, weights raised): the bounds stay
    /// admissible then, and the paths optimal. After a weight is lowered or a wall taken
    /// away, build the landmarks again.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, WeightedJumpPoints};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("....3333..\n.##.3333..\n..........")?;
    /// let choice = LandmarkChoice::Farthest { count: 2, seed: Cell::new(0, 0) };
    /// let landmarks = Landmarks::new(&grid.eight_connected(), choice)?;
    /// let jumps = WeightedJumpPoints::new(grid)?;
    /// let mut ctx = JpsContext::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(9, 0));
    /// let guided = jumps.with_landmarks(&landmarks).find_path(&mut ctx, start, goal)?;
    /// let plain = jumps.find_path(&mut ctx, start, goal)?;
    /// assert!((guided.path().unwrap().cost - plain.path().unwrap().cost).abs() < 1e-9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_landmarks<'a>(
        &'a self,
        landmarks: &'a Landmarks<Cell, f64>,
    ) -> GuidedJumpPoints<'a> {
        GuidedJumpPoints {
            jumps: self,
            landmarks,
        }
    }

    /// The query of both doors: `landmarks` when given.
    fn search(
        &self,
        ctx: &mut JpsContext,
        landmarks: Option<&Landmarks<Cell, f64>>,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let goal = match to {
            Goal::Node(goal) => goal,
            Goal::AnyOf(_) => return Err(JpsError::Unsupported(Unsupported::SeveralGoals)),
            Goal::Matching(_) => return Err(JpsError::Unsupported(Unsupported::GoalTest)),
        };
        Unsupported::check_plain(options, false).map_err(JpsError::Unsupported)?;
        path.clear();
        ctx.reset_stats();
        if !self.check_ends(start, goal)?.is_open() {
            return Ok(Status::Unreachable);
        }
        if start == goal {
            path.push(start);
            return Ok(Status::Found { cost: 0.0 });
        }
        let mut expander = Weighted8::new(&self.grid, &self.regular, &self.turns);
        if let Some(landmarks) = landmarks {
            expander = expander.with_landmarks(landmarks, goal);
        }
        ctx.search(
            &expander,
            self.grid.width(),
            self.grid.len(),
            start,
            goal,
            PathMode::Cells,
            path,
        )
    }
}

/// [`WeightedJumpPoints`] estimated with landmark bounds too
/// ([`WeightedJumpPoints::with_landmarks`]): the same optimal paths, far fewer expansions.
#[derive(Clone, Copy, Debug)]
pub struct GuidedJumpPoints<'a> {
    jumps: &'a WeightedJumpPoints,
    landmarks: &'a Landmarks<Cell, f64>,
}

impl Pathfinder for GuidedJumpPoints<'_> {
    type Node = Cell;
    type Cost = f64;
    type Context = JpsContext;
    type Error = JpsError;

    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, JpsError> {
        self.jumps.check_ends(start, goal)
    }

    fn find_path_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        self.jumps
            .search(ctx, Some(self.landmarks), start, to, options, path)
    }
}

impl Pathfinder for WeightedJumpPoints {
    type Node = Cell;
    type Cost = f64;
    type Context = JpsContext;
    type Error = JpsError;

    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, JpsError> {
        check_terrain_ends(&self.grid, start, goal, Diagonal::NoCornerCutting, true)
    }

    fn find_path_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        self.search(ctx, None, start, to, options, path)
    }
}
