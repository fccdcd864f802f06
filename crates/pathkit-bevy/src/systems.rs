//! The plugin's systems, in the order [`PathkitSystems`] runs them.

use crate::follower::{Arrived, PathFollower};
use crate::maps::{NavMaps, OnMap};
use crate::nav_map::{NavMap, Rest};
use crate::planner::{delivery, Delivery, Planner, PlannerStats, Planners, Planning};
use crate::request::{PathFailed, PathFailure, PathReady, PathRequest, PlannedPath};
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_math::{Quat, Vec3};
use bevy_time::Time;
use bevy_transform::components::Transform;

/// The plugin's steps in a frame, in this order, in `Update`: order your own systems against
/// them (edit the map before [`Edits`](Self::Edits), read answers after
/// [`Plan`](Self::Plan)).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathkitSystems {
    /// The map's edits since the last frame: [`MapEdited`], and the paths they affect queued
    /// for re-planning.
    Edits,
    /// New and changed [`PathRequest`]s queued; removed ones dropped.
    Requests,
    /// Searching, and the answers put on their entities.
    Plan,
    /// [`PathFollower`]s moved.
    Follow,
}

/// Written once a frame for each map of type `M` edited in it: the edits, oldest first.
#[derive(Message)]
pub struct MapEdited<M: NavMap> {
    /// The entity of the map edited.
    pub map: Entity,
    /// What changed.
    pub edits: Vec<M::Edit>,
}

impl<M: NavMap> Clone for MapEdited<M> {
    fn clone(&self) -> Self {
        MapEdited {
            map: self.map,
            edits: self.edits.clone(),
        }
    }
}

impl<M: NavMap> std::fmt::Debug for MapEdited<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapEdited")
            .field("map", &self.map)
            .field("edits", &self.edits)
            .finish()
    }
}

/// An agent with a path, and what says where it stands and on which map.
type Planned<M> = (
    Entity,
    &'static PathRequest<M>,
    &'static PlannedPath<M>,
    Option<&'static PathFollower>,
    Option<&'static Transform>,
    Option<&'static OnMap>,
);

/// An agent whose request found no path, and its map.
type Failed<M> = (Entity, &'static PathRequest<M>, Option<&'static OnMap>);

/// Drains every map's edits, writes [`MapEdited`], and queues for re-planning the paths they
/// break or may shorten, from where each agent stands.
pub(crate) fn replan_after_edits<M: NavMap>(
    mut maps: Query<(Entity, &mut M)>,
    mut planners: ResMut<Planners<M>>,
    mut stats: ResMut<PlannerStats>,
    mut edited: MessageWriter<MapEdited<M>>,
    agents: Query<Planned<M>>,
    failed: Query<Failed<M>, With<PathFailure>>,
) {
    // The map of agents without `OnMap`: the one map, if there is one.
    let only = maps.single().ok().map(|(e, _)| e);
    let map_of = |on: Option<&OnMap>| on.map_or(only, |on| Some(on.0));
    for (entity, mut map) in &mut maps {
        // Draining the edits is no change of the map (the edits marked it changed).
        let edits = map.bypass_change_detection().take_edits();
        if edits.is_empty() {
            continue;
        }
        let agents = agents.iter().filter(|a| map_of(a.5) == Some(entity));
        let failed = failed.iter().filter(|f| map_of(f.2) == Some(entity));
        replan_on_map(
            &*map,
            &edits,
            planners.of(entity),
            &mut stats,
            agents,
            failed,
        );
        edited.write(MapEdited { map: entity, edits });
    }
}

