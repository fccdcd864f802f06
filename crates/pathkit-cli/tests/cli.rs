//! Runs the real `pathkit` binary on small fixtures: the Moving AI files kept in the repository and
//! maps written by the tests. Nothing here needs the full benchmark set.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the binary printed.
struct Run {
    /// Standard output.
    out: String,
    /// Standard error.
    err: String,
}

/// Runs `pathkit ARGS` and checks that it exits with `code`; a failure shows both outputs.
fn run(code: i32, args: &[&str]) -> Run {
    let o = Command::new(env!("CARGO_BIN_EXE_pathkit"))
        .args(args)
        .output()
        .expect("the pathkit binary runs");
    let run = Run {
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    };
    assert_eq!(
        o.status.code(),
        Some(code),
        "pathkit {}\nstdout:\n{}\nstderr:\n{}",
        args.join(" "),
        run.out,
        run.err
    );
    run
}

/// A path as an argument.
fn arg(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
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

/// Runs `pathkit verify ARGS`, checks the exit status and that the line ending the run,
/// `lines=N mismatches=N unreachable=N ...`, starts with `total`; returns the output.
fn verify(code: i32, args: &[&str], total: &str) -> String {
    let out = run(code, &[&["verify"], args].concat()).out;
    let last = out
        .lines()
        .rfind(|l| l.starts_with("lines="))
        .unwrap_or_else(|| panic!("no total line: {out}"));
    assert!(last.starts_with(total), "{args:?}: {last}");
    out
}

/// Runs `pathkit path MAP SX SY GX GY ARGS`, expecting a path, and returns the output after
/// checking the cost it prints.
fn path_with_cost(map: &Path, ends: [u32; 4], args: &[&str], cost: &str) -> String {
    let ends = ends.map(|v| v.to_string());
    let mut all = vec!["path", arg(map)];
    all.extend(ends.iter().map(String::as_str));
    all.extend(args);
    let out = run(0, &all).out;
    assert!(out.contains(&format!("\ncost: {cost}\n")), "{all:?}: {out}");
    out
}

/// A copy of lak104d's map and scenario file in a scratch folder, each line's stated length
/// changed by `change(line number, length)`.
fn lak104d_with_lengths(name: &str, change: impl Fn(usize, f64) -> f64) -> PathBuf {
    let dir = fixtures();
    let tmp = scratch(name);
    std::fs::copy(dir.join("lak104d.map"), tmp.join("lak104d.map")).unwrap();
    let text = std::fs::read_to_string(dir.join("lak104d.map.scen")).unwrap();
    let mut lines = vec![text.lines().next().unwrap().to_string()];
    for (i, l) in text.lines().enumerate().skip(1) {
        let (rest, length) = l.rsplit_once('\t').unwrap();
        let length: f64 = length.parse().unwrap();
        lines.push(format!("{rest}\t{:.8}", change(i + 1, length)));
    }
    std::fs::write(tmp.join("lak104d.map.scen"), lines.join("\n") + "\n").unwrap();
    tmp
}

#[test]
fn verify_passes_on_a_real_scenario_file() {
    let scen = fixtures().join("lak104d.map.scen");
    for algo in ["astar", "jps", "jps-plus", "subgoal"] {
        let out = verify(
            0,
            &["--algo", algo, arg(&scen)],
            "lines=120 mismatches=0 unreachable=0",
        );
        assert!(!out.contains("mismatch:"), "{algo}: {out}");
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
    for algo in ["astar", "astar-general", "jps", "jps-plus", "subgoal"] {
        // 160 + 120 + 130 + 100 lines, one report line per file.
        let out = verify(
            0,
            &["--algo", algo, arg(&tmp)],
            "lines=510 mismatches=0 unreachable=0",
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
fn verify_reports_a_wrong_length_with_its_line_and_exits_1() {
    // Line 3 states 1.41421356 (√2); make it 2.41421356.
    let tmp = lak104d_with_lengths("wrong-length", |line, len| {
        if line == 3 {
            assert!(
                (len - std::f64::consts::SQRT_2).abs() < 1e-8,
                "fixture changed"
            );
            len + 1.0
        } else {
            len
        }
    });
    let out = verify(1, &[arg(&tmp)], "lines=120 mismatches=1 unreachable=0");
    let scen = tmp.join("lak104d.map.scen");
    assert!(
        out.contains(&format!(
            "{}:3: mismatch: start (7, 28) goal (8, 27) expected 2.41421356 found 1.41421356 \
             (engine cost 1.41421356)\n",
            scen.display()
        )),
        "{out}"
    );
    // The largest difference is the mismatched line's, and both report lines say which it is.
    assert!(
        out.contains("mismatches=1 unreachable=0 maxdiff=1.000e0 (line 3) "),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "unreachable=0 maxdiff=1.000e0 ({}:3) ",
            scen.display()
        )),
        "{out}"
    );
}

#[test]
fn verify_lists_the_first_ten_failed_lines_and_counts_the_rest() {
    // Every line off by 1, line 50 by 2.
    let tmp = lak104d_with_lengths("all-wrong", |line, len| {
        len + if line == 50 { 2.0 } else { 1.0 }
    });
    let listed = |out: &str| out.lines().filter(|l| l.contains(": mismatch: ")).count();
    let out = verify(1, &[arg(&tmp)], "lines=120 mismatches=120 unreachable=0");
    assert_eq!(listed(&out), 10, "{out}");
    assert!(out.contains("lak104d.map.scen:2: mismatch: start (18, 35) goal (15, 37)"));
    assert!(out.contains("lak104d.map.scen:11: mismatch: "), "{out}");
    assert!(!out.contains("lak104d.map.scen:12: mismatch: "), "{out}");
    assert!(
        out.contains(
            "\n110 more mismatched or unreachable lines not listed (--show 0 lists every one)\n"
        ),
        "{out}"
    );
    assert!(out.contains("maxdiff=2.000e0 (line 50)"), "{out}");

    let out = verify(1, &["--show", "3", arg(&tmp)], "lines=120 mismatches=120");
    assert_eq!(listed(&out), 3, "{out}");
    assert!(out.contains("\n117 more mismatched"), "{out}");

    let out = verify(1, &["--show", "0", arg(&tmp)], "lines=120 mismatches=120");
    assert_eq!(listed(&out), 120, "{out}");
    assert!(out.contains("lak104d.map.scen:121: mismatch: "), "{out}");
    assert!(!out.contains("more mismatched"), "{out}");
}

#[test]
fn verify_lists_an_unreachable_goal_like_a_mismatch() {
    let tmp = scratch("unreachable");
    std::fs::write(
        tmp.join("split.map"),
        "type octile\nheight 2\nwidth 3\nmap\n.@.\n.@.\n",
    )
    .unwrap();
    std::fs::write(
        tmp.join("split.map.scen"),
        "version 1\n0\tsplit.map\t3\t2\t0\t0\t0\t1\t1.00000000\n0\tsplit.map\t3\t2\t0\t0\t2\t1\t3.00000000\n",
    )
    .unwrap();
    let out = verify(1, &[arg(&tmp)], "lines=2 mismatches=0 unreachable=1");
    assert!(
        out.contains(
            "split.map.scen:3: unreachable: start (0, 0) goal (2, 1) expected 3.00000000 found no path\n"
        ),
        "{out}"
    );
}

#[test]
fn verify_reports_a_malformed_line_with_its_number_and_exits_2() {
    let tmp = scratch("malformed");
    std::fs::write(
        tmp.join("tiny.map"),
        "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n",
    )
    .unwrap();
    let scen = tmp.join("tiny.map.scen");
    std::fs::write(
        &scen,
        "version 1\n0\ttiny.map\t3\t2\t0\t0\t2\t0\t2.00000000\n0\ttiny.map\t3\t2\tzero\t0\t2\t1\t2.41421356\n",
    )
    .unwrap();
    let err = run(2, &["verify", arg(&scen)]).err;
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("tiny.map.scen"), "{err}");
    // A cell outside the map (which is smaller than the file says) is written (x, y), like
    // every cell the command prints.
    std::fs::write(
        &scen,
        "version 1\n0\ttiny.map\t6\t2\t0\t0\t5\t1\t5.00000000\n",
    )
    .unwrap();
    let err = run(2, &["verify", arg(&scen)]).err;
    assert!(
        err.contains("line 2: goal (5, 1) is outside the 3x2 map"),
        "{err}"
    );
}

#[test]
fn verify_of_a_missing_path_exits_2() {
    let err = run(2, &["verify", "/nonexistent/nothing.scen"]).err;
    assert!(err.contains("/nonexistent/nothing.scen"), "{err}");
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
    let out = path_with_cost(&map, [0, 1, 4, 1], &["--png", arg(&png)], "6.00000000");
    assert!(out.contains("\ncells: 7\n"), "{out}");
    // Cells are written (x, y) everywhere.
    assert!(out.contains("\nfrom (0, 1) to (4, 1), "), "{out}");
    let list = out.lines().find(|l| l.starts_with("path: ")).unwrap();
    assert!(
        list == "path: (0, 1) (0, 0) (1, 0) (2, 0) (3, 0) (4, 0) (4, 1)"
            || list == "path: (0, 1) (0, 2) (1, 2) (2, 2) (3, 2) (4, 2) (4, 1)",
        "{list}"
    );
    assert!(out.contains("\nS###G\n"), "{out}");
    assert!(out.contains("*****\n"), "{out}");
    // A small map is drawn whole, without a note.
    assert!(!out.contains("note:"), "{out}");
    // 5x3 cells at 8 pixels per cell.
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (40, 24));

    // Moving AI map, diagonal moves, and the same query with every algorithm.
    let mai = tmp.join("open.map");
    std::fs::write(
        &mai,
        "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n",
    )
    .unwrap();
    for algo in ["astar", "astar-general", "jps", "jps-plus", "subgoal"] {
        path_with_cost(&mai, [0, 0, 3, 2], &["--algo", algo], "3.82842712");
    }
    for algo in ["astar", "astar-general", "jps"] {
        path_with_cost(
            &mai,
            [0, 0, 3, 2],
            &["--four", "--algo", algo],
            "5.00000000",
        );
    }
    // The searches built for 8-connected moves refuse 4-connected ones, each naming itself.
    for (algo, name) in [("jps-plus", "JPS+"), ("subgoal", "a subgoal graph")] {
        let args = [
            "path",
            arg(&mai),
            "0",
            "0",
            "3",
            "2",
            "--four",
            "--algo",
            algo,
        ];
        let err = run(2, &args).err;
        assert!(
            err.contains(&format!("{name} searches 8-connected")),
            "{err}"
        );
    }
}

#[test]
fn path_lists_the_smoothed_waypoints_with_smooth() {
    let tmp = scratch("path-smooth");
    let map = tmp.join("pillars.txt");
    // From the bottom-left to the top-right, past the end of a wall.
    std::fs::write(&map, "......\n......\n..###.\n......\n").unwrap();
    let out = path_with_cost(&map, [0, 3, 5, 0], &["--smooth"], "6.82842712");
    assert!(out.contains("\ncells: 7\n"), "{out}");
    // Past the wall's end to the top row, then along it: straight to (3, 0) would pass exactly
    // through the wall's corner.
    assert!(
        out.contains("\nsmooth: (0, 3) (2, 0) (5, 0)\nwaypoints: 3\n"),
        "{out}"
    );
    // 4-connected: the same rule at corners.
    let out = path_with_cost(
        &map,
        [0, 3, 5, 0],
        &["--smooth", "--four", "--full"],
        "8.00000000",
    );
    assert!(out.contains("\nwaypoints: "), "{out}");
    let line = out.lines().find(|l| l.starts_with("smooth: ")).unwrap();
    assert!(
        line.starts_with("smooth: (0, 3) ") && line.ends_with(" (5, 0)"),
        "{line}"
    );
    // Without the flag, no smoothing.
    let out = path_with_cost(&map, [0, 3, 5, 0], &[], "6.82842712");
    assert!(
        !out.contains("smooth:") && !out.contains("waypoints:"),
        "{out}"
    );
}

/// The RGB pixels of a PNG file written by `pathkit path --png`.
fn png_pixels(file: &Path) -> Vec<[u8; 3]> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf[..info.buffer_size()]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect()
}

