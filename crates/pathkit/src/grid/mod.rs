//! Tile grids: cells that are blocked or carry a terrain weight, searched 4- or 8-connected.
//!
//! - [`Grid`]: the map, editable at run time, with passability bitmaps and connected components.
//! - [`GridSpace`]: a grid as a search space: diagonal rule, move costs, heuristic, agent rules.
//! - [`TileRules`]: per-agent walkability and terrain without copying the grid.
//! - [`GridAreas`]: the area of each cell (water, mud, roads): agents kept out of areas by the
//!   navigation meshes' [`AreaFilter`](crate::navmesh::AreaFilter), or paying [`AreaCosts`] in them.
//! - Queries beyond one path, on [`GridSpace`]: movement ranges and flow fields
//!   ([`GridSpace::distances_from`], [`GridSpace::distances_to`]), the nearest of several goals
//!   ([`Goal::AnyOf`](crate::Goal::AnyOf)), a search spread over frames
//!   ([`SlicedPathfinder::start_path`](crate::SlicedPathfinder::start_path), [`PendingGridSearch`]).
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
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::from_ascii(
//!     "......\n\
//!      .####.\n\
//!      ......",
//! ).unwrap();
//! let mut ctx = SearchContext::new();
//! let outcome = grid.eight_connected().find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1)).unwrap();
//! let path = outcome.into_path().unwrap();
//! assert_eq!(path.nodes.first(), Some(&Cell::new(0, 1)));
//! assert_eq!(path.cost, 7.0); // up, along the top, down: no cutting the wall's corners
//! ```
//!
//! # Line of sight
//!
//! Two cells see each other when the straight segment from the centre of one to the centre of
//! the other crosses the interior of no blocked cell. The segment is walked exactly, cell by cell
//! in integer arithmetic (no sampling), so a segment that clips a wall by a hair is refused and
//! one that misses it by a hair is not.
//!
//! Where the segment passes exactly through a grid corner (the point where four cells meet), it
//! goes from one cell to the diagonal one and only touches the two cells beside the corner. The
//! [`Diagonal`] rule says whether that is allowed, as it does for a diagonal move:
//!
//! | rule | passing a corner between two cells beside it |
//! |---|---|
//! | [`Diagonal::NoCornerCutting`] | refused when either cell beside it is blocked |
//! | [`Diagonal::CornerCutting`] | refused when both are blocked (no squeezing between two diagonal walls) |
//! | [`Diagonal::Always`] | allowed: only the interiors of cells count |
//! | [`Diagonal::Never`] | as [`Diagonal::NoCornerCutting`] |
//!
//! A 4-connected agent never cuts a wall's corner on the grid, so its smoothed path must not
//! either: [`Diagonal::Never`] passes a corner only with all four cells around it free, the
//! strictest of the rules. Diagonal segments between free cells are still allowed under it, since
//! smoothing is what turns a staircase into a straight line.
//!
//! A segment between two centres never runs along a cell edge (centres lie half a cell off every
//! grid line, so the segment meets grid lines only at single points), and a point of a wall's
//! side is not inside the wall: walking past a wall, right beside it, is always allowed. Only
//! cell interiors and the corner rule above decide.
//!
//! A cell sees itself when it is free. A blocked endpoint sees nothing: the segment starts inside
//! a wall.
//!
//! # Smoothing
//!
//! [`Grid::smooth`] keeps the first waypoint, then from each kept waypoint jumps to the furthest
//! later waypoint it sees, until the last one, which is always kept. Furthest, not the classic
//! "advance while the next one is still visible": sight along a path is not monotone (a path
//! that goes around a pillar loses sight of its start and finds it again), and the furthest
//! waypoint in sight gives fewer turns. Every new segment passes the line-of-sight test; a leg
//! of the input that has no line of sight of its own (a gap in a list of jump points, a leg
//! through a wall the caller's rules allow) is kept as it was, never replaced by one that fails.
//! The result is a subsequence of the input with the same ends, so it is never longer: each
//! straight segment is at most as long as the stretch of path it replaces.
//!
//! Terrain: a shortcut may cross no cell heavier than the heaviest waypoint of the stretch of
//! path it replaces. On a grid of one weight this is pure geometry. On weighted terrain a path
//! that kept to a road (weight 1) around a swamp (weight 5) stays on the road instead of cutting
//! across the swamp's edge, which the search had gone around on purpose; a path that crossed the
//! swamp anyway is straightened within it. The line-of-sight test alone
//! ([`Grid::line_of_sight`]) ignores weights: only walls block sight.
//!
//! Cost: one line-of-sight test walks at most the cells between its two ends; smoothing a path of
//! `n` waypoints into `k` runs at most `k x n` of them, from the end of the path backwards, so a
//! long view is found after few tests.

mod areas;
mod bitmap;
mod cell;
mod clearance;
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

pub use areas::{AreaCosts, AreaRules, GridAreas};
pub(crate) use bitmap::Bitmap;
pub use cell::Cell;
pub use clearance::{Clearance, Fits};
pub use error::{AsciiProblem, GridError, MoveKind};
pub use grid::Grid;
pub(crate) use reverse::Reversed;
pub(crate) use row_of::RowOf;
pub use rules::{GridRules, TileRules};
pub use sliced::{ParkedGridSearch, PendingGridSearch};
pub use space::{Diagonal, GridSpace, Heuristic, NEIGHBOUR_ORDER};
