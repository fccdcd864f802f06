//! Shortest any-angle paths among obstacles, from the rules and nothing else: a visibility graph
//! (the start, the goal and the corners where a taut path can turn) searched by plain Dijkstra.
//! It shares no code with pathkit's meshes or searches: its own segment tests, its own corner
//! rules, its own search.

#![allow(dead_code)] // Each including crate uses its own part.

/// The length of the shortest path from `nodes[0]` to `nodes[1]` in the complete graph on
/// `nodes` whose edges are the pairs `clear` accepts, weighted by Euclidean distance; `None`
/// when the goal cannot be reached. Dijkstra without a heap: n is small.
pub fn shortest_path<P: Copy>(
    nodes: &[P],
    clear: impl Fn(P, P) -> bool,
    distance: impl Fn(P, P) -> f64,
) -> Option<f64> {
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    loop {
        let u = (0..n)
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&i, &j| dist[i].total_cmp(&dist[j]))?;
        if u == 1 {
            return Some(dist[1]);
        }
        done[u] = true;
        for v in 0..n {
            if !done[v] && clear(nodes[u], nodes[v]) {
                let d = dist[u] + distance(nodes[u], nodes[v]);
                if d < dist[v] {
                    dist[v] = d;
                }
            }
        }
    }
}

/// A grid world in doubled coordinates: cell `(x, y)` is the open square `(2x, 2x + 2) x
/// (2y, 2y + 2)`, so cell centres, corners and edge midpoints are all integer points. Outside
/// the grid is blocked.
pub struct GridWorld {
    pub width: i64,
    pub height: i64,
    pub blocked: Vec<bool>,
}

impl GridWorld {
    pub fn is_blocked(&self, x: i64, y: i64) -> bool {
        x < 0
            || y < 0
            || x >= self.width
            || y >= self.height
            || self.blocked[(y * self.width + x) as usize]
    }

    /// The four cells around lattice point `(x, y)` (cell units): up-left, up-right,
    /// down-left, down-right.
    fn around(&self, x: i64, y: i64) -> [bool; 4] {
        [
            self.is_blocked(x - 1, y - 1),
            self.is_blocked(x, y - 1),
            self.is_blocked(x - 1, y),
            self.is_blocked(x, y),
        ]
    }

    /// Two blocked cells meeting only at this lattice point, the other two free: the free
    /// space touches itself here but does not pass.
    pub fn is_pinch(&self, x: i64, y: i64) -> bool {
        let [ul, ur, dl, dr] = self.around(x, y);
        ul == dr && ur == dl && ul != ur
    }

