//! One fuzz case for navigation meshes: outside data (a box, polygon obstacles and an agent
//! radius; triangles of one's own; a grid) turned into a mesh, then queried.
//!
//! Building never panics: bad input is a typed error. On a built mesh every query answers or
//! gives a typed error; a path starts at the start, ends at the goal, turns only at mesh
//! vertices and is no shorter than the straight line. On grid meshes, whose coordinates are
//! exact, every answer is checked against the visibility-graph oracle
//! ([`crate::visibility_oracle`]): path lengths to 1e-9, line of sight exactly. With the `serde`
//! feature a mesh survives a JSON round trip and answers as before.
//!
//! The fuzz target `fuzz/fuzz_targets/navmesh_build.rs` and the regression replay
//! `tests/navmesh_fuzz_regressions.rs` both include this file and `visibility_oracle.rs` at their
//! crate root, so a replayed input meets exactly the checks the fuzzer ran.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::{Point, Polygon};
use pathkit::grid::Grid;
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};

use crate::visibility_oracle::{shortest_path, GridWorld};
use pathkit::Pathfinder;

/// At most this many obstacles, points an obstacle, triangles and queries.
pub const MAX_OBSTACLES: usize = 12;
pub const MAX_POINTS: usize = 10;
pub const MAX_TRIANGLES: usize = 24;
pub const MAX_QUERIES: usize = 8;
/// The widest and tallest grid.
pub const MAX_GRID_SIDE: usize = 12;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct NavMeshCase {
    source: Source,
    queries: Vec<([f32; 2], [f32; 2])>,
}

#[derive(Arbitrary, Debug)]
enum Source {
    Obstacles {
        min: [f32; 2],
        max: [f32; 2],
        radius: f32,
        obstacles: Vec<Vec<[f32; 2]>>,
    },
    Triangles {
        vertices: Vec<[f32; 2]>,
        triangles: Vec<[u16; 3]>,
    },
    /// Cells row by row, `true` blocked; queries are read in half cells.
    Grid { width: u8, cells: Vec<bool> },
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = NavMeshCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

fn point([x, y]: [f32; 2]) -> Point {
    Point::new(f64::from(x), f64::from(y))
}

/// Builds the case's mesh and checks every query.
pub fn check(case: &NavMeshCase) {
    let queries: Vec<([f32; 2], [f32; 2])> =
        case.queries.iter().take(MAX_QUERIES).copied().collect();
    match &case.source {
        Source::Obstacles {
            min,
            max,
            radius,
            obstacles,
        } => {
            let polygons: Vec<Polygon> = obstacles
                .iter()
                .take(MAX_OBSTACLES)
                .map(|o| Polygon::new(o.iter().take(MAX_POINTS).map(|&p| point(p)).collect()))
                .collect();
            match NavMesh::from_obstacles(&polygons, f64::from(*radius), point(*min), point(*max)) {
                Ok(mesh) => check_queries(&mesh, &queries),
                Err(e) => assert!(
                    matches!(
                        e,
                        NavMeshError::NonFinite { .. }
                            | NavMeshError::OutOfRange { .. }
                            | NavMeshError::EmptyBounds { .. }
                            | NavMeshError::InvalidRadius { .. }
                            | NavMeshError::Triangulation
                    ),
                    "unexpected error {e:?}"
                ),
            }
        }
        Source::Triangles {
            vertices,
            triangles,
        } => {
            let vertices: Vec<Point> = vertices
                .iter()
                .take(MAX_TRIANGLES * 3)
                .map(|&p| point(p))
                .collect();
            let triangles: Vec<[u32; 3]> = triangles
                .iter()
                .take(MAX_TRIANGLES)
                .map(|t| t.map(u32::from))
                .collect();
            if let Ok(mesh) = NavMesh::from_triangles(vertices, triangles) {
                check_queries(&mesh, &queries);
            }
        }
        Source::Grid { width, cells } => check_grid(usize::from(*width), cells, &queries),
    }
}

/// Queries on any mesh: typed errors or answers of the right shape.
fn check_queries(mesh: &NavMesh, queries: &[([f32; 2], [f32; 2])]) {
    let mut search = AnyAngleSearch::new();
    for &(a, b) in queries {
        let (a, b) = (point(a), point(b));
        let finite = a.is_finite() && b.is_finite();
        let on = |p: Point| mesh.triangle_at(p).is_some();
        match mesh.nearest_point(a) {
            Ok(q) => assert!(q.is_finite()),
            Err(e) => assert!(!a.is_finite() || mesh.triangle_count() == 0, "{e:?}"),
        }
        match mesh.line_of_sight(a, b) {
            Ok(_) => assert!(finite && on(a) && on(b)),
            Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
            Err(NavMeshError::OffMesh { .. }) => assert!(!on(a) || !on(b)),
            Err(e) => panic!("line of sight: {e:?}"),
        }
        match mesh.find_path(&mut search, a, b).map(|o| o.into_path()) {
            Ok(Some(path)) => {
                let points = path.nodes;
                assert_eq!((points[0], points[points.len() - 1]), (a, b));
                // Every point between the ends (none for a path from a point to itself).
                for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
                    assert!(
                        mesh.vertices().contains(p),
                        "a turn off the vertices: {p:?}"
                    );
                }
                let straight = a.distance(b);
                assert!(
                    path.cost >= straight * (1.0 - 1e-9),
                    "{} < {straight}",
                    path.cost
                );
            }
            Ok(None) => assert!(finite),
            Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
            Err(NavMeshError::OffMesh { .. }) => assert!(!on(a) || !on(b)),
            Err(e) => panic!("find_path: {e:?}"),
        }
        if let Ok(Some(corridor)) = mesh.corridor(a, b) {
            let points = mesh
                .funnel(&corridor, a, b)
                .expect("a corridor of the mesh's own");
            assert_eq!((points[0], points[points.len() - 1]), (a, b));
        }
        match mesh.raycast(a, b) {
            Ok(Some(hit)) => {
                assert!(hit.point.is_finite() && hit.normal.is_finite(), "{hit:?}");
                // A ray stopped at a corner reports the corner, which may lie within the mesh's
                // tolerance off the ray: past its end by as much on a ray that short.
                let len = a.distance(b);
                let within = hit.distance <= len * (1.0 + 1e-9) + 1e-6;
                assert!(hit.distance >= 0.0 && within, "{hit:?}");
            }
            Ok(None) => assert!(finite && on(a)),
            Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
            Err(NavMeshError::OffMesh { .. }) => assert!(!on(a)),
            Err(e) => panic!("raycast: {e:?}"),
        }
        match mesh.triangles_along(&[a, b]) {
            Ok(Some(crossed)) => assert!(crossed.iter().all(|&k| k < mesh.triangle_count())),
            Ok(None) => assert!(finite && on(a)),
            Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
            Err(NavMeshError::OffMesh { .. }) => assert!(!on(a)),
            Err(e) => panic!("triangles along: {e:?}"),
        }
        let snapping = mesh.snapping(1.0).expect("a distance of 1 is a distance");
        match snapping.find_path(&mut search, a, b) {
            Ok(_) | Err(NavMeshError::OffMesh { .. }) => assert!(finite),
            Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
            Err(e) => panic!("find_path with snapping: {e:?}"),
        }
    }
    for seed in 0..4 {
        if let Some(p) = mesh.random_point(seed) {
            assert!(p.is_finite(), "{p:?}");
        }
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(mesh).expect("a mesh serializes");
        let back: NavMesh = serde_json::from_str(&json).expect("a saved mesh loads");
        assert_eq!(back.triangle_indices(), mesh.triangle_indices());
        assert_eq!(back.vertices(), mesh.vertices());
    }
}

