//! One fuzz case for navigation meshes with areas: a box, obstacles and area polygons (any ids,
//! on a lattice of quarter units or any `f32`), an agent radius, then filtered queries.
//!
//! Building gives a mesh or a documented error ([`NavMeshError::InvalidArea`] for an id of 64
//! or more); every triangle's area is one of the ids given, or 0. A filtered query answers or
//! gives a typed error, and a path starts at the start and ends at the goal. On lattice input
//! at radius 0, a filtered length equals the length on a mesh where the forbidden areas are
//! obstacles, and a query allowed everywhere the length on the mesh without areas.
//!
//! The fuzz target `fuzz/fuzz_targets/navmesh_areas.rs` and the regression replay
//! `tests/navmesh_fuzz_regressions.rs` both include this file at their crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};

use crate::shape_input::{bounds, mesh_or_refusal, polygon, Shape};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AnyAngleSearch, AreaFilter, NavMesh, NavMeshError, MAX_AREAS};
use pathkit::Pathfinder;

/// At most this many obstacles, areas and queries.
pub const MAX_POLYGONS: usize = 6;
pub const MAX_QUERIES: usize = 6;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct AreasCase {
    /// The radius in 64ths (up to 1), or any.
    radius: Radius,
    obstacles: Vec<Shape>,
    areas: Vec<(Shape, u8)>,
    /// The areas forbidden to the agent, a bit each.
    forbidden: u64,
    /// In quarter units of the box [0, 16] squared.
    queries: Vec<([u8; 2], [u8; 2])>,
}

