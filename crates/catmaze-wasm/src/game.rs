//! [`GameSession`]: the Cat Maze rules as the page sees them, every answer a typed struct that
//! crosses as JSON ([`GameEvent`], [`GameState`], [`RoutePreview`]).
//!
//! The page never decides anything about the game: it turns clicks into [`GameSession::tap`] and
//! frame times into [`GameSession::update`], then draws [`GameSession::state`] and plays the sound
//! of each event. This file only translates.

use catmaze::{Cell, Ending, Event, Facing, Game, Outlook, Phase, Sound, Tile, Variant};
use serde::Serialize;
use std::time::Duration;

/// One game in the page.
///
/// ```
/// use catmaze_wasm::GameSession;
///
/// let mut session = GameSession::new();
/// let events = session.tap(22, 1);
/// assert_eq!(events[0].kind, "route");
/// session.update(2000.0);
/// assert_eq!(session.state().bones, 1);
/// ```
#[derive(Debug)]
pub struct GameSession {
    game: Game,
}

impl Default for GameSession {
    fn default() -> Self {
        Self::new()
    }
}

/// Something that happened, as the page reads it: a kind, the tile if any, the sound and a
/// message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEvent {
    /// `route`, `queued`, `step`, `bone`, `bribe`, `eaten`, `won`, `bump`, `already`,
    /// `noroute`, `stopped`, `unwinnable`, `restarted` or `variant`.
    pub kind: &'static str,
    /// The tile it happened on or aims at, `[x, y]`.
    pub at: Option<[u32; 2]>,
    /// The sound to play: `step`, `bone`, `bribe`, `eaten`, `win` or `bump`.
    pub sound: Option<&'static str>,
    /// The message shown.
    pub text: String,
}

/// Everything the page draws of the game: [`GameSession::state`]. Tiles are `[x, y]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The tiles as text: `#` wall, `.` floor, `B` bone, `D` dog, `E` exit, one row per line.
    pub tiles: String,
    /// The cat's tile.
    pub cat: [u32; 2],
    /// The step in progress, if the cat is walking.
    pub step: Option<StepInProgress>,
    /// `forward`, `back`, `left` or `right`.
    pub facing: &'static str,
    /// Bones carried.
    pub bones: u32,
    /// Steps taken.
    pub steps: u32,
    /// `playing`, `won` or `lost`.
    pub phase: &'static str,
    /// Whether the exit can still be reached: `winnable`, `unwinnable` or `unknown`.
    pub outlook: &'static str,
    /// The variant's index (0 A, 1 B, 2 C).
    pub variant: usize,
    /// The variant's name.
    pub variant_name: &'static str,
    /// Every variant's name, by index.
    pub variant_names: Vec<&'static str>,
    /// The route ahead.
    pub route: Vec<[u32; 2]>,
    /// Where the cat is walking to.
    pub target: Option<[u32; 2]>,
    /// Bones left on the map.
    pub bones_left: usize,
    /// Dogs left on the map.
    pub dogs_left: usize,
    /// The duration of a step, in milliseconds.
    pub step_ms: f64,
}

/// The step the cat is walking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepInProgress {
    /// The tile it left.
    pub from: [u32; 2],
    /// The tile it walks to.
    pub to: [u32; 2],
    /// How far it has gone, from 0 to 1.
    pub progress: f64,
}

/// What a tap would do: [`GameSession::preview`]. Tiles are `[x, y]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoutePreview {
    /// The tile tapped.
    pub target: [u32; 2],
    /// The route the cat would walk.
    pub route: Vec<[u32; 2]>,
    /// Its cost.
    pub cost: u32,
    /// The dogs on it, in walking order.
    pub dogs: Vec<[u32; 2]>,
    /// The dogs it would bribe.
    pub bribes: Vec<[u32; 2]>,
    /// Of those, the ones not on the tapped tile.
    pub bribes_on_the_way: Vec<[u32; 2]>,
    /// The bones on it.
    pub bones: Vec<[u32; 2]>,
    /// Bones carried when the walk starts.
    pub carried: u32,
    /// Bones carried plus bones on the route.
    pub available: u32,
    /// Every dog on the route gets its bone.
    pub enough: bool,
    /// How the walk would end.
    pub ending: PreviewEnding,
}

