//! The text form of a hex grid: a header naming the layout, then a picture of the hexes.

use super::{Hex, HexError, HexGrid, HexLayout, HexOrientation, HexTextProblem};

/// The weight a cell character stands for (0 = wall), or `None` for no cell character. The
/// characters of [`Grid::from_ascii`](crate::grid::Grid::from_ascii).
fn weight_of(ch: char) -> Option<u32> {
    match ch {
        '.' => Some(1),
        '1'..='9' => Some(ch as u32 - '0' as u32),
        '#' | '@' | 'O' | 'T' | 'W' => Some(0),
        _ => None,
    }
}

/// The character a weight prints as (weights above 9 as `9`).
fn char_of(weight: u32) -> char {
    match weight {
        0 => '#',
        1 => '.',
        w => char::from_digit(w.min(9), 10).unwrap_or('9'),
    }
}

/// A parse error at 1-based `line`, 0-based character `index`.
fn at(line: usize, index: usize, problem: HexTextProblem) -> HexError {
    HexError::Parse {
        line,
        column: index + 1,
        problem,
    }
}

/// The cells of one text line (trailing spaces already removed), whose cell characters stand
/// at `first`, `first + step`, ... with spaces everywhere else.
fn cells_of(text: &str, line: usize, first: usize, step: usize) -> Result<Vec<u32>, HexError> {
    let mut cells = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        let is_cell = i >= first && (i - first).is_multiple_of(step);
        match (is_cell, ch) {
            // The line goes on after this position (it has no trailing spaces): a hole.
            (true, ' ') => return Err(at(line, i, HexTextProblem::MissingCell)),
            (true, _) => match weight_of(ch) {
                Some(w) => cells.push(w),
                None => return Err(at(line, i, HexTextProblem::UnknownCell { found: ch })),
            },
            (false, ' ') => {}
            (false, _) => return Err(at(line, i, HexTextProblem::ExpectedSpace { found: ch })),
        }
    }
    Ok(cells)
}

impl HexGrid {
    /// Parses the text form of a hex grid: a header line `hex <layout>` (`hex odd-r`,
    /// `hex even-r`, `hex odd-q` or `hex even-q`, see [`HexLayout`]), then a picture of the
    /// hexes as they lie on the map. A cell is `.` (weight 1), `1`-`9` (weights) or one of `#`,
    /// `@`, `O`, `T`, `W` (walls), as in [`Grid::from_ascii`](crate::grid::Grid::from_ascii).
    ///
    /// **Pointy-top** (`odd-r`, `even-r`): one line per row, cells separated by one space, and
    /// the shifted rows indented by one space, so every hex sits between the two it touches in
    /// the rows above and below:
    ///
    /// ```text
    /// hex odd-r
    /// . . # .
    ///  . 3 . .
    /// . . . .
    /// ```
    ///
    /// **Flat-top** (`odd-q`, `even-q`): two lines per row. The first holds the hexes of the
    /// columns that are not shifted, the second those of the shifted columns, half a hex lower;
    /// column `c` is drawn at character `2c` of its line, so the columns zigzag:
    ///
    /// ```text
    /// hex odd-q
    /// .   #   .
    ///   .   .
    /// 2   #   .
    ///   .   .
    /// ```
    ///
    /// Every row must have as many cells as the first (for flat-top, each of its two lines as
    /// many as the first row's line of the same kind), and spaces stand everywhere else;
    /// trailing spaces and a `\r` before each line break are ignored. A one-column flat-top
    /// grid has no shifted column: the second line of each row is empty.
    ///
    /// Fails with [`HexError::Parse`] (the line and column of the problem, counted from 1 in
    /// characters, the header being line 1) on malformed text, and on sizes as
    /// [`HexGrid::new`] does.
    ///
    /// ```
    /// use pathkit::hex::{HexError, HexGrid, HexLayout, HexTextProblem};
    ///
    /// let grid = HexGrid::from_ascii("hex odd-r\n. . # .\n . 3 . .\n. . . .").unwrap();
    /// assert_eq!((grid.layout(), grid.width(), grid.height()), (HexLayout::OddR, 4, 3));
    /// assert_eq!(grid.weight(grid.hex_at(1, 1).unwrap()), 3);
    /// assert!(matches!(
    ///     HexGrid::from_ascii("hex odd-r\n. .\n. ."),
    ///     Err(HexError::Parse { line: 3, column: 1, problem: HexTextProblem::ExpectedSpace { found: '.' } })
    /// ));
    /// assert!(matches!(HexGrid::from_ascii("hex odd-r\n"), Err(HexError::Empty { .. })));
    /// ```
    pub fn from_ascii(text: &str) -> Result<HexGrid, HexError> {
        let mut lines = text
            .lines()
            .map(|l| l.trim_end_matches('\r').trim_end_matches(' '));
        let header = lines.next().unwrap_or("");
        let layout = match header.split(' ').collect::<Vec<_>>()[..] {
            ["hex", name] => name.parse::<HexLayout>().ok(),
            _ => None,
        }
        .ok_or_else(|| {
            at(
                1,
                0,
                HexTextProblem::Header {
                    found: header.chars().take(64).collect(),
                },
            )
        })?;
        let body: Vec<&str> = lines.collect();
        match layout.orientation() {
            HexOrientation::PointyTop => Self::pointy_from_lines(layout, &body),
            HexOrientation::FlatTop => Self::flat_from_lines(layout, &body),
        }
    }

