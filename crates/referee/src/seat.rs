//! Singles and doubles and the order of play (Laws 27, 28, 49). The seats and sides themselves
//! are the shared vocabulary of `carrom-terms`.

use crate::rules::Rules;
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

/// Singles (two players, South and North, Law 27), doubles (four players, partners opposite,
/// Law 28), or three or four players each for himself in the point game (the casual text: "you
/// can play with three players against each other for points").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seats {
    Singles,
    Doubles,
    /// Three players each for himself, at South, East and North: the breaker at South as in
    /// singles, and the two who follow him in the ICF order of play (Law 49(b), to the right)
    /// beside and opposite him, so the turn passes round the three sides as it passes round
    /// four with West's chair empty. Only in the point game.
    Three,
    /// Four players each for himself (no partners). Only in the point game.
    Four,
}

impl Seats {
    /// 2 → singles, 4 → doubles (3 players only play the point game: [`Seats::for_point_game`]).
    pub fn from_count(n: u32) -> Option<Seats> {
        match n {
            2 => Some(Seats::Singles),
            4 => Some(Seats::Doubles),
            _ => None,
        }
    }

    /// The seats of `n` players each for himself in the point game: 2 → singles, 3 → three,
    /// 4 → four.
    pub fn for_point_game(n: u32) -> Option<Seats> {
        match n {
            2 => Some(Seats::Singles),
            3 => Some(Seats::Three),
            4 => Some(Seats::Four),
            _ => None,
        }
    }

    /// The seats of a demo of computers under `rules`: four at the table in doubles, or for the
    /// point game three each for himself.
    pub fn for_demo(rules: &Rules) -> Seats {
        if rules.points.is_some() {
            Seats::Three
        } else {
            Seats::Doubles
        }
    }

    pub fn count(self) -> usize {
        self.seats().len()
    }

    /// Three or four players each for himself: a point game's seats, which no game of two
    /// colours can seat.
    pub fn each_for_himself(self) -> bool {
        matches!(self, Seats::Three | Seats::Four)
    }

    /// The seats in play, starting at South in the ICF order of play.
    pub fn seats(self) -> &'static [Seat] {
        match self {
            Seats::Singles => &[Seat::South, Seat::North],
            Seats::Three => &[Seat::South, Seat::East, Seat::North],
            Seats::Doubles | Seats::Four => &Seat::ALL,
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
    /// Three or four players each for himself score as seats, not sides
    /// (`Referee::points_of`); their seats answer as in doubles, a side being then only the
    /// colour a seat would play, which nothing in the point game asks.
    pub fn side_of(self, seat: Seat) -> Side {
        match (self, seat) {
            (Seats::Singles, Seat::North) => Side::One,
            (Seats::Singles, _) => Side::Zero,
            (_, Seat::South | Seat::North) => Side::Zero,
            (_, Seat::East | Seat::West) => Side::One,
        }
    }

    /// The player who plays after `seat` (Law 48 / 49(b)): the next seat in play to his right
    /// (or left), an empty chair passed over.
    pub fn next(self, seat: Seat, order: TurnOrder) -> Seat {
        let step = |s: Seat| match order {
            TurnOrder::Right => s.right(),
            TurnOrder::Left => s.left(),
        };
        let mut next = step(seat);
        while !self.contains(next) {
            next = step(next);
        }
        next
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
            (_, Side::One) => Seat::East,
        }
    }
}
