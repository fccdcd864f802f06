//! [`LevelSpace`]: a level map as a search space, with an estimate that stays admissible and
//! consistent through stairs and teleporters.

use super::{LevelError, LevelMap, Place};
use crate::grid::{Diagonal, GridSpace};
use crate::limits;
use crate::pathfinder::{core_check_ends, core_search_into, core_start_path};
use crate::search::{
    IndexedSpace, ParkedSearch, PendingSearch, SearchContext, SearchError, SearchOptions,
    SearchSpace, Status,
};
use crate::{Ends, Goal, Pathfinder, SlicedPathfinder};

/// One usable way off a cell through a portal (a two-way portal gives one each way).
#[derive(Clone, Copy, Debug)]
struct Exit {
    /// Row-major index of the cell left, on its floor.
    from_index: usize,
    /// The cell left.
    from: Place,
    /// Where the portal leads.
    to: Place,
    /// What taking it costs.
    cost: f64,
}

/// The estimate for a node from whose floor no usable portal leads and that is not on the goal's
/// floor: the goal cannot be reached from it, so any number is a lower bound. Far below
/// `f64::MAX`, so that adding a path cost to it stays finite.
const NO_WAY_ESTIMATE: f64 = f64::MAX / 4.0;

/// A [`LevelMap`] as a graph: [`Place`]s are nodes; a place's moves are its floor's grid moves,
/// priced as [`GridSpace`] prices them (base cost times the weight of the cell entered, under the
/// diagonal rule), then the portals in service that leave its cell, in the order they were added.
///
/// A portal is taken only when both its ends are open cells: a walled start has no moves at all,
/// as on a grid.
///
/// # The estimate
///
/// The straight-line distance to the goal is no lower bound once a teleporter may carry a path
/// across the map for little. The estimate here is, for a place `n` and a goal `g`:
///
/// ```text
/// h(n) = min( d(n, g)               if n and g are on the same floor,
///             d(n, p.from) + p.cost for every usable portal p leaving n's floor )
/// ```
///
/// where `d` is the floor's own grid estimate (octile for the 8-connected defaults, Manhattan for
/// 4-connected moves, scaled by the floor's lightest weight): a lower bound of every walk that
/// stays on that floor. It is *admissible*: a path from `n` to `g` either stays on `n`'s floor
/// and takes no portal, and then costs at least `d(n, g)`, or takes a first portal `p`, which
/// leaves from `n`'s floor; the walk to it costs at least `d(n, p.from)` and the portal `p.cost`,
/// and what follows is not negative. It is *consistent*: along a floor move `n -> m` of cost `c`,
/// each term drops by at most `c` because `d` itself is consistent (the grid estimates are), so
/// their minimum does too; across a portal `q` leaving `n`, `h(n) <= d(n, q.from) + q.cost =
/// q.cost <= q.cost + h(m)`. So A* with it is optimal without reopening nodes.
///
/// A node on another floor than the goal, from whose floor no usable portal leads, cannot reach
/// the goal; its estimate is a huge finite number, so the search looks there last.
///
/// Each estimate looks at every usable portal leaving the node's floor, so its cost grows with
/// that count. For many portals, or mazes where the distance is a poor guide, landmarks
/// ([`Landmarks`](crate::search::Landmarks), [`IndexedSpace::with_landmarks`]) work on this space
/// as on any other.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelMap, Place, Portal};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A teleporter from the left end of a long corridor to its right end.
/// let mut map = LevelMap::new(vec![Grid::new(40, 1)?])?;
/// map.add_portal(Portal { from: Place::new(0, 0, 0), to: Place::new(0, 39, 0), cost: 1.0, two_way: false })?;
/// let space = map.eight_connected()?;
/// // The distance alone (39) would overestimate: the teleporter makes it 1.
/// assert_eq!(space.estimate(Place::new(0, 0, 0), Place::new(0, 39, 0)), 1.0);
/// let path = space.find_path(&mut SearchContext::new(), Place::new(0, 0, 0), Place::new(0, 39, 0))?;
/// assert_eq!(path.into_path().unwrap().nodes, [Place::new(0, 0, 0), Place::new(0, 39, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "a space does nothing until it is searched"]
pub struct LevelSpace<'m> {
    map: &'m LevelMap,
    floors: Vec<GridSpace<'m, f64>>,
    /// Node index of each floor's first cell, then the total: `floors.len() + 1` entries.
    offsets: Vec<usize>,
    /// By floor: the usable exits from its cells, sorted by cell (then in portal order).
    exits: Vec<Vec<Exit>>,
}

