//! Landmark tables and the ALT estimate against the independent oracle of `support/oracle.rs`.
//!
//! - A* with landmarks finds the oracle's optimal cost on random grids (walls, terrain weights,
//!   every diagonal rule, float and integer costs) and on random directed graphs with
//!   asymmetric costs, the path checked move by move by the oracle's validator; an unreachable
//!   answer means the oracle finds no path either (many goals are unreachable: walls, one-way
//!   edges, sparse graphs).
//! - The estimate is admissible (never above the oracle's cost to the goal, from every node)
//!   and consistent (`h(n) <= cost(n, m) + h(m)` along every edge), and a proof of
//!   unreachability is never wrong.
//! - The tables hold the oracle's costs from each landmark and to it; the farthest choice is
//!   deterministic and farthest; given landmarks are kept as given; the memory reported is
//!   what the tables take.
//! - Tables built before walls are added or weights raised stay admissible.
//!
//! Cases are drawn from fixed seeds (xorshift), so a failure names the seed that shows it.

use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::search::{
    IndexedSpace, LandmarkChoice, LandmarkError, Landmarks, Outcome, SearchContext, SearchError,
    SearchSpace,
};
use pathkit::Cost;

use crate::support;
use pathkit::search::AStar;
use pathkit::Pathfinder;
use support::oracle::{same_cost, MoveCosts, OracleGraph, OracleMap};
use support::{check_grid_answer, moves_of, picture, random_case, tolerance, xy, RULES};

/// A xorshift stream from `seed`.
fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// A random cell of `grid` (walls included).
fn any_cell(grid: &Grid, next: &mut impl FnMut() -> u64) -> Cell {
    Cell::new(
        (next() % grid.width() as u64) as u32,
        (next() % grid.height() as u64) as u32,
    )
}

/// A random choice of landmarks on `grid`: the farthest from a random seed, or random cells
/// (walls included), one to five of them.
fn grid_choice(grid: &Grid, next: &mut impl FnMut() -> u64) -> LandmarkChoice<Cell> {
    let count = 1 + (next() % 5) as usize;
    if next().is_multiple_of(2) {
        LandmarkChoice::Farthest {
            count,
            seed: any_cell(grid, next),
        }
    } else {
        LandmarkChoice::Given((0..count).map(|_| any_cell(grid, next)).collect())
    }
}

/// Grid cases: queries checked against the oracle, and the builds they ran on.
struct Tally {
    queries: usize,
    unreachable: usize,
    builds: usize,
}

