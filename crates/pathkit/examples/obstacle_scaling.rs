//! How an obstacle graph's cost grows with its obstacles: the time to build graphs of 100, 1,000
//! and 5,000 random obstacles, to add one obstacle to the largest and to remove one, with the
//! nodes and edges each holds. Then 2,000 obstacles piled on each other, given to each builder
//! (obstacle graph, mesh graph, navigation mesh): the time and the memory each takes to build
//! them or to refuse them.
//!
//! ```sh
//! cargo run --release -p pathkit-games --example obstacle_scaling
//! ```
//!
//! The obstacles are triangles and quadrilaterals 1 to 4 units across, scattered uniformly (from a
//! fixed seed) over a square whose area grows with their number, so that the density stays the
//! same: about one obstacle per 36 square units. The piled ones have their centres in a 30 x 30
//! square (each point under about 10 obstacles) or a 10 x 10 one (about 80).
//!
//! The second table gives the thread's CPU time, and the most memory the process held at once
//! while building, above what it held before, as a counting allocator sees it.

use pathkit::geometry::{Point, Polygon};
use pathkit::graph::{MeshGraph, ObstacleGraph, PolygonObstacle};
use pathkit::navmesh::NavMesh;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn main() {
    println!("| obstacles | nodes | edges | build (ms) | add one (ms) | remove one (ms) |");
    println!("|--:|--:|--:|--:|--:|--:|");
    for count in [100, 1_000, 5_000] {
        let side = (count as f64 * 36.0).sqrt();
        let (obstacles, mut random) = scatter(count, side);
        let started = Instant::now();
        let mut graph = ObstacleGraph::new(&obstacles, 0.5);
        let build = started.elapsed();
        let nodes = graph.graph().nodes().len();
        let edges = edges(&graph);
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
    println!();
    println!("| 2,000 obstacles | builder (radius 0.5) | result | CPU (ms) | memory (MB) |");
    println!("|--|--|--|--:|--:|");
    for side in [268.0, 30.0, 10.0] {
        let (obstacles, _) = scatter(2_000, side);
        let polygons: Vec<Polygon> = obstacles.iter().map(PolygonObstacle::polygon).collect();
        let place = if side > 100.0 {
            "scattered".to_string()
        } else {
            format!("piled in {side} x {side}")
        };
        let (lo, hi) = (-3.0, side + 3.0);
        measure(&place, "`ObstacleGraph::new`", || {
            let graph = ObstacleGraph::new(&obstacles, 0.5);
            format!("{} edges", edges(&graph))
        });
        measure(&place, "`MeshGraph::triangulate`", || {
            let mut graph = MeshGraph::new(0.5, [lo as f32; 2], [hi as f32; 2]).expect("a box");
            graph.add_obstacles(&obstacles).expect("in the box");
            match graph.triangulate() {
                Ok(()) => format!("{} triangles", graph.triangle_count()),
                Err(e) => format!("refused: {e}"),
            }
        });
        let (min, max) = (Point::new(lo, lo), Point::new(hi, hi));
        measure(
            &place,
            "`NavMesh::from_obstacles`",
            || match NavMesh::from_obstacles(&polygons, 0.5, min, max) {
                Ok(mesh) => format!("{} triangles", mesh.triangle_count()),
                Err(e) => format!("refused: {e}"),
            },
        );
    }
}

/// Runs `build` and prints a row of the second table: what it made, the CPU time it took (the
/// thread's, so that other work on the machine does not count) and its memory.
fn measure(place: &str, builder: &str, build: impl FnOnce() -> String) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let started = thread_cpu_time();
    let result = build();
    let took = thread_cpu_time() - started;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    println!(
        "| {place} | {builder} | {result} | {:.1} | {:.1} |",
        took.as_secs_f64() * 1e3,
        peak as f64 / (1 << 20) as f64
    );
}

/// The CPU time the calling thread has used.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the clock exists on every Unix.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Edges of an obstacle graph.
fn edges(graph: &ObstacleGraph) -> usize {
    graph
        .graph()
        .nodes()
        .iter()
        .map(|&n| graph.graph().connected_nodes(n).unwrap().len())
        .sum()
}

/// `count` obstacles centred in a square `side` wide, from a seed of their count, and the
/// generator to make more.
fn scatter(count: usize, side: f64) -> (Vec<PolygonObstacle>, Random) {
    let mut random = Random(0x5eed_0000 + count as u64);
    let obstacles = (0..count).map(|_| obstacle(&mut random, side)).collect();
    (obstacles, random)
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

/// Bytes allocated now, and the most at once since `PEAK` was last set.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting.
struct Counting;

// SAFETY: every call is passed to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller promised for `ptr`, `layout` and `new_size`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;
