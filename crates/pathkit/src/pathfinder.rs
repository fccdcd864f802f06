//! The front door: one way to ask any of pathkit's searches for a path.
//!
//! Every searchable value (a grid seen with some moves, a hex grid, Jump Point Search over a grid,
//! JPS+) implements [`Pathfinder`]: the same three calls, a reusable context passed the same way,
//! one [`Goal`] type for one goal, the nearest of several or any node a test accepts, and the
//! search core's answer types ([`Outcome`], [`Status`]).
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::from_ascii(
//!     "..#.\n\
//!      ..#.\n\
//!      ....",
//! )?;
//! let mut ctx = SearchContext::new();
//! let path = grid.four_connected().find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 0))?;
//! assert_eq!(path.into_path().unwrap().cost, 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::search::{
    outcome_of, IndexedSpace, Outcome, ParkedSearch, PendingSearch, SearchContext, SearchError,
    SearchOptions, Stats, Status, WhenUnreachable,
};
use crate::{Cost, Ends, SlicedPathfinder};
use std::fmt;

/// Where a search goes: one node, the nearest of several, or the nearest node a test accepts.
///
/// A node converts into a `Goal` (`Goal::Node`), and so does a slice, array or vector of nodes
/// (`Goal::AnyOf`), so a call reads `find_path(&mut ctx, start, goal)` or
/// `find_path(&mut ctx, start, &exits)`.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::SearchContext;
/// use pathkit::{Goal, Pathfinder};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let start = Cell::new(4, 0);
///
/// // The nearest of two exits.
/// let exits = [Cell::new(0, 2), Cell::new(5, 2)];
/// let path = space.find_path(&mut ctx, start, &exits)?.into_path().unwrap();
/// assert_eq!((path.nodes.last(), path.cost), (Some(&Cell::new(5, 2)), 3));
///
/// // The nearest cell of the bottom row.
/// let bottom = |c: Cell| c.y == 2;
/// let path = space.find_path(&mut ctx, start, Goal::Matching(&bottom))?.into_path().unwrap();
/// assert_eq!(path.cost, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub enum Goal<'a, N> {
    /// This node.
    Node(N),
    /// Whichever of these nodes is cheapest to reach (none reachable, or an empty list: the search
    /// answers unreachable).
    AnyOf(&'a [N]),
    /// The cheapest node to reach for which the test holds. The search cannot aim for it, so it
    /// spreads out in every direction (Dijkstra's order).
    Matching(&'a dyn Fn(N) -> bool),
}

impl<N: fmt::Debug> fmt::Debug for Goal<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Node(n) => f.debug_tuple("Node").field(n).finish(),
            Goal::AnyOf(nodes) => f.debug_tuple("AnyOf").field(nodes).finish(),
            Goal::Matching(_) => f.write_str("Matching(..)"),
        }
    }
}

impl<N> From<N> for Goal<'_, N> {
    fn from(node: N) -> Self {
        Goal::Node(node)
    }
}

impl<'a, N> From<&'a [N]> for Goal<'a, N> {
    fn from(nodes: &'a [N]) -> Self {
        Goal::AnyOf(nodes)
    }
}

impl<'a, N, const K: usize> From<&'a [N; K]> for Goal<'a, N> {
    fn from(nodes: &'a [N; K]) -> Self {
        Goal::AnyOf(nodes)
    }
}

impl<'a, N> From<&'a Vec<N>> for Goal<'a, N> {
    fn from(nodes: &'a Vec<N>) -> Self {
        Goal::AnyOf(nodes)
    }
}

/// A request a search cannot honour: an option or a kind of goal it has no way to answer
/// correctly. It is refused, never silently ignored. Each search's error type holds it.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsError, JpsMode};
/// use pathkit::search::SearchOptions;
/// use pathkit::{Pathfinder, Unsupported};
///
/// let grid = Grid::new(4, 4)?;
/// let mut ctx = JpsContext::new();
/// let weighted = SearchOptions::weighted(2.0);
/// let err = grid.jump_points(JpsMode::EIGHT).find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(3, 3), &weighted);
/// assert_eq!(err.unwrap_err(), JpsError::Unsupported(Unsupported::HeuristicWeight));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unsupported {
    /// A heuristic weight other than 1 (weighted A*, or 0 for Dijkstra).
    HeuristicWeight,
    /// A limit on the nodes expanded.
    MaxExpansions,
    /// A limit on the path's cost.
    MaxCost,
    /// A tie rule other than the default.
    TieBreak,
    /// The path to the closest point when the goal cannot be reached.
    ClosestPoint,
    /// A goal given as a test ([`Goal::Matching`]).
    GoalTest,
    /// Several goals ([`Goal::AnyOf`]).
    SeveralGoals,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unsupported::HeuristicWeight => {
                "this search does not support a heuristic weight other than 1"
            }
            Unsupported::MaxExpansions => "this search does not support a limit on expansions",
            Unsupported::MaxCost => "this search does not support a limit on cost",
            Unsupported::TieBreak => {
                "this search does not support a tie rule other than the default"
            }
            Unsupported::ClosestPoint => {
                "this search does not support the closest point for this kind of goal"
            }
            Unsupported::GoalTest => "this search does not support a goal given as a test",
            Unsupported::SeveralGoals => "this search does not support several goals",
        })
    }
}

