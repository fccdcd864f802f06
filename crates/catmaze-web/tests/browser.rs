//! The page in a real browser: Debian's Chromium, driven by playwright-core from Node
//! (`tests/browser/run.mjs`). Each test starts the server on a free port (building the wasm
//! module if needed), runs one suite of the script against it, and fails on any failed check,
//! console error or page error.
//!
//! Needs `node` (20 or newer), `npm` and `/usr/bin/chromium`; without them the tests fail and say
//! how to install them. The first test installs playwright-core in `tests/browser` (`npm ci`). Screenshots go to the test's scratch directory, or to
//! `docs/screenshots/` with `UPDATE_SCREENSHOTS=1` (how the README's pictures are made).

#[path = "../../catmaze/tests/support/winning_walk.rs"]
mod winning_walk;

use catmaze::{Game, Phase};
use pathkit::grid::Cell;
use pathkit::search::SearchContext;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use test_prerequisites::{Dataset, Tool};
use winning_walk::{route_to, route_to_nearest_bone, walk, EXIT, ORDER};

/// The clicks that win the game: the taps of catmaze's own winning walk (E9), each on the tile
/// next to the cat, so the route the game plans is that one tile in every variant.
fn winning_clicks() -> Vec<[u32; 2]> {
    let mut game = Game::original();
    let mut ctx = SearchContext::new();
    let mut clicks = Vec::new();
    let mut follow = |game: &mut Game, route: Vec<Cell>| {
        walk(game, &route);
        clicks.extend(route[1..].iter().map(|c| [c.x, c.y]));
    };
    for ((x, y), _) in ORDER {
        while let Some(route) = route_to_nearest_bone(&game, &mut ctx) {
            follow(&mut game, route);
        }
        let route = route_to(&game, &mut ctx, Cell::new(x, y));
        follow(&mut game, route);
    }
    while let Some(route) = route_to_nearest_bone(&game, &mut ctx) {
        follow(&mut game, route);
    }
    let route = route_to(&game, &mut ctx, EXIT);
    follow(&mut game, route);
    assert_eq!(
        game.phase(),
        Phase::Won,
        "the clicks win the game in the rules"
    );
    clicks
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The server, killed when the test ends.
struct ServerProcess {
    child: Child,
    url: String,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server() -> ServerProcess {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catmaze-web"))
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start catmaze-web");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let url = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(i) = line.find("http://") {
                    break line[i..].trim().to_string();
                }
            }
            _ => {
                let status = child.wait();
                panic!("catmaze-web ended before serving: {status:?}");
            }
        }
    };
    ServerProcess { child, url }
}

/// Fails, saying how to fix it, when node, Chromium or playwright-core is missing.
fn require_browser() {
    Tool::Node.require();
    Tool::Chromium.require();
    let version = Command::new("node")
        .arg("--version")
        .output()
        .unwrap()
        .stdout;
    let version = String::from_utf8_lossy(&version);
    let major: u32 = version
        .trim()
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    assert!(
        major >= 20,
        "playwright-core 1.64 needs Node.js 20 or newer, this is {}: install a newer nodejs \
         (Debian 12's own is 18; NodeSource packages 20 and later)",
        version.trim()
    );
    if let Err(why) = PLAYWRIGHT.get_or_init(install_playwright) {
        panic!("{why}");
    }
}

/// Whether playwright-core is installed, once per test process (the first test to need it
/// installs it; the others wait for that).
static PLAYWRIGHT: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();

/// Installs playwright-core beside run.mjs with `npm ci` (the version `package-lock.json` pins;
/// it never downloads a browser) unless it is there already, so a fresh clone's test command
/// needs no step by hand.
fn install_playwright() -> Result<(), String> {
    let folder = crate_dir().join("tests/browser");
    let package = folder.join("node_modules/playwright-core/package.json");
    if package.is_file() {
        return Ok(());
    }
    eprintln!("installing playwright-core: npm ci in {}", folder.display());
    let status = Command::new("npm")
        .current_dir(&folder)
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .stdin(Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() && package.is_file() => Ok(()),
        Ok(s) => Err(format!(
            "`npm ci` in {} ended with {s} and did not install playwright-core (is the npm \
             registry reachable?); or leave these tests out with `-- --skip needs_`",
            folder.display()
        )),
        Err(e) => Err(format!(
            "could not start npm ({e}) to install playwright-core in {}: {}; or leave these tests \
             out with `-- --skip needs_`",
            folder.display(),
            Tool::Node.install_hint()
        )),
    }
}

fn screenshot_dir() -> PathBuf {
    let dir = if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        crate_dir().join("../../docs/screenshots")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One browser at a time: the frame-rate and timing checks measure the page, not the machine's
/// other browsers.
static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs one suite of run.mjs against a fresh server; returns its measurements (JSON text).
fn run_suite(suite: &str, data: &str) -> String {
    require_browser();
    let _turn = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = start_server();
    let data_file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{suite}.json"));
    std::fs::write(&data_file, data).unwrap();
    let out = Command::new("node")
        .current_dir(crate_dir().join("tests/browser"))
        .arg("run.mjs")
        .arg(suite)
        .arg(&server.url)
        .arg(screenshot_dir())
        .arg(&data_file)
        .stderr(Stdio::inherit())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the {suite} suite failed in Chromium (see above)"
    );
    let result = stdout
        .lines()
        .find_map(|l| l.strip_prefix("RESULT "))
        .unwrap_or("{}")
        .to_string();
    let results =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{suite}-results.json"));
    std::fs::write(results, &result).unwrap();
    result
}

