//! [`MeshGraph`]: GameplayKit's `GKMeshGraph`, a node graph over a triangulation of the free
//! space among polygon obstacles.

use super::{
    Direction, GraphError, NodeGraph, NodeId, NodeKind, PolygonObstacle, TriangulationMode,
};
use crate::geometry::{Extrusion, Point, Polygon};
use crate::navmesh::{NavMesh, ObstacleKey, TiledNavMesh};
use crate::search::{SearchContext, SearchOptions, Status};
use crate::{Goal, Pathfinder};
use std::collections::HashMap;

/// A graph over a triangulation of the free space in a box among polygon obstacles
/// (GameplayKit's `GKMeshGraph`).
///
/// Obstacles (grown by the buffer radius) are added and removed at any time, and take effect at
/// the next [`triangulate`](Self::triangulate), which triangulates the free space (a constrained
/// Delaunay triangulation, see [`NavMesh`]) and creates the nodes the
/// [`TriangulationMode`] asks for: triangle corners, centres, edge midpoints, or any mix. The
/// nodes of each triangle are joined to each other both ways, so paths run through the free
/// space; more nodes per triangle give smoother paths than an obstacle graph's, which hug the
/// obstacles. A corner node is shared by every triangle around it, so where two obstacles meet
/// at a point, leaving the way closed but for that point, a path may pass through it; the
/// any-angle search on [`mesh`](Self::mesh) does not. Points are put in with [`connect_node_using_obstacles`](Self::connect_node_using_obstacles)
/// (joined to the nodes of the triangle that holds them), and kept connected across
/// triangulations; connections between such points ([`add_connections`](Self::add_connections))
/// and off-mesh links ([`GraphLinks::link_mesh`](super::GraphLinks::link_mesh)) are kept too.
///
/// For the shortest path at any angle rather than along the graph's edges, search the mesh
/// itself ([`mesh`](Self::mesh), [`NavMesh::find_path`]).
///
/// ```
/// use pathkit::graph::{MeshGraph, PolygonObstacle, TriangulationMode};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
/// graph.triangulate()?;
/// assert_eq!(graph.triangle_count(), 2);
/// assert_eq!(graph.graph().nodes().len(), 4); // the corners
///
/// let wall = PolygonObstacle::new(&[[4.0, 0.0], [6.0, 0.0], [6.0, 8.0], [4.0, 8.0]])?;
/// graph.add_obstacles(&[wall])?;
/// graph.set_triangulation_mode(TriangulationMode::VERTICES | TriangulationMode::CENTERS);
/// let start = graph.add_point(1.0, 1.0)?;
/// let goal = graph.add_point(9.0, 1.0)?;
/// graph.triangulate()?; // the wall and the new mode take effect; start and goal stay connected
/// let path = graph.find_path(&mut SearchContext::new(), start, goal)?.into_path().expect("over the wall");
/// // No shorter than the taut string over the wall's top corners.
/// assert!(path.cost >= 2.0 * 58f32.sqrt() + 2.0);
/// # Ok::<(), pathkit::graph::GraphError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MeshGraph {
    graph: NodeGraph,
    buffer_radius: f32,
    extrusion: Extrusion,
    min: [f32; 2],
    max: [f32; 2],
    obstacles: Vec<PolygonObstacle>,
    mode: TriangulationMode,
    /// Tiles of this size (set with [`set_tile_size`](Self::set_tile_size)), or the whole box.
    tile_size: Option<f32>,
    mesh: Option<Triangulation>,
    /// The nodes the last triangulation created, per triangle.
    triangle_nodes: Vec<Vec<NodeId>>,
    /// Every node the last triangulation created, to remove at the next.
    mesh_nodes: Vec<NodeId>,
    /// Nodes connected with `connect_node_using_obstacles`, reconnected at each triangulation.
    users: Vec<NodeId>,
    /// Nodes of earlier triangulations, no longer members, reused before new ones are made: the
    /// node arena does not grow when a game triangulates again and again.
    spare: Vec<NodeId>,
}

