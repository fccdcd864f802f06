//! What the workspace's tests need from outside the repository, found or reported as missing.
//!
//! A few tests check pathkit against data that is too big to keep in the repository (the Moving AI
//! benchmark set, [`Dataset::MovingAi`]), against the original level files ([`Dataset::CatMaze`]), or
//! drive the game through a program ([`Tool::Tmux`]; the browser tests run [`Tool::Node`] and
//! [`Tool::Chromium`]). Such a test calls `require` first: when the data
//! or the program is missing, the test **fails**, naming the path or program it looked for and how to
//! get it. It never passes without having run, in CI or anywhere else.
//!
//! These tests live in modules named `needs_<what>` (`needs_movingai`, `needs_catmaze_data`,
//! `needs_tmux`, `needs_chromium`), so a machine without them can leave them out by name, and the test summary counts
//! them as filtered out:
//!
//! ```text
//! cargo test --workspace --all-features -- --skip needs_
//! ```
//!
//! The data is looked for in `shared/` beside the checkout ([`shared_dir`]), or where the
//! `PATHKIT_SHARED_DIR` environment variable points.
//!
//! ```
//! use test_prerequisites::Dataset;
//!
//! match Dataset::MovingAi.locate() {
//!     Ok(folder) => assert!(folder.join("den520d.map").is_file()),
//!     Err(missing) => assert!(missing.to_string().contains("README.md")),
//! }
//! ```

mod dataset;
mod missing;
mod shared_dir;
mod tool;

pub use dataset::Dataset;
pub use missing::Missing;
pub use shared_dir::{shared_dir, SHARED_DIR_VARIABLE};
pub use tool::Tool;

/// The test-runner arguments that leave out every test needing outside data or tools.
pub const SKIP_ARGUMENTS: &str = "-- --skip needs_";
