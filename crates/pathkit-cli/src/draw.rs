//! Text drawings of a map with a path on it.

use pathkit::grid::{Cell, Grid};

/// What a drawn cell shows, shared by the text and PNG drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A blocked cell.
    Wall,
    /// A passable cell of weight 1.
    Floor,
    /// A passable cell of a higher weight (shown as its digit, 9 for anything above).
    Weighted(u32),
    /// A cell of the path.
    Path,
    /// The start.
    Start,
    /// The goal.
    Goal,
}

/// The marks of every cell, row-major: the map, then the path, start and goal on top.
pub fn marks(grid: &Grid, path: &[Cell], start: Cell, goal: Cell) -> Vec<Mark> {
    let mut out: Vec<Mark> = grid
        .weights()
        .iter()
        .map(|&w| match w {
            0 => Mark::Wall,
            1 => Mark::Floor,
            w => Mark::Weighted(w),
        })
        .collect();
    for &c in path {
        if let Some(c) = grid.cell(c.x, c.y) {
            out[grid.index(c)] = Mark::Path;
        }
    }
    for (c, m) in [(start, Mark::Start), (goal, Mark::Goal)] {
        if let Some(c) = grid.cell(c.x, c.y) {
            out[grid.index(c)] = m;
        }
    }
    out
}

/// The rectangle of cells to draw: the whole map when it is small, otherwise the box around the
/// path (or start and goal) with a margin, so a 1024x1024 map does not print a million characters.
/// Returns (x0, y0, x1, y1), inclusive.
pub fn window(grid: &Grid, path: &[Cell], start: Cell, goal: Cell) -> (u32, u32, u32, u32) {
    const SMALL: u32 = 160;
    const MARGIN: u32 = 3;
    let (w, h) = (grid.width(), grid.height());
    if w == 0 || h == 0 {
        return (0, 0, 0, 0);
    }
    if w <= SMALL && h <= SMALL {
        return (0, 0, w - 1, h - 1);
    }
    let cells = path.iter().chain([&start, &goal]);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for c in cells {
        x0 = x0.min(c.x);
        y0 = y0.min(c.y);
        x1 = x1.max(c.x);
        y1 = y1.max(c.y);
    }
    (
        x0.saturating_sub(MARGIN),
        y0.saturating_sub(MARGIN),
        (x1 + MARGIN).min(w - 1),
        (y1 + MARGIN).min(h - 1),
    )
}

/// The map in text: `#` wall, `.` floor, `1`-`9` weights, `*` path, `S` start, `G` goal. Only the
/// [`window`] is drawn.
pub fn text(grid: &Grid, path: &[Cell], start: Cell, goal: Cell) -> String {
    if grid.is_empty() {
        return String::new();
    }
    let marks = marks(grid, path, start, goal);
    let (x0, y0, x1, y1) = window(grid, path, start, goal);
    let mut s = String::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            s.push(match marks[grid.index(Cell::new(x, y))] {
                Mark::Wall => '#',
                Mark::Floor => '.',
                Mark::Weighted(w) => char::from_digit(w.min(9), 10).unwrap_or('9'),
                Mark::Path => '*',
                Mark::Start => 'S',
                Mark::Goal => 'G',
            });
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_path_over_map() {
        let grid = Grid::from_ascii("...\n.#2\n...").unwrap();
        let path = [
            Cell::new(0, 0),
            Cell::new(0, 1),
            Cell::new(0, 2),
            Cell::new(1, 2),
        ];
        let t = text(&grid, &path, path[0], path[3]);
        assert_eq!(t, "S..\n*#2\n*G.\n");
    }
}
