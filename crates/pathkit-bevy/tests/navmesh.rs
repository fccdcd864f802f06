//! Navmesh maps in the plugin: any-angle answers against a visibility graph written here (the
//! corners of axis-aligned rectangles grown by the agent's radius, a leg blocked when it enters
//! a grown rectangle's interior or leaves the shrunk box; Dijkstra over the legs), the same in
//! both ways of planning; after obstacles are added and removed at random every path is as
//! short as the oracle's, and a path an edit cannot affect is left alone.

mod support;
use bevy_app::App;
use bevy_ecs::entity::Entity;
use pathkit::geometry::{Point, Polygon};
use pathkit_bevy::{
    NavMeshMap, ObstacleId, PathFailure, PathRequest, PlannedPath, PlannerStats, Planning,
};
use std::collections::BinaryHeap;
use support::{app, run_until_answered, spawn_requests, Cheapest};

const W: f64 = 40.0;
const H: f64 = 30.0;

/// An axis-aligned rectangle: `(x0, y0, x1, y1)`.
type Rect = (f64, f64, f64, f64);

/// Whether the segment `a`-`b` passes through the open interior of `r` (clipped against the
/// rectangle's four open half-planes, Liang-Barsky).
fn enters(a: Point, b: Point, r: Rect) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.x - r.0),
        (dx, r.2 - a.x),
        (-dy, a.y - r.1),
        (dy, r.3 - a.y),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false; // on or beyond the side's line, parallel to it
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t1 - t0 > 1e-9
}

/// The shortest length from `a` to `b` among `rects` grown by `radius`, inside the box shrunk
/// by it; `None` when there is none (or an end is not free).
fn shortest(rects: &[Rect], radius: f64, a: Point, b: Point) -> Option<f64> {
    shortest_with_walls(rects, &[], radius, a, b)
}

/// [`shortest`], with `walls` (areas the agent may not enter: not grown) walled too.
fn shortest_with_walls(
    rects: &[Rect],
    walls: &[Rect],
    radius: f64,
    a: Point,
    b: Point,
) -> Option<f64> {
    let grown: Vec<Rect> = rects
        .iter()
        .map(|r| (r.0 - radius, r.1 - radius, r.2 + radius, r.3 + radius))
        .chain(walls.iter().copied())
        .collect();
    let inside_box =
        |p: Point| p.x >= radius && p.x <= W - radius && p.y >= radius && p.y <= H - radius;
    let free = |p: Point| {
        inside_box(p)
            && grown
                .iter()
                .all(|r| !(p.x > r.0 && p.x < r.2 && p.y > r.1 && p.y < r.3))
    };
    if !free(a) || !free(b) {
        return None;
    }
    let mut points = vec![a, b];
    for r in &grown {
        for p in [
            Point::new(r.0, r.1),
            Point::new(r.2, r.1),
            Point::new(r.2, r.3),
            Point::new(r.0, r.3),
        ] {
            if free(p) {
                points.push(p);
            }
        }
    }
    let sees = |p: Point, q: Point| grown.iter().all(|&r| !enters(p, q, r));
    let mut best = vec![f64::INFINITY; points.len()];
    best[0] = 0.0;
    let mut open = BinaryHeap::from([Cheapest(0.0, 0usize)]);
    while let Some(Cheapest(d, i)) = open.pop() {
        if i == 1 {
            return Some(d);
        }
        if d > best[i] {
            continue;
        }
        for j in 0..points.len() {
            let step = points[i].distance(points[j]);
            if j != i && d + step < best[j] && sees(points[i], points[j]) {
                best[j] = d + step;
                open.push(Cheapest(d + step, j));
            }
        }
    }
    None
}

/// A random generator of the test's own.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A rectangle with whole-number corners, at least 3 from the box's sides and from every
    /// one of `others` (so that, grown by a radius up to 1, no two touch: a gap the oracle
    /// would walk through and the mesh closes), or `None` after a few tries.
    fn rect(&mut self, others: &[Rect]) -> Option<Rect> {
        for _ in 0..50 {
            let (x, y) = (
                (3.0 + self.next() * (W - 11.0)).floor(),
                (3.0 + self.next() * (H - 11.0)).floor(),
            );
            let (w, h) = (
                (1.0 + self.next() * 6.0).floor(),
                (1.0 + self.next() * 6.0).floor(),
            );
            let r = (x, y, x + w, y + h);
            let apart = |o: &Rect| {
                r.2 + 3.0 <= o.0 || o.2 + 3.0 <= r.0 || r.3 + 3.0 <= o.1 || o.3 + 3.0 <= r.1
            };
            if others.iter().all(apart) {
                return Some(r);
            }
        }
        None
    }

    /// A point off the grid of whole numbers, free of `rects` grown by `radius`.
    fn point(&mut self, rects: &[Rect], radius: f64) -> Point {
        loop {
            let p = Point::new(1.0 + self.next() * (W - 2.0), 1.0 + self.next() * (H - 2.0));
            if rects.iter().all(|r| {
                p.x < r.0 - radius - 0.01
                    || p.x > r.2 + radius + 0.01
                    || p.y < r.1 - radius - 0.01
                    || p.y > r.3 + radius + 0.01
            }) {
                return p;
            }
        }
    }
}

