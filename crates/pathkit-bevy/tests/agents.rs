//! Requests with several goals and agents with rules of their own, on a grid map, against a
//! Dijkstra written from the rules (sharing no code with pathkit): each agent's path is the
//! cheapest to any of its goals as its rules price the terrain, the same in both ways of
//! planning, and still so after random edits.

mod support;
use bevy_app::App;
use bevy_ecs::prelude::*;
use pathkit::grid::{Cell, Diagonal, Grid};
use pathkit_bevy::{
    GridEngine, GridMap, PathFailure, PathRequest, PlannedPath, PlannerStats, Planning,
    TerrainRules,
};
use std::collections::HashMap;
use support::grid_oracle::{random_grid, Oracle};
use support::{app, run_until_answered};

/// A seeded xorshift.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn cell(&mut self, grid: &Grid) -> Cell {
        let v = self.next();
        Cell::new(
            (v % u64::from(grid.width())) as u32,
            ((v >> 20) % u64::from(grid.height())) as u32,
        )
    }
}

/// A kind of agent: its rules for the plugin, and the same rules as the oracle's own table
/// (grid weight -> the agent's weight; weights not listed unchanged).
struct Kind {
    rules: TerrainRules,
    table: Vec<(u32, u32)>,
    size: u8,
}

fn kinds() -> Vec<Kind> {
    let kind = |table: &[(u32, u32)], size: u8| Kind {
        rules: table
            .iter()
            .fold(TerrainRules::new(), |r, &(w, c)| r.cost(w, c))
            .size(size),
        table: table.to_vec(),
        size,
    };
    vec![
        kind(&[], 1),               // the map's own rules
        kind(&[(3, 0)], 1),         // a walker that keeps out of weight 3 (water)
        kind(&[(0, 4)], 1),         // a ghost: through walls at 4
        kind(&[(3, 1), (2, 0)], 1), // a swimmer that keeps out of weight 2
        kind(&[(1, 2), (2, 1)], 1), // a cart: roads (2) cheap, plain ground dear
        kind(&[], 2),               // an ogre, two cells wide
        kind(&[(3, 0)], 2),         // an ogre that keeps out of water
        kind(&[], 3),               // a troll, three cells wide
    ]
}

/// The grid as an agent of `kind` sees it, for the oracle: each cell's weight through its
/// table, and a wall wherever its square (`size` cells wide, its top-left corner on the cell)
/// leaves the grid or holds a cell it cannot enter.
fn as_seen(grid: &Grid, kind: &Kind) -> Grid {
    let table: HashMap<u32, u32> = kind.table.iter().copied().collect();
    let seen = |c: Cell| {
        let w = grid.weight(c);
        table.get(&w).copied().unwrap_or(w)
    };
    let k = u32::from(kind.size);
    let fits = |c: Cell| {
        c.x + k <= grid.width()
            && c.y + k <= grid.height()
            && (0..k).all(|dy| (0..k).all(|dx| seen(Cell::new(c.x + dx, c.y + dy)) > 0))
    };
    Grid::from_fn(grid.width(), grid.height(), |c| {
        if fits(c) {
            seen(c)
        } else {
            0
        }
    })
    .unwrap()
}

/// One agent: its entity, start, goals and kind.
struct Agent {
    entity: Entity,
    start: Cell,
    goals: Vec<Cell>,
    kind: usize,
}

/// Spawns `n` agents with 1 to 4 goals each and a kind drawn in turn.
fn spawn_agents(app: &mut App, grid: &Grid, n: usize, seed: u64) -> Vec<Agent> {
    let every: Vec<usize> = (0..kinds().len()).collect();
    spawn_agents_of(app, grid, n, seed, &every)
}

/// [`spawn_agents`] of the kinds at `used` only.
fn spawn_agents_of(app: &mut App, grid: &Grid, n: usize, seed: u64, used: &[usize]) -> Vec<Agent> {
    let mut draws = Draws(seed | 1);
    let kinds = kinds();
    (0..n)
        .map(|i| {
            let start = draws.cell(grid);
            let goals: Vec<Cell> = (0..1 + draws.next() % 4)
                .map(|_| draws.cell(grid))
                .collect();
            let kind = used[i % used.len()];
            let request = PathRequest::<GridMap>::to_nearest(start, goals.clone())
                .with_rules(kinds[kind].rules.clone());
            let entity = app.world_mut().spawn(request).id();
            Agent {
                entity,
                start,
                goals,
                kind,
            }
        })
        .collect()
}

