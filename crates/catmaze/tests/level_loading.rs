//! Loading levels from text: the original, custom spawns, and every kind of bad input.

use catmaze::{Game, Level, LevelError, Object, Tile, ORIGINAL_SPAWN, ORIGINAL_TEXT};
use pathkit::grid::Cell;

#[test]
fn the_embedded_level_writes_back_as_its_text() {
    assert_eq!(Level::original().to_text(), ORIGINAL_TEXT);
}

/// The embedded copies (`assets/`) against the original level files in `shared/catmaze` beside the
/// checkout (README.md, "Data"): without them these tests fail, saying so. Named so that
/// `--skip needs_` leaves them out on a machine without the data.
mod needs_catmaze_data {
    use catmaze::{Level, ORIGINAL_TEXT};
    use test_prerequisites::Dataset;

    #[test]
    fn the_embedded_level_is_the_shared_text_level() {
        let path = Dataset::CatMaze.require().join("catmaze_25x25.txt");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(Level::from_text(&text).unwrap(), Level::original());
    }

    #[test]
    fn the_shared_tmx_loads_to_the_embedded_level() {
        let path = Dataset::CatMaze.require().join("CatMaze.tmx");
        assert_eq!(
            Level::load_tmx(&path).unwrap(),
            Level::from_text(ORIGINAL_TEXT).unwrap()
        );
    }
}

#[test]
fn the_spawn_defaults_to_24_0_and_can_be_set() {
    let text = ORIGINAL_TEXT.replace('C', ".");
    let level = Level::from_text(&text).unwrap();
    assert_eq!(level.spawn(), ORIGINAL_SPAWN);
    let moved = level.with_spawn(Cell::new(0, 0)).unwrap();
    assert_eq!(moved.spawn(), Cell::new(0, 0));
    let mut game = Game::new(moved.clone());
    assert_eq!(game.cat(), Cell::new(0, 0));
    game.tap(1, 0);
    game.finish_step();
    game.restart();
    assert_eq!(
        game.cat(),
        Cell::new(0, 0),
        "restart goes back to the level's spawn"
    );
    assert_eq!(
        moved.clone().with_spawn(Cell::new(4, 0)),
        Err(LevelError::SpawnOnWall {
            spawn: Cell::new(4, 0)
        })
    );
    assert!(matches!(
        moved.with_spawn(Cell::new(25, 3)),
        Err(LevelError::SpawnOutside { .. })
    ));
    // A 'C' elsewhere sets the spawn.
    let small = Level::from_text("#..\n.C.\n").unwrap();
    assert_eq!(small.spawn(), Cell::new(1, 1));
    assert_eq!(small.tile(Cell::new(1, 1)), Some(Tile::Floor));
}

#[test]
fn bad_text_gets_a_typed_error_that_says_where() {
    let cases: [(&str, LevelError); 5] = [
        ("", LevelError::Empty),
        ("\n\n", LevelError::Empty),
        (
            "...\n..\n",
            LevelError::Ragged {
                line: 2,
                found: 2,
                expected: 3,
            },
        ),
        (
            "..\n.X\n",
            LevelError::UnknownTile {
                line: 2,
                column: 2,
                found: 'X',
            },
        ),
        (
            "C.\n.C\n",
            LevelError::SeveralSpawns {
                first: Cell::new(0, 0),
                second: Cell::new(1, 1),
            },
        ),
    ];
    for (text, want) in cases {
        let got = Level::from_text(text).unwrap_err();
        assert!(!got.to_string().is_empty());
        assert_eq!(got, want, "{text:?}");
    }
    assert_eq!(
        Level::from_text("##\n##").unwrap_err(),
        LevelError::SpawnOnWall {
            spawn: ORIGINAL_SPAWN
        }
    );
    let wide = ".".repeat(Level::MAX_SIDE as usize + 1);
    assert!(matches!(
        Level::from_text(&wide),
        Err(LevelError::TooLarge { width: 1025, .. })
    ));
}

#[test]
fn parts_are_checked() {
    assert_eq!(
        Level::from_parts(
            2,
            1,
            vec![true, false],
            vec![Some(Object::Bone), None],
            None
        ),
        Err(LevelError::ObjectOnWall {
            cell: Cell::new(0, 0),
            object: Object::Bone
        })
    );
    assert_eq!(
        Level::from_parts(2, 2, vec![false; 3], vec![None; 4], None),
        Err(LevelError::WrongSize {
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        Level::from_parts(0, 5, vec![], vec![], None),
        Err(LevelError::Empty)
    );
}

#[test]
fn crlf_and_trailing_blank_lines_are_accepted() {
    let level = Level::from_text("C.E\r\n.#.\r\n\r\n").unwrap();
    assert_eq!((level.width(), level.height()), (3, 2));
    assert_eq!(level.object(Cell::new(2, 0)), Some(Object::Exit));
}

#[test]
fn tmx_and_text_load_to_the_same_level() {
    let from_tmx = Level::from_tmx_bytes(catmaze::ORIGINAL_TMX).unwrap();
    let from_text = Level::from_text(ORIGINAL_TEXT).unwrap();
    assert_eq!(from_tmx, from_text);
    assert_eq!(Level::original(), from_text);
    assert_eq!(
        from_tmx.spawn(),
        ORIGINAL_SPAWN,
        "the map has no spawn: the default"
    );
}

#[test]
fn bad_tmx_gets_a_typed_error() {
    let err = Level::from_tmx_bytes(b"<map").unwrap_err();
    assert!(matches!(err, LevelError::Tiled(_)), "{err:?}");
    // The reader's own error is kept, with where in the XML it is.
    let LevelError::Tiled(tiled) = &err else {
        unreachable!()
    };
    assert!(tiled.position().is_some(), "{tiled:?}");
    assert!(std::error::Error::source(&err).is_some());
    let err = Level::load_tmx("/nonexistent/level.tmx").unwrap_err();
    assert!(matches!(err, LevelError::Tiled(_)), "{err:?}");
    // A map without an Objects layer is not a Cat Maze level.
    let text = String::from_utf8(catmaze::ORIGINAL_TMX.to_vec()).unwrap();
    let renamed = text.replace("name=\"Objects\"", "name=\"Things\"");
    assert_ne!(renamed, text);
    assert_eq!(
        Level::from_tmx_bytes(renamed.as_bytes()),
        Err(LevelError::MissingLayer {
            name: "Objects".to_string()
        })
    );
    // Truncated data is refused, not half-loaded.
    let cut = &catmaze::ORIGINAL_TMX[..catmaze::ORIGINAL_TMX.len() / 2];
    assert!(Level::from_tmx_bytes(cut).is_err());
}
