//! [`wall_pieces`]: obstacle sides cut where they cross or touch each other, so that a
//! triangulation can take every piece as a constraint without two constraints crossing.
//!
//! The triangulator can split crossing constraints itself, but it computes each crossing point
//! while it edits the triangulation, and on nearly degenerate crossings its own bookkeeping then
//! fails an assertion. Cutting the walls beforehand keeps all of that out of the triangulator:
//! each crossing point is computed once, from the two sides' exact orientations, and shared by
//! both sides; an endpoint lying exactly on another side cuts that side there; sides that overlap
//! along a line are cut at each other's endpoints and so share their common pieces.

use super::key_hash::{KeyMap, KeySet};
use super::locator::Locator;
use crate::geometry::Point;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};

/// The pieces of `walls` (segments given by their end points), each as consecutive points along
/// its wall: piece `k` of a wall runs from `points[k]` to `points[k + 1]`. A wall's list starts
/// and ends with its own endpoints and holds every point where another wall crosses it or
/// touches it, in order. Crossing points are computed once for each pair of walls and the same
/// value is used in both lists.
///
/// `None` as soon as the walls are cut more than `max_cuts` times (a crossing cuts both its
/// walls, an endpoint on another wall cuts that wall): walls that cross that often make a
/// triangulation whose size grows with the square of their number, and the cutting stops
/// before it holds more than `max_cuts` points.
pub(crate) fn wall_pieces(walls: &[(Point, Point)], max_cuts: u64) -> Option<Vec<Vec<Point>>> {
    let boxes: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>> = RTree::bulk_load(
        walls
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| {
                GeomWithData::new(
                    Rectangle::from_corners(
                        [a.x.min(b.x), a.y.min(b.y)],
                        [a.x.max(b.x), a.y.max(b.y)],
                    ),
                    k,
                )
            })
            .collect(),
    );
    // Cut points of each wall, as (how far along, point).
    let mut cuts: Vec<Vec<(f64, Point)>> = walls
        .iter()
        .map(|&(a, b)| vec![(0.0, a), (1.0, b)])
        .collect();
    let mut crossings: KeyMap<(usize, usize), Point> = KeyMap::default();
    let mut made: u64 = 0;
    for (i, &(a, b)) in walls.iter().enumerate() {
        let envelope =
            AABB::from_corners([a.x.min(b.x), a.y.min(b.y)], [a.x.max(b.x), a.y.max(b.y)]);
        for other in boxes.locate_in_envelope_intersecting(&envelope) {
            let j = other.data;
            if j == i {
                continue;
            }
            let (c, d) = walls[j];
            // Endpoints of the other wall on this one, strictly inside it.
            for p in [c, d] {
                if let Some(t) = strictly_inside(p, a, b) {
                    cuts[i].push((t, p));
                    made += 1;
                }
            }
            // A proper crossing: each wall's ends strictly on both sides of the other.
            let (o1, o2) = (Point::orientation(a, b, c), Point::orientation(a, b, d));
            let (o3, o4) = (Point::orientation(c, d, a), Point::orientation(c, d, b));
            if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
                let key = (i.min(j), i.max(j));
                let p = *crossings.entry(key).or_insert_with(|| {
                    // Computed from the lower-numbered wall, so both walls get the same point.
                    let ((p, q), (r, s)) = if i < j {
                        ((a, b), (c, d))
                    } else {
                        ((c, d), (a, b))
                    };
                    let (u, v) = (Point::orientation(r, s, p), Point::orientation(r, s, q));
                    p + (q - p) * (u / (u - v))
                });
                let t = along(p, a, b).clamp(0.0, 1.0);
                cuts[i].push((t, p));
                made += 1;
            }
            if made > max_cuts {
                return None;
            }
        }
    }
    let mut pieces: Vec<Vec<Point>> = cuts
        .into_iter()
        .map(|mut list| {
            list.sort_by(|x, y| x.0.total_cmp(&y.0));
            list.into_iter().map(|(_, p)| p).collect()
        })
        .collect();
    let scale = walls
        .iter()
        .flat_map(|&(a, b)| [a.x.abs(), a.y.abs(), b.x.abs(), b.y.abs()])
        .fold(0.0, f64::max);
    let tolerance = MERGE_ULPS * f64::EPSILON * scale;
    merge_close_points(&mut pieces, walls, tolerance);
    for points in &mut pieces {
        points.dedup();
    }
    route_through_close_points(&mut pieces, tolerance);
    Some(pieces)
}

