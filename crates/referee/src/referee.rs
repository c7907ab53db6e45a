//! The umpire: [`Referee`], a pure, `Copy` state machine over stroke reports, with its queries
//! and the flow of [`Referee::judge`]. It keeps the men of each colour (Law 41), gives the
//! breaker's side white (Law 43) and judges a stroke in play (Law 48): the pieces fall, a last
//! man may end the board (`last_man`), the stroke is ruled as a foul (`fouls`), a stroke
//! pocketing the striker (`fouls`, `queen`) or a proper stroke (`turns`, `queen`); the umpire
//! then puts back his pieces (Laws 65, 93), the players take out theirs (Laws 64(b), 73) and
//! outstanding dues are settled (Law 72(c)).
//!
//! The Laws by chapter (and `check`, the reports the referee refuses):
//! - `position`: a board in progress set up from its pieces, for analysis;
//! - `stroke`: a stroke in play and the pieces put back after it, Laws 48, 64(b), 65, 73, 93;
//! - `break_shot`: the toss and the break, Laws 39, 41-45, 47;
//! - `turns`: the order of play and passes, Laws 48-49, 116, 137;
//! - `fouls`: fouls, penalties and dues, Laws 50, 62-65, 72-78, 83, 114;
//! - `clock`: a due or penalty man not placed in time, Law 88;
//! - `queen`: the Queen, Laws 92-101;
//! - `endings`: the end and score of boards, games and the match, Laws 52-57;
//! - `last_man`: the boards ended by a last man, Laws 102-112.

mod break_shot;
mod check;
mod clock;
mod endings;
mod fouls;
mod last_man;
mod points;
mod position;
mod queen;
mod stroke;
mod turns;

pub use position::PositionError;
pub use queen::QueenRight;
use stroke::{Outcome, Stroke};

use crate::event::Event;
use crate::report::{PieceColour, StrokeReport};
use crate::rules::{Endings, Rules};
use crate::seat::{Seat, Seats, Side};
use crate::verdict::{Law, Men, Placer, Position, QueenState, Return, Ruling, Spot, Verdict};
use thiserror::Error;

use PieceColour::{Black, Queen, White};

/// Carrom men of each colour (Law 41).
pub const MEN_PER_COLOUR: u8 = 9;

/// A stroke report the referee cannot judge. Nothing is changed when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JudgeError {
    #[error("the match is over (side {} won); no more strokes can be judged", .winner.index())]
    MatchOver { winner: Side },
    #[error("the point game is over ({winner} won); no more strokes can be judged")]
    PointGameOver { winner: Seat },
    #[error(
        "{reported} {colour} reported pocketed or off the board, but only {available} on the board"
    )]
    TooMany {
        colour: PieceColour,
        reported: usize,
        available: u8,
    },
    #[error(
        "the Queen is not on the board (she is {state}), so she cannot be pocketed or leave it"
    )]
    QueenNotOnBoard { state: &'static str },
    #[error("`touched` is false but pieces were pocketed or left the board")]
    UntouchedButMoved,
    #[error("the striker cannot be both pocketed and off the board")]
    StrikerTwice,
    #[error("a pass (Law 137) cannot also {0}")]
    PassWithStroke(&'static str),
    #[error(
        "nobody may pass before the break is made (Laws 44-46; the `pass_before_break` rules option allows it)"
    )]
    PassBeforeBreak,
    #[error("`{field}` needs the `{option}` rules option, which is off")]
    OptionOff {
        field: &'static str,
        option: &'static str,
    },
    #[error("{0} is not at the table (singles uses South and North)")]
    SeatNotPlaying(Seat),
    #[error(
        "the breaker can only be chosen (by toss) before the first stroke of the match or of an extra board"
    )]
    CannotSetBreaker,
}

/// The referee of one match.
///
/// `Copy` and 112 bytes: the AI may clone it per simulated outcome. It keeps no history;
/// log the [`Verdict`]s if you need one. Serde carries it whole between the game and the
/// browser's worker (the coach's position); it is not a file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Referee {
    rules: Rules,
    seats: Seats,
    match_breaker: Seat,
    game: u8,
    board: u8,
    games: [u8; 2],
    score: [u16; 2],
    breaker: Seat,
    turn: Seat,
    turn_strokes: u16,
    board_strokes: u16,
    white: Men,
    black: Men,
    queen: QueenState,
    break_made: bool,
    break_misses: u8,
    passes: u8,
    /// Law 92's right, by side: a man of the side's colour has been pocketed this board (and
    /// stayed down after the stroke). It stays when the men come back out as dues (Law 95(c)).
    man_pocketed: [bool; 2],
    winner: Option<Side>,
    strokes: u32,
    /// Due and penalty men declared by the stroke being judged, by colour (white, black),
    /// whether taken out at once or owed: the verdict's `penalties` for the striker.
    declared: [u8; 2],
    /// The point game, by seat (South, East, North, West): points this game, at the start of
    /// this board (a cancelled board's are taken back), the men (white, black) pocketed and
    /// kept this board, the penalty men owed; and the winner once it is over.
    points: [u16; 4],
    board_start_points: [u16; 4],
    held: [[u8; 2]; 4],
    owed_by: [u8; 4],
    point_winner: Option<Seat>,
}