impl std::error::Error for Unsupported {}

impl Unsupported {
    /// The first option in `options` that a search supporting only `closest_point` (or not) and
    /// default values otherwise cannot honour.
    pub(crate) fn check_plain<C: Cost>(
        options: &SearchOptions<C>,
        closest_point: bool,
    ) -> Result<(), Unsupported> {
        use crate::search::{TieBreak, WhenUnreachable};
        if options.heuristic_weight != 1.0 {
            return Err(Unsupported::HeuristicWeight);
        }
        if options.max_expansions.is_some() {
            return Err(Unsupported::MaxExpansions);
        }
        if options.max_cost.is_some() {
            return Err(Unsupported::MaxCost);
        }
        if !matches!(options.tie_break, TieBreak::Auto | TieBreak::LargerG) {
            return Err(Unsupported::TieBreak);
        }
        if !closest_point && options.when_unreachable != WhenUnreachable::NoPath {
            return Err(Unsupported::ClosestPoint);
        }
        Ok(())
    }
}

/// Anything pathkit can find a path through, asked the same way.
///
/// | call | answers |
/// |---|---|
/// | [`find_path`](Self::find_path) | an [`Outcome`] holding the path, with the default options |
/// | [`find_path_with`](Self::find_path_with) | the same, with [`SearchOptions`] (limits, weighted A*, the closest point, tie rule) |
/// | [`find_path_into`](Self::find_path_into) | a [`Status`], the path written into a buffer you keep: a game loop that reuses the buffer and the context allocates nothing |
///
/// The context ([`Context`](Self::Context)) holds the search's memory: make one per thread and
/// pass it to every query; it grows to the largest map it has seen and is reused. A search refuses
/// an option or goal it cannot honour with an error holding [`Unsupported`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::JpsMode;
/// use pathkit::Pathfinder;
///
/// /// The cost to the nearest of `goals` through any pathfinder over cells.
/// fn nearest<P: Pathfinder<Node = Cell>>(finder: &P, from: Cell, goals: &[Cell]) -> Option<P::Cost> {
///     let mut ctx = P::Context::default();
///     let outcome = finder.find_path(&mut ctx, from, goals).ok()?;
///     outcome.into_path().map(|p| p.cost)
/// }
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let goals = [Cell::new(3, 2)];
/// assert_eq!(nearest(&grid.four_connected(), Cell::new(0, 0), &goals), Some(5));
/// assert_eq!(nearest(&grid.jump_points(JpsMode::FOUR), Cell::new(0, 0), &goals), Some(5.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Pathfinder {
    /// A place a path passes through (a cell, a hex, a point, a graph node).
    type Node: Copy;
    /// What a path costs.
    type Cost: Cost;
    /// The reusable memory of a search: one per thread, passed to every query.
    type Context: Default;
    /// Why a query was refused (bad input, an unsupported request, memory).
    type Error;

    /// What can be told about a query from `start` to `goal` without searching ([`Ends`]): a
    /// walled end, two ends in different parts of the map. Every search makes this check itself
    /// (and answers "unreachable" at once); a front end calls it to say why, or to skip
    /// preparing a search that cannot succeed. Searches that cannot tell without searching (the
    /// GameplayKit graphs, the navmesh, your own spaces) answer [`Ends::Open`].
    ///
    /// # Errors
    ///
    /// An end outside the map, as the search would refuse it.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid};
    /// use pathkit::{Ends, Pathfinder};
    ///
    /// let hexes = HexGrid::from_ascii("hex odd-r\n. # .")?;
    /// assert_eq!(hexes.check_ends(Hex::new(0, 0), Hex::new(2, 0))?, Ends::Apart);
    /// assert_eq!(hexes.check_ends(Hex::new(0, 0), Hex::new(1, 0))?, Ends::GoalBlocked);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_ends(&self, start: Self::Node, goal: Self::Node) -> Result<Ends, Self::Error> {
        let _ = (start, goal);
        Ok(Ends::Open)
    }

    /// Finds a path from `start` to `to` under `options`, written into `path` (cleared first:
    /// start first, goal last). The answer says whether it reached the goal, the closest point,
    /// or stopped at a limit.
    ///
    /// # Errors
    ///
    /// The search's own error type: ends outside the map, an option or goal it cannot honour
    /// ([`Unsupported`]), a map too large.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions, Status};
    /// use pathkit::{Goal, Pathfinder};
    ///
    /// let grid = Grid::new(5, 5)?;
    /// let space = grid.eight_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// let status = space.find_path_into(&mut ctx, Cell::new(0, 0), Goal::Node(Cell::new(4, 0)), &SearchOptions::new(), &mut path)?;
    /// assert_eq!(status, Status::Found { cost: 4.0 });
    /// assert_eq!(path.len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn find_path_into(
        &self,
        ctx: &mut Self::Context,
        start: Self::Node,
        to: Goal<'_, Self::Node>,
        options: &SearchOptions<Self::Cost>,
        path: &mut Vec<Self::Node>,
    ) -> Result<Status<Self::Cost>, Self::Error>;

    /// Finds the optimal path from `start` to `to` (a node, several nodes, or a [`Goal`]).
    ///
    /// # Errors
    ///
    /// As [`find_path_into`](Self::find_path_into).
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let hexes = HexGrid::new(HexLayout::OddR, 6, 6)?;
    /// let mut ctx = SearchContext::new();
    /// let path = hexes.find_path(&mut ctx, Hex::new(0, 0), Hex::new(3, 0))?.into_path().unwrap();
    /// assert_eq!(path.nodes.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn find_path<'g>(
        &self,
        ctx: &mut Self::Context,
        start: Self::Node,
        to: impl Into<Goal<'g, Self::Node>>,
    ) -> Result<Outcome<Self::Node, Self::Cost>, Self::Error>
    where
        Self::Node: 'g,
    {
        self.find_path_with(ctx, start, to, &SearchOptions::new())
    }

    /// Finds a path from `start` to `to` under `options`.
    ///
    /// # Errors
    ///
    /// As [`find_path_into`](Self::find_path_into).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Outcome, SearchContext, SearchOptions, WhenUnreachable};
    /// use pathkit::Pathfinder;
    ///
    /// // The goal is walled in: ask for the closest point instead.
    /// let grid = Grid::from_ascii("...#.")?;
    /// let mut ctx = SearchContext::new();
    /// let options = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
    /// let outcome = grid.four_connected().find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(4, 0), &options)?;
    /// let Outcome::Closest(path) = outcome else { panic!("{outcome:?}") };
    /// assert_eq!(path.nodes.last(), Some(&Cell::new(2, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn find_path_with<'g>(
        &self,
        ctx: &mut Self::Context,
        start: Self::Node,
        to: impl Into<Goal<'g, Self::Node>>,
        options: &SearchOptions<Self::Cost>,
    ) -> Result<Outcome<Self::Node, Self::Cost>, Self::Error>
    where
        Self::Node: 'g,
    {
        let to = to.into();
        outcome_of(|path| self.find_path_into(ctx, start, to, options, path))
    }
}

