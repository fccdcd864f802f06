//! # catmaze-wasm
//!
//! Cat Maze and the pathfinding playground for the browser: this crate compiles to
//! `wasm32-unknown-unknown` and the page in `crates/catmaze-web/web` calls its exports (see
//! `ffi.rs` for the calling conventions). The rules stay in `catmaze` and the searches in
//! `pathkit`; this crate only translates their answers into JSON (typed structs, serialized) and
//! flat arrays.
//!
//! | item | what it is |
//! |---|---|
//! | [`GameSession`] | a game of Cat Maze, answering in JSON |
//! | [`Playground`] | an editable grid, two searches on it, per-tile F/G/H for drawing |
//! | [`Algorithm`], [`Settings`], [`menus()`] | the playground's menus, their codes, and the settings read from the page |
//! | [`Floors`] | the two-floor building with stairs, an elevator and a teleporter |
//! | [`HexPlayground`] | the hex mode: a hex grid with walls and terrain |
//! | [`MeshPlayground`] | the navigation-mesh mode: boxes dragged about, links, areas, agent sizes |
//! | [`PlaygroundError`] | why a map, an edit or a search was refused |
//!
//! It builds natively too (an `rlib`), which is how its tests run and how the speed comparison
//! measures the native side (`cargo run -p catmaze-wasm --release --example bench_native`).
//!
//! ```
//! use catmaze_wasm::{Algorithm, Playground, Settings};
//! use pathkit::grid::{Cell, Diagonal};
//!
//! let mut pg = Playground::new(8, 8).unwrap();
//! pg.set_cell(3, 3, 0); // a wall
//! let settings = Settings { algorithm: Algorithm::Dijkstra, diagonal: Diagonal::Never, ..Settings::default() };
//! pg.start(0, settings, Cell::new(0, 3), Cell::new(7, 3));
//! while pg.run(0, 1) == 1 {} // one expansion at a time
//! assert_eq!(pg.status(0, 0).cost, Some(9.0)); // around the wall
//! ```
#![deny(missing_docs)]

pub mod determinism;
mod error;
mod ffi;
mod floors;
mod game;
pub mod graph_searches;
mod hexes;
mod live;
pub mod menus;
mod mesh_playground;
mod playground;

pub use error::{ErrorAnswer, PlaygroundError};
pub use floors::{FloorAnswer, FloorInfo, FloorSearch, Floors, FloorsInfo, PortalInfo, PortalKind};
pub use game::{GameEvent, GameSession, GameState, PreviewEnding, RoutePreview, StepInProgress};
pub use hexes::{
    HexAnswer, HexInfo, HexPlayground, HexPresetAnswer, HexSearch, BRIDGE_ROW,
    PRESETS as HEX_PRESETS,
};
pub use live::{LiveSearch, Stepped};
pub use menus::menus;
pub use mesh_playground::{
    AreaType, EditAnswer, LinkInfo, MeshInfo, MeshPicture, MeshPlayground, MeshRoute, Rect,
    RouteAnswer, ShapeInfo, AGENT_SIZES, AREA_TYPES, MAX_AREA_COST, MIN_AREA_COST,
    PRESET as MESH_PRESET, SIDE as MESH_SIDE,
};
pub use playground::{
    tile_state, Algorithm, HierarchyInfo, ListEntry, Playground, Settings, Slot, SlotStatus,
    SubgoalInfo, WeightedInfo, MAX_SIDE, NO_PARENT,
};
