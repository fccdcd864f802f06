//! A graph of rooms and corridors, GameplayKit style, with a door that can be locked.
//!
//! ```text
//! cargo run -p pathkit-games --example node_graph
//! ```
//!
//! Nodes carry 2D positions, so a move costs the distance between them and A* estimates with the
//! straight line. A `CostModel` changes the rules of one search without touching the graph.

use pathkit::graph::{CostModel, Direction, NodeGraph, NodeId, NodeKind, NodeRef};
use pathkit::search::SearchContext;
use pathkit::Pathfinder;

/// A door nobody may pass.
struct Locked(NodeId);

impl CostModel for Locked {
    fn can_traverse(&self, _from: NodeRef, to: NodeRef) -> bool {
        to.id != self.0
    }
}

/// A route as the names of its places.
type Route = Vec<&'static str>;

/// The route with the door open, and with it locked.
fn run() -> Result<(Route, Route), Box<dyn std::error::Error>> {
    let names = ["hall", "door", "kitchen", "garden", "cellar"];
    let places = [(0.0, 0.0), (4.0, 0.0), (8.0, 0.0), (4.0, 6.0), (8.0, 6.0)];
    let (mut graph, ids) = NodeGraph::with_nodes(places.map(|(x, y)| NodeKind::Point2(x, y)));
    let [hall, door, kitchen, garden, cellar] = ids[..] else {
        unreachable!()
    };
    graph.add_connections(door, &[hall, kitchen], Direction::BothWays)?;
    graph.add_connections(garden, &[hall, cellar], Direction::BothWays)?;
    graph.add_connections(cellar, &[kitchen], Direction::BothWays)?;
    let name = |path: Vec<NodeId>| path.iter().map(|n| names[n.index()]).collect::<Vec<_>>();
    let mut ctx = SearchContext::new();
    let open = graph
        .find_path(&mut ctx, hall, kitchen)?
        .into_path()
        .ok_or("no route")?;
    println!(
        "door open:   {:?}, {:.2}",
        name(open.nodes.clone()),
        open.cost
    );
    let locked = graph
        .space_with(&Locked(door))
        .find_path(&mut ctx, hall, kitchen)?
        .into_path()
        .ok_or("no route")?;
    println!(
        "door locked: {:?}, {:.2}",
        name(locked.nodes.clone()),
        locked.cost
    );
    Ok((name(open.nodes), name(locked.nodes)))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn a_locked_door_sends_the_route_through_the_garden() {
    let (open, locked) = run().unwrap();
    assert_eq!(open, ["hall", "door", "kitchen"]);
    assert_eq!(locked, ["hall", "garden", "cellar", "kitchen"]);
}
