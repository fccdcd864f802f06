//! `pathkit verify`: recomputes every scenario line's optimal length and compares.

use crate::check;
use crate::coords::Xy;
use crate::error::CliError;
use crate::scenario::{self, MapQueries, Query, ScenarioFile};
use crate::solver::{Algo, Prepared, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use pathkit::grid::Grid;
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// Counts for one file or for the whole run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Lines searched.
    pub lines: u64,
    /// Lines whose length is off by more than the tolerance (or whose path is invalid).
    pub mismatches: u64,
    /// Lines whose goal was not reached.
    pub unreachable: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// The largest absolute difference between a path's length and the stated length, over every
    /// line whose path is valid (matching or not), and where it is.
    pub max_diff: Option<LineDiff>,
}

/// A difference to the stated length and the line it was found on.
#[derive(Clone, Debug)]
pub struct LineDiff {
    /// |length - stated length|.
    pub diff: f64,
    /// The scenario file.
    pub file: PathBuf,
    /// Its line number.
    pub line: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.lines += other.lines;
        self.mismatches += other.mismatches;
        self.unreachable += other.unreachable;
        self.expanded += other.expanded;
        if let Some(d) = &other.max_diff {
            self.note_diff(d.diff, &d.file, d.line);
        }
    }

    /// Keeps `diff` when it is the largest so far (the first line of the largest on a tie).
    fn note_diff(&mut self, diff: f64, file: &Path, line: usize) {
        if self.max_diff.as_ref().is_none_or(|d| diff > d.diff) {
            self.max_diff = Some(LineDiff {
                diff,
                file: file.to_path_buf(),
                line,
            });
        }
    }

    /// `maxdiff=...` for a report line, naming the line when the difference is not 0: `(line N)`
    /// when `with_file` is false, `(FILE:N)` when it is true.
    fn max_diff_text(&self, with_file: bool) -> String {
        match &self.max_diff {
            None => "maxdiff=-".into(),
            Some(d) if d.diff == 0.0 => format!("maxdiff={:.3e}", d.diff),
            Some(d) if with_file => {
                format!("maxdiff={:.3e} ({}:{})", d.diff, d.file.display(), d.line)
            }
            Some(d) => format!("maxdiff={:.3e} (line {})", d.diff, d.line),
        }
    }
}

/// How one line went.
enum LineResult {
    /// A valid path of the stated length (within the tolerance), `diff` away from it.
    Ok { diff: f64, expanded: u64 },
    /// A path that is invalid (`diff` is `None`) or of another length.
    Mismatch {
        found: String,
        diff: Option<f64>,
        expanded: u64,
    },
    /// No path found.
    Unreachable { expanded: u64 },
}

/// Prints the failed lines, the first `limit` of them, and counts the rest.
struct FailureLog {
    /// How many to print; `None` prints every one.
    limit: Option<u64>,
    /// How many were printed.
    printed: u64,
    /// How many were not.
    held_back: u64,
}

impl FailureLog {
    fn new(show: usize) -> Self {
        FailureLog {
            limit: (show > 0).then_some(show as u64),
            printed: 0,
            held_back: 0,
        }
    }

    /// Prints `what` happened on `query` of `file` unless the limit is reached.
    fn report(&mut self, bar: &ProgressBar, file: &Path, query: &Query, what: &str, found: &str) {
        if self.limit.is_some_and(|n| self.printed >= n) {
            self.held_back += 1;
            return;
        }
        self.printed += 1;
        bar.suspend(|| {
            println!(
                "{}:{}: {what}: start {} goal {} expected {:.8} found {found}",
                file.display(),
                query.line,
                Xy(query.start),
                Xy(query.goal),
                query.optimal
            )
        });
    }
}

/// Solvers shared by the worker threads: one is taken for a stretch of lines and given back, so
/// each thread keeps reusing its search arrays instead of allocating per line.
struct Pool(Mutex<Vec<Solver>>);

impl Pool {
    fn take(&self) -> Solver {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }
    fn give(&self, s: Solver) {
        if let Ok(mut v) = self.0.lock() {
            v.push(s);
        }
    }
}

