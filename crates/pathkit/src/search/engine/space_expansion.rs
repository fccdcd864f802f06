//! [`SpaceExpansion`]: a user's [`SearchSpace`] as the search loop's expansion, with nodes
//! numbered densely by the space itself ([`DenseIndexer`]) or by a hash map as the search meets
//! them ([`Interner`]).

use crate::search::best_first::{AtIndex, Expansion};
use crate::search::{IndexedSpace, SearchError, SearchSpace};
use crate::Cost;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;

/// Maps nodes to record indices and back.
pub(crate) trait Indexer<N> {
    /// `true` when indices are handed out as nodes are met.
    const GROWS: bool;
    /// The index of `node`, interning it if needed; `Err` when it does not fit.
    fn index(&self, node: N) -> Result<u32, SearchError<N>>;
    /// The node at an index [`index`](Self::index) returned.
    fn node(&self, index: u32) -> N;
}

impl<N, T: Indexer<N>> Indexer<N> for &T {
    const GROWS: bool = T::GROWS;
    #[inline(always)]
    fn index(&self, node: N) -> Result<u32, SearchError<N>> {
        (**self).index(node)
    }
    #[inline(always)]
    fn node(&self, index: u32) -> N {
        (**self).node(index)
    }
}

/// Dense node indices straight from the space, below its `node_bound()`.
pub(crate) struct DenseIndexer<'s, S> {
    pub space: &'s S,
    pub bound: usize,
}

impl<S: IndexedSpace> Indexer<S::Node> for DenseIndexer<'_, S> {
    const GROWS: bool = false;
    #[inline(always)]
    fn index(&self, node: S::Node) -> Result<u32, SearchError<S::Node>> {
        match self.space.index_of(node) {
            Some(i) if i < self.bound => Ok(i as u32),
            _ => Err(SearchError::NodeOutOfBounds { node }),
        }
    }
    #[inline(always)]
    fn node(&self, index: u32) -> S::Node {
        self.space.node_at(index as usize)
    }
}

/// Interns nodes into dense indices as the search meets them.
#[derive(Clone, Debug)]
pub(crate) struct Interner<N> {
    table: RefCell<InternTable<N>>,
}

#[derive(Clone, Debug)]
struct InternTable<N> {
    map: HashMap<N, u32>,
    nodes: Vec<N>,
}

impl<N> Default for Interner<N> {
    fn default() -> Self {
        Interner {
            table: RefCell::new(InternTable {
                map: HashMap::new(),
                nodes: Vec::new(),
            }),
        }
    }
}

impl<N: Copy + Eq + Hash> Interner<N> {
    /// Forgets every node, keeping the capacity.
    pub fn clear(&mut self) {
        let table = self.table.get_mut();
        table.map.clear();
        table.nodes.clear();
    }
}

impl<N: Copy + Eq + Hash> Indexer<N> for Interner<N> {
    const GROWS: bool = true;
    #[inline]
    fn index(&self, node: N) -> Result<u32, SearchError<N>> {
        let mut table = self.table.borrow_mut();
        if let Some(&i) = table.map.get(&node) {
            return Ok(i);
        }
        let i = u32::try_from(table.nodes.len()).map_err(|_| SearchError::TooManyNodes)?;
        if i == u32::MAX {
            return Err(SearchError::TooManyNodes);
        }
        table.map.insert(node, i);
        table.nodes.push(node);
        Ok(i)
    }
    #[inline(always)]
    fn node(&self, index: u32) -> N {
        self.table.borrow().nodes[index as usize]
    }
}

/// A [`SearchSpace`] searched toward `goal` (the node its heuristic aims at), numbered by `I`.
pub(crate) struct SpaceExpansion<'s, S: SearchSpace, I> {
    pub space: &'s S,
    pub indexer: I,
    pub goal: S::Node,
}

/// A query between two nodes of a space: its expansion, its start as the loop opens it (index
/// and hint) and its goal as the loop tests it.
pub(crate) type Query<'s, S, I> = (
    SpaceExpansion<'s, S, I>,
    (u32, <S as SearchSpace>::Node),
    AtIndex,
);

impl<'s, S: SearchSpace, I: Indexer<S::Node>> SpaceExpansion<'s, S, I> {
    /// The query from `start` to `goal` over `space` numbered by `indexer`. The goal is indexed
    /// first: a query with both ends outside the space reports the goal.
    pub fn between(
        space: &'s S,
        indexer: I,
        start: S::Node,
        goal: S::Node,
    ) -> Result<Query<'s, S, I>, SearchError<S::Node>> {
        let goal_index = indexer.index(goal)?;
        let start_index = indexer.index(start)?;
        let expansion = SpaceExpansion {
            space,
            indexer,
            goal,
        };
        Ok((expansion, (start_index, start), AtIndex(goal_index)))
    }
}

impl<S: SearchSpace, I: Indexer<S::Node>> Expansion for SpaceExpansion<'_, S, I> {
    type Node = S::Node;
    type Cost = S::Cost;
    type Hint = S::Node;
    const GROWS: bool = I::GROWS;

    #[inline(always)]
    fn node(&self, index: u32) -> S::Node {
        self.indexer.node(index)
    }

    #[inline(always)]
    fn expand<F: FnMut(u32, S::Cost, S::Node)>(
        &self,
        index: u32,
        _parent: u32,
        mut visit: F,
    ) -> Result<(), SearchError<S::Node>> {
        // The first error, if any; later successors are still visited (the search is over
        // anyway), so the common path tests nothing.
        let mut failure = None;
        // `visit` moves into the closure (a few values), so using it costs no extra load.
        let (indexer, failed) = (&self.indexer, &mut failure);
        self.space
            .successors(self.indexer.node(index), move |next, cost| {
                match indexer.index(next) {
                    Ok(i) => visit(i, cost, next),
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                }
            });
        failure.map_or(Ok(()), Err)
    }

    #[inline(always)]
    fn estimate(&self, node: S::Node) -> S::Cost {
        self.space.heuristic(node, self.goal)
    }

    fn hint_at(&self, index: u32) -> S::Node {
        self.indexer.node(index)
    }

    /// The cheapest valid, positive cost of the start's edges: a user's space tells nothing
    /// else about its costs.
    fn unit(&self, start: u32) -> S::Cost {
        let mut cheapest: Option<S::Cost> = None;
        self.space.successors(self.indexer.node(start), |_, cost| {
            if cost.is_valid()
                && cost.total_order(&S::Cost::ZERO).is_gt()
                && cheapest.is_none_or(|c| cost.total_order(&c).is_lt())
            {
                cheapest = Some(cost);
            }
        });
        cheapest.unwrap_or(S::Cost::ZERO)
    }
}