/// Builds landmarks on `case`'s grid under `rule` and base costs (`straight`, `diagonal`),
/// runs three queries with them and checks each against the oracle; with `exhaustive`, also
/// checks the estimate toward each goal from every cell against the oracle's costs.
fn check_grid<C: Cost>(
    seed: u64,
    rule: Diagonal,
    (straight, diagonal): (C, C),
    exhaustive: bool,
    tally: &mut Tally,
) {
    let mut next = stream(seed);
    let side = |n: u64| 1 + (n % 14) as u32;
    let (w, h) = if exhaustive {
        (1 + (next() % 9) as u32, 1 + (next() % 9) as u32)
    } else {
        (side(next()), side(next()))
    };
    let density = (next() % 50) as u32;
    let max_weight = 1 + (next() % 4) as u32;
    let case = random_case(w, h, density, max_weight, next());
    let (grid, map) = (&case.grid, &case.map);
    let space = grid.space(rule, straight, diagonal).unwrap();
    let costs = MoveCosts {
        straight: straight.to_f64(),
        diagonal: diagonal.to_f64(),
    };
    let moves = moves_of(rule);
    let choice = grid_choice(grid, &mut next);
    let landmarks = Landmarks::new(&space, choice.clone()).unwrap();
    tally.builds += 1;
    if let LandmarkChoice::Given(given) = &choice {
        assert_eq!(landmarks.nodes(), given.as_slice(), "seed {seed}");
    }
    assert_eq!(
        landmarks.memory_bytes(),
        Landmarks::<Cell, C>::memory_needed(
            grid.len(),
            landmarks.nodes().len(),
            !landmarks.is_symmetric()
        ),
        "seed {seed}"
    );
    if max_weight == 1 {
        assert!(landmarks.is_symmetric(), "seed {seed}: no terrain weights");
    }
    let guided = space.with_landmarks(&landmarks);
    let mut ctx = SearchContext::new();
    for query in 0..3 {
        let (start, goal) = if query == 0 {
            (case.start, case.goal)
        } else {
            (any_cell(grid, &mut next), any_cell(grid, &mut next))
        };
        let outcome = AStar(&guided).find_path(&mut ctx, start, goal).unwrap();
        tally.queries += 1;
        let optimum = map.shortest(moves, costs, xy(start), xy(goal));
        if optimum.is_none() {
            tally.unreachable += 1;
        }
        if guided.proves_unreachable(start, goal) {
            assert!(
                optimum.is_none(),
                "seed {seed}: {start} -> {goal} proven unreachable, the oracle finds {optimum:?}\n{}",
                picture(map)
            );
        }
        if start == goal && !map.free(start.x as i64, start.y as i64) {
            // The search core knows nothing of walls: a query from a node to itself is that
            // node (documented on `GridSpace`).
            assert_eq!(outcome.path().map(|p| p.nodes.clone()), Some(vec![start]));
            continue;
        }
        check_grid_answer(map, moves, costs, (start, goal), &outcome, 1.0);
        if exhaustive {
            check_grid_estimate(seed, &guided, map, (moves, costs), goal);
        }
    }
}

/// The estimate toward `goal` from every cell is at most the oracle's cost (admissible), at
/// most an edge's cost above the estimate at its other end (consistent), and a proof of
/// unreachability is right.
fn check_grid_estimate<S>(
    seed: u64,
    guided: &S,
    map: &OracleMap,
    (moves, costs): (support::oracle::Moves, MoveCosts),
    goal: Cell,
) where
    S: IndexedSpace<Node = Cell>,
{
    let tol = tolerance::<S::Cost>().max(1e-9);
    let cells: Vec<Cell> = (0..map.height as u32)
        .flat_map(|y| (0..map.width as u32).map(move |x| Cell::new(x, y)))
        .collect();
    for &n in &cells {
        let h = guided.heuristic(n, goal).to_f64();
        if let Some(d) = map.shortest(moves, costs, xy(n), xy(goal)) {
            assert!(
                h <= d * (1.0 + tol) + tol,
                "seed {seed}: h({n} -> {goal}) = {h} above the cost {d}\n{}",
                picture(map)
            );
        }
        guided.successors(n, |m, c| {
            let hm = guided.heuristic(m, goal).to_f64();
            assert!(
                h <= (c.to_f64() + hm) * (1.0 + tol) + tol,
                "seed {seed}: h({n}) = {h} > {} + h({m}) = {hm} toward {goal}\n{}",
                c.to_f64(),
                picture(map)
            );
        });
    }
}

/// 4,000 builds, 12,000 queries: every diagonal rule, `f64` and `u32` costs.
#[test]
fn astar_with_landmarks_is_optimal_on_grids() {
    let mut tally = Tally {
        queries: 0,
        unreachable: 0,
        builds: 0,
    };
    for seed in 0..4000u64 {
        let rule = RULES[(seed % 4) as usize];
        if seed % 2 == 0 {
            check_grid(
                seed,
                rule,
                (1.0f64, std::f64::consts::SQRT_2),
                false,
                &mut tally,
            );
        } else {
            check_grid(seed, rule, (10u32, 14u32), false, &mut tally);
        }
    }
    assert_eq!((tally.builds, tally.queries), (4000, 12000));
    assert!(
        tally.unreachable > 1000,
        "{} unreachable",
        tally.unreachable
    );
}

