//! The multi-cell queries of a [`GridSpace`]: distance maps from or to a set of cells (movement
//! ranges, flow fields) and the path to the nearest of several goals. Under the grid's own
//! weights they run the search core's fast loop (neighbour masks, buckets, trusted costs); under
//! other rules, the general loop over the space.

use super::grid_problem::GridProblem;
use super::reverse::{Reversed, ReversedProblem};
use super::{Cell, GridError, GridSpace, TileRules};
use crate::search::{
    run_search, settle, AtIndex, DenseIndexer, DistanceMap, IndexedSpace, SearchContext,
    SearchOptions, SpaceExpansion, Stats, Status, Trusted, TrustedWithin, Validated,
    WhenUnreachable,
};
use crate::Cost;

impl<'g, C: Cost, R: TileRules> GridSpace<'g, C, R> {
    /// The cost from the nearest of `sources` to every cell they reach, at most `max_cost` when
    /// given: a turn-based unit's movement range (`&[unit]` and its movement points), or the
    /// reach of several units at once. [`DistanceMap::toward_source`] is the step back toward
    /// the source a cell is reached from. A source inside a wall reaches nothing, not even
    /// itself.
    ///
    /// The answer lives in `ctx`: once `ctx` has answered the largest such query on this grid,
    /// the next ones allocate nothing.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] for a source outside the grid, [`GridError::Search`] with
    /// [`SearchError::InvalidMaxCost`](crate::search::SearchError::InvalidMaxCost) for a NaN or
    /// negative limit (or a cost overflow), and [`GridError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when a table cannot be allocated.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// // A knight-free board: a unit with 3 movement points, 4-connected, a wall in the way.
    /// let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let range = space.distances_from(&mut ctx, &[Cell::new(0, 0)], Some(3)).unwrap();
    /// let mut cells: Vec<Cell> = range.iter().map(|r| r.node).collect();
    /// cells.sort_by_key(|c| (c.y, c.x));
    /// assert_eq!(cells, [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0), Cell::new(0, 1), Cell::new(0, 2), Cell::new(1, 2)]);
    /// ```
    pub fn distances_from<'a>(
        &'a self,
        ctx: &'a mut SearchContext<C>,
        sources: &[Cell],
        max_cost: Option<C>,
    ) -> Result<DistanceMap<'a, Self>, GridError> {
        self.distances(ctx, sources, max_cost, false)
    }

    /// The cost from every cell to the nearest of `targets` (at most `max_cost` when given), with
    /// [`DistanceMap::toward_source`] the next cell to step to on the way there: a flow field.
    /// Many agents fleeing to the nearest exit each read their next step in constant time,
    /// instead of searching one path each. Moves are searched backwards from the targets, so on
    /// weighted terrain the costs are those of walking toward them. A target inside a wall is
    /// never reached.
    ///
    /// Allocation and errors as in [`distances_from`](Self::distances_from).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    ///
    /// let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
    /// let exits = [Cell::new(0, 0), Cell::new(4, 2)];
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let flow = space.distances_to(&mut ctx, &exits, None).unwrap();
    /// // From (4, 0) the nearest exit is (4, 2), two moves away: first down to (4, 1).
    /// assert_eq!(flow.cost(Cell::new(4, 0)), Some(2));
    /// assert_eq!(flow.toward_source(Cell::new(4, 0)), Some(Cell::new(4, 1)));
    /// assert_eq!(flow.cost(Cell::new(1, 0)), Some(1));
    /// ```
    pub fn distances_to<'a>(
        &'a self,
        ctx: &'a mut SearchContext<C>,
        targets: &[Cell],
        max_cost: Option<C>,
    ) -> Result<DistanceMap<'a, Self>, GridError> {
        self.distances(ctx, targets, max_cost, true)
    }

    /// [`distances_from`](Self::distances_from) (`reverse` false) and
    /// [`distances_to`](Self::distances_to) (true).
    fn distances<'a>(
        &'a self,
        ctx: &'a mut SearchContext<C>,
        sources: &[Cell],
        max_cost: Option<C>,
        reverse: bool,
    ) -> Result<DistanceMap<'a, Self>, GridError> {
        for &cell in sources {
            self.grid().check(cell)?;
        }
        let mut options = SearchOptions::dijkstra();
        options.max_cost = max_cost;
        let checks = Validated::of(&options)?;
        ctx.prepare_bound::<Cell>(self.grid().len())?;
        let passable = |cell: &Cell| self.weight(cell.x as i64, cell.y as i64) != 0;
        let Some(first) = sources.iter().copied().find(passable) else {
            ctx.scratch.order.clear();
            return Ok(DistanceMap::new(ctx, self));
        };
        let free = sources.iter().copied().filter(passable);
        let (records, scratch) = (&mut ctx.records, &mut ctx.scratch);
        ctx.stats = if self.own_weights {
            let problem = GridProblem::new(self, first, self.grid().try_free_masks()?);
            let sources = free.map(|cell| Ok((self.grid().index(cell) as u32, (cell, 8))));
            let within = TrustedWithin {
                max_cost: checks.max_cost,
            };
            let open = &mut ctx.buckets;
            if reverse {
                let reversed = ReversedProblem::new(problem, self);
                settle(records, open, scratch, &reversed, within, sources)?
            } else {
                settle(records, open, scratch, &problem, within, sources)?
            }
        } else {
            let sources = free.map(|cell| Ok((self.grid().index(cell) as u32, cell)));
            let open = &mut ctx.open;
            let bound = self.grid().len();
            if reverse {
                let reversed = Reversed(self);
                let policy = SpaceExpansion {
                    space: &reversed,
                    indexer: DenseIndexer {
                        space: &reversed,
                        bound: reversed.node_bound(),
                    },
                    goal: first,
                };
                settle(records, open, scratch, &policy, checks, sources)?
            } else {
                let policy = SpaceExpansion {
                    space: self,
                    indexer: DenseIndexer { space: self, bound },
                    goal: first,
                };
                settle(records, open, scratch, &policy, checks, sources)?
            }
        };
        Ok(DistanceMap::new(ctx, self))
    }

    /// The optimal path from `start` to the nearest of `goals` (the cheapest to reach), or
    /// [`Status::Unreachable`] when no goal can be reached (or none is given).
    ///
    /// Plain A* (no limits, no closest point) runs backwards, from every goal the grid's
    /// components say `start` can reach at once toward `start`: one estimate per node, whatever
    /// the number of goals, and the fast loop under the grid's own weights. With limits or
    /// [`WhenUnreachable::ClosestPoint`] it runs forward from `start`
    /// ([`Goal::AnyOf`](crate::Goal::AnyOf) on [`AStar`](crate::search::AStar)), so that a partial path or the path to the closest
    /// point starts where the character stands. Among several equally cheap paths either
    /// direction may return a different one. A walled start is unreachable from; walled goals
    /// are never reached.
    ///
    /// The path is written into `path` (start first), reusing its capacity: allocation-free once warm.
    pub(super) fn to_nearest_into(
        &self,
        ctx: &mut SearchContext<C>,
        start: Cell,
        goals: &[Cell],
        options: &SearchOptions<C>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<C>, GridError> {
        path.clear();
        self.grid().check(start)?;
        for &goal in goals {
            self.grid().check(goal)?;
        }
        ctx.stats = Stats::default();
        let passable = |cell: Cell| self.weight(cell.x as i64, cell.y as i64) != 0;
        if !passable(start) {
            return Ok(Status::Unreachable);
        }
        let plain = options.max_expansions.is_none()
            && options.max_cost.is_none()
            && options.when_unreachable == WhenUnreachable::NoPath;
        if !plain {
            return Ok(ctx.search_to_any_into(self, start, goals, options, path)?);
        }
        if goals.contains(&start) {
            path.push(start);
            return Ok(Status::Found { cost: C::ZERO });
        }
        // Goals in another component are left out (under the grid's own weights).
        let home = if self.own_weights {
            self.grid().try_component(start, self.diagonal())?
        } else {
            None
        };
        let usable = |cell: &Cell| {
            passable(*cell)
                && (!self.own_weights
                    || self
                        .grid()
                        .try_component(*cell, self.diagonal())
                        .ok()
                        .flatten()
                        == home)
        };
        if !goals.iter().any(usable) {
            return Ok(Status::Unreachable);
        }
        let usable_goals = goals.iter().copied().filter(usable);
        let target = AtIndex(self.grid().index(start) as u32);
        let status = if self.fast_loop_applies(options) {
            let problem = GridProblem::new(self, start, self.grid().try_free_masks()?);
            let reversed = ReversedProblem::new(problem, self);
            ctx.prepare_bound::<Cell>(self.grid().len())?;
            let sources = usable_goals.map(|cell| Ok((self.grid().index(cell) as u32, (cell, 8))));
            run_search(
                (&mut ctx.records, &mut ctx.buckets, &mut ctx.stats),
                &reversed,
                Trusted,
                (options.tie_break, options.max_expansions),
                sources,
                &target,
                path,
            )?
        } else {
            let reversed = Reversed(self);
            let checks = Validated::of(options)?;
            ctx.prepare_bound::<Cell>(self.grid().len())?;
            let policy = SpaceExpansion {
                space: &reversed,
                indexer: DenseIndexer {
                    space: &reversed,
                    bound: reversed.node_bound(),
                },
                goal: start,
            };
            let sources = usable_goals.map(|cell| Ok((self.grid().index(cell) as u32, cell)));
            run_search(
                (&mut ctx.records, &mut ctx.open, &mut ctx.stats),
                &policy,
                checks,
                (options.tie_break, options.max_expansions),
                sources,
                &target,
                path,
            )?
        };
        // Written from the goal to the start.
        path.reverse();
        Ok(status)
    }
}
