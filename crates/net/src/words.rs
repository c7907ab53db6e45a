//! A host's events in words, as `carrom host` prints them (a peer's words made safe to show
//! with carrom-remote's [`shown`]).

#[cfg(not(target_arch = "wasm32"))]
use crate::host::HostEvent;
#[cfg(not(target_arch = "wasm32"))]
use crate::protocol::Role;
#[cfg(not(target_arch = "wasm32"))]
use carrom_referee::Seat;
pub use carrom_remote::shown;

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

#[cfg(test)]
mod tests {
    use super::*;

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
