//! PNG drawings of a map with a path on it.

use crate::draw::{marks, Mark};
use crate::error::CliError;
use pathkit::grid::{Cell, Grid};
use std::io::BufWriter;
use std::path::Path;

/// The longest side of an image, in pixels: a 1024x1024 map is drawn at 2 pixels per cell.
const MAX_SIDE: u32 = 2048;
/// The most pixels per cell, so small maps are not drawn huge.
const MAX_SCALE: u32 = 8;

/// Pixels per cell for a map of this size: between 1 and [`MAX_SCALE`], the image at most
/// [`MAX_SIDE`] on its longest side whenever the map fits at 1 pixel per cell.
pub fn scale(width: u32, height: u32) -> u32 {
    let longest = width.max(height).max(1);
    (MAX_SIDE / longest).clamp(1, MAX_SCALE)
}

/// The colour a mark is drawn in.
pub fn colour(mark: Mark) -> [u8; 3] {
    match mark {
        Mark::Wall => [40, 40, 48],
        Mark::Floor => [236, 236, 228],
        // Heavier terrain is darker: weight 2 is light tan, 9 and above brown.
        Mark::Weighted(w) => {
            let k = w.min(9) as u8 - 1;
            [222 - 12 * k, 200 - 14 * k, 150 - 12 * k]
        }
        Mark::Path => [230, 60, 40],
        Mark::Start => [30, 170, 60],
        Mark::Goal => [40, 90, 220],
    }
}

/// A straight line drawn over the map, in cell units (cell `(x, y)` spans `x..x + 1`,
/// `y..y + 1`): an any-angle path or a mesh edge.
#[derive(Clone)]
pub struct Line {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub colour: [u8; 3],
    /// Pixels across.
    pub width: u32,
}

/// An RGB image being drawn: a map's cells, hexes or floors, then lines over them.
pub struct Canvas {
    w: u32,
    h: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A `w` x `h` image of one colour.
    pub fn new(w: u32, h: u32, background: [u8; 3]) -> Canvas {
        let mut pixels = Vec::with_capacity(w as usize * h as usize * 3);
        for _ in 0..w as usize * h as usize {
            pixels.extend_from_slice(&background);
        }
        Canvas { w, h, pixels }
    }

    fn set(&mut self, x: i64, y: i64, colour: [u8; 3]) {
        if x >= 0 && y >= 0 && x < i64::from(self.w) && y < i64::from(self.h) {
            let i = (y as usize * self.w as usize + x as usize) * 3;
            self.pixels[i..i + 3].copy_from_slice(&colour);
        }
    }

    /// Fills the rectangle of `w` x `h` pixels whose top-left pixel is (`x`, `y`); what falls
    /// outside the image is left out.
    pub fn fill_rect(&mut self, x: i64, y: i64, w: u32, h: u32, colour: [u8; 3]) {
        for py in y..y + i64::from(h) {
            for px in x..x + i64::from(w) {
                self.set(px, py, colour);
            }
        }
    }

    /// The outline, `thickness` pixels thick, of the rectangle of `w` x `h` pixels at (`x`, `y`).
    pub fn outline_rect(
        &mut self,
        x: i64,
        y: i64,
        w: u32,
        h: u32,
        thickness: u32,
        colour: [u8; 3],
    ) {
        let t = thickness.min(w).min(h);
        self.fill_rect(x, y, w, t, colour);
        self.fill_rect(x, y + i64::from(h) - i64::from(t), w, t, colour);
        self.fill_rect(x, y, t, h, colour);
        self.fill_rect(x + i64::from(w) - i64::from(t), y, t, h, colour);
    }