#[test]
fn path_finds_and_draws_the_any_angle_path_with_any_angle() {
    let tmp = scratch("path-any-angle");
    let map = tmp.join("room.txt");
    std::fs::write(&map, ".....\n.###.\n.....\n").unwrap();
    let png = tmp.join("room.png");
    let out = path_with_cost(
        &map,
        [0, 1, 4, 1],
        &["--any-angle", "--mesh", "--png", arg(&png)],
        "6.00000000",
    );
    // From the centre of (0, 1) to the centre of (4, 1), over or under the wall: its two
    // corners on that side, 2 x sqrt(0.5) + 3.
    let line = out.lines().find(|l| l.starts_with("any-angle: ")).unwrap();
    assert!(
        line.starts_with("any-angle: 4.41421356 (26.43% shorter; "),
        "{line}"
    );
    assert!(
        line.ends_with("corners: (1, 1) (4, 1)") || line.ends_with("corners: (1, 2) (4, 2)"),
        "{line}"
    );
    let pixels = png_pixels(&png);
    assert_eq!(pixels.len(), 40 * 24);
    // The any-angle path in magenta, the mesh's edges in grey.
    assert!(pixels.contains(&[200, 40, 200]), "no any-angle path drawn");
    assert!(pixels.contains(&[170, 170, 190]), "no mesh drawn");
    // From a cell to itself: no corners.
    let out = path_with_cost(&map, [0, 1, 0, 1], &["--any-angle"], "0.00000000");
    assert!(
        out.contains("\nany-angle: 0.00000000 (0.00% shorter; "),
        "{out}"
    );
    assert!(out.contains("corners: none\n"), "{out}");
    // Without --mesh, no mesh; --mesh alone is refused.
    path_with_cost(
        &map,
        [0, 1, 4, 1],
        &["--any-angle", "--png", arg(&png)],
        "6.00000000",
    );
    assert!(!png_pixels(&png).contains(&[170, 170, 190]));
    run(2, &["path", arg(&map), "0", "1", "4", "1", "--mesh"]);
    // With a radius of a quarter: round the wall grown to [0.75, 4.25] x [0.75, 2.25], from
    // (0.5, 1.5) to a corner, along it, to (4.5, 1.5).
    let out = path_with_cost(
        &map,
        [0, 1, 4, 1],
        &[
            "--any-angle",
            "--radius",
            "0.25",
            "--mesh",
            "--png",
            arg(&png),
        ],
        "6.00000000",
    );
    let line = out.lines().find(|l| l.starts_with("any-angle: ")).unwrap();
    assert!(line.starts_with("any-angle: 5.08113883 ("), "{line}");
    assert!(
        line.ends_with("corners: (0.75, 0.75) (4.25, 0.75)")
            || line.ends_with("corners: (0.75, 2.25) (4.25, 2.25)"),
        "{line}"
    );
    assert!(png_pixels(&png).contains(&[170, 170, 190]));
    // Wider than the way beside the wall's end: the centres are closer than that to a wall.
    let out = path_with_cost(
        &map,
        [0, 1, 4, 1],
        &["--any-angle", "--radius", "0.6"],
        "6.00000000",
    );
    assert!(
        out.contains("\nany-angle: no path (an end is closer than the radius to a wall)\n"),
        "{out}"
    );
    // A radius that is no radius is refused; --radius alone too.
    run(
        2,
        &["path", arg(&map), "0", "1", "4", "1", "--radius", "0.5"],
    );
    let refused = run(
        2,
        &[
            "path",
            arg(&map),
            "0",
            "1",
            "4",
            "1",
            "--any-angle",
            "--radius=-1",
        ],
    );
    assert!(
        refused.err.contains("agent radius -1 is not a number >= 0"),
        "{}",
        refused.err
    );
    // An unreachable goal: no path either way.
    std::fs::write(&map, "..#..\n..#..\n").unwrap();
    let out = run(1, &["path", arg(&map), "0", "0", "4", "0", "--any-angle"]).out;
    assert!(out.contains("\nany-angle: no path\n"), "{out}");
}

