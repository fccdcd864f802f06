//! Building navigation meshes: from polygon obstacles in a box (grown by the agent's radius), and
//! from grids (blocked cells merged into walls).
//!
//! Both triangulate with `spade`'s constrained Delaunay triangulation: its predicates are exact,
//! it keeps every wall as an edge (splitting walls where obstacles cross), and it bulk-loads the
//! hundreds of thousands of wall pieces of a large map in about a second. Triangles are then
//! sorted into walkable and blocked by a point inside each, which the constrained edges guarantee
//! lies on the same side of every wall as the whole triangle.

use super::key_hash::{KeyMap, KeySet};
use super::mesh::NavMesh;
use super::wall_pieces::wall_pieces;
use super::{NavMeshError, MAX_COORDINATE, WALL_CUTS_BASE, WALL_CUTS_PER_WALL};
use crate::geometry::{Extrusion, Point, Polygon};
use crate::grid::Grid;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::RTree;
use spade::handles::FixedVertexHandle;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};
use std::collections::{HashMap, HashSet};

type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

impl NavMesh {
    /// The walkable space around `obstacles` in the box `min`–`max` (points, or `[x, y]` and
    /// `(x, y)` pairs), for an agent of radius `agent_radius`: obstacles are grown by the radius (a mitre offset: every point of a grown
    /// side is at least the radius from the obstacle, see [`Extrusion::Mitre`]) and the box shrunk
    /// by it, so the agent's centre may go anywhere on the mesh. Obstacles may overlap, cross the
    /// box or lie outside it. A polygon without area (two points, or collinear ones) is a thin
    /// wall: at radius 0 a line the agent cannot cross; with a radius, the rectangle around it
    /// whose sides and ends are each the radius from the wall.
    ///
    /// The mitre offset keeps a non-convex obstacle's pockets as they are while each pocket is
    /// wider than twice the radius; a narrower pocket makes the grown sides cross, and what is
    /// walkable there is not defined: fill such pockets in (or split the obstacle) first.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`], [`OutOfRange`](NavMeshError::OutOfRange) beyond
    /// [`MAX_COORDINATE`], [`EmptyBounds`](NavMeshError::EmptyBounds),
    /// [`InvalidRadius`](NavMeshError::InvalidRadius) (negative, NaN or beyond
    /// [`MAX_COORDINATE`]), [`TooManyCrossings`](NavMeshError::TooManyCrossings) for obstacles
    /// whose grown sides cross each other more often than [`WALL_CUTS_BASE`] plus
    /// [`WALL_CUTS_PER_WALL`] a side (obstacles piled on each other, refused before the
    /// triangulation), or [`Triangulation`](NavMeshError::Triangulation) when the
    /// triangulator refuses a coordinate (a tiny nonzero one, below about 1e-100) or gives up
    /// splitting walls that cross at a nearly degenerate angle.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    /// use pathkit::navmesh::AnyAngleSearch;
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// let wall = Polygon::new(vec![p(4.0, 0.0), p(6.0, 0.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let mesh = NavMesh::from_obstacles(&[wall], 0.5, p(0.0, 0.0), p(10.0, 10.0))?;
    /// // The agent's centre stays half a unit from the wall and from the box.
    /// assert_eq!(mesh.triangle_at(p(3.75, 4.0)), None);
    /// assert!(mesh.triangle_at(p(3.25, 4.0)).is_some());
    /// assert_eq!(mesh.triangle_at(p(0.25, 4.0)), None);
    /// let path = mesh.find_path(&mut AnyAngleSearch::new(), p(2.0, 2.0), p(8.0, 2.0))?.into_path().expect("around the top of the wall");
    /// assert_eq!(path.nodes[1], p(3.5, 8.5));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn from_obstacles(
        obstacles: &[Polygon],
        agent_radius: f64,
        min: impl Into<Point>,
        max: impl Into<Point>,
    ) -> Result<NavMesh, NavMeshError> {
        NavMesh::from_obstacles_with_areas(obstacles, &[], agent_radius, min, max)
    }

    /// [`from_obstacles`](Self::from_obstacles), the walkable space also cut into areas: each
    /// `(polygon, area)` of `areas` (the later ones over the earlier where they overlap) makes
    /// the ground it covers area `area` (below [`MAX_AREAS`](super::MAX_AREAS)); elsewhere it
    /// is area 0. Area polygons are not grown by the radius: an area holds the agent's centre
    /// (as Recast and Detour mark their polygons). Their sides cut the triangles (each triangle
    /// lies in one area, [`area`](Self::area)) but are no walls: a search that may enter every
    /// area answers as on the mesh without them, and one kept out of some
    /// ([`with_filter`](Self::with_filter)) walks round them, optimally.
    ///
    /// # Errors
    /// As [`from_obstacles`](Self::from_obstacles), and [`NavMeshError::InvalidArea`] for an
    /// area of [`MAX_AREAS`](super::MAX_AREAS) or more.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AnyAngleSearch, AreaFilter, NavMesh};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// const WATER: u8 = 1;
    /// let lake = Polygon::new(vec![p(4.0, 2.0), p(6.0, 2.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let mesh = NavMesh::from_obstacles_with_areas(&[], &[(lake, WATER)], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let mut search = AnyAngleSearch::new();
    /// let (start, goal) = (p(2.0, 5.0), p(8.0, 5.0));
    /// let swimmer = mesh.find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(swimmer.cost, 6.0); // straight across
    /// let walker = mesh.with_filter(AreaFilter::ALL.without(WATER)?).find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(walker.nodes.len(), 4); // round the lake's two corners
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn from_obstacles_with_areas(
        obstacles: &[Polygon],
        areas: &[(Polygon, u8)],
        agent_radius: f64,
        min: impl Into<Point>,
        max: impl Into<Point>,
    ) -> Result<NavMesh, NavMeshError> {
        let (min, max) = (min.into(), max.into());
        NavMeshError::check_range(
            [min, max]
                .into_iter()
                .chain(obstacles.iter().flat_map(|o| o.points().iter().copied()))
                .chain(areas.iter().flat_map(|(o, _)| o.points().iter().copied())),
        )?;
        if let Some(&(_, area)) = areas
            .iter()
            .find(|(_, a)| usize::from(*a) >= super::MAX_AREAS)
        {
            return Err(NavMeshError::InvalidArea { area });
        }
        if !(min.x < max.x && min.y < max.y) {
            return Err(NavMeshError::EmptyBounds { min, max });
        }
        if !(0.0..=MAX_COORDINATE).contains(&agent_radius) {
            return Err(NavMeshError::InvalidRadius {
                radius: agent_radius,
            });
        }
        let r = agent_radius;
        let (lo, hi) = (
            Point::new(min.x + r, min.y + r),
            Point::new(max.x - r, max.y - r),
        );
        if !(lo.x < hi.x && lo.y < hi.y) {
            // The agent does not fit in the box: nowhere is walkable.
            return NavMesh::assemble(Vec::new(), Vec::new(), &|_, _| false);
        }
        let grown: Vec<Polygon> = obstacles
            .iter()
            .filter(|o| !o.is_empty())
            .map(|o| grown_for_agent(o, r))
            .collect();
        NavMesh::free_space(lo, hi, &grown, areas)
    }

    /// The free space of the box `lo`-`hi` around `grown` obstacles (already grown by any
    /// radius): every obstacle side and the box sides are walls.
    pub(crate) fn free_space(
        lo: Point,
        hi: Point,
        grown: &[Polygon],
        areas: &[(Polygon, u8)],
    ) -> Result<NavMesh, NavMeshError> {
        NavMeshError::check_range(grown.iter().flat_map(|o| o.points().iter().copied()))?;
        // Every side, areas' (first: edges, not walls), box and obstacles, cut where sides cross
        // or touch (a polygon of two points is one side, not two); each piece becomes a
        // constraint of the triangulation.
        let mut sides: Vec<(Point, Point)> = Vec::new();
        for (o, _) in areas {
            let points = o.points();
            for k in 0..points.len() {
                let (a, b) = (points[k], points[(k + 1) % points.len()]);
                if a != b {
                    sides.push((a, b));
                }
            }
        }
        let open = sides.len();
        let corners = [lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)];
        sides.extend((0..4).map(|k| (corners[k], corners[(k + 1) % 4])));
        for o in grown {
            let points = o.points();
            let count = if points.len() == 2 { 1 } else { points.len() };
            for k in 0..count {
                let (a, b) = (points[k], points[(k + 1) % points.len()]);
                if a != b {
                    sides.push((a, b));
                }
            }
        }
        // Coordinates below the scene's resolution (an ulp of its largest coordinate) are zero
        // at its scale, and the triangulator can fail to locate points beside them (spade 2.15,
        // "Failed to locate position", with 1e-38 next to 1e6): they are snapped to 0.
        let resolution = sides
            .iter()
            .flat_map(|&(a, b)| [a.x.abs(), a.y.abs(), b.x.abs(), b.y.abs()])
            .fold(0.0, f64::max)
            * f64::EPSILON;
        // Which grown obstacles may hold a point, without testing them all.
        let boxes = RTree::bulk_load(
            grown
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    let (a, b) = o.bounds();
                    GeomWithData::new(Rectangle::from_corners([a.x, a.y], [b.x, b.y]), k)
                })
                .collect(),
        );
        let inside_box = |c: Point| c.x > lo.x && c.x < hi.x && c.y > lo.y && c.y < hi.y;
        let blocked = |c: Point| {
            boxes
                .locate_all_at_point(&[c.x, c.y])
                .any(|o| grown[o.data].contains_strictly(c))
        };
        let free = triangulate_sides(sides, open, resolution, |[a, b, c]| {
            let centroid = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
            inside_box(centroid) && !blocked(centroid)
        })?;
        check_count(free.vertices.len())?;
        let area_of: Vec<u8> = free
            .triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|v| free.vertices[v as usize]);
                let centroid = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
                areas
                    .iter()
                    .rev()
                    .find(|(o, _)| o.contains_strictly(centroid))
                    .map_or(0, |&(_, area)| area)
            })
            .collect();
        let mut mesh = NavMesh::assemble(free.vertices, free.triangles, &|u, v| {
            free.walls.contains(&(u.min(v), u.max(v)))
        })?;
        if !areas.is_empty() {
            mesh.set_areas(area_of);
        }
        Ok(mesh)
    }

    /// The walkable space of a grid: each passable cell `(x, y)` is the unit square
    /// `[x, x + 1] x [y, y + 1]`, blocked cells and the outside are obstacles. The borders
    /// between blocked and passable cells become walls, merged into straight runs, and the free
    /// space is triangulated, so open areas take few triangles however many cells they cover.
    /// Terrain weights are not kept: every passable cell is floor. Two blocked cells touching at
    /// a corner close the way between them, as walls do for grid paths that may not cut corners.
    ///
    /// # Errors
    /// [`NavMeshError::TooManyElements`] for a grid whose walls need more than `u32` vertices.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::grid::Grid;
    /// use pathkit::navmesh::NavMesh;
    /// use pathkit::navmesh::AnyAngleSearch;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....")?;
    /// let mesh = NavMesh::from_grid(&grid)?;
    /// assert_eq!(mesh.triangle_at(Point::new(1.5, 1.5)), None); // a wall
    /// let path = mesh.find_path(&mut AnyAngleSearch::new(), Point::new(0.5, 1.5), Point::new(3.5, 1.5))?.into_path().expect("around");
    /// assert_eq!(path.nodes.len(), 4);
    /// assert!((path.cost - (2.0 * 0.5f64.hypot(0.5) + 2.0)).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_grid(grid: &Grid) -> Result<NavMesh, NavMeshError> {
        let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
        if w == 0 || h == 0 {
            return NavMesh::assemble(Vec::new(), Vec::new(), &|_, _| false);
        }
        let free = |x: i64, y: i64| grid.passable_xy(x, y);
        // Four cells around the lattice point (x, y): two blocked ones meeting at a corner only.
        let pinch = |x: i64, y: i64| {
            let (tl, tr, bl, br) = (
                free(x - 1, y - 1),
                free(x, y - 1),
                free(x - 1, y),
                free(x, y),
            );
            tl == br && tr == bl && tl != tr
        };
        let mut index: HashMap<(i64, i64), usize> = HashMap::new();
        let mut vertices: Vec<Point2<f64>> = Vec::new();
        let mut vertex = |x: i64, y: i64| {
            *index.entry((x, y)).or_insert_with(|| {
                vertices.push(Point2::new(x as f64, y as f64));
                vertices.len() - 1
            })
        };
        for (x, y) in [(0, 0), (w, 0), (w, h), (0, h)] {
            vertex(x, y);
        }
        let mut edges: Vec<[usize; 2]> = Vec::new();
        // Horizontal walls on the line y = k (between rows k - 1 and k), then vertical ones on
        // x = k; a run ends where the wall does or at a pinch, so runs meet only at their ends.
        for horizontal in [true, false] {
            let (lines, length) = if horizontal { (h, w) } else { (w, h) };
            for k in 0..=lines {
                let mut run: Option<i64> = None;
                for i in 0..=length {
                    let (x, y) = if horizontal { (i, k) } else { (k, i) };
                    let wall_here = i < length
                        && if horizontal {
                            free(i, k - 1) != free(i, k)
                        } else {
                            free(k - 1, i) != free(k, i)
                        };
                    if let Some(start) = run {
                        if !wall_here || pinch(x, y) {
                            let (a, b) = if horizontal {
                                (vertex(start, k), vertex(i, k))
                            } else {
                                (vertex(k, start), vertex(k, i))
                            };
                            edges.push([a, b]);
                            run = None;
                        }
                    }
                    if wall_here && run.is_none() {
                        run = Some(i);
                    }
                }
            }
        }
        check_count(vertices.len())?;
        let walls: HashSet<(u32, u32)> = edges
            .iter()
            .map(|&[a, b]| ((a.min(b)) as u32, (a.max(b)) as u32))
            .collect();
        let cdt = Cdt::bulk_load_cdt(vertices, edges).map_err(|_| NavMeshError::Triangulation)?;
        let (vertices, triangles) = walkable_triangles(&cdt, |[a, b, c]| {
            // The cell just above and right of the centroid: the centroid's coordinates are
            // thirds of integers, so a point that close to it is inside the triangle and off
            // every grid line, in the cell found by floor division.
            let (sx, sy) = ((a.x + b.x + c.x) as i64, (a.y + b.y + c.y) as i64);
            free(sx.div_euclid(3), sy.div_euclid(3))
        });
        NavMesh::assemble(vertices, triangles, &|u, v| {
            walls.contains(&(u.min(v), u.max(v)))
        })
    }
}

