//! [`Object`] (what lies on a tile) and [`Tile`] (what a front end draws).

/// The object lying on a floor tile. At most one per tile; walls never hold one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Object {
    /// Picked up on arrival: one more bone to bribe a dog with.
    Bone,
    /// Takes one bone on arrival and leaves, or eats a cat that has none.
    Dog,
    /// Arriving here wins the game.
    Exit,
}

impl Object {
    /// The letter of the level's text form: `B`, `D` or `E`.
    pub fn letter(self) -> char {
        match self {
            Object::Bone => 'B',
            Object::Dog => 'D',
            Object::Exit => 'E',
        }
    }
}

/// What a tile shows now: a wall, plain floor, or floor with an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Blocks movement and routes.
    Wall,
    /// Plain floor.
    Floor,
    /// Floor with a bone.
    Bone,
    /// Floor with a dog.
    Dog,
    /// Floor with the exit.
    Exit,
}

impl Tile {
    /// The tile for a floor cell holding `object`.
    pub fn floor_with(object: Option<Object>) -> Tile {
        match object {
            None => Tile::Floor,
            Some(Object::Bone) => Tile::Bone,
            Some(Object::Dog) => Tile::Dog,
            Some(Object::Exit) => Tile::Exit,
        }
    }
}
