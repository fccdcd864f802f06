//! The game specification's expectations E1-E8 and E10 on the original level.

use catmaze::{Event, Facing, Game, Level, Object, Phase, Sound, Variant, ORIGINAL_SPAWN};
use pathkit::grid::{Cell, Diagonal, Grid};
use std::time::Duration;

const STEP: Duration = Duration::from_millis(400);
const TARGET: Cell = Cell::new(22, 3);
const BONE: Cell = Cell::new(22, 1);
const DOG: Cell = Cell::new(20, 2);

fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
    list.iter().map(|&(x, y)| Cell::new(x, y)).collect()
}

fn game(variant: Variant) -> Game {
    let mut game = Game::original();
    game.set_variant(variant);
    game
}

/// Steps the game one whole step at a time until it rests; returns (facing at the start of each
/// step, all events).
fn walk_out(game: &mut Game) -> (Vec<Facing>, Vec<Event>) {
    let mut facings = Vec::new();
    let mut events = Vec::new();
    while game.step().is_some() {
        facings.push(game.facing());
        events.extend(game.update(STEP));
    }
    (facings, events)
}

#[test]
fn e1_level_counts_and_connectivity() {
    let level = Level::original();
    assert_eq!((level.width(), level.height()), (25, 25));
    assert_eq!(level.spawn(), ORIGINAL_SPAWN);
    assert_eq!(level.wall_count(), 201);
    assert_eq!(level.count(Object::Bone), 19);
    assert_eq!(level.count(Object::Dog), 41);
    assert_eq!(level.count(Object::Exit), 1);
    assert_eq!(level.object(Cell::new(24, 8)), Some(Object::Exit));
    let plain = (0..625)
        .map(|i| level.cell_at(i))
        .filter(|&c| !level.is_wall(c) && level.object(c).is_none() && c != level.spawn())
        .count();
    assert_eq!(plain, 362);
    for i in 0..625 {
        assert!(
            !(level.walls()[i] && level.objects()[i].is_some()),
            "object on a wall at {}",
            level.cell_at(i)
        );
    }
    let grid = Grid::from_fn(25, 25, |c| u32::from(!level.is_wall(c))).unwrap();
    let open: Vec<Cell> = (0..625)
        .map(|i| level.cell_at(i))
        .filter(|&c| !level.is_wall(c))
        .collect();
    assert_eq!(open.len(), 424);
    assert!(open
        .iter()
        .all(|&c| grid.reachable(ORIGINAL_SPAWN, c, Diagonal::Never)));
}

#[test]
fn e2_worked_example_variant_a() {
    let mut game = game(Variant::Tutorial);
    let route = game.plan(TARGET).unwrap();
    let expected = cells(&[
        (24, 1),
        (23, 1),
        (22, 1),
        (21, 1),
        (20, 1),
        (20, 2),
        (20, 3),
        (21, 3),
        (22, 3),
    ]);
    assert_eq!(route.tiles, expected);
    assert_eq!((route.cost, route.expanded), (9, 13));

    let events = game.tap_cell(TARGET);
    assert_eq!(
        events,
        [Event::RouteStarted {
            target: TARGET,
            steps: 9,
            cost: 9
        }]
    );
    assert_eq!(game.route(), expected);
    let mut facings = Vec::new();
    let mut bones_after = Vec::new();
    let mut all = Vec::new();
    for k in 1..=9 {
        facings.push(game.facing());
        // Just before the step ends the cat has not arrived.
        game.update(STEP - Duration::from_nanos(1));
        assert_eq!(game.steps_taken(), k - 1);
        all.extend(game.update(Duration::from_nanos(1)));
        assert_eq!(game.cat(), expected[k as usize - 1]);
        bones_after.push(game.bones());
    }
    use Facing::*;
    assert_eq!(
        facings,
        [Forward, Left, Left, Left, Left, Forward, Forward, Right, Right]
    );
    assert_eq!(bones_after, [0, 0, 1, 1, 1, 0, 0, 0, 0]);
    assert!(all.contains(&Event::BonePicked { at: BONE, bones: 1 }));
    assert!(all.contains(&Event::DogBribed { at: DOG, bones: 0 }));
    assert_eq!(all.last(), Some(&Event::Stopped { at: TARGET }));
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.facing(), Facing::Forward, "resting pose");
    assert!(game.step().is_none());
    assert_eq!(game.object(BONE), None);
    assert_eq!(game.object(DOG), None);
    // Seven plain steps, each with the step sound.
    let sounds: Vec<Sound> = all.iter().filter_map(Event::sound).collect();
    assert_eq!(sounds.iter().filter(|&&s| s == Sound::Step).count(), 7);
    assert_eq!(sounds[2], Sound::Pickup);
    assert_eq!(sounds[5], Sound::CatAttack);
}

