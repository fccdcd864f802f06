//! # pathkit
//!
//! Optimal pathfinding for games.
//!
//! | module | what it holds |
//! |---|---|
//! | [`search`] | the search core: A*, Dijkstra, weighted A*, breadth-first, limits, a stepper; knows nothing of grids |
//! | [`grid`] | tile grids with terrain weights, diagonal rules, heuristics, per-agent rules, connected components, line of sight and path smoothing |
//! | [`hex`] | hex grids: axial coordinates, pointy-top and flat-top maps in the four offset layouts, terrain weights, walls, run-time edits, connected components, A* with the hex distance, a text form |
//! | [`hierarchy`] | hierarchical search (HPA*) on grids: clusters at several levels, fast near-optimal paths on big maps, edits that rebuild only the clusters they touch |
//! | [`graph`] | GameplayKit-style node graphs: plain, 2D, 3D and grid nodes, custom costs; obstacle graphs and mesh graphs |
//! | [`navmesh`] | navigation meshes (from obstacles and an agent radius, from grids, or given) and optimal any-angle paths on them |
//! | [`jps`] | Jump Point Search and JPS+ on uniform-cost grids |
//! | [`subgoal`] | subgoal graphs: optimal paths on uniform-cost grids queried many times, through the walls' corners |
//! | [`levels`] | multi-level maps: several grids (floors) joined by portals (stairs, elevators, teleporters), switchable at run time |
//! | [`format`](mod@format) | Moving AI `.map`/`.scen` and Tiled `.tmx` (orthogonal and hexagonal) |
//! | [`geometry`] | points, segments, polygons, the visibility rule, extrusion by a buffer radius |
//! | [`batch`] | many queries on one map, in parallel, one reusable context per thread |
//! | [`limits`] | [`MAX_MAP_BYTES`](limits::MAX_MAP_BYTES), the one limit on what a map may cost in memory |
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::from_ascii(
//!     "..#.\n\
//!      ..#.\n\
//!      ....",
//! ).unwrap();
//! let mut ctx = SearchContext::new();
//! let path = grid.four_connected().find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 0)).unwrap().into_path().unwrap();
//! assert_eq!(path.cost, 7);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]

pub mod batch;
mod cost;
mod disjoint_sets;
mod ends;
pub mod format;
pub mod geometry;
pub mod graph;
pub mod grid;
pub mod hex;
pub mod hierarchy;
mod hops;
pub mod jps;
pub mod levels;
pub mod limits;
pub mod navmesh;
mod pathfinder;
mod rebuilt_table;
pub mod search;
mod sliced_pathfinder;
pub mod subgoal;
#[cfg(test)]
mod test_random;

pub use cost::Cost;
pub use ends::Ends;
pub use pathfinder::{Goal, Pathfinder, Unsupported};
pub use sliced_pathfinder::{PendingPath, SlicedPathfinder};

/// The crate README's examples, compiled and run as doctests so they cannot go stale. The
/// workspace README's examples are the `catmaze` crate's doctests: that file is not part of this
/// package, which must build and test on its own.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
