//! What the property tests share: every diagonal rule, every tie rule, and random grids.

use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit::search::TieBreak;

/// Every diagonal rule.
pub const RULES: [Diagonal; 4] = [
    Diagonal::Never,
    Diagonal::NoCornerCutting,
    Diagonal::CornerCutting,
    Diagonal::Always,
];

/// Every tie rule.
pub const TIES: [TieBreak; 4] = [
    TieBreak::LargerG,
    TieBreak::Fifo,
    TieBreak::Lifo,
    TieBreak::Tutorial,
];

/// A `w` x `h` grid with `density` percent walls and other cells weighing 1 to `max_weight`, and a
/// start and a goal, all drawn from `seed` (xorshift).
pub fn random_grid(w: u32, h: u32, density: u32, max_weight: u32, seed: u64) -> (Grid, Cell, Cell) {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let grid = Grid::from_fn(w, h, |_| {
        if next() % 100 < density as u64 {
            0
        } else {
            1 + (next() % max_weight as u64) as u32
        }
    })
    .unwrap();
    let start = Cell::new((next() % w as u64) as u32, (next() % h as u64) as u32);
    let goal = Cell::new((next() % w as u64) as u32, (next() % h as u64) as u32);
    (grid, start, goal)
}
