//! [`JpsContext`]: the reusable state of Jump Point Search queries and the search loop they share.
//!
//! The loop is plain A* over jump points; what differs between 8-connected, 4-connected and
//! preprocessed (JPS+) search is successor generation, behind the crate-private [`Expander`]
//! trait. Per-cell state lives in one flat array stamped with the query number, so nothing is
//! cleared between queries and a warmed-up context allocates nothing (see [`JpsContext`]).

use super::{JpsError, JpsMode, PathMode};
use crate::grid::{Cell, Diagonal, Grid, RowOf};

use crate::search::{
    run_search, AtIndex, BucketOpen, Expansion, KeyHeap, NoEstimate, Records, SearchError, Stats,
    Status, TieBreak, Trusted, NO_PARENT,
};
use crate::Ends;
use std::cmp::Ordering;

/// A direction of travel, each component -1, 0 or 1; `(0, 0)` at the start.
pub(crate) type Dir = (i32, i32);

/// Successor generation of one flavour of Jump Point Search.
pub(crate) trait Expander {
    /// 8-connected (no corner cutting) when `true`, 4-connected otherwise.
    const EIGHT: bool;

    /// `true` when the search pushes many entries close in F (weighted terrain), so that an open
    /// list of F buckets pays for itself; plain JPS pushes few, far apart, and keeps a heap.
    const BUCKETS: bool = false;

    /// What the octile (or Manhattan) distance is multiplied by to estimate the cost left: the
    /// lightest weight a move can enter (1 on a uniform grid, where the product is exact on
    /// open ground).
    #[inline(always)]
    fn scale(&self) -> f64 {
        1.0
    }

    /// The estimate of the cost from `cell` to `goal`: the octile (or Manhattan) distance times
    /// [`scale`](Self::scale), unless the expander knows better (landmark bounds).
    #[inline(always)]
    fn estimate(&self, cell: Cell, goal: Cell) -> f64 {
        distance(Self::EIGHT, cell, goal) * self.scale()
    }

    /// Calls `push(successor, cost_from_node)` for every jump point (or the goal) reached from
    /// `node`, which was entered moving in direction `dir`. A successor is always reached by a
    /// diagonal-then-straight route (8-connected) or a vertical-then-horizontal one
    /// (4-connected) whose cells are free, and `cost_from_node` is that route's cost.
    fn expand<F: FnMut(Cell, f64)>(&self, node: Cell, dir: Dir, goal: Cell, push: F);
}

/// The octile (8-connected) or Manhattan (4-connected) distance: exact on an empty grid.
#[inline(always)]
pub(crate) fn distance(eight: bool, a: Cell, b: Cell) -> f64 {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    if eight {
        let (hi, lo) = if dx > dy { (dx, dy) } else { (dy, dx) };
        (hi - lo) as f64 + lo as f64 * std::f64::consts::SQRT_2
    } else {
        (dx + dy) as f64
    }
}

/// The direction `to` was entered in when reached from `from` by a route of [`Expander::expand`].
#[inline(always)]
fn arrival(eight: bool, from: Cell, to: Cell) -> Dir {
    let dx = to.x as i64 - from.x as i64;
    let dy = to.y as i64 - from.y as i64;
    let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
    if eight {
        match dx.abs().cmp(&dy.abs()) {
            Ordering::Greater => (sx, 0),
            Ordering::Less => (0, sy),
            Ordering::Equal => (sx, sy),
        }
    } else if dx != 0 {
        (sx, 0)
    } else {
        (0, sy)
    }
}

/// How many cells [`write_segment`] appends: one a move, a diagonal move covering a step of
/// both coordinates.
fn segment_len(eight: bool, from: Cell, to: Cell) -> usize {
    let (dx, dy) = (from.x.abs_diff(to.x), from.y.abs_diff(to.y));
    (if eight { dx.max(dy) } else { dx + dy }) as usize
}

/// Appends the cells after `from` up to and including `to`, along the route [`Expander::expand`]
/// took: diagonal first (8-connected) or vertical first (4-connected).
fn write_segment(eight: bool, from: Cell, to: Cell, out: &mut Vec<Cell>) {
    let (mut x, mut y) = (from.x as i64, from.y as i64);
    let (tx, ty) = (to.x as i64, to.y as i64);
    let (sx, sy) = ((tx - x).signum(), (ty - y).signum());
    if eight {
        while x != tx && y != ty {
            x += sx;
            y += sy;
            out.push(Cell::new(x as u32, y as u32));
        }
    }
    while y != ty {
        y += sy;
        out.push(Cell::new(x as u32, y as u32));
    }
    while x != tx {
        x += sx;
        out.push(Cell::new(x as u32, y as u32));
    }
}

