//! [`LevelError`]: why a level could not be loaded.

use crate::Object;
use pathkit::format::TiledError;
use pathkit::grid::Cell;
use std::fmt;
use std::sync::Arc;

/// Why a level could not be loaded. Every variant says where the problem is.
///
/// Two errors are equal when they are the same variant with the same fields; a Tiled reader's
/// errors, which hold I/O errors, compare by their message (line and column included).
#[derive(Clone, Debug)]
pub enum LevelError {
    /// The level has no tiles.
    Empty,
    /// A text row is not as long as the first one.
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Tiles found on that line.
        found: usize,
        /// Tiles on the first line.
        expected: usize,
    },
    /// A character that is not in the legend (`#`, `.`, `B`, `D`, `E`, `C`).
    UnknownTile {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// More tiles per side than [`Level::MAX_SIDE`](crate::Level::MAX_SIDE).
    TooLarge {
        /// Width found.
        width: u64,
        /// Height found.
        height: u64,
    },
    /// Layer data does not have width x height entries.
    WrongSize {
        /// Entries expected.
        expected: usize,
        /// Entries found.
        found: usize,
    },
    /// Two `C` spawn marks.
    SeveralSpawns {
        /// The first mark.
        first: Cell,
        /// The second mark.
        second: Cell,
    },
    /// The spawn is outside the level.
    SpawnOutside {
        /// The spawn asked for.
        spawn: Cell,
        /// Level width.
        width: u32,
        /// Level height.
        height: u32,
    },
    /// The spawn is on a wall.
    SpawnOnWall {
        /// The spawn asked for.
        spawn: Cell,
    },
    /// An object lies on a wall tile.
    ObjectOnWall {
        /// Where.
        cell: Cell,
        /// What.
        object: Object,
    },
    /// A Tiled map could not be read: the reader's error, with the line and column of the XML
    /// at fault where there is one ([`TiledError::position`]).
    Tiled(Arc<TiledError>),
    /// A Tiled map has no tile layer of this name, which the game needs.
    MissingLayer {
        /// The layer's name.
        name: String,
    },
}

impl From<TiledError> for LevelError {
    fn from(e: TiledError) -> Self {
        LevelError::Tiled(Arc::new(e))
    }
}

impl PartialEq for LevelError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (LevelError::Tiled(a), LevelError::Tiled(b)) => a.to_string() == b.to_string(),
            _ => format!("{self:?}") == format!("{other:?}"),
        }
    }
}

impl Eq for LevelError {}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::Empty => write!(f, "the level has no tiles"),
            LevelError::Ragged {
                line,
                found,
                expected,
            } => write!(
                f,
                "line {line} has {found} tiles, expected {expected} like the first line"
            ),
            LevelError::UnknownTile {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unknown tile {found:?} (expected one of # . B D E C)"
            ),
            LevelError::TooLarge { width, height } => write!(
                f,
                "the level is {width}x{height} tiles; at most {0}x{0} is allowed",
                crate::Level::MAX_SIDE
            ),
            LevelError::WrongSize { expected, found } => {
                write!(f, "layer has {found} tiles, expected {expected}")
            }
            LevelError::SeveralSpawns { first, second } => {
                write!(f, "two spawn marks 'C', at {first} and {second}")
            }
            LevelError::SpawnOutside {
                spawn,
                width,
                height,
            } => write!(f, "spawn {spawn} is outside the {width}x{height} level"),
            LevelError::SpawnOnWall { spawn } => write!(f, "spawn {spawn} is on a wall"),
            LevelError::ObjectOnWall { cell, object } => {
                write!(f, "{object:?} at {cell} lies on a wall")
            }
            LevelError::Tiled(e) => write!(f, "Tiled map: {e}"),
            LevelError::MissingLayer { name } => {
                write!(f, "Tiled map: no tile layer named {name:?}")
            }
        }
    }
}

impl std::error::Error for LevelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LevelError::Tiled(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}
