//! The search and the edit rules of a map over a pathkit space with dense indices
//! ([`IndexedSpace`]): the tile, hex, level and graph maps use these, and so can a map of your
//! own.
//!
//! The search is the search core's A* run a step at a time ([`Stepper`]), so a search slices
//! exactly and answers the same path however it is sliced. The edits are [`Edit`]s of nodes.
//!
//! ```
//! use bevy_ecs::prelude::*;
//! use bevy_math::Vec3;
//! use pathkit::grid::{Cell, Grid};
//! use pathkit::search::{SearchContext, Stepper};
//! use pathkit_bevy::{space_search, Edit, NavMap, PathFailure, PathRequest, Rest, Resumed};
//! use std::sync::Arc;
//!
//! /// A four-connected tile map of your own: cells one unit wide, no edits.
//! #[derive(Resource, Clone)]
//! struct Tiles(Arc<Grid>);
//!
//! impl NavMap for Tiles {
//!     type Node = Cell;
//!     type Edit = Edit<Cell>;
//!     type Context = SearchContext<u32>;
//!     type Search = Stepper<Cell, u32>;
//!     type Rules = (); // every agent sees it alike
//!
//!     fn start_search(&self, ctx: &mut Self::Context, start: Cell, goal: Cell, _: &()) -> Result<Self::Search, PathFailure> {
//!         space_search::start(&self.0.four_connected(), ctx, start, goal)
//!     }
//!     fn resume_search(&self, ctx: &mut Self::Context, search: &mut Self::Search, budget: u64) -> Resumed<Cell> {
//!         space_search::resume(&self.0.four_connected(), ctx, search, budget)
//!     }
//!     fn position(&self, cell: Cell) -> Vec3 {
//!         Vec3::new(cell.x as f32 + 0.5, -(cell.y as f32) - 0.5, 0.0)
//!     }
//!     fn node_at(&self, p: Vec3) -> Option<Cell> {
//!         self.0.cell(p.x.floor() as u32, (-p.y).floor() as u32)
//!     }
//!     fn version(&self) -> u64 { 0 }
//!     fn take_edits(&mut self) -> Vec<Edit<Cell>> { Vec::new() }
//!     fn must_replan(&self, rest: &Rest<'_, Cell, ()>, edits: &[Edit<Cell>]) -> bool {
//!         let touched = |cell: Cell, out: &mut Vec<Cell>| { out.clear(); out.push(cell) };
//!         space_search::needs_replanning(&self.0.four_connected(), touched, rest, edits)
//!     }
//!     fn may_now_reach(&self, start: Cell, goals: &[Cell], _: &(), edits: &[Edit<Cell>]) -> bool {
//!         space_search::may_now_reach(&self.0.four_connected(), start, goals, edits)
//!     }
//! }
//!
//! let map = Tiles(Arc::new(Grid::from_ascii("...\n.#.\n...")?));
//! let request = PathRequest::new(Cell::new(0, 1), Cell::new(2, 1));
//! let answer = pathkit_bevy::search_to_end(&map, &mut SearchContext::new(), &request)?;
//! assert_eq!(answer.1, 4.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::nav_map::{Edit, Rest, Resumed};
use crate::request::PathFailure;
use pathkit::search::{
    IndexedSpace, Outcome, SearchContext, SearchOptions, SearchSpace, StepEvent, Stepper,
};
use pathkit::{Cost, Ends, Pathfinder};
use std::collections::HashSet;
use std::fmt::Display;
use std::hash::Hash;

/// What the map's own check of the ends ([`Pathfinder::check_ends`]) rules out before
/// searching.
///
/// # Errors
///
/// The failure the check finds; an end off the map is [`PathFailure::Refused`] with the map's
/// message.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit_bevy::{space_search, PathFailure};
///
/// let grid = Grid::from_ascii(".#.")?;
/// let space = grid.four_connected();
/// assert_eq!(space_search::check_ends(&space, Cell::new(0, 0), Cell::new(2, 0)), Err(PathFailure::Unreachable));
/// assert_eq!(space_search::check_ends(&space, Cell::new(0, 0), Cell::new(1, 0)), Err(PathFailure::GoalBlocked));
/// assert!(matches!(space_search::check_ends(&space, Cell::new(0, 0), Cell::new(9, 0)), Err(PathFailure::Refused(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_ends<P: Pathfinder>(
    finder: &P,
    start: P::Node,
    goal: P::Node,
) -> Result<(), PathFailure>
where
    P::Error: Display,
{
    match finder.check_ends(start, goal) {
        Ok(Ends::StartBlocked) => Err(PathFailure::StartBlocked),
        Ok(Ends::GoalBlocked) => Err(PathFailure::GoalBlocked),
        Ok(Ends::Apart) => Err(PathFailure::Unreachable),
        Ok(Ends::Open) => Ok(()),
        Err(e) => Err(PathFailure::Refused(e.to_string())),
    }
}

