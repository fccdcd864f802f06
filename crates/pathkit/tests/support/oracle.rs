//! The independent oracle: what a shortest path is, written from the rules alone.
//!
//! Nothing here calls pathkit. A map is a plain vector of weights; moves, corner rules and
//! terrain prices are spelled out again below; Dijkstra's algorithm is the textbook one over
//! `std::collections::BinaryHeap`; costs are summed in `f64`. Property tests and fuzz targets
//! compare every engine with it, so a fault in the engine's own successor code (a corner cut, a
//! wrong price, a missed move) cannot hide behind a reference that shares it.
//!
//! The rules, as the library documents them:
//! - a cell of weight 0 is a wall; entering a cell of weight `w` costs the move's base cost times
//!   `w` (straight or diagonal base cost);
//! - straight moves go to the 4 side neighbours; diagonal moves, when allowed at all, need both
//!   cells beside the diagonal free (no corner cutting), at least one of them (corner cutting), or
//!   neither (any diagonal);
//! - no move leaves or enters a wall, so a start or goal inside a wall is unreachable; a start
//!   equal to its goal (on a free cell) is a path of one cell costing zero.

#![allow(dead_code)] // Each test binary uses its own part of the oracle.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Which moves the oracle allows (the library's diagonal rules, restated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Straight moves only.
    Four,
    /// Diagonals need both side cells free.
    NoCornerCutting,
    /// Diagonals need one side cell free.
    CornerCutting,
    /// Diagonals need no side cell free.
    AnyDiagonal,
}

/// A map: `width` x `height` weights, row-major, 0 = wall.
#[derive(Clone, Debug)]
pub struct OracleMap {
    pub width: usize,
    pub height: usize,
    pub weights: Vec<u32>,
}

/// Base costs of a straight and of a diagonal move, before the terrain weight.
#[derive(Clone, Copy, Debug)]
pub struct MoveCosts {
    pub straight: f64,
    pub diagonal: f64,
}

impl MoveCosts {
    /// Straight 1, diagonal √2: the Moving AI costs.
    pub const OCTILE: MoveCosts = MoveCosts {
        straight: 1.0,
        diagonal: std::f64::consts::SQRT_2,
    };
}

/// The eight offsets, straight ones first.
const STRAIGHT_STEPS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL_STEPS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl OracleMap {
    /// The weight at (`x`, `y`), or 0 outside the map.
    pub fn weight(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            0
        } else {
            self.weights[y as usize * self.width + x as usize]
        }
    }

    /// `true` for a cell inside the map that is not a wall.
    pub fn free(&self, x: i64, y: i64) -> bool {
        self.weight(x, y) != 0
    }

    /// The cost of the single move from `from` to `to`, or `None` when the rules forbid it.
    pub fn step_cost(
        &self,
        moves: Moves,
        costs: MoveCosts,
        from: (i64, i64),
        to: (i64, i64),
    ) -> Option<f64> {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if !self.free(from.0, from.1) || !self.free(to.0, to.1) {
            return None;
        }
        let entered = self.weight(to.0, to.1) as f64;
        match (dx.abs(), dy.abs()) {
            (1, 0) | (0, 1) => Some(costs.straight * entered),
            (1, 1) => {
                let side_a = self.free(from.0 + dx, from.1);
                let side_b = self.free(from.0, from.1 + dy);
                let allowed = match moves {
                    Moves::Four => false,
                    Moves::NoCornerCutting => side_a && side_b,
                    Moves::CornerCutting => side_a || side_b,
                    Moves::AnyDiagonal => true,
                };
                allowed.then_some(costs.diagonal * entered)
            }
            _ => None,
        }
    }

    /// Every move out of (`x`, `y`) with its cost.
    fn moves_from(&self, moves: Moves, costs: MoveCosts, x: i64, y: i64) -> Vec<((i64, i64), f64)> {
        let mut out = Vec::new();
        let diagonals: &[(i64, i64)] = if moves == Moves::Four {
            &[]
        } else {
            &DIAGONAL_STEPS
        };
        for &(dx, dy) in STRAIGHT_STEPS.iter().chain(diagonals) {
            if let Some(c) = self.step_cost(moves, costs, (x, y), (x + dx, y + dy)) {
                out.push(((x + dx, y + dy), c));
            }
        }
        out
    }

    /// The cheapest cost from any of `sources` to every cell (`None`: unreachable), by Dijkstra's
    /// algorithm. Sources inside walls reach nothing, not even themselves.
    pub fn distances(
        &self,
        moves: Moves,
        costs: MoveCosts,
        sources: &[(i64, i64)],
    ) -> Vec<Option<f64>> {
        let mut dist: Vec<Option<f64>> = vec![None; self.weights.len()];
        let mut heap = BinaryHeap::new();
        for &(x, y) in sources {
            if self.free(x, y) {
                let i = y as usize * self.width + x as usize;
                dist[i] = Some(0.0);
                heap.push(Entry { cost: 0.0, x, y });
            }
        }
        while let Some(Entry { cost, x, y }) = heap.pop() {
            let i = y as usize * self.width + x as usize;
            if dist[i].is_some_and(|d| cost > d) {
                continue;
            }
            for ((nx, ny), c) in self.moves_from(moves, costs, x, y) {
                let j = ny as usize * self.width + nx as usize;
                let through = cost + c;
                if dist[j].is_none_or(|d| through < d) {
                    dist[j] = Some(through);
                    heap.push(Entry {
                        cost: through,
                        x: nx,
                        y: ny,
                    });
                }
            }
        }
        dist
    }

    /// The cheapest cost from `start` to `goal`, or `None` when there is no path.
    pub fn shortest(
        &self,
        moves: Moves,
        costs: MoveCosts,
        start: (i64, i64),
        goal: (i64, i64),
    ) -> Option<f64> {
        if !self.free(goal.0, goal.1) {
            return None;
        }
        self.distances(moves, costs, &[start])[goal.1 as usize * self.width + goal.0 as usize]
    }

    /// Checks that `path` is a walk from `start` to `goal` under the rules, and returns what it
    /// costs when summed from the rules.
    pub fn path_cost(
        &self,
        moves: Moves,
        costs: MoveCosts,
        start: (i64, i64),
        goal: (i64, i64),
        path: &[(i64, i64)],
    ) -> Result<f64, String> {
        if path.first() != Some(&start) {
            return Err(format!(
                "path starts at {:?}, not at {start:?}",
                path.first()
            ));
        }
        if path.last() != Some(&goal) {
            return Err(format!("path ends at {:?}, not at {goal:?}", path.last()));
        }
        if let Some(&(x, y)) = path.iter().find(|&&(x, y)| !self.free(x, y)) {
            return Err(format!("path enters the wall or outside cell ({x}, {y})"));
        }
        let mut total = 0.0;
        for pair in path.windows(2) {
            total += self
                .step_cost(moves, costs, pair[0], pair[1])
                .ok_or_else(|| {
                    format!(
                        "{:?} -> {:?} is not a move under {moves:?}",
                        pair[0], pair[1]
                    )
                })?;
        }
        Ok(total)
    }

    /// Jump points (start, turning points, goal) made into every cell between them: from one to
    /// the next the route goes diagonally first and then straight (with `moves` other than
    /// `Four`), or vertically first and then horizontally (`Four`).
    pub fn cells_between_jump_points(moves: Moves, points: &[(i64, i64)]) -> Vec<(i64, i64)> {
        let mut cells: Vec<(i64, i64)> = points.first().copied().into_iter().collect();
        for pair in points.windows(2) {
            let (mut at, to) = (pair[0], pair[1]);
            while at != to {
                let (sx, sy) = ((to.0 - at.0).signum(), (to.1 - at.1).signum());
                at = if moves != Moves::Four && sx != 0 && sy != 0 {
                    (at.0 + sx, at.1 + sy)
                } else if sy != 0 {
                    (at.0, at.1 + sy)
                } else {
                    (at.0 + sx, at.1)
                };
                cells.push(at);
            }
        }
        cells
    }
}

