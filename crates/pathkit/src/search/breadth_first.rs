//! Breadth-first search: fewest edges, ignoring costs (optimal when every cost is equal). A queue,
//! not an open list ordered by F, so it keeps a loop of its own; the successors, the checks on
//! their costs, the records and path writing are the best-first loop's.

use super::best_first::{Checks, Expansion, Finish, Goal, Validated, Weight};
use super::record::{Record, Records, NO_PARENT};
use super::{SearchError, Stats};
use crate::Cost;
use std::collections::VecDeque;

/// Runs breadth-first search from `start` until a goal is taken off the queue. The reported cost
/// of the path found is the sum of its edge costs. The caller has given the records a new
/// generation.
pub(crate) fn run<P: Expansion, G: Goal<P::Node>>(
    records: &mut Records<P::Cost>,
    queue: &mut VecDeque<u32>,
    stats: &mut Stats,
    policy: &P,
    start: u32,
    goal: &G,
) -> Result<Finish, SearchError<P::Node>> {
    let checks = Validated::<P::Cost> {
        weight: Weight::Zero,
        max_cost: None,
        closest: false,
    };
    let open_stamp = records.open_stamp();
    let generation = records.generation;
    let grown = |records: &mut Records<P::Cost>, index: u32| {
        if P::GROWS {
            records
                .ensure(index)
                .map_err(|e| SearchError::refused(e, index as usize + 1))
        } else {
            Ok(())
        }
    };
    grown(records, start)?;
    records.slots[start as usize] = Record {
        g: P::Cost::ZERO,
        h: P::Cost::ZERO,
        parent: NO_PARENT,
        stamp: open_stamp,
    };
    *stats = Stats {
        expanded: 0,
        pushed: 1,
        touched: 1,
    };
    queue.clear();
    queue.push_back(start);
    while let Some(index) = queue.pop_front() {
        stats.expanded += 1;
        if goal.reached(index, || policy.node(index)) {
            return Ok(Finish::Found(index));
        }
        let g = records.slots[index as usize].g;
        let mut failure = None;
        policy.expand(
            index,
            records.slots[index as usize].parent,
            |next, cost, _| {
                if failure.is_some() {
                    return;
                }
                if let Err(e) = checks.edge(cost, || policy.node(index), || policy.node(next)) {
                    failure = Some(e);
                    return;
                }
                if let Err(e) = grown(records, next) {
                    failure = Some(e);
                    return;
                }
                let record = &mut records.slots[next as usize];
                if record.stamp >> 1 == generation {
                    return;
                }
                let Some(next_g) = g.checked_add(cost) else {
                    failure = Some(SearchError::CostOverflow {
                        node: policy.node(next),
                    });
                    return;
                };
                *record = Record {
                    g: next_g,
                    h: P::Cost::ZERO,
                    parent: index,
                    stamp: open_stamp,
                };
                stats.touched += 1;
                stats.pushed += 1;
                queue.push_back(next);
            },
        )?;
        if let Some(e) = failure {
            return Err(e);
        }
    }
    Ok(Finish::Unreachable)
}
