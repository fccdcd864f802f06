//! The library crates are ready to publish, and build with the Rust they declare:
//!
//! - `cargo publish --dry-run` packages `pathkit-games`, `catmaze` and `pathkit-bevy` and builds
//!   each from its package alone (catmaze and the plugin against the packaged pathkit, the plugin
//!   against Bevy's published crates), so a file left out of `include`, a
//!   path dependency without a version or a manifest crates.io would refuse fails here;
//! - `cargo check` with the toolchain of the workspace's `rust-version` (installed with rustup,
//!   minimal profile, when it is missing) builds both with every feature, so code that needs a
//!   newer compiler fails here and not in a user's build.
//!
//! Each runs its own cargo in a directory of its own, since the cargo running the tests holds
//! the lock of the usual one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace's root manifest.
fn workspace_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml")
}

/// Fails with cargo's own words when it did not succeed.
fn check(what: &str, out: Output) {
    assert!(
        out.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_library_crates_package_and_build_from_their_packages() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // A directory of this run's own: cargo unpacks the packaged crates into its registry cache
    // under a name derived from this path, and keeps what it unpacked there before, so a fixed
    // path would build the plugin against a package left by an earlier run.
    let target =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("publish-{}", std::process::id()));
    let out = Command::new(cargo)
        .args(["publish", "--dry-run", "--allow-dirty", "--locked"])
        .args(["-p", "pathkit-games", "-p", "catmaze", "-p", "pathkit-bevy"])
        .arg("--manifest-path")
        .arg(workspace_manifest())
        .arg("--target-dir")
        .arg(&target)
        .output()
        .expect("run cargo publish");
    // Its builds are not needed again.
    let _ = std::fs::remove_dir_all(&target);
    check("cargo publish --dry-run", out);
}

/// The `rust-version` of the workspace's manifest.
fn declared_rust_version() -> String {
    let manifest = std::fs::read_to_string(workspace_manifest()).expect("read Cargo.toml");
    manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("rust-version = "))
        .map(|v| v.trim_matches('"').to_string())
        .expect("the workspace declares a rust-version")
}

#[test]
fn the_library_crates_build_with_the_declared_rust_version() {
    let version = declared_rust_version();
    let toolchain = format!("+{version}");
    let present = Command::new("rustup")
        .args(["run", &version, "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !present {
        let out = Command::new("rustup")
            .args(["toolchain", "install", &version, "--profile", "minimal"])
            .args(["--no-self-update"])
            .output()
            .unwrap_or_else(|e| {
                panic!("rustup is needed to check the declared Rust {version}: {e}")
            });
        check(&format!("rustup toolchain install {version}"), out);
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rust-version");
    // Through rustup's `cargo` proxy, not the cargo running the tests.
    let out = Command::new("cargo")
        .arg(&toolchain)
        .args(["check", "--all-features", "--locked"])
        .args(["-p", "pathkit-games", "-p", "catmaze"])
        .arg("--manifest-path")
        .arg(workspace_manifest())
        .arg("--target-dir")
        .arg(&target)
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .env_remove("CARGO")
        .env_remove("RUSTUP_TOOLCHAIN")
        .output()
        .expect("run cargo check");
    check(&format!("cargo {toolchain} check"), out);
}