/// The triangles of free space among walls, as [`triangulate_sides`] finds them.
pub(crate) struct FreeTriangles {
    /// The triangulation's points (some may be on no kept triangle).
    pub(crate) vertices: Vec<Point>,
    /// The kept triangles, counter-clockwise.
    pub(crate) triangles: Vec<[u32; 3]>,
    /// The edges (lower vertex first) that are pieces of walls: no path crosses them, even
    /// with free triangles on both sides (a wall without area).
    pub(crate) walls: KeySet<(u32, u32)>,
}

/// Triangulates `sides` (cut where they cross or touch, each piece kept as an edge) and keeps
/// the counter-clockwise triangles `walkable` admits. The pieces of the first `open_sides`
/// sides are edges but not walls (the sides of a tile, which paths cross into the next tile)
/// unless a later side runs along them. Coordinates below `resolution` are snapped to 0.
///
/// # Errors
/// [`NavMeshError::TooManyCrossings`] and [`NavMeshError::Triangulation`], as
/// [`NavMesh::from_obstacles`] describes.
pub(crate) fn triangulate_sides(
    sides: Vec<(Point, Point)>,
    open_sides: usize,
    resolution: f64,
    walkable: impl Fn([Point; 3]) -> bool,
) -> Result<FreeTriangles, NavMeshError> {
    let snap = |p: Point| {
        let s = |v: f64| if v.abs() < resolution { 0.0 } else { v };
        Point::new(s(p.x), s(p.y))
    };
    // Sides dropped as empty shift the count of open ones.
    let mut open = open_sides;
    let sides: Vec<(Point, Point)> = sides
        .into_iter()
        .enumerate()
        .map(|(k, (a, b))| (k, (snap(a), snap(b))))
        .filter(|&(k, (a, b))| {
            if a == b && k < open_sides {
                open -= 1;
            }
            a != b
        })
        .map(|(_, side)| side)
        .collect();
    let limit = WALL_CUTS_BASE.saturating_add(WALL_CUTS_PER_WALL * sides.len() as u64);
    let pieces = wall_pieces(&sides, limit).ok_or(NavMeshError::TooManyCrossings {
        walls: sides.len(),
        limit,
    })?;
    let scale = sides
        .iter()
        .flat_map(|&(a, b)| [a.x.abs(), a.y.abs(), b.x.abs(), b.y.abs()])
        .fold(1.0, f64::max);
    // The triangulator stays out of crossing walls: pieces go in with `try_add_constraint`,
    // which refuses a constraint that would cross another rather than split it. Only pieces
    // next to a crossing point can be refused (three sides through one point give three
    // crossing points a rounding error apart); longer refusals fail the build. Whatever the
    // triangulator might still assert is contained and reported as `Triangulation`.
    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if let Some(done) = bulk_loaded(&pieces, open) {
            return Ok(done);
        }
        let mut cdt = Cdt::new();
        let mut walls: KeySet<(u32, u32)> = KeySet::default();
        for (side, wall) in pieces.iter().enumerate() {
            let handles = wall
                .iter()
                .map(|p| {
                    cdt.insert(Point2::new(p.x, p.y))
                        .map_err(|_| NavMeshError::Triangulation)
                })
                .collect::<Result<Vec<FixedVertexHandle>, _>>()?;
            for (k, pair) in handles.windows(2).enumerate() {
                if pair[0] == pair[1] {
                    continue;
                }
                let edges = cdt.try_add_constraint(pair[0], pair[1]);
                if edges.is_empty() && wall[k].distance(wall[k + 1]) > 1e-9 * scale {
                    return Err(NavMeshError::Triangulation);
                }
                if side < open {
                    continue;
                }
                for e in edges {
                    let [u, v] = cdt
                        .directed_edge(e)
                        .vertices()
                        .map(|h| h.fix().index() as u32);
                    walls.insert((u.min(v), u.max(v)));
                }
            }
        }
        Ok((cdt, walls))
    }));
    let (cdt, walls) = built.map_err(|_| NavMeshError::Triangulation)??;
    let (vertices, triangles) = walkable_triangles(&cdt, |t| {
        Point::orientation(t[0], t[1], t[2]) > 0.0 && walkable(t)
    });
    Ok(FreeTriangles {
        vertices,
        triangles,
        walls,
    })
}

