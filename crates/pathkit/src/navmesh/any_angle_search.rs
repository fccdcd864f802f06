//! [`AnyAngleSearch`]: the shortest path between two points of a navigation mesh, at any angle
//! (the Polyanya algorithm: Cui, Harabor and Grastien, IJCAI 2017).
//!
//! A search node is a *root* (the start, or a corner where the path last turned) and an
//! *interval*: part of a triangle edge that the root sees whole. Expanding a node into the
//! triangle beyond projects the root through the interval onto the triangle's far edges: the
//! parts it sees keep the root (*observable* successors); the parts hidden behind an end of the
//! interval that is a corner get that corner as their root (*non-observable* successors, where
//! the path turns). The node's estimate is the length of the shortest route from the root
//! through the interval to the goal, which never overestimates, so the first time the goal is
//! reached is the shortest path: optimal, with no grid and no precomputation.
//!
//! Two refinements keep it exact on any triangulation. A root that is a corner of the triangle
//! it expands into sees the whole triangle; so nodes whose root lies on their own edge are kept,
//! and walk around the corner triangle by triangle until a wall (each corner and triangle pair is
//! expanded once a search). And a corner reached more cheaply before prunes every node rooted at
//! it later (root-level pruning).
//!
//! It skips what cannot help: a node crossing into a *pocket* of the mesh (a part joined to the
//! rest by that edge only, [`pockets`](super::pockets)) that does not hold the goal is never
//! opened, since a path into it could only come back out across the same edge.

