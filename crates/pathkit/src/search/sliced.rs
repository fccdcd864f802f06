//! Searches run a slice at a time: at most so many expansions now, the rest on later calls (the
//! next frame of a game). Every engine runs [`best_first::advance`], which takes a step budget
//! and keeps its state between calls; [`Slices`] holds that state for any of them, and
//! [`PendingSearch`] is the general loop's handle
//! ([`AStar::start_path`](super::AStar::start_path)). The grid's fast path, Jump Point Search and
//! JPS+ have handles of their own
//! ([`GridSpace::start_path`](crate::grid::GridSpace::start_path),
//! [`JpsContext::start_path`](crate::jps::JpsContext::start_path),
//! [`JpsPlus::start_path`](crate::jps::JpsPlus::start_path)).
//!
//! A search resumed until it is done answers exactly what the one-shot search answers (the same
//! path, the same counters), whatever the budgets: the loop stops between two expansions and
//! goes on from there.

use super::best_first::{self, AtIndex, Checks, Expansion, Finish, Goal, Run, Validated};
use super::context::{finish_path, outcome_from};
use super::open_queue::OpenQueue;
use super::record::{EstimateSlot, Records};
use super::space_expansion::{DenseIndexer, SpaceExpansion};
use super::{IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions, Stats, Status};
use crate::Cost;

/// Where a search run a slice at a time stands after a call.
///
/// ```
/// use pathkit::search::Progress;
///
/// let running: Progress<u32> = Progress::Running;
/// assert!(!running.is_done());
/// assert_eq!(Progress::Done(7).done(), Some(7));
/// ```
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Progress<T> {
    /// The budget ran out first: call again (next frame) to go on.
    Running,
    /// The search is over; this is its answer ([`Outcome`] or [`Status`]). Further calls
    /// answer the same.
    Done(T),
}

impl<T> Progress<T> {
    /// The answer, once done.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::new(4, 4).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 3), &Default::default()).unwrap();
    /// assert_eq!(search.resume(1).unwrap().done(), None);
    /// let outcome = search.resume(100).unwrap().done().unwrap();
    /// assert_eq!(outcome.into_path().unwrap().cost, 6);
    /// ```
    #[must_use]
    pub fn done(self) -> Option<T> {
        match self {
            Progress::Done(t) => Some(t),
            Progress::Running => None,
        }
    }

    /// `true` once the search is over.
    ///
    /// ```
    /// use pathkit::search::Progress;
    ///
    /// assert!(Progress::Done("answer").is_done());
    /// assert!(!Progress::<&str>::Running.is_done());
    /// ```
    #[must_use]
    pub fn is_done(&self) -> bool {
        matches!(self, Progress::Done(_))
    }
}

/// The allocating form of a pending search's `resume_into`: runs `write` on a new buffer and,
/// once the search is over, pairs the status with the path written.
pub(crate) fn progress_of<N, C, E>(
    write: impl FnOnce(&mut Vec<N>) -> Result<Progress<Status<C>>, E>,
) -> Result<Progress<Outcome<N, C>>, E> {
    let mut nodes = Vec::new();
    Ok(match write(&mut nodes)? {
        Progress::Running => Progress::Running,
        Progress::Done(status) => Progress::Done(outcome_from(status, nodes)),
    })
}

/// What [`PendingSearch::resume`] returns for a space `S`.
///
/// ```
/// use pathkit::grid::{Cell, Grid, GridSpace};
/// use pathkit::search::{PendingSearch, Progress, ResumeResult};
/// use pathkit::search::AStar;
///
/// /// One frame's share of a search.
/// fn frame(search: &mut PendingSearch<'_, '_, GridSpace<'_, u32>>) -> ResumeResult<GridSpace<'static, u32>> {
///     search.resume(50)
/// }
/// let grid = Grid::new(10, 10).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = pathkit::search::SearchContext::new();
/// let astar = AStar(space);
/// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(9, 9), &Default::default()).unwrap();
/// assert!(matches!(frame(&mut search), Ok(Progress::Done(_))));
/// ```
pub type ResumeResult<S> = Result<
    Progress<Outcome<<S as super::SearchSpace>::Node, <S as super::SearchSpace>::Cost>>,
    SearchError<<S as super::SearchSpace>::Node>,
>;

/// The loop state of a search run a slice at a time, for any engine: the run, and how it ended.
#[derive(Clone, Debug)]
pub(crate) struct Slices<N, C, K> {
    run: Run<C, K>,
    end: Option<Result<Finish, SearchError<N>>>,
}

impl<N: Clone, C: Cost, K: Checks<C>> Slices<N, C, K> {
    /// A search started by [`best_first::begin`] (or `begin_many`).
    pub fn new(run: Run<C, K>) -> Self {
        Slices { run, end: None }
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        self.run.stats
    }

