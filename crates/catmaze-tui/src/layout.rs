//! Screen geometry: where the map, side panel and status line go, and which tile a click hits.
//! Drawing and mouse input both use it, so a click always lands on the tile drawn under it.

use catmaze::Cell;
use ratatui::layout::Rect;

/// Terminal columns per tile: two, so tiles look roughly square.
pub const TILE_WIDTH: u16 = 2;
/// Width of the side panel (legend, keys, recent events).
pub const SIDE_WIDTH: u16 = 28;
/// The side panel needs this many rows even beside a small map.
pub const SIDE_MIN_HEIGHT: u16 = 27;
/// Rows of the status area: the counters, the last event, then the route preview (or the walk).
pub const STATUS_HEIGHT: u16 = 3;
/// Size of the win / lose box.
const POPUP: (u16, u16) = (40, 7);

/// Where everything goes on a terminal of a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The title line.
    pub title: Rect,
    /// The map with its border.
    pub map_block: Rect,
    /// The tiles only (inside the border).
    pub map: Rect,
    /// Legend, keys and recent events.
    pub side: Rect,
    /// The map and the side panel together (the win / lose box is centred on it).
    pub board: Rect,
    /// Bones, steps, variant and state on the first row, the last event on the second, the route
    /// preview (or the walk under way) on the third.
    pub status: Rect,
}

/// The terminal cannot show the whole map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    /// Columns and rows needed.
    pub need: (u32, u32),
    /// Columns and rows available.
    pub have: (u16, u16),
}

/// The columns and rows a `width` x `height` tile map needs.
pub fn needed_size(width: u32, height: u32) -> (u32, u32) {
    let map_w = width * TILE_WIDTH as u32 + 2;
    let body_h = (height + 2).max(SIDE_MIN_HEIGHT as u32);
    (
        map_w + 1 + SIDE_WIDTH as u32,
        1 + body_h + STATUS_HEIGHT as u32,
    )
}

impl Layout {
    /// Lays out a `width` x `height` tile map in `area`, centred, or says how much room is missing.
    pub fn compute(area: Rect, width: u32, height: u32) -> Result<Layout, TooSmall> {
        let (need_w, need_h) = needed_size(width, height);
        if (area.width as u32) < need_w || (area.height as u32) < need_h {
            return Err(TooSmall {
                need: (need_w, need_h),
                have: (area.width, area.height),
            });
        }
        // Both fit in u16 now, since the area does.
        let (need_w, need_h) = (need_w as u16, need_h as u16);
        let x0 = area.x + (area.width - need_w) / 2;
        let y0 = area.y + (area.height - need_h) / 2;
        let map_w = width as u16 * TILE_WIDTH + 2;
        let map_h = height as u16 + 2;
        let body_h = need_h - 1 - STATUS_HEIGHT;
        Ok(Layout {
            title: Rect::new(x0, y0, need_w, 1),
            map_block: Rect::new(x0, y0 + 1, map_w, map_h),
            map: Rect::new(x0 + 1, y0 + 2, map_w - 2, map_h - 2),
            side: Rect::new(x0 + map_w + 1, y0 + 1, SIDE_WIDTH, body_h),
            board: Rect::new(x0, y0 + 1, need_w, body_h),
            status: Rect::new(x0, y0 + 1 + body_h, need_w, STATUS_HEIGHT),
        })
    }

    /// The terminal column and row of the left half of `cell`.
    pub fn tile_position(&self, cell: Cell) -> (u16, u16) {
        (
            self.map.x + cell.x as u16 * TILE_WIDTH,
            self.map.y + cell.y as u16,
        )
    }

    /// The tile coordinates under terminal position (`column`, `row`): in the map, or just outside
    /// it on its border (a tap outside the grid). `None` elsewhere (side panel, status line).
    pub fn tile_at(&self, column: u16, row: u16) -> Option<(i64, i64)> {
        let b = self.map_block;
        if column < b.x || row < b.y || column >= b.x + b.width || row >= b.y + b.height {
            return None;
        }
        let dx = column as i64 - self.map.x as i64;
        Some((
            dx.div_euclid(TILE_WIDTH as i64),
            row as i64 - self.map.y as i64,
        ))
    }

    /// The box shown when the game is won or lost (clicking it restarts): over the map when
    /// the map is large enough, else over map and panel.
    pub fn popup(&self) -> Rect {
        let within = if self.map.width >= POPUP.0 && self.map.height >= POPUP.1 {
            self.map
        } else {
            self.board
        };
        let (w, h) = (POPUP.0.min(within.width), POPUP.1.min(within.height));
        Rect::new(
            within.x + (within.width - w) / 2,
            within.y + (within.height - h) / 2,
            w,
            h,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_the_tiles_drawn_there() {
        let layout = Layout::compute(Rect::new(0, 0, 120, 45), 25, 25).unwrap();
        for cell in [
            Cell::new(0, 0),
            Cell::new(24, 0),
            Cell::new(7, 13),
            Cell::new(24, 24),
        ] {
            let (c, r) = layout.tile_position(cell);
            let want = Some((cell.x as i64, cell.y as i64));
            assert_eq!(layout.tile_at(c, r), want);
            assert_eq!(layout.tile_at(c + 1, r), want, "both halves of a tile");
        }
        // The border is just outside the grid; the side panel is not the map.
        let (c, r) = layout.tile_position(Cell::new(0, 0));
        assert_eq!(layout.tile_at(c - 1, r), Some((-1, 0)));
        assert_eq!(layout.tile_at(c, r - 1), Some((0, -1)));
        assert_eq!(layout.tile_at(layout.side.x + 2, layout.side.y + 2), None);
    }

    #[test]
    fn too_small_says_what_is_needed() {
        let err = Layout::compute(Rect::new(0, 0, 60, 20), 25, 25).unwrap_err();
        assert_eq!(err.need, needed_size(25, 25));
        assert_eq!(err.have, (60, 20));
        let (w, h) = needed_size(25, 25);
        assert!(Layout::compute(Rect::new(0, 0, w as u16, h as u16), 25, 25).is_ok());
    }
}
