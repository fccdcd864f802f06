//! [`NavMeshMap`]: free space among polygon obstacles, searched for any-angle paths, as the
//! plugin's map.

use crate::nav_map::{NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::whole_search::WholeSearch;
use bevy_ecs::component::Component;
use bevy_math::Vec3;
use pathkit::geometry::{Extrusion, Point, Polygon};
use pathkit::navmesh::{
    AgentSizes, AnyAngleSearch, AreaFilter, NavMesh, NavMeshError, ObstacleKey, OffMeshLink,
    Snapping, ALL_AGENTS,
};
use pathkit::{Ends, Pathfinder};
use std::sync::Arc;

/// Names an obstacle of a [`NavMeshMap`], to remove it later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObstacleId(u64);

/// One change to a [`NavMeshMap`]: an obstacle added or removed. Moving an obstacle is the two:
/// removed where it was, added where it is (the same id).
#[derive(Clone, Debug, PartialEq)]
pub enum ObstacleEdit {
    /// An obstacle was added.
    Added(ObstacleId, Polygon),
    /// An obstacle was removed.
    Removed(ObstacleId, Polygon),
    /// An off-mesh link was switched on (`true`) or off ([`NavMeshMap::set_link_enabled`]).
    LinkSwitched(OffMeshLink, bool),
    /// An area was added, moved or removed ([`NavMeshMap::add_area`]): its id and polygon (as
    /// it is now; as it was when removed), and its area id.
    AreaChanged(ObstacleId, Polygon, u8),
}

/// How one agent walks a [`NavMeshMap`], carried by its request
/// ([`PathRequest::with_rules`](crate::PathRequest::with_rules)): its size, the off-mesh links
/// it may take and the areas it may enter. The default is the map's own radius, every link and
/// every area.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit_bevy::{MeshAgent, NavMeshMap, PathRequest};
///
/// let p = Point::new;
/// let tank = PathRequest::<NavMeshMap>::new(p(1.0, 1.0), p(9.0, 9.0))
///     .with_rules(MeshAgent::default().with_radius(1.5).with_links(0b10));
/// assert_eq!(tank.rules.radius, Some(1.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshAgent {
    /// The agent's radius: it plans on the mesh of the map's smallest size at least this
    /// ([`NavMeshMap::with_agent_sizes`]); a radius beyond every size is refused. `None`: the
    /// map's own radius.
    pub radius: Option<f64>,
    /// The links it may take: those whose [`mask`](OffMeshLink::mask) shares a bit with this
    /// one. Every link by default.
    pub links: u32,
    /// The areas it may enter ([`NavMeshMap::add_area`]); every area by default.
    pub areas: AreaFilter,
}

impl Default for MeshAgent {
    fn default() -> Self {
        MeshAgent {
            radius: None,
            links: ALL_AGENTS,
            areas: AreaFilter::ALL,
        }
    }
}

impl MeshAgent {
    /// The same agent with radius `radius`.
    #[must_use]
    pub fn with_radius(mut self, radius: f64) -> Self {
        self.radius = Some(radius);
        self
    }

    /// The same agent, taking the links whose mask shares a bit with `mask`.
    #[must_use]
    pub fn with_links(mut self, mask: u32) -> Self {
        self.links = mask;
        self
    }

    /// The same agent, entering only the areas `filter` allows.
    #[must_use]
    pub fn with_areas(mut self, filter: AreaFilter) -> Self {
        self.areas = filter;
        self
    }

    /// Whether the agent is kept out of some area.
    fn filtered(&self) -> bool {
        self.areas != AreaFilter::ALL
    }

    /// Whether the agent may take `link` (enabled or not).
    fn may_take(&self, link: &OffMeshLink) -> bool {
        link.mask & self.links != 0
    }
}

/// A [`NavMeshMap`]'s search under way: the ends, and the agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshSearch {
    whole: WholeSearch<Point>,
    agent: MeshAgent,
}

