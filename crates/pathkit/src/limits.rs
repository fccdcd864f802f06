//! [`MAX_MAP_BYTES`]: the one limit on what a map may cost in memory.
//!
//! A map's size often comes from outside the program (a file header, a level editor, a network
//! message), and a few bytes can ask for gigabytes: `width="0" height="4294967295"` in a 400-byte
//! `.tmx` file, or `Grid::new(1, 1 << 28)`, whose 2^28 one-cell rows each need their own padding.
//! So every structure whose memory follows a map's size computes what it will cost **before it
//! allocates anything**, and refuses more than [`MAX_MAP_BYTES`] with a typed error: its `Refused`
//! variant holds a [`Refusal::TooLarge`] that names the bytes asked for and the limit:
//!
//! | structure | what is counted | refused with |
//! |---|---|---|
//! | [`Grid`](crate::grid::Grid) (every constructor, [`MovingAiMap::to_grid`](crate::format::MovingAiMap::to_grid), `TiledMap::to_grid`) | [`Grid::memory_needed`](crate::grid::Grid::memory_needed): weights, both padded bitmaps, the free-neighbour table, the connected components of every diagonal rule | [`GridError::Refused`](crate::grid::GridError::Refused) |
//! | a Moving AI `.map` header or `.scen` line | the grid the declared size needs | [`ParseErrorKind::BadSize`](crate::format::ParseErrorKind::BadSize) |
//! | a Tiled `<map>` element | the grid the declared size needs | `TiledError::TooLarge` |
//! | the table of [`JpsPlus`](crate::jps::JpsPlus) | 8 bytes per cell | [`JpsError::Refused`](crate::jps::JpsError::Refused) |
//! | a [`JpsContext`](crate::jps::JpsContext) on its first query on a grid | its per-cell records | [`JpsError::Refused`](crate::jps::JpsError::Refused) |
//! | a [`SearchContext`](crate::search::SearchContext) or [`Stepper`](crate::search::Stepper) on its first query on a space | its per-node records, `node_bound()` of them | [`SearchError::Refused`](crate::search::SearchError::Refused) |
//! | [`HexGrid`](crate::hex::HexGrid) (every constructor, [`HexGrid::from_ascii`](crate::hex::HexGrid::from_ascii), `TiledHexMap::to_hex_grid`) | [`HexGrid::memory_needed`](crate::hex::HexGrid::memory_needed): weights and connected components | [`HexError::Refused`](crate::hex::HexError::Refused) |
//! | [`Landmarks::new`](crate::search::Landmarks::new) | [`Landmarks::memory_needed`](crate::search::Landmarks::memory_needed): one or two tables of costs, a landmark by a node; then the edges turned around for the build | [`LandmarkError::Refused`](crate::search::LandmarkError::Refused) |
//! | [`LevelMap::new`](crate::levels::LevelMap::new), [`LevelMap::add_portal`](crate::levels::LevelMap::add_portal), a [`LevelSpace`](crate::levels::LevelSpace) | the grids of every floor together ([`Grid::memory_needed`](crate::grid::Grid::memory_needed) summed); the list of portals; a space's table of usable portal exits | [`LevelError::Refused`](crate::levels::LevelError::Refused) |
//! | [`HierarchicalGrid::new`](crate::hierarchy::HierarchicalGrid::new) | the abstract graph's nodes and edges, counted while it is built (after the grid's own limit) | [`HierarchyError::Refused`](crate::hierarchy::HierarchyError::Refused) |
//! | [`GridGraph::new`](crate::graph::GridGraph::new) | [`GridGraph::memory_needed`](crate::graph::GridGraph::memory_needed): nodes, payloads, both edge lists | [`GraphError::Refused`](crate::graph::GraphError::Refused) |
//!
//! A zero width or height is refused too (a grid has at least one cell).
//!
//! Work that grows faster than its input has a limit of its own: a navigation mesh built from
//! obstacles ([`NavMesh::from_obstacles`](crate::navmesh::NavMesh::from_obstacles),
//! [`MeshGraph::triangulate`](crate::graph::MeshGraph::triangulate)) cuts its walls where they
//! cross, and obstacles piled on each other cross with the square of their number; more than
//! [`WALL_CUTS_BASE`](crate::navmesh::WALL_CUTS_BASE) plus
//! [`WALL_CUTS_PER_WALL`](crate::navmesh::WALL_CUTS_PER_WALL) cuts a wall is refused with
//! [`NavMeshError::TooManyCrossings`](crate::navmesh::NavMeshError::TooManyCrossings) before
//! anything is triangulated.
//!
//! Below the limit these structures allocate fallibly: when the allocator refuses (a process under
//! `ulimit -v`, a container's memory cap, a 32-bit target), the same `Refused` variant holds a
//! [`Refusal::OutOfMemory`] with the bytes asked for, instead of the process aborting.
//!
//! ```
//! use pathkit::grid::{Grid, GridError};
//! use pathkit::limits::{Refusal, MAX_MAP_BYTES};
//!
//! assert!(Grid::memory_needed(16384, 16384) <= MAX_MAP_BYTES);
//! assert!(matches!(
//!     Grid::new(1, 1 << 28),
//!     Err(GridError::Refused(Refusal::TooLarge { bytes, limit: MAX_MAP_BYTES })) if bytes > MAX_MAP_BYTES
//! ));
//! assert!(matches!(Grid::new(0, u32::MAX), Err(GridError::Empty { .. })));
//! ```

