//! [`LiveSearch`]: a pathkit [`Stepper`] kept between calls from the page.
//!
//! The page steps a search over many frames, one call at a time. A `Stepper` holds only the
//! loop's own state and is lent the context and the space on every call, so this type simply owns
//! the grid, the context, the stepper, and the recipe that builds the space on the grid; each call
//! builds the space (a few numbers over a borrowed grid) and lends it.

use crate::PlaygroundError;
use pathkit::grid::{Cell, Grid, GridError, GridSpace};
use pathkit::search::{NodeView, SearchContext, SearchOptions, StepEvent, Stepper};

/// How the search's space is made on its grid.
type SpaceRecipe = Box<dyn for<'g> Fn(&'g Grid) -> Result<GridSpace<'g, f64>, GridError>>;

/// A step-by-step A* (or Dijkstra, weighted A*, breadth-first) search on its own copy of a grid.
pub struct LiveSearch {
    grid: Grid,
    space: SpaceRecipe,
    ctx: SearchContext<f64>,
    stepper: Stepper<Cell, f64>,
}

impl std::fmt::Debug for LiveSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveSearch").finish_non_exhaustive()
    }
}

/// What one step did.
#[derive(Clone, Debug, PartialEq)]
pub enum Stepped {
    /// This cell was taken off the open list and its neighbours looked at.
    Expanded(Cell),
    /// The search is over: the path (start first) and its cost, or `None` when there is none.
    Finished(Option<(Vec<Cell>, f64)>),
}

impl LiveSearch {
    /// Prepares a search on `grid` (copied into the search) from `start` to `goal`, in the space
    /// `make_space` builds on it (called again on every step: it must build the same space).
    ///
    /// # Errors
    ///
    /// The space's or the search's refusal (a cell outside the grid, a bad weight).
    pub fn new(
        grid: Grid,
        make_space: impl for<'g> Fn(&'g Grid) -> Result<GridSpace<'g, f64>, GridError> + 'static,
        start: Cell,
        goal: Cell,
        options: SearchOptions<f64>,
    ) -> Result<LiveSearch, PlaygroundError> {
        let mut ctx = SearchContext::new();
        let stepper = Stepper::new(&mut ctx, &make_space(&grid)?, start, goal, options)?;
        Ok(LiveSearch {
            grid,
            space: Box::new(make_space),
            ctx,
            stepper,
        })
    }

    /// One expansion, or the outcome once the search is over.
    ///
    /// # Errors
    ///
    /// The search's refusal (a cost that overflowed, for one).
    pub fn step(&mut self) -> Result<Stepped, PlaygroundError> {
        let space = (self.space)(&self.grid)?;
        match self.stepper.step(&mut self.ctx, &space)? {
            StepEvent::Expanded(cell) => Ok(Stepped::Expanded(cell)),
            StepEvent::Finished(outcome) => Ok(Stepped::Finished(
                outcome.into_path().map(|p| (p.nodes, p.cost)),
            )),
        }
    }

    /// Runs `read` on the search's lists; `None` when the space cannot be made (it was made
    /// when the search started, so only a recipe that changed its mind gets here).
    fn read<T>(
        &self,
        read: impl FnOnce(&pathkit::search::StepView<'_, GridSpace<'_, f64>>) -> T,
    ) -> Option<T> {
        let space = (self.space)(&self.grid).ok()?;
        let view = self.stepper.view(&self.ctx, &space).ok()?;
        Some(read(&view))
    }

    /// The search's numbers for `cell`, if it has been reached.
    pub fn view(&self, cell: Cell) -> Option<NodeView<Cell, f64>> {
        self.read(|v| v.node_view(cell)).flatten()
    }

    /// `true` for a closed cell.
    pub fn is_closed(&self, cell: Cell) -> bool {
        self.read(|v| v.is_closed(cell)).unwrap_or(false)
    }

    /// The open list, next first.
    pub fn open_list(&self) -> Vec<NodeView<Cell, f64>> {
        self.read(|v| v.open_list()).unwrap_or_default()
    }

    /// The closed list, in the order of expansion.
    pub fn closed_list(&self) -> Vec<NodeView<Cell, f64>> {
        self.read(|v| v.closed_list()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathkit::grid::Diagonal;

    #[test]
    fn steps_to_the_end_and_frees_cleanly() {
        let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
        let mut live = LiveSearch::new(
            grid,
            |g| g.space(Diagonal::Never, 1.0, 1.0),
            Cell::new(0, 0),
            Cell::new(2, 2),
            SearchOptions::new(),
        )
        .unwrap();
        let mut expanded = 0;
        let found = loop {
            match live.step().unwrap() {
                Stepped::Expanded(_) => expanded += 1,
                Stepped::Finished(found) => break found,
            }
        };
        assert_eq!(found.unwrap().1, 4.0);
        assert!(expanded >= 4);
        assert!(live.is_closed(Cell::new(0, 0)));
        assert_eq!(live.view(Cell::new(0, 0)).unwrap().g, 0.0);
    }

    #[test]
    fn a_refused_query_is_an_error_not_a_panic() {
        let grid = Grid::new(2, 2).unwrap();
        let err = LiveSearch::new(
            grid,
            |g| g.space(Diagonal::Never, 1.0, 1.0),
            Cell::new(0, 0),
            Cell::new(5, 5),
            SearchOptions::new(),
        )
        .unwrap_err();
        assert!(matches!(err, PlaygroundError::Search(_)), "{err}");
        let err = LiveSearch::new(
            Grid::new(2, 2).unwrap(),
            |_| {
                Err(GridError::Empty {
                    width: 0,
                    height: 0,
                })
            },
            Cell::new(0, 0),
            Cell::new(1, 1),
            SearchOptions::new(),
        )
        .unwrap_err();
        assert!(matches!(
            err,
            PlaygroundError::Grid(GridError::Empty { .. })
        ));
    }
}
