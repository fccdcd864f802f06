//! Buildings of tile floors and open floors (`Building`) against oracles sharing no code with
//! pathkit: a walk on a tile floor costs what the grid oracle of `tests/support` says (Dijkstra
//! over the cells, 8-connected, no corner cutting, weights), a walk on an open floor what the
//! free-space oracle says (the visibility graph among the obstacles), and the building's
//! cheapest path is Dijkstra over the start, the goal and the doorways' ends with those walks
//! and the doorways in service (`support/building_case.rs`'s oracle, which the fuzz target
//! runs too). Random floors of both kinds, doorways one way or both, some out
//! of service.

use crate::building_case::{cheapest, Seen};
use crate::navmesh_oracle::{any_obstacle, obstacle_world, Rng};
use crate::support::random_case;
use pathkit::geometry::Point;
use pathkit::levels::{Building, BuildingSearch, Doorway, Floor, LevelError, Spot};
use pathkit::navmesh::NavMesh;
use pathkit::search::{SearchOptions, Status};
use pathkit::{Goal, Pathfinder};

/// Whether someone can stand at `p` on a floor the oracle sees as `seen`.
fn free(seen: &Seen, p: Point) -> bool {
    match seen {
        Seen::Tiles(map) => {
            p.x >= 0.0
                && p.y >= 0.0
                && (p.x as usize) < map.width
                && (p.y as usize) < map.height
                && map.weights[p.y as usize * map.width + p.x as usize] > 0
        }
        Seen::Open(world) => world.is_free((p.x, p.y)),
    }
}

#[test]
fn paths_through_tile_and_open_floors_cost_what_the_oracles_say() {
    let size = 16.0;
    let mut search = BuildingSearch::default();
    let (mut checked, mut found, mut both_kinds, mut nearest) = (0, 0, 0, 0);
    for seed in 0..200u64 {
        let mut rng = Rng(seed ^ 0x00B1_11D1);
        let mut floors = Vec::new();
        let mut seen = Vec::new();
        for f in 0..2 + rng.below(2) {
            if (seed + f) % 2 == 0 {
                let case = random_case(
                    6 + rng.below(10) as u32,
                    5 + rng.below(10) as u32,
                    20,
                    3,
                    seed * 7 + f,
                );
                floors.push(Floor::Tiles(case.grid));
                seen.push(Seen::Tiles(case.map));
            } else {
                let raw: Vec<Vec<(f64, f64)>> = (0..rng.below(4))
                    .map(|_| {
                        let kind = rng.below(5);
                        any_obstacle(&mut rng, size, kind)
                    })
                    .collect();
                let Some((world, polygons)) = obstacle_world(&raw, 0.0, size) else {
                    continue;
                };
                let mesh =
                    NavMesh::from_obstacles(&polygons, 0.0, (0.0, 0.0), (size, size)).unwrap();
                floors.push(Floor::Open(mesh));
                seen.push(Seen::Open(world));
            }
        }
        if floors.len() < 2 {
            continue;
        }
        both_kinds += usize::from(
            floors.iter().any(|f| matches!(f, Floor::Tiles(_)))
                && floors.iter().any(|f| matches!(f, Floor::Open(_))),
        );
        let count = floors.len() as u64;
        // A spot someone can stand on: on tiles a cell's centre, on open ground any free point
        // (on the mesh too, away from a rounding of a wall).
        let spot = |rng: &mut Rng, floors: &[Floor]| -> Option<Spot> {
            let floor = rng.below(count) as u32;
            (0..200).find_map(|_| {
                let (x, y) = (rng.unit() * size, rng.unit() * size);
                let at = match &floors[floor as usize] {
                    Floor::Tiles(_) => Point::new(x.floor() + 0.5, y.floor() + 0.5),
                    Floor::Open(mesh) => {
                        let p = Point::new(x, y);
                        mesh.triangle_at(p)?;
                        p
                    }
                };
                free(&seen[floor as usize], at).then_some(Spot { floor, at })
            })
        };
        let mut building = Building::new(floors).unwrap();
        let mut doorways = Vec::new();
        for _ in 0..1 + rng.below(5) {
            let (Some(from), Some(to)) = (
                spot(&mut rng, building.floors()),
                spot(&mut rng, building.floors()),
            ) else {
                continue;
            };
            let d = Doorway {
                from,
                to,
                cost: rng.unit() * 10.0,
                two_way: rng.below(2) == 0,
            };
            let k = building.add_doorway(d).unwrap();
            let on = rng.below(5) != 0;
            assert!(building.set_doorway_enabled(k, on));
            doorways.push((d, on));
        }
        for _ in 0..3 {
            let (Some(start), Some(goal)) = (
                spot(&mut rng, building.floors()),
                spot(&mut rng, building.floors()),
            ) else {
                continue;
            };
            let answer = building
                .find_path(&mut search, start, goal)
                .unwrap()
                .into_path();
            let expected = cheapest(&seen, &doorways, start, goal);
            checked += 1;
            match (answer, expected) {
                (Some(path), Some(best)) => {
                    assert!(
                        (path.cost - best).abs() <= 1e-7 * best.max(1.0),
                        "seed {seed}: {start:?} -> {goal:?}: {} by {:?}, the oracle {best}",
                        path.cost,
                        path.nodes
                    );
                    assert_eq!(path.nodes.first(), Some(&start), "seed {seed}");
                    assert_eq!(path.nodes.last(), Some(&goal), "seed {seed}");
                    found += 1;
                }
                (None, None) => {}
                (got, want) => panic!(
                    "seed {seed}: {start:?} -> {goal:?}: {:?}, the oracle {want:?}",
                    got.map(|p| p.cost)
                ),
            }
            // The nearer of two goals.
            if let Some(other) = spot(&mut rng, building.floors()) {
                let mut path = Vec::new();
                let status = building
                    .find_path_into(
                        &mut search,
                        start,
                        Goal::AnyOf(&[goal, other]),
                        &SearchOptions::new(),
                        &mut path,
                    )
                    .unwrap();
                let best = [goal, other]
                    .iter()
                    .filter_map(|&g| cheapest(&seen, &doorways, start, g))
                    .reduce(f64::min);
                match (status, best) {
                    (Status::Found { cost }, Some(best)) => {
                        assert!(
                            (cost - best).abs() <= 1e-7 * best.max(1.0),
                            "seed {seed}: {start:?} -> {goal:?} or {other:?}: {cost}, the oracle {best}"
                        );
                        assert!(path.last() == Some(&goal) || path.last() == Some(&other));
                        nearest += 1;
                    }
                    (Status::Unreachable, None) => {}
                    (got, want) => panic!("seed {seed}: two goals: {got:?}, the oracle {want:?}"),
                }
            }
        }
    }
    assert!(
        checked > 400 && found > 150 && both_kinds > 100 && nearest > 150,
        "checked {checked}, found {found}, buildings of both kinds {both_kinds}, two goals {nearest}"
    );
}