/// Reusable state for Jump Point Search (and [JPS+](super::JpsPlus)) queries: keep one per thread
/// and pass it to every query.
///
/// It grows and never shrinks: the first query on a grid sizes the per-cell records to it, and
/// the open list and the caller's path buffer grow to the most a query has needed so far. Once
/// it has answered the largest query it will be asked, queries allocate nothing, also after
/// edits to the grid (or to a JPS+ table with [`JpsPlus::block`](super::JpsPlus::block) and
/// [`JpsPlus::open`](super::JpsPlus::open), which allocate nothing once they have made one
/// edit); tested with a counting allocator.
///
/// The first query on a grid sizes the records to it (16 bytes per cell): above
/// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) that is [`JpsError::Refused`]
/// ([`TooLarge`](crate::limits::Refusal::TooLarge)), checked before allocating, and memory the
/// allocator refuses is [`JpsError::Refused`]
/// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)).
///
/// It is a context of its own, not a [`SearchContext`](crate::search::SearchContext), because
/// its records keep no estimate (Jump Point Search recomputes the octile distance, which is
/// exact on open ground): 16 bytes per cell instead of 24. Run with the estimate kept, as the
/// common context keeps it, JPS used 27% more memory on `NewYork_0_1024` (39.1 MB against
/// 30.7 MB) and took 2% more time over the Moving AI set (`pathkit bench ../shared/movingai`,
/// three rounds each, one after the other).
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode};
/// use pathkit::{Goal, Pathfinder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
/// let mut ctx = JpsContext::new();
/// let mut path = Vec::new();
/// let status = grid.jump_points(JpsMode::EIGHT).find_path_into(&mut ctx, Cell::new(0, 1), Goal::Node(Cell::new(3, 1)), &Default::default(), &mut path).unwrap();
/// assert!(status.is_found());
/// assert_eq!(path.first(), Some(&Cell::new(0, 1)));
/// assert_eq!(path.last(), Some(&Cell::new(3, 1)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct JpsContext {
    /// 16 bytes per cell: the estimate is recomputed, not kept.
    pub(super) records: Records<f64, NoEstimate>,
    pub(super) open: KeyHeap,
    /// The open list of searches on weighted terrain, which push many entries close in F:
    /// buckets of F, made on the first such search.
    buckets: Option<BucketOpen>,
    pub(super) stats: Stats,
    /// Cells a query collects before searching (the closest points to an unreachable goal),
    /// kept so that it allocates only to grow.
    pub(super) cells: Vec<Cell>,
}

/// Jump Point Search as the search loop's expansion: successors are the jump points an
/// [`Expander`] finds from a cell, entered in the direction of the move that reached it; the
/// estimate is the octile (or Manhattan) distance, exact on an empty grid; a path between two jump
/// points is filled in cell by cell when asked.
pub(super) struct JumpExpansion<'e, E> {
    expander: &'e E,
    rows: RowOf,
    width: usize,
    goal: Cell,
    mode: PathMode,
}

impl<'e, E: Expander> JumpExpansion<'e, E> {
    /// Jumps by `expander` over a grid `width` cells wide, toward `goal`, writing paths as `mode`
    /// says.
    pub(super) fn new(expander: &'e E, width: u32, goal: Cell, mode: PathMode) -> Self {
        JumpExpansion {
            expander,
            rows: RowOf::new(width),
            width: width as usize,
            goal,
            mode,
        }
    }

    /// The record index of a cell.
    #[inline(always)]
    pub(super) fn index(&self, c: Cell) -> u32 {
        (c.y as usize * self.width + c.x as usize) as u32
    }
}

impl<E: Expander> Expansion for JumpExpansion<'_, E> {
    type Node = Cell;
    type Cost = f64;
    type Hint = Cell;

    #[inline(always)]
    fn node(&self, index: u32) -> Cell {
        self.rows.cell(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, f64, Cell)>(
        &self,
        index: u32,
        parent: u32,
        mut visit: F,
    ) -> Result<(), SearchError<Cell>> {
        let cell = self.rows.cell(index);
        let dir = if parent == NO_PARENT {
            (0, 0)
        } else {
            arrival(E::EIGHT, self.rows.cell(parent), cell)
        };
        self.expander.expand(cell, dir, self.goal, |next, cost| {
            visit(self.index(next), cost, next)
        });
        Ok(())
    }

    #[inline(always)]
    fn estimate(&self, cell: Cell) -> f64 {
        self.expander.estimate(cell, self.goal)
    }

    fn hint_at(&self, index: u32) -> Cell {
        self.rows.cell(index)
    }

    fn unit(&self, _start: u32) -> f64 {
        1.0
    }

    #[inline(always)]
    fn write_step(&self, from: Option<u32>, to: u32, out: &mut Vec<Cell>) {
        let to = self.rows.cell(to);
        match (from, self.mode) {
            (Some(from), PathMode::Cells) => write_segment(E::EIGHT, self.rows.cell(from), to, out),
            _ => out.push(to),
        }
    }

    #[inline(always)]
    fn step_len(&self, from: Option<u32>, to: u32) -> usize {
        match (from, self.mode) {
            (Some(from), PathMode::Cells) => {
                segment_len(E::EIGHT, self.rows.cell(from), self.rows.cell(to))
            }
            _ => 1,
        }
    }
}

