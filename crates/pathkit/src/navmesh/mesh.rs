//! [`NavMesh`]: the walkable part of a plane as triangles that know their neighbours, with the
//! point queries a game asks of it (where is this point, what is the nearest walkable point, can
//! one see the other).

use super::locator::Locator;
use super::pockets::Pockets;
use super::tiles::TileIndex;
use super::NavMeshError;
use crate::geometry::Point;
use rstar::primitives::{GeomWithData, Line};
use rstar::RTree;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The neighbour across an edge that has none: the edge is a wall.
pub(crate) const WALL: u32 = u32::MAX;

/// Distances below this count as zero in the point queries: points this close to a triangle are
/// on it, and a line passing this close to a vertex passes through it.
pub(crate) const TOLERANCE: f64 = 1e-9;

/// Where a walk along a segment of a mesh ended ([`NavMesh::raycast`], [`NavMesh::line_of_sight`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Walked {
    /// At the segment's end, in triangle `t`.
    Reached { t: usize },
    /// Against edge `edge` (corner `edge` to the next) of triangle `t`, a wall.
    Wall { t: usize, edge: usize },
    /// At corner `vertex` of triangle `t`, walls on both sides of the way on.
    Corner { t: usize, vertex: usize },
    /// Lost `along` the segment (a degenerate mesh): taken as blocked there.
    Stuck { along: f64 },
}

/// What a ray cast on a [`NavMesh`] met ([`NavMesh::raycast`]).
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::RayHit;
///
/// let hit = RayHit { point: Point::new(4.0, 5.0), normal: Point::new(-1.0, 0.0), distance: 3.0 };
/// assert_eq!(hit.normal.length(), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Where the ray met the wall.
    pub point: Point,
    /// The wall's unit normal, facing the walkable side (where the ray came from).
    pub normal: Point,
    /// How far the ray went, from its start to `point`.
    pub distance: f64,
}

/// A navigation mesh: walkable space as triangles, each knowing the neighbour across each edge.
///
/// Edges with no neighbour are walls (the sides of obstacles, the bounds of the map); the
/// vertices on walls are the *corners* where a shortest path may turn. Agents move anywhere
/// inside the triangles, so paths on a mesh are any-angle: straight lines between corners, not
/// steps between tiles.
///
/// Build one from obstacles ([`from_obstacles`](NavMesh::from_obstacles)), from a grid
/// ([`from_grid`](NavMesh::from_grid)) or from triangles of your own
/// ([`from_triangles`](NavMesh::from_triangles)); search it with
/// [`find_path`](crate::Pathfinder::find_path) (optimal, any-angle) or an
/// [`AnyAngleSearch`](super::AnyAngleSearch) kept between queries.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::NavMesh;
///
/// // Two triangles making the square (0, 0)-(4, 4).
/// let p = Point::new;
/// let mesh = NavMesh::from_triangles(
///     vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)],
///     vec![[0, 1, 2], [0, 2, 3]],
/// )?;
/// assert_eq!(mesh.triangle_count(), 2);
/// assert_eq!(mesh.triangle_at(p(1.0, 3.0)), Some(1));
/// assert_eq!(mesh.nearest_point(p(6.0, 2.0))?, p(4.0, 2.0));
/// assert!(mesh.line_of_sight(p(0.5, 0.5), p(3.5, 3.5))?);
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        try_from = "super::serialization::NavMeshData",
        into = "super::serialization::NavMeshData"
    )
)]
pub struct NavMesh {
    pub(super) vertices: Vec<Point>,
    /// Corners of each triangle, counter-clockwise.
    pub(super) triangles: Vec<[u32; 3]>,
    /// The triangle across edge `k` (from corner `k` to corner `k + 1`), or [`WALL`].
    pub(super) neighbours: Vec<[u32; 3]>,
    /// Which edge of that neighbour is the shared one.
    pub(super) entries: Vec<[u8; 3]>,
    /// Whether each vertex is on a wall: the only places a shortest path turns.
    pub(super) corners: Vec<bool>,
    /// The parts of the mesh hanging from the rest by one edge, which the any-angle search
    /// skips when they do not hold its goal ([`Pockets`]). Found when the mesh is built; a tile
    /// edit forgets them, and the next search finds them again ([`NavMesh::pockets`]).
    pub(super) pockets: OnceLock<Pockets>,
    /// The area of each triangle (0 unless built with areas, [`NavMesh::from_obstacles_with_areas`]).
    pub(super) areas: Vec<u8>,
    /// For each vertex, the areas of the triangles around it, a bit each: where an area an
    /// agent may not enter meets one it may, the vertex is a corner for that agent.
    pub(super) vertex_areas: Vec<u64>,
    /// Which triangles may hold a point (unless the mesh is tiled).
    locator: Locator,
    /// The wall edges, for the nearest walkable point to a point off the mesh (unless the mesh
    /// is tiled).
    walls: RTree<GeomWithData<Line<[f64; 2]>, ()>>,
    /// The tiles of a mesh built to be edited tile by tile ([`TiledNavMesh`](super::TiledNavMesh)),
    /// which then locate points and find walls instead of `locator` and `walls`.
    pub(super) tiles: Option<Box<TileIndex>>,
}

