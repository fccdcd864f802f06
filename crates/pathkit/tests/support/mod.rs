//! What the property tests share: every diagonal rule, every tie rule, random grids, and the
//! independent oracles: [`oracle`], every search is checked against, [`sight_oracle`], line of
//! sight and smoothing, and [`hex_oracle`], hex maps.

#![allow(dead_code)] // Each test binary uses its own part.

pub mod free_space_oracle;
pub mod growth_oracle;
pub mod hex_oracle;
pub mod hierarchy_rules;
pub mod levels_oracle;
pub mod oracle;
pub mod rules;
pub mod sight_oracle;
pub mod visibility_oracle;

pub use rules::{moves_of, RULES, TIES};

use oracle::{same_cost, MoveCosts, Moves, OracleMap};
use pathkit::grid::{Cell, Grid};
use pathkit::search::{Outcome, Path, Status};
use pathkit::Cost;

/// A cell as the oracle's coordinates.
pub fn xy(cell: Cell) -> (i64, i64) {
    (cell.x as i64, cell.y as i64)
}

/// One random query: the grid the library searches, the same weights as the oracle's map (both
/// built from one list of numbers, so neither reads the other), and two cells.
#[derive(Clone, Debug)]
pub struct Case {
    pub grid: Grid,
    pub map: OracleMap,
    pub start: Cell,
    pub goal: Cell,
}

/// A `w` x `h` map with `density` percent walls and other cells weighing 1 to `max_weight`, and a
/// start and a goal, all drawn from `seed` (xorshift).
pub fn random_case(w: u32, h: u32, density: u32, max_weight: u32, seed: u64) -> Case {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let weights: Vec<u32> = (0..w as u64 * h as u64)
        .map(|_| {
            if next() % 100 < density as u64 {
                0
            } else {
                1 + (next() % max_weight as u64) as u32
            }
        })
        .collect();
    let start = Cell::new((next() % w as u64) as u32, (next() % h as u64) as u32);
    let goal = Cell::new((next() % w as u64) as u32, (next() % h as u64) as u32);
    let grid = Grid::from_fn(w, h, |c| weights[(c.y * w + c.x) as usize]).unwrap();
    let map = OracleMap {
        width: w as usize,
        height: h as usize,
        weights,
    };
    Case {
        grid,
        map,
        start,
        goal,
    }
}

/// [`random_case`] without the oracle's map.
pub fn random_grid(w: u32, h: u32, density: u32, max_weight: u32, seed: u64) -> (Grid, Cell, Cell) {
    let case = random_case(w, h, density, max_weight, seed);
    (case.grid, case.start, case.goal)
}

/// How closely a cost of type `C` must match the oracle's `f64` sums: exactly for integers; to
/// rounding for floats (a float search may also return a path up to a relative 2^-32 dearer
/// than the optimum, the precision of its open-list keys).
pub fn tolerance<C: Cost>() -> f64 {
    if C::from_f64_floor(0.5).to_f64() == 0.0 {
        0.0
    } else if std::mem::size_of::<C>() == 4 {
        1e-5
    } else {
        1e-9
    }
}

/// Checks a grid search's answer against the oracle: a found path is a real walk under the rules
/// whose reported cost is what its moves cost, and it costs at most `bound` times the optimum (1
/// for an optimal search); an unreachable answer means the oracle finds no path either.
pub fn check_grid_answer<C: Cost>(
    map: &OracleMap,
    moves: Moves,
    costs: MoveCosts,
    (start, goal): (Cell, Cell),
    outcome: &Outcome<Cell, C>,
    bound: f64,
) {
    let optimum = map.shortest(moves, costs, xy(start), xy(goal));
    let tol = tolerance::<C>();
    match (outcome, optimum) {
        (Outcome::Found(path), Some(best)) => {
            let cells: Vec<(i64, i64)> = path.nodes.iter().map(|&c| xy(c)).collect();
            let walked = map
                .path_cost(moves, costs, xy(start), xy(goal), &cells)
                .unwrap_or_else(|e| panic!("{start} -> {goal} under {moves:?}: {e}\n{}", picture(map)));
            let reported = path.cost.to_f64();
            assert!(
                same_cost(walked, reported, tol),
                "{start} -> {goal} under {moves:?}: the moves cost {walked}, reported {reported}\n{}",
                picture(map)
            );
            assert!(
                reported <= best * bound * (1.0 + tol) + tol,
                "{start} -> {goal} under {moves:?}: cost {reported}, the optimum is {best} (bound {bound}x)\n{}",
                picture(map)
            );
            if bound == 1.0 {
                assert!(
                    same_cost(reported, best, tol.max(1e-12)),
                    "{start} -> {goal} under {moves:?}: cost {reported}, optimum {best}\n{}",
                    picture(map)
                );
            }
        }
        (Outcome::Unreachable, None) => {}
        (got, expected) => panic!(
            "{start} -> {goal} under {moves:?}: search says {got:?}, the oracle's optimum is {expected:?}\n{}",
            picture(map)
        ),
    }
}

/// The oracle's map as text (`#` wall, `.` weight 1, digits other weights), for failure messages.
pub fn picture(map: &OracleMap) -> String {
    let mut s = String::new();
    for y in 0..map.height {
        for x in 0..map.width {
            s.push(match map.weights[y * map.width + x] {
                0 => '#',
                1 => '.',
                w => char::from_digit(w.min(9), 10).unwrap_or('9'),
            });
        }
        s.push('\n');
    }
    s
}

/// A status and the path buffer it was written with, as an [`Outcome`].
pub fn outcome_of<N, C>(status: Status<C>, nodes: Vec<N>) -> Outcome<N, C> {
    match status {
        Status::Found { cost } => Outcome::Found(Path { nodes, cost }),
        Status::LimitReached { cost } => Outcome::LimitReached(Path { nodes, cost }),
        Status::Closest { cost } => Outcome::Closest(Path { nodes, cost }),
        Status::Unreachable => Outcome::Unreachable,
    }
}

/// The answer and the counters of `finder`'s search run a slice at a time, `budget` expansions per
/// call, checked to be done exactly when it says so; after every other slice it is parked
/// ([`pathkit::PendingPath::park`]) and taken up again.
pub fn sliced_answer<P: pathkit::SlicedPathfinder>(
    finder: &P,
    ctx: &mut P::Context,
    (start, goal): (P::Node, P::Node),
    options: &pathkit::search::SearchOptions<P::Cost>,
    budget: u64,
) -> (Outcome<P::Node, P::Cost>, pathkit::search::Stats)
where
    P::Error: std::fmt::Debug,
{
    use pathkit::PendingPath;
    // Every other slice, the search is parked and taken up again.
    let mut search = finder.start_path(ctx, start, goal, options).unwrap();
    let mut round = 0;
    loop {
        let progress = search.resume(budget).unwrap();
        assert_eq!(search.is_done(), progress.is_done());
        if let Some(outcome) = progress.done() {
            return (outcome, search.stats());
        }
        round += 1;
        if round % 2 == 1 {
            let parked = search.park();
            search = finder.resume_parked(ctx, parked).unwrap();
        }
    }
}
