//! [`GridSpace`]: a grid seen as a graph, with a neighbourhood, move costs, a heuristic and rules.

use super::grid_problem::GridProblem;
use super::neighbourhood::{allowed_moves, free_neighbours};
use super::{Cell, Grid, GridError, GridRules, MoveKind, TileRules};
use crate::search::{
    IndexedSpace, SearchContext, SearchOptions, SearchSpace, Stats, Status, WhenUnreachable,
};
use crate::Cost;
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// How a grid query is answered ([`GridSpace::plan`]).
pub(super) enum Plan<C> {
    /// Without searching.
    Answered(Status<C>),
    /// By the search core's fast loop ([`GridProblem`], buckets, trusted costs).
    Fast,
    /// By the general loop over the space.
    General,
}

/// Which diagonal moves are allowed.
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // (1, 0) is free and (0, 1) a wall: the diagonal from (0, 0) to (1, 1) cuts a corner.
/// let grid = Grid::from_ascii("..\n#.").unwrap();
/// let mut ctx = SearchContext::new();
/// let mut cost = |rule| {
///     let space = grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap();
///     space.find_path(&mut ctx, Cell::new(0, 0), Cell::new(1, 1)).unwrap().into_path().unwrap().cost
/// };
/// assert_eq!(cost(Diagonal::NoCornerCutting), 2.0);
/// assert_eq!(cost(Diagonal::CornerCutting), std::f64::consts::SQRT_2);
/// assert_eq!(cost(Diagonal::Never), 2.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Diagonal {
    /// 4-connected: no diagonal moves.
    Never,
    /// A diagonal move needs both orthogonal cells beside it free: no cutting wall corners. The rule
    /// of the Moving AI benchmarks and of the A* tutorials.
    #[default]
    NoCornerCutting,
    /// A diagonal move needs at least one of the two orthogonal cells free: corners may be cut, but
    /// there is no squeezing between two diagonal walls.
    CornerCutting,
    /// Any diagonal move between two free cells.
    Always,
}

/// The estimate of the remaining cost.
///
/// ```
/// use pathkit::grid::{Diagonal, Grid, Heuristic};
///
/// let grid = Grid::new(4, 4).unwrap();
/// assert_eq!(grid.four_connected().resolved_heuristic(), Heuristic::Manhattan);
/// assert_eq!(grid.eight_connected().resolved_heuristic(), Heuristic::Octile);
/// // Diagonals cheaper than straight moves: only Chebyshev stays admissible.
/// let space = grid.space(Diagonal::Always, 2u32, 1u32).unwrap();
/// assert_eq!(space.resolved_heuristic(), Heuristic::Chebyshev);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Heuristic {
    /// The tightest of the others that is admissible for the space's neighbourhood and move costs.
    #[default]
    Auto,
    /// `(|dx| + |dy|) x straight`.
    Manhattan,
    /// `(max - min) x straight + min x diagonal`, with `max`, `min` of `|dx|`, `|dy|`.
    Octile,
    /// `max(|dx|, |dy|) x min(straight, diagonal)`.
    Chebyshev,
    /// `sqrt(dx² + dy²) x straight`.
    Euclidean,
    /// Zero: Dijkstra's algorithm.
    Zero,
}

/// Neighbour offsets in the tutorials' order: Top, Left, Bottom, Right, then TopLeft, BottomLeft,
/// TopRight, BottomRight.
pub const NEIGHBOUR_ORDER: [(i64, i64); 8] = [
    (0, -1),
    (-1, 0),
    (0, 1),
    (1, 0),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// A [`Grid`] as a search space: cells are nodes; moves go to the 4 or 8 neighbours allowed by the
/// [`Diagonal`] rule and the [`TileRules`]; a move costs its base cost (straight or diagonal) times
/// the weight of the cell entered. A cell the rules cannot enter has no moves out either, so every
/// search treats a start inside a wall as unreachable from (as [`crate::jps`] does).
/// Its [`Pathfinder`] search answers a walled start or goal as unreachable without
/// searching; the search core, which knows nothing of walls, still answers a query from a node to
/// itself with that node, wall or not.
///
/// Neighbours are generated in [`NEIGHBOUR_ORDER`], so with [`TieBreak::Lifo`](crate::search::TieBreak::Lifo)
/// a search follows the Cat Maze tutorials step for step.
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
/// // 8-connected, no corner cutting, 10 straight and 14 diagonal.
/// let space = grid.space(Diagonal::NoCornerCutting, 10u32, 14u32).unwrap();
/// assert_eq!((space.diagonal(), space.move_costs()), (Diagonal::NoCornerCutting, (10, 14)));
/// assert_eq!(space.grid(), &grid);
/// let mut ctx = SearchContext::new();
/// let path = space.find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 2)).unwrap();
/// assert_eq!(path.into_path().unwrap().cost, 44); // right, right, diagonal, down
/// ```
#[derive(Clone, Debug)]
#[must_use = "a space does nothing until it is searched"]
pub struct GridSpace<'g, C, R = GridRules> {
    grid: &'g Grid,
    rules: R,
    diagonal: Diagonal,
    straight: C,
    diagonal_cost: C,
    heuristic: Heuristic,
    /// Heuristic cost of one straight and one diagonal unit, before the weight scaling.
    h_units: Option<(f64, f64)>,
    /// Resolved heuristic and its unit costs, including the minimum weight.
    h_kind: Heuristic,
    h_straight: f64,
    h_diagonal: f64,
    /// Whether the resolved heuristic is consistent for these moves (the fast loop needs it).
    h_consistent: bool,
    /// `true` while the rules are the grid's own ([`GridRules`], set by the grid's constructors
    /// and dropped by [`with_rules`](GridSpace::with_rules)): then a search may answer unreachable
    /// goals from the grid's connected components and run the fast loop. Kept by the library, so
    /// no rules a user writes can claim it wrongly.
    pub(super) own_weights: bool,
}