/// The index of a colour in per-colour counts: white 0, black 1.
fn colour_index(colour: PieceColour) -> usize {
    usize::from(colour == Black)
}

/// Shorthand for building a ruling.
fn rule(v: &mut Verdict, law: &'static str, event: Event) {
    v.rulings.push(Ruling {
        law: Law(law),
        event,
    });
}

impl Referee {
    /// A new match. South breaks the first board (change it with [`Referee::set_breaker`]
    /// after the toss, Law 39).
    pub fn new(rules: Rules, seats: Seats) -> Referee {
        let mut r = Referee {
            rules,
            seats,
            match_breaker: Seat::South,
            game: 1,
            board: 1,
            games: [0, 0],
            score: [0, 0],
            breaker: Seat::South,
            turn: Seat::South,
            turn_strokes: 0,
            board_strokes: 0,
            white: Men::default(),
            black: Men::default(),
            queen: QueenState::OnBoard,
            break_made: false,
            break_misses: 0,
            passes: 0,
            man_pocketed: [false; 2],
            winner: None,
            strokes: 0,
            declared: [0; 2],
            points: [0; 4],
            board_start_points: [0; 4],
            held: [[0; 2]; 4],
            owed_by: [0; 4],
            point_winner: None,
        };
        r.start_board(Seat::South);
        r
    }

