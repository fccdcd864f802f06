//! A [`HexGrid`] as a search space: six neighbours, terrain costs, the hex distance heuristic.

use super::{Hex, HexError, HexGrid};
#[cfg(doc)]
use crate::search::Outcome;
use crate::search::{
    IndexedSpace, ParkedSearch, PendingSearch, SearchContext, SearchOptions, SearchSpace, Stats,
    Status, WhenUnreachable,
};
use crate::{Ends, Goal, Pathfinder, SlicedPathfinder, Unsupported};

/// Hexes are nodes; a hex's edges go to its passable neighbours, in [`Hex::DIRECTIONS`] order,
/// and cost the weight of the hex entered (as on a square [`Grid`](crate::grid::Grid) whose
/// moves cost 1), so a path's cost is the sum of the weights of every hex on it but the start.
/// A wall has no edges out either, so a start inside a wall reaches nothing.
///
/// The heuristic is the hex distance times the grid's [minimum weight](HexGrid::min_weight):
/// every step costs at least that weight and brings the goal at most one step nearer, so the
/// estimate never exceeds the real cost (admissible) and drops by at most an edge's cost along
/// an edge (consistent); A* returns optimal paths.
///
/// ```
/// use pathkit::hex::{Hex, HexGrid};
/// use pathkit::search::SearchContext;
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// let grid = HexGrid::from_ascii("hex odd-r\n. 3 .").unwrap();
/// let mut ctx = SearchContext::new();
/// let path = AStar(&grid).find_path(&mut ctx, Hex::new(0, 0), Hex::new(2, 0)).unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 4); // the swamp (3), then plain ground (1)
/// ```
impl SearchSpace for HexGrid {
    type Node = Hex;
    type Cost = u64;

    #[inline]
    fn successors<F: FnMut(Hex, u64)>(&self, hex: Hex, mut visit: F) {
        if self.weight(hex) == 0 {
            return;
        }
        for n in hex.neighbours() {
            let w = self.weight(n);
            if w != 0 {
                visit(n, u64::from(w));
            }
        }
    }

    #[inline]
    fn heuristic(&self, hex: Hex, goal: Hex) -> u64 {
        // At most 2^32 steps times a `u32` weight: no overflow.
        hex.distance(goal) * u64::from(self.min_weight())
    }
}

impl IndexedSpace for HexGrid {
    #[inline]
    fn node_bound(&self) -> usize {
        self.len()
    }
    #[inline]
    fn index_of(&self, hex: Hex) -> Option<usize> {
        self.index(hex)
    }
    #[inline]
    fn node_at(&self, index: usize) -> Hex {
        self.hex_at_index(index)
    }
}

/// The cheapest path with A* and the hex distance heuristic (see
/// [the search space](#impl-SearchSpace-for-HexGrid)): both ends included, a cost of the weights of
/// every hex entered.
///
/// Every hex must be inside the grid ([`HexError::OutOfBounds`] otherwise). A start or goal in a
/// wall, or a goal in another connected component, is [`Outcome::Unreachable`] without
/// searching; with [`WhenUnreachable::ClosestPoint`] an unreachable goal is searched for its
/// closest point instead ([`Outcome::Closest`]). `start == goal` on a passable hex is the path
/// `[start]` at cost 0. Several goals are searched at once for the nearest; a goal test spreads out
/// in every direction.
///
/// # Errors
///
/// [`HexError::OutOfBounds`] for a hex outside the grid; [`HexError::Refused`]
/// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) when the table of components cannot be
/// allocated; [`HexError::Search`] for invalid options or a context that cannot hold the grid's
/// records; [`HexError::Unsupported`] for the closest point to a goal test.
///
/// ```
/// use pathkit::hex::HexGrid;
/// use pathkit::search::{Outcome, SearchContext};
/// use pathkit::Pathfinder;
///
/// // Flat-top, odd columns shifted down; a wall of two hexes across the top row.
/// let grid = HexGrid::from_ascii("hex odd-q\n.   #   .\n  #   .\n.   .   .\n  .   .\n")?;
/// let (start, goal) = (grid.hex_at(0, 0).unwrap(), grid.hex_at(4, 0).unwrap());
/// let mut ctx = SearchContext::new();
/// let path = grid.find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// assert_eq!((path.nodes.first(), path.nodes.last()), (Some(&start), Some(&goal)));
/// assert_eq!(path.cost, 5); // one more than the distance, to go under the wall
/// let walled = grid.hex_at(2, 0).unwrap();
/// assert_eq!(grid.find_path(&mut ctx, start, walled)?, Outcome::Unreachable);
/// # Ok::<(), pathkit::hex::HexError>(())
/// ```
impl Pathfinder for HexGrid {
    type Node = Hex;
    type Cost = u64;
    type Context = SearchContext<u64>;
    type Error = HexError;

