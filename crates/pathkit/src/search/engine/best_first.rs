//! The one best-first search loop. A*, Dijkstra, weighted A*, the stepper, the grid's fast path,
//! Jump Point Search and JPS+ all run [`advance`]; they differ in what is plugged into it:
//!
//! - an [`Expansion`]: where successors come from (a user's [`SearchSpace`](crate::search::SearchSpace),
//!   a grid's neighbour masks, jumps over a grid, a JPS+ table) and the estimate of what remains;
//! - an [`OpenQueue`]: a binary heap, the bucket queue, or the 128-bit key heap;
//! - [`Checks`]: [`Validated`] for costs and estimates that come from a user's code and for the
//!   options' limits and heuristic weight, or [`Trusted`] for costs the library computed itself,
//!   a zero-sized type whose checks compile to nothing;
//! - a [`Goal`]: one node, or any node a predicate accepts.
//!
//! Records, their stamps, the parent marker, the statistics and path writing exist once
//! ([`Records`]); so does the rule that decides when a node improves.

use crate::cost::keys::CostKeys;
use crate::search::entry::Entry;
use crate::search::open_queue::OpenQueue;
use crate::search::record::{EstimateSlot, Record, Records, NO_PARENT};
use crate::search::{SearchError, SearchOptions, Stats, TieBreak, WhenUnreachable};
use crate::Cost;
use std::fmt::Debug;

/// Where the successors of a node come from, and what reaching the goal from one is estimated
/// to cost.
pub(crate) trait Expansion {
    /// The node type paths are written in.
    type Node: Copy + Eq + Debug;
    /// The cost type.
    type Cost: Cost;
    /// What [`estimate`](Self::estimate) needs to know about a successor (a grid passes the
    /// cell, a user's space the node), so the estimate is only made for nodes seen for the
    /// first time.
    type Hint: Copy;

    /// `true` when indices are handed out as nodes are met (a hash map's interning), so the
    /// records must grow to each new index; `false` when every index is below the bound the
    /// records were sized to.
    const GROWS: bool = false;

    /// The node at `index`.
    fn node(&self, index: u32) -> Self::Node;

    /// Calls `visit(successor, edge cost, hint)` for every edge leaving `index`, which was reached
    /// from `parent` ([`NO_PARENT`] for the start), in a fixed order (the tie-break of last
    /// resort). An expansion may leave out successors that provably cannot improve through
    /// `index` (the parent itself, and nodes the parent reaches more cheaply on its own).
    fn expand<F: FnMut(u32, Self::Cost, Self::Hint)>(
        &self,
        index: u32,
        parent: u32,
        visit: F,
    ) -> Result<(), SearchError<Self::Node>>;

    /// The estimate to the goal of the successor `hint` describes (not yet checked or weighted).
    fn estimate(&self, hint: Self::Hint) -> Self::Cost;

    /// The hint of the node at `index`, for searches whose records keep no estimate.
    fn hint_at(&self, index: u32) -> Self::Hint;

    /// The cost of the cheapest edge, or zero when unknown: the bucket queue sizes its buckets by
    /// it (only speed depends on it). `start` is the first node a search opens, for expansions
    /// that can only guess from its edges.
    fn unit(&self, start: u32) -> Self::Cost {
        let _ = start;
        Self::Cost::ZERO
    }

    /// Appends to `out` what the move from `from` (`None` at the start) to `to` adds to a path:
    /// the node `to`, or, for jumps, every node on the way.
    #[inline(always)]
    fn write_step(&self, from: Option<u32>, to: u32, out: &mut Vec<Self::Node>) {
        let _ = from;
        out.push(self.node(to));
    }

    /// How many nodes [`write_step`](Self::write_step) appends for the same move, so a path is
    /// reserved once before it is written (a jump writes many cells: growing the buffer cell by
    /// cell cost a JPS query on a small map more than its jumps).
    #[inline(always)]
    fn step_len(&self, from: Option<u32>, to: u32) -> usize {
        let _ = (from, to);
        1
    }
}

