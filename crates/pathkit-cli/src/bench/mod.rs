//! `pathkit bench`: the same scenario lines through every engine, answers checked, then timed.

mod chart;
mod engine;
#[cfg(feature = "peers")]
mod peers;
mod report;
mod select;

pub use report::median;
pub use select::spread;

use crate::check::{self, PathFault};
use crate::cli::BenchArgs;
use crate::counting_alloc;
use crate::error::CliError;
use crate::scenario::{self, MapQueries, Query, ScenarioFile};
use crate::solver::Preparation;
use engine::EngineKind;
use indicatif::{ProgressBar, ProgressStyle};
use pathkit::grid::Cell;
use report::{BenchReport, EngineReport, MapReport};
use std::hint::black_box;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Runs `bench`; exit status 0, or 1 when an engine that follows the benchmark's rules gave a
/// wrong answer (reported in the output, never timed).
pub fn run(args: &BenchArgs) -> Result<i32, CliError> {
    let files = scenario::collect(&args.paths)?;
    let root = common_folder(&files);
    let engines = EngineKind::all();
    let rounds = args.rounds.max(1);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} runs {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let mut maps = Vec::new();
    for path in &files {
        bar.set_message(path.display().to_string());
        let file = scenario::load(path)?;
        for group in &file.maps {
            let queries = select::spread(&group.queries, args.limit);
            bar.inc_length((queries.len() * engines.len() * (rounds + 1)) as u64);
            let mut label = label(&root, path);
            if file.maps.len() > 1 {
                label = format!("{label}:{}", group.grid.width());
            }
            maps.push(bench_map(
                &file, &label, group, &queries, &engines, rounds, &bar,
            )?);
        }
    }
    bar.finish_and_clear();
    let report = BenchReport::new(args.limit, rounds, maps, started.elapsed());
    let json = || {
        serde_json::to_string_pretty(&report).map_err(|e| CliError::Output {
            path: "stdout".into(),
            message: e.to_string(),
        })
    };
    if args.json {
        println!("{}", json()?);
    } else {
        print!("{}", report.table());
    }
    if let Some(file) = &args.json_out {
        std::fs::write(file, json()? + "\n").map_err(|e| CliError::Output {
            path: file.clone(),
            message: e.to_string(),
        })?;
    }
    if let Some(file) = &args.chart {
        chart::write(file, &report)?;
    }
    let wrong = report
        .maps
        .iter()
        .flat_map(|m| &m.engines)
        .any(|e| !e.cuts_corners && e.wrong > 0);
    Ok(if wrong { 1 } else { 0 })
}

/// The deepest folder holding every file.
fn common_folder(files: &[PathBuf]) -> PathBuf {
    let mut root = files
        .first()
        .and_then(|f| f.parent())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    for f in files {
        while !f.starts_with(&root) {
            if !root.pop() {
                return PathBuf::new();
            }
        }
    }
    root
}

/// The row name of a scenario file: its path below `root`, without the scenario extension.
fn label(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file).to_string_lossy();
    let rel = rel.trim_end_matches(".scen");
    rel.trim_end_matches(".map").to_string()
}

/// How one engine's answer to one query compares with the scenario.
enum Verdict {
    /// Valid under the rules and of the optimal length.
    Optimal,
    /// (Corner-cutting engines only) a path that cuts a corner; `differs` when its length is not
    /// the stated optimum.
    CutsCorner { differs: bool },
    /// (Corner-cutting engines only) valid under the rules but not of the optimal length.
    Differs,
    /// Wrong: no path, a broken path, or a wrong length from an engine that follows the rules.
    Wrong(String),
}

