//! The words of carrom that the physics, the referee, the match, the computer players and the
//! game all share, so that none of them translates another's: where a player sits ([`Seat`]),
//! which of the two competing sides he plays for ([`Side`]), and what a piece is
//! ([`PieceColour`]: a white or black carrom man, or the Queen).
//!
//! Geometry: the players sit round the board and face its centre. Seen from above with North at
//! the top and East on the right, a player at **South** faces north, so his right hand points
//! **east**; a player at East faces west and has North on his right; North faces south and has
//! West on his right; West faces east and has South on his right. "To the right" (Law 49(b),
//! Law 78(b)) is therefore South → East → North → West → South, anticlockwise seen from above.

use serde::{Deserialize, Serialize};
use std::fmt;

pub mod fnv;
mod level;
pub mod named;

pub use fnv::{Fnv1a, fnv1a};
pub use level::{Level, LevelsError};
pub use named::Named;

/// A place at the board. Seats name the players for the whole match (the physical change of
/// sides between games, Laws 58-61, is left to the game: the referee keeps calling a player by
/// the seat he started in). In singles the player who breaks first sits South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    South,
    East,
    North,
    West,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    /// The seat's place in [`Seat::ALL`], round the table from South: South 0, East 1,
    /// North 2, West 3.
    pub fn index(self) -> usize {
        match self {
            Seat::South => 0,
            Seat::East => 1,
            Seat::North => 2,
            Seat::West => 3,
        }
    }

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

    /// The seat with this lower-case name.
    pub fn parse(name: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl<'de> Deserialize<'de> for Seat {
    /// A seat's lower-case name; anything else is named in the error (`expected a seat: south,
    /// east, north or west`).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SeatName;
        impl serde::de::Visitor<'_> for SeatName {
            type Value = Seat;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a seat: south, east, north or west")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Seat, E> {
                Seat::parse(name).ok_or_else(|| {
                    E::custom(format!(
                        "unknown seat `{name}`, expected south, east, north or west"
                    ))
                })
            }
        }
        d.deserialize_str(SeatName)
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

/// What a piece is: a carrom man (C/m) of either colour, or the Queen. JSON and scenarios write
/// it in lower case (`"white"`, `"black"`, `"queen"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceColour {
    White,
    Black,
    Queen,
}

impl PieceColour {
    /// The other carrom-man colour (the Queen has none; returns the Queen).
    pub fn other(self) -> PieceColour {
        match self {
            PieceColour::White => PieceColour::Black,
            PieceColour::Black => PieceColour::White,
            PieceColour::Queen => PieceColour::Queen,
        }
    }

    /// Lower-case name as used in JSON (`"white"`).
    pub fn name(self) -> &'static str {
        match self {
            PieceColour::White => "white",
            PieceColour::Black => "black",
            PieceColour::Queen => "queen",
        }
    }
}

impl fmt::Display for PieceColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PieceColour::White => "White",
            PieceColour::Black => "Black",
            PieceColour::Queen => "the Queen",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_passes_to_the_right_round_the_board() {
        let mut seat = Seat::South;
        let mut order = Vec::new();
        for _ in 0..4 {
            seat = seat.right();
            order.push(seat);
        }
        assert_eq!(order, [Seat::East, Seat::North, Seat::West, Seat::South]);
        assert_eq!(Seat::South.left(), Seat::West);
        assert_eq!(Seat::East.opposite(), Seat::West);
    }

    #[test]
    fn names_round_trip_through_json() {
        for seat in Seat::ALL {
            assert_eq!(Seat::parse(seat.name()), Some(seat));
            let json = serde_json::to_string(&seat).unwrap();
            assert_eq!(json, format!("\"{}\"", seat.name()));
        }
        for colour in [PieceColour::White, PieceColour::Black, PieceColour::Queen] {
            let json = serde_json::to_string(&colour).unwrap();
            assert_eq!(json, format!("\"{}\"", colour.name()));
            assert_eq!(serde_json::from_str::<PieceColour>(&json).unwrap(), colour);
        }
        assert_eq!(serde_json::to_string(&Side::One).unwrap(), "1");
        let e = serde_json::from_str::<Seat>("3").unwrap_err().to_string();
        assert!(
            e.contains("expected a seat: south, east, north or west"),
            "{e}"
        );
        let e = serde_json::from_str::<Seat>("\"up\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown seat `up`"), "{e}");
        assert!(serde_json::from_str::<Side>("2").is_err());
    }
}
