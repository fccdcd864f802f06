//! One fuzz case for tiled navigation meshes: a box, an agent radius, a tile size and obstacles
//! from outside data, then obstacles added, moved and removed.
//!
//! Building and every edit give a mesh or a documented error, and a refused edit changes
//! nothing. After each step the mesh is well formed ([`check_structure`]). When the input is
//! on a lattice of quarter units (a box of whole units, a radius of 64ths, tiles of half units),
//! the tiled mesh is compared with a mesh built from scratch with the same obstacles
//! ([`NavMesh::from_obstacles`]): the same points lie on both, the same area, and paths between
//! the query points as long. Otherwise (any `f32`: huge, tiny, NaN) only the shape of answers
//! is checked.
//!
//! The fuzz target `fuzz/fuzz_targets/navmesh_tiled.rs` and the regression replay
//! `tests/navmesh_fuzz_regressions.rs` both include this file at their crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError, ObstacleKey, TiledNavMesh};
use pathkit::Pathfinder;

/// At most this many obstacles to start with, points an obstacle, edits and queries.
pub const MAX_OBSTACLES: usize = 10;
pub const MAX_POINTS: usize = 8;
pub const MAX_EDITS: usize = 12;
pub const MAX_QUERIES: usize = 6;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct TiledCase {
    /// The box [0, 4 + side % 29] squared, or any box.
    side: u8,
    /// The radius in 64ths, up to 1.
    radius: u8,
    /// The tile size in half units, from 0.5.
    tile: u8,
    /// Instead of the lattice above: any box, radius and tile size.
    wild: Option<Wild>,
    obstacles: Vec<Shape>,
    edits: Vec<Edit>,
    /// In quarter units.
    queries: Vec<([u8; 2], [u8; 2])>,
}

#[derive(Arbitrary, Debug)]
struct Wild {
    min: [f32; 2],
    max: [f32; 2],
    radius: f32,
    tile: f32,
}

#[derive(Arbitrary, Debug, Clone)]
pub enum Shape {
    /// Points in quarter units.
    Lattice(Vec<[u8; 2]>),
    /// Any points.
    Any(Vec<[f32; 2]>),
}

