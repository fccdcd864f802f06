//! `pathkit path` on a hex map: a map in the text form of `HexGrid::from_ascii`, recognised by
//! its header line (`hex odd-r`, ...). Columns and rows on the command line are the map's
//! offset coordinates, as the text lays them out; the path is listed the same way and drawn
//! over the map in the text form (and with `--png`, as hexagons in an image).

use crate::cli::PathArgs;
use crate::coords::Xy;
use crate::error::CliError;
use crate::levels_path::WALL_PROPERTY;
use crate::path_cmd::refuse_walled_ends;
use crate::path_list;
use crate::png_hex;
use crate::screen::Screen;
use crate::solver::Algo;
use pathkit::format::TiledHexMap;
use pathkit::grid::Cell;
use pathkit::hex::{Hex, HexGrid};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions};
use pathkit::Pathfinder;
use std::io::Read;
use std::path::Path;

/// The text of `file` when it holds a hex map in the text form (its first line is the header,
/// starting `hex `), or `None` for any other map; only the first bytes of another map are read.
pub fn read_if_hex(file: &Path) -> Result<Option<String>, CliError> {
    let io = |source| CliError::Io {
        path: file.to_path_buf(),
        source,
    };
    let mut head = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(HEADER.len() as u64).read_to_end(&mut head))
        .map_err(io)?;
    if head != HEADER {
        return Ok(None);
    }
    let bytes = std::fs::read(file).map_err(io)?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|e| CliError::Parse {
            path: file.to_path_buf(),
            message: format!("a hex map that is not UTF-8 text: {e}"),
        })
}

/// How the text form of a hex map starts.
const HEADER: &[u8] = b"hex ";

/// The characters the path is drawn with: start, goal, and the hexes between.
const START: char = 'S';
const GOAL: char = 'G';
const ON_PATH: char = '*';

/// Lines the path list may take when it is bounded to the screen.
const PATH_LINES: u32 = 3;

/// The hex at a command-line column and row, which must be inside the map.
fn endpoint(grid: &HexGrid, what: &str, cell: Cell) -> Result<Hex, CliError> {
    grid.hex_at(cell.x, cell.y).ok_or_else(|| {
        CliError::Usage(format!(
            "{what} {} is outside the {}x{} map",
            Xy(cell),
            grid.width(),
            grid.height()
        ))
    })
}

/// Refuses the options that belong to square grids.
fn check_options(args: &PathArgs) -> Result<(), CliError> {
    let square_only = [
        (args.four, "--four"),
        (args.eight, "--eight"),
        (args.smooth, "--smooth"),
        (args.any_angle, "--any-angle"),
        (
            matches!(args.algo, Algo::Jps | Algo::JpsPlus | Algo::Subgoal),
            "--algo jps/jps-plus/subgoal",
        ),
    ];
    match square_only.iter().find(|(given, _)| *given) {
        Some((_, name)) => Err(CliError::Usage(format!(
            "{name} applies to square grids; a hex map is searched with A* over six neighbours"
        ))),
        None => Ok(()),
    }
}

/// Runs `path` on the hex map `text` read from `file`; exit status 0 when a path was found, 1
/// when the goal is unreachable.
pub fn run(args: &PathArgs, file: &Path, text: &str) -> Result<i32, CliError> {
    check_options(args)?;
    let grid = HexGrid::from_ascii(text).map_err(|e| CliError::Parse {
        path: file.to_path_buf(),
        message: e.to_string(),
    })?;
    run_on(args, file, &grid)
}