/// The early answers every query gives before searching.
pub(crate) enum Checked {
    /// Search from and to these in-grid, passable, mutually reachable cells.
    Search,
    /// Answered without searching.
    Done(Status<f64>),
}

/// What a Jump Point Search query's ends say before searching ([`Ends`]), after refusing what
/// it cannot search: an end off the grid, a grid that is not uniform-cost, moves other than
/// 8-connected without corner cutting and 4-connected.
pub(crate) fn check_ends(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    moves: Diagonal,
) -> Result<Ends, JpsError> {
    check_terrain_ends(grid, start, goal, moves, false)
}

/// [`check_ends`], with weights above 1 allowed when `weighted`.
pub(crate) fn check_terrain_ends(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    moves: Diagonal,
    weighted: bool,
) -> Result<Ends, JpsError> {
    for cell in [start, goal] {
        if grid.cell(cell.x, cell.y).is_none() {
            return Err(JpsError::OutOfBounds {
                cell,
                width: grid.width(),
                height: grid.height(),
            });
        }
    }
    if !weighted {
        check_uniform(grid)?;
    }
    if !matches!(moves, Diagonal::NoCornerCutting | Diagonal::Never) {
        return Err(JpsError::UnsupportedMoves { moves });
    }
    Ok(if !grid.is_passable(start) {
        Ends::StartBlocked
    } else if !grid.is_passable(goal) {
        Ends::GoalBlocked
    } else if !grid
        .reachable_or_refusal(start, goal, moves)
        .map_err(JpsError::Refused)?
    {
        Ends::Apart
    } else {
        Ends::Open
    })
}

/// Validates a query: both cells in the grid, uniform costs; answers blocked ends, `start == goal`
/// and goals in another connected component at once.
pub(crate) fn check_query(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    moves: Diagonal,
    out: &mut Vec<Cell>,
) -> Result<Checked, JpsError> {
    out.clear();
    if !check_ends(grid, start, goal, moves)?.is_open() {
        return Ok(Checked::Done(Status::Unreachable));
    }
    if start == goal {
        out.push(start);
        return Ok(Checked::Done(Status::Found { cost: 0.0 }));
    }
    Ok(Checked::Search)
}

/// [`JpsError::NonUniformCost`] unless every cell weighs 0 or 1.
#[inline]
pub(crate) fn check_uniform(grid: &Grid) -> Result<(), JpsError> {
    if grid.max_weight() <= 1 {
        return Ok(());
    }
    non_uniform(grid)
}

/// The error of [`check_uniform`]: the first cell weighing more than 1.
#[cold]
#[inline(never)]
fn non_uniform(grid: &Grid) -> Result<(), JpsError> {
    let (index, &weight) = grid
        .weights()
        .iter()
        .enumerate()
        .find(|(_, &w)| w > 1)
        .expect("a weight above 1 exists");
    Err(JpsError::NonUniformCost {
        cell: grid.cell_at(index),
        weight,
    })
}

