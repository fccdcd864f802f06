//! One fuzz case for the grid searches: a grid, then a list of queries and edits, each query
//! checked against the independent oracle ([`crate::oracle`]).
//!
//! - A* on the weighted grid, under the case's diagonal rule, tie rule and move costs (`f64` or
//!   `u32`): through `GridSpace::find_path` (the fast loop) and `AStar` (the
//!   general loop). Both must agree with the oracle on reachability, return a real walk under the
//!   rules that costs what they report, and cost the optimum (relative 1e-9 for `f64`, exactly for
//!   integers); both doors return the very same answer.
//! - Jump Point Search (8- and 4-connected, full and jump-point paths) and JPS+ (full and
//!   jump-point paths) on the same grid with every passable cell at weight 1, kept up to date
//!   through the edits (`Grid::set_blocked`, `JpsPlus::set_passable`): the same checks with the
//!   Moving AI costs.
//! - The subgoal graph (`SubgoalGraph`) of the same uniform grid, built again after edits (it
//!   does not follow them): the same checks.
//! - Jump Point Search on the weighted grid itself (`WeightedJumpPoints`), kept up to date
//!   through the edits (`WeightedJumpPoints::set_weight`): the same checks with the Moving AI
//!   costs times the weight of the cell entered; and the same with landmark bounds
//!   (`with_landmarks`, landmarks built on the weighted grid again after each edit).
//! - Cells outside the grid give typed errors from every entry point, never a panic; JPS, JPS+
//!   and the subgoal graph refuse a grid with weights above 1 with `NonUniformCost`.
//!
//! The fuzz target `fuzz/fuzz_targets/grid_search.rs` and the regression replay
//! `tests/search_fuzz_regressions.rs` both include this file and `oracle.rs` at their crate root
//! (as `crate::grid_search_case` and `crate::oracle`), so a replayed input meets exactly the
//! checks the fuzzer ran.

#![allow(dead_code)] // Each including crate uses its own part.

use arbitrary::{Arbitrary, Unstructured};
use pathkit::grid::{Cell, Diagonal, Grid, GridError};
use pathkit::jps::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode, WeightedJumpPoints};
use pathkit::search::{
    LandmarkChoice, Landmarks, Outcome, SearchContext, SearchError, SearchOptions, TieBreak,
};
use pathkit::subgoal::{SubgoalContext, SubgoalError, SubgoalGraph};
use pathkit::Cost;

use crate::oracle::{same_cost, MoveCosts, Moves, OracleMap};
use crate::rules::{moves_of, RULES, TIES};
use pathkit::search::AStar;
use pathkit::Pathfinder;

/// The widest and tallest grid a case builds: wider than two 64-cell words, so the block scans of
/// JPS cross word boundaries in rows and (through the transposed bitmap) in columns.
pub const MAX_SIDE: u32 = 80;

/// At most this many steps of a case are run, so that every input stays quick to check.
pub const MAX_STEPS: usize = 12;

/// A grid and what to do with it, as decoded from the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct GridCase {
    /// The width, as read by [`side`].
    pub width: u8,
    /// The height, as read by [`side`].
    pub height: u8,
    /// Passable cells weigh 1 to `1 + heaviest % 9`.
    pub heaviest: u8,
    /// One bit per cell, row-major, least significant bit first: set = wall. Cells past the end
    /// are free.
    pub walls: Vec<u8>,
    /// One byte per passable cell, row-major: its weight is `1 + byte % (heaviest weight)`. Cells
    /// past the end weigh 1.
    pub terrain: Vec<u8>,
    /// Straight move cost: `1 + straight % 8` (`u32`), a quarter of that (`f64`).
    pub straight: u8,
    /// Diagonal move cost: `1 + diagonal % 21` (`u32`), a quarter of that (`f64`); 21 means the
    /// straight cost times √2 (`f64`).
    pub diagonal: u8,
    /// Queries and edits, in order.
    pub steps: Vec<Step>,
}

