//! What a space can tell about a query before searching it: [`Ends`].

/// What a space tells about a query's two ends before searching
/// ([`Pathfinder::check_ends`](crate::Pathfinder::check_ends)): whether a search can find a path
/// at all. Every search makes this check itself and answers "unreachable" at once; a front end
/// calls it to say why (a walled click, two islands) or to skip building what a search would
/// need.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::{Ends, Pathfinder};
///
/// let grid = Grid::from_ascii("..#..\n..#.#")?;
/// let space = grid.four_connected();
/// assert_eq!(space.check_ends(Cell::new(0, 0), Cell::new(1, 1))?, Ends::Open);
/// assert_eq!(space.check_ends(Cell::new(2, 0), Cell::new(1, 1))?, Ends::StartBlocked);
/// assert_eq!(space.check_ends(Cell::new(0, 0), Cell::new(4, 1))?, Ends::GoalBlocked);
/// assert_eq!(space.check_ends(Cell::new(0, 0), Cell::new(3, 0))?, Ends::Apart);
/// assert!(space.check_ends(Cell::new(0, 0), Cell::new(9, 0)).is_err()); // off the map
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ends {
    /// Nothing known rules a path out: search.
    Open,
    /// The start cannot be stood on (a wall): no path, and no closest point either.
    StartBlocked,
    /// The goal cannot be stood on: no path (the closest point to it can still be searched for).
    GoalBlocked,
    /// Both ends can be stood on but lie in different connected parts of the map: no path (the
    /// closest point can still be searched for).
    Apart,
}

impl Ends {
    /// `true` when a search may find a path ([`Ends::Open`]).
    ///
    /// ```
    /// use pathkit::Ends;
    ///
    /// assert!(Ends::Open.is_open());
    /// assert!(!Ends::Apart.is_open());
    /// ```
    #[must_use]
    pub fn is_open(self) -> bool {
        self == Ends::Open
    }

    /// `true` when a search has something to answer: a path ([`Ends::Open`]), or, when the
    /// closest point is asked for (`closest_point`), a walk towards the goal from any start but
    /// a walled one (a walled start has no moves). Every search answers "unreachable" without
    /// searching otherwise.
    ///
    /// ```
    /// use pathkit::Ends;
    ///
    /// assert!(Ends::Open.worth_searching(false));
    /// assert!(!Ends::GoalBlocked.worth_searching(false));
    /// assert!(Ends::GoalBlocked.worth_searching(true));
    /// assert!(!Ends::StartBlocked.worth_searching(true));
    /// ```
    #[must_use]
    pub fn worth_searching(self, closest_point: bool) -> bool {
        self == Ends::Open || (closest_point && self != Ends::StartBlocked)
    }
}
