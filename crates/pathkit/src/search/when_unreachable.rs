//! [`WhenUnreachable`]: what a search answers when no path reaches the goal.

/// What a search answers when the goal cannot be reached: nothing, or a path to the point nearest
/// it. Set with [`SearchOptions::when_unreachable`](super::SearchOptions::when_unreachable).
///
/// The closest point is the reached node of lowest heuristic estimate to the goal, and among
/// equally near ones the cheapest to reach; the answer is
/// [`Outcome::Closest`](super::Outcome::Closest) (or
/// [`Status::Closest`](super::Status::Closest)) with the optimal path to it. A search that finds
/// the goal answers [`Outcome::Found`](super::Outcome::Found) either way, and one that a limit
/// stops answers [`Outcome::LimitReached`](super::Outcome::LimitReached), as without the option.
///
/// The estimate is the space's heuristic toward the goal, so the closest point is only as good as
/// the heuristic: with none (the default of [`SearchSpace`](super::SearchSpace)), every node is
/// equally near and the start itself is the answer. Dijkstra's algorithm
/// ([`SearchOptions::dijkstra`](super::SearchOptions::dijkstra)) still calls the heuristic once
/// per expanded node to measure it. To find it, the search expands every node the start
/// reaches: on a grid, the [`GridSpace`](crate::grid::GridSpace) search first asks the
/// grid's connected components, so a goal that is reachable costs no more than without the
/// option.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Outcome, SearchContext, SearchOptions, WhenUnreachable};
/// use pathkit::Pathfinder;
///
/// // The goal (4, 0) is walled in; the nearest cell the start reaches is (2, 0).
/// let grid = Grid::from_ascii("...#.\n...##\n.....").unwrap();
/// let mut ctx = SearchContext::new();
/// let options = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
/// let outcome = grid.four_connected().find_path_with(&mut ctx, Cell::new(0, 2), Cell::new(4, 0), &options).unwrap();
/// let Outcome::Closest(path) = outcome else { panic!("expected the closest point") };
/// assert_eq!(path.nodes.last(), Some(&Cell::new(2, 0)));
/// assert_eq!(path.cost, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WhenUnreachable {
    /// [`Outcome::Unreachable`](super::Outcome::Unreachable): no path at all.
    #[default]
    NoPath,
    /// [`Outcome::Closest`](super::Outcome::Closest): the path to the reached node nearest the
    /// goal, so a character can still walk toward it.
    ClosestPoint,
}
