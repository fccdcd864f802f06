//! GameplayKit graph semantics on `pathkit::graph::NodeGraph`: plain graphs (G1–G10 and the
//! extra cases), costs (C1–C5), 2D pathfinding and agent paths.

/// Named so that `cargo test gameplaykit` selects every scenario.
mod gameplaykit {
    use pathkit::graph::Direction;
    use pathkit::graph::{
        AgentPath, BaseCosts, CostModel, GraphError, NodeGraph, NodeId, NodeKind, NodeRef,
    };
    use pathkit::search::SearchContext;
    use pathkit::search::SearchOptions;
    use pathkit::Pathfinder;

    /// A graph with `n` plain member nodes.
    fn plain(n: usize) -> (NodeGraph, Vec<NodeId>) {
        NodeGraph::with_nodes(vec![NodeKind::Plain; n])
    }

    fn has(graph: &NodeGraph, from: NodeId, to: NodeId) -> bool {
        graph.has_connection(from, to).unwrap()
    }

    /// n1↔{n2,n3,n4}, n2↔{n5,n6}: the graph of G3 and G5. Index 0 is n1.
    fn two_level_tree() -> (NodeGraph, Vec<NodeId>) {
        let (mut g, n) = plain(6);
        g.add_connections(n[0], &[n[1], n[2], n[3]], Direction::BothWays)
            .unwrap();
        g.add_connections(n[1], &[n[4], n[5]], Direction::BothWays)
            .unwrap();
        (g, n)
    }

