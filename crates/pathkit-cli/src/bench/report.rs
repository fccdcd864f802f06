//! What `bench` measured, as a table or as JSON.

use crate::scenario::{MapQueries, ScenarioFile};
use serde::Serialize;
use std::fmt::Write;
use std::time::Duration;

/// The engines every engine is compared with, as speed-ups: the other engine's median time over
/// this one's on the same map, so above 1 means this engine is faster (`3.5` = 3.5x as fast).
/// Other crates' A*, the reference.
pub const PATHFINDING: &str = "pathfinding-astar";
/// pathkit's A* through the search core's general loop: over it, pathkit-astar's speed-up is what
/// the grid's fast loop gains.
pub const ASTAR_GENERAL: &str = "pathkit-astar-general";
/// pathkit's JPS.
pub const JPS: &str = "pathkit-jps";
/// pathkit's A* through the grid's fast loop.
pub const ASTAR: &str = "pathkit-astar";

/// One engine on one map.
#[derive(Clone, Debug, Serialize)]
pub struct EngineReport {
    /// Engine name.
    pub engine: String,
    /// `true` when the engine allows corner cutting (an easier problem than the scenarios').
    pub cuts_corners: bool,
    /// Time to build the engine's structures for the map, in milliseconds: for pathkit's
    /// engines, everything their queries need (the grid's tables, a JPS+ table, the search
    /// context's records), built up front as a game would when loading the map.
    pub build_ms: f64,
    /// pathkit's engines: the first query on a fresh copy of the map when nothing was built up
    /// front, in microseconds (it builds the tables itself: compare with `median_us`).
    pub cold_first_query_us: Option<f64>,
    /// Peak heap bytes the engine held for the map: its structures plus its search state.
    pub memory_bytes: usize,
    /// Bytes of precomputed tables (JPS+ jump distances), for engines that precompute.
    pub table_bytes: Option<usize>,
    /// Queries answered correctly enough to be timed.
    pub timed: usize,
    /// Wrong answers (no path, broken path, wrong length from a rule-following engine): not timed.
    pub wrong: usize,
    /// A few of the wrong answers, for the reader.
    pub wrong_examples: Vec<String>,
    /// Corner-cutting engines: answers whose path cuts a corner.
    pub corner_cutting: usize,
    /// Corner-cutting engines: answers whose length differs from the stated optimum.
    pub length_differs: usize,
    /// Mean over the timed queries of each query's median time, in microseconds.
    pub mean_us: f64,
    /// Median over the timed queries of each query's median time, in microseconds.
    pub median_us: f64,
    /// Mean nodes expanded per query, when the engine lets us count them.
    pub expanded_mean: Option<f64>,
    /// Speed-up over pathfinding-astar: its `median_us` on the same map over this engine's (above
    /// 1: this engine is faster).
    pub speedup_vs_pathfinding: Option<f64>,
    /// Speed-up over pathkit-astar-general: its `median_us` on the same map over this engine's;
    /// for pathkit-astar, what the grid's fast loop gains over the general loop.
    pub speedup_vs_astar_general: Option<f64>,
    /// Speed-up over pathkit-jps: its `median_us` on the same map over this engine's.
    pub speedup_vs_pathkit_jps: Option<f64>,
    #[serde(skip)]
    per_query_us: Vec<f64>,
}

impl EngineReport {
    /// An empty report for an engine that was just built.
    pub fn new(engine: &str, cuts_corners: bool, build: Duration) -> Self {
        EngineReport {
            engine: engine.to_string(),
            cuts_corners,
            build_ms: build.as_secs_f64() * 1e3,
            cold_first_query_us: None,
            memory_bytes: 0,
            table_bytes: None,
            timed: 0,
            wrong: 0,
            wrong_examples: Vec::new(),
            corner_cutting: 0,
            length_differs: 0,
            mean_us: f64::NAN,
            median_us: f64::NAN,
            expanded_mean: None,
            speedup_vs_pathfinding: None,
            speedup_vs_astar_general: None,
            speedup_vs_pathkit_jps: None,
            per_query_us: Vec::new(),
        }
    }