/// How a previewed walk would end; it crosses as an object whose `kind` is `arrives` (with
/// `bones`), `eaten` or `wins` (with `at`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PreviewEnding {
    /// The cat arrives.
    Arrives {
        /// Bones carried on arrival.
        bones: u32,
    },
    /// A dog eats the cat.
    Eaten {
        /// The dog's tile.
        at: [u32; 2],
    },
    /// The cat reaches the exit.
    Wins {
        /// The exit's tile.
        at: [u32; 2],
    },
}

fn cell(c: Cell) -> [u32; 2] {
    [c.x, c.y]
}

fn cells(cs: &[Cell]) -> Vec<[u32; 2]> {
    cs.iter().map(|&c| cell(c)).collect()
}

fn facing_name(f: Facing) -> &'static str {
    match f {
        Facing::Forward => "forward",
        Facing::Back => "back",
        Facing::Left => "left",
        Facing::Right => "right",
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Playing => "playing",
        Phase::Won => "won",
        Phase::Lost => "lost",
    }
}

fn outlook_name(o: Outlook) -> &'static str {
    match o {
        Outlook::Winnable => "winnable",
        Outlook::Unwinnable => "unwinnable",
        Outlook::Unknown => "unknown",
    }
}

fn variant_index(v: Variant) -> usize {
    Variant::ALL.iter().position(|&x| x == v).unwrap_or(0)
}

fn sound_name(s: Sound) -> &'static str {
    match s {
        Sound::Step => "step",
        Sound::Pickup => "bone",
        Sound::CatAttack => "bribe",
        Sound::Lose => "eaten",
        Sound::Win => "win",
        Sound::HitWall => "bump",
    }
}

/// An event as the page reads it.
fn event(e: &Event) -> GameEvent {
    let (kind, at) = match e {
        Event::RouteStarted { target, .. } => ("route", Some(*target)),
        Event::Queued { .. } => ("queued", None),
        Event::Step { at } => ("step", Some(*at)),
        Event::BonePicked { at, .. } => ("bone", Some(*at)),
        Event::DogBribed { at, .. } => ("bribe", Some(*at)),
        Event::Eaten { at } => ("eaten", Some(*at)),
        Event::Won { at } => ("won", Some(*at)),
        Event::HitWall { .. } => ("bump", None),
        Event::AlreadyThere { at } => ("already", Some(*at)),
        Event::NoRoute { target } => ("noroute", Some(*target)),
        Event::Stopped { at } => ("stopped", Some(*at)),
        Event::Unwinnable { at } => ("unwinnable", Some(*at)),
        Event::Restarted => ("restarted", None),
        Event::VariantChanged(_) => ("variant", None),
    };
    GameEvent {
        kind,
        at: at.map(cell),
        sound: e.sound().map(sound_name),
        text: e.to_string(),
    }
}

fn events(events: &[Event]) -> Vec<GameEvent> {
    events.iter().map(event).collect()
}

impl GameSession {
    /// A new game on the original level, variant A, steps of 0.4 s.
    pub fn new() -> Self {
        GameSession {
            game: Game::original(),
        }
    }

    /// Steps of `ms` milliseconds from now on (the tests walk fast); the game keeps its state.
    pub fn set_step_ms(&mut self, ms: u32) {
        self.game = self
            .game
            .clone()
            .with_step_duration(Duration::from_millis(u64::from(ms)));
    }

    /// A tap on tile (`x`, `y`), anywhere (outside the map included): the events it caused.
    pub fn tap(&mut self, x: i64, y: i64) -> Vec<GameEvent> {
        events(&self.game.tap(x, y))
    }

    /// Lets `ms` milliseconds pass (negative or not a number counts as nothing).
    pub fn update(&mut self, ms: f64) -> Vec<GameEvent> {
        let dt = if ms.is_finite() && ms > 0.0 {
            Duration::from_secs_f64(ms.min(3.6e6) / 1000.0)
        } else {
            Duration::ZERO
        };
        events(&self.game.update(dt))
    }

    /// Reloads the level.
    pub fn restart(&mut self) -> Vec<GameEvent> {
        events(&self.game.restart())
    }

