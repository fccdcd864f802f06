//! [`Weighted`]: paths over a mesh whose areas cost more or less to cross (mud, roads), and
//! how far from the cheapest they can be.
//!
//! The method, and the bound it keeps, are described on [`Weighted`].

use super::mesh::{NavMesh, WALL};
use super::{
    AnyAngleSearch, AreaCosts, AreaFilter, NavMeshError, OffMeshLink, ALL_AGENTS, MAX_AREAS,
};
use crate::geometry::Point;
use crate::pathfinder::core_search_into;
use crate::search::{IndexedSpace, SearchContext, SearchError, SearchOptions, SearchSpace, Status};
use crate::{Ends, Goal, Pathfinder};
use std::collections::HashSet;

/// The most points a search over area costs places on each edge
/// ([`Weighted::with_points_per_edge`]).
pub const MAX_POINTS_PER_EDGE: u32 = 64;

/// How many points each edge gets at least unless told otherwise.
const DEFAULT_POINTS_PER_EDGE: u32 = 4;

/// Unless told otherwise, points are no further apart than the diagonal of the mesh's
/// bounding box over this (where [`MAX_POINTS_PER_EDGE`] allows).
const DEFAULT_PIECES_ACROSS: f64 = 32.0;

/// A mesh searched with a cost per area ([`NavMesh::with_area_costs`]): cheap paths where areas
/// cost differently, within a stated distance of the cheapest, and the cheapest exactly where
/// every area the agent meets costs the same.
///
/// With costs per area, the cheapest path bends where it crosses from one area into another
/// (as light does between glass and air) and may run along a cheap area's edge; it no longer
/// turns only at corners, so the any-angle search cannot find it. Exact answers are not known
/// to be computable in reasonable time in general; the standard method, used here, is to place
/// points evenly on every edge of the mesh ("Steiner points") and search the graph joining every
/// two points on the sides of one triangle, at the triangle's cost per unit length. The search
/// is the search core's A* (estimate: the straight line at the cheapest cost an agent may meet).
/// Then each point where the path crosses an edge slides along that edge to where the path is
/// cheapest, each stretch staying in its triangle, until nothing moves.
///
/// Why the answer is near the cheapest: take a cheapest path and move each place it crosses an
/// edge to the nearest point placed on that edge, at most half a spacing (`|e| / (2(k + 1))` for
/// `k` points on edge `e`) away. Each stretch stays in its triangle and grows by at most the two
/// moves, so the graph holds a path costing at most the cheapest plus
/// `w_max / (k + 1) × (the total length of the edges it crosses)`, where `w_max` is the dearest
/// cost it meets. The search finds one no dearer, and sliding only makes it cheaper.
///
/// Last, the shortest path (the any-angle search's, ignoring the costs) is priced as it walks;
/// where it is cheaper, it is the answer. So an answer is never dearer than ignoring the costs,
/// and where every area the agent meets costs the same it is that path, exactly. A goal is
/// reached exactly where the any-angle search (with links, [`Linked`](super::Linked)) reaches
/// it: the points on edges could otherwise slip through a gap a rounding wide.
///
/// Measured (docs/performance.md, "Area costs on meshes"): at most 1.2 % above the exact
/// cheapest across bands of three costs; on Moving AI maps with mud and roads, a median 0.4 %
/// above answers with points four times as dense; a query takes 20 to 65 times the any-angle
/// search's.
///
/// Building one lists the triangles round each vertex (time and memory in proportion to the
/// mesh): build it once per mesh and search it many times.
#[derive(Clone, Debug)]
pub struct Weighted<'m> {
    mesh: &'m NavMesh,
    costs: AreaCosts,
    filter: AreaFilter,
    points_per_edge: u32,
    /// The longest gap between two points on an edge, if set.
    spacing: Option<f64>,
    /// Where the points of each edge are numbered: those of edge `i` of triangle `t` from
    /// `edge_first[3 t + i]` to `edge_first[3 t + i + 1]` (after the vertices), an edge shared
    /// by two triangles numbered by the lower (none for the other).
    edge_first: Vec<u32>,
    /// Where each of those points is, in their order.
    edge_at: Vec<Point>,
    /// The triangles round each vertex: those of vertex `v` are
    /// `vertex_triangles[vertex_first[v]..vertex_first[v + 1]]`.
    vertex_first: Vec<u32>,
    vertex_triangles: Vec<u32>,
    /// For each place of `vertex_triangles`, which node of its vertex the triangle reaches it
    /// by: 0 for the vertex's own, `k` for the `k`-th of `extra_vertices`. The triangles round
    /// a vertex that the agent may enter fall into groups joined across the edges through it;
    /// a path may pass the vertex within a group but not from one group into another (the
    /// agent's ground is no wider than a point there, and the any-angle search does not pass
    /// either), so each group after the first has a node of its own.
    vertex_group: Vec<u32>,
    /// The vertex of each of those nodes.
    extra_vertices: Vec<u32>,
    /// The areas the mesh's triangles are in, a bit each.
    present: u64,
    /// Off-mesh links ([`with_links`](Weighted::with_links)), and the agent taking them.
    links: &'m [OffMeshLink],
    agent: u32,
}

