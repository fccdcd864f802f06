//! What an agent asks for and what it gets: [`PathRequest`], [`PlannedPath`], [`PathFailure`],
//! and the messages the plugin writes.

use crate::nav_map::NavMap;
use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Message;

/// A path wanted on map `M`, from `start` to the nearest of its `goals` (usually one), searched
/// under the agent's `rules`: put it on an entity and the plugin answers with a [`PlannedPath`]
/// (or a [`PathFailure`]) on the same entity. Changing the request (or inserting a new one)
/// before the answer drops the old search: only the latest request is answered.
///
/// With several goals the answer is the cheapest path to any of them (the first of equally
/// cheap goals in the list). The goals are searched one by one, nearest first by the map's
/// [`estimate`](NavMap::estimate), and a goal whose estimate cannot beat the path found is
/// skipped; a goal with no path (walled, apart, off the map) is skipped too as long as another
/// has one. With no path to any goal, the failure is the gravest of theirs
/// ([`PathFailure::Refused`], then [`StartBlocked`](PathFailure::StartBlocked),
/// [`Unreachable`](PathFailure::Unreachable), [`GoalBlocked`](PathFailure::GoalBlocked)); a
/// request with no goal is refused.
///
/// ```
/// use pathkit::grid::Cell;
/// use pathkit_bevy::{GridMap, PathRequest, TerrainRules};
///
/// let request = PathRequest::<GridMap>::new(Cell::new(0, 0), Cell::new(9, 4));
/// assert_eq!(request.goals, [Cell::new(9, 4)]);
///
/// // The nearest exit, for an agent that may not wade through terrain of weight 5 (water).
/// let exits = [Cell::new(0, 9), Cell::new(9, 0)];
/// let request = PathRequest::<GridMap>::to_nearest(Cell::new(4, 4), exits)
///     .with_rules(TerrainRules::new().forbid(5));
/// assert_eq!(request.goals.len(), 2);
/// ```
#[derive(Component)]
pub struct PathRequest<M: NavMap> {
    /// Where the path starts.
    pub start: M::Node,
    /// Where it may end: the answer leads to the nearest.
    pub goals: Vec<M::Node>,
    /// How this agent sees the map ([`NavMap::Rules`]); the map's own rules by default.
    pub rules: M::Rules,
    /// The most node expansions the request may take over all its goals before it gives up
    /// with [`PathFailure::LimitReached`]; `None`: no limit. It counts the same expansions in
    /// both ways of planning, so both give up alike. A search that cannot stop halfway (HPA*,
    /// the navmesh) runs whole and is refused afterwards if it went over.
    pub limit: Option<u64>,
}

// Written out rather than derived: a derive would ask the map type itself to be `Clone` and
// `PartialEq`.
impl<M: NavMap> Clone for PathRequest<M> {
    fn clone(&self) -> Self {
        PathRequest {
            start: self.start,
            goals: self.goals.clone(),
            rules: self.rules.clone(),
            limit: self.limit,
        }
    }
}

impl<M: NavMap> PartialEq for PathRequest<M> {
    fn eq(&self, other: &Self) -> bool {
        (self.start, &self.goals, &self.rules, self.limit)
            == (other.start, &other.goals, &other.rules, other.limit)
    }
}

impl<M: NavMap> std::fmt::Debug for PathRequest<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PathRequest")
            .field("start", &self.start)
            .field("goals", &self.goals)
            .field("rules", &self.rules)
            .field("limit", &self.limit)
            .finish()
    }
}

impl<M: NavMap> PathRequest<M> {
    /// A request from `start` to `goal` under the map's own rules.
    pub fn new(start: M::Node, goal: M::Node) -> Self {
        Self::to_nearest(start, [goal])
    }

    /// A request from `start` to the nearest of `goals` under the map's own rules.
    pub fn to_nearest(start: M::Node, goals: impl IntoIterator<Item = M::Node>) -> Self {
        PathRequest {
            start,
            goals: goals.into_iter().collect(),
            rules: M::Rules::default(),
            limit: None,
        }
    }

    /// The same request under `rules`.
    #[must_use]
    pub fn with_rules(mut self, rules: M::Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The same request giving up after `expansions` node expansions (over all its goals):
    /// a cap on what one hopeless request may cost, on a big map.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{search_to_end, GridMap, PathFailure, PathRequest};
    ///
    /// let map = GridMap::new(Grid::new(64, 64)?, Diagonal::Never);
    /// let far = PathRequest::new(Cell::new(0, 0), Cell::new(63, 63));
    /// let capped = far.clone().with_limit(20);
    /// assert!(search_to_end(&map, &mut Default::default(), &far).is_ok());
    /// assert_eq!(search_to_end(&map, &mut Default::default(), &capped), Err(PathFailure::LimitReached));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_limit(mut self, expansions: u64) -> Self {
        self.limit = Some(expansions);
        self
    }
}

/// The answer to a [`PathRequest`]: the optimal path on the map as it was when searched (nodes
/// from the start to the nearest goal) and its cost. The plugin replaces it when an edit to the map
/// breaks it or makes a shorter one possible.
#[derive(Component)]
pub struct PlannedPath<M: NavMap> {
    /// The nodes, start first, the goal reached last.
    pub nodes: Vec<M::Node>,
    /// What the path costs.
    pub cost: f64,
    /// The map's [`version`](NavMap::version) searched.
    pub version: u64,
}

impl<M: NavMap> Clone for PlannedPath<M> {
    fn clone(&self) -> Self {
        PlannedPath {
            nodes: self.nodes.clone(),
            cost: self.cost,
            version: self.version,
        }
    }
}

impl<M: NavMap> PartialEq for PlannedPath<M> {
    fn eq(&self, other: &Self) -> bool {
        (&self.nodes, self.cost, self.version) == (&other.nodes, other.cost, other.version)
    }
}

impl<M: NavMap> std::fmt::Debug for PlannedPath<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlannedPath")
            .field("nodes", &self.nodes)
            .field("cost", &self.cost)
            .field("version", &self.version)
            .finish()
    }
}

/// Why a [`PathRequest`] has no path.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub enum PathFailure {
    /// The start is a wall.
    StartBlocked,
    /// The goal is a wall.
    GoalBlocked,
    /// No way joins the start and the goal.
    Unreachable,
    /// The map refused the query (an end off the map); the map's own message.
    Refused(String),
    /// The search gave up at the request's [`limit`](PathRequest::limit) of expansions.
    LimitReached,
}

impl std::fmt::Display for PathFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathFailure::StartBlocked => f.write_str("the start is a wall"),
            PathFailure::GoalBlocked => f.write_str("the goal is a wall"),
            PathFailure::Unreachable => f.write_str("no way joins the start and the goal"),
            PathFailure::Refused(why) => write!(f, "the map refused the query: {why}"),
            PathFailure::LimitReached => f.write_str("the search gave up at its limit"),
        }
    }
}

impl std::error::Error for PathFailure {}

/// Written when a [`PlannedPath`] is put on an entity (a first answer or a re-plan).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathReady {
    /// The entity that asked.
    pub entity: Entity,
}

/// Written when a [`PathFailure`] is put on an entity.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PathFailed {
    /// The entity that asked.
    pub entity: Entity,
    /// Why.
    pub failure: PathFailure,
}
