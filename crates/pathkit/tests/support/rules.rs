//! The grid's rules as the property tests and fuzz targets name them: every diagonal rule, every
//! tie rule, and the oracle's name for each diagonal rule. The oracle itself names nothing of
//! pathkit, so the mapping lives here, shared by `support/mod.rs`, the case files and the fuzz
//! targets that mount them (`crate::rules`, next to `crate::oracle`).

#![allow(dead_code)] // Each user takes its own part.

use crate::oracle::Moves;
use pathkit::grid::Diagonal;
use pathkit::search::TieBreak;

/// Every diagonal rule.
pub const RULES: [Diagonal; 4] = [
    Diagonal::Never,
    Diagonal::NoCornerCutting,
    Diagonal::CornerCutting,
    Diagonal::Always,
];

/// Every tie rule.
pub const TIES: [TieBreak; 3] = [TieBreak::LargerG, TieBreak::Fifo, TieBreak::Lifo];

/// The oracle's name for a diagonal rule.
pub fn moves_of(rule: Diagonal) -> Moves {
    match rule {
        Diagonal::Never => Moves::Four,
        Diagonal::NoCornerCutting => Moves::NoCornerCutting,
        Diagonal::CornerCutting => Moves::CornerCutting,
        Diagonal::Always => Moves::AnyDiagonal,
    }
}