/// A map of agents of `radius` among up to `tries` rectangles drawn from `seed`: the draw (to go
/// on drawing points), the rectangles and the map.
fn scene(seed: u64, radius: f64, tries: usize) -> (Draw, Vec<Rect>, NavMeshMap) {
    let mut draw = Draw(seed);
    let mut rects = Vec::new();
    for _ in 0..tries {
        if let Some(r) = draw.rect(&rects) {
            rects.push(r);
        }
    }
    let mut map = NavMeshMap::new(radius, Point::new(0.0, 0.0), Point::new(W, H)).unwrap();
    map.add_obstacles(rects.iter().map(|&r| polygon(r)))
        .unwrap();
    (draw, rects, map)
}

fn polygon(r: Rect) -> Polygon {
    Polygon::new(vec![
        Point::new(r.0, r.1),
        Point::new(r.2, r.1),
        Point::new(r.2, r.3),
        Point::new(r.0, r.3),
    ])
}

/// Checks every agent's answer against the oracle; the paths, for comparing.
fn check(
    app: &App,
    rects: &[Rect],
    radius: f64,
    agents: &[(Entity, Point, Point)],
) -> Vec<Vec<Point>> {
    let world = app.world();
    agents
        .iter()
        .map(|&(e, a, b)| {
            match (
                world.get::<PlannedPath<NavMeshMap>>(e),
                shortest(rects, radius, a, b),
            ) {
                (Some(path), Some(best)) => {
                    assert_eq!(path.nodes.first(), Some(&a));
                    assert_eq!(path.nodes.last(), Some(&b));
                    let length: f64 = path.nodes.windows(2).map(|l| l[0].distance(l[1])).sum();
                    assert!((length - path.cost).abs() < 1e-9);
                    assert!(
                        (length - best).abs() < 1e-7 * best.max(1.0),
                        "{a:?} -> {b:?}: {length}, the oracle {best}"
                    );
                    path.nodes.clone()
                }
                (None, None) => {
                    assert!(world.get::<PathFailure>(e).is_some(), "{a:?} -> {b:?}");
                    Vec::new()
                }
                (got, want) => panic!("{a:?} -> {b:?}: {got:?}, the oracle {want:?}"),
            }
        })
        .collect()
}

#[test]
fn navmesh_requests_get_the_shortest_any_angle_paths_in_both_ways_of_planning() {
    for (seed, radius) in [(1u64, 0.0), (2, 0.5), (3, 0.25)] {
        let (mut draw, rects, map) = scene(seed * 7919, radius, 12);
        let pairs: Vec<_> = (0..30)
            .map(|_| (draw.point(&rects, radius), draw.point(&rects, radius)))
            .collect();
        let mut answers = Vec::new();
        for planning in [Planning::Async, Planning::Budgeted { expansions: 20 }] {
            let mut app = app(map.clone(), planning);
            let agents = spawn_requests::<NavMeshMap>(&mut app, pairs.iter().copied());
            let entities: Vec<Entity> = agents.iter().map(|a| a.0).collect();
            run_until_answered::<NavMeshMap>(&mut app, &entities, 5_000);
            answers.push(check(&app, &rects, radius, &agents));
        }
        assert_eq!(answers[0], answers[1], "seed {seed}");
        assert!(
            answers[0].iter().filter(|p| p.len() > 2).count() > 5,
            "seed {seed}: too few paths turn"
        );
    }
}

#[test]
fn obstacles_added_moved_and_removed_re_plan_the_paths_they_cut_or_could_shorten() {
    // One tile over the map (as `new` makes it), and tiles smaller than most obstacles'
    // reach: edits rebuild a few tiles, and the paths stay those of the oracle.
    for tiles in [None, Some(4.0)] {
        edits_re_plan(tiles);
    }
}

