//! One fuzz case for buildings of tile and open floors (`Building`): up to three floors (tile
//! maps of up to 12 x 12 cells with walls and weights, or open ground in the box [0, 8]^2 among
//! rectangles on a lattice of quarter units), up to six doorways and six queries between spots
//! on a lattice of eighths or anywhere (any `f32`: NaN, huge, negative).
//!
//! Building and every doorway give a value or a documented error (a refused doorway adds
//! nothing); every query gives a path or a documented error; a path starts and ends where the
//! query's spots stand (a cell's centre on tiles) and costs a finite amount. When every open
//! floor's rectangles keep apart from each other and from the box, the cost is the oracles'
//! (`Seen` and [`cheapest`]: the grid oracle on tiles, the free-space oracle on open ground,
//! Dijkstra over the doorways), which `tests/levels_building.rs` uses too.
//!
//! The fuzz target `fuzz/fuzz_targets/building.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` include this file, `oracle.rs`, `free_space_oracle.rs`,
//! `growth_oracle.rs` and `visibility_oracle.rs` at their crate root.

#![allow(dead_code)] // Each including crate uses its own part.

use crate::free_space_oracle::{FreeSpace, TOUCH};
use crate::oracle::{MoveCosts, Moves, OracleMap};
use arbitrary::{Arbitrary, Unstructured};
use pathkit::geometry::{Point, Polygon};
use pathkit::grid::Grid;
use pathkit::levels::{Building, BuildingSearch, Doorway, Floor, LevelError, Spot};
use pathkit::navmesh::NavMesh;
use pathkit::Pathfinder;

/// What the fuzzer's bytes decode to.
#[derive(Arbitrary, Debug)]
pub struct BuildingCase {
    floors: Vec<FloorCase>,
    doorways: Vec<DoorwayCase>,
    queries: Vec<(SpotCase, SpotCase)>,
}

#[derive(Arbitrary, Debug)]
enum FloorCase {
    /// `1 + width % 12` x `1 + height % 12` cells; a set bit a wall; weights `1 + byte % 3`.
    Tiles {
        width: u8,
        height: u8,
        walls: Vec<u8>,
        weights: Vec<u8>,
    },
    /// Rectangles `[x, y, w, h]` in quarter units (`x % 32`, `1 + w % 12`, ...), up to four.
    Open { rects: Vec<[u8; 4]> },
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct SpotCase {
    floor: u8,
    /// In odd eighths: `(2 * (x % 32) + 1) / 8`.
    x: u8,
    y: u8,
    /// Instead: any point.
    wild: Option<[f32; 2]>,
}

#[derive(Arbitrary, Debug)]
struct DoorwayCase {
    from: SpotCase,
    to: SpotCase,
    /// In quarters.
    cost: u8,
    /// Instead: any cost.
    wild_cost: Option<f32>,
    two_way: bool,
    on: bool,
}

/// A floor as the oracle sees it.
pub enum Seen {
    Tiles(OracleMap),
    Open(FreeSpace),
}

impl Seen {
    /// The cheapest walk from `a` to `b` on this floor.
    pub fn walk(&self, a: Point, b: Point) -> Option<f64> {
        match self {
            Seen::Tiles(map) => map.shortest(
                Moves::NoCornerCutting,
                MoveCosts {
                    straight: 1.0,
                    diagonal: std::f64::consts::SQRT_2,
                },
                (a.x as i64, a.y as i64),
                (b.x as i64, b.y as i64),
            ),
            Seen::Open(world) => world.shortest((a.x, a.y), (b.x, b.y)),
        }
    }
}

/// The oracle's cheapest cost from `start` to `goal`: Dijkstra over the start, the goal and
/// the doorways' ends, joined on one floor by the floor's walks, and by the doorways in service
/// (one way, or both).
pub fn cheapest(
    seen: &[Seen],
    doorways: &[(Doorway, bool)],
    start: Spot,
    goal: Spot,
) -> Option<f64> {
    let mut spots = vec![start, goal];
    let mut hops: Vec<(usize, usize, f64)> = Vec::new();
    for (d, on) in doorways {
        let k = spots.len();
        spots.extend([d.from, d.to]);
        if *on {
            hops.push((k, k + 1, d.cost));
            if d.two_way {
                hops.push((k + 1, k, d.cost));
            }
        }
    }
    let n = spots.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    while let Some(u) = (0..n)
        .filter(|&k| !done[k] && dist[k].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        if u == 1 {
            return Some(dist[1]);
        }
        done[u] = true;
        for v in 0..n {
            let (a, b) = (spots[u], spots[v]);
            if a.floor == b.floor {
                if let Some(w) = seen[a.floor as usize].walk(a.at, b.at) {
                    dist[v] = dist[v].min(dist[u] + w);
                }
            }
        }
        for &(a, b, cost) in &hops {
            if a == u {
                dist[b] = dist[b].min(dist[u] + cost);
            }
        }
    }
    None
}

/// Decodes and checks one input.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = BuildingCase::arbitrary(&mut Unstructured::new(data)) {
        check(&case);
    }
}