/// One step of a case. Coordinates are taken modulo one more than the grid's side, so a few of
/// them fall just outside the grid.
#[derive(Arbitrary, Debug)]
pub enum Step {
    /// A query from `start` to `goal` for every search.
    Query {
        start: (u8, u8),
        goal: (u8, u8),
        /// Diagonal rule of the A* searches (index into [`RULES`]).
        rule: u8,
        /// Tie rule of the A* searches (index into [`TIES`]).
        tie: u8,
        /// A* with `u32` costs instead of `f64`.
        integer: bool,
    },
    /// Sets the weight of a cell to `weight % (heaviest weight + 1)` (0 = wall).
    Edit { cell: (u8, u8), weight: u8 },
}

/// A side of the grid from one byte: up to 16 cells when the high bit is clear, up to
/// [`MAX_SIDE`] when it is set. Half the sides are small, so that most cases run fast (the
/// oracle's Dijkstra takes most of the time) and the fuzzer tries many small maps; the other
/// half cross the 64-cell words.
pub fn side(byte: u8) -> u32 {
    let low = (byte & 0x7f) as u32;
    if byte & 0x80 == 0 {
        1 + low % 16
    } else {
        1 + low % MAX_SIDE
    }
}

/// Decodes `data` the way the fuzz target does (`arbitrary_take_rest`) and checks the case;
/// bytes that do not decode are skipped, as the fuzzer skips them.
pub fn check_bytes(data: &[u8]) {
    if let Ok(case) = GridCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// Everything one case holds while it runs: the library's grids and searches, and the oracle's
/// maps, each built from the case's own numbers.
struct Run {
    /// The weighted grid A* searches.
    grid: Grid,
    /// The oracle's copy of `grid`.
    map: OracleMap,
    /// `grid` with every passable cell at weight 1, for JPS.
    uniform: Grid,
    /// The oracle's copy of `uniform`.
    uniform_map: OracleMap,
    /// JPS+ over `uniform`, updated cell by cell.
    plus: JpsPlus,
    /// The subgoal graph of `uniform`, built when first asked after an edit.
    subgoal: Option<SubgoalGraph>,
    subgoal_ctx: SubgoalContext,
    /// Jump Point Search on `grid` itself, weights and all, updated cell by cell.
    weighted: WeightedJumpPoints,
    weighted_ctx: JpsContext,
    /// Landmarks of the weighted grid for `weighted.with_landmarks`, built when first asked
    /// after an edit (`None` inside: the grid had no free cell to seed them).
    landmarks: Option<Option<Landmarks<Cell, f64>>>,
    /// The heaviest weight a cell may get.
    heaviest: u32,
    /// Move costs as `u32`, as `f64`, and the oracle's prices for each.
    int_costs: (u32, u32),
    float_costs: (f64, f64),
    /// Contexts reused across queries and edits, as a game would.
    float_ctx: SearchContext<f64>,
    int_ctx: SearchContext<u32>,
    jps: JpsContext,
    jps_jumps: JpsContext,
    plus_ctx: JpsContext,
}

/// Runs every step of `case` and checks each answer; panics on the first disagreement.
pub fn check(case: &GridCase) {
    let (width, height) = (side(case.width), side(case.height));
    let heaviest = 1 + case.heaviest as u32 % 9;
    let weights: Vec<u32> = (0..(width * height) as usize)
        .map(|i| {
            let wall = case
                .walls
                .get(i / 8)
                .is_some_and(|byte| byte >> (i % 8) & 1 == 1);
            if wall {
                0
            } else {
                case.terrain.get(i).map_or(1, |&t| 1 + t as u32 % heaviest)
            }
        })
        .collect();
    let straight = 1 + case.straight as u32 % 8;
    let diagonal = 1 + case.diagonal as u32 % 22;
    let int_costs = (straight, diagonal.min(21));
    let float_costs = (
        straight as f64 / 4.0,
        if diagonal == 22 {
            straight as f64 / 4.0 * std::f64::consts::SQRT_2
        } else {
            diagonal as f64 / 4.0
        },
    );
    let grid = Grid::from_fn(width, height, |c| weights[(c.y * width + c.x) as usize])
        .expect("a small grid");
    let uniform_weights: Vec<u32> = weights.iter().map(|&w| u32::from(w != 0)).collect();
    let uniform = Grid::from_fn(width, height, |c| {
        uniform_weights[(c.y * width + c.x) as usize]
    })
    .expect("a small grid");
    let map = OracleMap {
        width: width as usize,
        height: height as usize,
        weights,
    };
    let uniform_map = OracleMap {
        weights: uniform_weights,
        ..map.clone()
    };
    check_non_uniform_refused(&grid, &map);
    let plus = JpsPlus::new(uniform.clone()).expect("weights 0 and 1 are uniform");
    let weighted = WeightedJumpPoints::new(grid.clone()).expect("a small grid");
    let mut run = Run {
        weighted,
        weighted_ctx: JpsContext::new(),
        landmarks: None,
        grid,
        map,
        uniform,
        uniform_map,
        plus,
        subgoal: None,
        subgoal_ctx: SubgoalContext::new(),
        heaviest,
        int_costs,
        float_costs,
        float_ctx: SearchContext::new(),
        int_ctx: SearchContext::new(),
        jps: JpsContext::new(),
        jps_jumps: JpsContext::new(),
        plus_ctx: JpsContext::new(),
    };
    for step in case.steps.iter().take(MAX_STEPS) {
        match *step {
            Step::Query {
                start,
                goal,
                rule,
                tie,
                integer,
            } => {
                let (start, goal) = (run.cell(start), run.cell(goal));
                let rule = RULES[rule as usize % RULES.len()];
                let tie = TIES[tie as usize % TIES.len()];
                let (grid, map) = (&run.grid, &run.map);
                if integer {
                    let ctx = &mut run.int_ctx;
                    astar(grid, map, ctx, (rule, tie), run.int_costs, (start, goal));
                } else {
                    let ctx = &mut run.float_ctx;
                    astar(grid, map, ctx, (rule, tie), run.float_costs, (start, goal));
                }
                run.jps(start, goal);
                run.weighted(start, goal);
            }
            Step::Edit { cell, weight } => {
                let cell = run.cell(cell);
                run.edit(cell, weight as u32 % (run.heaviest + 1));
            }
        }
    }
}

/// JPS and JPS+ refuse a grid with a weight above 1, naming the first such cell (row-major).
fn check_non_uniform_refused(grid: &Grid, map: &OracleMap) {
    let Some(first) = map.weights.iter().position(|&w| w > 1) else {
        return;
    };
    let expected = JpsError::NonUniformCost {
        cell: Cell::new((first % map.width) as u32, (first / map.width) as u32),
        weight: map.weights[first],
    };
    let corner = Cell::new(0, 0);
    assert_eq!(
        grid.jump_points(JpsMode::EIGHT)
            .find_path(&mut JpsContext::new(), corner, corner),
        Err(expected.clone())
    );
    assert_eq!(JpsPlus::new(grid.clone()).err(), Some(expected.clone()));
    let JpsError::NonUniformCost { cell, weight } = expected else {
        unreachable!("built above as NonUniformCost")
    };
    assert_eq!(
        SubgoalGraph::new(grid.clone()).err(),
        Some(SubgoalError::NonUniformCost { cell, weight })
    );
}

/// A* on the weighted grid through both doors, with costs of type `C`.
fn astar<C: Cost>(
    grid: &Grid,
    map: &OracleMap,
    ctx: &mut SearchContext<C>,
    (rule, tie): (Diagonal, TieBreak),
    (straight, diagonal): (C, C),
    (start, goal): (Cell, Cell),
) {
    let space = grid
        .space(rule, straight, diagonal)
        .expect("positive finite move costs");
    let options = SearchOptions::new().tie_break(tie);
    let front_door = space.find_path_with(ctx, start, goal, &options);
    let general = AStar(&space).find_path_with(ctx, start, goal, &options);
    let inside = |c: Cell| c.x < grid.width() && c.y < grid.height();
    if !inside(start) || !inside(goal) {
        assert!(
            matches!(front_door, Err(GridError::OutOfBounds { .. })),
            "find_path {start} -> {goal} outside the grid: {front_door:?}"
        );
        assert!(
            matches!(general, Err(SearchError::NodeOutOfBounds { .. })),
            "search {start} -> {goal} outside the grid: {general:?}"
        );
        return;
    }
    let front_door = front_door.expect("find_path inside the grid");
    let general = general.expect("search inside the grid");
    let rules = (
        moves_of(rule),
        MoveCosts {
            straight: straight.to_f64(),
            diagonal: diagonal.to_f64(),
        },
    );
    // Integer costs are exact; `f64` ones may differ by rounding (and the open list's keys keep a
    // relative precision of 2^-32).
    let tolerance = if C::from_f64_floor(0.5).to_f64() == 0.0 {
        0.0
    } else {
        1e-9
    };
    let verdict = Verdict::new(map, rules, (start, goal));
    let what = format!("A* find_path ({tie:?})");
    verdict.check(map, &what, &answer_of(&what, &front_door), tolerance);
    if start == goal && grid.weight(start) == 0 {
        // Documented on `GridSpace`: the search core knows nothing of walls, and a query from a
        // node to itself is that node.
        assert_eq!(
            general.path().map(|p| (p.nodes.clone(), p.cost.to_f64())),
            Some((vec![start], 0.0)),
            "search from a wall to itself"
        );
        return;
    }
    let what = format!("A* search ({tie:?})");
    verdict.check(map, &what, &answer_of(&what, &general), tolerance);
    assert_eq!(
        front_door, general,
        "find_path and search differ, {start} -> {goal} under {rule:?} ({tie:?})"
    );
}

/// A found path as the oracle's cells and its cost as `f64`; `None` for no path.
type Answer = Option<(Vec<(i64, i64)>, f64)>;

fn answer_of<C: Cost>(what: &str, outcome: &Outcome<Cell, C>) -> Answer {
    match outcome {
        Outcome::Found(path) => Some((
            path.nodes
                .iter()
                .map(|c| (c.x as i64, c.y as i64))
                .collect(),
            path.cost.to_f64(),
        )),
        Outcome::Unreachable => None,
        Outcome::LimitReached(_) | Outcome::Closest(_) => {
            panic!("{what}: a search without limits or closest point gave a partial path")
        }
    }
}

/// The oracle's optimum for one query under one set of rules, computed once and held against
/// every search that answers the query.
struct Verdict {
    moves: Moves,
    costs: MoveCosts,
    start: Cell,
    goal: Cell,
    optimum: Option<f64>,
}

impl Verdict {
    fn new(
        map: &OracleMap,
        (moves, costs): (Moves, MoveCosts),
        (start, goal): (Cell, Cell),
    ) -> Self {
        let optimum = map.shortest(moves, costs, xy(start), xy(goal));
        Verdict {
            moves,
            costs,
            start,
            goal,
            optimum,
        }
    }

    /// Checks an answer on `map` (the map the verdict was made on): a path exactly when the
    /// oracle finds one; a real walk under the rules from start to goal that costs what is
    /// reported, and that is the optimum (to a relative `tolerance`).
    fn check(&self, map: &OracleMap, what: &str, answer: &Answer, tolerance: f64) {
        let Verdict {
            moves,
            costs,
            start,
            goal,
            optimum,
        } = *self;
        let context = || {
            format!(
                "{what}, {start} -> {goal} under {moves:?}, costs {costs:?}, on\n{}",
                picture(map)
            )
        };
        match (answer, optimum) {
            (Some((cells, reported)), Some(best)) => {
                let walked = map
                    .path_cost(moves, costs, xy(start), xy(goal), cells)
                    .unwrap_or_else(|e| panic!("{e}: {cells:?}; {}", context()));
                assert!(
                    same_cost(walked, *reported, tolerance),
                    "the moves cost {walked}, reported {reported}; {}",
                    context()
                );
                assert!(
                    same_cost(*reported, best, tolerance),
                    "cost {reported}, the optimum is {best}; {}",
                    context()
                );
            }
            (None, None) => {}
            (got, best) => panic!(
                "found {:?}, the oracle's optimum is {best:?}; {}",
                got.as_ref().map(|a| a.1),
                context()
            ),
        }
    }
}

/// A cell as the oracle's coordinates.
fn xy(cell: Cell) -> (i64, i64) {
    (cell.x as i64, cell.y as i64)
}

/// The oracle's map as text (`#` wall, `.` weight 1, digits other weights), for failure messages.
fn picture(map: &OracleMap) -> String {
    let mut text = String::new();
    for row in map.weights.chunks(map.width) {
        text.extend(row.iter().map(|&w| match w {
            0 => '#',
            1 => '.',
            w => char::from_digit(w.min(9), 10).unwrap_or('9'),
        }));
        text.push('\n');
    }
    text
}

/// A jump-point path made into the cells it stands for, by the oracle's reading of the
/// documented route between two jump points.
fn filled_in(moves: Moves, answer: &Answer) -> Answer {
    answer
        .as_ref()
        .map(|(points, cost)| (OracleMap::cells_between_jump_points(moves, points), *cost))
}

/// Jump points are cells of the full path, in order, and both cost the same.
fn check_jump_points_along(what: &str, full: &Answer, jumps: &Answer) {
    if let (Some((cells, cost)), Some((points, jump_cost))) = (full, jumps) {
        assert_eq!(cost, jump_cost, "{what}: full and jump-point costs differ");
        let mut rest = cells.iter();
        assert!(
            points.iter().all(|p| rest.any(|c| c == p)),
            "{what}: jump points {points:?} are not along {cells:?}"
        );
    }
}

impl Run {
    /// A cell of the case's coordinates, taken modulo one more than each side.
    fn cell(&self, (x, y): (u8, u8)) -> Cell {
        Cell::new(
            x as u32 % (self.grid.width() + 1),
            y as u32 % (self.grid.height() + 1),
        )
    }

    fn inside(&self, cell: Cell) -> bool {
        cell.x < self.grid.width() && cell.y < self.grid.height()
    }

    /// Jump Point Search (8- and 4-connected, full and jump-point paths) and JPS+ (full and
    /// jump-point paths) on the uniform grid.
    fn jps(&mut self, start: Cell, goal: Cell) {
        assert!(
            self.plus.grid() == &self.uniform,
            "JPS+ holds another grid than the one edited alongside it"
        );
        let inside = self.inside(start) && self.inside(goal);
        let octile = |moves| (moves, MoveCosts::OCTILE);
        let verdict =
            |moves| inside.then(|| Verdict::new(&self.uniform_map, octile(moves), (start, goal)));
        let (eight, four) = (verdict(Moves::NoCornerCutting), verdict(Moves::Four));
        for (mode, verdict) in [(JpsMode::EIGHT, &eight), (JpsMode::FOUR, &four)] {
            let what = format!("JPS {:?}", mode.moves);
            let full = self
                .uniform
                .jump_points(mode)
                .find_path(&mut self.jps, start, goal);
            let jumps = self.uniform.jump_points(mode.jump_points()).find_path(
                &mut self.jps_jumps,
                start,
                goal,
            );
            self.check_pair(&what, verdict, [full, jumps]);
        }
        let full = self.plus.find_path(&mut self.plus_ctx, start, goal);
        let jumps =
            self.plus
                .paths(PathMode::JumpPoints)
                .find_path(&mut self.plus_ctx, start, goal);
        self.check_pair("JPS+", &eight, [full, jumps]);
        let graph = self.subgoal.get_or_insert_with(|| {
            SubgoalGraph::new(self.uniform.clone()).expect("weights 0 and 1 are uniform")
        });
        let got = graph.find_path(&mut self.subgoal_ctx, start, goal);
        match &eight {
            None => assert!(
                matches!(got, Err(SubgoalError::OutOfBounds { .. })),
                "subgoal graph outside the grid: {got:?}"
            ),
            Some(verdict) => {
                let what = "subgoal graph";
                let answer = answer_of(what, &got.expect("a subgoal graph inside its grid"));
                verdict.check(&self.uniform_map, what, &answer, 1e-9);
            }
        }
    }

    /// Jump Point Search on the weighted grid, checked by the oracle on the weighted map.
    fn weighted(&mut self, start: Cell, goal: Cell) {
        assert!(
            self.weighted.grid() == &self.grid,
            "WeightedJumpPoints holds another grid than the one edited alongside it"
        );
        let got = self.weighted.find_path(&mut self.weighted_ctx, start, goal);
        if !(self.inside(start) && self.inside(goal)) {
            assert!(
                matches!(got, Err(JpsError::OutOfBounds { .. })),
                "weighted JPS outside the grid: {got:?}"
            );
            return;
        }
        let what = "weighted JPS";
        let verdict = Verdict::new(
            &self.map,
            (Moves::NoCornerCutting, MoveCosts::OCTILE),
            (start, goal),
        );
        let answer = answer_of(what, &got.expect("weighted JPS inside its grid"));
        verdict.check(&self.map, what, &answer, 1e-9);
        let grid = &self.grid;
        let landmarks = self.landmarks.get_or_insert_with(|| {
            let seed = (0..grid.len()).find(|&i| grid.weight_at(i) != 0)?;
            let choice = LandmarkChoice::Farthest {
                count: 3,
                seed: grid.cell_at(seed),
            };
            Some(
                Landmarks::new(&grid.eight_connected(), choice).expect("landmarks of a small grid"),
            )
        });
        if let Some(landmarks) = landmarks {
            let what = "weighted JPS with landmarks";
            let got = self.weighted.with_landmarks(landmarks).find_path(
                &mut self.weighted_ctx,
                start,
                goal,
            );
            let answer = answer_of(what, &got.expect("weighted JPS inside its grid"));
            verdict.check(&self.map, what, &answer, 1e-9);
        }
    }

    /// Checks a full path and a jump-point path of one query: both out-of-bounds errors outside
    /// the grid, else both right by the oracle, the jump points along the full path.
    fn check_pair(
        &self,
        what: &str,
        verdict: &Option<Verdict>,
        [full, jumps]: [Result<Outcome<Cell, f64>, JpsError>; 2],
    ) {
        let Some(verdict) = verdict else {
            for got in [full, jumps] {
                assert!(
                    matches!(got, Err(JpsError::OutOfBounds { .. })),
                    "{what} outside the grid: {got:?}"
                );
            }
            return;
        };
        let full = answer_of(what, &full.expect("JPS inside a uniform grid"));
        let jumps = answer_of(what, &jumps.expect("JPS inside a uniform grid"));
        verdict.check(&self.uniform_map, what, &full, 1e-9);
        let what = format!("{what} jump points");
        let cells = filled_in(verdict.moves, &jumps);
        verdict.check(&self.uniform_map, &what, &cells, 1e-9);
        check_jump_points_along(&what, &full, &jumps);
    }

    /// Sets a cell's weight in the weighted grid, its passability in the uniform grid and in
    /// JPS+, and both oracle maps; outside the grid every edit is a typed error.
    fn edit(&mut self, cell: Cell, weight: u32) {
        let weighted = self.grid.set_weight(cell, weight);
        let uniform = if weight == 0 {
            self.uniform.block(cell)
        } else {
            self.uniform.open(cell)
        };
        let plus = if weight == 0 {
            self.plus.block(cell)
        } else {
            self.plus.open(cell)
        };
        let jumps = self.weighted.set_weight(cell, weight);
        if !self.inside(cell) {
            assert!(
                matches!(jumps, Err(JpsError::OutOfBounds { .. })),
                "weighted JPS edit of {cell} outside the grid: {jumps:?}"
            );
            assert!(
                matches!(weighted, Err(GridError::OutOfBounds { .. }))
                    && matches!(uniform, Err(GridError::OutOfBounds { .. }))
                    && matches!(plus, Err(JpsError::OutOfBounds { .. })),
                "edit of {cell} outside the grid: {weighted:?}, {uniform:?}, {plus:?}"
            );
            return;
        }
        weighted.expect("an edit inside the grid");
        jumps.expect("an edit inside the grid");
        self.landmarks = None;
        uniform.expect("an edit inside the grid");
        plus.expect("an edit inside the grid");
        self.subgoal = None;
        let i = cell.y as usize * self.map.width + cell.x as usize;
        self.map.weights[i] = weight;
        self.uniform_map.weights[i] = u32::from(weight != 0);
    }
}
