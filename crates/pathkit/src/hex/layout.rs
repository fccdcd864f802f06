//! [`HexLayout`] and [`HexOrientation`]: how a rectangle of hexes is numbered and drawn.

use super::Hex;
use std::fmt;
use std::str::FromStr;

/// Which way up a hexagon is drawn.
///
/// ```
/// use pathkit::hex::{HexLayout, HexOrientation};
///
/// assert_eq!(HexLayout::OddR.orientation(), HexOrientation::PointyTop);
/// assert_eq!(HexLayout::EvenQ.orientation(), HexOrientation::FlatTop);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HexOrientation {
    /// A corner at the top: hexes form horizontal rows, every other row shifted half a hex
    /// sideways (Tiled's `staggeraxis="y"`).
    PointyTop,
    /// A side at the top: hexes form vertical columns, every other column shifted half a hex
    /// down (Tiled's `staggeraxis="x"`).
    FlatTop,
}

/// How the hexes of a rectangular map are numbered by column and row ("offset coordinates", the
/// numbering of map files and editors), and so which rows or columns are shifted.
///
/// A hex map is a rectangle of `width` x `height` tiles, but its rows (pointy-top) or columns
/// (flat-top) zigzag: every other one is shifted by half a hex. The layout says which: the odd
/// or the even ones. Converting to [`Hex`] (axial) coordinates takes that into account, so that
/// searches need no case for odd and even rows.
///
/// | layout | orientation | shifted | Tiled |
/// |---|---|---|---|
/// | [`OddR`](Self::OddR) | pointy-top | odd rows, half a hex right | `staggeraxis="y" staggerindex="odd"` |
/// | [`EvenR`](Self::EvenR) | pointy-top | even rows, half a hex right | `staggeraxis="y" staggerindex="even"` |
/// | [`OddQ`](Self::OddQ) | flat-top | odd columns, half a hex down | `staggeraxis="x" staggerindex="odd"` |
/// | [`EvenQ`](Self::EvenQ) | flat-top | even columns, half a hex down | `staggeraxis="x" staggerindex="even"` |
///
/// ```
/// use pathkit::hex::HexLayout;
///
/// // Row 1 of an odd-r map is shifted right: its column 0 sits between columns 0 and 1 of
/// // rows 0 and 2, so both are its neighbours.
/// let layout = HexLayout::OddR;
/// let a = layout.to_hex(0, 1).unwrap();
/// assert_eq!(a.distance(layout.to_hex(0, 0).unwrap()), 1);
/// assert_eq!(a.distance(layout.to_hex(1, 0).unwrap()), 1);
/// assert_eq!(layout.to_offset(a), (0, 1));
/// assert_eq!("odd-r".parse::<HexLayout>(), Ok(HexLayout::OddR));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HexLayout {
    /// Pointy-top, odd rows shifted right.
    OddR,
    /// Pointy-top, even rows shifted right.
    EvenR,
    /// Flat-top, odd columns shifted down.
    OddQ,
    /// Flat-top, even columns shifted down.
    EvenQ,
}

impl HexLayout {
    /// Every layout.
    pub const ALL: [HexLayout; 4] = [
        HexLayout::OddR,
        HexLayout::EvenR,
        HexLayout::OddQ,
        HexLayout::EvenQ,
    ];

    /// The orientation of the hexes: pointy-top for row layouts, flat-top for column layouts.
    ///
    /// ```
    /// use pathkit::hex::{HexLayout, HexOrientation};
    ///
    /// assert_eq!(HexLayout::EvenR.orientation(), HexOrientation::PointyTop);
    /// assert_eq!(HexLayout::OddQ.orientation(), HexOrientation::FlatTop);
    /// ```
    #[must_use]
    pub fn orientation(self) -> HexOrientation {
        match self {
            HexLayout::OddR | HexLayout::EvenR => HexOrientation::PointyTop,
            HexLayout::OddQ | HexLayout::EvenQ => HexOrientation::FlatTop,
        }
    }

    /// Whether row (pointy-top) or column (flat-top) `index` is the shifted kind.
    ///
    /// ```
    /// use pathkit::hex::HexLayout;
    ///
    /// assert!(HexLayout::OddR.is_shifted(1) && !HexLayout::OddR.is_shifted(0));
    /// assert!(HexLayout::EvenQ.is_shifted(0) && HexLayout::EvenQ.is_shifted(-2));
    /// ```
    #[must_use]
    pub fn is_shifted(self, index: i64) -> bool {
        let odd = index & 1 == 1;
        match self {
            HexLayout::OddR | HexLayout::OddQ => odd,
            HexLayout::EvenR | HexLayout::EvenQ => !odd,
        }
    }

