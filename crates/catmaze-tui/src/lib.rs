//! Cat Maze in the terminal: the state, input and drawing of the `catmaze` binary, kept apart in
//! the ratatui way (state in [`app`], screen geometry in [`layout`], glyphs in [`theme`], drawing
//! in [`ui`]) so the screen can be tested with ratatui's `TestBackend`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod app;
pub mod layout;
pub mod theme;
pub mod ui;

pub use app::App;

/// How long the cat takes per tile in the terminal game (the original's 0.4 s feels slow here).
pub const STEP: std::time::Duration = std::time::Duration::from_millis(150);
