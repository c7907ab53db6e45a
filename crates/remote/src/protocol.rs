//! The match's own messages, as a referee sends them to every follower whatever carries them
//! (a QUIC frame across machines, a WebSocket message from the server): an action as the
//! referee applied it ([`Applied`]), and who sits where ([`SeatState`]).

use carrom_match::{Action, StrokeOutcome};
use carrom_physics::Piece;
use carrom_referee::Seat;
use serde::{Deserialize, Serialize};

/// Whether a follower comes to play or to watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Spectator,
}

/// How a seat is filled, as every machine sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatState {
    pub seat: Seat,
    /// The player's name (empty while a guest's seat waits for its guest).
    pub name: String,
    pub holder: Holder,
    /// A guest's seat: its guest is connected. Always true for the host's seats.
    pub connected: bool,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A person at the host's machine.
    Host,
    /// A computer run by the referee (a seat given to a computer, or one whose guest left and
    /// was handed over).
    Computer,
    /// A guest's seat: a person (or a computer) at another machine.
    Guest,
}

/// One action as the referee applied it: what it was, who made it, where every piece ended
/// (the stroke's outcome and the position after it) and the digest of that position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Applied {
    /// The action's number in the match (0 for the first).
    pub index: usize,
    pub by: Seat,
    pub action: Action,
    /// A stroke's outcome on the referee's physics.
    #[serde(default)]
    pub outcome: Option<StrokeOutcome>,
    /// The pieces at rest after the action (with the umpire's returns and a new rack).
    pub layout: Vec<Piece>,
    /// [`carrom_match::Match::digest`] after the action, 16 hex digits.
    pub digest: String,
}
