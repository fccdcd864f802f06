//! The one search loop. A*, Dijkstra, weighted A*, the stepper and the sparse mode all run this
//! code; they differ only in the problem (successors, estimate, goal test) and the node indexer.

use super::bucket_open::BucketOpen;
use super::open_list::{Entry, OpenList};
use super::{SearchError, SearchOptions, Stats, TieBreak};
use crate::limits::{self, Refusal};
use crate::Cost;
use std::collections::VecDeque;
use std::fmt::Debug;

/// Parent of the start node.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Per-node search state, stored in a flat array indexed by node index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record<C> {
    pub g: C,
    /// The (weighted) heuristic, cached so an improved node need not be estimated again.
    pub h: C,
    pub parent: u32,
    /// `generation << 1 | closed`: a record from an earlier query is simply "unseen", so nothing is
    /// cleared between queries.
    pub stamp: u32,
}

impl<C: Cost> Record<C> {
    pub const EMPTY: Self = Record {
        g: C::ZERO,
        h: C::ZERO,
        parent: NO_PARENT,
        stamp: 0,
    };
}

/// What the loop searches: successors, the estimate to the goal, the goal test.
pub(crate) trait Problem {
    type Node: Copy + Eq + Debug;
    type Cost: Cost;
    fn successors<F: FnMut(Self::Node, Self::Cost)>(&self, node: Self::Node, visit: F);
    fn estimate(&self, node: Self::Node) -> Self::Cost;
    fn is_goal(&self, index: u32, node: Self::Node) -> bool;
}

/// Maps nodes to record indices and back.
pub(crate) trait Indexer<N> {
    /// The index of `node`, interning it if needed; `Err` when it does not fit.
    fn index(&mut self, node: N) -> Result<u32, SearchError<N>>;
    fn node(&self, index: u32) -> N;
}

/// How the heuristic enters F.
#[derive(Clone, Copy, Debug)]
enum Weight {
    Zero,
    One,
    Scaled(f64),
}

/// State of one run besides the context's arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<C> {
    weight: Weight,
    tie: TieBreak,
    max_expansions: u64,
    max_cost: Option<C>,
    /// Expanded node with the lowest H, for the partial path when a limit stops the search.
    best: u32,
    best_h: C,
    pruned: bool,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finish {
    Found(u32),
    Unreachable,
    Limit(u32),
}

/// One call of the loop body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Expanded(u32),
    Done(Finish),
}

/// The arrays every search reuses: records, open list, breadth-first queue.
#[derive(Clone, Debug)]
pub(crate) struct Engine<C> {
    pub records: Vec<Record<C>>,
    pub open: OpenList,
    /// The open list of the fast loop ([`Engine::run_indexed`]).
    pub buckets: BucketOpen,
    pub queue: VecDeque<u32>,
    pub generation: u32,
    pub counter: u32,
    pub stats: Stats,
}

impl<C: Cost> Default for Engine<C> {
    fn default() -> Self {
        Engine {
            records: Vec::new(),
            open: OpenList::new(),
            buckets: BucketOpen::default(),
            queue: VecDeque::new(),
            generation: 0,
            counter: 0,
            stats: Stats::default(),
        }
    }
}

impl<C: Cost> Engine<C> {
    /// Starts a new query: a fresh generation makes every record "unseen" without touching it.
    /// The records grow to `bound` first: refused above
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or when the allocator says no, and then
    /// nothing changes.
    pub fn new_generation(&mut self, bound: usize) -> Result<(), Refusal> {
        if self.records.len() < bound {
            limits::check(limits::bytes_of::<Record<C>>(bound as u64))?;
            limits::try_grow(&mut self.records, bound, Record::EMPTY)?;
        }
        self.generation += 1;
        if self.generation > (u32::MAX >> 1) {
            for r in &mut self.records {
                r.stamp = 0;
            }
            self.generation = 1;
        }
        self.open.clear();
        self.queue.clear();
        self.counter = 0;
        self.stats = Stats::default();
        Ok(())
    }

    #[inline(always)]
    pub fn seen(&self, index: u32) -> bool {
        self.records
            .get(index as usize)
            .is_some_and(|r| r.stamp >> 1 == self.generation)
    }

    #[inline(always)]
    pub fn closed(&self, index: u32) -> bool {
        self.records
            .get(index as usize)
            .is_some_and(|r| r.stamp == (self.generation << 1 | 1))
    }

    #[inline(always)]
    fn ensure(&mut self, index: u32) {
        if index as usize >= self.records.len() {
            self.records.resize(index as usize + 1, Record::EMPTY);
        }
    }

