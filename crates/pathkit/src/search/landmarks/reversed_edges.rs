//! [`ReversedEdges`]: the edges of a space turned around, as a space of their own, so that a
//! Dijkstra search over it finds the cost from every node *to* a landmark.
//!
//! A [`SearchSpace`] lists only the edges leaving a node. The costs toward a node need the
//! edges arriving at it, so they are collected once, from every node of a set closed under
//! successors (the nodes a search from the landmarks reached), into flat arrays: for each node,
//! the nodes with an edge to it and what that edge costs.

use crate::limits::{self, Refusal};
use crate::search::{IndexedSpace, SearchSpace};
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
            return Err(Refusal::too_large(bytes));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_MAP_BYTES;

    /// `bound` nodes; node `i` has `loops` edges to itself, each costing `i + 1`, then one to
    /// `i + 1` costing 10 (none from the last node).
    struct Loops {
        bound: usize,
        loops: u32,
    }

    impl SearchSpace for Loops {
        type Node = u32;
        type Cost = f64;
        fn successors<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
            for _ in 0..self.loops {
                visit(node, f64::from(node) + 1.0);
            }
            if (node as usize) + 1 < self.bound {
                visit(node + 1, 10.0);
            }
        }
    }

    impl IndexedSpace for Loops {
        fn node_bound(&self) -> usize {
            self.bound
        }
        fn index_of(&self, node: u32) -> Option<usize> {
            ((node as usize) < self.bound).then_some(node as usize)
        }
        fn node_at(&self, index: usize) -> u32 {
            index as u32
        }
    }

    /// Every edge among the members, turned around: node `v` lists each `u -> v` at its cost, in
    /// the members' order, self-loops included.
    #[test]
    fn every_edge_arrives_where_it_leads() {
        let space = Loops { bound: 4, loops: 2 };
        let reversed = ReversedEdges::of(&space, &[0, 1, 2, 3]).unwrap();
        assert_eq!(reversed.node_bound(), 4);
        let arrivals = |v| reversed.arrivals(v).collect::<Vec<_>>();
        assert_eq!(arrivals(0), [(0, 1.0), (0, 1.0)]);
        assert_eq!(arrivals(1), [(0, 10.0), (1, 2.0), (1, 2.0)]);
        assert_eq!(arrivals(3), [(2, 10.0), (3, 4.0), (3, 4.0)]);
        let mut seen = Vec::new();
        reversed.successors(2, |u, c| seen.push((u, c)));
        assert_eq!(seen, [(1, 10.0), (2, 3.0), (2, 3.0)]);
        assert_eq!(reversed.index_of(3), Some(3));
        assert_eq!(reversed.index_of(4), None);
        assert_eq!(reversed.node_at(2), 2);
        // Only the members' edges: a node left out adds no arrival.
        let part = ReversedEdges::of(&space, &[3, 2]).unwrap();
        assert_eq!(
            part.arrivals(3).collect::<Vec<_>>(),
            [(3, 4.0), (3, 4.0), (2, 10.0)]
        );
        assert_eq!(part.arrivals(1).count(), 0);
    }

    /// The edges are counted and the memory checked before anything is allocated: arrays for
    /// the nodes alone just under the limit, plus the seven edges of one member, are refused
    /// with what they would have taken.
    #[test]
    fn the_edges_count_toward_the_limit() {
        let per_node = std::mem::size_of::<u32>() as u64;
        let per_edge = (std::mem::size_of::<u32>() + std::mem::size_of::<f64>()) as u64;
        let bound = (MAX_MAP_BYTES / per_node - 8) as usize;
        let nodes_alone = ReversedEdges::<f64>::memory_needed(bound, 0);
        let needed = nodes_alone + 7 * per_edge;
        assert!(nodes_alone + 2 * per_edge <= MAX_MAP_BYTES && needed > MAX_MAP_BYTES);
        let space = Loops { bound, loops: 6 };
        match ReversedEdges::of(&space, &[0]) {
            Err(Refusal::TooLarge { bytes, limit }) => {
                assert_eq!((bytes, limit), (needed, MAX_MAP_BYTES))
            }
            Err(other) => panic!("refused for another reason: {other:?}"),
            Ok(_) => panic!("{needed} bytes of arrays accepted"),
        }
    }
}