impl MeshGraph {
    /// An empty mesh graph over the box `min`–`max`, obstacles grown by `buffer_radius`
    /// (a negative radius counts as 0) with GameplayKit's radial growth. Nothing is triangulated
    /// until [`triangulate`](Self::triangulate).
    ///
    /// # Errors
    /// [`GraphError::Mesh`] for a box that is not finite or has no area;
    /// [`GraphError::NonFinite`] for a NaN or infinite radius (GameplayKit's mesh would grow its
    /// obstacles to nothing or to everything).
    ///
    /// ```
    /// use pathkit::graph::{GraphError, MeshGraph};
    ///
    /// assert!(MeshGraph::new(-1.0, [0.0, 0.0], [10.0, 10.0]).is_ok_and(|g| g.buffer_radius() == 0.0));
    /// assert!(matches!(MeshGraph::new(1.0, [0.0, 0.0], [0.0, 10.0]), Err(GraphError::Mesh(_))));
    /// assert!(matches!(
    ///     MeshGraph::new(f32::NAN, [0.0, 0.0], [10.0, 10.0]),
    ///     Err(GraphError::NonFinite { what: "buffer radius", .. })
    /// ));
    /// ```
    pub fn new(buffer_radius: f32, min: [f32; 2], max: [f32; 2]) -> Result<Self, GraphError> {
        Self::with_extrusion(buffer_radius, min, max, Extrusion::Radial)
    }

