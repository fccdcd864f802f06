//! [`Game::preview`]: the route a tap would take and how the walk would end, checked against
//! actually tapping and walking.

use catmaze::{Cell, Ending, Event, Game, Level, Object, Phase, Variant};
use std::time::Duration;

fn walk_out(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while game.step().is_some() {
        events.extend(game.finish_step());
    }
    events
}

/// Taps `target` on a copy of `game`, walks it out, and checks the preview said what happened.
fn check_against_walking(game: &Game, target: Cell) {
    let mut previewing = game.clone();
    let Some(preview) = previewing.preview(target) else {
        return;
    };
    let mut walked = game.clone();
    let events = walked.tap_cell(target);
    assert!(
        matches!(events.as_slice(), [Event::RouteStarted { steps, .. }] if *steps == preview.route.tiles.len()),
        "{target}: {events:?}"
    );
    assert_eq!(
        walked.route(),
        preview.route.tiles,
        "{target}: the same route"
    );
    let events = walk_out(&mut walked);
    // The dogs bribed, in order, are the ones the preview said; those besides the tapped tile
    // are the bribes on the way.
    let bribed: Vec<Cell> = events
        .iter()
        .filter_map(|e| match e {
            Event::DogBribed { at, .. } => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(preview.bribes, bribed, "{target}");
    let on_the_way: Vec<Cell> = bribed.into_iter().filter(|&c| c != target).collect();
    assert_eq!(preview.bribes_on_the_way(), on_the_way, "{target}");
    match preview.ending {
        Ending::Arrives { bones } => {
            assert_eq!(walked.phase(), Phase::Playing, "{target}");
            assert_eq!((walked.cat(), walked.bones()), (target, bones), "{target}");
        }
        Ending::Eaten { at } => {
            assert_eq!(
                (walked.phase(), walked.cat()),
                (Phase::Lost, at),
                "{target}"
            );
            assert!(!preview.enough_bones());
        }
        Ending::Wins { at } => {
            assert_eq!((walked.phase(), walked.cat()), (Phase::Won, at), "{target}");
        }
    }
    let dogs_met: Vec<Cell> = preview
        .route
        .tiles
        .iter()
        .copied()
        .filter(|&c| game.object(c) == Some(Object::Dog))
        .collect();
    assert_eq!(preview.dogs, dogs_met, "{target}");
}

#[test]
fn the_worked_example_is_previewed_as_walked() {
    let mut game = Game::original();
    let target = Cell::new(22, 3);
    let preview = game.preview(target).unwrap();
    assert_eq!(preview.target, target);
    assert_eq!(preview.route.tiles.len(), 9);
    assert_eq!(preview.route.tiles[2], Cell::new(22, 1));
    assert_eq!(preview.dogs, [Cell::new(20, 2)]);
    assert_eq!(preview.bones_on_route, [Cell::new(22, 1)]);
    assert_eq!((preview.carried, preview.bones_available()), (0, 1));
    assert_eq!(preview.ending, Ending::Arrives { bones: 0 });
    assert!(preview.enough_bones());
    // Variant B misses the bone: eaten at the dog (E3).
    game.set_variant(Variant::Diagonal);
    let preview = game.preview(target).unwrap();
    assert_eq!(preview.bones_on_route, []);
    assert_eq!(
        preview.ending,
        Ending::Eaten {
            at: Cell::new(20, 2)
        }
    );
    assert!(!preview.enough_bones());
    // Spawn to exit: eaten at [8;5] (E5).
    game.set_variant(Variant::Tutorial);
    let preview = game.preview(Cell::new(24, 8)).unwrap();
    assert_eq!(preview.route.tiles.len(), 88);
    assert_eq!(preview.dogs.len(), 9);
    assert_eq!(
        preview.ending,
        Ending::Eaten {
            at: Cell::new(8, 5)
        }
    );
}

#[test]
fn previews_change_nothing_and_repeat_exactly() {
    let mut game = Game::original();
    game.tap(22, 1);
    game.update(Duration::from_millis(500));
    let first = game.preview(Cell::new(3, 20));
    let second = game.preview(Cell::new(3, 20));
    assert!(first.is_some());
    assert_eq!(first, second);
    // The state is as it was.
    assert_eq!(game.cat(), Cell::new(24, 1));
    assert_eq!(game.route(), [Cell::new(23, 1), Cell::new(22, 1)]);
    assert_eq!(game.pending(), None);
    assert_eq!(game.bones(), 0);
    assert_eq!(game.count(Object::Bone), 19);
}

#[test]
fn no_preview_for_walls_the_start_tile_or_a_finished_game() {
    let mut game = Game::original();
    assert_eq!(game.preview(Cell::new(23, 2)), None, "a wall");
    assert_eq!(game.preview(Cell::new(24, 0)), None, "the cat's tile");
    assert_eq!(game.preview(Cell::new(25, 0)), None, "outside");
    let mut lost = Game::original();
    lost.set_variant(Variant::Diagonal);
    lost.tap(22, 3);
    walk_out(&mut lost);
    assert_eq!(lost.phase(), Phase::Lost);
    assert_eq!(lost.preview(Cell::new(24, 0)), None);
    let mut unreachable = Game::new(Level::from_text("C#.\n.#.\n").unwrap());
    assert_eq!(unreachable.preview(Cell::new(2, 0)), None);
}

#[test]
fn every_tile_is_previewed_as_walked_in_every_variant() {
    for variant in Variant::ALL {
        let mut game = Game::original();
        game.set_variant(variant);
        // From the spawn, and again with a bone in hand further in.
        let mut later = game.clone();
        later.tap(22, 1);
        walk_out(&mut later);
        assert_eq!(later.bones(), 1);
        for start in [&game, &later] {
            for y in 0..25 {
                for x in 0..25 {
                    check_against_walking(start, Cell::new(x, y));
                }
            }
        }
    }
}

#[test]
fn during_a_step_the_preview_starts_after_that_tiles_rules() {
    let mut game = Game::original();
    game.tap(22, 1);
    game.finish_step(); // [24;1]
    game.finish_step(); // [23;1]
    game.update(Duration::from_millis(100));
    // Walking [23;1] -> [22;1], the bone: a re-tap starts there with the bone in hand.
    assert_eq!(game.step().map(|s| s.to), Some(Cell::new(22, 1)));
    assert_eq!(game.bones(), 0);
    let target = Cell::new(20, 3);
    let preview = game.preview(target).unwrap();
    assert_eq!(
        preview.route.tiles,
        [
            Cell::new(21, 1),
            Cell::new(20, 1),
            Cell::new(20, 2),
            Cell::new(20, 3)
        ]
    );
    assert_eq!(preview.carried, 1);
    assert_eq!(preview.bones_on_route, []);
    assert_eq!(preview.dogs, [Cell::new(20, 2)]);
    assert_eq!(preview.ending, Ending::Arrives { bones: 0 });
    game.tap_cell(target);
    walk_out(&mut game);
    assert_eq!(
        (game.cat(), game.bones(), game.phase()),
        (target, 0, Phase::Playing)
    );
}

#[test]
fn the_preview_names_each_dog_bribed_on_the_way_and_not_the_one_that_eats_the_cat() {
    // Two bones, three dogs, then the exit and a dog beyond it.
    let mut game = Game::new(Level::from_text("CBDBDDE.D\n").unwrap());
    let preview = game.preview(Cell::new(8, 0)).unwrap();
    assert_eq!(preview.dogs.len(), 4);
    assert_eq!(preview.bribes, [Cell::new(2, 0), Cell::new(4, 0)]);
    assert_eq!(
        preview.ending,
        Ending::Eaten {
            at: Cell::new(5, 0)
        }
    );
    assert_eq!(preview.bribes_on_the_way(), preview.bribes);
    check_against_walking(&game, Cell::new(8, 0));
    // Tapping the second dog: the first is bribed on the way, the second is the one tapped.
    let preview = game.preview(Cell::new(4, 0)).unwrap();
    assert_eq!(preview.bribes, [Cell::new(2, 0), Cell::new(4, 0)]);
    assert_eq!(preview.bribes_on_the_way(), [Cell::new(2, 0)]);
    // With bones enough, the walk ends at the exit: the dog beyond it is never met.
    let mut rich = Game::new(Level::from_text("CBBBDDE.D\n").unwrap());
    let preview = rich.preview(Cell::new(8, 0)).unwrap();
    assert_eq!(preview.bribes, [Cell::new(4, 0), Cell::new(5, 0)]);
    assert_eq!(
        preview.ending,
        Ending::Wins {
            at: Cell::new(6, 0)
        }
    );
    check_against_walking(&rich, Cell::new(8, 0));
}

#[test]
fn during_a_step_a_bribe_on_that_steps_tile_is_not_the_taps() {
    let mut game = Game::new(Level::from_text("CBD..\n").unwrap());
    game.tap(4, 0);
    game.finish_step(); // the bone at [1;0]; walking on into the dog at [2;0]
    assert_eq!(game.step().map(|s| s.to), Some(Cell::new(2, 0)));
    let preview = game.preview(Cell::new(4, 0)).unwrap();
    assert_eq!(preview.bribes, [], "that bribe happens whatever is tapped");
    assert_eq!(preview.carried, 0);
}

#[test]
fn the_exit_ends_a_previewed_walk() {
    let mut game = Game::new(Level::from_text("CBE.\n").unwrap());
    let preview = game.preview(Cell::new(3, 0)).unwrap();
    assert_eq!(
        preview.ending,
        Ending::Wins {
            at: Cell::new(2, 0)
        }
    );
    check_against_walking(&game, Cell::new(3, 0));
    let mut dog_first = Game::new(Level::from_text("CDB.\n").unwrap());
    let preview = dog_first.preview(Cell::new(3, 0)).unwrap();
    // A bone after the dog does not help, though the count says 1 for 1.
    assert_eq!((preview.bones_available(), preview.dogs.len()), (1, 1));
    assert_eq!(preview.bribes, [], "eaten, not bribed");
    assert_eq!(
        preview.ending,
        Ending::Eaten {
            at: Cell::new(1, 0)
        }
    );
}
