//! Distance maps: every node a multi-source Dijkstra search settles, with its cost and the step
//! toward its nearest source. Movement ranges (every node within a cost) and flow fields (the
//! next step toward the nearest exit from everywhere) are read from them.

use super::best_first::{self, Checks, Expansion, Validated};
use super::open_queue::OpenQueue;
use super::record::{Records, NO_PARENT};
use super::scratch::{Scratch, Settling};
use super::space_expansion::{Indexer, SpaceExpansion};
use super::{IndexedSpace, SearchContext, SearchError, SearchOptions, Stats, TieBreak};
use crate::Cost;
use std::cell::RefCell;

/// One node of a [`DistanceMap`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Reached, SearchContext};
///
/// let grid = Grid::new(3, 1).unwrap();
/// let mut ctx = SearchContext::new();
/// let space = grid.four_connected();
/// let map = ctx.distance_map(&space, [Cell::new(0, 0)], None).unwrap();
/// let reached: Vec<Reached<Cell, u32>> = map.iter().collect();
/// assert_eq!(reached[0], Reached { node: Cell::new(0, 0), cost: 0, toward_source: None });
/// assert_eq!(reached[2], Reached { node: Cell::new(2, 0), cost: 2, toward_source: Some(Cell::new(1, 0)) });
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reached<N, C> {
    /// The node.
    pub node: N,
    /// The cost of the cheapest path between it and its nearest source (zero for a source).
    pub cost: C,
    /// One step toward that source: the neighbour the node was reached from (`None` for a
    /// source).
    pub toward_source: Option<N>,
}

/// The nodes a distance map query settled, read from the [`SearchContext`] that ran it (so it
/// holds the context until dropped): each node's cost from its nearest source and the step
/// toward that source, looked up in constant time.
///
/// Made by [`SearchContext::distance_map`] (costs *from* the sources along the space's edges: a
/// unit's movement range, the reach of an explosion) and, on grids, by
/// [`GridSpace::distances_from`](crate::grid::GridSpace::distances_from) and
/// [`GridSpace::distances_to`](crate::grid::GridSpace::distances_to) (costs *to* the nearest
/// target: a flow field, where [`toward_source`](Self::toward_source) is the next cell to move
/// to).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::SearchContext;
///
/// let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let map = ctx.distance_map(&space, [Cell::new(0, 0)], Some(2)).unwrap();
/// // The unit at (0, 0) moves at most 2: five cells (the wall is never entered).
/// assert_eq!(map.len(), 5);
/// assert_eq!(map.cost(Cell::new(1, 0)), Some(1));
/// assert_eq!(map.cost(Cell::new(3, 0)), None);
/// assert_eq!(map.toward_source(Cell::new(2, 0)), Some(Cell::new(1, 0)));
/// ```
#[must_use = "the distance map is read through this value"]
pub struct DistanceMap<'a, S: IndexedSpace> {
    records: &'a Records<S::Cost>,
    order: &'a [u32],
    space: &'a S,
}

impl<'a, S: IndexedSpace> DistanceMap<'a, S> {
    /// The map `records` and `order` hold, read through `space`.
    pub(crate) fn new(ctx: &'a SearchContext<S::Cost>, space: &'a S) -> Self {
        DistanceMap {
            records: &ctx.records,
            order: &ctx.scratch.order,
            space,
        }
    }

    /// The settled index of `node`, if any.
    fn index(&self, node: S::Node) -> Option<u32> {
        let index = u32::try_from(self.space.index_of(node)?).ok()?;
        self.records.closed(index).then_some(index)
    }

    /// The cost between `node` and its nearest source, or `None` when the query did not reach it
    /// (unreachable, or beyond the cost limit).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::from_ascii("..3").unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let map = ctx.distance_map(&space, [Cell::new(0, 0)], Some(3)).unwrap();
    /// assert_eq!(map.cost(Cell::new(1, 0)), Some(1));
    /// assert_eq!(map.cost(Cell::new(2, 0)), None); // 1 + 3 is beyond the limit
    /// ```
    #[must_use]
    pub fn cost(&self, node: S::Node) -> Option<S::Cost> {
        self.index(node).map(|i| self.records.slots[i as usize].g)
    }

