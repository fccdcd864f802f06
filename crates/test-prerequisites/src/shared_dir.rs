//! Where the data shared by the workspace's tests is looked for.

use std::path::{Path, PathBuf};

/// The environment variable that moves the shared data folder away from `shared/` beside the
/// checkout: an absolute path, or one relative to the workspace root.
pub const SHARED_DIR_VARIABLE: &str = "PATHKIT_SHARED_DIR";

/// The folder holding `movingai/` and `catmaze/`: `$PATHKIT_SHARED_DIR` when it is set and not
/// empty, otherwise `shared` beside the checkout (`<workspace>/../shared`).
///
/// A relative `PATHKIT_SHARED_DIR` is taken from the workspace root, not from the directory a test
/// runs in (cargo runs each crate's tests in that crate's folder), so `PATHKIT_SHARED_DIR=../shared`
/// means the default everywhere.
///
/// ```
/// let dir = test_prerequisites::shared_dir();
/// assert!(dir.is_absolute());
/// ```
pub fn shared_dir() -> PathBuf {
    let root = workspace_root();
    match std::env::var_os(SHARED_DIR_VARIABLE) {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.parent().unwrap_or(&root).join("shared"),
    }
}

/// The workspace's root folder, two levels above this crate.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| manifest.join("../.."), Path::to_path_buf)
}
