//! [`PendingGridSearch`]: a [`GridSpace`] search run a slice at a time, on the same engine
//! the one-shot query picks (an answer without searching, the fast loop, or the general loop).

use super::grid_problem::GridProblem;
use super::space::Plan;
use super::{Cell, GridError, GridRules, GridSpace, TileRules};
use crate::search::{
    begin, finish_path, progress_of, AtIndex, DenseIndexer, Outcome, Progress, SearchContext,
    SearchOptions, Slices, SpaceExpansion, Stats, Status, TrustedSliced, Validated,
};
use crate::Cost;

/// The engine of a pending grid search.
enum Engine<'s, 'g, C: Cost, R: TileRules> {
    /// Answered without searching.
    Answered(Status<C>),
    /// The fast loop: neighbour masks, buckets, trusted costs.
    Fast {
        problem: GridProblem<'s, 'g, C, R>,
        slices: Slices<Cell, C, TrustedSliced>,
    },
    /// The general loop over the space.
    General {
        policy: SpaceExpansion<'s, GridSpace<'g, C, R>, DenseIndexer<'s, GridSpace<'g, C, R>>>,
        slices: Slices<Cell, C, Validated<C>>,
    },
}

/// A [`GridSpace`] search ([`Pathfinder`](crate::Pathfinder)) run a slice at a time: made by [`GridSpace::start_path`], advanced
/// by [`resume`](Self::resume), on the engine the one-shot query would run (the fast loop under
/// the grid's own weights), with the same answer and the same counters whatever the budgets. It
/// holds the context and the grid until dropped, so the grid cannot change under a pending
/// search: to edit the map, drop the search and start a new one.
///
/// # In a game
///
/// Call `resume(200)` once per frame (about 200 expansions fit well in a frame's budget on a
/// current machine; measure yours with `pathkit bench`) until [`Progress::Done`]:
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Progress, SearchContext, SearchOptions};
///
/// let grid = Grid::new(100, 100).unwrap();
/// let space = grid.eight_connected();
/// let mut ctx = SearchContext::new();
/// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(99, 70), &SearchOptions::new()).unwrap();
/// let outcome = loop {
///     // ... the rest of the frame ...
///     if let Progress::Done(outcome) = search.resume(200).unwrap() {
///         break outcome;
///     }
/// };
/// assert!(outcome.is_found());
/// ```
#[must_use = "nothing is searched until `resume` is called"]
pub struct PendingGridSearch<'c, 's, 'g, C: Cost, R: TileRules = GridRules> {
    ctx: &'c mut SearchContext<C>,
    engine: Engine<'s, 'g, C, R>,
    goal: AtIndex,
}

