//! Searches run a slice at a time: at most so many expansions now, the rest on later calls (the
//! next frame of a game). Every engine runs [`best_first::advance`], which takes a step budget
//! and keeps its state between calls; [`Slices`] holds that state for any of them, and
//! [`PendingSearch`] is the general loop's handle. The grid's fast path
//! ([`PendingGridSearch`](crate::grid::PendingGridSearch)), Jump Point Search and JPS+
//! ([`PendingJpsSearch`](crate::jps::PendingJpsSearch)) have handles of their own; all of them
//! answer through [`PendingPath`], made by [`SlicedPathfinder::start_path`](crate::SlicedPathfinder::start_path).
//!
//! A search resumed until it is done answers exactly what the one-shot search answers (the same
//! path, the same counters), whatever the budgets: the loop stops between two expansions and
//! goes on from there.

use super::best_first::{self, AtIndex, Checks, Expansion, Finish, Goal, Run, Validated};
use super::context::{finish_path, outcome_from};
use super::open_queue::OpenQueue;
use super::record::{next_ticket, EstimateSlot, Records};
use super::space_expansion::{DenseIndexer, SpaceExpansion};
use super::{
    IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions, SearchSpace, Stats, Status,
};
use crate::{Cost, PendingPath};
use std::marker::PhantomData;

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
    /// use pathkit::{PendingPath, SlicedPathfinder};
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

/// A search on the general loop, run a slice at a time: made by the [`SlicedPathfinder`](crate::SlicedPathfinder) search
/// of [`AStar`](super::AStar), of hex grids and of level maps, advanced by
/// [`resume`](PendingPath::resume). It holds the context and the space until dropped (so the
/// space cannot change under it); dropping it abandons the search.
///
/// # In a game
///
/// Start the search when a unit asks for a path, then call `resume(200)` (or whatever budget
/// fits the frame) once per frame until it is [`Progress::Done`]: the work of a long search is
/// spread over frames instead of stalling one. The answer is the one-shot search's, whatever
/// the budgets.
///
/// ```
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
/// use pathkit::search::{AStar, Progress, SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 6]);
/// for w in n.windows(2) {
///     graph.add_connections(w[0], &[w[1]], Direction::OneWay)?;
/// }
/// let space = graph.space();
/// let mut ctx = SearchContext::new();
/// let astar = AStar(&space);
/// let mut search = astar.start_path(&mut ctx, n[0], n[5], &SearchOptions::new())?;
/// let mut calls = 1;
/// let outcome = loop {
///     match search.resume(2)? {
///         Progress::Running => calls += 1,
///         Progress::Done(outcome) => break outcome,
///     }
/// };
/// assert_eq!(calls, 3); // 6 expansions, 2 at a time
/// assert_eq!(outcome.into_nodes(), Some(n));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `E` is the error the search answers with: [`SearchError`], or the error of a space's own
/// front door (a hex grid's [`HexError`](crate::hex::HexError)).
#[must_use = "nothing is searched until `resume` is called"]
pub struct PendingSearch<'c, 's, S: IndexedSpace, E = SearchError<<S as SearchSpace>::Node>> {
    ctx: &'c mut SearchContext<S::Cost>,
    state: State<'s, S>,
    error: PhantomData<fn() -> E>,
}

/// Where a [`PendingSearch`] stands.
enum State<'s, S: IndexedSpace> {
    /// Answered without searching.
    Answered(Status<S::Cost>),
    /// Searching.
    Searching {
        policy: SpaceExpansion<'s, S, DenseIndexer<'s, S>>,
        goal: AtIndex,
        slices: Slices<S::Node, S::Cost, Validated<S::Cost>>,
    },
}

impl<'c, 's, S: IndexedSpace, E> PendingSearch<'c, 's, S, E> {
    /// A search answered before it began (a walled end, a goal in another component): the
    /// context's counters are reset, as the one-shot search leaves them.
    pub(crate) fn answered(ctx: &'c mut SearchContext<S::Cost>, status: Status<S::Cost>) -> Self {
        ctx.stats = Stats::default();
        PendingSearch {
            ctx,
            state: State::Answered(status),
            error: PhantomData,
        }
    }
}

