//! The navigation-mesh mode of the playground (`MeshPlayground`) against an oracle that shares
//! no code with pathkit: the free space of the level for an agent of radius `r` is the box
//! shrunk by `r` among the boxes grown by `r` (mitre growth, `growth_oracle.rs`), with the
//! forbidden areas as extra walls (not grown), and the shortest route is Dijkstra over the
//! visibility graph of the start, the goal, the free corners and the links' ends, each link one
//! more edge (one way or both) costing what it was given
//! (`free_space_oracle.rs` for the segments and corners).
//!
//! With costs per area type, a route's cost is checked by walking it: each leg cut where it
//! crosses the areas' sides, each piece at its area's cost (the lesser of the two along a
//! side), each leg that is a link at the link's cost; never below the cheapest cost the agent
//! may meet times the oracle's shortest (links at their costs); the oracle's shortest scaled
//! exactly where every area the agent may enter costs the same.
//!
//! Every check drives the mode as the page does: boxes added, dragged and removed, links drawn,
//! areas painted, forbidden and priced, sizes chosen.

#[path = "../../pathkit/tests/support/free_space_oracle.rs"]
mod free_space_oracle;
#[path = "../../pathkit/tests/support/growth_oracle.rs"]
mod growth_oracle;
#[path = "../../pathkit/tests/support/visibility_oracle.rs"]
mod visibility_oracle;

use catmaze_wasm::{
    MeshPlayground, MeshRoute, Rect, AGENT_SIZES, MAX_AREA_COST, MESH_PRESET, MESH_SIDE,
    MIN_AREA_COST,
};
use free_space_oracle::{FreeSpace, P, TOUCH};

const WATER: u32 = 1;
const MUD: u32 = 2;

/// What the oracle knows of a level: the boxes, the areas (rect, id) in painting order, the
/// links (from, to, cost, both ways), the forbidden ids and the radius. Kept beside the
/// playground by the tests, never read from it.
#[derive(Clone, Debug, Default)]
struct Scene {
    boxes: Vec<(u64, Rect)>,
    areas: Vec<(u64, Rect, u32)>,
    links: Vec<(P, P, f64, bool)>,
    forbidden: Vec<u32>,
    radius: f64,
    /// Area types given a cost (others cost 1).
    costs: Vec<(u32, f64)>,
}

fn corners([x0, y0, x1, y1]: Rect) -> Vec<P> {
    let (lx, hx) = (x0.min(x1), x0.max(x1));
    let (ly, hy) = (y0.min(y1), y0.max(y1));
    vec![(lx, ly), (hx, ly), (hx, hy), (lx, hy)]
}

fn dist(a: P, b: P) -> f64 {
    (b.0 - a.0).hypot(b.1 - a.1)
}

impl Scene {
    fn preset() -> Scene {
        Scene {
            boxes: MESH_PRESET
                .iter()
                .enumerate()
                .map(|(k, r)| (k as u64, *r))
                .collect(),
            radius: AGENT_SIZES[0],
            ..Scene::default()
        }
    }

    /// The agent's free space: the box shrunk by the radius, the boxes grown by it, and the
    /// forbidden areas as walls. Tests keep areas of different types apart, so no later area
    /// uncovers part of an earlier one.
    fn space(&self) -> FreeSpace {
        let r = self.radius;
        let mut obstacles: Vec<Vec<P>> = self
            .boxes
            .iter()
            .map(|(_, b)| growth_oracle::mitre(&corners(*b), r))
            .collect();
        for (_, a, id) in &self.areas {
            if self.forbidden.contains(id) {
                obstacles.push(corners(*a));
            }
        }
        FreeSpace {
            lo: (r, r),
            hi: (MESH_SIDE - r, MESH_SIDE - r),
            obstacles,
            touch: TOUCH,
            pinches: false,
        }
    }

    /// The cheapest route's cost, walking the free space and taking the links whose two ends
    /// are free; `None` when the start or the goal is not free or nothing joins them.
    fn shortest(&self, start: P, goal: P) -> Option<f64> {
        self.shortest_walking(start, goal, 1.0)
    }

    /// As [`shortest`](Self::shortest), each unit of length walked costing `walk` (the links
    /// at their costs).
    fn shortest_walking(&self, start: P, goal: P, walk: f64) -> Option<f64> {
        let space = self.space();
        if !space.is_free(start) || !space.is_free(goal) {
            return None;
        }
        let mut nodes = vec![start, goal];
        nodes.extend(space.turning_points());
        nodes.extend([
            space.lo,
            (space.hi.0, space.lo.1),
            space.hi,
            (space.lo.0, space.hi.1),
        ]);
        // Directed link edges between node indices.
        let mut jumps: Vec<(usize, usize, f64)> = Vec::new();
        for &(from, to, cost, both) in &self.links {
            if !(space.is_free(from) && space.is_free(to)) {
                continue;
            }
            let (a, b) = (nodes.len(), nodes.len() + 1);
            nodes.extend([from, to]);
            jumps.push((a, b, cost));
            if both {
                jumps.push((b, a, cost));
            }
        }
        let n = nodes.len();
        let mut best = vec![f64::INFINITY; n];
        let mut done = vec![false; n];
        best[0] = 0.0;
        loop {
            let u = (0..n)
                .filter(|&i| !done[i] && best[i].is_finite())
                .min_by(|&i, &j| best[i].total_cmp(&best[j]))?;
            if u == 1 {
                return Some(best[1]);
            }
            done[u] = true;
            for v in 0..n {
                if !done[v] && space.segment_clear(nodes[u], nodes[v]) {
                    best[v] = best[v].min(best[u] + walk * dist(nodes[u], nodes[v]));
                }
            }
            for &(a, b, cost) in &jumps {
                if a == u && !done[b] {
                    best[b] = best[b].min(best[u] + cost);
                }
            }
        }
    }

