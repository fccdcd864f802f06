//! [`ObstacleGraph`]: GameplayKit's `GKObstacleGraph`, the visibility graph of polygon obstacles
//! grown by a buffer radius.

use super::obstacle_index::{segment_meets_box, ObstacleIndex};
use super::sight_grid::SightGrid;
#[cfg(feature = "serde")]
use super::InvalidData;
use super::{Direction, GraphError, NodeGraph, NodeId, NodeKind, PolygonObstacle};
use crate::geometry::{Extrusion, Point, Polygon};
use crate::search::{SearchContext, SearchOptions, Status};
use crate::{Goal, Pathfinder};
use std::collections::{BTreeSet, HashMap};

/// The radius obstacles are grown by when the buffer radius is zero: GameplayKit places the
/// nodes "a thousandth of a unit out", so that paths touch obstacles without entering them.
const ZERO_RADIUS: f64 = 0.001;

/// A graph whose nodes go around polygon obstacles (GameplayKit's `GKObstacleGraph`).
///
/// Each obstacle, grown by the buffer radius (see [`Extrusion`]), gets one node per vertex. Its
/// consecutive nodes are joined both ways unless another obstacle is in the way (its *ring
/// edges*), and every pair of nodes that see each other is joined both ways (*visibility
/// edges*): obstacle nodes with each other, and with the *user nodes* connected by
/// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles), which the graph keeps
/// connected as obstacles come and go. Whether a segment is blocked is
/// [`Polygon::blocks`](crate::geometry::Polygon::blocks) against each grown obstacle.
///
/// The graph is a [`NodeGraph`] ([`graph`](Self::graph)) of 2D points, so the shortest path
/// between two connected points is the shortest among the grown obstacles, and every search of
/// pathkit runs on it.
///
/// An [R*-tree](https://docs.rs/rstar) of the obstacles' boxes finds the few obstacles a segment
/// may meet, so a segment is not tested against every obstacle.
///
/// ```
/// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// // A wall from (2, -3) to (3, 3); agents keep 0.5 away from it.
/// let wall = PolygonObstacle::new(&[[2.0, -3.0], [3.0, -3.0], [3.0, 3.0], [2.0, 3.0]]).unwrap();
/// let mut graph = ObstacleGraph::new(&[wall.clone()], 0.5);
/// assert_eq!(graph.nodes_for_obstacle(&wall).unwrap().len(), 4);
/// let start = graph.add_point(0.0, 0.0).unwrap();
/// let goal = graph.add_point(5.0, 0.0).unwrap();
/// let path = graph.find_path(&mut SearchContext::new(), start, goal).unwrap().into_path().unwrap();
/// assert_eq!(path.nodes.len(), 4); // around two grown corners
/// assert!(path.cost > 5.0);
/// graph.remove_obstacles(&[wall]);
/// assert_eq!(graph.find_path(&mut SearchContext::new(), start, goal).unwrap().into_nodes(), Some(vec![start, goal]));
/// ```
///
/// **Saving** (feature `serde`). A graph serializes whole, so a level can ship its navigation
/// data prebuilt: the node graph (every node with its id, position and edges in order, and the
/// members), the buffer radius and extrusion, the obstacles in order with their nodes, the user
/// nodes with the obstacles each leaves out or tests raw, and the locks. The R*-tree is rebuilt on
/// loading. The loaded graph is equal to the original: it answers every query alike, keeps its
/// user nodes connected as obstacles come and go, and accepts the ids the original handed out.
/// Loading checks the data and refuses, with an [`InvalidData`](super::InvalidData) error, a
/// negative or non-finite radius, an obstacle listed twice, an obstacle without exactly one
/// node per vertex, an obstacle node that is missing, shared, or not exactly where the obstacle
/// grown by the radius puts it, a user node that is not a member 2D node at a finite position of
/// no obstacle, and locks of missing nodes.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
/// use pathkit::search::SearchContext;
/// use pathkit::Pathfinder;
///
/// let wall = PolygonObstacle::new(&[[2.0, -3.0], [3.0, -3.0], [3.0, 3.0], [2.0, 3.0]]).unwrap();
/// let mut graph = ObstacleGraph::new(&[wall.clone()], 0.5);
/// let start = graph.add_point(0.0, 0.0).unwrap();
/// let saved = serde_json::to_string(&graph).unwrap();
///
/// let mut level: ObstacleGraph = serde_json::from_str(&saved).unwrap();
/// assert_eq!(level, graph);
/// let goal = level.add_point(5.0, 0.0).unwrap(); // joined to what it sees, `start` included
/// assert_eq!(level.find_path(&mut SearchContext::new(), start, goal).unwrap().into_nodes().unwrap().len(), 4);
///
/// let forged = saved.replace("\"buffer_radius\":0.5", "\"buffer_radius\":-1.0");
/// let err = serde_json::from_str::<ObstacleGraph>(&forged).unwrap_err();
/// assert!(err.to_string().contains("buffer radius must be finite and not negative"));
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct ObstacleGraph {
    graph: NodeGraph,
    buffer_radius: f32,
    extrusion: Extrusion,
    /// Obstacles by key; keys are never reused, removed ones are `None`.
    placed: Vec<Option<Placed>>,
    /// Keys of the obstacles present, in insertion order.
    order: Vec<u32>,
    by_obstacle: HashMap<PolygonObstacle, u32>,
    /// The obstacle and vertex of every obstacle node.
    owner: HashMap<NodeId, (u32, u32)>,
    users: Vec<UserNode>,
    locks: BTreeSet<(NodeId, NodeId)>,
    index: ObstacleIndex,
}

/// An obstacle present in the graph.
#[derive(Clone, Debug)]
struct Placed {
    obstacle: PolygonObstacle,
    nodes: Vec<NodeId>,
    raw: Polygon,
    /// The grown polygon, its vertices exactly the nodes' positions.
    grown: Polygon,
    /// Whether the grown polygon is convex (and simple): then it may cast shadows.
    convex: bool,
    lo: [f64; 2],
    hi: [f64; 2],
}

