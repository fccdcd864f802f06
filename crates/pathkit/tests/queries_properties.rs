//! Property tests of the queries games ask for beyond one path: the closest reachable point,
//! distance maps (movement ranges, flow fields), the nearest of several goals, and searches run a
//! slice at a time. Every answer is checked against the independent oracle of
//! `support/oracle.rs` (its own Dijkstra from the rules alone), never against the engine itself:
//! paths must be real walks costing what they report, costs must be the oracle's optimum, and
//! the closest point must be the nearest reachable node by the heuristic the documentation
//! names, cheapest among equals.

use pathkit::graph::{Direction, NodeGraph, NodeId, NodeKind};
use pathkit::grid::{Cell, Diagonal, Grid, GridError, GridSpace};
use pathkit::jps::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode};
use pathkit::search::{
    DistanceMap, IndexedSpace, Outcome, Path, Progress, SearchContext, SearchError, SearchOptions,
    SearchSpace, WhenUnreachable,
};
use pathkit::Cost;
use proptest::prelude::*;

use crate::support;
use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
use pathkit::search::AStar;
use pathkit::{Ends, Goal, Pathfinder, PendingPath, SlicedPathfinder, Unsupported};
use support::oracle::{same_cost, MoveCosts, Moves, OracleGraph, OracleMap};
use support::{
    check_grid_answer, moves_of, picture, random_case, tolerance, xy, Case, RULES, TIES,
};

/// A grid up to 24x24 with 0 to 55 percent walls, weights 1 to `1..4`, and two cells.
fn case() -> impl Strategy<Value = Case> {
    (1u32..24, 1u32..24, 0u32..56, 1u32..4, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_case(w, h, density, max_weight, seed))
}

/// `n` cells of the case's grid drawn from `seed`.
fn cells(case: &Case, n: usize, seed: u64) -> Vec<Cell> {
    let (w, h) = (case.grid.width() as u64, case.grid.height() as u64);
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Cell::new((state % w) as u32, (state / w % h) as u32)
        })
        .collect()
}

/// The oracle's index of a cell.
fn at(map: &OracleMap, c: Cell) -> usize {
    c.y as usize * map.width + c.x as usize
}

/// The test's own estimate between two cells, up to a positive factor (the grid scales its
/// heuristic by the move costs and the lightest weight, which orders cells the same way):
/// Manhattan for 4-connected moves, octile for 8-connected moves costing 1 and √2.
fn estimate(moves: Moves, a: Cell, b: Cell) -> f64 {
    let (dx, dy) = (a.x.abs_diff(b.x) as f64, a.y.abs_diff(b.y) as f64);
    if moves == Moves::Four {
        dx + dy
    } else {
        dx.max(dy) - dx.min(dy) + dx.min(dy) * std::f64::consts::SQRT_2
    }
}

/// The grid's space for a rule: 4-connected costs 1 (u32), 8-connected costs 1 and √2 (f64).
fn octile_space(grid: &Grid, rule: Diagonal) -> GridSpace<'_, f64> {
    grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap()
}

fn costs_of(moves: Moves) -> MoveCosts {
    if moves == Moves::Four {
        MoveCosts {
            straight: 1.0,
            diagonal: 1.0,
        }
    } else {
        MoveCosts::OCTILE
    }
}

