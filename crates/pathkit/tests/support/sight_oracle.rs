//! The independent oracle of line of sight and smoothing, written from the rules alone.
//!
//! Nothing here calls pathkit, and nothing walks a line cell by cell as the library does. Every
//! coordinate is doubled, so cell centres are odd integers and grid corners even ones, and the
//! segment is tested against each cell's square with exact integer arithmetic:
//! - the segment crosses a cell when it meets the open square of the cell (separating axes: the
//!   two grid axes and the segment's normal, each with `<=`, since touching the square's boundary
//!   is not crossing it);
//! - two cells see each other when the segment crosses no wall, and at every grid corner it
//!   passes through (an even point on it), the two cells beside the corner satisfy the rule: both
//!   free with no corner cutting (and 4-connected, which the library treats alike), not both
//!   walls with corner cutting, anything with any diagonal;
//! - a cell sees itself when it is free.
//!
//! Smoothing is checked from its documented promises ([`check_smoothed`], on paths of distinct
//! cells, as searches return): the first and last waypoints kept, a subsequence of the input, every segment either a leg of the input or in
//! sight and over no cell heavier than the heaviest waypoint of the stretch it replaces, each
//! kept waypoint followed by the furthest such waypoint (or the next one when none is), and no
//! longer than the input.

#![allow(dead_code)] // Each test binary uses its own part of the oracle.

use super::oracle::{Moves, OracleMap};

/// The weight of a cell; cells outside the map are walls.
fn weight(map: &OracleMap, (x, y): (i64, i64)) -> u32 {
    if x < 0 || y < 0 || x as usize >= map.width || y as usize >= map.height {
        0
    } else {
        map.weights[y as usize * map.width + x as usize]
    }
}

/// Twice the centre of a cell.
fn centre((x, y): (i64, i64)) -> (i64, i64) {
    (2 * x + 1, 2 * y + 1)
}

/// The z of the cross product of `u` and `v`.
fn cross(u: (i64, i64), v: (i64, i64)) -> i64 {
    u.0 * v.1 - u.1 * v.0
}

/// Whether the segment from `p` to `q` (doubled coordinates, `p != q`) meets the open square of
/// the cell `(cx, cy)`.
fn meets_square(p: (i64, i64), q: (i64, i64), (cx, cy): (i64, i64)) -> bool {
    let (x0, y0) = (2 * cx, 2 * cy);
    let (x1, y1) = (x0 + 2, y0 + 2);
    if p.0.max(q.0) <= x0 || p.0.min(q.0) >= x1 || p.1.max(q.1) <= y0 || p.1.min(q.1) >= y1 {
        return false;
    }
    let d = (q.0 - p.0, q.1 - p.1);
    let sides = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map(|v| cross(d, (v.0 - p.0, v.1 - p.1)));
    !(sides.iter().all(|&s| s >= 0) || sides.iter().all(|&s| s <= 0))
}

/// Every cell whose interior the segment between the centres of `a` and `b` crosses (the cell
/// itself when `a == b`).
pub fn crossed_cells(map: &OracleMap, a: (i64, i64), b: (i64, i64)) -> Vec<(i64, i64)> {
    if a == b {
        return vec![a];
    }
    let (p, q) = (centre(a), centre(b));
    let mut cells = Vec::new();
    for cy in 0..map.height as i64 {
        for cx in 0..map.width as i64 {
            if meets_square(p, q, (cx, cy)) {
                cells.push((cx, cy));
            }
        }
    }
    cells
}