/// What the loop verifies as it goes, and the options that bound a search.
///
/// The provided methods are the checks of costs and estimates the library computed itself:
/// none, and no cost limit. [`Validated`] overrides them all.
pub(crate) trait Checks<C: Cost> {
    /// Whether the partial path to the expanded node of lowest estimate is kept track of (for
    /// searches that a limit can stop).
    const TRACKS_BEST: bool = false;

    /// Whether the number of expansions is bounded (by the options, or by a step budget for
    /// searches run a slice at a time). Unbounded searches skip the count's test; measured, that
    /// is 1.4% of the grid's fast path.
    const BOUNDED: bool;

    /// Whether the estimate is used at all (Dijkstra never calls it).
    #[inline(always)]
    fn uses_estimate(&self) -> bool {
        true
    }

    /// Checks an edge cost; `from` and `to` name the edge in the error.
    #[inline(always)]
    fn edge<N>(
        &self,
        cost: C,
        from: impl FnOnce() -> N,
        to: impl FnOnce() -> N,
    ) -> Result<(), SearchError<N>> {
        let _ = (cost, from, to);
        Ok(())
    }

    /// Checks a raw estimate and applies the heuristic weight.
    #[inline(always)]
    fn estimate<N>(&self, raw: C, node: impl FnOnce() -> N) -> Result<C, SearchError<N>> {
        let _ = node;
        Ok(raw)
    }

    /// `false` when a path of cost `g` goes beyond the search's cost limit.
    #[inline(always)]
    fn within_limit(&self, g: C) -> bool {
        let _ = g;
        true
    }

    /// Whether a search that runs out of open nodes answers with the path to the expanded node
    /// nearest the goal ([`Finish::Closest`]) instead of [`Finish::Unreachable`].
    #[inline(always)]
    fn closest(&self) -> bool {
        false
    }

    /// How near the goal an expanded node is, for [`TRACKS_BEST`](Self::TRACKS_BEST): its
    /// `cached` (weighted) estimate, or the estimate of `raw` when none is cached.
    #[inline(always)]
    fn closeness<N>(
        &self,
        cached: Option<C>,
        raw: impl FnOnce() -> C,
        node: impl FnOnce() -> N,
    ) -> Result<C, SearchError<N>> {
        match cached {
            Some(h) => Ok(h),
            None => self.estimate(raw(), node),
        }
    }
}

/// No checks: costs and estimates computed by the library itself, valid by construction, and no
/// limits. Zero-sized; every method is a constant.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Trusted;

impl<C: Cost> Checks<C> for Trusted {
    const BOUNDED: bool = false;
}

/// How the heuristic enters F.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Weight {
    Zero,
    One,
    Scaled(f64),
}

impl Weight {
    /// The weight of `w`, or [`SearchError::InvalidWeight`].
    pub fn of<N>(w: f64) -> Result<Weight, SearchError<N>> {
        if w == 0.0 {
            Ok(Weight::Zero)
        } else if w == 1.0 {
            Ok(Weight::One)
        } else if w.is_finite() && w > 1.0 {
            Ok(Weight::Scaled(w))
        } else {
            Err(SearchError::InvalidWeight { weight: w })
        }
    }
}

/// Every check: costs and estimates from a user's code (finite, not negative), the heuristic
/// weight, and the cost limit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Validated<C> {
    pub weight: Weight,
    pub max_cost: Option<C>,
    /// [`WhenUnreachable::ClosestPoint`] was asked for.
    pub closest: bool,
}

impl<C: Cost> Validated<C> {
    /// The checks for a search with `options`: a heuristic weight below 1 (but for 0) or not
    /// finite is [`SearchError::InvalidWeight`]; a NaN or negative cost limit is
    /// [`SearchError::InvalidMaxCost`].
    pub fn of<N>(options: &SearchOptions<C>) -> Result<Self, SearchError<N>> {
        let weight = Weight::of(options.heuristic_weight)?;
        if let Some(limit) = options.max_cost {
            // NaN compares with nothing: a NaN limit would silently prune nothing (or everything).
            if limit.partial_cmp(&C::ZERO).is_none_or(|o| o.is_lt()) {
                return Err(SearchError::InvalidMaxCost {
                    limit: limit.to_f64(),
                });
            }
        }
        Ok(Validated {
            weight,
            max_cost: options.max_cost,
            closest: options.when_unreachable == WhenUnreachable::ClosestPoint,
        })
    }
}

