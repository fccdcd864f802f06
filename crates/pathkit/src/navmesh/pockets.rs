//! [`Pockets`]: the parts of a [`NavMesh`](super::NavMesh) that hang from the rest by a single
//! edge, so that a search can tell, crossing an edge, that nothing beyond it leads to its goal.
//!
//! Why: a shortest path never crosses the same edge twice (between two crossings, the piece of
//! edge joining them is shorter), so a search that crosses an edge into a part of the mesh that
//! only that edge joins to the rest, and that does not hold the goal, can only come back out the
//! way it went in: it may skip that part whole. Maps are full of such parts (side rooms, the
//! branches of a maze, alcoves); on a map whose free space has no holes every edge is one, and an
//! optimal any-angle search then expands only the triangles between start and goal. Polyanya's
//! dead-end pruning skips a single walled triangle; this skips the whole pocket.
//!
//! How: the edges whose removal splits the graph of triangles (its *bridges*) are found once,
//! when the mesh is built. Contracting what stays joined without them gives a forest of
//! *parts*; each part gets an interval of a depth-first numbering of its tree, so "is the goal's
//! part beyond this bridge" is two comparisons.

use super::mesh::WALL;

/// The bridges of a mesh's triangle graph and the tree of parts they join (see the module
/// documentation).
#[derive(Clone, Debug)]
pub(crate) struct Pockets {
    /// Per triangle edge: [`WALL`] when the edge is no bridge; else the part on the far side of
    /// the bridge from the tree's root (the *child* part), with [`INTO_CHILD`] set when crossing
    /// from this triangle goes into that child's subtree.
    across: Vec<[u32; 3]>,
    /// Per triangle: its part.
    part: Vec<u32>,
    /// Per part: the first and last depth-first numbers of its subtree in the forest of parts.
    span: Vec<(u32, u32)>,
}

/// Set in [`Pockets::across`] when crossing the edge leads into the child part's subtree.
const INTO_CHILD: u32 = 1 << 31;

impl Pockets {
    /// The pockets of the mesh whose triangle `t` has the neighbour `neighbours[t][k]` across its
    /// edge `k` ([`WALL`] for none), and that neighbour's edge back, `entries[t][k]`.
    pub(crate) fn new(neighbours: &[[u32; 3]], entries: &[[u8; 3]]) -> Pockets {
        let n = neighbours.len();
        let is_bridge = bridges(neighbours, entries);
        // Parts: what stays joined across edges that are not bridges.
        let mut part = vec![WALL; n];
        let mut parts = 0u32;
        let mut stack = Vec::new();
        for seed in 0..n {
            if part[seed] != WALL {
                continue;
            }
            part[seed] = parts;
            stack.push(seed);
            while let Some(t) = stack.pop() {
                for k in 0..3 {
                    let m = neighbours[t][k];
                    if m != WALL && !is_bridge[t][k] && part[m as usize] == WALL {
                        part[m as usize] = parts;
                        stack.push(m as usize);
                    }
                }
            }
            parts += 1;
        }
        if parts >= INTO_CHILD {
            // Part numbers would reach the flag bit (a mesh of 2^31 triangles and more): no
            // pockets then, which only makes the search look at more.
            return Pockets {
                across: vec![[WALL; 3]; n],
                part: vec![0; n],
                span: vec![(0, 0)],
            };
        }
        // The bridges between parts, as one list of neighbours per part: part `p`'s are
        // `linked[first[p] .. first[p + 1]]`.
        let mut first = vec![0u32; parts as usize + 1];
        for (t, bridges) in is_bridge.iter().enumerate() {
            let count = bridges.iter().filter(|&&b| b).count() as u32;
            first[part[t] as usize + 1] += count;
        }
        for p in 0..parts as usize {
            first[p + 1] += first[p];
        }
        let mut linked = vec![0u32; first[parts as usize] as usize];
        let mut fill = first.clone();
        for t in 0..n {
            for k in 0..3 {
                if is_bridge[t][k] {
                    let at = &mut fill[part[t] as usize];
                    linked[*at as usize] = part[neighbours[t][k] as usize];
                    *at += 1;
                }
            }
        }
        let links = |p: u32| &linked[first[p as usize] as usize..first[p as usize + 1] as usize];
        // Depth-first numbering of the forest of parts (the bridges make it one).
        let mut span = vec![(WALL, WALL); parts as usize];
        let mut parent = vec![WALL; parts as usize];
        let mut clock = 0u32;
        let mut walk: Vec<(u32, usize)> = Vec::new();
        for root in 0..parts {
            if span[root as usize].0 != WALL {
                continue;
            }
            span[root as usize].0 = clock;
            clock += 1;
            walk.push((root, 0));
            while let Some(&mut (p, ref mut next)) = walk.last_mut() {
                if let Some(&q) = links(p).get(*next) {
                    *next += 1;
                    if span[q as usize].0 == WALL {
                        parent[q as usize] = p;
                        span[q as usize].0 = clock;
                        clock += 1;
                        walk.push((q, 0));
                    }
                } else {
                    span[p as usize].1 = clock - 1;
                    walk.pop();
                }
            }
        }
        let across = (0..n)
            .map(|t| {
                let mut a = [WALL; 3];
                for k in 0..3 {
                    if is_bridge[t][k] {
                        let (here, there) = (part[t], part[neighbours[t][k] as usize]);
                        a[k] = if parent[there as usize] == here {
                            there | INTO_CHILD
                        } else {
                            here
                        };
                    }
                }
                a
            })
            .collect();
        Pockets { across, part, span }
    }

