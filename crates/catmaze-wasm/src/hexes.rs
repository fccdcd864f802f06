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
use pathkit::{Ends, Pathfinder};
use serde::Serialize;

/// The presets: a field crossed by a river with one bridge, and a marsh with lakes and woods.
pub const PRESETS: [&str; 2] = ["river", "marsh"];

/// The hex grid's size and layout: [`HexPlayground::info`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexInfo {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The offset layout's name: `odd-r`, `even-r`, `odd-q` or `even-q`.
    pub layout: &'static str,
    /// Pointy-top hexes (the `-r` layouts), else flat-top.
    pub pointy: bool,
}

/// A search on the hex grid, run to the end: [`HexPlayground::search`]. Hexes are
/// `[column, row]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexSearch {
    /// A path was found.
    pub found: bool,
    /// Its cost (the sum of the weights of the hexes entered), when found.
    pub cost: Option<u64>,
    /// Its hexes, start first; empty when none.
    pub path: Vec<[u32; 2]>,
    /// The hex distance between the start and the goal.
    pub distance: u64,
    /// Hexes expanded.
    pub expansions: usize,
    /// The hexes expanded, in order.
    pub expanded: Vec<[u32; 2]>,
}

/// A hex search as it crosses to the page: the search with `"error": null`, or the refusal's
/// message with empty lists, so that the page reads `found`, `path`, `expanded` and `error`
/// either way.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum HexAnswer {
    /// The search ran.
    Searched {
        /// What it found.
        #[serde(flatten)]
        search: HexSearch,
        /// `null`.
        error: (),
    },
    /// The search was refused (a hex off the map).
    Refused {
        /// `false`.
        found: bool,
        /// Why, as the message the page shows.
        #[serde(serialize_with = "crate::error::as_message")]
        error: PlaygroundError,
        /// Empty.
        path: Vec<[u32; 2]>,
        /// Empty.
        expanded: Vec<[u32; 2]>,
    },
}

impl From<Result<HexSearch, PlaygroundError>> for HexAnswer {
    fn from(result: Result<HexSearch, PlaygroundError>) -> Self {
        match result {
            Ok(search) => HexAnswer::Searched { search, error: () },
            Err(error) => HexAnswer::Refused {
                found: false,
                error,
                path: Vec::new(),
                expanded: Vec::new(),
            },
        }
    }
}

/// The answer to choosing a preset: `{"ok": true, "info"}` ([`HexInfo`]), or
/// `{"ok": false, "error"}` with the refusal's message.
#[derive(Debug, Serialize)]
pub struct HexPresetAnswer {
    /// The preset was loaded.
    pub ok: bool,
    /// Its size and layout, when loaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<HexInfo>,
    /// Why not, when refused.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "message_if_any"
    )]
    pub error: Option<PlaygroundError>,
}

fn message_if_any<S: serde::Serializer>(
    error: &Option<PlaygroundError>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match error {
        Some(e) => crate::error::as_message(e, serializer),
        None => serializer.serialize_none(),
    }
}

