//! Round trips of multi-level maps through `serde` (JSON): random maps, edited as a game edits
//! them (portals switched off, removed, added; cells walled, portal ends included), load back
//! equal, keep every portal handle, and answer every query as the independent oracle of
//! `support/levels_oracle.rs` says, before and after more edits made through the old handles.
//! Forged data is refused with an error that names what is wrong.
#![cfg(feature = "serde")]

use crate::levels_properties::{check_query, edit, place, random_pair, random_spot, stream, Pair};
use pathkit::grid::{Cell, Grid};
use pathkit::levels::{LevelError, LevelMap, Place, Portal};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use serde_json::{json, Value};

fn round_trip(map: &LevelMap) -> LevelMap {
    let text = serde_json::to_string(map).unwrap();
    let back: LevelMap = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, map);
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    back
}

/// The error loading `value` gives, as text.
fn refusal(value: &Value) -> String {
    serde_json::from_value::<LevelMap>(value.clone())
        .unwrap_err()
        .to_string()
}

#[test]
fn saved_maps_load_equal_and_answer_as_the_oracle() {
    let mut ctx = SearchContext::new();
    let (mut queries, mut reachable) = (0u32, 0u32);
    for seed in 0..400u64 {
        let mut pair = random_pair(seed + 50_000);
        let mut next = stream(seed ^ 0x5E7DE);
        for _ in 0..next() % 6 {
            edit(&mut pair, &mut next);
        }
        // The loaded map replaces the original; the oracle and the handles stay as they were.
        pair.map = round_trip(&pair.map);
        same_portals(&pair);
        for q in 0..6 {
            if q > 0 {
                edit(&mut pair, &mut next);
            }
            let start = random_spot(&pair.oracle, &mut next);
            let goal = random_spot(&pair.oracle, &mut next);
            let why = format!("seed {seed}, query {q} after loading, {start:?} -> {goal:?}");
            reachable += u32::from(check_query(&pair, &mut ctx, start, goal, &why));
            queries += 1;
        }
        same_portals(&pair);
        round_trip(&pair.map);
    }
    assert!(queries >= 2_400);
    assert!(
        reachable > queries / 5 && reachable < queries * 4 / 5,
        "{reachable} of {queries} reachable"
    );
}

#[test]
fn handles_survive_loading_and_are_not_reused() {
    let mut map = LevelMap::new(vec![Grid::new(4, 1).unwrap(), Grid::new(4, 1).unwrap()]).unwrap();
    let hop = |x| Portal {
        from: Place::new(0, x, 0),
        to: Place::new(1, x, 0),
        cost: 1.5,
        two_way: x % 2 == 0,
    };
    let ids: Vec<_> = (0..4).map(|x| map.add_portal(hop(x)).unwrap()).collect();
    map.remove_portal(ids[1]).unwrap();
    map.remove_portal(ids[3]).unwrap();
    map.set_portal_enabled(ids[2], false).unwrap();
    let text = serde_json::to_string(&map).unwrap();
    let saved: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["portals"][1], Value::Null);
    assert_eq!(saved["portals"][3], Value::Null);
    assert_eq!(saved["portals"][2]["enabled"], json!(false));

    let mut loaded = round_trip(&map);
    assert_eq!(loaded.portal(ids[0]), Some(&hop(0)));
    assert_eq!(loaded.portal(ids[1]), None);
    assert_eq!(loaded.is_portal_enabled(ids[2]), Some(false));
    assert_eq!(
        loaded.remove_portal(ids[3]),
        Err(LevelError::UnknownPortal { id: ids[3] })
    );
    // The next handle is the one the original map would give.
    assert_eq!(loaded.add_portal(hop(1)), map.add_portal(hop(1)));
    assert_eq!(loaded, map);
}

#[test]
fn portals_walled_in_or_cut_off_by_edits_are_kept() {
    let mut map = LevelMap::new(vec![Grid::new(5, 5).unwrap(), Grid::new(5, 5).unwrap()]).unwrap();
    let far = map
        .add_portal(Portal {
            from: Place::new(0, 0, 0),
            to: Place::new(1, 4, 4),
            cost: 0.0,
            two_way: true,
        })
        .unwrap();
    let walled = map
        .add_portal(Portal {
            from: Place::new(0, 2, 2),
            to: Place::new(1, 0, 0),
            cost: 3.0,
            two_way: false,
        })
        .unwrap();
    // Floor 1 shrinks: `far` now ends outside it. A wall goes over `walled`'s entry.
    *map.floor_mut(1).unwrap() = Grid::new(2, 2).unwrap();
    map.floor_mut(0).unwrap().block(Cell::new(2, 2)).unwrap();
    let loaded = round_trip(&map);
    assert_eq!(loaded.portal(far), map.portal(far));
    assert_eq!(loaded.portal(walled), map.portal(walled));
    // Neither can be taken, in either map.
    for m in [&map, &loaded] {
        let space = m.eight_connected().unwrap();
        let mut ctx = SearchContext::new();
        let out = space
            .find_path(&mut ctx, Place::new(0, 0, 0), Place::new(1, 0, 0))
            .unwrap();
        assert!(out.path().is_none());
    }
}