impl Grid {
    /// 4-connected, every move costs 1 (times the weight of the cell entered), Manhattan
    /// heuristic.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    /// let path = grid.four_connected().find_path(&mut SearchContext::new(), Cell::new(0, 0), Cell::new(2, 2)).unwrap();
    /// assert_eq!(path.into_path().unwrap().cost, 4);
    /// ```
    pub fn four_connected(&self) -> GridSpace<'_, u32> {
        GridSpace::build(self, Diagonal::Never, 1, 1)
    }

    /// 8-connected under the Moving AI rules: no corner cutting, straight moves cost 1 and
    /// diagonal ones √2 (times the weight of the cell entered), octile heuristic.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    /// let space = grid.eight_connected();
    /// assert_eq!(space.diagonal(), Diagonal::NoCornerCutting);
    /// let path = space.find_path(&mut SearchContext::new(), Cell::new(0, 0), Cell::new(2, 2)).unwrap();
    /// assert_eq!(path.into_path().unwrap().cost, 4.0); // around the wall: no corner cut
    /// ```
    pub fn eight_connected(&self) -> GridSpace<'_, f64> {
        GridSpace::build(
            self,
            Diagonal::NoCornerCutting,
            1.0,
            std::f64::consts::SQRT_2,
        )
    }

    /// A space with the given diagonal rule and base move costs (the diagonal cost is unused when
    /// `diagonal` is [`Diagonal::Never`]). Costs must be finite and positive.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid, GridError};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    /// // The tutorials' integer costs: 10 straight, 14 diagonal, corners may be cut.
    /// let space = grid.space(Diagonal::CornerCutting, 10u32, 14u32).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let path = space.find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 2)).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 34); // down, diagonally past the wall's corner, right
    /// assert!(matches!(grid.space(Diagonal::Never, 0u32, 0u32), Err(GridError::InvalidMoveCost { .. })));
    /// ```
    pub fn space<C: Cost>(
        &self,
        diagonal: Diagonal,
        straight: C,
        diagonal_cost: C,
    ) -> Result<GridSpace<'_, C>, GridError> {
        for (kind, c) in [
            (MoveKind::Straight, straight),
            (MoveKind::Diagonal, diagonal_cost),
        ] {
            if !c.is_valid() || c.total_order(&C::ZERO).is_eq() {
                return Err(GridError::InvalidMoveCost {
                    kind,
                    value: c.to_f64(),
                });
            }
        }
        Ok(GridSpace::build(self, diagonal, straight, diagonal_cost))
    }
}

impl<'g, C: Cost> GridSpace<'g, C, GridRules> {
    /// A space under the grid's own weights.
    fn build(grid: &'g Grid, diagonal: Diagonal, straight: C, diagonal_cost: C) -> Self {
        let mut s = GridSpace {
            grid,
            rules: GridRules,
            diagonal,
            straight,
            diagonal_cost,
            heuristic: Heuristic::Auto,
            h_units: None,
            h_kind: Heuristic::Zero,
            h_straight: 0.0,
            h_diagonal: 0.0,
            h_consistent: false,
            own_weights: true,
        };
        s.resolve_heuristic();
        s
    }
}

