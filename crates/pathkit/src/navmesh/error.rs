//! Typed errors of navigation meshes: building one, and asking it about points.

use crate::geometry::Point;
use crate::limits::Refusal;
use std::fmt;

/// Why a navigation mesh could not be built, or a query could not be answered.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::{NavMesh, NavMeshError};
///
/// let err = NavMesh::from_triangles(vec![Point::new(0.0, 0.0)], vec![[0, 1, 2]]).unwrap_err();
/// assert_eq!(err, NavMeshError::VertexOutOfRange { triangle: 0, vertex: 1 });
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum NavMeshError {
    /// An option or goal the any-angle search cannot honour.
    Unsupported(crate::Unsupported),
    /// A coordinate (of a vertex, an obstacle, the bounds or a query) is NaN or infinite.
    NonFinite {
        /// The point.
        point: Point,
    },
    /// A coordinate (or the agent radius) larger in magnitude than
    /// [`MAX_COORDINATE`](super::MAX_COORDINATE).
    OutOfRange {
        /// The point.
        point: Point,
    },
    /// The bounding box has no area (`min` is not below and left of `max`).
    EmptyBounds {
        /// Lower-left corner.
        min: Point,
        /// Upper-right corner.
        max: Point,
    },
    /// The agent radius is negative or not a number.
    InvalidRadius {
        /// The radius.
        radius: f64,
    },
    /// A triangle names a vertex the mesh does not hold.
    VertexOutOfRange {
        /// The triangle's index.
        triangle: usize,
        /// The vertex index.
        vertex: u32,
    },
    /// A triangle whose three corners are collinear (or repeated).
    DegenerateTriangle {
        /// The triangle's index.
        triangle: usize,
    },
    /// An edge shared by more than two triangles, or twice by triangles of the same winding.
    NonManifoldEdge {
        /// One end of the edge.
        from: u32,
        /// The other end.
        to: u32,
    },
    /// More vertices or triangles than `u32` indices can number.
    TooManyElements {
        /// How many were asked for.
        count: usize,
    },
    /// Obstacles whose walls cross or touch each other more often than the limit allows
    /// ([`WALL_CUTS_BASE`](super::WALL_CUTS_BASE) plus
    /// [`WALL_CUTS_PER_WALL`](super::WALL_CUTS_PER_WALL) a wall): obstacles piled on each other,
    /// whose triangulation would grow with the square of their number. Refused before anything
    /// is triangulated.
    TooManyCrossings {
        /// The walls: every side of the obstacles (grown by the radius) and of the box.
        walls: usize,
        /// The cuts they may have; they have more.
        limit: u64,
    },
    /// The triangulation could not be built from these obstacles: the triangulator refused a
    /// point, or gave up splitting walls that cross at a nearly degenerate angle.
    Triangulation,
    /// Memory for a navigation mesh was refused: more than the crate's limit
    /// ([`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES)), or more than the allocator would give.
    ///
    /// ```
    /// use pathkit::limits::Refusal;
    /// use pathkit::navmesh::NavMeshError;
    ///
    /// let err = NavMeshError::from(Refusal::OutOfMemory { bytes: 72 });
    /// assert_eq!(err.to_string(), "navigation mesh: out of memory: the allocator refused 72 bytes");
    /// ```
    Refused(Refusal),
    /// A query point lies on no triangle of the mesh.
    OffMesh {
        /// The point.
        point: Point,
    },
    /// Saved mesh data whose neighbours do not match its triangles' shared edges.
    InconsistentNeighbours {
        /// The first triangle that does not match.
        triangle: usize,
    },
    /// Saved mesh data with a vertex no triangle uses.
    UnusedVertex {
        /// The vertex.
        vertex: usize,
    },
    /// A corridor that is empty, names a triangle the mesh does not hold, steps between
    /// triangles that are not neighbours, or does not hold the start (first) and goal (last).
    NotACorridor {
        /// The position in the corridor where it fails.
        index: usize,
    },
    /// A tile size that is not a positive finite number, or that cuts the box into more than
    /// [`MAX_TILES`](super::MAX_TILES) tiles ([`TiledNavMesh`](super::TiledNavMesh)).
    InvalidTileSize {
        /// The size.
        size: f64,
    },
    /// An off-mesh link whose cost is negative or not finite, or whose ends are not finite
    /// points on the mesh ([`NavMesh::with_links`](super::NavMesh::with_links)).
    InvalidLink {
        /// The link's place in the list.
        link: usize,
    },
    /// An area of [`MAX_AREAS`](super::MAX_AREAS) or more.
    InvalidArea {
        /// The area.
        area: u8,
    },
    /// An area cost that is not a positive finite number ([`AreaCosts::with`](super::AreaCosts::with)).
    InvalidAreaCost {
        /// The area.
        area: u8,
        /// The factor asked for.
        factor: f64,
    },
    /// More points on each edge than a search over area costs places
    /// ([`MAX_POINTS_PER_EDGE`](super::MAX_POINTS_PER_EDGE)), or more points in all than `u32`
    /// indices can number.
    InvalidPointsPerEdge {
        /// The number asked for.
        count: u32,
    },
    /// An obstacle key a [`TiledNavMesh`](super::TiledNavMesh) does not hold (never given, or
    /// removed).
    UnknownObstacle {
        /// The key.
        key: u64,
    },
    /// An agent wider than every size an [`AgentSizes`](super::AgentSizes) map keeps a mesh
    /// for (or a radius that is not a number).
    NoAgentSize {
        /// The agent's radius.
        radius: f64,
    },
}

