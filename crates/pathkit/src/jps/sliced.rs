//! [`PendingJpsSearch`]: Jump Point Search and JPS+ run a slice at a time.

use super::context::{check_query, Checked, Expander, JumpExpansion};
use super::four::Online4;
use super::jump::Online8;
use super::plus::PlusRays;
use super::{JpsContext, JpsError, JpsPlus, JpsPlusPaths, JumpPoints, PathMode};
use crate::grid::{Cell, Diagonal, Grid};
use crate::search::{
    begin, finish_path, next_ticket, AtIndex, Progress, SearchError, SearchOptions, Slices, Stats,
    Status, TieBreak, TrustedSliced, WhenUnreachable,
};
use crate::{PendingPath, SlicedPathfinder, Unsupported};

/// The successor generation of a pending search.
enum Rays<'g> {
    Eight(Online8<'g>),
    Four(Online4<'g>),
    Plus(PlusRays<'g>),
}

impl Rays<'_> {
    /// Which successor generation this is, as a parked search remembers it.
    fn kind(&self) -> RayKind {
        match self {
            Rays::Eight(_) => RayKind::Eight,
            Rays::Four(_) => RayKind::Four,
            Rays::Plus(_) => RayKind::Plus,
        }
    }
}

/// The successor generation of a parked search: it is taken up only by the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RayKind {
    Eight,
    Four,
    Plus,
}

/// Where a pending search stands.
#[derive(Clone, Debug)]
enum State {
    /// Answered without searching (`start == goal` is the path `[start]`).
    Answered(Status<f64>, Cell),
    /// Searching.
    Searching(Slices<Cell, f64, TrustedSliced>),
}

/// A Jump Point Search or JPS+ query run a slice at a time: made by the
/// [`SlicedPathfinder::start_path`] of [`JumpPoints`], [`JpsPlus`] or [`JpsPlusPaths`], advanced
/// by [`resume`](PendingPath::resume). A step is the expansion of one jump point (with all the scanning it
/// takes), so budgets are far smaller than A*'s for the same map. Resumed until done, it answers
/// exactly what [`JumpPoints`](super::JumpPoints) (or [`JpsPlus`]) answers, with the same
/// counters, whatever the budgets. It holds the context and the grid (or table) until dropped.
///
/// # In a game
///
/// Call `resume(20)` once per frame until [`Progress::Done`]:
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode};
/// use pathkit::search::{Progress, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
/// let mut ctx = JpsContext::new();
/// let jps = grid.jump_points(JpsMode::EIGHT);
/// let mut search = jps.start_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), &SearchOptions::new()).unwrap();
/// let path = loop {
///     if let Progress::Done(outcome) = search.resume(1).unwrap() {
///         break outcome.into_path().unwrap();
///     }
/// };
/// assert_eq!(path.cost, 7.0);
/// ```
#[must_use = "nothing is searched until `resume` is called"]
pub struct PendingJpsSearch<'c, 'g> {
    ctx: &'c mut JpsContext,
    rays: Rays<'g>,
    width: u32,
    /// The grid's cell count.
    cells: usize,
    goal: Cell,
    mode: PathMode,
    state: State,
}

/// A [`PendingJpsSearch`] set aside by [`PendingPath::park`]: the loop's state, the goal and the
/// path mode, borrowing nothing. Take it up with the
/// [`resume_parked`](SlicedPathfinder::resume_parked) of the same kind of search (online JPS with
/// the same moves, or JPS+) on the same grid, with the context it ran on.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode, JpsPlus};
/// use pathkit::search::{Progress, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let jps = grid.jump_points(JpsMode::EIGHT);
/// let mut ctx = JpsContext::new();
/// let mut search = jps.start_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), &SearchOptions::new())?;
/// let _ = search.resume(1)?;
/// let parked = search.park();
/// // JPS+ on the same grid is another search: it does not take up online JPS's.
/// let plus = JpsPlus::new(grid.clone())?;
/// assert!(plus.resume_parked(&mut ctx, parked.clone()).is_err());
/// let mut search = jps.resume_parked(&mut ctx, parked)?;
/// let Progress::Done(outcome) = search.resume(u64::MAX)? else { unreachable!() };
/// assert_eq!(outcome.into_path().unwrap().cost, 7.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParkedJpsSearch {
    kind: RayKind,
    goal: Cell,
    mode: PathMode,
    state: State,
    /// The context's ticket when parked.
    ticket: u64,
    /// The grid's width and cell count.
    size: (u32, usize),
}

