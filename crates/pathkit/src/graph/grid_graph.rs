//! [`GridGraph`]: GameplayKit's `GKGridGraph`, a node graph with one node per grid cell.

use super::{
    BaseCosts, CostModel, Direction, GraphError, GraphSpace, NodeGraph, NodeId, NodeKind, NodeRef,
    UnitDiagonals,
};
use crate::grid::Diagonal;
use crate::limits;
use crate::search::{SearchContext, SearchOptions, Status};
use crate::{Goal, Pathfinder};

/// How a diagonal move between grid cells is priced.
///
/// ```
/// use pathkit::graph::{DiagonalCost, GridGraph};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
/// let (start, goal) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 2).unwrap());
/// assert_eq!(grid.diagonal_cost(), DiagonalCost::Euclidean);
/// let euclidean = grid.find_path(&mut SearchContext::new(), start, goal).unwrap().into_path().unwrap().cost;
/// let grid = grid.with_diagonal_cost(DiagonalCost::Unit);
/// let unit = grid.find_path(&mut SearchContext::new(), start, goal).unwrap().into_path().unwrap().cost;
/// assert_eq!((euclidean, unit), (2.0 * std::f32::consts::SQRT_2, 2.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DiagonalCost {
    /// Euclidean: √2, with the Euclidean estimate (GameplayKit, [`BaseCosts`]).
    #[default]
    Euclidean,
    /// 1, like an orthogonal move, with the Chebyshev estimate ([`UnitDiagonals`]).
    Unit,
}

/// A grid of cell nodes (GameplayKit's `GKGridGraph`): one node per cell, connected both ways to
/// its 4 neighbours, or 8 with diagonals. Removing a node makes a wall;
/// [`connect_node_to_adjacent_nodes`](Self::connect_node_to_adjacent_nodes) re-opens it.
///
/// Which moves are allowed is the [`Diagonal`] rule grids use too, fixed when the graph is made:
/// [`Diagonal::Never`] builds no diagonal edges (GameplayKit's `diagonalsAllowed: NO`);
/// [`Diagonal::Always`] builds them and follows them even between two walls (GameplayKit's
/// `diagonalsAllowed: YES`); [`Diagonal::NoCornerCutting`] (the Moving AI rule) and
/// [`Diagonal::CornerCutting`] build them and let a search take a diagonal edge only when both,
/// or at least one, of the cells beside it hold member nodes.
///
/// The grid's nodes are created row-major (y outer, x inner), so the node of cell (x, y) has arena
/// index `(y - oy) * width + (x - ox)`. Each node's edges list its neighbours in row-major order of
/// the 3x3 block around it: (x−1, y−1), (x, y−1), (x+1, y−1), (x−1, y), (x+1, y), (x−1, y+1),
/// (x, y+1), (x+1, y+1), skipping diagonals when they are off.
///
/// ```
/// use pathkit::graph::{DiagonalCost, GridGraph};
/// use pathkit::grid::Diagonal;
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
/// assert_eq!((grid.origin(), grid.width(), grid.height()), ((0, 0), 3, 3));
/// assert_eq!((grid.moves(), grid.diagonals_allowed()), (Diagonal::Never, false));
/// assert_eq!((grid.diagonal_cost(), grid.graph().node_count()), (DiagonalCost::Euclidean, 9));
/// let wall = grid.node_at(1, 1).unwrap();
/// grid.remove_nodes(&[wall]).unwrap();
/// assert_eq!(grid.node_at(1, 1), None);
/// let path = grid.find_path(&mut SearchContext::new(), grid.node_at(1, 0).unwrap(), grid.node_at(1, 2).unwrap()).unwrap();
/// assert_eq!(path.path().unwrap().nodes.len(), 5); // around the wall
/// assert_eq!(path.path().unwrap().cost, 4.0);
/// grid.connect_node_to_adjacent_nodes(wall).unwrap();
/// let path = grid.find_path(&mut SearchContext::new(), grid.node_at(1, 0).unwrap(), grid.node_at(1, 2).unwrap()).unwrap();
/// assert_eq!(path.into_nodes().unwrap().len(), 3); // straight through again
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GridGraph {
    pub(crate) graph: NodeGraph,
    pub(crate) origin: (i32, i32),
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) moves: Diagonal,
    pub(crate) diagonal_cost: DiagonalCost,
}

