//! [`SearchContext`]: reusable search state for spaces with dense node indices.

use super::best_first::{
    self, AtIndex, Checks, Expansion, Finish, Goal, Matching, Run, Trusted, Validated,
};
use super::breadth_first;
use super::bucket_open::BucketOpen;
use super::open_list::OpenList;
use super::open_queue::OpenQueue;
use super::record::{EstimateSlot, Records};
use super::scratch::Scratch;
use super::space_expansion::{DenseIndexer, Indexer, Query, SpaceExpansion};
use super::TieBreak;
use super::{
    IndexedSpace, Outcome, Path, SearchError, SearchOptions, Stats, Status, WhenUnreachable,
};
use crate::Cost;
use std::collections::VecDeque;

/// Reusable state for searches on an [`IndexedSpace`]: per-node records in flat arrays stamped with
/// the query number (nothing is cleared between queries) and the open list.
///
/// Keep one per map and per thread.
///
/// # When a query allocates
///
/// A context grows and never shrinks. The first query on a space sizes the per-node records to
/// it; the open list grows to the most entries a query has needed so far, and the caller's path
/// buffer ([`find_path_into`](crate::Pathfinder::find_path_into)) to the longest path. A grid builds its own lookup
/// tables on the first query that needs them, then keeps them current through edits (a new wall
/// makes the next query rebuild the connected components, in the arrays they already had). So
/// once a context has answered the largest query it will be asked (a long path across the map
/// is the usual warm-up), [`find_path_into`](crate::Pathfinder::find_path_into) allocates nothing, edits between
/// queries included (tested with a counting allocator).
///
/// The first query on a space sizes the records to its `node_bound()`, checked first: more than
/// `u32::MAX` nodes is [`SearchError::TooManyNodes`], records above
/// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) are [`SearchError::Refused`]
/// ([`TooLarge`](crate::limits::Refusal::TooLarge)), and memory the allocator refuses is
/// [`SearchError::Refused`] ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)).
///
/// # Nodes no one may stand on
///
/// The core knows a space only by its edges, so a start that is itself a goal is found at once,
/// at cost zero, whatever edges it has. A space whose nodes can be closed (a grid's walls) gives
/// them no edges, which makes every other query from or to them unreachable; its own queries,
/// such as a [`GridSpace`](crate::grid::GridSpace)'s [`Pathfinder`](crate::Pathfinder), also answer a start
/// inside a wall unreachable before searching, whatever the goal. Ask those when the start may
/// be closed.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Outcome, SearchContext, SearchOptions};
/// use pathkit::Pathfinder;
/// use pathkit::search::AStar;
///
/// let grid = Grid::from_ascii(".#.").unwrap();
/// let space = grid.four_connected();
/// let (wall, free) = (Cell::new(1, 0), Cell::new(2, 0));
/// let mut ctx = SearchContext::new();
/// // The core: the start is the goal, so it is the path.
/// assert_eq!(AStar(&space).find_path(&mut ctx, wall, wall).unwrap().into_path().unwrap().nodes, [wall]);
/// assert_eq!(AStar(&space).find_path(&mut ctx, wall, free).unwrap(), Outcome::Unreachable);
/// // The grid's own query: a start inside a wall is unreachable.
/// let options = SearchOptions::new();
/// assert_eq!(space.find_path_with(&mut ctx, wall, wall, &options).unwrap(), Outcome::Unreachable);
/// ```
///
/// # Example
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::search::{AStar, SearchContext, SearchOptions};
/// use pathkit::{Goal, Pathfinder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
/// let space = grid.eight_connected();
/// let mut ctx = SearchContext::new();
/// let mut path = Vec::new();
/// let (start, goal) = (grid.cell(0, 1).unwrap(), grid.cell(3, 1).unwrap());
/// let status = AStar(&space)
///     .find_path_into(&mut ctx, start, Goal::Node(goal), &SearchOptions::new(), &mut path)
///     .unwrap();
/// assert!(status.is_found());
/// assert_eq!(path.len(), 6); // around the wall: no cutting its corners
/// ```
#[derive(Clone, Debug)]
pub struct SearchContext<C: Cost> {
    pub(crate) records: Records<C>,
    /// The open list of searches with user costs and options.
    pub(crate) open: OpenList,
    /// The open list of searches with trusted costs and a consistent heuristic (a grid's fast path).
    pub(crate) buckets: BucketOpen,
    /// Breadth-first search's queue.
    pub(crate) queue: VecDeque<u32>,
    pub(crate) stats: Stats,
    /// Goal marks and settled lists of the multi-node queries.
    pub(crate) scratch: Scratch,
}

