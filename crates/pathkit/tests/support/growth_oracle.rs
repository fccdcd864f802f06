//! Polygons grown by a buffer radius, and the visibility rule between their corners, written from
//! the rules in `shared/docs/gameplaykit-semantics.md` (§2.5, §2.6) and pathkit's documentation
//! of `Extrusion`, with no pathkit code: its own centroid, its own offset lines, its own segment
//! tests.
//!
//! - **Radial** (GameplayKit's): `C` is the area-weighted centroid (signed area, so either
//!   winding; the mean of the vertices when the area is 0); vertex `v` moves to
//!   `v + r (v - C) / |v - C|` (stays when `v = C`).
//! - **Mitre**: every side moves out by `r`, parallel to itself; each vertex goes where the two
//!   moved sides through it meet. Repeated vertices are skipped when finding a vertex's sides;
//!   two sides along one line (to a millionth of a radian) move the vertex straight out; a side that turns straight back (a
//!   spike) has no meeting point and grows radially; so does a polygon without area.
//! - A radius of 0 grows by a thousandth of a unit (GameplayKit places nodes "a thousandth of a
//!   unit out").
//! - **Visibility** (§2.5): a segment `a`–`b` is blocked by a polygon when it properly crosses a
//!   side that has neither `a` nor `b` as an end (overlapping collinearly counts), when its
//!   midpoint lies strictly inside, or when it passes through a vertex into the inside.

#![allow(dead_code)] // Each including crate uses its own part.

/// A point.
pub type P = (f64, f64);

/// The radius a graph grows by when asked for 0.
pub const ZERO_RADIUS: f64 = 0.001;

fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

fn cross2(a: P, b: P) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// Twice the signed area (positive counter-clockwise with y up).
pub fn doubled_area(poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| cross2(poly[i], poly[(i + 1) % n]))
        .sum::<f64>()
}

/// The area-weighted centroid, or the mean of the vertices when the polygon has no area.
pub fn centroid(poly: &[P]) -> P {
    let n = poly.len();
    let a2 = doubled_area(poly);
    if a2 == 0.0 || !a2.is_finite() {
        let (sx, sy) = poly.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
        return (sx / n as f64, sy / n as f64);
    }
    let (mut cx, mut cy) = (0.0, 0.0);
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let c = cross2(p, q);
        cx += (p.0 + q.0) * c;
        cy += (p.1 + q.1) * c;
    }
    (cx / (3.0 * a2), cy / (3.0 * a2))
}

fn radial_vertex(v: P, c: P, r: f64) -> P {
    let d = sub(v, c);
    let len = d.0.hypot(d.1);
    if len == 0.0 {
        v
    } else {
        (v.0 + d.0 * r / len, v.1 + d.1 * r / len)
    }
}

/// Every vertex grown radially by `r`.
pub fn radial(poly: &[P], r: f64) -> Vec<P> {
    let c = centroid(poly);
    poly.iter().map(|&v| radial_vertex(v, c, r)).collect()
}

/// Every vertex grown by the mitre rule by `r`.
pub fn mitre(poly: &[P], r: f64) -> Vec<P> {
    let a2 = doubled_area(poly);
    if a2 == 0.0 || !a2.is_finite() {
        return radial(poly, r);
    }
    let c = centroid(poly);
    let n = poly.len();
    // The outward side of a side going `d`: to its right when the polygon turns left.
    let out = |d: P| {
        let len = d.0.hypot(d.1);
        if a2 > 0.0 {
            (d.1 / len, -d.0 / len)
        } else {
            (-d.1 / len, d.0 / len)
        }
    };
    (0..n)
        .map(|k| {
            let v = poly[k];
            let prev = (1..n).map(|s| poly[(k + n - s) % n]).find(|&p| p != v);
            let next = (1..n).map(|s| poly[(k + s) % n]).find(|&p| p != v);
            let (Some(prev), Some(next)) = (prev, next) else {
                return radial_vertex(v, c, r);
            };
            let (d1, d2) = (sub(v, prev), sub(next, v));
            let (n1, n2) = (out(d1), out(d2));
            // The moved sides: points `v + n1 r + s d1` and `v + n2 r + t d2`.
            let (p1, p2) = (
                (v.0 + n1.0 * r, v.1 + n1.1 * r),
                (v.0 + n2.0 * r, v.1 + n2.1 * r),
            );
            let denominator = cross2(d1, d2);
            let len = d1.0.hypot(d1.1) * d2.0.hypot(d2.1);
            // Sides within a millionth of a radian of parallel: intersecting their moved lines
            // would divide one rounding error by another, and the true meeting point lies within
            // `r` millionths of the side moved straight out (far inside the test's tolerance).
            if denominator.abs() <= 1e-6 * len {
                // Parallel sides: along one line, or a spike turning straight back.
                let dot = d1.0 * d2.0 + d1.1 * d2.1;
                return if dot > 0.0 {
                    p1
                } else {
                    radial_vertex(v, c, r)
                };
            }
            let s = cross2(sub(p2, p1), d2) / denominator;
            (p1.0 + s * d1.0, p1.1 + s * d1.1)
        })
        .collect()
}

/// `poly` grown by `r` (a thousandth of a unit for `r <= 0`), mitred or radially.
pub fn grown(poly: &[P], r: f64, mitred: bool) -> Vec<P> {
    let r = if r > 0.0 { r } else { ZERO_RADIUS };
    if mitred {
        mitre(poly, r)
    } else {
        radial(poly, r)
    }
}