use std::fmt;

/// The most memory, in bytes, one structure sized to a map may take: 8 GiB.
///
/// A 16384 x 16384 grid, the largest square the crate has always accepted, needs 5.3 GiB with
/// every table it can build (its two tables of connected components alone are 16 bytes per
/// cell), so it stays within the limit; a grid of the same cell count but one cell wide needs
/// 9.3 GiB (every one-cell row of its bitmap is padded) and does not.
/// Real game maps are far smaller: the Moving AI benchmark maps hold at most a few million cells.
pub const MAX_MAP_BYTES: u64 = 8 << 30;

/// Why memory sized to a map was not had: the one refusal the crate's error types nest, as a
/// `Refused` variant, when a structure could not be given its memory.
///
/// Its message names the bytes asked for and, for [`Refusal::TooLarge`], the limit; the error
/// that carries it says what was being built.
///
/// ```
/// use pathkit::grid::{Grid, GridError};
/// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
///
/// let Err(GridError::Refused(refusal)) = Grid::new(1, 1 << 28) else { panic!() };
/// assert!(matches!(refusal, Refusal::TooLarge { bytes, limit: MAX_MAP_BYTES } if bytes > MAX_MAP_BYTES));
/// assert_eq!(refusal.bytes(), Grid::memory_needed(1, 1 << 28));
/// let message = refusal.to_string();
/// assert!(message.contains(&refusal.bytes().to_string()));
/// assert!(message.contains(&MAX_MAP_BYTES.to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// More than [`MAX_MAP_BYTES`] was asked for; nothing was allocated.
    ///
    /// ```
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// let refusal = Refusal::TooLarge { bytes: MAX_MAP_BYTES + 1, limit: MAX_MAP_BYTES };
    /// assert_eq!(
    ///     refusal.to_string(),
    ///     "8589934593 bytes asked for, more than the 8589934592 a map may take"
    /// );
    /// ```
    TooLarge {
        /// Bytes asked for.
        bytes: u64,
        /// Bytes a map may take: [`MAX_MAP_BYTES`].
        limit: u64,
    },
    /// The allocator refused memory below the limit (a process under `ulimit -v`, a
    /// container's memory cap, a 32-bit target).
    ///
    /// ```
    /// use pathkit::limits::Refusal;
    ///
    /// let refusal = Refusal::OutOfMemory { bytes: 1 << 32 };
    /// assert_eq!(refusal.to_string(), "out of memory: the allocator refused 4294967296 bytes");
    /// ```
    OutOfMemory {
        /// Bytes asked for.
        bytes: u64,
    },
}

