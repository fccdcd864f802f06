//! Area costs on meshes ([`NavMesh::with_area_costs`]) against oracles written from the rules:
//! - bands of ground across a field, where the cheapest path is known exactly (it crosses each
//!   boundary once, so its cost is a convex function of the two crossing points, minimised
//!   here by nested golden sections): the answer is never below it, and above it by no more
//!   than the bound the documentation states (the dearest cost over the points per edge plus
//!   one, times the length of the edges the cheapest path crosses);
//! - random obstacles and areas, agents kept out of some: every answer is a walk of the
//!   agent's ground (the free-space oracle with forbidden areas walled) whose cost is what
//!   walking it costs (integrated here across the area polygons), never below the cheapest
//!   cost times the shortest length, and the exact shortest path where all areas cost the same.

use crate::navmesh_oracle::{any_obstacle, AreaScene, Rng};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{
    AreaCosts, AreaFilter, NavMesh, NavMeshError, OffMeshLink, TiledNavMesh, WeightedSearch,
    MAX_POINTS_PER_EDGE,
};
use pathkit::Pathfinder;

type P = (f64, f64);

fn dist(a: P, b: P) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The least of the convex function `f` over `[lo, hi]`, and where.
fn golden(lo: f64, hi: f64, f: &dyn Fn(f64) -> f64) -> (f64, f64) {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..90 {
        if fc <= fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    let x = (a + b) / 2.0;
    (f(x), x)
}

/// A field `width` x `height` cut into three bands at heights `y1 < y2`, with costs
/// `w[0]` (below), `w[1]`, `w[2]` (above).
struct Bands {
    width: f64,
    height: f64,
    y1: f64,
    y2: f64,
    w: [f64; 3],
}

impl Bands {
    /// The cheapest path from `s` (below `y1`) to `g` (above `y2`): straight in each band,
    /// crossing `y1` at `x1` and `y2` at `x2`; its cost and its corners.
    fn cheapest(&self, s: P, g: P) -> (f64, Vec<P>) {
        let cost = |x1: f64, x2: f64| {
            self.w[0] * dist(s, (x1, self.y1))
                + self.w[1] * dist((x1, self.y1), (x2, self.y2))
                + self.w[2] * dist((x2, self.y2), g)
        };
        let inner = |x1: f64| golden(0.0, self.width, &|x2| cost(x1, x2));
        let (best, x1) = golden(0.0, self.width, &|x1| inner(x1).0);
        let x2 = inner(x1).1;
        (best, vec![s, (x1, self.y1), (x2, self.y2), g])
    }

    fn rect(&self, y0: f64, y1: f64) -> Polygon {
        let p = Point::new;
        Polygon::new(vec![
            p(0.0, y0),
            p(self.width, y0),
            p(self.width, y1),
            p(0.0, y1),
        ])
    }
}

/// The sum, over the mesh's edges that the path `route` crosses or touches (each edge once), of
/// the gap between the points on them: the edge's length over the number of pieces its
/// `points` points (or more, to keep gaps within `spacing`, up to the limit) cut it into.
fn crossed_edge_gaps(mesh: &NavMesh, route: &[P], points: u32, spacing: Option<f64>) -> f64 {
    let mut total = 0.0;
    for t in 0..mesh.triangle_count() {
        let corners = mesh.triangle(t).unwrap();
        let across = mesh.neighbours(t).unwrap();
        for i in 0..3 {
            // Each shared edge once: from its lower triangle.
            if across[i].is_some_and(|n| n < t) {
                continue;
            }
            let (a, b) = (corners[i], corners[(i + 1) % 3]);
            let (a, b) = ((a.x, a.y), (b.x, b.y));
            if route
                .windows(2)
                .any(|seg| segments_meet(seg[0], seg[1], a, b))
            {
                let len = dist(a, b);
                let pieces = match spacing {
                    Some(gap) => (len / gap)
                        .ceil()
                        .clamp(1.0, f64::from(MAX_POINTS_PER_EDGE) + 1.0),
                    None => 1.0,
                }
                .max(f64::from(points) + 1.0);
                total += len / pieces;
            }
        }
    }
    total
}

fn orient(a: P, b: P, c: P) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether segments `ab` and `cd` share a point (within a hair).
fn segments_meet(a: P, b: P, c: P, d: P) -> bool {
    let eps = 1e-9 * (1.0 + dist(a, b) + dist(c, d));
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    let l1 = dist(a, b).max(1e-300);
    let l2 = dist(c, d).max(1e-300);
    let straddles =
        |x: f64, y: f64, l: f64| x / l <= eps && y / l >= -eps || x / l >= -eps && y / l <= eps;
    straddles(o1, o2, l1) && straddles(o3, o4, l2)
}

#[test]
fn across_bands_the_cost_is_at_least_the_cheapest_and_within_the_stated_bound() {
    let mut search = WeightedSearch::new();
    let (mut checked, mut worst) = (0, 0.0f64);
    for seed in 0..160u64 {
        let mut rng = Rng(seed ^ 0xBA2D5);
        let width = 6.0 + rng.unit() * 14.0;
        let height = 6.0 + rng.unit() * 14.0;
        let y1 = height * (0.2 + rng.unit() * 0.3);
        let y2 = y1 + height * (0.1 + rng.unit() * 0.3);
        let w = [
            0.3 + rng.unit() * 3.7,
            0.3 + rng.unit() * 3.7,
            0.3 + rng.unit() * 3.7,
        ];
        let bands = Bands {
            width,
            height,
            y1,
            y2,
            w,
        };
        // Ids of the bands: area 0 below (the mesh's ground), then two random ids.
        let (mid_id, top_id) = (1 + rng.below(3) as u8, 4 + rng.below(3) as u8);
        let areas = [
            (bands.rect(y1, y2), mid_id),
            (bands.rect(y2, height), top_id),
        ];
        let (lo, hi) = (Point::new(0.0, 0.0), Point::new(width, height));
        let costs = AreaCosts::new()
            .with(0, w[0])
            .unwrap()
            .with(mid_id, w[1])
            .unwrap()
            .with(top_id, w[2])
            .unwrap();
        let tiled;
        let plain;
        let mesh = if seed % 2 == 0 {
            plain = NavMesh::from_obstacles_with_areas(&[], &areas, 0.0, lo, hi).unwrap();
            &plain
        } else {
            let mut level = TiledNavMesh::new(&[], 0.0, lo, hi, 1.0 + rng.unit() * 4.0).unwrap();
            for (polygon, id) in &areas {
                level.add_area(polygon.clone(), *id).unwrap();
            }
            tiled = level;
            tiled.mesh()
        };
        let points = [2, 4, 8][seed as usize % 3];
        let mut weighted = mesh
            .with_area_costs(&costs)
            .with_points_per_edge(points)
            .unwrap();
        // Unless set, points a 32nd of the mesh's diagonal apart.
        let diagonal = width.hypot(height);
        assert!((weighted.spacing().unwrap() - diagonal / 32.0).abs() < 1e-12 * diagonal);
        // Points per edge only, points at most a 16th of the field apart, or the default.
        match seed % 4 {
            0 | 1 => weighted = weighted.with_spacing(f64::INFINITY).unwrap(),
            2 => weighted = weighted.with_spacing(width.max(height) / 16.0).unwrap(),
            _ => {}
        }
        for _ in 0..4 {
            let s = (rng.unit() * width, rng.unit() * y1 * 0.999);
            let g = (
                rng.unit() * width,
                y2 + (height - y2) * (0.001 + rng.unit() * 0.999),
            );
            let (best, route) = bands.cheapest(s, g);
            let path = weighted
                .find_path(&mut search, Point::new(s.0, s.1), Point::new(g.0, g.1))
                .unwrap()
                .into_path()
                .expect("a field is one piece");
            let scale = best.max(1.0);
            assert!(
                path.cost >= best - 1e-9 * scale,
                "seed {seed}: {} below the cheapest {best}",
                path.cost
            );
            let dearest = w.iter().copied().fold(0.0, f64::max);
            let bound = dearest * crossed_edge_gaps(mesh, &route, points, weighted.spacing());
            assert!(
                path.cost <= best + bound + 1e-9 * scale,
                "seed {seed}: {} more than {bound} above the cheapest {best}",
                path.cost
            );
            assert_eq!(path.nodes.first(), Some(&Point::new(s.0, s.1)));
            assert_eq!(path.nodes.last(), Some(&Point::new(g.0, g.1)));
            let walked: f64 = path
                .nodes
                .windows(2)
                .map(|pair| band_cost(&bands, (pair[0].x, pair[0].y), (pair[1].x, pair[1].y)))
                .sum();
            assert!(
                (walked - path.cost).abs() <= 1e-9 * scale,
                "seed {seed}: the path costs {walked} to walk, not {}",
                path.cost
            );
            if weighted.spacing().is_some() {
                worst = worst.max(path.cost / best - 1.0);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 640);
    // The bound above is what is promised; how close the answers come in practice, with the
    // crossings slid along their edges, is this (the documentation quotes it).
    assert!(worst < 0.02, "{worst}");
    eprintln!("bands: at most {:.4} % above the cheapest", worst * 100.0);
}

/// What walking from `a` to `b` costs across the bands: each stretch at its band's cost, the
/// lesser of two along a boundary.
fn band_cost(bands: &Bands, a: P, b: P) -> f64 {
    let mut cuts = vec![0.0, 1.0];
    for y in [bands.y1, bands.y2] {
        if (a.1 - y) * (b.1 - y) < 0.0 {
            cuts.push((y - a.1) / (b.1 - a.1));
        }
    }
    cuts.sort_by(f64::total_cmp);
    let band_of = |y: f64| {
        let near = |line: f64| (y - line).abs() <= 1e-9 * bands.height;
        if near(bands.y1) {
            bands.w[0].min(bands.w[1])
        } else if near(bands.y2) {
            bands.w[1].min(bands.w[2])
        } else if y < bands.y1 {
            bands.w[0]
        } else if y < bands.y2 {
            bands.w[1]
        } else {
            bands.w[2]
        }
    };
    cuts.windows(2)
        .map(|c| {
            let mid = (c[0] + c[1]) / 2.0;
            let y = a.1 + (b.1 - a.1) * mid;
            band_of(y) * dist(a, b) * (c[1] - c[0])
        })
        .sum()
}

fn inside(poly: &[P], p: P) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    inside
}

/// The distance from `p` to the sides of `poly`.
fn to_sides(poly: &[P], p: P) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len2 = dx * dx + dy * dy;
            let t = if len2 == 0.0 {
                0.0
            } else {
                (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
            };
            dist(p, (a.0 + t * dx, a.1 + t * dy))
        })
        .fold(f64::INFINITY, f64::min)
}

