//! How the command writes a cell: `(x, y)`, column then row from the top-left corner, the way
//! Moving AI scenario files and the tools around them give coordinates. Errors, paths and
//! `verify`'s reports all use it, so a cell can be copied from one into another.
//!
//! (pathkit's own `Cell` prints `[x;y]`, the notation of the Cat Maze tutorials; the command
//! speaks to users of Moving AI tools instead.)

use pathkit::grid::Cell;
use std::fmt;

/// Why a command-line coordinate was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordinateError {
    /// A negative number such as `-1`.
    Negative,
    /// A whole number above `u32::MAX`.
    TooLarge,
    /// Not a whole number (`1.5`, `x`, nothing).
    NotANumber,
}

impl fmt::Display for CoordinateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordinateError::Negative => f.write_str("coordinates are 0 or more"),
            CoordinateError::TooLarge => write!(f, "coordinates are at most {}", u32::MAX),
            CoordinateError::NotANumber => {
                f.write_str("a coordinate is a whole number, 0 or more (a column or a row)")
            }
        }
    }
}

impl std::error::Error for CoordinateError {}

/// Reads a column or row given on the command line: a whole number, 0 or more. Used as clap's
/// value parser, so a bad value is a usage error (exit status 2) that says what is wrong.
pub fn parse_coordinate(text: &str) -> Result<u32, CoordinateError> {
    let digits = text.trim();
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits.strip_prefix('+').unwrap_or(digits)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CoordinateError::NotANumber);
    }
    if negative && digits.bytes().any(|b| b != b'0') {
        return Err(CoordinateError::Negative);
    }
    digits.parse().map_err(|_| CoordinateError::TooLarge)
}

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
    fn coordinates_are_whole_numbers_from_0() {
        assert_eq!(parse_coordinate("0"), Ok(0));
        assert_eq!(parse_coordinate("17"), Ok(17));
        assert_eq!(parse_coordinate("+3"), Ok(3));
        assert_eq!(parse_coordinate("-0"), Ok(0));
        assert_eq!(parse_coordinate("4294967295"), Ok(u32::MAX));
        assert_eq!(parse_coordinate("-1"), Err(CoordinateError::Negative));
        assert_eq!(parse_coordinate("-12"), Err(CoordinateError::Negative));
        assert_eq!(
            parse_coordinate("4294967296"),
            Err(CoordinateError::TooLarge)
        );
        for text in ["", "-", "1.5", "x", "1e3", "--1", "- 1"] {
            assert_eq!(
                parse_coordinate(text),
                Err(CoordinateError::NotANumber),
                "{text:?}"
            );
        }
        assert_eq!(
            CoordinateError::Negative.to_string(),
            "coordinates are 0 or more"
        );
    }

    #[test]
    fn column_then_row_in_parentheses() {
        assert_eq!(Xy(Cell::new(244, 2)).to_string(), "(244, 2)");
        assert_eq!(Xy(Cell::new(0, 17)).to_string(), "(0, 17)");
    }
}
