//! A second, outside opinion on shortest paths: the `pathfinding` crate's Dijkstra, fed by a
//! successor function written here from the rules in integer arithmetic (costs 10 and 14 per
//! straight and diagonal move, times the weight of the cell entered). On random weighted grids,
//! for every diagonal rule, it must agree with the oracle of `support/oracle.rs` and with pathkit
//! A* (the general loop and the grid's fast loop).

use pathkit::grid::{Cell, Diagonal};
use pathkit::search::{Outcome, SearchContext};
use proptest::prelude::*;

use crate::support;
use pathkit::search::AStar;
use pathkit::Pathfinder;
use support::oracle::MoveCosts;
use support::{moves_of, random_case, xy, Case, RULES};

/// The moves out of `(x, y)` under `rule`, each with its integer cost.
fn successors(case: &Case, rule: Diagonal, (x, y): (i64, i64)) -> Vec<((i64, i64), u64)> {
    let map = &case.map;
    let weight = |x: i64, y: i64| -> u64 {
        if x < 0 || y < 0 || x >= map.width as i64 || y >= map.height as i64 {
            0
        } else {
            u64::from(map.weights[y as usize * map.width + x as usize])
        }
    };
    if weight(x, y) == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let w = weight(x + dx, y + dy);
            if (dx, dy) == (0, 0) || w == 0 {
                continue;
            }
            if dx == 0 || dy == 0 {
                out.push(((x + dx, y + dy), 10 * w));
                continue;
            }
            let (beside_x, beside_y) = (weight(x + dx, y) != 0, weight(x, y + dy) != 0);
            let allowed = match rule {
                Diagonal::Never => false,
                Diagonal::NoCornerCutting => beside_x && beside_y,
                Diagonal::CornerCutting => beside_x || beside_y,
                Diagonal::Always => true,
            };
            if allowed {
                out.push(((x + dx, y + dy), 14 * w));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn pathfinding_crate_oracle_and_pathkit_agree(
        (w, h, density, max_weight, seed) in (1u32..30, 1u32..30, 0u32..50, 1u32..6, any::<u64>()),
        rule in 0usize..4,
    ) {
        let case = random_case(w, h, density, max_weight, seed);
        let rule = RULES[rule];
        let (start, goal) = (xy(case.start), xy(case.goal));
        let peer = if case.map.free(goal.0, goal.1) {
            pathfinding::prelude::dijkstra(&start, |&p| successors(&case, rule, p), |&p| p == goal)
                .map(|(_, cost)| cost)
        } else {
            None
        };
        let oracle = case.map.shortest(
            moves_of(rule),
            MoveCosts { straight: 10.0, diagonal: 14.0 },
            start,
            goal,
        );
        prop_assert_eq!(peer.map(|c| c as f64), oracle, "the two references disagree");
        let space = case.grid.space(rule, 10u32, 14u32).unwrap();
        let mut ctx = SearchContext::new();
        let cost = |o: Outcome<Cell, u32>| o.into_path().map(|p| u64::from(p.cost));
        let fast = space.find_path(&mut ctx, case.start, case.goal).unwrap();
        prop_assert_eq!(cost(fast), peer);
        if start != goal {
            // (From a node to itself the search core answers that node, wall or not.)
            let general = AStar(&space).find_path(&mut ctx, case.start, case.goal).unwrap();
            prop_assert_eq!(cost(general), peer);
        }
    }
}
