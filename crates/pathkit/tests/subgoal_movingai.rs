//! Subgoal graphs on real Moving AI benchmark maps: every scenario line checked (or an even
//! sample of the largest files) costs exactly the published optimal length, and its path is a
//! real walk under the rules by the independent oracle's reading (`support/oracle.rs`).
//!
//! The maps cover both halves of the search: mazes, rooms and scattered obstacles, where every
//! subgoal is contracted, and open street maps, where most stay in the core. The data is the
//! Moving AI benchmark set in `shared/movingai` beside the checkout (README.md, "Data"); without
//! it these tests fail, saying so.

/// Named so that `--skip needs_` leaves these tests out on a machine without the data.
mod needs_movingai {
    use crate::jps_movingai::needs_movingai::load;
    use crate::support::oracle::{MoveCosts, Moves, OracleMap};
    use pathkit::subgoal::{SubgoalContext, SubgoalGraph};
    use pathkit::Pathfinder;

    /// Checks every `stride`-th line of `<name>.map.scen`; answers how many subgoals of the map's
    /// graph were contracted and how many stayed in the core.
    fn check_map(name: &str, stride: usize) -> (usize, usize) {
        let (grid, scenario) = load(name);
        let oracle = OracleMap {
            width: grid.width() as usize,
            height: grid.height() as usize,
            weights: grid.weights().to_vec(),
        };
        let graph = SubgoalGraph::new(grid).unwrap();
        let mut ctx = SubgoalContext::new();
        let tolerance = scenario.tolerance();
        let mut checked = 0;
        for entry in scenario.entries().iter().step_by(stride) {
            let (start, goal) = (entry.start, entry.goal);
            let path = graph
                .find_path(&mut ctx, start, goal)
                .unwrap()
                .into_path()
                .unwrap_or_else(|| panic!("{name}: no path {start} -> {goal}"));
            assert!(
                (path.cost - entry.optimal_length).abs() <= tolerance,
                "{name}: {start} -> {goal}: {}, optimal {}",
                path.cost,
                entry.optimal_length
            );
            let cells: Vec<(i64, i64)> = path
                .nodes
                .iter()
                .map(|c| (c.x as i64, c.y as i64))
                .collect();
            let xy = |c: pathkit::grid::Cell| (c.x as i64, c.y as i64);
            let walked = oracle
                .path_cost(
                    Moves::NoCornerCutting,
                    MoveCosts::OCTILE,
                    xy(start),
                    xy(goal),
                    &cells,
                )
                .unwrap_or_else(|e| panic!("{name}: {start} -> {goal}: {e}"));
            assert!(
                (walked - path.cost).abs() <= 1e-6,
                "{name}: walked {walked}, reported {}",
                path.cost
            );
            checked += 1;
        }
        assert!(checked > 0, "{name}: no scenario lines");
        (
            graph.subgoal_count() - graph.core_count(),
            graph.core_count(),
        )
    }

    #[test]
    fn dungeon_and_game_maps() {
        check_map("den520d", 1);
        check_map("AR0011SR", 2);
        check_map("lak303d", 1);
    }

    #[test]
    fn mazes_rooms_and_random_obstacles_are_contracted() {
        for (name, stride) in [("maze512-4-0", 20), ("8room_000", 5), ("random512-40-0", 5)] {
            let (contracted, core) = check_map(name, stride);
            assert!(
                contracted > core,
                "{name}: {contracted} contracted, {core} in the core"
            );
        }
    }

    #[test]
    fn open_street_maps_search_the_core() {
        let (_, core) = check_map("NewYork_0_1024", 10);
        assert!(core > 0, "NewYork_0_1024: no core");
        check_map("Berlin_1_256", 1);
    }
}
