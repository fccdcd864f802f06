//! Property tests: A* (every tie rule, every diagonal rule, terrain weights) finds paths exactly as
//! cheap as plain Dijkstra, and every path it returns is a real path.

use pathkit::grid::{Cell, Grid, GridSpace};
use pathkit::search::{
    IndexedSpace, Outcome, SearchContext, SearchOptions, SearchSpace, SparseSearchContext, TieBreak,
};
use pathkit::Cost;
use proptest::prelude::*;

mod support;
use support::{random_grid, RULES, TIES};

/// A random grid: `density` percent walls, other cells weight 1..=max_weight.
fn grid_strategy() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (1u32..24, 1u32..24, 0u32..60, 1u32..5, any::<u64>())
        .prop_map(|(w, h, density, max_weight, seed)| random_grid(w, h, density, max_weight, seed))
}

/// Checks that `path` is a walk from `start` to `goal` that the space allows and that costs `cost`.
fn assert_valid_path<C: Cost, S: SearchSpace<Node = Cell, Cost = C>>(
    space: &S,
    start: Cell,
    goal: Cell,
    nodes: &[Cell],
    cost: C,
) {
    assert_eq!(nodes.first(), Some(&start));
    assert_eq!(nodes.last(), Some(&goal));
    let mut total = C::ZERO;
    for pair in nodes.windows(2) {
        let mut step = None;
        space.successors(pair[0], |n, c| {
            if n == pair[1] && step.is_none() {
                step = Some(c);
            }
        });
        let step = step
            .unwrap_or_else(|| panic!("{:?} -> {:?} is not a move of the space", pair[0], pair[1]));
        total = total.checked_add(step).unwrap();
    }
    assert!(
        (total.to_f64() - cost.to_f64()).abs() < 1e-9,
        "path costs {total:?}, reported {cost:?}"
    );
}

fn check_against_dijkstra<C: Cost>(
    space: &GridSpace<'_, C>,
    grid: &Grid,
    start: Cell,
    goal: Cell,
    tie: TieBreak,
) {
    let mut ctx = SearchContext::new();
    let reference = ctx.dijkstra(space, start, goal).unwrap();
    let options = SearchOptions::new().tie_break(tie);
    let found = ctx.search(space, start, goal, &options).unwrap();
    let via_front_door = space.find_path(&mut ctx, start, goal, &options).unwrap();
    match (&reference, &found) {
        (Outcome::Found(r), Outcome::Found(p)) => {
            assert!(
                (r.cost.to_f64() - p.cost.to_f64()).abs() < 1e-9,
                "A* {:?} vs Dijkstra {:?}\n{}",
                p.cost,
                r.cost,
                grid.to_ascii()
            );
            assert_valid_path(space, start, goal, &p.nodes, p.cost);
            assert_eq!(via_front_door, found);
        }
        (Outcome::Unreachable, Outcome::Unreachable) => {
            // The front door may answer from the connected components, or search when the start is a wall.
            assert_eq!(via_front_door, Outcome::Unreachable);
        }
        other => panic!("A* and Dijkstra disagree: {other:?}\n{}", grid.to_ascii()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn unit_costs_match_dijkstra((grid, start, goal) in grid_strategy(), rule in 0usize..4, tie in 0usize..4) {
        let space = grid.space(RULES[rule], 1.0f64, std::f64::consts::SQRT_2).unwrap();
        check_against_dijkstra(&space, &grid, start, goal, TIES[tie]);
    }

    #[test]
    fn integer_costs_match_dijkstra((grid, start, goal) in grid_strategy(), rule in 0usize..4, tie in 0usize..4) {
        let space = grid.space(RULES[rule], 10u32, 14u32).unwrap();
        check_against_dijkstra(&space, &grid, start, goal, TIES[tie]);
    }

    #[test]
    fn four_connected_and_unusual_costs_match_dijkstra((grid, start, goal) in grid_strategy(), rule in 0usize..4, costs in 0usize..3) {
        // Diagonals cheaper than straight moves, or more than twice as dear: the default heuristic
        // must stay admissible.
        let (s, d) = [(3u64, 2u64), (2, 5), (7, 7)][costs];
        let space = grid.space(RULES[rule], s, d).unwrap();
        check_against_dijkstra(&space, &grid, start, goal, TieBreak::LargerG);
        check_against_dijkstra(&grid.four_connected(), &grid, start, goal, TieBreak::Fifo);
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn node_graphs_match_dijkstra(graph in point_graph(), s in 0usize..40, g in 0usize..40, tie in 0usize..4) {
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let mut ctx = SearchContext::new();
        let reference = ctx.dijkstra(&graph, s, g).unwrap();
        let found = ctx.search(&graph, s, g, &SearchOptions::new().tie_break(TIES[tie])).unwrap();
        let mut sparse = SparseSearchContext::new();
        let sparse_found = sparse.search(&graph, s, g, &SearchOptions::new().tie_break(TIES[tie])).unwrap();
        prop_assert_eq!(&found, &sparse_found, "dense and sparse storage must agree exactly");
        match (reference, found) {
            (Outcome::Found(r), Outcome::Found(p)) => {
                prop_assert!((r.cost - p.cost).abs() < 1e-9);
                prop_assert_eq!(p.nodes[0], s);
                prop_assert_eq!(*p.nodes.last().unwrap(), g);
                let total: f64 = p.nodes.windows(2).map(|w| graph.edges[w[0]].iter().filter(|e| e.0 == w[1]).map(|e| e.1).fold(f64::INFINITY, f64::min)).sum();
                prop_assert!((total - p.cost).abs() < 1e-9);
            }
            (Outcome::Unreachable, Outcome::Unreachable) => {}
            other => prop_assert!(false, "disagree: {:?}", other),
        }
    }

    #[test]
    fn weighted_astar_stays_within_its_bound(graph in point_graph(), s in 0usize..40, g in 0usize..40, w in 1.0..4.0f64) {
        let (s, g) = (s % graph.points.len(), g % graph.points.len());
        let mut ctx = SearchContext::new();
        let optimal = ctx.dijkstra(&graph, s, g).unwrap();
        let weighted = ctx.search(&graph, s, g, &SearchOptions::weighted(w)).unwrap();
        match (optimal, weighted) {
            (Outcome::Found(o), Outcome::Found(p)) => prop_assert!(p.cost <= o.cost * w + 1e-9),
            (Outcome::Unreachable, Outcome::Unreachable) => {}
            other => prop_assert!(false, "disagree: {:?}", other),
        }
    }
}
