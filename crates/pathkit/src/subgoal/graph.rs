//! [`SubgoalGraph`]: the subgoals of a uniform-cost grid and the shortest free paths between them.

use super::cells::{Cells, NONE};
use super::contraction::{Arc, Hierarchy, ORIGINAL};
use super::reach::scan;
use super::SubgoalError;
use crate::grid::{Cell, Grid};
use crate::limits::Refusal;

/// A uniform-cost grid's simple subgoal graph, for optimal 8-connected paths (no corner cutting,
/// the Moving AI rule) on a map queried many times.
///
/// The subgoals are the free cells at the corners of the walls, where a shortest path may have to
/// turn. Two subgoals are joined when one reaches the other by a shortest free path (diagonal
/// moves, then straight ones) passing no other subgoal; that edge costs the octile distance.
/// Every shortest path on the grid bends only at subgoals. The build contracts this graph into a
/// hierarchy (its most connected subgoals left in a core); a query joins its start and goal to
/// the subgoals they reach directly, searches upward from both and through the core with A*, and
/// lays the cells of each edge back down. The answers are optimal, with the costs of A* and Jump
/// Point Search.
///
/// Building reads every cell, scans from every subgoal and contracts ([`SubgoalGraph::new`]);
/// the graph does not follow edits: an edited map is a new graph. Fastest where Jump Point Search
/// is slowest (mazes, rooms with doors, many obstacles); on open maps, where every corner sees
/// dozens of others, JPS+ is faster (measured in the repository's `docs/performance.md`,
/// "Subgoal graphs").
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
/// use pathkit::Pathfinder;
///
/// let grid = Grid::from_ascii(
///     "........\n\
///      .######.\n\
///      ......#.\n\
///      .####.#.\n\
///      ......#.",
/// )?;
/// let graph = SubgoalGraph::new(grid)?;
/// let mut ctx = SubgoalContext::new();
/// let path = graph.find_path(&mut ctx, Cell::new(0, 4), Cell::new(7, 4))?.into_path().unwrap();
/// assert_eq!(path.cost, 15.0); // up, across the top and down: no corner of a wall cut
/// assert_eq!(path.nodes.len(), 16); // every cell of the way, both ends included
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SubgoalGraph {
    pub(super) grid: Grid,
    pub(super) cells: Cells,
    /// The contraction hierarchy over the subgoals: what queries search.
    pub(super) hierarchy: Hierarchy,
    /// Edges of the subgoal graph itself (each counted once).
    edges: usize,
}

