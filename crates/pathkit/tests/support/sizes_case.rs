//! One fuzz case for several agent sizes on one map (`AgentSizes`): a box, up to three radii, a
//! tile size and obstacles from outside data, then edits (obstacles, and areas added), each
//! followed by an agent of one of the sizes asking for its mesh (built then if it was not).
//!
//! Building, every edit and every mesh asked for give a value or a documented error; a refused
//! edit changes no mesh built, no obstacle and no key to come. After each step every size's
//! mesh built so far is well formed (`tiled_case::check_structure`), and on lattice input it
//! covers what a mesh built from scratch for that radius covers, with paths as long
//! (`tiled_case::compare_with_fresh`), and each area id covers what it covers on a mesh built
//! from scratch with the same obstacles and areas (`NavMesh::from_obstacles_with_areas`).
//!
//! The fuzz target `fuzz/fuzz_targets/navmesh_sizes.rs` and the regression replay
//! `tests/navmesh_fuzz_regressions.rs` both include this file (and `tiled_case.rs`) at their
//! crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use crate::tiled_case::{
    check_structure, compare_with_fresh, documented, moved, polygon, too_many_tiles, Edit, Shape,
    MAX_EDITS, MAX_OBSTACLES,
};
use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AgentSizes, NavMesh, NavMeshError, ObstacleKey};

/// At most this many radii.
pub const MAX_SIZES: usize = 3;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct SizesCase {
    /// The box [0, 4 + side % 29] squared.
    side: u8,
    /// Radii in 64ths, up to 1.
    radii: Vec<u8>,
    /// The tile size in half units, from 0.5.
    tile: u8,
    /// Instead of the lattice above: any box, radii and tile size.
    wild: Option<WildSizes>,
    obstacles: Vec<Shape>,
    /// An edit, an area added (its id, any: 64 and more are refused), then the radius (of the
    /// sizes, by place, modulo their number; or any) an agent asks for its mesh with.
    steps: Vec<Step>,
    /// In quarter units.
    queries: Vec<([u8; 2], [u8; 2])>,
}

/// One step: an edit, an area added, an agent asking.
type Step = (Edit, Option<(Shape, u8)>, Option<Ask>);

#[derive(Arbitrary, Debug)]
struct WildSizes {
    min: [f32; 2],
    max: [f32; 2],
    radii: Vec<f32>,
    tile: f32,
}

