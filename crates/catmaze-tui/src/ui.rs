//! Drawing: the map, the planned route, the cat, the side panel, the status line and the boxes
//! for help, winning and losing. Reads the [`App`], never changes it.

use crate::layout::{Layout, TooSmall};
use crate::theme::{self, Glyph};
use crate::App;
use catmaze::{Cell, Ending, Outlook, Phase, Tile, Variant};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget, Wrap};
use ratatui::Frame;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let level = app.game.level();
    match Layout::compute(area, level.width(), level.height()) {
        Ok(layout) => {
            let buf = frame.buffer_mut();
            title(buf, &layout);
            map(buf, &layout, app);
            side(buf, &layout, app);
            status(buf, &layout, app);
            match app.game.phase() {
                Phase::Won => game_over(buf, &layout, true, app),
                Phase::Lost => game_over(buf, &layout, false, app),
                Phase::Playing => {}
            }
            if app.help {
                // The box is narrower than the map and panel together: blank them, so no cut-off
                // tiles or half words of the panel are left beside it.
                Clear.render(layout.board, buf);
                help(buf, area);
            }
        }
        Err(too_small) => small(frame.buffer_mut(), area, too_small),
    }
}

fn title(buf: &mut Buffer, layout: &Layout) {
    let line = Line::from(vec![
        Span::styled(" Cat Maze ", Style::new().bold().fg(Color::Yellow)),
        Span::raw("· walk the cat to the exit "),
        Span::styled(
            theme::tile(Tile::Exit).text.trim_end(),
            theme::tile(Tile::Exit).style,
        ),
        Span::raw(" · bribe dogs with bones"),
    ]);
    buf.set_line(layout.title.x, layout.title.y, &line, layout.title.width);
}

fn put(buf: &mut Buffer, layout: &Layout, cell: Cell, glyph: Glyph) {
    let (x, y) = layout.tile_position(cell);
    buf.set_string(x, y, glyph.text, glyph.style);
}

/// Where the cat is drawn: it moves onto the next tile half-way through a step.
fn cat_cell(app: &App) -> Cell {
    match (app.game.step(), app.game.step_progress()) {
        (Some(step), Some(p)) if p >= 0.5 => step.to,
        _ => app.game.cat(),
    }
}

fn map(buf: &mut Buffer, layout: &Layout, app: &App) {
    let game = &app.game;
    Block::new()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::new().fg(Color::DarkGray))
        .title(Line::from(" click a tile ").fg(Color::DarkGray))
        .render(layout.map_block, buf);
    let level = game.level();
    for y in 0..level.height() {
        for x in 0..level.width() {
            let cell = Cell::new(x, y);
            let kind = game.tile(cell).unwrap_or(Tile::Wall);
            put(buf, layout, cell, theme::tile(kind));
        }
    }
    let cat = cat_cell(app);
    if let Some(preview) = &app.preview {
        let eaten_at = match preview.ending {
            Ending::Eaten { at } => Some(at),
            _ => None,
        };
        for &cell in &preview.route.tiles {
            let glyph = match game.tile(cell) {
                Some(Tile::Floor) => theme::preview(),
                Some(kind) => {
                    let g = theme::tile(kind);
                    let bg = if Some(cell) == eaten_at {
                        theme::DANGER_BG
                    } else {
                        theme::PREVIEW_BG
                    };
                    Glyph {
                        text: g.text,
                        style: g.style.bg(bg),
                    }
                }
                None => continue,
            };
            put(buf, layout, cell, glyph);
        }
    }
    // The walk under way is drawn over the preview. A pending re-tap drops the rest of the route after this step: show only the step.
    let route = match (game.pending(), game.step()) {
        (Some(_), Some(step)) => vec![step.to],
        _ => game.route(),
    };
    for cell in route {
        if cell == cat {
            continue;
        }
        let glyph = match game.tile(cell) {
            Some(Tile::Floor) => theme::route(),
            Some(kind) => {
                let g = theme::tile(kind);
                Glyph {
                    text: g.text,
                    style: g.style.bg(theme::ROUTE_BG),
                }
            }
            None => continue,
        };
        put(buf, layout, cell, glyph);
    }
    if let Some((x, y)) = game.pending() {
        if level.contains(x, y) {
            let cell = Cell::new(x as u32, y as u32);
            let (cx, cy) = layout.tile_position(cell);
            buf.set_style(Rect::new(cx, cy, 2, 1), Style::new().bg(theme::PENDING_BG));
        }
    }
    put(buf, layout, cat, theme::cat(game.facing()));
    if game.phase() == Phase::Playing {
        let (cx, cy) = layout.tile_position(app.cursor);
        let style = buf[(cx, cy)].style();
        buf.set_style(Rect::new(cx, cy, 2, 1), theme::cursor(style));
    }
}

