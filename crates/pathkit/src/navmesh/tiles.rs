//! [`TileIndex`]: a [`NavMesh`] kept as tiles, so that one tile's triangles can be replaced in
//! place while the rest of the mesh, and every search over it, stays as it is.
//!
//! The mesh's arrays stay compact (a search over a tiled mesh runs the very loop of an untiled
//! one): a tile's old triangles are removed by moving the mesh's last triangles into their
//! slots, and the neighbours of each moved triangle are told its new number. Vertices shared by
//! tiles (on their common sides) are found by position, so the triangles of two tiles meet on
//! the same vertices and are joined across the shared edges. Point location asks only the tiles
//! whose box holds the point, each with a small [`Locator`] of its own.

use super::build::FreeTriangles;
use super::key_hash::KeyMap;
use super::locator::Locator;
use super::mesh::{NavMesh, WALL};
use super::tile_build::TileBox;
use crate::geometry::Point;

/// A position, by the bits of its coordinates: shared vertices are equal to the last bit.
type Key = (u64, u64);

fn key(p: Point) -> Key {
    // +0.0 and -0.0 are one position.
    ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits())
}

/// One tile: its triangles (numbers in the mesh) and a locator over them.
#[derive(Clone, Debug, Default)]
struct Tile {
    triangles: Vec<u32>,
    locator: Locator,
}

/// The tiles of a mesh and what keeps them joined.
#[derive(Clone, Debug)]
pub(crate) struct TileIndex {
    /// Where tile (0, 0) starts, the size of a tile, and where the last ones end.
    lo: Point,
    hi: Point,
    size: f64,
    columns: usize,
    rows: usize,
    tiles: Vec<Tile>,
    /// For each triangle: its tile, and its place in that tile's list.
    tile_of: Vec<u32>,
    place: Vec<u32>,
    /// Each vertex by position.
    vertex_at: KeyMap<Key, u32>,
    /// For each vertex: how many triangles use it, and how many wall edges end at it.
    uses: Vec<u32>,
    wall_ends: Vec<u32>,
    /// Every edge along a tile's side that is not a wall of its own, by its directed ends:
    /// (triangle, edge). The neighbouring tile's edge runs the other way.
    open_edges: KeyMap<(Key, Key), (u32, u8)>,
}

impl TileIndex {
    /// Tiles of `size` over the box `lo`-`hi`, the last row and column cut at `hi`; `None`
    /// when that makes more than `max_tiles`.
    pub(crate) fn new(lo: Point, hi: Point, size: f64, max_tiles: usize) -> Option<TileIndex> {
        let (columns, rows) = TileIndex::grid_of(lo, hi, size, max_tiles)?;
        Some(TileIndex {
            lo,
            hi,
            size,
            columns,
            rows,
            tiles: vec![Tile::default(); columns * rows],
            tile_of: Vec::new(),
            place: Vec::new(),
            vertex_at: KeyMap::default(),
            uses: Vec::new(),
            wall_ends: Vec::new(),
            open_edges: KeyMap::default(),
        })
    }

    /// The columns and rows of tiles of `size` in the box `lo`-`hi`; `None` for more than
    /// `max_tiles` (or a size of NaN).
    pub(crate) fn grid_of(
        lo: Point,
        hi: Point,
        size: f64,
        max_tiles: usize,
    ) -> Option<(usize, usize)> {
        let count = |extent: f64| (extent / size).ceil().max(1.0);
        let (columns, rows) = (count(hi.x - lo.x), count(hi.y - lo.y));
        // NaN counts (a size of NaN) fail the test too.
        if columns * rows > max_tiles as f64 || columns.is_nan() || rows.is_nan() {
            return None;
        }
        Some((columns as usize, rows as usize))
    }

    /// Where column (or row) `k` starts along one axis: the same number for both tiles that
    /// share the line.
    fn line(&self, k: usize, count: usize, lo: f64, hi: f64) -> f64 {
        if k >= count {
            hi
        } else {
            (lo + k as f64 * self.size).min(hi)
        }
    }