/// A directed graph as plain edge lists: `edges[a]` holds `(b, cost)` for every edge a -> b.
#[derive(Clone, Debug, Default)]
pub struct OracleGraph {
    pub edges: Vec<Vec<(usize, f64)>>,
}

impl OracleGraph {
    /// `n` nodes, no edges.
    pub fn new(n: usize) -> Self {
        OracleGraph {
            edges: vec![Vec::new(); n],
        }
    }

    /// Adds the edge `a` -> `b` (a cheaper parallel edge wins).
    pub fn add_edge(&mut self, a: usize, b: usize, cost: f64) {
        self.edges[a].push((b, cost));
    }

    /// The cheapest cost from any of `sources` to every node, by Dijkstra's algorithm.
    pub fn distances(&self, sources: &[usize]) -> Vec<Option<f64>> {
        let mut dist: Vec<Option<f64>> = vec![None; self.edges.len()];
        let mut heap = BinaryHeap::new();
        for &s in sources {
            dist[s] = Some(0.0);
            heap.push(Entry {
                cost: 0.0,
                x: s as i64,
                y: 0,
            });
        }
        while let Some(Entry { cost, x, .. }) = heap.pop() {
            let a = x as usize;
            if dist[a].is_some_and(|d| cost > d) {
                continue;
            }
            for &(b, c) in &self.edges[a] {
                let through = cost + c;
                if dist[b].is_none_or(|d| through < d) {
                    dist[b] = Some(through);
                    heap.push(Entry {
                        cost: through,
                        x: b as i64,
                        y: 0,
                    });
                }
            }
        }
        dist
    }

    /// The cheapest cost from `start` to `goal`, or `None` when there is no path.
    pub fn shortest(&self, start: usize, goal: usize) -> Option<f64> {
        self.distances(&[start])[goal]
    }

    /// Checks that `path` follows edges from `start` to `goal` and returns its cost (the cheapest
    /// parallel edge for each step).
    pub fn path_cost(&self, start: usize, goal: usize, path: &[usize]) -> Result<f64, String> {
        if path.first() != Some(&start) || path.last() != Some(&goal) {
            return Err(format!("path {path:?} does not run from {start} to {goal}"));
        }
        let mut total = 0.0;
        for pair in path.windows(2) {
            total += self.edges[pair[0]]
                .iter()
                .filter(|e| e.0 == pair[1])
                .map(|e| e.1)
                .min_by(f64::total_cmp)
                .ok_or_else(|| format!("{} -> {} is not an edge", pair[0], pair[1]))?;
        }
        Ok(total)
    }
}

/// `true` when two costs agree to a relative `tolerance` (and absolutely near zero).
pub fn same_cost(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * a.abs().max(b.abs()).max(1.0)
}

/// A heap entry ordered so that `BinaryHeap` (a max-heap) pops the cheapest first.
#[derive(Clone, Copy, Debug)]
struct Entry {
    cost: f64,
    x: i64,
    y: i64,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other.cost.total_cmp(&self.cost)
    }
}
