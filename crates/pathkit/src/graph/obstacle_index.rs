//! [`ObstacleIndex`]: which obstacles a segment may meet, from an R*-tree of their boxes.

use crate::geometry::Point;
use rstar::{RTree, RTreeObject, SelectionFunction, AABB};

/// An obstacle's box (its raw and grown polygons together) and its key.
#[derive(Clone, Debug, PartialEq)]
struct Boxed {
    key: u32,
    lo: [f64; 2],
    hi: [f64; 2],
}

impl RTreeObject for Boxed {
    type Envelope = AABB<[f64; 2]>;
    fn envelope(&self) -> Self::Envelope {
        AABB::from_corners(self.lo, self.hi)
    }
}

/// Selects the boxes a segment passes through (or touches).
struct AlongSegment {
    a: Point,
    b: Point,
}

impl SelectionFunction<Boxed> for AlongSegment {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        segment_meets_box(self.a, self.b, envelope.lower(), envelope.upper())
    }
    fn should_unpack_leaf(&self, leaf: &Boxed) -> bool {
        segment_meets_box(self.a, self.b, leaf.lo, leaf.hi)
    }
}

/// Whether segment `a`–`b` meets the closed box `lo`..`hi` grown by a hair (a filter: it may
/// say yes for a segment that misses by rounding, never no for one that meets it).
pub(crate) fn segment_meets_box(a: Point, b: Point, lo: [f64; 2], hi: [f64; 2]) -> bool {
    let scale = 1.0 + a.x.abs().max(a.y.abs()).max(b.x.abs()).max(b.y.abs());
    let pad = 1e-9 * scale;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (start, delta, low, high) in [
        (a.x, b.x - a.x, lo[0] - pad, hi[0] + pad),
        (a.y, b.y - a.y, lo[1] - pad, hi[1] + pad),
    ] {
        if delta == 0.0 {
            if start < low || start > high {
                return false;
            }
        } else {
            let (mut near, mut far) = ((low - start) / delta, (high - start) / delta);
            if near > far {
                std::mem::swap(&mut near, &mut far);
            }
            t0 = t0.max(near);
            t1 = t1.min(far);
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// The boxes of an obstacle graph's obstacles.
#[derive(Clone, Debug, Default)]
pub(crate) struct ObstacleIndex {
    tree: RTree<Boxed>,
    /// Obstacles whose box is not finite (grown by an infinite radius, or with vertices so far
    /// out that growing them overflows `f32`). The tree cannot hold them: their areas are
    /// infinite, the differences of areas it compares NaN, and rstar panics on those. They are
    /// met by every segment instead.
    unbounded: Vec<u32>,
}

fn is_finite(lo: [f64; 2], hi: [f64; 2]) -> bool {
    lo.iter().chain(&hi).all(|v| v.is_finite())
}

impl ObstacleIndex {
    pub(crate) fn insert(&mut self, key: u32, lo: [f64; 2], hi: [f64; 2]) {
        if is_finite(lo, hi) {
            self.tree.insert(Boxed { key, lo, hi });
        } else {
            self.unbounded.push(key);
        }
    }

    pub(crate) fn remove(&mut self, key: u32, lo: [f64; 2], hi: [f64; 2]) {
        if is_finite(lo, hi) {
            self.tree.remove(&Boxed { key, lo, hi });
        } else {
            self.unbounded.retain(|&k| k != key);
        }
    }

    /// The keys of the obstacles whose boxes segment `a`–`b` may meet, lazily: those the tree
    /// finds, and every obstacle without a finite box.
    pub(crate) fn along(&self, a: Point, b: Point) -> impl Iterator<Item = u32> + '_ {
        self.tree
            .locate_with_selection_function(AlongSegment { a, b })
            .map(|boxed| boxed.key)
            .chain(self.unbounded.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_meet_boxes() {
        let p = Point::new;
        let (lo, hi) = ([1.0, 1.0], [2.0, 2.0]);
        assert!(segment_meets_box(p(0.0, 0.0), p(3.0, 3.0), lo, hi));
        assert!(segment_meets_box(p(0.0, 1.0), p(3.0, 1.0), lo, hi)); // along a side
        assert!(segment_meets_box(p(1.5, 1.5), p(1.5, 1.5), lo, hi)); // a point inside
        assert!(!segment_meets_box(p(0.0, 0.0), p(0.9, 0.9), lo, hi));
        assert!(!segment_meets_box(p(0.0, 3.0), p(3.0, 2.5), lo, hi));
        assert!(!segment_meets_box(p(0.0, 0.0), p(0.0, 5.0), lo, hi));
        let mut index = ObstacleIndex::default();
        index.insert(7, lo, hi);
        index.insert(8, [5.0, 5.0], [6.0, 6.0]);
        assert_eq!(
            index.along(p(0.0, 0.0), p(3.0, 3.0)).collect::<Vec<_>>(),
            [7]
        );
        let mut both: Vec<_> = index.along(p(0.0, 0.0), p(9.0, 9.0)).collect();
        both.sort();
        assert_eq!(both, [7, 8]);
    }

    /// Boxes that are not finite stay out of the tree (whose reinsertion on overflow compares
    /// NaN differences of infinite areas, and panicked) and are met by every segment.
    #[test]
    fn unbounded_boxes_are_met_by_every_segment() {
        let p = Point::new;
        let inf = f64::INFINITY;
        let mut index = ObstacleIndex::default();
        for key in 0..40 {
            let k = f64::from(key);
            index.insert(key, [k, k], [k + 1.0, k + 1.0]);
            index.insert(100 + key, [-inf, k], [inf, k + 1.0]);
            index.insert(200 + key, [k, -inf], [k + 1.0, f64::MAX]);
        }
        let far: Vec<_> = index.along(p(-5.0, -5.0), p(-4.0, -4.0)).collect();
        assert_eq!(far.len(), 80);
        assert!(far.iter().all(|&k| k >= 100));
        index.remove(105, [-inf, 5.0], [inf, 6.0]);
        index.remove(3, [3.0, 3.0], [4.0, 4.0]);
        let mut met: Vec<_> = index.along(p(0.0, 0.0), p(9.0, 9.0)).collect();
        met.sort();
        assert_eq!(met.len(), 9 + 79);
        assert!(!met.contains(&105) && !met.contains(&3) && met.contains(&4));
    }
}
