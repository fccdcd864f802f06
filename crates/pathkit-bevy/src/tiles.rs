//! What the tile maps ([`GridMap`](crate::GridMap), [`LevelsMap`](crate::LevelsMap)) share: where
//! a cell lies in the world, and the edit a new weight makes.

use crate::nav_map::Edit;
use bevy_math::Vec2;
use pathkit::grid::{Cell, Diagonal};

/// Cells `size` wide in the XY plane, the top-left corner of cell `(0, 0)` at `origin`, columns
/// going right and rows going down the screen, as a tile map is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TileLayout {
    pub(crate) size: f32,
    pub(crate) origin: Vec2,
}

impl Default for TileLayout {
    fn default() -> Self {
        TileLayout {
            size: 1.0,
            origin: Vec2::ZERO,
        }
    }
}

impl TileLayout {
    /// The centre of `cell`.
    pub(crate) fn centre(&self, cell: Cell) -> Vec2 {
        Vec2::new(
            self.origin.x + (cell.x as f32 + 0.5) * self.size,
            self.origin.y - (cell.y as f32 + 0.5) * self.size,
        )
    }

    /// The cell of a `width` x `height` grid that holds `point`, if any.
    pub(crate) fn cell_at(&self, point: Vec2, width: u32, height: u32) -> Option<Cell> {
        let x = ((point.x - self.origin.x) / self.size).floor();
        let y = ((self.origin.y - point.y) / self.size).floor();
        let inside = |v: f32, n: u32| v >= 0.0 && v < n as f32;
        (inside(x, width) && inside(y, height)).then(|| Cell::new(x as u32, y as u32))
    }
}

/// The edit of giving `node` the weight `after` where it had `before` (0: walled).
pub(crate) fn weight_edit<N>(node: N, before: u32, after: u32) -> Edit<N> {
    let cost = |w: u32| (w != 0).then_some(f64::from(w));
    Edit {
        node,
        before: cost(before),
        after: cost(after),
    }
}

/// Writes into `out` the cells of a `width` x `height` grid whose moves an edit of `cell`
/// changes under the `diagonal` rule: the cell, and without corner cutting the cells around it
/// (walling a cell forbids the diagonal moves past its corner; opening it allows them). They form
/// a block, written row by row: the first is its top-left corner, the last its bottom-right.
pub(crate) fn touched_cells(
    cell: Cell,
    diagonal: Diagonal,
    width: u32,
    height: u32,
    out: &mut Vec<Cell>,
) {
    out.clear();
    if diagonal != Diagonal::NoCornerCutting {
        // Moves that enter the cell or leave it: the only ones its weight prices or allows.
        out.push(cell);
        return;
    }
    for dy in -1..=1 {
        for dx in -1..=1 {
            if let Some(c) = cell.offset(dx, dy) {
                if c.x < width && c.y < height {
                    out.push(c);
                }
            }
        }
    }
}