    /// Variant 0 (A, 4-way), 1 (B, diagonal) or 2 (C, avoid dogs); anything else is A.
    pub fn set_variant(&mut self, index: u32) -> Vec<GameEvent> {
        let v = Variant::ALL
            .get(index as usize)
            .copied()
            .unwrap_or_default();
        events(&self.game.set_variant(v))
    }

    /// Everything the page draws: the tiles as text (`#`, `.`, `B`, `D`, `E`, one row per line),
    /// the cat (tile, step in progress, facing), bones, steps, phase, whether the exit can still be
    /// reached (`outlook`: `winnable`, `unwinnable` or `unknown`), variant and the route ahead.
    pub fn state(&self) -> GameState {
        let g = &self.game;
        let level = g.level();
        let mut tiles =
            String::with_capacity((level.width() as usize + 1) * level.height() as usize);
        for y in 0..level.height() {
            for x in 0..level.width() {
                tiles.push(match g.tile(Cell::new(x, y)) {
                    Some(Tile::Wall) => '#',
                    Some(Tile::Bone) => 'B',
                    Some(Tile::Dog) => 'D',
                    Some(Tile::Exit) => 'E',
                    _ => '.',
                });
            }
            tiles.push('\n');
        }
        let step = g.step().map(|s| StepInProgress {
            from: cell(s.from),
            to: cell(s.to),
            progress: g.step_progress().unwrap_or(0.0),
        });
        GameState {
            width: level.width(),
            height: level.height(),
            tiles,
            cat: cell(g.cat()),
            step,
            facing: facing_name(g.facing()),
            bones: g.bones(),
            steps: g.steps_taken(),
            phase: phase_name(g.phase()),
            outlook: outlook_name(g.outlook()),
            variant: variant_index(g.variant()),
            variant_name: g.variant().name(),
            variant_names: Variant::ALL.iter().map(|v| v.name()).collect(),
            route: cells(&g.route()),
            target: g.target().map(cell),
            bones_left: g.count(catmaze::Object::Bone),
            dogs_left: g.count(catmaze::Object::Dog),
            step_ms: g.step_duration().as_secs_f64() * 1000.0,
        }
    }

