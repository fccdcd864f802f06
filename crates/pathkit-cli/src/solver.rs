//! The pathkit engines behind `verify`, `path` and `bench`: one [`Solver`] per thread, reused for
//! every query on every map.

use crate::error::CliError;
use pathkit::grid::{Cell, Grid};
use pathkit::search::{Outcome, SearchContext};

/// Which pathkit search answers the queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algo {
    /// A* with the octile heuristic.
    Astar,
}

impl Algo {
    /// Every algorithm, in the order tables list them.
    pub const ALL: &'static [Algo] = &[Algo::Astar];

    /// The name used in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Astar => "pathkit-astar",
        }
    }
}

/// What an algorithm precomputes for one map (nothing for A*), kept apart from the grid so that a
/// benchmark can own both.
pub struct Prepared {
    /// The algorithm it was prepared for.
    pub algo: Algo,
}

impl Prepared {
    /// Prepares `grid` for `algo`.
    pub fn new(grid: &Grid, algo: Algo) -> Result<Self, CliError> {
        let _ = grid;
        Ok(Prepared { algo })
    }
}

/// One answered query.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The path, start and goal included; empty when the goal is unreachable.
    pub path: Vec<Cell>,
    /// The cost the engine reports; `None` when unreachable.
    pub cost: Option<f64>,
    /// Nodes the engine expanded.
    pub expanded: u64,
}

/// Per-thread search state for every algorithm.
#[derive(Default)]
pub struct Solver {
    astar: SearchContext<f64>,
}

impl Solver {
    /// A solver with empty contexts; they grow to the first map's size.
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers one query under the Moving AI rules (8-connected, no corner cutting).
    pub fn solve(
        &mut self,
        grid: &Grid,
        prepared: &Prepared,
        start: Cell,
        goal: Cell,
    ) -> Result<Answer, CliError> {
        match prepared.algo {
            Algo::Astar => {
                let outcome = grid
                    .octile()
                    .find_path(&mut self.astar, start, goal, &Default::default())
                    .map_err(|e| CliError::Search(e.to_string()))?;
                let expanded = self.astar.stats().expanded;
                Ok(from_outcome(outcome, expanded))
            }
        }
    }
}

fn from_outcome(outcome: Outcome<Cell, f64>, expanded: u64) -> Answer {
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
