//! [`Game`]: the Cat Maze state machine, fed with taps and elapsed time.

use crate::outlook::outlook;
use crate::route::{self, Route};
use crate::{
    Ending, Event, Facing, Level, Object, Outlook, Preview, Tile, Variant, OUTLOOK_LIMIT,
    TILE_PIXELS,
};
use pathkit::grid::{Cell, Grid};
use pathkit::search::SearchContext;
use std::collections::VecDeque;
use std::time::Duration;

/// How long one step takes in the original games: 0.4 s, diagonal steps included.
pub const DEFAULT_STEP: Duration = Duration::from_millis(400);

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Taps move the cat.
    #[default]
    Playing,
    /// The cat reached the exit; only restart does anything.
    Won,
    /// A dog ate the cat; only restart does anything.
    Lost,
}

/// A step in progress: the cat is between two tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The tile the cat left.
    pub from: Cell,
    /// The tile it is walking to; its rules apply on arrival.
    pub to: Cell,
    /// Time spent on this step so far.
    pub elapsed: Duration,
}

/// One game of Cat Maze: the level's current objects, the cat, its bones and its walk.
///
/// Time only moves when the front end says so ([`Game::update`] or [`Game::finish_step`]), so the
/// same taps at the same times always give the same game. Every call returns the [`Event`]s it
/// caused, in order.
///
/// ```
/// use catmaze::{Event, Game, Phase, Variant};
/// use pathkit::grid::Cell;
/// use std::time::Duration;
///
/// let mut game = Game::original();
/// assert_eq!(game.variant(), Variant::Tutorial);
/// let events = game.tap(22, 3);
/// assert_eq!(events, [Event::RouteStarted { target: Cell::new(22, 3), steps: 9, cost: 9 }]);
/// game.update(Duration::from_millis(3600)); // 9 steps of 0.4 s
/// assert_eq!(game.cat(), Cell::new(22, 3));
/// assert_eq!(game.bones(), 0); // one bone picked up at [22;1], spent on the dog at [20;2]
/// assert_eq!(game.phase(), Phase::Playing);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    walls: Grid,
    objects: Vec<Option<Object>>,
    cat: Cell,
    bones: u32,
    facing: Facing,
    phase: Phase,
    path: VecDeque<Cell>,
    target: Option<Cell>,
    pending: Option<(i64, i64)>,
    step: Option<Step>,
    variant: Variant,
    step_duration: Duration,
    steps_taken: u32,
    outlook: Outlook,
    outlook_limit: usize,
    ctx: SearchContext<u32>,
}

impl Game {
    /// A new game on `level`: the cat on the spawn with 0 bones, facing forward, variant A, steps
    /// of [`DEFAULT_STEP`].
    pub fn new(level: Level) -> Game {
        // Levels are at most 1024x1024, far below the grid's limit.
        let walls = Grid::from_fn(level.width(), level.height(), |c| {
            u32::from(!level.is_wall(c))
        })
        .expect("a level fits in a grid");
        let mut game = Game {
            objects: Vec::new(),
            cat: level.spawn(),
            level,
            walls,
            bones: 0,
            facing: Facing::Forward,
            phase: Phase::Playing,
            path: VecDeque::new(),
            target: None,
            pending: None,
            step: None,
            variant: Variant::Tutorial,
            step_duration: DEFAULT_STEP,
            steps_taken: 0,
            outlook: Outlook::Winnable,
            outlook_limit: OUTLOOK_LIMIT,
            ctx: SearchContext::new(),
        };
        game.reset();
        game
    }

    /// A new game on the embedded original level.
    pub fn original() -> Game {
        Game::new(Level::original())
    }

    /// The same game with another step duration (the terminal game walks faster than the
    /// original). A zero duration completes every step at the next [`Game::update`].
    pub fn with_step_duration(mut self, step: Duration) -> Game {
        self.step_duration = step;
        self
    }

