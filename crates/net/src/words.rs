//! A host's events in words, as `carrom host` prints them, and a peer's words made safe to
//! show ([`shown`]).

#[cfg(not(target_arch = "wasm32"))]
use crate::host::HostEvent;
#[cfg(not(target_arch = "wasm32"))]
use crate::protocol::Role;
#[cfg(not(target_arch = "wasm32"))]
use carrom_referee::Seat;

#[cfg(not(target_arch = "wasm32"))]
impl HostEvent {
    /// The event in words for the host's log ("Ravi joined (north)"); `None` for the
    /// actions and the end, which the calls and the summary say.
    pub fn words(&self) -> Option<String> {
        let seats = |s: &[Seat]| s.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ");
        // A guest's name is checked, but a refusal may quote what a peer sent.
        Some(shown(&match self {
            HostEvent::Joined {
                name,
                seats: s,
                role,
            } => match role {
                Role::Player => format!("{name} joined ({})", seats(s)),
                Role::Spectator => format!("{name} is watching"),
            },
            HostEvent::Refused { from, reason } => format!("Refused {from}: {reason}"),
            HostEvent::Rejected { name, reason } => {
                format!("Refused a message from {name}: {reason}")
            }
            HostEvent::Left { name, seats: s } => {
                format!("{name} is disconnected ({}): the match waits", seats(s))
            }
            HostEvent::Started => "Every seat is filled: the match starts".into(),
            HostEvent::HandedOver { seat } => {
                format!("The {} seat is handed to the computer", seat.name())
            }
            HostEvent::Applied { .. } | HostEvent::Over => return None,
        }))
    }
}

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

    /// A guest's message the host cannot read is quoted in its log (serde names the unknown
    /// field), escaped.
    #[test]
    fn the_hosts_log_shows_a_guests_words_escaped() {
        let event = HostEvent::Refused {
            from: "127.0.0.1:40000".into(),
            reason: crate::Refusal::Unreadable {
                reason: "malformed message: unknown field `\u{1b}[2J`".into(),
                host: crate::PROTOCOL,
            },
        };
        let line = event.words().unwrap();
        assert!(!line.contains('\u{1b}'), "{line:?}");
        assert!(line.contains("unknown field `\\u{1b}[2J`"), "{line}");
    }
}