/// A node connected with [`ObstacleGraph::connect_node_using_obstacles`] and what it was told to
/// leave out.
#[derive(Clone, Debug, PartialEq)]
struct UserNode {
    node: NodeId,
    ignored: Vec<PolygonObstacle>,
    unbuffered: Vec<PolygonObstacle>,
}

/// How a segment between two nodes is tested: obstacles left out, obstacles tested raw.
#[derive(Default)]
struct PairRules {
    skip: Vec<u32>,
    raw: Vec<u32>,
}

impl ObstacleGraph {
    /// A graph of these obstacles (duplicates skipped), grown by `buffer_radius` (negative values
    /// and NaN count as 0; at 0 the nodes sit a thousandth of a unit out), with GameplayKit's
    /// radial growth.
    ///
    /// **The radius is not the clearance.** GameplayKit's rule pushes each corner `buffer_radius`
    /// away from the obstacle's centre, so a path beside a side keeps less: `r / √2` beside a
    /// square, and almost nothing beside a long thin box or a thin wall (a box 10 long and 0.02
    /// thick grown by 0.5 keeps about 0.01). For an agent of radius `r` that must not touch
    /// obstacles, use [`with_clearance`](Self::with_clearance): every path keeps `r` from every
    /// obstacle. An infinite radius is kept, as GameplayKit keeps it: the obstacles' nodes
    /// then sit at infinity (or NaN), nothing panics, and such a graph cannot be saved and
    /// loaded back (loading refuses a radius that is not finite).
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let square = PolygonObstacle::new(&[[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0]]).unwrap();
    /// let graph = ObstacleGraph::new(&[square.clone()], -3.0);
    /// assert_eq!(graph.buffer_radius(), 0.0);
    /// let corner = graph.nodes_for_obstacle(&square).unwrap()[0];
    /// let a = 1.0 + 0.001 / 2f32.sqrt();
    /// assert_eq!(graph.position(corner), Ok([a, -a]));
    /// ```
    #[must_use]
    pub fn new(obstacles: &[PolygonObstacle], buffer_radius: f32) -> Self {
        Self::with_extrusion(obstacles, buffer_radius, Extrusion::Radial)
    }

    /// A graph of these obstacles grown so that every path keeps `radius` from every obstacle
    /// ([`Extrusion::Clearance`]): each side moves `radius` out, and a thin wall becomes the
    /// rectangle `radius` around it. The call for an agent of radius `radius`; [`new`](Self::new)
    /// is GameplayKit's rule, which keeps less.
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// // A thin wall across the way from (2, 5) to (8, 5).
    /// let wall = PolygonObstacle::new(&[[2.0, 5.0], [8.0, 5.0]]).unwrap();
    /// let mut graph = ObstacleGraph::with_clearance(&[wall], 0.5);
    /// let (a, b) = (graph.add_point(5.0, 2.0)?, graph.add_point(5.0, 8.0)?);
    /// let path = graph.find_path(&mut SearchContext::new(), a, b)?.into_nodes().unwrap();
    /// // Round an end of the wall by the corners of the rectangle half a unit around it.
    /// let corners: Vec<[f32; 2]> = path[1..3].iter().map(|&n| graph.position(n)).collect::<Result<_, _>>()?;
    /// assert!(corners == [[1.5, 4.5], [1.5, 5.5]] || corners == [[8.5, 4.5], [8.5, 5.5]], "{corners:?}");
    /// # Ok::<(), pathkit::graph::GraphError>(())
    /// ```
    #[must_use]
    pub fn with_clearance(obstacles: &[PolygonObstacle], radius: f32) -> Self {
        Self::with_extrusion(obstacles, radius, Extrusion::Clearance)
    }

    /// [`new`](Self::new) with another way of growing obstacles: [`Extrusion::Mitre`] keeps
    /// paths a full radius from every side.
    ///
    /// ```
    /// use pathkit::geometry::Extrusion;
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let square = PolygonObstacle::new(&[[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0]]).unwrap();
    /// let graph = ObstacleGraph::with_extrusion(&[square.clone()], 1.0, Extrusion::Mitre);
    /// let corner = graph.nodes_for_obstacle(&square).unwrap()[1];
    /// assert_eq!(graph.position(corner), Ok([2.0, 2.0]));
    /// ```
    #[must_use]
    pub fn with_extrusion(
        obstacles: &[PolygonObstacle],
        buffer_radius: f32,
        extrusion: Extrusion,
    ) -> Self {
        let mut graph = ObstacleGraph {
            graph: NodeGraph::new(),
            buffer_radius: if buffer_radius > 0.0 {
                buffer_radius
            } else {
                0.0
            },
            extrusion,
            placed: Vec::new(),
            order: Vec::new(),
            by_obstacle: HashMap::new(),
            owner: HashMap::new(),
            users: Vec::new(),
            locks: BTreeSet::new(),
            index: ObstacleIndex::default(),
        };
        graph.add_obstacles(obstacles);
        graph
    }

    /// The node graph: nodes, members, edges, costs and every search.
    #[must_use]
    pub fn graph(&self) -> &NodeGraph {
        &self.graph
    }

    /// The buffer radius obstacles are grown by (never negative).
    #[must_use]
    pub fn buffer_radius(&self) -> f32 {
        self.buffer_radius
    }

    /// How obstacles are grown.
    #[must_use]
    pub fn extrusion(&self) -> Extrusion {
        self.extrusion
    }

