//! The checks of the `hex_ascii` fuzz target, shared with its regression replay: any text given
//! to [`HexGrid::from_ascii`] is refused with a typed error or read into a grid that prints
//! back to text reading to the same grid; on a small grid read, searches from one hex to every
//! other agree with the hex oracle.

use crate::hex_oracle::{Drawing, HexMap};
use pathkit::hex::{HexError, HexGrid, HexLayout};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// Grids with more hexes than this are only printed back, not searched.
const SEARCHED_HEXES: usize = 256;

pub fn hex_ascii(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let grid = match HexGrid::from_ascii(text) {
        Ok(grid) => grid,
        Err(HexError::Parse { line, column, .. }) => {
            assert!(
                line >= 1 && line <= text.lines().count().max(1) + 1,
                "line {line}"
            );
            assert!(column >= 1, "column {column}");
            return;
        }
        Err(
            HexError::Empty { .. } | HexError::Refused(pathkit::limits::Refusal::TooLarge { .. }),
        ) => return,
        Err(e) => panic!("unexpected error {e:?}"),
    };
    let printed = grid.to_ascii();
    let again = HexGrid::from_ascii(&printed).expect("a printed grid parses");
    assert_eq!(again, grid, "{printed}");
    assert_eq!(again.to_ascii(), printed);
    if grid.len() <= SEARCHED_HEXES {
        search_from_first_hex(&grid);
    }
}

/// From the first passable hex to every hex: the oracle's costs, walks the oracle accepts.
fn search_from_first_hex(grid: &HexGrid) {
    let drawing = match grid.layout() {
        HexLayout::OddR => Drawing {
            rows_shifted: true,
            odd_shifted: true,
        },
        HexLayout::EvenR => Drawing {
            rows_shifted: true,
            odd_shifted: false,
        },
        HexLayout::OddQ => Drawing {
            rows_shifted: false,
            odd_shifted: true,
        },
        HexLayout::EvenQ => Drawing {
            rows_shifted: false,
            odd_shifted: false,
        },
    };
    let map = HexMap {
        drawing,
        width: grid.width() as i64,
        height: grid.height() as i64,
        weights: grid.weights().to_vec(),
    };
    let Some(first) = map.weights.iter().position(|&w| w != 0) else {
        return;
    };
    let at = |i: usize| (i as i64 % map.width, i as i64 / map.width);
    let start = at(first);
    let best = map.distances(start);
    let mut ctx = SearchContext::new();
    for (i, expected) in best.iter().enumerate() {
        let goal = at(i);
        let outcome = grid
            .find_path(&mut ctx, grid.hex_at_index(first), grid.hex_at_index(i))
            .expect("hexes of the grid are searched");
        let Some(path) = outcome.path() else {
            assert_eq!(*expected, None, "{start:?} -> {goal:?}\n{}", map.picture());
            continue;
        };
        assert_eq!(
            Some(path.cost),
            *expected,
            "{start:?} -> {goal:?}\n{}",
            map.picture()
        );
        let cells: Vec<(i64, i64)> = path
            .nodes
            .iter()
            .map(|&h| map.drawing.offset(h.q as i64, h.r as i64))
            .collect();
        assert_eq!(map.path_cost(start, goal, &cells), Ok(path.cost));
    }
}
