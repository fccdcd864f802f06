//! [`HierarchicalGrid`]: a grid cut into clusters at several levels, with the abstract graph
//! that lets a search cross the map cluster by cluster (HPA*).

use super::abstract_graph::{AbstractGraph, Edge};
use super::level_view::LevelView;
use super::rect::RectSpace;
use super::zero_estimate::ZeroEstimate;
use super::{AbstractEdge, HierarchyError, HierarchyOptions, Rect};
use crate::grid::{Cell, Diagonal, Grid, GridError, GridSpace};
use crate::limits::{Refusal, MAX_MAP_BYTES};
use crate::search::SearchContext;
use crate::Cost;

/// Entrances shorter than this get one transition, in their middle; longer ones one at each end
/// and more between them, at most [`TRANSITION_GAP`] apart.
const SHORT_ENTRANCE: u32 = 6;
/// The largest gap between transitions along a long entrance.
const TRANSITION_GAP: u32 = 16;

/// A grid with a hierarchy of clusters over it, for fast, near-optimal paths on big maps and
/// on maps that change (HPA*: Botea, Müller and Schaeffer, 2004).
///
/// The map is cut into square clusters (level 1), grouped 4 x 4 into the clusters of level 2,
/// and so on. Where a move can cross the border between two clusters, a few cells on each side
/// become nodes of an abstract graph (one in the middle of a short stretch of open border, one
/// at each end of a long one; a stretch also ends where the terrain beside it changes, so a
/// cheap crossing beside a costly one is a node of its own), joined by those moves and, inside each
/// cluster, by the cost of the cheapest path between them. A query joins its start and goal to
/// the graph, searches the top level, then refines each abstract edge level by level, inside
/// one cluster at a time, down to cells; a last pass re-searches the path around each border it
/// crosses. Paths are a little longer than optimal (`pathkit bench-hierarchy` measures how
/// much: docs/performance.md), and found with far fewer expansions than A* needs on large maps.
///
/// The grid is owned, so that every edit goes through [`set_weight`](Self::set_weight) (or
/// [`block`](Self::block), [`open`](Self::open)), which rebuilds only the clusters the edited
/// cell touches.
///
/// Every diagonal rule and pair of move costs of [`Grid::space`] is supported, with terrain
/// weights (a move costs its base cost times the weight of the cell entered, as on the grid).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
/// use pathkit::Pathfinder;
///
/// let mut text = String::new();
/// for y in 0..40 {
///     for x in 0..40 {
///         text.push(if x == 20 && y != 35 { '#' } else { '.' });
///     }
///     text.push('\n');
/// }
/// let grid = Grid::from_ascii(&text)?;
/// let mut map = HierarchicalGrid::eight_connected(grid, HierarchyOptions::new().cluster_size(8))?;
/// let mut ctx = HierarchyContext::new();
/// let path = map.find_path(&mut ctx, Cell::new(2, 2), Cell::new(38, 2))?.into_path().unwrap();
/// assert_eq!(path.nodes.first(), Some(&Cell::new(2, 2)));
/// assert!(path.nodes.contains(&Cell::new(20, 35))); // through the only gap in the wall
///
/// // Close the gap: only the clusters around it are rebuilt.
/// map.block(Cell::new(20, 35))?;
/// assert!(!map.find_path(&mut ctx, Cell::new(2, 2), Cell::new(38, 2))?.is_found());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct HierarchicalGrid<C: Cost> {
    pub(super) grid: Grid,
    pub(super) diagonal: Diagonal,
    pub(super) straight: C,
    pub(super) diagonal_cost: C,
    pub(super) cluster_size: u32,
    pub(super) levels: u8,
    pub(super) graph: AbstractGraph<C>,
}