/// Sets up an A* search of `space` from `start` to `goal` (after [`check_ends`]), expanding
/// nothing: a [`NavMap::start_search`](crate::NavMap::start_search).
///
/// # Errors
///
/// What [`check_ends`] finds; a search the space refuses is [`PathFailure::Refused`].
pub fn start<N, C, S>(
    space: &S,
    ctx: &mut SearchContext<C>,
    start: N,
    goal: N,
) -> Result<Stepper<N, C>, PathFailure>
where
    N: Copy + Eq + std::fmt::Debug,
    C: Cost,
    S: IndexedSpace<Node = N, Cost = C> + Pathfinder<Node = N, Cost = C>,
    <S as Pathfinder>::Error: Display,
{
    check_ends(space, start, goal)?;
    Stepper::new(ctx, space, start, goal, SearchOptions::new())
        .map_err(|e| PathFailure::Refused(e.to_string()))
}

/// Runs at most `budget` expansions of a search made by [`start`] on the same space and
/// context: a [`NavMap::resume_search`](crate::NavMap::resume_search).
pub fn resume<N, C, S>(
    space: &S,
    ctx: &mut SearchContext<C>,
    search: &mut Stepper<N, C>,
    budget: u64,
) -> Resumed<N>
where
    N: Copy + Eq + std::fmt::Debug,
    C: Cost,
    S: IndexedSpace<Node = N, Cost = C>,
{
    let mut expanded = 0;
    while expanded < budget {
        match search.step(ctx, space) {
            Ok(StepEvent::Expanded(_)) => expanded += 1,
            Ok(StepEvent::Finished(outcome)) => {
                let answer = match outcome {
                    Outcome::Found(path) => Ok((path.nodes, path.cost.to_f64())),
                    _ => Err(PathFailure::Unreachable),
                };
                return Resumed {
                    expanded,
                    answer: Some(answer),
                };
            }
            Err(e) => {
                return Resumed {
                    expanded,
                    answer: Some(Err(PathFailure::Refused(e.to_string()))),
                }
            }
        }
    }
    Resumed {
        expanded,
        answer: None,
    }
}

/// Whether `rest` (the rest of a shortest path of `space` before `edits`, to the nearest of its
/// goals) may no longer be one: a [`NavMap::must_replan`](crate::NavMap::must_replan) for edits
/// of nodes ([`needs_replanning_each`] for many paths at once). `space` is searched under the
/// rest's rules.
///
/// An edit of a node changes only the moves through the nodes `touched_by` it lists (written
/// into its second argument: the node itself, and on a grid whose diagonals may not cut
/// corners the cells around it). A node made dearer or walled can break the rest or make it
/// dearer only if the rest passes through one of them; a node made cheaper or opened can give a
/// shorter path (to any of the goals) only through one of them, and such a path costs at least
/// the space's admissible estimate to that node plus from it to the goal. When neither holds,
/// every path avoiding the touched nodes kept its cost, and the rest is still a shortest path.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit_bevy::{space_search, Edit, Rest};
///
/// let grid = Grid::new(5, 3)?; // the edits already made: none that matter here
/// let space = grid.four_connected();
/// let nodes = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
/// let rest = Rest::to_its_end(&nodes, &());
/// let only = |c: Cell, out: &mut Vec<Cell>| { out.clear(); out.push(c) };
/// let walled = |x, y| Edit { node: Cell::new(x, y), before: Some(1.0), after: None };
/// assert!(space_search::needs_replanning(&space, only, &rest, &[walled(1, 0)]));
/// assert!(!space_search::needs_replanning(&space, only, &rest, &[walled(1, 2)]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn needs_replanning<S, R>(
    space: &S,
    touched_by: impl FnMut(S::Node, &mut Vec<S::Node>),
    rest: &Rest<'_, S::Node, R>,
    edits: &[Edit<S::Node>],
) -> bool
where
    S: SearchSpace,
    S::Node: Hash + Eq,
{
    let mut out = Vec::new();
    needs_replanning_each(space, touched_by, &[*rest], edits, &mut out);
    out[0]
}