fn edits_re_plan(tiles: Option<f64>) {
    let radius = 1.0;
    let mut draw = Draw(4242);
    let mut rects: Vec<(ObstacleId, Rect)> = Vec::new();
    let mut map = NavMeshMap::new(radius, Point::new(0.0, 0.0), Point::new(W, H)).unwrap();
    if let Some(size) = tiles {
        map = map.with_tiles(size).unwrap();
        assert_eq!(map.tile_size(), size);
    }
    for _ in 0..8 {
        let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
        if let Some(r) = draw.rect(&all) {
            let id = map.add_obstacles([polygon(r)]).unwrap()[0];
            rects.push((id, r));
        }
    }
    let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
    let mut app = app(
        map,
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    let pairs: Vec<_> = (0..120)
        .map(|_| (draw.point(&all, radius), draw.point(&all, radius)))
        .collect();
    let agents = spawn_requests::<NavMeshMap>(&mut app, pairs);
    app.update();
    let (mut edits, mut moves) = (0, 0);
    for _ in 0..400 {
        if edits == 60 {
            break;
        }
        // Remove an obstacle, move one, or add one (on some agents' ends too: they fail until
        // it goes).
        if edits % 3 == 1 && !rects.is_empty() {
            let k = (draw.next() * rects.len() as f64) as usize;
            let (id, _) = rects.remove(k);
            assert!(support::map_mut::<NavMeshMap>(&mut app)
                .remove_obstacle(id)
                .unwrap()
                .is_some());
        } else if edits % 3 == 2 && !rects.is_empty() {
            let k = (draw.next() * rects.len() as f64) as usize;
            let others: Vec<Rect> = rects
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, x)| x.1)
                .collect();
            let Some(r) = draw.rect(&others) else {
                continue;
            };
            let id = rects[k].0;
            let old = support::map_mut::<NavMeshMap>(&mut app)
                .move_obstacle(id, polygon(r))
                .unwrap();
            assert_eq!(old, Some(polygon(rects[k].1)));
            rects[k].1 = r;
            moves += 1;
        } else {
            let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
            let Some(r) = draw.rect(&all) else { continue };
            let id = support::map_mut::<NavMeshMap>(&mut app)
                .add_obstacles([polygon(r)])
                .unwrap()[0];
            rects.push((id, r));
        }
        edits += 1;
        app.update();
        let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
        check(&app, &all, radius, &agents);
    }
    let replanned = app.world().resource::<PlannerStats>().replanned;
    assert!(
        edits == 60 && moves >= 15,
        "too few places for obstacles: {edits} edits, {moves} moves"
    );
    // Some paths were re-planned, and far fewer than re-planning every agent at every edit.
    assert!(
        replanned > 0 && replanned < (agents.len() * edits) as u64 / 2,
        "{replanned} re-plans of {}",
        agents.len() * edits
    );
}

#[test]
fn an_obstacle_dropped_on_an_agent_re_plans_from_the_nearest_point_when_the_map_snaps() {
    let p = Point::new;
    for snap in [None, Some(1.0)] {
        let mut map = NavMeshMap::new(0.0, p(0.0, 0.0), p(20.0, 10.0)).unwrap();
        if let Some(d) = snap {
            map = map.with_snapping(d).unwrap();
        }
        let mut app = app(
            map,
            Planning::Budgeted {
                expansions: u64::MAX,
            },
        );
        let (start, goal) = (p(5.0, 5.0), p(15.0, 5.0));
        let agent = spawn_requests::<NavMeshMap>(&mut app, [(start, goal)])[0].0;
        app.update();
        assert!(app.world().get::<PlannedPath<NavMeshMap>>(agent).is_some());
        // A crate lands on the agent, its side 0.4 to the agent's left.
        let square = Polygon::new(vec![p(4.6, 3.0), p(7.0, 3.0), p(7.0, 7.0), p(4.6, 7.0)]);
        support::map_mut::<NavMeshMap>(&mut app)
            .add_obstacles([square])
            .unwrap();
        app.update();
        let world = app.world();
        match snap {
            None => assert!(matches!(
                world.get::<PathFailure>(agent),
                Some(PathFailure::Refused(_))
            )),
            Some(_) => {
                let path = world
                    .get::<PlannedPath<NavMeshMap>>(agent)
                    .expect("searched from the crate's side");
                assert_eq!(path.nodes[0], p(4.6, 5.0));
                // Round the crate: from its side to a corner, on to the goal.
                let want = p(4.6, 5.0).distance(p(4.6, 7.0))
                    + p(4.6, 7.0).distance(p(7.0, 7.0))
                    + p(7.0, 7.0).distance(goal);
                assert!(
                    (path.cost - want).abs() < 1e-9,
                    "{} against {want}",
                    path.cost
                );
            }
        }
    }
}

/// Checks agents with several goals: each path leads to one of its goals and is as short as the
/// oracle's way to the nearest; no path where the oracle reaches none.
fn check_nearest(app: &App, rects: &[Rect], radius: f64, agents: &[(Entity, Point, Vec<Point>)]) {
    let world = app.world();
    for (e, a, goals) in agents {
        let lengths: Vec<Option<f64>> = goals
            .iter()
            .map(|&g| shortest(rects, radius, *a, g))
            .collect();
        let best = lengths.iter().flatten().copied().reduce(f64::min);
        match (world.get::<PlannedPath<NavMeshMap>>(*e), best) {
            (Some(path), Some(best)) => {
                let place = goals.iter().position(|g| Some(g) == path.nodes.last());
                let place = place.unwrap_or_else(|| panic!("{:?} is no goal", path.nodes.last()));
                let length: f64 = path.nodes.windows(2).map(|l| l[0].distance(l[1])).sum();
                assert!(
                    (length - best).abs() < 1e-7 * best.max(1.0),
                    "{a:?} -> {goals:?}: {length}, the oracle {best}"
                );
                let to_it = lengths[place].expect("a path to an unreachable goal");
                assert!((to_it - best).abs() < 1e-7 * best.max(1.0));
            }
            (None, None) => assert!(world.get::<PathFailure>(*e).is_some()),
            (got, want) => panic!("{a:?} -> {goals:?}: {got:?}, the oracle {want:?}"),
        }
    }
}

