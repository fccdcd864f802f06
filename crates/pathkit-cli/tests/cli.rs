//! Runs the real `pathkit` binary on small fixtures: the Moving AI files kept in the repository and
//! maps written by the tests. Nothing here needs the full benchmark set.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn pathkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pathkit"))
        .args(args)
        .output()
        .expect("the pathkit binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The Moving AI files kept in the repository (pathkit's test fixtures): `lak104d` and `arena` with
/// their scenario files (current and 2011 format), `legacy/` (a 2011 file whose map is one folder
/// up) and `mapf/` (a MAPF map and scenario file).
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pathkit/tests/fixtures")
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pathkit-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The line `lines=N mismatches=N unreachable=N ...` that ends a verify run.
fn total_line(out: &str) -> &str {
    out.lines()
        .rfind(|l| l.starts_with("lines="))
        .expect("a total line")
}

#[test]
fn verify_passes_on_a_real_scenario_file() {
    let scen = fixtures().join("lak104d.map.scen");
    let o = pathkit(&["verify", scen.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(
        total_line(&out).starts_with("lines=120 mismatches=0 unreachable=0"),
        "{out}"
    );
    for algo in ["jps", "jps-plus"] {
        let o = pathkit(&["verify", "--algo", algo, scen.to_str().unwrap()]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{algo}: {out}");
        assert!(total_line(&out).starts_with("lines=120 mismatches=0 unreachable=0"));
    }
}

#[test]
fn verify_finds_every_scenario_file_of_a_folder_in_every_format() {
    // Laid out like the benchmark set: current and 2011 files beside their maps, a 2011 file in
    // `legacy/` whose map is one folder up, and a MAPF map with its `<map>-even-1.scen` in `mapf/`.
    let tmp = scratch("folder");
    for sub in ["legacy", "mapf"] {
        std::fs::create_dir_all(tmp.join(sub)).unwrap();
    }
    for file in [
        "lak104d.map",
        "lak104d.map.scen",
        "arena.map",
        "arena.map.scen",
        "legacy/lak104d.map.scen",
        "mapf/random-32-32-20.map",
        "mapf/random-32-32-20-even-1.scen",
    ] {
        std::fs::copy(fixtures().join(file), tmp.join(file)).unwrap();
    }
    for algo in ["astar", "astar-general", "jps", "jps-plus"] {
        let o = pathkit(&["verify", "--algo", algo, tmp.to_str().unwrap()]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{algo}: {out}{}", stderr(&o));
        // 160 + 120 + 130 + 100 lines, one report line per file.
        assert!(
            total_line(&out).starts_with("lines=510 mismatches=0 unreachable=0"),
            "{algo}: {out}"
        );
        for file in [
            "arena.map.scen",
            "lak104d.map.scen",
            "legacy/lak104d.map.scen",
            "mapf/random-32-32-20-even-1.scen",
        ] {
            assert!(out.contains(file), "{algo}: {file} not reported: {out}");
        }
    }
}

#[test]
fn verify_counts_a_wrong_length_and_exits_1() {
    let dir = fixtures();
    let tmp = scratch("wrong-length");
    std::fs::copy(dir.join("lak104d.map"), tmp.join("lak104d.map")).unwrap();
    let text = std::fs::read_to_string(dir.join("lak104d.map.scen")).unwrap();
    // Line 3 states 1.41421356; make it 2.41421356.
    let changed: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 2 {
                assert!(l.ends_with("\t1.41421356"), "fixture changed: {l}");
                l.replace("\t1.41421356", "\t2.41421356")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(tmp.join("lak104d.map.scen"), changed.join("\n") + "\n").unwrap();
    let o = pathkit(&["verify", tmp.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        total_line(&out).starts_with("lines=120 mismatches=1 unreachable=0"),
        "{out}"
    );
    assert!(out.contains("lak104d.map.scen:3: mismatch"), "{out}");
}

#[test]
fn verify_reports_a_malformed_line_with_its_number_and_exits_2() {
    let tmp = scratch("malformed");
    std::fs::write(
        tmp.join("tiny.map"),
        "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n",
    )
    .unwrap();
    std::fs::write(
        tmp.join("tiny.map.scen"),
        "version 1\n0\ttiny.map\t3\t2\t0\t0\t2\t0\t2.00000000\n0\ttiny.map\t3\t2\tzero\t0\t2\t1\t2.41421356\n",
    )
    .unwrap();
    let o = pathkit(&["verify", tmp.join("tiny.map.scen").to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{}{err}", stdout(&o));
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("tiny.map.scen"), "{err}");
}

#[test]
fn verify_of_a_missing_path_exits_2() {
    let o = pathkit(&["verify", "/nonexistent/nothing.scen"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/nothing.scen"));
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}

#[test]
fn path_prints_cost_and_drawing_and_writes_a_png() {
    let tmp = scratch("path");
    let map = tmp.join("room.txt");
    // Around the wall: no cutting its corners, so 1 + 3 + 1 straight moves.
    std::fs::write(&map, ".....\n.###.\n.....\n").unwrap();
    let png = tmp.join("room.png");
    let o = pathkit(&[
        "path",
        map.to_str().unwrap(),
        "0",
        "1",
        "4",
        "1",
        "--png",
        png.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.contains("cost: 6.00000000"), "{out}");
    assert!(out.contains("cells: 7"), "{out}");
    assert!(out.contains("S###G") || out.contains("\nS###G\n"), "{out}");
    assert!(out.contains("*****\n") || out.contains("*...*"), "{out}");
    let bytes = std::fs::read(&png).unwrap();
    // 5x3 cells at 8 pixels per cell.
    assert_eq!(png_size(&bytes), (40, 24));

    // Moving AI map, diagonal moves, and the same query with every algorithm.
    let mai = tmp.join("open.map");
    std::fs::write(
        &mai,
        "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n",
    )
    .unwrap();
    for algo in ["astar", "astar-general", "jps", "jps-plus"] {
        let o = pathkit(&[
            "path",
            mai.to_str().unwrap(),
            "0",
            "0",
            "3",
            "2",
            "--algo",
            algo,
        ]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{algo}: {out}{}", stderr(&o));
        assert!(out.contains("cost: 3.82842712"), "{algo}: {out}");
    }
    for algo in ["astar", "astar-general", "jps"] {
        let o = pathkit(&[
            "path",
            mai.to_str().unwrap(),
            "0",
            "0",
            "3",
            "2",
            "--four",
            "--algo",
            algo,
        ]);
        assert!(
            stdout(&o).contains("cost: 5.00000000"),
            "{algo}: {}",
            stdout(&o)
        );
    }
    let o = pathkit(&[
        "path",
        mai.to_str().unwrap(),
        "0",
        "0",
        "3",
        "2",
        "--four",
        "--algo",
        "jps-plus",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("8-connected"), "{}", stderr(&o));
}

#[test]
fn path_rejects_bad_coordinates_with_exit_2() {
    let tmp = scratch("path-errors");
    let map = tmp.join("room.txt");
    std::fs::write(&map, "...\n.#.\n...\n").unwrap();
    let m = map.to_str().unwrap();
    let o = pathkit(&["path", m, "0", "0", "3", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("goal (3, 0) is outside the 3x3 map"),
        "{}",
        stderr(&o)
    );
    let o = pathkit(&["path", m, "1", "1", "0", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("start (1, 1) is a blocked cell"),
        "{}",
        stderr(&o)
    );
    // A goal walled off: found unreachable, exit 1.
    std::fs::write(&map, "..#.\n..#.\n").unwrap();
    let o = pathkit(&["path", m, "0", "0", "3", "0"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no path"));
}

#[test]
fn bench_json_has_every_engine_and_ratios() {
    let scen = fixtures().join("lak104d.map.scen");
    let chart = scratch("bench").join("chart.svg");
    let o = pathkit(&[
        "bench",
        scen.to_str().unwrap(),
        "--limit",
        "5",
        "--json",
        "--chart",
        chart.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let maps = v["maps"].as_array().unwrap();
    assert_eq!(maps.len(), 1);
    assert_eq!(maps[0]["queries"], 5);
    let engines = maps[0]["engines"].as_array().unwrap();
    let names: Vec<&str> = engines
        .iter()
        .map(|e| e["engine"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "pathkit-astar",
            "pathkit-astar-general",
            "pathkit-jps",
            "pathkit-jps+",
            "pathfinding-astar",
            "grid_pathfinding-jps"
        ]
    );
    for e in engines {
        assert!(e["vs_pathfinding"].as_f64().unwrap() > 0.0, "{e}");
        assert!(e["vs_pathkit_jps"].as_f64().unwrap() > 0.0, "{e}");
        assert!(e["median_us"].as_f64().unwrap() > 0.0, "{e}");
        assert!(e["memory_bytes"].as_u64().unwrap() > 0, "{e}");
        if e["cuts_corners"] == false {
            assert_eq!(e["wrong"], 0, "{e}");
            assert_eq!(e["timed"], 5, "{e}");
        }
    }
    assert_eq!(engines[2]["vs_pathkit_jps"].as_f64(), Some(1.0));
    assert_eq!(engines[4]["vs_pathfinding"].as_f64(), Some(1.0));
    assert!(engines[3]["table_bytes"].as_u64().unwrap() > 0);
    assert_eq!(v["totals"].as_array().unwrap().len(), 6);
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("lak104d.map") && svg.contains("grid_pathfinding-jps"));
}

#[test]
fn bench_prints_the_table_and_saves_the_same_run_as_json() {
    let scen = fixtures().join("lak104d.map.scen");
    let json = scratch("bench-json-out").join("report.json");
    let o = pathkit(&[
        "bench",
        scen.to_str().unwrap(),
        "--limit",
        "3",
        "--rounds",
        "1",
        "--json-out",
        json.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(
        table.starts_with("map ") && table.contains("pathkit-astar"),
        "{table}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).expect("valid JSON");
    // The file holds the run the table shows: the same median for pathkit A*.
    let median = v["maps"][0]["engines"][0]["median_us"].as_f64().unwrap();
    let row = table
        .lines()
        .find(|l| l.starts_with("lak104d") && l.contains("pathkit-astar"))
        .unwrap();
    let shown: f64 = row.split_whitespace().nth(5).unwrap().parse().unwrap();
    assert!(
        (shown - median).abs() <= 0.01 * median.max(1.0),
        "{row} vs {median}"
    );
    // An unwritable file is a clear error.
    let o = pathkit(&[
        "bench",
        scen.to_str().unwrap(),
        "--limit",
        "1",
        "--rounds",
        "1",
        "--json-out",
        "/nonexistent-dir/report.json",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write /nonexistent-dir/report.json"),
        "{}",
        stderr(&o)
    );
}
