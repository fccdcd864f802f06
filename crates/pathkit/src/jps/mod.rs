//! Jump Point Search on uniform-cost grids: optimal paths, far fewer expansions than A*.
//!
//! | file | what it holds |
//! |---|---|
//! | `context.rs` | [`JpsContext`]: reusable per-thread state and the search loop over jump points |
//! | `scan.rs` | block-based straight scans: 64 cells (an aligned word) per step with trailing-zero counts |
//! | `jump.rs` | 8-connected successors under the no-corner-cutting rule (Moving AI rules) |
//! | `lane.rs` | the straight scans of a diagonal walk, sliding row words from step to step |
//! | `four.rs` | 4-connected successors |
//! | `plus.rs` | [`JpsPlus`]: JPS+, precomputed jump distances for maps queried many times |
//! | `nearest.rs` | the nearest of several goals (searched backwards from them) and the closest point |
//! | `sliced.rs` | [`PendingJpsSearch`]: a query run a slice at a time |
//! | `table.rs` | the JPS+ jump table: one byte per direction per cell, long jumps as hops |
//! | `weighted.rs` | [`WeightedJumpPoints`]: optimal jumps on grids with terrain weights, and [`GuidedJumpPoints`], the same estimated with landmark bounds |
//! | `weighted_jump.rs` | its successors: JPS pruning where the terrain around a cell is one weight |
//! | `error.rs` | [`JpsError`] |
//!
//! | want | use |
//! |---|---|
//! | one-off or changing maps, no preprocessing | [`Grid::jump_points`](crate::grid::Grid::jump_points) ([`JumpPoints`]) |
//! | a map queried many times (cells may still change) | [`JpsPlus`] (and [`JpsPlus::paths`]): build once, [`JpsPlus::block`] and [`JpsPlus::open`] to edit |
//! | a static map of mazes, rooms or many obstacles queried very often | [`SubgoalGraph`](crate::subgoal::SubgoalGraph): faster than JPS+ there, slower on open maps; an edit means a new graph |
//! | many queries at once, on all cores | [`crate::batch`] |
//! | the nearest of several goals | [`Goal::AnyOf`](crate::Goal::AnyOf), on either |
//! | the closest point when the goal cannot be reached | [`WhenUnreachable::ClosestPoint`](crate::search::WhenUnreachable::ClosestPoint), on either |
//! | a search spread over frames | [`SlicedPathfinder::start_path`](crate::SlicedPathfinder::start_path) on [`JumpPoints`], [`JpsPlus`] ([`PendingJpsSearch`]) |
//! | distance maps, flow fields | not JPS (it skips cells): [`GridSpace::distances_to`](crate::grid::GridSpace::distances_to) |
//! | weighted terrain in patches (swamps, roads, forests) | [`WeightedJumpPoints`]: the same optimal paths as A*, jumping across each patch; with [`WeightedJumpPoints::with_landmarks`] ([`GuidedJumpPoints`]) far fewer expansions, on any terrain |
//! | terrain whose weight changes from cell to cell | [`GuidedJumpPoints`] when the map is queried often enough to pay for landmarks; else A* on [`GridSpace`](crate::grid::GridSpace) (plain JPS refuses weights: [`JpsError::NonUniformCost`]) |
//!
//! How it is fast: straight scans test 64 cells per step on the padded bitmaps (the row-major one
//! for rows, the transposed one for columns); diagonal jump points are never pushed (the walk goes
//! on and pushes the straight jump points it finds, which halves expansions); the scans of a
//! diagonal walk slide their row words along from one step to the next instead of reading them
//! again; a goal in plain sight (diagonal then straight, or past a jump point on a straight line)
//! is pushed at once; per-cell state is stamped with the query number instead of cleared; open-list
//! entries are one 128-bit key; the search loop is separate from successor generation, so online
//! search and JPS+ share it.
//!
//! Every engine answers with the search core's result types ([`Outcome`](crate::search::Outcome),
//! [`Status`](crate::search::Status), [`Stats`](crate::search::Stats)), with costs in `f64`:
//! straight moves cost 1 and diagonal moves √2, the same as A* on
//! [`Grid::eight_connected`](crate::grid::Grid::eight_connected) (or on
//! [`Grid::four_connected`](crate::grid::Grid::four_connected) for 4-connected search).
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::jps::{JpsContext, JpsMode};
//! use pathkit::Pathfinder;
//!
//! let grid = Grid::from_ascii(
//!     "......\n\
//!      .####.\n\
//!      ......",
//! ).unwrap();
//! let mut ctx = JpsContext::new();
//! let path = grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1))
//!     .unwrap().into_path().unwrap();
//! assert_eq!(path.cost, 7.0); // no cutting the wall's corners
//! assert_eq!(path.nodes.len(), 8); // every cell of the way, both ends included
//! ```

