//! [`WholeSearch`]: the search of a map whose search cannot stop halfway.

use crate::nav_map::{Answer, Resumed};
use crate::request::PathFailure;
use pathkit::{Cost, Pathfinder};
use std::fmt::Display;

/// A search that runs to its end in one [`NavMap::resume_search`](crate::NavMap::resume_search)
/// call: the search of [`HierarchyMap`](crate::HierarchyMap) (HPA*: an abstract search, then a
/// refinement of every leg) and of [`NavMeshMap`](crate::NavMeshMap) (the any-angle search).
/// It holds the ends until then.
///
/// Under [`Planning::Budgeted`](crate::Planning::Budgeted) such a search runs whole in the frame
/// it starts in, and what it expanded beyond the frame's budget is taken from the budgets of the
/// frames after it: over any run of frames, the expansions average to at most the budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WholeSearch<N> {
    start: N,
    goal: N,
}

impl<N: Copy> WholeSearch<N> {
    /// A search from `start` to `goal`, not run yet.
    pub(crate) fn new(start: N, goal: N) -> Self {
        WholeSearch { start, goal }
    }

    /// Runs the search with `finder` and `ctx`: the answer, and the expansions `expanded` reads
    /// off the context afterwards.
    pub(crate) fn run<P>(
        &self,
        finder: &P,
        ctx: &mut P::Context,
        expanded: impl FnOnce(&P::Context) -> u64,
    ) -> Resumed<N>
    where
        P: Pathfinder<Node = N>,
        P::Error: Display,
    {
        let answer: Answer<N> = match finder.find_path(ctx, self.start, self.goal) {
            Ok(outcome) => match outcome.into_path() {
                Some(path) => Ok((path.nodes, path.cost.to_f64())),
                None => Err(PathFailure::Unreachable),
            },
            Err(e) => Err(PathFailure::Refused(e.to_string())),
        };
        Resumed {
            expanded: expanded(ctx),
            answer: Some(answer),
        }
    }
}
