//! The drawn screen, checked with ratatui's `TestBackend`: full-screen text snapshots (in
//! `tests/snapshots/`, rewritten with `UPDATE_SNAPSHOTS=1`) plus colour and input checks.

use catmaze::{Cell, Game, Level, Outlook, Phase, Variant};
use catmaze_tui::layout::Layout;
use catmaze_tui::{theme, ui, App, STEP};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::time::Duration;

const W: u16 = 81;
const H: u16 = 31;

fn app() -> App {
    let mut app = App::new(Game::original().with_step_duration(STEP));
    app.area = Rect::new(0, 0, W, H);
    app
}

fn render(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|frame| ui::draw(frame, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut s = String::new();
    for y in 0..buf.area.height {
        let row: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        s.push_str(row.trim_end());
        s.push('\n');
    }
    s
}

fn snapshot(name: &str, buf: &Buffer) {
    let path = format!("{}/tests/snapshots/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let got = text(buf);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{path} missing: run with UPDATE_SNAPSHOTS=1 and review it"));
    assert_eq!(got, want, "screen differs from {path}:\n{got}");
}

fn click(app: &mut App, cell: Cell) {
    let layout = app.layout().expect("the map fits");
    let (column, row) = layout.tile_position(cell);
    for kind in [
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Up(MouseButton::Left),
    ] {
        app.handle(&Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    }
}

fn key(app: &mut App, code: KeyCode) {
    app.handle(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn walk_out(app: &mut App) {
    for _ in 0..1000 {
        if app.game.step().is_none() {
            return;
        }
        app.tick(STEP);
    }
    panic!("the walk did not end");
}

fn cell_at(buf: &Buffer, cell: Cell) -> (String, ratatui::style::Style) {
    let layout = Layout::compute(buf.area, 25, 25).unwrap();
    let (x, y) = layout.tile_position(cell);
    let symbols = format!("{}{}", buf[(x, y)].symbol(), buf[(x + 1, y)].symbol());
    (symbols, buf[(x, y)].style())
}

#[test]
fn start_screen() {
    let app = app();
    let buf = render(&app, W, H);
    snapshot("start", &buf);
    let (glyph, style) = cell_at(&buf, Cell::new(24, 0));
    assert_eq!(glyph, "Cv");
    assert_eq!(style.bg, Some(Color::Yellow));
    assert!(
        style.add_modifier.contains(Modifier::REVERSED),
        "the cursor starts on the cat"
    );
    // Each kind of tile has its own glyph and colour.
    let kinds = [
        (Cell::new(4, 0), "██"),
        (Cell::new(0, 0), "· "),
        (Cell::new(7, 0), "B "),
        (Cell::new(1, 1), "D "),
        (Cell::new(24, 8), "E "),
    ];
    let mut colours = Vec::new();
    for (cell, want) in kinds {
        let (glyph, style) = cell_at(&buf, cell);
        assert_eq!(glyph, want, "{cell}");
        colours.push((style.fg, style.bg));
    }
    for i in 0..colours.len() {
        for j in i + 1..colours.len() {
            assert_ne!(colours[i], colours[j], "tiles {i} and {j} look alike");
        }
    }
}

#[test]
fn clicking_a_tile_shows_the_route_then_walks_there() {
    let mut app = app();
    let target = Cell::new(22, 3);
    click(&mut app, target);
    assert_eq!(app.game.target(), Some(target));
    app.tick(STEP * 2);
    let buf = render(&app, W, H);
    snapshot("walking", &buf);
    // The rest of the route is drawn: [22;1] (a bone) onwards, the dog at [20;2] highlighted.
    let (_, style) = cell_at(&buf, Cell::new(20, 2));
    assert_eq!(style.bg, Some(theme::ROUTE_BG));
    let (glyph, _) = cell_at(&buf, Cell::new(20, 3));
    assert_eq!(glyph, "• ");
    walk_out(&mut app);
    let buf = render(&app, W, H);
    snapshot("arrived", &buf);
    assert_eq!(cell_at(&buf, target).0, "Cv");
    assert_eq!(app.game.bones(), 0);
    assert_eq!(app.game.steps_taken(), 9);
}

#[test]
fn a_click_mid_walk_changes_course_after_the_step() {
    let mut app = app();
    click(&mut app, Cell::new(22, 3));
    app.tick(Duration::from_millis(50));
    click(&mut app, Cell::new(24, 0));
    assert_eq!(app.game.pending(), Some((24, 0)));
    let buf = render(&app, W, H);
    let (_, style) = cell_at(&buf, Cell::new(24, 0));
    // The cat still covers its tile; the pending mark is on the tile under it.
    assert_eq!(style.bg, Some(Color::Yellow));
    walk_out(&mut app);
    assert_eq!(app.game.cat(), Cell::new(24, 0));
    assert_eq!(app.game.steps_taken(), 2);
}

#[test]
fn losing_shows_the_box_and_clicking_it_restarts() {
    let mut app = app();
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(app.game.variant(), Variant::Diagonal);
    click(&mut app, Cell::new(22, 3));
    walk_out(&mut app);
    assert_eq!(app.game.phase(), Phase::Lost);
    let buf = render(&app, W, H);
    snapshot("lost", &buf);
    // Clicks on the map do nothing now; a click on the box restarts.
    click(&mut app, Cell::new(24, 1));
    assert_eq!(app.game.phase(), Phase::Lost);
    let popup = app.layout().unwrap().popup();
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: popup.x + 2,
        row: popup.y + 2,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.game.phase(), Phase::Playing);
    assert_eq!(app.game.cat(), Cell::new(24, 0));
    assert_eq!(app.game.variant(), Variant::Diagonal);
}

#[test]
fn winning_a_small_level_shows_the_win_box() {
    let level = Level::from_text("C.#\n..E\n").unwrap();
    let mut app = App::new(Game::new(level).with_step_duration(STEP));
    app.area = Rect::new(0, 0, W, H);
    click(&mut app, Cell::new(2, 1));
    walk_out(&mut app);
    assert_eq!(app.game.phase(), Phase::Won);
    let buf = render(&app, W, H);
    snapshot("won_small_level", &buf);
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.game.phase(), Phase::Playing);
    assert_eq!(app.game.cat(), Cell::new(0, 0));
}

#[test]
fn keys_move_the_cursor_tap_switch_restart_and_quit() {
    let mut app = app();
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Left);
    assert_eq!(app.cursor, Cell::new(23, 2));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.last_message(), "[23;2] is a wall: the cat stays");
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.game.target(), Some(Cell::new(23, 1)));
    walk_out(&mut app);
    assert_eq!(app.game.cat(), Cell::new(23, 1));
    // The cursor stops at the map's edge.
    for _ in 0..30 {
        key(&mut app, KeyCode::Right);
    }
    assert_eq!(app.cursor, Cell::new(24, 1));
    key(&mut app, KeyCode::Char('a'));
    walk_out(&mut app);
    assert_eq!(app.game.cat(), Cell::new(22, 1));
    assert_eq!(app.game.bones(), 1);
    for want in [Variant::Diagonal, Variant::DogAvoiding, Variant::Tutorial] {
        key(&mut app, KeyCode::Char('v'));
        assert_eq!(app.game.variant(), want);
    }
    key(&mut app, KeyCode::Char('r'));
    assert_eq!((app.game.cat(), app.game.bones()), (Cell::new(24, 0), 0));
    assert!(!app.quit);
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
    let mut app = self::app();
    app.handle(&Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.quit, "Ctrl-C quits");
}