    /// One row a line, shifted rows indented by one space.
    fn pointy_from_lines(layout: HexLayout, body: &[&str]) -> Result<HexGrid, HexError> {
        let mut rows = Vec::with_capacity(body.len().min(1 << 16));
        for (row, text) in body.iter().enumerate() {
            let indent = usize::from(layout.is_shifted(row as i64));
            rows.push(cells_of(text, row + 2, indent, 2)?);
        }
        let width = rows.first().map_or(0, Vec::len);
        let mut weights = Self::reserve_weights(width as u64, rows.len() as u64)?;
        for (row, cells) in rows.into_iter().enumerate() {
            if cells.len() != width {
                let indent = usize::from(layout.is_shifted(row as i64));
                return Err(at(
                    row + 2,
                    indent + 2 * cells.len().min(width),
                    HexTextProblem::RowLength {
                        expected: width,
                        found: cells.len(),
                    },
                ));
            }
            weights.extend(cells);
        }
        // Both fit `u32`: `reserve_weights` checked them.
        Ok(Self::from_weights(
            layout,
            width as u32,
            body.len() as u32,
            weights,
        ))
    }

    /// Two lines a row: the columns that are not shifted, then the shifted ones; column `c` at
    /// character `2c`.
    fn flat_from_lines(layout: HexLayout, body: &[&str]) -> Result<HexGrid, HexError> {
        if body.len() % 2 == 1 {
            return Err(at(body.len() + 2, 0, HexTextProblem::HalfRow));
        }
        // The first column of each line: 0 or 1, whichever parity the line holds.
        let first_col = |shifted: bool| usize::from(layout.is_shifted(0) != shifted);
        let mut lines = Vec::with_capacity(body.len().min(1 << 16));
        for (k, text) in body.iter().enumerate() {
            let first = first_col(k % 2 == 1);
            lines.push(cells_of(text, k + 2, 2 * first, 4)?);
        }
        // The width: one past the last column on either line of the first row.
        let last = |k: usize| -> usize {
            lines
                .get(k)
                .filter(|cells| !cells.is_empty())
                .map_or(0, |cells| first_col(k % 2 == 1) + 2 * (cells.len() - 1) + 1)
        };
        let width = last(0).max(last(1));
        let height = body.len() / 2;
        let mut weights = Self::reserve_weights(width as u64, height as u64)?;
        // Columns below `width` that a line of each kind holds.
        let expected = |shifted: bool| (width + 1 - first_col(shifted)) / 2;
        for (k, cells) in lines.iter().enumerate() {
            let want = expected(k % 2 == 1);
            if cells.len() != want {
                let first = first_col(k % 2 == 1);
                return Err(at(
                    k + 2,
                    2 * first + 4 * cells.len().min(want),
                    HexTextProblem::RowLength {
                        expected: want,
                        found: cells.len(),
                    },
                ));
            }
        }
        for row in 0..height {
            let (upper, lower) = (&lines[2 * row], &lines[2 * row + 1]);
            for col in 0..width {
                let (line, first) = if first_col(false) == col % 2 {
                    (upper, first_col(false))
                } else {
                    (lower, first_col(true))
                };
                weights.push(line[(col - first) / 2]);
            }
        }
        Ok(Self::from_weights(
            layout,
            width as u32,
            height as u32,
            weights,
        ))
    }