/// Offsets of the 3x3 block, row-major, without the centre.
const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

fn is_diagonal((dx, dy): (i32, i32)) -> bool {
    dx != 0 && dy != 0
}

impl GridGraph {
    /// A `width` x `height` grid whose first cell is `origin`, every cell a member, connected to
    /// its in-grid 4-neighbours, or 8-neighbours unless `moves` is [`Diagonal::Never`]. 0x0 gives
    /// no nodes; 1x1 one node without edges.
    ///
    /// A grid whose cell coordinates do not fit `i32` is [`GraphError::GridOutOfRange`]. One that
    /// would need more than [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)
    /// ([`GridGraph::memory_needed`]) is [`GraphError::Refused`]
    /// ([`TooLarge`](crate::limits::Refusal::TooLarge)), checked before anything is allocated;
    /// memory the allocator refuses below that is [`GraphError::Refused`]
    /// ([`OutOfMemory`](crate::limits::Refusal::OutOfMemory)).
    ///
    /// ```
    /// use pathkit::graph::{DiagonalCost, GraphError, GridGraph};
    /// use pathkit::grid::Diagonal;
    ///
    /// let grid = GridGraph::new((-1, -1), 3, 2, Diagonal::Never).unwrap();
    /// assert_eq!((grid.origin(), grid.width(), grid.height()), ((-1, -1), 3, 2));
    /// assert_eq!((grid.moves(), grid.diagonals_allowed()), (Diagonal::Never, false));
    /// assert_eq!(grid.diagonal_cost(), DiagonalCost::Euclidean);
    /// assert_eq!(grid.nodes().len(), 6);
    /// assert_eq!(grid.graph().node_count(), 6);
    /// assert!(grid.node_at(-1, -1).is_some() && grid.node_at(2, 0).is_none());
    /// let far = GridGraph::new((i32::MAX, 0), 2, 1, Diagonal::Never);
    /// assert!(matches!(far, Err(GraphError::GridOutOfRange { .. })));
    /// ```
    pub fn new(
        origin: (i32, i32),
        width: u32,
        height: u32,
        moves: Diagonal,
    ) -> Result<Self, GraphError> {
        Self::check_shape(origin, width, height)?;
        let diagonals = moves != Diagonal::Never;
        let cells = width as usize * height as usize;
        let mut graph = NodeGraph::with_capacity(cells).map_err(GraphError::Refused)?;
        // Row-major over the cells, not over rows and columns: a zero-wide grid may have 2^31
        // rows, none of which holds a cell.
        let (w, h) = (width as i64, height as i64);
        let at = |i: usize| (i as i64 % w, i as i64 / w);
        let neighbours = |(x, y): (i64, i64)| {
            NEIGHBOURS.into_iter().filter_map(move |d| {
                let (nx, ny) = (x + d.0 as i64, y + d.1 as i64);
                ((diagonals || !is_diagonal(d)) && (0..w).contains(&nx) && (0..h).contains(&ny))
                    .then_some((ny * w + nx) as usize)
            })
        };
        for i in 0..cells {
            let (x, y) = at(i);
            // Within the i32 range: `check_shape` said so.
            let id = graph.add_node(NodeKind::Cell(origin.0 + x as i32, origin.1 + y as i32));
            graph
                .reserve_edges(id.index as usize, neighbours((x, y)).count())
                .map_err(GraphError::Refused)?;
        }
        for i in 0..cells {
            for to in neighbours(at(i)) {
                graph.link(i, to);
            }
        }
        Ok(GridGraph {
            graph,
            origin,
            width,
            height,
            moves,
            diagonal_cost: DiagonalCost::default(),
        })
    }