impl NavMesh {
    /// This mesh searched with a cost per unit length in each area: an agent that prefers
    /// roads and avoids mud. See [`Weighted`] for how close to the cheapest its paths are.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AreaCosts, NavMesh, WeightedSearch};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// const MUD: u8 = 1;
    /// // A strip of mud across the middle of a field, 2 deep.
    /// let mud = Polygon::new(vec![p(0.0, 4.0), p(10.0, 4.0), p(10.0, 6.0), p(0.0, 6.0)]);
    /// let field = NavMesh::from_obstacles_with_areas(&[], &[(mud, MUD)], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let costs = AreaCosts::new().with(MUD, 3.0)?;
    /// let weighted = field.with_area_costs(&costs);
    /// let mut search = WeightedSearch::new();
    /// // Straight across: 8 of grass, 2 of mud at 3.
    /// let path = weighted.find_path(&mut search, p(5.0, 1.0), p(5.0, 9.0))?.into_path().unwrap();
    /// assert!((path.cost - (6.0 + 2.0 * 3.0)).abs() < 1e-6);
    /// // Slantwise, the path crosses the mud more steeply than the straight line would.
    /// let slant = weighted.find_path(&mut search, p(1.0, 1.0), p(9.0, 9.0))?.into_path().unwrap();
    /// let straight = 6.0 * 2f64.sqrt() + 3.0 * 2.0 * 2f64.sqrt();
    /// assert!(slant.cost < straight - 0.5);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn with_area_costs(&self, costs: &AreaCosts) -> Weighted<'_> {
        let vertices = self.vertices.len();
        let mut vertex_first = vec![0u32; vertices + 1];
        let mut present = 0u64;
        for (t, tri) in self.triangles.iter().enumerate() {
            present |= 1 << self.areas[t];
            for &v in tri {
                vertex_first[v as usize + 1] += 1;
            }
        }
        for v in 0..vertices {
            vertex_first[v + 1] += vertex_first[v];
        }
        let mut fill = vertex_first.clone();
        let mut vertex_triangles = vec![0u32; self.triangles.len() * 3];
        for (t, tri) in self.triangles.iter().enumerate() {
            for &v in tri {
                vertex_triangles[fill[v as usize] as usize] = t as u32;
                fill[v as usize] += 1;
            }
        }
        let mut weighted = Weighted {
            mesh: self,
            costs: *costs,
            filter: AreaFilter::ALL,
            points_per_edge: DEFAULT_POINTS_PER_EDGE,
            spacing: None,
            edge_first: Vec::new(),
            edge_at: Vec::new(),
            vertex_first,
            vertex_triangles,
            vertex_group: Vec::new(),
            extra_vertices: Vec::new(),
            present,
            links: &[],
            agent: ALL_AGENTS,
        };
        // Points no further apart than a 32nd of the mesh's extent, at least four an edge.
        let (mut lo, mut hi) = (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        );
        for v in &self.vertices {
            lo = Point::new(lo.x.min(v.x), lo.y.min(v.y));
            hi = Point::new(hi.x.max(v.x), hi.y.max(v.y));
        }
        let gap = lo.distance(hi) / DEFAULT_PIECES_ACROSS;
        weighted.spacing = (gap.is_finite() && gap > 0.0).then_some(gap);
        weighted.group_vertices();
        // Empty where the points are too many to number; searches then say so.
        (weighted.edge_first, weighted.edge_at) = weighted
            .number_points(DEFAULT_POINTS_PER_EDGE, weighted.spacing)
            .unwrap_or_default();
        weighted
    }
}

