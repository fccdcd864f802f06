//! Areas and filters against the free-space oracle: random obstacles for agents of any radius,
//! random convex areas on the ground (1, 2, 3), and agents kept out of some of them. For the
//! oracle an area an agent may not enter is one more obstacle (not grown: an area holds the
//! agent's centre), so the mesh's filtered answer must be its shortest path; an agent allowed
//! everywhere must get the answer of the mesh without areas.

use crate::navmesh_oracle::{any_obstacle, obstacle_world, Rng};
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
        // Convex areas; those the agent may enter first, so that the ones it may not are on
        // top where they overlap (the later area wins).
        let filter_bits = rng.below(8) as u8;
        let forbidden = |id: u8| filter_bits & (1 << (id - 1)) != 0;
        let mut areas: Vec<(Vec<(f64, f64)>, u8)> = (0..1 + rng.below(3))
            .map(|_| (any_obstacle(&mut rng, size, 0), 1 + rng.below(3) as u8))
            .collect();
        areas.sort_by_key(|&(_, id)| forbidden(id));
        let mut filter = AreaFilter::ALL;
        for id in 1..=3 {
            if forbidden(id) {
                filter = filter.without(id).unwrap();
            }
        }
        // The oracle's world: the obstacles grown, and the forbidden areas as they are.
        let Some((mut world, polygons)) = obstacle_world(&raw, radius, size) else {
            continue;
        };
        for (o, id) in &areas {
            if forbidden(*id) {
                world.obstacles.push(o.clone());
            }
        }
        let area_polygons: Vec<(Polygon, u8)> = areas
            .iter()
            .map(|(o, id)| {
                (
                    Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect()),
                    *id,
                )
            })
            .collect();
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
