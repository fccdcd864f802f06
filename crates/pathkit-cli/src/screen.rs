//! [`Screen`]: how much text `pathkit path` prints by default, so that its output reads on one
//! screen.

/// The room for the text drawing of the map, in characters; the path list gets a few lines of
/// the same width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Characters per line.
    pub cols: u32,
    /// Lines of the drawing.
    pub rows: u32,
}

/// Lines of a terminal kept for what `pathkit path` prints besides the drawing: the map and the
/// query, up to three lines of path, its length, cost and expansions, the notes, the PNG file.
const OTHER_LINES: u16 = 12;

impl Screen {
    /// The room when standard output is not a terminal (a pipe, a file): a size that reads well
    /// in a pager or a log.
    pub const DEFAULT: Screen = Screen {
        cols: 100,
        rows: 40,
    };

    /// The room on the terminal when standard output is one (its width, its height less the
    /// other lines printed), [`Screen::DEFAULT`] otherwise.
    pub fn of_stdout() -> Screen {
        match console::Term::stdout().size_checked() {
            Some((rows, cols)) => Screen {
                cols: u32::from(cols.max(20)),
                rows: u32::from(rows.saturating_sub(OTHER_LINES).max(10)),
            },
            None => Screen::DEFAULT,
        }
    }
}