    fn add_box(&mut self, pg: &mut MeshPlayground, rect: Rect) -> u64 {
        let key = pg.add_obstacle(rect).expect("the box is added");
        self.boxes.push((key, rect));
        key
    }

    fn add_area(&mut self, pg: &mut MeshPlayground, rect: Rect, id: u32) -> u64 {
        let key = pg.add_area(rect, id).expect("the area is painted");
        self.areas.push((key, rect, id));
        key
    }

    fn add_link(&mut self, pg: &mut MeshPlayground, from: P, to: P, factor: f64, both: bool) {
        pg.add_link([from.0, from.1], [to.0, to.1], factor, both)
            .expect("the link is drawn");
        self.links.push((from, to, factor * dist(from, to), both));
    }

    fn drag(&mut self, pg: &mut MeshPlayground, key: u64, dx: f64, dy: f64) {
        pg.move_by(key, dx, dy).expect("the drag is applied");
        for (k, r) in self.boxes.iter_mut() {
            if *k == key {
                *r = [r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy];
            }
        }
        for (k, r, _) in self.areas.iter_mut() {
            if *k == key {
                *r = [r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy];
            }
        }
    }

    fn forbid(&mut self, pg: &mut MeshPlayground, id: u32, forbidden: bool) {
        pg.set_forbidden(id, forbidden).expect("a known area type");
        self.forbidden.retain(|&a| a != id);
        if forbidden {
            self.forbidden.push(id);
        }
    }

    fn size(&mut self, pg: &mut MeshPlayground, index: u32) {
        pg.set_size(index).expect("a size offered");
        self.radius = AGENT_SIZES[index as usize];
    }

    fn set_cost(&mut self, pg: &mut MeshPlayground, id: u32, cost: f64) {
        pg.set_area_cost(id, cost).expect("a cost in range");
        self.costs.retain(|&(a, _)| a != id);
        self.costs.push((id, cost));
    }

    /// What a unit of length in area `id` costs this agent (0 is plain ground); infinite where
    /// it is forbidden.
    fn cost_of(&self, id: u32) -> f64 {
        if id != 0 && self.forbidden.contains(&id) {
            return f64::INFINITY;
        }
        self.costs
            .iter()
            .find(|&&(a, _)| a == id)
            .map_or(1.0, |&(_, c)| c)
    }

    /// The area at `p`: the last painted holding it, or 0.
    fn area_at(&self, p: P) -> u32 {
        self.areas
            .iter()
            .rev()
            .find(|(_, r, _)| {
                let c = corners(*r);
                c[0].0 < p.0 && p.0 < c[2].0 && c[0].1 < p.1 && p.1 < c[2].1
            })
            .map_or(0, |&(_, _, id)| id)
    }

    /// The least cost per unit length the agent may meet: plain ground and every area type
    /// painted and not forbidden.
    fn cheapest(&self) -> f64 {
        self.areas
            .iter()
            .map(|&(_, _, id)| self.cost_of(id))
            .fold(1.0, f64::min)
    }

    /// What walking straight from `a` to `b` costs: cut where the segment crosses an area's
    /// side, each piece at its area's cost; a piece along a side at the lesser of the areas on
    /// its two sides.
    fn walk_cost(&self, a: P, b: P) -> f64 {
        self.walk_cost_at(a, b, &|id| self.cost_of(id))
    }

    /// As [`walk_cost`](Self::walk_cost), area `id` costing `factor(id)`.
    fn walk_cost_at(&self, a: P, b: P, factor: &dyn Fn(u32) -> f64) -> f64 {
        let len = dist(a, b);
        if len == 0.0 {
            return 0.0;
        }
        let mut cuts = vec![0.0, 1.0];
        for (_, r, _) in &self.areas {
            let c = corners(*r);
            // Sides x = const and y = const.
            for (x, lo, hi) in [(c[0].0, c[0].1, c[2].1), (c[2].0, c[0].1, c[2].1)] {
                if b.0 != a.0 {
                    let t = (x - a.0) / (b.0 - a.0);
                    let y = a.1 + t * (b.1 - a.1);
                    if (0.0..=1.0).contains(&t) && lo <= y && y <= hi {
                        cuts.push(t);
                    }
                }
            }
            for (y, lo, hi) in [(c[0].1, c[0].0, c[2].0), (c[2].1, c[0].0, c[2].0)] {
                if b.1 != a.1 {
                    let t = (y - a.1) / (b.1 - a.1);
                    let x = a.0 + t * (b.0 - a.0);
                    if (0.0..=1.0).contains(&t) && lo <= x && x <= hi {
                        cuts.push(t);
                    }
                }
            }
        }
        cuts.sort_by(f64::total_cmp);
        let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
        let h = 1e-7;
        cuts.windows(2)
            .map(|c| {
                if c[1] <= c[0] {
                    return 0.0;
                }
                let mid = (c[0] + c[1]) / 2.0;
                let m = (a.0 + (b.0 - a.0) * mid, a.1 + (b.1 - a.1) * mid);
                let left = factor(self.area_at((m.0 + nx * h, m.1 + ny * h)));
                let right = factor(self.area_at((m.0 - nx * h, m.1 - ny * h)));
                left.min(right) * len * (c[1] - c[0])
            })
            .sum()
    }

    /// What walking the route costs, each leg from one end of a link to the other at the
    /// link's cost where that is cheaper than walking it (or it cannot be walked straight);
    /// the links so taken, by their place. Every other leg must be walkable.
    fn route_cost(&self, points: &[[f64; 2]]) -> (f64, Vec<usize>) {
        let space = self.space();
        let mut total = 0.0;
        let mut taken = Vec::new();
        for leg in points.windows(2) {
            let (a, b) = ((leg[0][0], leg[0][1]), (leg[1][0], leg[1][1]));
            let clear = space.segment_clear(a, b);
            let walk = if clear {
                self.walk_cost(a, b)
            } else {
                f64::INFINITY
            };
            let link = self
                .links
                .iter()
                .enumerate()
                .filter(|(_, &(from, to, _, both))| {
                    (from, to) == (a, b) || both && (to, from) == (a, b)
                })
                .min_by(|x, y| x.1 .2.total_cmp(&y.1 .2));
            match link {
                Some((k, &(_, _, cost, _))) if cost < walk => {
                    total += cost;
                    taken.push(k);
                }
                _ => {
                    assert!(clear, "the leg {a:?} -> {b:?} leaves the agent's ground");
                    total += walk;
                }
            }
        }
        (total, taken)
    }
}