use super::mesh::{NavMesh, TOLERANCE, WALL};
use super::NavMeshError;
use crate::geometry::Point;
use crate::search::{SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The root of the start, which is no vertex.
const START: u32 = u32::MAX;

/// Where a path may turn: the start or a corner, with the length of the path to it.
#[derive(Clone, Copy, Debug)]
struct Root {
    point: Point,
    /// The corner's vertex, or [`START`].
    vertex: u32,
    /// The root this one is reached from ([`START`] for the start).
    parent: u32,
    g: f64,
}

/// A search node: an interval of the edge `entry` of `triangle`, seen from a root.
#[derive(Clone, Copy, Debug)]
struct Node {
    root: u32,
    /// The end of the interval on the root's right, and its vertex ([`WALL`] when it is none).
    right: Point,
    right_vertex: u32,
    left: Point,
    left_vertex: u32,
    /// The triangle the node expands into, and which of its edges holds the interval.
    triangle: u32,
    entry: u8,
    /// The goal is reached: `f` is the path's length.
    is_goal: bool,
}

/// An open node, ordered by `f` (then by age, for deterministic ties): one integer, `f`'s bits
/// above the node's number. An `f` is never negative (a length plus a lower bound), and the bits
/// of non-negative floats order as the floats do, so one integer comparison orders the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open(u128);

impl Open {
    fn new(f: f64, seq: u32) -> Open {
        debug_assert!(f >= 0.0);
        Open(u128::from(f.to_bits()) << 32 | u128::from(seq))
    }

    fn f(self) -> f64 {
        f64::from_bits((self.0 >> 32) as u64)
    }

    fn seq(self) -> u32 {
        self.0 as u32
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: the heap pops the smallest f, then the oldest node.
        other.0.cmp(&self.0)
    }
}

/// A shortest any-angle path on a [`NavMesh`]: its points from start to goal and its length.
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::NavMesh;
///
/// let mesh = NavMesh::from_obstacles(&[], 0.0, Point::new(0.0, 0.0), Point::new(4.0, 3.0))?;
/// let path = mesh.find_corridor_path(Point::new(0.0, 0.0), Point::new(4.0, 3.0))?.unwrap();
/// assert_eq!(path.points(), &[Point::new(0.0, 0.0), Point::new(4.0, 3.0)]);
/// assert_eq!(path.length(), 5.0);
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MeshPath {
    points: Vec<Point>,
    length: f64,
}

impl MeshPath {
    /// The path through `points`, its length summed.
    pub(crate) fn from_points(points: Vec<Point>) -> MeshPath {
        let length = points.windows(2).map(|w| w[0].distance(w[1])).sum();
        MeshPath { points, length }
    }

    /// The start, every corner the path turns at, and the goal.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The path's Euclidean length.
    #[must_use]
    pub fn length(&self) -> f64 {
        self.length
    }

    /// The points, taken out of the path.
    #[must_use]
    pub fn into_points(self) -> Vec<Point> {
        self.points
    }
}

/// The context of optimal any-angle search on a [`NavMesh`] (its [`Pathfinder`] impl): buffers
/// kept between queries, so that after the first queries on a mesh a query allocates nothing but
/// the path it returns (and nothing at all with
/// [`find_path_into`](Pathfinder::find_path_into)).
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::navmesh::{AnyAngleSearch, NavMesh};
/// use pathkit::Pathfinder;
///
/// let p = Point::new;
/// let pillar = Polygon::new(vec![p(4.0, 2.0), p(6.0, 2.0), p(6.0, 8.0), p(4.0, 8.0)]);
/// let mesh = NavMesh::from_obstacles(&[pillar], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
/// let mut search = AnyAngleSearch::new();
/// let path = mesh.find_path(&mut search, p(2.0, 5.0), p(8.0, 5.0))?.into_path().expect("around the pillar");
/// // Over the pillar's top or under its bottom: both turn at two corners, 2 + 2 + 2.
/// assert_eq!(path.nodes.len(), 4);
/// assert!((path.cost - (2.0 * 13f64.sqrt() + 2.0)).abs() < 1e-12);
/// assert!(search.expanded() > 0);
/// # Ok::<(), pathkit::navmesh::NavMeshError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct AnyAngleSearch {
    heap: BinaryHeap<Open>,
    nodes: Vec<Node>,
    roots: Vec<Root>,
    /// Per vertex: the search it was last reached in, and the shortest path to it then.
    best: Vec<(u32, f64)>,
    /// Per triangle corner: the search a node rooted there last swept the triangle, and its g.
    swept: Vec<(u32, f64)>,
    /// Per triangle: the search whose goal it holds.
    goal_in: Vec<u32>,
    /// The mesh's parts ([`Pockets`](super::pockets::Pockets)) of the triangles holding the goal.
    goal_parts: Vec<u32>,
    /// The successors of the node being expanded, before they are opened (their estimates
    /// are only worked out when they go to the open list).
    successors: Vec<Node>,
    stamp: u32,
    pub(super) expanded: usize,
    /// The areas the search may not enter, a bit each ([`Filtered`](super::Filtered) sets it for
    /// one query): their triangles are walls.
    pub(super) forbidden: u64,
    /// The triangle of every node expanded, in order (a debugging aid: `reached_triangles`).
    expanded_into: Vec<u32>,
    goal: Point,
    /// The path to one of several goals while the next is searched.
    trial: Vec<Point>,
}

