//! Hex maps in the plugin: answers against a Dijkstra over odd-r hexes written here (axial
//! neighbours, the offset layout's bounds, the weight of the hex entered), positions and hexes
//! found back from them in both orientations, and an edit re-planned.

mod support;
use bevy_app::{App, TaskPoolPlugin};

use pathkit::hex::{Hex, HexGrid, HexLayout};
use pathkit_bevy::{
    HexMap, NavMap, PathFailure, PathRequest, PathkitPlugin, PlannedPath, Planning,
};
use std::collections::BinaryHeap;

const W: i32 = 14;
const H: i32 = 11;

/// Odd-r: row `r`, column `q + (r - (r & 1)) / 2`.
fn offset(h: (i32, i32)) -> Option<(i32, i32)> {
    let (q, r) = h;
    let col = q + (r - (r & 1)) / 2;
    ((0..H).contains(&r) && (0..W).contains(&col)).then_some((col, r))
}

fn weight_of(weights: &[u32], h: (i32, i32)) -> u32 {
    offset(h).map_or(0, |(c, r)| weights[(r * W + c) as usize])
}

/// Least cost from `a` to `b`, a step costing the weight of the hex entered.
fn shortest(weights: &[u32], a: (i32, i32), b: (i32, i32)) -> Option<u64> {
    if weight_of(weights, a) == 0 || weight_of(weights, b) == 0 {
        return None;
    }
    let mut best = std::collections::HashMap::from([(a, 0u64)]);
    let mut open = BinaryHeap::from([std::cmp::Reverse((0u64, a))]);
    while let Some(std::cmp::Reverse((d, p))) = open.pop() {
        if p == b {
            return Some(d);
        }
        if best.get(&p).is_some_and(|&x| x < d) {
            continue;
        }
        for (dq, dr) in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)] {
            let n = (p.0 + dq, p.1 + dr);
            let w = weight_of(weights, n);
            if w > 0 && best.get(&n).is_none_or(|&x| d + u64::from(w) < x) {
                best.insert(n, d + u64::from(w));
                open.push(std::cmp::Reverse((d + u64::from(w), n)));
            }
        }
    }
    None
}

fn random_weights(seed: u64) -> Vec<u32> {
    let mut state = seed | 1;
    (0..W * H)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            match state % 10 {
                0 | 1 => 0,
                2 => 5,
                _ => 1,
            }
        })
        .collect()
}

fn grid_of(weights: &[u32]) -> HexGrid {
    let mut grid = HexGrid::new(HexLayout::OddR, W as u32, H as u32).unwrap();
    for r in 0..H {
        for c in 0..W {
            let hex = grid.hex_at(c as u32, r as u32).unwrap();
            grid.set_weight(hex, weights[(r * W + c) as usize]).unwrap();
        }
    }
    grid
}

fn app(map: HexMap) -> App {
    let mut app = App::new();
    app.add_plugins(TaskPoolPlugin::default())
        .add_plugins(PathkitPlugin::<HexMap>::new(Planning::Budgeted {
            expansions: 1_000_000,
        }));
    app.world_mut().spawn(map);
    app
}

#[test]
fn hex_requests_get_optimal_paths_and_edits_re_plan_them() {
    let mut found = 0;
    for seed in 1..6 {
        let mut weights = random_weights(seed);
        let mut app = app(HexMap::new(grid_of(&weights)));
        let mut agents = Vec::new();
        for k in 0..30 {
            let a = (((k * 7) % W) - (k % H) / 2, k % H);
            let b = (((k * 5 + 3) % W) - ((k * 3) % H) / 2, (k * 3) % H);
            let e = app
                .world_mut()
                .spawn(PathRequest::<HexMap>::new(
                    Hex::new(a.0, a.1),
                    Hex::new(b.0, b.1),
                ))
                .id();
            agents.push((e, a, b));
        }
        for round in 0..4 {
            app.update();
            for &(e, a, b) in &agents {
                let want = shortest(&weights, a, b);
                let world = app.world();
                match (world.get::<PlannedPath<HexMap>>(e), want) {
                    (Some(path), Some(best)) => {
                        assert_eq!(
                            path.cost, best as f64,
                            "seed {seed}, round {round}: {a:?} -> {b:?}"
                        );
                        let mut walked = 0;
                        for pair in path.nodes.windows(2) {
                            let (p, n) = ((pair[0].q, pair[0].r), (pair[1].q, pair[1].r));
                            assert_eq!(Hex::new(p.0, p.1).distance(Hex::new(n.0, n.1)), 1);
                            walked += u64::from(weight_of(&weights, n));
                        }
                        assert_eq!(walked, best);
                        found += 1;
                    }
                    (None, None) => assert!(world.get::<PathFailure>(e).is_some()),
                    (got, want) => panic!(
                        "seed {seed}, round {round}: {a:?} -> {b:?}: {got:?}, the oracle {want:?}"
                    ),
                }
            }
            // An edit: wall, open or re-weigh a hex.
            let (c, r) = (((seed as i32) * 3 + round * 5) % W, (round * 4 + 1) % H);
            let w = [0, 1, 5, 0][round as usize % 4];
            weights[(r * W + c) as usize] = w;
            let hex = support::map::<HexMap>(&app)
                .grid()
                .hex_at(c as u32, r as u32)
                .unwrap();
            support::map_mut::<HexMap>(&mut app)
                .set_weight(hex, w)
                .unwrap();
        }
    }
    assert!(found > 100, "{found} paths");
}

#[test]
fn positions_find_their_hexes_back_in_both_orientations() {
    for layout in [
        HexLayout::OddR,
        HexLayout::EvenR,
        HexLayout::OddQ,
        HexLayout::EvenQ,
    ] {
        let map = HexMap::new(HexGrid::new(layout, 9, 7).unwrap()).with_size(3.0);
        for r in 0..7 {
            for c in 0..9 {
                let hex = map.grid().hex_at(c, r).unwrap();
                let centre = map.position(hex);
                assert_eq!(map.node_at(centre), Some(hex), "{layout:?} {hex:?}");
                // Well inside the hex (half the inner radius away) is still that hex.
                for angle in [0.3f32, 1.9, 4.0] {
                    let off = bevy_math::Vec3::new(angle.cos(), angle.sin(), 0.0) * 1.2;
                    assert_eq!(
                        map.node_at(centre + off),
                        Some(hex),
                        "{layout:?} {hex:?} {angle}"
                    );
                }
                // Neighbouring centres are the hex distance times √3 times the size apart.
                for n in hex.neighbours() {
                    if map.grid().offset_of(n).is_some() {
                        let d = map.position(n).distance(centre);
                        assert!(
                            (d - 3.0 * 3f32.sqrt()).abs() < 1e-3,
                            "{layout:?} {hex:?} {n:?}: {d}"
                        );
                    }
                }
            }
        }
    }
}
