//! The abstract graph: the cells where paths cross cluster borders (entrances), joined by the
//! moves across the borders and by the cheapest paths inside each cluster, at every level.

use super::Rect;
use crate::grid::Cell;
use crate::Cost;
use std::collections::HashMap;

/// One edge of the abstract graph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Edge<C> {
    /// The node it leads to.
    pub to: u32,
    /// What the move (inter) or the cheapest path inside the cluster (intra) costs.
    pub cost: C,
    /// Intra: the level of the cluster it crosses. Inter: the highest level whose cluster border
    /// the move crosses; it is an edge at that level and every level below.
    pub level: u8,
    /// A single move across a cluster border.
    pub inter: bool,
}

impl<C> Edge<C> {
    /// Whether the edge belongs to the graph of `level`.
    #[inline(always)]
    pub fn at(&self, level: u8) -> bool {
        if self.inter {
            self.level >= level
        } else {
            self.level == level
        }
    }
}

/// Nodes are cells; a node of level `l` lies on a border between clusters of level `l` (and is
/// a node of every level below). Node ids are reused after removal, so the arrays do not grow
/// under edits.
#[derive(Clone, Debug)]
pub(crate) struct AbstractGraph<C> {
    cells: Vec<Cell>,
    /// 0 for a free slot.
    levels: Vec<u8>,
    edges: Vec<Vec<Edge<C>>>,
    by_cell: HashMap<Cell, u32>,
    spare: Vec<u32>,
    /// Edges in all lists.
    edge_total: usize,
}

impl<C> Default for AbstractGraph<C> {
    fn default() -> Self {
        AbstractGraph {
            cells: Vec::new(),
            levels: Vec::new(),
            edges: Vec::new(),
            by_cell: HashMap::new(),
            spare: Vec::new(),
            edge_total: 0,
        }
    }
}

impl<C: Cost> AbstractGraph<C> {
    /// Ids are below this.
    pub fn bound(&self) -> usize {
        self.cells.len()
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.cells.len() - self.spare.len()
    }

    /// Edges in use, counted once per direction.
    pub fn edge_count(&self) -> usize {
        self.edge_total
    }

    /// Bytes held, roughly: arrays, edge lists and the index of cells.
    pub fn memory_bytes(&self) -> usize {
        let edge = std::mem::size_of::<Edge<C>>();
        self.cells.capacity() * std::mem::size_of::<Cell>()
            + self.levels.capacity()
            + self.edges.capacity() * std::mem::size_of::<Vec<Edge<C>>>()
            + self
                .edges
                .iter()
                .map(|e| e.capacity() * edge)
                .sum::<usize>()
            + self.by_cell.capacity() * (std::mem::size_of::<(Cell, u32)>() + 8)
            + self.spare.capacity() * 4
    }

    #[inline(always)]
    pub fn cell(&self, node: u32) -> Cell {
        self.cells[node as usize]
    }

    #[inline(always)]
    pub fn level(&self, node: u32) -> u8 {
        self.levels[node as usize]
    }

    #[inline(always)]
    pub fn edges(&self, node: u32) -> &[Edge<C>] {
        &self.edges[node as usize]
    }

    /// Every node in use.
    pub fn nodes(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.cells.len() as u32).filter(|&n| self.levels[n as usize] > 0)
    }

    /// The node on `cell`, made if needed, raised to at least `level`.
    pub fn ensure_node(&mut self, cell: Cell, level: u8) -> u32 {
        if let Some(&node) = self.by_cell.get(&cell) {
            let l = &mut self.levels[node as usize];
            *l = (*l).max(level);
            return node;
        }
        let node = match self.spare.pop() {
            Some(node) => {
                self.cells[node as usize] = cell;
                self.levels[node as usize] = level;
                node
            }
            None => {
                self.cells.push(cell);
                self.levels.push(level);
                self.edges.push(Vec::new());
                (self.cells.len() - 1) as u32
            }
        };
        self.by_cell.insert(cell, node);
        node
    }

    /// Adds `from -> to`, keeping each list sorted by target. `Err` with the bytes asked for
    /// when the allocator refuses them (nothing is added).
    pub fn add_edge(&mut self, from: u32, edge: Edge<C>) -> Result<(), u64> {
        let list = &mut self.edges[from as usize];
        list.try_reserve(1).map_err(|_| {
            ((list.len() as u64 + 1) * std::mem::size_of::<Edge<C>>() as u64).max(1)
        })?;
        let at = list.partition_point(|e| e.to < edge.to);
        list.insert(at, edge);
        self.edge_total += 1;
        Ok(())
    }

    /// The cost of the edge `from -> to` at `level`.
    #[inline]
    pub fn cost(&self, from: u32, to: u32, level: u8) -> Option<C> {
        let list = &self.edges[from as usize];
        let at = list.partition_point(|e| e.to < to);
        list[at..]
            .iter()
            .take_while(|e| e.to == to)
            .find(|e| e.at(level))
            .map(|e| e.cost)
    }

    /// Drops the edges leaving `from` that `keep` refuses.
    pub fn retain_edges(&mut self, from: u32, keep: impl FnMut(&Edge<C>) -> bool) {
        let list = &mut self.edges[from as usize];
        let before = list.len();
        list.retain(keep);
        self.edge_total -= before - list.len();
    }

    /// Sets the node's level (it only changes when its border moves are rebuilt).
    pub fn set_level(&mut self, node: u32, level: u8) {
        self.levels[node as usize] = level;
    }

    /// Removes `node` and every edge into or out of it. Edges come in both directions (moves on
    /// a grid can be walked back, so every cheapest path inside a cluster has one back), so the
    /// edges into it are found from the edges out of it.
    pub fn remove_node(&mut self, node: u32) {
        let mut edges = std::mem::take(&mut self.edges[node as usize]);
        self.edge_total -= edges.len();
        for e in &edges {
            self.retain_edges(e.to, |back| back.to != node);
        }
        edges.clear();
        self.edges[node as usize] = edges;
        self.by_cell.remove(&self.cells[node as usize]);
        self.levels[node as usize] = 0;
        self.spare.push(node);
    }

    /// Nodes of at least `level` whose cells lie in `rect`, appended to `out` in the order of a
    /// walk around the rectangle's border (the same for the same nodes).
    pub fn nodes_in(&self, rect: Rect, level: u8, out: &mut Vec<u32>) {
        // Borders hold few cells: walking the rectangle's border rows and columns finds every
        // node without scanning all nodes.
        let mut push = |cell: Cell| {
            if let Some(&n) = self.by_cell.get(&cell) {
                if self.levels[n as usize] >= level {
                    out.push(n);
                }
            }
        };
        let (x1, y1) = (rect.x + rect.width - 1, rect.y + rect.height - 1);
        for x in rect.x..=x1 {
            push(Cell::new(x, rect.y));
            if rect.height > 1 {
                push(Cell::new(x, y1));
            }
        }
        for y in rect.y + 1..y1 {
            push(Cell::new(rect.x, y));
            if rect.width > 1 {
                push(Cell::new(x1, y));
            }
        }
    }
}
