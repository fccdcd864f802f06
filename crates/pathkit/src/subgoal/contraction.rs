//! The contraction hierarchy over a subgoal graph: the subgoals put in an order, each one taken
//! out in turn with a shortcut between two of its neighbours wherever the way through it was the
//! only shortest one. A query searches only upward (toward subgoals taken out later) from both
//! ends, which on mazes, rooms and scattered obstacles settles a few dozen subgoals where A*
//! over the whole graph settles hundreds or thousands.
//!
//! The order: least "edge difference" first (shortcuts a contraction would add, less the arcs it
//! removes, plus the neighbours already taken out, which spreads contractions over the map),
//! checked again when popped. A shortcut is left out only when a witness search (Dijkstra among
//! the subgoals still in, bounded by the shortcut's cost and a number of settled subgoals) finds
//! a way at most as long; a search cut short adds a shortcut that was not needed, never loses a
//! distance.
//!
//! Subgoals with many neighbours, or whose contraction would add many shortcuts, are never taken
//! out: they form the core, ranked above all others, whose arcs are kept both ways. Queries
//! search the core with A* (see `query.rs`). This bounds the build on open maps, where every
//! corner sees dozens of others, and on maps of many small obstacles.

use crate::limits::{self, Refusal};
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

/// No middle subgoal: an edge of the subgoal graph itself.
pub(crate) const ORIGINAL: u32 = u32::MAX;

/// Costs that differ by less than this are equal (sums of the same moves in another order).
const EPSILON: f64 = 1e-9;

/// Subgoals a witness search settles at most while contracting, and while estimating a
/// contraction's shortcuts to order the subgoals. Larger searches find more witnesses (fewer
/// shortcuts) at a build cost that grows fast on maps of many subgoals (random obstacles).
const WITNESS_SETTLED: usize = 100;
const ESTIMATE_SETTLED: usize = 20;

/// A subgoal with more live neighbours than this, or whose contraction would add more shortcuts
/// than [`CORE_SHORTCUTS`], stays in the core. On open maps a corner sees dozens of others
/// (68 on average on NewYork_0_1024): contracting such subgoals costs quadratic shortcuts and
/// witness searches, while A* with the octile estimate searches them well.
const CORE_DEGREE: usize = 16;
const CORE_SHORTCUTS: usize = 24;

/// The rank of the subgoals left uncontracted (the core): above every contracted one.
pub(crate) const CORE: u32 = u32::MAX;

/// An arc of the hierarchy: to `to`, at `cost`, through `middle` (a shortcut) or [`ORIGINAL`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Arc {
    pub(crate) to: u32,
    pub(crate) middle: u32,
    pub(crate) cost: f64,
}

/// An upward arc as queries read it: to `to`, at `cost`. Twelve bytes: on open maps a core
/// subgoal has dozens of arcs and reading them is most of a query's time, so the middle subgoal
/// of each (read only to lay a path down) is kept apart, in [`Hierarchy::middles`].
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(4))]
pub(crate) struct UpArc {
    pub(crate) to: u32,
    pub(crate) cost: f64,
}

/// The upward arcs of every subgoal (toward subgoals contracted later), by rank.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hierarchy {
    /// Subgoal `v`'s upward arcs are `arcs[offsets[v]..offsets[v + 1]]`.
    pub(crate) offsets: Vec<u32>,
    pub(crate) arcs: Vec<UpArc>,
    /// The middle subgoal of each arc (a shortcut), or [`ORIGINAL`]: `middles[i]` is `arcs[i]`'s.
    pub(crate) middles: Vec<u32>,
    /// The order in which each subgoal was contracted.
    pub(crate) rank: Vec<u32>,
    /// Shortcuts added.
    pub(crate) shortcuts: usize,
    /// Subgoals left in the core.
    pub(crate) core: usize,
}

