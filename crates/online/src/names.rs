//! A newcomer's name: a server keeps each name for the player who first claimed it (with its
//! token), so a new player is given a name nobody is likely to have ("Guest 4821", from a
//! seed the caller draws), which he may change; and a refusal of a taken name is told apart
//! from the server's other refusals, for the client to say it in plain words. A name and its
//! token travel to another device as the name's code ("Asha/3f2c...").

/// A newcomer's name from `seed`: "Guest" and four digits (1000-9999), so that two newcomers
/// on one server share a name once in about nine thousand.
pub fn newcomer_name(seed: u64) -> String {
    // The seed's bits mixed (splitmix64's finaliser), so nearby seeds (two clocks' readings)
    // give far-apart names.
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    format!("Guest {}", 1000 + z % 9000)
}

/// Whether `name` is one [`newcomer_name`] gives.
pub fn is_newcomer_name(name: &str) -> bool {
    name.strip_prefix("Guest ")
        .is_some_and(|n| n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit()) && n >= "1000")
}

/// The name a server's refusal says is taken (another player's: the hello had no token for it,
/// or not its token), if that is what it says. The server's words are `the name NAME is taken`
/// and why; the server's tests hold it to them.
pub fn taken_name(reason: &str) -> Option<&str> {
    let rest = reason.split_once("the name ")?.1;
    let (name, _) = rest.split_once(" is taken")?;
    (!name.is_empty()).then_some(name)
}

/// The characters of a name's token (the server's: 32 random bytes in hex).
pub const TOKEN_LENGTH: usize = 64;

/// A name's code, to play under the name on another device: the name, a slash, its token.
pub fn name_code(name: &str, token: &str) -> String {
    format!("{name}/{token}")
}

/// Why a name's code is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameCodeError {
    #[error("a name's code is the name, a slash and its key (as Asha/3f2c...): this has no slash")]
    NoSlash,
    #[error("a name's code starts with the name: this has none before its slash")]
    NoName,
    #[error(
        "a name's key is 64 of 0-9 and a-f after the code's last slash: this has {0} characters there, or others"
    )]
    Key(usize),
}

/// The name and the token of a name's code (trimmed; the token in small letters).
pub fn read_name_code(code: &str) -> Result<(String, String), NameCodeError> {
    let (name, token) = code.trim().rsplit_once('/').ok_or(NameCodeError::NoSlash)?;
    let (name, token) = (name.trim(), token.trim());
    if name.is_empty() {
        return Err(NameCodeError::NoName);
    }
    let hex = token.bytes().all(|b| b.is_ascii_hexdigit());
    if token.len() != TOKEN_LENGTH || !hex {
        return Err(NameCodeError::Key(token.chars().count()));
    }
    Ok((name.to_string(), token.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newcomer_is_a_guest_with_four_digits_and_nearby_seeds_are_far_apart() {
        let names: std::collections::BTreeSet<String> = (0..1000).map(newcomer_name).collect();
        assert!(names.len() > 900, "{}", names.len());
        for name in &names {
            assert!(is_newcomer_name(name), "{name}");
            assert!(carrom_match::Player::checked_name(name).is_ok(), "{name}");
        }
        assert!(!is_newcomer_name("Guest 12"));
        assert!(!is_newcomer_name("Asha"));
    }

    #[test]
    fn a_refusal_of_a_taken_name_names_it_and_no_other_refusal_does() {
        assert_eq!(
            taken_name("the name Player 1 is taken: playing under it needs its token"),
            Some("Player 1")
        );
        assert_eq!(
            taken_name("the name Ravi is taken, and that is not its token"),
            Some("Ravi")
        );
        assert_eq!(taken_name("say hello first"), None);
    }

    #[test]
    fn a_names_code_carries_the_name_and_its_key_to_another_device() {
        let token = "3F2C".repeat(16);
        let code = name_code("Asha / Ravi's", &token);
        assert_eq!(
            read_name_code(&format!("  {code} ")),
            Ok(("Asha / Ravi's".into(), token.to_ascii_lowercase()))
        );
        assert_eq!(read_name_code("Asha"), Err(NameCodeError::NoSlash));
        assert_eq!(
            read_name_code(&format!("/{token}")),
            Err(NameCodeError::NoName)
        );
        assert_eq!(read_name_code("Asha/3f2c"), Err(NameCodeError::Key(4)));
        let not_hex = "g".repeat(TOKEN_LENGTH);
        assert_eq!(
            read_name_code(&format!("Asha/{not_hex}")),
            Err(NameCodeError::Key(64))
        );
    }
}