#[test]
fn help_opens_and_any_key_closes_it() {
    let mut app = app();
    key(&mut app, KeyCode::Char('?'));
    assert!(app.help);
    snapshot("help", &render(&app, W, H));
    key(&mut app, KeyCode::Char('x'));
    assert!(!app.help);
    assert!(!app.quit);
}

/// The cells of `rect` that are drawn on (not blank).
fn drawn(buf: &Buffer, rect: Rect) -> Vec<(u16, u16, String)> {
    let mut found = Vec::new();
    for y in rect.y..rect.y + rect.height {
        for x in rect.x..rect.x + rect.width {
            let symbol = buf[(x, y)].symbol();
            if symbol != " " {
                found.push((x, y, symbol.to_string()));
            }
        }
    }
    found
}

#[test]
fn the_help_box_leaves_no_fragments_of_the_map_or_panel() {
    for (w, h) in [(W, H), (120, 45), (100, 32)] {
        let mut app = app();
        app.area = Rect::new(0, 0, w, h);
        let before = render(&app, w, h);
        key(&mut app, KeyCode::Char('?'));
        let buf = render(&app, w, h);
        let layout = app.layout().unwrap();
        // The help box: the rounded corner nearest the top-left of the screen.
        let row = |y: u16| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>();
        let top = (0..h).find(|&y| row(y).contains("How to play")).unwrap();
        let left = (0..w).rfind(|&x| buf[(x, top)].symbol() == "╭").unwrap();
        let right = (left..w).find(|&x| buf[(x, top)].symbol() == "╮").unwrap();
        let bottom = (top..h).find(|&y| buf[(left, y)].symbol() == "╰").unwrap();
        let help = Rect::new(left, top, right - left + 1, bottom - top + 1);
        // Everything of the map and panel outside the box is blank: nothing half drawn.
        let board = layout.board;
        for (x, y, symbol) in drawn(&buf, board) {
            assert!(
                help.contains(ratatui::layout::Position::new(x, y)),
                "{w}x{h}: '{symbol}' left at ({x}, {y}) beside the help box:\n{}",
                text(&buf)
            );
        }
        // Closing it brings back the same screen as before.
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(text(&render(&app, w, h)), text(&before));
    }
}

