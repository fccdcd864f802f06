//! Map file formats: Moving AI benchmark maps and scenarios, and Tiled `.tmx` levels.
//!
//! | type | file | what it gives |
//! |---|---|---|
//! | [`MovingAiMap`] | `.map` | the tiles as written, and a [`Grid`](crate::grid::Grid) (`.` `G` `S` passable) |
//! | [`Scenario`], [`ScenarioEntry`] | `.scen` (grid and MAPF) | start, goal and optimal length per problem, with the [tolerance](Scenario::tolerance) to compare lengths |
//! | [`resolve_map`] | | the `.map` file a scenario line names, found by basename |
//! | `TiledMap` (feature `tiled`, on by default) | `.tmx` | tile layers with gids and tile properties, from a path or from bytes, and grids from them |
//! | `TiledLevels` (feature `tiled`) | `.tmx`, a tile layer a floor, portal objects | a [`LevelMap`](crate::levels::LevelMap) of several floors joined by portals |
//! | `TiledHexMap` (feature `tiled`) | `.tmx`, `orientation="hexagonal"` | a `TiledMap` with its [`HexLayout`](crate::hex::HexLayout) from the stagger axis and index, and hex grids from it |
//!
//! Parsers take bytes, never panic, and refuse malformed input with a typed error: the Moving AI
//! parsers give a [`ParseError`] with the 1-based line and column of the problem (wrapped in a
//! [`FormatError`] when a file is read); `TiledMap` gives a `TiledError`, with the line and column
//! of the element at fault when the problem is found in the text. Moving AI files read can be
//! written back with `Display` (or `save`) and read back equal.
//!
//! | file | what |
//! |---|---|
//! | `error.rs` | [`ParseError`], [`ParseErrorKind`], [`LengthProblem`], [`FormatError`], [`Position`] |
//! | `text.rs` | lines, fields and numbers with their positions; [`LineEnding`] |
//! | `movingai_map.rs` | [`MovingAiMap`] |
//! | `movingai_scen.rs` | [`Scenario`], [`ScenarioEntry`], [`resolve_map`] |
//! | `tiled.rs` | `TiledMap`, `TiledLayer`, `TiledTile` |
//! | `tiled_error.rs` | `TiledError` and its reasons: `TmxProblem`, `TiledQuantity`, `TiledFeature` |
//! | `tiled_hex.rs` | `TiledHexMap` |
//! | `tiled_levels.rs` | `TiledLevels`, `TiledPortal`: floors and portals, and the properties read |
//! | `tmx_check.rs` | fills in old files' missing `tilecount` and checks tile data before `tiled` parses |
//!
//! ```
//! use pathkit::format::{MovingAiMap, Scenario};
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let map: MovingAiMap = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n".parse()?;
//! let scen: Scenario = "version 1\n1\tbox.map\t4\t3\t0\t1\t3\t1\t5.00000000\n".parse()?;
//! let grid = map.to_grid()?;
//! let entry = &scen.entries()[0];
//! let mut ctx = SearchContext::new();
//! let outcome = grid.eight_connected().find_path(&mut ctx, entry.start, entry.goal)?;
//! let path = outcome.into_path().expect("the goal is reachable");
//! assert!((path.cost - entry.optimal_length).abs() <= scen.tolerance());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod movingai_map;
mod movingai_scen;
mod text;
#[cfg(feature = "tiled")]
mod tiled;
#[cfg(feature = "tiled")]
mod tiled_error;
#[cfg(feature = "tiled")]
mod tiled_hex;
#[cfg(feature = "tiled")]
mod tiled_levels;
#[cfg(feature = "tiled")]
mod tmx_check;

pub use error::{FormatError, LengthProblem, ParseError, ParseErrorKind, Position};
pub use movingai_map::MovingAiMap;
pub use movingai_scen::{resolve_map, LengthFormat, Scenario, ScenarioEntry, Separator};
pub use text::LineEnding;
#[cfg(feature = "tiled")]
pub use tiled::{TiledLayer, TiledMap, TiledTile};
#[cfg(feature = "tiled")]
pub use tiled_error::{PortalProblem, TiledError, TiledFeature, TiledQuantity, TmxProblem};
#[cfg(feature = "tiled")]
pub use tiled_hex::TiledHexMap;
#[cfg(feature = "tiled")]
pub use tiled_levels::{TiledLevels, TiledPortal};
