//! Several agent sizes on one map (`AgentSizes`): through random edits, with meshes asked for
//! at random moments (so some are built after many edits, some edited many times), every size
//! built answers as a mesh built from scratch for that radius and as the free-space oracle of the
//! obstacles grown by that radius (`support/free_space_oracle.rs`, `navmesh_oracle.rs`'s mitre
//! growth: no code shared with pathkit); an agent between sizes plans as the next size up; a
//! refused edit changes no mesh.

use crate::navmesh_oracle::{any_obstacle, obstacle_world, Rng};
use crate::tiled_case::{area, check_structure};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AgentSizes, AnyAngleSearch, NavMesh, NavMeshError, ObstacleKey};
use pathkit::Pathfinder;

fn polygon(o: &[(f64, f64)]) -> Polygon {
    Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect())
}

fn length(mesh: &NavMesh, search: &mut AnyAngleSearch, a: Point, b: Point) -> Option<f64> {
    mesh.find_path(search, a, b)
        .ok()
        .and_then(|r| r.into_path().map(|p| p.cost))
}

fn random_obstacle(rng: &mut Rng, size: f64) -> Vec<(f64, f64)> {
    let kind = rng.below(5);
    any_obstacle(rng, size, kind)
}

/// The smallest of `sizes` at least `radius`, by a plain scan.
fn size_for(sizes: &[f64], radius: f64) -> Option<f64> {
    sizes
        .iter()
        .copied()
        .filter(|&s| s >= radius)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.min(s))))
}