/// 1,200 builds on grids of at most 9 x 9: the estimate from every cell toward each goal.
#[test]
fn the_grid_estimate_is_admissible_and_consistent() {
    let mut tally = Tally {
        queries: 0,
        unreachable: 0,
        builds: 0,
    };
    for seed in 10_000..11_200u64 {
        let rule = RULES[(seed % 4) as usize];
        match seed % 3 {
            0 => check_grid(
                seed,
                rule,
                (1.0f64, std::f64::consts::SQRT_2),
                true,
                &mut tally,
            ),
            1 => check_grid(seed, rule, (10u32, 14u32), true, &mut tally),
            _ => check_grid(seed, rule, (1.0f32, 1.5f32), true, &mut tally),
        }
    }
    assert_eq!(tally.queries, 3600);
    assert!(tally.unreachable > 300, "{} unreachable", tally.unreachable);
}

/// A directed graph with arbitrary costs as a search space: `edges[a]` holds `(b, cost)`.
struct Digraph<C> {
    edges: Vec<Vec<(usize, C)>>,
}

impl<C: Cost> SearchSpace for Digraph<C> {
    type Node = usize;
    type Cost = C;
    fn successors<F: FnMut(usize, C)>(&self, node: usize, mut visit: F) {
        for &(to, cost) in &self.edges[node] {
            visit(to, cost);
        }
    }
}

impl<C: Cost> IndexedSpace for Digraph<C> {
    fn node_bound(&self) -> usize {
        self.edges.len()
    }
    fn index_of(&self, node: usize) -> Option<usize> {
        (node < self.edges.len()).then_some(node)
    }
    fn node_at(&self, index: usize) -> usize {
        index
    }
}

/// A random directed graph of up to 24 nodes with costs from `cost` (one list of numbers
/// builds both the space and the oracle's graph): one-way edges with unrelated costs both
/// ways, some edges both ways at one cost (so some graphs are symmetric), parallel edges, self
/// loops, zero costs.
fn random_digraph<C: Cost>(
    next: &mut impl FnMut() -> u64,
    cost: impl Fn(u64) -> C,
) -> (Digraph<C>, OracleGraph) {
    let n = 1 + (next() % 24) as usize;
    let symmetric = next().is_multiple_of(4);
    let edges = (next() % (3 * n as u64 + 1)) as usize;
    let mut space = Digraph {
        edges: vec![Vec::new(); n],
    };
    let mut oracle = OracleGraph::new(n);
    for _ in 0..edges {
        let (a, b) = ((next() % n as u64) as usize, (next() % n as u64) as usize);
        let c = cost(next() % 20);
        space.edges[a].push((b, c));
        oracle.add_edge(a, b, c.to_f64());
        if symmetric || next().is_multiple_of(3) {
            space.edges[b].push((a, c));
            oracle.add_edge(b, a, c.to_f64());
        }
    }
    (space, oracle)
}

