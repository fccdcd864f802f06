//! Tiled navigation meshes through random edits: after every obstacle added, moved or removed,
//! the tiled mesh is a well-formed mesh (neighbours agree, corners are exactly the vertices on
//! walls, every triangle is found at its centroid), it covers the same walkable space as a mesh
//! built from scratch with the same obstacles (same points on it, same nearest points, same
//! area), its paths are as long as the fresh mesh's, and as the free-space oracle's
//! (`support/free_space_oracle.rs`, which shares no code with pathkit).

use crate::navmesh_oracle::{any_obstacle, grown_for_agent, Rng};
use crate::support::free_space_oracle::{FreeSpace, TOUCH};
use crate::support::growth_oracle::self_crossing;
use crate::tiled_case::{area, check_structure};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError, ObstacleKey, TiledNavMesh};
use pathkit::Pathfinder;

fn polygon(o: &[(f64, f64)]) -> Polygon {
    Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect())
}

/// A random obstacle: the oracle test's kinds; squares and bars on whole numbers (their sides
/// often on the lines between tiles, their corners on tiles' corners); triangles with corners on
/// whole numbers (a corner on a line between tiles, its sides going into one tile only).
fn obstacle(rng: &mut Rng, size: f64) -> Vec<(f64, f64)> {
    match rng.below(10) {
        kind @ 0..=4 => any_obstacle(rng, size, kind),
        8 | 9 => {
            let (x, y) = (rng.below(size as u64) as f64, rng.below(size as u64) as f64);
            let mut corner = || (x + rng.below(5) as f64, y + rng.below(5) as f64);
            let (a, b, c) = (corner(), corner(), corner());
            let turn = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
            if turn == 0.0 {
                // No area: a thin wall between two of them.
                vec![a, (a.0 + 1.0, a.1 + 2.0)]
            } else {
                vec![a, b, c]
            }
        }
        _ => {
            let (x, y) = (rng.below(size as u64) as f64, rng.below(size as u64) as f64);
            let (w, h) = (1.0 + rng.below(4) as f64, 1.0 + rng.below(4) as f64);
            vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        }
    }
}

/// The length of the path, `None` for no path; the error (off the mesh) as it is.
fn length(
    mesh: &NavMesh,
    search: &mut AnyAngleSearch,
    a: Point,
    b: Point,
) -> Result<Option<f64>, NavMeshError> {
    Ok(mesh.find_path(search, a, b)?.into_path().map(|p| p.cost))
}