/// [`needs_replanning`] for every path of `rests`, into `out` (in order): a
/// [`NavMap::must_replan_each`](crate::NavMap::must_replan_each). The nodes the edits touch are
/// gathered once, so a frame's edits cost one pass over each path however many there are.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit_bevy::{space_search, Edit, Rest};
///
/// let grid = Grid::new(5, 3)?;
/// let space = grid.four_connected();
/// let (top, bottom) = ([Cell::new(0, 0), Cell::new(1, 0)], [Cell::new(0, 2), Cell::new(1, 2)]);
/// let rests = [Rest::to_its_end(&top, &()), Rest::to_its_end(&bottom, &())];
/// let only = |c: Cell, out: &mut Vec<Cell>| { out.clear(); out.push(c) };
/// let walled = Edit { node: Cell::new(1, 2), before: Some(1.0), after: None };
/// let mut out = Vec::new();
/// space_search::needs_replanning_each(&space, only, &rests, &[walled], &mut out);
/// assert_eq!(out, [false, true]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn needs_replanning_each<S, R>(
    space: &S,
    mut touched_by: impl FnMut(S::Node, &mut Vec<S::Node>),
    rests: &[Rest<'_, S::Node, R>],
    edits: &[Edit<S::Node>],
    out: &mut Vec<bool>,
) where
    S: SearchSpace,
    S::Node: Hash + Eq,
{
    // The nodes of dearer edits, as a set; those of cheaper ones, as a list.
    let (mut dearer, mut cheaper) = (HashSet::new(), Vec::new());
    let mut touched = Vec::new();
    for edit in edits {
        touched_by(edit.node, &mut touched);
        if edit.made_dearer() {
            dearer.extend(touched.iter().copied());
        } else if edit.made_cheaper() {
            cheaper.extend(touched.iter().copied());
        }
    }
    out.clear();
    out.extend(rests.iter().map(|rest| {
        let (Some(&from), Some(&goal)) = (rest.nodes.first(), rest.nodes.last()) else {
            return false;
        };
        if rest.nodes.iter().any(|n| dearer.contains(n)) {
            return true;
        }
        if cheaper.is_empty() {
            return false;
        }
        let cost = rest_cost(space, rest.nodes);
        let goals = if rest.goals.is_empty() {
            std::slice::from_ref(&goal)
        } else {
            rest.goals
        };
        cheaper.iter().any(|&t| {
            let to_t = space.heuristic(from, t).to_f64();
            goals
                .iter()
                .any(|&g| to_t + space.heuristic(t, g).to_f64() < cost)
        })
    }));
}

/// The nodes the search of `map` from `start` to `goal` expands, read off the context the map
/// searches with (`closed` gives its search records' closed indices) and mapped to nodes by
/// `node_at`: a [`NavMap::explored`](crate::NavMap::explored) for maps searched on pathkit's
/// contexts.
pub fn explored_by<M: crate::NavMap, I: IntoIterator<Item = usize>>(
    map: &M,
    ctx: &mut M::Context,
    (start, goal): (M::Node, M::Node),
    rules: &M::Rules,
    closed: impl FnOnce(&M::Context) -> I,
    node_at: impl Fn(usize) -> M::Node,
    out: &mut Vec<M::Node>,
) {
    out.clear();
    let request = crate::PathRequest::new(start, goal).with_rules(rules.clone());
    if crate::search_to_end(map, ctx, &request).is_ok() {
        out.extend(closed(ctx).into_iter().map(node_at));
    }
}

/// What `rest` costs on the edited space: the sum of its steps' costs, infinite when a step is
/// gone. Comparing estimates with this cost is sound: a node the edits made cheaper on the rest
/// lowers it, and a node they made dearer or walled on it re-plans the path anyway.
fn rest_cost<S: SearchSpace>(space: &S, rest: &[S::Node]) -> f64
where
    S::Node: PartialEq,
{
    rest.windows(2)
        .map(|pair| {
            let mut cost = f64::INFINITY;
            space.successors(pair[0], |n, c| {
                if n == pair[1] {
                    cost = cost.min(c.to_f64());
                }
            });
            cost
        })
        .sum()
}

/// Whether a request with no path may find one after `edits`: some node opened or made
/// cheaper, and `finder`'s own check of the ends no longer rules out every goal. A
/// [`NavMap::may_now_reach`](crate::NavMap::may_now_reach) for edits of nodes.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit_bevy::{space_search, Edit};
///
/// let grid = Grid::from_ascii("...")?; // the wall at (1, 0) was just opened
/// let opened = [Edit { node: Cell::new(1, 0), before: None, after: Some(1.0) }];
/// assert!(space_search::may_now_reach(&grid.four_connected(), Cell::new(0, 0), &[Cell::new(2, 0)], &opened));
/// assert!(!space_search::may_now_reach(&grid.four_connected(), Cell::new(0, 0), &[Cell::new(2, 0)], &[]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn may_now_reach<P: Pathfinder>(
    finder: &P,
    start: P::Node,
    goals: &[P::Node],
    edits: &[Edit<P::Node>],
) -> bool {
    edits.iter().any(Edit::made_cheaper)
        && goals
            .iter()
            .any(|&goal| matches!(finder.check_ends(start, goal), Ok(Ends::Open)))
}
