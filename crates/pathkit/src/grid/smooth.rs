//! Line of sight between cell centres, and smoothing: a grid path turned into fewer waypoints
//! that an agent walks in straight lines.
//!
//! Their rules are documented where users read them: the sections "Line of sight" and
//! "Smoothing" of the [`grid`](crate::grid#line-of-sight) module.

use super::{Cell, Diagonal, Grid, GridError};

impl Grid {
    /// `true` when the centres of `from` and `to` see each other: the segment between them
    /// crosses no blocked cell and passes grid corners as `rule` allows (the rule in full:
    /// [Line of sight](crate::grid#line-of-sight)). Terrain weights do not block
    /// sight, walls do; a blocked `from` or `to` sees nothing. For a game's AI as much as for
    /// paths: can this guard see the player, can this unit walk straight there.
    ///
    /// Fails with [`GridError::OutOfBounds`] when either cell is outside the grid.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    ///
    /// let grid = Grid::from_ascii(
    ///     "....\n\
    ///      .#..\n\
    ///      ....",
    /// ).unwrap();
    /// let rule = Diagonal::NoCornerCutting;
    /// assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(3, 0), rule)?); // along the top row
    /// assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(0, 2), rule)?); // beside the wall
    /// assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(2, 2), rule)?); // through it
    /// // (1, 0) to (3, 2) passes exactly through the wall's top-right corner: a cut corner.
    /// assert!(!grid.line_of_sight(Cell::new(1, 0), Cell::new(3, 2), rule)?);
    /// assert!(grid.line_of_sight(Cell::new(1, 0), Cell::new(3, 2), Diagonal::CornerCutting)?);
    /// assert!(grid.line_of_sight(Cell::new(9, 0), Cell::new(0, 0), rule).is_err()); // outside
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    pub fn line_of_sight(&self, from: Cell, to: Cell, rule: Diagonal) -> Result<bool, GridError> {
        self.check(from)?;
        self.check(to)?;
        Ok(clear(self, from, to, rule, u32::MAX))
    }

    /// The waypoints of `path` that an agent needs when it walks straight from one to the next:
    /// the first and the last, and from each kept waypoint the furthest later one it sees (see
    /// [Smoothing](crate::grid#smoothing): furthest waypoint in sight, corners by
    /// `rule`, no shortcut across terrain heavier than the stretch it replaces). Pass the rule
    /// the path was searched under.
    ///
    /// Any list of cells is accepted: a path of adjacent cells from A*, the fast grid loop or
    /// Jump Point Search, jump points, waypoints of one's own. An empty or one-cell path comes
    /// back unchanged. Fails with [`GridError::OutOfBounds`] when a waypoint is outside the grid.
    /// [`Grid::smooth_into`] writes into a buffer of the caller's instead.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::SearchContext;
    /// use pathkit::Pathfinder;
    ///
    /// let grid = Grid::from_ascii(
    ///     "......\n\
    ///      ......\n\
    ///      ..###.\n\
    ///      ......",
    /// ).unwrap();
    /// let space = grid.eight_connected();
    /// let (start, goal) = (Cell::new(0, 3), Cell::new(5, 0));
    /// let path = space.find_path(&mut SearchContext::new(), start, goal)?.into_path().unwrap();
    /// assert_eq!(path.nodes.len(), 7);
    /// let smooth = grid.smooth(&path.nodes, space.diagonal())?;
    /// // Past the wall's end to the top row, then along it. Straight to (3, 0) would pass exactly
    /// // through the wall's top-left corner, which this rule forbids.
    /// assert_eq!(smooth, [(0, 3), (2, 0), (5, 0)].map(Cell::from));
    /// assert!(smooth.windows(2).all(|w| grid.line_of_sight(w[0], w[1], space.diagonal()).unwrap()));
    /// # Ok::<(), pathkit::grid::GridError>(())
    /// ```
    pub fn smooth(&self, path: &[Cell], rule: Diagonal) -> Result<Vec<Cell>, GridError> {
        let mut out = Vec::new();
        self.smooth_into(path, rule, &mut out)?;
        Ok(out)
    }

