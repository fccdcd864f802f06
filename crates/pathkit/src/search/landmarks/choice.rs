//! [`LandmarkChoice`]: which nodes become the landmarks of a [`Landmarks`](crate::search::Landmarks) table.

/// Which nodes become landmarks.
///
/// Landmarks estimate best when they lie at the far edges of the map, behind the goals: a node
/// whose shortest route to its goal passes near a landmark gets an exact estimate.
/// [`Farthest`](Self::Farthest) finds such nodes by itself; [`Given`](Self::Given) takes a
/// designer's choice (the corners of a level, the doors of a dungeon).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{LandmarkChoice, Landmarks};
///
/// let grid = Grid::new(9, 9).unwrap();
/// let space = grid.four_connected();
/// let given = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 0), Cell::new(8, 8)])).unwrap();
/// assert_eq!(given.nodes(), [Cell::new(0, 0), Cell::new(8, 8)]);
/// let farthest = Landmarks::new(&space, LandmarkChoice::Farthest { count: 2, seed: Cell::new(4, 4) }).unwrap();
/// assert_eq!(farthest.nodes().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LandmarkChoice<N> {
    /// Up to `count` nodes, each as far as possible from those chosen before it: the first is
    /// the node farthest from `seed`, the next the node whose nearest landmark so far is
    /// farthest, and so on ("farthest" selection, Goldberg and Harrelson 2005). Only nodes
    /// reachable from `seed` are candidates, so the seed picks the part of the map the
    /// landmarks serve. Fewer than `count` are chosen when every reachable node is already at
    /// zero cost from a landmark. Ties go to the node the search from the landmarks settled
    /// first, so the choice is the same on every run.
    Farthest {
        /// The most landmarks to choose.
        count: usize,
        /// Where the choice starts: a node of the part of the map to serve.
        seed: N,
    },
    /// These nodes, in this order (duplicates kept).
    Given(Vec<N>),
}

impl<N: Copy> LandmarkChoice<N> {
    /// How many landmarks this choice asks for (at most).
    pub(crate) fn wanted(&self) -> usize {
        match self {
            LandmarkChoice::Farthest { count, .. } => *count,
            LandmarkChoice::Given(nodes) => nodes.len(),
        }
    }
}
