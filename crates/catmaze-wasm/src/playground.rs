//! [`Playground`]: an editable grid and up to two searches on it, stepped or run at once.
//!
//! The A* family (A*, Dijkstra, breadth-first, weighted A*) runs on pathkit's [`Stepper`]
//! (through [`LiveSearch`]), so every tile's F, G, H and parent are the engine's own numbers. As
//! each step happens the playground copies the numbers of the tiles it touched into flat arrays
//! (`state`, `g`, `h`, `parent`) that the page reads in place, and lists the touched tiles so the
//! page redraws only those. JPS, JPS+, the subgoal graph, Jump Point Search on terrain and the
//! any-angle search keep no open list one could show: they run at once and report their path,
//! jump points, subgoals or corners, and expansions.
//!
//! The hierarchical search (HPA*) keeps its [`HierarchicalGrid`] between searches: building it
//! is the expensive part (a search inside every cluster), so it is built once per map and move
//! rule and cluster size, and a wall drawn on the map is passed on to it with
//! [`HierarchicalGrid::set_weight`], which rebuilds only the clusters around that cell. Jump
//! Point Search on terrain ([`WeightedJumpPoints`]) is kept the same way: built by its first
//! search on a map, then told of each painted tile with [`WeightedJumpPoints::set_weight`].
//!
//! [`Stepper`]: pathkit::search::Stepper

use crate::error::ErrorAnswer;
use crate::graph_searches::{self, BuiltGraph, GraphKind, GraphQuery};
use crate::live::{LiveSearch, Stepped};
use crate::menus::codes;
use crate::PlaygroundError;
use pathkit::format::MovingAiMap;
use pathkit::geometry::Point;
use pathkit::graph::{MeshGraph, NodeGraph, NodeId, ObstacleGraph};
use pathkit::grid::{Cell, Diagonal, Grid, Heuristic, NEIGHBOUR_ORDER};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions, HierarchyStats};
use pathkit::jps::{
    JpsContext, JpsError, JpsMode, JpsPlus, JpsPlusPaths, JumpPoints, PathMode, WeightedJumpPoints,
};
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};
use pathkit::search::{SearchContext, SearchOptions, TieBreak};
use pathkit::subgoal::{SubgoalContext, SubgoalError, SubgoalGraph};
use pathkit::{Ends, Pathfinder};
use serde::{Deserialize, Serialize};

/// The searches the playground offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// A*, heuristic weight 1.
    AStar,
    /// A* with the heuristic switched off.
    Dijkstra,
    /// Every move costs 1, expanded layer by layer.
    BreadthFirst,
    /// A* with the heuristic multiplied by a weight ≥ 1.
    WeightedAStar,
    /// Jump Point Search (uniform costs 1 and √2).
    Jps,
    /// JPS+ (precomputed jump distances; 8-connected).
    JpsPlus,
    /// The optimal any-angle path on a navigation mesh built from the grid.
    AnyAngle,
    /// Hierarchical A* (HPA*): clusters, paths between their entrances, refined to cells.
    /// Near-optimal, not optimal: the page shows how far above A*'s cost it lands.
    Hierarchical,
    /// GameplayKit's obstacle graph: the walls as rectangles grown by [`AGENT_RADIUS`], nodes at
    /// their corners, joined where they see each other.
    ObstacleGraph,
    /// GameplayKit's mesh graph: a triangulation around the same grown walls.
    MeshGraph,
    /// Subgoal graph: the walls' corners joined by shortest free paths, a contraction hierarchy
    /// over them; built once per map, optimal, 8-connected (no corner cutting, costs 1 and √2).
    /// It does not follow edits, so the playground builds it again after a wall is drawn.
    Subgoal,
    /// Jump Point Search on terrain: A*'s optimal paths on a map with terrain weights, jumping
    /// across stretches of one weight; 8-connected (no corner cutting, costs 1 and √2 times the
    /// weight entered). Built by its first search on a map and edited with it afterwards.
    WeightedJps,
}

/// The radius, in tiles, by which the obstacle and mesh graphs grow the walls: a character a
/// half tile across keeps clear of them.
pub const AGENT_RADIUS: f32 = 0.25;

impl Algorithm {
    /// Every algorithm, in the order of the page's menu (its index is the number the page sends):
    /// a new one goes at the end, so that the numbers of the others stay what they were.
    pub const ALL: [Algorithm; 12] = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::BreadthFirst,
        Algorithm::WeightedAStar,
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::AnyAngle,
        Algorithm::Hierarchical,
        Algorithm::ObstacleGraph,
        Algorithm::MeshGraph,
        Algorithm::Subgoal,
        Algorithm::WeightedJps,
    ];

    /// `true` for the searches that can be stepped, with open and closed lists.
    pub fn steps(self) -> bool {
        matches!(
            self,
            Algorithm::AStar
                | Algorithm::Dijkstra
                | Algorithm::BreadthFirst
                | Algorithm::WeightedAStar
        )
    }
}

/// How a search is set up; the page's menus, one to one. The page sends it as an object of
/// menu codes (see [`crate::menus`]); a field left out keeps its default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Settings {
    /// Which search.
    #[serde(
        deserialize_with = "codes::algorithm",
        serialize_with = "codes::algorithm_out"
    )]
    pub algorithm: Algorithm,
    /// Which diagonal moves are allowed.
    #[serde(
        deserialize_with = "codes::diagonal",
        serialize_with = "codes::diagonal_out"
    )]
    pub diagonal: Diagonal,
    /// `true`: straight 10, diagonal 14 (the tutorial); `false`: 1 and √2.
    #[serde(
        rename = "costs",
        deserialize_with = "codes::costs",
        serialize_with = "codes::costs_out"
    )]
    pub tutorial_costs: bool,
    /// The estimate.
    #[serde(
        deserialize_with = "codes::heuristic",
        serialize_with = "codes::heuristic_out"
    )]
    pub heuristic: Heuristic,
    /// Estimate in tiles whatever the move costs (the Cocos2D tutorial's unscaled Manhattan).
    pub heuristic_in_tiles: bool,
    /// Order among equal F.
    #[serde(deserialize_with = "codes::tie", serialize_with = "codes::tie_out")]
    pub tie: TieBreak,
    /// Weighted A*'s weight.
    pub weight: f64,
    /// The side of a level-1 cluster of the hierarchical search, in tiles.
    pub cluster_size: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            algorithm: Algorithm::AStar,
            diagonal: Diagonal::NoCornerCutting,
            tutorial_costs: false,
            heuristic: Heuristic::Auto,
            heuristic_in_tiles: false,
            tie: TieBreak::LargerG,
            weight: 1.5,
            cluster_size: 16,
        }
    }
}

impl Settings {
    /// The tutorial's example: 4 moves of cost 1, the Manhattan distance, and its open list, where
    /// a new step goes before the open steps of equal F.
    pub fn tutorial() -> Settings {
        Settings {
            diagonal: Diagonal::Never,
            heuristic: Heuristic::Manhattan,
            tie: TieBreak::Lifo,
            ..Settings::default()
        }
    }

    /// The rules of the Moving AI benchmarks, whose scenario files give each query's optimal
    /// cost: 8-way moves without corner cutting, costs 1 and √2, the octile distance, and the
    /// search's own tie rule.
    pub fn moving_ai() -> Settings {
        Settings {
            diagonal: Diagonal::NoCornerCutting,
            tutorial_costs: false,
            heuristic: Heuristic::Octile,
            tie: TieBreak::Auto,
            ..Settings::default()
        }
    }
}

/// No parent, in the `parent` array.
pub const NO_PARENT: i32 = -1;

/// Tile states in the `state` array.
pub mod tile_state {
    /// Not reached.
    pub const UNSEEN: u8 = 0;
    /// On the open list.
    pub const OPEN: u8 = 1;
    /// Expanded.
    pub const CLOSED: u8 = 2;
}

/// One search and what the page draws of it.
#[derive(Debug, Default)]
pub struct Slot {
    live: Option<LiveSearch>,
    /// Per tile: [`tile_state`].
    pub state: Vec<u8>,
    /// Per tile: G (meaningful when reached).
    pub g: Vec<f64>,
    /// Per tile: H.
    pub h: Vec<f64>,
    /// Per tile: the parent's index, or [`NO_PARENT`].
    pub parent: Vec<i32>,
    /// Tiles whose numbers changed since the page last asked.
    pub changed: Vec<u32>,
    current: Option<Cell>,
    expansions: u64,
    finished: bool,
    path: Vec<Cell>,
    cost: Option<f64>,
    /// Jump points (JPS), the subgoals a subgoal graph's path passes, the tiles where a path on
    /// terrain turns, or corners (any-angle), as x, y pairs in tile units.
    points: Vec<f64>,
    error: Option<PlaygroundError>,
    algorithm: Option<Algorithm>,
    start: Option<Cell>,
    goal: Option<Cell>,
    /// The hierarchical search's counters.
    hierarchy: Option<HierarchyStats>,
    /// A*'s cost on the same query and moves (what the hierarchical path is compared with).
    optimum: Option<f64>,
    /// The settings of the last start, for [`Playground::reference`].
    settings: Option<Settings>,
}

impl Slot {
    fn clear(&mut self, cells: usize) {
        self.live = None;
        self.state.clear();
        self.state.resize(cells, tile_state::UNSEEN);
        self.g.clear();
        self.g.resize(cells, 0.0);
        self.h.clear();
        self.h.resize(cells, 0.0);
        self.parent.clear();
        self.parent.resize(cells, NO_PARENT);
        self.changed.clear();
        self.current = None;
        self.expansions = 0;
        self.finished = false;
        self.path.clear();
        self.cost = None;
        self.points.clear();
        self.error = None;
        self.algorithm = None;
        self.start = None;
        self.goal = None;
        self.hierarchy = None;
        self.optimum = None;
        self.settings = None;
    }

    fn fail(&mut self, error: PlaygroundError) {
        self.live = None;
        self.finished = true;
        self.error = Some(error);
    }

    /// Why the last search was refused, if it was.
    pub fn error(&self) -> Option<&PlaygroundError> {
        self.error.as_ref()
    }
}

/// The largest map side the playground accepts (the Moving AI maps go up to 1024).
pub const MAX_SIDE: u32 = 1024;

