//! [`Floors`]: the playground's two-floor building, a pathkit [`LevelMap`] searched as one
//! graph across its stairs, elevator and teleporter.
//!
//! The page draws the floors side by side and the portals as arcs between them; it switches a
//! portal out of service, moves the start and the goal to any floor and paints walls, and after
//! each change asks for the search again. Maps this small are searched in well under a
//! millisecond, so every search runs to the end at once with pathkit's [`Stepper`], which also
//! gives the order in which places were expanded, for drawing.

use crate::PlaygroundError;
use pathkit::grid::{Diagonal, Grid};
use pathkit::levels::{LevelMap, Place, Portal, PortalId};
use pathkit::search::{
    IndexedSpace, SearchContext, SearchError, SearchOptions, StepEvent, Stepper,
};
use serde::Serialize;

/// The ground floor: a wall splits it in two, a patch of rough floor (cost 3) on the left.
const GROUND: &str = "\
################
#......#.......#
#......#.......#
#..33..#.......#
#..33..#.......#
#......#.......#
#......#.......#
#......#.......#
#......#.......#
################";

/// Upstairs: open across, around a walled room.
const UPSTAIRS: &str = "\
################
#..............#
#..............#
#....#####.....#
#....#...#.....#
#....#...#.....#
#..............#
#..............#
#..............#
################";

/// What a portal is, for the page's labels and colours; it crosses as `"stairs"`,
/// `"elevator"` or `"teleporter"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PortalKind {
    /// Stairs, both ways.
    Stairs,
    /// An elevator, both ways, cheap, often out of service.
    Elevator,
    /// A one-way teleporter.
    Teleporter,
}

/// One portal of the preset: name, kind, from and to (floor, x, y), cost, two-way.
type PresetPortal = (&'static str, PortalKind, [u32; 3], [u32; 3], f64, bool);

/// The preset's portals.
const PORTALS: [PresetPortal; 4] = [
    (
        "west stairs",
        PortalKind::Stairs,
        [0, 2, 7],
        [1, 2, 7],
        3.0,
        true,
    ),
    (
        "east stairs",
        PortalKind::Stairs,
        [0, 13, 7],
        [1, 13, 7],
        3.0,
        true,
    ),
    (
        "elevator",
        PortalKind::Elevator,
        [0, 5, 1],
        [1, 5, 1],
        1.0,
        true,
    ),
    (
        "teleporter",
        PortalKind::Teleporter,
        [1, 14, 1],
        [0, 9, 1],
        0.0,
        false,
    ),
];

/// The building as the page draws it: [`Floors::info`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FloorsInfo {
    /// The floors, ground floor first.
    pub floors: Vec<FloorInfo>,
    /// The portals, in the order the page numbers them.
    pub portals: Vec<PortalInfo>,
}

/// One floor's size and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FloorInfo {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The label under it.
    pub name: &'static str,
}

/// One portal: its ends as `[floor, x, y]`, its cost, direction and kind, and whether it is in
/// service.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PortalInfo {
    /// Its label.
    pub name: &'static str,
    /// Stairs, elevator or teleporter.
    pub kind: PortalKind,
    /// The end it is entered from (either end of a two-way portal).
    pub from: [u32; 3],
    /// The end it leads to.
    pub to: [u32; 3],
    /// The cost of taking it.
    pub cost: f64,
    /// It can be taken both ways.
    pub two_way: bool,
    /// It is in service.
    pub enabled: bool,
}

/// A search across the floors, run to the end: [`Floors::search`]. Places are
/// `[floor, x, y]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FloorSearch {
    /// A path was found.
    pub found: bool,
    /// Its cost, when found.
    pub cost: Option<f64>,
    /// Its places, start first; empty when none.
    pub path: Vec<[u32; 3]>,
    /// The portals it takes, in order, as indices into [`FloorsInfo::portals`].
    pub portals: Vec<u32>,
    /// Places expanded.
    pub expansions: usize,
    /// The places expanded, in order.
    pub expanded: Vec<[u32; 3]>,
}

