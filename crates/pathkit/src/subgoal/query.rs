//! Queries on a [`SubgoalGraph`]: the start and goal joined to the subgoals they reach directly,
//! an upward search of the contraction hierarchy from both sides, and the cells of each edge laid
//! back down.

use super::cells::{Cells, NONE};
use super::contraction::{CORE, ORIGINAL};
use super::reach::scan;
use super::{SubgoalError, SubgoalGraph};
use crate::grid::{Cell, Diagonal};
use crate::search::{SearchOptions, Stats, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

/// Costs that differ by less than this are equal (sums of the same moves in another order).
const EPSILON: f64 = 1e-9;

/// The parent of a subgoal reached straight from the start (or, searching back, the goal).
const END: u32 = u32::MAX;

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
/// assert!(graph.find_path(&mut ctx, Cell::new(0, 0), Cell::new(3, 2))?.is_found());
/// assert!(ctx.stats().expanded > 0); // the graph was searched: no straight line joins the two
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SubgoalContext {
    /// This query's number: a record whose stamp differs is untouched.
    stamp: u32,
    /// Per subgoal, both searches' state.
    records: Vec<Record>,
    /// The upward searches' open lists: [`side_key`]s.
    forward: BinaryHeap<Reverse<u128>>,
    backward: BinaryHeap<Reverse<u128>>,
    /// The A* search of the core: [`core_key`]s.
    core: BinaryHeap<Reverse<u128>>,
    /// The core subgoals the start's search reached.
    entries: Vec<u32>,
    /// The subgoals the start (then the goal) reaches directly.
    links: Vec<u32>,
    /// The subgoals of the path found, start side first; then a stack for unpacking shortcuts.
    chain: Vec<u32>,
    unpack: Vec<u32>,
    stats: Stats,
}

/// A subgoal's state in the search from the start (`0`) and from the goal (`1`).
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    dist: [f64; 2],
    parent: [u32; 2],
    /// The query that set each side's state.
    stamp: [u32; 2],
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

    /// What the last query did: subgoals settled by the two searches, and pushed (0 when the
    /// start reached the goal directly).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
    /// use pathkit::Pathfinder;
    ///
    /// let graph = SubgoalGraph::new(Grid::new(10, 10)?)?;
    /// let mut ctx = SubgoalContext::new();
    /// assert!(graph.find_path(&mut ctx, Cell::new(0, 0), Cell::new(9, 4))?.is_found());
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
        crate::limits::try_grow(&mut self.records, graph.subgoal_count(), Record::default())?;
        Ok(())
    }

    /// Starts a query: a fresh stamp, empty lists.
    fn begin(&mut self, graph: &SubgoalGraph) -> Result<(), SubgoalError> {
        self.reserve(graph)?;
        if self.stamp == u32::MAX {
            self.records.iter_mut().for_each(|r| r.stamp = [0; 2]);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.forward.clear();
        self.backward.clear();
        self.links.clear();
        self.entries.clear();
        self.chain.clear();
        self.stats = Stats::default();
        Ok(())
    }

    /// Offers subgoal `v` at `dist` to side `side`'s search, through `parent`.
    #[inline(always)]
    fn offer(&mut self, side: usize, v: u32, dist: f64, parent: u32) {
        let r = &mut self.records[v as usize];
        if r.stamp[side] == self.stamp && r.dist[side] <= dist {
            return;
        }
        if r.stamp[side] != self.stamp {
            self.stats.touched += 1;
        }
        r.stamp[side] = self.stamp;
        r.dist[side] = dist;
        r.parent[side] = parent;
        let heap = if side == 0 {
            &mut self.forward
        } else {
            &mut self.backward
        };
        heap.push(Reverse(side_key(dist, v)));
        self.stats.pushed += 1;
    }
}

/// An upward search's open-list key: the distance's bits (a distance is never negative, so its
/// bits order as the number does) above the subgoal. One wide compare orders two entries.
#[inline(always)]
fn side_key(dist: f64, v: u32) -> u128 {
    (dist.to_bits() as u128) << 32 | v as u128
}

/// The distance and subgoal of a [`side_key`].
#[inline(always)]
fn from_side_key(key: u128) -> (f64, u32) {
    (f64::from_bits((key >> 32) as u64), key as u32)
}

/// The core's open-list key: the estimate `f` first, then the farther from the start first (on
/// open maps many subgoals lie on equally short ways; the tie needs no more than `f32`'s
/// precision), then the subgoal.
#[inline(always)]
fn core_key(f: f64, dist: f64, v: u32) -> u128 {
    (f.to_bits() as u128) << 64 | (!(dist as f32).to_bits() as u128) << 32 | v as u128
}