/// The editable grid and two search slots (the second for side-by-side comparison).
///
/// ```
/// use catmaze_wasm::{Algorithm, Playground, Settings};
/// use pathkit::grid::Cell;
///
/// let mut pg = Playground::new(5, 5).unwrap();
/// let settings = Settings { algorithm: Algorithm::AStar, ..Settings::default() };
/// pg.start(0, settings, Cell::new(0, 0), Cell::new(4, 4));
/// pg.run(0, u32::MAX);
/// let status = pg.status(0, 10);
/// assert!(status.found);
/// assert!((status.cost.unwrap() - 4.0 * std::f64::consts::SQRT_2).abs() < 1e-9);
/// ```
#[derive(Debug)]
pub struct Playground {
    grid: Grid,
    version: u64,
    slots: [Slot; 2],
    jps: JpsContext,
    plus: Option<(u64, Result<JpsPlus, pathkit::jps::JpsError>)>,
    /// The subgoal graph and the grid version it was built for: unlike JPS+ it cannot be edited,
    /// so a version other than the grid's means it is built again.
    subgoal: Option<(u64, Result<SubgoalGraph, SubgoalError>)>,
    subgoal_ctx: SubgoalContext,
    /// Full builds of a subgoal graph since the page started: the tests check that a search after
    /// an edit builds it again and one without an edit does not.
    subgoal_builds: u64,
    /// Jump Point Search on terrain, built by the first such search on this grid (`None`
    /// before it, or after an edit it refused) and edited with the grid from then on.
    weighted: Option<Result<WeightedJumpPoints, JpsError>>,
    /// Full builds of it since the page started (edits do not count): the tests check that
    /// painting a tile edits it instead of building it again.
    weighted_builds: u64,
    mesh: Option<(u64, Result<NavMesh, NavMeshError>)>,
    any_angle: AnyAngleSearch,
    ctx: SearchContext<f64>,
    graph_ctx: SearchContext<f32>,
    hierarchy: Option<Hierarchy>,
    hierarchy_ctx: HierarchyContext<f64>,
    /// Full builds of a hierarchy since the page started (edits do not count): the tests check
    /// that drawing walls edits the hierarchy instead of building it again.
    hierarchy_builds: u64,
}

/// What the hierarchy was built for: the move rule, the 10/14 costs, the cluster size.
type HierarchyKey = (Diagonal, bool, u32);

/// The hierarchical search's map, kept between searches and edited with the grid.
#[derive(Debug)]
struct Hierarchy {
    key: HierarchyKey,
    map: HierarchicalGrid<f64>,
    /// Level-1 entrance cells as row-major indices, for the page to read in place.
    entrances: Vec<u32>,
    /// `false` after an edit, until the entrances are listed again.
    entrances_fresh: bool,
}

impl Playground {
    /// An empty field of `width` x `height` tiles.
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::Size`] when a side is 0 or above [`MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Playground, PlaygroundError> {
        check_side(width, height)?;
        Ok(Playground::with_grid(Grid::new(width, height)?))
    }

    fn with_grid(grid: Grid) -> Playground {
        let cells = grid.len();
        let mut pg = Playground {
            grid,
            version: 0,
            slots: [Slot::default(), Slot::default()],
            jps: JpsContext::new(),
            plus: None,
            subgoal: None,
            subgoal_ctx: SubgoalContext::new(),
            subgoal_builds: 0,
            weighted: None,
            weighted_builds: 0,
            mesh: None,
            any_angle: AnyAngleSearch::new(),
            ctx: SearchContext::new(),
            graph_ctx: SearchContext::new(),
            hierarchy: None,
            hierarchy_ctx: HierarchyContext::new(),
            hierarchy_builds: 0,
        };
        for s in &mut pg.slots {
            s.clear(cells);
        }
        pg
    }