#[test]
fn path_rejects_bad_coordinates_with_exit_2() {
    let tmp = scratch("path-errors");
    let map = tmp.join("room.txt");
    std::fs::write(&map, "...\n.#.\n...\n").unwrap();
    let m = arg(&map);
    let err = run(2, &["path", m, "0", "0", "3", "0"]).err;
    assert!(err.contains("goal (3, 0) is outside the 3x3 map"), "{err}");
    let err = run(2, &["path", m, "1", "1", "0", "0"]).err;
    assert!(err.contains("start (1, 1) is a blocked cell"), "{err}");
    // A negative coordinate, in any of the four places, is a usage error that says why.
    for at in 0..4 {
        let mut args = vec!["path", m, "0", "0", "2", "2"];
        args[2 + at] = "-1";
        let err = run(2, &args).err;
        assert!(err.contains("invalid value '-1'"), "{err}");
        assert!(err.contains("coordinates are 0 or more"), "{err}");
    }
    let err = run(2, &["path", m, "0", "0", "1.5", "2"]).err;
    assert!(err.contains("a coordinate is a whole number"), "{err}");
    // A goal walled off: found unreachable, exit 1.
    std::fs::write(&map, "..#.\n..#.\n").unwrap();
    let out = run(1, &["path", m, "0", "0", "3", "0"]).out;
    assert!(out.contains("no path"), "{out}");
}

#[test]
fn path_on_a_hex_map_draws_the_path_in_the_text_form() {
    let tmp = scratch("path-hex");
    // Flat-top, odd columns shifted down: the only five-step way goes under the two walls.
    let map = tmp.join("flat.hex");
    std::fs::write(&map, "hex odd-q\n.   #   .\n  #   .\n.   .   .\n  .   .\n").unwrap();
    for algo in ["astar", "astar-general"] {
        let out = run(0, &["path", arg(&map), "0", "0", "4", "0", "--algo", algo]).out;
        assert!(out.contains("(hex odd-q, 5x2)"), "{out}");
        assert!(
            out.contains("\nfrom (0, 0) to (4, 0), six neighbours, "),
            "{out}"
        );
        assert!(
            out.contains("\npath: (0, 0) (0, 1) (1, 1) (2, 1) (3, 0) (4, 0)\n"),
            "{out}"
        );
        assert!(out.contains("\nhexes: 6\ncost: 5\n"), "{out}");
        assert!(
            out.ends_with("S   #   G\n  #   *\n*   *   .\n  *   .\n"),
            "{out}"
        );
    }

    // Pointy-top, odd rows indented: over or under the wall, four steps either way; weights
    // count (a 9 on the lower row sends the path over the top).
    let map = tmp.join("pointy.txt");
    std::fs::write(&map, "hex odd-r\n. . . .\n . # # .\n. 9 . .\n").unwrap();
    let out = run(0, &["path", arg(&map), "0", "1", "3", "1", "--full"]).out;
    assert!(out.contains("\ncost: 4\n"), "{out}");
    assert!(out.ends_with("\n. * * *\n S # # G\n. 9 . .\n"), "{out}");

    // Unreachable: exit 1; bad ends, square-grid options and bad text: exit 2.
    std::fs::write(&map, "hex even-r\n . # .\n# # .\n").unwrap();
    let m = arg(&map);
    let out = run(1, &["path", m, "0", "0", "2", "1"]).out;
    assert!(out.contains("no path: the goal cannot be reached"), "{out}");
    assert!(out.ends_with(" S # .\n# # G\n"), "{out}");
    let err = run(2, &["path", m, "1", "0", "0", "0"]).err;
    assert!(err.contains("start (1, 0) is a blocked hex"), "{err}");
    let err = run(2, &["path", m, "0", "0", "3", "0"]).err;
    assert!(err.contains("goal (3, 0) is outside the 3x2 map"), "{err}");
    let err = run(2, &["path", m, "0", "0", "2", "0", "--four"]).err;
    assert!(err.contains("--four applies to square grids"), "{err}");
    std::fs::write(&map, "hex even-r\n. # .\n").unwrap();
    let err = run(2, &["path", m, "0", "0", "2", "0"]).err;
    assert!(
        err.contains("line 2, column 1: expected a space, found '.'"),
        "{err}"
    );
}

