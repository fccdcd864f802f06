//! [`Stepper`]: an A* search advanced one expansion at a time, with its open and closed lists in view.

use super::best_first::{self, AtIndex, Finish, Progress, Run, Validated};
use super::context::{finish_path, outcome_from};
use super::entry::Entry;
use super::record::{next_ticket, NO_PARENT};
use super::space_expansion::{DenseIndexer, SpaceExpansion};
use super::{IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions};
use crate::cost::keys::CostKeys;
use crate::Cost;

/// A node as the search sees it: the numbers of the tutorials' diagrams.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{NodeView, SearchContext, SearchOptions, Stepper};
///
/// let grid = Grid::new(3, 1).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(2, 0), SearchOptions::new()).unwrap();
/// let _ = stepper.step(&mut ctx, &space).unwrap();
/// let view = stepper.view(&ctx, &space).unwrap().node_view(Cell::new(1, 0)).unwrap();
/// assert_eq!(view, NodeView { node: Cell::new(1, 0), g: 1, h: 1, f: 2, parent: Some(Cell::new(0, 0)) });
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeView<N, C> {
    /// The node.
    pub node: N,
    /// Cost of the best known path from the start.
    pub g: C,
    /// Estimate of the remaining cost (weighted, when the search is weighted).
    pub h: C,
    /// `g + h`, the open list's key.
    pub f: C,
    /// The node this one is reached from on the best known path (`None` for the start).
    pub parent: Option<N>,
}

/// What one call of [`Stepper::step`] did.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, SearchOptions, StepEvent, Stepper};
///
/// let grid = Grid::new(2, 1).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(1, 0), SearchOptions::new()).unwrap();
/// assert_eq!(stepper.step(&mut ctx, &space).unwrap(), StepEvent::Expanded(Cell::new(0, 0)));
/// let StepEvent::Finished(outcome) = stepper.step(&mut ctx, &space).unwrap() else { panic!("the goal is next") };
/// assert_eq!(outcome.into_nodes(), Some(vec![Cell::new(0, 0), Cell::new(1, 0)]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum StepEvent<N, C> {
    /// The node was taken off the open list, closed, and its neighbours were opened or improved.
    Expanded(N),
    /// The search is over; further calls return the same outcome.
    Finished(Outcome<N, C>),
}

/// What [`Stepper::step`] returns for a space `S`.
///
/// ```
/// use pathkit::grid::{Cell, Grid, GridSpace};
/// use pathkit::search::{SearchContext, SearchOptions, StepEvent, StepResult, Stepper};
///
/// /// Steps until the search is over, counting the expansions.
/// fn run(stepper: &mut Stepper<Cell, u32>, ctx: &mut SearchContext<u32>, space: &GridSpace<'_, u32>) -> StepResult<GridSpace<'static, u32>> {
///     loop {
///         if let finished @ StepEvent::Finished(_) = stepper.step(ctx, space)? {
///             return Ok(finished);
///         }
///     }
/// }
/// let grid = Grid::new(4, 4).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(3, 3), SearchOptions::new()).unwrap();
/// assert!(matches!(run(&mut stepper, &mut ctx, &space), Ok(StepEvent::Finished(o)) if o.is_found()));
/// ```
pub type StepResult<S> = Result<
    StepEvent<<S as super::SearchSpace>::Node, <S as super::SearchSpace>::Cost>,
    SearchError<<S as super::SearchSpace>::Node>,
>;

