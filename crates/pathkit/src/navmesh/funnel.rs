//! Corridor paths: a chain of triangles from the start to the goal (A* over triangles), pulled
//! taut through it by the funnel algorithm.
//!
//! This is the classic navigation-mesh pipeline of game engines: cheaper per query than the
//! optimal search when corridors are long and straight, and exactly the shortest path *within
//! the corridor*, but not always the shortest path on the mesh (the corridor is chosen by
//! distances between triangle centres). Use [`NavMesh::find_path`] when it must be the
//! shortest.

use super::mesh::NavMesh;
use super::triangle_graph::TriangleGraph;
use super::{MeshPath, NavMeshError};
use crate::geometry::Point;
use crate::search::{AStar, SearchContext, SearchError};
use crate::Pathfinder;

impl NavMesh {
    /// The chain of neighbouring triangles from the one holding `start` to the one holding
    /// `goal` (A* over triangles on the search core's loop, steps priced by the distance between
    /// their centres: the cheapest such chain), or `None` when no chain joins them.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`], or [`NavMeshError::OffMesh`] for a point on no triangle.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(10.0, 10.0))?;
    /// // The box is two triangles; from its left side to its right, the way crosses the
    /// // diagonal between them (whichever it is).
    /// let corridor = mesh.corridor(Point::new(1.0, 5.0), Point::new(9.0, 5.0))?.unwrap();
    /// assert_eq!(corridor.len(), 2);
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn corridor(&self, start: Point, goal: Point) -> Result<Option<Vec<usize>>, NavMeshError> {
        NavMeshError::check_finite([start, goal])?;
        let from = self
            .triangle_at(start)
            .ok_or(NavMeshError::OffMesh { point: start })?;
        let to = self
            .triangle_at(goal)
            .ok_or(NavMeshError::OffMesh { point: goal })?;
        let triangles = TriangleGraph { mesh: self };
        let outcome = AStar(&triangles)
            .find_path(&mut SearchContext::new(), from, to)
            .map_err(|e| match e {
                SearchError::Refused(refusal) => NavMeshError::Refused(refusal),
                // The nodes are in bounds and the costs distances between corners within
                // `MAX_COORDINATE`; only a coordinate beyond it could make one infinite.
                _ => NavMeshError::OutOfRange { point: start },
            })?;
        Ok(outcome.into_nodes())
    }

    /// The shortest path from `start` to `goal` that stays inside `corridor` (a chain of
    /// neighbouring triangles, the first holding `start` and the last `goal`): the funnel
    /// algorithm pulls a string through the edges the corridor crosses.
    ///
    /// # Errors
    /// [`NavMeshError::NonFinite`]; [`NavMeshError::NotACorridor`] for an empty corridor, a
    /// triangle index past the end, two consecutive triangles that are not neighbours, or ends
    /// that do not hold `start` and `goal`.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::NavMesh;
    ///
    /// let p = Point::new;
    /// let pillar = Polygon::new(vec![p(4.0, 2.0), p(6.0, 2.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let (start, goal) = (p(2.0, 5.0), p(8.0, 5.0));
    /// let corridor = mesh.corridor(start, goal)?.unwrap();
    /// let points = mesh.funnel(&corridor, start, goal)?;
    /// assert_eq!(points.len(), 4); // around two corners of the pillar
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    pub fn funnel(
        &self,
        corridor: &[usize],
        start: Point,
        goal: Point,
    ) -> Result<Vec<Point>, NavMeshError> {
        NavMeshError::check_finite([start, goal])?;
        let n = self.triangle_count();
        let bad = |index: usize| NavMeshError::NotACorridor { index };
        let (Some(&first), Some(&last)) = (corridor.first(), corridor.last()) else {
            return Err(bad(0));
        };
        if let Some(index) = corridor.iter().position(|&t| t >= n) {
            return Err(bad(index));
        }
        if !self.holds(first, start) {
            return Err(bad(0));
        }
        if !self.holds(last, goal) {
            return Err(bad(corridor.len() - 1));
        }
        if let Some(i) = corridor
            .windows(2)
            .position(|pair| !self.raw_neighbours()[pair[0]].contains(&(pair[1] as u32)))
        {
            return Err(bad(i + 1));
        }
        // A start on an edge or a corner of the corridor is in the next triangle too: begin
        // there (and end as early as the goal allows), so the string never starts on an edge it
        // crosses, where the funnel would open to a straight angle.
        let mut corridor = corridor;
        while corridor.len() >= 2 && self.holds(corridor[1], start) {
            corridor = &corridor[1..];
        }
        while corridor.len() >= 2 && self.holds(corridor[corridor.len() - 2], goal) {
            corridor = &corridor[..corridor.len() - 1];
        }
        // The edges crossed, as (left, right) seen walking the corridor.
        let mut portals = Vec::with_capacity(corridor.len() + 1);
        portals.push((start, start));
        for (i, pair) in corridor.windows(2).enumerate() {
            let side = self.raw_neighbours()[pair[0]]
                .iter()
                .position(|&m| m as usize == pair[1])
                .ok_or(bad(i + 1))?;
            let tri = self.triangle_indices()[pair[0]];
            let verts = self.vertices();
            // Leaving a counter-clockwise triangle across edge a -> b: a is on the right.
            let (a, b) = (
                verts[tri[side] as usize],
                verts[tri[(side + 1) % 3] as usize],
            );
            portals.push((b, a));
        }
        portals.push((goal, goal));
        Ok(pull_string(&portals))
    }