    /// The same game with its [`Game::outlook`] searched over at most `limit` states instead of
    /// [`OUTLOOK_LIMIT`] (decided again now): a smaller bound answers [`Outlook::Unknown`] sooner.
    ///
    /// ```
    /// use catmaze::{Game, Outlook};
    ///
    /// // The first bribe opens the way on: more than no state at all to search.
    /// assert_eq!(Game::original().with_outlook_limit(0).outlook(), Outlook::Unknown);
    /// assert_eq!(Game::original().with_outlook_limit(10_000).outlook(), Outlook::Winnable);
    /// ```
    pub fn with_outlook_limit(mut self, limit: usize) -> Game {
        self.outlook_limit = limit;
        self.outlook = self.decide_outlook();
        self
    }

    /// Reloads the level: every bone and dog back, the cat on the spawn with 0 bones, facing
    /// forward, playing. The variant and step duration stay. On a level that cannot be won the
    /// restart is followed by [`Event::Unwinnable`].
    pub fn restart(&mut self) -> Vec<Event> {
        self.reset();
        let mut events = vec![Event::Restarted];
        if self.outlook == Outlook::Unwinnable {
            events.push(Event::Unwinnable { at: self.cat });
        }
        events
    }

    fn reset(&mut self) {
        self.objects = self.level.objects().to_vec();
        self.cat = self.level.spawn();
        self.bones = 0;
        self.facing = Facing::Forward;
        self.phase = Phase::Playing;
        self.path.clear();
        self.target = None;
        self.pending = None;
        self.step = None;
        self.steps_taken = 0;
        self.outlook = self.decide_outlook();
    }

    fn decide_outlook(&self) -> Outlook {
        outlook(
            &self.level,
            &self.objects,
            self.cat,
            self.bones,
            self.outlook_limit,
        )
    }

    /// Whether the exit can still be reached from here, as decided after the last bribe (or the
    /// last move off a spawn that holds an object, or the (re)start): exactly, by a search over
    /// the dogs that could be bribed, or [`Outlook::Unknown`] when that search would visit more
    /// than [`OUTLOOK_LIMIT`] states. It turns [`Outlook::Unwinnable`] with an
    /// [`Event::Unwinnable`], once; a game that starts unwinnable says so here from the start (and
    /// with the event after each restart). Bones picked up and plain steps never change it. After
    /// the game is over it keeps its last value.
    ///
    /// ```
    /// use catmaze::{Cell, Event, Game, Outlook, Phase};
    /// use std::time::Duration;
    ///
    /// let mut game = Game::original();
    /// assert_eq!(game.outlook(), Outlook::Winnable);
    /// game.tap(22, 1); // the bone at [22;1]
    /// game.update(Duration::from_secs(2));
    /// assert_eq!(game.outlook(), Outlook::Winnable); // bones never make it worse
    /// // The dog at [8;5] is on the way to the exit, but bribing it first wastes the bone that
    /// // opens the only way on at [20;2]: every bone of the level is needed.
    /// game.tap(8, 5);
    /// let events = game.update(Duration::from_secs(60));
    /// let lost = events.iter().position(|e| *e == Event::Unwinnable { at: Cell::new(8, 5) });
    /// assert_eq!(lost, Some(events.len() - 2)); // right after the bribe, before the rest
    /// assert_eq!(game.outlook(), Outlook::Unwinnable);
    /// assert_eq!(game.phase(), Phase::Playing); // the cat may still walk, until restart
    /// ```
    pub fn outlook(&self) -> Outlook {
        self.outlook
    }

    /// Routes planned from now on use `variant`; a walk under way keeps its route.
    pub fn set_variant(&mut self, variant: Variant) -> Vec<Event> {
        self.variant = variant;
        vec![Event::VariantChanged(variant)]
    }

    /// Switches to the next variant (A, B, C, A, ...).
    pub fn cycle_variant(&mut self) -> Vec<Event> {
        self.set_variant(self.variant.next())
    }

