//! The `polyanya` crate fed pathkit's own mesh: the same triangles, so the two searches answer
//! the same question and only the search is compared; and the same mesh with its triangles
//! merged into convex polygons, as polyanya's documentation and its own benchmarks prepare a
//! mesh (fewer, larger polygons: fewer nodes for its search).

use glam::Vec2;
use pathkit::geometry::Point;
use pathkit::navmesh::NavMesh;

/// The polygons around every vertex, counter-clockwise, with `u32::MAX` where a wall leaves a
/// gap: the adjacency `polyanya::Vertex` is made of.
fn fans(mesh: &NavMesh) -> Vec<Vec<u32>> {
    let tris = mesh.triangle_indices();
    let verts = mesh.vertices();
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); verts.len()];
    for (k, t) in tris.iter().enumerate() {
        for &v in t {
            around[v as usize].push(k as u32);
        }
    }
    let slot = |t: usize, v: u32| tris[t].iter().position(|&w| w == v).unwrap_or(0);
    around
        .iter()
        .enumerate()
        .map(|(v, incident)| {
            let v = v as u32;
            let neighbour = |t: usize, side: usize| mesh.neighbours(t).and_then(|n| n[side]);
            // Each fan starts at a triangle with a wall on its clockwise side (the edge from v
            // to the next corner); a vertex with no wall is one closed fan.
            let mut starts: Vec<usize> = incident
                .iter()
                .map(|&t| t as usize)
                .filter(|&t| neighbour(t, slot(t, v)).is_none())
                .collect();
            let closed = starts.is_empty();
            if closed {
                starts.push(incident[0] as usize);
            }
            // Fans in counter-clockwise order of their first edge's direction.
            let centre = verts[v as usize];
            let angle = |t: usize| {
                let next = verts[tris[t][(slot(t, v) + 1) % 3] as usize] - centre;
                next.y.atan2(next.x)
            };
            starts.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
            let mut out = Vec::new();
            for &first in &starts {
                let mut t = first;
                loop {
                    out.push(t as u32);
                    match neighbour(t, (slot(t, v) + 2) % 3) {
                        Some(n) if n != first => t = n,
                        _ => break,
                    }
                }
                if !closed {
                    out.push(u32::MAX);
                }
            }
            out
        })
        .collect()
}

/// `mesh` as a `polyanya::Mesh`: the same vertices (in `f32`, exact for the integer corners of
/// grid maps) and triangles.
pub fn to_polyanya(mesh: &NavMesh) -> Result<polyanya::Mesh, String> {
    let vertices = mesh
        .vertices()
        .iter()
        .zip(fans(mesh))
        .map(|(p, polygons)| polyanya::Vertex::new(vec2(*p), polygons))
        .collect();
    let polygons = mesh
        .triangle_indices()
        .iter()
        .map(|t| polyanya::Polygon::new(t.to_vec(), false))
        .collect();
    let mut peer = polyanya::Mesh::new(vertices, polygons).map_err(|e| e.to_string())?;
    peer.bake();
    Ok(peer)
}

/// A point in `f32`, as `polyanya` takes them.
pub fn vec2(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// `peer` with neighbouring polygons merged while they stay convex
/// (`polyanya::Mesh::merge_polygons`, repeated until nothing merges, as polyanya's own
/// benchmarks do), baked again for its point location.
pub fn merged(peer: &polyanya::Mesh) -> polyanya::Mesh {
    let mut merged = peer.clone();
    while merged.merge_polygons() {}
    merged.bake();
    merged
}

/// The polygons of a mesh, over its layers (one here).
pub fn polygon_count(mesh: &polyanya::Mesh) -> usize {
    mesh.layers.iter().map(|l| l.polygons.len()).sum()
}
