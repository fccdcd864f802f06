//! Areas and filters against the free-space oracle: random obstacles for agents of any radius,
//! random convex areas on the ground (1, 2, 3), and agents kept out of some of them. For the
//! oracle an area an agent may not enter is one more obstacle (not grown: an area holds the
//! agent's centre), so the mesh's filtered answer must be its shortest path; an agent allowed
//! everywhere must get the answer of the mesh without areas.

use crate::navmesh_oracle::{any_obstacle, obstacle_world, AreaScene, Rng};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AnyAngleSearch, AreaFilter, NavMesh, NavMeshError};
use pathkit::Pathfinder;

#[test]
fn agents_kept_out_of_areas_get_the_oracles_shortest_path_round_them() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut checked, mut longer) = (0, 0);
    for seed in 0..400u64 {
        let mut rng = Rng(seed ^ 0xA2EA);
        let radius = if seed % 2 == 0 {
            0.0
        } else {
            0.1 + rng.unit() * 0.5
        };
        let raw: Vec<Vec<(f64, f64)>> = (0..rng.below(4))
            .map(|_| {
                let kind = rng.below(5);
                any_obstacle(&mut rng, size, kind)
            })
            .collect();
        let filter_bits = rng.below(8) as u8;
        let Some(AreaScene {
            areas,
            filter,
            world,
            polygons,
            area_polygons,
            ..
        }) = AreaScene::new(&mut rng, &raw, radius, size, filter_bits)
        else {
            continue;
        };
        let p = Point::new;
        let mesh = NavMesh::from_obstacles_with_areas(
            &polygons,
            &area_polygons,
            radius,
            p(0.0, 0.0),
            p(size, size),
        )
        .unwrap();
        let plain = NavMesh::from_obstacles(&polygons, radius, p(0.0, 0.0), p(size, size)).unwrap();
        for _ in 0..3 {
            let free = |rng: &mut Rng| {
                (0..200).find_map(|_| {
                    let q = (rng.unit() * size, rng.unit() * size);
                    world.is_free(q).then_some(q)
                })
            };
            let (Some(a), Some(b)) = (free(&mut rng), free(&mut rng)) else {
                continue;
            };
            let (s, g) = (p(a.0, a.1), p(b.0, b.1));
            let context = || {
                format!("seed {seed}, radius {radius}, forbidden {filter_bits:03b}: {a:?} -> {b:?}\nobstacles {raw:?}\nareas {areas:?}")
            };
            let found = match mesh.with_filter(filter).find_path(&mut search, s, g) {
                Ok(o) => o.into_path().map(|p| p.cost),
                // Within a rounding of a forbidden area's side, the mesh may put the point in it.
                Err(NavMeshError::OffMesh { .. }) => continue,
                Err(e) => panic!("{}: {e:?}", context()),
            };
            let expected = world.shortest(a, b);
            match (found, expected) {
                (Some(x), Some(y)) => {
                    assert!(
                        (x - y).abs() <= 1e-7 * y.max(1.0),
                        "{}: found {x}, the oracle {y}",
                        context()
                    );
                    checked += 1;
                }
                (None, None) => {}
                (x, y) => panic!("{}: found {x:?}, the oracle {y:?}", context()),
            }
            // Allowed everywhere: the mesh without areas' answer.
            let all = mesh
                .with_filter(AreaFilter::ALL)
                .find_path(&mut search, s, g)
                .unwrap()
                .into_path()
                .map(|p| p.cost);
            let without = plain
                .find_path(&mut search, s, g)
                .unwrap()
                .into_path()
                .map(|p| p.cost);
            match (all, without) {
                (Some(x), Some(y)) => {
                    assert!(
                        (x - y).abs() <= 1e-9 * y.max(1.0),
                        "{}: every area {x}, no areas {y}",
                        context()
                    );
                    longer += usize::from(found.is_some_and(|f| f > x + 1e-9));
                }
                (x, y) => assert_eq!(x, y, "{}", context()),
            }
        }
    }
    assert!(
        checked > 1_000 && longer > 60,
        "checked {checked}, longer for the filter {longer}"
    );
}

