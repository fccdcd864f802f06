//! The debug drawing (feature `gizmos`, on in the CI's `--all-features` run), checked by what it
//! drew: the app runs headless with Bevy's own gizmo pipeline (`AssetPlugin`, `GizmoPlugin`), and
//! each test reads the lines the frame stored for the `PathkitGizmos` group and compares them
//! with the map's geometry: a path's line through its nodes' positions, a goal's circle around
//! the goal, walls inside their cells, portals between their ends, nothing for a layer
//! switched off.

#![cfg(feature = "gizmos")]

use bevy_app::{App, TaskPoolPlugin};
use bevy_asset::{AssetPlugin, Assets};
use bevy_color::{Alpha, Color, LinearRgba};
use bevy_gizmos::config::DefaultGizmoConfigGroup;
use bevy_gizmos::gizmos::GizmoBuffer;
use bevy_gizmos::{GizmoAsset, GizmoHandles, GizmoPlugin};
use bevy_math::{Vec2, Vec3};
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use pathkit::geometry::{Point, Polygon};
use pathkit::graph::{Direction, NodeGraph, NodeKind};
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::hex::{HexGrid, HexLayout};
use pathkit::hierarchy::{HierarchicalGrid, HierarchyOptions};
use pathkit::levels::{LevelMap, Place, Portal};
use pathkit_bevy::{
    DebugDrawConfig, DrawMap, GraphMap, GridMap, HexMap, HierarchyMap, LevelsMap, MapStyle, NavMap,
    NavMeshMap, PathFollower, PathRequest, PathkitDebugDrawPlugin, PathkitGizmos, PathkitPlugin,
    PlannedPath, Planning, ShowExplored,
};
use std::any::TypeId;
use std::time::Duration;

const WALLS: Color = Color::srgb(1.0, 0.0, 0.0);
const WEIGHTED: Color = Color::srgb(0.0, 1.0, 0.0);
const PORTALS: Color = Color::srgb(0.0, 0.0, 1.0);
const BOUNDS: Color = Color::srgb(0.5, 0.5, 0.5);
const CLUSTERS: Color = Color::srgb(1.0, 0.0, 1.0);
const MESH: Color = Color::srgb(0.25, 0.75, 0.25);
const EXPLORED: Color = Color::srgb(0.3, 0.3, 0.9);
const PATHS: Color = Color::srgb(1.0, 1.0, 0.0);
const GOALS: Color = Color::srgb(0.0, 1.0, 1.0);
const GOAL_RADIUS: f32 = 0.6;

fn style() -> MapStyle {
    MapStyle {
        walls: WALLS,
        weighted: WEIGHTED,
        portals: PORTALS,
        bounds: BOUNDS,
        clusters: CLUSTERS,
        mesh: MESH,
    }
}

/// What a frame drew: segments (line lists) and polylines (line strips), with their colours.
#[derive(Debug, Default)]
struct Drawn {
    segments: Vec<(Vec3, Vec3, LinearRgba)>,
    strips: Vec<(Vec<Vec3>, LinearRgba)>,
}

impl Drawn {
    /// Reads a gizmo buffer: a strip ends at a NaN position, its colour is its first vertex's.
    fn of<C: bevy_gizmos::config::GizmoConfigGroup>(buffer: &GizmoBuffer<C, ()>) -> Self {
        let segments = buffer
            .list_positions
            .chunks(2)
            .zip(buffer.list_colors.chunks(2))
            .map(|(p, c)| (p[0], p[1], c[0]))
            .collect();
        let mut strips = Vec::new();
        let mut current: Vec<Vec3> = Vec::new();
        let mut color = None;
        for (&p, &c) in buffer.strip_positions.iter().zip(&buffer.strip_colors) {
            if p.is_nan() {
                strips.push((std::mem::take(&mut current), color.take().unwrap()));
            } else {
                color.get_or_insert(c);
                current.push(p);
            }
        }
        assert!(current.is_empty(), "a strip without its end marker");
        Drawn { segments, strips }
    }