    /// Bytes [`GridGraph::new`] asks for (the allocator's own bookkeeping aside): per cell, its
    /// node, payload and member entry, and both edge lists sized for 4 or 8 neighbours.
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::limits::MAX_MAP_BYTES;
    ///
    /// use pathkit::grid::Diagonal;
    ///
    /// assert!(GridGraph::memory_needed(1024, 1024, Diagonal::Always) < 256 << 20);
    /// assert!(GridGraph::memory_needed(1 << 14, 1 << 13, Diagonal::Never) > MAX_MAP_BYTES);
    /// ```
    #[must_use]
    pub fn memory_needed(width: u32, height: u32, moves: Diagonal) -> u64 {
        let degree = if moves == Diagonal::Never { 4 } else { 8 };
        (width as u64 * height as u64)
            .saturating_mul(NodeGraph::BYTES_PER_NODE + degree * NodeGraph::BYTES_PER_EDGE)
    }

    /// Checks that the graph, with diagonals, stays within
    /// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) and that every cell coordinate fits in
    /// `i32`.
    pub(crate) fn check_shape(
        origin: (i32, i32),
        width: u32,
        height: u32,
    ) -> Result<(), GraphError> {
        limits::check(Self::memory_needed(width, height, Diagonal::Always))
            .map_err(GraphError::Refused)?;
        let fits = |o: i32, len: u32| len == 0 || o as i64 + len as i64 - 1 <= i32::MAX as i64;
        if !fits(origin.0, width) || !fits(origin.1, height) {
            return Err(GraphError::GridOutOfRange {
                origin,
                width,
                height,
            });
        }
        Ok(())
    }

    /// Changes which moves this grid's searches take, among the rules its edges allow: a grid
    /// built with diagonal edges takes any rule but [`Diagonal::Never`], one built without takes
    /// only [`Diagonal::Never`] (GameplayKit fixes `diagonalsAllowed` when the graph is made);
    /// anything else is [`GraphError::MovesFixed`] and changes nothing.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, GridGraph};
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
    /// grid.set_moves(Diagonal::NoCornerCutting).unwrap();
    /// assert_eq!(grid.moves(), Diagonal::NoCornerCutting);
    /// assert!(matches!(grid.set_moves(Diagonal::Never), Err(GraphError::MovesFixed { .. })));
    /// ```
    pub fn set_moves(&mut self, moves: Diagonal) -> Result<(), GraphError> {
        if (moves == Diagonal::Never) != (self.moves == Diagonal::Never) {
            return Err(GraphError::MovesFixed {
                built: self.moves,
                asked: moves,
            });
        }
        self.moves = moves;
        Ok(())
    }

    /// Sets how this grid's searches price diagonal moves (builder style).
    ///
    /// ```
    /// use pathkit::graph::{DiagonalCost, GridGraph};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = GridGraph::new((0, 0), 5, 5, Diagonal::Always).unwrap().with_diagonal_cost(DiagonalCost::Unit);
    /// let path = grid.find_path(&mut SearchContext::new(), grid.node_at(0, 0).unwrap(), grid.node_at(4, 4).unwrap()).unwrap();
    /// assert_eq!(path.into_path().unwrap().cost, 4.0);
    /// ```
    #[must_use]
    pub fn with_diagonal_cost(mut self, cost: DiagonalCost) -> Self {
        self.diagonal_cost = cost;
        self
    }

    /// Sets how this grid's searches price diagonal moves.
    ///
    /// ```
    /// use pathkit::graph::{DiagonalCost, GridGraph};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 2, 2, Diagonal::Always).unwrap();
    /// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(1, 1).unwrap());
    /// grid.set_diagonal_cost(DiagonalCost::Unit);
    /// assert_eq!(grid.find_path(&mut SearchContext::new(), a, b).unwrap().into_path().unwrap().cost, 1.0);
    /// grid.set_diagonal_cost(DiagonalCost::Euclidean);
    /// assert_eq!(grid.find_path(&mut SearchContext::new(), a, b).unwrap().into_path().unwrap().cost, std::f32::consts::SQRT_2);
    /// ```
    pub fn set_diagonal_cost(&mut self, cost: DiagonalCost) {
        self.diagonal_cost = cost;
    }

    /// The first cell, (ox, oy).
    #[must_use]
    pub fn origin(&self) -> (i32, i32) {
        self.origin
    }

    /// Cells per row.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the grid was built with diagonal edges (GameplayKit's `diagonalsAllowed`).
    #[must_use]
    pub fn diagonals_allowed(&self) -> bool {
        self.moves != Diagonal::Never
    }

    /// Which moves the grid's searches take.
    #[must_use]
    pub fn moves(&self) -> Diagonal {
        self.moves
    }

