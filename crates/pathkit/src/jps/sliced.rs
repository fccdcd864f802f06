//! [`PendingJpsSearch`]: Jump Point Search and JPS+ run a slice at a time.

use super::context::{check_query, Checked, Expander, JumpExpansion};
use super::four::Online4;
use super::jump::Online8;
use super::plus::PlusRays;
use super::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode};
use crate::grid::{Cell, Diagonal, Grid};
use crate::search::{
    begin, finish_path, progress_of, AtIndex, Outcome, Progress, Slices, Stats, Status, TieBreak,
    TrustedSliced,
};

/// The successor generation of a pending search.
enum Rays<'g> {
    Eight(Online8<'g>),
    Four(Online4<'g>),
    Plus(PlusRays<'g>),
}

/// Where a pending search stands.
enum State {
    /// Answered without searching (`start == goal` is the path `[start]`).
    Answered(Status<f64>, Cell),
    /// Searching.
    Searching(Slices<Cell, f64, TrustedSliced>),
}

/// A Jump Point Search or JPS+ query run a slice at a time: made by
/// [`JpsContext::start_path`] or [`JpsPlus::start_path`], advanced by
/// [`resume`](Self::resume). A step is the expansion of one jump point (with all the scanning it
/// takes), so budgets are far smaller than A*'s for the same map. Resumed until done, it answers
/// exactly what [`JumpPoints`](super::JumpPoints) (or [`JpsPlus`]) answers, with the same
/// counters, whatever the budgets. It holds the context and the grid (or table) until dropped.
///
/// # In a game
///
/// Call `resume(20)` once per frame until [`Progress::Done`]:
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode};
/// use pathkit::search::Progress;
///
/// let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
/// let mut ctx = JpsContext::new();
/// let mut search = ctx.start_path(&grid, Cell::new(0, 1), Cell::new(5, 1), JpsMode::EIGHT).unwrap();
/// let path = loop {
///     if let Progress::Done(outcome) = search.resume(1).unwrap() {
///         break outcome.into_path().unwrap();
///     }
/// };
/// assert_eq!(path.cost, 7.0);
/// ```
#[must_use = "nothing is searched until `resume` is called"]
pub struct PendingJpsSearch<'c, 'g> {
    ctx: &'c mut JpsContext,
    rays: Rays<'g>,
    width: u32,
    goal: Cell,
    mode: PathMode,
    state: State,
}

impl PendingJpsSearch<'_, '_> {
    /// Runs at most `steps` more jump-point expansions; the outcome once the search is over.
    ///
    /// # Errors
    ///
    /// None in practice (costs are the library's own); the type is that of the one-shot query.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::search::Progress;
    ///
    /// let grid = Grid::from_ascii("....#....\n.##.#.##.\n.#..#..#.\n.#.....#.").unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mut search = ctx.start_path(&grid, Cell::new(0, 0), Cell::new(8, 0), JpsMode::EIGHT).unwrap();
    /// let mut frames = 1;
    /// let outcome = loop {
    ///     match search.resume(1).unwrap() {
    ///         Progress::Running => frames += 1,
    ///         Progress::Done(outcome) => break outcome,
    ///     }
    /// };
    /// assert!(frames > 1);
    /// assert!(outcome.is_found());
    /// ```
    pub fn resume(&mut self, steps: u64) -> Result<Progress<Outcome<Cell, f64>>, JpsError> {
        progress_of(|path| self.resume_into(steps, path))
    }

    /// [`resume`](Self::resume) writing the path, once the search is over, into `path` (reusing
    /// its capacity): allocation-free once warm.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::search::{Progress, Status};
    ///
    /// let grid = Grid::new(30, 30).unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mut path = Vec::new();
    /// let mut search = ctx.start_path(&grid, Cell::new(0, 0), Cell::new(0, 29), JpsMode::EIGHT).unwrap();
    /// let status = loop {
    ///     if let Progress::Done(status) = search.resume_into(1, &mut path).unwrap() {
    ///         break status;
    ///     }
    /// };
    /// assert_eq!(status, Status::Found { cost: 29.0 });
    /// assert_eq!(path.len(), 30);
    /// ```
    pub fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<Cell>,
    ) -> Result<Progress<Status<f64>>, JpsError> {
        let slices = match &mut self.state {
            State::Answered(status, start) => {
                path.clear();
                if status.is_found() {
                    path.push(*start);
                }
                return Ok(Progress::Done(*status));
            }
            State::Searching(slices) => slices,
        };
        let (ctx, goal, mode, width) = (&mut *self.ctx, self.goal, self.mode, self.width);
        let end = match &self.rays {
            Rays::Eight(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
            Rays::Four(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
            Rays::Plus(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
        }?;
        Ok(end.map_or(Progress::Running, Progress::Done))
    }

    /// The counters so far (the one-shot query's [`JpsContext::stats`], once done).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    ///
    /// let grid = Grid::from_ascii("...#...\n.#.#.#.\n.#...#.").unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mut search = ctx.start_path(&grid, Cell::new(0, 0), Cell::new(6, 0), JpsMode::FOUR).unwrap();
    /// assert_eq!(search.stats().expanded, 0);
    /// let _ = search.resume(1).unwrap();
    /// assert_eq!(search.stats().expanded, 1);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        match &self.state {
            State::Answered(..) => Stats::default(),
            State::Searching(slices) => slices.stats(),
        }
    }

    /// `true` once the search is over.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    ///
    /// let grid = Grid::from_ascii("..#").unwrap();
    /// let mut ctx = JpsContext::new();
    /// // A walled goal is answered at once.
    /// let search = ctx.start_path(&grid, Cell::new(0, 0), Cell::new(2, 0), JpsMode::EIGHT).unwrap();
    /// assert!(search.is_done());
    /// ```
    #[must_use]
    pub fn is_done(&self) -> bool {
        match &self.state {
            State::Answered(..) => true,
            State::Searching(slices) => slices.is_over(),
        }
    }
}

/// One slice of a search by `expander`; the status, once over, with the path in `path`.
fn slice<E: Expander>(
    ctx: &mut JpsContext,
    slices: &mut Slices<Cell, f64, TrustedSliced>,
    expander: &E,
    (width, goal, mode): (u32, Cell, PathMode),
    steps: u64,
    path: &mut Vec<Cell>,
) -> Result<Option<Status<f64>>, JpsError> {
    let policy = JumpExpansion::new(expander, width, goal, mode);
    let target = AtIndex(policy.index(goal));
    let end = slices.resume(&mut ctx.records, &mut ctx.open, &policy, &target, steps);
    ctx.stats = slices.stats();
    Ok(end?.map(|finish| finish_path(&mut ctx.records, &policy, finish, path)))
}

/// Starts a search by `expander` on a grid of `width` and `cells`, after [`check_query`].
fn start<E: Expander>(
    ctx: &mut JpsContext,
    expander: &E,
    (width, cells): (u32, usize),
    (start, goal, mode): (Cell, Cell, PathMode),
) -> Result<State, JpsError> {
    ctx.records
        .new_generation(cells)
        .map_err(JpsError::Refused)?;
    let policy = JumpExpansion::new(expander, width, goal, mode);
    let run = begin(
        &mut ctx.records,
        &mut ctx.open,
        &policy,
        TrustedSliced,
        TieBreak::LargerG,
        None,
        (policy.index(start), start),
    )?;
    ctx.stats = run.stats;
    Ok(State::Searching(Slices::new(run)))
}

/// A pending search on `grid` by `rays`, or its answer when [`check_query`] gives one.
fn pending<'c, 'g>(
    ctx: &'c mut JpsContext,
    grid: &Grid,
    rays: Rays<'g>,
    (from, goal): (Cell, Cell),
    connectivity: Diagonal,
    mode: PathMode,
) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
    ctx.stats = Stats::default();
    let sizes = (grid.width(), grid.len());
    let ends = (from, goal, mode);
    let state = match check_query(grid, from, goal, connectivity, &mut ctx.cells)? {
        Checked::Done(status) => State::Answered(status, from),
        Checked::Search => match &rays {
            Rays::Eight(e) => start(ctx, e, sizes, ends)?,
            Rays::Four(e) => start(ctx, e, sizes, ends)?,
            Rays::Plus(e) => start(ctx, e, sizes, ends)?,
        },
    };
    Ok(PendingJpsSearch {
        ctx,
        rays,
        width: grid.width(),
        goal,
        mode,
        state,
    })
}

