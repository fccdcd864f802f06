//! [`TiledNavMesh`]: a navigation mesh among obstacles that come, go and move, cut into tiles
//! so that an edit re-triangulates only the tiles the obstacle touches.

use super::build::grown_for_agent;
use super::build::FreeTriangles;
use super::mesh::NavMesh;
use super::tile_build::triangulate_tile;
use super::tiles::TileIndex;
use super::{NavMeshError, MAX_COORDINATE};
use crate::geometry::{Point, Polygon};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};
use std::collections::BTreeMap;

/// The most tiles a mesh is cut into: 2^16 (256 x 256). Each tile keeps its list of triangles
/// and an index of them (about a hundred bytes empty), and is triangulated once when the mesh is
/// built: a size that would cut a map into millions of tiles is refused
/// ([`NavMeshError::InvalidTileSize`]) rather than allocated.
pub const MAX_TILES: usize = 1 << 16;

/// Names an obstacle of a [`TiledNavMesh`], to move or remove it later.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::TiledNavMesh;
///
/// let p = Point::new;
/// let mut level = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0), 5.0)?;
/// let crate_box = level.add_obstacle(Polygon::new(vec![p(1.0, 1.0), p(2.0, 1.0), p(2.0, 2.0)]))?;
/// assert_ne!(crate_box, level.add_obstacle(Polygon::new(vec![p(6.0, 6.0), p(7.0, 6.0), p(7.0, 7.0)]))?);
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ObstacleKey(pub u64);

#[derive(Clone, Debug)]
struct Obstacle {
    given: Polygon,
    /// Grown by the agent's radius (an area as given); `None` for one without points.
    grown: Option<Polygon>,
    /// `None` for an obstacle; the area id of an area ([`TiledNavMesh::add_area`]).
    area: Option<u8>,
}

/// What an edit makes of a key: a polygon, and `None` for an obstacle or the id of an area.
pub(crate) type Shape<'a> = (&'a Polygon, Option<u8>);

/// A navigation mesh of obstacles in a box, cut into square tiles: adding, moving or removing
/// an obstacle re-triangulates only the tiles its grown outline touches, stitched to their
/// neighbours, in place. Games whose doors close, crates get pushed and buildings go up keep
/// one mesh and edit it, as Recast's tile cache or Unity's carving do, instead of building it
/// again.
///
/// [`mesh`](Self::mesh) is an ordinary [`NavMesh`]: every query and the optimal any-angle
/// search run on it unchanged. Its walkable space is exactly that of
/// [`NavMesh::from_obstacles`] with the same obstacles, radius and box, so paths are as short;
/// its triangles differ (each tile's sides cut the triangles that cross them), and their
/// numbers change with every edit.
///
/// The tile size trades edits against queries: small tiles make an edit cheap (fewer walls to
/// triangulate again) and a mesh of more triangles (slower queries). Tiles a few times the
/// size of an ordinary obstacle are a good start; `docs/performance.md` measures it.
///
/// The first any-angle search after one or more edits also finds the mesh's pockets again (the
/// parts joined to the rest by one edge, which searches skip when they do not hold the goal):
/// one pass over every triangle, about 1 ms for 12,000 triangles, paid once however many edits
/// came before it. Every search after it runs at full speed.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::{AnyAngleSearch, TiledNavMesh};
/// use pathkit::Pathfinder;
///
/// let p = Point::new;
/// let square = |x: f64, y: f64| Polygon::new(vec![p(x, y), p(x + 2.0, y), p(x + 2.0, y + 2.0), p(x, y + 2.0)]);
/// let mut level = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(20.0, 10.0), 4.0)?;
/// let mut search = AnyAngleSearch::new();
/// let (start, goal) = (p(1.0, 5.0), p(19.0, 5.0));
/// let straight = level.mesh().find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert_eq!(straight.cost, 18.0);
///
/// // A crate in the way, then pushed aside: only the tiles it touches are rebuilt.
/// let crate_box = level.add_obstacle(square(9.0, 4.0))?;
/// let around = level.mesh().find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert!(around.cost > 18.0);
/// level.move_obstacle(crate_box, square(9.0, 7.0))?;
/// let again = level.mesh().find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert_eq!(again.cost, 18.0);
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TiledNavMesh {
    mesh: NavMesh,
    radius: f64,
    min: Point,
    max: Point,
    tile_size: f64,
    /// Whether obstacles are grown by the agent's radius (or given grown).
    grow: bool,
    /// Whether the agent fits in the box at all (otherwise the mesh stays empty).
    fits: bool,
    resolution: f64,
    obstacles: BTreeMap<u64, Obstacle>,
    next_key: u64,
    /// The grown obstacles' boxes.
    boxes: RTree<GeomWithData<Rectangle<[f64; 2]>, u64>>,
    /// Whether an area was ever added: the mesh then keeps the areas around each vertex.
    with_areas: bool,
}

