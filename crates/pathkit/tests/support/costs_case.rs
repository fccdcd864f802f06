//! One fuzz case for area costs on navigation meshes ([`NavMesh::with_area_costs`]): a box,
//! obstacles and area polygons (any ids, on a lattice of quarter units or any `f32`), an agent
//! radius, a factor per area, points per edge, a spacing, a filter, off-mesh links and an agent
//! mask, then queries to one goal or the nearest of two.
//!
//! Every setting is taken or refused with its documented error: a factor that is not a positive
//! finite number is [`NavMeshError::InvalidAreaCost`], an area of 64 or more
//! [`NavMeshError::InvalidArea`], more than 64 points per edge or a spacing that is not a
//! positive number [`NavMeshError::InvalidPointsPerEdge`], a link with a cost that is negative
//! or not finite or an end off the mesh [`NavMeshError::InvalidLink`] (the first such). A query
//! answers or gives a typed error, never panics. A path starts at the start and ends at a goal;
//! each leg is a link the agent may take or a walk on the mesh; its cost is at least the sum
//! over the legs of the link's cost or the walk's length at the cheapest factor the agent may
//! meet, and at most the same at the dearest; it is never below the cheapest factor times the
//! exact (any-angle, links' costs scaled) cost on the agent's ground, and where every area the
//! agent may meet costs the same and there are no links, it is that factor times the filtered
//! any-angle length exactly (relative 1e-9).
//!
//! The fuzz target `fuzz/fuzz_targets/navmesh_costs.rs` and the regression replay
//! `tests/navmesh_fuzz_regressions.rs` both include this file at their crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};

use crate::shape_input::{mesh_or_refusal, polygon, Shape};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{
    AnyAngleSearch, AreaCosts, AreaFilter, NavMeshError, OffMeshLink, WeightedSearch, MAX_AREAS,
    MAX_POINTS_PER_EDGE,
};
use pathkit::{Goal, Pathfinder};

