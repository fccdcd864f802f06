//! Navigation meshes: walkable space as triangles, for agents that move freely rather than tile
//! by tile, with optimal any-angle paths.
//!
//! | item | what it is |
//! |---|---|
//! | [`NavMesh`] | the triangles, built from obstacles and an agent radius, from a grid, or given |
//! | [`grid_obstacles`] | a tile map's blocked cells as rectangles, for a mesh with a radius or tiles |
//! | [`TiledNavMesh`] | a mesh of obstacles that come, move and go: an edit rebuilds only the tiles it touches |
//! | [`AgentSizes`] | one level's obstacles for agents of several radii: a mesh per size, built when first asked for, edited together |
//! | [`AnyAngleSearch`] | the shortest path between two points at any angle (Polyanya), buffers reused |
//! | [`NavMesh::find_corridor_path`] | a chain of triangles pulled taut (the funnel algorithm): short, not always shortest |
//! | [`OffMeshLink`], [`NavMesh::with_links`] | jumps, ladders, doors, teleporters: optimal paths that take them where they pay |
//! | [`AreaFilter`], [`NavMesh::with_filter`] | areas of a mesh some agents may not enter (water for walkers): optimal paths round them |
//! | [`AreaCosts`], [`NavMesh::with_area_costs`] | areas that cost more or less to cross (mud, roads): cheap paths, within a stated bound of the cheapest |
//! | [`MeshPath`] | a path's points and length |
//! | [`NavMeshError`] | why a mesh or a query was refused |
//!
//! A grid path turns only at multiples of 45°; a path on a mesh is the taut string between the
//! start and the goal, turning only at obstacle corners, so it is as short as the obstacles allow
//! (on Moving AI maps it is several percent shorter than the 8-connected grid optimum).
//!
//! Triangulation is `spade`'s constrained Delaunay triangulation (exact predicates, walls kept as
//! edges, obstacles that cross split where they cross); the walls of a mesh are indexed with
//! `rstar` for nearest-point queries.
//!
//! ```
//! use pathkit::geometry::{Point, Polygon};
//! use pathkit::navmesh::NavMesh;
//! use pathkit::navmesh::AnyAngleSearch;
//! use pathkit::Pathfinder;
//!
//! let p = Point::new;
//! let crate_box = Polygon::new(vec![p(3.0, 3.0), p(7.0, 3.0), p(7.0, 7.0), p(3.0, 7.0)]);
//! let mesh = NavMesh::from_obstacles(&[crate_box], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
//! let path = mesh.find_path(&mut AnyAngleSearch::new(), p(1.0, 1.0), p(9.0, 9.0))?.into_path().expect("around the crate");
//! // Straight to a corner of the crate, then straight to the goal.
//! assert_eq!(path.nodes.len(), 3);
//! assert!((path.cost - 2.0 * 40f64.sqrt()).abs() < 1e-12);
//! # Ok::<(), pathkit::navmesh::NavMeshError>(())
//! ```

mod agent_sizes;
mod any_angle_search;
mod area_costs;
mod area_filter;
mod build;
mod error;
mod funnel;
mod grid_obstacles;
mod key_hash;
mod links;
mod locator;
mod mesh;
mod pockets;
mod random_point;
#[cfg(feature = "serde")]
mod serialization;
mod snapping;
mod tile_build;
mod tiled;
mod tiles;
mod triangle_graph;
mod wall_pieces;
mod weighted;

pub use agent_sizes::AgentSizes;
pub use any_angle_search::{AnyAngleSearch, MeshPath};
pub use area_costs::AreaCosts;
pub use area_filter::{AreaFilter, Filtered, MAX_AREAS};
pub use error::NavMeshError;
pub use grid_obstacles::grid_obstacles;
pub use links::{Linked, OffMeshLink, ALL_AGENTS};
pub use mesh::{NavMesh, RayHit};
pub use snapping::Snapping;
pub use tiled::{ObstacleKey, TiledNavMesh, MAX_TILES};
pub use weighted::{Weighted, WeightedSearch, MAX_POINTS_PER_EDGE};

/// The largest coordinate magnitude (and agent radius) a mesh is built from obstacles with:
/// 10^12, a thousand kilometres in millimetres. Beyond it the triangulator's crossing points lose
/// the precision walls need; [`NavMesh::from_obstacles`] refuses such input with
/// [`NavMeshError::OutOfRange`].
pub const MAX_COORDINATE: f64 = 1e12;

/// How often the walls of a mesh built from obstacles may be cut where they cross or touch
/// each other, to start with: 65,536 cuts, plus [`WALL_CUTS_PER_WALL`] for each wall (each side of
/// an obstacle grown by the radius, and of the box). A crossing cuts both its walls; an endpoint
/// lying on another wall cuts that wall.
///
/// Each cut becomes a vertex of the triangulation, and obstacles piled on each other cut their
/// walls with the square of their number: 2,000 triangles and quadrilaterals 1 to 4 units across
/// in a 10 x 10 box cross 1.2 million times, and would take seconds and hundreds of megabytes to
/// triangulate for a mesh of a few triangles. [`NavMesh::from_obstacles`] (and
/// [`MeshGraph::triangulate`](crate::graph::MeshGraph::triangulate)) refuse walls cut more often
/// than the limit with [`NavMeshError::TooManyCrossings`], having cut at most that many, before
/// anything is triangulated. Obstacles that overlap only here and there stay far below it: 20,000
/// of them scattered one per 36 square units cut their 70,000 walls 46,000 times.
pub const WALL_CUTS_BASE: u64 = 1 << 16;

/// Cuts allowed for each wall on top of [`WALL_CUTS_BASE`]: 16.
pub const WALL_CUTS_PER_WALL: u64 = 16;