#[derive(Arbitrary, Debug)]
enum Radius {
    Lattice(u8),
    Any(f32),
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = AreasCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

/// Builds the case's meshes and checks every query.
pub fn check(case: &AreasCase) {
    let radius = match case.radius {
        Radius::Lattice(r) => f64::from(r % 65) / 64.0,
        Radius::Any(r) => f64::from(r),
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
        .map(|(s, id)| (polygon(s), *id))
        .collect();
    let (min, max) = bounds();
    let mesh = match mesh_or_refusal(&obstacles, &areas, radius) {
        Ok(mesh) => mesh,
        Err(e) => {
            if let NavMeshError::InvalidArea { area } = e {
                assert!(usize::from(area) >= MAX_AREAS);
            }
            return;
        }
    };
    let ids: Vec<u8> = areas.iter().map(|&(_, id)| id).collect();
    for k in 0..mesh.triangle_count() {
        let area = mesh.area(k).expect("a triangle of the mesh");
        assert!(
            area == 0 || ids.contains(&area),
            "triangle {k} in area {area}"
        );
    }
    let mut filter = AreaFilter::ALL;
    for area in 0..MAX_AREAS as u8 {
        if case.forbidden & (1 << area) != 0 {
            filter = filter.without(area).expect("an area below the limit");
        }
    }
    let lattice = matches!(case.radius, Radius::Lattice(_))
        && case
            .obstacles
            .iter()
            .chain(case.areas.iter().map(|(s, _)| s))
            .all(|s| matches!(s, Shape::Lattice(_)));
    // The mesh of the same ground with the forbidden areas as obstacles (when the agent may walk
    // outside the areas, and no area it may enter lies over one it may not: the later area
    // wins), and without areas.
    let forbidden_first_allowed_after = areas.iter().enumerate().any(|(i, (_, a))| {
        !filter.allows(*a) && areas[i + 1..].iter().any(|(_, b)| filter.allows(*b))
    });
    let (walled, plain) = if lattice && radius == 0.0 {
        let mut walls = obstacles.clone();
        walls.extend(
            areas
                .iter()
                .filter(|(o, id)| !filter.allows(*id) && o.len() >= 3)
                .map(|(o, _)| o.clone()),
        );
        // Area 0 is the ground outside every area polygon: forbidden, it is no polygon to wall.
        // A forbidden polygon that is not simple (a spike, sides crossing or touching) has parts
        // without inside, which hold nothing as an area but are walls as an obstacle.
        // (A signed area of 0 is no sign of an empty polygon: a figure eight's lobes cancel.)
        let simple = areas
            .iter()
            .filter(|(_, id)| !filter.allows(*id))
            .all(|(o, _)| o.len() < 3 || is_simple(o.points()));
        let walled = (!forbidden_first_allowed_after && filter.allows(0) && simple)
            .then(|| NavMesh::from_obstacles(&walls, 0.0, min, max).ok())
            .flatten();
        (
            walled,
            NavMesh::from_obstacles(&obstacles, 0.0, min, max).ok(),
        )
    } else {
        (None, None)
    };
    let mut search = AnyAngleSearch::new();
    let at = |[x, y]: [u8; 2]| {
        Point::new(
            f64::from(x % 64) / 4.0 + 0.125,
            f64::from(y % 64) / 4.0 + 0.125,
        )
    };
    for &(a, b) in case.queries.iter().take(MAX_QUERIES) {
        let (a, b) = (at(a), at(b));
        let filtered = mesh.with_filter(filter).find_path(&mut search, a, b);
        match &filtered {
            Ok(outcome) => {
                if let Some(path) = outcome.path() {
                    assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (a, b));
                    assert!(path.cost >= a.distance(b) * (1.0 - 1e-9));
                }
            }
            Err(NavMeshError::OffMesh { .. }) => {}
            Err(e) => panic!("filtered search: {e:?}"),
        }
        let length = |m: &NavMesh, search: &mut AnyAngleSearch| {
            m.find_path(search, a, b)
                .ok()
                .map(|o| o.into_path().map(|p| p.cost))
        };
        if let (Some(walled), Ok(outcome)) = (&walled, &filtered) {
            // Both ends on the agent's ground: the walled mesh agrees where it holds them.
            if let Some(Some(expected)) = length(walled, &mut search) {
                let found = outcome.path().map(|p| p.cost);
                assert!(
                    found.is_some_and(|f| (f - expected).abs() <= 1e-7 * expected.max(1.0)),
                    "{a:?} -> {b:?}: filtered {found:?}, walled {expected}"
                );
            }
        }
        if let Some(plain) = &plain {
            let all = mesh
                .with_filter(AreaFilter::ALL)
                .find_path(&mut search, a, b)
                .ok()
                .map(|o| o.into_path().map(|p| p.cost));
            let without = length(plain, &mut search);
            match (all, without) {
                (Some(Some(x)), Some(Some(y))) => assert!(
                    (x - y).abs() <= 1e-9 * y.max(1.0),
                    "{a:?} -> {b:?}: every area {x}, no areas {y}"
                ),
                (x, y) => assert_eq!(
                    x.is_some_and(|p| p.is_some()),
                    y.is_some_and(|p| p.is_some()),
                    "{a:?} -> {b:?}"
                ),
            }
        }
    }
}

/// Whether a polygon is simple: its points distinct, and no two sides meeting but adjacent ones
/// at their shared end (so no spike doubling back, no sides crossing or touching).
fn is_simple(points: &[Point]) -> bool {
    let n = points.len();
    let orient =
        |a: Point, b: Point, c: Point| (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    let on = |a: Point, b: Point, p: Point| {
        orient(a, b, p) == 0.0
            && p.x >= a.x.min(b.x)
            && p.x <= a.x.max(b.x)
            && p.y >= a.y.min(b.y)
            && p.y <= a.y.max(b.y)
    };
    let meet = |a: Point, b: Point, c: Point, d: Point| {
        let (o1, o2, o3, o4) = (
            orient(a, b, c),
            orient(a, b, d),
            orient(c, d, a),
            orient(c, d, b),
        );
        (o1 * o2 < 0.0 && o3 * o4 < 0.0) || on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b)
    };
    for i in 0..n {
        for j in i + 1..n {
            if points[i] == points[j] {
                return false;
            }
        }
    }
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        for j in i + 1..n {
            let (c, d) = (points[j], points[(j + 1) % n]);
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if adjacent {
                // Sharing one end: they may not fold back along each other.
                let (shared, p, q) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
                if orient(p, shared, q) == 0.0 && (p - shared).dot(q - shared) > 0.0 {
                    return false;
                }
            } else if meet(a, b, c, d) {
                return false;
            }
        }
    }
    true
}