impl NavMesh {
    /// A mesh of your own triangles over `vertices`. Either winding is accepted (triangles are
    /// stored counter-clockwise); triangles sharing an edge are neighbours, and every edge of
    /// one triangle only is a wall.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`] for a vertex that is not finite,
    /// [`VertexOutOfRange`](NavMeshError::VertexOutOfRange),
    /// [`DegenerateTriangle`](NavMeshError::DegenerateTriangle) for a triangle without area,
    /// [`NonManifoldEdge`](NavMeshError::NonManifoldEdge) for an edge of three triangles or of
    /// two that overlap, [`TooManyElements`](NavMeshError::TooManyElements).
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{NavMesh, NavMeshError};
    ///
    /// let p = Point::new;
    /// let square = vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)];
    /// // Clockwise is fine; a flat triangle is not.
    /// assert!(NavMesh::from_triangles(square.clone(), vec![[2, 1, 0]]).is_ok());
    /// let flat = NavMesh::from_triangles(square, vec![[0, 1, 1]]).unwrap_err();
    /// assert_eq!(flat, NavMeshError::DegenerateTriangle { triangle: 0 });
    /// ```
    pub fn from_triangles(
        vertices: Vec<Point>,
        triangles: Vec<[u32; 3]>,
    ) -> Result<NavMesh, NavMeshError> {
        let turns = check_triangles(&vertices, &triangles)?;
        let mut triangles = triangles;
        for (t, turn) in triangles.iter_mut().zip(turns) {
            if turn < 0.0 {
                t.swap(1, 2);
            }
        }
        NavMesh::assemble(vertices, triangles, &|_, _| false)
    }

