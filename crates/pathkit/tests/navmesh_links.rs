//! Off-mesh links against the visibility-graph oracle extended with the links: Dijkstra over the
//! free corners, the start, the goal and the links' ends (`support/free_space_oracle.rs` and
//! `visibility_oracle.rs`, sharing no code with pathkit), each pair in sight joined by its
//! length, each usable link by its cost, one way or both. Random obstacles of every shape, agent
//! radii, links enabled or not, for some agents only; the mesh's answer is as long as the
//! oracle's, and it is a real route: every leg either a walk in the free space or a link taken.

use crate::navmesh_oracle::{any_obstacle, obstacle_world, AreaScene, Rng};
use crate::support::free_space_oracle::FreeSpace;
use crate::support::visibility_oracle::shortest_path;
use pathkit::geometry::Point;
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError, OffMeshLink};
use pathkit::Pathfinder;

type P = (f64, f64);

/// The oracle's shortest length from `points[0]` to `points[1]`: Dijkstra over `points` and the
/// free corners of `world`, each pair in sight joined by its length, each hop of `hops` (from,
/// to, cost) by its cost.
pub(crate) fn shortest_with_hops(
    world: &FreeSpace,
    mut points: Vec<P>,
    hops: &[(usize, usize, f64)],
) -> Option<f64> {
    points.extend(world.turning_points());
    let nodes: Vec<usize> = (0..points.len()).collect();
    let hop_cost = |u: usize, v: usize| {
        hops.iter()
            .filter(|&&(a, b, _)| (a, b) == (u, v))
            .map(|e| e.2)
            .fold(f64::INFINITY, f64::min)
    };
    let sight = |u: usize, v: usize| world.segment_clear(points[u], points[v]);
    shortest_path(
        &nodes,
        |u, v| sight(u, v) || hop_cost(u, v).is_finite(),
        |u, v| {
            let walk = if sight(u, v) {
                (points[u].0 - points[v].0).hypot(points[u].1 - points[v].1)
            } else {
                f64::INFINITY
            };
            walk.min(hop_cost(u, v))
        },
    )
}

