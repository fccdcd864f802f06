//! [`PathkitDebugDrawPlugin`]: the plugin's paths, goals and maps drawn with Bevy's gizmos, as
//! [`DebugDrawConfig`] says.

use crate::draw_map::{DrawMap, MapStyle};
use crate::follower::PathFollower;
use crate::maps::{NavMaps, OnMap};
use crate::nav_map::NavMap;
use crate::request::{PathRequest, PlannedPath};
use crate::systems::PathkitSystems;
use bevy_app::{App, Plugin, Update};
use bevy_color::Color;
use bevy_ecs::entity::EntityHashMap;
use bevy_ecs::prelude::*;
use bevy_gizmos::config::GizmoConfigGroup;
use bevy_gizmos::gizmos::Gizmos;
use bevy_gizmos::{color_from_entity, AppGizmoBuilder};
use bevy_math::{Isometry3d, Vec2, Vec3};
use bevy_reflect::Reflect;
use bevy_transform::components::Transform;
use std::marker::PhantomData;

/// The gizmo group the debug drawing draws in: switch it all off, or set its line width, through
/// Bevy's `GizmoConfigStore`, apart from the app's other gizmos.
///
/// ```
/// use bevy_app::App;
/// use bevy_gizmos::config::GizmoConfigStore;
/// use bevy_gizmos::AppGizmoBuilder;
/// use pathkit_bevy::PathkitGizmos;
///
/// let mut app = App::new();
/// app.init_gizmo_group::<PathkitGizmos>();
/// let mut store = app.world_mut().resource_mut::<GizmoConfigStore>();
/// let (config, _) = store.config_mut::<PathkitGizmos>();
/// config.line.width = 3.0;
/// ```
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct PathkitGizmos;

/// What the debug drawing draws, and in which colours: a resource, read every frame, so that a
/// key can switch a layer on and off.
///
/// ```
/// use bevy_color::Color;
/// use pathkit_bevy::DebugDrawConfig;
///
/// // Paths and goals only, every path in white.
/// let config = DebugDrawConfig { map: false, path_color: Some(Color::WHITE), ..DebugDrawConfig::default() };
/// assert!(config.paths && config.goals && !config.map);
/// ```
#[derive(Resource, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "reflect", derive(Reflect), reflect(Resource))]
pub struct DebugDrawConfig {
    /// Draw the map ([`DrawMap::draw`]): walls, weighted ground, portals, bounds.
    pub map: bool,
    /// Draw every [`PlannedPath`] as a line through its nodes' positions; for an entity with a
    /// [`PathFollower`] and a `Transform`, what it has yet to walk, from where it stands.
    pub paths: bool,
    /// Draw every [`PathRequest`]'s goal as a circle with a cross.
    pub goals: bool,
    /// The map's colours.
    pub map_style: MapStyle,
    /// The paths' colour; `None`: one colour per entity (Bevy's `color_from_entity`), so that
    /// crossing paths are told apart and each goal matches its path.
    pub path_color: Option<Color>,
    /// The goals' colour; `None`: the entity's, as for paths.
    pub goal_color: Option<Color>,
    /// The radius of a goal's circle, in world units (a third of a cell reads well).
    pub goal_radius: f32,
    /// Draw the nodes the search of every entity marked [`ShowExplored`] expanded, as small
    /// squares (`goal_radius` wide).
    pub explored: bool,
    /// The explored nodes' colour.
    pub explored_color: Color,
}

impl Default for DebugDrawConfig {
    /// Everything drawn, paths and goals in their entities' colours, goals a third of a unit
    /// across (cells 1 unit wide; scale it with [`GridMap::with_cell_size`](crate::GridMap::with_cell_size)).
    fn default() -> Self {
        DebugDrawConfig {
            map: true,
            paths: true,
            goals: true,
            map_style: MapStyle::default(),
            path_color: None,
            goal_color: None,
            goal_radius: 0.3,
            explored: true,
            explored_color: Color::srgba(0.6, 0.6, 0.7, 0.5),
        }
    }
}

