//! [`GraphMap`]: a GameplayKit node graph (waypoints joined by connections) as the plugin's map.

use crate::nav_map::{Edit, NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use bevy_ecs::component::Component;
use bevy_math::Vec3;
use pathkit::graph::{Direction, GraphError, NodeGraph, NodeId, NodeKind};
use pathkit::search::SearchSpace as _;
use pathkit::search::{IndexedSpace, SearchContext, Stepper};
use std::sync::Arc;

/// A waypoint graph (pathkit's [`NodeGraph`], GameplayKit's `GKGraph`) in the world: a node of
/// kind [`NodeKind::Point2`] `(x, y)` stands at `(x, y, 0)`, [`NodeKind::Point3`] at
/// `(x, y, z)`, [`NodeKind::Cell`] `(x, y)` at `(x, y, 0)`, and a [`NodeKind::Plain`] node at
/// the origin. A connection costs what the graph says (the distance between positioned nodes).
///
/// Edit it through [`add_connections`](Self::add_connections),
/// [`remove_connections`](Self::remove_connections) and [`remove_nodes`](Self::remove_nodes):
/// a connection gone re-plans the paths through the node it left, a connection added the paths
/// it could shorten (the graph's admissible estimate through its node is below the rest's
/// cost).
///
/// ```
/// use bevy_app::App;
/// use pathkit::graph::{Direction, NodeGraph, NodeKind};
/// use pathkit_bevy::{GraphMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
///
/// let mut graph = NodeGraph::new();
/// let [a, b, c] = [(0.0, 0.0), (4.0, 3.0), (8.0, 0.0)].map(|(x, y)| graph.add_node(NodeKind::Point2(x, y)));
/// graph.add_connections(b, &[a, c], Direction::BothWays)?;
/// let mut app = App::new();
/// app.add_plugins(PathkitPlugin::<GraphMap>::new(Planning::Budgeted { expansions: 100 }));
/// app.world_mut().spawn(GraphMap::new(graph));
/// let agent = app.world_mut().spawn(PathRequest::<GraphMap>::new(a, c)).id();
/// app.update();
/// let path = app.world().get::<PlannedPath<GraphMap>>(agent).unwrap();
/// assert_eq!((path.nodes.clone(), path.cost), (vec![a, b, c], 10.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct GraphMap {
    graph: Arc<NodeGraph>,
    version: u64,
    edits: Vec<Edit<NodeId>>,
}

impl GraphMap {
    /// `graph` as the map.
    pub fn new(graph: NodeGraph) -> Self {
        GraphMap {
            graph: Arc::new(graph),
            version: 0,
            edits: Vec::new(),
        }
    }

    /// The graph.
    pub fn graph(&self) -> &NodeGraph {
        &self.graph
    }

    /// Adds the connections `from` → each of `to` (and back with [`Direction::BothWays`]), as
    /// [`NodeGraph::add_connections`], and records the edit.
    ///
    /// # Errors
    ///
    /// As [`NodeGraph::add_connections`]: a node not in the graph (nothing is changed).
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit_bevy::{GraphMap, NavMap};
    ///
    /// let (graph, n) = NodeGraph::with_nodes([NodeKind::Point2(0.0, 0.0), NodeKind::Point2(1.0, 0.0)]);
    /// let mut map = GraphMap::new(graph);
    /// map.add_connections(n[0], &[n[1]], Direction::OneWay)?;
    /// assert!(map.take_edits()[0].made_cheaper());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        Arc::make_mut(&mut self.graph).add_connections(from, to, direction)?;
        self.record(from, to, direction, None, Some(0.0));
        Ok(())
    }

    /// Removes the connections `from` → each of `to` (and back with [`Direction::BothWays`]),
    /// as [`NodeGraph::remove_connections`], and records the edit.
    ///
    /// # Errors
    ///
    /// As [`NodeGraph::remove_connections`]: a node not in the graph (nothing is changed).
    pub fn remove_connections(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
    ) -> Result<(), GraphError> {
        Arc::make_mut(&mut self.graph).remove_connections(from, to, direction)?;
        self.record(from, to, direction, Some(0.0), None);
        Ok(())
    }

    /// Removes `nodes` and every connection into or out of them, as
    /// [`NodeGraph::remove_nodes`], and records the edit.
    ///
    /// # Errors
    ///
    /// As [`NodeGraph::remove_nodes`]: a node unknown to the graph (nothing is changed).
    pub fn remove_nodes(&mut self, nodes: &[NodeId]) -> Result<(), GraphError> {
        Arc::make_mut(&mut self.graph).remove_nodes(nodes)?;
        self.edits.extend(nodes.iter().map(|&node| Edit {
            node,
            before: Some(0.0),
            after: None,
        }));
        self.version += 1;
        Ok(())
    }

    /// Records a change to the connections out of `from` (and out of each of `to`, both ways):
    /// a path can use a changed connection only through the node it leaves.
    fn record(
        &mut self,
        from: NodeId,
        to: &[NodeId],
        direction: Direction,
        before: Option<f64>,
        after: Option<f64>,
    ) {
        let back = if direction == Direction::BothWays {
            to
        } else {
            &[]
        };
        for &node in std::iter::once(&from).chain(back) {
            self.edits.push(Edit {
                node,
                before,
                after,
            });
        }
        self.version += 1;
    }
}