    /// Sets the per-query median times (µs) of the timed queries.
    pub fn set_times(&mut self, mut us: Vec<f64>) {
        self.timed = us.len();
        if !us.is_empty() {
            self.mean_us = us.iter().sum::<f64>() / us.len() as f64;
            self.median_us = median(&mut us);
        }
        self.per_query_us = us;
    }
}

/// The median of some durations, in microseconds.
pub fn median_us(times: &mut [Duration]) -> f64 {
    let mut us: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e6).collect();
    median(&mut us)
}

/// The median of some values (the mean of the middle two for an even count; NaN for none).
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Every engine on one map.
#[derive(Clone, Debug, Serialize)]
pub struct MapReport {
    /// The scenario file.
    pub scenario: String,
    /// A short name for the row: the scenario file's path below the folder all benchmarked files
    /// share, without `.map.scen` / `.scen` (`den520d`, `mapf/den520d-even-1`).
    pub label: String,
    /// The map file.
    pub map: String,
    /// Map width.
    pub width: u32,
    /// Map height.
    pub height: u32,
    /// Lines of the file on this map.
    pub lines: usize,
    /// Lines benchmarked.
    pub queries: usize,
    /// One report per engine.
    pub engines: Vec<EngineReport>,
}

impl MapReport {
    /// Collects the engines' reports and computes their ratios.
    pub fn new(
        file: &ScenarioFile,
        label: String,
        map: &MapQueries,
        queries: usize,
        mut engines: Vec<EngineReport>,
    ) -> Self {
        let median_of = |name: &str, es: &[EngineReport]| {
            es.iter()
                .find(|e| e.engine == name && e.timed > 0)
                .map(|e| e.median_us)
        };
        let pathfinding = median_of(PATHFINDING, &engines);
        let general = median_of(ASTAR_GENERAL, &engines);
        let jps = median_of(JPS, &engines);
        for e in &mut engines {
            if e.timed > 0 {
                let over = |other: Option<f64>| other.map(|o| o / e.median_us);
                e.speedup_vs_pathfinding = over(pathfinding);
                e.speedup_vs_astar_general = over(general);
                e.speedup_vs_pathkit_jps = over(jps);
            }
        }
        MapReport {
            scenario: file.path.display().to_string(),
            label,
            map: map.map_path.file_name().map_or_else(
                || map.map_path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            width: map.grid.width(),
            height: map.grid.height(),
            lines: map.queries.len(),
            queries,
            engines,
        }
    }
}

/// The largest side, in cells, of a map in the small-map group: on maps this small a query takes
/// a microsecond or two, so a fixed cost per query (the checks before a search, setting it up,
/// writing the path) is a large part of it, and a change in it shows in the group's medians
/// where the all-maps figures, dominated by long searches, would hide it.
pub const SMALL_MAP_SIDE: u32 = 128;

/// One engine over every map (or over the maps of a group).
#[derive(Clone, Debug, Serialize)]
pub struct EngineTotal {
    /// Engine name.
    pub engine: String,
    /// Queries timed, over all maps.
    pub timed: usize,
    /// Wrong answers, over all maps.
    pub wrong: usize,
    /// Corner-cutting answers, over all maps.
    pub corner_cutting: usize,
    /// Answers whose length differs from the optimum, over all maps.
    pub length_differs: usize,
    /// Mean per-query median time over every timed query, µs.
    pub mean_us: f64,
    /// Median per-query median time over every timed query, µs.
    pub median_us: f64,
    /// Geometric mean over the maps of the speed-up over pathfinding-astar.
    pub geomean_speedup_vs_pathfinding: Option<f64>,
    /// Geometric mean over the maps of the speed-up over pathkit-astar-general.
    pub geomean_speedup_vs_astar_general: Option<f64>,
    /// Geometric mean over the maps of the speed-up over pathkit-jps.
    pub geomean_speedup_vs_pathkit_jps: Option<f64>,
}

/// The engines over a group of the maps, as the all-maps totals are over all of them.
#[derive(Clone, Debug, Serialize)]
pub struct MapGroup {
    /// Which maps belong: at most this many cells on either side.
    pub max_side: u32,
    /// The rows of the maps in the group (their labels).
    pub maps: Vec<String>,
    /// Per engine, over the group's maps.
    pub totals: Vec<EngineTotal>,
}

/// Per engine (in the order they first appear), over `maps`: counts summed, the mean and median
/// of every timed query's median time, and the geometric mean over the maps of each speed-up.
fn totals(maps: &[&MapReport]) -> Vec<EngineTotal> {
    let mut names: Vec<&str> = Vec::new();
    for e in maps.iter().flat_map(|m| &m.engines) {
        if !names.contains(&e.engine.as_str()) {
            names.push(&e.engine);
        }
    }
    names
        .iter()
        .map(|&name| {
            let es: Vec<&EngineReport> = maps
                .iter()
                .flat_map(|m| &m.engines)
                .filter(|e| e.engine == name)
                .collect();
            let mut all: Vec<f64> = es
                .iter()
                .flat_map(|e| e.per_query_us.iter().copied())
                .collect();
            let mean_us = if all.is_empty() {
                f64::NAN
            } else {
                all.iter().sum::<f64>() / all.len() as f64
            };
            EngineTotal {
                engine: name.to_string(),
                timed: es.iter().map(|e| e.timed).sum(),
                wrong: es.iter().map(|e| e.wrong).sum(),
                corner_cutting: es.iter().map(|e| e.corner_cutting).sum(),
                length_differs: es.iter().map(|e| e.length_differs).sum(),
                mean_us,
                median_us: median(&mut all),
                geomean_speedup_vs_pathfinding: geomean(
                    es.iter().filter_map(|e| e.speedup_vs_pathfinding),
                ),
                geomean_speedup_vs_astar_general: geomean(
                    es.iter().filter_map(|e| e.speedup_vs_astar_general),
                ),
                geomean_speedup_vs_pathkit_jps: geomean(
                    es.iter().filter_map(|e| e.speedup_vs_pathkit_jps),
                ),
            }
        })
        .collect()
}

impl MapGroup {
    /// The maps at most `max_side` cells on either side; `None` when there are none.
    fn small(maps: &[MapReport], max_side: u32) -> Option<Self> {
        let small: Vec<&MapReport> = maps
            .iter()
            .filter(|m| m.width <= max_side && m.height <= max_side)
            .collect();
        (!small.is_empty()).then(|| MapGroup {
            max_side,
            maps: small.iter().map(|m| m.label.clone()).collect(),
            totals: totals(&small),
        })
    }
}

/// What the grid's fast loop gains: pathkit-astar's speed-up over pathkit-astar-general, the same
/// queries with the same expansions through the search core's general loop.
#[derive(Clone, Debug, Serialize)]
pub struct FastLoopSpeedup {
    /// Geometric mean over the maps.
    pub geomean: f64,
    /// The smallest speed-up of a map, and the map.
    pub min: f64,
    /// The map of the smallest.
    pub min_map: String,
    /// The largest speed-up of a map.
    pub max: f64,
    /// The map of the largest.
    pub max_map: String,
    /// Maps measured.
    pub maps: usize,
}

impl FastLoopSpeedup {
    fn new(maps: &[MapReport]) -> Option<Self> {
        let per_map: Vec<(&str, f64)> = maps
            .iter()
            .filter_map(|m| {
                let e = m.engines.iter().find(|e| e.engine == ASTAR)?;
                Some((m.label.as_str(), e.speedup_vs_astar_general?))
            })
            .filter(|(_, x)| x.is_finite() && *x > 0.0)
            .collect();
        let geomean = geomean(per_map.iter().map(|(_, x)| *x))?;
        let (min_map, min) = *per_map.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
        let (max_map, max) = *per_map.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(FastLoopSpeedup {
            geomean,
            min,
            min_map: min_map.to_string(),
            max,
            max_map: max_map.to_string(),
            maps: per_map.len(),
        })
    }
}

/// The whole benchmark.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// Lines per scenario file (0 = all).
    pub limit: usize,
    /// Timed runs per query (the median is kept).
    pub rounds: usize,
    /// Wall time of the whole benchmark, seconds.
    pub seconds: f64,
    /// Per map.
    pub maps: Vec<MapReport>,
    /// Per engine, over all maps.
    pub totals: Vec<EngineTotal>,
    /// Per engine, over the small maps (at most [`SMALL_MAP_SIDE`] cells a side), where a fixed
    /// cost per query shows; absent when no map benchmarked is that small.
    pub small_maps: Option<MapGroup>,
    /// pathkit-astar's speed-up over pathkit-astar-general over all maps (absent when either
    /// was not timed).
    pub fast_loop_speedup: Option<FastLoopSpeedup>,
}