impl LevelMap {
    /// The map searched 8-connected under the Moving AI rules on every floor, as
    /// [`Grid::eight_connected`](crate::grid::Grid::eight_connected): no corner cutting, straight
    /// moves 1 and diagonal ones √2, times the weight of the cell entered.
    ///
    /// The space is a snapshot: it holds the portals in service now. Building it allocates a table
    /// of them, refused with [`LevelError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge) or
    /// [`OutOfMemory`](crate::limits::Refusal::OutOfMemory)).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let map = LevelMap::new(vec![Grid::new(3, 3)?])?;
    /// let path = map.eight_connected()?.find_path(&mut SearchContext::new(), Place::new(0, 0, 0), Place::new(0, 2, 2))?;
    /// assert_eq!(path.into_path().unwrap().cost, 2.0 * std::f64::consts::SQRT_2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eight_connected(&self) -> Result<LevelSpace<'_>, LevelError> {
        self.space(Diagonal::NoCornerCutting, 1.0, std::f64::consts::SQRT_2)
    }

    /// The map searched 4-connected on every floor, each move costing 1 times the weight of the
    /// cell entered.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let map = LevelMap::new(vec![Grid::new(3, 3)?])?;
    /// let path = map.four_connected()?.find_path(&mut SearchContext::new(), Place::new(0, 0, 0), Place::new(0, 2, 2))?;
    /// assert_eq!(path.into_path().unwrap().cost, 4.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn four_connected(&self) -> Result<LevelSpace<'_>, LevelError> {
        self.space(Diagonal::Never, 1.0, 1.0)
    }

    /// The map searched with this diagonal rule and these base move costs on every floor, as
    /// [`Grid::space`](crate::grid::Grid::space) takes them (finite and positive, else
    /// [`LevelError::Grid`]).
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::levels::{LevelError, LevelMap, Place};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let map = LevelMap::new(vec![Grid::from_ascii("..\n#.")?])?;
    /// let space = map.space(Diagonal::CornerCutting, 10.0, 14.0)?;
    /// let path = space.find_path(&mut SearchContext::new(), Place::new(0, 0, 0), Place::new(0, 1, 1))?;
    /// assert_eq!(path.into_path().unwrap().cost, 14.0); // past the wall's corner
    /// assert!(matches!(map.space(Diagonal::Always, 0.0, 1.0), Err(LevelError::Grid(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn space(
        &self,
        diagonal: Diagonal,
        straight: f64,
        diagonal_cost: f64,
    ) -> Result<LevelSpace<'_>, LevelError> {
        let count = self.floors().len();
        let mut floors = limits::try_with_capacity(count).map_err(LevelError::Refused)?;
        for grid in self.floors() {
            floors.push(grid.space(diagonal, straight, diagonal_cost)?);
        }
        let mut offsets = limits::try_with_capacity(count + 1).map_err(LevelError::Refused)?;
        let mut total = 0usize;
        offsets.push(0);
        for grid in self.floors() {
            total = total.saturating_add(grid.len());
            offsets.push(total);
        }
        // Count the exits of each floor first, so each table is allocated once, checked.
        let mut counts = limits::try_filled(count, 0usize).map_err(LevelError::Refused)?;
        self.each_exit(|e| counts[e.from.floor as usize] += 1);
        let all: usize = counts.iter().sum();
        limits::check(limits::bytes_of::<Exit>(all as u64)).map_err(LevelError::Refused)?;
        let mut exits: Vec<Vec<Exit>> =
            limits::try_with_capacity(count).map_err(LevelError::Refused)?;
        for &n in &counts {
            exits.push(limits::try_with_capacity(n).map_err(LevelError::Refused)?);
        }
        self.each_exit(|e| exits[e.from.floor as usize].push(e));
        for list in &mut exits {
            // Stable: portals leaving one cell keep the order they were added in.
            list.sort_by_key(|e| e.from_index);
        }
        Ok(LevelSpace {
            map: self,
            floors,
            offsets,
            exits,
        })
    }

    /// Calls `visit` with every usable exit: a portal in service, both ends open, each way it goes.
    fn each_exit(&self, mut visit: impl FnMut(Exit)) {
        for (_, p, enabled) in self.portals() {
            if !enabled || !self.is_open(p.from) || !self.is_open(p.to) {
                continue;
            }
            let ways = if p.two_way {
                [Some((p.from, p.to)), Some((p.to, p.from))]
            } else {
                [Some((p.from, p.to)), None]
            };
            for (from, to) in ways.into_iter().flatten() {
                if let Some(from_index) = self.cell_index(from) {
                    visit(Exit {
                        from_index,
                        from,
                        to,
                        cost: p.cost,
                    });
                }
            }
        }
    }
}

