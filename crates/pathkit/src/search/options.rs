//! How a search is run: tie-breaking, heuristic use, limits.

use super::{CostChecks, WhenUnreachable};
use crate::Cost;

/// Which open node is expanded first among nodes of equal F = G + H.
///
/// Ties decide which of several equally short paths is returned, so the rule is part of the
/// result: the same space, start, goal and rule always give the same path.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, SearchOptions, TieBreak};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::new(3, 3).unwrap();
/// let space = grid.four_connected();
/// let mut ctx = SearchContext::new();
/// let mut path_with = |tie| {
///     let options = SearchOptions::new().tie_break(tie);
///     AStar(&space).find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(2, 2), &options).unwrap().into_path().unwrap()
/// };
/// let (larger_g, fifo) = (path_with(TieBreak::LargerG), path_with(TieBreak::Fifo));
/// // Equally short, and each rule always gives the same one.
/// assert_eq!(larger_g.cost, fifo.cost);
/// assert_eq!(path_with(TieBreak::Fifo), fifo);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TieBreak {
    /// The searched family's own rule: [`LargerG`](Self::LargerG) for grids, hex grids, level
    /// maps, JPS, navigation meshes and your own spaces; [`Fifo`](Self::Fifo) for the GameplayKit
    /// graphs ([`NodeGraph`](crate::graph::NodeGraph) and the graphs built on it), whose paths
    /// follow the order edges were added in. So `find_path` and `find_path_with` given
    /// `SearchOptions::new()` always answer alike.
    #[default]
    Auto,
    /// Prefer the node with the larger G (the one closer to the goal by estimate), then the lower
    /// node index.
    /// Usually expands the fewest nodes.
    LargerG,
    /// Oldest insertion first.
    Fifo,
    /// Newest insertion first (an improved node counts as newly inserted).
    ///
    /// This is also the open list of the Cocos2D Cat Maze tutorial, where a new or improved step
    /// goes before the first open step whose F is greater than or equal to its own: the same
    /// order. Together with a grid's neighbour order (Top, Left, Bottom, Right) it reproduces the
    /// tutorial's worked example step for step.
    Lifo,
}

/// Settings of one search. The default is plain, optimal A* with no limits.
///
/// ```
/// use pathkit::search::{SearchOptions, TieBreak};
/// let opts = SearchOptions::<u32>::new()
///     .tie_break(TieBreak::Fifo)
///     .max_expansions(10_000)
///     .max_cost(500);
/// assert_eq!(opts.max_expansions, Some(10_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use = "options change nothing until a search is given them"]
pub struct SearchOptions<C> {
    /// Tie rule among equal F.
    pub tie_break: TieBreak,
    /// Multiplier of the heuristic: 1 is A*, 0 is Dijkstra (the heuristic is never called), and
    /// `w > 1` is weighted A* (faster, path cost at most `w` times the optimum).
    pub heuristic_weight: f64,
    /// Stop after expanding this many nodes.
    pub max_expansions: Option<u64>,
    /// Never extend a path beyond this cost.
    pub max_cost: Option<C>,
    /// What to answer when the goal cannot be reached: no path (the default) or the path to the
    /// closest point.
    pub when_unreachable: WhenUnreachable,
    /// Whether the space's costs and estimates are checked (the default) or trusted.
    pub cost_checks: CostChecks,
}

impl<C: Cost> Default for SearchOptions<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> SearchOptions<C> {
    /// Optimal A* with the default tie rule and no limits.
    ///
    /// ```
    /// use pathkit::search::{SearchOptions, TieBreak, WhenUnreachable};
    ///
    /// let options = SearchOptions::<f64>::new();
    /// assert_eq!(options, SearchOptions::default());
    /// assert_eq!((options.tie_break, options.heuristic_weight), (TieBreak::Auto, 1.0));
    /// assert_eq!((options.max_expansions, options.max_cost), (None, None));
    /// assert_eq!(options.when_unreachable, WhenUnreachable::NoPath);
    /// ```
    pub const fn new() -> Self {
        Self {
            tie_break: TieBreak::Auto,
            heuristic_weight: 1.0,
            max_expansions: None,
            max_cost: None,
            when_unreachable: WhenUnreachable::NoPath,
            cost_checks: CostChecks::Checked,
        }
    }

    /// Dijkstra's algorithm: A* with the heuristic switched off.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(9, 9).unwrap();
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (Cell::new(4, 4), Cell::new(8, 4));
    /// let astar = AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::new()).unwrap();
    /// let astar_expanded = ctx.stats().expanded;
    /// let dijkstra = AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::dijkstra()).unwrap();
    /// // The same cost; Dijkstra spreads out in every direction to find it.
    /// assert_eq!(astar.path().unwrap().cost, dijkstra.path().unwrap().cost);
    /// assert!(ctx.stats().expanded > astar_expanded);
    /// ```
    pub const fn dijkstra() -> Self {
        Self {
            heuristic_weight: 0.0,
            ..Self::new()
        }
    }

