//! [`Point`]: a position in the plane, and the orientation test every other predicate rests on.

use std::ops::{Add, Mul, Sub};

/// A point (or a vector) in the plane, in `f64`.
///
/// Obstacles and nodes keep their coordinates in `f32`, as GameplayKit does; geometry converts
/// them to `f64`, where the differences and cross products of `f32` coordinates of similar
/// magnitude are exact, so [`orientation`](Point::orientation) gives the exact sign and `a`–`b`
/// and `b`–`a` always agree.
///
/// ```
/// use pathkit::geometry::Point;
///
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(4.0, 0.0));
/// assert!(Point::orientation(a, b, Point::new(1.0, 1.0)) > 0.0); // left of a -> b
/// assert!(Point::orientation(a, b, Point::new(1.0, -1.0)) < 0.0);
/// assert_eq!(Point::orientation(a, b, Point::new(9.0, 0.0)), 0.0);
/// assert_eq!(a.distance(Point::new(3.0, 4.0)), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

/// A point from its coordinates as an array, so a call taking `impl Into<Point>` reads
/// `[0.0, 10.0]`.
///
/// ```
/// use pathkit::geometry::Point;
///
/// assert_eq!(Point::from([1.5, -2.0]), Point::new(1.5, -2.0));
/// ```
impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Self {
        Point::new(x, y)
    }
}

/// A point from its coordinates as a pair.
///
/// ```
/// use pathkit::geometry::Point;
///
/// assert_eq!(Point::from((1.5, -2.0)), Point::new(1.5, -2.0));
/// ```
impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Point::new(x, y)
    }
}

impl Point {
    /// The point `(x, y)`.
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// The point of `f32` coordinates, as obstacles and nodes store them.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    ///
    /// assert_eq!(Point::from_f32([1.5, -2.0]), Point::new(1.5, -2.0));
    /// ```
    #[must_use]
    pub fn from_f32([x, y]: [f32; 2]) -> Self {
        Point::new(f64::from(x), f64::from(y))
    }

    /// The coordinates rounded to the nearest `f32`.
    #[must_use]
    pub fn to_f32(self) -> [f32; 2] {
        [self.x as f32, self.y as f32]
    }

    /// The cross product of two vectors: positive when `other` turns left from `self`.
    #[must_use]
    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The dot product of two vectors.
    #[must_use]
    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The length of a vector: `sqrt(x² + y²)`, from IEEE operations only (products, a sum and a
    /// square root, each correctly rounded), so it is the same to the bit on every platform,
    /// native or wasm. `hypot` would depend on the platform's maths library. Only a vector whose
    /// squared length overflows (coordinates beyond about 1e154, far past
    /// [`MAX_COORDINATE`](crate::navmesh::MAX_COORDINATE)) falls back to `hypot`.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    ///
    /// assert_eq!(Point::new(3.0, 4.0).length(), 5.0);
    /// assert!((Point::new(3e200, 4e200).length() / 5e200 - 1.0).abs() < 1e-15); // no overflow
    /// ```
    #[must_use]
    pub fn length(self) -> f64 {
        let squared = self.x * self.x + self.y * self.y;
        if squared.is_finite() {
            squared.sqrt()
        } else {
            self.x.hypot(self.y)
        }
    }

    /// The Euclidean distance to `other`.
    #[must_use]
    pub fn distance(self, other: Point) -> f64 {
        (other - self).length()
    }

    /// Twice the signed area of the triangle `a`, `b`, `c`: positive when `c` lies left of the
    /// line from `a` to `b` (the three turn counter-clockwise), zero when the three are
    /// collinear.
    #[must_use]
    pub fn orientation(a: Point, b: Point, c: Point) -> f64 {
        (b - a).cross(c - a)
    }

    /// Whether both coordinates are finite numbers.
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}
