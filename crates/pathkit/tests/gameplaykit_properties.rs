//! Properties of node graphs checked on random inputs: every edit matches a plain adjacency-list
//! model, and every path found is a real, cheapest path.

/// Named so that `cargo test gameplaykit` selects these too.
mod gameplaykit {
    use pathkit::graph::{BaseCosts, NodeGraph, NodeId, NodeKind};
    use pathkit::search::SearchContext;
    use proptest::prelude::*;

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
                            graph.add_connections(ids[f], &to_ids, both).unwrap();
                        } else {
                            graph.remove_connections(ids[f], &to_ids, both).unwrap();
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
                graph.add_connections(ids[a % n], &[ids[b % n]], both).unwrap();
            }
            // Reference: Floyd–Warshall over the same f32 edge costs, summed in f64.
            let mut dist = vec![vec![f64::INFINITY; n]; n];
            for (a, row) in dist.iter_mut().enumerate() {
                row[a] = 0.0;
                for &t in graph.connected_nodes(ids[a]).unwrap() {
                    row[t.index()] = graph.cost(ids[a], t).unwrap() as f64;
                }
            }
            for k in 0..n {
                for i in 0..n {
                    for j in 0..n {
                        let via = dist[i][k] + dist[k][j];
                        if via < dist[i][j] {
                            dist[i][j] = via;
                        }
                    }
                }
            }
            let mut ctx = SearchContext::new();
            let mut path = Vec::new();
            for s in 0..n {
                for t in 0..n {
                    let found = graph.find_path_into(&mut ctx, &BaseCosts, ids[s], ids[t], &mut path).unwrap();
                    match found {
                        None => prop_assert!(dist[s][t].is_infinite(), "{} -> {} missed", s, t),
                        Some(cost) => {
                            prop_assert!((cost as f64 - dist[s][t]).abs() < 1e-3, "{} -> {}: {} vs {}", s, t, cost, dist[s][t]);
                            prop_assert_eq!(path[0], ids[s]);
                            prop_assert_eq!(path[path.len() - 1], ids[t]);
                            let mut along = 0.0f64;
                            for w in path.windows(2) {
                                prop_assert!(graph.has_connection(w[0], w[1]).unwrap());
                                along += graph.cost(w[0], w[1]).unwrap() as f64;
                            }
                            prop_assert!((along - cost as f64).abs() < 1e-3);
                            prop_assert_eq!(graph.find_path(ids[s], ids[t]).unwrap(), Some(path.clone()));
                        }
                    }
                }
            }
        }
    }
}