    /// The diagonal pricing of this grid's searches.
    #[must_use]
    pub fn diagonal_cost(&self) -> DiagonalCost {
        self.diagonal_cost
    }

    /// The node graph underneath, for every other [`NodeGraph`] query. Edits go through the grid's
    /// own methods, so the grid's nodes always stay on their cells.
    #[must_use]
    pub fn graph(&self) -> &NodeGraph {
        &self.graph
    }

    /// Creates an extra node that is not a member (for example a cell node placed on a cell that
    /// [`connect_node_to_adjacent_nodes`](Self::connect_node_to_adjacent_nodes) then attaches).
    ///
    /// ```
    /// use pathkit::graph::{GridGraph, NodeKind};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
    /// // A treasure placed on cell (1, 1), on top of the grid's own node there.
    /// let treasure = grid.create_node(NodeKind::Cell(1, 1));
    /// assert_eq!(grid.graph().is_member(treasure), Ok(false));
    /// grid.connect_node_to_adjacent_nodes(treasure).unwrap();
    /// assert_eq!(grid.connected_nodes(treasure).unwrap().len(), 4);
    /// let path = grid.find_path(&mut SearchContext::new(), grid.node_at(0, 1).unwrap(), treasure).unwrap().into_path().unwrap();
    /// assert_eq!(path.cost, 1.0);
    /// ```
    pub fn create_node(&mut self, kind: NodeKind) -> NodeId {
        self.graph.create_node(kind)
    }