    /// The hex at column `col`, row `row` of this layout, or `None` when its axial coordinates
    /// do not fit `i32`. Any integers may be given, negative ones too.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexLayout};
    ///
    /// assert_eq!(HexLayout::OddR.to_hex(3, 2), Some(Hex::new(2, 2)));
    /// assert_eq!(HexLayout::EvenR.to_hex(3, 2), Some(Hex::new(2, 2)));
    /// assert_eq!(HexLayout::EvenR.to_hex(3, 1), Some(Hex::new(2, 1)));
    /// assert_eq!(HexLayout::OddQ.to_hex(3, 2), Some(Hex::new(3, 1)));
    /// assert_eq!(HexLayout::OddR.to_hex(i64::MAX, 0), None);
    /// ```
    #[must_use]
    pub fn to_hex(self, col: i64, row: i64) -> Option<Hex> {
        // `x - (x & 1)` and `x + (x & 1)` are even, so halving them is exact for negative `x`
        // too: rounding direction never matters.
        let half_down = |x: i64| x.checked_sub(x & 1).map(|e| e / 2);
        let half_up = |x: i64| x.checked_add(x & 1).map(|e| e / 2);
        let (q, r) = match self {
            HexLayout::OddR => (col.checked_sub(half_down(row)?)?, row),
            HexLayout::EvenR => (col.checked_sub(half_up(row)?)?, row),
            HexLayout::OddQ => (col, row.checked_sub(half_down(col)?)?),
            HexLayout::EvenQ => (col, row.checked_sub(half_up(col)?)?),
        };
        Some(Hex::new(i32::try_from(q).ok()?, i32::try_from(r).ok()?))
    }

    /// The column and row of `hex` in this layout: the inverse of [`HexLayout::to_hex`]. Never
    /// overflows (`i32` coordinates, `i64` results).
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexLayout};
    ///
    /// for layout in HexLayout::ALL {
    ///     let hex = Hex::new(-7, 4);
    ///     let (col, row) = layout.to_offset(hex);
    ///     assert_eq!(layout.to_hex(col, row), Some(hex));
    /// }
    /// ```
    #[must_use]
    pub fn to_offset(self, hex: Hex) -> (i64, i64) {
        let (q, r) = (hex.q as i64, hex.r as i64);
        match self {
            HexLayout::OddR => (q + (r - (r & 1)) / 2, r),
            HexLayout::EvenR => (q + (r + (r & 1)) / 2, r),
            HexLayout::OddQ => (q, r + (q - (q & 1)) / 2),
            HexLayout::EvenQ => (q, r + (q + (q & 1)) / 2),
        }
    }

    /// The layout's name in the text form and on the command line: `odd-r`, `even-r`, `odd-q`,
    /// `even-q`.
    ///
    /// ```
    /// use pathkit::hex::HexLayout;
    ///
    /// assert_eq!(HexLayout::EvenQ.name(), "even-q");
    /// assert_eq!(HexLayout::EvenQ.to_string(), "even-q");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HexLayout::OddR => "odd-r",
            HexLayout::EvenR => "even-r",
            HexLayout::OddQ => "odd-q",
            HexLayout::EvenQ => "even-q",
        }
    }
}

impl fmt::Display for HexLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`HexLayout`].
///
/// ```
/// use pathkit::hex::{HexLayout, UnknownHexLayout};
///
/// let e = "odd-x".parse::<HexLayout>().unwrap_err();
/// assert_eq!(e, UnknownHexLayout { found: "odd-x".to_string() });
/// assert_eq!(e.to_string(), "unknown hex layout \"odd-x\": expected odd-r, even-r, odd-q or even-q");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHexLayout {
    /// The name given.
    pub found: String,
}

impl fmt::Display for UnknownHexLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown hex layout {:?}: expected odd-r, even-r, odd-q or even-q",
            self.found
        )
    }
}

impl std::error::Error for UnknownHexLayout {}

impl FromStr for HexLayout {
    type Err = UnknownHexLayout;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HexLayout::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownHexLayout {
                found: s.to_string(),
            })
    }
}
