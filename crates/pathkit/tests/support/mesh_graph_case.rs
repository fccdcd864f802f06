//! One case for mesh graphs (GameplayKit's `GKMeshGraph`): a buffer radius, radial or mitre
//! growth, and a sequence of operations on a `MeshGraph` in the box `[0, 32]^2` (obstacles of
//! many shapes added and removed, triangulation modes, points connected, triangulations,
//! searches), each triangulation checked against oracles that share no code with pathkit:
//!
//! - **The free space.** The obstacles are grown here (`crate::growth_oracle`: radially about
//!   the centroid, or by the mitre rule; not at all at radius 0), and the free space they leave
//!   in the box (`crate::free_space_oracle`) is compared with the triangles on a lattice of
//!   sample points: a point well inside the free space lies in exactly one triangle, a point
//!   well inside a grown obstacle or outside the box in none.
//! - **The nodes of each mode** (`shared/docs/gameplaykit-semantics.md` §2.7): one at each
//!   corner of a triangle (vertices), at each triangle's centre, at the middle of each of its
//!   sides (edge midpoints), each shared between the triangles that share it; the nodes of a
//!   triangle joined to each other, and to nothing else but connected points.
//! - **Paths** between connected points run along edges, each step through the free space;
//!   with corners or midpoints in the mode (so that neighbouring triangles share nodes) a path is
//!   found exactly when the free space joins the two points; no path is shorter than the
//!   shortest path at any angle (the visibility graph of the grown obstacles), and the mesh's own
//!   any-angle search finds exactly that length.
//!
//! Shapes: convex regular polygons, thin walls (two points), L shapes and stars (non-convex);
//! obstacles overlap freely. Cases whose mitre growth crosses itself (a pocket narrower than
//! twice the radius) are skipped, as what is walkable there is not defined.
//!
//! The fuzz target `fuzz/fuzz_targets/mesh_graph.rs`, the property test
//! `tests/gameplaykit_mesh.rs` and the regression replay `tests/search_fuzz_regressions.rs` all
//! run these checks.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::Extrusion;
use pathkit::graph::{MeshGraph, NodeId, PolygonObstacle, TriangulationMode};
use pathkit::search::SearchContext;
use std::collections::{BTreeSet, HashMap};

use crate::free_space_oracle::FreeSpace;
use crate::growth_oracle::{distance_to_segment, mitre, radial, self_crossing};
use pathkit::navmesh::AnyAngleSearch;
use pathkit::Pathfinder;

/// The side of the box.
pub const SIZE: f32 = 32.0;
/// At most this many operations of a case are run.
pub const MAX_OPS: usize = 24;
/// At most this many points are connected.
pub const MAX_POINTS: usize = 6;

/// One obstacle's shape, decoded from bytes.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct Shape {
    /// Convex polygon, thin wall, L or star (`kind % 4`).
    pub kind: u8,
    pub x: u8,
    pub y: u8,
    /// Radius `1 + size % 6` (in units).
    pub size: u8,
    /// Turned by `turn / 256` of a full turn.
    pub turn: u8,
    /// Corners of a convex polygon or points of a star: `3 + corners % 5`.
    pub corners: u8,
}

/// One operation.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Op {
    Add(Shape),
    /// Removes the obstacle added `k % count`-th.
    Remove(u8),
    /// Mode `1 + bits % 7` (never empty).
    Mode(u8),
    /// Connects the point (`x / 8`, `y / 8`).
    Point(u8, u8),
    Triangulate,
}

/// A case: the radius `(radius % 16) / 8`, growth, and operations.
#[derive(Arbitrary, Debug)]
pub struct MeshGraphCase {
    pub radius: u8,
    pub mitre: bool,
    pub ops: Vec<Op>,
}

