//! Multi-level maps: several grids (floors) joined by portals (stairs, ladders, elevators,
//! teleporters, one way or both), searched as one graph.
//!
//! | file | what |
//! |---|---|
//! | `place.rs` | [`Place`]: a cell of one floor, the node searched |
//! | `portal.rs` | [`Portal`], [`PortalId`] |
//! | `level_map.rs` | [`LevelMap`]: the floors and portals, editable between searches |
//! | `level_space.rs` | [`LevelSpace`]: the map as a search space, and its estimate through portals |
//! | `building.rs` | [`Building`]: floors of tiles and floors of open ground (navigation meshes) joined by [`Doorway`]s, searched as one |
//! | `error.rs` | [`LevelError`] |
//! | `serialization.rs` | saving and loading a [`LevelMap`] with serde (feature `serde`), checked |
//!
//! Every search of [`crate::search`] runs on a [`LevelSpace`]: A* and Dijkstra, limits, the
//! stepper, distance maps, landmarks. Tiled levels with a tile layer a floor and portal objects
//! load into a [`LevelMap`] with `TiledLevels` (feature `tiled`: `pathkit::format::TiledLevels`).
//!
//! ```
//! use pathkit::grid::Grid;
//! use pathkit::levels::{LevelMap, Place, Portal};
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let ground = Grid::from_ascii("....#...")?;
//! let upstairs = Grid::from_ascii("........")?;
//! let mut map = LevelMap::new(vec![ground, upstairs])?;
//! // Stairs on each side of the wall: up at x = 3, down at x = 5.
//! map.add_portal(Portal { from: Place::new(0, 3, 0), to: Place::new(1, 3, 0), cost: 2.0, two_way: true })?;
//! map.add_portal(Portal { from: Place::new(0, 5, 0), to: Place::new(1, 5, 0), cost: 2.0, two_way: true })?;
//! let space = map.eight_connected()?;
//! let path = space.find_path(&mut SearchContext::new(), Place::new(0, 0, 0), Place::new(0, 7, 0))?.into_path().unwrap();
//! assert_eq!(path.cost, 3.0 + 2.0 + 2.0 + 2.0 + 2.0); // walk, up, across, down, walk
//! assert!(path.nodes.contains(&Place::new(1, 4, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod building;
mod error;
mod level_map;
mod level_space;
mod place;
mod portal;
#[cfg(feature = "serde")]
mod serialization;

pub use building::{Building, BuildingSearch, Doorway, Floor, Spot};
pub use error::LevelError;
pub use level_map::LevelMap;
pub use level_space::LevelSpace;
pub use place::Place;
pub use portal::{Portal, PortalId};