/// A node of a graph's connections changes only the moves out of it (and the moves into it,
/// which leave its neighbours: a path through one passes through it too).
fn touched(node: NodeId, out: &mut Vec<NodeId>) {
    out.clear();
    out.push(node);
}

impl NavMap for GraphMap {
    type Node = NodeId;
    type Edit = Edit<NodeId>;
    type Context = SearchContext<f32>;
    type Search = Stepper<NodeId, f32>;
    type Rules = ();

    fn start_search(
        &self,
        ctx: &mut SearchContext<f32>,
        start: NodeId,
        goal: NodeId,
        _rules: &(),
    ) -> Result<Stepper<NodeId, f32>, PathFailure> {
        space_search::start(&self.graph.space(), ctx, start, goal)
    }

    fn resume_search(
        &self,
        ctx: &mut SearchContext<f32>,
        search: &mut Stepper<NodeId, f32>,
        budget: u64,
    ) -> Resumed<NodeId> {
        space_search::resume(&self.graph.space(), ctx, search, budget)
    }

    /// The search's own admissible heuristic.
    fn estimate(&self, from: NodeId, to: NodeId, _rules: &()) -> f64 {
        f64::from(self.graph.space().heuristic(from, to))
    }

    fn must_replan(&self, rest: &Rest<'_, NodeId, ()>, edits: &[Edit<NodeId>]) -> bool {
        space_search::needs_replanning(&self.graph.space(), touched, rest, edits)
    }

    fn must_replan_each(
        &self,
        rests: &[Rest<'_, NodeId, ()>],
        edits: &[Edit<NodeId>],
        out: &mut Vec<bool>,
    ) {
        space_search::needs_replanning_each(&self.graph.space(), touched, rests, edits, out);
    }

    fn may_now_reach(
        &self,
        start: NodeId,
        goals: &[NodeId],
        _rules: &(),
        edits: &[Edit<NodeId>],
    ) -> bool {
        space_search::may_now_reach(&self.graph.space(), start, goals, edits)
    }

    fn explored(
        &self,
        ctx: &mut SearchContext<f32>,
        ends: (NodeId, NodeId),
        rules: &(),
        out: &mut Vec<NodeId>,
    ) {
        let space = &self.graph.space();
        let closed = |ctx: &SearchContext<f32>| ctx.closed_indices().collect::<Vec<_>>();
        let node_at = |i| space.node_at(i);
        space_search::explored_by(self, ctx, ends, rules, closed, node_at, out);
    }

    fn position(&self, node: NodeId) -> Vec3 {
        match self.graph.kind(node) {
            Ok(NodeKind::Point2(x, y)) => Vec3::new(x, y, 0.0),
            Ok(NodeKind::Point3(x, y, z)) => Vec3::new(x, y, z),
            Ok(NodeKind::Cell(x, y)) => Vec3::new(x as f32, y as f32, 0.0),
            Ok(NodeKind::Plain) | Err(_) => Vec3::ZERO,
        }
    }

    /// The member node nearest to `position` (the first of equals), if the graph has one.
    fn node_at(&self, position: Vec3) -> Option<NodeId> {
        let mut best: Option<(NodeId, f32)> = None;
        for &node in self.graph.nodes() {
            let d = self.position(node).distance_squared(position);
            if best.is_none_or(|(_, b)| d < b) {
                best = Some((node, d));
            }
        }
        best.map(|(node, _)| node)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<NodeId>> {
        std::mem::take(&mut self.edits)
    }
}
