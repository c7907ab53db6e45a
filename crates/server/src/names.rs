//! Names claimed by first use: the server gives the first user of a name a secret token, keeps
//! only its SHA-256, and refuses the name to anyone without it. No passwords, no e-mail.

use ring::rand::SecureRandom;
use unicode_normalization::UnicodeNormalization;

/// The key two names that look alike share: the name after Unicode's compatibility
/// normalisation (NFKC: fullwidth letters are letters, ligatures their letters), in lower case
/// (Unicode's full case mapping), normalised again. `CheckA`, `checka` and `ＣｈｅｃｋＡ` have
/// one key, so one of them is a player and the others are his name taken. (Invisible and
/// direction characters never reach here: [`carrom_match::Player::checked_name`] refuses them.)
pub(crate) fn key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    folded.nfkc().collect()
}

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
    fn names_that_look_alike_have_one_key() {
        let k = key("CheckA");
        for alike in ["checka", "CHECKA", "ＣｈｅｃｋＡ", "Check\u{FF21}"] {
            assert_eq!(key(alike), k, "{alike}");
        }
        assert_ne!(key("CheckB"), k);
        assert_eq!(key("ﬁsh"), key("FISH"), "a ligature is its letters");
    }

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
