//! [`Building`]: floors that are tile maps and floors that are open ground (navigation
//! meshes), joined by doorways (stairs, lifts, ladders, teleporters), searched as one.

use super::LevelError;
use crate::geometry::Point;
use crate::grid::{Cell, Grid};
use crate::hops::cheapest_route;
use crate::navmesh::{AnyAngleSearch, NavMesh};
use crate::search::{SearchContext, SearchOptions, Status};
use crate::{Ends, Goal, Pathfinder, Unsupported};

/// One floor of a [`Building`].
#[derive(Clone, Debug)]
pub enum Floor {
    /// A tile map, searched 8-connected under the Moving AI rules (straight moves 1, diagonal
    /// ones √2, no corner cutting; times the weight of the cell entered). Cell `(x, y)` is the
    /// square from `(x, y)` to `(x + 1, y + 1)`.
    Tiles(Grid),
    /// Open ground among obstacles, searched for the shortest any-angle path.
    Open(NavMesh),
}

/// A point on a floor of a [`Building`]: on a tile floor it stands for the cell that holds it
/// (paths list cell centres there), on an open floor for itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// The floor, an index into the building's floors.
    pub floor: u32,
    /// Where on it.
    pub at: Point,
}

impl Spot {
    /// The point (`x`, `y`) of floor `floor`.
    #[must_use]
    pub const fn new(floor: u32, x: f64, y: f64) -> Spot {
        Spot {
            floor,
            at: Point::new(x, y),
        }
    }
}

/// A way between two spots of a [`Building`] (on one floor or two) at a cost of its own: stairs,
/// a lift, a ladder, a teleporter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Doorway {
    /// Where it is entered.
    pub from: Spot,
    /// Where it leads.
    pub to: Spot,
    /// What taking it costs: finite and not negative.
    pub cost: f64,
    /// Whether it may also be taken from `to` to `from`.
    pub two_way: bool,
}

/// Floors of tiles and floors of open ground joined by doorways, searched as one: the cheapest
/// path from a spot of one floor to a spot of another, walking each floor as that floor is
/// searched (A* on tiles, the optimal any-angle search on open ground) and taking the doorways
/// where they pay. A [`LevelMap`](super::LevelMap) holds tile floors only; a building mixes them.
///
/// The search is Dijkstra's over the start and the doorways' exits, each step a search of one
/// floor from there to a doorway's entry (or to the goal, the nearest of several goals with
/// [`Goal::AnyOf`]) plus the doorway's cost, pruned by lower bounds of the walks (the straight
/// line on open floors, the octile distance on tiles); so paths are the cheapest the floors'
/// own searches give. At most (n + 1)^2 floor searches for n doorways in service.
///
/// ```
/// use pathkit::geometry::{Point, Polygon};
/// use pathkit::grid::Grid;
/// use pathkit::levels::{Building, BuildingSearch, Doorway, Floor, Spot};
/// use pathkit::navmesh::NavMesh;
/// use pathkit::Pathfinder;
///
/// // A hall of tiles downstairs, a courtyard of open ground with a fountain upstairs.
/// let hall = Grid::from_ascii("......\n.####.\n......")?;
/// let p = Point::new;
/// let fountain = Polygon::new(vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)]);
/// let yard = NavMesh::from_obstacles(&[fountain], 0.0, p(0.0, 0.0), p(10.0, 10.0))?;
/// let mut building = Building::new(vec![Floor::Tiles(hall), Floor::Open(yard)])?;
/// // Stairs from the hall's corner cell (5, 2) to the yard's point (1, 1).
/// building.add_doorway(Doorway { from: Spot::new(0, 5.5, 2.5), to: Spot::new(1, 1.0, 1.0), cost: 3.0, two_way: true })?;
/// let mut ctx = BuildingSearch::default();
/// let path = building.find_path(&mut ctx, Spot::new(0, 0.5, 0.5), Spot::new(1, 9.0, 9.0))?.into_path().unwrap();
/// // 5 along the hall and 2 down its side, the stairs, then round the fountain's corner.
/// let round = 2.0 * (3.0f64 * 3.0 + 5.0 * 5.0).sqrt();
/// assert!((path.cost - (5.0 + 2.0 + 3.0 + round)).abs() < 1e-9);
/// assert_eq!(path.nodes.last(), Some(&Spot::new(1, 9.0, 9.0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Building {
    floors: Vec<Floor>,
    /// Each doorway and whether it is in service.
    doorways: Vec<(Doorway, bool)>,
}