/// A float key for the heaps of the build and of queries (costs are never NaN).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Key(pub(crate) f64);
impl Eq for Key {}
impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The state of a contraction in progress.
struct Builder {
    /// Every arc of every subgoal, both ways, shortcuts included; arcs to contracted subgoals
    /// are skipped when read.
    adj: Vec<Vec<Arc>>,
    contracted: Vec<bool>,
    /// Neighbours already contracted, per subgoal.
    gone_neighbours: Vec<u32>,
    /// Witness-search scratch.
    dist: Vec<f64>,
    seen: Vec<u32>,
    stamp: u32,
    heap: BinaryHeap<Reverse<(Key, u32)>>,
    /// Scratch: the live neighbours of the subgoal being contracted, and the shortcuts found.
    neighbours: Vec<Arc>,
    found: Vec<(u32, u32, f64)>,
}

impl Builder {
    /// Dijkstra from `from` among live subgoals other than `skip`, up to `limit` cost and
    /// `settled` subgoals; afterwards `self.dist[v]` holds an upper bound for every `v` with
    /// `self.seen[v] == self.stamp`.
    fn witness(&mut self, from: u32, skip: u32, limit: f64, settled: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.heap.clear();
        self.dist[from as usize] = 0.0;
        self.seen[from as usize] = self.stamp;
        self.heap.push(Reverse((Key(0.0), from)));
        let mut count = 0;
        while let Some(Reverse((Key(d), u))) = self.heap.pop() {
            if d > self.dist[u as usize] {
                continue;
            }
            if d > limit || count >= settled {
                break;
            }
            count += 1;
            for i in 0..self.adj[u as usize].len() {
                let arc = self.adj[u as usize][i];
                if arc.to == skip || self.contracted[arc.to as usize] {
                    continue;
                }
                let nd = d + arc.cost;
                let t = arc.to as usize;
                if self.seen[t] != self.stamp || nd < self.dist[t] {
                    self.seen[t] = self.stamp;
                    self.dist[t] = nd;
                    self.heap.push(Reverse((Key(nd), arc.to)));
                }
            }
        }
    }

    /// The shortcuts contracting `v` needs, into `self.found` (each pair once, `u < w`), with
    /// witness searches of at most `settled` subgoals.
    fn shortcuts(&mut self, v: u32, settled: usize) {
        self.found.clear();
        self.neighbours.clear();
        // Live neighbours, one arc each (the cheapest).
        for i in 0..self.adj[v as usize].len() {
            let arc = self.adj[v as usize][i];
            if self.contracted[arc.to as usize] {
                continue;
            }
            match self.neighbours.iter_mut().find(|a| a.to == arc.to) {
                Some(a) if a.cost > arc.cost => *a = arc,
                Some(_) => {}
                None => self.neighbours.push(arc),
            }
        }
        for i in 0..self.neighbours.len() {
            let u = self.neighbours[i];
            let limit = self.neighbours[i + 1..]
                .iter()
                .map(|w| u.cost + w.cost)
                .fold(f64::NEG_INFINITY, f64::max);
            if limit == f64::NEG_INFINITY {
                continue;
            }
            self.witness(u.to, v, limit + EPSILON, settled);
            for j in i + 1..self.neighbours.len() {
                let w = self.neighbours[j];
                let through = u.cost + w.cost;
                let t = w.to as usize;
                let witnessed = self.seen[t] == self.stamp && self.dist[t] <= through + EPSILON;
                if !witnessed {
                    self.found.push((u.to, w.to, through));
                }
            }
        }
    }

    /// The contraction's priority: shortcuts it would add less live arcs, plus neighbours gone.
    fn priority(&mut self, v: u32) -> i64 {
        self.shortcuts(v, ESTIMATE_SETTLED);
        self.found.len() as i64 - self.neighbours.len() as i64
            + self.gone_neighbours[v as usize] as i64
    }

    /// Adds `arc` to `from`'s list, or lowers the cost of the arc already there; memory the
    /// allocator refuses is an error, not an abort.
    fn add_arc(&mut self, from: u32, arc: Arc) -> Result<(), Refusal> {
        let list = &mut self.adj[from as usize];
        match list.iter_mut().find(|a| a.to == arc.to) {
            Some(a) if a.cost > arc.cost => *a = arc,
            Some(_) => {}
            None => {
                grow_by_one(list)?;
                list.push(arc);
            }
        }
        Ok(())
    }
}