#[test]
fn paths_with_links_are_as_short_as_the_oracle_with_link_edges() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut checked, mut through_links, mut unreachable) = (0, 0, 0);
    for seed in 0..300u64 {
        let mut rng = Rng(seed ^ 0x11_4C5);
        let radius = if seed % 2 == 0 {
            0.0
        } else {
            0.1 + rng.unit() * 0.5
        };
        // Walls across the box cut it into parts only links join; obstacles besides.
        let mut raw: Vec<Vec<P>> = (0..1 + rng.below(2))
            .map(|_| {
                let (y0, y1) = (2.0 + rng.unit() * 16.0, 2.0 + rng.unit() * 16.0);
                vec![(-1.0, y0), (size + 1.0, y1)]
            })
            .collect();
        raw.extend((0..rng.below(5)).map(|_| {
            let kind = rng.below(5);
            any_obstacle(&mut rng, size, kind)
        }));
        let Some((world, polygons)) = obstacle_world(&raw, radius, size) else {
            continue;
        };
        let mesh = NavMesh::from_obstacles(&polygons, radius, (0.0, 0.0), (size, size)).unwrap();
        let free_point = |rng: &mut Rng| {
            (0..200).find_map(|_| {
                let p = (rng.unit() * size, rng.unit() * size);
                (world.is_free(p) && mesh.triangle_at(Point::new(p.0, p.1)).is_some()).then_some(p)
            })
        };
        let mut links = Vec::new();
        for _ in 0..1 + rng.below(5) {
            let (Some(a), Some(b)) = (free_point(&mut rng), free_point(&mut rng)) else {
                continue;
            };
            let mut link =
                OffMeshLink::new(Point::new(a.0, a.1), Point::new(b.0, b.1), rng.unit() * 8.0);
            if rng.below(2) == 0 {
                link = link.both_ways();
            }
            if rng.below(6) == 0 {
                link = link.disabled();
            }
            if rng.below(3) == 0 {
                link = link.for_agents(1 + rng.below(3) as u32);
            }
            links.push(link);
        }
        let agent = 1 + rng.below(3) as u32;
        let (Some(start), Some(goal)) = (free_point(&mut rng), free_point(&mut rng)) else {
            continue;
        };
        // The oracle: points by number, 0 the start, 1 the goal, then the links' ends and the
        // free corners.
        let mut points: Vec<P> = vec![start, goal];
        let mut edges: Vec<(usize, usize, f64)> = Vec::new();
        for l in &links {
            let (a, b) = (points.len(), points.len() + 1);
            points.push((l.from.x, l.from.y));
            points.push((l.to.x, l.to.y));
            if l.enabled && l.mask & agent != 0 {
                edges.push((a, b, l.cost));
                if l.both_ways {
                    edges.push((b, a, l.cost));
                }
            }
        }
        let expected = shortest_with_hops(&world, points, &edges);
        let linked = mesh.with_links(&links).unwrap().for_agent(agent);
        let (s, g) = (Point::new(start.0, start.1), Point::new(goal.0, goal.1));
        let found = linked.find_path(&mut search, s, g).unwrap().into_path();
        let context = || {
            format!("seed {seed}, radius {radius}: {start:?} -> {goal:?}, agent {agent}, links {links:?}\nobstacles {raw:?}")
        };
        match (&found, expected) {
            (None, None) => unreachable += 1,
            (Some(path), Some(e)) => {
                assert!(
                    (path.cost - e).abs() <= 1e-7 * e.max(1.0),
                    "{}: found {}, the oracle {e}\npath {:?}",
                    context(),
                    path.cost,
                    path.nodes
                );
                assert_eq!(
                    (path.nodes[0], *path.nodes.last().unwrap()),
                    (s, g),
                    "{}",
                    context()
                );
                // Every leg a walk in the free space or a usable link; the costs add up.
                let mut total = 0.0;
                let mut took = false;
                for leg in path.nodes.windows(2) {
                    let (a, b) = ((leg[0].x, leg[0].y), (leg[1].x, leg[1].y));
                    let link = links
                        .iter()
                        .filter(|l| l.enabled && l.mask & agent != 0)
                        .find(|l| {
                            (l.from, l.to) == (leg[0], leg[1])
                                || l.both_ways && (l.to, l.from) == (leg[0], leg[1])
                        });
                    let walk = leg[0].distance(leg[1]);
                    match link {
                        Some(l) if !world.segment_clear(a, b) || l.cost < walk => {
                            total += l.cost;
                            took = true;
                        }
                        _ => {
                            assert!(
                                world.segment_clear(a, b),
                                "{}: leg {leg:?} is blocked",
                                context()
                            );
                            total += walk;
                        }
                    }
                }
                assert!(
                    (total - path.cost).abs() <= 1e-7 * total.max(1.0),
                    "{}: legs add to {total}, not {}",
                    context(),
                    path.cost
                );
                through_links += usize::from(took);
                checked += 1;
            }
            (found, expected) => panic!(
                "{}: found {:?}, the oracle {expected:?}",
                context(),
                found.as_ref().map(|p| p.cost)
            ),
        }
    }
    assert!(
        checked > 180 && through_links > 50 && unreachable > 40,
        "checked {checked}, through links {through_links}, unreachable {unreachable}"
    );
}