    /// Replaces the grid with one of these row-major weights (0 = wall).
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::Size`] or [`PlaygroundError::WeightCount`].
    pub fn set_weights(
        &mut self,
        width: u32,
        height: u32,
        weights: &[u32],
    ) -> Result<(), PlaygroundError> {
        check_side(width, height)?;
        let expected = width as usize * height as usize;
        if weights.len() != expected {
            return Err(PlaygroundError::WeightCount {
                expected,
                found: weights.len(),
            });
        }
        let grid = Grid::from_fn(width, height, |c| weights[(c.y * width + c.x) as usize])?;
        self.replace_grid(grid);
        Ok(())
    }

    /// Replaces the grid with a Moving AI `.map` file's (`.`, `G`, `S` free; the rest walls, as
    /// the benchmarks read them).
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::Map`] (with the parser's line and column) for a malformed file,
    /// [`PlaygroundError::Size`] for one too large.
    pub fn load_movingai(&mut self, bytes: &[u8]) -> Result<(), PlaygroundError> {
        let map = MovingAiMap::parse(bytes)?;
        check_side(map.width(), map.height())?;
        let grid = map.to_grid()?;
        self.replace_grid(grid);
        Ok(())
    }

    fn replace_grid(&mut self, grid: Grid) {
        let (builds, subgoal_builds) = (self.hierarchy_builds, self.subgoal_builds);
        let weighted_builds = self.weighted_builds;
        *self = Playground::with_grid(grid);
        self.hierarchy_builds = builds;
        self.subgoal_builds = subgoal_builds;
        self.weighted_builds = weighted_builds;
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Sets one tile's weight (0 = wall); outside the grid nothing happens. Searches are reset.
    pub fn set_cell(&mut self, x: u32, y: u32, weight: u32) -> bool {
        let Some(cell) = self.grid.cell(x, y) else {
            return false;
        };
        if self.grid.weight(cell) == weight || self.grid.set_weight(cell, weight).is_err() {
            return false;
        }
        self.version += 1;
        // The hierarchy follows the edit, rebuilding only the clusters around the cell; if it
        // refuses, it is dropped and built afresh by the next hierarchical search.
        if let Some(h) = &mut self.hierarchy {
            if h.map.set_weight(cell, weight).is_ok() {
                h.entrances_fresh = false;
            } else {
                self.hierarchy = None;
            }
        }
        // So does Jump Point Search on terrain, updating its marks around the cell; a refused
        // edit drops it, and the next search builds it from the grid.
        if let Some(Ok(w)) = &mut self.weighted {
            if w.set_weight(cell, weight).is_err() {
                self.weighted = None;
            }
        } else {
            self.weighted = None;
        }
        let cells = self.grid.len();
        for s in &mut self.slots {
            s.clear(cells);
        }
        true
    }

    /// A slot's arrays, for the page to read in place.
    pub fn slot(&self, slot: usize) -> &Slot {
        &self.slots[slot.min(1)]
    }

    /// A slot's list of changed tiles, emptied after the page has read it.
    pub fn take_changed(&mut self, slot: usize) {
        self.slots[slot.min(1)].changed.clear();
    }

    /// Starts a search in `slot` (0 or 1). Stepping searches start with only the start open; the
    /// others run to the end at once. A refusal is reported by [`Playground::status`].
    pub fn start(&mut self, slot: usize, settings: Settings, start: Cell, goal: Cell) {
        let slot = slot.min(1);
        let cells = self.grid.len();
        let s = &mut self.slots[slot];
        s.clear(cells);
        s.algorithm = Some(settings.algorithm);
        s.settings = Some(settings);
        s.start = Some(start);
        s.goal = Some(goal);
        if self.grid.cell(start.x, start.y).is_none() || self.grid.cell(goal.x, goal.y).is_none() {
            s.fail(PlaygroundError::OffMap { start, goal });
            return;
        }
        if settings.algorithm.steps() {
            self.start_stepper(slot, settings, start, goal);
        } else {
            self.run_at_once(slot, settings, start, goal);
        }
    }

    /// Clears `slot` and refuses its search with `error` (settings that did not read).
    pub fn refuse(&mut self, slot: usize, error: PlaygroundError) {
        let cells = self.grid.len();
        let s = &mut self.slots[slot.min(1)];
        s.clear(cells);
        s.fail(error);
    }

    /// Builds the hierarchy for these settings' moves and cluster size unless the one kept
    /// was built for them; returns whether it built one.
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::Hierarchy`]: a cluster size out of range, a map too large.
    pub fn build_hierarchy(&mut self, settings: Settings) -> Result<bool, PlaygroundError> {
        let key = (
            settings.diagonal,
            settings.tutorial_costs,
            settings.cluster_size,
        );
        if self.hierarchy.as_ref().is_some_and(|h| h.key == key) {
            return Ok(false);
        }
        self.hierarchy = None;
        let (straight, diagonal) = move_costs(settings.tutorial_costs);
        let options = HierarchyOptions::new().cluster_size(settings.cluster_size);
        let map = HierarchicalGrid::new(
            self.grid.clone(),
            settings.diagonal,
            straight,
            diagonal,
            options,
        )?;
        self.hierarchy_builds += 1;
        self.hierarchy = Some(Hierarchy {
            key,
            map,
            entrances: Vec::new(),
            entrances_fresh: false,
        });
        Ok(true)
    }

    /// The kept hierarchy, as the page draws it (see [`HierarchyInfo`]); `None` when there is
    /// none. Lists the level-1 entrance cells for [`Playground::entrances`].
    pub fn hierarchy_info(&mut self) -> Option<HierarchyInfo> {
        let builds = self.hierarchy_builds;
        let h = self.hierarchy.as_mut()?;
        if !h.entrances_fresh {
            let width = h.map.grid().width();
            h.entrances.clear();
            h.entrances
                .extend(h.map.entrance_cells(1).map(|c| c.y * width + c.x));
            h.entrances.sort_unstable();
            h.entrances_fresh = true;
        }
        let size = h.map.size();
        Some(HierarchyInfo {
            cluster_side: h.map.cluster_side(1),
            levels: h.map.levels(),
            clusters: h.map.cluster_rects(1).count(),
            nodes: size.nodes,
            edges: size.edges,
            bytes: size.bytes,
            entrances: h.entrances.len(),
            builds,
        })
    }

    /// The level-1 entrance cells (row-major indices) as last listed by
    /// [`Playground::hierarchy_info`]; empty when there is no hierarchy.
    pub fn entrances(&self) -> &[u32] {
        self.hierarchy.as_ref().map_or(&[], |h| &h.entrances)
    }

    /// The subgoal graph's sizes when one is built for the current grid (see [`SubgoalInfo`]);
    /// `None` before the first subgoal search on this grid, or when the grid was refused.
    pub fn subgoal_info(&self) -> Option<SubgoalInfo> {
        let (version, Ok(g)) = self.subgoal.as_ref()? else {
            return None;
        };
        if *version != self.version {
            return None;
        }
        Some(SubgoalInfo {
            subgoals: g.subgoal_count(),
            edges: g.edge_count(),
            shortcuts: g.shortcut_count(),
            core: g.core_count(),
            bytes: g.memory_bytes(),
            builds: self.subgoal_builds,
        })
    }

    /// Jump Point Search on terrain as kept (see [`WeightedInfo`]); `None` before its first
    /// search on this grid.
    ///
    /// ```
    /// use catmaze_wasm::{Algorithm, Playground, Settings};
    /// use pathkit::grid::Cell;
    ///
    /// let mut pg = Playground::new(6, 1).unwrap();
    /// let settings = Settings { algorithm: Algorithm::WeightedJps, ..Settings::default() };
    /// pg.start(0, settings, Cell::new(0, 0), Cell::new(5, 0));
    /// pg.set_cell(2, 0, 4); // mud on the only way: passed on to the kept search
    /// pg.start(0, settings, Cell::new(0, 0), Cell::new(5, 0));
    /// assert_eq!(pg.status(0, 0).cost, Some(8.0));
    /// assert_eq!(pg.weighted_info().unwrap().builds, 1);
    /// ```
    pub fn weighted_info(&self) -> Option<WeightedInfo> {
        let Some(Ok(w)) = &self.weighted else {
            return None;
        };
        Some(WeightedInfo {
            bytes: w.memory_bytes(),
            builds: self.weighted_builds,
        })
    }

    /// A*'s optimal cost on `slot`'s last query under its move rule and costs (terrain
    /// included), remembered in the slot's status as `optimum`: what the hierarchical path's
    /// cost is measured against. -1 when there is no path or no query.
    pub fn reference(&mut self, slot: usize) -> f64 {
        let s = &mut self.slots[slot.min(1)];
        let (Some(settings), Some(start), Some(goal)) = (s.settings, s.start, s.goal) else {
            return -1.0;
        };
        let (straight, diagonal) = move_costs(settings.tutorial_costs);
        let found = self
            .grid
            .space(settings.diagonal, straight, diagonal)
            .map_err(PlaygroundError::from)
            .and_then(|space| {
                space
                    .find_path(&mut self.ctx, start, goal)
                    .map_err(PlaygroundError::from)
            });
        match found {
            Ok(outcome) => {
                s.optimum = outcome.into_path().map(|p| p.cost);
                s.optimum.unwrap_or(-1.0)
            }
            Err(_) => -1.0,
        }
    }

    fn start_stepper(&mut self, slot: usize, settings: Settings, start: Cell, goal: Cell) {
        let (straight, diagonal) = move_costs(settings.tutorial_costs);
        let mut options = SearchOptions::new().tie_break(settings.tie);
        let mut grid = self.grid.clone();
        let mut heuristic = settings.heuristic;
        let (mut straight, mut diagonal) = (straight, diagonal);
        match settings.algorithm {
            Algorithm::Dijkstra => options.heuristic_weight = 0.0,
            Algorithm::WeightedAStar => options.heuristic_weight = settings.weight,
            Algorithm::BreadthFirst => {
                // Breadth-first search knows no costs: every move is one step, whatever the
                // terrain, expanded in the order found (zero estimate, first in first out).
                options.heuristic_weight = 0.0;
                options.tie_break = TieBreak::Fifo;
                heuristic = Heuristic::Zero;
                (straight, diagonal) = (1.0, 1.0);
                for w in grid.weights().to_vec().iter().enumerate() {
                    if *w.1 > 1 {
                        let cell = grid.cell_at(w.0);
                        let _ = grid.set_weight(cell, 1);
                    }
                }
            }
            _ => {}
        }
        let rule = settings.diagonal;
        let in_tiles = settings.heuristic_in_tiles;
        let made = LiveSearch::new(
            grid,
            move |g| {
                let space = g.space(rule, straight, diagonal)?.with_heuristic(heuristic);
                Ok(if in_tiles {
                    space.heuristic_units(1.0, 1.0)
                } else {
                    space
                })
            },
            start,
            goal,
            options,
        );
        let s = &mut self.slots[slot];
        match made {
            Ok(live) => {
                s.live = Some(live);
                Self::record(s, start, self.grid.width(), self.grid.height());
            }
            Err(e) => s.fail(e),
        }
    }

    /// Runs a search that has no steps to show. Each family builds or fetches what it searches
    /// (a view of the grid, the JPS+ table, the navigation mesh, the hierarchy, a graph around
    /// the walls); [`search_into`] then asks it through the front door and draws the answer.
    fn run_at_once(&mut self, slot: usize, settings: Settings, start: Cell, goal: Cell) {
        let algorithm = settings.algorithm;
        if !algorithm.takes_moves(settings.diagonal) {
            self.slots[slot].fail(PlaygroundError::Moves {
                algorithm,
                moves: settings.diagonal,
            });
            return;
        }
        // A walled start or goal has no path: answered before anything is built or searched
        // (the library's check of the ends, the same for every search of the grid).
        let ends = self.grid.four_connected().check_ends(start, goal);
        if matches!(ends, Ok(Ends::StartBlocked | Ends::GoalBlocked)) {
            self.slots[slot].finished = true;
            return;
        }
        if algorithm == Algorithm::Hierarchical {
            if let Err(e) = self.build_hierarchy(settings) {
                self.slots[slot].fail(e);
                return;
            }
        }
        let s = &mut self.slots[slot];
        let ends = [start, goal];
        let built: Result<(), PlaygroundError> = match algorithm {
            Algorithm::Jps => {
                let mode = JpsMode {
                    moves: settings.diagonal,
                    path: PathMode::JumpPoints,
                };
                search_into(s, &self.grid.jump_points(mode), &mut self.jps, ends);
                Ok(())
            }
            Algorithm::JpsPlus => {
                if self.plus.as_ref().is_none_or(|(v, _)| *v != self.version) {
                    self.plus = Some((self.version, JpsPlus::new(self.grid.clone())));
                }
                match self.plus.as_ref().map(|(_, p)| p) {
                    Some(Ok(plus)) => {
                        let turns = plus.paths(PathMode::JumpPoints);
                        search_into(s, &turns, &mut self.jps, ends);
                        Ok(())
                    }
                    Some(Err(e)) => Err(e.clone().into()),
                    None => Ok(()),
                }
            }
            Algorithm::Subgoal => {
                if self
                    .subgoal
                    .as_ref()
                    .is_none_or(|(v, _)| *v != self.version)
                {
                    self.subgoal_builds += 1;
                    let built = SubgoalGraph::new(self.grid.clone());
                    self.subgoal = Some((self.version, built));
                }
                match self.subgoal.as_ref().map(|(_, g)| g) {
                    Some(Ok(graph)) => {
                        search_into(s, graph, &mut self.subgoal_ctx, ends);
                        Ok(())
                    }
                    Some(Err(e)) => Err(e.clone().into()),
                    None => Ok(()),
                }
            }
            Algorithm::WeightedJps => {
                if self.weighted.is_none() {
                    self.weighted_builds += 1;
                    self.weighted = Some(WeightedJumpPoints::new(self.grid.clone()));
                }
                match &self.weighted {
                    Some(Ok(jumps)) => {
                        search_into(s, jumps, &mut self.jps, ends);
                        Ok(())
                    }
                    Some(Err(e)) => Err(PlaygroundError::WeightedJps(e.clone())),
                    None => Ok(()),
                }
            }
            Algorithm::AnyAngle => {
                if self.mesh.as_ref().is_none_or(|(v, _)| *v != self.version) {
                    self.mesh = Some((self.version, NavMesh::from_grid(&self.grid)));
                }
                match self.mesh.as_ref().map(|(_, m)| m) {
                    Some(Ok(mesh)) => {
                        search_into(s, mesh, &mut self.any_angle, ends.map(tile_centre));
                        Ok(())
                    }
                    Some(Err(e)) => Err(e.clone().into()),
                    None => Ok(()),
                }
            }
            Algorithm::Hierarchical => {
                if let Some(h) = &self.hierarchy {
                    search_into(s, &h.map, &mut self.hierarchy_ctx, ends);
                }
                Ok(())
            }
            Algorithm::ObstacleGraph | Algorithm::MeshGraph => {
                let kind = if algorithm == Algorithm::ObstacleGraph {
                    GraphKind::Obstacles
                } else {
                    GraphKind::Mesh
                };
                match GraphQuery::new(&self.grid, kind, AGENT_RADIUS, start, goal) {
                    Ok(q) => {
                        let ends = [q.start, q.goal];
                        match &q.graph {
                            BuiltGraph::Obstacles(g) => {
                                search_into(s, g, &mut self.graph_ctx, ends)
                            }
                            BuiltGraph::Mesh(g) => search_into(s, g, &mut self.graph_ctx, ends),
                        }
                        Ok(())
                    }
                    Err(e) => Err(e.into()),
                }
            }
            Algorithm::AStar
            | Algorithm::Dijkstra
            | Algorithm::BreadthFirst
            | Algorithm::WeightedAStar => Ok(()),
        };
        if let Err(e) = built {
            s.fail(e);
        }
    }

    /// Copies the search's numbers for `cell` and its eight neighbours into the slot's arrays,
    /// noting each tile whose numbers changed.
    fn record(s: &mut Slot, cell: Cell, width: u32, height: u32) {
        let Some(live) = &s.live else {
            return;
        };
        // The cell itself, then its neighbours in the grid's own order.
        for (dx, dy) in std::iter::once((0, 0)).chain(NEIGHBOUR_ORDER) {
            let Some(c) = cell.offset(dx, dy) else {
                continue;
            };
            if c.x >= width || c.y >= height {
                continue;
            }
            let Some(view) = live.view(c) else {
                continue;
            };
            let i = (c.y * width + c.x) as usize;
            let state = if live.is_closed(c) {
                tile_state::CLOSED
            } else {
                tile_state::OPEN
            };
            let parent = view
                .parent
                .map_or(NO_PARENT, |p| (p.y * width + p.x) as i32);
            if s.state[i] != state || s.g[i] != view.g || s.h[i] != view.h || s.parent[i] != parent
            {
                s.state[i] = state;
                s.g[i] = view.g;
                s.h[i] = view.h;
                s.parent[i] = parent;
                s.changed.push(i as u32);
            }
        }
    }

    /// Advances `slot` by up to `steps` expansions; returns how many happened (the goal's
    /// closing counts as one).
    pub fn run(&mut self, slot: usize, steps: u32) -> u32 {
        let (width, height) = (self.grid.width(), self.grid.height());
        let s = &mut self.slots[slot.min(1)];
        let mut done = 0;
        while done < steps && !s.finished {
            let Some(live) = &mut s.live else {
                break;
            };
            match live.step() {
                Ok(Stepped::Expanded(cell)) => {
                    s.expansions += 1;
                    s.current = Some(cell);
                    Self::record(s, cell, width, height);
                }
                Ok(Stepped::Finished(found)) => {
                    s.finished = true;
                    if let Some((nodes, cost)) = found {
                        if let Some(&goal) = nodes.last() {
                            s.expansions += 1;
                            s.current = Some(goal);
                            Self::record(s, goal, width, height);
                        }
                        s.path = nodes;
                        s.cost = Some(cost);
                    }
                }
                Err(e) => {
                    s.fail(e);
                    break;
                }
            }
            done += 1;
        }
        done
    }

    /// What the page shows beside the map: whether the search is over, its path and cost,
    /// expansions, the current tile, and the open and closed lists (at most `list_max` entries
    /// each: the open list from its head, the closed list its most recent entries).
    pub fn status(&self, slot: usize, list_max: usize) -> SlotStatus {
        let s = &self.slots[slot.min(1)];
        let (open, open_count, closed, closed_count) = match &s.live {
            Some(live) if list_max > 0 => {
                let open = live.open_list();
                let closed = live.closed_list();
                let skip = closed.len().saturating_sub(list_max);
                (
                    open.iter().take(list_max).map(ListEntry::from).collect(),
                    open.len(),
                    closed[skip..].iter().map(ListEntry::from).collect(),
                    closed.len(),
                )
            }
            _ => (Vec::new(), 0, Vec::new(), 0),
        };
        SlotStatus {
            algorithm: s.algorithm.map(Algorithm::code),
            finished: s.finished,
            found: s.cost.is_some(),
            cost: s.cost,
            path: s.path.iter().map(|&c| xy(c)).collect(),
            points: s.points.chunks(2).map(|p| [p[0], p[1]]).collect(),
            expansions: s.expansions,
            current: s.current.map(xy),
            start: s.start.map(xy),
            goal: s.goal.map(xy),
            error: s.error.as_ref().map(ErrorAnswer::from),
            open,
            open_count,
            closed,
            closed_count,
            stepping: s.live.is_some(),
            searches: s.hierarchy.map(|h| h.searches),
            abstract_expanded: s.hierarchy.map(|h| h.abstract_expanded),
            optimum: s.optimum,
        }
    }

    /// The navigation mesh of the any-angle search, as triangles of three x, y corners in tile
    /// units, when it has been built for the current grid and has at most `max` triangles
    /// (enough to draw; a 1024x1024 city has too many to be worth it).
    pub fn mesh_triangles(&self, max: usize) -> Vec<[f64; 6]> {
        let Some((version, Ok(mesh))) = &self.mesh else {
            return Vec::new();
        };
        if *version != self.version || mesh.triangle_count() > max {
            return Vec::new();
        }
        (0..mesh.triangle_count())
            .filter_map(|k| mesh.triangle(k))
            .map(|[a, b, c]| [a.x, a.y, b.x, b.y, c.x, c.y])
            .collect()
    }

    /// One full A* query with the library's fastest grid search (8-connected, 1 and √2, no
    /// corner cutting), nothing recorded: what the speed comparison times. Returns the path's
    /// cost, or -1 when there is none or the query is refused.
    pub fn query_astar(&mut self, start: Cell, goal: Cell) -> f64 {
        match self
            .grid
            .eight_connected()
            .find_path(&mut self.ctx, start, goal)
        {
            Ok(o) => o.into_path().map_or(-1.0, |p| p.cost),
            Err(_) => -1.0,
        }
    }

    /// Expansions of the last [`Playground::query_astar`].
    pub fn query_expansions(&self) -> u64 {
        self.ctx.stats().expanded
    }
}

/// A tile as the page reads it: `[x, y]`.
fn xy(c: Cell) -> [u32; 2] {
    [c.x, c.y]
}

/// The centre of a tile, in tile units.
fn tile_centre(c: Cell) -> Point {
    Point::new(c.x as f64 + 0.5, c.y as f64 + 0.5)
}

/// A slot as the page shows it: [`Playground::status`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotStatus {
    /// The code of the last search's algorithm.
    pub algorithm: Option<&'static str>,
    /// The search is over (found, no path, or refused).
    pub finished: bool,
    /// A path was found.
    pub found: bool,
    /// Its cost, in tiles (or in tens, with the tutorial's costs).
    pub cost: Option<f64>,
    /// Its tiles, start first (empty for the searches that answer in points).
    pub path: Vec<[u32; 2]>,
    /// Jump points (JPS, JPS+) or corners (any-angle, the graphs), in tile units.
    pub points: Vec<[f64; 2]>,
    /// Nodes expanded.
    pub expansions: u64,
    /// The tile expanded last, while stepping.
    pub current: Option<[u32; 2]>,
    /// The start asked for.
    pub start: Option<[u32; 2]>,
    /// The goal asked for.
    pub goal: Option<[u32; 2]>,
    /// Why the search was refused.
    pub error: Option<ErrorAnswer>,
    /// The open list from its head (stepping searches).
    pub open: Vec<ListEntry>,
    /// The open list's length.
    pub open_count: usize,
    /// The closed list's most recent entries, oldest first.
    pub closed: Vec<ListEntry>,
    /// The closed list's length.
    pub closed_count: usize,
    /// The search is stepped (it has open and closed lists).
    pub stepping: bool,
    /// The hierarchical search's searches (joining the ends, the top level, refinements).
    pub searches: Option<u64>,
    /// Of its expansions, those of the top level.
    pub abstract_expanded: Option<u64>,
    /// A*'s cost on the same query (after [`Playground::reference`]).
    pub optimum: Option<f64>,
}