    /// The obstacles, in insertion order.
    pub fn obstacles(&self) -> impl ExactSizeIterator<Item = &PolygonObstacle> + '_ {
        self.order.iter().map(|&key| &self.placed(key).obstacle)
    }

    /// The nodes of an obstacle in the graph, one per vertex in vertex order; `None` for an
    /// obstacle not in the graph.
    #[must_use]
    pub fn nodes_for_obstacle(&self, obstacle: &PolygonObstacle) -> Option<&[NodeId]> {
        let key = *self.by_obstacle.get(obstacle)?;
        Some(&self.placed(key).nodes)
    }

    /// An obstacle grown by the buffer radius, as its nodes sit: the polygon paths go around.
    #[must_use]
    pub fn grown_obstacle(&self, obstacle: &PolygonObstacle) -> Option<&Polygon> {
        let key = *self.by_obstacle.get(obstacle)?;
        Some(&self.placed(key).grown)
    }

    /// A node's position.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`] for a node of another graph, [`GraphError::KindMismatch`] for a
    /// node without a 2D position.
    pub fn position(&self, node: NodeId) -> Result<[f32; 2], GraphError> {
        match self.graph.kind(node)? {
            NodeKind::Point2(x, y) => Ok([x, y]),
            _ => Err(GraphError::KindMismatch {
                node,
                expected: "2D point",
            }),
        }
    }

    fn placed(&self, key: u32) -> &Placed {
        self.placed[key as usize]
            .as_ref()
            .expect("every key in `order` and `by_obstacle` is placed")
    }

    /// Adds the obstacles not in the graph yet, in order (GameplayKit's `addObstacles:`): their
    /// nodes, ring edges and visibility edges to every obstacle node and user node they see. Then
    /// every edge that crosses a new obstacle is deleted, unless its ordered pair is
    /// [locked](Self::lock_connection).
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let mut graph = ObstacleGraph::new(&[], 1.0);
    /// let a = graph.add_point(0.0, 0.0).unwrap();
    /// let b = graph.add_point(10.0, 0.0).unwrap();
    /// assert!(graph.graph().has_connection(a, b).unwrap());
    /// let block = PolygonObstacle::new(&[[4.0, -1.0], [6.0, -1.0], [6.0, 1.0], [4.0, 1.0]]).unwrap();
    /// graph.add_obstacles(&[block.clone(), block]); // the second is the same obstacle: skipped
    /// assert_eq!(graph.obstacles().len(), 1);
    /// assert!(!graph.graph().has_connection(a, b).unwrap());
    /// ```
    pub fn add_obstacles(&mut self, obstacles: &[PolygonObstacle]) {
        let first_new = self.order.len();
        for obstacle in obstacles {
            if self.by_obstacle.contains_key(obstacle) {
                continue;
            }
            self.place(obstacle.clone());
        }
        let new_keys: Vec<u32> = self.order[first_new..].to_vec();
        if new_keys.is_empty() {
            return;
        }
        // Nodes of the new obstacles, and every node they may be joined to.
        let new_nodes: Vec<NodeId> = new_keys
            .iter()
            .flat_map(|&key| self.placed(key).nodes.iter().copied())
            .collect();
        // The edges that may cross a new obstacle, found before any is added.
        let crossing = self.edges_crossing(&new_keys);
        // Each new node with every node after it in the list, where the old ones come last.
        let fresh: HashMap<NodeId, usize> =
            new_nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let pairs = self.pairs_in_sight(
            |x| fresh.contains_key(&x),
            |x, y| match (fresh.get(&x), fresh.get(&y)) {
                (Some(i), Some(j)) => i < j,
                (Some(_), None) => true,
                _ => false,
            },
            |_, _| true,
            None,
        );
        for (x, y) in pairs {
            self.link_both(x, y);
        }
        for (from, to) in crossing {
            if !self.locks.contains(&(from, to)) {
                self.graph
                    .remove_connections(from, &[to], Direction::OneWay)
                    .expect("both nodes belong to this graph");
            }
        }
    }

    /// Puts an obstacle in: its key, grown polygon, nodes (members) and box.
    fn place(&mut self, obstacle: PolygonObstacle) {
        let raw = obstacle.polygon();
        let positions = self.grown_positions(&raw);
        let nodes: Vec<NodeId> = positions
            .iter()
            .map(|&[x, y]| self.graph.add_node(NodeKind::Point2(x, y)))
            .collect();
        let key = self.placed.len() as u32;
        for (vertex, &node) in nodes.iter().enumerate() {
            self.owner.insert(node, (key, vertex as u32));
        }
        self.insert_placed(obstacle, raw, &positions, nodes);
    }

    /// Where the nodes of an obstacle (`raw`) go: its vertices grown by the buffer radius.
    fn grown_positions(&self, raw: &Polygon) -> Vec<[f32; 2]> {
        let radius = if self.buffer_radius > 0.0 {
            f64::from(self.buffer_radius)
        } else {
            ZERO_RADIUS
        };
        raw.extruded(radius, self.extrusion)
            .points()
            .iter()
            .map(|p| p.to_f32())
            .collect()
    }

    /// Records an obstacle whose nodes (at `positions`) are in the graph and in `owner` under
    /// the next key: its grown polygon, box, and place in the index and the lists.
    fn insert_placed(
        &mut self,
        obstacle: PolygonObstacle,
        raw: Polygon,
        positions: &[[f32; 2]],
        nodes: Vec<NodeId>,
    ) {
        let key = self.placed.len() as u32;
        let grown = Polygon::new(positions.iter().map(|&p| Point::from_f32(p)).collect());
        let (lo1, hi1) = raw.bounds();
        let (lo2, hi2) = grown.bounds();
        let lo = [lo1.x.min(lo2.x), lo1.y.min(lo2.y)];
        let hi = [hi1.x.max(hi2.x), hi1.y.max(hi2.y)];
        self.index.insert(key, lo, hi);
        self.by_obstacle.insert(obstacle.clone(), key);
        self.order.push(key);
        let convex = is_convex(&grown);
        self.placed.push(Some(Placed {
            obstacle,
            nodes,
            raw,
            grown,
            convex,
            lo,
            hi,
        }));
    }

    /// The members that obstacles keep connected: obstacle nodes and user nodes.
    fn linkable_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.order
            .iter()
            .flat_map(|&key| self.placed(key).nodes.iter().copied())
            .chain(self.users.iter().map(|user| user.node))
            .filter(|&node| self.graph.is_member(node).unwrap_or(false))
    }

    /// Every edge (between two 2D nodes) that one of these obstacles blocks, under the rules of
    /// its two ends.
    fn edges_crossing(&self, keys: &[u32]) -> Vec<(NodeId, NodeId)> {
        let mut crossing = Vec::new();
        for from in self.graph.all_nodes() {
            let Some(a) = self.point(from) else { continue };
            for &to in self
                .graph
                .connected_nodes(from)
                .expect("a node of this graph")
            {
                let Some(b) = self.point(to) else { continue };
                let rules = self.rules(from, to);
                let blocked = keys.iter().any(|&key| {
                    let placed = self.placed(key);
                    !rules.skip.contains(&key)
                        && segment_meets_box(a, b, placed.lo, placed.hi)
                        && self.polygon_for(key, &rules).blocks(a, b)
                });
                if blocked {
                    crossing.push((from, to));
                }
            }
        }
        crossing
    }

    fn point(&self, node: NodeId) -> Option<Point> {
        match self.graph.kind(node) {
            Ok(NodeKind::Point2(x, y)) => Some(Point::from_f32([x, y])),
            _ => None,
        }
    }

    fn polygon_for(&self, key: u32, rules: &PairRules) -> &Polygon {
        let placed = self.placed(key);
        if rules.raw.contains(&key) {
            &placed.raw
        } else {
            &placed.grown
        }
    }

    /// What a segment between `a` and `b` is tested against: an obstacle's ring edge leaves its
    /// own obstacle out; a user node leaves out what it was told to, on either end.
    fn rules(&self, a: NodeId, b: NodeId) -> PairRules {
        let mut rules = PairRules::default();
        if let (Some(&(ka, va)), Some(&(kb, vb))) = (self.owner.get(&a), self.owner.get(&b)) {
            let n = self.placed(ka).nodes.len() as u32;
            if ka == kb && ((va + 1) % n == vb || (vb + 1) % n == va) {
                rules.skip.push(ka);
            }
        }
        for user in self.users.iter().filter(|u| u.node == a || u.node == b) {
            let keys = |list: &[PolygonObstacle]| -> Vec<u32> {
                list.iter()
                    .filter_map(|o| self.by_obstacle.get(o).copied())
                    .collect()
            };
            rules.skip.extend(keys(&user.ignored));
            rules.raw.extend(keys(&user.unbuffered));
        }
        rules
    }

    /// Whether nothing blocks the segment between two 2D nodes, under their rules.
    fn sees(&self, a: NodeId, b: NodeId) -> bool {
        #[cfg(test)]
        tests::SIGHT_TESTS.with(|c| c.set(c.get() + 1));
        let (Some(pa), Some(pb)) = (self.point(a), self.point(b)) else {
            return false;
        };
        let rules = self.rules(a, b);
        self.clear(pa, pb, &rules)
    }

    fn clear(&self, a: Point, b: Point, rules: &PairRules) -> bool {
        !self
            .index
            .along(a, b)
            .any(|key| !rules.skip.contains(&key) && self.polygon_for(key, rules).blocks(a, b))
    }

    fn link_both(&mut self, a: NodeId, b: NodeId) {
        self.graph
            .add_connections(a, &[b], Direction::BothWays)
            .expect("both nodes belong to this graph");
    }

    /// Removes the obstacles in the graph, with their nodes and all their edges (GameplayKit's
    /// `removeObstacles:`). Then every pair of remaining obstacle or user nodes that now see each
    /// other is joined both ways again: the edges the removed obstacles had cut come back. Plain
    /// nodes get nothing back. Obstacles not in the graph are skipped.
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let block = PolygonObstacle::new(&[[4.0, -1.0], [6.0, -1.0], [6.0, 1.0], [4.0, 1.0]]).unwrap();
    /// let mut graph = ObstacleGraph::new(&[block.clone()], 1.0);
    /// let (a, b) = (graph.add_point(0.0, 0.0).unwrap(), graph.add_point(10.0, 0.0).unwrap());
    /// assert!(!graph.graph().has_connection(a, b).unwrap());
    /// graph.remove_obstacles(&[block]);
    /// assert!(graph.graph().has_connection(a, b).unwrap());
    /// assert_eq!(graph.graph().nodes(), &[a, b]); // the obstacle's nodes are gone
    /// ```
    pub fn remove_obstacles(&mut self, obstacles: &[PolygonObstacle]) {
        let mut boxes = Vec::new();
        for obstacle in obstacles {
            let Some(key) = self.by_obstacle.remove(obstacle) else {
                continue;
            };
            let placed = self.placed[key as usize]
                .take()
                .expect("a key in `by_obstacle` is placed");
            self.graph
                .remove_nodes(&placed.nodes)
                .expect("the obstacle's nodes belong to this graph");
            for node in &placed.nodes {
                self.owner.remove(node);
            }
            self.index.remove(key, placed.lo, placed.hi);
            self.order.retain(|&k| k != key);
            boxes.push((placed.lo, placed.hi));
        }
        // A pair joined again passes through a removed obstacle's box: from each node, only
        // the directions into a box are walked, box by box.
        let mut pairs = BTreeSet::new();
        for &(lo, hi) in &boxes {
            pairs.extend(self.pairs_in_sight(
                |_| true,
                |x, y| x < y,
                |px, py| segment_meets_box(px, py, lo, hi),
                Some((lo, hi)),
            ));
        }
        for (x, y) in pairs {
            self.link_both(x, y);
        }
    }

    /// Every pair of linkable nodes (obstacle and user nodes) that `wanted` asks for (in one
    /// order or the other, at most one of them), whose segment `near` accepts, and that see each
    /// other; in a fixed order. Every pair wanted has a `source` at one end at least.
    ///
    /// A [`SightGrid`] walk from each node skips the nodes behind obstacles; user nodes told to
    /// leave obstacles out (or test them raw) are tested with every node instead, since an
    /// obstacle's shadow is not theirs.
    fn pairs_in_sight(
        &self,
        source: impl Fn(NodeId) -> bool,
        wanted: impl Fn(NodeId, NodeId) -> bool,
        near: impl Fn(Point, Point) -> bool,
        window: Option<([f64; 2], [f64; 2])>,
    ) -> Vec<(NodeId, NodeId)> {
        let nodes: Vec<(NodeId, Point)> = self
            .linkable_nodes()
            .filter_map(|node| Some((node, self.point(node)?)))
            .collect();
        let special = |node: NodeId| {
            self.users
                .iter()
                .any(|u| u.node == node && !(u.ignored.is_empty() && u.unbuffered.is_empty()))
        };
        let (plain, odd): (Vec<usize>, Vec<usize>) =
            (0..nodes.len()).partition(|&i| !special(nodes[i].0));
        // A node deep inside another convex obstacle sees no node under the plain rules: left
        // out of the walks (as source and as target), it spares a walk that no shadow shuts.
        let plain: Vec<usize> = plain
            .into_iter()
            .filter(|&i| !self.buried(nodes[i].0, nodes[i].1))
            .collect();
        let points: Vec<Point> = plain.iter().map(|&i| nodes[i].1).collect();
        let boxes: Vec<(u32, [f64; 2], [f64; 2])> = self
            .order
            .iter()
            .map(|&key| (key, self.placed(key).lo, self.placed(key).hi))
            .collect();
        let mut grid = SightGrid::new(&points, &boxes);
        let mut pairs = Vec::new();
        let mut test = |(x, px): (NodeId, Point), (y, py): (NodeId, Point)| {
            let ordered = if wanted(x, y) {
                Some((x, y))
            } else if wanted(y, x) {
                Some((y, x))
            } else {
                None
            };
            if let Some((a, b)) = ordered {
                if near(px, py) && self.sees(a, b) {
                    pairs.push((a, b));
                }
            }
        };
        let mut met = Vec::new();
        for (k, &i) in plain.iter().enumerate() {
            let (x, px) = nodes[i];
            if !source(x) {
                continue;
            }
            let own = self.owner.get(&x).map(|&(key, _)| key);
            met.clear();
            grid.walk(
                px,
                window,
                |key| {
                    let placed = self.placed(key);
                    (Some(key) != own && placed.convex).then_some(&placed.grown)
                },
                |j| {
                    // A pair of sources is met from the first of the two.
                    let j = j as usize;
                    if j > k || (j < k && !source(nodes[plain[j]].0)) {
                        met.push(j);
                    }
                },
            );
            met.sort_unstable();
            for &j in &met {
                test(nodes[i], nodes[plain[j]]);
            }
        }
        for &i in &odd {
            for (j, &other) in nodes.iter().enumerate() {
                // Each odd node meets every plain node here, and every other odd node once.
                if j != i && (!special(other.0) || j > i) {
                    test(nodes[i], other);
                }
            }
        }
        pairs
    }

    /// Whether `node` (at `p`) lies deep inside the grown polygon of a convex obstacle other than
    /// its own ([`deep_inside`]): then every segment from it, to any point, is blocked by that
    /// obstacle under the plain rules (which test every other obstacle grown), and it sees
    /// nothing. Heavily overlapping obstacles bury most of their nodes this way.
    fn buried(&self, node: NodeId, p: Point) -> bool {
        let own = self.owner.get(&node).map(|&(key, _)| key);
        self.index.along(p, p).any(|key| {
            let placed = self.placed(key);
            Some(key) != own && placed.convex && deep_inside(&placed.grown, p)
        })
    }

    /// Removes every obstacle and its nodes (GameplayKit's `removeAllObstacles`).
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let tri = PolygonObstacle::new(&[[0.0, 0.0], [2.0, 0.0], [1.0, 2.0]]).unwrap();
    /// let mut graph = ObstacleGraph::new(&[tri], 0.5);
    /// assert_eq!(graph.graph().nodes().len(), 3);
    /// graph.remove_all_obstacles();
    /// assert_eq!((graph.obstacles().len(), graph.graph().nodes().len()), (0, 0));
    /// ```
    pub fn remove_all_obstacles(&mut self) {
        let all: Vec<PolygonObstacle> = self.obstacles().cloned().collect();
        self.remove_obstacles(&all);
    }

    /// Adds a 2D node at `(x, y)` and connects it with
    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles): the usual way to put
    /// a start or a goal in.
    ///
    /// # Errors
    /// [`GraphError::NonFinite`] for a NaN or infinite coordinate; then no node is created and
    /// the graph is unchanged.
    ///
    /// ```
    /// use pathkit::graph::{GraphError, ObstacleGraph};
    ///
    /// let mut graph = ObstacleGraph::new(&[], 1.0);
    /// graph.add_point(0.0, 0.0)?;
    /// let before = graph.clone();
    /// let err = graph.add_point(3.0, f32::NAN).unwrap_err();
    /// assert!(matches!(err, GraphError::NonFinite { what: "y", .. }));
    /// assert_eq!(graph, before);
    /// # Ok::<(), GraphError>(())
    /// ```
    pub fn add_point(&mut self, x: f32, y: f32) -> Result<NodeId, GraphError> {
        GraphError::check_finite([("x", x), ("y", y)])?;
        let node = self.graph.create_node(NodeKind::Point2(x, y));
        self.connect_node_using_obstacles(node)?;
        Ok(node)
    }

    /// Makes `node` (a 2D node) a member connected both ways to every member it sees, "as if it
    /// had been present when the graph was made" (GameplayKit's `connectNodeUsingObstacles:`).
    /// The graph remembers it as a user node and keeps its visibility edges current as obstacles
    /// are added and removed; [`remove_nodes`](Self::remove_nodes) forgets it.
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let block = PolygonObstacle::new(&[[4.0, -1.0], [6.0, -1.0], [6.0, 1.0], [4.0, 1.0]]).unwrap();
    /// let mut graph = ObstacleGraph::new(&[block.clone()], 0.5);
    /// let start = graph.add_point(0.0, 0.0).unwrap();
    /// // Visible from (0, 0): the two grown corners on its side; the far two are hidden.
    /// assert_eq!(graph.graph().connected_nodes(start).unwrap().len(), 2);
    /// ```
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`], [`GraphError::KindMismatch`] for a node without a 2D
    /// position, [`GraphError::NonFinite`] for a node at a NaN or infinite position (made with
    /// [`create_node`](Self::create_node)), [`GraphError::ObstacleNode`] for an obstacle's own
    /// node; the graph is unchanged then.
    pub fn connect_node_using_obstacles(&mut self, node: NodeId) -> Result<(), GraphError> {
        self.connect_user(node, &[], &[])
    }

    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles), leaving these
    /// obstacles out of its visibility tests (a start or goal inside an obstacle), now and when
    /// the graph later updates the node's edges.
    ///
    /// # Errors
    /// As [`connect_node_using_obstacles`](Self::connect_node_using_obstacles).
    pub fn connect_node_using_obstacles_ignoring(
        &mut self,
        node: NodeId,
        ignored: &[PolygonObstacle],
    ) -> Result<(), GraphError> {
        self.connect_user(node, ignored, &[])
    }

    /// [`connect_node_using_obstacles`](Self::connect_node_using_obstacles), testing these
    /// obstacles as they are, not grown by the buffer radius (a node in an obstacle's buffer).
    ///
    /// # Errors
    /// As [`connect_node_using_obstacles`](Self::connect_node_using_obstacles).
    pub fn connect_node_using_obstacles_ignoring_buffer(
        &mut self,
        node: NodeId,
        unbuffered: &[PolygonObstacle],
    ) -> Result<(), GraphError> {
        self.connect_user(node, &[], unbuffered)
    }

    fn connect_user(
        &mut self,
        node: NodeId,
        ignored: &[PolygonObstacle],
        unbuffered: &[PolygonObstacle],
    ) -> Result<(), GraphError> {
        let [x, y] = self.position(node)?;
        GraphError::check_finite([("x", x), ("y", y)])?;
        if self.owner.contains_key(&node) {
            return Err(GraphError::ObstacleNode { node });
        }
        self.graph.add_nodes(&[node])?;
        let user = UserNode {
            node,
            ignored: ignored.to_vec(),
            unbuffered: unbuffered.to_vec(),
        };
        match self.users.iter_mut().find(|u| u.node == node) {
            Some(known) => *known = user,
            None => self.users.push(user),
        }
        let members: Vec<NodeId> = self.graph.nodes().to_vec();
        for other in members {
            if other != node && self.sees(node, other) {
                self.link_both(node, other);
            }
        }
        Ok(())
    }

    /// Creates a node that is not a member and has no edges (as [`NodeGraph::create_node`]).
    ///
    /// ```
    /// use pathkit::graph::{NodeKind, ObstacleGraph};
    ///
    /// let mut graph = ObstacleGraph::new(&[], 1.0);
    /// let node = graph.create_node(NodeKind::Point2(1.0, 2.0));
    /// assert_eq!(graph.graph().is_member(node), Ok(false));
    /// ```
    pub fn create_node(&mut self, kind: NodeKind) -> NodeId {
        self.graph.create_node(kind)
    }

    /// Makes nodes members without connecting them (as [`NodeGraph::add_nodes`]): such plain
    /// members keep the edges given them, lose those an added obstacle crosses (unless locked),
    /// and get none back.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn add_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        self.graph.add_nodes(nodes)
    }

    /// Removes nodes from the graph with their edges (as [`NodeGraph::remove_nodes`]) and forgets
    /// the user nodes among them.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn remove_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        self.graph.remove_nodes(nodes)?;
        self.users.retain(|u| !nodes.contains(&u.node));
        Ok(())
    }

    /// Adds edges (as [`NodeGraph::add_connections`]).
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.graph.add_connections(from, to, direction)
    }

    /// Deletes edges (as [`NodeGraph::remove_connections`]).
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        self.graph.remove_connections(from, to, direction)
    }

    /// Locks the edge `from` → `to` (that ordered pair only): adding an obstacle that crosses it
    /// keeps it. A lock creates no edge.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeKind, ObstacleGraph, PolygonObstacle};
    ///
    /// let mut graph = ObstacleGraph::new(&[], 1.0);
    /// let a = graph.create_node(NodeKind::Point2(0.0, 0.0));
    /// let b = graph.create_node(NodeKind::Point2(10.0, 0.0));
    /// graph.add_nodes(&[a, b]).unwrap();
    /// graph.add_connections(a, &[b], Direction::BothWays).unwrap();
    /// graph.lock_connection(a, b).unwrap();
    /// let block = PolygonObstacle::new(&[[4.0, -1.0], [6.0, -1.0], [6.0, 1.0], [4.0, 1.0]]).unwrap();
    /// graph.add_obstacles(&[block]);
    /// assert!(graph.graph().has_connection(a, b).unwrap()); // locked: kept
    /// assert!(!graph.graph().has_connection(b, a).unwrap()); // not locked: cut
    /// assert!(graph.is_connection_locked(a, b).unwrap());
    /// ```
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn lock_connection(&mut self, from: NodeId, to: NodeId) -> Result<(), GraphError> {
        self.graph.kind(from)?;
        self.graph.kind(to)?;
        self.locks.insert((from, to));
        Ok(())
    }

    /// Unlocks the edge `from` → `to`.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn unlock_connection(&mut self, from: NodeId, to: NodeId) -> Result<(), GraphError> {
        self.graph.kind(from)?;
        self.graph.kind(to)?;
        self.locks.remove(&(from, to));
        Ok(())
    }

    /// Whether the edge `from` → `to` is locked: `false` if never locked, or unlocked since.
    ///
    /// # Errors
    /// [`GraphError::ForeignNode`].
    pub fn is_connection_locked(&self, from: NodeId, to: NodeId) -> Result<bool, GraphError> {
        self.graph.kind(from)?;
        self.graph.kind(to)?;
        Ok(self.locks.contains(&(from, to)))
    }
}

