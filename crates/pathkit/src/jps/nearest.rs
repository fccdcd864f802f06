//! The nearest of several goals by Jump Point Search and JPS+: one search, run backwards from
//! every goal the start can reach to the start.
//!
//! Jump Point Search does not run forward to several goals cleanly: its scans stop at jump
//! points and at *the* goal (a row or column check per scan, a bit test in the JPS+ table's
//! walks), so every goal would have to be tested on every scanned cell. Backwards there is one
//! target again, and the goals are only where the search starts: each is opened at cost zero
//! with no direction of arrival, so each is expanded in all eight (or four) directions, as a
//! start is. Its pruning rules are local to a cell and the direction it was entered in, so they
//! hold whichever start a cell was reached from. Moves are symmetric on a uniform-cost grid,
//! so the path found from the nearest goal to the start, turned around, is the path from the
//! start to its nearest goal.

use super::context::{check_uniform, distance, Expander, JumpExpansion};
use super::four::Online4;
use super::jump::Online8;
use super::plus::PlusRays;
use super::{JpsContext, JpsError, JpsMode, JpsPlus, PathMode};
use crate::grid::{Cell, Diagonal, Grid};
use crate::search::{run_search, AtIndex, Stats, Status, TieBreak, Trusted};

impl JpsContext {
    /// [`find_path_to_nearest`](Self::find_path_to_nearest) writing the path into `path`,
    /// reusing its capacity: allocation-free once warm.
    pub(crate) fn online_nearest_into(
        &mut self,
        grid: &Grid,
        start: Cell,
        goals: &[Cell],
        mode: JpsMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        match mode.moves {
            Diagonal::NoCornerCutting => {
                let e = Online8::new(grid);
                self.nearest(
                    &e,
                    grid,
                    (start, goals),
                    Diagonal::NoCornerCutting,
                    mode.path,
                    path,
                )
            }
            Diagonal::Never => {
                let e = Online4::new(grid);
                self.nearest(&e, grid, (start, goals), Diagonal::Never, mode.path, path)
            }
            moves => Err(JpsError::UnsupportedMoves { moves }),
        }
    }

    /// The nearest-goal search by `expander` on `grid`.
    fn nearest<E: Expander>(
        &mut self,
        expander: &E,
        grid: &Grid,
        (start, goals): (Cell, &[Cell]),
        connectivity: Diagonal,
        mode: PathMode,
        out: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        out.clear();
        self.stats = Stats::default();
        for &cell in goals.iter().chain([&start]) {
            if grid.cell(cell.x, cell.y).is_none() {
                return Err(JpsError::OutOfBounds {
                    cell,
                    width: grid.width(),
                    height: grid.height(),
                });
            }
        }
        check_uniform(grid)?;
        let rule = connectivity;
        if !grid.is_passable(start) {
            return Ok(Status::Unreachable);
        }
        if goals.contains(&start) {
            out.push(start);
            return Ok(Status::Found { cost: 0.0 });
        }
        let mut any = false;
        for &goal in goals {
            any |= grid
                .reachable_or_refusal(start, goal, rule)
                .map_err(JpsError::Refused)?;
        }
        if !any {
            return Ok(Status::Unreachable);
        }
        let cells = grid.len();
        self.records
            .new_generation(cells)
            .map_err(JpsError::Refused)?;
        let policy = JumpExpansion::new(expander, grid.width(), start, mode);
        // The component table is built by now: the lookups cannot fail.
        let sources = goals
            .iter()
            .filter(|&&goal| grid.reachable_or_refusal(start, goal, rule) == Ok(true))
            .map(|&goal| Ok((policy.index(goal), goal)));
        let status = run_search(
            (&mut self.records, &mut self.open, &mut self.stats),
            &policy,
            Trusted,
            (TieBreak::LargerG, None),
            sources,
            &AtIndex(policy.index(start)),
            out,
        )?;
        // Written from the goal to the start.
        out.reverse();
        if mode == PathMode::JumpPoints {
            add_turns(connectivity == Diagonal::NoCornerCutting, out);
        }
        Ok(status)
    }
}

impl JpsPlus {
    /// [`find_path_to_nearest`](Self::find_path_to_nearest) writing the path into `path`,
    /// reusing its capacity: allocation-free once warm.
    pub(crate) fn table_nearest_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        goals: &[Cell],
        mode: PathMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let rays = PlusRays { plus: self };
        ctx.nearest(
            &rays,
            self.grid(),
            (start, goals),
            Diagonal::NoCornerCutting,
            mode,
            path,
        )
    }
}

