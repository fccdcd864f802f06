//! The subgoals a cell reaches directly: every subgoal `t` with a shortest free path from the cell
//! (an octile-length path, diagonal moves first, then straight ones) on which no other subgoal
//! lies. These are the edges of the graph, and at query time the start's and the goal's links to
//! it.
//!
//! The scan: straight along each of the four directions to the first stop; then along each
//! diagonal, from every diagonal step straight along the diagonal's two sides. Along a side, a
//! stop farther than the one in the row before is not direct (a shortest path to it passes the
//! earlier stop's corner), so each side's reach only shrinks as the walk goes on; the walk ends at
//! a wall, a corner it may not cut, or a subgoal.

use super::cells::{offset, straight_of, Cells, NONE, STRAIGHT};

/// The four diagonal directions.
const DIAGONALS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Scans from the padded cell `from`, calling `found(p)` for the padded index of every subgoal it
/// reaches directly (a subgoal may be reported twice). `goal`, when given, is a cell treated as a
/// subgoal for this scan without stopping it: the answer says whether it is reached directly,
/// which makes the diagonal-first path to it a shortest path.
pub(crate) fn scan(
    cells: &Cells,
    from: usize,
    goal: Option<usize>,
    found: &mut impl FnMut(usize),
) -> bool {
    let stride = cells.stride;
    let steps = STRAIGHT.map(|(dx, dy)| dy as isize * stride as isize + dx as isize);
    // The goal relative to `from`.
    let rel = goal.map(|g| {
        let (gx, gy) = ((g % stride) as i64, (g / stride) as i64);
        let (sx, sy) = ((from % stride) as i64, (from / stride) as i64);
        (gx - sx, gy - sy)
    });
    let mut reached = false;
    for (d, &(dx, dy)) in STRAIGHT.iter().enumerate() {
        let (k, sub) = cells.stop(from, d, steps[d]);
        if sub {
            found(offset(from, stride, dx * k as i64, dy * k as i64));
        }
        if let Some((gx, gy)) = rel {
            // On this ray, before the stop or at it.
            let t = if dy == 0 && gy == 0 && gx.signum() == dx {
                gx.unsigned_abs() as usize
            } else if dx == 0 && gx == 0 && gy.signum() == dy {
                gy.unsigned_abs() as usize
            } else {
                0
            };
            if t > 0 && (t < k || (t == k && sub)) {
                reached = true;
            }
        }
    }
    for &(dx, dy) in &DIAGONALS {
        let sides = [straight_of(dx, 0), straight_of(0, dy)];
        let side_steps = [steps[sides[0]], steps[sides[1]]];
        let mut reach = [0usize; 2];
        for j in 0..2 {
            reach[j] = cells.stop(from, sides[j], side_steps[j]).0 - 1;
        }
        // Where the goal lies on this diagonal's walk: the step in line with it, the side (0,
        // 1, or 2 for on the diagonal) and how far along that side.
        let goal_at = rel.and_then(|(gx, gy)| {
            if gx.signum() != dx || gy.signum() != dy {
                return None;
            }
            let (ax, ay) = (gx.unsigned_abs() as usize, gy.unsigned_abs() as usize);
            let i = ax.min(ay);
            Some(if ax > ay {
                (i, 0, ax - i)
            } else if ay > ax {
                (i, 1, ay - i)
            } else {
                (i, 2, 0)
            })
        });
        let dstep = dy as isize * stride as isize + dx as isize;
        let mut p = from;
        let mut i = 0;
        loop {
            let q = (p as isize + dstep) as usize;
            if !cells.free(q)
                || !cells.free((p as isize + side_steps[0]) as usize)
                || !cells.free((p as isize + side_steps[1]) as usize)
            {
                break;
            }
            p = q;
            i += 1;
            if goal_at == Some((i, 2, 0)) {
                reached = true;
            }
            if cells.subgoal[p] != NONE {
                found(p);
                break;
            }
            for j in 0..2 {
                let (k, sub) = cells.stop(p, sides[j], side_steps[j]);
                if let Some((gi, side, t)) = goal_at {
                    if gi == i && side == j && t <= reach[j] && (t < k || (t == k && sub)) {
                        reached = true;
                    }
                }
                if sub && k <= reach[j] {
                    found((p as isize + side_steps[j] * k as isize) as usize);
                }
                reach[j] = reach[j].min(k - 1);
            }
        }
    }
    reached
}
