//! One referee at a distance. A match played across machines, on a carrom server or in the
//! browser's Play online has one place that referees it (a host, the server) and others that
//! follow it; this crate is what both sides do, with no socket in it (no QUIC, no WebSocket, no
//! tokio, no Bevy, and it compiles for wasm32):
//!
//! - at the referee ([`at_host`]): an action checked (its number, its seat, then the match's own
//!   checks) and applied on the referee's physics, recorded as the [`Applied`] every follower
//!   receives; a match's actions replayed at the referee (a save gone on with, a restarted
//!   server);
//! - at a follower ([`at_guest`]): the referee's action taken with the referee's outcome and
//!   its digest checked, a match rebuilt from the referee's log ([`RefereesLog`]: what a
//!   follower whose one match is the board's keeps of the referee's), and [`Following`]: who
//!   sits where, the shot clock and the action sent, as the referee last said;
//! - who sits where ([`seating`]: [`Holder`], [`SeatState`], [`seat_holders`]);
//! - what a follower may send and how fast ([`bounds`]: the rate [`Bucket`], the message
//!   bounds), and why the referee refuses one of its messages ([`Rejection`]).
//!
//! `carrom-net` carries these over QUIC, `carrom-server` over WebSocket; `carrom-online` and
//! the game follow with them.

pub mod at_guest;
pub mod at_host;
pub mod bounds;
pub mod error;
pub mod follow;
pub mod log;
pub mod protocol;
pub mod seating;
mod summary;
mod words;

pub use at_guest::{AtGuest, agrees, at_guest, hex, rebuild, take};
pub use at_host::{Holding, Ruled, at_host, checked, may_act, play, replay};
pub use bounds::{Bucket, Origin};
pub use error::{AtGuestError, BadMessage, Malformed, RebuildError, Rejection, ReplayError};
pub use follow::{ClockTold, Following};
pub use log::RefereesLog;
pub use protocol::{Applied, Holder, Role, SeatState};
pub use seating::{SeatRefusal, SeatingError, seat_computers, seat_holders};
pub use summary::summary;
pub use words::{new_code, shown};
