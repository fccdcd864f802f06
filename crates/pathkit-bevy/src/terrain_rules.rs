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
    /// The agent's side in cells, 0 or 1 for one cell.
    size: u8,
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
            size: self.size,
        }
    }

    /// The same rules for an agent `size` cells wide and high (its top-left corner on the
    /// path's cells): it enters only cells where its whole square fits on cells these rules let
    /// it enter, and moves diagonally without cutting corners only where it fits beside both
    /// cells it passes. The map must keep clearance for it
    /// ([`GridMap::with_agent_sizes`](crate::GridMap::with_agent_sizes)).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Diagonal, Grid};
    /// use pathkit_bevy::{search_to_end, GridMap, PathRequest, TerrainRules};
    ///
    /// // A door one cell wide; a passage two wide at the right.
    /// let grid = Grid::from_ascii("........\n........\n###.##..\n........\n........")?;
    /// let map = GridMap::new(grid, Diagonal::Never).with_agent_sizes(2);
    /// let trip = PathRequest::new(Cell::new(3, 0), Cell::new(3, 3));
    /// let cost = |request| search_to_end(&map, &mut Default::default(), &request).map(|(_, c)| c);
    /// assert_eq!(cost(trip.clone())?, 3.0); // through the door
    /// let ogre = trip.with_rules(TerrainRules::new().size(2));
    /// assert_eq!(cost(ogre)?, 9.0); // round by the passage: 3 right, 3 down, 3 back
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn size(mut self, size: u8) -> Self {
        self.size = size;
        self
    }

    /// The agent's side in cells (1 unless told).
    pub fn agent_size(&self) -> u8 {
        self.size.max(1)
    }

    /// The same rules for an agent one cell wide: what the map's clearance for these rules is
    /// computed under.
    pub(crate) fn one_cell(&self) -> Self {
        TerrainRules {
            costs: Arc::clone(&self.costs),
            size: 1,
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

    /// `true` for the map's own rules (no weight renamed, one cell wide).
    pub fn is_own(&self) -> bool {
        self.agent_size() == 1 && self.costs.iter().all(|&(w, c)| w == c)
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