/// At most this many obstacles, areas, points a polygon, factors, links and queries.
pub const MAX_POLYGONS: usize = 5;
pub const MAX_FACTORS: usize = 8;
pub const MAX_LINKS: usize = 3;
pub const MAX_QUERIES: usize = 6;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct CostsCase {
    /// The radius in 64ths (up to 1), or any.
    radius: Number,
    obstacles: Vec<Shape>,
    areas: Vec<(Shape, u8)>,
    /// (area, factor): the factor in quarters (0 to 63/4), or any.
    factors: Vec<(u8, Number)>,
    points_per_edge: Option<Count>,
    /// The spacing in quarters (0 to 255/4), or any.
    spacing: Option<Number>,
    /// The areas forbidden to the agent, a bit each.
    forbidden: u64,
    links: Vec<Link>,
    agent: Option<u32>,
    queries: Vec<Query>,
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Number {
    Lattice(u8),
    Any(f64),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Count {
    Small(u8),
    Any(u32),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Spot {
    /// In quarter units of the box [0, 16] squared, off the lattice by an eighth.
    Lattice([u8; 2]),
    /// Any point.
    Any([f32; 2]),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct Link {
    from: Spot,
    to: Spot,
    /// The cost in quarters, or any.
    cost: Number,
    both_ways: bool,
    enabled: bool,
    mask: Option<u32>,
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct Query {
    start: Spot,
    goal: Spot,
    /// A second goal: the query is then to the nearer of the two.
    other: Option<Spot>,
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = CostsCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

fn spot(s: Spot) -> Point {
    match s {
        Spot::Lattice([x, y]) => Point::new(
            f64::from(x % 64) / 4.0 + 0.125,
            f64::from(y % 64) / 4.0 + 0.125,
        ),
        Spot::Any([x, y]) => Point::new(f64::from(x), f64::from(y)),
    }
}

/// Builds the case's mesh and search and checks every query.
pub fn check(case: &CostsCase) {
    let radius = match case.radius {
        Number::Lattice(r) => f64::from(r % 65) / 64.0,
        Number::Any(r) => r,
    };
    let obstacles: Vec<Polygon> = case
        .obstacles
        .iter()
        .take(MAX_POLYGONS)
        .map(polygon)
        .collect();
    let areas: Vec<(Polygon, u8)> = case
        .areas
        .iter()
        .take(MAX_POLYGONS)
        .map(|(s, id)| (polygon(s), *id % 72))
        .collect();
    let mesh = match mesh_or_refusal(&obstacles, &areas, radius) {
        Ok(mesh) => mesh,
        Err(_) => {
            return;
        }
    };

    // The factors: each taken, or refused as documented (and the costs kept as they were).
    let mut costs = AreaCosts::new();
    for &(area, factor) in case.factors.iter().take(MAX_FACTORS) {
        let area = area % 72;
        let factor = match factor {
            Number::Lattice(f) => f64::from(f % 64) / 4.0,
            Number::Any(f) => f,
        };
        match costs.with(area, factor) {
            Ok(c) => {
                assert!(usize::from(area) < MAX_AREAS && factor.is_finite() && factor > 0.0);
                assert_eq!(c.factor(area), factor);
                costs = c;
            }
            Err(NavMeshError::InvalidArea { area: a }) => {
                assert_eq!(a, area);
                assert!(usize::from(area) >= MAX_AREAS);
            }
            Err(NavMeshError::InvalidAreaCost { area: a, factor: f }) => {
                assert_eq!(a, area);
                assert!(f == factor || (f.is_nan() && factor.is_nan()));
                assert!(usize::from(area) < MAX_AREAS && !(factor.is_finite() && factor > 0.0));
            }
            Err(e) => panic!("factor {factor} for area {area}: {e:?}"),
        }
    }

    let mut weighted = mesh.with_area_costs(&costs);
    if let Some(count) = case.points_per_edge {
        let count = match count {
            Count::Small(c) => u32::from(c % 9),
            Count::Any(c) => c,
        };
        match weighted.clone().with_points_per_edge(count) {
            Ok(w) => {
                assert!(
                    count <= MAX_POINTS_PER_EDGE,
                    "{count} points per edge taken"
                );
                assert_eq!(w.points_per_edge(), count);
                weighted = w;
            }
            Err(NavMeshError::InvalidPointsPerEdge { count: c }) => {
                assert_eq!(c, count);
                assert!(
                    count > MAX_POINTS_PER_EDGE,
                    "{count} points per edge refused"
                );
            }
            Err(e) => panic!("{count} points per edge: {e:?}"),
        }
    }
    if let Some(spacing) = case.spacing {
        let spacing = match spacing {
            Number::Lattice(s) => f64::from(s) / 4.0,
            Number::Any(s) => s,
        };
        match weighted.clone().with_spacing(spacing) {
            Ok(w) => {
                assert!(spacing > 0.0, "spacing {spacing} taken");
                assert_eq!(w.spacing(), spacing.is_finite().then_some(spacing));
                weighted = w;
            }
            Err(NavMeshError::InvalidPointsPerEdge { .. }) => {
                assert!(
                    spacing.is_nan() || spacing <= 0.0,
                    "spacing {spacing} refused"
                );
            }
            Err(e) => panic!("spacing {spacing}: {e:?}"),
        }
    }
    let mut filter = AreaFilter::ALL;
    for area in 0..MAX_AREAS as u8 {
        if case.forbidden & (1 << area) != 0 {
            filter = filter.without(area).expect("an area below the limit");
        }
    }
    let weighted = weighted.with_filter(filter);

    // The links: all taken, or the first bad one named.
    let links: Vec<OffMeshLink> = case
        .links
        .iter()
        .take(MAX_LINKS)
        .map(|l| {
            let cost = match l.cost {
                Number::Lattice(c) => f64::from(c) / 4.0,
                Number::Any(c) => c,
            };
            let mut link = OffMeshLink::new(spot(l.from), spot(l.to), cost);
            link.both_ways = l.both_ways;
            link.enabled = l.enabled;
            if let Some(mask) = l.mask {
                link.mask = mask;
            }
            link
        })
        .collect();
    let on_mesh = |p: Point| p.is_finite() && mesh.triangle_at(p).is_some();
    let first_bad = links
        .iter()
        .position(|l| !(l.cost.is_finite() && l.cost >= 0.0 && on_mesh(l.from) && on_mesh(l.to)));
    let (weighted, links): (_, &[OffMeshLink]) = match weighted.clone().with_links(&links) {
        Ok(w) => {
            assert_eq!(first_bad, None, "{links:?} taken");
            (w, &links)
        }
        Err(NavMeshError::InvalidLink { link }) => {
            assert_eq!(Some(link), first_bad, "{links:?}");
            (weighted, &[])
        }
        Err(e) => panic!("links {links:?}: {e:?}"),
    };
    let agent = case.agent.unwrap_or(u32::MAX);
    let weighted = match case.agent {
        Some(mask) => weighted.for_agent(mask),
        None => weighted,
    };

    // The factors the agent may meet: of the areas of the mesh's triangles it may enter.
    let (mut cheapest, mut dearest) = (f64::INFINITY, 0.0f64);
    for k in 0..mesh.triangle_count() {
        let area = mesh.area(k).expect("a triangle of the mesh");
        if filter.allows(area) {
            cheapest = cheapest.min(costs.factor(area));
            dearest = dearest.max(costs.factor(area));
        }
    }
    if !cheapest.is_finite() {
        (cheapest, dearest) = (1.0, 1.0);
    }
    // The links the agent may take, each way: (entry, exit, cost).
    let ground = mesh.with_filter(filter);
    let on_ground = |p: Point| ground.check_ends(p, p).is_ok();
    let mut ways: Vec<(Point, Point, f64)> = Vec::new();
    for l in links {
        // A link from a point to itself goes nowhere: no path needs it, and `Linked` (the
        // exact search below) is not trusted with one.
        if l.enabled
            && l.mask & agent != 0
            && l.from != l.to
            && on_ground(l.from)
            && on_ground(l.to)
        {
            ways.push((l.from, l.to, l.cost));
            if l.both_ways {
                ways.push((l.to, l.from, l.cost));
            }
        }
    }
    let hop = |a: Point, b: Point| {
        ways.iter()
            .filter(|&&(entry, exit, _)| (entry, exit) == (a, b))
            .map(|&(_, _, cost)| cost)
            .fold(f64::INFINITY, f64::min)
    };
    let scale = mesh
        .vertices()
        .iter()
        .fold(1.0f64, |s, v| s.max(v.x.abs()).max(v.y.abs()));
    let walkable = |a: Point, b: Point| {
        let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        mid.is_finite()
            && (mesh.triangle_at(mid).is_some()
                || mesh
                    .nearest_point(mid)
                    .is_ok_and(|q| q.distance(mid) <= 1e-6 * scale))
    };
    // The exact search on the agent's ground with the links' costs over the cheapest factor:
    // times that factor, a bound below any path's cost.
    let scaled: Vec<OffMeshLink> = ways
        .iter()
        .map(|&(entry, exit, cost)| OffMeshLink::new(entry, exit, cost / cheapest))
        .collect();
    let exact_links = scaled
        .iter()
        .all(|l| l.cost.is_finite())
        .then(|| mesh.with_links(&scaled).ok())
        .flatten()
        .map(|l| l.with_filter(filter));

    let mut search = WeightedSearch::new();
    let mut exact = AnyAngleSearch::new();
    for q in case.queries.iter().take(MAX_QUERIES) {
        let (start, goal) = (spot(q.start), spot(q.goal));
        let goals: Vec<Point> = std::iter::once(goal).chain(q.other.map(spot)).collect();
        let answer = match goals.as_slice() {
            [_] => weighted.find_path(&mut search, start, goal),
            many => {
                weighted.find_path_with(&mut search, start, Goal::AnyOf(many), &Default::default())
            }
        };
        let outcome = match answer {
            Ok(outcome) => outcome,
            Err(NavMeshError::NonFinite { .. } | NavMeshError::OffMesh { .. }) => {
                // Refused only for an end that is not finite or not on the agent's ground.
                assert!(
                    goals.iter().chain([&start]).any(|&p| !on_ground(p)),
                    "{start:?} -> {goals:?} refused"
                );
                continue;
            }
            Err(e) => panic!("{start:?} -> {goals:?}: {e:?}"),
        };
        let exact_cost = match &exact_links {
            Some(linked) => linked
                .find_path_with(&mut exact, start, Goal::AnyOf(&goals), &Default::default())
                .ok()
                .map(|o| o.into_path().map(|p| p.cost * cheapest)),
            None if ways.is_empty() => ground
                .find_path_with(&mut exact, start, Goal::AnyOf(&goals), &Default::default())
                .ok()
                .map(|o| o.into_path().map(|p| p.cost * cheapest)),
            None => None,
        };
        let Some(path) = outcome.into_path() else {
            if ways.is_empty() {
                // No links: reachable by the exact search is reachable here.
                if let Some(found) = exact_cost {
                    assert!(
                        found.is_none(),
                        "{start:?} -> {goals:?}: no path, but {found:?}"
                    );
                }
            }
            continue;
        };
        assert_eq!(path.nodes.first(), Some(&start));
        let end = *path.nodes.last().expect("a path has points");
        assert!(
            goals.contains(&end),
            "{start:?} -> {goals:?} ends at {end:?}"
        );
        let (mut low, mut high) = (0.0, 0.0);
        for w in path.nodes.windows(2) {
            let (a, b) = (w[0], w[1]);
            let link = hop(a, b);
            let walk = walkable(a, b);
            assert!(
                link.is_finite() || walk,
                "{start:?} -> {goals:?}: {a:?} to {b:?} is neither a walk nor a link it may take"
            );
            let length = a.distance(b);
            if walk {
                low += link.min(cheapest * length);
                high += if link.is_finite() {
                    link.max(dearest * length)
                } else {
                    dearest * length
                };
            } else {
                low += link;
                high += link;
            }
        }
        let eps = 1e-9 * high.max(1.0);
        assert!(
            path.cost >= low - eps && path.cost <= high + eps,
            "{start:?} -> {goals:?}: cost {} outside [{low}, {high}]: {:?}",
            path.cost,
            path.nodes
        );
        if let Some(found) = exact_cost {
            let found = found.unwrap_or_else(|| {
                panic!("{start:?} -> {goals:?}: a path here, none by the exact search")
            });
            assert!(
                path.cost >= found * (1.0 - 1e-9) - 1e-9,
                "{start:?} -> {goals:?}: cost {} below the cheapest factor's {found}",
                path.cost
            );
            if cheapest == dearest && ways.is_empty() {
                // (Both infinite where the factor times the length overflows.)
                assert!(
                    path.cost == found || (path.cost - found).abs() <= 1e-9 * found.max(1.0),
                    "{start:?} -> {goals:?}: one factor {cheapest}, cost {} not {found}",
                    path.cost
                );
            }
        }
    }
}