/// A 300x200 map with a wall across every 20th row (gaps every 50 columns): bigger than the
/// default 100x40 drawing either way.
fn big_map(dir: &Path) -> PathBuf {
    let rows: Vec<String> = (0..200)
        .map(|y| {
            (0..300)
                .map(|x| {
                    if y % 20 == 10 && x % 50 != 25 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let map = dir.join("big.txt");
    std::fs::write(&map, rows.join("\n") + "\n").unwrap();
    map
}

/// The text drawing: the lines after the `expanded:` line and its note, if any.
fn drawing(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|l| !l.starts_with("expanded: "))
        .skip(1)
        .filter(|l| !l.starts_with("note: "))
        .collect()
}

#[test]
fn path_on_a_big_map_fits_the_screen_and_says_what_it_left_out() {
    let tmp = scratch("path-big");
    let map = big_map(&tmp);
    // Corner to corner: the list and the drawing are shortened (stdout is not a terminal here,
    // so the room is 100 columns and a 40-line drawing).
    let out = path_with_cost(&map, [0, 0, 299, 199], &[], "435.32085117");
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    let cells: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("cells: "))
        .unwrap()
        .parse()
        .unwrap();
    let list: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("path: "))
        .take_while(|l| l.starts_with(' ') || l.starts_with("path: "))
        .collect();
    assert_eq!(list.len(), 3, "{out}");
    let list = list.join(" ");
    assert!(list.starts_with("path: (0, 0) (1, 1) ") && list.ends_with(" (299, 199)"));
    assert!(list.contains(" ... "), "{list}");
    let listed = list.matches('(').count();
    assert!(
        out.contains(&format!(
            "\nnote: {} of the {cells} cells left out of the list; --full lists every cell\n",
            cells - listed
        )),
        "{out}"
    );
    // 200 rows in 40 lines: 5x5 cells per character, the whole map.
    assert!(
        out.contains(
            "\nnote: drawing columns 0..=299, rows 0..=199 at 5x5 cells per character; \
             --full draws every cell\n"
        ),
        "{out}"
    );
    let picture = drawing(&out);
    assert_eq!(picture.len(), 40, "{out}");
    assert!(picture.iter().all(|l| l.len() == 60), "{out}");
    assert!(
        picture[0].starts_with('S') && picture[39].ends_with('G'),
        "{out}"
    );

    // With --full: every cell listed on one line and drawn.
    let out = path_with_cost(&map, [0, 0, 299, 199], &["--full"], "435.32085117");
    let list = out.lines().find(|l| l.starts_with("path: ")).unwrap();
    assert_eq!(list.matches('(').count(), cells);
    assert!(!out.contains("note:"), "{out}");
    let picture = drawing(&out);
    assert_eq!(picture.len(), 200);
    assert!(picture.iter().all(|l| l.len() == 300));
    assert_eq!(picture[10].matches('#').count(), 294);
    assert_eq!(
        picture
            .iter()
            .map(|l| l.matches(['*', 'S', 'G']).count())
            .sum::<usize>(),
        cells
    );
}

#[test]
fn a_short_path_on_a_big_map_is_drawn_cell_by_cell_around_it() {
    let tmp = scratch("path-crop");
    let map = big_map(&tmp);
    let out = path_with_cost(&map, [140, 100, 160, 105], &[], "22.07106781");
    // Short enough to be listed whole.
    assert!(!out.contains("left out of the list"), "{out}");
    // The path's box with a margin of 3, centred in 100x40 cells.
    assert!(
        out.contains("\nnote: drawing columns 101..=200, rows 83..=122; --full draws every cell\n"),
        "{out}"
    );
    let picture = drawing(&out);
    assert_eq!(picture.len(), 40);
    assert!(picture.iter().all(|l| l.len() == 100));
    assert_eq!(picture[100 - 83].find('S'), Some(140 - 101));
    assert_eq!(picture[105 - 83].find('G'), Some(160 - 101));
    // Row 110 is the wall, its gap at column 175.
    assert_eq!(&picture[110 - 83][72..76], "##.#");
}

#[test]
fn bench_json_has_every_engine_and_speedups() {
    let scen = fixtures().join("lak104d.map.scen");
    let chart = scratch("bench").join("chart.svg");
    let out = run(
        0,
        &[
            "bench",
            arg(&scen),
            "--limit",
            "5",
            "--json",
            "--chart",
            arg(&chart),
        ],
    )
    .out;
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
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
            "pathkit-subgoal",
            "pathfinding-astar",
            "grid_pathfinding-jps"
        ]
    );
    let median = |k: usize| engines[k]["median_us"].as_f64().unwrap();
    for (k, e) in engines.iter().enumerate() {
        assert!(median(k) > 0.0, "{e}");
        assert!(e["memory_bytes"].as_u64().unwrap() > 0, "{e}");
        if e["cuts_corners"] == false {
            assert_eq!(e["wrong"], 0, "{e}");
            assert_eq!(e["timed"], 5, "{e}");
        }
        // Speed-ups: the other engine's median over this one's (above 1: this one is faster).
        for (field, other) in [
            ("speedup_vs_astar_general", 1),
            ("speedup_vs_pathkit_jps", 2),
            ("speedup_vs_pathfinding", 5),
        ] {
            let x = e[field].as_f64().unwrap();
            let want = median(other) / median(k);
            assert!((x - want).abs() <= 1e-9 * want, "{field}: {e}");
        }
    }
    assert_eq!(engines[1]["speedup_vs_astar_general"].as_f64(), Some(1.0));
    assert_eq!(engines[2]["speedup_vs_pathkit_jps"].as_f64(), Some(1.0));
    assert_eq!(engines[5]["speedup_vs_pathfinding"].as_f64(), Some(1.0));
    // The JPS+ table and the subgoal graph are counted; the engines that build nothing have none.
    for k in [3, 4] {
        assert!(engines[k]["table_bytes"].as_u64().unwrap() > 0);
    }
    for k in [0, 1, 2, 5, 6] {
        assert!(engines[k]["table_bytes"].is_null(), "{}", engines[k]);
    }
    let totals = v["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 7);
    // One map: the geometric mean over maps is that map's speed-up.
    let fast = &v["fast_loop_speedup"];
    let general = engines[0]["speedup_vs_astar_general"].as_f64().unwrap();
    assert_eq!(fast["maps"], 1);
    assert_eq!(fast["min_map"], "lak104d");
    assert_eq!(fast["max_map"], "lak104d");
    for x in [
        &fast["geomean"],
        &fast["min"],
        &totals[0]["geomean_speedup_vs_astar_general"],
    ] {
        assert!(
            (x.as_f64().unwrap() - general).abs() <= 1e-9 * general,
            "{x}"
        );
    }
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("lak104d.map") && svg.contains("grid_pathfinding-jps"));
}