    /// Fills a convex polygon given by its corners in pixel units, in either turning order: the
    /// pixels whose centre lies inside it or on its edge.
    pub fn fill_convex(&mut self, corners: &[(f64, f64)], colour: [u8; 3]) {
        if corners.len() < 3 {
            return;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &(x, y) in corners {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let turn = |p: (f64, f64), a: (f64, f64), b: (f64, f64)| {
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        };
        for py in y0.floor() as i64..=y1.ceil() as i64 {
            for px in x0.floor() as i64..=x1.ceil() as i64 {
                let p = (px as f64 + 0.5, py as f64 + 0.5);
                let (mut left, mut right) = (false, false);
                for (k, &a) in corners.iter().enumerate() {
                    let t = turn(p, a, corners[(k + 1) % corners.len()]);
                    left |= t < 0.0;
                    right |= t > 0.0;
                }
                if !(left && right) {
                    self.set(px, py, colour);
                }
            }
        }
    }

    /// Paints `line`, its ends in cell units, at `s` pixels a cell: a dot every half pixel along
    /// it, `width` pixels square.
    pub fn line(&mut self, s: f64, line: &Line) {
        let (x0, y0) = (line.from.0 * s, line.from.1 * s);
        let (x1, y1) = (line.to.0 * s, line.to.1 * s);
        let steps = ((x1 - x0).abs().max((y1 - y0).abs()) * 2.0).ceil().max(1.0) as u32;
        let half = f64::from(line.width) / 2.0;
        for k in 0..=steps {
            let t = f64::from(k) / f64::from(steps);
            let (x, y) = (x0 + (x1 - x0) * t - half, y0 + (y1 - y0) * t - half);
            for dy in 0..line.width {
                for dx in 0..line.width {
                    let (px, py) = ((x + f64::from(dx)).round(), (y + f64::from(dy)).round());
                    self.set(px as i64, py as i64, line.colour);
                }
            }
        }
    }

    /// Writes the image to `file` as an RGB PNG; returns its width and height.
    pub fn save(&self, file: &Path) -> Result<(u32, u32), CliError> {
        let err = |message: String| CliError::Output {
            path: file.to_path_buf(),
            message,
        };
        let out = std::fs::File::create(file).map_err(|e| err(e.to_string()))?;
        let mut encoder = png::Encoder::new(BufWriter::new(out), self.w, self.h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| err(e.to_string()))?;
        writer
            .write_image_data(&self.pixels)
            .map_err(|e| err(e.to_string()))?;
        writer.finish().map_err(|e| err(e.to_string()))?;
        Ok((self.w, self.h))
    }
}

/// Draws the cells of `grid`, marked with `path`, `start` and `goal`, at `s` pixels a cell with
/// the top-left corner at pixel (`x0`, `y0`).
pub fn draw_grid(canvas: &mut Canvas, grid: &Grid, marks: &[Mark], s: u32, x0: i64, y0: i64) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let c = colour(marks[grid.index(Cell::new(x, y))]);
            canvas.fill_rect(x0 + i64::from(x * s), y0 + i64::from(y * s), s, s, c);
        }
    }
}

/// Writes `grid` with `path` and `lines` over it to `file` as an RGB PNG; returns the image's
/// width and height.
pub fn write(
    file: &Path,
    grid: &Grid,
    path: &[Cell],
    start: Cell,
    goal: Cell,
    lines: &[Line],
) -> Result<(u32, u32), CliError> {
    if grid.is_empty() {
        return Err(CliError::Output {
            path: file.to_path_buf(),
            message: "the map has no cells".into(),
        });
    }
    let s = scale(grid.width(), grid.height());
    let mut canvas = Canvas::new(grid.width() * s, grid.height() * s, colour(Mark::Floor));
    draw_grid(&mut canvas, grid, &marks(grid, path, start, goal), s, 0, 0);
    for line in lines {
        canvas.line(f64::from(s), line);
    }
    canvas.save(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_caps_image_size() {
        assert_eq!(scale(1024, 1024), 2);
        assert_eq!(scale(49, 49), 8);
        assert_eq!(scale(1491, 656), 1);
        assert_eq!(scale(5000, 10), 1);
    }
}
