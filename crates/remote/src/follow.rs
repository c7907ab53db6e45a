//! What a follower keeps besides the match itself (which is the board's, or a headless
//! client's: one match per follower): its seats, who sits where, the shot clock and how the
//! match ended as the referee last said, and the action it sent.

use crate::protocol::SeatState;
use carrom_referee::Seat;

/// The shot clock as the referee told it: the action it runs for, whose it is, the
/// milliseconds left on it, and how many milliseconds after it was told it starts (the last
/// stroke still moving on a board shown in real time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTold {
    pub index: usize,
    pub seat: Seat,
    pub millis: u32,
    pub after: u32,
}

/// A follower of the referee's match, without the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Following {
    /// The seats played here (none when watching).
    pub seats: Vec<Seat>,
    /// Who sits where and who is connected, as the referee last said.
    pub seating: Vec<SeatState>,
    /// The shot clock, as the referee last told it.
    pub clock: Option<ClockTold>,
    /// How the match ended: the winners and the referee's words.
    pub over: Option<(Vec<String>, String)>,
    /// This follower's last action sent, by its number.
    sent: Option<usize>,
}

impl Following {
    /// Whether the action numbered `index` goes to the referee: once an index (until the
    /// referee refuses it or sends the whole match again, [`Following::afresh`]).
    pub fn send_at(&mut self, index: usize) -> bool {
        if self.sent == Some(index) {
            return false;
        }
        self.sent = Some(index);
        true
    }

    /// Whether this follower sent the action numbered `index` and waits for it.
    pub fn sent(&self, index: usize) -> bool {
        self.sent == Some(index)
    }

    /// The referee refused this follower's action, or sent its whole match: what was sent may
    /// be sent again at its number.
    pub fn afresh(&mut self) {
        self.sent = None;
    }

    /// The match is over: no clock runs.
    pub fn ended(&mut self, winners: Vec<String>, how: String) {
        self.over = Some((winners, how));
        self.clock = None;
    }

    /// The shot clock while it runs for the action to come (the match here at `next`).
    pub fn clock_for(&self, next: usize) -> Option<ClockTold> {
        self.clock.filter(|c| c.index >= next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_is_sent_once_at_its_number_until_the_referee_refuses_it() {
        let mut f = Following::default();
        assert!(f.send_at(3));
        assert!(!f.send_at(3), "once an index");
        assert!(f.sent(3));
        f.afresh();
        assert!(f.send_at(3), "refused: sent again at its number");
        assert!(f.send_at(4));
    }

    #[test]
    fn the_clock_runs_for_the_action_to_come_and_stops_at_the_end() {
        let mut f = Following {
            clock: Some(ClockTold {
                index: 4,
                seat: Seat::North,
                millis: 15_000,
                after: 0,
            }),
            ..Following::default()
        };
        assert!(f.clock_for(4).is_some());
        assert_eq!(f.clock_for(5), None, "its action was played");
        f.ended(vec!["Asha".into()], "played out".into());
        assert_eq!(f.clock_for(4), None);
    }
}
