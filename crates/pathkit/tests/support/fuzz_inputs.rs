//! Reading the inputs kept from the fuzz targets (`tests/fixtures/fuzz/<target>/`) and replaying
//! them through a target's checks; included with `#[path]` by the regression tests.

#![allow(dead_code)] // Each including test uses its own part.

use std::path::{Path, PathBuf};

/// Every file of `tests/fixtures/fuzz/<target>/`, sorted by name.
pub fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    inputs_in(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/fuzz")
            .join(target),
    )
}

/// Every file of `dir`, sorted by name. A missing or empty folder panics: replaying nothing would
/// pass without checking anything.
pub fn inputs_in(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read the fuzz inputs in {}: {e}", dir.display()));
    let mut out: Vec<_> = entries
        .map(|e| e.expect("a readable folder entry").path())
        .map(|p| {
            let bytes =
                std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            (p, bytes)
        })
        .collect();
    assert!(!out.is_empty(), "no fuzz inputs in {}", dir.display());
    out.sort();
    out
}

/// Runs `check` on every input of `target`, naming the input that fails.
pub fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in inputs(target) {
        if let Err(panic) = std::panic::catch_unwind(|| check(&bytes)) {
            eprintln!("fuzz input {} failed", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

/// A missing and an empty folder both fail, so a replay cannot pass by finding nothing.
pub fn check_that_nothing_to_replay_fails() {
    // One name per call: the format and search replays run this at once in one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let id = format!("{}-{call}", std::process::id());
    let missing = std::env::temp_dir().join(format!("pathkit-no-fuzz-inputs-{id}"));
    assert!(std::panic::catch_unwind(|| inputs_in(&missing)).is_err());
    let empty = std::env::temp_dir().join(format!("pathkit-empty-fuzz-inputs-{id}"));
    std::fs::create_dir_all(&empty).expect("a temporary folder");
    let found = std::panic::catch_unwind(|| inputs_in(&empty));
    std::fs::remove_dir(&empty).expect("the temporary folder is removed");
    assert!(found.is_err());
}
