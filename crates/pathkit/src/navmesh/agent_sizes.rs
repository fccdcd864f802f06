//! [`AgentSizes`]: one level's obstacles serving agents of several radii, each size's mesh
//! built when first asked for and edited with the others.

use super::build::grown_for_agent;
use super::mesh::NavMesh;
use super::tiled::{check_keys, ObstacleKey, Shape, StagedEdit, TiledNavMesh, MAX_TILES};
use super::tiles::TileIndex;
use super::{NavMeshError, MAX_COORDINATE};
use crate::geometry::{Point, Polygon};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The obstacles of one level and the agent sizes that walk it (a mouse, a soldier, a tank):
/// one [`TiledNavMesh`] per radius, each built from the same obstacles the first time an agent
/// of that size asks for it, and every mesh built so far edited together when an obstacle
/// comes, moves or goes.
///
/// A path for an agent of radius `r` runs on the mesh of the smallest size at least `r`. For a
/// radius that is one of the sizes, that is exactly the mesh [`NavMesh::from_obstacles`] builds
/// for it, so the path is the shortest one that keeps the agent's centre `r` from every
/// obstacle. An agent between two sizes plans as the larger one: clear of the walls, but it
/// may go round a gap it would just fit through (as with the agent types of Recast, Unity and
/// Godot; give each kind of agent its own size).
///
/// Why one mesh per size: a mesh built for the smallest agent cannot answer a larger one
/// exactly. A gap narrower than the larger agent shows nowhere in the small mesh's triangles
/// (it is only narrower than some sum of them), and the larger agent's shortest path turns on
/// arcs round the corners, not at the small mesh's vertices.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::{AgentSizes, AnyAngleSearch, NavMeshError};
/// use pathkit::Pathfinder;
///
/// let p = Point::new;
/// // Two pillars with a gap of 1 between them: a mouse goes through, a tank goes round.
/// let pillar = |y: f64| Polygon::new(vec![p(9.0, y), p(11.0, y), p(11.0, y + 4.0), p(9.0, y + 4.0)]);
/// let mut level = AgentSizes::new(&[pillar(3.0), pillar(8.0)], &[0.25, 1.0], p(0.0, 0.0), p(20.0, 15.0), 5.0)?;
/// let mut search = AnyAngleSearch::new();
/// let (start, goal) = (p(2.0, 7.5), p(18.0, 7.5));
/// let mouse = level.mesh(0.25)?.find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert_eq!(mouse.cost, 16.0);
/// let tank = level.mesh(1.0)?.find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert!(tank.cost > 16.0);
/// // A radius between the sizes plans as the next size up; none larger than all.
/// assert_eq!(level.size_for(0.5), Some(1.0));
/// assert_eq!(level.mesh(1.5).unwrap_err(), NavMeshError::NoAgentSize { radius: 1.5 });
///
/// // The tank's mesh, built above, is edited with the mouse's: the lower pillar goes.
/// let lower = level.obstacles().next().unwrap().0;
/// level.remove_obstacle(lower)?;
/// let tank = level.mesh(1.0)?.find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert!(tank.cost < 16.5);
/// # Ok::<(), NavMeshError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AgentSizes {
    min: Point,
    max: Point,
    tile_size: f64,
    /// The radii, ascending, each once.
    radii: Vec<f64>,
    /// One per radius, built when first asked for.
    meshes: Vec<OnceLock<TiledNavMesh>>,
    /// Each obstacle (`None`) or area (its id), by key.
    obstacles: BTreeMap<u64, (Polygon, Option<u8>)>,
    next_key: u64,
}