/// Requests with three goals each get the shortest way to the nearest, in both ways of
/// planning, and keep it as obstacles come and go (a removed obstacle may bring another goal
/// nearer).
#[test]
fn requests_with_several_goals_reach_the_nearest_and_keep_it_through_edits() {
    let radius = 0.5;
    let mut draw = Draw(777);
    let mut rects: Vec<(ObstacleId, Rect)> = Vec::new();
    let mut map = NavMeshMap::new(radius, Point::new(0.0, 0.0), Point::new(W, H)).unwrap();
    for _ in 0..10 {
        let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
        if let Some(r) = draw.rect(&all) {
            rects.push((map.add_obstacles([polygon(r)]).unwrap()[0], r));
        }
    }
    let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
    let wants: Vec<(Point, Vec<Point>)> = (0..40)
        .map(|_| {
            let goals = (0..3).map(|_| draw.point(&all, radius)).collect();
            (draw.point(&all, radius), goals)
        })
        .collect();
    let mut apps = Vec::new();
    let mut answers = Vec::new();
    for planning in [Planning::Async, Planning::Budgeted { expansions: 20 }] {
        let mut app = app(map.clone(), planning);
        let agents: Vec<(Entity, Point, Vec<Point>)> = wants
            .iter()
            .map(|(a, goals)| {
                let request = PathRequest::<NavMeshMap>::to_nearest(*a, goals.clone());
                (app.world_mut().spawn(request).id(), *a, goals.clone())
            })
            .collect();
        let entities: Vec<Entity> = agents.iter().map(|a| a.0).collect();
        run_until_answered::<NavMeshMap>(&mut app, &entities, 5_000);
        check_nearest(&app, &all, radius, &agents);
        let paths: Vec<_> = entities
            .iter()
            .map(|&e| app.world().get::<PlannedPath<NavMeshMap>>(e).cloned())
            .collect();
        answers.push(paths);
        apps.push((app, agents));
    }
    assert_eq!(answers[0], answers[1]);
    let (mut app, agents) = apps.pop().unwrap();
    app.insert_resource(Planning::Budgeted {
        expansions: u64::MAX,
    });
    for edit in 0..24 {
        if edit % 2 == 1 && !rects.is_empty() {
            let k = (draw.next() * rects.len() as f64) as usize;
            let (id, _) = rects.remove(k);
            let mut map = support::map_mut::<NavMeshMap>(&mut app);
            assert!(map.remove_obstacle(id).unwrap().is_some());
        } else {
            let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
            let Some(r) = draw.rect(&all) else { continue };
            let mut map = support::map_mut::<NavMeshMap>(&mut app);
            rects.push((map.add_obstacles([polygon(r)]).unwrap()[0], r));
        }
        app.update();
        let all: Vec<Rect> = rects.iter().map(|x| x.1).collect();
        check_nearest(&app, &all, radius, &agents);
    }
}

/// A navmesh search cannot stop halfway: a request whose search expands more than its limit
/// runs whole and gives up all the same, one within its limit is answered, in both ways of
/// planning.
#[test]
fn a_navmesh_request_over_its_limit_gives_up_after_running_whole() {
    let radius = 0.5;
    let (mut draw, rects, map) = scene(31, radius, 10);
    let requests: Vec<(PathRequest<NavMeshMap>, u64)> = (0..30)
        .map(|k| {
            let (a, b) = (draw.point(&rects, radius), draw.point(&rects, radius));
            let count = support::expansions_of(&map, (a, b), &Default::default());
            let limit = if k % 2 == 0 {
                count
            } else {
                count.saturating_sub(1)
            };
            (PathRequest::new(a, b).with_limit(limit), count)
        })
        .collect();
    for planning in [Planning::Async, Planning::Budgeted { expansions: 5 }] {
        let mut app = app(map.clone(), planning);
        let ids: Vec<Entity> = requests
            .iter()
            .map(|(r, _)| app.world_mut().spawn(r.clone()).id())
            .collect();
        run_until_answered::<NavMeshMap>(&mut app, &ids, 5_000);
        let mut given_up = 0;
        for ((request, count), &e) in requests.iter().zip(&ids) {
            let failure = app.world().get::<PathFailure>(e);
            if *count > request.limit.unwrap() {
                assert_eq!(failure, Some(&PathFailure::LimitReached));
                given_up += 1;
            } else {
                assert!(app.world().get::<PlannedPath<NavMeshMap>>(e).is_some());
            }
        }
        assert!(given_up > 5);
    }
}

/// The explored area the debug drawing shows for a navmesh map: the centres of the triangles
/// pathkit's any-angle search expanded into, none for a request with no path.
#[test]
fn a_navmesh_maps_explored_points_are_the_centres_of_the_triangles_its_search_reached() {
    use pathkit::navmesh::AnyAngleSearch;
    use pathkit_bevy::NavMap;
    let radius = 0.5;
    let (mut draw, rects, map) = scene(99, radius, 10);
    let (mut ctx, mut out) = (AnyAngleSearch::new(), Vec::new());
    for _ in 0..20 {
        let (a, b) = (draw.point(&rects, radius), draw.point(&rects, radius));
        map.explored(&mut ctx, (a, b), &Default::default(), &mut out);
        let mut own = AnyAngleSearch::new();
        let found = pathkit::Pathfinder::find_path(map.mesh(), &mut own, a, b).unwrap();
        assert!(found.is_found());
        let want: Vec<Point> = own
            .reached_triangles()
            .into_iter()
            .map(|k| {
                let t = map.mesh().triangle(k).unwrap();
                Point::new(
                    (t[0].x + t[1].x + t[2].x) / 3.0,
                    (t[0].y + t[1].y + t[2].y) / 3.0,
                )
            })
            .collect();
        assert!(!want.is_empty());
        assert_eq!(out, want);
    }
}

