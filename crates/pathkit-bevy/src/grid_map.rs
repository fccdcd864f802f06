//! [`GridMap`]: a tile grid as the plugin's map.

use crate::grid_search::{Finder, GridContext, GridEngine, GridSearch};
use crate::nav_map::{Edit, NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::terrain_rules::TerrainRules;
use crate::tiles::{touched_cells, weight_edit, TileLayout};
use bevy_ecs::component::Component;
use bevy_math::{Vec2, Vec3};
use pathkit::grid::{Cell, Clearance, Diagonal, Grid, GridError, GridSpace, TileRules};
use pathkit::jps::{JpsMode, JpsPlus, PathMode};
use pathkit::search::SearchSpace;
use std::sync::{Arc, Mutex, OnceLock};

/// A tile grid in the world: the grid (its walls and terrain weights), its moves (a
/// [`Diagonal`] rule; a straight move costs 1 and a diagonal √2, times the weight of the cell
/// entered) and where it lies. Cell `(x, y)` is a square `cell_size` wide whose top-left
/// corner is `origin + (x, -y) * cell_size` in the XY plane: columns go right, rows go down
/// the screen, as a tile map is drawn.
///
/// It is searched by A* on the grid's fast loop, or by Jump Point Search or JPS+ on uniform
/// grids ([`with_engine`](Self::with_engine), [`GridEngine`]); a search under budgeted planning
/// is parked between frames ([`pathkit::PendingPath::park`]), so the engines slice as they
/// run.
///
/// Edit it through [`set_weight`](Self::set_weight), [`block`](Self::block) and
/// [`open`](Self::open): the plugin sees every edit and re-plans the paths it affects. The grid
/// sits behind an [`Arc`], so the snapshot a search takes to another thread is a pointer copy;
/// an edit while a search holds one copies the grid once.
///
/// ```
/// use bevy_math::Vec3;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{GridMap, NavMap};
///
/// let map = GridMap::new(Grid::from_ascii("...\n.#.")?, Diagonal::NoCornerCutting).with_cell_size(2.0);
/// assert_eq!(map.position(Cell::new(1, 0)), Vec3::new(3.0, -1.0, 0.0));
/// assert_eq!(map.node_at(Vec3::new(3.9, -3.5, 0.0)), Some(Cell::new(1, 1)));
/// assert_eq!(map.node_at(Vec3::new(-0.1, 0.0, 0.0)), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct GridMap {
    grid: Arc<Grid>,
    diagonal: Diagonal,
    engine: GridEngine,
    /// JPS+'s table of this version of the grid, built by the first search that needs it and
    /// shared by every snapshot of the version (an edit of a wall updates it in place, copying
    /// it first if a snapshot holds it).
    plus: Arc<OnceLock<Result<JpsPlus, String>>>,
    tiles: TileLayout,
    version: u64,
    edits: Vec<Edit<Cell>>,
    /// The largest agent size kept clearance for ([`with_agent_sizes`](Self::with_agent_sizes));
    /// 1: agents one cell wide only.
    max_size: u8,
    /// The clearance of this version of the grid under each agent's rules asked so far, built
    /// by the first search that needs it and shared by every snapshot of the version.
    clearances: Arc<Mutex<Clearances>>,
}

/// Each kind of agent's clearance (its rules, one cell wide, and the clearance under them).
type Clearances = Vec<(TerrainRules, Arc<Clearance>)>;

impl GridMap {
    /// `grid` searched under the `diagonal` rule, cells 1 unit wide, its top-left corner at the
    /// world's origin.
    pub fn new(grid: Grid, diagonal: Diagonal) -> Self {
        GridMap {
            grid: Arc::new(grid),
            diagonal,
            engine: GridEngine::default(),
            plus: Arc::default(),
            tiles: TileLayout::default(),
            version: 0,
            edits: Vec::new(),
            max_size: 1,
            clearances: Arc::default(),
        }
    }

