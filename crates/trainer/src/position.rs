//! A drill's position: the pieces on the board, whose turn it is and with which colour, and
//! where the Queen is. It serialises as the request `carrom hint` reads, so the coach can be
//! asked about any drill, and its pieces load into the physics crate's `Table` as they are.

use carrom_physics::shot::{ShotError, validate_pieces};
use carrom_physics::{Piece, PieceColour, Seat, Spec};
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
        let rules = Rules::preset(&self.rules)?;
        let queen = self.queen.state(self.seat);
        let seats = Seats::of_seat(self.seat);
        carrom_match::referee_at(rules, seats, self.seat, self.colour, &self.pieces, queen).ok()
    }

    /// The referee standing at this position in a game of `seats`, once the position is
    /// checked: known rules, pieces on the board and apart, the Queen where `queen` says
    /// (among the pieces only while she is on the board), a man of each colour left. The
    /// error names the field and what is wrong.
    pub fn checked_referee(&self, spec: &Spec, seats: Seats) -> Result<Referee, PositionError> {
        let rules =
            Rules::preset(&self.rules).ok_or_else(|| PositionError::Rules(self.rules.clone()))?;
        validate_pieces(spec, &self.pieces)?;
        let queen_on = self.pieces.iter().any(|p| p.kind == PieceColour::Queen);
        match (self.queen, queen_on) {
            (QueenAt::OnBoard, false) => return Err(PositionError::QueenMissing),
            (QueenAt::AwaitingCover, true) => return Err(PositionError::QueenAwaitingCover),
            (QueenAt::CoveredByWhite | QueenAt::CoveredByBlack, true) => {
                return Err(PositionError::QueenCovered);
            }
            _ => {}
        }
        let queen = self.queen.state(self.seat);
        carrom_match::referee_at(rules, seats, self.seat, self.colour, &self.pieces, queen)
            .map_err(PositionError::Referee)
    }
}

/// Why a [`Position`] cannot be played from ([`Position::checked_referee`]).
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error(
        "rules: unknown rules `{0}` (expected one of {names})",
        names = carrom_referee::PRESET_NAMES.join(", ")
    )]
    Rules(String),
    #[error(transparent)]
    Pieces(#[from] ShotError),
    #[error("queen: `on_board`, but no piece in `pieces` is the Queen (her kind is `queen`)")]
    QueenMissing,
    #[error(
        "queen: `awaiting_cover`, but the Queen is in `pieces` (she is in a pocket until covered)"
    )]
    QueenAwaitingCover,
    #[error("queen: covered, but the Queen is in `pieces` (a covered Queen stays in her pocket)")]
    QueenCovered,
    /// What the referee says of the men and the turn.
    #[error(transparent)]
    Referee(carrom_referee::PositionError),
}
