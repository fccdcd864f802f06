//! The playground's GameplayKit-style searches in continuous space: an obstacle graph (the
//! visibility graph around the walls, grown by a buffer radius) and a mesh graph (a
//! triangulation around them), each between the centres of the start and goal tiles.
//!
//! The grid's walls become rectangles, one a run of wall tiles in a row: few obstacles for a
//! maze-like level, so an obstacle graph (whose build grows faster than linearly with obstacles)
//! stays interactive on the playground's smaller maps. Larger maps are refused with
//! [`GraphSearchError::TooManyWalls`]: their walls are what the navigation mesh of the any-angle
//! search is for.

use pathkit::geometry::Extrusion;
use pathkit::graph::{
    GraphError, MeshGraph, NodeGraph, NodeId, NodeKind, ObstacleGraph, PolygonObstacle,
};
use pathkit::grid::{Cell, Grid};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::fmt;

/// The most wall rectangles a map may have for these searches.
pub const MAX_WALL_RUNS: usize = 800;

/// A path in continuous space, in tile units (tile `(x, y)` spans `x..x + 1`, `y..y + 1`).
#[derive(Clone, Debug, PartialEq)]
pub struct VectorPath {
    /// Corners, the start's centre first and the goal's last.
    pub points: Vec<[f64; 2]>,
    /// The sum of the segments' lengths.
    pub length: f64,
}

/// Which graph to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// `ObstacleGraph`: nodes at the grown walls' corners, joined where they see each other.
    Obstacles,
    /// `MeshGraph`: nodes on a triangulation of the free space around the grown walls.
    Mesh,
}

/// Why a graph search was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum GraphSearchError {
    /// More wall rectangles than [`MAX_WALL_RUNS`].
    TooManyWalls {
        /// Rectangles the map's walls make.
        runs: usize,
    },
    /// The graph refused (a radius, a triangulation).
    Graph(GraphError),
}