    /// Both hexes on the map (an error otherwise); a walled end, or two ends in different
    /// components.
    fn check_ends(&self, start: Hex, goal: Hex) -> Result<Ends, HexError> {
        self.check(start)?;
        self.check(goal)?;
        Ok(if !self.is_passable(start) {
            Ends::StartBlocked
        } else if !self.is_passable(goal) {
            Ends::GoalBlocked
        } else if !self.reachable(start, goal)? {
            Ends::Apart
        } else {
            Ends::Open
        })
    }

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<u64>,
        start: Hex,
        to: Goal<'_, Hex>,
        options: &SearchOptions<u64>,
        path: &mut Vec<Hex>,
    ) -> Result<Status<u64>, HexError> {
        path.clear();
        self.check(start)?;
        let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
        match to {
            Goal::Node(goal) => {
                let ends = self.check_ends(start, goal)?;
                if !ends.worth_searching(closest) {
                    ctx.stats = Stats::default();
                    return Ok(Status::Unreachable);
                }
                Ok(ctx.search_into(self, start, goal, options, path)?)
            }
            Goal::AnyOf(goals) => {
                for &goal in goals {
                    self.check(goal)?;
                }
                if !self.is_passable(start) {
                    ctx.stats = Stats::default();
                    return Ok(Status::Unreachable);
                }
                Ok(ctx.search_to_any_into(self, start, goals, options, path)?)
            }
            Goal::Matching(accepts) => {
                if closest {
                    return Err(HexError::Unsupported(Unsupported::ClosestPoint));
                }
                if !self.is_passable(start) {
                    ctx.stats = Stats::default();
                    return Ok(Status::Unreachable);
                }
                Ok(ctx.search_nearest_into(self, start, accepts, options, path)?)
            }
        }
    }
}

/// A hex search run a slice at a time ([`SlicedPathfinder`]): at most so many expansions per
/// call; resumed until done, it answers what the one-shot search answers.
///
/// ```
/// use pathkit::hex::{Hex, HexGrid, HexLayout};
/// use pathkit::search::{Progress, SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = HexGrid::new(HexLayout::OddQ, 20, 20)?;
/// let mut ctx = SearchContext::new();
/// let mut search = grid.start_path(&mut ctx, Hex::new(0, 0), Hex::new(10, 3), &SearchOptions::new())?;
/// let mut frames = 1;
/// while search.resume(4)? == Progress::Running {
///     frames += 1;
/// }
/// assert!(frames > 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SlicedPathfinder for HexGrid {
    type Pending<'c, 's> = PendingSearch<'c, 's, HexGrid, HexError>;
    type Parked = ParkedSearch<Hex, u64>;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<u64>,
        parked: ParkedSearch<Hex, u64>,
    ) -> Result<PendingSearch<'c, 's, HexGrid, HexError>, HexError> {
        Ok(ctx.resume_parked(self, parked)?)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<u64>,
        start: Hex,
        goal: Hex,
        options: &SearchOptions<u64>,
    ) -> Result<PendingSearch<'c, 's, HexGrid, HexError>, HexError> {
        let closest = options.when_unreachable == WhenUnreachable::ClosestPoint;
        let ends = self.check_ends(start, goal)?;
        if ends.worth_searching(closest) {
            Ok(ctx.start_search(self, start, goal, options)?)
        } else {
            Ok(PendingSearch::answered(ctx, Status::Unreachable))
        }
    }
}