    /// A tap on tile (`x`, `y`); any coordinates may be given, outside the map included.
    ///
    /// After the game is over it is ignored. During a step it becomes the pending target (the
    /// last tap wins), taken when the step ends, after that tile's rules. Otherwise it starts a
    /// move: nothing on the cat's own tile ([`Event::AlreadyThere`]), [`Event::HitWall`] on a wall
    /// or outside, [`Event::NoRoute`] if unreachable, else the walk begins.
    pub fn tap(&mut self, x: i64, y: i64) -> Vec<Event> {
        let mut events = Vec::new();
        if self.phase != Phase::Playing {
            return events;
        }
        if self.step.is_some() {
            self.pending = Some((x, y));
            events.push(Event::Queued { x, y });
        } else {
            self.start_move(x, y, &mut events);
        }
        events
    }

    /// A tap on a tile.
    pub fn tap_cell(&mut self, cell: Cell) -> Vec<Event> {
        self.tap(cell.x as i64, cell.y as i64)
    }

    /// A tap at a y-down pixel position, 32 px per tile ([`TILE_PIXELS`]). A point outside the
    /// map (or not a number) is a tap outside the grid.
    pub fn tap_pixel(&mut self, px: f64, py: f64) -> Vec<Event> {
        let tile = |p: f64| {
            if p.is_finite() {
                (p / TILE_PIXELS).floor() as i64
            } else {
                -1
            }
        };
        self.tap(tile(px), tile(py))
    }

    /// Lets `dt` pass: completes every step that ends within it, applying the arrival rules and
    /// any pending tap at each. Time left over when the cat comes to rest is dropped.
    pub fn update(&mut self, dt: Duration) -> Vec<Event> {
        let mut events = Vec::new();
        let mut left = dt;
        while let Some(step) = &mut self.step {
            let remaining = self.step_duration.saturating_sub(step.elapsed);
            if left < remaining {
                step.elapsed += left;
                break;
            }
            left -= remaining;
            self.complete_step(&mut events);
        }
        events
    }

    /// Completes the step in progress now, whatever its elapsed time: for turn-based front ends
    /// and tests. Nothing happens when the cat is at rest.
    pub fn finish_step(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.step.is_some() {
            self.complete_step(&mut events);
        }
        events
    }

    /// Plans a route to `target` with the current variant and objects, without moving: for
    /// previews. It starts where the cat is, or during a step where the step ends (where a re-tap
    /// would start). `None` for a wall, an outside tile, that start tile itself, or no route.
    pub fn plan(&mut self, target: Cell) -> Option<Route> {
        let from = self.step.map_or(self.cat, |s| s.to);
        if self.level.is_wall(target) || target == from {
            return None;
        }
        route::plan(
            &mut self.ctx,
            &self.walls,
            &self.objects,
            self.variant,
            from,
            target,
        )
    }

