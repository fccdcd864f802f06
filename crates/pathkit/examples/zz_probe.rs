use pathkit::grid::{Cell, Grid};
use pathkit::jps::{JpsContext, WeightedJumpPoints};

use pathkit::Pathfinder;
fn main() {
    let text = std::fs::read_to_string("/work/shared/movingai/NewYork_0_1024.map").unwrap();
    let lines: Vec<&str> = text.lines().skip(4).collect();
    let (w, h) = (lines[0].len() as u32, lines.len() as u32);
    let mut s = 12345u64;
    let mut rnd = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    let mut weights: Vec<u32> = lines
        .iter()
        .flat_map(|l| {
            l.bytes()
                .map(|b| if b == b'.' || b == b'G' { 1 } else { 0 })
        })
        .collect();
    for _ in 0..(w * h / 2000) {
        let (pw, ph) = (8 + rnd(56) as u32, 8 + rnd(56) as u32);
        let (x0, y0) = (rnd(w as u64) as u32, rnd(h as u64) as u32);
        let wt = 2 + rnd(4) as u32;
        for y in y0..(y0 + ph).min(h) {
            for x in x0..(x0 + pw).min(w) {
                let c = &mut weights[(y * w + x) as usize];
                if *c != 0 {
                    *c = wt;
                }
            }
        }
    }
    let grid = Grid::from_fn(w, h, |c| weights[(c.y * w + c.x) as usize]).unwrap();
    let jumps = WeightedJumpPoints::new(grid.clone()).unwrap();
    let mut ctx = JpsContext::new();
    let (mut e, mut p, mut t, ae) = (0, 0, 0, 0);
    let free: Vec<usize> = (0..grid.len())
        .filter(|&i| grid.weight_at(i) != 0)
        .collect();
    let t0 = std::time::Instant::now();
    for _ in 0..300 {
        let a = grid.cell_at(free[rnd(free.len() as u64) as usize]);
        let b = grid.cell_at(free[rnd(free.len() as u64) as usize]);
        let _ = jumps.find_path(&mut ctx, a, b).unwrap();
        let st = ctx.stats();
        e += st.expanded;
        p += st.pushed;
        t += st.touched;
    }
    let _ = Cell::new(0, 0);
    println!(
        "jps expanded {e} pushed {p} touched {t}; astar expanded {ae}; {:?}",
        t0.elapsed()
    );
}
