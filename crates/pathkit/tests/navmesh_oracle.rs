//! Optimal any-angle search on navigation meshes against the visibility-graph oracle
//! (`support/visibility_oracle.rs`): on random grids turned into meshes and on random polygon
//! obstacles, with starts and goals inside cells, on edges, on corners, in one-cell corridors and
//! in places the other cannot reach. The lengths agree to 1e-9 (relative) and every path the
//! mesh returns is checked by the oracle's own segment test.

use crate::support::visibility_oracle::{shortest_path, GridWorld, PolygonWorld};
use pathkit::geometry::{Point, Polygon};
use pathkit::grid::Grid;
use pathkit::navmesh::{AnyAngleSearch, NavMesh};
use pathkit::Pathfinder;

/// A small deterministic generator (SplitMix64), so a failing case is named by its seed.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn agree(expected: Option<f64>, found: Option<f64>) -> bool {
    match (expected, found) {
        (None, None) => true,
        (Some(e), Some(f)) => (e - f).abs() <= 1e-9 * e.max(1.0),
        _ => false,
    }
}

fn picture(world: &GridWorld) -> String {
    let mut s = String::new();
    for y in 0..world.height {
        for x in 0..world.width {
            s.push(if world.is_blocked(x, y) { '#' } else { '.' });
        }
        s.push('\n');
    }
    s
}

/// A random walkable point of the grid world (doubled coordinates): a cell centre, an edge
/// midpoint or a lattice point.
fn grid_point(world: &GridWorld, rng: &mut Rng) -> Option<(i64, i64)> {
    for _ in 0..200 {
        let x = rng.below(2 * world.width as u64 + 1) as i64;
        let y = rng.below(2 * world.height as u64 + 1) as i64;
        if world.is_walkable((x, y)) {
            return Some((x, y));
        }
    }
    None
}

fn to_point((x, y): (i64, i64)) -> Point {
    Point::new(x as f64 / 2.0, y as f64 / 2.0)
}

#[test]
fn any_angle_paths_on_grid_meshes_are_as_short_as_the_visibility_graph_says() {
    let mut search = AnyAngleSearch::new();
    let mut compared = (0, 0); // (found, unreachable)
    for seed in 0..6_000u64 {
        let mut rng = Rng(seed);
        let (w, h) = (1 + rng.below(10) as i64, 1 + rng.below(10) as i64);
        let density = rng.below(50);
        // Every tenth map is a maze of one-cell corridors: every other row walled, with gaps.
        let maze = seed % 10 == 0;
        let blocked: Vec<bool> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                if maze {
                    y % 2 == 1 && rng.below(4) != 0 && x % 3 != (y / 2) % 3
                } else {
                    rng.below(100) < density
                }
            })
            .collect();
        let world = GridWorld {
            width: w,
            height: h,
            blocked,
        };
        let text = picture(&world);
        let grid = Grid::from_ascii(text.trim_end()).unwrap();
        let mesh = NavMesh::from_grid(&grid).unwrap();
        let (Some(a), Some(b)) = (grid_point(&world, &mut rng), grid_point(&world, &mut rng))
        else {
            continue;
        };
        let mut nodes = vec![a, b];
        nodes.extend(world.turning_points());
        let expected = shortest_path(
            &nodes,
            |p, q| world.segment_clear(p, q),
            |p, q| ((q.0 - p.0) as f64).hypot((q.1 - p.1) as f64) / 2.0,
        );
        let found = mesh
            .find_path(&mut search, to_point(a), to_point(b))
            .map(|o| o.into_path())
            .unwrap();
        let length = found.as_ref().map(|p| p.cost);
        assert!(
            agree(expected, length),
            "seed {seed}: {a:?} -> {b:?} (doubled): oracle {expected:?}, mesh {length:?}\n{text}"
        );
        if let Some(path) = found {
            check_grid_path(&world, &path.nodes, a, b, &text, seed);
            compared.0 += 1;
        } else {
            compared.1 += 1;
        }
    }
    assert!(
        compared.0 > 4_000 && compared.1 > 100,
        "cases found/unreachable: {compared:?}"
    );
}

