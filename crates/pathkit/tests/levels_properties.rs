//! Multi-level maps against the independent oracle of `support/levels_oracle.rs`.
//!
//! Random maps of one to three floors of their own sizes (walls, terrain weights, every
//! diagonal rule, default and other move costs), with portals between floors and teleporters
//! within one, one-way and two-way, at costs from 0 up. Between queries the map is edited: a
//! portal switched off or on, removed or added, a cell walled (portal ends included) or
//! reweighed. For every query:
//! - A* with the default estimate and Dijkstra find the oracle's cost (relative 1e-9), or both
//!   say unreachable when the oracle does (many goals are: walls, one-way portals, floors no
//!   portal reaches);
//! - the path starts and ends where asked and each step is an edge of the oracle's graph (a
//!   legal move or a portal in service), whose costs sum to the cost reported.
//!
//! On a share of the maps, the estimate is checked from every node: never above the oracle's
//! cost to the goal (admissible), and never dropping by more than an edge costs (consistent).
//! Landmarks (ALT) on a level space find the same costs.
//!
//! Cases come from fixed seeds (xorshift), so a failure names its seed.

use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::levels::{LevelMap, LevelSpace, Place, Portal, PortalId};
use pathkit::search::{IndexedSpace, LandmarkChoice, Landmarks, SearchContext, SearchSpace};
use pathkit::Pathfinder;

use crate::support;
use crate::support::levels_oracle::{Floor, Levels, Link, Rule, Spot};
use crate::support::oracle::same_cost;
use pathkit::search::AStar;
use pathkit::search::SearchOptions;

const TOLERANCE: f64 = 1e-9;

pub(crate) fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The library's map and the oracle's, built from the same numbers, and the portals' handles
/// (by the oracle's link index).
pub(crate) struct Pair {
    pub(crate) map: LevelMap,
    pub(crate) oracle: Levels,
    pub(crate) ids: Vec<PortalId>,
    diagonal: Diagonal,
}

pub(crate) fn place(s: Spot) -> Place {
    Place::new(s.0 as u32, s.1 as u32, s.2 as u32)
}

fn spot(p: Place) -> Spot {
    (p.floor as usize, p.cell.x as i64, p.cell.y as i64)
}

pub(crate) fn random_spot(oracle: &Levels, next: &mut impl FnMut() -> u64) -> Spot {
    let f = (next() % oracle.floors.len() as u64) as usize;
    let floor = &oracle.floors[f];
    (
        f,
        (next() % floor.width as u64) as i64,
        (next() % floor.height as u64) as i64,
    )
}

fn random_open_spot(oracle: &Levels, next: &mut impl FnMut() -> u64) -> Option<Spot> {
    (0..20)
        .map(|_| random_spot(oracle, next))
        .find(|&s| oracle.open(s))
}

pub(crate) fn random_pair(seed: u64) -> Pair {
    let mut next = stream(seed);
    let floors = 1 + (next() % 3) as usize;
    let density = next() % 40;
    let max_weight = if next().is_multiple_of(2) {
        1
    } else {
        1 + next() % 4
    };
    let mut grids = Vec::new();
    let mut oracle_floors = Vec::new();
    for _ in 0..floors {
        let (w, h) = (1 + next() % 8, 1 + next() % 8);
        let weights: Vec<u32> = (0..w * h)
            .map(|_| {
                if next() % 100 < density {
                    0
                } else {
                    1 + (next() % max_weight) as u32
                }
            })
            .collect();
        grids.push(
            Grid::from_fn(w as u32, h as u32, |c: Cell| {
                weights[(c.y as u64 * w + c.x as u64) as usize]
            })
            .unwrap(),
        );
        oracle_floors.push(Floor {
            width: w as i64,
            height: h as i64,
            weights,
        });
    }
    let (diagonal, rule) = [
        (Diagonal::Never, Rule::Straight),
        (Diagonal::NoCornerCutting, Rule::BothSidesOpen),
        (Diagonal::CornerCutting, Rule::OneSideOpen),
        (Diagonal::Always, Rule::Anywhere),
    ][(next() % 4) as usize];
    let (straight, diag) = match next() % 3 {
        0 => (1.0, std::f64::consts::SQRT_2),
        1 => (1.0, 1.0),
        _ => (1.0 + (next() % 3) as f64, 0.5 + (next() % 70) as f64 / 10.0),
    };
    let mut pair = Pair {
        map: LevelMap::new(grids).unwrap(),
        oracle: Levels {
            floors: oracle_floors,
            links: Vec::new(),
            rule,
            straight,
            diagonal: diag,
        },
        ids: Vec::new(),
        diagonal,
    };
    for _ in 0..next() % 7 {
        add_random_portal(&mut pair, &mut next);
    }
    pair
}

