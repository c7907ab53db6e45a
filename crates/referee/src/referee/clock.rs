//! The shot clock's other half, Law 88: a due or penalty man must be placed within the time
//! after the umpire's announcement (88(a)); a player who has not placed it when the time passes
//! commits a foul (88(b)). A stroke over the clock (Laws 46, 50) is a report's
//! `shot_clock_expired`, ruled with the stroke's other fouls (`fouls`).

use super::{JudgeError, Referee, colour_index, rule};
use crate::event::Event;
use crate::seat::Seat;
use crate::verdict::{Law, Placer, Return, Spot, Verdict};

impl Referee {
    /// `placer` has not placed a due or penalty man within the rules' `shot_clock_secs` (Law
    /// 88(a)): a foul against him (88(b)), one penalty man of his colour, taken out for placing
    /// by the player Law 78 names when one is in the pockets, owed otherwise (Law 72(c)). The
    /// turn stays where it was; the piece he did not place is the umpire's to put down (the
    /// match does it). Refused when the clock is off, the match is over or the seat is not at
    /// the table; on error nothing changes.
    pub fn placing_time_out(&mut self, placer: Seat) -> Result<Verdict, JudgeError> {
        if let Some(winner) = self.winner {
            return Err(JudgeError::MatchOver { winner });
        }
        let Some(secs) = self.rules.shot_clock_secs else {
            return Err(JudgeError::OptionOff {
                field: "placing_time_out",
                option: "shot_clock_secs",
            });
        };
        if !self.seats.contains(placer) {
            return Err(JudgeError::SeatNotPlaying(placer));
        }
        let mut v = self.blank_verdict();
        v.by = placer;
        self.declared = [0; 2];
        let colour = self.colour_of(placer);
        let owed = self.men(colour).pocketed == 0;
        if owed {
            self.owe(colour, 1);
        } else {
            let m = self.men_mut(colour);
            m.pocketed -= 1;
            m.on_board += 1;
            self.declared[colour_index(colour)] += 1;
            v.returns.push(Return {
                piece: colour,
                placed_by: Placer::Seat(self.placer_for(colour, placer)),
                spot: Spot::InsideOuterCircle,
                law: Law("88(b)"),
            });
        }
        let event = Event::PlacingTime {
            by: placer,
            secs,
            colour,
            owed,
        };
        rule(&mut v, "88(b)", event);
        v.penalties = self.declared[colour_index(colour)];
        v.foul = true;
        v.next = self.turn();
        v.continues = self.turn == placer;
        v.position = self.position();
        v.score = self.score;
        Ok(v)
    }
}
