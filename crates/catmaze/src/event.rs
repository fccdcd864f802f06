//! [`Event`]: what the game reports, and the [`Sound`] a front end plays for it.

use crate::Variant;
use pathkit::grid::Cell;
use std::fmt;

/// The original game's sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A plain step.
    Step,
    /// A bone picked up.
    Pickup,
    /// A dog bribed.
    CatAttack,
    /// The cat was eaten.
    Lose,
    /// The exit was reached.
    Win,
    /// A tap that moves nothing: a wall, outside the map, or no route.
    HitWall,
}

/// Something that happened in the game, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tap started a walk to `target`.
    RouteStarted {
        /// Where the cat is going.
        target: Cell,
        /// Tiles to walk.
        steps: usize,
        /// The route's cost in the variant's units.
        cost: u32,
    },
    /// A tap arrived while a step was in progress: it is kept (replacing any earlier one) and
    /// takes effect when the step ends.
    Queued {
        /// The tapped column (may be outside the map).
        x: i64,
        /// The tapped row (may be outside the map).
        y: i64,
    },
    /// The cat arrived on a plain tile.
    Step {
        /// The tile reached.
        at: Cell,
    },
    /// The cat picked up a bone.
    BonePicked {
        /// Where.
        at: Cell,
        /// Bones carried now.
        bones: u32,
    },
    /// The cat bribed a dog with one bone; the dog is gone.
    DogBribed {
        /// Where.
        at: Cell,
        /// Bones carried now.
        bones: u32,
    },
    /// The cat met a dog with no bone: the game is lost.
    Eaten {
        /// The dog's tile.
        at: Cell,
    },
    /// The cat reached the exit: the game is won.
    Won {
        /// The exit.
        at: Cell,
    },
    /// A tap on a wall or outside the map: nothing moves.
    HitWall {
        /// The tapped column.
        x: i64,
        /// The tapped row.
        y: i64,
        /// `true` when the tap was outside the map, `false` for a wall.
        outside: bool,
    },
    /// A tap on the cat's own tile: nothing moves.
    AlreadyThere {
        /// The cat's tile.
        at: Cell,
    },
    /// No route leads to the tapped tile.
    NoRoute {
        /// The tapped tile.
        target: Cell,
    },
    /// A walk ended and the cat rests, facing forward.
    Stopped {
        /// Where the cat rests.
        at: Cell,
    },
    /// The exit can no longer be reached: the bones held and still on the floor cannot pay the
    /// dogs in every way out ([`Outlook::Unwinnable`]). Said once, as soon as it is proven (by the
    /// bribe that made it so, or by a restart on a level that cannot be won); the game goes on
    /// until the cat is eaten or the level restarted.
    ///
    /// [`Outlook::Unwinnable`]: crate::Outlook::Unwinnable
    Unwinnable {
        /// The cat's tile when it was proven.
        at: Cell,
    },
    /// The level was reloaded.
    Restarted,
    /// Routes are now planned with another variant.
    VariantChanged(Variant),
}

impl Event {
    /// The sound the original game plays for this event, if any.
    pub fn sound(&self) -> Option<Sound> {
        match self {
            Event::Step { .. } => Some(Sound::Step),
            Event::BonePicked { .. } => Some(Sound::Pickup),
            Event::DogBribed { .. } => Some(Sound::CatAttack),
            Event::Eaten { .. } | Event::Unwinnable { .. } => Some(Sound::Lose),
            Event::Won { .. } => Some(Sound::Win),
            Event::HitWall { .. } | Event::NoRoute { .. } => Some(Sound::HitWall),
            _ => None,
        }
    }

    /// `true` for the events that end the game.
    pub fn is_game_over(&self) -> bool {
        matches!(self, Event::Eaten { .. } | Event::Won { .. })
    }
}

impl fmt::Display for Event {
    /// A short message for a status line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RouteStarted { target, steps, .. } => {
                let s = if *steps == 1 { "" } else { "s" };
                write!(f, "Walking to {target}: {steps} step{s}")
            }
            Event::Queued { x, y } => write!(f, "Next: [{x};{y}] after this step"),
            Event::Step { at } => write!(f, "Step to {at}"),
            Event::BonePicked { at, bones } => {
                write!(f, "Picked up a bone at {at}. Bones: {bones}")
            }
            Event::DogBribed { at, bones } => {
                write!(f, "Bribed the dog at {at}. Bones: {bones}")
            }
            Event::Eaten { at } => write!(f, "You lose! The dog at {at} ate the cat (no bone)"),
            Event::Won { .. } => write!(f, "You win! The cat escaped"),
            Event::HitWall {
                x,
                y,
                outside: true,
            } => {
                write!(f, "[{x};{y}] is outside the map: the cat stays")
            }
            Event::HitWall { x, y, .. } => write!(f, "[{x};{y}] is a wall: the cat stays"),
            Event::AlreadyThere { .. } => write!(f, "You're already there! :P"),
            Event::NoRoute { target } => write!(f, "No way to {target}"),
            Event::Stopped { at } => write!(f, "Arrived at {at}"),
            Event::Unwinnable { .. } => write!(
                f,
                "The exit is out of reach now: too few bones left for the dogs in the way"
            ),
            Event::Restarted => write!(f, "Level restarted"),
            Event::VariantChanged(v) => write!(f, "Routes: {} ({})", v.name(), v.description()),
        }
    }
}
