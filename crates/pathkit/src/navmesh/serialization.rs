//! Navigation meshes with serde (feature `serde`): a level ships its mesh prebuilt, and loading
//! checks it as [`NavMesh::from_triangles`] checks its input, so forged or damaged data is refused
//! with an error instead of giving wrong paths.
//!
//! Coordinates are `f64` and are checked exactly on loading (each triangle counter-clockwise):
//! with JSON, enable `serde_json`'s `float_roundtrip` feature, without which parsing may move a
//! coordinate by one unit in the last place (enough to flatten a sliver triangle); binary formats
//! keep floats exact.

use super::mesh::{check_triangles, NavMesh, WALL};
use super::NavMeshError;
use crate::geometry::Point;
use std::collections::HashSet;

/// What a mesh is saved as: its vertices, its triangles (counter-clockwise) and the neighbour
/// across each edge (`None` for a wall). The point locator and the wall index are rebuilt.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct NavMeshData {
    vertices: Vec<Point>,
    triangles: Vec<[u32; 3]>,
    neighbours: Vec<[Option<u32>; 3]>,
    /// Each triangle's area; left out when every triangle is in area 0 (and so in data saved
    /// before meshes had areas).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    areas: Vec<u8>,
}

impl From<NavMesh> for NavMeshData {
    fn from(mesh: NavMesh) -> Self {
        NavMeshData {
            neighbours: mesh
                .raw_neighbours()
                .iter()
                .map(|n| n.map(|m| (m != WALL).then_some(m)))
                .collect(),
            areas: if mesh.areas.iter().all(|&a| a == 0) {
                Vec::new()
            } else {
                mesh.areas.clone()
            },
            vertices: mesh.vertices().to_vec(),
            triangles: mesh.triangle_indices().to_vec(),
        }
    }
}

impl TryFrom<NavMeshData> for NavMesh {
    type Error = NavMeshError;

    fn try_from(data: NavMeshData) -> Result<Self, NavMeshError> {
        let NavMeshData {
            vertices,
            triangles,
            neighbours,
            areas,
        } = data;
        if !areas.is_empty() && areas.len() != triangles.len() {
            return Err(NavMeshError::InconsistentNeighbours {
                triangle: areas.len().min(triangles.len()),
            });
        }
        if let Some(&area) = areas.iter().find(|&&a| usize::from(a) >= super::MAX_AREAS) {
            return Err(NavMeshError::InvalidArea { area });
        }
        if neighbours.len() != triangles.len() {
            return Err(NavMeshError::InconsistentNeighbours {
                triangle: neighbours.len().min(triangles.len()),
            });
        }
        let turns = check_triangles(&vertices, &triangles)?;
        let mut used = vec![false; vertices.len()];
        for (k, (t, turn)) in triangles.iter().zip(turns).enumerate() {
            // Stored counter-clockwise: anything else is damaged data.
            if turn < 0.0 {
                return Err(NavMeshError::DegenerateTriangle { triangle: k });
            }
            t.iter().for_each(|&v| used[v as usize] = true);
        }
        if let Some(vertex) = used.iter().position(|&u| !u) {
            return Err(NavMeshError::UnusedVertex { vertex });
        }
        // The walls as saved; joining the triangles again must give back every neighbour.
        let walls: HashSet<(u32, u32)> = triangles
            .iter()
            .zip(&neighbours)
            .flat_map(|(t, n)| {
                (0..3)
                    .filter(|&s| n[s].is_none())
                    .map(move |s| (t[s], t[(s + 1) % 3]))
            })
            .collect();
        let mut mesh = NavMesh::assemble(vertices, triangles, &|u, v| walls.contains(&(u, v)))?;
        for (k, (found, saved)) in mesh.raw_neighbours().iter().zip(&neighbours).enumerate() {
            if found.map(|m| (m != WALL).then_some(m)) != *saved {
                return Err(NavMeshError::InconsistentNeighbours { triangle: k });
            }
        }
        if !areas.is_empty() {
            mesh.set_areas(areas);
        }
        Ok(mesh)
    }
}