/// The octile distance between two padded cells.
#[inline(always)]
pub(super) fn octile(stride: usize, a: usize, b: usize) -> f64 {
    octile_steps(
        (a % stride).abs_diff(b % stride),
        (a / stride).abs_diff(b / stride),
    )
}

/// The octile length of `dx` columns and `dy` rows: straight 1, diagonal √2.
#[inline(always)]
fn octile_steps(dx: usize, dy: usize) -> f64 {
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    (hi - lo) as f64 + lo as f64 * SQRT_2
}

impl SubgoalGraph {
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

    /// Puts the subgoals `end` (the padded start or goal) reaches directly into side `side`'s
    /// search: the end itself when it is a subgoal, else every subgoal its scan finds.
    fn seed(&self, ctx: &mut SubgoalContext, side: usize, end: usize) {
        let cells = &self.cells;
        if cells.subgoal[end] != NONE {
            ctx.offer(side, cells.subgoal[end], 0.0, END);
            return;
        }
        if side == 1 {
            let links = &mut ctx.links;
            links.clear();
            scan(cells, end, None, &mut |q| links.push(cells.subgoal[q]));
        }
        for i in 0..ctx.links.len() {
            let v = ctx.links[i];
            let d = octile(cells.stride, end, cells.subgoals[v as usize] as usize);
            ctx.offer(side, v, d, END);
        }
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
        let (ps, pg) = (self.padded(start), self.padded(goal));
        let links = &mut ctx.links;
        if scan(cells, ps, Some(pg), &mut |q| links.push(cells.subgoal[q])) {
            path.push(start);
            lay_down(cells, ps, pg, path, |p| self.cell_of(p));
            return Ok(Status::Found {
                cost: octile(cells.stride, ps, pg),
            });
        }
        self.seed(ctx, 0, ps);
        self.seed(ctx, 1, pg);
        let stamp = ctx.stamp;
        let (mut best, mut meet) = (f64::INFINITY, NONE);
        loop {
            let top = |heap: &BinaryHeap<Reverse<u128>>| {
                heap.peek()
                    .map_or(f64::INFINITY, |&Reverse(key)| from_side_key(key).0)
            };
            let (f, b) = (top(&ctx.forward), top(&ctx.backward));
            if f >= best && b >= best {
                break;
            }
            let side = usize::from(b < f);
            let heap = if side == 0 {
                &mut ctx.forward
            } else {
                &mut ctx.backward
            };
            let Some(Reverse(key)) = heap.pop() else {
                break;
            };
            let (d, u) = from_side_key(key);
            let r = ctx.records[u as usize];
            if d > r.dist[side] {
                continue;
            }
            ctx.stats.expanded += 1;
            let other = 1 - side;
            if r.stamp[other] == stamp && d + r.dist[other] < best {
                best = d + r.dist[other];
                meet = u;
            }
            if self.hierarchy.rank[u as usize] == CORE {
                // The core is searched below, with A*, from the start's side only.
                if side == 0 {
                    ctx.entries.push(u);
                }
                continue;
            }
            // Stall on demand: a subgoal reached more cheaply down from a later one is not
            // on a shortest upward way; its arcs need not be followed.
            let up = self.hierarchy.up(u);
            let stalled = up.iter().any(|arc| {
                let w = &ctx.records[arc.to as usize];
                w.stamp[side] == stamp && w.dist[side] + arc.cost < d - EPSILON
            });
            if stalled {
                continue;
            }
            for arc in up {
                // Nothing through a subgoal as far as the best meeting yet can beat it.
                if d + arc.cost < best {
                    ctx.offer(side, arc.to, d + arc.cost, u);
                }
            }
        }
        // A* through the core: from the subgoals the start's search reached there, toward the
        // goal, finishing wherever the goal's search reached.
        let xy = &self.cells.xy;
        let (gx, gy) = ((pg % cells.stride) as u32, (pg / cells.stride) as u32);
        let estimate = |v: u32| {
            let (x, y) = xy[v as usize];
            octile_steps(x.abs_diff(gx) as usize, y.abs_diff(gy) as usize)
        };
        ctx.core.clear();
        for &v in &ctx.entries {
            let d = ctx.records[v as usize].dist[0];
            ctx.core.push(Reverse(core_key(d + estimate(v), d, v)));
        }
        while let Some(Reverse(key)) = ctx.core.pop() {
            let f = f64::from_bits((key >> 64) as u64);
            if f >= best {
                break;
            }
            let u = key as u32;
            let r = ctx.records[u as usize];
            let d = r.dist[0];
            // An entry left behind by a shorter way to `u` (its `f` is larger than `u`'s now).
            if f > d + estimate(u) {
                continue;
            }
            ctx.stats.expanded += 1;
            if r.stamp[1] == stamp && d + r.dist[1] < best {
                best = d + r.dist[1];
                meet = u;
            }
            for arc in self.hierarchy.up(u) {
                let nd = d + arc.cost;
                let w = &mut ctx.records[arc.to as usize];
                if w.stamp[0] == stamp && w.dist[0] <= nd {
                    continue;
                }
                let nf = nd + estimate(arc.to);
                // Never popped before the search stops (and no way through it is shorter).
                if nf >= best {
                    continue;
                }
                if w.stamp[0] != stamp {
                    ctx.stats.touched += 1;
                }
                w.stamp[0] = stamp;
                w.dist[0] = nd;
                w.parent[0] = u;
                ctx.core.push(Reverse(core_key(nf, nd, arc.to)));
                ctx.stats.pushed += 1;
            }
        }
        if meet == NONE {
            return Ok(Status::Unreachable);
        }
        // The subgoals from the start's link up to the meeting point, then down to the goal's.
        let mut v = meet;
        ctx.chain.push(v);
        while ctx.records[v as usize].parent[0] != END {
            v = ctx.records[v as usize].parent[0];
            ctx.chain.push(v);
        }
        ctx.chain.reverse();
        let mut v = meet;
        while ctx.records[v as usize].parent[1] != END {
            v = ctx.records[v as usize].parent[1];
            ctx.chain.push(v);
        }
        path.push(start);
        let at = |v: u32| cells.subgoals[v as usize] as usize;
        let cell_of = |p: usize| self.cell_of(p);
        lay_down(cells, ps, at(ctx.chain[0]), path, cell_of);
        for i in 1..ctx.chain.len() {
            let (a, b) = (ctx.chain[i - 1], ctx.chain[i]);
            // Unpack the arc a-b into subgoal-graph edges, laying each down in turn.
            ctx.unpack.clear();
            ctx.unpack.push(b);
            let mut from = a;
            while let Some(&to) = ctx.unpack.last() {
                match self.hierarchy.middle(from, to) {
                    Some(middle) if middle != ORIGINAL => ctx.unpack.push(middle),
                    _ => {
                        lay_down(cells, at(from), at(to), path, cell_of);
                        from = to;
                        ctx.unpack.pop();
                    }
                }
            }
        }
        lay_down(
            cells,
            at(*ctx.chain.last().unwrap_or(&meet)),
            pg,
            path,
            cell_of,
        );
        Ok(Status::Found { cost: best })
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
        if !cells.free(q as usize)
            || !cells.free((p + dx) as usize)
            || !cells.free((p + dy * stride) as usize)
        {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// The path `lay_down` writes from `from` to `to` on the map `ascii`, as `(x, y)` pairs.
    fn laid(ascii: &str, from: (u32, u32), to: (u32, u32)) -> Vec<(u32, u32)> {
        let cells = Cells::new(&Grid::from_ascii(ascii).unwrap()).unwrap();
        let stride = cells.stride;
        let padded = |(x, y): (u32, u32)| (y as usize + 1) * stride + x as usize + 1;
        let mut path = vec![Cell::new(from.0, from.1)];
        lay_down(&cells, padded(from), padded(to), &mut path, |p| {
            Cell::new((p % stride - 1) as u32, (p / stride - 1) as u32)
        });
        path.iter().map(|c| (c.x, c.y)).collect()
    }

    /// Every edge is walked diagonal first from one of its ends; from the other end that is
    /// straight first. The searches' edges happen to be free diagonal first from the end they
    /// are walked from, so the straight-first branch is checked here on its own, each path
    /// written out by hand.
    #[test]
    fn an_edge_is_laid_diagonal_first_when_free_else_straight_first() {
        let wall_below_start = ".....\n\
                                #....\n\
                                .....";
        // The first diagonal step would cut the wall's corner: straight moves first.
        assert_eq!(
            laid(wall_below_start, (0, 0), (4, 2)),
            [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2)]
        );
        // The same edge from its other end is free diagonal first.
        assert_eq!(
            laid(wall_below_start, (4, 2), (0, 0)),
            [(4, 2), (3, 1), (2, 0), (1, 0), (0, 0)]
        );
        // Longer along a column: down first, then the diagonal.
        let wall_beside_start = ".#\n\
                                 ..\n\
                                 ..\n\
                                 ..";
        assert_eq!(
            laid(wall_beside_start, (0, 0), (1, 3)),
            [(0, 0), (0, 1), (0, 2), (1, 3)]
        );
        // Open ground: diagonal first.
        assert_eq!(
            laid(wall_beside_start, (0, 1), (1, 3)),
            [(0, 1), (1, 2), (1, 3)]
        );
    }
}
