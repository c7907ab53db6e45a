//! The referee's output: rulings, pieces to return, results.

use crate::event::Event;
use crate::report::PieceColour;
use crate::seat::{Seat, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A Law of the ICF (numbers 27-151 of the tournament edition), e.g. `Law("72(a)")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Law(pub &'static str);

impl Law {
    /// The Law's number without the clause: `Law("72(a)").number() == 72`.
    pub fn number(self) -> u16 {
        let digits: String = self.0.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().unwrap_or(0)
    }
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Law {}", self.0)
    }
}

/// One decision of the umpire: the Law applied and what happened ([`Event`]: the seats, sides,
/// colours and counts it is about). The sentence players read is made from it at the edge
/// (`carrom_match::words`), with their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    pub law: Law,
    pub event: Event,
}

/// Who puts a returned piece back on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Placer {
    /// The umpire: the Queen (Laws 93-94) and pieces that left the board (Law 65).
    Umpire,
    /// A player: dues, penalties and pieces pocketed in a foul (Laws 72-78).
    Seat(Seat),
}

/// Where a returned piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// In the centre circle, covering it fully or as much of it as is free (Laws 65, 93, 94).
    CentreCircle,
    /// Anywhere inside the outer circle without covering the centre circle (Laws 84, 85, 89(b));
    /// check it with [`crate::validate_placement`].
    InsideOuterCircle,
}

/// A piece to be put back on the board after the stroke. The referee's counts already include
/// it on the board; the game only has to place it. Returns are listed in placing order: the
/// umpire's pieces first (Queen, then the striker's colour, then the other, Law 65(b)-(d)),
/// then the players' placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Return {
    pub piece: PieceColour,
    pub placed_by: Placer,
    pub spot: Spot,
    pub law: Law,
}

/// A finished board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardResult {
    pub winner: Side,
    pub points: u16,
}

/// A finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Side,
    pub score: [u16; 2],
}

/// A finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchResult {
    pub winner: Side,
    pub games: [u8; 2],
}

/// A finished point game: its winner and every seat's points (South, East, North, West).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PointsWon {
    pub winner: Seat,
    pub points: [u16; 4],
}

/// Carrom men of one colour on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Men {
    /// On the playing surface.
    pub on_board: u8,
    /// In the pockets (not owed back).
    pub pocketed: u8,
    /// Dues and penalties declared and not yet taken out (Law 72(c)). Only ever non-zero while
    /// `pocketed` is zero (a due is taken out as soon as a man is available), except under
    /// `dues_returned = "end_of_turn"` (traditional), where a penalty whose man is in the pocket
    /// waits there until the turn ends.
    pub owed: u8,
}

impl Men {
    /// Dues and penalties still outstanding for want of a man in the pockets: `owed` less the
    /// men waiting in the pockets to be taken out at the end of the turn.
    pub fn outstanding(&self) -> u8 {
        self.owed.saturating_sub(self.pocketed)
    }
}

/// Where the Queen is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenState {
    /// On the playing surface.
    OnBoard,
    /// Pocketed by `by`, who must cover her with his next stroke (Laws 92, 96, 101(a)).
    AwaitingCover { by: Seat },
    /// Pocketed and covered by the player of this colour.
    Covered(PieceColour),
    /// Pocketed by `by` without the right to her, in the pocket until his turn ends; the
    /// verdict that ends the turn returns her to the centre circle (the traditional rules'
    /// "returned to the centre at the end of the turn", `Rules::queen_returned`). She cannot be
    /// pocketed or covered meanwhile.
    AwaitingReturn { by: Seat },
}

impl QueenState {
    /// The scenario label: `on_board`, `awaiting_cover`, `covered_by_white`, `covered_by_black`,
    /// `awaiting_return`.
    pub fn label(self) -> &'static str {
        match self {
            QueenState::OnBoard => "on_board",
            QueenState::AwaitingCover { .. } => "awaiting_cover",
            QueenState::AwaitingReturn { .. } => "awaiting_return",
            QueenState::Covered(PieceColour::Black) => "covered_by_black",
            QueenState::Covered(_) => "covered_by_white",
        }
    }
}

/// The pieces of one board at some moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Position {
    pub white: Men,
    pub black: Men,
    pub queen: QueenState,
}

impl Position {
    pub fn men(&self, colour: PieceColour) -> Men {
        match colour {
            PieceColour::Black => self.black,
            _ => self.white,
        }
    }
}

/// Everything the referee decided about one stroke (or pass).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Who made the stroke.
    pub by: Seat,
    /// The game (1-based) and board within it (1-based) in which the stroke was played.
    pub game: u8,
    pub board: u8,
    /// The umpire's rulings, in order, each naming its Law.
    pub rulings: Vec<Ruling>,
    /// Pieces to put back on the board, in placing order.
    pub returns: Vec<Return>,
    /// The same player strikes again.
    pub continues: bool,
    /// Who strikes next (the breaker of the next board if this one ended); `None` when the
    /// match is over.
    pub next: Option<Seat>,
    /// The board as it stands after the stroke (returned pieces counted on the board; if the
    /// board ended, its final position with dues written off).
    pub position: Position,
    /// The game score by side after the stroke; if the stroke ended a game, that game's final
    /// score.
    pub score: [u16; 2],
    pub board_result: Option<BoardResult>,
    pub game_result: Option<GameResult>,
    pub match_result: Option<MatchResult>,
    /// The board was cancelled and will be replayed (Law 137).
    pub board_cancelled: bool,
    /// The striker committed a foul: an improper stroke (Laws 50, 64, 114), or a stroke that
    /// cost his side a due or penalty man (the striker pocketed, Laws 72-75; a technical foul
    /// before his stroke, Law 63(a); a house foul).
    pub foul: bool,
    /// Due and penalty men this stroke declared against the striker's colour, taken out at once
    /// or owed (Laws 72, 78).
    pub penalties: u8,
    /// The point game: every seat's points after the stroke (South, East, North, West); `None`
    /// in a game of two colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u16; 4]>,
    /// The point game ended with this stroke.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_won: Option<PointsWon>,
    /// The point game: this stroke put the board's last man down (Law 56(a)); the game goes on
    /// to another board unless it is [`Verdict::points_won`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub points_board_over: bool,
}

impl Verdict {
    /// The stroke ended its board: won, cancelled (Law 137), or in the point game every man
    /// down.
    pub fn board_ended(&self) -> bool {
        self.board_result.is_some() || self.board_cancelled || self.points_board_over
    }

    /// The Laws applied, in order, without repeats.
    pub fn laws(&self) -> Vec<Law> {
        let mut laws: Vec<Law> = Vec::with_capacity(self.rulings.len());
        for r in &self.rulings {
            if !laws.contains(&r.law) {
                laws.push(r.law);
            }
        }
        laws
    }

    /// Whether any ruling applied this Law (exact text, e.g. "72(a)").
    pub fn applied(&self, law: &str) -> bool {
        self.rulings.iter().any(|r| r.law.0 == law)
    }

    /// The rulings as data, for test messages and logs (players read the sentences that
    /// `carrom_match::words` makes).
    pub fn summary(&self) -> String {
        self.rulings
            .iter()
            .map(|r| format!("{:?} [{}]", r.event, r.law.0))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The events of the rulings, in order.
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.rulings.iter().map(|r| &r.event)
    }
}
