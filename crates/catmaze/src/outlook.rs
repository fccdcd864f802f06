//! [`Outlook`]: whether the exit can still be reached, decided by an exact, bounded search.
//!
//! # The moves
//!
//! A tap on a tile next to the cat walks exactly that one step in every variant, and in variant B
//! (which the player may switch to at any time) a tap on a diagonal neighbour walks that one
//! diagonal step when both tiles beside it are floor. Every walk is a chain of such steps, with the
//! arrival rules on each tile. So the game can be won exactly when a chain of single steps (4
//! directions, or diagonal without cutting a wall corner) leads the cat onto an exit without ever
//! arriving on a dog with no bone.
//!
//! # The search
//!
//! Picking up a bone never hurts: a walk that works without it still works with one bone more and
//! that tile empty. So the cat may as well hold every bone it can reach without meeting a dog, and
//! a state is only the set of dogs bribed so far: the cat's *region* (the tiles reachable from it
//! without stepping on a dog or the exit, which includes every bribed dog's tile) follows from it,
//! and so do the bones held (bones at the start, plus the bones in the region, minus one per dog
//! bribed). From a state, any dog next to the region may be bribed if a bone is held; the game is
//! winnable when some state's region touches an exit. The search walks these states depth first,
//! each set of dogs once, leaving out a bribe that opens nothing (no new tile besides the dog's own
//! and no new dog or exit within reach: it would only cost a bone).
//!
//! The number of sets of dogs can grow exponentially with the dogs of a level, so the search stops
//! after [`OUTLOOK_LIMIT`] states (or a memory bound) and answers [`Outlook::Unknown`] rather than
//! guess. The original level is decided far within that: every bribe its tests try (the winning
//! order, and each of the 161 other dogs within reach along it, which lose the game) is decided
//! within 100 states, in about 0.3 ms per bribe in an optimised build (5 ms at worst measured
//! with other builds running on the same two cores), and the start in under 1 ms. Plain steps and
//! bones cost nothing: only a bribe (or leaving a spawn that holds an object) starts a search.

use crate::{Level, Object};
use pathkit::grid::Cell;
use std::collections::HashSet;

/// Whether the game can still be won, from [`Game::outlook`](crate::Game::outlook).
///
/// ```
/// use catmaze::{Game, Level, Outlook};
///
/// assert_eq!(Game::original().outlook(), Outlook::Winnable);
/// // One bone, two dogs between the cat and the exit.
/// let level = Level::from_text("CB.DDE").unwrap();
/// assert_eq!(Game::new(level).outlook(), Outlook::Unwinnable);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Outlook {
    /// Some chain of taps still takes the cat to an exit.
    #[default]
    Winnable,
    /// No chain of taps reaches an exit any more: too few bones for the dogs in the way (or no way
    /// at all). It stays so until restart.
    Unwinnable,
    /// The search reached its bound ([`OUTLOOK_LIMIT`] states) without deciding.
    Unknown,
}

/// The most states (sets of bribed dogs) one outlook search visits before it answers
/// [`Outlook::Unknown`]; [`Game::with_outlook_limit`](crate::Game::with_outlook_limit) changes it
/// for one game.
///
/// ```
/// assert!(catmaze::OUTLOOK_LIMIT >= 10_000);
/// ```
pub const OUTLOOK_LIMIT: usize = 200_000;

/// The most 64-bit words the states waiting on the search's stack may hold (128 MiB): large
/// levels have large regions, and the search answers [`Outlook::Unknown`] past this too.
const STACK_WORDS: usize = 1 << 24;

/// A fixed-size set of small numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                Some(w * 64 + bit)
            })
        })
    }
}

/// The level's walls and the objects the search starts from.
struct Board<'a> {
    level: &'a Level,
    objects: &'a [Option<Object>],
    /// The dog number of each tile holding a dog.
    dog_of: Vec<Option<usize>>,
    /// The tile of each dog.
    dog_tiles: Vec<usize>,
}

/// A search state: the dogs bribed, and what follows from them.
#[derive(Clone)]
struct State {
    bribed: Bits,
    /// Tiles the cat can reach freely (bribed dogs included).
    region: Bits,
    /// Unbribed dogs next to the region.
    frontier: Bits,
    /// Bones held once every bone of the region is picked up.
    held: u32,
}

/// What a flood fill found.
struct Found {
    bones: u32,
    exit: bool,
    /// Tiles added to the region.
    grew: bool,
    /// Dogs added to the frontier.
    new_dogs: bool,
}

