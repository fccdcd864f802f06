//! [`MeshPlayground`]: the playground's navigation-mesh mode. Box obstacles on open ground that
//! the page drags about, off-mesh links drawn from one point to another, areas of water or mud
//! painted on the ground and forbidden or allowed, and a choice of agent sizes.
//!
//! The level is a pathkit [`AgentSizes`]: one tiled mesh per agent radius, each built the first
//! time it is asked for, and every edit (an obstacle added, moved or removed, an area painted)
//! applied to all meshes built so far, rebuilding only the tiles it touches. Each area type has
//! a cost per unit length (1 unless set, from [`MIN_AREA_COST`] to [`MAX_AREA_COST`]; plain
//! ground costs 1) and may be forbidden. A route is pathkit's search over area costs
//! ([`Weighted`](pathkit::navmesh::Weighted)) on the chosen size's mesh with the links, kept
//! out of the forbidden areas ([`AreaFilter`]): where every area the agent may enter costs the
//! same it is the optimal any-angle route, exactly (as [`Linked`](pathkit::navmesh::Linked)
//! answers); where the costs differ it is near the cheapest, within the bound pathkit states
//! (the dearest cost over the points per edge plus one, times the length of the mesh's edges
//! the cheapest route crosses).

use crate::{ErrorAnswer, PlaygroundError};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{
    AgentSizes, AreaCosts, AreaFilter, NavMesh, ObstacleKey, OffMeshLink, WeightedSearch,
    ALL_AGENTS,
};
use pathkit::Pathfinder;
use serde::Serialize;

/// The agent radii the page offers, ascending: a small, a medium and a large agent.
pub const AGENT_SIZES: [f64; 3] = [0.25, 0.75, 1.5];

/// The area types the page paints: id and name. Ground outside every area is area 0.
pub const AREA_TYPES: [(u8, &str); 2] = [(1, "water"), (2, "mud")];

/// The least cost per unit length an area type may be given.
pub const MIN_AREA_COST: f64 = 0.25;

/// The greatest cost per unit length an area type may be given.
pub const MAX_AREA_COST: f64 = 5.0;

/// The side of the square level, in mesh units.
pub const SIDE: f64 = 32.0;

/// The side of a mesh tile: an edit rebuilds the tiles its grown outline touches.
pub const TILE: f64 = 4.0;

/// A box obstacle or area: `[x0, y0, x1, y1]`, any two opposite corners.
pub type Rect = [f64; 4];

/// The rectangle's polygon, counter-clockwise; refused when it has no area, is not finite or
/// lies wholly outside the level.
fn rectangle([x0, y0, x1, y1]: Rect) -> Result<Polygon, PlaygroundError> {
    let (lo_x, hi_x) = (x0.min(x1), x0.max(x1));
    let (lo_y, hi_y) = (y0.min(y1), y0.max(y1));
    let finite = [x0, y0, x1, y1].iter().all(|v| v.is_finite());
    if !finite || lo_x >= hi_x || lo_y >= hi_y {
        return Err(PlaygroundError::EmptyShape {
            rect: [x0, y0, x1, y1],
        });
    }
    if hi_x <= 0.0 || hi_y <= 0.0 || lo_x >= SIDE || lo_y >= SIDE {
        return Err(PlaygroundError::OutsideLevel {
            rect: [x0, y0, x1, y1],
        });
    }
    let p = Point::new;
    Ok(Polygon::new(vec![
        p(lo_x, lo_y),
        p(hi_x, lo_y),
        p(hi_x, hi_y),
        p(lo_x, hi_y),
    ]))
}

