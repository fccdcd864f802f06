//! Corridor paths (A* over triangles, then the funnel): valid by the oracle's segment test, never
//! shorter than the optimum, never longer than the walk through the middles of the edges crossed,
//! and optimal where the corridor is the only way.

use crate::support::visibility_oracle::GridWorld;
use pathkit::geometry::Point;
use pathkit::grid::Grid;
use pathkit::navmesh::AnyAngleSearch;
use pathkit::navmesh::{NavMesh, NavMeshError};
use pathkit::Pathfinder;

fn world_of(text: &str) -> GridWorld {
    let rows: Vec<&str> = text.lines().collect();
    GridWorld {
        width: rows[0].len() as i64,
        height: rows.len() as i64,
        blocked: rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect(),
    }
}

fn doubled(p: Point) -> (i64, i64) {
    assert!(
        (p.x * 2.0).fract() == 0.0 && (p.y * 2.0).fract() == 0.0,
        "{p:?}"
    );
    ((p.x * 2.0) as i64, (p.y * 2.0) as i64)
}

/// The mean of a triangle's corners.
fn centre(mesh: &NavMesh, k: usize) -> Point {
    let [a, b, c] = mesh.triangle(k).unwrap();
    Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
}

/// The cost of the cheapest chain of neighbouring triangles from `from` to `to`, a step costing
/// the distance between centres: Dijkstra by repeated scans (no heap, no pathkit search).
fn cheapest_chain(mesh: &NavMesh, from: usize, to: usize) -> f64 {
    let n = mesh.triangle_count();
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    cost[from] = 0.0;
    loop {
        let Some(t) = (0..n)
            .filter(|&t| !done[t] && cost[t].is_finite())
            .min_by(|&x, &y| cost[x].total_cmp(&cost[y]))
        else {
            return f64::INFINITY;
        };
        if t == to {
            return cost[t];
        }
        done[t] = true;
        for u in mesh.neighbours(t).unwrap().into_iter().flatten() {
            let c = cost[t] + centre(mesh, t).distance(centre(mesh, u));
            if c < cost[u] {
                cost[u] = c;
            }
        }
    }
}

#[test]
fn corridor_paths_are_valid_and_between_the_optimum_and_the_edge_middles() {
    let mut state = 0x1234_5678_u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut checked = 0;
    for _ in 0..1_500 {
        let (w, h) = (2 + next(12), 2 + next(12));
        let density = next(45);
        let text: String = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if next(100) < density { '#' } else { '.' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let world = world_of(&text);
        let mesh = NavMesh::from_grid(&Grid::from_ascii(&text).unwrap()).unwrap();
        let free: Vec<(u64, u64)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| !world.is_blocked(x as i64, y as i64))
            .collect();
        if free.is_empty() {
            continue;
        }
        let pick = |k: u64| {
            let (x, y) = free[k as usize % free.len()];
            Point::new(x as f64 + 0.5, y as f64 + 0.5)
        };
        let (a, b) = (pick(next(1000)), pick(next(1000)));
        let best = mesh
            .find_path(&mut AnyAngleSearch::new(), a, b)
            .map(|o| o.into_path())
            .unwrap()
            .map(|p| p.cost);
        let corridor = mesh.corridor(a, b).unwrap();
        assert_eq!(corridor.is_some(), best.is_some(), "{a:?} -> {b:?}\n{text}");
        let Some(corridor) = corridor else { continue };
        let points = mesh.funnel(&corridor, a, b).unwrap();
        assert_eq!((points[0], points[points.len() - 1]), (a, b));
        // The cheapest chain of triangles by the distances between their centres.
        let chain: f64 = corridor
            .windows(2)
            .map(|p| centre(&mesh, p[0]).distance(centre(&mesh, p[1])))
            .sum();
        let cheapest = cheapest_chain(&mesh, corridor[0], corridor[corridor.len() - 1]);
        assert!(
            (chain - cheapest).abs() <= 1e-9 * (1.0 + cheapest),
            "a chain of {chain}, the cheapest {cheapest}: {a:?} -> {b:?}\n{text}"
        );
        for pair in points.windows(2) {
            assert!(
                world.segment_clear(doubled(pair[0]), doubled(pair[1])),
                "{pair:?}\n{text}"
            );
        }
        let length: f64 = points.windows(2).map(|p| p[0].distance(p[1])).sum();
        assert!(
            length >= best.unwrap() - 1e-9,
            "shorter than the optimum\n{text}"
        );
        // The walk through the middles of the crossed edges stays in the corridor too.
        let mut middles = vec![a];
        for pair in corridor.windows(2) {
            let [t, u] = [
                mesh.triangle(pair[0]).unwrap(),
                mesh.triangle(pair[1]).unwrap(),
            ];
            let shared: Vec<Point> = t.iter().copied().filter(|p| u.contains(p)).collect();
            assert_eq!(shared.len(), 2, "neighbours share an edge");
            middles.push((shared[0] + shared[1]) * 0.5);
        }
        middles.push(b);
        let walk: f64 = middles.windows(2).map(|p| p[0].distance(p[1])).sum();
        assert!(length <= walk + 1e-9, "longer than the walk through the middles: {length} > {walk}, {a:?} -> {b:?}: {points:?} via {middles:?}\n{text}");
        checked += 1;
    }
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn in_a_winding_corridor_the_funnel_is_the_shortest_path() {
    let text = "\
.....#.....
####.#.###.
.....#.#...
.#####.#.##
.......#...";
    let mesh = NavMesh::from_grid(&Grid::from_ascii(text).unwrap()).unwrap();
    let (a, b) = (Point::new(0.5, 0.5), Point::new(10.5, 4.5));
    let best = mesh
        .find_path(&mut AnyAngleSearch::new(), a, b)
        .map(|o| o.into_path())
        .unwrap()
        .unwrap();
    let funnel = mesh.find_corridor_path(a, b).unwrap().unwrap();
    assert!(
        (funnel.length() - best.cost).abs() < 1e-9,
        "{} vs {}",
        funnel.length(),
        best.cost
    );
    assert_eq!(funnel.points(), best.nodes);
}

#[test]
fn a_broken_corridor_is_refused() {
    let mesh = NavMesh::from_grid(&Grid::from_ascii("....\n.##.\n....").unwrap()).unwrap();
    let (a, b) = (Point::new(0.5, 0.5), Point::new(3.5, 2.5));
    let corridor = mesh.corridor(a, b).unwrap().unwrap();
    assert_eq!(
        mesh.funnel(&[], a, b),
        Err(NavMeshError::NotACorridor { index: 0 })
    );
    assert_eq!(
        mesh.funnel(&[usize::MAX], a, b),
        Err(NavMeshError::NotACorridor { index: 0 })
    );
    // Ends that do not hold the points.
    assert_eq!(
        mesh.funnel(&corridor, b, a),
        Err(NavMeshError::NotACorridor { index: 0 })
    );
    // A gap in the chain.
    let mut gapped = corridor.clone();
    gapped.remove(1);
    assert!(matches!(
        mesh.funnel(&gapped, a, b),
        Err(NavMeshError::NotACorridor { .. })
    ));
    assert_eq!(
        mesh.corridor(a, Point::new(1.5, 1.5)),
        Err(NavMeshError::OffMesh {
            point: Point::new(1.5, 1.5)
        })
    );
}
