//! Breadth-first search: fewest edges, ignoring costs (optimal when every cost is equal). A queue,
//! not an open list ordered by F, so it keeps a loop of its own; the successors, the checks on
//! their costs, the records and path writing are the best-first loop's.

use super::best_first::{self, Checks, Expansion, Finish, Goal, Matching, Validated, Weight};
use super::record::{Record, Records, NO_PARENT};
use super::space_expansion::Indexer;
use super::{IndexedSpace, SearchContext, SearchError, SearchOptions, Stats, Status};
use crate::{Cost, Pathfinder, Unsupported};
use std::collections::VecDeque;

/// Breadth-first search over an [`IndexedSpace`]: the path with the fewest edges, optimal when
/// every edge costs the same; the cost it reports is the sum of the edge costs along that path.
/// One goal, any of several, or a test. Options other than the defaults are refused
/// ([`SearchError::Unsupported`]): the search has no estimate to weigh and no costs to limit.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{BreadthFirst, SearchContext};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii(".#.\n...")?;
/// let mut ctx = SearchContext::new();
/// let path = BreadthFirst(grid.four_connected()).find_path(&mut ctx, Cell::new(0, 0), Cell::new(2, 0))?;
/// assert_eq!(path.into_path().unwrap().len_moves(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BreadthFirst<S>(pub S);

/// Searches the space: see [`BreadthFirst`].
///
/// # Errors
///
/// [`SearchError`]: a node outside the space's bounds, a cost the checks refuse, a cost
/// overflow, memory; [`SearchError::Unsupported`] for options other than the defaults.
impl<S: IndexedSpace> Pathfinder for BreadthFirst<S> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Context = SearchContext<S::Cost>;
    type Error = SearchError<S::Node>;

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<S::Cost>,
        start: S::Node,
        to: crate::Goal<'_, S::Node>,
        options: &SearchOptions<S::Cost>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<S::Cost>, SearchError<S::Node>> {
        path.clear();
        Unsupported::check_plain(options, false).map_err(SearchError::Unsupported)?;
        let space = &self.0;
        match to {
            crate::Goal::Node(goal) => {
                let (policy, (start_index, _), goal) = ctx.prepare_query(space, start, goal)?;
                ctx.run_breadth_first(&policy, start_index, &goal, path)
            }
            crate::Goal::AnyOf(goals) => {
                let any = |n: S::Node| goals.contains(&n);
                breadth_first_to(ctx, space, start, goals, &Matching(any), path)
            }
            crate::Goal::Matching(accepts) => {
                breadth_first_to(ctx, space, start, &[], &Matching(accepts), path)
            }
        }
    }
}

/// Breadth-first search from `start` until a node `goal` accepts is taken off the queue; each of
/// `goals` (the nodes `goal` lists, if it lists them) must be in the space, as `start` must.
fn breadth_first_to<S: IndexedSpace, G: best_first::Goal<S::Node>>(
    ctx: &mut SearchContext<S::Cost>,
    space: &S,
    start: S::Node,
    goals: &[S::Node],
    goal: &G,
    path: &mut Vec<S::Node>,
) -> Result<Status<S::Cost>, SearchError<S::Node>> {
    let indexer = ctx.prepare(space)?;
    for &g in goals {
        indexer.index(g)?;
    }
    let start_index = indexer.index(start)?;
    let policy = super::space_expansion::SpaceExpansion {
        space,
        indexer,
        goal: start,
    };
    ctx.run_breadth_first(&policy, start_index, goal, path)
}

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
            records.ensure(index).map_err(SearchError::Refused)
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
