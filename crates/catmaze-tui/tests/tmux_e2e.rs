//! End to end: the real `catmaze` binary in a tmux window, hovered and clicked with SGR mouse
//! sequences, read back with `capture-pane`, then quit with `q`.
//!
//! Needs tmux: without it the test fails, saying how to install it (`.ci/run` does);
//! `cargo test -- --skip needs_` leaves it out.

use catmaze::Cell;
use catmaze_tui::layout::Layout;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const WIDTH: u16 = 120;
const HEIGHT: u16 = 45;

/// A tmux server on a private socket, killed (and its socket file removed) when dropped.
struct Tmux {
    socket: String,
    socket_path: Option<PathBuf>,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> Vec<String> {
        let out = self.run(&["capture-pane", "-p", "-t", "game"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn send_literal(&self, text: &str) {
        let out = self.run(&["send-keys", "-t", "game", "-l", text]);
        assert!(out.status.success(), "send-keys failed: {out:?}");
    }

    /// Polls the screen until `check` holds, for at most `timeout`.
    fn wait_for(&self, timeout: Duration, what: &str, check: impl Fn(&[String]) -> bool) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return;
            }
            if start.elapsed() > timeout {
                panic!(
                    "timed out waiting for {what}; screen:\n{}",
                    screen.join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The two columns of tile `cell` on a captured screen.
fn tile_text(screen: &[String], layout: &Layout, cell: Cell) -> String {
    let (column, row) = layout.tile_position(cell);
    screen
        .get(row as usize)
        .map(|line| line.chars().skip(column as usize).take(2).collect())
        .unwrap_or_default()
}

/// Named so that `--skip needs_` leaves the test out on a machine without tmux.
mod needs_tmux {
    use super::*;
    use test_prerequisites::Tool;

    #[test]
    fn clicking_a_floor_tile_walks_the_cat_there_and_q_quits() {
        Tool::Tmux.require();
        let id = format!("catmaze-e2e-{}", std::process::id());
        let exit_file: PathBuf = std::env::temp_dir().join(format!("{id}.exit"));
        let _ = std::fs::remove_file(&exit_file);
        let mut tmux = Tmux {
            socket: id,
            socket_path: None,
        };
        let command = format!(
            "{} ; echo EXIT=$? > {}",
            env!("CARGO_BIN_EXE_catmaze"),
            exit_file.display()
        );
        let out = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            &WIDTH.to_string(),
            "-y",
            &HEIGHT.to_string(),
            "sh",
            "-c",
            &command,
        ]);
        assert!(out.status.success(), "tmux new-session failed: {out:?}");
        let path = tmux
            .run(&["display-message", "-p", "#{socket_path}"])
            .stdout;
        let path = String::from_utf8_lossy(&path).trim().to_string();
        tmux.socket_path = (!path.is_empty()).then(|| PathBuf::from(path));

        let layout = Layout::compute(Rect::new(0, 0, WIDTH, HEIGHT), 25, 25).unwrap();
        let spawn = Cell::new(24, 0);
        tmux.wait_for(Duration::from_secs(20), "the game to start", |s| {
            tile_text(s, &layout, spawn) == "Cv"
        });

        // Hovering [22;3] previews the worked example, which bribes the dog at [20;2] on the way.
        let (column, row) = layout.tile_position(Cell::new(22, 3));
        tmux.send_literal(&format!("\x1b[<35;{};{}M", column + 1, row + 1));
        let bribing =
            "route: 9 steps, 1 dog, bones 1/1 — enough; bribes the dog at [20;2] on the way";
        tmux.wait_for(
            Duration::from_secs(20),
            "the worked example's preview",
            |s| s.iter().any(|l| l.contains(bribing)),
        );
        // v: variant B, and the preview planned again with it, beside the news of the switch.
        tmux.send_literal("v");
        tmux.wait_for(Duration::from_secs(20), "variant B's preview", |s| {
            s.iter().any(|l| l.contains("Routes: B: diagonal"))
                && s.iter().any(|l| {
                    l.contains("route: 8 steps, 1 dog, bones 0/1 — not enough, eaten at [20;2]")
                })
        });
        tmux.send_literal("vv");
        tmux.wait_for(Duration::from_secs(20), "variant A again", |s| {
            s.iter().any(|l| l.contains("Routes: A: 4-way"))
                && s.iter().any(|l| l.contains(bribing))
        });

        // [19;0] is plain floor five tiles left of the spawn.
        let target = Cell::new(19, 0);
        let (column, row) = layout.tile_position(target);
        let (x, y) = (column + 1, row + 1); // SGR mouse positions count from 1

        // Moving the mouse there first (an SGR motion report, no button: 35) previews the route.
        tmux.send_literal(&format!("\x1b[<35;{x};{y}M"));
        tmux.wait_for(Duration::from_secs(20), "the route preview", |s| {
            s.iter().any(|l| l.contains("route: 5 steps, no dogs"))
                && s.iter().any(|l| l.contains("Routes: A: 4-way")) // the last event stays
        });
        tmux.send_literal(&format!("\x1b[<0;{x};{y}M"));
        tmux.send_literal(&format!("\x1b[<0;{x};{y}m"));
        tmux.wait_for(Duration::from_secs(20), "the cat on [19;0]", |s| {
            tile_text(s, &layout, target) == "Cv"
        });
        let screen = tmux.screen();
        assert!(
            screen.iter().any(|l| l.contains("Steps: 5")),
            "five steps taken:\n{}",
            screen.join("\n")
        );
        assert_eq!(
            tile_text(&screen, &layout, spawn),
            "· ",
            "the cat left the spawn"
        );

        tmux.send_literal("q");
        let start = Instant::now();
        let status = loop {
            if let Ok(text) = std::fs::read_to_string(&exit_file) {
                if !text.is_empty() {
                    break text;
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the game did not quit on q"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let _ = std::fs::remove_file(&exit_file);
        assert_eq!(status.trim(), "EXIT=0");
    }
}