/// A mesh with areas saved and loaded keeps them; data saved without areas loads as area 0;
/// an area past the limit, or a list of the wrong length, is refused.
#[cfg(feature = "serde")]
#[test]
fn areas_survive_a_json_round_trip() {
    let p = Point::new;
    let pond = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    let mesh =
        NavMesh::from_obstacles_with_areas(&[], &[(pond, 5)], 0.0, p(0.0, 0.0), p(10.0, 10.0))
            .unwrap();
    let json = serde_json::to_string(&mesh).unwrap();
    let back: NavMesh = serde_json::from_str(&json).unwrap();
    let areas = |m: &NavMesh| {
        (0..m.triangle_count())
            .map(|k| m.area(k).unwrap())
            .collect::<Vec<u8>>()
    };
    assert_eq!(areas(&back), areas(&mesh));
    assert!(areas(&back).contains(&5));
    let walker = AreaFilter::ALL.without(5).unwrap();
    let mut search = AnyAngleSearch::new();
    let (s, g) = (p(1.0, 5.0), p(9.0, 5.0));
    let around = back
        .with_filter(walker)
        .find_path(&mut search, s, g)
        .unwrap()
        .into_path()
        .unwrap();
    assert!(around.cost > 8.0 + 1e-9);
    // Saved before areas: area 0 everywhere.
    let plain = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    let old = serde_json::to_string(&plain).unwrap();
    assert!(!old.contains("areas"));
    let loaded: NavMesh = serde_json::from_str(&old).unwrap();
    assert!(areas(&loaded).iter().all(|&a| a == 0));
    // Forged: an area past the limit, too few areas.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let n = value["areas"].as_array().unwrap().len();
    value["areas"][0] = 64.into();
    assert!(serde_json::from_value::<NavMesh>(value.clone()).is_err());
    value["areas"] = serde_json::Value::Array(vec![0.into(); n - 1]);
    assert!(serde_json::from_value::<NavMesh>(value).is_err());
}

/// A polygon's points.
type Outline = Vec<(f64, f64)>;

/// The area of each area id over a mesh's triangles.
fn area_by_id(mesh: &NavMesh) -> [f64; 4] {
    let mut sums = [0.0; 4];
    for k in 0..mesh.triangle_count() {
        let [a, b, c] = mesh.triangle(k).unwrap();
        let doubled = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
        sums[usize::from(mesh.area(k).unwrap()).min(3)] += doubled.abs() / 2.0;
    }
    sums
}

