//! Any bytes: `Scenario::parse` never panics, and a scenario it accepts writes back to text that
//! parses to the same problems; writing that again gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathkit::format::Scenario;

fuzz_target!(|data: &[u8]| {
    let Ok(scen) = Scenario::parse(data) else {
        return;
    };
    let text = scen.to_string();
    let again = Scenario::parse(text.as_bytes()).expect("a written scenario parses");
    assert_eq!(again.entries(), scen.entries());
    assert_eq!(again.version(), scen.version());
    assert_eq!(again.separator(), scen.separator());
    assert_eq!(again.line_ending(), scen.line_ending());
    assert_eq!(again.to_string(), text);
    assert!(scen.tolerance() > 0.0 && scen.tolerance().is_finite());
});