fn add_random_portal(pair: &mut Pair, next: &mut impl FnMut() -> u64) {
    let Some(from) = random_open_spot(&pair.oracle, next) else {
        return;
    };
    let Some(to) = random_open_spot(&pair.oracle, next) else {
        return;
    };
    let cost = match next() % 4 {
        0 => 0.0,
        1 => (next() % 10) as f64,
        _ => (next() % 1000) as f64 / 100.0,
    };
    let two_way = next().is_multiple_of(2);
    let id = pair
        .map
        .add_portal(Portal {
            from: place(from),
            to: place(to),
            cost,
            two_way,
        })
        .unwrap();
    pair.ids.push(id);
    pair.oracle.links.push(Link {
        from,
        to,
        cost,
        both_ways: two_way,
        on: true,
        gone: false,
    });
}

/// One random edit, applied to both maps.
pub(crate) fn edit(pair: &mut Pair, next: &mut impl FnMut() -> u64) {
    let live: Vec<usize> = (0..pair.ids.len())
        .filter(|&i| !pair.oracle.links[i].gone)
        .collect();
    match next() % 5 {
        0 | 1 if !live.is_empty() => {
            let i = live[(next() % live.len() as u64) as usize];
            let on = !pair.oracle.links[i].on;
            pair.map.set_portal_enabled(pair.ids[i], on).unwrap();
            pair.oracle.links[i].on = on;
        }
        2 if !live.is_empty() => {
            let i = live[(next() % live.len() as u64) as usize];
            pair.map.remove_portal(pair.ids[i]).unwrap();
            pair.oracle.links[i].gone = true;
        }
        3 => add_random_portal(pair, next),
        _ => {
            // Wall in or reweigh a cell, often a portal's end.
            let s = if live.is_empty() || next().is_multiple_of(2) {
                random_spot(&pair.oracle, next)
            } else {
                let l = &pair.oracle.links[live[(next() % live.len() as u64) as usize]];
                if next().is_multiple_of(2) {
                    l.from
                } else {
                    l.to
                }
            };
            let w = if next().is_multiple_of(2) {
                0
            } else {
                1 + (next() % 3) as u32
            };
            pair.map.set_weight(place(s), w).unwrap();
            let floor = &mut pair.oracle.floors[s.0];
            floor.weights[(s.2 * floor.width + s.1) as usize] = w;
        }
    }
}

fn space_of(pair: &Pair) -> LevelSpace<'_> {
    pair.map
        .space(pair.diagonal, pair.oracle.straight, pair.oracle.diagonal)
        .unwrap()
}

/// Checks one query; returns whether the goal was reachable.
pub(crate) fn check_query(
    pair: &Pair,
    ctx: &mut SearchContext<f64>,
    start: Spot,
    goal: Spot,
    why: &str,
) -> bool {
    let space = space_of(pair);
    let expected = pair.oracle.shortest(start, goal);
    let astar = space.find_path(ctx, place(start), place(goal)).unwrap();
    let stats = ctx.stats();
    let ends = (place(start), place(goal));
    let sliced = support::sliced_answer(&space, ctx, ends, &SearchOptions::new(), 4);
    assert_eq!(sliced, (astar.clone(), stats), "{why}: sliced");
    match (expected, astar.path()) {
        (None, None) => {}
        (Some(cost), Some(path)) => {
            assert!(
                same_cost(path.cost, cost, TOLERANCE),
                "{why}: A* {} vs oracle {cost}",
                path.cost
            );
            assert_eq!(path.nodes.first(), Some(&place(start)), "{why}");
            assert_eq!(path.nodes.last(), Some(&place(goal)), "{why}");
            let mut sum = 0.0;
            for step in path.nodes.windows(2) {
                let c = pair
                    .oracle
                    .edge_cost(spot(step[0]), spot(step[1]))
                    .unwrap_or_else(|| panic!("{why}: no edge {} -> {}", step[0], step[1]));
                sum += c;
            }
            assert!(
                same_cost(sum, path.cost, TOLERANCE),
                "{why}: steps sum to {sum}, reported {}",
                path.cost
            );
        }
        (e, a) => panic!("{why}: oracle {e:?}, A* {:?}", a.map(|p| p.cost)),
    }
    if pair.oracle.open(start) && pair.oracle.open(goal) {
        let dijkstra = AStar(&space)
            .find_path_with(ctx, place(start), place(goal), &SearchOptions::dijkstra())
            .unwrap();
        match (expected, dijkstra.path()) {
            (None, None) => {}
            (Some(cost), Some(path)) => {
                assert!(
                    same_cost(path.cost, cost, TOLERANCE),
                    "{why}: Dijkstra {} vs oracle {cost}",
                    path.cost
                )
            }
            (e, d) => panic!("{why}: oracle {e:?}, Dijkstra {:?}", d.map(|p| p.cost)),
        }
    }
    expected.is_some()
}

