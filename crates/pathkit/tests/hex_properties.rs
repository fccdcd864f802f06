//! Hex grids against the independent hex oracle (`support/hex_oracle.rs`), which knows only the
//! drawing of a map: on thousands of random maps of every layout, with terrain weights, walls,
//! unreachable goals and edits between queries, [`HexGrid::find_path`] must agree with the
//! oracle's Dijkstra on reachability and cost, return a walk the oracle accepts (touching
//! hexes, no walls, the cost it reports), match the search core's Dijkstra, and never estimate
//! more than the real cost; the connected components, the offset conversions and the text form
//! must be the oracle's too.

use crate::support;
use crate::support::hex_oracle::{Drawing, HexMap};
use pathkit::hex::{Hex, HexGrid, HexLayout};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions, SearchSpace, WhenUnreachable};
use pathkit::{Ends, Pathfinder};
use std::collections::HashMap;

/// Random maps searched; each gets [`QUERIES`] queries with edits between them.
const MAPS: u64 = 2_000;
/// Queries on each map.
const QUERIES: usize = 6;

/// A xorshift generator: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The oracle's drawing of a layout: which way hexes shift, and which of them.
fn drawing_of(layout: HexLayout) -> Drawing {
    match layout {
        HexLayout::OddR => Drawing {
            rows_shifted: true,
            odd_shifted: true,
        },
        HexLayout::EvenR => Drawing {
            rows_shifted: true,
            odd_shifted: false,
        },
        HexLayout::OddQ => Drawing {
            rows_shifted: false,
            odd_shifted: true,
        },
        HexLayout::EvenQ => Drawing {
            rows_shifted: false,
            odd_shifted: false,
        },
    }
}

/// A random weight: a wall with `density` percent odds, else 1 to `max_weight`.
fn random_weight(rng: &mut Rng, density: u64, max_weight: u64) -> u32 {
    if rng.below(100) < density {
        0
    } else {
        1 + rng.below(max_weight) as u32
    }
}

/// The same random map for the library and the oracle, both built from one list of weights.
fn random_map(rng: &mut Rng) -> (HexGrid, HexMap, u64, u64) {
    let layout = HexLayout::ALL[rng.below(4) as usize];
    let (w, h) = (1 + rng.below(12), 1 + rng.below(12));
    let density = rng.below(55);
    let max_weight = 1 + rng.below(9);
    let weights: Vec<u32> = (0..w * h)
        .map(|_| random_weight(rng, density, max_weight))
        .collect();
    let grid = HexGrid::from_fn(layout, w as u32, h as u32, |c, r| {
        weights[(r as u64 * w + c as u64) as usize]
    })
    .unwrap();
    let map = HexMap {
        drawing: drawing_of(layout),
        width: w as i64,
        height: h as i64,
        weights,
    };
    (grid, map, density, max_weight)
}

/// What the queries met, so the test can tell it covered the cases it claims to.
#[derive(Default, Debug)]
struct Tally {
    queries: usize,
    found: usize,
    unreachable: usize,
    walled_end: usize,
    cut_off: usize,
    weighted: usize,
    per_layout: HashMap<HexLayout, usize>,
}

/// The hex at `at` (column, row) in the library's coordinates, after checking they are the
/// oracle's.
fn hex_of(grid: &HexGrid, map: &HexMap, at: (i64, i64)) -> Hex {
    let hex = grid.hex_at(at.0 as u32, at.1 as u32).unwrap();
    assert_eq!(
        (hex.q as i64, hex.r as i64),
        map.drawing.axial(at.0, at.1),
        "axial coordinates of {at:?}\n{}",
        map.picture()
    );
    hex
}