#[test]
fn e2_ends_at_exactly_3_6_seconds() {
    let mut game = game(Variant::Tutorial);
    game.tap_cell(TARGET);
    game.update(Duration::from_millis(3599));
    assert_eq!(game.cat(), Cell::new(21, 3));
    let events = game.update(Duration::from_millis(1));
    assert_eq!(events.last(), Some(&Event::Stopped { at: TARGET }));
    assert_eq!(game.steps_taken(), 9);
}

/// E3 and E4 share the tiles; the dog-avoiding variant only prices the dog higher.
fn diagonal_loses(variant: Variant, cost: u32, expanded: u64) {
    let mut game = game(variant);
    let route = game.plan(TARGET).unwrap();
    assert_eq!(
        route.tiles,
        cells(&[
            (23, 0),
            (22, 0),
            (21, 0),
            (20, 1),
            (20, 2),
            (20, 3),
            (21, 3),
            (22, 3)
        ])
    );
    assert_eq!((route.cost, route.expanded), (cost, expanded));
    game.tap_cell(TARGET);
    let (facings, events) = walk_out(&mut game);
    use Facing::*;
    assert_eq!(facings, [Left, Left, Left, Forward, Forward]);
    assert_eq!(events.last(), Some(&Event::Eaten { at: DOG }));
    assert_eq!(events.last().and_then(Event::sound), Some(Sound::Lose));
    assert_eq!(game.phase(), Phase::Lost);
    assert_eq!(game.steps_taken(), 5);
    assert_eq!(game.cat(), DOG);
    assert!(game.route().is_empty() && game.pending().is_none());
    assert_eq!(game.object(BONE), Some(Object::Bone), "the bone was missed");
}

#[test]
fn e3_variant_b_misses_the_bone_and_loses() {
    diagonal_loses(Variant::Diagonal, 84, 24);
}

#[test]
fn e4_variant_c_same_tiles_cost_174_and_loses() {
    diagonal_loses(Variant::DogAvoiding, 174, 38);
}

#[test]
fn e5_spawn_to_exit_crosses_nine_dogs_and_loses_at_8_5() {
    let exit = Cell::new(24, 8);
    let nine = cells(&[
        (8, 5),
        (5, 7),
        (5, 8),
        (17, 11),
        (17, 12),
        (19, 11),
        (19, 13),
        (21, 13),
        (22, 13),
    ]);
    for (variant, steps, cost) in [
        (Variant::Tutorial, 88, 88),
        (Variant::Diagonal, 87, 874),
        (Variant::DogAvoiding, 87, 1684),
    ] {
        let mut game = game(variant);
        let route = game.plan(exit).unwrap();
        assert_eq!(
            (route.tiles.len(), route.cost),
            (steps, cost),
            "{variant:?}"
        );
        let mut dogs: Vec<Cell> = route
            .tiles
            .iter()
            .copied()
            .filter(|&c| game.object(c) == Some(Object::Dog))
            .collect();
        dogs.sort();
        let mut want = nine.clone();
        want.sort();
        assert_eq!(dogs, want, "{variant:?}");
        assert!(route
            .tiles
            .iter()
            .all(|&c| game.object(c) != Some(Object::Bone)));

        game.tap_cell(exit);
        let (_, events) = walk_out(&mut game);
        assert_eq!(
            events.last(),
            Some(&Event::Eaten {
                at: Cell::new(8, 5)
            })
        );
        assert_eq!(game.steps_taken(), 29, "{variant:?}");
        assert_eq!(game.phase(), Phase::Lost);
    }
    for (variant, cost) in [
        (Variant::Tutorial, 29),
        (Variant::Diagonal, 290),
        (Variant::DogAvoiding, 380),
    ] {
        let mut game = game(variant);
        let route = game.plan(Cell::new(8, 5)).unwrap();
        assert_eq!((route.tiles.len(), route.cost), (29, cost), "{variant:?}");
        game.tap(8, 5);
        walk_out(&mut game);
        assert_eq!((game.phase(), game.steps_taken()), (Phase::Lost, 29));
    }
}

