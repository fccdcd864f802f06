//! `pathkit bench-landmarks --floors A.map --floors B.map ...`: the landmark benchmark on a
//! multi-level map. Moving AI maps are stacked as the floors of one `LevelMap`, joined by two-way
//! stairs between neighbouring floors and one one-way teleporter from the top floor to the
//! bottom one, all placed from a fixed seed; queries from the same seed run between floors. A*
//! with the level space's own estimate (octile to the goal or through the nearest portal) runs
//! beside A* with landmark bounds (ALT), both through the search core's general loop, and every
//! answer's cost is checked against the other's and against Dijkstra's.
//!
//! There is no benchmark set of multi-level maps: this one is built so that anybody can build it
//! again from the same maps and seed.

use crate::cli::LandmarksArgs;
use crate::error::CliError;
use crate::scenario;
use crate::stream::Stream;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::levels::{LevelMap, LevelSpace, Place, Portal};
use pathkit::search::AStar;
use pathkit::search::{
    IndexedSpace, LandmarkChoice, Landmarks, SearchContext, SearchOptions, Status,
};
use pathkit::Goal;
use pathkit::Pathfinder;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// What each stair costs to climb, on top of the walk to it: a floor's height in moves.
const STAIR_COST: f64 = 8.0;
/// What the teleporter costs.
const TELEPORTER_COST: f64 = 1.0;

/// One floor: its grid and the component of its open cells that portals and queries use (the
/// largest one found by sampling), so that every query has an answer.
struct Floor {
    grid: Grid,
    component: u32,
}

impl Floor {
    fn new(grid: Grid, rng: &mut Stream) -> Result<Floor, CliError> {
        let mut counts = std::collections::BTreeMap::<u32, u32>::new();
        for _ in 0..4000 {
            let cell = random_cell(&grid, rng);
            if let Some(c) = grid.component(cell, Diagonal::NoCornerCutting) {
                *counts.entry(c).or_default() += 1;
            }
        }
        let component = counts
            .iter()
            .max_by_key(|&(c, n)| (*n, std::cmp::Reverse(*c)))
            .map(|(&c, _)| c)
            .ok_or_else(|| CliError::Usage("a floor without open cells".into()))?;
        Ok(Floor { grid, component })
    }

    /// A random open cell of the floor's main component.
    fn cell(&self, rng: &mut Stream) -> Cell {
        loop {
            let cell = random_cell(&self.grid, rng);
            if self.grid.component(cell, Diagonal::NoCornerCutting) == Some(self.component) {
                return cell;
            }
        }
    }
}

fn random_cell(grid: &Grid, rng: &mut Stream) -> Cell {
    Cell::new(
        rng.below(u64::from(grid.width())) as u32,
        rng.below(u64::from(grid.height())) as u32,
    )
}

/// The map: the floors in the order given; between floors `f` and `f + 1`, `stairs` two-way
/// stairs, each from a random cell of `f`'s main component to the same cell upstairs when that
/// is in the upper floor's main component too (else a random one there); one one-way
/// teleporter from the top floor to the bottom one.
fn build(floors: &[Floor], stairs: usize, rng: &mut Stream) -> Result<LevelMap, CliError> {
    let grids = floors.iter().map(|f| f.grid.clone()).collect();
    let mut map = LevelMap::new(grids).map_err(|e| CliError::Usage(e.to_string()))?;
    let add = |map: &mut LevelMap, portal: Portal| {
        map.add_portal(portal)
            .map(|_| ())
            .map_err(|e| CliError::Usage(e.to_string()))
    };
    for (f, pair) in floors.windows(2).enumerate() {
        for _ in 0..stairs {
            let below = pair[0].cell(rng);
            let above = if pair[1].grid.component(below, Diagonal::NoCornerCutting)
                == Some(pair[1].component)
            {
                below
            } else {
                pair[1].cell(rng)
            };
            let f = f as u32;
            add(
                &mut map,
                Portal {
                    from: Place {
                        floor: f,
                        cell: below,
                    },
                    to: Place {
                        floor: f + 1,
                        cell: above,
                    },
                    cost: STAIR_COST,
                    two_way: true,
                },
            )?;
        }
    }
    let top = floors.len() - 1;
    add(
        &mut map,
        Portal {
            from: Place {
                floor: top as u32,
                cell: floors[top].cell(rng),
            },
            to: Place {
                floor: 0,
                cell: floors[0].cell(rng),
            },
            cost: TELEPORTER_COST,
            two_way: false,
        },
    )?;
    Ok(map)
}