    /// Whether `p` lies on a line between two tiles (inside the box the tiles cover).
    pub(crate) fn on_tile_line(&self, p: Point) -> bool {
        let on = |v: f64, lo: f64, hi: f64, count: usize| {
            if !(v > lo && v < hi) {
                return false;
            }
            let k = ((v - lo) / self.size).round() as usize;
            (k.saturating_sub(1)..=k + 1)
                .any(|k| k > 0 && k < count && self.line(k, count, lo, hi) == v)
        };
        on(p.x, self.lo.x, self.hi.x, self.columns) || on(p.y, self.lo.y, self.hi.y, self.rows)
    }

    /// The box of tile `(column, row)`.
    pub(crate) fn tile_box(&self, column: usize, row: usize) -> TileBox {
        TileBox {
            lo: Point::new(
                self.line(column, self.columns, self.lo.x, self.hi.x),
                self.line(row, self.rows, self.lo.y, self.hi.y),
            ),
            hi: Point::new(
                self.line(column + 1, self.columns, self.lo.x, self.hi.x),
                self.line(row + 1, self.rows, self.lo.y, self.hi.y),
            ),
        }
    }

    /// The tiles whose closed box meets the closed box `lo`-`hi` widened by `margin`, as
    /// `(column, row)`.
    pub(crate) fn tiles_meeting(
        &self,
        lo: Point,
        hi: Point,
        margin: f64,
    ) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (lo, hi) = (
            Point::new(lo.x - margin, lo.y - margin),
            Point::new(hi.x + margin, hi.y + margin),
        );
        let meets = lo.is_finite()
            && hi.is_finite()
            && hi.x >= self.lo.x
            && hi.y >= self.lo.y
            && lo.x <= self.hi.x
            && lo.y <= self.hi.y;
        // The columns and rows around the box, one more each way for the rounding of the
        // division; the exact test is on each tile's box.
        let span = |a: f64, b: f64, origin: f64, count: usize| {
            let at = |v: f64| {
                ((v - origin) / self.size)
                    .floor()
                    .clamp(0.0, count as f64 - 1.0) as usize
            };
            (at(a).saturating_sub(1), (at(b) + 1).min(count - 1))
        };
        let ((c0, c1), (r0, r1)) = if meets {
            (
                span(lo.x, hi.x, self.lo.x, self.columns),
                span(lo.y, hi.y, self.lo.y, self.rows),
            )
        } else {
            ((1, 0), (1, 0))
        };
        (r0..=r1)
            .flat_map(move |r| (c0..=c1).map(move |c| (c, r)))
            .filter(move |&(c, r)| {
                let b = self.tile_box(c, r);
                b.lo.x <= hi.x && b.hi.x >= lo.x && b.lo.y <= hi.y && b.hi.y >= lo.y
            })
    }

    /// The triangles of the tiles whose box (widened by `margin`) holds `p` that may hold it.
    pub(crate) fn candidates(&self, p: Point, margin: f64) -> impl Iterator<Item = usize> + '_ {
        self.tiles_meeting(p, p, margin).flat_map(move |(c, r)| {
            let tile = &self.tiles[r * self.columns + c];
            tile.locator
                .candidates(p)
                .iter()
                .map(move |&k| tile.triangles[k as usize] as usize)
        })
    }

    /// The triangles of tile `(column, row)`.
    pub(crate) fn triangles_of(&self, column: usize, row: usize) -> &[u32] {
        &self.tiles[row * self.columns + column].triangles
    }
}

impl NavMesh {
    /// An empty mesh cut into `tiles`, to be filled tile by tile with
    /// [`replace_tile`](Self::replace_tile).
    pub(crate) fn tiled(tiles: TileIndex) -> NavMesh {
        let mut mesh = NavMesh::assemble(Vec::new(), Vec::new(), &|_, _| false)
            .expect("an empty mesh is valid");
        mesh.tiles = Some(Box::new(tiles));
        mesh
    }