#[test]
fn e6_short_taps() {
    let mut game_a = game(Variant::Tutorial);
    assert_eq!(
        game_a.plan(BONE).unwrap().tiles,
        cells(&[(24, 1), (23, 1), (22, 1)])
    );
    game_a.tap_cell(BONE);
    walk_out(&mut game_a);
    assert_eq!(game_a.bones(), 1);
    for variant in [Variant::Diagonal, Variant::DogAvoiding] {
        let mut game = game(variant);
        let route = game.plan(BONE).unwrap();
        assert_eq!(route.tiles, cells(&[(23, 0), (22, 1)]));
        assert_eq!(route.cost, 24);
        game.tap_cell(BONE);
        let (facings, _) = walk_out(&mut game);
        assert_eq!(facings, [Facing::Left, Facing::Forward]);
        assert_eq!((game.bones(), game.cat()), (1, BONE));
    }
}

#[test]
fn e7_rejected_taps() {
    let mut game = Game::original();
    for (x, y) in [(23, 2), (4, 0)] {
        let events = game.tap(x, y);
        assert_eq!(
            events,
            [Event::HitWall {
                x,
                y,
                outside: false
            }]
        );
        assert_eq!(events[0].sound(), Some(Sound::HitWall));
    }
    assert_eq!(
        game.tap(24, 0),
        [Event::AlreadyThere { at: ORIGINAL_SPAWN }]
    );
    assert_eq!(game.tap(24, 0)[0].sound(), None);
    for (x, y) in [(25, 0), (0, -1), (0, 25), (i64::MIN, i64::MAX)] {
        assert_eq!(
            game.tap(x, y),
            [Event::HitWall {
                x,
                y,
                outside: true
            }]
        );
    }
    for (px, py) in [(800.0, 10.0), (-0.5, 10.0), (10.0, 800.0), (f64::NAN, 1.0)] {
        let events = game.tap_pixel(px, py);
        assert!(
            matches!(events[..], [Event::HitWall { outside: true, .. }]),
            "{px},{py}: {events:?}"
        );
    }
    // A pixel inside the square is its tile: [22;1] is centred at (720, 48).
    assert!(matches!(
        game.tap_pixel(720.0, 48.0)[..],
        [Event::RouteStarted { target, .. }] if target == BONE
    ));
    game.restart();
    assert_eq!(game.cat(), ORIGINAL_SPAWN);
    assert!(game.step().is_none() && game.steps_taken() == 0);
    assert_eq!(game.bones(), 0);

    // After a loss every tap is ignored.
    game.set_variant(Variant::Diagonal);
    game.tap_cell(TARGET);
    walk_out(&mut game);
    assert_eq!(game.phase(), Phase::Lost);
    assert!(game.tap(24, 0).is_empty());
    assert!(game.tap(23, 2).is_empty());
    assert!(game.update(STEP).is_empty());
    assert_eq!(game.cat(), DOG);
}

#[test]
fn e8_r1_the_last_tap_wins() {
    let mut game = game(Variant::Tutorial);
    game.tap_cell(TARGET);
    game.update(Duration::from_millis(100));
    assert_eq!(game.tap(8, 5), [Event::Queued { x: 8, y: 5 }]);
    game.update(Duration::from_millis(100));
    game.tap(24, 0);
    assert_eq!(game.pending(), Some((24, 0)));
    let events = game.update(Duration::from_millis(200)); // t = 0.4
    assert_eq!(
        events,
        [
            Event::Step {
                at: Cell::new(24, 1)
            },
            Event::RouteStarted {
                target: ORIGINAL_SPAWN,
                steps: 1,
                cost: 1
            }
        ]
    );
    assert_eq!(game.facing(), Facing::Back);
    assert!(game.pending().is_none());
    game.update(Duration::from_millis(399)); // t = 0.799
    assert_eq!(game.cat(), Cell::new(24, 1));
    let events = game.update(Duration::from_millis(1)); // t = 0.8
    assert_eq!(
        events,
        [
            Event::Step { at: ORIGINAL_SPAWN },
            Event::Stopped { at: ORIGINAL_SPAWN }
        ]
    );
    assert_eq!((game.bones(), game.phase()), (0, Phase::Playing));
    assert_eq!(game.steps_taken(), 2);
}

