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

fn colour(mark: Mark) -> [u8; 3] {
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
pub struct Line {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub colour: [u8; 3],
    /// Pixels across.
    pub width: u32,
}

/// Paints `line` into an RGB image `w` pixels wide at `s` pixels a cell: a dot every half pixel
/// along it, `width` pixels square.
fn paint(pixels: &mut [u8], w: u32, h: u32, s: u32, line: &Line) {
    let (x0, y0) = (line.from.0 * f64::from(s), line.from.1 * f64::from(s));
    let (x1, y1) = (line.to.0 * f64::from(s), line.to.1 * f64::from(s));
    let steps = ((x1 - x0).abs().max((y1 - y0).abs()) * 2.0).ceil().max(1.0) as u32;
    let half = f64::from(line.width) / 2.0;
    for k in 0..=steps {
        let t = f64::from(k) / f64::from(steps);
        let (x, y) = (x0 + (x1 - x0) * t - half, y0 + (y1 - y0) * t - half);
        for dy in 0..line.width {
            for dx in 0..line.width {
                let (px, py) = ((x + f64::from(dx)).round(), (y + f64::from(dy)).round());
                if px >= 0.0 && py >= 0.0 && px < f64::from(w) && py < f64::from(h) {
                    let i = (py as usize * w as usize + px as usize) * 3;
                    pixels[i..i + 3].copy_from_slice(&line.colour);
                }
            }
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
    let err = |message: String| CliError::Output {
        path: file.to_path_buf(),
        message,
    };
    if grid.is_empty() {
        return Err(err("the map has no cells".into()));
    }
    let s = scale(grid.width(), grid.height());
    let (w, h) = (grid.width() * s, grid.height() * s);
    let marks = marks(grid, path, start, goal);
    let mut pixels = Vec::with_capacity(w as usize * h as usize * 3);
    for y in 0..grid.height() {
        let mut row = Vec::with_capacity(w as usize * 3);
        for x in 0..grid.width() {
            let c = colour(marks[grid.index(Cell::new(x, y))]);
            for _ in 0..s {
                row.extend_from_slice(&c);
            }
        }
        for _ in 0..s {
            pixels.extend_from_slice(&row);
        }
    }
    for line in lines {
        paint(&mut pixels, w, h, s, line);
    }
    let out = std::fs::File::create(file).map_err(|e| err(e.to_string()))?;
    let mut encoder = png::Encoder::new(BufWriter::new(out), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| err(e.to_string()))?;
    writer
        .write_image_data(&pixels)
        .map_err(|e| err(e.to_string()))?;
    writer.finish().map_err(|e| err(e.to_string()))?;
    Ok((w, h))
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