/// An A* search on an [`IndexedSpace`] that advances one expansion per [`step`](Self::step),
/// exposing the open list (in the order it will be expanded) and the closed set, each node with its
/// F, G, H and parent. It runs the same loop as [`AStar`](super::AStar), so it expands the same
/// nodes in the same order.
///
/// The stepper owns only the loop's own state; the context and the space are lent to it anew on
/// every call. So a game or a page can keep a stepper between frames beside the context and the
/// map it searches, and step it on each frame. Resumed with a context that another search has
/// used since (or that it did not start on), or with a space of another size, it answers
/// [`SearchError::StepperMismatch`] and changes nothing.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::search::{SearchContext, SearchOptions, StepEvent, Stepper};
///
/// let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let (start, goal) = (grid.cell(0, 0).unwrap(), grid.cell(2, 2).unwrap());
/// let mut stepper = Stepper::new(&mut ctx, &space, start, goal, SearchOptions::new()).unwrap();
/// let first = stepper.step(&mut ctx, &space).unwrap();
/// assert_eq!(first, StepEvent::Expanded(start));
/// assert_eq!(stepper.view(&ctx, &space).unwrap().open_list().len(), 2); // the corner's two neighbours
/// let outcome = loop {
///     if let StepEvent::Finished(outcome) = stepper.step(&mut ctx, &space).unwrap() { break outcome; }
/// };
/// assert_eq!(outcome.path().unwrap().cost, 4);
/// ```
#[must_use = "nothing is expanded until `step` is called"]
#[derive(Clone, Debug)]
pub struct Stepper<N, C: Cost> {
    /// The context's ticket after this stepper's last call.
    ticket: u64,
    /// The space's `node_bound()` when the search started.
    bound: usize,
    /// The goal as the heuristic aims at it.
    goal_node: N,
    /// The goal as the loop tests it.
    goal: AtIndex,
    run: Run<C, Validated<C>>,
    closed_order: Vec<u32>,
    finished: Option<Finish>,
}

impl<N: Copy + Eq + std::fmt::Debug, C: Cost> Stepper<N, C> {
    /// Prepares a search from `start` to `goal`; nothing is expanded yet (the start is open).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchError, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(4, 4).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(3, 3), SearchOptions::new()).unwrap();
    /// let view = stepper.view(&ctx, &space).unwrap();
    /// assert_eq!(view.open_list().len(), 1); // only the start, nothing expanded yet
    /// assert!(view.closed_list().is_empty());
    /// let outside = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(9, 9), SearchOptions::new());
    /// assert!(matches!(outside, Err(SearchError::NodeOutOfBounds { .. })));
    /// ```
    ///
    /// # Errors
    ///
    /// An end outside the space, options the loop cannot honour, or records too large to hold.
    pub fn new<S: IndexedSpace<Node = N, Cost = C>>(
        ctx: &mut SearchContext<C>,
        space: &S,
        start: N,
        goal: N,
        options: SearchOptions<C>,
    ) -> Result<Self, SearchError<N>> {
        let checks = Validated::of(&options)?;
        let (policy, start, goal_at) = ctx.prepare_query(space, start, goal)?;
        let run = ctx.begin_general(&policy, checks, &options, start)?;
        Ok(Stepper {
            ticket: ctx.records.ticket,
            bound: policy.indexer.bound,
            goal_node: goal,
            goal: goal_at,
            run,
            closed_order: Vec::new(),
            finished: None,
        })
    }