/// The triangulation of `pieces` loaded in one go (several times faster than point by point),
/// with the edges of pieces of walls past the first `open` ones; `None` when the triangulator
/// finds two pieces crossing or a piece that is not one edge of it (a point lying on it), which
/// point-by-point insertion handles.
fn bulk_loaded(pieces: &[Vec<Point>], open: usize) -> Option<(Cdt, KeySet<(u32, u32)>)> {
    // Each position once (the triangulator would merge repeated ones and renumber the rest);
    // -0.0 is 0.0.
    let mut index: KeyMap<(u64, u64), usize> = KeyMap::default();
    let mut points: Vec<Point2<f64>> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    let mut walls_from = usize::MAX;
    for (side, wall) in pieces.iter().enumerate() {
        if side == open {
            walls_from = edges.len();
        }
        let mut previous = None;
        for p in wall {
            let (x, y) = (p.x + 0.0, p.y + 0.0);
            let k = *index.entry((x.to_bits(), y.to_bits())).or_insert_with(|| {
                points.push(Point2::new(x, y));
                points.len() - 1
            });
            if let Some(j) = previous {
                if j != k {
                    edges.push([j, k]);
                }
            }
            previous = Some(k);
        }
    }
    let mut conflict = false;
    let cdt = Cdt::try_bulk_load_cdt(points, edges.clone(), |_| conflict = true).ok()?;
    if conflict {
        return None;
    }
    let mut walls = KeySet::default();
    for (k, &[a, b]) in edges.iter().enumerate() {
        let edge = cdt.get_edge_from_neighbors(
            FixedVertexHandle::from_index(a),
            FixedVertexHandle::from_index(b),
        )?;
        if !edge.is_constraint_edge() {
            return None;
        }
        if k >= walls_from {
            walls.insert((a.min(b) as u32, a.max(b) as u32));
        }
    }
    Some((cdt, walls))
}

