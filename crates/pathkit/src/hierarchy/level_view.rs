//! The abstract graph of one level as a search space, optionally cut down to one cluster, with
//! the query's start and goal joined to it.

use super::abstract_graph::AbstractGraph;
use super::Rect;
use crate::grid::{Cell, GridSpace};
use crate::search::{IndexedSpace, SearchSpace};
use crate::Cost;

/// The query's start and goal, which are nodes of no level until a query joins them to the
/// graph: ids `bound` and `bound + 1`, with their edges held by the query.
#[derive(Clone, Copy)]
pub(crate) struct Ends<'q, C> {
    pub start: Cell,
    pub goal: Cell,
    /// Edges out of the start, at the viewed level.
    pub from_start: &'q [(u32, C)],
    /// Edges into the goal, at the viewed level.
    pub to_goal: &'q [(u32, C)],
    /// The start's cheapest path to the goal inside their shared cluster of the viewed level.
    pub direct: Option<C>,
}

/// The graph of `level`: a node's edges are those of its level (intra) and the moves across
/// borders of that level or above (inter).
pub(crate) struct LevelView<'a, 'q, C> {
    pub graph: &'a AbstractGraph<C>,
    pub level: u8,
    /// Only nodes inside it are seen.
    pub rect: Option<Rect>,
    pub ends: Option<Ends<'q, C>>,
    /// Estimates between cells (a grid's own heuristic, consistent on the abstract graph: every
    /// edge costs what a path between its cells costs).
    pub estimate: &'a GridSpace<'a, C>,
    /// Edges walked backwards: successors are predecessors, at the cost of the edge into the node.
    pub reversed: bool,
}

impl<C: Cost> LevelView<'_, '_, C> {
    /// The cell of any node, the start and goal included.
    pub fn cell_of(&self, node: u32) -> Cell {
        let bound = self.graph.bound() as u32;
        match (node.checked_sub(bound), self.ends) {
            (Some(0), Some(ends)) => ends.start,
            (Some(_), Some(ends)) => ends.goal,
            _ => self.graph.cell(node),
        }
    }

    #[inline]
    fn seen(&self, node: u32) -> bool {
        self.rect
            .is_none_or(|rect| rect.contains(self.graph.cell(node)))
    }
}

impl<C: Cost> SearchSpace for LevelView<'_, '_, C> {
    type Node = u32;
    type Cost = C;

    fn successors<F: FnMut(u32, C)>(&self, node: u32, mut visit: F) {
        let bound = self.graph.bound() as u32;
        let level = self.level;
        if node >= bound {
            // The start's edges forward, or the goal's backward; nothing leaves the goal forward.
            if let Some(ends) = self.ends {
                if node == bound && !self.reversed {
                    for &(to, cost) in ends.from_start {
                        visit(to, cost);
                    }
                    if let Some(cost) = ends.direct {
                        visit(bound + 1, cost);
                    }
                } else if node == bound + 1 && self.reversed {
                    for &(from, cost) in ends.to_goal {
                        visit(from, cost);
                    }
                }
            }
            return;
        }
        for e in self.graph.edges(node) {
            if e.at(level) && self.seen(e.to) {
                let cost = if self.reversed {
                    match self.graph.cost(e.to, node, level) {
                        Some(cost) => cost,
                        None => continue,
                    }
                } else {
                    e.cost
                };
                visit(e.to, cost);
            }
        }
        if !self.reversed {
            if let Some(ends) = self.ends {
                if let Some(&(_, cost)) = ends.to_goal.iter().find(|&&(n, _)| n == node) {
                    visit(bound + 1, cost);
                }
            }
        }
    }

    #[inline]
    fn heuristic(&self, node: u32, goal: u32) -> C {
        self.estimate
            .heuristic(self.cell_of(node), self.cell_of(goal))
    }
}

impl<C: Cost> IndexedSpace for LevelView<'_, '_, C> {
    fn node_bound(&self) -> usize {
        self.graph.bound() + 2
    }

    #[inline]
    fn index_of(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.graph.bound() + 2).then_some(node as usize)
    }

    #[inline]
    fn node_at(&self, index: usize) -> u32 {
        index as u32
    }
}
