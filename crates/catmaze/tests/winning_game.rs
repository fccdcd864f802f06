//! E9: the level can be won, but only just, following the given order of dogs.

use catmaze::{Event, Game, Object, Phase, Variant};
use pathkit::grid::{Cell, Grid};
use pathkit::search::{Outcome, SearchContext, SearchOptions, TieBreak};

/// The winning order of dog tiles and the bones held just before each bribe.
const ORDER: [((u32, u32), u32); 19] = [
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
const EXIT: Cell = Cell::new(24, 8);

/// The walls of the game's level and the tiles holding an unbribed dog now, except `allowed`.
fn dog_free(game: &Game, allowed: Option<Cell>) -> Grid {
    let level = game.level();
    Grid::from_fn(level.width(), level.height(), |c| {
        let dog = game.object(c) == Some(Object::Dog) && Some(c) != allowed;
        u32::from(!level.is_wall(c) && !dog)
    })
    .unwrap()
}

/// Walks the route tile by tile, each step a tap on an adjacent tile (a 1-step route in every
/// variant), and returns the events.
fn walk(game: &mut Game, route: &[Cell]) -> Vec<Event> {
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

/// Collects every bone reachable without stepping on a dog, nearest first; returns steps walked.
fn collect_bones(game: &mut Game, ctx: &mut SearchContext<u32>) -> usize {
    let mut steps = 0;
    loop {
        let grid = dog_free(game, None);
        let options = SearchOptions::new().tie_break(TieBreak::Lifo);
        let outcome = ctx
            .search_nearest(
                &grid.four_connected(),
                game.cat(),
                |c| game.object(c) == Some(Object::Bone),
                &options,
            )
            .unwrap();
        let Outcome::Found(path) = outcome else {
            return steps;
        };
        let bones = game.bones();
        let events = walk(game, &path.nodes);
        steps += path.nodes.len() - 1;
        assert_eq!(game.bones(), bones + 1, "{events:?}");
    }
}

fn walk_to(game: &mut Game, ctx: &mut SearchContext<u32>, target: Cell) -> (usize, Vec<Event>) {
    let grid = dog_free(game, Some(target));
    let path = ctx
        .astar(&grid.four_connected(), game.cat(), target)
        .unwrap()
        .into_path()
        .unwrap_or_else(|| panic!("no dog-free way from {} to {target}", game.cat()));
    let events = walk(game, &path.nodes);
    (path.nodes.len() - 1, events)
}

fn win(variant: Variant) -> usize {
    let mut game = Game::original();
    game.set_variant(variant);
    let mut ctx = SearchContext::new();
    let mut steps = 0;
    for (n, &((x, y), held)) in ORDER.iter().enumerate() {
        steps += collect_bones(&mut game, &mut ctx);
        let dog = Cell::new(x, y);
        assert_eq!(
            game.bones(),
            held,
            "bones held before bribe #{} at {dog}",
            n + 1
        );
        let (walked, events) = walk_to(&mut game, &mut ctx, dog);
        steps += walked;
        let bribe = Event::DogBribed {
            at: dog,
            bones: held - 1,
        };
        assert_eq!(events.iter().rev().nth(1), Some(&bribe), "{events:?}");
    }
    steps += collect_bones(&mut game, &mut ctx);
    assert_eq!(game.bones(), 0);
    assert_eq!(game.count(Object::Bone), 0, "every bone was spent");
    assert_eq!(game.count(Object::Dog), 22, "unbribed dogs stay");
    let (walked, events) = walk_to(&mut game, &mut ctx, EXIT);
    steps += walked;
    assert_eq!(events.last(), Some(&Event::Won { at: EXIT }));
    assert_eq!(game.phase(), Phase::Won);
    assert_eq!(game.bones(), 0);
    assert!(game.tap(24, 7).is_empty(), "taps after a win are ignored");
    assert_eq!(game.steps_taken() as usize, steps);
    steps
}

#[test]
fn e9_the_given_dog_order_wins_with_zero_bones() {
    let steps = win(Variant::Tutorial);
    println!("winning walk: {steps} steps (434 in the specification; depends on ties)");
    assert!(steps >= 88, "at least the shortest spawn-to-exit route");
}

#[test]
fn e9_single_steps_win_in_every_variant() {
    let a = win(Variant::Tutorial);
    assert_eq!(win(Variant::Diagonal), a);
    assert_eq!(win(Variant::DogAvoiding), a);
}

#[test]
fn e9_the_exit_is_out_of_reach_without_bribes() {
    let game = Game::original();
    let grid = dog_free(&game, None);
    let mut ctx = SearchContext::new();
    let outcome = ctx.astar(&grid.four_connected(), game.cat(), EXIT).unwrap();
    assert_eq!(outcome, Outcome::Unreachable);
}
