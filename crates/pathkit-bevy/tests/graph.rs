//! Node-graph maps in the plugin: answers against a Dijkstra over the connections written here
//! (a connection costs the distance between its nodes), the same in both ways of planning, and
//! after connections are added and removed and nodes removed at random every path is as cheap
//! as the oracle's.

mod support;
use bevy_app::App;
use bevy_ecs::entity::Entity;
use bevy_math::Vec3;
use pathkit::graph::{Direction, NodeGraph, NodeId, NodeKind};
use pathkit_bevy::{GraphMap, NavMap, PathFailure, PlannedPath, PlannerStats, Planning};
use std::collections::{BTreeSet, BinaryHeap};
use support::{app, run_until_answered, spawn_requests, Cheapest};

/// The graph as the oracle sees it: positions, and the directed connections alive.
struct Oracle {
    at: Vec<(f32, f32)>,
    edges: BTreeSet<(usize, usize)>,
    removed: BTreeSet<usize>,
}

impl Oracle {
    fn shortest(&self, a: usize, b: usize) -> Option<f64> {
        if self.removed.contains(&a) || self.removed.contains(&b) {
            return None;
        }
        let mut best = vec![f64::INFINITY; self.at.len()];
        best[a] = 0.0;
        let mut open = BinaryHeap::from([Cheapest(0.0, a)]);
        while let Some(Cheapest(d, i)) = open.pop() {
            if i == b {
                return Some(d);
            }
            if d > best[i] {
                continue;
            }
            for &(_, j) in self.edges.range((i, 0)..(i + 1, 0)) {
                let step = self.cost(i, j);
                if d + step < best[j] {
                    best[j] = d + step;
                    open.push(Cheapest(d + step, j));
                }
            }
        }
        None
    }

