//! The traits a user implements to describe what can be searched: the tutorials' "data source".

use super::{Landmarks, WithLandmarks};
use crate::Cost;
use std::fmt::Debug;

/// A graph to search, seen from one node at a time.
///
/// This is the data source of the A* tutorials: for a node it lists the walkable neighbours with the
/// cost of moving to each, and it estimates the remaining cost to a goal. Each kind of character can
/// have its own implementation (its own walkable rules and move costs) over the same map.
///
/// # Example
///
/// A line of five nodes where moving right costs 2 and moving left costs 1:
///
/// ```
/// use pathkit::search::{SearchContext, SearchSpace, IndexedSpace};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// struct Line;
/// impl SearchSpace for Line {
///     type Node = usize;
///     type Cost = u32;
///     fn successors<F: FnMut(usize, u32)>(&self, n: usize, mut visit: F) {
///         if n + 1 < 5 { visit(n + 1, 2) }
///         if n > 0 { visit(n - 1, 1) }
///     }
/// }
/// impl IndexedSpace for Line {
///     fn node_bound(&self) -> usize { 5 }
///     fn index_of(&self, n: usize) -> Option<usize> { (n < 5).then_some(n) }
///     fn node_at(&self, index: usize) -> usize { index }
/// }
///
/// let mut ctx = SearchContext::new();
/// let path = AStar(&Line).find_path(&mut ctx, 0, 3).unwrap().into_path().unwrap();
/// assert_eq!(path.nodes, vec![0, 1, 2, 3]);
/// assert_eq!(path.cost, 6);
/// ```
pub trait SearchSpace {
    /// A node of the graph: a grid cell, a graph node id, a game state.
    type Node: Copy + Eq + Debug;
    /// The number type of edge costs.
    type Cost: Cost;

    /// Calls `visit(neighbour, cost)` for every edge leaving `node`, in a fixed order.
    ///
    /// The order is the tie-break of last resort, so a deterministic order gives deterministic
    /// paths. Each cost must be finite and not negative; any other value stops the search with
    /// [`SearchError::InvalidCost`](super::SearchError::InvalidCost).
    fn successors<F: FnMut(Self::Node, Self::Cost)>(&self, node: Self::Node, visit: F);

    /// An estimate of the cheapest cost from `node` to `goal`.
    ///
    /// It must never exceed the real cost (be admissible), or the path found may not be the
    /// shortest. The default, zero, turns A* into Dijkstra's algorithm.
    fn heuristic(&self, node: Self::Node, goal: Self::Node) -> Self::Cost {
        let _ = (node, goal);
        Self::Cost::ZERO
    }
}

/// A [`SearchSpace`] whose nodes map to dense indices `0..node_bound()`.
///
/// This lets a [`SearchContext`](super::SearchContext) keep per-node state in flat arrays: the
/// fastest storage, and the one that makes repeated queries allocation-free.
///
/// ```
/// use pathkit::search::{IndexedSpace, SearchContext, SearchSpace};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
/// use pathkit::search::SearchOptions;
///
/// /// A ring of 10 stations; trains run one way, each hop costs 3.
/// struct Ring;
/// impl SearchSpace for Ring {
///     type Node = u8;
///     type Cost = u32;
///     fn successors<F: FnMut(u8, u32)>(&self, n: u8, mut visit: F) {
///         visit((n + 1) % 10, 3)
///     }
/// }
/// impl IndexedSpace for Ring {
///     fn node_bound(&self) -> usize { 10 }
///     fn index_of(&self, n: u8) -> Option<usize> { (n < 10).then_some(n as usize) }
///     fn node_at(&self, index: usize) -> u8 { index as u8 }
/// }
///
/// let mut ctx = SearchContext::new();
/// assert_eq!(AStar(&Ring).find_path_with(&mut ctx, 8, 1, &SearchOptions::dijkstra()).unwrap().into_path().unwrap().cost, 9);
/// assert!(AStar(&Ring).find_path_with(&mut ctx, 0, 10, &SearchOptions::dijkstra()).is_err()); // no such station
/// ```
pub trait IndexedSpace: SearchSpace {
    /// One more than the largest index any node maps to.
    fn node_bound(&self) -> usize;
    /// The index of `node`, or `None` when the node does not belong to this space.
    fn index_of(&self, node: Self::Node) -> Option<usize>;
    /// The node at `index` (only called with indices that [`index_of`](Self::index_of) returned).
    fn node_at(&self, index: usize) -> Self::Node;

    /// This space estimated with the landmark bounds of `landmarks` (the ALT heuristic), which
    /// must have been built over it: see [`WithLandmarks`].
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{AStar, IndexedSpace, LandmarkChoice, Landmarks, SearchContext};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
    /// let space = grid.eight_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Farthest { count: 2, seed: Cell::new(0, 0) }).unwrap();
    /// let path = AStar(&space.with_landmarks(&landmarks)).find_path(&mut SearchContext::new(), Cell::new(0, 0), Cell::new(2, 2)).unwrap();
    /// assert_eq!(path.into_path().unwrap().cost, 4.0);
    /// ```
    fn with_landmarks<'a>(
        &'a self,
        landmarks: &'a Landmarks<Self::Node, Self::Cost>,
    ) -> WithLandmarks<'a, Self>
    where
        Self: Sized,
    {
        WithLandmarks::new(self, landmarks)
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for &S {
    type Node = S::Node;
    type Cost = S::Cost;
    #[inline(always)]
    fn successors<F: FnMut(Self::Node, Self::Cost)>(&self, node: Self::Node, visit: F) {
        (**self).successors(node, visit)
    }
    #[inline(always)]
    fn heuristic(&self, node: Self::Node, goal: Self::Node) -> Self::Cost {
        (**self).heuristic(node, goal)
    }
}

impl<S: IndexedSpace + ?Sized> IndexedSpace for &S {
    #[inline(always)]
    fn node_bound(&self) -> usize {
        (**self).node_bound()
    }
    #[inline(always)]
    fn index_of(&self, node: Self::Node) -> Option<usize> {
        (**self).index_of(node)
    }
    #[inline(always)]
    fn node_at(&self, index: usize) -> Self::Node {
        (**self).node_at(index)
    }
}
