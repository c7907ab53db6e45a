//! The toss and the break, Laws 39, 41-45 and 47: who breaks (Law 39, and the toss before an
//! extra board, Law 56(b)), the men arranged for the break (Law 41) with the breaker's side
//! playing white (Law 43), and the break made (Law 44) or not made in its attempts (Law 45).
//! A break before the umpire calls 'Play' (Law 47) reaches the referee as an improper stroke.

use super::queen::QueenRight;
use super::{JudgeError, MEN_PER_COLOUR, Referee, rule};
use crate::event::Event;
use crate::report::PieceColour;
use crate::report::StrokeReport;
use crate::rules::{BreakAttemptsFor, Rules};
use crate::seat::Seat;
use crate::seat::Seats;
use crate::verdict::{Men, QueenState, Verdict};

impl Referee {
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
        let breaker = if colour == PieceColour::White {
            turn
        } else {
            seats
                .seats()
                .iter()
                .copied()
                .find(|s| seats.side_of(*s) != seats.side_of(turn))
                .ok_or("seats: no opponent")?
        };
        let mut r = Referee::new(rules, seats);
        r.start_board(breaker);
        r.turn = turn;
        r.white.on_board = white;
        r.white.pocketed = MEN_PER_COLOUR - white;
        r.black.on_board = black;
        r.black.pocketed = MEN_PER_COLOUR - black;
        let full =
            white == MEN_PER_COLOUR && black == MEN_PER_COLOUR && queen == QueenState::OnBoard;
        r.break_made = !full;
        if r.break_made {
            r.board_strokes = 1;
        }
        for (c, n) in [(PieceColour::White, white), (PieceColour::Black, black)] {
            if let Some(side) = r.side_of_colour(c) {
                r.man_pocketed[side.index()] = n < MEN_PER_COLOUR;
            }
        }
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
                if r.queen_right(turn) != QueenRight::Yes {
                    return Err(format!(
                        "queen: {} has no right to the Queen before pocketing one of his men \
                         (Law 92), so she cannot be awaiting his cover",
                        turn.name()
                    ));
                }
                r.turn_strokes = 1;
                r.board_strokes = r.board_strokes.max(1);
            }
            QueenState::Covered(by) => {
                if by == PieceColour::Queen {
                    return Err("queen: covered by white or black, not by the Queen".into());
                }
                // The side that covered her pocketed a man of its colour this board (Law 96).
                if let Some(side) = r.side_of_colour(by) {
                    r.man_pocketed[side.index()] = true;
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
        r.queen = queen;
        Ok(r)
    }

    /// A new board: all men and the Queen arranged for the break (Law 41), `breaker` to break
    /// with white (Law 43).
    pub(super) fn start_board(&mut self, breaker: Seat) {
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
        self.man_pocketed = [false; 2];
        self.breaker = breaker;
        self.turn = breaker;
        self.turn_strokes = 0;
        self.board_strokes = 0;
    }

    /// Is the stroke being judged (already counted) in the first turn of the board? Every
    /// stroke of the board so far was a missed attempt by the player breaking.
    fn first_turn(&self) -> bool {
        self.board_strokes == u16::from(self.break_misses) + 1
    }

    /// Laws 44-45.
    pub(super) fn break_stroke(&mut self, r: &StrokeReport, improper: bool, v: &mut Verdict) {
        if r.touched {
            self.break_made = true;
            rule(v, "44", Event::BreakMade);
            self.stroke(r, improper, true, v);
            return;
        }
        let by = self.turn;
        let foul =
            improper || r.striker_pocketed || (r.striker_overboard && self.rules.overboard_is_foul);
        if foul && self.rules.break_fouls_penalised {
            self.break_attempt_foul(r, improper, v);
            return;
        }
        if improper || r.striker_pocketed {
            rule(
                v,
                "45(c)",
                Event::BreakImproper {
                    by,
                    striker: r.striker_pocketed,
                },
            );
            self.break_misses = 0;
            self.pass_turn();
            return;
        }
        if self.rules.break_attempts_for == BreakAttemptsFor::FirstTurn && !self.first_turn() {
            let next = self.next_seat(by);
            rule(
                v,
                "48",
                Event::BreakStillToMake {
                    next,
                    attempts: self.rules.break_attempts,
                },
            );
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
                Event::BreakPasses {
                    attempts,
                    next,
                    colour: self.colour_of(next),
                },
            );
            if self.rules.break_miss_is_foul {
                let colour = self.colour_of(by);
                self.owe(colour, 1);
                rule(v, "45(b)", Event::BreakMissFoul);
            }
            self.break_misses = 0;
            self.pass_turn();
        } else {
            rule(
                v,
                "45(a)",
                Event::BreakMissed {
                    by,
                    attempt: self.break_misses,
                    attempts,
                },
            );
            self.keep_turn();
        }
    }

    /// House rules (`break_fouls_penalised`): a foul in an attempt to break that touched no man
    /// is judged as any foul stroke (its penalty, owed while nothing is pocketed, and the turn
    /// ends at once); on the last of the attempts it is also the failure to break in them
    /// (`break_miss_is_foul`). The break is still to be made.
    fn break_attempt_foul(&mut self, r: &StrokeReport, improper: bool, v: &mut Verdict) {
        let by = self.turn;
        let has_attempts =
            self.rules.break_attempts_for == BreakAttemptsFor::EveryBreaker || self.first_turn();
        let last_attempt = has_attempts && self.break_misses + 1 >= self.rules.break_attempts;
        rule(v, "45(c)", Event::BreakAttemptFoul { by });
        self.stroke(r, improper, false, v);
        if last_attempt && self.rules.break_miss_is_foul {
            let colour = self.colour_of(by);
            self.owe(colour, 1);
            rule(v, "45(b)", Event::BreakMissFoul);
        }
        self.break_misses = 0;
    }
}