fn geomean(v: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for x in v.filter(|x| x.is_finite() && *x > 0.0) {
        sum += x.ln();
        n += 1;
    }
    (n > 0).then(|| (sum / n as f64).exp())
}

impl BenchReport {
    /// Adds the per-engine totals, over all maps and over the small ones.
    pub fn new(limit: usize, rounds: usize, maps: Vec<MapReport>, elapsed: Duration) -> Self {
        let totals = totals(&maps.iter().collect::<Vec<_>>());
        let small_maps = MapGroup::small(&maps, SMALL_MAP_SIDE);
        let fast_loop_speedup = FastLoopSpeedup::new(&maps);
        BenchReport {
            limit,
            rounds,
            seconds: elapsed.as_secs_f64(),
            maps,
            totals,
            small_maps,
            fast_loop_speedup,
        }
    }

    /// The report as a plain-text table.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let head = [
            "ok",
            "bad",
            "mean us",
            "median us",
            "expanded",
            "memory",
            "build ms",
            "pf/this",
            "gen/this",
            "jps/this",
        ];
        row(&mut s, "map", "engine", head, "notes");
        for m in &self.maps {
            for e in &m.engines {
                let notes = e
                    .table_bytes
                    .map(|t| format!("table {}; ", bytes(t)))
                    .unwrap_or_default()
                    + &notes(
                        e.cuts_corners,
                        e.corner_cutting,
                        e.length_differs,
                        &e.wrong_examples,
                    );
                let cells = [
                    e.timed.to_string(),
                    e.wrong.to_string(),
                    num(e.mean_us),
                    num(e.median_us),
                    e.expanded_mean.map_or("-".into(), |x| format!("{x:.0}")),
                    bytes(e.memory_bytes),
                    format!("{:.2}", e.build_ms),
                    speedup(e.speedup_vs_pathfinding),
                    speedup(e.speedup_vs_astar_general),
                    speedup(e.speedup_vs_pathkit_jps),
                ];
                row(
                    &mut s,
                    &m.label,
                    &e.engine,
                    cells.each_ref().map(String::as_str),
                    &notes,
                );
            }
        }
        let _ = writeln!(s);
        self.total_rows(
            &mut s,
            "all maps (speed-ups: geomean)",
            self.maps.len(),
            &self.totals,
        );
        if let Some(g) = &self.small_maps {
            let _ = writeln!(s);
            self.total_rows(
                &mut s,
                &format!("maps <= {0}x{0} (geomean)", g.max_side),
                g.maps.len(),
                &g.totals,
            );
        }
        let _ = writeln!(
            s,
            "\n{} lines per file (0 = all), median of {} timed runs per query; {:.0} s in all.\n\
             Speed-ups, above 1 when this engine is faster: pf/this, gen/this, jps/this = the median\n\
             time of {PATHFINDING}, {ASTAR_GENERAL}, {JPS} on the same map over this engine's\n\
             (in the all-maps and small-maps rows, the geometric mean over their maps).\n\
             * = allows corner cutting, an easier problem.",
            self.limit, self.rounds, self.seconds
        );
        if let Some(g) = &self.small_maps {
            let _ = writeln!(
                s,
                "Small maps: at most {}x{} cells, where a query takes microseconds, so a fixed cost per\n\
                 query shows in their medians and speed-ups; {} scenario set{}: {}.",
                g.max_side,
                g.max_side,
                g.maps.len(),
                if g.maps.len() == 1 { "" } else { "s" },
                g.maps.join(", ")
            );
        }
        self.cold_first_queries(&mut s);
        if let Some(f) = &self.fast_loop_speedup {
            let _ = writeln!(
                s,
                "The grid's fast loop: {ASTAR} is {}x as fast as {ASTAR_GENERAL}\n\
                 (geometric mean over {} map{}; from {}x on {} to {}x on {}).",
                speedup(Some(f.geomean)),
                f.maps,
                if f.maps == 1 { "" } else { "s" },
                speedup(Some(f.min)),
                f.min_map,
                speedup(Some(f.max)),
                f.max_map
            );
        }
        s
    }
}

