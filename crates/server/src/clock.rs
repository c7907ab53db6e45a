//! The shot clock of a rated match (Laws 46, 50 and 88): the time the player due to act has for
//! it, started when the action falls due. It runs whether or not his seat is connected, as the
//! Laws' clock runs whether or not the player is at the board: leaving and coming back gains no
//! time. When it runs out, and a grace for the round trip after it, the server applies the
//! time-out.

use carrom_referee::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// The clock of one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    /// The action's number in the match.
    pub(crate) index: usize,
    /// Whose action it is.
    pub(crate) seat: Seat,
    /// When it starts: when the player can act, the stroke before it shown to its rest.
    pub(crate) starts: Instant,
    /// When it runs out.
    pub(crate) until: Instant,
}

impl Clock {
    /// The clock of action `index` by `seat`, starting at `starts`: `was` goes on when it is
    /// that action's (a new one has `full`). With whether it was wound just now (for everyone
    /// to be told).
    pub(crate) fn wind(
        was: Option<Clock>,
        (index, seat): (usize, Seat),
        full: Duration,
        starts: Instant,
    ) -> (Clock, bool) {
        match was {
            Some(c) if c.index == index && c.seat == seat => (c, false),
            _ => {
                let until = starts + full;
                let clock = Clock {
                    index,
                    seat,
                    starts,
                    until,
                };
                (clock, true)
            }
        }
    }

    /// The time left at `now` (all of it before the clock starts).
    pub(crate) fn left(&self, now: Instant) -> Duration {
        self.until.saturating_duration_since(now.max(self.starts))
    }

    /// When the server calls the time-out: `grace` after the clock runs out.
    pub(crate) fn time_out_at(&self, grace: Duration) -> Instant {
        self.until + grace
    }

    /// The clock as the clients are told it.
    pub(crate) fn message(&self, now: Instant) -> carrom_online::ToClient {
        carrom_online::ToClient::Clock {
            index: self.index,
            seat: self.seat,
            // Whole milliseconds, rounded up: a clock told as it starts has its full time.
            millis: millis(self.left(now)),
            after: millis(self.starts.saturating_duration_since(now)),
        }
    }
}

/// A duration in whole milliseconds, rounded up.
fn millis(d: Duration) -> u32 {
    u32::try_from(d.as_micros().div_ceil(1000)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: Duration = Duration::from_secs(15);

    #[test]
    fn a_clock_starts_when_its_action_falls_due_and_runs_out_after_the_grace() {
        let now = Instant::now();
        let (c, started) = Clock::wind(None, (3, Seat::North), FULL, now);
        assert!(started);
        assert_eq!(c.left(now), FULL);
        let grace = Duration::from_secs(1);
        assert_eq!(c.time_out_at(grace), now + FULL + grace);
        let later = now + Duration::from_secs(5);
        let (same, again) = Clock::wind(Some(c), (3, Seat::North), FULL, later);
        assert_eq!(
            (same, again),
            (c, false),
            "winding it again changes nothing: it runs on"
        );
        assert_eq!(same.left(later), Duration::from_secs(10));
        let (next, started) = Clock::wind(Some(c), (4, Seat::South), FULL, later);
        assert!(started);
        assert_eq!((next.index, next.left(later)), (4, FULL));
    }

    #[test]
    fn a_clock_that_starts_later_keeps_its_full_time_until_then() {
        let now = Instant::now();
        let starts = now + Duration::from_millis(3_500);
        let (c, _) = Clock::wind(None, (6, Seat::South), FULL, starts);
        assert_eq!(c.left(now), FULL, "nothing runs before the start");
        let grace = Duration::from_secs(1);
        assert_eq!(c.time_out_at(grace), starts + FULL + grace);
        let told = c.message(now);
        let carrom_online::ToClient::Clock { millis, after, .. } = told else {
            panic!("a clock is told as a clock: {told:?}");
        };
        assert_eq!((millis, after), (15_000, 3_500));
        let running = starts + Duration::from_secs(4);
        assert_eq!(c.left(running), Duration::from_secs(11));
    }
}