/// Runs `verify`; returns the exit status (0 all match, 1 mismatches or unreachable, 2 bad input).
/// Mismatched and unreachable lines are printed, the first `show` of them (0 prints every one).
pub fn run(paths: &[PathBuf], algo: Algo, show: usize) -> Result<i32, CliError> {
    let files = scenario::collect(paths)?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} lines, eta {eta} {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let pool = Pool(Mutex::new(Vec::new()));
    let mut total = Tally::default();
    let mut unreadable = 0;
    let mut failures = FailureLog::new(show);
    let started = Instant::now();
    for path in &files {
        bar.set_message(path.display().to_string());
        let file = match scenario::load(path) {
            Ok(f) => f,
            Err(e) => {
                bar.suspend(|| eprintln!("error: {e}"));
                unreadable += 1;
                continue;
            }
        };
        bar.inc_length(file.lines() as u64);
        let file_started = Instant::now();
        let tally = verify_file(&file, algo, &pool, &bar, &mut failures)?;
        bar.suspend(|| {
            println!(
                "{}\tlines={} mismatches={} unreachable={} {} expanded={} time={:.2}s",
                path.display(),
                tally.lines,
                tally.mismatches,
                tally.unreachable,
                tally.max_diff_text(false),
                tally.expanded,
                file_started.elapsed().as_secs_f64()
            )
        });
        total.add(&tally);
    }
    bar.finish_and_clear();
    if failures.held_back > 0 {
        println!(
            "{} more mismatched or unreachable lines not listed (--show 0 lists every one)",
            failures.held_back
        );
    }
    println!(
        "lines={} mismatches={} unreachable={} {} files={} unreadable={} algo={} expanded={} time={:.1}s",
        total.lines,
        total.mismatches,
        total.unreachable,
        total.max_diff_text(true),
        files.len() - unreadable,
        unreadable,
        algo.name(),
        total.expanded,
        started.elapsed().as_secs_f64()
    );
    Ok(if unreadable > 0 {
        2
    } else if total.mismatches > 0 || total.unreachable > 0 {
        1
    } else {
        0
    })
}

fn verify_file(
    file: &ScenarioFile,
    algo: Algo,
    pool: &Pool,
    bar: &ProgressBar,
    failures: &mut FailureLog,
) -> Result<Tally, CliError> {
    let mut tally = Tally::default();
    for map in &file.maps {
        let results = verify_map(map, file.tolerance, algo, pool, bar)?;
        for (query, result) in map.queries.iter().zip(results) {
            tally.lines += 1;
            match result {
                LineResult::Ok { diff, expanded } => {
                    tally.expanded += expanded;
                    tally.note_diff(diff, &file.path, query.line);
                }
                LineResult::Mismatch {
                    found,
                    diff,
                    expanded,
                } => {
                    tally.expanded += expanded;
                    tally.mismatches += 1;
                    if let Some(diff) = diff {
                        tally.note_diff(diff, &file.path, query.line);
                    }
                    failures.report(bar, &file.path, query, "mismatch", &found);
                }
                LineResult::Unreachable { expanded } => {
                    tally.expanded += expanded;
                    tally.unreachable += 1;
                    failures.report(bar, &file.path, query, "unreachable", "no path");
                }
            }
        }
    }
    Ok(tally)
}

fn verify_map(
    map: &MapQueries,
    tolerance: f64,
    algo: Algo,
    pool: &Pool,
    bar: &ProgressBar,
) -> Result<Vec<LineResult>, CliError> {
    let prepared = Prepared::new(&map.grid, algo)?;
    map.queries
        .par_iter()
        .with_min_len(4)
        .map_init(
            || Pooled(Some(pool.take()), pool),
            |solver, query| {
                let r = check_line(solver.get(), &map.grid, &prepared, query, tolerance);
                bar.inc(1);
                r
            },
        )
        .collect()
}

/// A solver borrowed from the pool for one stretch of lines, given back when dropped.
struct Pooled<'p>(Option<Solver>, &'p Pool);

impl Pooled<'_> {
    fn get(&mut self) -> &mut Solver {
        self.0.get_or_insert_with(Solver::new)
    }
}

impl Drop for Pooled<'_> {
    fn drop(&mut self) {
        if let Some(s) = self.0.take() {
            self.1.give(s);
        }
    }
}

/// Searches one line; the path must be valid under the rules and its length (measured here, not
/// taken from the engine) must match the stated optimum within the file's tolerance.
fn check_line(
    solver: &mut Solver,
    grid: &Grid,
    prepared: &Prepared,
    query: &Query,
    tolerance: f64,
) -> Result<LineResult, CliError> {
    let answer = solver.solve(grid, prepared, query.start, query.goal)?;
    let expanded = answer.expanded;
    let Some(cost) = answer.cost else {
        return Ok(LineResult::Unreachable { expanded });
    };
    match check::octile_length(grid, &answer.path, query.start, query.goal) {
        Ok(length)
            if check::matches(length, query.optimal, tolerance)
                && (length - cost).abs() <= 1e-6 * length.max(1.0) =>
        {
            Ok(LineResult::Ok {
                diff: (length - query.optimal).abs(),
                expanded,
            })
        }
        Ok(length) => Ok(LineResult::Mismatch {
            found: format!("{length:.8} (engine cost {cost:.8})"),
            diff: Some((length - query.optimal).abs()),
            expanded,
        }),
        Err(fault) => Ok(LineResult::Mismatch {
            found: format!("an invalid path ({fault:?}) of cost {cost:.8}"),
            diff: None,
            expanded,
        }),
    }
}