impl AnyAngleSearch {
    /// A search with empty buffers; they grow to fit the meshes it is used on.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Nodes expanded by the last query.
    #[must_use]
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// The triangles the last query's search expanded nodes into (each once, in increasing
    /// order): the area it explored, for a debug drawing. The triangles holding the start, where
    /// the search begins, are among them only when it came back into them.
    ///
    /// ```
    /// use pathkit::geometry::{Point, Polygon};
    /// use pathkit::navmesh::{AnyAngleSearch, NavMesh};
    /// use pathkit::Pathfinder;
    ///
    /// let p = Point::new;
    /// let wall = Polygon::new(vec![p(4.0, 0.0), p(6.0, 0.0), p(6.0, 8.0), p(4.0, 8.0)]);
    /// let mesh = NavMesh::from_obstacles(&[wall], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
    /// let mut search = AnyAngleSearch::new();
    /// assert!(mesh.find_path(&mut search, p(1.0, 1.0), p(9.0, 1.0))?.is_found());
    /// let reached = search.reached_triangles();
    /// assert!(reached.len() > 1 && reached.len() <= mesh.triangle_count());
    /// assert!(reached.windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn reached_triangles(&self) -> Vec<usize> {
        let mut triangles: Vec<usize> = self.expanded_into.iter().map(|&t| t as usize).collect();
        triangles.sort_unstable();
        triangles.dedup();
        triangles
    }

    /// [`find_path`](AnyAngleSearch::find_path) writing the path's points into `out` (cleared
    /// first) and returning its length.
    ///
    /// # Errors
    /// As [`find_path`](AnyAngleSearch::find_path).
    pub(crate) fn path_into(
        &mut self,
        mesh: &NavMesh,
        start: Point,
        goal: Point,
        out: &mut Vec<Point>,
    ) -> Result<Option<f64>, NavMeshError> {
        NavMeshError::check_finite([start, goal])?;
        out.clear();
        let forbidden = self.forbidden;
        let allowed = |t: &usize| !mesh.forbids(*t, forbidden);
        for point in [start, goal] {
            if !mesh.triangles_holding(point).any(|t| allowed(&t)) {
                return Err(NavMeshError::OffMesh { point });
            }
        }
        self.reset(mesh, goal);
        if start == goal {
            out.push(start);
            return Ok(Some(0.0));
        }
        self.goal_parts.clear();
        let pockets = mesh.pockets();
        for t in mesh.triangles_holding(goal).filter(allowed) {
            self.goal_in[t] = self.stamp;
            self.goal_parts.push(pockets.part(t));
        }
        self.roots.push(Root {
            point: start,
            vertex: START,
            parent: START,
            g: 0.0,
        });
        let tris = mesh.triangle_indices();
        let verts = mesh.vertices();
        for t in mesh.triangles_holding(start).filter(allowed) {
            if mesh.holds(t, goal) {
                self.push_goal(0, start.distance(goal));
            }
            for side in 0..3 {
                let (a, b) = (tris[t][side], tris[t][(side + 1) % 3]);
                let (pa, pb) = (verts[a as usize], verts[b as usize]);
                // Not across the edge the start stands on: it sees nothing through it.
                if Point::orientation(pa, pb, start) <= TOLERANCE * pa.distance(pb) {
                    continue;
                }
                self.push_across(mesh, t, side, 0, pa, a, pb, b);
            }
        }
        self.open_successors();
        while let Some(open) = self.heap.pop() {
            let mut node = self.nodes[open.seq() as usize];
            if node.is_goal {
                self.write_path(node.root, out);
                return Ok(Some(open.f()));
            }
            loop {
                let root = self.roots[node.root as usize];
                if root.vertex != START && root.g > self.best[root.vertex as usize].1 + TOLERANCE {
                    break; // the corner was reached more cheaply since
                }
                self.expanded += 1;
                self.expanded_into.push(node.triangle);
                self.expand(mesh, &node);
                // A node with a single successor hands it on at once, without the open list
                // (intermediate pruning): its f is no smaller, so the order is kept.
                if self.successors.len() != 1 {
                    break;
                }
                node = self.successors[0];
                self.successors.clear();
            }
            self.open_successors();
        }
        Ok(None)
    }

    /// Clears the buffers and sizes them for `mesh`.
    fn reset(&mut self, mesh: &NavMesh, goal: Point) {
        self.heap.clear();
        self.expanded_into.clear();
        self.nodes.clear();
        self.successors.clear();
        self.roots.clear();
        self.expanded = 0;
        self.goal = goal;
        if self.best.len() < mesh.vertices().len() {
            self.best.resize(mesh.vertices().len(), (0, 0.0));
        }
        if self.swept.len() < 3 * mesh.triangle_count() {
            self.swept.resize(3 * mesh.triangle_count(), (0, 0.0));
        }
        if self.goal_in.len() < mesh.triangle_count() {
            self.goal_in.resize(mesh.triangle_count(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Stamps wrapped: forget every old mark.
            self.best.iter_mut().for_each(|b| b.0 = 0);
            self.swept.iter_mut().for_each(|s| s.0 = 0);
            self.goal_in.iter_mut().for_each(|g| *g = 0);
            self.stamp = 1;
        }
    }

    /// The path's points, from the start to the goal reached through `root`.
    fn write_path(&self, mut root: u32, out: &mut Vec<Point>) {
        out.push(self.goal);
        while root != START {
            let r = self.roots[root as usize];
            out.push(r.point);
            root = r.parent;
        }
        out.reverse();
    }

    /// Opens the goal, reached from `root` at a total length of `length`.
    fn push_goal(&mut self, root: u32, length: f64) {
        self.open(
            length,
            Node {
                root,
                right: self.goal,
                right_vertex: WALL,
                left: self.goal,
                left_vertex: WALL,
                triangle: 0,
                entry: 0,
                is_goal: true,
            },
        );
    }

    /// Moves the successors of the last expansion to the open list.
    fn open_successors(&mut self) {
        for k in 0..self.successors.len() {
            let node = self.successors[k];
            let r = self.roots[node.root as usize];
            let f = r.g + estimate(r.point, node.right, node.left, self.goal);
            self.open(f, node);
        }
        self.successors.clear();
    }

    fn open(&mut self, f: f64, node: Node) {
        let seq = self.nodes.len() as u32;
        self.nodes.push(node);
        self.heap.push(Open::new(f, seq));
    }

    /// A turn at corner `vertex` (at `point`), reached from `parent`: its root index, or `None`
    /// when the corner was reached more cheaply before.
    fn turn_at(&mut self, parent: u32, vertex: u32, point: Point) -> Option<u32> {
        let from = self.roots[parent as usize];
        let g = from.g + from.point.distance(point);
        let best = &mut self.best[vertex as usize];
        if best.0 == self.stamp && g > best.1 + TOLERANCE {
            return None;
        }
        if best.0 != self.stamp || g < best.1 {
            *best = (self.stamp, g);
        }
        self.roots.push(Root {
            point,
            vertex,
            parent,
            g,
        });
        Some((self.roots.len() - 1) as u32)
    }

    /// Opens the interval from `right` to `left` (as seen from `root`) on edge `side` of
    /// triangle `t`, expanding into the triangle across it; nothing across a wall.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn push_across(
        &mut self,
        mesh: &NavMesh,
        t: usize,
        side: usize,
        root: u32,
        right: Point,
        right_vertex: u32,
        left: Point,
        left_vertex: u32,
    ) {
        let next = mesh.raw_neighbours()[t][side];
        if next == WALL || (self.forbidden != 0 && mesh.forbids(next as usize, self.forbidden)) {
            return;
        }
        let entry = mesh.raw_entries()[t][side];
        // A pocket without the goal: a part of the mesh joined to the rest by this edge only. A
        // path into it could only come back out across the same edge, never shorter than not
        // going in. (The smallest pocket is Polyanya's dead end: a triangle walled on its two
        // other edges.)
        if mesh.pockets().leads_nowhere(t, side, &self.goal_parts) {
            return;
        }
        self.successors.push(Node {
            root,
            right,
            right_vertex,
            left,
            left_vertex,
            triangle: next,
            entry,
            is_goal: false,
        });
    }

    /// Expands `node` into its triangle: the goal if the triangle holds it, then the successors.
    fn expand(&mut self, mesh: &NavMesh, node: &Node) {
        let t = node.triangle as usize;
        let k = usize::from(node.entry);
        let tri = mesh.triangle_indices()[t];
        let verts = mesh.vertices();
        let corners = &mesh.corners;
        // From the root: the entry edge's left end, its right end, and the far corner.
        let (lv, rv, ov) = (tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]);
        let (pl, pr, po) = (verts[lv as usize], verts[rv as usize], verts[ov as usize]);
        let (right_side, far_side) = ((k + 1) % 3, (k + 2) % 3); // edges right -> far, far -> left
        let root = self.roots[node.root as usize];
        let r = root.point;

        // A root on the entry edge is a corner of this triangle and sees all of it.
        if root.vertex != START && (root.vertex == lv || root.vertex == rv) {
            let slot = if root.vertex == rv { (k + 1) % 3 } else { k };
            let swept = &mut self.swept[3 * t + slot];
            if swept.0 == self.stamp && swept.1 <= root.g + TOLERANCE {
                return;
            }
            *swept = (self.stamp, root.g);
            if self.goal_in[t] == self.stamp {
                self.push_goal(node.root, root.g + r.distance(self.goal));
            }
            // On around the corner (the edge at the root), and the far edge, seen whole.
            self.push_across(mesh, t, right_side, node.root, pr, rv, po, ov);
            self.push_across(mesh, t, far_side, node.root, po, ov, pl, lv);
            return;
        }

        let (right, left) = (node.right, node.left);
        // Sides of the far corner against the rays from the root through the interval's ends:
        // positive left of the ray.
        let o_right = snapped(r, right, po);
        let o_left = snapped(r, left, po);
        let forbidden = self.forbidden;
        let corner = |v: u32| {
            let v = v as usize;
            corners[v] || (forbidden != 0 && mesh.vertex_areas[v] & forbidden != 0)
        };
        let right_is_corner = node.right_vertex == rv && corner(rv);
        let left_is_corner = node.left_vertex == lv && corner(lv);

        if self.goal_in[t] == self.stamp {
            let g = self.goal;
            let side_r = Point::orientation(r, right, g);
            let side_l = Point::orientation(r, left, g);
            if side_r >= -TOLERANCE * r.distance(right) * r.distance(g)
                && side_l <= TOLERANCE * r.distance(left) * r.distance(g)
            {
                self.push_goal(node.root, root.g + r.distance(g));
            } else if side_r < 0.0 {
                if right_is_corner {
                    if let Some(turn) = self.turn_at(node.root, rv, pr) {
                        self.push_goal(turn, self.roots[turn as usize].g + pr.distance(g));
                    }
                }
            } else if left_is_corner {
                if let Some(turn) = self.turn_at(node.root, lv, pl) {
                    self.push_goal(turn, self.roots[turn as usize].g + pl.distance(g));
                }
            }
        }

        // Where the rays through the interval's ends leave the triangle.
        let far = [(pr, rv), (po, ov), (pl, lv)];
        let (hit_right, hit_right_vertex) = ray_exit(r, right, o_right, far);
        let (hit_left, hit_left_vertex) = ray_exit(r, left, o_left, far);

        // Observable successors: the far edges between the two rays.
        if o_right > 0.0 {
            let (end, end_vertex) = if o_left <= 0.0 {
                (po, ov)
            } else {
                (hit_left, hit_left_vertex)
            };
            if is_interval(hit_right, hit_right_vertex, end, end_vertex) {
                self.push_across(
                    mesh,
                    t,
                    right_side,
                    node.root,
                    hit_right,
                    hit_right_vertex,
                    end,
                    end_vertex,
                );
            }
        }
        if o_left < 0.0 {
            let (start, start_vertex) = if o_right >= 0.0 {
                (po, ov)
            } else {
                (hit_right, hit_right_vertex)
            };
            if is_interval(start, start_vertex, hit_left, hit_left_vertex) {
                self.push_across(
                    mesh,
                    t,
                    far_side,
                    node.root,
                    start,
                    start_vertex,
                    hit_left,
                    hit_left_vertex,
                );
            }
        }

        // Non-observable successors: what hides behind a corner at an end of the interval.
        if right_is_corner && o_right <= 0.0 {
            if let Some(turn) = self.turn_at(node.root, rv, pr) {
                self.push_across(mesh, t, right_side, turn, pr, rv, po, ov);
                if o_right < 0.0 && is_interval(po, ov, hit_right, hit_right_vertex) {
                    self.push_across(mesh, t, far_side, turn, po, ov, hit_right, hit_right_vertex);
                }
            }
        }
        if left_is_corner && o_left >= 0.0 {
            if let Some(turn) = self.turn_at(node.root, lv, pl) {
                self.push_across(mesh, t, far_side, turn, po, ov, pl, lv);
                if o_left > 0.0 && is_interval(hit_left, hit_left_vertex, po, ov) {
                    self.push_across(mesh, t, right_side, turn, hit_left, hit_left_vertex, po, ov);
                }
            }
        }
    }
}