/// One tile of the open or closed list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListEntry {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
    /// G + H.
    pub f: f64,
    /// The cost from the start.
    pub g: f64,
    /// The estimate.
    pub h: f64,
    /// The tile it is reached from, `[x, y]`.
    pub parent: Option<[u32; 2]>,
}

impl From<&pathkit::search::NodeView<Cell, f64>> for ListEntry {
    fn from(v: &pathkit::search::NodeView<Cell, f64>) -> Self {
        ListEntry {
            x: v.node.x,
            y: v.node.y,
            f: v.f,
            g: v.g,
            h: v.h,
            parent: v.parent.map(xy),
        }
    }
}

/// The kept hierarchy's sizes: [`Playground::hierarchy_info`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HierarchyInfo {
    /// The side of a level-1 cluster, in tiles.
    pub cluster_side: u32,
    /// Levels of clusters.
    pub levels: u8,
    /// Level-1 clusters.
    pub clusters: usize,
    /// Abstract nodes.
    pub nodes: usize,
    /// Abstract edges.
    pub edges: usize,
    /// Memory the abstract graph takes.
    pub bytes: usize,
    /// Level-1 entrance tiles.
    pub entrances: usize,
    /// Full builds since the page started.
    pub builds: u64,
}

/// The subgoal graph's sizes: [`Playground::subgoal_info`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubgoalInfo {
    /// Subgoals: the free cells diagonal to a wall's corner.
    pub subgoals: usize,
    /// Edges between subgoals that reach each other directly.
    pub edges: usize,
    /// Shortcuts the contraction hierarchy added.
    pub shortcuts: usize,
    /// Subgoals left uncontracted, in the core searched with A*.
    pub core: usize,
    /// Memory the graph takes beyond the grid.
    pub bytes: usize,
    /// Full builds since the page started.
    pub builds: u64,
}

/// Jump Point Search on terrain as kept: [`Playground::weighted_info`].
///
/// ```
/// use catmaze_wasm::{Algorithm, Playground, Settings};
/// use pathkit::grid::Cell;
///
/// let mut pg = Playground::new(8, 8).unwrap();
/// assert!(pg.weighted_info().is_none(), "built by its first search");
/// let settings = Settings { algorithm: Algorithm::WeightedJps, ..Settings::default() };
/// pg.start(0, settings, Cell::new(0, 0), Cell::new(7, 7));
/// let info = pg.weighted_info().unwrap();
/// assert_eq!(info.builds, 1);
/// assert!(info.bytes > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WeightedInfo {
    /// Memory its marks of the terrain take beyond the grid.
    pub bytes: u64,
    /// Full builds since the page started (a painted tile edits it instead).
    pub builds: u64,
}

/// A search the playground runs at once through pathkit's front door, and how its answer is
/// drawn.
trait AtOnce: Pathfinder {
    /// Copies the counters of the context's last query into the slot.
    fn count(ctx: &Self::Context, s: &mut Slot);

    /// Draws a found path into the slot (tiles into `path`; jump points or corners into
    /// `points`) and returns its cost in tiles.
    ///
    /// # Errors
    ///
    /// A node the page cannot place.
    fn draw(
        &self,
        nodes: Vec<Self::Node>,
        cost: Self::Cost,
        s: &mut Slot,
    ) -> Result<f64, PlaygroundError>;

    /// The playground's error for a refusal of the query (the library's error, by default).
    fn refusal(e: Self::Error) -> PlaygroundError
    where
        PlaygroundError: From<Self::Error>,
    {
        e.into()
    }
}

/// The one search of every at-once family: asks `finder` for the path between `ends`, records
/// its counters and draws the path into the slot, or the refusal.
fn search_into<P>(s: &mut Slot, finder: &P, ctx: &mut P::Context, ends: [P::Node; 2])
where
    P: AtOnce,
    PlaygroundError: From<P::Error>,
{
    s.finished = true;
    let [start, goal] = ends;
    let drawn = finder
        .find_path(ctx, start, goal)
        .map_err(P::refusal)
        .and_then(|outcome| {
            P::count(ctx, s);
            outcome
                .into_path()
                .map(|p| finder.draw(p.nodes, p.cost, s))
                .transpose()
        });
    match drawn {
        Ok(cost) => s.cost = cost,
        Err(e) => s.fail(e),
    }
}

