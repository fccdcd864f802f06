//! A search spread over several frames, so a long path never stalls the game loop.
//!
//! ```text
//! cargo run -p pathkit-games --example time_sliced
//! ```
//!
//! `start_path` sets the search up; each frame, `resume(budget)` expands at most `budget` nodes
//! and returns. The answer is the one a single `find_path` gives.

use pathkit::grid::{Cell, Grid};
use pathkit::search::{Progress, SearchContext, SearchOptions};
use pathkit::{Pathfinder, PendingPath, SlicedPathfinder};

/// How many frames the search took, and whether its path is the one-shot search's.
fn run() -> Result<(u32, bool), Box<dyn std::error::Error>> {
    let mut grid = Grid::new(200, 200)?;
    for y in 0..180 {
        grid.block(Cell::new(100, y))?; // a long wall to walk round
    }
    let space = grid.eight_connected();
    let (start, goal) = (Cell::new(10, 100), Cell::new(190, 100));
    let mut ctx = SearchContext::new();
    let mut search = space.start_path(&mut ctx, start, goal, &SearchOptions::new())?;
    let mut frames = 0;
    let outcome = loop {
        frames += 1;
        // One frame's share of the work; the rest of the frame draws and plays.
        if let Progress::Done(outcome) = search.resume(500)? {
            break outcome;
        }
    };
    let sliced = outcome.into_path().ok_or("no path")?;
    let whole = space
        .find_path(&mut SearchContext::new(), start, goal)?
        .into_path()
        .ok_or("no path")?;
    println!("{frames} frames of 500 expansions, cost {:.2}", sliced.cost);
    Ok((frames, sliced == whole))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run().map(|_| ())
}

#[test]
fn several_frames_give_the_one_shot_answer() {
    let (frames, same) = run().unwrap();
    assert!(frames > 1, "the search should need more than one frame");
    assert!(same);
}
