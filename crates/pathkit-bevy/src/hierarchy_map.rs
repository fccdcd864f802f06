//! [`HierarchyMap`]: a big tile grid searched by HPA*, as the plugin's map.

use crate::nav_map::{Edit, NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::tiles::{touched_cells, weight_edit, TileLayout};
use crate::whole_search::WholeSearch;
use bevy_ecs::component::Component;
use bevy_math::{Vec2, Vec3};
use pathkit::grid::Cell;
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyError};
use pathkit::search::SearchSpace as _;
use std::sync::Arc;

/// A tile grid searched hierarchically (pathkit's [`HierarchicalGrid`], HPA*): for maps too big
/// for A* on every request. Paths are near-optimal rather than shortest (see
/// [`pathkit::hierarchy`]); an edit rebuilds only the clusters around the cell.
///
/// Laid out as a [`GridMap`](crate::GridMap) is: cell `(x, y)` is a square `cell_size` wide
/// whose top-left corner is `origin + (x, -y) * cell_size` in the XY plane. Edit it through
/// [`set_weight`](Self::set_weight), [`block`](Self::block) and [`open`](Self::open): the
/// plugin re-plans the paths an edit breaks, and those a cell made cheaper could shorten, by the
/// rules of [`GridMap`](crate::GridMap).
///
/// A query cannot stop halfway ([`WholeSearch`]): under budgeted planning each runs whole, its
/// overrun taken from the next frames' budgets.
///
/// ```
/// use bevy_app::App;
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
/// use pathkit_bevy::{HierarchyMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
///
/// let hierarchy = HierarchicalGrid::eight_connected(Grid::new(64, 64)?, HierarchyOptions::new().cluster_size(8))?;
/// let mut app = App::new();
/// app.add_plugins(PathkitPlugin::<HierarchyMap>::new(Planning::Budgeted { expansions: 10_000 }));
/// app.world_mut().spawn(HierarchyMap::new(hierarchy));
/// let agent = app.world_mut().spawn(PathRequest::<HierarchyMap>::new(Cell::new(0, 0), Cell::new(63, 0))).id();
/// app.update();
/// assert_eq!(app.world().get::<PlannedPath<HierarchyMap>>(agent).unwrap().cost, 63.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct HierarchyMap {
    hierarchy: Arc<HierarchicalGrid<f64>>,
    tiles: TileLayout,
    version: u64,
    edits: Vec<Edit<Cell>>,
}

impl HierarchyMap {
    /// `hierarchy` with cells 1 unit wide, its top-left corner at the world's origin.
    pub fn new(hierarchy: HierarchicalGrid<f64>) -> Self {
        HierarchyMap {
            hierarchy: Arc::new(hierarchy),
            tiles: TileLayout::default(),
            version: 0,
            edits: Vec::new(),
        }
    }

    /// The same map with cells `size` wide.
    #[must_use]
    pub fn with_cell_size(mut self, size: f32) -> Self {
        self.tiles.size = size;
        self
    }

    /// The same map with its top-left corner at `origin`.
    #[must_use]
    pub fn with_origin(mut self, origin: Vec2) -> Self {
        self.tiles.origin = origin;
        self
    }

    /// The width of a cell in the world.
    pub fn cell_size(&self) -> f32 {
        self.tiles.size
    }

    /// Where the top-left corner of cell `(0, 0)` is.
    pub fn origin(&self) -> Vec2 {
        self.tiles.origin
    }

    /// The hierarchy (its grid, clusters and abstract graph).
    pub fn hierarchy(&self) -> &HierarchicalGrid<f64> {
        &self.hierarchy
    }

    /// Sets the weight of `cell` (0 walls it; 1 is plain ground), rebuilds the clusters around
    /// it, and records the edit.
    ///
    /// # Errors
    ///
    /// As [`HierarchicalGrid::set_weight`]: a cell off the grid, a weight too large.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    /// use pathkit_bevy::{HierarchyMap, NavMap};
    ///
    /// let mut map = HierarchyMap::new(HierarchicalGrid::eight_connected(Grid::new(16, 16)?, HierarchyOptions::new())?);
    /// map.set_weight(Cell::new(3, 3), 0)?;
    /// assert_eq!(map.take_edits()[0].after, None);
    /// assert!(map.set_weight(Cell::new(16, 0), 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), HierarchyError> {
        let grid = self.hierarchy.grid();
        if grid.check(cell).is_err() {
            // Let the hierarchy say why, in its own words.
            return Arc::make_mut(&mut self.hierarchy).set_weight(cell, weight);
        }
        let before = grid.weight(cell);
        if before == weight {
            return Ok(());
        }
        Arc::make_mut(&mut self.hierarchy).set_weight(cell, weight)?;
        self.edits.push(weight_edit(cell, before, weight));
        self.version += 1;
        Ok(())
    }

    /// Walls `cell` ([`set_weight`](Self::set_weight) to 0).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn block(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 0)
    }

    /// Opens `cell` as plain ground ([`set_weight`](Self::set_weight) to 1).
    ///
    /// # Errors
    ///
    /// A cell off the grid.
    pub fn open(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 1)
    }
}