/// The path's points lie on the doubled lattice only where they turn at corners; every segment
/// passes the oracle's test, the ends are right and the length adds up.
fn check_grid_path(
    world: &GridWorld,
    points: &[Point],
    a: (i64, i64),
    b: (i64, i64),
    text: &str,
    seed: u64,
) {
    let doubled: Vec<(i64, i64)> = points
        .iter()
        .map(|p| {
            let (x, y) = (p.x * 2.0, p.y * 2.0);
            assert!(
                x.fract() == 0.0 && y.fract() == 0.0,
                "seed {seed}: a turn off the lattice {p:?}\n{text}"
            );
            (x as i64, y as i64)
        })
        .collect();
    assert_eq!(
        (doubled[0], doubled[doubled.len() - 1]),
        (a, b),
        "seed {seed}: ends"
    );
    for pair in doubled.windows(2) {
        assert!(
            world.segment_clear(pair[0], pair[1]),
            "seed {seed}: segment {pair:?} is blocked\n{text}"
        );
    }
}

fn convex_hull(mut pts: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(f64, f64)>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// A random point that is walkable: free, on an obstacle's corner, or on one of its sides.
fn polygon_point(world: &PolygonWorld, size: f64, rng: &mut Rng) -> Option<(f64, f64)> {
    for _ in 0..200 {
        let p = match rng.below(4) {
            0 if !world.obstacles.is_empty() => {
                let o = &world.obstacles[rng.below(world.obstacles.len() as u64) as usize];
                o[rng.below(o.len() as u64) as usize]
            }
            1 if !world.obstacles.is_empty() => {
                let o = &world.obstacles[rng.below(world.obstacles.len() as u64) as usize];
                let i = rng.below(o.len() as u64) as usize;
                let (u, v) = (o[i], o[(i + 1) % o.len()]);
                let t = rng.unit();
                (u.0 + (v.0 - u.0) * t, u.1 + (v.1 - u.1) * t)
            }
            _ => (rng.unit() * size, rng.unit() * size),
        };
        if p.0 >= 0.0 && p.1 >= 0.0 && p.0 <= size && p.1 <= size && !world.is_inside(p) {
            return Some(p);
        }
    }
    None
}

#[test]
fn any_angle_paths_among_polygons_are_as_short_as_the_visibility_graph_says() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let mut compared = (0, 0);
    for seed in 0..4_000u64 {
        let mut rng = Rng(seed ^ 0xA5A5_0000);
        let count = rng.below(9);
        let mut obstacles: Vec<Vec<(f64, f64)>> = (0..count)
            .map(|_| {
                let (cx, cy) = (rng.unit() * size, rng.unit() * size);
                let r = 0.5 + rng.unit() * 5.0;
                let n = 3 + rng.below(4);
                let pts = (0..n)
                    .map(|_| {
                        (
                            cx + (rng.unit() - 0.5) * 2.0 * r,
                            cy + (rng.unit() - 0.5) * 2.0 * r,
                        )
                    })
                    .collect();
                convex_hull(pts)
            })
            .filter(|h| h.len() >= 3)
            .collect();
        if seed % 8 == 0 {
            // A wall across the whole box, sometimes with a gap one obstacle may close.
            let (y, t) = (rng.unit() * size, 0.2 + rng.unit());
            obstacles.push(vec![
                (-1.0, y),
                (size + 1.0, y + (rng.unit() - 0.5) * 0.3),
                (size + 1.0, y + t),
                (-1.0, y + t),
            ]);
        }
        let world = PolygonWorld { obstacles };
        let polygons: Vec<Polygon> = world
            .obstacles
            .iter()
            .map(|o| Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect()))
            .collect();
        let mesh =
            NavMesh::from_obstacles(&polygons, 0.0, Point::new(0.0, 0.0), Point::new(size, size))
                .unwrap();
        let (Some(a), Some(b)) = (
            polygon_point(&world, size, &mut rng),
            polygon_point(&world, size, &mut rng),
        ) else {
            continue;
        };
        let expected = world.shortest(size, a, b);
        let found = mesh
            .find_path(&mut search, Point::new(a.0, a.1), Point::new(b.0, b.1))
            .map(|o| o.into_path())
            .unwrap();
        let length = found.as_ref().map(|p| p.cost);
        assert!(
            agree(expected, length),
            "seed {seed}: {a:?} -> {b:?}: oracle {expected:?}, mesh {length:?}\nobstacles {:?}",
            world.obstacles
        );
        if let Some(path) = found {
            let pts: Vec<(f64, f64)> = path.nodes.iter().map(|p| (p.x, p.y)).collect();
            assert_eq!((pts[0], pts[pts.len() - 1]), (a, b), "seed {seed}: ends");
            for pair in pts.windows(2) {
                assert!(
                    world.segment_clear(pair[0], pair[1]),
                    "seed {seed}: segment {pair:?} is blocked"
                );
            }
            compared.0 += 1;
        } else {
            compared.1 += 1;
        }
    }
    assert!(
        compared.0 > 3_000 && compared.1 > 100,
        "cases found/unreachable: {compared:?}"
    );
}