/// Each piece of `pieces` that passes within `tolerance` of another wall's point (but not
/// through it) rerouted through that point. Two walls a rounding from collinear (grown sides of
/// obstacles that nearly coincide) overlap without either's points lying exactly on the other,
/// so neither is cut; a third wall crossing both is then crossed at points a rounding apart, in
/// an order that can make their pieces cross, which the triangulator refuses. Rerouted, both
/// walls run through each other's points there and share those pieces: a wall moves by a few
/// roundings at most (the snap rounding of computational geometry, by points instead of pixels).
fn route_through_close_points(pieces: &mut [Vec<Point>], tolerance: f64) {
    if tolerance <= 0.0 {
        return;
    }
    let mut points: Vec<Point> = pieces.iter().flatten().copied().collect();
    points.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    points.dedup();
    // The points, as triangles without area, in buckets asked along each piece.
    let as_triangles: Vec<[Point; 3]> = points.iter().map(|&p| [p; 3]).collect();
    let buckets = Locator::new(&as_triangles);
    // (wall, piece, how far along, point) for every point a piece passes close by.
    let mut detours: Vec<(usize, usize, f64, Point)> = Vec::new();
    for (w, list) in pieces.iter().enumerate() {
        for (k, pair) in list.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            buckets.near_segment(a, b, tolerance, |i| {
                let r = points[i];
                let t = along(r, a, b);
                if r != a && r != b && t > 0.0 && t < 1.0 {
                    let d = (a + (b - a) * t) - r;
                    if d.dot(d) <= tolerance * tolerance {
                        detours.push((w, k, t, r));
                    }
                }
            });
        }
    }
    if detours.is_empty() {
        return;
    }
    // In order along each wall, then inserted backwards (last piece, farthest point first), so
    // piece numbers still to come stay valid and each piece's points end up in order.
    detours.sort_by(|x, y| (x.0, x.1).cmp(&(y.0, y.1)).then(x.2.total_cmp(&y.2)));
    for (w, k, _, r) in detours.into_iter().rev() {
        pieces[w].insert(k + 1, r);
    }
}

/// How close two cut points must be, in units of the rounding error of the scene's largest
/// coordinate, to be taken as one point.
const MERGE_ULPS: f64 = 16.0;