impl Shape {
    /// The shape's points, in the box (clamped).
    pub fn points(&self) -> Vec<[f32; 2]> {
        let r = 1.0 + f64::from(self.size % 6);
        let (cx, cy) = (
            f64::from(self.x) / 255.0 * f64::from(SIZE),
            f64::from(self.y) / 255.0 * f64::from(SIZE),
        );
        let turn = f64::from(self.turn) / 256.0 * std::f64::consts::TAU;
        let n = 3 + usize::from(self.corners % 5);
        let local: Vec<(f64, f64)> = match self.kind % 4 {
            0 => (0..n)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::TAU / n as f64;
                    (r * a.cos(), r * a.sin())
                })
                .collect(),
            1 => vec![(-r, 0.0), (r, 0.0)],
            2 => {
                let t = 0.5 * r;
                vec![
                    (-r, -r),
                    (r, -r),
                    (r, -r + t),
                    (-r + t, -r + t),
                    (-r + t, r),
                    (-r, r),
                ]
            }
            _ => (0..2 * n)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::PI / n as f64;
                    let radius = if k % 2 == 1 { 0.55 * r } else { r };
                    (radius * a.cos(), radius * a.sin())
                })
                .collect(),
        };
        let (c, s) = (turn.cos(), turn.sin());
        local
            .into_iter()
            .map(|(x, y)| {
                let (px, py) = (cx + x * c - y * s, cy + x * s + y * c);
                [(px as f32).clamp(0.0, SIZE), (py as f32).clamp(0.0, SIZE)]
            })
            .collect()
    }
}

/// Decodes `data` as the fuzz target does and checks the case; bytes that do not decode are
/// skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = MeshGraphCase::arbitrary_take_rest(Unstructured::new(data)) {
        let _checked = check(&case);
    }
}

/// What the case knows of the graph, kept by the case itself.
struct Model {
    radius: f32,
    mitre: bool,
    obstacles: Vec<PolygonObstacle>,
    points: Vec<(NodeId, [f32; 2])>,
}

/// Runs one case: every operation, every triangulation checked. Returns how many
/// triangulations were checked (not skipped for a pocket narrower than twice the radius).
pub fn check(case: &MeshGraphCase) -> usize {
    check_tiled(case, None)
}

/// [`check`] with the free space cut into tiles of `tile` ([`MeshGraph::set_tile_size`]): each
/// triangulation after the first edits the tiles in place.
pub fn check_tiled(case: &MeshGraphCase, tile: Option<f32>) -> usize {
    let radius = f32::from(case.radius % 16) / 8.0;
    let extrusion = if case.mitre {
        Extrusion::Mitre
    } else {
        Extrusion::Radial
    };
    let mut graph = MeshGraph::with_extrusion(radius, [0.0, 0.0], [SIZE, SIZE], extrusion)
        .expect("a valid box");
    graph.set_tile_size(tile).expect("a valid tile size");
    let mut model = Model {
        radius,
        mitre: case.mitre,
        obstacles: Vec::new(),
        points: Vec::new(),
    };
    let mut triangulated = false;
    let mut checked = 0;
    for op in case.ops.iter().take(MAX_OPS) {
        match *op {
            Op::Add(shape) => {
                let Ok(obstacle) = PolygonObstacle::new(&shape.points()) else {
                    continue;
                };
                graph
                    .add_obstacles(std::slice::from_ref(&obstacle))
                    .unwrap();
                if !model.obstacles.contains(&obstacle) {
                    model.obstacles.push(obstacle);
                }
            }
            Op::Remove(k) => {
                if !model.obstacles.is_empty() {
                    let gone = model
                        .obstacles
                        .remove(usize::from(k) % model.obstacles.len());
                    graph.remove_obstacles(&[gone]);
                }
            }
            Op::Mode(bits) => {
                graph.set_triangulation_mode(TriangulationMode::from_bits(1 + bits % 7))
            }
            Op::Point(x, y) => {
                if model.points.len() < MAX_POINTS {
                    let p = [f32::from(x) / 8.0, f32::from(y) / 8.0];
                    model.points.push((graph.add_point(p[0], p[1]).unwrap(), p));
                }
            }
            Op::Triangulate => {
                graph.triangulate().unwrap_or_else(|e| {
                    panic!(
                        "{e:?}: radius {radius}, mitre {}, obstacles {:?}",
                        case.mitre, model.obstacles
                    )
                });
                triangulated = true;
                checked += usize::from(check_triangulation(&graph, &model, tile));
            }
        }
        assert_eq!(graph.obstacles(), &model.obstacles[..], "the obstacles");
    }
    if !triangulated {
        graph.triangulate().unwrap_or_else(|e| {
            panic!(
                "{e:?}: radius {radius}, mitre {}, obstacles {:?}",
                case.mitre, model.obstacles
            )
        });
        checked += usize::from(check_triangulation(&graph, &model, tile));
    }
    checked
}