    /// [`corridor`](Self::corridor) and [`funnel`](Self::funnel) together: a short path, not
    /// always the shortest (see its [`Pathfinder`](crate::Pathfinder) search).
    ///
    /// # Errors
    /// As [`corridor`](Self::corridor).
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::grid::Grid;
    /// use pathkit::navmesh::NavMesh;
    /// use pathkit::navmesh::AnyAngleSearch;
    /// use pathkit::Pathfinder;
    ///
    /// let mesh = NavMesh::from_grid(&Grid::from_ascii("....\n.##.\n....")?)?;
    /// let path = mesh.find_corridor_path(Point::new(0.5, 1.5), Point::new(3.5, 1.5))?.unwrap();
    /// let best = mesh.find_path(&mut AnyAngleSearch::new(), Point::new(0.5, 1.5), Point::new(3.5, 1.5))?.into_path().unwrap();
    /// assert!(path.length() >= best.cost - 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_corridor_path(
        &self,
        start: Point,
        goal: Point,
    ) -> Result<Option<MeshPath>, NavMeshError> {
        let Some(corridor) = self.corridor(start, goal)? else {
            return Ok(None);
        };
        let points = self.funnel(&corridor, start, goal)?;
        Ok(Some(MeshPath::from_points(points)))
    }
}

/// The simple stupid funnel: keep the apex and the narrowest left and right bounds seen so far;
/// a portal end that would cross the other bound makes that bound's point the next corner.
fn pull_string(portals: &[(Point, Point)]) -> Vec<Point> {
    let area = |a: Point, b: Point, c: Point| Point::orientation(a, b, c);
    let mut points = vec![portals[0].0];
    let (mut apex, mut left, mut right) = (portals[0].0, portals[0].0, portals[0].1);
    let (mut left_i, mut right_i) = (0usize, 0usize);
    let mut i = 1;
    while i < portals.len() {
        let (l, r) = portals[i];
        // Tighten the right bound (clockwise of the apex ray means inside the funnel).
        if area(apex, right, r) >= 0.0 {
            if apex == right || area(apex, left, r) < 0.0 {
                right = r;
                right_i = i;
            } else {
                // The right end crossed the left bound: the left bound is a corner.
                apex = left;
                let apex_i = left_i;
                push_corner(&mut points, apex);
                left = apex;
                right = apex;
                right_i = apex_i;
                i = apex_i + 1;
                continue;
            }
        }
        if area(apex, left, l) <= 0.0 {
            if apex == left || area(apex, right, l) > 0.0 {
                left = l;
                left_i = i;
            } else {
                apex = right;
                let apex_i = right_i;
                push_corner(&mut points, apex);
                left = apex;
                right = apex;
                left_i = apex_i;
                i = apex_i + 1;
                continue;
            }
        }
        i += 1;
    }
    push_corner(&mut points, portals[portals.len() - 1].0);
    points
}

/// Appends a corner unless it repeats the last one (a corner can bound the funnel again after it
/// became the apex).
fn push_corner(points: &mut Vec<Point>, p: Point) {
    if points.last() != Some(&p) {
        points.push(p);
    }
}
