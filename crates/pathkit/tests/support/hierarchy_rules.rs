//! The abstract graph of hierarchical search (HPA*) as its rules define it, computed from a
//! plain map ([`OracleMap`]) with no pathkit code, and compared with the graph a
//! `HierarchicalGrid` holds.
//!
//! The rules, as `HierarchicalGrid` documents them:
//! - Clusters of level 1 are squares of `side` cells from the top-left corner (the last ones cut
//!   by the map's edge); those of level `l` are squares of `side * 4^(l-1)`.
//! - **Straight crossings.** Along the border between two side-by-side clusters of level 1,
//!   position `i` faces a cell on one side with a cell on the other; it is *open* when both are
//!   free. Open positions form stretches, also cut where the weight on either side changes. A
//!   stretch of fewer than 6 positions crosses once, at `first + len / 2`; a longer one at
//!   `first + (len - 1) * k / g` for `k` in `0..=g`, `g = ceil((len - 1) / 16)`.
//! - **Diagonal crossings over a side.** A diagonal move allowed by the corner rule between
//!   position `i` on one side and `i ± 1` on the other (both on that border) crosses when
//!   neither position is open (a position that is open already joins its cells).
//! - **Corner crossings.** Every diagonal move allowed by the corner rule between two clusters
//!   that meet only at a corner crosses.
//! - A crossing goes both ways, each costing the move into the cell it enters (base cost times
//!   that cell's weight). Its level is the highest level whose clusters differ for its two
//!   cells. Its cells are the graph's nodes; a node's level is the highest of its crossings'.
//! - **Inside edges.** At level 1, every two nodes of one cluster are joined by the cheapest
//!   path between them that stays inside the cluster (when there is one). At level `l > 1`,
//!   every two nodes of level `l` or more in one cluster of level `l` are joined by the cheapest
//!   path between them in the graph of level `l - 1` kept inside that cluster: its nodes there,
//!   its inside edges of level `l - 1` and its crossings of level `l - 1` or more.

#![allow(dead_code)] // Each including crate uses its own part.

use std::collections::{BTreeMap, BinaryHeap};

use crate::oracle::{MoveCosts, Moves, OracleMap};

/// A cell as `(x, y)`.
pub type At = (i64, i64);

/// One level's edges: `(from, to)` to `(cost, crossing)`.
pub type Edges = BTreeMap<(At, At), (f64, bool)>;

/// The graph the rules give: for each level (index 0 is level 1), its nodes with their levels
/// and its edges.
#[derive(Debug)]
pub struct RuleGraph {
    /// Every node, with its level (the highest level it is a node of).
    pub nodes: BTreeMap<At, u8>,
    /// Edges of each level.
    pub levels: Vec<Edges>,
}

/// How a map is cut into clusters.
#[derive(Clone, Copy, Debug)]
pub struct Clusters {
    /// Side of a level-1 cluster in cells.
    pub side: i64,
    /// How many levels.
    pub levels: u8,
}

impl Clusters {
    /// Side of a cluster of `level`.
    pub fn side_of(&self, level: u8) -> i64 {
        self.side * 4i64.pow(level as u32 - 1)
    }

    /// The cluster of `level` holding `at`, as (column, row).
    pub fn of(&self, level: u8, at: At) -> (i64, i64) {
        let s = self.side_of(level);
        (at.0 / s, at.1 / s)
    }

    /// The highest level whose clusters differ for `a` and `b`, 0 when none does.
    fn border_level(&self, a: At, b: At) -> u8 {
        (1..=self.levels)
            .rev()
            .find(|&l| self.of(l, a) != self.of(l, b))
            .unwrap_or(0)
    }
}

