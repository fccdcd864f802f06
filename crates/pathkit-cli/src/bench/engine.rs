//! The engines `bench` compares, behind one interface: build for a map, then answer queries.

use crate::error::CliError;
use crate::solver::{Algo, Preparation, Prepared, Solver};
use pathkit::grid::{Cell, Grid};

/// One engine's answer to one query.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// The path, start and goal included; `None` when the engine found none.
    pub path: Option<Vec<Cell>>,
    /// Nodes expanded, when the engine lets us count them.
    pub expanded: Option<u64>,
}

/// An engine built for one map.
pub trait MapRunner {
    /// Answers one query, the whole query per call (including building the returned path).
    fn query(&mut self, start: Cell, goal: Cell) -> Result<Run, CliError>;

    /// Bytes of precomputed tables beyond the map itself, for engines that precompute.
    fn table_bytes(&self) -> Option<usize> {
        None
    }
}

impl EngineKind {
    /// `true` for the engines whose first query on a map would build tables (pathkit's).
    pub fn prepares(self) -> bool {
        matches!(self, EngineKind::Pathkit(_))
    }
}

/// Which engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// A pathkit algorithm.
    Pathkit(Algo),
    /// `pathfinding::directed::astar::astar` with a no-corner-cutting successor closure.
    #[cfg(feature = "peers")]
    PathfindingAstar,
    /// `grid_pathfinding::PathingGrid` (JPS that cuts corners: an easier problem).
    #[cfg(feature = "peers")]
    GridPathfindingJps,
}

impl EngineKind {
    /// Every engine this build can run, pathkit first.
    pub fn all() -> Vec<EngineKind> {
        let pathkit = Algo::ALL.iter().map(|&a| EngineKind::Pathkit(a));
        #[cfg(feature = "peers")]
        let pathkit = pathkit.chain([EngineKind::PathfindingAstar, EngineKind::GridPathfindingJps]);
        pathkit.collect()
    }

    /// The name in tables, JSON and the chart.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Pathkit(a) => a.name(),
            #[cfg(feature = "peers")]
            EngineKind::PathfindingAstar => "pathfinding-astar",
            #[cfg(feature = "peers")]
            EngineKind::GridPathfindingJps => "grid_pathfinding-jps",
        }
    }

    /// `true` for an engine that allows corner cutting, so solves an easier problem: its paths
    /// may be shorter than the stated optimum or invalid under the benchmark's rules.
    pub fn cuts_corners(self) -> bool {
        #[cfg(feature = "peers")]
        if self == EngineKind::GridPathfindingJps {
            return true;
        }
        false
    }

    /// Builds the engine's structures for `grid`; a pathkit engine builds the tables and search
    /// state its queries need up front or leaves them to the first query, as `when` says (the
    /// peers have no such choice).
    pub fn prepare(self, grid: &Grid, when: Preparation) -> Result<Box<dyn MapRunner>, CliError> {
        Ok(match self {
            EngineKind::Pathkit(algo) => {
                // Its own copy, so the measured memory includes the grid with its bitmaps and
                // tables (JPS+ and the subgoal graph keep one each).
                let prepared = Prepared::new(grid, algo)?;
                let grid = prepared.map().is_none().then(|| grid.clone());
                let mut solver = Solver::new();
                if when == Preparation::UpFront {
                    let map = grid.as_ref().or(prepared.map());
                    let map = map.ok_or_else(|| CliError::Search("no map to search".into()))?;
                    solver.prepare(map, &prepared)?;
                }
                Box::new(PathkitRunner {
                    grid,
                    prepared,
                    solver,
                })
            }
            #[cfg(feature = "peers")]
            EngineKind::PathfindingAstar => Box::new(super::peers::PathfindingAstar::new(grid)),
            #[cfg(feature = "peers")]
            EngineKind::GridPathfindingJps => Box::new(super::peers::GridPathfindingJps::new(grid)),
        })
    }
}

struct PathkitRunner {
    /// The map, unless the JPS+ table or the subgoal graph holds it.
    grid: Option<Grid>,
    prepared: Prepared,
    solver: Solver,
}

impl MapRunner for PathkitRunner {
    fn query(&mut self, start: Cell, goal: Cell) -> Result<Run, CliError> {
        let grid = self.grid.as_ref().or(self.prepared.map());
        let grid = grid.ok_or_else(|| CliError::Search("no map to search".into()))?;
        let answer = self.solver.solve(grid, &self.prepared, start, goal)?;
        Ok(Run {
            path: answer.cost.map(|_| answer.path),
            expanded: Some(answer.expanded),
        })
    }

    fn table_bytes(&self) -> Option<usize> {
        (self.prepared.plus.is_some() || self.prepared.subgoal.is_some())
            .then(|| self.prepared.table_bytes())
    }
}
