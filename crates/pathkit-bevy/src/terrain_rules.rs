//! [`TerrainRules`]: how one kind of agent sees a grid's terrain.

use pathkit::grid::{Cell, Grid, TileRules};
use std::sync::Arc;

/// How one kind of agent sees a [`GridMap`](crate::GridMap)'s terrain, by the grid's weights:
/// weights it may not enter (water for walkers) and weights it enters at another cost (roads
/// cheap for carts, walls passable at a cost for ghosts). Weights not named keep the grid's
/// meaning; the default names none (the map's own rules). Put them on a
/// [`PathRequest`](crate::PathRequest) with
/// [`with_rules`](crate::PathRequest::with_rules): one map serves every kind of agent.
///
/// The rules are pathkit's [`TileRules`], so a search under them is A* over the grid's general
/// loop (whatever the map's [`GridEngine`](crate::GridEngine): Jump Point Search and JPS+ price
/// the grid's own weights only). Cloning them is a pointer copy.
///
/// ```
/// use pathkit::grid::{Cell, Diagonal, Grid};
/// use pathkit_bevy::{search_to_end, GridMap, PathRequest, TerrainRules};
///
/// // Weight 5 is water, # a wall.
/// let grid = Grid::from_ascii(".5.\n.#.\n...")?;
/// let map = GridMap::new(grid, Diagonal::Never);
/// let (a, b) = (Cell::new(0, 0), Cell::new(2, 0));
/// let walker = PathRequest::new(a, b).with_rules(TerrainRules::new().forbid(5));
/// let swimmer = PathRequest::new(a, b).with_rules(TerrainRules::new().cost(5, 1));
/// let ghost = PathRequest::new(a, b).with_rules(TerrainRules::new().forbid(5).cost(0, 2));
/// let cost = |request| search_to_end(&map, &mut Default::default(), &request).map(|(_, c)| c);
/// assert_eq!(cost(walker)?, 6.0); // round the wall
/// assert_eq!(cost(swimmer)?, 2.0); // through the water
/// assert_eq!(cost(ghost)?, 5.0); // through the wall: 1 + 2 + 1 + 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TerrainRules {
    /// `(grid weight, this agent's weight)`, sorted by the grid's weight, each named once.
    costs: Arc<[(u32, u32)]>,
}

impl TerrainRules {
    /// The map's own rules: every weight as the grid says.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same rules, with cells of grid weight `weight` entered at `cost` (0: not at all).
    /// Weight 0 is a wall: a cost for it lets the agent through walls.
    ///
    /// ```
    /// use pathkit_bevy::TerrainRules;
    ///
    /// let road = TerrainRules::new().cost(3, 1);
    /// assert_eq!((road.weight_for(3), road.weight_for(2), road.weight_for(0)), (1, 2, 0));
    /// ```
    #[must_use]
    pub fn cost(self, weight: u32, cost: u32) -> Self {
        let mut costs: Vec<(u32, u32)> = self.costs.iter().copied().collect();
        match costs.binary_search_by_key(&weight, |&(w, _)| w) {
            Ok(i) => costs[i].1 = cost,
            Err(i) => costs.insert(i, (weight, cost)),
        }
        TerrainRules {
            costs: costs.into(),
        }
    }

    /// The same rules, with cells of grid weight `weight` not entered at all.
    ///
    /// ```
    /// use pathkit_bevy::TerrainRules;
    ///
    /// assert_eq!(TerrainRules::new().forbid(5).weight_for(5), 0);
    /// ```
    #[must_use]
    pub fn forbid(self, weight: u32) -> Self {
        self.cost(weight, 0)
    }

    /// What entering a cell of grid weight `weight` costs this agent (0: it cannot).
    pub fn weight_for(&self, weight: u32) -> u32 {
        match self.costs.binary_search_by_key(&weight, |&(w, _)| w) {
            Ok(i) => self.costs[i].1,
            Err(_) => weight,
        }
    }

    /// `true` for the map's own rules (no weight renamed).
    pub fn is_own(&self) -> bool {
        self.costs.iter().all(|&(w, c)| w == c)
    }
}

impl TileRules for TerrainRules {
    #[inline]
    fn weight(&self, grid: &Grid, cell: Cell) -> u32 {
        self.weight_for(grid.weight(cell))
    }

    /// The lightest of the grid's weights and of the costs the rules give: no cell costs the
    /// agent less.
    fn min_weight(&self, grid: &Grid) -> u32 {
        self.costs
            .iter()
            .map(|&(_, c)| c)
            .filter(|&c| c > 0)
            .fold(grid.min_weight().max(1), u32::min)
    }
}
