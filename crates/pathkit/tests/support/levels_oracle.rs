//! The independent oracle of multi-level maps: floors, moves and portals written again from the
//! documented rules, and textbook Dijkstra over them.
//!
//! Nothing here calls pathkit. A floor is a plain vector of weights (0 = wall); a node is a
//! `(floor, x, y)` triple; the moves are spelled out below:
//! - on a floor, straight moves to the 4 side cells and, when the rule allows diagonals, the 4
//!   corner cells: no corner cutting needs both side cells beside the diagonal open, corner
//!   cutting one of them, any diagonal none; entering a cell of weight `w` costs the move's base
//!   cost times `w`; nothing leaves or enters a wall;
//! - a portal in service whose both ends are open goes from its entry to its exit at its cost
//!   (and back, when it is two-way); a removed portal is simply absent.

#![allow(dead_code)]

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The oracle's diagonal rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Straight,
    BothSidesOpen,
    OneSideOpen,
    Anywhere,
}

/// A node: floor, column, row.
pub type Spot = (usize, i64, i64);

#[derive(Clone, Debug)]
pub struct Floor {
    pub width: i64,
    pub height: i64,
    pub weights: Vec<u32>,
}

impl Floor {
    pub fn weight(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            0
        } else {
            self.weights[(y * self.width + x) as usize]
        }
    }
}

#[derive(Clone, Debug)]
pub struct Link {
    pub from: Spot,
    pub to: Spot,
    pub cost: f64,
    pub both_ways: bool,
    pub on: bool,
    pub gone: bool,
}

/// A multi-level map as the oracle sees it.
#[derive(Clone, Debug)]
pub struct Levels {
    pub floors: Vec<Floor>,
    pub links: Vec<Link>,
    pub rule: Rule,
    pub straight: f64,
    pub diagonal: f64,
}

impl Levels {
    pub fn open(&self, s: Spot) -> bool {
        self.floors[s.0].weight(s.1, s.2) != 0
    }

    /// Every edge leaving `s`, with its cost.
    pub fn edges(&self, s: Spot) -> Vec<(Spot, f64)> {
        let mut out = Vec::new();
        if !self.open(s) {
            return out;
        }
        let (f, x, y) = s;
        let floor = &self.floors[f];
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let w = floor.weight(x + dx, y + dy);
            if w > 0 {
                out.push(((f, x + dx, y + dy), self.straight * w as f64));
            }
        }
        if self.rule != Rule::Straight {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let side_a = floor.weight(x + dx, y) > 0;
                let side_b = floor.weight(x, y + dy) > 0;
                let ok = match self.rule {
                    Rule::BothSidesOpen => side_a && side_b,
                    Rule::OneSideOpen => side_a || side_b,
                    _ => true,
                };
                let w = floor.weight(x + dx, y + dy);
                if ok && w > 0 {
                    out.push(((f, x + dx, y + dy), self.diagonal * w as f64));
                }
            }
        }
        for l in &self.links {
            if l.gone || !l.on || !self.open(l.from) || !self.open(l.to) {
                continue;
            }
            if l.from == s {
                out.push((l.to, l.cost));
            }
            if l.both_ways && l.to == s {
                out.push((l.from, l.cost));
            }
        }
        out
    }

    /// The cheapest edge from `a` to `b`, if there is one.
    pub fn edge_cost(&self, a: Spot, b: Spot) -> Option<f64> {
        self.edges(a)
            .into_iter()
            .filter(|&(t, _)| t == b)
            .map(|(_, c)| c)
            .reduce(f64::min)
    }

    fn id(&self, s: Spot) -> usize {
        let before: i64 = self.floors[..s.0].iter().map(|f| f.width * f.height).sum();
        (before + s.2 * self.floors[s.0].width + s.1) as usize
    }

    pub fn spots(&self) -> Vec<Spot> {
        let mut v = Vec::new();
        for (f, floor) in self.floors.iter().enumerate() {
            for y in 0..floor.height {
                for x in 0..floor.width {
                    v.push((f, x, y));
                }
            }
        }
        v
    }

    /// The cheapest cost from `start` to `goal`, or `None`: textbook Dijkstra.
    pub fn shortest(&self, start: Spot, goal: Spot) -> Option<f64> {
        if !self.open(start) || !self.open(goal) {
            return None;
        }
        let total: i64 = self.floors.iter().map(|f| f.width * f.height).sum();
        let mut dist = vec![f64::INFINITY; total as usize];
        let mut heap = BinaryHeap::new();
        dist[self.id(start)] = 0.0;
        heap.push(Item(0.0, start));
        while let Some(Item(d, s)) = heap.pop() {
            if s == goal {
                return Some(d);
            }
            if d > dist[self.id(s)] {
                continue;
            }
            for (t, c) in self.edges(s) {
                let nd = d + c;
                let i = self.id(t);
                if nd < dist[i] {
                    dist[i] = nd;
                    heap.push(Item(nd, t));
                }
            }
        }
        None
    }
}

struct Item(f64, Spot);
impl PartialEq for Item {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl Eq for Item {}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Item {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0)
    }
}
