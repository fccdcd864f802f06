//! [`PointBuckets`]: points in a uniform grid of buckets, asked for the points near a segment.
//!
//! Cutting walls asks, for every piece of every wall, which points pass within a rounding of
//! it. An R-tree of the pieces answers a point at a time, but walls on a grid put hundreds of
//! pieces on one line, whose boxes all overlap, and building the tree costs as much as the
//! queries. Buckets of points are built in two passes, and a segment visits only the buckets
//! along it: a column at a time, the rows the segment crosses in that column.

use crate::geometry::Point;

/// Points listed by bucket.
pub(crate) struct PointBuckets {
    min: Point,
    /// Buckets per unit of length.
    scale: f64,
    columns: usize,
    rows: usize,
    /// Where each bucket's points start in `items` (one more entry than buckets).
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl PointBuckets {
    /// Buckets over `points`, about one point a bucket, at most 4096 a side.
    pub(crate) fn new(points: &[Point]) -> PointBuckets {
        let (mut min, mut max) = (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        );
        for p in points {
            min = Point::new(min.x.min(p.x), min.y.min(p.y));
            max = Point::new(max.x.max(p.x), max.y.max(p.y));
        }
        if points.is_empty() {
            (min, max) = (Point::new(0.0, 0.0), Point::new(0.0, 0.0));
        }
        let w = (max.x - min.x).max(f64::MIN_POSITIVE);
        let h = (max.y - min.y).max(f64::MIN_POSITIVE);
        let scale = (points.len().max(1) as f64 / (w * h)).sqrt();
        let columns = ((w * scale).ceil() as usize).clamp(1, 1 << 12);
        let rows = ((h * scale).ceil() as usize).clamp(1, 1 << 12);
        let scale = (columns as f64 / w).min(rows as f64 / h);
        let mut buckets = PointBuckets {
            min,
            scale,
            columns,
            rows,
            starts: vec![0; columns * rows + 1],
            items: vec![0; points.len()],
        };
        for &p in points {
            let b = buckets.bucket_of(p);
            buckets.starts[b + 1] += 1;
        }
        for b in 0..columns * rows {
            buckets.starts[b + 1] += buckets.starts[b];
        }
        let mut next = buckets.starts.clone();
        for (k, &p) in points.iter().enumerate() {
            let b = buckets.bucket_of(p);
            buckets.items[next[b] as usize] = k as u32;
            next[b] += 1;
        }
        buckets
    }

    /// The column (or row) of coordinate `v` along an axis starting at `origin`, clamped.
    fn index(&self, v: f64, origin: f64, count: usize) -> usize {
        (((v - origin) * self.scale).max(0.0) as usize).min(count - 1)
    }

    fn bucket_of(&self, p: Point) -> usize {
        self.index(p.y, self.min.y, self.rows) * self.columns
            + self.index(p.x, self.min.x, self.columns)
    }

    /// Calls `visit` with every point within `margin` of the segment `a`-`b` (and some
    /// farther: the caller measures).
    pub(crate) fn near_segment(
        &self,
        a: Point,
        b: Point,
        margin: f64,
        mut visit: impl FnMut(usize),
    ) {
        let (a, b) = if a.x <= b.x { (a, b) } else { (b, a) };
        let c0 = self.index(a.x - margin, self.min.x, self.columns);
        let c1 = self.index(b.x + margin, self.min.x, self.columns);
        for c in c0..=c1 {
            // The part of the segment over this column (widened by the margin), and its rows.
            let x0 = (self.min.x + c as f64 / self.scale - margin).max(a.x);
            let x1 = (self.min.x + (c + 1) as f64 / self.scale + margin).min(b.x);
            let y_at = |x: f64| {
                if b.x == a.x {
                    a.y
                } else {
                    a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)).clamp(0.0, 1.0)
                }
            };
            let (ya, yb) = if b.x == a.x {
                (a.y, b.y)
            } else {
                (y_at(x0.min(x1)), y_at(x1.max(x0)))
            };
            // One more row each way covers the rounding of the column's edges.
            let r0 = self
                .index(ya.min(yb) - margin, self.min.y, self.rows)
                .saturating_sub(1);
            let r1 =
                (self.index(ya.max(yb) + margin, self.min.y, self.rows) + 1).min(self.rows - 1);
            for r in r0..=r1 {
                let bucket = r * self.columns + c;
                for &k in
                    &self.items[self.starts[bucket] as usize..self.starts[bucket + 1] as usize]
                {
                    visit(k as usize);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_near_a_segment_is_visited() {
        // A deterministic scatter, and segments of every direction and length.
        let mut seed = 12345u64;
        let mut unit = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let points: Vec<Point> = (0..2000)
            .map(|_| Point::new(unit() * 100.0, unit() * 30.0))
            .collect();
        let buckets = PointBuckets::new(&points);
        for _ in 0..300 {
            let a = Point::new(unit() * 120.0 - 10.0, unit() * 40.0 - 5.0);
            let b = if unit() < 0.3 {
                Point::new(a.x, unit() * 40.0)
            } else {
                Point::new(unit() * 120.0 - 10.0, unit() * 40.0 - 5.0)
            };
            let margin = unit() * 2.0;
            let mut seen = vec![false; points.len()];
            buckets.near_segment(a, b, margin, |k| seen[k] = true);
            for (k, &p) in points.iter().enumerate() {
                let d = b - a;
                let t = if d.dot(d) == 0.0 {
                    0.0
                } else {
                    ((p - a).dot(d) / d.dot(d)).clamp(0.0, 1.0)
                };
                if p.distance(a + d * t) <= margin {
                    assert!(seen[k], "{p:?} near {a:?}-{b:?} ({margin})");
                }
            }
        }
    }
}
