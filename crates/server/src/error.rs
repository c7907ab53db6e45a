//! What can go wrong at the server, in the words its operator reads.

/// The database cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {url}: {why}")]
    Open { url: String, why: String },
    #[error("the database's migrations failed: {0}")]
    Migrate(String),
    #[error("the database: {0}")]
    Query(#[from] sqlx::Error),
    #[error("a record in the database cannot be read: {0}")]
    Record(String),
    #[error("the database's writer has stopped")]
    Stopped,
}

/// The server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the match {id} in the database cannot be played again: {why}")]
    Resume { id: u64, why: String },
    #[error("--web {dir}: not a folder")]
    Web { dir: String },
    /// A TLS certificate or key file that cannot be used: the file, and why.
    #[error("TLS: {file}: {why}")]
    Tls { file: String, why: String },
}
