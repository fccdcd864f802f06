//! [`OffMeshLink`] and [`Linked`]: ways across a navigation mesh that are not walking (jumps,
//! ladders, doors, teleporters), and the any-angle search that takes them where they pay.
//!
//! The shortest path with links walks the mesh between link ends: start to a link's entry, its
//! exit to another's entry, ..., the last exit to the goal, each walk the mesh's own shortest
//! path. [`Linked`] runs Dijkstra over the start and the links' exits, each step an any-angle
//! search on the mesh to a link's entry (or to the goal) plus the link's cost, so the answer is
//! optimal whenever each walk is: exactly, as the mesh's search is. A step whose straight-line
//! bound cannot improve on what is known is not searched.
//!
//! A query with `n` usable links runs at most `(n + 1) x (n + 1)` mesh searches (each exit
//! searched from once, towards every entry and the goal), fewer with the pruning: links suit
//! the tens a level has, not thousands.

use super::{AnyAngleSearch, AreaFilter, NavMesh, NavMeshError};
use crate::geometry::Point;
use crate::hops::cheapest_route;
use crate::search::{SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// Every agent: a link with this mask is open to all (see [`OffMeshLink::mask`]).
pub const ALL_AGENTS: u32 = u32::MAX;

/// A way from one point of a mesh to another that is not walking: a jump down a ledge, a ladder,
/// a door, a teleporter. Taking it costs `cost` (in the mesh's units of length: a ladder of 3
/// metres climbed at a third of walking speed costs 9), one way or both, while it is enabled,
/// for the agents whose mask shares a bit with its own.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::OffMeshLink;
///
/// let p = Point::new;
/// let ladder = OffMeshLink::new(p(1.0, 1.0), p(1.0, 9.0), 12.0).both_ways().for_agents(0b10);
/// assert!(ladder.both_ways && ladder.enabled && ladder.mask == 0b10);
/// assert!(!ladder.disabled().enabled);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OffMeshLink {
    /// Where the link is entered.
    pub from: Point,
    /// Where it leads.
    pub to: Point,
    /// What taking it costs: finite, not negative.
    pub cost: f64,
    /// Whether it can also be taken from `to` to `from`.
    pub both_ways: bool,
    /// Whether it can be taken at all (a door shut, a lift out of service: off).
    pub enabled: bool,
    /// The agents that may take it: those whose mask ([`Linked::for_agent`]) shares a bit with
    /// this. [`ALL_AGENTS`] by default.
    pub mask: u32,
}

impl OffMeshLink {
    /// A one-way link from `from` to `to` costing `cost`, enabled, for every agent.
    #[must_use]
    pub fn new(from: Point, to: Point, cost: f64) -> Self {
        OffMeshLink {
            from,
            to,
            cost,
            both_ways: false,
            enabled: true,
            mask: ALL_AGENTS,
        }
    }

    /// The same link, usable both ways.
    #[must_use]
    pub fn both_ways(mut self) -> Self {
        self.both_ways = true;
        self
    }

    /// The same link, switched off.
    #[must_use]
    pub fn disabled(mut self) -> Self {
        self.enabled = false;
        self
    }

    /// The same link, for the agents whose mask shares a bit with `mask` only.
    #[must_use]
    pub fn for_agents(mut self, mask: u32) -> Self {
        self.mask = mask;
        self
    }

    /// Whether a step from `a` to `b` takes this link a way it may be taken (from `from` to
    /// `to`, or back when it goes both ways), enabled or not: how a path's leg is told to be
    /// the link.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::OffMeshLink;
    ///
    /// let p = Point::new;
    /// let jump = OffMeshLink::new(p(0.0, 0.0), p(0.0, 3.0), 1.0);
    /// assert!(jump.joins(p(0.0, 0.0), p(0.0, 3.0)));
    /// assert!(!jump.joins(p(0.0, 3.0), p(0.0, 0.0))); // one way only
    /// assert!(jump.both_ways().joins(p(0.0, 3.0), p(0.0, 0.0)));
    /// ```
    #[must_use]
    pub fn joins(&self, a: Point, b: Point) -> bool {
        (self.from, self.to) == (a, b) || self.both_ways && (self.to, self.from) == (a, b)
    }
}