/// The corners of the box around a polygon: lowest x and y, highest x and y.
fn bounds(poly: &Polygon) -> (Point, Point) {
    let (mut lo, mut hi) = (
        Point::new(f64::MAX, f64::MAX),
        Point::new(f64::MIN, f64::MIN),
    );
    for p in poly.points() {
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    (lo, hi)
}

fn xy(p: Point) -> [f64; 2] {
    [p.x, p.y]
}

/// The level, the links, the forbidden areas and the chosen agent size.
#[derive(Clone, Debug)]
pub struct MeshPlayground {
    level: AgentSizes,
    links: Vec<OffMeshLink>,
    /// The area ids the agent may not enter, ascending.
    forbidden: Vec<u8>,
    /// The same as a filter: the areas the agent may enter.
    filter: AreaFilter,
    /// The cost per unit length of each area type (plain ground, area 0, costs 1).
    costs: AreaCosts,
    /// Index into [`AGENT_SIZES`].
    size: usize,
    search: WeightedSearch,
}

/// A shape as the page draws it: its key and corners.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShapeInfo {
    /// The key that moves or removes it.
    pub key: u64,
    /// Its corners.
    pub points: Vec<[f64; 2]>,
    /// The area id; `null` for an obstacle.
    pub area: Option<u8>,
}

/// A link as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkInfo {
    /// Where it is entered.
    pub from: [f64; 2],
    /// Where it leads.
    pub to: [f64; 2],
    /// What taking it costs.
    pub cost: f64,
    /// Whether it is taken both ways.
    pub both_ways: bool,
}

/// An area type the page offers: id, name and cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AreaType {
    /// The id in the mesh.
    pub id: u8,
    /// Its name.
    pub name: &'static str,
    /// What a unit of length in it costs.
    pub cost: f64,
}

/// Everything the page draws but the mesh and the route: [`MeshPlayground::info`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeshInfo {
    /// The level's side (it spans 0 to `side` both ways).
    pub side: f64,
    /// The agent radii offered.
    pub sizes: Vec<f64>,
    /// The index of the chosen one.
    pub size: usize,
    /// Its radius.
    pub radius: f64,
    /// The area types, with their costs.
    pub area_types: Vec<AreaType>,
    /// The least and the greatest cost an area type may be given.
    pub cost_range: [f64; 2],
    /// The forbidden area ids.
    pub forbidden: Vec<u8>,
    /// The obstacles, as given (not grown).
    pub obstacles: Vec<ShapeInfo>,
    /// The areas.
    pub areas: Vec<ShapeInfo>,
    /// The links, numbered by their place.
    pub links: Vec<LinkInfo>,
}

/// The chosen size's mesh: [`MeshPlayground::picture`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeshPicture {
    /// The radius it is built for.
    pub radius: f64,
    /// Triangles in the mesh.
    pub count: usize,
    /// Up to the number asked for: three x, y corners each.
    pub triangles: Vec<[f64; 6]>,
    /// Each drawn triangle's area id (0 for plain ground).
    pub areas: Vec<u8>,
}

/// A route for the chosen size: [`MeshPlayground::route`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeshRoute {
    /// The agent radius it is planned for.
    pub radius: f64,
    /// The corners and link ends it passes, start first; empty when there is none.
    pub points: Vec<[f64; 2]>,
    /// Its cost: each length walked times its area's cost, plus the links' costs.
    pub cost: f64,
    /// The length walked: the legs that are not links taken.
    pub walked: f64,
    /// Whether the areas the agent may enter on this mesh cost differently: the route is then
    /// near the cheapest (within pathkit's stated bound), not the cheapest for certain.
    pub near_cheapest: bool,
    /// The links it takes, by their place, in order.
    pub links: Vec<usize>,
    /// Links with an end on no ground of this size's mesh (inside a grown obstacle, or too near
    /// the level's edge): left out of the search.
    pub off_mesh: Vec<usize>,
}

/// A route as it crosses to the page: `{found, route, error}`.
#[derive(Debug, Serialize)]
pub struct RouteAnswer {
    /// Whether a route was found.
    pub found: bool,
    /// The route, or `null` when the search found none or was refused.
    pub route: Option<MeshRoute>,
    /// Why the search was refused (a start inside an obstacle, say), or `null`.
    pub error: Option<ErrorAnswer>,
}