    /// Replaces the triangles of tile `(column, row)` by `new` (the tile's free triangles, as
    /// [`triangulate_tile`](super::tile_build::triangulate_tile) makes them) of areas
    /// `areas`, joined to the neighbouring tiles' triangles across the shared sides. With
    /// `with_areas`, the areas around each vertex the tile touches are counted again (a mesh
    /// that never had areas keeps every vertex in area 0 and skips that).
    pub(crate) fn replace_tile(
        &mut self,
        column: usize,
        row: usize,
        new: &FreeTriangles,
        areas: &[u8],
        with_areas: bool,
    ) {
        let Some(mut ix) = self.tiles.take() else {
            return;
        };
        // The pockets of the mesh before the edit may be joined to the rest now: the next
        // search finds them again.
        self.pockets = std::sync::OnceLock::new();
        // The places of the vertices whose areas around may change.
        let mut touched: Vec<Point> = Vec::new();
        let tile = row * ix.columns + column;
        let bounds = ix.tile_box(column, row);
        let mut freed: Vec<u32> = Vec::new();
        // 1. Detach the old triangles: their neighbours in other tiles see a wall for now.
        let old = std::mem::take(&mut ix.tiles[tile].triangles);
        for &t in &old {
            let t = t as usize;
            let corners = self.triangles[t];
            for side in 0..3 {
                let (a, b) = (corners[side], corners[(side + 1) % 3]);
                let n = self.neighbours[t][side];
                if n == WALL {
                    self.wall_change(&mut ix, a, b, false);
                } else if ix.tile_of[n as usize] as usize != tile {
                    let e = self.entries[t][side] as usize;
                    self.neighbours[n as usize][e] = WALL;
                    self.wall_change(&mut ix, a, b, true);
                }
                let (pa, pb) = (self.vertices[a as usize], self.vertices[b as usize]);
                if bounds.along_side(pa, pb) {
                    let k = (key(pa), key(pb));
                    if ix.open_edges.get(&k) == Some(&(t as u32, side as u8)) {
                        ix.open_edges.remove(&k);
                    }
                }
            }
            for v in corners {
                ix.uses[v as usize] -= 1;
                if ix.uses[v as usize] == 0 {
                    freed.push(v);
                }
                if with_areas {
                    touched.push(self.vertices[v as usize]);
                }
            }
        }
        // 2. Remove them, the last triangles moving into their slots.
        let mut old = old;
        old.sort_unstable_by(|a, b| b.cmp(a));
        for &t in &old {
            self.remove_triangle(&mut ix, t as usize);
        }
        // 3. The new triangles, on shared vertices, joined within the tile and across its sides.
        let mut global = vec![WALL; new.vertices.len()];
        let first = self.triangles.len();
        let mut local_edges: KeyMap<(u32, u32), (u32, u8)> = KeyMap::default();
        for (k, corners) in new.triangles.iter().enumerate() {
            let t = (first + k) as u32;
            let ids = corners.map(|v| {
                let v = v as usize;
                if global[v] == WALL {
                    global[v] = self.vertex(&mut ix, new.vertices[v]);
                }
                global[v]
            });
            for &v in &ids {
                ix.uses[v as usize] += 1;
            }
            self.triangles.push(ids);
            self.areas.push(areas.get(k).copied().unwrap_or(0));
            self.neighbours.push([WALL; 3]);
            self.entries.push([0; 3]);
            ix.tile_of.push(tile as u32);
            ix.place.push(ix.tiles[tile].triangles.len() as u32);
            ix.tiles[tile].triangles.push(t);
            for side in 0..3 {
                let (u, v) = (corners[side], corners[(side + 1) % 3]);
                let wall = new.walls.contains(&(u.min(v), u.max(v)));
                if !wall {
                    if let Some((other, other_side)) = local_edges.remove(&(v, u)) {
                        // The other side was counted a wall until now.
                        self.join(t, side as u8, other, other_side);
                        self.wall_change(&mut ix, ids[side], ids[(side + 1) % 3], false);
                        continue;
                    }
                    local_edges.insert((u, v), (t, side as u8));
                }
                // A wall until something joins it.
                self.wall_change(&mut ix, ids[side], ids[(side + 1) % 3], true);
            }
        }
        // Across the tile's sides: the edges still open there meet the neighbours' edges.
        for k in 0..new.triangles.len() {
            let t = first + k;
            let corners = new.triangles[k];
            for side in 0..3 {
                let (u, v) = (corners[side], corners[(side + 1) % 3]);
                if self.neighbours[t][side] != WALL || new.walls.contains(&(u.min(v), u.max(v))) {
                    continue;
                }
                let (pa, pb) = (new.vertices[u as usize], new.vertices[v as usize]);
                if !bounds.along_side(pa, pb) {
                    continue;
                }
                let (ka, kb) = (key(pa), key(pb));
                if let Some(&(other, other_side)) = ix.open_edges.get(&(kb, ka)) {
                    if self.neighbours[other as usize][other_side as usize] == WALL {
                        self.join(t as u32, side as u8, other, other_side);
                        let (a, b) = (self.triangles[t][side], self.triangles[t][(side + 1) % 3]);
                        self.wall_change(&mut ix, a, b, false);
                        self.wall_change(&mut ix, a, b, false);
                    }
                }
                ix.open_edges.insert((ka, kb), (t as u32, side as u8));
            }
        }
        let points: Vec<[Point; 3]> = ix.tiles[tile]
            .triangles
            .iter()
            .map(|&t| self.triangles[t as usize].map(|v| self.vertices[v as usize]))
            .collect();
        ix.tiles[tile].locator = Locator::new(&points);
        // 4. Vertices no triangle uses any more leave, the last ones moving into their slots.
        freed.retain(|&v| ix.uses[v as usize] == 0);
        freed.sort_unstable_by(|a, b| b.cmp(a));
        freed.dedup();
        for v in freed {
            self.remove_vertex(&mut ix, v);
        }
        // 5. The areas around the vertices the old and new triangles used.
        if with_areas {
            touched.extend_from_slice(&new.vertices);
            for p in touched {
                let Some(&v) = ix.vertex_at.get(&key(p)) else {
                    continue;
                };
                let around = ix
                    .candidates(p, 0.0)
                    .filter(|&t| self.triangles[t].contains(&v))
                    .fold(0u64, |m, t| m | 1 << self.areas[t]);
                self.vertex_areas[v as usize] = around.max(1);
            }
        }
        self.tiles = Some(ix);
    }