impl<'m> LevelSpace<'m> {
    /// The map this space was taken from.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::LevelMap;
    ///
    /// let map = LevelMap::new(vec![Grid::new(2, 2)?])?;
    /// assert_eq!(map.four_connected()?.map().floor_count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn map(&self) -> &'m LevelMap {
        self.map
    }

    /// The estimate of the cheapest cost from `node` to `goal` (see [the estimate](LevelSpace#the-estimate)):
    /// the [`heuristic`](SearchSpace::heuristic) A* uses.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::levels::{LevelMap, Place, Portal};
    ///
    /// let mut map = LevelMap::new(vec![Grid::new(5, 1)?, Grid::new(5, 1)?])?;
    /// map.add_portal(Portal { from: Place::new(0, 4, 0), to: Place::new(1, 4, 0), cost: 3.0, two_way: true })?;
    /// let space = map.four_connected()?;
    /// // To the stairs (4 steps), up them (3): at least 7 to anywhere upstairs.
    /// assert_eq!(space.estimate(Place::new(0, 0, 0), Place::new(1, 0, 0)), 7.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn estimate(&self, node: Place, goal: Place) -> f64 {
        let Some(floor) = self.floors.get(node.floor as usize) else {
            return 0.0;
        };
        let mut best = if node.floor == goal.floor {
            floor.heuristic(node.cell, goal.cell)
        } else {
            NO_WAY_ESTIMATE
        };
        for exit in &self.exits[node.floor as usize] {
            if exit.cost < best {
                best = best.min(floor.heuristic(node.cell, exit.from.cell) + exit.cost);
            }
        }
        best
    }
}

/// Optimal A* with this space's estimate, in a [`SearchContext`] reused between queries (so
/// repeated searches allocate nothing). A start or goal off the map is
/// [`SearchError::NodeOutOfBounds`]; a walled one, or one no path reaches, is
/// [`Outcome::Unreachable`](crate::search::Outcome::Unreachable). Every option of the search core
/// holds, and so do several goals (the nearest) and a goal test (the nearest place it accepts).
///
/// # Errors
///
/// [`SearchError`]: a place off the map, invalid options, memory; [`SearchError::Unsupported`]
/// for the closest point to a goal test.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelMap, Place, Portal};
/// use pathkit::search::{Outcome, SearchContext, SearchError};
/// use pathkit::{Goal, Pathfinder};
///
/// let mut map = LevelMap::new(vec![Grid::new(3, 1)?, Grid::new(3, 1)?])?;
/// let stairs = map.add_portal(Portal { from: Place::new(0, 2, 0), to: Place::new(1, 2, 0), cost: 2.0, two_way: false })?;
/// let mut ctx = SearchContext::new();
/// let (down, up) = (Place::new(0, 0, 0), Place::new(1, 0, 0));
/// let path = map.eight_connected()?.find_path(&mut ctx, down, up)?.into_path().unwrap();
/// assert_eq!(path.cost, 6.0);
/// assert_eq!(map.eight_connected()?.find_path(&mut ctx, up, down)?, Outcome::Unreachable); // one way
/// // Anywhere upstairs.
/// let upstairs = |p: Place| p.floor == 1;
/// let path = map.eight_connected()?.find_path(&mut ctx, down, Goal::Matching(&upstairs))?.into_path().unwrap();
/// assert_eq!(path.cost, 4.0);
/// map.set_portal_enabled(stairs, false)?;
/// assert_eq!(map.eight_connected()?.find_path(&mut ctx, down, up)?, Outcome::Unreachable);
/// let off = Place::new(2, 0, 0);
/// assert!(matches!(map.eight_connected()?.find_path(&mut ctx, down, off), Err(SearchError::NodeOutOfBounds { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Pathfinder for LevelSpace<'_> {
    type Node = Place;
    type Cost = f64;
    type Context = SearchContext<f64>;
    type Error = SearchError<Place>;

    /// Both places on the map (an error otherwise), and a start or goal on a wall. Floors
    /// joined by portals keep no components, so two open places answer [`Ends::Open`].
    fn check_ends(&self, start: Place, goal: Place) -> Result<Ends, SearchError<Place>> {
        core_check_ends(self, start, goal, |p| self.map.is_open(p))
    }

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<f64>,
        start: Place,
        to: Goal<'_, Place>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Place>,
    ) -> Result<Status<f64>, SearchError<Place>> {
        core_search_into(ctx, self, start, to, options, path, |p| self.map.is_open(p))
    }
}