impl<'m> Weighted<'m> {
    /// The same search for an agent kept out of the areas `filter` forbids (their triangles
    /// are walls to it).
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AreaCosts, AreaFilter, NavMesh, NavMeshError, WeightedSearch};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// let (mud, water) = (1, 2);
    /// let pond = Polygon::new(vec![p(4.0, 0.0), p(6.0, 0.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let mesh = NavMesh::from_obstacles_with_areas(&[], &[(pond, water)], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let costs = AreaCosts::new().with(mud, 2.0)?;
    /// let walker = mesh.with_area_costs(&costs).with_filter(AreaFilter::ALL.without(water)?);
    /// let path = walker.find_path(&mut WeightedSearch::new(), p(2.0, 4.0), p(8.0, 4.0))?.into_path().unwrap();
    /// assert!(path.nodes.iter().any(|q| q.y >= 8.0)); // round the pond's end
    /// assert!(matches!(walker.find_path(&mut WeightedSearch::new(), p(5.0, 4.0), p(8.0, 4.0)), Err(NavMeshError::OffMesh { .. })));
    /// # Ok::<(), NavMeshError>(())
    /// ```
    #[must_use]
    pub fn with_filter(mut self, filter: AreaFilter) -> Weighted<'m> {
        self.filter = filter;
        self.group_vertices();
        self
    }

    /// Groups the triangles round each vertex that the agent may enter by the edges through
    /// the vertex joining them (see `vertex_group`).
    fn group_vertices(&mut self) {
        let mesh = self.mesh;
        let mut group = vec![u32::MAX; self.vertex_triangles.len()];
        self.extra_vertices.clear();
        let mut stack = Vec::new();
        for v in 0..mesh.vertices.len() {
            let range = self.vertex_first[v] as usize..self.vertex_first[v + 1] as usize;
            let mut groups = 0;
            for slot in range.clone() {
                if group[slot] != u32::MAX {
                    continue;
                }
                let t = self.vertex_triangles[slot] as usize;
                if self.factor(t).is_none() {
                    group[slot] = 0;
                    continue;
                }
                let this = if groups == 0 {
                    0
                } else {
                    self.extra_vertices.push(v as u32);
                    self.extra_vertices.len() as u32
                };
                groups += 1;
                group[slot] = this;
                stack.push(t);
                while let Some(t) = stack.pop() {
                    let Some(m) = mesh.triangles[t].iter().position(|&c| c as usize == v) else {
                        continue;
                    };
                    for i in [m, (m + 2) % 3] {
                        let across = mesh.neighbours[t][i];
                        if across == WALL || self.factor(across as usize).is_none() {
                            continue;
                        }
                        let place = range.clone().find(|&s| self.vertex_triangles[s] == across);
                        if let Some(s) = place {
                            if group[s] == u32::MAX {
                                group[s] = this;
                                stack.push(across as usize);
                            }
                        }
                    }
                }
            }
        }
        self.vertex_group = group;
    }

    /// The same search with off-mesh links ([`OffMeshLink`]: jumps, ladders, doors,
    /// teleporters): a link's ends join the graph, and taking it costs the link's cost. The
    /// agent takes the links that are enabled, open to it ([`for_agent`](Self::for_agent)) and
    /// have both ends on its ground. The bound of [`Weighted`] holds for the walks
    /// between them; where every area the agent meets costs the same, paths are the exact
    /// ones of [`Linked`](super::Linked).
    ///
    /// # Errors
    /// [`NavMeshError::InvalidLink`] for a link whose cost is negative or not finite, or whose
    /// ends are not finite points on the mesh.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AreaCosts, NavMesh, OffMeshLink, WeightedSearch};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// const MUD: u8 = 1;
    /// // A field of mud at 4, and a zip line across it costing 5.
    /// let mud = Polygon::new(vec![p(0.0, 2.0), p(20.0, 2.0), p(20.0, 8.0), p(0.0, 8.0)]);
    /// let field = NavMesh::from_obstacles_with_areas(&[], &[(mud, MUD)], 0.0, p(0.0, 0.0), p(20.0, 10.0))?;
    /// let costs = AreaCosts::new().with(MUD, 4.0)?;
    /// let zip = [OffMeshLink::new(p(10.0, 1.0), p(10.0, 9.0), 5.0)];
    /// let weighted = field.with_area_costs(&costs).with_links(&zip)?;
    /// let mut search = WeightedSearch::new();
    /// let (start, goal) = (p(10.0, 0.5), p(10.0, 9.5));
    /// let path = weighted.find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(path.nodes, vec![start, p(10.0, 1.0), p(10.0, 9.0), goal]);
    /// assert!((path.cost - (0.5 + 5.0 + 0.5)).abs() < 1e-9);
    /// // The link goes one way: back, through the mud (1 + 6 at 4 + 1 at least).
    /// let back = weighted.find_path(&mut search, goal, start)?.into_path().unwrap();
    /// assert!(back.cost >= 26.0 - 1e-9);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn with_links(mut self, links: &'m [OffMeshLink]) -> Result<Weighted<'m>, NavMeshError> {
        // The same checks as the any-angle search's.
        self.mesh.with_links(links)?;
        self.links = links;
        Ok(self)
    }

    /// The same search for an agent of `mask`: it takes only the links whose mask shares a bit
    /// with it (see [`OffMeshLink::mask`]).
    #[must_use]
    pub fn for_agent(mut self, mask: u32) -> Weighted<'m> {
        self.agent = mask;
        self
    }

    /// The links this agent may take, each way it may be taken: (entry, exit, cost). A link
    /// from a point to itself goes nowhere and is left out (the links' search took one, at its
    /// cost, on a path that was cheaper without it).
    fn usable(&self, ways: &mut Vec<(Point, Point, f64)>) {
        ways.clear();
        for l in self.links {
            if l.enabled
                && l.mask & self.agent != 0
                && l.from != l.to
                && self.on(l.from)
                && self.on(l.to)
            {
                ways.push((l.from, l.to, l.cost));
                if l.both_ways {
                    ways.push((l.to, l.from, l.cost));
                }
            }
        }
    }

    /// The same search with at least `count` points on each edge (4 unless set): more points,
    /// answers nearer the cheapest (the bound in [`Weighted`] shrinks as
    /// `1 / (count + 1)`) and searches that take longer (each triangle joins every two points
    /// on its sides).
    ///
    /// # Errors
    /// [`NavMeshError::InvalidPointsPerEdge`] for more than [`MAX_POINTS_PER_EDGE`], or more
    /// points on the mesh than `u32` indices can number.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{AreaCosts, NavMesh, NavMeshError};
    ///
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(10.0, 10.0))?;
    /// let fine = mesh.with_area_costs(&AreaCosts::new()).with_points_per_edge(16)?;
    /// assert_eq!(fine.points_per_edge(), 16);
    /// assert!(matches!(fine.with_points_per_edge(65), Err(NavMeshError::InvalidPointsPerEdge { count: 65 })));
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn with_points_per_edge(mut self, count: u32) -> Result<Weighted<'m>, NavMeshError> {
        (self.edge_first, self.edge_at) = self.number_points(count, self.spacing)?;
        self.points_per_edge = count;
        Ok(self)
    }

    /// The same search with points on each edge no further apart than `spacing` (and at least
    /// [`points_per_edge`](Self::points_per_edge), at most [`MAX_POINTS_PER_EDGE`]): long
    /// edges get more points than short ones, so the bound of [`Weighted`] is at most
    /// the dearest cost times `spacing` for each edge the cheapest path crosses (where the
    /// limit allows). Unless set, the spacing is a 32nd of the diagonal of the mesh's
    /// bounding box; `f64::INFINITY` leaves every edge [`points_per_edge`](Self::points_per_edge).
    ///
    /// # Errors
    /// [`NavMeshError::InvalidPointsPerEdge`] for a spacing that is not a positive number, or
    /// more points on the mesh than `u32` indices can number.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{AreaCosts, NavMesh, NavMeshError};
    ///
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(10.0, 10.0))?;
    /// let fine = mesh.with_area_costs(&AreaCosts::new()).with_spacing(0.5)?;
    /// assert_eq!(fine.spacing(), Some(0.5));
    /// assert!(fine.clone().with_spacing(-1.0).is_err());
    /// assert_eq!(fine.with_spacing(f64::INFINITY)?.spacing(), None);
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn with_spacing(mut self, spacing: f64) -> Result<Weighted<'m>, NavMeshError> {
        if spacing.is_nan() || spacing <= 0.0 {
            return Err(NavMeshError::InvalidPointsPerEdge { count: 0 });
        }
        let spacing = spacing.is_finite().then_some(spacing);
        (self.edge_first, self.edge_at) = self.number_points(self.points_per_edge, spacing)?;
        self.spacing = spacing;
        Ok(self)
    }

    /// The longest gap between two points on an edge, if set.
    #[must_use]
    pub fn spacing(&self) -> Option<f64> {
        self.spacing
    }

    /// Numbers the points of every edge: at least `count`, and enough to keep them `spacing`
    /// apart, at most [`MAX_POINTS_PER_EDGE`].
    fn number_points(
        &self,
        count: u32,
        spacing: Option<f64>,
    ) -> Result<(Vec<u32>, Vec<Point>), NavMeshError> {
        if count > MAX_POINTS_PER_EDGE {
            return Err(NavMeshError::InvalidPointsPerEdge { count });
        }
        let mesh = self.mesh;
        let mut first = Vec::with_capacity(mesh.triangles.len() * 3 + 1);
        let mut at = Vec::new();
        let mut next = 0u64;
        let limit = u64::from(u32::MAX / 2) - mesh.vertices.len() as u64;
        for (t, tri) in mesh.triangles.iter().enumerate() {
            for i in 0..3 {
                first.push(next as u32);
                let across = mesh.neighbours[t][i];
                if across != WALL && (across as usize) < t {
                    continue;
                }
                let (a, b) = (
                    mesh.vertices[tri[i] as usize],
                    mesh.vertices[tri[(i + 1) % 3] as usize],
                );
                let here = match spacing {
                    // Gaps of at most `gap`: ceil(length / gap) pieces.
                    Some(gap) => ((a.distance(b) / gap).ceil() - 1.0)
                        .clamp(0.0, f64::from(MAX_POINTS_PER_EDGE))
                        as u32,
                    None => 0,
                };
                let here = here.max(count);
                next += u64::from(here);
                if next >= limit {
                    return Err(NavMeshError::InvalidPointsPerEdge { count });
                }
                for j in 1..=here {
                    let s = f64::from(j) / f64::from(here + 1);
                    at.push(Point::new(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s));
                }
            }
        }
        first.push(next as u32);
        Ok((first, at))
    }

    /// How many points each edge gets.
    #[must_use]
    pub fn points_per_edge(&self) -> u32 {
        self.points_per_edge
    }

    /// The mesh searched.
    #[must_use]
    pub fn mesh(&self) -> &'m NavMesh {
        self.mesh
    }

    /// The cost of a unit of length in triangle `t`, or `None` if the agent may not enter it.
    fn factor(&self, t: usize) -> Option<f64> {
        let area = self.mesh.areas[t];
        (!self.mesh.forbids(t, self.filter.forbidden())).then(|| self.costs.factor(area))
    }

    /// The areas of the mesh the agent may enter, a bit each.
    fn allowed_present(&self) -> u64 {
        self.present & !self.filter.forbidden()
    }

    /// The least and the greatest cost of the areas the agent may meet (1 and 1 where it may
    /// meet none).
    fn factor_range(&self) -> (f64, f64) {
        let allowed = self.allowed_present();
        let mut range = (f64::INFINITY, 0.0f64);
        for area in 0..MAX_AREAS as u8 {
            if allowed & (1 << area) != 0 {
                let f = self.costs.factor(area);
                range = (range.0.min(f), range.1.max(f));
            }
        }
        if range.0.is_finite() {
            range
        } else {
            (1.0, 1.0)
        }
    }

    /// Whether `p` lies on a triangle the agent may enter.
    fn on(&self, p: Point) -> bool {
        self.mesh
            .triangles_holding(p)
            .any(|t| self.factor(t).is_some())
    }
}

