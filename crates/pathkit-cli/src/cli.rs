//! The command line, declared with clap's derive API.

use crate::coords::parse_coordinate;
use crate::solver::Algo;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Verify, run and benchmark Moving AI grid scenarios with pathkit; draw paths.
#[derive(Debug, Parser)]
#[command(name = "pathkit", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Recompute the optimal length of every line of the given .scen files (folders are searched
    /// recursively) under the Moving AI rules and compare with the stated length.
    ///
    /// Exit status: 0 when every line matches, 1 on any mismatch or unreachable goal, 2 when an
    /// input cannot be read or parsed.
    Verify {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The search to run.
        #[arg(long, value_enum, default_value_t = Algo::Astar)]
        algo: Algo,
        /// Mismatched or unreachable lines to list (file:line, start, goal, expected, found);
        /// the rest are counted. 0 lists every one.
        #[arg(long, value_name = "N", default_value_t = 10)]
        show: usize,
    },
    /// Find one path on a map and draw it.
    Path(PathArgs),
    /// Time pathkit and other Rust pathfinding crates on the same scenario lines.
    Bench(BenchArgs),
    /// Optimal any-angle paths on meshes built from the scenarios' maps: pathkit beside the
    /// `polyanya` crate on the same mesh and queries (lengths checked against each other), and
    /// how much shorter they are than the 8-connected optimum.
    ///
    /// Exit status: 0 when the two agree on every query, 1 otherwise, 2 on unreadable input.
    BenchAnyAngle(AnyAngleArgs),
    /// A* with landmark bounds (ALT) beside A* with the octile estimate on the same scenario
    /// lines: time, expansions, the landmarks' build time and memory. Both run through the
    /// search core's general loop; answers are checked against the lengths the files state.
    ///
    /// With --floors, also (or only) on a multi-level map built from Moving AI maps: ALT beside
    /// A* with the level space's own estimate, on queries between floors, every cost checked
    /// against the other search's and Dijkstra's.
    ///
    /// Exit status: 0 when every answer has the stated length, 1 otherwise, 2 on unreadable
    /// input.
    BenchLandmarks(LandmarksArgs),
    /// Hierarchical search (HPA*) beside A* on the same queries: time, expansions, cost above
    /// the optimum, the hierarchy's build time, memory and edit time. With `--big`, also a
    /// 4096 x 4096 map with weighted terrain, built from NewYork_0_1024 (upscaled 4x, terrain
    /// from a fixed seed) and searched between random cells.
    ///
    /// Exit status: 0 when every answer is a valid path (and A*'s of the stated length), 1
    /// otherwise, 2 on unreadable input.
    BenchHierarchy(HierarchyArgs),
    /// Optimal search on weighted terrain: Jump Point Search on weights beside A* on the same
    /// queries, every cost checked against Dijkstra's. Each map of the scenario files gets
    /// terrain from a fixed seed, two ways: patches (rectangles of weight 2 to 5 over about a
    /// third of the map) and noise (a weight from 1 to 4 a cell). With `--big`, also the
    /// 4096 x 4096 map of `bench-hierarchy --big`.
    ///
    /// Exit status: 0 when every answer is a walk of Dijkstra's cost, 1 otherwise, 2 on
    /// unreadable input.
    BenchTerrain(TerrainArgs),
}

/// Arguments of `pathkit bench-terrain`.
#[derive(Debug, clap::Args)]
pub struct TerrainArgs {
    /// Scenario files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Lines per scenario file, spread evenly over its buckets; 0 runs every line.
    #[arg(long, default_value_t = 100)]
    pub limit: usize,
    /// Times each query is timed (the two searches interleaved); the fastest is kept.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// Also the big map: the map of `--big-from` upscaled 4x with terrain patches.
    #[arg(long)]
    pub big: bool,
    /// Only the big map.
    #[arg(long)]
    pub big_only: bool,
    /// Landmarks for A* with landmark bounds (ALT) on each Moving AI map and terrain (the
    /// farthest, from the first line's start); 0 leaves ALT out. Not on the big map, where 8
    /// landmarks would take 2 GiB.
    #[arg(long, default_value_t = 8)]
    pub landmarks: usize,
    /// The scenario file (name without `.map.scen`) whose map the big map is made from.
    #[arg(long, default_value = "NewYork_0_1024")]
    pub big_from: String,
    /// Random queries on the big map.
    #[arg(long, default_value_t = 50)]
    pub big_queries: usize,
}