/// Loading (feature `serde`): the graph is rebuilt part by part, each part checked against what
/// the graph's own operations would have made, so that saved data cannot make a graph that
/// answers differently from one built by calls, or that panics later.
#[cfg(feature = "serde")]
impl ObstacleGraph {
    /// A graph around a loaded node graph, without obstacles, user nodes or locks yet.
    pub(crate) fn restore(
        graph: NodeGraph,
        buffer_radius: f32,
        extrusion: Extrusion,
    ) -> Result<Self, InvalidData> {
        if !(buffer_radius.is_finite() && buffer_radius >= 0.0) {
            return Err(InvalidData::InvalidBufferRadius);
        }
        Ok(ObstacleGraph {
            graph,
            // -0.0 is saved as the 0.0 `new` keeps.
            buffer_radius: buffer_radius + 0.0,
            extrusion,
            placed: Vec::new(),
            order: Vec::new(),
            by_obstacle: HashMap::new(),
            owner: HashMap::new(),
            users: Vec::new(),
            locks: BTreeSet::new(),
            index: ObstacleIndex::default(),
        })
    }

    /// Adds the next obstacle of the saved list with its saved nodes (slot indices of the node
    /// graph, one per vertex): each an existing node of no other vertex, at exactly the position
    /// [`add_obstacles`](Self::add_obstacles) would give it. Edges are the node graph's, as
    /// saved. On an error the graph is left half built, to be dropped.
    pub(crate) fn restore_obstacle(
        &mut self,
        obstacle: PolygonObstacle,
        nodes: &[u32],
    ) -> Result<(), InvalidData> {
        let index = self.order.len();
        if let Some(&first) = self.by_obstacle.get(&obstacle) {
            let first = self.order.iter().position(|&k| k == first).unwrap_or(0);
            return Err(InvalidData::DuplicateObstacle {
                obstacle: index,
                first,
            });
        }
        if nodes.len() != obstacle.len() {
            return Err(InvalidData::ObstacleNodeCount {
                obstacle: index,
                vertices: obstacle.len(),
                nodes: nodes.len(),
            });
        }
        let raw = obstacle.polygon();
        let positions = self.grown_positions(&raw);
        let key = self.placed.len() as u32;
        let mut ids = Vec::with_capacity(nodes.len());
        for (vertex, (&slot, &[x, y])) in nodes.iter().zip(&positions).enumerate() {
            let bad = |reason| InvalidData::InvalidObstacleNode {
                obstacle: index,
                vertex,
                node: slot,
                reason,
            };
            let Some(entry) = self.graph.entries.get(slot as usize) else {
                return Err(bad("is not a node"));
            };
            let id = entry.id;
            if self.owner.insert(id, (key, vertex as u32)).is_some() {
                return Err(bad("is listed for another vertex too"));
            }
            // Bit for bit: the same arithmetic on the same input gives the same position.
            match self.graph.kinds[slot as usize] {
                NodeKind::Point2(px, py)
                    if px.to_bits() == x.to_bits() && py.to_bits() == y.to_bits() => {}
                _ => return Err(bad("is not at the vertex's grown position")),
            }
            ids.push(id);
        }
        self.insert_placed(obstacle, raw, &positions, ids);
        Ok(())
    }

