//! [`segments_cross`]: the crossing test of the visibility rule.

use super::Point;

/// Whether segment `a`–`b` crosses segment `c`–`d`: they meet at a point strictly inside both,
/// or they are collinear and overlap over a positive length. Segments that only touch (at an
/// endpoint of either, or at a shared endpoint) do not cross.
///
/// The test uses only the signs of [`Point::orientation`], so it answers the same for every
/// order of the segments and of their endpoints.
///
/// ```
/// use pathkit::geometry::{segments_cross, Point};
///
/// let p = |x, y| Point::new(x, y);
/// assert!(segments_cross(p(6.0, 2.0), p(16.0, 10.0), p(6.0, 5.0), p(12.0, 3.0)));
/// assert!(!segments_cross(p(6.0, 2.0), p(6.0, 5.0), p(6.0, 5.0), p(7.0, 11.0))); // shared end
/// assert!(segments_cross(p(0.0, 0.0), p(2.0, 0.0), p(1.0, 0.0), p(3.0, 0.0))); // overlap
/// assert!(!segments_cross(p(0.0, 0.0), p(1.0, 0.0), p(1.0, 0.0), p(3.0, 0.0))); // end to end
/// ```
#[must_use]
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2) = (Point::orientation(c, d, a), Point::orientation(c, d, b));
    let (o3, o4) = (Point::orientation(a, b, c), Point::orientation(a, b, d));
    if o1 == 0.0 && o2 == 0.0 {
        // Collinear (or a degenerate segment): overlap of the projections on the longer axis.
        return collinear_overlap(a, b, c, d);
    }
    opposite(o1, o2) && opposite(o3, o4)
}

/// Strictly opposite signs: the points lie strictly on both sides of a line.
fn opposite(p: f64, q: f64) -> bool {
    (p > 0.0 && q < 0.0) || (p < 0.0 && q > 0.0)
}

/// Two collinear segments overlap over a positive length.
fn collinear_overlap(a: Point, b: Point, c: Point, d: Point) -> bool {
    if Point::orientation(a, b, c) != 0.0 || Point::orientation(a, b, d) != 0.0 {
        // `c`–`d` is a point, or `a`–`b` lies on its line but not the other way round.
        return false;
    }
    let along_x = (b.x - a.x).abs() + (d.x - c.x).abs() >= (b.y - a.y).abs() + (d.y - c.y).abs();
    let key = |p: Point| if along_x { p.x } else { p.y };
    let (lo1, hi1) = ordered(key(a), key(b));
    let (lo2, hi2) = ordered(key(c), key(d));
    lo1.max(lo2) < hi1.min(hi2)
}

fn ordered(p: f64, q: f64) -> (f64, f64) {
    if p <= q {
        (p, q)
    } else {
        (q, p)
    }
}

/// Whether point `p` lies on segment `a`–`b` (endpoints included).
#[must_use]
pub(crate) fn on_segment(p: Point, a: Point, b: Point) -> bool {
    Point::orientation(a, b, p) == 0.0
        && p.x >= a.x.min(b.x)
        && p.x <= a.x.max(b.x)
        && p.y >= a.y.min(b.y)
        && p.y <= a.y.max(b.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    /// GameplayKit's geometry scenarios (§5.6): the answer does not depend on the order of the
    /// segments or of their endpoints.
    #[test]
    fn crossings_agree_in_every_order() {
        let (p5, p6, p9, p10) = (p(-1.0, 4.0), p(-3.0, -4.0), p(7.0, 11.0), p(6.0, 5.0));
        let (p11, p14, p15, p17, p19) = (
            p(12.0, 3.0),
            p(7.0, -4.0),
            p(16.0, -4.0),
            p(16.0, 10.0),
            p(6.0, 2.0),
        );
        for (s, t, want) in [
            ((p19, p17), (p10, p11), true),
            ((p19, p10), (p10, p9), false),
            ((p5, p6), (p14, p15), false),
            ((p(0.0, 0.0), p(4.0, 4.0)), (p(2.0, 2.0), p(6.0, 6.0)), true),
            (
                (p(0.0, 0.0), p(4.0, 4.0)),
                (p(4.0, 4.0), p(6.0, 6.0)),
                false,
            ),
            (
                (p(0.0, 0.0), p(4.0, 0.0)),
                (p(2.0, 0.0), p(2.0, 3.0)),
                false,
            ), // a T touches
            (
                (p(0.0, 0.0), p(4.0, 0.0)),
                (p(2.0, 0.0), p(2.0, 0.0)),
                false,
            ), // a point
            ((p(0.0, 0.0), p(0.0, 4.0)), (p(0.0, 1.0), p(0.0, 2.0)), true), // inside, vertical
        ] {
            for (a, b) in [(s.0, s.1), (s.1, s.0)] {
                for (c, d) in [(t.0, t.1), (t.1, t.0)] {
                    assert_eq!(segments_cross(a, b, c, d), want, "{a:?}-{b:?} {c:?}-{d:?}");
                    assert_eq!(segments_cross(c, d, a, b), want, "{c:?}-{d:?} {a:?}-{b:?}");
                }
            }
        }
    }

    #[test]
    fn points_on_a_segment() {
        assert!(on_segment(p(1.0, 1.0), p(0.0, 0.0), p(2.0, 2.0)));
        assert!(on_segment(p(2.0, 2.0), p(0.0, 0.0), p(2.0, 2.0)));
        assert!(!on_segment(p(3.0, 3.0), p(0.0, 0.0), p(2.0, 2.0)));
        assert!(!on_segment(p(1.0, 1.5), p(0.0, 0.0), p(2.0, 2.0)));
    }
}