    /// Weighted A*: expands fewer nodes; the path costs at most `weight` times the optimum.
    /// A weight below 1 (or not finite) is reported by the search as
    /// [`SearchError::InvalidWeight`](super::SearchError::InvalidWeight).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchError, SearchOptions};
    /// use pathkit::search::AStar;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("........\n.######.\n........").unwrap();
    /// let space = grid.eight_connected();
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(7, 1));
    /// let optimum = AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::new()).unwrap().into_path().unwrap().cost;
    /// let greedy = AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::weighted(2.0)).unwrap().into_path().unwrap().cost;
    /// assert!(optimum <= greedy && greedy <= 2.0 * optimum);
    /// let refused = AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::weighted(0.5));
    /// assert!(matches!(refused, Err(SearchError::InvalidWeight { .. })));
    /// ```
    pub const fn weighted(weight: f64) -> Self {
        Self {
            heuristic_weight: weight,
            ..Self::new()
        }
    }

    /// Sets the tie rule.
    ///
    /// ```
    /// use pathkit::search::{SearchOptions, TieBreak};
    ///
    /// let options = SearchOptions::<u32>::new().tie_break(TieBreak::Lifo);
    /// assert_eq!(options.tie_break, TieBreak::Lifo);
    /// ```
    pub const fn tie_break(mut self, tie_break: TieBreak) -> Self {
        self.tie_break = tie_break;
        self
    }

    /// Sets the expansion limit.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Outcome, SearchContext, SearchOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(50, 50).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let options = SearchOptions::new().max_expansions(10);
    /// let outcome = grid.four_connected().find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(49, 49), &options).unwrap();
    /// // Stopped after 10 expansions, with a path toward the goal to walk meanwhile.
    /// let Outcome::LimitReached(partial) = outcome else { panic!("expected a partial path") };
    /// assert_eq!(partial.nodes[0], Cell::new(0, 0));
    /// assert!(ctx.stats().expanded <= 10);
    /// ```
    pub const fn max_expansions(mut self, limit: u64) -> Self {
        self.max_expansions = Some(limit);
        self
    }

    /// Sets the cost limit. A NaN or negative limit is reported by the search as
    /// [`SearchError::InvalidMaxCost`](super::SearchError::InvalidMaxCost), rather than silently
    /// pruning nothing (or everything); an infinite one is no limit.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid, GridError};
    /// use pathkit::search::{SearchContext, SearchError, SearchOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(4, 1).unwrap();
    /// let mut ctx = SearchContext::new();
    /// let options = SearchOptions::new().max_cost(f64::NAN);
    /// let result = grid.eight_connected().find_path_with(&mut ctx, Cell::new(0, 0), Cell::new(3, 0), &options);
    /// assert!(matches!(result, Err(GridError::Search(SearchError::InvalidMaxCost { .. }))));
    /// ```
    pub const fn max_cost(mut self, limit: C) -> Self {
        self.max_cost = Some(limit);
        self
    }

    /// Sets what to answer when the goal cannot be reached ([`WhenUnreachable`]).
    ///
    /// ```
    /// use pathkit::search::{SearchOptions, WhenUnreachable};
    /// let opts = SearchOptions::<u32>::new().when_unreachable(WhenUnreachable::ClosestPoint);
    /// assert_eq!(opts.when_unreachable, WhenUnreachable::ClosestPoint);
    /// ```
    pub const fn when_unreachable(mut self, answer: WhenUnreachable) -> Self {
        self.when_unreachable = answer;
        self
    }

    /// Sets whether the space's costs are checked or trusted ([`CostChecks`]).
    ///
    /// ```
    /// use pathkit::search::{CostChecks, SearchOptions};
    ///
    /// let options = SearchOptions::<u32>::new();
    /// assert_eq!(options.cost_checks, CostChecks::Checked);
    /// assert_eq!(options.cost_checks(CostChecks::Trusted).cost_checks, CostChecks::Trusted);
    /// ```
    pub const fn cost_checks(mut self, checks: CostChecks) -> Self {
        self.cost_checks = checks;
        self
    }

    /// `true` when a search with these options runs the trusted loop: trusted costs, plain A*
    /// (no limits, heuristic weight 1, no closest point).
    pub(crate) fn trusted_plain_astar(&self) -> bool {
        self.cost_checks == CostChecks::Trusted
            && self.heuristic_weight == 1.0
            && self.max_expansions.is_none()
            && self.max_cost.is_none()
            && self.when_unreachable == WhenUnreachable::NoPath
    }
}