impl From<Result<Option<MeshRoute>, PlaygroundError>> for RouteAnswer {
    fn from(r: Result<Option<MeshRoute>, PlaygroundError>) -> Self {
        match r {
            Ok(route) => RouteAnswer {
                found: route.is_some(),
                route,
                error: None,
            },
            Err(e) => RouteAnswer {
                found: false,
                route: None,
                error: Some(ErrorAnswer::from(&e)),
            },
        }
    }
}

/// The answer to an edit that names a shape or link: `{ok, key, error}`.
#[derive(Debug, Serialize)]
pub struct EditAnswer {
    /// The edit was made.
    pub ok: bool,
    /// The key (or link number) made, when one was.
    pub key: Option<u64>,
    /// Why not.
    pub error: Option<ErrorAnswer>,
}

impl From<Result<u64, PlaygroundError>> for EditAnswer {
    fn from(r: Result<u64, PlaygroundError>) -> Self {
        EditAnswer {
            ok: r.is_ok(),
            key: r.as_ref().ok().copied(),
            error: r.err().as_ref().map(ErrorAnswer::from),
        }
    }
}

impl MeshPlayground {
    /// An empty level: no obstacles, areas or links, the smallest agent, nothing forbidden.
    pub fn empty() -> MeshPlayground {
        let level = AgentSizes::new(
            &[],
            &AGENT_SIZES,
            Point::new(0.0, 0.0),
            Point::new(SIDE, SIDE),
            TILE,
        )
        .expect("the sizes, the box and the tile size are valid");
        MeshPlayground {
            level,
            links: Vec::new(),
            forbidden: Vec::new(),
            filter: AreaFilter::ALL,
            costs: AreaCosts::new(),
            size: 0,
            search: WeightedSearch::new(),
        }
    }

    /// The level the page starts with: five boxes, two of them 2 apart (the small and medium
    /// agents pass between them, the large one goes round).
    pub fn preset() -> MeshPlayground {
        let mut pg = MeshPlayground::empty();
        for rect in PRESET {
            pg.add_obstacle(rect)
                .expect("the preset's boxes are in the level");
        }
        pg
    }

    /// The agent radius chosen.
    pub fn radius(&self) -> f64 {
        AGENT_SIZES[self.size]
    }

    /// Chooses the agent size by its place in [`AGENT_SIZES`].
    pub fn set_size(&mut self, index: u32) -> Result<(), PlaygroundError> {
        let k = usize::try_from(index).unwrap_or(usize::MAX);
        if k >= AGENT_SIZES.len() {
            return Err(PlaygroundError::NoAgentSize { index });
        }
        self.size = k;
        Ok(())
    }

    fn check_area_type(id: u8) -> Result<(), PlaygroundError> {
        if AREA_TYPES.iter().any(|&(a, _)| a == id) {
            Ok(())
        } else {
            Err(PlaygroundError::AreaType { id: u32::from(id) })
        }
    }

    /// Forbids area type `id` to the agent (`true`) or allows it again.
    pub fn set_forbidden(&mut self, id: u32, forbidden: bool) -> Result<(), PlaygroundError> {
        let id8 = u8::try_from(id).map_err(|_| PlaygroundError::AreaType { id })?;
        Self::check_area_type(id8)?;
        let mut ids: Vec<u8> = self
            .forbidden
            .iter()
            .copied()
            .filter(|&a| a != id8)
            .collect();
        if forbidden {
            ids.push(id8);
            ids.sort_unstable();
        }
        self.filter = ids.iter().try_fold(AreaFilter::ALL, |f, &a| f.without(a))?;
        self.forbidden = ids;
        Ok(())
    }

    /// Sets what a unit of length in area type `id` costs: from [`MIN_AREA_COST`] to
    /// [`MAX_AREA_COST`].
    pub fn set_area_cost(&mut self, id: u32, cost: f64) -> Result<(), PlaygroundError> {
        let id8 = u8::try_from(id).map_err(|_| PlaygroundError::AreaType { id })?;
        Self::check_area_type(id8)?;
        if !(MIN_AREA_COST..=MAX_AREA_COST).contains(&cost) {
            return Err(PlaygroundError::AreaCost { id, cost });
        }
        self.costs = self.costs.with(id8, cost)?;
        Ok(())
    }

