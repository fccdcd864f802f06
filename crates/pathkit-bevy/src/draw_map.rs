//! [`DrawMap`]: how a map draws itself with Bevy's gizmos, and the [`MapStyle`] it draws in.

use crate::graph_map::GraphMap;
use crate::grid_map::GridMap;
use crate::hex_map::HexMap;
use crate::hierarchy_map::HierarchyMap;
use crate::levels_map::LevelsMap;
use crate::nav_map::NavMap;
use crate::navmesh_map::NavMeshMap;
use bevy_color::{Alpha, Color};
use bevy_gizmos::config::GizmoConfigGroup;
use bevy_gizmos::gizmos::GizmoBuffer;
use bevy_math::{Vec2, Vec3};
use pathkit::grid::{Cell, Grid};
use pathkit::hex::HexOrientation;
use pathkit::levels::Place;

/// The colours a map is drawn in ([`DrawMap::draw`]).
///
/// ```
/// use bevy_color::Color;
/// use pathkit_bevy::MapStyle;
///
/// let style = MapStyle { walls: Color::WHITE, ..MapStyle::default() };
/// assert_ne!(style.walls, MapStyle::default().walls);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
pub struct MapStyle {
    /// Walled cells and hexes: a square (hexagon) just inside the cell, a cross through a
    /// square, so that a wall reads as filled where lines are all there is.
    pub walls: Color,
    /// Cells and hexes dearer to enter than plain ground (weight above 1): a smaller outline,
    /// so that the terrain a path avoids is seen.
    pub weighted: Color,
    /// Portals of a [`LevelsMap`]: a line from one end to the other (switched-off portals in
    /// the same colour at a quarter of its alpha).
    pub portals: Color,
    /// The outline of a tile map (every floor of a [`LevelsMap`]): where `node_at` finds cells.
    pub bounds: Color,
    /// The clusters of a [`HierarchyMap`] (the smallest level's full, higher levels fainter):
    /// what its abstract search plans between.
    pub clusters: Color,
    /// The triangles of a [`NavMeshMap`] and the connections of a [`GraphMap`]: the ground a
    /// search crosses.
    pub mesh: Color,
}

impl Default for MapStyle {
    /// Walls red, weighted ground amber, portals cyan, bounds grey, clusters violet, the mesh
    /// a faint green: readable on a dark or a light background.
    fn default() -> Self {
        MapStyle {
            walls: Color::srgb(0.9, 0.25, 0.2),
            weighted: Color::srgb(0.95, 0.7, 0.15),
            portals: Color::srgb(0.2, 0.85, 0.9),
            bounds: Color::srgb(0.55, 0.55, 0.6),
            clusters: Color::srgb(0.55, 0.45, 0.95),
            mesh: Color::srgba(0.45, 0.75, 0.5, 0.6),
        }
    }
}

/// A map that draws itself with Bevy's gizmos: its walls and weighted terrain, and whatever
/// else a reader of its paths needs (a [`LevelsMap`]'s portals). The debug drawing
/// ([`PathkitDebugDrawPlugin`](crate::PathkitDebugDrawPlugin)) calls it once a frame; implement
/// it for a map of your own to have it drawn too.
///
/// It draws into a [`GizmoBuffer`] of any gizmo group (what a `Gizmos` system parameter
/// dereferences to), so it can be called, and tested, without an app.
///
/// ```
/// use bevy_gizmos::config::DefaultGizmoConfigGroup;
/// use bevy_gizmos::gizmos::GizmoBuffer;
/// use pathkit::grid::{Diagonal, Grid};
/// use pathkit_bevy::{DrawMap, GridMap, MapStyle};
///
/// let map = GridMap::new(Grid::from_ascii("#..\n...")?, Diagonal::Never);
/// let mut gizmos = GizmoBuffer::<DefaultGizmoConfigGroup, ()>::new();
/// map.draw(&mut gizmos, &MapStyle::default());
/// // The wall's cross is drawn inside cell (0, 0): x in 0..1, y in -1..0.
/// assert!(gizmos.list_positions.iter().all(|p| p.x > 0.0 && p.x < 1.0 && p.y > -1.0 && p.y < 0.0));
/// assert_eq!(gizmos.list_positions.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DrawMap: NavMap {
    /// Draws the map into `gizmos` in the colours of `style`.
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync;
}

/// How far a wall's square is drawn inside its cell, as a share of the cell's width: adjacent
/// walls' outlines stay apart, so each wall is seen on its own.
const WALL_INSET: f32 = 0.08;

/// How far a weighted cell's outline is drawn inside it: well inside, so that it cannot be
/// mistaken for a wall.
const WEIGHT_INSET: f32 = 0.2;

/// The corners of the square of side `side` centred on `centre`, in the XY plane.
fn square(centre: Vec3, side: f32) -> [Vec3; 4] {
    let h = side / 2.0;
    [
        centre + Vec3::new(-h, h, 0.0),
        centre + Vec3::new(h, h, 0.0),
        centre + Vec3::new(h, -h, 0.0),
        centre + Vec3::new(-h, -h, 0.0),
    ]
}

