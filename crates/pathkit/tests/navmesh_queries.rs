//! The navmesh's queries against oracles written here, on a box holding axis-aligned rectangles
//! (agent radius 0):
//! - `raycast`: a ray from a free point stops where it first enters a rectangle's open interior
//!   or leaves the box, clipped against each (Liang–Barsky), and the wall it meets faces back the
//!   way it came; rays grazing a side or a corner go on, as `line_of_sight` lets them;
//! - `triangles_along`: a leg crosses exactly the triangles whose open interior it passes
//!   through;
//! - `snapping`: a point inside a rectangle moves to the nearest point of its sides, one outside
//!   the box to the nearest point of the box, and only within the distance allowed.

use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{NavMesh, NavMeshError};
use proptest::prelude::*;

const W: f64 = 30.0;
const H: f64 = 20.0;

/// `(x0, y0, x1, y1)`.
type Rect = (f64, f64, f64, f64);

/// Where the segment `a`-`b` (as a share of it) enters the open interior of `r`, with the
/// outward normal of the side it enters through; `None` if it does not.
fn enters(a: Point, b: Point, r: Rect) -> Option<(f64, Point)> {
    let d = b - a;
    let (mut t0, mut t1, mut normal) = (0.0f64, 1.0f64, Point::new(0.0, 0.0));
    let sides = [
        (-d.x, a.x - r.0, Point::new(-1.0, 0.0)),
        (d.x, r.2 - a.x, Point::new(1.0, 0.0)),
        (-d.y, a.y - r.1, Point::new(0.0, -1.0)),
        (d.y, r.3 - a.y, Point::new(0.0, 1.0)),
    ];
    for (p, q, n) in sides {
        if p == 0.0 {
            if q <= 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                if t > t0 {
                    t0 = t;
                    normal = n;
                }
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t1 - t0 > 1e-9 && t0 > 0.0).then_some((t0, normal))
}

/// Where the segment leaves the box, with the inward normal of that side; `None` if it stays.
fn leaves_box(a: Point, b: Point) -> Option<(f64, Point)> {
    let d = b - a;
    let mut best: Option<(f64, Point)> = None;
    for (p, q, n) in [
        (d.x, W - a.x, Point::new(-1.0, 0.0)),
        (-d.x, a.x, Point::new(1.0, 0.0)),
        (d.y, H - a.y, Point::new(0.0, -1.0)),
        (-d.y, a.y, Point::new(0.0, 1.0)),
    ] {
        if p > 0.0 {
            let t = q / p;
            if t < 1.0 && best.is_none_or(|(b, _)| t < b) {
                best = Some((t, n));
            }
        }
    }
    best
}

/// The oracle's first hit: share of the ray and normal.
fn first_hit(rects: &[Rect], a: Point, b: Point) -> Option<(f64, Point)> {
    rects
        .iter()
        .filter_map(|&r| enters(a, b, r))
        .chain(leaves_box(a, b))
        .min_by(|x, y| x.0.total_cmp(&y.0))
}

/// Up to `n` rectangles with whole-number corners, each at least 1 from the box and the others.
fn rects(seeds: &[(u8, u8, u8, u8)]) -> Vec<Rect> {
    let mut out: Vec<Rect> = Vec::new();
    for &(x, y, w, h) in seeds {
        let (x, y) = (1.0 + f64::from(x % 24), 1.0 + f64::from(y % 14));
        let r = (
            x,
            y,
            (x + 1.0 + f64::from(w % 5)).min(W - 1.0),
            (y + 1.0 + f64::from(h % 5)).min(H - 1.0),
        );
        let apart =
            |o: &Rect| r.2 + 1.0 <= o.0 || o.2 + 1.0 <= r.0 || r.3 + 1.0 <= o.1 || o.3 + 1.0 <= r.1;
        if r.0 < r.2 && r.1 < r.3 && out.iter().all(apart) {
            out.push(r);
        }
    }
    out
}

/// The mesh of the box with `rects` as obstacles, for an agent of radius 0.
fn mesh_of(rects: &[Rect]) -> NavMesh {
    let polygons: Vec<Polygon> = rects
        .iter()
        .map(|r| {
            Polygon::new(vec![
                Point::new(r.0, r.1),
                Point::new(r.2, r.1),
                Point::new(r.2, r.3),
                Point::new(r.0, r.3),
            ])
        })
        .collect();
    NavMesh::from_obstacles(&polygons, 0.0, Point::new(0.0, 0.0), Point::new(W, H)).unwrap()
}

fn inside_any(rects: &[Rect], p: Point) -> bool {
    rects
        .iter()
        .any(|r| p.x >= r.0 && p.x <= r.2 && p.y >= r.1 && p.y <= r.3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn raycasts_stop_where_the_oracle_says(
        seeds in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 1..10),
        rays in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, -0.5f64..1.5, -0.5f64..1.5), 20),
    ) {
        let rects = rects(&seeds);
        let mesh = mesh_of(&rects);
        for (ax, ay, bx, by) in rays {
            let a = Point::new(ax * W, ay * H);
            if inside_any(&rects, a) || a.x <= 0.0 || a.y <= 0.0 {
                continue;
            }
            let b = Point::new(bx * W, by * H);
            let got = mesh.raycast(a, b).unwrap();
            match (got, first_hit(&rects, a, b)) {
                (None, None) => {}
                (Some(hit), Some((s, normal))) => {
                    let want = a + (b - a) * s;
                    prop_assert!(hit.point.distance(want) < 1e-7, "{a:?} -> {b:?}: hit {:?}, the oracle {want:?}", hit.point);
                    prop_assert!((hit.distance - a.distance(want)).abs() < 1e-7);
                    prop_assert!(hit.normal.distance(normal) < 1e-9, "{a:?} -> {b:?}: normal {:?}, the oracle {normal:?}", hit.normal);
                    // What the ray crossed before the hit is in sight.
                    let before = a + (b - a) * (s * 0.999);
                    prop_assert!(mesh.line_of_sight(a, before).unwrap());
                }
                (got, want) => prop_assert!(false, "{a:?} -> {b:?}: {got:?}, the oracle {want:?}"),
            }
        }
    }
}