fn spot(s: SpotCase, floors: usize) -> Spot {
    let floor = u32::from(s.floor) % (floors as u32 + 1); // now and then a floor too many
    match s.wild {
        Some([x, y]) => Spot::new(floor, f64::from(x), f64::from(y)),
        // Odd eighths: never on the quarter lattice the rectangles' sides lie on.
        None => Spot::new(
            floor,
            f64::from(2 * u32::from(s.x % 32) + 1) / 8.0,
            f64::from(2 * u32::from(s.y % 32) + 1) / 8.0,
        ),
    }
}

/// Whether `e` is an error a building may give.
fn documented(e: &LevelError) -> bool {
    matches!(
        e,
        LevelError::OffFloor { .. }
            | LevelError::NoSuchFloor { .. }
            | LevelError::InvalidPortalCost { .. }
            | LevelError::NoFloors
    )
}

/// Builds the case's building, adds its doorways and checks its queries.
pub fn check(case: &BuildingCase) {
    let side = 8.0;
    let mut floors = Vec::new();
    let mut seen = Vec::new();
    // Whether the open floors' rectangles keep apart (then the free-space oracle applies).
    let mut apart = true;
    for f in case.floors.iter().take(3) {
        match f {
            FloorCase::Tiles {
                width,
                height,
                walls,
                weights,
            } => {
                let (w, h) = (1 + usize::from(*width % 12), 1 + usize::from(*height % 12));
                let cells: Vec<u32> = (0..w * h)
                    .map(|i| {
                        if walls.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1) {
                            0
                        } else {
                            1 + weights.get(i).map_or(0, |b| u32::from(b % 3))
                        }
                    })
                    .collect();
                let grid = Grid::from_fn(w as u32, h as u32, |c| {
                    cells[c.y as usize * w + c.x as usize]
                })
                .expect("a small grid");
                floors.push(Floor::Tiles(grid));
                seen.push(Seen::Tiles(OracleMap {
                    width: w,
                    height: h,
                    weights: cells,
                }));
            }
            FloorCase::Open { rects } => {
                let rects: Vec<(f64, f64, f64, f64)> = rects
                    .iter()
                    .take(4)
                    .map(|&[x, y, w, h]| {
                        let (x, y) = (f64::from(x % 32) / 4.0, f64::from(y % 32) / 4.0);
                        let (w, h) = (f64::from(1 + w % 12) / 4.0, f64::from(1 + h % 12) / 4.0);
                        (x, y, x + w, y + h)
                    })
                    .collect();
                let gap = 0.25;
                apart &= rects.iter().enumerate().all(|(i, a)| {
                    a.0 >= gap
                        && a.1 >= gap
                        && a.2 <= side - gap
                        && a.3 <= side - gap
                        && rects[i + 1..].iter().all(|b| {
                            a.2 + gap <= b.0
                                || b.2 + gap <= a.0
                                || a.3 + gap <= b.1
                                || b.3 + gap <= a.1
                        })
                });
                let corners =
                    |r: &(f64, f64, f64, f64)| vec![(r.0, r.1), (r.2, r.1), (r.2, r.3), (r.0, r.3)];
                let polygons: Vec<Polygon> = rects
                    .iter()
                    .map(|r| {
                        Polygon::new(
                            corners(r)
                                .into_iter()
                                .map(|(x, y)| Point::new(x, y))
                                .collect(),
                        )
                    })
                    .collect();
                let Ok(mesh) = NavMesh::from_obstacles(&polygons, 0.0, (0.0, 0.0), (side, side))
                else {
                    return;
                };
                floors.push(Floor::Open(mesh));
                seen.push(Seen::Open(FreeSpace {
                    lo: (0.0, 0.0),
                    hi: (side, side),
                    obstacles: rects.iter().map(corners).collect(),
                    touch: TOUCH,
                    pinches: false,
                }));
            }
        }
    }
    let count = floors.len();
    let mut building = match Building::new(floors) {
        Ok(b) => b,
        Err(e) => {
            assert!(count == 0 && e == LevelError::NoFloors, "{e:?}");
            return;
        }
    };
    let mut kept: Vec<(Doorway, bool)> = Vec::new();
    for d in case.doorways.iter().take(6) {
        let cost = match d.wild_cost {
            Some(c) => f64::from(c),
            None => f64::from(d.cost) / 4.0,
        };
        let doorway = Doorway {
            from: spot(d.from, count),
            to: spot(d.to, count),
            cost,
            two_way: d.two_way,
        };
        let before = building.doorways().count();
        match building.add_doorway(doorway) {
            Ok(k) => {
                assert_eq!(k, before);
                assert!(building.set_doorway_enabled(k, d.on));
                kept.push((doorway, d.on));
            }
            Err(e) => {
                assert!(documented(&e), "unexpected error {e:?}");
                assert_eq!(
                    building.doorways().count(),
                    before,
                    "a refused doorway was added"
                );
            }
        }
    }
    // Where a spot stands: its cell's centre on tiles.
    let stands = |s: Spot, floors: &[Floor]| match &floors[s.floor as usize] {
        Floor::Tiles(_) => Point::new(s.at.x.floor() + 0.5, s.at.y.floor() + 0.5),
        Floor::Open(_) => s.at,
    };
    let mut search = BuildingSearch::default();
    for &(a, b) in case.queries.iter().take(6) {
        let (start, goal) = (spot(a, count), spot(b, count));
        let answer = match building.find_path(&mut search, start, goal) {
            Ok(outcome) => outcome.into_path(),
            Err(e) => {
                assert!(documented(&e), "unexpected error {e:?}");
                continue;
            }
        };
        // Both ends were stood on: snap tile spots to their cells for the oracle.
        let (start, goal) = (
            Spot {
                at: stands(start, building.floors()),
                ..start
            },
            Spot {
                at: stands(goal, building.floors()),
                ..goal
            },
        );
        if let Some(path) = &answer {
            assert!(
                path.cost.is_finite() && path.cost >= 0.0,
                "cost {}",
                path.cost
            );
            assert_eq!(path.nodes.first(), Some(&start));
            assert_eq!(path.nodes.last(), Some(&goal));
        }
        let on_lattice = a.wild.is_none()
            && b.wild.is_none()
            && case
                .doorways
                .iter()
                .take(6)
                .all(|d| d.from.wild.is_none() && d.to.wild.is_none() && d.wild_cost.is_none());
        if apart && on_lattice {
            // Doorway ends on tiles stand at their cells' centres too.
            let doorways: Vec<(Doorway, bool)> = kept
                .iter()
                .map(|&(d, on)| {
                    let from = Spot {
                        at: stands(d.from, building.floors()),
                        ..d.from
                    };
                    let to = Spot {
                        at: stands(d.to, building.floors()),
                        ..d.to
                    };
                    (Doorway { from, to, ..d }, on)
                })
                .collect();
            let best = cheapest(&seen, &doorways, start, goal);
            match (answer.map(|p| p.cost), best) {
                (Some(x), Some(y)) => assert!(
                    (x - y).abs() <= 1e-7 * y.max(1.0),
                    "{start:?} -> {goal:?}: {x}, the oracle {y}"
                ),
                (x, y) => assert_eq!(x, y, "{start:?} -> {goal:?}"),
            }
        }
    }
}
