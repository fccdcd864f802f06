//! [`AreaFilter`] and [`Filtered`]: the areas of a mesh an agent may enter, and the any-angle
//! search that keeps it out of the others.
//!
//! A mesh built with areas ([`NavMesh::from_obstacles_with_areas`]) has each triangle in one
//! area. An agent kept out of some areas walks as if their triangles were not there: an edge
//! into one is a wall, and a vertex where such an area meets another is a corner it may turn
//! at. That is exactly the mesh of the agent's own ground, so the search stays optimal; one
//! mesh serves walkers kept out of water, boats kept on it, and ghosts that go anywhere.

use super::{AnyAngleSearch, NavMesh, NavMeshError};
use crate::geometry::Point;
use crate::search::{SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder};

/// How many areas a mesh tells apart: 0 to 63.
pub const MAX_AREAS: usize = 64;

/// The areas an agent may enter, a bit each.
///
/// ```
/// use pathkit::navmesh::{AreaFilter, NavMeshError};
///
/// let walker = AreaFilter::ALL.without(1)?; // no water
/// assert!(walker.allows(0) && !walker.allows(1));
/// let boat = AreaFilter::only(&[1])?;
/// assert!(boat.allows(1) && !boat.allows(0));
/// assert_eq!(AreaFilter::ALL.without(64), Err(NavMeshError::InvalidArea { area: 64 }));
/// # Ok::<(), NavMeshError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AreaFilter {
    /// The areas it may not enter, a bit each.
    forbidden: u64,
}

impl AreaFilter {
    /// Every area.
    pub const ALL: AreaFilter = AreaFilter { forbidden: 0 };

    /// The areas `areas` only.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidArea`] for an area of [`MAX_AREAS`] or more.
    pub fn only(areas: &[u8]) -> Result<AreaFilter, NavMeshError> {
        let mut allowed = 0u64;
        for &a in areas {
            allowed |= bit(a)?;
        }
        Ok(AreaFilter {
            forbidden: !allowed,
        })
    }

    /// The same filter without area `area`.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidArea`] for an area of [`MAX_AREAS`] or more.
    pub fn without(self, area: u8) -> Result<AreaFilter, NavMeshError> {
        Ok(AreaFilter {
            forbidden: self.forbidden | bit(area)?,
        })
    }

    /// Whether the filter lets an agent into `area` (never past [`MAX_AREAS`]).
    #[must_use]
    pub fn allows(&self, area: u8) -> bool {
        bit(area).is_ok_and(|b| self.forbidden & b == 0)
    }

    /// The areas it may not enter, a bit each.
    pub(crate) fn forbidden(&self) -> u64 {
        self.forbidden
    }
}

fn bit(area: u8) -> Result<u64, NavMeshError> {
    if usize::from(area) < MAX_AREAS {
        Ok(1 << area)
    } else {
        Err(NavMeshError::InvalidArea { area })
    }
}

/// A mesh searched for an agent kept out of some areas ([`NavMesh::with_filter`]).
#[derive(Clone, Copy, Debug)]
pub struct Filtered<'m> {
    mesh: &'m NavMesh,
    filter: AreaFilter,
}

impl NavMesh {
    /// This mesh searched for an agent that enters only the areas `filter` allows: optimal
    /// any-angle paths that keep out of the others (see
    /// [`from_obstacles_with_areas`](Self::from_obstacles_with_areas)). A start or goal in no
    /// triangle the agent may enter is [`NavMeshError::OffMesh`].
    #[must_use]
    pub fn with_filter(&self, filter: AreaFilter) -> Filtered<'_> {
        Filtered { mesh: self, filter }
    }
}

impl Filtered<'_> {
    /// Whether `p` lies on a triangle the agent may enter.
    pub(crate) fn on(&self, p: Point) -> bool {
        self.mesh
            .triangles_holding(p)
            .any(|t| !self.mesh.forbids(t, self.filter.forbidden()))
    }
}

impl Pathfinder for Filtered<'_> {
    type Node = Point;
    type Cost = f64;
    type Context = AnyAngleSearch;
    type Error = NavMeshError;

    /// Both points finite and on a triangle the agent may enter.
    fn check_ends(&self, start: Point, goal: Point) -> Result<Ends, NavMeshError> {
        NavMeshError::check_on([start, goal], |p| self.on(p))?;
        Ok(Ends::Open)
    }

    fn find_path_into(
        &self,
        ctx: &mut AnyAngleSearch,
        start: Point,
        to: Goal<'_, Point>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Point>,
    ) -> Result<Status<f64>, NavMeshError> {
        ctx.forbidden = self.filter.forbidden();
        let answer = self.mesh.find_path_into(ctx, start, to, options, path);
        ctx.forbidden = 0;
        answer
    }
}
