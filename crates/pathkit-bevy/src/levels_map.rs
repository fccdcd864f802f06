//! [`LevelsMap`]: floors joined by portals as the plugin's map.

use crate::nav_map::{Edit, NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::tiles::{touched_cells, weight_edit, TileLayout};
use bevy_ecs::component::Component;
use bevy_math::{Vec2, Vec3};
use pathkit::grid::Diagonal;
use pathkit::levels::{LevelError, LevelMap, LevelSpace, Place, PortalId};
use pathkit::search::SearchSpace as _;
use pathkit::search::{IndexedSpace, SearchContext, Stepper};
use std::sync::Arc;

/// A multi-level map (pathkit's [`LevelMap`]: floors that are grids, joined by stairs, lifts
/// and teleporters) in the world: every floor laid out as a [`GridMap`](crate::GridMap) is
/// (cells `cell_size` wide, columns right and rows down from `origin`), floor `f` at height
/// `f * floor_height` on Z. Moves are 8-connected without corner cutting (1 and √2 times the
/// weight entered) or 4-connected; a portal costs what it says.
///
/// Edit it through [`set_weight`](Self::set_weight) and
/// [`set_portal_enabled`](Self::set_portal_enabled): switching a portal off re-plans the paths
/// that take it, switching it on the paths it could shorten.
///
/// ```
/// use bevy_math::Vec3;
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit::levels::{LevelMap, Place};
/// use pathkit_bevy::{LevelsMap, NavMap};
///
/// let floors = LevelMap::new(vec![Grid::new(4, 4)?, Grid::new(4, 4)?])?;
/// let map = LevelsMap::new(floors, Diagonal::NoCornerCutting).with_floor_height(3.0);
/// assert_eq!(map.position(Place::new(1, 2, 0)), Vec3::new(2.5, -0.5, 3.0));
/// assert_eq!(map.node_at(Vec3::new(2.5, -0.5, 3.2)), Some(Place::new(1, 2, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct LevelsMap {
    map: Arc<LevelMap>,
    diagonal: Diagonal,
    tiles: TileLayout,
    floor_height: f32,
    version: u64,
    edits: Vec<Edit<Place>>,
}

impl LevelsMap {
    /// `map` searched with `diagonal` moves ([`Diagonal::NoCornerCutting`] or
    /// [`Diagonal::Never`]; the other rules are searched as the first), cells 1 unit wide,
    /// floors 1 unit apart.
    pub fn new(map: LevelMap, diagonal: Diagonal) -> Self {
        LevelsMap {
            map: Arc::new(map),
            diagonal: if diagonal == Diagonal::Never {
                Diagonal::Never
            } else {
                Diagonal::NoCornerCutting
            },
            tiles: TileLayout::default(),
            floor_height: 1.0,
            version: 0,
            edits: Vec::new(),
        }
    }

    /// The same map with cells `size` wide.
    #[must_use]
    pub fn with_cell_size(mut self, size: f32) -> Self {
        self.tiles.size = size;
        self
    }

    /// The same map with floors `height` apart on Z.
    #[must_use]
    pub fn with_floor_height(mut self, height: f32) -> Self {
        self.floor_height = height;
        self
    }

    /// The same map with every floor's top-left corner at `origin`.
    #[must_use]
    pub fn with_origin(mut self, origin: Vec2) -> Self {
        self.tiles.origin = origin;
        self
    }

    /// The floors and portals.
    pub fn levels(&self) -> &LevelMap {
        &self.map
    }

    /// How wide a cell is, in world units: what a drawing of the map needs besides the places'
    /// centres ([`NavMap::position`]).
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::levels::LevelMap;
    /// use pathkit_bevy::LevelsMap;
    ///
    /// let map = LevelsMap::new(LevelMap::new(vec![Grid::new(3, 3)?])?, Diagonal::Never).with_cell_size(2.0);
    /// assert_eq!(map.cell_size(), 2.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell_size(&self) -> f32 {
        self.tiles.size
    }

    /// How far apart the floors are on Z.
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::levels::LevelMap;
    /// use pathkit_bevy::LevelsMap;
    ///
    /// let map = LevelsMap::new(LevelMap::new(vec![Grid::new(3, 3)?])?, Diagonal::Never).with_floor_height(4.0);
    /// assert_eq!(map.floor_height(), 4.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn floor_height(&self) -> f32 {
        self.floor_height
    }

    /// Where the top-left corner of every floor's cell `(0, 0)` is.
    ///
    /// ```
    /// use bevy_math::Vec2;
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::levels::LevelMap;
    /// use pathkit_bevy::LevelsMap;
    ///
    /// let map = LevelsMap::new(LevelMap::new(vec![Grid::new(3, 3)?])?, Diagonal::Never);
    /// assert_eq!(map.origin(), Vec2::ZERO);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin(&self) -> Vec2 {
        self.tiles.origin
    }

    /// Sets the weight of a place (0 walls it), and records the edit.
    ///
    /// # Errors
    ///
    /// As [`LevelMap::set_weight`]: no such floor, a cell off it.
    ///
    /// ```
    /// use pathkit::grid::{Diagonal, Grid};
    /// use pathkit::levels::{LevelMap, Place};
    /// use pathkit_bevy::{LevelsMap, NavMap};
    ///
    /// let mut map = LevelsMap::new(LevelMap::new(vec![Grid::new(3, 3)?])?, Diagonal::Never);
    /// map.set_weight(Place::new(0, 1, 1), 0)?;
    /// assert_eq!(map.take_edits()[0].after, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, place: Place, weight: u32) -> Result<(), LevelError> {
        let before = match self.map.floor(place.floor) {
            Some(grid) if grid.cell(place.cell.x, place.cell.y).is_some() => self.map.weight(place),
            // Let the map say why, in its own words.
            _ => return Arc::make_mut(&mut self.map).set_weight(place, weight),
        };
        if before == weight {
            return Ok(());
        }
        Arc::make_mut(&mut self.map).set_weight(place, weight)?;
        self.edits.push(weight_edit(place, before, weight));
        self.version += 1;
        Ok(())
    }

    /// Switches a portal on or off, and records the edit: a portal's two ends are what a path
    /// through it passes, so the edit names both.
    ///
    /// # Errors
    ///
    /// As [`LevelMap::set_portal_enabled`]: no such portal.
    pub fn set_portal_enabled(&mut self, id: PortalId, enabled: bool) -> Result<(), LevelError> {
        let (portal, was) = match (self.map.portal(id), self.map.is_portal_enabled(id)) {
            (Some(portal), Some(was)) => (*portal, was),
            _ => return Arc::make_mut(&mut self.map).set_portal_enabled(id, enabled),
        };
        if was == enabled {
            return Ok(());
        }
        Arc::make_mut(&mut self.map).set_portal_enabled(id, enabled)?;
        let (on, off) = (Some(portal.cost), None);
        let (before, after) = if enabled { (off, on) } else { (on, off) };
        for node in [portal.from, portal.to] {
            self.edits.push(Edit {
                node,
                before,
                after,
            });
        }
        self.version += 1;
        Ok(())
    }
}