#[test]
fn forged_maps_are_refused_with_the_reason() {
    let floor = json!({"width": 2, "height": 1, "weights": [1, 0]});
    let portal = |from_floor: u32, to_floor: u32, cost: Value| {
        json!({
            "from": {"floor": from_floor, "cell": {"x": 0, "y": 0}},
            "to": {"floor": to_floor, "cell": {"x": 1, "y": 0}},
            "cost": cost, "two_way": true, "enabled": true
        })
    };
    let good = json!({"floors": [floor, floor], "portals": [portal(0, 1, json!(2.0)), null]});
    let map: LevelMap = serde_json::from_value(good).unwrap();
    // A portal to a wall loads (a floor edit may wall an end in) but is never taken.
    assert_eq!(map.portals().count(), 1);

    let no_floors = json!({"floors": [], "portals": []});
    assert!(refusal(&no_floors).contains("at least one floor"));
    let nowhere = json!({"floors": [floor], "portals": [null, portal(0, 3, json!(1.0))]});
    assert!(refusal(&nowhere).contains("saved portal 1: there is no floor 3"));
    let from_nowhere = json!({"floors": [floor], "portals": [portal(7, 0, json!(1.0))]});
    assert!(refusal(&from_nowhere).contains("saved portal 0: there is no floor 7"));
    let negative = json!({"floors": [floor], "portals": [portal(0, 0, json!(-0.5))]});
    assert!(refusal(&negative).contains("saved portal 0: portal cost -0.5"));
    let short_floor = json!({"floors": [{"width": 3, "height": 1, "weights": [1]}], "portals": []});
    assert!(refusal(&short_floor).contains("a 3x1 grid needs 3 weights"));
    let no_portals = json!({"floors": [floor]});
    assert!(refusal(&no_portals).contains("portals"));
    let bad_cost = json!({"floors": [floor], "portals": [portal(0, 0, json!("free"))]});
    assert!(serde_json::from_value::<LevelMap>(bad_cost).is_err());
    // JSON has no NaN or infinity; a number beyond f64 is refused by the parser.
    let text = r#"{"floors":[{"width":1,"height":1,"weights":[1]}],"portals":[{"from":{"floor":0,"cell":{"x":0,"y":0}},"to":{"floor":0,"cell":{"x":0,"y":0}},"cost":1e999,"two_way":false,"enabled":true}]}"#;
    assert!(serde_json::from_str::<LevelMap>(text).is_err());
}

#[test]
fn the_saved_portal_error_names_its_cause() {
    let err = LevelError::SavedPortal {
        portal: 4,
        error: Box::new(LevelError::InvalidPortalCost { cost: -1.0 }),
    };
    assert_eq!(
        err.to_string(),
        "saved portal 4: portal cost -1 is not a finite, non-negative number"
    );
    let source = std::error::Error::source(&err).unwrap();
    assert_eq!(
        source.to_string(),
        LevelError::InvalidPortalCost { cost: -1.0 }.to_string()
    );
}

/// The handles `pair` holds, as the oracle's links know them, keep naming the same portals.
fn same_portals(pair: &Pair) {
    for (i, link) in pair.oracle.links.iter().enumerate() {
        let portal = pair.map.portal(pair.ids[i]);
        assert_eq!(portal.is_none(), link.gone);
        if let Some(p) = portal {
            assert_eq!((p.from, p.to), (place(link.from), place(link.to)));
        }
    }
}

#[test]
fn the_fuzz_targets_seeds_load() {
    // The fuzzer starts from these: saved maps with stairs, a lift out of service, teleporters,
    // removed portals and ends cut off by floor edits. They must load, or it starts from nothing.
    let loaded = crate::fuzz_inputs::inputs("level_map_json")
        .iter()
        .filter(|(_, bytes)| serde_json::from_slice::<LevelMap>(bytes).is_ok())
        .count();
    assert!(loaded >= 4, "{loaded} seeds load");
}
