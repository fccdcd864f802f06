//! E9: the level can be won, but only just, following the given order of dogs.

#[path = "support/winning_walk.rs"]
mod winning_walk;

use catmaze::{Event, Game, Object, Phase, Variant};
use pathkit::grid::Cell;
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext};
use pathkit::Pathfinder;
use winning_walk::{dog_free, route_to, route_to_nearest_bone, walk, EXIT, ORDER};

/// Collects every bone reachable without stepping on a dog, nearest first; returns steps walked.
fn collect_bones(game: &mut Game, ctx: &mut SearchContext<u32>) -> usize {
    let mut steps = 0;
    while let Some(route) = route_to_nearest_bone(game, ctx) {
        let bones = game.bones();
        let events = walk(game, &route);
        steps += route.len() - 1;
        assert_eq!(game.bones(), bones + 1, "{events:?}");
    }
    steps
}

fn walk_to(game: &mut Game, ctx: &mut SearchContext<u32>, target: Cell) -> (usize, Vec<Event>) {
    let route = route_to(game, ctx, target);
    let events = walk(game, &route);
    (route.len() - 1, events)
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
    let outcome = AStar(&grid.four_connected())
        .find_path(&mut ctx, game.cat(), EXIT)
        .unwrap();
    assert_eq!(outcome, Outcome::Unreachable);
}