impl<C: Cost, R: TileRules> PendingGridSearch<'_, '_, '_, C, R> {
    /// Runs at most `steps` more expansions; the outcome once the search is over.
    ///
    /// # Errors
    ///
    /// The errors a [`GridSpace`] search meets while searching (a cost overflow, an invalid
    /// cost from custom rules); every later call returns the same error.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions};
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 1), Cell::new(3, 1), &SearchOptions::new()).unwrap();
    /// assert_eq!(search.resume(1).unwrap(), Progress::Running);
    /// let outcome = search.resume(1000).unwrap().done().unwrap();
    /// assert_eq!(outcome.into_path().unwrap().cost, 5);
    /// ```
    pub fn resume(&mut self, steps: u64) -> Result<Progress<Outcome<Cell, C>>, GridError> {
        progress_of(|path| self.resume_into(steps, path))
    }

    /// [`resume`](Self::resume) writing the path, once the search is over, into `path` (reusing
    /// its capacity): allocation-free once warm.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions, Status};
    ///
    /// let grid = Grid::new(6, 6).unwrap();
    /// let space = grid.eight_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(5, 5), &SearchOptions::new()).unwrap();
    /// let status = loop {
    ///     if let Progress::Done(status) = search.resume_into(2, &mut path).unwrap() {
    ///         break status;
    ///     }
    /// };
    /// assert!(matches!(status, Status::Found { .. }));
    /// assert_eq!(path.len(), 6); // the diagonal
    /// ```
    pub fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<Cell>,
    ) -> Result<Progress<Status<C>>, GridError> {
        let ctx = &mut *self.ctx;
        let records = &mut ctx.records;
        let (end, stats) = match &mut self.engine {
            Engine::Answered(status) => {
                path.clear();
                return Ok(Progress::Done(*status));
            }
            Engine::Fast { problem, slices } => {
                let end = slices.resume(records, &mut ctx.buckets, &*problem, &self.goal, steps);
                let end = end?.map(|f| finish_path(records, &*problem, f, path));
                (end, slices.stats())
            }
            Engine::General { policy, slices } => {
                let end = slices.resume(records, &mut ctx.open, &*policy, &self.goal, steps);
                let end = end?.map(|f| finish_path(records, &*policy, f, path));
                (end, slices.stats())
            }
        };
        ctx.stats = stats;
        Ok(end.map_or(Progress::Running, Progress::Done))
    }

    /// The counters so far (the one-shot query's [`SearchContext::stats`], once done).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    ///
    /// let grid = Grid::new(10, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(9, 0), &SearchOptions::new()).unwrap();
    /// let _ = search.resume(3).unwrap();
    /// assert_eq!(search.stats().expanded, 3);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        match &self.engine {
            Engine::Answered(_) => Stats::default(),
            Engine::Fast { slices, .. } => slices.stats(),
            Engine::General { slices, .. } => slices.stats(),
        }
    }

    /// `true` once the search is over.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    ///
    /// let grid = Grid::from_ascii("..#..").unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// // The goal is in another component: answered before any expansion.
    /// let search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0), &SearchOptions::new()).unwrap();
    /// assert!(search.is_done());
    /// ```
    #[must_use]
    pub fn is_done(&self) -> bool {
        match &self.engine {
            Engine::Answered(_) => true,
            Engine::Fast { slices, .. } => slices.is_over(),
            Engine::General { slices, .. } => slices.is_over(),
        }
    }
}

impl<'g, C: Cost, R: TileRules> GridSpace<'g, C, R> {
    /// Starts the [`Pathfinder`](crate::Pathfinder) search from `start` to `goal`, to be run a slice at a time
    /// ([`PendingGridSearch`]); nothing is expanded yet. Answers found without searching (a
    /// walled end, a goal in another component) are there at the first
    /// [`resume`](PendingGridSearch::resume).
    ///
    /// # Errors
    ///
    /// As the [`Pathfinder`](crate::Pathfinder) search: cells outside the grid, invalid options, memory.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions};
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 1), Cell::new(3, 1), &SearchOptions::new()).unwrap();
    /// assert_eq!(search.resume(2).unwrap(), Progress::Running);
    /// let path = search.resume(100).unwrap().done().unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 5);
    /// ```
    pub fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<C>,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<C>,
    ) -> Result<PendingGridSearch<'c, 's, 'g, C, R>, GridError> {
        let grid = self.grid();
        let goal_index = AtIndex(grid.index(goal) as u32);
        let start_index = grid.index(start) as u32;
        let engine = match self.plan(start, goal, options)? {
            Plan::Answered(status) => {
                ctx.stats = Stats::default();
                Engine::Answered(status)
            }
            Plan::Fast => {
                let problem = GridProblem::new(self, goal, grid.try_free_masks()?);
                ctx.prepare_bound::<Cell>(grid.len())?;
                let run = begin(
                    &mut ctx.records,
                    &mut ctx.buckets,
                    &problem,
                    TrustedSliced,
                    options.tie_break,
                    None,
                    (start_index, (start, 8)),
                )?;
                ctx.stats = run.stats;
                Engine::Fast {
                    problem,
                    slices: Slices::new(run),
                }
            }
            Plan::General => {
                let checks = Validated::of(options)?;
                // The goal as the loop tests it is `goal_index`, for every engine.
                let (policy, start, _) = ctx.prepare_query(self, start, goal)?;
                let run = ctx.begin_general(&policy, checks, options, start)?;
                Engine::General {
                    policy,
                    slices: Slices::new(run),
                }
            }
        };
        Ok(PendingGridSearch {
            ctx,
            engine,
            goal: goal_index,
        })
    }
}