impl HierarchicalGrid<f64> {
    /// 8-connected under the Moving AI rules (no corner cutting, straight moves 1, diagonal
    /// ones √2), as [`Grid::eight_connected`].
    ///
    /// # Errors
    ///
    /// [`HierarchyError::ClusterSize`] or [`HierarchyError::Levels`] for options out of range;
    /// [`HierarchyError::Grid`] when the grid cannot build a table it needs.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(64, 64)?, HierarchyOptions::new())?;
    /// assert_eq!(map.levels(), 1);
    /// assert_eq!(map.cluster_rects(1).count(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eight_connected(grid: Grid, options: HierarchyOptions) -> Result<Self, HierarchyError> {
        Self::new(
            grid,
            Diagonal::NoCornerCutting,
            1.0,
            std::f64::consts::SQRT_2,
            options,
        )
    }
}

impl HierarchicalGrid<u32> {
    /// 4-connected, every move 1 (times the weight of the cell entered), as
    /// [`Grid::four_connected`].
    ///
    /// # Errors
    ///
    /// As [`eight_connected`](HierarchicalGrid::eight_connected).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let map = HierarchicalGrid::four_connected(Grid::new(20, 20)?, HierarchyOptions::new().cluster_size(5))?;
    /// let path = map.find_path(&mut HierarchyContext::new(), Cell::new(0, 0), Cell::new(19, 19))?;
    /// assert_eq!(path.into_path().unwrap().cost, 38);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn four_connected(grid: Grid, options: HierarchyOptions) -> Result<Self, HierarchyError> {
        Self::new(grid, Diagonal::Never, 1, 1, options)
    }
}

