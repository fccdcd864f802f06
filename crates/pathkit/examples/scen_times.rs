//! Every line of a scenario file answered once by online JPS, JPS+ or the subgoal graph, each query
//! timed on its own,
//! one line of output per query: the per-query figures `bench/warthog/run.sh` sets beside those of
//! Warthog's scenario runner.
//!
//! ```text
//! cargo run --release -p pathkit-games --example scen_times -- ALGO MAP.map MAP.map.scen [cells]
//! ```
//!
//! `ALGO` is `jps`, `jps-plus` or `subgoal`. The first output line is `# build_ns N`: for `jps` the
//! time to build the grid's bitmaps and reserve the context's per-cell records, for `jps-plus` the
//! time to build the JPS+ table (bitmaps included) from the loaded map and reserve the records,
//! for `subgoal` the time to build the subgoal graph and its hierarchy. Then a
//! header and one tab-separated line per scenario line: `id expanded nanos cost optimal`. `nanos`
//! is one call of `find_path_into` with a reused path buffer: the checks at the front door, the
//! search and writing the path. The path lists the start, the jump points and the goal (what
//! Warthog's runner builds), or every cell with `cells` (the subgoal graph always lists every
//! cell; its `expanded` counts the subgoals settled). Loading and building are not in it.
//! A query whose cost is not the file's optimal length (within [`Scenario::tolerance`]) stops the
//! run with exit status 1.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use pathkit::search::{Stats, Status};
use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
use pathkit::{Goal, Pathfinder};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

/// The engine built for the map. One a run, so its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Engine {
    Jps(Grid),
    JpsPlus(Box<JpsPlus>),
    Subgoal(Box<SubgoalGraph>),
}

/// The reusable memory of each engine's queries.
#[derive(Default)]
struct Contexts {
    jps: JpsContext,
    subgoal: SubgoalContext,
}

impl Engine {
    fn query(
        &self,
        ctx: &mut Contexts,
        mode: PathMode,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, String> {
        let no_limits = Default::default();
        match self {
            Engine::Jps(grid) => grid
                .jump_points(JpsMode {
                    path: mode,
                    ..JpsMode::EIGHT
                })
                .find_path_into(&mut ctx.jps, start, Goal::Node(goal), &no_limits, path)
                .map_err(|e| e.to_string()),
            Engine::JpsPlus(plus) => plus
                .paths(mode)
                .find_path_into(&mut ctx.jps, start, Goal::Node(goal), &no_limits, path)
                .map_err(|e| e.to_string()),
            Engine::Subgoal(graph) => graph
                .find_path_into(&mut ctx.subgoal, start, Goal::Node(goal), &no_limits, path)
                .map_err(|e| e.to_string()),
        }
    }

    /// What the last query did.
    fn stats(&self, ctx: &Contexts) -> Stats {
        match self {
            Engine::Subgoal(_) => ctx.subgoal.stats(),
            _ => ctx.jps.stats(),
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (algo, map, scen, rest) = match args {
        [algo, map, scen, rest @ ..] => (algo, map, scen, rest),
        _ => {
            return Err(
                "usage: scen_times jps|jps-plus|subgoal MAP.map MAP.map.scen [cells]".into(),
            )
        }
    };
    let mode = match rest.first().map(String::as_str) {
        None => PathMode::JumpPoints,
        Some("cells") => PathMode::Cells,
        Some(other) => return Err(format!("unknown path mode {other}: cells or nothing")),
    };
    let grid = MovingAiMap::load(map)
        .and_then(|m| Ok(m.to_grid()?))
        .map_err(|e| e.to_string())?;
    let scenario = Scenario::load(scen).map_err(|e| e.to_string())?;
    let tolerance = scenario.tolerance();
    let entries = scenario.entries();
    let mut ctx = Contexts::default();
    let t = Instant::now();
    let engine = match algo.as_str() {
        "jps" => {
            grid.prepare(Diagonal::NoCornerCutting)
                .map_err(|e| e.to_string())?;
            ctx.jps.reserve(&grid).map_err(|e| e.to_string())?;
            Engine::Jps(grid)
        }
        "jps-plus" => {
            let plus = JpsPlus::new(grid).map_err(|e| e.to_string())?;
            ctx.jps.reserve(plus.grid()).map_err(|e| e.to_string())?;
            Engine::JpsPlus(Box::new(plus))
        }
        "subgoal" => {
            let graph = SubgoalGraph::new(grid).map_err(|e| e.to_string())?;
            ctx.subgoal.reserve(&graph).map_err(|e| e.to_string())?;
            Engine::Subgoal(Box::new(graph))
        }
        other => {
            return Err(format!(
                "unknown algorithm {other}: jps, jps-plus or subgoal"
            ))
        }
    };
    let build = t.elapsed();
    let mut out = format!(
        "# build_ns {}\nid\texpanded\tnanos\tcost\toptimal\n",
        build.as_nanos()
    );
    let mut path = Vec::new();
    for (id, e) in entries.iter().enumerate() {
        let t = Instant::now();
        let status = engine.query(&mut ctx, mode, e.start, e.goal, &mut path)?;
        let nanos = t.elapsed().as_nanos();
        let cost = match status {
            Status::Found { cost } => cost,
            other => return Err(format!("line {}: {other:?}", id + 1)),
        };
        if (cost - e.optimal_length).abs() > tolerance {
            return Err(format!(
                "line {}: cost {cost:.8}, optimal {}",
                id + 1,
                e.optimal_length
            ));
        }
        let _ = writeln!(
            out,
            "{id}\t{}\t{nanos}\t{cost:.8}\t{}",
            engine.stats(&ctx).expanded,
            e.optimal_length
        );
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