/// Draws the walls and weighted cells of `grid`, cell `c` centred on `centre(c)`, cells `size`
/// wide, and the outline of the whole grid, its top-left corner at `corner`: what a
/// [`GridMap`] and each floor of a [`LevelsMap`] draw.
fn draw_tiles<Config, Clear>(
    gizmos: &mut GizmoBuffer<Config, Clear>,
    style: &MapStyle,
    grid: &Grid,
    size: f32,
    corner: Vec3,
    centre: impl Fn(Cell) -> Vec3,
) where
    Config: GizmoConfigGroup,
    Clear: 'static + Send + Sync,
{
    let (w, h) = (grid.width() as f32 * size, grid.height() as f32 * size);
    gizmos.lineloop(
        [
            corner,
            corner + Vec3::new(w, 0.0, 0.0),
            corner + Vec3::new(w, -h, 0.0),
            corner + Vec3::new(0.0, -h, 0.0),
        ],
        style.bounds,
    );
    for index in 0..grid.len() {
        let cell = grid.cell_at(index);
        let weight = grid.weight_at(index);
        if weight == 0 {
            let [tl, tr, br, bl] = square(centre(cell), size * (1.0 - 2.0 * WALL_INSET));
            gizmos.lineloop([tl, tr, br, bl], style.walls);
            gizmos.line(tl, br, style.walls);
            gizmos.line(tr, bl, style.walls);
        } else if weight > 1 {
            let corners = square(centre(cell), size * (1.0 - 2.0 * WEIGHT_INSET));
            gizmos.lineloop(corners, style.weighted);
        }
    }
}

impl DrawMap for GridMap {
    /// The grid's outline, every wall as a square with a cross inside its cell, every cell
    /// heavier than 1 as a smaller square.
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let corner = self.origin().extend(0.0);
        draw_tiles(gizmos, style, self.grid(), self.cell_size(), corner, |c| {
            self.position(c)
        });
    }
}

impl DrawMap for HexMap {
    /// Every walled hex as a hexagon just inside its own, every hex heavier than 1 as a smaller
    /// one.
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let grid = self.grid();
        // Pointy-top hexes have a corner straight up; flat-top ones a side.
        let first = match grid.orientation() {
            HexOrientation::PointyTop => std::f32::consts::FRAC_PI_6,
            HexOrientation::FlatTop => 0.0,
        };
        let corners: [Vec2; 6] = std::array::from_fn(|i| {
            Vec2::from_angle(first + i as f32 * std::f32::consts::FRAC_PI_3)
        });
        for index in 0..grid.len() {
            let hex = grid.hex_at_index(index);
            let (color, radius) = match grid.weight(hex) {
                0 => (style.walls, 1.0 - WALL_INSET),
                1 => continue,
                _ => (style.weighted, 1.0 - 2.0 * WEIGHT_INSET),
            };
            let centre = self.position(hex);
            let r = self.size() * radius;
            gizmos.lineloop(corners.map(|c| centre + (c * r).extend(0.0)), color);
        }
    }
}

impl DrawMap for LevelsMap {
    /// Every floor as a [`GridMap`] is drawn, at its height; every portal as a line between
    /// its two ends (a switched-off one faint).
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let levels = self.levels();
        for (floor, grid) in (0u32..).zip(levels.floors()) {
            let corner = self.origin().extend(floor as f32 * self.floor_height());
            draw_tiles(gizmos, style, grid, self.cell_size(), corner, |cell| {
                self.position(Place { floor, cell })
            });
        }
        for (_, portal, enabled) in levels.portals() {
            let color = if enabled {
                style.portals
            } else {
                style.portals.with_alpha(style.portals.alpha() / 4.0)
            };
            gizmos.line(self.position(portal.from), self.position(portal.to), color);
        }
    }
}

impl DrawMap for HierarchyMap {
    /// The grid as a [`GridMap`] is drawn, and every cluster's outline, level by level (each
    /// level fainter than the one below it).
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let corner = self.origin().extend(0.0);
        let size = self.cell_size();
        let hierarchy = self.hierarchy();
        draw_tiles(gizmos, style, hierarchy.grid(), size, corner, |c| {
            self.position(c)
        });
        for level in 1..=hierarchy.levels() {
            let alpha = style.clusters.alpha() / f32::from(level);
            let color = style.clusters.with_alpha(alpha);
            for rect in hierarchy.cluster_rects(level) {
                let (x, y) = (rect.x as f32 * size, rect.y as f32 * size);
                let (w, h) = (rect.width as f32 * size, rect.height as f32 * size);
                let tl = corner + Vec3::new(x, -y, 0.0);
                gizmos.lineloop(
                    [
                        tl,
                        tl + Vec3::new(w, 0.0, 0.0),
                        tl + Vec3::new(w, -h, 0.0),
                        tl + Vec3::new(0.0, -h, 0.0),
                    ],
                    color,
                );
            }
        }
    }
}

impl DrawMap for NavMeshMap {
    /// Every triangle of the mesh, and every obstacle's outline as a wall.
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let mesh = self.mesh();
        for k in 0..mesh.triangle_count() {
            if let Some(corners) = mesh.triangle(k) {
                gizmos.lineloop(corners.map(|p| self.position(p)), style.mesh);
            }
        }
        for (_, obstacle) in self.obstacles() {
            let points = obstacle.points().iter().map(|&p| self.position(p));
            gizmos.lineloop(points, style.walls);
        }
    }
}

impl DrawMap for GraphMap {
    /// Every connection as a line from the node it leaves to the node it enters (a connection
    /// both ways is drawn twice, over itself).
    fn draw<Config, Clear>(&self, gizmos: &mut GizmoBuffer<Config, Clear>, style: &MapStyle)
    where
        Config: GizmoConfigGroup,
        Clear: 'static + Send + Sync,
    {
        let graph = self.graph();
        for &node in graph.nodes() {
            let from = self.position(node);
            for &to in graph.connected_nodes(node).unwrap_or(&[]) {
                gizmos.line(from, self.position(to), style.mesh);
            }
        }
    }
}
