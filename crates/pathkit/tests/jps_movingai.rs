//! Jump Point Search and JPS+ on real Moving AI benchmark maps: every scenario line (or an even
//! sample of the largest file) must cost exactly the published optimal length.
//!
//! The data is the Moving AI benchmark set in `shared/movingai` beside the checkout (README.md,
//! "Data"). Without it these tests fail, saying so; `cargo test -- --skip needs_` leaves them out.

/// Named so that `--skip needs_` leaves these tests out on a machine without the data.
pub(crate) mod needs_movingai {
    use pathkit::format::{MovingAiMap, Scenario};
    use pathkit::grid::Grid;
    use pathkit::jps::{JpsContext, JpsMode, JpsPlus, PathMode};
    use pathkit::{Goal, Pathfinder};
    use test_prerequisites::Dataset;

    /// The map `<name>.map` of the Moving AI set and its scenario file `<name>.map.scen`.
    pub(crate) fn load(name: &str) -> (Grid, Scenario) {
        let dir = Dataset::MovingAi.require();
        let (map_path, scen_path) = (
            dir.join(format!("{name}.map")),
            dir.join(format!("{name}.map.scen")),
        );
        let grid = MovingAiMap::load(&map_path)
            .and_then(|map| Ok(map.to_grid()?))
            .unwrap_or_else(|e| panic!("{}: {e}", map_path.display()));
        let scenario =
            Scenario::load(&scen_path).unwrap_or_else(|e| panic!("{}: {e}", scen_path.display()));
        (grid, scenario)
    }

    /// Checks every `stride`-th line of `<name>.map.scen` with online JPS and JPS+.
    fn check_map(name: &str, stride: usize) {
        let (grid, scenario) = load(name);
        let tolerance = scenario.tolerance();
        let queries: Vec<_> = scenario
            .entries()
            .iter()
            .map(|e| (e.start, e.goal, e.optimal_length))
            .collect();
        let plus = JpsPlus::new(grid.clone()).unwrap();
        let mut ctx = JpsContext::new();
        let mut path = Vec::new();
        let mut checked = 0;
        for &(start, goal, optimal) in queries.iter().step_by(stride) {
            let status = grid
                .jump_points(JpsMode::EIGHT)
                .find_path_into(
                    &mut ctx,
                    start,
                    Goal::Node(goal),
                    &Default::default(),
                    &mut path,
                )
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
                .paths(PathMode::JumpPoints)
                .find_path(&mut ctx, start, goal)
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
        // Corridors one cell wide put a jump point on almost every cell: the slowest case for JPS.
        check_map("maze512-1-0", 150);
    }

    #[test]
    fn acrossthecape_sample() {
        check_map("AcrosstheCape", 5);
    }

    #[test]
    fn street_and_room_maps() {
        check_map("Berlin_1_256", 1);
        check_map("lak104d", 1);
        check_map("8room_000", 5);
    }
}