/// A mesh searched with off-mesh links ([`NavMesh::with_links`]): optimal any-angle paths that
/// walk the mesh and take links where they pay. The path's points are where it turns, a link
/// taken appearing as its two ends one after the other; its cost is the length walked plus the
/// links' costs.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::{AnyAngleSearch, NavMesh, OffMeshLink};
/// use pathkit::Pathfinder;
///
/// let p = Point::new;
/// // A river across the map, and a ferry over it.
/// let river = Polygon::new(vec![p(0.0, 4.0), p(20.0, 4.0), p(20.0, 6.0), p(0.0, 6.0)]);
/// let mesh = NavMesh::from_obstacles(&[river], 0.0, p(0.0, 0.0), p(20.0, 10.0))?;
/// let ferry = [OffMeshLink::new(p(10.0, 4.0), p(10.0, 6.0), 5.0).both_ways()];
/// let mut search = AnyAngleSearch::new();
/// let (start, goal) = (p(10.0, 1.0), p(10.0, 9.0));
/// assert!(mesh.find_path(&mut search, start, goal)?.into_path().is_none());
/// let path = mesh.with_links(&ferry)?.find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert_eq!(path.nodes, vec![start, p(10.0, 4.0), p(10.0, 6.0), goal]);
/// assert_eq!(path.cost, 3.0 + 5.0 + 3.0);
/// // Agents the ferry is not for find no way.
/// let ferry = [ferry[0].for_agents(0b01)];
/// let linked = mesh.with_links(&ferry)?.for_agent(0b10);
/// assert!(linked.find_path(&mut search, start, goal)?.into_path().is_none());
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Linked<'m> {
    mesh: &'m NavMesh,
    links: &'m [OffMeshLink],
    agent: u32,
    /// The areas the agent may enter ([`with_filter`](Linked::with_filter)).
    filter: AreaFilter,
}

impl NavMesh {
    /// This mesh searched with `links` ([`Linked`]), for every agent until
    /// [`for_agent`](Linked::for_agent) says which.
    ///
    /// # Errors
    /// [`NavMeshError::InvalidLink`] for a link whose cost is negative or not finite, or whose
    /// ends are not finite points on the mesh.
    ///
    /// ```
    /// use pathkit::geometry::Point;
    /// use pathkit::navmesh::{NavMesh, NavMeshError, OffMeshLink};
    ///
    /// let p = Point::new;
    /// let mesh = NavMesh::from_obstacles(&[], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let off = [OffMeshLink::new(p(1.0, 1.0), p(12.0, 1.0), 1.0)];
    /// assert_eq!(mesh.with_links(&off).unwrap_err(), NavMeshError::InvalidLink { link: 0 });
    /// # Ok::<(), NavMeshError>(())
    /// ```
    pub fn with_links<'m>(&'m self, links: &'m [OffMeshLink]) -> Result<Linked<'m>, NavMeshError> {
        for (k, link) in links.iter().enumerate() {
            let on = |p: Point| p.is_finite() && self.triangle_at(p).is_some();
            if !(link.cost.is_finite() && link.cost >= 0.0 && on(link.from) && on(link.to)) {
                return Err(NavMeshError::InvalidLink { link: k });
            }
        }
        Ok(Linked {
            mesh: self,
            links,
            agent: ALL_AGENTS,
            filter: AreaFilter::ALL,
        })
    }
}

impl<'m> Linked<'m> {
    /// The same search for an agent of `mask`: it takes only the links whose mask shares a bit
    /// with it.
    #[must_use]
    pub fn for_agent(mut self, mask: u32) -> Self {
        self.agent = mask;
        self
    }

