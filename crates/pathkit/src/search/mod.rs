//! The search core. It knows nothing of grids: anything that implements [`SearchSpace`] can be
//! searched.
//!
//! | want | use |
//! |---|---|
//! | A*, Dijkstra, weighted A* on a space with dense node indices (grids, node graphs) | [`SearchContext`] |
//! | the same on any hashable node type (implicit or unbounded graphs) | [`SparseSearchContext`] |
//! | a quick search written with closures | [`astar`], [`dijkstra`], [`breadth_first`] |
//! | watching A* work, one expansion at a time | [`Stepper`] |
//!
//! Every search runs the same loop (`engine.rs`): the algorithms differ by options (heuristic
//! weight, tie rule, limits) and by how nodes map to array slots. The one exception is plain A*
//! on a grid under its own weights
//! ([`GridSpace::find_path`](crate::grid::GridSpace::find_path)), which runs a leaner copy of the
//! loop (`indexed.rs`, with a bucket-queue open list, `bucket_open.rs`) that expands the same
//! nodes in the same order, 1.6 (1-wide mazes) to 3 times as fast.

mod bucket_open;
mod context;
mod engine;
mod error;
mod functions;
mod indexed;
mod open_list;
mod options;
mod path;
mod space;
mod sparse;
mod stepper;

pub(crate) use context::outcome_from;
pub use context::SearchContext;
pub(crate) use engine::NO_PARENT;
pub use error::SearchError;
pub use functions::{astar, breadth_first, dijkstra};
pub(crate) use indexed::IndexedProblem;
pub use options::{SearchOptions, TieBreak};
pub use path::{Outcome, Path, Stats, Status};
pub use space::{IndexedSpace, SearchSpace};
pub use sparse::SparseSearchContext;
pub use stepper::{NodeView, StepEvent, StepResult, Stepper};
