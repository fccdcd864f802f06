//! [`Preview`]: what a tap on a tile would do, worked out without moving.

use crate::{Cell, Route};

/// How a previewed walk would end if nothing changed on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The cat reaches the target with this many bones.
    Arrives {
        /// Bones carried on arrival.
        bones: u32,
    },
    /// A dog eats the cat, which has no bone left, on this tile.
    Eaten {
        /// The dog's tile.
        at: Cell,
    },
    /// The cat reaches the exit on this tile (the walk stops there).
    Wins {
        /// The exit's tile.
        at: Cell,
    },
}

/// The route a tap would take and what the rules would do on it, from [`Game::preview`].
///
/// [`Game::preview`]: crate::Game::preview
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The target tile.
    pub target: Cell,
    /// The route the cat would walk (from where a tap starts a move: the cat's tile, or the end
    /// of the step in progress).
    pub route: Route,
    /// The tiles of the route holding a dog now, in walking order.
    pub dogs: Vec<Cell>,
    /// The tiles of the route holding a bone now, in walking order.
    pub bones_on_route: Vec<Cell>,
    /// The dogs the walk would bribe, in walking order: every dog of [`Preview::dogs`] met with a
    /// bone before the walk ends. A dog that eats the cat is not here but in
    /// [`Ending::Eaten`]; dogs after the end of the walk are met by neither.
    pub bribes: Vec<Cell>,
    /// Bones the cat would carry when the route starts (during a step, after that step's tile).
    pub carried: u32,
    /// How the walk would end.
    pub ending: Ending,
}

impl Preview {
    /// Bones carried plus bones picked up on the route.
    pub fn bones_available(&self) -> u32 {
        self.carried + self.bones_on_route.len() as u32
    }

    /// Every dog on the route gets its bone (the walk does not end in a dog's mouth).
    pub fn enough_bones(&self) -> bool {
        !matches!(self.ending, Ending::Eaten { .. })
    }

    /// The dogs the walk would bribe on the way, other than one on the tapped tile: the bribes a
    /// player who taps a tile may not have meant, for a front end to point out ("this route
    /// bribes the dog at [20;2]").
    ///
    /// ```
    /// use catmaze::{Cell, Game};
    ///
    /// let mut game = Game::original();
    /// game.tap(22, 1);
    /// game.update(std::time::Duration::from_secs(2)); // the bone at [22;1]
    /// let preview = game.preview(Cell::new(20, 3)).unwrap();
    /// assert_eq!(preview.bribes, [Cell::new(20, 2)]);
    /// assert_eq!(preview.bribes_on_the_way(), [Cell::new(20, 2)]);
    /// // Tapping the dog itself: that bribe is the one asked for.
    /// let preview = game.preview(Cell::new(20, 2)).unwrap();
    /// assert_eq!(preview.bribes, [Cell::new(20, 2)]);
    /// assert!(preview.bribes_on_the_way().is_empty());
    /// ```
    pub fn bribes_on_the_way(&self) -> Vec<Cell> {
        self.bribes
            .iter()
            .copied()
            .filter(|&dog| dog != self.target)
            .collect()
    }
}