    #[inline(always)]
    fn weighted_estimate<P: Problem<Cost = C>>(
        problem: &P,
        weight: Weight,
        node: P::Node,
    ) -> Result<C, SearchError<P::Node>> {
        if let Weight::Zero = weight {
            return Ok(C::ZERO);
        }
        let raw = problem.estimate(node);
        if !raw.is_valid() {
            return Err(SearchError::InvalidHeuristic {
                node,
                value: raw.to_f64(),
            });
        }
        Ok(match weight {
            Weight::Scaled(w) => raw.scale(w),
            _ => raw,
        })
    }

    /// Opens the start node. The caller has called [`Engine::new_generation`].
    pub fn begin<P, I>(
        &mut self,
        problem: &P,
        indexer: &mut I,
        start: P::Node,
        options: &SearchOptions<C>,
    ) -> Result<Run<C>, SearchError<P::Node>>
    where
        P: Problem<Cost = C>,
        I: Indexer<P::Node>,
    {
        let w = options.heuristic_weight;
        let weight = if w == 0.0 {
            Weight::Zero
        } else if w == 1.0 {
            Weight::One
        } else if w.is_finite() && w > 1.0 {
            Weight::Scaled(w)
        } else {
            return Err(SearchError::InvalidWeight { weight: w });
        };
        if let Some(limit) = options.max_cost {
            // NaN compares with nothing: a NaN limit would silently prune nothing (or everything).
            if limit.partial_cmp(&C::ZERO).is_none_or(|o| o.is_lt()) {
                return Err(SearchError::InvalidMaxCost {
                    limit: limit.to_f64(),
                });
            }
        }
        let index = indexer.index(start)?;
        let h = Self::weighted_estimate(problem, weight, start)?;
        self.ensure(index);
        self.records[index as usize] = Record {
            g: C::ZERO,
            h,
            parent: NO_PARENT,
            stamp: self.generation << 1,
        };
        self.stats.touched = 1;
        self.push(h, h, index, options.tie_break);
        Ok(Run {
            weight,
            tie: options.tie_break,
            max_expansions: options.max_expansions.unwrap_or(u64::MAX),
            max_cost: options.max_cost,
            best: index,
            best_h: h,
            pruned: false,
        })
    }

    #[inline(always)]
    fn push(&mut self, f: C, h: C, index: u32, tie: TieBreak) {
        self.open.push(Entry::new(f, h, self.counter, index, tie));
        self.counter = self.counter.wrapping_add(1);
        self.stats.pushed += 1;
    }

    /// Expands the next open node: the loop body, shared by every A*-family search.
    #[inline]
    pub fn step<P, I>(
        &mut self,
        problem: &P,
        indexer: &mut I,
        run: &mut Run<C>,
    ) -> Result<Step, SearchError<P::Node>>
    where
        P: Problem<Cost = C>,
        I: Indexer<P::Node>,
    {
        let closed_stamp = self.generation << 1 | 1;
        let index = loop {
            if self.stats.expanded >= run.max_expansions {
                return Ok(Step::Done(Finish::Limit(run.best)));
            }
            let Some(entry) = self.open.pop() else {
                let finish = if run.pruned {
                    Finish::Limit(run.best)
                } else {
                    Finish::Unreachable
                };
                return Ok(Step::Done(finish));
            };
            let record = &mut self.records[entry.node() as usize];
            // An entry left behind by an improvement, or for a node already closed: skip it.
            if record.stamp == closed_stamp {
                continue;
            }
            record.stamp = closed_stamp;
            break entry.node();
        };
        self.stats.expanded += 1;
        let Record { g, h, .. } = self.records[index as usize];
        if h.total_order(&run.best_h).is_lt() {
            run.best_h = h;
            run.best = index;
        }
        let node = indexer.node(index);
        if problem.is_goal(index, node) {
            return Ok(Step::Done(Finish::Found(index)));
        }

        let mut error = None;
        let open_stamp = self.generation << 1;
        let generation = self.generation;
        problem.successors(node, |next, cost| {
            if error.is_some() {
                return;
            }
            if !cost.is_valid() {
                error = Some(SearchError::InvalidCost {
                    from: node,
                    to: next,
                    cost: cost.to_f64(),
                });
                return;
            }
            let Some(next_g) = g.checked_add(cost) else {
                error = Some(SearchError::CostOverflow { node: next });
                return;
            };
            if let Some(limit) = run.max_cost {
                if next_g.total_order(&limit).is_gt() {
                    run.pruned = true;
                    return;
                }
            }
            let next_index = match indexer.index(next) {
                Ok(i) => i,
                Err(e) => {
                    error = Some(e);
                    return;
                }
            };
            self.ensure(next_index);
            let record = &mut self.records[next_index as usize];
            let next_h = if record.stamp >> 1 == generation {
                // Seen in this query: keep it unless this route is strictly cheaper. A closed node
                // that improves is reopened (only possible with an inconsistent heuristic).
                if !next_g.improves_on(record.g) {
                    return;
                }
                record.g = next_g;
                record.parent = index;
                record.stamp = open_stamp;
                record.h
            } else {
                let next_h = match Self::weighted_estimate(problem, run.weight, next) {
                    Ok(h) => h,
                    Err(e) => {
                        error = Some(e);
                        return;
                    }
                };
                *record = Record {
                    g: next_g,
                    h: next_h,
                    parent: index,
                    stamp: open_stamp,
                };
                self.stats.touched += 1;
                next_h
            };
            let Some(f) = next_g.checked_add(next_h) else {
                error = Some(SearchError::CostOverflow { node: next });
                return;
            };
            self.push(f, next_h, next_index, run.tie);
        });
        match error {
            Some(e) => Err(e),
            None => Ok(Step::Expanded(index)),
        }
    }