#[test]
fn a_raycast_refuses_a_start_off_the_mesh_or_not_finite() {
    let p = Point::new;
    let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    assert_eq!(
        mesh.raycast(p(5.0, 5.0), p(9.0, 9.0)),
        Err(NavMeshError::OffMesh { point: p(5.0, 5.0) })
    );
    assert!(matches!(
        mesh.raycast(p(1.0, 1.0), p(f64::NAN, 2.0)),
        Err(NavMeshError::NonFinite { .. })
    ));
    // A ray of no length reaches its end.
    assert_eq!(mesh.raycast(p(1.0, 1.0), p(1.0, 1.0)), Ok(None));
}

#[test]
fn a_ray_between_two_obstacles_meeting_at_a_point_stops_there() {
    let p = Point::new;
    let square = |x: f64, y: f64| {
        Polygon::new(vec![
            p(x, y),
            p(x + 2.0, y),
            p(x + 2.0, y + 2.0),
            p(x, y + 2.0),
        ])
    };
    let mesh = NavMesh::from_obstacles(
        &[square(2.0, 2.0), square(4.0, 4.0)],
        0.0,
        p(0.0, 0.0),
        p(10.0, 10.0),
    )
    .unwrap();
    // From below right to above left, through the one point where the squares meet.
    let hit = mesh
        .raycast(p(5.0, 3.0), p(3.0, 5.0))
        .unwrap()
        .expect("no slipping through a point");
    assert!(hit.point.distance(p(4.0, 4.0)) < 1e-9, "{hit:?}");
    assert!((hit.distance - 2f64.sqrt()).abs() < 1e-9);
    let back = p(1.0, -1.0) * (1.0 / 2f64.sqrt());
    assert!(hit.normal.distance(back) < 1e-9, "{hit:?}");
    assert!(!mesh.line_of_sight(p(5.0, 3.0), p(3.0, 5.0)).unwrap());
}

