//! The independent hex oracle: what a shortest path on a hex map is, from the geometry of the
//! drawing alone.
//!
//! Nothing here calls pathkit, and nothing here knows axial coordinates' neighbour steps or the
//! library's offset formulas. A map is a plain vector of weights, `width` x `height`, row-major
//! by column and row as a map file stores them, and a layout saying which rows (pointy-top) or
//! columns (flat-top) are drawn shifted by half a hex. Two hexes are neighbours when their
//! centres, placed as the map is drawn, are one hex width apart: the rule is derived below from
//! the centres' positions, not written down as tables of offsets. Dijkstra's algorithm is the
//! textbook one over `std::collections::BinaryHeap`.
//!
//! The rules, as the library documents them: a hex of weight 0 is a wall; entering a hex of
//! weight `w` costs `w`; no move leaves or enters a wall, so a start or goal inside a wall is
//! unreachable; a start equal to its goal (on a passable hex) is a path of one hex costing zero.

#![allow(dead_code)] // Each test binary uses its own part of the oracle.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How the oracle draws a map: rows or columns shifted, and which ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// `true`: pointy-top, rows shifted right by half a hex. `false`: flat-top, columns shifted
    /// down by half a hex.
    pub rows_shifted: bool,
    /// `true`: the odd rows (columns) are the shifted ones; `false`: the even ones.
    pub odd_shifted: bool,
}

impl Drawing {
    /// Whether row (or column) `index` is drawn shifted.
    pub fn shifted(self, index: i64) -> bool {
        (index.rem_euclid(2) == 1) == self.odd_shifted
    }

    /// The centre of the hex at (`col`, `row`) in a lattice of whole numbers: for pointy-top,
    /// `x` in half hex widths and `y` in rows (three quarters of a hex height); for flat-top,
    /// `x` in columns and `y` in half hex heights. In those units two centres one hex apart
    /// differ by `(±2, 0)` or `(±1, ±1)` (pointy-top) and `(0, ±2)` or `(±1, ±1)` (flat-top).
    pub fn centre(self, col: i64, row: i64) -> (i64, i64) {
        if self.rows_shifted {
            (2 * col + i64::from(self.shifted(row)), row)
        } else {
            (col, 2 * row + i64::from(self.shifted(col)))
        }
    }

    /// Whether two hexes touch. For pointy-top, a half width is `√3/2` and a row `3/2` (hex
    /// radius 1), so the squared distance of centres is `(3dx² + 9dy²) / 4`, and neighbours are
    /// `√3` apart: `dx² + 3dy² = 4`. Flat-top is the same drawing turned a quarter: columns
    /// `3/2` apart, half heights `√3/2`: `3dx² + dy² = 4`.
    pub fn touching(self, a: (i64, i64), b: (i64, i64)) -> bool {
        let (ax, ay) = self.centre(a.0, a.1);
        let (bx, by) = self.centre(b.0, b.1);
        let (dx, dy) = (ax - bx, ay - by);
        if self.rows_shifted {
            dx * dx + 3 * dy * dy == 4
        } else {
            3 * dx * dx + dy * dy == 4
        }
    }

    /// The axial coordinates `(q, r)` of a hex, from its centre relative to the centre of hex
    /// (0, 0), which is axial (0, 0): for pointy-top the centre of axial `(q, r)` lies
    /// `2q + r` half widths right and `r` rows down of it (the axis `q` runs east, `r`
    /// south-east); for flat-top `q` columns right and `2r + q` half heights down (`q` runs
    /// south-east, `r` south).
    pub fn axial(self, col: i64, row: i64) -> (i64, i64) {
        let (x0, y0) = self.centre(0, 0);
        let (x, y) = self.centre(col, row);
        let (x, y) = (x - x0, y - y0);
        if self.rows_shifted {
            ((x - y).div_euclid(2), y)
        } else {
            (x, (y - x).div_euclid(2))
        }
    }

    /// The column and row of the hex at axial `(q, r)`: the inverse of [`Drawing::axial`], the
    /// column and row whose centre is that of `(q, r)`.
    pub fn offset(self, q: i64, r: i64) -> (i64, i64) {
        let (x0, y0) = self.centre(0, 0);
        if self.rows_shifted {
            let (x, row) = (2 * q + r + x0, r + y0);
            ((x - i64::from(self.shifted(row))).div_euclid(2), row)
        } else {
            let (col, y) = (q + x0, 2 * r + q + y0);
            (col, (y - i64::from(self.shifted(col))).div_euclid(2))
        }
    }
}

/// A hex map: `width` x `height` weights, row-major by column and row, 0 = wall.
#[derive(Clone, Debug)]
pub struct HexMap {
    pub drawing: Drawing,
    pub width: i64,
    pub height: i64,
    pub weights: Vec<u32>,
}

impl HexMap {
    /// The weight at (`col`, `row`), 0 outside.
    pub fn weight(&self, (col, row): (i64, i64)) -> u32 {
        if col < 0 || row < 0 || col >= self.width || row >= self.height {
            0
        } else {
            self.weights[(row * self.width + col) as usize]
        }
    }

