//! The same queries, the same answers, bit for bit, natively and in the browser: a fixed set of
//! queries on maps drawn from fixed seeds, answered by every engine whose answers a lockstep game
//! or a server check would compare, written down so that two builds can be compared line by
//! line. The native tests and the browser tests compare it with `determinism.golden`.
//!
//! A line is `engine query found cost=<bits of the f64> nodes=<count> hash=<FNV-1a of the
//! nodes' coordinates>`; costs and coordinates are compared by their bits, not printed in
//! decimal.

use pathkit::geometry::Point;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::hex::{Hex, HexGrid, HexLayout};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyContext, HierarchyOptions};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, WeightedJumpPoints};
use pathkit::levels::{LevelMap, Place, Portal};
use pathkit::navmesh::{AnyAngleSearch, NavMesh};
use pathkit::search::{AStar, Outcome, SearchContext};
use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
use pathkit::{Cost, Pathfinder};
use std::fmt::Write;

/// Queries per engine.
const QUERIES: usize = 24;

/// A xorshift generator: the same numbers on every platform.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

/// A `w` x `h` grid: `walls` percent walls, the rest weighing 1 to `max_weight`.
fn grid(seed: u64, w: u32, h: u32, walls: u32, max_weight: u32) -> Grid {
    let mut rng = Seeded(seed | 1);
    let mut weights = Vec::with_capacity((w * h) as usize);
    for _ in 0..w * h {
        let weight = if rng.below(100) < walls {
            0
        } else {
            1 + rng.below(max_weight)
        };
        weights.push(weight);
    }
    let mut grid = Grid::new(w, h).expect("the report's sizes are valid");
    for (i, &weight) in weights.iter().enumerate() {
        let cell = Cell::new(i as u32 % w, i as u32 / w);
        let _ = grid.set_weight(cell, weight);
    }
    grid
}

/// Random open cells of `grid` (pairs of them are the queries).
fn open_cells(grid: &Grid, seed: u64, n: usize) -> Vec<Cell> {
    let mut rng = Seeded(seed | 1);
    let mut cells = Vec::with_capacity(n);
    while cells.len() < n {
        let cell = Cell::new(rng.below(grid.width()), rng.below(grid.height()));
        if grid.is_passable(cell) {
            cells.push(cell);
        }
    }
    cells
}