    /// The same map serving agents up to `max` cells wide ([`TerrainRules::size`]): it keeps
    /// each agent's clearance (pathkit's [`Clearance`]: the largest open square at every cell,
    /// under that agent's rules), computed on the first request that needs it and updated
    /// around every cell edited.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{search_to_end, GridMap, PathFailure, PathRequest, TerrainRules};
    ///
    /// let map = GridMap::new(Grid::new(8, 8)?, Diagonal::NoCornerCutting);
    /// let big = PathRequest::new(Cell::new(0, 0), Cell::new(5, 5)).with_rules(TerrainRules::new().size(3));
    /// // Without clearance kept, a request for a big agent is refused, saying why.
    /// assert!(matches!(search_to_end(&map, &mut Default::default(), &big), Err(PathFailure::Refused(_))));
    /// let map = map.with_agent_sizes(3);
    /// assert!(search_to_end(&map, &mut Default::default(), &big).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_agent_sizes(mut self, max: u8) -> Self {
        self.max_size = max.max(1);
        self.clearances = Arc::default();
        self
    }

    /// The clearance of the grid as it is for agents seeing it as `rules` do (their size left
    /// aside), computed if it is not yet.
    fn clearance(&self, rules: &TerrainRules) -> Arc<Clearance> {
        let key = rules.one_cell();
        let mut cache = self
            .clearances
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, c)) = cache.iter().find(|(r, _)| *r == key) {
            return Arc::clone(c);
        }
        let made = Arc::new(Clearance::with_rules(&self.grid, &key, self.max_size));
        cache.push((key, Arc::clone(&made)));
        made
    }

    /// Brings every clearance kept up to the edit of `cell`, into a cache of this version's own
    /// (snapshots of the last version keep theirs).
    fn update_clearances(&mut self, cell: Cell) {
        let kept = std::mem::take(
            &mut *self
                .clearances
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let updated = kept
            .into_iter()
            .filter_map(|(rules, mut clearance)| {
                let done =
                    Arc::make_mut(&mut clearance).update_with_rules(&self.grid, &rules, cell);
                done.is_ok().then_some((rules, clearance))
            })
            .collect();
        self.clearances = Arc::new(Mutex::new(updated));
    }

    /// The same map with cells `size` wide.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_cell_size(32.0);
    /// assert_eq!(map.position(Cell::new(0, 0)).x, 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cell_size(mut self, size: f32) -> Self {
        self.tiles.size = size;
        self
    }

    /// The same map with its top-left corner at `origin`.
    ///
    /// ```
    /// use bevy_math::{Vec2, Vec3};
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_origin(Vec2::new(-2.0, 2.0));
    /// assert_eq!(map.position(Cell::new(0, 0)), Vec3::new(-1.5, 1.5, 0.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_origin(mut self, origin: Vec2) -> Self {
        self.tiles.origin = origin;
        self
    }

    /// The same map searched by `engine` (A* unless told). JPS+'s table is built here, before
    /// the game runs, so that no frame pays for it (edits of walls then update it in place).
    #[must_use]
    pub fn with_engine(mut self, engine: GridEngine) -> Self {
        self.engine = engine;
        if engine == GridEngine::JpsPlus && self.diagonal == Diagonal::NoCornerCutting {
            self.plus_table();
        }
        self
    }

    /// The search the map answers with.
    pub fn engine(&self) -> GridEngine {
        self.engine
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The diagonal rule searched with.
    pub fn diagonal(&self) -> Diagonal {
        self.diagonal
    }

    /// How wide a cell is, in world units: what a drawing of the map needs besides the cells'
    /// centres ([`NavMap::position`]).
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit_bevy::GridMap;
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never).with_cell_size(16.0);
    /// assert_eq!(map.cell_size(), 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell_size(&self) -> f32 {
        self.tiles.size
    }

    /// Where the top-left corner of cell `(0, 0)` is.
    ///
    /// ```
    /// use bevy_math::Vec2;
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit_bevy::GridMap;
    ///
    /// let map = GridMap::new(Grid::new(4, 4)?, Diagonal::Never);
    /// assert_eq!(map.origin(), Vec2::ZERO);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin(&self) -> Vec2 {
        self.tiles.origin
    }

    /// Sets the weight of `cell` (0 walls it; 1 is plain ground), and records the edit.
    ///
    /// # Errors
    ///
    /// As [`Grid::set_weight`]: a cell off the grid, a weight too large.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{GridMap, NavMap};
    ///
    /// let mut map = GridMap::new(Grid::new(3, 3)?, Diagonal::Never);
    /// map.set_weight(Cell::new(1, 1), 4)?;
    /// let edits = map.take_edits();
    /// assert_eq!((edits[0].before, edits[0].after), (Some(1.0), Some(4.0)));
    /// assert!(map.take_edits().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), GridError> {
        let before = self.grid.weight(self.grid.check(cell)?);
        if before == weight {
            return Ok(());
        }
        Arc::make_mut(&mut self.grid).set_weight(cell, weight)?;
        self.update_plus(cell, before, weight);
        if self.max_size > 1 {
            // Only a map keeping agent sizes ever fills the cache.
            self.update_clearances(cell);
        }
        self.edits.push(weight_edit(cell, before, weight));
        self.version += 1;
        Ok(())
    }

    /// Brings JPS+'s table, if built, up to the edit of `cell` from weight `before` to `after`:
    /// a wall built or knocked down updates only the entries it can change (a snapshot still
    /// searching keeps the old table); any other change of weight drops the table (JPS+ takes
    /// uniform grids only, and says so on the next search).
    fn update_plus(&mut self, cell: Cell, before: u32, after: u32) {
        if self.plus.get().is_none() {
            return;
        }
        let table = Arc::make_mut(&mut self.plus);
        let updated = match table.get_mut() {
            Some(Ok(plus)) if before.max(after) <= 1 => {
                let done = if after == 0 {
                    plus.block(cell)
                } else {
                    plus.open(cell)
                };
                done.is_ok()
            }
            _ => false,
        };
        if !updated {
            *table = OnceLock::new();
        }
    }

    /// Walls `cell` ([`set_weight`](Self::set_weight) to 0).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn block(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 0)
    }

    /// Opens `cell` as plain ground ([`set_weight`](Self::set_weight) to 1).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn open(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set_weight(cell, 1)
    }
}