/// Arguments of `pathkit bench-hierarchy`.
#[derive(Debug, clap::Args)]
pub struct HierarchyArgs {
    /// Scenario files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Lines per scenario file, spread evenly over its buckets; 0 runs every line.
    #[arg(long, default_value_t = 100)]
    pub limit: usize,
    /// Times each query is timed; the fastest is kept.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// Side of a level-1 cluster, in cells.
    #[arg(long, default_value_t = 16)]
    pub cluster: u32,
    /// Levels of clusters; by default chosen from each map's size.
    #[arg(long)]
    pub levels: Option<u8>,
    /// Edits timed on each map (each a wall built and taken down again).
    #[arg(long, default_value_t = 50)]
    pub edits: usize,
    /// Also the big map: the map of `--big-from` upscaled 4x with weighted terrain.
    #[arg(long)]
    pub big: bool,
    /// The scenario file (name without `.map.scen`) whose map the big map is made from.
    #[arg(long, default_value = "NewYork_0_1024")]
    pub big_from: String,
    /// Random queries on the big map.
    #[arg(long, default_value_t = 50)]
    pub big_queries: usize,
}

/// Arguments of `pathkit bench-landmarks`.
#[derive(Debug, clap::Args)]
pub struct LandmarksArgs {
    /// Scenario files or folders.
    #[arg(required_unless_present = "floors")]
    pub paths: Vec<PathBuf>,
    /// A Moving AI .map file as one floor of a multi-level map; give it two or more times, the
    /// floors stacked in order. Stairs join neighbouring floors both ways, a one-way teleporter
    /// leads from the top floor to the bottom one, all placed from --seed in each floor's largest
    /// connected part; --limit queries (200 when 0) run between two different floors.
    #[arg(long, value_name = "MAP")]
    pub floors: Vec<PathBuf>,
    /// With --floors: two-way stairs between each pair of neighbouring floors.
    #[arg(long, default_value_t = 4)]
    pub stairs: usize,
    /// With --floors: the seed of the portals' places and the queries.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Landmarks to choose on each map: the farthest, starting from the first line's start.
    #[arg(long, default_value_t = 16)]
    pub landmarks: usize,
    /// Lines per scenario file, spread evenly over its buckets; 0 runs every line.
    #[arg(long, default_value_t = 200)]
    pub limit: usize,
    /// Times each query is timed; the fastest is kept.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
}

/// Arguments of `pathkit bench-any-angle`.
#[derive(Debug, clap::Args)]
pub struct AnyAngleArgs {
    /// Scenario files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Lines per scenario file, spread evenly over its buckets; 0 runs every line.
    #[arg(long, default_value_t = 200)]
    pub limit: usize,
    /// Times each query is run; the median is kept.
    #[arg(long, default_value_t = 5)]
    pub rounds: usize,
}