/// Whether the segment `a`-`b` passes through the open interior of the counter-clockwise
/// triangle `t` for a positive length (clipped against its three open half-planes).
fn crosses(a: Point, b: Point, t: [Point; 3]) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for i in 0..3 {
        let (p, q) = (t[i], t[(i + 1) % 3]);
        let e = q - p;
        // Inside: left of each edge, e x (x - p) > 0, along the segment: f0 + s * f1.
        let (f0, f1) = (e.cross(a - p), e.cross(d));
        if f1 == 0.0 {
            if f0 <= 0.0 {
                return false;
            }
        } else if f1 > 0.0 {
            t0 = t0.max(-f0 / f1);
        } else {
            t1 = t1.min(-f0 / f1);
        }
    }
    t1 - t0 > 1e-9
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The triangles a straight leg in sight crosses are exactly those whose interior it passes
    /// through; a found path's corridor steps between triangles that touch, and holds each
    /// leg's middle.
    #[test]
    fn the_triangles_along_a_path_are_those_it_crosses(
        seeds in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 1..10),
        legs in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0), 15),
    ) {
        let rects = rects(&seeds);
        let mesh = mesh_of(&rects);
        let triangles: Vec<[Point; 3]> = (0..mesh.triangle_count()).map(|k| mesh.triangle(k).unwrap()).collect();
        for (ax, ay, bx, by) in legs {
            let (a, b) = (Point::new(ax * W, ay * H), Point::new(bx * W, by * H));
            if inside_any(&rects, a) || inside_any(&rects, b) {
                continue;
            }
            let along = mesh.triangles_along(&[a, b]).unwrap();
            if !mesh.line_of_sight(a, b).unwrap() {
                prop_assert_eq!(along, None);
                // A found path goes round: its corridor is connected and covers it.
                let path = pathkit::Pathfinder::find_path(&mesh, &mut pathkit::navmesh::AnyAngleSearch::new(), a, b).unwrap();
                let Some(path) = path.into_path() else { continue };
                let corridor = mesh.triangles_along(&path.nodes).unwrap().expect("a path of the mesh");
                for pair in corridor.windows(2) {
                    let (s, t) = (triangles[pair[0]], triangles[pair[1]]);
                    prop_assert!(s.iter().any(|p| t.iter().any(|q| p.distance(*q) < 1e-12)), "{pair:?} do not touch");
                }
                for leg in path.nodes.windows(2) {
                    let middle = (leg[0] + leg[1]) * 0.5;
                    prop_assert!(corridor.iter().any(|&k| {
                        let t = triangles[k];
                        (0..3).all(|i| (t[(i + 1) % 3] - t[i]).cross(middle - t[i]) >= -1e-9)
                    }), "{middle:?} in none of {corridor:?}");
                }
                continue;
            }
            let mut got = along.expect("a leg in sight is walked");
            let mut want: Vec<usize> = (0..triangles.len()).filter(|&k| crosses(a, b, triangles[k])).collect();
            got.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(got, want, "{:?} -> {:?}", a, b);
        }
    }
}

