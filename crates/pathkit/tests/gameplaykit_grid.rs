//! GameplayKit grid-graph semantics on `pathkit::graph::GridGraph` (G11–G18) and the grid
//! options GameplayKit does not have (no corner cutting, unit diagonals).

/// Named so that `cargo test gameplaykit` selects every scenario.
mod gameplaykit {
    use pathkit::graph::{AgentPath, DiagonalCost, GraphError, GridGraph, NodeId, NodeKind};
    use pathkit::grid::Diagonal;
    use pathkit::limits::{Refusal, MAX_MAP_BYTES};
    use pathkit::search::AStar;
    use pathkit::search::SearchContext;
    use pathkit::search::SearchOptions;
    use pathkit::Pathfinder;
    use std::collections::BTreeSet;

    fn cells(grid: &GridGraph, path: &[NodeId]) -> Vec<(i32, i32)> {
        path.iter().map(|&n| grid.cell_of(n).unwrap()).collect()
    }

    fn neighbour_cells(grid: &GridGraph, node: NodeId) -> BTreeSet<(i32, i32)> {
        grid.connected_nodes(node)
            .unwrap()
            .iter()
            .map(|&n| grid.cell_of(n).unwrap())
            .collect()
    }

    fn at(grid: &GridGraph, x: i32, y: i32) -> NodeId {
        grid.node_at(x, y)
            .unwrap_or_else(|| panic!("no node at ({x}, {y})"))
    }

    /// The walls W of G16 and G17.
    const WALLS: [(i32, i32); 8] = [
        (6, 2),
        (5, 3),
        (5, 4),
        (4, 5),
        (5, 6),
        (6, 7),
        (6, 8),
        (6, 9),
    ];

    fn walled_grid(moves: Diagonal) -> GridGraph {
        let mut grid = GridGraph::new((0, 0), 10, 10, moves).unwrap();
        let walls: Vec<NodeId> = WALLS.iter().map(|&(x, y)| at(&grid, x, y)).collect();
        grid.remove_nodes(&walls).unwrap();
        grid
    }

    /// Checks a path step by step: consecutive cells are grid neighbours, no wall is entered.
    fn assert_walkable(grid: &GridGraph, path: &[(i32, i32)], diagonals: bool) {
        for w in path.windows(2) {
            let (dx, dy) = ((w[1].0 - w[0].0).abs(), (w[1].1 - w[0].1).abs());
            assert!(
                dx <= 1 && dy <= 1 && dx + dy > 0,
                "{:?} -> {:?} is not a move",
                w[0],
                w[1]
            );
            assert!(
                diagonals || dx + dy == 1,
                "{:?} -> {:?} is diagonal",
                w[0],
                w[1]
            );
        }
        for c in path {
            assert!(grid.node_at(c.0, c.1).is_some(), "{c:?} is a wall");
        }
    }

    fn path_cost(path: &[(i32, i32)]) -> f32 {
        path.windows(2)
            .map(|w| NodeKind::Cell(w[0].0, w[0].1).cost_to(&NodeKind::Cell(w[1].0, w[1].1)))
            .sum()
    }

    #[test]
    fn g11_grid_properties() {
        let grid = GridGraph::new((-3, -7), 3, 3, Diagonal::Always).unwrap();
        assert_eq!(grid.origin(), (-3, -7));
        assert_eq!(grid.width(), 3);
        assert_eq!(grid.height(), 3);
        assert!(grid.diagonals_allowed());
        assert_eq!(grid.moves(), Diagonal::Always);
        assert_eq!(grid.diagonal_cost(), DiagonalCost::Euclidean);
        assert!(!GridGraph::new((0, 0), 2, 2, Diagonal::Never)
            .unwrap()
            .diagonals_allowed());
    }

