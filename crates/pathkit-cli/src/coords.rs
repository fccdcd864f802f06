//! How the command writes a cell: `(x, y)`, column then row from the top-left corner, the way
//! Moving AI scenario files and the tools around them give coordinates. Errors, paths and
//! `verify`'s reports all use it, so a cell can be copied from one into another.
//!
//! (pathkit's own `Cell` prints `[x;y]`, the notation of the Cat Maze tutorials; the command
//! speaks to users of Moving AI tools instead.)

use pathkit::grid::Cell;
use std::fmt;

/// A cell written `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xy(pub Cell);

impl fmt::Display for Xy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0.x, self.0.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_then_row_in_parentheses() {
        assert_eq!(Xy(Cell::new(244, 2)).to_string(), "(244, 2)");
        assert_eq!(Xy(Cell::new(0, 17)).to_string(), "(0, 17)");
    }
}