/// A borrowed pathfinder searches as the pathfinder does, so code generic over [`Pathfinder`]
/// takes a value or a reference alike (`&grid`, `&hex_grid`).
///
/// ```
/// use pathkit::hex::{Hex, HexGrid, HexLayout};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// /// The cost from one hex to another through any pathfinder over hexes.
/// fn cost<P: Pathfinder<Node = Hex, Cost = u64, Context = SearchContext<u64>>>(finder: P) -> Option<u64> {
///     finder.find_path(&mut SearchContext::new(), Hex::new(0, 0), Hex::new(3, 0)).ok()?.into_path().map(|p| p.cost)
/// }
///
/// let hexes = HexGrid::new(HexLayout::OddR, 6, 6)?;
/// assert_eq!(cost(&hexes), Some(3)); // borrowed
/// assert_eq!(cost(hexes), Some(3)); // owned
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<P: Pathfinder + ?Sized> Pathfinder for &P {
    type Node = P::Node;
    type Cost = P::Cost;
    type Context = P::Context;
    type Error = P::Error;

    fn check_ends(&self, start: P::Node, goal: P::Node) -> Result<Ends, P::Error> {
        (**self).check_ends(start, goal)
    }

    fn find_path_into(
        &self,
        ctx: &mut P::Context,
        start: P::Node,
        to: Goal<'_, P::Node>,
        options: &SearchOptions<P::Cost>,
        path: &mut Vec<P::Node>,
    ) -> Result<Status<P::Cost>, P::Error> {
        (**self).find_path_into(ctx, start, to, options, path)
    }
}

