//! [`HexPlayground`]: the playground's hex mode, a pathkit [`HexGrid`] with walls and terrain,
//! searched by A* with the hex distance.
//!
//! The page numbers hexes as the map does, by column and row in the grid's offset layout
//! (odd-r, even-r, odd-q or even-q), and draws them pointy-top or flat-top to match; the
//! searches work in axial coordinates, converted here. Hex maps in the playground are small, so
//! each search runs to the end at once with pathkit's stepper, which also lists the hexes
//! expanded, in order, for drawing.

use crate::floors::run_to_end;
use crate::PlaygroundError;
use pathkit::hex::{Hex, HexGrid, HexLayout, HexOrientation};
use pathkit::search::{SearchContext, SearchOptions};
use serde_json::{json, Value};

/// The presets: a field crossed by a river with one bridge, and a marsh with lakes and woods.
pub const PRESETS: [&str; 2] = ["river", "marsh"];

/// A hex grid and its search context.
#[derive(Debug)]
pub struct HexPlayground {
    grid: HexGrid,
    ctx: SearchContext<u64>,
}

/// The river preset's river: two hexes wide, bending every few rows, at these columns of row
/// `row` (the left one; the right one is the next column).
fn river_col(row: u32) -> u32 {
    [
        11, 11, 12, 12, 12, 11, 11, 10, 10, 10, 11, 11, 12, 12, 12, 11,
    ][row as usize % 16]
}

/// The river preset's bridge row.
pub const BRIDGE_ROW: u32 = 9;

/// Plain ground, and weights of the marsh preset's terrain.
const FOREST: u32 = 3;
const MARSH: u32 = 5;

impl HexPlayground {
    /// Preset `preset` (an index of [`PRESETS`]) in `layout` (an index of [`HexLayout::ALL`]:
    /// odd-r, even-r, odd-q, even-q).
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::HexPreset`] or [`PlaygroundError::HexLayout`] for an unknown number.
    ///
    /// ```
    /// use catmaze_wasm::HexPlayground;
    ///
    /// let mut hexes = HexPlayground::preset(0, 0).unwrap();
    /// let found = hexes.search((2, 9), (21, 9));
    /// assert_eq!(found["found"], true);
    /// assert!(HexPlayground::preset(7, 0).is_err());
    /// ```
    pub fn preset(preset: u32, layout: u32) -> Result<HexPlayground, PlaygroundError> {
        let layout = *HexLayout::ALL
            .get(layout as usize)
            .ok_or(PlaygroundError::HexLayout { layout })?;
        let grid = match preset {
            0 => HexGrid::from_fn(layout, 24, 16, |col, row| {
                let river = col == river_col(row) || col == river_col(row) + 1;
                u32::from(!river || row == BRIDGE_ROW)
            })?,
            1 => HexGrid::from_fn(layout, 22, 16, |col, row| {
                let (x, y) = (f64::from(col), f64::from(row));
                let lake = (x - 6.0).powi(2) + (y - 5.0).powi(2) * 1.6 < 9.0
                    || (x - 15.0).powi(2) * 1.3 + (y - 11.0).powi(2) < 8.0;
                let marsh = (x - 11.0).powi(2) + (y - 7.0).powi(2) < 16.0;
                let forest = (col * 7 + row * 3) % 11 < 3 && col > 2 && col < 19;
                if lake {
                    0
                } else if marsh {
                    MARSH
                } else if forest {
                    FOREST
                } else {
                    1
                }
            })?,
            _ => return Err(PlaygroundError::HexPreset { preset }),
        };
        Ok(HexPlayground {
            grid,
            ctx: SearchContext::new(),
        })
    }

    /// The grid's size and layout: `{"width", "height", "layout", "pointy"}`.
    pub fn info(&self) -> Value {
        json!({
            "width": self.grid.width(),
            "height": self.grid.height(),
            "layout": self.grid.layout().name(),
            "pointy": self.grid.orientation() == HexOrientation::PointyTop,
        })
    }

    /// The row-major weights (0 = wall), by column and row.
    pub fn weights(&self) -> &[u32] {
        self.grid.weights()
    }

