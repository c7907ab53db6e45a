//! Playing on a carrom server. The server is the referee of every match it hosts
//! (carrom-remote's referee on carrom-match's `Match`); a client connects outwards over a
//! WebSocket, says hello with its name and the name's token, asks for a match, and follows it
//! ([`follow`], carrom-remote's follower): every action comes back from the server with its
//! outcome and the digest after it, and is taken into the client's one match.
//!
//! Bevy-free and server-free (no web framework, no database): `carrom online --headless` runs
//! on it ([`client`], [`play`]: tokio and tungstenite, the desktop's), and so does the game; in
//! the browser only the messages compile, and the page's WebSocket carries them.

#[cfg(not(target_arch = "wasm32"))]
pub mod client;
pub mod error;
pub mod follow;
pub mod names;
#[cfg(not(target_arch = "wasm32"))]
pub mod play;
pub mod protocol;
pub mod tokens;
#[cfg(not(target_arch = "wasm32"))]
pub mod tournament;

#[cfg(not(target_arch = "wasm32"))]
pub use client::{Connection, Hello, Pause, Sleep, Welcome};
pub use error::ClientError;
pub use follow::{Heard, ServerMatch, over_words};
pub use names::{
    NameCodeError, is_newcomer_name, name_code, newcomer_name, read_name_code, taken_name,
};
#[cfg(not(target_arch = "wasm32"))]
pub use play::{Event, Plan, Played, Request, keep_welcomed, play, play_kept};
pub use protocol::{
    DoublesStanding, LiveMatch, Mode, ONLINE_PROTOCOL, Organize, Party, PastMatch, Standing,
    ToClient, ToServer, TournamentDraw, TournamentGame, TournamentPlan, TournamentState,
    TournamentSummary, TournamentView, ws_url,
};
pub use tokens::{TokenError, Tokens, keep_token, kept_token};
#[cfg(not(target_arch = "wasm32"))]
pub use tournament::{TournamentPlayed, organize, play_tournament};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_is_reached_at_its_websocket_path_whatever_way_it_is_written() {
        assert_eq!(ws_url("127.0.0.1:8787"), "ws://127.0.0.1:8787/ws");
        assert_eq!(ws_url("http://example.org:80/"), "ws://example.org:80/ws");
        assert_eq!(ws_url("https://example.org"), "wss://example.org/ws");
        assert_eq!(ws_url("ws://h:1/play"), "ws://h:1/play");
    }
}
