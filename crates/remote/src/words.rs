//! A peer's words made safe to show ([`shown`]), and a code to give to others ([`new_code`]:
//! a host's join code, a server's room code).

/// A peer's words as this machine shows them: every control character (ESC, BEL, a line
/// break...) and every character that turns the direction of text written as its escape
/// (`\u{1b}`), so nothing another machine sends can move a terminal's cursor, change its
/// colours or hide what follows.
pub fn shown(text: &str) -> String {
    let hides = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hides) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if hides(c) {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A code to give: six letters and digits that cannot be confused (no 0/O, 1/I/L).
pub fn new_code(rng: &mut impl rand::Rng) -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    (0..6)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peers_control_characters_are_shown_escaped_and_the_rest_as_it_is() {
        assert_eq!(
            shown("Ravi Kumar, né à Pondichéry"),
            "Ravi Kumar, né à Pondichéry"
        );
        assert_eq!(shown("\u{1b}[2J\u{7}bye"), "\\u{1b}[2J\\u{7}bye");
        assert_eq!(shown("a\nb\r\t"), "a\\u{a}b\\u{d}\\u{9}");
        assert_eq!(shown("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(shown("\u{9b}31m"), "\\u{9b}31m", "the one-byte CSI");
    }

    #[test]
    fn a_code_made_up_is_six_symbols_that_cannot_be_confused() {
        let code = new_code(&mut rand::rng());
        assert_eq!(code.len(), 6);
        assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
    }
}