impl PendingPath for PendingJpsSearch<'_, '_> {
    type Node = Cell;
    type Cost = f64;
    type Error = JpsError;
    type Parked = ParkedJpsSearch;

    fn park(self) -> ParkedJpsSearch {
        // A copy of the context taken before now has records this search no longer matches.
        let ticket = next_ticket();
        self.ctx.records.ticket = ticket;
        ParkedJpsSearch {
            kind: self.rays.kind(),
            goal: self.goal,
            mode: self.mode,
            state: self.state,
            ticket,
            size: (self.width, self.cells),
        }
    }

    fn resume_into(
        &mut self,
        steps: u64,
        path: &mut Vec<Cell>,
    ) -> Result<Progress<Status<f64>>, JpsError> {
        let slices = match &mut self.state {
            State::Answered(status, start) => {
                path.clear();
                if status.is_found() {
                    path.push(*start);
                }
                return Ok(Progress::Done(*status));
            }
            State::Searching(slices) => slices,
        };
        let (ctx, goal, mode, width) = (&mut *self.ctx, self.goal, self.mode, self.width);
        let end = match &self.rays {
            Rays::Eight(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
            Rays::Four(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
            Rays::Plus(e) => slice(ctx, slices, e, (width, goal, mode), steps, path),
        }?;
        Ok(end.map_or(Progress::Running, Progress::Done))
    }

    fn stats(&self) -> Stats {
        match &self.state {
            State::Answered(..) => Stats::default(),
            State::Searching(slices) => slices.stats(),
        }
    }

    fn is_done(&self) -> bool {
        match &self.state {
            State::Answered(..) => true,
            State::Searching(slices) => slices.is_over(),
        }
    }
}

/// One slice of a search by `expander`; the status, once over, with the path in `path`.
fn slice<E: Expander>(
    ctx: &mut JpsContext,
    slices: &mut Slices<Cell, f64, TrustedSliced>,
    expander: &E,
    (width, goal, mode): (u32, Cell, PathMode),
    steps: u64,
    path: &mut Vec<Cell>,
) -> Result<Option<Status<f64>>, JpsError> {
    let policy = JumpExpansion::new(expander, width, goal, mode);
    let target = AtIndex(policy.index(goal));
    let end = slices.resume(&mut ctx.records, &mut ctx.open, &policy, &target, steps);
    ctx.stats = slices.stats();
    Ok(end?.map(|finish| finish_path(&mut ctx.records, &policy, finish, path)))
}

/// Starts a search by `expander` on a grid of `width` and `cells`, after [`check_query`].
fn start<E: Expander>(
    ctx: &mut JpsContext,
    expander: &E,
    (width, cells): (u32, usize),
    (start, goal, mode): (Cell, Cell, PathMode),
) -> Result<State, JpsError> {
    ctx.records
        .new_generation(cells)
        .map_err(JpsError::Refused)?;
    let policy = JumpExpansion::new(expander, width, goal, mode);
    let run = begin(
        &mut ctx.records,
        &mut ctx.open,
        &policy,
        TrustedSliced,
        TieBreak::LargerG,
        None,
        (policy.index(start), start),
    )?;
    ctx.stats = run.stats;
    Ok(State::Searching(Slices::new(run)))
}

/// A pending search on `grid` by `rays`, or its answer when [`check_query`] gives one.
fn pending<'c, 'g>(
    ctx: &'c mut JpsContext,
    grid: &Grid,
    rays: Rays<'g>,
    (from, goal): (Cell, Cell),
    connectivity: Diagonal,
    mode: PathMode,
) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
    ctx.stats = Stats::default();
    let sizes = (grid.width(), grid.len());
    let ends = (from, goal, mode);
    let state = match check_query(grid, from, goal, connectivity, &mut ctx.cells)? {
        Checked::Done(status) => State::Answered(status, from),
        Checked::Search => match &rays {
            Rays::Eight(e) => start(ctx, e, sizes, ends)?,
            Rays::Four(e) => start(ctx, e, sizes, ends)?,
            Rays::Plus(e) => start(ctx, e, sizes, ends)?,
        },
    };
    Ok(PendingJpsSearch {
        ctx,
        rays,
        width: grid.width(),
        cells: grid.len(),
        goal,
        mode,
        state,
    })
}

/// Takes up `parked` on `grid` with `rays` and `mode`, after checking that they, the grid's size
/// and the context are those it was parked with.
fn unpark<'c, 'g>(
    ctx: &'c mut JpsContext,
    grid: &Grid,
    rays: Rays<'g>,
    mode: PathMode,
    parked: ParkedJpsSearch,
) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
    let same_search = parked.kind == rays.kind()
        && parked.mode == mode
        && parked.size == (grid.width(), grid.len());
    let searching = matches!(parked.state, State::Searching(_));
    if !same_search || (searching && ctx.records.ticket != parked.ticket) {
        return Err(JpsError::Search(SearchError::StepperMismatch));
    }
    ctx.stats = match &parked.state {
        State::Answered(..) => Stats::default(),
        State::Searching(slices) => slices.stats(),
    };
    Ok(PendingJpsSearch {
        ctx,
        rays,
        width: grid.width(),
        cells: grid.len(),
        goal: parked.goal,
        mode,
        state: parked.state,
    })
}

