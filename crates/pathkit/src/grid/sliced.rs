//! [`PendingGridSearch`]: a [`GridSpace`] search run a slice at a time, on the same engine
//! the one-shot query picks (an answer without searching, the fast loop, or the general loop).

use super::grid_problem::GridProblem;
use super::space::Plan;
use super::{Cell, GridError, GridRules, GridSpace, TileRules};
use crate::search::{
    begin, finish_path, next_ticket, AtIndex, DenseIndexer, Progress, SearchContext, SearchError,
    SearchOptions, Slices, SpaceExpansion, Stats, Status, TrustedSliced, Validated,
};
use crate::{Cost, PendingPath, SlicedPathfinder};

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

/// A [`GridSpace`] search ([`Pathfinder`](crate::Pathfinder)) run a slice at a time: made by its [`SlicedPathfinder::start_path`], advanced
/// by [`resume`](PendingPath::resume), on the engine the one-shot query would run (the fast loop under
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
/// use pathkit::{PendingPath, SlicedPathfinder};
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

/// A [`PendingGridSearch`] set aside by [`PendingPath::park`]: the engine's loop state and the
/// goal, borrowing nothing. Take it up with the grid space's
/// [`resume_parked`](SlicedPathfinder::resume_parked), with the context it ran on.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::new(30, 30)?;
/// let space = grid.eight_connected();
/// let (mut ctx, mut copy) = (SearchContext::new(), SearchContext::new());
/// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(29, 29), &SearchOptions::new())?;
/// let _ = search.resume(5)?;
/// let parked = search.park();
/// // Only the context it ran on can take it up.
/// assert!(space.resume_parked(&mut copy, parked.clone()).is_err());
/// assert!(space.resume_parked(&mut ctx, parked).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParkedGridSearch<C: Cost> {
    engine: ParkedEngine<C>,
    goal: Cell,
    goal_index: AtIndex,
    /// The context's ticket when parked.
    ticket: u64,
    /// The grid's cell count.
    cells: usize,
}

/// The engine of a parked grid search, without its borrows.
#[derive(Clone, Debug)]
enum ParkedEngine<C: Cost> {
    Answered(Status<C>),
    Fast(Slices<Cell, C, TrustedSliced>),
    General(Slices<Cell, C, Validated<C>>),
}

impl<C: Cost, R: TileRules> PendingPath for PendingGridSearch<'_, '_, '_, C, R> {
    type Node = Cell;
    type Cost = C;
    type Error = GridError;
    type Parked = ParkedGridSearch<C>;

    fn park(self) -> ParkedGridSearch<C> {
        // A copy of the context taken before now has records this search no longer matches.
        let ticket = next_ticket();
        self.ctx.records.ticket = ticket;
        let (engine, goal, cells) = match self.engine {
            Engine::Answered(status) => (ParkedEngine::Answered(status), Cell::new(0, 0), 0),
            Engine::Fast { problem, slices } => {
                let cells = problem.space.grid().len();
                (ParkedEngine::Fast(slices), problem.goal, cells)
            }
            Engine::General { policy, slices } => {
                let cells = policy.indexer.bound;
                (ParkedEngine::General(slices), policy.goal, cells)
            }
        };
        ParkedGridSearch {
            engine,
            goal,
            goal_index: self.goal,
            ticket,
            cells,
        }
    }

    fn resume_into(
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

    fn stats(&self) -> Stats {
        match &self.engine {
            Engine::Answered(_) => Stats::default(),
            Engine::Fast { slices, .. } => slices.stats(),
            Engine::General { slices, .. } => slices.stats(),
        }
    }

    fn is_done(&self) -> bool {
        match &self.engine {
            Engine::Answered(_) => true,
            Engine::Fast { slices, .. } => slices.is_over(),
            Engine::General { slices, .. } => slices.is_over(),
        }
    }
}

/// A grid search run a slice at a time ([`SlicedPathfinder`]), on the engine the one-shot
/// search picks; nothing is expanded until [`resume`](PendingPath::resume). Answers found
/// without searching (a walled end, a goal in another component) are there at the first
/// `resume`.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Progress, SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut search = space.start_path(&mut ctx, Cell::new(0, 1), Cell::new(3, 1), &SearchOptions::new())?;
/// assert_eq!(search.resume(2)?, Progress::Running);
/// let path = search.resume(100)?.done().unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'g, C: Cost, R: TileRules> SlicedPathfinder for GridSpace<'g, C, R> {
    type Pending<'c, 's>
        = PendingGridSearch<'c, 's, 'g, C, R>
    where
        Self: 's,
        C: 'c;
    type Parked = ParkedGridSearch<C>;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<C>,
        parked: ParkedGridSearch<C>,
    ) -> Result<PendingGridSearch<'c, 's, 'g, C, R>, GridError> {
        let ParkedGridSearch {
            engine,
            goal,
            goal_index,
            ticket,
            cells,
        } = parked;
        let searching = !matches!(engine, ParkedEngine::Answered(_));
        if searching && (ctx.records.ticket != ticket || self.grid().len() != cells) {
            return Err(GridError::Search(SearchError::StepperMismatch));
        }
        let engine = match engine {
            ParkedEngine::Answered(status) => {
                ctx.stats = Stats::default();
                Engine::Answered(status)
            }
            ParkedEngine::Fast(slices) => {
                let problem = GridProblem::new(self, goal, self.grid().try_free_masks()?);
                ctx.stats = slices.stats();
                Engine::Fast { problem, slices }
            }
            ParkedEngine::General(slices) => {
                let policy = SpaceExpansion {
                    space: self,
                    indexer: DenseIndexer {
                        space: self,
                        bound: cells,
                    },
                    goal,
                };
                ctx.stats = slices.stats();
                Engine::General { policy, slices }
            }
        };
        Ok(PendingGridSearch {
            ctx,
            engine,
            goal: goal_index,
        })
    }

    fn start_path<'c, 's>(
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