    /// The loop's view of `space`, after checking that `ctx` and `space` are the ones this
    /// search runs on.
    fn policy<'s, S: IndexedSpace<Node = N, Cost = C>>(
        &self,
        ctx: &SearchContext<C>,
        space: &'s S,
    ) -> Result<SpaceExpansion<'s, S, DenseIndexer<'s, S>>, SearchError<N>> {
        if ctx.records.ticket != self.ticket || space.node_bound() != self.bound {
            return Err(SearchError::StepperMismatch);
        }
        Ok(SpaceExpansion {
            space,
            indexer: DenseIndexer {
                space,
                bound: self.bound,
            },
            goal: self.goal_node,
        })
    }

    /// Expands one node, or reports the outcome once the search is over.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, StepEvent, Stepper};
    ///
    /// let grid = Grid::from_ascii("...\n##.\n...").unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(0, 2), SearchOptions::new()).unwrap();
    /// let mut expanded = Vec::new();
    /// let outcome = loop {
    ///     match stepper.step(&mut ctx, &space).unwrap() {
    ///         StepEvent::Expanded(cell) => expanded.push(cell),
    ///         StepEvent::Finished(outcome) => break outcome,
    ///     }
    /// };
    /// assert_eq!(expanded[0], Cell::new(0, 0));
    /// assert_eq!(outcome.path().unwrap().cost, 6);
    /// ```
    ///
    /// # Errors
    ///
    /// [`SearchError::StepperMismatch`] for a context another search has used since, or a space
    /// of another size; the search's own refusal (a cost that is NaN, one that overflows).
    pub fn step<S: IndexedSpace<Node = N, Cost = C>>(
        &mut self,
        ctx: &mut SearchContext<C>,
        space: &S,
    ) -> StepResult<S> {
        let policy = self.policy(ctx, space)?;
        // A copy of the context that stepped on has records this stepper no longer matches.
        let ticket = next_ticket();
        ctx.records.ticket = ticket;
        self.ticket = ticket;
        if let Some(finish) = self.finished {
            return Ok(StepEvent::Finished(outcome_of(ctx, &policy, finish)));
        }
        let progress = best_first::advance(
            &mut ctx.records,
            &mut ctx.open,
            &mut self.run,
            &policy,
            &self.goal,
            1,
        );
        ctx.stats = self.run.stats;
        match progress? {
            Progress::Paused(i) => {
                self.closed_order.push(i);
                Ok(StepEvent::Expanded(space.node_at(i as usize)))
            }
            Progress::Done(finish) => {
                if let Finish::Found(i) = finish {
                    self.closed_order.push(i);
                }
                self.finished = Some(finish);
                Ok(StepEvent::Finished(outcome_of(ctx, &policy, finish)))
            }
        }
    }

    /// `true` once [`step`](Self::step) has reported the outcome.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(2, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(1, 0), SearchOptions::new()).unwrap();
    /// let mut steps = 0;
    /// while !stepper.is_finished() {
    ///     let _ = stepper.step(&mut ctx, &space).unwrap();
    ///     steps += 1;
    /// }
    /// assert_eq!(steps, 2);
    /// ```
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// The open and closed lists as they stand, read from `ctx` and `space` (the ones the
    /// search runs on).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchError, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(3, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(2, 0), SearchOptions::new()).unwrap();
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// assert!(stepper.view(&ctx, &space).unwrap().is_closed(Cell::new(0, 0)));
    /// // Another search on the same context: the stepper's records are gone, and it says so.
    /// let _ = Stepper::new(&mut ctx, &space, Cell::new(2, 0), Cell::new(0, 0), SearchOptions::new()).unwrap();
    /// assert_eq!(stepper.view(&ctx, &space).err(), Some(SearchError::StepperMismatch));
    /// ```
    ///
    /// # Errors
    ///
    /// [`SearchError::StepperMismatch`] for a context another search has used since, or a space
    /// of another size.
    pub fn view<'a, S: IndexedSpace<Node = N, Cost = C>>(
        &'a self,
        ctx: &'a SearchContext<C>,
        space: &'a S,
    ) -> Result<StepView<'a, S>, SearchError<N>> {
        self.policy(ctx, space)?;
        Ok(StepView {
            stepper: self,
            ctx,
            space,
        })
    }
}

/// The path (or its absence) of a finished search, from the records.
fn outcome_of<S: IndexedSpace>(
    ctx: &mut SearchContext<S::Cost>,
    policy: &SpaceExpansion<'_, S, DenseIndexer<'_, S>>,
    finish: Finish,
) -> Outcome<S::Node, S::Cost> {
    let mut nodes = Vec::new();
    let status = finish_path(&mut ctx.records, policy, finish, &mut nodes);
    outcome_from(status, nodes)
}

/// A [`Stepper`]'s open and closed lists, as [`Stepper::view`] lends them.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, SearchOptions, Stepper};
///
/// let grid = Grid::new(3, 1).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(2, 0), SearchOptions::new()).unwrap();
/// let _ = stepper.step(&mut ctx, &space).unwrap();
/// let view = stepper.view(&ctx, &space).unwrap();
/// assert_eq!(view.closed_list().len(), 1);
/// assert_eq!(view.open_list()[0].node, Cell::new(1, 0));
/// ```
#[derive(Debug)]
pub struct StepView<'a, S: IndexedSpace> {
    stepper: &'a Stepper<S::Node, S::Cost>,
    ctx: &'a SearchContext<S::Cost>,
    space: &'a S,
}

