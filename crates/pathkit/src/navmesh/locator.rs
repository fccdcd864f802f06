//! [`Locator`]: which triangles may hold a point, from a uniform grid of buckets over the mesh;
//! and which items lie near a segment (the walls' cutting indexes points as triangles without
//! area, and asks along each piece of wall).
//!
//! A point query (where does the agent stand? which triangle is the goal in?) must not test every
//! triangle. Meshes from maps have triangles of similar size spread over a box, which a uniform
//! grid of buckets indexes with one division and a short list per bucket; it is built once, in
//! one pass, with no tree to balance.

use crate::geometry::Point;

/// Triangles listed by the buckets their bounding boxes overlap.
#[derive(Clone, Debug, Default)]
pub(crate) struct Locator {
    min: Point,
    /// Buckets per unit of length.
    scale: f64,
    columns: usize,
    rows: usize,
    /// Where each bucket's triangles start in `items` (one more entry than buckets).
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Locator {
    /// Indexes `triangles` (as corner points), with about two triangles a bucket.
    pub(crate) fn new(triangles: &[[Point; 3]]) -> Locator {
        let Some((min, max)) = bounds(triangles) else {
            return Locator::default();
        };
        let w = (max.x - min.x).max(f64::MIN_POSITIVE);
        let h = (max.y - min.y).max(f64::MIN_POSITIVE);
        // About half as many buckets as triangles, at most 4096 a side.
        let buckets = (triangles.len() / 2).clamp(1, 1 << 22) as f64;
        let scale = (buckets / (w * h)).sqrt();
        let columns = ((w * scale).ceil() as usize).clamp(1, 1 << 12);
        let rows = ((h * scale).ceil() as usize).clamp(1, 1 << 12);
        let scale = (columns as f64 / w).min(rows as f64 / h);
        let mut locator = Locator {
            min,
            scale,
            columns,
            rows,
            starts: Vec::new(),
            items: Vec::new(),
        };
        // Long thin triangles overlap many buckets: coarsen the buckets until the lists hold at
        // most a few entries a triangle, so memory stays linear whatever the triangles' shapes.
        let budget = 8 * triangles.len() as u64 + (locator.columns * locator.rows) as u64;
        while locator.columns * locator.rows > 1 {
            let entries: u64 = triangles
                .iter()
                .map(|t| {
                    let (c0, r0, c1, r1) = locator.span(t);
                    ((c1 - c0 + 1) * (r1 - r0 + 1)) as u64
                })
                .sum();
            if entries <= budget {
                break;
            }
            locator.columns = locator.columns.div_ceil(2);
            locator.rows = locator.rows.div_ceil(2);
            locator.scale = (locator.columns as f64 / w).min(locator.rows as f64 / h);
        }
        let (columns, rows) = (locator.columns, locator.rows);
        locator.starts = vec![0; columns * rows + 1];
        // Two passes, count then place: one list for all buckets, no vector per bucket.
        for t in triangles {
            let (c0, r0, c1, r1) = locator.span(t);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    locator.starts[r * columns + c + 1] += 1;
                }
            }
        }
        for b in 0..columns * rows {
            locator.starts[b + 1] += locator.starts[b];
        }
        let mut next = locator.starts.clone();
        locator.items = vec![0; locator.starts[columns * rows] as usize];
        for (k, t) in triangles.iter().enumerate() {
            let (c0, r0, c1, r1) = locator.span(t);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let slot = &mut next[r * columns + c];
                    locator.items[*slot as usize] = k as u32;
                    *slot += 1;
                }
            }
        }
        locator
    }

    /// The triangles whose bounding boxes overlap the bucket of `p` (none when `p` is off the
    /// indexed area). Every triangle that contains `p` is among them.
    pub(crate) fn candidates(&self, p: Point) -> &[u32] {
        if self.items.is_empty() {
            return &[];
        }
        let (x, y) = (
            (p.x - self.min.x) * self.scale,
            (p.y - self.min.y) * self.scale,
        );
        // Points on the far sides belong to the last bucket, and so do points up to a bucket
        // beyond them: the far corner of the bounds is `columns` buckets away only up to a
        // rounding of the scale. NaN fails every test.
        if !(x >= 0.0 && y >= 0.0 && x < (self.columns + 1) as f64 && y < (self.rows + 1) as f64) {
            return &[];
        }
        let c = (x as usize).min(self.columns - 1);
        let r = (y as usize).min(self.rows - 1);
        let b = r * self.columns + c;
        &self.items[self.starts[b] as usize..self.starts[b + 1] as usize]
    }

    /// Calls `visit` with every item in the buckets within `margin` of the segment `a`-`b`: a
    /// column at a time, the rows the segment crosses in that column (and one more each way, for
    /// the rounding of the column's edges). Every item whose box comes within `margin` of the
    /// segment is visited, some several times or from farther: the caller measures.
    pub(crate) fn near_segment(
        &self,
        a: Point,
        b: Point,
        margin: f64,
        mut visit: impl FnMut(usize),
    ) {
        let (a, b) = if a.x <= b.x { (a, b) } else { (b, a) };
        if self.items.is_empty() {
            return;
        }
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

    /// The column (or row) of coordinate `v` along an axis starting at `origin`, clamped.
    fn index(&self, v: f64, origin: f64, count: usize) -> usize {
        (((v - origin) * self.scale).max(0.0) as usize).min(count - 1)
    }

    /// The buckets (first column, first row, last column, last row) a triangle's box overlaps.
    fn span(&self, t: &[Point; 3]) -> (usize, usize, usize, usize) {
        let bucket = |v: f64, n: usize| ((v * self.scale).max(0.0) as usize).min(n - 1);
        let (lo, hi) = triangle_box(t);
        (
            bucket(lo.x - self.min.x, self.columns),
            bucket(lo.y - self.min.y, self.rows),
            bucket(hi.x - self.min.x, self.columns),
            bucket(hi.y - self.min.y, self.rows),
        )
    }
}