    /// What the last frame of `app` stored for the `PathkitGizmos` group (nothing when the
    /// group drew nothing: Bevy keeps no asset then).
    fn last_frame(app: &App) -> Self {
        let world = app.world();
        let handle = world
            .resource::<GizmoHandles>()
            .handles()
            .get(&TypeId::of::<PathkitGizmos>())
            .expect("the PathkitGizmos group is registered")
            .clone();
        match handle {
            None => Drawn::default(),
            Some(handle) => {
                let asset = world.resource::<Assets<GizmoAsset>>().get(&handle).unwrap();
                let b = asset.buffer();
                let mut copy = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
                copy.list_positions = b.list_positions.clone();
                copy.list_colors = b.list_colors.clone();
                copy.strip_positions = b.strip_positions.clone();
                copy.strip_colors = b.strip_colors.clone();
                Drawn::of(&copy)
            }
        }
    }

    fn strips_in(&self, color: Color) -> Vec<&Vec<Vec3>> {
        let c = LinearRgba::from(color);
        self.strips
            .iter()
            .filter(|(_, k)| *k == c)
            .map(|(s, _)| s)
            .collect()
    }

    fn segments_in(&self, color: Color) -> Vec<(Vec3, Vec3)> {
        let c = LinearRgba::from(color);
        self.segments
            .iter()
            .filter(|(_, _, k)| *k == c)
            .map(|&(a, b, _)| (a, b))
            .collect()
    }

    /// Every point drawn in `color`.
    fn points_in(&self, color: Color) -> Vec<Vec3> {
        let strips = self.strips_in(color).into_iter().flatten().copied();
        let segments = self
            .segments_in(color)
            .into_iter()
            .flat_map(|(a, b)| [a, b]);
        strips.chain(segments).collect()
    }
}

/// A 10 x 6 grid, cells 2 units wide, its corner away from the origin (so a flipped sign or a
/// forgotten origin shows), a wall across the middle with a gap, two weighted cells.
fn grid_map() -> GridMap {
    let grid = Grid::from_ascii(
        "..........\n\
         ..........\n\
         ....#.....\n\
         ....#.....\n\
         ....#.....\n\
         ..........",
    )
    .unwrap();
    let mut map = GridMap::new(grid, Diagonal::NoCornerCutting)
        .with_cell_size(2.0)
        .with_origin(Vec2::new(-7.0, 5.0));
    map.set_weight(Cell::new(7, 1), 5).unwrap();
    map.set_weight(Cell::new(8, 4), 3).unwrap();
    map.take_edits();
    map
}

fn app(map: GridMap) -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        AssetPlugin::default(),
        GizmoPlugin,
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .add_plugins((
        PathkitPlugin::<GridMap>::new(Planning::Budgeted {
            expansions: 100_000,
        }),
        PathkitDebugDrawPlugin::<GridMap>::default(),
    ))
    .insert_resource(DebugDrawConfig {
        map_style: style(),
        path_color: Some(PATHS),
        goal_color: Some(GOALS),
        goal_radius: GOAL_RADIUS,
        explored_color: EXPLORED,
        ..DebugDrawConfig::default()
    });
    app.world_mut().spawn(map);
    app
}

fn close(a: Vec3, b: Vec3) -> bool {
    a.distance(b) < 1e-4
}

/// The square of `cell` on `map`, as (min, max) corners in XY.
fn cell_square(map: &GridMap, cell: Cell) -> (Vec2, Vec2) {
    let c = map.position(cell).truncate();
    let h = map.cell_size() / 2.0;
    (c - Vec2::splat(h), c + Vec2::splat(h))
}

fn strictly_inside(p: Vec3, (lo, hi): (Vec2, Vec2)) -> bool {
    p.x > lo.x && p.x < hi.x && p.y > lo.y && p.y < hi.y
}

