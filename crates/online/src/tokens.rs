//! The names' tokens: the server gives a name's token once, when the name is claimed; `carrom
//! online` and the game keep it (one per server and name) in the data directory's
//! `online/tokens.json` (so a name claimed headless plays in the window too, and the file
//! copied takes the names to another machine; in the browser, carrom-store keeps the file in
//! the page's storage), and send it with every later hello under that name to that server.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The tokens kept, by server and name ([`key`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tokens(BTreeMap<String, String>);

/// Why a token could not be kept (the words the page shows are made where it is shown).
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error(transparent)]
    Write(#[from] carrom_store::WriteError),
    #[error("no data directory to keep the name's token in")]
    NoPlace,
}

/// Where the tokens are kept: `online/tokens.json` in the data directory.
pub fn tokens_path() -> Option<PathBuf> {
    carrom_store::data_dir().map(|d| d.join("online").join("tokens.json"))
}

/// A token's key: the server's WebSocket address (however it was typed) and the name, as
/// `carrom online` files them.
fn key(server: &str, name: &str) -> String {
    format!("{}|{name}", crate::ws_url(server))
}

impl Tokens {
    /// The tokens kept at `path` (none when the file is missing or cannot be read: a name
    /// without its token is refused by the server, which says so).
    pub fn read(path: &Path) -> Tokens {
        let kept = carrom_store::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok());
        Tokens(kept.unwrap_or_default())
    }

    /// The token of `name` at `server`, if one is kept.
    pub fn token(&self, server: &str, name: &str) -> Option<String> {
        self.0.get(&key(server, name)).cloned()
    }

    /// Keeps `token` for `name` at `server` (replacing an older one).
    pub fn keep(&mut self, server: &str, name: &str, token: &str) {
        self.0.insert(key(server, name), token.to_string());
    }

    /// Writes the tokens to `path` (atomically).
    pub fn write(&self, path: &Path) -> Result<(), TokenError> {
        if let Some(dir) = path.parent() {
            let _ = carrom_store::create_dir_all(dir);
        }
        let text = serde_json::to_string_pretty(&self.0).expect("tokens are JSON");
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
        let path = dir.path().join("online").join("tokens.json");
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
            again.token("http://example.org:8787/", "Asha").as_deref(),
            Some("t2")
        );
        assert_eq!(again.token("127.0.0.1:8787", "Ravi").as_deref(), Some("t3"));
        assert_eq!(again.token("127.0.0.1:8787", "Kim"), None);
        let mut newer = again.clone();
        newer.keep("127.0.0.1:8787", "Asha", "t4");
        assert_eq!(newer.token("127.0.0.1:8787", "Asha").as_deref(), Some("t4"));
        assert_eq!(newer.0.len(), 3, "a newer token replaces the older");
        // The file is `carrom online`'s: its keys are the server's WebSocket address and the name.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("\"ws://127.0.0.1:8787/ws|Asha\": \"t1\""),
            "{text}"
        );
    }

    #[test]
    fn an_unreadable_file_keeps_no_token() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tokens.json");
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(Tokens::read(&path), Tokens::default());
    }
}
