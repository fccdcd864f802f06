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
