//! # catmaze
//!
//! The rules and state of Cat Maze: a cat thief in a tile dungeon walks the shortest route to the
//! tile the player taps, one tile per step, picking up bones, bribing dogs with them (or being
//! eaten when it has none) and winning at the exit. No UI and no wall clock: a [`Game`] is fed taps
//! and elapsed time and answers with [`Event`]s, so any front end can draw it and play sounds, and
//! the same taps always give the same game.
//!
//! | item | what it is |
//! |---|---|
//! | [`Level`] | walls, objects and the spawn, loaded from Tiled `.tmx` or text; the original is embedded |
//! | [`Game`] | the state machine: taps, steps, arrival rules, pending re-taps, restart |
//! | [`Variant`] | the three route variants of the tutorials |
//! | [`Event`], [`Sound`] | what happened, for messages and sounds |
//! | [`Facing`] | which way the cat looks |
//! | [`Preview`] | the route a tap would take, its dogs and bones, the dogs it would bribe, and how it would end |
//! | [`Outlook`] | whether the exit can still be reached, decided after every bribe |
//!
//! ```
//! use catmaze::{Event, Game, Phase};
//! use std::time::Duration;
//!
//! let mut game = Game::original();
//! game.tap(22, 1); // the bone two tiles to the left, one down
//! let events = game.update(Duration::from_secs(2));
//! assert!(events.contains(&Event::BonePicked { at: pathkit::grid::Cell::new(22, 1), bones: 1 }));
//! assert_eq!(game.bones(), 1);
//! assert_eq!(game.phase(), Phase::Playing);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod event;
mod facing;
mod game;
mod level;
mod object;
mod outlook;
mod preview;
mod route;
mod tmx;
mod variant;

pub use error::LevelError;
pub use event::{Event, Sound};
pub use facing::Facing;
pub use game::{Game, Phase, Step, DEFAULT_STEP};
pub use level::{Level, ORIGINAL_SPAWN, ORIGINAL_TEXT};
pub use object::{Object, Tile};
pub use outlook::{Outlook, OUTLOOK_LIMIT};
pub use preview::{Ending, Preview};
pub use route::Route;
pub use tmx::{BACKGROUND_LAYER, OBJECTS_LAYER, ORIGINAL_TMX};
pub use variant::Variant;

/// Tiles are addressed as pathkit grid cells: `[x;y]`, x from the left, y from the top.
pub use pathkit::grid::Cell;

/// Tiles are 32 px squares in the original game; [`Game::tap_pixel`] uses this size.
pub const TILE_PIXELS: f64 = 32.0;

/// The workspace README's examples (of pathkit, a dependency here), compiled and run as doctests
/// so they cannot go stale. They are tested here rather than in pathkit because the README is not
/// part of pathkit's package, which must build and test on its own.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadmeDoctests;

/// This crate's README (the game's guide), its example compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