impl<C: Cost> Checks<C> for Validated<C> {
    const TRACKS_BEST: bool = true;
    const BOUNDED: bool = true;
    #[inline(always)]
    fn uses_estimate(&self) -> bool {
        !matches!(self.weight, Weight::Zero)
    }
    #[inline(always)]
    fn edge<N>(
        &self,
        cost: C,
        from: impl FnOnce() -> N,
        to: impl FnOnce() -> N,
    ) -> Result<(), SearchError<N>> {
        if cost.is_valid() {
            Ok(())
        } else {
            Err(SearchError::InvalidCost {
                from: from(),
                to: to(),
                cost: cost.to_f64(),
            })
        }
    }
    #[inline(always)]
    fn estimate<N>(&self, raw: C, node: impl FnOnce() -> N) -> Result<C, SearchError<N>> {
        if !raw.is_valid() {
            return Err(SearchError::InvalidHeuristic {
                node: node(),
                value: raw.to_f64(),
            });
        }
        Ok(match self.weight {
            Weight::Scaled(w) => raw.scale(w),
            Weight::Zero => C::ZERO,
            Weight::One => raw,
        })
    }
    #[inline(always)]
    fn within_limit(&self, g: C) -> bool {
        self.max_cost
            .is_none_or(|limit| !g.total_order(&limit).is_gt())
    }
    #[inline(always)]
    fn closest(&self) -> bool {
        self.closest
    }
    #[inline(always)]
    fn closeness<N>(
        &self,
        cached: Option<C>,
        raw: impl FnOnce() -> C,
        node: impl FnOnce() -> N,
    ) -> Result<C, SearchError<N>> {
        match (self.weight, cached) {
            // Dijkstra keeps no estimate; the closest point is still measured by the space's
            // heuristic (unweighted, checked like any estimate).
            (Weight::Zero, _) if self.closest => {
                let raw = raw();
                if raw.is_valid() {
                    Ok(raw)
                } else {
                    Err(SearchError::InvalidHeuristic {
                        node: node(),
                        value: raw.to_f64(),
                    })
                }
            }
            (_, Some(h)) => Ok(h),
            (_, None) => self.estimate(raw(), node),
        }
    }
}

/// When a search has arrived.
pub(crate) trait Goal<N> {
    /// `true` when the expanded node `index` is a goal.
    fn reached(&self, index: u32, node: impl FnOnce() -> N) -> bool;
}

/// One goal node, by index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AtIndex(pub u32);

impl<N> Goal<N> for AtIndex {
    #[inline(always)]
    fn reached(&self, index: u32, _: impl FnOnce() -> N) -> bool {
        index == self.0
    }
}

/// Any node a predicate accepts (the nearest exit, the nearest bone).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matching<F>(pub F);

impl<N, F: Fn(N) -> bool> Goal<N> for Matching<F> {
    #[inline(always)]
    fn reached(&self, _: u32, node: impl FnOnce() -> N) -> bool {
        (self.0)(node())
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finish {
    /// The goal, at this index, was expanded.
    Found(u32),
    /// Every reachable node was expanded; no goal among them.
    Unreachable,
    /// A limit stopped the search; the index is the expanded node of lowest estimate.
    Limit(u32),
    /// Every reachable node was expanded, no goal among them, and the checks asked for the
    /// closest point: the index is the expanded node of lowest estimate (then lowest cost).
    Closest(u32),
}

/// What one call of [`advance`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// The step budget ran out; the index is the node expanded last.
    Paused(u32),
    /// The search is over.
    Done(Finish),
}

/// The state of one search besides its records and open list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<C, K> {
    pub checks: K,
    pub tie: TieBreak,
    /// Insertion counter, for the first-in and last-in tie rules.
    pub counter: u32,
    pub max_expansions: u64,
    /// The expanded node with the lowest estimate, for the partial path a limit returns.
    pub best: u32,
    pub best_h: C,
    /// The cost of `best`, for ties of estimate: the cheaper node wins.
    pub best_g: C,
    /// A successor was left out for exceeding the cost limit: running out of open nodes then
    /// means "limit reached", not "unreachable".
    pub pruned: bool,
    pub stats: Stats,
}

