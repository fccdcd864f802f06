//! [`WithLandmarks`]: a space searched with the landmark estimate of a [`Landmarks`] table.

use crate::search::{IndexedSpace, Landmarks, SearchSpace};
use crate::Cost;

/// `space` with its heuristic raised to the landmark bounds of `landmarks` (the ALT estimate):
/// the same nodes, edges and costs, so any search of a
/// [`SearchContext`](crate::search::SearchContext) runs on it unchanged and finds paths of the same
/// cost, expanding fewer nodes where the space's own estimate is poor (mazes, rooms joined by
/// doors, portals).
///
/// # The estimate
///
/// The larger of the space's own heuristic and, over every landmark `L`, the bounds
/// `d(L, goal) - d(L, n)` and `d(n, L) - d(goal, L)` read from the tables (costs the tables
/// lack give no bound). Each bound is admissible (never above the real cost) and consistent
/// (`h(n) <= cost(n, m) + h(m)` along every edge) by the triangle inequality, and so is their
/// maximum when the space's own heuristic is: A* stays optimal and expands each node once.
/// When the tables prove the goal out of reach from `n` (see
/// [`proves_unreachable`](Self::proves_unreachable)), `n` is estimated at the largest cost in
/// the tables, which keeps both properties and sends such nodes to the back of the open list.
/// For float costs each bound is lowered by a tiny relative margin (2^-30 for `f64`, 2^-14
/// for `f32`) so that the rounding of the tables' sums cannot lift it above the real cost.
///
/// The tables must come from this space (or one whose costs have only grown since, see
/// [After edits](Landmarks#after-edits)); nodes past the tables' size get the space's own
/// estimate only.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{AStar, IndexedSpace, LandmarkChoice, Landmarks, SearchContext, SearchSpace};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii(
///     ".....\n\
///      @@@@.\n\
///      .....",
/// ).unwrap();
/// let space = grid.four_connected();
/// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 2)])).unwrap();
/// let guided = space.with_landmarks(&landmarks);
/// // Manhattan says 2 from (0, 0) to (0, 2); the landmark knows the way round the wall is 10.
/// assert_eq!(space.heuristic(Cell::new(0, 0), Cell::new(0, 2)), 2);
/// assert_eq!(guided.heuristic(Cell::new(0, 0), Cell::new(0, 2)), 10);
/// let path = AStar(&guided).find_path(&mut SearchContext::new(), Cell::new(0, 0), Cell::new(0, 2)).unwrap();
/// assert_eq!(path.into_path().unwrap().cost, 10);
/// ```
#[derive(Debug)]
#[must_use = "a space does nothing until it is searched"]
pub struct WithLandmarks<'a, S: IndexedSpace> {
    space: &'a S,
    landmarks: &'a Landmarks<S::Node, S::Cost>,
}

impl<S: IndexedSpace> Clone for WithLandmarks<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: IndexedSpace> Copy for WithLandmarks<'_, S> {}

impl<'a, S: IndexedSpace> WithLandmarks<'a, S> {
    /// `space` estimated with `landmarks` (also written `space.with_landmarks(&landmarks)`).
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::{AStar, LandmarkChoice, Landmarks, SearchContext, WithLandmarks};
    /// use pathkit::Pathfinder;
    ///
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 3]);
    /// graph.add_connections(n[0], &[n[1]], Direction::BothWays).unwrap();
    /// graph.add_connections(n[1], &[n[2]], Direction::BothWays).unwrap();
    /// let space = graph.space();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Farthest { count: 2, seed: n[1] }).unwrap();
    /// let guided = WithLandmarks::new(&space, &landmarks);
    /// let path = AStar(&guided).find_path(&mut SearchContext::new(), n[0], n[2]).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 2.0);
    /// ```
    pub fn new(space: &'a S, landmarks: &'a Landmarks<S::Node, S::Cost>) -> Self {
        WithLandmarks { space, landmarks }
    }

    /// The space searched.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{IndexedSpace, LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// let space = grid.four_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 0)])).unwrap();
    /// assert_eq!(space.with_landmarks(&landmarks).space().grid(), &grid);
    /// ```
    pub fn space(&self) -> &'a S {
        self.space
    }

    /// The tables the estimate reads.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{IndexedSpace, LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// let space = grid.four_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 0)])).unwrap();
    /// assert_eq!(space.with_landmarks(&landmarks).landmarks().nodes(), [Cell::new(0, 0)]);
    /// ```
    #[must_use]
    pub fn landmarks(&self) -> &'a Landmarks<S::Node, S::Cost> {
        self.landmarks
    }

    /// `true` when the tables prove that no route leads from `from` to `to`: some landmark
    /// reaches `from` but not `to`, or `to` reaches a landmark that `from` (a node the build
    /// reached) does not. A search between them would expand everything `from` reaches before
    /// answering unreachable; this answers in a few table reads. `false` says nothing: a route
    /// may or may not exist.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{IndexedSpace, LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::from_ascii("..#..").unwrap();
    /// let space = grid.four_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 0)])).unwrap();
    /// let guided = space.with_landmarks(&landmarks);
    /// assert!(guided.proves_unreachable(Cell::new(1, 0), Cell::new(4, 0)));
    /// assert!(!guided.proves_unreachable(Cell::new(1, 0), Cell::new(0, 0)));
    /// ```
    #[must_use]
    pub fn proves_unreachable(&self, from: S::Node, to: S::Node) -> bool {
        match (self.space.index_of(from), self.space.index_of(to)) {
            (Some(n), Some(g)) => self.landmarks.separates(n, g),
            _ => false,
        }
    }
}

impl<S: IndexedSpace> SearchSpace for WithLandmarks<'_, S> {
    type Node = S::Node;
    type Cost = S::Cost;

    #[inline(always)]
    fn successors<F: FnMut(S::Node, S::Cost)>(&self, node: S::Node, visit: F) {
        self.space.successors(node, visit)
    }

    #[inline]
    fn heuristic(&self, node: S::Node, goal: S::Node) -> S::Cost {
        let own = self.space.heuristic(node, goal);
        let (Some(n), Some(g)) = (self.space.index_of(node), self.space.index_of(goal)) else {
            return own;
        };
        let tables = self.landmarks.estimate(n, g);
        if tables.total_order(&own).is_gt() {
            tables
        } else {
            own
        }
    }
}

impl<S: IndexedSpace> IndexedSpace for WithLandmarks<'_, S> {
    #[inline(always)]
    fn node_bound(&self) -> usize {
        self.space.node_bound()
    }
    #[inline(always)]
    fn index_of(&self, node: S::Node) -> Option<usize> {
        self.space.index_of(node)
    }
    #[inline(always)]
    fn node_at(&self, index: usize) -> S::Node {
        self.space.node_at(index)
    }
}