impl TiledNavMesh {
    /// The mesh of `obstacles` in the box `min`-`max` for an agent of radius `agent_radius`,
    /// as [`NavMesh::from_obstacles`] builds it, cut into tiles of `tile_size` (the last row
    /// and column cut at the box). The obstacles are named `ObstacleKey(0)`,
    /// `ObstacleKey(1)`, ... in order.
    ///
    /// # Errors
    /// As [`NavMesh::from_obstacles`], and [`NavMeshError::InvalidTileSize`] for a size not
    /// positive, not finite, or cutting the box into more than [`MAX_TILES`] tiles.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{NavMeshError, TiledNavMesh};
    ///
    /// let p = Point::new;
    /// let wall = Polygon::new(vec![p(4.0, 0.0), p(6.0, 0.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let level = TiledNavMesh::new(&[wall], 0.5, p(0.0, 0.0), p(10.0, 10.0), 2.5)?;
    /// assert_eq!(level.mesh().triangle_at(p(3.75, 4.0)), None);
    /// assert!(level.mesh().triangle_at(p(3.25, 4.0)).is_some());
    /// let zero = TiledNavMesh::new(&[], 0.5, p(0.0, 0.0), p(10.0, 10.0), 0.0).unwrap_err();
    /// assert_eq!(zero, NavMeshError::InvalidTileSize { size: 0.0 });
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn new(
        obstacles: &[Polygon],
        agent_radius: f64,
        min: impl Into<Point>,
        max: impl Into<Point>,
        tile_size: f64,
    ) -> Result<TiledNavMesh, NavMeshError> {
        let keyed: Vec<(ObstacleKey, Shape)> = (0..)
            .map(ObstacleKey)
            .zip(obstacles.iter().map(|o| (o, None)))
            .collect();
        TiledNavMesh::build(
            &keyed,
            Some(agent_radius),
            min.into(),
            max.into(),
            tile_size,
        )
    }

    /// [`new`](Self::new) with the obstacles' keys given, for meshes kept beside others that
    /// name the same obstacles the same way ([`AgentSizes`](super::AgentSizes)).
    pub(crate) fn with_keys(
        obstacles: &[(ObstacleKey, Shape)],
        agent_radius: f64,
        min: Point,
        max: Point,
        tile_size: f64,
    ) -> Result<TiledNavMesh, NavMeshError> {
        TiledNavMesh::build(obstacles, Some(agent_radius), min, max, tile_size)
    }

    /// The mesh of obstacles grown already, in the box as given (no agent radius), for meshes
    /// that grow obstacles their own way ([`MeshGraph`](crate::graph::MeshGraph)).
    pub(crate) fn of_grown(
        grown: &[Polygon],
        min: Point,
        max: Point,
        tile_size: f64,
    ) -> Result<TiledNavMesh, NavMeshError> {
        let keyed: Vec<(ObstacleKey, Shape)> = (0..)
            .map(ObstacleKey)
            .zip(grown.iter().map(|o| (o, None)))
            .collect();
        TiledNavMesh::build(&keyed, None, min, max, tile_size)
    }

