//! [`Route`] and the planner: the three [`Variant`]s as pathkit grid spaces.

use crate::{Object, Variant};
use pathkit::grid::{Cell, Diagonal, Grid, Heuristic};
use pathkit::search::AStar;
use pathkit::search::{Outcome, SearchContext, SearchOptions, TieBreak};
use pathkit::Pathfinder;

/// A planned route: the tiles the cat will step on, in order, without the tile it starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The tiles after the start, the target last.
    pub tiles: Vec<Cell>,
    /// The route's cost in the variant's units (steps for A, 10/14 per step for B and C, with dog
    /// tiles at 10x in C).
    pub cost: u32,
    /// Steps the search took off its open list, the target included (the tutorials' count).
    pub expanded: u64,
}

/// How much more a dog's tile costs to enter in [`Variant::DogAvoiding`].
pub(crate) const DOG_COST_FACTOR: u32 = 10;

/// Plans a route with pathkit. `grid` holds the walls (weight 1 = floor, 0 = wall); `objects` are
/// the game's objects *now*, read by the dog-avoiding variant so a bribed dog costs nothing extra.
/// `None` when the target cannot be reached.
pub(crate) fn plan(
    ctx: &mut SearchContext<u32>,
    grid: &Grid,
    objects: &[Option<Object>],
    variant: Variant,
    from: Cell,
    to: Cell,
) -> Option<Route> {
    let options = SearchOptions::new().tie_break(TieBreak::Lifo);
    let outcome = match variant {
        Variant::Tutorial => AStar(&grid.four_connected()).find_path_with(ctx, from, to, &options),
        Variant::Diagonal | Variant::DogAvoiding => {
            // 10 and 14 are valid move costs: building this space cannot fail.
            let diagonal = grid
                .space(Diagonal::NoCornerCutting, 10u32, 14u32)
                .ok()?
                .with_heuristic(Heuristic::Manhattan)
                .heuristic_units(1.0, 1.0);
            if variant == Variant::Diagonal {
                AStar(&diagonal).find_path_with(ctx, from, to, &options)
            } else {
                let dogs_cost_more = |g: &Grid, cell: Cell| {
                    let weight = g.weight(cell);
                    if objects[g.index(cell)] == Some(Object::Dog) {
                        weight * DOG_COST_FACTOR
                    } else {
                        weight
                    }
                };
                AStar(&diagonal.with_rules(dogs_cost_more)).find_path_with(ctx, from, to, &options)
            }
        }
    };
    match outcome {
        Ok(Outcome::Found(path)) => Some(Route {
            tiles: path.nodes.into_iter().skip(1).collect(),
            cost: path.cost,
            expanded: ctx.stats().expanded,
        }),
        // No limits are set, so a search ends with a path or proof there is none; an error can
        // only mean an off-grid tile, which the game rejects before planning.
        _ => None,
    }
}