/// The free space of a box among polygon obstacles, for agents of one radius or several,
/// searched for the shortest any-angle path (pathkit's [`NavMesh`] and its any-angle search):
/// paths go straight from corner to corner of the obstacles grown by the radius. The mesh's
/// coordinates are the world's X and Y; nodes are points.
///
/// Add, move and remove obstacles through [`add_obstacles`](Self::add_obstacles),
/// [`move_obstacle`](Self::move_obstacle) and [`remove_obstacle`](Self::remove_obstacle). The
/// mesh is a [`TiledNavMesh`](pathkit::navmesh::TiledNavMesh): one tile over the whole box
/// unless [`with_tiles`](Self::with_tiles) cuts it smaller, and an edit rebuilds only the tiles
/// the obstacle touches (on a 1024 x 1024 city map in tiles of 64, moving a small obstacle takes
/// about half a millisecond, against tens of milliseconds for the whole mesh). The plugin then
/// re-plans exactly the paths an added obstacle cuts (a leg of the rest no longer in sight on
/// the new mesh) and the paths a removed one could shorten (the shortest way through the freed
/// ground, the obstacle grown by the radius, is shorter than the rest). Every other path keeps
/// its length and stays shortest.
///
/// Agents of other sizes plan on the same map: [`with_agent_sizes`](Self::with_agent_sizes)
/// keeps a mesh for each size (pathkit's [`AgentSizes`]), built when an agent of that size
/// first asks and edited with the others; a request's [`MeshAgent`] gives its radius and the
/// links it may take.
///
/// A query cannot stop halfway ([`WholeSearch`]): under budgeted planning each runs whole, its
/// overrun taken from the next frames' budgets.
///
/// ```
/// use bevy_app::App;
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit_bevy::{NavMeshMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
///
/// let p = Point::new;
/// let mut map = NavMeshMap::new(0.5, p(0.0, 0.0), p(10.0, 10.0))?;
/// map.add_obstacles([Polygon::new(vec![p(4.0, 0.0), p(6.0, 0.0), p(6.0, 8.0), p(4.0, 8.0)])])?;
/// let mut app = App::new();
/// app.add_plugins(PathkitPlugin::<NavMeshMap>::new(Planning::Budgeted { expansions: 1_000 }));
/// app.world_mut().spawn(map);
/// let agent = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(p(2.0, 2.0), p(8.0, 2.0))).id();
/// app.update();
/// let path = app.world().get::<PlannedPath<NavMeshMap>>(agent).unwrap();
/// assert_eq!(path.nodes[1], p(3.5, 8.5)); // round the top of the wall, half a unit off it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct NavMeshMap {
    /// A mesh a size, the map's own `radius` among them (built with the map, so always there).
    /// Shared with the searches in flight; an edit while they run copies it first.
    level: Arc<AgentSizes>,
    /// Each obstacle, its key in `level`, and the polygon as given.
    obstacles: Arc<Vec<(ObstacleId, ObstacleKey, Polygon)>>,
    /// Each area, its key in `level`, its polygon and its id, oldest first.
    areas: Arc<Vec<(ObstacleId, ObstacleKey, Polygon, u8)>>,
    radius: f64,
    min: Point,
    max: Point,
    /// How far off the mesh a request's end may be and still be searched from the nearest
    /// point of the mesh ([`NavMesh::snapping`]); `None`: not at all.
    snap: Option<f64>,
    /// Off-mesh links ([`with_links`](Self::with_links)); a link with an end in an obstacle is
    /// not taken while it is there.
    links: Arc<Vec<OffMeshLink>>,
    next_id: u64,
    version: u64,
    edits: Vec<ObstacleEdit>,
}

impl NavMeshMap {
    /// The box from `min` to `max` with no obstacle, for agents of `radius` (their centres keep
    /// that far from the box's sides and from every obstacle).
    ///
    /// # Errors
    ///
    /// As [`NavMesh::from_obstacles`]: an empty box, a radius negative or not finite,
    /// coordinates out of range.
    pub fn new(radius: f64, min: Point, max: Point) -> Result<Self, NavMeshError> {
        // One tile over the whole box (a box with no area is refused before the size matters).
        let whole = (max.x - min.x).max(max.y - min.y).max(1.0);
        let whole = if whole.is_finite() { whole } else { 1.0 };
        Ok(NavMeshMap {
            level: Arc::new(own_size_built(
                AgentSizes::new(&[], &[radius], min, max, whole)?,
                radius,
            )?),
            obstacles: Arc::new(Vec::new()),
            areas: Arc::new(Vec::new()),
            radius,
            min,
            max,
            snap: None,
            links: Arc::new(Vec::new()),
            next_id: 0,
            version: 0,
            edits: Vec::new(),
        })
    }

