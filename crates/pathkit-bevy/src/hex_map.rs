//! [`HexMap`]: a hex grid as the plugin's map.

use crate::nav_map::{Edit, NavMap, Rest, Resumed};
use crate::request::PathFailure;
use crate::space_search;
use crate::tiles::weight_edit;
use bevy_ecs::component::Component;
use bevy_math::{Vec2, Vec3};
use pathkit::hex::{Hex, HexError, HexGrid, HexOrientation};
use pathkit::search::SearchSpace as _;
use pathkit::search::{IndexedSpace, SearchContext, Stepper};
use std::sync::Arc;

/// A hex grid in the world: hexes `size` from centre to corner, hex `(0, 0)`'s centre at
/// `origin`, in the XY plane with rows going down the screen (axial `r` grows downwards). A
/// step costs the weight of the hex entered.
///
/// ```
/// use bevy_math::Vec3;
/// use pathkit::hex::{Hex, HexGrid, HexLayout};
/// use pathkit_bevy::{HexMap, NavMap};
///
/// let map = HexMap::new(HexGrid::new(HexLayout::OddR, 8, 8)?).with_size(10.0);
/// let hex = Hex::new(2, 3);
/// assert_eq!(map.node_at(map.position(hex)), Some(hex));
/// assert_eq!(map.node_at(Vec3::new(-500.0, 0.0, 0.0)), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct HexMap {
    grid: Arc<HexGrid>,
    size: f32,
    origin: Vec2,
    version: u64,
    edits: Vec<Edit<Hex>>,
}

impl HexMap {
    /// `grid` with hexes 1 unit from centre to corner, hex `(0, 0)` at the world's origin.
    pub fn new(grid: HexGrid) -> Self {
        HexMap {
            grid: Arc::new(grid),
            size: 1.0,
            origin: Vec2::ZERO,
            version: 0,
            edits: Vec::new(),
        }
    }

    /// The same map with hexes `size` from centre to corner.
    #[must_use]
    pub fn with_size(mut self, size: f32) -> Self {
        self.size = size;
        self
    }

    /// The same map with hex `(0, 0)`'s centre at `origin`.
    #[must_use]
    pub fn with_origin(mut self, origin: Vec2) -> Self {
        self.origin = origin;
        self
    }

    /// The hex grid.
    pub fn grid(&self) -> &HexGrid {
        &self.grid
    }

    /// How far a hex's corners are from its centre, in world units: what a drawing of the map
    /// needs besides the hexes' centres ([`NavMap::position`]).
    ///
    /// ```
    /// use pathkit::hex::{HexGrid, HexLayout};
    /// use pathkit_bevy::HexMap;
    ///
    /// let map = HexMap::new(HexGrid::new(HexLayout::OddR, 4, 4)?).with_size(10.0);
    /// assert_eq!(map.size(), 10.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn size(&self) -> f32 {
        self.size
    }

    /// Where hex `(0, 0)`'s centre is.
    ///
    /// ```
    /// use bevy_math::Vec2;
    /// use pathkit::hex::{HexGrid, HexLayout};
    /// use pathkit_bevy::HexMap;
    ///
    /// let map = HexMap::new(HexGrid::new(HexLayout::OddR, 4, 4)?).with_origin(Vec2::new(5.0, -5.0));
    /// assert_eq!(map.origin(), Vec2::new(5.0, -5.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// Sets the weight of `hex` (0 walls it), and records the edit.
    ///
    /// # Errors
    ///
    /// As [`HexGrid::set_weight`]: a hex off the map.
    ///
    /// ```
    /// use pathkit::hex::{Hex, HexGrid, HexLayout};
    /// use pathkit_bevy::{HexMap, NavMap};
    ///
    /// let mut map = HexMap::new(HexGrid::new(HexLayout::OddQ, 4, 4)?);
    /// map.set_weight(Hex::new(1, 1), 0)?;
    /// assert_eq!(map.take_edits()[0].after, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_weight(&mut self, hex: Hex, weight: u32) -> Result<(), HexError> {
        if self.grid.offset_of(hex).is_none() {
            // Let the grid say why, in its own words.
            return Arc::make_mut(&mut self.grid).set_weight(hex, weight);
        }
        let before = self.grid.weight(hex);
        if before == weight {
            return Ok(());
        }
        Arc::make_mut(&mut self.grid).set_weight(hex, weight)?;
        self.edits.push(weight_edit(hex, before, weight));
        self.version += 1;
        Ok(())
    }

    /// The centre of `hex` relative to hex `(0, 0)`'s, before scaling by the size.
    fn unit_centre(&self, hex: Hex) -> Vec2 {
        let (q, r) = (hex.q as f32, hex.r as f32);
        let root3 = 3f32.sqrt();
        match self.grid.orientation() {
            HexOrientation::PointyTop => Vec2::new(root3 * (q + r / 2.0), -1.5 * r),
            HexOrientation::FlatTop => Vec2::new(1.5 * q, -root3 * (r + q / 2.0)),
        }
    }
}

