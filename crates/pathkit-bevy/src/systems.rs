//! The plugin's systems, in the order [`PathkitSystems`] runs them.

use crate::follower::{Arrived, PathFollower};
use crate::nav_map::{NavMap, Rest};
use crate::planner::{delivery, Delivery, Planner, PlannerStats, Planning};
use crate::request::{PathFailed, PathFailure, PathReady, PathRequest, PlannedPath};
use bevy_ecs::prelude::*;
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

/// Written once a frame in which map `M` was edited: the edits, oldest first.
#[derive(Message)]
pub struct MapEdited<M: NavMap> {
    /// What changed.
    pub edits: Vec<M::Edit>,
}

impl<M: NavMap> Clone for MapEdited<M> {
    fn clone(&self) -> Self {
        MapEdited {
            edits: self.edits.clone(),
        }
    }
}

impl<M: NavMap> std::fmt::Debug for MapEdited<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapEdited")
            .field("edits", &self.edits)
            .finish()
    }
}

/// An agent with a path, and what says where it stands.
type Planned<M> = (
    Entity,
    &'static PathRequest<M>,
    &'static PlannedPath<M>,
    Option<&'static PathFollower>,
    Option<&'static Transform>,
);

/// Drains the map's edits, writes [`MapEdited`], and queues for re-planning the paths they
/// break or may shorten, from where each agent stands.
pub(crate) fn replan_after_edits<M: NavMap>(
    map: Option<ResMut<M>>,
    mut planner: ResMut<Planner<M>>,
    mut stats: ResMut<PlannerStats>,
    mut edited: MessageWriter<MapEdited<M>>,
    agents: Query<Planned<M>>,
    failed: Query<(Entity, &PathRequest<M>), With<PathFailure>>,
) {
    let Some(mut map) = map else {
        return;
    };
    let edits = map.take_edits();
    if edits.is_empty() {
        return;
    }
    let map = &*map;
    // Every path's rest, from where its agent stands, asked about at once.
    let mut rests = Vec::new();
    for (entity, request, path, follower, transform) in &agents {
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
    map.must_replan_each(&paths, &edits, &mut replan);
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
    for (entity, request) in &failed {
        if !planner.is_pending(entity)
            && map.may_now_reach(request.start, &request.goals, &request.rules, &edits)
        {
            planner.submit(entity, request.clone(), map.version());
            stats.replanned += 1;
        }
    }
    edited.write(MapEdited { edits });
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

/// Queues new and changed requests, drops removed ones.
pub(crate) fn take_requests<M: NavMap>(
    map: Option<Res<M>>,
    mut planner: ResMut<Planner<M>>,
    requests: Query<(Entity, &PathRequest<M>), Changed<PathRequest<M>>>,
    mut removed: RemovedComponents<PathRequest<M>>,
) {
    for entity in removed.read() {
        planner.cancel(entity);
    }
    let Some(map) = map else {
        return;
    };
    for (entity, request) in &requests {
        planner.submit(entity, request.clone(), map.version());
    }
}

/// Runs the planner and puts its answers on their entities.
pub(crate) fn plan<M: NavMap>(
    map: Option<Res<M>>,
    planning: Res<Planning>,
    mut planner: ResMut<Planner<M>>,
    mut stats: ResMut<PlannerStats>,
    mut commands: Commands,
    mut ready: MessageWriter<PathReady>,
    mut failed: MessageWriter<PathFailed>,
) {
    let Some(map) = map else {
        return;
    };
    let answers = planner.run(&*map, *planning, &mut stats);
    for (entity, answer) in answers {
        let Ok(mut agent) = commands.get_entity(entity) else {
            continue;
        };
        match delivery::<M>(entity, answer, map.version()) {
            Delivery::Path(path, message) => {
                agent.insert(path).remove::<PathFailure>();
                ready.write(message);
            }
            Delivery::Failure(failure, message) => {
                agent.insert(failure).remove::<PlannedPath<M>>();
                failed.write(message);
            }
        }
    }
}

/// Walks every [`PathFollower`] along its path.
pub(crate) fn follow<M: NavMap>(
    map: Option<Res<M>>,
    time: Option<Res<Time>>,
    mut arrived: MessageWriter<Arrived>,
    mut walkers: Query<(
        Entity,
        &mut Transform,
        &mut PathFollower,
        Ref<PlannedPath<M>>,
    )>,
) {
    let (Some(map), Some(time)) = (map, time) else {
        return;
    };
    let dt = time.delta_secs();
    for (entity, mut transform, mut follower, path) in &mut walkers {
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
