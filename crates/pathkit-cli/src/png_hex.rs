//! PNG drawings of a hex map with a path on it: each hex a real hexagon, pointy-top for row
//! layouts and flat-top for column layouts, shifted rows or columns where the layout shifts
//! them, so the picture is laid out as the text form and a game would lay it out.

use crate::draw::Mark;
use crate::error::CliError;
use crate::png_image::{colour, Canvas, Line};
use pathkit::hex::{Hex, HexGrid, HexOrientation};
use std::path::Path;

/// The longest side of an image, in pixels.
const MAX_SIDE: f64 = 2048.0;
/// The largest and smallest hex radius (centre to corner), in pixels.
const MAX_RADIUS: f64 = 16.0;
const MIN_RADIUS: f64 = 3.0;
/// Between the hexes: a light line, so neighbouring walls stay apart.
const GAP_COLOUR: [u8; 3] = [250, 250, 246];
/// The line through the path's hex centres, darker than the path's fill.
const PATH_LINE_COLOUR: [u8; 3] = [120, 20, 10];

/// Where hexes go in the picture: the radius, and the distances between neighbouring centres.
struct Geometry {
    orientation: HexOrientation,
    radius: f64,
}

impl Geometry {
    fn new(grid: &HexGrid) -> Geometry {
        let orientation = grid.orientation();
        let probe = Geometry {
            orientation,
            radius: 1.0,
        };
        let (w, h) = probe.size(grid.width(), grid.height());
        let radius = (MAX_SIDE / w.max(h)).clamp(MIN_RADIUS, MAX_RADIUS).floor();
        Geometry {
            orientation,
            radius,
        }
    }

    /// The picture's size for a map of `width` x `height` hexes: every row (or column) as long as
    /// a shifted one, half a hex of margin.
    fn size(&self, width: u32, height: u32) -> (f64, f64) {
        let r = self.radius;
        let root3 = 3f64.sqrt();
        let (w, h) = (f64::from(width), f64::from(height));
        match self.orientation {
            HexOrientation::PointyTop => (root3 * r * (w + 0.5), r * (1.5 * h + 0.5)),
            HexOrientation::FlatTop => (r * (1.5 * w + 0.5), root3 * r * (h + 0.5)),
        }
    }

    /// The centre of the hex at column `col`, row `row`, shifted when its row (pointy-top) or
    /// column (flat-top) is.
    fn centre(&self, col: u32, row: u32, shifted: bool) -> (f64, f64) {
        let r = self.radius;
        let root3 = 3f64.sqrt();
        let shift = if shifted { 0.5 } else { 0.0 };
        let (c, w) = (f64::from(col), f64::from(row));
        match self.orientation {
            HexOrientation::PointyTop => (root3 * r * (c + 0.5 + shift), r * (1.0 + 1.5 * w)),
            HexOrientation::FlatTop => (r * (1.0 + 1.5 * c), root3 * r * (w + 0.5 + shift)),
        }
    }

    /// The six corners of a hexagon of radius `radius` around `centre`.
    fn corners(&self, centre: (f64, f64), radius: f64) -> [(f64, f64); 6] {
        let first = match self.orientation {
            HexOrientation::PointyTop => 30f64,
            HexOrientation::FlatTop => 0f64,
        };
        std::array::from_fn(|k| {
            let a = (first + 60.0 * k as f64).to_radians();
            (centre.0 + radius * a.cos(), centre.1 + radius * a.sin())
        })
    }
}

/// Writes `grid` with `path` over it to `file` as an RGB PNG: walls dark, terrain shaded by
/// weight, the path's hexes red with a line through their centres, the start green and the goal
/// blue. Returns the image's width and height.
pub fn write(
    file: &Path,
    grid: &HexGrid,
    path: &[Hex],
    start: Hex,
    goal: Hex,
) -> Result<(u32, u32), CliError> {
    let geometry = Geometry::new(grid);
    let (w, h) = geometry.size(grid.width(), grid.height());
    let mut canvas = Canvas::new(w.ceil() as u32, h.ceil() as u32, GAP_COLOUR);
    let layout = grid.layout();
    let centre_of = |hex: Hex| {
        grid.offset_of(hex).map(|(col, row)| {
            let index = match geometry.orientation {
                HexOrientation::PointyTop => row,
                HexOrientation::FlatTop => col,
            };
            geometry.centre(col, row, layout.is_shifted(i64::from(index)))
        })
    };
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let Some(hex) = grid.hex_at(col, row) else {
                continue;
            };
            let mark = if hex == start {
                Mark::Start
            } else if hex == goal {
                Mark::Goal
            } else if path.contains(&hex) {
                Mark::Path
            } else {
                match grid.weight(hex) {
                    0 => Mark::Wall,
                    1 => Mark::Floor,
                    w => Mark::Weighted(w),
                }
            };
            if let Some(centre) = centre_of(hex) {
                // One pixel short of the full radius: the gap between hexes shows their edges.
                let corners = geometry.corners(centre, geometry.radius - 1.0);
                canvas.fill_convex(&corners, colour(mark));
            }
        }
    }
    let width = (geometry.radius / 5.0).round().max(1.0) as u32;
    let centres: Vec<(f64, f64)> = path.iter().filter_map(|&h| centre_of(h)).collect();
    for pair in centres.windows(2) {
        canvas.line(
            1.0,
            &Line {
                from: pair[0],
                to: pair[1],
                colour: PATH_LINE_COLOUR,
                width,
            },
        );
    }
    canvas.save(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathkit::hex::HexLayout;

    #[test]
    fn neighbouring_centres_are_one_hex_width_apart() {
        for layout in HexLayout::ALL {
            let grid = HexGrid::new(layout, 4, 4).unwrap();
            let g = Geometry::new(&grid);
            let across = 3f64.sqrt() * g.radius;
            let hex = grid.hex_at(1, 1).unwrap();
            let (col, row) = grid.offset_of(hex).unwrap();
            let index = if layout.orientation() == HexOrientation::PointyTop {
                row
            } else {
                col
            };
            let c = g.centre(col, row, layout.is_shifted(i64::from(index)));
            for n in hex.neighbours() {
                let Some((nc, nr)) = grid.offset_of(n) else {
                    continue;
                };
                let index = if layout.orientation() == HexOrientation::PointyTop {
                    nr
                } else {
                    nc
                };
                let d = g.centre(nc, nr, layout.is_shifted(i64::from(index)));
                let dist = ((c.0 - d.0).powi(2) + (c.1 - d.1).powi(2)).sqrt();
                assert!((dist - across).abs() < 1e-9, "{layout}: {dist} vs {across}");
            }
        }
    }
}
