//! Properties of node graphs checked on random inputs: every edit matches a plain adjacency-list
//! model, and every path found is a real, cheapest path by the independent oracle of
//! `support/oracle.rs` (built from the test's own points and edges, not read back from the graph).

/// Named so that `cargo test gameplaykit` selects these too.
mod gameplaykit {
    use pathkit::graph::{
        BaseCosts, DiagonalCost, GraphError, GridGraph, NodeGraph, NodeId, NodeKind,
    };
    use pathkit::search::{SearchContext, SearchOptions, WhenUnreachable};
    use pathkit::{Goal, Pathfinder, Unsupported};
    use proptest::prelude::*;

    use crate::support::moves_of;
    use crate::support::oracle::{MoveCosts, OracleGraph, OracleMap};
    use pathkit::graph::Direction;
    use pathkit::grid::Diagonal;

    /// The edge direction of a generated `both` flag.
    fn direction(both: bool) -> Direction {
        if both {
            Direction::BothWays
        } else {
            Direction::OneWay
        }
    }

    #[derive(Clone, Debug)]
    enum Op {
        Create,
        Add,
        AddNodes(Vec<usize>),
        RemoveNodes(Vec<usize>),
        Connect(usize, Vec<usize>, bool),
        Disconnect(usize, Vec<usize>, bool),
    }

    fn op() -> impl Strategy<Value = Op> {
        let list = || prop::collection::vec(0usize..64, 0..4);
        prop_oneof![
            1 => Just(Op::Create),
            2 => Just(Op::Add),
            1 => list().prop_map(Op::AddNodes),
            2 => list().prop_map(Op::RemoveNodes),
            5 => (0usize..64, list(), any::<bool>()).prop_map(|(f, t, b)| Op::Connect(f, t, b)),
            2 => (0usize..64, list(), any::<bool>()).prop_map(|(f, t, b)| Op::Disconnect(f, t, b)),
        ]
    }

    /// The semantics of §2.1–2.2, written as directly as possible.
    #[derive(Default)]
    struct Model {
        out: Vec<Vec<usize>>,
        member: Vec<bool>,
        members: Vec<usize>,
    }

    impl Model {
        fn link(&mut self, a: usize, b: usize) {
            if a != b && !self.out[a].contains(&b) {
                self.out[a].push(b);
            }
        }
        fn unlink(&mut self, a: usize, b: usize) {
            self.out[a].retain(|&x| x != b);
        }
    }

