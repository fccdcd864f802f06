//! Checks for costs the library computed itself, beyond the zero-sized [`Trusted`]: the same
//! trust, with a step budget ([`TrustedSliced`], searches run a slice at a time) or a cost limit
//! and no estimate ([`TrustedWithin`], distance maps). Separate types, so that the one-shot
//! [`Trusted`] search keeps its unbounded loop. The checks themselves (none) are the provided
//! methods of [`Checks`].
//!
//! [`Trusted`]: crate::search::Trusted

use crate::search::best_first::Checks;
use crate::Cost;

/// [`Trusted`]'s checks (none), for a search run a slice at a time: the loop tests its step
/// budget.
///
/// [`Trusted`]: crate::search::Trusted
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TrustedSliced;

impl<C: Cost> Checks<C> for TrustedSliced {
    const BOUNDED: bool = true;
}

/// Dijkstra's algorithm over trusted costs, pruned beyond an optional cost limit (checked by the
/// caller to be a number, not negative): a grid's distance maps and movement ranges.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrustedWithin<C> {
    pub max_cost: Option<C>,
}

impl<C: Cost> Checks<C> for TrustedWithin<C> {
    const BOUNDED: bool = false;
    #[inline(always)]
    fn uses_estimate(&self) -> bool {
        false
    }
    #[inline(always)]
    fn within_limit(&self, g: C) -> bool {
        self.max_cost
            .is_none_or(|limit| !g.total_order(&limit).is_gt())
    }
}
