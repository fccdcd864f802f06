//! Subgoal graphs: optimal paths on uniform-cost grids queried many times, through a small graph
//! of the cells at the walls' corners.
//!
//! | file | what it holds |
//! |---|---|
//! | `graph.rs` | [`SubgoalGraph`]: the subgoals and the edges between them, built once per map |
//! | `cells.rs` | the padded map, which cells are subgoals, and how far each cell sees straight |
//! | `reach.rs` | the subgoals a cell reaches directly: the edges, and a query's links to them |
//! | `contraction.rs` | the contraction hierarchy over the subgoals, its core, shortcuts |
//! | `query.rs` | [`SubgoalContext`], the upward searches and the core's A*, the cells of each edge laid back down |
//! | `error.rs` | [`SubgoalError`] |
//!
//! A shortest path on an 8-connected grid (no corner cutting) turns only at the free cells
//! diagonal to a wall's corner: the subgoals. Between two turns it is a shortest free path, as
//! long as the octile distance. So the graph of subgoals, joined where one reaches another by
//! such a path passing no third subgoal, keeps every shortest path (the simple subgoal graph of
//! Uras, Koenig and Hernández, ICAPS 2013). The build contracts it into a hierarchy, leaving the
//! subgoals with many neighbours in a core; a query joins its start and goal to the subgoals they
//! reach, searches upward from both and through the core with A*, and walks each edge back into
//! cells. A start and goal in plain sight of each other need no search at all.
//!
//! | want | use |
//! |---|---|
//! | a static map of mazes, rooms or many obstacles queried very often, memory to spare | [`SubgoalGraph`] |
//! | a static open map (streets, wide fields) queried often | [`JpsPlus`](crate::jps::JpsPlus): faster there |
//! | a map queried often whose cells change | [`JpsPlus`](crate::jps::JpsPlus) (edits update it in place) |
//! | no preprocessing | [`JumpPoints`](crate::jps::JumpPoints) |
//! | weighted terrain | A* on [`GridSpace`](crate::grid::GridSpace) |
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::from_ascii(
//!     "......\n\
//!      .####.\n\
//!      ......",
//! )?;
//! let graph = SubgoalGraph::new(grid)?;
//! let mut ctx = SubgoalContext::new();
//! let path = graph.find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1))?.into_path().unwrap();
//! assert_eq!(path.cost, 7.0); // no cutting the wall's corners
//! assert_eq!(path.nodes.len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cells;
mod contraction;
mod error;
mod graph;
mod query;
mod reach;

pub use error::SubgoalError;
pub use graph::SubgoalGraph;
pub use query::SubgoalContext;