impl<'g, C: Cost, R: TileRules> GridSpace<'g, C, R> {
    fn resolve_heuristic(&mut self) {
        let (s, d) = self
            .h_units
            .unwrap_or((self.straight.to_f64(), self.diagonal_cost.to_f64()));
        let scale = self.rules.min_weight(self.grid).max(1) as f64;
        let auto = if self.diagonal == Diagonal::Never {
            Heuristic::Manhattan
        } else if d >= s && d <= 2.0 * s {
            Heuristic::Octile
        } else if d > 2.0 * s {
            Heuristic::Manhattan
        } else {
            Heuristic::Chebyshev
        };
        self.h_kind = match self.heuristic {
            Heuristic::Auto => auto,
            other => other,
        };
        // The automatic choice never drops by more than a move costs; zero never drops.
        self.h_consistent = self.h_units.is_none()
            && (self.h_kind == auto || self.h_kind == Heuristic::Zero)
            && (s * scale).is_finite()
            && (d * scale).is_finite();
        self.h_straight = s * scale;
        self.h_diagonal = d * scale;
    }

    /// Uses another heuristic. Only [`Heuristic::Auto`] is guaranteed admissible; the others are
    /// admissible when they match the neighbourhood (Manhattan for 4-connected moves, octile for
    /// 8-connected moves with `straight <= diagonal <= 2 x straight`).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid, Heuristic};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(20, 20).unwrap();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(19, 10));
    /// let mut ctx = SearchContext::new();
    /// let space = grid.eight_connected();
    /// let astar = space.find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// let astar_expanded = ctx.stats().expanded;
    /// let zero = space.with_heuristic(Heuristic::Zero);
    /// assert_eq!(zero.resolved_heuristic(), Heuristic::Zero);
    /// let dijkstra = zero.find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// assert!((astar.cost - dijkstra.cost).abs() < 1e-9);
    /// assert!(ctx.stats().expanded > astar_expanded); // no estimate, no focus
    /// ```
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = heuristic;
        self.resolve_heuristic();
        self
    }

    /// Prices the heuristic with these unit costs instead of the move costs (they are still scaled
    /// by the rules' minimum weight). The Cocos2D tutorial's diagonal variant, for one, moves at
    /// 10/14 but estimates with the unscaled tile distance: `heuristic_units(1.0, 1.0)`.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
    /// let space = grid.space(Diagonal::NoCornerCutting, 10u32, 14u32).unwrap();
    /// let tutorial = space.clone().heuristic_units(1.0, 1.0);
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(4, 1));
    /// let exact = space.find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// let weak = tutorial.find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
    /// assert_eq!(exact.cost, weak.cost); // a lower estimate is still admissible
    /// ```
    pub fn heuristic_units(mut self, straight: f64, diagonal: f64) -> Self {
        self.h_units = Some((straight, diagonal));
        self.resolve_heuristic();
        self
    }

    /// The same space seen through other rules (another kind of character).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("..3..").unwrap();
    /// // A heavy character sinks into soft ground: weights above 1 are walls to it.
    /// let heavy = |g: &Grid, c: Cell| if g.weight(c) == 1 { 1 } else { 0 };
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(4, 0));
    /// let light = grid.four_connected().find_path(&mut ctx, start, goal).unwrap();
    /// assert_eq!(light.into_path().unwrap().cost, 6);
    /// let heavy = grid.four_connected().with_rules(heavy).find_path(&mut ctx, start, goal).unwrap();
    /// assert!(!heavy.is_found());
    /// ```
    pub fn with_rules<R2: TileRules>(self, rules: R2) -> GridSpace<'g, C, R2> {
        let mut s = GridSpace {
            grid: self.grid,
            rules,
            diagonal: self.diagonal,
            straight: self.straight,
            diagonal_cost: self.diagonal_cost,
            heuristic: self.heuristic,
            h_units: self.h_units,
            h_kind: self.h_kind,
            h_straight: 0.0,
            h_diagonal: 0.0,
            h_consistent: false,
            own_weights: false,
        };
        s.resolve_heuristic();
        s
    }

    /// The grid.
    #[must_use]
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The diagonal rule.
    #[must_use]
    pub fn diagonal(&self) -> Diagonal {
        self.diagonal
    }

    /// Base cost of a straight and of a diagonal move.
    #[must_use]
    pub fn move_costs(&self) -> (C, C) {
        (self.straight, self.diagonal_cost)
    }

    /// The heuristic in use, with [`Heuristic::Auto`] resolved.
    ///
    /// ```
    /// use pathkit::grid::{Grid, Heuristic};
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// assert_eq!(grid.eight_connected().resolved_heuristic(), Heuristic::Octile);
    /// let space = grid.eight_connected().with_heuristic(Heuristic::Euclidean);
    /// assert_eq!(space.resolved_heuristic(), Heuristic::Euclidean);
    /// ```
    #[must_use]
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.h_kind
    }

    /// The weight of entering `cell` for these rules (0 outside the grid or impassable).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_ascii(".#4").unwrap();
    /// let ghost = |g: &Grid, c: Cell| if g.is_passable(c) { g.weight(c) } else { 9 };
    /// let space = grid.four_connected().with_rules(ghost);
    /// assert_eq!((space.weight(1, 0), space.weight(2, 0)), (9, 4));
    /// assert_eq!(space.weight(-1, 0), 0); // outside
    /// assert_eq!(grid.four_connected().weight(1, 0), 0); // the grid's own rules: a wall
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn weight(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x >= self.grid.width() as i64 || y >= self.grid.height() as i64 {
            return 0;
        }
        self.rules.weight(self.grid, Cell::new(x as u32, y as u32))
    }

    /// The cost of a move of base cost `base` into a cell of weight `weight`.
    #[inline(always)]
    pub(super) fn priced(base: C, weight: u32) -> C {
        if weight == 1 {
            base
        } else {
            // Saturates; a path through such a move reports a cost overflow.
            base.checked_mul_count(weight)
                .unwrap_or_else(|| C::from_f64_floor(f64::MAX))
        }
    }

    /// Successors on a grid whose passable cells all weigh 1: the 3x3 neighbourhood comes from three
    /// reads of the padded bitmap, and every move costs its base cost.
    ///
    /// Kept out of line: the search loop calls it once per expanded cell, and it calls the
    /// loop's visit once per neighbour. Inlined into the loop, how well that inner call was
    /// compiled depended on everything else the loop's function held: builds whose loop code was
    /// the same differed by 12% in instructions. On its own it compiles the same way every time,
    /// and faster (`pathkit verify --algo astar-general` under callgrind).
    #[inline(never)]
    fn uniform_successors<F: FnMut(Cell, C)>(&self, x: i64, y: i64, mut visit: F) {
        let free = free_neighbours(self.grid.bitmap(), x, y);
        let mut moves = allowed_moves(free, self.diagonal);
        while moves != 0 {
            let k = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = NEIGHBOUR_ORDER[k];
            let cost = if k < 4 {
                self.straight
            } else {
                self.diagonal_cost
            };
            // A free neighbour is inside the map, so the coordinates stay in range.
            visit(Cell::new((x + dx) as u32, (y + dy) as u32), cost);
        }
    }

    /// A path from `start` to the one cell `goal` ([`Pathfinder`]'s answer for [`Goal::Node`]).
    /// It checks both are inside the grid ([`GridError::OutOfBounds`] otherwise).
    ///
    /// A start or goal these rules cannot enter (a wall, for the grid's own rules) is
    /// [`Status::Unreachable`], without searching: the same answer Jump Point Search gives. When
    /// the rules are the grid's own, a goal in another connected component is answered from the
    /// grid's components, also without searching. `start == goal` on a passable cell is the path
    /// `[start]` at cost zero. With [`WhenUnreachable::ClosestPoint`], an unreachable or walled
    /// goal is searched for its closest point instead ([`Status::Closest`]); a walled start is
    /// still unreachable (it has no moves).
    ///
    /// Under the grid's own weights, plain A* (no limits, heuristic weight 1, the automatic
    /// heuristic) runs a loop that takes each neighbour's index straight from the bitmap and
    /// keeps its open list in a bucket queue. It expands the same nodes in the same order as
    /// [`SearchContext::search_into`] and returns the same path, about three times as fast on the
    /// Moving AI game maps (1.6 times on mazes of 1-wide corridors). The first such query on a
    /// grid has the grid build a table of one byte per cell (each cell's free neighbours), which
    /// edits then keep up to date.
    fn to_cell_into(
        &self,
        ctx: &mut SearchContext<C>,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<C>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<C>, GridError> {
        path.clear();
        match self.plan(start, goal, options)? {
            Plan::Answered(status) => {
                ctx.stats = Stats::default();
                Ok(status)
            }
            Plan::Fast => {
                let problem = GridProblem::new(self, goal, self.grid.try_free_masks()?);
                ctx.prepare_bound(self.grid.len())?;
                Ok(ctx.run_trusted(
                    &problem,
                    (self.grid.index(start) as u32, (start, 8)),
                    self.grid.index(goal) as u32,
                    options.tie_break,
                    path,
                )?)
            }
            Plan::General => Ok(ctx.search_into(self, start, goal, options, path)?),
        }
    }

    /// How [`to_cell_into`](Self::to_cell_into) answers a query, after checking both cells
    /// are inside the grid: at once (a walled start or goal, a goal in another component), by
    /// the fast loop, or by the general one. A goal that cannot be reached is still searched
    /// when the closest point is asked for (a walled start is not: it has no moves).
    pub(super) fn plan(
        &self,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<C>,
    ) -> Result<Plan<C>, GridError> {
        let ends = self.check_ends(start, goal)?;
        let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
        Ok(if !ends.worth_searching(closest) {
            Plan::Answered(Status::Unreachable)
        } else if ends.is_open() && self.fast_loop_applies(options) {
            Plan::Fast
        } else {
            Plan::General
        })
    }

    /// Whether a search may run the search core's fast loop: plain optimal
    /// A* (no limits, heuristic weight 1) under the grid's own weights, with a consistent
    /// heuristic (the automatic one, or zero).
    pub(super) fn fast_loop_applies(&self, options: &SearchOptions<C>) -> bool {
        self.own_weights
            && options.heuristic_weight == 1.0
            && options.max_expansions.is_none()
            && options.max_cost.is_none()
            && self.h_consistent
    }
}

