//! [`GraphLinks`]: off-mesh links (jumps, ladders, doors, teleporters) in the GameplayKit
//! graphs, as a cost model.

use super::{BaseCosts, CostModel, Direction, GraphError, MeshGraph, NodeGraph, NodeId, NodeRef};

/// One link: its ends as they were linked, its cost, and whether it goes both ways.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GraphLink {
    from: NodeRef,
    to: NodeRef,
    cost: f32,
    direction: Direction,
    /// Linked on a mesh graph ([`GraphLinks::link_mesh`]): its connection costs the link's
    /// cost, never the straight distance, which may cross an obstacle.
    on_mesh: bool,
}

impl GraphLink {
    /// What the link's connection costs from `from` to `to`.
    fn price(&self, from: NodeRef, to: NodeRef) -> f32 {
        if self.on_mesh {
            self.cost
        } else {
            self.cost.min(BaseCosts.cost(from, to))
        }
    }
}

/// Off-mesh links in a GameplayKit graph ([`NodeGraph`], the graph of an
/// [`ObstacleGraph`](super::ObstacleGraph), a [`GridGraph`](super::GridGraph) or a
/// [`MeshGraph`], see [`link_mesh`](Self::link_mesh)): connections
/// between two nodes (a ledge and the floor below, the two ends of a teleporter) that cost what
/// the link says, not the distance between the nodes. [`connect`](Self::connect) adds the
/// connections to the graph; searching with the links as the cost model
/// (`graph.space_with(&links)`) prices them, and keeps the estimate admissible: from a node, no
/// path is cheaper than the graph's own estimate to the goal or than reaching a link's entry and
/// paying for it, whichever is less. Paths stay optimal.
///
/// Every other edge costs what the base costs say ([`BaseCosts`]: the distance between 2D or 3D
/// nodes). A link's ends are priced where they stood when linked.
///
/// ```
/// use pathkit::graph::{Direction, GraphLinks, NodeGraph, NodeKind};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A corridor of three rooms, and a teleporter from the first to the last.
/// let (mut graph, n) = NodeGraph::with_nodes([
///     NodeKind::Point2(0.0, 0.0),
///     NodeKind::Point2(10.0, 0.0),
///     NodeKind::Point2(20.0, 0.0),
/// ]);
/// graph.add_connections(n[0], &[n[1]], Direction::BothWays)?;
/// graph.add_connections(n[1], &[n[2]], Direction::BothWays)?;
/// let mut links = GraphLinks::new();
/// links.link(&graph, n[0], n[2], 1.5, Direction::OneWay)?;
/// links.connect(&mut graph)?;
/// let mut ctx = SearchContext::new();
/// let path = graph.space_with(&links).find_path(&mut ctx, n[0], n[2])?.into_path().unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![n[0], n[2]], 1.5));
/// // One way only: back, the walk.
/// let back = graph.space_with(&links).find_path(&mut ctx, n[2], n[0])?.into_path().unwrap();
/// assert_eq!(back.cost, 20.0);
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GraphLinks {
    links: Vec<GraphLink>,
}

impl GraphLinks {
    /// No links.
    #[must_use]
    pub fn new() -> GraphLinks {
        GraphLinks::default()
    }

    /// Links `from` to `to` of `graph` at `cost`, one way or both ways. Add the connection
    /// with [`connect`](Self::connect) (or `graph.add_connections`).
    ///
    /// # Errors
    /// [`GraphError::InvalidCost`] for a cost that is negative or not finite;
    /// [`GraphError::ForeignNode`] for a node `graph` does not hold. Nothing is linked then.
    pub fn link(
        &mut self,
        graph: &NodeGraph,
        from: NodeId,
        to: NodeId,
        cost: f32,
        direction: Direction,
    ) -> Result<(), GraphError> {
        if !(cost.is_finite() && cost >= 0.0) {
            return Err(GraphError::InvalidCost { from, to, cost });
        }
        let end = |id: NodeId| -> Result<NodeRef, GraphError> {
            Ok(NodeRef {
                id,
                kind: graph.kind(id)?,
            })
        };
        let (from, to) = (end(from)?, end(to)?);
        self.links.push(GraphLink {
            from,
            to,
            cost,
            direction,
            on_mesh: false,
        });
        Ok(())
    }