/// The playground's route from `s` to `g` against the oracle's cost; the route, if any.
#[track_caller]
fn check(pg: &mut MeshPlayground, scene: &Scene, s: P, g: P) -> Option<MeshRoute> {
    let want = scene.shortest(s, g);
    let got = pg.route([s.0, s.1], [g.0, g.1]);
    match (&got, want) {
        (Ok(Some(route)), Some(want)) => {
            assert!(
                (route.cost - want).abs() <= 1e-6 * want.max(1.0),
                "{s:?} -> {g:?} at radius {}: cost {} but the oracle says {want}; route {:?}; scene {scene:?}",
                scene.radius,
                route.cost,
                route.points
            );
            assert_eq!(route.radius, scene.radius);
            // The links listed as taken and the length walked make up the cost.
            let links: f64 = route.links.iter().map(|&k| scene.links[k].2).sum();
            assert!(
                (route.walked + links - route.cost).abs() <= 1e-6 * want.max(1.0),
                "walked {} + links {links} is not the cost {}; taken {:?}",
                route.walked,
                route.cost,
                route.links
            );
            assert_eq!(route.points.first(), Some(&[s.0, s.1]));
            assert_eq!(route.points.last(), Some(&[g.0, g.1]));
        }
        (Ok(None), None) => {}
        (Err(e), None) => {
            // Refused only when an end is not on the agent's ground.
            assert_eq!(e.code(), "navmesh", "{e}");
            let space = scene.space();
            assert!(
                !space.is_free(s) || !space.is_free(g),
                "refused ({e}) though both ends are free"
            );
        }
        _ => panic!(
            "{s:?} -> {g:?} at radius {}: the playground says {got:?}, the oracle {want:?}; scene {scene:?}",
            scene.radius
        ),
    }
    got.ok().flatten()
}

/// How much dearer than another real walk a route over differing costs may be: the library
/// measures its answers among random areas at most 1 % above the oracle's shortest path priced
/// as it walks (`navmesh_area_costs.rs`, "the shortest path priced is at least 0.99 of the
/// answer").
const NEAR: f64 = 1.01;

/// The playground's route from `s` to `g` with costs set: its cost is what walking it costs,
/// never below the cheapest cost times the oracle's shortest (links at their costs), and, when
/// `one_cost` gives the cost of every area the agent may enter, exactly that times the
/// oracle's shortest. The route, if any.
#[track_caller]
fn check_costs(
    pg: &mut MeshPlayground,
    scene: &Scene,
    s: P,
    g: P,
    one_cost: Option<f64>,
) -> Option<MeshRoute> {
    let cheapest = scene.cheapest();
    let lowest = scene.shortest_walking(s, g, cheapest);
    let got = pg.route([s.0, s.1], [g.0, g.1]);
    match (&got, lowest) {
        (Ok(Some(route)), Some(lowest)) => {
            let scale = route.cost.max(1.0);
            let (walked, taken) = scene.route_cost(&route.points);
            assert!(
                (walked - route.cost).abs() <= 1e-7 * scale,
                "{s:?} -> {g:?}: the route costs {walked} to walk, not {}; route {:?}; scene {scene:?}",
                route.cost,
                route.points
            );
            assert_eq!(route.links, taken, "the links taken; scene {scene:?}");
            assert!(
                route.cost >= lowest - 1e-9 * scale,
                "{s:?} -> {g:?}: {} is below {cheapest} x the shortest ({lowest}); scene {scene:?}",
                route.cost
            );
            if let Some(c) = one_cost {
                let want = scene.shortest_walking(s, g, c).unwrap();
                assert!(
                    (route.cost - want).abs() <= 1e-9 * scale,
                    "{s:?} -> {g:?}: every area at {c}, so {} should be {want}",
                    route.cost
                );
                assert!(!route.near_cheapest);
            }
            let length: f64 = route
                .points
                .windows(2)
                .map(|l| dist((l[0][0], l[0][1]), (l[1][0], l[1][1])))
                .sum();
            let hopped: f64 = taken
                .iter()
                .map(|&k| dist(scene.links[k].0, scene.links[k].1))
                .sum();
            assert!((route.walked - (length - hopped)).abs() <= 1e-9 * length.max(1.0));
            assert_eq!(route.points.first(), Some(&[s.0, s.1]));
            assert_eq!(route.points.last(), Some(&[g.0, g.1]));
        }
        (Ok(None), None) => {}
        (Err(e), None) => {
            assert_eq!(e.code(), "navmesh", "{e}");
            let space = scene.space();
            assert!(!space.is_free(s) || !space.is_free(g), "refused ({e})");
        }
        _ => panic!(
            "{s:?} -> {g:?}: the playground says {got:?}, the oracle {lowest:?}; scene {scene:?}"
        ),
    }
    got.ok().flatten()
}

/// The length of the route's legs inside area `id` (not along its sides).
fn length_in(scene: &Scene, points: &[[f64; 2]], id: u32) -> f64 {
    let inside = |a: u32| if a == id { 1.0 } else { 0.0 };
    points
        .windows(2)
        .map(|l| scene.walk_cost_at((l[0][0], l[0][1]), (l[1][0], l[1][1]), &inside))
        .sum()
}

const WEST: P = (2.37, 16.1);
const EAST: P = (29.61, 16.2);

