//! [`Variant`]: the three ways the tutorials route the cat.

use std::fmt;

/// How routes are planned. All three use the tutorials' open-list tie rule and neighbour order
/// (Top, Left, Bottom, Right, then the diagonals), so they pick the same path the tutorials do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The first tutorial: 4-connected, every step costs 1, Manhattan heuristic.
    #[default]
    Tutorial,
    /// The Cocos2D final: 8-connected without cutting wall corners, 10 straight / 14 diagonal,
    /// Manhattan heuristic in unscaled tiles.
    Diagonal,
    /// The Swift final: as [`Variant::Diagonal`], but stepping onto a tile that holds a dog *now*
    /// costs ten times as much, so the cat walks around dogs when the detour is cheaper.
    DogAvoiding,
}

impl Variant {
    /// Every variant, in the order [`Variant::next`] cycles through them.
    pub const ALL: [Variant; 3] = [Variant::Tutorial, Variant::Diagonal, Variant::DogAvoiding];

    /// The variant after this one, wrapping around: what a "switch variant" key selects.
    pub fn next(self) -> Variant {
        match self {
            Variant::Tutorial => Variant::Diagonal,
            Variant::Diagonal => Variant::DogAvoiding,
            Variant::DogAvoiding => Variant::Tutorial,
        }
    }

    /// A short name for a status line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Tutorial => "A: 4-way",
            Variant::Diagonal => "B: diagonal",
            Variant::DogAvoiding => "C: avoid dogs",
        }
    }

    /// One sentence on how the variant routes.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Tutorial => "4-connected, cost 1 per step, Manhattan (the first tutorial)",
            Variant::Diagonal => "8-connected, 10 straight / 14 diagonal, no corner cutting",
            Variant::DogAvoiding => "as diagonal, but a dog's tile costs 10x (walks around dogs)",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