#[test]
fn a_path_is_drawn_through_its_nodes_positions_and_its_goal_around_the_goal() {
    let map = grid_map();
    let (start, goal) = (Cell::new(1, 3), Cell::new(8, 3));
    let mut app = app(map.clone());
    let agent = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(start, goal))
        .id();
    app.update();
    let path = app
        .world()
        .get::<PlannedPath<GridMap>>(agent)
        .unwrap()
        .clone();
    assert!(
        path.nodes.iter().any(|c| c.y < 2),
        "the path goes round the wall"
    );
    let drawn = Drawn::last_frame(&app);

    let lines = drawn.strips_in(PATHS);
    assert_eq!(lines.len(), 1, "one line for the one path");
    let expected: Vec<Vec3> = path.nodes.iter().map(|&n| map.position(n)).collect();
    assert_eq!(lines[0].len(), expected.len(), "a vertex per node");
    for (i, (&got, &want)) in lines[0].iter().zip(&expected).enumerate() {
        assert!(
            close(got, want),
            "vertex {i}: {got} where node {:?} is at {want}",
            path.nodes[i]
        );
    }

    // The goal: a circle of the configured radius around the goal's centre (not the start's),
    // and a cross whose two strokes meet there.
    let at = map.position(goal);
    let circles = drawn.strips_in(GOALS);
    assert_eq!(circles.len(), 1);
    assert!(circles[0].len() >= 16);
    for &p in circles[0] {
        assert!(
            (p.distance(at) - GOAL_RADIUS).abs() < 1e-4,
            "{p} is not on the goal's circle around {at}"
        );
    }
    let strokes = drawn.segments_in(GOALS);
    assert_eq!(strokes.len(), 2);
    for (a, b) in strokes {
        assert!(
            close((a + b) / 2.0, at),
            "a stroke of the cross centred at {}",
            (a + b) / 2.0
        );
        assert!(a.distance(b) > GOAL_RADIUS, "a stroke across the circle");
    }
}

#[test]
fn walls_and_weighted_cells_are_drawn_inside_their_cells_and_the_bounds_around_the_grid() {
    let map = grid_map();
    let mut app = app(map.clone());
    app.update();
    let drawn = Drawn::last_frame(&app);

    let walls: Vec<Cell> = [2, 3, 4].map(|y| Cell::new(4, y)).to_vec();
    let weighted = [Cell::new(7, 1), Cell::new(8, 4)];
    for (color, cells) in [(WALLS, &walls[..]), (WEIGHTED, &weighted[..])] {
        let points = drawn.points_in(color);
        assert!(!points.is_empty());
        // Every point inside one of the cells, and every cell drawn: its own square outline.
        for p in &points {
            assert!(
                cells
                    .iter()
                    .any(|&c| strictly_inside(*p, cell_square(&map, c))),
                "{p} drawn in {color:?} is inside none of {cells:?}"
            );
        }
        for &cell in cells {
            let square = cell_square(&map, cell);
            let outlines = drawn
                .strips_in(color)
                .into_iter()
                .filter(|s| s.iter().all(|&p| strictly_inside(p, square)))
                .count();
            assert_eq!(outlines, 1, "{cell:?} has one outline inside its square");
        }
    }
    // A wall's cross: both diagonals of its cell.
    let crosses = drawn.segments_in(WALLS);
    assert_eq!(crosses.len(), 2 * walls.len());
    for cell in &walls {
        let centre = map.position(*cell);
        let through = crosses
            .iter()
            .filter(|(a, b)| close((*a + *b) / 2.0, centre))
            .count();
        assert_eq!(through, 2, "{cell:?} has its two diagonals");
    }

    // The bounds: the grid's outline, a closed loop through its four corners.
    let bounds = drawn.strips_in(BOUNDS);
    assert_eq!(bounds.len(), 1);
    let (o, w, h) = (Vec3::new(-7.0, 5.0, 0.0), 20.0, 12.0);
    let corners = [
        o,
        o + Vec3::X * w,
        o + Vec3::new(w, -h, 0.0),
        o - Vec3::Y * h,
    ];
    for corner in corners {
        assert!(
            bounds[0].iter().any(|&p| close(p, corner)),
            "the corner {corner} is drawn"
        );
    }
    for &p in bounds[0] {
        assert!(
            corners.iter().any(|&c| close(c, p)),
            "{p} is no corner of the grid"
        );
    }
}