    /// [`new`](Self::new) with another way of growing obstacles: [`Extrusion::Mitre`] keeps the
    /// mesh a full radius from every side.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    ///
    /// ```
    /// use pathkit::geometry::Extrusion;
    /// use pathkit::graph::MeshGraph;
    ///
    /// let graph = MeshGraph::with_extrusion(0.5, [0.0, 0.0], [10.0, 10.0], Extrusion::Mitre)?;
    /// assert_eq!(graph.extrusion(), Extrusion::Mitre);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn with_extrusion(
        buffer_radius: f32,
        min: [f32; 2],
        max: [f32; 2],
        extrusion: Extrusion,
    ) -> Result<Self, GraphError> {
        let (lo, hi) = (Point::from_f32(min), Point::from_f32(max));
        crate::navmesh::NavMeshError::check_finite([lo, hi]).map_err(GraphError::Mesh)?;
        GraphError::check_finite([("buffer radius", buffer_radius)])?;
        if !(lo.x < hi.x && lo.y < hi.y) {
            return Err(GraphError::Mesh(
                crate::navmesh::NavMeshError::EmptyBounds { min: lo, max: hi },
            ));
        }
        Ok(MeshGraph {
            graph: NodeGraph::new(),
            buffer_radius: if buffer_radius > 0.0 {
                buffer_radius
            } else {
                0.0
            },
            extrusion,
            min,
            max,
            obstacles: Vec::new(),
            mode: TriangulationMode::default(),
            tile_size: None,
            mesh: None,
            triangle_nodes: Vec::new(),
            mesh_nodes: Vec::new(),
            users: Vec::new(),
            spare: Vec::new(),
        })
    }

    /// The node graph: every node, edge and search of pathkit's node graphs.
    #[must_use]
    pub fn graph(&self) -> &NodeGraph {
        &self.graph
    }

    /// The radius obstacles are grown by.
    #[must_use]
    pub fn buffer_radius(&self) -> f32 {
        self.buffer_radius
    }

    /// How obstacles are grown.
    #[must_use]
    pub fn extrusion(&self) -> Extrusion {
        self.extrusion
    }

    /// The obstacles, in the order they were added (including changes not yet triangulated).
    #[must_use]
    pub fn obstacles(&self) -> &[PolygonObstacle] {
        &self.obstacles
    }

    /// Adds obstacles (duplicates skipped), in effect from the next
    /// [`triangulate`](Self::triangulate).
    ///
    /// # Errors
    /// [`GraphError::ObstacleOutsideBounds`] for an obstacle with a vertex outside the box; no
    /// obstacle is added then.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, MeshGraph, PolygonObstacle};
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// let outside = PolygonObstacle::new(&[[8.0, 8.0], [12.0, 8.0], [12.0, 9.0]])?;
    /// assert!(matches!(graph.add_obstacles(&[outside]), Err(GraphError::ObstacleOutsideBounds { .. })));
    /// assert!(graph.obstacles().is_empty());
    /// # Ok::<(), GraphError>(())
    /// ```
    pub fn add_obstacles(&mut self, obstacles: &[PolygonObstacle]) -> Result<(), GraphError> {
        for o in obstacles {
            if let Some(&point) = o.vertices().iter().find(|p| !self.in_box(**p)) {
                return Err(GraphError::ObstacleOutsideBounds { point });
            }
        }
        for o in obstacles {
            if !self.obstacles.contains(o) {
                self.obstacles.push(o.clone());
            }
        }
        Ok(())
    }

    /// Removes obstacles (those absent are ignored), in effect from the next
    /// [`triangulate`](Self::triangulate).
    ///
    /// ```
    /// use pathkit::graph::{MeshGraph, PolygonObstacle};
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// let block = PolygonObstacle::new(&[[4.0, 4.0], [6.0, 4.0], [6.0, 6.0], [4.0, 6.0]])?;
    /// graph.add_obstacles(&[block.clone()])?;
    /// graph.triangulate()?;
    /// assert_eq!(graph.triangle_count(), 8);
    /// graph.remove_obstacles(&[block]);
    /// graph.triangulate()?;
    /// assert_eq!(graph.triangle_count(), 2);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn remove_obstacles(&mut self, obstacles: &[PolygonObstacle]) {
        self.obstacles.retain(|o| !obstacles.contains(o));
    }

    /// Which nodes the next triangulation creates.
    #[must_use]
    pub fn triangulation_mode(&self) -> TriangulationMode {
        self.mode
    }

    /// Sets which nodes the next triangulation creates.
    pub fn set_triangulation_mode(&mut self, mode: TriangulationMode) {
        self.mode = mode;
    }

    fn in_box(&self, [x, y]: [f32; 2]) -> bool {
        x >= self.min[0] && x <= self.max[0] && y >= self.min[1] && y <= self.max[1]
    }

    /// Triangulates the free space among the obstacles as they are now and rebuilds the mesh
    /// nodes: the previous triangulation's nodes are removed, the mode's nodes created and
    /// joined within each triangle, and the points connected with
    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles) joined to their new
    /// triangles (a point now inside an obstacle is left unconnected). Only the nodes the
    /// triangulation made are removed, with their edges: the connections between kept points
    /// ([`add_connections`](Self::add_connections), the links of
    /// [`GraphLinks::connect_mesh`](super::GraphLinks::connect_mesh)) stay, a point inside an
    /// obstacle keeping its links off the mesh. One node stands at each
    /// place: vertices and shared sides' middles that round to the same `f32` position are one
    /// node; a thin wall's side has a node on each side of the wall.
    ///
    /// # Errors
    /// [`GraphError::Mesh`] when the triangulation fails (coordinates it cannot represent), or
    /// with [`NavMeshError::TooManyCrossings`](crate::navmesh::NavMeshError::TooManyCrossings)
    /// for obstacles whose grown sides cross each other more often than
    /// [`WALL_CUTS_BASE`](crate::navmesh::WALL_CUTS_BASE) plus
    /// [`WALL_CUTS_PER_WALL`](crate::navmesh::WALL_CUTS_PER_WALL) a side (obstacles piled on each
    /// other), found before anything is triangulated; the graph is unchanged then.
    ///
    /// ```
    /// use pathkit::graph::{MeshGraph, TriangulationMode};
    ///
    /// // GameplayKit's mesh scenario: an empty 10 x 10 box.
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// let all = TriangulationMode::VERTICES | TriangulationMode::CENTERS | TriangulationMode::EDGE_MIDPOINTS;
    /// graph.set_triangulation_mode(all);
    /// graph.triangulate()?;
    /// assert_eq!(graph.graph().nodes().len(), 4 + 2 + 5);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn triangulate(&mut self) -> Result<(), GraphError> {
        let triangulation = self.triangulation().map_err(GraphError::Mesh)?;
        let mesh = triangulation.mesh();
        let old = std::mem::take(&mut self.mesh_nodes);
        self.graph.remove_nodes(&old)?;
        self.spare.extend(old);
        let verts = mesh.vertices();
        let mut nodes_of: Vec<Vec<NodeId>> = vec![Vec::new(); mesh.triangle_count()];
        // Nodes hold `f32` positions: mesh vertices and shared sides' middles that are apart in
        // `f64` but round to the same `f32` place (where grown obstacles overlap, crossings lie
        // within a rounding of each other) are one node there, not several indistinguishable ones.
        let place = |p: Point| p.to_f32().map(f32::to_bits);
        let mut at_place: HashMap<[u32; 2], NodeId> = HashMap::new();
        // A vertex the tiles made on a wall without area is one node for each side of the wall
        // (named by the first triangle of its fan), or paths would step through the wall there.
        let mut at_seam: HashMap<([u32; 2], usize), NodeId> = HashMap::new();
        let mut spare = std::mem::take(&mut self.spare);
        let mut create = |graph: &mut NodeGraph, made: &mut Vec<NodeId>, p: Point| {
            let [x, y] = p.to_f32();
            let node = match spare.pop() {
                // A spare is a 2D node of this graph: setting it and re-adding cannot fail.
                Some(node)
                    if graph.set_position_2d(node, x, y).is_ok()
                        && graph.add_nodes(&[node]).is_ok() =>
                {
                    node
                }
                _ => graph.add_node(NodeKind::Point2(x, y)),
            };
            made.push(node);
            node
        };
        let mut made = Vec::new();
        for (k, tri) in mesh.triangle_indices().iter().enumerate() {
            let nodes = &mut nodes_of[k];
            if self.mode.contains(TriangulationMode::VERTICES) {
                for (corner, &v) in tri.iter().enumerate() {
                    let p = verts[v as usize];
                    let node = if triangulation.is_seam_vertex(p) {
                        *at_seam
                            .entry((place(p), fan(mesh, k, corner)))
                            .or_insert_with(|| create(&mut self.graph, &mut made, p))
                    } else {
                        *at_place
                            .entry(place(p))
                            .or_insert_with(|| create(&mut self.graph, &mut made, p))
                    };
                    if !nodes.contains(&node) {
                        nodes.push(node);
                    }
                }
            }
            let [a, b, c] = tri.map(|v| verts[v as usize]);
            if self.mode.contains(TriangulationMode::CENTERS) {
                let centre = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
                nodes.push(create(&mut self.graph, &mut made, centre));
            }
            if self.mode.contains(TriangulationMode::EDGE_MIDPOINTS) {
                let across = mesh.neighbours(k).unwrap_or([None; 3]);
                for side in 0..3 {
                    let (u, v) = (tri[side], tri[(side + 1) % 3]);
                    let middle = (verts[u as usize] + verts[v as usize]) * 0.5;
                    // A side shared with the triangle across is one node of both; a wall's side
                    // (a thin wall has triangles on both sides) a node of this triangle alone,
                    // or paths would step through the wall at its middle.
                    let node = if across[side].is_some() {
                        *at_place
                            .entry(place(middle))
                            .or_insert_with(|| create(&mut self.graph, &mut made, middle))
                    } else {
                        create(&mut self.graph, &mut made, middle)
                    };
                    if !nodes.contains(&node) {
                        nodes.push(node);
                    }
                }
            }
            for i in 0..nodes.len() {
                self.graph
                    .add_connections(nodes[i], &nodes[i + 1..], Direction::BothWays)?;
            }
        }
        self.spare = spare;
        self.mesh_nodes = made;
        self.triangle_nodes = nodes_of;
        self.mesh = Some(triangulation);
        for node in self.users.clone() {
            self.join(node)?;
        }
        Ok(())
    }

    /// The last triangulation, for queries at any angle (`None` before the first).
    #[must_use]
    pub fn mesh(&self) -> Option<&NavMesh> {
        self.mesh.as_ref().map(Triangulation::mesh)
    }

    /// The free space of the obstacles as they are now: the last tiled triangulation edited by
    /// the obstacles added and removed since (when tiles are set and their size is unchanged),
    /// or a mesh built whole. The last triangulation stays as it was on an error.
    fn triangulation(&mut self) -> Result<Triangulation, crate::navmesh::NavMeshError> {
        let radius = f64::from(self.buffer_radius);
        let grow = |o: &PolygonObstacle| o.polygon().extruded(radius, self.extrusion);
        let (min, max) = (Point::from_f32(self.min), Point::from_f32(self.max));
        let Some(size) = self.tile_size.map(f64::from) else {
            let grown: Vec<Polygon> = self.obstacles.iter().map(grow).collect();
            return NavMesh::free_space(min, max, &grown, &[])
                .map(|mesh| Triangulation::Whole(Box::new(mesh)));
        };
        match self.mesh.take() {
            Some(Triangulation::Tiled {
                mut level,
                mut keys,
            }) if level.tile_size() == size => {
                let gone: Vec<ObstacleKey> = keys
                    .iter()
                    .filter(|(o, _)| !self.obstacles.contains(o))
                    .map(|&(_, k)| k)
                    .collect();
                let new: Vec<PolygonObstacle> = self
                    .obstacles
                    .iter()
                    .filter(|o| !keys.iter().any(|(kept, _)| kept == *o))
                    .cloned()
                    .collect();
                let grown: Vec<Polygon> = new.iter().map(grow).collect();
                match level.edit_obstacles(&gone, &grown) {
                    Ok(added) => {
                        keys.retain(|(_, k)| !gone.contains(k));
                        keys.extend(new.into_iter().zip(added));
                        Ok(Triangulation::Tiled { level, keys })
                    }
                    Err(e) => {
                        self.mesh = Some(Triangulation::Tiled { level, keys });
                        Err(e)
                    }
                }
            }
            previous => {
                let grown: Vec<Polygon> = self.obstacles.iter().map(grow).collect();
                match TiledNavMesh::of_grown(&grown, min, max, size) {
                    Ok(level) => {
                        let keys = self
                            .obstacles
                            .iter()
                            .cloned()
                            .zip(level.obstacles().map(|(k, _)| k))
                            .collect();
                        Ok(Triangulation::Tiled {
                            level: Box::new(level),
                            keys,
                        })
                    }
                    Err(e) => {
                        self.mesh = previous;
                        Err(e)
                    }
                }
            }
        }
    }

    /// The size of the tiles the free space is cut into, if any.
    #[must_use]
    pub fn tile_size(&self) -> Option<f32> {
        self.tile_size
    }

    /// Cuts the free space into square tiles of `size` (`None`: one mesh over the whole box, as
    /// GameplayKit does), from the next [`triangulate`](Self::triangulate). With tiles, each
    /// triangulation after the first rebuilds only the tiles the obstacles added and removed
    /// since touch ([`TiledNavMesh`]); the graph's nodes are made again as always, and there
    /// are more triangles (the lines between tiles cut them), so more nodes.
    ///
    /// # Errors
    /// [`GraphError::Mesh`] with [`NavMeshError::InvalidTileSize`](crate::navmesh::NavMeshError::InvalidTileSize)
    /// for a size not positive or not finite; nothing changes then.
    ///
    /// ```
    /// use pathkit::graph::{MeshGraph, PolygonObstacle};
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [40.0, 40.0])?;
    /// graph.set_tile_size(Some(10.0))?;
    /// let block = PolygonObstacle::new(&[[4.0, 4.0], [6.0, 4.0], [6.0, 6.0], [4.0, 6.0]])?;
    /// graph.add_obstacles(&[block.clone()])?;
    /// graph.triangulate()?;
    /// let mesh = graph.mesh().unwrap();
    /// assert!(mesh.triangle_at(pathkit::geometry::Point::new(5.0, 5.0)).is_none());
    /// graph.remove_obstacles(&[block]);
    /// graph.triangulate()?; // rebuilds the tile the block was in
    /// assert!(graph.mesh().unwrap().triangle_at(pathkit::geometry::Point::new(5.0, 5.0)).is_some());
    /// assert!(graph.set_tile_size(Some(0.0)).is_err());
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn set_tile_size(&mut self, size: Option<f32>) -> Result<(), GraphError> {
        if let Some(size) = size {
            if !(size > 0.0 && size.is_finite()) {
                return Err(GraphError::Mesh(
                    crate::navmesh::NavMeshError::InvalidTileSize {
                        size: f64::from(size),
                    },
                ));
            }
        }
        self.tile_size = size;
        Ok(())
    }

    /// Triangles in the last triangulation (0 before the first).
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.mesh().map_or(0, NavMesh::triangle_count)
    }

    /// The corners of triangle `k` of the last triangulation, counter-clockwise; `None` past the
    /// end (GameplayKit returns an all-zero triangle there).
    ///
    /// ```
    /// use pathkit::graph::MeshGraph;
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// assert_eq!(graph.triangle(0), None);
    /// graph.triangulate()?;
    /// let [a, b, c] = graph.triangle(1).unwrap();
    /// // Counter-clockwise: a positive signed area.
    /// assert!((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0.0);
    /// assert_eq!(graph.triangle(2), None);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    #[must_use]
    pub fn triangle(&self, k: usize) -> Option<[[f32; 2]; 3]> {
        Some(self.mesh()?.triangle(k)?.map(Point::to_f32))
    }

    /// Adds a 2D node at `(x, y)` and connects it with
    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles).
    ///
    /// # Errors
    /// [`GraphError::NonFinite`] for a NaN or infinite coordinate,
    /// [`GraphError::PointOutsideBounds`] for a point outside the box; no node is created then,
    /// and the graph is unchanged.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, MeshGraph};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// graph.triangulate()?;
    /// let (a, b) = (graph.add_point(1.0, 1.0)?, graph.add_point(9.0, 2.0)?);
    /// let path = graph.find_path(&mut SearchContext::new(), a, b)?.into_path().expect("an open box");
    /// assert!(path.cost >= 65f32.sqrt());
    /// let nodes = graph.graph().node_count();
    /// assert!(matches!(graph.add_point(f32::INFINITY, 1.0), Err(GraphError::NonFinite { what: "x", .. })));
    /// assert_eq!(graph.add_point(11.0, 1.0), Err(GraphError::PointOutsideBounds { point: [11.0, 1.0] }));
    /// assert_eq!(graph.graph().node_count(), nodes);
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn add_point(&mut self, x: f32, y: f32) -> Result<NodeId, GraphError> {
        GraphError::check_finite([("x", x), ("y", y)])?;
        if !self.in_box([x, y]) {
            // Refused before a node is made: the arena keeps no node the graph never took.
            return Err(GraphError::PointOutsideBounds { point: [x, y] });
        }
        let node = self.graph.create_node(NodeKind::Point2(x, y));
        self.connect_node_using_obstacles(node)?;
        Ok(node)
    }

    /// Makes `node` (a 2D node inside the box) a member joined both ways to the nodes of the
    /// triangle that holds it, now if the graph is triangulated, and again after each
    /// triangulation. A node the last triangulation made leaves the triangulation to be such a
    /// point (a kept point: connected and linked, see
    /// [`add_connections`](Self::add_connections)); the next triangulation makes another at its
    /// place.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`], [`GraphError::KindMismatch`] for a node without a 2D
    /// position, [`GraphError::NonFinite`] for a node at a NaN or infinite position,
    /// [`GraphError::NodeOutsideBounds`] for a node outside the box; the graph is unchanged then.
    ///
    /// ```
    /// use pathkit::graph::MeshGraph;
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// graph.triangulate()?;
    /// let node = graph.add_point(2.0, 1.0)?;
    /// assert_eq!(graph.graph().connected_nodes(node)?.len(), 3); // its triangle's corners
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn connect_node_using_obstacles(&mut self, node: NodeId) -> Result<(), GraphError> {
        let NodeKind::Point2(x, y) = self.graph.kind(node)? else {
            return Err(GraphError::KindMismatch {
                node,
                expected: "2D point",
            });
        };
        GraphError::check_finite([("x", x), ("y", y)])?;
        if !self.in_box([x, y]) {
            return Err(GraphError::NodeOutsideBounds { node });
        }
        // A node of the current triangulation taken as a point leaves it: the next
        // triangulation would remove it, and its joins with the points that shared its
        // triangles would be connections between kept points nobody made. Its edges go (its
        // triangle's nodes are joined again below, as a point's), and the next triangulation
        // makes a node of its own at its place.
        if let Some(k) = self.mesh_nodes.iter().position(|&m| m == node) {
            self.mesh_nodes.swap_remove(k);
            for nodes in &mut self.triangle_nodes {
                nodes.retain(|&m| m != node);
            }
            self.graph.remove_nodes(&[node])?;
        }
        self.graph.add_nodes(&[node])?;
        if !self.users.contains(&node) {
            self.users.push(node);
        }
        // A node of an earlier triangulation taken as a point is no longer spare: reused, it
        // would move, its connections and links with it.
        self.spare.retain(|&s| s != node);
        self.join(node)
    }

    /// Joins a user node to the nodes of the triangle holding it, if any.
    fn join(&mut self, node: NodeId) -> Result<(), GraphError> {
        let NodeKind::Point2(x, y) = self.graph.kind(node)? else {
            return Ok(());
        };
        let Some(mesh) = self.mesh.as_ref().map(Triangulation::mesh) else {
            return Ok(());
        };
        if let Some(t) = mesh.triangle_at(Point::from_f32([x, y])) {
            let targets = self.triangle_nodes[t].clone();
            self.graph
                .add_connections(node, &targets, Direction::BothWays)?;
        }
        Ok(())
    }

    /// Removes nodes from the graph (and from the points kept connected), with their edges:
    /// the connections and links to a removed point go with it.
    ///
    /// # Errors
    /// As [`NodeGraph::remove_nodes`].
    pub fn remove_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        self.graph.remove_nodes(nodes)?;
        self.users.retain(|u| !nodes.contains(u));
        Ok(())
    }

    /// `Ok` for a point this graph keeps across triangulations: a member added with
    /// [`add_point`](Self::add_point) or
    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles), not one the
    /// triangulation made.
    pub(crate) fn check_kept(&self, node: NodeId) -> Result<(), GraphError> {
        if self.graph.is_member(node)?
            && self.users.contains(&node)
            && !self.mesh_nodes.contains(&node)
        {
            Ok(())
        } else {
            Err(GraphError::NotKeptPoint { node })
        }
    }

    /// [`check_kept`](Self::check_kept) on `from` and each of `to`, in that order: the first
    /// refusal, before anything changes.
    fn check_all_kept(&self, from: NodeId, to: &[NodeId]) -> Result<(), GraphError> {
        std::iter::once(&from)
            .chain(to)
            .try_for_each(|&node| self.check_kept(node))
    }

    /// Adds connections between kept points (as [`NodeGraph::add_connections`]): `from` → each
    /// of `to`, and back with [`Direction::BothWays`]. They stay across
    /// [`triangulate`](Self::triangulate), which removes only the nodes it made: a bridge, a
    /// door, or with [`GraphLinks::connect_mesh`](super::GraphLinks::connect_mesh) the
    /// connections of off-mesh links. Searched with the graph's own costs, such a connection
    /// costs the distance between its ends, whatever lies between them.
    ///
    /// Only kept points are joined: the triangulation's own nodes are removed and made anew at
    /// each triangulation (their ids reused for other places), so a connection to one could not
    /// be kept. To join a place of the mesh, add a point there.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`] for a node of another graph, [`GraphError::NotKeptPoint`]
    /// for a node that is not a kept point; nothing is connected then.
    ///
    /// ```
    /// use pathkit::graph::{Direction, GraphError, MeshGraph, PolygonObstacle};
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// graph.triangulate()?;
    /// let (a, b) = (graph.add_point(1.0, 1.0)?, graph.add_point(9.0, 9.0)?);
    /// graph.add_connections(a, &[b], Direction::OneWay)?;
    /// let wall = PolygonObstacle::new(&[[4.0, 0.0], [6.0, 0.0], [6.0, 10.0], [4.0, 10.0]])?;
    /// graph.add_obstacles(&[wall])?;
    /// graph.triangulate()?;
    /// assert_eq!(graph.graph().has_connection(a, b), Ok(true)); // kept
    /// assert_eq!(graph.graph().has_connection(b, a), Ok(false));
    /// // A node of the triangulation is refused: the next triangulation replaces it.
    /// let corner = graph.graph().connected_nodes(b)?[0];
    /// assert_eq!(graph.add_connections(a, &[corner], Direction::BothWays), Err(GraphError::NotKeptPoint { node: corner }));
    /// # Ok::<(), GraphError>(())
    /// ```
    pub fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.check_all_kept(from, to)?;
        self.graph.add_connections(from, to, direction)
    }

    /// Deletes connections between kept points (as [`NodeGraph::remove_connections`]): a door
    /// closed, a link out of service. The triangulation's joins are its own, remade at each
    /// triangulation, so only connections between kept points are removed.
    ///
    /// # Errors
    /// As [`add_connections`](Self::add_connections); nothing is removed then.
    ///
    /// ```
    /// use pathkit::graph::{Direction, MeshGraph};
    ///
    /// let mut graph = MeshGraph::new(0.0, [0.0, 0.0], [10.0, 10.0])?;
    /// let (a, b) = (graph.add_point(1.0, 1.0)?, graph.add_point(9.0, 9.0)?);
    /// graph.add_connections(a, &[b], Direction::BothWays)?;
    /// graph.remove_connections(b, &[a], Direction::OneWay)?;
    /// assert_eq!(graph.graph().has_connection(a, b), Ok(true));
    /// assert_eq!(graph.graph().has_connection(b, a), Ok(false));
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    pub fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.check_all_kept(from, to)?;
        self.graph.remove_connections(from, to, direction)
    }
}