    /// The part of triangle `t`: what [`leads_nowhere`](Pockets::leads_nowhere) takes the goal's
    /// triangles as.
    #[inline]
    pub(crate) fn part(&self, t: usize) -> u32 {
        self.part[t]
    }

    /// Whether crossing edge `k` of triangle `t` enters a pocket that holds none of
    /// `goal_parts` (the parts of the triangles holding the goal): no shortest path to the goal
    /// crosses it then.
    #[inline]
    pub(crate) fn leads_nowhere(&self, t: usize, k: usize, goal_parts: &[u32]) -> bool {
        let a = self.across[t][k];
        if a == WALL {
            return false;
        }
        let (first, last) = self.span[(a & !INTO_CHILD) as usize];
        let below = |p: &u32| {
            let at = self.span[*p as usize].0;
            first <= at && at <= last
        };
        if a & INTO_CHILD != 0 {
            // Into the child's subtree: a pocket unless the goal is in that subtree.
            !goal_parts.iter().any(below)
        } else {
            // Out of the child's subtree, towards the rest: a pocket only when every goal
            // triangle is in the subtree left behind.
            goal_parts.iter().all(below)
        }
    }
}

/// Which edges of the triangle graph are bridges (`[t][k]` for edge `k` of triangle `t`, set on
/// both triangles of the edge): Tarjan's low-link search, without recursion.
fn bridges(neighbours: &[[u32; 3]], entries: &[[u8; 3]]) -> Vec<[bool; 3]> {
    let n = neighbours.len();
    let mut is_bridge = vec![[false; 3]; n];
    let mut order = vec![WALL; n];
    let mut low = vec![0u32; n];
    let mut clock = 0u32;
    // (triangle, the edge it was entered by or 3 for a root, the next edge to look across)
    let mut walk: Vec<(u32, u8, u8)> = Vec::new();
    for root in 0..n {
        if order[root] != WALL {
            continue;
        }
        order[root] = clock;
        low[root] = clock;
        clock += 1;
        walk.push((root as u32, 3, 0));
        while let Some(&mut (t, from, ref mut k)) = walk.last_mut() {
            let t = t as usize;
            if *k < 3 {
                let side = usize::from(*k);
                *k += 1;
                let m = neighbours[t][side];
                if m == WALL || side == usize::from(from) {
                    continue;
                }
                let m = m as usize;
                if order[m] == WALL {
                    order[m] = clock;
                    low[m] = clock;
                    clock += 1;
                    walk.push((m as u32, entries[t][side], 0));
                } else {
                    low[t] = low[t].min(order[m]);
                }
            } else {
                walk.pop();
                if from < 3 {
                    let back = usize::from(from);
                    let p = neighbours[t][back] as usize;
                    low[p] = low[p].min(low[t]);
                    if low[t] > order[p] {
                        is_bridge[t][back] = true;
                        is_bridge[p][usize::from(entries[t][back])] = true;
                    }
                }
            }
        }
    }
    is_bridge
}

#[cfg(test)]
mod tests {
    use super::{bridges, Pockets};
    use crate::navmesh::NavMesh;

    /// The triangles reached from `from` without crossing `cut`, edge `k` of triangle `t`
    /// (either way), by a plain flood fill.
    fn reached(
        neighbours: &[[u32; 3]],
        entries: &[[u8; 3]],
        from: usize,
        cut: Option<(usize, usize)>,
    ) -> Vec<bool> {
        let (t, k) = cut.unwrap_or((usize::MAX, 0));
        let (other, back) = match cut {
            Some((t, k)) => (neighbours[t][k] as usize, usize::from(entries[t][k])),
            None => (usize::MAX, 0),
        };
        let mut seen = vec![false; neighbours.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(u) = stack.pop() {
            for (j, &m) in neighbours[u].iter().enumerate() {
                if m == u32::MAX || (u == t && j == k) || (u == other && j == back) {
                    continue;
                }
                if !seen[m as usize] {
                    seen[m as usize] = true;
                    stack.push(m as usize);
                }
            }
        }
        seen
    }

    #[test]
    fn bridges_and_pockets_match_their_definitions() {
        let grid = crate::grid::Grid::from_ascii(
            ".........#....\n.##....#.#..#.\n.##..###.#.##.\n......#.......\n...#....###.#.\n#......#...#..\n#####.#######.\n.....#........",
        )
        .unwrap();
        let mesh = NavMesh::from_grid(&grid).unwrap();
        let (neighbours, entries) = (mesh.raw_neighbours(), mesh.raw_entries());
        let n = neighbours.len();
        let found = bridges(neighbours, entries);
        let pockets = Pockets::new(neighbours, entries);
        let (mut bridges_seen, mut pockets_seen) = (0, 0);
        for t in 0..n {
            for k in 0..3 {
                let beyond = neighbours[t][k];
                if beyond == u32::MAX {
                    continue;
                }
                // A bridge: without it, the two triangles are apart.
                let from_beyond = reached(neighbours, entries, beyond as usize, Some((t, k)));
                assert_eq!(found[t][k], !from_beyond[t], "triangle {t} edge {k}");
                bridges_seen += usize::from(found[t][k]);
                // A pocket for a goal: the goal is reachable from t, but not from beyond without
                // crossing back.
                let from_t = reached(neighbours, entries, t, None);
                for goal in (0..n).filter(|&g| from_t[g]) {
                    let nowhere = pockets.leads_nowhere(t, k, &[pockets.part(goal)]);
                    assert_eq!(
                        nowhere, !from_beyond[goal],
                        "goal {goal}, triangle {t}, edge {k}"
                    );
                    pockets_seen += usize::from(nowhere);
                }
            }
        }
        assert!(bridges_seen > 0 && pockets_seen > 0);
    }
}