    /// Joins counter-clockwise, non-degenerate triangles into a mesh: neighbours across shared
    /// edges, except across the edges `is_wall` names (the sides of obstacles without area),
    /// then corners, the point locator and the wall index. Vertices on no triangle are dropped.
    pub(crate) fn assemble(
        vertices: Vec<Point>,
        triangles: Vec<[u32; 3]>,
        is_wall: &dyn Fn(u32, u32) -> bool,
    ) -> Result<NavMesh, NavMeshError> {
        // Keep only the vertices triangles use, in their order.
        let mut renumber = vec![WALL; vertices.len()];
        let mut kept = Vec::new();
        for t in &triangles {
            for &v in t {
                if renumber[v as usize] == WALL {
                    renumber[v as usize] = kept.len() as u32;
                    kept.push(v);
                }
            }
        }
        // Each directed edge once (twice means two triangles overlap); walls are not joined.
        let mut edges: HashMap<(u32, u32), (u32, usize, bool)> =
            HashMap::with_capacity(triangles.len() * 2);
        let mut neighbours = vec![[WALL; 3]; triangles.len()];
        for (k, t) in triangles.iter().enumerate() {
            for side in 0..3 {
                let (from, to) = (t[side], t[(side + 1) % 3]);
                let wall = is_wall(from, to);
                if edges.insert((from, to), (k as u32, side, wall)).is_some() {
                    return Err(NavMeshError::NonManifoldEdge { from, to });
                }
                // The second meeting of an edge (the other way) joins the two triangles.
                if let Some(&(other, other_side, other_wall)) = edges.get(&(to, from)) {
                    if wall || other_wall {
                        continue;
                    }
                    neighbours[other as usize][other_side] = k as u32;
                    neighbours[k][side] = other;
                }
            }
        }
        let triangles: Vec<[u32; 3]> = triangles
            .iter()
            .map(|t| t.map(|v| renumber[v as usize]))
            .collect();
        let vertices: Vec<Point> = kept.iter().map(|&v| vertices[v as usize]).collect();
        let mut corners = vec![false; vertices.len()];
        let mut wall_lines = Vec::new();
        for (t, n) in triangles.iter().zip(&neighbours) {
            for side in 0..3 {
                if n[side] == WALL {
                    let (a, b) = (t[side], t[(side + 1) % 3]);
                    corners[a as usize] = true;
                    corners[b as usize] = true;
                    let (pa, pb) = (vertices[a as usize], vertices[b as usize]);
                    wall_lines.push(GeomWithData::new(Line::new([pa.x, pa.y], [pb.x, pb.y]), ()));
                }
            }
        }
        let points: Vec<[Point; 3]> = triangles
            .iter()
            .map(|t| t.map(|v| vertices[v as usize]))
            .collect();
        let entries: Vec<[u8; 3]> = triangles
            .iter()
            .zip(&neighbours)
            .map(|(t, n)| {
                let mut e = [0u8; 3];
                for side in 0..3 {
                    if n[side] != WALL {
                        // The neighbour runs the shared edge the other way: it starts at our
                        // edge's end.
                        let other = triangles[n[side] as usize];
                        let from = t[(side + 1) % 3];
                        e[side] = other.iter().position(|&v| v == from).unwrap_or(0) as u8;
                    }
                }
                e
            })
            .collect();
        let (areas, vertex_areas) = (vec![0; triangles.len()], vec![1; vertices.len()]);
        let pockets = OnceLock::from(Pockets::new(&neighbours, &entries));
        Ok(NavMesh {
            locator: Locator::new(&points),
            walls: RTree::bulk_load(wall_lines),
            vertices,
            triangles,
            neighbours,
            entries,
            corners,
            pockets,
            areas,
            vertex_areas,
            tiles: None,
        })
    }

    /// Gives each triangle its area (`areas[k]` for triangle `k`, each below 64) and each vertex
    /// the areas around it.
    pub(crate) fn set_areas(&mut self, areas: Vec<u8>) {
        let mut around = vec![0u64; self.vertices.len()];
        for (t, &a) in self.triangles.iter().zip(&areas) {
            for &v in t {
                around[v as usize] |= 1 << a;
            }
        }
        self.areas = areas;
        self.vertex_areas = around;
    }

