//! [`PlaygroundError`]: why the playground refused a map, an edit or a search.

use crate::menus::DIAGONALS;
use crate::Algorithm;
use pathkit::format::ParseError;
use pathkit::graph::GraphError;
use pathkit::grid::{Cell, Diagonal, GridError};
use pathkit::hex::{Hex, HexError};
use pathkit::hierarchy::HierarchyError;
use pathkit::jps::JpsError;
use pathkit::levels::{LevelError, Place};
use pathkit::navmesh::NavMeshError;
use pathkit::search::SearchError;
use pathkit::subgoal::SubgoalError;
use serde::Serialize;
use std::fmt;

/// Why the playground refused something. The page shows its message; nothing it is given makes
/// the module panic.
///
/// ```
/// use catmaze_wasm::{Playground, PlaygroundError};
///
/// let err = Playground::new(0, 5).unwrap_err();
/// assert!(matches!(err, PlaygroundError::Size { width: 0, height: 5 }));
/// assert_eq!(err.to_string(), "a map of 0x5 tiles: sides from 1 to 1024 only");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum PlaygroundError {
    /// A side is 0 or above [`MAX_SIDE`](crate::MAX_SIDE).
    Size {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// Not one weight per tile.
    WeightCount {
        /// Tiles of the map.
        expected: usize,
        /// Weights given.
        found: usize,
    },
    /// A Moving AI map that does not parse (the parser says where and why).
    Map(ParseError),
    /// The grid refused the map or the move costs.
    Grid(GridError),
    /// The start or the goal is off the map.
    OffMap {
        /// The start asked for.
        start: Cell,
        /// The goal asked for.
        goal: Cell,
    },
    /// The A* family's refusal (a weight below 1, for one).
    Search(SearchError<Cell>),
    /// Jump Point Search's refusal (terrain weights, or a diagonal rule it does not support).
    Jps(JpsError),
    /// The subgoal graph's refusal: terrain weights (its paths are optimal only when every free
    /// tile costs the same), or a map too large for its tables.
    Subgoal(SubgoalError),
    /// The refusal of Jump Point Search on terrain (a map too large for its marks of the
    /// terrain); terrain weights it takes.
    WeightedJps(JpsError),
    /// The algorithm does not search with this move rule (JPS+, the subgoal graph and Jump Point
    /// Search on terrain move 8-way without corner cutting only; JPS 4-way or 8-way without
    /// corner cutting).
    Moves {
        /// The algorithm asked for.
        algorithm: Algorithm,
        /// The move rule asked for.
        moves: Diagonal,
    },
    /// The navigation mesh could not be built or searched.
    NavMesh(NavMeshError),
    /// The hierarchy could not be built or searched (a cluster size out of range).
    Hierarchy(HierarchyError),
    /// The obstacle or mesh graph could not be built or searched (too many walls for one).
    Graph(crate::graph_searches::GraphSearchError),
    /// The two-floor map refused a change or a search.
    Levels(LevelError),
    /// A start or goal off the floors (no such floor, or outside it).
    OffFloor {
        /// The place asked for.
        place: Place,
    },
    /// A portal number past the last portal.
    NoPortal {
        /// The number asked for.
        index: u32,
    },
    /// The search across the floors failed.
    Floors(SearchError<Place>),
    /// The hex grid refused a change.
    Hex(HexError),
    /// A hex preset number the page does not have.
    HexPreset {
        /// The number asked for.
        preset: u32,
    },
    /// A hex layout number the page does not have (0 odd-r, 1 even-r, 2 odd-q, 3 even-q).
    HexLayout {
        /// The number asked for.
        layout: u32,
    },
    /// A start or goal off the hex map.
    OffHexMap {
        /// The column asked for.
        col: u32,
        /// The row asked for.
        row: u32,
    },
    /// The search on the hex grid failed.
    HexSearch(SearchError<Hex>),
    /// The settings sent by the page do not read (an unknown code or field, a value of the
    /// wrong type).
    Settings(String),
    /// A box of the navigation-mesh mode without area, or with a coordinate not finite.
    EmptyShape {
        /// Two opposite corners, `[x0, y0, x1, y1]`.
        rect: [f64; 4],
    },
    /// A box of the navigation-mesh mode wholly outside the level.
    OutsideLevel {
        /// Two opposite corners, `[x0, y0, x1, y1]`.
        rect: [f64; 4],
    },
    /// An agent size number past the last size.
    NoAgentSize {
        /// The number asked for.
        index: u32,
    },
    /// An area type the navigation-mesh mode does not paint.
    AreaType {
        /// The id asked for.
        id: u32,
    },
    /// No obstacle or area has this key.
    NoShape {
        /// The key asked for.
        key: u64,
    },
    /// A link with an end outside the level, or both ends at one point.
    LinkEnds {
        /// Where it would be entered.
        from: [f64; 2],
        /// Where it would lead.
        to: [f64; 2],
    },
    /// A link's cost factor that is negative or not finite.
    LinkFactor {
        /// The factor asked for.
        factor: f64,
    },
    /// A link number past the last link.
    NoLink {
        /// The number asked for.
        index: u32,
    },
    /// An area type's cost outside the range the navigation-mesh mode offers (or not a
    /// number).
    AreaCost {
        /// The area type.
        id: u32,
        /// The cost asked for.
        cost: f64,
    },
}