/// The estimate from every node to `goal`: admissible and consistent.
fn check_estimate(pair: &Pair, goal: Spot, why: &str) {
    let space = space_of(pair);
    for n in pair.oracle.spots() {
        let h = space.heuristic(place(n), place(goal));
        assert!(h.is_finite() && h >= 0.0, "{why}: h({n:?}) = {h}");
        if let Some(d) = pair.oracle.shortest(n, goal) {
            assert!(h <= d + 1e-9 * d.max(1.0), "{why}: h({n:?}) = {h} > {d}");
        }
        for (m, c) in pair.oracle.edges(n) {
            let hm = space.heuristic(place(m), place(goal));
            assert!(
                h <= c + hm + 1e-9 * h.max(1.0),
                "{why}: h drops from {h} to {hm} over an edge of {c}"
            );
        }
    }
}

#[test]
fn level_searches_agree_with_the_oracle() {
    let mut ctx = SearchContext::new();
    let (mut queries, mut reachable, mut estimates) = (0u32, 0u32, 0u32);
    for seed in 0..1500u64 {
        let mut pair = random_pair(seed);
        let mut next = stream(seed ^ 0xD1CE);
        for q in 0..8 {
            if q > 0 {
                for _ in 0..1 + next() % 2 {
                    edit(&mut pair, &mut next);
                }
            }
            let start = random_spot(&pair.oracle, &mut next);
            let goal = random_spot(&pair.oracle, &mut next);
            let why = format!("seed {seed}, query {q}, {start:?} -> {goal:?}");
            reachable += u32::from(check_query(&pair, &mut ctx, start, goal, &why));
            queries += 1;
            if seed % 10 == 0 && q % 4 == 0 {
                check_estimate(&pair, goal, &why);
                estimates += 1;
            }
        }
    }
    assert!(queries >= 12_000);
    // Both answers well represented.
    assert!(
        reachable > queries / 5 && reachable < queries * 4 / 5,
        "{reachable} of {queries} reachable"
    );
    assert!(estimates >= 300);
}

#[test]
fn landmarks_on_a_level_map_keep_paths_optimal() {
    let mut ctx = SearchContext::new();
    for seed in 0..300u64 {
        let pair = random_pair(seed + 10_000);
        let mut next = stream(seed);
        let space = space_of(&pair);
        let Some(seed_spot) = random_open_spot(&pair.oracle, &mut next) else {
            continue;
        };
        let landmarks = Landmarks::new(
            &space,
            LandmarkChoice::Farthest {
                count: 3,
                seed: place(seed_spot),
            },
        )
        .unwrap();
        let alt = space.with_landmarks(&landmarks);
        for q in 0..10 {
            let (start, goal) = (
                random_spot(&pair.oracle, &mut next),
                random_spot(&pair.oracle, &mut next),
            );
            if !pair.oracle.open(start) || !pair.oracle.open(goal) {
                continue;
            }
            let expected = pair.oracle.shortest(start, goal);
            let found = AStar(&alt)
                .find_path(&mut ctx, place(start), place(goal))
                .unwrap();
            match (expected, found.path()) {
                (None, None) => {}
                (Some(c), Some(p)) => assert!(
                    same_cost(p.cost, c, TOLERANCE),
                    "seed {seed}, query {q}: {} vs {c}",
                    p.cost
                ),
                (e, f) => panic!(
                    "seed {seed}, query {q}: oracle {e:?}, ALT {:?}",
                    f.map(|p| p.cost)
                ),
            }
        }
    }
}

#[test]
fn node_indices_cover_every_floor_once() {
    let pair = random_pair(7);
    let space = space_of(&pair);
    let spots = pair.oracle.spots();
    assert_eq!(space.node_bound(), spots.len());
    for s in spots {
        let i = space.index_of(place(s)).unwrap();
        assert_eq!(space.node_at(i), place(s));
    }
    assert_eq!(space.index_of(Place::new(9, 0, 0)), None);
}