    /// The same map, searching requests whose start or goal lies off the mesh but at most
    /// `max_distance` from it from (to) the nearest point of the mesh ([`NavMesh::snapping`]):
    /// an agent an obstacle was added on, a goal clicked on a wall.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::InvalidRadius`] for a distance negative or not a number.
    ///
    /// ```
    /// use bevy_app::App;
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::{NavMeshMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
    ///
    /// let p = Point::new;
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(10.0, 10.0))?.with_snapping(1.0)?;
    /// map.add_obstacles([Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)])])?;
    /// let mut app = App::new();
    /// app.add_plugins(PathkitPlugin::<NavMeshMap>::new(Planning::Budgeted { expansions: 100 }));
    /// app.world_mut().spawn(map);
    /// // Standing just inside the pillar: searched from its side.
    /// let agent = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(p(4.3, 5.0), p(1.0, 5.0))).id();
    /// app.update();
    /// assert_eq!(app.world().get::<PlannedPath<NavMeshMap>>(agent).unwrap().nodes[0], p(4.0, 5.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_snapping(mut self, max_distance: f64) -> Result<Self, NavMeshError> {
        self.mesh().snapping(max_distance)?;
        self.snap = Some(max_distance);
        Ok(self)
    }

    /// The same map with its mesh cut into tiles of `tile_size`
    /// ([`TiledNavMesh`](pathkit::navmesh::TiledNavMesh)), so that an edit rebuilds only the
    /// tiles an obstacle touches. Tiles a few times the size of an
    /// ordinary obstacle suit most levels; smaller tiles make edits cheaper and queries slower.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::InvalidTileSize`] for a size not positive or making too many tiles.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::NavMeshMap;
    ///
    /// let p = Point::new;
    /// let mut map = NavMeshMap::new(0.5, p(0.0, 0.0), p(100.0, 100.0))?.with_tiles(10.0)?;
    /// let crate_box = Polygon::new(vec![p(40.0, 40.0), p(42.0, 40.0), p(42.0, 42.0), p(40.0, 42.0)]);
    /// let id = map.add_obstacles([crate_box])?[0];
    /// map.move_obstacle(id, Polygon::new(vec![p(60.0, 40.0), p(62.0, 40.0), p(62.0, 42.0), p(60.0, 42.0)]))?;
    /// assert!(map.mesh().triangle_at(p(41.0, 41.0)).is_some());
    /// assert!(map.mesh().triangle_at(p(61.0, 41.0)).is_none());
    /// assert!(NavMeshMap::new(0.5, p(0.0, 0.0), p(100.0, 100.0))?.with_tiles(-1.0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tiles(self, tile_size: f64) -> Result<Self, NavMeshError> {
        let sizes = self.level.sizes().to_vec();
        self.rebuilt(&sizes, tile_size)
    }

    /// The same map for agents of the radii `radii` too (each size's mesh built when an agent
    /// of that size first asks, then edited with the map; pathkit's [`AgentSizes`]). A request
    /// gives its agent's radius in its [`MeshAgent`]; an agent between two sizes plans as the
    /// larger one.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::InvalidRadius`] for a radius negative or not a number; as
    /// [`TiledNavMesh::new`](pathkit::navmesh::TiledNavMesh::new) for the obstacles grown by a
    /// radius out of range.
    ///
    /// ```
    /// use bevy_app::App;
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::{MeshAgent, NavMeshMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
    ///
    /// let p = Point::new;
    /// // Two pillars with a gap of 1 between them.
    /// let pillar = |y: f64| Polygon::new(vec![p(9.0, y), p(11.0, y), p(11.0, y + 4.0), p(9.0, y + 4.0)]);
    /// let mut map = NavMeshMap::new(0.25, p(0.0, 0.0), p(20.0, 15.0))?.with_agent_sizes(&[1.0])?;
    /// map.add_obstacles([pillar(3.0), pillar(8.0)])?;
    /// let mut app = App::new();
    /// app.add_plugins(PathkitPlugin::<NavMeshMap>::new(Planning::Budgeted { expansions: 1_000 }));
    /// app.world_mut().spawn(map);
    /// let (from, to) = (p(2.0, 7.5), p(18.0, 7.5));
    /// let mouse = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(from, to)).id();
    /// let tank = PathRequest::<NavMeshMap>::new(from, to).with_rules(MeshAgent::default().with_radius(1.0));
    /// let tank = app.world_mut().spawn(tank).id();
    /// app.update();
    /// assert_eq!(app.world().get::<PlannedPath<NavMeshMap>>(mouse).unwrap().cost, 16.0);
    /// assert!(app.world().get::<PlannedPath<NavMeshMap>>(tank).unwrap().cost > 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_agent_sizes(self, radii: &[f64]) -> Result<Self, NavMeshError> {
        let mut sizes = self.level.sizes().to_vec();
        sizes.extend_from_slice(radii);
        let tile_size = self.level.tile_size();
        self.rebuilt(&sizes, tile_size)
    }

    /// The sizes the map keeps a mesh for, ascending (its own radius among them).
    pub fn agent_sizes(&self) -> &[f64] {
        self.level.sizes()
    }

    /// The map's meshes made again for the sizes `sizes` in tiles of `tile_size`.
    fn rebuilt(mut self, sizes: &[f64], tile_size: f64) -> Result<Self, NavMeshError> {
        let polygons: Vec<Polygon> = self.obstacles.iter().map(|(_, _, p)| p.clone()).collect();
        let mut level = AgentSizes::new(&polygons, sizes, self.min, self.max, tile_size)?;
        let mut areas = Vec::with_capacity(self.areas.len());
        for (id, _, polygon, area) in self.areas.iter() {
            let key = level.add_area(polygon.clone(), *area)?;
            areas.push((*id, key, polygon.clone(), *area));
        }
        self.areas = Arc::new(areas);
        let level = own_size_built(level, self.radius)?;
        // The new meshes number the obstacles in order.
        let obstacles = self
            .obstacles
            .iter()
            .zip(level.obstacles())
            .map(|((id, _, polygon), (key, _))| (*id, key, polygon.clone()))
            .collect();
        self.level = Arc::new(level);
        self.obstacles = Arc::new(obstacles);
        self.version += 1;
        Ok(self)
    }

    /// The same map with off-mesh links (jumps, ladders, doors, teleporters: pathkit's
    /// [`OffMeshLink`]): paths take them where they pay ([`NavMesh::with_links`]). An agent
    /// takes the enabled links its [`MeshAgent::links`] mask shares a bit with. A link with an
    /// end off the agent's mesh (inside an obstacle grown by the agent's radius) is not taken
    /// while it is there.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::InvalidLink`] for a link whose cost is negative or not finite, or whose
    /// ends are not finite points on the mesh now.
    ///
    /// ```
    /// use bevy_app::App;
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::OffMeshLink;
    /// use pathkit_bevy::{NavMeshMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
    ///
    /// let p = Point::new;
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(20.0, 10.0))?;
    /// map.add_obstacles([Polygon::new(vec![p(0.0, 4.0), p(20.0, 4.0), p(20.0, 6.0), p(0.0, 6.0)])])?; // a river
    /// let map = map.with_links(vec![OffMeshLink::new(p(10.0, 4.0), p(10.0, 6.0), 5.0).both_ways()])?; // a ferry
    /// let mut app = App::new();
    /// app.add_plugins(PathkitPlugin::<NavMeshMap>::new(Planning::Budgeted { expansions: 1_000 }));
    /// app.world_mut().spawn(map);
    /// let agent = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(p(10.0, 1.0), p(10.0, 9.0))).id();
    /// app.update();
    /// assert_eq!(app.world().get::<PlannedPath<NavMeshMap>>(agent).unwrap().cost, 11.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_links(mut self, links: Vec<OffMeshLink>) -> Result<Self, NavMeshError> {
        self.mesh().with_links(&links)?;
        self.links = Arc::new(links);
        self.version += 1;
        Ok(self)
    }

    /// The off-mesh links.
    pub fn links(&self) -> &[OffMeshLink] {
        &self.links
    }

    /// Switches link `k` on or off (a door opened or shut, a lift in or out of service), and
    /// records the edit: paths that took it are re-planned when it goes off, and paths it could
    /// shorten when it comes on. `false` (and no change) when the map has no link `k`.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::OffMeshLink;
    /// use pathkit_bevy::{NavMap, NavMeshMap, ObstacleEdit};
    ///
    /// let p = Point::new;
    /// let door = OffMeshLink::new(p(1.0, 1.0), p(9.0, 9.0), 1.0);
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(10.0, 10.0))?.with_links(vec![door])?;
    /// assert!(map.set_link_enabled(0, false));
    /// assert!(!map.links()[0].enabled);
    /// assert_eq!(map.take_edits(), vec![ObstacleEdit::LinkSwitched(door.disabled(), false)]);
    /// assert!(!map.set_link_enabled(1, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_link_enabled(&mut self, k: usize, enabled: bool) -> bool {
        let Some(link) = Arc::make_mut(&mut self.links).get_mut(k) else {
            return false;
        };
        link.enabled = enabled;
        self.edits.push(ObstacleEdit::LinkSwitched(*link, enabled));
        self.version += 1;
        true
    }

    /// The links `agent` may take whose ends are on `mesh` (the agent's) now.
    fn usable_links(&self, mesh: &NavMesh, agent: &MeshAgent) -> Vec<OffMeshLink> {
        let on = |p: Point| mesh.triangle_at(p).is_some();
        self.links
            .iter()
            .filter(|l| agent.may_take(l) && on(l.from) && on(l.to))
            .copied()
            .collect()
    }

    /// The enabled link `agent` may take whose ends are the leg `a`-`b`, taken that way.
    fn link_of_leg(&self, a: Point, b: Point, agent: &MeshAgent) -> Option<&OffMeshLink> {
        self.links
            .iter()
            .find(|l| l.enabled && agent.may_take(l) && l.joins(a, b))
    }

    /// What the rest of a path costs: its legs' lengths, a link's leg its cost (the cheaper
    /// of the two, should a link join two points in sight of each other).
    fn rest_cost(&self, rest: &[Point], agent: &MeshAgent) -> f64 {
        rest.windows(2)
            .map(|leg| {
                let walk = leg[0].distance(leg[1]);
                self.link_of_leg(leg[0], leg[1], agent)
                    .map_or(walk, |l| l.cost.min(walk))
            })
            .sum()
    }

    /// The mesh searched for agents of the map's own radius.
    pub fn mesh(&self) -> &NavMesh {
        self.level
            .mesh(self.radius)
            .expect("the map's own size is built with the map and edited with it")
    }

    /// The mesh an agent walks: that of the smallest size at least its radius, built now if no
    /// agent of that size asked before.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::NoAgentSize`] for an agent wider than every size; as
    /// [`TiledNavMesh::new`](pathkit::navmesh::TiledNavMesh::new) when its size's mesh cannot be
    /// built.
    pub fn mesh_for(&self, agent: &MeshAgent) -> Result<&NavMesh, NavMeshError> {
        self.level.mesh(self.agent_radius(agent))
    }

    /// An agent's radius: its own, or the map's.
    fn agent_radius(&self, agent: &MeshAgent) -> f64 {
        agent.radius.unwrap_or(self.radius)
    }

    /// The size of the mesh's tiles.
    pub fn tile_size(&self) -> f64 {
        self.level.tile_size()
    }

    /// The agents' radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The obstacles, oldest first.
    pub fn obstacles(&self) -> impl ExactSizeIterator<Item = (ObstacleId, &Polygon)> + '_ {
        self.obstacles.iter().map(|(id, _, polygon)| (*id, polygon))
    }

    /// The areas, oldest first: id, polygon, area id.
    pub fn areas(&self) -> impl ExactSizeIterator<Item = (ObstacleId, &Polygon, u8)> + '_ {
        self.areas
            .iter()
            .map(|(id, _, polygon, area)| (*id, polygon, *area))
    }

    /// Marks the ground of `polygon` area `area` (water, mud, a road: below
    /// [`MAX_AREAS`](pathkit::navmesh::MAX_AREAS)) in every size's mesh, rebuilding the tiles
    /// it touches, and records the edit; its id, which
    /// [`remove_obstacle`](Self::remove_obstacle) and [`move_obstacle`](Self::move_obstacle)
    /// take. An agent whose [`MeshAgent::areas`] forbids the area keeps out of it (the later
    /// area wins where two overlap); agents kept out of some area re-plan at every area edit,
    /// the others never do.
    ///
    /// # Errors
    ///
    /// [`NavMeshError::InvalidArea`] for an id of 64 or more; as
    /// [`add_obstacles`](Self::add_obstacles) for the points. The map is then left as it was.
    ///
    /// ```
    /// use bevy_app::App;
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::AreaFilter;
    /// use pathkit_bevy::{MeshAgent, NavMeshMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
    ///
    /// let p = Point::new;
    /// const WATER: u8 = 1;
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(20.0, 10.0))?;
    /// map.add_area(Polygon::new(vec![p(8.0, 0.0), p(12.0, 0.0), p(12.0, 7.0), p(8.0, 7.0)]), WATER)?;
    /// let mut app = App::new();
    /// app.add_plugins(PathkitPlugin::<NavMeshMap>::new(Planning::Budgeted { expansions: 1_000 }));
    /// app.world_mut().spawn(map);
    /// let (from, to) = (p(2.0, 3.0), p(18.0, 3.0));
    /// let swimmer = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(from, to)).id();
    /// let walker = MeshAgent::default().with_areas(AreaFilter::ALL.without(WATER)?);
    /// let walker = app.world_mut().spawn(PathRequest::<NavMeshMap>::new(from, to).with_rules(walker)).id();
    /// app.update();
    /// assert_eq!(app.world().get::<PlannedPath<NavMeshMap>>(swimmer).unwrap().cost, 16.0);
    /// assert_eq!(app.world().get::<PlannedPath<NavMeshMap>>(walker).unwrap().nodes[1], p(8.0, 7.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_area(&mut self, polygon: Polygon, area: u8) -> Result<ObstacleId, NavMeshError> {
        let key = Arc::make_mut(&mut self.level).add_area(polygon.clone(), area)?;
        let id = ObstacleId(self.next_id);
        self.next_id += 1;
        self.edits
            .push(ObstacleEdit::AreaChanged(id, polygon.clone(), area));
        Arc::make_mut(&mut self.areas).push((id, key, polygon, area));
        self.version += 1;
        Ok(id)
    }

    /// Adds `polygons` as obstacles (each tile they touch rebuilt once for all of them), recording the
    /// edits; their ids, in order.
    ///
    /// # Errors
    ///
    /// As [`NavMesh::from_obstacles`] (a coordinate not finite or out of range, obstacles piled
    /// so that the mesh cannot be built); the map is then left as it was.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::{NavMap, NavMeshMap};
    ///
    /// let p = Point::new;
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let ids = map.add_obstacles([Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)])])?;
    /// assert!(!map.mesh().line_of_sight(p(1.0, 5.0), p(9.0, 5.0))?);
    /// assert_eq!(map.take_edits().len(), 1);
    /// // A bad polygon changes nothing.
    /// assert!(map.add_obstacles([Polygon::new(vec![p(f64::NAN, 1.0), p(2.0, 2.0), p(1.0, 3.0)])]).is_err());
    /// assert_eq!(map.obstacles().len(), 1);
    /// assert!(map.take_edits().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_obstacles(
        &mut self,
        polygons: impl IntoIterator<Item = Polygon>,
    ) -> Result<Vec<ObstacleId>, NavMeshError> {
        let polygons: Vec<Polygon> = polygons.into_iter().collect();
        if polygons.is_empty() {
            return Ok(Vec::new());
        }
        let keys = Arc::make_mut(&mut self.level).add_obstacles(&polygons)?;
        let obstacles = Arc::make_mut(&mut self.obstacles);
        let mut ids = Vec::with_capacity(keys.len());
        for (key, polygon) in keys.into_iter().zip(polygons) {
            let id = ObstacleId(self.next_id);
            self.next_id += 1;
            ids.push(id);
            self.edits.push(ObstacleEdit::Added(id, polygon.clone()));
            obstacles.push((id, key, polygon));
        }
        self.version += 1;
        Ok(ids)
    }

    /// Removes obstacle `id`, rebuilding the tiles it touched, and records the edit; the
    /// obstacle, or `None` when the map has no such obstacle.
    ///
    /// # Errors
    ///
    /// As [`NavMesh::from_obstacles`] for the obstacles left; the map is then left as it was.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::NavMeshMap;
    ///
    /// let p = Point::new;
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let ids = map.add_obstacles([Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)])])?;
    /// assert!(map.remove_obstacle(ids[0])?.is_some());
    /// assert!(map.mesh().line_of_sight(p(1.0, 5.0), p(9.0, 5.0))?);
    /// assert_eq!(map.remove_obstacle(ids[0])?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_obstacle(&mut self, id: ObstacleId) -> Result<Option<Polygon>, NavMeshError> {
        if let Some(k) = self.areas.iter().position(|(o, ..)| *o == id) {
            Arc::make_mut(&mut self.level).remove_obstacle(self.areas[k].1)?;
            let (_, _, polygon, area) = Arc::make_mut(&mut self.areas).remove(k);
            self.edits
                .push(ObstacleEdit::AreaChanged(id, polygon.clone(), area));
            self.version += 1;
            return Ok(Some(polygon));
        }
        let Some(k) = self.obstacles.iter().position(|(o, _, _)| *o == id) else {
            return Ok(None);
        };
        Arc::make_mut(&mut self.level).remove_obstacle(self.obstacles[k].1)?;
        let (_, _, polygon) = Arc::make_mut(&mut self.obstacles).remove(k);
        self.edits.push(ObstacleEdit::Removed(id, polygon.clone()));
        self.version += 1;
        Ok(Some(polygon))
    }

    /// Moves (or reshapes) obstacle `id` to `polygon`, rebuilding the tiles the old and the new
    /// outline touch, and records the edit (removed there, added here, the same id); the
    /// obstacle as it was, or `None` (and no change) when the map has no such obstacle.
    ///
    /// # Errors
    ///
    /// As [`add_obstacles`](Self::add_obstacles); the map is then left as it was.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit_bevy::{NavMap, NavMeshMap, ObstacleEdit};
    ///
    /// let p = Point::new;
    /// let square = |x: f64| Polygon::new(vec![p(x, 4.0), p(x + 2.0, 4.0), p(x + 2.0, 6.0), p(x, 6.0)]);
    /// let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let id = map.add_obstacles([square(2.0)])?[0];
    /// map.take_edits();
    /// assert_eq!(map.move_obstacle(id, square(6.0))?, Some(square(2.0)));
    /// assert_eq!(map.take_edits(), vec![ObstacleEdit::Removed(id, square(2.0)), ObstacleEdit::Added(id, square(6.0))]);
    /// assert!(map.mesh().triangle_at(p(3.0, 5.0)).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_obstacle(
        &mut self,
        id: ObstacleId,
        polygon: Polygon,
    ) -> Result<Option<Polygon>, NavMeshError> {
        if let Some(k) = self.areas.iter().position(|(o, ..)| *o == id) {
            Arc::make_mut(&mut self.level).move_obstacle(self.areas[k].1, polygon.clone())?;
            let entry = &mut Arc::make_mut(&mut self.areas)[k];
            let old = std::mem::replace(&mut entry.2, polygon.clone());
            let area = entry.3;
            self.edits
                .push(ObstacleEdit::AreaChanged(id, old.clone(), area));
            self.edits
                .push(ObstacleEdit::AreaChanged(id, polygon, area));
            self.version += 1;
            return Ok(Some(old));
        }
        let Some(k) = self.obstacles.iter().position(|(o, _, _)| *o == id) else {
            return Ok(None);
        };
        Arc::make_mut(&mut self.level).move_obstacle(self.obstacles[k].1, polygon.clone())?;
        let old = std::mem::replace(
            &mut Arc::make_mut(&mut self.obstacles)[k].2,
            polygon.clone(),
        );
        self.edits.push(ObstacleEdit::Removed(id, old.clone()));
        self.edits.push(ObstacleEdit::Added(id, polygon));
        self.version += 1;
        Ok(Some(old))
    }

    /// The search on `mesh` with snapping, if the map snaps.
    fn snapping<'m>(&self, mesh: &'m NavMesh) -> Option<Snapping<'m>> {
        self.snap.and_then(|d| mesh.snapping(d).ok())
    }

    /// A lower bound on the length of any way from `from` to `goal` through ground `removed`
    /// freed for an agent of `radius` (the obstacle grown by it: nowhere else did the walkable
    /// ground grow).
    fn through_freed(&self, from: Point, goal: Point, removed: &Polygon, radius: f64) -> f64 {
        let grown = removed.extruded(radius, Extrusion::Clearance);
        let via = distance_to(&grown, from) + distance_to(&grown, goal);
        via.max(from.distance(goal))
    }
}

