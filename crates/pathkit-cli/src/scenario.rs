//! Finding `.scen` files under the paths given and loading each with the maps it names.

use crate::coords::Xy;
use crate::error::CliError;
use pathkit::format::{FormatError, MovingAiMap, Scenario};
use pathkit::grid::{Cell, Grid};
use std::path::{Path, PathBuf};

/// One scenario line.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    /// Line number in the `.scen` file (the version header is line 1).
    pub line: usize,
    /// The bucket column (about a quarter of the optimal length).
    pub bucket: u32,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
    /// The optimal length the file states.
    pub optimal: f64,
}

/// The lines of a scenario file that share one map.
pub struct MapQueries {
    /// The map file.
    pub map_path: PathBuf,
    /// The map as a grid (`.` `G` `S` passable, everything else blocked).
    pub grid: Grid,
    /// The lines, in file order.
    pub queries: Vec<Query>,
}

/// A loaded scenario file.
pub struct ScenarioFile {
    /// The `.scen` file.
    pub path: PathBuf,
    /// How far a computed length may be from the stated one (set by how the file prints lengths).
    pub tolerance: f64,
    /// The lines grouped by map, maps in order of first appearance (one group for Moving AI files).
    pub maps: Vec<MapQueries>,
}

impl ScenarioFile {
    /// Number of scenario lines.
    pub fn lines(&self) -> usize {
        self.maps.iter().map(|m| m.queries.len()).sum()
    }
}

/// Every `.scen` file named or found (recursively, sorted) under `paths`.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut found = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|source| CliError::Io {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk(path, &mut found)?;
        } else {
            found.push(path.clone());
        }
    }
    if found.is_empty() {
        return Err(CliError::NoScenarios(paths.to_vec()));
    }
    Ok(found)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), CliError> {
    let io = |source| CliError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort();
    let (dirs, files): (Vec<_>, Vec<_>) = entries.into_iter().partition(|p| p.is_dir());
    found.extend(
        files
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "scen")),
    );
    for d in dirs {
        walk(&d, found)?;
    }
    Ok(())
}

/// A scenario file's name without its `.map.scen` ending: the map's label in a benchmark's table.
pub fn label(path: &Path) -> String {
    path.file_name()
        .map(|n| {
            n.to_string_lossy()
                .trim_end_matches(".map.scen")
                .to_string()
        })
        .unwrap_or_default()
}

/// Loads a Moving AI map as a grid.
pub fn load_map(path: &Path) -> Result<Grid, CliError> {
    let map = MovingAiMap::load(path).map_err(|e| format_error(path, e))?;
    map.to_grid().map_err(|e| CliError::Parse {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Loads a scenario file and every map it names; checks that each line fits its map.
pub fn load(path: &Path) -> Result<ScenarioFile, CliError> {
    let scenario = Scenario::load(path).map_err(|e| format_error(path, e))?;
    let mut maps: Vec<MapQueries> = Vec::new();
    for (i, entry) in scenario.entries().iter().enumerate() {
        let line = i + 2;
        let map_path = Scenario::resolve_map(path, entry).map_err(|e| format_error(path, e))?;
        let group = match maps.iter().position(|m| m.map_path == map_path) {
            Some(k) => k,
            None => {
                let grid = load_map(&map_path)?;
                maps.push(MapQueries {
                    map_path,
                    grid,
                    queries: Vec::new(),
                });
                maps.len() - 1
            }
        };
        let group = &mut maps[group];
        for (what, cell) in [("start", entry.start), ("goal", entry.goal)] {
            if group.grid.cell(cell.x, cell.y).is_none() {
                return Err(CliError::Parse {
                    path: path.to_path_buf(),
                    message: format!(
                        "line {line}: {what} {} is outside the {}x{} map {}",
                        Xy(cell),
                        group.grid.width(),
                        group.grid.height(),
                        group.map_path.display()
                    ),
                });
            }
        }
        group.queries.push(Query {
            line,
            bucket: entry.bucket,
            start: entry.start,
            goal: entry.goal,
            optimal: entry.optimal_length,
        });
    }
    Ok(ScenarioFile {
        path: path.to_path_buf(),
        tolerance: scenario.tolerance(),
        maps,
    })
}

fn format_error(path: &Path, e: FormatError) -> CliError {
    match e {
        FormatError::Io { path, source } => CliError::Io { path, source },
        other => CliError::Parse {
            path: path.to_path_buf(),
            message: other.to_string(),
        },
    }
}
