//! The pathkit engines behind `verify`, `path` and `bench`: one [`Solver`] per thread, reused for
//! every query on every map.

use crate::error::CliError;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions};
use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
use pathkit::Pathfinder;

/// Which pathkit search answers the queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algo {
    /// A* with the octile heuristic (`GridSpace::find_path`: the grid's fast loop).
    Astar,
    /// The same A* through the search core's general loop (`AStar`), which
    /// any `SearchSpace` runs: the measure of what the grid's fast loop gains.
    AstarGeneral,
    /// Jump Point Search (online, no preprocessing).
    Jps,
    /// JPS+: Jump Point Search over precomputed jump distances.
    JpsPlus,
    /// A* over the map's subgoal graph (the walls' corners), built once per map.
    Subgoal,
}

impl Algo {
    /// Every algorithm, in the order tables list them.
    pub const ALL: &'static [Algo] = &[
        Algo::Astar,
        Algo::AstarGeneral,
        Algo::Jps,
        Algo::JpsPlus,
        Algo::Subgoal,
    ];

    /// The name used in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Astar => "pathkit-astar",
            Algo::AstarGeneral => "pathkit-astar-general",
            Algo::Jps => "pathkit-jps",
            Algo::JpsPlus => "pathkit-jps+",
            Algo::Subgoal => "pathkit-subgoal",
        }
    }
}

/// What an algorithm precomputes for one map (the JPS+ table, the subgoal graph; nothing for A*
/// and JPS), kept apart
/// from the grid so that a benchmark can own both.
pub struct Prepared {
    /// The algorithm it was prepared for.
    pub algo: Algo,
    /// The JPS+ table (with its own copy of the grid), for [`Algo::JpsPlus`].
    pub plus: Option<JpsPlus>,
    /// The subgoal graph (with its own copy of the grid), for [`Algo::Subgoal`].
    pub subgoal: Option<SubgoalGraph>,
}

/// When an engine builds the tables its queries need: up front (what a game does when it loads
/// a map) or on the first query (the library's default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preparation {
    /// Tables and search state built before the first query.
    UpFront,
    /// Built by the first query.
    OnFirstQuery,
}

impl Prepared {
    /// Prepares `grid` for `algo`. JPS and JPS+ need a uniform-cost grid (weights 0 or 1).
    pub fn new(grid: &Grid, algo: Algo) -> Result<Self, CliError> {
        let plus = match algo {
            Algo::JpsPlus => {
                Some(JpsPlus::new(grid.clone()).map_err(|e| CliError::Usage(e.to_string()))?)
            }
            Algo::Astar | Algo::AstarGeneral | Algo::Jps | Algo::Subgoal => None,
        };
        let subgoal = match algo {
            Algo::Subgoal => {
                Some(SubgoalGraph::new(grid.clone()).map_err(|e| CliError::Usage(e.to_string()))?)
            }
            _ => None,
        };
        Ok(Prepared {
            algo,
            plus,
            subgoal,
        })
    }

    /// The grid the JPS+ table or the subgoal graph holds (none for A* and JPS).
    pub fn map(&self) -> Option<&Grid> {
        self.plus
            .as_ref()
            .map(JpsPlus::grid)
            .or(self.subgoal.as_ref().map(SubgoalGraph::grid))
    }

    /// Bytes of precomputed tables beyond the grid (0 for A* and JPS).
    pub fn table_bytes(&self) -> usize {
        self.plus.as_ref().map_or(0, JpsPlus::memory_bytes)
            + self.subgoal.as_ref().map_or(0, SubgoalGraph::memory_bytes)
    }
}

/// One answered query.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The path, start and goal included; empty when the goal is unreachable.
    pub path: Vec<Cell>,
    /// The cost the engine reports; `None` when unreachable.
    pub cost: Option<f64>,
    /// Nodes the engine expanded (for JPS and JPS+, jump points).
    pub expanded: u64,
}

/// Per-thread search state for every algorithm.
#[derive(Default)]
pub struct Solver {
    astar: SearchContext<f64>,
    jps: JpsContext,
    subgoal: SubgoalContext,
}