impl<C: Cost, R: TileRules> SearchSpace for GridSpace<'_, C, R> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors<F: FnMut(Cell, C)>(&self, cell: Cell, mut visit: F) {
        let (x, y) = (cell.x as i64, cell.y as i64);
        // A cell these rules cannot enter has no moves out either: a start inside a wall is
        // unreachable from, as Jump Point Search and `find_path` answer.
        if self.weight(x, y) == 0 {
            return;
        }
        let mut w = [0u32; 8];
        if self.own_weights && self.grid.max_weight() == 1 {
            return self.uniform_successors(x, y, visit);
        }
        for (k, (dx, dy)) in NEIGHBOUR_ORDER.iter().enumerate().take(4) {
            w[k] = self.weight(x + dx, y + dy);
            if w[k] != 0 {
                visit(
                    Cell::new((x + dx) as u32, (y + dy) as u32),
                    Self::priced(self.straight, w[k]),
                );
            }
        }
        if self.diagonal == Diagonal::Never {
            return;
        }
        // Orthogonal cells beside each diagonal: TopLeft = (Top, Left), BottomLeft = (Bottom, Left),
        // TopRight = (Top, Right), BottomRight = (Bottom, Right).
        const BESIDE: [(usize, usize); 4] = [(0, 1), (2, 1), (0, 3), (2, 3)];
        for (k, &(dx, dy)) in NEIGHBOUR_ORDER.iter().enumerate().skip(4) {
            let (a, b) = BESIDE[k - 4];
            let allowed = match self.diagonal {
                Diagonal::NoCornerCutting => w[a] != 0 && w[b] != 0,
                Diagonal::CornerCutting => w[a] != 0 || w[b] != 0,
                _ => true,
            };
            if allowed {
                let wd = self.weight(x + dx, y + dy);
                if wd != 0 {
                    visit(
                        Cell::new((x + dx) as u32, (y + dy) as u32),
                        Self::priced(self.diagonal_cost, wd),
                    );
                }
            }
        }
    }

    #[inline(always)]
    fn heuristic(&self, cell: Cell, goal: Cell) -> C {
        let dx = cell.x.abs_diff(goal.x) as f64;
        let dy = cell.y.abs_diff(goal.y) as f64;
        let (hi, lo) = if dx > dy { (dx, dy) } else { (dy, dx) };
        let estimate = match self.h_kind {
            Heuristic::Manhattan => (dx + dy) * self.h_straight,
            Heuristic::Octile => (hi - lo) * self.h_straight + lo * self.h_diagonal,
            Heuristic::Chebyshev => hi * self.h_straight.min(self.h_diagonal),
            Heuristic::Euclidean => (dx * dx + dy * dy).sqrt() * self.h_straight,
            Heuristic::Zero | Heuristic::Auto => 0.0,
        };
        C::from_f64_floor(estimate)
    }
}