/// Points of `pieces` within `tolerance` of each other (in both coordinates, directly or through
/// a chain of such points) replaced by one of them: a wall's own endpoint when the group holds
/// one, else the lowest point. Crossing points are rounded, and walls a rounding apart (the same
/// side given twice, a side and its reverse, the grown sides of two obstacles that nearly
/// coincide) are each crossed at points a rounding apart; kept apart, those points make pieces of
/// walls that should coincide cross each other, which the triangulator refuses. Merged, the walls
/// share the point and their pieces there. A point moves by a few roundings at most, far below
/// anything a mesh is asked.
fn merge_close_points(pieces: &mut [Vec<Point>], walls: &[(Point, Point)], tolerance: f64) {
    let key = |p: Point| (p.x.to_bits(), p.y.to_bits());
    let endpoints: KeySet<(u64, u64)> = walls.iter().flat_map(|&(a, b)| [key(a), key(b)]).collect();
    let mut points: Vec<Point> = pieces.iter().flatten().copied().collect();
    points.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    points.dedup_by_key(|p| key(*p));
    // Union-find over the sorted points; each pair within the tolerance is joined.
    let mut parent: Vec<usize> = (0..points.len()).collect();
    fn root(parent: &mut [usize], mut k: usize) -> usize {
        while parent[k] != k {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        k
    }
    // Where each run of points on one vertical line (the same x, to the bit) ends: a run is
    // sorted by y, so past the tolerance above a point the rest of its run is skipped (walls on
    // a grid put hundreds of points on one line).
    let mut run_end = vec![points.len(); points.len()];
    for k in (0..points.len().saturating_sub(1)).rev() {
        run_end[k] = if points[k + 1].x.to_bits() == points[k].x.to_bits() {
            run_end[k + 1]
        } else {
            k + 1
        };
    }
    let mut joined = false;
    for i in 0..points.len() {
        let mut j = i + 1;
        while j < points.len() && points[j].x - points[i].x <= tolerance {
            if points[j].x.to_bits() == points[i].x.to_bits()
                && points[j].y - points[i].y > tolerance
            {
                j = run_end[i];
                continue;
            }
            if (points[j].y - points[i].y).abs() <= tolerance {
                let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                if ri != rj {
                    parent[ri.max(rj)] = ri.min(rj);
                    joined = true;
                }
            }
            j += 1;
        }
    }
    if !joined {
        return;
    }
    // Each group's point: the first of its walls' endpoints in sorted order, else its first point.
    let mut chosen: Vec<Option<usize>> = vec![None; points.len()];
    for k in 0..points.len() {
        let r = root(&mut parent, k);
        let is_end = endpoints.contains(&key(points[k]));
        match chosen[r] {
            None => chosen[r] = Some(k),
            Some(c) if is_end && !endpoints.contains(&key(points[c])) => chosen[r] = Some(k),
            Some(_) => {}
        }
    }
    let index: KeyMap<(u64, u64), usize> = points
        .iter()
        .enumerate()
        .map(|(k, &p)| (key(p), k))
        .collect();
    for list in pieces.iter_mut() {
        for p in list.iter_mut() {
            let k = index[&key(*p)];
            let r = root(&mut parent, k);
            *p = points[chosen[r].expect("every group has a point")];
        }
    }
}

/// How far along `a`–`b` the point `p` lies (0 at `a`, 1 at `b`), by projection.
fn along(p: Point, a: Point, b: Point) -> f64 {
    let d = b - a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        0.0
    } else {
        (p - a).dot(d) / len2
    }
}