#[derive(Arbitrary, Debug)]
enum Ask {
    /// The size at this place.
    Size(u8),
    /// Any radius.
    Any(f32),
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = SizesCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

/// What a map is: every size's mesh built (vertices and triangles), and the obstacles.
type Picture = (
    Vec<Option<(Vec<Point>, Vec<[u32; 3]>)>>,
    Vec<(ObstacleKey, Polygon)>,
);

fn picture(level: &AgentSizes) -> Picture {
    let meshes = level
        .sizes()
        .iter()
        .map(|&r| {
            level.is_built(r).then(|| {
                let mesh = level.mesh(r).expect("built");
                (mesh.vertices().to_vec(), mesh.triangle_indices().to_vec())
            })
        })
        .collect();
    let obstacles = level.obstacles().map(|(k, p)| (k, p.clone())).collect();
    (meshes, obstacles)
}

/// Builds the case's map, edits it, asks for meshes and checks every step.
pub fn check(case: &SizesCase) {
    let (min, max, radii, tile) = match &case.wild {
        Some(w) => (
            Point::new(f64::from(w.min[0]), f64::from(w.min[1])),
            Point::new(f64::from(w.max[0]), f64::from(w.max[1])),
            w.radii
                .iter()
                .take(MAX_SIZES)
                .map(|&r| f64::from(r))
                .collect::<Vec<f64>>(),
            f64::from(w.tile),
        ),
        None => (
            Point::new(0.0, 0.0),
            Point::new(f64::from(4 + case.side % 29), f64::from(4 + case.side % 29)),
            case.radii
                .iter()
                .take(MAX_SIZES)
                .map(|&r| f64::from(r % 65) / 64.0)
                .collect(),
            f64::from(1 + case.tile % 32) / 2.0,
        ),
    };
    if case.wild.is_some() && too_many_tiles(min, max, tile) {
        return;
    }
    let shapes: Vec<Shape> = case.obstacles.iter().take(MAX_OBSTACLES).cloned().collect();
    let polygons: Vec<Polygon> = shapes.iter().map(polygon).collect();
    let mut level = match AgentSizes::new(&polygons, &radii, min, max, tile) {
        Ok(level) => level,
        Err(e) => {
            assert!(documented(&e), "unexpected error {e:?}");
            return;
        }
    };
    // The sizes: the radii ascending, each once.
    let mut sizes = radii.clone();
    sizes.sort_by(f64::total_cmp);
    sizes.dedup();
    assert_eq!(level.sizes(), &sizes[..]);
    let mut live: Vec<(ObstacleKey, Shape)> = (0..).map(ObstacleKey).zip(shapes).collect();
    let mut next_key = live.len() as u64;
    let exact = case.wild.is_none();
    // Areas added, in order: key, shape, id.
    let mut areas: Vec<(ObstacleKey, Shape, u8)> = Vec::new();
    for (edit, area, ask) in case.steps.iter().take(MAX_EDITS) {
        let before = picture(&level);
        let result = match edit {
            Edit::Add(shape) => level.add_obstacle(polygon(shape)).map(|key| {
                assert_eq!(key, ObstacleKey(next_key), "keys go on from the last given");
                next_key += 1;
                live.push((key, shape.clone()));
            }),
            Edit::Remove(k) if !live.is_empty() => {
                let k = usize::from(*k) % live.len();
                level.remove_obstacle(live[k].0).map(|p| {
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
        if let Err(e) = result {
            assert!(documented(&e), "unexpected error {e:?}");
            assert!(
                before == picture(&level),
                "a refused edit ({e:?}) changed a mesh or the obstacles"
            );
        }
        if let Some((shape, id)) = area {
            let before = picture(&level);
            match level.add_area(polygon(shape), *id) {
                Ok(key) => {
                    assert_eq!(key, ObstacleKey(next_key), "keys go on from the last given");
                    assert!(*id < 64, "area {id} taken");
                    next_key += 1;
                    areas.push((key, shape.clone(), *id));
                }
                Err(e) => {
                    assert!(
                        documented(&e) || e == NavMeshError::InvalidArea { area: *id } && *id >= 64,
                        "unexpected error {e:?}"
                    );
                    assert!(
                        before == picture(&level),
                        "a refused area ({e:?}) changed a mesh"
                    );
                }
            }
        }
        let listed: Vec<(ObstacleKey, Polygon, u8)> =
            level.areas().map(|(k, p, id)| (k, p.clone(), id)).collect();
        let expected: Vec<(ObstacleKey, Polygon, u8)> = areas
            .iter()
            .map(|(k, s, id)| (*k, polygon(s), *id))
            .collect();
        assert_eq!(listed, expected, "the areas");
        let expected: Vec<(ObstacleKey, Polygon)> =
            live.iter().map(|(k, s)| (*k, polygon(s))).collect();
        let listed: Vec<(ObstacleKey, Polygon)> =
            level.obstacles().map(|(k, p)| (k, p.clone())).collect();
        assert_eq!(listed, expected, "the obstacles");
        // An agent asks for its mesh: the next size up from its radius, built now if need be.
        if let Some(ask) = ask {
            let radius = match ask {
                Ask::Size(k) if !sizes.is_empty() => sizes[usize::from(*k) % sizes.len()],
                Ask::Size(_) => 0.0,
                Ask::Any(r) => f64::from(*r),
            };
            let size = sizes.iter().copied().find(|&s| s >= radius);
            assert_eq!(level.size_for(radius), size, "the size for {radius}");
            match (level.level(radius), size) {
                (Ok(tiled), Some(s)) => assert_eq!(tiled.agent_radius(), s),
                (Err(NavMeshError::NoAgentSize { .. }), None) => {}
                (Err(e), Some(_)) => assert!(documented(&e), "unexpected error {e:?}"),
                (got, want) => panic!("radius {radius}: {:?}, the size {want:?}", got.err()),
            }
        }
        // Every size built so far.
        for &r in sizes.iter().filter(|&&r| level.is_built(r)) {
            let tiled = level.level(r).expect("built");
            let context =
                || format!("box {min:?}-{max:?}, radius {r}, tile {tile}, obstacles {live:?}");
            check_structure(tiled.mesh(), &context);
            let keys: Vec<ObstacleKey> = tiled.obstacles().map(|(k, _)| k).collect();
            let want: Vec<ObstacleKey> = live.iter().map(|(k, _)| *k).collect();
            assert_eq!(keys, want, "{}: the mesh's obstacles", context());
            let lattice = live.iter().all(|(_, s)| matches!(s, Shape::Lattice(_)))
                && areas.iter().all(|(_, s, _)| matches!(s, Shape::Lattice(_)));
            if exact && lattice {
                compare_with_fresh(tiled, &live, &case.queries, &context);
                compare_areas(tiled.mesh(), &live, &areas, r, (min, max), &context);
            }
        }
    }
}

/// Each area id covers on `mesh` what it covers on a mesh built from scratch with the same
/// obstacles and areas (when that builds).
fn compare_areas(
    mesh: &NavMesh,
    live: &[(ObstacleKey, Shape)],
    areas: &[(ObstacleKey, Shape, u8)],
    radius: f64,
    (min, max): (Point, Point),
    context: &dyn Fn() -> String,
) {
    let polygons: Vec<Polygon> = live.iter().map(|(_, s)| polygon(s)).collect();
    let marked: Vec<(Polygon, u8)> = areas.iter().map(|(_, s, id)| (polygon(s), *id)).collect();
    let Ok(fresh) = NavMesh::from_obstacles_with_areas(&polygons, &marked, radius, min, max) else {
        return;
    };
    let by_id = |m: &NavMesh| {
        let mut sums = [0.0f64; 64];
        for k in 0..m.triangle_count() {
            let [a, b, c] = m.triangle(k).expect("a triangle");
            let doubled = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
            sums[usize::from(m.area(k).expect("an area")) % 64] += doubled.abs() / 2.0;
        }
        sums
    };
    let (tiled, built) = (by_id(mesh), by_id(&fresh));
    let scale = (max.x - min.x) * (max.y - min.y);
    for id in 0..64 {
        assert!(
            (tiled[id] - built[id]).abs() <= 1e-9 * scale,
            "{}: area {id} covers {} tiled, {} built at once",
            context(),
            tiled[id],
            built[id]
        );
    }
}