    /// Joins edge `side` of `t` and edge `other_side` of `other`, the same edge run both ways.
    fn join(&mut self, t: u32, side: u8, other: u32, other_side: u8) {
        self.neighbours[t as usize][side as usize] = other;
        self.entries[t as usize][side as usize] = other_side;
        self.neighbours[other as usize][other_side as usize] = t;
        self.entries[other as usize][other_side as usize] = side;
    }

    /// One wall edge more (or less) between vertices `a` and `b`: they are corners while any
    /// wall ends at them.
    fn wall_change(&mut self, ix: &mut TileIndex, a: u32, b: u32, more: bool) {
        for v in [a as usize, b as usize] {
            if more {
                ix.wall_ends[v] += 1;
            } else {
                ix.wall_ends[v] -= 1;
            }
            self.corners[v] = ix.wall_ends[v] > 0;
        }
    }

    /// The vertex at `p`, added if the mesh has none there.
    fn vertex(&mut self, ix: &mut TileIndex, p: Point) -> u32 {
        *ix.vertex_at.entry(key(p)).or_insert_with(|| {
            self.vertices.push(p);
            self.corners.push(false);
            self.vertex_areas.push(1);
            ix.uses.push(0);
            ix.wall_ends.push(0);
            (self.vertices.len() - 1) as u32
        })
    }

    /// Removes triangle `t` (detached: no triangle names it as a neighbour), moving the last
    /// triangle into its slot.
    fn remove_triangle(&mut self, ix: &mut TileIndex, t: usize) {
        let last = self.triangles.len() - 1;
        if t != last {
            self.triangles[t] = self.triangles[last];
            self.areas[t] = self.areas[last];
            self.neighbours[t] = self.neighbours[last];
            self.entries[t] = self.entries[last];
            ix.tile_of[t] = ix.tile_of[last];
            ix.place[t] = ix.place[last];
            let tile = ix.tile_of[t] as usize;
            ix.tiles[tile].triangles[ix.place[t] as usize] = t as u32;
            let (column, row) = (tile % ix.columns, tile / ix.columns);
            let bounds = ix.tile_box(column, row);
            for side in 0..3 {
                let n = self.neighbours[t][side];
                if n != WALL {
                    self.neighbours[n as usize][self.entries[t][side] as usize] = t as u32;
                }
                let corners = self.triangles[t];
                let (pa, pb) = (
                    self.vertices[corners[side] as usize],
                    self.vertices[corners[(side + 1) % 3] as usize],
                );
                if bounds.along_side(pa, pb) {
                    if let Some(entry) = ix.open_edges.get_mut(&(key(pa), key(pb))) {
                        if *entry == (last as u32, side as u8) {
                            *entry = (t as u32, side as u8);
                        }
                    }
                }
            }
        }
        self.triangles.pop();
        self.areas.pop();
        self.neighbours.pop();
        self.entries.pop();
        ix.tile_of.pop();
        ix.place.pop();
    }

