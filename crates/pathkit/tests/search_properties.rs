//! Property tests: A* (every tie rule, every diagonal rule, terrain weights, per-agent rules,
//! weighted A*) against the independent oracle of `support/oracle.rs`: every path it returns is a
//! real walk under the rules, costs what it reports, and is as cheap as the oracle's Dijkstra
//! finds (within `w` times for weighted A*); an unreachable answer means no path exists.

use pathkit::grid::{Cell, Grid, GridSpace, TileRules};
use pathkit::search::{
    CostChecks, IndexedSpace, Outcome, SearchContext, SearchError, SearchOptions, SearchSpace,
    SparseSearchContext, StepEvent, Stepper, TieBreak, WhenUnreachable,
};
use pathkit::Cost;
use proptest::prelude::*;

use crate::support;
use pathkit::search::AStar;
use pathkit::search::BreadthFirst;
use pathkit::search::Sparse;
use pathkit::{Goal, Pathfinder, Unsupported};
use support::oracle::{same_cost, MoveCosts, OracleGraph, OracleMap};
use support::{check_grid_answer, moves_of, random_case, xy, Case, RULES, TIES};

/// A random grid: up to 60 percent walls, other cells weight 1..=max_weight.
fn case_strategy() -> impl Strategy<Value = Case> {
    (1u32..24, 1u32..24, 0u32..60, 1u32..5, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_case(w, h, density, max_weight, seed))
}

/// Runs A* through the context (`ctx.search`) and through the grid's front door
/// (`GridSpace::find_path`, the fast loop where it applies) and checks both with the oracle.
fn check_astar<C: Cost, R: TileRules>(
    space: &GridSpace<'_, C, R>,
    map: &OracleMap,
    costs: MoveCosts,
    (start, goal): (Cell, Cell),
    tie: TieBreak,
) {
    let moves = moves_of(space.diagonal());
    let mut ctx = SearchContext::new();
    let options = SearchOptions::new().tie_break(tie);
    let found = AStar(space)
        .find_path_with(&mut ctx, start, goal, &options)
        .unwrap();
    let stats = ctx.stats();
    // A reference to a space is that space (the `&S` impls forward every method): asked
    // through one, the same answer for the same work.
    let through_a_reference: &&GridSpace<'_, C, R> = &space;
    assert_eq!(
        AStar(through_a_reference)
            .find_path_with(&mut ctx, start, goal, &options)
            .unwrap(),
        found
    );
    assert_eq!(ctx.stats(), stats);
    let front_door = space
        .find_path_with(&mut ctx, start, goal, &options)
        .unwrap();
    check_grid_answer(map, moves, costs, (start, goal), &front_door, 1.0);
    if start == goal && !map.free(start.x as i64, start.y as i64) {
        // Documented on `GridSpace`: the search core knows nothing of walls, and a query from a
        // node to itself is that node.
        assert_eq!(found.path().map(|p| p.nodes.clone()), Some(vec![start]));
        return;
    }
    check_grid_answer(map, moves, costs, (start, goal), &found, 1.0);
    // Differential, on top of the oracle: both doors find the very same path.
    assert_eq!(front_door, found);
    // A space that vouches for its costs runs the trusted loop (bucket queue, no checks): the
    // same pop order, so the same path.
    let trusted = AStar(space)
        .find_path_with(
            &mut ctx,
            start,
            goal,
            &options.cost_checks(CostChecks::Trusted),
        )
        .unwrap();
    check_grid_answer(map, moves, costs, (start, goal), &trusted, 1.0);
    assert_eq!(trusted, found);
    let weighted = AStar(space)
        .find_path_with(
            &mut ctx,
            start,
            goal,
            &SearchOptions::weighted(2.5).tie_break(tie),
        )
        .unwrap();
    check_grid_answer(map, moves, costs, (start, goal), &weighted, 2.5);
}

