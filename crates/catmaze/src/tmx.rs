//! Loading a [`Level`] from a Tiled `.tmx` map, the original game's level format.

use crate::{Level, LevelError, Object};
use pathkit::format::TiledMap;
use std::path::Path;

/// The original level as the game shipped it, embedded in the binary.
pub const ORIGINAL_TMX: &[u8] = include_bytes!("../assets/CatMaze.tmx");

/// The layer whose tiles carry the `Wall` property.
pub const BACKGROUND_LAYER: &str = "Background";
/// The layer whose tiles carry the `Bone`, `Dog` and `Exit` properties.
pub const OBJECTS_LAYER: &str = "Objects";

impl Level {
    /// Reads a Tiled map from memory. Walls are the `Background` tiles with the `Wall` property;
    /// bones, dogs and the exit are the `Objects` tiles with the `Bone`, `Dog` or `Exit` property
    /// (any other object tile counts as empty). The map does not store the spawn, so it is
    /// `[24;0]` when that is floor, as in the original (set another with [`Level::with_spawn`]).
    pub fn from_tmx_bytes(tmx: &[u8]) -> Result<Level, LevelError> {
        let map = TiledMap::from_bytes(tmx)?;
        Level::from_tiled(&map)
    }

    /// Loads a `.tmx` file (external tilesets are read next to it). See [`Level::from_tmx_bytes`].
    pub fn load_tmx(path: impl AsRef<Path>) -> Result<Level, LevelError> {
        let map = TiledMap::load(path)?;
        Level::from_tiled(&map)
    }

    /// Builds a level from a loaded Tiled map (see [`Level::from_tmx_bytes`] for the rules).
    pub fn from_tiled(map: &TiledMap) -> Result<Level, LevelError> {
        for name in [BACKGROUND_LAYER, OBJECTS_LAYER] {
            if map.layer(name).is_none() {
                return Err(LevelError::MissingLayer {
                    name: name.to_string(),
                });
            }
        }
        // The map's fields are public, so its size may be anything: check it before sizing to it.
        crate::level::check_size(map.width as u64, map.height as u64)?;
        let cells = map.width as usize * map.height as usize;
        if cells == 0 {
            return Err(LevelError::Empty);
        }
        let mut walls = Vec::with_capacity(cells);
        let mut objects = Vec::with_capacity(cells);
        for y in 0..map.height {
            for x in 0..map.width {
                walls.push(map.has_property(BACKGROUND_LAYER, x, y, "Wall"));
                let has = |p: &str| map.has_property(OBJECTS_LAYER, x, y, p);
                objects.push(if has("Bone") {
                    Some(Object::Bone)
                } else if has("Dog") {
                    Some(Object::Dog)
                } else if has("Exit") {
                    Some(Object::Exit)
                } else {
                    None
                });
            }
        }
        Level::from_parts(map.width, map.height, walls, objects, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathkit::format::TiledLayer;

    /// A map with both layers, empty, of any declared size.
    fn map(width: u32, height: u32) -> TiledMap {
        let layer = |name: &str| TiledLayer {
            name: name.into(),
            tiles: Vec::new(),
        };
        TiledMap {
            width,
            height,
            tile_width: 16,
            tile_height: 16,
            layers: vec![layer(BACKGROUND_LAYER), layer(OBJECTS_LAYER)],
        }
    }

    #[test]
    fn maps_of_zero_or_absurd_size_are_refused_before_sizing_to_them() {
        // Sizing to these would ask for terabytes: the test would abort, not merely be slow.
        assert_eq!(
            Level::from_tiled(&map(u32::MAX, 1 << 20)),
            Err(LevelError::TooLarge {
                width: u32::MAX as u64,
                height: 1 << 20
            })
        );
        assert_eq!(Level::from_tiled(&map(0, 1000)), Err(LevelError::Empty));
        assert!(matches!(
            Level::from_tiled(&map(0, u32::MAX)),
            Err(LevelError::TooLarge { .. })
        ));
    }
}
