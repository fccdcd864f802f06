//! pathkit-bevy in a window: units on a 48 x 32 grid, sent with the mouse, walls drawn and
//! erased with the mouse so that the units re-plan, and the plugin's debug drawing on top.
//!
//! Controls: left click on a unit selects it (shift adds it to the selection), left click
//! elsewhere sends the selected units there; right-drag draws walls (starting on a wall, erases
//! them); A selects every unit; G switches the debug drawing on and off, M its map layer; F12
//! saves a screenshot to `pathkit-bevy-demo.png`.
//!
//! `PATHKIT_DEMO_SCRIPT=<file.png>` plays a short script instead of waiting for the mouse
//! (units sent across the map, a wall drawn across their way, a screenshot saved to the file,
//! exit), with the clock stepped a 60th of a second a frame whatever the frame rate, so that
//! the screenshot is the same on a slow machine.

use bevy::ecs::system::SystemParam;
use bevy::gizmos::color_from_entity;
use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Screenshot, ScreenshotCaptured};
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit_bevy::{
    DebugDrawConfig, GridMap, NavMap, PathFollower, PathRequest, PathkitDebugDrawPlugin,
    PathkitGizmos, PathkitPlugin,
};
use std::time::Duration;

const WIDTH: u32 = 48;
const HEIGHT: u32 = 32;
const CELL: f32 = 22.0;
/// Where the map's top-left corner is: the map centred across, a strip left at the top for the
/// help line.
const ORIGIN: Vec2 = Vec2::new(-(WIDTH as f32) * CELL / 2.0, 340.0);
const UNITS: u32 = 6;
const MUD: u32 = 5;

fn main() {
    let script = std::env::var_os("PATHKIT_DEMO_SCRIPT").map(std::path::PathBuf::from);
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.09, 0.1, 0.12)))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "pathkit-bevy demo".into(),
                resolution: (1280, 800).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins((
            PathkitPlugin::<GridMap>::default(),
            PathkitDebugDrawPlugin::<GridMap>::default(),
        ))
        .insert_resource(DebugDrawConfig {
            goal_radius: CELL * 0.35,
            ..default()
        })
        .init_resource::<Tiles>()
        .init_resource::<Painting>()
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            (
                (select_and_send, paint_walls, keys).before(pathkit_bevy::PathkitSystems::Edits),
                // After the units moved this frame: the squares drawn where the sprites are.
                (sync_tiles, draw_selection, draw_help).after(pathkit_bevy::PathkitSystems::Follow),
            ),
        );
    if let Some(path) = script {
        app.insert_resource(Script { path, frame: 0 })
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
                1.0 / 60.0,
            )))
            .add_systems(
                Update,
                play_script.before(pathkit_bevy::PathkitSystems::Edits),
            );
    }
    // The map is an entity's component (a game may hold several, one per level).
    app.world_mut().spawn(
        GridMap::new(level(), Diagonal::NoCornerCutting)
            .with_cell_size(CELL)
            .with_origin(ORIGIN),
    );
    app.run();
}

/// The level: three long walls with gaps, a few pillars, two patches of mud (dearer to cross),
/// the same every run.
fn level() -> Grid {
    let mut grid = Grid::new(WIDTH, HEIGHT).expect("a small grid");
    let mut wall = |x: u32, y: u32| grid.set_weight(Cell::new(x, y), 0).expect("on the grid");
    for y in 0..24 {
        wall(12, y);
    }
    for y in 8..HEIGHT {
        wall(24, y);
    }
    for y in (0..HEIGHT).filter(|y| !(19..23).contains(y)) {
        wall(36, y);
    }
    // Pillars: 2 x 2 blocks where a small generator puts them, away from the walls above.
    let mut seed: u32 = 0x2545_f491;
    for _ in 0..14 {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let x = 3 + (seed >> 8) % (WIDTH - 6);
        let y = 1 + (seed >> 20) % (HEIGHT - 3);
        if [12, 24, 36].iter().any(|&w| x.abs_diff(w) <= 2) {
            continue;
        }
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            wall(x + dx, y + dy);
        }
    }
    for (xs, ys) in [(15..21, 12..20), (27..33, 2..7)] {
        for y in ys {
            for x in xs.clone() {
                grid.set_weight(Cell::new(x, y), MUD).expect("on the grid");
            }
        }
    }
    grid
}

/// A unit the player can select and send.
#[derive(Component)]
struct Unit;

/// A unit the next left click sends.
#[derive(Component)]
struct Selected;

/// The sprite drawn for each cell that is not plain ground (a wall or mud), by cell index, with
/// the weight it was drawn for.
#[derive(Resource, Default)]
struct Tiles(Vec<Option<(Entity, u32)>>);