#[test]
fn the_preset_is_routed_optimally_for_every_size_and_the_large_agent_goes_round_the_gap() {
    let mut pg = MeshPlayground::preset();
    let mut scene = Scene::preset();
    let mut costs = Vec::new();
    let mut counts = Vec::new();
    for k in 0..AGENT_SIZES.len() as u32 {
        scene.size(&mut pg, k);
        let route = check(&mut pg, &scene, WEST, EAST).expect("a route for every size");
        costs.push(route.cost);
        let picture = pg.picture(usize::MAX).unwrap();
        assert_eq!(picture.radius, AGENT_SIZES[k as usize]);
        assert_eq!(picture.triangles.len(), picture.count);
        counts.push(picture.count);
        check(&mut pg, &scene, (3.3, 2.2), (28.9, 29.4));
        check(&mut pg, &scene, (11.6, 20.2), (20.1, 3.4));
    }
    // The small and medium agents pass between the two middle boxes (2 apart); the large one
    // goes round below them, further.
    assert!(costs[2] > costs[1] + 1.0, "{costs:?}");
    // Each size has its own mesh.
    assert_ne!(counts[0], counts[2], "{counts:?}");
    // Fewer triangles asked for: fewer drawn, the count still whole.
    let picture = pg.picture(5).unwrap();
    assert_eq!((picture.triangles.len(), picture.areas.len()), (5, 5));
    assert!(picture.count > 5);
}

#[test]
fn a_box_dragged_into_the_gap_and_out_again_changes_the_route_as_the_oracle_says() {
    let mut pg = MeshPlayground::preset();
    let mut scene = Scene::preset();
    // The large agent's mesh built now, before the edits: they are applied to it too.
    scene.size(&mut pg, 2);
    let large = check(&mut pg, &scene, WEST, EAST).unwrap().cost;
    scene.size(&mut pg, 0);
    let before = check(&mut pg, &scene, WEST, EAST).unwrap().cost;
    // A new box, dragged in three steps into the gap between the middle boxes.
    let key = scene.add_box(&mut pg, [2.0, 27.0, 4.0, 29.0]);
    check(&mut pg, &scene, WEST, EAST);
    for (dx, dy) in [(4.0, -3.0), (6.0, -4.0), (3.0, -5.0)] {
        scene.drag(&mut pg, key, dx, dy);
        check(&mut pg, &scene, WEST, EAST);
        check(&mut pg, &scene, (3.3, 2.2), (28.9, 29.4));
    }
    assert_eq!(pg.info().obstacles.last().unwrap().points[0], [15.0, 15.0]);
    let blocked = check(&mut pg, &scene, WEST, EAST).unwrap().cost;
    assert!(blocked > before + 1.0, "{blocked} vs {before}");
    // A preset box dragged instead: the lower middle one down, out of the way.
    scene.drag(&mut pg, 1, 0.0, -2.5);
    check(&mut pg, &scene, WEST, EAST);
    // The new box removed: the gap is open again.
    pg.remove(key).unwrap();
    scene.boxes.retain(|(k, _)| *k != key);
    let open = check(&mut pg, &scene, WEST, EAST).unwrap().cost;
    assert!(open < blocked);
    // Every size's mesh followed the edits (the small and large ones built before them, the
    // medium one now).
    for k in 0..AGENT_SIZES.len() as u32 {
        scene.size(&mut pg, k);
        check(&mut pg, &scene, WEST, EAST);
        check(&mut pg, &scene, (3.3, 2.2), (28.9, 29.4));
    }
    // The lower middle box moved down 2.5 widens the gap to 4.5: the large agent (3 wide) now
    // goes through it instead of round below.
    let after = check(&mut pg, &scene, WEST, EAST).unwrap().cost;
    assert!(after < large - 10.0, "{after} vs {large}");
}

#[test]
fn links_are_taken_where_they_pay_in_their_direction_only_unless_both_ways() {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[0],
        ..Scene::default()
    };
    // A wall across the level with a door at the top.
    scene.add_box(&mut pg, [15.0, 0.0, 17.0, 28.0]);
    let (s, g) = ((5.3, 4.1), (27.2, 4.4));
    let walk = check(&mut pg, &scene, s, g).unwrap();
    assert!(walk.links.is_empty());
    // A one-way jump over the wall, west to east, at its straight length.
    scene.add_link(&mut pg, (13.6, 4.3), (18.7, 4.2), 1.0, false);
    let jump = check(&mut pg, &scene, s, g).unwrap();
    assert!(
        jump.cost < walk.cost - 10.0,
        "{} vs {}",
        jump.cost,
        walk.cost
    );
    assert_eq!(jump.links, vec![0]);
    // Walked: all but the jump, whose cost is its length here.
    let jump_length = dist((13.6, 4.3), (18.7, 4.2));
    assert!((jump.walked - (jump.cost - jump_length)).abs() < 1e-9);
    assert!((walk.walked - walk.cost).abs() < 1e-9);
    assert!(jump.points.contains(&[13.6, 4.3]) && jump.points.contains(&[18.7, 4.2]));
    // Not back east to west.
    let back = check(&mut pg, &scene, g, s).unwrap();
    assert!(back.links.is_empty());
    assert!((back.cost - walk.cost).abs() < 1e-9);
    // A costly link both ways: taken back only while it pays.
    scene.add_link(&mut pg, (19.1, 8.2), (12.9, 8.4), 3.0, true);
    let back = check(&mut pg, &scene, g, s).unwrap();
    assert_eq!(back.links, vec![1]);
    check(&mut pg, &scene, (12.0, 30.0), (20.0, 31.0));
    scene.links.pop();
    pg.remove_link(1).unwrap();
    let back = check(&mut pg, &scene, g, s).unwrap();
    assert!(back.links.is_empty());
    // A link ending inside the wall is left out, and said so.
    scene.add_link(&mut pg, (10.4, 20.5), (16.0, 20.5), 0.5, true);
    let route = check(&mut pg, &scene, s, g).unwrap();
    assert_eq!(route.off_mesh, vec![1]);
    // For the large agent the jump's west end is too near the wall (1.4 from it): off its mesh.
    scene.size(&mut pg, 2);
    let large = check(&mut pg, &scene, s, g).unwrap();
    assert_eq!(large.off_mesh, vec![0, 1]);
}

