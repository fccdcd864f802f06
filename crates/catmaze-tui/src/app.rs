//! [`App`]: the terminal game's state and its reaction to keys, clicks and time.

use crate::layout::Layout;
use catmaze::{Cell, Ending, Event, Game, Phase, Preview};
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::{Position, Rect};
use std::collections::VecDeque;
use std::time::Duration;

/// The status after a click on the side panel.
pub const PANEL_CLICK: &str = "The panel only explains: click a tile of the maze to walk there";
/// The status after a click beside the map and panel (title, status line, margins).
pub const MARGIN_CLICK: &str = "Click a tile of the maze to walk there";
/// The status after a click beside the win / lose box.
pub const GAME_OVER_CLICK: &str = "Game over: click the box, or press r, to play again";

/// How many recent messages the side panel keeps.
const RECENT: usize = 6;

/// The whole state of the terminal game: the rules' [`Game`] plus what only the screen needs.
#[derive(Debug)]
pub struct App {
    /// The game itself.
    pub game: Game,
    /// The keyboard cursor (Enter taps it).
    pub cursor: Cell,
    /// The help box is open.
    pub help: bool,
    /// The player asked to quit.
    pub quit: bool,
    /// What the rules did lately (bones, dogs, rejected taps...), newest last.
    pub recent: VecDeque<String>,
    /// The latest news of any kind, walking included.
    pub status: String,
    /// The size of the last frame drawn, to map mouse positions to tiles.
    pub area: Rect,
    /// The tile to preview a route to: under the mouse, or the cursor after it moved.
    pub aim: Option<Cell>,
    /// What a tap on [`App::aim`] would do, from the rules (kept up to date by every input and
    /// every step).
    pub preview: Option<Preview>,
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl App {
    /// A new session on `game`, with the cursor on the cat.
    pub fn new(game: Game) -> App {
        let mut app = App {
            cursor: game.cat(),
            game,
            help: false,
            quit: false,
            recent: VecDeque::new(),
            status: String::new(),
            area: Rect::default(),
            aim: None,
            preview: None,
        };
        app.say("Click a tile to walk there; ? for help".to_string());
        app
    }

    /// The layout of the last frame, if the map fitted.
    pub fn layout(&self) -> Option<Layout> {
        let level = self.game.level();
        Layout::compute(self.area, level.width(), level.height()).ok()
    }

    /// The latest message of any kind, walking included.
    pub fn last_message(&self) -> &str {
        &self.status
    }

    /// The last thing the rules did (a bone, a dog, a rejected tap, a variant...), which stays on
    /// the status area's second row beside the preview until something else happens.
    ///
    /// ```
    /// use catmaze::Game;
    /// use catmaze_tui::App;
    /// use std::time::Duration;
    ///
    /// let mut app = App::new(Game::original());
    /// app.tap(22, 1);
    /// app.tick(Duration::from_secs(2));
    /// assert_eq!(app.last_event(), "Picked up a bone at [22;1]. Bones: 1");
    /// app.tap(23, 1);
    /// assert_eq!(app.last_message(), "Walking to [23;1]: 1 step");
    /// assert_eq!(app.last_event(), "Picked up a bone at [22;1]. Bones: 1");
    /// ```
    pub fn last_event(&self) -> &str {
        self.recent.back().map_or("", String::as_str)
    }

    /// The status area's third row: the route preview, else the walk under way and the steps it
    /// has to go, else news that is not already the last event (where the cat arrived), else
    /// nothing.
    ///
    /// ```
    /// use catmaze::{Cell, Game};
    /// use catmaze_tui::App;
    /// use std::time::Duration;
    ///
    /// let mut app = App::new(Game::original());
    /// app.tap(22, 1);
    /// app.tick(Duration::from_secs(2));
    /// assert_eq!(app.route_line(), ""); // the bone is the last event, and all the news
    /// app.aim = Some(Cell::new(20, 3));
    /// app.refresh_preview();
    /// assert_eq!(
    ///     app.route_line(),
    ///     "route: 4 steps, 1 dog, bones 1/1 — enough; bribes the dog at [20;2] on the way"
    /// );
    /// app.tap(20, 3);
    /// app.refresh_preview(); // none while walking where it aims
    /// assert_eq!(app.route_line(), "Walking to [20;3]: 4 steps to go");
    /// app.tick(Duration::from_secs(2));
    /// assert_eq!(app.last_event(), "Bribed the dog at [20;2]. Bones: 0");
    /// assert_eq!(app.route_line(), ""); // arrived: the bribe was the news
    /// ```
    pub fn route_line(&self) -> String {
        if let Some(preview) = self.preview_text() {
            return preview;
        }
        if let Some(target) = self.game.target() {
            let left = self.game.route().len();
            return format!("Walking to {target}: {left} step{} to go", plural(left));
        }
        if self.status != self.last_event() {
            return self.status.clone();
        }
        String::new()
    }

    fn say(&mut self, message: String) {
        self.status.clone_from(&message);
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(message);
    }

    fn record(&mut self, events: Vec<Event>) {
        let mut said = false;
        for event in events {
            match event {
                // Plain steps would hide everything else; a rest is news only on its own.
                Event::Step { .. } => {}
                Event::Stopped { .. } if said => {}
                // Walking news goes to the status line only, so the log keeps what the rules did.
                Event::RouteStarted { .. } | Event::Queued { .. } | Event::Stopped { .. } => {
                    self.status = event.to_string();
                    said = true;
                }
                other => {
                    self.say(other.to_string());
                    said = true;
                }
            }
        }
    }

    /// Lets `dt` of real time pass: the cat walks.
    pub fn tick(&mut self, dt: Duration) {
        let events = self.game.update(dt);
        // Objects, bones and the start of a re-tap change only when something happens.
        if !events.is_empty() {
            self.record(events);
            self.refresh_preview();
        }
    }

    /// Reacts to one terminal event.
    pub fn handle(&mut self, event: &TermEvent) {
        match event {
            TermEvent::Key(key) if key.kind != KeyEventKind::Release => self.on_key(*key),
            TermEvent::Mouse(mouse) => self.on_mouse(*mouse),
            TermEvent::Resize(w, h) => self.area = Rect::new(0, 0, *w, *h),
            _ => {}
        }
        self.refresh_preview();
    }

    /// Asks the rules again what a tap on the aimed tile would do. Nothing is previewed while the
    /// help box is open, after the game, or for the tile the cat is already walking to.
    pub fn refresh_preview(&mut self) {
        let walking_there =
            |app: &App, cell: Cell| app.game.target() == Some(cell) && app.game.pending().is_none();
        self.preview = match self.aim {
            Some(cell) if !self.help && !walking_there(self, cell) => self.game.preview(cell),
            _ => None,
        };
    }

    /// The preview in words, e.g. "route: 9 steps, 1 dog, bones 1/1 — enough", followed by the
    /// dogs bribed on the way, if any, when they are not the tapped tile: "; bribes the dog at
    /// [20;2] on the way".
    pub fn preview_text(&self) -> Option<String> {
        let p = self.preview.as_ref()?;
        let steps = p.route.tiles.len();
        let dogs = p.dogs.len();
        let mut text = format!("route: {steps} step{}, ", plural(steps));
        if dogs == 0 {
            text.push_str("no dogs");
        } else {
            text.push_str(&format!(
                "{dogs} dog{}, bones {}/{dogs}",
                plural(dogs),
                p.bones_available()
            ));
        }
        let enough = if dogs > 0 { "enough, " } else { "" };
        match p.ending {
            Ending::Eaten { at } => text.push_str(&format!(" — not enough, eaten at {at}")),
            Ending::Wins { .. } => text.push_str(&format!(" — {enough}reaches the exit")),
            Ending::Arrives { .. } if dogs > 0 => text.push_str(" — enough"),
            Ending::Arrives { .. } => {}
        }
        let others = p.bribes_on_the_way();
        if !others.is_empty() {
            let tiles: Vec<String> = others.iter().map(Cell::to_string).collect();
            let s = plural(others.len());
            text.push_str(&format!(
                "; bribes the dog{s} at {} on the way",
                tiles.join(", ")
            ));
        }
        Some(text)
    }

    /// A tap on tile (`x`, `y`), as a click or Enter gives it.
    pub fn tap(&mut self, x: i64, y: i64) {
        let events = self.game.tap(x, y);
        self.record(events);
    }

    /// Reloads the level.
    pub fn restart(&mut self) {
        let events = self.game.restart();
        self.cursor = self.game.cat();
        self.record(events);
    }

    fn on_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => self.quit = true,
            KeyCode::Char('q') | KeyCode::Char('Q') => self.quit = true,
            _ if self.help => self.help = false,
            KeyCode::Char('?') | KeyCode::Char('h') | KeyCode::F(1) => self.help = true,
            KeyCode::Char('r') | KeyCode::Char('R') => self.restart(),
            KeyCode::Enter if self.game.phase() != Phase::Playing => self.restart(),
            // The preview is planned again with the new variant (as after every key).
            KeyCode::Char('v') | KeyCode::Char('V') => {
                let events = self.game.cycle_variant();
                self.record(events);
            }
            KeyCode::Up => self.move_cursor(0, -1),
            KeyCode::Down => self.move_cursor(0, 1),
            KeyCode::Left => self.move_cursor(-1, 0),
            KeyCode::Right => self.move_cursor(1, 0),
            KeyCode::Home => self.cursor = self.game.cat(),
            KeyCode::Enter | KeyCode::Char(' ') => {
                self.tap(self.cursor.x as i64, self.cursor.y as i64)
            }
            KeyCode::Char('w') => self.step_cat(0, -1),
            KeyCode::Char('a') => self.step_cat(-1, 0),
            KeyCode::Char('s') => self.step_cat(0, 1),
            KeyCode::Char('d') => self.step_cat(1, 0),
            _ => {}
        }
    }

    fn move_cursor(&mut self, dx: i64, dy: i64) {
        let level = self.game.level();
        let x = (self.cursor.x as i64 + dx).clamp(0, level.width() as i64 - 1);
        let y = (self.cursor.y as i64 + dy).clamp(0, level.height() as i64 - 1);
        self.cursor = Cell::new(x as u32, y as u32);
        self.aim = Some(self.cursor);
    }

    /// A tap on the tile next to the cat (next to where it is heading, while it walks).
    fn step_cat(&mut self, dx: i64, dy: i64) {
        let from = self.game.step().map_or(self.game.cat(), |s| s.to);
        self.tap(from.x as i64 + dx, from.y as i64 + dy);
    }

    fn on_mouse(&mut self, mouse: MouseEvent) {
        if matches!(mouse.kind, MouseEventKind::Moved | MouseEventKind::Drag(_)) {
            self.aim = self.layout().and_then(|layout| {
                let (x, y) = layout.tile_at(mouse.column, mouse.row)?;
                let level = self.game.level();
                level.contains(x, y).then(|| Cell::new(x as u32, y as u32))
            });
            return;
        }
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        let Some(layout) = self.layout() else {
            return;
        };
        let at = Position::new(mouse.column, mouse.row);
        if self.game.phase() != Phase::Playing {
            if layout.popup().contains(at) {
                self.restart();
            } else {
                self.status = GAME_OVER_CLICK.to_string();
            }
            return;
        }
        let Some((x, y)) = layout.tile_at(mouse.column, mouse.row) else {
            // Not the map: say what a click does rather than nothing at all.
            self.status = if layout.side.contains(at) {
                PANEL_CLICK
            } else {
                MARGIN_CLICK
            }
            .to_string();
            return;
        };
        if let Some(cell) = self
            .game
            .level()
            .contains(x, y)
            .then(|| Cell::new(x as u32, y as u32))
        {
            self.cursor = cell;
        }
        self.tap(x, y);
    }
}
