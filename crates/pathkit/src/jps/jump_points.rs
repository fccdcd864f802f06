//! Jump Point Search and JPS+ behind the front door: [`JumpPoints`] (a grid searched online) and
//! [`JpsPlus`] with its [`JpsPlusPaths`] (the precomputed table).

use super::context::check_ends;
use super::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode};
use crate::grid::{Cell, Diagonal, Grid};
use crate::search::{SearchOptions, Status, WhenUnreachable};
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// A uniform-cost grid searched by online Jump Point Search under a [`JpsMode`] (the moves, and
/// whether a path lists every cell or only the jump points). Made by [`Grid::jump_points`]; a
/// copy of two words, so make one per query or keep it.
///
/// Optimal paths, far fewer expansions than A*, nothing precomputed: the grid may change between
/// queries. Costs are the Moving AI ones, 1 per straight move and √2 per diagonal move (1 per move
/// 4-connected). Each query checks that every passable cell costs the same
/// ([`JpsError::NonUniformCost`] otherwise: search weighted grids with A* on a
/// [`GridSpace`](crate::grid::GridSpace)).
///
/// Answers one goal, the nearest of several ([`Goal::AnyOf`], searched backwards from all of them
/// at once) and the closest point to an unreachable goal
/// ([`WhenUnreachable::ClosestPoint`]). It refuses, with [`JpsError::Unsupported`], a goal test,
/// limits, weights, tie rules and the closest point to several goals: Jump Point Search skips the
/// cells those would need.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode};
/// use pathkit::search::Outcome;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("....#...\n.##.#.#.\n......#.")?;
/// let mut ctx = JpsContext::new();
/// let four = grid.jump_points(JpsMode::FOUR);
/// let path = four.find_path(&mut ctx, Cell::new(0, 0), Cell::new(7, 0))?.into_path().unwrap();
/// assert_eq!(path.cost, 11.0);
/// assert_eq!(path.nodes.len(), 12); // every cell on the way
///
/// let eight = grid.jump_points(JpsMode::EIGHT);
/// assert_eq!(eight.find_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0))?, Outcome::Unreachable);
///
/// // The nearest exit; only the turning points listed.
/// let exits = [Cell::new(7, 0), Cell::new(0, 2)];
/// let turns = grid.jump_points(JpsMode::EIGHT.jump_points());
/// let path = turns.find_path(&mut ctx, Cell::new(5, 1), &exits)?.into_path().unwrap();
/// assert_eq!(path.nodes.last(), Some(&Cell::new(7, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JumpPoints<'g> {
    grid: &'g Grid,
    mode: JpsMode,
}

impl Grid {
    /// This grid searched by online Jump Point Search under `mode` ([`JumpPoints`]).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let mut ctx = JpsContext::new();
    /// let path = grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1))?;
    /// assert_eq!(path.into_path().unwrap().cost, 7.0); // no cutting the wall's corners
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump_points(&self, mode: JpsMode) -> JumpPoints<'_> {
        JumpPoints { grid: self, mode }
    }
}

impl<'g> JumpPoints<'g> {
    /// The grid searched.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::JpsMode;
    ///
    /// let grid = Grid::new(3, 2)?;
    /// assert_eq!(grid.jump_points(JpsMode::EIGHT).grid().width(), 3);
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    #[must_use]
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The moves and the path listing searched with.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::jps::JpsMode;
    ///
    /// let grid = Grid::new(3, 2)?;
    /// assert_eq!(grid.jump_points(JpsMode::FOUR).mode(), JpsMode::FOUR);
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    pub fn mode(&self) -> JpsMode {
        self.mode
    }
}

/// What a Jump Point Search is asked for, once the request is known to be one it can answer.
enum Request<'a> {
    /// The path to this goal.
    One(Cell),
    /// The path to this goal, or to the closest point when it cannot be reached.
    OrClosest(Cell),
    /// The path to the nearest of these goals.
    Nearest(&'a [Cell]),
}

/// What a Jump Point Search can answer: one goal or several, the closest point for one goal only,
/// default options otherwise.
fn request<'a>(to: Goal<'a, Cell>, options: &SearchOptions<f64>) -> Result<Request<'a>, JpsError> {
    let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
    let asked = match to {
        Goal::Matching(_) => Err(Unsupported::GoalTest),
        Goal::AnyOf(_) if closest => Err(Unsupported::ClosestPoint),
        Goal::AnyOf(goals) => Ok(Request::Nearest(goals)),
        Goal::Node(goal) if closest => Ok(Request::OrClosest(goal)),
        Goal::Node(goal) => Ok(Request::One(goal)),
    };
    asked
        .and_then(|r| Unsupported::check_plain(options, true).map(|()| r))
        .map_err(JpsError::Unsupported)
}