#[test]
fn a_small_terminal_gets_a_message_and_resizing_brings_the_map_back() {
    let mut app = app();
    app.handle(&Event::Resize(60, 20));
    assert!(app.layout().is_none());
    let buf = render(&app, 60, 20);
    snapshot("too_small", &buf);
    assert!(text(&buf).contains("needs 81x31, this one is 60x20"));
    // Clicks on a screen without a map are ignored, not misread.
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row: 10,
        modifiers: KeyModifiers::NONE,
    }));
    assert!(app.game.step().is_none());
    app.handle(&Event::Resize(120, 45));
    let buf = render(&app, 120, 45);
    assert!(text(&buf).contains("Cat Maze"));
    click(&mut app, Cell::new(23, 0));
    assert_eq!(app.game.target(), Some(Cell::new(23, 0)));
}

#[test]
fn clicks_on_the_border_are_taps_outside_the_map() {
    let mut app = app();
    let layout = app.layout().unwrap();
    let (column, row) = layout.tile_position(Cell::new(24, 0));
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: column + 2,
        row,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(
        app.last_message(),
        "[25;0] is outside the map: the cat stays"
    );
}

#[test]
fn a_narrow_status_line_cuts_between_words() {
    // A small level fits a narrow terminal: its status line is only 37 columns wide.
    let level = Level::from_text("C.#\n..E\n").unwrap();
    let mut app = App::new(Game::new(level).with_step_duration(STEP));
    app.area = Rect::new(0, 0, 37, 31);
    let layout = app.layout().expect("the small level fits");
    assert_eq!(layout.status.width, 37);
    let message = app.last_message().to_string();
    assert!(
        message.chars().count() > 36,
        "the message is too long for the row"
    );
    let buf = render(&app, 37, 31);
    let shown = text(&buf)
        .lines()
        .nth(layout.status.y as usize + 1)
        .unwrap()
        .to_string();
    assert_eq!(shown, " Click a tile to walk there; ? for…");
    // Whatever is shown is whole words of the message, then the ellipsis.
    let kept = shown.trim().trim_end_matches('…');
    assert!(message.starts_with(kept));
    assert_eq!(
        message[kept.len()..].chars().next(),
        Some(' '),
        "cut inside a word"
    );
}