#[test]
fn tiles_chosen_after_edits_keep_each_obstacle_its_own() {
    use pathkit::navmesh::NavMesh;
    let p = Point::new;
    let rects: Vec<Rect> = (0..5)
        .map(|k| {
            let x = 2.0 + 7.0 * f64::from(k);
            (x, 10.0, x + 3.0, 14.0)
        })
        .collect();
    let mut map = NavMeshMap::new(0.5, p(0.0, 0.0), p(W, H)).unwrap();
    let ids = map
        .add_obstacles(rects.iter().map(|&r| polygon(r)))
        .unwrap();
    // Removed before the tiles are chosen: the obstacles left are no longer numbered 0, 1, 2...
    map.remove_obstacle(ids[1]).unwrap();
    let mut map = map.with_tiles(5.0).unwrap();
    assert_eq!(
        map.remove_obstacle(ids[3]).unwrap(),
        Some(polygon(rects[3]))
    );
    let moved = (20.0, 20.0, 23.0, 24.0);
    assert_eq!(
        map.move_obstacle(ids[4], polygon(moved)).unwrap(),
        Some(polygon(rects[4]))
    );
    let left = [rects[0], rects[2], moved];
    let fresh = NavMesh::from_obstacles(&left.map(polygon), 0.5, p(0.0, 0.0), p(W, H)).unwrap();
    for i in 0..80 {
        for j in 0..60 {
            let q = p(f64::from(i) / 2.0 + 0.25, f64::from(j) / 2.0 + 0.25);
            assert_eq!(
                map.mesh().triangle_at(q).is_some(),
                fresh.triangle_at(q).is_some(),
                "{q:?}"
            );
        }
    }
}

/// The oracle's length with off-mesh links: Dijkstra over the start, the goal and the links'
/// ends, each walk the visibility oracle's shortest path, each usable link its cost.
fn shortest_with_links(
    rects: &[Rect],
    radius: f64,
    links: &[pathkit::navmesh::OffMeshLink],
    a: Point,
    b: Point,
) -> Option<f64> {
    let mut points = vec![a, b];
    let mut hops: Vec<(usize, usize, f64)> = Vec::new();
    for l in links.iter().filter(|l| l.enabled) {
        let k = points.len();
        points.extend([l.from, l.to]);
        hops.push((k, k + 1, l.cost));
        if l.both_ways {
            hops.push((k + 1, k, l.cost));
        }
    }
    let n = points.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    while let Some(u) = (0..n)
        .filter(|&k| !done[k] && dist[k].is_finite())
        .min_by(|&x, &y| dist[x].total_cmp(&dist[y]))
    {
        if u == 1 {
            return Some(dist[1]);
        }
        done[u] = true;
        for v in 0..n {
            let walk = shortest(rects, radius, points[u], points[v]).unwrap_or(f64::INFINITY);
            let hop = hops
                .iter()
                .filter(|h| (h.0, h.1) == (u, v))
                .map(|h| h.2)
                .fold(f64::INFINITY, f64::min);
            dist[v] = dist[v].min(dist[u] + walk.min(hop));
        }
    }
    None
}