/// Queues for re-planning the paths of `agents` on `map` that `edits` may break or beat, and the
/// `failed` requests they may now let through.
fn replan_on_map<'a, M: NavMap>(
    map: &M,
    edits: &[M::Edit],
    planner: &mut Planner<M>,
    stats: &mut PlannerStats,
    agents: impl Iterator<Item = <<Planned<M> as QueryData>::ReadOnly as QueryData>::Item<'a, 'a>>,
    failed: impl Iterator<Item = <<Failed<M> as QueryData>::ReadOnly as QueryData>::Item<'a, 'a>>,
) {
    // Every path's rest, from where its agent stands, asked about at once.
    let mut rests = Vec::new();
    for (entity, request, path, follower, transform, _) in agents {
        if planner.is_pending(entity) {
            continue; // searched again anyway: its answer would be of an older map
        }
        // Where the agent stands: the node of its path nearest to it (the one it is on, when it
        // walks through every node), or the path's start.
        let at = match (follower, transform) {
            (Some(f), _) if f.arrived() => path.nodes.len().saturating_sub(1),
            (Some(_), Some(t)) => nearest_node(map, &path.nodes, t.translation),
            _ => 0,
        };
        let nodes = &path.nodes[at.min(path.nodes.len())..];
        rests.push((
            entity,
            request,
            Rest {
                nodes,
                goals: &request.goals,
                rules: &request.rules,
            },
        ));
    }
    let mut replan = Vec::new();
    let paths: Vec<Rest<'_, M::Node, M::Rules>> = rests.iter().map(|r| r.2).collect();
    map.must_replan_each(&paths, edits, &mut replan);
    for (&(entity, request, rest), replan) in rests.iter().zip(replan) {
        if replan {
            // From where the agent stands, to every goal of its request again.
            let mut again = request.clone();
            again.start = rest.nodes.first().copied().unwrap_or(request.start);
            planner.submit(entity, again, map.version());
            stats.replanned += 1;
        }
    }
    // A request with no path gets one only through something the edits opened, and only when
    // the map's own check of its ends no longer rules it out (a refusal stays one: its ends are
    // off the map).
    for (entity, request, _) in failed {
        if !planner.is_pending(entity)
            && map.may_now_reach(request.start, &request.goals, &request.rules, edits)
        {
            planner.submit(entity, request.clone(), map.version());
            stats.replanned += 1;
        }
    }
}

/// The index of the node of `nodes` nearest to `point` in the world (the first of equals).
fn nearest_node<M: NavMap>(map: &M, nodes: &[M::Node], point: Vec3) -> usize {
    let mut best = (0, f32::INFINITY);
    for (i, &n) in nodes.iter().enumerate() {
        let d = map.position(n).distance_squared(point);
        if d < best.1 {
            best = (i, d);
        }
    }
    best.0
}

/// An agent whose request is new or changed, or which was put on another map.
type AskedAgain<M> = (
    With<PathRequest<M>>,
    Or<(Changed<PathRequest<M>>, Changed<OnMap>)>,
);

/// Queues new and changed requests (and those of agents moved to another map) on their maps,
/// drops removed ones, and fails those with no map at once.
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_requests<M: NavMap>(
    maps: NavMaps<M>,
    mut planners: ResMut<Planners<M>>,
    mut commands: Commands,
    mut failures: MessageWriter<PathFailed>,
    changed: Query<Entity, AskedAgain<M>>,
    requests: Query<(&PathRequest<M>, Option<&OnMap>)>,
    mut removed: RemovedComponents<PathRequest<M>>,
    mut moved: RemovedComponents<OnMap>,
) {
    for entity in removed.read() {
        planners.cancel(entity);
    }
    let mut todo: Vec<Entity> = changed.iter().collect();
    todo.extend(moved.read().filter(|&e| requests.contains(e)));
    todo.sort();
    todo.dedup();
    for entity in todo {
        let Ok((request, on)) = requests.get(entity) else {
            continue;
        };
        planners.cancel(entity);
        match maps.entity_of(on).and_then(|e| Some((e, maps.get(e)?))) {
            Some((key, map)) => planners
                .of(key)
                .submit(entity, request.clone(), map.version()),
            None => {
                let failure = PathFailure::Refused(maps.why_none(on));
                commands
                    .entity(entity)
                    .insert(failure.clone())
                    .remove::<PlannedPath<M>>();
                failures.write(PathFailed { entity, failure });
            }
        }
    }
}

