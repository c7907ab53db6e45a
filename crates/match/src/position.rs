//! The referee standing at a layout of pieces: the one way the coach, the trainer's drills,
//! practice and the tools set a referee at a position that did not come from a match.

use carrom_physics::Piece;
use carrom_referee::{PieceColour, PositionError, QueenState, Referee, Rules, Seat, Seats};

/// The referee at `pieces` with `seat` to strike, playing `colour`: the men on the board as
/// the pieces show them, the others pocketed by their sides (the break still to be made when
/// all 19 are on the board), the Queen where `queen` says. The error says why the position
/// cannot be (the seat does not play, a colour has no man left, ...).
pub fn referee_at(
    rules: Rules,
    seats: Seats,
    seat: Seat,
    colour: PieceColour,
    pieces: &[Piece],
    queen: QueenState,
) -> Result<Referee, PositionError> {
    let men = |c: PieceColour| pieces.iter().filter(|p| p.kind == c).count() as u8;
    Referee::in_position(
        rules,
        seats,
        seat,
        colour,
        men(PieceColour::White),
        men(PieceColour::Black),
        queen,
    )
}

/// [`referee_at`] for one player at South playing white under the ICF Laws in singles, the
/// Queen on the board: practice, and the tools' positions.
pub fn referee_for_south(pieces: &[Piece]) -> Result<Referee, PositionError> {
    referee_at(
        Rules::icf(),
        Seats::Singles,
        Seat::South,
        PieceColour::White,
        pieces,
        QueenState::OnBoard,
    )
}
