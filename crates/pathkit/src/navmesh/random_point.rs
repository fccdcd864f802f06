//! Random points on a [`NavMesh`]: uniform by area, over the whole mesh or the part of it within a
//! circle, drawn from a seed so that the same seed gives the same point on every platform.

use super::{NavMesh, NavMeshError};
use crate::geometry::Point;

/// How many candidates [`NavMesh::random_point_in_circle`] draws before it gives up.
const TRIES: u32 = 1_000;

/// Numbers drawn from a seed (SplitMix64): the same seed, the same numbers, everywhere.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1), from the top 53 bits.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A point of the triangle `t` uniform by area, from two numbers in [0, 1).
fn in_triangle([a, b, c]: [Point; 3], u: f64, v: f64) -> Point {
    let r = u.sqrt();
    a * (1.0 - r) + b * (r * (1.0 - v)) + c * (r * v)
}

fn area([a, b, c]: [Point; 3]) -> f64 {
    ((b - a).cross(c - a) / 2.0).abs()
}

impl NavMesh {
    /// A point of the mesh drawn uniformly by area from `seed`: the same seed gives the same
    /// point (on every platform: the draws are integer arithmetic and IEEE operations); `None`
    /// for a mesh with no area. Spawn points, wandering agents. It sums the triangles' areas
    /// each call: draw many points from one call of your own if that matters.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
    /// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// for seed in 0..100 {
    ///     let point = mesh.random_point(seed).unwrap();
    ///     assert!(mesh.triangle_at(point).is_some());
    ///     assert_eq!(mesh.random_point(seed), Some(point));
    /// }
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn random_point(&self, seed: u64) -> Option<Point> {
        let triangles: Vec<[Point; 3]> = (0..self.triangle_count())
            .filter_map(|k| self.triangle(k))
            .collect();
        let mut draws = Draws(seed);
        pick(&triangles, &mut draws)
    }

    /// A point of the mesh within `radius` of `centre`, drawn uniformly by area over that part
    /// of the mesh from `seed` (the same seed, the same point); `None` when no candidate of
    /// the first thousand lands there (the circle holds no mesh, or almost none: a thousandth
    /// of the smaller of the circle and the triangles it overlaps).
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`] for a centre or radius not finite, and
    /// [`NavMeshError::InvalidRadius`] for a negative radius.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let point = mesh.random_point_in_circle(p(9.0, 9.0), 2.0, 7)?.unwrap();
    /// assert!(point.distance(p(9.0, 9.0)) <= 2.0 && point.x <= 10.0 && point.y <= 10.0);
    /// assert_eq!(mesh.random_point_in_circle(p(30.0, 30.0), 2.0, 7)?, None);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn random_point_in_circle(
        &self,
        centre: Point,
        radius: f64,
        seed: u64,
    ) -> Result<Option<Point>, NavMeshError> {
        NavMeshError::check_finite([centre, Point::new(radius, 0.0)])?;
        if radius < 0.0 {
            return Err(NavMeshError::InvalidRadius { radius });
        }
        let (lo, hi) = (
            Point::new(centre.x - radius, centre.y - radius),
            Point::new(centre.x + radius, centre.y + radius),
        );
        // The triangles whose bounds meet the circle's: the mesh within it is in them.
        let near: Vec<[Point; 3]> = (0..self.triangle_count())
            .filter_map(|k| self.triangle(k))
            .filter(|t| {
                let (min_x, max_x) = (
                    t.iter().map(|p| p.x).fold(f64::INFINITY, f64::min),
                    t.iter().map(|p| p.x).fold(f64::NEG_INFINITY, f64::max),
                );
                let (min_y, max_y) = (
                    t.iter().map(|p| p.y).fold(f64::INFINITY, f64::min),
                    t.iter().map(|p| p.y).fold(f64::NEG_INFINITY, f64::max),
                );
                min_x <= hi.x && max_x >= lo.x && min_y <= hi.y && max_y >= lo.y
            })
            .collect();
        let near_area: f64 = near.iter().map(|&t| area(t)).sum();
        let circle_area = std::f64::consts::PI * radius * radius;
        let mut draws = Draws(seed);
        // Draw uniformly from the smaller of the two regions and keep what lies in both: a
        // uniform draw over the intersection either way.
        for _ in 0..TRIES {
            let candidate = if near_area <= circle_area {
                match pick(&near, &mut draws) {
                    Some(p) => p,
                    None => return Ok(None),
                }
            } else {
                let (r, angle) = (
                    radius * draws.unit().sqrt(),
                    std::f64::consts::TAU * draws.unit(),
                );
                Point::new(centre.x + r * angle.cos(), centre.y + r * angle.sin())
            };
            if candidate.distance(centre) <= radius && self.triangle_at(candidate).is_some() {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }
}

/// A point of `triangles` uniform by area; `None` when they have none.
fn pick(triangles: &[[Point; 3]], draws: &mut Draws) -> Option<Point> {
    let total: f64 = triangles.iter().map(|&t| area(t)).sum();
    if total.is_nan() || total <= 0.0 {
        return None;
    }
    let mut target = draws.unit() * total;
    let chosen = triangles
        .iter()
        .find(|&&t| {
            target -= area(t);
            target < 0.0
        })
        .or_else(|| triangles.iter().rev().find(|&&t| area(t) > 0.0))?;
    Some(in_triangle(*chosen, draws.unit(), draws.unit()))
}
