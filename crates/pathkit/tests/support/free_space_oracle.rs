//! The free space of a box among obstacles of any shape, and the shortest path through it, from
//! the definitions alone: no convexity assumed, no pathkit code.
//!
//! - An obstacle is a simple polygon (convex or not, either winding) whose interior is blocked,
//!   or a thin wall: a polygon without area (two points, or collinear ones, to 1e-12 of its
//!   extent squared), each of whose sides
//!   blocks crossing but has no inside. Obstacles may overlap and may stick out of the box.
//! - A point is free when it lies in the closed box and in no obstacle's interior (touching a
//!   side or a corner is allowed), within the world's touch distance (relative to its scale).
//! - A segment is clear when every point of it is free and it crosses no thin wall: it is cut
//!   at every point where it meets a side of an obstacle or of the box, and the middle of every
//!   piece must be free; a thin wall crossed at a point strictly inside both blocks it.
//! - The shortest path turns only at corners (the solid obstacles' corners, the ends of thin
//!   walls and the box's corners): Dijkstra over the visibility graph of the start, the goal and
//!   the free corners.

#![allow(dead_code)] // Each including crate uses its own part.

use crate::growth_oracle::distance_to_segment;
use crate::visibility_oracle::shortest_path;

/// A point.
pub type P = (f64, f64);

/// The touch distance of exact input: 1e-9 of the world's scale.
pub const TOUCH: f64 = 1e-9;

fn orient(a: P, b: P, c: P) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

fn dist(a: P, b: P) -> f64 {
    (b.0 - a.0).hypot(b.1 - a.1)
}

/// Twice the signed area.
fn doubled_area(poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a.0 * b.1 - a.1 * b.0
        })
        .sum()
}

/// A box and obstacles in it.
#[derive(Clone, Debug)]
pub struct FreeSpace {
    /// Lower-left corner of the box.
    pub lo: P,
    /// Upper-right corner of the box.
    pub hi: P,
    /// Obstacles' corners, in order.
    pub obstacles: Vec<Vec<P>>,
    /// Distances below this share of the world's scale count as touching ([`TOUCH`] for exact
    /// input; more where points were rounded to `f32`).
    pub touch: f64,
    /// Whether a path may pass through a *pinch*, a point where two obstacles (or an obstacle
    /// and the box) cross or meet, closing the way but for that point: then such points are
    /// turning points too. A navigation mesh's any-angle search does not pass them; a mesh
    /// graph's corner nodes, shared by the triangles on both sides, do.
    pub pinches: bool,
}

impl FreeSpace {
    fn scale(&self) -> f64 {
        let mut s: f64 = 1.0;
        for p in self.obstacles.iter().flatten().chain([&self.lo, &self.hi]) {
            s = s.max(p.0.abs()).max(p.1.abs());
        }
        s
    }

    /// Whether the obstacle has an inside (area), rather than being a thin wall: an area of
    /// more than 1e-12 of the square of the diagonal of the box around it (points collinear but
    /// for rounding make a wall).
    fn solid(o: &[P]) -> bool {
        if o.len() < 3 {
            return false;
        }
        let (mut lo, mut hi) = (o[0], o[0]);
        for &p in o {
            lo = (lo.0.min(p.0), lo.1.min(p.1));
            hi = (hi.0.max(p.0), hi.1.max(p.1));
        }
        let extent2 = (hi.0 - lo.0).powi(2) + (hi.1 - lo.1).powi(2);
        doubled_area(o).abs() / 2.0 > 1e-12 * extent2
    }

    /// The sides of an obstacle: each corner to the next, a two-point wall one side.
    fn sides(o: &[P]) -> Vec<(P, P)> {
        let n = o.len();
        let count = if n == 2 { 1 } else { n };
        (0..count).map(|i| (o[i], o[(i + 1) % n])).collect()
    }