/// Builds landmarks on a random digraph, checks the tables against the oracle's costs, every
/// query's answer, and the estimate toward every goal from every node.
fn check_digraph<C: Cost>(seed: u64, cost: impl Fn(u64) -> C, tally: &mut Tally) {
    let mut next = stream(seed);
    let (space, oracle) = random_digraph(&mut next, &cost);
    let n = space.edges.len();
    let count = 1 + (next() % 4) as usize;
    let choice = if next().is_multiple_of(2) {
        LandmarkChoice::Farthest {
            count,
            seed: (next() % n as u64) as usize,
        }
    } else {
        LandmarkChoice::Given((0..count).map(|_| (next() % n as u64) as usize).collect())
    };
    let landmarks = Landmarks::new(&space, choice.clone()).unwrap();
    tally.builds += 1;
    let tol = tolerance::<C>().max(1e-9);
    let all: Vec<Vec<Option<f64>>> = (0..n).map(|s| oracle.distances(&[s])).collect();
    // The nodes the build looked at: those its sources reach.
    let sources: Vec<usize> = match &choice {
        LandmarkChoice::Farthest { seed, .. } => vec![*seed],
        LandmarkChoice::Given(given) => given.clone(),
    };
    let reached = oracle.distances(&sources);
    if let LandmarkChoice::Given(given) = &choice {
        assert_eq!(landmarks.nodes(), given.as_slice());
    }
    // Symmetric as far as the build looks: among the nodes it reached.
    let symmetric = (0..n).all(|a| {
        let mut out: Vec<(usize, u64)> = space.edges[a]
            .iter()
            .map(|&(b, c)| (b, c.to_f64().to_bits()))
            .collect();
        let mut back: Vec<(usize, u64)> = (0..n)
            .filter(|&b| reached[b].is_some())
            .flat_map(|b| {
                space.edges[b]
                    .iter()
                    .filter(move |e| e.0 == a)
                    .map(move |&(_, c)| (b, c.to_f64().to_bits()))
            })
            .collect();
        out.sort_unstable();
        back.sort_unstable();
        out == back || reached[a].is_none()
    });
    assert_eq!(landmarks.is_symmetric(), symmetric, "seed {seed}");
    assert_eq!(
        landmarks.memory_bytes(),
        Landmarks::<usize, C>::memory_needed(n, landmarks.nodes().len(), !symmetric)
    );
    for (i, &l) in landmarks.nodes().iter().enumerate() {
        for v in 0..n {
            let from = landmarks.from_landmark(&space, i, v).map(|c| c.to_f64());
            assert_eq!(
                from.is_some(),
                all[l][v].is_some(),
                "seed {seed}: {l} -> {v}"
            );
            if let (Some(a), Some(b)) = (from, all[l][v]) {
                assert!(same_cost(a, b, tol), "seed {seed}: {l} -> {v}: {a} vs {b}");
            }
            let to = landmarks.to_landmark(&space, i, v).map(|c| c.to_f64());
            let known = reached[v].is_some() && all[v][l].is_some();
            assert_eq!(to.is_some(), known, "seed {seed}: {v} -> {l}");
            if let (Some(a), Some(b)) = (to, all[v][l]) {
                assert!(same_cost(a, b, tol), "seed {seed}: {v} -> {l}: {a} vs {b}");
            }
        }
    }
    // Past the tables: no landmark numbered `k` or more, and no node the build did not
    // number (a space grown since), which gets the space's own estimate only.
    let k = landmarks.nodes().len();
    let mut grown = Digraph {
        edges: space.edges.clone(),
    };
    grown.edges.extend([vec![(0, cost(1))], Vec::new()]);
    let grown_guided = grown.with_landmarks(&landmarks);
    for v in 0..n + 2 {
        assert_eq!(landmarks.from_landmark(&grown, k, v), None, "seed {seed}");
        assert_eq!(landmarks.to_landmark(&grown, k, v), None, "seed {seed}");
        for past in n..n + 2 {
            for (a, b) in [(v, past), (past, v)] {
                assert_eq!(
                    grown_guided.heuristic(a, b),
                    C::ZERO,
                    "seed {seed}: {a} -> {b}"
                );
                assert!(
                    !grown_guided.proves_unreachable(a, b),
                    "seed {seed}: {a} -> {b}"
                );
            }
            for i in 0..k {
                assert_eq!(
                    landmarks.from_landmark(&grown, i, past),
                    None,
                    "seed {seed}"
                );
                assert_eq!(landmarks.to_landmark(&grown, i, past), None, "seed {seed}");
            }
        }
    }
    let guided = space.with_landmarks(&landmarks);
    let mut ctx = SearchContext::new();
    // The cost from `v` to landmark `l` as the tables know it: only for nodes the build reached.
    let known = |v: usize, l: usize| reached[v].and(all[v][l]);
    for goal in 0..n {
        for (start, from_start) in all.iter().enumerate() {
            let h = guided.heuristic(start, goal).to_f64();
            if let Some(d) = from_start[goal] {
                assert!(
                    h <= d * (1.0 + tol) + tol,
                    "seed {seed}: h({start} -> {goal}) = {h} > {d}"
                );
            }
            // At least every bound the tables give, as documented (the estimate is their
            // largest), each from the oracle's costs: `d(L, goal) - d(L, start)`, and
            // `d(start, L) - d(goal, L)` where the build reached both. Float bounds are lowered
            // by a relative margin below 1e-4 of the larger cost.
            let lowered = |a: f64, b: f64| a - b - if tol == 0.0 { 0.0 } else { a * 1e-4 + 1e-6 };
            let mut floor = 0.0f64;
            for &l in landmarks.nodes() {
                if let (Some(l_goal), Some(l_start)) = (all[l][goal], all[l][start]) {
                    floor = floor.max(lowered(l_goal, l_start));
                }
                if let (Some(start_l), Some(goal_l)) = (known(start, l), known(goal, l)) {
                    floor = floor.max(lowered(start_l, goal_l));
                }
            }
            assert!(
                h >= floor,
                "seed {seed}: h({start} -> {goal}) = {h} < {floor}"
            );
            // Proven unreachable exactly by the documented rule: some landmark reaches `start`
            // but not `goal`, or `goal` reaches one that `start`, which the build reached,
            // does not. Such a proof is never wrong.
            let proof = landmarks.nodes().iter().any(|&l| {
                (all[l][start].is_some() && all[l][goal].is_none())
                    || (known(goal, l).is_some()
                        && known(start, l).is_none()
                        && reached[start].is_some())
            });
            assert_eq!(
                guided.proves_unreachable(start, goal),
                proof,
                "seed {seed}: {start} -> {goal}"
            );
            if proof {
                assert!(
                    all[start][goal].is_none(),
                    "seed {seed}: {start} -> {goal} proven unreachable"
                );
            }
            for &(m, c) in &space.edges[start] {
                let hm = guided.heuristic(m, goal).to_f64();
                assert!(
                    h <= (c.to_f64() + hm) * (1.0 + tol) + tol,
                    "seed {seed}: h({start}) = {h} > {} + h({m}) = {hm} toward {goal}",
                    c.to_f64()
                );
            }
        }
    }
    for _ in 0..3 {
        let (start, goal) = ((next() % n as u64) as usize, (next() % n as u64) as usize);
        let outcome = AStar(&guided).find_path(&mut ctx, start, goal).unwrap();
        tally.queries += 1;
        match (outcome, all[start][goal]) {
            (Outcome::Found(path), Some(best)) => {
                let walked = oracle
                    .path_cost(start, goal, &path.nodes)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                assert!(
                    same_cost(walked, path.cost.to_f64(), tol),
                    "seed {seed}: walked {walked}, reported {:?}",
                    path.cost
                );
                assert!(
                    same_cost(walked, best, tol),
                    "seed {seed}: {start} -> {goal} costs {walked}, the optimum is {best}"
                );
            }
            (Outcome::Unreachable, None) => tally.unreachable += 1,
            (got, want) => {
                panic!("seed {seed}: {start} -> {goal}: {got:?}, the oracle says {want:?}")
            }
        }
    }
}