impl GridMap {
    /// The space searched: the grid under the map's diagonal rule, a straight step costing 1 and
    /// a diagonal one √2, times the weight of the cell entered.
    fn space(&self) -> Result<GridSpace<'_, f64>, PathFailure> {
        self.grid
            .space(self.diagonal, 1.0, std::f64::consts::SQRT_2)
            .map_err(|e| PathFailure::Refused(e.to_string()))
    }

    /// The space an agent under `rules` searches: the grid as its rules price it, and for an
    /// agent wider than a cell, walls wherever its square does not fit.
    fn ruled_space(
        &self,
        rules: &TerrainRules,
    ) -> Result<GridSpace<'_, f64, AgentRules>, PathFailure> {
        let size = rules.agent_size();
        let fit = if size == 1 {
            None
        } else if size > self.max_size {
            return Err(PathFailure::Refused(format!(
                "an agent {size} cells wide on a map keeping clearance up to {} (GridMap::with_agent_sizes)",
                self.max_size
            )));
        } else {
            Some(self.clearance(rules))
        };
        let agent = AgentRules {
            terrain: rules.clone(),
            fit,
        };
        Ok(self.space()?.with_rules(agent))
    }
}

impl GridMap {
    /// What the map's engine searches with under `rules`, or why it cannot search this map.
    fn finder(&self, rules: &TerrainRules) -> Result<Finder<'_>, PathFailure> {
        if !rules.is_own() {
            return Ok(Finder::Ruled(self.ruled_space(rules)?));
        }
        match self.engine {
            GridEngine::AStar => Ok(Finder::Grid(self.space()?)),
            GridEngine::JumpPoints => Ok(Finder::Jps(self.grid.jump_points(JpsMode {
                moves: self.diagonal,
                path: PathMode::Cells,
            }))),
            GridEngine::JpsPlus => {
                if self.diagonal != Diagonal::NoCornerCutting {
                    return Err(PathFailure::Refused(format!(
                        "JPS+ searches 8-connected grids without corner cutting, not {:?}",
                        self.diagonal
                    )));
                }
                match self.plus_table() {
                    Ok(plus) => Ok(Finder::Plus(plus)),
                    Err(why) => Err(PathFailure::Refused(why.clone())),
                }
            }
        }
    }
}

