//! [`SightGrid`]: the nodes an obstacle graph must test for sight from a point, found without
//! testing every node.
//!
//! A visibility graph relates every pair of nodes, but among scattered obstacles a point sees only
//! what is near: beyond a few obstacles, every direction is shut. The grid buckets the nodes and
//! the obstacles' boxes into square cells and walks the cells around a point ring by ring. Each
//! convex obstacle met casts a *shadow*: the directions strictly between its extreme vertices, as
//! seen from the point, beyond its farthest vertex. A segment into a shadow enters the obstacle's
//! interior and leaves it, so the visibility rule blocks it; a cell whose directions all lie in
//! shadows cast nearer than the cell is skipped with its nodes, and the walk ends when the
//! shadows close the whole circle. Every node not skipped is still tested exactly: the shadows
//! only spare work, they never decide that a node is seen.

use crate::geometry::{on_segment, Point, Polygon};

/// Directions as a number in `[0, 4)` that grows with the angle from the +x axis (a quarter turn
/// a unit), cheaper than `atan2` and as exact as the division; half a turn adds exactly 2.
fn pseudo_angle(d: Point) -> f64 {
    let (dx, dy) = (d.x, d.y);
    if dy >= 0.0 {
        if dx > 0.0 {
            dy / (dx + dy)
        } else {
            1.0 + (-dx) / (-dx + dy)
        }
    } else if dx < 0.0 {
        2.0 + (-dy) / (-dx - dy)
    } else {
        3.0 + dx / (dx - dy)
    }
}

/// A margin on directions: a shadow is narrowed by it on both sides, a cell widened.
const SLACK: f64 = 1e-9;

/// Disjoint open intervals of directions, sorted.
#[derive(Default)]
struct Coverage {
    spans: Vec<(f64, f64)>,
}

impl Coverage {
    /// Adds `(lo, hi)` (within `[0, 4]`), merging the intervals it overlaps.
    fn add(&mut self, lo: f64, hi: f64) {
        if lo >= hi {
            return;
        }
        // Sorted and disjoint: the intervals it overlaps are one run.
        let first = self.spans.partition_point(|&(_, b)| b <= lo);
        let end = self.spans.partition_point(|&(a, _)| a < hi);
        let (mut lo, mut hi) = (lo, hi);
        if first < end {
            lo = lo.min(self.spans[first].0);
            hi = hi.max(self.spans[end - 1].1);
        }
        self.spans.splice(first..end.max(first), [(lo, hi)]);
    }

    /// Whether `[lo, hi]` lies inside one interval.
    fn covers(&self, lo: f64, hi: f64) -> bool {
        // The last interval starting below `lo` is the only candidate.
        let after = self.spans.partition_point(|&(a, _)| a < lo);
        after > 0 && hi < self.spans[after - 1].1
    }

    /// Whether every direction is shut: one interval holds the whole circle.
    fn is_full(&self) -> bool {
        self.spans.iter().any(|&(a, b)| a < 0.0 && b > 4.0)
    }
}

/// A shadow waiting for the walk to pass its farthest vertex.
struct Shadow {
    beyond: f64,
    spans: [(f64, f64); 2],
}

/// The nodes and obstacle boxes of an obstacle graph, in square cells.
pub(crate) struct SightGrid {
    origin: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    /// Node indices (into the caller's list) in each cell.
    nodes: Vec<Vec<u32>>,
    /// Obstacle keys of the boxes meeting each cell.
    obstacles: Vec<Vec<u32>>,
    /// The walk that last met each obstacle key.
    marks: Vec<u32>,
    walks: u32,
}