impl NavMap for HierarchyMap {
    type Node = Cell;
    type Edit = Edit<Cell>;
    type Context = HierarchyContext<f64>;
    type Search = WholeSearch<Cell>;
    type Rules = ();

    fn start_search(
        &self,
        _ctx: &mut HierarchyContext<f64>,
        start: Cell,
        goal: Cell,
        _rules: &(),
    ) -> Result<WholeSearch<Cell>, PathFailure> {
        space_search::check_ends(&*self.hierarchy, start, goal)?;
        Ok(WholeSearch::new(start, goal))
    }

    fn resume_search(
        &self,
        ctx: &mut HierarchyContext<f64>,
        search: &mut WholeSearch<Cell>,
        _budget: u64,
    ) -> Resumed<Cell> {
        search.run(&*self.hierarchy, ctx, |ctx| ctx.stats().expanded)
    }

    /// The search's own admissible heuristic.
    fn estimate(&self, from: Cell, to: Cell, _rules: &()) -> f64 {
        self.hierarchy.space().heuristic(from, to)
    }

    fn must_replan(&self, rest: &Rest<'_, Cell, ()>, edits: &[Edit<Cell>]) -> bool {
        let mut out = Vec::new();
        self.must_replan_each(&[*rest], edits, &mut out);
        out[0]
    }

    fn must_replan_each(
        &self,
        rests: &[Rest<'_, Cell, ()>],
        edits: &[Edit<Cell>],
        out: &mut Vec<bool>,
    ) {
        let space = self.hierarchy.space();
        let grid = self.hierarchy.grid();
        let (diagonal, w, h) = (space.diagonal(), grid.width(), grid.height());
        let touched = |c, out: &mut Vec<Cell>| touched_cells(c, diagonal, w, h, out);
        space_search::needs_replanning_each(&space, touched, rests, edits, out);
    }

    fn may_now_reach(
        &self,
        start: Cell,
        goals: &[Cell],
        _rules: &(),
        edits: &[Edit<Cell>],
    ) -> bool {
        space_search::may_now_reach(&*self.hierarchy, start, goals, edits)
    }

    fn position(&self, cell: Cell) -> Vec3 {
        self.tiles.centre(cell).extend(0.0)
    }

    fn node_at(&self, position: Vec3) -> Option<Cell> {
        let grid = self.hierarchy.grid();
        self.tiles
            .cell_at(position.truncate(), grid.width(), grid.height())
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<Cell>> {
        std::mem::take(&mut self.edits)
    }

    /// The cells HPA*'s searches expand: the entrances of the abstract levels, and the cells of
    /// the searches joining the path cell by cell
    /// ([`HierarchyContext::explored`](pathkit::hierarchy::HierarchyContext::explored)).
    fn explored(
        &self,
        ctx: &mut HierarchyContext<f64>,
        (start, goal): (Cell, Cell),
        _rules: &(),
        out: &mut Vec<Cell>,
    ) {
        out.clear();
        ctx.record_explored(true);
        let found = crate::search_to_end(self, ctx, &crate::PathRequest::new(start, goal)).is_ok();
        ctx.record_explored(false);
        if found {
            out.extend_from_slice(ctx.explored());
            out.sort_by_key(|c| (c.y, c.x));
            out.dedup();
        }
    }

    /// The grid's own smoothing ([`Grid::smooth`](pathkit::grid::Grid::smooth)) under the
    /// hierarchy's diagonal rule.
    fn smoothed(&self, path: &[Cell]) -> Option<Vec<Cell>> {
        let diagonal = self.hierarchy.space().diagonal();
        self.hierarchy.grid().smooth(path, diagonal).ok()
    }
}