fn press(app: &mut App, column: u16, row: u16) {
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

#[test]
fn clicks_beside_the_map_say_what_to_click() {
    let mut app = app();
    app.area = Rect::new(0, 0, 120, 45);
    let layout = app.layout().unwrap();
    press(&mut app, layout.side.x + 3, layout.side.y + 10);
    assert_eq!(app.last_message(), catmaze_tui::app::PANEL_CLICK);
    assert!(app.game.step().is_none(), "nothing moves");
    let buf = render(&app, 120, 45);
    assert!(text(&buf).contains("click a tile of the maze to walk there"));
    // The margins around the board, the title and the status line.
    for (column, row) in [
        (0, 0),
        (layout.board.x - 1, layout.board.y + 5),
        (layout.title.x + 3, layout.title.y),
        (layout.status.x + 3, layout.status.y),
        (119, 44),
    ] {
        app.status.clear();
        press(&mut app, column, row);
        assert_eq!(
            app.last_message(),
            catmaze_tui::app::MARGIN_CLICK,
            "({column}, {row})"
        );
    }
    assert!(app.game.step().is_none());
    assert_eq!(app.game.cat(), Cell::new(24, 0));
    // A tile still walks.
    click(&mut app, Cell::new(23, 0));
    assert_eq!(app.game.target(), Some(Cell::new(23, 0)));
}

#[test]
fn a_click_beside_the_game_over_box_says_how_to_play_again() {
    let mut app = app();
    key(&mut app, KeyCode::Char('v'));
    click(&mut app, Cell::new(22, 3));
    walk_out(&mut app);
    assert_eq!(app.game.phase(), Phase::Lost);
    let layout = app.layout().unwrap();
    press(&mut app, layout.side.x + 3, layout.side.y + 1);
    assert_eq!(app.last_message(), catmaze_tui::app::GAME_OVER_CLICK);
    assert_eq!(app.game.phase(), Phase::Lost);
}

fn hover(app: &mut App, column: u16, row: u16) {
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Moved,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

fn hover_cell(app: &mut App, cell: Cell) {
    let (column, row) = app.layout().unwrap().tile_position(cell);
    hover(app, column + 1, row);
}

#[test]
fn hovering_a_tile_previews_the_route_its_dogs_and_bones() {
    let mut app = app();
    hover_cell(&mut app, Cell::new(22, 3));
    let buf = render(&app, W, H);
    snapshot("preview", &buf);
    let said = "route: 9 steps, 1 dog, bones 1/1 — enough; bribes the dog at [20;2] on the way";
    assert_eq!(app.preview_text().as_deref(), Some(said));
    assert!(text(&buf).contains(said));
    // Every tile of the route is marked, in the preview's colour, not the walking route's.
    let route = app.preview.as_ref().unwrap().route.tiles.clone();
    assert_eq!(route.len(), 9);
    for &cell in &route {
        let (_, style) = cell_at(&buf, cell);
        assert_eq!(style.bg, Some(theme::PREVIEW_BG), "{cell}");
    }
    assert_eq!(cell_at(&buf, Cell::new(20, 3)).0, theme::preview().text);
    assert_eq!(cell_at(&buf, Cell::new(20, 2)).0, "D ");
    assert_eq!(cell_at(&buf, Cell::new(22, 1)).0, "B ");
    assert_ne!(theme::PREVIEW_BG, theme::ROUTE_BG);
    assert_ne!(theme::preview().text, theme::route().text);
    // Nothing moved.
    assert!(app.game.step().is_none());

    // Route B misses the bone: the dog that would eat the cat is marked.
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(
        app.preview_text().as_deref(),
        Some("route: 8 steps, 1 dog, bones 0/1 — not enough, eaten at [20;2]")
    );
    let buf = render(&app, W, H);
    assert_eq!(cell_at(&buf, Cell::new(20, 2)).1.bg, Some(theme::DANGER_BG));
    assert!(text(&buf).contains("not enough, eaten at [20;2]"));

    // Off the map, on a wall, or on the cat: no preview, the last news is back.
    for (column, row) in [(0, 0), (app.layout().unwrap().side.x + 2, 10)] {
        hover(&mut app, column, row);
        assert!(app.preview.is_none());
    }
    hover_cell(&mut app, Cell::new(23, 2));
    assert!(app.preview.is_none(), "a wall");
    hover_cell(&mut app, Cell::new(24, 0));
    assert!(app.preview.is_none(), "the cat's tile");
    let buf = render(&app, W, H);
    assert!(!text(&buf).contains("route:"));
    assert!(text(&buf).contains(app.last_message()));
}

#[test]
fn the_walking_route_replaces_the_preview_and_a_re_route_is_previewed() {
    let mut app = app();
    let target = Cell::new(22, 3);
    hover_cell(&mut app, target);
    click(&mut app, target);
    assert!(
        app.preview.is_none(),
        "the walk itself is drawn, not a preview of it"
    );
    app.tick(STEP * 2);
    let buf = render(&app, W, H);
    assert_eq!(cell_at(&buf, Cell::new(20, 3)).1.bg, Some(theme::ROUTE_BG));
    // Hovering elsewhere while walking previews the re-route from the end of the step.
    hover_cell(&mut app, Cell::new(24, 0));
    let preview = app.preview.clone().expect("a re-route preview");
    let from = app.game.step().unwrap().to;
    assert_eq!(preview.route.tiles.last(), Some(&Cell::new(24, 0)));
    assert!(!preview.route.tiles.contains(&from));
    let buf = render(&app, W, H);
    assert_eq!(
        cell_at(&buf, Cell::new(24, 1)).1.bg,
        Some(theme::PREVIEW_BG)
    );
    // Each step refreshes it: it always starts where the step in progress ends.
    for _ in 0..3 {
        app.tick(STEP);
        if let (Some(step), Some(p)) = (app.game.step(), &app.preview) {
            assert!(!p.route.tiles.contains(&step.to));
            assert_eq!(Some(p), app.game.clone().preview(Cell::new(24, 0)).as_ref());
        }
    }
    // The help box hides it.
    key(&mut app, KeyCode::Char('?'));
    assert!(app.preview.is_none());
}

#[test]
fn moving_the_cursor_previews_the_route_to_it() {
    let mut app = app();
    assert!(app.preview.is_none(), "nothing before the cursor moves");
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Left);
    assert_eq!(app.cursor, Cell::new(22, 0));
    assert_eq!(
        app.preview_text().as_deref(),
        Some("route: 2 steps, no dogs")
    );
    let buf = render(&app, W, H);
    assert_eq!(
        cell_at(&buf, Cell::new(23, 0)).1.bg,
        Some(theme::PREVIEW_BG)
    );
    key(&mut app, KeyCode::Enter);
    assert!(app.preview.is_none());
    assert_eq!(app.game.target(), Some(Cell::new(22, 0)));
}

/// The three rows of the status area as drawn: counters, last event, preview.
fn status_rows(app: &App, buf: &Buffer) -> [String; 3] {
    let area = app.layout().unwrap().status;
    let row = |y: u16| -> String {
        (area.x..area.x + area.width)
            .map(|x| buf[(x, y)].symbol())
            .collect::<String>()
            .trim()
            .to_string()
    };
    [row(area.y), row(area.y + 1), row(area.y + 2)]
}

#[test]
fn the_last_event_stays_beside_the_preview_which_names_bribes_on_the_way() {
    let mut app = app();
    click(&mut app, Cell::new(22, 1));
    walk_out(&mut app);
    assert_eq!(app.game.bones(), 1);
    // Beyond the dog at [20;2]: the route bribes it on the way.
    hover_cell(&mut app, Cell::new(20, 3));
    let buf = render(&app, W, H);
    let [counters, event, preview] = status_rows(&app, &buf);
    assert!(counters.starts_with("Bones: 1 │ Steps: 3"), "{counters}");
    assert_eq!(event, "Picked up a bone at [22;1]. Bones: 1");
    assert_eq!(
        preview,
        "route: 4 steps, 1 dog, bones 1/1 — enough; bribes the dog at [20;2] on the way"
    );
    // The dog itself: that bribe is the one clicked, nothing to point out.
    hover_cell(&mut app, Cell::new(20, 2));
    let buf = render(&app, W, H);
    let [_, event, preview] = status_rows(&app, &buf);
    assert_eq!(event, "Picked up a bone at [22;1]. Bones: 1");
    assert_eq!(preview, "route: 3 steps, 1 dog, bones 1/1 — enough");
    // Walking news takes the preview's row, not the event's.
    hover_cell(&mut app, Cell::new(20, 3));
    click(&mut app, Cell::new(20, 3));
    app.tick(STEP);
    let buf = render(&app, W, H);
    let [_, event, walking] = status_rows(&app, &buf);
    assert_eq!(event, "Picked up a bone at [22;1]. Bones: 1");
    assert_eq!(walking, "Walking to [20;3]: 3 steps to go");
    walk_out(&mut app);
    let buf = render(&app, W, H);
    let [_, event, rest] = status_rows(&app, &buf);
    assert_eq!(event, "Bribed the dog at [20;2]. Bones: 0");
    assert_eq!(rest, "Arrived at [20;3]");
}

#[test]
fn v_switches_the_variant_and_plans_the_preview_again_beside_the_news() {
    let mut app = app();
    hover_cell(&mut app, Cell::new(22, 3));
    let buf = render(&app, W, H);
    let [_, _, preview] = status_rows(&app, &buf);
    assert_eq!(
        preview,
        "route: 9 steps, 1 dog, bones 1/1 — enough; bribes the dog at [20;2] on the way"
    );
    key(&mut app, KeyCode::Char('v'));
    let buf = render(&app, W, H);
    let [counters, event, preview] = status_rows(&app, &buf);
    assert!(counters.contains("Route B: diagonal"), "{counters}");
    assert!(event.starts_with("Routes: B: diagonal"), "{event}");
    assert_eq!(
        preview,
        "route: 8 steps, 1 dog, bones 0/1 — not enough, eaten at [20;2]"
    );
    key(&mut app, KeyCode::Char('v'));
    let buf = render(&app, W, H);
    let [_, event, preview] = status_rows(&app, &buf);
    assert!(event.starts_with("Routes: C: avoid dogs"), "{event}");
    assert_eq!(
        preview,
        "route: 8 steps, 1 dog, bones 0/1 — not enough, eaten at [20;2]"
    );
}

#[test]
fn a_wasted_bribe_says_at_once_that_the_exit_is_out_of_reach() {
    let mut app = app();
    click(&mut app, Cell::new(22, 1));
    walk_out(&mut app);
    // The dog at [8;5] with the only bone: the dog at [20;2] can never be paid now.
    click(&mut app, Cell::new(8, 5));
    walk_out(&mut app);
    assert_eq!(app.game.outlook(), Outlook::Unwinnable);
    assert_eq!(app.game.phase(), Phase::Playing);
    let buf = render(&app, W, H);
    let [counters, event, _] = status_rows(&app, &buf);
    assert!(
        counters.ends_with(catmaze_tui::ui::OUT_OF_REACH),
        "{counters}"
    );
    assert_eq!(
        event,
        "The exit is out of reach now: too few bones left for the dogs in the way"
    );
    let label = text(&buf).find(catmaze_tui::ui::OUT_OF_REACH).unwrap();
    assert!(label > 0);
    // Both stay in the log; a restart clears the label.
    assert!(app
        .recent
        .iter()
        .any(|m| m.starts_with("Bribed the dog at [8;5]")));
    key(&mut app, KeyCode::Char('r'));
    let buf = render(&app, W, H);
    assert!(!text(&buf).contains(catmaze_tui::ui::OUT_OF_REACH));
    // Before the bribe, all was well: no label.
    let mut fine = self::app();
    click(&mut fine, Cell::new(22, 1));
    walk_out(&mut fine);
    let buf = render(&fine, W, H);
    assert!(!text(&buf).contains(catmaze_tui::ui::OUT_OF_REACH));
}