/// Whether the centres of `a` and `b` see each other under `moves` (walls only, weights aside).
pub fn sees(map: &OracleMap, moves: Moves, a: (i64, i64), b: (i64, i64)) -> bool {
    if crossed_cells(map, a, b)
        .iter()
        .any(|&c| weight(map, c) == 0)
    {
        return false;
    }
    let (p, q) = (centre(a), centre(b));
    let d = (q.0 - p.0, q.1 - p.1);
    // Grid corners on the segment: even points, strictly between its odd ends.
    for v in 0..=map.height as i64 {
        for u in 0..=map.width as i64 {
            let corner = (2 * u, 2 * v);
            let on_line = cross(d, (corner.0 - p.0, corner.1 - p.1)) == 0;
            let inside = corner.0 >= p.0.min(q.0)
                && corner.0 <= p.0.max(q.0)
                && corner.1 >= p.1.min(q.1)
                && corner.1 <= p.1.max(q.1);
            if !(on_line && inside) {
                continue;
            }
            // Down-right (or up-left), the segment goes from the top-left cell to the
            // bottom-right one, beside the top-right and bottom-left ones; otherwise the other
            // pair. (A straight segment has odd coordinates across and meets no corner.)
            let beside = if d.0 * d.1 > 0 {
                [(u, v - 1), (u - 1, v)]
            } else {
                [(u - 1, v - 1), (u, v)]
            };
            let walls = beside.iter().filter(|&&c| weight(map, c) == 0).count();
            let refused = match moves {
                Moves::Four | Moves::NoCornerCutting => walls > 0,
                Moves::CornerCutting => walls == 2,
                Moves::AnyDiagonal => false,
            };
            if refused {
                return false;
            }
        }
    }
    true
}

/// Whether smoothing may replace the stretch `path[i..=j]` by one segment: in sight, and over no
/// cell heavier than the stretch's heaviest waypoint.
pub fn may_shortcut(
    map: &OracleMap,
    moves: Moves,
    path: &[(i64, i64)],
    i: usize,
    j: usize,
) -> bool {
    let heaviest = path[i..=j]
        .iter()
        .map(|&c| weight(map, c))
        .max()
        .unwrap_or(0);
    sees(map, moves, path[i], path[j])
        && crossed_cells(map, path[i], path[j])
            .iter()
            .all(|&c| weight(map, c) <= heaviest)
}

/// The Euclidean length of a polyline through cell centres.
pub fn length(path: &[(i64, i64)]) -> f64 {
    path.windows(2)
        .map(|w| (((w[1].0 - w[0].0).pow(2) + (w[1].1 - w[0].1).pow(2)) as f64).sqrt())
        .sum()
}

/// Checks `smoothed` against the promises of smoothing `path` under `moves` (see the module
/// documentation); the error says which one is broken.
pub fn check_smoothed(
    map: &OracleMap,
    moves: Moves,
    path: &[(i64, i64)],
    smoothed: &[(i64, i64)],
) -> Result<(), String> {
    let mut distinct = path.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        path.len(),
        "the oracle checks paths of distinct cells"
    );
    if path.len() < 2 {
        return if smoothed == path {
            Ok(())
        } else {
            Err(format!("a path of {} cells came back changed", path.len()))
        };
    }
    if smoothed.first() != path.first() || smoothed.last() != path.last() {
        return Err("the first or last waypoint is lost".into());
    }
    // Where each kept waypoint sits in the input (its cells are distinct, so each has one
    // place), in order.
    let mut at = Vec::with_capacity(smoothed.len());
    let mut from = 0;
    for &w in smoothed {
        let Some(k) = path[from..].iter().position(|&c| c == w) else {
            return Err(format!("{w:?} is not a later waypoint of the input"));
        };
        at.push(from + k);
        from += k + 1;
    }
    for pair in at.windows(2) {
        let (i, k) = (pair[0], pair[1]);
        if k != i + 1 && !may_shortcut(map, moves, path, i, k) {
            return Err(format!(
                "the segment {:?} -> {:?} is not allowed (waypoints {i} -> {k})",
                path[i], path[k]
            ));
        }
        if let Some(j) = (k + 1..path.len())
            .rev()
            .find(|&j| may_shortcut(map, moves, path, i, j))
        {
            return Err(format!(
                "{:?} (waypoint {i}) is followed by waypoint {k}, but waypoint {j} {:?} is allowed",
                path[i], path[j]
            ));
        }
    }
    if length(smoothed) > length(path) + 1e-9 {
        return Err(format!(
            "longer: {} against {}",
            length(smoothed),
            length(path)
        ));
    }
    Ok(())
}
