//! [`AbstractEdge`]: one edge of a hierarchy's abstract graph, as [`HierarchicalGrid`] shows it
//! for drawing and for checking.
//!
//! [`HierarchicalGrid`]: super::HierarchicalGrid

use crate::grid::Cell;

/// One edge of the abstract graph of a [`HierarchicalGrid`](super::HierarchicalGrid) at one
/// level, in one direction ([`HierarchicalGrid::abstract_edges`](super::HierarchicalGrid::abstract_edges)).
///
/// A crossing is a single move from a cell on one side of a cluster border to a cell on the
/// other side; any other edge joins two nodes of one cluster by the cost of the cheapest path
/// between them that stays inside that cluster (searched on the level below).
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
///
/// // Two clusters side by side, open between them on one row.
/// let map = HierarchicalGrid::four_connected(Grid::from_ascii("....\n")?, HierarchyOptions::new().cluster_size(2))?;
/// let crossings: Vec<_> = map.abstract_edges(1).filter(|e| e.crossing).collect();
/// assert_eq!(crossings.len(), 2); // (1, 0) -> (2, 0) and back
/// assert!(crossings.iter().all(|e| e.cost == 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbstractEdge<C> {
    /// The cell it leaves.
    pub from: Cell,
    /// The cell it reaches.
    pub to: Cell,
    /// What the move (a crossing) or the cheapest path inside the cluster costs.
    pub cost: C,
    /// A single move across a cluster border, rather than a path inside one cluster.
    pub crossing: bool,
}