#[test]
fn tiled_meshes_through_random_edits_equal_fresh_builds_and_the_oracle() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut compared, mut found, mut oracle_checked, mut edits) = (0, 0, 0, 0);
    for seed in 0..160u64 {
        let mut rng = Rng(seed ^ 0x7113_D0A1);
        let radius = if seed % 3 == 0 {
            0.0
        } else {
            0.05 + rng.unit() * 0.6
        };
        let tile = [1.0, 2.0, 2.5, 3.0, 4.0, 7.5, 20.0, 50.0][rng.below(8) as usize];
        let mut live: Vec<(ObstacleKey, Vec<(f64, f64)>)> = Vec::new();
        let first: Vec<Vec<(f64, f64)>> = (0..rng.below(6))
            .map(|_| obstacle(&mut rng, size))
            .collect();
        let first_polygons: Vec<Polygon> = first.iter().map(|o| polygon(o)).collect();
        let mut level =
            TiledNavMesh::new(&first_polygons, radius, (0.0, 0.0), (size, size), tile).unwrap();
        live.extend(
            first
                .into_iter()
                .enumerate()
                .map(|(k, o)| (ObstacleKey(k as u64), o)),
        );
        for step in 0..10 {
            let context = || format!("seed {seed}, step {step}, radius {radius}, tile {tile}");
            if step > 0 {
                edits += 1;
                match rng.below(3) {
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
                    _ => {
                        let o = obstacle(&mut rng, size);
                        live.push((level.add_obstacle(polygon(&o)).unwrap(), o));
                    }
                }
            }
            let mesh = level.mesh();
            check_structure(mesh, &context);
            let polygons: Vec<Polygon> = live.iter().map(|(_, o)| polygon(o)).collect();
            let fresh =
                NavMesh::from_obstacles(&polygons, radius, (0.0, 0.0), (size, size)).unwrap();
            let (a1, a2) = (area(mesh), area(&fresh));
            assert!(
                (a1 - a2).abs() <= 1e-9 * size * size,
                "{}: area {a1} against {a2}",
                context()
            );
            for _ in 0..20 {
                let q = Point::new(rng.unit() * 24.0 - 2.0, rng.unit() * 24.0 - 2.0);
                assert_eq!(
                    mesh.triangle_at(q).is_some(),
                    fresh.triangle_at(q).is_some(),
                    "{}: on the mesh at {q:?}",
                    context()
                );
                match (mesh.nearest_point(q), fresh.nearest_point(q)) {
                    (Ok(x), Ok(y)) => assert!(
                        (x.distance(q) - y.distance(q)).abs() <= 1e-9,
                        "{}: nearest to {q:?}: {x:?} against {y:?}",
                        context()
                    ),
                    (x, y) => assert_eq!(x, y, "{}: nearest to {q:?}", context()),
                }
            }
            let grown: Vec<Vec<(f64, f64)>> = live
                .iter()
                .map(|(_, o)| grown_for_agent(o, radius))
                .collect();
            // Squares on whole numbers at radius 0 can share a side with each other or with the
            // box: the oracle walks along such a side (its points touch both), where the mesh has
            // no triangle (no width). Grown by a radius, they overlap instead.
            let aligned = radius == 0.0
                && live
                    .iter()
                    .any(|(_, o)| o.iter().all(|&(x, y)| x.fract() == 0.0 && y.fract() == 0.0));
            let crossing = grown.iter().any(|o| o.len() > 2 && self_crossing(o));
            let world = (!aligned && !crossing).then_some(FreeSpace {
                lo: (radius, radius),
                hi: (size - radius, size - radius),
                obstacles: grown,
                touch: TOUCH,
                pinches: false,
            });
            for pair in 0..3 {
                let a = Point::new(rng.unit() * size, rng.unit() * size);
                let b = Point::new(rng.unit() * size, rng.unit() * size);
                let tiled = length(mesh, &mut search, a, b);
                let expected = length(&fresh, &mut search, a, b);
                compared += 1;
                match (&tiled, &expected) {
                    (Ok(Some(x)), Ok(Some(y))) => {
                        assert!(
                            (x - y).abs() <= 1e-9 * y.max(1.0),
                            "{}: {a:?} -> {b:?}: {x} against {y}",
                            context()
                        );
                        found += 1;
                    }
                    _ => assert_eq!(tiled, expected, "{}: {a:?} -> {b:?}", context()),
                }
                if let (Some(world), 0, Ok(t)) = (&world, pair, &tiled) {
                    let oracle = world.shortest((a.x, a.y), (b.x, b.y));
                    match (t, oracle) {
                        (Some(x), Some(y)) => assert!(
                            (x - y).abs() <= 1e-7 * y.max(1.0),
                            "{}: {a:?} -> {b:?}: {x} against the oracle's {y}\nobstacles {:?}",
                            context(),
                            live.iter().map(|(_, o)| o).collect::<Vec<_>>()
                        ),
                        (x, y) => {
                            assert_eq!(*x, y, "{}: {a:?} -> {b:?} against the oracle", context())
                        }
                    }
                    oracle_checked += 1;
                }
            }
        }
    }
    assert!(
        compared >= 4_000 && found > 1_500 && oracle_checked > 700 && edits > 1_400,
        "compared {compared}, found {found}, against the oracle {oracle_checked}, edits {edits}"
    );
}

