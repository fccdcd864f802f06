//! [`ReversedEdges`]: the edges of a space turned around, as a space of their own, so that a
//! Dijkstra search over it finds the cost from every node *to* a landmark.
//!
//! A [`SearchSpace`] lists only the edges leaving a node. The costs toward a node need the
//! edges arriving at it, so they are collected once, from every node of a set closed under
//! successors (the nodes a search from the landmarks reached), into flat arrays: for each node,
//! the nodes with an edge to it and what that edge costs.

use super::{IndexedSpace, SearchSpace};
use crate::limits::{self, Refusal};
use crate::Cost;

/// The reversed edges of the nodes `members`: node `v`'s entries are the edges `u -> v` of the
/// original space, read as `v -> u` at the same cost. Nodes are the original dense indices.
pub(crate) struct ReversedEdges<C> {
    /// `starts[v]..starts[v + 1]` are `v`'s entries in `from` and `costs`.
    starts: Vec<u32>,
    from: Vec<u32>,
    costs: Vec<C>,
}

impl<C: Cost> ReversedEdges<C> {
    /// Bytes the arrays take for `nodes` nodes and `edges` edges.
    pub fn memory_needed(nodes: usize, edges: u64) -> u64 {
        limits::bytes_of::<u32>(nodes as u64 + 1)
            .saturating_add(limits::bytes_of::<u32>(edges))
            .saturating_add(limits::bytes_of::<C>(edges))
    }

    /// The reversed edges leaving `members` (dense indices of `space`, each once), whose
    /// successors all belong to `members` too. Refused above the memory limit (checked before
    /// anything is allocated; `u32::MAX` edges or more are always above it) or by the
    /// allocator.
    pub fn of<S: IndexedSpace<Cost = C>>(space: &S, members: &[u32]) -> Result<Self, Refusal> {
        let bound = space.node_bound();
        let mut edges: u64 = 0;
        for &u in members {
            space.successors(space.node_at(u as usize), |_, _| edges += 1);
        }
        let bytes = Self::memory_needed(bound, edges);
        if edges >= u64::from(u32::MAX) {
            return Err(Refusal::OverLimit { bytes });
        }
        limits::check(bytes)?;
        let mut starts = limits::try_filled(bound + 1, 0u32)?;
        // Count each node's arrivals, then turn the counts into start offsets.
        let arrival = |v: S::Node| space.index_of(v).filter(|&v| v < bound);
        for &u in members {
            space.successors(space.node_at(u as usize), |v, _| {
                if let Some(v) = arrival(v) {
                    starts[v + 1] += 1;
                }
            });
        }
        for v in 0..bound {
            starts[v + 1] += starts[v];
        }
        let total = starts[bound] as usize;
        let mut from = limits::try_filled(total, 0u32)?;
        let mut costs = limits::try_filled(total, C::ZERO)?;
        // `next[v]` is where `v`'s next arrival goes: its start, moved along as it fills.
        let mut next = limits::try_with_capacity::<u32>(bound)?;
        next.extend_from_slice(&starts[..bound]);
        for &u in members {
            space.successors(space.node_at(u as usize), |v, cost| {
                if let Some(v) = arrival(v) {
                    let at = next[v] as usize;
                    from[at] = u;
                    costs[at] = cost;
                    next[v] += 1;
                }
            });
        }
        Ok(ReversedEdges {
            starts,
            from,
            costs,
        })
    }

    /// The arrivals at `v`: `(u, cost)` for every edge `u -> v`.
    pub fn arrivals(&self, v: u32) -> impl Iterator<Item = (u32, C)> + '_ {
        let range = self.starts[v as usize] as usize..self.starts[v as usize + 1] as usize;
        self.from[range.clone()]
            .iter()
            .copied()
            .zip(self.costs[range].iter().copied())
    }
}

impl<C: Cost> SearchSpace for ReversedEdges<C> {
    type Node = u32;
    type Cost = C;
    fn successors<F: FnMut(u32, C)>(&self, node: u32, mut visit: F) {
        for (u, cost) in self.arrivals(node) {
            visit(u, cost);
        }
    }
}

impl<C: Cost> IndexedSpace for ReversedEdges<C> {
    fn node_bound(&self) -> usize {
        self.starts.len() - 1
    }
    fn index_of(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.node_bound()).then_some(node as usize)
    }
    fn node_at(&self, index: usize) -> u32 {
        index as u32
    }
}
