//! What the referee checks in a report before judging it: only the optional features the rules
//! switch on, a pass that is only a pass, and pieces that are on the board to move. A report
//! that fails is refused with a [`JudgeError`] and changes nothing.

use super::{JudgeError, Referee};
use crate::report::{PieceColour, StrokeReport};
use crate::verdict::QueenState;

use PieceColour::{Black, Queen, White};

impl Referee {
    /// A report the referee can judge in this position, or what is wrong with it.
    pub(super) fn check(&self, r: &StrokeReport) -> Result<(), JudgeError> {
        self.check_options(r)?;
        if r.pass {
            self.check_pass(r)
        } else {
            self.check_pieces(r)
        }
    }

    /// The report uses only the optional features the rules switch on (Laws 50, 63).
    fn check_options(&self, r: &StrokeReport) -> Result<(), JudgeError> {
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
        Ok(())
    }

    /// A pass (Law 137) is nothing else, and comes after the break unless the rules allow it.
    fn check_pass(&self, r: &StrokeReport) -> Result<(), JudgeError> {
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
        if !self.break_made && !self.rules.pass_before_break {
            return Err(JudgeError::PassBeforeBreak);
        }
        Ok(())
    }

    /// A stroke moves only pieces that are on the board, and only by touching one.
    fn check_pieces(&self, r: &StrokeReport) -> Result<(), JudgeError> {
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
                    QueenState::AwaitingReturn { .. } => {
                        "pocketed without the right, returned at the end of the turn"
                    }
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
}