/// Where the ray from `r` through `through` (a point of the entry edge) leaves the triangle
/// whose far edges run `far[0]` (the right end) to `far[1]` (the far corner) to `far[2]` (the
/// left end), with the vertex of the exit point when it is one: on the right edge when the far
/// corner lies left of the ray (`o > 0`), on the left edge when right of it, at the corner when
/// on it.
fn ray_exit(r: Point, through: Point, o: f64, far: [(Point, u32); 3]) -> (Point, u32) {
    if o == 0.0 {
        return far[1];
    }
    let ((a, av), (b, bv)) = if o > 0.0 {
        (far[0], far[1])
    } else {
        (far[1], far[2])
    };
    let (oa, ob) = (
        Point::orientation(r, through, a),
        Point::orientation(r, through, b),
    );
    let s = if oa == ob {
        0.0
    } else {
        (oa / (oa - ob)).clamp(0.0, 1.0)
    };
    // A line passing within the tolerance of a vertex passes through it: the exit is the
    // vertex (a corner the path may turn at), not a point beside it, as the piece of edge
    // between them is too short to be an interval (`is_interval`) and would be lost. (Squared
    // distances: this runs for every ray.)
    let edge = b - a;
    let near = TOLERANCE * TOLERANCE / edge.dot(edge);
    if s * s <= near {
        (a, av)
    } else if (1.0 - s) * (1.0 - s) <= near {
        (b, bv)
    } else {
        (a + edge * s, WALL)
    }
}

