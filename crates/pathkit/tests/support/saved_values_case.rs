//! What the fuzz targets `navmesh_json`, `node_graph_json`, `grid_graph_json` and `grid_json`
//! check on one input, shared by the targets (`fuzz/fuzz_targets/<target>.rs`) and their
//! regression replay (`tests/format_fuzz_regressions.rs`), which include this file (and
//! `oracle.rs`) with `#[path]`.
//!
//! Any bytes as JSON (feature `serde`): loading a `NavMesh`, `NodeGraph`, `GridGraph` or `Grid`
//! never panics. A value that loads keeps what every value of its type keeps (read through the
//! public API only), writes back to JSON that loads equal, and can be used: its searches and
//! queries answer or give typed errors (on small graphs and grids, the answers are those of the
//! independent oracle of `support/oracle.rs`), and it takes an edit or two, after which the same
//! holds again.

#![allow(dead_code)] // Each including crate uses its own part.

/// At most this many nodes (or cells) are searched between, pairwise.
const PLACES: usize = 6;
/// Graphs and grids up to this many nodes (or cells) are checked against the oracle.
const ORACLE_SIZE: usize = 512;

// ---------------------------------------------------------------------------------------------
// Navigation meshes

/// Any bytes as a `NavMesh`: a mesh that loads has finite vertices, all used, counter-clockwise
/// triangles with area, neighbours that share their edge both ways, corners exactly on the walls;
/// it writes back to JSON that loads the same mesh, is rebuilt by `NavMesh::from_triangles` with
/// the same triangles (neighbours at least where the saved ones are), answers queries between its
/// triangles' centres and vertices, points off the mesh and NaN with answers or typed errors, and
/// still makes a mesh without its last triangle.
#[cfg(feature = "serde")]
pub fn navmesh_json(data: &[u8]) {
    use pathkit::geometry::Point;
    use pathkit::navmesh::NavMesh;

    let Ok(mesh) = serde_json::from_slice::<NavMesh>(data) else {
        return;
    };
    check_mesh(&mesh);

    let text = serde_json::to_string(&mesh).expect("a mesh writes as JSON");
    let back: NavMesh = serde_json::from_str(&text).expect("a written mesh loads");
    assert_eq!(back.vertices(), mesh.vertices());
    assert_eq!(back.triangle_indices(), mesh.triangle_indices());
    for k in 0..mesh.triangle_count() {
        assert_eq!(back.neighbours(k), mesh.neighbours(k));
    }
    for v in 0..mesh.vertices().len() {
        assert_eq!(back.is_corner(v), mesh.is_corner(v));
    }

    // Rebuilt from its own triangles (no walls between triangles this time): the same triangles
    // over the same vertices, and every saved neighbour is still a neighbour.
    let rebuilt =
        NavMesh::from_triangles(mesh.vertices().to_vec(), mesh.triangle_indices().to_vec())
            .expect("a loaded mesh's triangles make a mesh");
    assert_eq!(rebuilt.vertices(), mesh.vertices());
    assert_eq!(rebuilt.triangle_indices(), mesh.triangle_indices());
    for k in 0..mesh.triangle_count() {
        let (saved, joined) = (mesh.neighbours(k).unwrap(), rebuilt.neighbours(k).unwrap());
        for side in 0..3 {
            if saved[side].is_some() {
                assert_eq!(joined[side], saved[side], "triangle {k} side {side}");
            }
        }
    }

    // Queries between triangle centres, vertices, a point beyond the mesh and NaN.
    let mut points: Vec<Point> = (0..mesh.triangle_count().min(4))
        .map(|k| {
            let [a, b, c] = mesh.triangle(k).unwrap();
            Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
        })
        .collect();
    points.extend(mesh.vertices().iter().take(2));
    let far = mesh
        .vertices()
        .iter()
        .fold(1.0f64, |m, p| m.max(p.x.abs()).max(p.y.abs()));
    points.push(Point::new(-2.0 * far, 3.0));
    points.push(Point::new(f64::NAN, 0.0));
    mesh_queries(&mesh, &points);

    // An edit: the mesh without its last triangle.
    if mesh.triangle_count() >= 2 {
        let mut fewer = mesh.triangle_indices().to_vec();
        fewer.pop();
        let smaller = NavMesh::from_triangles(mesh.vertices().to_vec(), fewer)
            .expect("part of a mesh is a mesh");
        assert_eq!(smaller.triangle_count(), mesh.triangle_count() - 1);
        check_mesh(&smaller);
        mesh_queries(&smaller, &points);
    }
}