    // ----- queries -------------------------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn seats(&self) -> Seats {
        self.seats
    }
    /// Who strikes next; `None` once the match is over.
    pub fn turn(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.turn)
    }
    /// The side a seat plays for.
    pub fn side_of(&self, seat: Seat) -> Side {
        self.seats.side_of(seat)
    }
    /// The colour a seat plays this board: the breaker's side has white (Law 43).
    pub fn colour_of(&self, seat: Seat) -> PieceColour {
        self.colour_of_side(self.side_of(seat))
    }
    /// The colour a side plays this board.
    pub fn colour_of_side(&self, side: Side) -> PieceColour {
        if side == self.side_of(self.breaker) {
            White
        } else {
            Black
        }
    }
    /// The side playing a colour this board (`None` for the Queen).
    pub fn side_of_colour(&self, colour: PieceColour) -> Option<Side> {
        let breaker = self.side_of(self.breaker);
        match colour {
            White => Some(breaker),
            Black => Some(breaker.other()),
            Queen => None,
        }
    }
    /// Carrom men of a colour (the Queen reports as white's zero).
    pub fn men(&self, colour: PieceColour) -> Men {
        match colour {
            White => self.white,
            Black => self.black,
            Queen => Men::default(),
        }
    }
    /// Pieces of a colour on the board (the Queen: 0 or 1).
    pub fn on_board(&self, colour: PieceColour) -> u8 {
        match colour {
            Queen => u8::from(self.queen == QueenState::OnBoard),
            c => self.men(c).on_board,
        }
    }
    /// Dues and penalties owed by a colour and not yet available (Law 72(c)).
    pub fn owed(&self, colour: PieceColour) -> u8 {
        self.men(colour).owed
    }
    /// Pieces of a colour in the pockets.
    pub fn pocketed(&self, colour: PieceColour) -> u8 {
        match colour {
            Queen => u8::from(self.queen != QueenState::OnBoard),
            c => self.men(c).pocketed,
        }
    }
    pub fn queen(&self) -> QueenState {
        self.queen
    }
    pub fn position(&self) -> Position {
        Position {
            white: self.white,
            black: self.black,
            queen: self.queen,
        }
    }
    /// Game score by side (this game).
    pub fn score(&self) -> [u16; 2] {
        self.score
    }
    /// Games won by side.
    pub fn games(&self) -> [u8; 2] {
        self.games
    }
    /// The current game, 1-based.
    pub fn game_number(&self) -> u8 {
        self.game
    }
    /// The current board within the game, 1-based (beyond `boards_per_game` = extra board).
    pub fn board_number(&self) -> u8 {
        self.board
    }
    /// Is the current board an extra board (Law 56(b))?
    pub fn is_extra_board(&self) -> bool {
        self.board > self.rules.boards_per_game
    }
    /// Who breaks (broke) the current board; his side plays white.
    pub fn breaker(&self) -> Seat {
        self.breaker
    }
    pub fn break_made(&self) -> bool {
        self.break_made
    }
    /// Attempts left to the player breaking now (Law 45(a)).
    pub fn break_attempts_left(&self) -> u8 {
        if self.break_made {
            0
        } else {
            self.rules.break_attempts.saturating_sub(self.break_misses)
        }
    }
    /// Consecutive passes so far (Law 137).
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }
    /// Has a man of this side's colour been pocketed this board (and stayed down after the
    /// stroke)? That is the right of Law 92, which the side keeps when its men come back out
    /// as dues until all nine are on the board again (Law 95(c)).
    pub fn has_pocketed_a_man(&self, side: Side) -> bool {
        self.man_pocketed[side.index()]
    }
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.point_winner.is_some()
    }
    pub fn match_winner(&self) -> Option<Side> {
        self.winner
    }
    /// Strokes judged in the whole match.
    pub fn strokes(&self) -> u32 {
        self.strokes
    }

    // ----- judging ---------------------------------------------------------------------------

    /// Judges one stroke of the player whose turn it is. On error nothing changes.
    pub fn judge(&mut self, r: &StrokeReport) -> Result<Verdict, JudgeError> {
        if let Some(winner) = self.winner {
            return Err(JudgeError::MatchOver { winner });
        }
        if let Some(winner) = self.point_winner {
            return Err(JudgeError::PointGameOver { winner });
        }
        self.check(r)?;
        if let Some(pg) = self.rules.points {
            return Ok(self.judge_points(r, pg));
        }
        let by = self.turn;
        let mut v = self.blank_verdict();
        let my_colour = self.colour_of(by);
        self.declared = [0; 2];
        self.strokes += 1;
        self.board_strokes = self.board_strokes.saturating_add(1);
        let owed_before = [self.white.owed, self.black.owed];

        let (improper, technical_return) = self.fouls_around_stroke(r, by, &mut v);
        if let Some(back) = &technical_return {
            self.declared[colour_index(back.piece)] += 1;
        }

        if r.pass {
            self.pass_over(&mut v);
        } else {
            self.passes = 0;
            if self.break_made {
                self.stroke(r, improper, false, &mut v);
            } else {
                self.break_stroke(r, improper, &mut v);
            }
        }

        self.after_stroke(by, owed_before, technical_return, &mut v);
        v.continues = !v.board_ended() && self.turn == by;
        v.next = self.turn();
        v.penalties = self.declared[colour_index(my_colour)];
        v.foul = improper || v.penalties > 0;
        Ok(v)
    }

    /// A verdict on the stroke about to be judged, before any ruling.
    fn blank_verdict(&self) -> Verdict {
        Verdict {
            by: self.turn,
            game: self.game,
            board: self.board,
            rulings: Vec::new(),
            returns: Vec::new(),
            continues: false,
            next: None,
            position: self.position(),
            score: self.score,
            board_result: None,
            game_result: None,
            match_result: None,
            board_cancelled: false,
            foul: false,
            penalties: 0,
            points: None,
            points_won: None,
            points_board_over: false,
        }
    }

    /// After `by`'s stroke or pass, if the board goes on: the man a technical foul brought out,
    /// the right to the Queen (Law 92), the dues (Law 72(c)), a colour cleared under the
    /// traditional rules, and the Queen waiting for the end of the turn; then the position
    /// and score the verdict shows.
    fn after_stroke(
        &mut self,
        by: Seat,
        owed_before: [u8; 2],
        technical_return: Option<Return>,
        v: &mut Verdict,
    ) {
        if v.board_cancelled {
            v.position = self.position();
            return;
        }
        if v.board_result.is_some() {
            return;
        }
        v.returns.extend(technical_return);
        self.remember_men_pocketed();
        self.settle(by, owed_before, v);
        if self.rules.endings == Endings::Traditional {
            self.traditional_finish(by, v);
        }
        if v.board_result.is_some() {
            return;
        }
        if self.turn != by {
            self.queen_back_at_end_of_turn(by, v);
        }
        debug_assert!(self.white.on_board > 0 && self.black.on_board > 0);
        v.position = self.position();
        v.score = self.score;
    }

    // ----- internals -------------------------------------------------------------------------

    /// Law 92: a side whose man is in a pocket after the stroke (before any due is taken out
    /// of it) has pocketed a man this board.
    fn remember_men_pocketed(&mut self) {
        for colour in [White, Black] {
            if self.men(colour).pocketed > 0
                && let Some(side) = self.side_of_colour(colour)
            {
                self.man_pocketed[side.index()] = true;
            }
        }
    }

    fn men_mut(&mut self, colour: PieceColour) -> &mut Men {
        match colour {
            Black => &mut self.black,
            _ => &mut self.white,
        }
    }
}

fn umpire_return(piece: PieceColour) -> Return {
    Return {
        piece,
        placed_by: Placer::Umpire,
        spot: Spot::CentreCircle,
        law: Law(if piece == Queen { "93" } else { "65(a)" }),
    }
}