/// The memory a [`Building`]'s searches reuse: a grid search's and an any-angle search's.
#[derive(Debug, Default)]
pub struct BuildingSearch {
    grid: SearchContext<f64>,
    mesh: AnyAngleSearch,
}

impl Building {
    /// A building of `floors` and no doorway.
    ///
    /// # Errors
    /// [`LevelError::NoFloors`] for none, [`LevelError::TooManyFloors`] for more than a `u32`
    /// numbers.
    pub fn new(floors: Vec<Floor>) -> Result<Building, LevelError> {
        if floors.is_empty() {
            return Err(LevelError::NoFloors);
        }
        if u32::try_from(floors.len()).is_err() {
            return Err(LevelError::TooManyFloors {
                count: floors.len(),
            });
        }
        Ok(Building {
            floors,
            doorways: Vec::new(),
        })
    }

    /// The floors.
    #[must_use]
    pub fn floors(&self) -> &[Floor] {
        &self.floors
    }

    /// Adds a doorway, in service; its number, for
    /// [`set_doorway_enabled`](Self::set_doorway_enabled).
    ///
    /// # Errors
    /// [`LevelError::InvalidPortalCost`] for a cost that is negative or not finite;
    /// [`LevelError::NoSuchFloor`], or [`LevelError::OffFloor`] for an end nobody can stand
    /// on (outside its floor, on a wall, off the mesh). Nothing is added then.
    pub fn add_doorway(&mut self, doorway: Doorway) -> Result<usize, LevelError> {
        if !(doorway.cost.is_finite() && doorway.cost >= 0.0) {
            return Err(LevelError::InvalidPortalCost { cost: doorway.cost });
        }
        self.check(doorway.from)?;
        self.check(doorway.to)?;
        self.doorways.push((doorway, true));
        Ok(self.doorways.len() - 1)
    }

    /// Puts doorway `k` in or out of service; `false` (and no change) when there is none.
    pub fn set_doorway_enabled(&mut self, k: usize, enabled: bool) -> bool {
        match self.doorways.get_mut(k) {
            Some(d) => {
                d.1 = enabled;
                true
            }
            None => false,
        }
    }

    /// The doorways, each with whether it is in service.
    pub fn doorways(&self) -> impl Iterator<Item = (&Doorway, bool)> + '_ {
        self.doorways.iter().map(|(d, on)| (d, *on))
    }

    /// `spot` if someone can stand there.
    fn check(&self, spot: Spot) -> Result<(), LevelError> {
        let off = LevelError::OffFloor {
            floor: spot.floor,
            x: spot.at.x,
            y: spot.at.y,
        };
        match self.floors.get(spot.floor as usize) {
            None => Err(LevelError::NoSuchFloor { floor: spot.floor }),
            Some(Floor::Tiles(grid)) => match cell_of(grid, spot.at) {
                Some(c) if grid.is_passable(c) => Ok(()),
                _ => Err(off),
            },
            Some(Floor::Open(mesh)) => {
                if spot.at.is_finite() && mesh.triangle_at(spot.at).is_some() {
                    Ok(())
                } else {
                    Err(off)
                }
            }
        }
    }

    /// The cheapest walk on one floor from `a` to `b` (both on it, checked): its cost and the
    /// spots it passes; `None` when there is none.
    fn walk(
        &self,
        ctx: &mut BuildingSearch,
        a: Spot,
        b: Spot,
    ) -> Result<Option<(f64, Vec<Spot>)>, LevelError> {
        let floor = a.floor;
        let spot = |at: Point| Spot { floor, at };
        match &self.floors[floor as usize] {
            Floor::Tiles(grid) => {
                let (from, to) = (cell_of(grid, a.at), cell_of(grid, b.at));
                let (Some(from), Some(to)) = (from, to) else {
                    return Ok(None);
                };
                let found = grid.eight_connected().find_path(&mut ctx.grid, from, to)?;
                Ok(found.into_path().map(|p| {
                    let spots = p.nodes.iter().map(|c| spot(centre(*c))).collect();
                    (p.cost, spots)
                }))
            }
            Floor::Open(mesh) => {
                let found = mesh
                    .find_path(&mut ctx.mesh, a.at, b.at)
                    .map_err(LevelError::NavMesh)?;
                Ok(found
                    .into_path()
                    .map(|p| (p.cost, p.nodes.into_iter().map(spot).collect())))
            }
        }
    }

    /// A lower bound of the walk from `a` to `b` on their floor: the straight line on open
    /// ground; on tiles the octile distance between their cells times the lightest weight.
    fn bound(&self, a: Spot, b: Spot) -> f64 {
        match &self.floors[a.floor as usize] {
            Floor::Open(_) => a.at.distance(b.at),
            Floor::Tiles(grid) => {
                let (Some(p), Some(q)) = (cell_of(grid, a.at), cell_of(grid, b.at)) else {
                    return 0.0;
                };
                let (dx, dy) = (p.x.abs_diff(q.x) as f64, p.y.abs_diff(q.y) as f64);
                let octile = dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy);
                octile * f64::from(grid.min_weight().max(1))
            }
        }
    }
}