fn octile_costs(straight: f64, diagonal: f64) -> MoveCosts {
    MoveCosts { straight, diagonal }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn unit_costs_are_optimal(case in case_strategy(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let space = case.grid.space(RULES[rule], 1.0f64, std::f64::consts::SQRT_2).unwrap();
        check_astar(&space, &case.map, MoveCosts::OCTILE, (case.start, case.goal), TIES[tie]);
    }

    #[test]
    fn integer_and_single_precision_costs_are_optimal(case in case_strategy(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let space = case.grid.space(RULES[rule], 10u32, 14u32).unwrap();
        check_astar(&space, &case.map, octile_costs(10.0, 14.0), (case.start, case.goal), TIES[tie]);
        let space = case.grid.space(RULES[rule], 1.0f32, 1.5f32).unwrap();
        check_astar(&space, &case.map, octile_costs(1.0, 1.5), (case.start, case.goal), TIES[tie]);
    }

    #[test]
    fn four_connected_and_unusual_costs_are_optimal(case in case_strategy(), rule in 0usize..4, costs in 0usize..3) {
        // Diagonals cheaper than straight moves, or more than twice as dear: the default heuristic
        // must stay admissible.
        let (s, d) = [(3u64, 2u64), (2, 5), (7, 7)][costs];
        let space = case.grid.space(RULES[rule], s, d).unwrap();
        check_astar(&space, &case.map, octile_costs(s as f64, d as f64), (case.start, case.goal), TieBreak::LargerG);
        check_astar(&case.grid.four_connected(), &case.map, octile_costs(1.0, 1.0), (case.start, case.goal), TieBreak::Fifo);
    }

    /// Per-agent rules: a ghost walks through walls at weight 5 and avoids weight-3 cells
    /// altogether. The oracle sees the map as the ghost does, written out from those two sentences.
    #[test]
    fn agent_rules_are_optimal(case in case_strategy(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let ghost = |g: &Grid, c: Cell| match g.weight(c) {
            0 => 5,
            3 => 0,
            w => w,
        };
        let seen = OracleMap {
            weights: case.map.weights.iter().map(|&w| match w { 0 => 5, 3 => 0, w => w }).collect(),
            ..case.map.clone()
        };
        let space = case.grid.space(RULES[rule], 10u32, 14u32).unwrap().with_rules(ghost);
        check_astar(&space, &seen, octile_costs(10.0, 14.0), (case.start, case.goal), TIES[tie]);
    }
}

/// A random directed graph on points in the plane; each edge costs at least the straight-line
/// distance, so the Euclidean heuristic is admissible (and consistent).
#[derive(Debug)]
struct PointGraph {
    points: Vec<(f64, f64)>,
    edges: Vec<Vec<(usize, f64)>>,
}

impl SearchSpace for PointGraph {
    type Node = usize;
    type Cost = f64;
    fn successors<F: FnMut(usize, f64)>(&self, n: usize, mut visit: F) {
        for &(m, c) in &self.edges[n] {
            visit(m, c);
        }
    }
    fn heuristic(&self, n: usize, goal: usize) -> f64 {
        let (a, b) = (self.points[n], self.points[goal]);
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }
}

impl IndexedSpace for PointGraph {
    fn node_bound(&self) -> usize {
        self.points.len()
    }
    fn index_of(&self, n: usize) -> Option<usize> {
        (n < self.points.len()).then_some(n)
    }
    fn node_at(&self, i: usize) -> usize {
        i
    }
}

fn point_graph() -> impl Strategy<Value = PointGraph> {
    (2usize..40).prop_flat_map(|n| {
        let points = proptest::collection::vec((0.0..100.0f64, 0.0..100.0f64), n);
        let edges =
            proptest::collection::vec(proptest::collection::vec((0..n, 1.0..3.0f64), 0..6), n);
        (points, edges).prop_map(|(points, raw)| {
            let edges = raw
                .into_iter()
                .enumerate()
                .map(|(from, list)| {
                    list.into_iter()
                        .filter(|&(to, _)| to != from)
                        .map(|(to, stretch)| {
                            let (a, b) = (points[from], points[to]);
                            (
                                to,
                                ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt() * stretch,
                            )
                        })
                        .collect()
                })
                .collect();
            PointGraph { points, edges }
        })
    })
}

/// The oracle's copy of a point graph, from the same edge lists (the test's data, not the engine).
fn oracle_of(graph: &PointGraph) -> OracleGraph {
    let mut oracle = OracleGraph::new(graph.points.len());
    for (a, list) in graph.edges.iter().enumerate() {
        for &(b, c) in list {
            oracle.add_edge(a, b, c);
        }
    }
    oracle
}

/// A node-graph answer against the oracle: a real path costing what it reports, at most `bound`
/// times the optimum; unreachable only when the oracle finds nothing.
fn check_graph_answer(
    oracle: &OracleGraph,
    s: usize,
    g: usize,
    outcome: &Outcome<usize, f64>,
    bound: f64,
) {
    match (outcome, oracle.shortest(s, g)) {
        (Outcome::Found(p), Some(best)) => {
            let walked = oracle.path_cost(s, g, &p.nodes).unwrap();
            assert!(
                (walked - p.cost).abs() <= 1e-9 * walked.max(1.0),
                "walked {walked}, reported {}",
                p.cost
            );
            assert!(
                p.cost <= best * bound * (1.0 + 1e-9) + 1e-9,
                "cost {} vs optimum {best} (bound {bound})",
                p.cost
            );
        }
        (Outcome::Unreachable, None) => {}
        (got, best) => panic!("{s} -> {g}: search {got:?}, oracle {best:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn node_graphs_are_optimal(graph in point_graph(), s in 0usize..40, g in 0usize..40, tie in 0usize..TIES.len()) {
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let oracle = oracle_of(&graph);
        let options = SearchOptions::new().tie_break(TIES[tie]);
        let mut ctx = SearchContext::new();
        let found = AStar(&graph).find_path_with(&mut ctx, s, g, &options).unwrap();
        let found_stats = ctx.stats();
        check_graph_answer(&oracle, s, g, &found, 1.0);
        let dijkstra = AStar(&graph).find_path_with(&mut ctx, s, g, &SearchOptions::dijkstra()).unwrap();
        check_graph_answer(&oracle, s, g, &dijkstra, 1.0);
        // What Dijkstra settled on the way: every node it reports at its least cost from `s`,
        // and every node cheaper than the goal among them (every node reached, when the goal is
        // out of reach).
        let from_s = oracle.distances(&[s]);
        for (n, best) in from_s.iter().enumerate() {
            match (ctx.settled_cost(&graph, n), *best) {
                (Some(got), Some(best)) => prop_assert!(same_cost(got, best, 1e-9), "{n}: settled at {got}, oracle {best}"),
                (None, Some(best)) => prop_assert!(
                    from_s[g].is_some_and(|goal| best >= goal * (1.0 - 1e-9)),
                    "{n} (cost {best}) not settled before the goal ({:?})", from_s[g]
                ),
                (got, None) => prop_assert_eq!(got, None, "{} is out of reach", n),
            }
        }
        prop_assert_eq!(ctx.settled_cost(&graph, graph.points.len()), None, "not in the space");
        let trusted = AStar(&graph).find_path_with(&mut ctx, s, g, &options.cost_checks(CostChecks::Trusted)).unwrap();
        check_graph_answer(&oracle, s, g, &trusted, 1.0);
        prop_assert_eq!(&trusted, &found, "trusted and checked searches pop in the same order");
        let mut sparse = SparseSearchContext::new();
        let sparse_found = Sparse(&graph).find_path_with(&mut sparse, s, g, &options).unwrap();
        // Differential, on top of the oracle: dense and sparse storage agree exactly, counters
        // included.
        prop_assert_eq!(&found, &sparse_found);
        prop_assert_eq!(sparse.stats(), found_stats);
    }

    #[test]
    fn weighted_astar_stays_within_its_bound(graph in point_graph(), s in 0usize..40, g in 0usize..40, w in 1.0..4.0f64) {
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let mut ctx = SearchContext::new();
        let weighted = AStar(&graph).find_path_with(&mut ctx, s, g, &SearchOptions::weighted(w)).unwrap();
        check_graph_answer(&oracle_of(&graph), s, g, &weighted, w);
        // Trusting the costs changes nothing but the checks: a search with options other than
        // plain A* runs the checked search, with the same answer and the same counters.
        let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
        for options in [SearchOptions::weighted(w), closest] {
            let checked = AStar(&graph).find_path_with(&mut ctx, s, g, &options).unwrap();
            let stats = ctx.stats();
            let trusted = AStar(&graph).find_path_with(&mut ctx, s, g, &options.cost_checks(CostChecks::Trusted)).unwrap();
            prop_assert_eq!(&trusted, &checked);
            prop_assert_eq!(ctx.stats(), stats);
        }
    }
}

/// A point graph that notes what a search asks of it: the nodes it expanded (asked the
/// successors of) and every node it was told of, so the search's counters can be checked
/// against what happened.
struct Recording<'a> {
    graph: &'a PointGraph,
    expanded: std::cell::Cell<u64>,
    told: std::cell::RefCell<std::collections::BTreeSet<usize>>,
}

impl SearchSpace for Recording<'_> {
    type Node = usize;
    type Cost = f64;
    fn successors<F: FnMut(usize, f64)>(&self, n: usize, visit: F) {
        self.expanded.set(self.expanded.get() + 1);
        self.told
            .borrow_mut()
            .extend(self.graph.edges[n].iter().map(|&(m, _)| m));
        self.graph.successors(n, visit)
    }
    fn heuristic(&self, n: usize, goal: usize) -> f64 {
        self.graph.heuristic(n, goal)
    }
}

impl IndexedSpace for Recording<'_> {
    fn node_bound(&self) -> usize {
        self.graph.node_bound()
    }
    fn index_of(&self, n: usize) -> Option<usize> {
        self.graph.index_of(n)
    }
    fn node_at(&self, i: usize) -> usize {
        i
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `Stats` counts what it documents: every node expanded (the goal included, whose
    /// successors are not asked), every distinct node touched (the start and each node some
    /// expanded node listed), and at least one push a node touched.
    #[test]
    fn stats_count_what_they_document(graph in point_graph(), s in 0usize..40, g in 0usize..40, astar in any::<bool>()) {
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let space = Recording { graph: &graph, expanded: Default::default(), told: Default::default() };
        let mut ctx = SearchContext::new();
        let outcome = if astar { AStar(&space).find_path(&mut ctx, s, g) } else { AStar(&space).find_path_with(&mut ctx, s, g, &SearchOptions::dijkstra()) }.unwrap();
        let stats = ctx.stats();
        let found = u64::from(outcome.is_found());
        prop_assert_eq!(stats.expanded, space.expanded.get() + found);
        let mut touched = space.told.borrow().clone();
        touched.insert(s);
        prop_assert_eq!(stats.touched, touched.len() as u64);
        prop_assert!(stats.pushed >= stats.touched);
    }
}

/// `graph` with only the first of each set of parallel edges, so that a path's cost is the sum
/// of the edges along it whichever search walked it.
fn without_parallel_edges(mut graph: PointGraph) -> PointGraph {
    for list in &mut graph.edges {
        let mut seen = std::collections::BTreeSet::new();
        list.retain(|&(to, _)| seen.insert(to));
    }
    graph
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Breadth-first search, through a context and from closures: a real walk with the fewest
    /// moves (the oracle's cheapest path when every edge costs 1), costing the sum of its edges;
    /// unreachable only when the oracle finds no path; and its counters as documented, each node
    /// pushed once.
    #[test]
    fn breadth_first_takes_the_fewest_moves(graph in point_graph(), s in 0usize..40, g in 0usize..40) {
        let graph = without_parallel_edges(graph);
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let oracle = oracle_of(&graph);
        let mut hops = OracleGraph::new(graph.points.len());
        for (a, list) in graph.edges.iter().enumerate() {
            for &(b, _) in list {
                hops.add_edge(a, b, 1.0);
            }
        }
        let space = Recording { graph: &graph, expanded: Default::default(), told: Default::default() };
        let mut ctx = SearchContext::new();
        let outcome = BreadthFirst(&space).find_path(&mut ctx, s, g).unwrap();
        match (&outcome, hops.shortest(s, g)) {
            (Outcome::Found(p), Some(moves)) => {
                prop_assert_eq!((p.nodes.len() - 1) as f64, moves);
                let walked = oracle.path_cost(s, g, &p.nodes).unwrap();
                prop_assert!(same_cost(walked, p.cost, 1e-9), "walked {}, reported {}", walked, p.cost);
            }
            (Outcome::Unreachable, None) => {}
            (got, moves) => prop_assert!(false, "{:?}, oracle {:?} moves", got, moves),
        }
        let stats = ctx.stats();
        prop_assert_eq!(stats.expanded, space.expanded.get() + u64::from(outcome.is_found()));
        let mut touched = space.told.borrow().clone();
        touched.insert(s);
        prop_assert_eq!(stats.touched, touched.len() as u64);
        prop_assert_eq!(stats.pushed, stats.touched);
        let from_closures = pathkit::search::breadth_first(s, |n| graph.edges[n].clone(), |n| n == g).unwrap();
        prop_assert_eq!(from_closures, outcome);
    }

    /// Every door of the search core takes one node, several or a test (`Goal`), and answers
    /// the oracle's nearest: A* (`AStar`) and its hash-map twin (`Sparse`) at the least cost over
    /// the goals, breadth-first search (`BreadthFirst`) in the fewest moves; the same goals given
    /// as a list and as a test give the same cost; the path is a real walk ending on a goal; and
    /// the closest point to several goals is refused by `Sparse` rather than guessed.
    #[test]
    fn several_goals_and_goal_tests_give_the_oracles_nearest(graph in point_graph(), s in 0usize..40, picks in prop::collection::vec(0usize..40, 0..4)) {
        let graph = without_parallel_edges(graph);
        let s = s % graph.points.len();
        let goals: Vec<usize> = picks.iter().map(|p| p % graph.points.len()).collect();
        let oracle = oracle_of(&graph);
        let mut hops = OracleGraph::new(graph.points.len());
        for (a, list) in graph.edges.iter().enumerate() {
            for &(b, _) in list {
                hops.add_edge(a, b, 1.0);
            }
        }
        let nearest = |d: &[Option<f64>]| goals.iter().filter_map(|&g| d[g]).fold(None, |b: Option<f64>, x| Some(b.map_or(x, |b| b.min(x))));
        let best = nearest(&oracle.distances(&[s]));
        let fewest = nearest(&hops.distances(&[s]));
        let is_goal = |n: usize| goals.contains(&n);
        let mut ctx = SearchContext::new();
        let mut sparse = SparseSearchContext::new();
        let options = SearchOptions::new();
        let answers = [
            ("AStar, list", AStar(&graph).find_path_with(&mut ctx, s, &goals, &options).unwrap(), best),
            ("AStar, test", AStar(&graph).find_path_with(&mut ctx, s, Goal::Matching(&is_goal), &options).unwrap(), best),
            ("Sparse, list", Sparse(&graph).find_path_with(&mut sparse, s, &goals, &options).unwrap(), best),
            ("Sparse, test", Sparse(&graph).find_path_with(&mut sparse, s, Goal::Matching(&is_goal), &options).unwrap(), best),
            ("BreadthFirst, list", BreadthFirst(&graph).find_path_with(&mut ctx, s, &goals, &options).unwrap(), fewest),
            ("BreadthFirst, test", BreadthFirst(&graph).find_path_with(&mut ctx, s, Goal::Matching(&is_goal), &options).unwrap(), fewest),
        ];
        for (door, outcome, expected) in answers {
            match (&outcome, expected) {
                (Outcome::Found(p), Some(expected)) => {
                    let last = *p.nodes.last().unwrap();
                    prop_assert!(goals.contains(&last), "{}: ends on {}, not a goal", door, last);
                    prop_assert_eq!(p.nodes[0], s);
                    let walked = oracle.path_cost(s, last, &p.nodes).unwrap();
                    prop_assert!(same_cost(walked, p.cost, 1e-9), "{}: walked {}, reported {}", door, walked, p.cost);
                    let measured = if door.starts_with("BreadthFirst") { (p.nodes.len() - 1) as f64 } else { p.cost };
                    prop_assert!(same_cost(measured, expected, 1e-9), "{}: {} vs the oracle's {}", door, measured, expected);
                }
                (Outcome::Unreachable, None) => {}
                (got, expected) => prop_assert!(false, "{}: {:?}, oracle {:?}", door, got, expected),
            }
        }
        let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
        prop_assert_eq!(
            Sparse(&graph).find_path_with(&mut sparse, s, &goals, &closest),
            Err(SearchError::Unsupported(Unsupported::ClosestPoint))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The stepper runs the search loop in the open: before its first step only the start is
    /// open; each step expands the open list's first node, which is closed from then on; every
    /// node it shows has F = G + H, and a closed node's G is the oracle's cheapest cost from the
    /// start (the grid's estimate is consistent, so a node is closed at its cheapest); the nodes
    /// it knows are exactly the open and the closed ones. Finished, it answers what the one-shot
    /// search answers, after as many expansions, and says so again when asked.
    #[test]
    fn the_stepper_shows_the_search_as_it_runs(case in case_strategy(), rule in 0usize..4, tie in 0usize..TIES.len()) {
        let space = case.grid.space(RULES[rule], 10u32, 14u32).unwrap();
        let options = SearchOptions::new().tie_break(TIES[tie]);
        let (start, goal) = (case.start, case.goal);
        let mut ctx = SearchContext::new();
        let one_shot = AStar(&space).find_path_with(&mut ctx, start, goal, &options).unwrap();
        let stats = ctx.stats();
        let from_start = case.map.distances(moves_of(space.diagonal()), octile_costs(10.0, 14.0), &[xy(start)]);
        let mut stepper = Stepper::new(&mut ctx, &space, start, goal, options).unwrap();
        prop_assert!(!stepper.is_finished());
        prop_assert!(stepper.view(&ctx, &space).unwrap().closed_list().is_empty());
        let first = stepper.view(&ctx, &space).unwrap().open_list();
        prop_assert_eq!(first.len(), 1);
        prop_assert_eq!((first[0].node, first[0].g, first[0].parent), (start, 0, None));
        let mut expanded = Vec::new();
        let outcome = loop {
            let next = stepper.view(&ctx, &space).unwrap().open_list().first().map(|v| v.node);
            match stepper.step(&mut ctx, &space).unwrap() {
                StepEvent::Expanded(node) => {
                    prop_assert_eq!(Some(node), next);
                    prop_assert!(stepper.view(&ctx, &space).unwrap().is_closed(node) && !stepper.is_finished());
                    expanded.push(node);
                }
                StepEvent::Finished(outcome) => {
                    if outcome.is_found() {
                        // The goal is taken off the open list like any node, and closed.
                        prop_assert_eq!(next, Some(goal));
                        expanded.push(goal);
                    }
                    break outcome;
                }
            }
        };
        prop_assert!(stepper.is_finished());
        prop_assert_eq!(&outcome, &one_shot);
        prop_assert_eq!(expanded.len() as u64, stats.expanded);
        prop_assert_eq!(stepper.step(&mut ctx, &space).unwrap(), StepEvent::Finished(one_shot));

        let closed = stepper.view(&ctx, &space).unwrap().closed_list();
        prop_assert_eq!(&closed.iter().map(|v| v.node).collect::<Vec<_>>(), &expanded);
        let open = stepper.view(&ctx, &space).unwrap().open_list();
        prop_assert!(open.windows(2).all(|w| w[0].f <= w[1].f), "open list out of order");
        // Each open node once, however often it was improved.
        let mut distinct: Vec<Cell> = open.iter().map(|v| v.node).collect();
        distinct.sort_unstable_by_key(|c| (c.y, c.x));
        distinct.dedup();
        prop_assert_eq!(distinct.len(), open.len());
        for v in closed.iter().chain(&open) {
            prop_assert_eq!(v.f, v.g + v.h);
            prop_assert_eq!(v.parent.is_none(), v.node == start);
            prop_assert_eq!(stepper.view(&ctx, &space).unwrap().node_view(v.node), Some(*v));
        }
        for v in &closed {
            let i = v.node.y as usize * case.map.width + v.node.x as usize;
            if case.map.free(start.x as i64, start.y as i64) {
                prop_assert_eq!(Some(f64::from(v.g)), from_start[i], "{:?} closed at a cost not the cheapest", v.node);
            }
        }
        // The nodes it knows are the open and the closed ones; nothing else, nothing outside.
        for y in 0..=case.grid.height() {
            for x in 0..=case.grid.width() {
                let cell = Cell::new(x, y);
                let is_closed = expanded.contains(&cell);
                let is_open = open.iter().any(|v| v.node == cell);
                prop_assert!(!(is_closed && is_open));
                prop_assert_eq!(stepper.view(&ctx, &space).unwrap().is_closed(cell), is_closed);
                prop_assert_eq!(stepper.view(&ctx, &space).unwrap().node_view(cell).is_some(), is_closed || is_open, "{:?}", cell);
            }
        }
    }
}