/// What every mesh keeps, read through its public API.
#[cfg(feature = "serde")]
fn check_mesh(mesh: &pathkit::navmesh::NavMesh) {
    use pathkit::geometry::Point;
    use std::collections::HashSet;

    let vertices = mesh.vertices();
    let triangles = mesh.triangle_indices();
    assert_eq!(triangles.len(), mesh.triangle_count());
    assert!(
        vertices.iter().all(|p| p.is_finite()),
        "a vertex not finite"
    );
    let mut used = vec![false; vertices.len()];
    let mut walls = HashSet::new();
    for (k, t) in triangles.iter().enumerate() {
        for &v in t {
            assert!(
                (v as usize) < vertices.len(),
                "triangle {k} names vertex {v}"
            );
            used[v as usize] = true;
        }
        let [a, b, c] = mesh.triangle(k).expect("a triangle of the mesh");
        assert_eq!([a, b, c], t.map(|v| vertices[v as usize]));
        let turn = Point::orientation(a, b, c);
        assert!(turn > 0.0, "triangle {k} not counter-clockwise: {turn}");
        let n = mesh.neighbours(k).expect("a triangle of the mesh");
        for side in 0..3 {
            let (from, to) = (t[side], t[(side + 1) % 3]);
            match n[side] {
                None => {
                    walls.insert(from);
                    walls.insert(to);
                }
                Some(m) => {
                    assert!(
                        m < triangles.len() && m != k,
                        "triangle {k}'s neighbour {m}"
                    );
                    let other = triangles[m];
                    let back = (0..3)
                        .find(|&s| other[s] == to && other[(s + 1) % 3] == from)
                        .unwrap_or_else(|| panic!("{m} does not share {k}'s side {side}"));
                    assert_eq!(mesh.neighbours(m).unwrap()[back], Some(k));
                }
            }
        }
    }
    assert!(used.iter().all(|&u| u), "a vertex no triangle uses");
    for v in 0..vertices.len() {
        assert_eq!(mesh.is_corner(v), walls.contains(&(v as u32)), "vertex {v}");
    }
    assert!(!mesh.is_corner(vertices.len()));
    assert_eq!(mesh.triangle(triangles.len()), None);
    assert_eq!(mesh.neighbours(triangles.len()), None);
}

