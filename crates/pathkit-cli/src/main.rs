//! `pathkit`: verify, run and benchmark Moving AI grid scenarios; draw paths.

mod bench;
mod check;
mod cli;
mod draw;
mod error;
mod heap;
mod path_cmd;
mod png_image;
mod scenario;
mod solver;
mod verify;

use clap::Parser;
use cli::{Cli, Command};

#[global_allocator]
static ALLOC: heap::CountingAlloc = heap::CountingAlloc;

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Verify { paths, algo } => verify::run(&paths, algo),
        Command::Path(args) => path_cmd::run(&args),
        Command::Bench(args) => bench::run(&args),
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