impl LevelsMap {
    /// The space searched: four-connected floors under [`Diagonal::Never`], eight-connected
    /// otherwise.
    fn space(&self) -> Result<LevelSpace<'_>, PathFailure> {
        match self.diagonal {
            Diagonal::Never => self.map.four_connected(),
            _ => self.map.eight_connected(),
        }
        .map_err(|e| PathFailure::Refused(e.to_string()))
    }

    /// The places whose moves an edit of `place` changes: the cells of its floor
    /// [`touched_cells`] names.
    fn touched_by(&self, place: Place, out: &mut Vec<Place>) {
        out.clear();
        let Some(grid) = self.map.floor(place.floor) else {
            out.push(place);
            return;
        };
        let mut cells = Vec::new();
        touched_cells(
            place.cell,
            self.diagonal,
            grid.width(),
            grid.height(),
            &mut cells,
        );
        out.extend(cells.into_iter().map(|cell| Place {
            floor: place.floor,
            cell,
        }));
    }
}

impl NavMap for LevelsMap {
    type Node = Place;
    type Edit = Edit<Place>;
    type Context = SearchContext<f64>;
    type Search = Stepper<Place, f64>;
    type Rules = ();

    fn start_search(
        &self,
        ctx: &mut SearchContext<f64>,
        start: Place,
        goal: Place,
        _rules: &(),
    ) -> Result<Stepper<Place, f64>, PathFailure> {
        space_search::start(&self.space()?, ctx, start, goal)
    }

    fn resume_search(
        &self,
        ctx: &mut SearchContext<f64>,
        search: &mut Stepper<Place, f64>,
        budget: u64,
    ) -> Resumed<Place> {
        match self.space() {
            Ok(space) => space_search::resume(&space, ctx, search, budget),
            Err(failure) => Resumed {
                expanded: 0,
                answer: Some(Err(failure)),
            },
        }
    }

    /// The search's own admissible heuristic.
    fn estimate(&self, from: Place, to: Place, _rules: &()) -> f64 {
        self.space().map_or(0.0, |space| space.heuristic(from, to))
    }

    fn must_replan(&self, rest: &Rest<'_, Place, ()>, edits: &[Edit<Place>]) -> bool {
        let mut out = Vec::new();
        self.must_replan_each(&[*rest], edits, &mut out);
        out[0]
    }

    fn must_replan_each(
        &self,
        rests: &[Rest<'_, Place, ()>],
        edits: &[Edit<Place>],
        out: &mut Vec<bool>,
    ) {
        let Ok(space) = self.space() else {
            out.clear();
            out.resize(rests.len(), true); // the search will say why
            return;
        };
        let touched = |p, out: &mut Vec<Place>| self.touched_by(p, out);
        space_search::needs_replanning_each(&space, touched, rests, edits, out);
    }

    fn may_now_reach(
        &self,
        start: Place,
        goals: &[Place],
        _rules: &(),
        edits: &[Edit<Place>],
    ) -> bool {
        self.space()
            .is_ok_and(|space| space_search::may_now_reach(&space, start, goals, edits))
    }

    fn explored(
        &self,
        ctx: &mut SearchContext<f64>,
        ends: (Place, Place),
        rules: &(),
        out: &mut Vec<Place>,
    ) {
        let Ok(space) = self.space() else {
            out.clear();
            return;
        };
        let closed = |ctx: &SearchContext<f64>| ctx.closed_indices().collect::<Vec<_>>();
        let node_at = |i| space.node_at(i);
        space_search::explored_by(self, ctx, ends, rules, closed, node_at, out);
    }

    fn position(&self, place: Place) -> Vec3 {
        let z = place.floor as f32 * self.floor_height;
        self.tiles.centre(place.cell).extend(z)
    }

    fn node_at(&self, position: Vec3) -> Option<Place> {
        let floor = (position.z / self.floor_height).round();
        if floor < 0.0 || floor >= self.map.floor_count() as f32 {
            return None;
        }
        let grid = self.map.floor(floor as u32)?;
        let cell = self
            .tiles
            .cell_at(position.truncate(), grid.width(), grid.height())?;
        Some(Place {
            floor: floor as u32,
            cell,
        })
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<Place>> {
        std::mem::take(&mut self.edits)
    }
}