/// A layer's switch in the config.
type Layer = fn(&mut DebugDrawConfig) -> &mut bool;

#[test]
fn a_layer_switched_off_draws_nothing_and_the_others_still_draw() {
    let map = grid_map();
    let mut app = app(map);
    app.world_mut().spawn(PathRequest::<GridMap>::new(
        Cell::new(0, 0),
        Cell::new(9, 5),
    ));
    let layers: [(Layer, &[Color]); 3] = [
        (|c| &mut c.map, &[WALLS, WEIGHTED, BOUNDS]),
        (|c| &mut c.paths, &[PATHS]),
        (|c| &mut c.goals, &[GOALS]),
    ];
    let everything = [WALLS, WEIGHTED, BOUNDS, PATHS, GOALS];
    for (layer, colors) in layers {
        *layer(&mut app.world_mut().resource_mut::<DebugDrawConfig>()) = false;
        app.update();
        let drawn = Drawn::last_frame(&app);
        for color in everything {
            let n = drawn.points_in(color).len();
            if colors.contains(&color) {
                assert_eq!(n, 0, "{color:?} drawn with its layer off");
            } else {
                assert!(n > 0, "{color:?} not drawn with its layer on");
            }
        }
        *layer(&mut app.world_mut().resource_mut::<DebugDrawConfig>()) = true;
    }
    let mut config = app.world_mut().resource_mut::<DebugDrawConfig>();
    (config.map, config.paths, config.goals) = (false, false, false);
    app.update();
    let drawn = Drawn::last_frame(&app);
    assert!(drawn.segments.is_empty() && drawn.strips.is_empty());
}

#[test]
fn a_followers_path_is_drawn_from_where_it_stands_through_the_nodes_it_has_yet_to_reach() {
    let map = grid_map();
    let (start, goal) = (Cell::new(0, 5), Cell::new(9, 5));
    let mut app = app(map.clone());
    let agent = app
        .world_mut()
        .spawn((
            PathRequest::<GridMap>::new(start, goal),
            PathFollower::new(5.0),
            Transform::from_translation(map.position(start)),
        ))
        .id();
    // 100 ms frames at 5 units a second: half a unit a frame, cells 2 units wide.
    for _ in 0..7 {
        app.update();
    }
    let world = app.world();
    let path = world.get::<PlannedPath<GridMap>>(agent).unwrap();
    let here = world.get::<Transform>(agent).unwrap().translation;
    let next = world.get::<PathFollower>(agent).unwrap().next_waypoint();
    assert!(
        next >= 2 && next < path.nodes.len(),
        "walking, past the start: next {next}"
    );
    assert!(
        !close(here, map.position(path.nodes[next - 1])),
        "between two nodes"
    );
    let drawn = Drawn::last_frame(&app);
    let lines = drawn.strips_in(PATHS);
    assert_eq!(lines.len(), 1);
    let expected: Vec<Vec3> = std::iter::once(here)
        .chain(path.nodes[next..].iter().map(|&n| map.position(n)))
        .collect();
    assert_eq!(lines[0].len(), expected.len());
    for (&got, &want) in lines[0].iter().zip(&expected) {
        assert!(close(got, want), "{got} where {want} was expected");
    }
}

