//! Tile grids: cells that are blocked or carry a terrain weight, searched 4- or 8-connected.
//!
//! - [`Grid`]: the map, editable at run time, with passability bitmaps and connected components.
//! - [`GridSpace`]: a grid as a search space: diagonal rule, move costs, heuristic, agent rules.
//! - [`TileRules`]: per-agent walkability and terrain without copying the grid.
//! - Queries beyond one path, on [`GridSpace`]: movement ranges and flow fields
//!   ([`GridSpace::distances_from`], [`GridSpace::distances_to`]), the nearest of several goals
//!   ([`GridSpace::find_path_to_nearest`]), a search spread over frames
//!   ([`GridSpace::start_path`], [`PendingGridSearch`]).
//! - Line of sight between cells ([`Grid::line_of_sight`]) and smoothing, a path turned into the
//!   few waypoints an agent walks in straight lines ([`Grid::smooth`], [`Grid::smooth_into`]),
//!   both under the diagonal rule's corner rule.
//!
//! # Coordinates
//!
//! A grid's cells are [`Cell`]s of two `u32`: column `x` and row `y` from the top-left corner,
//! never negative, as map files and the Moving AI benchmarks number them; a cell's row-major index
//! fits `u32` too (the memory limit keeps grids far below 2^32 cells). Out-of-grid cells are a
//! typed error ([`GridError::OutOfBounds`]). Grid graphs ([`GridGraph`](crate::graph::GridGraph))
//! place their cells anywhere in the plane, as GameplayKit's `GKGridGraph` does with its origin,
//! so their coordinates are `i32` and may be negative. The `pathkit` command reads coordinates as
//! `u32` and writes them `(x, y)`; [`Cell`]'s own `Display` is the tutorials' `[x;y]`.
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::SearchContext;
//!
//! let grid = Grid::from_ascii(
//!     "......\n\
//!      .####.\n\
//!      ......",
//! ).unwrap();
//! let mut ctx = SearchContext::new();
//! let outcome = grid.eight_connected().find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), &Default::default()).unwrap();
//! let path = outcome.into_path().unwrap();
//! assert_eq!(path.nodes.first(), Some(&Cell::new(0, 1)));
//! assert_eq!(path.cost, 7.0); // up, along the top, down: no cutting the wall's corners
//! ```

mod bitmap;
mod cell;
mod components;
mod error;
// The file that holds `Grid` is named after it.
#[allow(clippy::module_inception)]
mod grid;
mod grid_problem;
mod neighbourhood;
mod queries;
mod reverse;
mod row_of;
mod rules;
mod sliced;
mod smooth;
mod space;

pub(crate) use bitmap::Bitmap;
pub use cell::Cell;
pub use error::{AsciiProblem, GridError, MoveKind};
pub use grid::Grid;
pub(crate) use row_of::RowOf;
pub use rules::{GridRules, TileRules};
pub use sliced::PendingGridSearch;
pub use space::{Diagonal, GridSpace, Heuristic, NEIGHBOUR_ORDER};
