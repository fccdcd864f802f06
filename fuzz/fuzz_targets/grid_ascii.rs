//! Any text: `Grid::from_ascii` never panics, and a grid it accepts prints (`to_ascii`) to text
//! that parses to the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathkit::grid::Grid;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = Grid::from_ascii(text) else {
        return;
    };
    let printed = grid.to_ascii();
    let again = Grid::from_ascii(&printed).expect("a printed grid parses");
    assert_eq!(again, grid);
});
