//! A newcomer's name: a server keeps each name for the player who first claimed it (with its
//! token), so a new player is given a name nobody is likely to have ("Guest 4821", from a
//! seed the caller draws), which he may change; and a refusal of a taken name is told apart
//! from the server's other refusals, for the client to say it in plain words.

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
}