impl JpsContext {
    /// Starts the search [`Pathfinder::find_path`](crate::Pathfinder::find_path) runs from `start` to `goal`, a slice at a
    /// time ([`PendingJpsSearch`]); nothing is expanded yet.
    ///
    /// # Errors
    ///
    /// As [`Pathfinder::find_path`](crate::Pathfinder::find_path): cells outside the grid, a grid that is not
    /// uniform-cost, memory.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    ///
    /// let grid = Grid::new(50, 50).unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mut search = ctx.start_path(&grid, Cell::new(0, 0), Cell::new(49, 20), JpsMode::FOUR).unwrap();
    /// let outcome = search.resume(u64::MAX).unwrap().done().unwrap();
    /// assert_eq!(outcome.path().unwrap().cost, 69.0);
    /// ```
    pub fn start_path<'c, 'g>(
        &'c mut self,
        grid: &'g Grid,
        start: Cell,
        goal: Cell,
        mode: JpsMode,
    ) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
        let rays = match mode.moves {
            Diagonal::NoCornerCutting => Rays::Eight(Online8::new(grid)),
            Diagonal::Never => Rays::Four(Online4::new(grid)),
            moves => return Err(JpsError::UnsupportedMoves { moves }),
        };
        pending(self, grid, rays, (start, goal), mode.moves, mode.path)
    }
}

impl JpsPlus {
    /// Starts the search [`Pathfinder::find_path`](crate::Pathfinder::find_path) runs from `start` to `goal`, a slice at a
    /// time ([`PendingJpsSearch`]); nothing is expanded yet.
    ///
    /// # Errors
    ///
    /// As [`Pathfinder::find_path`](crate::Pathfinder::find_path).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsPlus, PathMode};
    ///
    /// let plus = JpsPlus::new(Grid::from_ascii("......\n.####.\n......").unwrap()).unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mut search = plus.start_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), PathMode::Cells).unwrap();
    /// let mut frames = 0;
    /// while !search.resume(1).unwrap().is_done() {
    ///     frames += 1;
    /// }
    /// assert!(frames >= 1);
    /// ```
    pub fn start_path<'c, 'g>(
        &'g self,
        ctx: &'c mut JpsContext,
        start: Cell,
        goal: Cell,
        mode: PathMode,
    ) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
        let rays = Rays::Plus(PlusRays { plus: self });
        pending(
            ctx,
            self.grid(),
            rays,
            (start, goal),
            Diagonal::NoCornerCutting,
            mode,
        )
    }
}