    proptest! {
        #[test]
        fn edits_match_the_adjacency_model(ops in prop::collection::vec(op(), 1..60)) {
            let mut graph = NodeGraph::new();
            let mut ids: Vec<NodeId> = Vec::new();
            let mut model = Model::default();
            for op in ops {
                let n = ids.len();
                let pick = |list: &[usize]| -> Vec<usize> { list.iter().map(|&i| i % n.max(1)).collect() };
                let connect = matches!(op, Op::Connect(..));
                match op {
                    Op::Create | Op::Add => {
                        let add = matches!(op, Op::Add);
                        ids.push(if add { graph.add_node(NodeKind::Plain) } else { graph.create_node(NodeKind::Plain) });
                        model.out.push(Vec::new());
                        model.member.push(add);
                        if add {
                            model.members.push(n);
                        }
                    }
                    _ if n == 0 => continue,
                    Op::AddNodes(list) => {
                        let list = pick(&list);
                        graph.add_nodes(&list.iter().map(|&i| ids[i]).collect::<Vec<_>>()).unwrap();
                        for i in list {
                            if !model.member[i] {
                                model.member[i] = true;
                                model.members.push(i);
                            }
                        }
                    }
                    Op::RemoveNodes(list) => {
                        let list = pick(&list);
                        graph.remove_nodes(&list.iter().map(|&i| ids[i]).collect::<Vec<_>>()).unwrap();
                        for r in list {
                            if model.member[r] {
                                model.member[r] = false;
                                model.out[r].clear();
                                for o in &mut model.out {
                                    o.retain(|&x| x != r);
                                }
                            }
                        }
                        let member = &model.member;
                        model.members.retain(|&i| member[i]);
                    }
                    Op::Connect(f, to, both) | Op::Disconnect(f, to, both) => {
                        let (f, to) = (f % n, pick(&to));
                        let to_ids: Vec<NodeId> = to.iter().map(|&i| ids[i]).collect();
                        if connect {
                            graph.add_connections(ids[f], &to_ids, direction(both)).unwrap();
                        } else {
                            graph.remove_connections(ids[f], &to_ids, direction(both)).unwrap();
                        }
                        for t in to {
                            if connect {
                                if t != f {
                                    model.link(f, t);
                                    if both {
                                        model.link(t, f);
                                    }
                                }
                            } else {
                                model.unlink(f, t);
                                if both {
                                    model.unlink(t, f);
                                }
                            }
                        }
                    }
                }
                let members: Vec<usize> = graph.nodes().iter().map(|id| id.index()).collect();
                prop_assert_eq!(&members, &model.members);
                for (i, &id) in ids.iter().enumerate() {
                    let out: Vec<usize> = graph.connected_nodes(id).unwrap().iter().map(|t| t.index()).collect();
                    prop_assert_eq!(&out, &model.out[i], "edges of node {}", i);
                    prop_assert_eq!(graph.is_member(id).unwrap(), model.member[i]);
                }
            }
        }

        #[test]
        fn paths_are_real_and_cheapest(
            points in prop::collection::vec((0u8..20, 0u8..20), 2..12),
            edges in prop::collection::vec((0usize..12, 0usize..12, any::<bool>()), 0..30),
        ) {
            let n = points.len();
            let (mut graph, ids) = NodeGraph::with_nodes(
                points.iter().map(|&(x, y)| NodeKind::Point2(x as f32, y as f32)),
            );
            for &(a, b, both) in &edges {
                graph.add_connections(ids[a % n], &[ids[b % n]], direction(both)).unwrap();
            }
            // The oracle: the same edges, each costing the straight-line distance between its
            // points (GameplayKit's cost of a move between 2D nodes).
            let mut oracle = OracleGraph::new(n);
            for &(a, b, both) in &edges {
                let (a, b) = (a % n, b % n);
                let (p, q) = (points[a], points[b]);
                let length = (f64::from(p.0) - f64::from(q.0)).hypot(f64::from(p.1) - f64::from(q.1));
                oracle.add_edge(a, b, length);
                if both {
                    oracle.add_edge(b, a, length);
                }
            }
            let mut ctx = SearchContext::new();
            let mut path = Vec::new();
            for s in 0..n {
                for t in 0..n {
                    let found = graph.space_with(&BaseCosts).find_path_into(&mut ctx, ids[s], ids[t].into(), &SearchOptions::new(), &mut path).unwrap().found_cost();
                    match (found, oracle.shortest(s, t)) {
                        (None, best) => prop_assert!(best.is_none(), "{} -> {} missed (oracle {:?})", s, t, best),
                        (Some(cost), None) => prop_assert!(false, "{} -> {}: found {} where the oracle finds no path", s, t, cost),
                        (Some(cost), Some(best)) => {
                            prop_assert!((cost as f64 - best).abs() < 1e-3, "{} -> {}: {} vs oracle {}", s, t, cost, best);
                            let nodes: Vec<usize> = path.iter().map(|id| id.index()).collect();
                            let walked = oracle.path_cost(s, t, &nodes);
                            prop_assert!(walked.is_ok(), "{:?}", walked);
                            prop_assert!((walked.unwrap() - cost as f64).abs() < 1e-3);
                            prop_assert_eq!(graph.find_path(&mut ctx, ids[s], ids[t]).unwrap().into_nodes(), Some(path.clone()));
                        }
                    }
                }
                // The nearest of several goals (every other node from s), given as a list and
                // as a test: the least of the oracle's costs to each, ending at a goal.
                let goals: Vec<NodeId> = (0..n).filter(|t| (t + s) % 2 == 1).map(|t| ids[t]).collect();
                let best = (0..n)
                    .filter(|t| (t + s) % 2 == 1)
                    .filter_map(|t| oracle.shortest(s, t))
                    .min_by(f64::total_cmp);
                let accepts = |id: NodeId| goals.contains(&id);
                for to in [Goal::AnyOf(&goals), Goal::Matching(&accepts)] {
                    let found = graph.find_path(&mut ctx, ids[s], to).unwrap().into_path();
                    match (found, best) {
                        (None, None) => {}
                        (Some(p), Some(best)) => {
                            prop_assert!((f64::from(p.cost) - best).abs() < 1e-3, "{}: {} vs oracle {}", s, p.cost, best);
                            prop_assert!(goals.contains(p.nodes.last().unwrap()));
                        }
                        (found, best) => prop_assert!(false, "{}: found {:?}, oracle {:?}", s, found, best),
                    }
                }
                // The closest point to a test is no place: refused, not guessed.
                let closest = SearchOptions::new().when_unreachable(WhenUnreachable::ClosestPoint);
                prop_assert_eq!(
                    graph.find_path_with(&mut ctx, ids[s], Goal::Matching(&accepts), &closest),
                    Err(GraphError::Unsupported(Unsupported::ClosestPoint))
                );
            }
        }
    }