    /// One step from `node` toward its nearest source (the neighbour it was reached from), or
    /// `None` for a source or a node not reached.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::from_ascii("...\n.#.").unwrap();
    /// let exits = [Cell::new(0, 1)];
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let flow = space.distances_to(&mut ctx, &exits, None).unwrap();
    /// // From the far corner, step by step to the exit.
    /// let mut at = Cell::new(2, 1);
    /// let mut steps = 0;
    /// while let Some(next) = flow.toward_source(at) {
    ///     at = next;
    ///     steps += 1;
    /// }
    /// assert_eq!((at, steps), (Cell::new(0, 1), 4));
    /// ```
    #[must_use]
    pub fn toward_source(&self, node: S::Node) -> Option<S::Node> {
        let parent = self.records.slots[self.index(node)? as usize].parent;
        (parent != NO_PARENT).then(|| self.space.node_at(parent as usize))
    }

    /// The number of nodes reached (sources included).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::new(5, 5).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// // A diamond of radius 1 around the centre.
    /// let range = ctx.distance_map(&space, [Cell::new(2, 2)], Some(1)).unwrap();
    /// assert_eq!(range.len(), 5);
    /// assert!(!range.is_empty());
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// `true` when no node was reached (no source given, or none inside the space).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::from_ascii(".#").unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// // A source inside a wall reaches nothing.
    /// assert!(space.distances_from(&mut ctx, &[Cell::new(1, 0)], None).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Every node reached, cheapest first (the order the search settled them in).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::new(4, 1).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let map = ctx.distance_map(&space, [Cell::new(0, 0)], None).unwrap();
    /// let costs: Vec<u32> = map.iter().map(|r| r.cost).collect();
    /// assert_eq!(costs, [0, 1, 2, 3]); // cheapest first
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Reached<S::Node, S::Cost>> + '_ {
        self.order.iter().map(|&i| {
            let r = &self.records.slots[i as usize];
            Reached {
                node: self.space.node_at(i as usize),
                cost: r.g,
                toward_source: (r.parent != NO_PARENT)
                    .then(|| self.space.node_at(r.parent as usize)),
            }
        })
    }

    /// Writes the steps from `node` to its nearest source into `out` (`node` first, the source
    /// last), reusing its capacity, and returns the cost; `None` (and `out` empty) when `node`
    /// was not reached.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::new(3, 2).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let flow = space.distances_to(&mut ctx, &[Cell::new(0, 0)], None).unwrap();
    /// let mut route = Vec::new();
    /// assert_eq!(flow.route_to_source(Cell::new(2, 0), &mut route), Some(2));
    /// assert_eq!(route, [Cell::new(2, 0), Cell::new(1, 0), Cell::new(0, 0)]);
    /// ```
    pub fn route_to_source(&self, node: S::Node, out: &mut Vec<S::Node>) -> Option<S::Cost> {
        out.clear();
        let mut at = self.index(node)?;
        loop {
            out.push(self.space.node_at(at as usize));
            at = self.records.slots[at as usize].parent;
            if at == NO_PARENT {
                break;
            }
        }
        Some(self.records.slots[self.index(node)? as usize].g)
    }
}

