//! Jump Point Search and JPS+ on real Moving AI benchmark maps: every scenario line (or an even
//! sample of the largest file) must cost exactly the published optimal length.
//!
//! The data lives in `<workspace>/../shared/movingai`; when it is missing the tests say so and pass.

use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/movingai")
}

/// A Moving AI `.map`: `.`, `G` and `S` are passable, everything else is blocked.
fn load_map(text: &str) -> Grid {
    let mut lines = text.lines();
    let (mut width, mut height) = (0u32, 0u32);
    for line in lines.by_ref() {
        let line = line.trim();
        if line == "map" {
            break;
        }
        if let Some(v) = line.strip_prefix("width ") {
            width = v.trim().parse().unwrap();
        }
        if let Some(v) = line.strip_prefix("height ") {
            height = v.trim().parse().unwrap();
        }
    }
    let rows: Vec<&[u8]> = lines.map(|l| l.trim_end().as_bytes()).collect();
    Grid::from_fn(width, height, |c| {
        u32::from(matches!(
            rows[c.y as usize][c.x as usize],
            b'.' | b'G' | b'S'
        ))
    })
    .unwrap()
}

/// Scenario lines as (start, goal, optimal length), and the comparison tolerance: lengths printed
/// with 8 decimals are compared to 1e-6, the older ~6-digit ones to 5e-3.
fn load_scen(text: &str) -> (Vec<(Cell, Cell, f64)>, f64) {
    let mut precise = true;
    let mut out = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| f[i].parse::<u32>().unwrap();
        let length = f[8];
        if length.split('.').nth(1).is_none_or(|d| d.len() < 8) {
            precise = false;
        }
        out.push((
            Cell::new(n(4), n(5)),
            Cell::new(n(6), n(7)),
            length.parse().unwrap(),
        ));
    }
    (out, if precise { 1e-6 } else { 5e-3 })
}

/// Checks every `stride`-th line of `<name>.map.scen` with online JPS and JPS+.
fn check_map(name: &str, stride: usize) {
    let dir = data_dir();
    let (Ok(map), Ok(scen)) = (
        std::fs::read_to_string(dir.join(format!("{name}.map"))),
        std::fs::read_to_string(dir.join(format!("{name}.map.scen"))),
    ) else {
        println!(
            "skipping {name}: Moving AI data not found in {}",
            dir.display()
        );
        return;
    };
    let grid = load_map(&map);
    let (queries, tolerance) = load_scen(&scen);
    let plus = JpsPlus::new(grid.clone()).unwrap();
    let mut ctx = JpsContext::new();
    let mut path = Vec::new();
    let mut checked = 0;
    for &(start, goal, optimal) in queries.iter().step_by(stride) {
        let status = ctx
            .find_path_into(&grid, start, goal, JpsMode::EIGHT, &mut path)
            .unwrap();
        let cost = match status {
            pathkit::search::Status::Found { cost } => cost,
            other => panic!("{name}: {start} -> {goal}: {other:?}"),
        };
        assert!(
            (cost - optimal).abs() <= tolerance,
            "{name}: {start} -> {goal}: jps {cost}, optimal {optimal}"
        );
        assert_eq!(path.first(), Some(&start));
        assert_eq!(path.last(), Some(&goal));
        let plus_cost = plus
            .find_path(&mut ctx, start, goal, PathMode::JumpPoints)
            .unwrap()
            .into_path()
            .unwrap_or_else(|| panic!("{name}: jps+ found no path {start} -> {goal}"))
            .cost;
        assert!(
            (plus_cost - optimal).abs() <= tolerance,
            "{name}: {start} -> {goal}: jps+ {plus_cost}, optimal {optimal}"
        );
        checked += 1;
    }
    assert!(checked > 0, "{name}: no scenario lines");
    println!("{name}: {checked} scenario lines match (tolerance {tolerance:e})");
}

#[test]
fn den520d_every_line() {
    check_map("den520d", 1);
}

#[test]
fn ar0011sr_every_line() {
    check_map("AR0011SR", 1);
}

#[test]
fn maze512_1_0_sample() {
    check_map("maze512-1-0", 7);
}

#[test]
fn acrossthecape_sample() {
    check_map("AcrosstheCape", 5);
}

#[test]
fn street_and_room_maps_every_line() {
    for name in ["Berlin_1_256", "8room_000", "lak104d"] {
        check_map(name, 1);
    }
}
