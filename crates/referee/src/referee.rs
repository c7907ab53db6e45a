//! The umpire: a pure, `Copy` state machine over stroke reports.

use crate::placement::{self, PlacementError};
use crate::report::{PieceColour, StrokeReport};
use crate::rules::{Endings, OpponentPiece, QueenWithoutRight, Rules};
use crate::seat::{Seat, Seats, Side};
use crate::verdict::{
    BoardResult, GameResult, Law, MatchResult, Men, Placer, Position, QueenState, Return, Ruling,
    Spot, Verdict,
};
use std::borrow::Cow;
use thiserror::Error;

use PieceColour::{Black, Queen, White};

/// Carrom men of each colour (Law 41).
pub const MEN_PER_COLOUR: u8 = 9;

/// A stroke report the referee cannot judge. Nothing is changed when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JudgeError {
    #[error("the match is over (side {} won); no more strokes can be judged", .winner.index())]
    MatchOver { winner: Side },
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
    #[error("nobody may pass before the break is made (Laws 44-45)")]
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

/// Who may pocket the Queen now (Laws 92, 95, 97(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueenRight {
    /// She may be pocketed and must then be covered (an own man is already pocketed, no due).
    Yes,
    /// All nine own men are on the board: she counts only if own men go down in the same
    /// stroke (one: she must still be covered; two or more: covered), Law 97(b).
    WithOwnMen,
    /// No right: she would be taken out again and the turn lost (Law 95(a), 95(b)).
    No,
    /// She is not on the board.
    NotOnBoard,
}

/// The referee of one match.
///
/// `Copy` and about 60 bytes: the AI may clone it per simulated outcome. It keeps no history;
/// log the [`Verdict`]s if you need one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    winner: Option<Side>,
    strokes: u32,
}

/// `Match` is another name for the referee's state.
pub type Match = Referee;

/// Shorthand for building a ruling.
fn rule(v: &mut Verdict, law: &'static str, text: impl Into<Cow<'static, str>>) {
    v.rulings.push(Ruling {
        law: Law(law),
        text: text.into(),
    });
}