    fn cost(&self, i: usize, j: usize) -> f64 {
        let (p, q) = (self.at[i], self.at[j]);
        f64::from(((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt())
    }
}

struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// 60 nodes on a 10 x 6 lattice, jittered, each joined to a few near ones, some one way.
fn build(seed: u64) -> (NodeGraph, Vec<NodeId>, Oracle, Draw) {
    let mut draw = Draw((seed * 2654435761) | 1);
    let at: Vec<(f32, f32)> = (0..60)
        .map(|k| {
            let (x, y) = ((k % 10) as f32 * 10.0, (k / 10) as f32 * 10.0);
            (x + draw.below(5) as f32, y + draw.below(5) as f32)
        })
        .collect();
    let mut graph = NodeGraph::new();
    let ids: Vec<NodeId> = at
        .iter()
        .map(|&(x, y)| graph.add_node(NodeKind::Point2(x, y)))
        .collect();
    let mut edges = BTreeSet::new();
    for i in 0..at.len() {
        for _ in 0..2 {
            let j = (i + [1, 10, 11, 9][draw.below(4)]) % at.len();
            let both = draw.below(4) != 0;
            let direction = if both {
                Direction::BothWays
            } else {
                Direction::OneWay
            };
            graph.add_connections(ids[i], &[ids[j]], direction).unwrap();
            edges.insert((i, j));
            if both {
                edges.insert((j, i));
            }
        }
    }
    edges.retain(|(i, j)| i != j);
    (
        graph,
        ids,
        Oracle {
            at,
            edges,
            removed: BTreeSet::new(),
        },
        draw,
    )
}

/// One agent per pair of node indices: each entity with its indices.
fn spawn_indexed(
    app: &mut App,
    ids: &[NodeId],
    pairs: &[(usize, usize)],
) -> Vec<(Entity, usize, usize)> {
    let nodes = pairs.iter().map(|&(a, b)| (ids[a], ids[b]));
    let spawned = spawn_requests::<GraphMap>(app, nodes);
    spawned
        .into_iter()
        .zip(pairs)
        .map(|((e, _, _), &(a, b))| (e, a, b))
        .collect()
}

/// Checks every agent's answer against the oracle; the paths, for comparing.
fn check(
    app: &App,
    oracle: &Oracle,
    ids: &[NodeId],
    agents: &[(Entity, usize, usize)],
) -> Vec<Vec<NodeId>> {
    let world = app.world();
    let index = |n: NodeId| ids.iter().position(|&m| m == n).unwrap();
    agents
        .iter()
        .map(
            |&(e, a, b)| match (world.get::<PlannedPath<GraphMap>>(e), oracle.shortest(a, b)) {
                (Some(path), Some(best)) => {
                    let walked: f64 = path
                        .nodes
                        .windows(2)
                        .map(|s| {
                            let (i, j) = (index(s[0]), index(s[1]));
                            assert!(oracle.edges.contains(&(i, j)), "no connection {i} -> {j}");
                            oracle.cost(i, j)
                        })
                        .sum();
                    assert_eq!(
                        (path.nodes[0], *path.nodes.last().unwrap()),
                        (ids[a], ids[b])
                    );
                    assert!(
                        (walked - best).abs() < 1e-3,
                        "{a} -> {b}: {walked}, the oracle {best}"
                    );
                    path.nodes.clone()
                }
                (None, None) => {
                    assert!(world.get::<PathFailure>(e).is_some());
                    Vec::new()
                }
                (got, want) => panic!("{a} -> {b}: {got:?}, the oracle {want:?}"),
            },
        )
        .collect()
}

#[test]
fn graph_requests_get_the_cheapest_paths_in_both_ways_of_planning() {
    for seed in 1..5 {
        let (graph, ids, oracle, mut draw) = build(seed);
        let pairs: Vec<_> = (0..40).map(|_| (draw.below(60), draw.below(60))).collect();
        let mut answers = Vec::new();
        for planning in [Planning::Async, Planning::Budgeted { expansions: 7 }] {
            let mut app = app(GraphMap::new(graph.clone()), planning);
            let agents = spawn_indexed(&mut app, &ids, &pairs);
            let entities: Vec<Entity> = agents.iter().map(|x| x.0).collect();
            run_until_answered::<GraphMap>(&mut app, &entities, 5_000);
            answers.push(check(&app, &oracle, &ids, &agents));
        }
        assert_eq!(answers[0], answers[1], "seed {seed}");
        assert!(
            answers[0].iter().filter(|p| p.len() > 3).count() > 10,
            "seed {seed}"
        );
    }
}

#[test]
fn connection_edits_re_plan_the_paths_they_break_or_could_shorten() {
    let (graph, ids, mut oracle, mut draw) = build(9);
    let mut app = app(
        GraphMap::new(graph),
        Planning::Budgeted {
            expansions: u64::MAX,
        },
    );
    let pairs: Vec<_> = (0..40).map(|_| (draw.below(60), draw.below(60))).collect();
    let agents = spawn_indexed(&mut app, &ids, &pairs);
    app.update();
    check(&app, &oracle, &ids, &agents);
    for round in 0..30 {
        let (i, j) = (draw.below(60), draw.below(60));
        let mut map = support::map_mut::<GraphMap>(&mut app);
        match round % 5 {
            0 | 1 => {
                map.remove_connections(ids[i], &[ids[j]], Direction::BothWays)
                    .unwrap();
                oracle.edges.remove(&(i, j));
                oracle.edges.remove(&(j, i));
            }
            2 | 3 => {
                map.add_connections(ids[i], &[ids[j]], Direction::OneWay)
                    .unwrap();
                if i != j && !oracle.removed.contains(&i) && !oracle.removed.contains(&j) {
                    oracle.edges.insert((i, j));
                }
            }
            _ => {
                map.remove_nodes(&[ids[i]]).unwrap();
                oracle.removed.insert(i);
                oracle.edges.retain(|&(a, b)| a != i && b != i);
            }
        }
        app.update();
        check(&app, &oracle, &ids, &agents);
    }
    let replanned = app.world().resource::<PlannerStats>().replanned;
    assert!(
        replanned > 0 && replanned < 40 * 30 / 2,
        "{replanned} re-plans"
    );
}

#[test]
fn graph_nodes_stand_where_their_kind_says_and_are_found_back() {
    let (graph, ids, oracle, _) = build(3);
    let map = GraphMap::new(graph);
    for (k, &(x, y)) in oracle.at.iter().enumerate() {
        assert_eq!(map.position(ids[k]), Vec3::new(x, y, 0.0));
        // Nodes are at least 6 apart: a point 2 off one is nearest to it.
        assert_eq!(map.node_at(Vec3::new(x + 1.2, y - 1.6, 0.0)), Some(ids[k]));
    }
}