impl Board<'_> {
    fn new<'a>(level: &'a Level, objects: &'a [Option<Object>]) -> Board<'a> {
        let mut dog_of = vec![None; objects.len()];
        let mut dog_tiles = Vec::new();
        for (i, o) in objects.iter().enumerate() {
            if *o == Some(Object::Dog) {
                dog_of[i] = Some(dog_tiles.len());
                dog_tiles.push(i);
            }
        }
        Board {
            level,
            objects,
            dog_of,
            dog_tiles,
        }
    }

    fn floor(&self, x: i64, y: i64) -> Option<usize> {
        if !self.level.contains(x, y) {
            return None;
        }
        let i = self.level.index(Cell::new(x as u32, y as u32))?;
        (!self.level.walls()[i]).then_some(i)
    }

    /// The tiles one step from tile `i`: four directions, and diagonals whose two sides are floor.
    fn neighbours(&self, i: usize, out: &mut Vec<usize>) {
        out.clear();
        let c = self.level.cell_at(i);
        let (x, y) = (c.x as i64, c.y as i64);
        for (dx, dy) in [(0, -1), (-1, 0), (0, 1), (1, 0)] {
            out.extend(self.floor(x + dx, y + dy));
        }
        for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if self.floor(x + dx, y).is_some() && self.floor(x, y + dy).is_some() {
                out.extend(self.floor(x + dx, y + dy));
            }
        }
    }

    /// Grows `state`'s region from tile `from` (already in it) through tiles without a dog or an
    /// exit, counting the bones on them and noting the dogs and exits next to them.
    fn flood(&self, state: &mut State, from: usize, scratch: &mut Vec<usize>) -> Found {
        let mut found = Found {
            bones: 0,
            exit: false,
            grew: false,
            new_dogs: false,
        };
        let mut stack = vec![from];
        while let Some(t) = stack.pop() {
            self.neighbours(t, scratch);
            for &u in scratch.iter() {
                if state.region.has(u) {
                    continue;
                }
                match self.objects[u] {
                    Some(Object::Exit) => found.exit = true,
                    Some(Object::Dog) => {
                        let d = self.dog_of[u].expect("every dog is numbered");
                        if !state.frontier.has(d) {
                            state.frontier.set(d);
                            found.new_dogs = true;
                        }
                    }
                    other => {
                        state.region.set(u);
                        found.grew = true;
                        if other == Some(Object::Bone) {
                            found.bones += 1;
                        }
                        stack.push(u);
                    }
                }
            }
        }
        found
    }
}

/// Whether a cat on `cat` holding `bones` can still reach an exit of `level`, whose objects are
/// now `objects`, visiting at most `limit` states.
pub(crate) fn outlook(
    level: &Level,
    objects: &[Option<Object>],
    cat: Cell,
    bones: u32,
    limit: usize,
) -> Outlook {
    let Some(start) = level.index(cat) else {
        return Outlook::Unwinnable;
    };
    let mut budget = limit;
    if objects[start].is_none() {
        return search(&Board::new(level, objects), start, bones, &mut budget);
    }
    // Only a spawn can hold an object under the cat (its rules run on arrival, and the cat has
    // not arrived there): it stays there when the cat leaves, so try each first step on its own.
    let board = Board::new(level, objects);
    let mut scratch = Vec::new();
    board.neighbours(start, &mut scratch);
    let mut answer = Outlook::Unwinnable;
    for n in scratch {
        let mut after = objects.to_vec();
        let mut held = bones;
        match after[n].take() {
            Some(Object::Exit) => return Outlook::Winnable,
            Some(Object::Dog) if held == 0 => continue,
            Some(Object::Dog) => held -= 1,
            Some(Object::Bone) => held += 1,
            None => {}
        }
        match search(&Board::new(level, &after), n, held, &mut budget) {
            Outlook::Winnable => return Outlook::Winnable,
            Outlook::Unknown => answer = Outlook::Unknown,
            Outlook::Unwinnable => {}
        }
    }
    answer
}

/// The search from a cat on `start` (a tile without an object) holding `bones`.
fn search(board: &Board, start: usize, bones: u32, budget: &mut usize) -> Outlook {
    let tiles = board.objects.len();
    let dogs = board.dog_tiles.len();
    let mut root = State {
        bribed: Bits::new(dogs),
        region: Bits::new(tiles),
        frontier: Bits::new(dogs),
        held: bones,
    };
    root.region.set(start);
    let mut scratch = Vec::new();
    let found = board.flood(&mut root, start, &mut scratch);
    if found.exit {
        return Outlook::Winnable;
    }
    root.held += found.bones;
    let words = root.region.0.len() + 3 * root.bribed.0.len();
    let mut seen: HashSet<Bits> = HashSet::new();
    seen.insert(root.bribed.clone());
    let mut stack = vec![root];
    while let Some(state) = stack.pop() {
        if state.held == 0 {
            continue;
        }
        let mut children = Vec::new();
        for d in state.frontier.ones() {
            let tile = board.dog_tiles[d];
            let mut child = state.clone();
            child.frontier.clear(d);
            child.bribed.set(d);
            child.region.set(tile);
            child.held -= 1;
            let found = board.flood(&mut child, tile, &mut scratch);
            if found.exit {
                return Outlook::Winnable;
            }
            if !found.grew && !found.new_dogs {
                continue; // a bone for nothing
            }
            child.held += found.bones;
            if !seen.contains(&child.bribed) {
                if *budget == 0 {
                    return Outlook::Unknown;
                }
                *budget -= 1;
                seen.insert(child.bribed.clone());
                children.push(child);
            }
        }
        // The most bones on top: a win, when there is one, tends to be found first.
        children.sort_by_key(|c| c.held);
        stack.extend(children);
        if stack.len().saturating_mul(words) > STACK_WORDS {
            return Outlook::Unknown;
        }
    }
    Outlook::Unwinnable
}