/// One query, checked against the oracle.
fn check_query(
    grid: &HexGrid,
    map: &HexMap,
    ctx: &mut SearchContext<u64>,
    (s, g): ((i64, i64), (i64, i64)),
    tally: &mut Tally,
) {
    let (start, goal) = (hex_of(grid, map, s), hex_of(grid, map, g));
    let what = || format!("{s:?} -> {g:?} ({start} -> {goal})\n{}", map.picture());
    let outcome = grid.find_path(ctx, start, goal).unwrap();
    let stats = ctx.stats();
    // Run a slice at a time, the same answer and the same work.
    let sliced = support::sliced_answer(grid, ctx, (start, goal), &SearchOptions::new(), 3);
    assert_eq!(sliced, (outcome.clone(), stats), "sliced: {}", what());
    let expected = map.shortest(s, g);
    let ends = if map.weight(s) == 0 {
        Ends::StartBlocked
    } else if map.weight(g) == 0 {
        Ends::GoalBlocked
    } else if expected.is_none() {
        Ends::Apart
    } else {
        Ends::Open
    };
    assert_eq!(
        grid.check_ends(start, goal).unwrap(),
        ends,
        "ends: {}",
        what()
    );
    tally.queries += 1;
    *tally.per_layout.entry(grid.layout()).or_default() += 1;
    assert_eq!(
        grid.reachable(start, goal).unwrap(),
        expected.is_some(),
        "reachable: {}",
        what()
    );
    match (&outcome, expected) {
        (Outcome::Found(path), Some(best)) => {
            tally.found += 1;
            let cells: Vec<(i64, i64)> = path
                .nodes
                .iter()
                .map(|h| map.drawing.offset(h.q as i64, h.r as i64))
                .collect();
            let walked = map
                .path_cost(s, g, &cells)
                .unwrap_or_else(|e| panic!("{e}: {:?}\n{}", path.nodes, what()));
            assert_eq!(walked, path.cost, "the moves cost {walked}: {}", what());
            assert_eq!(path.cost, best, "the optimum is {best}: {}", what());
            if path.nodes.iter().skip(1).any(|&h| grid.weight(h) > 1) {
                tally.weighted += 1;
            }
            let estimate = grid.heuristic(start, goal);
            assert!(
                estimate <= best,
                "estimate {estimate} > cost {best}: {}",
                what()
            );
            let dijkstra = AStar(grid)
                .find_path_with(ctx, start, goal, &SearchOptions::dijkstra())
                .unwrap()
                .into_path()
                .unwrap();
            assert_eq!(dijkstra.cost, best, "the core's Dijkstra: {}", what());
        }
        (Outcome::Unreachable, None) => {
            tally.unreachable += 1;
            if map.weight(s) == 0 || map.weight(g) == 0 {
                tally.walled_end += 1;
            } else {
                tally.cut_off += 1;
            }
            // Asked for the closest point instead, a passable start gets a real walk.
            if map.weight(s) != 0 {
                let options = SearchOptions {
                    when_unreachable: WhenUnreachable::ClosestPoint,
                    ..SearchOptions::default()
                };
                let closest = grid.find_path_with(ctx, start, goal, &options).unwrap();
                let stats = ctx.stats();
                let sliced = support::sliced_answer(grid, ctx, (start, goal), &options, 2);
                assert_eq!(sliced, (closest.clone(), stats), "sliced: {}", what());
                let Outcome::Closest(path) = closest else {
                    panic!("closest point: {closest:?}: {}", what());
                };
                let cells: Vec<(i64, i64)> = path
                    .nodes
                    .iter()
                    .map(|h| map.drawing.offset(h.q as i64, h.r as i64))
                    .collect();
                let end = *cells.last().unwrap();
                let walked = map
                    .path_cost(s, end, &cells)
                    .unwrap_or_else(|e| panic!("closest point: {e}\n{}", what()));
                assert_eq!(Some(walked), map.shortest(s, end), "{}", what());
                assert_eq!(walked, path.cost, "{}", what());
            }
        }
        (got, want) => panic!("search says {got:?}, the oracle {want:?}: {}", what()),
    }
}

/// The grid's components are the oracle's, hex for hex, up to the names of the components.
fn check_components(grid: &HexGrid, map: &HexMap) {
    let expected = map.components();
    let mut name_of = HashMap::new();
    let mut label_of = HashMap::new();
    for (i, &label) in expected.iter().enumerate() {
        let hex = grid.hex_at_index(i);
        let got = grid.component(hex).unwrap();
        assert_eq!(got.is_some(), label.is_some(), "{hex}\n{}", map.picture());
        if let (Some(got), Some(label)) = (got, label) {
            assert_eq!(
                *name_of.entry(label).or_insert(got),
                got,
                "{}",
                map.picture()
            );
            assert_eq!(
                *label_of.entry(got).or_insert(label),
                label,
                "{}",
                map.picture()
            );
        }
    }
}