fn side(buf: &mut Buffer, layout: &Layout, app: &App) {
    let heading = |s: &'static str| Line::from(Span::styled(s, Style::new().bold().underlined()));
    let mut lines = vec![heading("Legend")];
    let legend = theme::legend();
    for pair in legend.chunks(2) {
        let mut spans = Vec::new();
        for (glyph, name) in pair {
            spans.push(Span::styled(glyph.text, glyph.style));
            spans.push(Span::raw(format!(" {name:<10}")));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(heading("Keys"));
    for (key, what) in [
        ("click", "walk there"),
        ("arrows", "move the cursor"),
        ("Enter", "walk to the cursor"),
        ("wasd", "one step"),
        ("v", "variant, new preview"),
        ("r", "restart"),
        ("?", "help"),
        ("q", "quit"),
    ] {
        lines.push(Line::from(vec![
            Span::styled(format!("{key:<7}"), Style::new().fg(Color::Cyan)),
            Span::raw(what),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(heading("Route variant"));
    for v in Variant::ALL {
        let style = if v == app.game.variant() {
            Style::new().fg(Color::Black).bg(Color::Cyan)
        } else {
            Style::new().fg(Color::DarkGray)
        };
        lines.push(Line::from(Span::styled(v.name(), style)));
    }
    lines.push(Line::raw(""));
    lines.push(heading("Recent"));
    // Newest messages that fit, each wrapped to the panel's width, oldest first.
    let width = layout.side.width.max(1) as usize;
    let mut room = (layout.side.height as usize).saturating_sub(lines.len());
    let mut shown = Vec::new();
    for message in app.recent.iter().rev() {
        let rows = wrap(message, width).len();
        if rows > room {
            break;
        }
        room -= rows;
        shown.push(message);
    }
    for message in shown.into_iter().rev() {
        for row in wrap(message, width) {
            lines.push(Line::from(Span::styled(row, Style::new().fg(Color::Gray))));
        }
    }
    Paragraph::new(lines).render(layout.side, buf);
}

/// Greedy word wrap to `width` columns; words longer than a row are cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut rows = vec![String::new()];
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let row = rows.last_mut().expect("never empty");
            let used = row.chars().count();
            let gap = usize::from(used > 0);
            if used + gap + word.len() <= width {
                if gap == 1 {
                    row.push(' ');
                }
                row.extend(word.iter());
                break;
            }
            if used == 0 {
                row.extend(word.drain(..width));
                rows.push(String::new());
                if word.is_empty() {
                    break;
                }
            } else {
                rows.push(String::new());
            }
        }
    }
    if rows.len() > 1 && rows.last().is_some_and(String::is_empty) {
        rows.pop();
    }
    rows
}

/// `text` on one row of `width` columns: whole if it fits, else cut after the last whole word
/// that leaves room for an ellipsis (a first word longer than the row is cut inside).
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut kept = String::new();
    for word in text.split_whitespace() {
        let gap = usize::from(!kept.is_empty());
        if kept.chars().count() + gap + word.chars().count() + 1 > width {
            break;
        }
        if gap == 1 {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    if kept.is_empty() {
        kept = text.chars().take(width - 1).collect();
    }
    // No dangling punctuation before the ellipsis.
    let trimmed = kept
        .trim_end_matches([',', ';', ':', '.', '—', '-'])
        .trim_end();
    format!("{trimmed}…")
}

fn status(buf: &mut Buffer, layout: &Layout, app: &App) {
    let game = &app.game;
    let (label, label_style) = match game.phase() {
        Phase::Playing if game.step().is_some() => ("walking", Style::new().fg(Color::Cyan)),
        Phase::Playing => ("ready", Style::new().fg(Color::Green)),
        Phase::Won => ("WON", Style::new().fg(Color::Black).bg(Color::LightGreen)),
        Phase::Lost => ("LOST", Style::new().fg(Color::White).bg(Color::Red)),
    };
    let mut counters = vec![
        Span::styled(format!(" Bones: {} ", game.bones()), Style::new().bold()),
        Span::raw(format!(
            "│ Steps: {} │ Route {} │ ",
            game.steps_taken(),
            game.variant()
        )),
        Span::styled(label, label_style),
    ];
    if game.phase() == Phase::Playing && game.outlook() == Outlook::Unwinnable {
        counters.push(Span::raw(" "));
        counters.push(Span::styled(
            OUT_OF_REACH,
            Style::new().fg(Color::White).bg(Color::Red),
        ));
    }
    // The last event stays on its row; the preview (or the walk) has the row below.
    let room = (layout.status.width as usize).saturating_sub(1);
    let row = |text: &str, colour: Color| {
        Line::from(Span::styled(
            format!(" {}", fit(text, room)),
            Style::new().fg(colour),
        ))
    };
    let area = layout.status;
    buf.set_style(area, Style::new().bg(Color::Indexed(236)));
    buf.set_line(area.x, area.y, &Line::from(counters), area.width);
    buf.set_line(
        area.x,
        area.y + 1,
        &row(app.last_event(), Color::Yellow),
        area.width,
    );
    buf.set_line(
        area.x,
        area.y + 2,
        &row(&app.route_line(), Color::LightCyan),
        area.width,
    );
}

/// The status label once the rules have proven the exit out of reach.
///
/// ```
/// use catmaze::{Game, Outlook};
/// use catmaze_tui::{ui, App};
/// use ratatui::{backend::TestBackend, Terminal};
/// use std::time::Duration;
///
/// let mut app = App::new(Game::original());
/// app.tap(22, 1);
/// app.tick(Duration::from_secs(2));
/// app.tap(8, 5); // the only bone, spent on a dog before the one at [20;2]
/// app.tick(Duration::from_secs(20));
/// assert_eq!(app.game.outlook(), Outlook::Unwinnable);
/// let mut terminal = Terminal::new(TestBackend::new(81, 31)).unwrap();
/// terminal.draw(|frame| ui::draw(frame, &app)).unwrap();
/// let buffer = terminal.backend().buffer();
/// let row = |y: u16| (0..81).map(|x| buffer[(x, y)].symbol()).collect::<String>();
/// assert!(row(28).trim_end().ends_with(ui::OUT_OF_REACH));
/// ```
pub const OUT_OF_REACH: &str = "exit out of reach";

fn boxed(buf: &mut Buffer, area: Rect, title: &str, colour: Color, lines: Vec<Line>) {
    Clear.render(area, buf);
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .block(
            Block::new()
                .borders(Borders::ALL)
                .border_type(BorderType::Double)
                .border_style(Style::new().fg(colour))
                .title(Line::from(title.to_string()).bold().fg(colour))
                .title_alignment(Alignment::Center),
        )
        .render(area, buf);
}

fn game_over(buf: &mut Buffer, layout: &Layout, won: bool, app: &App) {
    let (title, colour, first) = if won {
        (
            " You win! ",
            Color::LightGreen,
            format!("The cat escaped in {} steps.", app.game.steps_taken()),
        )
    } else {
        (
            " You lose! ",
            Color::LightRed,
            format!("A dog ate the cat at {} (no bone).", app.game.cat()),
        )
    };
    let lines = vec![
        Line::raw(first),
        Line::raw(""),
        Line::from(vec![
            Span::styled("r", Style::new().fg(Color::Cyan).bold()),
            Span::raw(" / Enter / click here: play again"),
        ]),
        Line::from(vec![
            Span::styled("q", Style::new().fg(Color::Cyan).bold()),
            Span::raw(": quit"),
        ]),
    ];
    boxed(buf, layout.popup(), title, colour, lines);
}

/// The help text: how to play.
pub const HELP: &[&str] = &[
    "The cat is a thief in a dungeon. Get it to the exit E.",
    "",
    "Click a tile (or move the cursor with the arrows and press Enter):",
    "the cat walks the shortest route there, one tile at a time.",
    "Click again while it walks to change course after the current step.",
    "",
    "Bone B: picked up. Dog D: takes one bone and leaves,",
    "but eats a cat that has none. Walls block; dogs do not:",
    "steer around them by clicking tiles on the way.",
    "",
    "v switches how routes are planned, and plans the preview again:",
    "  A 4-way steps (the first tutorial)",
    "  B diagonal steps too, 10/14 (no cutting wall corners)",
    "  C as B, but dogs cost 10x: walks around them if it can",
    "wasd: one step.  r: restart.  q: quit.",
    "",
    "Hint: there are 19 bones and you need all of them. A bone spent on the",
    "wrong dog loses the game for good: the status line says so at once.",
    "",
    "Press any key or click to close.",
];

fn help(buf: &mut Buffer, area: Rect) {
    let w = 72.min(area.width);
    let h = (HELP.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(rect, buf);
    Paragraph::new(HELP.iter().map(|s| Line::raw(*s)).collect::<Vec<_>>())
        .block(
            Block::new()
                .borders(Borders::ALL)
                .border_type(BorderType::Rounded)
                .border_style(Style::new().fg(Color::Cyan))
                .title(Line::from(" How to play ").bold().fg(Color::Cyan)),
        )
        .render(rect, buf);
}

fn small(buf: &mut Buffer, area: Rect, too_small: TooSmall) {
    let lines = vec![
        Line::from(Span::styled(
            "Terminal too small for the maze",
            Style::new().add_modifier(Modifier::BOLD).fg(Color::Yellow),
        )),
        Line::raw(format!(
            "needs {}x{}, this one is {}x{}",
            too_small.need.0, too_small.need.1, too_small.have.0, too_small.have.1
        )),
        Line::raw("Enlarge the window (or zoom out). q quits."),
    ];
    let h = (lines.len() as u16).min(area.height);
    let rect = Rect::new(area.x, area.y + (area.height - h) / 2, area.width, h);
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}

#[cfg(test)]
mod tests {
    use super::{fit, wrap};

    #[test]
    fn fit_cuts_between_words_with_an_ellipsis() {
        assert_eq!(fit("short", 10), "short");
        let text = "Click a tile to walk there; ? for help";
        assert_eq!(fit(text, 30), "Click a tile to walk there; ?…");
        assert_eq!(fit(text, 28), "Click a tile to walk there…");
        assert_eq!(fit(text, 27), "Click a tile to walk…");
        assert_eq!(fit("abcdefghij", 5), "abcd…");
        assert_eq!(fit("abc", 0), "");
        for width in 1..40 {
            let got = fit("route: 14 steps, 2 dogs, bones 1/2 — not enough", width);
            assert!(got.chars().count() <= width, "{width}: {got}");
        }
    }

    #[test]
    fn wrap_breaks_between_words_and_cuts_long_ones() {
        assert_eq!(
            wrap("You lose! The dog ate", 9),
            ["You lose!", "The dog", "ate"]
        );
        assert_eq!(wrap("abcdefghij xy", 4), ["abcd", "efgh", "ij", "xy"]);
        assert_eq!(wrap("", 5), [""]);
        assert!(wrap("a b c d e f g", 3)
            .iter()
            .all(|r| r.chars().count() <= 3));
    }
}
