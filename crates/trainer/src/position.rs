//! A drill's position: the pieces on the board, whose turn it is and with which colour, and
//! where the Queen is. It serialises as the request `carrom hint` reads, so the coach can be
//! asked about any drill, and its pieces load into the physics crate's `Table` as they are.

use carrom_physics::{Piece, PieceColour, Seat};
use carrom_referee::{QueenState, Referee, Rules, Seats};
use serde::{Deserialize, Serialize};

/// Where the Queen is, as `carrom hint` says it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenAt {
    /// On the board: she is among the pieces.
    #[default]
    OnBoard,
    /// Pocketed by the player to strike with his last stroke: he must cover her now (Law 96).
    AwaitingCover,
    /// Covered earlier by the side playing white / black.
    CoveredByWhite,
    CoveredByBlack,
}

impl QueenAt {
    /// The referee's Queen for a position where `seat` is to strike.
    pub fn state(self, seat: Seat) -> QueenState {
        match self {
            QueenAt::OnBoard => QueenState::OnBoard,
            QueenAt::AwaitingCover => QueenState::AwaitingCover { by: seat },
            QueenAt::CoveredByWhite => QueenState::Covered(PieceColour::White),
            QueenAt::CoveredByBlack => QueenState::Covered(PieceColour::Black),
        }
    }
}

/// A position to play from: `pieces` on the board (the physics crate's pieces, which
/// `carrom_physics::Table::new` loads), the player at `seat` to strike with `colour`, the
/// Queen `queen`, under the ICF Laws in singles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub rules: String,
    pub seat: Seat,
    pub colour: PieceColour,
    pub queen: QueenAt,
    pub pieces: Vec<Piece>,
}

impl Position {
    /// The player at `seat` plays white under the ICF Laws.
    pub fn new(seat: Seat, queen: QueenAt, pieces: Vec<Piece>) -> Position {
        Position {
            rules: "icf".into(),
            seat,
            colour: PieceColour::White,
            queen,
            pieces,
        }
    }

    /// The referee standing at this position: the men on the board as the pieces show them,
    /// the others pocketed by their sides (the break still to be made when all 19 are on the
    /// board). `None` when the position has no man of a colour (the board would be over).
    pub fn referee(&self) -> Option<Referee> {
        let count = |c: PieceColour| self.pieces.iter().filter(|p| p.kind == c).count() as u8;
        let queen = self.queen.state(self.seat);
        let rules = Rules::preset(&self.rules)?;
        let seats = if matches!(self.seat, Seat::East | Seat::West) {
            Seats::Doubles
        } else {
            Seats::Singles
        };
        Referee::in_position_with_queen(
            rules,
            seats,
            self.seat,
            self.colour,
            count(PieceColour::White),
            count(PieceColour::Black),
            queen,
        )
        .ok()
    }
}