/// The cell of `grid` that holds `p`, if any.
fn cell_of(grid: &Grid, p: Point) -> Option<Cell> {
    if !(p.x >= 0.0
        && p.y >= 0.0
        && p.x < f64::from(grid.width())
        && p.y < f64::from(grid.height()))
    {
        return None;
    }
    Some(Cell::new(p.x as u32, p.y as u32))
}

/// The centre of a cell.
fn centre(c: Cell) -> Point {
    Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
}

impl Pathfinder for Building {
    type Node = Spot;
    type Cost = f64;
    type Context = BuildingSearch;
    type Error = LevelError;

    /// Both ends where someone can stand ([`LevelError::OffFloor`] otherwise).
    fn check_ends(&self, start: Spot, goal: Spot) -> Result<Ends, LevelError> {
        self.check(start)?;
        self.check(goal)?;
        Ok(Ends::Open)
    }

    fn find_path_into(
        &self,
        ctx: &mut BuildingSearch,
        start: Spot,
        to: Goal<'_, Spot>,
        options: &SearchOptions<f64>,
        path: &mut Vec<Spot>,
    ) -> Result<Status<f64>, LevelError> {
        Unsupported::check_plain(options, false).map_err(LevelError::Unsupported)?;
        path.clear();
        let goals: &[Spot] = match to {
            Goal::Node(ref goal) => std::slice::from_ref(goal),
            Goal::AnyOf(goals) => goals,
            Goal::Matching(_) => return Err(LevelError::Unsupported(Unsupported::GoalTest)),
        };
        self.check(start)?;
        for &goal in goals {
            self.check(goal)?;
        }
        // Each way a doorway in service may be taken: (entry, exit, cost).
        let mut ways: Vec<(Spot, Spot, f64)> = Vec::new();
        for (d, on) in &self.doorways {
            if *on {
                ways.push((d.from, d.to, d.cost));
                if d.two_way {
                    ways.push((d.to, d.from, d.cost));
                }
            }
        }
        // A walk to a doorway's entry, or to the cheapest goal on the floor.
        let walk = |from: Spot, to: Option<Spot>| -> Result<Option<(f64, Vec<Spot>)>, LevelError> {
            let targets = match to {
                Some(entry) => vec![entry],
                None => goals.to_vec(),
            };
            let mut best: Option<(f64, Vec<Spot>)> = None;
            for target in targets.into_iter().filter(|t| t.floor == from.floor) {
                if let Some((cost, spots)) = self.walk(ctx, from, target)? {
                    if best.as_ref().is_none_or(|b| cost < b.0) {
                        best = Some((cost, spots));
                    }
                }
            }
            Ok(best)
        };
        let bound = |a: Spot, b: Spot| {
            if a.floor == b.floor {
                self.bound(a, b)
            } else {
                f64::INFINITY
            }
        };
        let to_goal = |here: Spot| {
            goals
                .iter()
                .map(|&g| bound(here, g))
                .fold(f64::INFINITY, f64::min)
        };
        let Some((cost, spots)) = cheapest_route(start, &ways, walk, to_goal, bound)? else {
            return Ok(Status::Unreachable);
        };
        *path = spots;
        Ok(Status::Found { cost })
    }
}