/// A search across the floors as it crosses to the page: the search with `"error": null`, or
/// the refusal's message with empty lists, so that the page reads `found`, `path`, `portals`,
/// `expanded` and `error` either way.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum FloorAnswer {
    /// The search ran.
    Searched {
        /// What it found.
        #[serde(flatten)]
        search: FloorSearch,
        /// `null`.
        error: (),
    },
    /// The search was refused (a place off the floors).
    Refused {
        /// `false`.
        found: bool,
        /// Why, as the message the page shows.
        #[serde(serialize_with = "crate::error::as_message")]
        error: PlaygroundError,
        /// Empty.
        path: Vec<[u32; 3]>,
        /// Empty.
        expanded: Vec<[u32; 3]>,
        /// Empty.
        portals: Vec<u32>,
    },
}

impl From<Result<FloorSearch, PlaygroundError>> for FloorAnswer {
    fn from(result: Result<FloorSearch, PlaygroundError>) -> Self {
        match result {
            Ok(search) => FloorAnswer::Searched { search, error: () },
            Err(error) => FloorAnswer::Refused {
                found: false,
                error,
                path: Vec::new(),
                expanded: Vec::new(),
                portals: Vec::new(),
            },
        }
    }
}

/// A place as the page reads it: `[floor, x, y]`.
fn triple(p: Place) -> [u32; 3] {
    [p.floor, p.cell.x, p.cell.y]
}

/// The two-floor building and the last search on it.
#[derive(Debug)]
pub struct Floors {
    map: LevelMap,
    /// The portals' handles, names and kinds, in the order the page lists them.
    portals: Vec<(PortalId, &'static str, PortalKind)>,
    ctx: SearchContext<f64>,
}

fn place([floor, x, y]: [u32; 3]) -> Place {
    Place::new(floor, x, y)
}

impl Floors {
    /// The preset: a ground floor cut in two by a wall, an upstairs, stairs at both ends, an
    /// elevator on the west side and a one-way teleporter from upstairs down to the east side.
    ///
    /// ```
    /// use catmaze_wasm::Floors;
    /// use pathkit::levels::Place;
    ///
    /// let mut floors = Floors::preset();
    /// let found = floors.search(Place::new(0, 3, 6), Place::new(0, 12, 6), true).unwrap();
    /// assert_eq!(found.portals, [0, 1]); // up the west stairs, down the east
    /// floors.set_portal(0, false).unwrap();
    /// let found = floors.search(Place::new(0, 3, 6), Place::new(0, 12, 6), true).unwrap();
    /// assert_eq!(found.portals, [2, 3]); // up the elevator, down the teleporter
    /// ```
    #[must_use]
    pub fn preset() -> Floors {
        let floors = [GROUND, UPSTAIRS]
            .into_iter()
            .map(|text| Grid::from_ascii(text).expect("the preset's floors parse"))
            .collect();
        let mut map = LevelMap::new(floors).expect("two small floors");
        let portals = PORTALS
            .iter()
            .map(|&(name, kind, from, to, cost, two_way)| {
                let portal = Portal {
                    from: place(from),
                    to: place(to),
                    cost,
                    two_way,
                };
                let id = map
                    .add_portal(portal)
                    .expect("the preset's portals are valid");
                (id, name, kind)
            })
            .collect();
        Floors {
            map,
            portals,
            ctx: SearchContext::new(),
        }
    }

    /// The map for the page: each floor's size, and each portal's ends, cost, direction, kind
    /// and whether it is in service.
    pub fn info(&self) -> FloorsInfo {
        let floors = self
            .map
            .floors()
            .iter()
            .zip(["Ground floor", "Upstairs"])
            .map(|(g, name)| FloorInfo {
                width: g.width(),
                height: g.height(),
                name,
            })
            .collect();
        let portals = self
            .portals
            .iter()
            .filter_map(|&(id, name, kind)| {
                let p = self.map.portal(id)?;
                Some(PortalInfo {
                    name,
                    kind,
                    from: triple(p.from),
                    to: triple(p.to),
                    cost: p.cost,
                    two_way: p.two_way,
                    enabled: self.map.is_portal_enabled(id).unwrap_or(false),
                })
            })
            .collect();
        FloorsInfo { floors, portals }
    }

