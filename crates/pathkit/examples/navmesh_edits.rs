//! A Moving AI map made into obstacles, as one navigation mesh and as tiled meshes of several
//! tile sizes: what an edit costs (moving one obstacle), what a query costs on each, and that
//! every path is as long on both.
//!
//! ```text
//! cargo run --release -p pathkit-games --example navmesh_edits -- MAP.map MAP.map.scen [QUERIES] [EDITS] [TILES]
//! ```
//!
//! The blocked cells become rectangles (`grid_obstacles`: runs of a row, merged with the same
//! run of the rows below), the map's outline the box; the agent's radius is 0. Queries are up to `QUERIES`
//! lines of the scenario (default 200, spread over the file) from cell centre to cell centre,
//! each answered on the untiled mesh and on the tiled one in turn; each time is the median of
//! three passes. An edit moves one of the map's rectangles of at most 16 cells (an ordinary
//! obstacle: a building's corner, a crate) by up to 3 cells each way and back; `EDITS` of them
//! (default 200), the median and the slowest reported. `TILES` lists the tile sizes, comma
//! separated (default `8,16,32,64`). Each mesh's memory is what the allocator has handed out
//! for it and not taken back once it is built. The last column is what the first query after an
//! edit costs beyond the same query again (it finds the mesh's pockets again: a pass over all
//! its triangles), the median over 20 edits.

use pathkit::format::{MovingAiMap, Scenario};
use pathkit::geometry::{Point, Polygon};
use pathkit::navmesh::{grid_obstacles, AnyAngleSearch, NavMesh, TiledNavMesh};
use pathkit::Pathfinder;
use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