/// Checks a grid answer with [`WhenUnreachable::ClosestPoint`]: the oracle's optimal path when
/// the goal is reachable; otherwise a real walk, as cheap as the oracle's, to a reachable cell of
/// the least estimate to the goal, and the cheapest of those.
fn check_closest<C: Cost>(case: &Case, moves: Moves, outcome: &Outcome<Cell, C>) {
    let (map, start, goal) = (&case.map, case.start, case.goal);
    let costs = costs_of(moves);
    if !map.free(start.x as i64, start.y as i64) {
        assert_eq!(
            outcome,
            &Outcome::Unreachable,
            "a walled start has no moves"
        );
        return;
    }
    if map.shortest(moves, costs, xy(start), xy(goal)).is_some() {
        check_grid_answer(map, moves, costs, (start, goal), outcome, 1.0);
        return;
    }
    let Outcome::Closest(path) = outcome else {
        panic!(
            "{start} -> {goal} under {moves:?}: expected the closest point, got {outcome:?}\n{}",
            picture(map)
        );
    };
    let last = *path.nodes.last().unwrap();
    let walked = walked(map, moves, start, path);
    let dist = map.distances(moves, costs, &[xy(start)]);
    let tol = tolerance::<C>().max(1e-9);
    assert!(same_cost(walked, path.cost.to_f64(), tol));
    let best_cost = dist[at(map, last)].expect("the closest point is reachable");
    assert!(
        same_cost(best_cost, path.cost.to_f64(), tol),
        "{} vs optimum {best_cost}",
        path.cost.to_f64()
    );
    // Nearest by estimate, then cheapest.
    let reachable =
        (0..map.height).flat_map(|y| (0..map.width).map(move |x| Cell::new(x as u32, y as u32)));
    let least = reachable
        .clone()
        .filter(|&c| dist[at(map, c)].is_some())
        .map(|c| estimate(moves, c, goal))
        .fold(f64::INFINITY, f64::min);
    assert!(
        estimate(moves, last, goal) <= least + 1e-9,
        "{start} -> {goal} under {moves:?}: {last} is not nearest ({} > {least})\n{}",
        estimate(moves, last, goal),
        picture(map)
    );
    let cheapest = reachable
        .filter(|&c| dist[at(map, c)].is_some() && estimate(moves, c, goal) <= least + 1e-9)
        .map(|c| dist[at(map, c)].unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!(
        same_cost(cheapest, best_cost, tol),
        "{last} costs {best_cost}, an equally near cell {cheapest}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The closest point on grids, through `find_path` (the grid's components, then the general
    /// loop), A* and Dijkstra, every diagonal rule and tie rule.
    #[test]
    fn grid_closest_point_is_nearest_then_cheapest(case in case(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let rule = RULES[rule];
        let moves = moves_of(rule);
        let mut ctx = SearchContext::new();
        let (start, goal) = (case.start, case.goal);
        if rule == Diagonal::Never {
            let options = SearchOptions::<u32>::new()
                .tie_break(TIES[tie])
                .when_unreachable(WhenUnreachable::ClosestPoint);
            let mut ctx = SearchContext::new();
            let space = case.grid.four_connected();
            check_closest(&case, moves, &space.find_path_with(&mut ctx, start, goal, &options).unwrap());
            let dijkstra = SearchOptions { heuristic_weight: 0.0, ..options };
            check_closest(&case, moves, &space.find_path_with(&mut ctx, start, goal, &dijkstra).unwrap());
        } else {
            let options = SearchOptions::new()
                .tie_break(TIES[tie])
                .when_unreachable(WhenUnreachable::ClosestPoint);
            let space = octile_space(&case.grid, rule);
            check_closest(&case, moves, &space.find_path_with(&mut ctx, start, goal, &options).unwrap());
            let dijkstra = SearchOptions { heuristic_weight: 0.0, ..options };
            check_closest(&case, moves, &space.find_path_with(&mut ctx, start, goal, &dijkstra).unwrap());
        }
        // Without the option, an unreachable goal is still unreachable.
        let plain = octile_space(&case.grid, rule).find_path(&mut ctx, start, goal).unwrap();
        prop_assert!(!matches!(plain, Outcome::Closest(_)));
    }

    /// Distance maps from sources, with and without a cost limit, against the oracle's
    /// multi-source Dijkstra: the same cells, the same costs, steps that are real moves.
    #[test]
    fn grid_distances_from_match_the_oracle(case in case(), rule in 0usize..4, n in 0usize..4, seed in any::<u64>(), limit in prop::option::of(0.0..12.0f64)) {
        let rule = RULES[rule];
        let moves = moves_of(rule);
        let sources = cells(&case, n, seed);
        let space = octile_space(&case.grid, rule);
        let mut ctx = SearchContext::new();
        let map = space.distances_from(&mut ctx, &sources, limit).unwrap();
        let oracle: Vec<(i64, i64)> = sources.iter().map(|&c| xy(c)).collect();
        let want = case.map.distances(moves, costs_of(moves), &oracle);
        check_distance_map(&case, moves, &map, &want, limit, false);
    }

    /// Flow fields: the cost from every cell to the nearest target, and a next step that is a
    /// real move whose cost plus the rest is that cost, on weighted terrain too.
    #[test]
    fn grid_flow_fields_match_the_oracle(case in small_case(), rule in 0usize..4, n in 0usize..4, seed in any::<u64>(), limit in prop::option::of(0.0..12.0f64)) {
        let rule = RULES[rule];
        let moves = moves_of(rule);
        let targets = cells(&case, n, seed);
        let space = octile_space(&case.grid, rule);
        let mut ctx = SearchContext::new();
        let map = space.distances_to(&mut ctx, &targets, limit).unwrap();
        // The oracle searches forward only: from every cell, the cheapest target.
        let want: Vec<Option<f64>> = (0..case.map.weights.len())
            .map(|i| {
                let cell = (i as i64 % case.map.width as i64, i as i64 / case.map.width as i64);
                let dist = case.map.distances(moves, costs_of(moves), &[cell]);
                targets
                    .iter()
                    .filter_map(|&t| dist[at(&case.map, t)])
                    .fold(None, |best: Option<f64>, d| Some(best.map_or(d, |b| b.min(d))))
            })
            .collect();
        check_distance_map(&case, moves, &map, &want, limit, true);
    }

    /// The nearest of several goals on grids: the plain query (searched backwards from the
    /// goals) and the forward one (a limit that never binds) both cost the oracle's least
    /// distance to any goal, along a real walk ending at a goal; so do they under tile rules of
    /// the user's that weigh cells as the grid does (backwards through the general loop). A
    /// cost limit is kept, weighted A* stays within its bound, and the closest point answers
    /// when no goal can be reached. The search core's `search_nearest` answers as the oracle too.
    #[test]
    fn grid_nearest_goal_is_the_cheapest(case in case(), rule in 0usize..4, n in 0usize..6, seed in any::<u64>(), tie in 0usize..TIES.len(), limit in 0.0..30.0f64) {
        let rule = RULES[rule];
        let moves = moves_of(rule);
        let goals = cells(&case, n, seed);
        let own = |g: &Grid, c: Cell| g.weight(c);
        if rule == Diagonal::Never {
            let mut ctx = SearchContext::new();
            let plain = SearchOptions::<u32>::new().tie_break(TIES[tie]);
            let space = case.grid.four_connected();
            let ruled = case.grid.four_connected().with_rules(own);
            for options in [plain, plain.max_expansions(u64::MAX)] {
                let outcome = space.find_path_with(&mut ctx, case.start, &goals, &options).unwrap();
                check_nearest(&case, moves, &goals, &outcome);
                let outcome = ruled.find_path_with(&mut ctx, case.start, &goals, &options).unwrap();
                check_nearest(&case, moves, &goals, &outcome);
            }
        } else {
            let mut ctx = SearchContext::new();
            let plain = SearchOptions::new().tie_break(TIES[tie]);
            let forward = plain.max_expansions(u64::MAX);
            let space = octile_space(&case.grid, rule);
            let ruled = octile_space(&case.grid, rule).with_rules(own);
            for options in [plain, forward] {
                let outcome = space.find_path_with(&mut ctx, case.start, &goals, &options).unwrap();
                check_nearest(&case, moves, &goals, &outcome);
                let outcome = ruled.find_path_with(&mut ctx, case.start, &goals, &options).unwrap();
                check_nearest(&case, moves, &goals, &outcome);
            }
            // The search core's own nearest-goal search, goals named by a predicate. The core
            // knows a space only by its edges (`SearchContext`, "Nodes no one may stand on"): a
            // start inside a wall that is itself a goal is the path `[start]` at cost zero,
            // where the grid's queries answer unreachable; any other walled start has no moves.
            let outcome = AStar(&space).find_path_with(&mut ctx, case.start, Goal::Matching(&|c| goals.contains(&c)), &plain).unwrap();
            // The closest point to a goal test has no meaning (no goal to be near): refused.
            let closest = plain.when_unreachable(WhenUnreachable::ClosestPoint);
            let refused = AStar(&space).find_path_with(&mut ctx, case.start, Goal::Matching(&|c| goals.contains(&c)), &closest);
            prop_assert_eq!(refused, Err(SearchError::Unsupported(Unsupported::ClosestPoint)));
            if !case.map.free(case.start.x as i64, case.start.y as i64) {
                let expected = if goals.contains(&case.start) {
                    Outcome::Found(Path { nodes: vec![case.start], cost: 0.0 })
                } else {
                    Outcome::Unreachable
                };
                prop_assert_eq!(outcome, expected);
            } else {
                check_nearest(&case, moves, &goals, &outcome);
            }
            let best = nearest_cost(&case, moves, &goals);
            // Weighted A* goes backwards through the general loop.
            let outcome = space.find_path_with(&mut ctx, case.start, &goals, &SearchOptions::weighted(1.5)).unwrap();
            match (&outcome, best) {
                (Outcome::Found(p), Some(best)) => check_path_to_any(&case, moves, &goals, p, best, 1.5),
                (Outcome::Unreachable, None) => {}
                (got, best) => panic!("weighted: {got:?}, oracle {best:?}"),
            }
            // A cost limit: the optimum when it is within the limit, no path to a goal otherwise.
            let outcome = space.find_path_with(&mut ctx, case.start, &goals, &plain.max_cost(limit)).unwrap();
            match (&outcome, best) {
                (Outcome::Found(p), Some(best)) => {
                    prop_assert!(p.cost <= limit + 1e-9, "cost {} over the limit {limit}", p.cost);
                    check_path_to_any(&case, moves, &goals, p, best, 1.0);
                }
                (Outcome::Found(p), None) => panic!("found {p:?}, but no goal is reachable"),
                (_, Some(best)) => prop_assert!(best > limit - 1e-9, "the goal at {best} is within the limit {limit}: {outcome:?}"),
                (_, None) => {}
            }
            // The closest point when no goal can be reached.
            let closest = plain.when_unreachable(WhenUnreachable::ClosestPoint);
            let outcome = space.find_path_with(&mut ctx, case.start, &goals, &closest).unwrap();
            let walled = !case.map.free(case.start.x as i64, case.start.y as i64);
            match (&outcome, best) {
                (_, Some(_)) => check_nearest(&case, moves, &goals, &outcome),
                (Outcome::Unreachable, None) => prop_assert!(walled || goals.is_empty(), "no closest point"),
                (Outcome::Closest(p), None) => {
                    prop_assert_eq!(p.nodes[0], case.start);
                    let walked = walked(&case.map, moves, case.start, p);
                    prop_assert!(same_cost(walked, p.cost, 1e-9), "walked {walked}, reported {}", p.cost);
                }
                (got, None) => panic!("no goal is reachable: {got:?}"),
            }
        }
    }
}

/// A grid up to 12x12 (flow fields are checked with one oracle search per cell).
fn small_case() -> impl Strategy<Value = Case> {
    (1u32..12, 1u32..12, 0u32..46, 1u32..4, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_case(w, h, density, max_weight, seed))
}

/// What a distance map answers of one node: its cost and the next node toward a source.
type MapAnswer<S> = (
    Option<<S as SearchSpace>::Cost>,
    Option<<S as SearchSpace>::Node>,
);

/// What a distance map answers of each of `nodes`.
fn map_answers<S: IndexedSpace>(map: &DistanceMap<'_, S>, nodes: &[S::Node]) -> Vec<MapAnswer<S>> {
    nodes
        .iter()
        .map(|&n| (map.cost(n), map.toward_source(n)))
        .collect()
}

/// Checks a distance map against the oracle's distances `want` (from the sources, or to the
/// targets when `toward` is true): every cell within the limit is there at the oracle's cost,
/// no other; every step is a real move that accounts for the difference in cost.
fn check_distance_map(
    case: &Case,
    moves: Moves,
    map: &DistanceMap<'_, GridSpace<'_, f64>>,
    want: &[Option<f64>],
    limit: Option<f64>,
    toward: bool,
) {
    let costs = costs_of(moves);
    let within = |d: f64| limit.is_none_or(|l| d <= l + 1e-9);
    let mut count = 0;
    // Left over from another answer: `route_to_source` empties it first.
    let mut route = vec![Cell::new(0, 0)];
    for y in 0..case.map.height {
        for x in 0..case.map.width {
            let cell = Cell::new(x as u32, y as u32);
            let expected = want[at(&case.map, cell)].filter(|&d| within(d));
            let got = map.cost(cell);
            // The route is the chain of steps toward the source, at the cell's cost.
            assert_eq!(map.route_to_source(cell, &mut route), got, "{cell}");
            if got.is_none() {
                assert!(route.is_empty(), "{cell} is not reached: {route:?}");
            } else {
                assert_eq!(route[0], cell);
                for pair in route.windows(2) {
                    assert_eq!(map.toward_source(pair[0]), Some(pair[1]), "{route:?}");
                }
                assert_eq!(map.toward_source(route[route.len() - 1]), None, "{route:?}");
            }
            match (got, expected) {
                (None, None) => continue,
                (Some(g), Some(e)) => assert!(
                    same_cost(g, e, 1e-9),
                    "{cell}: {g} vs oracle {e}\n{}",
                    picture(&case.map)
                ),
                (g, e) => panic!("{cell}: map {g:?}, oracle {e:?}\n{}", picture(&case.map)),
            }
            count += 1;
            let cost = got.unwrap();
            match map.toward_source(cell) {
                None => assert_eq!(cost, 0.0, "{cell} has no step but costs {cost}"),
                Some(next) => {
                    let (from, to) = if toward { (cell, next) } else { (next, cell) };
                    let step = case
                        .map
                        .step_cost(moves, costs, xy(from), xy(to))
                        .unwrap_or_else(|| panic!("{from} -> {to} is no move"));
                    let rest = map.cost(next).unwrap();
                    assert!(
                        same_cost(rest + step, cost, 1e-9),
                        "{cell}: {rest} + {step} != {cost}"
                    );
                }
            }
        }
    }
    assert_eq!(map.len(), count);
    assert_eq!(map.is_empty(), count == 0);
    let listed: Vec<f64> = map.iter().map(|r| r.cost).collect();
    assert!(
        listed.windows(2).all(|w| w[0] <= w[1] + 1e-9),
        "cheapest first"
    );
    for r in map.iter() {
        assert_eq!(Some(r.cost), map.cost(r.node));
        assert_eq!(r.toward_source, map.toward_source(r.node));
    }
}

/// The oracle's least cost from the case's start to any of `goals`.
fn nearest_cost(case: &Case, moves: Moves, goals: &[Cell]) -> Option<f64> {
    let dist = case
        .map
        .distances(moves, costs_of(moves), &[xy(case.start)]);
    goals
        .iter()
        .filter(|&&g| case.map.free(g.x as i64, g.y as i64))
        .filter_map(|&g| dist[at(&case.map, g)])
        .fold(None, |best: Option<f64>, d| {
            Some(best.map_or(d, |b| b.min(d)))
        })
}

fn check_nearest<C: Cost>(case: &Case, moves: Moves, goals: &[Cell], outcome: &Outcome<Cell, C>) {
    let best = nearest_cost(case, moves, goals);
    match (outcome, best) {
        (Outcome::Found(path), Some(best)) => {
            check_path_to_any(case, moves, goals, path, best, 1.0)
        }
        (Outcome::Unreachable, None) => {}
        (got, best) => panic!(
            "{} to {goals:?}: {got:?}, oracle {best:?}\n{}",
            case.start,
            picture(&case.map)
        ),
    }
}

/// What `path` costs walked under the rules from `start` to its last cell; a failure when it is
/// no such walk.
fn walked<C: Cost>(map: &OracleMap, moves: Moves, start: Cell, path: &Path<Cell, C>) -> f64 {
    let last = *path.nodes.last().unwrap();
    let cells: Vec<(i64, i64)> = path.nodes.iter().map(|&c| xy(c)).collect();
    map.path_cost(moves, costs_of(moves), xy(start), xy(last), &cells)
        .unwrap()
}

fn check_path_to_any<C: Cost>(
    case: &Case,
    moves: Moves,
    goals: &[Cell],
    path: &Path<Cell, C>,
    best: f64,
    bound: f64,
) {
    let last = *path.nodes.last().unwrap();
    assert!(goals.contains(&last), "{last} is no goal");
    let walked = walked(&case.map, moves, case.start, path);
    let tol = tolerance::<C>().max(1e-9);
    assert!(
        same_cost(walked, path.cost.to_f64(), tol),
        "walked {walked}, reported {}",
        path.cost.to_f64()
    );
    let cost = path.cost.to_f64();
    assert!(
        same_cost(best, cost, tol) || (bound > 1.0 && cost >= best && cost <= best * bound + tol),
        "cost {cost}, optimum {best}, bound {bound}\n{}",
        picture(&case.map)
    );
}

/// A node graph of 2D points with random one-way and two-way edges (each costing the distance
/// between its points), and the oracle's copy of it.
fn point_graph() -> impl Strategy<Value = (NodeGraph, Vec<NodeId>, OracleGraph, Vec<(u8, u8)>)> {
    (
        prop::collection::vec((0u8..20, 0u8..20), 1..14),
        prop::collection::vec((0usize..14, 0usize..14, any::<bool>()), 0..30),
    )
        .prop_map(|(points, edges)| {
            let n = points.len();
            let (mut graph, ids) = NodeGraph::with_nodes(
                points
                    .iter()
                    .map(|&(x, y)| NodeKind::Point2(x as f32, y as f32)),
            );
            let mut oracle = OracleGraph::new(n);
            for &(a, b, both) in &edges {
                let (a, b) = (a % n, b % n);
                if a == b {
                    continue;
                }
                graph
                    .add_connections(
                        ids[a],
                        &[ids[b]],
                        if both {
                            Direction::BothWays
                        } else {
                            Direction::OneWay
                        },
                    )
                    .unwrap();
                let (p, q) = (points[a], points[b]);
                let length =
                    (f64::from(p.0) - f64::from(q.0)).hypot(f64::from(p.1) - f64::from(q.1));
                oracle.add_edge(a, b, length);
                if both {
                    oracle.add_edge(b, a, length);
                }
            }
            (graph, ids, oracle, points)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Node graphs: distance maps, the nearest of several goals (forward A*), the nearest of
    /// several starts and the closest point, each against the oracle's Dijkstra.
    #[test]
    fn node_graph_queries_match_the_oracle((graph, ids, oracle, points) in point_graph(), picks in prop::collection::vec(0usize..14, 0..4), s in 0usize..14, limit in prop::option::of(0.0..30.0f32)) {
        let n = ids.len();
        let s = s % n;
        let picks: Vec<usize> = picks.iter().map(|p| p % n).collect();
        let nodes: Vec<NodeId> = picks.iter().map(|&p| ids[p]).collect();
        let space = graph.space();
        let mut ctx = SearchContext::new();
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-3 * a.abs().max(1.0);

        // Distance map from the picks.
        let want = oracle.distances(&picks);
        let map = ctx.distance_map(&space, nodes.iter().copied(), limit).unwrap();
        for (i, &id) in ids.iter().enumerate() {
            let expected = want[i].filter(|&d| limit.is_none_or(|l| d <= f64::from(l) + 1e-3));
            match (map.cost(id), expected) {
                (None, None) => {}
                (Some(g), Some(e)) => {
                    prop_assert!(close(f64::from(g), e), "node {}: {} vs {}", i, g, e);
                    if let Some(prev) = map.toward_source(id) {
                        let edge = oracle.path_cost(prev.index(), i, &[prev.index(), i]).unwrap();
                        prop_assert!(close(f64::from(map.cost(prev).unwrap()) + edge, f64::from(g)));
                    } else {
                        prop_assert!(picks.contains(&i));
                    }
                }
                // Right at the limit, f32 and f64 sums may fall on either side of it.
                (g, e) => prop_assert!(limit.is_some_and(|l| want[i].is_some_and(|d| (d - f64::from(l)).abs() < 1e-3)), "node {}: map {:?}, oracle {:?}", i, g, e),
            }
        }

        // A source given twice is opened once: the same map, and the same counters.
        let once = map_answers(&map, &ids);
        let stats = ctx.stats();
        let twice: Vec<NodeId> = nodes.iter().chain(&nodes).copied().collect();
        let map = ctx.distance_map(&space, twice.iter().copied(), limit).unwrap();
        prop_assert_eq!(map_answers(&map, &ids), once);
        prop_assert_eq!(ctx.stats(), stats);

        // The nearest of the picks as goals, from s.
        let from_s = oracle.distances(&[s]);
        let best = picks.iter().filter_map(|&p| from_s[p]).fold(None, |b: Option<f64>, d| Some(b.map_or(d, |b| b.min(d))));
        let outcome = AStar(&space).find_path_with(&mut ctx, ids[s], Goal::AnyOf(&nodes), &SearchOptions::new()).unwrap();
        match (&outcome, best) {
            (Outcome::Found(p), Some(best)) => {
                let path: Vec<usize> = p.nodes.iter().map(|id| id.index()).collect();
                let last = *path.last().unwrap();
                prop_assert!(picks.contains(&last));
                let walked = oracle.path_cost(s, last, &path).unwrap();
                prop_assert!(close(walked, f64::from(p.cost)) && close(best, f64::from(p.cost)), "{} {} {}", walked, p.cost, best);
            }
            (Outcome::Unreachable, None) => {}
            (got, best) => prop_assert!(false, "{:?} vs {:?}", got, best),
        }


        // The closest point to the first pick, by straight-line distance, then by cost.
        if let Some(&g) = picks.first() {
            let options = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
            let outcome = AStar(&space).find_path_with(&mut ctx, ids[s], ids[g], &options).unwrap();
            let euclid = |i: usize| {
                let (a, b) = (points[i], points[g]);
                (f64::from(a.0) - f64::from(b.0)).hypot(f64::from(a.1) - f64::from(b.1))
            };
            match (&outcome, from_s[g]) {
                (Outcome::Found(p), Some(best)) => prop_assert!(close(f64::from(p.cost), best)),
                (Outcome::Closest(p), None) => {
                    let path: Vec<usize> = p.nodes.iter().map(|id| id.index()).collect();
                    let last = *path.last().unwrap();
                    let walked = oracle.path_cost(s, last, &path).unwrap();
                    prop_assert!(close(walked, f64::from(p.cost)));
                    prop_assert!(close(from_s[last].unwrap(), f64::from(p.cost)));
                    let least = (0..n).filter(|&i| from_s[i].is_some()).map(euclid).fold(f64::INFINITY, f64::min);
                    prop_assert!(euclid(last) <= least + 1e-3, "{} is not the nearest ({} > {})", last, euclid(last), least);
                    let cheapest = (0..n).filter(|&i| from_s[i].is_some() && euclid(i) <= least + 1e-6).map(|i| from_s[i].unwrap()).fold(f64::INFINITY, f64::min);
                    prop_assert!(close(cheapest, f64::from(p.cost)));
                }
                (got, best) => prop_assert!(false, "closest: {:?} vs {:?}", got, best),
            }
        }
    }
}

/// A uniform-cost grid (weights 0 or 1) up to 40x40 with 0 to 45 percent walls.
fn uniform_case() -> impl Strategy<Value = Case> {
    (1u32..40, 1u32..40, 0u32..46, any::<u64>())
        .prop_map(|(w, h, density, seed)| random_case(w, h, density, 1, seed))
}

/// A path of jump points (or cells) made into cells, as the JPS module documents.
fn jps_cells(moves: Moves, mode: PathMode, path: &Path<Cell, f64>) -> Path<Cell, f64> {
    match mode {
        PathMode::Cells => path.clone(),
        PathMode::JumpPoints => {
            let points: Vec<(i64, i64)> = path.nodes.iter().map(|&c| xy(c)).collect();
            let cells = OracleMap::cells_between_jump_points(moves, &points);
            Path {
                nodes: cells
                    .iter()
                    .map(|&(x, y)| Cell::new(x as u32, y as u32))
                    .collect(),
                cost: path.cost,
            }
        }
    }
}

/// The nearest-goal searches' promise for [`PathMode::JumpPoints`]: the points are turning
/// points, so each differs from the one before and the route between two of them is one straight
/// run (or one diagonal run, 8-connected). Read off the points, not the engine.
fn assert_turning_points(moves: Moves, path: &Path<Cell, f64>) {
    for leg in path.nodes.windows(2) {
        let (dx, dy) = (leg[0].x.abs_diff(leg[1].x), leg[0].y.abs_diff(leg[1].y));
        let one_run = dx == 0 || dy == 0 || (moves == Moves::NoCornerCutting && dx == dy);
        assert!(
            (dx, dy) != (0, 0) && one_run,
            "{moves:?}: {} -> {} in {:?}",
            leg[0],
            leg[1],
            path.nodes
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The nearest of several goals by JPS (8- and 4-connected, cells or jump points) and JPS+,
    /// searched backwards from the goals: the oracle's least cost, along a real walk; jump
    /// points are turning points.
    #[test]
    fn jps_nearest_goal_is_the_cheapest(case in uniform_case(), n in 0usize..7, seed in any::<u64>(), jump_points in any::<bool>()) {
        let goals = cells(&case, n, seed);
        let path_mode = if jump_points { PathMode::JumpPoints } else { PathMode::Cells };
        let mut ctx = JpsContext::new();
        for (rule, moves) in [(Diagonal::NoCornerCutting, Moves::NoCornerCutting), (Diagonal::Never, Moves::Four)] {
            let mode = JpsMode { moves: rule, path: path_mode };
            let outcome = case.grid.jump_points(mode).find_path(&mut ctx, case.start, &goals).unwrap();
            if let (Some(path), PathMode::JumpPoints) = (outcome.path(), path_mode) {
                assert_turning_points(moves, path);
            }
            check_nearest(&case, moves, &goals, &map_path(outcome, |p| jps_cells(moves, path_mode, &p)));
        }
        let plus = JpsPlus::new(case.grid.clone()).unwrap();
        let outcome = plus.paths(path_mode).find_path(&mut ctx, case.start, &goals).unwrap();
        let moves = Moves::NoCornerCutting;
        if let (Some(path), PathMode::JumpPoints) = (outcome.path(), path_mode) {
            assert_turning_points(moves, path);
        }
        check_nearest(&case, moves, &goals, &map_path(outcome, |p| jps_cells(moves, path_mode, &p)));
    }

    /// The closest point by JPS and JPS+ (cells or jump points): what A* with the closest-point
    /// option answers, checked against the oracle the same way.
    #[test]
    fn jps_closest_point_is_nearest_then_cheapest(case in uniform_case(), jump_points in any::<bool>()) {
        let path_mode = if jump_points { PathMode::JumpPoints } else { PathMode::Cells };
        let mut ctx = JpsContext::new();
        for (rule, moves) in [(Diagonal::NoCornerCutting, Moves::NoCornerCutting), (Diagonal::Never, Moves::Four)] {
            let mode = JpsMode { moves: rule, path: path_mode };
            let outcome = case.grid.jump_points(mode).find_path_with(&mut ctx, case.start, case.goal, &closest_point()).unwrap();
            check_closest(&case, moves, &map_path(outcome, |p| jps_cells(moves, path_mode, &p)));
        }
        let plus = JpsPlus::new(case.grid.clone()).unwrap();
        let outcome = plus.paths(path_mode).find_path_with(&mut ctx, case.start, case.goal, &closest_point()).unwrap();
        let moves = Moves::NoCornerCutting;
        check_closest(&case, moves, &map_path(outcome, |p| jps_cells(moves, path_mode, &p)));
    }

    /// Searches run a slice at a time, with random budgets, answer exactly what the one-shot
    /// search answers, with the same counters: the general loop, the grid's fast and general
    /// paths, JPS (8- and 4-connected) and JPS+. The one-shot answers are checked against the
    /// oracle too.
    #[test]
    fn sliced_searches_answer_as_one_shot(case in uniform_case(), weighted in any::<bool>(), budgets in prop::collection::vec(1u64..40, 1..8), tie in 0usize..TIES.len()) {
        let case = if weighted {
            // The same walls, some cells heavier.
            let weights: Vec<u32> = case.map.weights.iter().enumerate().map(|(i, &w)| if w == 0 { 0 } else { 1 + (i as u32 * 7 % 3) }).collect();
            let grid = Grid::from_fn(case.grid.width(), case.grid.height(), |c| weights[(c.y * case.grid.width() + c.x) as usize]).unwrap();
            Case { map: OracleMap { weights, ..case.map.clone() }, grid, ..case }
        } else {
            case
        };
        let (start, goal) = (case.start, case.goal);
        let budget = |round: usize| budgets[round % budgets.len()];
        let options = SearchOptions::new().tie_break(TIES[tie]);
        let space = case.grid.eight_connected();
        let mut ctx = SearchContext::new();

        // The grid's own query (fast loop, or an answer without search).
        let one_shot = space.find_path_with(&mut ctx, start, goal, &options).unwrap();
        check_grid_answer(&case.map, Moves::NoCornerCutting, MoveCosts::OCTILE, (start, goal), &one_shot, 1.0);
        let stats = ctx.stats();
        let mut search = space.start_path(&mut ctx, start, goal, &options).unwrap();
        // Done before any slice exactly when answered without a search (which expands the
        // start at least).
        prop_assert_eq!(search.is_done(), stats.expanded == 0);
        // A budget of nothing expands nothing.
        if !search.is_done() {
            prop_assert_eq!(search.resume(0).unwrap(), Progress::Running);
            prop_assert_eq!(search.stats().expanded, 0);
        }
        let sliced = run_sliced(|steps| search.resume(steps), budget);
        prop_assert!(search.is_done());
        prop_assert_eq!(&sliced, &one_shot);
        prop_assert_eq!(search.stats(), stats);
        prop_assert_eq!(ctx.stats(), stats);

        // The grid's general loop (a limit that never binds), and the search core's.
        let limited = options.max_expansions(1 << 40);
        for general in [true, false] {
            let one_shot = if general { AStar(&space).find_path_with(&mut ctx, start, goal, &limited).unwrap() } else { space.find_path_with(&mut ctx, start, goal, &limited).unwrap() };
            let stats = ctx.stats();
            let astar = AStar(&space);
            let sliced = if general {
                let mut search = astar.start_path(&mut ctx, start, goal, &limited).unwrap();
                // The general loop answers nothing before it expands the start.
                prop_assert!(!search.is_done());
                let sliced = run_sliced(|steps| search.resume(steps), budget);
                prop_assert!(search.is_done());
                prop_assert_eq!(search.stats(), stats);
                // Done, it answers the same again, expanding nothing more.
                prop_assert_eq!(search.resume(1).unwrap(), Progress::Done(sliced.clone()));
                prop_assert_eq!(search.stats(), stats);
                sliced
            } else {
                let mut search = space.start_path(&mut ctx, start, goal, &limited).unwrap();
                let sliced = run_sliced(|steps| search.resume(steps), budget);
                prop_assert_eq!(search.stats(), stats);
                sliced
            };
            prop_assert_eq!(&sliced, &one_shot);
        }

        if weighted {
            return Ok(());
        }
        // JPS and JPS+.
        let mut jps = JpsContext::new();
        for mode in [JpsMode::EIGHT, JpsMode::FOUR, JpsMode::EIGHT.jump_points()] {
            let one_shot = case.grid.jump_points(mode).find_path(&mut jps, start, goal).unwrap();
            let stats = jps.stats();
            let mut search = case.grid.jump_points(mode).start_path(&mut jps, start, goal, &SearchOptions::new()).unwrap();
            prop_assert_eq!(search.is_done(), stats.expanded == 0);
            let sliced = run_sliced(|steps| search.resume(steps), budget);
            prop_assert!(search.is_done());
            prop_assert_eq!(&sliced, &one_shot);
            prop_assert_eq!(search.stats(), stats);
            if mode == JpsMode::EIGHT {
                check_grid_answer(&case.map, Moves::NoCornerCutting, MoveCosts::OCTILE, (start, goal), &one_shot, 1.0);
            }
        }
        let plus = JpsPlus::new(case.grid.clone()).unwrap();
        let one_shot = plus.find_path(&mut jps, start, goal).unwrap();
        let stats = jps.stats();
        let mut search = plus.start_path(&mut jps, start, goal, &SearchOptions::new()).unwrap();
        prop_assert_eq!(search.is_done(), stats.expanded == 0);
        let sliced = run_sliced(|steps| search.resume(steps), budget);
        prop_assert!(search.is_done());
        prop_assert_eq!(&sliced, &one_shot);
        prop_assert_eq!(search.stats(), stats);
    }

    /// A search parked after every slice and taken up again answers exactly what the one-shot
    /// search answers, with the same counters: the grid's fast loop and general loop, the search
    /// core's, JPS (8- and 4-connected, cells and jump points) and JPS+.
    #[test]
    fn parked_searches_answer_as_one_shot(case in uniform_case(), budgets in prop::collection::vec(1u64..40, 1..8)) {
        let (start, goal) = (case.start, case.goal);
        let budget = |round: usize| budgets[round % budgets.len()];
        let space = case.grid.eight_connected();
        let mut ctx = SearchContext::new();
        let plain = SearchOptions::new();
        let limited = plain.max_expansions(1 << 40); // the grid's general loop
        for options in [plain, limited] {
            let one_shot = space.find_path_with(&mut ctx, start, goal, &options).unwrap();
            let stats = ctx.stats();
            let parked = parked_answer(&space, &mut ctx, (start, goal), &options, budget);
            prop_assert_eq!(parked, (one_shot, stats));
        }
        let astar = AStar(&space);
        let one_shot = astar.find_path(&mut ctx, start, goal).unwrap();
        let stats = ctx.stats();
        prop_assert_eq!(parked_answer(&astar, &mut ctx, (start, goal), &plain, budget), (one_shot, stats));

        let mut jps = JpsContext::new();
        for mode in [JpsMode::EIGHT, JpsMode::FOUR, JpsMode::EIGHT.jump_points()] {
            let finder = case.grid.jump_points(mode);
            let one_shot = finder.find_path(&mut jps, start, goal).unwrap();
            let stats = jps.stats();
            prop_assert_eq!(parked_answer(&finder, &mut jps, (start, goal), &plain, budget), (one_shot, stats));
        }
        let plus = JpsPlus::new(case.grid.clone()).unwrap();
        let one_shot = plus.find_path(&mut jps, start, goal).unwrap();
        let stats = jps.stats();
        prop_assert_eq!(parked_answer(&plus, &mut jps, (start, goal), &plain, budget), (one_shot, stats));
    }
}

/// The answer and counters of `finder`'s search from `start` to `goal`, parked after every slice
/// (round `r` expands at most `budget(r)`) and taken up again.
fn parked_answer<P: SlicedPathfinder>(
    finder: &P,
    ctx: &mut P::Context,
    (start, goal): (P::Node, P::Node),
    options: &SearchOptions<P::Cost>,
    budget: impl Fn(usize) -> u64,
) -> (Outcome<P::Node, P::Cost>, pathkit::search::Stats)
where
    P::Error: std::fmt::Debug,
{
    let mut parked = finder.start_path(ctx, start, goal, options).unwrap().park();
    let mut round = 0;
    loop {
        let mut search = finder.resume_parked(ctx, parked).unwrap();
        if let Progress::Done(outcome) = search.resume(budget(round)).unwrap() {
            return (outcome, search.stats());
        }
        parked = search.park();
        round += 1;
    }
}

/// Resumes a search run a slice at a time, round `r` with `budget(r)` expansions, until it is
/// done, and returns its answer.
fn run_sliced<O, E: std::fmt::Debug>(
    mut resume: impl FnMut(u64) -> Result<Progress<O>, E>,
    budget: impl Fn(usize) -> u64,
) -> O {
    let mut round = 0;
    loop {
        let progress = resume(budget(round)).unwrap();
        assert_eq!(progress.is_done(), !matches!(progress, Progress::Running));
        if let Some(outcome) = progress.done() {
            return outcome;
        }
        round += 1;
    }
}

/// The outcome with its path changed by `f`.
fn map_path(
    outcome: Outcome<Cell, f64>,
    f: impl FnOnce(Path<Cell, f64>) -> Path<Cell, f64>,
) -> Outcome<Cell, f64> {
    match outcome {
        Outcome::Found(p) => Outcome::Found(f(p)),
        Outcome::Closest(p) => Outcome::Closest(f(p)),
        other => other,
    }
}

/// Options asking for the closest point when the goal cannot be reached.
fn closest_point() -> pathkit::search::SearchOptions<f64> {
    pathkit::search::SearchOptions::new()
        .when_unreachable(pathkit::search::WhenUnreachable::ClosestPoint)
}

/// What the oracle says of a query's ends: the start or goal a wall, or no walk between them.
fn oracle_ends(map: &OracleMap, moves: Moves, (start, goal): (Cell, Cell)) -> Ends {
    let (s, g) = (xy(start), xy(goal));
    if !map.free(s.0, s.1) {
        Ends::StartBlocked
    } else if !map.free(g.0, g.1) {
        Ends::GoalBlocked
    } else if map.shortest(moves, MoveCosts::OCTILE, s, g).is_none() {
        Ends::Apart
    } else {
        Ends::Open
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `check_ends` before a search: the grid's spaces under every diagonal rule, Jump Point
    /// Search, JPS+ and the hierarchy say what the oracle says of the two ends, and an end off
    /// the grid is an error.
    #[test]
    fn the_ends_are_checked_as_the_oracle_sees_them(case in case(), rule in 0usize..4) {
        let rule = RULES[rule];
        let moves = moves_of(rule);
        let ends = (case.start, case.goal);
        let want = oracle_ends(&case.map, moves, ends);
        let space = case.grid.space(rule, 1.0, std::f64::consts::SQRT_2).unwrap();
        prop_assert_eq!(space.check_ends(ends.0, ends.1).unwrap(), want, "{}", picture(&case.map));
        let off = Cell::new(case.grid.width(), 0);
        prop_assert!(space.check_ends(ends.0, off).is_err());
        prop_assert!(space.check_ends(off, ends.1).is_err());
        let hierarchy = HierarchicalGrid::new(case.grid.clone(), rule, 1.0, std::f64::consts::SQRT_2, HierarchyOptions::new()).unwrap();
        prop_assert_eq!(hierarchy.check_ends(ends.0, ends.1).unwrap(), want);
        if case.grid.max_weight() == 1 && matches!(rule, Diagonal::NoCornerCutting | Diagonal::Never) {
            let jps = case.grid.jump_points(JpsMode { moves: rule, path: PathMode::Cells });
            prop_assert_eq!(jps.check_ends(ends.0, ends.1).unwrap(), want);
            prop_assert!(jps.check_ends(off, ends.1).is_err());
            if rule == Diagonal::NoCornerCutting {
                let plus = JpsPlus::new(case.grid.clone()).unwrap();
                prop_assert_eq!(plus.check_ends(ends.0, ends.1).unwrap(), want);
                prop_assert_eq!(plus.paths(PathMode::JumpPoints).check_ends(ends.0, ends.1).unwrap(), want);
            }
        }
    }
}

/// A parked search is taken up only by the context it ran on, unused by any other search since,
/// and by the same kind of search over a space of the same size: otherwise an error, never a
/// wrong answer.
#[test]
fn a_parked_search_refuses_another_context_search_or_space() {
    use pathkit::search::SearchError;
    let grid = Grid::new(24, 24).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(23, 17));
    let space = grid.eight_connected();
    let mismatch = |e: GridError| assert_eq!(e, GridError::Search(SearchError::StepperMismatch));

    // Another search on the context in between.
    let mut ctx = SearchContext::new();
    let mut search = space
        .start_path(&mut ctx, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(5).unwrap();
    let parked = search.park();
    let _ = space.find_path(&mut ctx, goal, start).unwrap();
    mismatch(space.resume_parked(&mut ctx, parked).err().unwrap());

    // A copy of the context taken when the search was parked is as good as the context; once
    // the search has gone on and been parked again, the copy is behind it.
    let mut search = space
        .start_path(&mut ctx, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(5).unwrap();
    let first = search.park();
    let mut copy = ctx.clone();
    assert!(space.resume_parked(&mut copy, first.clone()).is_ok());
    let mut search = space.resume_parked(&mut ctx, first).unwrap();
    let _ = search.resume(5).unwrap();
    let parked = search.park();
    mismatch(
        space
            .resume_parked(&mut copy, parked.clone())
            .err()
            .unwrap(),
    );

    // The search core's loop (A* over any space, hex grids, level maps) the same way.
    let astar = AStar(&space);
    let mut search = astar
        .start_path(&mut ctx, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(5).unwrap();
    let parked = search.park();
    let _ = astar.find_path(&mut ctx, goal, start).unwrap();
    let refused = astar.resume_parked(&mut ctx, parked).err();
    assert_eq!(refused, Some(SearchError::StepperMismatch));
    let small = Grid::new(5, 5).unwrap();
    let mut search = astar
        .start_path(&mut ctx, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(5).unwrap();
    let parked = search.park();
    let refused = AStar(&small.eight_connected())
        .resume_parked(&mut ctx, parked)
        .err();
    assert_eq!(refused, Some(SearchError::StepperMismatch));

    // A grid of another size.
    let mut search = space
        .start_path(&mut ctx, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(5).unwrap();
    let parked = search.park();
    let other = Grid::new(24, 23).unwrap();
    mismatch(
        other
            .eight_connected()
            .resume_parked(&mut ctx, parked.clone())
            .err()
            .unwrap(),
    );

    // Online JPS parked, taken up by JPS+ or by JPS with other moves.
    let mut jps = JpsContext::new();
    let mut search = grid
        .jump_points(JpsMode::EIGHT)
        .start_path(&mut jps, start, goal, &SearchOptions::new())
        .unwrap();
    let _ = search.resume(1).unwrap();
    let parked = search.park();
    let plus = JpsPlus::new(grid.clone()).unwrap();
    let jps_mismatch = |e: JpsError| assert_eq!(e, JpsError::Search(SearchError::StepperMismatch));
    jps_mismatch(plus.resume_parked(&mut jps, parked.clone()).err().unwrap());
    jps_mismatch(
        grid.jump_points(JpsMode::FOUR)
            .resume_parked(&mut jps, parked.clone())
            .err()
            .unwrap(),
    );
    jps_mismatch(
        grid.jump_points(JpsMode::EIGHT.jump_points())
            .resume_parked(&mut jps, parked.clone())
            .err()
            .unwrap(),
    );
    let outcome = grid
        .jump_points(JpsMode::EIGHT)
        .resume_parked(&mut jps, parked)
        .unwrap()
        .resume(u64::MAX)
        .unwrap();
    assert!(outcome.done().unwrap().is_found());
}