    /// What a tap on `target` would do now, without moving: the route of [`Game::plan`], the
    /// dogs and bones on it, and how the walk would end under the arrival rules if nothing else
    /// were tapped. During a step it starts where the step ends, after that tile's rules (as a
    /// re-tap would). `None` when the game is over or [`Game::plan`] gives no route.
    ///
    /// ```
    /// use catmaze::{Cell, Ending, Game};
    ///
    /// let mut game = Game::original();
    /// let preview = game.preview(Cell::new(22, 3)).unwrap();
    /// assert_eq!(preview.route.tiles.len(), 9);
    /// assert_eq!(preview.dogs, [Cell::new(20, 2)]);
    /// assert_eq!(preview.bones_on_route, [Cell::new(22, 1)]);
    /// assert_eq!(preview.bribes, [Cell::new(20, 2)]); // with the bone picked up on the way
    /// assert_eq!(preview.ending, Ending::Arrives { bones: 0 });
    /// assert_eq!(game.cat(), Cell::new(24, 0)); // nothing moved
    /// ```
    pub fn preview(&mut self, target: Cell) -> Option<Preview> {
        if self.phase != Phase::Playing {
            return None;
        }
        let route = self.plan(target)?;
        let mut bones = self.bones;
        let mut objects = self.objects.clone();
        // During a step, its tile's rules run before a re-tap is taken.
        let arrivals = self.step.map(|s| s.to).into_iter();
        let first = self.step.is_some();
        let mut carried = bones;
        let mut dogs = Vec::new();
        let mut bones_on_route = Vec::new();
        let mut bribes = Vec::new();
        let mut ending = None;
        for (n, cell) in arrivals.chain(route.tiles.iter().copied()).enumerate() {
            let on_route = !(first && n == 0);
            let Some(i) = self.level.index(cell) else {
                continue;
            };
            match objects[i] {
                Some(Object::Bone) => {
                    bones += 1;
                    objects[i] = None;
                    if on_route {
                        bones_on_route.push(cell);
                    }
                }
                Some(Object::Dog) => {
                    if on_route {
                        dogs.push(cell);
                    }
                    if bones == 0 {
                        ending.get_or_insert(Ending::Eaten { at: cell });
                    } else if ending.is_none() {
                        bones -= 1;
                        objects[i] = None;
                        if on_route {
                            bribes.push(cell);
                        }
                    }
                }
                Some(Object::Exit) => {
                    ending.get_or_insert(Ending::Wins { at: cell });
                }
                None => {}
            }
            if !on_route {
                carried = bones;
            }
        }
        Some(Preview {
            target,
            route,
            dogs,
            bones_on_route,
            bribes,
            carried,
            ending: ending.unwrap_or(Ending::Arrives { bones }),
        })
    }

    fn start_move(&mut self, x: i64, y: i64, events: &mut Vec<Event>) -> bool {
        if (x, y) == (self.cat.x as i64, self.cat.y as i64) {
            events.push(Event::AlreadyThere { at: self.cat });
            return false;
        }
        if !self.level.contains(x, y) {
            events.push(Event::HitWall {
                x,
                y,
                outside: true,
            });
            return false;
        }
        let target = Cell::new(x as u32, y as u32);
        if self.level.is_wall(target) {
            events.push(Event::HitWall {
                x,
                y,
                outside: false,
            });
            return false;
        }
        let Some(route) = route::plan(
            &mut self.ctx,
            &self.walls,
            &self.objects,
            self.variant,
            self.cat,
            target,
        ) else {
            events.push(Event::NoRoute { target });
            return false;
        };
        events.push(Event::RouteStarted {
            target,
            steps: route.tiles.len(),
            cost: route.cost,
        });
        self.path = route.tiles.into();
        self.target = Some(target);
        self.begin_next_step(events);
        true
    }

    fn begin_next_step(&mut self, events: &mut Vec<Event>) {
        match self.path.pop_front() {
            Some(next) => {
                self.facing = Facing::of(self.cat, next);
                self.step = Some(Step {
                    from: self.cat,
                    to: next,
                    elapsed: Duration::ZERO,
                });
            }
            None => self.rest(events),
        }
    }

    fn rest(&mut self, events: &mut Vec<Event>) {
        self.facing = Facing::Forward;
        self.target = None;
        self.path.clear();
        events.push(Event::Stopped { at: self.cat });
    }