/// A grid mesh, checked against the oracle.
fn check_grid(width: usize, cells: &[bool], queries: &[([f32; 2], [f32; 2])]) {
    let width = width.clamp(1, MAX_GRID_SIDE);
    let height = (cells.len() / width).clamp(1, MAX_GRID_SIDE);
    let blocked: Vec<bool> = (0..width * height)
        .map(|i| cells.get(i).copied().unwrap_or(false))
        .collect();
    let text: String = blocked
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&b| if b { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    let grid = Grid::from_ascii(&text).expect("a picture of dots and walls");
    let mesh = NavMesh::from_grid(&grid).expect("a grid always makes a mesh");
    let world = GridWorld {
        width: width as i64,
        height: height as i64,
        blocked,
    };
    check_queries(&mesh, queries);
    let mut search = AnyAngleSearch::new();
    // Queries in half cells (doubled integer coordinates), folded onto the map.
    let fold = |v: f32, side: usize| (v.abs() as i64).rem_euclid(2 * side as i64 + 1);
    for &(a, b) in queries {
        let a = (fold(a[0], width), fold(a[1], height));
        let b = (fold(b[0], width), fold(b[1], height));
        let (pa, pb) = (
            Point::new(a.0 as f64 / 2.0, a.1 as f64 / 2.0),
            Point::new(b.0 as f64 / 2.0, b.1 as f64 / 2.0),
        );
        if !world.is_walkable(a) || !world.is_walkable(b) {
            continue;
        }
        assert_eq!(
            mesh.line_of_sight(pa, pb),
            Ok(world.segment_clear(a, b)),
            "{a:?} -> {b:?}\n{text}"
        );
        let mut nodes = vec![a, b];
        nodes.extend(world.turning_points());
        let expected = shortest_path(
            &nodes,
            |p, q| world.segment_clear(p, q),
            |p, q| ((q.0 - p.0) as f64).hypot((q.1 - p.1) as f64) / 2.0,
        );
        let found = mesh
            .find_path(&mut search, pa, pb)
            .map(|o| o.into_path())
            .expect("walkable points are on the mesh")
            .map(|p| p.cost);
        let agree = match (expected, found) {
            (Some(e), Some(f)) => (e - f).abs() <= 1e-9 * e.max(1.0),
            (None, None) => true,
            _ => false,
        };
        assert!(
            agree,
            "{a:?} -> {b:?}: oracle {expected:?}, mesh {found:?}\n{text}"
        );
    }
}