    /// Makes nodes members: see [`NodeGraph::add_nodes`].
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((0, 0), 2, 1, Diagonal::Never).unwrap();
    /// let right = grid.node_at(1, 0).unwrap();
    /// grid.remove_nodes(&[right]).unwrap();
    /// grid.add_nodes(&[right]).unwrap();
    /// // A member again, but its edges are gone: re-open walls with connect_node_to_adjacent_nodes.
    /// assert_eq!(grid.node_at(1, 0), Some(right));
    /// assert!(grid.connected_nodes(right).unwrap().is_empty());
    /// ```
    pub fn add_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        self.graph.add_nodes(nodes)
    }

    /// Adds edges: see [`NodeGraph::add_connections`].
    ///
    /// ```
    /// use pathkit::graph::{Direction, GridGraph};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 9, 1, Diagonal::Never).unwrap();
    /// let (west, east) = (grid.node_at(0, 0).unwrap(), grid.node_at(8, 0).unwrap());
    /// grid.remove_nodes(&[grid.node_at(4, 0).unwrap()]).unwrap(); // the road is cut
    /// assert!(!grid.find_path(&mut SearchContext::new(), west, east).unwrap().is_found());
    /// grid.add_connections(west, &[east], Direction::OneWay).unwrap(); // a ferry
    /// assert_eq!(grid.find_path(&mut SearchContext::new(), west, east).unwrap().into_nodes(), Some(vec![west, east]));
    /// assert!(!grid.find_path(&mut SearchContext::new(), east, west).unwrap().is_found());
    /// ```
    pub fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.graph.add_connections(from, to, direction)
    }

    /// Deletes edges: see [`NodeGraph::remove_connections`].
    ///
    /// ```
    /// use pathkit::graph::{Direction, GridGraph};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 2, 1, Diagonal::Never).unwrap();
    /// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(1, 0).unwrap());
    /// grid.remove_connections(a, &[b], Direction::OneWay).unwrap(); // a one-way door
    /// assert!(!grid.find_path(&mut SearchContext::new(), a, b).unwrap().is_found());
    /// assert!(grid.find_path(&mut SearchContext::new(), b, a).unwrap().is_found());
    /// ```
    pub fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.graph.remove_connections(from, to, direction)
    }

    /// Connects a node to the nearest member: see
    /// [`NodeGraph::connect_node_to_lowest_cost_node`].
    ///
    /// ```
    /// use pathkit::graph::{Direction, GridGraph, NodeKind};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
    /// let outpost = grid.create_node(NodeKind::Cell(6, 5));
    /// let nearest = grid.connect_node_to_lowest_cost_node(outpost, Direction::BothWays).unwrap();
    /// assert_eq!(nearest, grid.node_at(2, 2));
    /// assert!(grid.find_path(&mut SearchContext::new(), grid.node_at(0, 0).unwrap(), outpost).unwrap().is_found());
    /// ```
    pub fn connect_node_to_lowest_cost_node(
        &mut self,
        node: NodeId,
        direction: Direction,
    ) -> Result<Option<NodeId>, GraphError> {
        self.graph.connect_node_to_lowest_cost_node(node, direction)
    }

    /// The outgoing edges of a node: see [`NodeGraph::connected_nodes`].
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
    /// let corner = grid.node_at(0, 0).unwrap();
    /// let cells: Vec<_> = grid.connected_nodes(corner).unwrap().iter().map(|&n| grid.cell_of(n).unwrap()).collect();
    /// assert_eq!(cells, [(1, 0), (0, 1), (1, 1)]); // row-major around the node
    /// ```
    pub fn connected_nodes(&self, node: NodeId) -> Result<&[NodeId], GraphError> {
        self.graph.connected_nodes(node)
    }

    /// The member nodes, in insertion order (the grid's nodes come row-major).
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((0, 0), 2, 2, Diagonal::Never).unwrap();
    /// grid.remove_nodes(&[grid.node_at(0, 0).unwrap()]).unwrap();
    /// let cells: Vec<_> = grid.nodes().iter().map(|&n| grid.cell_of(n).unwrap()).collect();
    /// assert_eq!(cells, [(1, 0), (0, 1), (1, 1)]);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> &[NodeId] {
        self.graph.nodes()
    }

    /// The arena slot of the grid's node for cell (x, y), if the cell is inside the grid.
    fn cell_slot(&self, x: i32, y: i32) -> Option<usize> {
        let dx = x as i64 - self.origin.0 as i64;
        let dy = y as i64 - self.origin.1 as i64;
        if (0..self.width as i64).contains(&dx) && (0..self.height as i64).contains(&dy) {
            Some((dy * self.width as i64 + dx) as usize)
        } else {
            None
        }
    }

    /// The grid's node of cell (x, y): `None` outside the grid and while that node is removed.
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((10, 20), 2, 2, Diagonal::Never).unwrap();
    /// let node = grid.node_at(11, 20).unwrap();
    /// assert_eq!(grid.cell_of(node), Ok((11, 20)));
    /// grid.remove_nodes(&[node]).unwrap();
    /// assert_eq!(grid.node_at(11, 20), None); // a wall now
    /// assert_eq!(grid.node_at(0, 0), None); // outside
    /// ```
    #[must_use]
    pub fn node_at(&self, x: i32, y: i32) -> Option<NodeId> {
        let entry = self.graph.entries.get(self.cell_slot(x, y)?)?;
        entry.member.then_some(entry.id)
    }

    /// The grid's node of cell (x, y), member or not: `None` only outside the grid. This is the id
    /// to re-open a wall with.
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 1, Diagonal::Never).unwrap();
    /// grid.remove_nodes(&[grid.node_at(1, 0).unwrap()]).unwrap();
    /// let wall = grid.cell_node(1, 0).unwrap(); // still there, not a member
    /// grid.connect_node_to_adjacent_nodes(wall).unwrap();
    /// assert_eq!(grid.node_at(1, 0), Some(wall));
    /// assert_eq!(grid.cell_node(3, 0), None);
    /// ```
    #[must_use]
    pub fn cell_node(&self, x: i32, y: i32) -> Option<NodeId> {
        Some(self.graph.entries.get(self.cell_slot(x, y)?)?.id)
    }

    /// The cell of a cell node.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, GridGraph, NodeKind};
    /// use pathkit::grid::Diagonal;
    ///
    /// let mut grid = GridGraph::new((5, 5), 2, 2, Diagonal::Never).unwrap();
    /// assert_eq!(grid.cell_of(grid.node_at(6, 5).unwrap()), Ok((6, 5)));
    /// let plain = grid.create_node(NodeKind::Plain);
    /// assert!(matches!(grid.cell_of(plain), Err(GraphError::KindMismatch { .. })));
    /// ```
    pub fn cell_of(&self, node: NodeId) -> Result<(i32, i32), GraphError> {
        self.graph
            .kind(node)?
            .cell()
            .ok_or(GraphError::KindMismatch {
                node,
                expected: "grid cell",
            })
    }

    /// Removes nodes (walls): see [`NodeGraph::remove_nodes`].
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 2, Diagonal::Never).unwrap();
    /// let walls = [grid.node_at(1, 0).unwrap(), grid.node_at(1, 1).unwrap()];
    /// grid.remove_nodes(&walls).unwrap();
    /// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 0).unwrap());
    /// assert!(!grid.find_path(&mut SearchContext::new(), a, b).unwrap().is_found());
    /// assert_eq!(grid.nodes().len(), 4);
    /// ```
    pub fn remove_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        self.graph.remove_nodes(nodes)
    }

    /// Makes the cell node `node` a member and connects it both ways to the member grid nodes of
    /// its 4 (or 8) neighbour cells, never to the grid node of its own cell, without duplicates.
    /// Re-opens a wall; also attaches an extra node placed on a cell. A node whose cell lies
    /// outside the grid is left as it is.
    ///
    /// ```
    /// use pathkit::graph::GridGraph;
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut grid = GridGraph::new((0, 0), 3, 1, Diagonal::Never).unwrap();
    /// let door = grid.node_at(1, 0).unwrap();
    /// grid.remove_nodes(&[door]).unwrap();
    /// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 0).unwrap());
    /// assert!(!grid.find_path(&mut SearchContext::new(), a, b).unwrap().is_found());
    /// grid.connect_node_to_adjacent_nodes(door).unwrap(); // the door opens
    /// assert_eq!(grid.find_path(&mut SearchContext::new(), a, b).unwrap().into_nodes(), Some(vec![a, door, b]));
    /// ```
    pub fn connect_node_to_adjacent_nodes(&mut self, node: NodeId) -> Result<(), GraphError> {
        let slot = self.graph.slot(node)?;
        let (x, y) = self.cell_of(node)?;
        if self.cell_slot(x, y).is_none() {
            return Ok(());
        }
        self.graph.ensure_member(slot);
        for d in NEIGHBOURS {
            if self.moves == Diagonal::Never && is_diagonal(d) {
                continue;
            }
            let (Some(nx), Some(ny)) = (x.checked_add(d.0), y.checked_add(d.1)) else {
                continue;
            };
            if let Some(neighbour) = self.node_at(nx, ny) {
                let n = neighbour.index();
                self.graph.link(slot, n);
                self.graph.link(n, slot);
            }
        }
        Ok(())
    }

    /// This grid searched under `model`, which replaces the grid's diagonal cost; the grid's
    /// moves (its diagonal rule) still hold.
    ///
    /// ```
    /// use pathkit::graph::{CostModel, GridGraph, NodeRef};
    /// use pathkit::grid::Diagonal;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// /// A river in column 2 costs 10 to wade into.
    /// struct River;
    /// impl CostModel for River {
    ///     fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
    ///         let wade = to.kind.cell().is_some_and(|(x, _)| x == 2);
    ///         if wade { 10.0 } else { from.kind.cost_to(&to.kind) }
    ///     }
    /// }
    /// let grid = GridGraph::new((0, 0), 5, 1, Diagonal::Never)?;
    /// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(4, 0).unwrap());
    /// let path = grid.space_with(&River).find_path(&mut SearchContext::new(), a, b)?;
    /// assert_eq!(path.into_path().unwrap().cost, 13.0);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn space_with<'g, M: CostModel + ?Sized>(&'g self, model: &'g M) -> GridGraphSpace<'g, M> {
        GridGraphSpace { grid: self, model }
    }

    /// Whether the grid's rule lets a search take the move `from` → `to`.
    fn corner_allows(&self, from: &NodeKind, to: &NodeKind) -> bool {
        if matches!(self.moves, Diagonal::Always | Diagonal::Never) {
            return true;
        }
        let (NodeKind::Cell(ax, ay), NodeKind::Cell(bx, by)) = (*from, *to) else {
            return true;
        };
        let (dx, dy) = (bx as i64 - ax as i64, by as i64 - ay as i64);
        if dx.abs() != 1 || dy.abs() != 1 {
            return true;
        }
        let (a, b) = (
            self.node_at(bx, ay).is_some(),
            self.node_at(ax, by).is_some(),
        );
        if self.moves == Diagonal::NoCornerCutting {
            a && b
        } else {
            a || b
        }
    }
}