impl SightGrid {
    /// A grid over `points` (the caller's nodes) and `boxes` (`(key, lo, hi)` of the obstacles),
    /// about two nodes a cell.
    pub(crate) fn new(points: &[Point], boxes: &[(u32, [f64; 2], [f64; 2])]) -> Self {
        let inf = f64::INFINITY;
        let (mut lo, mut hi) = (Point::new(inf, inf), Point::new(-inf, -inf));
        for p in points {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        if points.is_empty() {
            lo = Point::default();
            hi = Point::default();
        }
        let (w, h) = ((hi.x - lo.x).max(1e-9), (hi.y - lo.y).max(1e-9));
        let cells = (points.len() / 2).clamp(1, 1 << 20) as f64;
        let cell = ((w * h) / cells).sqrt().max(w.max(h) / 1024.0);
        let cols = ((w / cell).floor() as usize + 1).min(1 << 11);
        let rows = ((h / cell).floor() as usize + 1).min(1 << 11);
        let mut grid = SightGrid {
            origin: lo,
            cell,
            cols,
            rows,
            nodes: vec![Vec::new(); cols * rows],
            obstacles: vec![Vec::new(); cols * rows],
            marks: vec![0; boxes.iter().map(|b| b.0 as usize + 1).max().unwrap_or(0)],
            walks: 0,
        };
        for (i, &p) in points.iter().enumerate() {
            let (c, r) = grid.cell_of(p);
            grid.nodes[r * cols + c].push(i as u32);
        }
        for &(key, lo, hi) in boxes {
            let (c0, r0) = grid.cell_of(Point::new(lo[0], lo[1]));
            let (c1, r1) = grid.cell_of(Point::new(hi[0], hi[1]));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.obstacles[r * cols + c].push(key);
                }
            }
        }
        grid
    }

    /// The cell holding `p`, clamped to the grid.
    fn cell_of(&self, p: Point) -> (usize, usize) {
        let clamp = |v: f64, n: usize| {
            if v.is_nan() || v < 0.0 {
                0
            } else {
                (v as usize).min(n - 1)
            }
        };
        (
            clamp((p.x - self.origin.x) / self.cell, self.cols),
            clamp((p.y - self.origin.y) / self.cell, self.rows),
        )
    }

    /// Calls `visit` with every node the walk from `x` does not skip (ring by ring, nearest
    /// first). `convex(key)` gives an obstacle's grown polygon when it may cast a shadow for `x`
    /// (convex, not `x`'s own, tested grown for every pair from `x`). With a `window` (a box
    /// `(lo, hi)`), only the directions from `x` into the box are walked beyond the first ring:
    /// the others start shut, so the walk ends as soon as the box is hidden.
    pub(crate) fn walk<'p>(
        &mut self,
        x: Point,
        window: Option<([f64; 2], [f64; 2])>,
        mut convex: impl FnMut(u32) -> Option<&'p Polygon>,
        mut visit: impl FnMut(u32),
    ) {
        self.walks += 1;
        let walk = self.walks;
        let mut marks = std::mem::take(&mut self.marks);
        let mut coverage = Coverage::default();
        if let Some((lo, hi)) = window {
            let corners = [
                Point::new(lo[0], lo[1]),
                Point::new(hi[0], lo[1]),
                Point::new(lo[0], hi[1]),
                Point::new(hi[0], hi[1]),
            ];
            // Everything but the box's directions (widened by the slack) starts shut; from
            // inside the box, or with the box all round, nothing does.
            match span(x, &corners) {
                Some([(a, b), (c, d)]) if (a, b) == (c, d) => {
                    coverage.add(-1.0, a - SLACK);
                    coverage.add(b + SLACK, 5.0);
                }
                Some([(a, _), (_, d)]) => coverage.add(d + SLACK, a - SLACK),
                None => {}
            }
        }
        let mut pending: Vec<Shadow> = Vec::new();
        let (cx, cy) = self.cell_of(x);
        let max_ring = cx.max(self.cols - 1 - cx).max(cy).max(self.rows - 1 - cy);
        for ring in 0..=max_ring {
            // Every cell of this ring lies at least this far from `x`.
            let near = (ring as f64 - 1.0).max(0.0) * self.cell;
            pending.retain(|shadow| {
                if shadow.beyond < near {
                    for &(lo, hi) in &shadow.spans {
                        coverage.add(lo, hi);
                    }
                    false
                } else {
                    true
                }
            });
            if ring > 1 && coverage.is_full() {
                break;
            }
            let mut open = 0;
            self.for_ring(cx, cy, ring, |c, r| {
                let at = r * self.cols + c;
                if ring > 1 && self.shut(x, c, r, &coverage) {
                    return;
                }
                open += 1;
                for &node in &self.nodes[at] {
                    visit(node);
                }
                for &key in &self.obstacles[at] {
                    if marks[key as usize] == walk {
                        continue;
                    }
                    marks[key as usize] = walk;
                    if let Some(shadow) = convex(key).and_then(|p| shadow_of(x, p)) {
                        pending.push(shadow);
                    }
                }
            });
            // A ring shut all round shuts every ring beyond: a direction whose cell here is
            // outside the grid stays outside, and the shadows only grow.
            if ring > 1 && open == 0 {
                break;
            }
        }
        self.marks = marks;
    }

    /// Visits the cells at Chebyshev distance `ring` from `(cx, cy)` inside the grid.
    fn for_ring(&self, cx: usize, cy: usize, ring: usize, mut f: impl FnMut(usize, usize)) {
        let (cx, cy, ring) = (cx as i64, cy as i64, ring as i64);
        if ring == 0 {
            f(cx as usize, cy as usize);
            return;
        }
        let (cols, rows) = (self.cols as i64, self.rows as i64);
        let (c0, c1) = ((cx - ring).max(0), (cx + ring).min(cols - 1));
        for r in [cy - ring, cy + ring] {
            if (0..rows).contains(&r) {
                for c in c0..=c1 {
                    f(c as usize, r as usize);
                }
            }
        }
        let (r0, r1) = ((cy - ring + 1).max(0), (cy + ring - 1).min(rows - 1));
        for c in [cx - ring, cx + ring] {
            if (0..cols).contains(&c) {
                for r in r0..=r1 {
                    f(c as usize, r as usize);
                }
            }
        }
    }

    /// Whether every direction from `x` into cell `(c, r)` is in shadow.
    fn shut(&self, x: Point, c: usize, r: usize, coverage: &Coverage) -> bool {
        let lo = Point::new(
            self.origin.x + c as f64 * self.cell,
            self.origin.y + r as f64 * self.cell,
        );
        let corners = [
            lo,
            Point::new(lo.x + self.cell, lo.y),
            Point::new(lo.x, lo.y + self.cell),
            Point::new(lo.x + self.cell, lo.y + self.cell),
        ];
        match span(x, &corners) {
            Some(spans) => spans
                .iter()
                .all(|&(a, b)| coverage.covers(a - SLACK, b + SLACK)),
            None => false,
        }
    }
}

