//! Checks for costs the library computed itself, beyond the zero-sized [`Trusted`]: the same
//! trust, with a step budget ([`TrustedSliced`], searches run a slice at a time) or a cost limit
//! and no estimate ([`TrustedWithin`], distance maps). Separate types, so that the one-shot
//! [`Trusted`] search keeps its unbounded loop.

use super::best_first::{Checks, Trusted};
use super::SearchError;
use crate::Cost;

/// [`Trusted`]'s checks (none), for a search run a slice at a time: the loop tests its step
/// budget.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TrustedSliced;

impl<C: Cost> Checks<C> for TrustedSliced {
    const TRACKS_BEST: bool = false;
    const BOUNDED: bool = true;
    #[inline(always)]
    fn uses_estimate(&self) -> bool {
        <Trusted as Checks<C>>::uses_estimate(&Trusted)
    }
    #[inline(always)]
    fn edge<N>(
        &self,
        cost: C,
        from: impl FnOnce() -> N,
        to: impl FnOnce() -> N,
    ) -> Result<(), SearchError<N>> {
        Trusted.edge(cost, from, to)
    }
    #[inline(always)]
    fn estimate<N>(&self, raw: C, node: impl FnOnce() -> N) -> Result<C, SearchError<N>> {
        Trusted.estimate(raw, node)
    }
    #[inline(always)]
    fn within_limit(&self, g: C) -> bool {
        Trusted.within_limit(g)
    }
}

/// Dijkstra's algorithm over trusted costs, pruned beyond an optional cost limit (checked by the
/// caller to be a number, not negative): a grid's distance maps and movement ranges.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrustedWithin<C> {
    pub max_cost: Option<C>,
}

impl<C: Cost> Checks<C> for TrustedWithin<C> {
    const TRACKS_BEST: bool = false;
    const BOUNDED: bool = false;
    #[inline(always)]
    fn uses_estimate(&self) -> bool {
        false
    }
    #[inline(always)]
    fn edge<N>(
        &self,
        _: C,
        _: impl FnOnce() -> N,
        _: impl FnOnce() -> N,
    ) -> Result<(), SearchError<N>> {
        Ok(())
    }
    #[inline(always)]
    fn estimate<N>(&self, raw: C, _: impl FnOnce() -> N) -> Result<C, SearchError<N>> {
        Ok(raw)
    }
    #[inline(always)]
    fn within_limit(&self, g: C) -> bool {
        self.max_cost
            .is_none_or(|limit| !g.total_order(&limit).is_gt())
    }
}
