//! Which map an agent plans on: [`OnMap`], and [`NavMaps`], the system parameter that finds it.

use crate::nav_map::NavMap;
use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;

/// Puts an agent on the map held by entity `0`, for a world with several maps of one type:
/// floors of a tower, one grid per level loaded, one per agent size.
///
/// An agent without it plans on the one map of its type in the world (with several, its
/// request fails with [`PathFailure::Refused`](crate::PathFailure::Refused), saying so).
/// Changing it, or removing it, plans the agent's request again on its new map.
///
/// ```
/// use bevy_app::App;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{GridMap, OnMap, PathFailure, PathRequest, PathkitPlugin, PlannedPath, Planning};
///
/// let mut app = App::new();
/// app.add_plugins(PathkitPlugin::<GridMap>::new(Planning::Budgeted { expansions: 500 }));
/// let ground = app.world_mut().spawn(GridMap::new(Grid::from_ascii("....")?, Diagonal::Never)).id();
/// let cellar = app.world_mut().spawn(GridMap::new(Grid::from_ascii(".#..")?, Diagonal::Never)).id();
/// let request = PathRequest::<GridMap>::new(Cell::new(0, 0), Cell::new(3, 0));
/// let walker = app.world_mut().spawn((request.clone(), OnMap(ground))).id();
/// let stuck = app.world_mut().spawn((request, OnMap(cellar))).id();
/// app.update();
/// assert_eq!(app.world().get::<PlannedPath<GridMap>>(walker).map(|p| p.cost), Some(3.0));
/// assert_eq!(app.world().get::<PathFailure>(stuck), Some(&PathFailure::Unreachable)); // walled off
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub struct OnMap(pub Entity);

/// The maps of type `M` in the world, for systems: [`of`](Self::of) finds an agent's map as the
/// plugin does.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use pathkit_bevy::{GridMap, NavMap, NavMaps, OnMap, PlannedPath};
///
/// /// Where each agent's path ends, in the world, on whichever map it walks.
/// fn path_ends(maps: NavMaps<GridMap>, agents: Query<(&PlannedPath<GridMap>, Option<&OnMap>)>) {
///     for (path, on) in &agents {
///         if let (Some(map), Some(&last)) = (maps.of(on), path.nodes.last()) {
///             let _end = map.position(last);
///         }
///     }
/// }
/// # bevy_ecs::system::assert_is_system(path_ends);
/// ```
#[derive(SystemParam)]
pub struct NavMaps<'w, 's, M: NavMap> {
    maps: Query<'w, 's, (Entity, Ref<'static, M>)>,
}

impl<M: NavMap> NavMaps<'_, '_, M> {
    /// The map an agent with `on` plans on: the entity's map, or with no `OnMap` the one map of
    /// type `M`; `None` when there is no such map (or several and no `OnMap`).
    pub fn of(&self, on: Option<&OnMap>) -> Option<&M> {
        self.get(self.entity_of(on)?)
    }

    /// The entity of the map an agent with `on` plans on (as [`of`](Self::of)).
    pub fn entity_of(&self, on: Option<&OnMap>) -> Option<Entity> {
        match on {
            Some(on) => self.maps.contains(on.0).then_some(on.0),
            None => self.maps.single().ok().map(|(e, _)| e),
        }
    }

    /// Every map, with its entity.
    pub fn iter(&self) -> impl Iterator<Item = (Entity, &M)> {
        self.maps.iter().map(|(e, map)| (e, map.into_inner()))
    }

    /// The map on `entity`.
    pub fn get(&self, entity: Entity) -> Option<&M> {
        self.maps.get(entity).ok().map(|(_, map)| map.into_inner())
    }

    /// Whether the map on `entity` changed since the system last ran (for the debug drawing).
    #[cfg(feature = "gizmos")]
    pub(crate) fn is_changed(&self, entity: Entity) -> bool {
        self.maps.get(entity).is_ok_and(|(_, map)| map.is_changed())
    }

    /// Why an agent with `on` has no map.
    pub(crate) fn why_none(&self, on: Option<&OnMap>) -> String {
        match (on, self.maps.iter().len()) {
            (Some(on), _) => format!("entity {} holds no map of this type", on.0),
            (None, 0) => "there is no map of this type".into(),
            (None, n) => format!("{n} maps of this type: put OnMap on the agent to say which"),
        }
    }
}