    /// Adds the saved user nodes (after the obstacles), each a member 2D node at a finite
    /// position (as [`connect_node_using_obstacles`](Self::connect_node_using_obstacles) takes
    /// them) that is no obstacle's, listed once, with the obstacles it leaves out and tests raw.
    pub(crate) fn restore_users(
        &mut self,
        users: Vec<(u32, Vec<PolygonObstacle>, Vec<PolygonObstacle>)>,
    ) -> Result<(), InvalidData> {
        let mut seen = std::collections::HashSet::new();
        for (slot, ignored, unbuffered) in users {
            let bad = |reason| InvalidData::InvalidUserNode { node: slot, reason };
            let Some(entry) = self.graph.entries.get(slot as usize) else {
                return Err(bad("is not a node"));
            };
            let node = entry.id;
            match self.graph.kinds[slot as usize] {
                NodeKind::Point2(x, y) if x.is_finite() && y.is_finite() => {}
                NodeKind::Point2(..) => return Err(bad("is not at a finite position")),
                _ => return Err(bad("is not a 2D point")),
            }
            if self.owner.contains_key(&node) {
                return Err(bad("is an obstacle's node"));
            }
            if !entry.member {
                return Err(bad("is not a member"));
            }
            if !seen.insert(slot) {
                return Err(bad("is listed twice"));
            }
            self.users.push(UserNode {
                node,
                ignored,
                unbuffered,
            });
        }
        Ok(())
    }