/// The area of the ground at `p`: the last area polygon holding it, or 0.
fn area_at(areas: &[(Vec<P>, u8)], p: P) -> u8 {
    areas
        .iter()
        .rev()
        .find(|(poly, _)| inside(poly, p))
        .map_or(0, |&(_, id)| id)
}

/// What walking from `a` to `b` costs across `areas` at `factor`: cut where the segment
/// crosses an area's side, each piece at the cost of its area; a piece along a side costs the
/// lesser of the areas on its two sides.
fn walk_cost(areas: &[(Vec<P>, u8)], factor: &dyn Fn(u8) -> f64, a: P, b: P) -> f64 {
    let len = dist(a, b);
    if len == 0.0 {
        return 0.0;
    }
    let mut cuts = vec![0.0, 1.0];
    for (poly, _) in areas {
        let n = poly.len();
        for i in 0..n {
            let (c, d) = (poly[i], poly[(i + 1) % n]);
            let denom = (b.0 - a.0) * (d.1 - c.1) - (b.1 - a.1) * (d.0 - c.0);
            if denom.abs() < 1e-15 {
                continue;
            }
            let t = ((c.0 - a.0) * (d.1 - c.1) - (c.1 - a.1) * (d.0 - c.0)) / denom;
            let u = ((c.0 - a.0) * (b.1 - a.1) - (c.1 - a.1) * (b.0 - a.0)) / denom;
            if (0.0..=1.0).contains(&t) && (-1e-12..=1.0 + 1e-12).contains(&u) {
                cuts.push(t);
            }
        }
    }
    cuts.sort_by(f64::total_cmp);
    let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
    cuts.windows(2)
        .map(|c| {
            let mid = (c[0] + c[1]) / 2.0;
            let m = (a.0 + (b.0 - a.0) * mid, a.1 + (b.1 - a.1) * mid);
            let on_side = areas.iter().any(|(poly, _)| to_sides(poly, m) < 1e-9);
            let f = if on_side {
                let h = 1e-7;
                let left = area_at(areas, (m.0 + nx * h, m.1 + ny * h));
                let right = area_at(areas, (m.0 - nx * h, m.1 - ny * h));
                factor(left).min(factor(right))
            } else {
                factor(area_at(areas, m))
            };
            f * len * (c[1] - c[0])
        })
        .sum()
}