/// Searches a grid under these moves, costs and rules.
///
/// Every cell asked for must be inside the grid ([`GridError::OutOfBounds`] otherwise). A start
/// or goal these rules cannot enter (a wall, for the grid's own rules) is unreachable without
/// searching: the same answer Jump Point Search gives. When the rules are the grid's own, a goal in
/// another connected component is answered from the grid's components, also without searching.
/// `start == goal` on a passable cell is the path `[start]` at cost zero. With
/// [`WhenUnreachable::ClosestPoint`], an unreachable or walled goal is searched for its closest
/// point instead ([`Status::Closest`]); a walled start is still unreachable (it has no moves).
///
/// Under the grid's own weights, plain A* (no limits, heuristic weight 1, the automatic heuristic)
/// runs a loop that takes each neighbour's index straight from the bitmap and keeps its open list
/// in a bucket queue. It expands the same nodes in the same order as
/// the general loop ([`AStar`](crate::search::AStar)) and returns the same path, about three times as fast on the
/// Moving AI game maps (1.6 times on mazes of 1-wide corridors). The first such query on a grid
/// has the grid build a table of one byte per cell (each cell's free neighbours), which edits then
/// keep up to date. Other rules and options run the general loop over the space.
///
/// Several goals are searched backwards from all of them at once, so the nearest is found in one
/// search; a goal test spreads out in every direction from the start (Dijkstra's order, the tie
/// rule and limits honoured). A walled start reaches nothing.
///
/// # Errors
///
/// [`GridError::OutOfBounds`] for a start or goal outside the grid; [`GridError::Refused`]
/// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when a table the grid builds on first use
/// (connected components, free-neighbour masks) cannot be allocated; [`GridError::Search`] when a
/// path's cost overflows the cost type, the rules give an invalid cost, or an option is out of
/// range; [`GridError::Unsupported`] for the closest point to a goal test (it has no place to be
/// close to).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Outcome, SearchContext};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("....\n.##.\n..#.")?;
/// let space = grid.eight_connected();
/// let mut ctx = SearchContext::new();
/// let path = space.find_path(&mut ctx, Cell::new(0, 2), Cell::new(3, 2))?.into_path().unwrap();
/// assert_eq!((path.nodes.first(), path.nodes.last()), (Some(&Cell::new(0, 2)), Some(&Cell::new(3, 2))));
/// // Walled goals are answered without searching.
/// assert_eq!(space.find_path(&mut ctx, Cell::new(0, 2), Cell::new(1, 1))?, Outcome::Unreachable);
/// assert_eq!(ctx.stats().expanded, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<C: Cost, R: TileRules> Pathfinder for GridSpace<'_, C, R> {
    type Node = Cell;
    type Cost = C;
    type Context = SearchContext<C>;
    type Error = GridError;

    /// Both cells on the grid; a start or goal these rules cannot enter; under the grid's own
    /// weights, two cells in different components (custom rules answer [`Ends::Open`] there:
    /// the grid's components are not theirs).
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, GridError> {
        self.grid.check(start)?;
        self.grid.check(goal)?;
        let blocked = |cell: Cell| self.weight(i64::from(cell.x), i64::from(cell.y)) == 0;
        Ok(if blocked(start) {
            Ends::StartBlocked
        } else if blocked(goal) {
            Ends::GoalBlocked
        } else if self.own_weights && !self.grid.try_reachable(start, goal, self.diagonal)? {
            Ends::Apart
        } else {
            Ends::Open
        })
    }

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<C>,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<C>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<C>, GridError> {
        match to {
            Goal::Node(goal) => self.to_cell_into(ctx, start, goal, options, path),
            Goal::AnyOf(goals) => self.to_nearest_into(ctx, start, goals, options, path),
            Goal::Matching(accepts) => {
                path.clear();
                self.grid.check(start)?;
                if options.when_unreachable != WhenUnreachable::NoPath {
                    return Err(GridError::Unsupported(Unsupported::ClosestPoint));
                }
                if self.weight(i64::from(start.x), i64::from(start.y)) == 0 {
                    ctx.stats = Stats::default();
                    return Ok(Status::Unreachable);
                }
                Ok(ctx.search_nearest_into(self, start, accepts, options, path)?)
            }
        }
    }
}