/// The obstacles grown as the rules say: radially or mitred, not at all at radius 0.
fn grown(model: &Model) -> Vec<Vec<(f64, f64)>> {
    model
        .obstacles
        .iter()
        .map(|o| {
            let raw: Vec<(f64, f64)> = o
                .vertices()
                .iter()
                .map(|p| (f64::from(p[0]), f64::from(p[1])))
                .collect();
            let r = f64::from(model.radius);
            if r == 0.0 {
                raw
            } else if model.mitre {
                mitre(&raw, r)
            } else {
                radial(&raw, r)
            }
        })
        .collect()
}

fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// The triangulation against the oracles; `false` when skipped.
fn check_triangulation(graph: &MeshGraph, model: &Model, tile: Option<f32>) -> bool {
    let obstacles = grown(model);
    if obstacles.iter().any(|o| o.len() > 2 && self_crossing(o)) {
        return false; // A pocket narrower than twice the radius: not defined.
    }
    let context = format!(
        "radius {}, mitre {}, obstacles {:?}",
        model.radius, model.mitre, model.obstacles
    );
    let world = FreeSpace {
        lo: (0.0, 0.0),
        hi: (f64::from(SIZE), f64::from(SIZE)),
        obstacles: obstacles.clone(),
        touch: 1e-9,
        pinches: false,
    };
    let mesh = graph.mesh().expect("triangulated");
    let verts: Vec<(f64, f64)> = mesh.vertices().iter().map(|p| (p.x, p.y)).collect();
    let tris: Vec<[u32; 3]> = mesh.triangle_indices().to_vec();
    assert_eq!(graph.triangle_count(), tris.len(), "{context}");

    // The free space, on a lattice of sample points away from every side.
    let margin = 1e-6;
    let near_side = |p: (f64, f64)| {
        obstacles.iter().any(|o| {
            let n = o.len();
            let sides = if n == 2 { 1 } else { n };
            (0..sides).any(|i| distance_to_segment(p, o[i], o[(i + 1) % n]) < margin)
        })
    };
    let steps = 48;
    for i in 0..steps {
        for j in 0..steps {
            let p = (
                (i as f64 + 0.37) / steps as f64 * f64::from(SIZE),
                (j as f64 + 0.61) / steps as f64 * f64::from(SIZE),
            );
            if near_side(p) {
                continue;
            }
            let holding = tris
                .iter()
                .filter(|t| {
                    let [a, b, c] = t.map(|v| verts[v as usize]);
                    orient(a, b, p) > 0.0 && orient(b, c, p) > 0.0 && orient(c, a, p) > 0.0
                })
                .count();
            let on_edge = tris.iter().any(|t| {
                let [a, b, c] = t.map(|v| verts[v as usize]);
                [(a, b), (b, c), (c, a)]
                    .iter()
                    .any(|&(u, v)| distance_to_segment(p, u, v) < margin)
            });
            let free = world.is_free(p);
            if free && !on_edge {
                assert_eq!(
                    holding, 1,
                    "{context}: free point {p:?} in {holding} triangles"
                );
            }
            if !free {
                assert_eq!(holding, 0, "{context}: blocked point {p:?} in a triangle");
            }
        }
    }

    // The nodes each mode asks for, by position: each with the triangles it belongs to. A side
    // two triangles share is one node, unless it lies along a thin wall (a wall of two points,
    // with triangles on both sides): then a node for each. A side no other triangle shares (a
    // boundary of free space) is a node of its triangle alone.
    let mode = graph.triangulation_mode();
    let key = |p: (f64, f64)| ((p.0 as f32).to_bits(), (p.1 as f32).to_bits());
    let mut sharing: HashMap<(u32, u32), usize> = HashMap::new();
    for t in &tris {
        for (u, v) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            *sharing.entry((u.min(v), u.max(v))).or_default() += 1;
        }
    }
    // Cut points lie on their walls within a few roundings. Crossings of two other walls that
    // pass close by can lie a hundred-millionth from a wall without being on it, and a sliver
    // triangle's side to such a point is no piece of the wall: the tolerance stays far below.
    let along_thin_wall = |u: (f64, f64), v: (f64, f64)| {
        let tol = 1e-12 * f64::from(SIZE);
        obstacles.iter().filter(|o| o.len() == 2).any(|o| {
            distance_to_segment(u, o[0], o[1]) < tol && distance_to_segment(v, o[0], o[1]) < tol
        })
    };
    let mut shared: HashMap<(u32, u32), BTreeSet<usize>> = HashMap::new();
    let mut sides: HashMap<((u32, u32), bool), BTreeSet<usize>> = HashMap::new();
    let mut entries: Vec<((u32, u32), BTreeSet<usize>)> = Vec::new();
    for (k, t) in tris.iter().enumerate() {
        let [a, b, c] = t.map(|v| verts[v as usize]);
        let mut mine = Vec::new();
        if mode.contains(TriangulationMode::VERTICES) {
            mine.extend([a, b, c]);
        }
        for p in mine {
            // A vertex on a line between tiles, strictly inside a thin wall (not at its ends), is
            // a node on each side of the wall: the wall runs on through it.
            let split = tile.and_then(|size| {
                let size = f64::from(size);
                let on_line = |v: f64| v > 0.0 && v < f64::from(SIZE) && (v / size).fract() == 0.0;
                if !(on_line(p.0) || on_line(p.1)) {
                    return None;
                }
                let tol = 1e-12 * f64::from(SIZE);
                obstacles.iter().filter(|o| o.len() == 2).find_map(|o| {
                    let inside = distance_to_segment(p, o[0], o[1]) < tol
                        && distance_to_segment(p, o[0], o[0]) > tol
                        && distance_to_segment(p, o[1], o[1]) > tol;
                    inside.then(|| {
                        let centre = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
                        orient(o[0], o[1], centre) > 0.0
                    })
                })
            });
            match split {
                Some(side) => {
                    sides.entry((key(p), side)).or_default().insert(k);
                }
                None => {
                    shared.entry(key(p)).or_default().insert(k);
                }
            }
        }
        if mode.contains(TriangulationMode::CENTERS) {
            let centre = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
            entries.push((key(centre), BTreeSet::from([k])));
        }
        if mode.contains(TriangulationMode::EDGE_MIDPOINTS) {
            let [ia, ib, ic] = *t;
            for ((u, v), (iu, iv)) in
                [(a, b), (b, c), (c, a)]
                    .into_iter()
                    .zip([(ia, ib), (ib, ic), (ic, ia)])
            {
                let middle = ((u.0 + v.0) * 0.5, (u.1 + v.1) * 0.5);
                if sharing[&(iu.min(iv), iu.max(iv))] < 2 || along_thin_wall(u, v) {
                    entries.push((key(middle), BTreeSet::from([k])));
                } else {
                    shared.entry(key(middle)).or_default().insert(k);
                }
            }
        }
    }
    entries.extend(shared);
    entries.extend(
        sides
            .into_iter()
            .map(|((at, _), triangles)| (at, triangles)),
    );
    let users: BTreeSet<NodeId> = model.points.iter().map(|&(n, _)| n).collect();
    let mesh_nodes: Vec<NodeId> = graph
        .graph()
        .nodes()
        .iter()
        .copied()
        .filter(|n| !users.contains(n))
        .collect();
    let position = |n: NodeId| {
        let pathkit::graph::NodeKind::Point2(x, y) = graph.graph().kind(n).unwrap() else {
            panic!("{context}: a mesh node without a 2D position");
        };
        (x.to_bits(), y.to_bits())
    };
    // As many nodes at each place as the mode asks for.
    let mut want_at: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (i, (at, _)) in entries.iter().enumerate() {
        want_at.entry(*at).or_default().push(i);
    }
    let mut got_at: HashMap<(u32, u32), Vec<NodeId>> = HashMap::new();
    for &n in &mesh_nodes {
        got_at.entry(position(n)).or_default().push(n);
    }
    for (at, nodes) in &got_at {
        assert_eq!(
            nodes.len(),
            want_at.get(at).map_or(0, Vec::len),
            "{context}: nodes at {:?} for mode {mode:?}",
            (f32::from_bits(at.0), f32::from_bits(at.1))
        );
    }
    assert_eq!(
        got_at.len(),
        want_at.len(),
        "{context}: places of mode {mode:?}"
    );
    // Each node is one entry at its place, each entry one node: nodes at one place (a wall's two
    // midpoints, sides a rounding apart) cannot be told apart by position, so they are matched to
    // their place's entries by their edges. A node's edges go to the other nodes of its
    // triangles and to no other mesh node: as many as the entries sharing a triangle with its
    // entry, at those entries' places.
    let position_of = |m: NodeId| position(m);
    let expected = |i: usize| -> (usize, BTreeSet<(u32, u32)>) {
        let others: Vec<usize> = (0..entries.len())
            .filter(|&e| e != i && !entries[e].1.is_disjoint(&entries[i].1))
            .collect();
        (others.len(), others.iter().map(|&e| entries[e].0).collect())
    };
    for (at, nodes) in &got_at {
        let candidates = &want_at[at];
        let edges: Vec<(usize, BTreeSet<(u32, u32)>)> = nodes
            .iter()
            .map(|&n| {
                let joined: Vec<NodeId> = graph
                    .graph()
                    .connected_nodes(n)
                    .unwrap()
                    .iter()
                    .copied()
                    .filter(|m| !users.contains(m))
                    .collect();
                (
                    joined.len(),
                    joined.iter().map(|&m| position_of(m)).collect(),
                )
            })
            .collect();
        let wants: Vec<(usize, BTreeSet<(u32, u32)>)> =
            candidates.iter().map(|&i| expected(i)).collect();
        // A perfect matching of nodes to entries with equal edges (a few per place at most).
        fn matches(
            k: usize,
            used: &mut Vec<bool>,
            edges: &[(usize, BTreeSet<(u32, u32)>)],
            wants: &[(usize, BTreeSet<(u32, u32)>)],
        ) -> bool {
            if k == edges.len() {
                return true;
            }
            for j in 0..wants.len() {
                if !used[j] && wants[j] == edges[k] {
                    used[j] = true;
                    if matches(k + 1, used, edges, wants) {
                        return true;
                    }
                    used[j] = false;
                }
            }
            false
        }
        assert!(
            matches(0, &mut vec![false; wants.len()], &edges, &wants),
            "{context}: the edges of the mesh nodes at {:?} (mode {mode:?}): {edges:?}, want {wants:?}",
            (f32::from_bits(at.0), f32::from_bits(at.1))
        );
    }

    // Paths between connected points.
    let shared_nodes = mode.contains(TriangulationMode::VERTICES)
        || mode.contains(TriangulationMode::EDGE_MIDPOINTS);
    let rounded = FreeSpace {
        touch: 1e-6,
        ..world.clone()
    };
    // Corner nodes join triangles that meet only at a point (a pinch), edge midpoints do not.
    let graph_world = FreeSpace {
        pinches: mode.contains(TriangulationMode::VERTICES),
        ..world.clone()
    };
    for (i, &(a, pa)) in model.points.iter().enumerate() {
        for &(b, pb) in &model.points[i + 1..] {
            let (pa, pb) = (
                (f64::from(pa[0]), f64::from(pa[1])),
                (f64::from(pb[0]), f64::from(pb[1])),
            );
            let best = world.shortest(pa, pb);
            let any_angle = mesh
                .find_path(
                    &mut AnyAngleSearch::new(),
                    pathkit::geometry::Point::new(pa.0, pa.1),
                    pathkit::geometry::Point::new(pb.0, pb.1),
                )
                .map(|o| o.into_path())
                .ok()
                .flatten()
                .map(|p| p.cost);
            if let (Some(e), Some(f)) = (best, any_angle) {
                assert!(
                    (e - f).abs() <= 1e-7 * e.max(1.0),
                    "{context}: any angle {pa:?} -> {pb:?}: mesh {f}, oracle {e}"
                );
            } else {
                assert_eq!(
                    best.is_some(),
                    any_angle.is_some(),
                    "{context}: any angle {pa:?} -> {pb:?}: mesh {any_angle:?}, oracle {best:?}"
                );
            }
            let found = graph
                .find_path(&mut SearchContext::new(), a, b)
                .unwrap()
                .into_path();
            let graph_best = graph_world.shortest(pa, pb);
            if shared_nodes && world.is_free(pa) && world.is_free(pb) && pa != pb {
                assert_eq!(
                    found.is_some(),
                    graph_best.is_some(),
                    "{context}: graph path {pa:?} -> {pb:?}, oracle {graph_best:?}"
                );
            }
            if let Some(path) = found {
                let place = |n: NodeId| {
                    let (x, y) = position(n);
                    (f64::from(f32::from_bits(x)), f64::from(f32::from_bits(y)))
                };
                for pair in path.nodes.windows(2) {
                    let (p, q) = (place(pair[0]), place(pair[1]));
                    assert!(
                        rounded.segment_clear(p, q),
                        "{context}: step {p:?} -> {q:?} leaves the free space"
                    );
                }
                if let Some(e) = graph_best {
                    assert!(
                        f64::from(path.cost) >= e * (1.0 - 1e-5),
                        "{context}: graph path {} shorter than the shortest {e}: {:?}, the oracle's {:?}",
                        path.cost,
                        path.nodes.iter().map(|&n| place(n)).collect::<Vec<_>>(),
                        graph_world.shortest_route(pa, pb)
                    );
                }
            }
        }
    }
    true
}
