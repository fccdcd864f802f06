//! `pathkit path` on a multi-level Tiled map (`.tmx`): a floor a tile layer, portals from the
//! objects of class `portal`, as `pathkit::format::TiledLevels` loads them (walls: no tile, or a
//! tile with the property `Wall`). `--start-floor` and `--goal-floor` name the floors, by layer
//! name or number; the path crosses floors through the portals and is listed as `floor:(x, y)`,
//! each floor drawn in text with its part of the path, and with `--png` the floors side by side,
//! portals marked and joined. A hexagonal Tiled map goes to the hex map's code instead.

use crate::cli::PathArgs;
use crate::coords::Xy;
use crate::draw;
use crate::error::CliError;
use crate::hex_path;
use crate::path_cmd::refuse_walled_ends;
use crate::png_levels;
use crate::solver::Algo;
use crate::view::View;
use pathkit::format::{TiledError, TiledHexMap, TiledLevels};
use pathkit::grid::Cell;
use pathkit::levels::{LevelMap, Place};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions};
use pathkit::Pathfinder;
use std::path::Path;

/// The property that marks a wall tile, as in the Cat Maze level and the test fixtures.
pub const WALL_PROPERTY: &str = "Wall";

/// The places listed from the start and from the end of a long path without `--full`.
const LISTED_HEAD: usize = 16;
const LISTED_TAIL: usize = 8;

/// The largest floor drawn in text without `--full`.
const TEXT_COLS: u32 = 100;
const TEXT_ROWS: u32 = 40;

/// Whether `file` is a Tiled map, by its extension.
pub fn is_tiled(file: &Path) -> bool {
    file.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
}

/// The floor a command-line value names: a layer's name, or else its number.
fn floor_of(levels: &TiledLevels, what: &str, value: &str) -> Result<u32, CliError> {
    let layers = &levels.map.layers;
    if let Some(i) = layers.iter().position(|l| l.name == value) {
        return Ok(i as u32);
    }
    match value.parse::<u32>() {
        Ok(n) if (n as usize) < layers.len() => Ok(n),
        _ => {
            let names: Vec<&str> = layers.iter().map(|l| l.name.as_str()).collect();
            Err(CliError::Usage(format!(
                "{what} floor {value:?} is neither a layer ({}) nor a number below {}",
                names.join(", "),
                layers.len()
            )))
        }
    }
}

/// The place at a command-line floor, column and row, which must be inside it.
fn endpoint(map: &LevelMap, what: &str, place: Place) -> Result<Place, CliError> {
    let grid = map
        .floor(place.floor)
        .ok_or_else(|| CliError::Usage(format!("{what}: there is no floor {}", place.floor)))?;
    if grid.cell(place.cell.x, place.cell.y).is_none() {
        return Err(CliError::Usage(format!(
            "{what} {} is outside the {}x{} floor {}",
            Xy(place.cell),
            grid.width(),
            grid.height(),
            place.floor
        )));
    }
    Ok(place)
}

/// Refuses the options that belong to single grids.
fn check_options(args: &PathArgs) -> Result<(), CliError> {
    let grid_only = [
        (args.smooth, "--smooth"),
        (args.any_angle, "--any-angle"),
        (
            matches!(args.algo, Algo::Jps | Algo::JpsPlus | Algo::Subgoal),
            "--algo jps/jps-plus/subgoal",
        ),
    ];
    match grid_only.iter().find(|(given, _)| *given) {
        Some((_, name)) => Err(CliError::Usage(format!(
            "{name} applies to single grids; a multi-level map is searched with A*"
        ))),
        None => Ok(()),
    }
}

/// A place written `floor:(x, y)`.
fn place_text(p: Place) -> String {
    format!("{}:{}", p.floor, Xy(p.cell))
}