    /// [`new`](Self::new) for an agent of radius `radius`, or [`of_grown`](Self::of_grown) for
    /// none.
    fn build(
        obstacles: &[(ObstacleKey, Shape)],
        radius: Option<f64>,
        min: Point,
        max: Point,
        tile_size: f64,
    ) -> Result<TiledNavMesh, NavMeshError> {
        let agent_radius = radius.unwrap_or(0.0);
        NavMeshError::check_range([min, max])?;
        if !(min.x < max.x && min.y < max.y) {
            return Err(NavMeshError::EmptyBounds { min, max });
        }
        if !(0.0..=MAX_COORDINATE).contains(&agent_radius) {
            return Err(NavMeshError::InvalidRadius {
                radius: agent_radius,
            });
        }
        let invalid = NavMeshError::InvalidTileSize { size: tile_size };
        if !(tile_size > 0.0 && tile_size.is_finite()) {
            return Err(invalid);
        }
        let r = agent_radius;
        let (lo, hi) = (
            Point::new(min.x + r, min.y + r),
            Point::new(max.x - r, max.y - r),
        );
        let fits = lo.x < hi.x && lo.y < hi.y;
        let mesh = if fits {
            let tiles = TileIndex::new(lo, hi, tile_size, MAX_TILES).ok_or(invalid)?;
            NavMesh::tiled(tiles)
        } else {
            // Nowhere is walkable: no tile at all.
            NavMesh::assemble(Vec::new(), Vec::new(), &|_, _| false)?
        };
        let resolution = [lo.x, lo.y, hi.x, hi.y]
            .iter()
            .fold(0.0f64, |m, v| m.max(v.abs()))
            * f64::EPSILON;
        let mut level = TiledNavMesh {
            mesh,
            radius: r,
            grow: radius.is_some(),
            min,
            max,
            tile_size,
            fits,
            resolution,
            obstacles: BTreeMap::new(),
            next_key: 0,
            boxes: RTree::new(),
            with_areas: false,
        };
        // Every tile, once, with all the obstacles in.
        let staged = level.stage_in(obstacles.iter().map(|(k, o)| (*k, Some(*o))), true)?;
        level.commit(staged);
        Ok(level)
    }

    /// The mesh as it is now: search it, ask it about points. Triangle numbers hold until the
    /// next edit.
    #[must_use]
    pub fn mesh(&self) -> &NavMesh {
        &self.mesh
    }

    /// The size of a tile.
    #[must_use]
    pub fn tile_size(&self) -> f64 {
        self.tile_size
    }

    /// The agent radius the mesh is built for.
    #[must_use]
    pub fn agent_radius(&self) -> f64 {
        self.radius
    }

    /// The box the mesh was built in.
    #[must_use]
    pub fn bounds(&self) -> (Point, Point) {
        (self.min, self.max)
    }

    /// The obstacle named `key`, as given (`None` for an area's key).
    #[must_use]
    pub fn obstacle(&self, key: ObstacleKey) -> Option<&Polygon> {
        self.obstacles
            .get(&key.0)
            .filter(|o| o.area.is_none())
            .map(|o| &o.given)
    }

