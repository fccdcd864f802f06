//! Agent radius on navigation meshes: obstacles grown by the radius before triangulation keep
//! every path at least the radius from every obstacle and from the bounds, and a corridor lets
//! an agent through exactly when it is wide enough. Distances are measured here, from the
//! original obstacles, with no code of the library's geometry.

use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::AnyAngleSearch;
use pathkit::navmesh::NavMesh;
use pathkit::Pathfinder;

/// Distance from point `p` to segment `a`–`b`.
fn point_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 - (a.0 + t * dx)).hypot(p.1 - (a.1 + t * dy))
}

fn cross(o: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Whether the two segments properly cross.
fn crosses(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    (cross(a, b, c) > 0.0) != (cross(a, b, d) > 0.0)
        && (cross(c, d, a) > 0.0) != (cross(c, d, b) > 0.0)
}

/// Distance from segment `a`–`b` to the convex polygon `poly` (counter-clockwise): zero when
/// they meet.
fn segment_polygon(a: (f64, f64), b: (f64, f64), poly: &[(f64, f64)]) -> f64 {
    let n = poly.len();
    let inside = |p: (f64, f64)| (0..n).all(|i| cross(poly[i], poly[(i + 1) % n], p) >= 0.0);
    if inside(a) || inside(b) || (0..n).any(|i| crosses(a, b, poly[i], poly[(i + 1) % n])) {
        return 0.0;
    }
    let mut best = f64::INFINITY;
    for i in 0..n {
        let (u, v) = (poly[i], poly[(i + 1) % n]);
        best = best.min(point_segment(u, a, b)).min(point_segment(v, a, b));
        best = best.min(point_segment(a, u, v)).min(point_segment(b, u, v));
    }
    best
}

struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A random convex polygon: points on a circle at sorted random angles.
fn convex(rng: &mut Rng, size: f64) -> Vec<(f64, f64)> {
    let (cx, cy, r) = (rng.unit() * size, rng.unit() * size, 0.5 + rng.unit() * 3.0);
    let n = 3 + (rng.unit() * 4.0) as usize;
    let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * std::f64::consts::TAU).collect();
    angles.sort_by(f64::total_cmp);
    angles.dedup();
    angles
        .iter()
        .map(|a| (cx + r * a.cos(), cy + r * a.sin()))
        .collect()
}

#[test]
fn paths_keep_the_agent_radius_from_every_obstacle_and_the_bounds() {
    let size = 30.0;
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut rng = Rng(seed);
        let radius = 0.1 + rng.unit() * 1.4;
        let obstacles: Vec<Vec<(f64, f64)>> = (0..1 + (rng.unit() * 8.0) as usize)
            .map(|_| convex(&mut rng, size))
            .collect();
        let polygons: Vec<Polygon> = obstacles
            .iter()
            .map(|o| Polygon::new(o.iter().map(|&(x, y)| Point::new(x, y)).collect()))
            .collect();
        let mesh = NavMesh::from_obstacles(
            &polygons,
            radius,
            Point::new(0.0, 0.0),
            Point::new(size, size),
        )
        .unwrap();
        let mut pick = || {
            (0..100)
                .map(|_| Point::new(rng.unit() * size, rng.unit() * size))
                .find(|&p| mesh.triangle_at(p).is_some())
        };
        let (Some(a), Some(b)) = (pick(), pick()) else {
            continue;
        };
        let Some(path) = mesh
            .find_path(&mut AnyAngleSearch::new(), a, b)
            .map(|o| o.into_path())
            .unwrap()
        else {
            continue;
        };
        for pair in path.nodes.windows(2) {
            let (p, q) = ((pair[0].x, pair[0].y), (pair[1].x, pair[1].y));
            for (k, o) in obstacles.iter().enumerate() {
                let d = segment_polygon(p, q, o);
                assert!(
                    d >= radius - 1e-7,
                    "seed {seed}: segment {p:?}-{q:?} is {d} from obstacle {k}, radius {radius}"
                );
            }
            for v in [p, q] {
                let wall = v.0.min(v.1).min(size - v.0).min(size - v.1);
                assert!(
                    wall >= radius - 1e-7,
                    "seed {seed}: {v:?} is {wall} from the bounds"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 250, "paths checked: {checked}");
}

#[test]
fn a_corridor_lets_the_agent_through_exactly_when_it_is_wide_enough() {
    let p = Point::new;
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Polygon::new(vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
    };
    for radius in [0.25, 0.5, 1.0] {
        for (gap, passes) in [(2.0 * radius + 0.01, true), (2.0 * radius - 0.01, false)] {
            // Two walls from the bottom and the top of the box, a gap between them at y = 10.
            let walls = [
                rect(9.0, 0.0, 11.0, 10.0 - gap / 2.0),
                rect(9.0, 10.0 + gap / 2.0, 11.0, 20.0),
            ];
            let mesh = NavMesh::from_obstacles(&walls, radius, p(0.0, 0.0), p(20.0, 20.0)).unwrap();
            let path = mesh
                .find_path(&mut AnyAngleSearch::new(), p(3.0, 10.0), p(17.0, 10.0))
                .map(|o| o.into_path())
                .unwrap();
            assert_eq!(path.is_some(), passes, "radius {radius}, gap {gap}");
            if let Some(path) = path {
                assert!(
                    (path.cost - 14.0).abs() < 1e-9,
                    "straight through: {}",
                    path.cost
                );
            }
        }
    }
}