#[test]
fn spots_nobody_can_stand_on_and_bad_doorways_are_refused() {
    let grid = pathkit::grid::Grid::from_ascii("..#\n...").unwrap();
    let mesh = NavMesh::from_obstacles(&[], 0.0, (0.0, 0.0), (4.0, 4.0)).unwrap();
    assert!(matches!(
        Building::new(Vec::new()),
        Err(LevelError::NoFloors)
    ));
    let mut building = Building::new(vec![Floor::Tiles(grid), Floor::Open(mesh)]).unwrap();
    let ok = Spot::new(0, 0.5, 0.5);
    for (bad, why) in [
        (Spot::new(0, 2.5, 0.5), "a wall"),
        (Spot::new(0, 3.5, 0.5), "outside the tiles"),
        (Spot::new(1, 5.0, 1.0), "off the mesh"),
        (Spot::new(1, f64::NAN, 1.0), "not a number"),
    ] {
        let d = Doorway {
            from: ok,
            to: bad,
            cost: 1.0,
            two_way: false,
        };
        assert!(
            matches!(building.add_doorway(d), Err(LevelError::OffFloor { .. })),
            "{why}"
        );
        let mut search = BuildingSearch::default();
        assert!(building.find_path(&mut search, ok, bad).is_err(), "{why}");
    }
    let to_nowhere = Doorway {
        from: ok,
        to: Spot::new(2, 0.5, 0.5),
        cost: 1.0,
        two_way: false,
    };
    assert_eq!(
        building.add_doorway(to_nowhere),
        Err(LevelError::NoSuchFloor { floor: 2 })
    );
    let dear = Doorway {
        from: ok,
        to: Spot::new(1, 1.0, 1.0),
        cost: -1.0,
        two_way: false,
    };
    assert!(matches!(
        building.add_doorway(dear),
        Err(LevelError::InvalidPortalCost { .. })
    ));
    assert_eq!(building.doorways().count(), 0);
    assert!(!building.set_doorway_enabled(0, false));
}
