//! Multi-level Tiled maps: `fixtures/two_floors.tmx` loads into a level map whose paths take the
//! stairs, and malformed portal objects are refused with the object named.
#![cfg(feature = "tiled")]

use pathkit::format::{PortalProblem, TiledError, TiledLevels};
use pathkit::levels::{LevelError, Place, Portal};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;
use std::path::Path;

fn two_floors() -> TiledLevels {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/two_floors.tmx");
    TiledLevels::load(path).unwrap()
}

#[test]
fn the_example_level_loads_its_floors_and_portals() {
    let levels = two_floors();
    let (map, ids) = levels.to_level_map("Wall").unwrap();
    assert_eq!(map.floor_count(), 2);
    assert_eq!(
        map.floor(0).unwrap().to_ascii(),
        "...#..\n...#..\n...#..\n...#..\n"
    );
    assert_eq!(
        map.floor(1).unwrap().to_ascii(),
        ".#....\n.#....\n.#....\n.#....\n"
    );
    let objects: Vec<u32> = levels.portals.iter().map(|p| p.object).collect();
    assert_eq!(objects, [1, 2, 3, 4]);
    assert_eq!(
        levels.portals[0].portal,
        Portal {
            from: Place::new(0, 1, 1),
            to: Place::new(1, 2, 1),
            cost: 2.0,
            two_way: true
        }
    );
    assert_eq!(levels.portals[1].portal.from, Place::new(0, 4, 2));
    // The rectangle's top-left corner gives its cell.
    assert_eq!(levels.portals[2].portal.from, Place::new(0, 0, 3));
    assert_eq!(
        levels.portals[3].portal,
        Portal {
            from: Place::new(1, 5, 3),
            to: Place::new(0, 0, 0),
            cost: 0.5,
            two_way: false
        }
    );
    let enabled: Vec<Option<bool>> = ids.iter().map(|&id| map.is_portal_enabled(id)).collect();
    assert_eq!(enabled, [Some(true), Some(true), Some(false), Some(true)]);
}

#[test]
fn a_path_across_the_ground_floor_wall_takes_the_stairs() {
    let (mut map, ids) = two_floors().to_level_map("Wall").unwrap();
    let mut ctx = SearchContext::new();
    let (start, goal) = (Place::new(0, 0, 1), Place::new(0, 5, 1));
    let path = map
        .four_connected()
        .unwrap()
        .find_path(&mut ctx, start, goal)
        .unwrap()
        .into_path()
        .unwrap();
    // To the west stairs (1), up (2), across to the east stairs (2 + 1), down (2), on (1 + 1).
    assert_eq!(path.cost, 10.0);
    assert!(path.nodes.contains(&Place::new(0, 1, 1)) && path.nodes.contains(&Place::new(1, 4, 2)));
    // Back from the east side: to the east stairs (2), up (2), to the teleporter (2), through it.
    let back = map
        .four_connected()
        .unwrap()
        .find_path(&mut ctx, goal, Place::new(0, 0, 0))
        .unwrap()
        .into_path()
        .unwrap();
    assert!(back.nodes.contains(&Place::new(1, 5, 3)));
    assert_eq!(back.cost, 2.0 + 2.0 + 2.0 + 0.5);
    // Both stairs out of service: the two halves of the ground floor are cut apart, and the
    // elevator, put back in service, leads only to the upper floor's walled-off west column.
    map.set_portal_enabled(ids[0], false).unwrap();
    map.set_portal_enabled(ids[1], false).unwrap();
    map.set_portal_enabled(ids[2], true).unwrap();
    let search = |map: &pathkit::levels::LevelMap, ctx: &mut SearchContext<f64>, from, to| {
        map.four_connected()
            .unwrap()
            .find_path(ctx, from, to)
            .unwrap()
            .is_found()
    };
    assert!(!search(&map, &mut ctx, start, goal));
    assert!(search(&map, &mut ctx, start, Place::new(1, 0, 0)));
    // The east stairs back: the east half reaches the west through the one-way teleporter, and
    // the west half still cannot go east.
    map.set_portal_enabled(ids[1], true).unwrap();
    assert!(search(&map, &mut ctx, goal, start));
    assert!(!search(&map, &mut ctx, start, goal));
}

fn with_portal(properties: &str, position: &str) -> Vec<u8> {
    format!(
        r#"<map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2" columns="2"><image source="t.png" width="16" height="8"/>
  <tile id="1"><properties><property name="Wall" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer id="1" name="Ground" width="3" height="1"><data encoding="csv">1,1,2</data></layer>
 <objectgroup id="2" name="Portals">
  <object id="9" class="Portal" {position}><properties>{properties}</properties></object>
  <object id="10" type="decoration" x="0" y="0"/>
 </objectgroup>
</map>"#
    )
    .into_bytes()
}

#[test]
fn malformed_portal_objects_are_refused_with_their_id() {
    let p = |name: &str, value: &str| format!(r#"<property name="{name}" value="{value}"/>"#);
    let base = p("from_floor", "Ground") + &p("to_x", "1") + &p("to_y", "0");
    // A teleporter within the floor, every default taken; the decoration is no portal.
    let levels = TiledLevels::from_bytes(&with_portal(&base, r#"x="0" y="0""#)).unwrap();
    assert_eq!(levels.portals.len(), 1);
    assert_eq!(
        levels.portals[0].portal,
        Portal {
            from: Place::new(0, 0, 0),
            to: Place::new(0, 1, 0),
            cost: 1.0,
            two_way: false
        }
    );
    let problem = |xml: Vec<u8>| match TiledLevels::from_bytes(&xml) {
        Err(TiledError::Portal { object: 9, problem }) => problem,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        problem(with_portal(
            &(p("from_floor", "Ground") + &p("to_x", "1")),
            r#"x="0" y="0""#
        )),
        PortalProblem::MissingProperty { name: "to_y" }
    );
    assert_eq!(
        problem(with_portal(
            &(base.clone() + &p("to_floor", "Attic")),
            r#"x="0" y="0""#
        )),
        PortalProblem::NoSuchFloor {
            name: "Attic".into()
        }
    );
    assert_eq!(
        problem(with_portal(
            &(base.clone() + &p("two_way", "maybe")),
            r#"x="0" y="0""#
        )),
        PortalProblem::BadValue {
            name: "two_way",
            value: "maybe".into()
        }
    );
    assert_eq!(
        problem(with_portal(&base, r#"x="-9" y="0""#)),
        PortalProblem::BadValue {
            name: "x",
            value: "-9".into()
        }
    );
    // Well formed, but the map refuses it: an end on the wall, a negative cost.
    let refused = |xml: Vec<u8>| match TiledLevels::from_bytes(&xml).unwrap().to_level_map("Wall") {
        Err(TiledError::Portal {
            object: 9,
            problem: PortalProblem::Refused(e),
        }) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(with_portal(&base, r#"x="16" y="0""#)),
        LevelError::Walled {
            place: Place::new(0, 2, 0)
        }
    );
    assert_eq!(
        refused(with_portal(
            &(base.clone() + &p("cost", "-1")),
            r#"x="0" y="0""#
        )),
        LevelError::InvalidPortalCost { cost: -1.0 }
    );
}