/// The one goal a sliced Jump Point Search answers, once `options` are ones it can: the
/// default options (the closest point to an unreachable goal is not sliced).
fn sliced_request(options: &SearchOptions<f64>) -> Result<(), JpsError> {
    if options.when_unreachable == WhenUnreachable::ClosestPoint {
        return Err(JpsError::Unsupported(Unsupported::ClosestPoint));
    }
    Unsupported::check_plain(options, true).map_err(JpsError::Unsupported)
}

/// Online Jump Point Search a slice at a time ([`SlicedPathfinder`]): a step is the expansion of
/// one jump point (with all the scanning it takes), so budgets are far smaller than A*'s for the
/// same map. It takes the options [`JumpPoints`]' one-shot search takes for one goal, except the
/// closest point ([`JpsError::Unsupported`]).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsError, JpsMode};
/// use pathkit::search::{SearchOptions, WhenUnreachable};
/// use pathkit::{PendingPath, SlicedPathfinder, Unsupported};
///
/// let grid = Grid::new(50, 50)?;
/// let mut ctx = JpsContext::new();
/// let jps = grid.jump_points(JpsMode::FOUR);
/// let mut search = jps.start_path(&mut ctx, Cell::new(0, 0), Cell::new(49, 20), &SearchOptions::new())?;
/// let outcome = search.resume(u64::MAX)?.done().unwrap();
/// assert_eq!(outcome.path().unwrap().cost, 69.0);
///
/// // The closest point is answered by the one-shot search only.
/// let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
/// let refused = jps.start_path(&mut ctx, Cell::new(0, 0), Cell::new(49, 20), &closest);
/// assert!(matches!(refused, Err(JpsError::Unsupported(Unsupported::ClosestPoint))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'g> SlicedPathfinder for JumpPoints<'g> {
    type Pending<'c, 's>
        = PendingJpsSearch<'c, 'g>
    where
        Self: 's;
    type Parked = ParkedJpsSearch;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        parked: ParkedJpsSearch,
    ) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
        let (grid, mode) = (self.grid(), self.mode());
        unpark(ctx, grid, self.rays()?, mode.path, parked)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<f64>,
    ) -> Result<PendingJpsSearch<'c, 'g>, JpsError> {
        sliced_request(options)?;
        let mode = self.mode();
        pending(
            ctx,
            self.grid(),
            self.rays()?,
            (start, goal),
            mode.moves,
            mode.path,
        )
    }
}