impl<C: Cost> Default for SearchContext<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> SearchContext<C> {
    /// An empty context; its arrays grow to the size of the first space searched.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(8, 8).unwrap();
    /// let space = grid.four_connected();
    /// // One context answers every query on the map, reusing its arrays.
    /// let mut ctx = SearchContext::new();
    /// for goal in [Cell::new(7, 0), Cell::new(7, 7), Cell::new(0, 7)] {
    ///     let path = AStar(&space).find_path(&mut ctx, Cell::new(0, 0), goal).unwrap().into_path().unwrap();
    ///     assert_eq!(path.cost, goal.x + goal.y);
    /// }
    /// ```
    #[must_use]
    pub fn new() -> Self {
        SearchContext {
            records: Records::default(),
            open: OpenList::default(),
            buckets: BucketOpen::default(),
            queue: VecDeque::new(),
            stats: Stats::default(),
            scratch: Scratch::default(),
        }
    }

    /// Counters of the last search.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut ctx = SearchContext::new();
    /// assert!(AStar(&grid.four_connected()).find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 0)).unwrap().is_found());
    /// // Straight along the row: the start, two cells and the goal.
    /// assert_eq!(ctx.stats().expanded, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The indices of the nodes the last search expanded (closed), in index order: the area it
    /// explored, for a debug view. A search under way (sliced or parked) answers what it has
    /// expanded so far; a query answered without searching, nothing. Map an index to its node
    /// with the space's [`IndexedSpace::node_at`](super::IndexedSpace::node_at) (on a grid,
    /// [`Grid::cell_at`](crate::grid::Grid::cell_at)). It reads every record: a debugging aid,
    /// not a query.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....")?;
    /// let mut ctx = SearchContext::new();
    /// assert!(grid.four_connected().find_path(&mut ctx, Cell::new(0, 1), Cell::new(3, 1))?.is_found());
    /// let explored: Vec<Cell> = ctx.closed_indices().map(|i| grid.cell_at(i)).collect();
    /// assert_eq!(explored.len() as u64, ctx.stats().expanded);
    /// assert!(explored.contains(&Cell::new(0, 1)) && !explored.contains(&Cell::new(1, 1)));
    /// // A walled goal is answered without searching: nothing explored.
    /// assert!(!grid.four_connected().find_path(&mut ctx, Cell::new(0, 1), Cell::new(1, 1))?.is_found());
    /// assert_eq!(ctx.closed_indices().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn closed_indices(&self) -> impl Iterator<Item = usize> + '_ {
        closed_in(&self.records, self.stats.expanded)
    }

    /// Sizes the per-node records to `space` now, instead of on the first query: the first
    /// query on a map then allocates nothing for them (see
    /// [When a query allocates](SearchContext#when-a-query-allocates); for grids,
    /// [`Grid::prepare`](crate::grid::Grid::prepare) builds the grid's own tables). Errors as a
    /// search's: too many nodes, more than the memory limit, or memory refused.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::new(64, 64).unwrap();
    /// let mut ctx = SearchContext::<f64>::new();
    /// ctx.reserve(&grid.eight_connected()).unwrap();
    /// ```
    pub fn reserve<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
    ) -> Result<(), SearchError<S::Node>> {
        self.prepare(space).map(|_| ())
    }

    /// Starts a query on `space`: a new generation of records sized to its nodes.
    pub(crate) fn prepare<'s, S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &'s S,
    ) -> Result<DenseIndexer<'s, S>, SearchError<S::Node>> {
        let bound = space.node_bound();
        self.prepare_bound(bound)?;
        Ok(DenseIndexer { space, bound })
    }

    /// [`prepare`](Self::prepare) for the query from `start` to `goal`
    /// ([`SpaceExpansion::between`]).
    pub(crate) fn prepare_query<'s, S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &'s S,
        start: S::Node,
        goal: S::Node,
    ) -> Result<Query<'s, S, DenseIndexer<'s, S>>, SearchError<S::Node>> {
        let indexer = self.prepare(space)?;
        SpaceExpansion::between(space, indexer, start, goal)
    }

    /// Opens `start` for a search over `policy` on the binary-heap open list that its caller
    /// runs a slice or a step at a time, after [`prepare`](Self::prepare); the counters are
    /// the run's.
    pub(crate) fn begin_general<P: Expansion<Cost = C>>(
        &mut self,
        policy: &P,
        checks: Validated<C>,
        options: &SearchOptions<C>,
        start: (u32, P::Hint),
    ) -> Result<Run<C, Validated<C>>, SearchError<P::Node>> {
        let run = best_first::begin(
            &mut self.records,
            &mut self.open,
            policy,
            checks,
            options.tie_break,
            options.max_expansions,
            start,
        )?;
        self.stats = run.stats;
        Ok(run)
    }

    /// Starts a query over indices below `bound`.
    pub(crate) fn prepare_bound<N>(&mut self, bound: usize) -> Result<(), SearchError<N>> {
        if bound > u32::MAX as usize {
            return Err(SearchError::TooManyNodes);
        }
        self.stats = Stats::default();
        self.records
            .new_generation(bound)
            .map_err(SearchError::Refused)
    }

    /// [`search`](Self::search), writing the path into `path`.
    pub(crate) fn search_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        path.clear();
        let checks = Validated::of(options)?;
        let (policy, start, goal) = self.prepare_query(space, start, goal)?;
        if options.trusted_plain_astar() {
            return self.run_trusted(&policy, start, goal.0, options.tie_break, path);
        }
        self.run_general(&policy, checks, options, start, &goal, path)
    }

    /// Dijkstra's order from `start` to the cheapest node `is_goal` accepts, on a space of
    /// dense indices, written into `path`.
    pub(crate) fn search_nearest_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        is_goal: impl Fn(S::Node) -> bool,
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        let indexer = self.prepare(space)?;
        self.search_matching_into(space, indexer, start, is_goal, options, path)
    }

    /// The goal-test search of every space, dense or hashed: Dijkstra's order (no estimate, no
    /// closest point) from `start`, numbered by `indexer`, to the cheapest node `is_goal`
    /// accepts, written into `path`. The records are prepared by the caller.
    pub(crate) fn search_matching_into<S, I>(
        &mut self,
        space: &S,
        indexer: I,
        start: S::Node,
        is_goal: impl Fn(S::Node) -> bool,
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>>
    where
        S: super::SearchSpace<Cost = C>,
        I: Indexer<S::Node>,
    {
        path.clear();
        let options = SearchOptions {
            heuristic_weight: 0.0,
            when_unreachable: WhenUnreachable::NoPath,
            ..*options
        };
        let checks = Validated::of(&options)?;
        let start_index = indexer.index(start)?;
        let policy = SpaceExpansion {
            space,
            indexer,
            goal: start,
        };
        self.run_general(
            &policy,
            checks,
            &options,
            (start_index, start),
            &Matching(is_goal),
            path,
        )
    }

    /// Runs the best-first loop with the binary-heap open list, after
    /// [`prepare`](Self::prepare), and writes the path.
    #[inline(never)]
    pub(crate) fn run_general<P, K, G>(
        &mut self,
        policy: &P,
        checks: K,
        options: &SearchOptions<C>,
        start: (u32, P::Hint),
        goal: &G,
        path: &mut Vec<P::Node>,
    ) -> Result<Status<C>, SearchError<P::Node>>
    where
        P: Expansion<Cost = C>,
        K: Checks<C>,
        G: Goal<P::Node>,
    {
        run_search(
            (&mut self.records, &mut self.open, &mut self.stats),
            policy,
            checks,
            (options.tie_break, options.max_expansions),
            [Ok(start)],
            goal,
            path,
        )
    }

    /// Breadth-first search over `policy`, after [`prepare`](Self::prepare), writing the path.
    pub(crate) fn run_breadth_first<P, G>(
        &mut self,
        policy: &P,
        start: u32,
        goal: &G,
        path: &mut Vec<P::Node>,
    ) -> Result<Status<C>, SearchError<P::Node>>
    where
        P: Expansion<Cost = C>,
        G: Goal<P::Node>,
    {
        let finish = breadth_first::run(
            &mut self.records,
            &mut self.queue,
            &mut self.stats,
            policy,
            start,
            goal,
        )?;
        Ok(self.finish(policy, finish, path))
    }

    /// Optimal A* over an expansion whose costs and estimates the library computed itself
    /// ([`Trusted`]) and whose estimate is consistent, with the bucket-queue open list: a grid's
    /// fast path. The caller has called [`prepare_bound`](Self::prepare_bound).
    #[inline(never)]
    pub(crate) fn run_trusted<P: Expansion<Cost = C>>(
        &mut self,
        policy: &P,
        start: (u32, P::Hint),
        goal: u32,
        tie: TieBreak,
        path: &mut Vec<P::Node>,
    ) -> Result<Status<C>, SearchError<P::Node>> {
        run_search(
            (&mut self.records, &mut self.buckets, &mut self.stats),
            policy,
            Trusted,
            (tie, None),
            [Ok(start)],
            &AtIndex(goal),
            path,
        )
    }

    /// The cost of the cheapest path from the last search's start to `node`, if the last search
    /// settled it (took it off the open list). After a search that exhausted the graph, this is a
    /// full distance map.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Outcome, SearchContext};
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    /// use pathkit::search::SearchOptions;
    ///
    /// let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// // Dijkstra toward a walled goal settles every reachable cell: a full distance map.
    /// assert_eq!(AStar(&space).find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(1, 1), &SearchOptions::dijkstra()).unwrap(), Outcome::Unreachable);
    /// assert_eq!(ctx.settled_cost(&space, Cell::new(2, 2)), Some(4));
    /// assert_eq!(ctx.settled_cost(&space, Cell::new(1, 1)), None);
    /// ```
    #[must_use]
    pub fn settled_cost<S: IndexedSpace<Cost = C>>(&self, space: &S, node: S::Node) -> Option<C> {
        let index = space.index_of(node)?;
        let index = u32::try_from(index).ok()?;
        self.records
            .closed(index)
            .then(|| self.records.slots[index as usize].g)
    }

    /// The status of a finished search, with its path written into `path`.
    pub(crate) fn finish<P: Expansion<Cost = C>>(
        &mut self,
        policy: &P,
        finish: Finish,
        path: &mut Vec<P::Node>,
    ) -> Status<C> {
        finish_path(&mut self.records, policy, finish, path)
    }
}