/// The front door of a space the search core's general loop searches: every node checked against
/// the space's bounds, a start `is_open` rejects (a wall) unreachable without searching, and so is
/// a goal it rejects unless the closest point is asked for; then one goal, the nearest of several
/// (A* with the least of the estimates), or a goal test (Dijkstra's order).
pub(crate) fn core_search_into<S: IndexedSpace>(
    ctx: &mut SearchContext<S::Cost>,
    space: &S,
    start: S::Node,
    to: Goal<'_, S::Node>,
    options: &SearchOptions<S::Cost>,
    path: &mut Vec<S::Node>,
    is_open: impl Fn(S::Node) -> bool,
) -> Result<Status<S::Cost>, SearchError<S::Node>> {
    path.clear();
    let check = |node: S::Node| in_bounds(space, node);
    check(start)?;
    let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
    if let Goal::Node(goal) = to {
        if core_check_ends(space, start, goal, &is_open)?.worth_searching(closest) {
            return ctx.search_into(space, start, goal, options, path);
        }
    } else if let Goal::AnyOf(goals) = to {
        for &goal in goals {
            check(goal)?;
        }
        if is_open(start) {
            return ctx.search_to_any_into(space, start, goals, options, path);
        }
    } else if let Goal::Matching(accepts) = to {
        if closest {
            return Err(SearchError::Unsupported(Unsupported::ClosestPoint));
        }
        if is_open(start) {
            return ctx.search_nearest_into(space, start, accepts, options, path);
        }
    }
    ctx.stats = Stats::default();
    Ok(Status::Unreachable)
}

/// A space of your own ([`IndexedSpace`]: the tutorials' "data source") behind the front door:
/// searched by the search core's general loop with a [`SearchContext`]. Every option holds: A*
/// by default, Dijkstra or weighted A* by the heuristic weight, limits, the closest point, the tie
/// rule; one goal, the nearest of several, or a goal test.
///
/// ```
/// use pathkit::search::{AStar, IndexedSpace, SearchContext, SearchSpace};
/// use pathkit::Pathfinder;
///
/// /// Stations 0 to 9 on a line; a hop to the next costs 2, an express skips 3 for 5.
/// struct Line;
/// impl SearchSpace for Line {
///     type Node = u32;
///     type Cost = u32;
///     fn successors<F: FnMut(u32, u32)>(&self, n: u32, mut visit: F) {
///         if n + 1 < 10 { visit(n + 1, 2); }
///         if n + 3 < 10 { visit(n + 3, 5); }
///     }
///     fn heuristic(&self, n: u32, goal: u32) -> u32 { goal.abs_diff(n) * 5 / 3 }
/// }
/// impl IndexedSpace for Line {
///     fn node_bound(&self) -> usize { 10 }
///     fn index_of(&self, n: u32) -> Option<usize> { (n < 10).then_some(n as usize) }
///     fn node_at(&self, i: usize) -> u32 { i as u32 }
/// }
///
/// let mut ctx = SearchContext::new();
/// let path = AStar(&Line).find_path(&mut ctx, 0, 9)?.into_path().unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![0, 3, 6, 9], 15));
/// # Ok::<(), pathkit::search::SearchError<u32>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AStar<S>(pub S);

/// Searches the space: see [`AStar`].
///
/// # Errors
///
/// [`SearchError`]: a node outside the space's bounds, a cost or estimate the checks refuse, a
/// cost overflow, invalid options, memory; [`SearchError::Unsupported`] for the closest point to a
/// goal test.
impl<S: IndexedSpace> Pathfinder for AStar<S> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Context = SearchContext<S::Cost>;
    type Error = SearchError<S::Node>;

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<S::Cost>,
        start: S::Node,
        to: Goal<'_, S::Node>,
        options: &SearchOptions<S::Cost>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<S::Cost>, SearchError<S::Node>> {
        core_search_into(ctx, &self.0, start, to, options, path, |_| true)
    }
}