    /// Lattice points (doubled) with exactly one blocked cell of four: the only places a taut
    /// path turns (the free space is 270 degrees wide there).
    pub fn turning_points(&self) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for y in 0..=self.height {
            for x in 0..=self.width {
                if self.around(x, y).iter().filter(|&&b| b).count() == 1 {
                    out.push((2 * x, 2 * y));
                }
            }
        }
        out
    }

    /// Whether doubled point `p` is walkable: inside or on the border of a free cell, and not a
    /// pinch.
    pub fn is_walkable(&self, (px, py): (i64, i64)) -> bool {
        if px < 0 || py < 0 || px > 2 * self.width || py > 2 * self.height {
            return false;
        }
        // The cells whose closed squares hold the point.
        let xs: Vec<i64> = if px % 2 == 0 {
            vec![px / 2 - 1, px / 2]
        } else {
            vec![px / 2]
        };
        let ys: Vec<i64> = if py % 2 == 0 {
            vec![py / 2 - 1, py / 2]
        } else {
            vec![py / 2]
        };
        let any_free = xs
            .iter()
            .any(|&x| ys.iter().any(|&y| !self.is_blocked(x, y)));
        let pinch = px % 2 == 0 && py % 2 == 0 && self.is_pinch(px / 2, py / 2);
        any_free && !pinch
    }

    /// Whether the segment `a`–`b` (doubled, both walkable) stays in the free space: it enters
    /// no blocked cell, runs along no line with blocked cells on both sides, and passes through
    /// no pinch.
    pub fn segment_clear(&self, a: (i64, i64), b: (i64, i64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        if dx == 0 && dy == 0 {
            return true;
        }
        let (x0, x1) = (a.0.min(b.0) / 2 - 1, a.0.max(b.0) / 2 + 1);
        let (y0, y1) = (a.1.min(b.1) / 2 - 1, a.1.max(b.1) / 2 + 1);
        for cy in y0..=y1 {
            for cx in x0..=x1 {
                if self.is_blocked(cx, cy) && enters_open_square(a, (dx, dy), (2 * cx, 2 * cy)) {
                    return false;
                }
            }
        }
        // The integer points on the segment, in order.
        let g = gcd(dx.abs(), dy.abs());
        let (sx, sy) = (dx / g, dy / g);
        for k in 1..g {
            let (px, py) = (a.0 + k * sx, a.1 + k * sy);
            if px % 2 == 0 && py % 2 == 0 && self.is_pinch(px / 2, py / 2) {
                return false;
            }
        }
        // Along a grid line: each unit piece needs a free cell on one side.
        if dx == 0 && a.0 % 2 == 0 {
            let x = a.0 / 2;
            for j in a.1.min(b.1).div_euclid(2)..a.1.max(b.1).div_euclid(2) + 1 {
                let overlap = (2 * j + 2).min(a.1.max(b.1)) - (2 * j).max(a.1.min(b.1));
                if overlap > 0 && self.is_blocked(x - 1, j) && self.is_blocked(x, j) {
                    return false;
                }
            }
        }
        if dy == 0 && a.1 % 2 == 0 {
            let y = a.1 / 2;
            for i in a.0.min(b.0).div_euclid(2)..a.0.max(b.0).div_euclid(2) + 1 {
                let overlap = (2 * i + 2).min(a.0.max(b.0)) - (2 * i).max(a.0.min(b.0));
                if overlap > 0 && self.is_blocked(i, y - 1) && self.is_blocked(i, y) {
                    return false;
                }
            }
        }
        true
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A fraction n / d with d > 0.
#[derive(Clone, Copy)]
struct Frac(i128, i128);

impl Frac {
    fn new(n: i64, d: i64) -> Frac {
        if d < 0 {
            Frac(-i128::from(n), -i128::from(d))
        } else {
            Frac(i128::from(n), i128::from(d))
        }
    }
    fn lt(self, o: Frac) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
}

/// Whether the segment from `a` along `d` (t in [0, 1]) meets the open square of side 2 whose
/// lower corner is `c`: exact, on fractions.
fn enters_open_square(a: (i64, i64), d: (i64, i64), c: (i64, i64)) -> bool {
    let mut lo = Frac(-1, 1); // below 0: the open intervals are cut to [0, 1] at the end
    let mut hi = Frac(2, 1);
    for (p, dp, cp) in [(a.0, d.0, c.0), (a.1, d.1, c.1)] {
        if dp == 0 {
            if !(cp < p && p < cp + 2) {
                return false;
            }
            continue;
        }
        let (t1, t2) = (Frac::new(cp - p, dp), Frac::new(cp + 2 - p, dp));
        let (l, h) = if t1.lt(t2) { (t1, t2) } else { (t2, t1) };
        if lo.lt(l) {
            lo = l;
        }
        if h.lt(hi) {
            hi = h;
        }
    }
    // Some t in [0, 1] with lo < t < hi.
    lo.lt(hi) && lo.lt(Frac(1, 1)) && Frac(0, 1).lt(hi)
}

/// Convex obstacles (counter-clockwise) in the plane, with touching allowed: a segment is clear
/// when it meets no obstacle's interior.
pub struct PolygonWorld {
    pub obstacles: Vec<Vec<(f64, f64)>>,
}

/// Distances below this are zero (touching, not entering).
const TOUCH: f64 = 1e-9;

fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (b.0 - a.0).hypot(b.1 - a.1)
}

impl PolygonWorld {
    /// Whether `p` is strictly inside some obstacle (farther than the touch distance from its
    /// sides).
    pub fn is_inside(&self, p: (f64, f64)) -> bool {
        self.obstacles.iter().any(|o| {
            (0..o.len()).all(|i| {
                let (u, v) = (o[i], o[(i + 1) % o.len()]);
                orient(u, v, p) > TOUCH * dist(u, v)
            })
        })
    }

    /// Whether segment `a`–`b` meets no obstacle's interior: for each obstacle there is a
    /// separating line, one of its sides or the segment's own line (convex sets).
    pub fn segment_clear(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        self.obstacles.iter().all(|o| {
            let by_side = (0..o.len()).any(|i| {
                let (u, v) = (o[i], o[(i + 1) % o.len()]);
                let tol = TOUCH * dist(u, v);
                orient(u, v, a) <= tol && orient(u, v, b) <= tol
            });
            let len = dist(a, b);
            let by_segment = len > 0.0
                && (o.iter().all(|&p| orient(a, b, p) >= -TOUCH * len)
                    || o.iter().all(|&p| orient(a, b, p) <= TOUCH * len));
            by_side || by_segment || len == 0.0
        })
    }

    /// The shortest path length from `start` to `goal` inside the box `[0, size]^2`, turning
    /// only at obstacle corners inside the box.
    pub fn shortest(&self, size: f64, start: (f64, f64), goal: (f64, f64)) -> Option<f64> {
        let mut nodes = vec![start, goal];
        for o in &self.obstacles {
            for &p in o {
                if p.0 >= 0.0 && p.1 >= 0.0 && p.0 <= size && p.1 <= size && !self.is_inside(p) {
                    nodes.push(p);
                }
            }
        }
        shortest_path(&nodes, |a, b| self.segment_clear(a, b), dist)
    }
}