    #[test]
    fn g1_one_way_connections() {
        let (mut g, n) = plain(6);
        g.add_connections(n[0], &[n[1], n[2], n[3]], Direction::OneWay)
            .unwrap();
        g.add_connections(n[1], &[n[4], n[5]], Direction::OneWay)
            .unwrap();
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 4), (1, 5)] {
            assert!(has(&g, n[a], n[b]), "n{} -> n{} missing", a + 1, b + 1);
        }
        for (a, b) in [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1)] {
            assert!(
                !has(&g, n[a], n[b]),
                "n{} -> n{} should not exist",
                a + 1,
                b + 1
            );
        }
        assert_eq!(g.connected_nodes(n[0]).unwrap(), &[n[1], n[2], n[3]]);
        assert_eq!(g.connected_nodes(n[1]).unwrap(), &[n[4], n[5]]);
    }

    #[test]
    fn g2_bidirectional_connections() {
        let (mut g, n) = plain(6);
        g.add_connections(n[0], &[n[1], n[2], n[3]], Direction::BothWays)
            .unwrap();
        g.add_connections(n[1], &[n[4], n[5]], Direction::OneWay)
            .unwrap();
        for (a, b) in [(1, 0), (2, 0), (3, 0)] {
            assert!(has(&g, n[a], n[b]));
        }
        assert!(!has(&g, n[4], n[1]));
        assert!(!has(&g, n[5], n[1]));
        assert_eq!(g.connected_nodes(n[1]).unwrap(), &[n[0], n[4], n[5]]);
    }

    #[test]
    fn g3_remove_one_direction() {
        let (mut g, n) = two_level_tree();
        g.remove_connections(n[1], &[n[4]], Direction::OneWay)
            .unwrap();
        assert!(!has(&g, n[1], n[4]));
        assert!(has(&g, n[4], n[1]));
        assert!(has(&g, n[1], n[5]) && has(&g, n[5], n[1]));
        for k in 1..4 {
            assert!(has(&g, n[0], n[k]) && has(&g, n[k], n[0]));
        }
        // Removing an absent edge changes nothing.
        g.remove_connections(n[1], &[n[4]], Direction::OneWay)
            .unwrap();
        assert_eq!(g.connected_nodes(n[1]).unwrap(), &[n[0], n[5]]);
    }

    #[test]
    fn g4_plain_cost_is_one_both_ways() {
        let (mut g, n) = plain(2);
        g.add_connections(n[0], &[n[1]], Direction::OneWay).unwrap();
        assert_eq!(g.cost(n[0], n[1]).unwrap(), 1.0);
        assert_eq!(g.cost(n[1], n[0]).unwrap(), 1.0);
    }

    #[test]
    fn g5_path_through_the_tree() {
        let (g, n) = two_level_tree();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[5])
                .unwrap()
                .into_nodes(),
            Some(vec![n[0], n[1], n[5]])
        );
    }

    #[test]
    fn g6_hubs_and_leaves() {
        let mut g = NodeGraph::new();
        let hubs: Vec<NodeId> = (0..6).map(|_| g.add_node(NodeKind::Plain)).collect();
        let mut leaves = Vec::new();
        for &hub in &hubs {
            let ls: Vec<NodeId> = (0..12).map(|_| g.add_node(NodeKind::Plain)).collect();
            g.add_connections(hub, &ls, Direction::BothWays).unwrap();
            leaves.push(ls);
        }
        // L[k][k] ↔ h(k+1) for k = 1..5, hubs numbered from 1: hubs[k - 1] is h(k).
        for k in 1..=5 {
            g.add_connections(leaves[k - 1][k], &[hubs[k]], Direction::BothWays)
                .unwrap();
        }
        let mut expected = vec![hubs[0]];
        for k in 1..=5 {
            expected.push(leaves[k - 1][k]);
            expected.push(hubs[k]);
        }
        let path = g
            .find_path(&mut SearchContext::new(), hubs[0], hubs[5])
            .unwrap()
            .into_nodes()
            .unwrap();
        assert_eq!(path.len(), 11);
        assert_eq!(path, expected);
    }

    #[test]
    fn g7_one_way_cycle() {
        let (mut g, n) = plain(6);
        g.add_connections(n[0], &[n[1], n[2]], Direction::BothWays)
            .unwrap();
        g.add_connections(n[1], &[n[4]], Direction::BothWays)
            .unwrap();
        g.add_connections(n[2], &[n[3]], Direction::OneWay).unwrap();
        g.add_connections(n[3], &[n[5]], Direction::OneWay).unwrap();
        g.add_connections(n[5], &[n[4]], Direction::OneWay).unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[5])
                .unwrap()
                .into_nodes(),
            Some(vec![n[0], n[2], n[3], n[5]])
        );
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[5], n[0])
                .unwrap()
                .into_nodes(),
            Some(vec![n[5], n[4], n[1], n[0]])
        );
    }

    #[test]
    fn g8_no_duplicate_edges() {
        let (mut g, n) = plain(2);
        g.add_connections(n[0], &[n[1]], Direction::BothWays)
            .unwrap();
        g.add_connections(n[1], &[n[0]], Direction::BothWays)
            .unwrap();
        assert_eq!(g.connected_nodes(n[0]).unwrap(), &[n[1]]);
        assert_eq!(g.connected_nodes(n[1]).unwrap(), &[n[0]]);
        // A repeated target in one call is added once too.
        g.add_connections(n[0], &[n[1], n[1]], Direction::OneWay)
            .unwrap();
        assert_eq!(g.connected_nodes(n[0]).unwrap().len(), 1);
    }

    #[test]
    fn g9_no_self_edges() {
        let (mut g, n) = plain(1);
        g.add_connections(n[0], &[n[0]], Direction::BothWays)
            .unwrap();
        assert!(g.connected_nodes(n[0]).unwrap().is_empty());
    }

    #[test]
    fn g10_remove_node_strips_edges_of_non_members_too() {
        let mut g = NodeGraph::new();
        let [n1, n2, n3] = [(); 3].map(|_| g.create_node(NodeKind::Plain));
        g.add_connections(n1, &[n2, n3], Direction::BothWays)
            .unwrap();
        g.add_nodes(&[n1, n2]).unwrap();
        assert_eq!(g.nodes(), &[n1, n2]);
        g.remove_nodes(&[n2]).unwrap();
        assert!(!has(&g, n1, n2));
        assert!(!has(&g, n2, n1));
        assert!(has(&g, n1, n3) && has(&g, n3, n1));
        assert_eq!(g.nodes(), &[n1]);
        assert!(!g.is_member(n2).unwrap());
    }

    #[test]
    fn start_equal_to_goal_gives_one_node() {
        let (g, n) = two_level_tree();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[3], n[3])
                .unwrap()
                .into_nodes(),
            Some(vec![n[3]])
        );
    }

    #[test]
    fn isolated_goal_gives_no_path() {
        let (mut g, n) = two_level_tree();
        let lonely = g.add_node(NodeKind::Plain);
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], lonely)
                .unwrap()
                .into_nodes(),
            None
        );
        // One-way edges: reachable one way only.
        g.add_connections(lonely, &[n[0]], Direction::OneWay)
            .unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), lonely, n[5])
                .unwrap()
                .into_nodes(),
            Some(vec![lonely, n[0], n[1], n[5]])
        );
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[5], lonely)
                .unwrap()
                .into_nodes(),
            None
        );
    }

    #[test]
    fn foreign_id_is_an_error_everywhere() {
        let (mut g, n) = two_level_tree();
        let (mut other, o) = plain(10);
        let foreign = o[9]; // an index g does not have
        let same_slot = o[0]; // an index g has, from another graph
        for f in [foreign, same_slot] {
            let e = GraphError::ForeignNode { node: f };
            assert_eq!(
                g.find_path(&mut SearchContext::new(), n[0], f),
                Err(e.clone())
            );
            assert_eq!(
                g.find_path(&mut SearchContext::new(), f, n[0]),
                Err(e.clone())
            );
            assert_eq!(g.connected_nodes(f), Err(e.clone()));
            assert_eq!(g.cost(n[0], f), Err(e.clone()));
            assert_eq!(g.estimated_cost(f, n[0]), Err(e.clone()));
            assert_eq!(g.kind(f), Err(e.clone()));
            assert_eq!(g.is_member(f), Err(e.clone()));
            assert_eq!(g.add_nodes(&[f]), Err(e.clone()));
            assert_eq!(g.remove_nodes(&[f]), Err(e.clone()));
            assert_eq!(
                g.connect_node_to_lowest_cost_node(f, Direction::BothWays),
                Err(e.clone())
            );
            assert_eq!(g.set_position_2d(f, 1.0, 1.0), Err(e.clone()));
        }
        let before = g.clone();
        // A failing call changes nothing, even when the bad id comes after good ones.
        assert!(g
            .add_connections(n[2], &[n[3], foreign], Direction::BothWays)
            .is_err());
        assert!(g
            .remove_connections(n[0], &[n[1], same_slot], Direction::BothWays)
            .is_err());
        assert!(g.remove_nodes(&[n[1], foreign]).is_err());
        assert_eq!(g, before);
        assert!(other
            .add_connections(o[0], &[n[0]], Direction::BothWays)
            .is_err());
        let message = GraphError::ForeignNode { node: foreign }.to_string();
        assert!(message.contains("does not belong"), "{message}");
    }

    #[test]
    fn clone_is_deep_and_keeps_ids_apart_afterwards() {
        let (mut g, n) = two_level_tree();
        g.remove_nodes(&[n[3]]).unwrap();
        let mut copy = g.clone();
        assert_eq!(copy, g);
        assert_eq!(copy.nodes(), g.nodes());
        assert_eq!(
            copy.find_path(&mut SearchContext::new(), n[2], n[5])
                .unwrap()
                .into_nodes(),
            g.find_path(&mut SearchContext::new(), n[2], n[5])
                .unwrap()
                .into_nodes()
        );
        // Editing the copy leaves the original alone.
        copy.remove_connections(n[0], &[n[1]], Direction::BothWays)
            .unwrap();
        assert!(has(&g, n[0], n[1]));
        assert!(!has(&copy, n[0], n[1]));
        // Nodes created after the copy belong to one graph only, even in the same slot.
        let in_copy = copy.add_node(NodeKind::Plain);
        let in_original = g.add_node(NodeKind::Plain);
        assert_eq!(in_copy.index(), in_original.index());
        assert_ne!(in_copy, in_original);
        assert!(g.kind(in_copy).is_err());
        assert!(copy.kind(in_original).is_err());
    }

    #[test]
    fn removed_node_keeps_its_id_and_can_come_back() {
        let (mut g, n) = two_level_tree();
        g.remove_nodes(&[n[1]]).unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[5])
                .unwrap()
                .into_nodes(),
            None
        );
        assert!(g.connected_nodes(n[1]).unwrap().is_empty());
        assert!(!g.connected_nodes(n[0]).unwrap().contains(&n[1]));
        // Removing again, or removing a node that was never a member, is a no-op.
        g.remove_nodes(&[n[1]]).unwrap();
        g.add_nodes(&[n[1]]).unwrap();
        assert_eq!(g.nodes().last(), Some(&n[1]));
        g.add_connections(n[1], &[n[0], n[5]], Direction::BothWays)
            .unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[5])
                .unwrap()
                .into_nodes(),
            Some(vec![n[0], n[1], n[5]])
        );
    }

    #[test]
    fn add_nodes_appends_without_duplicates() {
        let mut g = NodeGraph::new();
        let [a, b, c] = [(); 3].map(|_| g.create_node(NodeKind::Plain));
        assert!(g.nodes().is_empty());
        g.add_nodes(&[b, a, b]).unwrap();
        g.add_nodes(&[a, c]).unwrap();
        assert_eq!(g.nodes(), &[b, a, c]);
        assert_eq!(g.node_count(), 3);
        assert!(g.connected_nodes(a).unwrap().is_empty());
    }

    #[test]
    fn removal_strips_one_way_edges_into_the_node() {
        // Only x -> r and r -> y exist: r's own lists are not enough to find x -> r.
        let (mut g, n) = plain(4);
        let (x, r, y, z) = (n[0], n[1], n[2], n[3]);
        g.add_connections(x, &[r, z], Direction::OneWay).unwrap();
        g.add_connections(r, &[y], Direction::OneWay).unwrap();
        g.add_connections(z, &[r], Direction::OneWay).unwrap();
        g.remove_nodes(&[r]).unwrap();
        assert_eq!(g.connected_nodes(x).unwrap(), &[z]);
        assert!(g.connected_nodes(z).unwrap().is_empty());
        assert!(g.connected_nodes(r).unwrap().is_empty());
    }

    #[test]
    fn search_follows_edges_to_non_members() {
        let mut g = NodeGraph::new();
        let a = g.add_node(NodeKind::Plain);
        let outside = g.create_node(NodeKind::Plain);
        let b = g.add_node(NodeKind::Plain);
        g.add_connections(a, &[outside], Direction::OneWay).unwrap();
        g.add_connections(outside, &[b], Direction::OneWay).unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), a, b)
                .unwrap()
                .into_nodes(),
            Some(vec![a, outside, b])
        );
        assert_eq!(
            g.find_path(&mut SearchContext::new(), a, outside)
                .unwrap()
                .into_nodes(),
            Some(vec![a, outside])
        );
    }

    #[test]
    fn ties_go_to_the_neighbour_pushed_first() {
        // Two equal routes a-b-d and a-c-d: the first edge of `a` wins.
        let (mut g, n) = plain(4);
        let (a, b, c, d) = (n[0], n[1], n[2], n[3]);
        g.add_connections(a, &[b, c], Direction::OneWay).unwrap();
        g.add_connections(b, &[d], Direction::OneWay).unwrap();
        g.add_connections(c, &[d], Direction::OneWay).unwrap();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), a, d)
                .unwrap()
                .into_nodes(),
            Some(vec![a, b, d])
        );
        g.remove_connections(a, &[b], Direction::OneWay).unwrap();
        g.add_connections(a, &[b], Direction::OneWay).unwrap(); // now a's edges are [c, b]
        assert_eq!(
            g.find_path(&mut SearchContext::new(), a, d)
                .unwrap()
                .into_nodes(),
            Some(vec![a, c, d])
        );
    }

    #[test]
    fn connect_to_lowest_cost_node() {
        let mut g = NodeGraph::new();
        let far = g.add_node(NodeKind::Point2(10.0, 0.0));
        let near = g.add_node(NodeKind::Point2(2.0, 0.0));
        let tie = g.add_node(NodeKind::Point2(-2.0, 0.0));
        let newcomer = g.create_node(NodeKind::Point2(0.0, 0.0));
        // Not a member yet: it becomes one, and joins the nearest (the first of the two at distance 2).
        assert_eq!(
            g.connect_node_to_lowest_cost_node(newcomer, Direction::BothWays)
                .unwrap(),
            Some(near)
        );
        assert_eq!(g.nodes(), &[far, near, tie, newcomer]);
        assert_eq!(g.connected_nodes(newcomer).unwrap(), &[near]);
        assert_eq!(g.connected_nodes(near).unwrap(), &[newcomer]);
        assert!(g.connected_nodes(tie).unwrap().is_empty());
        // One way, and never to itself even though its own cost would be 0.
        g.remove_connections(newcomer, &[near], Direction::BothWays)
            .unwrap();
        assert_eq!(
            g.connect_node_to_lowest_cost_node(newcomer, Direction::OneWay)
                .unwrap(),
            Some(near)
        );
        assert_eq!(g.connected_nodes(newcomer).unwrap(), &[near]);
        assert!(g.connected_nodes(near).unwrap().is_empty());

        // Plain nodes: every cost is 1, so the first member is picked.
        let (mut p, n) = plain(3);
        assert_eq!(
            p.connect_node_to_lowest_cost_node(n[2], Direction::BothWays)
                .unwrap(),
            Some(n[0])
        );
        // A lone member connects to nothing.
        let mut alone = NodeGraph::new();
        let only = alone.create_node(NodeKind::Plain);
        assert_eq!(
            alone
                .connect_node_to_lowest_cost_node(only, Direction::BothWays)
                .unwrap(),
            None
        );
        assert_eq!(alone.nodes(), &[only]);
    }

    #[test]
    fn connect_to_lowest_cost_node_rejects_bad_costs_and_changes_nothing() {
        let mut g = NodeGraph::new();
        let a = g.add_node(NodeKind::Point2(0.0, 0.0));
        let broken = g.add_node(NodeKind::Point2(f32::NAN, 0.0));
        let n = g.create_node(NodeKind::Point2(1.0, 0.0));
        let err = g
            .connect_node_to_lowest_cost_node(n, Direction::BothWays)
            .unwrap_err();
        assert!(
            matches!(err, GraphError::InvalidCost { from, to, .. } if from == n && to == broken)
        );
        // Nothing changed: not a member, no edges anywhere.
        assert_eq!(g.nodes(), &[a, broken]);
        assert!(!g.is_member(n).unwrap());
        for node in [a, broken, n] {
            assert!(g.connected_nodes(node).unwrap().is_empty());
        }
    }

    #[test]
    fn c1_plain_costs() {
        let (mut g, n) = plain(3);
        g.add_connections(n[0], &[n[1]], Direction::OneWay).unwrap();
        for (a, b) in [(0, 1), (1, 0), (0, 2), (2, 1)] {
            assert_eq!(g.cost(n[a], n[b]).unwrap(), 1.0);
            assert_eq!(g.estimated_cost(n[a], n[b]).unwrap(), 0.0);
        }
    }

    #[test]
    fn c2_point2_costs_follow_positions() {
        let mut g = NodeGraph::new();
        let o = g.add_node(NodeKind::Point2(0.0, 0.0));
        let p = g.add_node(NodeKind::Point2(3.0, 4.0));
        assert_eq!(g.cost(o, p).unwrap(), 5.0);
        assert_eq!(g.estimated_cost(o, p).unwrap(), 5.0);
        let a = g.add_node(NodeKind::Point2(2.0, 2.0));
        let b = g.add_node(NodeKind::Point2(2.0, 4.0));
        assert_eq!(g.cost(a, b).unwrap(), 2.0);
        assert_eq!(g.cost(b, a).unwrap(), 2.0);
        g.set_position_2d(b, 2.0, 12.0).unwrap();
        assert_eq!(g.kind(b).unwrap(), NodeKind::Point2(2.0, 12.0));
        assert_eq!(g.cost(a, b).unwrap(), 10.0);
        assert_eq!(g.estimated_cost(b, a).unwrap(), 10.0);
        // A moved node changes which route is cheapest.
        let mut r = NodeGraph::new();
        let s = r.add_node(NodeKind::Point2(0.0, 0.0));
        let via1 = r.add_node(NodeKind::Point2(1.0, 1.0));
        let via2 = r.add_node(NodeKind::Point2(1.0, -3.0));
        let t = r.add_node(NodeKind::Point2(2.0, 0.0));
        r.add_connections(s, &[via1, via2], Direction::OneWay)
            .unwrap();
        r.add_connections(t, &[via1, via2], Direction::BothWays)
            .unwrap();
        assert_eq!(
            r.find_path(&mut SearchContext::new(), s, t)
                .unwrap()
                .into_nodes(),
            Some(vec![s, via1, t])
        );
        r.set_position_2d(via1, 1.0, 5.0).unwrap();
        assert_eq!(
            r.find_path(&mut SearchContext::new(), s, t)
                .unwrap()
                .into_nodes(),
            Some(vec![s, via2, t])
        );
        // Only 2D nodes have a 2D position.
        let plain_node = r.add_node(NodeKind::Plain);
        assert_eq!(
            r.set_position_2d(plain_node, 0.0, 0.0),
            Err(GraphError::KindMismatch {
                node: plain_node,
                expected: "2D point"
            })
        );
    }

    #[test]
    fn c3_point3_costs() {
        let mut g = NodeGraph::new();
        let a = g.add_node(NodeKind::Point3(0.0, 0.0, 0.0));
        let b = g.add_node(NodeKind::Point3(1.0, 2.0, 2.0));
        assert_eq!(g.cost(a, b).unwrap(), 3.0);
        assert_eq!(g.estimated_cost(a, b).unwrap(), 3.0);
        g.set_position_3d(b, 0.0, 0.0, 7.0).unwrap();
        assert_eq!(g.cost(b, a).unwrap(), 7.0);
        assert!(g.set_position_2d(a, 1.0, 1.0).is_err());
    }

    #[test]
    fn c4_cell_costs() {
        let mut g = NodeGraph::new();
        let o = g.add_node(NodeKind::Cell(0, 0));
        let d = g.add_node(NodeKind::Cell(1, 1));
        let p = g.add_node(NodeKind::Cell(2, 3));
        let right = g.add_node(NodeKind::Cell(1, 0));
        assert_eq!(g.cost(o, d).unwrap(), std::f32::consts::SQRT_2); // 1.4142135
        assert_eq!(g.cost(p, d).unwrap(), 2.236068);
        assert_eq!(g.cost(o, right).unwrap(), 1.0);
        assert_eq!(g.cost(d, right).unwrap(), 1.0);
        assert_eq!(g.estimated_cost(p, d).unwrap(), 2.236068);
    }

    /// Returns a fixed cost for every edge and the base estimate.
    struct Fixed(f32);
    impl CostModel for Fixed {
        fn cost(&self, _: NodeRef, _: NodeRef) -> f32 {
            self.0
        }
    }

    /// A NaN estimate.
    struct BadEstimate;
    impl CostModel for BadEstimate {
        fn estimated_cost(&self, _: NodeRef, _: NodeRef) -> f32 {
            f32::NAN
        }
    }

    #[test]
    fn c5_bad_costs_are_typed_errors() {
        let (g, n) = two_level_tree();
        for bad in [f32::NAN, -1.0, f32::INFINITY] {
            let err = g
                .space_with(&Fixed(bad))
                .find_path(&mut SearchContext::new(), n[0], n[5])
                .unwrap_err();
            match err {
                GraphError::InvalidCost { from, cost, .. } => {
                    assert_eq!(from, n[0]);
                    assert!(cost.is_nan() || cost == bad, "{cost} vs {bad}");
                }
                other => panic!("expected InvalidCost for {bad}, got {other:?}"),
            }
        }
        assert!(matches!(
            g.space_with(&BadEstimate)
                .find_path(&mut SearchContext::new(), n[0], n[5]),
            Err(GraphError::InvalidEstimate { .. })
        ));
        // A sum past f32::MAX is an overflow, not an infinite path.
        assert!(matches!(
            g.space_with(&Fixed(f32::MAX))
                .find_path(&mut SearchContext::new(), n[0], n[5]),
            Err(GraphError::CostOverflow { .. })
        ));
        // NaN positions give NaN costs, caught the same way.
        let mut p = NodeGraph::new();
        let a = p.add_node(NodeKind::Point2(0.0, 0.0));
        let b = p.add_node(NodeKind::Point2(f32::NAN, 1.0));
        p.add_connections(a, &[b], Direction::BothWays).unwrap();
        assert!(matches!(
            p.find_path(&mut SearchContext::new(), a, b),
            Err(GraphError::InvalidEstimate { .. } | GraphError::InvalidCost { .. })
        ));
        let err = g
            .space_with(&Fixed(-1.0))
            .find_path(&mut SearchContext::new(), n[0], n[5])
            .unwrap_err();
        assert!(err.to_string().contains("finite and not negative"), "{err}");
    }

    #[test]
    fn terrain_costs_change_the_route() {
        // A square a-b-d / a-c-d where c is swamp: entering it costs 5 instead of 1.
        let (mut g, n) = plain(4);
        let (a, b, c, d) = (n[0], n[1], n[2], n[3]);
        g.add_connections(a, &[c, b], Direction::BothWays).unwrap();
        g.add_connections(d, &[c, b], Direction::BothWays).unwrap();
        struct Swamp(NodeId);
        impl CostModel for Swamp {
            fn cost(&self, from: NodeRef, to: NodeRef) -> f32 {
                let base = from.kind.cost_to(&to.kind);
                if to.id == self.0 {
                    5.0 * base
                } else {
                    base
                }
            }
        }
        assert_eq!(
            g.find_path(&mut SearchContext::new(), a, d)
                .unwrap()
                .into_nodes(),
            Some(vec![a, c, d])
        );
        assert_eq!(
            g.space_with(&Swamp(c))
                .find_path(&mut SearchContext::new(), a, d)
                .unwrap()
                .into_nodes(),
            Some(vec![a, b, d])
        );
        assert_eq!(g.cost_with(&Swamp(c), a, c).unwrap(), 5.0);
    }

    /// The nodes and one-way edges of §5.4.
    fn two_d_graph() -> (NodeGraph, Vec<NodeId>) {
        let points = [
            (4.0, 15.0),
            (5.0, 7.0),
            (7.0, 11.0),
            (9.0, 18.0),
            (11.0, 5.0),
            (13.0, 10.0),
            (15.0, 19.0),
            (17.0, 16.0),
            (21.0, 12.0),
            (20.0, 8.0),
            (16.0, 3.0),
            (24.0, 4.0),
            (21.0, 19.0),
        ];
        let (mut g, n) = NodeGraph::with_nodes(points.map(|(x, y)| NodeKind::Point2(x, y)));
        let edges: [&[usize]; 12] = [
            &[1, 2, 3],
            &[0, 2, 4],
            &[0, 1, 3, 4],
            &[0, 2, 6],
            &[1, 2, 5, 10],
            &[2, 4, 7],
            &[3, 7],
            &[5, 6],
            &[9, 11],
            &[8, 10, 11],
            &[4, 9, 11],
            &[8, 9, 10],
        ];
        for (from, targets) in edges.iter().enumerate() {
            let to: Vec<NodeId> = targets.iter().map(|&t| n[t]).collect();
            g.add_connections(n[from], &to, Direction::OneWay).unwrap();
        }
        (g, n)
    }

    #[test]
    fn point2_pathfinding_n0_to_n7() {
        let (g, n) = two_d_graph();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[7])
                .unwrap()
                .into_nodes(),
            Some(vec![n[0], n[3], n[6], n[7]])
        );
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        let cost = g
            .space_with(&BaseCosts)
            .find_path_into(
                &mut ctx,
                n[0],
                n[7].into(),
                &SearchOptions::new(),
                &mut path,
            )
            .unwrap()
            .found_cost()
            .unwrap();
        assert!((cost - 15.519).abs() < 1e-3, "{cost}");
        assert_eq!(path, vec![n[0], n[3], n[6], n[7]]);
    }

    #[test]
    fn point2_pathfinding_n0_to_n8() {
        let (g, n) = two_d_graph();
        let expected = vec![n[0], n[2], n[4], n[10], n[9], n[8]];
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[8])
                .unwrap()
                .into_nodes(),
            Some(expected.clone())
        );
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        let cost = g
            .space_with(&BaseCosts)
            .find_path_into(
                &mut ctx,
                n[0],
                n[8].into(),
                &SearchOptions::new(),
                &mut path,
            )
            .unwrap()
            .found_cost()
            .unwrap();
        assert!((cost - 28.122).abs() < 1e-3, "{cost}");
        assert_eq!(path, expected);
    }

    #[test]
    fn point2_pathfinding_n0_to_isolated_n12() {
        let (g, n) = two_d_graph();
        assert_eq!(
            g.find_path(&mut SearchContext::new(), n[0], n[12])
                .unwrap()
                .into_nodes(),
            None
        );
        let mut ctx = SearchContext::new();
        let mut path = vec![n[1]];
        assert_eq!(
            g.space_with(&BaseCosts)
                .find_path_into(
                    &mut ctx,
                    n[0],
                    n[12].into(),
                    &SearchOptions::new(),
                    &mut path
                )
                .unwrap()
                .found_cost(),
            None
        );
        assert!(path.is_empty());
    }

    #[test]
    fn one_context_serves_many_queries() {
        let (g, n) = two_d_graph();
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        for _ in 0..3 {
            for (s, t) in [(0, 7), (0, 8), (0, 12), (11, 0), (5, 5)] {
                let found = g
                    .space_with(&BaseCosts)
                    .find_path_into(
                        &mut ctx,
                        n[s],
                        n[t].into(),
                        &SearchOptions::new(),
                        &mut path,
                    )
                    .unwrap()
                    .found_cost();
                assert_eq!(found.is_some(), !path.is_empty());
                assert_eq!(
                    found.map(|_| path.clone()),
                    g.find_path(&mut SearchContext::new(), n[s], n[t])
                        .unwrap()
                        .into_nodes()
                );
            }
        }
    }

    #[test]
    fn gkpath_single_node_or_point_is_an_error() {
        assert_eq!(
            AgentPath::from_points(vec![(1.0, 1.0)], 1.0, false),
            Err(GraphError::PathTooShort { len: 1 })
        );
        assert_eq!(
            AgentPath::from_points(vec![], 1.0, false),
            Err(GraphError::PathTooShort { len: 0 })
        );
        let (g, n) = two_d_graph();
        assert_eq!(
            AgentPath::from_nodes(&g, &[n[0]], 1.0),
            Err(GraphError::PathTooShort { len: 1 })
        );
        let route = g
            .find_path(&mut SearchContext::new(), n[0], n[7])
            .unwrap()
            .into_nodes()
            .unwrap();
        let path = AgentPath::from_nodes(&g, &route, 1.0).unwrap();
        assert_eq!(
            path.points(),
            &[(4.0, 15.0), (9.0, 18.0), (15.0, 19.0), (17.0, 16.0)]
        );
        assert!((path.length() - 15.519).abs() < 1e-3);
        assert!(!path.is_cyclical());
        let closed = AgentPath::from_points(vec![(0.0, 0.0), (3.0, 4.0)], 0.0, true).unwrap();
        assert_eq!(closed.length(), 10.0);
        assert!(AgentPath::from_points(vec![(0.0, 0.0), (f32::NAN, 4.0)], 1.0, false).is_err());
        assert!(AgentPath::from_points(vec![(0.0, 0.0), (1.0, 4.0)], -1.0, false).is_err());
        let mut p = NodeGraph::new();
        let plain_nodes = [p.add_node(NodeKind::Plain), p.add_node(NodeKind::Plain)];
        assert!(matches!(
            AgentPath::from_nodes(&p, &plain_nodes, 1.0),
            Err(GraphError::KindMismatch { .. })
        ));
    }
}