/// Searches the space a slice at a time ([`SlicedPathfinder`]): at most so many expansions per
/// call, the rest on later calls (the next frame of a game). Resumed until it is done, it answers
/// exactly what [`find_path_with`](Pathfinder::find_path_with) answers.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{AStar, Progress, SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::new(8, 8)?;
/// let astar = AStar(grid.four_connected());
/// let mut ctx = SearchContext::new();
/// let mut search = astar.start_path(&mut ctx, Cell::new(0, 0), Cell::new(7, 7), &SearchOptions::new())?;
/// assert_eq!(search.resume(3)?, Progress::Running);
/// assert_eq!(search.stats().expanded, 3);
/// let outcome = search.resume(u64::MAX)?.done().unwrap();
/// assert_eq!(outcome.path().unwrap().cost, 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<S: IndexedSpace> SlicedPathfinder for AStar<S> {
    type Pending<'c, 's>
        = PendingSearch<'c, 's, S>
    where
        S: 's,
        S::Cost: 'c;
    type Parked = ParkedSearch<S::Node, S::Cost>;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<S::Cost>,
        parked: ParkedSearch<S::Node, S::Cost>,
    ) -> Result<PendingSearch<'c, 's, S>, SearchError<S::Node>> {
        ctx.resume_parked(&self.0, parked)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<S::Cost>,
        start: S::Node,
        goal: S::Node,
        options: &SearchOptions<S::Cost>,
    ) -> Result<PendingSearch<'c, 's, S>, SearchError<S::Node>> {
        core_start_path(ctx, &self.0, start, goal, options, |_| true)
    }
}

/// `node` inside the space's bounds, or [`SearchError::NodeOutOfBounds`].
fn in_bounds<S: IndexedSpace>(space: &S, node: S::Node) -> Result<(), SearchError<S::Node>> {
    match space.index_of(node) {
        Some(i) if i < space.node_bound() => Ok(()),
        _ => Err(SearchError::NodeOutOfBounds { node }),
    }
}

/// The ends of a query on a space the general loop searches ([`Pathfinder::check_ends`]): both
/// inside the space's bounds ([`SearchError::NodeOutOfBounds`] otherwise), then a start or goal
/// `is_open` rejects. Such spaces keep no components: two open ends answer [`Ends::Open`].
pub(crate) fn core_check_ends<S: IndexedSpace>(
    space: &S,
    start: S::Node,
    goal: S::Node,
    is_open: impl Fn(S::Node) -> bool,
) -> Result<Ends, SearchError<S::Node>> {
    in_bounds(space, start)?;
    in_bounds(space, goal)?;
    Ok(if !is_open(start) {
        Ends::StartBlocked
    } else if !is_open(goal) {
        Ends::GoalBlocked
    } else {
        Ends::Open
    })
}

/// [`core_search_into`]'s checks for one goal, then the search set up to run a slice at a time.
pub(crate) fn core_start_path<'c, 's, S: IndexedSpace>(
    ctx: &'c mut SearchContext<S::Cost>,
    space: &'s S,
    start: S::Node,
    goal: S::Node,
    options: &SearchOptions<S::Cost>,
    is_open: impl Fn(S::Node) -> bool,
) -> Result<PendingSearch<'c, 's, S>, SearchError<S::Node>> {
    let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
    if core_check_ends(space, start, goal, is_open)?.worth_searching(closest) {
        ctx.start_search(space, start, goal, options)
    } else {
        Ok(PendingSearch::answered(ctx, Status::Unreachable))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::levels::{LevelMap, Place};
    use crate::PendingPath;

    #[test]
    fn a_walled_goal_is_unreachable_without_searching_unless_the_closest_point_is_asked_for() {
        let map = LevelMap::new(vec![Grid::from_ascii("..#").unwrap()]).unwrap();
        let space = map.four_connected().unwrap();
        let mut ctx = SearchContext::new();
        let (start, walled) = (Place::new(0, 0, 0), Place::new(0, 2, 0));
        let outcome = space.find_path(&mut ctx, start, walled).unwrap();
        assert_eq!(outcome, Outcome::Unreachable);
        assert_eq!(ctx.stats().expanded, 0);
        let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
        let outcome = space
            .find_path_with(&mut ctx, start, walled, &closest)
            .unwrap();
        let Outcome::Closest(path) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(path.nodes.last(), Some(&Place::new(0, 1, 0)));

        // The same a slice at a time: answered before the first slice, or searched.
        let search = space
            .start_path(&mut ctx, start, walled, &SearchOptions::new())
            .unwrap();
        assert!(search.is_done());
        let mut search = space.start_path(&mut ctx, start, walled, &closest).unwrap();
        assert!(!search.is_done());
        let sliced = search.resume(u64::MAX).unwrap().done().unwrap();
        assert_eq!(sliced, Outcome::Closest(path));
    }
}
