//! Searches with several goals or several starts: A* to the nearest of several goals (the
//! estimate is the least of the estimates to each), and A* from the nearest of several starts (a
//! multi-source search, which is also the nearest-goal search run backwards on a space whose
//! moves go both ways).

use super::best_first::{Expansion, Validated};
use super::context::{outcome_of, run_search};
use super::scratch::Marked;
use super::space_expansion::{DenseIndexer, Indexer, SpaceExpansion};
use super::{
    AtIndex, IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions, SearchSpace, Status,
};
use crate::Cost;

/// A space searched toward the nearest of `goals`: the estimate of a node is the least of the
/// space's estimates to each goal, admissible when each of them is (and consistent when each is).
struct TowardAny<'s, 'g, S: SearchSpace> {
    inner: SpaceExpansion<'s, S, DenseIndexer<'s, S>>,
    goals: &'g [S::Node],
}

impl<S: IndexedSpace> Expansion for TowardAny<'_, '_, S> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Hint = S::Node;

    #[inline(always)]
    fn node(&self, index: u32) -> S::Node {
        self.inner.node(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, S::Cost, S::Node)>(
        &self,
        index: u32,
        parent: u32,
        visit: F,
    ) -> Result<(), SearchError<S::Node>> {
        self.inner.expand(index, parent, visit)
    }

    #[inline]
    fn estimate(&self, node: S::Node) -> S::Cost {
        let space = self.inner.space;
        self.goals
            .iter()
            .map(|&goal| space.heuristic(node, goal))
            .min_by(|a, b| a.total_order(b))
            .unwrap_or(S::Cost::ZERO)
    }

    fn hint_at(&self, index: u32) -> S::Node {
        self.inner.node(index)
    }
}

impl<C: Cost> SearchContext<C> {
    /// A* from `start` to the nearest of `goals` (the cheapest to reach), with the estimate of a
    /// node the least of the space's estimates to each goal: optimal whenever the space's
    /// heuristic is admissible. Each estimate costs one heuristic call per goal; for many goals
    /// on a space whose moves go both ways at the same cost, [`search_from_any`](Self::search_from_any)
    /// from the goals to `start` is cheaper (grids do that by themselves:
    /// [`Goal::AnyOf`](crate::Goal::AnyOf) on a [`GridSpace`](crate::grid::GridSpace)).
    ///
    /// Every option applies: limits give the partial path toward the nearest goal by estimate,
    /// and [`WhenUnreachable::ClosestPoint`](super::WhenUnreachable::ClosestPoint) the path to the
    /// node nearest any goal. No goal at all is [`Outcome::Unreachable`].
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::{SearchContext, SearchOptions};
    ///
    /// let grid = GridGraph::new((0, 0), 6, 1, Diagonal::Never).unwrap();
    /// let at = |x| grid.node_at(x, 0).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.graph().space();
    /// let outcome = ctx.search_to_any(&space, at(2), &[at(0), at(5)], &SearchOptions::new()).unwrap();
    /// let path = outcome.into_path().unwrap();
    /// assert_eq!(path.nodes, vec![at(2), at(1), at(0)]);
    /// ```
    pub fn search_to_any<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goals: &[S::Node],
        options: &SearchOptions<C>,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        outcome_of(|path| self.search_to_any_into(space, start, goals, options, path))
    }

    /// [`search_to_any`](Self::search_to_any) writing the path into `path`, reusing its
    /// capacity: allocation-free once warm.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Status};
    ///
    /// let grid = Grid::new(6, 1).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// let goals = [Cell::new(0, 0), Cell::new(5, 0)];
    /// let status = ctx.search_to_any_into(&grid.four_connected(), Cell::new(3, 0), &goals, &SearchOptions::new(), &mut path).unwrap();
    /// assert_eq!(status, Status::Found { cost: 2 });
    /// assert_eq!(path.last(), Some(&Cell::new(5, 0)));
    /// ```
    pub fn search_to_any_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goals: &[S::Node],
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        path.clear();
        let checks = Validated::of(options)?;
        let indexer = self.prepare(space)?;
        let start_index = indexer.index(start)?;
        if goals.is_empty() {
            // Nothing to reach, and no goal to be near.
            return Ok(Status::Unreachable);
        }
        self.scratch.new_marks(indexer.bound)?;
        for &goal in goals {
            let index = indexer.index(goal)?;
            self.scratch.mark(index);
        }
        let policy = TowardAny {
            inner: SpaceExpansion {
                space,
                indexer,
                goal: start,
            },
            goals,
        };
        run_search(
            (&mut self.records, &mut self.open, &mut self.stats),
            &policy,
            checks,
            (options.tie_break, options.max_expansions),
            [Ok((start_index, start))],
            &Marked(&self.scratch),
            path,
        )
    }

    /// A* from the nearest of `starts` to `goal`: every start is opened at cost zero, and the path
    /// found begins at the start that reaches the goal cheapest (many spawn points, one target).
    ///
    /// On a space whose moves go both ways at the same cost, searching from the goals to the
    /// start this way answers "the nearest of several goals" with one estimate per node (the
    /// path then runs backwards). Options apply as in [`search`](Self::search). No start at all
    /// is [`Outcome::Unreachable`].
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    ///
    /// let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
    /// let mut ctx = SearchContext::new();
    /// let spawns = [Cell::new(0, 0), Cell::new(4, 2)];
    /// let outcome = ctx.search_from_any(&grid.four_connected(), &spawns, Cell::new(3, 2), &SearchOptions::new()).unwrap();
    /// let path = outcome.into_path().unwrap();
    /// assert_eq!(path.nodes, vec![Cell::new(4, 2), Cell::new(3, 2)]);
    /// ```
    pub fn search_from_any<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        starts: &[S::Node],
        goal: S::Node,
        options: &SearchOptions<C>,
    ) -> Result<Outcome<S::Node, C>, SearchError<S::Node>> {
        outcome_of(|path| self.search_from_any_into(space, starts, goal, options, path))
    }

    /// [`search_from_any`](Self::search_from_any) writing the path into `path`, reusing its
    /// capacity: allocation-free once warm.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Status};
    ///
    /// let grid = Grid::new(6, 1).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// let spawns = [Cell::new(0, 0), Cell::new(5, 0)];
    /// let status = ctx.search_from_any_into(&grid.four_connected(), &spawns, Cell::new(1, 0), &SearchOptions::new(), &mut path).unwrap();
    /// assert_eq!(status, Status::Found { cost: 1 });
    /// assert_eq!(path, [Cell::new(0, 0), Cell::new(1, 0)]);
    /// ```
    pub fn search_from_any_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        starts: &[S::Node],
        goal: S::Node,
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        path.clear();
        let checks = Validated::of(options)?;
        let indexer = self.prepare(space)?;
        let goal_index = indexer.index(goal)?;
        let policy = SpaceExpansion {
            space,
            indexer,
            goal,
        };
        let sources = starts
            .iter()
            .map(|&s| policy.indexer.index(s).map(|i| (i, s)));
        run_search(
            (&mut self.records, &mut self.open, &mut self.stats),
            &policy,
            checks,
            (options.tie_break, options.max_expansions),
            sources,
            &AtIndex(goal_index),
            path,
        )
    }
}
