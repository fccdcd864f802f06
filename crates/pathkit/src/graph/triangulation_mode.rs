//! [`TriangulationMode`]: where a mesh graph puts its nodes in each triangle.

use std::ops::BitOr;

/// Which nodes a [`MeshGraph`](super::MeshGraph) creates for its triangles (GameplayKit's
/// `GKMeshGraphTriangulationMode`), a set of flags that combine with `|`: the triangles' corners
/// ([`VERTICES`](Self::VERTICES), the default), their centres ([`CENTERS`](Self::CENTERS)) and
/// the midpoints of their edges ([`EDGE_MIDPOINTS`](Self::EDGE_MIDPOINTS)). More nodes give
/// smoother paths at the price of a larger graph.
///
/// ```
/// use pathkit::graph::TriangulationMode;
///
/// let both = TriangulationMode::VERTICES | TriangulationMode::CENTERS;
/// assert!(both.contains(TriangulationMode::CENTERS));
/// assert!(!both.contains(TriangulationMode::EDGE_MIDPOINTS));
/// assert_eq!(TriangulationMode::default(), TriangulationMode::VERTICES);
/// assert_eq!(both.bits(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TriangulationMode(u8);

impl TriangulationMode {
    /// A node at each corner of each triangle (shared corners once).
    pub const VERTICES: Self = TriangulationMode(1);
    /// A node at the centre (centroid) of each triangle.
    pub const CENTERS: Self = TriangulationMode(2);
    /// A node at the midpoint of each edge (an edge shared by two triangles once; a wall's
    /// edge once for each side, so that no path steps through a thin wall).
    pub const EDGE_MIDPOINTS: Self = TriangulationMode(4);

    /// The mode of these bits (1 vertices, 2 centres, 4 edge midpoints); other bits are dropped.
    ///
    /// ```
    /// use pathkit::graph::TriangulationMode;
    ///
    /// assert_eq!(TriangulationMode::from_bits(7 | 8).bits(), 7);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        TriangulationMode(bits & 7)
    }

    /// The flags as bits.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every flag of `other` is set.
    #[must_use]
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
}

impl Default for TriangulationMode {
    fn default() -> Self {
        Self::VERTICES
    }
}

impl BitOr for TriangulationMode {
    type Output = Self;

    fn bitor(self, rhs: Self) -> Self {
        TriangulationMode(self.0 | rhs.0)
    }
}
