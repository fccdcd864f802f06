//! `pathkit`: verify, run and benchmark Moving AI grid scenarios; draw paths.

mod any_angle;
mod bench;
mod check;
mod cli;
mod coords;
mod counting_alloc;
mod draw;
mod error;
mod hex_path;
mod hierarchy_bench;
mod hierarchy_path;
mod landmarks_bench;
mod landmarks_levels;
mod levels_path;
mod path_cmd;
mod path_list;
mod png_hex;
mod png_image;
mod png_levels;
mod scenario;
mod screen;
mod solver;
mod stream;
mod terrain_bench;
mod verify;
mod view;

use clap::Parser;
use cli::{Cli, Command};

#[global_allocator]
static ALLOC: counting_alloc::CountingAlloc = counting_alloc::CountingAlloc;

fn main() {
    quit_quietly_on_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Verify { paths, algo, show } => verify::run(&paths, algo, show),
        Command::Path(args) => path_cmd::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::BenchAnyAngle(args) => any_angle::run(&args),
        Command::BenchLandmarks(args) => landmarks_bench::run(&args),
        Command::BenchHierarchy(args) => hierarchy_bench::run(&args),
        Command::BenchTerrain(args) => terrain_bench::run(&args),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    };
    std::process::exit(code);
}

/// Lets a closed pipe (`pathkit path ... | head`) end the process quietly, as it ends `cat` or
/// `grep`. Rust programs start with SIGPIPE ignored, so a write to a closed pipe fails instead,
/// and `println!` panics on that failure.
fn quit_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: sets SIGPIPE back to its default action, at the start of `main`, before any other
    // thread exists; no handler is installed.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
