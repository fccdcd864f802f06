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
    let mut failed = false;
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
    // The browser tests' one npm package, installed by `npm ci` beside their script.
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let browser = crates
        .parent()
        .unwrap_or(crates)
        .join("catmaze-web/tests/browser");
    if browser
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        println!("found playwright-core in {}", browser.display());
    } else {
        eprintln!(
            "missing playwright-core, which the browser tests drive Chromium with: run `npm ci` in {} \
             (.ci/run does)\n",
            browser.display()
        );
        failed = true;
    }
    for m in &missing {
        eprintln!("{m}\n");
    }
    if missing.is_empty() && !failed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
