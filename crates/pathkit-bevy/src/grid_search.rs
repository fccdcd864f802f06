//! How a [`GridMap`](crate::GridMap) is searched: the grid's own A* (its fast loop), Jump Point
//! Search, or JPS+; and the search state budgeted planning keeps between frames.

use crate::nav_map::{Answer, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::terrain_rules::TerrainRules;
use pathkit::grid::{Cell, GridSpace, ParkedGridSearch};
use pathkit::jps::{JpsContext, JpsPlus, JumpPoints, ParkedJpsSearch};
use pathkit::search::{Progress, SearchContext, SearchOptions, Status};
use pathkit::{PendingPath, SlicedPathfinder};
use std::fmt::Display;

/// The search a [`GridMap`](crate::GridMap) answers requests with. All three answer shortest
/// paths listing every cell; they differ in speed and in the maps they take. A request with
/// [`TerrainRules`] of its own is searched by A* whatever the engine.
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{search_to_end, GridEngine, GridMap, PathRequest};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let request = PathRequest::new(Cell::new(0, 1), Cell::new(5, 1));
/// for engine in [GridEngine::AStar, GridEngine::JumpPoints, GridEngine::JpsPlus] {
///     let map = GridMap::new(grid.clone(), Diagonal::NoCornerCutting).with_engine(engine);
///     let (cells, cost) = search_to_end(&map, &mut Default::default(), &request)?;
///     assert_eq!((cells.len(), cost), (8, 7.0)); // round the wall: no corner is cut
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub enum GridEngine {
    /// A* on the grid's fast loop: any diagonal rule, terrain weights.
    #[default]
    AStar,
    /// Online Jump Point Search: far fewer expansions on open maps. Grids whose open cells all
    /// weigh the same, 8-connected without corner cutting or 4-connected ([`Diagonal::Never`](pathkit::grid::Diagonal::Never));
    /// other maps fail their requests with [`PathFailure::Refused`] and the search's reason.
    JumpPoints,
    /// JPS+: Jump Point Search over a table of jump distances, built by
    /// [`GridMap::with_engine`](crate::GridMap::with_engine) and updated in place when a wall is
    /// built or knocked down (shared by every snapshot of a version of the map). Uniform grids,
    /// 8-connected without corner cutting.
    JpsPlus,
}

/// The memory a [`GridMap`](crate::GridMap)'s searches reuse, one per thread: the grid search's
/// and Jump Point Search's.
#[derive(Clone, Debug, Default)]
pub struct GridContext {
    grid: SearchContext<f64>,
    jps: JpsContext,
}

impl GridContext {
    /// The closed indices of the last search, Jump Point Search's (`jps`) or the grid's.
    pub(crate) fn closed_indices(&self, jps: bool) -> Vec<usize> {
        if jps {
            self.jps.closed_indices().collect()
        } else {
            self.grid.closed_indices().collect()
        }
    }
}

/// A [`GridMap`](crate::GridMap) search under way, parked between frames
/// ([`PendingPath::park`]), with the rules it searches under.
#[derive(Clone, Debug)]
pub struct GridSearch {
    parked: Option<Parked>,
    rules: TerrainRules,
}

impl GridSearch {
    /// The rules the search runs under.
    pub(crate) fn rules(&self) -> &TerrainRules {
        &self.rules
    }

    /// The same search, recorded as running under `rules`.
    pub(crate) fn under(mut self, rules: &TerrainRules) -> Self {
        self.rules = rules.clone();
        self
    }
}

#[derive(Clone, Debug)]
enum Parked {
    Grid(ParkedGridSearch<f64>),
    Jps(ParkedJpsSearch),
}

/// What a grid map searches with, borrowed for one call.
pub(crate) enum Finder<'a> {
    Grid(GridSpace<'a, f64>),
    Ruled(GridSpace<'a, f64, crate::grid_map::AgentRules>),
    Jps(JumpPoints<'a>),
    Plus(&'a JpsPlus),
}

impl Finder<'_> {
    /// Sets up a search from `start` to `goal` after the finder's own check of the ends.
    pub(crate) fn start(
        &self,
        ctx: &mut GridContext,
        start: Cell,
        goal: Cell,
    ) -> Result<GridSearch, PathFailure> {
        let options = SearchOptions::new();
        let parked = match self {
            Finder::Grid(space) => {
                space_search::check_ends(space, start, goal)?;
                let pending = space.start_path(&mut ctx.grid, start, goal, &options);
                Parked::Grid(refused(pending)?.park())
            }
            Finder::Ruled(space) => {
                space_search::check_ends(space, start, goal)?;
                let pending = space.start_path(&mut ctx.grid, start, goal, &options);
                Parked::Grid(refused(pending)?.park())
            }
            Finder::Jps(jps) => {
                space_search::check_ends(jps, start, goal)?;
                let pending = jps.start_path(&mut ctx.jps, start, goal, &options);
                Parked::Jps(refused(pending)?.park())
            }
            Finder::Plus(plus) => {
                space_search::check_ends(*plus, start, goal)?;
                let pending = plus.start_path(&mut ctx.jps, start, goal, &options);
                Parked::Jps(refused(pending)?.park())
            }
        };
        Ok(GridSearch {
            parked: Some(parked),
            rules: TerrainRules::new(),
        })
    }

    /// Runs at most `budget` more expansions of `search`, parking it again if it is not done.
    pub(crate) fn resume(
        &self,
        ctx: &mut GridContext,
        search: &mut GridSearch,
        budget: u64,
    ) -> Resumed<Cell> {
        let Some(parked) = search.parked.take() else {
            return failed(PathFailure::Refused(
                "the search was already answered".into(),
            ));
        };
        match (self, parked) {
            (Finder::Grid(space), Parked::Grid(p)) => {
                slice(space.resume_parked(&mut ctx.grid, p), budget, |p| {
                    search.parked = Some(Parked::Grid(p))
                })
            }
            (Finder::Ruled(space), Parked::Grid(p)) => {
                slice(space.resume_parked(&mut ctx.grid, p), budget, |p| {
                    search.parked = Some(Parked::Grid(p))
                })
            }
            (Finder::Jps(jps), Parked::Jps(p)) => {
                slice(jps.resume_parked(&mut ctx.jps, p), budget, |p| {
                    search.parked = Some(Parked::Jps(p))
                })
            }
            (Finder::Plus(plus), Parked::Jps(p)) => {
                slice(plus.resume_parked(&mut ctx.jps, p), budget, |p| {
                    search.parked = Some(Parked::Jps(p))
                })
            }
            _ => failed(PathFailure::Refused(
                "the map's search engine changed under a search".into(),
            )),
        }
    }
}

/// The failure of a search the finder refused to start.
fn refused<T, E: Display>(started: Result<T, E>) -> Result<T, PathFailure> {
    started.map_err(|e| PathFailure::Refused(e.to_string()))
}

/// A search over at once, with `failure`.
fn failed(failure: PathFailure) -> Resumed<Cell> {
    Resumed {
        expanded: 0,
        answer: Some(Err(failure)),
    }
}

/// One slice of a search taken up from its parked state: at most `budget` expansions, then
/// `park` is given the search again if it is not over.
fn slice<P, E>(taken_up: Result<P, E>, budget: u64, park: impl FnOnce(P::Parked)) -> Resumed<Cell>
where
    P: PendingPath<Node = Cell, Cost = f64, Error = E>,
    E: Display,
{
    let mut pending = match taken_up {
        Ok(pending) => pending,
        Err(e) => return failed(PathFailure::Refused(e.to_string())),
    };
    let before = pending.stats().expanded;
    let mut path = Vec::new();
    let progress = pending.resume_into(budget, &mut path);
    let expanded = pending.stats().expanded - before;
    let answer: Option<Answer<Cell>> = match progress {
        Ok(Progress::Running) => {
            park(pending.park());
            None
        }
        Ok(Progress::Done(Status::Found { cost })) => Some(Ok((path, cost))),
        Ok(Progress::Done(_)) => Some(Err(PathFailure::Unreachable)),
        Err(e) => Some(Err(PathFailure::Refused(e.to_string()))),
    };
    Resumed { expanded, answer }
}
