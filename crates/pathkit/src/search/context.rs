//! [`SearchContext`]: reusable search state for spaces with dense node indices.

use super::engine::{Engine, Finish, Indexer, Problem};
use super::indexed::IndexedProblem;
use super::TieBreak;
use super::{IndexedSpace, Outcome, Path, SearchError, SearchOptions, SearchSpace, Stats, Status};
use crate::Cost;

/// Reusable state for searches on an [`IndexedSpace`]: per-node records in flat arrays stamped with
/// the query number (nothing is cleared between queries) and the open list.
///
/// Keep one per map and per thread.
///
/// # When a query allocates
///
/// A context grows and never shrinks. The first query on a space sizes the per-node records to
/// it; the open list grows to the most entries a query has needed so far, and the caller's path
/// buffer ([`search_into`](Self::search_into)) to the longest path. A grid builds its own lookup
/// tables on the first query that needs them, then keeps them current through edits (a new wall
/// makes the next query rebuild the connected components, in the arrays they already had). So
/// once a context has answered the largest query it will be asked (a long path across the map
/// is the usual warm-up), [`search_into`](Self::search_into) allocates nothing, edits between
/// queries included (tested with a counting allocator).
///
/// The first query on a space sizes the records to its `node_bound()`, checked first: more than
/// `u32::MAX` nodes is [`SearchError::TooManyNodes`], records above
/// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) are [`SearchError::TooLarge`], and memory the
/// allocator refuses is [`SearchError::OutOfMemory`].
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::search::{SearchContext, SearchOptions, Status};
///
/// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
/// let space = grid.octile();
/// let mut ctx = SearchContext::new();
/// let mut path = Vec::new();
/// let status = ctx
///     .search_into(&space, grid.cell(0, 1).unwrap(), grid.cell(3, 1).unwrap(), &SearchOptions::new(), &mut path)
///     .unwrap();
/// assert!(status.is_found());
/// assert_eq!(path.len(), 6); // around the wall: no cutting its corners
/// ```
#[derive(Clone, Debug)]
pub struct SearchContext<C: Cost> {
    pub(crate) engine: Engine<C>,
}

impl<C: Cost> Default for SearchContext<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// Dense node indices straight from the space.
pub(crate) struct DenseIndexer<'s, S> {
    pub space: &'s S,
    pub bound: usize,
}

impl<S: IndexedSpace> Indexer<S::Node> for DenseIndexer<'_, S> {
    #[inline(always)]
    fn index(&mut self, node: S::Node) -> Result<u32, SearchError<S::Node>> {
        match self.space.index_of(node) {
            Some(i) if i < self.bound => Ok(i as u32),
            _ => Err(SearchError::NodeOutOfBounds { node }),
        }
    }
    #[inline(always)]
    fn node(&self, index: u32) -> S::Node {
        self.space.node_at(index as usize)
    }
}

/// A space with one goal node.
pub(crate) struct ToGoal<'s, S: SearchSpace> {
    pub space: &'s S,
    pub goal: S::Node,
    pub goal_index: u32,
}

impl<S: SearchSpace> Problem for ToGoal<'_, S> {
    type Node = S::Node;
    type Cost = S::Cost;
    #[inline(always)]
    fn successors<F: FnMut(S::Node, S::Cost)>(&self, node: S::Node, visit: F) {
        self.space.successors(node, visit)
    }
    #[inline(always)]
    fn estimate(&self, node: S::Node) -> S::Cost {
        self.space.heuristic(node, self.goal)
    }
    #[inline(always)]
    fn is_goal(&self, index: u32, _node: S::Node) -> bool {
        index == self.goal_index
    }
}

/// A space with a goal test and no heuristic (Dijkstra to the nearest goal).
pub(crate) struct ToPredicate<'s, S, G> {
    pub space: &'s S,
    pub is_goal: G,
}

impl<S: SearchSpace, G: Fn(S::Node) -> bool> Problem for ToPredicate<'_, S, G> {
    type Node = S::Node;
    type Cost = S::Cost;
    #[inline(always)]
    fn successors<F: FnMut(S::Node, S::Cost)>(&self, node: S::Node, visit: F) {
        self.space.successors(node, visit)
    }
    #[inline(always)]
    fn estimate(&self, _node: S::Node) -> S::Cost {
        S::Cost::ZERO
    }
    #[inline(always)]
    fn is_goal(&self, _index: u32, node: S::Node) -> bool {
        (self.is_goal)(node)
    }
}

impl<C: Cost> SearchContext<C> {
    /// An empty context; its arrays grow to the size of the first space searched.
    pub fn new() -> Self {
        SearchContext {
            engine: Engine::default(),
        }
    }

    /// Counters of the last search.
    pub fn stats(&self) -> Stats {
        self.engine.stats
    }