    /// Adds the saved locks, ordered pairs of slot indices, each listed once.
    pub(crate) fn restore_locks(&mut self, locks: &[(u32, u32)]) -> Result<(), InvalidData> {
        for &(from, to) in locks {
            let id = |slot: u32| match self.graph.entries.get(slot as usize) {
                Some(entry) => Ok(entry.id),
                None => Err(InvalidData::MissingLockNode { node: slot }),
            };
            let pair = (id(from)?, id(to)?);
            if !self.locks.insert(pair) {
                return Err(InvalidData::DuplicateLock { from, to });
            }
        }
        Ok(())
    }

    /// The user nodes in the order they were first connected, with the obstacles each leaves
    /// out and tests raw.
    pub(crate) fn saved_users(
        &self,
    ) -> impl Iterator<Item = (NodeId, &[PolygonObstacle], &[PolygonObstacle])> + '_ {
        self.users
            .iter()
            .map(|u| (u.node, &u.ignored[..], &u.unbuffered[..]))
    }

    /// The locked connections, in id order.
    pub(crate) fn saved_locks(&self) -> impl Iterator<Item = (NodeId, NodeId)> + '_ {
        self.locks.iter().copied()
    }
}

impl PartialEq for ObstacleGraph {
    /// Equal when both have equal node graphs (the same nodes, ids included, payloads, edges in
    /// order and members in order), the same buffer radius and extrusion, the same obstacles in
    /// the same order on the same nodes, the same user nodes (in the order first connected,
    /// leaving out and testing raw the same obstacles) and the same locks. Equal graphs answer
    /// every query alike, and stay equal under the same operations (up to the ids of nodes
    /// created afterwards, which each graph tags as its own).
    ///
    /// ```
    /// use pathkit::graph::{ObstacleGraph, PolygonObstacle};
    ///
    /// let wall = PolygonObstacle::new(&[[0.0, 0.0], [0.0, 4.0]]).unwrap();
    /// let mut graph = ObstacleGraph::new(&[wall], 1.0);
    /// let copy = graph.clone();
    /// assert_eq!(copy, graph);
    /// graph.add_point(-2.0, 2.0).unwrap();
    /// assert_ne!(copy, graph);
    /// ```
    fn eq(&self, other: &Self) -> bool {
        self.graph == other.graph
            && self.buffer_radius.to_bits() == other.buffer_radius.to_bits()
            && self.extrusion == other.extrusion
            && self.order.len() == other.order.len()
            && self.order.iter().zip(&other.order).all(|(&a, &b)| {
                let (a, b) = (self.placed(a), other.placed(b));
                a.obstacle == b.obstacle && a.nodes == b.nodes
            })
            && self.users == other.users
            && self.locks == other.locks
    }
}

