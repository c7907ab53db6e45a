//! Singles and doubles and the order of play (Laws 27, 28, 49). The seats and sides themselves
//! are the shared vocabulary of `carrom-terms`.

pub use carrom_terms::{Seat, Side};
use serde::{Deserialize, Serialize};

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

    /// The smallest game `seat` plays in: doubles for East and West, singles for South and
    /// North.
    pub fn of_seat(seat: Seat) -> Seats {
        match seat {
            Seat::East | Seat::West => Seats::Doubles,
            Seat::South | Seat::North => Seats::Singles,
        }
    }

    /// The seats in play by name, comma-separated ("South, North"), for messages.
    pub fn names(self) -> String {
        self.seats()
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(", ")
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