#[test]
fn line_of_sight_and_nearest_points_on_grid_meshes_agree_with_the_oracle() {
    let (mut seen, mut blocked, mut moved) = (0, 0, 0);
    for seed in 0..1_500u64 {
        let mut rng = Rng(seed ^ 0x5EE5);
        let (w, h) = (1 + rng.below(9) as i64, 1 + rng.below(9) as i64);
        let density = rng.below(50);
        let blocked_cells: Vec<bool> = (0..w * h).map(|_| rng.below(100) < density).collect();
        let world = GridWorld {
            width: w,
            height: h,
            blocked: blocked_cells,
        };
        let text = picture(&world);
        let mesh = NavMesh::from_grid(&Grid::from_ascii(text.trim_end()).unwrap()).unwrap();
        for _ in 0..10 {
            let (Some(a), Some(b)) = (grid_point(&world, &mut rng), grid_point(&world, &mut rng))
            else {
                break;
            };
            let expected = world.segment_clear(a, b);
            let found = mesh.line_of_sight(to_point(a), to_point(b)).unwrap();
            assert_eq!(
                found, expected,
                "seed {seed}: {a:?} -> {b:?} (doubled)\n{text}"
            );
            if expected {
                seen += 1;
            } else {
                blocked += 1;
            }
        }
        // The nearest walkable point: as far as the nearest free cell's square.
        let free: Vec<(i64, i64)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| !world.is_blocked(x, y))
            .collect();
        if free.is_empty() {
            continue;
        }
        for _ in 0..5 {
            let p = Point::new(
                rng.unit() * (w as f64 + 4.0) - 2.0,
                rng.unit() * (h as f64 + 4.0) - 2.0,
            );
            let expected = free
                .iter()
                .map(|&(x, y)| {
                    let dx = (x as f64 - p.x).max(0.0).max(p.x - (x + 1) as f64);
                    let dy = (y as f64 - p.y).max(0.0).max(p.y - (y + 1) as f64);
                    dx.hypot(dy)
                })
                .fold(f64::INFINITY, f64::min);
            let q = mesh.nearest_point(p).unwrap();
            assert!(
                (q.distance(p) - expected).abs() < 1e-9,
                "seed {seed}: {p:?} -> {q:?}, {expected}\n{text}"
            );
            assert!(
                mesh.triangle_at(q).is_some(),
                "seed {seed}: {q:?} is off the mesh"
            );
            if expected > 0.0 {
                moved += 1;
            }
        }
    }
    assert!(
        seen > 2_000 && blocked > 2_000 && moved > 1_000,
        "{seen} {blocked} {moved}"
    );
}