/// The text form is the oracle's drawing: every hex's character at its centre, and the text
/// reads back to the same grid.
fn check_text(grid: &HexGrid, map: &HexMap) {
    let text = grid.to_ascii();
    assert_eq!(HexGrid::from_ascii(&text).unwrap(), *grid, "{text}");
    let body: Vec<&str> = text.lines().skip(1).collect();
    for i in 0..map.weights.len() {
        let (col, row) = (i as i64 % map.width, i as i64 / map.width);
        let (x, y) = map.drawing.centre(col, row);
        // Flat-top columns are two characters apart.
        let x = if map.drawing.rows_shifted { x } else { 2 * x };
        let ch = body[y as usize].chars().nth(x as usize);
        let want = match map.weights[i] {
            0 => '#',
            1 => '.',
            w => char::from_digit(w, 10).unwrap(),
        };
        assert_eq!(ch, Some(want), "({col}, {row}) in\n{text}");
    }
}

#[test]
fn every_query_matches_the_oracle_through_edits() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut ctx = SearchContext::new();
    let mut tally = Tally::default();
    for _ in 0..MAPS {
        let (mut grid, mut map, density, max_weight) = random_map(&mut rng);
        check_text(&grid, &map);
        for q in 0..QUERIES {
            let pick = |rng: &mut Rng| {
                (
                    rng.below(map.width as u64) as i64,
                    rng.below(map.height as u64) as i64,
                )
            };
            // Ends on passable hexes three times in four (when there are any), so that most
            // unreachable goals are cut off by walls rather than inside them.
            let passable: Vec<usize> = (0..map.weights.len())
                .filter(|&i| map.weights[i] != 0)
                .collect();
            let end = |rng: &mut Rng| {
                if passable.is_empty() || rng.below(4) == 0 {
                    pick(rng)
                } else {
                    let i = passable[rng.below(passable.len() as u64) as usize] as i64;
                    (i % map.width, i / map.width)
                }
            };
            let ends = (end(&mut rng), end(&mut rng));
            check_query(&grid, &map, &mut ctx, ends, &mut tally);
            // Edits between queries: walls built, walls knocked down, terrain changed.
            if q + 1 < QUERIES {
                for _ in 0..1 + rng.below(3) {
                    let at = pick(&mut rng);
                    let weight = random_weight(&mut rng, density.max(20), max_weight);
                    let hex = grid.hex_at(at.0 as u32, at.1 as u32).unwrap();
                    grid.set_weight(hex, weight).unwrap();
                    map.weights[(at.1 * map.width + at.0) as usize] = weight;
                }
            }
        }
        check_components(&grid, &map);
        check_text(&grid, &map);
    }
    assert!(tally.queries >= 10_000, "{tally:?}");
    assert!(
        tally.found >= 3_000 && tally.unreachable >= 1_000,
        "{tally:?}"
    );
    assert!(
        tally.walled_end >= 500 && tally.cut_off >= 1_000,
        "{tally:?}"
    );
    assert!(tally.weighted >= 1_000, "{tally:?}");
    assert!(tally.per_layout.values().all(|&n| n >= 2_000), "{tally:?}");
}

/// The lightest weight scales the estimate, and edits move it: on a map of one weight the
/// estimate is the exact cost, and it never exceeds it after the lightest hex is walled up.
#[test]
fn the_estimate_follows_the_lightest_weight_through_edits() {
    for layout in HexLayout::ALL {
        let mut grid = HexGrid::from_fn(layout, 7, 6, |_, _| 3).unwrap();
        let hexes: Vec<Hex> = (0..grid.len()).map(|i| grid.hex_at_index(i)).collect();
        let mut ctx = SearchContext::new();
        for &a in &hexes {
            for &b in &hexes {
                let cost = grid
                    .find_path(&mut ctx, a, b)
                    .unwrap()
                    .into_path()
                    .unwrap()
                    .cost;
                assert_eq!(grid.heuristic(a, b), cost, "{layout} {a} -> {b}");
            }
        }
        grid.set_weight(hexes[5], 1).unwrap();
        assert_eq!(grid.min_weight(), 1);
        grid.block(hexes[5]).unwrap();
        assert_eq!(grid.min_weight(), 3);
        grid.set_weight(hexes[5], 7).unwrap();
        assert_eq!(grid.min_weight(), 3);
    }
}