impl BenchReport {
    /// A header and one row per engine of `totals`, over `sets` scenario sets.
    fn total_rows(&self, s: &mut String, title: &str, sets: usize, totals: &[EngineTotal]) {
        let head = [
            "ok",
            "bad",
            "mean us",
            "median us",
            "",
            "",
            "",
            "pf/this",
            "gen/this",
            "jps/this",
        ];
        row(s, title, "engine", head, "notes");
        let sets = format!("({sets} scenario sets)");
        for t in totals {
            let cuts = self
                .maps
                .iter()
                .flat_map(|m| &m.engines)
                .any(|e| e.engine == t.engine && e.cuts_corners);
            let cells = [
                t.timed.to_string(),
                t.wrong.to_string(),
                num(t.mean_us),
                num(t.median_us),
                String::new(),
                String::new(),
                String::new(),
                speedup(t.geomean_speedup_vs_pathfinding),
                speedup(t.geomean_speedup_vs_astar_general),
                speedup(t.geomean_speedup_vs_pathkit_jps),
            ];
            let notes = notes(cuts, t.corner_cutting, t.length_differs, &[]);
            row(
                s,
                &sets,
                &t.engine,
                cells.each_ref().map(String::as_str),
                &notes,
            );
        }
    }

    /// One line per pathkit engine: its first query on a map when the tables were left to it
    /// (median and largest over the maps), against its median warm query; `build ms` in the table
    /// is what building them up front takes instead.
    fn cold_first_queries(&self, s: &mut String) {
        let mut engines: Vec<&str> = Vec::new();
        for e in self.maps.iter().flat_map(|m| &m.engines) {
            if e.cold_first_query_us.is_some() && !engines.contains(&e.engine.as_str()) {
                engines.push(&e.engine);
            }
        }
        if engines.is_empty() {
            return;
        }
        let _ = writeln!(
            s,
            "First query on a map that was not prepared (the query builds the grid's tables and the context's records), us:"
        );
        for engine in engines {
            let mut cold: Vec<(f64, &str)> = Vec::new();
            let mut warm: Vec<f64> = Vec::new();
            for m in &self.maps {
                for e in m.engines.iter().filter(|e| e.engine == engine) {
                    if let Some(c) = e.cold_first_query_us {
                        cold.push((c, &m.label));
                        warm.push(e.median_us);
                    }
                }
            }
            cold.sort_by(|a, b| a.0.total_cmp(&b.0));
            warm.sort_by(f64::total_cmp);
            let (largest, on) = cold[cold.len() - 1];
            let _ = writeln!(
                s,
                "  {engine:<21} median {} (largest {} on {on}); a prepared median query {}",
                num(cold[cold.len() / 2].0),
                num(largest),
                num(warm[warm.len() / 2]),
            );
        }
    }
}

