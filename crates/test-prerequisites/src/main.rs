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
    // The browser tests' one npm package: they install it themselves (`npm ci`) when it is not
    // there, so it is only reported.
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
        println!(
            "playwright-core is not in {} yet: the first browser test installs it (npm ci)",
            browser.display()
        );
    }
    for m in &missing {
        eprintln!("{m}\n");
    }
    let packages: Vec<&str> = missing
        .iter()
        .filter_map(|m| match m {
            test_prerequisites::Missing::Tool { tool, .. } => Some(tool.debian_packages()),
            _ => None,
        })
        .flatten()
        .copied()
        .collect();
    if !packages.is_empty() {
        eprintln!(
            "on Debian or Ubuntu, every missing program in one line: sudo apt-get install {}",
            packages.join(" ")
        );
    }
    if missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