/// Searches the grid under its diagonal cost ([`DiagonalCost`]) and moves: the cheapest path,
/// `[start]` for a node to itself, unreachable when there is none. The tie rule is
/// [`NodeGraph`]'s; every option applies, as on [`GraphSpace`].
///
/// # Errors
/// As [`GraphSpace`]'s.
///
/// ```
/// use pathkit::graph::GridGraph;
/// use pathkit::grid::Diagonal;
/// use pathkit::search::{Outcome, SearchContext, SearchOptions};
/// use pathkit::Pathfinder;
///
/// let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::NoCornerCutting)?;
/// grid.remove_nodes(&[grid.node_at(1, 1).unwrap()])?;
/// let (a, b) = (grid.node_at(0, 0).unwrap(), grid.node_at(2, 2).unwrap());
/// let mut ctx = SearchContext::new();
/// let path = grid.find_path(&mut ctx, a, b)?.into_path().unwrap();
/// assert_eq!(path.cost, 4.0); // around the wall, no corner cut
/// let island = grid.create_node(pathkit::graph::NodeKind::Cell(9, 9));
/// assert_eq!(grid.find_path(&mut ctx, a, island)?, Outcome::Unreachable);
/// // Repeated queries reuse the context and the path's capacity.
/// let mut path = Vec::new();
/// for x in 0..3 {
///     let to = grid.node_at(x, 2).unwrap();
///     let status = grid.find_path_into(&mut ctx, a, to.into(), &SearchOptions::new(), &mut path)?;
///     assert!(status.is_found());
/// }
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
impl Pathfinder for GridGraph {
    type Node = NodeId;
    type Cost = f32;
    type Context = SearchContext<f32>;
    type Error = GraphError;

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<f32>,
        start: NodeId,
        to: Goal<'_, NodeId>,
        options: &SearchOptions<f32>,
        path: &mut Vec<NodeId>,
    ) -> Result<Status<f32>, GraphError> {
        match self.diagonal_cost {
            DiagonalCost::Euclidean => self
                .space_with(&BaseCosts)
                .find_path_into(ctx, start, to, options, path),
            DiagonalCost::Unit => self
                .space_with(&UnitDiagonals)
                .find_path_into(ctx, start, to, options, path),
        }
    }
}