/// The hex grid of a hexagonal Tiled map's first tile layer: a hex with no tile or a tile with
/// the property `Wall` is a wall, one whose tile has a whole-number property `Cost` weighs that
/// much (at least 1), any other weighs 1.
pub fn from_tiled(file: &Path, hex: &TiledHexMap) -> Result<HexGrid, CliError> {
    let parse = |message: String| CliError::Parse {
        path: file.to_path_buf(),
        message,
    };
    let layer = hex
        .map
        .layers
        .first()
        .ok_or_else(|| parse("a hexagonal map without a tile layer".into()))?;
    hex.to_hex_grid(|x, y, map| {
        let tile = map.tile(&layer.name, x, y);
        match tile {
            None => 0,
            Some(t) if t.properties.contains_key(WALL_PROPERTY) => 0,
            Some(t) => t
                .properties
                .get("Cost")
                .and_then(|c| c.trim().parse::<u32>().ok())
                .map_or(1, |c| c.max(1)),
        }
    })
    .map_err(|e| parse(e.to_string()))
}

/// Runs `path` on a hexagonal Tiled map.
pub fn run_tiled(args: &PathArgs, file: &Path, hex: &TiledHexMap) -> Result<i32, CliError> {
    check_options(args)?;
    let grid = from_tiled(file, hex)?;
    run_on(args, file, &grid)
}

/// Runs `path` on `grid`, read from `file`.
fn run_on(args: &PathArgs, file: &Path, grid: &HexGrid) -> Result<i32, CliError> {
    let (s, g) = (Cell::new(args.sx, args.sy), Cell::new(args.gx, args.gy));
    let start = endpoint(grid, "start", s)?;
    let goal = endpoint(grid, "goal", g)?;
    let blocked = |what: &str, cell: Cell| format!("{what} {} is a blocked hex", Xy(cell));
    refuse_walled_ends(
        grid,
        (start, goal),
        [blocked("start", s), blocked("goal", g)],
    )?;
    let mut ctx = SearchContext::new();
    let options = SearchOptions::default();
    let outcome = match args.algo {
        Algo::AstarGeneral => AStar(grid)
            .find_path_with(&mut ctx, start, goal, &options)
            .map_err(|e| CliError::Search(e.to_string()))?,
        _ => grid
            .find_path_with(&mut ctx, start, goal, &options)
            .map_err(|e| CliError::Search(e.to_string()))?,
    };
    println!(
        "map: {} (hex {}, {}x{})",
        file.display(),
        grid.layout(),
        grid.width(),
        grid.height()
    );
    println!(
        "from {} to {}, six neighbours, {}",
        Xy(s),
        Xy(g),
        args.algo.name()
    );
    let path: Vec<Hex> = match &outcome {
        Outcome::Found(p) => p.nodes.clone(),
        _ => Vec::new(),
    };
    // Offset coordinates of the path, as the command line gives them.
    let cells: Vec<Cell> = path
        .iter()
        .filter_map(|&h| grid.offset_of(h))
        .map(|(col, row)| Cell::new(col, row))
        .collect();
    let code = match &outcome {
        Outcome::Found(p) => {
            if args.full {
                println!("{}", path_list::full(&cells));
            } else {
                let cols = Screen::of_stdout().cols;
                let (lines, left_out) = path_list::bounded(&cells, cols, PATH_LINES);
                for line in lines {
                    println!("{line}");
                }
                if left_out > 0 {
                    println!(
                        "note: {left_out} of the {} hexes left out of the list; --full lists every hex",
                        cells.len()
                    );
                }
            }
            println!("hexes: {}", cells.len());
            println!("cost: {}", p.cost);
            0
        }
        _ => {
            println!("no path: the goal cannot be reached");
            1
        }
    };
    println!("expanded: {}", ctx.stats().expanded);
    let drawing = grid.to_ascii_marked(|h| {
        if h == start {
            Some(START)
        } else if h == goal {
            Some(GOAL)
        } else if path.contains(&h) {
            Some(ON_PATH)
        } else {
            None
        }
    });
    // The header line is the map's, already printed above in words.
    print!("{}", drawing.split_once('\n').map_or("", |(_, body)| body));
    if let Some(file) = &args.png {
        let (w, h) = png_hex::write(file, grid, &path, start, goal)?;
        println!("png: {} ({w}x{h})", file.display());
    }
    Ok(code)
}
