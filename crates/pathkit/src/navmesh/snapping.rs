//! [`Snapping`]: the navmesh's any-angle search with ends off the mesh brought onto it first.

use super::{AnyAngleSearch, NavMesh, NavMeshError};
use crate::geometry::Point;
use crate::search::{SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// A [`NavMesh`]'s any-angle search ([`Pathfinder`]) that first moves a start or goal off the
/// mesh to the nearest point of the mesh, when that point is at most a distance away: an agent
/// pushed into an obstacle, a click on a wall. Farther off, the end is refused as the mesh's own
/// search refuses it ([`NavMeshError::OffMesh`]). Made by [`NavMesh::snapping`]; the path found
/// starts and ends at the snapped points.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};
/// use pathkit::Pathfinder;
///
/// let p = Point::new;
/// let pillar = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
/// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
/// let mut search = AnyAngleSearch::new();
/// // Just inside the pillar: refused by the mesh, snapped to its side by `snapping`.
/// assert!(mesh.find_path(&mut search, p(4.2, 5.0), p(1.0, 5.0)).is_err());
/// let path = mesh.snapping(0.5)?.find_path(&mut search, p(4.2, 5.0), p(1.0, 5.0))?.into_path().unwrap();
/// assert_eq!(path.nodes.first(), Some(&p(4.0, 5.0)));
/// assert!((path.cost - 3.0).abs() < 1e-12);
/// // The middle of the pillar is a unit from its sides: too far to snap.
/// let far = mesh.snapping(0.5)?.find_path(&mut search, p(5.0, 5.0), p(1.0, 5.0));
/// assert_eq!(far.unwrap_err(), NavMeshError::OffMesh { point: p(5.0, 5.0) });
/// # Ok::<(), NavMeshError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Snapping<'m> {
    mesh: &'m NavMesh,
    max_distance: f64,
}

impl NavMesh {
    /// This mesh's any-angle search, bringing ends that lie off the mesh, but at most
    /// `max_distance` from it, onto the nearest point of the mesh first ([`Snapping`]).
    ///
    /// # Errors
    /// [`NavMeshError::InvalidRadius`] for a distance negative or not a number.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{NavMesh, NavMeshError};
    ///
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(4.0, 4.0))?;
    /// assert!(mesh.snapping(1.0).is_ok());
    /// assert_eq!(mesh.snapping(-1.0).unwrap_err(), NavMeshError::InvalidRadius { radius: -1.0 });
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn snapping(&self, max_distance: f64) -> Result<Snapping<'_>, NavMeshError> {
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(NavMeshError::InvalidRadius {
                radius: max_distance,
            });
        }
        Ok(Snapping {
            mesh: self,
            max_distance,
        })
    }
}

impl Snapping<'_> {
    /// `point` if it is on the mesh, else the nearest point of the mesh if it is at most the
    /// snapping distance away.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`]; [`NavMeshError::OffMesh`] when the mesh is farther away
    /// (or has no triangle).
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(4.0, 4.0))?;
    /// let snapping = mesh.snapping(1.0)?;
    /// assert_eq!(snapping.snap(Point::new(4.5, 2.0))?, Point::new(4.0, 2.0));
    /// assert_eq!(snapping.snap(Point::new(2.0, 2.0))?, Point::new(2.0, 2.0));
    /// assert!(snapping.snap(Point::new(6.0, 2.0)).is_err());
    /// assert!(matches!(snapping.snap(Point::new(f64::INFINITY, 2.0)), Err(pathkit::navmesh::NavMeshError::NonFinite { .. })));
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn snap(&self, point: Point) -> Result<Point, NavMeshError> {
        NavMeshError::check_finite([point])?;
        let near = self.mesh.nearest_point(point)?;
        if near.distance(point) <= self.max_distance {
            Ok(near)
        } else {
            Err(NavMeshError::OffMesh { point })
        }
    }
}

impl Pathfinder for Snapping<'_> {
    type Node = Point;
    type Cost = f64;
    type Context = AnyAngleSearch;
    type Error = NavMeshError;

    /// The mesh's check of the snapped ends.
    fn check_ends(&self, start: Point, goal: Point) -> Result<Ends, NavMeshError> {
        NavMeshError::check_finite([start, goal])?;
        self.mesh.check_ends(self.snap(start)?, self.snap(goal)?)
    }

    fn find_path_into(
        &self,
        ctx: &mut AnyAngleSearch,
        start: Point,
        to: Goal<'_, Point>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Point>,
    ) -> Result<Status<f64>, NavMeshError> {
        // Points that are not finite are refused before any end is snapped, as the mesh's own
        // search refuses them before looking for the ends.
        match to {
            Goal::Node(goal) => NavMeshError::check_finite([start, goal])?,
            Goal::AnyOf(goals) => {
                NavMeshError::check_finite(std::iter::once(start).chain(goals.iter().copied()))?
            }
            Goal::Matching(_) => NavMeshError::check_finite([start])?,
        }
        let start = self.snap(start)?;
        match to {
            Goal::Node(goal) => {
                let goal = self.snap(goal)?;
                self.mesh
                    .find_path_into(ctx, start, Goal::Node(goal), options, path)
            }
            Goal::AnyOf(goals) => {
                let goals = goals
                    .iter()
                    .map(|&g| self.snap(g))
                    .collect::<Result<Vec<Point>, NavMeshError>>()?;
                self.mesh
                    .find_path_into(ctx, start, Goal::AnyOf(&goals), options, path)
            }
            Goal::Matching(_) => Err(NavMeshError::Unsupported(Unsupported::GoalTest)),
        }
    }
}
