//! A query on a [`HierarchicalGrid`]: join the start and goal to the abstract graph, search the
//! top level, refine level by level down to cells, then re-search around each border crossed.

use super::level_view::{Ends, LevelView};
use super::rect::RectSpace;
use super::zero_estimate::ZeroEstimate;
use super::{HierarchicalGrid, HierarchyError, Rect};
use crate::grid::{Cell, GridError, GridSpace};
#[cfg(doc)]
use crate::search::Outcome;
use crate::search::{CostChecks, IndexedSpace, SearchContext, SearchError, SearchOptions, Status};
use crate::{Cost, Goal, Pathfinder, Unsupported};

/// Reusable state of hierarchical queries: the search records, the start's and goal's edges at
/// every level, and the paths of every level. After the first queries on a map it allocates
/// nothing new.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
/// use pathkit::Pathfinder;
///
/// let map = HierarchicalGrid::eight_connected(Grid::new(64, 64)?, HierarchyOptions::new())?;
/// let mut ctx = HierarchyContext::new();
/// for goal in [Cell::new(63, 0), Cell::new(63, 63), Cell::new(0, 63)] {
///     assert!(map.find_path(&mut ctx, Cell::new(0, 0), goal)?.is_found());
///     assert!(ctx.stats().expanded > 0);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct HierarchyContext<C: Cost> {
    search: SearchContext<C>,
    ends: EndEdges<C>,
    members: Vec<u32>,
    nodes: Vec<u32>,
    finer: Vec<u32>,
    piece: Vec<u32>,
    cells: Vec<Cell>,
    cell_piece: Vec<Cell>,
    cells_out: Vec<Cell>,
    /// Indices in the cell path of the waypoints its searches were joined at.
    joints: Vec<usize>,
    prefix: Vec<f64>,
    stats: HierarchyStats,
    /// Whether queries note the cells their searches expand, and the last query's.
    record_explored: bool,
    explored: Vec<Cell>,
}

/// The query's start and goal joined to the graph, by level (index 0 is level 1).
#[derive(Clone, Debug)]
struct EndEdges<C> {
    /// The start's edges to the nodes of its cluster.
    from_start: Vec<Vec<(u32, C)>>,
    /// The edges into the goal from the nodes of its cluster.
    to_goal: Vec<Vec<(u32, C)>>,
    /// The start's cheapest path to the goal inside their shared cluster.
    direct: Vec<Option<C>>,
}

/// Counters of the last hierarchical query.
///
/// ```
/// use pathkit::hierarchy::HierarchyStats;
///
/// let stats = HierarchyStats::default();
/// assert_eq!((stats.expanded, stats.abstract_expanded, stats.searches), (0, 0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HierarchyStats {
    /// Nodes expanded by every search the query ran, at every level.
    pub expanded: u64,
    /// Of those, expanded by the search of the top level.
    pub abstract_expanded: u64,
    /// Searches run (joining the ends, the top level, each refinement and re-search).
    pub searches: u64,
    /// 1 when the hierarchy failed to find a path that the grid's connected components prove
    /// exists, and a full A* over the grid answered instead; 0 otherwise.
    ///
    /// The abstract graph keeps every border crossing, so this is always 0 on a hierarchy that
    /// is built right: it is counted (in release builds too) so that a fault in the graph shows
    /// up as a number a test or a game can watch, instead of as a query that is quietly slow.
    pub fallbacks: u64,
}