    /// The grid in the text form [`HexGrid::from_ascii`] reads (weights above 9 print as `9`).
    ///
    /// ```
    /// use pathkit::hex::{HexGrid, HexLayout};
    ///
    /// let mut grid = HexGrid::new(HexLayout::EvenQ, 3, 2).unwrap();
    /// grid.set_weight(grid.hex_at(1, 0).unwrap(), 4).unwrap();
    /// assert_eq!(grid.to_ascii(), "hex even-q\n  4\n.   .\n  .\n.   .\n");
    /// assert_eq!(HexGrid::from_ascii(&grid.to_ascii()).unwrap(), grid);
    /// ```
    #[must_use]
    pub fn to_ascii(&self) -> String {
        self.to_ascii_marked(|_| None)
    }

    /// [`HexGrid::to_ascii`] with some hexes drawn as other characters: `mark(hex)` gives the
    /// character for `hex`, or `None` for its own. Draws a path over the map; the result is not
    /// read back by [`HexGrid::from_ascii`] unless the marks are cell characters.
    ///
    /// ```
    /// use pathkit::hex::HexGrid;
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = HexGrid::from_ascii("hex odd-r\n. . .\n # # .\n. . .").unwrap();
    /// let (start, goal) = (grid.hex_at(0, 0).unwrap(), grid.hex_at(0, 2).unwrap());
    /// let path = grid.find_path(&mut SearchContext::new(), start, goal)?
    ///     .into_path().unwrap();
    /// let drawn = grid.to_ascii_marked(|h| {
    ///     if h == start { Some('S') } else if h == goal { Some('G') }
    ///     else if path.nodes.contains(&h) { Some('*') } else { None }
    /// });
    /// assert_eq!(drawn, "hex odd-r\nS * *\n # # *\nG * *\n");
    /// # Ok::<(), pathkit::hex::HexError>(())
    /// ```
    #[must_use]
    pub fn to_ascii_marked(&self, mark: impl Fn(Hex) -> Option<char>) -> String {
        let (w, h) = (self.width() as usize, self.height() as usize);
        let cell = |col: usize, row: usize| {
            let i = row * w + col;
            mark(self.hex_at_index(i)).unwrap_or_else(|| char_of(self.weights()[i]))
        };
        let mut s = format!("hex {}\n", self.layout());
        match self.orientation() {
            HexOrientation::PointyTop => {
                s.reserve(h * (2 * w + 2));
                for row in 0..h {
                    if self.layout().is_shifted(row as i64) {
                        s.push(' ');
                    }
                    for col in 0..w {
                        if col > 0 {
                            s.push(' ');
                        }
                        s.push(cell(col, row));
                    }
                    s.push('\n');
                }
            }
            HexOrientation::FlatTop => {
                s.reserve(h * (2 * w + 2));
                for row in 0..h {
                    for shifted in [false, true] {
                        // Characters written on this line so far.
                        let mut at = 0;
                        for col in (0..w).filter(|&c| self.layout().is_shifted(c as i64) == shifted)
                        {
                            for _ in at..2 * col {
                                s.push(' ');
                            }
                            s.push(cell(col, row));
                            at = 2 * col + 1;
                        }
                        s.push('\n');
                    }
                }
            }
        }
        s
    }
}