/// The buffers of searches over area costs ([`Weighted`]), reused from query to query.
#[derive(Clone, Debug, Default)]
pub struct WeightedSearch {
    search: SearchContext<f64>,
    exact: AnyAngleSearch,
    nodes: Vec<u32>,
    start_triangles: Vec<u32>,
    goal_nodes: Vec<u32>,
    /// The links usable in the query, each way: (entry, exit, cost).
    ways: Vec<(Point, Point, f64)>,
    /// The goals, then each way's entry and exit: the points numbered after the start.
    extra_points: Vec<Point>,
    /// The triangles holding each goal and each way's entry and exit, with its node.
    extra_triangles: Vec<(u32, u32)>,
    stretches: Stretches,
    /// The shortest path ignoring the costs, to price.
    shortest: Vec<Point>,
    expanded: usize,
}

/// A path being straightened: its points, the edge each may slide along, and the cost per unit
/// length of each stretch between two points.
#[derive(Clone, Debug, Default)]
struct Stretches {
    points: Vec<Point>,
    slides: Vec<Option<(Point, Point)>>,
    /// Per stretch: its cost per unit length, or NaN for a link.
    weights: Vec<f64>,
    /// Per stretch: what the link costs, 0 for a walk.
    links: Vec<f64>,
}

impl WeightedSearch {
    /// Empty buffers.
    #[must_use]
    pub fn new() -> WeightedSearch {
        WeightedSearch::default()
    }

    /// Nodes (vertices, points on edges, the start) the last query expanded.
    #[must_use]
    pub fn expanded(&self) -> usize {
        self.expanded
    }
}

/// The graph of one query: the mesh's vertices, points on each edge, the start and the goals,
/// each joined to every other point on the sides of a triangle it touches.
///
/// Node numbers: vertices first; then the points of the edges, as [`Weighted::edge_first`]
/// numbers them (from corner `i` to corner `i + 1` of the triangle that numbers the edge);
/// then the start, the goals, and the entry and the exit of each way a link may be taken.
struct SteinerSpace<'a, 'm> {
    weighted: &'a Weighted<'m>,
    start: Point,
    /// The goals, then each way's entry and exit.
    extra_points: &'a [Point],
    /// The ways links may be taken: (entry, exit, cost), their nodes from `first_way` on.
    ways: &'a [(Point, Point, f64)],
    first_way: u32,
    start_triangles: &'a [u32],
    extra_triangles: &'a [(u32, u32)],
    /// The node of the first of [`Weighted::extra_vertices`], after the ways' ends.
    first_extra_vertex: u32,
    /// The least cost of a unit of length the agent may meet: the estimate's factor.
    cheapest: f64,
}

impl SteinerSpace<'_, '_> {
    /// For a way's entry node, the node itself and the way's cost.
    fn way_from(&self, node: u32) -> Option<(u32, f64)> {
        let k = node.checked_sub(self.first_way)?;
        (k % 2 == 0)
            .then(|| self.ways.get((k / 2) as usize))
            .flatten()
            .map(|&(_, _, cost)| (node, cost))
    }

    fn vertices(&self) -> u32 {
        self.weighted.mesh.vertices.len() as u32
    }

    /// The vertex of the mesh a node stands at, for the nodes of vertices.
    fn vertex_of(&self, node: u32) -> Option<u32> {
        if node < self.vertices() {
            return Some(node);
        }
        let k = node.checked_sub(self.first_extra_vertex)?;
        self.weighted.extra_vertices.get(k as usize).copied()
    }

    /// The node of vertex `v` that triangle `t` reaches it by.
    fn vertex_node(&self, v: u32, t: usize) -> u32 {
        let w = self.weighted;
        let range = w.vertex_first[v as usize] as usize..w.vertex_first[v as usize + 1] as usize;
        let group = range
            .clone()
            .find(|&s| w.vertex_triangles[s] as usize == t)
            .map_or(0, |s| w.vertex_group[s]);
        self.group_node(v, group)
    }

    fn group_node(&self, v: u32, group: u32) -> u32 {
        if group == 0 {
            v
        } else {
            self.first_extra_vertex + group - 1
        }
    }

    fn start_node(&self) -> u32 {
        self.weighted.start_node()
    }

    /// The first number and the count of the points of edge `i` of triangle `t`, numbered by
    /// the triangle that numbers the edge, and whether they run from its corner `i + 1` back.
    fn edge_points(&self, t: usize, i: usize) -> (u32, u32, bool) {
        let w = self.weighted;
        let across = w.mesh.neighbours[t][i];
        let (t, i, back) = if across != WALL && (across as usize) < t {
            (across as usize, w.mesh.entries[t][i] as usize, true)
        } else {
            (t, i, false)
        };
        let first = w.edge_first[3 * t + i];
        (
            self.vertices() + first,
            w.edge_first[3 * t + i + 1] - first,
            back,
        )
    }

    /// The edge a point of an edge lies on (the triangle numbering it and its side), the
    /// point's place on it and how many the edge has; `None` for other nodes.
    fn edge_of(&self, node: u32) -> Option<(usize, usize, u32, u32)> {
        if node < self.vertices() || node >= self.start_node() {
            return None;
        }
        let r = node - self.vertices();
        let first = &self.weighted.edge_first;
        // The last side whose points start at or before `r` (sides without points share
        // their start with the next).
        let side = first.partition_point(|&f| f <= r) - 1;
        let count = first[side + 1] - first[side];
        Some((side / 3, side % 3, r - first[side], count))
    }