impl Pathfinder for JumpPoints<'_> {
    type Node = Cell;
    type Cost = f64;
    type Context = JpsContext;
    type Error = JpsError;

    /// Both cells on the grid, a uniform-cost grid and moves Jump Point Search takes (errors
    /// otherwise); then a walled end, or two ends in different components.
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, JpsError> {
        check_ends(self.grid, start, goal, self.mode.moves)
    }

    fn find_path_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        match request(to, options)? {
            Request::OrClosest(goal) => {
                ctx.online_or_closest_into(self.grid, start, goal, self.mode, path)
            }
            Request::One(goal) => ctx.online_into(self.grid, start, goal, self.mode, path),
            Request::Nearest(goals) => {
                ctx.online_nearest_into(self.grid, start, goals, self.mode, path)
            }
        }
    }
}

/// JPS+ ([`JpsPlus`]) listing paths as `mode` says: made by [`JpsPlus::paths`]. `JpsPlus` itself
/// lists every cell.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsPlus, PathMode};
/// use pathkit::Pathfinder;
///
/// let plus = JpsPlus::new(Grid::new(20, 20)?)?;
/// let mut ctx = JpsContext::new();
/// let turns = plus.paths(PathMode::JumpPoints);
/// let path = turns.find_path(&mut ctx, Cell::new(0, 0), Cell::new(19, 0))?.into_path().unwrap();
/// assert_eq!(path.nodes, [Cell::new(0, 0), Cell::new(19, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JpsPlusPaths<'a> {
    pub(super) plus: &'a JpsPlus,
    pub(super) mode: PathMode,
}

impl JpsPlus {
    /// This table's searches, listing paths as `mode` says ([`JpsPlusPaths`]).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsPlus, PathMode};
    /// use pathkit::Pathfinder;
    ///
    /// let plus = JpsPlus::new(Grid::from_ascii("......\n.####.\n......")?)?;
    /// let mut ctx = JpsContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(5, 1));
    /// let cells = plus.find_path(&mut ctx, start, goal)?.into_path().unwrap();
    /// let turns = plus.paths(PathMode::JumpPoints).find_path(&mut ctx, start, goal)?.into_path().unwrap();
    /// assert_eq!(cells.cost, turns.cost);
    /// assert!(turns.nodes.len() < cells.nodes.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paths(&self, mode: PathMode) -> JpsPlusPaths<'_> {
        JpsPlusPaths { plus: self, mode }
    }
}

/// Searches the JPS+ table, listing every cell of a path. Answers, and refuses, what
/// [`JumpPoints`] does.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode, JpsPlus};
/// use pathkit::search::{SearchOptions, Status, WhenUnreachable};
/// use pathkit::{Goal, Pathfinder};
///
/// let grid = Grid::from_ascii("........\n.##.###.\n........\n.#.##.#.")?;
/// let plus = JpsPlus::new(grid.clone())?;
/// let mut ctx = JpsContext::new();
/// let (start, goal) = (Cell::new(0, 3), Cell::new(7, 0));
/// let by_table = plus.find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// let online = grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// assert_eq!(by_table.cost, online.cost);
///
/// // A goal walled in on the right, and the closest point to it.
/// let walled = JpsPlus::new(Grid::from_ascii("....#.")?)?;
/// let mut path = Vec::new();
/// let options = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
/// let status = walled.find_path_into(&mut ctx, Cell::new(0, 0), Goal::Node(Cell::new(5, 0)), &options, &mut path)?;
/// assert_eq!(status, Status::Closest { cost: 3.0 });
/// assert_eq!(path.last(), Some(&Cell::new(3, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Pathfinder for JpsPlus {
    type Node = Cell;
    type Cost = f64;
    type Context = JpsContext;
    type Error = JpsError;

    /// As [`JumpPoints`]' check, 8-connected.
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, JpsError> {
        check_ends(self.grid(), start, goal, Diagonal::NoCornerCutting)
    }

    fn find_path_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        self.paths(PathMode::Cells)
            .find_path_into(ctx, start, to, options, path)
    }
}

/// Searches the JPS+ table, listing paths as the [`PathMode`] given to [`JpsPlus::paths`] says.
impl Pathfinder for JpsPlusPaths<'_> {
    type Node = Cell;
    type Cost = f64;
    type Context = JpsContext;
    type Error = JpsError;

    /// As [`JumpPoints`]' check, 8-connected.
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, JpsError> {
        self.plus.check_ends(start, goal)
    }

    fn find_path_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let plus = self.plus;
        match request(to, options)? {
            Request::OrClosest(goal) => {
                plus.table_or_closest_into(ctx, start, goal, self.mode, path)
            }
            Request::One(goal) => plus.table_into(ctx, start, goal, self.mode, path),
            Request::Nearest(goals) => plus.table_nearest_into(ctx, start, goals, self.mode, path),
        }
    }
}
