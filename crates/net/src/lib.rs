//! Play across machines. The host's [`carrom_match::Match`] is the referee: guests connect over
//! QUIC (quinn, TLS 1.3) with the host's join code, are given seats, and send only their own
//! seats' actions; the host checks each one, plays it on its physics and sends every machine the
//! action with its outcome (where every piece ended) and the digest of the position after it.
//! A guest animates the stroke on its own board and then takes the host's outcome, so machines
//! whose floating point differs never drift apart; if a digest still differs, the guest takes
//! the host's position and says so. The guest's link ([`GuestLink`]) keeps the host's match as
//! a log, not as a match: the game's board is the one match it follows, and a headless guest
//! ([`Guest`]) keeps its own.
//!
//! The referee's logic is carrom-remote's (the checked action, the replay, the follower, the
//! seating, the rate bucket), as the carrom server's is: this crate is its transport over QUIC
//! (the join code and its proof, the rejoin tickets, the bounds on strangers, the pacing, the
//! frames) and the host and guest that use it.
//!
//! Bevy-free: `carrom host --headless` and `carrom join --headless` run on it, and so does the
//! game's networked mode. In the browser (wasm32) only the messages compile: the QUIC
//! transport and the join code's proof are the desktop's, and the browser plays on a carrom
//! server over the page's WebSocket.

pub mod bounds;
#[cfg(not(target_arch = "wasm32"))]
pub mod code;
pub mod error;
#[cfg(not(target_arch = "wasm32"))]
pub mod guest;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
#[cfg(not(target_arch = "wasm32"))]
pub mod host;
#[cfg(not(target_arch = "wasm32"))]
pub mod hosting;
#[cfg(not(target_arch = "wasm32"))]
pub mod plan;
pub mod protocol;
pub mod refusal;
#[cfg(not(target_arch = "wasm32"))]
pub mod slots;
#[cfg(not(target_arch = "wasm32"))]
pub mod wire;
mod words;

pub use carrom_remote::{SeatingError, new_code, seat_computers, seat_holders};
#[cfg(not(target_arch = "wasm32"))]
pub use error::{AddressError, HostError, JoinError, LinkClosed, StartError, WireError};
pub use error::{
    AtGuestError, BadMessage, FollowError, JoinCodeError, KeyExchangeError, Malformed, Refusal,
    Rejection, SeatRefusal,
};
#[cfg(not(target_arch = "wasm32"))]
pub use guest::{GuestEvent, GuestLink, Joining};
#[cfg(not(target_arch = "wasm32"))]
pub use headless::Guest;
#[cfg(not(target_arch = "wasm32"))]
pub use host::{ComputerPlay, Host, HostConfig, HostEvent, LOCAL, LocalLink, join_code};
#[cfg(not(target_arch = "wasm32"))]
pub use hosting::{HostThread, save_file_name};
#[cfg(not(target_arch = "wasm32"))]
pub use plan::{
    GuestRunError, HostPlan, PlanError, Said, WindowError, ended, host_code, host_for_window,
    summary,
};
pub use protocol::{Applied, Holder, PROTOCOL, Role, SeatState, ToGuest, ToHost};
#[cfg(not(target_arch = "wasm32"))]
pub use wire::{DEFAULT_PORT, resolve, resolve_all};
pub use words::shown;
