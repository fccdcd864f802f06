//! [`PathFollower`]: an entity walking its [`PlannedPath`](crate::PlannedPath).

use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Message;
use bevy_math::Vec3;

/// Moves the entity's `Transform` along its [`PlannedPath`](crate::PlannedPath), through the
/// centre of every node (or, with [`with_smoothing`](Self::with_smoothing), straight between the
/// few waypoints the map smooths the path into), at `speed` world units per second, turning to face the way it goes at
/// most `turn_rate` radians per second (about the Z axis, for a top-down scene). A new path (a
/// first answer or a re-plan from where the entity stands) is followed from its start; at the
/// last node the plugin writes [`Arrived`].
///
/// ```
/// use pathkit_bevy::PathFollower;
///
/// let walker = PathFollower::new(4.0);
/// assert_eq!(walker.speed, 4.0);
/// assert!(!walker.arrived());
/// ```
#[derive(Component, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub struct PathFollower {
    /// World units per second.
    pub speed: f32,
    /// Radians per second the entity turns at most (`f32::INFINITY`: at once).
    pub turn_rate: f32,
    /// Whether to walk straight between the map's smoothed waypoints ([`NavMap::smoothed`](crate::NavMap::smoothed))
    /// instead of through every node's centre.
    pub smoothing: bool,
    /// The points walked through, in the world.
    pub(crate) waypoints: Vec<Vec3>,
    /// The index of the waypoint walked to.
    pub(crate) next: usize,
    pub(crate) arrived: bool,
}

impl PathFollower {
    /// A follower walking at `speed` units per second, turning at 4π radians per second.
    pub fn new(speed: f32) -> Self {
        PathFollower {
            speed,
            turn_rate: 4.0 * std::f32::consts::PI,
            smoothing: false,
            waypoints: Vec::new(),
            next: 0,
            arrived: false,
        }
    }

    /// The same follower turning at most `rate` radians per second.
    #[must_use]
    pub fn with_turn_rate(mut self, rate: f32) -> Self {
        self.turn_rate = rate;
        self
    }

    /// The same follower walking straight between the map's smoothed waypoints (on a grid, the
    /// few cells a path keeps in sight of each other, under the map's corner rule) instead of
    /// through the centre of every cell.
    #[must_use]
    pub fn with_smoothing(mut self, smoothing: bool) -> Self {
        self.smoothing = smoothing;
        self
    }

    /// The points the entity walks through (the current path's).
    pub fn waypoints(&self) -> &[Vec3] {
        &self.waypoints
    }

    /// `true` once the entity stands on its path's last node.
    pub fn arrived(&self) -> bool {
        self.arrived
    }

    /// The index in [`waypoints`](Self::waypoints) of the point the entity walks to.
    pub fn next_waypoint(&self) -> usize {
        self.next
    }
}

/// Written when a [`PathFollower`] reaches the end of its path.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrived {
    /// The entity that arrived.
    pub entity: Entity,
}
