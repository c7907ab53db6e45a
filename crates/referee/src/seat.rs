//! Seats, sides and the order of play (Laws 27, 28, 49).
//!
//! Geometry: the players sit round the board and face its centre. Seen from above with
//! North at the top and East on the right, a player at **South** faces north, so his
//! right hand points **east**; a player at East faces west and has North on his right;
//! North faces south and has West on his right; West faces east and has South on his
//! right. "To the right" (Law 49(b), Law 78(b)) is therefore
//! South → East → North → West → South, i.e. anticlockwise seen from above.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A place at the board. Seats name the players for the whole match (the physical change of
/// sides between games, Laws 58-61, is left to the game: the referee keeps calling a player by
/// the seat he started in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    South,
    East,
    North,
    West,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    /// The player on this player's right hand (he faces the centre of the board).
    pub fn right(self) -> Seat {
        match self {
            Seat::South => Seat::East,
            Seat::East => Seat::North,
            Seat::North => Seat::West,
            Seat::West => Seat::South,
        }
    }

    /// The player on this player's left hand.
    pub fn left(self) -> Seat {
        self.right().opposite()
    }

    /// The player sitting opposite (the opponent in singles, the partner in doubles).
    pub fn opposite(self) -> Seat {
        self.right().right()
    }

    /// Lower-case name as used in scenarios and JSON (`"south"`).
    pub fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::East => "east",
            Seat::North => "north",
            Seat::West => "west",
        }
    }

    /// Capitalised name for sentences (`"South"`).
    pub fn title(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::East => "East",
            Seat::North => "North",
            Seat::West => "West",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// One of the two competing sides: side 0 is South (with North in doubles), side 1 is North in
/// singles and East + West in doubles. Scores are kept per side, not per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Zero,
    One,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::Zero => 0,
            Side::One => 1,
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Zero => Side::One,
            Side::One => Side::Zero,
        }
    }
    pub fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::Zero),
            1 => Some(Side::One),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side {}", self.index())
    }
}

impl Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let i = u8::deserialize(d)?;
        Side::from_index(i as usize)
            .ok_or_else(|| serde::de::Error::custom(format!("side must be 0 or 1, got {i}")))
    }
}

/// The direction in which the turn passes (Law 49(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnOrder {
    /// To the player on the right-hand side (ICF Law 49(b)): South → East → North → West,
    /// anticlockwise seen from above.
    Right,
    /// To the player on the left-hand side: South → West → North → East, clockwise seen from
    /// above (the traditional house rules: "turns proceed in a clockwise order").
    Left,
}

/// Singles (two players, South and North, Law 27) or doubles (four players, partners opposite,
/// Law 28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seats {
    Singles,
    Doubles,
}

impl Seats {
    /// 2 → singles, 4 → doubles.
    pub fn from_count(n: u32) -> Option<Seats> {
        match n {
            2 => Some(Seats::Singles),
            4 => Some(Seats::Doubles),
            _ => None,
        }
    }

    pub fn count(self) -> usize {
        match self {
            Seats::Singles => 2,
            Seats::Doubles => 4,
        }
    }

    /// The seats in play, starting at South in the ICF order of play.
    pub fn seats(self) -> &'static [Seat] {
        match self {
            Seats::Singles => &[Seat::South, Seat::North],
            Seats::Doubles => &Seat::ALL,
        }
    }

    pub fn contains(self, seat: Seat) -> bool {
        self.seats().contains(&seat)
    }

    /// Side 0: South (and North in doubles); side 1: North in singles, East and West in doubles.
    pub fn side_of(self, seat: Seat) -> Side {
        match (self, seat) {
            (Seats::Singles, Seat::North) => Side::One,
            (Seats::Singles, _) => Side::Zero,
            (Seats::Doubles, Seat::South | Seat::North) => Side::Zero,
            (Seats::Doubles, Seat::East | Seat::West) => Side::One,
        }
    }

    /// The player who plays after `seat` (Law 48 / 49(b)).
    pub fn next(self, seat: Seat, order: TurnOrder) -> Seat {
        match (self, order) {
            (Seats::Singles, _) => seat.opposite(),
            (Seats::Doubles, TurnOrder::Right) => seat.right(),
            (Seats::Doubles, TurnOrder::Left) => seat.left(),
        }
    }

    /// `seat` advanced `n` places in the order of play.
    pub fn advance(self, seat: Seat, order: TurnOrder, n: usize) -> Seat {
        (0..n).fold(seat, |s, _| self.next(s, order))
    }

    /// The seat that leads a side (South for side 0; North in singles / East in doubles for 1).
    pub fn first_seat_of(self, side: Side) -> Seat {
        match (self, side) {
            (_, Side::Zero) => Seat::South,
            (Seats::Singles, Side::One) => Seat::North,
            (Seats::Doubles, Side::One) => Seat::East,
        }
    }
}
