//! `catmaze`: Cat Maze in the terminal. Click a tile and the cat walks there.

use catmaze::Game;
use catmaze_tui::{ui, App, STEP};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use ratatui::DefaultTerminal;
use std::io::{self, stdout};
use std::time::{Duration, Instant};

/// How often the screen is redrawn while nothing else happens (the cat's pace is set by `STEP`).
const FRAME: Duration = Duration::from_millis(30);

fn main() {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(err) => {
            eprintln!("catmaze: cannot use this terminal: {err}");
            std::process::exit(1);
        }
    };
    // ratatui's hook (installed by try_init) restores raw mode and the screen; this one also
    // switches mouse reporting off first, so a panic never leaves the shell full of mouse codes.
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        restore_screen(info);
    }));
    let result = execute!(stdout(), EnableMouseCapture).and_then(|_| run(&mut terminal));
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    if let Err(err) = result {
        eprintln!("catmaze: {err}");
        std::process::exit(1);
    }
}

fn run(terminal: &mut DefaultTerminal) -> io::Result<()> {
    let mut app = App::new(Game::original().with_step_duration(STEP));
    let size = terminal.size()?;
    app.area = Rect::new(0, 0, size.width, size.height);
    let mut last = Instant::now();
    while !app.quit {
        terminal.draw(|frame| {
            app.area = frame.area();
            ui::draw(frame, &app);
        })?;
        let ready = event::poll(FRAME)?;
        // Time passes before the input is handled, so a tap starts its first step from zero.
        let now = Instant::now();
        app.tick(now - last);
        last = now;
        if ready {
            // Drain everything waiting, so a burst of input is handled before the next frame.
            loop {
                app.handle(&event::read()?);
                if app.quit || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        }
    }
    Ok(())
}
