//! Checks, before a long first build, that everything the tests need from outside the repository
//! is on this machine: prints what was found, explains what is missing, and exits with status 1 if
//! anything is.
//!
//! ```text
//! cargo run -p test-prerequisites
//! ```

use std::process::ExitCode;
use test_prerequisites::{Dataset, Tool};

fn main() -> ExitCode {
    let mut missing = Vec::new();
    for dataset in Dataset::ALL {
        match dataset.locate() {
            Ok(folder) => println!("found {}: {}", dataset.description(), folder.display()),
            Err(m) => missing.push(m),
        }
    }
    for tool in Tool::ALL {
        match tool.locate() {
            Ok(()) => println!("found {}", tool.program()),
            Err(m) => missing.push(m),
        }
    }
    for m in &missing {
        eprintln!("{m}\n");
    }
    if missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
