//! Glyphs and colours: every tile kind, the cat, the route and the cursor look different, and the
//! legend is built from the same table so it always matches the map.

use catmaze::{Facing, Tile};
use ratatui::style::{Color, Modifier, Style};

/// Two terminal columns of text and their style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// Exactly two columns wide.
    pub text: &'static str,
    /// Colours and modifiers.
    pub style: Style,
}

/// Background of the tiles on the planned route.
pub const ROUTE_BG: Color = Color::Indexed(24);
/// Background of the tiles of a previewed route (under the mouse or the cursor, before a tap).
pub const PREVIEW_BG: Color = Color::Indexed(58);
/// Background of the dog a previewed route would end at, eaten.
pub const DANGER_BG: Color = Color::Red;
/// Background of the tile a re-tap will walk to next.
pub const PENDING_BG: Color = Color::Indexed(90);

/// How a tile looks.
pub fn tile(tile: Tile) -> Glyph {
    let (text, style) = match tile {
        Tile::Wall => ("██", Style::new().fg(Color::Gray)),
        Tile::Floor => ("· ", Style::new().fg(Color::DarkGray)),
        Tile::Bone => (
            "B ",
            Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
        ),
        Tile::Dog => (
            "D ",
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
        ),
        Tile::Exit => (
            "E ",
            Style::new()
                .fg(Color::Black)
                .bg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
        ),
    };
    Glyph { text, style }
}

/// The floor glyph of a route tile.
pub fn route() -> Glyph {
    Glyph {
        text: "• ",
        style: Style::new().fg(Color::LightCyan).bg(ROUTE_BG),
    }
}

/// The floor glyph of a previewed route: lighter than the walking route, another colour.
pub fn preview() -> Glyph {
    Glyph {
        text: "∘ ",
        style: Style::new().fg(Color::LightYellow).bg(PREVIEW_BG),
    }
}

/// The cat, with an arrow for the way it faces.
pub fn cat(facing: Facing) -> Glyph {
    let text = match facing {
        Facing::Forward => "Cv",
        Facing::Back => "C^",
        Facing::Left => "<C",
        Facing::Right => "C>",
    };
    Glyph {
        text,
        style: Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
    }
}

/// The keyboard cursor is drawn by reversing the tile under it.
pub fn cursor(style: Style) -> Style {
    style.add_modifier(Modifier::REVERSED)
}

/// The legend: each glyph and what it is.
pub fn legend() -> [(Glyph, &'static str); 8] {
    [
        (cat(Facing::Forward), "cat"),
        (tile(Tile::Wall), "wall"),
        (tile(Tile::Floor), "floor"),
        (tile(Tile::Bone), "bone"),
        (tile(Tile::Dog), "dog"),
        (tile(Tile::Exit), "exit"),
        (route(), "route"),
        (preview(), "preview"),
    ]
}
