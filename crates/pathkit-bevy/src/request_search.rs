//! [`RequestSearch`]: the search of a whole [`PathRequest`], its goals one after the other.

use crate::nav_map::{Answer, NavMap, Resumed};
use crate::request::{PathFailure, PathRequest};

/// The search of a [`PathRequest`]: each goal searched in turn on the map's own search, nearest
/// first by [`NavMap::estimate`], until no goal left can beat the cheapest path found. Both ways
/// of planning run it through [`resume`](Self::resume), so they answer the same path.
pub(crate) struct RequestSearch<M: NavMap> {
    start: M::Node,
    rules: M::Rules,
    /// The goals not searched yet with their estimates and places in the request, the nearest
    /// last (popped first): by estimate, then by place.
    waiting: Vec<(f64, usize, M::Node)>,
    /// The goal under search (its place in the request) and its search.
    current: Option<(usize, M::Search)>,
    /// The cheapest path found so far, and the place of its goal in the request.
    best: Option<(usize, Vec<M::Node>, f64)>,
    /// The gravest failure of the goals searched.
    failure: Option<PathFailure>,
    /// The request's limit of expansions, and what its searches have expanded so far.
    limit: Option<u64>,
    spent: u64,
}

impl<M: NavMap> RequestSearch<M> {
    /// The search of `request` on `map`, nothing searched yet.
    pub(crate) fn new(map: &M, request: &PathRequest<M>) -> Self {
        // Estimates order goals and skip them: one goal needs none (most requests).
        let several = request.goals.len() > 1;
        let estimate = |goal| {
            if several {
                map.estimate(request.start, goal, &request.rules)
            } else {
                0.0
            }
        };
        let mut waiting: Vec<(f64, usize, M::Node)> = request
            .goals
            .iter()
            .enumerate()
            .map(|(i, &goal)| (estimate(goal), i, goal))
            .collect();
        // Nearest last; a NaN estimate sorts as the farthest (searched last, never skipped
        // wrongly: no cost is below it).
        waiting.sort_by(|a, b| {
            let far = |e: f64| if e.is_nan() { f64::INFINITY } else { e };
            far(b.0).total_cmp(&far(a.0)).then(b.1.cmp(&a.1))
        });
        let failure = request
            .goals
            .is_empty()
            .then(|| PathFailure::Refused("the request has no goal".into()));
        RequestSearch {
            start: request.start,
            rules: request.rules.clone(),
            waiting,
            current: None,
            best: None,
            failure,
            limit: request.limit,
            spent: 0,
        }
    }

    /// Runs at most `budget` more node expansions (more if a search that cannot stop halfway
    /// overruns it, as [`NavMap::resume_search`] says), the answer once every goal that could
    /// beat the best path has been searched.
    pub(crate) fn resume(
        &mut self,
        map: &M,
        ctx: &mut M::Context,
        budget: u64,
    ) -> Resumed<M::Node> {
        let mut expanded = 0u64;
        loop {
            if self.current.is_none() && !self.start_next(map, ctx) {
                return Resumed {
                    expanded,
                    answer: Some(self.answer()),
                };
            }
            if expanded >= budget {
                return Resumed {
                    expanded,
                    answer: None,
                };
            }
            let Some((place, search)) = self.current.as_mut() else {
                continue;
            };
            let place = *place;
            let left = self
                .limit
                .map_or(u64::MAX, |l| l.saturating_sub(self.spent));
            let resumed = map.resume_search(ctx, search, (budget - expanded).min(left));
            expanded = expanded.saturating_add(resumed.expanded);
            self.spent = self.spent.saturating_add(resumed.expanded);
            let over = self.limit.is_some_and(|l| self.spent > l);
            let at_limit = self.limit.is_some_and(|l| self.spent >= l);
            match resumed.answer {
                // A search that could not stop halfway went over the limit: given up all the
                // same, as a search stopped at the limit would have.
                Some(_) if over => return self.give_up(expanded),
                Some(answer) => {
                    self.current = None;
                    self.record(place, answer);
                }
                None if at_limit => return self.give_up(expanded),
                None => {
                    return Resumed {
                        expanded,
                        answer: None,
                    }
                }
            }
        }
    }