/// Opens every source (each at cost zero), runs the best-first loop to the end and writes the
/// path, leaving the counters in `stats`.
#[inline(always)]
pub(crate) fn run_search<P, O, K, G, H>(
    (records, open, stats): (&mut Records<P::Cost, H>, &mut O, &mut Stats),
    policy: &P,
    checks: K,
    (tie, max_expansions): (TieBreak, Option<u64>),
    sources: impl IntoIterator<Item = Result<(u32, P::Hint), SearchError<P::Node>>>,
    goal: &G,
    path: &mut Vec<P::Node>,
) -> Result<Status<P::Cost>, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    G: Goal<P::Node>,
    H: EstimateSlot<P::Cost>,
{
    let mut run = best_first::begin_many(
        records,
        open,
        policy,
        checks,
        (tie, max_expansions),
        sources,
    )?;
    let finish = best_first::run_to_end(records, open, &mut run, policy, goal);
    *stats = run.stats;
    Ok(finish_path(records, policy, finish?, path))
}

/// The status of a finished search, with its path written into `path` (emptied when there is
/// none).
pub(crate) fn finish_path<P: Expansion, H: EstimateSlot<P::Cost>>(
    records: &mut Records<P::Cost, H>,
    policy: &P,
    finish: Finish,
    path: &mut Vec<P::Node>,
) -> Status<P::Cost> {
    let mut write = |index| {
        records.write_path(
            index,
            (
                |from, to| policy.step_len(from, to),
                |from, to, out| policy.write_step(from, to, out),
            ),
            path,
        )
    };
    match finish {
        Finish::Found(i) => Status::Found { cost: write(i) },
        Finish::Limit(i) => Status::LimitReached { cost: write(i) },
        Finish::Closest(i) => Status::Closest { cost: write(i) },
        Finish::Unreachable => {
            path.clear();
            Status::Unreachable
        }
    }
}