/// Every query between `points`: an answer of the right shape or a typed error (`NonFinite` for
/// NaN, `OffMesh` for a point on no triangle).
#[cfg(feature = "serde")]
fn mesh_queries(mesh: &pathkit::navmesh::NavMesh, points: &[pathkit::geometry::Point]) {
    use pathkit::geometry::Point;
    use pathkit::navmesh::{AnyAngleSearch, NavMeshError};
    use pathkit::Pathfinder;

    let on = |p: Point| mesh.triangle_at(p).is_some();
    let mut search = AnyAngleSearch::new();
    for &a in points {
        match mesh.nearest_point(a) {
            Ok(q) => {
                assert!(q.is_finite());
                if on(a) {
                    assert_eq!(q, a);
                }
            }
            Err(e) => assert!(!a.is_finite() || mesh.triangle_count() == 0, "{e:?}"),
        }
        for &b in points {
            let finite = a.is_finite() && b.is_finite();
            match mesh.line_of_sight(a, b) {
                Ok(_) => assert!(finite && on(a) && on(b)),
                Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
                Err(NavMeshError::OffMesh { .. }) => assert!(finite && (!on(a) || !on(b))),
                Err(e) => panic!("line of sight: {e:?}"),
            }
            let found = mesh.find_path(&mut search, a, b).map(|o| o.into_path());
            // Compared as printed: an error naming a NaN point is not `==` to itself.
            assert_eq!(
                format!(
                    "{:?}",
                    mesh.find_path(&mut AnyAngleSearch::new(), a, b)
                        .map(|o| o.into_path())
                        .map(|p| p.map(|p| p.nodes.to_vec()))
                ),
                format!("{:?}", found.clone().map(|p| p.map(|p| p.nodes.to_vec()))),
                "two doors, one search"
            );
            match found {
                Ok(Some(path)) => {
                    let points = path.nodes;
                    assert_eq!((points[0], points[points.len() - 1]), (a, b));
                    for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
                        assert!(
                            mesh.vertices().contains(p),
                            "a turn off the vertices: {p:?}"
                        );
                    }
                    let straight = a.distance(b);
                    assert!(
                        path.cost >= straight * (1.0 - 1e-9),
                        "{} < {straight}",
                        path.cost
                    );
                }
                Ok(None) => assert!(finite && on(a) && on(b)),
                Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
                Err(NavMeshError::OffMesh { .. }) => assert!(finite && (!on(a) || !on(b))),
                Err(e) => panic!("find_path: {e:?}"),
            }
            match mesh.corridor(a, b) {
                Ok(Some(corridor)) => {
                    let turns = mesh
                        .funnel(&corridor, a, b)
                        .expect("a corridor of the mesh's own");
                    assert_eq!((turns[0], turns[turns.len() - 1]), (a, b));
                }
                Ok(None) => assert!(finite),
                Err(NavMeshError::NonFinite { .. }) => assert!(!finite),
                Err(NavMeshError::OffMesh { .. }) => assert!(finite && (!on(a) || !on(b))),
                Err(e) => panic!("corridor: {e:?}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Node graphs and grid graphs

/// Any bytes as a `NodeGraph`: a graph that loads has consistent nodes (each id names its slot,
/// edges lead to nodes of the graph, once each, never to themselves; members listed once);
/// it writes back to JSON that loads equal (or, holding an infinite position, written as `null`,
/// is refused); searches between its first nodes answer (on small graphs of one kind of node,
/// at the oracle's optimum) or give a typed error; it takes a new node connected to the cheapest
/// member, a removed member, a connection added and removed, and holds the same again.
#[cfg(feature = "serde")]
pub fn node_graph_json(data: &[u8]) {
    use pathkit::graph::{Direction, GraphError, NodeGraph, NodeKind};

    let Ok(mut graph) = serde_json::from_slice::<NodeGraph>(data) else {
        return;
    };
    check_node_graph(&graph);
    round_trip_node_graph(&graph);
    node_graph_searches(&graph);

    // An id of another graph is foreign here (unless the saved data named that very id: tags
    // are read as saved).
    let stranger = NodeGraph::new().add_node(NodeKind::Plain);
    if !graph.all_nodes().any(|id| id == stranger) {
        assert_eq!(
            graph.kind(stranger),
            Err(GraphError::ForeignNode { node: stranger })
        );
    }

    // Edits through the loaded ids.
    let members = graph.nodes().to_vec();
    let count = graph.node_count();
    let new = graph.create_node(NodeKind::Plain);
    assert_eq!(new.index(), count);
    match graph.connect_node_to_lowest_cost_node(new, Direction::BothWays) {
        Ok(Some(to)) => {
            assert!(members.contains(&to));
            assert_eq!(graph.has_connection(new, to), Ok(true));
            assert_eq!(graph.has_connection(to, new), Ok(true));
        }
        Ok(None) => assert!(members.is_empty()),
        Err(e) => panic!("connecting a plain node: {e:?}"),
    }
    assert_eq!(graph.is_member(new), Ok(true));
    if let Some(&first) = members.first() {
        graph.remove_nodes(&[first]).expect("a loaded member");
        assert_eq!(graph.is_member(first), Ok(false));
        assert_eq!(graph.connected_nodes(first), Ok(&[][..]));
        for id in graph.all_nodes() {
            assert_eq!(graph.has_connection(id, first), Ok(false));
        }
    }
    if let [a, b, ..] = members[..] {
        graph
            .add_connections(b, &[a], Direction::BothWays)
            .expect("loaded nodes");
        assert_eq!(graph.has_connection(a, b), Ok(true));
        graph
            .remove_connections(a, &[b], Direction::OneWay)
            .expect("loaded nodes");
        assert_eq!(graph.has_connection(a, b), Ok(false));
        assert_eq!(graph.has_connection(b, a), Ok(true));
    }
    check_node_graph(&graph);
    round_trip_node_graph(&graph);
    node_graph_searches(&graph);
}

/// What every node graph keeps, read through its public API.
#[cfg(feature = "serde")]
fn check_node_graph(graph: &pathkit::graph::NodeGraph) {
    use std::collections::HashSet;

    let all: Vec<_> = graph.all_nodes().collect();
    assert_eq!(all.len(), graph.node_count());
    for (i, &id) in all.iter().enumerate() {
        assert_eq!(id.index(), i, "node {id} in slot {i}");
        graph.kind(id).expect("a node of the graph");
        let out = graph.connected_nodes(id).expect("a node of the graph");
        let mut seen = HashSet::new();
        for &to in out {
            assert!(to != id, "a self-edge at {id}");
            assert!(seen.insert(to), "{id} -> {to} twice");
            assert_eq!(
                all.get(to.index()),
                Some(&to),
                "{id} -> {to}, no node of the graph"
            );
            assert_eq!(graph.has_connection(id, to), Ok(true));
        }
    }
    let mut seen = HashSet::new();
    for &m in graph.nodes() {
        assert!(seen.insert(m), "member {m} twice");
        assert_eq!(graph.is_member(m), Ok(true));
    }
    let members = all
        .iter()
        .filter(|&&id| graph.is_member(id) == Ok(true))
        .count();
    assert_eq!(members, graph.nodes().len());
}

/// Written and read back: equal, or refused when a position is infinite (JSON's `null`).
#[cfg(feature = "serde")]
fn round_trip_node_graph(graph: &pathkit::graph::NodeGraph) {
    use pathkit::graph::NodeGraph;

    let text = serde_json::to_string(graph).expect("a node graph writes as JSON");
    let back = serde_json::from_str::<NodeGraph>(&text);
    if text.contains("null") {
        assert!(back.is_err(), "a non-finite position loaded");
    } else {
        assert!(
            back.expect("a written node graph loads") == *graph,
            "a written node graph loads equal"
        );
    }
}

/// Whether every node of the graph is of one kind (plain, 2D, 3D or cell): only then is the base
/// estimate admissible, and A* optimal.
#[cfg(feature = "serde")]
fn one_kind(graph: &pathkit::graph::NodeGraph) -> bool {
    let mut kinds = graph
        .all_nodes()
        .map(|id| std::mem::discriminant(&graph.kind(id).unwrap()));
    let first = kinds.next();
    kinds.all(|k| Some(k) == first)
}

/// Searches between the graph's first nodes, through both doors: a path from start to goal along
/// edges, costing the sum of its steps (`f32`), at the oracle's optimum when the graph is small
/// and of one kind; or `InvalidCost`, `InvalidEstimate` or `CostOverflow`.
#[cfg(feature = "serde")]
fn node_graph_searches(graph: &pathkit::graph::NodeGraph) {
    use crate::oracle::{same_cost, OracleGraph};
    use pathkit::graph::BaseCosts;
    use pathkit::search::SearchContext;
    use pathkit::search::SearchOptions;
    use pathkit::Pathfinder;

    let all: Vec<_> = graph.all_nodes().collect();
    let oracle = (all.len() <= ORACLE_SIZE && one_kind(graph)).then(|| {
        let mut o = OracleGraph::new(all.len());
        let mut finite = true;
        for &a in &all {
            for &b in graph.connected_nodes(a).unwrap() {
                let c = graph.cost(a, b).unwrap();
                finite &= c.is_finite() && c >= 0.0;
                o.add_edge(a.index(), b.index(), f64::from(c));
            }
        }
        finite.then_some(o)
    });
    let oracle = oracle.flatten();
    // `f32` sums: each step may round by half an ulp, on the path found and on the cheapest one.
    let tolerance = 1e-5 + all.len() as f64 * 2.4e-7;
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    for &a in all.iter().take(PLACES) {
        for &b in all.iter().take(PLACES) {
            let found = graph.find_path(&mut SearchContext::new(), a, b);
            let status = graph.space_with(&BaseCosts).find_path_into(
                &mut ctx,
                a,
                b.into(),
                &SearchOptions::new(),
                &mut path,
            );
            let Some(found) = both_doors(found, status, &path, a, b) else {
                continue;
            };
            let Some(found) = found else {
                if let Some(o) = &oracle {
                    assert_eq!(o.shortest(a.index(), b.index()), None, "{a} -> {b}");
                }
                continue;
            };
            let nodes = &found.nodes;
            assert_eq!((nodes[0], nodes[nodes.len() - 1]), (a, b));
            if a == b {
                assert_eq!((nodes.len(), found.cost), (1, 0.0));
            }
            let mut sum = 0.0f64;
            for step in nodes.windows(2) {
                assert_eq!(graph.has_connection(step[0], step[1]), Ok(true));
                sum += f64::from(graph.cost(step[0], step[1]).unwrap());
            }
            let cost = f64::from(found.cost);
            assert!(cost.is_finite() && cost >= 0.0, "{a} -> {b} costs {cost}");
            assert!(
                same_cost(sum, cost, tolerance),
                "{a} -> {b}: steps {sum}, reported {cost}"
            );
            if let Some(o) = &oracle {
                let best = o.shortest(a.index(), b.index()).expect("the oracle's path");
                assert!(
                    same_cost(cost, best, tolerance),
                    "{a} -> {b}: {cost}, the optimum {best}"
                );
            }
        }
    }
}

/// Any bytes as a `GridGraph`: a grid graph that loads is a node graph as above whose first
/// width x height nodes are its cells, row by row (`cell_node`, `cell_of`; `node_at` exactly for
/// members); it writes back to JSON that loads equal; searches between its corners answer or give
/// typed errors; a cell removed and reconnected to its neighbours, the diagonal rule and cost
/// changed, and the same holds again.
#[cfg(feature = "serde")]
pub fn grid_graph_json(data: &[u8]) {
    use pathkit::graph::{DiagonalCost, GraphError, GridGraph};
    use pathkit::grid::Diagonal;

    let Ok(mut grid) = serde_json::from_slice::<GridGraph>(data) else {
        return;
    };
    check_grid_graph(&grid);
    round_trip_grid_graph(&grid);
    grid_graph_searches(&grid);

    // A rule of the other family is refused and changes nothing; one of the same family is taken.
    let moves = grid.moves();
    let other = if moves == Diagonal::Never {
        Diagonal::Always
    } else {
        Diagonal::Never
    };
    assert!(matches!(
        grid.set_moves(other),
        Err(GraphError::MovesFixed { .. })
    ));
    assert_eq!(grid.moves(), moves);
    if moves != Diagonal::Never {
        let next = match moves {
            Diagonal::Always => Diagonal::NoCornerCutting,
            Diagonal::NoCornerCutting => Diagonal::CornerCutting,
            _ => Diagonal::Always,
        };
        grid.set_moves(next).expect("a rule of the same family");
        assert_eq!(grid.moves(), next);
    }
    grid.set_diagonal_cost(match grid.diagonal_cost() {
        DiagonalCost::Euclidean => DiagonalCost::Unit,
        DiagonalCost::Unit => DiagonalCost::Euclidean,
    });

    // The first cell walled off and opened again. (A cell saved as no member may keep edges of
    // its own, which removing it, a no-op, leaves.)
    let (ox, oy) = grid.origin();
    if let Some(cell) = grid.cell_node(ox, oy) {
        let was_member = grid.graph().is_member(cell).expect("a loaded cell");
        grid.remove_nodes(&[cell]).expect("a loaded cell");
        assert_eq!(grid.node_at(ox, oy), None);
        if was_member {
            assert_eq!(grid.connected_nodes(cell), Ok(&[][..]));
            for id in grid.graph().all_nodes() {
                assert_eq!(grid.graph().has_connection(id, cell), Ok(false));
            }
        }
        grid.connect_node_to_adjacent_nodes(cell)
            .expect("a loaded cell");
        assert_eq!(grid.node_at(ox, oy), Some(cell));
        for (dx, dy) in [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ] {
            if grid.moves() == Diagonal::Never && dx != 0 && dy != 0 {
                continue;
            }
            let (Some(x), Some(y)) = (ox.checked_add(dx), oy.checked_add(dy)) else {
                continue;
            };
            if let Some(n) = grid.node_at(x, y) {
                assert_eq!(
                    grid.graph().has_connection(cell, n),
                    Ok(true),
                    "to ({x}, {y})"
                );
                assert_eq!(
                    grid.graph().has_connection(n, cell),
                    Ok(true),
                    "from ({x}, {y})"
                );
            }
        }
    }
    check_grid_graph(&grid);
    round_trip_grid_graph(&grid);
    grid_graph_searches(&grid);
}

/// What every grid graph keeps.
#[cfg(feature = "serde")]
fn check_grid_graph(grid: &pathkit::graph::GridGraph) {
    use pathkit::graph::NodeKind;

    check_node_graph(grid.graph());
    let (ox, oy) = grid.origin();
    let (w, h) = (grid.width(), grid.height());
    assert!(ox as i64 + w as i64 - 1 <= i32::MAX as i64 || w == 0);
    assert!(oy as i64 + h as i64 - 1 <= i32::MAX as i64 || h == 0);
    let cells = w as usize * h as usize;
    assert!(grid.graph().node_count() >= cells);
    assert_eq!(
        grid.diagonals_allowed(),
        grid.moves() != pathkit::grid::Diagonal::Never
    );
    let all: Vec<_> = grid.graph().all_nodes().collect();
    for (i, &id) in all.iter().enumerate().take(cells) {
        let (x, y) = (ox + (i % w as usize) as i32, oy + (i / w as usize) as i32);
        assert_eq!(grid.cell_node(x, y), Some(id), "cell ({x}, {y})");
        assert_eq!(grid.cell_of(id), Ok((x, y)));
        assert_eq!(grid.graph().kind(id), Ok(NodeKind::Cell(x, y)));
        let member = grid.graph().is_member(id).unwrap();
        assert_eq!(grid.node_at(x, y), member.then_some(id));
    }
    // Just outside the grid: no cell.
    for (x, y) in [
        (ox.checked_sub(1), Some(oy)),
        (Some(ox), oy.checked_sub(1)),
        (ox.checked_add_unsigned(w), Some(oy)),
        (Some(ox), oy.checked_add_unsigned(h)),
    ] {
        if let (Some(x), Some(y)) = (x, y) {
            assert_eq!(grid.cell_node(x, y), None, "({x}, {y}) outside");
            assert_eq!(grid.node_at(x, y), None, "({x}, {y}) outside");
        }
    }
}

#[cfg(feature = "serde")]
fn round_trip_grid_graph(grid: &pathkit::graph::GridGraph) {
    use pathkit::graph::GridGraph;

    let text = serde_json::to_string(grid).expect("a grid graph writes as JSON");
    let back = serde_json::from_str::<GridGraph>(&text);
    if text.contains("null") {
        assert!(back.is_err(), "a non-finite position loaded");
    } else {
        assert!(
            back.expect("a written grid graph loads") == *grid,
            "a written grid graph loads equal"
        );
    }
}

/// Searches between the corner cells and the first node past the cells, through both doors: a
/// path along edges from start to goal, or a typed error about costs.
#[cfg(feature = "serde")]
fn grid_graph_searches(grid: &pathkit::graph::GridGraph) {
    use pathkit::search::{SearchContext, SearchOptions};
    use pathkit::Pathfinder;

    let (ox, oy) = grid.origin();
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let mut places = Vec::new();
    if w > 0 && h > 0 {
        for (x, y) in [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)] {
            places.extend(grid.cell_node(ox + x, oy + y));
        }
    }
    let cells = grid.width() as usize * grid.height() as usize;
    places.extend(grid.graph().all_nodes().nth(cells));
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    for &a in &places {
        for &b in &places {
            let found = grid.find_path(&mut SearchContext::new(), a, b);
            let status =
                grid.find_path_into(&mut ctx, a, b.into(), &SearchOptions::new(), &mut path);
            let Some(found) = both_doors(found, status, &path, a, b) else {
                continue;
            };
            if let Some(found) = found {
                let nodes = &found.nodes;
                assert_eq!((nodes[0], nodes[nodes.len() - 1]), (a, b));
                for step in nodes.windows(2) {
                    assert_eq!(grid.graph().has_connection(step[0], step[1]), Ok(true));
                }
                assert!(found.cost.is_finite() && found.cost >= 0.0);
            }
        }
    }
}

/// What the two doors of a graph search (`find_path` and `find_path_into`) answer to one query
/// from `a` to `b`: `Some` of the same path (or of none) from both, or `None` when both refused
/// it with the same cost error (`InvalidCost`, `InvalidEstimate` or `CostOverflow`, compared as
/// printed: a NaN cost is not `==` to itself). Any other error fails.
#[cfg(feature = "serde")]
fn both_doors(
    found: Result<
        pathkit::search::Outcome<pathkit::graph::NodeId, f32>,
        pathkit::graph::GraphError,
    >,
    status: Result<pathkit::search::Status<f32>, pathkit::graph::GraphError>,
    path: &[pathkit::graph::NodeId],
    a: pathkit::graph::NodeId,
    b: pathkit::graph::NodeId,
) -> Option<Option<pathkit::search::Path<pathkit::graph::NodeId, f32>>> {
    use pathkit::graph::GraphError;
    match found {
        Ok(outcome) => {
            let status = status.expect("both doors answer alike");
            let found = outcome.into_path();
            assert_eq!(
                found.as_ref().map(|p| &p.nodes[..]),
                status.is_found().then_some(path)
            );
            Some(found)
        }
        Err(
            e @ (GraphError::InvalidCost { .. }
            | GraphError::InvalidEstimate { .. }
            | GraphError::CostOverflow { .. }),
        ) => {
            assert_eq!(format!("{:?}", status), format!("{:?}", Err::<(), _>(e)));
            None
        }
        Err(e) => panic!("{a} -> {b} failed with {e:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Grids

/// Any bytes as a `Grid`: a grid that loads has a size and one weight per cell, passable cells
/// exactly those of weight above 0 and the smallest and largest weight of those; it writes back to
/// JSON that loads equal (and, with weights up to 9, prints as text that parses equal); searches
/// between its corners and first and last open cells (4-connected `u32` and 8-connected `f64`)
/// answer as the oracle does on small grids, or refuse a `u32` sum past `u32::MAX`; `reachable`
/// agrees; cells outside are typed errors; after a wall, an opened cell and a weight change the
/// same holds again.
#[cfg(feature = "serde")]
pub fn grid_json(data: &[u8]) {
    use pathkit::grid::{Cell, Grid, GridError};

    let Ok(mut grid) = serde_json::from_slice::<Grid>(data) else {
        return;
    };
    check_grid(&grid);
    grid_searches(&grid);

    let outside = Cell::new(grid.width(), 0);
    let before = grid.clone();
    assert!(matches!(
        grid.set_weight(outside, 3),
        Err(GridError::OutOfBounds { .. })
    ));
    assert!(grid == before, "a refused edit changed the grid");
    let open = (0..grid.len()).find(|&i| grid.weight_at(i) != 0);
    let wall = (0..grid.len()).find(|&i| grid.weight_at(i) == 0);
    if let Some(i) = open {
        grid.block(grid.cell_at(i)).expect("a cell of the grid");
    }
    if let Some(i) = wall {
        grid.open(grid.cell_at(i)).expect("a cell of the grid");
    }
    let last = grid.cell_at(grid.len() - 1);
    let weight = grid.weight(last);
    grid.set_weight(last, weight.wrapping_mul(3) % 11)
        .expect("a cell of the grid");
    check_grid(&grid);
    grid_searches(&grid);
}

#[cfg(feature = "serde")]
fn check_grid(grid: &pathkit::grid::Grid) {
    use pathkit::grid::{Cell, Grid, GridError};

    let (w, h) = (grid.width(), grid.height());
    assert!(w >= 1 && h >= 1);
    assert_eq!(grid.len(), w as usize * h as usize);
    assert_eq!(grid.weights().len(), grid.len());
    let open: Vec<u32> = grid.weights().iter().copied().filter(|&w| w != 0).collect();
    for i in 0..grid.len() {
        let cell = grid.cell_at(i);
        assert_eq!(grid.index(cell), i);
        assert_eq!(grid.check(cell), Ok(cell));
        assert_eq!(grid.weight(cell), grid.weights()[i]);
        assert_eq!(grid.is_passable(cell), grid.weights()[i] != 0);
        assert_eq!(
            grid.passable_xy(cell.x.into(), cell.y.into()),
            grid.is_passable(cell)
        );
    }
    assert_eq!(grid.min_weight(), open.iter().copied().min().unwrap_or(1));
    assert_eq!(grid.max_weight(), open.iter().copied().max().unwrap_or(1));
    for cell in [Cell::new(w, 0), Cell::new(0, h)] {
        assert!(matches!(
            grid.check(cell),
            Err(GridError::OutOfBounds { .. })
        ));
        assert!(!grid.is_passable(cell));
    }
    assert!(!grid.passable_xy(-1, 0));

    let text = serde_json::to_string(grid).expect("a grid writes as JSON");
    let back: Grid = serde_json::from_str(&text).expect("a written grid loads");
    assert!(back == *grid, "a written grid loads equal");
    if grid.max_weight() <= 9 {
        let printed = Grid::from_ascii(&grid.to_ascii()).expect("a printed grid parses");
        assert!(printed == *grid, "a printed grid parses equal");
    }
}

#[cfg(feature = "serde")]
fn grid_searches(grid: &pathkit::grid::Grid) {
    use crate::oracle::{same_cost, MoveCosts, Moves, OracleMap};
    use pathkit::grid::{Cell, Diagonal, GridError};
    use pathkit::search::{SearchContext, SearchError, SearchOptions};
    use pathkit::Pathfinder;

    let (w, h) = (grid.width(), grid.height());
    let mut places = vec![
        Cell::new(0, 0),
        Cell::new(w - 1, h - 1),
        Cell::new(w - 1, 0),
    ];
    places.extend(
        (0..grid.len())
            .find(|&i| grid.weight_at(i) != 0)
            .map(|i| grid.cell_at(i)),
    );
    places.extend(
        (0..grid.len())
            .rev()
            .find(|&i| grid.weight_at(i) != 0)
            .map(|i| grid.cell_at(i)),
    );
    places.push(Cell::new(w, h - 1)); // outside
    places.truncate(PLACES);
    let map = (grid.len() <= ORACLE_SIZE).then(|| OracleMap {
        width: w as usize,
        height: h as usize,
        weights: grid.weights().to_vec(),
    });
    let xy = |c: Cell| (i64::from(c.x), i64::from(c.y));
    let inside = |c: Cell| c.x < w && c.y < h;
    let four = grid.four_connected();
    let eight = grid.eight_connected();
    let (mut ctx4, mut ctx8) = (SearchContext::new(), SearchContext::new());
    let options4 = SearchOptions::new();
    let options8 = SearchOptions::new();
    for &a in &places {
        for &b in &places {
            let both = inside(a) && inside(b);
            // 4-connected, u32 costs: a path, none, or a sum past `u32::MAX` refused on the way.
            let answer = match four.find_path_with(&mut ctx4, a, b, &options4) {
                Ok(outcome) => {
                    assert!(both, "{a} -> {b} searched outside");
                    Some(outcome.into_path().map(|p| {
                        assert_eq!((p.nodes[0], p.nodes[p.nodes.len() - 1]), (a, b));
                        (
                            p.nodes.iter().map(|&c| xy(c)).collect::<Vec<_>>(),
                            f64::from(p.cost),
                        )
                    }))
                }
                Err(GridError::OutOfBounds { .. }) => {
                    assert!(!both, "{a} -> {b} refused inside");
                    continue;
                }
                Err(GridError::Search(SearchError::CostOverflow { .. })) => None,
                Err(e) => panic!("{a} -> {b} four-connected failed with {e:?}"),
            };
            if let Some(map) = &map {
                let costs = MoveCosts {
                    straight: 1.0,
                    diagonal: 1.0,
                };
                let best = map.shortest(Moves::Four, costs, xy(a), xy(b));
                match answer {
                    // Refused: some sum on the way passed u32::MAX.
                    None => {}
                    Some(Some((nodes, c))) => {
                        let walked = map
                            .path_cost(Moves::Four, costs, xy(a), xy(b), &nodes)
                            .unwrap_or_else(|e| panic!("{a} -> {b}: {e}"));
                        assert_eq!(
                            walked, c,
                            "{a} -> {b}: the path costs {walked}, reported {c}"
                        );
                        assert_eq!(Some(c), best, "{a} -> {b} four-connected");
                    }
                    Some(None) => assert_eq!(best, None, "{a} -> {b} four-connected"),
                }
                assert_eq!(
                    grid.reachable(a, b, Diagonal::Never),
                    best.is_some(),
                    "{a} -> {b} reachable four-connected"
                );
            }
            // 8-connected, f64 costs, no corner cutting.
            let found = eight.find_path_with(&mut ctx8, a, b, &options8);
            match found {
                Ok(outcome) => {
                    assert!(both, "{a} -> {b} searched outside");
                    let path = outcome.into_path();
                    if let Some(p) = &path {
                        assert_eq!((p.nodes[0], p.nodes[p.nodes.len() - 1]), (a, b));
                        assert!(p.cost.is_finite() && p.cost >= 0.0);
                    }
                    if let Some(map) = &map {
                        let best =
                            map.shortest(Moves::NoCornerCutting, MoveCosts::OCTILE, xy(a), xy(b));
                        match (&path, best) {
                            (None, None) => {}
                            (Some(p), Some(best)) => {
                                let nodes: Vec<_> = p.nodes.iter().map(|&c| xy(c)).collect();
                                let walked = map
                                    .path_cost(
                                        Moves::NoCornerCutting,
                                        MoveCosts::OCTILE,
                                        xy(a),
                                        xy(b),
                                        &nodes,
                                    )
                                    .unwrap_or_else(|e| panic!("{a} -> {b}: {e}"));
                                assert!(
                                    same_cost(walked, p.cost, 1e-9),
                                    "{a} -> {b}: walked {walked}, reported {}",
                                    p.cost
                                );
                                assert!(
                                    same_cost(p.cost, best, 1e-9),
                                    "{a} -> {b}: {} the optimum {best}",
                                    p.cost
                                );
                            }
                            (p, best) => panic!("{a} -> {b}: {p:?}, the oracle {best:?}"),
                        }
                        assert_eq!(
                            grid.reachable(a, b, Diagonal::NoCornerCutting),
                            best.is_some(),
                            "{a} -> {b} reachable eight-connected"
                        );
                    }
                }
                Err(GridError::OutOfBounds { .. }) => assert!(!both, "{a} -> {b} refused inside"),
                Err(e) => panic!("{a} -> {b} eight-connected failed with {e:?}"),
            }
        }
    }
}