impl AgentSizes {
    /// The obstacles `obstacles` in the box `min`-`max`, for agents of the radii `radii` (in
    /// any order; repeats count once), each size's mesh cut into tiles of `tile_size`. No mesh
    /// is built yet. The obstacles are named `ObstacleKey(0)`, `ObstacleKey(1)`, ... in order.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidRadius`] for a radius that is negative, not a number or beyond
    /// [`MAX_COORDINATE`]; as [`TiledNavMesh::new`] for the box, the tile size and the
    /// obstacles' points (for every radius), so that building a size's mesh later fails only
    /// where [`NavMesh::from_obstacles`] would on the same obstacles.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{AgentSizes, NavMeshError};
    ///
    /// let p = Point::new;
    /// let level = AgentSizes::new(&[], &[1.0, 0.5, 1.0], p(0.0, 0.0), p(10.0, 10.0), 5.0)?;
    /// assert_eq!(level.sizes(), &[0.5, 1.0]);
    /// let bad = AgentSizes::new(&[], &[-1.0], p(0.0, 0.0), p(10.0, 10.0), 5.0).unwrap_err();
    /// assert_eq!(bad, NavMeshError::InvalidRadius { radius: -1.0 });
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn new(
        obstacles: &[Polygon],
        radii: &[f64],
        min: impl Into<Point>,
        max: impl Into<Point>,
        tile_size: f64,
    ) -> Result<AgentSizes, NavMeshError> {
        let (min, max) = (min.into(), max.into());
        NavMeshError::check_range([min, max])?;
        if !(min.x < max.x && min.y < max.y) {
            return Err(NavMeshError::EmptyBounds { min, max });
        }
        if let Some(&radius) = radii.iter().find(|r| !(0.0..=MAX_COORDINATE).contains(*r)) {
            return Err(NavMeshError::InvalidRadius { radius });
        }
        let mut sorted = radii.to_vec();
        sorted.sort_by(f64::total_cmp);
        sorted.dedup();
        let invalid = NavMeshError::InvalidTileSize { size: tile_size };
        if !(tile_size > 0.0 && tile_size.is_finite()) {
            return Err(invalid);
        }
        // The smallest agent's box is the largest: the most tiles.
        if let Some(&r) = sorted.first() {
            let (lo, hi) = (
                Point::new(min.x + r, min.y + r),
                Point::new(max.x - r, max.y - r),
            );
            if lo.x < hi.x && lo.y < hi.y {
                TileIndex::grid_of(lo, hi, tile_size, MAX_TILES).ok_or(invalid)?;
            }
        }
        let mut level = AgentSizes {
            min,
            max,
            tile_size,
            meshes: sorted.iter().map(|_| OnceLock::new()).collect(),
            radii: sorted,
            obstacles: BTreeMap::new(),
            next_key: 0,
        };
        NavMeshError::check_range(obstacles.iter().flat_map(|o| o.points().iter().copied()))?;
        check_grown(obstacles.iter(), &level.radii)?;
        for o in obstacles {
            level.obstacles.insert(level.next_key, (o.clone(), None));
            level.next_key += 1;
        }
        Ok(level)
    }

    /// The agent radii the map keeps a mesh for, ascending.
    #[must_use]
    pub fn sizes(&self) -> &[f64] {
        &self.radii
    }

    /// The size of the meshes' tiles.
    #[must_use]
    pub fn tile_size(&self) -> f64 {
        self.tile_size
    }

    /// The box the meshes are built in.
    #[must_use]
    pub fn bounds(&self) -> (Point, Point) {
        (self.min, self.max)
    }

    /// The size an agent of radius `radius` plans as: the smallest size at least `radius`;
    /// `None` when every size is smaller (or `radius` is not a number).
    #[must_use]
    pub fn size_for(&self, radius: f64) -> Option<f64> {
        self.slot(radius).map(|k| self.radii[k])
    }

    fn slot(&self, radius: f64) -> Option<usize> {
        if radius.is_nan() {
            return None;
        }
        let k = self.radii.partition_point(|&r| r < radius);
        (k < self.radii.len()).then_some(k)
    }

    /// The mesh an agent of radius `radius` walks: that of [`size_for`](Self::size_for),
    /// built now if no agent of that size asked before (then kept, and edited with the map).
    ///
    /// # Errors
    /// [`NavMeshError::NoAgentSize`] when every size is smaller than `radius`; as
    /// [`TiledNavMesh::new`] when the mesh cannot be built.
    pub fn mesh(&self, radius: f64) -> Result<&NavMesh, NavMeshError> {
        Ok(self.level(radius)?.mesh())
    }

    /// The tiled mesh an agent of radius `radius` walks, as [`mesh`](Self::mesh).
    ///
    /// # Errors
    /// As [`mesh`](Self::mesh).
    pub fn level(&self, radius: f64) -> Result<&TiledNavMesh, NavMeshError> {
        let k = self
            .slot(radius)
            .ok_or(NavMeshError::NoAgentSize { radius })?;
        if let Some(level) = self.meshes[k].get() {
            return Ok(level);
        }
        let keyed: Vec<(ObstacleKey, Shape)> = self
            .obstacles
            .iter()
            .map(|(&k, (o, area))| (ObstacleKey(k), (o, *area)))
            .collect();
        let built =
            TiledNavMesh::with_keys(&keyed, self.radii[k], self.min, self.max, self.tile_size)?;
        // Another thread may have built it meanwhile: the same obstacles, the same mesh.
        Ok(self.meshes[k].get_or_init(|| built))
    }

    /// Builds every size's mesh not built yet (on a loading screen, say, rather than when the
    /// first agent of a size asks).
    ///
    /// # Errors
    /// As [`mesh`](Self::mesh), for the first size that cannot be built.
    pub fn build_all(&self) -> Result<(), NavMeshError> {
        for &r in &self.radii {
            self.level(r)?;
        }
        Ok(())
    }