/// A right-drag under way: whether it walls or opens, and the last point painted.
#[derive(Resource, Default)]
struct Painting(Option<(bool, Vec2)>);

/// The scripted run: where to save the screenshot, the frame reached.
#[derive(Resource)]
struct Script {
    path: std::path::PathBuf,
    frame: u32,
}

fn setup(mut commands: Commands, map: Single<&GridMap>) {
    commands.spawn(Camera2d);
    for i in 0..UNITS {
        let cell = Cell::new(2 + i % 2 * 2, 4 + i * 4);
        let unit = commands
            .spawn((
                Unit,
                Selected,
                PathFollower::new(6.0 * CELL),
                Transform::from_translation(map.position(cell).with_z(2.0)),
            ))
            .id();
        commands.entity(unit).insert(Sprite::from_color(
            color_from_entity(unit),
            Vec2::splat(CELL * 0.7),
        ));
    }
}

/// The selected units, where they stand.
type SelectedUnits<'w, 's> =
    Query<'w, 's, (Entity, &'static Transform), (With<Unit>, With<Selected>)>;

/// The window and the camera: where the cursor points in the world.
#[derive(SystemParam)]
struct Cursor<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
}

impl Cursor<'_, '_> {
    /// The world point under the cursor, if the cursor is in the window.
    fn world(&self) -> Option<Vec2> {
        let cursor = self.windows.single().ok()?.cursor_position()?;
        let (camera, transform) = self.cameras.single().ok()?;
        camera.viewport_to_world_2d(transform, cursor).ok()
    }
}

/// Sends every selected unit towards `goal`: each to the nearest open cell to it that no other
/// unit of the group is sent to, so that they do not pile up on one cell.
fn send_selected(commands: &mut Commands, map: &GridMap, units: &SelectedUnits, goal: Cell) {
    let grid = map.grid();
    let mut taken: Vec<Cell> = Vec::new();
    for (entity, transform) in units {
        let Some(start) = map.node_at(transform.translation.with_z(0.0)) else {
            continue;
        };
        let free = (0..WIDTH.max(HEIGHT) as i64)
            .flat_map(|r| {
                (-r..=r)
                    .flat_map(move |dy| (-r..=r).map(move |dx| (dx, dy)))
                    .filter(move |&(dx, dy)| dx.abs().max(dy.abs()) == r)
            })
            .filter_map(|(dx, dy)| goal.offset(dx, dy))
            .find(|&c| grid.check(c).is_ok() && grid.is_passable(c) && !taken.contains(&c));
        if let Some(cell) = free {
            taken.push(cell);
            commands
                .entity(entity)
                .insert(PathRequest::<GridMap>::new(start, cell));
        }
    }
}

/// Left click: select the unit under the cursor (shift: add it), or send the selection there.
fn select_and_send(
    mut commands: Commands,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    cursor: Cursor,
    map: Single<&GridMap>,
    all: Query<(Entity, &Transform), With<Unit>>,
    selected: SelectedUnits,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(point) = cursor.world() else {
        return;
    };
    let hit = all
        .iter()
        .find(|(_, t)| t.translation.truncate().distance(point) < CELL * 0.5);
    if let Some((unit, _)) = hit {
        if !keys.pressed(KeyCode::ShiftLeft) && !keys.pressed(KeyCode::ShiftRight) {
            for (other, _) in &selected {
                commands.entity(other).remove::<Selected>();
            }
        }
        commands.entity(unit).insert(Selected);
    } else if let Some(goal) = map.node_at(point.extend(0.0)) {
        send_selected(&mut commands, &map, &selected, goal);
    }
}

/// Walls (or opens) the cells along the segment from `from` to `to`, except where a unit stands.
fn paint(map: &mut GridMap, from: Vec2, to: Vec2, wall: bool, occupied: &[Cell]) {
    let steps = (from.distance(to) / (CELL * 0.25)).ceil().max(1.0) as u32;
    for i in 0..=steps {
        let p = from.lerp(to, i as f32 / steps as f32);
        if let Some(cell) = map.node_at(p.extend(0.0)) {
            if occupied.contains(&cell) {
                continue;
            }
            let result = if wall {
                map.block(cell)
            } else {
                map.open(cell)
            };
            result.expect("a cell found on the map is on its grid");
        }
    }
}