impl Refusal {
    /// The bytes that were asked for, whichever the refusal.
    ///
    /// ```
    /// use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    ///
    /// assert_eq!(Refusal::OutOfMemory { bytes: 24 }.bytes(), 24);
    /// assert_eq!(Refusal::TooLarge { bytes: MAX_MAP_BYTES + 8, limit: MAX_MAP_BYTES }.bytes(), MAX_MAP_BYTES + 8);
    /// ```
    pub fn bytes(&self) -> u64 {
        match *self {
            Refusal::TooLarge { bytes, .. } | Refusal::OutOfMemory { bytes } => bytes,
        }
    }

    /// [`Refusal::TooLarge`] for `bytes` against [`MAX_MAP_BYTES`].
    pub(crate) fn too_large(bytes: u64) -> Self {
        Refusal::TooLarge {
            bytes,
            limit: MAX_MAP_BYTES,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::TooLarge { bytes, limit } => {
                write!(
                    f,
                    "{bytes} bytes asked for, more than the {limit} a map may take"
                )
            }
            Refusal::OutOfMemory { bytes } => {
                write!(f, "out of memory: the allocator refused {bytes} bytes")
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// [`Refusal::TooLarge`] when `bytes` is above [`MAX_MAP_BYTES`].
pub(crate) fn check(bytes: u64) -> Result<(), Refusal> {
    if bytes > MAX_MAP_BYTES {
        Err(Refusal::too_large(bytes))
    } else {
        Ok(())
    }
}

/// Bytes of `count` values of `T`, saturating.
pub(crate) fn bytes_of<T>(count: u64) -> u64 {
    count.saturating_mul(std::mem::size_of::<T>() as u64)
}

/// An empty vector with room for exactly `len` values, or [`Refusal::OutOfMemory`].
pub(crate) fn try_with_capacity<T>(len: usize) -> Result<Vec<T>, Refusal> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Refusal::OutOfMemory {
        bytes: bytes_of::<T>(len as u64),
    })?;
    Ok(v)
}

/// Grows `v` to `len` values (new ones are `value`); a `v` already that long is left alone.
/// [`Refusal::OutOfMemory`] when the room cannot be had, and then `v` is unchanged.
pub(crate) fn try_grow<T: Clone>(v: &mut Vec<T>, len: usize, value: T) -> Result<(), Refusal> {
    if v.len() >= len {
        return Ok(());
    }
    let more = len - v.len();
    v.try_reserve_exact(more)
        .map_err(|_| Refusal::OutOfMemory {
            bytes: bytes_of::<T>(len as u64),
        })?;
    v.resize(len, value);
    Ok(())
}

/// `len` copies of `value` in a vector of exactly that capacity, or [`Refusal::OutOfMemory`].
pub(crate) fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, Refusal> {
    let mut v = try_with_capacity(len)?;
    v.resize(len, value);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_the_limit_is_refused_before_allocating() {
        assert_eq!(check(MAX_MAP_BYTES), Ok(()));
        assert_eq!(
            check(MAX_MAP_BYTES + 1),
            Err(Refusal::TooLarge {
                bytes: MAX_MAP_BYTES + 1,
                limit: MAX_MAP_BYTES
            })
        );
        assert_eq!(bytes_of::<u64>(u64::MAX), u64::MAX);
    }

    #[test]
    fn an_impossible_allocation_is_a_refusal_not_an_abort() {
        // More than `isize::MAX` bytes: no allocator can give it, and `Vec` reports it.
        let len = usize::MAX / 8;
        assert_eq!(
            try_filled(len, 0u64).map(|v| v.len()),
            Err(Refusal::OutOfMemory {
                bytes: bytes_of::<u64>(len as u64)
            })
        );
        let mut v = vec![1u64; 3];
        assert!(try_grow(&mut v, len, 0).is_err());
        assert_eq!(v, [1, 1, 1]);
        try_grow(&mut v, 5, 7).unwrap();
        assert_eq!(v, [1, 1, 1, 7, 7]);
        try_grow(&mut v, 2, 9).unwrap();
        assert_eq!(v.len(), 5);
    }
}