    /// `true` once the search has ended (or failed).
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Runs at most `steps` more expansions; how the search ended, once it has (an error is
    /// answered again by every later call).
    pub fn resume<P, O, G, H>(
        &mut self,
        records: &mut Records<C, H>,
        open: &mut O,
        policy: &P,
        goal: &G,
        steps: u64,
    ) -> Result<Option<Finish>, SearchError<N>>
    where
        P: Expansion<Node = N, Cost = C>,
        O: OpenQueue,
        G: Goal<N>,
        H: EstimateSlot<C>,
    {
        if self.end.is_none() {
            match best_first::advance(records, open, &mut self.run, policy, goal, steps) {
                Ok(best_first::Progress::Paused(_)) => return Ok(None),
                Ok(best_first::Progress::Done(finish)) => self.end = Some(Ok(finish)),
                Err(e) => self.end = Some(Err(e)),
            }
        }
        match &self.end {
            Some(Ok(finish)) => Ok(Some(*finish)),
            Some(Err(e)) => Err(e.clone()),
            None => Ok(None),
        }
    }
}

/// A search on the general loop, run a slice at a time: made by
/// [`AStar::start_path`](super::AStar::start_path), advanced by [`resume`](Self::resume). It holds the context
/// and the space until dropped (so the space cannot change under it); dropping it abandons the
/// search.
///
/// # In a game
///
/// Start the search when a unit asks for a path, then call `resume(200)` (or whatever budget
/// fits the frame) once per frame until it is [`Progress::Done`]: the work of a long search is
/// spread over frames instead of stalling one. The answer is the one-shot search's, whatever
/// the budgets.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Progress, SearchContext, SearchOptions};
/// use pathkit::search::AStar;
///
/// let grid = Grid::new(64, 64).unwrap();
/// let space = grid.eight_connected();
/// let mut ctx = SearchContext::new();
/// let astar = AStar(&space);
/// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(63, 40), &SearchOptions::new()).unwrap();
/// let mut frames = 0;
/// let outcome = loop {
///     frames += 1;
///     if let Progress::Done(outcome) = search.resume(10).unwrap() {
///         break outcome;
///     }
/// };
/// assert!(frames > 1);
/// assert!(outcome.is_found());
/// ```
#[must_use = "nothing is searched until `resume` is called"]
pub struct PendingSearch<'c, 's, S: IndexedSpace> {
    ctx: &'c mut SearchContext<S::Cost>,
    policy: SpaceExpansion<'s, S, DenseIndexer<'s, S>>,
    goal: AtIndex,
    slices: Slices<S::Node, S::Cost, Validated<S::Cost>>,
}

impl<S: IndexedSpace> PendingSearch<'_, '_, S> {
    /// Runs at most `steps` more expansions; the outcome once the search is over.
    ///
    /// # Errors
    ///
    /// The errors of [`AStar`](super::AStar)'s search (an invalid cost or estimate, an overflow), when
    /// the search meets them; every later call returns the same error.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions};
    /// use pathkit::search::AStar;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 6]);
    /// for w in n.windows(2) {
    ///     graph.add_connections(w[0], &[w[1]], Direction::OneWay).unwrap();
    /// }
    /// let space = graph.space();
    /// let mut ctx = SearchContext::new();
    /// let astar = AStar(&space);
    /// let mut search = astar.start_path(&mut ctx, n[0], n[5], &SearchOptions::new()).unwrap();
    /// let mut calls = 1;
    /// let outcome = loop {
    ///     match search.resume(2).unwrap() {
    ///         Progress::Running => calls += 1,
    ///         Progress::Done(outcome) => break outcome,
    ///     }
    /// };
    /// assert_eq!(calls, 3); // 6 expansions, 2 at a time
    /// assert_eq!(outcome.into_nodes(), Some(n));
    /// ```
    pub fn resume(&mut self, steps: u64) -> ResumeResult<S> {
        progress_of(|path| self.resume_into(steps, path))
    }

    /// [`resume`](Self::resume) writing the path, once the search is over, into `path` (reusing
    /// its capacity): allocation-free once warm.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions, Status};
    /// use pathkit::search::AStar;
    ///
    /// let grid = Grid::new(5, 5).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// let astar = AStar(&space);
    /// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0), &SearchOptions::new()).unwrap();
    /// while let Progress::Running = search.resume_into(1, &mut path).unwrap() {}
    /// assert!(search.is_done());
    /// assert_eq!(search.resume_into(1, &mut path).unwrap(), Progress::Done(Status::Found { cost: 4 }));
    /// assert_eq!(path.len(), 5);
    /// ```
    pub fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<S::Node>,
    ) -> Result<Progress<Status<S::Cost>>, SearchError<S::Node>> {
        let ctx = &mut *self.ctx;
        let end = self.slices.resume(
            &mut ctx.records,
            &mut ctx.open,
            &self.policy,
            &self.goal,
            steps,
        );
        ctx.stats = self.slices.stats();
        Ok(match end? {
            None => Progress::Running,
            Some(finish) => {
                Progress::Done(finish_path(&mut ctx.records, &self.policy, finish, path))
            }
        })
    }

    /// The counters so far (the same as [`SearchContext::stats`] after a one-shot search, once
    /// done).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::search::AStar;
    ///
    /// let grid = Grid::new(9, 9).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let astar = AStar(&space);
    /// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(8, 8), &SearchOptions::new()).unwrap();
    /// assert_eq!(search.stats().expanded, 0);
    /// let _ = search.resume(4).unwrap();
    /// assert_eq!(search.stats().expanded, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.slices.stats()
    }

    /// `true` once the search is over.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::search::AStar;
    ///
    /// let grid = Grid::new(3, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let astar = AStar(&space);
    /// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 0), &SearchOptions::new()).unwrap();
    /// assert!(!search.is_done());
    /// let _ = search.resume(u64::MAX).unwrap();
    /// assert!(search.is_done());
    /// ```
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.slices.is_over()
    }
}

impl<C: Cost> SearchContext<C> {
    /// Starts a search run a slice at a time ([`AStar::start_path`](super::AStar::start_path)).
    pub(crate) fn start_search<'c, 's, S: IndexedSpace<Cost = C>>(
        &'c mut self,
        space: &'s S,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<C>,
    ) -> Result<PendingSearch<'c, 's, S>, SearchError<S::Node>> {
        let checks = Validated::of(options)?;
        let (policy, start, goal) = self.prepare_query(space, start, goal)?;
        let run = self.begin_general(&policy, checks, options, start)?;
        Ok(PendingSearch {
            ctx: self,
            policy,
            goal,
            slices: Slices::new(run),
        })
    }
}