    /// `p` in the interior of a solid obstacle, farther than the touch distance from its sides
    /// (the winding number around it is not zero).
    fn inside(&self, o: &[P], p: P) -> bool {
        if !Self::solid(o) {
            return false;
        }
        let tol = self.touch * self.scale();
        let n = o.len();
        if (0..n).any(|i| distance_to_segment(p, o[i], o[(i + 1) % n]) <= tol) {
            return false;
        }
        let mut w = 0;
        for i in 0..n {
            let (a, b) = (o[i], o[(i + 1) % n]);
            if a.1 <= p.1 && b.1 > p.1 && orient(a, b, p) > 0.0 {
                w += 1;
            } else if a.1 > p.1 && b.1 <= p.1 && orient(a, b, p) < 0.0 {
                w -= 1;
            }
        }
        w != 0
    }

    /// Whether `p` is free: in the closed box and in no obstacle's interior.
    pub fn is_free(&self, p: P) -> bool {
        let tol = self.touch * self.scale();
        p.0 >= self.lo.0 - tol
            && p.1 >= self.lo.1 - tol
            && p.0 <= self.hi.0 + tol
            && p.1 <= self.hi.1 + tol
            && !self.obstacles.iter().any(|o| self.inside(o, p))
    }

    /// Where (as a fraction of the way from `a` to `b`) the segment meets side `u`–`v`: the
    /// crossing point, or the ends of either that lie on the other.
    fn meets(a: P, b: P, u: P, v: P, tol: f64, out: &mut Vec<f64>) {
        let d = (b.0 - a.0, b.1 - a.1);
        let len2 = d.0 * d.0 + d.1 * d.1;
        if len2 == 0.0 {
            return;
        }
        let along = |p: P| ((p.0 - a.0) * d.0 + (p.1 - a.1) * d.1) / len2;
        for p in [u, v] {
            if distance_to_segment(p, a, b) <= tol {
                out.push(along(p));
            }
        }
        let e = (v.0 - u.0, v.1 - u.1);
        let denominator = d.0 * e.1 - d.1 * e.0;
        if denominator != 0.0 {
            let t = ((u.0 - a.0) * e.1 - (u.1 - a.1) * e.0) / denominator;
            let s = ((u.0 - a.0) * d.1 - (u.1 - a.1) * d.0) / denominator;
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&s) {
                out.push(t);
            }
        }
    }

    /// Whether the segment `a`–`b` stays in the free space and crosses no thin wall.
    pub fn segment_clear(&self, a: P, b: P) -> bool {
        let tol = self.touch * self.scale();
        if !self.is_free(a) || !self.is_free(b) {
            return false;
        }
        let len = dist(a, b);
        if len == 0.0 {
            return true;
        }
        // A thin wall crossed at a point strictly inside both.
        for o in self.obstacles.iter().filter(|o| !Self::solid(o)) {
            for (u, v) in Self::sides(o) {
                let (d1, d2) = (orient(u, v, a), orient(u, v, b));
                let (d3, d4) = (orient(a, b, u), orient(a, b, v));
                let side = dist(u, v).max(len);
                let strict = |x: f64| x.abs() > tol * side;
                if strict(d1)
                    && strict(d2)
                    && strict(d3)
                    && strict(d4)
                    && (d1 > 0.0) != (d2 > 0.0)
                    && (d3 > 0.0) != (d4 > 0.0)
                {
                    return false;
                }
            }
        }
        // Every piece between the points where it meets a side is inside or outside whole.
        let mut cuts = vec![0.0, 1.0];
        let corners = [
            self.lo,
            (self.hi.0, self.lo.1),
            self.hi,
            (self.lo.0, self.hi.1),
        ];
        for k in 0..4 {
            Self::meets(a, b, corners[k], corners[(k + 1) % 4], tol, &mut cuts);
        }
        for o in &self.obstacles {
            for (u, v) in Self::sides(o) {
                Self::meets(a, b, u, v, tol, &mut cuts);
            }
        }
        cuts.retain(|t| (0.0..=1.0).contains(t));
        cuts.sort_by(f64::total_cmp);
        cuts.windows(2).all(|w| {
            let t = (w[0] + w[1]) / 2.0;
            w[1] - w[0] <= 1e-12 || self.is_free((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
        })
    }

    /// The length of the shortest path from `start` to `goal` through the free space, `None`
    /// when none joins them (or either is not free).
    pub fn shortest(&self, start: P, goal: P) -> Option<f64> {
        if !self.is_free(start) || !self.is_free(goal) {
            return None;
        }
        shortest_path(
            &self.nodes(start, goal),
            |p, q| self.segment_clear(p, q),
            dist,
        )
    }

    /// The visibility graph's nodes: the start, the goal, the box's corners and the turning
    /// points.
    fn nodes(&self, start: P, goal: P) -> Vec<P> {
        let mut nodes = vec![start, goal];
        nodes.extend([
            self.lo,
            (self.hi.0, self.lo.1),
            self.hi,
            (self.lo.0, self.hi.1),
        ]);
        nodes.extend(self.turning_points());
        nodes
    }

    /// Where a path may turn: the free corners of solid obstacles, and the two ends of each thin
    /// wall (a point between them is inside the wall, which no path passes through); with
    /// `pinches`, also every free point where sides of two obstacles, or of an obstacle and the
    /// box, cross.
    pub fn turning_points(&self) -> Vec<P> {
        let mut out = Vec::new();
        if self.pinches {
            let corners = [
                self.lo,
                (self.hi.0, self.lo.1),
                self.hi,
                (self.lo.0, self.hi.1),
            ];
            let mut owned: Vec<(usize, P, P)> = (0..4)
                .map(|k| (usize::MAX, corners[k], corners[(k + 1) % 4]))
                .collect();
            for (i, o) in self.obstacles.iter().enumerate() {
                owned.extend(Self::sides(o).into_iter().map(|(u, v)| (i, u, v)));
            }
            for (k, &(i, a, b)) in owned.iter().enumerate() {
                for &(j, c, d) in &owned[k + 1..] {
                    if i == j {
                        continue;
                    }
                    let (e, f) = ((b.0 - a.0, b.1 - a.1), (d.0 - c.0, d.1 - c.1));
                    let den = e.0 * f.1 - e.1 * f.0;
                    if den == 0.0 {
                        continue;
                    }
                    let t = ((c.0 - a.0) * f.1 - (c.1 - a.1) * f.0) / den;
                    let u = ((c.0 - a.0) * e.1 - (c.1 - a.1) * e.0) / den;
                    if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                        let p = (a.0 + t * e.0, a.1 + t * e.1);
                        if self.is_free(p) {
                            out.push(p);
                        }
                    }
                }
            }
        }
        for o in &self.obstacles {
            if Self::solid(o) {
                out.extend(o.iter().copied().filter(|&p| self.is_free(p)));
            } else {
                let (mut a, mut b, mut best) = (o[0], o[0], -1.0);
                for &p in o {
                    for &q in o {
                        if dist(p, q) > best {
                            (a, b, best) = (p, q, dist(p, q));
                        }
                    }
                }
                out.extend([a, b].into_iter().filter(|&p| self.is_free(p)));
            }
        }
        out
    }
}

impl FreeSpace {
    /// The corners the shortest path turns at, start and goal included (for failure messages).
    pub fn shortest_route(&self, start: P, goal: P) -> Option<Vec<P>> {
        let nodes = self.nodes(start, goal);
        let n = nodes.len();
        let mut best = vec![f64::INFINITY; n];
        let mut before = vec![usize::MAX; n];
        let mut done = vec![false; n];
        best[0] = 0.0;
        loop {
            let u = (0..n)
                .filter(|&i| !done[i] && best[i].is_finite())
                .min_by(|&i, &j| best[i].total_cmp(&best[j]))?;
            if u == 1 {
                let mut route = vec![nodes[1]];
                let mut at = 1;
                while before[at] != usize::MAX {
                    at = before[at];
                    route.push(nodes[at]);
                }
                route.reverse();
                return Some(route);
            }
            done[u] = true;
            for v in 0..n {
                if !done[v] && self.segment_clear(nodes[u], nodes[v]) {
                    let d = best[u] + dist(nodes[u], nodes[v]);
                    if d < best[v] {
                        best[v] = d;
                        before[v] = u;
                    }
                }
            }
        }
    }
}