#[test]
fn bench_groups_the_small_maps() {
    // lak104d (41x41) beside an open 130x130 map: only lak104d is in the small-map group (at
    // most 128 cells a side), whose totals are over its queries alone.
    let tmp = scratch("bench-small-maps");
    for file in ["lak104d.map", "lak104d.map.scen"] {
        std::fs::copy(fixtures().join(file), tmp.join(file)).unwrap();
    }
    let side = 130;
    let row = ".".repeat(side) + "\n";
    std::fs::write(
        tmp.join("open130.map"),
        format!(
            "type octile\nheight {side}\nwidth {side}\nmap\n{}",
            row.repeat(side)
        ),
    )
    .unwrap();
    let far = side as f64 - 1.0;
    let lines = [
        (0, 0, 129, 0, far),
        (0, 0, 129, 129, far * 2f64.sqrt()),
        (5, 7, 5, 100, 93.0),
    ];
    let mut scen = String::from("version 1\n");
    for (k, (sx, sy, gx, gy, len)) in lines.iter().enumerate() {
        scen += &format!("{k}\topen130.map\t{side}\t{side}\t{sx}\t{sy}\t{gx}\t{gy}\t{len:.8}\n");
    }
    std::fs::write(tmp.join("open130.map.scen"), scen).unwrap();
    let json = tmp.join("report.json");
    let table = run(
        0,
        &[
            "bench",
            arg(&tmp),
            "--limit",
            "4",
            "--rounds",
            "1",
            "--json-out",
            arg(&json),
        ],
    )
    .out;
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).expect("valid JSON");
    let small = &v["small_maps"];
    assert_eq!(small["max_side"], 128);
    assert_eq!(small["maps"], serde_json::json!(["lak104d"]));
    let (all, group) = (
        v["totals"].as_array().unwrap(),
        small["totals"].as_array().unwrap(),
    );
    assert_eq!(group.len(), all.len());
    let lak = v["maps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["label"] == "lak104d")
        .unwrap();
    for (k, t) in group.iter().enumerate() {
        let e = &lak["engines"][k];
        assert_eq!(t["engine"], e["engine"]);
        assert_eq!(t["timed"], e["timed"], "{t}");
        if e["cuts_corners"] == false {
            // 4 lines of lak104d in the group, 3 more of the open map in all.
            assert_eq!(t["timed"], 4, "{t}");
            assert_eq!(all[k]["timed"], 7, "{}", all[k]);
        }
        // One map in the group: its median is the map's, its speed-ups the map's.
        let close = |a: &serde_json::Value, b: &serde_json::Value| {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            assert!((a - b).abs() <= 1e-9 * b.abs(), "{a} vs {b}");
        };
        close(&t["median_us"], &e["median_us"]);
        close(
            &t["geomean_speedup_vs_pathkit_jps"],
            &e["speedup_vs_pathkit_jps"],
        );
    }
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("maps <= 128x128 (geomean) ") && l.contains(" engine ")),
        "{table}"
    );
    assert!(
        table.contains("Small maps: at most 128x128 cells, where a query takes microseconds")
            && table.contains("in their medians and speed-ups; 1 scenario set: lak104d.\n"),
        "{table}"
    );
    let jps_row = table
        .lines()
        .skip_while(|l| !l.starts_with("maps <= 128x128"))
        .find(|l| l.contains(" pathkit-jps "))
        .unwrap();
    assert!(jps_row.starts_with("(1 scenario sets)"), "{jps_row}");

    // No small map, no group.
    std::fs::remove_file(tmp.join("lak104d.map.scen")).unwrap();
    let out = run(
        0,
        &[
            "bench",
            arg(&tmp),
            "--limit",
            "2",
            "--rounds",
            "1",
            "--json",
        ],
    )
    .out;
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert!(v["small_maps"].is_null(), "{}", v["small_maps"]);
}

#[test]
fn bench_prints_the_table_and_saves_the_same_run_as_json() {
    let scen = fixtures().join("lak104d.map.scen");
    let json = scratch("bench-json-out").join("report.json");
    let table = run(
        0,
        &[
            "bench",
            arg(&scen),
            "--limit",
            "3",
            "--rounds",
            "1",
            "--json-out",
            arg(&json),
        ],
    )
    .out;
    assert!(table.starts_with("map "), "{table}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).expect("valid JSON");
    // The file holds the run the table shows: the same median and speed-ups for pathkit A*.
    let a = &v["maps"][0]["engines"][0];
    assert_eq!(a["engine"], "pathkit-astar");
    assert!(
        table
            .lines()
            .next()
            .unwrap()
            .ends_with(" pf/this gen/this jps/this  notes"),
        "{table}"
    );
    let row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("lak104d ") && l.contains(" pathkit-astar "))
        .unwrap()
        .split_whitespace()
        .collect();
    // "mean us" and "median us" are two words each in the header: the median is the 6th value.
    let shown: f64 = row[5].parse().unwrap();
    let median = a["median_us"].as_f64().unwrap();
    assert!(
        (shown - median).abs() <= 0.01 * median.max(1.0),
        "{row:?} vs {median}"
    );
    // pathkit A*'s row has no notes: it ends with the three speed-ups.
    let speedups = &row[row.len() - 3..];
    for (shown, field) in speedups.iter().zip([
        "speedup_vs_pathfinding",
        "speedup_vs_astar_general",
        "speedup_vs_pathkit_jps",
    ]) {
        let shown: f64 = shown.parse().unwrap();
        let value = a[field].as_f64().unwrap();
        // The table rounds to 2 decimals (3 below 0.095).
        assert!(
            (shown - value).abs() <= 0.005 + 1e-9,
            "{field}: {row:?} vs {value}"
        );
    }
    let fast = v["fast_loop_speedup"]["geomean"].as_f64().unwrap();
    assert!(
        table.contains(&format!(
            "The grid's fast loop: pathkit-astar is {fast:.2}x as fast as pathkit-astar-general\n"
        )),
        "{table}"
    );
    assert!(
        table.contains("above 1 when this engine is faster"),
        "{table}"
    );

    // An unwritable file is a clear error.
    let err = run(
        2,
        &[
            "bench",
            arg(&scen),
            "--limit",
            "1",
            "--rounds",
            "1",
            "--json-out",
            "/nonexistent-dir/report.json",
        ],
    )
    .err;
    assert!(
        err.contains("cannot write /nonexistent-dir/report.json"),
        "{err}"
    );
}

