//! # pathkit-bevy
//!
//! [pathkit](https://docs.rs/pathkit-games)'s searches in [Bevy](https://bevy.org) 0.20: spawn a
//! map and put a [`PathRequest`] on an entity, and the plugin answers with a [`PlannedPath`] on
//! the same entity; a [`PathFollower`] walks it.
//!
//! - **No frame spikes.** Searches run on Bevy's async compute pool ([`Planning::Async`], the
//!   default where threads exist), or on the main thread within a budget of node expansions per
//!   frame ([`Planning::Budgeted`], the default in the browser). Both answer the same path.
//! - **Paths that notice edits.** Edit the map through its methods ([`GridMap::block`],
//!   [`NavMeshMap::add_obstacles`], [`GraphMap::remove_connections`]): the plugin writes
//!   [`MapEdited`] and re-plans the paths the map says the edit may break or beat
//!   ([`NavMap::must_replan`]: on a grid, a rest through a cell the edit touches, or an
//!   admissible estimate through it below the rest's cost). Other paths are left alone: they
//!   stay optimal.
//! - **Every map the front door searches.** [`GridMap`], [`HierarchyMap`] (HPA*), [`HexMap`],
//!   [`LevelsMap`], [`GraphMap`] and [`NavMeshMap`] (any-angle); your own through [`NavMap`]
//!   and [`space_search`].
//! - **Goals, rules, maps.** A request may ask for the nearest of several goals
//!   ([`PathRequest::to_nearest`]) under the agent's own rules ([`PathRequest::with_rules`],
//!   [`TerrainRules`] on a grid). Maps are components: a world holds as many as it needs, and
//!   [`OnMap`] says which one an agent plans on.
//! - **A request superseded is dropped.** Changing an entity's request before its answer drops
//!   the old search; only the latest is answered.
//! - **Seen as it plans.** With the feature `gizmos`, `PathkitDebugDrawPlugin` draws every
//!   path, goal and map with Bevy's gizmos, as a `DebugDrawConfig` resource says (the maps
//!   through the `DrawMap` trait).
//!
//! ```
//! use bevy_app::App;
//! use pathkit::grid::{Cell, Diagonal, Grid};
//! use pathkit_bevy::{GridMap, PathRequest, PathkitPlugin, PlannedPath, Planning};
//!
//! let mut app = App::new();
//! app.add_plugins(PathkitPlugin::<GridMap>::new(Planning::Budgeted { expansions: 500 }));
//! app.world_mut().spawn(GridMap::new(Grid::from_ascii("....\n.##.\n....")?, Diagonal::Never));
//! let agent = app.world_mut().spawn(PathRequest::<GridMap>::new(Cell::new(0, 1), Cell::new(3, 1))).id();
//! app.update();
//! let path = app.world().get::<PlannedPath<GridMap>>(agent).unwrap();
//! assert_eq!(path.cost, 5.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The README's examples are compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(feature = "gizmos")]
mod debug_draw;
#[cfg(feature = "gizmos")]
mod draw_map;
mod follower;
mod graph_map;
mod grid_map;
mod grid_search;
mod hex_map;
mod hierarchy_map;
mod levels_map;
mod maps;
mod nav_map;
mod navmesh_map;
mod planner;
mod request;
mod request_search;
pub mod space_search;
mod systems;
mod terrain_rules;
mod tiles;
mod whole_search;

#[cfg(feature = "gizmos")]
pub use debug_draw::{DebugDrawConfig, PathkitDebugDrawPlugin, PathkitGizmos, ShowExplored};
#[cfg(feature = "gizmos")]
pub use draw_map::{DrawMap, MapStyle};
pub use follower::{Arrived, PathFollower};
pub use graph_map::GraphMap;
pub use grid_map::GridMap;
pub use grid_search::{GridContext, GridEngine, GridSearch};
pub use hex_map::HexMap;
pub use hierarchy_map::HierarchyMap;
pub use levels_map::LevelsMap;
pub use maps::{NavMaps, OnMap};
pub use nav_map::{Answer, Edit, NavMap, Rest, Resumed};
pub use navmesh_map::{MeshAgent, MeshSearch, NavMeshMap, ObstacleEdit, ObstacleId};
pub use planner::{PlannerStats, Planning};
pub use request::{PathFailed, PathFailure, PathReady, PathRequest, PlannedPath};
pub use request_search::search_to_end;
pub use systems::{MapEdited, PathkitSystems};
pub use terrain_rules::TerrainRules;
pub use whole_search::WholeSearch;

use bevy_app::{App, Plugin, Update};
use bevy_ecs::schedule::IntoScheduleConfigs;
use std::marker::PhantomData;

/// The plugin for maps of type `M` (add one per kind of map): registers the messages, the
/// planner and its systems, in [`Update`], in the order of [`PathkitSystems`].
///
/// It needs Bevy's task pools for [`Planning::Async`] (`TaskPoolPlugin`, part of
/// `MinimalPlugins` and `DefaultPlugins`) and `TimePlugin` for [`PathFollower`]s.
pub struct PathkitPlugin<M: NavMap> {
    planning: Planning,
    map: PhantomData<fn() -> M>,
}

impl<M: NavMap> PathkitPlugin<M> {
    /// The plugin, answering requests as `planning` says.
    pub fn new(planning: Planning) -> Self {
        PathkitPlugin {
            planning,
            map: PhantomData,
        }
    }
}

impl<M: NavMap> Default for PathkitPlugin<M> {
    /// [`Planning::default`]: async where threads exist, budgeted in the browser.
    fn default() -> Self {
        Self::new(Planning::default())
    }
}

impl<M: NavMap> Plugin for PathkitPlugin<M> {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.planning)
            .init_resource::<PlannerStats>()
            .init_resource::<planner::Planners<M>>()
            .add_message::<PathReady>()
            .add_message::<PathFailed>()
            .add_message::<MapEdited<M>>()
            .add_message::<Arrived>();
        #[cfg(feature = "reflect")]
        app.register_type::<PathFollower>()
            .register_type::<Planning>()
            .register_type::<PlannerStats>()
            .register_type::<PathFailure>();
        app.configure_sets(
            Update,
            (
                PathkitSystems::Edits,
                PathkitSystems::Requests,
                PathkitSystems::Plan,
                PathkitSystems::Follow,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (
                systems::replan_after_edits::<M>.in_set(PathkitSystems::Edits),
                systems::take_requests::<M>.in_set(PathkitSystems::Requests),
                systems::plan::<M>.in_set(PathkitSystems::Plan),
                systems::follow::<M>.in_set(PathkitSystems::Follow),
            ),
        );
    }
}