/// A [`GridGraph`] under a cost model of your own ([`GridGraph::space_with`]): the model's costs
/// and the grid's moves.
#[must_use = "a space does nothing until it is searched"]
pub struct GridGraphSpace<'g, M: ?Sized> {
    grid: &'g GridGraph,
    model: &'g M,
}

/// Searches the grid under the model and the grid's diagonal rule, as [`GraphSpace`] does.
///
/// # Errors
/// As [`GraphSpace`]'s.
impl<M: CostModel + ?Sized> Pathfinder for GridGraphSpace<'_, M> {
    type Node = NodeId;
    type Cost = f32;
    type Context = SearchContext<f32>;
    type Error = GraphError;

    fn find_path_into(
        &self,
        ctx: &mut SearchContext<f32>,
        start: NodeId,
        to: Goal<'_, NodeId>,
        options: &SearchOptions<f32>,
        path: &mut Vec<NodeId>,
    ) -> Result<Status<f32>, GraphError> {
        let guard = CornerGuard {
            grid: self.grid,
            inner: self.model,
        };
        GraphSpace::new(&self.grid.graph, &guard).find_path_into(ctx, start, to, options, path)
    }
}

/// A model with the grid's diagonal rule on top.
struct CornerGuard<'g, M: ?Sized> {
    grid: &'g GridGraph,
    inner: &'g M,
}

impl<M: CostModel + ?Sized> CostModel for CornerGuard<'_, M> {
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        self.inner.cost(from, to)
    }
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        self.inner.estimated_cost(from, goal)
    }
    fn can_traverse(&self, from: NodeRef, to: NodeRef) -> bool {
        self.grid.corner_allows(&from.kind, &to.kind) && self.inner.can_traverse(from, to)
    }
}