impl<'g> JumpPoints<'g> {
    /// The successor generation of this search's moves.
    fn rays(&self) -> Result<Rays<'g>, JpsError> {
        let grid = self.grid();
        match self.mode().moves {
            Diagonal::NoCornerCutting => Ok(Rays::Eight(Online8::new(grid))),
            Diagonal::Never => Ok(Rays::Four(Online4::new(grid))),
            moves => Err(JpsError::UnsupportedMoves { moves }),
        }
    }
}

/// JPS+ a slice at a time ([`SlicedPathfinder`]), listing every cell of a path; as
/// [`JumpPoints`]' sliced search.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsPlus};
/// use pathkit::search::SearchOptions;
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let plus = JpsPlus::new(Grid::from_ascii("......\n.####.\n......")?)?;
/// let mut ctx = JpsContext::new();
/// let mut search = plus.start_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1), &SearchOptions::new())?;
/// let mut frames = 0;
/// while !search.resume(1)?.is_done() {
///     frames += 1;
/// }
/// assert!(frames >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SlicedPathfinder for JpsPlus {
    type Pending<'c, 's> = PendingJpsSearch<'c, 's>;
    type Parked = ParkedJpsSearch;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        parked: ParkedJpsSearch,
    ) -> Result<PendingJpsSearch<'c, 's>, JpsError> {
        self.paths(PathMode::Cells).resume_parked(ctx, parked)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<f64>,
    ) -> Result<PendingJpsSearch<'c, 's>, JpsError> {
        self.paths(PathMode::Cells)
            .start_path(ctx, start, goal, options)
    }
}

/// JPS+ a slice at a time ([`SlicedPathfinder`]), listing paths as the [`PathMode`] given to
/// [`JpsPlus::paths`] says.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsPlus, PathMode};
/// use pathkit::search::SearchOptions;
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let plus = JpsPlus::new(Grid::new(20, 20)?)?;
/// let mut ctx = JpsContext::new();
/// let turns = plus.paths(PathMode::JumpPoints);
/// let mut search = turns.start_path(&mut ctx, Cell::new(0, 0), Cell::new(19, 0), &SearchOptions::new())?;
/// let path = search.resume(u64::MAX)?.done().unwrap().into_path().unwrap();
/// assert_eq!(path.nodes, [Cell::new(0, 0), Cell::new(19, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'a> SlicedPathfinder for JpsPlusPaths<'a> {
    type Pending<'c, 's>
        = PendingJpsSearch<'c, 'a>
    where
        Self: 's;
    type Parked = ParkedJpsSearch;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        parked: ParkedJpsSearch,
    ) -> Result<PendingJpsSearch<'c, 'a>, JpsError> {
        let plus = self.plus;
        let rays = Rays::Plus(PlusRays { plus });
        unpark(ctx, plus.grid(), rays, self.mode, parked)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut JpsContext,
        start: Cell,
        goal: Cell,
        options: &SearchOptions<f64>,
    ) -> Result<PendingJpsSearch<'c, 'a>, JpsError> {
        sliced_request(options)?;
        let plus = self.plus;
        let rays = Rays::Plus(PlusRays { plus });
        pending(
            ctx,
            plus.grid(),
            rays,
            (start, goal),
            Diagonal::NoCornerCutting,
            self.mode,
        )
    }
}
