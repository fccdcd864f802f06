//! [`GameSession`]: the Cat Maze rules as the page sees them, every answer a JSON value.
//!
//! The page never decides anything about the game: it turns clicks into [`GameSession::tap`] and
//! frame times into [`GameSession::update`], then draws [`GameSession::state`] and plays the sound
//! of each event. This file only translates.

use catmaze::{Cell, Ending, Event, Facing, Game, Outlook, Phase, Sound, Tile, Variant};
use serde_json::{json, Value};
use std::time::Duration;

/// One game in the page.
///
/// ```
/// use catmaze_wasm::GameSession;
///
/// let mut session = GameSession::new();
/// let events = session.tap(22, 1);
/// assert_eq!(events[0]["kind"], "route");
/// session.update(2000.0);
/// assert_eq!(session.state()["bones"], 1);
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

fn cell(c: Cell) -> Value {
    json!([c.x, c.y])
}

fn cells(cs: &[Cell]) -> Value {
    Value::Array(cs.iter().map(|&c| cell(c)).collect())
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

/// An event as the page reads it: a kind, the tile if any, the sound and a message.
fn event_json(e: &Event) -> Value {
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
    json!({
        "kind": kind,
        "at": at.map(cell),
        "sound": e.sound().map(sound_name),
        "text": e.to_string(),
    })
}

fn events_json(events: &[Event]) -> Vec<Value> {
    events.iter().map(event_json).collect()
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
    pub fn tap(&mut self, x: i64, y: i64) -> Vec<Value> {
        events_json(&self.game.tap(x, y))
    }

    /// Lets `ms` milliseconds pass (negative or not a number counts as nothing).
    pub fn update(&mut self, ms: f64) -> Vec<Value> {
        let dt = if ms.is_finite() && ms > 0.0 {
            Duration::from_secs_f64(ms.min(3.6e6) / 1000.0)
        } else {
            Duration::ZERO
        };
        events_json(&self.game.update(dt))
    }

    /// Reloads the level.
    pub fn restart(&mut self) -> Vec<Value> {
        events_json(&self.game.restart())
    }

    /// Variant 0 (A, 4-way), 1 (B, diagonal) or 2 (C, avoid dogs); anything else is A.
    pub fn set_variant(&mut self, index: u32) -> Vec<Value> {
        let v = Variant::ALL
            .get(index as usize)
            .copied()
            .unwrap_or_default();
        events_json(&self.game.set_variant(v))
    }

    /// Everything the page draws: the tiles as text (`#`, `.`, `B`, `D`, `E`, one row per line),
    /// the cat (tile, step in progress, facing), bones, steps, phase, whether the exit can still be
    /// reached (`outlook`: `winnable`, `unwinnable` or `unknown`), variant and the route ahead.
    pub fn state(&self) -> Value {
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
        let step = g.step().map(|s| {
            json!({
                "from": cell(s.from),
                "to": cell(s.to),
                "progress": g.step_progress().unwrap_or(0.0),
            })
        });
        json!({
            "width": level.width(),
            "height": level.height(),
            "tiles": tiles,
            "cat": cell(g.cat()),
            "step": step,
            "facing": facing_name(g.facing()),
            "bones": g.bones(),
            "steps": g.steps_taken(),
            "phase": phase_name(g.phase()),
            "outlook": outlook_name(g.outlook()),
            "variant": variant_index(g.variant()),
            "variantName": g.variant().name(),
            "variantNames": Variant::ALL.iter().map(|v| v.name()).collect::<Vec<_>>(),
            "route": cells(&g.route()),
            "target": g.target().map(cell),
            "bonesLeft": g.count(catmaze::Object::Bone),
            "dogsLeft": g.count(catmaze::Object::Dog),
            "stepMs": g.step_duration().as_secs_f64() * 1000.0,
        })
    }

    /// What a tap on (`x`, `y`) would do, or `null`: the route, the dogs and bones on it, the dogs
    /// it would bribe (`bribes`, and `bribesOnTheWay`: those not on the tapped tile), the bones
    /// carried and whether they are enough, and how the walk would end.
    pub fn preview(&mut self, x: i64, y: i64) -> Value {
        let level = self.game.level();
        if !level.contains(x, y) {
            return Value::Null;
        }
        let Some(p) = self.game.preview(Cell::new(x as u32, y as u32)) else {
            return Value::Null;
        };
        let ending = match p.ending {
            Ending::Arrives { bones } => json!({"kind": "arrives", "bones": bones}),
            Ending::Eaten { at } => json!({"kind": "eaten", "at": cell(at)}),
            Ending::Wins { at } => json!({"kind": "wins", "at": cell(at)}),
        };
        json!({
            "target": cell(p.target),
            "route": cells(&p.route.tiles),
            "cost": p.route.cost,
            "dogs": cells(&p.dogs),
            "bribes": cells(&p.bribes),
            "bribesOnTheWay": cells(&p.bribes_on_the_way()),
            "bones": cells(&p.bones_on_route),
            "carried": p.carried,
            "available": p.bones_available(),
            "enough": p.enough_bones(),
            "ending": ending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_example_bribes_the_dog_with_the_bone() {
        let mut s = GameSession::new();
        let preview = s.preview(22, 3);
        assert_eq!(preview["dogs"], json!([[20, 2]]));
        assert_eq!(preview["enough"], true);
        let events = s.tap(22, 3);
        assert_eq!(events[0]["text"], "Walking to [22;3]: 9 steps");
        let events = s.update(3600.0);
        let kinds: Vec<&str> = events.iter().filter_map(|e| e["kind"].as_str()).collect();
        assert!(
            kinds.contains(&"bone") && kinds.contains(&"bribe"),
            "{kinds:?}"
        );
        let state = s.state();
        assert_eq!(state["cat"], json!([22, 3]));
        assert_eq!(state["steps"], 9);
        assert_eq!(state["phase"], "playing");
    }

    #[test]
    fn the_preview_names_a_bribe_on_the_way_and_the_state_says_when_the_game_is_lost_for_good() {
        let mut s = GameSession::new();
        s.set_step_ms(1);
        s.tap(22, 1);
        s.update(100.0);
        assert_eq!(s.state()["bones"], 1);
        let preview = s.preview(20, 3);
        assert_eq!(preview["bribes"], json!([[20, 2]]));
        assert_eq!(preview["bribesOnTheWay"], json!([[20, 2]]));
        assert_eq!(s.preview(20, 2)["bribesOnTheWay"], json!([]));
        assert_eq!(s.state()["outlook"], "winnable");
        // The dog at [8;5] before the one at [20;2]: the bone is wasted, and the page hears so.
        let events = s.tap(8, 5);
        assert_eq!(events[0]["kind"], "route");
        let events = s.update(100.0);
        let kinds: Vec<&str> = events.iter().filter_map(|e| e["kind"].as_str()).collect();
        assert_eq!(kinds[kinds.len() - 3..], ["bribe", "unwinnable", "stopped"]);
        let lost = &events[kinds.len() - 2];
        assert_eq!(lost["at"], json!([8, 5]));
        assert_eq!(lost["sound"], "eaten");
        assert_eq!(s.state()["outlook"], "unwinnable");
        assert_eq!(s.state()["phase"], "playing");
        assert_eq!(s.restart()[0]["kind"], "restarted");
        assert_eq!(s.state()["outlook"], "winnable");
    }

    #[test]
    fn taps_outside_and_odd_times_are_harmless() {
        let mut s = GameSession::new();
        assert_eq!(s.tap(-5, 99)[0]["kind"], "bump");
        assert!(s.update(f64::NAN).is_empty());
        assert!(s.update(-3.0).is_empty());
        assert_eq!(s.preview(-1, 0), Value::Null);
        assert_eq!(s.set_variant(99)[0]["kind"], "variant");
        assert_eq!(s.state()["variant"], 0);
    }

    #[test]
    fn diagonal_variant_loses_the_worked_example() {
        let mut s = GameSession::new();
        s.set_variant(1);
        let preview = s.preview(22, 3);
        assert_eq!(preview["enough"], false);
        s.set_step_ms(1);
        s.tap(22, 3);
        s.update(100.0);
        assert_eq!(s.state()["phase"], "lost");
    }
}
