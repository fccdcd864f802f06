//! Area costs on a Moving AI map made into obstacles: what a query costs with costs per area
//! (`NavMesh::with_area_costs`) beside the any-angle search without them, and how much a
//! finer placing of points would still save.
//!
//! ```text
//! cargo run --release -p pathkit-games --example navmesh_area_costs -- MAP.map MAP.map.scen [QUERIES] [AREAS]
//! ```
//!
//! The blocked cells become rectangles (`grid_obstacles`), the map's outline the box, the
//! agent's radius 0. `AREAS` random rectangles (default 60, a fixed seed) of 8 to 64 cells a
//! side are mud (each unit of length costs 3) or road (0.5). Queries are up to `QUERIES` lines
//! of the scenario (default 100, spread over the file) from cell centre to cell centre. Each is
//! answered by the any-angle search without costs, by the search with costs as it comes
//! (points on every edge at most a 32nd of the map's diagonal apart, at least 4 an edge) and by
//! one with points four times as dense (at least 16 an edge, a 128th apart): the finer answer
//! is nearer the cheapest, so the default's cost over it bounds from below what the default
//! loses. Times are medians of three passes.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{grid_obstacles, AnyAngleSearch, AreaCosts, NavMesh, WeightedSearch};
use pathkit::Pathfinder;
use std::process::ExitCode;
use std::time::Instant;

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Microseconds a query over `queries` (median of three passes), and the costs found.
fn timed(
    queries: &[(Point, Point)],
    mut one: impl FnMut(Point, Point) -> Option<f64>,
) -> (f64, Vec<Option<f64>>) {
    let mut times = Vec::new();
    let mut costs = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        costs = queries.iter().map(|&(a, b)| one(a, b)).collect();
        times.push(t.elapsed().as_secs_f64() * 1e6 / queries.len() as f64);
    }
    (median(times), costs)
}

fn run(args: &[String]) -> Result<String, String> {
    let [map, scen, rest @ ..] = args else {
        return Err("usage: navmesh_area_costs MAP.map MAP.map.scen [QUERIES] [AREAS]".into());
    };
    let number = |k: usize, default: usize| -> Result<usize, String> {
        rest.get(k).map_or(Ok(default), |n| {
            n.parse().map_err(|_| format!("not a number: {n}"))
        })
    };
    let (limit, areas) = (number(0, 100)?, number(1, 60)?);
    let grid = MovingAiMap::load(map)
        .and_then(|m| Ok(m.to_grid()?))
        .map_err(|e| e.to_string())?;
    let lines = Scenario::load(scen).map_err(|e| e.to_string())?;
    let entries = lines.entries();
    let step = (entries.len() / limit.max(1)).max(1);
    let centre = |c: pathkit::grid::Cell| Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    let queries: Vec<(Point, Point)> = entries
        .iter()
        .step_by(step)
        .take(limit)
        .map(|e| (centre(e.start), centre(e.goal)))
        .collect();
    let (w, h) = (grid.width(), grid.height());
    const MUD: u8 = 1;
    const ROAD: u8 = 2;
    let mut rng = Rng(11);
    let patches: Vec<(Polygon, u8)> = (0..areas)
        .map(|k| {
            let (sw, sh) = (8 + rng.below(57) as u32, 8 + rng.below(57) as u32);
            let x = rng.below(u64::from(w.saturating_sub(sw).max(1))) as f64;
            let y = rng.below(u64::from(h.saturating_sub(sh).max(1))) as f64;
            let (x1, y1) = (x + f64::from(sw), y + f64::from(sh));
            let p = Point::new;
            let rect = Polygon::new(vec![p(x, y), p(x1, y), p(x1, y1), p(x, y1)]);
            (rect, if k % 2 == 0 { MUD } else { ROAD })
        })
        .collect();
    let t = Instant::now();
    let mesh = NavMesh::from_obstacles_with_areas(
        &grid_obstacles(&grid),
        &patches,
        0.0,
        (0.0, 0.0),
        (f64::from(w), f64::from(h)),
    )
    .map_err(|e| e.to_string())?;
    let build = t.elapsed().as_secs_f64() * 1e3;
    let costs = AreaCosts::new()
        .with(MUD, 3.0)
        .and_then(|c| c.with(ROAD, 0.5))
        .map_err(|e| e.to_string())?;
    let t = Instant::now();
    let weighted = mesh.with_area_costs(&costs);
    let prepare = t.elapsed().as_secs_f64() * 1e3;
    let spacing = weighted.spacing().unwrap_or(f64::INFINITY);
    let fine = weighted
        .clone()
        .with_points_per_edge(16)
        .and_then(|f| f.with_spacing(spacing / 4.0))
        .map_err(|e| e.to_string())?;
    let mut exact = AnyAngleSearch::new();
    let mut search = WeightedSearch::new();
    let (plain_us, lengths) = timed(&queries, |a, b| {
        mesh.find_path(&mut exact, a, b)
            .ok()
            .and_then(|o| o.into_path())
            .map(|p| p.cost)
    });
    let (default_us, default_costs) = timed(&queries, |a, b| {
        weighted
            .find_path(&mut search, a, b)
            .ok()
            .and_then(|o| o.into_path())
            .map(|p| p.cost)
    });
    let (fine_us, fine_costs) = timed(&queries, |a, b| {
        fine.find_path(&mut search, a, b)
            .ok()
            .and_then(|o| o.into_path())
            .map(|p| p.cost)
    });
    let mut over_fine = Vec::new();
    let mut below_length = Vec::new();
    for ((d, f), l) in default_costs.iter().zip(&fine_costs).zip(&lengths) {
        match (d, f, l) {
            (Some(d), Some(f), Some(l)) => {
                over_fine.push(d / f - 1.0);
                below_length.push(d / l);
            }
            (None, None, None) => {}
            _ => return Err("the searches disagree on which goals can be reached".into()),
        }
    }
    if over_fine.is_empty() {
        return Err("no query has a path".into());
    }
    let worst = over_fine.iter().copied().fold(0.0, f64::max);
    Ok(format!(
        "{map}: {w} x {h} cells, {} triangles (built in {build:.0} ms), {areas} areas, {} queries\n\
         points placed: a {:.1} spacing, prepared in {prepare:.1} ms\n\
         query µs: any-angle without costs {plain_us:.0} | with costs {default_us:.0} | four times finer {fine_us:.0}\n\
         cost with costs over the shortest length: median {:.3}\n\
         above the finer answer: median {:.3} %, at most {:.3} %\n",
        mesh.triangle_count(),
        over_fine.len(),
        spacing,
        median(below_length),
        median(over_fine.clone()) * 100.0,
        worst * 100.0,
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("navmesh_area_costs: {e}");
            ExitCode::FAILURE
        }
    }
}
