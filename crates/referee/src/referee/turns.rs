//! The order of play, Laws 48-49, 116, 125 and 137: the turn continues as long as the player
//! pockets his own men or the Queen in accordance with the Laws and otherwise passes (Law 48;
//! with Law 125(a) read literally, and under the casual and FOF rules, any opponent's man
//! pocketed ends it), the turn passes in the order of play and the break alternates from board
//! to board and game to game (Law 49), the striker leaving the board does not end a turn that
//! pocketed own men (Law 116), and passes over the turn, three in a row by each side (or each
//! player) cancelling the board (Law 137).

use super::{JudgeError, Outcome, Referee, Stroke, rule};
use crate::event::Event;
use crate::report::StrokeReport;
use crate::rules::{OpponentPiece, PassesBy};
use crate::seat::Seat;
use crate::verdict::Verdict;

impl Referee {
    /// A pass over the turn (Law 137); same as judging [`StrokeReport::pass`].
    pub fn pass(&mut self) -> Result<Verdict, JudgeError> {
        self.judge(&StrokeReport::pass())
    }

    /// The seat after `seat` in the order of play (Law 49(b)).
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        self.seats.next(seat, self.rules.turn_order)
    }

    pub(super) fn pass_turn(&mut self) {
        self.turn = self.next_seat(self.turn);
        self.turn_strokes = 0;
    }

    pub(super) fn keep_turn(&mut self) {
        self.turn_strokes = self.turn_strokes.saturating_add(1);
    }

    /// Who breaks the first board of a game: the match's first breaker in odd games, the next
    /// seat in even games (Law 49(a)).
    pub(super) fn first_breaker_of_game(&self, game: u8) -> Seat {
        if game % 2 == 1 {
            self.match_breaker
        } else {
            self.next_seat(self.match_breaker)
        }
    }

    /// Law 137.
    pub(super) fn pass_over(&mut self, v: &mut Verdict) {
        let by = self.turn;
        self.queen_not_covered_on_pass(by, v);
        self.passes = self.passes.saturating_add(1);
        let (passers, by_every_player) = match self.rules.passes_by {
            PassesBy::Side => (2, false),
            PassesBy::Player => (self.seats.count() as u8, true),
        };
        let limit = passers.saturating_mul(self.rules.passes_to_cancel);
        if self.passes >= limit {
            rule(
                v,
                "137",
                Event::PassesCancelBoard {
                    by_every_player,
                    each: self.rules.passes_to_cancel,
                },
            );
            v.board_cancelled = true;
            v.returns.clear();
            self.start_board(self.breaker);
        } else {
            rule(
                v,
                "137",
                Event::Pass {
                    by,
                    in_a_row: self.passes,
                    cancel_at: limit,
                },
            );
            if !self.break_made {
                self.break_misses = 0;
                let next = self.next_seat(by);
                rule(
                    v,
                    "137",
                    Event::PassBeforeBreak {
                        next,
                        colour: self.colour_of(next),
                    },
                );
            }
            self.pass_turn();
        }
    }

    /// A proper stroke that did not pocket the striker (Law 48): the turn continues if own
    /// men went down; the Queen pocketed or being covered is ruled by Laws 92-97.
    pub(super) fn proper_stroke(&mut self, st: &Stroke, v: &mut Verdict) -> Outcome {
        let by = st.by;
        let mut out = Outcome {
            continues: st.own_n > 0,
            ..Outcome::default()
        };
        let queen_ruled = st.covering || st.queen;
        if queen_ruled {
            self.pocketed_queen(st, &mut out, v);
        }
        self.opponent_man_ends_turn(st, &mut out, v);
        if !queen_ruled {
            let event = match (st.own_n, st.opp_n) {
                (0, 0) => Event::NothingPocketed {
                    next: self.next_seat(by),
                },
                (0, men) => Event::OpponentsMenPocketed { by, men },
                (men, _) => Event::OwnMenPocketed {
                    by,
                    colour: st.my,
                    men,
                    continues: out.continues,
                },
            };
            rule(v, "48", event);
        }
        out
    }

    /// Law 125(a) read literally (and the casual and FOF rules): an opponent's man pocketed
    /// ends a turn that would continue.
    pub(super) fn opponent_man_ends_turn(&self, st: &Stroke, out: &mut Outcome, v: &mut Verdict) {
        if out.continues && st.opp_n > 0 && self.rules.opponent_piece == OpponentPiece::EndsTurn {
            out.continues = false;
            rule(v, "125(a)", Event::OpponentsManStopsTurn);
        }
    }
}

/// Law 116: the striker jumped off the board.
pub(super) fn striker_off_board(continues: bool, v: &mut Verdict) {
    rule(v, "116", Event::StrikerOffBoard { continues });
}