    /// The area of triangle `k` (0 for a mesh built without areas), or `None` past the end.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let pond = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    /// let mesh = NavMesh::from_obstacles_with_areas(&[], &[(pond, 3)], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// assert_eq!(mesh.area(mesh.triangle_at(p(5.0, 5.0)).unwrap()), Some(3));
    /// assert_eq!(mesh.area(mesh.triangle_at(p(1.0, 1.0)).unwrap()), Some(0));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn area(&self, k: usize) -> Option<u8> {
        self.areas.get(k).copied()
    }

    /// Whether triangle `k` is in an area `forbidden` (a bit per area) names.
    #[inline]
    pub(crate) fn forbids(&self, k: usize, forbidden: u64) -> bool {
        forbidden & (1 << self.areas[k]) != 0
    }

    /// The mesh's pockets: found when it was built, or found again here after a tile edit (so
    /// that several edits in a row pay for one search of the whole mesh, at the next query).
    #[inline]
    pub(crate) fn pockets(&self) -> &Pockets {
        self.pockets
            .get_or_init(|| Pockets::new(&self.neighbours, &self.entries))
    }

    /// How many triangles the mesh has.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let box_only = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(10.0, 10.0))?;
    /// assert_eq!(box_only.triangle_count(), 2);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.triangles.len()
    }

    /// The corners of triangle `k`, counter-clockwise, or `None` past the end.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let mesh = NavMesh::from_triangles(vec![p(0.0, 0.0), p(0.0, 2.0), p(2.0, 0.0)], vec![[0, 1, 2]])?;
    /// assert_eq!(mesh.triangle(0), Some([p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0)]));
    /// assert_eq!(mesh.triangle(1), None);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn triangle(&self, k: usize) -> Option<[Point; 3]> {
        Some(self.triangles.get(k)?.map(|v| self.vertices[v as usize]))
    }

    /// The triangles across the three edges of triangle `k` (edge `i` runs from corner `i` to
    /// corner `i + 1`), `None` for a wall; `None` past the end.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let square = vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)];
    /// let mesh = NavMesh::from_triangles(square, vec![[0, 1, 2], [0, 2, 3]])?;
    /// assert_eq!(mesh.neighbours(0), Some([None, None, Some(1)]));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn neighbours(&self, k: usize) -> Option<[Option<usize>; 3]> {
        Some(
            self.neighbours
                .get(k)?
                .map(|n| (n != WALL).then_some(n as usize)),
        )
    }

    /// The vertices of the mesh: those some triangle uses, in the order the triangles first name
    /// them.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// // The vertex no triangle uses is dropped.
    /// let mesh = NavMesh::from_triangles(vec![p(9.0, 9.0), p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0)], vec![[1, 2, 3]])?;
    /// assert_eq!(mesh.vertices(), &[p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0)]);
    /// assert_eq!(mesh.triangle_indices(), &[[0, 1, 2]]);
    /// assert!(mesh.is_corner(0)); // on a wall: the outline of the single triangle
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    /// The vertex indices of every triangle, counter-clockwise (see [`vertices`](Self::vertices)).
    #[must_use]
    pub fn triangle_indices(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Whether vertex `v` lies on a wall (a corner a shortest path may turn at); `false` past the
    /// end. See [`vertices`](Self::vertices).
    #[must_use]
    pub fn is_corner(&self, v: usize) -> bool {
        self.corners.get(v).copied().unwrap_or(false)
    }

    pub(crate) fn raw_neighbours(&self) -> &[[u32; 3]] {
        &self.neighbours
    }

    /// For each edge, which edge of the neighbour across it is the same edge.
    pub(crate) fn raw_entries(&self) -> &[[u8; 3]] {
        &self.entries
    }

    /// Whether triangle `k` holds `p`, sides and corners included (within [`TOLERANCE`]).
    pub(crate) fn holds(&self, k: usize, p: Point) -> bool {
        let t = self.triangles[k];
        (0..3).all(|i| {
            let a = self.vertices[t[i] as usize];
            let b = self.vertices[t[(i + 1) % 3] as usize];
            Point::orientation(a, b, p) >= -TOLERANCE * a.distance(b)
        })
    }

    /// The first triangle that holds `p` (sides and corners included), or `None` when `p` is off
    /// the mesh.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let mesh = NavMesh::from_triangles(vec![p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0)], vec![[0, 1, 2]])?;
    /// assert_eq!(mesh.triangle_at(p(1.0, 1.0)), Some(0)); // on the long side
    /// assert_eq!(mesh.triangle_at(p(1.5, 1.5)), None);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn triangle_at(&self, p: Point) -> Option<usize> {
        self.triangles_holding(p).next()
    }

    /// Every triangle that holds `p`: one inside a triangle, two on a shared edge, the whole fan
    /// on a vertex.
    pub(crate) fn triangles_holding(&self, p: Point) -> impl Iterator<Item = usize> + '_ {
        let (whole, tiled) = match &self.tiles {
            None => (
                Some(self.locator.candidates(p).iter().map(|&k| k as usize)),
                None,
            ),
            Some(tiles) => (None, Some(tiles.candidates(p, 0.0))),
        };
        whole
            .into_iter()
            .flatten()
            .chain(tiled.into_iter().flatten())
            .filter(move |&k| self.holds(k, p))
    }

    /// The walkable point nearest to `p`: `p` itself when it is on the mesh, otherwise the
    /// nearest point of a wall. Use it to put a click in a wall onto the floor.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`] for a point that is not finite, and
    /// [`NavMeshError::OffMesh`] when the mesh has no triangle at all.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// assert_eq!(mesh.nearest_point(p(3.0, 4.0))?, p(3.0, 4.0));
    /// assert_eq!(mesh.nearest_point(p(12.0, 13.0))?, p(10.0, 10.0));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn nearest_point(&self, p: Point) -> Result<Point, NavMeshError> {
        NavMeshError::check_finite([p])?;
        if self.triangle_at(p).is_some() {
            return Ok(p);
        }
        if let Some(tiles) = &self.tiles {
            return self
                .nearest_wall_point(tiles, p)
                .ok_or(NavMeshError::OffMesh { point: p });
        }
        let wall = self
            .walls
            .nearest_neighbor(&[p.x, p.y])
            .ok_or(NavMeshError::OffMesh { point: p })?;
        let [x, y] = wall.geom().nearest_point(&[p.x, p.y]);
        Ok(Point::new(x, y))
    }

    /// Whether an agent can walk straight from `a` to `b`: the segment stays on the mesh. It may
    /// run along a wall or touch a corner; it may not cross a wall, nor slip between two
    /// obstacles that meet at a single point.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`], or [`NavMeshError::OffMesh`] when `a` or `b` is off the
    /// mesh.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    /// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// assert!(!mesh.line_of_sight(p(1.0, 5.0), p(9.0, 5.0))?);
    /// assert!(mesh.line_of_sight(p(1.0, 4.0), p(9.0, 4.0))?); // along the pillar's side
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn line_of_sight(&self, a: Point, b: Point) -> Result<bool, NavMeshError> {
        NavMeshError::check_finite([a, b])?;
        let start = self
            .triangle_at(a)
            .ok_or(NavMeshError::OffMesh { point: a })?;
        self.triangle_at(b)
            .ok_or(NavMeshError::OffMesh { point: b })?;
        Ok(matches!(
            self.walk(start, a, b, &mut |_| {}),
            Walked::Reached { .. }
        ))
    }

    /// Casts a ray from `from` towards `to`: the first wall it meets before `to` (the point, the
    /// wall's normal facing the walkable side, the distance from `from`), or `None` when it
    /// reaches `to` (which may lie off the mesh: the ray then stops at the mesh's edge). As
    /// [`line_of_sight`](Self::line_of_sight), a ray may run along a wall or touch a corner; a
    /// ray stopped at a corner between two walls is given the normal facing back along it.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`], or [`NavMeshError::OffMesh`] when `from` is off the mesh.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    /// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let hit = mesh.raycast(p(1.0, 5.0), p(9.0, 5.0))?.expect("the pillar is in the way");
    /// assert!(hit.point.distance(p(4.0, 5.0)) < 1e-9);
    /// assert!(hit.normal.distance(p(-1.0, 0.0)) < 1e-9); // facing back, out of the pillar
    /// assert!((hit.distance - 3.0).abs() < 1e-9);
    /// // Past the edge of the map: stopped by the bounds.
    /// let out = mesh.raycast(p(1.0, 1.0), p(1.0, 20.0))?.unwrap();
    /// assert!(out.point.distance(p(1.0, 10.0)) < 1e-9 && out.normal.distance(p(0.0, -1.0)) < 1e-9);
    /// assert_eq!(mesh.raycast(p(1.0, 1.0), p(3.0, 3.0))?, None);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn raycast(&self, from: Point, to: Point) -> Result<Option<RayHit>, NavMeshError> {
        NavMeshError::check_finite([from, to])?;
        let start = self
            .triangle_at(from)
            .ok_or(NavMeshError::OffMesh { point: from })?;
        let d = to - from;
        let len = d.length();
        let back = if len > 0.0 {
            Point::new(-d.x / len, -d.y / len)
        } else {
            Point::new(0.0, 0.0)
        };
        Ok(match self.walk(start, from, to, &mut |_| {}) {
            Walked::Reached { .. } => None,
            Walked::Wall { t, edge } => {
                let tri = self.triangles[t];
                let p = self.vertices[tri[edge] as usize];
                let q = self.vertices[tri[(edge + 1) % 3] as usize];
                let e = q - p;
                // Where the ray crosses the wall's line, as a share of the ray.
                let s = ((p - from).cross(e) / d.cross(e)).clamp(0.0, 1.0);
                let (point, elen) = (from + d * s, e.length());
                // Triangles turn counter-clockwise: the walkable side is left of the edge.
                let normal = Point::new(-e.y / elen, e.x / elen);
                Some(RayHit {
                    point,
                    normal,
                    distance: s * len,
                })
            }
            Walked::Corner { t, vertex } => {
                let point = self.vertices[self.triangles[t][vertex] as usize];
                Some(RayHit {
                    point,
                    normal: back,
                    distance: point.distance(from),
                })
            }
            Walked::Stuck { along } => {
                // The walk's position may sit a rounding error behind the start.
                let along = along.clamp(0.0, len);
                Some(RayHit {
                    point: from + d * (along / len),
                    normal: back,
                    distance: along,
                })
            }
        })
    }

    /// The triangles a path crosses, in the order it crosses them (its corridor): each leg
    /// walked from the triangle the leg before ended in. `None` when a leg leaves the mesh (the
    /// path is not one of this mesh). Agents steering along a path, or a funnel of your own,
    /// read it; [`corridor`](Self::corridor) finds a corridor between two points instead.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`], or [`NavMeshError::OffMesh`] when the path's first point is
    /// off the mesh.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// // A strip 4 wide and 2 high, in four triangles.
    /// let p = Point::new;
    /// let mesh = NavMesh::from_triangles(
    ///     vec![p(0.0, 0.0), p(2.0, 0.0), p(2.0, 2.0), p(0.0, 2.0), p(4.0, 0.0), p(4.0, 2.0)],
    ///     vec![[0, 1, 2], [0, 2, 3], [1, 4, 5], [1, 5, 2]],
    /// )?;
    /// let along = mesh.triangles_along(&[p(0.2, 1.5), p(3.8, 0.2)])?.unwrap();
    /// assert_eq!(along.first(), mesh.triangle_at(p(0.2, 1.5)).as_ref());
    /// assert_eq!(along.last(), mesh.triangle_at(p(3.8, 0.2)).as_ref());
    /// assert_eq!(along.len(), 4);
    /// assert_eq!(mesh.triangles_along(&[p(1.0, 1.0), p(9.0, 1.0)])?, None); // off the mesh
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn triangles_along(&self, path: &[Point]) -> Result<Option<Vec<usize>>, NavMeshError> {
        NavMeshError::check_finite(path.iter().copied())?;
        let Some(&first) = path.first() else {
            return Ok(Some(Vec::new()));
        };
        let mut t = self
            .triangle_at(first)
            .ok_or(NavMeshError::OffMesh { point: first })?;
        let mut crossed: Vec<usize> = Vec::new();
        let mut visit = |k: usize| {
            if crossed.last() != Some(&k) {
                crossed.push(k);
            }
        };
        visit(t);
        for leg in path.windows(2) {
            match self.walk(t, leg[0], leg[1], &mut visit) {
                Walked::Reached { t: end } => t = end,
                _ => return Ok(None),
            }
        }
        Ok(Some(crossed))
    }

    /// Walks the segment `a`–`b` from triangle `t` (which holds `a`) triangle by triangle: where
    /// the walk ended.
    fn walk(&self, mut t: usize, a: Point, b: Point, visit: &mut impl FnMut(usize)) -> Walked {
        visit(t);
        let d = b - a;
        let len = d.length();
        if len == 0.0 {
            return Walked::Reached { t };
        }
        // Signed distance of `v` from the line a-b, and how far along it `v` lies.
        let side = |v: Point| d.cross(v - a) / len;
        let along = |v: Point| d.dot(v - a) / len;
        let mut at = 0.0; // how far along the walk has come
                          // Each step enters a new triangle or passes a vertex further along: bounded.
        for _ in 0..4 * self.triangles.len() + 8 {
            if self.holds(t, b) {
                return Walked::Reached { t };
            }
            let tri = self.triangles[t];
            let pts = tri.map(|v| self.vertices[v as usize]);
            let s = pts.map(|v| {
                let o = side(v);
                if o.abs() <= TOLERANCE {
                    0.0
                } else {
                    o
                }
            });
            // Leaving through the inside of an edge: right end below the line, left end above.
            if let Some(i) = (0..3).find(|&i| s[i] < 0.0 && s[(i + 1) % 3] > 0.0) {
                match self.neighbours[t][i] {
                    WALL => return Walked::Wall { t, edge: i },
                    n => {
                        t = n as usize;
                        visit(t);
                        continue;
                    }
                }
            }
            // Otherwise the line leaves through a vertex: the nearest one ahead, or the one the
            // walk stands on.
            let ahead = (0..3)
                .filter(|&i| s[i] == 0.0 && along(pts[i]) > at + TOLERANCE)
                .min_by(|&i, &j| along(pts[i]).total_cmp(&along(pts[j])));
            let here = ahead.or_else(|| {
                (0..3).find(|&i| s[i] == 0.0 && (along(pts[i]) - at).abs() <= TOLERANCE)
            });
            let Some(i) = here else {
                return Walked::Stuck { along: at };
            };
            if along(pts[i]) >= len - TOLERANCE {
                return Walked::Reached { t }; // the vertex is b
            }
            at = along(pts[i]);
            match self.turn_through(t, i, d) {
                Some(next) => {
                    t = next;
                    visit(t);
                }
                None => return Walked::Corner { t, vertex: i },
            }
        }
        Walked::Stuck { along: at }
    }

    /// From triangle `t`, around its corner `i` without crossing a wall, the triangle whose angle
    /// at that corner holds direction `d`; `None` when walls on both sides are met first.
    fn turn_through(&self, t: usize, i: usize, d: Point) -> Option<usize> {
        let v = self.triangles[t][i];
        let centre = self.vertices[v as usize];
        let holds_direction = |k: usize| {
            let tri = self.triangles[k];
            let j = tri.iter().position(|&w| w == v).unwrap_or(0);
            let next = self.vertices[tri[(j + 1) % 3] as usize] - centre;
            let prev = self.vertices[tri[(j + 2) % 3] as usize] - centre;
            let scale = d.length();
            next.cross(d) >= -TOLERANCE * scale * next.length()
                && d.cross(prev) >= -TOLERANCE * scale * prev.length()
        };
        // Counter-clockwise crosses the edge from the previous corner to `v`; clockwise the edge
        // from `v` to the next one.
        for step in [2, 0] {
            let mut k = t;
            for _ in 0..self.triangles.len() {
                if holds_direction(k) {
                    return Some(k);
                }
                let j = self.triangles[k].iter().position(|&w| w == v)?;
                match self.neighbours[k][(j + step) % 3] {
                    WALL => break,
                    n if n as usize == t => break,
                    n => k = n as usize,
                }
            }
        }
        None
    }
}

/// Checks triangles over `vertices` as outside data: finite vertices, counts `u32` can number,
/// indices in range, and area (a nonzero, finite turn); gives each triangle's turn (positive
/// counter-clockwise).
pub(crate) fn check_triangles(
    vertices: &[Point],
    triangles: &[[u32; 3]],
) -> Result<Vec<f64>, NavMeshError> {
    NavMeshError::check_finite(vertices.iter().copied())?;
    for count in [vertices.len(), triangles.len()] {
        if u32::try_from(count).is_err() || count == WALL as usize {
            return Err(NavMeshError::TooManyElements { count });
        }
    }
    triangles
        .iter()
        .enumerate()
        .map(|(k, t)| {
            if let Some(&vertex) = t.iter().find(|&&v| v as usize >= vertices.len()) {
                return Err(NavMeshError::VertexOutOfRange {
                    triangle: k,
                    vertex,
                });
            }
            let [a, b, c] = t.map(|v| vertices[v as usize]);
            let turn = Point::orientation(a, b, c);
            if turn == 0.0 || !turn.is_finite() {
                return Err(NavMeshError::DegenerateTriangle { triangle: k });
            }
            Ok(turn)
        })
        .collect()
}