#[test]
fn among_obstacles_and_areas_answers_are_walks_that_cost_what_they_say() {
    let size = 20.0;
    let mut search = WeightedSearch::new();
    let (mut checked, mut uniform, mut refused, mut unreachable) = (0, 0, 0, 0);
    let mut worst_against_shortest = f64::INFINITY;
    for seed in 0..240u64 {
        let mut rng = Rng(seed ^ 0x3E1C_0575);
        let radius = if seed % 3 == 0 {
            0.0
        } else {
            0.1 + rng.unit() * 0.4
        };
        let raw: Vec<Vec<P>> = (0..rng.below(4))
            .map(|_| {
                let kind = rng.below(5);
                any_obstacle(&mut rng, size, kind)
            })
            .collect();
        let filter_bits = if seed % 2 == 0 { 0 } else { rng.below(8) as u8 };
        let Some(scene) = AreaScene::new(&mut rng, &raw, radius, size, filter_bits) else {
            continue;
        };
        let mut factors = [1.0f64; 4];
        let same = seed % 5 == 0;
        let common = 0.5 + rng.unit() * 2.0;
        for f in &mut factors {
            *f = if same { common } else { 0.3 + rng.unit() * 3.0 };
        }
        let mut costs = AreaCosts::new();
        for (id, &f) in factors.iter().enumerate() {
            costs = costs.with(id as u8, f).unwrap();
        }
        // A forbidden area costs no less than every other: a path along its side pays the
        // other side's cost.
        let factor = |id: u8| {
            if id != 0 && scene.forbids(id) {
                f64::INFINITY
            } else {
                factors[usize::from(id)]
            }
        };
        let mesh = NavMesh::from_obstacles_with_areas(
            &scene.polygons,
            &scene.area_polygons,
            radius,
            Point::new(0.0, 0.0),
            Point::new(size, size),
        )
        .unwrap();
        let mut weighted = mesh
            .with_area_costs(&costs)
            .with_filter(scene.filter)
            .with_points_per_edge(1 + rng.below(5) as u32)
            .unwrap();
        let points_only = seed % 3 == 0;
        if points_only {
            weighted = weighted.with_spacing(f64::INFINITY).unwrap();
        }
        let allowed_factors: Vec<f64> = (0..4u8)
            .filter(|&id| id == 0 || !scene.forbids(id))
            .map(factor)
            .collect();
        let cheapest = allowed_factors
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        for _ in 0..6 {
            let s = (rng.unit() * size, rng.unit() * size);
            let g = (rng.unit() * size, rng.unit() * size);
            let answer =
                weighted.find_path(&mut search, Point::new(s.0, s.1), Point::new(g.0, g.1));
            let world = &scene.world;
            if !world.is_free(s) || !world.is_free(g) {
                // Off the agent's ground (in an obstacle, grown, or a forbidden area), or on its
                // edge, where the mesh may count it either way.
                if let Err(e) = answer {
                    assert!(
                        matches!(e, NavMeshError::OffMesh { .. }),
                        "seed {seed}: {e}"
                    );
                    refused += 1;
                }
                continue;
            }
            let Some(shortest) = world.shortest(s, g) else {
                assert!(
                    matches!(answer, Ok(ref o) if o.path().is_none()) || answer.is_err(),
                    "seed {seed}: a path where the oracle has none"
                );
                unreachable += 1;
                continue;
            };
            let path = match answer {
                Ok(outcome) => outcome.into_path().unwrap_or_else(|| {
                    panic!("seed {seed}: no path from {s:?} to {g:?}, the oracle's is {shortest}")
                }),
                // An end within a hair of the ground's edge.
                Err(NavMeshError::OffMesh { .. }) => continue,
                Err(e) => panic!("seed {seed}: {e}"),
            };
            let nodes: Vec<P> = path.nodes.iter().map(|q| (q.x, q.y)).collect();
            assert_eq!(nodes.first(), Some(&s));
            assert_eq!(nodes.last(), Some(&g));
            for pair in nodes.windows(2) {
                assert!(
                    world.segment_clear(pair[0], pair[1]),
                    "seed {seed}: {pair:?} leaves the agent's ground"
                );
            }
            let walked: f64 = nodes
                .windows(2)
                .map(|pair| walk_cost(&scene.areas, &factor, pair[0], pair[1]))
                .sum();
            let scale = path.cost.max(1.0);
            assert!(
                (walked - path.cost).abs() <= 1e-7 * scale,
                "seed {seed}: the path costs {walked} to walk, not {}",
                path.cost
            );
            assert!(
                path.cost >= cheapest * shortest - 1e-9 * scale,
                "seed {seed}: {} is below {cheapest} x the shortest {shortest}",
                path.cost
            );
            if same {
                assert!(
                    (path.cost - common * shortest).abs() <= 1e-9 * scale,
                    "seed {seed}: one cost everywhere, {} is not {common} x {shortest}",
                    path.cost
                );
                uniform += 1;
            }
            // Against the shortest path, priced as it walks: a fair path beats it or comes near.
            let shortest_priced: f64 = world
                .shortest_route(s, g)
                .expect("the oracle's route")
                .windows(2)
                .map(|pair| walk_cost(&scene.areas, &factor, pair[0], pair[1]))
                .sum();
            if !points_only {
                worst_against_shortest = worst_against_shortest.min(shortest_priced / path.cost);
            }
            checked += 1;
        }
    }
    assert!(checked >= 800, "{checked}");
    assert!(
        uniform >= 100 && refused >= 50 && unreachable >= 2,
        "{uniform} {refused} {unreachable}"
    );
    // With the default spacing, never much dearer than the shortest path (the documentation
    // quotes it).
    assert!(
        worst_against_shortest >= 1.0 - 1e-9,
        "{worst_against_shortest}"
    );
    eprintln!("areas: the shortest path priced is at least {worst_against_shortest} of the answer");
}