/// What one way of searching did over the queries.
struct Timing {
    median_us: f64,
    mean_us: f64,
    mean_expanded: f64,
    /// Each query's cost, in query order.
    costs: Vec<f64>,
}

/// Runs every query `rounds + 1` times (the first records the cost and the expansions and warms
/// the context), keeping each query's fastest round.
fn time_searches<S: IndexedSpace<Node = Place, Cost = f64>>(
    space: &S,
    queries: &[(Place, Place)],
    options: &SearchOptions<f64>,
    rounds: usize,
) -> Result<Timing, CliError> {
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let mut times = Vec::with_capacity(queries.len());
    let mut costs = Vec::with_capacity(queries.len());
    let mut expanded = 0u64;
    for &(start, goal) in queries {
        let status = AStar(space)
            .find_path_into(&mut ctx, start, Goal::Node(goal), options, &mut path)
            .map_err(|e| CliError::Search(e.to_string()))?;
        expanded += ctx.stats().expanded;
        let ends_right = path.first() == Some(&start) && path.last() == Some(&goal);
        costs.push(match status {
            Status::Found { cost } if ends_right => cost,
            _ => f64::NAN,
        });
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let started = Instant::now();
            let status =
                AStar(space).find_path_into(&mut ctx, start, Goal::Node(goal), options, &mut path);
            black_box(&status);
            best = best.min(started.elapsed().as_secs_f64() * 1e6);
        }
        times.push(best);
    }
    let n = times.len().max(1) as f64;
    let mean_us = times.iter().sum::<f64>() / n;
    times.sort_by(f64::total_cmp);
    Ok(Timing {
        median_us: times.get(times.len() / 2).copied().unwrap_or(0.0),
        mean_us,
        mean_expanded: expanded as f64 / n,
        costs,
    })
}

/// The multi-level row: what was built and what both searches did.
pub struct LevelsRow {
    label: String,
    nodes: usize,
    portals: usize,
    queries: usize,
    landmarks: usize,
    build_ms: f64,
    memory_bytes: u64,
    own: Timing,
    alt: Timing,
    dijkstra_mean_expanded: f64,
    /// Queries whose costs differ (A*, ALT and Dijkstra), or that found no path.
    wrong: usize,
}

impl LevelsRow {
    /// Whether every answer agreed.
    pub fn all_right(&self) -> bool {
        self.wrong == 0
    }
}

/// Builds the map from `floors`, runs the queries, and gives the row.
pub fn bench(args: &LandmarksArgs, floors: &[PathBuf]) -> Result<LevelsRow, CliError> {
    if floors.len() < 2 {
        return Err(CliError::Usage(
            "--floors needs at least two maps, one a floor".into(),
        ));
    }
    let mut rng = Stream::new(args.seed);
    let mut loaded = Vec::with_capacity(floors.len());
    for path in floors {
        loaded.push(Floor::new(scenario::load_map(path)?, &mut rng)?);
    }
    let map = build(&loaded, args.stairs, &mut rng)?;
    let space: LevelSpace<'_> = map
        .eight_connected()
        .map_err(|e| CliError::Search(e.to_string()))?;
    let count = if args.limit == 0 { 200 } else { args.limit };
    let queries: Vec<(Place, Place)> = (0..count)
        .map(|_| {
            let from = rng.below(loaded.len() as u64) as usize;
            let to = (from + 1 + rng.below(loaded.len() as u64 - 1) as usize) % loaded.len();
            (
                Place {
                    floor: from as u32,
                    cell: loaded[from].cell(&mut rng),
                },
                Place {
                    floor: to as u32,
                    cell: loaded[to].cell(&mut rng),
                },
            )
        })
        .collect();

    let seed = Place {
        floor: 0,
        cell: loaded[0].cell(&mut rng),
    };
    let started = Instant::now();
    let landmarks = Landmarks::new(
        &space,
        LandmarkChoice::Farthest {
            count: args.landmarks,
            seed,
        },
    )
    .map_err(|e| CliError::Search(e.to_string()))?;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let guided = space.with_landmarks(&landmarks);
    let rounds = args.rounds.max(1);
    let options = SearchOptions::new();
    let own = time_searches(&space, &queries, &options, rounds)?;
    let alt = time_searches(&guided, &queries, &options, rounds)?;

    // Dijkstra once a query: the costs both must match.
    let mut ctx = SearchContext::new();
    let (mut wrong, mut dijkstra_expanded) = (0, 0u64);
    for (i, &(start, goal)) in queries.iter().enumerate() {
        let expected = AStar(&space)
            .find_path_with(&mut ctx, start, goal, &SearchOptions::dijkstra())
            .map_err(|e| CliError::Search(e.to_string()))?
            .into_path()
            .map(|p| p.cost);
        dijkstra_expanded += ctx.stats().expanded;
        let agrees =
            |cost: f64| expected.is_some_and(|e| (cost - e).abs() <= 1e-9 * e.abs().max(1.0));
        if !agrees(own.costs[i]) || !agrees(alt.costs[i]) {
            wrong += 1;
        }
    }
    let names: Vec<String> = floors
        .iter()
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().trim_end_matches(".map").to_string())
                .unwrap_or_default()
        })
        .collect();
    Ok(LevelsRow {
        label: names.join(" + "),
        nodes: space.node_bound(),
        portals: map.portals().count(),
        queries: queries.len(),
        landmarks: landmarks.nodes().len(),
        build_ms,
        memory_bytes: landmarks.memory_bytes(),
        dijkstra_mean_expanded: dijkstra_expanded as f64 / queries.len().max(1) as f64,
        own,
        alt,
        wrong,
    })
}