/// 3,000 random directed graphs (`f64`, `u32` and `f32` costs), 9,000 queries, and the
/// estimate between every pair of nodes.
#[test]
fn astar_with_landmarks_is_optimal_on_directed_graphs() {
    let mut tally = Tally {
        queries: 0,
        unreachable: 0,
        builds: 0,
    };
    for seed in 20_000..23_000u64 {
        match seed % 3 {
            0 => check_digraph(seed, |c| c as f64 * 0.7, &mut tally),
            1 => check_digraph(seed, |c| c as u32, &mut tally),
            _ => check_digraph(seed, |c| c as f32 * 1.3, &mut tally),
        }
    }
    assert_eq!((tally.builds, tally.queries), (3000, 9000));
    assert!(
        tally.unreachable > 1000,
        "{} unreachable",
        tally.unreachable
    );
}

/// The farthest choice is the same on every run, and farthest: each landmark is, among the
/// cells the seed reaches, one whose nearest earlier landmark (the seed, for the first) is as
/// far as any cell's.
#[test]
fn the_farthest_choice_is_deterministic_and_farthest() {
    for seed in 30_000..30_400u64 {
        let mut next = stream(seed);
        let case = random_case(
            1 + (next() % 16) as u32,
            1 + (next() % 16) as u32,
            (next() % 40) as u32,
            1,
            next(),
        );
        let rule = RULES[(seed % 4) as usize];
        let space = case
            .grid
            .space(rule, 1.0f64, std::f64::consts::SQRT_2)
            .unwrap();
        let moves = moves_of(rule);
        let start = any_cell(&case.grid, &mut next);
        let count = 1 + (next() % 6) as usize;
        let choice = LandmarkChoice::Farthest { count, seed: start };
        let a = Landmarks::new(&space, choice.clone()).unwrap();
        let b = Landmarks::new(&space, choice).unwrap();
        assert_eq!(a.nodes(), b.nodes(), "seed {seed}");
        let from_seed = case.map.distances(moves, MoveCosts::OCTILE, &[xy(start)]);
        // A seed in a wall reaches only itself (the core knows nothing of walls).
        let reached: Vec<usize> = if case.map.free(start.x as i64, start.y as i64) {
            (0..from_seed.len())
                .filter(|&i| from_seed[i].is_some())
                .collect()
        } else {
            vec![case.grid.index(start)]
        };
        let mut nearest: Vec<f64> = reached
            .iter()
            .map(|&i| from_seed[i].unwrap_or(0.0))
            .collect();
        for (k, &l) in a.nodes().iter().enumerate() {
            let li = case.grid.index(l);
            let at = reached
                .iter()
                .position(|&i| i == li)
                .unwrap_or_else(|| panic!("seed {seed}: {l} not reached"));
            let most = nearest.iter().copied().fold(0.0, f64::max);
            assert!(
                same_cost(nearest[at], most, 1e-9),
                "seed {seed}: landmark {k} at {l} is {} from the earlier ones, {most} is the most\n{}",
                nearest[at],
                picture(&case.map)
            );
            if k > 0 {
                assert!(most > 0.0, "seed {seed}: landmark {k} adds nothing");
            }
            let from_l = case.map.distances(moves, MoveCosts::OCTILE, &[xy(l)]);
            for (j, &i) in reached.iter().enumerate() {
                let d = from_l[i].unwrap_or(if i == li { 0.0 } else { f64::INFINITY });
                nearest[j] = if k == 0 { d } else { nearest[j].min(d) };
            }
        }
        // As many as asked for, but when every cell reached is a landmark's own (the first,
        // the farthest from the seed, is always chosen).
        let most = nearest.iter().copied().fold(0.0, f64::max);
        assert!(!a.nodes().is_empty(), "seed {seed}: no landmark chosen");
        assert!(
            a.nodes().len() == count || most == 0.0,
            "seed {seed}: {} of {count} landmarks chosen, a cell is {most} from them",
            a.nodes().len()
        );
    }
}

