//! Building the wasm module with cargo.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The module's file name, as cargo writes it and as the page asks for it.
pub const WASM_FILE: &str = "catmaze_wasm.wasm";

/// The wasm target.
const TARGET: &str = "wasm32-unknown-unknown";

/// Why the module could not be built.
#[derive(Debug)]
pub enum BuildError {
    /// `cargo` could not be started.
    Cargo(std::io::Error),
    /// `cargo build` failed (its messages went to the terminal).
    Failed(std::process::ExitStatus),
    /// The build said it succeeded but the module is not where cargo puts it.
    Missing(PathBuf),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Cargo(e) => write!(f, "could not run cargo: {e}"),
            BuildError::Failed(status) => write!(
                f,
                "building the wasm module failed ({status}); is the target installed? \
                 rustup target add {TARGET}"
            ),
            BuildError::Missing(p) => write!(f, "the wasm module is not at {}", p.display()),
        }
    }
}

impl std::error::Error for BuildError {}

/// Adds the wasm target with rustup when rustup is there and the target is not (a toolchain
/// without rustup must have it already; the build then says so).
fn ensure_target() {
    let Ok(out) = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
    else {
        return;
    };
    if String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.trim() == TARGET)
    {
        return;
    }
    eprintln!("installing the {TARGET} target: rustup target add {TARGET}");
    let _ = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
}

/// Builds `catmaze-wasm` in release mode for the browser, into `target_dir` (a directory of its
/// own: the cargo running this program may hold the lock of the usual one), and returns the
/// module's path.
///
/// # Errors
///
/// [`BuildError`] when cargo cannot run, the build fails, or the module is missing after it.
pub fn build_wasm(workspace: &Path, target_dir: &Path) -> Result<PathBuf, BuildError> {
    ensure_target();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(workspace)
        .args([
            "build",
            "-p",
            "catmaze-wasm",
            "--lib",
            "--release",
            "--target",
            TARGET,
        ])
        .arg("--target-dir")
        .arg(target_dir)
        // No debug information in the module the page downloads.
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_STRIP", "debuginfo")
        .status()
        .map_err(BuildError::Cargo)?;
    if !status.success() {
        return Err(BuildError::Failed(status));
    }
    let module = target_dir.join(TARGET).join("release").join(WASM_FILE);
    if module.is_file() {
        Ok(module)
    } else {
        Err(BuildError::Missing(module))
    }
}