/// Arguments of `pathkit path`.
#[derive(Debug, clap::Args)]
pub struct PathArgs {
    /// A Moving AI .map file, a text picture of a grid (`.` floor, `#` `@` `O` `T` `W` walls,
    /// `1`-`9` weights), or a hex map in its text form: a first line `hex odd-r`, `hex even-r`,
    /// `hex odd-q` or `hex even-q`, then the hexes as they lie (see `HexGrid::from_ascii`).
    /// On a hex map, columns and rows are the map's offset coordinates, the search is A* over
    /// six neighbours (each move costs the weight of the hex entered), and the path is drawn
    /// over the map in the same text form (`S` start, `G` goal, `*` the hexes between).
    /// A Tiled `.tmx` map is a multi-level map: each tile layer a floor (walls where there is
    /// no tile or a tile with the property `Wall`), objects of class `portal` the portals
    /// between them; --start-floor and --goal-floor say which floors the ends are on.
    pub map: PathBuf,
    /// Start column (0 or more).
    #[arg(value_parser = parse_coordinate, allow_negative_numbers = true)]
    pub sx: u32,
    /// Start row (0 or more).
    #[arg(value_parser = parse_coordinate, allow_negative_numbers = true)]
    pub sy: u32,
    /// Goal column (0 or more).
    #[arg(value_parser = parse_coordinate, allow_negative_numbers = true)]
    pub gx: u32,
    /// Goal row (0 or more).
    #[arg(value_parser = parse_coordinate, allow_negative_numbers = true)]
    pub gy: u32,
    /// 4-connected moves, each costing 1 (times the weight of the cell entered).
    #[arg(long, conflicts_with = "eight")]
    pub four: bool,
    /// 8-connected moves without corner cutting, costing 1 and √2 (the default).
    #[arg(long)]
    pub eight: bool,
    /// The search to run.
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    pub algo: Algo,
    /// On a multi-level (.tmx) map: the start's floor, a layer's name or number (default 0).
    #[arg(long, value_name = "FLOOR")]
    pub start_floor: Option<String>,
    /// On a multi-level (.tmx) map: the goal's floor, a layer's name or number (default 0).
    #[arg(long, value_name = "FLOOR")]
    pub goal_floor: Option<String>,
    /// Also write the map and the path as a PNG image: cells as squares, a hex map's hexes as
    /// hexagons, a multi-level map's floors side by side with their portals marked and joined.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// List every cell of the path on one line and draw every cell of the map. Without it the
    /// output fits the terminal (100 columns and a 40-line drawing when it is not a terminal):
    /// a long path keeps its first and last cells, a large map is drawn around the path, at
    /// several cells per character when the path spans more than fits, and a note says what
    /// was left out.
    #[arg(long)]
    pub full: bool,
    /// Also list the path smoothed: the waypoints an agent walking in straight lines needs, each
    /// the furthest later cell of the path in sight of the one before, no wall corner cut.
    #[arg(long)]
    pub smooth: bool,
    /// Also find the shortest path at any angle: on a navigation mesh of the map (blocked cells
    /// are walls, each free cell a unit square), between the centres of the two cells, turning
    /// only at wall corners. Prints its length and corners, and how much shorter it is than the
    /// grid path; with --png, draws it over the grid path.
    #[arg(long)]
    pub any_angle: bool,
    /// With --any-angle and --png, also draw the mesh's triangles.
    #[arg(long, requires = "any_angle")]
    pub mesh: bool,
    /// With --any-angle, the agent's radius: the mesh is built from the blocked cells as
    /// rectangles grown by it (the agent's centre keeps that far from every wall and from the
    /// map's edge), so paths keep clear of corners.
    #[arg(long, requires = "any_angle", default_value_t = 0.0)]
    pub radius: f64,
    /// Also find the path by hierarchical search (HPA*): prints its cost and how far above the
    /// optimum it is; with --png, draws the clusters, their entrances and its path.
    #[arg(long)]
    pub hierarchy: bool,
    /// With --hierarchy, the side of a level-1 cluster in cells.
    #[arg(
        long,
        value_name = "CELLS",
        default_value_t = 16,
        requires = "hierarchy"
    )]
    pub cluster: u32,
}

/// Arguments of `pathkit bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Scenario files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write a bar chart of the median time per query (log scale) as SVG.
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
    /// Also write the JSON report to a file, so one run gives the table, the chart and the data.
    #[arg(long, value_name = "FILE.json")]
    pub json_out: Option<PathBuf>,
    /// Lines per scenario file, spread evenly over its buckets; 0 runs every line. The default,
    /// 40, runs the full Moving AI set (31 files, 1,240 lines, 5 engines, 3 rounds) in about
    /// 60 s on an idle two-core machine (2-3 minutes on a busy one), well within 10 minutes;
    /// every line of it would take hours, the A* engines dominating.
    #[arg(long, default_value_t = 40)]
    pub limit: usize,
    /// Times each query is run; the median is kept.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
}
