//! [`Playground`]: an editable grid and up to two searches on it, stepped or run at once.
//!
//! The A* family (A*, Dijkstra, breadth-first, weighted A*) runs on pathkit's [`Stepper`]
//! (through [`LiveSearch`]), so every tile's F, G, H and parent are the engine's own numbers. As
//! each step happens the playground copies the numbers of the tiles it touched into flat arrays
//! (`state`, `g`, `h`, `parent`) that the page reads in place, and lists the touched tiles so the
//! page redraws only those. JPS, JPS+ and the any-angle search keep no open list one could show:
//! they run at once and report their path, jump points or corners, and expansions.
//!
//! The hierarchical search (HPA*) keeps its [`HierarchicalGrid`] between searches: building it
//! is the expensive part (a search inside every cluster), so it is built once per map and move
//! rule and cluster size, and a wall drawn on the map is passed on to it with
//! [`HierarchicalGrid::set_weight`], which rebuilds only the clusters around that cell.
//!
//! [`Stepper`]: pathkit::search::Stepper

use crate::graph_searches::{graph_path, GraphKind};
use crate::live::{LiveSearch, Stepped};
use crate::PlaygroundError;
use pathkit::format::MovingAiMap;
use pathkit::geometry::Point;
use pathkit::grid::{Cell, Diagonal, Grid, Heuristic, NEIGHBOUR_ORDER};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions, HierarchyStats};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};
use pathkit::search::{SearchContext, SearchOptions, TieBreak};
use pathkit::Pathfinder;
use serde_json::{json, Value};

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
}

/// The radius, in tiles, by which the obstacle and mesh graphs grow the walls: a character a
/// half tile across keeps clear of them.
pub const AGENT_RADIUS: f32 = 0.25;