    /// The request given up at its limit of expansions.
    fn give_up(&mut self, expanded: u64) -> Resumed<M::Node> {
        self.current = None;
        self.waiting.clear();
        Resumed {
            expanded,
            answer: Some(Err(PathFailure::LimitReached)),
        }
    }

    /// Starts the search of the next goal that may beat the best path; `false` when none is
    /// left.
    fn start_next(&mut self, map: &M, ctx: &mut M::Context) -> bool {
        while let Some((estimate, place, goal)) = self.waiting.pop() {
            if let Some((best_place, _, best_cost)) = &self.best {
                // The rest are no nearer (by estimate, then place): none can beat the best.
                if estimate > *best_cost || (estimate == *best_cost && place > *best_place) {
                    self.waiting.clear();
                    return false;
                }
            }
            match map.start_search(ctx, self.start, goal, &self.rules) {
                Ok(search) => {
                    self.current = Some((place, search));
                    return true;
                }
                Err(failure) => self.record(place, Err(failure)),
            }
        }
        false
    }

    /// Keeps `answer`, the answer for the goal at `place`, if it is the best so far.
    fn record(&mut self, place: usize, answer: Answer<M::Node>) {
        match answer {
            Ok((nodes, cost)) => {
                let better = match &self.best {
                    None => true,
                    Some((best_place, _, best_cost)) => {
                        cost < *best_cost || (cost == *best_cost && place < *best_place)
                    }
                };
                if better {
                    self.best = Some((place, nodes, cost));
                }
            }
            Err(failure) => {
                if self
                    .failure
                    .as_ref()
                    .is_none_or(|kept| gravity(&failure) > gravity(kept))
                {
                    self.failure = Some(failure);
                }
            }
        }
    }

    /// The answer once the search is over: the best path, or the gravest failure.
    fn answer(&mut self) -> Answer<M::Node> {
        match (self.best.take(), self.failure.take()) {
            (Some((_, nodes, cost)), _) => Ok((nodes, cost)),
            (None, Some(failure)) => Err(failure),
            (None, None) => Err(PathFailure::Refused("the request has no goal".into())),
        }
    }
}

/// How much a failure says of the request as a whole: a refusal (bad input) above a walled start
/// (no goal can be reached) above goals apart above a walled goal.
fn gravity(failure: &PathFailure) -> u8 {
    match failure {
        PathFailure::Refused(_) | PathFailure::LimitReached => 3,
        PathFailure::StartBlocked => 2,
        PathFailure::Unreachable => 1,
        PathFailure::GoalBlocked => 0,
    }
}

/// Answers `request` on `map` to the end: what async planning does on the pool's threads,
/// through the same calls budgeted planning makes a slice a frame.
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{search_to_end, GridMap, PathRequest};
///
/// let map = GridMap::new(Grid::from_ascii("...\n.#.\n...")?, Diagonal::Never);
/// let request = PathRequest::new(Cell::new(0, 0), Cell::new(2, 2));
/// let (nodes, cost) = search_to_end(&map, &mut Default::default(), &request)?;
/// assert_eq!((nodes.len(), cost), (5, 4.0));
///
/// // The nearer of two goals.
/// let request = PathRequest::to_nearest(Cell::new(0, 0), [Cell::new(2, 2), Cell::new(0, 2)]);
/// let (nodes, cost) = search_to_end(&map, &mut Default::default(), &request)?;
/// assert_eq!((nodes.last(), cost), (Some(&Cell::new(0, 2)), 2.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The request's [`PathFailure`].
pub fn search_to_end<M: NavMap>(
    map: &M,
    ctx: &mut M::Context,
    request: &PathRequest<M>,
) -> Answer<M::Node> {
    let mut search = RequestSearch::new(map, request);
    loop {
        if let Some(answer) = search.resume(map, ctx, u64::MAX).answer {
            return answer;
        }
    }
}