/// Jump points as the page draws them (at tile centres), and the tiles between them: each leg
/// goes diagonally first and then straight (8-way), or vertically first and then horizontally
/// (4-way), as pathkit's jump-point paths are defined.
fn draw_jump_points(nodes: &[Cell], eight: bool, s: &mut Slot) {
    for c in nodes {
        s.points.extend([c.x as f64 + 0.5, c.y as f64 + 0.5]);
    }
    s.path.clear();
    s.path.extend(nodes.first());
    for leg in nodes.windows(2) {
        let (mut at, to) = (leg[0], leg[1]);
        while at != to {
            let dx = i64::from(to.x) - i64::from(at.x);
            let dy = i64::from(to.y) - i64::from(at.y);
            let (sx, sy) = (dx.signum(), dy.signum());
            let (mx, my) = if eight {
                (sx, sy)
            } else if dy != 0 {
                (0, sy)
            } else {
                (sx, 0)
            };
            at = Cell::new((i64::from(at.x) + mx) as u32, (i64::from(at.y) + my) as u32);
            s.path.push(at);
        }
    }
}

impl AtOnce for JumpPoints<'_> {
    fn count(ctx: &JpsContext, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    fn draw(&self, nodes: Vec<Cell>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        draw_jump_points(&nodes, self.mode().moves != Diagonal::Never, s);
        Ok(cost)
    }
}

impl AtOnce for JpsPlusPaths<'_> {
    fn count(ctx: &JpsContext, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    fn draw(&self, nodes: Vec<Cell>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        // JPS+ moves 8-way only.
        draw_jump_points(&nodes, true, s);
        Ok(cost)
    }
}

impl AtOnce for SubgoalGraph {
    fn count(ctx: &SubgoalContext, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    /// Every tile of the path, and as points its ends and the subgoals it passes: where it may
    /// turn, as JPS's jump points are.
    fn draw(&self, nodes: Vec<Cell>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        let last = nodes.len().saturating_sub(1);
        for (k, &c) in nodes.iter().enumerate() {
            if k == 0 || k == last || self.is_subgoal(c) {
                s.points.extend([c.x as f64 + 0.5, c.y as f64 + 0.5]);
            }
        }
        s.path = nodes;
        Ok(cost)
    }
}

impl AtOnce for WeightedJumpPoints {
    fn count(ctx: &JpsContext, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    /// Every tile of the path, and as points its ends and the tiles where it turns: the jump
    /// points it keeps, as JPS's are drawn.
    fn draw(&self, nodes: Vec<Cell>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        for c in turns(&nodes) {
            s.points.extend([c.x as f64 + 0.5, c.y as f64 + 0.5]);
        }
        s.path = nodes;
        Ok(cost)
    }

    /// Its refusals carry its own code, not plain JPS's.
    fn refusal(e: JpsError) -> PlaygroundError {
        PlaygroundError::WeightedJps(e)
    }
}

/// The ends of a path of tiles and the tiles where its direction changes, in order.
fn turns(nodes: &[Cell]) -> impl Iterator<Item = Cell> + '_ {
    let step = |a: Cell, b: Cell| {
        (
            i64::from(b.x) - i64::from(a.x),
            i64::from(b.y) - i64::from(a.y),
        )
    };
    let last = nodes.len().saturating_sub(1);
    nodes.iter().enumerate().filter_map(move |(k, &c)| {
        let keep = k == 0 || k == last || step(nodes[k - 1], c) != step(c, nodes[k + 1]);
        keep.then_some(c)
    })
}

impl AtOnce for NavMesh {
    fn count(ctx: &AnyAngleSearch, s: &mut Slot) {
        s.expansions = ctx.expanded() as u64;
    }

    fn draw(&self, nodes: Vec<Point>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        for q in nodes {
            s.points.extend([q.x, q.y]);
        }
        Ok(cost)
    }
}

impl AtOnce for HierarchicalGrid<f64> {
    fn count(ctx: &HierarchyContext<f64>, s: &mut Slot) {
        let stats = ctx.stats();
        s.expansions = stats.expanded;
        s.hierarchy = Some(stats);
    }

    fn draw(&self, nodes: Vec<Cell>, cost: f64, s: &mut Slot) -> Result<f64, PlaygroundError> {
        s.path = nodes;
        Ok(cost)
    }
}

/// The corners of a graph's path, and its length measured between them.
fn draw_graph_path(
    graph: &NodeGraph,
    nodes: &[NodeId],
    s: &mut Slot,
) -> Result<f64, PlaygroundError> {
    let path = graph_searches::vector_path(graph, nodes)?;
    for q in &path.points {
        s.points.extend(q);
    }
    Ok(path.length)
}

impl AtOnce for ObstacleGraph {
    fn count(ctx: &SearchContext<f32>, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    fn draw(&self, nodes: Vec<NodeId>, _: f32, s: &mut Slot) -> Result<f64, PlaygroundError> {
        draw_graph_path(self.graph(), &nodes, s)
    }
}

impl AtOnce for MeshGraph {
    fn count(ctx: &SearchContext<f32>, s: &mut Slot) {
        s.expansions = ctx.stats().expanded;
    }