/// Starts a search from `start` (its index and hint): the records get a new generation sized to
/// `bound` and the start is opened.
#[allow(clippy::too_many_arguments)]
pub(crate) fn begin<P, O, K, H>(
    records: &mut Records<P::Cost, H>,
    open: &mut O,
    policy: &P,
    checks: K,
    tie: TieBreak,
    max_expansions: Option<u64>,
    start: (u32, P::Hint),
) -> Result<Run<P::Cost, K>, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    H: EstimateSlot<P::Cost>,
{
    begin_many(
        records,
        open,
        policy,
        checks,
        (tie, max_expansions),
        [Ok(start)],
    )
}

/// Starts a search from every node of `sources` (index and hint) at once, each at cost zero: a
/// multi-source search (distance maps, the nearest of several starts). A source given twice is
/// opened once; no source at all leaves the open list empty, so the search ends at once. The
/// first error of `sources` is returned.
pub(crate) fn begin_many<P, O, K, H>(
    records: &mut Records<P::Cost, H>,
    open: &mut O,
    policy: &P,
    checks: K,
    (tie, max_expansions): (TieBreak, Option<u64>),
    sources: impl IntoIterator<Item = Result<(u32, P::Hint), SearchError<P::Node>>>,
) -> Result<Run<P::Cost, K>, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    H: EstimateSlot<P::Cost>,
{
    let mut run = Run {
        checks,
        tie,
        counter: 0,
        max_expansions: max_expansions.unwrap_or(u64::MAX),
        best: NO_PARENT,
        best_h: P::Cost::ZERO,
        best_g: P::Cost::ZERO,
        pruned: false,
        stats: Stats::default(),
    };
    for source in sources {
        let (index, hint) = source?;
        if P::GROWS {
            records.ensure(index).map_err(SearchError::Refused)?;
        }
        if run.counter > 0 && records.seen(index) {
            continue;
        }
        let h = if run.checks.uses_estimate() {
            run.checks
                .estimate(policy.estimate(hint), || policy.node(index))?
        } else {
            P::Cost::ZERO
        };
        records.slots[index as usize] = Record {
            g: P::Cost::ZERO,
            h: H::store(h),
            parent: NO_PARENT,
            stamp: records.open_stamp(),
        };
        let entry = Entry::new(h, h, run.counter, index, tie);
        if run.counter == 0 {
            open.reset(entry, h, || policy.unit(index));
            run.best = index;
        }
        if K::TRACKS_BEST {
            // Measured as the loop measures expanded nodes, so that they compare.
            let near = run.checks.closeness(
                H::store(h).cached(),
                || policy.estimate(hint),
                || policy.node(index),
            )?;
            if run.counter == 0 || near.total_order(&run.best_h).is_lt() {
                (run.best, run.best_h) = (index, near);
            }
        }
        open.push(entry);
        run.counter += 1;
        run.stats.pushed += 1;
        run.stats.touched += 1;
    }
    if run.counter == 0 {
        // Nothing to search: an empty open list.
        let none = Entry::new(P::Cost::ZERO, P::Cost::ZERO, 0, 0, tie);
        open.reset(none, P::Cost::ZERO, || P::Cost::ZERO);
    }
    Ok(run)
}