impl<S: IndexedSpace> StepView<'_, S> {
    fn view(&self, index: u32) -> NodeView<S::Node, S::Cost> {
        let r = self.ctx.records.slots[index as usize];
        let space = self.space;
        NodeView {
            node: space.node_at(index as usize),
            g: r.g,
            h: r.h,
            f: r.g.checked_add(r.h).unwrap_or(r.g),
            parent: (r.parent != NO_PARENT).then(|| space.node_at(r.parent as usize)),
        }
    }

    /// The open nodes in the order they will be expanded (first = next).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(1, 1), Cell::new(2, 1), SearchOptions::new()).unwrap();
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// let open = stepper.view(&ctx, &space).unwrap().open_list();
    /// assert_eq!(open.len(), 4);
    /// assert_eq!(open[0].node, Cell::new(2, 1)); // the goal itself is next: F = 1
    /// assert!(open.windows(2).all(|w| w[0].f <= w[1].f));
    /// ```
    #[must_use]
    pub fn open_list(&self) -> Vec<NodeView<S::Node, S::Cost>> {
        let records = &self.ctx.records;
        let mut live: Vec<Entry> = self
            .ctx
            .open
            .iter()
            .filter(|e| {
                let r = records.slots[e.node() as usize];
                // Skip entries left behind by an improvement or a closing.
                !records.closed(e.node())
                    && r.g.checked_add(r.h).is_some_and(|f| f.order_key() == e.f)
            })
            .copied()
            .collect();
        live.sort_by(|a, b| b.cmp(a));
        live.dedup_by_key(|e| e.node());
        live.into_iter().map(|e| self.view(e.node())).collect()
    }

    /// The closed nodes, in the order they were expanded.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(4, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(3, 0), SearchOptions::new()).unwrap();
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// let view = stepper.view(&ctx, &space).unwrap();
    /// let closed: Vec<Cell> = view.closed_list().iter().map(|v| v.node).collect();
    /// assert_eq!(closed, [Cell::new(0, 0), Cell::new(1, 0)]);
    /// ```
    #[must_use]
    pub fn closed_list(&self) -> Vec<NodeView<S::Node, S::Cost>> {
        self.stepper
            .closed_order
            .iter()
            .map(|&i| self.view(i))
            .collect()
    }

    /// The search's view of `node`, if the search has touched it.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(5, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(4, 0), SearchOptions::new()).unwrap();
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// let view = stepper.view(&ctx, &space).unwrap();
    /// let next = view.node_view(Cell::new(1, 0)).unwrap();
    /// assert_eq!((next.g, next.h, next.f), (1, 3, 4));
    /// assert_eq!(view.node_view(Cell::new(3, 0)), None); // not touched yet
    /// ```
    #[must_use]
    pub fn node_view(&self, node: S::Node) -> Option<NodeView<S::Node, S::Cost>> {
        let index = self.space.index_of(node)?;
        let index = u32::try_from(index).ok()?;
        self.ctx.records.seen(index).then(|| self.view(index))
    }

    /// `true` when `node` is in the closed set.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Stepper};
    ///
    /// let grid = Grid::new(3, 1).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut stepper = Stepper::new(&mut ctx, &space, Cell::new(0, 0), Cell::new(2, 0), SearchOptions::new()).unwrap();
    /// assert!(!stepper.view(&ctx, &space).unwrap().is_closed(Cell::new(0, 0)));
    /// let _ = stepper.step(&mut ctx, &space).unwrap();
    /// let view = stepper.view(&ctx, &space).unwrap();
    /// assert!(view.is_closed(Cell::new(0, 0)));
    /// assert!(!view.is_closed(Cell::new(1, 0))); // open, not closed
    /// ```
    #[must_use]
    pub fn is_closed(&self, node: S::Node) -> bool {
        self.space
            .index_of(node)
            .and_then(|i| u32::try_from(i).ok())
            .is_some_and(|i| self.ctx.records.closed(i))
    }
}