/// The nearest free point to `p` (inside a rectangle: its nearest side; outside the box: the box).
fn nearest_free(rects: &[Rect], p: Point) -> Point {
    if let Some(r) = rects
        .iter()
        .find(|r| p.x > r.0 && p.x < r.2 && p.y > r.1 && p.y < r.3)
    {
        let sides = [
            (p.x - r.0, Point::new(r.0, p.y)),
            (r.2 - p.x, Point::new(r.2, p.y)),
            (p.y - r.1, Point::new(p.x, r.1)),
            (r.3 - p.y, Point::new(p.x, r.3)),
        ];
        return sides
            .into_iter()
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap()
            .1;
    }
    Point::new(p.x.clamp(0.0, W), p.y.clamp(0.0, H))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A search with snapping answers the mesh's search from the nearest free points, and
    /// refuses ends farther than its distance.
    #[test]
    fn snapping_moves_ends_to_the_nearest_free_point_within_its_distance(
        seeds in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 1..10),
        ends in prop::collection::vec((-0.05f64..1.05, -0.05f64..1.05, -0.05f64..1.05, -0.05f64..1.05), 10),
        reach in 0.2f64..2.0,
    ) {
        let rects = rects(&seeds);
        let mesh = mesh_of(&rects);
        let snapping = mesh.snapping(reach).unwrap();
        let mut ctx = pathkit::navmesh::AnyAngleSearch::new();
        for (ax, ay, bx, by) in ends {
            let (a, b) = (Point::new(ax * W, ay * H), Point::new(bx * W, by * H));
            let (near_a, near_b) = (nearest_free(&rects, a), nearest_free(&rects, b));
            let got = pathkit::Pathfinder::find_path(&snapping, &mut ctx, a, b);
            let (da, db) = (near_a.distance(a), near_b.distance(b));
            if (da - reach).abs() < 1e-9 || (db - reach).abs() < 1e-9 {
                continue; // on the edge of the reach: either answer is right
            }
            if da > reach {
                prop_assert_eq!(got.unwrap_err(), NavMeshError::OffMesh { point: a });
                continue;
            }
            if db > reach {
                prop_assert_eq!(got.unwrap_err(), NavMeshError::OffMesh { point: b });
                continue;
            }
            let got = got.unwrap();
            let want = pathkit::Pathfinder::find_path(&mesh, &mut ctx, near_a, near_b).unwrap();
            match (got.into_path(), want.into_path()) {
                (Some(g), Some(w)) => {
                    prop_assert!(g.nodes[0].distance(near_a) < 1e-9, "{:?} snapped to {:?}, the oracle {near_a:?}", a, g.nodes[0]);
                    let last = *g.nodes.last().unwrap();
                    prop_assert!(last.distance(near_b) < 1e-9, "{:?} snapped to {:?}, the oracle {near_b:?}", b, last);
                    prop_assert!((g.cost - w.cost).abs() < 1e-9);
                }
                (None, None) => {}
                (g, w) => prop_assert!(false, "{a:?} -> {b:?}: {g:?}, from the oracle's point {w:?}"),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The triangles a search reached (its explored area), each once and in order, none off the
    /// mesh, hold the middle of every leg of its path (but for the triangles holding its ends).
    #[test]
    fn the_triangles_a_search_reached_hold_its_paths_corridor(
        seeds in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 1..10),
        ends in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0), 8),
    ) {
        let rects = rects(&seeds);
        let mesh = mesh_of(&rects);
        let mut search = pathkit::navmesh::AnyAngleSearch::new();
        for (ax, ay, bx, by) in ends {
            let (a, b) = (Point::new(ax * W, ay * H), Point::new(bx * W, by * H));
            if inside_any(&rects, a) || inside_any(&rects, b) {
                continue;
            }
            let found = pathkit::Pathfinder::find_path(&mesh, &mut search, a, b).unwrap();
            let reached = search.reached_triangles();
            prop_assert!(reached.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(reached.iter().all(|&k| k < mesh.triangle_count()));
            let Some(path) = found.into_path() else { continue };
            // Each leg's middle lies in a triangle the search reached, or in one holding an end
            // (where it begins and stops; on a side or a corner, several).
            let holds = |t: [Point; 3], p: Point| (0..3).all(|i| (t[(i + 1) % 3] - t[i]).cross(p - t[i]) >= -1e-9);
            let triangle = |k: usize| mesh.triangle(k).unwrap();
            for leg in path.nodes.windows(2) {
                let middle = (leg[0] + leg[1]) * 0.5;
                let seen = (0..mesh.triangle_count()).any(|k| {
                    let t = triangle(k);
                    holds(t, middle) && (reached.binary_search(&k).is_ok() || holds(t, a) || holds(t, b))
                });
                prop_assert!(seen, "{:?} in no triangle reached: {:?}", middle, reached);
            }
        }
    }
}