/// R2 and R3: tap [22;3], then at t = 1.0 (during the step into [22;1]) tap `(x, y)`.
fn retap_during_bone_step(x: i64, y: i64) -> (Game, Vec<Event>) {
    let mut game = game(Variant::Tutorial);
    game.tap_cell(TARGET);
    game.update(Duration::from_millis(1000));
    assert_eq!(game.step().map(|s| s.to), Some(BONE));
    game.tap(x, y);
    let events = game.update(Duration::from_millis(200)); // t = 1.2
    assert_eq!(events[0], Event::BonePicked { at: BONE, bones: 1 });
    (game, events)
}

#[test]
fn e8_r2_rules_run_before_the_reroute() {
    let (mut game, events) = retap_during_bone_step(24, 0);
    assert_eq!(
        events[1],
        Event::RouteStarted {
            target: ORIGINAL_SPAWN,
            steps: 3,
            cost: 3
        }
    );
    assert_eq!(game.route(), cells(&[(23, 1), (24, 1), (24, 0)]));
    game.update(Duration::from_millis(1199)); // t = 2.399
    assert_eq!(game.cat(), Cell::new(24, 1));
    let events = game.update(Duration::from_millis(1)); // t = 2.4
    assert_eq!(events.last(), Some(&Event::Stopped { at: ORIGINAL_SPAWN }));
    assert_eq!(game.bones(), 1);
    assert_eq!(game.object(DOG), Some(Object::Dog), "the dog is untouched");
}

#[test]
fn e8_r3_a_rejected_pending_target_leaves_the_cat_on_the_bone() {
    let (game, events) = retap_during_bone_step(22, 1);
    assert_eq!(
        &events[1..],
        [
            Event::AlreadyThere { at: BONE },
            Event::Stopped { at: BONE }
        ]
    );
    assert_eq!((game.cat(), game.bones()), (BONE, 1));
    assert!(game.step().is_none());

    let (game, events) = retap_during_bone_step(23, 2);
    assert_eq!(
        &events[1..],
        [
            Event::HitWall {
                x: 23,
                y: 2,
                outside: false
            },
            Event::Stopped { at: BONE }
        ]
    );
    assert_eq!((game.cat(), game.bones()), (BONE, 1));
    assert_eq!(game.facing(), Facing::Forward);
}

#[test]
fn e10_restart_after_a_loss_restores_the_level() {
    let mut game = game(Variant::Diagonal);
    game.tap_cell(TARGET);
    walk_out(&mut game);
    assert_eq!(game.phase(), Phase::Lost);
    assert_eq!(game.restart(), [Event::Restarted]);
    assert_eq!(game.count(Object::Bone), 19);
    assert_eq!(game.count(Object::Dog), 41);
    assert_eq!((game.cat(), game.bones()), (ORIGINAL_SPAWN, 0));
    assert_eq!(
        (game.phase(), game.facing()),
        (Phase::Playing, Facing::Forward)
    );
    assert_eq!(game.variant(), Variant::Diagonal, "the variant stays");
    game.set_variant(Variant::Tutorial);
    game.tap_cell(TARGET);
    walk_out(&mut game);
    assert_eq!((game.cat(), game.bones()), (TARGET, 0));
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.count(Object::Dog), 40);
    assert_eq!(game.count(Object::Bone), 18);
}

#[test]
fn same_taps_give_the_same_game() {
    let play = || {
        let mut game = Game::original();
        let mut log = Vec::new();
        for (i, &(x, y)) in [(22, 3), (8, 5), (3, 0), (24, 0), (0, 0)]
            .iter()
            .enumerate()
        {
            log.extend(game.tap(x, y));
            log.extend(game.update(Duration::from_millis(130 * (i as u64 + 1))));
        }
        log.extend(game.update(Duration::from_secs(60)));
        (log, game.cat(), game.bones(), game.phase())
    };
    assert_eq!(play(), play());
}
