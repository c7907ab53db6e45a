//! The toss and the break, Laws 39, 41-45 and 47: who breaks (Law 39, and the toss before an
//! extra board, Law 56(b)), the men arranged for the break (Law 41) with the breaker's side
//! playing white (Law 43), and the break made (Law 44) or not made in its attempts (Law 45).
//! A break before the umpire calls 'Play' (Law 47) reaches the referee as an improper stroke.

use super::{JudgeError, MEN_PER_COLOUR, Referee, rule};
use crate::event::Event;
use crate::report::StrokeReport;
use crate::rules::BreakAttemptsFor;
use crate::seat::Seat;
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
        self.board_start_points = self.points;
        self.held = [[0; 2]; 4];
        self.owed_by = [0; 4];
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

    /// A stroke before the break is made, Laws 44-45: it breaks if it touches a man.
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
        self.break_missed(v);
    }

    /// An attempt to break that touched nothing, in a turn that has the attempts (Law 45(a));
    /// the last of them passes the right to break (Law 45(b)), a foul under
    /// `break_miss_is_foul`.
    fn break_missed(&mut self, v: &mut Verdict) {
        let by = self.turn;
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