/// Where `p` lies along `a`–`b` when it is exactly on the segment and strictly between its ends.
fn strictly_inside(p: Point, a: Point, b: Point) -> Option<f64> {
    if p == a || p == b || Point::orientation(a, b, p) != 0.0 {
        return None;
    }
    let inside =
        p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y);
    inside.then(|| along(p, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_touching_and_overlapping_walls_are_cut_where_they_meet() {
        let p = Point::new;
        let walls = [
            (p(0.0, 0.0), p(4.0, 4.0)), // crosses the next one at (2, 2)
            (p(0.0, 4.0), p(4.0, 0.0)),
            (p(1.0, 0.0), p(1.0, 1.0)), // its top end touches the first wall at (1, 1)
            (p(6.0, 0.0), p(9.0, 0.0)), // overlaps the next one from 7 to 9
            (p(7.0, 0.0), p(10.0, 0.0)),
        ];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        assert_eq!(
            pieces[0],
            [p(0.0, 0.0), p(1.0, 1.0), p(2.0, 2.0), p(4.0, 4.0)]
        );
        assert_eq!(pieces[1], [p(0.0, 4.0), p(2.0, 2.0), p(4.0, 0.0)]);
        assert_eq!(pieces[2], [p(1.0, 0.0), p(1.0, 1.0)]);
        assert_eq!(pieces[3], [p(6.0, 0.0), p(7.0, 0.0), p(9.0, 0.0)]);
        assert_eq!(pieces[4], [p(7.0, 0.0), p(9.0, 0.0), p(10.0, 0.0)]);
    }

    #[test]
    fn both_walls_of_a_crossing_share_the_same_point() {
        let p = Point::new;
        let walls = [(p(0.1, 0.3), p(7.7, 2.9)), (p(3.3, -1.0), p(2.9, 5.1))];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        assert_eq!(pieces[0].len(), 3);
        assert_eq!(pieces[0][1], pieces[1][1]);
    }

    #[test]
    fn a_side_given_twice_is_crossed_at_one_point() {
        let p = Point::new;
        // A side and its reverse, crossed by a third wall: computed from each of them, the
        // crossing points differ by a rounding.
        let (a, b) = (
            p(-0.8838834764831844, -0.8838834764831844),
            p(2.118033988749895, -0.5590169943749473),
        );
        let walls = [
            (a, b),
            (b, a),
            (
                p(-0.9449111990819901, -0.818317069264375),
                p(4.147078676758723, -0.4966996167961637),
            ),
        ];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        assert_eq!(pieces[0].len(), 3);
        assert_eq!(pieces[2].len(), 3);
        assert_eq!(pieces[0][1], pieces[1][1]);
        assert_eq!(pieces[0][1], pieces[2][1]);
    }

    #[test]
    fn walls_a_rounding_apart_share_their_points() {
        let p = Point::new;
        // Two nearly vertical sides a rounding apart, overlapping; a third wall ends on one
        // and crosses the other a rounding from that end.
        let walls = [
            (p(-0.9999999999999999, 3.414213562373096), p(-1.0, 0.0)),
            (p(-1.0, 3.0549264218382324), p(-1.0, -1.0)),
            (p(3.682225806422532, -1.0), p(-1.0, 3.0549264218382324)),
        ];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        let end = p(-1.0, 3.0549264218382324);
        assert_eq!(pieces[0], [walls[0].0, end, p(-1.0, 0.0)]);
        assert_eq!(pieces[1], [end, p(-1.0, 0.0), p(-1.0, -1.0)]);
        assert_eq!(*pieces[2].last().unwrap(), end);
    }

    #[test]
    fn points_further_apart_than_roundings_stay_apart() {
        let p = Point::new;
        let walls = [
            (p(0.0, 0.0), p(10.0, 0.0)),
            (p(5.0, -1.0), p(5.0, 1.0)),
            (p(5.000001, -1.0), p(5.000001, 1.0)),
        ];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        assert_eq!(pieces[0].len(), 4);
        assert_eq!(pieces[0][1], p(5.0, 0.0));
        assert!(pieces[0][2].x - pieces[0][1].x > 0.9e-6);
        assert_eq!(pieces[1], [p(5.0, -1.0), p(5.0, 0.0), p(5.0, 1.0)]);
    }

    #[test]
    fn a_wall_passing_a_rounding_from_a_point_runs_through_it() {
        let p = Point::new;
        // Both ends of the second wall lie a rounding beside the first, not on it.
        let (top, bottom) = (p(-0.9999999999999998, 2.5), p(-0.9999999999999998, 0.5));
        let walls = [
            (p(-1.0, 3.0), p(-1.0, 0.0)),
            (top, bottom),
            (p(3.0, 3.0), p(4.0, 3.0)),
        ];
        let pieces = wall_pieces(&walls, u64::MAX).unwrap();
        assert_eq!(pieces[0], [p(-1.0, 3.0), top, bottom, p(-1.0, 0.0)]);
        assert_eq!(pieces[1], [top, bottom]);
        assert_eq!(pieces[2], [p(3.0, 3.0), p(4.0, 3.0)]);
    }

    #[test]
    fn cutting_stops_past_the_limit() {
        let p = Point::new;
        // Three walls crossing pairwise: six cuts.
        let walls = [
            (p(0.0, 0.0), p(4.0, 4.0)),
            (p(0.0, 4.0), p(4.0, 0.0)),
            (p(0.0, 1.0), p(4.0, 1.5)),
        ];
        assert!(wall_pieces(&walls, 6).is_some());
        assert!(wall_pieces(&walls, 5).is_none());
    }
}