    fn prepare<'s, S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &'s S,
    ) -> Result<DenseIndexer<'s, S>, SearchError<S::Node>> {
        let bound = space.node_bound();
        if bound > u32::MAX as usize {
            return Err(SearchError::TooManyNodes);
        }
        self.engine
            .new_generation(bound)
            .map_err(|e| SearchError::refused(e, bound))?;
        Ok(DenseIndexer { space, bound })
    }

    /// Optimal A* from `start` to `goal` with default options.
    pub fn astar<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        self.search(space, start, goal, &SearchOptions::new())
    }

    /// Dijkstra's algorithm from `start` to `goal` (the space's heuristic is not called).
    pub fn dijkstra<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        self.search(space, start, goal, &SearchOptions::dijkstra())
    }

    /// A search with the given options, returning a newly allocated path.
    pub fn search<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<C>,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        let mut nodes = Vec::new();
        let status = self.search_into(space, start, goal, options, &mut nodes)?;
        Ok(outcome_from(status, nodes))
    }

    /// A search that writes its path (start first, both ends included) into `path`, reusing its
    /// capacity: allocation-free once warm (see [When a query allocates](SearchContext#when-a-query-allocates)).
    pub fn search_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        path.clear();
        let mut indexer = self.prepare(space)?;
        let goal_index = indexer.index(goal)?;
        let problem = ToGoal {
            space,
            goal,
            goal_index,
        };
        let mut run = self.engine.begin(&problem, &mut indexer, start, options)?;
        let finish = self.engine.run(&problem, &mut indexer, &mut run)?;
        Ok(self.finish(&indexer, finish, path))
    }

    /// Dijkstra's algorithm to the cheapest node for which `is_goal` holds (the nearest exit, the
    /// nearest bone). Options other than the tie rule and the limits are ignored.
    pub fn search_nearest<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        is_goal: impl Fn(S::Node) -> bool,
        options: &SearchOptions<C>,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        let mut indexer = self.prepare(space)?;
        let problem = ToPredicate { space, is_goal };
        let options = SearchOptions {
            heuristic_weight: 0.0,
            ..*options
        };
        let mut run = self.engine.begin(&problem, &mut indexer, start, &options)?;
        let finish = self.engine.run(&problem, &mut indexer, &mut run)?;
        let mut nodes = Vec::new();
        let status = self.finish(&indexer, finish, &mut nodes);
        Ok(outcome_from(status, nodes))
    }

    /// Breadth-first search: the path with the fewest edges, optimal when every edge costs the same.
    /// The returned cost is the sum of the edge costs along that path.
    pub fn breadth_first<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goal: S::Node,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        let mut indexer = self.prepare(space)?;
        let goal_index = indexer.index(goal)?;
        let problem = ToGoal {
            space,
            goal,
            goal_index,
        };
        let finish = self.engine.breadth_first(&problem, &mut indexer, start)?;
        let mut nodes = Vec::new();
        let status = self.finish(&indexer, finish, &mut nodes);
        Ok(outcome_from(status, nodes))
    }

    /// Optimal A* on a problem with indexed successors ([`IndexedProblem`]): the fast loop, for
    /// spaces that meet its contract. `bound` must cover every index the problem produces.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_indexed<P: IndexedProblem<Cost = C>>(
        &mut self,
        problem: &P,
        bound: usize,
        start: (u32, P::Hint),
        goal: u32,
        tie: TieBreak,
        path: &mut Vec<P::Node>,
    ) -> Result<Status<C>, SearchError<P::Node>> {
        path.clear();
        if bound > u32::MAX as usize {
            return Err(SearchError::TooManyNodes);
        }
        self.engine
            .new_generation(bound)
            .map_err(|e| SearchError::refused(e, bound))?;
        let finish = self
            .engine
            .run_indexed(problem, start.0, start.1, goal, tie)?;
        Ok(self.finish_with(|i| problem.node_at(i), finish, path))
    }

    /// The cost of the cheapest path from the last search's start to `node`, if the last search
    /// settled it (took it off the open list). After a search that exhausted the graph, this is a
    /// full distance map.
    pub fn settled_cost<S: IndexedSpace<Cost = C>>(&self, space: &S, node: S::Node) -> Option<C> {
        let index = space.index_of(node)?;
        let index = u32::try_from(index).ok()?;
        self.engine
            .closed(index)
            .then(|| self.engine.records[index as usize].g)
    }

    pub(crate) fn finish<N, I: Indexer<N>>(
        &self,
        indexer: &I,
        finish: Finish,
        path: &mut Vec<N>,
    ) -> Status<C> {
        self.finish_with(|i| indexer.node(i), finish, path)
    }

    /// [`finish`](Self::finish) with a plain index-to-node function.
    fn finish_with<N>(
        &self,
        node: impl Fn(u32) -> N,
        finish: Finish,
        path: &mut Vec<N>,
    ) -> Status<C> {
        match finish {
            Finish::Found(i) => Status::Found {
                cost: self.engine.write_path(&node, i, path),
            },
            Finish::Limit(i) => Status::LimitReached {
                cost: self.engine.write_path(&node, i, path),
            },
            Finish::Unreachable => {
                path.clear();
                Status::Unreachable
            }
        }
    }
}

/// Pairs a status with the path nodes written for it.
pub(crate) fn outcome_from<N, C>(status: Status<C>, nodes: Vec<N>) -> Outcome<N, C> {
    match status {
        Status::Found { cost } => Outcome::Found(Path { nodes, cost }),
        Status::LimitReached { cost } => Outcome::LimitReached(Path { nodes, cost }),
        Status::Unreachable => Outcome::Unreachable,
    }
}