/// An obstacle grown by an agent's radius `r` ([`Extrusion::Clearance`]): a mitre offset of a
/// polygon with area, the rectangle around one without; at radius 0, the line between its two
/// farthest points (a polygon without area) or the polygon itself.
pub(crate) fn grown_for_agent(o: &Polygon, r: f64) -> Polygon {
    if r == 0.0 && !o.has_area() {
        // The wall from end to end: its sides, which double back along it, would cross one
        // another at angles no triangulator can split.
        if let Some((a, b)) = o.far_ends() {
            return Polygon::new(if a == b { vec![a] } else { vec![a, b] });
        }
    }
    o.extruded(r, Extrusion::Clearance)
}

/// Refuses more vertices than `u32` indices can number.
fn check_count(count: usize) -> Result<(), NavMeshError> {
    if u32::try_from(count).is_ok_and(|c| c < u32::MAX) {
        Ok(())
    } else {
        Err(NavMeshError::TooManyElements { count })
    }
}

/// The triangulation's points, and the vertex indices of its triangles (counter-clockwise) that
/// `walkable` admits, given their corners.
fn walkable_triangles(
    cdt: &Cdt,
    walkable: impl Fn([Point; 3]) -> bool,
) -> (Vec<Point>, Vec<[u32; 3]>) {
    let vertices: Vec<Point> = cdt
        .vertices()
        .map(|v| Point::new(v.position().x, v.position().y))
        .collect();
    let triangles = cdt
        .inner_faces()
        .map(|f| f.vertices().map(|v| v.fix().index() as u32))
        .filter(|t| walkable(t.map(|v| vertices[v as usize])))
        .collect();
    (vertices, triangles)
}