/// Areas on a tiled mesh through edits (areas added, moved and removed beside obstacles): after
/// each, the mesh is well formed, each area id covers what it covers on a mesh built from
/// scratch with the same obstacles and areas, and filtered paths are as long as there and as
/// the oracle's (the forbidden areas walled).
#[test]
fn areas_on_a_tiled_mesh_through_edits_answer_as_a_fresh_mesh_and_the_oracle() {
    use crate::tiled_case::check_structure;
    use pathkit::navmesh::{ObstacleKey, TiledNavMesh};
    let size = 20.0;
    let p = Point::new;
    let polygon = |o: &[(f64, f64)]| Polygon::new(o.iter().map(|&(x, y)| p(x, y)).collect());
    let mut search = AnyAngleSearch::new();
    let (mut compared, mut oracle_checked, mut area_edits) = (0, 0, 0);
    for seed in 0..120u64 {
        let mut rng = Rng(seed ^ 0x71_ED_A2);
        let radius = if seed % 2 == 0 {
            0.0
        } else {
            0.1 + rng.unit() * 0.4
        };
        let tile = [2.5, 4.0, 7.0, 20.0][rng.below(4) as usize];
        let raw: Vec<Vec<(f64, f64)>> = (0..rng.below(3))
            .map(|_| {
                let kind = rng.below(5);
                any_obstacle(&mut rng, size, kind)
            })
            .collect();
        let polygons: Vec<Polygon> = raw.iter().map(|o| polygon(o)).collect();
        let mut level =
            TiledNavMesh::new(&polygons, radius, p(0.0, 0.0), p(size, size), tile).unwrap();
        // Areas live, in the order added (a later one wins where they overlap).
        let mut areas: Vec<(ObstacleKey, Outline, u8)> = Vec::new();
        let forbidden_bits = 1 + rng.below(7) as u8;
        let forbidden = |id: u8| forbidden_bits & (1 << (id - 1)) != 0;
        let mut filter = AreaFilter::ALL;
        for id in 1..=3 {
            if forbidden(id) {
                filter = filter.without(id).unwrap();
            }
        }
        for step in 0..8 {
            let context = || format!("seed {seed}, step {step}, radius {radius}, tile {tile}");
            match rng.below(4) {
                0 if !areas.is_empty() => {
                    let k = rng.below(areas.len() as u64) as usize;
                    let (key, o, _) = areas.remove(k);
                    assert_eq!(level.remove_obstacle(key).unwrap(), polygon(&o));
                }
                1 if !areas.is_empty() => {
                    let k = rng.below(areas.len() as u64) as usize;
                    let (dx, dy) = (rng.unit() * 4.0 - 2.0, rng.unit() * 4.0 - 2.0);
                    let moved: Vec<(f64, f64)> =
                        areas[k].1.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
                    level.move_obstacle(areas[k].0, polygon(&moved)).unwrap();
                    areas[k].1 = moved;
                }
                _ => {
                    // Forbidden areas above allowed ones, as the oracle walls them whole.
                    let id = 1 + rng.below(3) as u8;
                    let o = any_obstacle(&mut rng, size, 0);
                    let key = level.add_area(polygon(&o), id).unwrap();
                    areas.push((key, o, id));
                }
            }
            area_edits += 1;
            let mesh = level.mesh();
            check_structure(mesh, &context);
            let listed: Vec<(ObstacleKey, Polygon, u8)> =
                level.areas().map(|(k, o, id)| (k, o.clone(), id)).collect();
            let expected: Vec<(ObstacleKey, Polygon, u8)> = areas
                .iter()
                .map(|(k, o, id)| (*k, polygon(o), *id))
                .collect();
            assert_eq!(listed, expected, "{}", context());
            let area_polygons: Vec<(Polygon, u8)> =
                areas.iter().map(|(_, o, id)| (polygon(o), *id)).collect();
            let fresh = NavMesh::from_obstacles_with_areas(
                &polygons,
                &area_polygons,
                radius,
                p(0.0, 0.0),
                p(size, size),
            )
            .unwrap();
            let (by_tiles, by_fresh) = (area_by_id(mesh), area_by_id(&fresh));
            for id in 0..4 {
                assert!(
                    (by_tiles[id] - by_fresh[id]).abs() <= 1e-9 * size * size,
                    "{}: area {id} covers {} against {}",
                    context(),
                    by_tiles[id],
                    by_fresh[id]
                );
            }
            // The oracle: forbidden areas walled, when no allowed area lies over a forbidden one.
            let over = areas.iter().enumerate().any(|(i, (_, _, a))| {
                forbidden(*a) && areas[i + 1..].iter().any(|(_, _, b)| !forbidden(*b))
            });
            let world = obstacle_world(&raw, radius, size)
                .filter(|_| !over)
                .map(|(mut w, _)| {
                    for (_, o, id) in &areas {
                        if forbidden(*id) {
                            w.obstacles.push(o.clone());
                        }
                    }
                    w
                });
            for pair in 0..3 {
                let a = p(rng.unit() * size, rng.unit() * size);
                let b = p(rng.unit() * size, rng.unit() * size);
                let length = |m: &NavMesh, search: &mut AnyAngleSearch| {
                    m.with_filter(filter)
                        .find_path(search, a, b)
                        .map(|o| o.into_path().map(|p| p.cost))
                };
                let (x, y) = (length(mesh, &mut search), length(&fresh, &mut search));
                compared += 1;
                match (&x, &y) {
                    (Ok(Some(x)), Ok(Some(y))) => assert!(
                        (x - y).abs() <= 1e-9 * y.max(1.0),
                        "{}: {a:?} -> {b:?}: tiled {x}, fresh {y}",
                        context()
                    ),
                    // Within a rounding of an area's side, the two meshes may put a point in
                    // different triangles.
                    (Err(NavMeshError::OffMesh { .. }), _)
                    | (_, Err(NavMeshError::OffMesh { .. })) => continue,
                    _ => assert_eq!(x, y, "{}: {a:?} -> {b:?}", context()),
                }
                if let (Some(world), 0, Ok(found)) = (&world, pair, &x) {
                    if world.is_free((a.x, a.y)) && world.is_free((b.x, b.y)) {
                        let oracle = world.shortest((a.x, a.y), (b.x, b.y));
                        match (found, oracle) {
                            (Some(f), Some(o)) => assert!(
                                (f - o).abs() <= 1e-7 * o.max(1.0),
                                "{}: {a:?} -> {b:?}: {f}, the oracle {o}",
                                context()
                            ),
                            (f, o) => assert_eq!(*f, o, "{}: {a:?} -> {b:?}", context()),
                        }
                        oracle_checked += 1;
                    }
                }
            }
        }
        // A bad id changes nothing.
        let before = level.areas().count();
        assert_eq!(
            level.add_area(polygon(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]), 64),
            Err(NavMeshError::InvalidArea { area: 64 })
        );
        assert_eq!(level.areas().count(), before);
    }
    assert!(
        compared > 2_000 && oracle_checked > 250 && area_edits > 900,
        "compared {compared}, against the oracle {oracle_checked}, edits {area_edits}"
    );
}