impl JpsContext {
    /// An empty context; its arrays grow to the size of the first grid searched.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let small = Grid::new(4, 4).unwrap();
    /// let large = Grid::new(64, 64).unwrap();
    /// // One context per thread serves every grid; its records grow to the largest.
    /// let mut ctx = JpsContext::new();
    /// let a = small.jump_points(JpsMode::FOUR).find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 3)).unwrap();
    /// let b = large.jump_points(JpsMode::FOUR).find_path(&mut ctx, Cell::new(0, 0), Cell::new(63, 0)).unwrap();
    /// assert_eq!((a.path().unwrap().cost, b.path().unwrap().cost), (6.0, 63.0));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Counters of the last query: `expanded` counts jump points taken off the open list.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(100, 100).unwrap();
    /// let mut ctx = JpsContext::new();
    /// let outcome = grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 0), Cell::new(99, 60)).unwrap();
    /// assert!(outcome.is_found());
    /// // On an open map the goal is in sight of the start: hardly anything is expanded.
    /// assert!(ctx.stats().expanded <= 2);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The row-major indices of the jump points the last search expanded, in index order (cell
    /// `(x, y)` is `y * width + x`, [`Grid::cell_at`](crate::grid::Grid::cell_at) maps it back):
    /// for a debug view, as [`SearchContext::closed_indices`](crate::search::SearchContext::closed_indices).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let mut ctx = JpsContext::new();
    /// assert!(grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 1), Cell::new(5, 1))?.is_found());
    /// let jump_points: Vec<Cell> = ctx.closed_indices().map(|i| grid.cell_at(i)).collect();
    /// assert_eq!(jump_points.len() as u64, ctx.stats().expanded);
    /// assert!(jump_points.contains(&Cell::new(0, 1))); // the start
    /// assert!(jump_points.windows(2).all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x))); // index order
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn closed_indices(&self) -> impl Iterator<Item = usize> + '_ {
        crate::search::closed_in(&self.records, self.stats.expanded)
    }

    /// Sizes the per-cell records to `grid` now, instead of on the first query (16 bytes per
    /// cell; refused as a query would refuse them). With
    /// [`Grid::prepare`](crate::grid::Grid::prepare), the first query on a map builds nothing.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit::jps::{JpsContext, JpsMode};
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::new(128, 128).unwrap();
    /// grid.prepare(Diagonal::NoCornerCutting).unwrap();
    /// let mut ctx = JpsContext::new();
    /// ctx.reserve(&grid).unwrap();
    /// let found = grid.jump_points(JpsMode::EIGHT).find_path(&mut ctx, Cell::new(0, 0), Cell::new(127, 127)).unwrap();
    /// assert!(found.is_found());
    /// ```
    pub fn reserve(&mut self, grid: &Grid) -> Result<(), JpsError> {
        self.records
            .new_generation(grid.len())
            .map_err(JpsError::Refused)
    }

    /// Zeroes the counters (for a query answered without searching).
    pub(crate) fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// [`find_path`](Self::find_path) writing the path (start first, both ends included) into
    /// `path`, reusing its capacity; nothing is allocated once the context and the buffer are warm.
    pub(crate) fn online_into(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        mode: JpsMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        self.stats = Stats::default();
        if let Checked::Done(status) = check_query(grid, start, goal, mode.moves, path)? {
            return Ok(status);
        }
        match mode.moves {
            Diagonal::NoCornerCutting => {
                let e = super::jump::Online8::new(grid);
                self.search(&e, grid.width(), grid.len(), start, goal, mode.path, path)
            }
            _ => {
                let e = super::four::Online4::new(grid);
                self.search(&e, grid.width(), grid.len(), start, goal, mode.path, path)
            }
        }
    }

    /// A* over jump points from `start` to `goal` (both passable and distinct), writing the path.
    /// The records grow to `cells` first: refused above
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or when the allocator says no.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search<E: Expander>(
        &mut self,
        expander: &E,
        width: u32,
        cells: usize,
        start: Cell,
        goal: Cell,
        mode: PathMode,
        out: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        out.clear();
        self.stats = Stats::default();
        self.records
            .new_generation(cells)
            .map_err(JpsError::Refused)?;
        let policy = JumpExpansion::new(expander, width, goal, mode);
        let sources = [Ok((policy.index(start), start))];
        let goal = AtIndex(policy.index(goal));
        let tie = (TieBreak::LargerG, None);
        let records = &mut self.records;
        if E::BUCKETS {
            let open = self.buckets.get_or_insert_with(BucketOpen::default);
            let run = (records, open, &mut self.stats);
            run_search(run, &policy, Trusted, tie, sources, &goal, out)
        } else {
            let run = (records, &mut self.open, &mut self.stats);
            run_search(run, &policy, Trusted, tie, sources, &goal, out)
        }
        .map_err(JpsError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jps::four::Online4;
    use crate::jps::jump::Online8;

    /// The successors `JumpExpansion::expand` reports for `index` reached from `parent`.
    fn successors<E: Expander>(
        expansion: &JumpExpansion<'_, E>,
        index: u32,
        parent: u32,
    ) -> Vec<Cell> {
        let mut out = Vec::new();
        expansion
            .expand(index, parent, |_, _, cell| out.push(cell))
            .unwrap();
        out.sort_by_key(|c| (c.y, c.x));
        out
    }

    /// The direction of the last move of the route `Expander::expand` documents, written out
    /// case by case: diagonal first, then straight along the longer side (8-connected);
    /// vertical first, then horizontal (4-connected).
    #[test]
    fn arrival_is_the_direction_of_the_routes_last_move() {
        let from = Cell::new(4, 4);
        let eight = [
            ((7, 4), (1, 0)),
            ((1, 4), (-1, 0)),
            ((4, 0), (0, -1)),
            ((4, 9), (0, 1)),
            ((6, 6), (1, 1)),
            ((1, 7), (-1, 1)),
            ((0, 0), (-1, -1)),
            ((9, 6), (1, 0)),
            ((3, 0), (0, -1)),
            ((0, 5), (-1, 0)),
            ((5, 8), (0, 1)),
        ];
        for ((x, y), dir) in eight {
            assert_eq!(
                arrival(true, from, Cell::new(x, y)),
                dir,
                "8-connected to ({x}, {y})"
            );
        }
        let four = [
            ((7, 4), (1, 0)),
            ((1, 4), (-1, 0)),
            ((4, 0), (0, -1)),
            ((4, 9), (0, 1)),
            ((6, 6), (1, 0)),
            ((1, 7), (-1, 0)),
            ((0, 0), (-1, 0)),
            ((9, 6), (1, 0)),
        ];
        for ((x, y), dir) in four {
            assert_eq!(
                arrival(false, from, Cell::new(x, y)),
                dir,
                "4-connected to ({x}, {y})"
            );
        }
    }

    /// A node is expanded in the direction it was entered (`Expander::expand`'s pruning), not
    /// every way as the start is: on an open grid, 8-connected, a node entered along a line
    /// with the goal off it has no successors, while the start finds the goal.
    #[test]
    fn a_node_is_expanded_in_the_direction_it_was_entered() {
        let grid = Grid::new(12, 10).unwrap();
        let goal = Cell::new(8, 8);
        let eight = Online8::new(&grid);
        let expansion = JumpExpansion::new(&eight, grid.width(), goal, PathMode::Cells);
        let node = expansion.index(Cell::new(5, 3));
        for parent in [Cell::new(2, 3), Cell::new(5, 0)] {
            let from = expansion.index(parent);
            assert_eq!(
                successors(&expansion, node, from),
                [],
                "8-connected from {parent:?}"
            );
        }
        assert_ne!(
            successors(&expansion, node, NO_PARENT),
            [],
            "8-connected start"
        );

        // 4-connected, a node entered horizontally still walks vertically but scans one way
        // only: the goal behind it on its row is the start's successor, not its.
        let goal = Cell::new(1, 3);
        let four = Online4::new(&grid);
        let expansion = JumpExpansion::new(&four, grid.width(), goal, PathMode::Cells);
        let from = expansion.index(Cell::new(2, 3));
        assert_eq!(successors(&expansion, node, from), [], "4-connected");
        assert_eq!(
            successors(&expansion, node, NO_PARENT),
            [goal],
            "4-connected start"
        );
    }

    /// Every cell of a grid that is not square: its index, its node and hint (the cell itself),
    /// its estimate (the octile or Manhattan distance to the goal, written out here) and the
    /// unit of cost (a straight move, 1).
    #[test]
    fn the_expansion_answers_for_every_cell_of_its_grid() {
        let grid = Grid::new(7, 5).unwrap();
        let goal = Cell::new(5, 1);
        let eight = Online8::new(&grid);
        let four = Online4::new(&grid);
        let diagonal = JumpExpansion::new(&eight, grid.width(), goal, PathMode::Cells);
        let straight = JumpExpansion::new(&four, grid.width(), goal, PathMode::Cells);
        for index in 0..grid.len() as u32 {
            let cell = Cell::new(index % 7, index / 7);
            let (dx, dy) = (
                cell.x.abs_diff(goal.x) as f64,
                cell.y.abs_diff(goal.y) as f64,
            );
            let octile = dx.max(dy) - dx.min(dy) + dx.min(dy) * 2f64.sqrt();
            for (node, hint, at, unit) in [
                (
                    diagonal.node(index),
                    diagonal.hint_at(index),
                    diagonal.index(cell),
                    diagonal.unit(index),
                ),
                (
                    straight.node(index),
                    straight.hint_at(index),
                    straight.index(cell),
                    straight.unit(index),
                ),
            ] {
                assert_eq!((node, hint, at, unit), (cell, cell, index, 1.0));
            }
            assert!((diagonal.estimate(cell) - octile).abs() < 1e-12, "{cell:?}");
            assert_eq!(straight.estimate(cell), dx + dy, "{cell:?}");
        }
    }
}
