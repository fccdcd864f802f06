//! [`LiveSearch`]: a pathkit [`Stepper`] kept between calls from the page.
//!
//! A `Stepper` borrows its search context and its space (which borrows the grid) for as long as
//! it lives, and the page steps it over many frames, one call at a time. Rust's borrows cannot
//! outlive a call, so this type owns the three on the heap and hands the stepper references to
//! them. That is the one piece of `unsafe` here; its invariants are local to this file:
//!
//! - the grid, space and context are boxed once and never moved or touched again until drop;
//! - the stepper is the only user of those references, and it is dropped before the boxes are
//!   freed (see `Drop`);
//! - nothing with the fake `'static` lifetime leaves this type: every method returns owned data.

use crate::PlaygroundError;
use pathkit::grid::{Cell, Grid, GridError, GridSpace};
use pathkit::search::{NodeView, SearchContext, SearchOptions, StepEvent, Stepper};
use std::mem::ManuallyDrop;
use std::ptr::NonNull;

type Space = GridSpace<'static, f64>;

/// A step-by-step A* (or Dijkstra, weighted A*, breadth-first) search on its own copy of a grid.
pub struct LiveSearch {
    stepper: ManuallyDrop<Stepper<'static, 'static, Space>>,
    space: NonNull<Space>,
    ctx: NonNull<SearchContext<f64>>,
    grid: NonNull<Grid>,
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
    /// `make_space` builds on it.
    ///
    /// # Errors
    ///
    /// The space's or the search's refusal (a cell outside the grid, a bad weight).
    pub fn new(
        grid: Grid,
        make_space: impl FnOnce(&'static Grid) -> Result<Space, GridError>,
        start: Cell,
        goal: Cell,
        options: SearchOptions<f64>,
    ) -> Result<LiveSearch, PlaygroundError> {
        let grid = NonNull::from(Box::leak(Box::new(grid)));
        // SAFETY: `grid` stays allocated and unmoved until it is freed below or in `Drop`.
        let space = match make_space(unsafe { grid.as_ref() }) {
            Ok(space) => NonNull::from(Box::leak(Box::new(space))),
            Err(e) => {
                // SAFETY: nothing borrows the grid any more.
                drop(unsafe { Box::from_raw(grid.as_ptr()) });
                return Err(e.into());
            }
        };
        let mut ctx = NonNull::from(Box::leak(Box::new(SearchContext::new())));
        // SAFETY: the three boxes live until `Drop`, which drops the stepper first; nobody else
        // reads or writes them meanwhile.
        let made = Stepper::new(
            unsafe { ctx.as_mut() },
            unsafe { space.as_ref() },
            start,
            goal,
            options,
        );
        match made {
            Ok(stepper) => Ok(LiveSearch {
                stepper: ManuallyDrop::new(stepper),
                space,
                ctx,
                grid,
            }),
            Err(e) => {
                // SAFETY: the failed constructor dropped its borrows; free in reverse order.
                unsafe {
                    drop(Box::from_raw(ctx.as_ptr()));
                    drop(Box::from_raw(space.as_ptr()));
                    drop(Box::from_raw(grid.as_ptr()));
                }
                Err(e.into())
            }
        }
    }

    /// One expansion, or the outcome once the search is over.
    ///
    /// # Errors
    ///
    /// The search's refusal (a cost that overflowed, for one).
    pub fn step(&mut self) -> Result<Stepped, PlaygroundError> {
        match self.stepper.step()? {
            StepEvent::Expanded(cell) => Ok(Stepped::Expanded(cell)),
            StepEvent::Finished(outcome) => Ok(Stepped::Finished(
                outcome.into_path().map(|p| (p.nodes, p.cost)),
            )),
        }
    }

    /// The search's numbers for `cell`, if it has been reached.
    pub fn view(&self, cell: Cell) -> Option<NodeView<Cell, f64>> {
        self.stepper.node_view(cell)
    }

    /// `true` for a closed cell.
    pub fn is_closed(&self, cell: Cell) -> bool {
        self.stepper.is_closed(cell)
    }

    /// The open list, next first.
    pub fn open_list(&self) -> Vec<NodeView<Cell, f64>> {
        self.stepper.open_list()
    }

    /// The closed list, in the order of expansion.
    pub fn closed_list(&self) -> Vec<NodeView<Cell, f64>> {
        self.stepper.closed_list()
    }
}

impl Drop for LiveSearch {
    fn drop(&mut self) {
        // SAFETY: the stepper goes first, ending every borrow of the boxes; then the boxes are
        // freed in the reverse order of their making. Each was made by `Box::leak` in `new`.
        unsafe {
            ManuallyDrop::drop(&mut self.stepper);
            drop(Box::from_raw(self.ctx.as_ptr()));
            drop(Box::from_raw(self.space.as_ptr()));
            drop(Box::from_raw(self.grid.as_ptr()));
        }
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
