//! Multi-level maps in the plugin: answers against a Dijkstra over floors and portals written
//! here (cells, the weight entered, diagonals only past two open cells, a portal's own cost, in
//! service and between open ends), through walls and portals switched off and on.

mod support;
use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::levels::{LevelMap, Place, Portal, PortalId};
use pathkit_bevy::{LevelsMap, PathFailure, PathRequest, PathkitPlugin, PlannedPath, Planning};
use std::collections::BinaryHeap;
use support::Cheapest;

const W: i64 = 12;
const H: i64 = 9;

/// A floor, a column and a row.
type Spot = (i64, i64, i64);

/// A portal: from, to, cost, two-way, in service.
type Link = (Spot, Spot, f64, bool, bool);

/// The oracle's map: weights per floor, and portals.
struct Oracle {
    floors: Vec<Vec<u32>>,
    portals: Vec<Link>,
    diagonal: bool,
}

impl Oracle {
    fn weight(&self, (f, x, y): (i64, i64, i64)) -> u32 {
        if x < 0 || y < 0 || x >= W || y >= H {
            0
        } else {
            self.floors[f as usize][(y * W + x) as usize]
        }
    }

    fn moves(&self, p: (i64, i64, i64)) -> Vec<((i64, i64, i64), f64)> {
        let mut out = Vec::new();
        if self.weight(p) == 0 {
            return out;
        }
        let (f, x, y) = p;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let w = self.weight((f, x + dx, y + dy));
            if w > 0 {
                out.push(((f, x + dx, y + dy), f64::from(w)));
            }
        }
        if self.diagonal {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let w = self.weight((f, x + dx, y + dy));
                if w > 0 && self.weight((f, x + dx, y)) > 0 && self.weight((f, x, y + dy)) > 0 {
                    out.push(((f, x + dx, y + dy), std::f64::consts::SQRT_2 * f64::from(w)));
                }
            }
        }
        for &(a, b, cost, two_way, on) in &self.portals {
            if !on || self.weight(a) == 0 || self.weight(b) == 0 {
                continue;
            }
            if a == p {
                out.push((b, cost));
            }
            if two_way && b == p {
                out.push((a, cost));
            }
        }
        out
    }

    fn shortest(&self, a: (i64, i64, i64), b: (i64, i64, i64)) -> Option<f64> {
        if self.weight(a) == 0 || self.weight(b) == 0 {
            return None;
        }
        let mut best = std::collections::HashMap::from([(a, 0.0)]);
        let mut open = BinaryHeap::from([Cheapest(0.0, a)]);
        while let Some(Cheapest(d, p)) = open.pop() {
            if p == b {
                return Some(d);
            }
            if best.get(&p).is_some_and(|&x| x < d) {
                continue;
            }
            for (q, c) in self.moves(p) {
                if best.get(&q).is_none_or(|&x| d + c < x) {
                    best.insert(q, d + c);
                    open.push(Cheapest(d + c, q));
                }
            }
        }
        None
    }
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn spot(p: Place) -> (i64, i64, i64) {
    (i64::from(p.floor), i64::from(p.cell.x), i64::from(p.cell.y))
}