    /// A floor's row-major weights (0 = wall); empty for a floor that does not exist.
    pub fn weights(&self, floor: u32) -> &[u32] {
        self.map.floor(floor).map_or(&[], |g| g.weights())
    }

    /// Sets a cell's weight (0 = wall); `false` when nothing changed (off the map, the same
    /// weight, or a portal's end, which stays open so that the portal keeps working).
    pub fn set_cell(&mut self, at: Place, weight: u32) -> bool {
        let on_portal = self
            .map
            .portals()
            .any(|(_, p, _)| p.from == at || p.to == at);
        if on_portal
            || self
                .map
                .floor(at.floor)
                .and_then(|g| g.cell(at.cell.x, at.cell.y))
                .is_none()
        {
            return false;
        }
        if self.map.weight(at) == weight {
            return false;
        }
        self.map.set_weight(at, weight).is_ok()
    }

    /// Puts portal number `index` (in [`Floors::info`]'s order) in or out of service.
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::NoPortal`] for an index past the last portal.
    pub fn set_portal(&mut self, index: u32, enabled: bool) -> Result<(), PlaygroundError> {
        let Some(&(id, _, _)) = self.portals.get(index as usize) else {
            return Err(PlaygroundError::NoPortal { index });
        };
        self.map.set_portal_enabled(id, enabled)?;
        Ok(())
    }

    /// A* across the floors from `start` to `goal` (8-way without corner cutting, 1 and √2,
    /// when `diagonal`; else 4-way), run to the end: whether a path was found, its cost, its
    /// places, the portals it takes (indices, in order), the expansions and the places expanded
    /// in order. A start or goal in a wall: no path, no error.
    ///
    /// # Errors
    ///
    /// [`PlaygroundError::OffFloor`] for a place off the floors, [`PlaygroundError::Levels`] or
    /// [`PlaygroundError::Floors`] if the map or the search refuses.
    pub fn search(
        &mut self,
        start: Place,
        goal: Place,
        diagonal: bool,
    ) -> Result<FloorSearch, PlaygroundError> {
        let rule = if diagonal {
            Diagonal::NoCornerCutting
        } else {
            Diagonal::Never
        };
        let space = self.map.space(rule, 1.0, std::f64::consts::SQRT_2)?;
        for p in [start, goal] {
            if space.index_of(p).is_none() {
                return Err(PlaygroundError::OffFloor { place: p });
            }
        }
        let (found, expanded) =
            run_to_end(&mut self.ctx, &space, start, goal, SearchOptions::new())
                .map_err(PlaygroundError::Floors)?;
        let places =
            |nodes: &[Place]| -> Vec<[u32; 3]> { nodes.iter().copied().map(triple).collect() };
        let (path, cost) = found.unwrap_or_default();
        Ok(FloorSearch {
            found: !path.is_empty(),
            cost: (!path.is_empty()).then_some(cost),
            path: places(&path),
            portals: self.portals_taken(&path),
            expansions: expanded.len(),
            expanded: places(&expanded),
        })
    }

    /// The portals a path takes: each step that changes floor or jumps further than one cell,
    /// matched to the portal in service between its two places (in its direction, or back
    /// along a two-way one).
    fn portals_taken(&self, path: &[Place]) -> Vec<u32> {
        let mut taken = Vec::new();
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let walk = a.floor == b.floor
                && a.cell.x.abs_diff(b.cell.x) <= 1
                && a.cell.y.abs_diff(b.cell.y) <= 1;
            if walk {
                continue;
            }
            let index = self.portals.iter().position(|&(id, _, _)| {
                self.map.is_portal_enabled(id) == Some(true)
                    && self.map.portal(id).is_some_and(|p| {
                        (p.from == a && p.to == b) || (p.two_way && p.from == b && p.to == a)
                    })
            });
            if let Some(i) = index {
                taken.push(i as u32);
            }
        }
        taken
    }
}

/// The path and the nodes expanded, in order, of an A* search run to the end with the stepper,
/// or the search's refusal.
pub(crate) type Stepped<N, C> = Result<(Option<(Vec<N>, C)>, Vec<N>), SearchError<N>>;

/// Runs pathkit's [`Stepper`] to the end, keeping the order of expansions (the goal's included
/// when it is reached).
pub(crate) fn run_to_end<S: IndexedSpace>(
    ctx: &mut SearchContext<S::Cost>,
    space: &S,
    start: S::Node,
    goal: S::Node,
    options: SearchOptions<S::Cost>,
) -> Stepped<S::Node, S::Cost> {
    let mut stepper = Stepper::new(ctx, space, start, goal, options)?;
    let mut expanded = Vec::new();
    loop {
        match stepper.step(ctx, space)? {
            StepEvent::Expanded(n) => expanded.push(n),
            StepEvent::Finished(outcome) => {
                let found = outcome.into_path().map(|p| {
                    if let Some(&last) = p.nodes.last() {
                        expanded.push(last);
                    }
                    (p.nodes, p.cost)
                });
                return Ok((found, expanded));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const START: Place = Place::new(0, 3, 6);
    const GOAL: Place = Place::new(0, 12, 6);

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
    fn stairs_then_the_elevator_then_no_way_up() {
        let mut floors = Floors::preset();
        let found = floors.search(START, GOAL, true).unwrap();
        assert_eq!(found.portals, [0, 1]);
        let stairs = found.cost.unwrap();
        assert!((stairs - (11.0 + 6.0 + 2.0 * std::f64::consts::SQRT_2)).abs() < 1e-9);
        // The elevator off changes nothing here; the west stairs off, it is taken instead, and the
        // teleporter down.
        floors.set_portal(2, false).unwrap();
        assert_eq!(floors.search(START, GOAL, true).unwrap().portals, [0, 1]);
        floors.set_portal(2, true).unwrap();
        floors.set_portal(0, false).unwrap();
        let found = floors.search(START, GOAL, true).unwrap();
        assert_eq!(found.portals, [2, 3]); // up the elevator, down the teleporter
        assert!(found.cost.unwrap() > stairs);
        // Both off: the teleporter only goes down, so the east side is out of reach.
        floors.set_portal(2, false).unwrap();
        let found = floors.search(START, GOAL, true).unwrap();
        assert!(!found.found && found.cost.is_none());
        assert!(found.expansions > 0);
        // The teleporter, from upstairs.
        let found = floors
            .search(Place::new(1, 13, 1), Place::new(0, 10, 1), true)
            .unwrap();
        assert_eq!(found.portals, [3]);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut floors = Floors::preset();
        assert!(matches!(
            floors.set_portal(9, false),
            Err(PlaygroundError::NoPortal { index: 9 })
        ));
        assert!(matches!(
            floors.search(Place::new(2, 0, 0), GOAL, true),
            Err(PlaygroundError::OffFloor { .. })
        ));
        assert!(matches!(
            floors.search(Place::new(0, 99, 0), GOAL, true),
            Err(PlaygroundError::OffFloor { .. })
        ));
        assert!(!floors.set_cell(Place::new(0, 99, 0), 0));
        assert!(
            !floors.set_cell(Place::new(0, 2, 7), 0),
            "a portal's end stays open"
        );
        assert!(floors.set_cell(Place::new(1, 8, 7), 0));
        assert!(floors.weights(5).is_empty());
        // A start in a wall: no path, no error.
        assert!(
            !floors
                .search(Place::new(0, 0, 0), GOAL, true)
                .unwrap()
                .found
        );
    }

    #[test]
    fn the_info_crosses_with_the_fields_the_page_reads() {
        let mut floors = Floors::preset();
        floors.set_portal(2, false).unwrap();
        let info = parsed(floors.info());
        assert_eq!(keys(&info), ["floors", "portals"]);
        let ground = &info["floors"][0];
        assert_eq!(keys(ground), ["height", "name", "width"]);
        assert_eq!(
            (&ground["width"], &ground["height"], &ground["name"]),
            (&16.into(), &10.into(), &"Ground floor".into())
        );
        assert_eq!(info["floors"][1]["name"], "Upstairs");
        let portals = info["portals"].as_array().unwrap();
        assert_eq!(portals.len(), 4);
        let stairs = &portals[0];
        assert_eq!(
            keys(stairs),
            ["cost", "enabled", "from", "kind", "name", "to", "twoWay"]
        );
        assert_eq!(stairs["name"], "west stairs");
        assert_eq!(stairs["kind"], "stairs");
        assert_eq!(stairs["from"], parsed([0, 2, 7]));
        assert_eq!(stairs["to"], parsed([1, 2, 7]));
        assert_eq!(stairs["cost"], 3.0);
        assert_eq!(stairs["twoWay"], true);
        assert_eq!(stairs["enabled"], true);
        let kinds: Vec<&Value> = portals.iter().map(|p| &p["kind"]).collect();
        assert_eq!(kinds, ["stairs", "stairs", "elevator", "teleporter"]);
        assert_eq!(portals[2]["enabled"], false);
        let teleporter = &portals[3];
        assert_eq!(
            (
                &teleporter["from"],
                &teleporter["to"],
                &teleporter["twoWay"]
            ),
            (&parsed([1, 14, 1]), &parsed([0, 9, 1]), &false.into())
        );
    }

    #[test]
    fn a_search_crosses_with_the_fields_the_page_reads() {
        let mut floors = Floors::preset();
        let search = floors.search(START, GOAL, true).unwrap();
        let answer = parsed(FloorAnswer::from(Ok(search.clone())));
        assert_eq!(
            keys(&answer),
            [
                "cost",
                "error",
                "expanded",
                "expansions",
                "found",
                "path",
                "portals"
            ]
        );
        assert_eq!(answer["found"], true);
        assert_eq!(answer["cost"], search.cost.unwrap());
        assert_eq!(answer["portals"], parsed([0, 1]));
        assert_eq!(answer["path"][0], parsed([0, 3, 6]));
        assert_eq!(
            answer["path"].as_array().unwrap().last(),
            Some(&parsed([0, 12, 6]))
        );
        assert!(answer["path"]
            .as_array()
            .unwrap()
            .contains(&parsed([1, 2, 7])));
        assert_eq!(answer["expansions"], search.expansions);
        assert_eq!(
            answer["expanded"].as_array().unwrap().len(),
            search.expansions
        );
        assert_eq!(answer["expanded"][0], parsed([0, 3, 6]));
        assert_eq!(answer["error"], Value::Null);
        // No path: found false, cost null, no error.
        let answer = parsed(FloorAnswer::from(floors.search(
            Place::new(0, 0, 0),
            GOAL,
            false,
        )));
        assert_eq!(
            (&answer["found"], &answer["cost"], &answer["error"]),
            (&false.into(), &Value::Null, &Value::Null)
        );
    }

    #[test]
    fn a_refusal_crosses_as_its_message_with_empty_lists() {
        let mut floors = Floors::preset();
        let answer = parsed(FloorAnswer::from(floors.search(
            Place::new(2, 0, 0),
            GOAL,
            true,
        )));
        assert_eq!(
            keys(&answer),
            ["error", "expanded", "found", "path", "portals"]
        );
        assert_eq!(answer["found"], false);
        assert_eq!(
            answer["error"],
            PlaygroundError::OffFloor {
                place: Place::new(2, 0, 0)
            }
            .to_string()
        );
        for list in ["path", "expanded", "portals"] {
            assert_eq!(answer[list], Value::Array(Vec::new()), "{list}");
        }
    }
}
