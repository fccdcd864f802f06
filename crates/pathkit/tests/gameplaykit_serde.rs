//! Round trips of node graphs, grid graphs, agent paths and grids through `serde` (JSON):
//! everything is kept, saved ids keep working, and malformed data is refused with an error.
#![cfg(feature = "serde")]

/// Named so that `cargo test gameplaykit` selects every scenario.
mod gameplaykit {
    use pathkit::graph::Direction;
    use pathkit::graph::{AgentPath, DiagonalCost, GridGraph, NodeGraph, NodeId, NodeKind};
    use pathkit::grid::Diagonal;
    use pathkit::search::SearchContext;
    use pathkit::Pathfinder;

    fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
        let json = serde_json::to_string(value).unwrap();
        serde_json::from_str(&json).unwrap()
    }

    /// A graph with every payload kind, one-way and two-way edges, a removed node, and a non-member
    /// that still has edges.
    fn mixed_graph() -> (NodeGraph, Vec<NodeId>) {
        let mut g = NodeGraph::new();
        let plain = g.add_node(NodeKind::Plain);
        let p2 = g.add_node(NodeKind::Point2(1.5, -2.25));
        let p3 = g.add_node(NodeKind::Point3(0.1, 0.2, 0.3));
        let cell = g.add_node(NodeKind::Cell(-4, 7));
        let outsider = g.create_node(NodeKind::Point2(9.0, 9.0));
        let removed = g.add_node(NodeKind::Plain);
        g.add_connections(plain, &[cell, p2, p3], Direction::BothWays)
            .unwrap();
        g.add_connections(p3, &[outsider], Direction::OneWay)
            .unwrap();
        g.add_connections(outsider, &[cell], Direction::OneWay)
            .unwrap();
        g.add_connections(removed, &[plain, cell], Direction::BothWays)
            .unwrap();
        g.remove_nodes(&[removed]).unwrap();
        (g, vec![plain, p2, p3, cell, outsider, removed])
    }

    #[test]
    fn node_graph_round_trip_keeps_everything() {
        let (g, n) = mixed_graph();
        let back = round_trip(&g);
        assert_eq!(back, g);
        assert_eq!(back.nodes(), g.nodes());
        assert_eq!(back.node_count(), 6);
        for &id in &n {
            assert_eq!(back.kind(id).unwrap(), g.kind(id).unwrap());
            assert_eq!(
                back.connected_nodes(id).unwrap(),
                g.connected_nodes(id).unwrap()
            );
            assert_eq!(back.is_member(id).unwrap(), g.is_member(id).unwrap());
        }
        assert_eq!(back.connected_nodes(n[0]).unwrap(), &[n[3], n[1], n[2]]);
        assert!(!back.is_member(n[4]).unwrap());
        assert!(!back.is_member(n[5]).unwrap());
        assert_eq!(
            back.find_path(&mut SearchContext::new(), n[1], n[3])
                .unwrap()
                .into_nodes(),
            Some(vec![n[1], n[0], n[3]])
        );
        assert_eq!(
            back.find_path(&mut SearchContext::new(), n[2], n[3])
                .unwrap()
                .into_nodes(),
            g.find_path(&mut SearchContext::new(), n[2], n[3])
                .unwrap()
                .into_nodes()
        );
    }

    #[test]
    fn saved_ids_work_with_the_loaded_graph() {
        let (g, n) = mixed_graph();
        // A save file holding the graph and some ids separately.
        let saved = serde_json::to_string(&(&g, n[1], n[3])).unwrap();
        let (mut loaded, from, to): (NodeGraph, NodeId, NodeId) =
            serde_json::from_str(&saved).unwrap();
        assert_eq!((from, to), (n[1], n[3]));
        assert_eq!(
            loaded
                .find_path(&mut SearchContext::new(), from, to)
                .unwrap()
                .into_nodes(),
            Some(vec![n[1], n[0], n[3]])
        );
        // The removed node can be re-added in the loaded graph.
        loaded.add_nodes(&[n[5]]).unwrap();
        assert_eq!(loaded.nodes().last(), Some(&n[5]));
        // Nodes created after loading are the loaded graph's own.
        let mut original = g;
        let new_in_loaded = loaded.add_node(NodeKind::Plain);
        let new_in_original = original.add_node(NodeKind::Plain);
        assert_eq!(new_in_loaded.index(), new_in_original.index());
        assert!(original.kind(new_in_loaded).is_err());
        assert!(loaded.kind(new_in_original).is_err());
        // Loading twice gives two equal graphs that both accept the saved ids.
        let (again, _, _): (NodeGraph, NodeId, NodeId) = serde_json::from_str(&saved).unwrap();
        assert_eq!(
            again
                .find_path(&mut SearchContext::new(), from, to)
                .unwrap()
                .into_nodes(),
            Some(vec![n[1], n[0], n[3]])
        );
    }

    #[test]
    fn grid_graph_round_trip_keeps_everything() {
        let mut grid = GridGraph::new((-2, 3), 5, 4, Diagonal::NoCornerCutting)
            .unwrap()
            .with_diagonal_cost(DiagonalCost::Unit);
        let walls: Vec<NodeId> = [(0, 4), (0, 5), (1, 5)]
            .iter()
            .map(|&(x, y)| grid.node_at(x, y).unwrap())
            .collect();
        grid.remove_nodes(&walls).unwrap();
        let extra = grid.create_node(NodeKind::Cell(-1, 4));
        grid.connect_node_to_adjacent_nodes(extra).unwrap();
        let back = round_trip(&grid);
        assert_eq!(back, grid);
        assert!(back.diagonals_allowed());
        assert_eq!(back.origin(), (-2, 3));
        assert_eq!((back.width(), back.height()), (5, 4));
        assert_eq!(back.moves(), Diagonal::NoCornerCutting);
        assert_eq!(back.diagonal_cost(), DiagonalCost::Unit);
        assert_eq!(back.node_at(0, 4), None);
        assert_eq!(back.cell_node(0, 4), Some(walls[0]));
        assert_eq!(back.nodes(), grid.nodes());
        assert_eq!(
            back.connected_nodes(extra).unwrap(),
            grid.connected_nodes(extra).unwrap()
        );
        let (s, t) = (grid.node_at(-2, 3).unwrap(), grid.node_at(2, 6).unwrap());
        assert_eq!(
            back.find_path(&mut SearchContext::new(), s, t)
                .unwrap()
                .into_nodes(),
            grid.find_path(&mut SearchContext::new(), s, t)
                .unwrap()
                .into_nodes()
        );
        // A wall can be re-opened in the loaded grid.
        let mut back = back;
        back.connect_node_to_adjacent_nodes(walls[0]).unwrap();
        assert_eq!(back.node_at(0, 4), Some(walls[0]));

        let plain_grid = GridGraph::new((0, 0), 2, 2, Diagonal::Never).unwrap();
        let back = round_trip(&plain_grid);
        assert!(!back.diagonals_allowed());
        assert_eq!(back.moves(), Diagonal::Never);
        assert_eq!(
            round_trip(&GridGraph::new((0, 0), 0, 0, Diagonal::Always).unwrap())
                .nodes()
                .len(),
            0
        );
    }

    #[test]
    fn agent_path_round_trip() {
        let path =
            AgentPath::from_points(vec![(0.0, 0.0), (3.0, 4.0), (3.0, 9.5)], 0.75, true).unwrap();
        assert_eq!(round_trip(&path), path);
        let short = r#"{"points":[[1.0,2.0]],"radius":1.0,"cyclical":false}"#;
        let err = serde_json::from_str::<AgentPath>(short).unwrap_err();
        assert!(err.to_string().contains("at least 2"), "{err}");
    }

    /// Parses `json` as a node graph and returns the error message.
    fn graph_error(json: &str) -> String {
        serde_json::from_str::<NodeGraph>(json)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn malformed_graphs_are_refused() {
        let node = |edges: &str| format!(r#"{{"tag":7,"kind":"Plain","edges":{edges}}}"#);
        let graph = |nodes: Vec<String>, members: &str| {
            format!(r#"{{"nodes":[{}],"members":{members}}}"#, nodes.join(","))
        };
        let ok = graph(vec![node("[1]"), node("[0]")], "[0,1]");
        let parsed: NodeGraph = serde_json::from_str(&ok).unwrap();
        assert_eq!(parsed.nodes().len(), 2);

        let cases = [
            (
                graph(vec![node("[2]"), node("[]")], "[0]"),
                "missing node 2",
            ),
            (graph(vec![node("[0]"), node("[]")], "[0]"), "to itself"),
            (graph(vec![node("[1,1]"), node("[]")], "[0]"), "two edges"),
            (graph(vec![node("[]"), node("[]")], "[1,1]"), "member twice"),
            (graph(vec![node("[]")], "[3]"), "member 3 is not a node"),
        ];
        for (json, expected) in cases {
            let message = graph_error(&json);
            assert!(message.contains(expected), "{json}: {message}");
        }
        assert!(serde_json::from_str::<NodeGraph>(r#"{"nodes":[]}"#).is_err());
        assert!(serde_json::from_str::<NodeGraph>("[1,2,3]").is_err());
    }

    #[test]
    fn malformed_grids_are_refused() {
        let grid = GridGraph::new((0, 0), 2, 2, Diagonal::Never).unwrap();
        let mut value: serde_json::Value = serde_json::to_value(&grid).unwrap();
        // Too few nodes for the declared size.
        value["width"] = 3.into();
        let err = serde_json::from_value::<GridGraph>(value.clone()).unwrap_err();
        assert!(err.to_string().contains("needs 6 nodes"), "{err}");
        // A grid node on the wrong cell.
        value["width"] = 2.into();
        value["graph"]["nodes"][1]["kind"] = serde_json::json!({"Cell": [5, 5]});
        let err = serde_json::from_value::<GridGraph>(value.clone()).unwrap_err();
        assert!(err.to_string().contains("should be cell (1, 0)"), "{err}");
        // Cells past the i32 range, and a grid too large for the memory limit.
        value["graph"]["nodes"][1]["kind"] = serde_json::json!({"Cell": [1, 0]});
        assert!(serde_json::from_value::<GridGraph>(value.clone()).is_ok());
        value["origin"] = serde_json::json!([i32::MAX, 0]);
        assert!(serde_json::from_value::<GridGraph>(value.clone()).is_err());
        value["origin"] = serde_json::json!([0, 0]);
        value["width"] = u32::MAX.into();
        value["height"] = u32::MAX.into();
        let err = serde_json::from_value::<GridGraph>(value).unwrap_err();
        assert!(err.to_string().contains("more than the"), "{err}");
    }
}

/// Grids (`pathkit::grid::Grid`): size and weights kept, the tables rebuilt.
mod grids {
    use crate::support::{random_grid, RULES};
    use pathkit::grid::{Cell, Grid};
    use pathkit::search::{SearchContext, SearchOptions};
    use pathkit::Pathfinder;

    #[test]
    fn grids_round_trip_and_search_alike() {
        for seed in 0..12u64 {
            let (w, h) = (1 + (seed as u32 * 7) % 23, 1 + (seed as u32 * 5) % 17);
            let (mut grid, start, goal) = random_grid(w, h, 30, 1 + seed as u32 % 4, seed);
            let json = serde_json::to_string(&grid).unwrap();
            let mut back: Grid = serde_json::from_str(&json).unwrap();
            assert_eq!(back, grid);
            assert_eq!(back.weights(), grid.weights());
            // The same answers, before and after the same edit on both.
            for round in 0..2 {
                for rule in RULES {
                    assert_eq!(
                        back.reachable(start, goal, rule),
                        grid.reachable(start, goal, rule)
                    );
                    assert_eq!(back.component(goal, rule), grid.component(goal, rule));
                }
                let options = SearchOptions::new();
                let mut ctx = SearchContext::new();
                let eight = grid
                    .eight_connected()
                    .find_path_with(&mut ctx, start, goal, &options);
                let eight_back = back
                    .eight_connected()
                    .find_path_with(&mut ctx, start, goal, &options);
                assert_eq!(
                    eight.unwrap(),
                    eight_back.unwrap(),
                    "seed {seed}, round {round}"
                );
                let mut ctx = SearchContext::new();
                let four = grid.four_connected().find_path(&mut ctx, start, goal);
                let four_back = back.four_connected().find_path(&mut ctx, start, goal);
                assert_eq!(
                    four.unwrap(),
                    four_back.unwrap(),
                    "seed {seed}, round {round}"
                );
                let cell = Cell::new(w / 2, h / 2);
                let weight = if grid.is_passable(cell) { 0 } else { 2 };
                grid.set_weight(cell, weight).unwrap();
                back.set_weight(cell, weight).unwrap();
                assert_eq!(back, grid);
            }
        }
    }

    #[test]
    fn forged_grids_are_refused() {
        let error = |json: &str| serde_json::from_str::<Grid>(json).unwrap_err().to_string();
        let cases = [
            (
                r#"{"width":2,"height":2,"weights":[1,1,1]}"#,
                "a 2x2 grid needs 4 weights, the data has 3",
            ),
            (
                r#"{"width":2,"height":1,"weights":[1,1,1]}"#,
                "a 2x1 grid needs 2 weights, the data has 3",
            ),
            (
                r#"{"width":0,"height":5,"weights":[]}"#,
                "a 0x5 grid has no cells",
            ),
            (
                r#"{"width":1,"height":268435456,"weights":[1]}"#,
                "more than the",
            ),
            (
                r#"{"width":4294967295,"height":4294967295,"weights":[]}"#,
                "bytes",
            ),
            (
                r#"{"width":2,"height":1,"weights":[1,-1]}"#,
                "invalid value",
            ),
            (
                r#"{"width":2,"height":1,"weights":[1,4294967296]}"#,
                "invalid value",
            ),
            (r#"{"width":2,"height":1}"#, "missing field `weights`"),
            (
                r#"{"width":2.5,"height":1,"weights":[1,1]}"#,
                "invalid type",
            ),
        ];
        for (json, expected) in cases {
            let message = error(json);
            assert!(message.contains(expected), "{json}: {message}");
        }
        // Field order does not matter; every u32 weight is kept (0 is a wall).
        let grid: Grid =
            serde_json::from_str(r#"{"weights":[0,4294967295],"height":1,"width":2}"#).unwrap();
        assert!(!grid.is_passable(Cell::new(0, 0)));
        assert_eq!(grid.weight(Cell::new(1, 0)), u32::MAX);
    }
}
