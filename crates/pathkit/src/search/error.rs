//! Typed errors of the search core.

use crate::limits::Refusal;
use std::fmt;

/// Why a search could not run or had to stop: always a problem with the input, never a bug that
/// would otherwise have produced a wrong path.
///
/// ```
/// use pathkit::search::{astar, SearchError};
///
/// // A move whose cost is NaN stops the search with the edge at fault.
/// let result = astar(0u32, |n| [(n + 1, if n == 2 { f64::NAN } else { 1.0 })], |_| 0.0, |n| n == 5);
/// assert!(matches!(result, Err(SearchError::InvalidCost { from: 2, to: 3, .. })));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SearchError<N> {
    /// An edge cost was NaN, infinite or negative.
    InvalidCost {
        /// Where the edge starts.
        from: N,
        /// Where the edge ends.
        to: N,
        /// The offending cost, as `f64`.
        cost: f64,
    },
    /// A heuristic estimate was NaN, infinite or negative.
    InvalidHeuristic {
        /// The node it was estimated for.
        node: N,
        /// The offending estimate, as `f64`.
        value: f64,
    },
    /// A path cost no longer fits the cost type.
    CostOverflow {
        /// The node whose cost overflowed.
        node: N,
    },
    /// A node the space does not contain (its `index_of` returned `None` or a value past the bound).
    NodeOutOfBounds {
        /// The node.
        node: N,
    },
    /// An option or goal this search cannot honour.
    Unsupported(crate::Unsupported),
    /// The heuristic weight of weighted A* must be a finite number of at least 1.
    InvalidWeight {
        /// The weight given.
        weight: f64,
    },
    /// A cost limit ([`SearchOptions::max_cost`](super::SearchOptions::max_cost)) that is NaN or
    /// negative: no path could be compared with it.
    InvalidMaxCost {
        /// The limit given, as `f64`.
        limit: f64,
    },
    /// A [`Stepper`](super::Stepper), or a search parked by
    /// [`PendingPath::park`](crate::PendingPath::park), was resumed with a context another
    /// search has used since it last ran (or that it did not start on), or with a space of
    /// another size (or another kind of search): the records it left there are gone. Nothing
    /// was changed.
    StepperMismatch,
    /// A space with more than `u32::MAX` nodes (`node_bound()` above it), or a sparse search
    /// that met more than `u32::MAX` distinct nodes.
    TooManyNodes,
    /// Memory for the per-node records was refused: a space whose records would need more than
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) (nothing was allocated), or memory the
    /// allocator refused below that.
    ///
    /// ```
    /// use pathkit::limits::Refusal;
    /// use pathkit::search::SearchError;
    ///
    /// let err = SearchError::<u32>::from(Refusal::OutOfMemory { bytes: 48 });
    /// assert_eq!(err.to_string(), "search records: out of memory: the allocator refused 48 bytes");
    /// ```
    Refused(Refusal),
}

impl<N> SearchError<N> {
    /// The same error with its node turned into another type: a search over a view of a map
    /// (ids of an abstract graph, say) reports in the map's own nodes.
    pub(crate) fn map_node<M>(self, mut f: impl FnMut(N) -> M) -> SearchError<M> {
        match self {
            SearchError::InvalidCost { from, to, cost } => SearchError::InvalidCost {
                from: f(from),
                to: f(to),
                cost,
            },
            SearchError::InvalidHeuristic { node, value } => SearchError::InvalidHeuristic {
                node: f(node),
                value,
            },
            SearchError::CostOverflow { node } => SearchError::CostOverflow { node: f(node) },
            SearchError::NodeOutOfBounds { node } => SearchError::NodeOutOfBounds { node: f(node) },
            SearchError::Unsupported(u) => SearchError::Unsupported(u),
            SearchError::InvalidWeight { weight } => SearchError::InvalidWeight { weight },
            SearchError::InvalidMaxCost { limit } => SearchError::InvalidMaxCost { limit },
            SearchError::TooManyNodes => SearchError::TooManyNodes,
            SearchError::StepperMismatch => SearchError::StepperMismatch,
            SearchError::Refused(refusal) => SearchError::Refused(refusal),
        }
    }
}

impl<N> From<Refusal> for SearchError<N> {
    fn from(refusal: Refusal) -> Self {
        SearchError::Refused(refusal)
    }
}

impl<N: fmt::Debug> fmt::Display for SearchError<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::InvalidCost { from, to, cost } => {
                write!(f, "invalid edge cost {cost} from {from:?} to {to:?}: costs must be finite and not negative")
            }
            SearchError::InvalidHeuristic { node, value } => {
                write!(f, "invalid heuristic {value} at {node:?}: estimates must be finite and not negative")
            }
            SearchError::CostOverflow { node } => write!(f, "path cost overflowed at {node:?}"),
            SearchError::Unsupported(u) => write!(f, "{u}"),
            SearchError::NodeOutOfBounds { node } => {
                write!(f, "node {node:?} is not in the search space")
            }
            SearchError::InvalidWeight { weight } => {
                write!(f, "heuristic weight {weight} must be finite and at least 1")
            }
            SearchError::InvalidMaxCost { limit } => {
                write!(f, "cost limit {limit} must not be NaN or negative")
            }
            SearchError::TooManyNodes => write!(f, "the search has more than 2^32 - 1 nodes"),
            SearchError::StepperMismatch => write!(
                f,
                "a stepper or parked search must go on with the context and the space it \
                 started on, and no other search may use that context in between"
            ),
            SearchError::Refused(refusal) => write!(f, "search records: {refusal}"),
        }
    }
}

impl<N: fmt::Debug> std::error::Error for SearchError<N> {}