    /// [`Grid::smooth`] into `out`, which is cleared first (and left empty on an error). With a
    /// buffer as long as the result, smoothing allocates nothing: keep one buffer per agent or
    /// per thread and reuse it.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid, GridError};
    ///
    /// let grid = Grid::from_ascii(
    ///     "...\n\
    ///      .#.\n\
    ///      ...",
    /// ).unwrap();
    /// let rule = Diagonal::NoCornerCutting;
    /// // Around the pillar: down the left, along the bottom.
    /// let path = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)].map(Cell::from);
    /// let mut out = Vec::with_capacity(path.len());
    /// grid.smooth_into(&path, rule, &mut out)?;
    /// assert_eq!(out, [(0, 0), (0, 2), (2, 2)].map(Cell::from)); // the corner stays
    /// let outside = [Cell::new(0, 0), Cell::new(3, 0)];
    /// assert!(matches!(grid.smooth_into(&outside, rule, &mut out), Err(GridError::OutOfBounds { x: 3, .. })));
    /// assert!(out.is_empty());
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn smooth_into(
        &self,
        path: &[Cell],
        rule: Diagonal,
        out: &mut Vec<Cell>,
    ) -> Result<(), GridError> {
        out.clear();
        for &cell in path {
            self.check(cell)?;
        }
        let Some((&first, _)) = path.split_first() else {
            return Ok(());
        };
        out.push(first);
        // On a grid of one weight every stretch is as heavy as every shortcut: no weights to
        // compare.
        let uniform = self.min_weight() == self.max_weight();
        let last = path.len() - 1;
        let mut i = 0;
        while i < last {
            let mut heaviest = Heaviest::default();
            let mut next = i + 1;
            // From the end backwards: the first waypoint in sight is the furthest. The next
            // waypoint is kept whether it is in sight or not (the input's own leg).
            for j in (i + 2..=last).rev() {
                let limit = if uniform {
                    u32::MAX
                } else {
                    heaviest.weight(self, &path[i..=j])
                };
                if clear(self, path[i], path[j], rule, limit) {
                    next = j;
                    break;
                }
                heaviest.drop_last(self, path[j]);
            }
            out.push(path[next]);
            i = next;
        }
        Ok(())
    }
}

/// The heaviest weight of a stretch of waypoints that shrinks from its end, and how many of its
/// waypoints weigh that much: dropping a lighter waypoint changes nothing, and only dropping the
/// last of the heaviest makes it count again.
#[derive(Default)]
struct Heaviest {
    /// `None` until counted, and again once the last of the heaviest is dropped.
    weight: Option<u32>,
    count: usize,
}

impl Heaviest {
    /// The heaviest weight of `stretch`, the current stretch.
    fn weight(&mut self, grid: &Grid, stretch: &[Cell]) -> u32 {
        if let Some(w) = self.weight {
            return w;
        }
        let w = stretch.iter().map(|&c| grid.weight(c)).max().unwrap_or(0);
        self.weight = Some(w);
        self.count = stretch.iter().filter(|&&c| grid.weight(c) == w).count();
        w
    }

    /// `cell`, the last waypoint of the stretch, is no longer part of it.
    fn drop_last(&mut self, grid: &Grid, cell: Cell) {
        if self.weight == Some(grid.weight(cell)) {
            self.count -= 1;
            if self.count == 0 {
                self.weight = None;
            }
        }
    }
}