/// A random obstacle of `kind` around a random centre in the box `[0, size]^2`: a convex
/// polygon, an L (non-convex), a star (non-convex), a thin wall of two points, or three
/// collinear points (a thin wall without area).
pub(crate) fn any_obstacle(rng: &mut Rng, size: f64, kind: u64) -> Vec<(f64, f64)> {
    let (cx, cy) = (rng.unit() * size, rng.unit() * size);
    let turn = rng.unit() * std::f64::consts::TAU;
    let (c, s) = (turn.cos(), turn.sin());
    let place = |(x, y): (f64, f64)| (cx + x * c - y * s, cy + x * s + y * c);
    let r = 1.0 + rng.unit() * 3.0;
    let shape: Vec<(f64, f64)> = match kind {
        0 => {
            let pts = (0..3 + rng.below(4))
                .map(|_| ((rng.unit() - 0.5) * 2.0 * r, (rng.unit() - 0.5) * 2.0 * r))
                .collect();
            return convex_hull(pts).into_iter().map(place).collect();
        }
        1 => {
            let t = 0.5 + rng.unit() * 0.5 * r;
            let (a, b) = (r + t, r + t * (1.0 + rng.unit()));
            vec![(0.0, 0.0), (a, 0.0), (a, t), (t, t), (t, b), (0.0, b)]
        }
        2 => {
            let n = 5 + rng.below(3) as usize;
            (0..2 * n)
                .map(|k| {
                    let angle = k as f64 * std::f64::consts::PI / n as f64;
                    let radius = if k % 2 == 1 { 0.55 * r } else { r };
                    (radius * angle.cos(), radius * angle.sin())
                })
                .collect()
        }
        3 => vec![(-r, 0.0), (r, 0.0)],
        _ => vec![(-r, 0.0), (0.3 * r, 0.0), (r, 0.0)],
    };
    let mut placed: Vec<(f64, f64)> = shape.into_iter().map(place).collect();
    if rng.below(2) == 0 {
        placed.reverse();
    }
    placed
}

/// An obstacle grown for an agent of radius `r` as the navigation mesh documents it, computed
/// here: a polygon with area by the mitre rule (`support/growth_oracle.rs`); one without area
/// becomes the rectangle around it, its sides and ends `r` from the wall.
pub(crate) fn grown_for_agent(o: &[(f64, f64)], r: f64) -> Vec<(f64, f64)> {
    use crate::support::growth_oracle::{doubled_area, mitre};
    if r == 0.0 {
        return o.to_vec();
    }
    // Thin when its area is below 1e-12 of the square of the diagonal of the box around it.
    let (mut lo, mut hi) = (o[0], o[0]);
    for &p in o {
        lo = (lo.0.min(p.0), lo.1.min(p.1));
        hi = (hi.0.max(p.0), hi.1.max(p.1));
    }
    let extent2 = (hi.0 - lo.0).powi(2) + (hi.1 - lo.1).powi(2);
    if doubled_area(o).abs() / 2.0 > 1e-12 * extent2 {
        return mitre(o, r);
    }
    // The wall's direction from its two farthest points; the box around it in that frame.
    let (mut a, mut b, mut best) = (o[0], o[0], -1.0);
    for &p in o {
        for &q in o {
            let d = (q.0 - p.0).hypot(q.1 - p.1);
            if d > best {
                (a, b, best) = (p, q, d);
            }
        }
    }
    let (ux, uy) = ((b.0 - a.0) / best, (b.1 - a.1) / best);
    let (nx, ny) = (-uy, ux);
    let along = |p: (f64, f64)| (p.0 - a.0) * ux + (p.1 - a.1) * uy;
    let across = |p: (f64, f64)| (p.0 - a.0) * nx + (p.1 - a.1) * ny;
    let lo_u = o.iter().map(|&p| along(p)).fold(f64::INFINITY, f64::min) - r;
    let hi_u = o
        .iter()
        .map(|&p| along(p))
        .fold(f64::NEG_INFINITY, f64::max)
        + r;
    let lo_n = o.iter().map(|&p| across(p)).fold(f64::INFINITY, f64::min) - r;
    let hi_n = o
        .iter()
        .map(|&p| across(p))
        .fold(f64::NEG_INFINITY, f64::max)
        + r;
    let at = |s: f64, t: f64| (a.0 + ux * s + nx * t, a.1 + uy * s + ny * t);
    vec![
        at(lo_u, lo_n),
        at(hi_u, lo_n),
        at(hi_u, hi_n),
        at(lo_u, hi_n),
    ]
}