/// Whether a polygon is convex and simple: every turn the same way (or straight), once around.
fn is_convex(polygon: &Polygon) -> bool {
    let points = polygon.points();
    let n = points.len();
    if n < 3 || polygon.signed_area() == 0.0 {
        return false;
    }
    let (mut left, mut right, mut turning) = (false, false, 0.0f64);
    for k in 0..n {
        let (a, b, c) = (points[k], points[(k + 1) % n], points[(k + 2) % n]);
        let (u, v) = (b - a, c - b);
        if u.length() == 0.0 || v.length() == 0.0 {
            return false;
        }
        let turn = u.cross(v);
        left |= turn > 0.0;
        right |= turn < 0.0;
        turning += turn.atan2(u.dot(v));
    }
    !(left && right) && (turning.abs() - std::f64::consts::TAU).abs() < 1e-6
}

/// Whether `p` lies inside the convex polygon `polygon` by a wide margin: at least 1e-5 of the
/// polygon's extent from the line of every side, with no side shorter than 1e-3 of the extent.
///
/// Then the visibility rule ([`Polygon::blocks`]) blocks every segment from `p` to any other point
/// `q`, and the floating-point tests it is made of say so too: with `q` inside the polygon or
/// near it, the segment's midpoint lies at least a quarter of that margin inside (rule 2);
/// farther out, the segment leaves through a side it crosses at an angle the margin bounds from
/// below, and `q` lies off that side's line by far more than rounding (rule 1), or it leaves
/// through a vertex, whose two sides lie clearly on both sides of the segment (rule 1 on one of
/// them, or rule 3). The margins are a million times the rounding of those tests.
fn deep_inside(polygon: &Polygon, p: Point) -> bool {
    let points = polygon.points();
    let n = points.len();
    let area = polygon.signed_area();
    let (lo, hi) = polygon.bounds();
    let extent = (hi.x - lo.x).max(hi.y - lo.y);
    if n < 3 || !(extent > 0.0 && extent.is_finite() && area.is_finite()) || area == 0.0 {
        return false;
    }
    let turn = area.signum();
    (0..n).all(|k| {
        let (u, v) = (points[k], points[(k + 1) % n]);
        let side = (v - u).length();
        side >= 1e-3 * extent && turn * (v - u).cross(p - u) >= 1e-5 * extent * side
    })
}

