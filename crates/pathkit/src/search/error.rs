//! Typed errors of the search core.

use std::fmt;

/// Why a search could not run or had to stop: always a problem with the input, never a bug that
/// would otherwise have produced a wrong path.
#[derive(Clone, Debug, PartialEq)]
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
    /// The heuristic weight of weighted A* must be a finite number of at least 1.
    InvalidWeight {
        /// The weight given.
        weight: f64,
    },
    /// A sparse search met more than `u32::MAX` distinct nodes.
    TooManyNodes,
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
            SearchError::NodeOutOfBounds { node } => {
                write!(f, "node {node:?} is not in the search space")
            }
            SearchError::InvalidWeight { weight } => {
                write!(f, "heuristic weight {weight} must be finite and at least 1")
            }
            SearchError::TooManyNodes => write!(f, "the search met more than 2^32 - 1 nodes"),
        }
    }
}

impl<N: fmt::Debug> std::error::Error for SearchError<N> {}
