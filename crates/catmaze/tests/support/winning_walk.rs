//! The walk that wins the original level (catmaze-game.md, E9), planned with pathkit in the
//! game's own rules: before each bribe of the given order, every bone reachable without a dog,
//! nearest first; then the dog; at last the exit. Each step is a tap on the tile next to the cat,
//! so the route the game plans is that one tile in every variant.
//!
//! Shared by catmaze's rule test (`winning_game.rs`) and the browser test of `catmaze-web`,
//! which replays the same taps as clicks.

use catmaze::{Event, Game, Object};
use pathkit::grid::{Cell, Grid};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions, TieBreak};
use pathkit::Goal;
use pathkit::Pathfinder;

/// The winning order of dog tiles and the bones held just before each bribe.
pub const ORDER: [((u32, u32), u32); 19] = [
    ((20, 2), 1),
    ((15, 3), 2),
    ((16, 3), 1),
    ((8, 5), 3),
    ((5, 3), 2),
    ((5, 2), 1),
    ((5, 7), 4),
    ((5, 8), 3),
    ((17, 12), 4),
    ((17, 11), 3),
    ((17, 14), 2),
    ((17, 15), 1),
    ((6, 23), 1),
    ((6, 19), 2),
    ((19, 11), 3),
    ((20, 21), 2),
    ((19, 13), 3),
    ((21, 13), 2),
    ((22, 13), 1),
];

/// The level's exit.
pub const EXIT: Cell = Cell::new(24, 8);

/// The walls of the game's level and the tiles holding an unbribed dog now, except `allowed`.
pub fn dog_free(game: &Game, allowed: Option<Cell>) -> Grid {
    let level = game.level();
    Grid::from_fn(level.width(), level.height(), |c| {
        let dog = game.object(c) == Some(Object::Dog) && Some(c) != allowed;
        u32::from(!level.is_wall(c) && !dog)
    })
    .unwrap()
}

/// The route (cat's tile first) to the nearest bone reachable without a dog, if any.
pub fn route_to_nearest_bone(game: &Game, ctx: &mut SearchContext<u32>) -> Option<Vec<Cell>> {
    let grid = dog_free(game, None);
    let options = SearchOptions::new().tie_break(TieBreak::Lifo);
    let outcome = AStar(&grid.four_connected())
        .find_path_with(
            ctx,
            game.cat(),
            Goal::Matching(&|c| game.object(c) == Some(Object::Bone)),
            &options,
        )
        .unwrap();
    match outcome {
        Outcome::Found(path) => Some(path.nodes),
        _ => None,
    }
}

/// The shortest route (cat's tile first) to `target`, stepping on no dog but the one there.
pub fn route_to(game: &Game, ctx: &mut SearchContext<u32>, target: Cell) -> Vec<Cell> {
    let grid = dog_free(game, Some(target));
    AStar(&grid.four_connected())
        .find_path(ctx, game.cat(), target)
        .unwrap()
        .into_path()
        .unwrap_or_else(|| panic!("no dog-free way from {} to {target}", game.cat()))
        .nodes
}

/// Walks the route tile by tile, each step a tap on an adjacent tile (a 1-step route in every
/// variant), and returns the events.
pub fn walk(game: &mut Game, route: &[Cell]) -> Vec<Event> {
    let mut events = Vec::new();
    for &next in route.iter().skip(1) {
        let started = game.tap_cell(next);
        assert!(
            matches!(started[..], [Event::RouteStarted { steps: 1, .. }]),
            "step to {next}: {started:?}"
        );
        events.extend(game.finish_step());
    }
    events
}