#[derive(Arbitrary, Debug)]
pub enum Edit {
    Add(Shape),
    /// The obstacle at this place in the list of live ones (modulo its length).
    Remove(u8),
    /// Moved by this many quarter units.
    Move(u8, [i8; 2]),
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = TiledCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

pub fn polygon(shape: &Shape) -> Polygon {
    match shape {
        Shape::Lattice(points) => Polygon::new(
            points
                .iter()
                .take(MAX_POINTS)
                .map(|&[x, y]| Point::new(f64::from(x) / 4.0, f64::from(y) / 4.0))
                .collect(),
        ),
        Shape::Any(points) => Polygon::new(
            points
                .iter()
                .take(MAX_POINTS)
                .map(|&[x, y]| Point::new(f64::from(x), f64::from(y)))
                .collect(),
        ),
    }
}

/// The errors building or editing may give.
pub fn documented(e: &NavMeshError) -> bool {
    matches!(
        e,
        NavMeshError::NonFinite { .. }
            | NavMeshError::OutOfRange { .. }
            | NavMeshError::EmptyBounds { .. }
            | NavMeshError::InvalidRadius { .. }
            | NavMeshError::InvalidTileSize { .. }
            | NavMeshError::TooManyCrossings { .. }
            | NavMeshError::Triangulation
    )
}

/// Builds the case's mesh, edits it and checks every step.
pub fn check(case: &TiledCase) {
    let (min, max, radius, tile) = match &case.wild {
        Some(w) => (
            Point::new(f64::from(w.min[0]), f64::from(w.min[1])),
            Point::new(f64::from(w.max[0]), f64::from(w.max[1])),
            f64::from(w.radius),
            f64::from(w.tile),
        ),
        None => (
            Point::new(0.0, 0.0),
            Point::new(f64::from(4 + case.side % 29), f64::from(4 + case.side % 29)),
            f64::from(case.radius % 65) / 64.0,
            f64::from(1 + case.tile % 32) / 2.0,
        ),
    };
    if case.wild.is_some() && too_many_tiles(min, max, tile) {
        return;
    }
    let mut shapes: Vec<Shape> = case.obstacles.iter().take(MAX_OBSTACLES).cloned().collect();
    let polygons: Vec<Polygon> = shapes.iter().map(polygon).collect();
    let mut level = match TiledNavMesh::new(&polygons, radius, min, max, tile) {
        Ok(level) => level,
        Err(e) => {
            assert!(documented(&e), "unexpected error {e:?}");
            return;
        }
    };
    let mut live: Vec<(ObstacleKey, Shape)> = level
        .obstacles()
        .map(|(k, _)| k)
        .zip(shapes.drain(..))
        .collect();
    let exact = case.wild.is_none();
    let step = |level: &TiledNavMesh, live: &[(ObstacleKey, Shape)], what: &str| {
        let context = || {
            format!("{what}: box {min:?}-{max:?}, radius {radius}, tile {tile}, obstacles {live:?}")
        };
        check_structure(level.mesh(), &context);
        let lattice = live.iter().all(|(_, s)| matches!(s, Shape::Lattice(_)));
        if exact && lattice {
            compare_with_fresh(level, live, &case.queries, &context);
        }
    };
    step(&level, &live, "built");
    for edit in case.edits.iter().take(MAX_EDITS) {
        let before = (
            level.mesh().vertices().to_vec(),
            level.mesh().triangle_indices().to_vec(),
        );
        let obstacles_before: Vec<(ObstacleKey, Polygon)> =
            level.obstacles().map(|(k, p)| (k, p.clone())).collect();
        let result = match edit {
            Edit::Add(shape) => level.add_obstacle(polygon(shape)).map(|key| {
                live.push((key, shape.clone()));
            }),
            Edit::Remove(k) if !live.is_empty() => {
                let k = usize::from(*k) % live.len();
                let removed = level.remove_obstacle(live[k].0);
                removed.map(|p| {
                    assert_eq!(p, polygon(&live[k].1));
                    live.remove(k);
                })
            }
            Edit::Move(k, by) if !live.is_empty() => {
                let k = usize::from(*k) % live.len();
                let moved = moved(&live[k].1, *by);
                level.move_obstacle(live[k].0, polygon(&moved)).map(|()| {
                    live[k].1 = moved;
                })
            }
            _ => Ok(()),
        };
        match result {
            Ok(()) => step(&level, &live, "after an edit"),
            Err(e) => {
                assert!(documented(&e), "unexpected error {e:?}");
                let after = (
                    level.mesh().vertices().to_vec(),
                    level.mesh().triangle_indices().to_vec(),
                );
                assert!(before == after, "a refused edit ({e:?}) changed the mesh");
                let obstacles_after: Vec<(ObstacleKey, Polygon)> =
                    level.obstacles().map(|(k, p)| (k, p.clone())).collect();
                assert_eq!(
                    obstacles_before, obstacles_after,
                    "a refused edit changed the obstacles"
                );
            }
        }
    }
}

/// Whether tiles of `tile` cut the box into more than 4,096 (of the 65,536 a mesh may have):
/// such a wild case is left out, as an edit of a huge obstacle there rebuilds every tile, for
/// seconds an input, and the fuzzer would spend its time there.
pub fn too_many_tiles(min: Point, max: Point, tile: f64) -> bool {
    let count = |extent: f64| (extent / tile).ceil().max(1.0);
    let tiles = count(max.x - min.x) * count(max.y - min.y);
    tiles > 4096.0 || tiles.is_nan()
}

/// Moves a shape by `[dx, dy]` quarter units.
pub fn moved(shape: &Shape, [dx, dy]: [i8; 2]) -> Shape {
    match shape {
        Shape::Lattice(points) => Shape::Lattice(
            points
                .iter()
                .map(|&[x, y]| [x.saturating_add_signed(dx), y.saturating_add_signed(dy)])
                .collect(),
        ),
        Shape::Any(points) => Shape::Any(
            points
                .iter()
                .map(|&[x, y]| [x + f32::from(dx) / 4.0, y + f32::from(dy) / 4.0])
                .collect(),
        ),
    }
}

/// The tiled mesh against a mesh built from scratch with the same obstacles (when that builds).
pub fn compare_with_fresh(
    level: &TiledNavMesh,
    live: &[(ObstacleKey, Shape)],
    queries: &[([u8; 2], [u8; 2])],
    context: &dyn Fn() -> String,
) {
    let (min, max) = level.bounds();
    let polygons: Vec<Polygon> = live.iter().map(|(_, s)| polygon(s)).collect();
    let Ok(fresh) = NavMesh::from_obstacles(&polygons, level.agent_radius(), min, max) else {
        return;
    };
    let mesh = level.mesh();
    let (a1, a2) = (area(mesh), area(&fresh));
    let scale = (max.x - min.x) * (max.y - min.y);
    assert!(
        (a1 - a2).abs() <= 1e-9 * scale,
        "{}: area {a1} against {a2}",
        context()
    );
    // Points on a lattice of eighths, off the quarter lattice the walls lie on.
    let side = max.x as usize;
    for i in 0..(4 * side).min(64) {
        for j in 0..(4 * side).min(64) {
            let q = Point::new((2 * i + 1) as f64 / 8.0, (2 * j + 1) as f64 / 8.0);
            let (x, y) = (
                mesh.triangle_at(q).is_some(),
                fresh.triangle_at(q).is_some(),
            );
            if x != y {
                // Only a point within a rounding of a wall may differ.
                let near = mesh.nearest_point(q).map(|p| p.distance(q)).unwrap_or(0.0)
                    + fresh.nearest_point(q).map(|p| p.distance(q)).unwrap_or(0.0);
                assert!(
                    near < 1e-9,
                    "{}: on the mesh at {q:?}: tiled {x}, fresh {y}",
                    context()
                );
            }
        }
    }
    let mut search = AnyAngleSearch::new();
    let at = |[x, y]: [u8; 2]| Point::new(f64::from(x) / 4.0 + 0.125, f64::from(y) / 4.0 + 0.125);
    for &(a, b) in queries.iter().take(MAX_QUERIES) {
        let (a, b) = (at(a), at(b));
        let length = |m: &NavMesh, search: &mut AnyAngleSearch| {
            m.find_path(search, a, b)
                .map(|o| o.into_path().map(|p| p.cost))
        };
        let (x, y) = (length(mesh, &mut search), length(&fresh, &mut search));
        match (&x, &y) {
            (Ok(Some(x)), Ok(Some(y))) => assert!(
                (x - y).abs() <= 1e-9 * y.max(1.0),
                "{}: {a:?} -> {b:?}: tiled {x}, fresh {y}",
                context()
            ),
            _ => assert_eq!(x, y, "{}: {a:?} -> {b:?}", context()),
        }
    }
}

/// The area of a mesh's triangles.
pub fn area(mesh: &NavMesh) -> f64 {
    (0..mesh.triangle_count())
        .map(|k| {
            let [a, b, c] = mesh.triangle(k).unwrap();
            Point::orientation(a, b, c) / 2.0
        })
        .sum()
}

/// The checks a mesh passes whatever built it, through the public API only: vertex numbers in
/// range and each vertex used, triangles counter-clockwise and found at their centroids,
/// neighbours that share their edge and name each other, corners exactly the vertices on walls.
pub fn check_structure(mesh: &NavMesh, context: &dyn Fn() -> String) {
    let tris = mesh.triangle_indices();
    let mut used = vec![false; mesh.vertices().len()];
    let mut on_wall = vec![false; mesh.vertices().len()];
    for (k, t) in tris.iter().enumerate() {
        assert!(
            t.iter().all(|&v| (v as usize) < used.len()),
            "{}: triangle {k} names a vertex past the end: {t:?}",
            context()
        );
        let [a, b, c] = mesh.triangle(k).unwrap();
        assert!(
            Point::orientation(a, b, c) > 0.0,
            "{}: triangle {k} not counter-clockwise",
            context()
        );
        let centroid = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
        let found = mesh.triangle_at(centroid);
        assert!(
            found.is_some(),
            "{}: nothing at the centroid of {k}",
            context()
        );
        for (side, n) in mesh.neighbours(k).unwrap().into_iter().enumerate() {
            let (u, v) = (t[side], t[(side + 1) % 3]);
            used[u as usize] = true;
            match n {
                None => {
                    on_wall[u as usize] = true;
                    on_wall[v as usize] = true;
                }
                Some(n) => {
                    let other = tris[n];
                    let back = (0..3).find(|&s| other[s] == v && other[(s + 1) % 3] == u);
                    let Some(back) = back else {
                        panic!("{}: {k} and {n} do not share edge {u}-{v}", context());
                    };
                    assert_eq!(
                        mesh.neighbours(n).unwrap()[back],
                        Some(k),
                        "{}: {n} does not name {k} back",
                        context()
                    );
                }
            }
        }
    }
    for v in 0..mesh.vertices().len() {
        assert!(used[v], "{}: vertex {v} unused", context());
        assert_eq!(
            mesh.is_corner(v),
            on_wall[v],
            "{}: corner flag of {v}",
            context()
        );
    }
}
