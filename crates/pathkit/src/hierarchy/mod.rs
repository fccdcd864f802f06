//! Hierarchical search (HPA*) on grids: fast, near-optimal paths on big maps, and maps that
//! change at run time.
//!
//! | file | what |
//! |---|---|
//! | `hierarchical_grid.rs` | [`HierarchicalGrid`]: the grid, its clusters and abstract graph; building and edits |
//! | `clearance_hierarchy.rs` | [`ClearanceHierarchy`]: HPA* for square agents of several sizes, over the grid's clearance |
//! | `query.rs` | [`HierarchyContext`]: a query joined, searched at the top, refined to cells |
//! | `options.rs` | [`HierarchyOptions`]: cluster size, levels |
//! | `abstract_graph.rs` | the nodes on cluster borders and their edges at every level |
//! | `abstract_edge.rs` | [`AbstractEdge`]: one edge of that graph, as the hierarchy shows it |
//! | `level_view.rs` | one level of the graph as a search space of [`crate::search`] |
//! | `rect.rs` | [`Rect`], and a grid space cut down to one cluster |
//! | `zero_estimate.rs` | a space searched with no estimate (Dijkstra on the fast loop) |
//! | `error.rs` | [`HierarchyError`] |
//!
//! Every search a query runs is the search core's A* or Dijkstra over a small space: a
//! cluster's cells, or one level of the abstract graph.
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::new(200, 200)?;
//! let map = HierarchicalGrid::eight_connected(grid.clone(), HierarchyOptions::new())?;
//! let found = map.find_path(&mut HierarchyContext::new(), Cell::new(5, 5), Cell::new(190, 150))?.into_path().unwrap();
//! let optimal = grid.eight_connected().find_path(&mut SearchContext::new(), Cell::new(5, 5), Cell::new(190, 150))?.into_path().unwrap();
//! assert!(found.cost <= optimal.cost * 1.05);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod abstract_edge;
mod abstract_graph;
mod clearance_hierarchy;
mod error;
mod hierarchical_grid;
mod level_view;
mod options;
mod query;
mod rect;
mod zero_estimate;

pub use abstract_edge::AbstractEdge;
pub use clearance_hierarchy::ClearanceHierarchy;
pub use error::HierarchyError;
pub use hierarchical_grid::{HierarchicalGrid, HierarchySize};
pub use options::HierarchyOptions;
pub use query::{HierarchyContext, HierarchyStats};
pub use rect::Rect;

/// The most levels a hierarchy may have.
pub const MAX_LEVELS: u8 = 6;