impl<C: Cost, R: TileRules> IndexedSpace for GridSpace<'_, C, R> {
    #[inline(always)]
    fn node_bound(&self) -> usize {
        self.grid.len()
    }
    #[inline(always)]
    fn index_of(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.grid.width() && cell.y < self.grid.height()).then(|| self.grid.index(cell))
    }
    #[inline(always)]
    fn node_at(&self, index: usize) -> Cell {
        self.grid.cell_at(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell past either edge has no index (the next row's cell is not it), and each inside
    /// has its row-major one.
    #[test]
    fn index_of_refuses_cells_past_either_edge() {
        let grid = Grid::new(5, 3).unwrap();
        let space = grid.four_connected();
        for (x, y) in [(5, 0), (0, 3), (5, 2), (4, 3), (u32::MAX, 0), (0, u32::MAX)] {
            assert_eq!(space.index_of(Cell::new(x, y)), None, "({x}, {y})");
        }
        for y in 0..3 {
            for x in 0..5 {
                let index = space.index_of(Cell::new(x, y));
                assert_eq!(index, Some((y * 5 + x) as usize));
                assert_eq!(space.node_at(index.unwrap()), Cell::new(x, y));
            }
        }
    }

    /// Each heuristic a user may choose estimates exactly the formula its variant of
    /// [`Heuristic`] documents, scaled by the lightest weight, with straight and diagonal costs
    /// apart.
    #[test]
    fn each_heuristic_is_its_documented_formula() {
        let grid = Grid::from_fn(9, 7, |cell| 2 + cell.x % 3).unwrap();
        let cells = (0..7).flat_map(|y| (0..9).map(move |x| Cell::new(x, y)));
        let (s, d) = (3.0, 5.0);
        let space = grid.space(Diagonal::Always, s, d).unwrap();
        let goal = Cell::new(2, 3);
        for (heuristic, formula) in [
            (
                Heuristic::Manhattan,
                &(|dx: f64, dy: f64| (dx + dy) * s) as &dyn Fn(f64, f64) -> f64,
            ),
            (Heuristic::Octile, &|dx: f64, dy: f64| {
                (dx.max(dy) - dx.min(dy)) * s + dx.min(dy) * d
            }),
            (Heuristic::Chebyshev, &|dx: f64, dy: f64| {
                dx.max(dy) * s.min(d)
            }),
            (Heuristic::Euclidean, &|dx: f64, dy: f64| {
                (dx * dx + dy * dy).sqrt() * s
            }),
            (Heuristic::Zero, &|_: f64, _: f64| 0.0),
        ] {
            let chosen = space.clone().with_heuristic(heuristic);
            for cell in cells.clone() {
                let dx = f64::from(cell.x.abs_diff(goal.x));
                let dy = f64::from(cell.y.abs_diff(goal.y));
                // The lightest weight is 2.
                let expected = 2.0 * formula(dx, dy);
                let estimate = SearchSpace::heuristic(&chosen, cell, goal);
                assert!(
                    (estimate - expected).abs() < 1e-9,
                    "{heuristic:?} from {cell} to {goal}: {estimate}, not {expected}"
                );
            }
        }
    }

    /// The automatic heuristic is the exact distance of the cheapest moves: Manhattan without
    /// diagonals or when a diagonal costs more than two straight moves, octile when it costs
    /// between one and two, Chebyshev when it costs less than one; a chosen one is kept.
    #[test]
    fn the_automatic_heuristic_follows_the_move_costs() {
        let grid = Grid::new(4, 4).unwrap();
        let auto = |rule: Diagonal, straight: f64, diagonal: f64| {
            grid.space(rule, straight, diagonal)
                .unwrap()
                .resolved_heuristic()
        };
        for (straight, diagonal, want) in [
            (10.0, 14.0, Heuristic::Octile),
            (10.0, 10.0, Heuristic::Octile),
            (10.0, 20.0, Heuristic::Octile),
            (10.0, 20.5, Heuristic::Manhattan),
            (10.0, 25.0, Heuristic::Manhattan),
            (1.0, 2.5, Heuristic::Manhattan),
            (1.0, 1.9, Heuristic::Octile),
            (10.0, 7.0, Heuristic::Chebyshev),
            (1.0, 0.5, Heuristic::Chebyshev),
        ] {
            for rule in [
                Diagonal::NoCornerCutting,
                Diagonal::CornerCutting,
                Diagonal::Always,
            ] {
                assert_eq!(
                    auto(rule, straight, diagonal),
                    want,
                    "{rule:?} {straight}/{diagonal}"
                );
            }
            assert_eq!(
                auto(Diagonal::Never, straight, diagonal),
                Heuristic::Manhattan
            );
        }
        let chosen = grid.eight_connected().with_heuristic(Heuristic::Euclidean);
        assert_eq!(chosen.resolved_heuristic(), Heuristic::Euclidean);
    }

    /// Over open terrain of one weight, the automatic estimate is the cost of the path: the
    /// cheapest moves, priced at the lightest weight (Chebyshev, for diagonals cheaper than a
    /// straight move, only bounds it: a move's parity can force a straight one).
    #[test]
    fn the_automatic_estimate_is_exact_over_open_terrain() {
        let mut grid = Grid::new(7, 5).unwrap();
        let cells: Vec<Cell> = (0..5)
            .flat_map(|y| (0..7).map(move |x| Cell::new(x, y)))
            .collect();
        for &cell in &cells {
            grid.set_weight(cell, 3).unwrap();
        }
        let mut ctx = SearchContext::new();
        for rule in [Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::Always] {
            for (straight, diagonal) in [(10.0, 14.0), (1.0, 2f64.sqrt()), (2.0, 5.0), (5.0, 3.0)] {
                let space = grid.space(rule, straight, diagonal).unwrap();
                let exact = space.resolved_heuristic() != Heuristic::Chebyshev;
                for &goal in &cells {
                    for &cell in &cells {
                        let cost = space
                            .find_path(&mut ctx, cell, goal)
                            .unwrap()
                            .into_path()
                            .unwrap()
                            .cost;
                        let estimate = space.heuristic(cell, goal);
                        let what = format!("{rule:?} {straight}/{diagonal} {cell:?}->{goal:?}");
                        assert!(estimate <= cost + 1e-9, "{what}: {estimate} > {cost}");
                        if exact {
                            assert!(
                                (estimate - cost).abs() < 1e-9,
                                "{what}: {estimate} < {cost}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// `find_path` hands a query to the fast loop only when the estimate is consistent (the
    /// automatic heuristic or zero, priced by the move costs); otherwise the general loop, which
    /// reopens nodes an inconsistent estimate closed too early, answers. Either way its answer is
    /// the general loop's, node for node: same status, same path, same number of expansions.
    #[test]
    fn find_path_answers_as_the_general_loop_for_every_heuristic() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            crate::test_random::xorshift(&mut seed);
            seed % n
        };
        let (mut ctx, mut path) = (SearchContext::new(), Vec::new());
        let mut compared = 0;
        for round in 0..60 {
            let (w, h) = (2 + next(9) as u32, 2 + next(9) as u32);
            let mut grid = Grid::new(w, h).unwrap();
            // Every other grid has no cell cheaper than 3: the estimates are then scaled by the
            // lightest weight.
            let lightest = if round % 2 == 0 { 1 } else { 3 };
            let cells: Vec<Cell> = (0..h)
                .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
                .collect();
            for &cell in &cells {
                let weight = match next(10) {
                    0..=1 => 0,
                    2..=5 => lightest,
                    _ => lightest + next(6) as u32,
                };
                grid.set_weight(cell, weight).unwrap();
            }
            for rule in [
                Diagonal::Never,
                Diagonal::NoCornerCutting,
                Diagonal::CornerCutting,
                Diagonal::Always,
            ] {
                for (straight, diagonal) in
                    [(1.0, 2f64.sqrt()), (10.0, 14.0), (3.0, 7.0), (5.0, 4.0)]
                {
                    let space = grid.space(rule, straight, diagonal).unwrap();
                    for heuristic in [
                        Heuristic::Auto,
                        Heuristic::Zero,
                        Heuristic::Manhattan,
                        Heuristic::Octile,
                        Heuristic::Chebyshev,
                        Heuristic::Euclidean,
                    ] {
                        for units in [None, Some((1.0, 1.0)), Some((9.0, 30.0))] {
                            let mut space = space.clone().with_heuristic(heuristic);
                            if let Some((s, d)) = units {
                                space = space.heuristic_units(s, d);
                            }
                            let start = cells[next(cells.len() as u64) as usize];
                            let goal = cells[next(cells.len() as u64) as usize];
                            if grid.weight(start) == 0 {
                                // Answered before any loop runs (unreachable from a wall).
                                continue;
                            }
                            // Half the queries weighted: find_path must leave those to the
                            // general loop's weighting.
                            let options = match next(2) {
                                0 => SearchOptions::default(),
                                _ => SearchOptions::weighted(1.5),
                            };
                            let found = space
                                .find_path_into(
                                    &mut ctx,
                                    start,
                                    Goal::Node(goal),
                                    &options,
                                    &mut path,
                                )
                                .unwrap();
                            let (found_path, found_stats) = (path.clone(), ctx.stats());
                            let general = ctx
                                .search_into(&space, start, goal, &options, &mut path)
                                .unwrap();
                            let what = format!(
                                "{w}x{h} {rule:?} {straight}/{diagonal} {heuristic:?} {units:?} \
                                 {start:?}->{goal:?}\n{}",
                                grid.to_ascii()
                            );
                            assert_eq!(found, general, "{what}");
                            assert_eq!(found_path, path, "{what}");
                            if found.is_found() {
                                assert_eq!(found_stats, ctx.stats(), "{what}");
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 5_000, "only {compared} paths compared");
    }

    /// Moves so dear that a move times the lightest weight is not a finite number: the estimate
    /// would be infinite, and the general loop's checks answer.
    #[test]
    fn an_estimate_beyond_every_number_is_left_to_the_general_loop() {
        let mut grid = Grid::new(4, 2).unwrap();
        for y in 0..2 {
            for x in 0..4 {
                grid.set_weight(Cell::new(x, y), u32::MAX).unwrap();
            }
        }
        let (mut ctx, mut path) = (SearchContext::new(), Vec::new());
        let options = SearchOptions::default();
        // A move times u32::MAX is finite for `half`, twice that is not.
        let half = f64::MAX / 2.0 / f64::from(u32::MAX) * 1.5;
        for (rule, straight, diagonal, beyond) in [
            (Diagonal::Always, 1e300, 1.5e300, true),
            (Diagonal::Always, 1.0, 1e300, false),
            (Diagonal::Always, 1e300, 1.0, false),
            (Diagonal::Never, 1e300, 1.0, true),
            (Diagonal::Always, half, 2.0 * half, true),
        ] {
            let space = grid.space(rule, straight, diagonal).unwrap();
            let (start, goal) = (Cell::new(0, 0), Cell::new(3, 1));
            let found =
                space.find_path_into(&mut ctx, start, Goal::Node(goal), &options, &mut path);
            let general = ctx.search_into(&space, start, goal, &options, &mut path);
            let general = general.map_err(GridError::Search);
            assert_eq!(
                found.is_err(),
                beyond,
                "{rule:?} {straight}/{diagonal}: {found:?}"
            );
            assert_eq!(format!("{found:?}"), format!("{general:?}"));
        }
    }
}