/// Searches the graph's nodes along its edges, as [`NodeGraph`]'s [`Pathfinder`] does (A* with the
/// Euclidean estimate, the same tie rule).
///
/// # Errors
/// As [`NodeGraph`]'s.
impl Pathfinder for MeshGraph {
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
        self.graph.find_path_into(ctx, start, to, options, path)
    }
}

/// A mesh graph's last triangulation.
#[derive(Clone, Debug)]
enum Triangulation {
    /// Built whole.
    Whole(Box<NavMesh>),
    /// Cut into tiles, edited in place; each obstacle's key in it.
    Tiled {
        level: Box<TiledNavMesh>,
        keys: Vec<(PolygonObstacle, ObstacleKey)>,
    },
}

impl Triangulation {
    fn mesh(&self) -> &NavMesh {
        match self {
            Triangulation::Whole(mesh) => mesh,
            Triangulation::Tiled { level, .. } => level.mesh(),
        }
    }

    /// Whether `p` is a vertex the tiles made ([`TiledNavMesh::is_seam_vertex`]).
    fn is_seam_vertex(&self, p: Point) -> bool {
        match self {
            Triangulation::Whole(_) => false,
            Triangulation::Tiled { level, .. } => level.is_seam_vertex(p),
        }
    }
}

/// The fan of triangle `k` around its corner `corner`: the triangles met turning about that
/// vertex from `k` without crossing a wall, named by the lowest.
fn fan(mesh: &NavMesh, k: usize, corner: usize) -> usize {
    let tris = mesh.triangle_indices();
    let v = tris[k][corner];
    let mut lowest = k;
    // Turning one way crosses the edge leaving the vertex (the side at its corner), the other
    // way the edge reaching it (two sides on).
    for turn in [0, 2] {
        let mut t = k;
        for _ in 0..tris.len() {
            let Some(at) = tris[t].iter().position(|&u| u == v) else {
                break;
            };
            let Some(next) = mesh.neighbours(t).and_then(|n| n[(at + turn) % 3]) else {
                break;
            };
            if next == k {
                // All the way round: one fan.
                return lowest;
            }
            lowest = lowest.min(next);
            t = next;
        }
    }
    lowest
}
