//! The toss and the break, Laws 39, 41-45 and 47: who breaks (Law 39, and the toss before an
//! extra board, Law 56(b)), the men arranged for the break (Law 41) with the breaker's side
//! playing white (Law 43), and the break made (Law 44) or not made in its attempts (Law 45).
//! A break before the umpire calls 'Play' (Law 47) reaches the referee as an improper stroke.

use super::{JudgeError, MEN_PER_COLOUR, Referee, rule};
use crate::report::StrokeReport;
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
        self.breaker = breaker;
        self.turn = breaker;
        self.turn_strokes = 0;
        self.board_strokes = 0;
    }

    /// Laws 44-45.
    pub(super) fn break_stroke(&mut self, r: &StrokeReport, improper: bool, v: &mut Verdict) {
        if r.touched {
            self.break_made = true;
            rule(v, "44", "Break made.");
            self.stroke(r, improper, true, v);
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
}
