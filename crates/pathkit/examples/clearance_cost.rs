//! Agents of several sizes on one grid with its `Clearance`, against one grid per agent size:
//! what each keeps in memory, what it takes to build and to bring up to an edit, and what a query
//! costs, on a Moving AI map.
//!
//! ```text
//! cargo run --release -p pathkit-games --example clearance_cost -- MAP.map MAP.map.scen [QUERIES]
//! ```
//!
//! For agents 1, 2 and 3 cells wide it takes up to `QUERIES` lines of the scenario file (default
//! 200, spread over the file) whose ends the agent fits at, and answers each:
//! - *one grid*: A* on the map under `clearance.fits(size, GridRules)` (the general loop: rules
//!   of one's own);
//! - *a grid per size*: A* on `clearance.fit_grid(size)` (the grid's fast loop), and Jump Point
//!   Search on it.
//!
//! Every answer's cost must agree (the map's cells weigh the same); each time is the median of
//! three passes. The edit walls one cell in the middle of the map: `Clearance::update`, against
//! building the three grids again.
//!
//! Then HPA* for the same agents: a `ClearanceHierarchy` (the clearance, and a hierarchy over
//! each size's cells built when the size is first asked for), its build per size, its queries
//! (µs, and how far above the A* optimum on average), and the same edit brought into every
//! size's hierarchy, against building the three hierarchies again.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::grid::{Cell, Clearance, Diagonal, Grid, GridRules};
use pathkit::hierarchy::{
    ClearanceHierarchy, HierarchicalGrid, HierarchyContext, HierarchyOptions,
};
use pathkit::jps::{JpsContext, JpsMode, PathMode};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::process::ExitCode;
use std::time::Instant;

const SIZES: [u8; 3] = [1, 2, 3];

/// The median of three runs of `f`, in microseconds.
fn median_us(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[1]
}

/// The cost of every query of `queries` by `find`, `None` where it finds none.
fn costs(
    queries: &[(Cell, Cell)],
    mut find: impl FnMut(Cell, Cell) -> Option<f64>,
) -> Vec<Option<f64>> {
    queries.iter().map(|&(a, b)| find(a, b)).collect()
}

fn run(args: &[String]) -> Result<String, String> {
    let [map, scen, rest @ ..] = args else {
        return Err("usage: clearance_cost MAP.map MAP.map.scen [QUERIES]".into());
    };
    let limit: usize = match rest.first() {
        Some(n) => n
            .parse()
            .map_err(|_| format!("not a number of queries: {n}"))?,
        None => 200,
    };
    let grid = MovingAiMap::load(map)
        .and_then(|m| Ok(m.to_grid()?))
        .map_err(|e| e.to_string())?;
    let lines: Vec<(Cell, Cell)> = Scenario::load(scen)
        .map_err(|e| e.to_string())?
        .entries()
        .iter()
        .map(|e| (e.start, e.goal))
        .collect();
    let diagonal = Diagonal::NoCornerCutting;
    let mut out = String::new();
    let cells = grid.len();

    let build = median_us(|| {
        std::hint::black_box(Clearance::new(&grid, 3));
    });
    let grids_build = median_us(|| {
        let c = Clearance::new(&grid, 3);
        for size in SIZES {
            std::hint::black_box(c.fit_grid(size).expect("a grid"));
        }
    });
    let mut clearance = Clearance::new(&grid, 3);
    let fit_grids: Vec<Grid> = SIZES
        .iter()
        .map(|&s| clearance.fit_grid(s).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    out += &format!(
        "{map}: {} x {}, {cells} cells\n\nmemory: one clearance {} KB (a byte a cell); a grid per size {} KB ({} grids)\n",
        grid.width(),
        grid.height(),
        cells / 1024,
        fit_grids.iter().map(|g| Grid::memory_needed(g.width(), g.height())).sum::<u64>() / 1024,
        fit_grids.len()
    );
    out += &format!(
        "build: the clearance {:.0} us; it and the three grids {:.0} us\n",
        build, grids_build
    );

    // An edit in the middle: one cell walled.
    let middle = Cell::new(grid.width() / 2, grid.height() / 2);
    let mut edited = grid.clone();
    edited.set_weight(middle, 0).map_err(|e| e.to_string())?;
    // Each run updates a copy made before it is timed.
    let mut copies: Vec<Clearance> = (0..3).map(|_| clearance.clone()).collect();
    let update = median_us(|| {
        let mut c = copies.pop().expect("a copy a run");
        c.update(&edited, middle).expect("on the grid");
        std::hint::black_box(c);
    });
    let regrids = median_us(|| {
        for size in SIZES {
            std::hint::black_box(Clearance::new(&edited, 3).fit_grid(size).expect("a grid"));
        }
    });
    clearance.update(&grid, middle).map_err(|e| e.to_string())?; // back as it was
    out += &format!(
        "an edit (one cell walled): the clearance updated in {:.1} us; the three grids built again {:.0} us\n\n",
        update, regrids
    );

    let mut sized_queries = Vec::new();
    out += "| size | queries | one grid, A* under fits (us/query) | a grid per size, A* (us/query) | a grid per size, JPS (us/query) |\n|--:|--:|--:|--:|--:|\n";
    let space = grid
        .space(diagonal, 1.0, std::f64::consts::SQRT_2)
        .map_err(|e| e.to_string())?;
    for (k, &size) in SIZES.iter().enumerate() {
        let fit = &fit_grids[k];
        // The lines whose ends the agent fits at, `limit` of them spread over the file (its
        // buckets, short trips to long).
        let fitting: Vec<(Cell, Cell)> = lines
            .iter()
            .copied()
            .filter(|&(a, b)| fit.is_passable(a) && fit.is_passable(b))
            .collect();
        let step = (fitting.len() / limit.max(1)).max(1);
        let queries: Vec<(Cell, Cell)> =
            fitting.iter().copied().step_by(step).take(limit).collect();
        let ruled = space.clone().with_rules(clearance.fits(size, GridRules));
        let own = fit
            .space(diagonal, 1.0, std::f64::consts::SQRT_2)
            .map_err(|e| e.to_string())?;
        let jps = fit.jump_points(JpsMode {
            moves: diagonal,
            path: PathMode::Cells,
        });
        let (mut ctx, mut jctx) = (SearchContext::new(), JpsContext::new());
        let mut by_rules = Vec::new();
        let t_rules = median_us(|| {
            by_rules = costs(&queries, |a, b| {
                ruled.find_path(&mut ctx, a, b).ok()?.path().map(|p| p.cost)
            });
        });
        let mut by_grid = Vec::new();
        let t_grid = median_us(|| {
            by_grid = costs(&queries, |a, b| {
                own.find_path(&mut ctx, a, b).ok()?.path().map(|p| p.cost)
            });
        });
        let mut by_jps = Vec::new();
        let t_jps = median_us(|| {
            by_jps = costs(&queries, |a, b| {
                jps.find_path(&mut jctx, a, b).ok()?.path().map(|p| p.cost)
            });
        });
        for (i, ((r, g), j)) in by_rules.iter().zip(&by_grid).zip(&by_jps).enumerate() {
            let same = |x: &Option<f64>, y: &Option<f64>| match (x, y) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-6,
                (None, None) => true,
                _ => false,
            };
            if !same(r, g) || !same(r, j) {
                return Err(format!(
                    "size {size}, query {i}: {r:?}, {g:?}, {j:?} disagree"
                ));
            }
        }
        let per = |t: f64| t / queries.len().max(1) as f64;
        out += &format!(
            "| {size} | {} | {:.1} | {:.1} | {:.1} |\n",
            queries.len(),
            per(t_rules),
            per(t_grid),
            per(t_jps)
        );
        sized_queries.push((queries, by_grid));
    }
    out += &hierarchies(&grid, middle, &sized_queries)?;
    Ok(out)
}