/// Searches the graph's nodes along its edges, as [`NodeGraph`]'s [`Pathfinder`] does (A* with the
/// Euclidean estimate, the same tie rule).
///
/// # Errors
/// As [`NodeGraph`]'s.
impl Pathfinder for ObstacleGraph {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// Visibility tests (`sees`) made on this thread.
        pub(super) static SIGHT_TESTS: Cell<u64> = const { Cell::new(0) };
    }

    /// `count` convex triangles and quadrilaterals 1 to 4 units across, centred in a square
    /// `side` wide.
    fn pile(count: usize, side: f32) -> Vec<PolygonObstacle> {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut unit = move || {
            crate::test_random::xorshift(&mut state);
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        (0..count)
            .map(|_| {
                let (cx, cy) = (unit() * side, unit() * side);
                let corners = 3 + (unit() * 2.0) as usize;
                let (radius, turn) = (0.5 + unit() * 1.5, unit() * std::f32::consts::TAU);
                let points: Vec<[f32; 2]> = (0..corners)
                    .map(|k| {
                        let a = turn + k as f32 * std::f32::consts::TAU / corners as f32;
                        [cx + radius * a.cos(), cy + radius * a.sin()]
                    })
                    .collect();
                PolygonObstacle::new(&points).unwrap()
            })
            .collect()
    }

    #[test]
    fn buried_nodes_cost_no_visibility_tests() {
        // 2,000 obstacles piled in a 10 x 10 square: about 7,000 nodes, nearly all deep inside
        // other obstacles. Walking from every node until shadows close the view takes 3.2
        // million tests (no obstacle casts a shadow from inside it); the hundred nodes on the
        // outside of the pile take about 1,500.
        let obstacles = pile(2_000, 10.0);
        SIGHT_TESTS.with(|c| c.set(0));
        let graph = ObstacleGraph::new(&obstacles, 0.5);
        let tests = SIGHT_TESTS.with(Cell::get);
        let nodes = graph.graph().nodes().len();
        let buried = graph
            .graph()
            .nodes()
            .iter()
            .filter(|&&n| graph.buried(n, graph.point(n).unwrap()))
            .count();
        assert!(
            nodes > 6_500 && buried > nodes * 9 / 10,
            "{buried} of {nodes} buried"
        );
        assert!(
            tests < 20 * (nodes - buried) as u64 + 20_000,
            "{tests} visibility tests"
        );
    }

    #[test]
    fn deep_inside_keeps_a_margin_from_every_side() {
        let p = Point::new;
        let square = Polygon::new(vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)]);
        let clockwise = Polygon::new(square.points().iter().rev().copied().collect());
        for polygon in [&square, &clockwise] {
            assert!(deep_inside(polygon, p(2.0, 2.0)));
            assert!(deep_inside(polygon, p(0.001, 3.999)));
            assert!(!deep_inside(polygon, p(0.00001, 2.0))); // within the margin
            assert!(!deep_inside(polygon, p(0.0, 2.0))); // on a side
            assert!(!deep_inside(polygon, p(-1.0, 2.0)));
            assert!(!deep_inside(polygon, p(f64::NAN, 2.0)));
        }
        // A side shorter than a thousandth of the polygon: no margin is trusted.
        let notched = Polygon::new(vec![
            p(0.0, 0.0),
            p(4.0, 0.0),
            p(4.0, 4.0),
            p(0.0, 4.0),
            p(0.0, 0.001),
        ]);
        assert!(!deep_inside(&notched, p(2.0, 2.0)));
        let wall = Polygon::new(vec![p(0.0, 0.0), p(4.0, 0.0)]);
        assert!(!deep_inside(&wall, p(2.0, 0.0)));
    }
}