impl<C: Cost> Default for HierarchyContext<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> HierarchyContext<C> {
    /// An empty context; it grows to what the maps it searches need.
    ///
    /// ```
    /// use pathkit::hierarchy::HierarchyContext;
    ///
    /// let ctx = HierarchyContext::<f64>::new();
    /// assert_eq!(ctx.stats().searches, 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        HierarchyContext {
            search: SearchContext::new(),
            ends: EndEdges {
                from_start: Vec::new(),
                to_goal: Vec::new(),
                direct: Vec::new(),
            },
            members: Vec::new(),
            nodes: Vec::new(),
            finer: Vec::new(),
            piece: Vec::new(),
            cells: Vec::new(),
            cell_piece: Vec::new(),
            cells_out: Vec::new(),
            joints: Vec::new(),
            prefix: Vec::new(),
            stats: HierarchyStats::default(),
            record_explored: false,
            explored: Vec::new(),
        }
    }

    /// Has the next queries note the cells their searches expand ([`explored`](Self::explored)),
    /// or not (the default: a query then does no more than search).
    pub fn record_explored(&mut self, on: bool) {
        self.record_explored = on;
    }

    /// The cells the searches of the last query expanded, when recorded
    /// ([`record_explored`](Self::record_explored)): the entrances the abstract levels' searches
    /// expanded, then the cells of the searches joining the path cell by cell, in the order the
    /// searches ran (a cell may come more than once). The searches that join the start and the
    /// goal to the entrances of their clusters are not noted. For a debug drawing of the area
    /// HPA* explores.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let map = HierarchicalGrid::four_connected(Grid::new(40, 40)?, HierarchyOptions::new().cluster_size(8))?;
    /// let mut ctx = HierarchyContext::new();
    /// ctx.record_explored(true);
    /// assert!(map.find_path(&mut ctx, Cell::new(0, 0), Cell::new(39, 39))?.is_found());
    /// assert!(ctx.explored().contains(&Cell::new(0, 0)));
    /// assert!(ctx.explored().iter().all(|c| c.x < 40 && c.y < 40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explored(&self) -> &[Cell] {
        &self.explored
    }

    /// Notes the cells of the nodes the last search expanded (`cell_at` names the cell of a
    /// node's index in the search's space), when recording.
    fn note_explored(&mut self, cell_at: impl Fn(usize) -> Cell) {
        if self.record_explored {
            let closed = self.search.closed_indices().map(cell_at);
            self.explored.extend(closed);
        }
    }

    /// The counters of the last query.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let map = HierarchicalGrid::four_connected(Grid::new(40, 40)?, HierarchyOptions::new().cluster_size(8))?;
    /// let mut ctx = HierarchyContext::new();
    /// assert!(map.find_path(&mut ctx, Cell::new(0, 0), Cell::new(39, 39))?.is_found());
    /// assert!(ctx.stats().abstract_expanded > 0);
    /// assert!(ctx.stats().expanded > ctx.stats().abstract_expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> HierarchyStats {
        self.stats
    }

    fn count(&mut self) {
        self.stats.expanded += self.search.stats().expanded;
        self.stats.searches += 1;
    }
}

/// A path found through the hierarchy.
///
/// The path is a valid grid path under the hierarchy's moves (both ends included), usually within
/// a few percent of the optimal cost, often optimal. A goal that cannot be reached, or a start or
/// goal in a wall, is [`Outcome::Unreachable`], answered from the grid's connected components
/// without searching; `start == goal` on a free cell is the path `[start]`.
///
/// One goal, with the default options: the hierarchy refuses several goals, a goal test, limits,
/// weights, tie rules and the closest point with [`HierarchyError::Unsupported`] (search the
/// grid's [`GridSpace`] for those).
///
/// # Errors
///
/// [`HierarchyError::Grid`] for a cell outside the grid, or a cost overflow;
/// [`HierarchyError::Unsupported`] as above.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
/// use pathkit::search::Outcome;
/// use pathkit::Pathfinder;
///
/// // A wall cuts the right two columns off; the left part winds around a pillar.
/// let grid = Grid::from_ascii("......#..\n.####.#..\n......#..")?;
/// let map = HierarchicalGrid::eight_connected(grid, HierarchyOptions::new().cluster_size(3))?;
/// let mut ctx = HierarchyContext::new();
/// let path = map.find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1))?.into_path().unwrap();
/// assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (Cell::new(0, 1), Cell::new(5, 1)));
/// assert_eq!(map.find_path(&mut ctx, Cell::new(0, 0), Cell::new(8, 2))?, Outcome::Unreachable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<C: Cost> Pathfinder for HierarchicalGrid<C> {
    type Node = Cell;
    type Cost = C;
    type Context = HierarchyContext<C>;
    type Error = HierarchyError;

    /// The grid's check ([`GridSpace`]'s, under this hierarchy's diagonal rule).
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<crate::Ends, HierarchyError> {
        Ok(self.space().check_ends(start, goal)?)
    }

    fn find_path_into(
        &self,
        ctx: &mut HierarchyContext<C>,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<C>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<C>, HierarchyError> {
        let goal = match to {
            Goal::Node(goal) => goal,
            Goal::AnyOf(_) => return Err(HierarchyError::Unsupported(Unsupported::SeveralGoals)),
            Goal::Matching(_) => return Err(HierarchyError::Unsupported(Unsupported::GoalTest)),
        };
        Unsupported::check_plain(options, false).map_err(HierarchyError::Unsupported)?;
        self.path_into(ctx, start, goal, path)
    }
}

