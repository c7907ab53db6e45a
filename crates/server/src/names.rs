//! Names claimed by first use: the server gives the first user of a name a secret token, keeps
//! only its SHA-256, and refuses the name to anyone without it. No passwords, no e-mail.

use ring::rand::SecureRandom;

/// A new token: 32 random bytes, in hex.
pub(crate) fn new_token() -> String {
    let mut bytes = [0u8; 32];
    ring::rand::SystemRandom::new()
        .fill(&mut bytes)
        .expect("the system's random numbers");
    hex(&bytes)
}

/// What the database keeps of a token: its SHA-256, in hex.
pub(crate) fn token_hash(token: &str) -> String {
    hex(ring::digest::digest(&ring::digest::SHA256, token.as_bytes()).as_ref())
}

/// Whether `token` is the one whose hash is `hash` (compared in constant time).
pub(crate) fn holds(token: &str, hash: &str) -> bool {
    let ours = token_hash(token);
    ours.len() == hash.len()
        && ours
            .bytes()
            .zip(hash.bytes())
            .fold(0u8, |d, (a, b)| d | (a ^ b))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_holds_for_its_own_hash_only_and_differs_each_time() {
        let token = new_token();
        assert_eq!(token.len(), 64);
        let hash = token_hash(&token);
        assert_ne!(hash, token, "the hash is not the token");
        assert!(holds(&token, &hash));
        assert!(!holds(&new_token(), &hash));
        assert_ne!(new_token(), token);
    }
}