/// Marks an agent whose search the debug drawing shows: the nodes it expanded
/// ([`NavMap::explored`](crate::NavMap::explored)), searched again each time its path changes,
/// drawn while [`DebugDrawConfig::explored`] is on. Searching again costs what the agent's
/// search cost: mark the few agents being looked at.
///
/// ```
/// use bevy_app::{App, TaskPoolPlugin};
/// use bevy_asset::AssetPlugin;
/// use bevy_gizmos::GizmoPlugin;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{GridMap, PathRequest, PathkitDebugDrawPlugin, PathkitPlugin, Planning, ShowExplored};
///
/// let mut app = App::new();
/// app.add_plugins((TaskPoolPlugin::default(), AssetPlugin::default(), GizmoPlugin));
/// app.add_plugins((
///     PathkitPlugin::<GridMap>::new(Planning::Budgeted { expansions: 500 }),
///     PathkitDebugDrawPlugin::<GridMap>::default(),
/// ));
/// app.world_mut().spawn(GridMap::new(Grid::new(20, 20)?, Diagonal::Never));
/// app.world_mut().spawn((PathRequest::<GridMap>::new(Cell::new(0, 0), Cell::new(19, 5)), ShowExplored));
/// app.update();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "reflect", derive(Reflect), reflect(Component))]
pub struct ShowExplored;

/// Draws the paths, goals and map of map type `M` with Bevy's gizmos every frame, in the
/// [`PathkitGizmos`] group, as the [`DebugDrawConfig`] resource says (inserted with its
/// defaults unless the app has one). Add it next to [`PathkitPlugin::<M>`](crate::PathkitPlugin),
/// one per kind of map.
///
/// It draws in `Update`, after [`PathkitSystems::Follow`]: the frame's answers and moves are
/// drawn the frame they happen. It needs Bevy's `GizmoPlugin` (in `DefaultPlugins` when Bevy's
/// `bevy_gizmos` feature is on) and, to be seen, a renderer for gizmos (`bevy_gizmos_render`).
///
/// ```
/// use bevy_app::{App, TaskPoolPlugin};
/// use bevy_asset::AssetPlugin;
/// use bevy_gizmos::GizmoPlugin;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{DebugDrawConfig, GridMap, PathRequest, PathkitDebugDrawPlugin, PathkitPlugin, Planning};
///
/// let mut app = App::new();
/// // Headless here; a game has these in `DefaultPlugins`.
/// app.add_plugins((TaskPoolPlugin::default(), AssetPlugin::default(), GizmoPlugin));
/// app.add_plugins((
///     PathkitPlugin::<GridMap>::new(Planning::Budgeted { expansions: 500 }),
///     PathkitDebugDrawPlugin::<GridMap>::default(),
/// ));
/// app.world_mut().spawn(GridMap::new(Grid::from_ascii("....\n.##.\n....")?, Diagonal::Never));
/// app.world_mut().spawn(PathRequest::<GridMap>::new(Cell::new(0, 1), Cell::new(3, 1)));
/// app.update();
/// // Switch the map off, keep the paths and goals.
/// app.world_mut().resource_mut::<DebugDrawConfig>().map = false;
/// app.update();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PathkitDebugDrawPlugin<M: DrawMap> {
    map: PhantomData<fn() -> M>,
}

impl<M: DrawMap> Default for PathkitDebugDrawPlugin<M> {
    fn default() -> Self {
        PathkitDebugDrawPlugin { map: PhantomData }
    }
}

impl<M: DrawMap> Plugin for PathkitDebugDrawPlugin<M> {
    fn build(&self, app: &mut App) {
        app.init_gizmo_group::<PathkitGizmos>()
            .init_resource::<DebugDrawConfig>();
        #[cfg(feature = "reflect")]
        app.register_type::<DebugDrawConfig>()
            .register_type::<ShowExplored>();
        app.add_systems(
            Update,
            (
                draw_map::<M>,
                draw_paths::<M>,
                draw_goals::<M>,
                draw_explored::<M>,
            )
                .after(PathkitSystems::Follow),
        );
    }
}

/// Draws every map of type `M`, if the map layer is on.
fn draw_map<M: DrawMap>(
    maps: NavMaps<M>,
    config: Res<DebugDrawConfig>,
    mut gizmos: Gizmos<PathkitGizmos>,
) {
    if config.map {
        for (_, map) in maps.iter() {
            map.draw(&mut gizmos, &config.map_style);
        }
    }
}

/// What an entity walking its path has: its follower (the waypoints left) and where it stands.
type Walker<'a> = Option<(&'a PathFollower, &'a Transform)>;