/// The crossings between level-1 clusters as pairs `(a, b)`, each listed once.
fn crossings(map: &OracleMap, moves: Moves, clusters: Clusters) -> Vec<(At, At)> {
    let (w, h) = (map.width as i64, map.height as i64);
    let s = clusters.side;
    let mut out = Vec::new();
    // Borders between side-by-side clusters: `vertical` borders have the clusters left and
    // right of them. A border is identified by the last row or column before it (`line`) and
    // the cluster it runs along (`along`).
    for vertical in [true, false] {
        let (lines, span) = if vertical { (w, h) } else { (h, w) };
        let mut line = s - 1;
        while line + 1 < lines {
            let mut along = 0;
            while along < span {
                let len = s.min(span - along);
                let a = |i: i64| {
                    if vertical {
                        (line, along + i)
                    } else {
                        (along + i, line)
                    }
                };
                let b = |i: i64| {
                    if vertical {
                        (line + 1, along + i)
                    } else {
                        (along + i, line + 1)
                    }
                };
                let open = |i: i64| {
                    let (p, q) = (a(i), b(i));
                    map.free(p.0, p.1) && map.free(q.0, q.1)
                };
                let terrain = |i: i64| {
                    let (p, q) = (a(i), b(i));
                    (map.weight(p.0, p.1), map.weight(q.0, q.1))
                };
                let mut i = 0;
                while i < len {
                    if !open(i) {
                        i += 1;
                        continue;
                    }
                    let first = i;
                    while i < len && open(i) && terrain(i) == terrain(first) {
                        i += 1;
                    }
                    let run = i - first;
                    if run < 6 {
                        let mid = first + run / 2;
                        out.push((a(mid), b(mid)));
                    } else {
                        let gaps = (run - 1 + 15) / 16;
                        let mut at: Vec<i64> =
                            (0..=gaps).map(|k| first + (run - 1) * k / gaps).collect();
                        at.dedup();
                        out.extend(at.into_iter().map(|p| (a(p), b(p))));
                    }
                }
                for i in 0..len {
                    for j in [i - 1, i + 1] {
                        if j < 0 || j >= len || open(i) || open(j) {
                            continue;
                        }
                        if map
                            .step_cost(moves, MoveCosts::OCTILE, a(i), b(j))
                            .is_some()
                        {
                            out.push((a(i), b(j)));
                        }
                    }
                }
                along += s;
            }
            line += s;
        }
    }
    // Corners: diagonal moves between clusters that differ in both column and row.
    for y in 0..h {
        for x in 0..w {
            for dx in [-1, 1] {
                let (a, b) = ((x, y), (x + dx, y + 1));
                let (ca, cb) = (clusters.of(1, a), clusters.of(1, b));
                if ca.0 != cb.0
                    && ca.1 != cb.1
                    && map.step_cost(moves, MoveCosts::OCTILE, a, b).is_some()
                {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// Dijkstra over an explicit graph from `from`; the cheapest cost to every node reached.
fn cheapest(adjacent: &BTreeMap<At, Vec<(At, f64)>>, from: At) -> BTreeMap<At, f64> {
    #[derive(PartialEq)]
    struct Item(f64, At);
    impl Eq for Item {}
    impl PartialOrd for Item {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Item {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
        }
    }
    let mut dist = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert(from, 0.0);
    heap.push(Item(0.0, from));
    while let Some(Item(d, at)) = heap.pop() {
        if dist.get(&at).is_some_and(|&best| d > best) {
            continue;
        }
        for &(next, c) in adjacent.get(&at).map(|v| v.as_slice()).unwrap_or(&[]) {
            let through = d + c;
            if dist.get(&next).is_none_or(|&best| through < best) {
                dist.insert(next, through);
                heap.push(Item(through, next));
            }
        }
    }
    dist
}

/// The moves between the cells of one rectangle, as an explicit graph.
fn cells_inside(
    map: &OracleMap,
    moves: Moves,
    costs: MoveCosts,
    rect: (i64, i64, i64, i64),
) -> BTreeMap<At, Vec<(At, f64)>> {
    let (x0, y0, x1, y1) = rect;
    let mut adjacent = BTreeMap::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let mut out = Vec::new();
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) == (0, 0) || nx < x0 || ny < y0 || nx >= x1 || ny >= y1 {
                        continue;
                    }
                    if let Some(c) = map.step_cost(moves, costs, (x, y), (nx, ny)) {
                        out.push(((nx, ny), c));
                    }
                }
            }
            adjacent.insert((x, y), out);
        }
    }
    adjacent
}