/// Runs `path` on the multi-level map in `file`; exit status 0 when a path was found, 1 when
/// the goal is unreachable.
pub fn run(args: &PathArgs, file: &Path) -> Result<i32, CliError> {
    // A hexagonal Tiled map is a hex map, searched and drawn as one.
    let parse = |message: String| CliError::Parse {
        path: file.to_path_buf(),
        message,
    };
    match TiledHexMap::load(file) {
        Ok(hex) => {
            if args.start_floor.is_some() || args.goal_floor.is_some() {
                return Err(CliError::Usage(
                    "--start-floor and --goal-floor apply to orthogonal multi-level maps; this one is hexagonal".into(),
                ));
            }
            return hex_path::run_tiled(args, file, &hex);
        }
        Err(TiledError::NotHexagonal { .. }) => {}
        Err(e) => return Err(parse(e.to_string())),
    }
    check_options(args)?;
    let levels = TiledLevels::load(file).map_err(|e| parse(e.to_string()))?;
    let (map, _) = levels
        .to_level_map(WALL_PROPERTY)
        .map_err(|e| parse(e.to_string()))?;
    let start_floor = floor_of(&levels, "start", args.start_floor.as_deref().unwrap_or("0"))?;
    let goal_floor = floor_of(&levels, "goal", args.goal_floor.as_deref().unwrap_or("0"))?;
    let start = endpoint(&map, "start", Place::new(start_floor, args.sx, args.sy))?;
    let goal = endpoint(&map, "goal", Place::new(goal_floor, args.gx, args.gy))?;
    let space = if args.four {
        map.four_connected()
    } else {
        map.eight_connected()
    }
    .map_err(|e| CliError::Search(e.to_string()))?;
    let blocked = |what: &str, place: Place| {
        format!(
            "{what} {} is a blocked cell of floor {}",
            Xy(place.cell),
            place.floor
        )
    };
    refuse_walled_ends(
        &space,
        (start, goal),
        [blocked("start", start), blocked("goal", goal)],
    )?;
    let mut ctx = SearchContext::new();
    let outcome = match args.algo {
        Algo::AstarGeneral => {
            AStar(&space).find_path_with(&mut ctx, start, goal, &SearchOptions::default())
        }
        _ => space.find_path(&mut ctx, start, goal),
    }
    .map_err(|e| CliError::Search(e.to_string()))?;
    let names: Vec<&str> = levels.map.layers.iter().map(|l| l.name.as_str()).collect();
    println!(
        "map: {} ({} floors of {}x{}: {}; {} portals)",
        file.display(),
        map.floor_count(),
        levels.map.width,
        levels.map.height,
        names.join(", "),
        map.portals().count()
    );
    let rules = if args.four {
        "4-connected"
    } else {
        "8-connected, no corner cutting"
    };
    println!(
        "from {} to {}, {rules}, portals, {}",
        place_text(start),
        place_text(goal),
        args.algo.name()
    );
    let path: Vec<Place> = match &outcome {
        Outcome::Found(p) => p.nodes.clone(),
        _ => Vec::new(),
    };
    let code = match &outcome {
        Outcome::Found(p) => {
            let listed: Vec<String> = path.iter().map(|&p| place_text(p)).collect();
            if args.full || listed.len() <= LISTED_HEAD + LISTED_TAIL {
                println!("path: {}", listed.join(" "));
            } else {
                let tail = listed.len() - LISTED_TAIL;
                println!(
                    "path: {} ... {}",
                    listed[..LISTED_HEAD].join(" "),
                    listed[tail..].join(" ")
                );
                println!(
                    "note: {} of the {} places left out of the list; --full lists every place",
                    tail - LISTED_HEAD,
                    listed.len()
                );
            }
            let hops = path
                .windows(2)
                .filter(|w| is_portal_hop(w[0], w[1]))
                .count();
            println!("places: {}", path.len());
            println!("portals taken: {hops}");
            println!("cost: {}", p.cost);
            0
        }
        _ => {
            println!("no path: the goal cannot be reached");
            1
        }
    };
    println!("expanded: {}", ctx.stats().expanded);
    // Off every floor: a start or goal on another floor is not drawn on this one.
    let nowhere = Cell::new(u32::MAX, u32::MAX);
    for (f, grid) in map.floors().iter().enumerate() {
        let f = f as u32;
        let cells: Vec<Cell> = path
            .iter()
            .filter(|p| p.floor == f)
            .map(|p| p.cell)
            .collect();
        let on = |p: Place| if p.floor == f { p.cell } else { nowhere };
        println!("floor {f} ({}):", names[f as usize]);
        if !args.full && (grid.width() > TEXT_COLS || grid.height() > TEXT_ROWS) {
            println!("note: a floor larger than {TEXT_COLS}x{TEXT_ROWS} is drawn with --full only");
            continue;
        }
        print!(
            "{}",
            draw::text(grid, &cells, on(start), on(goal), &View::whole(grid))
        );
    }
    if let Some(file) = &args.png {
        let (w, h) = png_levels::write(file, &map, &path, start, goal)?;
        println!("png: {} ({w}x{h})", file.display());
    }
    Ok(code)
}

/// Whether a step from `a` to `b` takes a portal rather than a move: another floor, or a cell
/// that is not one of the eight around.
pub fn is_portal_hop(a: Place, b: Place) -> bool {
    a.floor != b.floor || a.cell.x.abs_diff(b.cell.x) > 1 || a.cell.y.abs_diff(b.cell.y) > 1
}