/// One line of the table: the map or totals label, the engine, ten right-aligned columns, notes.
fn row(s: &mut String, label: &str, engine: &str, c: [&str; 10], notes: &str) {
    let _ = writeln!(
        s,
        "{label:<30} {engine:<21} {:>4} {:>4} {:>11} {:>11} {:>10} {:>9} {:>9} {:>8} {:>8} {:>8}  {notes}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]
    );
}

fn num(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else if x < 10.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.1}")
    }
}

/// A speed-up: 3 decimals below 0.095, none from 100, 2 otherwise.
fn speedup(r: Option<f64>) -> String {
    match r {
        None => "-".into(),
        Some(r) if r < 0.095 => format!("{r:.3}"),
        Some(r) if r >= 99.5 => format!("{r:.0}"),
        Some(r) => format!("{r:.2}"),
    }
}

fn bytes(b: usize) -> String {
    if b >= 10 << 20 {
        format!("{} MB", b >> 20)
    } else if b >= 10 << 10 {
        format!("{} KB", b >> 10)
    } else {
        format!("{b} B")
    }
}

fn notes(cuts: bool, corner: usize, differs: usize, wrong: &[String]) -> String {
    let mut n = String::new();
    if cuts {
        n.push_str(&format!(
            "* cuts corners in {corner}, length differs in {differs}"
        ));
    }
    if !wrong.is_empty() {
        if !n.is_empty() {
            n.push_str("; ");
        }
        n.push_str("WRONG: ");
        n.push_str(&wrong.join("; "));
    }
    n
}
