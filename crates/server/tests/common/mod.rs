//! What the server's tests share: a runtime of their own, a server's settings on the
//! loopback interface, and a headless player's plan.

use carrom_match::{Level, MatchLength};
use carrom_online::{Mode, Plan, Request};
use carrom_server::{ServerConfig, sqlite_in};
use std::path::Path;
use std::time::Duration;

/// A runtime of two threads, as the server runs on this machine's two cores.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A server on 127.0.0.1 at a free port, its SQLite database in `dir`, the usual bounds.
pub fn loopback(dir: &Path) -> ServerConfig {
    ServerConfig::new("127.0.0.1:0".parse().unwrap(), &sqlite_in(dir))
}

/// A headless player `name` on `url` asking for a quick one-board match of `mode`, his seats
/// played by a beginner computer at once, reconnecting for 10 s.
#[allow(dead_code)] // Not every test binary plays a match.
pub fn beginner(url: &str, name: &str, mode: Mode) -> Plan {
    Plan {
        server: url.into(),
        name: name.into(),
        token: None,
        request: Request::Quick {
            length: Some(MatchLength::Board),
            mode,
        },
        computer: Some(Level::Beginner),
        retry: Duration::from_secs(10),
        pace: Duration::ZERO,
        ca: None,
    }
}