/// Runs the search for at most `steps` expansions: pops the open node of smallest F (then the
/// tie rule), closes it, stops if it is a goal, and otherwise opens or improves its successors.
#[inline(always)]
pub(crate) fn advance<P, O, K, G, H>(
    records: &mut Records<P::Cost, H>,
    open: &mut O,
    run: &mut Run<P::Cost, K>,
    policy: &P,
    goal: &G,
    steps: u64,
) -> Result<Progress, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    G: Goal<P::Node>,
    H: EstimateSlot<P::Cost>,
{
    // The counters live in the successor state while the loop runs, and go back into `run` once.
    let Stats {
        mut expanded,
        pushed,
        touched,
    } = run.stats;
    // The insertion counter of the tie rules is the number of entries pushed (each push adds one
    // to both), so it is not kept apart.
    debug_assert_eq!(u64::from(run.counter), pushed & u64::from(u32::MAX));
    let (mut best, mut best_h, mut best_g) = (run.best, run.best_h, run.best_g);
    let checks = &run.checks;
    let paused_at = expanded.saturating_add(steps);
    let stop_at = paused_at.min(run.max_expansions);
    let open_stamp = records.open_stamp();
    let closed_stamp = open_stamp | 1;
    let mut to = Successors {
        policy,
        checks,
        generation: records.generation,
        records,
        open,
        open_stamp,
        tie: run.tie,
        pushed,
        touched,
        pruned: run.pruned,
        failure: None,
    };
    let mut last = NO_PARENT;
    let result = loop {
        if K::BOUNDED && expanded >= stop_at {
            // A spent step budget first: the caller sees the last expansion, and the limit on its
            // next call.
            break Ok(if expanded >= paused_at {
                Progress::Paused(last)
            } else if best == NO_PARENT {
                // No source at all: nothing was opened.
                Progress::Done(Finish::Unreachable)
            } else {
                Progress::Done(Finish::Limit(best))
            });
        }
        let slots = &to.records.slots;
        // An entry is still wanted when its node is open with the F it was pushed with.
        let live = |e: Entry| {
            slots.get(e.node() as usize).is_some_and(|r| {
                r.stamp == open_stamp && (!H::CACHED || r.h.f_key(r.g) == Some(e.f))
            })
        };
        let Some(index) = to.open.pop(live) else {
            break Ok(Progress::Done(if to.pruned {
                Finish::Limit(best)
            } else if checks.closest() && best != NO_PARENT {
                Finish::Closest(best)
            } else {
                Finish::Unreachable
            }));
        };
        let record = &mut to.records.slots[index as usize];
        // An entry left behind by an improvement, or for a node already closed: skip it.
        if record.stamp == closed_stamp {
            continue;
        }
        record.stamp = closed_stamp;
        let Record { g, h, parent, .. } = *record;
        expanded += 1;
        last = index;
        if K::TRACKS_BEST {
            let h = match checks.closeness(
                h.cached(),
                || policy.estimate(policy.hint_at(index)),
                || policy.node(index),
            ) {
                Ok(h) => h,
                Err(e) => break Err(e),
            };
            // Nearer by estimate, or as near and cheaper.
            let order = h.total_order(&best_h);
            if order.is_lt() || (order.is_eq() && g.improves_on(best_g)) {
                (best, best_h, best_g) = (index, h, g);
            }
        }
        if goal.reached(index, || policy.node(index)) {
            break Ok(Progress::Done(Finish::Found(index)));
        }

        let expansion = {
            // The closure carries three values (see `Successors`).
            let to = &mut to;
            policy.expand(index, parent, move |next, cost, hint| {
                to.visit(index, g, next, cost, hint)
            })
        };
        if let Err(e) = expansion {
            break Err(e);
        }
        if let Some(e) = to.failure.take() {
            break Err(e);
        }
    };
    run.stats = Stats {
        expanded,
        pushed: to.pushed,
        touched: to.touched,
    };
    (run.counter, run.pruned, run.best, run.best_h, run.best_g) =
        (to.pushed as u32, to.pruned, best, best_h, best_g);
    result
}

/// What opening or improving a successor reads and changes, in one place, so that the successor
/// closure carries one reference to it besides the expanded node's index and G. An expansion
/// that does not inline the closure (the diagonal walk of Jump Point Search) makes the closure's
/// captures be written to the stack once per expansion: with the dozen the closure had before,
/// JPS made 5% more instructions on maze512-1-0 (callgrind), where the one-loop gate had it 5-9%
/// slower than its own loop was. The general loop pays one load more per use (2% more
/// instructions on NewYork_0_1024); the grid's fast loop inlines everything and pays nothing.
struct Successors<'a, P: Expansion, O, K, H> {
    policy: &'a P,
    checks: &'a K,
    records: &'a mut Records<P::Cost, H>,
    open: &'a mut O,
    generation: u32,
    open_stamp: u32,
    tie: TieBreak,
    pushed: u64,
    touched: u64,
    /// A successor was left out for costing more than the limit.
    pruned: bool,
    /// The first error of an expansion, if any. Later successors are still visited (the search
    /// is over anyway), so the common path tests nothing.
    failure: Option<SearchError<P::Node>>,
}