fn plural(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// How the Queen stood for the ending Laws 102-112.
#[derive(Clone, Copy, PartialEq, Eq)]
enum QCtx {
    /// Pocketed in this stroke, or awaiting cover by the striker ("while covering").
    Covering,
    OnBoard,
    ByMe,
    ByThem,
}

struct Ending {
    winner: Side,
    points: u16,
    law: &'static str,
    text: String,
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
            winner: None,
            strokes: 0,
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
        self.winner.is_none().then_some(self.turn)
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
    /// May the player to move pocket the Queen now (Law 92)?
    pub fn queen_pocketable(&self) -> bool {
        self.queen_right(self.turn) == QueenRight::Yes
    }
    /// The right of `seat` to the Queen (Laws 92, 95, 97(b)).
    pub fn queen_right(&self, seat: Seat) -> QueenRight {
        if self.queen != QueenState::OnBoard {
            return QueenRight::NotOnBoard;
        }
        let m = self.men(self.colour_of(seat));
        if m.owed > 0 {
            QueenRight::No
        } else if m.pocketed > 0 {
            QueenRight::Yes
        } else if self.rules.all_nine_exception {
            QueenRight::WithOwnMen
        } else {
            QueenRight::No
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
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    pub fn match_winner(&self) -> Option<Side> {
        self.winner
    }
    /// Strokes judged in the whole match.
    pub fn strokes(&self) -> u32 {
        self.strokes
    }
    /// Checks where a player wants to put a due/penalty man (Laws 84, 85, 89(b)); see
    /// [`placement::validate_placement`].
    pub fn validate_placement(
        &self,
        x: f64,
        y: f64,
        others: &[(f64, f64)],
    ) -> Result<(), PlacementError> {
        placement::validate_placement(x, y, others)
    }

    // ----- setup ---------------------------------------------------------------------------

    /// Sets who breaks, as decided by a toss: before the first stroke of the match (Law 39;
    /// it then alternates as Law 49(a) says) or before an extra board (Law 56(b)).
    pub fn set_breaker(&mut self, seat: Seat) -> Result<(), JudgeError> {
        if !self.seats.contains(seat) {
            return Err(JudgeError::SeatNotPlaying(seat));
        }
        let match_start = self.game == 1 && self.board == 1;
        if self.board_strokes > 0 || !(match_start || self.is_extra_board()) || self.is_over() {
            return Err(JudgeError::CannotSetBreaker);
        }
        if match_start {
            self.match_breaker = seat;
        }
        self.start_board(seat);
        Ok(())
    }

    // ----- judging ---------------------------------------------------------------------------

    /// A pass over the turn (Law 137); same as judging [`StrokeReport::pass`].
    pub fn pass(&mut self) -> Result<Verdict, JudgeError> {
        self.judge(&StrokeReport::pass())
    }

    /// Judges one stroke of the player whose turn it is. On error nothing changes.
    pub fn judge(&mut self, r: &StrokeReport) -> Result<Verdict, JudgeError> {
        if let Some(winner) = self.winner {
            return Err(JudgeError::MatchOver { winner });
        }
        self.check(r)?;
        let by = self.turn;
        let mut v = Verdict {
            by,
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
        };
        self.strokes += 1;
        self.board_strokes = self.board_strokes.saturating_add(1);
        let owed_before = [self.white.owed, self.black.owed];

        let mut improper = r.improper;
        let mut technical_return = None;
        if let Some(offender) = r.technical_foul {
            let colour = self.colour_of(offender);
            if offender == by && self.turn_strokes > 0 {
                improper = true;
                rule(
                    &mut v,
                    "64(a)",
                    format!(
                        "Foul — {offender} broke a Law during his turn: treated as a foul stroke."
                    ),
                );
            } else {
                let (law, when) = if offender == by {
                    ("63(a)", "before the first stroke of his turn")
                } else {
                    ("63(b)", "while not having the turn")
                };
                // The man is brought out for the technical foul itself, before the stroke:
                // if one is in the pockets it is back on the board for the stroke and no due
                // stands against him (Laws 63(a), 95(b)); otherwise it stays owed (72(c)).
                if self.technical_foul_man(r) == Some(colour) {
                    let m = self.men_mut(colour);
                    m.pocketed -= 1;
                    m.on_board += 1;
                    technical_return = Some(Return {
                        piece: colour,
                        placed_by: Placer::Seat(self.placer_for(colour, by)),
                        spot: Spot::InsideOuterCircle,
                        law: Law(law),
                    });
                } else {
                    self.owe(colour, 1);
                }
                rule(
                    &mut v,
                    law,
                    format!(
                        "Technical foul by {offender} {when}: one {} man comes out for placing by the opponent. The turn continues.",
                        colour.name()
                    ),
                );
            }
        }
        if r.shot_clock_expired {
            improper = true;
            let secs = self.rules.shot_clock_secs.unwrap_or(15);
            rule(
                &mut v,
                "50",
                format!("Foul — {by} took more than {secs} seconds for the stroke."),
            );
        }
        if r.due_used_for_queen {
            improper = true;
            rule(
                &mut v,
                "114",
                "Foul — a due/penalty man was used to make a shot with the Queen.",
            );
        }

        if r.pass {
            self.pass_over(&mut v);
        } else {
            self.passes = 0;
            if self.break_made {
                self.stroke(r, improper, &mut v);
            } else {
                self.break_stroke(r, improper, &mut v);
            }
        }

        let board_over = v.board_result.is_some() || v.board_cancelled;
        if !board_over {
            v.returns.extend(technical_return);
            self.settle(by, owed_before, &mut v);
            if self.rules.endings == Endings::Traditional {
                self.traditional_finish(by, &mut v);
            }
        }
        let board_over = v.board_result.is_some() || v.board_cancelled;
        if !board_over {
            debug_assert!(self.white.on_board > 0 && self.black.on_board > 0);
            v.position = self.position();
            v.score = self.score;
        } else if v.board_cancelled {
            v.position = self.position();
        }
        v.continues = !board_over && self.turn == by;
        v.next = self.turn();
        Ok(v)
    }

    // ----- internals -------------------------------------------------------------------------

    fn men_mut(&mut self, colour: PieceColour) -> &mut Men {
        match colour {
            Black => &mut self.black,
            _ => &mut self.white,
        }
    }

    /// Declares dues/penalties. Nobody can owe more men than he has (nine).
    fn owe(&mut self, colour: PieceColour, n: u8) {
        let m = self.men_mut(colour);
        m.owed = m.owed.saturating_add(n).min(MEN_PER_COLOUR);
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        self.seats.next(seat, self.rules.turn_order)
    }

    fn pass_turn(&mut self) {
        self.turn = self.next_seat(self.turn);
        self.turn_strokes = 0;
    }

    fn keep_turn(&mut self) {
        self.turn_strokes = self.turn_strokes.saturating_add(1);
    }

    /// Who places a due/penalty man of `colour` that becomes available after `striker`'s
    /// stroke: the striker's own colour — the player to his right (Law 78(b)(i); the opponent
    /// in singles); the opponent's colour — the striker himself (Law 78(b)(ii)).
    fn placer_for(&self, colour: PieceColour, striker: Seat) -> Seat {
        if Some(self.side_of(striker)) == self.side_of_colour(colour) {
            self.next_seat(striker)
        } else {
            striker
        }
    }

    fn first_breaker_of_game(&self, game: u8) -> Seat {
        if game % 2 == 1 {
            self.match_breaker
        } else {
            self.next_seat(self.match_breaker)
        }
    }

    fn start_board(&mut self, breaker: Seat) {
        let full = Men {
            on_board: MEN_PER_COLOUR,
            pocketed: 0,
            owed: 0,
        };
        self.white = full;
        self.black = full;
        self.queen = QueenState::OnBoard;
        self.break_made = false;
        self.break_misses = 0;
        self.passes = 0;
        self.breaker = breaker;
        self.turn = breaker;
        self.turn_strokes = 0;
        self.board_strokes = 0;
    }

    fn check(&self, r: &StrokeReport) -> Result<(), JudgeError> {
        if let Some(seat) = r.technical_foul {
            if !self.rules.technical_fouls {
                return Err(JudgeError::OptionOff {
                    field: "technical_foul",
                    option: "technical_fouls",
                });
            }
            if !self.seats.contains(seat) {
                return Err(JudgeError::SeatNotPlaying(seat));
            }
        }
        if r.shot_clock_expired && self.rules.shot_clock_secs.is_none() {
            return Err(JudgeError::OptionOff {
                field: "shot_clock_expired",
                option: "shot_clock_secs",
            });
        }
        if r.pass {
            let what = if !r.pocketed.is_empty() {
                Some("pocket pieces")
            } else if !r.overboard.is_empty() {
                Some("send pieces off the board")
            } else if r.striker_pocketed || r.striker_overboard {
                Some("move the striker")
            } else if r.improper || r.shot_clock_expired || r.due_used_for_queen {
                Some("be a foul stroke")
            } else {
                None
            };
            if let Some(what) = what {
                return Err(JudgeError::PassWithStroke(what));
            }
            if !self.break_made {
                return Err(JudgeError::PassBeforeBreak);
            }
            return Ok(());
        }
        if !r.touched && (!r.pocketed.is_empty() || !r.overboard.is_empty()) {
            return Err(JudgeError::UntouchedButMoved);
        }
        if r.striker_pocketed && r.striker_overboard {
            return Err(JudgeError::StrikerTwice);
        }
        let technical_man = self.technical_foul_man(r);
        for colour in [White, Black] {
            let reported = r.pocketed_count(colour) + r.overboard_count(colour);
            let available = self.men(colour).on_board + u8::from(technical_man == Some(colour));
            if reported > usize::from(available) {
                return Err(JudgeError::TooMany {
                    colour,
                    reported,
                    available,
                });
            }
        }
        let queens = r.pocketed_count(Queen) + r.overboard_count(Queen);
        if queens > 0 && self.queen != QueenState::OnBoard {
            return Err(JudgeError::QueenNotOnBoard {
                state: match self.queen {
                    QueenState::AwaitingCover { .. } => "pocketed and awaiting cover",
                    _ => "pocketed and covered",
                },
            });
        }
        if queens > 1 {
            return Err(JudgeError::TooMany {
                colour: Queen,
                reported: queens,
                available: 1,
            });
        }
        Ok(())
    }

    /// The colour of the man a technical foul (Law 63) brings out before the stroke, if one of
    /// that colour is in the pockets. `None` for a foul by the striker during his turn (64(a)),
    /// or when the man has to be owed (72(c)).
    fn technical_foul_man(&self, r: &StrokeReport) -> Option<PieceColour> {
        let offender = r.technical_foul?;
        if offender == self.turn && self.turn_strokes > 0 {
            return None;
        }
        let colour = self.colour_of(offender);
        (self.men(colour).pocketed > 0).then_some(colour)
    }

    /// Law 137.
    fn pass_over(&mut self, v: &mut Verdict) {
        let by = self.turn;
        if self.queen == (QueenState::AwaitingCover { by }) {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
            rule(
                v,
                "96",
                "The Queen was not covered: the umpire puts her back in the centre circle.",
            );
        }
        self.passes += 1;
        let limit = 2 * self.rules.passes_to_cancel;
        if self.passes >= limit {
            rule(
                v,
                "137",
                format!(
                    "Both sides have passed {} times in a row: the board is cancelled and replayed.",
                    self.rules.passes_to_cancel
                ),
            );
            v.board_cancelled = true;
            v.returns.clear();
            self.start_board(self.breaker);
        } else {
            rule(
                v,
                "137",
                format!(
                    "{by} passes ({} in a row; {limit} in a row cancel the board).",
                    self.passes
                ),
            );
            self.pass_turn();
        }
    }

    /// Laws 44-45.
    fn break_stroke(&mut self, r: &StrokeReport, improper: bool, v: &mut Verdict) {
        if r.touched {
            self.break_made = true;
            rule(v, "44", "Break made.");
            self.stroke(r, improper, v);
            return;
        }
        let by = self.turn;
        if improper || r.striker_pocketed {
            let what = if r.striker_pocketed {
                "pocketed the striker"
            } else {
                "played an improper stroke"
            };
            rule(
                v,
                "45(c)",
                format!(
                    "{by} {what} without touching a carrom man while breaking: turn lost, no due or penalty."
                ),
            );
            self.break_misses = 0;
            self.pass_turn();
            return;
        }
        self.break_misses += 1;
        let attempts = self.rules.break_attempts;
        if self.break_misses >= attempts {
            let next = self.next_seat(by);
            rule(
                v,
                "45(b)",
                format!(
                    "Break not made in {attempts} attempts: the right to break passes to {next}, who plays {}.",
                    self.colour_of(next).name()
                ),
            );
            if self.rules.break_miss_is_foul {
                let colour = self.colour_of(by);
                self.owe(colour, 1);
                rule(
                    v,
                    "45(b)",
                    "Foul (house rules) — failing to break costs one penalty man.",
                );
            }
            self.break_misses = 0;
            self.pass_turn();
        } else {
            rule(
                v,
                "45(a)",
                format!(
                    "Break not made — no carrom man touched (attempt {} of {attempts}). {by} tries again.",
                    self.break_misses
                ),
            );
            self.keep_turn();
        }
    }

    /// Takes out dues/penalties that are available, reports the rest as outstanding (Laws 72(c),
    /// 78, 83).
    fn settle(&mut self, striker: Seat, owed_before: [u8; 2], v: &mut Verdict) {
        let doubles = self.seats == Seats::Doubles;
        for (i, colour) in [White, Black].into_iter().enumerate() {
            let m = self.men(colour);
            let k = m.owed.min(m.pocketed);
            if k > 0 {
                let placer = self.placer_for(colour, striker);
                let m = self.men_mut(colour);
                m.owed -= k;
                m.pocketed -= k;
                m.on_board += k;
                let law = if doubles { "78(b)" } else { "78(a)" };
                for _ in 0..k {
                    v.returns.push(Return {
                        piece: colour,
                        placed_by: Placer::Seat(placer),
                        spot: Spot::InsideOuterCircle,
                        law: Law(law),
                    });
                }
                let recovered = k.min(owed_before[i]);
                if recovered > 0 {
                    rule(
                        v,
                        "72(c)",
                        format!(
                            "Outstanding {} now available: {placer} takes out {} for placing.",
                            plural(recovered, "due", "dues"),
                            plural(
                                k,
                                &format!("{} man", colour.name()),
                                &format!("{} men", colour.name())
                            )
                        ),
                    );
                }
                if doubles {
                    let whose = if placer == striker {
                        "the striker himself, as they are the opponent's men (78(b)(ii))"
                    } else {
                        "the player on the right of the one who had the turn (78(b)(i))"
                    };
                    rule(
                        v,
                        "78(b)",
                        format!(
                            "{placer} places the {} due/penalty men: {whose}.",
                            colour.name()
                        ),
                    );
                }
            }
            let owed = self.men(colour).owed;
            if owed > 0 {
                rule(
                    v,
                    "72(c)",
                    format!(
                        "{} {} outstanding: none available yet, taken out as soon as one is.",
                        plural(
                            owed,
                            &format!("{} due", colour.name()),
                            &format!("{} dues", colour.name())
                        ),
                        if owed == 1 { "stays" } else { "stay" }
                    ),
                );
            }
        }
    }

    /// Judges a stroke once the break is made (and the breaking stroke itself).
    fn stroke(&mut self, r: &StrokeReport, improper: bool, v: &mut Verdict) {
        let rules = self.rules;
        let by = self.turn;
        let me = self.side_of(by);
        let my = self.colour_of_side(me);
        let their = my.other();
        let own_n = r.pocketed_count(my) as u8;
        let opp_n = r.pocketed_count(their) as u8;
        let q = r.pocketed_count(Queen) > 0;
        let s = r.striker_pocketed;
        let i = improper;
        let mine0 = self.men(my);
        let theirs0 = self.men(their);
        let covering = self.queen == (QueenState::AwaitingCover { by });
        let right = mine0.pocketed > 0 && mine0.owed == 0;
        let l_own = own_n > 0 && own_n == mine0.on_board && mine0.owed == 0;
        let l_opp = opp_n > 0 && opp_n == theirs0.on_board && theirs0.owed == 0;
        let over_any = !r.overboard.is_empty() || r.striker_overboard;

        // The pieces fall.
        for (colour, n) in [(my, own_n), (their, opp_n)] {
            let m = self.men_mut(colour);
            m.on_board -= n;
            m.pocketed += n;
        }

        if rules.endings == Endings::Icf && (l_own || l_opp) {
            let qctx = if covering || q {
                QCtx::Covering
            } else {
                match self.queen {
                    QueenState::Covered(c) if c == my => QCtx::ByMe,
                    QueenState::Covered(_) => QCtx::ByThem,
                    _ => QCtx::OnBoard,
                }
            };
            if let Some(end) = self.icf_ending(by, l_own, l_opp, qctx, q, s, i) {
                if q || covering {
                    let valid = own_n > 0
                        && !i
                        && !s
                        && (covering || right || (rules.all_nine_exception && own_n >= 2));
                    self.queen = if valid {
                        QueenState::Covered(my)
                    } else {
                        QueenState::OnBoard
                    };
                }
                self.end_board(end, v);
                return;
            }
        }

        let trad = rules.endings == Endings::Traditional;
        let opp_foul = opp_n > 0 && rules.opponent_piece == OpponentPiece::Foul;
        let over_foul = over_any && rules.overboard_is_foul;
        let striker_foul = s && !rules.striker_with_own_continues;
        let trad_last_opp = trad && l_opp;
        let base_foul = i || striker_foul || opp_foul || over_foul || trad_last_opp;
        let covered_after = matches!(self.queen, QueenState::Covered(_))
            || (!base_foul && own_n > 0 && (covering || (q && right)));
        let trad_last_own = trad && l_own && !covered_after;
        let foul = base_foul || trad_last_own;

        let mut continues;
        let mut own_back = 0u8;
        let mut opp_back = 0u8;
        let mut queen_back = false;
        let mut penalties = 0u8;
        let own_word = |n: u8| {
            plural(
                n,
                &format!("{} man", my.name()),
                &format!("{} men", my.name()),
            )
        };

        if foul {
            continues = false;
            penalties = u8::from(i)
                + u8::from(s)
                + u8::from(opp_foul)
                + u8::from(over_foul)
                + u8::from(trad_last_own || trad_last_opp);
            if rules.foul_returns_pocketed || trad_last_own {
                own_back = own_n;
            }
            if trad_last_opp {
                opp_back = opp_n;
            }
            queen_back = q || covering;
            if i {
                Self::rule_foul(v, s, own_n, opp_n, q, covering);
            } else {
                let why = if trad_last_opp {
                    "pocketing the opponent's last man"
                } else if trad_last_own {
                    "pocketing his last man before the Queen is covered"
                } else if opp_foul {
                    "pocketing an opponent's man"
                } else if striker_foul {
                    "pocketing the striker"
                } else {
                    "a piece or the striker leaving the board"
                };
                let law = if trad_last_opp || trad_last_own || opp_foul {
                    "64(b)"
                } else if striker_foul {
                    "72(a)"
                } else {
                    "65(a)"
                };
                rule(
                    v,
                    law,
                    format!(
                        "Foul (house rules) — {why}: {} out for placing; turn passes.",
                        plural(penalties, "penalty man", "penalty men")
                    ),
                );
            }
        } else if s {
            penalties = 1;
            own_back = own_n;
            continues = false;
            if covering {
                if own_n > 0 {
                    continues = true;
                    rule(
                        v,
                        "101(a)",
                        format!(
                            "Striker pocketed with {} while covering the Queen: they come out with one due; the turn continues and the Queen must be covered with the next stroke.",
                            own_word(own_n)
                        ),
                    );
                } else {
                    queen_back = true;
                    rule(
                        v,
                        "100(a)",
                        "Striker pocketed alone while covering the Queen: the Queen goes back, one due. Turn passes.",
                    );
                }
            } else if q {
                queen_back = true;
                if mine0.owed > 0 {
                    rule(
                        v,
                        "95(b)",
                        "Queen pocketed with the striker while a due is outstanding: the Queen goes back and one more due is declared. Turn passes.",
                    );
                } else if !right && own_n == 0 {
                    rule(
                        v,
                        "95(d)",
                        "Queen pocketed with the striker while all nine men are on the board: the Queen goes back and a due is declared. Turn passes.",
                    );
                } else if own_n > 0 {
                    continues = true;
                    rule(
                        v,
                        "98(a)",
                        format!(
                            "Queen, {} and striker pocketed: the Queen and the men come out with one due. The turn continues.",
                            own_word(own_n)
                        ),
                    );
                } else {
                    continues = true;
                    rule(
                        v,
                        "99(a)",
                        "Queen pocketed with the striker: the umpire returns the Queen and one due comes out. The turn continues.",
                    );
                }
            } else if own_n > 0 {
                continues = true;
                if opp_n > 0 {
                    rule(
                        v,
                        "75",
                        format!(
                            "Striker pocketed with {} and {}: own men come out with one due, the opponent's stay pocketed. The turn continues.",
                            own_word(own_n),
                            plural(
                                opp_n,
                                &format!("{} man", their.name()),
                                &format!("{} men", their.name())
                            )
                        ),
                    );
                } else {
                    rule(
                        v,
                        "73",
                        format!(
                            "Striker pocketed with {}: they come out with one due. The turn continues.",
                            own_word(own_n)
                        ),
                    );
                }
            } else if opp_n > 0 {
                rule(
                    v,
                    "74",
                    "Striker pocketed with the opponent's men: they stay pocketed; one due. Turn passes.",
                );
            } else {
                rule(
                    v,
                    "72(a)",
                    "Foul — striker pocketed alone. One due. Turn passes.",
                );
            }
            if continues && opp_n > 0 && rules.opponent_piece == OpponentPiece::EndsTurn {
                continues = false;
                rule(
                    v,
                    "48",
                    "An opponent's man was pocketed: under these rules the turn passes.",
                );
            }
        } else {
            // A clean stroke.
            continues = own_n > 0;
            let mut new_queen = None;
            let queen_ruled = covering || q;
            if covering {
                if own_n > 0 {
                    new_queen = Some(QueenState::Covered(my));
                    rule(v, "96", format!("Queen covered by {by}."));
                } else {
                    queen_back = true;
                    rule(
                        v,
                        "96",
                        "The Queen was not covered: the umpire puts her back in the centre circle.",
                    );
                }
            } else if q {
                let lose = rules.queen_without_right == QueenWithoutRight::ReturnedTurnLost;
                if mine0.owed > 0 {
                    queen_back = true;
                    continues = !lose;
                    rule(
                        v,
                        "95(b)",
                        if lose {
                            "Queen pocketed while a due is outstanding: she goes back and the turn is lost."
                        } else {
                            "Queen pocketed while a due is outstanding: she goes back."
                        },
                    );
                } else if right {
                    continues = true;
                    if own_n > 0 {
                        new_queen = Some(QueenState::Covered(my));
                        rule(
                            v,
                            "97(a)",
                            format!(
                                "Queen and {} pocketed together: the Queen is covered.",
                                own_word(own_n)
                            ),
                        );
                    } else {
                        new_queen = Some(QueenState::AwaitingCover { by });
                        rule(
                            v,
                            "92",
                            "Queen pocketed: she must be covered with the next stroke. The turn continues.",
                        );
                    }
                } else if rules.all_nine_exception && own_n >= 2 {
                    continues = true;
                    new_queen = Some(QueenState::Covered(my));
                    rule(
                        v,
                        "97(b)",
                        "Queen pocketed with more than one own man while all nine were on the board: the Queen is covered.",
                    );
                } else if rules.all_nine_exception && own_n == 1 {
                    continues = true;
                    new_queen = Some(QueenState::AwaitingCover { by });
                    rule(
                        v,
                        "97(b)",
                        "Queen pocketed with one own man while all nine were on the board: she must still be covered with the next stroke.",
                    );
                } else {
                    queen_back = true;
                    continues = !lose;
                    rule(
                        v,
                        "95(a)",
                        if lose {
                            "Queen pocketed before any own man: she goes back and the turn is lost."
                        } else {
                            "Queen pocketed before any own man: she goes back; the turn continues."
                        },
                    );
                }
            }
            if let Some(nq) = new_queen {
                self.queen = nq;
            }
            if opp_n > 0 && rules.opponent_piece == OpponentPiece::EndsTurn && continues {
                continues = false;
                rule(
                    v,
                    "48",
                    "An opponent's man was pocketed: under these rules the turn passes.",
                );
            }
            if !queen_ruled {
                let text = match (own_n, opp_n) {
                    (0, 0) => format!("Nothing pocketed. Turn passes to {}.", self.next_seat(by)),
                    (0, n) => format!(
                        "{by} pocketed {} of the opponent's; they stay pocketed. Turn passes.",
                        plural(n, "man", "men")
                    ),
                    (n, _) if continues => {
                        format!("{by} pocketed {}. The turn continues.", own_word(n))
                    }
                    (n, _) => format!("{by} pocketed {}. Turn passes.", own_word(n)),
                };
                rule(v, "48", text);
            }
        }

        if r.striker_overboard {
            rule(
                v,
                "116",
                if continues {
                    "The striker jumped off the board, but own men were pocketed: the turn continues."
                } else {
                    "The striker jumped off the board."
                },
            );
        }

        // Umpire's pieces first: the Queen, then the striker's colour, then the other (Law 65).
        if queen_back {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
        }
        self.overboard_returns(r, my, v);
        // Pieces a player takes out for placing.
        let placer_own = self.placer_for(my, by);
        let placer_opp = self.placer_for(their, by);
        for (colour, n, placer) in [(my, own_back, placer_own), (their, opp_back, placer_opp)] {
            let m = self.men_mut(colour);
            m.pocketed -= n;
            m.on_board += n;
            for _ in 0..n {
                v.returns.push(Return {
                    piece: colour,
                    placed_by: Placer::Seat(placer),
                    spot: Spot::InsideOuterCircle,
                    law: Law(if foul { "64(b)" } else { "73" }),
                });
            }
        }
        self.owe(my, penalties);

        if continues {
            self.keep_turn();
        } else {
            self.pass_turn();
        }
    }

    fn rule_foul(v: &mut Verdict, s: bool, own_n: u8, opp_n: u8, queen: bool, covering: bool) {
        let (law, text) = if s && covering && own_n > 0 {
            (
                "101(b)",
                "Improper stroke pocketing the striker with own men while covering the Queen: the men come out with a due and a penalty; the Queen goes back. Turn passes.",
            )
        } else if s && covering {
            (
                "100(b)",
                "Improper stroke pocketing the striker alone while covering the Queen: the Queen goes back; two men come out as due and penalty. Turn passes.",
            )
        } else if s && queen && own_n > 0 {
            (
                "98(b)",
                "Improper stroke pocketing the Queen, own men and the striker: all come out with a due and a penalty. Turn passes.",
            )
        } else if s && queen {
            (
                "99(b)",
                "Improper stroke pocketing the Queen with the striker: the umpire returns the Queen; two men come out as due and penalty. Turn passes.",
            )
        } else if s && own_n > 0 {
            (
                "77(b)",
                "Improper stroke pocketing own men with the striker: they come out with a due and a penalty. Turn passes.",
            )
        } else if s {
            (
                "72(b)",
                "Foul — striker pocketed by an improper stroke. Due and foul: two men. Turn passes.",
            )
        } else if queen || covering {
            (
                "64(b)",
                "Foul while pocketing the Queen: she goes back; pocketed own men come out with one penalty man. Turn passes.",
            )
        } else if own_n > 0 {
            (
                "77(a)",
                "Improper stroke pocketing own men: they come out with a penalty man. Turn passes.",
            )
        } else if opp_n > 0 {
            (
                "76",
                "Improper stroke pocketing the opponent's men: they stay pocketed; one penalty man. Turn passes.",
            )
        } else {
            (
                "64(a)",
                "Foul — improper stroke. One penalty man. Turn passes.",
            )
        };
        rule(v, law, text);
    }

    fn overboard_returns(&self, r: &StrokeReport, striker_colour: PieceColour, v: &mut Verdict) {
        if r.overboard.is_empty() {
            return;
        }
        let queen = r.overboard_count(Queen);
        let own = r.overboard_count(striker_colour);
        let other = r.overboard_count(striker_colour.other());
        for _ in 0..queen {
            v.returns.push(umpire_return(Queen));
        }
        for _ in 0..own {
            v.returns.push(umpire_return(striker_colour));
        }
        for _ in 0..other {
            v.returns.push(umpire_return(striker_colour.other()));
        }
        let men = own + other;
        let (law, text) = if men > 2 {
            (
                "65(d)",
                "Pieces jumped off the board: the umpire places them in the centre circle, the first two as Law 65(b)/(c) say, the rest touching them.",
            )
        } else if queen > 0 && men > 0 {
            (
                "65(b)",
                "The Queen and a man jumped off the board: the umpire places the Queen in the centre circle first, the man touching her on the far side from the striker.",
            )
        } else if own > 0 && other > 0 {
            (
                "65(c)",
                "A white and a black man jumped off the board: the umpire places the striker's colour in the centre circle first, the other touching it.",
            )
        } else {
            (
                "65(a)",
                "A piece jumped off the board: the umpire places it in the centre circle.",
            )
        };
        rule(v, law, text);
    }

    /// Laws 102-112 and 52-53 for strokes that pocket a last man.
    #[allow(clippy::too_many_arguments)]
    fn icf_ending(
        &self,
        by: Seat,
        l_own: bool,
        l_opp: bool,
        qctx: QCtx,
        queen_now: bool,
        s: bool,
        i: bool,
    ) -> Option<Ending> {
        let rules = self.rules;
        let me = self.side_of(by);
        let them = me.other();
        let my = self.colour_of_side(me);
        let cm_me = u16::from(self.men(my).on_board);
        let cm_them = u16::from(self.men(my.other()).on_board);
        let below = |side: Side| self.score[side.index()] < rules.queen_points_below;
        let forfeit = |side: Side| {
            u16::from(if below(side) {
                rules.forfeit_points
            } else {
                rules.forfeit_points_at_limit
            })
        };
        let queen_bonus = |side: Side| {
            if below(side) {
                u16::from(rules.queen_points)
            } else {
                0
            }
        };
        let queen_forfeit = |side: Side| {
            if below(side) {
                u16::from(rules.forfeit_points)
            } else {
                0
            }
        };
        let extra = |proper: u16, improper: u16| {
            if rules.demand_additional_points {
                if i { improper } else { proper }
            } else {
                0
            }
        };
        let ab = |a: &'static str, b: &'static str| if i { b } else { a };
        let how = if i { "an improper" } else { "a proper" };
        let with_striker = if s { " together with the striker" } else { "" };
        let end = |winner: Side, points: u16, law: &'static str, what: String| Ending {
            winner,
            points,
            law,
            text: format!(
                "{what} Board to side {} ({}) by {}.",
                winner.index(),
                if winner == me {
                    by.title()
                } else {
                    "the opponent"
                },
                plural(points, "point", "points")
            ),
        };
        use QCtx::*;
        if l_own && l_opp {
            let what = format!(
                "{by} pocketed his last man and the opponent's last man by {how} stroke{with_striker}"
            );
            return Some(match (qctx, s) {
                (Covering, false) if !i => end(
                    me,
                    forfeit(me),
                    if queen_now { "104(a)" } else { "102(a)" },
                    format!("{what} while covering the Queen."),
                ),
                (Covering, false) => end(
                    them,
                    forfeit(them) + extra(0, 1),
                    if queen_now { "104(b)" } else { "102(b)" },
                    format!("{what} while covering the Queen."),
                ),
                (Covering, true) => end(
                    them,
                    forfeit(them) + extra(1, 2),
                    ab("109(a)", "109(b)"),
                    format!("{what} while covering the Queen."),
                ),
                (OnBoard, false) => end(
                    them,
                    forfeit(them) + extra(0, 1),
                    ab("105(a)", "105(b)"),
                    format!("{what} with the Queen on the board."),
                ),
                (OnBoard, true) => end(
                    them,
                    forfeit(them) + extra(1, 2),
                    ab("108(a)", "108(b)"),
                    format!("{what} with the Queen on the board (as Law 108)."),
                ),
                (ByMe, false) if !i => end(
                    me,
                    queen_bonus(me),
                    "52(a)",
                    format!("{what}; he had covered the Queen."),
                ),
                (ByMe, _) => end(
                    them,
                    1 + extra(u16::from(s), 1 + u16::from(s)),
                    ab("110(a)", "110(b)"),
                    format!("{what}; he had covered the Queen."),
                ),
                (ByThem, false) if !i => end(
                    me,
                    0,
                    "53(c)",
                    format!("{what}; the opponent had covered the Queen."),
                ),
                (ByThem, _) => end(
                    them,
                    forfeit(them) + extra(u16::from(s), 1 + u16::from(s)),
                    ab("112(a)", "112(b)"),
                    format!("{what}; the opponent had covered the Queen."),
                ),
            });
        }
        if l_own {
            let what = format!("{by} pocketed his last man by {how} stroke{with_striker}");
            let early = if rules.early_finish_counts_men {
                cm_them
            } else {
                0
            };
            return match (qctx, s, i) {
                (Covering, false, false) => Some(end(
                    me,
                    cm_them + queen_bonus(me),
                    "52(a)",
                    format!("Queen covered. {what}."),
                )),
                (OnBoard, false, _) => Some(end(
                    them,
                    forfeit(them) + extra(0, 1) + early,
                    ab("107(a)", "107(b)"),
                    format!("{what}, leaving the Queen on the board."),
                )),
                (OnBoard, true, _) => Some(end(
                    them,
                    forfeit(them) + extra(1, 2) + early,
                    ab("108(a)", "108(b)"),
                    format!("{what}, leaving the Queen on the board."),
                )),
                (ByMe, false, false) => Some(end(
                    me,
                    cm_them + queen_bonus(me),
                    "52(a)",
                    format!("{what}; he covered the Queen."),
                )),
                (ByThem, false, false) => Some(end(
                    me,
                    cm_them,
                    "53(c)",
                    format!("{what}; the Queen, covered by the loser, scores nothing."),
                )),
                _ => None,
            };
        }
        // The opponent's last man only.
        let what = format!("{by} pocketed the opponent's last man by {how} stroke{with_striker}");
        let ex = extra(u16::from(s), 1 + u16::from(s));
        Some(match qctx {
            Covering => end(
                them,
                cm_me + queen_forfeit(them) + ex,
                match (s, i) {
                    (false, false) => "103(a)",
                    (false, true) => "103(b)",
                    (true, false) => "111(a)",
                    (true, true) => "111(b)",
                },
                format!("{what} while covering the Queen."),
            ),
            OnBoard => end(
                them,
                cm_me + queen_forfeit(them) + ex,
                match (s, i) {
                    (false, false) => "106(a)",
                    (false, true) => "106(b)",
                    (true, false) => "111(a)",
                    (true, true) => "111(b)",
                },
                format!("{what} with the Queen on the board."),
            ),
            ByMe => end(
                them,
                cm_me + ex,
                "52(a)",
                format!("{what}: all the opponent's men are pocketed."),
            ),
            ByThem => end(
                them,
                cm_me + queen_bonus(them) + ex,
                "52(a)",
                format!(
                    "{what}: all the opponent's men are pocketed and he had covered the Queen."
                ),
            ),
        })
    }

    /// Traditional rules: the board ends when a colour is cleared after the Queen is covered.
    fn traditional_finish(&mut self, by: Seat, v: &mut Verdict) {
        let QueenState::Covered(coverer) = self.queen else {
            return;
        };
        for colour in [White, Black] {
            if self.men(colour).on_board == 0 {
                let Some(winner) = self.side_of_colour(colour) else {
                    continue;
                };
                let loser_colour = colour.other();
                let mut points = u16::from(self.men(loser_colour).on_board);
                if coverer == colour && self.score[winner.index()] < self.rules.queen_points_below {
                    points += u16::from(self.rules.queen_points);
                }
                let end = Ending {
                    winner,
                    points,
                    law: "52(a)",
                    text: format!(
                        "{} cleared the {} men after the Queen was covered: board to side {} by {}.",
                        by,
                        colour.name(),
                        winner.index(),
                        plural(points, "point", "points")
                    ),
                };
                self.end_board(end, v);
                return;
            }
        }
    }

    /// Scores a finished board and moves on (Laws 52-57).
    fn end_board(&mut self, end: Ending, v: &mut Verdict) {
        rule(v, end.law, end.text);
        let cap = u16::from(self.rules.max_board_points);
        let points = end.points.min(cap);
        if end.points > cap {
            rule(
                v,
                "55",
                format!(
                    "A board is worth at most {cap} points: {} counted as {cap}.",
                    end.points
                ),
            );
        }
        if self.white.owed > 0 || self.black.owed > 0 {
            self.white.owed = 0;
            self.black.owed = 0;
            rule(v, "55", "Outstanding dues and penalties are written off.");
        }
        v.returns.clear();
        v.position = self.position();
        let w = end.winner;
        if let QueenState::Covered(c) = self.queen
            && end.law == "52(a)"
            && self.side_of_colour(c) == Some(w)
            && self.score[w.index()] >= self.rules.queen_points_below
        {
            rule(
                v,
                "54",
                format!(
                    "Side {} already has {} points: covering the Queen adds nothing.",
                    w.index(),
                    self.score[w.index()]
                ),
            );
        }
        self.score[w.index()] += points;
        v.board_result = Some(BoardResult { winner: w, points });
        v.score = self.score;

        let extra_board = self.board > self.rules.boards_per_game;
        let last_board = self.board == self.rules.boards_per_game;
        let game_winner = if self.score[w.index()] >= self.rules.game_points {
            Some((
                w,
                "56(a)",
                format!(
                    "Side {} reaches {} points and wins game {}.",
                    w.index(),
                    self.rules.game_points,
                    self.game
                ),
            ))
        } else if extra_board {
            Some((
                w,
                "56(b)",
                format!(
                    "Side {} wins the extra board and game {}.",
                    w.index(),
                    self.game
                ),
            ))
        } else if last_board && self.score[0] != self.score[1] {
            let leader = if self.score[0] > self.score[1] {
                Side::Zero
            } else {
                Side::One
            };
            Some((
                leader,
                "56(a)",
                format!(
                    "Side {} leads after board {} and wins game {}.",
                    leader.index(),
                    self.board,
                    self.game
                ),
            ))
        } else {
            None
        };

        match game_winner {
            Some((gw, law, text)) => {
                rule(v, law, text);
                v.game_result = Some(GameResult {
                    winner: gw,
                    score: self.score,
                });
                self.games[gw.index()] += 1;
                if self.games[gw.index()] >= self.rules.games_to_win {
                    self.winner = Some(gw);
                    v.match_result = Some(MatchResult {
                        winner: gw,
                        games: self.games,
                    });
                    rule(
                        v,
                        "57",
                        format!(
                            "Side {} wins the match, {} games to {}.",
                            gw.index(),
                            self.games[gw.index()],
                            self.games[gw.other().index()]
                        ),
                    );
                } else {
                    self.game += 1;
                    self.board = 1;
                    self.score = [0, 0];
                    let first = self.first_breaker_of_game(self.game);
                    self.start_board(first);
                }
            }
            None => {
                if last_board {
                    rule(
                        v,
                        "56(b)",
                        format!(
                            "Scores level after board {}: an extra board decides the game (the break goes by toss).",
                            self.board
                        ),
                    );
                }
                self.board += 1;
                let first = self.first_breaker_of_game(self.game);
                let breaker =
                    self.seats
                        .advance(first, self.rules.turn_order, usize::from(self.board - 1));
                self.start_board(breaker);
            }
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
