//! [`Hex`]: a hexagon of a hex map in axial coordinates.

use std::fmt;

/// A hexagon in axial coordinates: column `q` and row `r` of a skewed grid in which each of the
/// six neighbours is one fixed step away, whatever the row or column, so neighbours and
/// distances need no case for odd and even rows.
///
/// The third cube coordinate is `s = -q - r`; a step changes two of `q`, `r` and `s` by one in
/// opposite directions, so the distance between two hexes is the largest of the three
/// differences. Axial coordinates are the same for both [orientations](super::HexOrientation):
/// only how a hex is drawn, and how a map file numbers its tiles ([`HexLayout`](super::HexLayout)),
/// differ.
///
/// ```
/// use pathkit::hex::Hex;
///
/// let a = Hex::new(0, 0);
/// assert_eq!(a.neighbours().len(), 6);
/// assert!(a.neighbours().iter().all(|n| a.distance(*n) == 1));
/// assert_eq!(a.distance(Hex::new(3, -1)), 3);
/// assert_eq!(Hex::new(2, -5).s(), 3);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hex {
    /// The axial column.
    pub q: i32,
    /// The axial row.
    pub r: i32,
}

impl Hex {
    /// The six steps to a neighbour, in the order searches list neighbours (the tie-break of
    /// last resort): `+q`, `+q -r`, `-r`, `-q`, `-q +r`, `+r`. On a pointy-top map these are
    /// east, north-east, north-west, west, south-west and south-east; on a flat-top map
    /// south-east, north-east, north, north-west, south-west and south.
    pub const DIRECTIONS: [Hex; 6] = [
        Hex::new(1, 0),
        Hex::new(1, -1),
        Hex::new(0, -1),
        Hex::new(-1, 0),
        Hex::new(-1, 1),
        Hex::new(0, 1),
    ];

    /// The hex at axial column `q`, row `r`.
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// let h = Hex::new(2, -1);
    /// assert_eq!((h.q, h.r), (2, -1));
    /// ```
    #[must_use]
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r` (in `i64`: it may leave the `i32` range).
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// assert_eq!(Hex::new(1, 2).s(), -3);
    /// assert_eq!(Hex::new(i32::MIN, i32::MIN).s(), 1 << 32);
    /// ```
    #[must_use]
    pub const fn s(self) -> i64 {
        -(self.q as i64) - self.r as i64
    }

    /// The number of steps between two hexes on an open map: the largest difference of their
    /// cube coordinates. Never overflows: the differences are computed in `i64`.
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, 2)), 4); // two steps +r, two +q
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -2)), 2); // two steps +q -r
    /// assert_eq!(Hex::new(i32::MIN, 0).distance(Hex::new(i32::MAX, 0)), u32::MAX as u64);
    /// ```
    #[must_use]
    pub const fn distance(self, other: Hex) -> u64 {
        let dq = (self.q as i64 - other.q as i64).unsigned_abs();
        let dr = (self.r as i64 - other.r as i64).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        let max = if dq > dr { dq } else { dr };
        if ds > max {
            ds
        } else {
            max
        }
    }

    /// The neighbour one step in [`Hex::DIRECTIONS`]`[direction % 6]`, or `None` when a
    /// coordinate would leave the `i32` range.
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// assert_eq!(Hex::new(0, 0).neighbour(1), Some(Hex::new(1, -1)));
    /// assert_eq!(Hex::new(i32::MAX, 0).neighbour(0), None);
    /// ```
    #[must_use]
    pub fn neighbour(self, direction: usize) -> Option<Hex> {
        let d = Hex::DIRECTIONS[direction % 6];
        Some(Hex::new(self.q.checked_add(d.q)?, self.r.checked_add(d.r)?))
    }

    /// The six neighbours in [`Hex::DIRECTIONS`] order (coordinates wrap at the ends of the
    /// `i32` range; [`Hex::neighbour`] refuses that instead).
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// let n = Hex::new(0, 0).neighbours();
    /// assert_eq!(n[0], Hex::new(1, 0));
    /// assert_eq!(n[5], Hex::new(0, 1));
    /// ```
    #[must_use]
    pub fn neighbours(self) -> [Hex; 6] {
        Hex::DIRECTIONS.map(|d| Hex::new(self.q.wrapping_add(d.q), self.r.wrapping_add(d.r)))
    }
}

impl fmt::Debug for Hex {
    /// `(q, r)`, as its [`Display`](fmt::Display) form and every error message write it.
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// assert_eq!(format!("{:?}", Hex::new(3, -2)), "(3, -2)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Hex {
    /// `(q, r)`.
    ///
    /// ```
    /// use pathkit::hex::Hex;
    ///
    /// assert_eq!(Hex::new(3, -2).to_string(), "(3, -2)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}