#[test]
fn links_off_the_mesh_or_of_no_cost_are_refused() {
    let p = Point::new;
    let mesh = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    for bad in [
        OffMeshLink::new(p(1.0, 1.0), p(11.0, 1.0), 1.0),
        OffMeshLink::new(p(f64::NAN, 1.0), p(1.0, 1.0), 1.0),
        OffMeshLink::new(p(1.0, 1.0), p(2.0, 1.0), -1.0),
        OffMeshLink::new(p(1.0, 1.0), p(2.0, 1.0), f64::INFINITY),
        OffMeshLink::new(p(1.0, 1.0), p(2.0, 1.0), f64::NAN),
    ] {
        let links = [OffMeshLink::new(p(1.0, 1.0), p(2.0, 2.0), 0.0), bad];
        assert_eq!(
            mesh.with_links(&links).unwrap_err(),
            NavMeshError::InvalidLink { link: 1 }
        );
    }
    // Ends off the mesh are errors, as on the mesh alone; a cheap link is taken, a dear one not.
    let links = [OffMeshLink::new(p(1.0, 5.0), p(9.0, 5.0), 1.0)];
    let linked = mesh.with_links(&links).unwrap();
    let mut search = AnyAngleSearch::new();
    assert_eq!(
        linked
            .find_path(&mut search, p(-1.0, 5.0), p(9.0, 5.0))
            .unwrap_err(),
        NavMeshError::OffMesh {
            point: p(-1.0, 5.0)
        }
    );
    let path = linked
        .find_path(&mut search, p(1.0, 5.0), p(9.0, 5.0))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!((path.nodes.len(), path.cost), (2, 1.0));
    let dear = [OffMeshLink::new(p(1.0, 5.0), p(9.0, 5.0), 100.0)];
    let path = mesh
        .with_links(&dear)
        .unwrap()
        .find_path(&mut search, p(1.0, 5.0), p(9.0, 5.0))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 8.0);
    // One way only: back is walked.
    let path = linked
        .find_path(&mut search, p(9.0, 5.0), p(1.0, 5.0))
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.cost, 8.0);
}