#[test]
fn bench_any_angle_agrees_with_polyanya_and_reports_the_gain() {
    let scen = fixtures().join("lak104d.map.scen");
    let out = run(
        0,
        &[
            "bench-any-angle",
            arg(&scen),
            "--limit",
            "12",
            "--rounds",
            "1",
            "--json",
        ],
    )
    .out;
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["map"], "lak104d");
    assert_eq!(row["queries"], 12);
    assert_eq!(row["disagreements"], 0);
    assert!(row["triangles"].as_u64().unwrap() > 0);
    assert!(row["pathkit_mean_expanded"].as_f64().unwrap() > 0.0);
    // polyanya on pathkit's triangles and on them merged into fewer convex polygons, both
    // timed and both checked (no disagreement above).
    for field in [
        "polyanya_median_us",
        "polyanya_merged_median_us",
        "ratio_median",
        "ratio_merged_median",
        "merge_ms",
    ] {
        assert!(row[field].as_f64().unwrap() > 0.0, "{field}: {row}");
    }
    let merged = row["merged_polygons"].as_u64().unwrap();
    assert!(
        merged > 0 && merged < row["triangles"].as_u64().unwrap(),
        "{row}"
    );
    let ratio = |us: &str| row["pathkit_median_us"].as_f64().unwrap() / row[us].as_f64().unwrap();
    for (r, us) in [
        ("ratio_median", "polyanya_median_us"),
        ("ratio_merged_median", "polyanya_merged_median_us"),
    ] {
        assert!((row[r].as_f64().unwrap() - ratio(us)).abs() <= 1e-9 * ratio(us));
    }
    // Any-angle paths are never longer than 8-connected ones, and on a cave map some are shorter.
    let (mean, max) = (
        row["shorter_mean_pct"].as_f64().unwrap(),
        row["shorter_max_pct"].as_f64().unwrap(),
    );
    assert!(mean >= 0.0 && max > 0.0 && max >= mean, "{mean} {max}");
    // The table form.
    let table = run(
        0,
        &[
            "bench-any-angle",
            arg(&scen),
            "--limit",
            "3",
            "--rounds",
            "1",
        ],
    )
    .out;
    assert!(table.contains("| lak104d | "), "{table}");
    assert!(
        table.contains(" | polyanya (triangles) median | ")
            && table.contains(" | polyanya (merged) median | "),
        "{table}"
    );
}

/// Whether `pixels` (a PNG `width` pixels wide) has `colour` at (`x`, `y`).
fn pixel_at(pixels: &[[u8; 3]], width: u32, x: u32, y: u32) -> [u8; 3] {
    pixels[(y * width + x) as usize]
}

/// The colours `pathkit path --png` draws with.
const PATH_RED: [u8; 3] = [230, 60, 40];
const START_GREEN: [u8; 3] = [30, 170, 60];
const GOAL_BLUE: [u8; 3] = [40, 90, 220];
const WALL_DARK: [u8; 3] = [40, 40, 48];

#[test]
fn path_on_a_hex_map_writes_the_hexes_as_hexagons_with_png() {
    let tmp = scratch("path-hex-png");
    // Flat-top, odd columns shifted down: hexes of radius 16, 1.5 radii apart across, sqrt 3
    // radii down.
    let map = tmp.join("flat.hex");
    std::fs::write(&map, "hex odd-q\n.   #   .\n  #   .\n.   .   .\n  .   .\n").unwrap();
    let png = tmp.join("flat.png");
    let out = run(
        0,
        &["path", arg(&map), "0", "0", "4", "0", "--png", arg(&png)],
    )
    .out;
    assert!(out.contains("\ncost: 5\n"), "{out}");
    // 16 x (1.5 x 5 + 0.5) = 128 across, 16 x sqrt 3 x 2.5 = 69.3 down.
    assert!(
        out.contains(&format!("\npng: {} (128x70)\n", png.display())),
        "{out}"
    );
    let pixels = png_pixels(&png);
    assert_eq!(pixels.len(), 128 * 70);
    // Hex centres: column c at 16 + 24c across; row r at 13.9 + 27.7r down, half a hex lower in
    // odd columns. The path's line runs through the centres: look beside them.
    assert_eq!(pixel_at(&pixels, 128, 16 - 7, 14), START_GREEN);
    assert_eq!(pixel_at(&pixels, 128, 16 + 4 * 24 + 7, 14), GOAL_BLUE);
    assert_eq!(pixel_at(&pixels, 128, 16 + 2 * 24, 14), WALL_DARK); // (2, 0)
    assert_eq!(pixel_at(&pixels, 128, 16 + 24, 28), WALL_DARK); // (1, 0), shifted down
                                                                // (1, 1), the path.
    assert_eq!(pixel_at(&pixels, 128, 16 + 24, 56 - 7), PATH_RED);
    // Between two hexes of a column: the light gap that outlines them.
    assert_eq!(pixel_at(&pixels, 128, 16 + 4 * 24, 27), [250, 250, 246]);
    // The line through the path's centres.
    assert!(pixels.contains(&[120, 20, 10]));

    // Pointy-top, odd rows shifted right; weights are shaded.
    let map = tmp.join("pointy.txt");
    std::fs::write(&map, "hex odd-r\n. . . .\n . # # .\n. 9 . .\n").unwrap();
    let out = run(
        0,
        &["path", arg(&map), "0", "1", "3", "1", "--png", arg(&png)],
    )
    .out;
    // 16 sqrt 3 x 4.5 = 124.7 across, 16 x (1.5 x 3 + 0.5) = 80 down.
    assert!(out.contains("(125x80)\n"), "{out}");
    let pixels = png_pixels(&png);
    assert_eq!(pixels.len(), 125 * 80);
    // Row 1 starts half a hex right: (0, 1) centred at 27.7 + 13.9 = 41.6, 40.
    assert_eq!(pixel_at(&pixels, 125, 41 - 7, 40 + 4), START_GREEN);
    // The weight-9 hex (1, 2): brown, darker than the floor.
    assert_eq!(pixel_at(&pixels, 125, 41, 64), [126, 88, 54]);

    // A hexagonal Tiled map: its first layer, `Wall` tiles walls, marsh weighing its `Cost`.
    let tmx = fixtures().join("hex_odd_r.tmx");
    let out = run(
        0,
        &["path", arg(&tmx), "0", "5", "4", "3", "--png", arg(&png)],
    )
    .out;
    assert!(out.contains("(hex odd-r, 8x6)"), "{out}");
    assert!(out.contains("\ncost: 7\n"), "{out}");
    assert!(out.contains("\n * # # # G # 3 .\n"), "{out}");
    // 8 x 6 hexes: 16 sqrt 3 x 8.5 = 235.6 across, 16 x 9.5 = 152 down.
    assert!(out.contains("(236x152)\n"), "{out}");
    let pixels = png_pixels(&png);
    assert!(pixels.contains(&PATH_RED) && pixels.contains(&GOAL_BLUE));
    // The marsh, weight 3.
    assert!(pixels.contains(&[198, 172, 126]));
    let err = run(
        2,
        &["path", arg(&tmx), "0", "5", "4", "3", "--start-floor", "0"],
    )
    .err;
    assert!(err.contains("this one is hexagonal"), "{err}");
}