    fn draw(&self, nodes: Vec<NodeId>, _: f32, s: &mut Slot) -> Result<f64, PlaygroundError> {
        draw_graph_path(self.graph(), &nodes, s)
    }
}

/// Straight and diagonal move costs: the tutorial's 10 and 14, or 1 and √2.
fn move_costs(tutorial: bool) -> (f64, f64) {
    if tutorial {
        (10.0, 14.0)
    } else {
        (1.0, std::f64::consts::SQRT_2)
    }
}

fn check_side(width: u32, height: u32) -> Result<(), PlaygroundError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(PlaygroundError::Size { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Playground {
        let level = catmaze::Level::original();
        let weights: Vec<u32> = level.walls().iter().map(|&w| u32::from(!w)).collect();
        let mut pg = Playground::new(1, 1).unwrap();
        pg.set_weights(level.width(), level.height(), &weights)
            .unwrap();
        pg
    }

    fn tutorial() -> Settings {
        Settings {
            weight: 1.0,
            ..Settings::tutorial()
        }
    }

    #[test]
    fn the_tutorials_worked_example_step_by_step() {
        let mut pg = level();
        pg.start(0, tutorial(), Cell::new(24, 0), Cell::new(22, 3));
        let n = pg.run(0, 1000);
        assert_eq!(n, 13, "13 removals, the target included");
        let st = pg.status(0, 50);
        let path: Vec<(u32, u32)> = st.path.iter().map(|p| (p[0], p[1])).collect();
        assert_eq!(
            path,
            [
                (24, 0),
                (24, 1),
                (23, 1),
                (22, 1),
                (21, 1),
                (20, 1),
                (20, 2),
                (20, 3),
                (21, 3),
                (22, 3)
            ]
        );
        // The tutorial's G/H per step of the path.
        let s = pg.slot(0);
        let gh: Vec<(f64, f64)> = path[1..]
            .iter()
            .map(|&(x, y)| {
                let i = (y * 25 + x) as usize;
                (s.g[i], s.h[i])
            })
            .collect();
        assert_eq!(
            gh,
            [
                (1., 4.),
                (2., 3.),
                (3., 2.),
                (4., 3.),
                (5., 4.),
                (6., 3.),
                (7., 2.),
                (8., 1.),
                (9., 0.)
            ]
        );
        assert_eq!(st.expansions, 13);
    }

    #[test]
    fn every_algorithm_finds_the_optimal_cost_on_an_open_field() {
        let mut pg = Playground::new(12, 9).unwrap();
        for x in 2..10 {
            pg.set_cell(x, 4, 0);
        }
        let (a, b) = (Cell::new(1, 4), Cell::new(10, 4));
        pg.start(0, Settings::default(), a, b);
        pg.run(0, u32::MAX);
        let best = pg.status(0, 0).cost.unwrap();
        let best_moves = pg.status(0, 0).path.len();
        for algorithm in Algorithm::ALL {
            let settings = Settings {
                algorithm,
                weight: 1.0,
                ..Settings::default()
            };
            pg.start(1, settings, a, b);
            pg.run(1, u32::MAX);
            let st = pg.status(1, 0);
            assert_eq!(st.error, None, "{algorithm:?}");
            let cost = st.cost.unwrap_or_else(|| panic!("{algorithm:?}: {st:?}"));
            match algorithm {
                // Fewest moves, not least cost: the same count of moves here (no diagonal helps).
                Algorithm::BreadthFirst => {
                    assert_eq!(st.path.len(), best_moves)
                }
                // Straight lines between corners: never longer than the grid path.
                Algorithm::AnyAngle => assert!(cost <= best + 1e-9, "{cost} vs {best}"),
                // Near-optimal.
                Algorithm::Hierarchical => assert!(cost <= best * 1.05, "{cost} vs {best}"),
                // Straight lines round the walls grown by the agent's radius: longer than the
                // any-angle path by a little, shorter than the grid path here. A mesh graph's
                // nodes are the triangulation's vertices, so its path may bend more.
                Algorithm::ObstacleGraph | Algorithm::MeshGraph => {
                    assert!(st.points.len() >= 4, "{algorithm:?}: {st:?}");
                    let slack = if algorithm == Algorithm::MeshGraph {
                        1.2
                    } else {
                        1.0
                    };
                    assert!(
                        cost <= best * slack + 1e-6,
                        "{algorithm:?}: {cost} vs {best}"
                    );
                    assert!(cost >= 9.0, "{algorithm:?}: {cost}");
                }
                _ => assert!(
                    (cost - best).abs() < 1e-9,
                    "{algorithm:?}: {cost} vs {best}"
                ),
            }
        }
    }

    #[test]
    fn malformed_maps_and_sizes_are_errors() {
        let mut pg = Playground::new(3, 3).unwrap();
        assert!(pg.load_movingai(b"type octile\nheight 2\n").is_err());
        assert!(pg.load_movingai(&[0xff, 0, 1]).is_err());
        assert!(Playground::new(0, 3).is_err());
        assert!(Playground::new(2000, 3).is_err());
        assert!(matches!(
            pg.set_weights(2, 2, &[1, 1, 1]),
            Err(PlaygroundError::WeightCount {
                expected: 4,
                found: 3
            })
        ));
        assert!(matches!(
            pg.load_movingai(b"type octile\nheight 2\nwidth x\nmap\n"),
            Err(PlaygroundError::Map(_))
        ));
        pg.load_movingai(b"type octile\nheight 2\nwidth 3\nmap\n..@\n...\n")
            .unwrap();
        assert_eq!((pg.grid().width(), pg.grid().height()), (3, 2));
        pg.start(0, Settings::default(), Cell::new(0, 0), Cell::new(9, 9));
        assert_eq!(pg.status(0, 0).error.unwrap().code, "off-map");
    }

    #[test]
    fn the_mesh_is_there_to_draw_after_an_any_angle_search() {
        let mut pg = Playground::new(6, 4).unwrap();
        pg.set_cell(2, 1, 0);
        assert!(pg.mesh_triangles(1000).is_empty());
        let settings = Settings {
            algorithm: Algorithm::AnyAngle,
            ..Settings::default()
        };
        pg.start(0, settings, Cell::new(0, 1), Cell::new(5, 1));
        let triangles = pg.mesh_triangles(1000);
        assert!(!triangles.is_empty());
        assert!(triangles.iter().flatten().all(|v| (0.0..=6.0).contains(v)));
        assert!(pg.mesh_triangles(0).is_empty());
        pg.set_cell(3, 3, 0);
        assert!(
            pg.mesh_triangles(1000).is_empty(),
            "the mesh of an older grid"
        );
    }

    #[test]
    fn the_hierarchy_is_built_once_and_follows_the_walls_drawn() {
        let mut pg = Playground::new(40, 40).unwrap();
        let settings = Settings {
            algorithm: Algorithm::Hierarchical,
            cluster_size: 8,
            ..Settings::default()
        };
        let (a, b) = (Cell::new(2, 20), Cell::new(37, 20));
        assert!(pg.build_hierarchy(settings).unwrap());
        assert!(!pg.build_hierarchy(settings).unwrap(), "kept");
        pg.start(0, settings, a, b);
        assert!((pg.reference(0) - 35.0).abs() < 1e-9);
        let st = pg.status(0, 0);
        assert_eq!(st.optimum, Some(35.0));
        // Near-optimal: the path bends through the entrances of the clusters it crosses.
        let cost = st.cost.unwrap();
        assert!((35.0..=35.0 * 1.1).contains(&cost), "{cost}");
        assert!(st.searches.unwrap() > 0);
        let info = pg.hierarchy_info().unwrap();
        assert_eq!((info.cluster_side, info.clusters), (8, 25));
        assert!(!pg.entrances().is_empty());
        // A wall across the map but for one gap: the hierarchy is edited, not rebuilt.
        for y in 0..40 {
            if y != 3 {
                pg.set_cell(20, y, 0);
            }
        }
        pg.start(0, settings, a, b);
        let cost = pg.status(0, 0).cost.unwrap();
        let best = pg.reference(0);
        assert!(
            cost >= best - 1e-9 && cost <= best * 1.1,
            "{cost} vs {best}"
        );
        assert_eq!(pg.hierarchy_info().unwrap().builds, 1);
        assert!(pg.status(0, 0).path.contains(&[20, 3]));
        // Another cluster size builds another hierarchy; a size out of range is an error.
        pg.start(
            0,
            Settings {
                cluster_size: 1,
                ..settings
            },
            a,
            b,
        );
        let error = pg.status(0, 0).error.unwrap();
        assert_eq!(error.code, "hierarchy");
        assert!(error.message.contains("cluster size 1"), "{error:?}");
    }

    /// A random map: about one tile in `1 / wall_share` a wall (a fixed seed per map).
    fn random_map(width: u32, height: u32, seed: u64, wall_share: u64) -> Playground {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let weights: Vec<u32> = (0..width * height)
            .map(|_| u32::from(next() % wall_share != 0))
            .collect();
        let mut pg = Playground::new(1, 1).unwrap();
        pg.set_weights(width, height, &weights).unwrap();
        pg
    }

    /// Some pairs of free tiles of the map, and a walled tile when there is one.
    fn queries(pg: &Playground, n: usize) -> (Vec<(Cell, Cell)>, Option<Cell>) {
        let grid = pg.grid();
        let free: Vec<Cell> = (0..grid.len())
            .map(|i| grid.cell_at(i))
            .filter(|&c| grid.is_passable(c))
            .collect();
        let wall = (0..grid.len())
            .map(|i| grid.cell_at(i))
            .find(|&c| !grid.is_passable(c));
        let step = (free.len() / (2 * n)).max(1);
        let pairs = (0..n)
            .map(|k| {
                (
                    free[(k * step) % free.len()],
                    free[free.len() - 1 - (k * step * 3) % free.len()],
                )
            })
            .collect();
        (pairs, wall)
    }

    #[test]
    fn jump_point_searches_draw_the_librarys_own_cells_and_jump_points() {
        for (seed, moves) in [
            (1, Diagonal::NoCornerCutting),
            (2, Diagonal::Never),
            (3, Diagonal::NoCornerCutting),
            (4, Diagonal::Never),
        ] {
            let mut pg = random_map(23, 17, seed, 4);
            let (pairs, _) = queries(&pg, 12);
            let grid = pg.grid().clone();
            let plus = JpsPlus::new(grid.clone()).unwrap();
            let mut ctx = JpsContext::new();
            let mut compared = 0;
            for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
                if !algorithm.takes_moves(moves) {
                    continue;
                }
                let settings = Settings {
                    algorithm,
                    diagonal: moves,
                    ..Settings::default()
                };
                for &(a, b) in &pairs {
                    pg.start(0, settings, a, b);
                    let st = pg.status(0, 0);
                    assert_eq!(st.error, None);
                    let mode = JpsMode {
                        moves,
                        path: PathMode::Cells,
                    };
                    let (cells, turns) = if algorithm == Algorithm::Jps {
                        (
                            grid.jump_points(mode).find_path(&mut ctx, a, b).unwrap(),
                            grid.jump_points(mode.jump_points())
                                .find_path(&mut ctx, a, b)
                                .unwrap(),
                        )
                    } else {
                        (
                            plus.find_path(&mut ctx, a, b).unwrap(),
                            plus.paths(PathMode::JumpPoints)
                                .find_path(&mut ctx, a, b)
                                .unwrap(),
                        )
                    };
                    assert_eq!(st.expansions, ctx.stats().expanded);
                    let (Some(cells), Some(turns)) = (cells.into_path(), turns.into_path()) else {
                        assert!(!st.found && st.path.is_empty(), "{a} {b}: {st:?}");
                        continue;
                    };
                    compared += 1;
                    assert_eq!(st.cost, Some(cells.cost));
                    let path: Vec<[u32; 2]> = cells.nodes.iter().map(|&c| xy(c)).collect();
                    assert_eq!(st.path, path, "{algorithm:?} {moves:?} {a} {b}");
                    let points: Vec<[f64; 2]> = turns
                        .nodes
                        .iter()
                        .map(|c| [c.x as f64 + 0.5, c.y as f64 + 0.5])
                        .collect();
                    assert_eq!(st.points, points);
                }
            }
            assert!(compared >= 8, "{compared} paths compared on map {seed}");
        }
    }

    #[test]
    fn every_at_once_search_answers_as_the_library_asked_directly() {
        let mut pg = random_map(30, 22, 7, 5);
        let (pairs, wall) = queries(&pg, 8);
        let grid = pg.grid().clone();
        let mesh = NavMesh::from_grid(&grid).unwrap();
        let mut search = AnyAngleSearch::new();
        let settings = Settings {
            cluster_size: 8,
            ..Settings::default()
        };
        let map = HierarchicalGrid::new(
            grid.clone(),
            settings.diagonal,
            1.0,
            std::f64::consts::SQRT_2,
            HierarchyOptions::new().cluster_size(8),
        )
        .unwrap();
        let mut hctx = HierarchyContext::new();
        let subgoals = SubgoalGraph::new(grid.clone()).unwrap();
        let mut sctx = SubgoalContext::new();
        let weighted = WeightedJumpPoints::new(grid.clone()).unwrap();
        let mut wctx = JpsContext::new();
        let mut found = 0;
        for &(a, b) in &pairs {
            let optimum = grid
                .eight_connected()
                .find_path(&mut SearchContext::new(), a, b)
                .unwrap()
                .into_path()
                .map(|p| p.cost);
            for algorithm in [
                Algorithm::Jps,
                Algorithm::JpsPlus,
                Algorithm::Subgoal,
                Algorithm::WeightedJps,
                Algorithm::AnyAngle,
                Algorithm::Hierarchical,
                Algorithm::ObstacleGraph,
                Algorithm::MeshGraph,
            ] {
                pg.start(
                    0,
                    Settings {
                        algorithm,
                        ..settings
                    },
                    a,
                    b,
                );
                let st = pg.status(0, 0);
                assert_eq!(st.error, None, "{algorithm:?}");
                assert!(st.finished);
                let expected = match algorithm {
                    Algorithm::Jps | Algorithm::JpsPlus => optimum,
                    Algorithm::WeightedJps => {
                        let p = weighted.find_path(&mut wctx, a, b).unwrap().into_path();
                        assert_eq!(st.expansions, wctx.stats().expanded);
                        if let Some(p) = &p {
                            let cells: Vec<[u32; 2]> = p.nodes.iter().map(|&c| xy(c)).collect();
                            assert_eq!(st.path, cells);
                        }
                        let cost = p.as_ref().map(|p| p.cost);
                        assert_eq!(cost.is_some(), optimum.is_some(), "{a} {b}");
                        let (cost, best) = (cost.unwrap_or(0.0), optimum.unwrap_or(0.0));
                        assert!((cost - best).abs() < 1e-9, "{a} {b}: {cost} vs {best}");
                        p.map(|p| p.cost)
                    }
                    Algorithm::Subgoal => {
                        let p = subgoals.find_path(&mut sctx, a, b).unwrap().into_path();
                        assert_eq!(st.expansions, sctx.stats().expanded);
                        if let Some(p) = &p {
                            let cells: Vec<[u32; 2]> = p.nodes.iter().map(|&c| xy(c)).collect();
                            assert_eq!(st.path, cells);
                        }
                        // Optimal: A*'s cost, summed in another order.
                        let cost = p.as_ref().map(|p| p.cost);
                        assert_eq!(cost.is_some(), optimum.is_some(), "{a} {b}");
                        let (cost, best) = (cost.unwrap_or(0.0), optimum.unwrap_or(0.0));
                        assert!((cost - best).abs() < 1e-9, "{a} {b}: {cost} vs {best}");
                        p.map(|p| p.cost)
                    }
                    Algorithm::AnyAngle => {
                        let p = mesh
                            .find_path(&mut search, tile_centre(a), tile_centre(b))
                            .unwrap()
                            .into_path();
                        if let Some(p) = &p {
                            let corners: Vec<[f64; 2]> =
                                p.nodes.iter().map(|q| [q.x, q.y]).collect();
                            assert_eq!(st.points, corners);
                            assert_eq!(st.expansions, search.expanded() as u64);
                        }
                        p.map(|p| p.cost)
                    }
                    Algorithm::Hierarchical => {
                        let p = map.find_path(&mut hctx, a, b).unwrap().into_path();
                        assert_eq!(st.searches, Some(hctx.stats().searches));
                        if let Some(p) = &p {
                            let cells: Vec<[u32; 2]> = p.nodes.iter().map(|&c| xy(c)).collect();
                            assert_eq!(st.path, cells);
                        }
                        p.map(|p| p.cost)
                    }
                    _ => {
                        let kind = if algorithm == Algorithm::ObstacleGraph {
                            GraphKind::Obstacles
                        } else {
                            GraphKind::Mesh
                        };
                        let p =
                            graph_searches::graph_path(&grid, kind, AGENT_RADIUS, a, b).unwrap();
                        if let Some(p) = &p {
                            assert_eq!(st.points, p.points);
                        }
                        p.map(|p| p.length)
                    }
                };
                if matches!(algorithm, Algorithm::Jps | Algorithm::JpsPlus) {
                    // The optimum, summed in another order.
                    assert_eq!(st.found, expected.is_some(), "{algorithm:?} {a} {b}");
                    let (cost, best) = (st.cost.unwrap_or(0.0), expected.unwrap_or(0.0));
                    assert!((cost - best).abs() < 1e-9, "{algorithm:?} {a} {b}");
                } else {
                    assert_eq!(st.cost, expected, "{algorithm:?} {a} {b}");
                }
                found += usize::from(st.found);
            }
        }
        assert!(found >= 24, "{found} paths found");
        // A walled end: no path, no error, nothing expanded, whatever the search.
        let wall = wall.unwrap();
        for algorithm in Algorithm::ALL.into_iter().filter(|a| !a.steps()) {
            for (a, b) in [(pairs[0].0, wall), (wall, pairs[0].1)] {
                pg.start(
                    1,
                    Settings {
                        algorithm,
                        ..settings
                    },
                    a,
                    b,
                );
                let st = pg.status(1, 0);
                assert_eq!(
                    (st.finished, st.found, st.error, st.expansions),
                    (true, false, None, 0),
                    "{algorithm:?}"
                );
            }
        }
    }

    #[test]
    fn a_move_rule_a_search_does_not_take_is_refused_saying_what_to_choose() {
        let mut pg = Playground::new(6, 6).unwrap();
        let settings = Settings {
            algorithm: Algorithm::JpsPlus,
            diagonal: Diagonal::Never,
            ..Settings::default()
        };
        pg.start(0, settings, Cell::new(0, 0), Cell::new(5, 5));
        let error = pg.status(0, 0).error.unwrap();
        assert_eq!(error.code, "moves");
        assert_eq!(
            error.message,
            "JPS+ needs 8-way moves without corner cutting (its jump table is built for them), \
             not 4-way: choose \u{201c}8-way, no corner cutting\u{201d} under Moves, or JPS for \
             4-way moves"
        );
        for moves in [Diagonal::CornerCutting, Diagonal::Always] {
            pg.start(
                0,
                Settings {
                    diagonal: moves,
                    ..settings
                },
                Cell::new(0, 0),
                Cell::new(5, 5),
            );
            let error = pg.status(0, 0).error.unwrap();
            assert!(error
                .message
                .starts_with("JPS+ needs 8-way moves without corner"));
            assert!(!error.message.contains("or JPS for"), "{}", error.message);
        }
        pg.start(
            0,
            Settings {
                algorithm: Algorithm::Jps,
                diagonal: Diagonal::CornerCutting,
                ..settings
            },
            Cell::new(0, 0),
            Cell::new(5, 5),
        );
        assert_eq!(
            pg.status(0, 0).error.unwrap().message,
            "JPS moves only as \u{201c}4-way\u{201d} or \u{201c}8-way, no corner cutting\u{201d}, \
             not 8-way, corner cutting: choose one of them under Moves"
        );
        // The rule it takes: a path.
        pg.start(
            0,
            Settings {
                diagonal: Diagonal::NoCornerCutting,
                ..settings
            },
            Cell::new(0, 0),
            Cell::new(5, 5),
        );
        assert_eq!(pg.status(0, 0).cost, Some(5.0 * std::f64::consts::SQRT_2));
    }

    #[test]
    fn the_status_crosses_as_camel_case_json_with_typed_errors() {
        let mut pg = Playground::new(4, 3).unwrap();
        pg.start(0, Settings::tutorial(), Cell::new(0, 0), Cell::new(3, 2));
        pg.run(0, 2);
        let text = serde_json::to_string(&pg.status(0, 5)).unwrap();
        for key in [
            "\"algorithm\":\"astar\"",
            "\"openCount\":",
            "\"closedCount\":2",
            "\"abstractExpanded\":null",
            "\"error\":null",
            "\"parent\":[0,0]",
        ] {
            assert!(text.contains(key), "{key} in {text}");
        }
        pg.refuse(1, PlaygroundError::Settings("unknown algorithm".into()));
        let text = serde_json::to_string(&pg.status(1, 0)).unwrap();
        assert!(
            text.contains(
                "\"error\":{\"code\":\"settings\",\"message\":\"settings: unknown algorithm\"}"
            ),
            "{text}"
        );
    }

    #[test]
    fn jps_refuses_terrain_with_a_message() {
        let mut pg = Playground::new(4, 4).unwrap();
        pg.set_cell(1, 1, 5);
        let settings = Settings {
            algorithm: Algorithm::Jps,
            ..Settings::default()
        };
        pg.start(0, settings, Cell::new(0, 0), Cell::new(3, 3));
        assert_eq!(pg.status(0, 0).error.unwrap().code, "jps");
    }

    #[test]
    fn the_subgoal_graph_refuses_terrain_with_its_own_code_and_message() {
        let mut pg = Playground::new(4, 4).unwrap();
        pg.set_cell(1, 1, 5);
        let settings = Settings {
            algorithm: Algorithm::Subgoal,
            ..Settings::default()
        };
        pg.start(0, settings, Cell::new(0, 0), Cell::new(3, 3));
        let st = pg.status(0, 0);
        let error = st.error.unwrap();
        assert_eq!(error.code, "subgoal");
        assert!(
            error
                .message
                .starts_with("cell (1, 1) has weight 5: a subgoal graph needs"),
            "{}",
            error.message
        );
        assert!(st.finished && !st.found);
        assert!(pg.subgoal_info().is_none(), "no graph for a refused map");
        // The terrain taken away: the graph is built for the grid as it is now.
        pg.set_cell(1, 1, 1);
        pg.start(0, settings, Cell::new(0, 0), Cell::new(3, 3));
        let st = pg.status(0, 0);
        assert_eq!(st.error, None);
        assert_eq!(st.cost, Some(3.0 * std::f64::consts::SQRT_2));
    }

    #[test]
    fn the_subgoal_graph_is_built_again_after_a_wall_is_drawn_and_only_then() {
        let mut pg = Playground::new(9, 7).unwrap();
        let settings = Settings {
            algorithm: Algorithm::Subgoal,
            ..Settings::default()
        };
        let (a, b) = (Cell::new(0, 3), Cell::new(8, 3));
        pg.start(0, settings, a, b);
        assert_eq!(pg.status(0, 0).cost, Some(8.0));
        let info = pg.subgoal_info().unwrap();
        assert_eq!((info.subgoals, info.builds), (0, 1), "an open field");
        pg.start(1, settings, b, a);
        assert_eq!(
            pg.subgoal_info().unwrap().builds,
            1,
            "kept for the same grid"
        );
        // A wall across the middle but for a gap at the top: the straight line is gone, and a
        // graph kept from before the edit would still answer 8.
        for y in 1..7 {
            pg.set_cell(4, y, 0);
        }
        assert!(pg.subgoal_info().is_none(), "the graph of an older grid");
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        assert_eq!(st.error, None);
        let best = pg.reference(0);
        assert!(best > 8.0, "{best}");
        let cost = st.cost.unwrap();
        assert!((cost - best).abs() < 1e-9, "{cost} vs {best}");
        assert!(st.path.contains(&[4, 0]), "{:?}", st.path);
        let info = pg.subgoal_info().unwrap();
        assert_eq!(info.builds, 2);
        // The wall's end has corners now: subgoals at (3, 0) and (5, 0), which the path passes
        // and the page marks, between its two ends.
        assert!(info.subgoals >= 2 && info.edges >= 1, "{info:?}");
        assert_eq!(
            st.points,
            [[0.5, 3.5], [3.5, 0.5], [5.5, 0.5], [8.5, 3.5]],
            "{st:?}"
        );
        // Closing the gap: no path, and again a new graph.
        pg.set_cell(4, 0, 0);
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        assert_eq!((st.finished, st.found, st.error), (true, false, None));
        assert_eq!(pg.subgoal_info().unwrap().builds, 3);
    }

    #[test]
    fn the_subgoal_graph_marks_the_librarys_subgoals_on_its_path() {
        for seed in [5, 6, 8] {
            let mut pg = random_map(25, 19, seed, 4);
            let (pairs, _) = queries(&pg, 10);
            let graph = SubgoalGraph::new(pg.grid().clone()).unwrap();
            let corners: std::collections::HashSet<Cell> = graph.subgoals().collect();
            let settings = Settings {
                algorithm: Algorithm::Subgoal,
                ..Settings::default()
            };
            let mut marked = 0;
            for &(a, b) in &pairs {
                pg.start(0, settings, a, b);
                let st = pg.status(0, 0);
                assert_eq!(st.error, None);
                let want: Vec<[f64; 2]> = st
                    .path
                    .iter()
                    .enumerate()
                    .filter(|&(k, &[x, y])| {
                        k == 0 || k + 1 == st.path.len() || corners.contains(&Cell::new(x, y))
                    })
                    .map(|(_, &[x, y])| [x as f64 + 0.5, y as f64 + 0.5])
                    .collect();
                assert_eq!(st.points, want, "{a} {b}");
                marked += st.points.len().saturating_sub(2);
            }
            assert!(marked > 0, "map {seed}: no subgoal on any path");
            assert_eq!(
                pg.subgoal_info().unwrap().subgoals,
                graph.subgoal_count(),
                "map {seed}"
            );
        }
    }

    #[test]
    fn the_subgoal_graph_needs_8_way_moves_and_says_so() {
        let mut pg = Playground::new(6, 6).unwrap();
        for moves in [Diagonal::Never, Diagonal::CornerCutting, Diagonal::Always] {
            let settings = Settings {
                algorithm: Algorithm::Subgoal,
                diagonal: moves,
                ..Settings::default()
            };
            pg.start(0, settings, Cell::new(0, 0), Cell::new(5, 5));
            let error = pg.status(0, 0).error.unwrap();
            assert_eq!(error.code, "moves");
            assert!(
                error.message.starts_with(
                    "Subgoal graph needs 8-way moves without corner cutting (its graph is \
                     built for them), not "
                ),
                "{}",
                error.message
            );
            // With 4-way moves JPS is the search to take instead, as for JPS+.
            let tail = if moves == Diagonal::Never {
                "under Moves, or JPS for 4-way moves"
            } else {
                "choose \u{201c}8-way, no corner cutting\u{201d} under Moves"
            };
            assert!(error.message.ends_with(tail), "{}", error.message);
        }
        assert!(
            pg.subgoal_info().is_none(),
            "nothing built for a refused rule"
        );
    }

    #[test]
    fn the_menu_order_only_grows_at_its_end() {
        // The page keeps the menu's order; a search added in the middle would move the others.
        let codes: Vec<&str> = Algorithm::ALL.iter().map(|a| a.code()).collect();
        assert_eq!(
            codes,
            [
                "astar",
                "dijkstra",
                "breadth-first",
                "weighted-astar",
                "jps",
                "jps-plus",
                "any-angle",
                "hierarchical",
                "obstacle-graph",
                "mesh-graph",
                "subgoal",
                "weighted-jps",
            ]
        );
    }

    /// Paints patches of terrain (weights 2 to 9) over a random map, the way the page's brush
    /// does, one tile at a time.
    fn paint_terrain(pg: &mut Playground, seed: u64) -> usize {
        let (w, h) = (pg.grid().width(), pg.grid().height());
        let mut x = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut painted = 0;
        for _ in 0..8 {
            let (cx, cy) = (
                (next() % u64::from(w)) as u32,
                (next() % u64::from(h)) as u32,
            );
            let weight = 2 + (next() % 8) as u32;
            for y in cy.saturating_sub(2)..(cy + 3).min(h) {
                for x in cx.saturating_sub(3)..(cx + 4).min(w) {
                    if pg.grid().weight(Cell::new(x, y)) != 0 && pg.set_cell(x, y, weight) {
                        painted += 1;
                    }
                }
            }
        }
        painted
    }

    #[test]
    fn jump_points_on_terrain_cost_what_a_star_costs_on_the_painted_map() {
        let settings = Settings {
            algorithm: Algorithm::WeightedJps,
            ..Settings::default()
        };
        let (mut found, mut dearer, mut turned) = (0, 0, 0);
        for seed in [11, 12, 13, 14] {
            let mut pg = random_map(27, 21, seed, 6);
            let (pairs, _) = queries(&pg, 12);
            // The same queries on the map before its terrain is painted: what the terrain adds.
            let mut plain = Vec::new();
            for &(a, b) in &pairs {
                pg.start(0, settings, a, b);
                plain.push(pg.status(0, 0).cost);
            }
            assert!(paint_terrain(&mut pg, seed) > 40, "map {seed}");
            assert!(pg.grid().max_weight() > 1);
            let library = WeightedJumpPoints::new(pg.grid().clone()).unwrap();
            let mut ctx = JpsContext::new();
            for (&(a, b), before) in pairs.iter().zip(plain) {
                pg.start(0, settings, a, b);
                let st = pg.status(0, 0);
                assert_eq!(st.error, None, "{a} {b}");
                assert!(st.finished);
                // A*'s cost on the same map, terrain and moves.
                let best = pg.reference(0);
                assert_eq!(st.found, best >= 0.0, "{a} {b}");
                let Some(cost) = st.cost else { continue };
                found += 1;
                assert!((cost - best).abs() < 1e-9, "{a} {b}: {cost} vs A* {best}");
                dearer += usize::from(cost > before.unwrap() + 1e-9);
                // The library's own path, every tile, and its expansions.
                let p = library
                    .find_path(&mut ctx, a, b)
                    .unwrap()
                    .into_path()
                    .unwrap();
                let cells: Vec<[u32; 2]> = p.nodes.iter().map(|&c| xy(c)).collect();
                assert_eq!(st.path, cells, "{a} {b}");
                assert_eq!(st.expansions, ctx.stats().expanded);
                // Its points: the ends and the tiles where it turns, nothing else.
                let want: Vec<[f64; 2]> = st
                    .path
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| {
                        k == 0 || k + 1 == st.path.len() || {
                            let d = |i: usize, j: usize| {
                                (
                                    i64::from(st.path[j][0]) - i64::from(st.path[i][0]),
                                    i64::from(st.path[j][1]) - i64::from(st.path[i][1]),
                                )
                            };
                            d(k - 1, k) != d(k, k + 1)
                        }
                    })
                    .map(|(_, &[x, y])| [x as f64 + 0.5, y as f64 + 0.5])
                    .collect();
                assert_eq!(st.points, want, "{a} {b}");
                turned += st.points.len().saturating_sub(2);
            }
            assert_eq!(
                pg.weighted_info().unwrap().builds,
                1,
                "map {seed}: one build"
            );
        }
        assert!(found >= 30, "{found} paths");
        assert!(dearer >= 5, "the terrain made only {dearer} paths dearer");
        assert!(turned > 0, "no turn marked on any path");
    }