    /// What a tap on (`x`, `y`) would do, or `None` (`null` for the page): the route, the dogs and bones on it, the dogs
    /// it would bribe (`bribes`, and `bribesOnTheWay`: those not on the tapped tile), the bones
    /// carried and whether they are enough, and how the walk would end.
    pub fn preview(&mut self, x: i64, y: i64) -> Option<RoutePreview> {
        let level = self.game.level();
        if !level.contains(x, y) {
            return None;
        }
        let p = self.game.preview(Cell::new(x as u32, y as u32))?;
        let ending = match p.ending {
            Ending::Arrives { bones } => PreviewEnding::Arrives { bones },
            Ending::Eaten { at } => PreviewEnding::Eaten { at: cell(at) },
            Ending::Wins { at } => PreviewEnding::Wins { at: cell(at) },
        };
        Some(RoutePreview {
            target: cell(p.target),
            route: cells(&p.route.tiles),
            cost: p.route.cost,
            dogs: cells(&p.dogs),
            bribes: cells(&p.bribes),
            bribes_on_the_way: cells(&p.bribes_on_the_way()),
            bones: cells(&p.bones_on_route),
            carried: p.carried,
            available: p.bones_available(),
            enough: p.enough_bones(),
            ending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// An answer as the page parses it.
    fn parsed(answer: impl Serialize) -> Value {
        serde_json::to_value(answer).unwrap()
    }

    /// The keys of a JSON object, sorted.
    fn keys(v: &Value) -> Vec<&str> {
        let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        k.sort_unstable();
        k
    }

    fn kinds(events: &[GameEvent]) -> Vec<&str> {
        events.iter().map(|e| e.kind).collect()
    }

    #[test]
    fn the_worked_example_bribes_the_dog_with_the_bone() {
        let mut s = GameSession::new();
        let preview = s.preview(22, 3).unwrap();
        assert_eq!(preview.dogs, [[20, 2]]);
        assert!(preview.enough);
        let events = s.tap(22, 3);
        assert_eq!(events[0].text, "Walking to [22;3]: 9 steps");
        let events = s.update(3600.0);
        let kinds = kinds(&events);
        assert!(
            kinds.contains(&"bone") && kinds.contains(&"bribe"),
            "{kinds:?}"
        );
        let state = s.state();
        assert_eq!(state.cat, [22, 3]);
        assert_eq!(state.steps, 9);
        assert_eq!(state.phase, "playing");
    }

    #[test]
    fn the_preview_names_a_bribe_on_the_way_and_the_state_says_when_the_game_is_lost_for_good() {
        let mut s = GameSession::new();
        s.set_step_ms(1);
        s.tap(22, 1);
        s.update(100.0);
        assert_eq!(s.state().bones, 1);
        let preview = s.preview(20, 3).unwrap();
        assert_eq!(preview.bribes, [[20, 2]]);
        assert_eq!(preview.bribes_on_the_way, [[20, 2]]);
        assert!(s.preview(20, 2).unwrap().bribes_on_the_way.is_empty());
        assert_eq!(s.state().outlook, "winnable");
        // The dog at [8;5] before the one at [20;2]: the bone is wasted, and the page hears so.
        let events = s.tap(8, 5);
        assert_eq!(events[0].kind, "route");
        let events = s.update(100.0);
        let kinds = kinds(&events);
        assert_eq!(kinds[kinds.len() - 3..], ["bribe", "unwinnable", "stopped"]);
        let lost = &events[kinds.len() - 2];
        assert_eq!(lost.at, Some([8, 5]));
        assert_eq!(lost.sound, Some("eaten"));
        assert_eq!(s.state().outlook, "unwinnable");
        assert_eq!(s.state().phase, "playing");
        assert_eq!(s.restart()[0].kind, "restarted");
        assert_eq!(s.state().outlook, "winnable");
    }

    #[test]
    fn taps_outside_and_odd_times_are_harmless() {
        let mut s = GameSession::new();
        assert_eq!(s.tap(-5, 99)[0].kind, "bump");
        assert!(s.update(f64::NAN).is_empty());
        assert!(s.update(-3.0).is_empty());
        assert_eq!(s.preview(-1, 0), None);
        assert_eq!(parsed(s.preview(-1, 0)), Value::Null);
        assert_eq!(s.set_variant(99)[0].kind, "variant");
        assert_eq!(s.state().variant, 0);
    }

    #[test]
    fn diagonal_variant_loses_the_worked_example() {
        let mut s = GameSession::new();
        s.set_variant(1);
        let preview = s.preview(22, 3).unwrap();
        assert!(!preview.enough);
        assert!(matches!(preview.ending, PreviewEnding::Eaten { .. }));
        s.set_step_ms(1);
        s.tap(22, 3);
        s.update(100.0);
        assert_eq!(s.state().phase, "lost");
    }

    #[test]
    fn events_cross_with_the_fields_the_page_reads() {
        let mut s = GameSession::new();
        let events = parsed(s.tap(22, 1));
        let route = &events[0];
        assert_eq!(keys(route), ["at", "kind", "sound", "text"]);
        assert_eq!(route["kind"], "route");
        assert_eq!(route["at"], parsed([22, 1]));
        assert_eq!(route["sound"], Value::Null);
        assert_eq!(route["text"], "Walking to [22;1]: 3 steps");
        s.set_step_ms(1);
        let events = parsed(s.update(100.0));
        let bone = events
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["kind"] == "bone")
            .unwrap();
        assert_eq!(bone["at"], parsed([22, 1]));
        assert_eq!(bone["sound"], "bone");
        assert!(bone["text"].is_string());
        let bump = parsed(s.tap(-1, -1));
        assert_eq!(
            (&bump[0]["kind"], &bump[0]["at"], &bump[0]["sound"]),
            (&"bump".into(), &Value::Null, &"bump".into())
        );
    }

    #[test]
    fn the_state_crosses_with_the_fields_the_page_reads() {
        let mut s = GameSession::new();
        let state = parsed(s.state());
        assert_eq!(
            keys(&state),
            [
                "bones",
                "bonesLeft",
                "cat",
                "dogsLeft",
                "facing",
                "height",
                "outlook",
                "phase",
                "route",
                "step",
                "stepMs",
                "steps",
                "target",
                "tiles",
                "variant",
                "variantName",
                "variantNames",
                "width"
            ]
        );
        let level = catmaze::Game::original();
        let (w, h) = (level.level().width(), level.level().height());
        assert_eq!((&state["width"], &state["height"]), (&w.into(), &h.into()));
        let rows: Vec<&str> = state["tiles"].as_str().unwrap().lines().collect();
        assert_eq!(rows.len(), h as usize);
        assert!(rows.iter().all(|r| r.len() == w as usize));
        assert_eq!(rows[1].as_bytes()[22], b'B');
        assert_eq!(rows[2].as_bytes()[20], b'D');
        assert_eq!(state["step"], Value::Null);
        assert_eq!(state["target"], Value::Null);
        assert_eq!(state["route"], Value::Array(Vec::new()));
        assert_eq!(state["facing"], facing_name(level.facing()));
        assert_eq!((&state["bones"], &state["steps"]), (&0.into(), &0.into()));
        assert_eq!(state["phase"], "playing");
        assert_eq!(state["outlook"], "winnable");
        assert_eq!(state["variant"], 0);
        assert_eq!(state["variantName"], Variant::ALL[0].name());
        assert_eq!(
            state["variantNames"],
            parsed(Variant::ALL.map(|v| v.name()))
        );
        assert_eq!(state["stepMs"], 400.0);
        assert_eq!(
            (&state["bonesLeft"], &state["dogsLeft"]),
            (
                &level.count(catmaze::Object::Bone).into(),
                &level.count(catmaze::Object::Dog).into()
            )
        );
        // Walking: the step, its progress, the route ahead and the target.
        s.tap(22, 3);
        s.update(100.0);
        let state = parsed(s.state());
        let step = &state["step"];
        assert_eq!(keys(step), ["from", "progress", "to"]);
        assert_eq!(step["from"], state["cat"]);
        assert!((step["progress"].as_f64().unwrap() - 0.25).abs() < 1e-9);
        assert_eq!(state["target"], parsed([22, 3]));
        assert_eq!(
            state["route"].as_array().unwrap().last(),
            Some(&parsed([22, 3]))
        );
        // Lost: the phase says so.
        let mut s = GameSession::new();
        s.set_variant(1);
        s.set_step_ms(1);
        s.tap(22, 3);
        s.update(100.0);
        let state = parsed(s.state());
        assert_eq!(
            (&state["phase"], &state["variant"]),
            (&"lost".into(), &1.into())
        );
    }

    #[test]
    fn a_preview_crosses_with_the_fields_the_page_reads() {
        let mut s = GameSession::new();
        let preview = parsed(s.preview(22, 3));
        assert_eq!(
            keys(&preview),
            [
                "available",
                "bones",
                "bribes",
                "bribesOnTheWay",
                "carried",
                "cost",
                "dogs",
                "ending",
                "enough",
                "route",
                "target"
            ]
        );
        assert_eq!(preview["target"], parsed([22, 3]));
        assert_eq!(preview["route"].as_array().unwrap().len(), 9);
        assert_eq!(preview["route"][8], parsed([22, 3]));
        assert_eq!(preview["cost"], 9);
        assert_eq!(preview["dogs"], parsed([[20, 2]]));
        assert_eq!(preview["bribes"], parsed([[20, 2]]));
        assert_eq!(preview["bribesOnTheWay"], parsed([[20, 2]]));
        assert_eq!(preview["bones"], parsed([[22, 1]]));
        assert_eq!(
            (&preview["carried"], &preview["available"]),
            (&0.into(), &1.into())
        );
        assert_eq!(preview["enough"], true);
        assert_eq!(keys(&preview["ending"]), ["bones", "kind"]);
        assert_eq!(preview["ending"]["kind"], "arrives");
        assert_eq!(preview["ending"]["bones"], 0);
        // Eaten: the dog's tile.
        s.set_variant(1);
        let preview = parsed(s.preview(22, 3));
        assert_eq!(preview["enough"], false);
        assert_eq!(keys(&preview["ending"]), ["at", "kind"]);
        assert_eq!(preview["ending"]["kind"], "eaten");
        assert_eq!(preview["ending"]["at"], preview["dogs"][0]);
    }
}