impl From<Result<HexInfo, PlaygroundError>> for HexPresetAnswer {
    fn from(result: Result<HexInfo, PlaygroundError>) -> Self {
        match result {
            Ok(info) => HexPresetAnswer {
                ok: true,
                info: Some(info),
                error: None,
            },
            Err(e) => HexPresetAnswer {
                ok: false,
                info: None,
                error: Some(e),
            },
        }
    }
}

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
    /// let found = hexes.search((2, 9), (21, 9)).unwrap();
    /// assert!(found.found);
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

    /// The grid's size and layout.
    pub fn info(&self) -> HexInfo {
        HexInfo {
            width: self.grid.width(),
            height: self.grid.height(),
            layout: self.grid.layout().name(),
            pointy: self.grid.orientation() == HexOrientation::PointyTop,
        }
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
    /// the expansions and the hexes expanded in order. A start or goal in a wall: no path, no
    /// error.
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::OffHexMap`] for a hex off the map, [`PlaygroundError::HexSearch`] if
    /// the search refuses.
    pub fn search(
        &mut self,
        start: (u32, u32),
        goal: (u32, u32),
    ) -> Result<HexSearch, PlaygroundError> {
        let (a, b) = (self.hex(start)?, self.hex(goal)?);
        // A walled end has no path: the library's check, before stepping. Ends in different
        // components are still stepped, so the page shows the flood that finds no way.
        let walled = matches!(
            self.grid.check_ends(a, b),
            Ok(Ends::StartBlocked | Ends::GoalBlocked)
        );
        let (found, expanded) = if !walled {
            run_to_end(&mut self.ctx, &self.grid, a, b, SearchOptions::new())
                .map_err(PlaygroundError::HexSearch)?
        } else {
            (None, Vec::new())
        };
        let offsets = |hexes: &[Hex]| -> Vec<[u32; 2]> {
            hexes
                .iter()
                .filter_map(|&h| self.grid.offset_of(h))
                .map(|(c, r)| [c, r])
                .collect()
        };
        let (path, cost) = found.unwrap_or_default();
        Ok(HexSearch {
            found: !path.is_empty(),
            cost: (!path.is_empty()).then_some(cost),
            path: offsets(&path),
            distance: a.distance(b),
            expansions: expanded.len(),
            expanded: offsets(&expanded),
        })
    }

    fn hex(&self, (col, row): (u32, u32)) -> Result<Hex, PlaygroundError> {
        self.grid
            .hex_at(col, row)
            .ok_or(PlaygroundError::OffHexMap { col, row })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// An answer as the page parses it.
    fn parsed(answer: impl Serialize) -> Value {
        serde_json::to_value(answer).unwrap()
    }

    /// The keys of a JSON object, sorted.
    fn keys(v: &Value) -> Vec<&str> {
        let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        k.sort_unstable();
        k
    }

    #[test]
    fn the_river_is_crossed_on_the_bridge_in_every_layout() {
        for layout in 0..4 {
            let mut hexes = HexPlayground::preset(0, layout).unwrap();
            let (s, g) = ((2, 3), (21, 13));
            let found = hexes.search(s, g).unwrap();
            let bridge = (river_col(BRIDGE_ROW), BRIDGE_ROW);
            assert!(found.path.contains(&[bridge.0, bridge.1]), "{layout}");
            // Every path goes over the two bridge hexes: the optimum is the hex distance to
            // the first, one step, and the hex distance from the second.
            let grid = &hexes.grid;
            let at = |(c, r): (u32, u32)| grid.hex_at(c, r).unwrap();
            let expected =
                at(s).distance(at(bridge)) + 1 + at((bridge.0 + 1, bridge.1)).distance(at(g));
            assert_eq!(found.cost, Some(expected), "{layout}");
        }
    }

    #[test]
    fn walls_and_bad_input() {
        let mut hexes = HexPlayground::preset(1, 2).unwrap();
        assert!(hexes.search((0, 0), (21, 15)).unwrap().found);
        assert!(matches!(
            hexes.search((0, 0), (22, 0)),
            Err(PlaygroundError::OffHexMap { col: 22, row: 0 })
        ));
        assert!(!hexes.set_cell(40, 0, 0));
        assert!(hexes.set_cell(1, 0, 0));
        assert!(!hexes.set_cell(1, 0, 0), "already a wall");
        assert!(matches!(
            HexPlayground::preset(0, 4),
            Err(PlaygroundError::HexLayout { layout: 4 })
        ));
        assert!(matches!(
            HexPlayground::preset(2, 0),
            Err(PlaygroundError::HexPreset { preset: 2 })
        ));
        // A wall around the start: no path, no error.
        let mut hexes = HexPlayground::preset(0, 0).unwrap();
        let start = hexes.grid.hex_at(5, 5).unwrap();
        for n in start.neighbours() {
            let (c, r) = hexes.grid.offset_of(n).unwrap();
            hexes.set_cell(c, r, 0);
        }
        let found = hexes.search((5, 5), (20, 5)).unwrap();
        assert!(!found.found && found.cost.is_none() && found.path.is_empty());
    }

    #[test]
    fn the_info_crosses_with_the_fields_the_page_reads() {
        let info = parsed(HexPlayground::preset(1, 2).unwrap().info());
        assert_eq!(keys(&info), ["height", "layout", "pointy", "width"]);
        assert_eq!(info["width"], 22);
        assert_eq!(info["height"], 16);
        assert_eq!(info["layout"], "odd-q");
        assert_eq!(info["pointy"], false);
        let info = parsed(HexPlayground::preset(0, 1).unwrap().info());
        assert_eq!(
            (&info["layout"], &info["pointy"]),
            (&"even-r".into(), &true.into())
        );
    }

    #[test]
    fn a_search_crosses_with_the_fields_the_page_reads() {
        let mut hexes = HexPlayground::preset(0, 0).unwrap();
        let search = hexes.search((2, 9), (5, 9)).unwrap();
        let answer = parsed(HexAnswer::from(Ok(search.clone())));
        assert_eq!(
            keys(&answer),
            [
                "cost",
                "distance",
                "error",
                "expanded",
                "expansions",
                "found",
                "path"
            ]
        );
        assert_eq!(answer["found"], true);
        assert_eq!(answer["cost"], 3);
        assert_eq!(answer["distance"], 3);
        assert_eq!(answer["path"], parsed([[2, 9], [3, 9], [4, 9], [5, 9]]));
        assert_eq!(answer["expansions"], search.expansions);
        assert_eq!(
            answer["expanded"].as_array().unwrap().len(),
            search.expansions
        );
        assert_eq!(answer["expanded"][0], parsed([2, 9]));
        assert_eq!(answer["error"], Value::Null);
        // No path: found false, cost null, the lists empty.
        hexes.set_cell(5, 9, 0);
        let answer = parsed(HexAnswer::from(hexes.search((2, 9), (5, 9))));
        assert_eq!(
            (&answer["found"], &answer["cost"], &answer["path"]),
            (&false.into(), &Value::Null, &Value::Array(Vec::new()))
        );
        assert_eq!(answer["error"], Value::Null);
    }

    #[test]
    fn a_refusal_crosses_as_its_message_with_empty_lists() {
        let mut hexes = HexPlayground::preset(0, 0).unwrap();
        let answer = parsed(HexAnswer::from(hexes.search((0, 0), (30, 2))));
        assert_eq!(keys(&answer), ["error", "expanded", "found", "path"]);
        assert_eq!(answer["found"], false);
        assert_eq!(answer["error"], "column 30, row 2 is not on the hex map");
        assert_eq!(answer["path"], Value::Array(Vec::new()));
        assert_eq!(answer["expanded"], Value::Array(Vec::new()));
    }

    #[test]
    fn a_preset_answer_crosses_as_ok_and_info_or_the_refusal() {
        let answer = parsed(HexPresetAnswer::from(
            HexPlayground::preset(0, 3).map(|h| h.info()),
        ));
        assert_eq!(keys(&answer), ["info", "ok"]);
        assert_eq!(answer["ok"], true);
        assert_eq!(answer["info"]["layout"], "even-q");
        assert_eq!(answer["info"]["width"], 24);
        let answer = parsed(HexPresetAnswer::from(
            HexPlayground::preset(5, 0).map(|h| h.info()),
        ));
        assert_eq!(keys(&answer), ["error", "ok"]);
        assert_eq!(answer["ok"], false);
        assert_eq!(answer["error"], "there is no hex preset 5");
    }
}
