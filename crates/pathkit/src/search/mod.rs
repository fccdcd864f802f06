//! The search core. It knows nothing of grids: anything that implements [`SearchSpace`] can be
//! searched.
//!
//! | want | use |
//! |---|---|
//! | A*, Dijkstra, weighted A* on a space with dense node indices (grids, node graphs), with a reusable [`SearchContext`] | [`AStar`] |
//! | the same on any hashable node type (implicit or unbounded graphs), with a [`SparseSearchContext`] | [`Sparse`] |
//! | the fewest edges, whatever they cost | [`BreadthFirst`] |
//! | a quick search written with closures | [`astar`], [`dijkstra`], [`breadth_first`] |
//! | watching A* work, one expansion at a time | [`Stepper`] |
//! | a long search spread over frames, so many expansions per call | [`SlicedPathfinder::start_path`](crate::SlicedPathfinder::start_path) on [`AStar`], [`PendingPath::resume`](crate::PendingPath::resume) |
//! | the path to the closest point when the goal cannot be reached | [`WhenUnreachable::ClosestPoint`] |
//! | costs from the nearest of several sources to every node, within a cost (movement range) | [`SearchContext::distance_map`] |
//! | the nearest of several goals, or the nearest node a test accepts | [`Goal::AnyOf`](crate::Goal::AnyOf), [`Goal::Matching`](crate::Goal::Matching) |
//! | a far better estimate on mazes, rooms and portals, from costs precomputed to a few landmarks (ALT) | [`Landmarks`], [`IndexedSpace::with_landmarks`] |
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::{astar, AStar, SearchContext, SearchOptions};
//! use pathkit::Pathfinder;
//!
//! // A quick search written with closures: the fewest coins (1, 5 and 10) that make 28.
//! let coins = astar(0u32, |n| [1, 5, 10].map(|c| (n + c, 1u32)), |n| 28u32.saturating_sub(n) / 10, |n| n == 28).unwrap();
//! assert_eq!(coins.path().unwrap().cost, 6); // 10 + 10 + 5 + 1 + 1 + 1
//!
//! // A reusable context on a space with dense indices, here a grid.
//! let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
//! let mut ctx = SearchContext::new();
//! let outcome = AStar(&grid.four_connected()).find_path_with(&mut ctx, Cell::new(0, 1), Cell::new(3, 1), &SearchOptions::new()).unwrap();
//! assert_eq!(outcome.into_path().unwrap().cost, 5);
//! ```
//!
//! Every best-first search runs one loop (`engine/best_first.rs`): A*, Dijkstra, weighted A*, the
//! stepper, plain A* on a grid under its own weights
//! ([`GridSpace`](crate::grid::GridSpace)'s [`Pathfinder`](crate::Pathfinder)), Jump Point Search and JPS+.
//! What differs is plugged into it:
//!
//! | part | choices |
//! |---|---|
//! | expansion: successors and the estimate | a user's [`SearchSpace`] (`engine/space_expansion.rs`), a grid's neighbour masks (`grid/grid_problem.rs`), jumps over a grid or a JPS+ table (`jps/context.rs`) |
//! | open list (`engine/open_queue.rs`) | a binary heap with a one-entry cache (`engine/open_list.rs`), F buckets (`engine/bucket_open.rs`, needs a consistent heuristic), a heap of 128-bit keys (`engine/key_heap.rs`) |
//! | checks | validated: user costs and estimates, heuristic weight, cost and expansion limits; or trusted: costs the library computed itself, a zero-sized type whose checks compile to nothing |
//! | goal | one node, or any node a predicate accepts |
//!
//! Records, their stamps, the parent marker, path writing (`engine/record.rs`) and the statistics exist
//! once. On the Moving AI game maps the grid's combination (mask expansion, buckets, trusted)
//! answers A* queries about three times as fast as the general one (user-space expansion, heap,
//! validated) on the same grid, with the same expansions in the same order: `pathkit bench`
//! times both (`pathkit-astar`, `pathkit-astar-general`). Breadth-first search has a queue of its
//! own (`breadth_first.rs`) over the same expansions, checks and records.

mod breadth_first;
mod context;
mod cost_checks;
mod distance_map;
mod engine;
mod error;
mod functions;
mod landmarks;
mod nearest;
mod options;
mod path;
mod sliced;
mod space;
mod sparse;
mod stepper;
mod when_unreachable;

pub use crate::pathfinder::AStar;
pub(crate) use best_first::{begin, AtIndex, Expansion, Trusted, Validated};
pub use breadth_first::BreadthFirst;
pub(crate) use bucket_open::BucketOpen;
pub use context::SearchContext;
pub(crate) use context::{closed_in, finish_path, outcome_of, run_search};
pub use cost_checks::CostChecks;
pub(crate) use distance_map::settle;
pub use distance_map::{DistanceMap, Reached};
pub(crate) use engine::{
    best_first, bucket_open, entry, fast_checks, key_heap, open_list, open_queue, record, scratch,
    space_expansion,
};
pub use error::SearchError;
pub(crate) use fast_checks::{TrustedSliced, TrustedWithin};
pub use functions::{astar, breadth_first, dijkstra};
pub(crate) use key_heap::KeyHeap;
pub use landmarks::{LandmarkChoice, LandmarkError, Landmarks, WithLandmarks};
pub use options::{SearchOptions, TieBreak};
pub use path::{Outcome, Path, Stats, Status};
pub(crate) use record::{next_ticket, NoEstimate, Records, NO_PARENT};
pub(crate) use sliced::{progress_of, Slices};
pub use sliced::{ParkedSearch, PendingSearch, Progress};
pub use space::{IndexedSpace, SearchSpace};
pub(crate) use space_expansion::{DenseIndexer, SpaceExpansion};
pub use sparse::{Sparse, SparseSearchContext};
pub use stepper::{NodeView, StepEvent, StepResult, StepView, Stepper};
pub use when_unreachable::WhenUnreachable;