/// Pairs a status with the path nodes written for it.
pub(crate) fn outcome_from<N, C>(status: Status<C>, nodes: Vec<N>) -> Outcome<N, C> {
    match status {
        Status::Found { cost } => Outcome::Found(Path { nodes, cost }),
        Status::LimitReached { cost } => Outcome::LimitReached(Path { nodes, cost }),
        Status::Closest { cost } => Outcome::Closest(Path { nodes, cost }),
        Status::Unreachable => Outcome::Unreachable,
    }
}

/// The allocating form of a query that writes its path into a buffer: runs `write` on a new
/// buffer and pairs the status with the path written.
pub(crate) fn outcome_of<N, C, E>(
    write: impl FnOnce(&mut Vec<N>) -> Result<Status<C>, E>,
) -> Result<Outcome<N, C>, E> {
    let mut nodes = Vec::new();
    let status = write(&mut nodes)?;
    Ok(outcome_from(status, nodes))
}

/// The indices `records` holds as closed in their current query, when that query expanded
/// anything (a query answered without searching leaves the records of the one before).
pub(crate) fn closed_in<C: Cost, H: EstimateSlot<C>>(
    records: &Records<C, H>,
    expanded: u64,
) -> impl Iterator<Item = usize> + '_ {
    let live = if expanded > 0 { records.slots.len() } else { 0 };
    (0..live).filter(move |&i| records.closed(i as u32))
}