/// The abstract graph the rules give for `map`.
pub fn rule_graph(
    map: &OracleMap,
    moves: Moves,
    costs: MoveCosts,
    clusters: Clusters,
) -> RuleGraph {
    let mut nodes: BTreeMap<At, u8> = BTreeMap::new();
    let mut crossing_edges: Vec<(At, At, f64, u8)> = Vec::new();
    for (a, b) in crossings(map, moves, clusters) {
        let level = clusters.border_level(a, b);
        for (from, to) in [(a, b), (b, a)] {
            let cost = map.step_cost(moves, costs, from, to).expect("a legal move");
            crossing_edges.push((from, to, cost, level));
            let l = nodes.entry(from).or_insert(0);
            *l = (*l).max(level);
        }
    }
    let (w, h) = (map.width as i64, map.height as i64);
    let mut levels: Vec<Edges> = Vec::new();
    for level in 1..=clusters.levels {
        let mut edges = Edges::new();
        for &(from, to, cost, l) in &crossing_edges {
            if l >= level {
                edges.insert((from, to), (cost, true));
            }
        }
        let side = clusters.side_of(level);
        let mut cy = 0;
        while cy * side < h {
            let mut cx = 0;
            while cx * side < w {
                let rect = (
                    cx * side,
                    cy * side,
                    ((cx + 1) * side).min(w),
                    ((cy + 1) * side).min(h),
                );
                let inside =
                    |at: &At| (rect.0..rect.2).contains(&at.0) && (rect.1..rect.3).contains(&at.1);
                let members: Vec<At> = nodes
                    .iter()
                    .filter(|(at, &l)| l >= level && inside(at))
                    .map(|(&at, _)| at)
                    .collect();
                let adjacent = if level == 1 {
                    cells_inside(map, moves, costs, rect)
                } else {
                    // The level below, kept inside the cluster.
                    let mut adjacent: BTreeMap<At, Vec<(At, f64)>> = BTreeMap::new();
                    for (&(from, to), &(cost, _)) in &levels[level as usize - 2] {
                        if inside(&from) && inside(&to) {
                            adjacent.entry(from).or_default().push((to, cost));
                        }
                    }
                    adjacent
                };
                for &from in &members {
                    let dist = cheapest(&adjacent, from);
                    for &to in &members {
                        if to != from {
                            if let Some(&cost) = dist.get(&to) {
                                edges.entry((from, to)).or_insert((cost, false));
                            }
                        }
                    }
                }
                cx += 1;
            }
            cy += 1;
        }
        levels.push(edges);
    }
    RuleGraph { nodes, levels }
}

/// Compares an engine's edges of one level (`(from, to, cost, crossing)`) with the rules'.
/// Costs agree to `tolerance`, relative. `Err` names the first difference.
pub fn compare_level(
    rules: &Edges,
    engine: impl IntoIterator<Item = (At, At, f64, bool)>,
    tolerance: f64,
) -> Result<(), String> {
    let mut seen: Edges = Edges::new();
    for (from, to, cost, crossing) in engine {
        if let Some((other, _)) = seen.insert((from, to), (cost, crossing)) {
            return Err(format!("{from:?} -> {to:?} twice ({other} and {cost})"));
        }
    }
    for (key, &(cost, crossing)) in rules {
        match seen.get(key) {
            None => {
                return Err(format!(
                    "missing {:?} -> {:?} ({cost}, crossing {crossing})",
                    key.0, key.1
                ))
            }
            Some(&(c, k)) => {
                let close = (c - cost).abs() <= tolerance * cost.abs().max(1.0);
                if !close || k != crossing {
                    return Err(format!(
                        "{:?} -> {:?}: engine ({c}, crossing {k}), rules ({cost}, crossing {crossing})",
                        key.0, key.1
                    ));
                }
            }
        }
    }
    for key in seen.keys() {
        if !rules.contains_key(key) {
            return Err(format!("unexpected {:?} -> {:?}", key.0, key.1));
        }
    }
    Ok(())
}
