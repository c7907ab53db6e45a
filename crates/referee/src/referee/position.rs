//! A board in progress set up from its pieces, for analysing a position (the coach's hint):
//! who is to strike, playing which colour, the men on the board and where the Queen is.

use super::queen::QueenRight;
use super::{MEN_PER_COLOUR, Referee};
use crate::report::PieceColour;
use crate::rules::Rules;
use crate::seat::{Seat, Seats};
use crate::verdict::QueenState;

impl Referee {
    /// A board in progress, for analysing a position (the coach's hint): `turn` to strike,
    /// playing `colour` (so the breaker's side is `turn`'s for white, the other side's for
    /// black, Law 43); `white` and `black` men on the board, the rest pocketed by their sides
    /// and none owed; the Queen on the board, or pocketed by `turn` and awaiting his cover
    /// (`queen_awaiting_cover`, Law 96), in which case `turn` is in the middle of his turn.
    /// With all 19 pieces on the board the break is still to be made; otherwise it was made.
    /// [`Referee::in_position_with_queen`] also takes a Queen already covered.
    pub fn in_position(
        rules: Rules,
        seats: Seats,
        turn: Seat,
        colour: PieceColour,
        white: u8,
        black: u8,
        queen_awaiting_cover: bool,
    ) -> Result<Referee, String> {
        let queen = if queen_awaiting_cover {
            QueenState::AwaitingCover { by: turn }
        } else {
            QueenState::OnBoard
        };
        Referee::in_position_with_queen(rules, seats, turn, colour, white, black, queen)
    }

    /// [`Referee::in_position`] with the Queen in any state a turn can start or go on in: on
    /// the board, awaiting the cover of `turn` (`AwaitingCover { by: turn }`, Law 96), or
    /// covered by a colour (`Covered(colour)`, Laws 96-97: the side playing that colour has
    /// pocketed a man, and the endings of Laws 102-112 then depend on who covered her).
    /// `AwaitingReturn` is refused: it only exists inside the traditional turn that pocketed
    /// her.
    pub fn in_position_with_queen(
        rules: Rules,
        seats: Seats,
        turn: Seat,
        colour: PieceColour,
        white: u8,
        black: u8,
        queen: QueenState,
    ) -> Result<Referee, String> {
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
    fn set_queen(&mut self, queen: QueenState) -> Result<(), String> {
        let turn = self.turn;
        match queen {
            QueenState::OnBoard => {}
            QueenState::AwaitingCover { by } => {
                if by != turn {
                    return Err(format!(
                        "queen: awaiting the cover of {}, but it is {}'s turn: she must be covered \
                         with the next stroke of the turn that pocketed her (Law 96)",
                        by.name(),
                        turn.name()
                    ));
                }
                if self.queen_right(turn) != QueenRight::Yes {
                    return Err(format!(
                        "queen: {} has no right to the Queen before pocketing one of his men \
                         (Law 92), so she cannot be awaiting his cover",
                        turn.name()
                    ));
                }
                self.turn_strokes = 1;
                self.board_strokes = self.board_strokes.max(1);
            }
            QueenState::Covered(by) => {
                if by == PieceColour::Queen {
                    return Err("queen: covered by white or black, not by the Queen".into());
                }
                // The side that covered her pocketed a man of its colour this board (Law 96).
                if let Some(side) = self.side_of_colour(by) {
                    self.man_pocketed[side.index()] = true;
                }
            }
            QueenState::AwaitingReturn { .. } => {
                return Err(
                    "queen: awaiting return only exists within the turn that pocketed her \
                     (traditional rules); give `on_board`"
                        .into(),
                );
            }
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
) -> Result<(), String> {
    if !seats.contains(turn) {
        return Err(format!("seat: {} does not play in {seats:?}", turn.name()));
    }
    if colour == PieceColour::Queen {
        return Err("colour: a side plays white or black, not the Queen".into());
    }
    for (name, n) in [("white", white), ("black", black)] {
        if n > MEN_PER_COLOUR {
            return Err(format!(
                "{name}: {n} men on the board, at most {MEN_PER_COLOUR}"
            ));
        }
        if n == 0 {
            return Err(format!(
                "{name}: no {name} men on the board: the board is over"
            ));
        }
    }
    Ok(())
}

/// The seat that broke the board, so that `turn` plays `colour` (Law 43): `turn` for white,
/// an opponent for black.
fn breaker_playing(seats: Seats, turn: Seat, colour: PieceColour) -> Result<Seat, String> {
    if colour == PieceColour::White {
        return Ok(turn);
    }
    seats
        .seats()
        .iter()
        .copied()
        .find(|s| seats.side_of(*s) != seats.side_of(turn))
        .ok_or_else(|| "seats: no opponent".to_string())
}