/// The distance from `p` to `polygon` (0 inside it or on a side).
fn distance_to(polygon: &Polygon, p: Point) -> f64 {
    if polygon.contains_strictly(p) {
        return 0.0;
    }
    let to_side = polygon
        .edges()
        .map(|(a, b)| {
            let ab = b - a;
            let len2 = ab.dot(ab);
            let t = if len2 > 0.0 {
                ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            p.distance(a + ab * t)
        })
        .fold(f64::INFINITY, f64::min);
    let to_vertex = polygon
        .points()
        .iter()
        .map(|&v| p.distance(v))
        .fold(f64::INFINITY, f64::min);
    to_side.min(to_vertex)
}

impl NavMap for NavMeshMap {
    type Node = Point;
    type Edit = ObstacleEdit;
    type Context = AnyAngleSearch;
    type Search = MeshSearch;
    type Rules = MeshAgent;

    fn start_search(
        &self,
        _ctx: &mut AnyAngleSearch,
        start: Point,
        goal: Point,
        agent: &MeshAgent,
    ) -> Result<MeshSearch, PathFailure> {
        let mesh = self
            .mesh_for(agent)
            .map_err(|e| PathFailure::Refused(e.to_string()))?;
        match self.snapping(mesh) {
            Some(snapping) => space_search::check_ends(&snapping, start, goal)?,
            None => space_search::check_ends(mesh, start, goal)?,
        }
        let (mut start, mut goal) = (start, goal);
        if agent.filtered() {
            // Kept out of some areas: the ends snapped first (if the map snaps), then checked
            // on the agent's own ground.
            if let Some(snapping) = self.snapping(mesh) {
                let snap = |p: Point| snapping.snap(p).unwrap_or(p);
                (start, goal) = (snap(start), snap(goal));
            }
            space_search::check_ends(&mesh.with_filter(agent.areas), start, goal)?;
        } else if !self.links.is_empty() {
            // The links' search takes points on the mesh: the ends snapped first, if the map
            // snaps (as the snapping search does).
            if let Some(snapping) = self.snapping(mesh) {
                let snap = |p: Point| snapping.snap(p).unwrap_or(p);
                (start, goal) = (snap(start), snap(goal));
            }
        }
        Ok(MeshSearch {
            whole: WholeSearch::new(start, goal),
            agent: *agent,
        })
    }

    fn resume_search(
        &self,
        ctx: &mut AnyAngleSearch,
        search: &mut MeshSearch,
        _budget: u64,
    ) -> Resumed<Point> {
        let expanded = |ctx: &AnyAngleSearch| ctx.expanded() as u64;
        let refused = |e: NavMeshError| Resumed {
            expanded: 0,
            answer: Some(Err(PathFailure::Refused(e.to_string()))),
        };
        let mesh = match self.mesh_for(&search.agent) {
            Ok(mesh) => mesh,
            Err(e) => return refused(e),
        };
        let filter = search.agent.areas;
        if !self.links.is_empty() {
            let links = self.usable_links(mesh, &search.agent);
            return match mesh.with_links(&links) {
                Ok(linked) => search.whole.run(&linked.with_filter(filter), ctx, expanded),
                Err(e) => refused(e),
            };
        }
        if search.agent.filtered() {
            return search.whole.run(&mesh.with_filter(filter), ctx, expanded);
        }
        match self.snapping(mesh) {
            Some(snapping) => search.whole.run(&snapping, ctx, expanded),
            None => search.whole.run(mesh, ctx, expanded),
        }
    }

    /// The straight line: no path between two points is shorter.
    fn estimate(&self, from: Point, to: Point, _agent: &MeshAgent) -> f64 {
        from.distance(to)
    }

    fn must_replan(&self, rest: &Rest<'_, Point, MeshAgent>, edits: &[ObstacleEdit]) -> bool {
        let (goals, agent, rest) = (rest.goals, rest.rules, rest.nodes);
        let (Some(&from), Some(&goal)) = (rest.first(), rest.last()) else {
            return false;
        };
        let Ok(mesh) = self.mesh_for(agent) else {
            // No mesh for it now: its search will say why.
            return true;
        };
        let goals = if goals.is_empty() {
            std::slice::from_ref(&goal)
        } else {
            goals
        };
        let added = edits.iter().any(|e| matches!(e, ObstacleEdit::Added(..)));
        // An area edit may close or open ground to an agent kept out of some area: such agents
        // re-plan; areas change nothing for the others.
        if agent.filtered()
            && edits
                .iter()
                .any(|e| matches!(e, ObstacleEdit::AreaChanged(..)))
        {
            return true;
        }
        let length = self.rest_cost(rest, agent);
        // With links, a way through freed ground may also take links: no bound short of the
        // path itself, so any removal re-plans. A link switched on re-plans the paths it could
        // shorten; one switched off, the paths that take it. A way over the new link reaches
        // its entry walking (no shorter than the straight line) or over another link (no cheaper
        // than the cheapest), and so on from its exit: that bounds it below. Links the agent
        // may not take change nothing for it.
        if self.links.iter().any(|l| agent.may_take(l)) {
            let cheapest = self
                .links
                .iter()
                .filter(|l| l.enabled && agent.may_take(l))
                .map(|l| l.cost)
                .fold(f64::INFINITY, f64::min);
            for edit in edits {
                match edit {
                    ObstacleEdit::Removed(..) => return true,
                    ObstacleEdit::LinkSwitched(link, _) if !agent.may_take(link) => {}
                    ObstacleEdit::LinkSwitched(link, true) => {
                        let via = |a: Point, b: Point| {
                            goals.iter().any(|&g| {
                                from.distance(a).min(cheapest)
                                    + link.cost
                                    + b.distance(g).min(cheapest)
                                    < length
                            })
                        };
                        if via(link.from, link.to) || link.both_ways && via(link.to, link.from) {
                            return true;
                        }
                    }
                    ObstacleEdit::LinkSwitched(link, false) => {
                        let takes = rest.windows(2).any(|leg| link.joins(leg[0], leg[1]));
                        if takes {
                            return true;
                        }
                    }
                    ObstacleEdit::Added(..) | ObstacleEdit::AreaChanged(..) => {}
                }
            }
        }
        // An obstacle added can only cut the rest: re-plan when a leg is no longer in sight (a
        // link's leg when its ends are no longer both on the mesh).
        if added {
            let in_sight = |a: Point, b: Point| {
                if self.link_of_leg(a, b, agent).is_some() {
                    mesh.triangle_at(a).is_some() && mesh.triangle_at(b).is_some()
                } else {
                    mesh.line_of_sight(a, b).unwrap_or(false)
                }
            };
            let cut = match rest {
                [only] => mesh.triangle_at(*only).is_none(),
                _ => rest.windows(2).any(|leg| !in_sight(leg[0], leg[1])),
            };
            if cut {
                return true;
            }
        }
        // An obstacle removed can only give a shorter way (to any goal), through the ground it
        // freed.
        let radius = self.level.size_for(self.agent_radius(agent)).unwrap_or(0.0);
        edits.iter().any(|edit| match edit {
            ObstacleEdit::Removed(_, polygon) => goals
                .iter()
                .any(|&g| self.through_freed(from, g, polygon, radius) < length),
            ObstacleEdit::Added(..)
            | ObstacleEdit::LinkSwitched(..)
            | ObstacleEdit::AreaChanged(..) => false,
        })
    }

    fn may_now_reach(
        &self,
        start: Point,
        goals: &[Point],
        agent: &MeshAgent,
        edits: &[ObstacleEdit],
    ) -> bool {
        let Ok(mesh) = self.mesh_for(agent) else {
            return false;
        };
        let open = |goal| {
            let ends = match self.snapping(mesh) {
                Some(snapping) => snapping.check_ends(start, goal),
                None => mesh.check_ends(start, goal),
            };
            matches!(ends, Ok(Ends::Open))
        };
        edits.iter().any(|e| match e {
            ObstacleEdit::Removed(..) => true,
            ObstacleEdit::LinkSwitched(link, true) => agent.may_take(link),
            ObstacleEdit::AreaChanged(..) => agent.filtered(),
            _ => false,
        }) && goals.iter().any(|&g| open(g))
    }

    /// The centres of the triangles the any-angle search reached
    /// ([`AnyAngleSearch::reached_triangles`]).
    fn explored(
        &self,
        ctx: &mut AnyAngleSearch,
        (start, goal): (Point, Point),
        agent: &MeshAgent,
        out: &mut Vec<Point>,
    ) {
        out.clear();
        let Ok(mesh) = self.mesh_for(agent) else {
            return;
        };
        let request = crate::PathRequest::new(start, goal).with_rules(*agent);
        if crate::search_to_end(self, ctx, &request).is_ok() {
            let centre = |t: [Point; 3]| {
                Point::new(
                    (t[0].x + t[1].x + t[2].x) / 3.0,
                    (t[0].y + t[1].y + t[2].y) / 3.0,
                )
            };
            let triangles = ctx.reached_triangles();
            out.extend(
                triangles
                    .into_iter()
                    .filter_map(|k| mesh.triangle(k))
                    .map(centre),
            );
        }
    }

    fn position(&self, point: Point) -> Vec3 {
        Vec3::new(point.x as f32, point.y as f32, 0.0)
    }

    fn node_at(&self, position: Vec3) -> Option<Point> {
        let point = Point::new(f64::from(position.x), f64::from(position.y));
        self.mesh().triangle_at(point).map(|_| point)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<ObstacleEdit> {
        std::mem::take(&mut self.edits)
    }
}

/// `level` with the mesh of `radius` built: the map's own size, which every edit keeps.
fn own_size_built(level: AgentSizes, radius: f64) -> Result<AgentSizes, NavMeshError> {
    level.mesh(radius)?;
    Ok(level)
}