/// FNV-1a over 64-bit words.
fn hash(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in words {
        for byte in w.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// One line of the report.
fn line<N, C: Cost>(
    out: &mut String,
    engine: &str,
    query: String,
    outcome: Result<Outcome<N, C>, String>,
    words: impl Fn(&N) -> Vec<u64>,
) {
    match outcome {
        Ok(Outcome::Found(path)) => {
            let _ = writeln!(
                out,
                "{engine} {query} found cost={:016x} nodes={} hash={:016x}",
                path.cost.to_f64().to_bits(),
                path.nodes.len(),
                hash(path.nodes.iter().flat_map(&words))
            );
        }
        Ok(other) => {
            let _ = writeln!(out, "{engine} {query} {}", kind(&other));
        }
        Err(e) => {
            let _ = writeln!(out, "{engine} {query} error {e}");
        }
    }
}

fn kind<N, C>(outcome: &Outcome<N, C>) -> &'static str {
    match outcome {
        Outcome::Found(_) => "found",
        Outcome::Closest(_) => "closest",
        Outcome::LimitReached(_) => "limit",
        Outcome::Unreachable => "unreachable",
    }
}

fn cell_words(c: &Cell) -> Vec<u64> {
    vec![u64::from(c.x), u64::from(c.y)]
}

/// The report: every engine's answers to its queries.
pub fn report() -> String {
    let mut out = String::new();
    let weighted = grid(11, 64, 48, 22, 4);
    let uniform = grid(12, 64, 48, 25, 1);
    let q = |grid: &Grid, seed| open_cells(grid, seed, 2 * QUERIES);
    let name = |a: &Cell, b: &Cell| format!("({},{})->({},{})", a.x, a.y, b.x, b.y);

    // Grids: integer costs (the tutorials' 10 and 14), float costs on the fast loop and on the
    // general loop.
    let ends = q(&weighted, 21);
    let mut ctx_u = SearchContext::new();
    let mut ctx_f = SearchContext::new();
    let tutorial = weighted.space(Diagonal::NoCornerCutting, 10u32, 14u32);
    let eight = weighted.eight_connected();
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let int = tutorial
            .as_ref()
            .map_err(|e| e.to_string())
            .and_then(|s| s.find_path(&mut ctx_u, a, b).map_err(|e| e.to_string()));
        line(&mut out, "grid-u32", name(&a, &b), int, cell_words);
        let fast = eight.find_path(&mut ctx_f, a, b).map_err(|e| e.to_string());
        line(&mut out, "grid-f64", name(&a, &b), fast, cell_words);
        let general = AStar(&eight)
            .find_path(&mut ctx_f, a, b)
            .map_err(|e| e.to_string());
        line(
            &mut out,
            "grid-f64-general",
            name(&a, &b),
            general,
            cell_words,
        );
    }

    // Jump Point Search, JPS+ and the subgoal graph on a uniform-cost grid. The subgoal lines
    // come after the others, so the lines of the engines before it stay where they were.
    let ends = q(&uniform, 22);
    let mut jps = JpsContext::new();
    let plus = JpsPlus::new(uniform.clone()).map_err(|e| e.to_string());
    let subgoal = SubgoalGraph::new(uniform.clone()).map_err(|e| e.to_string());
    let mut sctx = SubgoalContext::new();
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let online = uniform
            .jump_points(JpsMode::EIGHT)
            .find_path(&mut jps, a, b)
            .map_err(|e| e.to_string());
        line(&mut out, "jps", name(&a, &b), online, cell_words);
        let table = plus
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|p| p.find_path(&mut jps, a, b).map_err(|e| e.to_string()));
        line(&mut out, "jps+", name(&a, &b), table, cell_words);
    }
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let found = subgoal
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|g| g.find_path(&mut sctx, a, b).map_err(|e| e.to_string()));
        line(&mut out, "subgoal", name(&a, &b), found, cell_words);
    }

    // Jump Point Search on the weighted grid, on the grids' queries: after the subgoal lines,
    // so the lines before them stay where they were.
    let ends = q(&weighted, 21);
    let terrain = WeightedJumpPoints::new(weighted.clone()).map_err(|e| e.to_string());
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let found = terrain
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|w| w.find_path(&mut jps, a, b).map_err(|e| e.to_string()));
        line(&mut out, "weighted-jps", name(&a, &b), found, cell_words);
    }

    // The hierarchy (HPA*).
    let ends = q(&weighted, 23);
    let options = HierarchyOptions::new().cluster_size(8);
    let hierarchy = HierarchicalGrid::new(
        weighted.clone(),
        Diagonal::NoCornerCutting,
        1.0,
        std::f64::consts::SQRT_2,
        options,
    )
    .map_err(|e| e.to_string());
    let mut hctx = HierarchyContext::new();
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let found = hierarchy
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|h| h.find_path(&mut hctx, a, b).map_err(|e| e.to_string()));
        line(&mut out, "hpa", name(&a, &b), found, cell_words);
    }

    // Hex grids.
    let mut rng = Seeded(31);
    let hexes = HexGrid::new(HexLayout::OddR, 40, 30).map(|mut g| {
        for row in 0..30 {
            for col in 0..40 {
                let weight = match rng.below(10) {
                    0 | 1 => 0,
                    2 => 6,
                    _ => 1,
                };
                if let Some(hex) = g.hex_at(col, row) {
                    let _ = g.set_weight(hex, weight);
                }
            }
        }
        g
    });
    let mut hctx_u = SearchContext::new();
    for _ in 0..QUERIES {
        let (a, b) = (
            (rng.below(40), rng.below(30)),
            (rng.below(40), rng.below(30)),
        );
        let query = format!("({},{})->({},{})", a.0, a.1, b.0, b.1);
        let found = hexes.as_ref().map_err(|e| e.to_string()).and_then(|g| {
            let (ha, hb) = (g.hex_at(a.0, a.1), g.hex_at(b.0, b.1));
            match (ha, hb) {
                (Some(ha), Some(hb)) => g.find_path(&mut hctx_u, ha, hb).map_err(|e| e.to_string()),
                _ => Err("off the map".into()),
            }
        });
        line(&mut out, "hex", query, found, |h: &Hex| {
            vec![h.q as u64, h.r as u64]
        });
    }

    // Two floors joined by stairs and a lift.
    let floors = vec![grid(41, 30, 20, 20, 3), grid(42, 30, 20, 20, 3)];
    let levels = LevelMap::new(floors.clone())
        .map_err(|e| e.to_string())
        .and_then(|mut map| {
            let ground = open_cells(&floors[0], 43, 2);
            let upper = open_cells(&floors[1], 44, 2);
            for (k, (a, b)) in ground.iter().zip(&upper).enumerate() {
                map.add_portal(Portal {
                    from: Place { floor: 0, cell: *a },
                    to: Place { floor: 1, cell: *b },
                    cost: 3.0 + k as f64,
                    two_way: true,
                })
                .map_err(|e| e.to_string())?;
            }
            Ok(map)
        });
    let starts = open_cells(&floors[0], 45, QUERIES);
    let goals = open_cells(&floors[1], 46, QUERIES);
    let mut lctx = SearchContext::new();
    for (a, b) in starts.iter().zip(&goals) {
        let (pa, pb) = (Place { floor: 0, cell: *a }, Place { floor: 1, cell: *b });
        let found = levels.as_ref().map_err(Clone::clone).and_then(|m| {
            let space = m.eight_connected().map_err(|e| e.to_string())?;
            space
                .find_path(&mut lctx, pa, pb)
                .map_err(|e| e.to_string())
        });
        line(
            &mut out,
            "levels",
            format!("0:{}->1:{}", name(a, a), name(b, b)),
            found,
            |p: &Place| vec![u64::from(p.floor), u64::from(p.cell.x), u64::from(p.cell.y)],
        );
    }

    // Any-angle paths on the navigation mesh of a grid.
    let ends = q(&uniform, 24);
    let mesh = NavMesh::from_grid(&uniform).map_err(|e| e.to_string());
    let mut search = AnyAngleSearch::new();
    let centre = |c: Cell| Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    for pair in ends.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let found = mesh.as_ref().map_err(Clone::clone).and_then(|m| {
            m.find_path(&mut search, centre(a), centre(b))
                .map_err(|e| e.to_string())
        });
        line(&mut out, "any-angle", name(&a, &b), found, |p: &Point| {
            vec![p.x.to_bits(), p.y.to_bits()]
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report, against the golden file (natively). `UPDATE_GOLDEN=1` writes the file instead;
    /// the browser tests compare the module's report with the same file.
    #[test]
    fn the_answers_are_the_golden_file_s() {
        let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/determinism.golden");
        let report = report();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(golden, &report).unwrap();
        }
        let want = std::fs::read_to_string(golden).unwrap();
        assert_eq!(
            report, want,
            "a different answer on this build: see the first differing line"
        );
        let lines = report.lines().count();
        assert_eq!(lines, 11 * QUERIES);
        assert!(
            report.matches(" found ").count() > 8 * QUERIES,
            "most queries find a path"
        );
    }

    /// The same report twice in one process: nothing carried from one query to the next changes
    /// an answer.
    #[test]
    fn the_report_is_the_same_when_run_again() {
        assert_eq!(report(), report());
    }
}