#[test]
fn every_size_answers_as_its_own_fresh_mesh_and_the_oracle_through_edits() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut compared, mut oracle_checked, mut late_builds, mut edited_built) = (0, 0, 0, 0);
    for seed in 0..90u64 {
        let mut rng = Rng(seed ^ 0x5123_A6E5);
        let choices = [0.0, 0.1, 0.25, 0.4, 0.6, 0.8];
        let sizes: Vec<f64> = (0..1 + rng.below(3))
            .map(|_| choices[rng.below(6) as usize])
            .collect();
        let mut sorted = sizes.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.dedup();
        let tile = [1.5, 2.5, 4.0, 7.0, 20.0][rng.below(5) as usize];
        let mut live: Vec<(ObstacleKey, Vec<(f64, f64)>)> = Vec::new();
        let first: Vec<Vec<(f64, f64)>> = (0..rng.below(5))
            .map(|_| random_obstacle(&mut rng, size))
            .collect();
        let polygons: Vec<Polygon> = first.iter().map(|o| polygon(o)).collect();
        let mut level = AgentSizes::new(&polygons, &sizes, (0.0, 0.0), (size, size), tile).unwrap();
        assert_eq!(level.sizes(), &sorted[..]);
        live.extend(
            first
                .into_iter()
                .enumerate()
                .map(|(k, o)| (ObstacleKey(k as u64), o)),
        );
        for step in 0..8 {
            let context = || format!("seed {seed}, step {step}, sizes {sorted:?}, tile {tile}");
            if step > 0 {
                edited_built += sorted.iter().filter(|&&s| level.is_built(s)).count();
                match rng.below(4) {
                    0 if !live.is_empty() => {
                        let k = rng.below(live.len() as u64) as usize;
                        let (key, o) = live.remove(k);
                        assert_eq!(level.remove_obstacle(key).unwrap(), polygon(&o));
                    }
                    1 if !live.is_empty() => {
                        let k = rng.below(live.len() as u64) as usize;
                        let (dx, dy) = (rng.unit() * 4.0 - 2.0, rng.unit() * 4.0 - 2.0);
                        let moved: Vec<(f64, f64)> =
                            live[k].1.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
                        level.move_obstacle(live[k].0, polygon(&moved)).unwrap();
                        live[k].1 = moved;
                    }
                    2 if !live.is_empty() => {
                        // One obstacle out, two in, in one edit.
                        let k = rng.below(live.len() as u64) as usize;
                        let (key, _) = live.remove(k);
                        let new: Vec<Vec<(f64, f64)>> =
                            (0..2).map(|_| random_obstacle(&mut rng, size)).collect();
                        let added: Vec<Polygon> = new.iter().map(|o| polygon(o)).collect();
                        let keys = level.edit_obstacles(&[key], &added).unwrap();
                        live.extend(keys.into_iter().zip(new));
                    }
                    _ => {
                        let o = random_obstacle(&mut rng, size);
                        live.push((level.add_obstacle(polygon(&o)).unwrap(), o));
                    }
                }
            }
            let listed: Vec<(ObstacleKey, Polygon)> =
                level.obstacles().map(|(k, o)| (k, o.clone())).collect();
            let expected: Vec<(ObstacleKey, Polygon)> =
                live.iter().map(|(k, o)| (*k, polygon(o))).collect();
            let mut expected_sorted = expected.clone();
            expected_sorted.sort_by_key(|(k, _)| *k);
            assert_eq!(listed, expected_sorted, "{}", context());
            // An agent of a random radius asks for its mesh: the size it plans as is built now
            // if it was not.
            let asked = rng.unit() * 1.0;
            match size_for(&sorted, asked) {
                Some(s) => {
                    assert_eq!(level.size_for(asked), Some(s), "{}", context());
                    if !level.is_built(s) && step > 0 {
                        late_builds += 1;
                    }
                    let via_asked = level.mesh(asked).unwrap() as *const NavMesh;
                    assert!(level.is_built(asked) && level.is_built(s));
                    assert_eq!(via_asked, level.mesh(s).unwrap() as *const NavMesh);
                }
                None => {
                    assert_eq!(level.size_for(asked), None);
                    assert_eq!(
                        level.mesh(asked).unwrap_err(),
                        NavMeshError::NoAgentSize { radius: asked }
                    );
                }
            }
            let polygons: Vec<Polygon> = live.iter().map(|(_, o)| polygon(o)).collect();
            let raw: Vec<Vec<(f64, f64)>> = live.iter().map(|(_, o)| o.clone()).collect();
            for &radius in sorted.iter().filter(|&&s| level.is_built(s)) {
                let context = || format!("{}, radius {radius}", context());
                let tiled = level.level(radius).unwrap();
                assert_eq!(tiled.agent_radius(), radius);
                let mesh = tiled.mesh();
                check_structure(mesh, &context);
                let fresh =
                    NavMesh::from_obstacles(&polygons, radius, (0.0, 0.0), (size, size)).unwrap();
                let (a1, a2) = (area(mesh), area(&fresh));
                assert!(
                    (a1 - a2).abs() <= 1e-9 * size * size,
                    "{}: area {a1} against {a2}",
                    context()
                );
                let world = obstacle_world(&raw, radius, size).map(|(w, _)| w);
                for pair in 0..3 {
                    let a = Point::new(rng.unit() * size, rng.unit() * size);
                    let b = Point::new(rng.unit() * size, rng.unit() * size);
                    let found = length(mesh, &mut search, a, b);
                    let fresh_length = length(&fresh, &mut search, a, b);
                    compared += 1;
                    match (found, fresh_length) {
                        (Some(x), Some(y)) => assert!(
                            (x - y).abs() <= 1e-9 * y.max(1.0),
                            "{}: {a:?} -> {b:?}: {x} against the fresh mesh's {y}",
                            context()
                        ),
                        (x, y) => assert_eq!(x, y, "{}: {a:?} -> {b:?}", context()),
                    }
                    if let (Some(world), 0) = (&world, pair) {
                        let on_mesh =
                            mesh.triangle_at(a).is_some() && mesh.triangle_at(b).is_some();
                        if on_mesh {
                            let oracle = world.shortest((a.x, a.y), (b.x, b.y));
                            match (found, oracle) {
                                (Some(x), Some(y)) => assert!(
                                    (x - y).abs() <= 1e-7 * y.max(1.0),
                                    "{}: {a:?} -> {b:?}: {x} against the oracle's {y}",
                                    context()
                                ),
                                (x, y) => assert_eq!(x, y, "{}: {a:?} -> {b:?}", context()),
                            }
                            oracle_checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        compared > 1_500 && oracle_checked > 250 && late_builds > 20 && edited_built > 400,
        "compared {compared}, against the oracle {oracle_checked}, built after edits {late_builds}, \
         meshes edited {edited_built}"
    );
}

/// A snapshot of what a mesh is, to see that a refused edit changed nothing.
fn picture(level: &AgentSizes, radius: f64) -> (Vec<Point>, Vec<Option<[Point; 3]>>) {
    let mesh = level.mesh(radius).unwrap();
    (
        mesh.vertices().to_vec(),
        (0..mesh.triangle_count())
            .map(|k| mesh.triangle(k))
            .collect(),
    )
}

#[test]
fn refused_input_is_a_typed_error_and_a_refused_edit_changes_no_size() {
    let p = Point::new;
    let square = |x: f64, y: f64, s: f64| {
        Polygon::new(vec![p(x, y), p(x + s, y), p(x + s, y + s), p(x, y + s)])
    };
    let (lo, hi) = (p(0.0, 0.0), p(10.0, 10.0));
    for bad in [-0.5, f64::NAN, f64::INFINITY, 2e12] {
        match AgentSizes::new(&[], &[0.0, bad], lo, hi, 2.0).unwrap_err() {
            NavMeshError::InvalidRadius { radius } => {
                assert!(radius.is_nan() && bad.is_nan() || radius == bad)
            }
            e => panic!("{bad}: {e:?}"),
        }
    }
    assert_eq!(
        AgentSizes::new(&[], &[0.0], lo, hi, 0.0).unwrap_err(),
        NavMeshError::InvalidTileSize { size: 0.0 }
    );
    // 10 / 0.01 = 1,000 tiles a side: a million, refused before anything is built.
    assert_eq!(
        AgentSizes::new(&[], &[0.0, 1.0], lo, hi, 0.01).unwrap_err(),
        NavMeshError::InvalidTileSize { size: 0.01 }
    );
    assert!(matches!(
        AgentSizes::new(&[], &[0.0], hi, lo, 2.0).unwrap_err(),
        NavMeshError::EmptyBounds { .. }
    ));
    assert!(matches!(
        AgentSizes::new(
            &[polygon(&[(f64::NAN, 1.0), (2.0, 2.0)])],
            &[0.0],
            lo,
            hi,
            2.0
        )
        .unwrap_err(),
        NavMeshError::NonFinite { .. }
    ));
    // No sizes: every agent is too wide.
    let none = AgentSizes::new(&[], &[], lo, hi, 2.0).unwrap();
    assert_eq!(
        none.mesh(0.0).unwrap_err(),
        NavMeshError::NoAgentSize { radius: 0.0 }
    );
    let sizes = AgentSizes::new(&[], &[0.5], lo, hi, 2.0).unwrap();
    assert!(matches!(
        sizes.mesh(f64::NAN).unwrap_err(),
        NavMeshError::NoAgentSize { radius } if radius.is_nan()
    ));
    assert_eq!(sizes.size_for(-3.0), Some(0.5));

    // Near the end of the coordinate range a square is fine for the small agent and out of
    // range grown for the large one: the small mesh stages the edit first, then takes it back.
    let far = 1e12;
    let (lo, hi) = (p(far - 100.0, 0.0), p(far, 100.0));
    let mut level =
        AgentSizes::new(&[square(far - 60.0, 40.0, 5.0)], &[0.0, 1.0], lo, hi, 25.0).unwrap();
    level.build_all().unwrap();
    let before = (picture(&level, 0.0), picture(&level, 1.0));
    let listed = |level: &AgentSizes| -> Vec<(ObstacleKey, Polygon)> {
        level.obstacles().map(|(k, o)| (k, o.clone())).collect()
    };
    let obstacles = listed(&level);
    let edge = square(far - 0.75, 50.0, 0.5);
    assert!(matches!(
        level.add_obstacle(edge.clone()).unwrap_err(),
        NavMeshError::OutOfRange { .. }
    ));
    assert!(matches!(
        level
            .move_obstacle(ObstacleKey(0), edge.clone())
            .unwrap_err(),
        NavMeshError::OutOfRange { .. }
    ));
    assert!(matches!(
        level
            .edit_obstacles(&[ObstacleKey(0)], &[square(far - 30.0, 10.0, 2.0), edge])
            .unwrap_err(),
        NavMeshError::OutOfRange { .. }
    ));
    assert_eq!(
        level.remove_obstacle(ObstacleKey(7)).unwrap_err(),
        NavMeshError::UnknownObstacle { key: 7 }
    );
    assert_eq!(
        level
            .edit_obstacles(&[ObstacleKey(0), ObstacleKey(0)], &[])
            .unwrap_err(),
        NavMeshError::UnknownObstacle { key: 0 }
    );
    assert_eq!(
        level
            .move_obstacle(ObstacleKey(3), square(far - 30.0, 10.0, 2.0))
            .unwrap_err(),
        NavMeshError::UnknownObstacle { key: 3 }
    );
    assert_eq!((picture(&level, 0.0), picture(&level, 1.0)), before);
    assert_eq!(listed(&level), obstacles);
    for size in [0.0, 1.0] {
        let kept: Vec<(ObstacleKey, Polygon)> = level
            .level(size)
            .unwrap()
            .obstacles()
            .map(|(k, o)| (k, o.clone()))
            .collect();
        assert_eq!(kept, obstacles, "size {size}");
    }
    // Keys go on from where they were: the refused additions took none.
    let key = level.add_obstacle(square(far - 30.0, 10.0, 2.0)).unwrap();
    assert_eq!(key, ObstacleKey(1));
    for size in [0.0, 1.0] {
        assert_eq!(
            level.level(size).unwrap().obstacle(key),
            Some(&square(far - 30.0, 10.0, 2.0))
        );
        assert!(level
            .mesh(size)
            .unwrap()
            .triangle_at(p(far - 29.0, 11.0))
            .is_none());
    }
}