    /// Links two kept points of a mesh graph (added with [`MeshGraph::add_point`] or
    /// [`MeshGraph::connect_node_using_obstacles`]) at `cost`, one way or both ways. Add the
    /// connection with [`connect_mesh`](Self::connect_mesh); it stays across
    /// [`MeshGraph::triangulate`], as obstacles come and go.
    ///
    /// Searching with the links (`mesh.graph().space_with(&links)`), the connection costs the
    /// link's cost, dearer than the distance or cheaper: on a mesh graph the walk between two
    /// points runs through the mesh, round the obstacles, and the search finds it where it is
    /// cheaper than the link; the straight distance could cross a wall, so it never prices a
    /// link (unlike [`link`](Self::link) on a plain graph, where a connection is a straight
    /// walk). A link between nodes the mesh graph also joins by [`MeshGraph::add_connections`]
    /// prices that connection too.
    ///
    /// Only kept points are linked: the triangulation's own nodes are made anew at each
    /// triangulation, so a link to one could not be kept. To link a place of the mesh, add a
    /// point there.
    ///
    /// # Errors
    /// [`GraphError::InvalidCost`] for a cost that is negative or not finite;
    /// [`GraphError::ForeignNode`] for a node of another graph; [`GraphError::NotKeptPoint`] for
    /// a node that is not a kept point. Nothing is linked then.
    ///
    /// ```
    /// use pathkit::graph::{Direction, GraphLinks, MeshGraph, PolygonObstacle, TriangulationMode};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// // A cliff between a ledge and the floor below it: a ladder up, at 25.
    /// let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [40.0, 20.0])?;
    /// mesh.set_triangulation_mode(TriangulationMode::VERTICES | TriangulationMode::EDGE_MIDPOINTS);
    /// let floor = mesh.add_point(10.0, 8.0)?;
    /// let ledge = mesh.add_point(10.0, 12.0)?;
    /// let mut links = GraphLinks::new();
    /// links.link_mesh(&mesh, floor, ledge, 25.0, Direction::BothWays)?;
    /// links.connect_mesh(&mut mesh)?;
    /// mesh.triangulate()?;
    /// let mut ctx = SearchContext::new();
    /// let walk = mesh.graph().space_with(&links).find_path(&mut ctx, floor, ledge)?.into_path().unwrap();
    /// assert!(walk.cost < 25.0, "{}", walk.cost); // no cliff yet: the walk is cheaper
    ///
    /// let cliff = PolygonObstacle::new(&[[0.0, 9.0], [35.0, 9.0], [35.0, 11.0], [0.0, 11.0]])?;
    /// mesh.add_obstacles(&[cliff.clone()])?;
    /// mesh.triangulate()?; // the ladder is kept
    /// let climb = mesh.graph().space_with(&links).find_path(&mut ctx, floor, ledge)?.into_path().unwrap();
    /// assert_eq!((climb.nodes, climb.cost), (vec![floor, ledge], 25.0));
    ///
    /// mesh.remove_nodes(&[ledge])?;
    /// assert_eq!(links.connect_mesh(&mut mesh), Err(pathkit::graph::GraphError::NotKeptPoint { node: ledge }));
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn link_mesh(
        &mut self,
        mesh: &MeshGraph,
        from: NodeId,
        to: NodeId,
        cost: f32,
        direction: Direction,
    ) -> Result<(), GraphError> {
        if !(cost.is_finite() && cost >= 0.0) {
            return Err(GraphError::InvalidCost { from, to, cost });
        }
        mesh.check_kept(from)?;
        mesh.check_kept(to)?;
        let graph = mesh.graph();
        self.links.push(GraphLink {
            from: NodeRef {
                id: from,
                kind: graph.kind(from)?,
            },
            to: NodeRef {
                id: to,
                kind: graph.kind(to)?,
            },
            cost,
            direction,
            on_mesh: true,
        });
        Ok(())
    }

    /// Adds every link's connection to a mesh graph (both ways for a link that goes both ways),
    /// with [`MeshGraph::add_connections`]: kept across triangulations. Call it again after
    /// linking more; connections already there are not doubled.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`] for a link of another graph, [`GraphError::NotKeptPoint`] for
    /// a link with an end the mesh graph no longer keeps (a point removed with
    /// [`MeshGraph::remove_nodes`]: its links went with it, and are not made again); nothing
    /// is connected then.
    ///
    /// ```
    /// use pathkit::graph::{Direction, GraphLinks, MeshGraph};
    ///
    /// let mut mesh = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// let (a, b) = (mesh.add_point(1.0, 1.0)?, mesh.add_point(9.0, 9.0)?);
    /// let mut links = GraphLinks::new();
    /// links.link_mesh(&mesh, a, b, 2.0, Direction::OneWay)?;
    /// links.connect_mesh(&mut mesh)?;
    /// mesh.triangulate()?;
    /// assert_eq!(mesh.graph().has_connection(a, b), Ok(true));
    /// assert_eq!(mesh.graph().has_connection(b, a), Ok(false));
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn connect_mesh(&self, mesh: &mut MeshGraph) -> Result<(), GraphError> {
        for l in &self.links {
            mesh.check_kept(l.from.id)?;
            mesh.check_kept(l.to.id)?;
        }
        for l in &self.links {
            mesh.add_connections(l.from.id, &[l.to.id], l.direction)?;
        }
        Ok(())
    }

    /// Adds every link's connection to `graph` (both ways for a link that goes both ways).
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`] for a link of another graph; the links before it are
    /// connected.
    pub fn connect(&self, graph: &mut NodeGraph) -> Result<(), GraphError> {
        for l in &self.links {
            graph.add_connections(l.from.id, &[l.to.id], l.direction)?;
        }
        Ok(())
    }

    /// The cheapest price of a link from `from` to `to` (that way), if any.
    fn link_cost(&self, from: NodeRef, to: NodeRef) -> Option<f32> {
        self.links
            .iter()
            .filter(|l| {
                (l.from.id, l.to.id) == (from.id, to.id)
                    || (l.direction == Direction::BothWays)
                        && (l.to.id, l.from.id) == (from.id, to.id)
            })
            .map(|l| l.price(from, to))
            .reduce(f32::min)
    }
}

impl CostModel for GraphLinks {
    /// A link's cost (on a plain graph the base cost instead, should it be cheaper: the
    /// connection is a straight walk too; on a mesh graph the link's cost, see
    /// [`link_mesh`](GraphLinks::link_mesh)); the base cost elsewhere.
    fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
        match self.link_cost(from, to) {
            Some(link) => link,
            None => BaseCosts.cost(from, to),
        }
    }

    /// The base estimate, or less: a path taking a link first reaches its entry (no cheaper
    /// than the base estimate there) and pays for it.
    fn estimated_cost(&self, from: NodeRef, goal: NodeRef) -> f32 {
        let mut best = BaseCosts.estimated_cost(from, goal);
        for l in &self.links {
            let back = (l.direction == Direction::BothWays).then_some(l.to);
            for entry in [Some(l.from), back].into_iter().flatten() {
                best = best.min(BaseCosts.estimated_cost(from, entry) + l.cost);
            }
        }
        best
    }
}