    /// Every obstacle, by key (not the areas).
    pub fn obstacles(&self) -> impl Iterator<Item = (ObstacleKey, &Polygon)> + '_ {
        self.obstacles
            .iter()
            .filter(|(_, o)| o.area.is_none())
            .map(|(&k, o)| (ObstacleKey(k), &o.given))
    }

    /// The area named `key`: its polygon and id.
    #[must_use]
    pub fn area(&self, key: ObstacleKey) -> Option<(&Polygon, u8)> {
        let o = self.obstacles.get(&key.0)?;
        o.area.map(|id| (&o.given, id))
    }

    /// Every area, by key: polygon and id (a later key wins where two overlap).
    pub fn areas(&self) -> impl Iterator<Item = (ObstacleKey, &Polygon, u8)> + '_ {
        self.obstacles
            .iter()
            .filter_map(|(&k, o)| o.area.map(|id| (ObstacleKey(k), &o.given, id)))
    }

    /// Marks the ground of `polygon` area `area` (below [`MAX_AREAS`](super::MAX_AREAS)), as
    /// [`NavMesh::from_obstacles_with_areas`] does: its sides cut the triangles of the tiles it
    /// touches, which are rebuilt, but are no walls; where areas overlap the one added later
    /// wins. An area is not grown by the agent's radius (it holds the agent's centre). Remove or
    /// move it with [`remove_obstacle`](Self::remove_obstacle) and
    /// [`move_obstacle`](Self::move_obstacle), which take an area's key as well.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidArea`] for an id of [`MAX_AREAS`](super::MAX_AREAS) or more; as
    /// [`add_obstacle`](Self::add_obstacle) for the points and tiles. Nothing changes then.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AnyAngleSearch, AreaFilter, TiledNavMesh};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// const MUD: u8 = 2;
    /// let mut level = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(20.0, 10.0), 5.0)?;
    /// let bog = level.add_area(Polygon::new(vec![p(8.0, 0.0), p(12.0, 0.0), p(12.0, 7.0), p(8.0, 7.0)]), MUD)?;
    /// assert_eq!(level.mesh().area(level.mesh().triangle_at(p(10.0, 3.0)).unwrap()), Some(MUD));
    /// let (start, goal) = (p(2.0, 3.0), p(18.0, 3.0));
    /// let mut search = AnyAngleSearch::new();
    /// let dry = AreaFilter::ALL.without(MUD)?;
    /// let round = level.mesh().with_filter(dry).find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(round.nodes[1], p(8.0, 7.0)); // round the bog's corner
    /// level.remove_obstacle(bog)?; // dried up
    /// let straight = level.mesh().with_filter(dry).find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(straight.cost, 16.0);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn add_area(&mut self, polygon: Polygon, area: u8) -> Result<ObstacleKey, NavMeshError> {
        if usize::from(area) >= super::MAX_AREAS {
            return Err(NavMeshError::InvalidArea { area });
        }
        let key = ObstacleKey(self.next_key);
        let staged = self.stage([(key, Some((&polygon, Some(area))))])?;
        self.commit(staged);
        Ok(key)
    }

    /// Adds an obstacle and rebuilds the tiles it touches.
    ///
    /// # Errors
    /// As [`NavMesh::from_obstacles`] for the obstacle's points and for the tiles it touches;
    /// the mesh is then left as it was.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::TiledNavMesh;
    ///
    /// let p = Point::new;
    /// let mut level = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0), 5.0)?;
    /// level.add_obstacle(Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]))?;
    /// assert_eq!(level.mesh().triangle_at(p(5.0, 5.0)), None);
    /// assert!(level.add_obstacle(Polygon::new(vec![p(f64::NAN, 0.0)])).is_err());
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn add_obstacle(&mut self, obstacle: Polygon) -> Result<ObstacleKey, NavMeshError> {
        Ok(self.add_obstacles(std::slice::from_ref(&obstacle))?[0])
    }

    /// Adds several obstacles at once, rebuilding each touched tile once; their keys in order.
    ///
    /// # Errors
    /// As [`add_obstacle`](Self::add_obstacle); none is added then.
    pub fn add_obstacles(
        &mut self,
        obstacles: &[Polygon],
    ) -> Result<Vec<ObstacleKey>, NavMeshError> {
        let keys: Vec<ObstacleKey> = (self.next_key..)
            .take(obstacles.len())
            .map(ObstacleKey)
            .collect();
        let changes = keys
            .iter()
            .zip(obstacles)
            .map(|(k, o)| (*k, Some((o, None))));
        let staged = self.stage(changes)?;
        self.commit(staged);
        Ok(keys)
    }

    /// Removes an obstacle (or an area, [`add_area`](Self::add_area)) and rebuilds the tiles it
    /// touched; the polygon as given.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`] for a key the mesh does not hold, and as
    /// [`NavMesh::from_obstacles`] for the tiles it touched; the mesh is then left as it was.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{NavMeshError, TiledNavMesh};
    ///
    /// let p = Point::new;
    /// let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    /// let mut level = TiledNavMesh::new(&[pillar.clone()], 0.0, p(0.0, 0.0), p(10.0, 10.0), 5.0)?;
    /// let key = level.obstacles().next().unwrap().0;
    /// assert_eq!(level.remove_obstacle(key)?, pillar);
    /// assert!(level.mesh().triangle_at(p(5.0, 5.0)).is_some());
    /// assert_eq!(level.remove_obstacle(key), Err(NavMeshError::UnknownObstacle { key: key.0 }));
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn remove_obstacle(&mut self, key: ObstacleKey) -> Result<Polygon, NavMeshError> {
        self.check_keys(&[key])?;
        let staged = self.stage([(key, None)])?;
        let old = staged.previous[0].1.as_ref().map(|o| o.given.clone());
        self.commit(staged);
        Ok(old.expect("checked above"))
    }

    /// Removes the obstacles `remove` and adds `add` in one edit, each touched tile rebuilt
    /// once; the keys of the added ones, in order. A game's changes of one frame (a door
    /// closing, a crate landing) cost one rebuild of the tiles they share.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`] for a key the mesh does not hold (or named twice), and
    /// as [`add_obstacle`](Self::add_obstacle); nothing is removed or added then.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::TiledNavMesh;
    ///
    /// let p = Point::new;
    /// let door = |open: bool| if open {
    ///     Polygon::new(vec![p(5.0, 0.0), p(5.0, 3.0)]) // swung against the wall
    /// } else {
    ///     Polygon::new(vec![p(5.0, 3.0), p(5.0, 7.0)])
    /// };
    /// let mut level = TiledNavMesh::new(&[door(true)], 0.0, p(0.0, 0.0), p(10.0, 10.0), 2.5)?;
    /// let open = level.obstacles().next().unwrap().0;
    /// let closed = level.edit_obstacles(&[open], &[door(false)])?;
    /// assert_eq!(level.obstacles().count(), 1);
    /// assert_eq!(level.obstacle(closed[0]), Some(&door(false)));
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
            .chain(keys.iter().zip(add).map(|(k, o)| (*k, Some((o, None)))));
        let staged = self.stage(changes)?;
        self.commit(staged);
        Ok(keys)
    }

    /// Moves (or reshapes) an obstacle (or an area, which stays the same area): it becomes
    /// `obstacle`, and the tiles the old and the new outline touch are rebuilt, each once.
    ///
    /// # Errors
    /// [`NavMeshError::UnknownObstacle`], or as [`add_obstacle`](Self::add_obstacle); the mesh
    /// and the obstacle are then left as they were.
    pub fn move_obstacle(
        &mut self,
        key: ObstacleKey,
        obstacle: Polygon,
    ) -> Result<(), NavMeshError> {
        self.check_keys(&[key])?;
        let area = self.obstacles[&key.0].area;
        let staged = self.stage([(key, Some((&obstacle, area)))])?;
        self.commit(staged);
        Ok(())
    }

    /// [`NavMeshError::UnknownObstacle`] for the first key the mesh does not hold or that is
    /// named a second time.
    pub(crate) fn check_keys(&self, keys: &[ObstacleKey]) -> Result<(), NavMeshError> {
        check_keys(keys, |k| self.obstacles.contains_key(&k))
    }

    /// The first half of an edit: each obstacle `key` becomes its polygon (`None` removes it)
    /// and every tile the old and new outlines touch is triangulated again, but the mesh is
    /// not touched until [`commit`](Self::commit). Several meshes edited together
    /// ([`AgentSizes`](super::AgentSizes)) stage the edit in each, then commit all or
    /// [`undo`](Self::undo) all. A key past the last one given moves the next key past it.
    ///
    /// # Errors
    /// As [`NavMesh::from_obstacles`] for the polygons and the tiles; the obstacles are then as
    /// they were.
    pub(crate) fn stage<'a>(
        &mut self,
        changes: impl IntoIterator<Item = (ObstacleKey, Option<Shape<'a>>)>,
    ) -> Result<StagedEdit, NavMeshError> {
        self.stage_in(changes, false)
    }

    /// [`stage`](Self::stage), triangulating every tile when `everywhere` (a mesh being built).
    fn stage_in<'a>(
        &mut self,
        changes: impl IntoIterator<Item = (ObstacleKey, Option<Shape<'a>>)>,
        everywhere: bool,
    ) -> Result<StagedEdit, NavMeshError> {
        let changes: Vec<(ObstacleKey, Option<Shape<'a>>)> = changes.into_iter().collect();
        let new = changes.iter().filter_map(|(_, o)| o.map(|(p, _)| p));
        NavMeshError::check_range(new.clone().flat_map(|o| o.points().iter().copied()))?;
        let grown: Vec<Option<Polygon>> = changes
            .iter()
            .map(|(_, o)| match o {
                Some((p, None)) => self.grown(p),
                Some((p, Some(_))) => (!p.is_empty()).then(|| (*p).clone()),
                None => None,
            })
            .collect();
        NavMeshError::check_range(
            grown
                .iter()
                .flatten()
                .flat_map(|o| o.points().iter().copied()),
        )?;
        let mut staged = StagedEdit {
            previous: Vec::with_capacity(changes.len()),
            next_key: self.next_key,
            tiles: Vec::new(),
        };
        let mut regions: Vec<Region> = Vec::new();
        for ((key, given), grown) in changes.into_iter().zip(grown) {
            let old = self.forget(key.0);
            regions.extend(
                old.iter()
                    .filter_map(|o| o.grown.as_ref().map(Polygon::bounds)),
            );
            regions.extend(grown.as_ref().map(Polygon::bounds));
            if let Some((given, area)) = given {
                let given = given.clone();
                self.with_areas |= area.is_some();
                self.restore(key.0, Obstacle { given, grown, area });
            }
            self.next_key = self.next_key.max(key.0 + 1);
            staged.previous.push((key.0, old));
        }
        if everywhere {
            regions = vec![(self.min, self.max)];
        }
        match self.triangulate(&regions) {
            Ok(tiles) => {
                staged.tiles = tiles;
                Ok(staged)
            }
            Err(e) => {
                self.undo(staged);
                Err(e)
            }
        }
    }

    /// Puts the tiles of a staged edit in the mesh.
    pub(crate) fn commit(&mut self, staged: StagedEdit) {
        for ((c, r), (triangles, areas)) in &staged.tiles {
            self.mesh
                .replace_tile(*c, *r, triangles, areas, self.with_areas);
        }
    }

    /// Takes back a staged edit: the obstacles and the next key as they were.
    pub(crate) fn undo(&mut self, staged: StagedEdit) {
        for (key, old) in staged.previous.into_iter().rev() {
            self.forget(key);
            if let Some(old) = old {
                self.restore(key, old);
            }
        }
        self.next_key = staged.next_key;
    }

    /// The outline an obstacle takes in the mesh: grown by the agent's radius (or as given to
    /// [`of_grown`](Self::of_grown)); `None` for an obstacle without points.
    fn grown(&self, obstacle: &Polygon) -> Option<Polygon> {
        if obstacle.is_empty() {
            None
        } else if self.grow {
            Some(grown_for_agent(obstacle, self.radius))
        } else {
            Some(obstacle.clone())
        }
    }

    /// Whether `p` is a vertex the tiles made: on a line between tiles, and no corner of an
    /// obstacle (as grown). On a wall without area such a vertex splits the wall in two pieces
    /// that end there, where the untiled mesh has none; a graph over the mesh's vertices
    /// ([`MeshGraph`](crate::graph::MeshGraph)) must not step across the wall through it.
    pub(crate) fn is_seam_vertex(&self, p: Point) -> bool {
        let Some(tiles) = self.mesh.tiles.as_deref() else {
            return false;
        };
        if !tiles.on_tile_line(p) {
            return false;
        }
        !self
            .boxes
            .locate_all_at_point(&[p.x, p.y])
            .filter(|e| self.obstacles[&e.data].area.is_none())
            .filter_map(|e| self.obstacles[&e.data].grown.as_ref())
            .any(|o| o.points().contains(&p))
    }

    /// Takes an obstacle out of the map and the index, not touching the mesh.
    fn forget(&mut self, key: u64) -> Option<Obstacle> {
        let old = self.obstacles.remove(&key)?;
        if let Some(g) = &old.grown {
            self.boxes.remove(&entry(g, key));
        }
        Some(old)
    }

    /// Puts an obstacle back into the map and the index, not touching the mesh.
    fn restore(&mut self, key: u64, obstacle: Obstacle) {
        if let Some(g) = &obstacle.grown {
            self.boxes.insert(entry(g, key));
        }
        self.obstacles.insert(key, obstacle);
    }

    /// Triangulates again every tile that the boxes `regions` meet, with the obstacles as they
    /// are now, not touching the mesh: each tile's place and triangles.
    fn triangulate(&self, regions: &[Region]) -> Result<Vec<TileTriangles>, NavMeshError> {
        if !self.fits {
            return Ok(Vec::new());
        }
        let Some(tiles) = self.mesh.tiles.as_deref() else {
            return Ok(Vec::new());
        };
        let mut dirty: Vec<(usize, usize)> = regions
            .iter()
            .flat_map(|&(lo, hi)| tiles.tiles_meeting(lo, hi, 0.0))
            .collect();
        dirty.sort_unstable_by_key(|&(c, r)| (r, c));
        dirty.dedup();
        let mut built = Vec::with_capacity(dirty.len());
        for (c, r) in dirty {
            let b = tiles.tile_box(c, r);
            let envelope = AABB::from_corners([b.lo.x, b.lo.y], [b.hi.x, b.hi.y]);
            let mut keys: Vec<u64> = self
                .boxes
                .locate_in_envelope_intersecting(&envelope)
                .map(|e| e.data)
                .collect();
            // The order of the walls decides the triangulation's numbering: keep it the same.
            keys.sort_unstable();
            let near: Vec<&Polygon> = keys
                .iter()
                .filter(|k| self.obstacles[k].area.is_none())
                .filter_map(|k| self.obstacles[k].grown.as_ref())
                .collect();
            let areas: Vec<(&Polygon, u8)> = keys
                .iter()
                .filter_map(|k| {
                    let o = &self.obstacles[k];
                    Some((o.grown.as_ref()?, o.area?))
                })
                .collect();
            built.push((
                (c, r),
                triangulate_tile(&b, &near, &areas, self.resolution)?,
            ));
        }
        Ok(built)
    }
}