/// The orientation of `c` against the ray from `a` through `b`, zero when `c` is within
/// [`TOLERANCE`] of the line (relative to the two lengths; no square root).
fn snapped(a: Point, b: Point, c: Point) -> f64 {
    let (u, v) = (b - a, c - a);
    let o = u.cross(v);
    if o * o <= TOLERANCE * TOLERANCE * u.dot(u) * v.dot(v) {
        0.0
    } else {
        o
    }
}

/// Whether `a`–`b` is worth a node: it has length, or it is a single vertex (a corner a path
/// may turn at).
fn is_interval(a: Point, av: u32, b: Point, bv: u32) -> bool {
    let d = b - a;
    d.dot(d) > TOLERANCE * TOLERANCE || (av != WALL && av == bv)
}

/// The length of the shortest route from `root` through the interval `right`–`left` to `goal`
/// (a lower bound on every path the node leads to): straight when the line to the goal (mirrored
/// across the interval when it lies on the root's side) passes through the interval, otherwise
/// over the nearer end.
fn estimate(root: Point, right: Point, left: Point, goal: Point) -> f64 {
    let side_root = Point::orientation(right, left, root);
    let side_goal = Point::orientation(right, left, goal);
    // Squared lengths: no square root for the test (this runs for every successor).
    let (edge, to_right, to_left) = (left - right, root - right, root - left);
    if side_root * side_root
        <= TOLERANCE * TOLERANCE * edge.dot(edge) * to_right.dot(to_right).max(to_left.dot(to_left))
    {
        return root.distance(goal); // the root is on the interval's line
    }
    let goal = if (side_root > 0.0) == (side_goal > 0.0) && side_goal != 0.0 {
        mirror(goal, right, left)
    } else {
        goal
    };
    if Point::orientation(root, right, goal) < 0.0 {
        root.distance(right) + right.distance(goal)
    } else if Point::orientation(root, left, goal) > 0.0 {
        root.distance(left) + left.distance(goal)
    } else {
        root.distance(goal)
    }
}