impl Algorithm {
    /// Every algorithm, in the order of the page's menu (its index is the number the page sends).
    pub const ALL: [Algorithm; 10] = [
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

/// How a search is set up; the page's menus, one to one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Which search.
    pub algorithm: Algorithm,
    /// Which diagonal moves are allowed.
    pub diagonal: Diagonal,
    /// `true`: straight 10, diagonal 14 (the tutorial); `false`: 1 and √2.
    pub tutorial_costs: bool,
    /// The estimate.
    pub heuristic: Heuristic,
    /// Estimate in tiles whatever the move costs (the Cocos2D tutorial's unscaled Manhattan).
    pub heuristic_in_tiles: bool,
    /// Order among equal F.
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
    /// Jump points (JPS) or corners (any-angle), as x, y pairs in tile units.
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
/// assert_eq!(status["found"], true);
/// assert!((status["cost"].as_f64().unwrap() - 4.0 * std::f64::consts::SQRT_2).abs() < 1e-9);
/// ```
#[derive(Debug)]
pub struct Playground {
    grid: Grid,
    version: u64,
    slots: [Slot; 2],
    jps: JpsContext,
    plus: Option<(u64, JpsPlus)>,
    mesh: Option<(u64, Result<NavMesh, NavMeshError>)>,
    any_angle: AnyAngleSearch,
    ctx: SearchContext<f64>,
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
            mesh: None,
            any_angle: AnyAngleSearch::new(),
            ctx: SearchContext::new(),
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
        let builds = self.hierarchy_builds;
        *self = Playground::with_grid(grid);
        self.hierarchy_builds = builds;
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
        } else if settings.algorithm == Algorithm::Hierarchical {
            self.run_hierarchical(slot, settings, start, goal);
        } else {
            self.run_at_once(slot, settings, start, goal);
        }
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

    fn run_hierarchical(&mut self, slot: usize, settings: Settings, start: Cell, goal: Cell) {
        if let Err(e) = self.build_hierarchy(settings) {
            self.slots[slot].fail(e);
            return;
        }
        let s = &mut self.slots[slot];
        let Some(h) = &self.hierarchy else {
            return;
        };
        s.finished = true;
        match h.map.find_path(&mut self.hierarchy_ctx, start, goal) {
            Ok(outcome) => {
                let stats = self.hierarchy_ctx.stats();
                s.expansions = stats.expanded;
                s.hierarchy = Some(stats);
                if let Some(path) = outcome.into_path() {
                    s.path = path.nodes;
                    s.cost = Some(path.cost);
                }
            }
            Err(e) => s.fail(e.into()),
        }
    }

    /// The kept hierarchy, as the page draws it: the cluster side of level 1, the number of
    /// levels, clusters, abstract nodes and edges, the memory the graph takes, the number of
    /// level-1 entrance cells (listed by [`Playground::entrances`]) and how many full builds
    /// there have been; `null` when there is none.
    pub fn hierarchy_info(&mut self) -> Value {
        let builds = self.hierarchy_builds;
        let Some(h) = &mut self.hierarchy else {
            return Value::Null;
        };
        if !h.entrances_fresh {
            let width = h.map.grid().width();
            h.entrances.clear();
            h.entrances
                .extend(h.map.entrance_cells(1).map(|c| c.y * width + c.x));
            h.entrances.sort_unstable();
            h.entrances_fresh = true;
        }
        let size = h.map.size();
        json!({
            "clusterSide": h.map.cluster_side(1),
            "levels": h.map.levels(),
            "clusters": h.map.cluster_rects(1).count(),
            "nodes": size.nodes,
            "edges": size.edges,
            "bytes": size.bytes,
            "entrances": h.entrances.len(),
            "builds": builds,
        })
    }

    /// The level-1 entrance cells (row-major indices) as last listed by
    /// [`Playground::hierarchy_info`]; empty when there is no hierarchy.
    pub fn entrances(&self) -> &[u32] {
        self.hierarchy.as_ref().map_or(&[], |h| &h.entrances)
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

    fn run_at_once(&mut self, slot: usize, settings: Settings, start: Cell, goal: Cell) {
        let s = &mut self.slots[slot];
        let found = match settings.algorithm {
            Algorithm::Jps | Algorithm::JpsPlus => {
                let mode = JpsMode {
                    moves: settings.diagonal,
                    path: PathMode::Cells,
                };
                let result = if settings.algorithm == Algorithm::Jps {
                    self.grid
                        .jump_points(mode)
                        .find_path(&mut self.jps, start, goal)
                        .and_then(|o| {
                            let turns = self.grid.jump_points(mode.jump_points()).find_path(
                                &mut self.jps,
                                start,
                                goal,
                            )?;
                            Ok((o, turns))
                        })
                } else {
                    if settings.diagonal != Diagonal::NoCornerCutting {
                        s.fail(PlaygroundError::JpsPlusMoves);
                        return;
                    }
                    if self.plus.as_ref().is_none_or(|(v, _)| *v != self.version) {
                        match JpsPlus::new(self.grid.clone()) {
                            Ok(p) => self.plus = Some((self.version, p)),
                            Err(e) => {
                                s.fail(e.into());
                                return;
                            }
                        }
                    }
                    let Some((_, plus)) = &self.plus else {
                        return;
                    };
                    plus.find_path(&mut self.jps, start, goal).and_then(|o| {
                        let turns = plus.paths(PathMode::JumpPoints).find_path(
                            &mut self.jps,
                            start,
                            goal,
                        )?;
                        Ok((o, turns))
                    })
                };
                match result {
                    Ok((outcome, turns)) => {
                        s.expansions = self.jps.stats().expanded;
                        for c in turns.into_nodes().unwrap_or_default() {
                            s.points.extend([c.x as f64 + 0.5, c.y as f64 + 0.5]);
                        }
                        outcome.into_path().map(|p| (p.nodes, p.cost))
                    }
                    Err(e) => {
                        s.fail(e.into());
                        return;
                    }
                }
            }
            Algorithm::AnyAngle => {
                if self.mesh.as_ref().is_none_or(|(v, _)| *v != self.version) {
                    let mesh = NavMesh::from_grid(&self.grid);
                    self.mesh = Some((self.version, mesh));
                }
                let Some((_, mesh)) = &self.mesh else {
                    return;
                };
                let mesh = match mesh {
                    Ok(m) => m,
                    Err(e) => {
                        s.fail(PlaygroundError::NavMesh(e.clone()));
                        return;
                    }
                };
                let centre = |c: Cell| Point::new(c.x as f64 + 0.5, c.y as f64 + 0.5);
                let walled = |c: Cell| !self.grid.is_passable(c);
                if walled(start) || walled(goal) {
                    None
                } else {
                    match mesh
                        .find_path(&mut self.any_angle, centre(start), centre(goal))
                        .map(|o| o.into_path())
                    {
                        Ok(path) => {
                            s.expansions = self.any_angle.expanded() as u64;
                            path.map(|p| {
                                for q in p.nodes {
                                    s.points.extend([q.x, q.y]);
                                }
                                (Vec::new(), p.cost)
                            })
                        }
                        Err(e) => {
                            s.fail(e.into());
                            return;
                        }
                    }
                }
            }
            Algorithm::ObstacleGraph | Algorithm::MeshGraph => {
                let kind = if settings.algorithm == Algorithm::ObstacleGraph {
                    GraphKind::Obstacles
                } else {
                    GraphKind::Mesh
                };
                let walled = |c: Cell| !self.grid.is_passable(c);
                if walled(start) || walled(goal) {
                    None
                } else {
                    match graph_path(&self.grid, kind, AGENT_RADIUS, start, goal) {
                        Ok(path) => path.map(|p| {
                            for q in &p.points {
                                s.points.extend(q);
                            }
                            (Vec::new(), p.length)
                        }),
                        Err(e) => {
                            s.fail(e.into());
                            return;
                        }
                    }
                }
            }
            _ => None,
        };
        s.finished = true;
        if let Some((nodes, cost)) = found {
            s.path = nodes;
            s.cost = Some(cost);
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
    pub fn status(&self, slot: usize, list_max: usize) -> Value {
        let s = &self.slots[slot.min(1)];
        let view = |v: &pathkit::search::NodeView<Cell, f64>| {
            json!({
                "x": v.node.x, "y": v.node.y, "f": v.f, "g": v.g, "h": v.h,
                "parent": v.parent.map(|p| json!([p.x, p.y])),
            })
        };
        let (open, open_count, closed, closed_count) = match &s.live {
            Some(live) if list_max > 0 => {
                let open = live.open_list();
                let closed = live.closed_list();
                let skip = closed.len().saturating_sub(list_max);
                (
                    open.iter().take(list_max).map(view).collect::<Vec<_>>(),
                    open.len(),
                    closed[skip..].iter().map(view).collect::<Vec<_>>(),
                    closed.len(),
                )
            }
            _ => (Vec::new(), 0, Vec::new(), 0),
        };
        json!({
            "algorithm": s.algorithm.map(|a| Algorithm::ALL.iter().position(|&b| b == a)),
            "finished": s.finished,
            "found": s.cost.is_some(),
            "cost": s.cost,
            "path": s.path.iter().map(|c| json!([c.x, c.y])).collect::<Vec<_>>(),
            "points": s.points.chunks(2).map(|p| json!([p[0], p[1]])).collect::<Vec<_>>(),
            "expansions": s.expansions,
            "current": s.current.map(|c| json!([c.x, c.y])),
            "start": s.start.map(|c| json!([c.x, c.y])),
            "goal": s.goal.map(|c| json!([c.x, c.y])),
            "error": s.error.as_ref().map(|e| e.to_string()),
            "open": open,
            "openCount": open_count,
            "closed": closed,
            "closedCount": closed_count,
            "stepping": s.live.is_some(),
            "searches": s.hierarchy.map(|h| h.searches),
            "abstractExpanded": s.hierarchy.map(|h| h.abstract_expanded),
            "optimum": s.optimum,
        })
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
            algorithm: Algorithm::AStar,
            diagonal: Diagonal::Never,
            tutorial_costs: false,
            heuristic: Heuristic::Manhattan,
            heuristic_in_tiles: false,
            tie: TieBreak::Lifo,
            weight: 1.0,
            cluster_size: 16,
        }
    }

    #[test]
    fn the_tutorials_worked_example_step_by_step() {
        let mut pg = level();
        pg.start(0, tutorial(), Cell::new(24, 0), Cell::new(22, 3));
        let n = pg.run(0, 1000);
        assert_eq!(n, 13, "13 removals, the target included");
        let st = pg.status(0, 50);
        let path: Vec<(u64, u64)> = st["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
            .collect();
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
        assert_eq!(st["expansions"], 13);
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
        let best = pg.status(0, 0)["cost"].as_f64().unwrap();
        let best_moves = pg.status(0, 0)["path"].as_array().unwrap().len();
        for algorithm in Algorithm::ALL {
            let settings = Settings {
                algorithm,
                weight: 1.0,
                ..Settings::default()
            };
            pg.start(1, settings, a, b);
            pg.run(1, u32::MAX);
            let st = pg.status(1, 0);
            assert_eq!(st["error"], Value::Null, "{algorithm:?}");
            let cost = st["cost"]
                .as_f64()
                .unwrap_or_else(|| panic!("{algorithm:?}: {st}"));
            match algorithm {
                // Fewest moves, not least cost: the same count of moves here (no diagonal helps).
                Algorithm::BreadthFirst => {
                    assert_eq!(st["path"].as_array().unwrap().len(), best_moves)
                }
                // Straight lines between corners: never longer than the grid path.
                Algorithm::AnyAngle => assert!(cost <= best + 1e-9, "{cost} vs {best}"),
                // Near-optimal.
                Algorithm::Hierarchical => assert!(cost <= best * 1.05, "{cost} vs {best}"),
                // Straight lines round the walls grown by the agent's radius: longer than the
                // any-angle path by a little, shorter than the grid path here. A mesh graph's
                // nodes are the triangulation's vertices, so its path may bend more.
                Algorithm::ObstacleGraph | Algorithm::MeshGraph => {
                    assert!(
                        st["points"].as_array().unwrap().len() >= 4,
                        "{algorithm:?}: {st}"
                    );
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
        assert!(pg.status(0, 0)["error"].is_string());
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
        assert_eq!(st["optimum"], 35.0);
        // Near-optimal: the path bends through the entrances of the clusters it crosses.
        let cost = st["cost"].as_f64().unwrap();
        assert!((35.0..=35.0 * 1.1).contains(&cost), "{cost}");
        assert!(st["searches"].as_u64().unwrap() > 0);
        let info = pg.hierarchy_info();
        assert_eq!(
            (info["clusterSide"].clone(), info["clusters"].clone()),
            (json!(8), json!(25))
        );
        assert!(!pg.entrances().is_empty());
        // A wall across the map but for one gap: the hierarchy is edited, not rebuilt.
        for y in 0..40 {
            if y != 3 {
                pg.set_cell(20, y, 0);
            }
        }
        pg.start(0, settings, a, b);
        let cost = pg.status(0, 0)["cost"].as_f64().unwrap();
        let best = pg.reference(0);
        assert!(
            cost >= best - 1e-9 && cost <= best * 1.1,
            "{cost} vs {best}"
        );
        assert_eq!(pg.hierarchy_info()["builds"], 1);
        assert!(pg.status(0, 0)["path"]
            .as_array()
            .unwrap()
            .contains(&json!([20, 3])));
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
        assert!(pg.status(0, 0)["error"]
            .as_str()
            .unwrap()
            .contains("cluster size 1"));
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
        assert!(pg.status(0, 0)["error"].is_string());
    }
}