impl fmt::Display for GraphSearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphSearchError::TooManyWalls { runs } => write!(
                f,
                "the walls make {runs} rectangles, more than the {MAX_WALL_RUNS} an obstacle or \
                 mesh graph is built from here: try the any-angle search"
            ),
            GraphSearchError::Graph(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GraphSearchError {}

impl From<GraphError> for GraphSearchError {
    fn from(e: GraphError) -> Self {
        GraphSearchError::Graph(e)
    }
}

/// The walls of `grid` as rectangles, one a maximal run of wall tiles in a row, plus the map's
/// border as four thin walls so no path leaves the map.
///
/// ```
/// use catmaze_wasm::graph_searches::wall_rectangles;
/// use pathkit::grid::Grid;
///
/// let grid = Grid::from_ascii("##.#\n....").unwrap();
/// let walls = wall_rectangles(&grid).unwrap();
/// assert_eq!(walls.len(), 2 + 4); // "##" and "#", and the border
/// ```
pub fn wall_rectangles(grid: &Grid) -> Result<Vec<PolygonObstacle>, GraphSearchError> {
    let mut rects: Vec<[f32; 4]> = Vec::new();
    for y in 0..grid.height() {
        let mut x = 0;
        while x < grid.width() {
            if grid.is_passable(Cell::new(x, y)) {
                x += 1;
                continue;
            }
            let first = x;
            while x < grid.width() && !grid.is_passable(Cell::new(x, y)) {
                x += 1;
            }
            rects.push([first as f32, y as f32, x as f32, y as f32 + 1.0]);
            if rects.len() > MAX_WALL_RUNS {
                return Err(GraphSearchError::TooManyWalls { runs: rects.len() });
            }
        }
    }
    let (w, h) = (grid.width() as f32, grid.height() as f32);
    let border = 0.5;
    rects.extend([
        [-border, -border, w + border, 0.0],
        [-border, h, w + border, h + border],
        [-border, 0.0, 0.0, h],
        [w, 0.0, w + border, h],
    ]);
    rects
        .iter()
        .map(|&[x0, y0, x1, y1]| {
            PolygonObstacle::new(&[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).map_err(Into::into)
        })
        .collect()
}

/// A found path's nodes as a path in tile units: their positions (all 2D nodes) and the sum of
/// the segments' lengths.
///
/// # Errors
///
/// [`GraphSearchError::Graph`] for a node the graph does not hold, or one that is not a 2D point.
pub fn vector_path(graph: &NodeGraph, nodes: &[NodeId]) -> Result<VectorPath, GraphSearchError> {
    let mut points = Vec::with_capacity(nodes.len());
    for &node in nodes {
        match graph.kind(node)? {
            NodeKind::Point2(x, y) => points.push([f64::from(x), f64::from(y)]),
            _ => {
                return Err(GraphSearchError::Graph(GraphError::KindMismatch {
                    node,
                    expected: "2D point",
                }))
            }
        }
    }
    let length = points
        .windows(2)
        .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
        .sum();
    Ok(VectorPath { points, length })
}

/// One of the two graphs, built.
#[derive(Debug)]
pub enum BuiltGraph {
    /// An obstacle graph.
    Obstacles(ObstacleGraph),
    /// A mesh graph, triangulated.
    Mesh(MeshGraph),
}

/// A graph around the walls of a grid with a query's two ends added as nodes: what the
/// playground searches through the front door.
#[derive(Debug)]
pub struct GraphQuery {
    /// The graph.
    pub graph: BuiltGraph,
    /// The node at the start tile's centre.
    pub start: NodeId,
    /// The node at the goal tile's centre.
    pub goal: NodeId,
}

impl GraphQuery {
    /// `kind` of graph around the walls of `grid` grown by `radius`, with nodes added at the
    /// centres of `start` and `goal`.
    ///
    /// Walls grow by a mitre offset (every side moved out by `radius`), not GameplayKit's
    /// default radial one: on a wall many tiles long, radial growth about the centre leaves the
    /// long sides only a sliver of the radius away, and the path would graze the wall.
    ///
    /// # Errors
    ///
    /// [`GraphSearchError::TooManyWalls`], or the graph's refusal.
    pub fn new(
        grid: &Grid,
        kind: GraphKind,
        radius: f32,
        start: Cell,
        goal: Cell,
    ) -> Result<GraphQuery, GraphSearchError> {
        let walls = wall_rectangles(grid)?;
        let centre = |c: Cell| (c.x as f32 + 0.5, c.y as f32 + 0.5);
        let ((sx, sy), (gx, gy)) = (centre(start), centre(goal));
        Ok(match kind {
            GraphKind::Obstacles => {
                let mut graph = ObstacleGraph::with_extrusion(&walls, radius, Extrusion::Mitre);
                let start = graph.add_point(sx, sy)?;
                let goal = graph.add_point(gx, gy)?;
                GraphQuery {
                    graph: BuiltGraph::Obstacles(graph),
                    start,
                    goal,
                }
            }
            GraphKind::Mesh => {
                let (w, h) = (grid.width() as f32, grid.height() as f32);
                let mut graph = MeshGraph::with_extrusion(
                    radius,
                    [-1.0, -1.0],
                    [w + 1.0, h + 1.0],
                    Extrusion::Mitre,
                )?;
                graph.add_obstacles(&walls)?;
                graph.triangulate()?;
                let start = graph.add_point(sx, sy)?;
                let goal = graph.add_point(gx, gy)?;
                GraphQuery {
                    graph: BuiltGraph::Mesh(graph),
                    start,
                    goal,
                }
            }
        })
    }
}

/// The shortest path on `kind` of graph around the walls of `grid` grown by `radius`, from the
/// centre of `start` to the centre of `goal` (see [`GraphQuery::new`]); `None` when the graph
/// joins them by no path.
///
/// ```
/// use catmaze_wasm::graph_searches::{graph_path, GraphKind};
/// use pathkit::grid::{Cell, Grid};
///
/// let grid = Grid::from_ascii(".....\n.###.\n.....").unwrap();
/// let path = graph_path(&grid, GraphKind::Obstacles, 0.1, Cell::new(0, 1), Cell::new(4, 1)).unwrap().unwrap();
/// // Round the wall's grown corners: a little longer than 2 x sqrt(0.5) + 3.
/// assert!(path.length > 4.41 && path.length < 4.8, "{}", path.length);
/// ```
pub fn graph_path(
    grid: &Grid,
    kind: GraphKind,
    radius: f32,
    start: Cell,
    goal: Cell,
) -> Result<Option<VectorPath>, GraphSearchError> {
    let q = GraphQuery::new(grid, kind, radius, start, goal)?;
    let mut ctx = SearchContext::new();
    let (graph, outcome) = match &q.graph {
        BuiltGraph::Obstacles(g) => (g.graph(), g.find_path(&mut ctx, q.start, q.goal)?),
        BuiltGraph::Mesh(g) => (g.graph(), g.find_path(&mut ctx, q.start, q.goal)?),
    };
    outcome
        .into_path()
        .map(|p| vector_path(graph, &p.nodes))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathkit::geometry::Point;
    use pathkit::navmesh::{AnyAngleSearch, NavMesh};
    use pathkit::Pathfinder;

    /// A small maze of rooms and corridors, one tile wide in places.
    fn maze() -> Grid {
        Grid::from_ascii(
            "..........#.........\n\
             .######...#..####...\n\
             .#....#...#.....#...\n\
             .#.##.#.......#.#...\n\
             .#..#.####.####.#.##\n\
             ....#..............#\n\
             ###.#######.######.#\n\
             ....................",
        )
        .unwrap()
    }

    /// Points along every segment, a twentieth of a tile apart, stay at least `clearance` off
    /// every wall tile and inside the map.
    fn clear_of_walls(grid: &Grid, path: &VectorPath, clearance: f64) {
        for w in path.points.windows(2) {
            let steps = ((w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]) * 20.0).ceil() as usize;
            for k in 0..=steps {
                let t = k as f64 / steps.max(1) as f64;
                let (x, y) = (
                    w[0][0] + t * (w[1][0] - w[0][0]),
                    w[0][1] + t * (w[1][1] - w[0][1]),
                );
                assert!(
                    x >= 0.0 && y >= 0.0 && x <= grid.width() as f64 && y <= grid.height() as f64
                );
                for cy in 0..grid.height() {
                    for cx in 0..grid.width() {
                        if grid.is_passable(Cell::new(cx, cy)) {
                            continue;
                        }
                        let dx = (cx as f64 - x).max(x - (cx as f64 + 1.0)).max(0.0);
                        let dy = (cy as f64 - y).max(y - (cy as f64 + 1.0)).max(0.0);
                        assert!(
                            dx.hypot(dy) >= clearance,
                            "({x}, {y}) is {} from wall ({cx}, {cy})",
                            dx.hypot(dy)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn graph_paths_keep_the_radius_and_are_no_shorter_than_the_any_angle_optimum() {
        let grid = maze();
        let mesh = NavMesh::from_grid(&grid).unwrap();
        let mut search = AnyAngleSearch::new();
        let centre = |c: Cell| Point::new(c.x as f64 + 0.5, c.y as f64 + 0.5);
        let pairs = [
            (Cell::new(0, 0), Cell::new(19, 7)),
            (Cell::new(2, 2), Cell::new(17, 2)),
            (Cell::new(5, 5), Cell::new(12, 1)),
        ];
        for kind in [GraphKind::Obstacles, GraphKind::Mesh] {
            for &(a, b) in &pairs {
                let best = mesh
                    .find_path(&mut search, centre(a), centre(b))
                    .map(|o| o.into_path())
                    .unwrap()
                    .unwrap()
                    .cost;
                let path = graph_path(&grid, kind, 0.2, a, b).unwrap().unwrap();
                assert_eq!(
                    path.points.first(),
                    Some(&[a.x as f64 + 0.5, a.y as f64 + 0.5])
                );
                assert_eq!(
                    path.points.last(),
                    Some(&[b.x as f64 + 0.5, b.y as f64 + 0.5])
                );
                assert!(
                    path.length >= best - 1e-4,
                    "{kind:?}: {} < {best}",
                    path.length
                );
                // A mesh graph's nodes lie on triangle edges, so it may wander; never absurdly.
                assert!(
                    path.length <= best * 1.5,
                    "{kind:?}: {} vs {best}",
                    path.length
                );
                clear_of_walls(&grid, &path, 0.2 - 1e-4);
            }
        }
    }

    #[test]
    fn a_room_cut_off_has_no_path_and_big_maps_are_refused() {
        let grid = Grid::from_ascii("..#..\n..#..\n..#..").unwrap();
        for kind in [GraphKind::Obstacles, GraphKind::Mesh] {
            assert_eq!(
                graph_path(&grid, kind, 0.1, Cell::new(0, 0), Cell::new(4, 0)).unwrap(),
                None
            );
        }
        let checker = Grid::from_fn(80, 80, |c| u32::from((c.x + c.y) % 2 == 0)).unwrap();
        let err = graph_path(
            &checker,
            GraphKind::Obstacles,
            0.1,
            Cell::new(0, 0),
            Cell::new(2, 0),
        )
        .unwrap_err();
        assert!(
            matches!(err, GraphSearchError::TooManyWalls { .. }),
            "{err}"
        );
    }
}
