//! Typed errors of node graphs, grid graphs and agent paths.

use super::NodeId;
use crate::limits::{Refusal, MAX_MAP_BYTES};
use crate::search::SearchError;
use std::fmt;

/// What went wrong with a graph operation or a graph search. Every operation that fails changes
/// nothing.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GraphError {
    /// The id was not handed out by this graph (or by the graph it was copied from).
    ForeignNode {
        /// The id given.
        node: NodeId,
    },
    /// The node's payload is not of the kind the operation needs (a position set on a plain node,
    /// a grid operation on a non-cell node).
    KindMismatch {
        /// The node.
        node: NodeId,
        /// The kind the operation needs.
        expected: &'static str,
    },
    /// A cost model returned a NaN, infinite or negative cost for an edge.
    InvalidCost {
        /// Where the edge starts.
        from: NodeId,
        /// Where the edge ends.
        to: NodeId,
        /// The offending cost.
        cost: f32,
    },
    /// A cost model returned a NaN, infinite or negative estimate.
    InvalidEstimate {
        /// The node estimated from.
        node: NodeId,
        /// The offending estimate.
        value: f32,
    },
    /// A path cost grew past the largest finite `f32`.
    CostOverflow {
        /// The node whose cost overflowed.
        node: NodeId,
    },
    /// A grid graph that would need more than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`GridGraph::memory_needed`](super::GridGraph::memory_needed) with diagonals); nothing
    /// was allocated.
    GridTooLarge {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// Bytes the graph would need.
        bytes: u64,
        /// Bytes a map may take: [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES).
        limit: u64,
    },
    /// The allocator refused memory for a grid graph, below the limit.
    OutOfMemory {
        /// Bytes asked for.
        bytes: u64,
    },
    /// A grid whose cell coordinates do not all fit in `i32`.
    GridOutOfRange {
        /// Requested origin.
        origin: (i32, i32),
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// An agent path needs at least 2 points.
    PathTooShort {
        /// The number of points given.
        len: usize,
    },
    /// An agent path with a NaN or infinite point, or a radius that is negative or not finite.
    InvalidPath {
        /// What is wrong.
        reason: String,
    },
    /// Serialized data that does not describe a valid graph (an edge to a missing node, a
    /// duplicate member, a grid node at the wrong cell).
    InvalidData {
        /// What is wrong.
        reason: String,
    },
    /// Any other failure of the search core.
    Search(SearchError<NodeId>),
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::ForeignNode { node } => {
                write!(f, "{node:?} does not belong to this graph")
            }
            GraphError::KindMismatch { node, expected } => {
                write!(f, "{node} is not a {expected} node")
            }
            GraphError::InvalidCost { from, to, cost } => write!(
                f,
                "invalid cost {cost} from {from} to {to}: costs must be finite and not negative"
            ),
            GraphError::InvalidEstimate { node, value } => write!(
                f,
                "invalid estimate {value} at {node}: estimates must be finite and not negative"
            ),
            GraphError::CostOverflow { node } => {
                write!(f, "the path cost overflowed f32 at {node}")
            }
            GraphError::GridTooLarge {
                width,
                height,
                bytes,
                limit,
            } => write!(
                f,
                "a {width}x{height} grid graph needs {bytes} bytes, more than the {limit} a map may take"
            ),
            GraphError::OutOfMemory { bytes } => {
                write!(f, "out of memory: {bytes} bytes for a grid graph were refused")
            }
            GraphError::GridOutOfRange {
                origin,
                width,
                height,
            } => write!(
                f,
                "a {width}x{height} grid at ({}, {}) has cells outside the i32 range",
                origin.0, origin.1
            ),
            GraphError::PathTooShort { len } => {
                write!(f, "a path needs at least 2 points, got {len}")
            }
            GraphError::InvalidPath { reason } => write!(f, "invalid path: {reason}"),
            GraphError::InvalidData { reason } => write!(f, "invalid graph data: {reason}"),
            GraphError::Search(e) => write!(f, "search failed: {e}"),
        }
    }
}

impl std::error::Error for GraphError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GraphError::Search(e) => Some(e),
            _ => None,
        }
    }
}

impl GraphError {
    /// The error for memory refused to a `width` x `height` grid graph.
    pub(crate) fn refused(refusal: Refusal, width: u32, height: u32) -> Self {
        match refusal {
            Refusal::OverLimit { bytes } => GraphError::GridTooLarge {
                width,
                height,
                bytes,
                limit: MAX_MAP_BYTES,
            },
            Refusal::OutOfMemory { bytes } => GraphError::OutOfMemory { bytes },
        }
    }
}

impl From<SearchError<NodeId>> for GraphError {
    fn from(e: SearchError<NodeId>) -> Self {
        match e {
            SearchError::InvalidCost { from, to, cost } => GraphError::InvalidCost {
                from,
                to,
                cost: cost as f32,
            },
            SearchError::InvalidHeuristic { node, value } => GraphError::InvalidEstimate {
                node,
                value: value as f32,
            },
            SearchError::CostOverflow { node } => GraphError::CostOverflow { node },
            SearchError::NodeOutOfBounds { node } => GraphError::ForeignNode { node },
            other => GraphError::Search(other),
        }
    }
}
