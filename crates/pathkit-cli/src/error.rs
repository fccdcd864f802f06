//! [`CliError`]: everything that stops a command, with the exit status it maps to.

use std::fmt;
use std::path::PathBuf;

/// Why a command could not do its work. Every variant is a problem with the input or the
/// environment; all of them exit with status 2 (status 1 is kept for "ran, but found wrong answers").
#[derive(Debug)]
pub enum CliError {
    /// A file or folder could not be read.
    Io {
        /// The path that failed.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// A map or scenario file that does not parse; the message carries the line and column.
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong and where.
        message: String,
    },
    /// A command-line argument that makes no sense (a cell outside the map, a blocked cell).
    Usage(String),
    /// The search itself failed (a cost overflow, an invalid cost): never expected on Moving AI maps.
    Search(String),
    /// No `.scen` file was found under the given paths.
    NoScenarios(Vec<PathBuf>),
    /// Writing an output file failed.
    Output {
        /// The file being written.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            CliError::Parse { path, message } => write!(f, "{}: {message}", path.display()),
            CliError::Usage(message) => f.write_str(message),
            CliError::Search(message) => write!(f, "search failed: {message}"),
            CliError::NoScenarios(paths) => {
                write!(f, "no .scen file found under")?;
                for p in paths {
                    write!(f, " {}", p.display())?;
                }
                Ok(())
            }
            CliError::Output { path, message } => {
                write!(f, "cannot write {}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        2
    }
}
