//! [`NavMap`]: what the plugin needs of a map.

use crate::request::PathFailure;
use bevy_ecs::component::{Component, Mutable};
use bevy_math::Vec3;
use std::fmt::Debug;

/// What a search answers: the path (start first, goal last) and its cost, or why there is none.
pub type Answer<N> = Result<(Vec<N>, f64), PathFailure>;

/// What a [`NavMap::resume_search`] call did: the node expansions it spent, and the answer once
/// the search is over.
#[derive(Clone, Debug, PartialEq)]
pub struct Resumed<N> {
    /// Node expansions run by this call.
    pub expanded: u64,
    /// The answer, once the search is over; `None` while it goes on.
    pub answer: Option<Answer<N>>,
}

/// A map agents plan on, a component of an entity (a world may hold several of one type; an
/// agent's [`OnMap`](crate::OnMap) says which): how it is searched, where its nodes are in the
/// world, and what its edits since the last frame change.
///
/// The plugin searches a *snapshot* of the map ([`Clone`], which should be cheap: keep the map's
/// data behind an [`Arc`](std::sync::Arc)), so a search running on another thread never sees an
/// edit halfway; an edit while a search runs makes the plugin search again.
///
/// Ready-made: [`GridMap`](crate::GridMap) (A* or Jump Point Search),
/// [`HierarchyMap`](crate::HierarchyMap) (HPA*), [`HexMap`](crate::HexMap),
/// [`LevelsMap`](crate::LevelsMap), [`GraphMap`](crate::GraphMap) (GameplayKit's node graph) and
/// [`NavMeshMap`](crate::NavMeshMap) (any-angle paths among obstacles). A map of your own over a
/// pathkit space with dense indices implements the search and the edits in a few lines with
/// [`space_search`](crate::space_search).
///
/// Searching is two calls, so that one search serves both ways of planning:
/// [`Planning::Async`](crate::Planning::Async) resumes a search without limit on another thread,
/// [`Planning::Budgeted`](crate::Planning::Budgeted) resumes it a slice a frame on the main
/// thread, and both answer the same path.
pub trait NavMap: Component<Mutability = Mutable> + Clone {
    /// A place a path passes through.
    type Node: Copy + PartialEq + Debug + Send + Sync + 'static;
    /// One change to the map, as [`take_edits`](Self::take_edits) reports it.
    type Edit: Clone + Debug + Send + Sync + 'static;
    /// The memory searches reuse (one per thread).
    type Context: Default + Send + Sync + 'static;
    /// A search under way, kept between frames by budgeted planning (it borrows nothing: the
    /// map and the context are passed to every call).
    type Search: Send + Sync + 'static;
    /// How one agent sees the map, carried by its [`PathRequest`](crate::PathRequest): the
    /// terrain it may enter and at what cost ([`TerrainRules`](crate::TerrainRules) on a
    /// [`GridMap`](crate::GridMap)); `()` for a map every agent sees alike. The default is the
    /// map's own rules.
    type Rules: Clone + Debug + Default + PartialEq + Send + Sync + 'static;

    /// Sets up a search from `start` to `goal` under `rules`, expanding nothing; what the map can
    /// tell without searching (a walled end, ends in different parts, an end off the map) is an
    /// error at once.
    ///
    /// # Errors
    ///
    /// The [`PathFailure`] known without searching.
    fn start_search(
        &self,
        ctx: &mut Self::Context,
        start: Self::Node,
        goal: Self::Node,
        rules: &Self::Rules,
    ) -> Result<Self::Search, PathFailure>;

    /// A lower bound of what a path from `from` to `to` costs under `rules` (the search's
    /// admissible heuristic): a request with several goals searches them nearest first by it,
    /// and skips those it proves cannot beat the path found. The default, 0, is always safe
    /// and searches every goal.
    fn estimate(&self, from: Self::Node, to: Self::Node, rules: &Self::Rules) -> f64 {
        let _ = (from, to, rules);
        0.0
    }

    /// Runs at most `budget` more node expansions of `search` (started on this map with this
    /// context). A search that cannot stop halfway (HPA*, the navmesh's any-angle search) runs
    /// to its end in one call and reports what it expanded, which may be more than `budget`.
    fn resume_search(
        &self,
        ctx: &mut Self::Context,
        search: &mut Self::Search,
        budget: u64,
    ) -> Resumed<Self::Node>;

    /// Where `node` is in the world (a cell's centre).
    fn position(&self, node: Self::Node) -> Vec3;

    /// The node at a point of the world, if the point is on the map.
    fn node_at(&self, position: Vec3) -> Option<Self::Node>;

    /// Counts the edits made so far: it changes whenever the map does.
    fn version(&self) -> u64;

    /// The edits made since the last call, oldest first (the plugin drains them once a frame).
    fn take_edits(&mut self) -> Vec<Self::Edit>;