fn judge(
    kind: EngineKind,
    map: &MapQueries,
    q: &Query,
    tolerance: f64,
    path: Option<&[Cell]>,
) -> Verdict {
    let Some(path) = path else {
        return Verdict::Wrong(format!("line {}: no path found", q.line));
    };
    match check::octile_length(&map.grid, path, q.start, q.goal) {
        Ok(len) if check::matches(len, q.optimal, tolerance) => Verdict::Optimal,
        Ok(_) if kind.cuts_corners() => Verdict::Differs,
        Ok(len) => Verdict::Wrong(format!(
            "line {}: length {len:.8}, expected {}",
            q.line, q.optimal
        )),
        Err(PathFault::CutsCorner) if kind.cuts_corners() => {
            match check::corner_cutting_length(&map.grid, path, q.start, q.goal) {
                Ok(len) => Verdict::CutsCorner {
                    differs: !check::matches(len, q.optimal, tolerance),
                },
                Err(f) => Verdict::Wrong(format!("line {}: invalid path ({f:?})", q.line)),
            }
        }
        Err(f) => Verdict::Wrong(format!("line {}: invalid path ({f:?})", q.line)),
    }
}

fn bench_map(
    file: &ScenarioFile,
    label: &str,
    map: &MapQueries,
    queries: &[Query],
    engines: &[EngineKind],
    rounds: usize,
    bar: &ProgressBar,
) -> Result<MapReport, CliError> {
    let mut runners = Vec::new();
    let mut reports = Vec::new();
    // Timed[e][i]: whether engine e's answer to query i may be timed.
    let mut timed: Vec<Vec<bool>> = Vec::new();
    for &kind in engines {
        // The first query of an engine left to build its tables then, on a fresh copy of the map:
        // the frame-time spike a game sees unless it prepares the map when loading it.
        let cold_first_query = match (kind.prepares(), queries.first()) {
            (true, Some(q)) => {
                let mut cold = kind.prepare(&map.grid, Preparation::OnFirstQuery)?;
                let t = Instant::now();
                black_box(cold.query(q.start, q.goal)?);
                Some(t.elapsed())
            }
            _ => None,
        };
        let before = counting_alloc::reset_peak();
        let t = Instant::now();
        let mut runner = kind.prepare(&map.grid, Preparation::UpFront)?;
        let build = t.elapsed();
        let mut rep = EngineReport::new(kind.name(), kind.cuts_corners(), build);
        rep.cold_first_query_us = cold_first_query.map(|d| d.as_secs_f64() * 1e6);
        let mut ok = Vec::with_capacity(queries.len());
        let mut expanded = Vec::new();
        for q in queries {
            let run = runner.query(q.start, q.goal)?;
            bar.inc(1);
            if let Some(n) = run.expanded {
                expanded.push(n);
            }
            let verdict = judge(kind, map, q, file.tolerance, run.path.as_deref());
            ok.push(!matches!(verdict, Verdict::Wrong(_)));
            match verdict {
                Verdict::Optimal => {}
                Verdict::CutsCorner { differs } => {
                    rep.corner_cutting += 1;
                    rep.length_differs += differs as usize;
                }
                Verdict::Differs => rep.length_differs += 1,
                Verdict::Wrong(why) => {
                    rep.wrong += 1;
                    if rep.wrong_examples.len() < 5 {
                        rep.wrong_examples.push(why);
                    }
                }
            }
        }
        rep.memory_bytes = counting_alloc::peak().saturating_sub(before);
        rep.table_bytes = runner.table_bytes();
        rep.expanded_mean = (!expanded.is_empty())
            .then(|| expanded.iter().sum::<u64>() as f64 / expanded.len() as f64);
        reports.push(rep);
        runners.push(runner);
        timed.push(ok);
    }
    // Rounds interleave the engines, so a noisy moment of the machine hits all of them alike.
    let mut times: Vec<Vec<Vec<Duration>>> =
        vec![vec![Vec::with_capacity(rounds); queries.len()]; engines.len()];
    for _ in 0..rounds {
        for (e, runner) in runners.iter_mut().enumerate() {
            for (i, q) in queries.iter().enumerate() {
                bar.inc(1);
                if !timed[e][i] {
                    continue;
                }
                let t = Instant::now();
                let run = runner.query(q.start, q.goal)?;
                let d = t.elapsed();
                black_box(run);
                times[e][i].push(d);
            }
        }
    }
    for (rep, per_query) in reports.iter_mut().zip(times) {
        rep.set_times(
            per_query
                .into_iter()
                .filter(|t| !t.is_empty())
                .map(|mut t| report::median_us(&mut t))
                .collect(),
        );
    }
    Ok(MapReport::new(
        file,
        label.to_string(),
        map,
        queries.len(),
        reports,
    ))
}
