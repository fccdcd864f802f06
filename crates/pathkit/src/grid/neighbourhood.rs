//! A cell's 3x3 neighbourhood as bit masks in [`NEIGHBOUR_ORDER`]: which neighbours are free, and
//! which moves a [`Diagonal`] rule allows among them. Three reads of the padded bitmap give all of
//! it, with no test at the map's edges.

use super::{Bitmap, Diagonal, NEIGHBOUR_ORDER};

/// Bits of the four straight moves (Top, Left, Bottom, Right).
pub(crate) const STRAIGHT: u32 = 0x0F;

/// The free neighbours of (`x`, `y`): bit `k` set when the cell at `NEIGHBOUR_ORDER[k]` from it
/// is inside the map and passable. Needs the cell itself inside the map.
#[inline(always)]
pub(crate) fn free_neighbours(bits: &Bitmap, x: i64, y: i64) -> u32 {
    // Bit 0 = x - 1, bit 1 = x, bit 2 = x + 1; cells off the map read as blocked.
    let above = (bits.padded_word(x - 1, y - 1) & 7) as u32;
    let row = (bits.padded_word(x - 1, y) & 7) as u32;
    let below = (bits.padded_word(x - 1, y + 1) & 7) as u32;
    (above >> 1 & 1)
        | (row & 1) << 1
        | (below >> 1 & 1) << 2
        | (row >> 2) << 3
        | (above & 1) << 4
        | (below & 1) << 5
        | (above >> 2) << 6
        | (below >> 2) << 7
}

/// The moves `rule` allows among the `free` neighbours: every free straight neighbour, and a free
/// diagonal one when the two straight neighbours beside it are both free (no corner cutting),
/// either is (corner cutting), always (any diagonal), or never. One load from a table built at
/// compile time.
#[inline(always)]
pub(crate) fn allowed_moves(free: u32, rule: Diagonal) -> u32 {
    let table = match rule {
        Diagonal::Never => &ALLOWED[0],
        Diagonal::NoCornerCutting => &ALLOWED[1],
        Diagonal::CornerCutting => &ALLOWED[2],
        Diagonal::Always => &ALLOWED[3],
    };
    u32::from(table[free as usize & 0xFF])
}

/// [`allowed_moves`] for every free mask, per rule: Never, NoCornerCutting, CornerCutting, Always.
static ALLOWED: [[u8; 256]; 4] = [
    allowed_table(0),
    allowed_table(1),
    allowed_table(2),
    allowed_table(3),
];

/// The allowed moves of every free mask under rule number `rule` (in the order of [`ALLOWED`]).
const fn allowed_table(rule: u32) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut free = 0u32;
    while free < 256 {
        let (top, left, bottom, right) = (free & 1, free >> 1 & 1, free >> 2 & 1, free >> 3 & 1);
        // For each diagonal bit (TopLeft, BottomLeft, TopRight, BottomRight), its two sides.
        let first = top << 4 | bottom << 5 | top << 6 | bottom << 7;
        let second = left << 4 | left << 5 | right << 6 | right << 7;
        let diagonals = match rule {
            0 => 0,
            1 => first & second,
            2 => first | second,
            _ => !STRAIGHT,
        };
        table[free as usize] = (free & (STRAIGHT | diagonals)) as u8;
        free += 1;
    }
    table
}

/// The position of a neighbourhood offset in [`NEIGHBOUR_ORDER`], or 8 for (0, 0), the cell
/// itself.
pub(crate) fn bit_of(offset: (i64, i64)) -> u32 {
    NEIGHBOUR_ORDER
        .iter()
        .position(|&o| o == offset)
        .map_or(8, |k| k as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Against the rule written out cell by cell, on every cell of a random map.
    #[test]
    fn masks_match_the_rules_cell_by_cell() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let grid = Grid::from_fn(70, 9, |_| {
            crate::test_random::xorshift(&mut state);
            u32::from(!state.is_multiple_of(3))
        })
        .unwrap();
        let rules = [
            Diagonal::Never,
            Diagonal::NoCornerCutting,
            Diagonal::CornerCutting,
            Diagonal::Always,
        ];
        for y in 0..9i64 {
            for x in 0..70i64 {
                let free = free_neighbours(grid.bitmap(), x, y);
                let open = |dx: i64, dy: i64| grid.passable_xy(x + dx, y + dy);
                for (k, &(dx, dy)) in NEIGHBOUR_ORDER.iter().enumerate() {
                    assert_eq!(free >> k & 1 == 1, open(dx, dy), "({x}, {y}) k {k}");
                }
                for rule in rules {
                    let moves = allowed_moves(free, rule);
                    for (k, &(dx, dy)) in NEIGHBOUR_ORDER.iter().enumerate() {
                        let expected = open(dx, dy)
                            && (k < 4
                                || match rule {
                                    Diagonal::Never => false,
                                    Diagonal::NoCornerCutting => open(dx, 0) && open(0, dy),
                                    Diagonal::CornerCutting => open(dx, 0) || open(0, dy),
                                    Diagonal::Always => true,
                                });
                        assert_eq!(moves >> k & 1 == 1, expected, "({x}, {y}) {rule:?} k {k}");
                    }
                }
            }
        }
        assert_eq!(bit_of((0, 0)), 8);
        assert_eq!(bit_of((1, 1)), 7);
    }
}