/// The bounding box of one triangle.
fn triangle_box(t: &[Point; 3]) -> (Point, Point) {
    let lo = Point::new(
        t[0].x.min(t[1].x).min(t[2].x),
        t[0].y.min(t[1].y).min(t[2].y),
    );
    let hi = Point::new(
        t[0].x.max(t[1].x).max(t[2].x),
        t[0].y.max(t[1].y).max(t[2].y),
    );
    (lo, hi)
}

/// The bounding box of all triangles, if there are any.
fn bounds(triangles: &[[Point; 3]]) -> Option<(Point, Point)> {
    let mut it = triangles.iter().map(triangle_box);
    let first = it.next()?;
    Some(it.fold(first, |(lo, hi), (a, b)| {
        (
            Point::new(lo.x.min(a.x), lo.y.min(a.y)),
            Point::new(hi.x.max(b.x), hi.y.max(b.y)),
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_triangle_holding_a_point_is_a_candidate() {
        let p = Point::new;
        // A fan of thin triangles around (5, 5) and a far one.
        let mut tris = Vec::new();
        for k in 0..16 {
            let a = f64::from(k) * std::f64::consts::TAU / 16.0;
            let b = f64::from(k + 1) * std::f64::consts::TAU / 16.0;
            tris.push([
                p(5.0, 5.0),
                p(5.0 + 4.0 * a.cos(), 5.0 + 4.0 * a.sin()),
                p(5.0 + 4.0 * b.cos(), 5.0 + 4.0 * b.sin()),
            ]);
        }
        tris.push([p(100.0, 100.0), p(101.0, 100.0), p(100.0, 101.0)]);
        let locator = Locator::new(&tris);
        for (k, t) in tris.iter().enumerate() {
            let centroid = p(
                (t[0].x + t[1].x + t[2].x) / 3.0,
                (t[0].y + t[1].y + t[2].y) / 3.0,
            );
            for q in [centroid, t[0], t[1], t[2]] {
                assert!(
                    locator.candidates(q).contains(&(k as u32)),
                    "triangle {k} at {q:?}"
                );
            }
        }
        assert!(locator.candidates(p(-1.0, 0.0)).is_empty());
        assert!(locator.candidates(p(f64::NAN, 0.0)).is_empty());
        assert!(Locator::new(&[]).candidates(p(0.0, 0.0)).is_empty());
    }

    #[test]
    fn long_thin_triangles_keep_the_lists_linear() {
        let p = Point::new;
        // Slivers from corner to corner of a wide box, and small triangles filling it.
        let mut tris: Vec<[Point; 3]> = (0..2_000)
            .map(|k| {
                let y = f64::from(k) * 0.001;
                [p(0.0, y), p(1000.0, 1000.0 - y), p(0.0, y + 0.0005)]
            })
            .collect();
        for k in 0..2_000 {
            let (x, y) = (f64::from(k % 50) * 20.0, f64::from(k / 50) * 25.0);
            tris.push([p(x, y), p(x + 1.0, y), p(x, y + 1.0)]);
        }
        let locator = Locator::new(&tris);
        assert!(locator.items.len() <= 8 * tris.len() + locator.columns * locator.rows);
        for (k, t) in tris.iter().enumerate() {
            assert!(locator.candidates(t[0]).contains(&(k as u32)));
        }
    }

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
        // Points indexed as triangles without area, as the walls' cutting does.
        let triangles: Vec<[Point; 3]> = points.iter().map(|&p| [p; 3]).collect();
        let buckets = Locator::new(&triangles);
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