    fn edge_ends(&self, t: usize, i: usize) -> (Point, Point) {
        let mesh = self.weighted.mesh;
        let tri = mesh.triangles[t];
        (
            mesh.vertices[tri[i] as usize],
            mesh.vertices[tri[(i + 1) % 3] as usize],
        )
    }

    fn point(&self, node: u32) -> Point {
        let mesh = self.weighted.mesh;
        if let Some(v) = self.vertex_of(node) {
            return mesh.vertices[v as usize];
        }
        let start = self.start_node();
        if node < start {
            return self.weighted.edge_at[(node - self.vertices()) as usize];
        }
        if node == start {
            self.start
        } else {
            self.extra_points[(node - start - 1) as usize]
        }
    }

    /// Calls `each` with every triangle `node` lies on.
    fn triangles_of(&self, node: u32, mut each: impl FnMut(usize)) {
        let w = self.weighted;
        if let Some(v) = self.vertex_of(node) {
            let range =
                w.vertex_first[v as usize] as usize..w.vertex_first[v as usize + 1] as usize;
            for s in range {
                if self.group_node(v, w.vertex_group[s]) == node {
                    each(w.vertex_triangles[s] as usize);
                }
            }
        } else if let Some((t, i, _, _)) = self.edge_of(node) {
            each(t);
            let across = w.mesh.neighbours[t][i];
            if across != WALL {
                each(across as usize);
            }
        } else if node == self.start_node() {
            for &t in self.start_triangles {
                each(t as usize);
            }
        } else {
            for &(t, g) in self.extra_triangles {
                if g == node {
                    each(t as usize);
                }
            }
        }
    }

    /// The triangle the agent may enter that holds both `a` and `b` and costs least: where the
    /// stretch between them was priced.
    fn stretch_triangle(&self, a: u32, b: u32) -> Option<usize> {
        let mut of_a = Vec::with_capacity(8);
        self.triangles_of(a, |t| of_a.push(t));
        let mut best: Option<(f64, usize)> = None;
        self.triangles_of(b, |t| {
            if of_a.contains(&t) {
                if let Some(f) = self.weighted.factor(t) {
                    if best.is_none_or(|(g, _)| f < g) {
                        best = Some((f, t));
                    }
                }
            }
        });
        best.map(|(_, t)| t)
    }
}

impl SteinerSpace<'_, '_> {
    /// The edges through vertex `v` crossed going round it from triangle `from` to triangle
    /// `to`, the shorter way that stays on the agent's ground: each as its triangle, its side
    /// and the triangle beyond. `None` if neither way gets there (a wall between them: `v` is a
    /// corner the path turns at).
    fn fan(&self, v: u32, from: usize, to: usize) -> Option<Vec<(usize, usize, usize)>> {
        let mesh = self.weighted.mesh;
        let mut best: Option<Vec<(usize, usize, usize)>> = None;
        for leaving_v in [true, false] {
            let mut edges = Vec::new();
            let mut here = from;
            for _ in 0..64 {
                let Some(m) = mesh.triangles[here].iter().position(|&c| c == v) else {
                    break;
                };
                // The edge from `v` turns one way round it, the edge to `v` the other.
                let i = if leaving_v { m } else { (m + 2) % 3 };
                let across = mesh.neighbours[here][i];
                if across == WALL || self.weighted.factor(across as usize).is_none() {
                    break;
                }
                edges.push((here, i, across as usize));
                here = across as usize;
                if here == to {
                    if best.as_ref().is_none_or(|b| edges.len() < b.len()) {
                        best = Some(edges);
                    }
                    break;
                }
                if here == from {
                    break;
                }
            }
        }
        best
    }
}

/// Where segment `pq` crosses segment `ab`, if it does.
fn crossing(p: Point, q: Point, a: Point, b: Point) -> Option<Point> {
    let (rx, ry) = (q.x - p.x, q.y - p.y);
    let (sx, sy) = (b.x - a.x, b.y - a.y);
    let denom = rx * sy - ry * sx;
    if denom == 0.0 {
        return None;
    }
    let t = ((a.x - p.x) * sy - (a.y - p.y) * sx) / denom;
    let u = ((a.x - p.x) * ry - (a.y - p.y) * rx) / denom;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u))
        .then(|| Point::new(a.x + sx * u, a.y + sy * u))
}

impl SearchSpace for SteinerSpace<'_, '_> {
    type Node = u32;
    type Cost = f64;

    fn successors<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        if let Some((entry, cost)) = self.way_from(node) {
            visit(entry + 1, cost);
        }
        let here = self.point(node);
        let mesh = self.weighted.mesh;
        self.triangles_of(node, |t| {
            let Some(factor) = self.weighted.factor(t) else {
                return;
            };
            let mut step = |to: u32| {
                if to != node {
                    visit(to, factor * here.distance(self.point(to)));
                }
            };
            for i in 0..3 {
                step(self.vertex_node(mesh.triangles[t][i], t));
                let (first, count, _) = self.edge_points(t, i);
                for j in first..first + count {
                    step(j);
                }
            }
            for &(gt, g) in self.extra_triangles {
                if gt as usize == t {
                    step(g);
                }
            }
        });
    }

    /// The straight line at the cheapest cost, or less where reaching a link's entry and
    /// taking it is cheaper: no path is cheaper than walking to the goal or to the first link
    /// it takes, plus that link.
    fn heuristic(&self, node: u32, goal: u32) -> f64 {
        let here = self.point(node);
        let mut estimate = self.cheapest * here.distance(self.point(goal));
        for &(entry, _, cost) in self.ways {
            estimate = estimate.min(self.cheapest * here.distance(entry) + cost);
        }
        estimate
    }
}

impl IndexedSpace for SteinerSpace<'_, '_> {
    fn node_bound(&self) -> usize {
        self.first_extra_vertex as usize + self.weighted.extra_vertices.len()
    }
    fn index_of(&self, node: u32) -> Option<usize> {
        Some(node as usize)
    }
    fn node_at(&self, index: usize) -> u32 {
        index as u32
    }
}

