//! The front door's time-sliced search: start a search now, run it a few expansions per frame.
//!
//! A game cannot stall a frame on a long search. [`SlicedPathfinder::start_path`] sets a search
//! up without expanding anything; [`PendingPath::resume`] then expands at most a budget of nodes
//! per call (once per frame) until the search is done. Resumed until done, a search answers
//! exactly what [`Pathfinder::find_path_with`] answers, with the same counters, whatever the
//! budgets: the loop stops between two expansions and goes on from there.
//!
//! It is a trait of its own, beside [`Pathfinder`], because not every search can stop halfway:
//! the hierarchical grid (an abstract search, then one refinement per leg) and the navmesh's
//! any-angle search answer in one call. Every search on the best-first loop slices: grids, Jump
//! Point Search, JPS+, hex grids, level maps, and any space of your own through
//! [`AStar`](crate::search::AStar) (the GameplayKit graphs through their `space()`).
//!
//! ```
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::{Progress, SearchContext, SearchOptions};
//! use pathkit::{PendingPath, SlicedPathfinder};
//!
//! /// Any search that slices: the same code for grids, JPS, hex grids or your own space.
//! fn frames_to_answer<P: SlicedPathfinder>(finder: &P, ctx: &mut P::Context, start: P::Node, goal: P::Node) -> usize {
//!     let mut search = finder.start_path(ctx, start, goal, &SearchOptions::new()).ok().unwrap();
//!     let mut frames = 1;
//!     while let Ok(Progress::Running) = search.resume(5) {
//!         frames += 1;
//!     }
//!     frames
//! }
//!
//! let grid = Grid::new(30, 30)?;
//! let mut ctx = SearchContext::new();
//! assert!(frames_to_answer(&grid.four_connected(), &mut ctx, Cell::new(0, 0), Cell::new(29, 29)) > 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::search::{progress_of, Outcome, Progress, SearchOptions, Stats, Status};
use crate::Pathfinder;

/// A [`Pathfinder`] whose search can run a slice at a time.
///
/// A game cannot stall a frame on a long search. [`start_path`](Self::start_path) sets a search
/// up without expanding anything; [`PendingPath::resume`] then expands at most a budget of nodes
/// per call (once per frame) until the search is done. Resumed until done, a search answers
/// exactly what [`Pathfinder::find_path_with`] answers, with the same counters, whatever the
/// budgets.
///
/// It is a trait of its own because not every search can stop halfway: the hierarchical grid
/// and the navmesh's any-angle search answer in one call. Every search on the best-first loop
/// slices: grid spaces, Jump Point Search, JPS+, hex grids, level maps, and any space of your
/// own through [`AStar`](crate::search::AStar) (the GameplayKit graphs through their `space()`).
///
/// ```
/// use pathkit::hex::{Hex, HexGrid, HexLayout};
/// use pathkit::search::{Progress, SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let hexes = HexGrid::new(HexLayout::OddR, 12, 12)?;
/// let mut ctx = SearchContext::new();
/// let mut search = hexes.start_path(&mut ctx, Hex::new(0, 0), Hex::new(6, 5), &SearchOptions::new())?;
/// assert_eq!(search.resume(2)?, Progress::Running);
/// assert_eq!(search.stats().expanded, 2);
/// let path = search.resume(u64::MAX)?.done().unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 11);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SlicedPathfinder: Pathfinder {
    /// The search under way: it borrows the context and the searched value until dropped
    /// (dropping it abandons the search) or parked ([`PendingPath::park`]).
    type Pending<'c, 's>: PendingPath<
        Node = Self::Node,
        Cost = Self::Cost,
        Error = Self::Error,
        Parked = Self::Parked,
    >
    where
        Self: 's,
        Self::Context: 'c;

    /// A search set aside between slices ([`PendingPath::park`]): its own state, borrowing
    /// nothing, so that it can be kept where a borrow cannot (a game's component or resource)
    /// and taken up again with [`resume_parked`](Self::resume_parked).
    type Parked;

    /// Sets up the search from `start` to `goal` under `options`; nothing is expanded until
    /// [`PendingPath::resume`]. Answers known without searching (a walled end, a goal in
    /// another component) are there at the first `resume`.
    ///
    /// # Errors
    ///
    /// What [`Pathfinder::find_path_with`] refuses before searching: nodes outside the space,
    /// invalid or unsupported options, memory.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::search::SearchOptions;
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let jps = grid.jump_points(JpsMode::EIGHT);
    /// let mut ctx = JpsContext::new();
    /// let mut search = jps.start_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), &SearchOptions::new())?;
    /// let outcome = search.resume(u64::MAX)?.done().unwrap();
    /// assert_eq!(outcome.into_path().unwrap().cost, 7.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut Self::Context,
        start: Self::Node,
        goal: Self::Node,
        options: &SearchOptions<Self::Cost>,
    ) -> Result<Self::Pending<'c, 's>, Self::Error>;

    /// Takes up a search [parked](PendingPath::park) from this value's search with this
    /// context: it goes on exactly where it stopped, with the answer and counters it would have
    /// had unparked.
    ///
    /// # Errors
    ///
    /// A context another search has used since the search was parked (or a copy of the context
    /// taken before it was parked), or a searched value of another size: the search's records
    /// are not there; and for Jump Point Search, another kind of search (online or JPS+, other
    /// moves or path mode). The error is
    /// [`SearchError::StepperMismatch`](crate::search::SearchError::StepperMismatch), inside the
    /// search's own error type.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::new(40, 40)?;
    /// let space = grid.eight_connected();
    /// let mut ctx = SearchContext::new();
    /// let search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(39, 25), &SearchOptions::new())?;
    /// let mut parked = search.park(); // the context and the grid are free again
    /// let outcome = loop {
    ///     let mut search = space.resume_parked(&mut ctx, parked)?;
    ///     match search.resume(10)? {
    ///         Progress::Done(outcome) => break outcome,
    ///         Progress::Running => parked = search.park(),
    ///     }
    /// };
    /// assert_eq!(outcome.into_path().unwrap().nodes.len(), 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut Self::Context,
        parked: Self::Parked,
    ) -> Result<Self::Pending<'c, 's>, Self::Error>;
}

