//! What a search returns.

use crate::Cost;

/// A path: the nodes from start to goal, **both included**, and the sum of the edge costs.
///
/// A search from a node to itself gives `[start]` with cost zero.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Path, SearchContext};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::new(3, 1).unwrap();
/// let mut ctx = SearchContext::new();
/// let path = AStar(&grid.four_connected()).find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 0)).unwrap().into_path().unwrap();
/// assert_eq!(path, Path { nodes: vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)], cost: 2 });
/// let stay = AStar(&grid.four_connected()).find_path(&mut ctx, Cell::new(1, 0), Cell::new(1, 0)).unwrap().into_path().unwrap();
/// assert_eq!(stay, Path { nodes: vec![Cell::new(1, 0)], cost: 0 });
/// ```
#[derive(Clone, Debug, PartialEq)]
#[must_use]
pub struct Path<N, C> {
    /// Start first, goal last.
    pub nodes: Vec<N>,
    /// The sum of the edge costs along `nodes`.
    pub cost: C,
}

impl<N, C: Cost> Path<N, C> {
    /// The number of moves (one less than the number of nodes).
    ///
    /// ```
    /// use pathkit::search::Path;
    ///
    /// let path = Path { nodes: vec!['a', 'b', 'c'], cost: 2u32 };
    /// assert_eq!(path.len_moves(), 2);
    /// assert_eq!(Path { nodes: vec!['a'], cost: 0u32 }.len_moves(), 0);
    /// ```
    #[must_use]
    pub fn len_moves(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }
}

/// The result of a search that completed without error.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Outcome, SearchContext};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii("..#.").unwrap();
/// let mut ctx = SearchContext::new();
/// let space = grid.four_connected();
/// match AStar(&space).find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 0)).unwrap() {
///     Outcome::Found(path) => panic!("through a wall? {path:?}"),
///     Outcome::Unreachable => {} // the wall cuts the row in two
///     Outcome::LimitReached(_) | Outcome::Closest(_) => panic!("no limit and no closest point asked"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[must_use = "the outcome says whether a path was found"]
pub enum Outcome<N, C> {
    /// A path to the goal (optimal when the heuristic is admissible and the weight is 1).
    Found(Path<N, C>),
    /// Every node reachable from the start was searched and the goal was not among them.
    Unreachable,
    /// A limit (expansions or cost) stopped the search first. The path leads from the start to the
    /// searched node with the lowest heuristic, so a character can still move toward the goal.
    LimitReached(Path<N, C>),
    /// The goal cannot be reached, and the search was asked for the closest point
    /// ([`WhenUnreachable::ClosestPoint`](super::WhenUnreachable::ClosestPoint)): the optimal path
    /// from the start to the reached node nearest the goal by the heuristic (the cheapest of
    /// equally near ones). Every reachable node was searched.
    Closest(Path<N, C>),
}