    /// Sets the weight of the hex at column `col`, row `row` (0 = wall); `false` when nothing
    /// changed (off the map, or the same weight).
    pub fn set_cell(&mut self, col: u32, row: u32, weight: u32) -> bool {
        let Some(hex) = self.grid.hex_at(col, row) else {
            return false;
        };
        self.grid.weight(hex) != weight && self.grid.set_weight(hex, weight).is_ok()
    }

    /// A* from the hex at `start` to the one at `goal` (column, row), run to the end: whether a
    /// path was found, its cost, its hexes (column, row), the hex distance between the ends,
    /// the expansions and the hexes expanded in order; or an error.
    pub fn search(&mut self, start: (u32, u32), goal: (u32, u32)) -> Value {
        match self.try_search(start, goal) {
            Ok(v) => v,
            Err(e) => {
                json!({"found": false, "error": e.to_string(), "path": [], "expanded": []})
            }
        }
    }

    fn hex(&self, (col, row): (u32, u32)) -> Result<Hex, PlaygroundError> {
        self.grid
            .hex_at(col, row)
            .ok_or(PlaygroundError::OffHexMap { col, row })
    }

    fn try_search(
        &mut self,
        start: (u32, u32),
        goal: (u32, u32),
    ) -> Result<Value, PlaygroundError> {
        let (a, b) = (self.hex(start)?, self.hex(goal)?);
        let (found, expanded) = if self.grid.is_passable(a) && self.grid.is_passable(b) {
            run_to_end(&mut self.ctx, &self.grid, a, b, SearchOptions::new())
                .map_err(PlaygroundError::HexSearch)?
        } else {
            (None, Vec::new())
        };
        let offsets = |hexes: &[Hex]| -> Vec<Value> {
            hexes
                .iter()
                .filter_map(|&h| self.grid.offset_of(h))
                .map(|(c, r)| json!([c, r]))
                .collect()
        };
        let (path, cost) = found.unwrap_or_default();
        Ok(json!({
            "found": !path.is_empty(),
            "cost": (!path.is_empty()).then_some(cost),
            "path": offsets(&path),
            "distance": a.distance(b),
            "expansions": expanded.len(),
            "expanded": offsets(&expanded),
            "error": null,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_river_is_crossed_on_the_bridge_in_every_layout() {
        for layout in 0..4 {
            let mut hexes = HexPlayground::preset(0, layout).unwrap();
            let (s, g) = ((2, 3), (21, 13));
            let found = hexes.search(s, g);
            let path = found["path"].as_array().unwrap();
            let bridge = (river_col(BRIDGE_ROW), BRIDGE_ROW);
            assert!(path.contains(&json!([bridge.0, bridge.1])), "{layout}");
            // Every path goes over the two bridge hexes: the optimum is the hex distance to
            // the first, one step, and the hex distance from the second.
            let grid = &hexes.grid;
            let at = |(c, r): (u32, u32)| grid.hex_at(c, r).unwrap();
            let expected =
                at(s).distance(at(bridge)) + 1 + at((bridge.0 + 1, bridge.1)).distance(at(g));
            assert_eq!(found["cost"], expected, "{layout}");
        }
    }

    #[test]
    fn walls_and_bad_input() {
        let mut hexes = HexPlayground::preset(1, 2).unwrap();
        assert!(hexes.search((0, 0), (21, 15))["found"].as_bool().unwrap());
        assert!(hexes.search((0, 0), (22, 0))["error"].is_string());
        assert!(!hexes.set_cell(40, 0, 0));
        assert!(hexes.set_cell(1, 0, 0));
        assert!(!hexes.set_cell(1, 0, 0), "already a wall");
        assert!(HexPlayground::preset(0, 4).is_err());
        // A wall around the start: no path, no error.
        let mut hexes = HexPlayground::preset(0, 0).unwrap();
        let start = hexes.grid.hex_at(5, 5).unwrap();
        for n in start.neighbours() {
            let (c, r) = hexes.grid.offset_of(n).unwrap();
            hexes.set_cell(c, r, 0);
        }
        let found = hexes.search((5, 5), (20, 5));
        assert_eq!(
            (found["found"].clone(), found["error"].clone()),
            (json!(false), Value::Null)
        );
    }
}