#[test]
fn a_hex_map_draws_each_walled_hex_as_a_hexagon_inside_it() {
    for layout in [HexLayout::OddR, HexLayout::EvenQ] {
        let mut map = HexMap::new(HexGrid::new(layout, 6, 5).unwrap())
            .with_size(3.0)
            .with_origin(Vec2::new(4.0, -2.0));
        // Hexes at (column, row) (2, 1) and (1, 3) of the layout.
        let walls = [(2, 1), (1, 3)].map(|(col, row)| map.grid().hex_at(col, row).unwrap());
        for hex in walls {
            map.set_weight(hex, 0).unwrap();
        }
        let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
        map.draw(&mut gizmos, &style());
        let drawn = Drawn::of(&gizmos);
        let outlines: Vec<Vec<Vec3>> = drawn
            .strips_in(WALLS)
            .into_iter()
            .map(|strip| {
                // A closed loop repeats its first corners: keep each corner once.
                let mut corners: Vec<Vec3> = Vec::new();
                for &p in strip {
                    if !corners.iter().any(|&c| close(c, p)) {
                        corners.push(p);
                    }
                }
                corners
            })
            .collect();
        assert_eq!(outlines.len(), walls.len(), "{layout:?}");
        for hex in walls {
            let centre = map.position(hex);
            let corners = outlines
                .iter()
                .find(|c| close(c.iter().sum::<Vec3>() / c.len() as f32, centre))
                .unwrap_or_else(|| panic!("{layout:?}: no outline around {hex:?}"));
            // Six corners, each near the hex's own corner: pulled a little towards the centre,
            // every corner is inside the hex (a hexagon turned by 30 degrees is not).
            assert_eq!(corners.len(), 6, "{layout:?}: a hexagon");
            for &c in corners {
                let d = c.distance(centre);
                assert!(
                    d > 0.85 * map.size() && d < map.size(),
                    "{layout:?}: corner {d} from the centre"
                );
                assert_eq!(
                    map.node_at(centre + (c - centre) * 0.97),
                    Some(hex),
                    "{layout:?}: corner {c} outside {hex:?}"
                );
            }
        }
    }
}

#[test]
fn a_levels_map_draws_each_floors_walls_at_its_height_and_portals_between_their_ends() {
    let floors = vec![
        Grid::from_ascii("....\n.#..\n....").unwrap(),
        Grid::from_ascii("..#.\n....\n....").unwrap(),
    ];
    let mut levels = LevelMap::new(floors).unwrap();
    let stairs = Portal {
        from: Place::new(0, 3, 2),
        to: Place::new(1, 0, 2),
        cost: 2.0,
        two_way: true,
    };
    let lift = Portal {
        from: Place::new(0, 0, 0),
        to: Place::new(1, 3, 0),
        cost: 1.0,
        two_way: true,
    };
    levels.add_portal(stairs).unwrap();
    let lift_id = levels.add_portal(lift).unwrap();
    let mut map = LevelsMap::new(levels, Diagonal::NoCornerCutting)
        .with_cell_size(2.0)
        .with_floor_height(5.0)
        .with_origin(Vec2::new(1.0, 1.0));
    map.set_portal_enabled(lift_id, false).unwrap();
    let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
    map.draw(&mut gizmos, &style());
    let drawn = Drawn::of(&gizmos);

    // Walls: (0, 1, 1) and (1, 2, 0), each inside its square at its floor's height.
    let walls = [Place::new(0, 1, 1), Place::new(1, 2, 0)];
    let points = drawn.points_in(WALLS);
    assert!(!points.is_empty());
    for p in points {
        let inside = walls.iter().any(|&w| {
            let c = map.position(w);
            let h = map.cell_size() / 2.0;
            (p.z - c.z).abs() < 1e-4 && (p.x - c.x).abs() < h && (p.y - c.y).abs() < h
        });
        assert!(inside, "{p} is inside no wall's square on its floor");
    }
    for w in walls {
        let z = w.floor as f32 * 5.0;
        assert!(drawn.strips_in(WALLS).iter().any(|s| s
            .iter()
            .all(|p| (p.z - z).abs() < 1e-4 && map.node_at(*p) == Some(w))));
    }
    // Two bounds, one per floor, at their heights.
    let bounds = drawn.strips_in(BOUNDS);
    assert_eq!(bounds.len(), 2);
    for (floor, b) in bounds.iter().enumerate() {
        assert!(b.iter().all(|p| (p.z - floor as f32 * 5.0).abs() < 1e-4));
    }
    // Portals: the stairs in the portal colour, the lift switched off faint, each between its ends.
    let on = drawn.segments_in(PORTALS);
    assert_eq!(on.len(), 1);
    assert!(close(on[0].0, map.position(stairs.from)) && close(on[0].1, map.position(stairs.to)));
    let faint = LinearRgba::from(PORTALS.with_alpha(0.25));
    let off: Vec<_> = drawn.segments.iter().filter(|s| s.2 == faint).collect();
    assert_eq!(off.len(), 1);
    assert!(close(off[0].0, map.position(lift.from)) && close(off[0].1, map.position(lift.to)));
}