    /// What a unit of length in area type `id` costs (1 for plain ground).
    pub fn area_cost(&self, id: u8) -> f64 {
        self.costs.factor(id)
    }

    /// Adds a box obstacle; its key.
    pub fn add_obstacle(&mut self, rect: Rect) -> Result<u64, PlaygroundError> {
        Ok(self.level.add_obstacle(rectangle(rect)?)?.0)
    }

    /// Paints an area of type `id` over a rectangle (later areas win where they overlap); its
    /// key.
    pub fn add_area(&mut self, rect: Rect, id: u32) -> Result<u64, PlaygroundError> {
        let id8 = u8::try_from(id).map_err(|_| PlaygroundError::AreaType { id })?;
        Self::check_area_type(id8)?;
        Ok(self.level.add_area(rectangle(rect)?, id8)?.0)
    }

    /// The polygon of an obstacle or area, by key.
    fn shape(&self, key: u64) -> Option<&Polygon> {
        let k = ObstacleKey(key);
        self.level
            .obstacle(k)
            .or_else(|| self.level.area(k).map(|(p, _)| p))
    }

    /// Moves an obstacle or area by `dx`, `dy` (a drag), in every size's mesh built so far.
    pub fn move_by(&mut self, key: u64, dx: f64, dy: f64) -> Result<(), PlaygroundError> {
        let shape = self.shape(key).ok_or(PlaygroundError::NoShape { key })?;
        let (lo, hi) = bounds(shape);
        let moved = rectangle([lo.x + dx, lo.y + dy, hi.x + dx, hi.y + dy])?;
        self.level.move_obstacle(ObstacleKey(key), moved)?;
        Ok(())
    }

    /// Removes an obstacle or area.
    pub fn remove(&mut self, key: u64) -> Result<(), PlaygroundError> {
        if self.shape(key).is_none() {
            return Err(PlaygroundError::NoShape { key });
        }
        self.level.remove_obstacle(ObstacleKey(key))?;
        Ok(())
    }

    /// The topmost obstacle holding `(x, y)` (the last added), else the topmost area; `None`
    /// on open ground.
    pub fn pick(&self, x: f64, y: f64) -> Option<u64> {
        let holds = |poly: &Polygon| {
            let (lo, hi) = bounds(poly);
            lo.x <= x && x <= hi.x && lo.y <= y && y <= hi.y
        };
        let obstacle = self
            .level
            .obstacles()
            .filter(|(_, p)| holds(p))
            .map(|(k, _)| k.0)
            .last();
        obstacle.or_else(|| {
            self.level
                .areas()
                .filter(|(_, p, _)| holds(p))
                .map(|(k, _, _)| k.0)
                .last()
        })
    }

    /// Adds a link from `from` to `to` costing `factor` times the straight distance between
    /// them, one way or both; its number.
    pub fn add_link(
        &mut self,
        from: [f64; 2],
        to: [f64; 2],
        factor: f64,
        both_ways: bool,
    ) -> Result<u64, PlaygroundError> {
        let inside = |[x, y]: [f64; 2]| {
            x.is_finite() && y.is_finite() && (0.0..=SIDE).contains(&x) && (0.0..=SIDE).contains(&y)
        };
        if !inside(from) || !inside(to) || from == to {
            return Err(PlaygroundError::LinkEnds { from, to });
        }
        if !(factor.is_finite() && factor >= 0.0) {
            return Err(PlaygroundError::LinkFactor { factor });
        }
        let (a, b) = (Point::new(from[0], from[1]), Point::new(to[0], to[1]));
        let mut link = OffMeshLink::new(a, b, factor * a.distance(b));
        if both_ways {
            link = link.both_ways();
        }
        self.links.push(link);
        Ok(self.links.len() as u64 - 1)
    }

