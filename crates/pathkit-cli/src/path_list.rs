//! The path of `pathkit path` as text: every cell, or, when that would not fit the screen, the
//! first and the last ones, so a path across a big map does not print a line of thousands of
//! characters.

use crate::coords::Xy;
use pathkit::grid::Cell;

/// What starts the first line of the path.
pub const LABEL: &str = "path: ";
/// Where the cells left out would be.
const GAP: &str = "...";

/// The cells of `path` written `(x, y)`, wrapped at `cols` characters into at most `max_lines`
/// lines (the first starting `path: `). When they need more, the first two thirds of the cells
/// shown come from the start of the path and the rest from its end, with `...` between them.
/// Returns the lines and how many cells were left out.
pub fn bounded(path: &[Cell], cols: u32, max_lines: u32) -> (Vec<String>, usize) {
    bounded_as(LABEL, path, cols, max_lines)
}

/// [`bounded`] with another label than `path: ` (the smoothed path's `smooth: `).
pub fn bounded_as(label: &str, path: &[Cell], cols: u32, max_lines: u32) -> (Vec<String>, usize) {
    let max_lines = max_lines.max(1);
    let cells: Vec<String> = path.iter().map(|&c| Xy(c).to_string()).collect();
    let all = wrap(label, cells.iter().map(String::as_str), cols);
    if all.len() <= max_lines as usize {
        return (all, 0);
    }
    let shown = |n: usize| {
        let tail = n / 3;
        let head = n - tail;
        let words = cells[..head]
            .iter()
            .map(String::as_str)
            .chain([GAP])
            .chain(cells[cells.len() - tail..].iter().map(String::as_str));
        wrap(label, words, cols)
    };
    // The most cells that fit; fewer cells never need more lines, so a binary search finds it.
    let (mut lo, mut hi) = (0, cells.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if shown(mid).len() <= max_lines as usize {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    (shown(lo), cells.len() - lo)
}

/// Every cell on one line, however long: what `--full` prints.
pub fn full(path: &[Cell]) -> String {
    full_as(LABEL, path)
}

/// [`full`] with another label than `path: `.
pub fn full_as(label: &str, path: &[Cell]) -> String {
    let cells: Vec<String> = path.iter().map(|&c| Xy(c).to_string()).collect();
    format!("{label}{}", cells.join(" "))
}

/// The words separated by spaces in lines of at most `cols` characters (a word longer than that
/// gets a line of its own), the first starting with `label`; lines after the first are indented
/// under the first word.
fn wrap<'a>(label: &str, words: impl Iterator<Item = &'a str>, cols: u32) -> Vec<String> {
    let indent = " ".repeat(label.len());
    let cols = cols as usize;
    let mut lines = Vec::new();
    let mut line = label.to_string();
    let mut empty = true;
    for word in words {
        if !empty && line.chars().count() + 1 + word.chars().count() > cols {
            lines.push(std::mem::replace(&mut line, indent.clone()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagonal(n: u32) -> Vec<Cell> {
        (0..n).map(|i| Cell::new(i, i)).collect()
    }

    #[test]
    fn a_short_path_is_listed_whole_on_one_line() {
        let (lines, left_out) = bounded(&diagonal(3), 100, 3);
        assert_eq!(lines, ["path: (0, 0) (1, 1) (2, 2)"]);
        assert_eq!(left_out, 0);
        assert_eq!(full(&diagonal(3)), lines[0]);
    }

    #[test]
    fn a_longer_path_wraps_under_its_first_cell() {
        let (lines, left_out) = bounded(&diagonal(5), 30, 3);
        assert_eq!(lines, ["path: (0, 0) (1, 1) (2, 2)", "      (3, 3) (4, 4)"]);
        assert_eq!(left_out, 0);
        let (lines, _) = bounded_as("smooth: ", &diagonal(5), 30, 3);
        assert_eq!(
            lines,
            ["smooth: (0, 0) (1, 1) (2, 2)", "        (3, 3) (4, 4)"]
        );
        assert_eq!(full_as("smooth: ", &diagonal(2)), "smooth: (0, 0) (1, 1)");
    }

    #[test]
    fn a_long_path_keeps_its_first_and_last_cells_within_the_lines() {
        let path = diagonal(500);
        let (lines, left_out) = bounded(&path, 100, 3);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.chars().count() <= 100), "{lines:?}");
        let text = lines.join(" ");
        assert!(text.starts_with("path: (0, 0) (1, 1)"), "{text}");
        assert!(text.ends_with("(498, 498) (499, 499)"), "{text}");
        assert!(text.contains(" ... "), "{text}");
        let listed = text.matches('(').count();
        assert_eq!(listed + left_out, 500);
        // As many as fit: one more cell would need a fourth line.
        assert!(left_out < 500 && listed > 20, "{listed}");
    }
}
