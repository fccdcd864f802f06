//! [`AreaCosts`]: what a unit of length costs in each area of a mesh (mud, roads, shallow water),
//! for [`NavMesh::with_area_costs`](super::NavMesh::with_area_costs).

use super::{NavMeshError, MAX_AREAS};

/// The cost of a unit of length in each area of a mesh: 1 everywhere unless set. A road at 0.5
/// draws paths onto it, mud at 3 makes them go round unless round is three times longer.
///
/// The factors are numbers, not whole ones as on grids
/// ([`grid::AreaCosts`](crate::grid::AreaCosts)): a path on a mesh is as long as its geometry
/// says, so nothing is gained by keeping costs whole. An area no agent may enter is the
/// filter's to say ([`AreaFilter`](super::AreaFilter)), not a cost's.
///
/// ```
/// use pathkit::navmesh::{AreaCosts, NavMeshError};
///
/// const MUD: u8 = 1;
/// const ROAD: u8 = 2;
/// let costs = AreaCosts::new().with(MUD, 3.0)?.with(ROAD, 0.5)?;
/// assert_eq!((costs.factor(0), costs.factor(MUD), costs.factor(ROAD)), (1.0, 3.0, 0.5));
/// assert!(matches!(costs.with(MUD, 0.0), Err(NavMeshError::InvalidAreaCost { .. })));
/// assert!(matches!(costs.with(64, 2.0), Err(NavMeshError::InvalidArea { area: 64 })));
/// # Ok::<(), NavMeshError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AreaCosts {
    factors: [f64; MAX_AREAS],
}

impl Default for AreaCosts {
    fn default() -> Self {
        AreaCosts {
            factors: [1.0; MAX_AREAS],
        }
    }
}

impl AreaCosts {
    /// Every area at 1: lengths as they are.
    #[must_use]
    pub fn new() -> AreaCosts {
        AreaCosts::default()
    }

    /// The same costs, a unit of length in area `area` at `factor`.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidArea`] for an area of [`MAX_AREAS`] or more;
    /// [`NavMeshError::InvalidAreaCost`] for a factor that is not a positive finite number (a
    /// free area would make every estimate 0, and the search blind).
    pub fn with(mut self, area: u8, factor: f64) -> Result<AreaCosts, NavMeshError> {
        if usize::from(area) >= MAX_AREAS {
            return Err(NavMeshError::InvalidArea { area });
        }
        if !(factor.is_finite() && factor > 0.0) {
            return Err(NavMeshError::InvalidAreaCost { area, factor });
        }
        self.factors[usize::from(area)] = factor;
        Ok(self)
    }

    /// The factor of area `area` (1 past the last area).
    #[must_use]
    pub fn factor(&self, area: u8) -> f64 {
        self.factors.get(usize::from(area)).copied().unwrap_or(1.0)
    }
}