#[test]
fn a_forbidden_area_is_walked_round_or_closes_the_way_and_allowed_again_changes_nothing() {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[1],
        ..Scene::default()
    };
    scene.size(&mut pg, 1);
    let (s, g) = ((3.2, 16.3), (28.7, 15.8));
    let open = check(&mut pg, &scene, s, g).unwrap().cost;
    // Water across the middle, leaving a dry way at the top; mud elsewhere.
    scene.add_area(&mut pg, [12.0, 0.0, 20.0, 24.0], WATER);
    scene.add_area(&mut pg, [2.0, 26.0, 8.0, 30.0], MUD);
    let wading = check(&mut pg, &scene, s, g).unwrap().cost;
    assert!(
        (wading - open).abs() < 1e-9,
        "areas at 1 cost what plain ground costs"
    );
    scene.forbid(&mut pg, WATER, true);
    let dry = check(&mut pg, &scene, s, g).unwrap().cost;
    assert!(dry > open + 5.0, "{dry} vs {open}");
    // Mud forbidden as well does not touch this route.
    scene.forbid(&mut pg, MUD, true);
    check(&mut pg, &scene, s, g);
    // A start in forbidden water is refused, with a message.
    let e = pg.route([15.5, 10.5], [g.0, g.1]).unwrap_err();
    assert_eq!(e.code(), "navmesh");
    check(&mut pg, &scene, (15.5, 10.5), g);
    // More water painted above, half off the level, then dragged down over the dry way: the
    // way closes.
    let water = scene.areas[0].0;
    let more = scene.add_area(&mut pg, [12.0, 28.0, 20.0, 38.0], WATER);
    check(&mut pg, &scene, s, g).expect("the dry way is still open");
    scene.drag(&mut pg, more, 0.0, -5.0);
    assert!(check(&mut pg, &scene, s, g).is_none());
    // A link over it opens it again.
    scene.add_link(&mut pg, (10.5, 16.1), (21.5, 16.2), 1.5, false);
    let linked = check(&mut pg, &scene, s, g).unwrap();
    assert_eq!(linked.links, vec![0]);
    // Water allowed: straight across.
    scene.forbid(&mut pg, WATER, false);
    let wet = check(&mut pg, &scene, s, g).unwrap().cost;
    assert!((wet - open).abs() < 1e-9);
    // The area removed: its key is gone.
    pg.remove(water).unwrap();
    scene.areas.remove(0);
    assert!(pg.info().areas.iter().all(|a| a.key != water));
    check(&mut pg, &scene, s, g);
}

/// A small generator for the random levels (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `[lo, hi)` on a lattice of quarters.
    fn quarter(&mut self, lo: f64, hi: f64) -> f64 {
        let steps = ((hi - lo) * 4.0) as u64;
        lo + (self.next() % steps) as f64 / 4.0
    }

    /// A point off the quarter lattice, so that no query lands on a side.
    fn point(&mut self) -> P {
        (
            self.quarter(0.5, 31.5) + 0.113,
            self.quarter(0.5, 31.5) + 0.071,
        )
    }

    /// A box on the quarter lattice moved by `offset` both ways: boxes given different
    /// offsets never have sides exactly `2r` apart, so no two grown boxes (or a grown box and
    /// the shrunk level) touch along a side, leaving a corridor of no width that the oracle
    /// would walk and the mesh rightly does not.
    fn rect(&mut self, offset: f64) -> Rect {
        let (x, y) = (self.quarter(0.0, 29.0), self.quarter(0.0, 29.0));
        let (w, h) = (self.quarter(0.5, 6.0), self.quarter(0.5, 6.0));
        [x + offset, y + offset, x + w + offset, y + h + offset]
    }
}

fn overlap(a: Rect, b: Rect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// A random level: `boxes` boxes, up to `areas` areas (those of different types kept apart, see
/// `Scene::space`) and two links, each shape offset a little from the last so that no two
/// grown boxes meet along a side; with the number of shapes made, to go on offsetting from.
fn random_level(rng: &mut Rng, boxes: usize, areas: usize) -> (MeshPlayground, Scene, f64) {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[0],
        ..Scene::default()
    };
    let mut shapes = 0.0;
    let mut offset = || {
        shapes += 1.0;
        0.0137 * shapes
    };
    for _ in 0..boxes {
        let r = rng.rect(offset());
        scene.add_box(&mut pg, r);
    }
    for _ in 0..areas {
        let r = rng.rect(offset());
        let id = 1 + (rng.next() % 2) as u32;
        if scene
            .areas
            .iter()
            .all(|(_, a, i)| *i == id || !overlap(*a, r))
        {
            scene.add_area(&mut pg, r, id);
        }
    }
    for _ in 0..2 {
        let (a, b) = (rng.point(), rng.point());
        let factor = [0.2, 1.0, 2.5][(rng.next() % 3) as usize];
        scene.add_link(&mut pg, a, b, factor, rng.next().is_multiple_of(2));
    }
    (pg, scene, shapes)
}