    fn complete_step(&mut self, events: &mut Vec<Event>) {
        let Some(step) = self.step.take() else {
            return;
        };
        self.cat = step.to;
        self.steps_taken += 1;
        let before = events.len();
        self.arrive(events);
        let bribed = matches!(events[before..], [Event::DogBribed { .. }]);
        // Bones and plain steps never change the outlook; a bribe may, and so may leaving a
        // spawn that holds an object (the cat has not arrived there, so it is still in place).
        if self.phase == Phase::Playing
            && self.outlook != Outlook::Unwinnable
            && (bribed || self.object(step.from).is_some())
        {
            self.outlook = self.decide_outlook();
            if self.outlook == Outlook::Unwinnable {
                events.push(Event::Unwinnable { at: self.cat });
            }
        }
        if self.phase != Phase::Playing {
            self.path.clear();
            self.pending = None;
            self.target = None;
            return;
        }
        if let Some((x, y)) = self.pending.take() {
            self.path.clear();
            if !self.start_move(x, y, events) {
                self.rest(events);
            }
            return;
        }
        self.begin_next_step(events);
    }

    /// The arrival rules for the cat's tile: bone, dog, exit, or a plain step.
    fn arrive(&mut self, events: &mut Vec<Event>) {
        let at = self.cat;
        let Some(i) = self.level.index(at) else {
            return;
        };
        match self.objects[i] {
            Some(Object::Bone) => {
                self.objects[i] = None;
                self.bones += 1;
                events.push(Event::BonePicked {
                    at,
                    bones: self.bones,
                });
            }
            Some(Object::Dog) if self.bones == 0 => {
                self.phase = Phase::Lost;
                events.push(Event::Eaten { at });
            }
            Some(Object::Dog) => {
                self.objects[i] = None;
                self.bones -= 1;
                events.push(Event::DogBribed {
                    at,
                    bones: self.bones,
                });
            }
            Some(Object::Exit) => {
                self.phase = Phase::Won;
                events.push(Event::Won { at });
            }
            None => events.push(Event::Step { at }),
        }
    }

    /// The level as loaded (what restart goes back to).
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The cat's tile. During a step it is the tile the cat left until the step completes.
    pub fn cat(&self) -> Cell {
        self.cat
    }

    /// Bones carried.
    pub fn bones(&self) -> u32 {
        self.bones
    }

    /// The cat's facing.
    pub fn facing(&self) -> Facing {
        self.facing
    }

    /// Playing, won or lost.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The route variant used for the next plan.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The step in progress, if the cat is walking.
    pub fn step(&self) -> Option<Step> {
        self.step
    }

    /// How far the step in progress has gone, from 0 to 1.
    pub fn step_progress(&self) -> Option<f64> {
        let step = self.step?;
        if self.step_duration.is_zero() {
            return Some(1.0);
        }
        Some((step.elapsed.as_secs_f64() / self.step_duration.as_secs_f64()).min(1.0))
    }

    /// The duration of one step.
    pub fn step_duration(&self) -> Duration {
        self.step_duration
    }

    /// The tiles still to reach, in order: the one being walked to first, the target last.
    pub fn route(&self) -> Vec<Cell> {
        self.step
            .map(|s| s.to)
            .into_iter()
            .chain(self.path.iter().copied())
            .collect()
    }

    /// Where the current walk ends, if the cat is walking.
    pub fn target(&self) -> Option<Cell> {
        self.target
    }

    /// The tap waiting for the current step to end, if any.
    pub fn pending(&self) -> Option<(i64, i64)> {
        self.pending
    }

    /// Steps completed since the level was (re)loaded.
    pub fn steps_taken(&self) -> u32 {
        self.steps_taken
    }

    /// The object on `cell` now (bones picked up and dogs bribed are gone).
    pub fn object(&self, cell: Cell) -> Option<Object> {
        self.level.index(cell).and_then(|i| self.objects[i])
    }

    /// What `cell` shows now, or `None` outside the map.
    pub fn tile(&self, cell: Cell) -> Option<Tile> {
        match self.level.tile(cell)? {
            Tile::Wall => Some(Tile::Wall),
            _ => Some(Tile::floor_with(self.object(cell))),
        }
    }

    /// How many tiles hold `object` now.
    pub fn count(&self, object: Object) -> usize {
        self.objects.iter().filter(|&&o| o == Some(object)).count()
    }
}
