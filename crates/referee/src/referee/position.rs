//! A board in progress set up from its pieces, for analysing a position (the coach's hint):
//! who is to strike, playing which colour, the men on the board and where the Queen is.

use super::queen::QueenRight;
use super::{MEN_PER_COLOUR, Referee};
use crate::report::PieceColour;
use crate::rules::Rules;
use crate::seat::{Seat, Seats};
use crate::verdict::QueenState;
use thiserror::Error;

/// Why the referee cannot stand at a position ([`Referee::in_position`]); the words name the
/// field that is wrong (`seat`, `colour`, `white`, `black`, `queen`, `seats`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("seat: {} does not play in {seats:?}", .seat.name())]
    SeatNotPlaying { seat: Seat, seats: Seats },
    #[error("colour: a side plays white or black, not the Queen")]
    QueenAsColour,
    #[error("{name}: {men} men on the board, at most {max}", name = .colour.name(), max = MEN_PER_COLOUR)]
    TooManyMen { colour: PieceColour, men: u8 },
    #[error("{name}: no {name} men on the board: the board is over", name = .colour.name())]
    NoMen { colour: PieceColour },
    #[error(
        "queen: awaiting the cover of {}, but it is {}'s turn: she must be covered with the next \
         stroke of the turn that pocketed her (Law 96)",
        .by.name(),
        .turn.name()
    )]
    AwaitingAnothersCover { by: Seat, turn: Seat },
    #[error(
        "queen: {} has no right to the Queen before pocketing one of his men (Law 92), so she \
         cannot be awaiting his cover",
        .turn.name()
    )]
    AwaitingCoverWithoutRight { turn: Seat },
    #[error("queen: covered by white or black, not by the Queen")]
    CoveredByTheQueen,
    #[error(
        "queen: awaiting return only exists within the turn that pocketed her (traditional \
         rules); give `on_board`"
    )]
    AwaitingReturn,
    #[error("seats: no opponent")]
    NoOpponent,
}

impl Referee {
    /// A board in progress, for analysing a position (the coach's hint): `turn` to strike,
    /// playing `colour` (so the breaker's side is `turn`'s for white, the other side's for
    /// black, Law 43); `white` and `black` men on the board, the rest pocketed by their sides
    /// and none owed. With all 19 pieces on the board the break is still to be made; otherwise
    /// it was made. The Queen is in any state a turn can start or go on in: on the board,
    /// awaiting the cover of `turn` (`AwaitingCover { by: turn }`, Law 96: `turn` is then in
    /// the middle of his turn), or covered by a colour (`Covered(colour)`, Laws 96-97: the side
    /// playing that colour has pocketed a man, and the endings of Laws 102-112 then depend on
    /// who covered her). `AwaitingReturn` is refused: it only exists inside the traditional
    /// turn that pocketed her.
    pub fn in_position(
        rules: Rules,
        seats: Seats,
        turn: Seat,
        colour: PieceColour,
        white: u8,
        black: u8,
        queen: QueenState,
    ) -> Result<Referee, PositionError> {
        check_position(seats, turn, colour, white, black)?;
        let breaker = breaker_playing(seats, turn, colour)?;
        let mut r = Referee::new(rules, seats);
        r.start_board(breaker);
        r.turn = turn;
        r.set_men(white, black, queen);
        r.set_queen(queen)?;
        Ok(r)
    }

    /// `white` and `black` men on the board, the rest pocketed by their sides and none owed;
    /// the break made unless all 19 pieces are on the board.
    fn set_men(&mut self, white: u8, black: u8, queen: QueenState) {
        self.white.on_board = white;
        self.white.pocketed = MEN_PER_COLOUR - white;
        self.black.on_board = black;
        self.black.pocketed = MEN_PER_COLOUR - black;
        let full =
            white == MEN_PER_COLOUR && black == MEN_PER_COLOUR && queen == QueenState::OnBoard;
        self.break_made = !full;
        if self.break_made {
            self.board_strokes = 1;
        }
        for (c, n) in [(PieceColour::White, white), (PieceColour::Black, black)] {
            if let Some(side) = self.side_of_colour(c) {
                self.man_pocketed[side.index()] = n < MEN_PER_COLOUR;
            }
        }
    }

    /// The Queen where a turn can start or go on with her, or what is wrong with it.
    fn set_queen(&mut self, queen: QueenState) -> Result<(), PositionError> {
        let turn = self.turn;
        match queen {
            QueenState::OnBoard => {}
            QueenState::AwaitingCover { by } => {
                if by != turn {
                    return Err(PositionError::AwaitingAnothersCover { by, turn });
                }
                if self.queen_right(turn) != QueenRight::Yes {
                    return Err(PositionError::AwaitingCoverWithoutRight { turn });
                }
                self.turn_strokes = 1;
                self.board_strokes = self.board_strokes.max(1);
            }
            QueenState::Covered(by) => {
                if by == PieceColour::Queen {
                    return Err(PositionError::CoveredByTheQueen);
                }
                // The side that covered her pocketed a man of its colour this board (Law 96).
                if let Some(side) = self.side_of_colour(by) {
                    self.man_pocketed[side.index()] = true;
                }
            }
            QueenState::AwaitingReturn { .. } => return Err(PositionError::AwaitingReturn),
        }
        self.queen = queen;
        Ok(())
    }
}

/// `turn` plays in `seats`, `colour` is a side's and both colours have 1 to 9 men on the board.
fn check_position(
    seats: Seats,
    turn: Seat,
    colour: PieceColour,
    white: u8,
    black: u8,
) -> Result<(), PositionError> {
    if !seats.contains(turn) {
        return Err(PositionError::SeatNotPlaying { seat: turn, seats });
    }
    if colour == PieceColour::Queen {
        return Err(PositionError::QueenAsColour);
    }
    for (colour, men) in [(PieceColour::White, white), (PieceColour::Black, black)] {
        if men > MEN_PER_COLOUR {
            return Err(PositionError::TooManyMen { colour, men });
        }
        if men == 0 {
            return Err(PositionError::NoMen { colour });
        }
    }
    Ok(())
}

/// The seat that broke the board, so that `turn` plays `colour` (Law 43): `turn` for white,
/// an opponent for black.
fn breaker_playing(seats: Seats, turn: Seat, colour: PieceColour) -> Result<Seat, PositionError> {
    if colour == PieceColour::White {
        return Ok(turn);
    }
    seats
        .seats()
        .iter()
        .copied()
        .find(|s| seats.side_of(*s) != seats.side_of(turn))
        .ok_or(PositionError::NoOpponent)
}