/// A* for every search of a query: the costs are the grid's or sums of them, computed by the
/// library, and the grid's estimate is consistent on cells and on the abstract graph alike
/// (every edge costs what a path between its cells costs), so the search core's fast loop
/// applies.
fn trusted<C: Cost>() -> SearchOptions<C> {
    SearchOptions::new().cost_checks(CostChecks::Trusted)
}

/// Every how many clusters entered a query's cell path is joined from one search to the next.
const STRIDE: usize = 3;

fn grid_error(e: SearchError<Cell>) -> HierarchyError {
    HierarchyError::Grid(GridError::Search(e))
}

impl<C: Cost> HierarchicalGrid<C> {
    /// The search behind the [`Pathfinder`] impl: writes the path into `path` (cleared first),
    /// reusing its capacity.
    fn path_into(
        &self,
        ctx: &mut HierarchyContext<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Status<C>, HierarchyError> {
        path.clear();
        ctx.stats = HierarchyStats::default();
        ctx.explored.clear();
        let space = self.space();
        if !space.check_ends(start, goal)?.is_open() {
            return Ok(Status::Unreachable);
        }
        if start == goal {
            path.push(start);
            return Ok(Status::Found { cost: C::ZERO });
        }
        self.join_ends(ctx, &space, start, goal)?;
        let through_hierarchy = self.search_top(ctx, &space, start, goal)?
            && self.refine(ctx, &space, start, goal)?
            && self.cells_through(ctx, &space)?;
        if !through_hierarchy {
            // The components say the goal can be reached, so the graph must reach it too, and
            // every edge it holds is the cost of a path found below. A graph that fails either
            // is faulty: answer right all the same, and count it (`HierarchyStats::fallbacks`).
            let found = space.find_path_into(
                &mut ctx.search,
                start,
                Goal::Node(goal),
                &SearchOptions::new(),
                path,
            )?;
            ctx.count();
            ctx.note_explored(|i| space.node_at(i));
            ctx.stats.fallbacks += 1;
            return Ok(found);
        }
        self.straighten(ctx, &space)?;
        path.extend_from_slice(&ctx.cells);
        let cost = self.path_cost(path).ok_or_else(|| {
            grid_error(SearchError::CostOverflow {
                node: *path.last().unwrap_or(&goal),
            })
        })?;
        Ok(Status::Found { cost })
    }

    /// The view of `level`'s graph with the query's ends, inside `rect` when given.
    fn view<'a, 'q>(
        &'a self,
        ends_edges: &'q EndEdges<C>,
        space: &'a GridSpace<'a, C>,
        level: u8,
        rect: Option<Rect>,
        ends: (Cell, Cell),
        reversed: bool,
    ) -> LevelView<'a, 'q, C> {
        let i = level as usize - 1;
        LevelView {
            graph: &self.graph,
            level,
            rect,
            ends: Some(Ends {
                start: ends.0,
                goal: ends.1,
                from_start: &ends_edges.from_start[i],
                to_goal: &ends_edges.to_goal[i],
                direct: ends_edges.direct[i],
            }),
            estimate: space,
            reversed,
        }
    }

    /// The start's edges to the nodes of its cluster and the goal's from the nodes of its
    /// cluster, at every level: level 1 by searching cells, each level above by searching the
    /// level below inside the cluster.
    fn join_ends(
        &self,
        ctx: &mut HierarchyContext<C>,
        space: &GridSpace<'_, C>,
        start: Cell,
        goal: Cell,
    ) -> Result<(), HierarchyError> {
        let levels = self.levels as usize;
        ctx.ends.from_start.resize_with(levels, Vec::new);
        ctx.ends.to_goal.resize_with(levels, Vec::new);
        ctx.ends.direct.resize(levels, None);
        let bound = self.graph.bound() as u32;
        let (s, g) = (bound, bound + 1);
        for level in 1..=self.levels {
            let i = level as usize - 1;
            let (start_rect, goal_rect) = (self.rect_of(level, start), self.rect_of(level, goal));
            let mut members = std::mem::take(&mut ctx.members);
            let mut from_start = std::mem::take(&mut ctx.ends.from_start[i]);
            let mut to_goal = std::mem::take(&mut ctx.ends.to_goal[i]);
            from_start.clear();
            to_goal.clear();
            members.clear();
            self.graph.nodes_in(start_rect, level, &mut members);
            let direct = if level == 1 {
                let view = RectSpace {
                    space,
                    rect: start_rect,
                };
                let zero = ZeroEstimate(&view);
                let map = ctx
                    .search
                    .distance_map_trusted(&zero, start)
                    .map_err(grid_error)?;
                for &n in &members {
                    if let Some(cost) = map.cost(self.graph.cell(n)) {
                        from_start.push((n, cost));
                    }
                }
                map.cost(goal)
            } else {
                let view = self.view(
                    &ctx.ends,
                    space,
                    level - 1,
                    Some(start_rect),
                    (start, goal),
                    false,
                );
                let graph = &self.graph;
                let zero = ZeroEstimate(&view);
                let map = ctx.search.distance_map_trusted(&zero, s).map_err(|e| {
                    grid_error(e.map_node(|n| if n >= bound { start } else { graph.cell(n) }))
                })?;
                for &n in &members {
                    if let Some(cost) = map.cost(n) {
                        from_start.push((n, cost));
                    }
                }
                map.cost(g)
            };
            ctx.count();
            members.clear();
            self.graph.nodes_in(goal_rect, level, &mut members);
            if level == 1 {
                let reversed = crate::grid::Reversed(space);
                let view = RectSpace {
                    space: &reversed,
                    rect: goal_rect,
                };
                let zero = ZeroEstimate(&view);
                let map = ctx
                    .search
                    .distance_map_trusted(&zero, goal)
                    .map_err(grid_error)?;
                for &n in &members {
                    if let Some(cost) = map.cost(self.graph.cell(n)) {
                        to_goal.push((n, cost));
                    }
                }
            } else {
                let view = self.view(
                    &ctx.ends,
                    space,
                    level - 1,
                    Some(goal_rect),
                    (start, goal),
                    true,
                );
                let graph = &self.graph;
                let zero = ZeroEstimate(&view);
                let map = ctx.search.distance_map_trusted(&zero, g).map_err(|e| {
                    grid_error(e.map_node(|n| if n >= bound { goal } else { graph.cell(n) }))
                })?;
                for &n in &members {
                    if let Some(cost) = map.cost(n) {
                        to_goal.push((n, cost));
                    }
                }
            }
            ctx.count();
            ctx.members = members;
            ctx.ends.from_start[i] = from_start;
            ctx.ends.to_goal[i] = to_goal;
            ctx.ends.direct[i] = direct;
        }
        Ok(())
    }

    /// Searches the top level from the start to the goal into `ctx.nodes`; `false` when it
    /// finds no path.
    fn search_top(
        &self,
        ctx: &mut HierarchyContext<C>,
        space: &GridSpace<'_, C>,
        start: Cell,
        goal: Cell,
    ) -> Result<bool, HierarchyError> {
        let bound = self.graph.bound() as u32;
        let mut nodes = std::mem::take(&mut ctx.nodes);
        let view = self.view(&ctx.ends, space, self.levels, None, (start, goal), false);
        let graph = &self.graph;
        let status = ctx
            .search
            .search_into(&view, bound, bound + 1, &trusted(), &mut nodes)
            .map_err(|e| {
                grid_error(e.map_node(|n| match n.checked_sub(bound) {
                    Some(0) => start,
                    Some(_) => goal,
                    None => graph.cell(n),
                }))
            })?;
        ctx.count();
        ctx.note_explored(|i| match (i as u32).checked_sub(bound) {
            Some(0) => start,
            Some(_) => goal,
            None => graph.cell(i as u32),
        });
        ctx.stats.abstract_expanded = ctx.search.stats().expanded;
        ctx.nodes = nodes;
        Ok(status.is_found())
    }

    /// Turns the top level's path in `ctx.nodes` into level 1's: each edge inside a cluster is
    /// replaced by the path the level below takes inside that cluster. `false` when an edge
    /// cannot be refined (a faulty graph: each edge is the cost of a path found below).
    fn refine(
        &self,
        ctx: &mut HierarchyContext<C>,
        space: &GridSpace<'_, C>,
        start: Cell,
        goal: Cell,
    ) -> Result<bool, HierarchyError> {
        let bound = self.graph.bound() as u32;
        let cell_of = |n: u32| match n.checked_sub(bound) {
            Some(0) => start,
            Some(_) => goal,
            None => self.graph.cell(n),
        };
        for level in (2..=self.levels).rev() {
            let mut nodes = std::mem::take(&mut ctx.nodes);
            let mut finer = std::mem::take(&mut ctx.finer);
            let mut piece = std::mem::take(&mut ctx.piece);
            finer.clear();
            finer.push(nodes[0]);
            for pair in nodes.windows(2) {
                let (u, v) = (pair[0], pair[1]);
                let (cu, cv) = (cell_of(u), cell_of(v));
                if self.cluster_of(level, cu) != self.cluster_of(level, cv) {
                    finer.push(v);
                    continue;
                }
                let rect = self.rect_of(level, cu);
                let view = self.view(
                    &ctx.ends,
                    space,
                    level - 1,
                    Some(rect),
                    (start, goal),
                    false,
                );
                let status = ctx
                    .search
                    .search_into(&view, u, v, &trusted(), &mut piece)
                    .map_err(|e| grid_error(e.map_node(cell_of)))?;
                ctx.count();
                ctx.note_explored(|i| cell_of(i as u32));
                if !status.is_found() {
                    ctx.nodes = nodes;
                    ctx.finer = finer;
                    ctx.piece = piece;
                    return Ok(false);
                }
                finer.extend_from_slice(&piece[1..]);
            }
            std::mem::swap(&mut nodes, &mut finer);
            ctx.nodes = nodes;
            ctx.finer = finer;
            ctx.piece = piece;
        }
        // The ends as cells from here on.
        let nodes = std::mem::take(&mut ctx.nodes);
        ctx.cells.clear();
        ctx.cells.extend(nodes.iter().map(|&n| cell_of(n)));
        ctx.nodes = nodes;
        Ok(true)
    }

    /// Turns level 1's path (as cells, in `ctx.cells`) into a cell path. Waypoints are the
    /// start, the goal, and every [`STRIDE`]-th cell where the path enters a cluster; A* joins
    /// each waypoint to the next inside the clusters level 1's path crosses between them. The
    /// transition cells between two waypoints are not imposed, only the clusters, so each
    /// search may find a better crossing than the graph's. The waypoints kept are noted in
    /// `ctx.joints`, by their index in the cell path. `false` when two waypoints cannot be
    /// joined inside their clusters (a faulty graph: level 1's path crosses them).
    fn cells_through(
        &self,
        ctx: &mut HierarchyContext<C>,
        space: &GridSpace<'_, C>,
    ) -> Result<bool, HierarchyError> {
        let nodes = std::mem::take(&mut ctx.cells);
        let mut cells = std::mem::take(&mut ctx.cells_out);
        let mut piece = std::mem::take(&mut ctx.cell_piece);
        cells.clear();
        ctx.joints.clear();
        cells.push(nodes[0]);
        let mut from = 0usize;
        let mut entries = 0usize;
        for k in 1..nodes.len() {
            let entered = self.cluster_of(1, nodes[k - 1]) != self.cluster_of(1, nodes[k]);
            if entered {
                entries += 1;
            }
            let last = k + 1 == nodes.len();
            if !(last || entered && entries.is_multiple_of(STRIDE)) {
                continue;
            }
            let (a, b) = (nodes[from], nodes[k]);
            let mut rect = self.rect_of(1, a);
            for &c in &nodes[from + 1..=k] {
                rect = rect.union(self.rect_of(1, c));
            }
            let view = RectSpace { space, rect };
            let status = ctx
                .search
                .search_into(&view, a, b, &trusted(), &mut piece)
                .map_err(grid_error)?;
            ctx.count();
            ctx.note_explored(|i| view.node_at(i));
            if !status.is_found() {
                ctx.cells_out = cells;
                ctx.cells = nodes;
                ctx.cell_piece = piece;
                return Ok(false);
            }
            cells.extend_from_slice(piece.get(1..).unwrap_or(&[]));
            if !last {
                ctx.joints.push(cells.len() - 1);
            }
            from = k;
        }
        ctx.cells_out = nodes;
        ctx.cells = cells;
        ctx.cell_piece = piece;
        Ok(true)
    }

    /// Re-searches the path around each waypoint kept (`ctx.joints`), inside a box around that
    /// stretch: the path was made to pass through the waypoint, which is often a few cells off
    /// the best way past it.
    fn straighten(
        &self,
        ctx: &mut HierarchyContext<C>,
        space: &GridSpace<'_, C>,
    ) -> Result<(), HierarchyError> {
        let path = std::mem::take(&mut ctx.cells);
        let mut piece = std::mem::take(&mut ctx.cell_piece);
        let mut out = std::mem::take(&mut ctx.cells_out);
        let mut prefix = std::mem::take(&mut ctx.prefix);
        let n = path.len();
        // Cost from the start to each cell of the path.
        prefix.clear();
        prefix.push(0.0);
        for pair in path.windows(2) {
            let step = self.move_cost(pair[0], pair[1]).to_f64();
            prefix.push(prefix[prefix.len() - 1] + step);
        }
        let reach = (self.cluster_size as usize / 2).max(2);
        let margin = (self.cluster_size / 4).max(1);
        out.clear();
        out.push(path[0]);
        // Cells up to `done` are in `out`.
        let mut done = 0usize;
        let joints = std::mem::take(&mut ctx.joints);
        for &t in &joints {
            let a = t.saturating_sub(reach).max(done);
            let b = (t + reach).min(n - 1);
            if b < a + 2 {
                continue;
            }
            let mut rect = Rect {
                x: path[a].x,
                y: path[a].y,
                width: 1,
                height: 1,
            };
            for &c in &path[a + 1..=b] {
                rect = rect.with(c);
            }
            let rect = rect.grown(margin, self.grid.width(), self.grid.height());
            let view = RectSpace { space, rect };
            let status = ctx
                .search
                .search_into(&view, path[a], path[b], &trusted(), &mut piece)
                .map_err(grid_error)?;
            ctx.count();
            ctx.note_explored(|i| view.node_at(i));
            out.extend_from_slice(&path[done + 1..=a]);
            match status.found_cost() {
                Some(cost) if cost.to_f64() < prefix[b] - prefix[a] => {
                    out.extend_from_slice(&piece[1..]);
                }
                _ => out.extend_from_slice(&path[a + 1..=b]),
            }
            done = b;
        }
        out.extend_from_slice(&path[done + 1..]);
        ctx.joints = joints;
        ctx.cells = out;
        ctx.cells_out = path;
        ctx.cell_piece = piece;
        ctx.prefix = prefix;
        Ok(())
    }

    /// What the move `a -> b` costs (`a`, `b` neighbours).
    fn move_cost(&self, a: Cell, b: Cell) -> C {
        let base = if a.x == b.x || a.y == b.y {
            self.straight
        } else {
            self.diagonal_cost
        };
        let w = self.grid.weight(b);
        if w == 1 {
            base
        } else {
            base.checked_mul_count(w)
                .unwrap_or_else(|| C::from_f64_floor(f64::MAX))
        }
    }

    /// The cost of a cell path, `None` on overflow.
    fn path_cost(&self, path: &[Cell]) -> Option<C> {
        path.windows(2).try_fold(C::ZERO, |sum, pair| {
            sum.checked_add(self.move_cost(pair[0], pair[1]))
        })
    }
}
