//! What a test needed and did not find, and what to do about it.

use crate::{Dataset, Tool, SHARED_DIR_VARIABLE, SKIP_ARGUMENTS};
use std::fmt;
use std::path::PathBuf;

/// Something a test needs from outside the repository that is not on this machine. Its message
/// names what is missing, how to get it, and how to leave out the tests that need it.
///
/// ```
/// use std::path::PathBuf;
/// use test_prerequisites::{Dataset, Missing};
///
/// let missing = Missing::Data {
///     dataset: Dataset::CatMaze,
///     folder: PathBuf::from("/nowhere/catmaze"),
///     files: vec![PathBuf::from("CatMaze.tmx")],
/// };
/// let message = missing.to_string();
/// assert!(message.contains("/nowhere/catmaze") && message.contains("CatMaze.tmx"));
/// assert!(message.contains("--skip needs_"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Missing {
    /// Files of a data set are not in its folder.
    Data {
        /// The data set.
        dataset: Dataset,
        /// Where it was looked for.
        folder: PathBuf,
        /// The files not found there, relative to `folder`.
        files: Vec<PathBuf>,
    },
    /// A program could not be started.
    Tool {
        /// The program.
        tool: Tool,
        /// Why starting it failed (`NotFound` when it is not installed).
        error: std::io::ErrorKind,
    },
}

/// How many missing files a message names before it only counts the rest.
const FILES_NAMED: usize = 5;

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Data {
                dataset,
                folder,
                files,
            } => {
                write!(f, "missing test data, {}: ", dataset.description())?;
                if folder.is_dir() {
                    write!(
                        f,
                        "{} of its {} files are not in {} (",
                        files.len(),
                        dataset.files().len(),
                        folder.display()
                    )?;
                } else {
                    write!(f, "{} does not exist (it should hold ", folder.display())?;
                }
                for (i, file) in files.iter().take(FILES_NAMED).enumerate() {
                    let separator = if i == 0 { "" } else { ", " };
                    write!(f, "{separator}{}", file.display())?;
                }
                if files.len() > FILES_NAMED {
                    write!(f, " and {} more", files.len() - FILES_NAMED)?;
                }
                write!(
                    f,
                    ").\nGet the files from {}, as README.md (section \"Data\") says, and put \
                     them in `shared/{}` beside the checkout, or set {SHARED_DIR_VARIABLE} to a \
                     folder that holds `{}/`.",
                    dataset.source(),
                    dataset.folder_name(),
                    dataset.folder_name()
                )?;
            }
            Missing::Tool { tool, error } => {
                write!(
                    f,
                    "missing program: {} could not be started ({error}).\nInstall it: {}.",
                    tool.program(),
                    tool.install_hint()
                )?;
            }
        }
        write!(
            f,
            "\nOr leave out every test that needs data or programs from outside the repository: \
             cargo test --workspace --all-features {SKIP_ARGUMENTS}"
        )
    }
}

impl std::error::Error for Missing {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named_with_its_first_files_and_the_fix() {
        let missing = Missing::Data {
            dataset: Dataset::MovingAi,
            folder: PathBuf::from("/nonexistent/shared/movingai"),
            files: Dataset::MovingAi
                .files()
                .iter()
                .map(PathBuf::from)
                .collect(),
        };
        let message = missing.to_string();
        assert!(
            message.starts_with(
                "missing test data, the Moving AI grid benchmark set: \
                 /nonexistent/shared/movingai does not exist (it should hold den520d.map, \
                 den520d.map.scen, AR0011SR.map, AR0011SR.map.scen, maze512-1-0.map and 9 \
                 more).\n"
            ),
            "{message}"
        );
        assert!(
            message.contains("https://movingai.com/benchmarks/grids.html"),
            "{message}"
        );
        assert!(
            message.contains("README.md (section \"Data\")"),
            "{message}"
        );
        assert!(message.contains("shared/movingai"), "{message}");
        assert!(message.contains("PATHKIT_SHARED_DIR"), "{message}");
        assert!(
            message.ends_with("cargo test --workspace --all-features -- --skip needs_"),
            "{message}"
        );
    }

    #[test]
    fn a_partly_filled_folder_counts_what_is_missing() {
        let folder = std::env::temp_dir();
        let missing = Missing::Data {
            dataset: Dataset::CatMaze,
            folder: folder.clone(),
            files: vec![PathBuf::from("CatMaze.tmx")],
        };
        let message = missing.to_string();
        assert!(
            message.starts_with(&format!(
                "missing test data, the original Cat Maze level files: 1 of its 2 files are not \
                 in {} (CatMaze.tmx).\n",
                folder.display()
            )),
            "{message}"
        );
    }

    #[test]
    fn a_missing_program_names_how_to_install_it() {
        let missing = Missing::Tool {
            tool: Tool::Tmux,
            error: std::io::ErrorKind::NotFound,
        };
        let message = missing.to_string();
        assert!(
            message.starts_with("missing program: tmux could not be started (entity not found)"),
            "{message}"
        );
        assert!(message.contains("apt-get install tmux"), "{message}");
        assert!(message.contains("--skip needs_"), "{message}");
    }
}