/// Room for one more element in `list`, or the allocator's refusal.
fn grow_by_one<T>(list: &mut Vec<T>) -> Result<(), Refusal> {
    list.try_reserve(1).map_err(|_| Refusal::OutOfMemory {
        bytes: ((list.len() + 1) * std::mem::size_of::<T>()) as u64,
    })
}

impl Hierarchy {
    /// Contracts the graph of `n` subgoals whose edges `edges(v, list)` puts into `list`
    /// (each edge listed from both ends, with its cost).
    pub(crate) fn build(
        n: usize,
        mut edges: impl FnMut(u32, &mut Vec<Arc>) -> Result<(), Refusal>,
    ) -> Result<Hierarchy, Refusal> {
        let mut adj = limits::try_filled(n, Vec::new())?;
        for (v, list) in adj.iter_mut().enumerate() {
            edges(v as u32, list)?;
        }
        let mut b = Builder {
            adj,
            contracted: limits::try_filled(n, false)?,
            gone_neighbours: limits::try_filled(n, 0)?,
            dist: limits::try_filled(n, 0.0)?,
            seen: limits::try_filled(n, 0)?,
            stamp: 0,
            heap: BinaryHeap::new(),
            neighbours: Vec::new(),
            found: Vec::new(),
        };
        let (max_degree, max_shortcuts) = (CORE_DEGREE, CORE_SHORTCUTS);
        let live_degree = |b: &Builder, v: u32| {
            b.adj[v as usize]
                .iter()
                .filter(|a| !b.contracted[a.to as usize])
                .count()
        };
        let mut rank = limits::try_filled(n, CORE)?;
        let mut order: BinaryHeap<Reverse<(i64, u32)>> = BinaryHeap::with_capacity(n);
        for v in 0..n as u32 {
            if live_degree(&b, v) <= max_degree {
                let p = b.priority(v);
                order.push(Reverse((p, v)));
            }
        }
        let mut next_rank = 0u32;
        let mut shortcuts = 0;
        while let Some(Reverse((p, v))) = order.pop() {
            if b.contracted[v as usize] {
                continue;
            }
            if live_degree(&b, v) > max_degree {
                continue; // into the core
            }
            // Lazy update: contract only if still no worse than the next in line.
            let now = b.priority(v);
            if now > p {
                if let Some(&Reverse((next, _))) = order.peek() {
                    if now > next {
                        order.push(Reverse((now, v)));
                        continue;
                    }
                }
            }
            b.shortcuts(v, WITNESS_SETTLED);
            if b.found.len() > max_shortcuts {
                continue; // into the core
            }
            let found = std::mem::take(&mut b.found);
            for &(u, w, cost) in &found {
                let middle = v;
                b.add_arc(
                    u,
                    Arc {
                        to: w,
                        middle,
                        cost,
                    },
                )?;
                b.add_arc(
                    w,
                    Arc {
                        to: u,
                        middle,
                        cost,
                    },
                )?;
            }
            shortcuts += found.len();
            b.found = found;
            b.contracted[v as usize] = true;
            rank[v as usize] = next_rank;
            next_rank += 1;
            for i in 0..b.neighbours.len() {
                let u = b.neighbours[i].to;
                b.gone_neighbours[u as usize] += 1;
            }
        }
        // Upward arcs only, by subgoal.
        let mut offsets = limits::try_filled(n + 1, 0u32)?;
        let (mut arcs, mut middles) = (Vec::new(), Vec::new());
        for v in 0..n {
            let start = arcs.len();
            for &arc in &b.adj[v] {
                let up = rank[arc.to as usize] > rank[v]
                    || (rank[v] == CORE && rank[arc.to as usize] == CORE);
                if up && !arcs[start..].iter().any(|a: &UpArc| a.to == arc.to) {
                    grow_by_one(&mut arcs)?;
                    grow_by_one(&mut middles)?;
                    arcs.push(UpArc {
                        to: arc.to,
                        cost: arc.cost,
                    });
                    middles.push(arc.middle);
                }
            }
            // Cheapest kept: `add_arc` already lowered duplicates in place.
            offsets[v + 1] = arcs.len() as u32;
        }
        Ok(Hierarchy {
            offsets,
            arcs,
            middles,
            core: n - next_rank as usize,
            rank,
            shortcuts,
        })
    }

