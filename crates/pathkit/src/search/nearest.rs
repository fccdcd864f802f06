//! A* to the nearest of several goals ([`Goal::AnyOf`](crate::Goal::AnyOf)): the estimate is the
//! least of the estimates to each goal. Run backwards on a space whose moves go both ways, it is
//! also the search from the nearest of several starts.

use super::best_first::{Expansion, Validated};
use super::context::run_search;
use super::scratch::Marked;
use super::space_expansion::{DenseIndexer, Indexer, SpaceExpansion};
use super::{IndexedSpace, SearchContext, SearchError, SearchOptions, SearchSpace, Status};
use crate::Cost;

/// A space searched toward the nearest of `goals`: the estimate of a node is the least of the
/// space's estimates to each goal, admissible when each of them is (and consistent when each is).
struct TowardAny<'s, 'g, S: SearchSpace> {
    inner: SpaceExpansion<'s, S, DenseIndexer<'s, S>>,
    goals: &'g [S::Node],
}

impl<S: IndexedSpace> Expansion for TowardAny<'_, '_, S> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Hint = S::Node;

    #[inline(always)]
    fn node(&self, index: u32) -> S::Node {
        self.inner.node(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, S::Cost, S::Node)>(
        &self,
        index: u32,
        parent: u32,
        visit: F,
    ) -> Result<(), SearchError<S::Node>> {
        self.inner.expand(index, parent, visit)
    }

    #[inline]
    fn estimate(&self, node: S::Node) -> S::Cost {
        let space = self.inner.space;
        self.goals
            .iter()
            .map(|&goal| space.heuristic(node, goal))
            .min_by(|a, b| a.total_order(b))
            .unwrap_or(S::Cost::ZERO)
    }

    fn hint_at(&self, index: u32) -> S::Node {
        self.inner.node(index)
    }
}

impl<C: Cost> SearchContext<C> {
    /// [`search_to_any`](Self::search_to_any), writing the path into `path`.
    pub(crate) fn search_to_any_into<S: IndexedSpace<Cost = C>>(
        &mut self,
        space: &S,
        start: S::Node,
        goals: &[S::Node],
        options: &SearchOptions<C>,
        path: &mut Vec<S::Node>,
    ) -> Result<Status<C>, SearchError<S::Node>> {
        path.clear();
        let checks = Validated::of(options)?;
        let indexer = self.prepare(space)?;
        let start_index = indexer.index(start)?;
        if goals.is_empty() {
            // Nothing to reach, and no goal to be near.
            return Ok(Status::Unreachable);
        }
        self.scratch.new_marks(indexer.bound)?;
        for &goal in goals {
            let index = indexer.index(goal)?;
            self.scratch.mark(index);
        }
        let policy = TowardAny {
            inner: SpaceExpansion {
                space,
                indexer,
                goal: start,
            },
            goals,
        };
        run_search(
            (&mut self.records, &mut self.open, &mut self.stats),
            &policy,
            checks,
            (options.tie_break, options.max_expansions),
            [Ok((start_index, start))],
            &Marked(&self.scratch),
            path,
        )
    }
}