    #[test]
    fn jump_points_on_terrain_follow_each_painted_tile_without_a_rebuild() {
        let mut pg = Playground::new(9, 3).unwrap();
        let settings = Settings {
            algorithm: Algorithm::WeightedJps,
            ..Settings::default()
        };
        let (a, b) = (Cell::new(0, 1), Cell::new(8, 1));
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        assert_eq!((st.error, st.cost), (None, Some(8.0)));
        assert_eq!(st.points, [[0.5, 1.5], [8.5, 1.5]], "a straight line");
        assert_eq!(pg.weighted_info().unwrap().builds, 1);
        // Mud across the middle row: the way round it (up, along, down) is cheaper.
        for x in 2..7 {
            pg.set_cell(x, 1, 9);
        }
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        assert_eq!(st.error, None);
        let best = pg.reference(0);
        let cost = st.cost.unwrap();
        assert!((cost - best).abs() < 1e-9, "{cost} vs A* {best}");
        assert!(cost > 8.0 && cost < 8.0 + 4.0 * 8.0, "{cost}");
        assert!(
            st.path.iter().all(|&[x, y]| y != 1 || !(2..7).contains(&x)),
            "through the mud: {:?}",
            st.path
        );
        assert!(
            st.points.len() > 2,
            "the turns round the mud: {:?}",
            st.points
        );
        // Mud everywhere but the ends' row: through it is cheaper again.
        for x in 1..8 {
            pg.set_cell(x, 0, 9);
            pg.set_cell(x, 2, 9);
        }
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        let (cost, best) = (st.cost.unwrap(), pg.reference(0));
        assert!((cost - best).abs() < 1e-9, "{cost} vs A* {best}");
        assert!((cost - (3.0 + 5.0 * 9.0)).abs() < 1e-9, "{cost}");
        // A wall across: no path. Every edit went to the kept search; none built it again.
        for y in 0..3 {
            pg.set_cell(4, y, 0);
        }
        pg.start(0, settings, a, b);
        let st = pg.status(0, 0);
        assert_eq!((st.finished, st.found, st.error), (true, false, None));
        let info = pg.weighted_info().unwrap();
        assert_eq!(info.builds, 1, "edited, not built again");
        // A new map is a new search.
        pg.set_weights(3, 1, &[1, 4, 1]).unwrap();
        assert!(pg.weighted_info().is_none(), "the last map's search");
        pg.start(0, settings, Cell::new(0, 0), Cell::new(2, 0));
        assert_eq!(pg.status(0, 0).cost, Some(1.0 + 4.0));
        assert_eq!(pg.weighted_info().unwrap().builds, 2);
    }