/// A grid's blocked cells as rectangles cover exactly the blocked cells, once each; a mesh of
/// them in the grid's box (untiled, and tiled) answers as the grid's own mesh does.
#[test]
fn a_grids_rectangles_make_the_mesh_of_the_grid() {
    use pathkit::grid::Grid;
    use pathkit::navmesh::grid_obstacles;
    let mut search = AnyAngleSearch::new();
    let mut compared = 0;
    for seed in 0..60u64 {
        let mut rng = Rng(seed ^ 0x6_1D5);
        let (w, h) = (3 + rng.below(14) as u32, 3 + rng.below(14) as u32);
        let walls = rng.below(45);
        let text: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.below(100) < walls { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let grid = Grid::from_ascii(&text.join("\n")).unwrap();
        let rects = grid_obstacles(&grid);
        let mut covered = vec![0u32; (w * h) as usize];
        for r in &rects {
            let (lo, hi) = r.bounds();
            assert_eq!(r.len(), 4);
            for y in lo.y as u32..hi.y as u32 {
                for x in lo.x as u32..hi.x as u32 {
                    covered[(y * w + x) as usize] += 1;
                }
            }
        }
        for y in 0..h {
            for x in 0..w {
                let want = u32::from(!grid.passable_xy(i64::from(x), i64::from(y)));
                assert_eq!(
                    covered[(y * w + x) as usize],
                    want,
                    "seed {seed}: cell ({x}, {y})"
                );
            }
        }
        let (fw, fh) = (f64::from(w), f64::from(h));
        let own = NavMesh::from_grid(&grid).unwrap();
        let of_rects = NavMesh::from_obstacles(&rects, 0.0, (0.0, 0.0), (fw, fh)).unwrap();
        let tiled = TiledNavMesh::new(&rects, 0.0, (0.0, 0.0), (fw, fh), 3.0).unwrap();
        for _ in 0..10 {
            let centre = |rng: &mut Rng| {
                Point::new(
                    rng.below(u64::from(w)) as f64 + 0.5,
                    rng.below(u64::from(h)) as f64 + 0.5,
                )
            };
            let (a, b) = (centre(&mut rng), centre(&mut rng));
            let want = length(&own, &mut search, a, b);
            for (name, mesh) in [("rectangles", &of_rects), ("tiled", tiled.mesh())] {
                let got = length(mesh, &mut search, a, b);
                match (&got, &want) {
                    (Ok(Some(x)), Ok(Some(y))) => {
                        assert!(
                            (x - y).abs() <= 1e-9 * y.max(1.0),
                            "seed {seed} {name}: {a:?} -> {b:?}: {x} against {y}"
                        );
                    }
                    _ => assert_eq!(got, want, "seed {seed} {name}: {a:?} -> {b:?}"),
                }
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 600);
}

#[test]
fn bad_tile_sizes_and_unknown_obstacles_are_refused_and_change_nothing() {
    use pathkit::navmesh::MAX_TILES;
    let p = Point::new;
    let square =
        |x: f64| Polygon::new(vec![p(x, 4.0), p(x + 2.0, 4.0), p(x + 2.0, 6.0), p(x, 6.0)]);
    for size in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let err = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0), size).unwrap_err();
        assert!(
            matches!(err, NavMeshError::InvalidTileSize { .. }),
            "{size}: {err:?}"
        );
    }
    // More tiles than the limit: refused, not allocated.
    let side = (MAX_TILES as f64).sqrt() * 2.0;
    let err = TiledNavMesh::new(&[], 0.0, p(0.0, 0.0), p(side, side), 1.0).unwrap_err();
    assert_eq!(err, NavMeshError::InvalidTileSize { size: 1.0 });
    let mut level = TiledNavMesh::new(
        &[square(1.0), square(5.0)],
        0.0,
        p(0.0, 0.0),
        p(10.0, 10.0),
        2.5,
    )
    .unwrap();
    let keys: Vec<ObstacleKey> = level.obstacles().map(|(k, _)| k).collect();
    let before = (
        level.mesh().vertices().to_vec(),
        level.mesh().triangle_indices().to_vec(),
    );
    // A key named twice, or one never given: nothing removed, nothing added.
    for remove in [vec![keys[0], keys[0]], vec![keys[1], ObstacleKey(99)]] {
        let err = level.edit_obstacles(&remove, &[square(3.0)]).unwrap_err();
        assert!(
            matches!(err, NavMeshError::UnknownObstacle { .. }),
            "{err:?}"
        );
        assert_eq!(level.obstacles().count(), 2);
        let after = (
            level.mesh().vertices().to_vec(),
            level.mesh().triangle_indices().to_vec(),
        );
        assert!(before == after);
    }
    // A bad polygon added with a good removal: neither happens.
    let nan = Polygon::new(vec![p(f64::NAN, 1.0), p(2.0, 2.0), p(1.0, 3.0)]);
    assert!(level.edit_obstacles(&[keys[0]], &[nan]).is_err());
    assert_eq!(level.obstacle(keys[0]), Some(&square(1.0)));
    assert_eq!(
        level.remove_obstacle(ObstacleKey(99)),
        Err(NavMeshError::UnknownObstacle { key: 99 })
    );
    assert_eq!(
        level.move_obstacle(ObstacleKey(99), square(3.0)),
        Err(NavMeshError::UnknownObstacle { key: 99 })
    );
    // The edit that is right goes through, and the keys go on from the last given.
    let added = level.edit_obstacles(&keys, &[square(3.0)]).unwrap();
    assert_eq!(added, vec![ObstacleKey(2)]);
    assert_eq!(level.obstacles().count(), 1);
    check_structure(level.mesh(), &|| "after the edit".into());
}