/// Draws every planned path: through all its nodes, or for a follower from where it stands
/// through the waypoints it has yet to reach.
fn draw_paths<M: DrawMap>(
    maps: NavMaps<M>,
    config: Res<DebugDrawConfig>,
    paths: Query<(Entity, &PlannedPath<M>, Walker, Option<&OnMap>)>,
    mut gizmos: Gizmos<PathkitGizmos>,
) {
    if !config.paths {
        return;
    }
    for (entity, path, walker, on) in &paths {
        let Some(map) = maps.of(on) else {
            continue;
        };
        let color = config
            .path_color
            .unwrap_or_else(|| color_from_entity(entity));
        match walker {
            // The follower turned this path into its waypoints (it has walked this frame).
            Some((follower, transform)) if !follower.waypoints().is_empty() => {
                let rest = follower
                    .waypoints()
                    .get(follower.next_waypoint()..)
                    .unwrap_or_default();
                if !rest.is_empty() {
                    let here = std::iter::once(transform.translation);
                    gizmos.linestrip(here.chain(rest.iter().copied()), color);
                }
            }
            _ => {
                if path.nodes.len() >= 2 {
                    gizmos.linestrip(path.nodes.iter().map(|&n| map.position(n)), color);
                }
            }
        }
    }
}

/// Draws every goal of every request as a circle with a cross (in the XY plane).
fn draw_goals<M: DrawMap>(
    maps: NavMaps<M>,
    config: Res<DebugDrawConfig>,
    requests: Query<(Entity, &PathRequest<M>, Option<&OnMap>)>,
    mut gizmos: Gizmos<PathkitGizmos>,
) {
    if !config.goals {
        return;
    }
    let r = config.goal_radius;
    for (entity, request, on) in &requests {
        let Some(map) = maps.of(on) else {
            continue;
        };
        let color = config
            .goal_color
            .unwrap_or_else(|| color_from_entity(entity));
        for &goal in &request.goals {
            let goal = map.position(goal);
            gizmos.circle(Isometry3d::from_translation(goal), r, color);
            let (a, b) = (Vec3::new(r, r, 0.0) * 0.7, Vec3::new(r, -r, 0.0) * 0.7);
            gizmos.line(goal - a, goal + a, color);
            gizmos.line(goal - b, goal + b, color);
        }
    }
}

/// What [`draw_explored`] keeps between frames: each marked entity's explored nodes, and the
/// memory its searches reuse.
struct ExploredCache<M: NavMap> {
    nodes: EntityHashMap<Vec<M::Node>>,
    ctx: M::Context,
}

impl<M: NavMap> Default for ExploredCache<M> {
    fn default() -> Self {
        ExploredCache {
            nodes: EntityHashMap::default(),
            ctx: M::Context::default(),
        }
    }
}

/// An agent marked [`ShowExplored`]: its path (to see when it changes), its request and its
/// map.
type Marked<'a, M> = (
    Entity,
    Ref<'a, PlannedPath<M>>,
    &'a PathRequest<M>,
    Option<&'a OnMap>,
);

/// Draws the nodes the search of every entity marked [`ShowExplored`] expanded, searching
/// again (from its path's start to the goal it leads to) when its path changes.
fn draw_explored<M: DrawMap>(
    maps: NavMaps<M>,
    config: Res<DebugDrawConfig>,
    marked: Query<Marked<M>, With<ShowExplored>>,
    mut cache: Local<ExploredCache<M>>,
    mut gizmos: Gizmos<PathkitGizmos>,
) {
    if !config.explored {
        return;
    }
    let cache = &mut *cache;
    cache.nodes.retain(|entity, _| marked.contains(*entity));
    let side = Vec2::splat(config.goal_radius);
    for (entity, path, request, on) in &marked {
        let Some(key) = maps.entity_of(on) else {
            continue;
        };
        let Some(map) = maps.get(key) else {
            continue;
        };
        let stale = path.is_changed() || maps.is_changed(key);
        if stale || !cache.nodes.contains_key(&entity) {
            let mut nodes = cache.nodes.remove(&entity).unwrap_or_default();
            match (path.nodes.first(), path.nodes.last()) {
                (Some(&start), Some(&goal)) => {
                    map.explored(&mut cache.ctx, (start, goal), &request.rules, &mut nodes)
                }
                _ => nodes.clear(),
            }
            cache.nodes.insert(entity, nodes);
        }
        for &node in &cache.nodes[&entity] {
            let at = Isometry3d::from_translation(map.position(node));
            gizmos.rect(at, side, config.explored_color);
        }
    }
}