/// Right-drag: draws walls, or erases them when the drag starts on a wall.
fn paint_walls(
    buttons: Res<ButtonInput<MouseButton>>,
    cursor: Cursor,
    mut map: Single<&mut GridMap>,
    mut painting: ResMut<Painting>,
    units: Query<&Transform, With<Unit>>,
) {
    if !buttons.pressed(MouseButton::Right) {
        painting.0 = None;
        return;
    }
    let Some(point) = cursor.world() else {
        return;
    };
    let (wall, from) = match painting.0 {
        Some(state) => state,
        None => {
            let Some(cell) = map.node_at(point.extend(0.0)) else {
                return;
            };
            (map.grid().is_passable(cell), point)
        }
    };
    let occupied: Vec<Cell> = units
        .iter()
        .filter_map(|t| map.node_at(t.translation.with_z(0.0)))
        .collect();
    // Only when the cursor moved or the drag starts: no edit (and no re-plan) otherwise.
    if painting.0.is_none() || from != point {
        paint(&mut map, from, point, wall, &occupied);
    }
    painting.0 = Some((wall, point));
}

/// A: select every unit; G: the debug drawing on or off; M: its map layer on or off; F12: a
/// screenshot, saved to `pathkit-bevy-demo.png` in the working directory.
fn keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    units: Query<Entity, With<Unit>>,
    mut store: ResMut<GizmoConfigStore>,
    mut config: ResMut<DebugDrawConfig>,
) {
    if keys.just_pressed(KeyCode::KeyA) {
        for unit in &units {
            commands.entity(unit).insert(Selected);
        }
    }
    if keys.just_pressed(KeyCode::KeyG) {
        let (gizmos, _) = store.config_mut::<PathkitGizmos>();
        gizmos.enabled = !gizmos.enabled;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        config.map = !config.map;
    }
    if keys.just_pressed(KeyCode::F12) {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk("pathkit-bevy-demo.png"));
    }
}

/// Keeps a sprite on every wall (dark) and mud cell (brown), as the map changes.
fn sync_tiles(mut commands: Commands, map: Single<Ref<GridMap>>, mut tiles: ResMut<Tiles>) {
    if !map.is_changed() {
        return;
    }
    let grid = map.grid();
    tiles.0.resize(grid.len(), None);
    for index in 0..grid.len() {
        let weight = grid.weight_at(index);
        let drawn = tiles.0[index];
        if drawn.map(|(_, w)| w) == Some(weight) || (drawn.is_none() && weight == 1) {
            continue;
        }
        if let Some((entity, _)) = drawn {
            commands.entity(entity).despawn();
        }
        tiles.0[index] = (weight != 1).then(|| {
            let color = if weight == 0 {
                Color::srgb(0.32, 0.34, 0.4)
            } else {
                Color::srgb(0.3, 0.22, 0.12)
            };
            let at = map.position(grid.cell_at(index));
            let entity = commands
                .spawn((
                    Sprite::from_color(color, Vec2::splat(CELL)),
                    Transform::from_translation(at.with_z(if weight == 0 { 1.0 } else { 0.0 })),
                ))
                .id();
            (entity, weight)
        });
    }
}

/// A white square around every selected unit (drawn whether the debug drawing is on or not).
fn draw_selection(mut gizmos: Gizmos, selected: Query<&Transform, With<Selected>>) {
    for transform in &selected {
        gizmos.rect_2d(
            Isometry2d::from_translation(transform.translation.truncate()),
            Vec2::splat(CELL * 0.95),
            Color::WHITE,
        );
    }
}

/// The help line, at the top of the window, in the gizmos' stroke font.
fn draw_help(mut gizmos: Gizmos) {
    gizmos.text_2d(
        Isometry2d::from_translation(Vec2::new(0.0, 372.0)),
        "left click: select a unit / send the selected   right drag: walls   \
         A: select all   G: debug drawing   M: map layer",
        13.0,
        Vec2::ZERO,
        Color::srgb(0.85, 0.85, 0.9),
    );
}

/// The scripted run, frame by frame: the units sent east, a wall drawn across their way while
/// they walk (they re-plan round it), a screenshot, exit.
fn play_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut map: Single<&mut GridMap>,
    units: SelectedUnits,
    mut exit: MessageWriter<AppExit>,
) {
    script.frame += 1;
    let at = |x: u32, y: u32| map.position(Cell::new(x, y)).truncate();
    match script.frame {
        10 => send_selected(&mut commands, &map, &units, Cell::new(44, 12)),
        40 => {
            // Close the door in the last wall and open one lower down: every path re-planned.
            let (close, open) = ((at(36, 18), at(36, 23)), (at(36, 27), at(36, 29)));
            paint(&mut map, close.0, close.1, true, &[]);
            paint(&mut map, open.0, open.1, false, &[]);
        }
        130 => {
            let path = script.path.clone();
            let mut save = save_to_disk(path);
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    save(captured);
                    exit.write(AppExit::Success);
                },
            );
        }
        // The screenshot never came: say so rather than hang.
        1000 => {
            error!("no screenshot after 1000 frames");
            exit.write(AppExit::error());
        }
        _ => {}
    }
}