/// A point stored as pathkit's 2D nodes store it, in `f32`, read back.
pub fn as_stored(p: P) -> P {
    (f64::from(p.0 as f32), f64::from(p.1 as f32))
}

fn cross(o: P, a: P, b: P) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// `p` on the closed segment `a`–`b`.
fn on(p: P, a: P, b: P) -> bool {
    cross(a, b, p) == 0.0
        && p.0 >= a.0.min(b.0)
        && p.0 <= a.0.max(b.0)
        && p.1 >= a.1.min(b.1)
        && p.1 <= a.1.max(b.1)
}

/// Segments meeting at a point strictly inside both, or overlapping collinearly.
pub fn crossing(a: P, b: P, c: P, d: P) -> bool {
    let (d1, d2, d3, d4) = (
        cross(c, d, a),
        cross(c, d, b),
        cross(a, b, c),
        cross(a, b, d),
    );
    if d1 == 0.0 && d2 == 0.0 {
        if d3 != 0.0 || d4 != 0.0 {
            return false;
        }
        // Collinear: the overlap of the projections on the longer axis.
        let x = (b.0 - a.0).abs() + (d.0 - c.0).abs() >= (b.1 - a.1).abs() + (d.1 - c.1).abs();
        let k = |p: P| if x { p.0 } else { p.1 };
        return k(a).min(k(b)).max(k(c).min(k(d))) < k(a).max(k(b)).min(k(c).max(k(d)));
    }
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Winding number of the polygon around `p` (not on a side).
fn winding(poly: &[P], p: P) -> i32 {
    let mut w = 0;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if a.1 <= p.1 && b.1 > p.1 && cross(a, b, p) > 0.0 {
            w += 1;
        } else if a.1 > p.1 && b.1 <= p.1 && cross(a, b, p) < 0.0 {
            w -= 1;
        }
    }
    w
}

/// `p` inside the polygon, not on a side.
pub fn strictly_inside(poly: &[P], p: P) -> bool {
    let n = poly.len();
    n >= 3 && !(0..n).any(|i| on(p, poly[i], poly[(i + 1) % n])) && winding(poly, p) != 0
}

/// The visibility rule, from its statement.
pub fn blocked(poly: &[P], a: P, b: P) -> bool {
    let n = poly.len();
    let sides = if n == 2 { 1 } else { n };
    for i in 0..sides {
        let (u, v) = (poly[i], poly[(i + 1) % n]);
        if [u, v].iter().any(|&q| q == a || q == b) {
            continue;
        }
        if crossing(a, b, u, v) {
            return true;
        }
    }
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    if strictly_inside(poly, mid) {
        return true;
    }
    // Through a vertex into the inside: points just before and after it along the segment.
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    poly.iter().any(|&v| {
        v != a && v != b && on(v, a, b) && {
            let t = 1e-7 / len.max(1e-300);
            let (dx, dy) = ((b.0 - a.0) * t, (b.1 - a.1) * t);
            strictly_inside(poly, (v.0 + dx, v.1 + dy))
                || strictly_inside(poly, (v.0 - dx, v.1 - dy))
        }
    })
}

/// Distance from `p` to the segment `a`–`b`.
pub fn distance_to_segment(p: P, a: P, b: P) -> f64 {
    let d = sub(b, a);
    let len2 = d.0 * d.0 + d.1 * d.1;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * d.0 + (p.1 - a.1) * d.1) / len2).clamp(0.0, 1.0)
    };
    let q = (a.0 + t * d.0, a.1 + t * d.1);
    (p.0 - q.0).hypot(p.1 - q.1)
}

/// Whether the segment `a`–`b` meets `poly` so nearly in a degenerate way (a vertex of `poly`
/// within `eps` of it, other than its own ends, or one of its ends within `eps` of a side that
/// does not end there) that a rounding in the last bit may turn the rule's answer: a segment
/// running along a side, or through a vertex, of a polygon with collinear points. The rule
/// decides such a segment on exact coordinates, and two honest implementations of it may
/// disagree on points a rounding apart; a test leaves such pairs to either answer, and counts
/// them.
pub fn near_degenerate(poly: &[P], a: P, b: P, eps: f64) -> bool {
    let n = poly.len();
    let vertex_near = poly
        .iter()
        .any(|&v| v != a && v != b && distance_to_segment(v, a, b) < eps);
    let sides = if n == 2 { 1 } else { n };
    let end_near = (0..sides).any(|i| {
        let (u, v) = (poly[i], poly[(i + 1) % n]);
        [a, b]
            .iter()
            .any(|&e| e != u && e != v && distance_to_segment(e, u, v) < eps)
    });
    vertex_near || end_near
}

/// Whether two sides of `o` that share no corner cross (the grown polygon is not simple).
pub fn self_crossing(o: &[(f64, f64)]) -> bool {
    let n = o.len();
    let cross = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    };
    (0..n).any(|i| {
        (i + 2..n).any(|j| {
            if (j + 1) % n == i {
                return false;
            }
            let (a, b, c, d) = (o[i], o[(i + 1) % n], o[j], o[(j + 1) % n]);
            (cross(a, b, c) > 0.0) != (cross(a, b, d) > 0.0)
                && (cross(c, d, a) > 0.0) != (cross(c, d, b) > 0.0)
        })
    })
}
