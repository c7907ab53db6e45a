//! What can go wrong for a client, in the words a player reads.

/// Why a client could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot reach the server at {url}: {why}")]
    Connect { url: String, why: String },
    #[error("the server refused: {0}")]
    Refused(String),
    #[error("the server speaks protocol {0}, this client {ONLINE}", ONLINE = crate::protocol::ONLINE_PROTOCOL)]
    Version(u32),
    #[error("the connection to the server closed")]
    Closed,
    #[error("a message from the server could not be read: {0}")]
    Malformed(String),
    #[error("the server's match could not be followed: {0}")]
    Follow(String),
    /// The file of certificates to trust cannot be used.
    #[error("the certificates to trust, {file}: {why}")]
    Ca { file: String, why: String },
    /// The token the server gave the name could not be kept.
    #[error(transparent)]
    Token(#[from] crate::tokens::TokenError),
}

impl ClientError {
    /// Whether connecting again cannot help: the server refused, or speaks another protocol, or
    /// the certificates to trust cannot be read.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            ClientError::Refused(_) | ClientError::Version(_) | ClientError::Ca { .. }
        )
    }
}
