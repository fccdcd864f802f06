//! [`Level`]: walls, objects and the cat's spawn.

use crate::{LevelError, Object, Tile};
use pathkit::grid::Cell;

/// Where the cat starts in the original level. The Tiled map does not store it: both original
/// games hard-code it.
pub const ORIGINAL_SPAWN: Cell = Cell::new(24, 0);

/// The original level in text form (the same level as the embedded Tiled map).
pub const ORIGINAL_TEXT: &str = include_str!("../assets/catmaze_25x25.txt");

/// A level as loaded: which tiles are walls, the object on each floor tile and the spawn.
///
/// A level is never changed by play; a [`Game`](crate::Game) keeps its own copy of the objects,
/// which is how restart reloads it.
///
/// ```
/// use catmaze::{Level, Object};
/// use pathkit::grid::Cell;
///
/// let level = Level::from_text("..#\nB#E\n.D.").unwrap();
/// assert_eq!(level.spawn(), Cell::new(0, 0)); // no 'C' and no [24;0] here: the first floor tile
/// assert!(level.is_wall(Cell::new(2, 0)));
/// assert_eq!(level.object(Cell::new(1, 2)), Some(Object::Dog));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: u32,
    height: u32,
    walls: Vec<bool>,
    objects: Vec<Option<Object>>,
    spawn: Cell,
}

impl Level {
    /// The most tiles per side a level may have.
    pub const MAX_SIDE: u32 = 1024;

    /// The original 25x25 level, read from the game's own Tiled map embedded in the binary
    /// ([`ORIGINAL_TMX`](crate::ORIGINAL_TMX)), spawn `[24;0]`.
    pub fn original() -> Level {
        // The embedded map is checked by the tests; failing here would be a build defect.
        Level::from_tmx_bytes(crate::ORIGINAL_TMX).expect("the embedded original level is valid")
    }

    /// Reads the text form, one line per row: `#` wall, `.` floor, `B` bone, `D` dog, `E` exit and
    /// at most one `C`, the spawn (floor underneath). Without a `C` the spawn is `[24;0]` as in the
    /// original when that tile is floor, otherwise the first floor tile in reading order.
    /// Trailing blank lines and `\r` line ends are accepted.
    pub fn from_text(text: &str) -> Result<Level, LevelError> {
        let mut rows: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        while rows.last().is_some_and(|r| r.trim().is_empty()) {
            rows.pop();
        }
        let width = rows.first().map_or(0, |r| r.chars().count());
        if width == 0 {
            return Err(LevelError::Empty);
        }
        check_size(width as u64, rows.len() as u64)?;
        let mut walls = Vec::with_capacity(width * rows.len());
        let mut objects = Vec::with_capacity(width * rows.len());
        let mut spawn: Option<Cell> = None;
        for (y, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != width {
                return Err(LevelError::Ragged {
                    line: y + 1,
                    found,
                    expected: width,
                });
            }
            for (x, ch) in row.chars().enumerate() {
                let (wall, object) = match ch {
                    '#' => (true, None),
                    '.' => (false, None),
                    'B' => (false, Some(Object::Bone)),
                    'D' => (false, Some(Object::Dog)),
                    'E' => (false, Some(Object::Exit)),
                    'C' => {
                        let here = Cell::new(x as u32, y as u32);
                        if let Some(first) = spawn {
                            return Err(LevelError::SeveralSpawns {
                                first,
                                second: here,
                            });
                        }
                        spawn = Some(here);
                        (false, None)
                    }
                    found => {
                        return Err(LevelError::UnknownTile {
                            line: y + 1,
                            column: x + 1,
                            found,
                        })
                    }
                };
                walls.push(wall);
                objects.push(object);
            }
        }
        Level::from_parts(width as u32, rows.len() as u32, walls, objects, spawn)
    }

