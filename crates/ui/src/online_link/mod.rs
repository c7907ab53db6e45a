//! The game's link to a carrom server, off the frame thread: the game sends [`ToServer`]
//! messages and reads what was [`Heard`] through channels, and is woken when something comes.
//! Natively (`native.rs`) a thread with a small tokio runtime owns `carrom_online::Connection`
//! (its hello with the name's token, and connecting again when the connection drops); in the
//! browser (`web.rs`) the page's WebSocket does the same behind the same [`Link`]. The names'
//! tokens are kept by carrom-online's `tokens` (the data directory; the browser's storage on
//! the web).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::Link;
#[cfg(target_arch = "wasm32")]
pub use web::Link;

use carrom_online::ToClient;

/// How long the link keeps trying to connect again after the connection dropped (the server
/// keeps a player's seat for 2 minutes).
pub const RECONNECT_FOR: std::time::Duration = std::time::Duration::from_secs(150);

/// What the link heard: the server's messages, and what became of the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// The server took the hello (again, after a drop): the name as it holds it, a token when
    /// the name was just claimed, the player's rating.
    Welcome {
        name: String,
        token: Option<String>,
        rating: f64,
    },
    /// A message from the server.
    Message(ToClient),
    /// The server refused the hello, in its words: the link is closed for good.
    Refused(String),
    /// The server cannot be reached (the first connection), or could not be again within
    /// [`RECONNECT_FOR`]: the link is closed. Why, in the words of the connection.
    Unreachable(String),
    /// The connection dropped: the link is connecting again.
    Lost(String),
}