/// Links and areas together: random walls across the box, obstacles, convex areas (1, 2, 3)
/// some of which the agent may not enter, and links (some with an end on such ground). The
/// oracle walls the forbidden areas (not grown: an area holds the agent's centre), keeps the
/// links whose ends are both on the agent's ground, and runs Dijkstra over the walks and link
/// hops; the mesh's filtered, linked answer must be as long.
#[test]
fn links_and_area_filters_together_give_the_oracles_shortest_path() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut checked, mut through_links, mut ends_forbidden, mut off_ground) = (0, 0, 0, 0);
    for seed in 0..300u64 {
        let mut rng = Rng(seed ^ 0xF11_7E2);
        let radius = if seed % 2 == 0 {
            0.0
        } else {
            0.1 + rng.unit() * 0.4
        };
        let mut raw: Vec<Vec<P>> = (0..rng.below(2))
            .map(|_| {
                let (y0, y1) = (2.0 + rng.unit() * 16.0, 2.0 + rng.unit() * 16.0);
                vec![(-1.0, y0), (size + 1.0, y1)]
            })
            .collect();
        raw.extend((0..rng.below(4)).map(|_| {
            let kind = rng.below(5);
            any_obstacle(&mut rng, size, kind)
        }));
        let filter_bits = 1 + rng.below(7) as u8;
        let Some(scene) = AreaScene::new(&mut rng, &raw, radius, size, filter_bits) else {
            continue;
        };
        let forbidden = |id: u8| scene.forbids(id);
        let AreaScene {
            ref areas,
            filter,
            ref world,
            ref polygons,
            ref area_polygons,
            ..
        } = scene;
        let mesh = NavMesh::from_obstacles_with_areas(
            polygons,
            area_polygons,
            radius,
            Point::new(0.0, 0.0),
            Point::new(size, size),
        )
        .unwrap();
        // Points on the mesh, on the agent's ground or not.
        let on_mesh = |rng: &mut Rng| {
            (0..200).find_map(|_| {
                let p = (rng.unit() * size, rng.unit() * size);
                mesh.triangle_at(Point::new(p.0, p.1))
                    .is_some()
                    .then_some(p)
            })
        };
        let mut links = Vec::new();
        for _ in 0..1 + rng.below(5) {
            let (Some(a), Some(b)) = (on_mesh(&mut rng), on_mesh(&mut rng)) else {
                continue;
            };
            let mut link =
                OffMeshLink::new(Point::new(a.0, a.1), Point::new(b.0, b.1), rng.unit() * 8.0);
            if rng.below(2) == 0 {
                link = link.both_ways();
            }
            links.push(link);
        }
        let ground = |rng: &mut Rng| {
            (0..200).find_map(|_| {
                let p = (rng.unit() * size, rng.unit() * size);
                (world.is_free(p) && mesh.triangle_at(Point::new(p.0, p.1)).is_some()).then_some(p)
            })
        };
        let (Some(start), Some(goal)) = (ground(&mut rng), ground(&mut rng)) else {
            continue;
        };
        let mut points: Vec<P> = vec![start, goal];
        let mut edges: Vec<(usize, usize, f64)> = Vec::new();
        for l in &links {
            let (a, b) = ((l.from.x, l.from.y), (l.to.x, l.to.y));
            if !(world.is_free(a) && world.is_free(b)) {
                ends_forbidden += 1;
                continue;
            }
            let k = points.len();
            points.extend([a, b]);
            edges.push((k, k + 1, l.cost));
            if l.both_ways {
                edges.push((k + 1, k, l.cost));
            }
        }
        let expected = shortest_with_hops(world, points, &edges);
        let linked = mesh.with_links(&links).unwrap().with_filter(filter);
        let (s, g) = (Point::new(start.0, start.1), Point::new(goal.0, goal.1));
        let context = || {
            format!("seed {seed}, radius {radius}, forbidden {filter_bits:03b}: {start:?} -> {goal:?}, links {links:?}\nobstacles {raw:?}\nareas {areas:?}")
        };
        // A start on the mesh but on ground the agent may not enter is off its mesh.
        let forbidden_point = (0..200).find_map(|_| {
            let q = Point::new(rng.unit() * size, rng.unit() * size);
            // In a forbidden area by the oracle (and, away from a rounding of its sides, in a
            // triangle of such an area).
            let area = mesh.area(mesh.triangle_at(q)?)?;
            (area != 0 && forbidden(area) && !world.is_free((q.x, q.y))).then_some(q)
        });
        if let Some(q) = forbidden_point {
            assert!(
                matches!(linked.find_path(&mut search, q, g), Err(NavMeshError::OffMesh { point }) if point == q),
                "{}: a start on forbidden ground {q:?}",
                context()
            );
            off_ground += 1;
        }
        let found = match linked.find_path(&mut search, s, g) {
            Ok(o) => o.into_path(),
            // Within a rounding of a forbidden area's side, the mesh may put an end in it.
            Err(NavMeshError::OffMesh { point }) if point == s || point == g => continue,
            Err(e) => panic!("{}: {e:?}", context()),
        };
        match (&found, expected) {
            (None, None) => {}
            (Some(path), Some(e)) => {
                assert!(
                    (path.cost - e).abs() <= 1e-7 * e.max(1.0),
                    "{}: found {}, the oracle {e}\npath {:?}",
                    context(),
                    path.cost,
                    path.nodes
                );
                let walked: f64 = path.nodes.windows(2).map(|l| l[0].distance(l[1])).sum();
                through_links +=
                    usize::from(walked > path.cost + 1e-9 || path.cost > walked + 1e-9);
                checked += 1;
            }
            (found, expected) => panic!(
                "{}: found {:?}, the oracle {expected:?}",
                context(),
                found.as_ref().map(|p| p.cost)
            ),
        }
    }
    assert!(
        checked > 200 && through_links > 50 && ends_forbidden > 20 && off_ground > 50,
        "checked {checked}, through links {through_links}, link ends on forbidden ground \
         {ends_forbidden}, starts on forbidden ground {off_ground}"
    );
}
