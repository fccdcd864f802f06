//! The fast loop: A* for spaces that hand out successors by number with their dense indices
//! already computed, and whose costs and estimates are valid by construction.
//!
//! The general loop ([`Engine::step`]) turns every successor back into an index, checks every cost
//! and estimate, and tracks limits. A space that can do better (a uniform-cost grid knows each
//! neighbour's index from one addition) runs this loop instead: same records, same pop order
//! (smallest F, then the tie rule), so it expands the same nodes in the same order and returns
//! the same path. Its open list is a bucket queue ([`BucketOpen`](super::bucket_open::BucketOpen)),
//! which needs the consistent estimate the contract below asks for.

use super::engine::{Engine, Finish, Record, NO_PARENT};
use super::open_list::Entry;
use super::{SearchError, TieBreak};
use crate::Cost;
use std::fmt::Debug;

/// A search problem over dense indices `0..bound`.
///
/// Contract (the loop does not re-check it): every successor cost is valid (finite, not
/// negative), the estimate is valid and consistent (it never drops by more than the cost of an
/// edge, which is what lets the open list be a bucket queue), and every index is below the bound
/// the caller gave [`Engine::new_generation`].
pub(crate) trait IndexedProblem {
    /// The node type paths are written in.
    type Node: Copy + Eq + Debug;
    /// The cost type.
    type Cost: Cost;
    /// Per-successor data the estimate needs (a grid passes the cell), so that it is only computed
    /// for nodes seen for the first time.
    type Hint: Copy;

    /// What [`successor`](Self::successor) needs to know about the node being expanded.
    type Expansion: Copy;

    /// The node at `index`.
    fn node_at(&self, index: u32) -> Self::Node;
    /// The edges leaving `index`, as a mask: bit `k` set means successor `k` exists. The loop
    /// visits them in increasing `k`, so the numbering is the tie-break of last resort.
    ///
    /// `parent` is the node `index` was reached from ([`NO_PARENT`] for the start). A problem may
    /// leave out successors that provably cannot improve through `index` (the parent itself, and
    /// nodes the parent reaches more cheaply on its own): the loop would only visit them to find
    /// no improvement.
    fn expand(&self, index: u32, parent: u32) -> (u32, Self::Expansion);
    /// Successor `k` of the node `expansion` describes: its index, the edge cost and its hint.
    fn successor(&self, expansion: &Self::Expansion, k: u32) -> (u32, Self::Cost, Self::Hint);
    /// The estimate to the goal of the successor described by `hint`.
    fn estimate(&self, hint: Self::Hint) -> Self::Cost;
    /// The cost of the cheapest edge: the open list's buckets are a fraction of it wide.
    fn unit(&self) -> Self::Cost;
}

/// Bucket width for the open list, as a shift of F keys: about 1/8 of the cheapest edge around
/// the larger of the start's estimate and 64 cheapest edges (float keys are relative, so buckets
/// widen as F grows). Only speed depends on it, never the pop order.
fn bucket_shift<C: Cost>(start_h: C, unit: C) -> u32 {
    let reference = start_h.to_f64().max(unit.to_f64() * 64.0);
    let low = C::from_f64_floor(reference).order_key();
    let high = C::from_f64_floor(reference + unit.to_f64() / 8.0).order_key();
    match high.checked_sub(low) {
        Some(spread) if spread > 1 => spread.ilog2(),
        _ => 0,
    }
}

impl<C: Cost> Engine<C> {
    /// Optimal A* from `start` to `goal` (both below the bound): the loop of [`Engine::run`]
    /// without limits, heuristic weight or per-edge checks. The caller has called
    /// [`Engine::new_generation`] with the problem's bound.
    pub(crate) fn run_indexed<P: IndexedProblem<Cost = C>>(
        &mut self,
        problem: &P,
        start: u32,
        start_hint: P::Hint,
        goal: u32,
        tie: TieBreak,
    ) -> Result<Finish, SearchError<P::Node>> {
        let open_stamp = self.generation << 1;
        let closed_stamp = open_stamp | 1;
        let h = problem.estimate(start_hint);
        self.records[start as usize] = Record {
            g: C::ZERO,
            h,
            parent: NO_PARENT,
            stamp: open_stamp,
        };
        self.stats.touched = 1;
        self.stats.pushed = 1;
        let Engine {
            records,
            buckets: open,
            stats,
            ..
        } = self;
        let first = Entry::new(h, h, 0, start, tie);
        open.clear(first.f, bucket_shift(h, problem.unit()));
        open.push(first);
        let mut counter = 1u32;
        // An entry is still wanted when its node is open with the F it was pushed with.
        let live = |e: Entry, records: &[Record<C>]| {
            records.get(e.node() as usize).is_some_and(|r| {
                r.stamp == open_stamp && r.g.checked_add(r.h).is_some_and(|f| f.order_key() == e.f)
            })
        };
        while let Some(index) = open.pop(|e| live(e, records)) {
            let record = &mut records[index as usize];
            // An entry left behind by an improvement, or for a node already closed: skip it.
            if record.stamp == closed_stamp {
                continue;
            }
            record.stamp = closed_stamp;
            stats.expanded += 1;
            if index == goal {
                return Ok(Finish::Found(index));
            }
            let g = record.g;
            let (mut mask, expansion) = problem.expand(index, record.parent);
            while mask != 0 {
                let k = mask.trailing_zeros();
                mask &= mask - 1;
                let (next, cost, hint) = problem.successor(&expansion, k);
                let overflow = || SearchError::CostOverflow {
                    node: problem.node_at(next),
                };
                let next_g = g.checked_add(cost).ok_or_else(overflow)?;
                let record = &mut records[next as usize];
                let next_h = if record.stamp >> 1 == open_stamp >> 1 {
                    // Seen in this query: keep it unless this route is strictly cheaper.
                    if !next_g.improves_on(record.g) {
                        continue;
                    }
                    record.g = next_g;
                    record.parent = index;
                    record.stamp = open_stamp;
                    record.h
                } else {
                    let next_h = problem.estimate(hint);
                    *record = Record {
                        g: next_g,
                        h: next_h,
                        parent: index,
                        stamp: open_stamp,
                    };
                    stats.touched += 1;
                    next_h
                };
                let f = next_g.checked_add(next_h).ok_or_else(overflow)?;
                open.push(Entry::new(f, next_h, counter, next, tie));
                counter = counter.wrapping_add(1);
                stats.pushed += 1;
            }
        }
        Ok(Finish::Unreachable)
    }
}
