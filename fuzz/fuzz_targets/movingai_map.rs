//! Any bytes: `MovingAiMap::parse` never panics, and a map it accepts writes back to text that
//! parses to the same map and writes the same text again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathkit::format::MovingAiMap;

fuzz_target!(|data: &[u8]| {
    let Ok(map) = MovingAiMap::parse(data) else {
        return;
    };
    let text = map.to_string();
    let again = MovingAiMap::parse(text.as_bytes()).expect("a written map parses");
    assert_eq!(again, map);
    assert_eq!(again.to_string(), text);
    let grid = map.to_grid().expect("a parsed map fits in a grid");
    assert_eq!((grid.width(), grid.height()), (map.width(), map.height()));
});