impl Pathfinder for Weighted<'_> {
    type Node = Point;
    type Cost = f64;
    type Context = WeightedSearch;
    type Error = NavMeshError;

    /// Both points finite and on a triangle the agent may enter.
    fn check_ends(&self, start: Point, goal: Point) -> Result<Ends, NavMeshError> {
        NavMeshError::check_on([start, goal], |p| self.on(p))?;
        Ok(Ends::Open)
    }

    fn find_path_into(
        &self,
        ctx: &mut WeightedSearch,
        start: Point,
        to: Goal<'_, Point>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Point>,
    ) -> Result<Status<f64>, NavMeshError> {
        path.clear();
        ctx.expanded = 0;
        let goals: &[Point] = match to {
            Goal::Node(ref goal) => std::slice::from_ref(goal),
            Goal::AnyOf(goals) => goals,
            Goal::Matching(_) => {
                return Err(NavMeshError::Unsupported(crate::Unsupported::GoalTest));
            }
        };
        let ends = std::iter::once(start).chain(goals.iter().copied());
        NavMeshError::check_on(ends, |p| self.on(p))?;
        let (cheapest, dearest) = self.factor_range();
        self.usable(&mut ctx.ways);
        if cheapest == dearest
            && ctx
                .ways
                .iter()
                .all(|&(_, _, cost)| (cost / cheapest).is_finite())
        {
            // Every area the agent meets costs the same: the any-angle search's path is the
            // cheapest, exactly. (Unless a link's cost over that cost overflows, as a factor
            // near the smallest `f64` makes it: the links' search cannot take such a link, so
            // the general search below does.)
            return self.uniform(ctx, start, to, options, path, cheapest);
        }
        if self.edge_first.len() != self.mesh.triangles.len() * 3 + 1 {
            // Too many points to number (a mesh of more than u32::MAX / 16 triangles).
            return Err(NavMeshError::InvalidPointsPerEdge {
                count: self.points_per_edge,
            });
        }
        ctx.start_triangles.clear();
        ctx.start_triangles.extend(
            self.mesh
                .triangles_holding(start)
                .filter(|&t| self.factor(t).is_some())
                .map(|t| t as u32),
        );
        let first_goal = self.start_node() + 1;
        ctx.goal_nodes.clear();
        ctx.goal_nodes
            .extend((0..goals.len() as u32).map(|j| first_goal + j));
        ctx.extra_points.clear();
        ctx.extra_points.extend_from_slice(goals);
        for &(entry, exit, _) in &ctx.ways {
            ctx.extra_points.extend([entry, exit]);
        }
        ctx.extra_triangles.clear();
        for (j, &p) in ctx.extra_points.iter().enumerate() {
            let node = first_goal + j as u32;
            for t in self.mesh.triangles_holding(p) {
                if self.factor(t).is_some() {
                    ctx.extra_triangles.push((t as u32, node));
                }
            }
        }
        let space = SteinerSpace {
            weighted: self,
            start,
            extra_points: &ctx.extra_points,
            ways: &ctx.ways,
            first_way: first_goal + goals.len() as u32,
            start_triangles: &ctx.start_triangles,
            extra_triangles: &ctx.extra_triangles,
            first_extra_vertex: first_goal + ctx.extra_points.len() as u32,
            cheapest,
        };
        let target = match ctx.goal_nodes.as_slice() {
            [one] => Goal::Node(*one),
            many => Goal::AnyOf(many),
        };
        let status = core_search_into(
            &mut ctx.search,
            &space,
            space.start_node(),
            target,
            options,
            &mut ctx.nodes,
            |_| true,
        )
        .map_err(|e| search_error(e, start))?;
        ctx.expanded = ctx.search.stats().expanded as usize;
        let (Status::Found { .. } | Status::LimitReached { .. } | Status::Closest { .. }) = status
        else {
            return Ok(status);
        };
        let mut cost = straighten(&space, &ctx.nodes, &mut ctx.stretches, path);
        if let Status::Found { .. } = status {
            // The shortest path, priced as it walks, where that is cheaper: an answer never
            // dearer than ignoring the costs.
            match self.shortest_priced(ctx, start, to)? {
                // The graph slipped through a gap of a rounding's width that the any-angle
                // search (the library's word on what joins what) keeps shut.
                None => {
                    path.clear();
                    return Ok(Status::Unreachable);
                }
                Some(shortest) if shortest < cost => {
                    cost = shortest;
                    path.clone_from(&ctx.shortest);
                }
                Some(_) => {}
            }
        }
        Ok(match status {
            Status::Found { .. } => Status::Found { cost },
            Status::LimitReached { .. } => Status::LimitReached { cost },
            _ => Status::Closest { cost },
        })
    }
}

/// Turns the graph's path `ctx.nodes` into points in `path` and returns its cost: each stretch
/// in the cheapest triangle holding both its ends; a corner between two stretches in one
/// triangle cut off; each crossing of an edge (and each vertex between two triangles that share
/// an edge through it) slid along that edge to where the path costs least.
fn straighten(
    space: &SteinerSpace<'_, '_>,
    nodes: &[u32],
    stretches: &mut Stretches,
    path: &mut Vec<Point>,
) -> f64 {
    // Each node, with the triangle of the walk that reached it or the cost of the link.
    let mut kept: Vec<(u32, Option<usize>, Option<f64>)> = Vec::with_capacity(nodes.len());
    for &node in nodes {
        kept.push((node, None, None));
        // Cut corners: while the last two stretches lie in one triangle, the straight line
        // between their ends is in it too, and no dearer.
        loop {
            let n = kept.len();
            if n < 2 {
                break;
            }
            let (a, b) = (kept[n - 2].0, kept[n - 1].0);
            let triangle = space.stretch_triangle(a, b);
            // A link's entry then its exit: the link, unless walking there was cheaper (as
            // the search priced it).
            let walk = |t: usize| {
                space.weighted.factor(t).unwrap_or(f64::INFINITY)
                    * space.point(a).distance(space.point(b))
            };
            let link = space
                .way_from(a)
                .filter(|&(entry, _)| b == entry + 1)
                .map(|(_, cost)| cost)
                .filter(|&cost| triangle.is_none_or(|t| cost <= walk(t)));
            kept[n - 1].1 = if link.is_some() { None } else { triangle };
            kept[n - 1].2 = link;
            let triangle = kept[n - 1].1;
            if n >= 3 && triangle.is_some() && kept[n - 2].1 == triangle {
                kept.remove(n - 2);
            } else {
                break;
            }
        }
    }
    let Stretches {
        points,
        slides,
        weights,
        links,
    } = stretches;
    points.clear();
    slides.clear();
    weights.clear();
    links.clear();
    for (k, &(node, triangle, link)) in kept.iter().enumerate() {
        if let Some(cost) = link {
            weights.push(f64::NAN);
            links.push(cost);
        } else if let Some(t) = triangle {
            weights.push(space.weighted.factor(t).unwrap_or(f64::INFINITY));
            links.push(0.0);
        }
        let here = space.point(node);
        if let Some((t, i, _, _)) = space.edge_of(node) {
            points.push(here);
            slides.push(Some(space.edge_ends(t, i)));
            continue;
        }
        let between = match (triangle, kept.get(k + 1).and_then(|&(_, after, _)| after)) {
            (Some(before), Some(after)) => space.vertex_of(node).map(|v| (v, before, after)),
            _ => None,
        };
        let Some(fan) = between.and_then(|(v, before, after)| space.fan(v, before, after)) else {
            // The start, a goal, or a vertex the path must turn at.
            points.push(here);
            slides.push(None);
            continue;
        };
        // A vertex between two triangles of the fan round it: the path crosses the edges
        // between them instead, each where the straight line between its neighbours does (at
        // the vertex if it does not), free to slide from there.
        let (prev, next) = (kept[k - 1].0, kept[k + 1].0);
        let (prev, next) = (space.point(prev), space.point(next));
        for (j, &(t, i, beyond)) in fan.iter().enumerate() {
            let (a, b) = space.edge_ends(t, i);
            let at = crossing(prev, next, a, b).unwrap_or(here);
            points.push(at);
            slides.push(Some((a, b)));
            if j + 1 < fan.len() {
                weights.push(space.weighted.factor(beyond).unwrap_or(f64::INFINITY));
                links.push(0.0);
            }
        }
    }
    slide_crossings(points, slides, weights);
    simplify(points, weights, links, path)
}