/// Tables built before walls are added and weights raised still give optimal paths: every
/// route costs at least what it did.
#[test]
fn tables_stay_admissible_while_costs_only_grow() {
    let mut queries = 0;
    for seed in 40_000..40_600u64 {
        let mut next = stream(seed);
        let mut case = random_case(
            1 + (next() % 14) as u32,
            1 + (next() % 14) as u32,
            (next() % 30) as u32,
            1 + (next() % 3) as u32,
            next(),
        );
        let rule = RULES[(seed % 4) as usize];
        let old = case.grid.clone();
        let space = old.space(rule, 10u32, 14u32).unwrap();
        let landmarks = Landmarks::new(&space, grid_choice(&old, &mut next)).unwrap();
        for _ in 0..(next() % 8) {
            let cell = any_cell(&case.grid, &mut next);
            let i = cell.y as usize * case.map.width + cell.x as usize;
            if next().is_multiple_of(2) {
                case.grid.block(cell).unwrap();
                case.map.weights[i] = 0;
            } else if case.map.weights[i] != 0 {
                let w = case.map.weights[i] + 1 + (next() % 3) as u32;
                case.grid.set_weight(cell, w).unwrap();
                case.map.weights[i] = w;
            }
        }
        let edited = case.grid.space(rule, 10u32, 14u32).unwrap();
        let guided = edited.with_landmarks(&landmarks);
        let costs = MoveCosts {
            straight: 10.0,
            diagonal: 14.0,
        };
        let mut ctx = SearchContext::new();
        for _ in 0..4 {
            let (start, goal) = (
                any_cell(&case.grid, &mut next),
                any_cell(&case.grid, &mut next),
            );
            if start == goal {
                continue;
            }
            let outcome = AStar(&guided).find_path(&mut ctx, start, goal).unwrap();
            check_grid_answer(
                &case.map,
                moves_of(rule),
                costs,
                (start, goal),
                &outcome,
                1.0,
            );
            queries += 1;
        }
    }
    assert!(queries > 2000);
}

