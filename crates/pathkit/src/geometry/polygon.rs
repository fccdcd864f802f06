//! [`Polygon`]: area, centroid, containment, the visibility rule, and extrusion.

use super::segment::{on_segment, segments_cross};
use super::Point;

/// How a polygon is grown by a buffer radius.
///
/// ```
/// use pathkit::geometry::{Extrusion, Point, Polygon};
///
/// let square = Polygon::new(vec![
///     Point::new(1.0, -1.0), Point::new(1.0, 1.0), Point::new(-1.0, 1.0), Point::new(-1.0, -1.0),
/// ]);
/// let radial = square.extruded(1.0, Extrusion::Radial);
/// let a = 1.0 + 1.0 / 2f64.sqrt();
/// assert!((radial.points()[1].x - a).abs() < 1e-12 && (radial.points()[1].y - a).abs() < 1e-12);
/// let mitre = square.extruded(1.0, Extrusion::Mitre);
/// assert_eq!(mitre.points()[1], Point::new(2.0, 2.0)); // each side moved out by 1
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Extrusion {
    /// GameplayKit's rule: each vertex moves `r` away from the centroid, along the line from the
    /// centroid through it. The vertices keep `r` of clearance, the sides do not (the sides of
    /// the square `(±1, ±1)` extruded by 1 pass only 0.7071 from it).
    #[default]
    Radial,
    /// Every side moves out by `r`; each vertex goes where its two moved sides meet. The sides
    /// keep `r` of clearance from a convex polygon (and from a non-convex one whose pockets are
    /// wider than `2r`); sharp corners reach far out (`r / sin(θ/2)` for an angle `θ`).
    /// Polygons without area (2 points, or collinear ones) are extruded radially.
    Mitre,
    /// The clearance an agent of radius `r` needs from every obstacle: a polygon with area grows
    /// as [`Mitre`](Self::Mitre), and one without (a thin wall, collinear points, a single point)
    /// becomes the rectangle around it whose sides and ends are `r` from it, where a mitre or
    /// radial offset would only make a longer line. This is how navigation meshes grow their
    /// obstacles ([`NavMesh::from_obstacles`](crate::navmesh::NavMesh::from_obstacles)).
    ///
    /// ```
    /// use pathkit::geometry::{Extrusion, Point, Polygon};
    ///
    /// let wall = Polygon::new(vec![Point::new(0.0, 0.0), Point::new(4.0, 0.0)]);
    /// let grown = wall.extruded(0.5, Extrusion::Clearance);
    /// assert_eq!(grown.points(), [
    ///     Point::new(-0.5, -0.5), Point::new(4.5, -0.5), Point::new(4.5, 0.5), Point::new(-0.5, 0.5),
    /// ]);
    /// // Mitre and radial growth leave it a line, which a path may pass at any distance.
    /// assert_eq!(wall.extruded(0.5, Extrusion::Mitre).area(), 0.0);
    /// ```
    Clearance,
}

/// A polygon whose area is below this share of the square of its extent is a thin wall to
/// [`Extrusion::Clearance`]: points collinear but for rounding, whose mitre would be spikes of
/// any length.
pub(crate) const THIN: f64 = 1e-12;

/// A polygon: its vertices in order, either winding, collinear and repeated points allowed.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
///
/// let square = Polygon::new(vec![
///     Point::new(4.0, 2.0), Point::new(4.0, 4.0), Point::new(2.0, 4.0), Point::new(2.0, 2.0),
/// ]);
/// assert_eq!(square.area(), 4.0);
/// assert_eq!(square.centroid(), Point::new(3.0, 3.0));
/// assert!(square.contains_strictly(Point::new(3.0, 3.0)));
/// assert!(!square.contains_strictly(Point::new(4.0, 3.0))); // on a side
/// // A segment through it is blocked; one along its side, or to a vertex from outside, is not.
/// assert!(square.blocks(Point::new(0.0, 3.0), Point::new(6.0, 3.0)));
/// assert!(!square.blocks(Point::new(0.0, 0.0), Point::new(2.0, 2.0)));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Polygon {
    points: Vec<Point>,
}