/// Checks every agent's answer on the map as it is now against the oracle: a walk under its
/// rules from its start (or, after edits, from where its path starts) to one of its goals, as
/// cheap as the cheapest goal; or, with no path, the failure the ends call for. The paths.
fn check(
    app: &App,
    agents: &[Agent],
    diagonal: bool,
    from_path_start: bool,
) -> Vec<Option<Vec<Cell>>> {
    let map = support::map::<GridMap>(app);
    let kinds = kinds();
    agents
        .iter()
        .map(|agent| {
            let oracle = Oracle::of(&as_seen(map.grid(), &kinds[agent.kind]), diagonal);
            let world = app.world();
            let path = world.get::<PlannedPath<GridMap>>(agent.entity);
            let start = match (from_path_start, path) {
                (true, Some(p)) => p.nodes[0],
                _ => agent.start,
            };
            let costs: Vec<Option<f64>> =
                agent.goals.iter().map(|&g| oracle.shortest(start, g)).collect();
            let best = costs.iter().flatten().copied().reduce(f64::min);
            match (path, world.get::<PathFailure>(agent.entity), best) {
                (Some(path), None, Some(best)) => {
                    let walked = oracle.walk(&path.nodes).unwrap();
                    assert!((walked - path.cost).abs() < 1e-9, "{walked} vs {}", path.cost);
                    assert!(
                        (path.cost - best).abs() < 1e-9,
                        "{start:?} -> {:?} (kind {}): {} vs the optimum {best}",
                        agent.goals,
                        agent.kind,
                        path.cost
                    );
                    let reached = path.nodes.last().unwrap();
                    let place = agent.goals.iter().position(|g| g == reached);
                    let place = place.unwrap_or_else(|| panic!("{reached:?} is not a goal"));
                    assert!(costs[place].is_some_and(|c| (c - best).abs() < 1e-9));
                    Some(path.nodes.clone())
                }
                (None, Some(_), None) if from_path_start => None, // an older failure's reason may stay
                (None, Some(failure), None) => {
                    let blocked = |c: Cell| oracle.weight(i64::from(c.x), i64::from(c.y)) == 0;
                    let want = if blocked(start) {
                        PathFailure::StartBlocked
                    } else if agent.goals.iter().all(|&g| blocked(g)) {
                        PathFailure::GoalBlocked
                    } else {
                        PathFailure::Unreachable
                    };
                    assert_eq!(failure, &want, "{start:?} -> {:?}", agent.goals);
                    None
                }
                (path, failure, best) => panic!(
                    "{start:?} -> {:?} (kind {}): {path:?} {failure:?}, the oracle's optimum {best:?}",
                    agent.goals, agent.kind
                ),
            }
        })
        .collect()
}

#[test]
fn several_goals_and_agent_rules_answer_the_oracles_optimum_in_both_ways_of_planning() {
    // Weighted grids for A*; walls only for the jump point engines (their agents with rules of
    // their own are searched by A*).
    for (seed, diagonal, engine) in [
        (1, Diagonal::Never, GridEngine::AStar),
        (2, Diagonal::NoCornerCutting, GridEngine::AStar),
        (3, Diagonal::NoCornerCutting, GridEngine::JumpPoints),
        (4, Diagonal::NoCornerCutting, GridEngine::JpsPlus),
    ] {
        let weighted = random_grid(30, 24, 22, seed);
        let grid = match engine {
            GridEngine::AStar => weighted,
            _ => Grid::from_fn(30, 24, |c| weighted.weight(c).min(1)).unwrap(),
        };
        let map = GridMap::new(grid.clone(), diagonal)
            .with_engine(engine)
            .with_agent_sizes(3);
        let answers: Vec<_> = [Planning::Async, Planning::Budgeted { expansions: 200 }]
            .into_iter()
            .map(|planning| {
                let mut app = app(map.clone(), planning);
                let agents = spawn_agents(&mut app, &grid, 60, seed * 1_000 + 7);
                let ids: Vec<Entity> = agents.iter().map(|a| a.entity).collect();
                run_until_answered::<GridMap>(&mut app, &ids, 20_000);
                check(&app, &agents, diagonal == Diagonal::NoCornerCutting, false)
            })
            .collect();
        assert_eq!(
            answers[0], answers[1],
            "seed {seed}: the two ways of planning differ"
        );
        let found = answers[0].iter().filter(|a| a.is_some()).count();
        assert!(found > 20, "seed {seed}: only {found} paths");
    }
}

