//! Optimal any-angle search on a navigation mesh allocates nothing once its context has grown:
//! the open list, the nodes, the corners reached and the goal's pockets are kept between queries,
//! and `find_path_into` writes into the caller's buffer.

use crate::alloc_counter;

use alloc_counter::count;
use pathkit::geometry::Point;
use pathkit::grid::Grid;
use pathkit::navmesh::{AnyAngleSearch, NavMesh};
use pathkit::search::{SearchOptions, Status};
use pathkit::{Goal, Pathfinder};

#[test]
fn warm_any_angle_queries_allocate_nothing() {
    // Rooms with doors, dead-end alcoves and a pillar field: pockets, cycles and open space.
    let grid = Grid::from_fn(90, 70, |c| {
        let room_wall = (c.x % 30 == 0 && c.y % 35 != 17) || (c.y % 35 == 0 && c.x % 30 != 15);
        let alcove = c.x % 30 > 20 && c.y % 35 == 8 && c.x % 30 < 28;
        let pillar = c.x % 6 == 3 && c.y % 5 == 2 && c.x > 60;
        if room_wall || alcove || pillar {
            0
        } else {
            1
        }
    })
    .unwrap();
    let mesh = NavMesh::from_grid(&grid).unwrap();
    let free = |x: f64, y: f64| mesh.triangle_at(Point::new(x, y)).is_some();
    let mut points = Vec::new();
    for y in (1..70).step_by(7) {
        for x in (1..90).step_by(11) {
            let (x, y) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            if free(x, y) {
                points.push(Point::new(x, y));
            }
        }
    }
    assert!(points.len() > 30, "only {} free points", points.len());
    let queries: Vec<(Point, Point)> = points
        .iter()
        .zip(points.iter().rev())
        .map(|(&a, &b)| (a, b))
        .collect();
    let mut ctx = AnyAngleSearch::new();
    let options = SearchOptions::default();
    let mut path = Vec::new();
    let run = |ctx: &mut AnyAngleSearch, path: &mut Vec<Point>| {
        let mut found = 0;
        for &(start, goal) in &queries {
            let status = mesh
                .find_path_into(ctx, start, Goal::Node(goal), &options, path)
                .unwrap();
            found += usize::from(matches!(status, Status::Found { .. }));
        }
        found
    };
    let warm = run(&mut ctx, &mut path);
    let (again, allocations) = count(|| run(&mut ctx, &mut path));
    assert!(warm > queries.len() / 2, "only {warm} paths found");
    assert_eq!(again, warm);
    assert_eq!(allocations, 0);
}