    /// Whether `rest`, the rest of a shortest path (from where its agent stands to the nearest
    /// of its goals) before `edits`, may no longer be a shortest path on the map as it is now:
    /// broken, dearer, or beaten by a way the edits opened (to any of its goals). `false` must
    /// mean it is still a shortest path; the plugin re-plans the paths this answers `true` for,
    /// and leaves the others alone.
    fn must_replan(&self, rest: &Rest<'_, Self::Node, Self::Rules>, edits: &[Self::Edit]) -> bool;

    /// [`must_replan`](Self::must_replan) for every path of `rests`, written into `out` in
    /// order: the plugin asks once a frame for every path. Override it when the edits can be
    /// looked at once for all paths (the ready-made node maps gather the touched nodes once).
    fn must_replan_each(
        &self,
        rests: &[Rest<'_, Self::Node, Self::Rules>],
        edits: &[Self::Edit],
        out: &mut Vec<bool>,
    ) {
        out.clear();
        out.extend(rests.iter().map(|rest| self.must_replan(rest, edits)));
    }

    /// Whether a request from `start` to any of `goals` under `rules` that found no path may
    /// find one after `edits` (something opened, and the map's own check of the ends no longer
    /// rules it out).
    fn may_now_reach(
        &self,
        start: Self::Node,
        goals: &[Self::Node],
        rules: &Self::Rules,
        edits: &[Self::Edit],
    ) -> bool;

    /// Writes into `out` the nodes a search from `start` to `goal` under `rules` expands (the
    /// area it explores), for the debug drawing; nothing for a map whose search cannot tell (the
    /// default; HPA*, the navmesh's any-angle search). It searches again: a debugging aid.
    fn explored(
        &self,
        ctx: &mut Self::Context,
        (start, goal): (Self::Node, Self::Node),
        rules: &Self::Rules,
        out: &mut Vec<Self::Node>,
    ) {
        let _ = (ctx, start, goal, rules);
        out.clear();
    }

    /// `path` smoothed into the few nodes an agent may walk between in straight lines (each in
    /// sight of the next), for a [`PathFollower`](crate::PathFollower) with smoothing; `None`
    /// when the map does not smooth (the agent walks through every node).
    fn smoothed(&self, path: &[Self::Node]) -> Option<Vec<Self::Node>> {
        let _ = path;
        None
    }
}

/// The rest of a planned path, as the plugin asks a map about it after edits
/// ([`NavMap::must_replan`]): the nodes from where its agent stands to the goal it leads to,
/// every goal of its request (that one among them), and the agent's rules.
#[derive(Debug)]
pub struct Rest<'a, N, R> {
    /// The path from where the agent stands, its goal last.
    pub nodes: &'a [N],
    /// Every goal of the request: a shorter way to another one beats the path too.
    pub goals: &'a [N],
    /// The rules the agent is searched under.
    pub rules: &'a R,
}

impl<N, R> Clone for Rest<'_, N, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<N, R> Copy for Rest<'_, N, R> {}

impl<'a, N, R> Rest<'a, N, R> {
    /// The rest `nodes` of a path to one goal (its last node) under `rules`.
    ///
    /// ```
    /// use pathkit_bevy::Rest;
    ///
    /// let nodes = [1, 2, 3];
    /// let rest = Rest::to_its_end(&nodes, &());
    /// assert_eq!(rest.goals, &[3]);
    /// ```
    pub fn to_its_end(nodes: &'a [N], rules: &'a R) -> Self {
        Rest {
            nodes,
            goals: nodes
                .len()
                .checked_sub(1)
                .map_or(&[], |last| &nodes[last..]),
            rules,
        }
    }
}

/// One change to a node of a map: its cost to enter went up (walled when `after` is `None`) or
/// down (opened when `before` was `None`). The edit of the tile maps, hex maps, level maps and
/// graphs; [`space_search::needs_replanning`](crate::space_search::needs_replanning) decides
/// which paths it affects.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edit<N> {
    /// The node changed.
    pub node: N,
    /// The cost to enter it before (`None`: walled).
    pub before: Option<f64>,
    /// The cost to enter it after (`None`: walled).
    pub after: Option<f64>,
}

impl<N> Edit<N> {
    /// `true` when entering the node costs more than before, or it was walled.
    ///
    /// ```
    /// use pathkit_bevy::Edit;
    ///
    /// assert!(Edit { node: 3, before: Some(1.0), after: None }.made_dearer());
    /// assert!(!Edit { node: 3, before: None, after: Some(1.0) }.made_dearer());
    /// ```
    pub fn made_dearer(&self) -> bool {
        match (self.before, self.after) {
            (_, None) => self.before.is_some(),
            (None, Some(_)) => false,
            (Some(b), Some(a)) => a > b,
        }
    }

    /// `true` when entering the node costs less than before, or it was opened.
    ///
    /// ```
    /// use pathkit_bevy::Edit;
    ///
    /// assert!(Edit { node: 3, before: Some(4.0), after: Some(2.0) }.made_cheaper());
    /// assert!(!Edit { node: 3, before: Some(1.0), after: None }.made_cheaper());
    /// ```
    pub fn made_cheaper(&self) -> bool {
        match (self.before, self.after) {
            (None, Some(_)) => true,
            (Some(b), Some(a)) => a < b,
            _ => false,
        }
    }
}