impl GridMap {
    /// JPS+'s table of the grid as it is, built if it is not yet (or why it cannot be).
    fn plus_table(&self) -> &Result<JpsPlus, String> {
        self.plus
            .get_or_init(|| JpsPlus::new((*self.grid).clone()).map_err(|e| e.to_string()))
    }
}

impl NavMap for GridMap {
    type Node = Cell;
    type Edit = Edit<Cell>;
    type Context = GridContext;
    type Search = GridSearch;
    type Rules = TerrainRules;

    fn start_search(
        &self,
        ctx: &mut GridContext,
        start: Cell,
        goal: Cell,
        rules: &TerrainRules,
    ) -> Result<GridSearch, PathFailure> {
        Ok(self.finder(rules)?.start(ctx, start, goal)?.under(rules))
    }

    /// The octile distance times the lightest weight the agent's rules give.
    fn estimate(&self, from: Cell, to: Cell, rules: &TerrainRules) -> f64 {
        self.ruled_space(rules)
            .map_or(0.0, |space| space.heuristic(from, to))
    }

    fn resume_search(
        &self,
        ctx: &mut GridContext,
        search: &mut GridSearch,
        budget: u64,
    ) -> Resumed<Cell> {
        let rules = search.rules().clone();
        match self.finder(&rules) {
            Ok(finder) => finder.resume(ctx, search, budget),
            Err(failure) => Resumed {
                expanded: 0,
                answer: Some(Err(failure)),
            },
        }
    }

    fn must_replan(&self, rest: &Rest<'_, Cell, TerrainRules>, edits: &[Edit<Cell>]) -> bool {
        let mut out = Vec::new();
        self.must_replan_each(&[*rest], edits, &mut out);
        out[0]
    }