    #[test]
    fn jump_points_on_terrain_need_8_way_moves_and_say_so() {
        let mut pg = Playground::new(6, 6).unwrap();
        pg.set_cell(2, 2, 3);
        for moves in [Diagonal::Never, Diagonal::CornerCutting, Diagonal::Always] {
            let settings = Settings {
                algorithm: Algorithm::WeightedJps,
                diagonal: moves,
                ..Settings::default()
            };
            pg.start(0, settings, Cell::new(0, 0), Cell::new(5, 5));
            let st = pg.status(0, 0);
            assert!(st.finished && !st.found && st.path.is_empty());
            let error = st.error.unwrap();
            assert_eq!(error.code, "moves");
            assert!(
                error.message.starts_with(
                    "Jump points on terrain needs 8-way moves without corner cutting (its marks \
                     of the terrain are made for them), not "
                ),
                "{}",
                error.message
            );
            let tail = if moves == Diagonal::Never {
                "under Moves, or JPS for 4-way moves"
            } else {
                "choose \u{201c}8-way, no corner cutting\u{201d} under Moves"
            };
            assert!(error.message.ends_with(tail), "{}", error.message);
        }
        assert!(
            pg.weighted_info().is_none(),
            "nothing built for a refused rule"
        );
        // The engine's own refusals of a query (none the playground's checked queries meet)
        // carry their own code, apart from plain JPS's, as search_into reports them.
        let refused = <WeightedJumpPoints as AtOnce>::refusal(JpsError::OutOfBounds {
            cell: Cell::new(9, 9),
            width: 6,
            height: 6,
        });
        assert!(
            matches!(refused, PlaygroundError::WeightedJps(_)),
            "{refused:?}"
        );
        let answer = ErrorAnswer::from(&refused);
        assert_eq!(answer.code, "weighted-jps");
        assert!(
            answer.message.starts_with("jump points on terrain: "),
            "{}",
            answer.message
        );
    }
}