    #[test]
    fn g12_node_at_grid_position() {
        let grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
        for y in 0..3 {
            for x in 0..3 {
                assert_eq!(grid.cell_of(at(&grid, x, y)).unwrap(), (x, y));
            }
        }
        for (x, y) in [(-1, 0), (3, 0), (1, -1), (1, 3)] {
            assert_eq!(grid.node_at(x, y), None, "({x}, {y})");
        }
        let shifted = GridGraph::new((-7, 10), 3, 3, Diagonal::Never).unwrap();
        for y in 10..=12 {
            for x in -7..=-5 {
                assert_eq!(shifted.cell_of(at(&shifted, x, y)).unwrap(), (x, y));
            }
        }
        for (x, y) in [(-8, 11), (-4, 11), (-5, 9), (-5, 13)] {
            assert_eq!(shifted.node_at(x, y), None, "({x}, {y})");
        }
        // Row-major creation: members come y outer, x inner.
        let order: Vec<(i32, i32)> = cells(&shifted, shifted.nodes());
        assert_eq!(order[..4], [(-7, 10), (-6, 10), (-5, 10), (-7, 11)]);
        assert_eq!(at(&shifted, -6, 11).index(), 4);
    }

    #[test]
    fn g13_four_connected_neighbours() {
        let grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
        assert_eq!(grid.nodes().len(), 9);
        for y in 0..3 {
            for x in 0..3 {
                let expected: BTreeSet<(i32, i32)> = [(0, -1), (-1, 0), (1, 0), (0, 1)]
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(a, b)| (0..3).contains(&a) && (0..3).contains(&b))
                    .collect();
                let node = at(&grid, x, y);
                assert_eq!(neighbour_cells(&grid, node), expected, "({x}, {y})");
                assert_eq!(grid.connected_nodes(node).unwrap().len(), expected.len());
            }
        }
        assert_eq!(grid.connected_nodes(at(&grid, 0, 0)).unwrap().len(), 2);
        assert_eq!(grid.connected_nodes(at(&grid, 1, 0)).unwrap().len(), 3);
        assert_eq!(grid.connected_nodes(at(&grid, 1, 1)).unwrap().len(), 4);
        // Edge order: up, left, right, down.
        let centre = grid.connected_nodes(at(&grid, 1, 1)).unwrap();
        assert_eq!(cells(&grid, centre), [(1, 0), (0, 1), (2, 1), (1, 2)]);
    }

    #[test]
    fn g14_eight_connected_neighbours() {
        let grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
        for y in 0..3 {
            for x in 0..3 {
                let mut expected = BTreeSet::new();
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (a, b) = (x + dx, y + dy);
                        if (dx, dy) != (0, 0) && (0..3).contains(&a) && (0..3).contains(&b) {
                            expected.insert((a, b));
                        }
                    }
                }
                let node = at(&grid, x, y);
                assert_eq!(neighbour_cells(&grid, node), expected, "({x}, {y})");
                assert_eq!(grid.connected_nodes(node).unwrap().len(), expected.len());
            }
        }
        assert_eq!(grid.connected_nodes(at(&grid, 0, 0)).unwrap().len(), 3);
        assert_eq!(grid.connected_nodes(at(&grid, 0, 1)).unwrap().len(), 5);
        assert_eq!(grid.connected_nodes(at(&grid, 1, 1)).unwrap().len(), 8);
    }

    #[test]
    fn g15_extra_node_connects_to_adjacent_nodes() {
        for diagonals in [false, true] {
            let moves = if diagonals {
                Diagonal::Always
            } else {
                Diagonal::Never
            };
            let mut grid = GridGraph::new((0, 0), 3, 3, moves).unwrap();
            let own = at(&grid, 1, 1);
            let extra = grid.create_node(NodeKind::Cell(1, 1));
            grid.connect_node_to_adjacent_nodes(extra).unwrap();
            let expected: BTreeSet<(i32, i32)> = if diagonals {
                [
                    (0, 0),
                    (1, 0),
                    (2, 0),
                    (0, 1),
                    (2, 1),
                    (0, 2),
                    (1, 2),
                    (2, 2),
                ]
                .into()
            } else {
                [(0, 1), (1, 0), (1, 2), (2, 1)].into()
            };
            assert_eq!(neighbour_cells(&grid, extra), expected);
            let targets = grid.connected_nodes(extra).unwrap();
            assert!(!targets.contains(&own));
            assert_eq!(targets.len(), expected.len());
            assert!(!grid.connected_nodes(own).unwrap().contains(&extra));
            for &t in targets {
                assert!(
                    grid.connected_nodes(t).unwrap().contains(&extra),
                    "not both ways"
                );
            }
            assert_eq!(grid.nodes().last(), Some(&extra));
            // The extra node does not replace the grid's own node.
            assert_eq!(grid.node_at(1, 1), Some(own));
        }
    }

    #[test]
    fn g16_grid_path_around_walls() {
        let grid = walled_grid(Diagonal::Never);
        let path = grid
            .find_path(&mut SearchContext::new(), at(&grid, 4, 8), at(&grid, 7, 7))
            .unwrap()
            .into_nodes()
            .unwrap();
        let expected = [
            (4, 8),
            (4, 7),
            (4, 6),
            (3, 6),
            (3, 5),
            (3, 4),
            (4, 4),
            (4, 3),
            (4, 2),
            (5, 2),
            (5, 1),
            (6, 1),
            (7, 1),
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (7, 6),
            (7, 7),
        ];
        let found = cells(&grid, &path);
        assert_walkable(&grid, &found, false);
        assert_eq!(found.len(), 19);
        assert_eq!(path_cost(&found), 18.0);
        assert_eq!(found, expected);
        let mut ctx = SearchContext::new();
        let mut buffer = Vec::new();
        let cost = grid
            .find_path_into(
                &mut ctx,
                at(&grid, 4, 8),
                at(&grid, 7, 7).into(),
                &SearchOptions::new(),
                &mut buffer,
            )
            .unwrap()
            .found_cost();
        assert_eq!(cost, Some(18.0));
        assert_eq!(buffer, path);
    }

    #[test]
    fn g17_diagonal_passes_between_walls() {
        let grid = walled_grid(Diagonal::Always);
        let (start, goal) = (at(&grid, 4, 8), at(&grid, 7, 7));
        let path = grid
            .find_path(&mut SearchContext::new(), start, goal)
            .unwrap()
            .into_nodes()
            .unwrap();
        assert_eq!(cells(&grid, &path), [(4, 8), (5, 7), (6, 6), (7, 7)]);
        let mut ctx = SearchContext::new();
        let mut buffer = Vec::new();
        let cost = grid
            .find_path_into(
                &mut ctx,
                start,
                goal.into(),
                &SearchOptions::new(),
                &mut buffer,
            )
            .unwrap()
            .found_cost()
            .unwrap();
        assert!(
            (cost - 3.0 * std::f32::consts::SQRT_2).abs() < 1e-5,
            "{cost}"
        );

        // Unit diagonals: the same unique route, cost 3.
        let unit = walled_grid(Diagonal::Always).with_diagonal_cost(DiagonalCost::Unit);
        let (start, goal) = (at(&unit, 4, 8), at(&unit, 7, 7));
        let path = unit
            .find_path(&mut SearchContext::new(), start, goal)
            .unwrap()
            .into_nodes()
            .unwrap();
        assert_eq!(cells(&unit, &path), [(4, 8), (5, 7), (6, 6), (7, 7)]);
        let cost = unit
            .find_path_into(
                &mut ctx,
                start,
                goal.into(),
                &SearchOptions::new(),
                &mut buffer,
            )
            .unwrap()
            .found_cost();
        assert_eq!(cost, Some(3.0));
    }

    #[test]
    fn g17_no_corner_cutting_goes_around() {
        let grid = walled_grid(Diagonal::NoCornerCutting);
        let (start, goal) = (at(&grid, 4, 8), at(&grid, 7, 7));
        let path = cells(
            &grid,
            &grid
                .find_path(&mut SearchContext::new(), start, goal)
                .unwrap()
                .into_nodes()
                .unwrap(),
        );
        assert_walkable(&grid, &path, true);
        for w in path.windows(2) {
            let ((ax, ay), (bx, by)) = (w[0], w[1]);
            if ax != bx && ay != by {
                assert!(
                    grid.node_at(bx, ay).is_some() && grid.node_at(ax, by).is_some(),
                    "{w:?} cuts a corner"
                );
            }
        }
        assert_eq!((path[0], path[path.len() - 1]), ((4, 8), (7, 7)));
        // The gap between (5, 6) and (6, 7) is closed: the route goes round the top of the wall.
        assert!(!path.contains(&(6, 6)) || !path.contains(&(5, 7)));
        assert!(path_cost(&path) > 3.0 * std::f32::consts::SQRT_2 + 1.0);
        // The edges themselves are untouched: GameplayKit's view of the graph is the same.
        assert!(grid
            .connected_nodes(at(&grid, 5, 7))
            .unwrap()
            .contains(&at(&grid, 6, 6)));
    }

    #[test]
    fn g18_offset_grid_path() {
        let grid = GridGraph::new((2, 3), 3, 2, Diagonal::Never).unwrap();
        let path = cells(
            &grid,
            &grid
                .find_path(&mut SearchContext::new(), at(&grid, 2, 3), at(&grid, 4, 4))
                .unwrap()
                .into_nodes()
                .unwrap(),
        );
        assert_eq!(path.len(), 4);
        assert_eq!(path[1], (3, 3));
        assert_walkable(&grid, &path, false);
        // Three routes tie. The documented rule (first pushed first, edges up-left-right-down)
        // settles on this one every time; GameplayKit's own order gives (3, 4) instead of (4, 3).
        assert_eq!(path, [(2, 3), (3, 3), (4, 3), (4, 4)]);
    }

    #[test]
    fn empty_and_single_cell_grids() {
        let empty = GridGraph::new((5, 5), 0, 0, Diagonal::Always).unwrap();
        assert!(empty.nodes().is_empty());
        assert_eq!(empty.node_at(5, 5), None);
        let wide_but_empty = GridGraph::new((0, 0), 7, 0, Diagonal::Never).unwrap();
        assert!(wide_but_empty.nodes().is_empty());
        let mut one = GridGraph::new((0, 0), 1, 1, Diagonal::Always).unwrap();
        let only = at(&one, 0, 0);
        assert_eq!(one.nodes(), &[only]);
        assert!(one.connected_nodes(only).unwrap().is_empty());
        assert_eq!(
            one.find_path(&mut SearchContext::new(), only, only)
                .unwrap()
                .into_nodes(),
            Some(vec![only])
        );
        one.remove_nodes(&[only]).unwrap();
        assert!(one.nodes().is_empty());
        one.connect_node_to_adjacent_nodes(only).unwrap();
        assert_eq!(one.nodes(), &[only]);
    }

    #[test]
    fn grid_shape_errors() {
        // Refused from the size alone, before anything is allocated.
        assert_eq!(
            GridGraph::new((0, 0), 1 << 14, 1 << 13, Diagonal::Never),
            Err(GraphError::Refused(Refusal::TooLarge {
                bytes: GridGraph::memory_needed(1 << 14, 1 << 13, Diagonal::Always),
                limit: MAX_MAP_BYTES,
            }))
        );
        assert_eq!(
            GridGraph::new((0, 0), u32::MAX, u32::MAX, Diagonal::Never).unwrap_err(),
            GraphError::Refused(Refusal::TooLarge {
                bytes: u64::MAX,
                limit: MAX_MAP_BYTES,
            })
        );
        // A zero side gives no nodes, however long the other side is.
        let empty = GridGraph::new((0, 0), 0, i32::MAX as u32, Diagonal::Always).unwrap();
        assert!(empty.nodes().is_empty());
        assert_eq!(empty.node_at(0, 0), None);
        assert_eq!(
            GridGraph::new((i32::MAX - 1, 0), 3, 1, Diagonal::Never),
            Err(GraphError::GridOutOfRange {
                origin: (i32::MAX - 1, 0),
                width: 3,
                height: 1
            })
        );
        let corner = GridGraph::new((i32::MAX - 1, i32::MAX - 1), 2, 2, Diagonal::Always).unwrap();
        assert_eq!(corner.nodes().len(), 4);
        assert!(corner.node_at(i32::MAX, i32::MAX).is_some());
        assert_eq!(
            corner
                .connected_nodes(at(&corner, i32::MAX, i32::MAX))
                .unwrap()
                .len(),
            3
        );
        let low = GridGraph::new((i32::MIN, i32::MIN), 2, 2, Diagonal::Never).unwrap();
        assert_eq!(
            low.node_at(i32::MIN, i32::MIN + 1).map(|n| n.index()),
            Some(2)
        );
    }

    #[test]
    fn walls_come_and_go() {
        let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Never).unwrap();
        let centre = at(&grid, 1, 1);
        grid.remove_nodes(&[centre]).unwrap();
        assert_eq!(grid.node_at(1, 1), None);
        assert_eq!(grid.cell_node(1, 1), Some(centre));
        assert_eq!(grid.cell_node(3, 1), None);
        assert_eq!(grid.nodes().len(), 8);
        assert!(!grid
            .connected_nodes(at(&grid, 1, 0))
            .unwrap()
            .contains(&centre));
        grid.connect_node_to_adjacent_nodes(centre).unwrap();
        assert_eq!(grid.node_at(1, 1), Some(centre));
        assert_eq!(
            neighbour_cells(&grid, centre),
            [(1, 0), (0, 1), (2, 1), (1, 2)].into()
        );
        // Connecting an already connected node adds no duplicates.
        let side = at(&grid, 1, 0);
        grid.connect_node_to_adjacent_nodes(side).unwrap();
        grid.connect_node_to_adjacent_nodes(centre).unwrap();
        assert_eq!(grid.connected_nodes(side).unwrap().len(), 3);
        assert_eq!(grid.connected_nodes(centre).unwrap().len(), 4);
        assert_eq!(grid.nodes().len(), 9);
        // A wall next to a re-opened cell stays a wall.
        let left = at(&grid, 0, 1);
        grid.remove_nodes(&[left, centre]).unwrap();
        grid.connect_node_to_adjacent_nodes(centre).unwrap();
        assert_eq!(
            neighbour_cells(&grid, centre),
            [(1, 0), (2, 1), (1, 2)].into()
        );
        assert!(grid.connected_nodes(left).unwrap().is_empty());
    }

    #[test]
    fn adjacent_connection_edge_cases() {
        let mut grid = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
        let outside = grid.create_node(NodeKind::Cell(10, 10));
        grid.connect_node_to_adjacent_nodes(outside).unwrap();
        assert!(grid.connected_nodes(outside).unwrap().is_empty());
        assert!(!grid.graph().is_member(outside).unwrap());
        let plain = grid.create_node(NodeKind::Plain);
        assert_eq!(
            grid.connect_node_to_adjacent_nodes(plain),
            Err(GraphError::KindMismatch {
                node: plain,
                expected: "grid cell"
            })
        );
        let other = GridGraph::new((0, 0), 3, 3, Diagonal::Always).unwrap();
        let foreign = at(&other, 1, 1);
        assert_eq!(
            grid.connect_node_to_adjacent_nodes(foreign),
            Err(GraphError::ForeignNode { node: foreign })
        );
        assert!(grid
            .find_path(&mut SearchContext::new(), foreign, at(&grid, 0, 0))
            .is_err());
    }

    #[test]
    fn grid_path_feeds_an_agent_path() {
        let grid = walled_grid(Diagonal::Always);
        let route = grid
            .find_path(&mut SearchContext::new(), at(&grid, 4, 8), at(&grid, 7, 7))
            .unwrap()
            .into_nodes()
            .unwrap();
        let agent = AgentPath::from_nodes(grid.graph(), &route, 0.25).unwrap();
        assert_eq!(
            agent.points(),
            &[(4.0, 8.0), (5.0, 7.0), (6.0, 6.0), (7.0, 7.0)]
        );
        assert_eq!(
            AgentPath::from_nodes(grid.graph(), &route[..1], 0.25),
            Err(GraphError::PathTooShort { len: 1 })
        );
    }

    #[test]
    fn clone_of_a_grid_is_independent() {
        let grid = walled_grid(Diagonal::Always);
        let mut copy = grid.clone();
        assert_eq!(copy, grid);
        copy.connect_node_to_adjacent_nodes(copy.cell_node(6, 7).unwrap())
            .unwrap();
        assert!(grid.node_at(6, 7).is_none());
        assert!(copy.node_at(6, 7).is_some());
        assert_ne!(copy, grid);
    }

    /// A deterministic pseudo-random wall layout: about one cell in four is a wall.
    fn random_walls(seed: u64, width: u32, height: u32) -> Vec<(i32, i32)> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut walls = Vec::new();
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (state >> 33).is_multiple_of(4) {
                    walls.push((x, y));
                }
            }
        }
        walls
    }

    /// Path costs agree with the tile-grid search of `pathkit::grid` on the same maps: 4-connected,
    /// and 8-connected without corner cutting (the Moving AI rules).
    #[test]
    fn grid_graph_costs_match_the_tile_grid_search() {
        use pathkit::grid::{Cell, Grid};
        let (w, h) = (16u32, 12u32);
        let mut ctx = SearchContext::new();
        let mut buffer = Vec::new();
        let mut compared = 0;
        for seed in 0..12u64 {
            let walls = random_walls(seed, w, h);
            let text: String = (0..h as i32)
                .map(|y| {
                    let row: String = (0..w as i32)
                        .map(|x| if walls.contains(&(x, y)) { '#' } else { '.' })
                        .collect();
                    row + "\n"
                })
                .collect();
            let tiles = Grid::from_ascii(text.trim_end()).unwrap();
            for diagonals in [false, true] {
                let moves = if diagonals {
                    Diagonal::NoCornerCutting
                } else {
                    Diagonal::Never
                };
                let mut graph = GridGraph::new((0, 0), w, h, moves).unwrap();
                let wall_ids: Vec<NodeId> = walls.iter().map(|&(x, y)| at(&graph, x, y)).collect();
                graph.remove_nodes(&wall_ids).unwrap();
                let open: Vec<(i32, i32)> = cells(&graph, graph.nodes());
                for k in 0..8 {
                    let s = open[(k * 7 + seed as usize) % open.len()];
                    let t = open[(k * 13 + 5) % open.len()];
                    let found = graph
                        .find_path_into(
                            &mut ctx,
                            at(&graph, s.0, s.1),
                            at(&graph, t.0, t.1).into(),
                            &SearchOptions::new(),
                            &mut buffer,
                        )
                        .unwrap()
                        .found_cost();
                    let (cs, ct) = (
                        Cell::new(s.0 as u32, s.1 as u32),
                        Cell::new(t.0 as u32, t.1 as u32),
                    );
                    let reference = if diagonals {
                        let mut c = SearchContext::new();
                        AStar(&tiles.eight_connected())
                            .find_path(&mut c, cs, ct)
                            .unwrap()
                            .into_path()
                            .map(|p| p.cost)
                    } else {
                        let mut c = SearchContext::new();
                        AStar(&tiles.four_connected())
                            .find_path(&mut c, cs, ct)
                            .unwrap()
                            .into_path()
                            .map(|p| p.cost as f64)
                    };
                    match (found, reference) {
                        (Some(cost), Some(expected)) => {
                            assert!(
                                (cost as f64 - expected).abs() < 1e-3,
                                "seed {seed} {s:?}->{t:?}: {cost} vs {expected}"
                            );
                            let path = cells(&graph, &buffer);
                            assert_walkable(&graph, &path, diagonals);
                            assert_eq!((path[0], path[path.len() - 1]), (s, t));
                            compared += 1;
                        }
                        (None, None) => {}
                        other => panic!("seed {seed} {s:?}->{t:?}: {other:?}"),
                    }
                }
            }
        }
        assert!(compared > 100, "only {compared} paths compared");
    }
}