    /// The same search for an agent that enters only the areas `filter` allows (see
    /// [`NavMesh::with_filter`]): its walks keep out of the others, and a link with an end on
    /// ground it may not enter is not taken. Paths stay optimal: they are the shortest over
    /// the agent's own ground and the links it may take.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AnyAngleSearch, AreaFilter, NavMesh, OffMeshLink};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// const WATER: u8 = 1;
    /// // A river across the map, wadeable, and a bridge over it.
    /// let river = Polygon::new(vec![p(0.0, 4.0), p(20.0, 4.0), p(20.0, 6.0), p(0.0, 6.0)]);
    /// let mesh = NavMesh::from_obstacles_with_areas(&[], &[(river, WATER)], 0.0, p(0.0, 0.0), p(20.0, 10.0))?;
    /// let bridge = [OffMeshLink::new(p(16.0, 3.0), p(16.0, 7.0), 4.0).both_ways()];
    /// let (start, goal) = (p(10.0, 1.0), p(10.0, 9.0));
    /// let mut search = AnyAngleSearch::new();
    /// let wader = mesh.with_links(&bridge)?.find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(wader.cost, 8.0); // straight through the water
    /// let dry = AreaFilter::ALL.without(WATER)?;
    /// let walker = mesh.with_links(&bridge)?.with_filter(dry).find_path(&mut search, start, goal)?.into_path().unwrap();
    /// assert_eq!(walker.nodes, vec![start, p(16.0, 3.0), p(16.0, 7.0), goal]); // over the bridge
    /// # Ok::<(), pathkit::navmesh::NavMeshError>(())
    /// ```
    #[must_use]
    pub fn with_filter(mut self, filter: AreaFilter) -> Self {
        self.filter = filter;
        self
    }

    /// The mesh searched.
    #[must_use]
    pub fn mesh(&self) -> &'m NavMesh {
        self.mesh
    }

    /// The links this agent may take, each way it may be taken: (entry, exit, cost).
    fn usable(&self) -> Vec<(Point, Point, f64)> {
        let ground = self.mesh.with_filter(self.filter);
        let mut ways = Vec::new();
        for l in self.links {
            if l.enabled && l.mask & self.agent != 0 && ground.on(l.from) && ground.on(l.to) {
                ways.push((l.from, l.to, l.cost));
                if l.both_ways {
                    ways.push((l.to, l.from, l.cost));
                }
            }
        }
        ways
    }
}

/// One walk of the mesh: the length and the points (start first).
type Walk = crate::hops::Walk<Point>;

impl Pathfinder for Linked<'_> {
    type Node = Point;
    type Cost = f64;
    type Context = AnyAngleSearch;
    type Error = NavMeshError;

    /// As the mesh's ([`NavMesh::check_ends`]; with a filter, as
    /// [`Filtered`](super::Filtered)'s): links do not change which points are on it.
    fn check_ends(&self, start: Point, goal: Point) -> Result<Ends, NavMeshError> {
        if self.filter == AreaFilter::ALL {
            self.mesh.check_ends(start, goal)
        } else {
            self.mesh.with_filter(self.filter).check_ends(start, goal)
        }
    }

    fn find_path_into(
        &self,
        ctx: &mut AnyAngleSearch,
        start: Point,
        to: Goal<'_, Point>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Point>,
    ) -> Result<Status<f64>, NavMeshError> {
        Unsupported::check_plain(options, false).map_err(NavMeshError::Unsupported)?;
        path.clear();
        let goals: &[Point] = match to {
            Goal::Node(ref goal) => std::slice::from_ref(goal),
            Goal::AnyOf(goals) => goals,
            Goal::Matching(_) => return Err(NavMeshError::Unsupported(Unsupported::GoalTest)),
        };
        let ground = self.mesh.with_filter(self.filter);
        let ends = std::iter::once(start).chain(goals.iter().copied());
        NavMeshError::check_on(ends, |p| ground.on(p))?;
        let ways = self.usable();
        let mut expanded = 0;
        let mut walk = Vec::new();
        // A walk of the mesh, to a way's entry or to the goals; `None` where none exists.
        let search = |from: Point, to: Option<Point>| -> Result<Option<Walk>, NavMeshError> {
            let target = match to {
                Some(entry) => Goal::Node(entry),
                None => to_goals(goals),
            };
            let status = ground.find_path_into(ctx, from, target, options, &mut walk)?;
            expanded += ctx.expanded();
            Ok(match status {
                Status::Found { cost } => Some((cost, walk.clone())),
                _ => None,
            })
        };
        let to_goal = |here: Point| {
            goals
                .iter()
                .map(|g| here.distance(*g))
                .fold(f64::INFINITY, f64::min)
        };
        let route = cheapest_route(start, &ways, search, to_goal, Point::distance)?;
        ctx.expanded = expanded;
        let Some((cost, nodes)) = route else {
            return Ok(Status::Unreachable);
        };
        *path = nodes;
        Ok(Status::Found { cost })
    }
}

/// The goals as the mesh's search takes them.
fn to_goals(goals: &[Point]) -> Goal<'_, Point> {
    match goals {
        [one] => Goal::Node(*one),
        many => Goal::AnyOf(many),
    }
}