/// An edit whose obstacles are fine but whose tile will not triangulate (walls crossing more
/// often than the limit) is refused after the obstacles were put in: they are taken out again,
/// the mesh is as it was, and the next key is the one it would have been.
#[test]
fn an_edit_whose_tile_will_not_triangulate_changes_nothing() {
    let p = Point::new;
    let (size, n) = (100.0, 200);
    let line = |k: usize, vertical: bool| {
        let t = 0.2 + k as f64 * (size - 0.4) / n as f64;
        if vertical {
            Polygon::new(vec![p(t, 1.0), p(t, size - 1.0)])
        } else {
            Polygon::new(vec![p(1.0, t), p(size - 1.0, t)])
        }
    };
    // n vertical walls and n / 2 horizontal ones: within the limit of cuts.
    let walls: Vec<Polygon> = (0..n)
        .map(|k| line(k, true))
        .chain((0..n / 2).map(|k| line(2 * k, false)))
        .collect();
    let mut level = TiledNavMesh::new(&walls, 0.0, p(0.0, 0.0), p(size, size), size).unwrap();
    let before = (
        level.mesh().vertices().to_vec(),
        level.mesh().triangle_indices().to_vec(),
    );
    let obstacles: Vec<(ObstacleKey, Polygon)> =
        level.obstacles().map(|(k, o)| (k, o.clone())).collect();
    // The other half of the horizontal walls: twice the crossings, past the limit.
    let more: Vec<Polygon> = (0..n / 2).map(|k| line(2 * k + 1, false)).collect();
    let err = level.add_obstacles(&more).unwrap_err();
    assert!(
        matches!(err, NavMeshError::TooManyCrossings { .. }),
        "{err:?}"
    );
    let first = obstacles[0].0;
    let err = level.edit_obstacles(&[first], &more).unwrap_err();
    assert!(
        matches!(err, NavMeshError::TooManyCrossings { .. }),
        "{err:?}"
    );
    let err = level.move_obstacle(first, line(1, false));
    assert!(err.is_ok(), "one more wall is within the limit: {err:?}");
    level.move_obstacle(first, line(0, true)).unwrap();
    assert_eq!(
        level
            .obstacles()
            .map(|(k, o)| (k, o.clone()))
            .collect::<Vec<_>>(),
        obstacles
    );
    let after = (
        level.mesh().vertices().to_vec(),
        level.mesh().triangle_indices().to_vec(),
    );
    assert!(before.0.len() == after.0.len() && before.1.len() == after.1.len());
    let key = level.add_obstacle(line(1, false)).unwrap();
    assert_eq!(key, ObstacleKey(walls.len() as u64));
    check_structure(level.mesh(), &|| "after the refused edits".into());
}