#[test]
fn random_levels_edited_step_by_step_match_the_oracle() {
    for seed in 1..=12u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (mut pg, mut scene, mut shapes) = random_level(&mut rng, 5, 4);
        let mut offset = || {
            shapes += 1.0;
            0.0137 * shapes
        };
        for step in 0..6 {
            match rng.next() % 5 {
                0 => {
                    let k = (rng.next() % AGENT_SIZES.len() as u64) as u32;
                    scene.size(&mut pg, k);
                }
                1 => {
                    let id = 1 + (rng.next() % 2) as u32;
                    let on = !scene.forbidden.contains(&id);
                    scene.forbid(&mut pg, id, on);
                }
                2 if !scene.boxes.is_empty() => {
                    let k = scene.boxes[(rng.next() % scene.boxes.len() as u64) as usize].0;
                    let (dx, dy) = (rng.quarter(-4.0, 4.0), rng.quarter(-4.0, 4.0));
                    let old = scene.boxes.iter().find(|(key, _)| *key == k).unwrap().1;
                    let moved = [old[0] + dx, old[1] + dy, old[2] + dx, old[3] + dy];
                    if moved[2] > 0.0 && moved[3] > 0.0 && moved[0] < 32.0 && moved[1] < 32.0 {
                        scene.drag(&mut pg, k, dx, dy);
                    }
                }
                3 if !scene.boxes.is_empty() => {
                    let i = (rng.next() % scene.boxes.len() as u64) as usize;
                    let (k, _) = scene.boxes.remove(i);
                    pg.remove(k).unwrap();
                }
                _ => {
                    let r = rng.rect(offset());
                    scene.add_box(&mut pg, r);
                }
            }
            for _ in 0..3 {
                let (s, g) = (rng.point(), rng.point());
                check(&mut pg, &scene, s, g);
            }
            let _ = step;
        }
    }
}

#[test]
fn bad_input_is_a_typed_error_and_changes_nothing() {
    let mut pg = MeshPlayground::preset();
    let before = pg.info();
    let code = |e: catmaze_wasm::PlaygroundError| e.code();
    assert_eq!(code(pg.set_size(3).unwrap_err()), "no-agent-size");
    assert_eq!(code(pg.set_size(u32::MAX).unwrap_err()), "no-agent-size");
    assert_eq!(code(pg.set_forbidden(0, true).unwrap_err()), "area-type");
    assert_eq!(code(pg.set_forbidden(300, true).unwrap_err()), "area-type");
    assert_eq!(
        code(pg.add_area([1.0, 1.0, 3.0, 3.0], 7).unwrap_err()),
        "area-type"
    );
    assert_eq!(
        code(pg.add_area([1.0, 1.0, 3.0, 3.0], 256).unwrap_err()),
        "area-type"
    );
    assert_eq!(
        code(pg.add_obstacle([1.0, 1.0, 1.0, 3.0]).unwrap_err()),
        "empty-shape"
    );
    assert_eq!(
        code(pg.add_obstacle([f64::NAN, 1.0, 2.0, 3.0]).unwrap_err()),
        "empty-shape"
    );
    assert_eq!(
        code(pg.add_obstacle([40.0, 1.0, 42.0, 3.0]).unwrap_err()),
        "outside-level"
    );
    assert_eq!(code(pg.move_by(99, 1.0, 1.0).unwrap_err()), "no-shape");
    assert_eq!(
        code(pg.move_by(0, 100.0, 0.0).unwrap_err()),
        "outside-level"
    );
    assert_eq!(
        code(pg.move_by(0, f64::INFINITY, 0.0).unwrap_err()),
        "empty-shape"
    );
    assert_eq!(code(pg.remove(u64::MAX).unwrap_err()), "no-shape");
    assert_eq!(code(pg.remove_link(0).unwrap_err()), "no-link");
    assert_eq!(
        code(pg.add_link([1.0, 1.0], [1.0, 1.0], 1.0, false).unwrap_err()),
        "link-ends"
    );
    assert_eq!(
        code(
            pg.add_link([1.0, 1.0], [-3.0, 1.0], 1.0, false)
                .unwrap_err()
        ),
        "link-ends"
    );
    assert_eq!(
        code(
            pg.add_link([1.0, 1.0], [3.0, 1.0], -1.0, false)
                .unwrap_err()
        ),
        "link-factor"
    );
    assert_eq!(
        code(
            pg.add_link([1.0, 1.0], [3.0, 1.0], f64::NAN, true)
                .unwrap_err()
        ),
        "link-factor"
    );
    assert_eq!(pg.info(), before);
    // Starts inside a box, off the level, or not numbers: refused with a message.
    for (s, g) in [
        ([8.0, 8.0], [30.0, 16.0]),
        ([2.0, 16.0], [-5.0, 16.0]),
        ([f64::NAN, 16.0], [30.0, 16.0]),
        ([2.0, 16.0], [30.0, f64::INFINITY]),
        ([0.1, 0.1], [30.0, 16.0]), // nearer the edge than the agent's radius
    ] {
        let e = pg.route(s, g).unwrap_err();
        assert_eq!(e.code(), "navmesh");
        assert!(!e.to_string().is_empty());
    }
    // As JSON: found false, no route, the error's code and message.
    let answer = catmaze_wasm::RouteAnswer::from(pg.route([8.0, 8.0], [30.0, 16.0]));
    let json = serde_json::to_value(&answer).unwrap();
    assert_eq!(json["found"], false);
    assert!(json["route"].is_null());
    assert_eq!(json["error"]["code"], "navmesh");
}

#[test]
fn the_pointer_picks_the_topmost_box_then_an_area_and_the_drag_moves_that_one() {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[0],
        ..Scene::default()
    };
    let pond = scene.add_area(&mut pg, [2.0, 2.0, 12.0, 12.0], WATER);
    let lower = scene.add_box(&mut pg, [4.0, 4.0, 8.0, 8.0]);
    let upper = scene.add_box(&mut pg, [6.0, 6.0, 10.0, 10.0]);
    assert_eq!(
        pg.pick(7.0, 7.0),
        Some(upper),
        "where the boxes overlap, the later one"
    );
    assert_eq!(pg.pick(5.0, 5.0), Some(lower));
    assert_eq!(pg.pick(11.0, 3.0), Some(pond), "no box there: the area");
    assert_eq!(pg.pick(20.0, 20.0), None);
    // The box picked is the one dragged; the other stays, and the routes follow.
    let key = pg.pick(7.0, 7.0).unwrap();
    scene.drag(&mut pg, key, 10.0, 0.0);
    let info = pg.info();
    let corners_of = |k: u64| {
        info.obstacles
            .iter()
            .find(|o| o.key == k)
            .map(|o| o.points[0])
    };
    assert_eq!(corners_of(lower), Some([4.0, 4.0]));
    assert_eq!(corners_of(upper), Some([16.0, 6.0]));
    for (s, g) in [((1.1, 7.1), (30.2, 8.3)), ((7.2, 1.3), (17.9, 28.4))] {
        check(&mut pg, &scene, s, g);
    }
    // The area dragged likewise.
    scene.drag(&mut pg, pond, 0.0, 15.0);
    assert_eq!(pg.pick(11.0, 3.0), None);
    assert_eq!(pg.pick(11.0, 18.0), Some(pond));
    scene.forbid(&mut pg, WATER, true);
    check(&mut pg, &scene, (1.1, 20.1), (30.2, 21.3));
}