#[test]
fn path_on_a_multi_level_map_crosses_floors_and_draws_them_side_by_side() {
    let tmp = scratch("path-levels");
    let tmx = fixtures().join("two_floors.tmx");
    let png = tmp.join("levels.png");
    // Ground is cut in two by a wall at column 3: up the west stairs, across, down the east ones.
    let out = run(
        0,
        &["path", arg(&tmx), "0", "0", "5", "0", "--png", arg(&png)],
    )
    .out;
    assert!(
        out.contains("(2 floors of 6x4: Ground, Upstairs; 4 portals)"),
        "{out}"
    );
    assert!(
        out.contains("\nfrom 0:(0, 0) to 0:(5, 0), 8-connected, no corner cutting, portals, "),
        "{out}"
    );
    assert!(out.contains("\nportals taken: 2\n"), "{out}");
    // Walks of 1 + 2 diagonals and 2 straight moves, 3 diagonals in all, and two stairs of 2.
    // 6 + 3 sqrt 2: on each floor, equal ways round a corner are as good.
    assert!(out.contains("\ncost: 10.24264068"), "{out}");
    let path = out.lines().find(|l| l.starts_with("path: ")).unwrap();
    assert!(
        path.starts_with("path: 0:(0, 0) 0:(1, 1) 1:(2, 1) "),
        "{path}"
    );
    assert!(path.contains(" 1:(4, 2) 0:(4, 2) "), "{path}");
    assert!(path.ends_with(" 0:(5, 0)"), "{path}");
    // Each floor in text, its part of the path on it.
    assert!(out.contains("floor 0 (Ground):\nS..#.G\n.*.#"), "{out}");
    assert!(out.contains("floor 1 (Upstairs):\n.#....\n.#*"), "{out}");
    // Two 6x4 floors at 24 pixels a cell, 48 between them and 24 around, and a band of 4 cells
    // above them for the portals' arcs: 384 x 240.
    assert!(out.contains("(384x240)\n"), "{out}");
    let pixels = png_pixels(&png);
    assert_eq!(pixels.len(), 384 * 240);
    // Cell (x, y) of floor f spans from (24 + 192 f + 24 x, 120 + 24 y). Arcs come from above
    // and end in the middle (a one-way portal's end holds a dot): look at the lower left.
    let at = |f: u32, x: u32, y: u32| {
        pixel_at(&pixels, 384, 24 + 192 * f + 24 * x + 4, 120 + 24 * y + 20)
    };
    assert_eq!(at(0, 0, 0), START_GREEN);
    // The goal (5, 0) lies under the arc the path takes down the east stairs.
    assert!(pixels.contains(&GOAL_BLUE));
    assert_eq!(at(1, 2, 1), PATH_RED);
    assert_eq!(at(1, 4, 2), PATH_RED);
    assert_eq!(at(0, 3, 2), WALL_DARK);
    // The portals: stairs purple, the one-way teleporter orange, the elevator out of service grey.
    for (colour, what) in [
        ([150, 60, 200], "two-way"),
        ([240, 150, 20], "one-way"),
        ([150, 150, 150], "out of service"),
    ] {
        assert!(pixels.contains(&colour), "no {what} portal drawn");
    }
    // Floors by name; the way back is shorter by the teleporter.
    let out = run(
        0,
        &[
            "path",
            arg(&tmx),
            "5",
            "3",
            "0",
            "0",
            "--start-floor",
            "Upstairs",
            "--goal-floor",
            "Ground",
        ],
    )
    .out;
    assert!(out.contains("\nportals taken: 1\ncost: 0.5\n"), "{out}");

    // Errors: a floor that is not there, an end on a wall, options of single grids, floors on
    // a map without them.
    let t = arg(&tmx);
    let err = run(2, &["path", t, "0", "0", "5", "0", "--goal-floor", "Roof"]).err;
    assert!(
        err.contains(
            "goal floor \"Roof\" is neither a layer (Ground, Upstairs) nor a number below 2"
        ),
        "{err}"
    );
    let err = run(2, &["path", t, "3", "0", "5", "0"]).err;
    assert!(
        err.contains("start (3, 0) is a blocked cell of floor 0"),
        "{err}"
    );
    let err = run(2, &["path", t, "0", "0", "5", "0", "--smooth"]).err;
    assert!(err.contains("--smooth applies to single grids"), "{err}");
    let room = tmp.join("room.txt");
    std::fs::write(&room, "...\n").unwrap();
    let err = run(
        2,
        &["path", arg(&room), "0", "0", "2", "0", "--start-floor", "1"],
    )
    .err;
    assert!(err.contains("apply to multi-level (.tmx) maps"), "{err}");
}

/// A Moving AI map of `rows`.
fn write_map(path: &Path, rows: &[&str]) {
    let text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n{}\n",
        rows.len(),
        rows[0].len(),
        rows.join("\n")
    );
    std::fs::write(path, text).unwrap();
}