/// The free space of `raw` obstacles grown for an agent of `radius` in the box `[0, size]`
/// squared, as the oracle sees it, and the obstacles as pathkit takes them; `None` when a grown
/// obstacle crosses itself (a pocket narrower than twice the radius: not defined).
pub(crate) fn obstacle_world(
    raw: &[Vec<(f64, f64)>],
    radius: f64,
    size: f64,
) -> Option<(crate::support::free_space_oracle::FreeSpace, Vec<Polygon>)> {
    use crate::support::free_space_oracle::{FreeSpace, TOUCH};
    use crate::support::growth_oracle::self_crossing;
    let grown: Vec<Vec<(f64, f64)>> = raw.iter().map(|o| grown_for_agent(o, radius)).collect();
    if grown.iter().any(|o| o.len() > 2 && self_crossing(o)) {
        return None;
    }
    let world = FreeSpace {
        lo: (radius, radius),
        hi: (size - radius, size - radius),
        obstacles: grown,
        touch: TOUCH,
        pinches: false,
    };
    let polygons = raw
        .iter()
        .map(|o| Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect()))
        .collect();
    Some((world, polygons))
}

#[test]
fn any_angle_paths_among_any_obstacles_for_agents_of_any_radius_are_optimal() {
    let size = 20.0;
    let mut search = AnyAngleSearch::new();
    let (mut found_count, mut unreachable, mut with_radius, mut thin, mut skipped) =
        (0, 0, 0, 0, 0);
    let mut refused = 0;
    for seed in 0..2_500u64 {
        let mut rng = Rng(seed ^ 0x0B57_AC1E);
        let radius = if seed % 3 == 0 {
            0.0
        } else {
            0.05 + rng.unit() * 0.8
        };
        let mut raw: Vec<Vec<(f64, f64)>> = (0..1 + rng.below(7))
            .map(|_| {
                let kind = rng.below(5);
                any_obstacle(&mut rng, size, kind)
            })
            .collect();
        if seed % 6 == 0 {
            // A thin wall across the whole box, its ends outside it: the two sides are cut off
            // from each other.
            let (y0, y1) = (rng.unit() * size, rng.unit() * size);
            raw.push(vec![(-1.0, y0), (size + 1.0, y1)]);
        }
        let Some((world, polygons)) = obstacle_world(&raw, radius, size) else {
            // A pocket narrower than twice the radius: not defined (documented).
            skipped += 1;
            continue;
        };
        let mesh = match NavMesh::from_obstacles(
            &polygons,
            radius,
            Point::new(0.0, 0.0),
            Point::new(size, size),
        ) {
            Ok(mesh) => mesh,
            Err(e) => {
                eprintln!("seed {seed}, radius {radius}: {e:?}\nobstacles {raw:?}");
                refused += 1;
                continue;
            }
        };
        let mut ends = Vec::new();
        for _ in 0..200 {
            let p = (rng.unit() * size, rng.unit() * size);
            if world.is_free(p) {
                ends.push(p);
                if ends.len() == 2 {
                    break;
                }
            }
        }
        let [a, b] = ends[..] else { continue };
        let expected = world.shortest(a, b);
        let found = mesh
            .find_path(&mut search, Point::new(a.0, a.1), Point::new(b.0, b.1))
            .map(|o| o.into_path())
            .unwrap();
        let length = found.as_ref().map(|p| p.cost);
        let turns = found.as_ref().map(|p| p.nodes.to_vec());
        let route = world.shortest_route(a, b);
        let context = || {
            format!(
                "seed {seed}, radius {radius}: {a:?} -> {b:?}: oracle {expected:?}, mesh {length:?} by {turns:?}, oracle by {route:?}\nobstacles {raw:?}"
            )
        };
        match (expected, length) {
            (None, None) => unreachable += 1,
            (Some(e), Some(f)) => {
                assert!((e - f).abs() <= 1e-7 * e.max(1.0), "{}", context());
                let pts: Vec<(f64, f64)> =
                    found.unwrap().nodes.iter().map(|p| (p.x, p.y)).collect();
                for pair in pts.windows(2) {
                    assert!(
                        world.segment_clear(pair[0], pair[1]),
                        "{}: segment {pair:?} is blocked",
                        context()
                    );
                }
                found_count += 1;
            }
            _ => panic!("{}", context()),
        }
        if radius > 0.0 {
            with_radius += 1;
        }
        if raw.iter().any(|o| {
            o.len() == 2
                || o.len() == 3 && {
                    let (p, q, r) = (o[0], o[1], o[2]);
                    ((q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)).abs() < 1e-9
                }
        }) {
            thin += 1;
        }
    }
    assert!(
        found_count > 1_200 && unreachable > 150 && with_radius > 1_000 && thin > 600 && skipped < 250,
        "found {found_count}, unreachable {unreachable}, with a radius {with_radius}, thin walls {thin}, skipped {skipped}"
    );
    assert_eq!(refused, 0, "meshes refused");
}

