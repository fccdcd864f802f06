//! The programs some tests drive.

use crate::Missing;
use std::process::{Command, Stdio};

/// A program a test runs, which must be installed on the machine.
///
/// ```
/// use test_prerequisites::Tool;
///
/// assert_eq!(Tool::Tmux.program(), "tmux");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tool {
    /// The terminal multiplexer the terminal game's end-to-end test plays the game in.
    Tmux,
    /// Node.js, which runs the browser tests' script (playwright-core).
    Node,
    /// Debian's Chromium, the browser the page is tested in (`/usr/bin/chromium`; the tests never
    /// download a browser).
    Chromium,
}

impl Tool {
    /// Every program the tests run.
    ///
    /// ```
    /// use test_prerequisites::Tool;
    /// assert_eq!(Tool::ALL, [Tool::Tmux, Tool::Node, Tool::Chromium]);
    /// ```
    pub const ALL: [Tool; 3] = [Tool::Tmux, Tool::Node, Tool::Chromium];

    /// The command's name, looked up in `PATH`.
    ///
    /// ```
    /// assert_eq!(test_prerequisites::Tool::Tmux.program(), "tmux");
    /// ```
    pub fn program(self) -> &'static str {
        match self {
            Tool::Tmux => "tmux",
            Tool::Node => "node",
            Tool::Chromium => "chromium",
        }
    }

    /// How to install the program, for messages.
    ///
    /// ```
    /// assert!(test_prerequisites::Tool::Tmux.install_hint().contains("apt-get install"));
    /// ```
    pub fn install_hint(self) -> &'static str {
        match self {
            Tool::Tmux => "apt-get install tmux (Debian, Ubuntu) or brew install tmux (macOS)",
            Tool::Node => {
                "apt-get install nodejs npm (Debian 13, Ubuntu 24.04: Node.js 20 or newer); the \
                 browser tests then install playwright-core themselves"
            }
            Tool::Chromium => "apt-get install chromium (Debian)",
        }
    }

    /// The Debian packages that provide the program (and what it needs beside it: Node.js comes
    /// with npm, which installs playwright-core).
    ///
    /// ```
    /// assert_eq!(test_prerequisites::Tool::Node.debian_packages(), ["nodejs", "npm"]);
    /// ```
    pub fn debian_packages(self) -> &'static [&'static str] {
        match self {
            Tool::Tmux => &["tmux"],
            Tool::Node => &["nodejs", "npm"],
            Tool::Chromium => &["chromium"],
        }
    }

    /// The argument that makes the program print its version and exit.
    fn version_argument(self) -> &'static str {
        match self {
            Tool::Tmux => "-V",
            Tool::Node | Tool::Chromium => "--version",
        }
    }

    /// Whether the program can be started.
    ///
    /// # Errors
    ///
    /// [`Missing::Tool`] when starting it fails (most often: not installed).
    ///
    /// ```
    /// use test_prerequisites::{Missing, Tool};
    ///
    /// if let Err(missing) = Tool::Tmux.locate() {
    ///     assert!(matches!(missing, Missing::Tool { tool: Tool::Tmux, .. }));
    /// }
    /// ```
    pub fn locate(self) -> Result<(), Missing> {
        starts(self.program(), self.version_argument()).map_err(|error| Missing::Tool {
            tool: self,
            error: error.kind(),
        })
    }

    /// Checks the program can be started, for a test that cannot run without it.
    ///
    /// # Panics
    ///
    /// When it cannot, with a message naming the program, how to install it, and how to leave the
    /// test out.
    ///
    /// ```no_run
    /// test_prerequisites::Tool::Tmux.require();
    /// ```
    #[track_caller]
    pub fn require(self) {
        if let Err(missing) = self.locate() {
            panic!("{missing}");
        }
    }
}

/// Runs `program argument` to completion, its output thrown away; an error if it cannot start.
fn starts(program: &str, argument: &str) -> std::io::Result<()> {
    Command::new(program)
        .arg(argument)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_is_not_installed_does_not_start() {
        let err = starts("pathkit-no-such-program", "-V").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
    }

    #[test]
    fn a_program_that_is_installed_starts() {
        // `cargo` runs this test, so it is on the machine; whether it is in PATH is up to the caller.
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        starts(&cargo, "-V").unwrap();
    }
}