/// An edit of a [`TiledNavMesh`] staged: the obstacles it changed as they were (to undo it),
/// the next key before it, and the tiles triangulated again (to commit it).
pub(crate) struct StagedEdit {
    previous: Vec<(u64, Option<Obstacle>)>,
    next_key: u64,
    tiles: Vec<TileTriangles>,
}

/// A tile's column and row, its new triangles and their areas.
type TileTriangles = ((usize, usize), (FreeTriangles, Vec<u8>));

/// [`NavMeshError::UnknownObstacle`] for the first of `keys` that `holds` does not hold, or
/// that is named a second time: the keys an edit removes or moves, each once.
pub(crate) fn check_keys(
    keys: &[ObstacleKey],
    holds: impl Fn(u64) -> bool,
) -> Result<(), NavMeshError> {
    for (i, key) in keys.iter().enumerate() {
        if !holds(key.0) || keys[..i].contains(key) {
            return Err(NavMeshError::UnknownObstacle { key: key.0 });
        }
    }
    Ok(())
}

/// A box, lower-left and upper-right corners.
type Region = (Point, Point);

/// The index entry of a grown obstacle.
fn entry(grown: &Polygon, key: u64) -> GeomWithData<Rectangle<[f64; 2]>, u64> {
    let (a, b) = grown.bounds();
    GeomWithData::new(Rectangle::from_corners([a.x, a.y], [b.x, b.y]), key)
}