impl fmt::Display for NavMeshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavMeshError::Unsupported(u) => write!(f, "{u}"),
            NavMeshError::NonFinite { point } => {
                write!(f, "point ({}, {}) is not finite", point.x, point.y)
            }
            NavMeshError::OutOfRange { point } => write!(
                f,
                "point ({}, {}) lies beyond the {} a coordinate may reach",
                point.x,
                point.y,
                super::MAX_COORDINATE
            ),
            NavMeshError::EmptyBounds { min, max } => write!(
                f,
                "bounds ({}, {})-({}, {}) have no area",
                min.x, min.y, max.x, max.y
            ),
            NavMeshError::InvalidRadius { radius } => {
                write!(f, "agent radius {radius} is not a number >= 0")
            }
            NavMeshError::VertexOutOfRange { triangle, vertex } => {
                write!(f, "triangle {triangle} names vertex {vertex}, which the mesh does not hold")
            }
            NavMeshError::DegenerateTriangle { triangle } => {
                write!(f, "triangle {triangle} has no area")
            }
            NavMeshError::NonManifoldEdge { from, to } => write!(
                f,
                "edge {from}-{to} is shared by more than two triangles or by two of the same winding"
            ),
            NavMeshError::TooManyElements { count } => {
                write!(f, "{count} elements is more than u32 indices can number")
            }
            NavMeshError::TooManyCrossings { walls, limit } => write!(
                f,
                "the {walls} walls of the obstacles cross or touch each other more than {limit} times"
            ),
            NavMeshError::Triangulation => write!(f, "the obstacles could not be triangulated"),
            NavMeshError::Refused(refusal) => write!(f, "navigation mesh: {refusal}"),
            NavMeshError::OffMesh { point } => {
                write!(f, "point ({}, {}) lies on no triangle of the mesh", point.x, point.y)
            }
            NavMeshError::InconsistentNeighbours { triangle } => write!(
                f,
                "the saved neighbours of triangle {triangle} do not match the triangles' shared edges"
            ),
            NavMeshError::UnusedVertex { vertex } => {
                write!(f, "saved vertex {vertex} belongs to no triangle")
            }
            NavMeshError::NotACorridor { index } => {
                write!(f, "the corridor breaks at its triangle {index}")
            }
            NavMeshError::InvalidTileSize { size } => write!(
                f,
                "tile size {size} is not a positive number making at most {} tiles",
                super::MAX_TILES
            ),
            NavMeshError::InvalidLink { link } => write!(
                f,
                "off-mesh link {link} has a cost that is negative or not finite, or an end off the mesh"
            ),
            NavMeshError::InvalidArea { area } => write!(
                f,
                "area {area} is not below {}",
                super::MAX_AREAS
            ),
            NavMeshError::InvalidAreaCost { area, factor } => {
                write!(f, "area {area} cannot cost {factor}: a factor is a positive finite number")
            }
            NavMeshError::InvalidPointsPerEdge { count } => write!(
                f,
                "{count} points on each edge is more than {} (or more points than u32 indices can number)",
                super::MAX_POINTS_PER_EDGE
            ),
            NavMeshError::NoAgentSize { radius } => {
                write!(f, "no agent size of the map holds an agent of radius {radius}")
            }
            NavMeshError::UnknownObstacle { key } => {
                write!(f, "the mesh holds no obstacle {key}")
            }
        }
    }
}

impl std::error::Error for NavMeshError {}

impl From<Refusal> for NavMeshError {
    fn from(refusal: Refusal) -> Self {
        NavMeshError::Refused(refusal)
    }
}

impl NavMeshError {
    /// The error for the first point in `points` that is not finite or lies beyond
    /// [`MAX_COORDINATE`](super::MAX_COORDINATE).
    pub(crate) fn check_range(points: impl IntoIterator<Item = Point>) -> Result<(), NavMeshError> {
        for point in points {
            if !point.is_finite() {
                return Err(NavMeshError::NonFinite { point });
            }
            if point.x.abs() > super::MAX_COORDINATE || point.y.abs() > super::MAX_COORDINATE {
                return Err(NavMeshError::OutOfRange { point });
            }
        }
        Ok(())
    }

    /// The error for the first non-finite point in `points`, if any.
    pub(crate) fn check_finite(
        points: impl IntoIterator<Item = Point>,
    ) -> Result<(), NavMeshError> {
        match points.into_iter().find(|p| !p.is_finite()) {
            Some(point) => Err(NavMeshError::NonFinite { point }),
            None => Ok(()),
        }
    }

    /// [`NavMeshError::NonFinite`] for the first of `points` that is not finite, then
    /// [`NavMeshError::OffMesh`] for the first that `on` (the ground a search walks) does not
    /// hold: how every search over a mesh checks its ends.
    pub(crate) fn check_on(
        points: impl IntoIterator<Item = Point> + Clone,
        on: impl Fn(Point) -> bool,
    ) -> Result<(), NavMeshError> {
        NavMeshError::check_finite(points.clone())?;
        match points.into_iter().find(|&p| !on(p)) {
            Some(point) => Err(NavMeshError::OffMesh { point }),
            None => Ok(()),
        }
    }
}
