//! Queries on a [`SubgoalGraph`]: the start and goal joined to the subgoals they reach directly,
//! A* over the graph, and the cells of each edge laid back down.

use super::cells::{Cells, NONE};
use super::reach::scan;
use super::{SubgoalError, SubgoalGraph};
use crate::grid::{Cell, Diagonal};
use crate::search::{SearchOptions, Stats, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

/// The reusable memory of subgoal-graph queries: one per thread, passed to every query. Its
/// arrays grow to the largest graph searched and are reused; once warm, a query allocates
/// nothing.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
/// use pathkit::Pathfinder;
///
/// let graph = SubgoalGraph::new(Grid::from_ascii("....\n.##.\n....")?)?;
/// let mut ctx = SubgoalContext::new();
/// graph.find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 2))?;
/// assert!(ctx.stats().expanded > 0); // the graph was searched: no straight line joins the two
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SubgoalContext {
    /// This query's number: a record whose stamp differs is untouched.
    stamp: u32,
    /// Per node (the subgoals, then the start and the goal).
    records: Vec<Record>,
    /// Per subgoal: the stamp of the query whose goal it reaches directly.
    goal_links: Vec<u32>,
    open: BinaryHeap<Entry>,
    /// The subgoals the start reaches directly (when the start is not one).
    start_links: Vec<u32>,
    /// The nodes of the path found, goal first.
    chain: Vec<u32>,
    stats: Stats,
}

/// A node's search state.
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    g: f64,
    parent: u32,
    /// The query that touched it; `closed` is only meaningful when it is this one.
    stamp: u32,
    closed: bool,
}

/// An open-list entry: least `f` first, the larger `g` among equals.
#[derive(Clone, Copy, Debug)]
struct Entry {
    f: f64,
    g: f64,
    node: u32,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap pops the greatest: the least f, then the greatest g.
        other
            .f
            .total_cmp(&self.f)
            .then(self.g.total_cmp(&other.g))
            .then(other.node.cmp(&self.node))
    }
}