#[test]
fn bench_landmarks_on_a_multi_level_map_checks_every_cost() {
    let tmp = scratch("bench-levels");
    let (a, b, c) = (tmp.join("a.map"), tmp.join("b.map"), tmp.join("c.map"));
    let row = |i: usize, wall: usize| {
        (0..24)
            .map(|x| if x == wall && i % 6 != 3 { '@' } else { '.' })
            .collect::<String>()
    };
    for (file, wall) in [(&a, 8), (&b, 12), (&c, 16)] {
        let rows: Vec<String> = (0..16).map(|i| row(i, wall)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        write_map(file, &rows);
    }
    let out = run(
        0,
        &[
            "bench-landmarks",
            "--floors",
            arg(&a),
            "--floors",
            arg(&b),
            "--floors",
            arg(&c),
            "--limit",
            "30",
            "--rounds",
            "1",
            "--landmarks",
            "4",
        ],
    )
    .out;
    assert!(
        out.contains("one one-way teleporter from the top floor"),
        "{out}"
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("| a + b + c |"))
        .unwrap();
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    // floors, nodes, portals (4 stairs a pair of floors and the teleporter), queries, landmarks
    assert_eq!(
        &cells[1..6],
        ["a + b + c", "1152", "9", "30", "4"],
        "{line}"
    );
    assert_eq!(cells[cells.len() - 2], "0", "wrong answers: {line}");
    // The same seed, the same map and queries: the same expansions.
    let again = run(
        0,
        &[
            "bench-landmarks",
            "--floors",
            arg(&a),
            "--floors",
            arg(&b),
            "--floors",
            arg(&c),
            "--limit",
            "30",
            "--rounds",
            "1",
            "--landmarks",
            "4",
        ],
    )
    .out;
    let again = again
        .lines()
        .find(|l| l.starts_with("| a + b + c |"))
        .unwrap();
    let expanded = |l: &str| {
        let c: Vec<String> = l.split('|').map(|s| s.trim().to_string()).collect();
        (c[10].clone(), c[13].clone(), c[16].clone())
    };
    assert_eq!(expanded(line), expanded(again));
    // One floor is no multi-level map.
    let err = run(2, &["bench-landmarks", "--floors", arg(&a)]).err;
    assert!(err.contains("--floors needs at least two maps"), "{err}");
}

#[test]
fn a_long_path_across_floors_is_listed_by_its_ends_without_full() {
    let tmp = scratch("path-levels-long");
    let tmx = tmp.join("corridors.tmx");
    let row = vec!["1"; 40].join(",");
    std::fs::write(
        &tmx,
        format!(
            r#"<map version="1.10" orientation="orthogonal" width="40" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="t.png" width="8" height="8"/></tileset>
 <layer id="1" name="Low" width="40" height="1"><data encoding="csv">{row}</data></layer>
 <layer id="2" name="High" width="40" height="1"><data encoding="csv">{row}</data></layer>
 <objectgroup id="3" name="Portals">
  <object id="1" type="portal" x="316" y="0"><properties><property name="from_floor" value="Low"/><property name="to_floor" value="High"/><property name="to_x" value="39"/><property name="to_y" value="0"/><property name="cost" value="3"/></properties></object>
 </objectgroup>
</map>"#
        ),
    )
    .unwrap();
    let ends = ["0", "0", "0", "0", "--goal-floor", "High"];
    let out = run(0, &[&["path", arg(&tmx)], &ends[..]].concat()).out;
    // Along Low to its end, up (one way), back along High: 39 + 3 + 39.
    assert!(out.contains("\ncost: 81\n"), "{out}");
    assert!(out.contains("\nplaces: 80\nportals taken: 1\n"), "{out}");
    let list = out.lines().find(|l| l.starts_with("path: ")).unwrap();
    assert!(list.starts_with("path: 0:(0, 0) 0:(1, 0) "), "{list}");
    assert!(list.contains(" 0:(15, 0) ... 1:(7, 0) "), "{list}");
    assert!(list.ends_with(" 1:(0, 0)"), "{list}");
    assert!(
        out.contains(
            "\nnote: 56 of the 80 places left out of the list; --full lists every place\n"
        ),
        "{out}"
    );
    let out = run(0, &[&["path", arg(&tmx), "--full"], &ends[..]].concat()).out;
    assert!(!out.contains("note:"), "{out}");
    assert_eq!(
        out.lines()
            .find(|l| l.starts_with("path: "))
            .unwrap()
            .split(' ')
            .count(),
        1 + 2 * 80
    );
}

#[test]
fn path_finds_and_draws_the_hierarchical_path_with_hierarchy() {
    let tmp = scratch("path-hierarchy");
    let map = tmp.join("wall.txt");
    // A 12 x 6 room split by a wall with one gap at the bottom; 4-cell clusters.
    let mut text = String::new();
    for y in 0..6 {
        for x in 0..12 {
            text.push(if x == 6 && y != 5 { '#' } else { '.' });
        }
        text.push('\n');
    }
    std::fs::write(&map, text).unwrap();
    let png = tmp.join("wall.png");
    let out = path_with_cost(
        &map,
        [0, 0, 11, 0],
        &[
            "--four",
            "--hierarchy",
            "--cluster",
            "4",
            "--png",
            arg(&png),
        ],
        "21.00000000",
    );
    let line = out.lines().find(|l| l.starts_with("hierarchy: ")).unwrap();
    assert!(
        line.starts_with("hierarchy: 21.00000000 (0.00% above the optimum; 22 cells, 1 level, "),
        "{line}"
    );
    let pixels = png_pixels(&png);
    // The hierarchy's path in orange, the clusters' borders in blue-grey, entrances in amber.
    assert!(
        pixels.contains(&[255, 140, 0]),
        "no hierarchical path drawn"
    );
    assert!(pixels.contains(&[90, 120, 170]), "no cluster borders drawn");
    assert!(pixels.contains(&[240, 170, 20]), "no entrances drawn");
    // Cut off: no path either way.
    let walled = tmp.join("walled.txt");
    std::fs::write(&walled, "..#..\n..#..\n").unwrap();
    let out = run(
        1,
        &["path", arg(&walled), "0", "0", "4", "0", "--hierarchy"],
    )
    .out;
    assert!(out.contains("\nhierarchy: no path\n"), "{out}");
    // A cluster of one cell is refused with a message.
    let err = run(
        2,
        &[
            "path",
            arg(&map),
            "0",
            "0",
            "1",
            "0",
            "--hierarchy",
            "--cluster",
            "1",
        ],
    );
    assert!(err.err.contains("cluster size 1"), "{}", err.err);
}

#[test]
fn bench_hierarchy_checks_every_answer_and_prints_a_row_a_map() {
    let scen = fixtures().join("lak104d.map.scen");
    let out = run(
        0,
        &[
            "bench-hierarchy",
            arg(&scen),
            "--limit",
            "40",
            "--rounds",
            "1",
            "--edits",
            "5",
            "--cluster",
            "8",
        ],
    )
    .out;
    let line = out.lines().find(|l| l.starts_with("| lak104d |")).unwrap();
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    // map, size, queries, levels; wrong answers last.
    assert_eq!(&cells[1..5], ["lak104d", "41x41", "40", "1"], "{line}");
    assert_eq!(cells[cells.len() - 2], "0", "wrong answers: {line}");
    // A stated length the file gets wrong is counted, and the exit status says so.
    let tmp = lak104d_with_lengths("bench-hierarchy-wrong", |line, len| {
        if line == 2 {
            len + 1.0
        } else {
            len
        }
    });
    let out = run(
        1,
        &[
            "bench-hierarchy",
            arg(&tmp.join("lak104d.map.scen")),
            "--limit",
            "0",
            "--rounds",
            "1",
            "--edits",
            "1",
        ],
    )
    .out;
    let line = out.lines().find(|l| l.starts_with("| lak104d |")).unwrap();
    assert!(line.ends_with("| 1 |"), "{line}");
    // --big without the map it is made from is a usage error.
    let err = run(2, &["bench-hierarchy", arg(&scen), "--big"]).err;
    assert!(err.contains("NewYork_0_1024"), "{err}");
}

#[test]
fn bench_terrain_checks_every_answer_on_both_terrains() {
    let scen = fixtures().join("lak104d.map.scen");
    let out = run(
        0,
        &[
            "bench-terrain",
            arg(&scen),
            "--limit",
            "30",
            "--rounds",
            "1",
        ],
    )
    .out;
    for terrain in ["patches", "noise"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("| lak104d | {terrain} |")))
            .unwrap_or_else(|| panic!("no {terrain} row in\n{out}"));
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // map, terrain, size, queries; wrong answers last.
        assert_eq!(&cells[3..5], ["41x41", "30"], "{line}");
        assert_eq!(cells[cells.len() - 2], "0", "wrong answers: {line}");
        // Both searches expanded something on these lines.
        let expanded: Vec<f64> = [9, 12].iter().map(|&i| cells[i].parse().unwrap()).collect();
        assert!(expanded.iter().all(|&e| e > 0.0), "{line}");
    }
    assert!(
        out.contains("Median of the maps' median speed-ups, patches"),
        "{out}"
    );
    // --big without the map it is made from is a usage error.
    let err = run(2, &["bench-terrain", arg(&scen), "--big"]).err;
    assert!(err.contains("NewYork_0_1024"), "{err}");
}
