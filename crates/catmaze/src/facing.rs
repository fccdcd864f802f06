//! [`Facing`]: which way the cat looks.

use pathkit::grid::Cell;

/// The cat's facing. It follows the direction of travel; at rest the cat faces [`Facing::Forward`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Facing {
    /// Down the screen, towards the player: the resting pose.
    #[default]
    Forward,
    /// Up the screen.
    Back,
    /// Towards smaller x.
    Left,
    /// Towards larger x.
    Right,
}

impl Facing {
    /// The facing for a step from `from` to `to`: sideways when the step is more horizontal than
    /// vertical, otherwise Forward (down) or Back (up). Diagonal steps therefore face Forward or Back.
    ///
    /// ```
    /// use catmaze::Facing;
    /// use pathkit::grid::Cell;
    /// assert_eq!(Facing::of(Cell::new(21, 0), Cell::new(20, 1)), Facing::Forward);
    /// assert_eq!(Facing::of(Cell::new(21, 1), Cell::new(20, 1)), Facing::Left);
    /// ```
    pub fn of(from: Cell, to: Cell) -> Facing {
        let dx = to.x as i64 - from.x as i64;
        let dy = to.y as i64 - from.y as i64;
        if dx.abs() > dy.abs() {
            if dx > 0 {
                Facing::Right
            } else {
                Facing::Left
            }
        } else if dy > 0 {
            Facing::Forward
        } else {
            Facing::Back
        }
    }
}