impl Weighted<'_> {
    /// What the shortest path from `start` to `to` (ignoring the costs; with the usable links,
    /// as [`Linked`](super::Linked) finds it) costs as it walks (infinite if a piece of it is
    /// found on no triangle the agent may enter), left in `ctx.shortest`; `None` where there is
    /// none.
    fn shortest_priced(
        &self,
        ctx: &mut WeightedSearch,
        start: Point,
        to: Goal<'_, Point>,
    ) -> Result<Option<f64>, NavMeshError> {
        let options = SearchOptions::new();
        let status = if ctx.ways.is_empty() {
            let ground = self.mesh.with_filter(self.filter);
            ground.find_path_into(&mut ctx.exact, start, to, &options, &mut ctx.shortest)?
        } else {
            let ways: Vec<OffMeshLink> = ctx
                .ways
                .iter()
                .map(|&(entry, exit, cost)| OffMeshLink::new(entry, exit, cost))
                .collect();
            let linked = self.mesh.with_links(&ways)?.with_filter(self.filter);
            linked.find_path_into(&mut ctx.exact, start, to, &options, &mut ctx.shortest)?
        };
        if !status.is_found() {
            return Ok(None);
        }
        let mut total = 0.0;
        for leg in ctx.shortest.windows(2) {
            let hop = ctx
                .ways
                .iter()
                .filter(|&&(entry, exit, _)| (entry, exit) == (leg[0], leg[1]))
                .map(|&(_, _, cost)| cost)
                .fold(f64::INFINITY, f64::min);
            total += hop.min(self.walk_cost(leg[0], leg[1]));
        }
        Ok(Some(total))
    }

    /// What walking straight from `a` to `b` costs: each piece at the cost of the triangle it
    /// crosses, the cheapest where it runs along an edge; infinite where it leaves the agent's
    /// ground. Triangles count as reaching the mesh's tolerance beyond their sides, so that a
    /// segment along an edge, or through a vertex, is never lost between two; a piece at a side
    /// may then be priced at the cheaper side for that hair (a relative error of about 1e-9). The triangles it crosses are found from those holding `a`, neighbour by
    /// neighbour.
    fn walk_cost(&self, a: Point, b: Point) -> f64 {
        let mesh = self.mesh;
        let d = b - a;
        // Each triangle the segment meets, and where along it (`a + t d`, t in [lo, hi]).
        let mut met: Vec<(usize, f64, f64)> = Vec::new();
        let mut queue: Vec<usize> = mesh.triangles_holding(a).collect();
        let mut seen: HashSet<usize> = queue.iter().copied().collect();
        while let Some(t) = queue.pop() {
            let Some((lo, hi)) = self.clip(t, a, d) else {
                continue;
            };
            met.push((t, lo, hi));
            for &n in &mesh.neighbours[t] {
                if n != WALL && seen.insert(n as usize) {
                    queue.push(n as usize);
                }
            }
            // Round a vertex the segment passes through, triangles touch it at a corner only.
            for &v in &mesh.triangles[t] {
                let range = self.vertex_first[v as usize] as usize
                    ..self.vertex_first[v as usize + 1] as usize;
                for &n in &self.vertex_triangles[range] {
                    if seen.insert(n as usize) {
                        queue.push(n as usize);
                    }
                }
            }
        }
        let mut cuts: Vec<f64> = met.iter().flat_map(|&(_, lo, hi)| [lo, hi]).collect();
        cuts.extend([0.0, 1.0]);
        cuts.sort_by(f64::total_cmp);
        let length = a.distance(b);
        let mut total = 0.0;
        for pair in cuts.windows(2) {
            let (u, v) = (pair[0].max(0.0), pair[1].min(1.0));
            if v <= u {
                continue;
            }
            let mid = (u + v) / 2.0;
            let factor = met
                .iter()
                .filter(|&&(_, lo, hi)| lo <= mid && mid <= hi)
                .filter_map(|&(t, _, _)| self.factor(t))
                .fold(f64::INFINITY, f64::min);
            total += factor * length * (v - u);
        }
        total
    }

    /// Where the segment `a + t d` (t in [0, 1]) is in triangle `t` (sides included, within
    /// the mesh's tolerance), if anywhere.
    fn clip(&self, t: usize, a: Point, d: Point) -> Option<(f64, f64)> {
        let mesh = self.mesh;
        let tri = mesh.triangles[t];
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for i in 0..3 {
            let p = mesh.vertices[tri[i] as usize];
            let q = mesh.vertices[tri[(i + 1) % 3] as usize];
            // Inside is to the left of p -> q: o(t) = o0 + t o1 >= -slack.
            let slack = super::mesh::TOLERANCE * p.distance(q);
            let o0 = Point::orientation(p, q, a) + slack;
            let o1 = (q - p).cross(d);
            if o1 == 0.0 {
                if o0 < 0.0 {
                    return None;
                }
            } else if o1 > 0.0 {
                lo = lo.max(-o0 / o1);
            } else {
                hi = hi.min(-o0 / o1);
            }
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// The start's node: after the vertices and the points of the edges.
    fn start_node(&self) -> u32 {
        self.mesh.vertices.len() as u32 + self.edge_first.last().copied().unwrap_or(0)
    }

    /// The query where every area the agent may meet costs `factor`: the any-angle search on
    /// the agent's ground, its lengths times the factor.
    fn uniform(
        &self,
        ctx: &mut WeightedSearch,
        start: Point,
        to: Goal<'_, Point>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Point>,
        factor: f64,
    ) -> Result<Status<f64>, NavMeshError> {
        let mut options = *options;
        options.max_cost = options.max_cost.map(|c| c / factor);
        let status = if ctx.ways.is_empty() {
            let ground = self.mesh.with_filter(self.filter);
            ground.find_path_into(&mut ctx.exact, start, to, &options, path)?
        } else {
            // Lengths and link costs both over the factor: the links' search, exactly.
            let scaled: Vec<OffMeshLink> = ctx
                .ways
                .iter()
                .map(|&(entry, exit, cost)| OffMeshLink::new(entry, exit, cost / factor))
                .collect();
            let linked = self.mesh.with_links(&scaled)?.with_filter(self.filter);
            linked.find_path_into(&mut ctx.exact, start, to, &options, path)?
        };
        ctx.expanded = ctx.exact.expanded();
        Ok(match status {
            Status::Found { cost } => Status::Found {
                cost: cost * factor,
            },
            Status::LimitReached { cost } => Status::LimitReached {
                cost: cost * factor,
            },
            Status::Closest { cost } => Status::Closest {
                cost: cost * factor,
            },
            Status::Unreachable => Status::Unreachable,
        })
    }
}

/// A search core error as a mesh's: only limits and options a caller set can fail here (the
/// nodes are the space's own and the costs distances within [`MAX_COORDINATE`](super::MAX_COORDINATE)).
fn search_error(e: SearchError<u32>, start: Point) -> NavMeshError {
    match e {
        SearchError::Refused(refusal) => NavMeshError::Refused(refusal),
        SearchError::Unsupported(u) => NavMeshError::Unsupported(u),
        _ => NavMeshError::OutOfRange { point: start },
    }
}

/// Moves each crossing that may slide (`slides[i]`: the ends of its edge) to where the two
/// stretches beside it (costing `weights[i - 1]` and `weights[i]` per unit) cost least, over
/// and over until no move saves anything. Each stretch stays in its triangle, so each cost is
/// still what walking it costs; the total only goes down.
pub(crate) fn slide_crossings(
    points: &mut [Point],
    slides: &[Option<(Point, Point)>],
    weights: &[f64],
) {
    let n = points.len();
    if n < 3 {
        return;
    }
    // Only a crossing whose neighbour moved can move again.
    let mut dirty = vec![true; n];
    for _sweep in 0..200 {
        let mut saved = 0.0;
        let mut total = 0.0;
        let mut moved = vec![false; n];
        for i in 1..n - 1 {
            let Some((a, b)) = slides[i] else {
                continue;
            };
            if !dirty[i] {
                continue;
            }
            let (before, after) = (points[i - 1], points[i + 1]);
            let (w0, w1) = (weights[i - 1], weights[i]);
            let at = |s: f64| Point::new(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s);
            let cost = |s: f64| {
                let p = at(s);
                w0 * before.distance(p) + w1 * p.distance(after)
            };
            let now = w0 * before.distance(points[i]) + w1 * points[i].distance(after);
            let s = if w0 == w1 {
                straight_across(before, after, a, b)
            } else {
                golden_minimum(cost)
            };
            let better = cost(s);
            if better < now {
                saved += now - better;
                points[i] = at(s);
                moved[i] = true;
            }
            total += now;
        }
        if saved <= total * 1e-11 {
            break;
        }
        for i in 1..n - 1 {
            dirty[i] = moved[i - 1] || moved[i + 1] || moved[i];
        }
    }
}

/// Where on segment `ab` (as a share of the way from `a`) the path from `p` to `q` through it
/// is shortest: where the straight line `pq` crosses the line `ab` (after mirroring `q` when
/// both are on one side), held to the segment. The line costs the same on both sides, and is
/// convex along the segment, so the nearest end is the best if the crossing is off it.
fn straight_across(p: Point, q: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return 0.0;
    }
    // Distances from the line (signed) and places along it.
    let side = |r: Point| ((r.x - a.x) * dy - (r.y - a.y) * dx) / len2.sqrt();
    let along = |r: Point| ((r.x - a.x) * dx + (r.y - a.y) * dy) / len2;
    let (hp, hq) = (side(p).abs(), side(q).abs());
    let (sp, sq) = (along(p), along(q));
    let s = if hp + hq == 0.0 {
        sp
    } else {
        sp + (sq - sp) * hp / (hp + hq)
    };
    s.clamp(0.0, 1.0)
}