/// A goal off the map, or no goal at all, is refused unless another goal has a path.
#[test]
fn goals_off_the_map_are_skipped_for_another_and_refused_alone() {
    let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
    let mut app = app(
        GridMap::new(grid, Diagonal::Never),
        Planning::Budgeted { expansions: 50 },
    );
    let (start, off) = (Cell::new(0, 0), Cell::new(9, 9));
    let both = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::to_nearest(
            start,
            [off, Cell::new(3, 2)],
        ))
        .id();
    let alone = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::new(start, off))
        .id();
    let none = app
        .world_mut()
        .spawn(PathRequest::<GridMap>::to_nearest(start, []))
        .id();
    run_until_answered::<GridMap>(&mut app, &[both, alone, none], 20);
    let world = app.world();
    let path = world.get::<PlannedPath<GridMap>>(both).unwrap();
    assert_eq!(
        (path.nodes.last(), path.cost),
        (Some(&Cell::new(3, 2)), 5.0)
    );
    assert!(matches!(
        world.get::<PathFailure>(alone),
        Some(PathFailure::Refused(_))
    ));
    assert!(matches!(
        world.get::<PathFailure>(none),
        Some(PathFailure::Refused(_))
    ));
}

/// Of goals equally near, the first in the request's list is reached, in both ways of planning.
#[test]
fn of_equally_near_goals_the_first_listed_is_reached() {
    let grid = Grid::new(9, 3).unwrap();
    for planning in [Planning::Async, Planning::Budgeted { expansions: 7 }] {
        let mut app = app(GridMap::new(grid.clone(), Diagonal::Never), planning);
        let (left, right) = (Cell::new(0, 1), Cell::new(8, 1));
        let agents: Vec<Entity> = [[left, right], [right, left]]
            .into_iter()
            .map(|goals| {
                let request = PathRequest::<GridMap>::to_nearest(Cell::new(4, 1), goals);
                app.world_mut().spawn(request).id()
            })
            .collect();
        run_until_answered::<GridMap>(&mut app, &agents, 50);
        let reached = |e| {
            app.world()
                .get::<PlannedPath<GridMap>>(e)
                .unwrap()
                .nodes
                .last()
                .copied()
        };
        assert_eq!(
            (reached(agents[0]), reached(agents[1])),
            (Some(left), Some(right))
        );
    }
}

/// After random edits, every path of every kind of agent is the cheapest to any of its goals
/// from where it starts (re-planned when an edit broke it or could beat it, as the agent sees
/// the edit), and far from every path was searched again.
#[test]
fn edits_re_plan_agents_with_rules_and_goals_to_the_oracles_optimum() {
    let every: Vec<usize> = (0..kinds().len()).collect();
    let (replanned, everything) = edit_rounds(18, &every, 1);
    assert!(
        replanned * 2 < everything,
        "{replanned} re-planned of {everything}"
    );
}

/// The same for agents two and three cells wide on open ground, the edits in and around their
/// squares: an edit changes where a wide agent fits up to its size above and left of the cell.
#[test]
fn edits_re_plan_wide_agents_to_the_oracles_optimum() {
    let wide: Vec<usize> = (0..kinds().len())
        .filter(|&k| kinds()[k].size > 1)
        .collect();
    let (replanned, everything) = edit_rounds(4, &wide, 2);
    assert!(
        replanned > 0 && replanned < everything,
        "{replanned} re-planned of {everything}"
    );
}