    /// The hexes around (`col`, `row`) that touch it, inside the map, found by trying every
    /// hex of the 3 x 3 block of columns and rows around it.
    pub fn touching(&self, (col, row): (i64, i64)) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let n = (col + dc, row + dr);
                if n.0 >= 0
                    && n.1 >= 0
                    && n.0 < self.width
                    && n.1 < self.height
                    && self.drawing.touching((col, row), n)
                {
                    out.push(n);
                }
            }
        }
        out
    }

    /// The cheapest cost from `start` to every hex (`None`: not reached), by Dijkstra.
    pub fn distances(&self, start: (i64, i64)) -> Vec<Option<u64>> {
        let n = self.weights.len();
        let mut best: Vec<Option<u64>> = vec![None; n];
        if self.weight(start) == 0 {
            return best;
        }
        let index = |(c, r): (i64, i64)| (r * self.width + c) as usize;
        let mut heap = BinaryHeap::new();
        best[index(start)] = Some(0);
        heap.push(Reverse((0u64, start)));
        while let Some(Reverse((d, at))) = heap.pop() {
            if best[index(at)] != Some(d) {
                continue;
            }
            for next in self.touching(at) {
                let w = self.weight(next);
                if w == 0 {
                    continue;
                }
                let nd = d + u64::from(w);
                if best[index(next)].is_none_or(|old| nd < old) {
                    best[index(next)] = Some(nd);
                    heap.push(Reverse((nd, next)));
                }
            }
        }
        best
    }

    /// The cheapest cost from `start` to `goal`, or `None` when no path exists.
    pub fn shortest(&self, start: (i64, i64), goal: (i64, i64)) -> Option<u64> {
        if self.weight(goal) == 0 {
            return None;
        }
        self.distances(start)[(goal.1 * self.width + goal.0) as usize]
    }

    /// The cost of walking `path` (column and row of each hex) from `start` to `goal`, or what
    /// is wrong with it: ends elsewhere, a step between hexes that do not touch, a wall or a hex
    /// outside the map on it.
    pub fn path_cost(
        &self,
        start: (i64, i64),
        goal: (i64, i64),
        path: &[(i64, i64)],
    ) -> Result<u64, String> {
        if path.first() != Some(&start) || path.last() != Some(&goal) {
            return Err(format!(
                "the path runs from {:?} to {:?}, not from {start:?} to {goal:?}",
                path.first(),
                path.last()
            ));
        }
        let mut cost = 0;
        for (k, &at) in path.iter().enumerate() {
            if self.weight(at) == 0 {
                return Err(format!("step {k}: {at:?} is a wall or outside the map"));
            }
            if k > 0 {
                if !self.drawing.touching(path[k - 1], at) {
                    return Err(format!(
                        "step {k}: {:?} and {at:?} do not touch",
                        path[k - 1]
                    ));
                }
                cost += u64::from(self.weight(at));
            }
        }
        Ok(cost)
    }

    /// Each passable hex's component, by one Dijkstra from each hex not yet reached.
    pub fn components(&self) -> Vec<Option<usize>> {
        let mut label = vec![None; self.weights.len()];
        let mut next = 0;
        for i in 0..self.weights.len() {
            let at = (i as i64 % self.width, i as i64 / self.width);
            if label[i].is_some() || self.weight(at) == 0 {
                continue;
            }
            for (j, d) in self.distances(at).iter().enumerate() {
                if d.is_some() {
                    label[j] = Some(next);
                }
            }
            next += 1;
        }
        label
    }

    /// The map drawn as text: one character a hex at its centre (`#` wall, `.` weight 1, digits
    /// other weights), for failure messages.
    pub fn picture(&self) -> String {
        let cells: Vec<(i64, i64, char)> = (0..self.weights.len())
            .map(|i| {
                let (col, row) = (i as i64 % self.width, i as i64 / self.width);
                let (x, y) = self.drawing.centre(col, row);
                let ch = match self.weights[i] {
                    0 => '#',
                    1 => '.',
                    w => char::from_digit(w.min(9), 10).unwrap_or('9'),
                };
                // Flat-top columns are 3/2 wide: two characters a column.
                let x = if self.drawing.rows_shifted { x } else { 2 * x };
                (x, y, ch)
            })
            .collect();
        let w = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let h = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let mut lines = vec![vec![' '; w as usize]; h as usize];
        for (x, y, ch) in cells {
            lines[y as usize][x as usize] = ch;
        }
        let mut s = format!("{:?} {}x{}\n", self.drawing, self.width, self.height);
        for line in lines {
            s.extend(line);
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule of centres gives every hex inside a large map six neighbours, for every drawing,
    /// and axial coordinates that step by the same six offsets everywhere.
    #[test]
    fn six_neighbours_everywhere() {
        for rows_shifted in [true, false] {
            for odd_shifted in [true, false] {
                let drawing = Drawing {
                    rows_shifted,
                    odd_shifted,
                };
                let map = HexMap {
                    drawing,
                    width: 6,
                    height: 6,
                    weights: vec![1; 36],
                };
                for col in 1..5 {
                    for row in 1..5 {
                        let around = map.touching((col, row));
                        assert_eq!(around.len(), 6, "{drawing:?} ({col}, {row})");
                        let (q, r) = drawing.axial(col, row);
                        assert_eq!(drawing.offset(q, r), (col, row));
                        let mut steps: Vec<(i64, i64)> = around
                            .iter()
                            .map(|&(c, w)| {
                                let (nq, nr) = drawing.axial(c, w);
                                (nq - q, nr - r)
                            })
                            .collect();
                        steps.sort();
                        assert_eq!(steps, [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]);
                    }
                }
            }
        }
    }
}