/// A size's queries and their optimal costs (A* on the size's own grid).
type SizedQueries = (Vec<(Cell, Cell)>, Vec<Option<f64>>);

/// The HPA* part: a `ClearanceHierarchy` built size by size, queried, and edited, against a
/// hierarchy per size built again.
fn hierarchies(
    grid: &Grid,
    middle: Cell,
    sized_queries: &[SizedQueries],
) -> Result<String, String> {
    let options = HierarchyOptions::new();
    let mut out = String::from(
        "\nHPA* (ClearanceHierarchy, default options)\n\n| size | build (ms) | us/query | above the optimum (mean) |\n|--:|--:|--:|--:|\n",
    );
    let make =
        || ClearanceHierarchy::eight_connected(grid.clone(), 3, options).map_err(|e| e.to_string());
    let mut sized = make()?;
    let mut ctx = HierarchyContext::new();
    for (k, &size) in SIZES.iter().enumerate() {
        let build = median_us(|| {
            let fresh = make().expect("checked above");
            std::hint::black_box(fresh.for_size(size).expect("built"));
        });
        let hierarchy = sized.for_size(size).map_err(|e| e.to_string())?;
        let (queries, optimal) = &sized_queries[k];
        let mut found = Vec::new();
        let t = median_us(|| {
            found = costs(queries, |a, b| {
                hierarchy
                    .find_path(&mut ctx, a, b)
                    .ok()?
                    .path()
                    .map(|p| p.cost)
            });
        });
        let mut excess = Vec::new();
        for (i, (h, o)) in found.iter().zip(optimal).enumerate() {
            match (h, o) {
                (Some(h), Some(o)) if *h + 1e-6 >= *o => excess.push(h / o.max(1e-9) - 1.0),
                (None, None) => {}
                _ => return Err(format!("size {size}, query {i}: HPA* {h:?}, A* {o:?}")),
            }
        }
        let mean = excess.iter().sum::<f64>() / excess.len().max(1) as f64;
        out += &format!(
            "| {size} | {:.1} | {:.1} | {:.2} % |\n",
            build / 1000.0,
            t / queries.len().max(1) as f64,
            mean * 100.0
        );
    }
    // The edit, every size built: into the clearance and each size's hierarchy, against three
    // hierarchies built again on the edited grid.
    let mut copies: Vec<ClearanceHierarchy<f64>> = (0..3).map(|_| sized.clone()).collect();
    let update = median_us(|| {
        let mut c = copies.pop().expect("a copy a run");
        c.block(middle).expect("on the grid");
        std::hint::black_box(c);
    });
    let mut edited = grid.clone();
    edited.set_weight(middle, 0).map_err(|e| e.to_string())?;
    let again = median_us(|| {
        let clearance = Clearance::new(&edited, 3);
        for size in SIZES {
            let fit = clearance.fit_grid(size).expect("a grid");
            std::hint::black_box(HierarchicalGrid::eight_connected(fit, options).expect("built"));
        }
    });
    sized.block(middle).map_err(|e| e.to_string())?;
    out += &format!(
        "\nan edit (one cell walled), every size built: {:.0} us into the clearance and the three hierarchies; {:.0} us to build the three again\n",
        update, again
    );
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
