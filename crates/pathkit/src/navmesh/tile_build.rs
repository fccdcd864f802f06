//! Triangulating one tile of a [`TiledNavMesh`](super::TiledNavMesh): the obstacles' sides
//! clipped to the tile's box, the box's sides as edges that paths cross, the free triangles
//! kept.
//!
//! Two tiles sharing a side must cut it at the same points, or their edges there would not
//! match and the tiles would not join. Every point on a side is therefore computed from the
//! obstacle side and the line alone, never from the tile: the crossing of a side with the line
//! `x = X` is the same number whichever tile asks ([`on_vertical`], [`on_horizontal`]); an
//! obstacle side that only touches a tile (its end on the tile's side) still cuts that side.

use super::build::{triangulate_sides, FreeTriangles};
use super::NavMeshError;
use crate::geometry::{Point, Polygon};

/// The box of a tile, closed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TileBox {
    pub(crate) lo: Point,
    pub(crate) hi: Point,
}

impl TileBox {
    /// Whether `p` lies on one of the box's four sides.
    pub(crate) fn on_side(&self, p: Point) -> bool {
        let inside = p.x >= self.lo.x && p.x <= self.hi.x && p.y >= self.lo.y && p.y <= self.hi.y;
        inside && (p.x == self.lo.x || p.x == self.hi.x || p.y == self.lo.y || p.y == self.hi.y)
    }

    /// Whether the segment `a`-`b` lies along one side of the box (both ends on the same side
    /// line): the edges a tile shares with its neighbours.
    pub(crate) fn along_side(&self, a: Point, b: Point) -> bool {
        self.on_side(a)
            && self.on_side(b)
            && ((a.x == b.x && (a.x == self.lo.x || a.x == self.hi.x))
                || (a.y == b.y && (a.y == self.lo.y || a.y == self.hi.y)))
    }
}

/// What is left of a segment in a closed box.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Clipped {
    Outside,
    /// The segment touches the box at one point (of its boundary).
    Touch(Point),
    Inside(Point, Point),
}

/// Where the segment `a`-`b` (ordered, `a.x < b.x`) crosses the line `x = line`, clamped to
/// the segment: a function of the segment and the line only.
fn on_vertical(a: Point, b: Point, line: f64) -> Point {
    if line == a.x {
        return a;
    }
    if line == b.x {
        return b;
    }
    let y = a.y + (line - a.x) * (b.y - a.y) / (b.x - a.x);
    Point::new(line, y.clamp(a.y.min(b.y), a.y.max(b.y)))
}

/// Where the segment `a`-`b` (with `a.y != b.y`) crosses the line `y = line`, clamped.
fn on_horizontal(a: Point, b: Point, line: f64) -> Point {
    if line == a.y {
        return a;
    }
    if line == b.y {
        return b;
    }
    let x = a.x + (line - a.y) * (b.x - a.x) / (b.y - a.y);
    Point::new(x.clamp(a.x.min(b.x), a.x.max(b.x)), line)
}

/// Which line limits a clipped end.
#[derive(Clone, Copy)]
enum Limit {
    End,
    X(f64),
    Y(f64),
}

/// The part of segment `a`-`b` in the closed box. The segment is put in a canonical order
/// first, so that each end of the part is computed the same way by every box sharing the line
/// it lies on.
fn clip(a: Point, b: Point, tile: &TileBox) -> Clipped {
    let (a, b) = if (a.x, a.y) <= (b.x, b.y) {
        (a, b)
    } else {
        (b, a)
    };
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = ((0.0, Limit::End), (1.0, Limit::End));
    // Along x (dx >= 0 by the order).
    if dx == 0.0 {
        if a.x < tile.lo.x || a.x > tile.hi.x {
            return Clipped::Outside;
        }
    } else {
        let enter = (tile.lo.x - a.x) / dx;
        let leave = (tile.hi.x - a.x) / dx;
        if enter > t0.0 {
            t0 = (enter, Limit::X(tile.lo.x));
        }
        if leave < t1.0 {
            t1 = (leave, Limit::X(tile.hi.x));
        }
    }
    if dy == 0.0 {
        if a.y < tile.lo.y || a.y > tile.hi.y {
            return Clipped::Outside;
        }
    } else {
        let (low, high) = ((tile.lo.y - a.y) / dy, (tile.hi.y - a.y) / dy);
        let (enter, leave) = if dy > 0.0 {
            ((low, tile.lo.y), (high, tile.hi.y))
        } else {
            ((high, tile.hi.y), (low, tile.lo.y))
        };
        if enter.0 > t0.0 {
            t0 = (enter.0, Limit::Y(enter.1));
        }
        if leave.0 < t1.0 {
            t1 = (leave.0, Limit::Y(leave.1));
        }
    }
    if t0.0 > t1.0 {
        return Clipped::Outside;
    }
    let at = |limit: Limit, end: Point| {
        let p = match limit {
            Limit::End => end,
            Limit::X(line) => on_vertical(a, b, line),
            Limit::Y(line) => on_horizontal(a, b, line),
        };
        // On the box, whatever the rounding.
        Point::new(
            p.x.clamp(tile.lo.x, tile.hi.x),
            p.y.clamp(tile.lo.y, tile.hi.y),
        )
    };
    let (p, q) = (at(t0.1, a), at(t1.1, b));
    if p == q {
        Clipped::Touch(p)
    } else {
        Clipped::Inside(p, q)
    }
}

