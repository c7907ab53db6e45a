//! The names' tokens: the server gives a name's token once, when the name is claimed; the game
//! keeps it (one per server and name) in `online-names.json` in the data directory, and sends it
//! with every later hello under that name to that server.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One name's token at one server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Kept {
    server: String,
    name: String,
    token: String,
}

/// The tokens kept.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tokens {
    names: Vec<Kept>,
}

/// Why a token could not be kept (the words the page shows are made where it is shown).
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error(transparent)]
    Write(#[from] carrom_store::WriteError),
    #[error("no data directory to keep the name's token in")]
    NoPlace,
}

/// Where the tokens are kept: `online-names.json` in the data directory.
pub fn tokens_path() -> Option<PathBuf> {
    carrom_store::data_dir().map(|d| d.join("online-names.json"))
}

/// The server as the tokens are filed under it: its address without a scheme or a trailing
/// slash, in lower case (`ws://Host:8787/` and `host:8787` are one server).
fn server_key(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let s = s.split_once("://").map_or(s, |(_, rest)| rest);
    s.trim_end_matches("/ws").to_lowercase()
}

impl Tokens {
    /// The tokens kept at `path` (none when the file is missing or cannot be read: a name
    /// without its token is refused by the server, which says so).
    pub fn read(path: &Path) -> Tokens {
        carrom_store::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// The token of `name` at `server`, if one is kept.
    pub fn token(&self, server: &str, name: &str) -> Option<String> {
        let server = server_key(server);
        self.names
            .iter()
            .find(|k| k.server == server && k.name == name)
            .map(|k| k.token.clone())
    }

    /// Keeps `token` for `name` at `server` (replacing an older one).
    pub fn keep(&mut self, server: &str, name: &str, token: &str) {
        let server = server_key(server);
        self.names
            .retain(|k| !(k.server == server && k.name == name));
        self.names.push(Kept {
            server,
            name: name.to_string(),
            token: token.to_string(),
        });
    }

    /// Writes the tokens to `path` (atomically).
    pub fn write(&self, path: &Path) -> Result<(), TokenError> {
        if let Some(dir) = path.parent() {
            let _ = carrom_store::create_dir_all(dir);
        }
        let text = serde_json::to_string_pretty(self).expect("tokens are JSON");
        carrom_store::write_atomically(path, text.as_bytes())?;
        Ok(())
    }
}

/// The token kept for `name` at `server` in the data directory.
pub fn kept_token(server: &str, name: &str) -> Option<String> {
    Tokens::read(&tokens_path()?).token(server, name)
}

/// Keeps `token` for `name` at `server` in the data directory.
pub fn keep_token(server: &str, name: &str, token: &str) -> Result<(), TokenError> {
    let path = tokens_path().ok_or(TokenError::NoPlace)?;
    let mut tokens = Tokens::read(&path);
    tokens.keep(server, name, token);
    tokens.write(&path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_for_its_server_and_name_and_read_back_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("online-names.json");
        assert_eq!(Tokens::read(&path).token("127.0.0.1:8787", "Asha"), None);
        let mut tokens = Tokens::read(&path);
        tokens.keep("127.0.0.1:8787", "Asha", "t1");
        tokens.keep("example.org:8787", "Asha", "t2");
        tokens.keep("127.0.0.1:8787", "Ravi", "t3");
        tokens.write(&path).unwrap();
        let again = Tokens::read(&path);
        assert_eq!(
            again.token("ws://127.0.0.1:8787/ws", "Asha").as_deref(),
            Some("t1")
        );
        assert_eq!(
            again.token("Example.org:8787/", "Asha").as_deref(),
            Some("t2")
        );
        assert_eq!(again.token("127.0.0.1:8787", "Ravi").as_deref(), Some("t3"));
        assert_eq!(again.token("127.0.0.1:8787", "Kim"), None);
        let mut newer = again.clone();
        newer.keep("127.0.0.1:8787", "Asha", "t4");
        assert_eq!(newer.token("127.0.0.1:8787", "Asha").as_deref(), Some("t4"));
        assert_eq!(newer.names.len(), 3, "a newer token replaces the older");
    }

    #[test]
    fn an_unreadable_file_keeps_no_token() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("online-names.json");
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(Tokens::read(&path), Tokens::default());
    }
}