/// The corners of a closed strip, each once.
fn corners_of(strip: &[Vec3]) -> Vec<Vec3> {
    let mut corners: Vec<Vec3> = Vec::new();
    for &p in strip {
        if !corners.iter().any(|&c| close(c, p)) {
            corners.push(p);
        }
    }
    corners
}

/// Whether two closed outlines have the same corners.
fn same_corners(a: &[Vec3], b: &[Vec3]) -> bool {
    a.len() == b.len() && a.iter().all(|p| b.iter().any(|&q| close(*p, q)))
}

#[test]
fn a_hierarchy_map_draws_every_cluster_on_the_cell_lines_around_it() {
    let hierarchy = HierarchicalGrid::eight_connected(
        Grid::new(32, 20).unwrap(),
        HierarchyOptions::new().cluster_size(8),
    )
    .unwrap();
    let map = HierarchyMap::new(hierarchy)
        .with_cell_size(2.0)
        .with_origin(Vec2::new(-5.0, 3.0));
    let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
    map.draw(&mut gizmos, &style());
    let drawn = Drawn::of(&gizmos);
    let outlines: Vec<Vec<Vec3>> = drawn
        .strips_in(CLUSTERS)
        .into_iter()
        .map(|s| corners_of(s))
        .collect();
    let rects: Vec<_> = map.hierarchy().cluster_rects(1).collect();
    assert_eq!(outlines.len(), rects.len());
    for rect in rects {
        // The outer corners of the cluster's corner cells.
        let (first, last) = (
            Cell::new(rect.x, rect.y),
            Cell::new(rect.x + rect.width - 1, rect.y + rect.height - 1),
        );
        let half = Vec3::new(1.0, -1.0, 0.0); // half a cell, right and down
        let (tl, br) = (map.position(first) - half, map.position(last) + half);
        let want = [
            tl,
            Vec3::new(br.x, tl.y, 0.0),
            br,
            Vec3::new(tl.x, br.y, 0.0),
        ];
        assert!(
            outlines.iter().any(|o| same_corners(o, &want)),
            "no outline for {rect:?}"
        );
    }
}

#[test]
fn a_navmesh_map_draws_every_triangle_and_every_obstacle() {
    let p = Point::new;
    let mut map = NavMeshMap::new(0.5, p(0.0, 0.0), p(20.0, 12.0)).unwrap();
    let obstacles = [
        Polygon::new(vec![p(4.0, 2.0), p(7.0, 2.0), p(7.0, 9.0), p(4.0, 9.0)]),
        Polygon::new(vec![p(12.0, 5.0), p(16.0, 4.0), p(14.0, 10.0)]),
    ];
    map.add_obstacles(obstacles.clone()).unwrap();
    let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
    map.draw(&mut gizmos, &style());
    let drawn = Drawn::of(&gizmos);
    let at = |q: Point| map.position(q);
    let triangles: Vec<Vec<Vec3>> = drawn
        .strips_in(MESH)
        .into_iter()
        .map(|s| corners_of(s))
        .collect();
    assert_eq!(triangles.len(), map.mesh().triangle_count());
    for k in 0..map.mesh().triangle_count() {
        let want = map.mesh().triangle(k).unwrap().map(at);
        assert!(
            triangles.iter().any(|t| same_corners(t, &want)),
            "triangle {k} not drawn"
        );
    }
    let walls: Vec<Vec<Vec3>> = drawn
        .strips_in(WALLS)
        .into_iter()
        .map(|s| corners_of(s))
        .collect();
    assert_eq!(walls.len(), obstacles.len());
    for o in &obstacles {
        let want: Vec<Vec3> = o.points().iter().map(|&q| at(q)).collect();
        assert!(
            walls.iter().any(|w| same_corners(w, &want)),
            "{o:?} not drawn"
        );
    }
}