    /// Runs [`Engine::step`] until the search ends.
    #[inline]
    pub fn run<P, I>(
        &mut self,
        problem: &P,
        indexer: &mut I,
        run: &mut Run<C>,
    ) -> Result<Finish, SearchError<P::Node>>
    where
        P: Problem<Cost = C>,
        I: Indexer<P::Node>,
    {
        loop {
            if let Step::Done(finish) = self.step(problem, indexer, run)? {
                return Ok(finish);
            }
        }
    }

    /// Breadth-first search: fewest edges, ignoring costs (optimal when every cost is equal).
    /// The reported cost is the sum of the edge costs along the path found.
    pub fn breadth_first<P, I>(
        &mut self,
        problem: &P,
        indexer: &mut I,
        start: P::Node,
    ) -> Result<Finish, SearchError<P::Node>>
    where
        P: Problem<Cost = C>,
        I: Indexer<P::Node>,
    {
        let start_index = indexer.index(start)?;
        self.ensure(start_index);
        let open_stamp = self.generation << 1;
        self.records[start_index as usize] = Record {
            g: C::ZERO,
            h: C::ZERO,
            parent: NO_PARENT,
            stamp: open_stamp,
        };
        self.stats.touched = 1;
        self.queue.push_back(start_index);
        while let Some(index) = self.queue.pop_front() {
            self.stats.expanded += 1;
            let node = indexer.node(index);
            if problem.is_goal(index, node) {
                return Ok(Finish::Found(index));
            }
            let g = self.records[index as usize].g;
            let mut error = None;
            problem.successors(node, |next, cost| {
                if error.is_some() {
                    return;
                }
                if !cost.is_valid() {
                    error = Some(SearchError::InvalidCost {
                        from: node,
                        to: next,
                        cost: cost.to_f64(),
                    });
                    return;
                }
                let next_index = match indexer.index(next) {
                    Ok(i) => i,
                    Err(e) => {
                        error = Some(e);
                        return;
                    }
                };
                self.ensure(next_index);
                let record = &mut self.records[next_index as usize];
                if record.stamp >> 1 == self.generation {
                    return;
                }
                let Some(next_g) = g.checked_add(cost) else {
                    error = Some(SearchError::CostOverflow { node: next });
                    return;
                };
                *record = Record {
                    g: next_g,
                    h: C::ZERO,
                    parent: index,
                    stamp: open_stamp,
                };
                self.stats.touched += 1;
                self.stats.pushed += 1;
                self.queue.push_back(next_index);
            });
            if let Some(e) = error {
                return Err(e);
            }
        }
        Ok(Finish::Unreachable)
    }

    /// Writes the path ending at `index` into `out` (start first) and returns its cost.
    pub fn write_path<N>(&self, node: impl Fn(u32) -> N, index: u32, out: &mut Vec<N>) -> C {
        out.clear();
        let cost = self.records[index as usize].g;
        let mut at = index;
        loop {
            out.push(node(at));
            let parent = self.records[at as usize].parent;
            if parent == NO_PARENT {
                break;
            }
            at = parent;
        }
        out.reverse();
        cost
    }
}
