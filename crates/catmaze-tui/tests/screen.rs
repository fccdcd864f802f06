//! The drawn screen, checked with ratatui's `TestBackend`: full-screen text snapshots (in
//! `tests/snapshots/`, rewritten with `UPDATE_SNAPSHOTS=1`) plus colour and input checks.

use catmaze::{Cell, Game, Level, Phase, Variant};
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
const H: u16 = 30;

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

#[test]
fn a_small_terminal_gets_a_message_and_resizing_brings_the_map_back() {
    let mut app = app();
    app.handle(&Event::Resize(60, 20));
    assert!(app.layout().is_none());
    let buf = render(&app, 60, 20);
    snapshot("too_small", &buf);
    assert!(text(&buf).contains("needs 81x30, this one is 60x20"));
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
