//! [`JpsContext`]: the reusable state of Jump Point Search queries and the search loop they share.
//!
//! The loop is plain A* over jump points; what differs between 8-connected, 4-connected and
//! preprocessed (JPS+) search is successor generation, behind the crate-private [`Expander`]
//! trait. Per-cell state lives in one flat array stamped with the query number, so nothing is
//! cleared between queries and a warmed-up context allocates nothing (see [`JpsContext`]).

use super::{Connectivity, JpsError, JpsMode, PathMode};
use crate::grid::{Cell, Diagonal, Grid};
use crate::limits;
use crate::search::{Outcome, Path, Stats, Status};
use crate::Cost;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A direction of travel, each component -1, 0 or 1; `(0, 0)` at the start.
pub(crate) type Dir = (i32, i32);

/// Successor generation of one flavour of Jump Point Search.
pub(crate) trait Expander {
    /// 8-connected (no corner cutting) when `true`, 4-connected otherwise.
    const EIGHT: bool;

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

const NO_PARENT: u32 = u32::MAX;

/// Search state of one cell.
#[derive(Clone, Copy, Debug)]
struct Record {
    g: f64,
    parent: u32,
    /// `query << 1 | closed`: records of earlier queries read as unseen.
    stamp: u32,
}

/// An open-list entry in 16 bytes: one 128-bit key, so that an order test is a single wide
/// compare. F as an integer key ([`Cost::order_key`], which merges rounding noise so that equal
/// routes tie) in the high word, then H as a tie key and the cell index in the low word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry(u128);

impl Entry {
    #[inline(always)]
    fn new(f: f64, h: f64, node: u32) -> Self {
        let tie = (h.tie_key() as u64) << 32 | node as u64;
        Entry((f.order_key() as u128) << 64 | tie as u128)
    }