/// `p` mirrored across the line through `a` and `b`.
fn mirror(p: Point, a: Point, b: Point) -> Point {
    let d = b - a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        return p;
    }
    let foot = a + d * ((p - a).dot(d) / len2);
    foot * 2.0 - p
}

/// Optimal any-angle paths ([Polyanya](https://doi.org/10.1613/jair.5370)): the shortest path
/// through the mesh's free space at any angle, as points where it turns (start first, goal last),
/// its cost the Euclidean length.
///
/// One goal, or the nearest of several (each searched, the shortest kept: the first of equally
/// short ones). A start or goal on no triangle is [`NavMeshError::OffMesh`] (bring it onto the
/// mesh with [`NavMesh::nearest_point`]); a goal no path reaches is unreachable. It refuses a goal
/// test, limits, weights, tie rules and the closest point with [`NavMeshError::Unsupported`].
///
/// # Errors
///
/// [`NavMeshError::NonFinite`], [`NavMeshError::OffMesh`], [`NavMeshError::Unsupported`].
///
/// ```
/// use pathkit::geometry::Point;
/// use pathkit::navmesh::{AnyAngleSearch, NavMesh, NavMeshError};
/// use pathkit::Pathfinder;
///
/// let mesh = NavMesh::from_grid(&pathkit::grid::Grid::from_ascii("...\n.#.\n...")?)?;
/// let mut search = AnyAngleSearch::new();
/// let (start, goal) = (Point::new(0.5, 0.5), Point::new(2.5, 2.5));
/// let path = mesh.find_path(&mut search, start, goal)?.into_path().unwrap();
/// assert_eq!(path.nodes.len(), 3); // around a corner of the block
/// assert!((path.cost - 2.0 * 2.5f64.sqrt()).abs() < 1e-12);
///
/// // The nearer of two exits.
/// let exits = [Point::new(2.5, 2.5), Point::new(0.5, 2.9)];
/// let path = mesh.find_path(&mut search, start, &exits)?.into_path().unwrap();
/// assert_eq!(path.nodes.last(), Some(&Point::new(0.5, 2.9)));
///
/// let off = mesh.find_path(&mut search, start, Point::new(9.0, 1.0)).unwrap_err();
/// assert_eq!(off, NavMeshError::OffMesh { point: Point::new(9.0, 1.0) });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Pathfinder for NavMesh {
    type Node = Point;
    type Cost = f64;
    type Context = AnyAngleSearch;
    type Error = NavMeshError;

    /// Both points finite and on the mesh (errors otherwise, as the search answers). The mesh
    /// keeps no components, so two points on it answer [`Ends::Open`].
    fn check_ends(&self, start: Point, goal: Point) -> Result<Ends, NavMeshError> {
        NavMeshError::check_on([start, goal], |p| self.triangle_at(p).is_some())?;
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
        Unsupported::check_plain(options, false).map_err(NavMeshError::Unsupported)?;
        let found = match to {
            Goal::Node(goal) => ctx.path_into(self, start, goal, path)?,
            Goal::AnyOf(goals) => {
                path.clear();
                NavMeshError::check_finite([start])?;
                if self.triangle_at(start).is_none() {
                    return Err(NavMeshError::OffMesh { point: start });
                }
                let mut best: Option<f64> = None;
                let mut trial = std::mem::take(&mut ctx.trial);
                let mut expanded = 0;
                for &goal in goals {
                    let length = ctx.path_into(self, start, goal, &mut trial)?;
                    expanded += ctx.expanded;
                    if let Some(length) = length {
                        if best.is_none_or(|b| length < b) {
                            best = Some(length);
                            std::mem::swap(path, &mut trial);
                        }
                    }
                }
                ctx.trial = trial;
                ctx.expanded = expanded;
                best
            }
            Goal::Matching(_) => {
                return Err(NavMeshError::Unsupported(Unsupported::GoalTest));
            }
        };
        Ok(match found {
            Some(cost) => Status::Found { cost },
            None => {
                path.clear();
                Status::Unreachable
            }
        })
    }
}
