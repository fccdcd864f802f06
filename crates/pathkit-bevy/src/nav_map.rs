//! [`NavMap`]: what the plugin needs of a map.

use bevy_ecs::component::{Component, Mutable};
use bevy_ecs::resource::Resource;
use bevy_math::Vec3;
use pathkit::search::{IndexedSpace, SearchContext};
use pathkit::{Cost, Pathfinder};
use std::fmt::{Debug, Display};

/// A map agents plan on, kept as a Bevy resource: a pathkit search space, where its nodes are in
/// the world, and the edits made to it since the plugin last looked.
///
/// The plugin searches a *snapshot* of the map ([`Clone`], which should be cheap: keep the map's
/// data behind an [`Arc`](std::sync::Arc)), so a search running on another thread never sees an
/// edit halfway; an edit while a search runs makes the plugin search again.
///
/// [`GridMap`](crate::GridMap) is the tile-grid map. A map of your own implements this trait
/// over any pathkit space that has dense indices ([`IndexedSpace`]: grids, hex grids, level
/// maps, graphs, your own) and answers through the front door ([`Pathfinder`]).
pub trait NavMap: Resource + Component<Mutability = Mutable> + Clone {
    /// A place a path passes through.
    type Node: Copy + Eq + Debug + Send + Sync + 'static;
    /// What a path costs.
    type Cost: Cost + Send + Sync;
    /// The searched space, borrowed from the map.
    type Space<'a>: IndexedSpace<Node = Self::Node, Cost = Self::Cost>
        + Pathfinder<
            Node = Self::Node,
            Cost = Self::Cost,
            Context = SearchContext<Self::Cost>,
            Error: Display,
        >
    where
        Self: 'a;
    /// Why the map cannot be searched as it is (memory).
    type Error: Display;

    /// The space searched, or why the map cannot be searched as it is (memory).
    ///
    /// # Errors
    ///
    /// The map's own refusal.
    fn space(&self) -> Result<Self::Space<'_>, Self::Error>;

    /// Where `node` is in the world (a cell's centre).
    fn position(&self, node: Self::Node) -> Vec3;

    /// The node at a point of the world, if the point is on the map.
    fn node_at(&self, position: Vec3) -> Option<Self::Node>;

    /// Counts the edits made so far: it changes whenever the map does.
    fn version(&self) -> u64;

    /// The edits made since the last call, oldest first (the plugin drains them once a frame).
    fn take_edits(&mut self) -> Vec<Edit<Self::Node>>;

    /// Writes into `out` the nodes every move an edit of `node` can change passes through: the
    /// node itself, and on a grid whose diagonal moves may not cut corners, the cells around it
    /// (walling a cell forbids the diagonal moves past its corner; opening it allows them). The
    /// plugin re-plans a path when its rest passes through one of them (an edit that made
    /// something dearer), or when a path through one of them could be shorter (cheaper).
    fn touched_by(&self, node: Self::Node, out: &mut Vec<Self::Node>);

    /// `path` smoothed into the few nodes an agent may walk between in straight lines (each in
    /// sight of the next), for a [`PathFollower`](crate::PathFollower) with smoothing; `None`
    /// when the map does not smooth (the agent walks through every node).
    fn smoothed(&self, path: &[Self::Node]) -> Option<Vec<Self::Node>> {
        let _ = path;
        None
    }
}

/// One change to a map: a node whose cost to enter went up (walled when `after` is `None`) or
/// down (opened when `before` was `None`). The plugin re-plans the paths that cross a node that
/// went up, and the paths a node that went down could shorten (see
/// [`PathkitPlugin`](crate::PathkitPlugin)).
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
    pub fn made_dearer(&self) -> bool {
        match (self.before, self.after) {
            (_, None) => self.before.is_some(),
            (None, Some(_)) => false,
            (Some(b), Some(a)) => a > b,
        }
    }

    /// `true` when entering the node costs less than before, or it was opened.
    pub fn made_cheaper(&self) -> bool {
        match (self.before, self.after) {
            (None, Some(_)) => true,
            (Some(b), Some(a)) => a < b,
            _ => false,
        }
    }
}
