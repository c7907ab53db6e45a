//! How a server runs: where it listens, its database, and its bounds and waits (settings, so
//! that tests can shorten the waits and a load test can let many clients in from one address).

use carrom_physics::Spec;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The address `carrom server` listens on when none is given.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8787";

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    /// The database, in any form [`crate::Database`] reads (a SQLite file's path,
    /// `sqlite:PATH`, `sqlite://PATH`, `postgres://...`).
    pub db: String,
    /// A folder of static files served at `/` (the browser build).
    pub web: Option<PathBuf>,
    /// The server's own TLS (https and wss); plain HTTP when `None`.
    pub tls: Option<crate::tls::TlsFiles>,
    pub spec: Spec,
    /// A quick match waiting this long without an opponent is offered a computer.
    pub computer_after: Duration,
    /// A player gone from a match this long forfeits it.
    pub forfeit_after: Duration,
    /// Every match's seed (tests); a new random seed for each match when `None`.
    pub seed: Option<u64>,
    /// Connections at once, in all and from one address.
    pub max_connections: usize,
    pub max_per_address: usize,
    /// New names one address may claim in an hour.
    pub new_names_per_hour: u32,
    /// The shot clock of rated matches, in seconds: the Laws' 15 for a stroke, the break and
    /// placing a due (Laws 46, 50, 88).
    pub shot_clock_secs: u8,
    /// How long after the shot clock runs out a player's action is still taken (its way to the
    /// server); then the server applies the time-out.
    pub clock_grace: Duration,
    /// How long a board shows another's aim before his stroke moves (the game shows it 0.8
    /// s): after a stroke is sent, the next action's clock starts this long after the time
    /// the stroke takes to come to rest, when its player can act.
    pub aim_shown: Duration,
    /// Glicko-2's rating period: a player's deviation grows by one period's for each of these
    /// gone by since his last rated match.
    pub rating_period: Duration,
    /// Behind a reverse proxy: a client's address is the last one of the proxy's
    /// `X-Forwarded-For` (every bound by address counts it), not the proxy's own.
    pub trust_proxy: bool,
}

impl ServerConfig {
    /// A server on `listen` with the database `db` and the usual bounds: 30 s before a
    /// computer is offered, 2 minutes to come back, 1024 connections (16 from one address),
    /// 10 new names an hour from one address, a shot clock of 15 s with 1 s of grace (started
    /// when a stroke sent has been shown: its time to rest and 1 s of its aim), a
    /// rating period of a week.
    pub fn new(listen: SocketAddr, db: &str) -> ServerConfig {
        ServerConfig {
            listen,
            db: db.to_string(),
            web: None,
            tls: None,
            spec: Spec::default(),
            computer_after: Duration::from_secs(30),
            forfeit_after: Duration::from_secs(120),
            seed: None,
            max_connections: 1024,
            max_per_address: 16,
            new_names_per_hour: 10,
            shot_clock_secs: 15,
            clock_grace: Duration::from_secs(1),
            aim_shown: Duration::from_secs(1),
            rating_period: Duration::from_secs(7 * 24 * 3600),
            trust_proxy: false,
        }
    }
}

/// The SQLite database in the data directory `dir` (made if missing).
pub fn sqlite_in(dir: &std::path::Path) -> String {
    format!("sqlite://{}?mode=rwc", dir.join("server.db").display())
}