#[test]
fn with_every_area_at_one_cost_the_route_is_that_cost_times_the_shortest_exactly() {
    let mut pg = MeshPlayground::preset();
    let mut scene = Scene::preset();
    // The whole level painted: mud to the west, water to the east (no plain ground left).
    scene.add_area(&mut pg, [0.0, 0.0, 16.0, 32.0], MUD);
    scene.add_area(&mut pg, [16.0, 0.0, 32.0, 32.0], WATER);
    let queries = [
        (WEST, EAST),
        ((3.3, 2.2), (28.9, 29.4)),
        ((11.6, 20.2), (20.1, 3.4)),
    ];
    for c in [MIN_AREA_COST, 0.6, 2.5, MAX_AREA_COST] {
        scene.set_cost(&mut pg, MUD, c);
        scene.set_cost(&mut pg, WATER, c);
        for (s, g) in queries {
            let route = check_costs(&mut pg, &scene, s, g, Some(c)).expect("a route");
            let shortest = scene.shortest(s, g).unwrap();
            assert!((route.cost - c * shortest).abs() <= 1e-9 * route.cost.max(1.0));
            assert!(
                (route.walked - shortest).abs() <= 1e-9 * shortest,
                "no links: all walked"
            );
        }
    }
    // A link over the middle boxes: walks at c, the link at its own cost.
    scene.add_link(&mut pg, (13.1, 9.2), (19.4, 9.3), 0.5, true);
    for c in [MIN_AREA_COST, 3.0] {
        scene.set_cost(&mut pg, MUD, c);
        scene.set_cost(&mut pg, WATER, c);
        for (s, g) in queries {
            check_costs(&mut pg, &scene, s, g, Some(c));
        }
    }
    // The agent kept out of the water: only mud left to walk, at its cost.
    scene.forbid(&mut pg, WATER, true);
    scene.set_cost(&mut pg, WATER, 4.0);
    scene.set_cost(&mut pg, MUD, 1.5);
    for (s, g) in [((3.3, 2.2), (12.9, 29.4)), ((2.4, 16.1), (13.0, 31.0))] {
        check_costs(&mut pg, &scene, s, g, Some(1.5));
    }
    // Allowed again, at another cost: near the cheapest, and said so.
    scene.forbid(&mut pg, WATER, false);
    let route = check_costs(&mut pg, &scene, WEST, EAST, None).unwrap();
    assert!(route.near_cheapest);
}

#[test]
fn dear_mud_is_walked_round_and_the_route_is_no_dearer_than_the_old_one_priced() {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[0],
        ..Scene::default()
    };
    // A strip of mud across the way, with dry ground above and below it.
    scene.add_area(&mut pg, [14.0, 4.0, 18.0, 28.0], MUD);
    let (s, g) = ((5.1, 16.05), (27.2, 15.9));
    let old = check_costs(&mut pg, &scene, s, g, Some(1.0)).unwrap();
    assert!(!old.near_cheapest);
    let crossed = length_in(&scene, &old.points, MUD);
    assert!(crossed > 3.9, "at 1 the route crosses the mud: {crossed}");
    // Mud at 5: the old route priced, and the way round (the route with mud forbidden),
    // priced likewise.
    scene.set_cost(&mut pg, MUD, 5.0);
    let priced_old = scene.route_cost(&old.points).0;
    let mut dry = scene.clone();
    dry.forbidden.push(MUD);
    let round = dry.shortest(s, g).unwrap();
    assert!(round < priced_old - 1.0, "{round} vs {priced_old}");
    let dear = check_costs(&mut pg, &scene, s, g, None).unwrap();
    eprintln!(
        "mud at 5: {} against the old route priced {priced_old} and the way round {round}",
        dear.cost
    );
    assert!(dear.near_cheapest);
    assert!(
        dear.cost <= NEAR * priced_old && dear.cost <= NEAR * round,
        "{} against the old route priced {priced_old} and the way round {round}",
        dear.cost
    );
    assert!(dear.cost > old.cost, "the mud made the way dearer");
    let through = length_in(&scene, &dear.points, MUD);
    assert!(
        through < 0.5,
        "at 5 the route goes round the mud: {through} in it"
    );
    assert!(
        dear.walked > old.walked + 1.0,
        "{} vs {}",
        dear.walked,
        old.walked
    );
    // The other way, and from inside the mud (it pays to get out), the same rules.
    check_costs(&mut pg, &scene, g, s, None);
    let out = check_costs(&mut pg, &scene, (16.1, 15.2), g, None).unwrap();
    assert!(
        out.cost >= 5.0 * 1.9 - 1e-9,
        "at least 1.9 of mud to the nearest side"
    );
    // Mud made cheap: the route seeks it out, never below a quarter of the shortest.
    scene.set_cost(&mut pg, MUD, MIN_AREA_COST);
    let cheap = check_costs(&mut pg, &scene, (15.0, 1.0), (17.0, 31.0), None).unwrap();
    let straight = dist((15.0, 1.0), (17.0, 31.0));
    let priced_straight = scene.walk_cost((15.0, 1.0), (17.0, 31.0));
    assert!(cheap.cost <= NEAR * priced_straight);
    assert!(cheap.cost < straight);
    // A link over the strip, dearer than its length: taken at 5 where walking round costs
    // more, priced into the cost.
    scene.set_cost(&mut pg, MUD, 5.0);
    scene.add_link(&mut pg, (13.0, 16.0), (19.0, 16.0), 1.5, false);
    let linked = check_costs(&mut pg, &scene, s, g, None).unwrap();
    assert_eq!(linked.links, vec![0]);
    assert!(
        linked.cost < dear.cost - 1.0,
        "{} vs {}",
        linked.cost,
        dear.cost
    );
    // Across an area of water at 3 and mud at 5, random queries: every route costs what
    // walking it costs.
    scene.add_area(&mut pg, [20.0, 2.0, 26.0, 12.0], WATER);
    scene.set_cost(&mut pg, WATER, 3.0);
    let mut rng = Rng(0x5EED_CAFE);
    for _ in 0..12 {
        let (a, b) = (rng.point(), rng.point());
        check_costs(&mut pg, &scene, a, b, None);
    }
}