/// Whether the segment between the centres of `a` and `b` (both inside the grid) crosses only
/// free cells of weight at most `limit`, and passes corners as `rule` allows (walls only: a
/// corner's side cells are touched at one point, not crossed).
///
/// The walk visits every cell whose interior the segment crosses, in order. With the centres at
/// `(x + ½, y + ½)`, the segment crosses its `i`-th vertical grid line after
/// `(2i + 1) / (2 nx)` of its length and its `j`-th horizontal one after `(2j + 1) / (2 ny)`;
/// `err = (2i + 1) ny - (2j + 1) nx` compares the two without division: negative, the vertical
/// line comes first (a step in `x`); positive, the horizontal one (a step in `y`); zero, both
/// at once, through a corner (a diagonal step).
fn clear(grid: &Grid, a: Cell, b: Cell, rule: Diagonal, limit: u32) -> bool {
    let weights = grid.weights();
    let width = grid.width() as i64;
    // Both coordinates are inside the grid, so the index is too.
    let weight = |x: i64, y: i64| weights[(y * width + x) as usize];
    let crossable = |x: i64, y: i64| {
        let w = weight(x, y);
        w != 0 && w <= limit
    };
    let (mut x, mut y) = (a.x as i64, a.y as i64);
    if !crossable(x, y) {
        return false;
    }
    let (nx, ny) = (a.x.abs_diff(b.x) as i64, a.y.abs_diff(b.y) as i64);
    let sx = if b.x > a.x { 1 } else { -1 };
    let sy = if b.y > a.y { 1 } else { -1 };
    let (mut i, mut j) = (0i64, 0i64);
    // Below 2^33 in magnitude: nx and ny are below 2^32.
    let mut err = ny - nx;
    while i < nx || j < ny {
        if err == 0 {
            let beside = (weight(x + sx, y) == 0, weight(x, y + sy) == 0);
            let refused = match rule {
                Diagonal::Never | Diagonal::NoCornerCutting => beside.0 || beside.1,
                Diagonal::CornerCutting => beside.0 && beside.1,
                Diagonal::Always => false,
            };
            if refused {
                return false;
            }
            (x, y, i, j) = (x + sx, y + sy, i + 1, j + 1);
            err += 2 * (ny - nx);
        } else if err < 0 {
            (x, i) = (x + sx, i + 1);
            err += 2 * ny;
        } else {
            (y, j) = (y + sy, j + 1);
            err -= 2 * nx;
        }
        if !crossable(x, y) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: [Diagonal; 4] = [
        Diagonal::Never,
        Diagonal::NoCornerCutting,
        Diagonal::CornerCutting,
        Diagonal::Always,
    ];

    fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
        list.iter().map(|&c| Cell::from(c)).collect()
    }

    /// Whether `a` and `b` see each other under `rule`, asked both ways (sight is symmetric).
    fn sees(grid: &Grid, a: (u32, u32), b: (u32, u32), rule: Diagonal) -> bool {
        let there = grid.line_of_sight(a.into(), b.into(), rule).unwrap();
        let back = grid.line_of_sight(b.into(), a.into(), rule).unwrap();
        assert_eq!(there, back, "{a:?} {b:?} {rule:?}");
        there
    }

    #[test]
    fn a_straight_corridor_collapses_to_its_ends() {
        let grid = Grid::from_ascii("#######\n.......\n#######").unwrap();
        let path: Vec<Cell> = (0..7).map(|x| Cell::new(x, 1)).collect();
        for rule in RULES {
            assert_eq!(grid.smooth(&path, rule).unwrap(), cells(&[(0, 1), (6, 1)]));
        }
    }

    #[test]
    fn an_l_shaped_room_keeps_its_corner() {
        let grid = Grid::from_ascii(
            "...###\n\
             ...###\n\
             ......\n\
             ......",
        )
        .unwrap();
        // Down the left, along the bottom: the far ends cannot see each other past the block.
        let path = cells(&[(1, 0), (1, 1), (1, 2), (2, 3), (3, 3), (4, 3), (5, 3)]);
        let smooth = grid.smooth(&path, Diagonal::NoCornerCutting).unwrap();
        assert_eq!(smooth.len(), 3, "{smooth:?}");
        assert_eq!((smooth[0], smooth[2]), (Cell::new(1, 0), Cell::new(5, 3)));
        // The furthest waypoint (1, 0) sees: (1, 0) -> (3, 3) passes below the block's corner,
        // (1, 0) -> (4, 3) exactly through it, beside the wall (3, 1).
        assert!(!sees(&grid, (1, 0), (5, 3), Diagonal::Always));
        assert!(!sees(&grid, (1, 0), (4, 3), Diagonal::NoCornerCutting));
        assert!(sees(&grid, (1, 0), (4, 3), Diagonal::CornerCutting));
        assert_eq!(smooth[1], Cell::new(3, 3));
    }

    #[test]
    fn a_wall_corner_is_passed_as_the_rule_says() {
        // (1, 0) -> (3, 2) passes exactly through the corner of (1, 1) and (2, 0) at (2, 1).
        let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
        assert!(!sees(&grid, (1, 0), (3, 2), Diagonal::Never));
        assert!(!sees(&grid, (1, 0), (3, 2), Diagonal::NoCornerCutting));
        assert!(sees(&grid, (1, 0), (3, 2), Diagonal::CornerCutting));
        assert!(sees(&grid, (1, 0), (3, 2), Diagonal::Always));
        // A diagonal move past the wall is the shortest such segment.
        assert!(!sees(&grid, (1, 0), (2, 1), Diagonal::NoCornerCutting));
        assert!(sees(&grid, (1, 0), (2, 1), Diagonal::CornerCutting));
        // (0, 0) -> (3, 1) passes exactly through the same corner; (1, 0) -> (3, 1) misses it.
        assert!(!sees(&grid, (0, 0), (3, 1), Diagonal::NoCornerCutting));
        assert!(sees(&grid, (0, 0), (3, 1), Diagonal::CornerCutting));
        assert!(sees(&grid, (1, 0), (3, 1), Diagonal::Never));
        // A wider map, the wall at (3, 1): (0, 0) -> (7, 1) passes exactly through its top-right
        // corner, (0, 0) -> (8, 1) misses it by a sixteenth of a cell, and (0, 0) -> (6, 1)
        // clips its interior.
        let grid = Grid::from_ascii(".........\n...#.....\n.........").unwrap();
        assert!(!sees(&grid, (0, 0), (7, 1), Diagonal::NoCornerCutting));
        assert!(sees(&grid, (0, 0), (7, 1), Diagonal::CornerCutting));
        for rule in RULES {
            assert!(sees(&grid, (0, 0), (8, 1), rule));
            assert!(!sees(&grid, (0, 0), (6, 1), rule));
        }
    }

    #[test]
    fn no_squeezing_between_two_diagonal_walls_unless_anything_goes() {
        let grid = Grid::from_ascii("...\n.#.\n#..\n...").unwrap();
        // (0, 1) -> (1, 2) passes the corner at (1, 2) between the walls (1, 1) and (0, 2).
        assert!(!sees(&grid, (0, 1), (1, 2), Diagonal::Never));
        assert!(!sees(&grid, (0, 1), (1, 2), Diagonal::NoCornerCutting));
        assert!(!sees(&grid, (0, 1), (1, 2), Diagonal::CornerCutting));
        assert!(sees(&grid, (0, 1), (1, 2), Diagonal::Always));
        // Longer, through the same gap.
        assert!(!sees(&grid, (0, 1), (2, 3), Diagonal::CornerCutting));
        assert!(sees(&grid, (0, 1), (2, 3), Diagonal::Always));
    }

    #[test]
    fn a_path_right_beside_a_wall_is_straightened() {
        let grid = Grid::from_ascii(
            "........\n\
             .######.\n\
             ........",
        )
        .unwrap();
        let path: Vec<Cell> = (0..8).map(|x| Cell::new(x, 0)).collect();
        for rule in RULES {
            assert_eq!(grid.smooth(&path, rule).unwrap(), cells(&[(0, 0), (7, 0)]));
        }
        // Beside a wall's side, column-wise too.
        let grid = Grid::from_ascii(".#\n.#\n.#").unwrap();
        assert!(sees(&grid, (0, 0), (0, 2), Diagonal::Never));
    }

    #[test]
    fn the_furthest_waypoint_in_sight_is_taken_not_the_last_of_a_visible_run() {
        let grid = Grid::from_ascii(
            ".....\n\
             .#...\n\
             .....",
        )
        .unwrap();
        // Down around the pillar and back up: (0, 0) loses sight of the path at (1, 2) and finds
        // it again at (2, 0).
        let path = cells(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 2),
            (2, 2),
            (2, 1),
            (2, 0),
            (3, 0),
            (4, 0),
        ]);
        assert!(!sees(&grid, (0, 0), (1, 2), Diagonal::Always));
        assert_eq!(
            grid.smooth(&path, Diagonal::NoCornerCutting).unwrap(),
            cells(&[(0, 0), (4, 0)])
        );
    }

    #[test]
    fn shortcuts_cross_no_terrain_heavier_than_the_stretch_they_replace() {
        // A road of weight 1 around a swamp of weight 5.
        let grid = Grid::from_ascii(
            "....\n\
             .55.\n\
             .55.\n\
             ....",
        )
        .unwrap();
        let around = cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3)]);
        let smooth = grid.smooth(&around, Diagonal::Always).unwrap();
        assert_eq!(smooth, cells(&[(0, 0), (0, 3), (3, 3)]));
        // Sight itself is walls only.
        assert!(sees(&grid, (0, 0), (3, 3), Diagonal::NoCornerCutting));
        // A path through the swamp is straightened inside it, and across into lighter ground.
        let through = cells(&[(1, 0), (1, 1), (1, 2), (2, 2), (3, 3)]);
        assert_eq!(
            grid.smooth(&through, Diagonal::Always).unwrap(),
            cells(&[(1, 0), (3, 3)])
        );
        // The stretch from (0, 0) to the goal, a 5, may cross 5s, but the goal is not in sight
        // (the wall); once the goal is dropped from the stretch, its heaviest is 1 and the
        // diagonal through the 5 at (1, 1) is refused. From (0, 2) the goal is in sight again.
        let grid = Grid::from_ascii(".#5\n.5.\n...").unwrap();
        let path = cells(&[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]);
        assert_eq!(
            grid.smooth(&path, Diagonal::Always).unwrap(),
            cells(&[(0, 0), (0, 2), (2, 0)])
        );
    }

    #[test]
    fn short_paths_come_back_unchanged_and_outside_cells_are_errors() {
        let grid = Grid::from_ascii("..\n..").unwrap();
        let mut out = cells(&[(1, 1)]);
        grid.smooth_into(&[], Diagonal::Never, &mut out).unwrap();
        assert!(out.is_empty());
        assert_eq!(
            grid.smooth(&cells(&[(1, 0)]), Diagonal::Never).unwrap(),
            cells(&[(1, 0)])
        );
        assert_eq!(
            grid.smooth(&cells(&[(1, 0), (1, 0)]), Diagonal::Never)
                .unwrap(),
            cells(&[(1, 0), (1, 0)])
        );
        let outside = GridError::OutOfBounds {
            x: 0,
            y: 2,
            width: 2,
            height: 2,
        };
        assert_eq!(
            grid.smooth(&cells(&[(0, 2)]), Diagonal::Never),
            Err(outside.clone())
        );
        assert_eq!(
            grid.smooth(&cells(&[(0, 0), (1, 1), (0, 2)]), Diagonal::Never),
            Err(outside.clone())
        );
        let far = Cell::new(u32::MAX, u32::MAX);
        assert!(grid
            .line_of_sight(far, Cell::new(0, 0), Diagonal::Always)
            .is_err());
        assert_eq!(
            grid.line_of_sight(Cell::new(0, 0), Cell::new(0, 2), Diagonal::Always),
            Err(outside)
        );
    }

    #[test]
    fn walls_at_the_ends_see_nothing_and_legs_without_sight_are_kept() {
        let grid = Grid::from_ascii("..#\n...").unwrap();
        for rule in RULES {
            assert!(sees(&grid, (0, 0), (0, 0), rule));
            assert!(!sees(&grid, (2, 0), (2, 0), rule));
            assert!(!sees(&grid, (0, 0), (2, 0), rule));
        }
        // A list of jump points whose legs turn: the legs stay, none is made worse.
        let grid = Grid::from_ascii("...\n##.\n...").unwrap();
        let jumps = cells(&[(0, 0), (2, 1), (0, 2)]);
        assert_eq!(
            grid.smooth(&jumps, Diagonal::NoCornerCutting).unwrap(),
            jumps
        );
        // A path through a wall (a ghost's): the wall's legs stay as they were.
        let ghost = cells(&[(0, 0), (0, 1), (1, 1), (2, 1)]);
        assert_eq!(
            grid.smooth(&ghost, Diagonal::Always).unwrap(),
            cells(&[(0, 0), (0, 1), (1, 1), (2, 1)])
        );
    }

    #[test]
    fn long_segments_keep_exact_arithmetic() {
        // A thin map as wide as a map may be wide: the walk's error term stays exact.
        let grid = Grid::from_fn(1 << 20, 3, |c| u32::from(c != Cell::new(1 << 19, 1))).unwrap();
        let (a, b) = ((0, 0), ((1 << 20) - 1, 2));
        // The segment crosses row 1 around x = 2^19: through the wall.
        assert!(!sees(&grid, a, b, Diagonal::Always));
        assert!(sees(&grid, (0, 0), ((1 << 20) - 1, 0), Diagonal::Never));
    }
}