impl fmt::Display for PlaygroundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaygroundError::Size { width, height } => write!(
                f,
                "a map of {width}x{height} tiles: sides from 1 to {} only",
                crate::MAX_SIDE
            ),
            PlaygroundError::WeightCount { expected, found } => {
                write!(f, "{found} weights for a map of {expected} tiles")
            }
            PlaygroundError::Map(e) => write!(f, "not a Moving AI map: {e}"),
            PlaygroundError::Grid(e) => write!(f, "{e}"),
            PlaygroundError::OffMap { start, goal } => {
                write!(
                    f,
                    "the start {start} and the goal {goal} must be on the map"
                )
            }
            PlaygroundError::Search(e) => write!(f, "{e}"),
            PlaygroundError::Jps(e) => write!(f, "{e}"),
            PlaygroundError::Subgoal(e) => write!(f, "{e}"),
            PlaygroundError::WeightedJps(e) => write!(f, "jump points on terrain: {e}"),
            PlaygroundError::Moves { algorithm, moves } => {
                let label = |d: &Diagonal| {
                    DIAGONALS
                        .iter()
                        .find(|c| c.value == *d)
                        .map_or("?", |c| c.label)
                };
                let takes: Vec<String> = DIAGONALS
                    .iter()
                    .filter(|c| algorithm.takes_moves(c.value))
                    .map(|c| format!("\u{201c}{}\u{201d}", c.label))
                    .collect();
                let name = algorithm.menu_entry().short;
                // The searches built once per map for one move rule say so: the rule is not a
                // setting they ignore but what their tables were made for.
                let built = match algorithm {
                    Algorithm::JpsPlus => Some("its jump table is built for them"),
                    Algorithm::Subgoal => Some("its graph is built for them"),
                    Algorithm::WeightedJps => Some("its marks of the terrain are made for them"),
                    _ => None,
                };
                if let Some(built) = built {
                    write!(
                        f,
                        "{name} needs 8-way moves without corner cutting ({built}), not {}: \
                         choose {} under Moves",
                        label(moves),
                        takes.join(" or "),
                    )?;
                    if *moves == Diagonal::Never {
                        write!(f, ", or JPS for 4-way moves")?;
                    }
                } else {
                    write!(
                        f,
                        "{name} moves only as {}, not {}: choose one of them under Moves",
                        takes.join(" or "),
                        label(moves),
                    )?;
                }
                Ok(())
            }
            PlaygroundError::NavMesh(e) => write!(f, "{e}"),
            PlaygroundError::Hierarchy(e) => write!(f, "hierarchical search: {e}"),
            PlaygroundError::Graph(e) => write!(f, "{e}"),
            PlaygroundError::Levels(e) => write!(f, "{e}"),
            PlaygroundError::OffFloor { place } => {
                write!(f, "{place} is not on the floors")
            }
            PlaygroundError::NoPortal { index } => write!(f, "there is no portal number {index}"),
            PlaygroundError::Floors(e) => write!(f, "{e}"),
            PlaygroundError::Hex(e) => write!(f, "{e}"),
            PlaygroundError::HexPreset { preset } => write!(f, "there is no hex preset {preset}"),
            PlaygroundError::HexLayout { layout } => {
                write!(
                    f,
                    "hex layout {layout}: 0 odd-r, 1 even-r, 2 odd-q or 3 even-q"
                )
            }
            PlaygroundError::OffHexMap { col, row } => {
                write!(f, "column {col}, row {row} is not on the hex map")
            }
            PlaygroundError::HexSearch(e) => write!(f, "{e}"),
            PlaygroundError::Settings(e) => write!(f, "settings: {e}"),
            PlaygroundError::EmptyShape { rect } => {
                write!(f, "the box {rect:?} has no area: drag out a larger one")
            }
            PlaygroundError::OutsideLevel { rect } => {
                write!(f, "the box {rect:?} is outside the level")
            }
            PlaygroundError::NoAgentSize { index } => {
                write!(f, "there is no agent size number {index}")
            }
            PlaygroundError::AreaType { id } => write!(f, "there is no area type {id}"),
            PlaygroundError::NoShape { key } => {
                write!(f, "there is no obstacle or area with key {key}")
            }
            PlaygroundError::LinkEnds { from, to } => write!(
                f,
                "a link from {from:?} to {to:?}: both ends must be in the level, apart"
            ),
            PlaygroundError::LinkFactor { factor } => write!(
                f,
                "a link's cost factor must be a number of 0 or more, not {factor}"
            ),
            PlaygroundError::NoLink { index } => write!(f, "there is no link number {index}"),
            PlaygroundError::AreaCost { id, cost } => write!(
                f,
                "area type {id}'s cost must be a number from {} to {}, not {cost}",
                crate::mesh_playground::MIN_AREA_COST,
                crate::mesh_playground::MAX_AREA_COST
            ),
        }
    }
}

