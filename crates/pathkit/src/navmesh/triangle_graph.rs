//! A navigation mesh seen as a graph of triangles, for the search core: the corridor search of
//! [`NavMesh::corridor`] runs on the same best-first loop as every other search.

use super::mesh::{NavMesh, WALL};
use crate::geometry::Point;
use crate::search::{IndexedSpace, SearchSpace};

/// The triangles of a mesh as nodes (their indices); an edge joins two triangles that share a
/// side and costs the distance between their centres. The estimate is the straight distance
/// between centres: never more than a chain of centre-to-centre steps (the triangle
/// inequality), and it drops by at most a step's cost along a step, so A* finds the cheapest
/// chain.
pub(super) struct TriangleGraph<'m> {
    pub(super) mesh: &'m NavMesh,
}

impl TriangleGraph<'_> {
    /// The centre (mean of the corners) of triangle `k`.
    fn centre(&self, k: usize) -> Point {
        let [a, b, c] = self.mesh.triangle_indices()[k];
        let v = self.mesh.vertices();
        let (a, b, c) = (v[a as usize], v[b as usize], v[c as usize]);
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }
}

impl SearchSpace for TriangleGraph<'_> {
    type Node = usize;
    type Cost = f64;

    fn successors<F: FnMut(usize, f64)>(&self, node: usize, mut visit: F) {
        let here = self.centre(node);
        for &next in &self.mesh.raw_neighbours()[node] {
            if next != WALL {
                let next = next as usize;
                visit(next, here.distance(self.centre(next)));
            }
        }
    }

    fn heuristic(&self, node: usize, goal: usize) -> f64 {
        self.centre(node).distance(self.centre(goal))
    }
}

impl IndexedSpace for TriangleGraph<'_> {
    fn node_bound(&self) -> usize {
        self.mesh.triangle_count()
    }

    fn index_of(&self, node: usize) -> Option<usize> {
        (node < self.mesh.triangle_count()).then_some(node)
    }

    fn node_at(&self, index: usize) -> usize {
        index
    }
}