#[test]
fn level_requests_get_optimal_paths_through_walls_and_portals_switched() {
    let mut found = 0;
    for seed in 1..7u64 {
        let mut rng = Rng((seed * 0x9e37_79b9) | 1);
        let diagonal = seed % 2 == 1;
        let floors: Vec<Vec<u32>> = (0..2)
            .map(|_| {
                (0..W * H)
                    .map(|_| match rng.below(10) {
                        0 | 1 => 0,
                        2 => 3,
                        _ => 1,
                    })
                    .collect()
            })
            .collect();
        let grids: Vec<Grid> = floors
            .iter()
            .map(|w| {
                let mut g = Grid::new(W as u32, H as u32).unwrap();
                for (i, &weight) in w.iter().enumerate() {
                    g.set_weight(
                        Cell::new((i as i64 % W) as u32, (i as i64 / W) as u32),
                        weight,
                    )
                    .unwrap();
                }
                g
            })
            .collect();
        let mut levels = LevelMap::new(grids).unwrap();
        let mut oracle = Oracle {
            floors,
            portals: Vec::new(),
            diagonal,
        };
        let mut ids: Vec<PortalId> = Vec::new();
        for k in 0..3 {
            let (a, b) = (
                Place::new(0, rng.below(W as u64) as u32, rng.below(H as u64) as u32),
                Place::new(1, rng.below(W as u64) as u32, rng.below(H as u64) as u32),
            );
            let cost = 2.0 + k as f64;
            let two_way = k != 2;
            if let Ok(id) = levels.add_portal(Portal {
                from: a,
                to: b,
                cost,
                two_way,
            }) {
                ids.push(id);
                oracle.portals.push((spot(a), spot(b), cost, two_way, true));
            }
        }
        let rule = if diagonal {
            Diagonal::NoCornerCutting
        } else {
            Diagonal::Never
        };
        let mut app = App::new();
        app.add_plugins(TaskPoolPlugin::default())
            .add_plugins(PathkitPlugin::<LevelsMap>::new(Planning::Budgeted {
                expansions: 1_000_000,
            }));
        app.world_mut().spawn(LevelsMap::new(levels, rule));
        let agents: Vec<(Entity, Place, Place)> = (0..24)
            .map(|_| {
                let a = Place::new(
                    rng.below(2) as u32,
                    rng.below(W as u64) as u32,
                    rng.below(H as u64) as u32,
                );
                let b = Place::new(
                    rng.below(2) as u32,
                    rng.below(W as u64) as u32,
                    rng.below(H as u64) as u32,
                );
                (
                    app.world_mut()
                        .spawn(PathRequest::<LevelsMap>::new(a, b))
                        .id(),
                    a,
                    b,
                )
            })
            .collect();
        for round in 0..5 {
            app.update();
            for &(e, a, b) in &agents {
                let want = oracle.shortest(spot(a), spot(b));
                let world = app.world();
                match (world.get::<PlannedPath<LevelsMap>>(e), want) {
                    (Some(path), Some(best)) => {
                        assert!(
                            (path.cost - best).abs() < 1e-9,
                            "seed {seed}, round {round}: {a:?} -> {b:?}: {} vs {best}",
                            path.cost
                        );
                        let mut walked = 0.0;
                        for pair in path.nodes.windows(2) {
                            let step = oracle
                                .moves(spot(pair[0]))
                                .into_iter()
                                .filter(|(q, _)| *q == spot(pair[1]))
                                .map(|(_, c)| c)
                                .fold(f64::INFINITY, f64::min);
                            walked += step;
                        }
                        assert!(
                            (walked - best).abs() < 1e-9,
                            "seed {seed}, round {round}: the walk costs {walked}"
                        );
                        found += 1;
                    }
                    (None, None) => assert!(world.get::<PathFailure>(e).is_some()),
                    (got, want) => panic!(
                        "seed {seed}, round {round}: {a:?} -> {b:?}: {got:?}, the oracle {want:?}"
                    ),
                }
            }
            // An edit: a portal switched, or a cell walled or opened.
            let mut map = support::map_mut::<LevelsMap>(&mut app);
            if round % 2 == 0 && !ids.is_empty() {
                let k = round as usize / 2 % ids.len();
                let on = !oracle.portals[k].4;
                map.set_portal_enabled(ids[k], on).unwrap();
                oracle.portals[k].4 = on;
            } else {
                let place = Place::new(
                    (round % 2) as u32,
                    rng.below(W as u64) as u32,
                    rng.below(H as u64) as u32,
                );
                let w = if oracle.weight(spot(place)) == 0 {
                    1
                } else {
                    0
                };
                map.set_weight(place, w).unwrap();
                oracle.floors[place.floor as usize]
                    [(i64::from(place.cell.y) * W + i64::from(place.cell.x)) as usize] = w;
            }
        }
    }
    assert!(found > 150, "{found} paths");
}