impl<C: Cost> SearchContext<C> {
    /// Costs from the nearest of `sources` to every node they reach, by a multi-source Dijkstra
    /// search along the space's edges, stopping at `max_cost` when given: many units' reach at
    /// once, or one unit's movement range (`[unit]` and its movement points). Read the answer
    /// through the returned [`DistanceMap`]; it lives in this context, so once the context has
    /// answered the largest such query, the next ones allocate nothing.
    ///
    /// # Errors
    ///
    /// [`SearchError::NodeOutOfBounds`] for a source outside the space,
    /// [`SearchError::InvalidMaxCost`] for a NaN or negative limit, and the errors of any search
    /// (invalid edge costs, overflow, memory).
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::SearchContext;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 5]);
    /// for w in n.windows(2) {
    ///     graph.add_connections(w[0], &[w[1]], Direction::BothWays).unwrap();
    /// }
    /// let mut ctx = SearchContext::new();
    /// // Two exits at both ends of a line of five: the middle node is two moves from either.
    /// let space = graph.space();
    /// let map = ctx.distance_map(&space, [n[0], n[4]], None).unwrap();
    /// assert_eq!(map.cost(n[2]), Some(2.0));
    /// assert_eq!(map.cost(n[3]), Some(1.0));
    /// assert_eq!(map.toward_source(n[3]), Some(n[4]));
    /// ```
    pub fn distance_map<'a, S: IndexedSpace<Cost = C>>(
        &'a mut self,
        space: &'a S,
        sources: impl IntoIterator<Item = S::Node>,
        max_cost: Option<C>,
    ) -> Result<DistanceMap<'a, S>, SearchError<S::Node>> {
        let mut options = SearchOptions::dijkstra();
        options.max_cost = max_cost;
        let checks = Validated::of(&options)?;
        let indexer = self.prepare(space)?;
        let mut sources = sources.into_iter().peekable();
        let Some(&first) = sources.peek() else {
            // No source: nothing is reached.
            self.scratch.order.clear();
            return Ok(DistanceMap::new(self, space));
        };
        let policy = SpaceExpansion {
            space,
            // Dijkstra never estimates: any node will do.
            goal: first,
            indexer,
        };
        let sources = sources.map(|node| policy.indexer.index(node).map(|i| (i, node)));
        let (records, open) = (&mut self.records, &mut self.open);
        self.stats = settle(records, open, &mut self.scratch, &policy, checks, sources)?;
        Ok(DistanceMap::new(self, space))
    }
}

impl<C: Cost> SearchContext<C> {
    /// [`distance_map`](Self::distance_map) from one source with no cost limit, for a space
    /// whose costs the library computed itself and whose estimate is zero (the caller's
    /// promise): no checks, and the bucket-queue open list of the fast loop.
    pub(crate) fn distance_map_trusted<'a, S: IndexedSpace<Cost = C>>(
        &'a mut self,
        space: &'a S,
        source: S::Node,
    ) -> Result<DistanceMap<'a, S>, SearchError<S::Node>> {
        let indexer = self.prepare(space)?;
        let policy = SpaceExpansion {
            space,
            goal: source,
            indexer,
        };
        let sources = [policy.indexer.index(source).map(|i| (i, source))];
        let (records, open) = (&mut self.records, &mut self.buckets);
        self.stats = settle(
            records,
            open,
            &mut self.scratch,
            &policy,
            best_first::Trusted,
            sources,
        )?;
        Ok(DistanceMap::new(self, space))
    }
}

/// Runs a multi-source search from `sources` that settles every node it reaches (no goal),
/// noting them in `scratch.order`; returns the counters. The caller has started a new
/// generation of `records`.
pub(crate) fn settle<P, O, K>(
    records: &mut Records<P::Cost>,
    open: &mut O,
    scratch: &mut Scratch,
    policy: &P,
    checks: K,
    sources: impl IntoIterator<Item = Result<(u32, P::Hint), SearchError<P::Node>>>,
) -> Result<Stats, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
{
    scratch.new_order(records.slots.len())?;
    let mut run = best_first::begin_many(
        records,
        open,
        policy,
        checks,
        (TieBreak::LargerG, None),
        sources,
    )?;
    let goal = Settling(RefCell::new(&mut scratch.order));
    best_first::run_to_end(records, open, &mut run, policy, &goal)?;
    Ok(run.stats)
}