    /// Removes vertex `v` (no triangle uses it), moving the last vertex into its slot.
    fn remove_vertex(&mut self, ix: &mut TileIndex, v: u32) {
        let v = v as usize;
        ix.vertex_at.remove(&key(self.vertices[v]));
        let last = self.vertices.len() - 1;
        if v != last {
            let p = self.vertices[last];
            self.vertices[v] = p;
            self.corners[v] = self.corners[last];
            self.vertex_areas[v] = self.vertex_areas[last];
            ix.uses[v] = ix.uses[last];
            ix.wall_ends[v] = ix.wall_ends[last];
            ix.vertex_at.insert(key(p), v as u32);
            let users: Vec<usize> = ix
                .candidates(p, 0.0)
                .filter(|&t| self.triangles[t].contains(&(last as u32)))
                .collect();
            for t in users {
                for c in &mut self.triangles[t] {
                    if *c == last as u32 {
                        *c = v as u32;
                    }
                }
            }
        }
        self.vertices.pop();
        self.corners.pop();
        self.vertex_areas.pop();
        ix.uses.pop();
        ix.wall_ends.pop();
    }
}

impl NavMesh {
    /// The nearest point of a wall of a tiled mesh to `p`: the tiles are visited in rings
    /// around the one nearest `p`, until a ring lies farther than the best point found.
    pub(super) fn nearest_wall_point(&self, ix: &TileIndex, p: Point) -> Option<Point> {
        let q = Point::new(p.x.clamp(ix.lo.x, ix.hi.x), p.y.clamp(ix.lo.y, ix.hi.y));
        let at = |v: f64, origin: f64, count: usize| {
            ((v - origin) / ix.size)
                .floor()
                .clamp(0.0, count as f64 - 1.0) as i64
        };
        let (c, r) = (at(q.x, ix.lo.x, ix.columns), at(q.y, ix.lo.y, ix.rows));
        let mut best: Option<(f64, Point)> = None;
        let rings = ix.columns.max(ix.rows) as i64;
        for ring in 0..=rings {
            // Every point of a tile `ring` tiles away is at least `ring - 1` tiles from the
            // point's own tile (one more for the rounding of its column), and `p` is no nearer
            // than its projection `q` on the box.
            if let Some((d, _)) = best {
                if (ring - 2) as f64 * ix.size > d {
                    break;
                }
            }
            for dr in -ring..=ring {
                for dc in -ring..=ring {
                    if dr.abs() != ring && dc.abs() != ring {
                        continue;
                    }
                    let (tc, tr) = (c + dc, r + dr);
                    if tc < 0 || tr < 0 || tc >= ix.columns as i64 || tr >= ix.rows as i64 {
                        continue;
                    }
                    for &t in ix.triangles_of(tc as usize, tr as usize) {
                        let t = t as usize;
                        for side in 0..3 {
                            if self.neighbours[t][side] != WALL {
                                continue;
                            }
                            let a = self.vertices[self.triangles[t][side] as usize];
                            let b = self.vertices[self.triangles[t][(side + 1) % 3] as usize];
                            let x = nearest_on_segment(p, a, b);
                            let d = p.distance(x);
                            if best.is_none_or(|(bd, _)| d < bd) {
                                best = Some((d, x));
                            }
                        }
                    }
                }
            }
        }
        best.map(|(_, x)| x)
    }
}

/// The point of segment `a`-`b` nearest to `p`.
fn nearest_on_segment(p: Point, a: Point, b: Point) -> Point {
    let d = b - a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        return a;
    }
    let t = ((p - a).dot(d) / len2).clamp(0.0, 1.0);
    a + d * t
}