impl SubgoalGraph {
    /// Builds the graph of `grid`, which must be uniform-cost (every weight 0 or 1).
    ///
    /// # Errors
    ///
    /// [`SubgoalError::NonUniformCost`] for a weight above 1; [`SubgoalError::Refused`] when the
    /// tables would pass [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) or the allocator refuses
    /// them.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// // One pillar: a subgoal at each of its four corners, each joined to the others it sees.
    /// let graph = SubgoalGraph::new(Grid::from_ascii(".....\n.....\n..#..\n.....\n.....")?)?;
    /// assert_eq!(graph.subgoal_count(), 4);
    /// assert_eq!(graph.edge_count(), 4); // the sides of the square round the pillar
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: Grid) -> Result<SubgoalGraph, SubgoalError> {
        if grid.max_weight() > 1 {
            if let Some((index, &weight)) = grid.weights().iter().enumerate().find(|(_, &w)| w > 1)
            {
                return Err(SubgoalError::NonUniformCost {
                    cell: grid.cell_at(index),
                    weight,
                });
            }
        }
        let cells = Cells::new(&grid)?;
        let n = cells.subgoals.len();
        // Both directions of every edge found, then sorted into lists.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut push_error = None;
        for (id, &p) in cells.subgoals.iter().enumerate() {
            scan(&cells, p as usize, None, &mut |q| {
                let other = cells.subgoal[q];
                if other as usize != id {
                    if pairs.try_reserve(2).is_err() {
                        push_error = Some(Refusal::OutOfMemory {
                            bytes: (pairs.len() as u64 + 2) * 8,
                        });
                        return;
                    }
                    pairs.push((id as u32, other));
                    pairs.push((other, id as u32));
                }
            });
            if let Some(refusal) = push_error {
                return Err(refusal.into());
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let stride = cells.stride;
        let at = |v: u32| cells.subgoals[v as usize] as usize;
        let first = |v: u32| pairs.partition_point(|&(from, _)| from < v);
        let hierarchy = Hierarchy::build(n, |v, list| {
            let ends = &pairs[first(v)..first(v + 1)];
            list.try_reserve_exact(ends.len())
                .map_err(|_| Refusal::OutOfMemory {
                    bytes: (ends.len() * std::mem::size_of::<Arc>()) as u64,
                })?;
            for &(_, w) in ends {
                list.push(Arc {
                    to: w,
                    middle: ORIGINAL,
                    cost: super::query::octile(stride, at(v), at(w)),
                });
            }
            Ok(())
        })?;
        Ok(SubgoalGraph {
            grid,
            cells,
            hierarchy,
            edges: pairs.len() / 2,
        })
    }

    /// The grid the graph was built from.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("...\n.#.\n...")?)?;
    /// assert!(!graph.grid().is_passable(Cell::new(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// How many subgoals (corner cells) the graph holds.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// // An open room has no corners to turn at: any two cells see each other.
    /// assert_eq!(SubgoalGraph::new(Grid::new(9, 9)?)?.subgoal_count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn subgoal_count(&self) -> usize {
        self.cells.subgoals.len()
    }

    /// How many edges join the subgoals (each counted once, though searched both ways).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("....\n.#..\n..#.\n....")?)?;
    /// assert!(graph.edge_count() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_count(&self) -> usize {
        self.edges
    }

    /// How many shortcuts the contraction hierarchy added (a shortcut stands for a shortest path
    /// through subgoals contracted before both its ends).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// // Two pillars in a corridor: the way round both passes corners taken out first.
    /// let graph = SubgoalGraph::new(Grid::from_ascii(".........\n..#...#..\n.........")?)?;
    /// assert!(graph.shortcut_count() <= graph.edge_count() * 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortcut_count(&self) -> usize {
        self.hierarchy.shortcuts
    }

    /// How many subgoals were left out of the contraction (the core, ranked above all others
    /// and searched with A*): those with many neighbours, as on open maps where every corner
    /// sees dozens of others.
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("...\n.#.\n...")?)?;
    /// assert_eq!(graph.core_count(), 0); // four corners, two neighbours each: all contracted
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn core_count(&self) -> usize {
        self.hierarchy.core
    }

    /// The subgoals, in id order.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("...\n.#.\n...")?)?;
    /// let corners: Vec<Cell> = graph.subgoals().collect();
    /// assert_eq!(corners, [Cell::new(0, 0), Cell::new(2, 0), Cell::new(0, 2), Cell::new(2, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn subgoals(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .subgoals
            .iter()
            .map(|&p| self.cell_of(p as usize))
    }

    /// Whether `cell` is one of the subgoals (`false` for a cell outside the grid): one read of
    /// the graph's per-cell subgoal ids, where finding it in [`subgoals`](Self::subgoals) would
    /// walk the list. What a caller marking the subgoals on a path asks once per cell.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::from_ascii("...\n.#.\n...")?)?;
    /// assert!(graph.is_subgoal(Cell::new(0, 0))); // a corner of the pillar
    /// assert!(!graph.is_subgoal(Cell::new(1, 0))); // beside it, not diagonal to it
    /// assert!(!graph.is_subgoal(Cell::new(1, 1))); // the pillar itself
    /// assert!(!graph.is_subgoal(Cell::new(3, 0))); // off the grid
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_subgoal(&self, cell: Cell) -> bool {
        if cell.x >= self.grid.width() || cell.y >= self.grid.height() {
            return false;
        }
        self.cells.subgoal[self.padded(cell)] != NONE
    }

    /// Bytes held beyond the grid: the padded map, subgoal ids, straight distances and the
    /// hierarchy's arcs (what [`JpsPlus::memory_bytes`](crate::jps::JpsPlus::memory_bytes)
    /// counts for JPS+).
    ///
    /// ```
    /// use pathkit::grid::Grid;
    /// use pathkit::subgoal::SubgoalGraph;
    ///
    /// let graph = SubgoalGraph::new(Grid::new(100, 100)?)?;
    /// assert!(graph.memory_bytes() >= 102 * 102 * 13);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn memory_bytes(&self) -> usize {
        self.cells.memory_bytes() + self.hierarchy.memory_bytes()
    }

    /// The padded index of an on-grid cell.
    #[inline]
    pub(super) fn padded(&self, cell: Cell) -> usize {
        (cell.y as usize + 1) * self.cells.stride + cell.x as usize + 1
    }

    /// The cell at a padded index.
    #[inline]
    pub(super) fn cell_of(&self, p: usize) -> Cell {
        let stride = self.cells.stride;
        Cell::new((p % stride - 1) as u32, (p / stride - 1) as u32)
    }
}
