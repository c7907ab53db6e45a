//! The machine that referees a match played here: the host of a match across machines
//! ([`super::across`]) or a carrom server ([`super::server`]). The board follows either the same
//! way ([`super::Online`]): this machine's actions go to it, every action comes back from it
//! with its outcome and its digest, and the seating, the calls and the shot clock are its.

use bevy::platform::time::Instant;
use carrom_match::{Action, Match};
use carrom_physics::Seat;
use carrom_remote::{Applied, SeatState};
use std::collections::VecDeque;

/// Why the referee's action could not be taken into the log the link keeps.
#[derive(Debug, thiserror::Error)]
pub enum NotTaken {
    #[error("the referee's match has not come")]
    NoMatch,
    #[error("the network link broke")]
    LinkBroke,
    /// Out of order (the link asks the referee for the whole match), or not taken here.
    #[error(transparent)]
    Missed(#[from] carrom_remote::AtGuestError),
}

/// The shot clock as the referee told it: whose it is, when it starts (the last stroke shown
/// to its rest) and when it runs out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShotClock {
    pub seat: Seat,
    pub starts: Instant,
    pub ends: Instant,
}

impl ShotClock {
    /// Whether it has started at `now`: the player can act, and a board still showing the
    /// stroke before it is behind and catches up.
    pub fn started(&self, now: Instant) -> bool {
        now >= self.starts
    }
}

/// The link to the referee, as the board follows it.
pub trait Remote: Send + Sync + 'static {
    /// What came since the last frame, `dt` seconds ago: its actions queued in order, words
    /// for the calls in `notes`. Whether the whole match came (after a reconnection): the
    /// board then takes [`Remote::referees_match`].
    fn read(&mut self, dt: f32, queue: &mut VecDeque<Applied>, notes: &mut Vec<String>) -> bool;

    /// Takes the referee's action, once the board here has played it, into the referee's log
    /// the link keeps (the board's is the only match here); why it could not be taken.
    fn apply(&mut self, applied: &Applied) -> Result<(), NotTaken>;

    /// Keeps the board's match after the referee's actions were taken into it, where the link
    /// saves one (a guest across machines keeps a save for `carrom host --load`).
    fn keep(&self, _board: &Match) {}

    /// Sends the action numbered `index` of one of this machine's seats (once an index).
    fn act_at(&mut self, index: usize, action: Action);

    /// The referee's match as it stands, for a board that has left the referee's line (the
    /// whole match the referee sent, or the match rebuilt from the referee's log).
    fn referees_match(&mut self) -> Option<Match>;

    /// Who sits where and who is connected, as the referee last said.
    fn seating(&self) -> Vec<SeatState>;

    /// The seats played at this machine.
    fn seats(&self) -> Vec<Seat>;

    /// Whether the link is up.
    fn connected(&self) -> bool;

    /// Why reconnecting was given up, if it was.
    fn given_up(&self) -> Option<String>;

    /// `wake` wakes the window when something comes.
    fn set_waker(&mut self, wake: Box<dyn Fn() + Send>);

    /// The shot clock, while it runs for the action to come (or waits to start).
    fn clock(&self) -> Option<ShotClock> {
        None
    }

    /// How the match ended, in the referee's words, when it said so.
    fn over(&self) -> Option<String> {
        None
    }

    /// Whom the seating's lines name for a seat the referee's people play ("at the host").
    fn referee(&self) -> &'static str;

    /// The mode's title on the panel ("ACROSS MACHINES", "ONLINE").
    fn title(&self) -> &'static str;
}
