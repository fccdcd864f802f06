//! The native side of the speed comparison: the same full A* query the page times, on the same
//! map, through the same function ([`Playground::query_astar`]), median of several runs.
//!
//! ```text
//! cargo run -p catmaze-wasm --release --example bench_native -- MAP SX SY GX GY [RUNS]
//! ```

use catmaze_wasm::Playground;
use pathkit::grid::Cell;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        return Err("usage: bench_native MAP SX SY GX GY [RUNS]".into());
    }
    let bytes = std::fs::read(&args[0])?;
    let n: Vec<u32> = args[1..5]
        .iter()
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let runs: usize = args.get(5).map_or(Ok(15), |r| r.parse())?;
    let mut pg = Playground::new(1, 1)?;
    pg.load_movingai(&bytes)?;
    let (start, goal) = (Cell::new(n[0], n[1]), Cell::new(n[2], n[3]));
    let cost = pg.query_astar(start, goal); // warm-up: sizes the buffers, as the page's first run
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let c = pg.query_astar(start, goal);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(c, cost);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{{\"cost\": {cost}, \"expansions\": {}, \"median_ms\": {:.3}, \"min_ms\": {:.3}, \"runs\": {runs}}}",
        pg.query_expansions(),
        times[runs / 2],
        times[0]
    );
    Ok(())
}