impl Polygon {
    /// The polygon with these vertices, in this order.
    #[must_use]
    pub fn new(points: Vec<Point>) -> Self {
        Polygon { points }
    }

    /// The vertices, in order.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the polygon has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The sides: each vertex to the next, the last to the first; a polygon of 2 points has one
    /// side, one of fewer has none.
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let n = self.points.len();
        let sides = match n {
            0 | 1 => 0,
            2 => 1,
            _ => n,
        };
        (0..sides).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }

    /// The signed area: positive for counter-clockwise vertices (with `y` up), negative for
    /// clockwise ones; zero for fewer than 3 vertices.
    ///
    /// Summed around the closed ring (the last vertex back to the first), so that it does not
    /// depend on where the origin is: a thin wall of 2 points has no area wherever it lies.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    ///
    /// let wall = Polygon::new(vec![Point::new(0.5, 0.0), Point::new(-0.25, 0.5)]);
    /// assert_eq!(wall.signed_area(), 0.0);
    /// assert_eq!(wall.centroid(), Point::new(0.125, 0.25)); // the middle of the wall
    /// ```
    #[must_use]
    pub fn signed_area(&self) -> f64 {
        let n = self.points.len();
        if n < 3 {
            return 0.0;
        }
        (0..n)
            .map(|i| self.points[i].cross(self.points[(i + 1) % n]))
            .sum::<f64>()
            / 2.0
    }

    /// The area, whatever the winding.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.signed_area().abs()
    }

    /// The area-weighted centroid, computed with the signed area so that either winding gives
    /// the same point; the mean of the vertices when the area is zero.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    ///
    /// let pentagon = Polygon::new([(7.0, 12.0), (5.0, 9.0), (6.0, 6.0), (8.0, 6.0), (9.0, 9.0)]
    ///     .map(|(x, y)| Point::new(x, y)).to_vec());
    /// let c = pentagon.centroid();
    /// assert!((c.x - 7.0).abs() < 1e-12 && (c.y - 8.6).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn centroid(&self) -> Point {
        let area = self.signed_area();
        if area == 0.0 || !area.is_finite() {
            let n = self.points.len().max(1) as f64;
            let sum = self.points.iter().fold(Point::default(), |s, &p| s + p);
            return sum * (1.0 / n);
        }
        let mut c = Point::default();
        for (a, b) in self.edges() {
            c = c + (a + b) * a.cross(b);
        }
        c * (1.0 / (6.0 * area))
    }

    /// The smallest axis-aligned box holding every vertex: `(min, max)`.
    #[must_use]
    pub fn bounds(&self) -> (Point, Point) {
        let inf = f64::INFINITY;
        self.points.iter().fold(
            (Point::new(inf, inf), Point::new(-inf, -inf)),
            |(lo, hi), p| {
                (
                    Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                    Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                )
            },
        )
    }

    /// Whether `p` lies strictly inside: not outside, not on a side. A polygon without area
    /// contains nothing.
    #[must_use]
    pub fn contains_strictly(&self, p: Point) -> bool {
        if self.points.len() < 3 || self.edges().any(|(a, b)| on_segment(p, a, b)) {
            return false;
        }
        // Even-odd rule: count the sides a ray from `p` towards +x crosses.
        let mut inside = false;
        for (a, b) in self.edges() {
            if (a.y > p.y) != (b.y > p.y) {
                // Where the side meets the line y = p.y, compared without division.
                let side = Point::orientation(a, b, p);
                if (side > 0.0) == (b.y > a.y) {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// The visibility rule of GameplayKit's obstacle graphs: whether segment `a`–`b` is blocked
    /// by this polygon. It is, when
    ///
    /// 1. it crosses a side (at a point strictly inside both, or collinear over a positive
    ///    length), sides with `a` or `b` as an endpoint left out;
    /// 2. its midpoint lies strictly inside; or
    /// 3. it passes through a vertex (other than `a` and `b`) into the interior: a segment from
    ///    one corner of a square to the opposite one, extended past both, crosses no side and has
    ///    its midpoint outside the square, yet goes through it.
    ///
    /// Rule 1 leaves out the sides at `a` and `b`, so a segment between two vertices is never
    /// blocked by rounding at its own ends, and `a`–`b` and `b`–`a` always agree; rule 2 then
    /// blocks the chords between non-adjacent vertices of a convex polygon. Segments that touch
    /// the polygon (at a vertex, from outside) are not blocked.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    ///
    /// let p = |x, y| Point::new(x, y);
    /// let square = Polygon::new(vec![p(0.0, 0.0), p(2.0, 0.0), p(2.0, 2.0), p(0.0, 2.0)]);
    /// assert!(square.blocks(p(0.0, 0.0), p(2.0, 2.0))); // a chord: rule 2
    /// assert!(!square.blocks(p(0.0, 0.0), p(2.0, 0.0))); // a side
    /// assert!(square.blocks(p(-1.0, -1.0), p(3.0, 3.0))); // through two corners: rule 3
    /// assert!(!square.blocks(p(-1.0, 1.0), p(1.0, 3.0))); // touches the corner (0, 2)
    /// ```
    #[must_use]
    pub fn blocks(&self, a: Point, b: Point) -> bool {
        for (u, v) in self.edges() {
            if u == a || u == b || v == a || v == b {
                continue;
            }
            if segments_cross(a, b, u, v) {
                return true;
            }
        }
        if self.contains_strictly((a + b) * 0.5) {
            return true;
        }
        let winding = self.signed_area();
        if winding == 0.0 || !winding.is_finite() {
            return false;
        }
        let d = b - a;
        (0..self.points.len()).any(|k| {
            let v = self.points[k];
            v != a
                && v != b
                && on_segment(v, a, b)
                && (self.enters_interior(k, d, winding)
                    || self.enters_interior(k, d * -1.0, winding))
        })
    }

    /// Whether direction `d` leaves vertex `k` into the interior (strictly between its sides).
    fn enters_interior(&self, k: usize, d: Point, winding: f64) -> bool {
        let v = self.points[k];
        let (Some(prev), Some(next)) = (self.neighbour(k, false), self.neighbour(k, true)) else {
            return false;
        };
        // Counter-clockwise frame: the interior lies left of `v -> next` and of `prev -> v`.
        let (to_next, to_prev) = if winding > 0.0 {
            (next - v, prev - v)
        } else {
            (prev - v, next - v)
        };
        let turn = to_next.cross(to_prev);
        let (left_of_next, right_of_prev) = (to_next.cross(d) > 0.0, d.cross(to_prev) > 0.0);
        if turn > 0.0 {
            left_of_next && right_of_prev // convex corner
        } else if turn < 0.0 {
            left_of_next || right_of_prev // reflex corner
        } else {
            // Straight on, or a spike back along the same line.
            left_of_next && (to_next.dot(to_prev) < 0.0)
        }
    }

    /// The nearest vertex different from vertex `k`, going forwards or backwards.
    fn neighbour(&self, k: usize, forwards: bool) -> Option<Point> {
        let n = self.points.len();
        (1..n)
            .map(|step| {
                if forwards {
                    self.points[(k + step) % n]
                } else {
                    self.points[(k + n - step) % n]
                }
            })
            .find(|&p| p != self.points[k])
    }

    /// The polygon grown by `radius` (see [`Extrusion`]), vertex for vertex. A radius of zero
    /// (or below) returns the vertices unchanged.
    #[must_use]
    pub fn extruded(&self, radius: f64, how: Extrusion) -> Polygon {
        if radius <= 0.0 {
            return self.clone();
        }
        let area = self.signed_area();
        if how == Extrusion::Clearance && !self.has_area() {
            return self.rectangle_around(radius);
        }
        if how == Extrusion::Radial || area == 0.0 || !area.is_finite() {
            return self.radial(radius);
        }
        let outward = |d: Point| {
            // The outward normal of a side going `d`: right of it for a counter-clockwise polygon.
            let len = d.length();
            if area > 0.0 {
                Point::new(d.y / len, -d.x / len)
            } else {
                Point::new(-d.y / len, d.x / len)
            }
        };
        let centroid = self.centroid();
        let points = (0..self.points.len())
            .map(|k| {
                let v = self.points[k];
                let (Some(prev), Some(next)) = (self.neighbour(k, false), self.neighbour(k, true))
                else {
                    return radial_point(v, centroid, radius);
                };
                let (n1, n2) = (outward(v - prev), outward(next - v));
                let denominator = 1.0 + n1.dot(n2);
                if denominator < 1e-9 {
                    // A spike folding back on itself: no finite mitre.
                    return radial_point(v, centroid, radius);
                }
                v + (n1 + n2) * (radius / denominator)
            })
            .collect();
        Polygon { points }
    }

    /// `true` for a polygon with area beyond rounding: more than [`THIN`] times the square of
    /// its extent (a NaN area has none).
    pub(crate) fn has_area(&self) -> bool {
        let (lo, hi) = self.bounds();
        let extent = (hi - lo).length();
        self.area() > THIN * extent * extent
    }

    /// Two of its points far apart: the farthest from the first point, and the farthest from
    /// that one (the two ends of a polygon without area); `None` for no points.
    pub(crate) fn far_ends(&self) -> Option<(Point, Point)> {
        let first = *self.points.first()?;
        let far = |from: Point| {
            self.points
                .iter()
                .copied()
                .max_by(|p, q| p.distance(from).total_cmp(&q.distance(from)))
                .unwrap_or(from)
        };
        let b = far(first);
        Some((far(b), b))
    }

    /// The rectangle around a polygon without area, its sides and ends `radius` from it: along
    /// the line through its two farthest points and across it.
    fn rectangle_around(&self, radius: f64) -> Polygon {
        let points = &self.points;
        let Some((a, b)) = self.far_ends() else {
            return self.clone();
        };
        let length = a.distance(b);
        // Along the wall and across it; any frame for a single point.
        let u = if length > 0.0 {
            (b - a) * (1.0 / length)
        } else {
            Point::new(1.0, 0.0)
        };
        let n = Point::new(-u.y, u.x);
        let (mut lo_u, mut hi_u, mut lo_n, mut hi_n) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for &p in points {
            let d = p - a;
            (lo_u, hi_u) = (lo_u.min(d.dot(u)), hi_u.max(d.dot(u)));
            (lo_n, hi_n) = (lo_n.min(d.dot(n)), hi_n.max(d.dot(n)));
        }
        let corner = |s: f64, t: f64| a + u * s + n * t;
        Polygon {
            points: vec![
                corner(lo_u - radius, lo_n - radius),
                corner(hi_u + radius, lo_n - radius),
                corner(hi_u + radius, hi_n + radius),
                corner(lo_u - radius, hi_n + radius),
            ],
        }
    }

    fn radial(&self, radius: f64) -> Polygon {
        let c = self.centroid();
        Polygon {
            points: self
                .points
                .iter()
                .map(|&v| radial_point(v, c, radius))
                .collect(),
        }
    }
}

/// `v` moved `radius` away from `c`, along the line from `c` through it (`v` itself if it is
/// `c`).
fn radial_point(v: Point, c: Point, radius: f64) -> Point {
    let away = v - c;
    let len = away.length();
    if len == 0.0 || !len.is_finite() {
        v
    } else {
        v + away * (radius / len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An L of two 4x2 arms, with a reflex corner at (2, 2).
    const ELL: [(f64, f64); 6] = [
        (0.0, 0.0),
        (4.0, 0.0),
        (4.0, 2.0),
        (2.0, 2.0),
        (2.0, 4.0),
        (0.0, 4.0),
    ];

    fn poly(points: &[(f64, f64)]) -> Polygon {
        Polygon::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect())
    }

    /// GameplayKit's geometry scenarios (§5.6): centroids and areas of both windings, and the
    /// radial extrusion of a square.
    #[test]
    fn centroids_areas_and_extrusion() {
        let a = poly(&[(1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0)]);
        let b = poly(&[(4.0, 2.0), (4.0, 4.0), (2.0, 4.0), (2.0, 2.0)]);
        assert_eq!((a.centroid(), a.area()), (Point::new(0.0, 0.0), 4.0));
        assert_eq!((b.centroid(), b.area()), (Point::new(3.0, 3.0), 4.0));
        let reversed = poly(&[(2.0, 2.0), (2.0, 4.0), (4.0, 4.0), (4.0, 2.0)]);
        assert_eq!(reversed.centroid(), Point::new(3.0, 3.0));
        assert_eq!(reversed.signed_area(), -4.0);
        let k = 1.0 + 1.0 / 2f64.sqrt();
        let want = [(k, -k), (k, k), (-k, k), (-k, -k)];
        for (got, want) in a.extruded(1.0, Extrusion::Radial).points().iter().zip(want) {
            assert!((got.x - want.0).abs() < 1e-12 && (got.y - want.1).abs() < 1e-12);
        }
        // Collinear points: no area, the mean of the vertices.
        let line = poly(&[(10.0, 10.0), (12.0, 12.0), (14.0, 14.0)]);
        assert_eq!(line.centroid(), Point::new(12.0, 12.0));
    }

    /// The mitre offset keeps every side `r` away, for either winding; a reflex corner moves in.
    #[test]
    fn mitre_offsets_every_side() {
        for points in [ELL.to_vec(), ELL.iter().rev().copied().collect()] {
            let original = poly(&points);
            let grown = original.extruded(0.5, Extrusion::Mitre);
            for (u, v) in grown.edges() {
                // Each grown side lies on the line 0.5 out from the matching original side.
                let matching = original
                    .edges()
                    .find(|&(a, b)| {
                        let d = (b - a) * (1.0 / (b - a).length());
                        ((u - a).cross(d).abs() - 0.5).abs() < 1e-12
                            && ((v - a).cross(d).abs() - 0.5).abs() < 1e-12
                    })
                    .is_some();
                assert!(matching, "{u:?}-{v:?}");
            }
            assert!(grown.contains_strictly(Point::new(-0.25, -0.25)));
            assert!(!grown.contains_strictly(Point::new(3.0, 3.0)));
            assert!(grown.contains_strictly(Point::new(2.25, 2.25))); // the reflex corner moved in
        }
    }

    #[test]
    fn containment_is_strict() {
        let tri = poly(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)]);
        assert!(tri.contains_strictly(Point::new(1.0, 1.0)));
        assert!(!tri.contains_strictly(Point::new(2.0, 2.0))); // on the hypotenuse
        assert!(!tri.contains_strictly(Point::new(0.0, 0.0)));
        assert!(!tri.contains_strictly(Point::new(3.0, 3.0)));
        assert!(!poly(&[(0.0, 0.0), (4.0, 0.0)]).contains_strictly(Point::new(2.0, 0.0)));
    }

    /// The visibility rule answers the same both ways, through a reflex corner as well.
    #[test]
    fn blocking_is_symmetric() {
        let ell = poly(&ELL);
        let p = Point::new;
        for (a, b, want) in [
            (p(4.0, 2.0), p(2.0, 4.0), false), // across the pocket, outside
            (p(0.0, 0.0), p(2.0, 2.0), true),  // to the reflex corner, through the inside
            (p(3.0, 1.0), p(5.0, 1.0), true),  // from inside out
            (p(1.0, 5.0), p(5.0, 1.0), false), // misses it
            (p(1.0, 3.0), p(3.0, 1.0), true),  // through the reflex corner, inside both ways
            (p(3.0, 3.0), p(1.0, 1.0), true),  // from the pocket through the corner to inside
            (p(3.0, 3.0), p(5.0, 5.0), false), // in the pocket, away
            (p(-1.0, 0.0), p(5.0, 0.0), true), // along a side: collinear overlap
        ] {
            assert_eq!(ell.blocks(a, b), want, "{a:?}-{b:?}");
            assert_eq!(ell.blocks(b, a), want, "{b:?}-{a:?}");
        }
    }
}
