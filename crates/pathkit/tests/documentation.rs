//! The API documentation builds as docs.rs builds it (every feature, `package.metadata.docs.rs`)
//! with no warning: a broken intra-doc link or malformed HTML fails here, in the test command,
//! and not later on docs.rs. It runs its own `cargo doc` in a directory of its own, since the
//! cargo running the tests holds the lock of the usual one.

use std::path::Path;
use std::process::Command;

#[test]
fn the_documentation_builds_without_warnings() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("documentation");
    let out = Command::new(cargo)
        .args(["doc", "--no-deps", "--all-features", "-p", "pathkit-games"])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .env("RUSTDOCFLAGS", "-D warnings")
        .output()
        .expect("run cargo doc");
    assert!(
        out.status.success(),
        "cargo doc found problems:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