mod needs_chromium {
    use super::*;

    #[test]
    fn game_clicks_win_lose_and_preview() {
        let clicks = winning_clicks();
        let data = format!("{{\"winningClicks\": {clicks:?}}}");
        run_suite("game", &data);
    }

    #[test]
    fn playground_tutorial_editing_algorithms_and_frame_rate() {
        run_suite("playground", "{}");
    }

    #[test]
    fn hierarchical_search_near_optimal_with_its_clusters_drawn() {
        run_suite("hierarchy", "{}");
    }

    #[test]
    fn two_floors_stairs_elevator_and_portals_switched_off() {
        run_suite("floors", "{}");
    }

    #[test]
    fn hex_grid_walls_terrain_and_the_optimum_over_the_bridge() {
        run_suite("hex", "{}");
    }

    #[test]
    fn navmesh_box_dragged_link_drawn_area_forbidden_and_agent_size_changed() {
        run_suite("mesh", "{}");
    }

    #[test]
    fn the_board_and_the_grid_fit_1280x800_and_a_phone_and_the_lists_are_reached() {
        run_suite("fit", "{}");
    }

    #[test]
    fn menus_from_the_module_hidden_controls_and_jps_plus_explaining_its_moves() {
        run_suite("menus", "{}");
    }

    #[test]
    fn the_first_time_shown_is_warm() {
        run_suite("warm", "{}");
    }

    /// The module's answers in Chromium are the native build's, bit for bit: the report of
    /// `catmaze_wasm::determinism` (grids with integer and float costs, JPS, JPS+, the subgoal
    /// graph, Jump Point Search on terrain, HPA*, hex, two floors, any-angle on a navmesh) equals
    /// `crates/catmaze-wasm/determinism.golden`, which the native tests compare with too.
    #[test]
    fn the_browser_answers_the_golden_file_bit_for_bit() {
        let result = run_suite("determinism", "{}");
        let value: serde_json::Value = serde_json::from_str(&result).unwrap();
        let report = value["report"].as_str().expect("a report");
        let golden = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../catmaze-wasm/determinism.golden"),
        )
        .unwrap();
        for (k, (got, want)) in report.lines().zip(golden.lines()).enumerate() {
            assert_eq!(got, want, "line {} differs in the browser", k + 1);
        }
        assert_eq!(report.lines().count(), golden.lines().count());
        assert_eq!(
            report,
            catmaze_wasm::determinism::report(),
            "and natively, in this build"
        );
    }
}

mod needs_chromium_and_movingai {
    use super::*;

    #[test]
    fn a_moving_ai_map_loads_and_is_searched() {
        let folder = Dataset::MovingAi.require();
        let map = folder.join("NewYork_0_1024.map");
        // The longest scenario of the bucket 366 in NewYork_0_1024.map.scen.
        let data = format!(
            "{{\"map\": {:?}, \"query\": [1014, 961, 3, 49], \"optimal\": 1466.67236480}}",
            map.display().to_string()
        );
        run_suite("movingai", &data);
    }

    #[test]
    fn a_moving_ai_map_loaded_after_the_tutorial_has_its_own_rules_and_the_scenarios_costs() {
        let folder = Dataset::MovingAi.require();
        let map = folder.join("den520d.map");
        let scen = pathkit::format::Scenario::load(folder.join("den520d.map.scen"))
            .expect("den520d.map.scen reads");
        let entries = scen.entries();
        // The first lines of the file (the short queries of bucket 0), and a spread of longer
        // ones from the buckets after.
        let picked: Vec<String> = entries
            .iter()
            .take(12)
            .chain(entries.iter().skip(12).step_by(43).take(20))
            .map(|e| {
                format!(
                    "[{}, {}, {}, {}, {}]",
                    e.start.x, e.start.y, e.goal.x, e.goal.y, e.optimal_length
                )
            })
            .collect();
        assert!(picked.len() >= 30);
        let first = &entries[0];
        let data = format!(
            "{{\"map\": {:?}, \"size\": [{}, {}], \"scenarios\": [{}]}}",
            map.display().to_string(),
            first.width,
            first.height,
            picked.join(", ")
        );
        run_suite("menus", &data);
    }
}

#[test]
fn the_winning_clicks_are_adjacent_steps() {
    let clicks = winning_clicks();
    assert!(clicks.len() > 400);
    let mut at = [24u32, 0];
    for c in &clicks {
        let d = at[0].abs_diff(c[0]) + at[1].abs_diff(c[1]);
        assert_eq!(d, 1, "{at:?} -> {c:?}");
        at = *c;
    }
}
