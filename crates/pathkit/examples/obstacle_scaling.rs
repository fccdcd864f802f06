//! How an obstacle graph's cost grows with its obstacles: the time to build graphs of 100, 1,000
//! and 5,000 random obstacles, to add one obstacle to the largest and to remove one, with the
//! nodes and edges each holds.
//!
//! ```sh
//! cargo run --release -p pathkit --example obstacle_scaling
//! ```
//!
//! The obstacles are triangles and quadrilaterals 1 to 4 units across, scattered uniformly (from a
//! fixed seed) over a square whose area grows with their number, so that the density stays the
//! same: about one obstacle per 36 square units.

use pathkit::graph::{ObstacleGraph, PolygonObstacle};
use std::time::Instant;

fn main() {
    println!("| obstacles | nodes | edges | build (ms) | add one (ms) | remove one (ms) |");
    println!("|--:|--:|--:|--:|--:|--:|");
    for count in [100, 1_000, 5_000] {
        let mut random = Random(0x5eed_0000 + count as u64);
        let side = (count as f64 * 36.0).sqrt();
        let obstacles: Vec<PolygonObstacle> =
            (0..count).map(|_| obstacle(&mut random, side)).collect();
        let started = Instant::now();
        let mut graph = ObstacleGraph::new(&obstacles, 0.5);
        let build = started.elapsed();
        let nodes = graph.graph().nodes().len();
        let edges: usize = graph
            .graph()
            .nodes()
            .iter()
            .map(|&n| graph.graph().connected_nodes(n).unwrap().len())
            .sum();
        let extra = obstacle(&mut random, side);
        let started = Instant::now();
        graph.add_obstacles(std::slice::from_ref(&extra));
        let add = started.elapsed();
        let started = Instant::now();
        graph.remove_obstacles(std::slice::from_ref(&extra));
        let remove = started.elapsed();
        println!(
            "| {count} | {nodes} | {edges} | {:.1} | {:.2} | {:.2} |",
            build.as_secs_f64() * 1e3,
            add.as_secs_f64() * 1e3,
            remove.as_secs_f64() * 1e3
        );
    }
}

/// A convex triangle or quadrilateral 1 to 4 units across, somewhere in the square.
fn obstacle(random: &mut Random, side: f64) -> PolygonObstacle {
    let (cx, cy) = (random.unit() * side, random.unit() * side);
    let corners = 3 + (random.unit() * 2.0) as usize;
    let radius = 0.5 + random.unit() * 1.5;
    let turn = random.unit() * std::f64::consts::TAU;
    let points: Vec<[f32; 2]> = (0..corners)
        .map(|k| {
            let angle = turn + k as f64 * std::f64::consts::TAU / corners as f64;
            [
                (cx + radius * angle.cos()) as f32,
                (cy + radius * angle.sin()) as f32,
            ]
        })
        .collect();
    PolygonObstacle::new(&points).expect("finite points")
}

/// xorshift64*: a fixed sequence, the same on every machine.
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}