/// Adds to a list of jump points, turned around, the cell where each leg turns: a leg was
/// diagonal then straight (8-connected) or vertical then horizontal (4-connected) in the
/// direction it was searched, which is straight then diagonal (horizontal then vertical) as
/// walked now. With the turns listed, every leg is one straight or diagonal run, which reads
/// the same either way.
fn add_turns(eight: bool, points: &mut Vec<Cell>) {
    let len = points.len();
    if len < 2 {
        return;
    }
    // Each leg adds at most one point: grow first, then fill from the back.
    let turn = |from: Cell, to: Cell| -> Option<Cell> {
        // As searched: from `to` back to `from`.
        let (dx, dy) = (from.x as i64 - to.x as i64, from.y as i64 - to.y as i64);
        let corner = if eight {
            let k = dx.abs().min(dy.abs());
            Cell::new(
                (to.x as i64 + dx.signum() * k) as u32,
                (to.y as i64 + dy.signum() * k) as u32,
            )
        } else {
            Cell::new(to.x, from.y)
        };
        (corner != from && corner != to).then_some(corner)
    };
    let extra = points
        .windows(2)
        .filter(|w| turn(w[0], w[1]).is_some())
        .count();
    points.resize(len + extra, Cell::new(0, 0));
    let mut write = len + extra;
    for read in (1..len).rev() {
        let (from, to) = (points[read - 1], points[read]);
        write -= 1;
        points[write] = to;
        if let Some(corner) = turn(from, to) {
            write -= 1;
            points[write] = corner;
        }
    }
    debug_assert_eq!(write, 1);
}

impl JpsContext {
    /// [`find_path_or_closest`](Self::find_path_or_closest) writing the path into `path`,
    /// reusing its capacity: allocation-free once warm.
    pub(crate) fn online_or_closest_into(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        mode: JpsMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let status = self.online_into(grid, start, goal, mode, path)?;
        if status != Status::Unreachable || !grid.is_passable(start) {
            return Ok(status);
        }
        match mode.moves {
            Diagonal::NoCornerCutting => {
                let e = Online8::new(grid);
                self.closest(
                    &e,
                    grid,
                    (start, goal),
                    Diagonal::NoCornerCutting,
                    mode.path,
                    path,
                )
            }
            Diagonal::Never => {
                let e = Online4::new(grid);
                self.closest(&e, grid, (start, goal), Diagonal::Never, mode.path, path)
            }
            moves => Err(JpsError::UnsupportedMoves { moves }),
        }
    }

    /// The path from `start` (passable) to the closest point to the unreachable `goal`.
    fn closest<E: Expander>(
        &mut self,
        expander: &E,
        grid: &Grid,
        (start, goal): (Cell, Cell),
        connectivity: Diagonal,
        mode: PathMode,
        out: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let eight = connectivity == Diagonal::NoCornerCutting;
        let rule = if eight {
            Diagonal::NoCornerCutting
        } else {
            Diagonal::Never
        };
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        let mut least = f64::INFINITY;
        for index in 0..grid.len() {
            let cell = grid.cell_at(index);
            if grid.weight_at(index) == 0
                || !grid
                    .reachable_or_refusal(start, cell, rule)
                    .map_err(JpsError::Refused)?
            {
                continue;
            }
            let near = distance(eight, cell, goal);
            if near < least {
                least = near;
                cells.clear();
            }
            if near == least {
                cells.push(cell);
            }
        }
        let found = self.nearest(expander, grid, (start, &cells), connectivity, mode, out);
        self.cells = cells;
        Ok(match found? {
            Status::Found { cost } => Status::Closest { cost },
            other => other,
        })
    }
}

impl JpsPlus {
    /// [`find_path_or_closest`](Self::find_path_or_closest) writing the path into `path`,
    /// reusing its capacity: allocation-free once warm.
    pub(crate) fn table_or_closest_into(
        &self,
        ctx: &mut JpsContext,
        start: Cell,
        goal: Cell,
        mode: PathMode,
        path: &mut Vec<Cell>,
    ) -> Result<Status<f64>, JpsError> {
        let status = self.table_into(ctx, start, goal, mode, path)?;
        if status != Status::Unreachable || !self.grid().is_passable(start) {
            return Ok(status);
        }
        let rays = PlusRays { plus: self };
        ctx.closest(
            &rays,
            self.grid(),
            (start, goal),
            Diagonal::NoCornerCutting,
            mode,
            path,
        )
    }
}
