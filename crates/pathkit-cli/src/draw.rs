//! Text drawings of a map with a path on it.

use crate::view::View;
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

/// The map in text: `#` wall, `.` floor, `1`-`9` weights, `*` path, `S` start, `G` goal; only
/// the cells of `view`. When one character stands for a block of cells, it shows the start, the
/// goal or the path when the block holds one, and otherwise what most of the block is.
pub fn text(grid: &Grid, path: &[Cell], start: Cell, goal: Cell, view: &View) -> String {
    if grid.is_empty() {
        return String::new();
    }
    let marks = marks(grid, path, start, goal);
    let k = view.scale.max(1);
    let mut s = String::new();
    for by in (view.y0..=view.y1).step_by(k as usize) {
        for bx in (view.x0..=view.x1).step_by(k as usize) {
            let block = (by..=(by + k - 1).min(view.y1))
                .flat_map(|y| (bx..=(bx + k - 1).min(view.x1)).map(move |x| Cell::new(x, y)));
            let mark = block_mark(block.map(|c| marks[grid.index(c)]));
            s.push(match mark {
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

/// The one mark that stands for a block of cells: start, goal, path (in that order) when the
/// block holds one; otherwise the most common of wall, floor and weighted terrain (shown as the
/// heaviest weight in the block), passable terrain winning a tie.
fn block_mark(block: impl Iterator<Item = Mark>) -> Mark {
    let (mut start, mut goal, mut path) = (false, false, false);
    let (mut walls, mut floors, mut weighted, mut heaviest) = (0u32, 0u32, 0u32, 0u32);
    for m in block {
        match m {
            Mark::Start => start = true,
            Mark::Goal => goal = true,
            Mark::Path => path = true,
            Mark::Wall => walls += 1,
            Mark::Floor => floors += 1,
            Mark::Weighted(w) => {
                weighted += 1;
                heaviest = heaviest.max(w);
            }
        }
    }
    if start {
        Mark::Start
    } else if goal {
        Mark::Goal
    } else if path {
        Mark::Path
    } else if walls > floors + weighted {
        Mark::Wall
    } else if weighted > floors {
        Mark::Weighted(heaviest)
    } else {
        Mark::Floor
    }
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
        let t = text(&grid, &path, path[0], path[3], &View::whole(&grid));
        assert_eq!(t, "S..\n*#2\n*G.\n");
    }

    #[test]
    fn draws_only_the_view() {
        let grid = Grid::from_ascii("....\n.#2.\n....").unwrap();
        let (s, g) = (Cell::new(1, 0), Cell::new(3, 2));
        let view = View {
            x0: 1,
            y0: 0,
            x1: 2,
            y1: 1,
            scale: 1,
        };
        assert_eq!(text(&grid, &[s, g], s, g, &view), "S.\n#2\n");
    }

    #[test]
    fn a_character_per_block_shows_ends_and_path_first_then_the_most_common_terrain() {
        // 6x4 in 2x2 blocks: walls mostly, floor mostly, weights mostly / the path / start, goal.
        let grid = Grid::from_ascii("##..33\n#...3.\n......\n......").unwrap();
        let (s, g) = (Cell::new(0, 2), Cell::new(5, 3));
        let path = [
            s,
            Cell::new(1, 3),
            Cell::new(2, 3),
            Cell::new(3, 3),
            Cell::new(4, 3),
            g,
        ];
        let view = View {
            x0: 0,
            y0: 0,
            x1: 5,
            y1: 3,
            scale: 2,
        };
        assert_eq!(text(&grid, &path, s, g, &view), "#.3\nS*G\n");
        // A block cut by the view's edge counts only the cells inside it.
        let view = View { x1: 4, ..view };
        assert_eq!(text(&grid, &path, s, g, &view), "#.3\nS**\n");
    }
}