/// A search under way, made by [`SlicedPathfinder::start_path`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{Progress, SearchContext, SearchOptions, Status};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::new(6, 6)?;
/// let space = grid.eight_connected();
/// let mut ctx = SearchContext::new();
/// let mut path = Vec::new();
/// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(5, 5), &SearchOptions::new())?;
/// let status = loop {
///     if let Progress::Done(status) = search.resume_into(2, &mut path)? {
///         break status;
///     }
/// };
/// assert!(search.is_done());
/// assert!(matches!(status, Status::Found { .. }));
/// assert_eq!(path.len(), 6); // the diagonal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait PendingPath {
    /// A node of the searched space.
    type Node;
    /// The cost of a path.
    type Cost;
    /// What the search can fail with (the one-shot search's error).
    type Error;
    /// The search set aside by [`park`](Self::park).
    type Parked;

    /// Sets the search aside, freeing the context and the searched value: the parked search
    /// owns its state and borrows nothing, so a game can keep it between frames (in a component
    /// or a resource) and take it up with [`SlicedPathfinder::resume_parked`] on the same
    /// context and value. Another search on the context in between loses it (taking it up is
    /// then an error, never a wrong answer).
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let hexes = HexGrid::new(HexLayout::OddR, 12, 12)?;
    /// let mut ctx = SearchContext::new();
    /// let mut search = hexes.start_path(&mut ctx, Hex::new(0, 0), Hex::new(6, 5), &SearchOptions::new())?;
    /// let _ = search.resume(3)?;
    /// let parked = search.park();
    /// let mut search = hexes.resume_parked(&mut ctx, parked)?;
    /// assert_eq!(search.stats().expanded, 3);
    /// let path = search.resume(u64::MAX)?.done().unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn park(self) -> Self::Parked;

    /// Runs at most `steps` more expansions, writing the path into `path` (reusing its
    /// capacity) once the search is over: allocation-free once warm. Every call after the end
    /// answers the same.
    ///
    /// # Errors
    ///
    /// The errors the one-shot search meets while searching (an invalid cost, an overflow);
    /// every later call returns the same error.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions, Status};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::new(5, 1)?;
    /// let mut ctx = SearchContext::new();
    /// let space = grid.four_connected();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0), &SearchOptions::new())?;
    /// let mut path = Vec::new();
    /// while search.resume_into(1, &mut path)? == Progress::Running {}
    /// assert_eq!(search.resume_into(1, &mut path)?, Progress::Done(Status::Found { cost: 4 }));
    /// assert_eq!(path.len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<Self::Node>,
    ) -> Result<Progress<Status<Self::Cost>>, Self::Error>;

    /// [`resume_into`](Self::resume_into) answering the path as an [`Outcome`].
    ///
    /// # Errors
    ///
    /// As [`resume_into`](Self::resume_into).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{Progress, SearchContext, SearchOptions};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....")?;
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 1), Cell::new(3, 1), &SearchOptions::new())?;
    /// assert_eq!(search.resume(1)?, Progress::Running);
    /// let outcome = search.resume(1000)?.done().unwrap();
    /// assert_eq!(outcome.into_path().unwrap().cost, 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::type_complexity)] // The answer of `resume_into`, with the path in it.
    fn resume(
        &mut self,
        steps: u64,
    ) -> Result<Progress<Outcome<Self::Node, Self::Cost>>, Self::Error> {
        progress_of(|path| self.resume_into(steps, path))
    }

    /// The counters so far (the one-shot search's, once done).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::new(10, 1)?;
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// let mut search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(9, 0), &SearchOptions::new())?;
    /// let _ = search.resume(3)?;
    /// assert_eq!(search.stats().expanded, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn stats(&self) -> Stats;

    /// `true` once the search is over.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{SearchContext, SearchOptions};
    /// use pathkit::{PendingPath, SlicedPathfinder};
    ///
    /// let grid = Grid::from_ascii("..#..")?;
    /// let space = grid.four_connected();
    /// let mut ctx = SearchContext::new();
    /// // The goal is in another component: answered before any expansion.
    /// let search = space.start_path(&mut ctx, Cell::new(0, 0), Cell::new(4, 0), &SearchOptions::new())?;
    /// assert!(search.is_done());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn is_done(&self) -> bool;
}
