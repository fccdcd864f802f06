//! `pathkit path`: one query on one map, printed and drawn.

use crate::cli::PathArgs;
use crate::coords::Xy;
use crate::draw;
use crate::error::CliError;
use crate::hex_path;
use crate::hierarchy_path;
use crate::levels_path;
use crate::path_list;
use crate::png_image;
use crate::scenario;
use crate::screen::Screen;
use crate::solver::{from_outcome, Algo, Answer, Prepared, Solver};
use crate::view::View;
use pathkit::geometry::Point;
use pathkit::grid::{Cell, Diagonal, Grid, GridError};
use pathkit::jps::{JpsContext, JpsMode};
use pathkit::navmesh::{grid_obstacles, AnyAngleSearch, NavMesh, NavMeshError};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext};
use pathkit::{Ends, Pathfinder};
use std::path::Path;

/// Loads a map: Moving AI when the file starts with its `type` header, a text picture otherwise.
pub fn load_any_map(path: &Path) -> Result<Grid, CliError> {
    let bytes = std::fs::read(path).map_err(|source| CliError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if bytes.starts_with(b"type") {
        return scenario::load_map(path);
    }
    let text = String::from_utf8(bytes).map_err(|e| CliError::Parse {
        path: path.to_path_buf(),
        message: format!("not a Moving AI map and not UTF-8 text: {e}"),
    })?;
    Grid::from_ascii(&text).map_err(|e| CliError::Parse {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Checks that `cell` is inside the grid (the message names the end and the map's size).
pub fn check_endpoint(grid: &Grid, what: &str, cell: Cell) -> Result<Cell, CliError> {
    if grid.cell(cell.x, cell.y).is_none() {
        return Err(CliError::Usage(format!(
            "{what} {} is outside the {}x{} map",
            Xy(cell),
            grid.width(),
            grid.height()
        )));
    }
    Ok(cell)
}

/// Refuses a query whose start or goal the search itself rules out as a wall (the library's
/// [`Pathfinder::check_ends`], one check for every kind of map); `blocked` are the messages for
/// a walled start and a walled goal. Ends in different components are not refused: the search
/// answers "unreachable".
pub fn refuse_walled_ends<P: Pathfinder>(
    finder: &P,
    (start, goal): (P::Node, P::Node),
    blocked: [String; 2],
) -> Result<(), CliError>
where
    P::Error: std::fmt::Display,
{
    let [walled_start, walled_goal] = blocked;
    match finder
        .check_ends(start, goal)
        .map_err(|e| CliError::Search(e.to_string()))?
    {
        Ends::StartBlocked => Err(CliError::Usage(walled_start)),
        Ends::GoalBlocked => Err(CliError::Usage(walled_goal)),
        Ends::Open | Ends::Apart => Ok(()),
    }
}

/// Lines the path list may take when it is bounded to the screen.
const PATH_LINES: u32 = 3;

/// Runs `path`; exit status 0 when a path was found, 1 when the goal is unreachable.
pub fn run(args: &PathArgs) -> Result<i32, CliError> {
    if levels_path::is_tiled(&args.map) {
        return levels_path::run(args, &args.map);
    }
    if args.start_floor.is_some() || args.goal_floor.is_some() {
        return Err(CliError::Usage(
            "--start-floor and --goal-floor apply to multi-level (.tmx) maps".into(),
        ));
    }
    if let Some(text) = hex_path::read_if_hex(&args.map)? {
        return hex_path::run(args, &args.map, &text);
    }
    let grid = load_any_map(&args.map)?;
    let start = check_endpoint(&grid, "start", Cell::new(args.sx, args.sy))?;
    let goal = check_endpoint(&grid, "goal", Cell::new(args.gx, args.gy))?;
    let blocked = |what: &str, cell: Cell| format!("{what} {} is a blocked cell", Xy(cell));
    refuse_walled_ends(
        &grid.four_connected(),
        (start, goal),
        [blocked("start", start), blocked("goal", goal)],
    )?;
    let answer = if args.four {
        four_connected(&grid, args.algo, start, goal)?
    } else {
        let prepared = Prepared::new(&grid, args.algo)?;
        Solver::new().solve(&grid, &prepared, start, goal)?
    };
    let rules = if args.four {
        "4-connected"
    } else {
        "8-connected, no corner cutting"
    };
    println!(
        "map: {} ({}x{})",
        args.map.display(),
        grid.width(),
        grid.height()
    );
    println!(
        "from {} to {}, {rules}, {}",
        Xy(start),
        Xy(goal),
        args.algo.name()
    );
    let any_angle = if args.any_angle {
        Some(any_angle_path(&grid, start, goal, args.radius)?)
    } else {
        None
    };
    let hierarchy = if args.hierarchy {
        Some(hierarchy_path::find(
            &grid,
            args.four,
            args.cluster,
            start,
            goal,
        )?)
    } else {
        None
    };
    let screen = Screen::of_stdout();
    let code = match answer.cost {
        Some(cost) => {
            if args.full {
                println!("{}", path_list::full(&answer.path));
            } else {
                let (lines, left_out) = path_list::bounded(&answer.path, screen.cols, PATH_LINES);
                for line in lines {
                    println!("{line}");
                }
                if left_out > 0 {
                    println!(
                        "note: {left_out} of the {} cells left out of the list; --full lists every cell",
                        answer.path.len()
                    );
                }
            }
            println!("cells: {}", answer.path.len());
            if args.smooth {
                print_smoothed(&grid, &answer.path, args, screen.cols)?;
            }
            println!("cost: {cost:.8}");
            if let Some(any) = &any_angle {
                print_any_angle(any, cost);
            }
            if let Some(h) = &hierarchy {
                print_hierarchy(h, cost);
            }
            0
        }
        None => {
            println!("no path: the goal cannot be reached");
            if let Some(any) = &any_angle {
                print_any_angle(any, 0.0);
            }
            if let Some(h) = &hierarchy {
                print_hierarchy(h, 0.0);
            }
            1
        }
    };
    println!("expanded: {}", answer.expanded);
    let view = if args.full {
        View::whole(&grid)
    } else {
        View::fit(&grid, &answer.path, start, goal, screen.cols, screen.rows)
    };
    if !view.is_whole(&grid) {
        let scale = if view.scale > 1 {
            format!(" at {0}x{0} cells per character", view.scale)
        } else {
            String::new()
        };
        println!(
            "note: drawing columns {}..={}, rows {}..={}{scale}; --full draws every cell",
            view.x0, view.x1, view.y0, view.y1,
        );
    }
    print!("{}", draw::text(&grid, &answer.path, start, goal, &view));
    if let Some(file) = &args.png {
        let mut lines = Vec::new();
        if let Some(h) = &hierarchy {
            lines.extend(h.lines.iter().cloned());
        }
        if let Some(any) = &any_angle {
            if args.mesh {
                lines.extend(mesh_lines(&any.mesh));
            }
            if let Some(path) = &any.path {
                lines.extend(path.nodes.windows(2).map(|w| png_image::Line {
                    from: (w[0].x, w[0].y),
                    to: (w[1].x, w[1].y),
                    colour: ANY_ANGLE_COLOUR,
                    width: 2,
                }));
            }
        }
        let (w, h) = png_image::write(file, &grid, &answer.path, start, goal, &lines)?;
        println!("png: {} ({w}x{h})", file.display());
    }
    Ok(code)
}

/// The hierarchical path's line: its cost, how far above the optimum `optimal`, its cells,
/// the expansions of every search it ran.
fn print_hierarchy(h: &hierarchy_path::HierarchyAnswer, optimal: f64) {
    match h.cost {
        Some(cost) => {
            println!(
            "hierarchy: {cost:.8} ({:.2}% above the optimum; {} cells, {} level{}, {} expanded)",
            if optimal > 0.0 { 100.0 * (cost / optimal - 1.0) } else { 0.0 },
            h.path.len(),
            h.levels,
            if h.levels == 1 { "" } else { "s" },
            h.expanded,
        )
        }
        None => println!("hierarchy: no path"),
    }
}

/// Magenta: the any-angle path stands out from the red grid path beneath it.
const ANY_ANGLE_COLOUR: [u8; 3] = [200, 40, 200];
/// The mesh's edges: a grey just darker than the floor.
const MESH_COLOUR: [u8; 3] = [170, 170, 190];

/// The any-angle query: the map's mesh and the shortest path on it.
struct AnyAngle {
    mesh: NavMesh,
    path: Option<pathkit::search::Path<Point, f64>>,
    /// Whether an end lies off the mesh (closer than the radius to a wall).
    off: bool,
}

/// The mesh of the grid (its own at radius 0; its blocked cells as rectangles grown by
/// `radius` otherwise) and the path between the cells' centres. An end closer than the radius
/// to a wall has no path (said so in `off`).
fn any_angle_path(grid: &Grid, start: Cell, goal: Cell, radius: f64) -> Result<AnyAngle, CliError> {
    let centre = |c: Cell| Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    let search_error = |e: NavMeshError| CliError::Search(e.to_string());
    let mesh = if radius == 0.0 {
        NavMesh::from_grid(grid).map_err(search_error)?
    } else {
        let size = Point::new(f64::from(grid.width()), f64::from(grid.height()));
        NavMesh::from_obstacles(&grid_obstacles(grid), radius, Point::new(0.0, 0.0), size)
            .map_err(search_error)?
    };
    let (path, off) = match mesh.find_path(&mut AnyAngleSearch::new(), centre(start), centre(goal))
    {
        Ok(outcome) => (outcome.into_path(), false),
        Err(NavMeshError::OffMesh { .. }) => (None, true),
        Err(e) => return Err(search_error(e)),
    };
    Ok(AnyAngle { mesh, path, off })
}

/// Prints the any-angle path's length, corners and gain over the grid path of `cost`.
fn print_any_angle(any: &AnyAngle, cost: f64) {
    match &any.path {
        Some(path) => {
            // The points between the ends: none from a cell to itself.
            let inner = path.nodes.len().saturating_sub(2);
            let corners: Vec<String> = path
                .nodes
                .iter()
                .skip(1)
                .take(inner)
                .map(|p| format!("({}, {})", p.x, p.y))
                .collect();
            println!(
                "any-angle: {:.8} ({:.2}% shorter; {} triangles), corners: {}",
                path.cost,
                if cost > 0.0 {
                    (cost - path.cost) / cost * 100.0
                } else {
                    0.0
                },
                any.mesh.triangle_count(),
                if corners.is_empty() {
                    "none".to_string()
                } else {
                    corners.join(" ")
                }
            );
        }
        None if any.off => {
            println!("any-angle: no path (an end is closer than the radius to a wall)")
        }
        None => println!("any-angle: no path"),
    }
}

/// Every edge of the mesh once, as lines to draw.
fn mesh_lines(mesh: &NavMesh) -> Vec<png_image::Line> {
    let mut lines = Vec::new();
    for k in 0..mesh.triangle_count() {
        let (Some(t), Some(n)) = (mesh.triangle(k), mesh.neighbours(k)) else {
            continue;
        };
        for side in 0..3 {
            // Shared edges from the lower-numbered triangle only.
            if n[side].is_some_and(|m| m < k) {
                continue;
            }
            let (a, b) = (t[side], t[(side + 1) % 3]);
            lines.push(png_image::Line {
                from: (a.x, a.y),
                to: (b.x, b.y),
                colour: MESH_COLOUR,
                width: 1,
            });
        }
    }
    lines
}

/// The path smoothed under the search's own corner rule, listed as the path is, and how many
/// waypoints it keeps.
fn print_smoothed(grid: &Grid, path: &[Cell], args: &PathArgs, cols: u32) -> Result<(), CliError> {
    let rule = if args.four {
        Diagonal::Never
    } else {
        Diagonal::NoCornerCutting
    };
    let smooth = grid
        .smooth(path, rule)
        .map_err(|e| CliError::Search(e.to_string()))?;
    const LABEL: &str = "smooth: ";
    if args.full {
        println!("{}", path_list::full_as(LABEL, &smooth));
    } else {
        let (lines, left_out) = path_list::bounded_as(LABEL, &smooth, cols, PATH_LINES);
        for line in lines {
            println!("{line}");
        }
        if left_out > 0 {
            println!(
                "note: {left_out} of the {} waypoints left out of the list; --full lists every one",
                smooth.len()
            );
        }
    }
    println!("waypoints: {}", smooth.len());
    Ok(())
}

/// 4-connected search: A* (costs 1 times the weight entered) or JPS (uniform-cost grids).
fn four_connected(grid: &Grid, algo: Algo, start: Cell, goal: Cell) -> Result<Answer, CliError> {
    let (outcome, expanded) = match algo {
        Algo::Astar | Algo::AstarGeneral => {
            let mut ctx = SearchContext::<u32>::new();
            let space = grid.four_connected();
            let outcome = if algo == Algo::Astar {
                space.find_path(&mut ctx, start, goal)
            } else {
                AStar(&space)
                    .find_path_with(&mut ctx, start, goal, &Default::default())
                    .map_err(GridError::from)
            }
            .map_err(|e| CliError::Search(e.to_string()))?;
            let expanded = ctx.stats().expanded;
            let outcome = match outcome {
                Outcome::Found(p) => Outcome::Found(pathkit::search::Path {
                    nodes: p.nodes,
                    cost: p.cost as f64,
                }),
                Outcome::LimitReached(_) | Outcome::Closest(_) | Outcome::Unreachable => {
                    Outcome::Unreachable
                }
            };
            (outcome, expanded)
        }
        Algo::Jps => {
            let mut ctx = JpsContext::new();
            let outcome = grid
                .jump_points(JpsMode::FOUR)
                .find_path(&mut ctx, start, goal)
                .map_err(|e| CliError::Search(e.to_string()))?;
            (outcome, ctx.stats().expanded)
        }
        Algo::JpsPlus | Algo::Subgoal => {
            return Err(CliError::Usage(format!(
                "{} searches 8-connected grids only; use --algo astar or jps with --four",
                if algo == Algo::JpsPlus {
                    "JPS+"
                } else {
                    "a subgoal graph"
                }
            )))
        }
    };
    Ok(from_outcome(outcome, expanded))
}
