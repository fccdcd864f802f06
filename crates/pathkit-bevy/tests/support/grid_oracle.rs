//! A tile grid as the oracles see it, written from the rules (sharing no code with pathkit),
//! and the seeded grids the tests draw.

use super::Cheapest;
use pathkit::grid::{Cell, Grid};
use std::collections::BinaryHeap;

/// A grid as the oracle sees it: weights row by row, 0 a wall.
pub struct Oracle {
    w: i64,
    h: i64,
    weights: Vec<u32>,
    diagonal: bool,
}

impl Oracle {
    pub fn of(grid: &Grid, diagonal: bool) -> Self {
        let (w, h) = (grid.width() as i64, grid.height() as i64);
        let weights = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| grid.weight(Cell::new(x as u32, y as u32)))
            .collect();
        Oracle {
            w,
            h,
            weights,
            diagonal,
        }
    }

    pub fn weight(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            0
        } else {
            self.weights[(y * self.w + x) as usize]
        }
    }

    /// The moves out of a cell with their costs: a straight move costs the weight entered, a
    /// diagonal one √2 times it, and only when both cells beside it are open.
    pub fn moves(&self, x: i64, y: i64) -> Vec<((i64, i64), f64)> {
        let mut out = Vec::new();
        if self.weight(x, y) == 0 {
            return out;
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let w = self.weight(x + dx, y + dy);
            if w > 0 {
                out.push(((x + dx, y + dy), f64::from(w)));
            }
        }
        if self.diagonal {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let w = self.weight(x + dx, y + dy);
                if w > 0 && self.weight(x + dx, y) > 0 && self.weight(x, y + dy) > 0 {
                    out.push(((x + dx, y + dy), std::f64::consts::SQRT_2 * f64::from(w)));
                }
            }
        }
        out
    }

    /// The least cost from `a` to `b`, by Dijkstra.
    pub fn shortest(&self, a: Cell, b: Cell) -> Option<f64> {
        let (a, b) = ((a.x as i64, a.y as i64), (b.x as i64, b.y as i64));
        if self.weight(a.0, a.1) == 0 || self.weight(b.0, b.1) == 0 {
            return None;
        }
        let mut best = vec![f64::INFINITY; (self.w * self.h) as usize];
        let at = |p: (i64, i64)| (p.1 * self.w + p.0) as usize;
        best[at(a)] = 0.0;
        let mut open = BinaryHeap::from([Cheapest(0.0, a)]);
        while let Some(Cheapest(d, p)) = open.pop() {
            if p == b {
                return Some(d);
            }
            if d > best[at(p)] {
                continue;
            }
            for (q, c) in self.moves(p.0, p.1) {
                if d + c < best[at(q)] {
                    best[at(q)] = d + c;
                    open.push(Cheapest(d + c, q));
                }
            }
        }
        None
    }

    /// What walking `cells` costs, or why it is not a walk.
    pub fn walk(&self, cells: &[Cell]) -> Result<f64, String> {
        let mut cost = 0.0;
        for pair in cells.windows(2) {
            let (a, b) = (
                (pair[0].x as i64, pair[0].y as i64),
                (pair[1].x as i64, pair[1].y as i64),
            );
            let step = self.moves(a.0, a.1).into_iter().find(|(q, _)| *q == b);
            cost += step.ok_or_else(|| format!("no move {a:?} -> {b:?}"))?.1;
        }
        Ok(cost)
    }
}

/// A `w` x `h` grid, `density` percent walls and weights 1 to 3, drawn from `seed`.
pub fn random_grid(w: u32, h: u32, density: u64, seed: u64) -> Grid {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut grid = Grid::new(w, h).unwrap();
    for y in 0..h {
        for x in 0..w {
            let r = next() % 100;
            let weight = if r < density {
                0
            } else {
                1 + (next() % 3) as u32
            };
            grid.set_weight(Cell::new(x, y), weight).unwrap();
        }
    }
    grid
}