/// Obstacles with areas on the ground, and an agent kept out of some of them: what the areas
/// and links tests search, and the oracle's view of it.
pub(crate) struct AreaScene {
    /// One to three convex areas (ids 1, 2, 3), those the agent may enter first, so that the
    /// ones it may not are on top where they overlap (the later area wins).
    pub(crate) areas: Vec<(Vec<(f64, f64)>, u8)>,
    /// Bit `id - 1` set: the agent may not enter area `id`.
    pub(crate) forbidden_bits: u8,
    /// The same as the mesh's filter.
    pub(crate) filter: pathkit::navmesh::AreaFilter,
    /// The oracle's world: the obstacles grown, and the forbidden areas as they are (an area
    /// holds the agent's centre).
    pub(crate) world: crate::support::free_space_oracle::FreeSpace,
    /// The obstacles, and the areas, as the mesh takes them.
    pub(crate) polygons: Vec<Polygon>,
    pub(crate) area_polygons: Vec<(Polygon, u8)>,
}

impl AreaScene {
    /// Random areas in a box of `size` beside the obstacles `raw` grown by `radius`, for an
    /// agent kept out of the areas `forbidden_bits` names; `None` where the oracle does not
    /// apply (an obstacle grown crosses itself).
    pub(crate) fn new(
        rng: &mut Rng,
        raw: &[Vec<(f64, f64)>],
        radius: f64,
        size: f64,
        forbidden_bits: u8,
    ) -> Option<AreaScene> {
        let forbids = |id: u8| forbidden_bits & (1 << (id - 1)) != 0;
        let mut areas: Vec<(Vec<(f64, f64)>, u8)> = (0..1 + rng.below(3))
            .map(|_| (any_obstacle(rng, size, 0), 1 + rng.below(3) as u8))
            .collect();
        areas.sort_by_key(|&(_, id)| forbids(id));
        let mut filter = pathkit::navmesh::AreaFilter::ALL;
        for id in (1..=3).filter(|&id| forbids(id)) {
            filter = filter.without(id).expect("an area below the limit");
        }
        let (mut world, polygons) = obstacle_world(raw, radius, size)?;
        world.obstacles.extend(
            areas
                .iter()
                .filter(|(_, id)| forbids(*id))
                .map(|(o, _)| o.clone()),
        );
        let area_polygons = areas
            .iter()
            .map(|(o, id)| {
                let points = o.iter().map(|&(x, y)| Point::new(x, y)).collect();
                (Polygon::new(points), *id)
            })
            .collect();
        Some(AreaScene {
            areas,
            forbidden_bits,
            filter,
            world,
            polygons,
            area_polygons,
        })
    }

    /// Whether the agent may not enter area `id` (1 to 3).
    pub(crate) fn forbids(&self, id: u8) -> bool {
        self.forbidden_bits & (1 << (id - 1)) != 0
    }
}