/// Runs every map's planner (one budget a frame for them all, the maps taking turns to go
/// first) and puts the answers on their entities.
pub(crate) fn plan<M: NavMap>(
    maps: NavMaps<M>,
    planning: Res<Planning>,
    mut planners: ResMut<Planners<M>>,
    mut stats: ResMut<PlannerStats>,
    mut commands: Commands,
    mut ready: MessageWriter<PathReady>,
    mut failed: MessageWriter<PathFailed>,
) {
    stats.expanded = 0;
    stats.answered = 0;
    stats.pending = 0;
    let mut deliver = |entity: Entity, delivery: Delivery<M>| {
        let Ok(mut agent) = commands.get_entity(entity) else {
            return;
        };
        match delivery {
            Delivery::Path(path, message) => {
                agent.insert(path).remove::<PathFailure>();
                ready.write(message);
            }
            Delivery::Failure(failure, message) => {
                agent.insert(failure).remove::<PlannedPath<M>>();
                failed.write(message);
            }
        }
    };
    for key in planners.take_turns() {
        let Some(map) = maps.get(key) else {
            // The map is gone: what waited on it has no map.
            for entity in planners.drop_map(key) {
                let gone = Err(PathFailure::Refused("the agent's map was removed".into()));
                deliver(entity, delivery::<M>(entity, gone, 0));
            }
            continue;
        };
        let answers = planners.of(key).run(map, *planning, &mut stats);
        for (entity, answer) in answers {
            deliver(entity, delivery::<M>(entity, answer, map.version()));
        }
    }
}

/// An agent walking its path, and its map.
type Walker<M> = (
    Entity,
    &'static mut Transform,
    &'static mut PathFollower,
    Ref<'static, PlannedPath<M>>,
    Option<&'static OnMap>,
);

/// Walks every [`PathFollower`] along its path.
pub(crate) fn follow<M: NavMap>(
    maps: NavMaps<M>,
    time: Option<Res<Time>>,
    mut arrived: MessageWriter<Arrived>,
    mut walkers: Query<Walker<M>>,
) {
    let Some(time) = time else {
        return;
    };
    let dt = time.delta_secs();
    for (entity, mut transform, mut follower, path, on) in &mut walkers {
        let Some(map) = maps.of(on) else {
            continue;
        };
        if path.is_changed() {
            let smoothed = follower
                .smoothing
                .then(|| map.smoothed(&path.nodes))
                .flatten();
            let nodes = smoothed.as_deref().unwrap_or(&path.nodes);
            follower.waypoints = nodes.iter().map(|&n| map.position(n)).collect();
            follower.next = 0;
            follower.arrived = false;
        }
        if follower.arrived {
            continue;
        }
        let mut left = follower.speed * dt;
        let mut heading = None;
        while follower.next < follower.waypoints.len() {
            let target = follower.waypoints[follower.next].with_z(transform.translation.z);
            let to = target - transform.translation;
            let distance = to.length();
            if distance > 0.0 {
                heading = Some(to / distance);
            }
            if distance > left {
                transform.translation += to / distance * left;
                left = 0.0;
                break;
            }
            transform.translation = target;
            left -= distance;
            follower.next += 1;
        }
        if let Some(direction) = heading {
            turn_towards(&mut transform, direction, follower.turn_rate * dt);
        }
        if follower.next >= follower.waypoints.len() && left >= 0.0 && !follower.arrived {
            follower.arrived = true;
            arrived.write(Arrived { entity });
        }
    }
}

/// Turns `transform` about Z towards facing `direction` (its local +X), by at most `max` radians.
fn turn_towards(transform: &mut Transform, direction: Vec3, max: f32) {
    if direction.truncate().length_squared() == 0.0 {
        return;
    }
    let target = Quat::from_rotation_z(direction.y.atan2(direction.x));
    transform.rotation = transform.rotation.rotate_towards(target, max);
}