#[test]
fn a_graph_map_draws_every_connection_between_its_nodes() {
    let mut graph = NodeGraph::new();
    let n: Vec<_> = [(0.0, 0.0), (4.0, 1.0), (8.0, -2.0), (3.0, 6.0)]
        .into_iter()
        .map(|(x, y)| graph.add_node(NodeKind::Point2(x, y)))
        .collect();
    graph
        .add_connections(n[0], &[n[1], n[3]], Direction::BothWays)
        .unwrap();
    graph
        .add_connections(n[1], &[n[2]], Direction::OneWay)
        .unwrap();
    let map = GraphMap::new(graph);
    let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
    map.draw(&mut gizmos, &style());
    let drawn = Drawn::of(&gizmos);
    let mut lines = drawn.segments_in(MESH);
    let want = [(0, 1), (1, 0), (0, 3), (3, 0), (1, 2)];
    assert_eq!(lines.len(), want.len());
    for (a, b) in want {
        let (from, to) = (map.position(n[a]), map.position(n[b]));
        let k = lines
            .iter()
            .position(|&(p, q)| close(p, from) && close(q, to))
            .unwrap_or_else(|| panic!("no line {a} -> {b}"));
        lines.remove(k);
    }
}

#[test]
fn a_marked_agents_explored_cells_are_drawn_and_no_one_elses() {
    let map = grid_map();
    let mut app = app(map.clone());
    let (a, b) = (Cell::new(0, 3), Cell::new(9, 3));
    app.world_mut()
        .spawn((PathRequest::<GridMap>::new(a, b), ShowExplored));
    // Not marked: its search is not drawn.
    app.world_mut().spawn(PathRequest::<GridMap>::new(
        Cell::new(0, 0),
        Cell::new(9, 5),
    ));
    app.update();
    let drawn = Drawn::last_frame(&app);
    let centres: Vec<Vec3> = drawn
        .strips_in(EXPLORED)
        .into_iter()
        .map(|s| {
            let corners = corners_of(s);
            corners.iter().sum::<Vec3>() / corners.len() as f32
        })
        .collect();
    // The cells the same search expands, read off pathkit's context.
    let space = map
        .grid()
        .space(Diagonal::NoCornerCutting, 1.0, std::f64::consts::SQRT_2)
        .unwrap();
    let mut ctx = pathkit::search::SearchContext::new();
    let found = pathkit::Pathfinder::find_path(&space, &mut ctx, a, b).unwrap();
    assert!(found.is_found());
    let cells: Vec<Cell> = ctx
        .closed_indices()
        .map(|i| map.grid().cell_at(i))
        .collect();
    assert!(cells.len() > 10);
    assert_eq!(centres.len(), cells.len());
    for cell in cells {
        let at = map.position(cell);
        assert!(centres.iter().any(|&c| close(c, at)), "{cell:?} not drawn");
    }
    // Switched off, nothing.
    app.world_mut().resource_mut::<DebugDrawConfig>().explored = false;
    app.update();
    assert!(Drawn::last_frame(&app).strips_in(EXPLORED).is_empty());
}
