//! What the server's tests share: a runtime of their own, and a server's settings on the
//! loopback interface.

use carrom_server::{ServerConfig, sqlite_in};
use std::path::Path;

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
