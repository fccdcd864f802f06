//! Hex grids: hexagonal maps with terrain weights and walls, searched over six neighbours.
//!
//! - [`Hex`]: a hexagon in axial coordinates (`q`, `r`), with its six neighbours and the hex
//!   distance.
//! - [`HexLayout`], [`HexOrientation`]: how a rectangular map numbers its hexes by column and
//!   row (odd-r, even-r, odd-q, even-q offset coordinates, as map files and Tiled do) and which
//!   way up they are drawn (pointy-top or flat-top).
//! - [`HexGrid`]: the map, editable at run time, with connected components, a text form
//!   ([`HexGrid::from_ascii`], [`HexGrid::to_ascii`]) and A* (its [`Pathfinder`](crate::Pathfinder)); it is a
//!   [`SearchSpace`](crate::search::SearchSpace) too, for every query of the search core.
//! - Tiled hexagonal maps load with `TiledHexMap` (feature `tiled`, in [`format`](crate::format)).
//!
//! # Coordinates
//!
//! A map is a rectangle of `width` x `height` hexes in offset coordinates: column and row from
//! the top-left, as a file stores them. Searches work in axial coordinates, where the six
//! neighbours are the same six steps from every hex ([`Hex::DIRECTIONS`]) and the distance is
//! one formula ([`Hex::distance`]); [`HexGrid::hex_at`] and [`HexGrid::offset_of`] convert
//! between the two for a grid's layout, [`HexLayout::to_hex`] and [`HexLayout::to_offset`] for
//! any coordinates.
//!
//! # Costs
//!
//! Entering a hex costs its weight (0 = wall, never entered), as moving on a square grid costs
//! the weight of the cell entered; costs are `u64`, so no path on a map within the memory limit
//! can overflow. The heuristic is the hex distance times the grid's smallest weight: admissible
//! and consistent, so A* is optimal.
//!
//! ```
//! use pathkit::hex::HexGrid;
//! use pathkit::search::SearchContext;
//! use pathkit::Pathfinder;
//!
//! let mut grid = HexGrid::from_ascii(
//!     "hex odd-r\n\
//!      . . . .\n \
//!       . # # .\n\
//!      . . . .",
//! ).unwrap();
//! let (start, goal) = (grid.hex_at(0, 1).unwrap(), grid.hex_at(3, 1).unwrap());
//! let mut ctx = SearchContext::new();
//! let path = grid.find_path(&mut ctx, start, goal)?.into_path().unwrap();
//! assert_eq!(path.cost, 4); // over the wall's top: up, right, right, down
//! grid.block(grid.hex_at(1, 0).unwrap())?;
//! grid.block(grid.hex_at(1, 2).unwrap())?;
//! assert!(!grid.find_path(&mut ctx, start, goal)?.is_found());
//! # Ok::<(), pathkit::hex::HexError>(())
//! ```

mod components;
mod error;
// The file that holds `Hex` is named after it.
#[allow(clippy::module_inception)]
mod hex;
mod hex_grid;
mod layout;
mod search;
mod text;

pub use error::{HexError, HexTextProblem};
pub use hex::Hex;
pub use hex_grid::HexGrid;
pub use layout::{HexLayout, HexOrientation, UnknownHexLayout};