#[test]
fn bad_costs_and_point_counts_are_refused() {
    assert!(matches!(
        AreaCosts::new().with(3, f64::NAN),
        Err(NavMeshError::InvalidAreaCost { area: 3, .. })
    ));
    assert!(matches!(
        AreaCosts::new().with(3, -1.0),
        Err(NavMeshError::InvalidAreaCost { area: 3, .. })
    ));
    assert!(matches!(
        AreaCosts::new().with(3, f64::INFINITY),
        Err(NavMeshError::InvalidAreaCost { area: 3, .. })
    ));
    assert_eq!(
        AreaCosts::new().with(64, 2.0),
        Err(NavMeshError::InvalidArea { area: 64 })
    );
    let mesh =
        NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(4.0, 4.0)).unwrap();
    let weighted = mesh.with_area_costs(&AreaCosts::new());
    assert_eq!(
        weighted
            .clone()
            .with_points_per_edge(MAX_POINTS_PER_EDGE + 1)
            .err(),
        Some(NavMeshError::InvalidPointsPerEdge {
            count: MAX_POINTS_PER_EDGE + 1
        })
    );
    assert!(weighted.clone().with_points_per_edge(0).is_ok());
    let mut search = WeightedSearch::new();
    for (s, g) in [
        (Point::new(5.0, 1.0), Point::new(1.0, 1.0)),
        (Point::new(1.0, 1.0), Point::new(f64::NAN, 1.0)),
    ] {
        assert!(weighted.find_path(&mut search, s, g).is_err());
    }
    let filtered = weighted.with_filter(AreaFilter::ALL.without(0).unwrap());
    assert!(matches!(
        filtered.find_path(&mut search, Point::new(1.0, 1.0), Point::new(2.0, 2.0)),
        Err(NavMeshError::OffMesh { .. })
    ));
}