mod context;
mod error;
mod four;
mod jump;
mod jump_points;
mod lane;
mod nearest;
mod plus;
mod scan;
mod sliced;
mod table;
mod weighted;
mod weighted_jump;

use crate::grid::Diagonal;
pub use context::JpsContext;
pub use error::JpsError;
pub use jump_points::{JpsPlusPaths, JumpPoints};
pub use plus::JpsPlus;
pub use sliced::{ParkedJpsSearch, PendingJpsSearch};
pub use weighted::{GuidedJumpPoints, WeightedJumpPoints};

/// What a found path lists.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsPlus, JpsContext, PathMode};
/// use pathkit::Pathfinder;
///
/// let plus = JpsPlus::new(Grid::from_ascii("......\n.####.\n......").unwrap()).unwrap();
/// let mut ctx = JpsContext::new();
/// let (start, goal) = (Cell::new(0, 1), Cell::new(5, 1));
/// let cells = plus.find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
/// let turns = plus.paths(PathMode::JumpPoints).find_path(&mut ctx, start, goal).unwrap().into_path().unwrap();
/// assert_eq!(cells.cost, turns.cost);
/// assert_eq!(cells.nodes.len(), 8);
/// assert!(turns.nodes.len() < cells.nodes.len());
/// assert_eq!((turns.nodes[0], *turns.nodes.last().unwrap()), (start, goal));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PathMode {
    /// Every cell from start to goal, each adjacent to the next.
    #[default]
    Cells,
    /// Only the start, the jump points and the goal. Between two of them the route goes diagonally
    /// first and then straight (8-connected), or vertically first and then horizontally
    /// (4-connected), through free cells only.
    JumpPoints,
}

/// How to search: the moves allowed and what the path lists.
///
/// The moves are the grids' own [`Diagonal`] rule. Jump Point Search supports two of them:
/// [`Diagonal::NoCornerCutting`] (8-connected without corner cutting, the Moving AI rule, the
/// default) and [`Diagonal::Never`] (4-connected); the others are
/// [`JpsError::UnsupportedMoves`].
///
/// ```
/// use pathkit::grid::Diagonal;
/// use pathkit::jps::{JpsMode, PathMode};
///
/// assert_eq!(JpsMode::default(), JpsMode::EIGHT);
/// assert_eq!(JpsMode::FOUR, JpsMode { moves: Diagonal::Never, path: PathMode::Cells });
/// assert_eq!(JpsMode::EIGHT.jump_points().path, PathMode::JumpPoints);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct JpsMode {
    /// Moves allowed.
    pub moves: Diagonal,
    /// What a found path lists.
    pub path: PathMode,
}

impl JpsMode {
    /// 8-connected without corner cutting, full cell path.
    pub const EIGHT: JpsMode = JpsMode {
        moves: Diagonal::NoCornerCutting,
        path: PathMode::Cells,
    };
    /// 4-connected, full cell path.
    pub const FOUR: JpsMode = JpsMode {
        moves: Diagonal::Never,
        path: PathMode::Cells,
    };

    /// The same mode, listing jump points only.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut ctx = JpsContext::new();
    /// let mode = JpsMode::EIGHT.jump_points();
    /// let path = grid.jump_points(mode).find_path(&mut ctx, Cell::new(0, 0), Cell::new(7, 3)).unwrap().into_path().unwrap();
    /// // Diagonal first, then straight: no turning point is needed to list the route.
    /// assert_eq!(path.nodes, [Cell::new(0, 0), Cell::new(7, 3)]);
    /// ```
    pub const fn jump_points(self) -> JpsMode {
        JpsMode {
            path: PathMode::JumpPoints,
            ..self
        }
    }
}
