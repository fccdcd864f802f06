//! What the `level_map_json` fuzz target checks on one input, shared by the target
//! (`fuzz/fuzz_targets/level_map_json.rs`) and its regression replay
//! (`tests/format_fuzz_regressions.rs`), which include this file with `#[path]`.
//!
//! Any bytes as JSON (feature `serde`): loading a `LevelMap` never panics. A map that loads keeps
//! what every map keeps (at least one floor, portal costs finite and non-negative, portal ends on
//! floors of the map), writes back to JSON that loads equal, and is searched without panicking:
//! on small maps every answer matches the independent oracle of `support/levels_oracle.rs`, fed
//! the loaded floors' weights and portals. Its portals are then switched, removed and added through
//! their handles, and the oracle agrees again.

#![allow(dead_code)] // Each including crate uses its own part.

#[cfg(feature = "serde")]
pub fn level_map_json(data: &[u8]) {
    use crate::levels_oracle::{Floor, Levels, Link, Rule, Spot};
    use pathkit::levels::{LevelError, LevelMap, Place, Portal};
    use pathkit::search::{SearchContext, SearchError};
    use pathkit::Pathfinder;

    let Ok(mut map) = serde_json::from_slice::<LevelMap>(data) else {
        return;
    };
    assert!(map.floor_count() >= 1);
    for (_, p, _) in map.portals() {
        assert!(
            p.cost.is_finite() && p.cost >= 0.0,
            "portal cost {}",
            p.cost
        );
        assert!(map.floor(p.from.floor).is_some() && map.floor(p.to.floor).is_some());
    }
    let text = serde_json::to_string(&map).expect("a level map writes as JSON");
    let back: LevelMap = serde_json::from_str(&text).expect("a written level map loads");
    assert!(back == map, "a written level map loads equal");

    let cells: usize = map.floors().iter().map(|g| g.len()).sum();
    let small = cells <= 512;
    let oracle_of = |map: &LevelMap| Levels {
        floors: map
            .floors()
            .iter()
            .map(|g| Floor {
                width: i64::from(g.width()),
                height: i64::from(g.height()),
                weights: (0..g.len()).map(|i| g.weight(g.cell_at(i))).collect(),
            })
            .collect(),
        links: map
            .portals()
            .map(|(_, p, on)| Link {
                from: spot(p.from),
                to: spot(p.to),
                cost: p.cost,
                both_ways: p.two_way,
                on,
                gone: false,
            })
            .collect(),
        rule: Rule::BothSidesOpen,
        straight: 1.0,
        diagonal: std::f64::consts::SQRT_2,
    };
    fn spot(p: Place) -> Spot {
        (p.floor as usize, i64::from(p.cell.x), i64::from(p.cell.y))
    }
    // Places to search between: each floor's corners and every portal's ends (some may lie off
    // their floor, which a search must refuse with a typed error).
    let places = |map: &LevelMap| -> Vec<Place> {
        let mut out = Vec::new();
        for (f, g) in map.floors().iter().enumerate() {
            out.push(Place::new(f as u32, 0, 0));
            out.push(Place::new(f as u32, g.width() - 1, g.height() - 1));
        }
        for (_, p, _) in map.portals().take(6) {
            out.extend([p.from, p.to]);
        }
        out.truncate(10);
        out
    };
    let check = |map: &LevelMap| {
        let space = map.eight_connected().expect("a loaded map makes a space");
        let oracle = small.then(|| oracle_of(map));
        let mut ctx = SearchContext::new();
        let places = places(map);
        for &a in &places {
            for &b in &places {
                let on_map = |p: Place| map.floor(p.floor).is_some_and(|g| g.check(p.cell).is_ok());
                match space.find_path(&mut ctx, a, b) {
                    Ok(outcome) => {
                        assert!(on_map(a) && on_map(b), "{a} -> {b} searched off the map");
                        let found = outcome.path().map(|p| p.cost);
                        if let Some(cost) = found {
                            assert!(cost.is_finite() && cost >= 0.0);
                        }
                        if let Some(oracle) = &oracle {
                            let expected = oracle.shortest(spot(a), spot(b));
                            match (expected, found) {
                                (None, None) => {}
                                (Some(e), Some(f)) => assert!(
                                    (e - f).abs() <= 1e-9 * e.abs().max(f.abs()).max(1.0),
                                    "{a} -> {b}: {f}, the oracle {e}"
                                ),
                                (e, f) => panic!("{a} -> {b}: {f:?}, the oracle {e:?}"),
                            }
                        }
                    }
                    Err(SearchError::NodeOutOfBounds { .. }) => {
                        assert!(!(on_map(a) && on_map(b)), "{a} -> {b} refused on the map");
                    }
                    // Portal costs near `f64::MAX` add up past it: a typed refusal.
                    Err(SearchError::CostOverflow { .. }) => {}
                    Err(other) => panic!("{a} -> {b} failed with {other:?}"),
                }
            }
        }
    };
    check(&map);

    // Through the loaded handles: switch the first portal, remove the second, add one between
    // the first open cells of the first and last floors.
    let ids: Vec<_> = map.portals().map(|(id, _, _)| id).take(2).collect();
    if let Some(&first) = ids.first() {
        let on = map.is_portal_enabled(first).expect("a loaded handle");
        map.set_portal_enabled(first, !on).expect("a loaded handle");
    }
    if let Some(&second) = ids.get(1) {
        map.remove_portal(second).expect("a loaded handle");
        assert_eq!(
            map.remove_portal(second),
            Err(LevelError::UnknownPortal { id: second })
        );
    }
    let open = |f: u32| {
        let g = map.floor(f)?;
        (0..g.len())
            .map(|i| g.cell_at(i))
            .find(|&c| g.is_passable(c))
            .map(|c| Place { floor: f, cell: c })
    };
    if let (Some(from), Some(to)) = (open(0), open(map.floor_count() - 1)) {
        let portal = Portal {
            from,
            to,
            cost: 1.0,
            two_way: true,
        };
        if let Err(e) = map.add_portal(portal) {
            assert!(
                matches!(
                    e,
                    LevelError::Refused(pathkit::limits::Refusal::TooLarge { .. })
                ),
                "{e:?}"
            );
        }
    }
    check(&map);
}