impl std::error::Error for PlaygroundError {}

impl PlaygroundError {
    /// A short code for the kind of refusal, for the page (and tests) to tell them apart.
    pub fn code(&self) -> &'static str {
        match self {
            PlaygroundError::Size { .. } => "size",
            PlaygroundError::WeightCount { .. } => "weight-count",
            PlaygroundError::Map(_) => "map",
            PlaygroundError::Grid(_) => "grid",
            PlaygroundError::OffMap { .. } => "off-map",
            PlaygroundError::Search(_) => "search",
            PlaygroundError::Jps(_) => "jps",
            PlaygroundError::Subgoal(_) => "subgoal",
            PlaygroundError::WeightedJps(_) => "weighted-jps",
            PlaygroundError::Moves { .. } => "moves",
            PlaygroundError::NavMesh(_) => "navmesh",
            PlaygroundError::Hierarchy(_) => "hierarchy",
            PlaygroundError::Graph(_) => "graph",
            PlaygroundError::Levels(_) => "levels",
            PlaygroundError::OffFloor { .. } => "off-floor",
            PlaygroundError::NoPortal { .. } => "no-portal",
            PlaygroundError::Floors(_) => "floors",
            PlaygroundError::Hex(_) => "hex",
            PlaygroundError::HexPreset { .. } => "hex-preset",
            PlaygroundError::HexLayout { .. } => "hex-layout",
            PlaygroundError::OffHexMap { .. } => "off-hex-map",
            PlaygroundError::HexSearch(_) => "hex-search",
            PlaygroundError::Settings(_) => "settings",
            PlaygroundError::EmptyShape { .. } => "empty-shape",
            PlaygroundError::OutsideLevel { .. } => "outside-level",
            PlaygroundError::NoAgentSize { .. } => "no-agent-size",
            PlaygroundError::AreaType { .. } => "area-type",
            PlaygroundError::NoShape { .. } => "no-shape",
            PlaygroundError::LinkEnds { .. } => "link-ends",
            PlaygroundError::LinkFactor { .. } => "link-factor",
            PlaygroundError::NoLink { .. } => "no-link",
            PlaygroundError::AreaCost { .. } => "area-cost",
        }
    }
}

/// A refusal as it crosses to the page: its [`code`](PlaygroundError::code) and its message.
///
/// ```
/// use catmaze_wasm::{ErrorAnswer, Playground};
///
/// let err = Playground::new(0, 5).unwrap_err();
/// let answer = ErrorAnswer::from(&err);
/// assert_eq!(answer.code, "size");
/// assert_eq!(serde_json::to_string(&answer).unwrap(),
///     r#"{"code":"size","message":"a map of 0x5 tiles: sides from 1 to 1024 only"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorAnswer {
    /// [`PlaygroundError::code`].
    pub code: &'static str,
    /// The message shown.
    pub message: String,
}

impl From<&PlaygroundError> for ErrorAnswer {
    fn from(e: &PlaygroundError) -> Self {
        ErrorAnswer {
            code: e.code(),
            message: e.to_string(),
        }
    }
}

impl From<GraphError> for PlaygroundError {
    fn from(e: GraphError) -> Self {
        PlaygroundError::Graph(e.into())
    }
}

impl From<ParseError> for PlaygroundError {
    fn from(e: ParseError) -> Self {
        PlaygroundError::Map(e)
    }
}

impl From<GridError> for PlaygroundError {
    fn from(e: GridError) -> Self {
        PlaygroundError::Grid(e)
    }
}

impl From<SearchError<Cell>> for PlaygroundError {
    fn from(e: SearchError<Cell>) -> Self {
        PlaygroundError::Search(e)
    }
}

impl From<JpsError> for PlaygroundError {
    fn from(e: JpsError) -> Self {
        PlaygroundError::Jps(e)
    }
}

impl From<SubgoalError> for PlaygroundError {
    fn from(e: SubgoalError) -> Self {
        PlaygroundError::Subgoal(e)
    }
}

impl From<NavMeshError> for PlaygroundError {
    fn from(e: NavMeshError) -> Self {
        PlaygroundError::NavMesh(e)
    }
}

impl From<crate::graph_searches::GraphSearchError> for PlaygroundError {
    fn from(e: crate::graph_searches::GraphSearchError) -> Self {
        PlaygroundError::Graph(e)
    }
}

impl From<HierarchyError> for PlaygroundError {
    fn from(e: HierarchyError) -> Self {
        PlaygroundError::Hierarchy(e)
    }
}

impl From<LevelError> for PlaygroundError {
    fn from(e: LevelError) -> Self {
        PlaygroundError::Levels(e)
    }
}

impl From<HexError> for PlaygroundError {
    fn from(e: HexError) -> Self {
        PlaygroundError::Hex(e)
    }
}

/// Serializes a refusal as its message alone: the floors and hex answers carry `"error"` as the
/// text the page shows.
pub(crate) fn as_message<S: serde::Serializer>(
    error: &PlaygroundError,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(error)
}