impl<N, C> Outcome<N, C> {
    /// The full path, if the goal was reached.
    ///
    /// ```
    /// use pathkit::search::{Outcome, Path};
    ///
    /// let found: Outcome<u32, u32> = Outcome::Found(Path { nodes: vec![1, 2], cost: 5 });
    /// assert_eq!(found.path().map(|p| p.cost), Some(5));
    /// let partial = Outcome::LimitReached(Path { nodes: vec![1], cost: 0u32 });
    /// assert_eq!(partial.path(), None); // not a path to the goal
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&Path<N, C>> {
        match self {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The full path, if the goal was reached.
    ///
    /// ```
    /// use pathkit::search::{Outcome, Path};
    ///
    /// let found: Outcome<u32, u32> = Outcome::Found(Path { nodes: vec![1, 2], cost: 5 });
    /// assert_eq!(found.into_path(), Some(Path { nodes: vec![1, 2], cost: 5 }));
    /// assert_eq!(Outcome::<u32, u32>::Unreachable.into_path(), None);
    /// ```
    #[must_use]
    pub fn into_path(self) -> Option<Path<N, C>> {
        match self {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// `true` when the goal was reached.
    ///
    /// ```
    /// use pathkit::search::{Outcome, Path};
    ///
    /// assert!(Outcome::Found(Path { nodes: vec![7], cost: 0u32 }).is_found());
    /// assert!(!Outcome::Closest(Path { nodes: vec![7], cost: 0u32 }).is_found());
    /// ```
    #[must_use]
    pub fn is_found(&self) -> bool {
        matches!(self, Outcome::Found(_))
    }

    /// The nodes of the full path, if the goal was reached: what GameplayKit's `findPath` returns
    /// (there as an array, empty when there is no path).
    ///
    /// ```
    /// use pathkit::search::{Outcome, Path};
    ///
    /// let found: Outcome<u32, f32> = Outcome::Found(Path { nodes: vec![1, 2], cost: 1.0 });
    /// assert_eq!(found.into_nodes(), Some(vec![1, 2]));
    /// assert_eq!(Outcome::<u32, f32>::Unreachable.into_nodes(), None);
    /// ```
    #[must_use]
    pub fn into_nodes(self) -> Option<Vec<N>> {
        self.into_path().map(|p| p.nodes)
    }
}

/// The result of a search that wrote its path into a caller's buffer
/// ([`Pathfinder::find_path_into`](crate::Pathfinder::find_path_into)).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, SearchOptions, Status, WhenUnreachable};
/// use pathkit::{Goal, Pathfinder};
///
/// let grid = Grid::from_ascii("..#.").unwrap();
/// let mut ctx = SearchContext::new();
/// let mut path = Vec::new();
/// let options = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
/// let status = grid.four_connected().find_path_into(&mut ctx, Cell::new(0, 0), Goal::Node(Cell::new(3, 0)), &options, &mut path).unwrap();
/// assert_eq!(status, Status::Closest { cost: 1 });
/// assert_eq!(path, [Cell::new(0, 0), Cell::new(1, 0)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use = "the status says whether the buffer holds a path to the goal"]
pub enum Status<C> {
    /// The buffer holds the path to the goal, which costs `cost`.
    Found {
        /// Cost of the path.
        cost: C,
    },
    /// The goal cannot be reached; the buffer is empty.
    Unreachable,
    /// A limit stopped the search; the buffer holds the best partial path, which costs `cost`.
    LimitReached {
        /// Cost of the partial path.
        cost: C,
    },
    /// The goal cannot be reached; the buffer holds the path to the closest point (see
    /// [`Outcome::Closest`]), which costs `cost`.
    Closest {
        /// Cost of the path to the closest point.
        cost: C,
    },
}

impl<C: Copy> Status<C> {
    /// `true` when the goal was reached.
    ///
    /// ```
    /// use pathkit::search::Status;
    ///
    /// assert!(Status::Found { cost: 3.5f64 }.is_found());
    /// assert!(!Status::<f64>::Unreachable.is_found());
    /// ```
    #[must_use]
    pub fn is_found(&self) -> bool {
        matches!(self, Status::Found { .. })
    }

    /// The cost of the path to the goal, when it was reached.
    ///
    /// ```
    /// use pathkit::search::Status;
    ///
    /// assert_eq!(Status::Found { cost: 7u32 }.found_cost(), Some(7));
    /// assert_eq!(Status::LimitReached { cost: 3u32 }.found_cost(), None);
    /// assert_eq!(Status::<u32>::Unreachable.found_cost(), None);
    /// ```
    #[must_use]
    pub fn found_cost(&self) -> Option<C> {
        match self {
            Status::Found { cost } => Some(*cost),
            _ => None,
        }
    }
}

/// Counters of the last search, collected by the search loop for every algorithm.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{SearchContext, Stats};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = Grid::new(20, 20).unwrap();
/// let mut ctx = SearchContext::new();
/// assert_eq!(ctx.stats(), Stats::default());
/// assert!(AStar(&grid.eight_connected()).find_path(&mut ctx, Cell::new(0, 0), Cell::new(19, 19)).unwrap().is_found());
/// let stats = ctx.stats();
/// assert!(stats.expanded >= 20 && stats.pushed >= stats.expanded && stats.touched >= stats.expanded);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes taken off the open list and expanded (the goal included, when reached).
    pub expanded: u64,
    /// Entries pushed onto the open list (including re-insertions of improved nodes).
    pub pushed: u64,
    /// Distinct nodes whose state the search touched.
    pub touched: u64,
}

#[cfg(test)]
mod tests {
    use super::Path;

    /// One move fewer than nodes; none for a path that stays put, nor for an empty list.
    #[test]
    fn a_path_has_one_move_fewer_than_nodes() {
        let path = |n: usize| Path {
            nodes: (0..n).collect::<Vec<_>>(),
            cost: n as u32,
        };
        assert_eq!(path(4).len_moves(), 3);
        assert_eq!(path(2).len_moves(), 1);
        assert_eq!(path(1).len_moves(), 0);
        assert_eq!(path(0).len_moves(), 0);
    }
}
