//! Rules on small hand-made levels: no route, dog avoidance reading the current objects, winning,
//! and the step clock.

use catmaze::{Cell, Event, Game, Level, Object, Phase, Sound, Variant};
use std::time::Duration;

fn game(text: &str, variant: Variant) -> Game {
    let mut game = Game::new(Level::from_text(text).unwrap());
    game.set_variant(variant);
    game
}

fn walk_out(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while game.step().is_some() {
        events.extend(game.finish_step());
    }
    events
}

#[test]
fn an_unreachable_tile_is_no_route_and_nothing_moves() {
    let mut game = game("C#.\n.#.\n", Variant::Tutorial);
    let events = game.tap(2, 1);
    assert_eq!(
        events,
        [Event::NoRoute {
            target: Cell::new(2, 1)
        }]
    );
    assert_eq!(events[0].sound(), Some(Sound::HitWall));
    assert!(game.step().is_none());
    assert_eq!(game.cat(), Cell::new(0, 0));
}

#[test]
fn dog_avoiding_routes_detour_only_around_dogs_present_now() {
    let text = "C.D..\n.....\n";
    let mut diagonal = game(text, Variant::Diagonal);
    let straight = diagonal.plan(Cell::new(4, 0)).unwrap();
    assert!(straight.tiles.contains(&Cell::new(2, 0)));
    assert_eq!(straight.cost, 40);
    let mut avoiding = game(text, Variant::DogAvoiding);
    let detour = avoiding.plan(Cell::new(4, 0)).unwrap();
    assert!(!detour.tiles.contains(&Cell::new(2, 0)), "{detour:?}");
    assert_eq!(detour.cost, 14 + 10 + 10 + 14);

    // No way around: the dog is priced 10x; once bribed it costs nothing extra.
    let mut corridor = game("CBD.\n", Variant::DogAvoiding);
    assert_eq!(corridor.plan(Cell::new(3, 0)).unwrap().cost, 10 + 100 + 10);
    corridor.tap(3, 0);
    let events = walk_out(&mut corridor);
    assert!(events.contains(&Event::DogBribed {
        at: Cell::new(2, 0),
        bones: 0
    }));
    assert_eq!(corridor.plan(Cell::new(0, 0)).unwrap().cost, 30);
}

#[test]
fn the_exit_wins_and_stops_the_walk() {
    let mut game = game("C.E..\n", Variant::Tutorial);
    game.tap(4, 0);
    let events = walk_out(&mut game);
    assert_eq!(
        events.last(),
        Some(&Event::Won {
            at: Cell::new(2, 0)
        })
    );
    assert_eq!(events.last().and_then(Event::sound), Some(Sound::Win));
    assert!(events.last().unwrap().is_game_over());
    assert_eq!(game.phase(), Phase::Won);
    assert_eq!(game.cat(), Cell::new(2, 0), "the walk stops at the exit");
    assert!(game.route().is_empty());
    assert!(game.tap(0, 0).is_empty());
    game.restart();
    assert_eq!(
        (game.phase(), game.cat()),
        (Phase::Playing, Cell::new(0, 0))
    );
    assert_eq!(game.object(Cell::new(2, 0)), Some(Object::Exit));
}

#[test]
fn steps_take_the_configured_time_and_leftover_time_is_dropped() {
    let mut game = game("C...\n", Variant::Tutorial).with_step_duration(Duration::from_millis(150));
    game.tap(3, 0);
    game.update(Duration::from_millis(149));
    assert_eq!(game.steps_taken(), 0);
    assert!((game.step_progress().unwrap() - 149.0 / 150.0).abs() < 1e-9);
    // One long update completes several steps in order.
    let events = game.update(Duration::from_millis(301));
    assert_eq!(
        events,
        [
            Event::Step {
                at: Cell::new(1, 0)
            },
            Event::Step {
                at: Cell::new(2, 0)
            },
            Event::Step {
                at: Cell::new(3, 0)
            },
            Event::Stopped {
                at: Cell::new(3, 0)
            }
        ]
    );
    game.update(Duration::from_secs(5));
    game.tap(2, 0);
    game.update(Duration::from_millis(149));
    assert_eq!(game.cat(), Cell::new(3, 0), "time at rest is not banked");
    // A zero step duration completes every step at the next update.
    let mut instant = self::game("C...\n", Variant::Tutorial).with_step_duration(Duration::ZERO);
    instant.tap(3, 0);
    instant.update(Duration::ZERO);
    assert_eq!(instant.cat(), Cell::new(3, 0));
}

#[test]
fn variants_cycle_and_a_walk_keeps_its_route() {
    let mut game = game("C....\n.....\n", Variant::Tutorial);
    game.tap(4, 1);
    let route = game.route();
    assert_eq!(
        game.cycle_variant(),
        [Event::VariantChanged(Variant::Diagonal)]
    );
    assert_eq!(game.route(), route);
    game.cycle_variant();
    game.cycle_variant();
    assert_eq!(game.variant(), Variant::Tutorial);
}