    /// Builds a level from row-major wall flags and objects. `spawn: None` picks `[24;0]` when it is
    /// floor, else the first floor tile. Checks sizes, that no object lies on a wall, and the spawn.
    pub fn from_parts(
        width: u32,
        height: u32,
        walls: Vec<bool>,
        objects: Vec<Option<Object>>,
        spawn: Option<Cell>,
    ) -> Result<Level, LevelError> {
        check_size(width as u64, height as u64)?;
        let expected = width as usize * height as usize;
        if expected == 0 {
            return Err(LevelError::Empty);
        }
        for found in [walls.len(), objects.len()] {
            if found != expected {
                return Err(LevelError::WrongSize { expected, found });
            }
        }
        let level = Level {
            width,
            height,
            walls,
            objects,
            spawn: Cell::new(0, 0),
        };
        for i in 0..expected {
            if let (true, Some(object)) = (level.walls[i], level.objects[i]) {
                return Err(LevelError::ObjectOnWall {
                    cell: level.cell_at(i),
                    object,
                });
            }
        }
        let spawn = match spawn {
            Some(s) => s,
            None if level.contains(ORIGINAL_SPAWN.x as i64, ORIGINAL_SPAWN.y as i64)
                && !level.is_wall(ORIGINAL_SPAWN) =>
            {
                ORIGINAL_SPAWN
            }
            None => match level.walls.iter().position(|w| !w) {
                Some(i) => level.cell_at(i),
                None => {
                    return Err(LevelError::SpawnOnWall {
                        spawn: ORIGINAL_SPAWN,
                    })
                }
            },
        };
        level.with_spawn(spawn)
    }

    /// The same level with the cat starting on `spawn`, which must be an in-level floor tile.
    pub fn with_spawn(mut self, spawn: Cell) -> Result<Level, LevelError> {
        if !self.contains(spawn.x as i64, spawn.y as i64) {
            return Err(LevelError::SpawnOutside {
                spawn,
                width: self.width,
                height: self.height,
            });
        }
        if self.is_wall(spawn) {
            return Err(LevelError::SpawnOnWall { spawn });
        }
        self.spawn = spawn;
        Ok(self)
    }

    /// Width in tiles.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in tiles.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Where the cat starts.
    pub fn spawn(&self) -> Cell {
        self.spawn
    }

    /// `true` when (`x`, `y`) is a tile of the level; any coordinates may be asked.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64
    }

    /// `true` for a wall; tiles outside the level count as walls.
    pub fn is_wall(&self, cell: Cell) -> bool {
        self.index(cell).is_none_or(|i| self.walls[i])
    }

    /// The object the level places on `cell` (none outside the level).
    pub fn object(&self, cell: Cell) -> Option<Object> {
        self.index(cell).and_then(|i| self.objects[i])
    }

    /// The tile at `cell` as loaded, or `None` outside the level.
    pub fn tile(&self, cell: Cell) -> Option<Tile> {
        let i = self.index(cell)?;
        Some(if self.walls[i] {
            Tile::Wall
        } else {
            Tile::floor_with(self.objects[i])
        })
    }

    /// Row-major objects, one per tile.
    pub fn objects(&self) -> &[Option<Object>] {
        &self.objects
    }

    /// Row-major wall flags, one per tile.
    pub fn walls(&self) -> &[bool] {
        &self.walls
    }

    /// How many tiles hold `object`.
    pub fn count(&self, object: Object) -> usize {
        self.objects.iter().filter(|&&o| o == Some(object)).count()
    }

    /// How many tiles are walls.
    pub fn wall_count(&self) -> usize {
        self.walls.iter().filter(|&&w| w).count()
    }

    /// The level in the text form [`Level::from_text`] reads, spawn marked `C`.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width as usize + 1) * self.height as usize);
        for y in 0..self.height {
            for x in 0..self.width {
                let cell = Cell::new(x, y);
                s.push(if cell == self.spawn {
                    'C'
                } else {
                    match self.tile(cell) {
                        Some(Tile::Wall) => '#',
                        Some(Tile::Bone) => 'B',
                        Some(Tile::Dog) => 'D',
                        Some(Tile::Exit) => 'E',
                        _ => '.',
                    }
                });
            }
            s.push('\n');
        }
        s
    }

    /// Row-major index of an in-level tile.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }

    /// The tile at a row-major index.
    pub fn cell_at(&self, index: usize) -> Cell {
        let w = self.width as usize;
        Cell::new((index % w) as u32, (index / w) as u32)
    }
}

/// [`LevelError::TooLarge`] for a side above [`Level::MAX_SIDE`]: checked before anything sized to
/// the level is allocated.
pub(crate) fn check_size(width: u64, height: u64) -> Result<(), LevelError> {
    if width > Level::MAX_SIDE as u64 || height > Level::MAX_SIDE as u64 {
        return Err(LevelError::TooLarge { width, height });
    }
    Ok(())
}
