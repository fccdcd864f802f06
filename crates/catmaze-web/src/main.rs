//! `cargo run -p catmaze-web --release`: builds the wasm module, serves the page, prints its
//! address.
//!
//! Options: `--port N` (default 8717; 0 picks a free port), `--no-build` with `--wasm PATH` to
//! serve a module built before, `--web DIR` for another copy of the page.

use catmaze_web::{build_wasm, ServeOptions, Server};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: catmaze-web [--port N] [--no-build] [--wasm PATH] [--web DIR]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("catmaze-web: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut options = ServeOptions::default();
    let mut build = true;
    let mut wasm: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{arg} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--port" => options.port = value()?.parse()?,
            "--no-build" => build = false,
            "--wasm" => wasm = Some(value()?.into()),
            "--web" => options.web_dir = value()?.into(),
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}").into()),
        }
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let target_dir = std::env::var_os("CATMAZE_WASM_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(|d| Path::new(&d).join("wasm-build")))
        .unwrap_or_else(|| workspace.join("target").join("wasm-build"));
    options.wasm = match (wasm, build) {
        (Some(path), _) => path,
        (None, true) => build_wasm(&workspace, &target_dir)?,
        (None, false) => target_dir
            .join("wasm32-unknown-unknown/release")
            .join(catmaze_web::WASM_FILE),
    };
    if !options.wasm.is_file() {
        return Err(format!(
            "no wasm module at {} (run without --no-build to build it)",
            options.wasm.display()
        )
        .into());
    }
    let server = Server::bind(&options).map_err(|e| {
        format!(
            "cannot listen on 127.0.0.1:{}: {e} (--port 0 picks a free port)",
            options.port
        )
    })?;
    println!("Cat Maze and the pathfinding playground: {}", server.url());
    std::io::stdout().flush()?;
    server.run();
    Ok(())
}