/// A level-map search run a slice at a time ([`SlicedPathfinder`]); resumed until done, it
/// answers what the one-shot search answers.
///
/// ```
/// use pathkit::grid::Grid;
/// use pathkit::levels::{LevelMap, Place, Portal};
/// use pathkit::search::{SearchContext, SearchOptions};
/// use pathkit::{PendingPath, SlicedPathfinder};
///
/// let mut map = LevelMap::new(vec![Grid::new(6, 6)?, Grid::new(6, 6)?])?;
/// map.add_portal(Portal { from: Place::new(0, 5, 5), to: Place::new(1, 5, 5), cost: 2.0, two_way: true })?;
/// let space = map.eight_connected()?;
/// let mut ctx = SearchContext::new();
/// let mut search = space.start_path(&mut ctx, Place::new(0, 0, 0), Place::new(1, 0, 0), &SearchOptions::new())?;
/// let path = loop {
///     if let Some(outcome) = search.resume(3)?.done() {
///         break outcome.into_path().unwrap();
///     }
/// };
/// assert_eq!(path.nodes.last(), Some(&Place::new(1, 0, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'m> SlicedPathfinder for LevelSpace<'m> {
    type Pending<'c, 's>
        = PendingSearch<'c, 's, LevelSpace<'m>>
    where
        Self: 's;
    type Parked = ParkedSearch<Place, f64>;

    fn resume_parked<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<f64>,
        parked: ParkedSearch<Place, f64>,
    ) -> Result<PendingSearch<'c, 's, LevelSpace<'m>>, SearchError<Place>> {
        ctx.resume_parked(self, parked)
    }

    fn start_path<'c, 's>(
        &'s self,
        ctx: &'c mut SearchContext<f64>,
        start: Place,
        goal: Place,
        options: &SearchOptions<f64>,
    ) -> Result<PendingSearch<'c, 's, LevelSpace<'m>>, SearchError<Place>> {
        core_start_path(ctx, self, start, goal, options, |p| self.map.is_open(p))
    }
}

impl SearchSpace for LevelSpace<'_> {
    type Node = Place;
    type Cost = f64;

    #[inline]
    fn successors<F: FnMut(Place, f64)>(&self, node: Place, mut visit: F) {
        let Some(floor) = self.floors.get(node.floor as usize) else {
            return;
        };
        floor.successors(node.cell, |cell, cost| {
            visit(
                Place {
                    floor: node.floor,
                    cell,
                },
                cost,
            )
        });
        let Some(index) = self.map.cell_index(node) else {
            return;
        };
        let exits = &self.exits[node.floor as usize];
        let first = exits.partition_point(|e| e.from_index < index);
        for exit in exits[first..].iter().take_while(|e| e.from_index == index) {
            visit(exit.to, exit.cost);
        }
    }

    #[inline]
    fn heuristic(&self, node: Place, goal: Place) -> f64 {
        self.estimate(node, goal)
    }
}

impl IndexedSpace for LevelSpace<'_> {
    #[inline]
    fn node_bound(&self) -> usize {
        self.offsets.last().copied().unwrap_or(0)
    }

    #[inline]
    fn index_of(&self, node: Place) -> Option<usize> {
        let index = self.map.cell_index(node)?;
        Some(self.offsets[node.floor as usize] + index)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Place {
        let floor = self.offsets.partition_point(|&o| o <= index) - 1;
        let grid = &self.map.floors()[floor];
        Place {
            floor: floor as u32,
            cell: grid.cell_at(index - self.offsets[floor]),
        }
    }
}