    /// The paths are asked about in groups of the same rules, each group on its agents' space
    /// and with the edits as its agents see them.
    fn must_replan_each(
        &self,
        rests: &[Rest<'_, Cell, TerrainRules>],
        edits: &[Edit<Cell>],
        out: &mut Vec<bool>,
    ) {
        out.clear();
        out.resize(rests.len(), true); // a map the search refuses: the search will say why
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut done = vec![false; rests.len()];
        let (mut group, mut answers) = (Vec::new(), Vec::new());
        for first in 0..rests.len() {
            if done[first] {
                continue;
            }
            let rules = rests[first].rules;
            let places: Vec<usize> = (first..rests.len())
                .filter(|&i| !done[i] && rests[i].rules == rules)
                .collect();
            group.clear();
            group.extend(places.iter().map(|&i| rests[i]));
            // A wider agent fits at a cell by the cells of its square: an edit reaches the
            // cells whose square holds it.
            let size = rules.agent_size();
            let touched = |c: Cell, out: &mut Vec<Cell>| {
                touched_cells(c, self.diagonal, w, h, out);
                if size > 1 {
                    // The cells touched form a block; the anchors whose square holds one of
                    // them, a block reaching `size - 1` further up and left.
                    let reach = u32::from(size) - 1;
                    let (x0, y0) = (
                        out[0].x.saturating_sub(reach),
                        out[0].y.saturating_sub(reach),
                    );
                    let (x1, y1) = (out[out.len() - 1].x, out[out.len() - 1].y);
                    out.clear();
                    out.extend((y0..=y1).flat_map(|y| (x0..=x1).map(move |x| Cell::new(x, y))));
                }
            };
            let found = if rules.is_own() {
                self.space().map(|space| {
                    space_search::needs_replanning_each(
                        &space,
                        touched,
                        &group,
                        edits,
                        &mut answers,
                    )
                })
            } else {
                let seen = seen_by(rules, edits);
                self.ruled_space(rules).map(|space| {
                    space_search::needs_replanning_each(
                        &space,
                        touched,
                        &group,
                        &seen,
                        &mut answers,
                    )
                })
            };
            for (k, &i) in places.iter().enumerate() {
                done[i] = true;
                if found.is_ok() {
                    out[i] = answers[k];
                }
            }
        }
    }

    fn may_now_reach(
        &self,
        start: Cell,
        goals: &[Cell],
        rules: &TerrainRules,
        edits: &[Edit<Cell>],
    ) -> bool {
        if rules.is_own() {
            // The grid's own space also rules out ends still in different components.
            return self
                .space()
                .is_ok_and(|space| space_search::may_now_reach(&space, start, goals, edits));
        }
        let seen = seen_by(rules, edits);
        self.ruled_space(rules)
            .is_ok_and(|space| space_search::may_now_reach(&space, start, goals, &seen))
    }

    fn position(&self, cell: Cell) -> Vec3 {
        self.tiles.centre(cell).extend(0.0)
    }

    fn node_at(&self, position: Vec3) -> Option<Cell> {
        let (w, h) = (self.grid.width(), self.grid.height());
        self.tiles.cell_at(position.truncate(), w, h)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<Cell>> {
        std::mem::take(&mut self.edits)
    }

    /// The cells the map's engine expands (jump points, for Jump Point Search and JPS+).
    fn explored(
        &self,
        ctx: &mut GridContext,
        ends: (Cell, Cell),
        rules: &TerrainRules,
        out: &mut Vec<Cell>,
    ) {
        let jps = self.engine != GridEngine::AStar && rules.is_own();
        let closed = |ctx: &GridContext| ctx.closed_indices(jps);
        let node_at = |i| self.grid.cell_at(i);
        space_search::explored_by(self, ctx, ends, rules, closed, node_at, out);
    }

    /// The grid's own smoothing ([`Grid::smooth`]) under the map's diagonal rule.
    fn smoothed(&self, path: &[Cell]) -> Option<Vec<Cell>> {
        self.grid.smooth(path, self.diagonal).ok()
    }
}

/// `edits` as an agent under `rules` sees them: each cell's weight before and after, through
/// the rules (an edit the rules make no change at all drops out of both checks).
fn seen_by(rules: &TerrainRules, edits: &[Edit<Cell>]) -> Vec<Edit<Cell>> {
    // The grid's edits carry its weights as costs (`None`: weight 0), whole numbers.
    let weight = |cost: Option<f64>| cost.map_or(0, |c| c as u32);
    edits
        .iter()
        .map(|e| {
            let (before, after) = (weight(e.before), weight(e.after));
            weight_edit(e.node, rules.weight_for(before), rules.weight_for(after))
        })
        .collect()
}

/// The rules of one agent on a [`GridMap`]: its [`TerrainRules`], and for an agent wider than a
/// cell the clearance it must fit in (its size).
#[derive(Clone, Debug)]
pub(crate) struct AgentRules {
    terrain: TerrainRules,
    fit: Option<Arc<Clearance>>,
}

impl TileRules for AgentRules {
    #[inline]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        match &self.fit {
            Some(clearance) if clearance.at(cell) < self.terrain.agent_size() => 0,
            _ => self.terrain.weight(grid, cell),
        }
    }

    fn min_weight(&self, grid: &Grid) -> u32 {
        self.terrain.min_weight(grid)
    }
}