impl<S: IndexedSpace, E: From<SearchError<S::Node>>> PendingPath for PendingSearch<'_, '_, S, E> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Error = E;
    type Parked = ParkedSearch<S::Node, S::Cost>;

    fn park(self) -> ParkedSearch<S::Node, S::Cost> {
        let state = match self.state {
            State::Answered(status) => Parked::Answered(status),
            State::Searching {
                policy,
                goal,
                slices,
            } => {
                // A copy of the context taken before now has records this search no longer
                // matches.
                let ticket = next_ticket();
                self.ctx.records.ticket = ticket;
                Parked::Searching {
                    goal_node: policy.goal,
                    bound: policy.indexer.bound,
                    goal,
                    slices,
                    ticket,
                }
            }
        };
        ParkedSearch { state }
    }

    fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<S::Node>,
    ) -> Result<Progress<Status<S::Cost>>, E> {
        let ctx = &mut *self.ctx;
        let (policy, goal, slices) = match &mut self.state {
            State::Answered(status) => {
                path.clear();
                return Ok(Progress::Done(*status));
            }
            State::Searching {
                policy,
                goal,
                slices,
            } => (policy, goal, slices),
        };
        let end = slices.resume(&mut ctx.records, &mut ctx.open, &*policy, &*goal, steps);
        ctx.stats = slices.stats();
        Ok(match end? {
            None => Progress::Running,
            Some(finish) => Progress::Done(finish_path(&mut ctx.records, &*policy, finish, path)),
        })
    }

    fn stats(&self) -> Stats {
        match &self.state {
            State::Answered(_) => Stats::default(),
            State::Searching { slices, .. } => slices.stats(),
        }
    }

    fn is_done(&self) -> bool {
        match &self.state {
            State::Answered(_) => true,
            State::Searching { slices, .. } => slices.is_over(),
        }
    }
}

/// A [`PendingSearch`] set aside by [`PendingPath::park`]: the loop's state and the goal,
/// borrowing nothing. Take it up with the
/// [`resume_parked`](crate::SlicedPathfinder::resume_parked) of the space it searched, with the
/// context it ran on.
///
/// ```
/// use pathkit::levels::{LevelMap, Place};
/// use pathkit::grid::Grid;
/// use pathkit::search::{SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let map = LevelMap::new(vec![Grid::new(8, 8)?])?;
/// let space = map.eight_connected()?;
/// let mut ctx = SearchContext::new();
/// let mut search = space.start_path(&mut ctx, Place::new(0, 0, 0), Place::new(0, 7, 3), &SearchOptions::new())?;
/// let _ = search.resume(2)?;
/// let parked = search.park();
/// // Another search on the context loses the parked one: an error, not a wrong answer.
/// let _ = space.start_path(&mut ctx, Place::new(0, 1, 1), Place::new(0, 2, 2), &SearchOptions::new())?;
/// assert!(space.resume_parked(&mut ctx, parked).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParkedSearch<N, C: Cost> {
    state: Parked<N, C>,
}

/// Where a parked search stands.
#[derive(Clone, Debug)]
enum Parked<N, C: Cost> {
    /// Answered without searching.
    Answered(Status<C>),
    /// Searching: the goal as the estimate aims at it and as the loop tests it, the loop's
    /// state, the context's ticket when parked, and the space's node bound.
    Searching {
        goal_node: N,
        goal: AtIndex,
        slices: Slices<N, C, Validated<C>>,
        ticket: u64,
        bound: usize,
    },
}

impl<C: Cost> SearchContext<C> {
    /// Takes up a search parked from a [`PendingSearch`] of `space` on this context, after
    /// checking that the context is still the one it left (no other search since) and the
    /// space has the same bound.
    pub(crate) fn resume_parked<'c, 's, S: IndexedSpace<Cost = C>, E>(
        &'c mut self,
        space: &'s S,
        parked: ParkedSearch<S::Node, C>,
    ) -> Result<PendingSearch<'c, 's, S, E>, SearchError<S::Node>> {
        match parked.state {
            Parked::Answered(status) => Ok(PendingSearch::answered(self, status)),
            Parked::Searching {
                goal_node,
                goal,
                slices,
                ticket,
                bound,
            } => {
                if self.records.ticket != ticket || space.node_bound() != bound {
                    return Err(SearchError::StepperMismatch);
                }
                let policy = SpaceExpansion {
                    space,
                    indexer: DenseIndexer { space, bound },
                    goal: goal_node,
                };
                self.stats = slices.stats();
                Ok(PendingSearch {
                    ctx: self,
                    state: State::Searching {
                        policy,
                        goal,
                        slices,
                    },
                    error: PhantomData,
                })
            }
        }
    }

    /// Starts a search run a slice at a time ([`AStar`](super::AStar)'s
    /// [`SlicedPathfinder`](crate::SlicedPathfinder)
    /// search), with no check of walls: the caller has checked the nodes' bounds.
    pub(crate) fn start_search<'c, 's, S: IndexedSpace<Cost = C>, E>(
        &'c mut self,
        space: &'s S,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<C>,
    ) -> Result<PendingSearch<'c, 's, S, E>, SearchError<S::Node>> {
        let checks = Validated::of(options)?;
        let (policy, start, goal) = self.prepare_query(space, start, goal)?;
        let run = self.begin_general(&policy, checks, options, start)?;
        Ok(PendingSearch {
            ctx: self,
            state: State::Searching {
                policy,
                goal,
                slices: Slices::new(run),
            },
            error: PhantomData,
        })
    }
}