    /// Subgoal `v`'s upward arcs.
    #[inline(always)]
    pub(crate) fn up(&self, v: u32) -> &[UpArc] {
        &self.arcs[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// The middle subgoal of the arc between `a` and `b` (stored at the lower-ranked one), or
    /// [`ORIGINAL`]; `None` when there is no such arc.
    pub(crate) fn middle(&self, a: u32, b: u32) -> Option<u32> {
        let (low, high) = if self.rank[a as usize] <= self.rank[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let first = self.offsets[low as usize] as usize;
        let at = self.up(low).iter().position(|arc| arc.to == high)?;
        Some(self.middles[first + at])
    }

    /// Bytes held.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.offsets.capacity() * 4
            + self.arcs.capacity() * std::mem::size_of::<UpArc>()
            + self.middles.capacity() * 4
            + self.rank.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::subgoal::SubgoalGraph;

    /// The cost of the arc between `a` and `b`, read where it is stored (at the lower-ranked).
    fn cost(h: &Hierarchy, a: u32, b: u32) -> Option<f64> {
        let (low, high) = if h.rank[a as usize] <= h.rank[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        h.up(low)
            .iter()
            .find(|arc| arc.to == high)
            .map(|arc| arc.cost)
    }

    /// Every arc's middle, read through [`Hierarchy::middle`] from either end, is what laying
    /// the path down needs: an edge of the subgoal graph costs the octile distance between its
    /// cells (it is a shortest free path), and a shortcut through `m` is the two arcs to and from
    /// `m`, which exist, at the sum of their costs. On a map with scattered walls and an open
    /// field, so that both contracted subgoals and a core are checked.
    #[test]
    fn every_arc_unpacks_into_arcs_that_exist_at_its_cost() {
        let mut seed = 0x243f_6a88_85a3_08d3_u64;
        let grid = Grid::from_fn(90, 70, |c| {
            crate::test_random::xorshift(&mut seed);
            let walls_here = if c.x < 45 { 9 } else { 2 };
            u32::from(seed % 100 >= walls_here)
        })
        .unwrap();
        let graph = SubgoalGraph::new(grid).unwrap();
        let (h, cells) = (&graph.hierarchy, &graph.cells);
        assert!(
            h.core > 0 && h.shortcuts > 0,
            "the map has a core and shortcuts"
        );
        let mut checked = 0;
        for v in 0..h.rank.len() as u32 {
            for arc in h.up(v) {
                let to = arc.to;
                let middle = h
                    .middle(v, to)
                    .expect("the arc is found from its lower end");
                assert_eq!(h.middle(to, v), Some(middle), "and from its other end");
                if middle == ORIGINAL {
                    let (a, b) = (cells.xy[v as usize], cells.xy[to as usize]);
                    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
                    let octile = dx.max(dy) - dx.min(dy) + dx.min(dy) * std::f64::consts::SQRT_2;
                    assert!((arc.cost - octile).abs() < 1e-9, "edge {v}-{to}");
                } else {
                    let first = cost(h, v, middle).expect("an arc to the middle");
                    let second = cost(h, middle, to).expect("an arc from the middle");
                    assert!(
                        (arc.cost - (first + second)).abs() < 1e-9,
                        "shortcut {v}-{to}"
                    );
                    assert!(h.rank[middle as usize] < h.rank[v as usize].min(h.rank[to as usize]));
                }
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} arcs");
    }
}