/// The free triangles of one tile and the area of each: its box among `obstacles` (grown
/// already; those whose box meets the tile's) and cut by the sides of `areas` (polygons and
/// area ids, in order: the later wins where they overlap; their sides are edges, not walls),
/// coordinates below `resolution` snapped to 0 as the whole mesh does.
pub(crate) fn triangulate_tile(
    tile: &TileBox,
    obstacles: &[&Polygon],
    areas: &[(&Polygon, u8)],
    resolution: f64,
) -> Result<(FreeTriangles, Vec<u8>), NavMeshError> {
    let mut inner: Vec<(Point, Point)> = Vec::new();
    let mut area_sides: Vec<(Point, Point)> = Vec::new();
    // Points where an obstacle or area side only touches the box: they cut the box's sides.
    let mut touches: Vec<Point> = Vec::new();
    let walls = obstacles.iter().map(|o| (*o, false));
    let marks = areas.iter().map(|(o, _)| (*o, true));
    for (o, is_area) in marks.chain(walls) {
        let points = o.points();
        let count = match points.len() {
            0 | 1 => 0,
            2 => 1,
            n => n,
        };
        for k in 0..count {
            let (a, b) = (points[k], points[(k + 1) % points.len()]);
            if a == b {
                continue;
            }
            match clip(a, b, tile) {
                Clipped::Outside => {}
                Clipped::Touch(p) => touches.push(p),
                Clipped::Inside(p, q) if is_area => area_sides.push((p, q)),
                Clipped::Inside(p, q) => inner.push((p, q)),
            }
        }
    }
    // The box's sides, cut at the touching points: open sides, crossed into the next tile.
    let (lo, hi) = (tile.lo, tile.hi);
    let corners = [lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)];
    let mut sides: Vec<(Point, Point)> = Vec::new();
    for k in 0..4 {
        let (a, b) = (corners[k], corners[(k + 1) % 4]);
        let mut cuts: Vec<(f64, Point)> = touches
            .iter()
            .filter(|p| {
                if a.x == b.x {
                    p.x == a.x && p.y > a.y.min(b.y) && p.y < a.y.max(b.y)
                } else {
                    p.y == a.y && p.x > a.x.min(b.x) && p.x < a.x.max(b.x)
                }
            })
            .map(|&p| (a.distance(p), p))
            .collect();
        cuts.sort_by(|u, v| u.0.total_cmp(&v.0));
        cuts.dedup_by(|u, v| u.1 == v.1);
        let mut from = a;
        for (_, p) in cuts {
            sides.push((from, p));
            from = p;
        }
        sides.push((from, b));
    }
    // The box's sides and the areas' sides are edges paths cross; the obstacles' are walls.
    sides.extend(area_sides);
    let open = sides.len();
    sides.extend(inner);
    // A point is tested against the polygons whose box holds it only.
    let holds = |o: &Polygon, (lo, hi): (Point, Point), p: Point| {
        p.x > lo.x && p.x < hi.x && p.y > lo.y && p.y < hi.y && o.contains_strictly(p)
    };
    let centroid =
        |[a, b, c]: [Point; 3]| Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
    let boxes: Vec<(Point, Point)> = obstacles.iter().map(|o| o.bounds()).collect();
    let free = triangulate_sides(sides, open, resolution, |corners| {
        let c = centroid(corners);
        !obstacles.iter().zip(&boxes).any(|(o, b)| holds(o, *b, c))
    })?;
    let area_boxes: Vec<(Point, Point)> = areas.iter().map(|(o, _)| o.bounds()).collect();
    let area_of = free
        .triangles
        .iter()
        .map(|t| {
            if areas.is_empty() {
                return 0;
            }
            let c = centroid(t.map(|v| free.vertices[v as usize]));
            areas
                .iter()
                .zip(&area_boxes)
                .rev()
                .find(|((o, _), b)| holds(o, **b, c))
                .map_or(0, |((_, id), _)| *id)
        })
        .collect();
    Ok((free, area_of))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(x0: f64, y0: f64, x1: f64, y1: f64) -> TileBox {
        TileBox {
            lo: Point::new(x0, y0),
            hi: Point::new(x1, y1),
        }
    }

    #[test]
    fn neighbouring_tiles_clip_a_side_to_the_same_point() {
        let p = Point::new;
        let (left, right) = (tile(0.0, 0.0, 1.0, 1.0), tile(1.0, 0.0, 2.0, 1.0));
        for (a, b) in [
            (p(0.3, 0.1), p(1.7, 0.9)),
            (p(1.7, 0.9), p(0.3, 0.1)),
            (p(0.1, 0.77), p(1.9, 0.13)),
        ] {
            let Clipped::Inside(_, l) = clip(a, b, &left) else {
                panic!("crosses the left tile")
            };
            let Clipped::Inside(r, _) = clip(a, b, &right) else {
                panic!("crosses the right tile")
            };
            assert_eq!(l, r);
            assert_eq!(l.x, 1.0);
        }
        // Ending on the shared side: a touch for the other tile.
        assert_eq!(
            clip(p(1.0, 0.5), p(1.5, 0.7), &left),
            Clipped::Touch(p(1.0, 0.5))
        );
        assert_eq!(clip(p(2.5, 0.5), p(3.0, 0.7), &left), Clipped::Outside);
        // Along the shared side: in both.
        assert_eq!(
            clip(p(1.0, -1.0), p(1.0, 0.5), &left),
            Clipped::Inside(p(1.0, 0.0), p(1.0, 0.5))
        );
    }
}