    /// Removes link number `index` (the later ones move down one place).
    pub fn remove_link(&mut self, index: u32) -> Result<(), PlaygroundError> {
        let k = usize::try_from(index).unwrap_or(usize::MAX);
        if k >= self.links.len() {
            return Err(PlaygroundError::NoLink { index });
        }
        self.links.remove(k);
        Ok(())
    }

    /// The obstacles, areas, links, sizes and filter.
    pub fn info(&self) -> MeshInfo {
        let corners = |p: &Polygon| p.points().iter().copied().map(xy).collect();
        MeshInfo {
            side: SIDE,
            sizes: AGENT_SIZES.to_vec(),
            size: self.size,
            radius: self.radius(),
            area_types: AREA_TYPES
                .iter()
                .map(|&(id, name)| AreaType {
                    id,
                    name,
                    cost: self.costs.factor(id),
                })
                .collect(),
            cost_range: [MIN_AREA_COST, MAX_AREA_COST],
            forbidden: self.forbidden.clone(),
            obstacles: self
                .level
                .obstacles()
                .map(|(k, p)| ShapeInfo {
                    key: k.0,
                    points: corners(p),
                    area: None,
                })
                .collect(),
            areas: self
                .level
                .areas()
                .map(|(k, p, id)| ShapeInfo {
                    key: k.0,
                    points: corners(p),
                    area: Some(id),
                })
                .collect(),
            links: self
                .links
                .iter()
                .map(|l| LinkInfo {
                    from: xy(l.from),
                    to: xy(l.to),
                    cost: l.cost,
                    both_ways: l.both_ways,
                })
                .collect(),
        }
    }

    /// The chosen size's mesh (built now if no route asked for it yet), at most `max`
    /// triangles drawn.
    pub fn picture(&self, max: usize) -> Result<MeshPicture, PlaygroundError> {
        let mesh = self.level.mesh(self.radius())?;
        let drawn = mesh.triangle_count().min(max);
        let triangles = (0..drawn)
            .filter_map(|k| mesh.triangle(k))
            .map(|[a, b, c]| [a.x, a.y, b.x, b.y, c.x, c.y])
            .collect();
        let areas = (0..drawn).map(|k| mesh.area(k).unwrap_or(0)).collect();
        Ok(MeshPicture {
            radius: self.radius(),
            count: mesh.triangle_count(),
            triangles,
            areas,
        })
    }

    /// The cheapest route from `start` to `goal` for the chosen size (near the cheapest where
    /// areas cost differently, see the module), taking links where they pay and keeping out of
    /// the forbidden areas; `None` when there is none. Refused (a typed error) when the start
    /// or the goal is on no ground this agent may stand on.
    pub fn route(
        &mut self,
        start: [f64; 2],
        goal: [f64; 2],
    ) -> Result<Option<MeshRoute>, PlaygroundError> {
        let radius = self.radius();
        let (filter, costs) = (self.filter, self.costs);
        let mesh = self.level.mesh(radius)?;
        let on = |p: Point| p.is_finite() && mesh.triangle_at(p).is_some();
        let (mut usable, mut numbers, mut off_mesh) = (Vec::new(), Vec::new(), Vec::new());
        for (k, l) in self.links.iter().enumerate() {
            if on(l.from) && on(l.to) {
                usable.push(*l);
                numbers.push(k);
            } else {
                off_mesh.push(k);
            }
        }
        let (s, g) = (Point::new(start[0], start[1]), Point::new(goal[0], goal[1]));
        let weighted = mesh
            .with_area_costs(&costs)
            .with_filter(filter)
            .with_links(&usable)?
            .for_agent(ALL_AGENTS);
        let Some(path) = weighted.find_path(&mut self.search, s, g)?.into_path() else {
            return Ok(None);
        };
        // A leg from one end of a link to the other takes it when the link is cheaper than
        // walking the leg straight, or when the agent cannot walk it straight (the search
        // walks where walking is no dearer).
        let mut taken = Vec::new();
        let mut walked_total = 0.0;
        for leg in path.nodes.windows(2) {
            let (a, b) = (leg[0], leg[1]);
            let joining = usable
                .iter()
                .zip(&numbers)
                .filter(|(l, _)| l.joins(a, b))
                .min_by(|x, y| x.0.cost.total_cmp(&y.0.cost));
            if let Some((l, &k)) = joining {
                if l.cost < walk_cost(mesh, filter, &costs, a, b) {
                    taken.push(k);
                    continue;
                }
            }
            walked_total += a.distance(b);
        }
        Ok(Some(MeshRoute {
            radius,
            points: path.nodes.iter().copied().map(xy).collect(),
            cost: path.cost,
            walked: walked_total,
            near_cheapest: !one_cost(mesh, filter, &costs),
            links: taken,
            off_mesh,
        }))
    }
}