    proptest! {
        /// Grid graphs with walls made by removing nodes, every diagonal rule, against the
        /// oracle's map of the same walls: GameplayKit's diagonal edges stay usable between two
        /// walls (any diagonal); the Moving AI rule forbids cutting corners, corner cutting needs
        /// one side free; diagonals cost √2 or 1.
        #[test]
        fn grid_graph_paths_are_cheapest(
            (w, h) in (1u32..10, 1u32..10),
            walls in prop::collection::vec(any::<bool>(), 100),
            ends in (0u32..100, 0u32..100),
            setting in 0usize..6,
        ) {
            let (rule, unit) = [
                (Diagonal::Never, false),
                (Diagonal::Always, false),
                (Diagonal::NoCornerCutting, false),
                (Diagonal::CornerCutting, false),
                (Diagonal::Always, true),
                (Diagonal::NoCornerCutting, true),
            ][setting];
            let weights: Vec<u32> = (0..(w * h) as usize).map(|i| u32::from(!walls[i] || i % 3 == 0)).collect();
            let map = OracleMap { width: w as usize, height: h as usize, weights };
            let moves = moves_of(rule);
            let costs = MoveCosts { straight: 1.0, diagonal: if unit { 1.0 } else { std::f64::consts::SQRT_2 } };
            let mut grid = GridGraph::new((-3, 5), w, h, rule).unwrap();
            if unit {
                grid.set_diagonal_cost(DiagonalCost::Unit);
            }
            let at = |i: u32| ((i % w) as i32, (i / w) as i32);
            let removed: Vec<NodeId> = (0..w * h)
                .filter(|&i| map.weights[i as usize] == 0)
                .map(|i| grid.cell_node(at(i).0 - 3, at(i).1 + 5).unwrap())
                .collect();
            grid.remove_nodes(&removed).unwrap();
            let (s, t) = (at(ends.0 % (w * h)), at(ends.1 % (w * h)));
            let (start, goal) = (grid.cell_node(s.0 - 3, s.1 + 5).unwrap(), grid.cell_node(t.0 - 3, t.1 + 5).unwrap());
            let expected = map.shortest(moves, costs, (s.0 as i64, s.1 as i64), (t.0 as i64, t.1 as i64));
            if start == goal {
                // GameplayKit semantics: a path from a node to itself is that node, member or not.
                prop_assert_eq!(grid.find_path(&mut SearchContext::new(), start, goal).unwrap().into_nodes(), Some(vec![start]));
                return Ok(());
            }
            match (grid.find_path(&mut SearchContext::new(), start, goal).map(|o| o.into_nodes()), expected) {
                (Ok(Some(path)), Some(best)) => {
                    let cells: Vec<(i64, i64)> = path.iter().map(|&n| {
                        let (x, y) = grid.cell_of(n).unwrap();
                        (x as i64 + 3, y as i64 - 5)
                    }).collect();
                    let walked = map.path_cost(moves, costs, (s.0 as i64, s.1 as i64), (t.0 as i64, t.1 as i64), &cells);
                    prop_assert!(walked.is_ok(), "{:?}", walked);
                    prop_assert!((walked.unwrap() - best).abs() < 1e-4, "{:?} vs optimum {}", cells, best);
                }
                (Ok(None), None) => {}
                // A removed (walled) end is not a member: an error or no path, never a path.
                (Err(_), None) => prop_assert!(map.weights[(ends.0 % (w * h)) as usize] == 0 || map.weights[(ends.1 % (w * h)) as usize] == 0),
                (got, best) => prop_assert!(false, "{:?} -> {:?}: grid graph {:?}, oracle {:?}", s, t, got, best),
            }
        }
    }
}