impl NavMap for HexMap {
    type Node = Hex;
    type Edit = Edit<Hex>;
    type Context = SearchContext<u64>;
    type Search = Stepper<Hex, u64>;
    type Rules = ();

    fn start_search(
        &self,
        ctx: &mut SearchContext<u64>,
        start: Hex,
        goal: Hex,
        _rules: &(),
    ) -> Result<Stepper<Hex, u64>, PathFailure> {
        space_search::start(&*self.grid, ctx, start, goal)
    }

    fn resume_search(
        &self,
        ctx: &mut SearchContext<u64>,
        search: &mut Stepper<Hex, u64>,
        budget: u64,
    ) -> Resumed<Hex> {
        space_search::resume(&*self.grid, ctx, search, budget)
    }

    /// The search's own admissible heuristic.
    fn estimate(&self, from: Hex, to: Hex, _rules: &()) -> f64 {
        (*self.grid).heuristic(from, to) as f64
    }

    fn must_replan(&self, rest: &Rest<'_, Hex, ()>, edits: &[Edit<Hex>]) -> bool {
        let mut out = Vec::new();
        self.must_replan_each(&[*rest], edits, &mut out);
        out[0]
    }

    fn must_replan_each(
        &self,
        rests: &[Rest<'_, Hex, ()>],
        edits: &[Edit<Hex>],
        out: &mut Vec<bool>,
    ) {
        // A hex's weight prices only the moves into it; no move passes its corner.
        let touched = |hex, out: &mut Vec<Hex>| {
            out.clear();
            out.push(hex);
        };
        space_search::needs_replanning_each(&*self.grid, touched, rests, edits, out);
    }

    fn may_now_reach(&self, start: Hex, goals: &[Hex], _rules: &(), edits: &[Edit<Hex>]) -> bool {
        space_search::may_now_reach(&*self.grid, start, goals, edits)
    }

    fn explored(
        &self,
        ctx: &mut SearchContext<u64>,
        ends: (Hex, Hex),
        rules: &(),
        out: &mut Vec<Hex>,
    ) {
        let space = &*self.grid;
        let closed = |ctx: &SearchContext<u64>| ctx.closed_indices().collect::<Vec<_>>();
        let node_at = |i| space.node_at(i);
        space_search::explored_by(self, ctx, ends, rules, closed, node_at, out);
    }

    fn position(&self, hex: Hex) -> Vec3 {
        (self.origin + self.unit_centre(hex) * self.size).extend(0.0)
    }

    fn node_at(&self, position: Vec3) -> Option<Hex> {
        let p = (position.truncate() - self.origin) / self.size;
        let root3 = 3f32.sqrt();
        // Fractional axial coordinates, then the nearest hex by cube rounding.
        let (q, r) = match self.grid.orientation() {
            HexOrientation::PointyTop => {
                let r = -p.y / 1.5;
                (p.x / root3 - r / 2.0, r)
            }
            HexOrientation::FlatTop => {
                let q = p.x / 1.5;
                (q, -p.y / root3 - q / 2.0)
            }
        };
        let s = -q - r;
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        let hex = Hex::new(rq as i32, rr as i32);
        self.grid.offset_of(hex).map(|_| hex)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn take_edits(&mut self) -> Vec<Edit<Hex>> {
        std::mem::take(&mut self.edits)
    }
}