    #[inline(always)]
    fn node(self) -> u32 {
        self.0 as u32
    }
}

impl Ord for Entry {
    /// The max-heap pops the smallest F first, then the smallest H (the deepest node).
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.cmp(&self.0)
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Reusable state for Jump Point Search (and [JPS+](super::JpsPlus)) queries: keep one per thread
/// and pass it to every query.
///
/// It grows and never shrinks: the first query on a grid sizes the per-cell records to it, and
/// the open list and the caller's path buffer grow to the most a query has needed so far. Once
/// it has answered the largest query it will be asked, queries allocate nothing, also after
/// edits to the grid (or [`JpsPlus::set_passable`](super::JpsPlus::set_passable), which itself
/// allocates nothing once it has made one edit); tested with a counting allocator.
///
/// The first query on a grid sizes the records to it (16 bytes per cell): above
/// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) that is [`JpsError::TooLarge`], checked before
/// allocating, and memory the allocator refuses is [`JpsError::OutOfMemory`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsMode};
///
/// let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
/// let mut ctx = JpsContext::new();
/// let mut path = Vec::new();
/// let status = ctx.find_path_into(&grid, Cell::new(0, 1), Cell::new(3, 1), JpsMode::EIGHT, &mut path).unwrap();
/// assert!(status.is_found());
/// assert_eq!(path.first(), Some(&Cell::new(0, 1)));
/// assert_eq!(path.last(), Some(&Cell::new(3, 1)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct JpsContext {
    records: Vec<Record>,
    open: BinaryHeap<Entry>,
    /// Jump points of the last path, goal first.
    jumps: Vec<u32>,
    query: u32,
    stats: Stats,
}

/// The early answers every query gives before searching.
pub(crate) enum Checked {
    /// Search from and to these in-grid, passable, mutually reachable cells.
    Search,
    /// Answered without searching.
    Done(Status<f64>),
}

/// Validates a query: both cells in the grid, uniform costs; answers blocked ends, `start == goal`
/// and goals in another connected component at once.
pub(crate) fn check_query(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    connectivity: Connectivity,
    out: &mut Vec<Cell>,
) -> Result<Checked, JpsError> {
    out.clear();
    for cell in [start, goal] {
        if grid.cell(cell.x, cell.y).is_none() {
            return Err(JpsError::OutOfBounds {
                cell,
                width: grid.width(),
                height: grid.height(),
            });
        }
    }
    check_uniform(grid)?;
    let rule = match connectivity {
        Connectivity::Eight => Diagonal::NoCornerCutting,
        Connectivity::Four => Diagonal::Never,
    };
    let reachable = grid
        .reachable_or_refusal(start, goal, rule)
        .map_err(|e| JpsError::refused(e, grid.len()))?;
    if !reachable {
        return Ok(Checked::Done(Status::Unreachable));
    }
    if start == goal {
        out.push(start);
        return Ok(Checked::Done(Status::Found { cost: 0.0 }));
    }
    Ok(Checked::Search)
}

/// [`JpsError::NonUniformCost`] unless every cell weighs 0 or 1.
pub(crate) fn check_uniform(grid: &Grid) -> Result<(), JpsError> {
    if grid.max_weight() <= 1 {
        return Ok(());
    }
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
    pub fn new() -> Self {
        Self::default()
    }

    /// Counters of the last query: `expanded` counts jump points taken off the open list.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Zeroes the counters (for a query answered without searching).
    pub(crate) fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// An optimal path from `start` to `goal` by online Jump Point Search (no preprocessing).
    ///
    /// The grid must be uniform-cost (every weight 0 or 1), else [`JpsError::NonUniformCost`].
    /// A start or goal outside the grid is [`JpsError::OutOfBounds`]; a blocked one gives
    /// [`Outcome::Unreachable`]. `start == goal` gives the path `[start]` at cost 0. Costs are the
    /// Moving AI ones: 1 per straight move, √2 per diagonal move (4-connected: 1 per move).
    pub fn find_path(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        mode: JpsMode,
    ) -> Result<Outcome<Cell, f64>, JpsError> {
        let mut nodes = Vec::new();
        let status = self.find_path_into(grid, start, goal, mode, &mut nodes)?;
        Ok(outcome(status, nodes))
    }

    /// [`find_path`](Self::find_path) writing the path (start first, both ends included) into
    /// `path`, reusing its capacity; nothing is allocated once the context and the buffer are warm.
    pub fn find_path_into(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        mode: JpsMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        self.stats = Stats::default();
        if let Checked::Done(status) = check_query(grid, start, goal, mode.connectivity, path)? {
            return Ok(status);
        }
        match mode.connectivity {
            Connectivity::Eight => {
                let e = super::jump::Online8::new(grid);
                self.search(&e, grid.width(), grid.len(), start, goal, mode.path, path)
            }
            Connectivity::Four => {
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
        if self.records.len() < cells {
            let unseen = Record {
                g: 0.0,
                parent: NO_PARENT,
                stamp: 0,
            };
            limits::check(limits::bytes_of::<Record>(cells as u64))
                .and_then(|()| limits::try_grow(&mut self.records, cells, unseen))
                .map_err(|e| JpsError::refused(e, cells))?;
        }
        self.query += 1;
        if self.query > u32::MAX >> 1 {
            for r in &mut self.records {
                r.stamp = 0;
            }
            self.query = 1;
        }
        self.open.clear();
        let open_stamp = self.query << 1;
        let closed_stamp = open_stamp | 1;
        let w = width as usize;
        let index = |c: Cell| c.y as usize * w + c.x as usize;
        // Division by the width without a divide instruction (Lemire's fastdiv: exact for every
        // 32-bit index and width >= 2); the memory limit keeps cells below 2^29, so indices fit.
        let magic = if w >= 2 { u64::MAX / w as u64 + 1 } else { 0 };
        let cell_at = |i: usize| {
            let y = if w >= 2 {
                ((magic as u128 * i as u128) >> 64) as usize
            } else {
                i
            };
            Cell::new((i - y * w) as u32, y as u32)
        };
        let goal_index = index(goal);

        let start_index = index(start);
        self.records[start_index] = Record {
            g: 0.0,
            parent: NO_PARENT,
            stamp: open_stamp,
        };
        let h0 = distance(E::EIGHT, start, goal);
        self.open.push(Entry::new(h0, h0, start_index as u32));
        let mut stats = Stats {
            pushed: 1,
            touched: 1,
            ..Stats::default()
        };
        let records = &mut self.records;
        let open = &mut self.open;
        let mut found = None;
        while let Some(entry) = open.pop() {
            let i = entry.node() as usize;
            let rec = records[i];
            if rec.stamp == closed_stamp {
                continue;
            }
            records[i].stamp = closed_stamp;
            stats.expanded += 1;
            if i == goal_index {
                found = Some(rec.g);
                break;
            }
            let cell = cell_at(i);
            let dir = if rec.parent == NO_PARENT {
                (0, 0)
            } else {
                arrival(E::EIGHT, cell_at(rec.parent as usize), cell)
            };
            expander.expand(cell, dir, goal, |next, cost| {
                let ni = index(next);
                let g = rec.g + cost;
                let r = &mut records[ni];
                if r.stamp >> 1 == open_stamp >> 1 {
                    if r.stamp == closed_stamp || g >= r.g {
                        return;
                    }
                } else {
                    stats.touched += 1;
                }
                *r = Record {
                    g,
                    parent: i as u32,
                    stamp: open_stamp,
                };
                let h = distance(E::EIGHT, next, goal);
                open.push(Entry::new(g + h, h, ni as u32));
                stats.pushed += 1;
            });
        }
        self.stats = stats;
        let Some(cost) = found else {
            return Ok(Status::Unreachable);
        };
        self.jumps.clear();
        let mut at = goal_index as u32;
        while at != NO_PARENT {
            self.jumps.push(at);
            at = self.records[at as usize].parent;
        }
        let mut prev = start;
        out.push(start);
        for &j in self.jumps.iter().rev().skip(1) {
            let c = cell_at(j as usize);
            match mode {
                PathMode::JumpPoints => out.push(c),
                PathMode::Cells => write_segment(E::EIGHT, prev, c, out),
            }
            prev = c;
        }
        Ok(Status::Found { cost })
    }
}

/// Pairs a status with the path written for it.
pub(crate) fn outcome(status: Status<f64>, nodes: Vec<Cell>) -> Outcome<Cell, f64> {
    match status {
        Status::Found { cost } => Outcome::Found(Path { nodes, cost }),
        Status::LimitReached { cost } => Outcome::LimitReached(Path { nodes, cost }),
        Status::Unreachable => Outcome::Unreachable,
    }
}
