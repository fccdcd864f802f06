//! What the oracles of the plugin's tests share. Each test crate uses a part of it.
#![allow(dead_code)]

pub mod grid_oracle;

/// An entry of a Dijkstra's open list: `BinaryHeap` pops the cheapest first, ties by the key.
#[derive(PartialEq)]
pub struct Cheapest<K>(pub f64, pub K);

impl<K: Ord> Eq for Cheapest<K> {}

impl<K: Ord> PartialOrd for Cheapest<K> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K: Ord> Ord for Cheapest<K> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// Updates until every entity in `agents` has an answer on map `M` (or `frames` run out); the
/// frames it took. A frame waits a millisecond for the task pool's threads, which a busy machine
/// may not run at once: async answers come in real time, not in frames.
pub fn run_until_answered<M: pathkit_bevy::NavMap>(
    app: &mut bevy_app::App,
    agents: &[bevy_ecs::entity::Entity],
    frames: usize,
) -> usize {
    for frame in 1..=frames {
        app.update();
        let world = app.world();
        let done = agents.iter().all(|&e| {
            world.get::<pathkit_bevy::PlannedPath<M>>(e).is_some()
                || world.get::<pathkit_bevy::PathFailure>(e).is_some()
        });
        if done {
            return frame;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("not answered in {frames} frames");
}

/// An app with the task pools and the plugin for `map`, planning as `planning` (no clock:
/// nothing in it follows a path).
pub fn app<M: pathkit_bevy::NavMap>(map: M, planning: pathkit_bevy::Planning) -> bevy_app::App {
    let mut app = bevy_app::App::new();
    app.add_plugins(bevy_app::TaskPoolPlugin::default())
        .add_plugins(pathkit_bevy::PathkitPlugin::<M>::new(planning));
    app.world_mut().spawn(map);
    app
}

/// One agent per pair of `pairs`, asking for a path from the first node to the second: each
/// entity with its ends.
pub fn spawn_requests<M: pathkit_bevy::NavMap>(
    app: &mut bevy_app::App,
    pairs: impl IntoIterator<Item = (M::Node, M::Node)>,
) -> Vec<(bevy_ecs::entity::Entity, M::Node, M::Node)> {
    pairs
        .into_iter()
        .map(|(a, b)| {
            let request = pathkit_bevy::PathRequest::<M>::new(a, b);
            (app.world_mut().spawn(request).id(), a, b)
        })
        .collect()
}

/// The one map of type `M` in `app`'s world.
pub fn map<M: pathkit_bevy::NavMap>(app: &bevy_app::App) -> &M {
    let world = app.world();
    let mut maps = world.try_query::<&M>().expect("no map of this type");
    maps.single(world).expect("one map of this type")
}

/// The one map of type `M` in `app`'s world, to edit.
pub fn map_mut<M: pathkit_bevy::NavMap>(app: &mut bevy_app::App) -> bevy_ecs::world::Mut<'_, M> {
    let world = app.world_mut();
    let mut maps = world.query_filtered::<bevy_ecs::entity::Entity, bevy_ecs::query::With<M>>();
    let entity = maps.single(world).expect("one map of this type");
    world.get_mut::<M>(entity).expect("the map")
}

/// The node expansions `map`'s own search from `start` to `goal` under `rules` takes to its end
/// (0 when it is refused before searching): the count a request's limit is measured against.
pub fn expansions_of<M: pathkit_bevy::NavMap>(
    map: &M,
    (start, goal): (M::Node, M::Node),
    rules: &M::Rules,
) -> u64 {
    let mut ctx = M::Context::default();
    let Ok(mut search) = map.start_search(&mut ctx, start, goal, rules) else {
        return 0;
    };
    let mut count = 0;
    loop {
        let resumed = map.resume_search(&mut ctx, &mut search, u64::MAX);
        count += resumed.expanded;
        if resumed.answer.is_some() {
            return count;
        }
    }
}