impl Solver {
    /// A solver with empty contexts; they grow to the first map's size.
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds now what the first query on `grid` with `prepared`'s algorithm would build: the
    /// grid's tables (connected components, neighbour masks; a JPS+ table has its own) and the
    /// context's records.
    pub fn prepare(&mut self, grid: &Grid, prepared: &Prepared) -> Result<(), CliError> {
        let failed = |e: &dyn std::fmt::Display| CliError::Search(e.to_string());
        match prepared.algo {
            Algo::Astar | Algo::AstarGeneral => {
                grid.prepare(Diagonal::NoCornerCutting)
                    .map_err(|e| failed(&e))?;
                self.astar
                    .reserve(&grid.eight_connected())
                    .map_err(|e| failed(&e))
            }
            Algo::Jps | Algo::JpsPlus => {
                if prepared.algo == Algo::Jps {
                    grid.prepare(Diagonal::NoCornerCutting)
                        .map_err(|e| failed(&e))?;
                }
                self.jps.reserve(grid).map_err(|e| failed(&e))
            }
            Algo::Subgoal => match &prepared.subgoal {
                Some(graph) => {
                    grid.prepare(Diagonal::NoCornerCutting)
                        .map_err(|e| failed(&e))?;
                    graph
                        .grid()
                        .prepare(Diagonal::NoCornerCutting)
                        .map_err(|e| failed(&e))?;
                    self.subgoal.reserve(graph).map_err(|e| failed(&e))
                }
                None => Ok(()),
            },
        }
    }

    /// Answers one query under the Moving AI rules (8-connected, no corner cutting).
    pub fn solve(
        &mut self,
        grid: &Grid,
        prepared: &Prepared,
        start: Cell,
        goal: Cell,
    ) -> Result<Answer, CliError> {
        let search = |e: &dyn std::fmt::Display| CliError::Search(e.to_string());
        match (prepared.algo, &prepared.plus) {
            (Algo::Astar, _) => {
                let outcome = grid
                    .eight_connected()
                    .find_path(&mut self.astar, start, goal)
                    .map_err(|e| search(&e))?;
                Ok(from_outcome(outcome, self.astar.stats().expanded))
            }
            (Algo::AstarGeneral, _) => {
                let outcome = AStar(&grid.eight_connected())
                    .find_path_with(&mut self.astar, start, goal, &SearchOptions::new())
                    .map_err(|e| search(&e))?;
                Ok(from_outcome(outcome, self.astar.stats().expanded))
            }
            (Algo::Jps, _) => {
                let outcome = grid
                    .jump_points(JpsMode::EIGHT)
                    .find_path(&mut self.jps, start, goal)
                    .map_err(|e| search(&e))?;
                Ok(from_outcome(outcome, self.jps.stats().expanded))
            }
            (Algo::JpsPlus, Some(plus)) => {
                let outcome = plus
                    .find_path(&mut self.jps, start, goal)
                    .map_err(|e| search(&e))?;
                Ok(from_outcome(outcome, self.jps.stats().expanded))
            }
            (Algo::JpsPlus, None) => Err(CliError::Search(
                "the JPS+ table was not built for this map".into(),
            )),
            (Algo::Subgoal, _) => match &prepared.subgoal {
                Some(graph) => {
                    let outcome = graph
                        .find_path(&mut self.subgoal, start, goal)
                        .map_err(|e| search(&e))?;
                    Ok(from_outcome(outcome, self.subgoal.stats().expanded))
                }
                None => Err(CliError::Search(
                    "the subgoal graph was not built for this map".into(),
                )),
            },
        }
    }
}

/// An engine's outcome as an answer: the path and its cost when found.
pub(crate) fn from_outcome(outcome: Outcome<Cell, f64>, expanded: u64) -> Answer {
    match outcome {
        Outcome::Found(p) => Answer {
            path: p.nodes,
            cost: Some(p.cost),
            expanded,
        },
        _ => Answer {
            expanded,
            ..Answer::default()
        },
    }
}
