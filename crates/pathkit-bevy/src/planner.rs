//! The planner: requests queued, searched on the async compute pool or within a per-frame
//! budget, answered on their entities.

use crate::nav_map::{Answer, NavMap};
use crate::request::{PathFailed, PathFailure, PathReady, PathRequest, PlannedPath};
use crate::request_search::{search_to_end, RequestSearch};
use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::resource::Resource;
use bevy_tasks::{futures::check_ready, AsyncComputeTaskPool, Task};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};

/// How the plugin answers path requests.
///
/// ```
/// use pathkit_bevy::Planning;
///
/// // On a browser build without threads: at most 5,000 expansions a frame.
/// let planning = Planning::Budgeted { expansions: 5_000 };
/// assert_ne!(planning, Planning::Async);
/// ```
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub enum Planning {
    /// The frame's requests go to Bevy's [`AsyncComputeTaskPool`] in batches, one task per
    /// thread of the pool, and are answered in the frame after their batch finishes: no search
    /// ever runs on the main thread.
    Async,
    /// On the main thread, oldest request first, at most `expansions` node expansions per
    /// frame over all requests: for builds without threads (the browser), or to keep every
    /// frame's share of the work fixed. A search the budget cannot finish goes on next frame.
    ///
    /// A search that cannot stop halfway ([`WholeSearch`](crate::WholeSearch): HPA*, the
    /// navmesh) runs whole; what it expands beyond the frame's budget is taken from the next
    /// frames' budgets, so over any run of frames the expansions average to at most the budget.
    Budgeted {
        /// Node expansions per frame, over all requests.
        expansions: u64,
    },
}

impl Default for Planning {
    /// [`Planning::Async`] where threads exist, a budget of 2,000 expansions a frame where they
    /// do not (wasm).
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            Planning::Budgeted { expansions: 2_000 }
        } else {
            Planning::Async
        }
    }
}

/// One entity's search, of `request` on the map as it was at `version`; `ticket` tells its
/// answer from the answer of a search it replaced.
struct Job<M: NavMap> {
    request: PathRequest<M>,
    version: u64,
    ticket: u64,
}

/// Answers of one async task: each entity with the ticket of the search answered.
type Batch<N> = Vec<(Entity, u64, Answer<N>)>;

/// What the planner did in the last frame, for tests, benches and a debug overlay.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub struct PlannerStats {
    /// Node expansions done on the main thread in the last frame (budgeted planning).
    pub expanded: u64,
    /// Searches answered in the last frame.
    pub answered: u64,
    /// Searches waiting or running at the end of the last frame.
    pub pending: u64,
    /// Searches started again because the map changed under them, since the start.
    pub restarted: u64,
    /// Paths queued for re-planning after edits, since the start: each one the edits broke or
    /// could shorten.
    pub replanned: u64,
}

/// Budgeted planning's search under way: its entity and the search.
type Stepping<M> = (Entity, RequestSearch<M>);

/// The planner of one map: the requests waiting or running, and the memory searches reuse.
pub(crate) struct Planner<M: NavMap> {
    jobs: EntityHashMap<Job<M>>,
    /// Budgeted planning: the order requests are searched in, oldest first.
    queue: VecDeque<Entity>,
    /// Budgeted planning: the search under way, its entity and the search.
    stepping: Option<Stepping<M>>,
    /// Budgeted planning's context.
    ctx: M::Context,
    /// Contexts the async tasks take and give back, so a warm planner allocates no records.
    pool: Arc<Mutex<Vec<M::Context>>>,
    /// Async planning: the tasks under way, each answering a batch of the frame's requests.
    batches: Vec<Task<Batch<M::Node>>>,
    /// The next job's ticket.
    next_ticket: u64,
    /// Budgeted planning: expansions run beyond past frames' budgets (by searches that cannot
    /// stop halfway), taken from the next frames' budgets.
    overrun: u64,
}

impl<M: NavMap> Default for Planner<M> {
    fn default() -> Self {
        Planner {
            jobs: EntityHashMap::default(),
            queue: VecDeque::new(),
            stepping: None,
            ctx: M::Context::default(),
            pool: Arc::new(Mutex::new(Vec::new())),
            batches: Vec::new(),
            next_ticket: 0,
            overrun: 0,
        }
    }
}