/// The row as a Markdown table.
pub fn table(row: &LevelsRow, args: &LandmarksArgs) -> String {
    let r = row;
    let mut out = format!(
        "Multi-level map: the floors stacked in order, {} two-way stairs between neighbouring floors \
         (cost {STAIR_COST}), one one-way teleporter from the top floor to the bottom (cost {TELEPORTER_COST}), \
         seed {}; queries between two different floors. A* through the general loop, the level \
         space's own estimate vs landmark bounds (ALT, {} farthest landmarks asked for); per query \
         the fastest of {} rounds; costs checked against Dijkstra's\n\n\
         | floors | nodes | portals | queries | landmarks | build ms | memory MiB | own median µs | own mean µs | own mean expanded | ALT median µs | ALT mean µs | ALT mean expanded | expanded ratio | median speed-up | Dijkstra mean expanded | wrong |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        args.stairs,
        args.seed,
        args.landmarks,
        args.rounds.max(1),
    );
    out += &format!(
        "| {} | {} | {} | {} | {} | {:.0} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2}x | {:.0} | {} |\n",
        r.label,
        r.nodes,
        r.portals,
        r.queries,
        r.landmarks,
        r.build_ms,
        r.memory_bytes as f64 / (1 << 20) as f64,
        r.own.median_us,
        r.own.mean_us,
        r.own.mean_expanded,
        r.alt.median_us,
        r.alt.mean_us,
        r.alt.mean_expanded,
        r.alt.mean_expanded / r.own.mean_expanded.max(1.0),
        r.own.median_us / r.alt.median_us.max(1e-9),
        r.dijkstra_mean_expanded,
        r.wrong,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor(text: &str) -> Floor {
        Floor::new(Grid::from_ascii(text).unwrap(), &mut Stream::new(1)).unwrap()
    }

    #[test]
    fn portals_and_queries_stay_in_the_main_component() {
        // The main part is the left 3 columns; the pocket on the right is cut off.
        let a = floor("...#.\n...#.\n...##");
        let b = floor("....\n....");
        let mut rng = Stream::new(7);
        for _ in 0..50 {
            let c = a.cell(&mut rng);
            assert!(c.x < 3, "{c}");
        }
        let map = build(&[a, b], 3, &mut rng).unwrap();
        let portals: Vec<_> = map.portals().map(|(_, p, _)| *p).collect();
        assert_eq!(portals.len(), 4);
        assert!(portals[..3]
            .iter()
            .all(|p| p.two_way && p.from.floor == 0 && p.to.floor == 1));
        assert!(!portals[3].two_way && portals[3].from.floor == 1 && portals[3].to.floor == 0);
    }

    #[test]
    fn the_same_seed_builds_the_same_map() {
        let make = || {
            let mut rng = Stream::new(42);
            let floors = [floor("......\n.#..#."), floor(".....\n..#..")];
            build(&floors, 2, &mut rng).unwrap()
        };
        assert_eq!(make(), make());
    }
}