/// Whether every area of `mesh` that `filter` lets the agent enter costs the same.
fn one_cost(mesh: &NavMesh, filter: AreaFilter, costs: &AreaCosts) -> bool {
    let mut range = (f64::INFINITY, f64::NEG_INFINITY);
    for k in 0..mesh.triangle_count() {
        let area = mesh.area(k).unwrap_or(0);
        if filter.allows(area) {
            let f = costs.factor(area);
            range = (range.0.min(f), range.1.max(f));
        }
    }
    range.0 >= range.1
}

/// What walking straight from `a` to `b` costs on `mesh`: cut where the segment crosses the
/// triangles' sides, each piece at its triangle's cost, a piece along a side at the lesser of
/// the two sides' (a forbidden side or no triangle counting as none); infinite where a piece
/// has no side the agent may walk.
fn walk_cost(mesh: &NavMesh, filter: AreaFilter, costs: &AreaCosts, a: Point, b: Point) -> f64 {
    let len = a.distance(b);
    if len == 0.0 || len.is_nan() {
        return 0.0;
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let mut cuts = vec![0.0, 1.0];
    for k in 0..mesh.triangle_count() {
        let Some(corners) = mesh.triangle(k) else {
            continue;
        };
        for i in 0..3 {
            let (c, d) = (corners[i], corners[(i + 1) % 3]);
            let denom = dx * (d.y - c.y) - dy * (d.x - c.x);
            if denom.abs() < 1e-15 {
                continue;
            }
            let t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / denom;
            let u = ((c.x - a.x) * dy - (c.y - a.y) * dx) / denom;
            if (0.0..=1.0).contains(&t) && (-1e-12..=1.0 + 1e-12).contains(&u) {
                cuts.push(t);
            }
        }
    }
    cuts.sort_by(f64::total_cmp);
    let factor_at = |p: Point| {
        mesh.triangle_at(p)
            .map(|k| mesh.area(k).unwrap_or(0))
            .filter(|&area| filter.allows(area))
            .map_or(f64::INFINITY, |area| costs.factor(area))
    };
    let (nx, ny) = (-dy / len, dx / len);
    let h = 1e-7;
    cuts.windows(2)
        .map(|c| {
            let piece = c[1] - c[0];
            if piece <= 0.0 {
                return 0.0;
            }
            let mid = (c[0] + c[1]) / 2.0;
            let m = Point::new(a.x + dx * mid, a.y + dy * mid);
            let left = factor_at(Point::new(m.x + nx * h, m.y + ny * h));
            let right = factor_at(Point::new(m.x - nx * h, m.y - ny * h));
            left.min(right) * len * piece
        })
        .sum()
}

/// The preset's boxes: `[x0, y0, x1, y1]`.
pub const PRESET: [Rect; 5] = [
    [6.0, 4.0, 10.0, 14.0],
    [14.0, 4.0, 18.0, 15.0],
    [14.0, 17.0, 18.0, 30.0],
    [22.0, 6.0, 27.0, 10.0],
    [22.0, 20.0, 26.0, 26.0],
];