impl<M: NavMap> Planner<M> {
    /// Asks for a path for `entity`, dropping any search it had under way.
    pub(crate) fn submit(&mut self, entity: Entity, request: PathRequest<M>, version: u64) {
        self.cancel(entity);
        self.next_ticket += 1;
        self.jobs.insert(
            entity,
            Job {
                request,
                version,
                ticket: self.next_ticket,
            },
        );
        self.queue.push_back(entity);
    }

    /// Drops `entity`'s search, if any.
    pub(crate) fn cancel(&mut self, entity: Entity) {
        if self.jobs.remove(&entity).is_some() {
            self.queue.retain(|&e| e != entity);
            if self.stepping.as_ref().is_some_and(|(e, _)| *e == entity) {
                self.stepping = None;
            }
        }
    }

    /// `true` while `entity` has a search waiting or under way.
    pub(crate) fn is_pending(&self, entity: Entity) -> bool {
        self.jobs.contains_key(&entity)
    }

    /// Runs one frame's planning on `map`; the answers, each with its entity.
    pub(crate) fn run(
        &mut self,
        map: &M,
        planning: Planning,
        stats: &mut PlannerStats,
    ) -> Vec<(Entity, Answer<M::Node>)> {
        let mut answers = Vec::new();
        match planning {
            Planning::Async => self.run_async(map, &mut answers),
            Planning::Budgeted { expansions } => {
                self.run_budgeted(map, expansions, stats, &mut answers)
            }
        }
        // An answer searched on an older map is searched again.
        answers.retain(|(entity, _)| {
            let Some(job) = self.jobs.get(entity) else {
                return false;
            };
            if job.version != map.version() {
                stats.restarted += 1;
                let request = job.request.clone();
                self.submit(*entity, request, map.version());
                return false;
            }
            self.jobs.remove(entity);
            true
        });
        stats.answered += answers.len() as u64;
        stats.pending += self.jobs.len() as u64;
        answers
    }

    /// Async planning: the frame's new requests go out in a few batches (one per thread of the
    /// pool), each a task answering its requests one after the other with one pooled context;
    /// the answers of finished batches come back, those of replaced searches dropped.
    fn run_async(&mut self, map: &M, answers: &mut Vec<(Entity, Answer<M::Node>)>) {
        let pool = AsyncComputeTaskPool::get();
        let mut work: Vec<(Entity, u64, PathRequest<M>)> = Vec::new();
        while let Some(entity) = self.queue.pop_front() {
            if let Some(job) = self.jobs.get_mut(&entity) {
                job.version = map.version();
                work.push((entity, job.ticket, job.request.clone()));
            }
        }
        if !work.is_empty() {
            let size = work.len().div_ceil(pool.thread_num().max(1));
            for chunk in work.chunks(size) {
                let (snapshot, contexts, chunk) =
                    (map.clone(), Arc::clone(&self.pool), chunk.to_vec());
                self.batches.push(pool.spawn(async move {
                    let taken = contexts.lock().ok().and_then(|mut free| free.pop());
                    let mut ctx = taken.unwrap_or_default();
                    let batch: Batch<M::Node> = chunk
                        .into_iter()
                        .map(|(entity, ticket, request)| {
                            (entity, ticket, search_to_end(&snapshot, &mut ctx, &request))
                        })
                        .collect();
                    if let Ok(mut free) = contexts.lock() {
                        free.push(ctx);
                    }
                    batch
                }));
            }
        }
        let mut finished = Vec::new();
        self.batches.retain_mut(|task| match check_ready(task) {
            Some(batch) => {
                finished.extend(batch);
                false
            }
            None => true,
        });
        for (entity, ticket, answer) in finished {
            if self.jobs.get(&entity).is_some_and(|j| j.ticket == ticket) {
                answers.push((entity, answer));
            }
        }
        // Deterministic order, whatever order the tasks finished in.
        answers.sort_by_key(|(entity, _)| *entity);
    }