/// The system allocator, counting the bytes held: what a mesh keeps is the count after it is
/// built less the count before.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes unchanged to `System`; the count is only a statistic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn megabytes(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn polygon((x0, y0, x1, y1): (f64, f64, f64, f64)) -> Polygon {
    let p = Point::new;
    Polygon::new(vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

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

/// Microseconds a query, summed over `queries` on `mesh`, and the lengths found.
fn answer(
    mesh: &NavMesh,
    search: &mut AnyAngleSearch,
    queries: &[(Point, Point)],
) -> (f64, Vec<Option<f64>>) {
    let t = Instant::now();
    let lengths = queries
        .iter()
        .map(|&(a, b)| {
            mesh.find_path(search, a, b)
                .ok()
                .and_then(|o| o.into_path())
                .map(|p| p.cost)
        })
        .collect();
    (
        t.elapsed().as_secs_f64() * 1e6 / queries.len() as f64,
        lengths,
    )
}

fn run(args: &[String]) -> Result<String, String> {
    let [map, scen, rest @ ..] = args else {
        return Err("usage: navmesh_edits MAP.map MAP.map.scen [QUERIES] [EDITS] [TILES]".into());
    };
    let number = |k: usize, default: usize| -> Result<usize, String> {
        rest.get(k).map_or(Ok(default), |n| {
            n.parse().map_err(|_| format!("not a number: {n}"))
        })
    };
    let (limit, edits) = (number(0, 200)?, number(1, 200)?);
    let tiles: Vec<f64> = match rest.get(2) {
        Some(list) => list
            .split(',')
            .map(|t| t.parse().map_err(|_| format!("not a tile size: {t}")))
            .collect::<Result<_, _>>()?,
        None => vec![8.0, 16.0, 32.0, 64.0],
    };
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
    let obstacles = grid_obstacles(&grid);
    let rects: Vec<(f64, f64, f64, f64)> = obstacles
        .iter()
        .map(|o| {
            let (lo, hi) = o.bounds();
            (lo.x, lo.y, hi.x, hi.y)
        })
        .collect();
    let (w, h) = (f64::from(grid.width()), f64::from(grid.height()));
    let mut out = format!(
        "{map}: {} x {} cells, {} rectangles, {} queries\n",
        grid.width(),
        grid.height(),
        rects.len(),
        queries.len()
    );
    let t = Instant::now();
    let before = HELD.load(Relaxed);
    let whole =
        NavMesh::from_obstacles(&obstacles, 0.0, (0.0, 0.0), (w, h)).map_err(|e| e.to_string())?;
    out += &format!(
        "untiled: built in {:.0} ms, {} triangles, {:.1} MiB\n",
        t.elapsed().as_secs_f64() * 1e3,
        whole.triangle_count(),
        megabytes(HELD.load(Relaxed).saturating_sub(before)),
    );
    out += "tile | build ms | triangles | MiB | query µs untiled | query µs tiled | ratio | move µs median | p90 | max | first query after an edit: µs more\n";
    let mut search = AnyAngleSearch::new();
    // Ordinary obstacles: rectangles of at most 16 cells.
    let small: Vec<usize> = (0..rects.len())
        .filter(|&k| {
            let (a, b, c, d) = rects[k];
            (c - a) * (d - b) <= 16.0
        })
        .collect();
    if small.is_empty() {
        return Err("the map has no rectangle of at most 16 cells to move".into());
    }
    for tile in tiles {
        let t = Instant::now();
        let before = HELD.load(Relaxed);
        let mut level = TiledNavMesh::new(&obstacles, 0.0, (0.0, 0.0), (w, h), tile)
            .map_err(|e| e.to_string())?;
        let build = t.elapsed().as_secs_f64() * 1e3;
        let held = megabytes(HELD.load(Relaxed).saturating_sub(before));
        let (mut plain, mut tiled) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            let (a, la) = answer(&whole, &mut search, &queries);
            let (b, lb) = answer(level.mesh(), &mut search, &queries);
            for (k, (x, y)) in la.iter().zip(&lb).enumerate() {
                let same = match (x, y) {
                    (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.max(1.0),
                    (x, y) => x == y,
                };
                if !same {
                    return Err(format!(
                        "tile {tile}: query {k} {:?}: {x:?} untiled, {y:?} tiled",
                        queries[k]
                    ));
                }
            }
            plain.push(a);
            tiled.push(b);
        }
        let (plain, tiled) = (median(plain), median(tiled));
        let mut rng = Rng(7);
        let mut moves = Vec::with_capacity(2 * edits);
        for _ in 0..edits {
            let k = small[rng.below(small.len() as u64) as usize];
            let (dx, dy) = (rng.below(7) as f64 - 3.0, rng.below(7) as f64 - 3.0);
            let (a, b, c, d) = rects[k];
            let key = pathkit::navmesh::ObstacleKey(k as u64);
            for shape in [(a + dx, b + dy, c + dx, d + dy), (a, b, c, d)] {
                let t = Instant::now();
                level
                    .move_obstacle(key, polygon(shape))
                    .map_err(|e| e.to_string())?;
                moves.push(t.elapsed().as_secs_f64() * 1e6);
            }
        }
        // The first query after an edit finds the mesh's pockets again (one pass over all its
        // triangles); the same query right after does not. Their difference, over a few edits.
        let mut extra = Vec::new();
        for k in 0..edits.min(20) {
            let key = pathkit::navmesh::ObstacleKey(small[k % small.len()] as u64);
            let (a, b, c, d) = rects[small[k % small.len()]];
            for shape in [(a + 1.0, b, c + 1.0, d), (a, b, c, d)] {
                level
                    .move_obstacle(key, polygon(shape))
                    .map_err(|e| e.to_string())?;
            }
            let [first, second] =
                [(); 2].map(|()| answer(level.mesh(), &mut search, &queries[..1]).0);
            extra.push(first - second);
        }
        let extra = if extra.is_empty() { 0.0 } else { median(extra) };
        moves.sort_by(f64::total_cmp);
        let at = |q: f64| moves[((moves.len() - 1) as f64 * q) as usize];
        out += &format!(
            "{tile} | {build:.0} | {} | {held:.1} | {plain:.1} | {tiled:.1} | {:.2} | {:.0} | {:.0} | {:.0} | {extra:.0}\n",
            level.mesh().triangle_count(),
            tiled / plain,
            at(0.5),
            at(0.9),
            at(1.0),
        );
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("navmesh_edits: {e}");
            ExitCode::FAILURE
        }
    }
}