/// The directions from `x` to these points, as one or two intervals of `[0, 4]` (the same twice,
/// or, when they straddle the +x axis, the part up to 4 and the part from 0); `None` when they
/// surround `x` (half a turn or more).
fn span(x: Point, points: &[Point]) -> Option<[(f64, f64); 2]> {
    let mut angles = [0.0f64; 16];
    let n = points.len().min(16);
    for (k, &p) in points.iter().take(n).enumerate() {
        let d = p - x;
        if d.x == 0.0 && d.y == 0.0 {
            return None;
        }
        angles[k] = pseudo_angle(d);
    }
    let angles = &mut angles[..n];
    let (lo, hi) = angles
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    if hi - lo < 2.0 {
        return Some([(lo, hi), (lo, hi)]);
    }
    // Straddling the axis: turn the small angles a full turn on.
    for v in angles.iter_mut() {
        if *v < 2.0 {
            *v += 4.0;
        }
    }
    let (lo, hi) = angles
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    if hi - lo >= 2.0 {
        return None;
    }
    Some([(lo, 4.0), (0.0, hi - 4.0)])
}

/// The shadow a convex polygon casts from `x`: `None` unless `x` lies strictly outside it, off its
/// sides and vertices.
fn shadow_of(x: Point, polygon: &Polygon) -> Option<Shadow> {
    let points = polygon.points();
    if points.len() < 3 || points.len() > 16 || polygon.contains_strictly(x) {
        return None;
    }
    if polygon.edges().any(|(a, b)| on_segment(x, a, b)) {
        return None;
    }
    let mut spans = span(x, points)?;
    if spans[0] != spans[1] {
        // Straddling: every direction past 4 or below 0 is in it too (there are none), which
        // lets the two parts join other shadows across the wrap.
        spans = [(spans[0].0, 5.0), (-1.0, spans[1].1)];
    }
    let beyond = points.iter().map(|&p| x.distance(p)).fold(0.0, f64::max) * (1.0 + 1e-9) + 1e-9;
    let narrow = |(lo, hi): (f64, f64)| (lo + SLACK, hi - SLACK);
    Some(Shadow {
        beyond,
        spans: [narrow(spans[0]), narrow(spans[1])],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudo_angles_grow_with_the_angle() {
        let mut last = -1.0;
        for k in 0..360 {
            let a = (k as f64).to_radians();
            let v = pseudo_angle(Point::new(a.cos(), a.sin()));
            assert!(v > last && (0.0..4.0).contains(&v), "{k}: {v}");
            last = v;
        }
        assert_eq!(
            pseudo_angle(Point::new(-1.0, -1.0)) - pseudo_angle(Point::new(1.0, 1.0)),
            2.0
        );
    }

    #[test]
    fn coverage_merges_overlaps_only() {
        let mut c = Coverage::default();
        c.add(0.5, 1.0);
        c.add(1.0, 1.5); // touches: a gap at exactly 1.0 remains
        assert!(!c.covers(0.9, 1.1));
        c.add(0.9, 1.1);
        assert!(c.covers(0.6, 1.4));
        assert!(!c.is_full());
        c.add(-0.1, 2.5);
        c.add(2.4, 4.1);
        assert!(c.is_full());
    }

    #[test]
    fn a_square_shadows_what_lies_behind_it() {
        let square = Polygon::new(vec![
            Point::new(2.0, -1.0),
            Point::new(4.0, -1.0),
            Point::new(4.0, 1.0),
            Point::new(2.0, 1.0),
        ]);
        let x = Point::new(0.0, 0.0);
        let shadow = shadow_of(x, &square).unwrap();
        assert!(shadow.beyond > 17f64.sqrt());
        // Straddles the +x axis from the origin: two intervals.
        assert!(shadow.spans[0].0 > 3.0 && shadow.spans[1].1 < 1.0);
        assert!(shadow_of(Point::new(3.0, 0.0), &square).is_none()); // inside
        assert!(shadow_of(Point::new(2.0, 0.0), &square).is_none()); // on a side
        assert!(shadow_of(Point::new(2.0, 1.0), &square).is_none()); // a vertex
    }
}