    fn run_budgeted(
        &mut self,
        map: &M,
        budget: u64,
        stats: &mut PlannerStats,
        answers: &mut Vec<(Entity, Answer<M::Node>)>,
    ) {
        // A search the map changed under starts again, first in line.
        if let Some((entity, _)) = self.stepping.as_ref() {
            let entity = *entity;
            if self
                .jobs
                .get(&entity)
                .is_some_and(|j| j.version != map.version())
            {
                self.stepping = None;
                stats.restarted += 1;
                self.queue.push_front(entity);
            }
        }
        // What earlier frames ran over is paid back first. `stats.expanded` counts the frame's
        // expansions on every map: one budget for them all.
        let paid = self.overrun.min(budget.saturating_sub(stats.expanded));
        self.overrun -= paid;
        let budget = budget - paid;
        while stats.expanded < budget {
            if self.stepping.is_none() {
                let Some(entity) = self.queue.pop_front() else {
                    break;
                };
                let Some(job) = self.jobs.get_mut(&entity) else {
                    continue;
                };
                job.version = map.version();
                self.stepping = Some((entity, RequestSearch::new(map, &job.request)));
            }
            let Some((entity, search)) = self.stepping.as_mut() else {
                break;
            };
            let entity = *entity;
            let resumed = search.resume(map, &mut self.ctx, budget - stats.expanded);
            stats.expanded += resumed.expanded;
            if stats.expanded > budget {
                self.overrun += stats.expanded - budget;
            }
            if let Some(answer) = resumed.answer {
                self.stepping = None;
                answers.push((entity, answer));
            }
        }
    }
}

/// The planners of maps of type `M`, one per map, in the order of the maps' entities.
#[derive(Resource)]
pub(crate) struct Planners<M: NavMap> {
    by_map: BTreeMap<Entity, Planner<M>>,
    /// Budgeted planning: which planner goes first this frame (taking turns, so that no map's
    /// requests wait on another's every frame).
    turn: usize,
}

impl<M: NavMap> Default for Planners<M> {
    fn default() -> Self {
        Planners {
            by_map: BTreeMap::new(),
            turn: 0,
        }
    }
}

impl<M: NavMap> Planners<M> {
    /// The planner of the map on `key`, made if it has none yet.
    pub(crate) fn of(&mut self, key: Entity) -> &mut Planner<M> {
        self.by_map.entry(key).or_default()
    }

    /// Drops `entity`'s search on every map.
    pub(crate) fn cancel(&mut self, entity: Entity) {
        for planner in self.by_map.values_mut() {
            planner.cancel(entity);
        }
    }

    /// The maps with a planner, in the order they plan in this frame (a new turn each call).
    pub(crate) fn take_turns(&mut self) -> Vec<Entity> {
        let mut keys: Vec<Entity> = self.by_map.keys().copied().collect();
        if !keys.is_empty() {
            let first = self.turn % keys.len();
            keys.rotate_left(first);
            self.turn = self.turn.wrapping_add(1);
        }
        keys
    }

    /// The entities waiting on map `key`'s planner, which is dropped (its map is gone).
    pub(crate) fn drop_map(&mut self, key: Entity) -> Vec<Entity> {
        self.by_map
            .remove(&key)
            .map(|p| {
                let mut waiting: Vec<Entity> = p.jobs.keys().copied().collect();
                waiting.sort();
                waiting
            })
            .unwrap_or_default()
    }
}

/// The component and the message an answer becomes.
pub(crate) enum Delivery<M: NavMap> {
    /// A path.
    Path(PlannedPath<M>, PathReady),
    /// No path.
    Failure(PathFailure, PathFailed),
}

/// What to put on `entity` for `answer`, searched on the map at `version`.
pub(crate) fn delivery<M: NavMap>(
    entity: Entity,
    answer: Answer<M::Node>,
    version: u64,
) -> Delivery<M> {
    match answer {
        Ok((nodes, cost)) => Delivery::Path(
            PlannedPath {
                nodes,
                cost,
                version,
            },
            PathReady { entity },
        ),
        Err(failure) => Delivery::Failure(failure.clone(), PathFailed { entity, failure }),
    }
}