#[test]
fn random_levels_with_area_costs_cost_what_walking_their_routes_costs() {
    let prices = [MIN_AREA_COST, 0.5, 1.0, 2.0, 3.5, MAX_AREA_COST];
    let (mut found, mut near, mut linked) = (0, 0, 0);
    for seed in 1..=8u64 {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let (mut pg, mut scene, _) = random_level(&mut rng, 4, 5);
        for _ in 0..4 {
            for id in [WATER, MUD] {
                let c = prices[(rng.next() % prices.len() as u64) as usize];
                scene.set_cost(&mut pg, id, c);
            }
            match rng.next() % 3 {
                0 => {
                    let k = (rng.next() % AGENT_SIZES.len() as u64) as u32;
                    scene.size(&mut pg, k);
                }
                1 => {
                    let id = 1 + (rng.next() % 2) as u32;
                    let on = !scene.forbidden.contains(&id);
                    scene.forbid(&mut pg, id, on);
                }
                _ => {}
            }
            for _ in 0..3 {
                let (s, g) = (rng.point(), rng.point());
                if let Some(route) = check_costs(&mut pg, &scene, s, g, None) {
                    found += 1;
                    near += usize::from(route.near_cheapest);
                    linked += usize::from(!route.links.is_empty());
                }
            }
        }
    }
    eprintln!("{found} routes, {near} near the cheapest, {linked} taking links");
    assert!(
        found >= 50 && near >= 30 && linked >= 5,
        "{found} {near} {linked}"
    );
}

#[test]
fn bad_area_costs_are_a_typed_error_and_change_nothing() {
    let mut pg = MeshPlayground::preset();
    pg.add_area([12.0, 0.0, 20.0, 32.0], WATER).unwrap();
    pg.set_area_cost(WATER, 2.0).unwrap();
    let before = pg.info();
    let route = pg.route([2.0, 16.0], [30.0, 16.0]).unwrap().unwrap();
    for cost in [
        0.0,
        -1.0,
        MIN_AREA_COST * 0.99,
        MAX_AREA_COST * 1.01,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ] {
        let e = pg.set_area_cost(WATER, cost).unwrap_err();
        assert_eq!(e.code(), "area-cost", "{cost}");
        assert!(e.to_string().contains("from 0.25 to 5"), "{e}");
    }
    // Plain ground (0) and unknown types are no area type the page prices.
    for id in [0, 3, 256, u32::MAX] {
        assert_eq!(pg.set_area_cost(id, 2.0).unwrap_err().code(), "area-type");
    }
    assert_eq!(pg.info(), before);
    assert_eq!(pg.route([2.0, 16.0], [30.0, 16.0]).unwrap().unwrap(), route);
    // The ends of the range are accepted, and shown.
    pg.set_area_cost(MUD, MIN_AREA_COST).unwrap();
    pg.set_area_cost(WATER, MAX_AREA_COST).unwrap();
    let info = pg.info();
    let costs: Vec<(u8, f64)> = info.area_types.iter().map(|a| (a.id, a.cost)).collect();
    assert_eq!(costs, vec![(1, MAX_AREA_COST), (2, MIN_AREA_COST)]);
    assert_eq!(info.cost_range, [MIN_AREA_COST, MAX_AREA_COST]);
}

#[test]
fn a_link_along_an_areas_side_is_not_counted_taken_where_walking_the_side_is_cheaper() {
    let mut pg = MeshPlayground::empty();
    let mut scene = Scene {
        radius: AGENT_SIZES[0],
        ..Scene::default()
    };
    // Dear mud below the line y = 10, plain ground above; a link along the line, at twice its
    // length: walking the side costs the lesser of the two sides', 1 a unit, so the link does
    // not pay.
    scene.add_area(&mut pg, [10.0, 2.0, 20.0, 10.0], MUD);
    scene.set_cost(&mut pg, MUD, 5.0);
    let (a, b) = ((12.5, 10.0), (15.5, 10.0));
    scene.add_link(&mut pg, a, b, 2.0, true);
    for (s, g) in [(a, b), (b, a)] {
        let route = check_costs(&mut pg, &scene, s, g, None).unwrap();
        assert!(route.links.is_empty(), "{:?}", route.links);
        assert!((route.cost - 3.0).abs() < 1e-9, "{}", route.cost);
        assert!((route.walked - 3.0).abs() < 1e-9, "{}", route.walked);
    }
    // Mud cheaper than the link still: walked, at 1. The link made cheap: taken.
    scene.links.clear();
    pg.remove_link(0).unwrap();
    scene.add_link(&mut pg, a, b, 0.5, false);
    let route = check_costs(&mut pg, &scene, a, b, None).unwrap();
    assert_eq!(route.links, vec![0]);
    assert!((route.cost - 1.5).abs() < 1e-9 && route.walked == 0.0);
}