#[test]
fn bad_input_is_a_typed_error() {
    let grid = Grid::new(5, 5).unwrap();
    let space = grid.four_connected();
    assert_eq!(
        Landmarks::new(
            &space,
            LandmarkChoice::Farthest {
                count: 0,
                seed: Cell::new(0, 0)
            }
        )
        .unwrap_err(),
        LandmarkError::NoLandmarks
    );
    assert_eq!(
        Landmarks::new(
            &space,
            LandmarkChoice::Farthest {
                count: 3,
                seed: Cell::new(5, 0)
            }
        )
        .unwrap_err(),
        LandmarkError::Search(SearchError::NodeOutOfBounds {
            node: Cell::new(5, 0)
        })
    );
    // The failed search is the error's source, for callers that walk the chain; the
    // table's own refusals have none.
    let e = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 5)])).unwrap_err();
    let source = std::error::Error::source(&e).expect("a search error is the source");
    let searched = SearchError::NodeOutOfBounds {
        node: Cell::new(0, 5),
    };
    assert_eq!(source.to_string(), searched.to_string());
    assert!(std::error::Error::source(&LandmarkError::<Cell>::NoLandmarks).is_none());
    // A negative cost stops the build with the edge at fault.
    let bad = Digraph {
        edges: vec![vec![(1, 1i32)], vec![(0, -2)]],
    };
    assert!(matches!(
        Landmarks::new(&bad, LandmarkChoice::Given(vec![0])),
        Err(LandmarkError::Search(SearchError::InvalidCost {
            from: 1,
            to: 0,
            ..
        }))
    ));
    // A distance that reaches the type's maximum cannot be kept in the table.
    let far = Digraph {
        edges: vec![vec![(1, u32::MAX)], vec![]],
    };
    assert!(matches!(
        Landmarks::new(&far, LandmarkChoice::Given(vec![0])),
        Err(LandmarkError::Search(SearchError::CostOverflow { node: 1 }))
    ));
    // Tables over the memory limit are refused before anything is allocated.
    struct Huge;
    impl SearchSpace for Huge {
        type Node = usize;
        type Cost = f64;
        fn successors<F: FnMut(usize, f64)>(&self, _: usize, _: F) {}
    }
    impl IndexedSpace for Huge {
        fn node_bound(&self) -> usize {
            1 << 31
        }
        fn index_of(&self, node: usize) -> Option<usize> {
            Some(node)
        }
        fn node_at(&self, index: usize) -> usize {
            index
        }
    }
    assert!(matches!(
        Landmarks::new(&Huge, LandmarkChoice::Farthest { count: 1, seed: 0 }),
        Err(LandmarkError::Refused(
            pathkit::limits::Refusal::TooLarge { .. }
        ))
    ));
}