impl<P, O, K, H> Successors<'_, P, O, K, H>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    H: EstimateSlot<P::Cost>,
{
    fn fail(&mut self, e: SearchError<P::Node>) {
        self.failure.get_or_insert(e);
    }

    /// The checked estimate of `next` (zero when the search uses none). A function rather than a
    /// closure in [`visit`](Self::visit): the compiler left that closure out of line, one call
    /// per node opened, which made the general loop about 1 µs slower per query on arena.
    #[inline(always)]
    fn estimate(
        policy: &P,
        checks: &K,
        hint: P::Hint,
        next: u32,
    ) -> Result<P::Cost, SearchError<P::Node>> {
        if checks.uses_estimate() {
            checks.estimate(policy.estimate(hint), || policy.node(next))
        } else {
            Ok(P::Cost::ZERO)
        }
    }

    /// Opens `next`, reached from `index` (at cost `g`) by an edge costing `cost`, or improves
    /// it when this route is cheaper.
    #[inline(always)]
    fn visit(&mut self, index: u32, g: P::Cost, next: u32, cost: P::Cost, hint: P::Hint) {
        let (policy, checks) = (self.policy, self.checks);
        if let Err(e) = checks.edge(cost, || policy.node(index), || policy.node(next)) {
            return self.fail(e);
        }
        let Some(next_g) = g.checked_add(cost) else {
            return self.fail(SearchError::CostOverflow {
                node: policy.node(next),
            });
        };
        if !checks.within_limit(next_g) {
            self.pruned = true;
            return;
        }
        if P::GROWS {
            if let Err(e) = self.records.ensure(next) {
                return self.fail(SearchError::Refused(e));
            }
        }
        let record = &mut self.records.slots[next as usize];
        let next_h = if record.stamp >> 1 == self.generation {
            // Seen in this query: keep it unless this route is strictly cheaper. A closed node
            // that improves is reopened (only possible with an inconsistent heuristic).
            if !next_g.improves_on(record.g) {
                return;
            }
            record.g = next_g;
            record.parent = index;
            record.stamp = self.open_stamp;
            match record.h.cached() {
                Some(h) => h,
                None => match Self::estimate(policy, checks, hint, next) {
                    Ok(h) => h,
                    Err(e) => return self.fail(e),
                },
            }
        } else {
            let next_h = match Self::estimate(policy, checks, hint, next) {
                Ok(h) => h,
                Err(e) => return self.fail(e),
            };
            *record = Record {
                g: next_g,
                h: H::store(next_h),
                parent: index,
                stamp: self.open_stamp,
            };
            self.touched += 1;
            next_h
        };
        let Some(f) = next_g.checked_add(next_h) else {
            return self.fail(SearchError::CostOverflow {
                node: policy.node(next),
            });
        };
        self.open
            .push(Entry::new(f, next_h, self.pushed as u32, next, self.tie));
        self.pushed += 1;
    }
}

/// Runs the search until it ends.
#[inline(always)]
pub(crate) fn run_to_end<P, O, K, G, H>(
    records: &mut Records<P::Cost, H>,
    open: &mut O,
    run: &mut Run<P::Cost, K>,
    policy: &P,
    goal: &G,
) -> Result<Finish, SearchError<P::Node>>
where
    P: Expansion,
    O: OpenQueue,
    K: Checks<P::Cost>,
    G: Goal<P::Node>,
    H: EstimateSlot<P::Cost>,
{
    match advance(records, open, run, policy, goal, u64::MAX)? {
        Progress::Done(finish) => Ok(finish),
        // u64::MAX expansions never run out first.
        Progress::Paused(_) => unreachable!("a search cannot expand 2^64 nodes"),
    }
}