#[test]
fn a_link_over_a_dear_band_is_taken_where_it_pays_and_one_way_only() {
    let mut search = WeightedSearch::new();
    let (mut checked, mut taken) = (0, 0);
    for seed in 0..120u64 {
        let mut rng = Rng(seed ^ 0x11_BA2D);
        let (width, height) = (8.0 + rng.unit() * 12.0, 8.0 + rng.unit() * 12.0);
        let y1 = height * (0.2 + rng.unit() * 0.2);
        let y2 = y1 + height * (0.2 + rng.unit() * 0.3);
        // The middle band the dearest: within the outer bands the straight line is cheapest.
        let (w0, w2) = (0.5 + rng.unit() * 2.0, 0.5 + rng.unit() * 2.0);
        let w1 = w0.max(w2) * (1.0 + rng.unit() * 3.0);
        let bands = Bands {
            width,
            height,
            y1,
            y2,
            w: [w0, w1, w2],
        };
        let areas = [(bands.rect(y1, y2), 1), (bands.rect(y2, height), 2)];
        let mesh = NavMesh::from_obstacles_with_areas(
            &[],
            &areas,
            0.0,
            Point::new(0.0, 0.0),
            Point::new(width, height),
        )
        .unwrap();
        let costs = AreaCosts::new()
            .with(0, w0)
            .unwrap()
            .with(1, w1)
            .unwrap()
            .with(2, w2)
            .unwrap();
        let entry = (rng.unit() * width, rng.unit() * y1);
        let exit = (rng.unit() * width, y2 + rng.unit() * (height - y2));
        let link_cost = rng.unit() * (y2 - y1) * w1 * 1.5;
        let links = [OffMeshLink::new(
            Point::new(entry.0, entry.1),
            Point::new(exit.0, exit.1),
            link_cost,
        )];
        let weighted = mesh.with_area_costs(&costs).with_links(&links).unwrap();
        let dearest = w1;
        for _ in 0..4 {
            let s = (rng.unit() * width, rng.unit() * y1 * 0.999);
            let g = (
                rng.unit() * width,
                y2 + (height - y2) * (0.001 + rng.unit() * 0.999),
            );
            let (direct, route) = bands.cheapest(s, g);
            let via = w0 * dist(s, entry) + link_cost + w2 * dist(exit, g);
            let (best, gaps) = if via < direct {
                let walks = crossed_edge_gaps(&mesh, &[s, entry], 4, weighted.spacing())
                    + crossed_edge_gaps(&mesh, &[exit, g], 4, weighted.spacing());
                (via, walks)
            } else {
                (
                    direct,
                    crossed_edge_gaps(&mesh, &route, 4, weighted.spacing()),
                )
            };
            let (ps, pg) = (Point::new(s.0, s.1), Point::new(g.0, g.1));
            let path = weighted
                .find_path(&mut search, ps, pg)
                .unwrap()
                .into_path()
                .unwrap();
            let scale = best.max(1.0);
            assert!(
                path.cost >= best - 1e-9 * scale,
                "seed {seed}: {} below {best}",
                path.cost
            );
            assert!(
                path.cost <= best + dearest * gaps + 1e-9 * scale,
                "seed {seed}: {} too far above {best}",
                path.cost
            );
            let used = path.nodes.windows(2).any(|w| links[0].joins(w[0], w[1]));
            if used {
                taken += 1;
                assert!(
                    via <= path.cost + 1e-9 * scale,
                    "seed {seed}: the link's way costs {via}"
                );
            }
            // Back, the link cannot be taken: across the bands as they cost.
            let back = weighted
                .find_path(&mut search, pg, ps)
                .unwrap()
                .into_path()
                .unwrap();
            assert!(!back
                .nodes
                .windows(2)
                .any(|w| links[0].joins(w[0], w[1]) || links[0].joins(w[1], w[0])));
            assert!(
                back.cost >= direct - 1e-9 * scale,
                "seed {seed}: {} back, below {direct}",
                back.cost
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 480);
    assert!(taken >= 100, "{taken}");
}

#[test]
fn with_links_and_one_cost_everywhere_paths_are_the_oracles_walks_and_hops() {
    let size = 20.0;
    let mut search = WeightedSearch::new();
    let (mut checked, mut through_links) = (0, 0);
    for seed in 0..150u64 {
        let mut rng = Rng(seed ^ 0x0C05_7111);
        let Some((scene, mesh)) = linked_scene(&mut rng, size) else {
            continue;
        };
        let world = &scene.world;
        let free = |rng: &mut Rng| free_point(rng, &scene, &mesh, size);
        let mut links = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let (Some(a), Some(b)) = (free(&mut rng), free(&mut rng)) else {
                continue;
            };
            let mut link = OffMeshLink::new(
                Point::new(a.0, a.1),
                Point::new(b.0, b.1),
                rng.unit() * dist(a, b),
            );
            if rng.below(2) == 0 {
                link = link.both_ways();
            }
            links.push(link);
        }
        let factor = 0.5 + rng.unit() * 2.0;
        let mut costs = AreaCosts::new();
        for id in 0..4 {
            costs = costs.with(id, factor).unwrap();
        }
        let weighted = mesh
            .with_area_costs(&costs)
            .with_filter(scene.filter)
            .with_links(&links)
            .unwrap();
        for _ in 0..4 {
            let (Some(s), Some(g)) = (free(&mut rng), free(&mut rng)) else {
                continue;
            };
            // Dijkstra over walks and link hops, in lengths; the link costs over the factor.
            let mut points = vec![s, g];
            let mut hops = Vec::new();
            for l in &links {
                let (a, b) = (points.len(), points.len() + 1);
                points.push((l.from.x, l.from.y));
                points.push((l.to.x, l.to.y));
                hops.push((a, b, l.cost / factor));
                if l.both_ways {
                    hops.push((b, a, l.cost / factor));
                }
            }
            let expected = crate::navmesh_links::shortest_with_hops(world, points, &hops);
            let answer =
                weighted.find_path(&mut search, Point::new(s.0, s.1), Point::new(g.0, g.1));
            let found = match answer {
                Ok(o) => o.into_path().map(|p| p.cost),
                Err(NavMeshError::OffMesh { .. }) => continue,
                Err(e) => panic!("seed {seed}: {e}"),
            };
            match (found, expected) {
                (Some(c), Some(e)) => assert!(
                    (c - factor * e).abs() <= 1e-9 * c.max(1.0),
                    "seed {seed}: {c}, the oracle {} x {e}",
                    factor
                ),
                (None, None) => {}
                (c, e) => panic!("seed {seed}: {c:?} against the oracle's {e:?}"),
            }
            if let (Some(c), Some(s_only)) = (found, world.shortest(s, g)) {
                if c < factor * s_only - 1e-9 {
                    through_links += 1;
                }
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 400 && through_links >= 40,
        "{checked} {through_links}"
    );
}

#[test]
fn with_links_and_costs_answers_are_walks_and_hops_that_cost_what_they_say() {
    let size = 20.0;
    let mut search = WeightedSearch::new();
    let (mut checked, mut hops_taken) = (0, 0);
    for seed in 0..150u64 {
        let mut rng = Rng(seed ^ 0x7A1C_0575);
        let Some((scene, mesh)) = linked_scene(&mut rng, size) else {
            continue;
        };
        let factors: Vec<f64> = (0..4).map(|_| 0.3 + rng.unit() * 3.0).collect();
        let factor = |id: u8| {
            if id != 0 && scene.forbids(id) {
                f64::INFINITY
            } else {
                factors[usize::from(id)]
            }
        };
        let mut costs = AreaCosts::new();
        for (id, &f) in factors.iter().enumerate() {
            costs = costs.with(id as u8, f).unwrap();
        }
        let world = &scene.world;
        let free = |rng: &mut Rng| free_point(rng, &scene, &mesh, size);
        let mut links = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let (Some(a), Some(b)) = (free(&mut rng), free(&mut rng)) else {
                continue;
            };
            let mut link = OffMeshLink::new(
                Point::new(a.0, a.1),
                Point::new(b.0, b.1),
                rng.unit() * 10.0,
            );
            if rng.below(2) == 0 {
                link = link.both_ways();
            }
            if rng.below(5) == 0 {
                link = link.disabled();
            }
            links.push(link.for_agents(1 + rng.below(3) as u32));
        }
        let agent = 1 + rng.below(3) as u32;
        let weighted = mesh
            .with_area_costs(&costs)
            .with_filter(scene.filter)
            .with_links(&links)
            .unwrap()
            .for_agent(agent);
        let usable = |a: Point, b: Point| {
            links
                .iter()
                .filter(|l| l.enabled && l.mask & agent != 0 && l.joins(a, b))
                .map(|l| l.cost)
                .fold(f64::INFINITY, f64::min)
        };
        for _ in 0..4 {
            let (Some(s), Some(g)) = (free(&mut rng), free(&mut rng)) else {
                continue;
            };
            let answer =
                weighted.find_path(&mut search, Point::new(s.0, s.1), Point::new(g.0, g.1));
            let path = match answer {
                Ok(o) => match o.into_path() {
                    Some(path) => path,
                    None => continue,
                },
                Err(NavMeshError::OffMesh { .. }) => continue,
                Err(e) => panic!("seed {seed}: {e}"),
            };
            assert_eq!(path.nodes.first(), Some(&Point::new(s.0, s.1)));
            assert_eq!(path.nodes.last(), Some(&Point::new(g.0, g.1)));
            let mut total = 0.0;
            for w in path.nodes.windows(2) {
                let (a, b) = ((w[0].x, w[0].y), (w[1].x, w[1].y));
                let walk = if world.segment_clear(a, b) {
                    walk_cost(&scene.areas, &factor, a, b)
                } else {
                    f64::INFINITY
                };
                let hop = usable(w[0], w[1]);
                assert!(
                    walk.is_finite() || hop.is_finite(),
                    "seed {seed}: {a:?} to {b:?} is neither a walk nor a link it may take"
                );
                if hop < walk {
                    hops_taken += 1;
                }
                total += walk.min(hop);
            }
            assert!(
                (total - path.cost).abs() <= 1e-7 * total.max(1.0),
                "seed {seed}: the path costs {total}, not {}",
                path.cost
            );
            checked += 1;
        }
    }
    assert!(checked >= 400 && hops_taken >= 40, "{checked} {hops_taken}");
}

/// Random obstacles (one to three) and areas in a box of `size` for an agent of radius 0 kept
/// out of some of them, and the mesh of them; `None` where the oracle does not apply.
fn linked_scene(rng: &mut Rng, size: f64) -> Option<(AreaScene, NavMesh)> {
    let raw: Vec<Vec<P>> = (0..1 + rng.below(3))
        .map(|_| {
            let kind = rng.below(5);
            any_obstacle(rng, size, kind)
        })
        .collect();
    let filter_bits = rng.below(8) as u8;
    let scene = AreaScene::new(rng, &raw, 0.0, size, filter_bits)?;
    let mesh = NavMesh::from_obstacles_with_areas(
        &scene.polygons,
        &scene.area_polygons,
        0.0,
        Point::new(0.0, 0.0),
        Point::new(size, size),
    )
    .unwrap();
    Some((scene, mesh))
}

/// A random point on the agent's ground (the oracle's and the mesh's), if one of 200 tries is.
fn free_point(rng: &mut Rng, scene: &AreaScene, mesh: &NavMesh, size: f64) -> Option<P> {
    (0..200).find_map(|_| {
        let p = (rng.unit() * size, rng.unit() * size);
        (scene.world.is_free(p) && mesh.triangle_at(Point::new(p.0, p.1)).is_some()).then_some(p)
    })
}

/// Found by the fuzz target `navmesh_costs`: with one factor everywhere, a search with links
/// runs the links' search with each link's cost over the factor; a factor near the smallest
/// `f64` (1.4e-308, accepted: positive and finite) made a link's cost over it infinite, and the
/// links' search refused the link, so the query failed with `InvalidLink`. Such a link is now
/// taken by the general search, at its own cost.
#[test]
fn a_factor_near_the_smallest_float_with_a_link_is_searched() {
    let p = Point::new;
    // A wall across the field but for a gap at its right end, and a link over it.
    let wall = Polygon::new(vec![p(0.0, 4.0), p(9.0, 4.0), p(9.0, 6.0), p(0.0, 6.0)]);
    let mesh = NavMesh::from_obstacles(&[wall], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    let tiny = 1.386_868_545_140_003e-308;
    let costs = AreaCosts::new().with(0, tiny).unwrap();
    let links = [OffMeshLink::new(p(2.0, 3.0), p(2.0, 7.0), 31.5)];
    let weighted = mesh.with_area_costs(&costs).with_links(&links).unwrap();
    let mut search = WeightedSearch::new();
    let (start, goal) = (p(2.0, 1.0), p(2.0, 9.0));
    // Walking round through the gap costs next to nothing; the link 31.5.
    let path = weighted
        .find_path(&mut search, start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (start, goal));
    assert!(!path.nodes.windows(2).any(|w| links[0].joins(w[0], w[1])));
    assert!(path.cost > 0.0 && path.cost < 1e-300, "{}", path.cost);
    // Walled off from the gap, the link is the only way: it costs 31.5 and the walks nothing.
    let shut = Polygon::new(vec![p(9.0, 0.0), p(10.0, 0.0), p(10.0, 4.0), p(9.0, 4.0)]);
    let mesh = NavMesh::from_obstacles(
        &[
            Polygon::new(vec![p(0.0, 4.0), p(10.0, 4.0), p(10.0, 6.0), p(0.0, 6.0)]),
            shut,
        ],
        0.0,
        p(0.0, 0.0),
        p(10.0, 10.0),
    )
    .unwrap();
    let weighted = mesh.with_area_costs(&costs).with_links(&links).unwrap();
    let path = weighted
        .find_path(&mut search, start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    assert_eq!(path.nodes, vec![start, links[0].from, links[0].to, goal]);
    assert!((path.cost - 31.5).abs() <= 1e-12, "{}", path.cost);
}

/// Found by the fuzz target `navmesh_costs`: where the agent's ground narrows to one vertex (two
/// forbidden areas, or two obstacles, meeting at a corner), the graph of points joined every
/// triangle round the vertex, so a path went from one side to the other through the point,
/// where the any-angle search (and so the same search with one cost everywhere) finds none.
/// The triangles round a vertex now reach it by one node for each group of them joined across
/// the edges through it.
#[test]
fn ground_narrowing_to_a_point_is_not_passed_through() {
    let p = Point::new;
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Polygon::new(vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
    };
    const WALLED: u8 = 1;
    const DEAR: u8 = 2;
    let dear = (rect(0.0, 0.0, 2.0, 2.0), DEAR);
    let costs = AreaCosts::new().with(DEAR, 3.0).unwrap();
    let (start, goal) = (p(1.0, 4.0), p(9.0, 6.0));
    let mut search = WeightedSearch::new();
    // Two forbidden areas meeting at (5, 5).
    let areas = [
        (rect(0.0, 5.0, 5.0, 10.0), WALLED),
        (rect(5.0, 0.0, 10.0, 5.0), WALLED),
        dear.clone(),
    ];
    let mesh =
        NavMesh::from_obstacles_with_areas(&[], &areas, 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    let filter = AreaFilter::ALL.without(WALLED).unwrap();
    let exact = mesh
        .with_filter(filter)
        .find_path(&mut pathkit::navmesh::AnyAngleSearch::new(), start, goal)
        .unwrap();
    assert!(exact.path().is_none());
    let weighted = mesh.with_area_costs(&costs).with_filter(filter);
    let answer = weighted.find_path(&mut search, start, goal).unwrap();
    assert!(answer.path().is_none(), "{answer:?}");
    // Within one side, paths are found.
    let path = weighted
        .find_path(&mut search, p(1.0, 4.0), p(4.0, 1.0))
        .unwrap()
        .into_path()
        .unwrap();
    assert!(path.cost >= p(1.0, 4.0).distance(p(4.0, 1.0)) - 1e-9);
    // Two obstacles meeting at (5, 5).
    let obstacles = [rect(0.0, 5.0, 5.0, 10.0), rect(5.0, 0.0, 10.0, 5.0)];
    let mesh =
        NavMesh::from_obstacles_with_areas(&obstacles, &[dear], 0.0, p(0.0, 0.0), p(10.0, 10.0))
            .unwrap();
    let exact = mesh
        .find_path(&mut pathkit::navmesh::AnyAngleSearch::new(), start, goal)
        .unwrap();
    assert!(exact.path().is_none());
    let answer = mesh
        .with_area_costs(&costs)
        .find_path(&mut search, start, goal)
        .unwrap();
    assert!(answer.path().is_none(), "{answer:?}");
}

/// Found by the fuzz target `navmesh_costs`: a link from a point to itself, with one factor
/// everywhere, went to the links' search, which took it on a path through its point, at its
/// cost (the path cost 58.8 where walking it cost 30.05). A link that goes nowhere is now left
/// out. This open field does not make the links' search take it; the kept input
/// (`tests/fixtures/fuzz/navmesh_costs/a-link-from-a-point-to-itself`, replayed by
/// `navmesh_fuzz_regressions`) does, and fails without the fix. Here: such a link changes no
/// answer, with one factor or another.
#[test]
fn a_link_from_a_point_to_itself_is_not_taken() {
    let p = Point::new;
    let mesh = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    let links = [OffMeshLink::new(p(5.0, 5.0), p(5.0, 5.0), 10.0).both_ways()];
    let (start, goal) = (p(1.0, 1.0), p(9.0, 9.0));
    let mut search = WeightedSearch::new();
    for costs in [AreaCosts::new(), AreaCosts::new().with(0, 2.0).unwrap()] {
        let weighted = mesh.with_area_costs(&costs).with_links(&links).unwrap();
        let path = weighted
            .find_path(&mut search, start, goal)
            .unwrap()
            .into_path()
            .unwrap();
        let expected = costs.factor(0) * start.distance(goal);
        assert!((path.cost - expected).abs() <= 1e-9, "{}", path.cost);
    }
}