#[test]
fn links_take_agents_across_and_switching_them_re_plans() {
    use pathkit::navmesh::OffMeshLink;
    let radius = 0.5;
    let mut draw = Draw(777);
    // A wall across the map: its two halves joined by links only.
    let wall: Rect = (-2.0, 14.0, W + 2.0, 16.0);
    let mut rects = vec![wall];
    for _ in 0..6 {
        if let Some(r) = draw.rect(&rects) {
            rects.push(r);
        }
    }
    let mut map = NavMeshMap::new(radius, Point::new(0.0, 0.0), Point::new(W, H)).unwrap();
    map.add_obstacles(rects.iter().map(|&r| polygon(r)))
        .unwrap();
    let mut links = Vec::new();
    while links.len() < 4 {
        let (south, north) = (draw.point(&rects, radius), draw.point(&rects, radius));
        if south.y < 13.0 && north.y > 17.0 {
            let mut link = OffMeshLink::new(south, north, 2.0 + draw.next() * 8.0);
            if links.len() != 3 {
                link = link.both_ways();
            }
            links.push(link);
        }
    }
    let map = map.with_links(links.clone()).unwrap();
    let mut app = app(
        map,
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    let pairs: Vec<_> = (0..40)
        .map(|_| (draw.point(&rects, radius), draw.point(&rects, radius)))
        .collect();
    let agents = spawn_requests::<NavMeshMap>(&mut app, pairs);
    app.update();
    let check_all = |app: &App, rects: &[Rect], links: &[OffMeshLink]| {
        let mut crossing = 0;
        for &(e, a, b) in &agents {
            let want = shortest_with_links(rects, radius, links, a, b);
            match (app.world().get::<PlannedPath<NavMeshMap>>(e), want) {
                (Some(path), Some(best)) => {
                    assert!(
                        (path.cost - best).abs() < 1e-7 * best.max(1.0),
                        "{a:?} -> {b:?}: {} by {:?}, the oracle {best}; links {links:?}",
                        path.cost,
                        path.nodes
                    );
                    crossing += usize::from((a.y < 15.0) != (b.y < 15.0));
                }
                (None, None) => assert!(app.world().get::<PathFailure>(e).is_some()),
                (got, want) => panic!(
                    "{a:?} -> {b:?}: {:?}, the oracle {want:?}",
                    got.map(|p| p.cost)
                ),
            }
        }
        crossing
    };
    assert!(
        check_all(&app, &rects, &links) > 10,
        "too few agents cross the wall"
    );
    // Doors shut and opened, obstacles added (on a link's end, at times) and removed: every path
    // still the oracle's.
    let mut added: Vec<(ObstacleId, Rect)> = Vec::new();
    for step in 0..24 {
        match step % 4 {
            0 => {
                if let Some(r) = draw.rect(&rects) {
                    let id = support::map_mut::<NavMeshMap>(&mut app)
                        .add_obstacles([polygon(r)])
                        .unwrap()[0];
                    rects.push(r);
                    added.push((id, r));
                }
            }
            3 if !added.is_empty() => {
                let (id, r) = added.remove(0);
                support::map_mut::<NavMeshMap>(&mut app)
                    .remove_obstacle(id)
                    .unwrap();
                rects.retain(|&x| x != r);
            }
            _ => {
                let k = (draw.next() * links.len() as f64) as usize;
                let on = step % 4 == 2;
                links[k].enabled = on;
                assert!(support::map_mut::<NavMeshMap>(&mut app).set_link_enabled(k, on));
            }
        }
        app.update();
        check_all(&app, &rects, &links);
    }
    // A crate dropped on a link's entry: the link is out of use (and the paths that took it
    // are re-planned) until the crate goes.
    for (k, link) in links.iter_mut().enumerate() {
        link.enabled = true;
        support::map_mut::<NavMeshMap>(&mut app).set_link_enabled(k, true);
    }
    let end = links[0].from;
    let lid = (end.x - 0.5, end.y - 0.5, end.x + 0.5, end.y + 0.5);
    let id = support::map_mut::<NavMeshMap>(&mut app)
        .add_obstacles([polygon(lid)])
        .unwrap()[0];
    rects.push(lid);
    app.update();
    check_all(&app, &rects, &links);
    support::map_mut::<NavMeshMap>(&mut app)
        .remove_obstacle(id)
        .unwrap();
    rects.pop();
    app.update();
    check_all(&app, &rects, &links);
    let replanned = app.world().resource::<PlannerStats>().replanned;
    assert!(replanned > 0 && replanned < 40 * 26, "{replanned} re-plans");
}

/// Agents of three sizes (and one between two sizes, planning as the larger), each taking only
/// the links its mask allows, across a wall joined by links only: every path the oracle's for
/// the agent's size and links (its links those the mask allows with both ends free for that
/// size), through obstacle edits and link switches; an agent wider than every size is refused.
#[test]
fn agents_of_several_sizes_and_link_masks_get_their_own_shortest_paths() {
    use pathkit::navmesh::{OffMeshLink, ALL_AGENTS};
    use pathkit_bevy::MeshAgent;
    let sizes = [0.25, 0.5, 1.0];
    let mut draw = Draw(4711);
    let wall: Rect = (-2.0, 14.0, W + 2.0, 16.0);
    let mut rects = vec![wall];
    for _ in 0..6 {
        if let Some(r) = draw.rect(&rects) {
            rects.push(r);
        }
    }
    let mut map = NavMeshMap::new(sizes[0], Point::new(0.0, 0.0), Point::new(W, H))
        .unwrap()
        .with_agent_sizes(&sizes[1..])
        .unwrap()
        .with_tiles(8.0)
        .unwrap();
    assert_eq!(map.agent_sizes(), &sizes[..]);
    map.add_obstacles(rects.iter().map(|&r| polygon(r)))
        .unwrap();
    // Links for walkers (bit 0), for climbers (bit 1), and for everyone; ends free for every size.
    let mut links = Vec::new();
    while links.len() < 5 {
        let (south, north) = (draw.point(&rects, 1.0), draw.point(&rects, 1.0));
        if south.y < 12.0 && north.y > 18.0 {
            let mask = [0b01, 0b10, ALL_AGENTS][links.len() % 3];
            let link = OffMeshLink::new(south, north, 2.0 + draw.next() * 8.0)
                .both_ways()
                .for_agents(mask);
            links.push(link);
        }
    }
    let map = map.with_links(links.clone()).unwrap();
    let mut app = app(
        map,
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    let kinds = [
        MeshAgent::default(),
        MeshAgent::default().with_radius(0.5).with_links(0b01),
        MeshAgent::default().with_radius(0.4).with_links(0b10),
        MeshAgent::default().with_radius(1.0),
        MeshAgent::default().with_radius(1.0).with_links(0b10),
        MeshAgent::default().with_radius(0.25).with_links(0),
        MeshAgent::default().with_radius(1.0).with_links(0),
        MeshAgent::default().with_radius(0.5).with_links(0),
    ];
    let agents: Vec<(Entity, Point, Point, MeshAgent)> = (0..64)
        .map(|k| {
            let (a, b) = (draw.point(&rects, 1.0), draw.point(&rects, 1.0));
            let agent = kinds[k % kinds.len()];
            let request = PathRequest::<NavMeshMap>::new(a, b).with_rules(agent);
            (app.world_mut().spawn(request).id(), a, b, agent)
        })
        .collect();
    let too_wide = app
        .world_mut()
        .spawn(
            PathRequest::<NavMeshMap>::new(Point::new(5.0, 5.0), Point::new(6.0, 5.0))
                .with_rules(MeshAgent::default().with_radius(1.5)),
        )
        .id();
    app.update();
    assert!(matches!(
        app.world().get::<PathFailure>(too_wide),
        Some(PathFailure::Refused(_))
    ));
    let check_all = |app: &App, rects: &[Rect], links: &[OffMeshLink]| {
        let mut crossing = 0;
        for &(e, a, b, agent) in &agents {
            let radius = agent.radius.unwrap_or(sizes[0]);
            let size = sizes.iter().copied().find(|&s| s >= radius).unwrap();
            let free = |p: Point| shortest(rects, size, p, p).is_some();
            let usable: Vec<OffMeshLink> = links
                .iter()
                .filter(|l| l.mask & agent.links != 0 && free(l.from) && free(l.to))
                .copied()
                .collect();
            let want = shortest_with_links(rects, size, &usable, a, b);
            match (app.world().get::<PlannedPath<NavMeshMap>>(e), want) {
                (Some(path), Some(best)) => {
                    assert!(
                        (path.cost - best).abs() < 1e-7 * best.max(1.0),
                        "{agent:?} {a:?} -> {b:?}: {} by {:?}, the oracle {best}",
                        path.cost,
                        path.nodes
                    );
                    crossing += usize::from((a.y < 15.0) != (b.y < 15.0));
                }
                (None, None) => assert!(app.world().get::<PathFailure>(e).is_some()),
                (got, want) => panic!(
                    "{agent:?} {a:?} -> {b:?}: {:?}, the oracle {want:?}",
                    got.map(|p| p.cost)
                ),
            }
        }
        crossing
    };
    assert!(
        check_all(&app, &rects, &links) > 12,
        "too few agents cross the wall"
    );
    let mut added: Vec<(ObstacleId, Rect)> = Vec::new();
    for step in 0..24 {
        match step % 4 {
            0 => {
                if let Some(r) = draw.rect(&rects) {
                    let id = support::map_mut::<NavMeshMap>(&mut app)
                        .add_obstacles([polygon(r)])
                        .unwrap()[0];
                    rects.push(r);
                    added.push((id, r));
                }
            }
            3 if !added.is_empty() => {
                let (id, r) = added.remove(0);
                support::map_mut::<NavMeshMap>(&mut app)
                    .remove_obstacle(id)
                    .unwrap();
                rects.retain(|&x| x != r);
            }
            _ => {
                let k = (draw.next() * links.len() as f64) as usize;
                let on = step % 4 == 2;
                links[k].enabled = on;
                assert!(support::map_mut::<NavMeshMap>(&mut app).set_link_enabled(k, on));
            }
        }
        app.update();
        check_all(&app, &rects, &links);
    }
    let replanned = app.world().resource::<PlannerStats>().replanned;
    assert!(replanned > 0 && replanned < 64 * 24, "{replanned} re-plans");
}

/// Agents kept out of some areas (water, mud) among obstacles, while areas are added, moved and
/// removed and obstacles come and go: every path the oracle's with the agent's forbidden areas
/// walled (not grown: an area holds the agent's centre).
#[test]
fn agents_kept_out_of_areas_get_the_oracles_paths_as_areas_change() {
    use pathkit::navmesh::AreaFilter;
    use pathkit_bevy::MeshAgent;
    let radius = 0.5;
    let (mut draw, mut rects, map) = scene(31337, radius, 6);
    let mut app = app(
        map,
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    // Areas apart from the obstacles and each other: (id in the map, rectangle, area id).
    let mut areas: Vec<(ObstacleId, Rect, u8)> = Vec::new();
    let taken = |rects: &[Rect], areas: &[(ObstacleId, Rect, u8)]| -> Vec<Rect> {
        rects
            .iter()
            .copied()
            .chain(areas.iter().map(|a| a.1))
            .collect()
    };
    for k in 0..4 {
        if let Some(r) = draw.rect(&taken(&rects, &areas)) {
            let id = support::map_mut::<NavMeshMap>(&mut app)
                .add_area(polygon(r), 1 + k % 2)
                .unwrap();
            areas.push((id, r, 1 + k % 2));
        }
    }
    let filters = [
        AreaFilter::ALL,
        AreaFilter::ALL.without(1).unwrap(),
        AreaFilter::ALL.without(2).unwrap(),
        AreaFilter::only(&[0]).unwrap(),
    ];
    let agents: Vec<(Entity, Point, Point, AreaFilter)> = (0..40)
        .map(|k| {
            let all = taken(&rects, &areas);
            let (a, b) = (draw.point(&all, radius), draw.point(&all, radius));
            let filter = filters[k % filters.len()];
            let request = PathRequest::<NavMeshMap>::new(a, b)
                .with_rules(MeshAgent::default().with_areas(filter));
            (app.world_mut().spawn(request).id(), a, b, filter)
        })
        .collect();
    app.update();
    let check_all = |app: &App, rects: &[Rect], areas: &[(ObstacleId, Rect, u8)]| {
        let mut kept_out = 0;
        for &(e, a, b, filter) in &agents {
            let walls: Vec<Rect> = areas
                .iter()
                .filter(|(_, _, id)| !filter.allows(*id))
                .map(|x| x.1)
                .collect();
            let want = shortest_with_walls(rects, &walls, radius, a, b);
            match (app.world().get::<PlannedPath<NavMeshMap>>(e), want) {
                (Some(path), Some(best)) => {
                    assert!(
                        (path.cost - best).abs() < 1e-7 * best.max(1.0),
                        "{filter:?} {a:?} -> {b:?}: {} by {:?}, the oracle {best}",
                        path.cost,
                        path.nodes
                    );
                    let free = shortest(rects, radius, a, b).unwrap_or(f64::INFINITY);
                    kept_out += usize::from(best > free + 1e-9);
                }
                (None, None) => assert!(app.world().get::<PathFailure>(e).is_some()),
                (got, want) => panic!(
                    "{filter:?} {a:?} -> {b:?}: {:?}, the oracle {want:?}",
                    got.map(|p| p.cost)
                ),
            }
        }
        kept_out
    };
    let mut kept_out = check_all(&app, &rects, &areas);
    let mut obstacles: Vec<(ObstacleId, Rect)> = Vec::new();
    let (mut area_edits, replanned_before) = (0, app.world().resource::<PlannerStats>().replanned);
    for step in 0..30 {
        match step % 5 {
            0 | 1 => {
                if let Some(r) = draw.rect(&taken(&rects, &areas)) {
                    let id = support::map_mut::<NavMeshMap>(&mut app)
                        .add_area(polygon(r), 1 + (step % 2) as u8)
                        .unwrap();
                    areas.push((id, r, 1 + (step % 2) as u8));
                    area_edits += 1;
                }
            }
            2 if !areas.is_empty() => {
                let k = (draw.next() * areas.len() as f64) as usize;
                let others: Vec<Rect> = rects
                    .iter()
                    .copied()
                    .chain(
                        areas
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != k)
                            .map(|(_, a)| a.1),
                    )
                    .collect();
                if let Some(r) = draw.rect(&others) {
                    let old = support::map_mut::<NavMeshMap>(&mut app)
                        .move_obstacle(areas[k].0, polygon(r))
                        .unwrap();
                    assert_eq!(old, Some(polygon(areas[k].1)));
                    areas[k].1 = r;
                    area_edits += 1;
                }
            }
            3 if !areas.is_empty() => {
                let (id, r, _) = areas.remove(0);
                assert_eq!(
                    support::map_mut::<NavMeshMap>(&mut app)
                        .remove_obstacle(id)
                        .unwrap(),
                    Some(polygon(r))
                );
                area_edits += 1;
            }
            _ => {
                if let (true, Some((id, r))) = (step % 2 == 0, obstacles.pop()) {
                    support::map_mut::<NavMeshMap>(&mut app)
                        .remove_obstacle(id)
                        .unwrap();
                    rects.retain(|&x| x != r);
                } else if let Some(r) = draw.rect(&taken(&rects, &areas)) {
                    let id = support::map_mut::<NavMeshMap>(&mut app)
                        .add_obstacles([polygon(r)])
                        .unwrap()[0];
                    rects.push(r);
                    obstacles.push((id, r));
                }
            }
        }
        app.update();
        kept_out += check_all(&app, &rects, &areas);
        let listed: Vec<(ObstacleId, Polygon, u8)> = support::map_mut::<NavMeshMap>(&mut app)
            .areas()
            .map(|(id, p, a)| (id, p.clone(), a))
            .collect();
        let want: Vec<(ObstacleId, Polygon, u8)> = areas
            .iter()
            .map(|&(id, r, a)| (id, polygon(r), a))
            .collect();
        assert_eq!(listed, want);
    }
    let replanned = app.world().resource::<PlannerStats>().replanned - replanned_before;
    assert!(
        kept_out > 60 && area_edits >= 12 && replanned > 0,
        "paths longer for the areas {kept_out}, area edits {area_edits}, re-plans {replanned}"
    );
}