impl<C: Cost> HierarchicalGrid<C> {
    /// Builds the hierarchy over `grid` for moves under `diagonal` with base costs `straight`
    /// and `diagonal_cost`, as [`Grid::space`].
    ///
    /// # Errors
    ///
    /// [`HierarchyError::ClusterSize`], [`HierarchyError::Levels`] for options out of range;
    /// [`HierarchyError::Grid`] with [`GridError::InvalidMoveCost`] for a cost that is not
    /// finite and positive, or another grid error met while building.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
    /// use pathkit::Pathfinder;
    ///
    /// // The tutorials' 10/14 costs, corners may be cut.
    /// let map = HierarchicalGrid::new(Grid::new(30, 30)?, Diagonal::CornerCutting, 10u32, 14u32, HierarchyOptions::new().cluster_size(10))?;
    /// let path = map.find_path(&mut HierarchyContext::new(), Cell::new(0, 0), Cell::new(29, 29))?;
    /// assert_eq!(path.into_path().unwrap().cost, 29 * 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        grid: Grid,
        diagonal: Diagonal,
        straight: C,
        diagonal_cost: C,
        options: HierarchyOptions,
    ) -> Result<Self, HierarchyError> {
        let _checked = grid.space(diagonal, straight, diagonal_cost)?;
        let levels = options.resolve(grid.width(), grid.height())?;
        let mut map = HierarchicalGrid {
            grid,
            diagonal,
            straight,
            diagonal_cost,
            cluster_size: options.cluster_size,
            levels,
            graph: AbstractGraph::default(),
        };
        map.build()?;
        Ok(map)
    }

    /// The grid searched.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::from_ascii("..#")?, HierarchyOptions::new())?;
    /// assert_eq!(map.grid().to_ascii(), "..#\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid back, the hierarchy dropped.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(4, 4)?, HierarchyOptions::new())?;
    /// assert_eq!(map.into_grid(), Grid::new(4, 4)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The grid as a search space under this hierarchy's moves: the same paths, found by A*.
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(4, 4)?, HierarchyOptions::new())?;
    /// assert_eq!(map.space().diagonal(), Diagonal::NoCornerCutting);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn space(&self) -> GridSpace<'_, C> {
        // The costs were checked when the hierarchy was built.
        match self
            .grid
            .space(self.diagonal, self.straight, self.diagonal_cost)
        {
            Ok(space) => space,
            Err(_) => unreachable!("move costs are checked by HierarchicalGrid::new"),
        }
    }

    /// The number of levels.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(64, 64)?, HierarchyOptions::new().cluster_size(4).levels(2))?;
    /// assert_eq!(map.levels(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn levels(&self) -> u8 {
        self.levels
    }

    /// The side of a cluster of `level` (1 is the smallest), in cells.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(64, 64)?, HierarchyOptions::new().cluster_size(4).levels(2))?;
    /// assert_eq!((map.cluster_side(1), map.cluster_side(2)), (4, 16));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cluster_side(&self, level: u8) -> u32 {
        let side = self.cluster_size as u64 * 4u64.pow(level.max(1) as u32 - 1);
        side.min(u32::MAX as u64) as u32
    }

    /// The clusters of `level`, row by row (none for a level the hierarchy does not have).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions, Rect};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(10, 6)?, HierarchyOptions::new().cluster_size(4))?;
    /// let rects: Vec<Rect> = map.cluster_rects(1).collect();
    /// assert_eq!(rects.len(), 6);
    /// assert_eq!(rects[5], Rect { x: 8, y: 4, width: 2, height: 2 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cluster_rects(&self, level: u8) -> impl Iterator<Item = Rect> + '_ {
        let (cols, rows) = if (1..=self.levels).contains(&level) {
            self.cluster_counts(level)
        } else {
            (0, 0)
        };
        (0..rows).flat_map(move |cy| (0..cols).map(move |cx| self.cluster_rect(level, cx, cy)))
    }

    /// The cells that are nodes of the abstract graph at `level` (on borders between clusters
    /// of that level), in no set order.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// // Two 4-cell clusters side by side, open between them on one row.
    /// let map = HierarchicalGrid::four_connected(Grid::from_ascii("....\n")?, HierarchyOptions::new().cluster_size(2))?;
    /// let mut cells: Vec<_> = map.entrance_cells(1).map(|c| (c.x, c.y)).collect();
    /// cells.sort();
    /// assert_eq!(cells, [(1, 0), (2, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entrance_cells(&self, level: u8) -> impl Iterator<Item = Cell> + '_ {
        self.graph
            .nodes()
            .filter(move |&n| self.graph.level(n) >= level)
            .map(|n| self.graph.cell(n))
    }

    /// The edges of the abstract graph at `level`, each direction on its own, in no set order
    /// (none for a level out of range): the moves across the borders of that level's clusters
    /// and above, and the cheapest paths inside each of its clusters between their nodes. For
    /// drawing the graph, and for checking it against the HPA* rules.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// // A 4 x 2 map in clusters of 2: the only way across the middle border is diagonal,
    /// // from (1, 1) up to (2, 0).
    /// let grid = Grid::from_ascii(".#..\n..#.\n")?;
    /// let map = HierarchicalGrid::eight_connected(grid, HierarchyOptions::new().cluster_size(2))?;
    /// let crossings: Vec<_> = map.abstract_edges(1).filter(|e| e.crossing).map(|e| (e.from, e.to)).collect();
    /// assert!(crossings.is_empty()); // no corner cutting: (1, 0) and (2, 1) are walls
    ///
    /// let grid = Grid::from_ascii(".#..\n..#.\n")?;
    /// let diagonal = pathkit::grid::Diagonal::Always;
    /// let map = HierarchicalGrid::new(grid, diagonal, 10u32, 14, HierarchyOptions::new().cluster_size(2))?;
    /// let mut crossings: Vec<_> = map.abstract_edges(1).filter(|e| e.crossing).map(|e| (e.from, e.to)).collect();
    /// crossings.sort_by_key(|(a, _)| (a.y, a.x));
    /// assert_eq!(crossings, [(Cell::new(2, 0), Cell::new(1, 1)), (Cell::new(1, 1), Cell::new(2, 0))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abstract_edges(&self, level: u8) -> impl Iterator<Item = AbstractEdge<C>> + '_ {
        let in_range = (1..=self.levels).contains(&level);
        self.graph
            .nodes()
            .filter(move |&n| in_range && self.graph.level(n) >= level)
            .flat_map(move |n| {
                self.graph
                    .edges(n)
                    .iter()
                    .filter(move |e| e.at(level))
                    .map(move |e| AbstractEdge {
                        from: self.graph.cell(n),
                        to: self.graph.cell(e.to),
                        cost: e.cost,
                        crossing: e.inter,
                    })
            })
    }

    /// Sizes of the abstract graph and the memory it holds.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let map = HierarchicalGrid::eight_connected(Grid::new(32, 32)?, HierarchyOptions::new().cluster_size(8))?;
    /// let size = map.size();
    /// assert!(size.nodes > 0 && size.edges > size.nodes && size.bytes > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn size(&self) -> HierarchySize {
        HierarchySize {
            nodes: self.graph.len(),
            edges: self.graph.edge_count(),
            bytes: self.graph.memory_bytes(),
        }
    }

    /// Sets the terrain weight of `cell` (0 makes it a wall) and rebuilds the clusters it
    /// touches: the cell's cluster at every level, and the clusters beside it when the cell
    /// lies on a cluster border.
    ///
    /// # Errors
    ///
    /// [`HierarchyError::Grid`] for a cell outside the grid (nothing changes), or a grid error
    /// met while rebuilding.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
    /// use pathkit::Pathfinder;
    ///
    /// let mut map = HierarchicalGrid::four_connected(Grid::new(12, 3)?, HierarchyOptions::new().cluster_size(4))?;
    /// let mut ctx = HierarchyContext::new();
    /// for y in 0..3 {
    ///     map.set_weight(Cell::new(6, y), 5)?; // a swamp across the map
    /// }
    /// let path = map.find_path(&mut ctx, Cell::new(0, 1), Cell::new(11, 1))?.into_path().unwrap();
    /// assert_eq!(path.cost, 10 + 5);
    /// assert!(map.set_weight(Cell::new(12, 0), 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u32) -> Result<(), HierarchyError> {
        self.grid.check(cell)?;
        if self.grid.weight(cell) == weight {
            return Ok(());
        }
        self.grid.set_weight(cell, weight)?;
        self.refresh(cell)
    }

    /// Makes `cell` a wall: [`set_weight`](Self::set_weight) with 0.
    ///
    /// # Errors
    ///
    /// As [`set_weight`](Self::set_weight).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let mut map = HierarchicalGrid::four_connected(Grid::new(4, 4)?, HierarchyOptions::new())?;
    /// map.block(Cell::new(1, 1))?;
    /// assert!(!map.grid().is_passable(Cell::new(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn block(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 0)
    }

    /// Makes `cell` plain ground of weight 1: [`set_weight`](Self::set_weight) with 1.
    ///
    /// # Errors
    ///
    /// As [`set_weight`](Self::set_weight).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
    ///
    /// let mut map = HierarchicalGrid::four_connected(Grid::from_ascii(".#.")?, HierarchyOptions::new())?;
    /// map.open(Cell::new(1, 0))?;
    /// assert!(map.grid().is_passable(Cell::new(1, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        self.set_weight(cell, 1)
    }

    // ----- geometry -----

    /// Clusters of `level` across and down.
    pub(super) fn cluster_counts(&self, level: u8) -> (u32, u32) {
        let side = self.cluster_side(level);
        (
            self.grid.width().div_ceil(side),
            self.grid.height().div_ceil(side),
        )
    }

    /// The cluster of `level` that holds `cell`, as (column, row) of clusters.
    #[inline]
    pub(super) fn cluster_of(&self, level: u8, cell: Cell) -> (u32, u32) {
        let side = self.cluster_side(level);
        (cell.x / side, cell.y / side)
    }

    pub(super) fn cluster_rect(&self, level: u8, cx: u32, cy: u32) -> Rect {
        let side = self.cluster_side(level) as u64;
        let x = cx as u64 * side;
        let y = cy as u64 * side;
        Rect {
            x: x as u32,
            y: y as u32,
            width: (side).min(self.grid.width() as u64 - x) as u32,
            height: (side).min(self.grid.height() as u64 - y) as u32,
        }
    }

    /// The rectangle of the cluster of `level` that holds `cell`.
    pub(super) fn rect_of(&self, level: u8, cell: Cell) -> Rect {
        let (cx, cy) = self.cluster_of(level, cell);
        self.cluster_rect(level, cx, cy)
    }

    /// The highest level whose clusters differ for `a` and `b` (0 when none does).
    fn border_level(&self, a: Cell, b: Cell) -> u8 {
        (1..=self.levels)
            .rev()
            .find(|&l| self.cluster_of(l, a) != self.cluster_of(l, b))
            .unwrap_or(0)
    }

    // ----- building -----

    fn build(&mut self) -> Result<(), HierarchyError> {
        self.graph = AbstractGraph::default();
        let (cols, rows) = self.cluster_counts(1);
        for cy in 0..rows {
            for cx in 0..cols {
                self.add_borders_after(cx, cy, None)?;
            }
            self.check_size()?;
        }
        let mut ctx = SearchContext::new();
        let mut members = Vec::new();
        for level in 1..=self.levels {
            let (cols, rows) = self.cluster_counts(level);
            for cy in 0..rows {
                for cx in 0..cols {
                    let rect = self.cluster_rect(level, cx, cy);
                    self.connect_inside(&mut ctx, level, rect, &mut members)?;
                }
                self.check_size()?;
            }
        }
        Ok(())
    }

    /// Refuses a graph that holds more than [`MAX_MAP_BYTES`], counting its edges and nodes: on
    /// adversarial maps (an open border cell every other cell, at a size near the grid's limit)
    /// the graph could outgrow the grid many times over.
    fn check_size(&self) -> Result<(), HierarchyError> {
        let edges = self.graph.edge_count() as u64;
        let bytes = edges.saturating_mul(std::mem::size_of::<Edge<C>>() as u64)
            + self.graph.len() as u64 * 64;
        if bytes > MAX_MAP_BYTES {
            return Err(HierarchyError::Refused(Refusal::too_large(bytes)));
        }
        Ok(())
    }

    /// The moves across the borders of level-1 cluster (cx, cy) toward the clusters right of it,
    /// below it, and diagonally below on either side, so that every border is added once when
    /// every cluster is visited. With `block`, only borders whose other cluster lies inside it
    /// (columns `block.0..=block.2`, rows `block.1..=block.3` of clusters).
    fn add_borders_after(
        &mut self,
        cx: u32,
        cy: u32,
        block: Option<(u32, u32, u32, u32)>,
    ) -> Result<(), HierarchyError> {
        let (cols, rows) = self.cluster_counts(1);
        let here = self.cluster_rect(1, cx, cy);
        let within = |x: u32, y: u32| {
            block.is_none_or(|(x0, y0, x1, y1)| (x0..=x1).contains(&x) && (y0..=y1).contains(&y))
        };
        if cx + 1 < cols && within(cx + 1, cy) {
            self.add_side_border(here, true)?;
        }
        if cy + 1 < rows && within(cx, cy + 1) {
            self.add_side_border(here, false)?;
        }
        if cx + 1 < cols && cy + 1 < rows && within(cx + 1, cy + 1) {
            let corner = Cell::new(here.x + here.width - 1, here.y + here.height - 1);
            self.add_corner(corner, 1)?;
        }
        if cx > 0 && cy + 1 < rows && within(cx - 1, cy + 1) {
            let corner = Cell::new(here.x, here.y + here.height - 1);
            self.add_corner(corner, -1)?;
        }
        Ok(())
    }

    #[inline]
    fn passable(&self, x: u32, y: u32) -> bool {
        self.grid.passable_xy(x as i64, y as i64)
    }

    /// Whether the diagonal move `a -> b` (both passable) is allowed by the corner rule.
    fn diagonal_allowed(&self, a: Cell, b: Cell) -> bool {
        if !self.passable(a.x, a.y) || !self.passable(b.x, b.y) {
            return false;
        }
        let side1 = self.passable(b.x, a.y);
        let side2 = self.passable(a.x, b.y);
        match self.diagonal {
            Diagonal::Never => false,
            Diagonal::NoCornerCutting => side1 && side2,
            Diagonal::CornerCutting => side1 || side2,
            Diagonal::Always => true,
        }
    }

    /// Adds the move `a <-> b` across a border: both nodes, an edge each way.
    fn add_transition(&mut self, a: Cell, b: Cell) -> Result<(), HierarchyError> {
        let level = self.border_level(a, b);
        let base = if a.x == b.x || a.y == b.y {
            self.straight
        } else {
            self.diagonal_cost
        };
        let price = |cell: Cell| {
            let w = self.grid.weight(cell);
            if w == 1 {
                base
            } else {
                base.checked_mul_count(w)
                    .unwrap_or_else(|| C::from_f64_floor(f64::MAX))
            }
        };
        let (ab, ba) = (price(b), price(a));
        let na = self.graph.ensure_node(a, level);
        let nb = self.graph.ensure_node(b, level);
        self.graph
            .add_edge(
                na,
                Edge {
                    to: nb,
                    cost: ab,
                    level,
                    inter: true,
                },
            )
            .map_err(|bytes| HierarchyError::Refused(Refusal::OutOfMemory { bytes }))?;
        self.graph
            .add_edge(
                nb,
                Edge {
                    to: na,
                    cost: ba,
                    level,
                    inter: true,
                },
            )
            .map_err(|bytes| HierarchyError::Refused(Refusal::OutOfMemory { bytes }))
    }

    /// The border on the right (`vertical`) or below of the level-1 cluster `here`.
    fn add_side_border(&mut self, here: Rect, vertical: bool) -> Result<(), HierarchyError> {
        // Along the border, position `i` pairs cell `a(i)` inside with `b(i)` across.
        let (len, x, y) = if vertical {
            (here.height, here.x + here.width - 1, here.y)
        } else {
            (here.width, here.x, here.y + here.height - 1)
        };
        let a = |i: u32| {
            if vertical {
                Cell::new(x, y + i)
            } else {
                Cell::new(x + i, y)
            }
        };
        let b = |i: u32| {
            if vertical {
                Cell::new(x + 1, y + i)
            } else {
                Cell::new(x + i, y + 1)
            }
        };
        let open = |i: u32| {
            let (p, q) = (a(i), b(i));
            self.passable(p.x, p.y) && self.passable(q.x, q.y)
        };
        // The terrain on both sides: an entrance ends where it changes, so that a cheap stretch
        // of border beside a costly one has transitions of its own.
        let terrain = |i: u32| (self.grid.weight(a(i)), self.grid.weight(b(i)));
        let mut straight: Vec<(Cell, Cell)> = Vec::new();
        let mut diagonal: Vec<(Cell, Cell)> = Vec::new();
        let mut i = 0;
        while i < len {
            if !open(i) {
                i += 1;
                continue;
            }
            let first = i;
            while i < len && open(i) && terrain(i) == terrain(first) {
                i += 1;
            }
            let last = i - 1;
            let run = last - first + 1;
            if run < SHORT_ENTRANCE {
                let mid = first + run / 2;
                straight.push((a(mid), b(mid)));
            } else {
                let gaps = (run - 1).div_ceil(TRANSITION_GAP);
                let mut previous = u32::MAX;
                for k in 0..=gaps {
                    let at = first + ((run - 1) as u64 * k as u64 / gaps as u64) as u32;
                    if at != previous {
                        straight.push((a(at), b(at)));
                        previous = at;
                    }
                }
            }
        }
        if self.diagonal != Diagonal::Never {
            // Diagonal crossings join the two sides where no straight crossing does: keep each
            // whose ends are both off every open stretch (an end on one is joined to it
            // already, by a straight move along the border).
            for i in 0..len {
                for j in [i.wrapping_sub(1), i + 1] {
                    if j >= len {
                        continue;
                    }
                    if !open(i) && !open(j) && self.diagonal_allowed(a(i), b(j)) {
                        diagonal.push((a(i), b(j)));
                    }
                }
            }
        }
        for (p, q) in straight.into_iter().chain(diagonal) {
            self.add_transition(p, q)?;
        }
        Ok(())
    }

    /// The diagonal move through the corner where four level-1 clusters meet: from `corner`
    /// (the bottom cell of a cluster's right or left edge) to the cell diagonally below it,
    /// right (`dx` = 1) or left (-1).
    fn add_corner(&mut self, corner: Cell, dx: i64) -> Result<(), HierarchyError> {
        let nx = corner.x as i64 + dx;
        if nx < 0 || nx >= self.grid.width() as i64 || corner.y + 1 >= self.grid.height() {
            return Ok(());
        }
        let other = Cell::new(nx as u32, corner.y + 1);
        if self.diagonal != Diagonal::Never && self.diagonal_allowed(corner, other) {
            self.add_transition(corner, other)?;
        }
        Ok(())
    }

    /// Joins the nodes of `level` inside `rect` (a cluster of that level) by the cheapest paths
    /// between them inside it, replacing the edges it had.
    fn connect_inside(
        &mut self,
        ctx: &mut SearchContext<C>,
        level: u8,
        rect: Rect,
        members: &mut Vec<u32>,
    ) -> Result<(), HierarchyError> {
        // Every node on the border of the rectangle may hold old edges of this level.
        members.clear();
        self.graph.nodes_in(rect, 1, members);
        for &n in members.iter() {
            self.graph.retain_edges(n, |e| e.inter || e.level != level);
        }
        members.retain(|&n| self.graph.level(n) >= level);
        let mut found: Vec<(u32, u32, C)> = Vec::new();
        if members.len() > 1 {
            let space = self.space();
            for &from in members.iter() {
                if level == 1 {
                    let view = RectSpace {
                        space: &space,
                        rect,
                    };
                    let zero = ZeroEstimate(&view);
                    let map = ctx
                        .distance_map_trusted(&zero, self.graph.cell(from))
                        .map_err(|e| HierarchyError::Grid(GridError::Search(e)))?;
                    for &to in members.iter() {
                        if to != from {
                            if let Some(cost) = map.cost(self.graph.cell(to)) {
                                found.push((from, to, cost));
                            }
                        }
                    }
                } else {
                    let view = LevelView {
                        graph: &self.graph,
                        level: level - 1,
                        rect: Some(rect),
                        ends: None,
                        estimate: &space,
                        reversed: false,
                    };
                    let graph = &self.graph;
                    let zero = ZeroEstimate(&view);
                    let map = ctx.distance_map_trusted(&zero, from).map_err(|e| {
                        HierarchyError::Grid(GridError::Search(e.map_node(|n| graph.cell(n))))
                    })?;
                    for &to in members.iter() {
                        if to != from {
                            if let Some(cost) = map.cost(to) {
                                found.push((from, to, cost));
                            }
                        }
                    }
                }
            }
        }
        for (from, to, cost) in found {
            self.graph
                .add_edge(
                    from,
                    Edge {
                        to,
                        cost,
                        level,
                        inter: false,
                    },
                )
                .map_err(|bytes| HierarchyError::Refused(Refusal::OutOfMemory { bytes }))?;
        }
        Ok(())
    }

    // ----- edits -----

    /// Rebuilds what an edit of `cell` may have changed.
    ///
    /// A cell inside its level-1 cluster changes only paths inside it. A cell on the cluster's
    /// edge also changes the moves across its borders: which cells cross (the open stretches,
    /// and where their transitions sit), what entering it costs, and the corner rule of the
    /// diagonal moves past it, which may join two other clusters at a corner. So the moves
    /// between every two clusters of the 3 x 3 block around it are rebuilt, and every cluster of
    /// the block whose border nodes changed is joined again inside, with the edited one.
    fn refresh(&mut self, cell: Cell) -> Result<(), HierarchyError> {
        let (cx, cy) = self.cluster_of(1, cell);
        let here = self.cluster_rect(1, cx, cy);
        let on_border = cell.x == here.x
            || cell.y == here.y
            || cell.x == here.x + here.width - 1
            || cell.y == here.y + here.height - 1;
        let mut dirty: Vec<(u32, u32)> = vec![(cx, cy)];
        if on_border {
            let (cols, rows) = self.cluster_counts(1);
            let block = (
                cx.saturating_sub(1),
                cy.saturating_sub(1),
                (cx + 1).min(cols - 1),
                (cy + 1).min(rows - 1),
            );
            let around: Vec<(u32, u32)> = (block.1..=block.3)
                .flat_map(|y| (block.0..=block.2).map(move |x| (x, y)))
                .collect();
            let before: Vec<Vec<(Cell, u8)>> = around
                .iter()
                .map(|&(x, y)| self.border_nodes(x, y))
                .collect();
            self.drop_transitions_within(block);
            for &(x, y) in &around {
                self.add_borders_after(x, y, Some(block))?;
            }
            let rects: Vec<Rect> = around
                .iter()
                .map(|&(x, y)| self.cluster_rect(1, x, y))
                .collect();
            self.drop_stranded(rects.into_iter());
            for (k, &(x, y)) in around.iter().enumerate() {
                if (x, y) != (cx, cy) && self.border_nodes(x, y) != before[k] {
                    dirty.push((x, y));
                }
            }
        }
        let mut ctx = SearchContext::new();
        let mut members = Vec::new();
        let corners: Vec<Cell> = dirty
            .iter()
            .map(|&(x, y)| {
                let r = self.cluster_rect(1, x, y);
                Cell::new(r.x, r.y)
            })
            .collect();
        for level in 1..=self.levels {
            let mut rects: Vec<Rect> = corners.iter().map(|&c| self.rect_of(level, c)).collect();
            rects.sort_unstable_by_key(|r| (r.y, r.x));
            rects.dedup();
            for rect in rects {
                self.connect_inside(&mut ctx, level, rect, &mut members)?;
            }
        }
        Ok(())
    }

    /// The nodes on the border of level-1 cluster (cx, cy) with their levels, in id order.
    fn border_nodes(&self, cx: u32, cy: u32) -> Vec<(Cell, u8)> {
        let mut ids = Vec::new();
        self.graph
            .nodes_in(self.cluster_rect(1, cx, cy), 1, &mut ids);
        ids.iter()
            .map(|&n| (self.graph.cell(n), self.graph.level(n)))
            .collect()
    }

    /// Removes every move between two level-1 clusters of `block` (columns `block.0..=block.2`,
    /// rows `block.1..=block.3` of clusters), both ways.
    fn drop_transitions_within(&mut self, block: (u32, u32, u32, u32)) {
        let inside = |map: &Self, cell: Cell| {
            let (x, y) = map.cluster_of(1, cell);
            (block.0..=block.2).contains(&x) && (block.1..=block.3).contains(&y)
        };
        let mut ids = Vec::new();
        for y in block.1..=block.3 {
            for x in block.0..=block.2 {
                self.graph.nodes_in(self.cluster_rect(1, x, y), 1, &mut ids);
            }
        }
        for &n in &ids {
            let gone: Vec<u32> = self
                .graph
                .edges(n)
                .iter()
                .filter(|e| e.inter && inside(self, self.graph.cell(e.to)))
                .map(|e| e.to)
                .collect();
            if gone.is_empty() {
                continue;
            }
            self.graph
                .retain_edges(n, |e| !(e.inter && gone.contains(&e.to)));
            for m in gone {
                self.graph.retain_edges(m, |e| !(e.inter && e.to == n));
            }
        }
    }

    /// Removes the nodes in `rects` left with no move across a border, and sets the level of
    /// the others from the moves they keep.
    fn drop_stranded(&mut self, rects: impl Iterator<Item = Rect>) {
        let mut ids = Vec::new();
        for rect in rects {
            self.graph.nodes_in(rect, 1, &mut ids);
        }
        ids.sort_unstable();
        ids.dedup();
        for n in ids {
            let top = self
                .graph
                .edges(n)
                .iter()
                .filter(|e| e.inter)
                .map(|e| e.level)
                .max();
            match top {
                Some(level) => self.graph.set_level(n, level),
                None => self.graph.remove_node(n),
            }
        }
    }
}

/// How large a hierarchy's abstract graph is ([`HierarchicalGrid::size`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HierarchySize {
    /// Nodes (cells on cluster borders) at all levels.
    pub nodes: usize,
    /// Edges, each direction counted.
    pub edges: usize,
    /// Bytes the graph holds, roughly (the grid not counted).
    pub bytes: usize,
}
