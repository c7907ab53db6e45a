//! The shot clock of a rated match (Laws 46, 50 and 88): the time the player due to act has for
//! it, started when the action falls due. While his seat is disconnected the clock waits with
//! the time left, and goes on with it when he is back (the 2 minutes to come back before a
//! forfeit are the bound on waiting; a player cannot gain time by leaving, only keep it). When
//! it runs out, and a grace for the round trip after it, the server applies the time-out.

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
    pub(crate) runs: Runs,
}

/// Whether a clock runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Runs {
    /// It runs out at this instant.
    Until(Instant),
    /// It waits for the player to come back, with this much left.
    Waits(Duration),
}

impl Clock {
    /// The clock of action `index` by `seat` at `now`: `was` goes on when it is that action's
    /// (a new one has `full`), running while the player is here and waiting while he is
    /// `away`. With whether it started or went again just now (for everyone to be told).
    pub(crate) fn wind(
        was: Option<Clock>,
        (index, seat): (usize, Seat),
        full: Duration,
        away: bool,
        now: Instant,
    ) -> (Clock, bool) {
        let runs = match was {
            Some(c) if c.index == index && c.seat == seat => c.runs,
            _ => Runs::Waits(full),
        };
        let (runs, started) = match (runs, away) {
            (Runs::Until(t), true) => (Runs::Waits(t.saturating_duration_since(now)), false),
            (Runs::Waits(left), false) => (Runs::Until(now + left), true),
            (runs, _) => (runs, false),
        };
        (Clock { index, seat, runs }, started)
    }

    /// Whether it runs (its player is here).
    pub(crate) fn runs(&self) -> bool {
        matches!(self.runs, Runs::Until(_))
    }

    /// The time left at `now`.
    pub(crate) fn left(&self, now: Instant) -> Duration {
        match self.runs {
            Runs::Until(t) => t.saturating_duration_since(now),
            Runs::Waits(left) => left,
        }
    }

    /// When the server calls the time-out: `grace` after the clock runs out (never while it
    /// waits).
    pub(crate) fn time_out_at(&self, grace: Duration) -> Option<Instant> {
        match self.runs {
            Runs::Until(t) => Some(t + grace),
            Runs::Waits(_) => None,
        }
    }

    /// The clock as the clients are told it.
    pub(crate) fn message(&self, now: Instant) -> carrom_online::ToClient {
        carrom_online::ToClient::Clock {
            index: self.index,
            seat: self.seat,
            millis: u32::try_from(self.left(now).as_millis()).unwrap_or(u32::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: Duration = Duration::from_secs(15);

    #[test]
    fn a_clock_starts_when_its_action_falls_due_and_runs_out_after_the_grace() {
        let now = Instant::now();
        let (c, started) = Clock::wind(None, (3, Seat::North), FULL, false, now);
        assert!(started);
        assert_eq!(c.left(now), FULL);
        let grace = Duration::from_secs(1);
        assert_eq!(c.time_out_at(grace), Some(now + FULL + grace));
        let (same, again) = Clock::wind(Some(c), (3, Seat::North), FULL, false, now);
        assert_eq!(
            (same, again),
            (c, false),
            "winding it again changes nothing"
        );
        let (next, started) = Clock::wind(Some(c), (4, Seat::South), FULL, false, now);
        assert!(started);
        assert_eq!(next.index, 4);
    }

    #[test]
    fn the_clock_waits_with_the_time_left_while_the_player_is_away() {
        let t0 = Instant::now();
        let (c, _) = Clock::wind(None, (0, Seat::South), FULL, false, t0);
        let t5 = t0 + Duration::from_secs(5);
        let (away, started) = Clock::wind(Some(c), (0, Seat::South), FULL, true, t5);
        assert!(!started);
        assert_eq!(away.runs, Runs::Waits(Duration::from_secs(10)));
        assert_eq!(
            away.time_out_at(Duration::ZERO),
            None,
            "no time-out while he is away"
        );
        let t60 = t0 + Duration::from_secs(60);
        let (back, started) = Clock::wind(Some(away), (0, Seat::South), FULL, false, t60);
        assert!(started, "everyone is told the clock goes again");
        assert_eq!(back.left(t60), Duration::from_secs(10));
        let (gone, started) = Clock::wind(None, (1, Seat::North), FULL, true, t60);
        assert!(
            !started,
            "a clock due while the player is away waits from the start"
        );
        assert_eq!(gone.left(t60), FULL);
    }
}