impl SubgoalContext {
    /// An empty context; its arrays grow to the size of the first graph searched.
    ///
    /// ```
    /// use pathkit::subgoal::SubgoalContext;
    ///
    /// assert_eq!(SubgoalContext::new().stats().expanded, 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// What the last query did: graph nodes expanded and pushed (0 when the start reached the
    /// goal directly).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
    /// use pathkit::Pathfinder;
    ///
    /// let graph = SubgoalGraph::new(Grid::new(10, 10)?)?;
    /// let mut ctx = SubgoalContext::new();
    /// graph.find_path(&mut ctx, Cell::new(0, 0), Cell::new(9, 4))?;
    /// assert_eq!(ctx.stats().expanded, 0); // in plain sight: no search at all
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Grows the arrays to `graph`'s size now, so that the first query allocates nothing more.
    ///
    /// # Errors
    ///
    /// [`SubgoalError::Refused`] when the allocator refuses the memory.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("...\n.#.\n...")?)?;
    /// SubgoalContext::new().reserve(&graph)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reserve(&mut self, graph: &SubgoalGraph) -> Result<(), SubgoalError> {
        let n = graph.subgoal_count();
        crate::limits::try_grow(&mut self.records, n + 2, Record::default())?;
        crate::limits::try_grow(&mut self.goal_links, n, 0)?;
        Ok(())
    }

    /// Starts a query: a fresh stamp, empty lists.
    fn begin(&mut self, graph: &SubgoalGraph) -> Result<(), SubgoalError> {
        self.reserve(graph)?;
        if self.stamp == u32::MAX {
            self.records.iter_mut().for_each(|r| r.stamp = 0);
            self.goal_links.iter_mut().for_each(|s| *s = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.open.clear();
        self.start_links.clear();
        self.chain.clear();
        self.stats = Stats::default();
        Ok(())
    }
}

/// The octile distance between two padded cells.
#[inline(always)]
fn octile(stride: usize, a: usize, b: usize) -> f64 {
    let dx = (a % stride).abs_diff(b % stride);
    let dy = (a / stride).abs_diff(b / stride);
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    (hi - lo) as f64 + lo as f64 * SQRT_2
}

impl SubgoalGraph {
    /// The padded index of node `v` (a subgoal id, or the start or goal beyond them).
    #[inline(always)]
    fn at(&self, v: u32, start: usize, goal: usize) -> usize {
        let n = self.cells.subgoals.len() as u32;
        if v < n {
            self.cells.subgoals[v as usize] as usize
        } else if v == n {
            start
        } else {
            goal
        }
    }

    /// What the ends say before searching: off the grid (an error), blocked, apart, or open.
    fn ends(&self, start: Cell, goal: Cell) -> Result<Ends, SubgoalError> {
        let grid = &self.grid;
        for cell in [start, goal] {
            if cell.x >= grid.width() || cell.y >= grid.height() {
                return Err(SubgoalError::OutOfBounds {
                    cell,
                    width: grid.width(),
                    height: grid.height(),
                });
            }
        }
        Ok(if !grid.is_passable(start) {
            Ends::StartBlocked
        } else if !grid.is_passable(goal) {
            Ends::GoalBlocked
        } else if !grid.reachable_or_refusal(start, goal, Diagonal::NoCornerCutting)? {
            Ends::Apart
        } else {
            Ends::Open
        })
    }

    /// The shortest path from `start` to `goal`, every cell listed, written into `path`.
    fn path_into(
        &self,
        ctx: &mut SubgoalContext,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, SubgoalError> {
        path.clear();
        ctx.stats = Stats::default();
        if !self.ends(start, goal)?.is_open() {
            return Ok(Status::Unreachable);
        }
        if start == goal {
            path.push(start);
            return Ok(Status::Found { cost: 0.0 });
        }
        ctx.begin(self)?;
        let cells = &self.cells;
        let stride = cells.stride;
        let (ps, pg) = (self.padded(start), self.padded(goal));
        let n = cells.subgoals.len() as u32;
        let links = &mut ctx.start_links;
        let direct = scan(cells, ps, Some(pg), &mut |q| links.push(cells.subgoal[q]));
        if direct {
            path.push(start);
            lay_down(cells, ps, pg, path, |p| self.cell_of(p));
            return Ok(Status::Found {
                cost: octile(stride, ps, pg),
            });
        }
        let (start_node, goal_node) = (
            if cells.subgoal[ps] != NONE { cells.subgoal[ps] } else { n },
            if cells.subgoal[pg] != NONE { cells.subgoal[pg] } else { n + 1 },
        );
        let stamp = ctx.stamp;
        if goal_node == n + 1 {
            let goal_links = &mut ctx.goal_links;
            scan(cells, pg, None, &mut |q| goal_links[cells.subgoal[q] as usize] = stamp);
        }
        ctx.records[start_node as usize] = Record {
            g: 0.0,
            parent: start_node,
            stamp,
            closed: false,
        };
        ctx.open.push(Entry {
            f: octile(stride, ps, pg),
            g: 0.0,
            node: start_node,
        });
        ctx.stats.pushed += 1;
        ctx.stats.touched += 1;
        let found = loop {
            let Some(Entry { g, node, .. }) = ctx.open.pop() else {
                break None;
            };
            let record = &mut ctx.records[node as usize];
            if record.closed || g > record.g {
                continue;
            }
            record.closed = true;
            ctx.stats.expanded += 1;
            if node == goal_node {
                break Some(g);
            }
            let here = self.at(node, ps, pg);
            let neighbours: &[u32] = if node == n {
                &ctx.start_links
            } else {
                &self.targets[self.offsets[node as usize] as usize..self.offsets[node as usize + 1] as usize]
            };
            let relax = |v: u32, to: usize, ctx_records: &mut Vec<Record>, open: &mut BinaryHeap<Entry>, stats: &mut Stats| {
                let ng = g + octile(stride, here, to);
                let r = &mut ctx_records[v as usize];
                if r.stamp != stamp {
                    *r = Record { g: ng, parent: node, stamp, closed: false };
                    stats.touched += 1;
                } else if r.closed || ng >= r.g {
                    return;
                } else {
                    r.g = ng;
                    r.parent = node;
                }
                open.push(Entry { f: ng + octile(stride, to, pg), g: ng, node: v });
                stats.pushed += 1;
            };
            for &v in neighbours {
                relax(v, cells.subgoals[v as usize] as usize, &mut ctx.records, &mut ctx.open, &mut ctx.stats);
            }
            if goal_node == n + 1 && node < n && ctx.goal_links[node as usize] == stamp {
                relax(n + 1, pg, &mut ctx.records, &mut ctx.open, &mut ctx.stats);
            }
        };
        let Some(cost) = found else {
            return Ok(Status::Unreachable);
        };
        let mut v = goal_node;
        ctx.chain.push(v);
        while v != start_node {
            v = ctx.records[v as usize].parent;
            ctx.chain.push(v);
        }
        path.push(start);
        for pair in ctx.chain.windows(2).rev() {
            let (from, to) = (self.at(pair[1], ps, pg), self.at(pair[0], ps, pg));
            lay_down(cells, from, to, path, |p| self.cell_of(p));
        }
        Ok(Status::Found { cost })
    }
}

/// Appends the cells after `from` up to `to` of a shortest free path between them: diagonal
/// moves first if they are free, otherwise straight moves first (every edge and link is one or
/// the other: the scan that found it walked it).
fn lay_down(
    cells: &Cells,
    from: usize,
    to: usize,
    path: &mut Vec<Cell>,
    cell_of: impl Fn(usize) -> Cell,
) {
    let before = path.len();
    if walk_diagonal_first(cells, from, to, &mut |p| path.push(cell_of(p))) {
        return;
    }
    path.truncate(before);
    // Straight first from `from` is diagonal first from `to`, reversed: `to` back to the cell
    // after `from`.
    let free = walk_diagonal_first(cells, to, from, &mut |p| path.push(cell_of(p)));
    debug_assert!(free, "an edge walked by neither order");
    path.pop(); // `from` itself, already listed
    path[before..].reverse();
    path.push(cell_of(to));
}

/// Walks from `from` to `to`, diagonal moves first, calling `visit` on every cell after `from`;
/// false as soon as a move is not free (a wall, or a corner a diagonal would cut).
fn walk_diagonal_first(
    cells: &Cells,
    from: usize,
    to: usize,
    visit: &mut impl FnMut(usize),
) -> bool {
    let stride = cells.stride as isize;
    let (fx, fy) = ((from as isize) % stride, (from as isize) / stride);
    let (tx, ty) = ((to as isize) % stride, (to as isize) / stride);
    let (dx, dy) = ((tx - fx).signum(), (ty - fy).signum());
    let (ax, ay) = ((tx - fx).abs(), (ty - fy).abs());
    let mut p = from as isize;
    for _ in 0..ax.min(ay) {
        let q = p + dy * stride + dx;
        if !cells.free(q as usize) || !cells.free((p + dx) as usize) || !cells.free((p + dy * stride) as usize) {
            return false;
        }
        p = q;
        visit(p as usize);
    }
    let step = if ax > ay { dx } else { dy * stride };
    for _ in 0..(ax - ay).abs() {
        p += step;
        if !cells.free(p as usize) {
            return false;
        }
        visit(p as usize);
    }
    true
}

/// Finds the shortest path, every cell listed. Supports one goal and the default options:
/// several goals, a goal test, the closest point, limits and heuristic weights are refused with
/// [`SubgoalError::Unsupported`].
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::jps::{JpsContext, JpsPlus};
/// use pathkit::search::SearchOptions;
/// use pathkit::subgoal::{SubgoalContext, SubgoalError, SubgoalGraph};
/// use pathkit::{Pathfinder, Unsupported};
///
/// let grid = Grid::from_ascii("........\n.##.###.\n........\n.#.##.#.")?;
/// let graph = SubgoalGraph::new(grid.clone())?;
/// let mut ctx = SubgoalContext::new();
/// let (start, goal) = (Cell::new(0, 3), Cell::new(7, 0));
/// let path = graph.find_path(&mut ctx, start, goal)?.into_path().unwrap();
/// let plus = JpsPlus::new(grid)?.find_path(&mut JpsContext::new(), start, goal)?.into_path().unwrap();
/// assert_eq!(path.cost, plus.cost);
///
/// let exits = [Cell::new(7, 3), Cell::new(0, 0)];
/// let err = graph.find_path(&mut ctx, start, &exits).unwrap_err();
/// assert_eq!(err, SubgoalError::Unsupported(Unsupported::SeveralGoals));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Pathfinder for SubgoalGraph {
    type Node = Cell;
    type Cost = f64;
    type Context = SubgoalContext;
    type Error = SubgoalError;

    /// Both cells on the grid (an error otherwise); then a walled end, or two ends in different
    /// components.
    fn check_ends(&self, start: Cell, goal: Cell) -> Result<Ends, SubgoalError> {
        self.ends(start, goal)
    }

    fn find_path_into(
        &self,
        ctx: &mut SubgoalContext,
        start: Cell,
        to: Goal<'_, Cell>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, SubgoalError> {
        let goal = match to {
            Goal::Node(goal) => goal,
            Goal::AnyOf(_) => return Err(SubgoalError::Unsupported(Unsupported::SeveralGoals)),
            Goal::Matching(_) => return Err(SubgoalError::Unsupported(Unsupported::GoalTest)),
        };
        Unsupported::check_plain(options, false).map_err(SubgoalError::Unsupported)?;
        self.path_into(ctx, start, goal, path)
    }
}
