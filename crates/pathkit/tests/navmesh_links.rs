//! Off-mesh links against the visibility-graph oracle extended with the links: Dijkstra over the
//! free corners, the start, the goal and the links' ends (`support/free_space_oracle.rs` and
//! `visibility_oracle.rs`, sharing no code with pathkit), each pair in sight joined by its
//! length, each usable link by its cost, one way or both. Random obstacles of every shape, agent
//! radii, links enabled or not, for some agents only; the mesh's answer is as long as the
//! oracle's, and it is a real route: every leg either a walk in the free space or a link taken.

use crate::navmesh_oracle::{any_obstacle, obstacle_world, Rng};
use crate::support::visibility_oracle::shortest_path;
use pathkit::geometry::Point;
use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError, OffMeshLink};
use pathkit::Pathfinder;

type P = (f64, f64);

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
        points.extend(world.turning_points());
        let nodes: Vec<usize> = (0..points.len()).collect();
        let link_cost = |u: usize, v: usize| {
            edges
                .iter()
                .filter(|&&(a, b, _)| (a, b) == (u, v))
                .map(|e| e.2)
                .fold(f64::INFINITY, f64::min)
        };
        let sight = |u: usize, v: usize| world.segment_clear(points[u], points[v]);
        let expected = shortest_path(
            &nodes,
            |u, v| sight(u, v) || link_cost(u, v).is_finite(),
            |u, v| {
                let walk = if sight(u, v) {
                    (points[u].0 - points[v].0).hypot(points[u].1 - points[v].1)
                } else {
                    f64::INFINITY
                };
                walk.min(link_cost(u, v))
            },
        );
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