/// The `s` in `[0, 1]` where the convex function `f` is least (golden-section search, to
/// within 1e-10), or an end if that is lower.
fn golden_minimum(f: impl Fn(f64) -> f64) -> f64 {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    let mut x1 = hi - r * (hi - lo);
    let mut x2 = lo + r * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    while hi - lo > 1e-10 {
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - r * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + r * (hi - lo);
            f2 = f(x2);
        }
    }
    let mid = (lo + hi) / 2.0;
    [0.0, mid, 1.0]
        .into_iter()
        .min_by(|&x, &y| f(x).total_cmp(&f(y)))
        .unwrap_or(mid)
}

/// Writes the path's points into `path` without repeats, nor points in the middle of a
/// straight walk through one cost, and returns its cost: each walk its length times its cost per
/// unit (`weights`), each link (a NaN weight) its cost (`links`).
fn simplify(points: &[Point], weights: &[f64], links: &[f64], path: &mut Vec<Point>) -> f64 {
    path.clear();
    let mut cost = 0.0;
    let mut last_weight = f64::NAN;
    for (i, &p) in points.iter().enumerate() {
        if i > 0 {
            cost += if weights[i - 1].is_nan() {
                links[i - 1]
            } else {
                weights[i - 1] * points[i - 1].distance(p)
            };
        }
        let Some(&prev) = path.last() else {
            path.push(p);
            continue;
        };
        if prev == p {
            continue;
        }
        let weight = weights[i - 1];
        if path.len() >= 2 && weight == last_weight {
            let before = path[path.len() - 2];
            let cross = (prev.x - before.x) * (p.y - prev.y) - (prev.y - before.y) * (p.x - prev.x);
            let along = (prev.x - before.x) * (p.x - prev.x) + (prev.y - before.y) * (p.y - prev.y);
            if cross.abs() <= 1e-12 * before.distance(prev) * prev.distance(p) && along > 0.0 {
                *path.last_mut().expect("two points") = p;
                continue;
            }
        }
        path.push(p);
        last_weight = weight;
    }
    cost
}