    /// Whether the mesh of the size an agent of radius `radius` plans as is built.
    #[must_use]
    pub fn is_built(&self, radius: f64) -> bool {
        self.slot(radius)
            .is_some_and(|k| self.meshes[k].get().is_some())
    }

    /// The obstacle named `key`, as given (`None` for an area's key).
    #[must_use]
    pub fn obstacle(&self, key: ObstacleKey) -> Option<&Polygon> {
        self.obstacles
            .get(&key.0)
            .filter(|(_, area)| area.is_none())
            .map(|(o, _)| o)
    }

    /// Every obstacle, by key (not the areas).
    pub fn obstacles(&self) -> impl Iterator<Item = (ObstacleKey, &Polygon)> + '_ {
        self.obstacles
            .iter()
            .filter(|(_, (_, area))| area.is_none())
            .map(|(&k, (o, _))| (ObstacleKey(k), o))
    }

    /// The area named `key`: its polygon and id.
    #[must_use]
    pub fn area(&self, key: ObstacleKey) -> Option<(&Polygon, u8)> {
        let (o, area) = self.obstacles.get(&key.0)?;
        area.map(|id| (o, id))
    }

    /// Every area, by key: polygon and id.
    pub fn areas(&self) -> impl Iterator<Item = (ObstacleKey, &Polygon, u8)> + '_ {
        self.obstacles
            .iter()
            .filter_map(|(&k, (o, area))| area.map(|id| (ObstacleKey(k), o, id)))
    }

    /// Marks the ground of `polygon` area `area` in every size's mesh, as
    /// [`TiledNavMesh::add_area`] does (areas are not grown: an agent of any size is in the
    /// area when its centre is).
    ///
    /// # Errors
    /// As [`TiledNavMesh::add_area`] for any size; nothing changes then.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::AgentSizes;
    ///
    /// let p = Point::new;
    /// let mut level = AgentSizes::new(&[], &[0.0, 1.0], p(0.0, 0.0), p(20.0, 20.0), 5.0)?;
    /// level.build_all()?;
    /// let pond = level.add_area(Polygon::new(vec![p(8.0, 8.0), p(12.0, 8.0), p(12.0, 12.0), p(8.0, 12.0)]), 3)?;
    /// for size in [0.0, 1.0] {
    ///     let mesh = level.mesh(size)?;
    ///     assert_eq!(mesh.area(mesh.triangle_at(p(10.0, 10.0)).unwrap()), Some(3));
    /// }
    /// assert_eq!(level.area(pond).map(|(_, id)| id), Some(3));
    /// assert_eq!(level.obstacles().count(), 0);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn add_area(&mut self, polygon: Polygon, area: u8) -> Result<ObstacleKey, NavMeshError> {
        if usize::from(area) >= super::MAX_AREAS {
            return Err(NavMeshError::InvalidArea { area });
        }
        let key = ObstacleKey(self.next_key);
        self.apply(vec![(key, Some((polygon, Some(area))))])?;
        Ok(key)
    }

    /// Adds an obstacle to the map and to every mesh built so far.
    ///
    /// # Errors
    /// As [`TiledNavMesh::add_obstacle`] for any size; nothing changes then.
    pub fn add_obstacle(&mut self, obstacle: Polygon) -> Result<ObstacleKey, NavMeshError> {
        Ok(self.edit_obstacles(&[], std::slice::from_ref(&obstacle))?[0])
    }

    /// Adds several obstacles at once; their keys in order.
    ///
    /// # Errors
    /// As [`add_obstacle`](Self::add_obstacle); none is added then.
    pub fn add_obstacles(
        &mut self,
        obstacles: &[Polygon],
    ) -> Result<Vec<ObstacleKey>, NavMeshError> {
        self.edit_obstacles(&[], obstacles)
    }

    /// Removes an obstacle (or an area) from the map and every mesh built so far; the polygon
    /// as given.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`] for a key the map does not hold; as
    /// [`TiledNavMesh::remove_obstacle`] for any size. Nothing changes then.
    pub fn remove_obstacle(&mut self, key: ObstacleKey) -> Result<Polygon, NavMeshError> {
        let (old, _) = self
            .obstacles
            .get(&key.0)
            .cloned()
            .ok_or(NavMeshError::UnknownObstacle { key: key.0 })?;
        self.edit_obstacles(&[key], &[])?;
        Ok(old)
    }

    /// Moves (or reshapes) an obstacle (or an area, which stays the same area) in the map and
    /// every mesh built so far.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`], or as [`TiledNavMesh::move_obstacle`] for any size;
    /// nothing changes then.
    pub fn move_obstacle(
        &mut self,
        key: ObstacleKey,
        obstacle: Polygon,
    ) -> Result<(), NavMeshError> {
        self.check_keys(&[key])?;
        let area = self.obstacles[&key.0].1;
        self.apply(vec![(key, Some((obstacle, area)))])
    }

    /// Removes the obstacles `remove` and adds `add` in one edit of every mesh built so far;
    /// the keys of the added ones, in order.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`] for a key the map does not hold (or named twice); as
    /// [`TiledNavMesh::edit_obstacles`] for any size. Nothing changes then, in any mesh.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::AgentSizes;
    ///
    /// let p = Point::new;
    /// let wall = |x: f64| Polygon::new(vec![p(x, 2.0), p(x + 1.0, 2.0), p(x + 1.0, 8.0), p(x, 8.0)]);
    /// let mut level = AgentSizes::new(&[wall(3.0)], &[0.0, 0.5], p(0.0, 0.0), p(10.0, 10.0), 2.5)?;
    /// level.build_all()?;
    /// let old = level.obstacles().next().unwrap().0;
    /// let new = level.edit_obstacles(&[old], &[wall(6.0)])?;
    /// for size in [0.0, 0.5] {
    ///     assert!(level.mesh(size)?.triangle_at(p(3.5, 5.0)).is_some());
    ///     assert!(level.mesh(size)?.triangle_at(p(6.5, 5.0)).is_none());
    /// }
    /// assert_eq!(level.obstacle(new[0]), Some(&wall(6.0)));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn edit_obstacles(
        &mut self,
        remove: &[ObstacleKey],
        add: &[Polygon],
    ) -> Result<Vec<ObstacleKey>, NavMeshError> {
        self.check_keys(remove)?;
        let keys: Vec<ObstacleKey> = (self.next_key..).take(add.len()).map(ObstacleKey).collect();
        let changes = remove
            .iter()
            .map(|&k| (k, None))
            .chain(
                keys.iter()
                    .zip(add)
                    .map(|(&k, o)| (k, Some((o.clone(), None)))),
            )
            .collect();
        self.apply(changes)?;
        Ok(keys)
    }

    /// [`NavMeshError::UnknownObstacle`] for the first key the map does not hold or that is
    /// named a second time.
    fn check_keys(&self, keys: &[ObstacleKey]) -> Result<(), NavMeshError> {
        check_keys(keys, |k| self.obstacles.contains_key(&k))
    }

    /// Each obstacle `key` becomes its polygon (`None` removes it), in every mesh built so far
    /// and in the map, or nowhere: every mesh stages the edit, then all commit, or all undo.
    fn apply(&mut self, changes: Vec<(ObstacleKey, Option<Owned>)>) -> Result<(), NavMeshError> {
        let added = changes
            .iter()
            .filter_map(|(_, o)| o.as_ref().map(|(p, _)| p));
        NavMeshError::check_range(added.clone().flat_map(|o| o.points().iter().copied()))?;
        // Obstacles are grown; areas are not.
        let added = changes.iter().filter_map(|(_, o)| {
            o.as_ref()
                .filter(|(_, area)| area.is_none())
                .map(|(p, _)| p)
        });
        // The sizes not built yet: their outlines must be in range when they are.
        let unbuilt: Vec<f64> = (0..self.radii.len())
            .filter(|&k| self.meshes[k].get().is_none())
            .map(|k| self.radii[k])
            .collect();
        check_grown(added, &unbuilt)?;
        let mut staged: Vec<(usize, StagedEdit)> = Vec::new();
        for k in 0..self.meshes.len() {
            let Some(level) = self.meshes[k].get_mut() else {
                continue;
            };
            let shapes = changes
                .iter()
                .map(|(key, o)| (*key, o.as_ref().map(|(p, area)| (p, *area))));
            match level.stage(shapes) {
                Ok(edit) => staged.push((k, edit)),
                Err(e) => {
                    for (k, edit) in staged {
                        if let Some(level) = self.meshes[k].get_mut() {
                            level.undo(edit);
                        }
                    }
                    return Err(e);
                }
            }
        }
        for (k, edit) in staged {
            if let Some(level) = self.meshes[k].get_mut() {
                level.commit(edit);
            }
        }
        for (key, o) in changes {
            match o {
                Some(o) => self.obstacles.insert(key.0, o),
                None => self.obstacles.remove(&key.0),
            };
            self.next_key = self.next_key.max(key.0 + 1);
        }
        Ok(())
    }
}

/// A polygon an edit gives a key, and `None` for an obstacle or the id of an area.
type Owned = (Polygon, Option<u8>);

/// The obstacles' outlines grown for each radius within range: a mesh built later for one of
/// them is given what is checked now.
fn check_grown<'a>(
    obstacles: impl Iterator<Item = &'a Polygon> + Clone,
    radii: &[f64],
) -> Result<(), NavMeshError> {
    for &r in radii {
        for o in obstacles.clone().filter(|o| !o.is_empty()) {
            NavMeshError::check_range(grown_for_agent(o, r).points().iter().copied())?;
        }
    }
    Ok(())
}