/// Rounds of 40 edits (most in or beside a path, as far as `reach` cells right and down of it)
/// on four maps of `density` percent walls, agents of the kinds `used`, every answer checked
/// after each edit; the paths re-planned and the paths there were, over all rounds.
fn edit_rounds(density: u64, used: &[usize], reach: i64) -> (u64, u64) {
    let (mut replanned, mut everything) = (0, 0);
    let mut answered = 0;
    for seed in 1..5u64 {
        let diagonal = if seed % 2 == 0 {
            Diagonal::Never
        } else {
            Diagonal::NoCornerCutting
        };
        let grid = random_grid(26, 26, density, seed * 3);
        let mut app = app(
            GridMap::new(grid.clone(), diagonal).with_agent_sizes(3),
            Planning::Budgeted {
                expansions: 1_000_000,
            },
        );
        let agents = spawn_agents_of(&mut app, &grid, 50, seed * 77, used);
        let ids: Vec<Entity> = agents.iter().map(|a| a.entity).collect();
        run_until_answered::<GridMap>(&mut app, &ids, 50);
        let mut draws = Draws(seed * 991);
        for k in 0..40 {
            let agent = &agents[(draws.next() % agents.len() as u64) as usize];
            let path = app.world().get::<PlannedPath<GridMap>>(agent.entity);
            let cell = match path {
                Some(p) if k % 4 != 0 => {
                    let at = p.nodes[(draws.next() % p.nodes.len() as u64) as usize];
                    let span = (reach + 2) as u64;
                    let (dx, dy) = (
                        (draws.next() % span) as i64 - 1,
                        (draws.next() % span) as i64 - 1,
                    );
                    at.offset(dx, dy)
                        .filter(|c| c.x < grid.width() && c.y < grid.height())
                        .unwrap_or(at)
                }
                _ => draws.cell(&grid),
            };
            let weight = [0, 1, 3, 2, 1][k % 5];
            support::map_mut::<GridMap>(&mut app)
                .set_weight(cell, weight)
                .unwrap();
            let before = app.world().resource::<PlannerStats>().replanned;
            app.update();
            app.update();
            replanned += app.world().resource::<PlannerStats>().replanned - before;
            everything += agents.len() as u64;
            let paths = check(&app, &agents, diagonal == Diagonal::NoCornerCutting, true);
            answered += paths.iter().filter(|p| p.is_some()).count();
        }
    }
    assert!(
        answered as u64 > everything / 3,
        "{answered} paths of {everything}"
    );
    (replanned, everything)
}

/// A request with a limit of expansions is answered as without one when its search takes no more
/// than the limit, and gives up with `LimitReached` when it takes more: the count the map's own
/// search reports, the same in both ways of planning, on every grid engine.
#[test]
fn a_request_gives_up_at_its_limit_exactly_as_its_search_counts() {
    for (seed, engine) in [
        (11, GridEngine::AStar),
        (12, GridEngine::JumpPoints),
        (13, GridEngine::JpsPlus),
    ] {
        let weighted = random_grid(30, 24, 20, seed);
        let grid = match engine {
            GridEngine::AStar => weighted,
            _ => Grid::from_fn(30, 24, |c| weighted.weight(c).min(1)).unwrap(),
        };
        let map = GridMap::new(grid.clone(), Diagonal::NoCornerCutting).with_engine(engine);
        let mut draws = Draws(seed * 5);
        // Each request with its search's own count of expansions and a limit about it.
        let requests: Vec<(PathRequest<GridMap>, u64)> = (0..50)
            .map(|_| {
                let request = PathRequest::<GridMap>::new(draws.cell(&grid), draws.cell(&grid));
                let ends = (request.start, request.goals[0]);
                let count = support::expansions_of(&map, ends, &request.rules);
                let limit = match draws.next() % 3 {
                    0 => count,
                    1 => count.saturating_sub(1),
                    _ => draws.next() % (2 * count + 1),
                };
                (request.with_limit(limit), count)
            })
            .collect();
        for planning in [Planning::Async, Planning::Budgeted { expansions: 7 }] {
            let mut app = app(map.clone(), planning);
            let ids: Vec<Entity> = requests
                .iter()
                .map(|(r, _)| app.world_mut().spawn(r.clone()).id())
                .collect();
            run_until_answered::<GridMap>(&mut app, &ids, 20_000);
            let (mut given_up, mut answered) = (0, 0);
            for ((request, count), &e) in requests.iter().zip(&ids) {
                let limit = request.limit.unwrap();
                let unlimited = {
                    let mut free = request.clone();
                    free.limit = None;
                    pathkit_bevy::search_to_end(&map, &mut Default::default(), &free)
                };
                let got = match (
                    app.world().get::<PlannedPath<GridMap>>(e),
                    app.world().get::<PathFailure>(e),
                ) {
                    (Some(p), None) => Ok((p.nodes.clone(), p.cost)),
                    (None, Some(f)) => Err(f.clone()),
                    other => panic!("{other:?}"),
                };
                if *count > limit {
                    assert_eq!(got, Err(PathFailure::LimitReached), "{count} > {limit}");
                    given_up += 1;
                } else {
                    assert_eq!(got, unlimited, "{count} <= {limit}");
                    answered += unlimited.is_ok() as usize;
                }
            }
            assert!(
                given_up > 5 && answered > 5,
                "{engine:?}: {given_up} given up, {answered} answered"
            );
        }
    }
}
